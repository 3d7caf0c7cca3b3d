// Why this file is long: every chart line held to the excerpt's text, written out as
// literals.

use super::CHARTS;
use crate::core::chart::probe;
use crate::rules::old_trousers::charge::charge_melee_bonus;
use crate::rules::old_trousers::command::{
    ActivationFacts, COMMAND_POINT_USES, Commander, ELEVATED_RANGE_BONUS, Echelon, LEADER_ATTACHED,
    LeaderRating, MOMENTUM, OUT_OF_COMMAND_MAY, Order, REPLACEMENT_PLACEMENT, SURPRISE,
    StaffRating, TacticalRating, activation_score, commander_casualty,
};
use crate::rules::old_trousers::excerpt::GAPS;
use crate::rules::old_trousers::fire::{
    BOUNCE_DEPTH, BOUNCE_WIDTH, Band, Cover, FIRE_TABLE, FLANK_FIRE_PER_GUN, FireFacts, FireKind,
    FireModifier, FirePoints, Marksman, SHAKEN_FIRER, Salvo, Volley, fire_points, fire_row,
    gun_points, resolve_fire,
};
use crate::rules::old_trousers::movement::{
    APPROACH_LIMIT, Area, MoveClass, OPERATIONAL_CLEARANCE, OPERATIONAL_FACTOR, Obstacle,
    ROUGH_FACTOR, area_effect, charge_dice, formation_change_share, rout_dice,
};
use crate::rules::old_trousers::random_events::{COMMAND_BONUS, COMMAND_CONFUSION};
use crate::rules::old_trousers::random_events::{
    EVENT_ON_OR_BELOW, RAIN_OR_SNOW, RandomEvent, TRAFFIC_JAM_DELAY, WRONG_TURN_DELAY,
};
use crate::rules::old_trousers::unit::{
    Arm, Calibre, Formation, Morale, Nation, Transport, Unit, Weight,
};

fn lines(id: &str) -> &'static [&'static str] {
    probe::lines(CHARTS, id)
}

fn says(id: &str, text: &str) -> bool {
    probe::says(CHARTS, id, text)
}

fn row(id: &str, label: &str) -> Vec<&'static str> {
    probe::row(CHARTS, id, label)
}

fn signed(n: i32) -> String {
    format!("{n:+}")
}

/// A fire modifier as the charts print it: no sign on nought, "-" where it does not
/// apply.
fn modifier_cell(value: Option<i32>) -> String {
    match value {
        None => "-".to_owned(),
        Some(0) => "0".to_owned(),
        Some(v) => signed(v),
    }
}

fn french_line() -> Unit {
    Unit::infantry("1/21e", Nation::French, Morale::Average, 12)
}

fn british_line() -> Unit {
    Unit::infantry("1/44th", Nation::British, Morale::Average, 12)
}

fn hussars() -> Unit {
    Unit::cavalry("7th", Nation::British, Morale::Good, Weight::Light, 6)
}

fn foot_battery() -> Unit {
    Unit::battery("Robe", Nation::British, Calibre::Six, Transport::Foot, 2, 4)
}

#[test]
fn initiative_rows_are_the_leader_and_staff_modifiers() {
    // *Initiative Die Roll Modifiers* (p10): both ratings run +2 to -2 in five steps.
    for (leader, staff) in LeaderRating::ALL.into_iter().zip(StaffRating::ALL) {
        assert_eq!(
            row("ot-initiative", leader.word()),
            [
                signed(leader.modifier()),
                staff.word().to_owned(),
                signed(staff.initiative_modifier())
            ],
            "{}",
            leader.word()
        );
    }
    assert_eq!(row("ot-initiative", "surprise").last(), Some(&"+2"));
    assert_eq!(SURPRISE.value(), 2);
    assert_eq!(row("ot-initiative", "momentum").last(), Some(&"+1"));
    assert_eq!(MOMENTUM.value(), 1);
}

#[test]
fn random_event_rows_are_the_rules_table() {
    // *Random Event Table* (p10): a d10 of 1-2 calls for the table.
    assert!(says(
        "ot-random-events",
        &format!("on 1-{}", EVENT_ON_OR_BELOW.value())
    ));
    for event in RandomEvent::TABLE {
        let label = format!("{:>2} {}", event.face(), event.name());
        assert!(
            lines("ot-random-events")
                .iter()
                .any(|l| l.starts_with(&label)),
            "{label}"
        );
        assert_eq!(RandomEvent::on(event.face()), event);
    }
    assert!(says(
        "ot-random-events",
        &format!("comes {} turns late", WRONG_TURN_DELAY.value())
    ));
    assert!(says(
        "ot-random-events",
        &format!("comes {} turn late", TRAFFIC_JAM_DELAY.value())
    ));
    assert!(says(
        "ot-random-events",
        &format!("{} command points", COMMAND_CONFUSION.value())
    ));
    assert!(says(
        "ot-random-events",
        &format!("{} command points", signed(COMMAND_BONUS.value()))
    ));
    assert!(says(
        "ot-random-events",
        &format!("{} on all fire", RAIN_OR_SNOW.value())
    ));
}

