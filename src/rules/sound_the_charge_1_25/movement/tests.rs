// Why this file is long: a test for each passage of *Movement* and each row of the movement
// table, its figure worked out from the text.

use super::super::tests::{FOOT, HC, LC, LIGHT_FOOT, guns, unit};
use super::*;
use crate::rules::unit::Morale;
use proptest::prelude::*;

fn inches(unit: &Unit, facts: &MoveFacts) -> Inches {
    plan(unit, facts).unwrap_or_else(|e| panic!("{e}")).inches
}

fn still() -> MoveFacts {
    MoveFacts::default()
}

#[test]
fn movement_table_by_troop_type_and_formation() {
    let r = |arm, f| rate(arm, f).0;
    assert_eq!(r(FOOT, Formation::Column), Inches::whole(10));
    assert_eq!(r(FOOT, Formation::Line), Inches::whole(6));
    assert_eq!(r(HC, Formation::Column), Inches::whole(16));
    assert_eq!(
        r(Arm::Cavalry(CavalryType::Medium), Formation::Line),
        Inches::whole(12)
    );
    assert_eq!(r(LC, Formation::Column), Inches::whole(20));
    assert_eq!(r(LC, Formation::Line), Inches::whole(16));
    assert_eq!(
        r(guns(Calibre::Heavy, false), Formation::Limbered),
        Inches::whole(9)
    );
    assert_eq!(
        r(guns(Calibre::Light, false), Formation::Unlimbered),
        Inches::whole(6)
    );
    assert_eq!(
        r(guns(Calibre::Field, false), Formation::Unlimbered),
        Inches::whole(4)
    );
    assert_eq!(
        r(guns(Calibre::Heavy, false), Formation::Unlimbered),
        Inches::whole(3)
    );
    assert_eq!(
        r(guns(Calibre::Field, true), Formation::Limbered),
        Inches::whole(20)
    );
    assert_eq!(
        r(guns(Calibre::Field, true), Formation::Unlimbered),
        Inches::whole(6)
    );
    assert_eq!(r(FOOT, Formation::Square), square_move());
    assert_eq!(r(LIGHT_FOOT, Formation::Skirmish), skirmish_move());
    assert_eq!(GENERAL_MOVE, Inches::whole(32));
}

#[test]
fn charge_and_road_are_half_as_fast_again() {
    let col = unit(FOOT, Grade::C, Formation::Column, 24);
    let charge = MoveFacts {
        charge: true,
        ..still()
    };
    assert_eq!(inches(&col, &charge), Inches::whole(15));
    let limbered = unit(
        guns(Calibre::Field, false),
        Grade::C,
        Formation::Limbered,
        8,
    );
    let road = MoveFacts {
        road: true,
        ..still()
    };
    assert_eq!(inches(&limbered, &road), Inches(54)); // 13½"
    let line = unit(FOOT, Grade::C, Formation::Line, 24);
    assert!(plan(&line, &road).is_err());
    let both = MoveFacts {
        road: true,
        charge: true,
        ..still()
    };
    assert!(plan(&col, &both).is_err());
}

#[test]
fn grade_d_squares_cannot_move() {
    assert_eq!(
        inches(&unit(FOOT, Grade::C, Formation::Square, 24), &still()),
        Inches::whole(3)
    );
    assert!(plan(&unit(FOOT, Grade::D, Formation::Square, 24), &still()).is_err());
    // Forming square, or leaving it, is a formation change, not a move (R49).
    let change = |to| MoveFacts {
        new_formation: Some(to),
        ..still()
    };
    let line_d = unit(FOOT, Grade::D, Formation::Line, 24);
    let square_d = unit(FOOT, Grade::D, Formation::Square, 24);
    assert!(plan(&line_d, &change(Formation::Square)).is_ok());
    assert!(plan(&square_d, &change(Formation::Column)).is_ok());
}

#[test]
fn oblique_half_or_quarter_when_unsteady_and_wheel_half_when_unsteady() {
    let mut line = unit(FOOT, Grade::C, Formation::Line, 24);
    let oblique = MoveFacts {
        oblique: true,
        ..still()
    };
    let wheel = MoveFacts {
        wheel: true,
        ..still()
    };
    assert_eq!(inches(&line, &oblique), Inches::whole(3));
    assert_eq!(inches(&line, &wheel), Inches::whole(6));
    line.disordered = true;
    assert_eq!(inches(&line, &oblique), Inches(6)); // 1½"
    assert_eq!(inches(&line, &wheel), Inches::whole(3));
}

