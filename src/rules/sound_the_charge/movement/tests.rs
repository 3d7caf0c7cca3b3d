// Why this file is long: a test for each passage of *Movement* and *Maneuvers*, its figure
// worked out from the text.

use super::*;
use crate::rules::unit::{InfantryType, Morale};
use proptest::prelude::*;

/// A unit as a scenario file makes it (so new fields on `Unit` need no change
/// here), then given the arm, grade and formation wanted. The charts' tests use it too.
pub(crate) fn unit(arm: Arm, grade: Grade, formation: Formation) -> Unit {
    let text = "[scenario]\ntitle = \"Test\"\nruleset = \"sound-the-charge\"\nfirst = \"a\"\n\n\
             [[side]]\nid = \"a\"\nname = \"Blue\"\n\n[[side]]\nid = \"b\"\nname = \"Red\"\n\n\
             [[unit]]\nid = \"u\"\nside = \"a\"\nname = \"u\"\narm = \"infantry\"\n\
             type = \"line\"\ngrade = \"C\"\nfigures = 12\nformation = \"line\"\n\n\
             [[unit]]\nid = \"v\"\nside = \"b\"\nname = \"v\"\narm = \"infantry\"\n\
             type = \"line\"\ngrade = \"C\"\nfigures = 12\n";
    let (scenario, _) = crate::scenario::parse("test.toml", text).unwrap_or_else(|e| panic!("{e}"));
    let mut unit = scenario.units[0].clone();
    unit.arm = arm;
    unit.grade = grade;
    unit.formation = formation;
    unit
}

const FOOT: Arm = Arm::Infantry(InfantryType::Line);
const LIGHT_FOOT: Arm = Arm::Infantry(InfantryType::Light);
const LIGHT_CAV: Arm = Arm::Cavalry(CavalryType::Light);
const HEAVY_CAV: Arm = Arm::Cavalry(CavalryType::Heavy);

fn guns(calibre: Calibre, horse: bool) -> Arm {
    Arm::Artillery {
        calibre,
        guns: 2,
        horse,
    }
}

fn inches(unit: &Unit, facts: &MoveFacts) -> Inches {
    plan(unit, facts).unwrap_or_else(|e| panic!("{e}")).inches
}

fn charge() -> MoveFacts {
    MoveFacts {
        charge: true,
        ..MoveFacts::default()
    }
}

fn form(formation: Formation) -> MoveFacts {
    MoveFacts {
        new_formation: Some(formation),
        ..MoveFacts::default()
    }
}

#[test]
fn infantry_column_moves_6_and_charges_8() {
    // *Movement Table*: infantry column 6, charge +2.
    let u = unit(FOOT, Grade::C, Formation::Column);
    assert_eq!(inches(&u, &MoveFacts::default()), Inches::whole(6));
    let p = plan(&u, &charge()).unwrap();
    assert_eq!(p.inches, Inches::whole(8));
    assert_eq!(p.steps[1].effect, Effect::Plus(Inches::whole(2)));
    assert_eq!(p.maneuver, None);
}

#[test]
fn infantry_line_and_skirmishers_move_4() {
    // *Movement Table* line 4; *Skirmish Movement*: skirmishers at line rate.
    let line = unit(FOOT, Grade::C, Formation::Line);
    assert_eq!(inches(&line, &MoveFacts::default()), Inches::whole(4));
    let skirm = unit(LIGHT_FOOT, Grade::C, Formation::Skirmish);
    assert_eq!(inches(&skirm, &MoveFacts::default()), Inches::whole(4));
}

#[test]
fn out_of_command_column_moves_3_not_6() {
    // *Units out of Command*: half speed, 6 → 3.
    let u = unit(FOOT, Grade::C, Formation::Column);
    let facts = MoveFacts {
        out_of_command: true,
        ..MoveFacts::default()
    };
    assert_eq!(inches(&u, &facts), Inches::whole(3));
}

#[test]
fn line_out_of_command_in_rough_ground_moves_1_and_is_disordered() {
    // *Units out of Command* and *Steep Slopes and Rough Ground*: 4 → 2 → 1.
    let u = unit(FOOT, Grade::C, Formation::Line);
    let facts = MoveFacts {
        out_of_command: true,
        rough: true,
        ..MoveFacts::default()
    };
    let p = plan(&u, &facts).unwrap();
    assert_eq!(p.inches, Inches::whole(1));
    assert_eq!(p.disordered.len(), 1);
    assert!(p.shaken.is_empty());
}

#[test]
fn skirmishers_move_4_in_rough_ground_and_stay_in_order() {
    // *Steep Slopes and Rough Ground*: "Skirmishers however move normally."
    let u = unit(LIGHT_FOOT, Grade::C, Formation::Skirmish);
    let p = plan(
        &u,
        &MoveFacts {
            rough: true,
            ..MoveFacts::default()
        },
    )
    .unwrap();
    assert_eq!(p.inches, Inches::whole(4));
    assert!(p.disordered.is_empty());
}