#[test]
fn leader_rows_are_the_modifiers_and_command_points() {
    // *Command Points* (p13): army/corps by leadership, divisions by tactical rating
    // (ruling 4), "-" where a division leader cannot hold the rating.
    for leader in LeaderRating::ALL {
        let division = TacticalRating::ALL
            .iter()
            .find(|t| t.as_leader() == leader)
            .map_or("-".to_owned(), |t| t.command_points().to_string());
        assert_eq!(
            row("ot-leaders", leader.word()),
            [
                signed(leader.modifier()),
                leader.command_points().to_string(),
                division
            ]
        );
    }
    // *Commanders: Command Range* (p11).
    for echelon in Echelon::ALL {
        let range = echelon.command_range();
        let shown = match echelon {
            Echelon::Army => format!("army {range}"),
            Echelon::Corps => format!("corps {range}"),
            Echelon::CavalryBrigade => format!("cavalry brigade {range}"),
            Echelon::CavalryDivision | Echelon::InfantryDivision => {
                format!("divisions {range}")
            }
        };
        assert!(says("ot-leaders", &shown), "{shown}");
    }
    assert!(says(
        "ot-leaders",
        &format!("+{} elevated", ELEVATED_RANGE_BONUS.value())
    ));
}

#[test]
fn staff_rows_are_the_initiative_modifier_and_activation_number() {
    // *Order Activation Table* (p13): beat 6 (superb) to 14 (incompetent).
    for staff in StaffRating::ALL {
        assert_eq!(
            row("ot-staff", staff.word()),
            [
                signed(staff.initiative_modifier()),
                staff.activation_number().to_string()
            ]
        );
    }
    // The command bonus event needs a competent or better staff (p10).
    let bonus: Vec<bool> = StaffRating::ALL
        .iter()
        .map(|s| s.takes_command_bonus())
        .collect();
    assert_eq!(bonus, [true, true, true, false, false]);
    assert!(says("ot-staff", "competent or better"));
}

#[test]
fn activation_modifiers_are_the_rules() {
    let lowest = LeaderRating::ALL.iter().map(|r| r.modifier()).min();
    let highest = LeaderRating::ALL.iter().map(|r| r.modifier()).max();
    assert_eq!((lowest, highest), (Some(-2), Some(2)));
    assert_eq!(
        row("ot-activation", "issuer's leader rating"),
        ["-2", "to", "+2"]
    );
    // Ruling 6: -1 for each of issuer and receiver attached.
    assert_eq!(
        row("ot-activation", "issuer attached to a unit"),
        [signed(LEADER_ATTACHED.value())]
    );
    assert_eq!(
        row("ot-activation", "receiver attached to a unit"),
        [signed(LEADER_ATTACHED.value())]
    );
}

#[test]
fn receiver_attached_is_the_code() {
    // *Order Activation Table* (p13): leader attached -1, for the receiver as for the
    // issuer (ruling 6).
    let division = Commander::subordinate(Echelon::InfantryDivision, TacticalRating::ALL[1]);
    let free = ActivationFacts {
        staff: StaffRating::ALL[2],
        issuer: division,
        issuer_attached: false,
        receiver: division,
        receiver_attached: false,
    };
    let attached = ActivationFacts {
        receiver_attached: true,
        ..free
    };
    let worse = activation_score(&attached).needed() - activation_score(&free).needed();
    assert_eq!(
        row("ot-activation", "receiver attached to a unit"),
        [signed(-worse)]
    );
    assert_eq!(-worse, LEADER_ATTACHED.value());
    assert_eq!(LEADER_ATTACHED.value(), -1);
}

#[test]
fn command_point_chart_is_the_rules() {
    assert_eq!(
        row("ot-command-points", "command confusion"),
        [
            COMMAND_CONFUSION.value().to_string(),
            "(never".into(),
            "below".into(),
            "0)".into()
        ]
    );
    assert_eq!(
        row("ot-command-points", "command bonus"),
        [signed(COMMAND_BONUS.value())]
    );
    // Three uses, one dash each.
    let uses = lines("ot-command-points")
        .iter()
        .filter(|l| l.starts_with("  - "))
        .count();
    assert_eq!(uses, COMMAND_POINT_USES.len());
    for allowed in ["fire", "opportunity charge", "remove disorder", "formation"] {
        assert!(OUT_OF_COMMAND_MAY.iter().any(|m| m.contains(allowed)));
        assert!(says("ot-command-points", allowed), "{allowed}");
    }
    assert_eq!(OUT_OF_COMMAND_MAY.len(), 5);
}