#[test]
fn friends_woods_slopes_and_town_blocks_halve() {
    let col = unit(FOOT, Grade::C, Formation::Column, 24);
    let through = MoveFacts {
        through: true,
        ..still()
    };
    assert_eq!(inches(&col, &through), Inches::whole(5));
    let woods = MoveFacts {
        terrain: Some(Terrain::LightWoods),
        ..still()
    };
    let p = plan(&col, &woods).expect("moves");
    assert_eq!(p.inches, Inches::whole(5));
    assert!(!p.disordered.is_empty());
    let skirm = unit(LIGHT_FOOT, Grade::C, Formation::Skirmish, 8);
    let p = plan(&skirm, &woods).expect("moves");
    assert_eq!(p.inches, Inches::whole(6));
    assert!(p.disordered.is_empty());
    assert!(plan(&unit(HC, Grade::C, Formation::Column, 12), &woods).is_err());
    let slope = MoveFacts {
        rough: true,
        ..still()
    };
    let cav = plan(&unit(HC, Grade::C, Formation::Line, 12), &slope).expect("moves");
    assert_eq!(cav.inches, Inches::whole(6));
    assert!(!cav.disordered.is_empty());
    assert_eq!(inches(&skirm, &slope), Inches::whole(6));
    let out = MoveFacts {
        terrain: Some(Terrain::TownOut),
        ..still()
    };
    assert_eq!(inches(&col, &out), Inches::whole(5));
    let obstacle = MoveFacts {
        terrain: Some(Terrain::Obstacle),
        ..still()
    };
    assert_eq!(inches(&col, &obstacle), Inches::whole(9));
}

#[test]
fn skirmishers_flow_through_friends_at_full_speed() {
    let through = MoveFacts {
        through: true,
        ..still()
    };
    let skirm = unit(LIGHT_FOOT, Grade::C, Formation::Skirmish, 8);
    assert_eq!(inches(&skirm, &through), skirmish_move());
    let line = unit(LIGHT_FOOT, Grade::C, Formation::Line, 8);
    assert_eq!(inches(&line, &through), Inches::whole(3));
}

#[test]
fn formation_change_costs_by_grade_doubled_when_unsteady() {
    let cost = |grade, shaken: bool| {
        let mut u = unit(FOOT, grade, Formation::Line, 24);
        if shaken {
            u.morale = Morale::Shaken;
        }
        maneuver_cost(&u, Maneuver::FormationOrFacing)
    };
    assert_eq!(cost(Grade::A, false).quarters, 2);
    assert_eq!(cost(Grade::C, false).quarters, 4);
    assert!(!cost(Grade::C, false).disordered);
    assert!(cost(Grade::D, false).disordered);
    assert_eq!(cost(Grade::B, true).quarters, 4);
    let slow = cost(Grade::C, true);
    assert_eq!(slow.quarters, 8);
    assert_eq!(slow.turns(), 2);
    assert!(slow.disordered);
}

#[test]
fn limbering_reforming_and_screens() {
    let battery = unit(
        guns(Calibre::Field, false),
        Grade::D,
        Formation::Unlimbered,
        8,
    );
    let limber = maneuver_cost(&battery, Maneuver::LimberOrUnlimber);
    assert_eq!(limber.quarters, 2);
    assert!(!limber.disordered);
    let mut loose = unit(FOOT, Grade::C, Formation::Line, 24);
    loose.disordered = true;
    assert_eq!(maneuver_cost(&loose, Maneuver::Reform).quarters, 4);
    assert_eq!(maneuver_cost(&loose, Maneuver::Screen).quarters, 1);
    let p = plan(
        &battery,
        &MoveFacts {
            new_formation: Some(Formation::Limbered),
            ..still()
        },
    )
    .expect("limbers");
    // Half of the 9" limbered rate.
    assert_eq!(p.inches, Inches(18));
}

#[test]
fn a_grade_a_line_forming_column_moves_half_its_column_rate() {
    let line = unit(FOOT, Grade::A, Formation::Line, 24);
    let p = plan(
        &line,
        &MoveFacts {
            new_formation: Some(Formation::Column),
            ..still()
        },
    )
    .expect("forms");
    assert_eq!(p.inches, Inches::whole(5));
    let c = unit(FOOT, Grade::C, Formation::Line, 24);
    let face = MoveFacts {
        face: true,
        ..still()
    };
    assert_eq!(inches(&c, &face), Inches::ZERO);
}