#[test]
fn guns_in_rough_ground_halve_but_are_never_disordered() {
    // Field guns limbered 6 → 3; "atty. is never disordered" (*Combat Points* note).
    let u = unit(guns(Calibre::Field, false), Grade::C, Formation::Limbered);
    let p = plan(
        &u,
        &MoveFacts {
            rough: true,
            ..MoveFacts::default()
        },
    )
    .unwrap();
    assert_eq!(p.inches, Inches::whole(3));
    assert!(p.disordered.is_empty());
}

#[test]
fn light_cavalry_line_charge_is_8_plus_4_is_12() {
    // *Movement Table*: light cavalry line 8, charge +4.
    let u = unit(LIGHT_CAV, Grade::B, Formation::Line);
    assert_eq!(inches(&u, &charge()), Inches::whole(12));
}

#[test]
fn heavy_cavalry_moves_6_in_line_and_8_in_column() {
    // *Movement Table*: heavy or medium cavalry 6 / 8.
    let line = unit(HEAVY_CAV, Grade::B, Formation::Line);
    let column = unit(HEAVY_CAV, Grade::B, Formation::Column);
    assert_eq!(inches(&line, &MoveFacts::default()), Inches::whole(6));
    assert_eq!(inches(&column, &MoveFacts::default()), Inches::whole(8));
}

#[test]
fn horse_guns_limbered_move_14_and_austrian_10() {
    // *Movement Table* horse guns 14; *National Modifiers*, Austria: 10.
    let arm = guns(Calibre::Field, true);
    let u = unit(arm, Grade::B, Formation::Limbered);
    assert_eq!(inches(&u, &MoveFacts::default()), Inches::whole(14));
    let austrian = MoveFacts {
        nation: Some(Nation::Austria),
        ..MoveFacts::default()
    };
    let p = plan(&u, &austrian).unwrap();
    assert_eq!(p.inches, Inches::whole(10));
    assert_eq!(p.steps[1].effect, Effect::Minus(Inches::whole(4)));
    assert_eq!(
        rate(arm, Formation::Limbered, Some(Nation::Austria)).0,
        Inches::whole(10)
    );
    // Unlimbered (manhandled) they move 4 either way.
    assert_eq!(
        rate(arm, Formation::Unlimbered, Some(Nation::Austria)).0,
        Inches::whole(4)
    );
}

#[test]
fn prussian_post_1810_horse_guns_keep_14() {
    // *National Modifiers*: "no horse artillery movement penalty".
    let arm = guns(Calibre::Light, true);
    for nation in [Nation::PrussiaPost1810, Nation::FrenchAllies] {
        assert_eq!(
            rate(arm, Formation::Limbered, Some(nation)).0,
            Inches::whole(14)
        );
    }
}

#[test]
fn horse_battery_of_heavy_calibre_moves_as_heavy_guns() {
    // *Movement Table*: the horse row is "light or field caliber"; heavy is 2 / 4.
    let arm = guns(Calibre::Heavy, true);
    assert_eq!(rate(arm, Formation::Limbered, None).0, Inches::whole(4));
    assert_eq!(rate(arm, Formation::Unlimbered, None).0, Inches::whole(2));
}

#[test]
fn russian_field_guns_limbered_move_4_and_heavy_manhandled_0() {
    // *National Modifiers*, Russia: foot guns 2" slower; 6 → 4, heavy 2 → 0.
    let russia = Some(Nation::Russia);
    let u = unit(guns(Calibre::Field, false), Grade::C, Formation::Limbered);
    let facts = MoveFacts {
        nation: russia,
        ..MoveFacts::default()
    };
    assert_eq!(inches(&u, &facts), Inches::whole(4));
    let heavy = guns(Calibre::Heavy, false);
    assert_eq!(rate(heavy, Formation::Unlimbered, russia).0, Inches::ZERO);
    // Horse guns are not foot guns; without national modifiers nothing changes.
    assert_eq!(
        rate(guns(Calibre::Field, true), Formation::Limbered, russia).0,
        Inches::whole(14)
    );
    assert_eq!(
        rate(guns(Calibre::Field, false), Formation::Limbered, None).0,
        Inches::whole(6)
    );
}

#[test]
fn road_column_moves_12_and_road_line_is_refused() {
    // *Roads*: a column on a road all turn moves 2× (6 → 12); a line may not.
    let column = unit(FOOT, Grade::C, Formation::Column);
    let road = MoveFacts {
        road: true,
        ..MoveFacts::default()
    };
    assert_eq!(inches(&column, &road), Inches::whole(12));
    let line = unit(FOOT, Grade::C, Formation::Line);
    assert!(
        plan(&line, &road)
            .unwrap_err()
            .to_string()
            .contains("*Roads*")
    );
    // Limbered field guns: 6 → 12.
    let battery = unit(guns(Calibre::Field, false), Grade::C, Formation::Limbered);
    assert_eq!(inches(&battery, &road), Inches::whole(12));
}