#[test]
fn order_rows_give_fire_and_charge_as_the_rules() {
    for order in Order::ALL {
        let cells = row("ot-orders", order.word());
        let fire = if order.may_fire() { "yes" } else { "no" };
        let charge = match order {
            Order::Engage => "1/turn",
            Order::Withdraw => "barred",
            _ if order.may_charge() => "yes",
            _ => "no",
        };
        assert_eq!(&cells[..2], [fire, charge], "{}", order.word());
    }
}

#[test]
fn movement_rows_are_the_movement_table() {
    let labels = [
        (MoveClass::ALL[0], "Infantry"),
        (MoveClass::ALL[1], "Light cav"),
        (MoveClass::ALL[2], "Other cav"),
        (MoveClass::ALL[3], "Foot art"),
        (MoveClass::ALL[4], "12 pdr+ art"),
        (MoveClass::ALL[5], "Horse art"),
    ];
    let columns = [
        Formation::Line,
        Formation::CompanyColumn,
        Formation::AttackColumn,
        Formation::Skirmish,
        Formation::Square,
        Formation::Limbered,
        Formation::Unlimbered,
    ];
    for (class, label) in labels {
        let expected: Vec<String> = columns
            .iter()
            .map(|&f| class.rate(f).map_or("-".to_owned(), |r| r.to_string()))
            .collect();
        assert_eq!(row("ot-movement", label), expected, "{}", class.word());
    }
    assert_eq!(OPERATIONAL_FACTOR, 2);
    assert!(says(
        "ot-movement",
        &format!("over {}\" from the enemy", OPERATIONAL_CLEARANCE.value())
    ));
    assert!(says(
        "ot-movement",
        &format!("{}\" to an enemy", APPROACH_LIMIT.value())
    ));
}

#[test]
fn formation_change_shares_are_the_rules() {
    // *Movement: Formation Changes* (p15): French drill a quarter, others a half.
    let share = |u: &Unit| {
        let (n, d) = formation_change_share(u);
        format!("{n}/{d}")
    };
    assert_eq!(row("ot-formation-change", "cavalry"), [share(&hussars())]);
    assert_eq!(
        row("ot-formation-change", "quick-drilling infantry"),
        [share(&french_line())]
    );
    assert_eq!(
        row("ot-formation-change", "other infantry"),
        [share(&british_line())]
    );
    assert_eq!(
        row("ot-formation-change", "limber or unlimber guns"),
        [share(&foot_battery())]
    );
}

#[test]
fn terrain_rows_are_the_crossing_costs() {
    let labels = [
        (Obstacle::ALL[0], "up a contour"),
        (Obstacle::ALL[1], "stream or ditch"),
        (Obstacle::ALL[2], "river"),
        (Obstacle::ALL[3], "bridge"),
        (Obstacle::ALL[4], "stone wall/redoubt"),
        (Obstacle::ALL[5], "wooden fence"),
        (Obstacle::ALL[6], "hedge"),
    ];
    for (obstacle, label) in labels {
        let expected: Vec<String> = obstacle
            .cost()
            .iter()
            .map(|c| c.map_or("no".to_owned(), |i| i.to_string()))
            .collect();
        assert_eq!(row("ot-terrain", label), expected, "{}", obstacle.word());
    }
    // Areas: formed infantry at half pace in poor ground and light or medium woods,
    // kept out of heavy woods.
    let probe = british_line();
    assert_eq!(area_effect(Area::ALL[0], &probe), Ok(1));
    for area in &Area::ALL[1..4] {
        assert_eq!(
            area_effect(*area, &probe),
            Ok(ROUGH_FACTOR),
            "{}",
            area.word()
        );
    }
    assert!(area_effect(Area::ALL[4], &probe).is_err());
    assert!(says("ot-terrain", "half speed"));
}

#[test]
fn charge_chart_is_the_rules() {
    // Charge bonus dice (ruling 19) and the melee bonus (p21).
    assert_eq!(charge_dice(Arm::Infantry), Some(1));
    assert_eq!(charge_dice(hussars().arm), Some(2));
    assert!(says("ot-charge", "infantry  +1d6\"    cavalry  +2d6\""));
    assert_eq!(charge_melee_bonus(Arm::Infantry), Some(2));
    assert_eq!(charge_melee_bonus(hussars().arm), Some(5));
    assert!(says("ot-charge", "infantry  +2        cavalry  +5"));
    assert_eq!(charge_dice(foot_battery().arm), None);
}