#[test]
fn skirmishers_forming_up_are_disordered() {
    let skirm = unit(LIGHT_FOOT, Grade::B, Formation::Skirmish, 8);
    let cost = maneuver_cost(&skirm, Maneuver::FormationOrFacing);
    assert!(cost.disordered);
    // Skirmishers are not close order, so unsteady: half a move doubled.
    assert_eq!(cost.quarters, 4);
}

#[test]
fn charge_refusals() {
    let charge = MoveFacts {
        charge: true,
        ..still()
    };
    let battery = unit(guns(Calibre::Field, true), Grade::C, Formation::Limbered, 8);
    assert!(plan(&battery, &charge).is_err());
    let mut shaken = unit(FOOT, Grade::C, Formation::Column, 24);
    shaken.morale = Morale::Shaken;
    assert!(plan(&shaken, &charge).is_err());
    let mut engaged = unit(FOOT, Grade::C, Formation::Column, 24);
    engaged.in_contact_with.push("x".to_owned());
    assert!(plan(&engaged, &still()).is_err());
}

#[test]
fn evaders_roll_two_dice_or_three_for_limbered_horse_guns() {
    assert_eq!(
        evade_dice(&unit(LIGHT_FOOT, Grade::C, Formation::Skirmish, 8)),
        Some(2)
    );
    assert_eq!(
        evade_dice(&unit(
            guns(Calibre::Light, false),
            Grade::C,
            Formation::Unlimbered,
            8
        )),
        Some(2)
    );
    assert_eq!(
        evade_dice(&unit(
            guns(Calibre::Light, true),
            Grade::C,
            Formation::Limbered,
            8
        )),
        Some(3)
    );
    assert_eq!(
        evade_dice(&unit(
            guns(Calibre::Light, true),
            Grade::C,
            Formation::Unlimbered,
            8
        )),
        Some(2)
    );
    assert_eq!(evade_dice(&unit(FOOT, Grade::C, Formation::Line, 24)), None);
    assert_eq!(evade_inches(&[6, 5, 1]), 12);
}

// Worked cases (issue 44, item 4): the movement table and every slowing the
// property below only puts in order, at the number the text gives, as a ruler reads
// it. "l. N" is the line of ../shared/rules/sound-the-charge-1-25.txt; the movement
// table is l. 12-16.

const MC: Arm = Arm::Cavalry(CavalryType::Medium);

fn ruler(unit: &Unit, facts: &MoveFacts) -> String {
    inches(unit, facts).to_string()
}