#[test]
fn road_movement_may_not_charge() {
    // *Roads*: "but may not charge".
    let u = unit(FOOT, Grade::C, Formation::Column);
    let facts = MoveFacts {
        road: true,
        charge: true,
        ..MoveFacts::default()
    };
    assert!(
        plan(&u, &facts)
            .unwrap_err()
            .to_string()
            .contains("road movement may not charge")
    );
}

#[test]
fn grade_c_line_to_column_leaves_0() {
    // *Change Formation/Facing*: a full turn for grade C.
    let u = unit(FOOT, Grade::C, Formation::Line);
    let p = plan(&u, &form(Formation::Column)).unwrap();
    assert_eq!(p.inches, Inches::ZERO);
    assert_eq!(p.maneuver, Some(Cost::Full));
    assert_eq!(p.formation_after, Formation::Column);
    assert_eq!(p.steps.last().unwrap().effect, Effect::NoMoveLeft);
    assert!(p.disordered.is_empty() && p.shaken.is_empty());
}

#[test]
fn grade_a_column_to_line_leaves_half_of_4_is_2() {
    // *Change Formation/Facing*: half a turn for steady A-B; moves at line rate 4.
    let u = unit(FOOT, Grade::A, Formation::Column);
    let p = plan(&u, &form(Formation::Line)).unwrap();
    assert_eq!(p.inches, Inches::whole(2));
    assert_eq!(p.maneuver, Some(Cost::Half));
    assert_eq!(p.formation_after, Formation::Line);
}

#[test]
fn grade_b_facing_change_costs_half() {
    // *Change Formation/Facing*: a facing change is a formation change; column 6 → 3.
    let u = unit(FOOT, Grade::B, Formation::Column);
    let facts = MoveFacts {
        face: true,
        ..MoveFacts::default()
    };
    let p = plan(&u, &facts).unwrap();
    assert_eq!(p.inches, Inches::whole(3));
    assert_eq!(p.maneuver, Some(Cost::Half));
}

#[test]
fn grade_d_formation_change_costs_full_and_disorders() {
    // Playsheet *Maneuvers*: "1 move plus disorder for D".
    let u = unit(FOOT, Grade::D, Formation::Line);
    let p = plan(&u, &form(Formation::Column)).unwrap();
    assert_eq!(p.inches, Inches::ZERO);
    assert_eq!(p.maneuver, Some(Cost::Full));
    assert_eq!(p.disordered.len(), 1);
    assert!(p.disordered[0].contains("grade D maneuvering"));
}

#[test]
fn french_grade_d_change_costs_full_and_is_not_disordered() {
    // *National Modifiers*, France: maneuvers as grade C: a full turn, no disorder.
    let u = unit(FOOT, Grade::D, Formation::Line);
    let facts = MoveFacts {
        nation: Some(Nation::France),
        ..form(Formation::Column)
    };
    let p = plan(&u, &facts).unwrap();
    assert_eq!(p.inches, Inches::ZERO);
    assert_eq!(p.maneuver, Some(Cost::Full));
    assert!(p.disordered.is_empty());
}

#[test]
fn swiss_grade_c_change_costs_half_of_6_is_3() {
    // *National Modifiers*, Switzerland: grade C maneuvers as B, half a turn.
    let u = unit(FOOT, Grade::C, Formation::Line);
    let facts = MoveFacts {
        nation: Some(Nation::Switzerland),
        ..form(Formation::Column)
    };
    let p = plan(&u, &facts).unwrap();
    assert_eq!(p.inches, Inches::whole(3));
    assert_eq!(p.maneuver, Some(Cost::Half));
}

#[test]
fn disordered_unit_changing_formation_costs_full_and_becomes_shaken() {
    // *Change Formation/Facing*: unsteady troops take a full turn; "The unit
    // becomes shaken if already disordered."
    let mut u = unit(FOOT, Grade::A, Formation::Line);
    u.disordered = true;
    let p = plan(&u, &form(Formation::Column)).unwrap();
    assert_eq!(p.inches, Inches::ZERO);
    assert_eq!(p.maneuver, Some(Cost::Full));
    assert_eq!(p.shaken.len(), 1);
    assert!(p.shaken[0].contains("maneuvering while disordered"));
}

#[test]
fn pinning_shakes_a_maneuver_near_the_enemy_only_when_in_play() {
    // Optional *Pinning*: a maneuver within 4" of an enemy shakes the unit.
    let u = unit(FOOT, Grade::A, Formation::Column);
    let near = MoveFacts {
        near_enemy: true,
        ..form(Formation::Line)
    };
    let off = plan(&u, &near).unwrap();
    assert!(off.shaken.is_empty());
    assert_eq!(off.inches, Inches::whole(2));
    let on = plan(
        &u,
        &MoveFacts {
            pinning: true,
            ..near
        },
    )
    .unwrap();
    assert_eq!(
        on.shaken,
        vec!["maneuvering within 4\" of the enemy (Pinning)"]
    );
    assert_eq!(on.inches, Inches::whole(2));
    // A wheel is no maneuver: no pinning.
    let wheel = MoveFacts {
        pinning: true,
        near_enemy: true,
        wheel: true,
        ..MoveFacts::default()
    };
    assert!(plan(&u, &wheel).unwrap().shaken.is_empty());
}