#[test]
fn fire_table_rows_are_the_rules_table() {
    for fire_row_data in &FIRE_TABLE {
        let label = fire_row_data.label();
        let line = lines("ot-fire-table")
            .iter()
            .find(|l| l.split_whitespace().next() == Some(label.as_str()))
            .unwrap_or_else(|| panic!("no row {label}"));
        let cells: Vec<String> = (0..5).map(|h| fire_row_data.cell(h)).collect();
        let shown: Vec<&str> = line.split_whitespace().skip(1).collect();
        assert_eq!(shown, cells, "{label}");
    }
    // Ruling 14: past 50 points the last row is read.
    let (row_past, past) = fire_row(51).expect("a row");
    assert!(past);
    assert_eq!(row_past.label(), "46-50");
    assert!(says("ot-fire-table", "Over 50 points: the 46-50 row"));
}

#[test]
fn musketry_points_are_the_rules() {
    let labels = [
        (Marksman::British, "British infantry"),
        (Marksman::OtherInfantry, "other infantry"),
        (Marksman::InfantrySkirmisher, "infantry skirmishers"),
        (Marksman::CavalrySkirmisher, "cavalry skirmishers"),
    ];
    for (marksman, label) in labels {
        let (plain, enfilade) = marksman.points();
        assert_eq!(
            row("ot-fire-points", label),
            [plain.to_string(), enfilade.to_string()]
        );
    }
    let mut rifles = british_line();
    rifles.rifles = true;
    assert_eq!(british_line().musketry_range(), Some(4));
    assert_eq!(rifles.musketry_range(), Some(8));
    assert!(says("ot-fire-points", "muskets 4\", rifles 8\""));
}

#[test]
fn artillery_points_are_the_rules() {
    for calibre in Calibre::ALL {
        let expected: Vec<String> = Band::ALL
            .iter()
            .map(|&b| gun_points(calibre, b).to_string())
            .collect();
        assert_eq!(row("ot-artillery-points", calibre.word()), expected);
    }
    let reaches: Vec<String> = Band::ALL
        .iter()
        .map(|b| format!("{}\"", b.reach()))
        .collect();
    assert_eq!(
        row("ot-artillery-points", "to"),
        ["8\"", "to", "20\"", "to", "35\""]
    );
    assert_eq!(reaches, ["8\"", "20\"", "35\""]);
    assert!(says(
        "ot-artillery-points",
        &format!("+{} a gun", FLANK_FIRE_PER_GUN.value())
    ));
}

#[test]
fn fire_modifier_rows_are_the_rules_and_each_appears_once() {
    let target = [
        (FireModifier::InCover(Cover::Light), "in light cover"),
        (FireModifier::InCover(Cover::Medium), "in medium cover"),
        (FireModifier::InCover(Cover::Heavy), "in heavy cover"),
        (FireModifier::UnlimberedArtillery, "unlimbered artillery"),
        (FireModifier::ColumnOrSquare, "in column or square"),
        (
            FireModifier::OrganicSkirmishers,
            "own skirmishers answer fire",
        ),
        (FireModifier::Skirmishers, "in skirmish order"),
        (
            FireModifier::FrenchOrBritishSkirmishers,
            "French/British skirmishing",
        ),
        (FireModifier::Town, "in a town"),
    ];
    let firer = [
        (FireModifier::EliteFirer, "Old Guard/superior/excellent"),
        (FireModifier::PoorFirer, "fair or poor"),
        (FireModifier::SkirmishingFirer, "in skirmish order"),
        (FireModifier::RussianOrTurkish, "Russian or Turkish"),
        (FireModifier::Shaken, "shaken"),
        (FireModifier::Moving, "moved"),
        (FireModifier::Disordered, "disordered"),
        (FireModifier::PointBlank, "point blank at a charger"),
        (
            FireModifier::ArtilleryScreened,
            "guns screened by skirmishers",
        ),
        (
            FireModifier::DefenceOfTheBattery,
            "guns in their own defence",
        ),
        (FireModifier::Firefight, "firefight (in range all turn)"),
        (FireModifier::SecondRound, "guns again on the same target"),
        (FireModifier::RainOrSnow, "rain or snow (random event)"),
    ];
    for (id, list) in [
        ("ot-fire-modifiers-target", &target[..]),
        ("ot-fire-modifiers-firer", &firer[..]),
    ] {
        for &(modifier, label) in list {
            assert_eq!(
                modifier.on_target(),
                id.ends_with("target"),
                "{}",
                modifier.word()
            );
            assert_eq!(
                row(id, label),
                [
                    modifier_cell(modifier.value(FireKind::Musketry)),
                    modifier_cell(modifier.value(FireKind::Artillery))
                ],
                "{label}"
            );
        }
        // One line per modifier, and a header.
        assert_eq!(
            lines(id)
                .iter()
                .filter(|l| l.ends_with(char::is_numeric) || l.ends_with('-'))
                .count(),
            list.len(),
            "{id}"
        );
    }
    assert_eq!(target.len() + firer.len(), FireModifier::ALL.len());
    for m in FireModifier::ALL {
        assert!(
            target.iter().chain(&firer).any(|&(shown, _)| shown == m),
            "{}",
            m.word()
        );
    }
}