#[test]
// One row a case, each under the passage it is worked from: the chart reads as one.
#[allow(clippy::too_many_lines)]
fn worked_movement_table_charge_and_road() {
    use crate::rules::sound_the_charge::Nation;
    use Calibre::{Field, Heavy, Light};
    use Formation::{Column, Limbered, Line, Skirmish, Square, Unlimbered};
    let c = |arm, formation, models| unit(arm, Grade::C, formation, models);
    let foot_guns = |calibre, formation| c(guns(calibre, false), formation, 8);
    let horse_guns = |calibre, formation| c(guns(calibre, true), formation, 8);
    let charge = MoveFacts {
        charge: true,
        ..still()
    };
    let road = MoveFacts {
        road: true,
        ..still()
    };
    let nation = |nation| MoveFacts {
        nation: Some(nation),
        ..still()
    };
    let russian_road = MoveFacts {
        road: true,
        ..nation(Nation::Russia)
    };
    let cases: Vec<(&str, Unit, MoveFacts, &str)> = vec![
        // l. 12-13: "Troop Type / Column, Limbered / Line, Manh.": "Infantry 10 6".
        ("infantry column", c(FOOT, Column, 24), still(), "10\""),
        ("infantry line", c(FOOT, Line, 24), still(), "6\""),
        // l. 14 "HC/MC/LC 16/16/20 12/12/16".
        ("HC column", c(HC, Column, 12), still(), "16\""),
        ("HC line", c(HC, Line, 12), still(), "12\""),
        ("MC column", c(MC, Column, 12), still(), "16\""),
        ("MC line", c(MC, Line, 12), still(), "12\""),
        ("LC column", c(LC, Column, 12), still(), "20\""),
        ("LC line", c(LC, Line, 12), still(), "16\""),
        // l. 15 "Foot guns 9 6/4/3": limbered 9 whatever the calibre; manhandled
        // light / field / heavy (l. 12 "The artillery notation is light / field /
        // heavy") 6, 4, 3.
        (
            "light foot guns limbered",
            foot_guns(Light, Limbered),
            still(),
            "9\"",
        ),
        (
            "heavy foot guns limbered",
            foot_guns(Heavy, Limbered),
            still(),
            "9\"",
        ),
        (
            "light foot guns manhandled",
            foot_guns(Light, Unlimbered),
            still(),
            "6\"",
        ),
        (
            "field foot guns manhandled",
            foot_guns(Field, Unlimbered),
            still(),
            "4\"",
        ),
        (
            "heavy foot guns manhandled",
            foot_guns(Heavy, Unlimbered),
            still(),
            "3\"",
        ),
        // l. 16 "Horse guns 20 6", manhandled 6 whatever the calibre (R40).
        (
            "horse guns limbered",
            horse_guns(Field, Limbered),
            still(),
            "20\"",
        ),
        (
            "heavy horse guns manhandled",
            horse_guns(Heavy, Unlimbered),
            still(),
            "6\"",
        ),
        // 1:25 has no national modifiers: the original's "Russian foot guns move two
        // inches slower than normal" (sound-the-charge.txt l. 379) is not in it, so
        // Russian foot guns keep the table's 9 limbered and 4 / 3 manhandled (not 7,
        // 2, 1), as the plan's doc says a nation is ignored.
        (
            "Russian foot guns limbered",
            foot_guns(Field, Limbered),
            nation(Nation::Russia),
            "9\"",
        ),
        (
            "Russian field guns manhandled",
            foot_guns(Field, Unlimbered),
            nation(Nation::Russia),
            "4\"",
        ),
        (
            "Russian heavy guns manhandled",
            foot_guns(Heavy, Unlimbered),
            nation(Nation::Russia),
            "3\"",
        ),
        // Nor the original's Austrian horse guns at 10" limbered: 20.
        (
            "Austrian horse guns limbered",
            horse_guns(Light, Limbered),
            nation(Nation::Austria),
            "20\"",
        ),
        // l. 12 "Squares: Move 3"".
        ("square", c(FOOT, Square, 24), still(), "3\""),
        // l. 53 "Skirmishers move free-form at 6" rate".
        ("skirmishers", c(LIGHT_FOOT, Skirmish, 8), still(), "6\""),
        // l. 12 "Charge Speed: 1.5X normal": 10 + 5, 6 + 3, 12 + 6, 20 + 10.
        (
            "infantry column charging",
            c(FOOT, Column, 24),
            charge,
            "15\"",
        ),
        ("infantry line charging", c(FOOT, Line, 24), charge, "9\""),
        ("HC line charging", c(HC, Line, 12), charge, "18\""),
        ("LC column charging", c(LC, Column, 12), charge, "30\""),
        // l. 73: a column or limbered gun on a road moves at one and a half times
        // its speed: 10 + 5, 9 + 4½, 20 + 10.
        (
            "infantry column on a road",
            c(FOOT, Column, 24),
            road,
            "15\"",
        ),
        (
            "foot guns on a road",
            foot_guns(Heavy, Limbered),
            road,
            "13½\"",
        ),
        (
            "horse guns on a road",
            horse_guns(Light, Limbered),
            road,
            "30\"",
        ),
        (
            "Russian foot guns on a road",
            foot_guns(Field, Limbered),
            russian_road,
            "13½\"",
        ),
    ];
    for (what, u, facts, expected) in cases {
        assert_eq!(ruler(&u, &facts), expected, "{what}");
    }
    // l. 12: "Generals move 32" per turn".
    assert_eq!(GENERAL_MOVE.to_string(), "32\"");
}