#[test]
fn limbering_field_guns_leaves_3_and_unlimbering_1_half() {
    // *Artillery Movement*: limbering takes half a move, whatever the grade:
    // limbered 6 → 3; unlimbering: manhandled 3 → 1½.
    let u = unit(guns(Calibre::Field, false), Grade::D, Formation::Unlimbered);
    let p = plan(&u, &form(Formation::Limbered)).unwrap();
    assert_eq!(p.inches, Inches::whole(3));
    assert_eq!(p.maneuver, Some(Cost::Half));
    assert!(p.disordered.is_empty());
    let limbered = unit(guns(Calibre::Field, false), Grade::C, Formation::Limbered);
    let p = plan(&limbered, &form(Formation::Unlimbered)).unwrap();
    assert_eq!(p.inches, Inches(6));
    assert_eq!(p.inches.to_string(), "1½\"");
}

#[test]
fn manhandled_guns_and_skirmishers_face_freely() {
    // *Artillery Movement*, *Skirmish Movement*: "may move and face freely".
    let facing = MoveFacts {
        face: true,
        ..MoveFacts::default()
    };
    let battery = unit(guns(Calibre::Field, false), Grade::D, Formation::Unlimbered);
    let p = plan(&battery, &facing).unwrap();
    assert_eq!((p.inches, p.maneuver), (Inches::whole(3), None));
    let skirm = unit(LIGHT_FOOT, Grade::D, Formation::Skirmish);
    let p = plan(&skirm, &facing).unwrap();
    assert_eq!((p.inches, p.maneuver), (Inches::whole(4), None));
    // Limbered guns "maneuver like any other unit": grade C takes the turn.
    let limbered = unit(guns(Calibre::Field, false), Grade::C, Formation::Limbered);
    assert_eq!(plan(&limbered, &facing).unwrap().maneuver, Some(Cost::Full));
}

#[test]
fn square_may_not_move_but_may_form_column() {
    // *Movement*: "Squares may not move." Grade B square → column: half of 6 = 3.
    let u = unit(FOOT, Grade::B, Formation::Square);
    assert!(
        plan(&u, &MoveFacts::default())
            .unwrap_err()
            .to_string()
            .contains("squares may not move")
    );
    let p = plan(&u, &form(Formation::Column)).unwrap();
    assert_eq!(p.inches, Inches::whole(3));
    // Forming square leaves no move.
    let line = unit(FOOT, Grade::A, Formation::Line);
    assert_eq!(inches(&line, &form(Formation::Square)), Inches::ZERO);
}

#[test]
fn impossible_or_repeated_formations_are_refused() {
    let u = unit(HEAVY_CAV, Grade::A, Formation::Line);
    assert_eq!(
        plan(&u, &form(Formation::Line)).unwrap_err().to_string(),
        "u is already in line"
    );
    assert!(
        plan(&u, &form(Formation::Square))
            .unwrap_err()
            .to_string()
            .contains("cannot form square")
    );
}

#[test]
fn shaken_may_not_charge() {
    // *Charging* 5.
    let mut u = unit(FOOT, Grade::A, Formation::Column);
    u.morale = Morale::Shaken;
    assert_eq!(
        plan(&u, &charge()).unwrap_err().to_string(),
        "u is shaken: shaken units may not charge (*Charging* 5)"
    );
    // It may still move: 6.
    assert_eq!(inches(&u, &MoveFacts::default()), Inches::whole(6));
}

#[test]
fn guns_may_not_charge() {
    // *Charging* 5: gunners may not charge; the chart's charge column is "NA".
    let u = unit(guns(Calibre::Light, true), Grade::A, Formation::Limbered);
    assert!(
        plan(&u, &charge())
            .unwrap_err()
            .to_string()
            .contains("gunners may not charge")
    );
    assert_eq!(charge_bonus(u.arm), None);
}

#[test]
fn units_in_close_combat_may_not_move() {
    // *Movement*: units in a continuing close combat may not move.
    let mut u = unit(FOOT, Grade::A, Formation::Column);
    u.in_contact_with.push("enemy".to_owned());
    assert!(
        plan(&u, &MoveFacts::default())
            .unwrap_err()
            .to_string()
            .contains("in close combat: it may not move")
    );
}

