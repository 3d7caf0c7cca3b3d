//! The `move` and `evade` command lines: the unit, what the referee reports of its move,
//! and the players' die for a charge that needs one.

use super::SoundTheChargeRefusal;
use super::refusal::MovementRefusal;
use super::roll_command::joined_lists;
use crate::engine::refusal::EngineRefusal;
use crate::engine::words::parse_faces;
use crate::rules::sound_the_charge::movement::{MoveFacts, Terrain};
use crate::rules::sound_the_charge_1_25::screen::ScreenOrder;
use crate::rules::unit::Formation;
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveOrder {
    pub unit: String,
    /// The table facts of the move; what the state knows (command, blown, nation, the
    /// optional rules) is filled in when the move is checked.
    pub facts: MoveFacts,
    /// The unit charged, when the referee names it (`charge=<unit>`).
    pub target: Option<String>,
    /// The players' die for a charge roll (Spanish and Neapolitan cavalry).
    pub roll: Option<u8>,
    /// The friendly unit the mover ended intermixed with (`intermixed=<unit>`): both are
    /// disordered (*Interpenetration*).
    pub intermixed: Option<String>,
    /// *Sound the Charge 1:25*: the unit spends its move reforming from disorder.
    pub reform: bool,
    /// *Sound the Charge 1:25*: a skirmish screen sent out (`screen=<models>`) or called
    /// in (`unscreen`) on this move.
    pub screen: Option<ScreenOrder>,
}

pub const MOVE_FLAGS: &str = "charge, charge=<unit>, form=<formation>, face, oblique, wheel, \
     backwheel, road, rough, through, near, upstream, screen, masse, unmasse, terrain=<kind>, \
     intermixed=<unit>, roll=<die>, reform, screen=<models>, unscreen (1:25)";

pub fn parse_move(args: &[&str], usage: &str) -> Result<MoveOrder, SoundTheChargeRefusal> {
    let [unit, flags @ ..] = args else {
        return Err(SoundTheChargeRefusal::usage(usage));
    };
    let mut order = MoveOrder {
        unit: (*unit).to_owned(),
        facts: MoveFacts::default(),
        target: None,
        roll: None,
        intermixed: None,
        reform: false,
        screen: None,
    };
    for flag in &joined_lists(flags) {
        let lower = flag.to_ascii_lowercase();
        let facts = &mut order.facts;
        match lower.split_once('=') {
            None => match lower.as_str() {
                "charge" => facts.charge = true,
                "face" => facts.face = true,
                "oblique" | "sidestep" | "backstep" => facts.oblique = true,
                "wheel" => facts.wheel = true,
                "backwheel" => facts.backwheel = true,
                "road" => facts.road = true,
                "rough" | "slope" => facts.rough = true,
                "through" => facts.through = true,
                "near" => facts.near_enemy = true,
                "upstream" => facts.upstream = true,
                "screen" => facts.screening = true,
                "masse" => facts.masse = Some(true),
                "unmasse" => facts.masse = Some(false),
                "reform" => order.reform = true,
                "unscreen" => order.screen = Some(ScreenOrder::In),
                _ => return Err(unknown(flag)),
            },
            Some(("charge", target)) if !target.is_empty() => {
                facts.charge = true;
                // The id as typed: ids are matched ignoring case when the move is checked.
                order.target = Some(flag[flag.len() - target.len()..].to_owned());
            }
            Some(("intermixed", with)) if !with.is_empty() => {
                order.intermixed = Some(flag[flag.len() - with.len()..].to_owned());
            }
            Some(("terrain", word)) => {
                if let Some(before) = facts.terrain {
                    return Err(MovementRefusal::TwoTerrains {
                        before: before.word(),
                    }
                    .into());
                }
                facts.terrain = Some(Terrain::from_word(word).ok_or_else(|| {
                    SoundTheChargeRefusal::from(MovementRefusal::UnknownTerrain {
                        word: word.to_owned(),
                    })
                })?);
            }
            Some(("form", word)) => {
                facts.new_formation = Some(Formation::from_word(word).ok_or_else(|| {
                    SoundTheChargeRefusal::from(EngineRefusal::NotAFormation {
                        word: word.to_owned(),
                    })
                })?);
            }
            Some(("screen", models)) => {
                let models = models.parse().map_err(|_| {
                    SoundTheChargeRefusal::from(MovementRefusal::ScreenModels {
                        word: models.to_owned(),
                    })
                })?;
                order.screen = Some(ScreenOrder::Out(models));
            }
            Some(("roll" | "dice", typed)) => match parse_faces(typed)?.as_slice() {
                [face] => order.roll = Some(*face),
                more => {
                    return Err(MovementRefusal::ChargeRollDice { typed: more.len() }.into());
                }
            },
            _ => return Err(unknown(flag)),
        }
    }
    Ok(order)
}