#[test]
fn shaken_firer_is_the_code() {
    // *Die Roll Modifiers* (p19): a shaken firer -1, on musketry and artillery alike.
    let target = french_line();
    let mut firer = british_line();
    let steady = FireFacts::between(&firer, &target);
    firer.shaken = true;
    let shaken = FireFacts::between(&firer, &target);
    let volley = Volley {
        figures: 6,
        marksman: Marksman::British,
        enfilade: false,
    };
    let salvo = Salvo {
        guns: 2,
        calibre: Calibre::Six,
        band: Band::Effective,
        flank: false,
    };
    let worse = |points: FirePoints| {
        let modified = |facts| {
            resolve_fire(points.clone(), facts, &target, 5)
                .expect("points reach it")
                .modified
        };
        modified(&shaken) - modified(&steady)
    };
    let musketry = worse(fire_points(&[volley], &[]));
    let artillery = worse(fire_points(&[], &[salvo]));
    assert_eq!(
        row("ot-fire-modifiers-firer", "shaken"),
        [signed(musketry), signed(artillery)]
    );
    assert_eq!(
        (musketry, artillery),
        (SHAKEN_FIRER.value(), SHAKEN_FIRER.value())
    );
    assert_eq!(SHAKEN_FIRER.value(), -1);
}

#[test]
fn bounce_through_commander_and_rout_figures_are_the_rules() {
    // *Artillery Bounce Through* (p21).
    assert!(says(
        "ot-bounce-through",
        &format!("up to {}\" behind", BOUNCE_DEPTH.value())
    ));
    assert!(says(
        "ot-bounce-through",
        &format!("within {}\" of the line", BOUNCE_WIDTH.value())
    ));
    // Ruling 8: 3 hits lose him on 1-3; 10 hits on every face.
    assert!(commander_casualty(3, 3).disabled);
    assert!(!commander_casualty(3, 4).disabled);
    assert!(commander_casualty(10, 10).disabled);
    assert!(says("ot-commander-casualty", "(3 hits:"));
    assert!(says("ot-commander-casualty", "1-3; 10 or more: always"));
    assert!(says(
        "ot-commander-casualty",
        &format!("within {REPLACEMENT_PLACEMENT}\"")
    ));
    let good = Commander::subordinate(Echelon::InfantryDivision, TacticalRating::ALL[0]);
    assert_ne!(good.replacement().tactical, good.tactical);
    // *Movement: Routs* (p17).
    assert_eq!(rout_dice(Arm::Infantry), 2);
    assert_eq!(rout_dice(foot_battery().arm), 2);
    assert_eq!(row("ot-rout-move", "infantry, artillery"), ["2d6\""]);
    assert_eq!(rout_dice(hussars().arm), 3);
    assert_eq!(row("ot-rout-move", "cavalry"), ["3d6\""]);
}

#[test]
fn missing_chart_names_the_gaps_and_the_recording_commands() {
    for (gap, word) in [
        ("Reaction Test", "reaction test"),
        ("Charges: Charge Tests", "charge test"),
        ("Melee", "melee"),
        ("Breakthroughs", "breakthrough"),
        ("Blown Cavalry", "blown cavalry"),
        ("Morale Tests", "morale"),
        ("Rallying Routed Units", "rallying"),
        ("Towns and Redoubts", "towns"),
        ("Terrain", "cover classes"),
        ("Army and troop lists", "army lists"),
        ("Victory conditions", "victory"),
    ] {
        assert!(GAPS.iter().any(|g| g.name == gap), "{gap}");
        assert!(says("ot-missing", word), "{word}");
    }
    for word in ["hit", "shaken", "disorder", "rout", "unrout", "form"] {
        assert!(says("ot-missing", &format!("{word} <unit>")), "{word}");
    }
}