#[test]
fn blown_heavy_cavalry_charges_at_8_without_bonus() {
    // Optional *Blown Cavalry*: no charge speed; column 8 + 0.
    let u = unit(HEAVY_CAV, Grade::B, Formation::Column);
    let facts = MoveFacts {
        blown: true,
        ..charge()
    };
    let p = plan(&u, &facts).unwrap();
    assert_eq!(p.inches, Inches::whole(8));
    assert_eq!(
        p.steps[1],
        Step::new(
            Effect::Plus(Inches::ZERO),
            "blown cavalry may not use charge speed (Blown Cavalry)"
        )
    );
}

#[test]
fn interpenetration_halves_and_is_refused_when_restricted() {
    // *Interpenetration*: half speed, 6 → 3; optional restriction forbids it.
    let u = unit(FOOT, Grade::C, Formation::Column);
    let through = MoveFacts {
        through: true,
        ..MoveFacts::default()
    };
    assert_eq!(inches(&u, &through), Inches::whole(3));
    let restricted = MoveFacts {
        interpenetration_restricted: true,
        ..through
    };
    assert!(
        plan(&u, &restricted)
            .unwrap_err()
            .to_string()
            .contains("Interpenetration Restrictions")
    );
}

#[test]
fn charge_bonus_may_not_pass_through_friends_except_for_skirmishers() {
    // *Charging* 2. Skirmishers: (4 + 2) / 2 = 3.
    let through_charge = MoveFacts {
        through: true,
        ..charge()
    };
    let column = unit(FOOT, Grade::C, Formation::Column);
    assert!(
        plan(&column, &through_charge)
            .unwrap_err()
            .to_string()
            .contains("*Charging* 2")
    );
    let skirm = unit(LIGHT_FOOT, Grade::C, Formation::Skirmish);
    assert_eq!(inches(&skirm, &through_charge), Inches::whole(3));
}

#[test]
fn wheel_is_full_speed_but_half_for_grade_d_or_unsteady() {
    // *Wheeling*: line 4 for grade C; 2 for grade D or a disordered unit.
    let wheel = MoveFacts {
        wheel: true,
        ..MoveFacts::default()
    };
    assert_eq!(
        inches(&unit(FOOT, Grade::C, Formation::Line), &wheel),
        Inches::whole(4)
    );
    assert_eq!(
        inches(&unit(FOOT, Grade::D, Formation::Line), &wheel),
        Inches::whole(2)
    );
    let mut disordered = unit(FOOT, Grade::A, Formation::Line);
    disordered.disordered = true;
    assert_eq!(inches(&disordered, &wheel), Inches::whole(2));
}

#[test]
fn oblique_light_cavalry_column_moves_5() {
    // *Oblique, Sidestep, and Backstep*: half speed, 10 → 5.
    let u = unit(LIGHT_CAV, Grade::C, Formation::Column);
    let facts = MoveFacts {
        oblique: true,
        ..MoveFacts::default()
    };
    assert_eq!(inches(&u, &facts), Inches::whole(5));
}

#[test]
fn three_halvings_of_field_guns_round_down_to_a_quarter() {
    // Manhandled field guns 3 out of command, oblique, rough: 1½, ¾, ⅜ → ¼.
    let u = unit(guns(Calibre::Field, false), Grade::C, Formation::Unlimbered);
    let facts = MoveFacts {
        out_of_command: true,
        oblique: true,
        rough: true,
        ..MoveFacts::default()
    };
    assert_eq!(inches(&u, &facts), Inches(1));
}

#[test]
fn spanish_and_neapolitan_cavalry_need_3_to_charge() {
    // *National Modifiers*, Spain, Naples.
    let cav = unit(LIGHT_CAV, Grade::C, Formation::Line);
    let foot = unit(FOOT, Grade::C, Formation::Line);
    assert_eq!(charge_roll_needed(&cav, Some(Nation::Spain)), Some(3));
    assert_eq!(charge_roll_needed(&cav, Some(Nation::Naples)), Some(3));
    assert_eq!(charge_roll_needed(&cav, Some(Nation::France)), None);
    assert_eq!(charge_roll_needed(&cav, None), None);
    assert_eq!(charge_roll_needed(&foot, Some(Nation::Spain)), None);
}

#[test]
fn generals_move_18_and_evaders_8() {
    // Playsheet: generals 18"; *Evading*: no more than 8".
    assert_eq!(general_move(), Inches::whole(18));
    assert_eq!(evade_max(), Inches::whole(8));
}

#[test]
fn inches_read_as_a_ruler() {
    assert_eq!(Inches(3).to_string(), "¾\"");
    assert_eq!(Inches(6).to_string(), "1½\"");
    assert_eq!(Inches(9).to_string(), "2¼\"");
    assert_eq!(Inches::whole(6).to_string(), "6\"");
    assert_eq!(Inches::ZERO.to_string(), "0\"");
}