fn unknown(flag: &str) -> SoundTheChargeRefusal {
    MovementRefusal::UnknownMoveWord {
        word: flag.to_owned(),
    }
    .into()
}

impl fmt::Display for MoveOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let facts = &self.facts;
        write!(f, "move {}", self.unit)?;
        match &self.target {
            Some(target) => write!(f, " charge={target}")?,
            None if facts.charge => f.write_str(" charge")?,
            None => {}
        }
        if let Some(formation) = facts.new_formation {
            write!(f, " form={}", formation.word())?;
        }
        for (on, word) in [
            (facts.face, "face"),
            (facts.oblique, "oblique"),
            (facts.wheel, "wheel"),
            (facts.backwheel, "backwheel"),
            (facts.road, "road"),
            (facts.rough, "rough"),
            (facts.through, "through"),
            (facts.near_enemy, "near"),
            (facts.upstream, "upstream"),
            (facts.screening, "screen"),
            (facts.masse == Some(true), "masse"),
            (facts.masse == Some(false), "unmasse"),
            (self.reform, "reform"),
        ] {
            if on {
                write!(f, " {word}")?;
            }
        }
        match self.screen {
            Some(ScreenOrder::Out(models)) => write!(f, " screen={models}")?,
            Some(ScreenOrder::In) => f.write_str(" unscreen")?,
            None => {}
        }
        if let Some(terrain) = facts.terrain {
            write!(f, " terrain={}", terrain.word())?;
        }
        if let Some(with) = &self.intermixed {
            write!(f, " intermixed={with}")?;
        }
        if let Some(face) = self.roll {
            write!(f, " roll={face}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_line_reads_back_as_typed_in_canonical_order() {
        let order = parse_move(
            &[
                "fr-61",
                "near",
                "form=Column",
                "charge=br-28",
                "rough",
                "roll=4",
            ],
            "",
        )
        .unwrap();
        assert_eq!(order.facts.new_formation, Some(Formation::Column));
        assert!(order.facts.charge && order.facts.rough && order.facts.near_enemy);
        assert_eq!(order.target.as_deref(), Some("br-28"));
        assert_eq!(
            order.to_string(),
            "move fr-61 charge=br-28 form=column rough near roll=4"
        );
    }

    #[test]
    fn unknown_words_and_formations_are_refused_with_the_known_ones() {
        let why = parse_move(&["fr-61", "sprint"], "")
            .unwrap_err()
            .to_string();
        assert!(why.contains("sprint") && why.contains("oblique"), "{why}");
        let why = parse_move(&["fr-61", "form=wedge"], "")
            .unwrap_err()
            .to_string();
        assert!(why.contains("wedge") && why.contains("square"), "{why}");
        let why = parse_move(&["fr-61", "charge", "roll=3,4"], "")
            .unwrap_err()
            .to_string();
        assert!(why.contains("one die"), "{why}");
        assert!(parse_move(&[], "move <unit>").is_err());
    }

    #[test]
    fn terrain_backwheel_and_intermixed_read_back_in_canonical_order() {
        let order = parse_move(
            &[
                "fr-61",
                "Intermixed=Fr-62",
                "terrain=Light-Woods",
                "backwheel",
                "rough",
            ],
            "",
        )
        .unwrap();
        assert_eq!(order.facts.terrain, Some(Terrain::LightWoods));
        assert!(order.facts.backwheel && order.facts.rough);
        assert_eq!(order.intermixed.as_deref(), Some("Fr-62"));
        let line = order.to_string();
        assert_eq!(
            line,
            "move fr-61 backwheel rough terrain=light-woods intermixed=Fr-62"
        );
        let words: Vec<&str> = line.split_whitespace().skip(1).collect();
        assert_eq!(parse_move(&words, "").unwrap(), order);
        for terrain in Terrain::ALL {
            let typed = format!("terrain={}", terrain.word());
            let order = parse_move(&["fr-61", &typed], "").unwrap();
            assert_eq!(order.facts.terrain, Some(terrain));
            assert_eq!(order.to_string(), format!("move fr-61 {typed}"));
        }
    }

    #[test]
    fn unknown_or_second_terrain_and_an_empty_intermixed_are_refused() {
        let why = parse_move(&["fr-61", "terrain=swamp"], "")
            .unwrap_err()
            .to_string();
        assert!(
            why.contains("swamp") && why.contains("light-woods") && why.contains("fieldworks"),
            "{why}"
        );
        let why = parse_move(&["fr-61", "terrain=obstacle", "terrain=town-in"], "")
            .unwrap_err()
            .to_string();
        assert!(why.contains("one terrain="), "{why}");
        let why = parse_move(&["fr-61", "intermixed="], "")
            .unwrap_err()
            .to_string();
        assert!(why.contains("intermixed=<unit>"), "{why}");
    }
}