/// The figures of the command charts as `old-trousers-ii-excerpt.txt` prints them.
/// Page N of the rulebook is line 204 + 2N of the file; "ruling N" is
/// `docs/rulings-old-trousers.md`.
const COMMAND_TEXT: &[probe::Text] = &[
    // *Sequence of Play*, p9; *Random Event Phase*, p10: an event on 1-2.
    ("ot-turn-sequence", "1 Initiative", "both roll d10 + mods;"),
    ("ot-turn-sequence", "1-2", "rolls the table"),
    // *Initiative Die Roll Modifiers*, p10.
    ("ot-initiative", "excellent", "+2 superb +2"),
    ("ot-initiative", "good", "+1 professional +1"),
    ("ot-initiative", "average", "+0 competent +0"),
    ("ot-initiative", "fair", "-1 inefficient -1"),
    ("ot-initiative", "poor", "-2 incompetent -2"),
    ("ot-initiative", "surprise (the scenario's)", "+2"),
    ("ot-initiative", "momentum (moved first last turn)", "+1"),
    // *Random Event Table*, p10: rain's lost sign is ruling 2, order points ruling 3.
    (
        "ot-random-events",
        "Each player rolls d10: on",
        "1-2 he rolls",
    ),
    (
        "ot-random-events",
        "1 Uncontrolled rout",
        "his routed units",
    ),
    ("ot-random-events", "2 Wrong turn", "next reinforcement"),
    ("ot-random-events", "comes", "4 turns late"),
    ("ot-random-events", "3 Traffic jam", "every reinforcement"),
    ("ot-random-events", "comes 1", "turn late"),
    (
        "ot-random-events",
        "4 Command confusion",
        "-2 command points",
    ),
    (
        "ot-random-events",
        "5 Difficult terrain",
        "no move or formation",
    ),
    ("ot-random-events", "6 Inflamed piles", "senior commander"),
    ("ot-random-events", "7 Rain/snow", "-1 on all fire,"),
    ("ot-random-events", "8 Hidden ford", "he may put a ford on"),
    (
        "ot-random-events",
        "9 Command bonus",
        "+3 command points to",
    ),
    ("ot-random-events", "10 Rout halted", "routed units become"),
    // *Commanders: Ratings* and *Command Range*, p11; *Command Points*, p13 (army
    // and corps 4 to 0; divisions good 3, average 2, poor 1: ruling 4).
    ("ot-leaders", "excellent", "+2 4 -"),
    ("ot-leaders", "good", "+1 3 3"),
    ("ot-leaders", "average", "+0 2 2"),
    ("ot-leaders", "fair", "-1 1 -"),
    ("ot-leaders", "poor", "-2 0 1"),
    ("ot-leaders", "Command range in inches", "(+5 elevated):"),
    ("ot-leaders", "army", "15 corps 15 divisions 10"),
    ("ot-leaders", "cavalry brigade", "5"),
    // *Initiative Die Roll Modifiers*, p10; *Order Activation Table*, p13.
    ("ot-staff", "superb", "+2 6"),
    ("ot-staff", "professional", "+1 8"),
    ("ot-staff", "competent", "+0 10"),
    ("ot-staff", "inefficient", "-1 12"),
    ("ot-staff", "incompetent", "-2 14"),
    // *Order Activation Table*, p13: leader ratings +2 to -2, attached -1 each
    // (ruling 6).
    ("ot-activation", "issuer's leader rating", "-2 to +2"),
    ("ot-activation", "receiver's leader rating", "-2 to +2"),
    ("ot-activation", "issuer attached to a unit", "-1"),
    ("ot-activation", "receiver attached to a unit", "-1"),
    // *Random Event Table*, p10 (two less, three extra; ruling 7).
    (
        "ot-command-points",
        "command confusion",
        "-2 (never below 0)",
    ),
    ("ot-command-points", "command bonus", "+3"),
    // *Orders*, p12: the duties' fractions, 8" from the marker, the marker 6" from
    // the commander.
    ("ot-orders", "attack", "yes yes 2/3 advance; near"),
    ("ot-orders", "engage", "yes 1/turn 1/2 advance; near"),
    ("ot-orders", "maneuver", "no no 2/3 advance; then"),
    ("ot-orders", "defend", "yes no hold by a marker"),
    ("ot-orders", "withdraw", "yes barred 2/3 to own baseline"),
    ("ot-orders", "rally", "no no close on commander;"),
    ("ot-orders", "near:", "within 8\" of the marker or enemy;"),
    ("ot-orders", "6\"", "from commander"),
    // *Commanders: Attachment & Casualties*, p11-12: 10% a casualty (ruling 8), the
    // replacement within 2".
    (
        "ot-commander-casualty",
        "a roll at or below the hits",
        "(3 hits:",
    ),
    (
        "ot-commander-casualty",
        "1-3;",
        "10 or more: always) (ruling 8).",
    ),
    (
        "ot-commander-casualty",
        "His replacement comes within",
        "2\" of a",
    ),
];