/// What a worked case adds to a plain move.
#[derive(Debug, Clone, Copy)]
enum With {
    Nothing,
    Charge,
    Road,
    OutOfCommand,
    /// Already in battalion-masse.
    InMasse,
    /// Forms (true) or leaves (false) battalion-masse.
    Masse(bool),
    /// A formation change to this.
    Form(Formation),
    /// The gunners evaded and are away from their guns.
    GunnersAfoot,
}

/// Plans one worked case; the unit is steady unless the case says otherwise.
fn worked(
    arm: Arm,
    grade: Grade,
    formation: Formation,
    nation: Option<Nation>,
    with: With,
) -> Inches {
    let mut u = unit(arm, grade, formation);
    let mut facts = MoveFacts {
        nation,
        ..MoveFacts::default()
    };
    match with {
        With::Nothing => {}
        With::Charge => facts.charge = true,
        With::Road => facts.road = true,
        With::OutOfCommand => facts.out_of_command = true,
        With::InMasse => u.sound_the_charge.masse = true,
        With::Masse(forming) => {
            u.sound_the_charge.masse = !forming;
            facts.masse = Some(forming);
        }
        With::Form(new) => facts.new_formation = Some(new),
        With::GunnersAfoot => u.sound_the_charge.guns_abandoned = true,
    }
    plan(&u, &facts)
        .unwrap_or_else(|e| panic!("{arm:?} {formation:?} {nation:?} {with:?}: {e}"))
        .inches
}

#[test]
fn movement_table_rates_worked_cases() {
    const MEDIUM_CAV: Arm = Arm::Cavalry(CavalryType::Medium);
    use Formation::{Column, Limbered, Line, Skirmish, Unlimbered};
    use With::{Charge, Nothing, Road};
    let (horse_light, horse_field, horse_heavy) = (
        guns(Calibre::Light, true),
        guns(Calibre::Field, true),
        guns(Calibre::Heavy, true),
    );
    let (light_guns, field_guns, heavy_guns) = (
        guns(Calibre::Light, false),
        guns(Calibre::Field, false),
        guns(Calibre::Heavy, false),
    );
    // (arm, formation, with, inches the text gives). *Movement Table* is at lines
    // 132-140 of the text; the charge column is added per *Charge Bonus Movement*
    // (225), a road doubles per *Roads* (318).
    let rows = [
        // Infantry row (134): line 4, column 6, charge +2.
        (FOOT, Line, Nothing, 4),
        (FOOT, Column, Nothing, 6),
        (FOOT, Line, Charge, 6),   // 4 + 2
        (FOOT, Column, Charge, 8), // 6 + 2
        (FOOT, Column, Road, 12),  // 6 × 2
        (LIGHT_FOOT, Line, Nothing, 4),
        (LIGHT_FOOT, Column, Nothing, 6),
        // *Skirmish Movement* (112): skirmishers at line rate, 4; charging 4 + 2.
        (LIGHT_FOOT, Skirmish, Nothing, 4),
        (LIGHT_FOOT, Skirmish, Charge, 6),
        // Heavy or medium cavalry row (135): 6 / 8, charge +4.
        (HEAVY_CAV, Line, Nothing, 6),
        (HEAVY_CAV, Column, Nothing, 8),
        (HEAVY_CAV, Line, Charge, 10),   // 6 + 4
        (HEAVY_CAV, Column, Charge, 12), // 8 + 4
        (HEAVY_CAV, Column, Road, 16),   // 8 × 2
        (MEDIUM_CAV, Line, Nothing, 6),
        (MEDIUM_CAV, Column, Nothing, 8),
        (MEDIUM_CAV, Line, Charge, 10),   // 6 + 4
        (MEDIUM_CAV, Column, Charge, 12), // 8 + 4
        // Light cavalry row (136): 8 / 10, charge +4.
        (LIGHT_CAV, Line, Nothing, 8),
        (LIGHT_CAV, Column, Nothing, 10),
        (LIGHT_CAV, Line, Charge, 12),   // 8 + 4
        (LIGHT_CAV, Column, Charge, 14), // 10 + 4
        (LIGHT_CAV, Column, Road, 20),   // 10 × 2
        // Guns: manhandled at line rate, limbered at column rate (*Artillery
        // Movement*, 110); a limbered battery doubles on a road (318).
        // Horse guns, light or field calibre (137): 4 / 14.
        (horse_light, Unlimbered, Nothing, 4),
        (horse_light, Limbered, Nothing, 14),
        (horse_light, Limbered, Road, 28), // 14 × 2
        (horse_field, Unlimbered, Nothing, 4),
        (horse_field, Limbered, Nothing, 14),
        (horse_field, Limbered, Road, 28), // 14 × 2
        // A heavy horse battery is not in the horse row (137): heavy row, 2 / 4.
        (horse_heavy, Unlimbered, Nothing, 2),
        (horse_heavy, Limbered, Nothing, 4),
        (horse_heavy, Limbered, Road, 8), // 4 × 2
        // Light guns (138): 4 / 6.
        (light_guns, Unlimbered, Nothing, 4),
        (light_guns, Limbered, Nothing, 6),
        (light_guns, Limbered, Road, 12), // 6 × 2
        // Field guns (139): 3 / 6.
        (field_guns, Unlimbered, Nothing, 3),
        (field_guns, Limbered, Nothing, 6),
        (field_guns, Limbered, Road, 12), // 6 × 2
        // Heavy guns (140): 2 / 4.
        (heavy_guns, Unlimbered, Nothing, 2),
        (heavy_guns, Limbered, Nothing, 4),
        (heavy_guns, Limbered, Road, 8), // 4 × 2
    ];
    for (arm, formation, with, want) in rows {
        let want = Inches::whole(want);
        let got = worked(arm, Grade::C, formation, None, with);
        assert_eq!(got, want, "{arm:?} {formation:?} {with:?}");
        if matches!(with, Nothing) {
            assert_eq!(
                rate(arm, formation, None).0,
                want,
                "rate {arm:?} {formation:?}"
            );
        }
    }
    // *Movement* (104): squares may not move, so their rate is 0.
    assert_eq!(rate(FOOT, Formation::Square, None).0, Inches::ZERO);
}

