use super::*;
use crate::rules::old_trousers::unit::{Morale, Nation};
use proptest::prelude::*;

fn british() -> Unit {
    Unit::infantry("1/44th", Nation::British, Morale::Average, 12)
}

fn french() -> Unit {
    Unit::infantry("2/45e", Nation::French, Morale::Average, 12)
}

#[test]
fn the_movement_table() {
    assert_eq!(MoveClass::Infantry.rate(Formation::Line), Some(4));
    assert_eq!(MoveClass::Infantry.rate(Formation::Square), Some(2));
    assert_eq!(
        MoveClass::LightCavalry.rate(Formation::AttackColumn),
        Some(14)
    );
    assert_eq!(
        MoveClass::OtherCavalry.rate(Formation::CompanyColumn),
        Some(16)
    );
    assert_eq!(MoveClass::OtherCavalry.rate(Formation::Square), None);
    assert_eq!(
        MoveClass::HorseArtillery.rate(Formation::Limbered),
        Some(16)
    );
    assert_eq!(
        MoveClass::HeavyArtillery.rate(Formation::Unlimbered),
        Some(1)
    );
    let twelves = Unit::battery(
        "12s",
        Nation::French,
        Calibre::Twelve,
        Transport::Horse,
        2,
        6,
    );
    assert_eq!(MoveClass::of(twelves.arm), MoveClass::HeavyArtillery);
}

#[test]
fn a_french_battalion_forms_column_in_a_quarter_of_its_line_move() {
    // p15: French pay 1/4, the slowest formation (line, 4") caps the move: 4 - 1 = 3.
    let mut plan = MovePlan::forward(Formation::Line);
    plan.to = Formation::AttackColumn;
    let a = allowance(&french(), &plan).expect("allowed");
    assert_eq!(a.rate, Distance::inches(4));
    assert_eq!(a.ground, Distance::inches(3));
    // The British pay half and may not form attack column: company column instead.
    plan.to = Formation::CompanyColumn;
    assert_eq!(
        allowance(&british(), &plan).expect("allowed").ground,
        Distance::inches(2)
    );
    plan.to = Formation::AttackColumn;
    assert!(allowance(&british(), &plan).is_err());
}

#[test]
fn light_cavalry_about_faces_for_a_quarter_of_nine_inches() {
    let hussars = Unit::cavalry("hussars", Nation::French, Morale::Good, Weight::Light, 8);
    let mut plan = MovePlan::forward(Formation::Line);
    plan.about_faces = 1;
    let a = allowance(&hussars, &plan).expect("allowed");
    assert_eq!(a.ground, Distance::quarters(27), "9 - 2¼ = 6¾");
    assert_eq!(a.ground.to_string(), "6¾\"");
    plan.oblique = true;
    assert!(allowance(&hussars, &plan).is_err());
}

#[test]
fn oblique_in_light_woods_costs_four_times() {
    let mut plan = MovePlan::forward(Formation::CompanyColumn);
    plan.oblique = true;
    plan.area = Area::LightWoods;
    assert_eq!(
        allowance(&british(), &plan).expect("allowed").ground,
        Distance::inches(2)
    );
}

#[test]
fn walls_cost_three_inches_and_stop_guns() {
    let mut plan = MovePlan::forward(Formation::CompanyColumn);
    plan.crossings = vec![Obstacle::StoneWallOrRedoubt];
    assert_eq!(
        allowance(&british(), &plan).expect("allowed").ground,
        Distance::inches(5)
    );
    let guns = Unit::battery("foot", Nation::British, Calibre::Six, Transport::Foot, 2, 6);
    let mut plan = MovePlan::forward(Formation::Limbered);
    plan.crossings = vec![Obstacle::StoneWallOrRedoubt];
    assert!(allowance(&guns, &plan).is_err());
    plan.crossings = vec![Obstacle::Bridge];
    assert!(allowance(&guns, &plan).is_ok());
    let line = MovePlan {
        crossings: vec![Obstacle::Bridge],
        ..MovePlan::forward(Formation::Line)
    };
    assert!(allowance(&british(), &line).is_err());
}

#[test]
fn operational_movement_doubles_and_forbids_charges() {
    let mut plan = MovePlan::forward(Formation::CompanyColumn);
    plan.operational = true;
    assert_eq!(
        allowance(&british(), &plan).expect("allowed").ground,
        Distance::inches(16)
    );
    plan.charge_dice = Some(vec![3]);
    assert!(allowance(&british(), &plan).is_err());
}