#[test]
// One row a case, each under the passage it is worked from: the chart reads as one.
#[allow(clippy::too_many_lines)]
fn worked_slowings() {
    use Formation::{Column, Limbered, Line, Skirmish};
    let steady = |arm, formation, models| unit(arm, Grade::C, formation, models);
    let loose = |arm, formation, models| {
        let mut u = unit(arm, Grade::C, formation, models);
        u.disordered = true;
        u
    };
    let shaken = |arm, formation, models| {
        let mut u = unit(arm, Grade::C, formation, models);
        u.morale = Morale::Shaken;
        u
    };
    let facts = |oblique, wheel, through, rough| MoveFacts {
        oblique,
        wheel,
        rough,
        through,
        ..still()
    };
    let oblique = facts(true, false, false, false);
    let wheel = facts(false, true, false, false);
    let through = facts(false, false, true, false);
    let rough = facts(false, false, false, true);
    let backwheel = MoveFacts {
        backwheel: true,
        ..still()
    };
    let cases: Vec<(&str, Unit, MoveFacts, &str)> = vec![
        // l. 63 "Sidestep, backstep, oblique: Half speed. Quarter speed if
        // unsteady." HC line 12: 6; disordered, 3.
        ("HC oblique", steady(HC, Line, 12), oblique, "6\""),
        ("disordered HC oblique", loose(HC, Line, 12), oblique, "3\""),
        // Shaken is unsteady too (l. 63 "steady ... not disordered and not
        // shaken"): LC line 16 → 4.
        ("shaken LC oblique", shaken(LC, Line, 12), oblique, "4\""),
        // Foot guns limbered 9 → 4½.
        (
            "foot guns oblique",
            steady(guns(Calibre::Field, false), Limbered, 8),
            oblique,
            "4½\"",
        ),
        // A backward wheel is a backstep (R20): column 10 → 5, unsteady 2½.
        (
            "column wheels back",
            steady(FOOT, Column, 24),
            backwheel,
            "5\"",
        ),
        (
            "disordered column wheels back",
            loose(FOOT, Column, 24),
            backwheel,
            "2½\"",
        ),
        // l. 67 "Unsteady units wheel at half speed": steady HC 12 in full,
        // disordered 6, shaken LC 16 → 8.
        ("HC wheels", steady(HC, Line, 12), wheel, "12\""),
        ("disordered HC wheels", loose(HC, Line, 12), wheel, "6\""),
        ("shaken LC wheels", shaken(LC, Line, 12), wheel, "8\""),
        // l. 63 "Pass through a friend: 1/2 speed": HC 6, infantry line 3.
        ("HC through a friend", steady(HC, Line, 12), through, "6\""),
        (
            "line through a friend",
            steady(FOOT, Line, 24),
            through,
            "3\"",
        ),
        // "Skirmishers ... may flow freely through friends" (R60): 6.
        (
            "skirmishers through a friend",
            steady(LIGHT_FOOT, Skirmish, 8),
            through,
            "6\"",
        ),
        // l. 71 "Steep slopes cut movement by half (skirmishers move normally)":
        // HC 6, column 5, skirmishers 6.
        ("HC up a steep slope", steady(HC, Line, 12), rough, "6\""),
        (
            "column up a steep slope",
            steady(FOOT, Column, 24),
            rough,
            "5\"",
        ),
        (
            "skirmishers up a steep slope",
            steady(LIGHT_FOOT, Skirmish, 8),
            rough,
            "6\"",
        ),
        // The halvings compound: a line 6, oblique and through a friend, 6 / 2 / 2.
        (
            "line oblique through a friend",
            steady(FOOT, Line, 24),
            facts(true, false, true, false),
            "1½\"",
        ),
        // Column 10 through a friend up a slope: 10 / 2 / 2.
        (
            "column through, up a slope",
            steady(FOOT, Column, 24),
            facts(false, false, true, true),
            "2½\"",
        ),
        // Disordered line 6, oblique and wheeling: 6 / 4 / 2.
        (
            "disordered line oblique, wheeling",
            loose(FOOT, Line, 24),
            facts(true, true, false, false),
            "¾\"",
        ),
        // Disordered HC 12, oblique, through, up a slope: 12 / 4 / 2 / 2.
        (
            "disordered HC, all three",
            loose(HC, Line, 12),
            facts(true, false, true, true),
            "¾\"",
        ),
        // MC column 16, oblique and wheeling while steady: the wheel is free, 8.
        (
            "MC column oblique, wheeling",
            steady(MC, Column, 12),
            facts(true, true, false, false),
            "8\"",
        ),
    ];
    for (what, u, facts, expected) in cases {
        assert_eq!(ruler(&u, &facts), expected, "{what}");
    }
}

proptest! {
    #[test]
    fn slowing_facts_never_lengthen_a_move(
        oblique: bool, wheel: bool, through: bool, rough: bool, disordered: bool,
    ) {
        let mut u = unit(FOOT, Grade::C, Formation::Column, 24);
        u.disordered = disordered;
        let facts = MoveFacts { oblique, wheel, rough, through, ..MoveFacts::default() };
        let p = plan(&u, &facts).map_err(|no| TestCaseError::fail(no.to_string()))?;
        prop_assert!(p.inches <= Inches::whole(10));
        prop_assert_eq!(p.inches == Inches::whole(10), !(oblique || through || rough || (wheel && disordered)));
    }
}