#[test]
fn national_movement_modifiers_worked_cases() {
    use Formation::{Column, Limbered, Line, Unlimbered};
    use Grade::{C, D};
    use Nation::{
        Austria, Britain, France, FrenchAllies, Naples, Other, PrussiaPost1810, Russia, Spain,
        Switzerland,
    };
    use With::{Charge, Form, GunnersAfoot, InMasse, Masse, Nothing, OutOfCommand, Road};
    let (horse_light, horse_field, horse_heavy) = (
        guns(Calibre::Light, true),
        guns(Calibre::Field, true),
        guns(Calibre::Heavy, true),
    );
    let (light_guns, field_guns, heavy_guns) = (
        guns(Calibre::Light, false),
        guns(Calibre::Field, false),
        guns(Calibre::Heavy, false),
    );
    // (arm, grade, formation, nation, with, inches the text gives). *National
    // Modifiers* (365-381), over the *Movement Table* (132-140); the order of the
    // sum is ruling 44.
    let rows = [
        // Austria (367): horse guns limbered move 10 instead of 14.
        (horse_light, C, Limbered, Austria, Nothing, 10),
        (horse_field, C, Limbered, Austria, Nothing, 10),
        (horse_field, C, Limbered, Austria, Road, 20), // 10 × 2
        // Only when limbered: manhandled horse guns keep the line rate, 4.
        (horse_field, C, Unlimbered, Austria, Nothing, 4),
        // A heavy horse battery is on the heavy row (137, 140): 4, not raised to 10.
        (horse_heavy, C, Limbered, Austria, Nothing, 4),
        // Foot guns are not horse guns: field guns limbered keep 6.
        (field_guns, C, Limbered, Austria, Nothing, 6),
        // Austria (367), battalion-masse moves at line speed: column 6 → 4. Forming
        // it ends in masse, 4 × ½ → 2; leaving it ends in column, 6 × ½ → 3
        // (rulings 44, 61).
        (FOOT, C, Column, Austria, InMasse, 4),
        (FOOT, C, Column, Austria, Masse(true), 2),
        (FOOT, C, Column, Austria, Masse(false), 3),
        // Prussia post-1810, French allies (377): as Austria but without the horse
        // artillery penalty, so horse guns limbered keep 14.
        (horse_light, C, Limbered, PrussiaPost1810, Nothing, 14),
        (horse_field, C, Limbered, PrussiaPost1810, Nothing, 14),
        (horse_light, C, Limbered, FrenchAllies, Nothing, 14),
        (horse_field, C, Limbered, FrenchAllies, Nothing, 14),
        // Russia (379): foot guns 2 slower.
        (light_guns, C, Unlimbered, Russia, Nothing, 2), // 4 - 2
        (light_guns, C, Limbered, Russia, Nothing, 4),   // 6 - 2
        (field_guns, C, Unlimbered, Russia, Nothing, 1), // 3 - 2
        (field_guns, C, Limbered, Russia, Nothing, 4),   // 6 - 2
        (field_guns, C, Limbered, Russia, Road, 8),      // (6 - 2) × 2
        (field_guns, C, Limbered, Russia, OutOfCommand, 2), // (6 - 2) × ½
        (heavy_guns, C, Unlimbered, Russia, Nothing, 0), // 2 - 2
        (heavy_guns, C, Limbered, Russia, Nothing, 2),   // 4 - 2
        // Horse guns are not foot guns: 4 / 14, heavy horse 4; infantry keeps 6.
        (horse_field, C, Unlimbered, Russia, Nothing, 4),
        (horse_field, C, Limbered, Russia, Nothing, 14),
        (horse_heavy, C, Limbered, Russia, Nothing, 4),
        (FOOT, C, Column, Russia, Nothing, 6),
        // Gunners away from their guns move as skirmishers, 4, with no guns to slow
        // them (*Artillery Movement*, 110; ruling 65).
        (field_guns, C, Unlimbered, Russia, GunnersAfoot, 4),
        // France, Switzerland (373): maneuver one grade higher. C as B: half the
        // turn, column 6 × ½ → 3; D as C: the whole turn → 0 (*Change
        // Formation/Facing*, 165). All troops: light cavalry C, 10 × ½ → 5.
        (FOOT, C, Line, France, Form(Column), 3),
        (FOOT, C, Line, Switzerland, Form(Column), 3),
        (FOOT, D, Line, France, Form(Column), 0),
        (LIGHT_CAV, C, Line, France, Form(Column), 5),
        // Without that modifier grade C takes the whole turn (165) → 0.
        (FOOT, C, Line, Britain, Form(Column), 0),
        // Spain, Naples (381): the 3-6 roll gates the charge, not its distance:
        // light cavalry line 8 + 4 → 12.
        (LIGHT_CAV, C, Line, Spain, Charge, 12),
        (LIGHT_CAV, C, Line, Naples, Charge, 12),
        // A nation the text gives no character (ruling 6): field guns limbered 6.
        (field_guns, C, Limbered, Other, Nothing, 6),
    ];
    for (arm, grade, formation, nation, with, want) in rows {
        let want = Inches::whole(want);
        let got = worked(arm, grade, formation, Some(nation), with);
        assert_eq!(
            got, want,
            "{arm:?} {grade:?} {formation:?} {nation:?} {with:?}"
        );
        if matches!(with, Nothing) {
            assert_eq!(
                rate(arm, formation, Some(nation)).0,
                want,
                "rate {arm:?} {formation:?} {nation:?}"
            );
        }
    }
}