#[test]
fn command_charts_are_the_texts_figures() {
    probe::holds(CHARTS, COMMAND_TEXT);
}

/// The figures of the movement and charge charts as `old-trousers-ii-excerpt.txt`
/// prints them (page N is line 204 + 2N).
const MOVEMENT_TEXT: &[probe::Text] = &[
    // *Movement Table*, p16 (12 pdr or greater for any heavy battery, ruling 20);
    // *Movement: Operational*, p17 (double, over 8"); *Movement: Charges*, p17 (2").
    ("ot-movement", "Infantry", "4 8 6 12 2 - -"),
    ("ot-movement", "Light cav", "9 18 14 18 - - -"),
    ("ot-movement", "Other cav", "8 16 12 18 - - -"),
    ("ot-movement", "Foot art", "- - - - - 8 2"),
    ("ot-movement", "12 pdr+ art", "- - - - - 4 1"),
    ("ot-movement", "Horse art", "- - - - - 16 2"),
    ("ot-movement", "Operational:", "double, starting and ending"),
    ("ot-movement", "over", "8\" from the enemy. No closer than"),
    ("ot-movement", "2\"", "to an enemy except by charging."),
    // *Movement: Formation Changes* and *Artillery*, p15; *About Face* and *Oblique
    // & Retrograde*, p14; untrained infantry, p16.
    ("ot-formation-change", "cavalry", "1/4"),
    ("ot-formation-change", "quick-drilling infantry", "1/4"),
    ("ot-formation-change", "other infantry", "1/2"),
    ("ot-formation-change", "limber or unlimber guns", "1/2"),
    ("ot-formation-change", "About face", "1/4"),
    (
        "ot-formation-change",
        "Oblique or backward:",
        "each inch costs 2.",
    ),
    ("ot-formation-change", "2\"", "falls into disorder."),
    // *Movement: Terrain Effects*, p16; a bridge costs nothing but the formation
    // (ruling 22).
    ("ot-terrain", "up a contour", "1 2 2"),
    ("ot-terrain", "stream or ditch", "1 2 2"),
    ("ot-terrain", "river", "no no no"),
    ("ot-terrain", "bridge", "0 0 0"),
    ("ot-terrain", "stone wall/redoubt", "3 6 no"),
    ("ot-terrain", "wooden fence", "1 1 1"),
    ("ot-terrain", "hedge", "1 1 1"),
    // *Movement: Charges*, p17, and the note under the table, p16: 1D6 and 2D6
    // (ruling 19); *Charges: General Rules*, p21: +2 and +5, none after an obstacle
    // in the last 3"; p22: the defender fires at 2", cavalry falls back 2D6, a
    // limbered battery flees 2D6.
    ("ot-charge", "infantry", "+1d6\" cavalry +2d6\""),
    ("ot-charge", "infantry +2", "cavalry +5"),
    ("ot-charge", "last", "3\""),
    ("ot-charge", "Defender: stand (fires at", "2\"), counter-"),
    ("ot-charge", "falls back", "2d6\". A limbered battery"),
    ("ot-charge", "that flees runs", "2d6\"."),
    // *Movement: Routs*, p17.
    ("ot-rout-move", "infantry, artillery", "2d6\""),
    ("ot-rout-move", "cavalry", "3d6\""),
    ("ot-rout-move", "First rout turn: the first", "6\" straight"),
    (
        "ot-rout-move",
        "It keeps",
        "6\" from enemies and needs a 1\"",
    ),
];

#[test]
fn movement_and_charge_charts_are_the_texts_figures() {
    probe::holds(CHARTS, MOVEMENT_TEXT);
}