#[test]
fn a_battery_limbers_and_moves_half_its_rate() {
    let guns = Unit::battery(
        "horse",
        Nation::British,
        Calibre::Six,
        Transport::Horse,
        2,
        6,
    );
    let mut plan = MovePlan::forward(Formation::Unlimbered);
    plan.to = Formation::Limbered;
    assert_eq!(
        allowance(&guns, &plan).expect("allowed").ground,
        Distance::inches(8)
    );
    let mut plan = MovePlan::forward(Formation::Limbered);
    plan.to = Formation::Unlimbered;
    plan.prolong = true;
    assert_eq!(
        allowance(&guns, &plan).expect("allowed").ground,
        Distance::inches(1)
    );
}

#[test]
fn a_cavalry_charge_adds_two_d6() {
    let dragoons = Unit::cavalry("dragoons", Nation::French, Morale::Good, Weight::Medium, 8);
    let mut plan = MovePlan::forward(Formation::Line);
    plan.charge_dice = Some(vec![4, 5]);
    assert_eq!(
        allowance(&dragoons, &plan).expect("allowed").ground,
        Distance::inches(17)
    );
}

#[test]
fn changing_formation_in_woods_disorders() {
    let mut plan = MovePlan::forward(Formation::Line);
    plan.to = Formation::CompanyColumn;
    plan.area = Area::PoorGround;
    let a = allowance(&british(), &plan).expect("allowed");
    assert_eq!(a.disorders.len(), 1);
    assert_eq!(a.ground, Distance::inches(1), "(4 - 2) at half speed");
}

#[test]
fn squares_and_untrained_lines_that_move_are_disordered() {
    // *Movement Table* note (p16) and *Disorder* (p18): an untrained line is
    // disordered going "over 2 inches", so 2" keeps it in order and 2¼" does not;
    // in column the distance does not matter; any square that moves is disordered.
    let mut militia = british();
    militia.untrained = true;
    assert!(moved_into_disorder(&militia, Formation::Line, Distance::inches(2)).is_none());
    assert!(moved_into_disorder(&militia, Formation::CompanyColumn, Distance::inches(8)).is_none());
    assert!(moved_into_disorder(&british(), Formation::Line, Distance::inches(4)).is_none());
    assert!(moved_into_disorder(&militia, Formation::Line, Distance::quarters(9)).is_some());
    assert!(moved_into_disorder(&british(), Formation::Square, Distance::quarters(1)).is_some());
}

#[test]
fn routs_run_two_or_three_d6_the_first_six_inches_straight_back() {
    let m = rout_move(Arm::Infantry, true, &[5, 6]);
    assert_eq!(m.distance, Distance::inches(11));
    assert_eq!(m.straight_back, Some(Distance::inches(6)));
    let cavalry = Unit::cavalry("c", Nation::Other, Morale::Fair, Weight::Heavy, 6).arm;
    assert_eq!(
        rout_move(cavalry, false, &[1, 1, 2]).distance,
        Distance::inches(4)
    );
}

#[test]
fn distances_read_as_typed_to_the_quarter_inch() {
    assert_eq!(Distance::parse("2.5"), Some(Distance::quarters(10)));
    assert_eq!(Distance::parse("3.75\""), Some(Distance::quarters(15)));
    assert_eq!(Distance::parse("4"), Some(Distance::inches(4)));
    for bad in ["", "2.3", "-1", "two", "2.5.5"] {
        assert_eq!(Distance::parse(bad), None, "{bad}");
    }
}

proptest! {
    #[test]
    fn a_distance_reads_back_as_it_is_typed(quarters in 0u32..100_000) {
        let distance = Distance::quarters(quarters);
        prop_assert_eq!(Distance::parse(&distance.typed()), Some(distance));
    }

    #[test]
    fn changing_formation_never_leaves_more_ground_than_the_slower_formation(
        from in 0usize..5, to in 0usize..5, quick in any::<bool>(),
    ) {
        let forms = [Formation::Line, Formation::CompanyColumn, Formation::AttackColumn, Formation::Skirmish, Formation::Square];
        let mut unit = french();
        unit.quick_drill = quick;
        let mut plan = MovePlan::forward(forms[from]);
        plan.to = forms[to];
        let a = allowance(&unit, &plan).expect("infantry takes every one of these");
        let slower = rate(&unit, forms[from]).unwrap().min(rate(&unit, forms[to]).unwrap());
        prop_assert!(a.ground <= slower);
        if from != to {
            prop_assert!(a.ground < slower);
        }
    }
}