fn any_arm() -> impl Strategy<Value = Arm> {
    prop_oneof![
        Just(FOOT),
        Just(LIGHT_FOOT),
        Just(LIGHT_CAV),
        Just(Arm::Cavalry(CavalryType::Medium)),
        Just(HEAVY_CAV),
        (
            prop_oneof![
                Just(Calibre::Light),
                Just(Calibre::Field),
                Just(Calibre::Heavy)
            ],
            any::<bool>()
        )
            .prop_map(|(calibre, horse)| guns(calibre, horse)),
    ]
}

fn any_nation() -> impl Strategy<Value = Option<Nation>> {
    prop_oneof![
        Just(None),
        Just(Some(Nation::Austria)),
        Just(Some(Nation::France)),
        Just(Some(Nation::Russia)),
        Just(Some(Nation::Spain)),
    ]
}

proptest! {
    #[test]
    fn allowance_is_bounded_and_halvings_never_help(
        arm in any_arm(),
        grade in prop_oneof![Just(Grade::A), Just(Grade::B), Just(Grade::C), Just(Grade::D)],
        formation in 0..Formation::ALL.len(),
        new in proptest::option::of(0..Formation::ALL.len()),
        flags in proptest::collection::vec(any::<bool>(), 15),
        nation in any_nation(),
        ground in proptest::option::of(0..Terrain::ALL.len()),
        halving in 0usize..7,
    ) {
        let mut u = unit(arm, grade, Formation::ALL[formation]);
        u.disordered = flags[0];
        if flags[1] {
            u.morale = Morale::Shaken;
        }
        u.sound_the_charge.guns_abandoned = flags[14];
        let facts = MoveFacts {
            charge: flags[2],
            new_formation: new.map(|i| Formation::ALL[i]),
            face: flags[3],
            oblique: flags[4],
            wheel: flags[5],
            road: flags[6],
            rough: flags[7],
            through: flags[8],
            near_enemy: flags[9],
            out_of_command: flags[10],
            blown: flags[11],
            nation,
            interpenetration_restricted: false,
            pinning: flags[12],
            upstream: false,
            masse: None,
            terrain: ground.map(|i| Terrain::ALL[i]),
            backwheel: flags[13],
            screening: false,
        };
        if let Ok(p) = plan(&u, &facts) {
            let (rate, _) = if gunners_afoot(&u) {
                chart_rate(LIGHT_FOOT, Formation::Skirmish)
            } else {
                rate(arm, p.formation_after, nation)
            };
            let bonus = charge_bonus(arm).unwrap_or(Inches::ZERO);
            prop_assert!(p.inches.0 <= (rate.0 + bonus.0) * 2);
            let mut slower = facts;
            match halving {
                0 => slower.out_of_command = true,
                1 => slower.oblique = true,
                2 => slower.through = true,
                3 => slower.rough = true,
                4 => slower.wheel = true,
                5 => slower.backwheel = true,
                _ => {
                    slower.terrain = slower.terrain.or(Some(Terrain::LightWoods));
                }
            }
            if let Ok(q) = plan(&u, &slower) {
                prop_assert!(q.inches <= p.inches);
            }
        }
    }
}