/// The figures of the fire charts as `old-trousers-ii-excerpt.txt` prints them
/// (page N is line 204 + 2N).
const FIRE_TEXT: &[probe::Text] = &[
    // *Fire Combat Table*, p19. The text's 41-45 row gives "1-2" for one hit; the
    // chart gives 0-2, so that a modified 0 scores (ruling 13). Past 50, ruling 14.
    ("ot-fire-table", "1-5", "1-8 9-10 >10 -- --"),
    ("ot-fire-table", "6-10", "1-5 6-9 10 >10 --"),
    ("ot-fire-table", "11-15", "1-4 5-8 9-10 >10 --"),
    ("ot-fire-table", "16-20", "1-4 5-6 7-9 10 >10"),
    ("ot-fire-table", "21-25", "1-3 4-5 6-9 10 >10"),
    ("ot-fire-table", "26-30", "1-2 3-5 6-7 8-9 10"),
    ("ot-fire-table", "31-35", "1 2-4 5-6 7-9 10"),
    ("ot-fire-table", "36-40", "<1 1-3 4-6 7-8 9-10"),
    ("ot-fire-table", "41-45", "<0 0-2 3-5 6-7 8-10"),
    ("ot-fire-table", "46-50", "<0 0 1-4 5-7 8-10"),
    (
        "ot-fire-table",
        "Over",
        "50 points: the 46-50 row. Each hit",
    ),
    // *Fire Combat: Musketry*, p18: points per figure, 4" and rifles 8";
    // skirmishers gain nothing from enfilade (ruling 15).
    ("ot-fire-points", "British infantry", "3 4"),
    ("ot-fire-points", "other infantry", "2 3"),
    ("ot-fire-points", "infantry skirmishers", "2 2"),
    ("ot-fire-points", "cavalry skirmishers", "1 1"),
    ("ot-fire-points", "Range:", "muskets 4\", rifles 8\"."),
    // *Fire Combat: Artillery*, p20 (ranges 8", 20", 35"); *Flank Fire by
    // Artillery*, p20: +1 a gun.
    ("ot-artillery-points", ">12 pdr", "5 3 2"),
    ("ot-artillery-points", "12 pdr", "5 2 1"),
    ("ot-artillery-points", "8-9 pdr", "4 2 1"),
    ("ot-artillery-points", "6 pdr", "4 1 0"),
    ("ot-artillery-points", "<6 pdr", "3 1 0"),
    ("ot-artillery-points", "to", "8\" to 20\" to 35\""),
    (
        "ot-artillery-points",
        "Firing on a target's flank:",
        "+1 a gun.",
    ),
    // *Die Roll Modifiers*, p19, and their notes, p19-20 (musketry / artillery).
    // Organic skirmishers, skirmishers, town and Russian/Turkish lost their signs
    // (ruling 15); rain or snow, p10 (ruling 2).
    ("ot-fire-modifiers-target", "in light cover", "-1 0"),
    ("ot-fire-modifiers-target", "in medium cover", "-2 -1"),
    ("ot-fire-modifiers-target", "in heavy cover", "-3 -2"),
    ("ot-fire-modifiers-target", "unlimbered artillery", "-2 -2"),
    ("ot-fire-modifiers-target", "in column or square", "+1 +2"),
    (
        "ot-fire-modifiers-target",
        "own skirmishers answer fire",
        "-1 -1",
    ),
    ("ot-fire-modifiers-target", "in skirmish order", "-3 -3"),
    (
        "ot-fire-modifiers-target",
        "French/British skirmishing",
        "-4 -4",
    ),
    ("ot-fire-modifiers-target", "in a town", "-1 -1"),
    (
        "ot-fire-modifiers-firer",
        "Old Guard/superior/excellent",
        "+1 +1",
    ),
    ("ot-fire-modifiers-firer", "fair or poor", "-1 -1"),
    ("ot-fire-modifiers-firer", "in skirmish order", "-2 -2"),
    ("ot-fire-modifiers-firer", "Russian or Turkish", "-1 -"),
    ("ot-fire-modifiers-firer", "shaken", "-1 -1"),
    ("ot-fire-modifiers-firer", "moved", "-1 -1"),
    ("ot-fire-modifiers-firer", "disordered", "-1 -1"),
    (
        "ot-fire-modifiers-firer",
        "point blank at a charger",
        "+2 -",
    ),
    (
        "ot-fire-modifiers-firer",
        "guns screened by skirmishers",
        "- -1",
    ),
    (
        "ot-fire-modifiers-firer",
        "guns in their own defence",
        "- +2",
    ),
    (
        "ot-fire-modifiers-firer",
        "firefight (in range all turn)",
        "+2 -",
    ),
    (
        "ot-fire-modifiers-firer",
        "guns again on the same target",
        "- +1",
    ),
    (
        "ot-fire-modifiers-firer",
        "rain or snow (random event)",
        "-1 -1",
    ),
    // *Fire Combat: Artillery Bounce Through*, p21: 5" behind, 1" of the line, half
    // the points (ruling 17).
    (
        "ot-bounce-through",
        "A unit up to",
        "5\" behind the target's rear",
    ),
    (
        "ot-bounce-through",
        "and within",
        "1\" of the line of fire is hit",
    ),
];

#[test]
fn fire_charts_are_the_texts_figures() {
    probe::holds(CHARTS, FIRE_TEXT);
}
