//! The game's charts as rows of text for a lookup screen, built from the same data the
//! resolutions read, so a number changes in one place.

use super::command::{
    Echelon, LeaderRating, MOMENTUM, Order, SURPRISE, StaffRating, TacticalRating,
};
use super::events::RandomEvent;
use super::fire::{Band, FIRE_TABLE, FireKind, FireModifier, Marksman, gun_points};
use super::movement::{Area, MoveClass, Obstacle, area_effect};
use super::unit::{Calibre, Formation, Morale, Nation, Unit};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chart {
    pub title: &'static str,
    /// Heading and page in the rulebook.
    pub section: &'static str,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

fn strings<const N: usize>(cells: [&str; N]) -> Vec<String> {
    cells.iter().map(|&c| c.to_owned()).collect()
}

fn signed(v: i32) -> String {
    format!("{v:+}")
}

fn rate_cell(class: MoveClass, formation: Formation) -> String {
    class
        .rate(formation)
        .map_or("--".to_owned(), |r| r.to_string())
}

/// Every chart, in rulebook order.
pub fn charts() -> Vec<Chart> {
    let mut all = command_charts();
    all.extend(movement_charts());
    all.extend(fire_charts());
    all
}

fn command_charts() -> Vec<Chart> {
    vec![
        Chart {
            title: "Initiative die roll modifiers",
            section: "Initiative Phase, p10",
            header: strings(["leader", "", "staff", "", "situation", ""]),
            rows: (0..5)
                .map(|i| {
                    let leader = LeaderRating::ALL[i];
                    let staff = StaffRating::ALL[i];
                    let (situation, value) = match i {
                        0 => ("surprise".to_owned(), signed(SURPRISE)),
                        1 => ("momentum".to_owned(), signed(MOMENTUM)),
                        _ => (String::new(), String::new()),
                    };
                    vec![
                        leader.word().to_owned(),
                        signed(leader.modifier()),
                        staff.word().to_owned(),
                        signed(staff.initiative_modifier()),
                        situation,
                        value,
                    ]
                })
                .collect(),
        },
        Chart {
            title: "Random events (d10: an event on 1-2, then this table)",
            section: "Random Event Phase, p10",
            header: strings(["d10", "event", "effect"]),
            rows: RandomEvent::TABLE
                .iter()
                .map(|e| vec![e.face().to_string(), e.name().to_owned(), e.effect()])
                .collect(),
        },
        Chart {
            title: "Order activation (d20 + leader ratings must beat the staff number)",
            section: "Order Activation, p13",
            header: strings(["staff", "number", "leader", "modifier"]),
            rows: (0..5)
                .map(|i| {
                    let staff = StaffRating::ALL[i];
                    let leader = LeaderRating::ALL[i];
                    vec![
                        staff.word().to_owned(),
                        staff.activation_number().to_string(),
                        leader.word().to_owned(),
                        signed(leader.modifier()),
                    ]
                })
                .chain(std::iter::once(vec![
                    String::new(),
                    String::new(),
                    "each leader attached".to_owned(),
                    signed(super::command::LEADER_ATTACHED),
                ]))
                .collect(),
        },
        Chart {
            title: "Command points",
            section: "Command Points, p13",
            header: strings(["rating", "army/corps", "division/cavalry brigade"]),
            rows: LeaderRating::ALL
                .iter()
                .map(|&r| {
                    let sub = TacticalRating::ALL
                        .iter()
                        .find(|t| t.as_leader() == r)
                        .map_or("--".to_owned(), |t| t.command_points().to_string());
                    vec![r.word().to_owned(), r.command_points().to_string(), sub]
                })
                .collect(),
        },
        Chart {
            title: "Command range (+5\" when elevated)",
            section: "Commanders: Command Range, p11",
            header: strings(["commander", "inches"]),
            rows: Echelon::ALL
                .iter()
                .map(|e| vec![e.word().to_owned(), e.command_range().to_string()])
                .collect(),
        },
        Chart {
            title: "Orders",
            section: "Orders, p12",
            header: strings(["order", "duty"]),
            rows: Order::ALL
                .iter()
                .map(|o| vec![o.word().to_owned(), o.summary().to_owned()])
                .collect(),
        },
    ]
}

fn movement_charts() -> Vec<Chart> {
    vec![
        Chart {
            title: "Movement table (inches)",
            section: "Movement: Rates, p16",
            header: strings([
                "troop type",
                "line",
                "company column",
                "attack column",
                "skirmish",
                "square",
                "limbered",
                "prolonge",
            ]),
            rows: MoveClass::ALL
                .iter()
                .map(|&c| {
                    std::iter::once(c.word().to_owned())
                        .chain(
                            [
                                Formation::Line,
                                Formation::CompanyColumn,
                                Formation::AttackColumn,
                                Formation::Skirmish,
                                Formation::Square,
                                Formation::Limbered,
                                Formation::Unlimbered,
                            ]
                            .iter()
                            .map(|&f| rate_cell(c, f)),
                        )
                        .collect()
                })
                .collect(),
        },
        Chart {
            title: "Terrain: crossing costs in inches",
            section: "Movement: Terrain Effects, p16",
            header: strings(["obstacle", "infantry", "cavalry", "artillery"]),
            rows: Obstacle::ALL
                .iter()
                .map(|o| {
                    std::iter::once(o.word().to_owned())
                        .chain(
                            o.cost()
                                .iter()
                                .map(|c| c.map_or("may not".to_owned(), |i| i.to_string())),
                        )
                        .collect()
                })
                .collect(),
        },
        Chart {
            title: "Terrain: areas, for formed infantry",
            section: "Movement: Terrain Effects, p16",
            header: strings(["area", "pace"]),
            rows: Area::ALL
                .iter()
                .map(|&a| {
                    let probe = Unit::infantry("probe", Nation::Other, Morale::Average, 1);
                    let pace = match area_effect(a, &probe) {
                        Ok(1) => "full".to_owned(),
                        Ok(n) => format!("1/{n}"),
                        Err(why) => why,
                    };
                    vec![a.word().to_owned(), pace]
                })
                .collect(),
        },
    ]
}

fn fire_charts() -> Vec<Chart> {
    vec![
        Chart {
            title: "Musketry fire points per figure",
            section: "Fire Combat: Musketry, p18",
            header: strings(["firer", "points", "with enfilade"]),
            rows: Marksman::ALL
                .iter()
                .map(|m| {
                    let (plain, enfilade) = m.points();
                    vec![m.word().to_owned(), plain.to_string(), enfilade.to_string()]
                })
                .collect(),
        },
        Chart {
            title: "Artillery fire points per gun (+1 per gun on the flank)",
            section: "Fire Combat: Artillery, p20",
            header: Band::ALL
                .iter()
                .map(|b| format!("{} (to {}\")", b.word(), b.reach()))
                .fold(vec!["gun".to_owned()], |mut h, b| {
                    h.push(b);
                    h
                }),
            rows: Calibre::ALL
                .iter()
                .map(|&c| {
                    std::iter::once(c.word().to_owned())
                        .chain(Band::ALL.iter().map(|&b| gun_points(c, b).to_string()))
                        .collect()
                })
                .collect(),
        },
        Chart {
            title: "Fire combat table (d10 + modifiers: hits)",
            section: "Fire Combat: Musketry, p19",
            header: strings(["fire points", "0", "1", "2", "3", "4"]),
            rows: FIRE_TABLE
                .iter()
                .map(|r| {
                    std::iter::once(r.label())
                        .chain((0..5).map(|h| r.cell(h)))
                        .collect()
                })
                .collect(),
        },
        Chart {
            title: "Fire die roll modifiers (musketry / artillery)",
            section: "Fire Combat: Musketry, p19-20",
            header: strings(["on", "modifier", "musketry", "artillery"]),
            rows: FireModifier::ALL
                .iter()
                .map(|m| {
                    let cell = |k| m.value(k).map_or("--".to_owned(), signed);
                    vec![
                        if m.on_target() { "target" } else { "firer" }.to_owned(),
                        m.word().to_owned(),
                        cell(FireKind::Musketry),
                        cell(FireKind::Artillery),
                    ]
                })
                .collect(),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_chart_row_fills_its_header() {
        for chart in charts() {
            assert!(!chart.rows.is_empty(), "{}", chart.title);
            for row in &chart.rows {
                assert_eq!(row.len(), chart.header.len(), "{}: {row:?}", chart.title);
            }
        }
    }

    #[test]
    fn the_movement_chart_reads_the_table() {
        let all = charts();
        let movement = all
            .iter()
            .find(|c| c.section.starts_with("Movement: Rates"))
            .expect("chart");
        assert_eq!(
            movement.rows[0],
            ["Infantry", "4", "8", "6", "12", "2", "--", "--"]
        );
        assert_eq!(
            movement.rows[4],
            [
                "Artillery 12 pdr or greater",
                "--",
                "--",
                "--",
                "--",
                "--",
                "4",
                "1"
            ]
        );
        let points = all
            .iter()
            .find(|c| c.title.starts_with("Command points"))
            .expect("chart");
        assert_eq!(points.rows[3], ["fair", "1", "--"]);
    }
}
