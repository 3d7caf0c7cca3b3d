// Why this file is long: a test for each row of the fire table and each shooting modifier,
// its figure worked out from the text.

use super::super::tests::{FOOT, HC, LIGHT_FOOT, guns, unit};
use super::*;
use proptest::prelude::*;

const RIFLES: Kit = Kit {
    rifles: true,
    two_rank: false,
    no_bayonets: false,
    lancers: false,
};

fn line(grade: Grade, models: u32) -> Unit {
    unit(FOOT, grade, Formation::Line, models)
}

fn fire(firer: &Unit, target: &Unit, shot: Shot, range: Range, facts: ShotFacts, kit: Kit) -> Fire {
    plan(firer, target, shot, range, &facts, kit).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn fire_dice_rounds_up_a_remainder_of_three_infantry() {
    assert_eq!(infantry_dice(12), 3);
    assert_eq!(infantry_dice(11), 3);
    assert_eq!(infantry_dice(10), 2);
    assert_eq!(infantry_dice(3), 1);
    assert_eq!(infantry_dice(2), 0);
}

#[test]
fn crew_fire_a_die_per_two_models_an_odd_model_adding_nothing() {
    assert_eq!(crew_dice(8), 4);
    assert_eq!(crew_dice(7), 3);
    assert_eq!(crew_dice(1), 0);
    let battery = unit(
        guns(Calibre::Field, false),
        Grade::C,
        Formation::Unlimbered,
        8,
    );
    assert_eq!(most_dice(&battery, Kit::default()), 4);
}

#[test]
fn two_rank_line_fires_a_die_per_three_rounding_up_two() {
    assert_eq!(two_rank_dice(9), 3);
    assert_eq!(two_rank_dice(8), 3);
    assert_eq!(two_rank_dice(7), 2);
    let kit = Kit {
        two_rank: true,
        ..Kit::default()
    };
    assert_eq!(most_dice(&line(Grade::C, 12), kit), 4);
}

#[test]
fn a_square_fires_from_one_face_and_a_column_from_its_front_rank() {
    assert_eq!(
        usual_firing_models(&unit(FOOT, Grade::C, Formation::Square, 24)),
        6
    );
    assert_eq!(
        usual_firing_models(&unit(FOOT, Grade::C, Formation::Column, 24)),
        8
    );
    assert_eq!(
        usual_firing_models(&unit(LIGHT_FOOT, Grade::C, Formation::Skirmish, 8)),
        8
    );
}

#[test]
fn canister_reaches_twelve_sixteen_twenty_inches_by_calibre() {
    let reach = |c| Shot::Canister(c).ranges();
    assert_eq!(reach(Calibre::Light), (12, None));
    assert_eq!(reach(Calibre::Field), (16, None));
    assert_eq!(reach(Calibre::Heavy), (20, None));
    assert_eq!(
        Shot::Canister(Calibre::Field).range_at(160),
        Some(Range::Close)
    );
    assert_eq!(Shot::Canister(Calibre::Field).range_at(161), None);
    assert_eq!(
        Shot::Canister(Calibre::Heavy).chart_score(Range::Close),
        Some(3)
    );
}

#[test]
fn ballshot_ranges_and_scores_by_calibre() {
    assert_eq!(Shot::Ballshot(Calibre::Light).ranges(), (16, Some(36)));
    assert_eq!(Shot::Ballshot(Calibre::Field).ranges(), (24, Some(48)));
    assert_eq!(Shot::Ballshot(Calibre::Heavy).ranges(), (30, Some(60)));
    assert_eq!(
        Shot::Ballshot(Calibre::Heavy).chart_score(Range::Close),
        Some(5)
    );
    assert_eq!(
        Shot::Ballshot(Calibre::Heavy).chart_score(Range::Far),
        Some(6)
    );
}

#[test]
fn muskets_and_rifles_ranges_and_scores() {
    assert_eq!(Shot::Muskets.ranges(), (4, Some(8)));
    assert_eq!(Shot::Muskets.chart_score(Range::Close), Some(3));
    assert_eq!(Shot::Muskets.chart_score(Range::Far), Some(5));
    assert_eq!(Shot::Rifles.ranges(), (8, Some(16)));
    assert_eq!(Shot::Rifles.chart_score(Range::Close), Some(5));
    assert_eq!(Shot::Rifles.chart_score(Range::Far), Some(6));
    assert_eq!(Shot::Muskets.range_at(81), None);
}

#[test]
fn guns_fire_canister_inside_its_reach_and_ballshot_beyond() {
    let battery = unit(
        guns(Calibre::Light, false),
        Grade::C,
        Formation::Unlimbered,
        8,
    );
    let kit = Kit::default();
    assert_eq!(
        best_shot_at(&battery, kit, 120),
        Some((Shot::Canister(Calibre::Light), Range::Close))
    );
    assert_eq!(
        best_shot_at(&battery, kit, 150),
        Some((Shot::Ballshot(Calibre::Light), Range::Close))
    );
    assert_eq!(
        best_shot_at(&battery, kit, 300),
        Some((Shot::Ballshot(Calibre::Light), Range::Far))
    );
    assert_eq!(best_shot_at(&battery, kit, 361), None);
}

#[test]
fn woods_count_two_four_six_inches_per_inch() {
    assert_eq!(Shot::Muskets.woods_inches(), 2);
    assert_eq!(Shot::Canister(Calibre::Light).woods_inches(), 4);
    assert_eq!(Shot::Ballshot(Calibre::Heavy).woods_inches(), 6);
}

#[test]
fn seven_plus_needs_a_six_then_a_four_to_six() {
    let seven = ToHit::from_needed(7);
    assert_eq!(seven, ToHit::SixThen(4));
    assert_eq!(seven.hit(5, None), Some(false));
    assert_eq!(seven.hit(6, None), None);
    assert_eq!(seven.hit(6, Some(3)), Some(false));
    assert_eq!(seven.hit(6, Some(4)), Some(true));
    assert_eq!(ToHit::from_needed(8), ToHit::SixThen(5));
    assert_eq!(ToHit::from_needed(9), ToHit::SixThen(6));
    assert_eq!(ToHit::from_needed(10), ToHit::Impossible);
    assert_eq!(ToHit::from_needed(1), ToHit::Every);
}

#[test]
fn grade_a_muskets_at_close_range_need_one_and_up() {
    let shot = fire(
        &line(Grade::A, 24),
        &line(Grade::C, 24),
        Shot::Muskets,
        Range::Close,
        ShotFacts::default(),
        Kit::default(),
    );
    assert_eq!(shot.score.needed(), 1);
    assert_eq!(shot.to_hit, ToHit::Every);
    assert_eq!(shot.dice, 6);
}

#[test]
fn rifles_ignore_grade_target_type_soft_cover_and_screens_but_not_hard_cover() {
    let target = unit(LIGHT_FOOT, Grade::C, Formation::Skirmish, 8);
    let soft = ShotFacts {
        cover: Cover::Soft,
        screened: true,
        ..ShotFacts::default()
    };
    // Grade D rifles: no -1; at skirmishers in soft cover through a screen: no -4.
    let d = fire(
        &line(Grade::D, 12),
        &target,
        Shot::Rifles,
        Range::Far,
        soft,
        RIFLES,
    );
    assert_eq!(d.score.needed(), 6);
    // Grade A rifles +1 only, not +2.
    let a = fire(
        &line(Grade::A, 12),
        &target,
        Shot::Rifles,
        Range::Close,
        soft,
        RIFLES,
    );
    assert_eq!(a.score.needed(), 4);
    let hard = ShotFacts {
        cover: Cover::Hard,
        ..ShotFacts::default()
    };
    let c = fire(
        &line(Grade::C, 12),
        &target,
        Shot::Rifles,
        Range::Close,
        hard,
        RIFLES,
    );
    assert_eq!(c.score.needed(), 7);
    assert_eq!(c.to_hit, ToHit::SixThen(4));
}

#[test]
fn muskets_at_skirmishers_in_soft_cover_through_guns_add_every_row() {
    let target = unit(LIGHT_FOOT, Grade::C, Formation::Skirmish, 8);
    let facts = ShotFacts {
        cover: Cover::Soft,
        screened: true,
        moved: true,
        ..ShotFacts::default()
    };
    let mut firer = line(Grade::C, 12);
    firer.disordered = true;
    // Close 3; -1 moved, -2 skirmishers, -1 soft, -1 disordered, -1 through: 9.
    let f = fire(
        &firer,
        &target,
        Shot::Muskets,
        Range::Close,
        facts,
        Kit::default(),
    );
    assert_eq!(f.score.needed(), 9);
    assert_eq!(f.to_hit, ToHit::SixThen(6));
}

#[test]
fn moving_and_standing_in_square_is_one_minus_one() {
    let facts = ShotFacts {
        moved: true,
        ..ShotFacts::default()
    };
    let square = unit(FOOT, Grade::C, Formation::Square, 24);
    let f = fire(
        &square,
        &line(Grade::C, 24),
        Shot::Muskets,
        Range::Close,
        facts,
        Kit::default(),
    );
    assert_eq!(f.score.needed(), 4);
}

#[test]
fn ballshot_gains_on_a_dense_target_and_loses_on_guns() {
    let battery = unit(
        guns(Calibre::Field, false),
        Grade::C,
        Formation::Unlimbered,
        8,
    );
    let square = unit(FOOT, Grade::C, Formation::Square, 24);
    let f = fire(
        &battery,
        &square,
        Shot::Ballshot(Calibre::Field),
        Range::Close,
        ShotFacts::default(),
        Kit::default(),
    );
    assert_eq!(f.score.needed(), 4);
    let deep_column = unit(FOOT, Grade::C, Formation::Column, 12);
    assert!(visibly_dense(&deep_column));
    assert!(!visibly_dense(&unit(FOOT, Grade::C, Formation::Column, 8)));
    let guns_target = unit(
        guns(Calibre::Heavy, false),
        Grade::C,
        Formation::Unlimbered,
        8,
    );
    let g = fire(
        &battery,
        &guns_target,
        Shot::Ballshot(Calibre::Field),
        Range::Far,
        ShotFacts::default(),
        Kit::default(),
    );
    assert_eq!(g.score.needed(), 7);
    // Canister gains nothing from a dense target.
    let c = fire(
        &battery,
        &square,
        Shot::Canister(Calibre::Field),
        Range::Close,
        ShotFacts::default(),
        Kit::default(),
    );
    assert_eq!(c.score.needed(), 3);
}

#[test]
fn refusals_name_the_rule() {
    let target = line(Grade::C, 24);
    let mut shaken = line(Grade::C, 24);
    shaken.morale = crate::rules::unit::Morale::Shaken;
    assert!(
        plan(
            &shaken,
            &target,
            Shot::Muskets,
            Range::Close,
            &ShotFacts::default(),
            Kit::default()
        )
        .is_err()
    );
    let cav = unit(HC, Grade::C, Formation::Line, 12);
    assert!(
        plan(
            &cav,
            &target,
            Shot::Muskets,
            Range::Close,
            &ShotFacts::default(),
            Kit::default()
        )
        .is_err()
    );
    let limbered = unit(
        guns(Calibre::Field, false),
        Grade::C,
        Formation::Limbered,
        8,
    );
    assert!(
        plan(
            &limbered,
            &target,
            Shot::Canister(Calibre::Field),
            Range::Close,
            &ShotFacts::default(),
            Kit::default()
        )
        .is_err()
    );
    let battery = unit(
        guns(Calibre::Field, false),
        Grade::C,
        Formation::Unlimbered,
        8,
    );
    assert!(
        plan(
            &battery,
            &target,
            Shot::Canister(Calibre::Field),
            Range::Far,
            &ShotFacts::default(),
            Kit::default()
        )
        .is_err()
    );
    let mut engaged = line(Grade::C, 24);
    engaged.in_contact_with.push("x".to_owned());
    assert!(
        plan(
            &line(Grade::C, 24),
            &engaged,
            Shot::Muskets,
            Range::Close,
            &ShotFacts::default(),
            Kit::default()
        )
        .is_err()
    );
    assert!(
        plan(
            &engaged,
            &target,
            Shot::Muskets,
            Range::Close,
            &ShotFacts::default(),
            Kit::default()
        )
        .is_err()
    );
    let two = ShotFacts {
        front_rank: Some(2),
        ..ShotFacts::default()
    };
    assert!(
        plan(
            &line(Grade::C, 24),
            &target,
            Shot::Muskets,
            Range::Close,
            &two,
            Kit::default()
        )
        .is_err()
    );
}

// Worked cases (issue 44, item 4): each divisor and modifier the properties below
// only put in order, at the number the text gives. "l. N" is the line of
// ../shared/rules/sound-the-charge-1-25.txt; the fire table and shooting modifiers
// are its playsheet, l. 24-34.

fn col(models: u32) -> Unit {
    unit(FOOT, Grade::C, Formation::Column, models)
}

fn square(models: u32) -> Unit {
    unit(FOOT, Grade::C, Formation::Square, models)
}

fn skirmishers(models: u32) -> Unit {
    unit(LIGHT_FOOT, Grade::C, Formation::Skirmish, models)
}

fn crew(calibre: Calibre, models: u32) -> Unit {
    unit(
        guns(calibre, false),
        Grade::C,
        Formation::Unlimbered,
        models,
    )
}

fn disordered(mut u: Unit) -> Unit {
    u.disordered = true;
    u
}

const TWO_RANK: Kit = Kit {
    rifles: false,
    two_rank: true,
    no_bayonets: false,
    lancers: false,
};

/// One fire to work out: who, at whom, with what, and the table's facts.
struct Shooting {
    firer: Unit,
    target: Unit,
    shot: Shot,
    range: Range,
    facts: ShotFacts,
    kit: Kit,
}

fn at(firer: Unit, target: Unit, shot: Shot, range: Range) -> Shooting {
    Shooting {
        firer,
        target,
        shot,
        range,
        facts: ShotFacts::default(),
        kit: Kit::default(),
    }
}

impl Shooting {
    fn facts(self, facts: ShotFacts) -> Shooting {
        Shooting { facts, ..self }
    }

    fn rifles(self) -> Shooting {
        Shooting {
            kit: RIFLES,
            ..self
        }
    }

    fn needed(&self) -> i32 {
        fire(
            &self.firer,
            &self.target,
            self.shot,
            self.range,
            self.facts,
            self.kit,
        )
        .score
        .needed()
    }
}

#[test]
fn worked_fire_dice_per_four_infantry_three_two_rank_or_two_crew() {
    let none = Kit::default();
    let cases: Vec<(&str, Unit, Kit, u32)> = vec![
        // *Firing* (l. 20): one die for every 4 infantry or 2 crew models, with a
        // remainder of 3 counting as a die. 24 = 6 × 4.
        ("line of 24", line(Grade::C, 24), none, 6),
        // 23 = 5 × 4 + 3: the remainder of 3 is a sixth die.
        ("line of 23", line(Grade::C, 23), none, 6),
        // 22 = 5 × 4 + 2: a remainder of 2 adds nothing.
        ("line of 22", line(Grade::C, 22), none, 5),
        // 3 = 0 × 4 + 3: the remainder alone is a die.
        ("line of 3", line(Grade::C, 3), none, 1),
        // "One rank may shoot": a column's front rank, at most the widest column's
        // 8 (l. 5 "Column (1-8 inf ... wide)", R14): 8 = 2 × 4.
        ("column of 24", col(24), none, 2),
        // A column of 7 is one rank of 7 = 4 + 3: two dice.
        ("column of 7", col(7), none, 2),
        // A square fires from one face, a quarter of it rounded up (R15):
        // 24 → 6 = 4 + 2, one die.
        ("square of 24", square(24), none, 1),
        // 28 → 7 = 4 + 3: two dice.
        ("square of 28", square(28), none, 2),
        // "(2 ranks if skirmishing)": all 11, 2 × 4 + 3: three dice.
        ("11 skirmishers", skirmishers(11), none, 3),
        // *2-Rank Line* (l. 83): "1 die per 3 models when shooting (round up 2)".
        // 14 = 4 × 3 + 2: five dice.
        ("two-rank line of 14", line(Grade::C, 14), TWO_RANK, 5),
        // 13 = 4 × 3 + 1: four.
        ("two-rank line of 13", line(Grade::C, 13), TWO_RANK, 4),
        // In column its front 8 (R14, R24): 8 = 2 × 3 + 2: three.
        ("two-rank column of 24", col(24), TWO_RANK, 3),
        // Crew, a die per 2 models (l. 20); an odd model adds nothing (R1): 12 → 6.
        ("12 crew", crew(Calibre::Heavy, 12), none, 6),
        // 11 = 5 × 2 + 1: five.
        ("11 crew", crew(Calibre::Light, 11), none, 5),
        // 3 = 2 + 1: one.
        ("3 crew", crew(Calibre::Field, 3), none, 1),
        // Horse gunners count the same: 6 → 3.
        (
            "6 horse gunners",
            unit(
                guns(Calibre::Light, true),
                Grade::C,
                Formation::Unlimbered,
                6,
            ),
            none,
            3,
        ),
        // The fire table (l. 24-28) has no row for cavalry (R25): no dice.
        ("12 HC", unit(HC, Grade::C, Formation::Line, 12), none, 0),
    ];
    for (what, firer, kit, dice) in cases {
        assert_eq!(most_dice(&firer, kit), dice, "{what}");
    }
}

/// The band a distance falls in and its chart score.
type Band = Option<(Range, i32)>;

#[test]
fn worked_fire_table_ranges_and_scores() {
    use Calibre::{Field, Heavy, Light};
    use Range::{Close, Far};
    let cases: [(Shot, u32, Band); 27] = [
        // Fire table (l. 25): "Muskets 4": 3-6, 8": 5-6". Distances in tenths of an
        // inch, limits included: 4" close, 4.1" far, 8" far, 8.1" out of range.
        (Shot::Muskets, 40, Some((Close, 3))),
        (Shot::Muskets, 41, Some((Far, 5))),
        (Shot::Muskets, 80, Some((Far, 5))),
        (Shot::Muskets, 81, None),
        // l. 26: "Rifles 8": 5-6, 16": 6".
        (Shot::Rifles, 80, Some((Close, 5))),
        (Shot::Rifles, 81, Some((Far, 6))),
        (Shot::Rifles, 160, Some((Far, 6))),
        (Shot::Rifles, 161, None),
        // l. 27: "Canister 12/16/20": 3-6" and no far band; l. 12: "The artillery
        // notation is light / field / heavy".
        (Shot::Canister(Light), 120, Some((Close, 3))),
        (Shot::Canister(Light), 121, None),
        (Shot::Canister(Field), 160, Some((Close, 3))),
        (Shot::Canister(Field), 161, None),
        // Heavy canister, the third of 12/16/20: to 20" and no farther.
        (Shot::Canister(Heavy), 180, Some((Close, 3))),
        (Shot::Canister(Heavy), 200, Some((Close, 3))),
        (Shot::Canister(Heavy), 201, None),
        // l. 28: "Ballshot 16/24/30": 5-6, 36/48/60": 6".
        (Shot::Ballshot(Light), 160, Some((Close, 5))),
        (Shot::Ballshot(Light), 161, Some((Far, 6))),
        (Shot::Ballshot(Light), 360, Some((Far, 6))),
        (Shot::Ballshot(Light), 361, None),
        (Shot::Ballshot(Field), 240, Some((Close, 5))),
        (Shot::Ballshot(Field), 241, Some((Far, 6))),
        (Shot::Ballshot(Field), 480, Some((Far, 6))),
        (Shot::Ballshot(Field), 481, None),
        (Shot::Ballshot(Heavy), 300, Some((Close, 5))),
        (Shot::Ballshot(Heavy), 301, Some((Far, 6))),
        (Shot::Ballshot(Heavy), 600, Some((Far, 6))),
        (Shot::Ballshot(Heavy), 601, None),
    ];
    for (shot, tenths, band) in cases {
        let got = shot
            .range_at(tenths)
            .map(|range| (range, shot.chart_score(range).unwrap_or(0)));
        assert_eq!(got, band, "{} at {tenths} tenths", shot.word());
    }
    // Canister has only its close band.
    assert_eq!(Shot::Canister(Heavy).chart_score(Far), None);
    // R46: a battery fires the best shot that reaches. A heavy battery: canister
    // (3-6) to 20", ballshot close (5-6) to 30", far (6) to 60".
    let heavy = crew(Heavy, 8);
    for (tenths, best) in [
        (200, Some((Shot::Canister(Heavy), Close))),
        (201, Some((Shot::Ballshot(Heavy), Close))),
        (300, Some((Shot::Ballshot(Heavy), Close))),
        (301, Some((Shot::Ballshot(Heavy), Far))),
        (601, None),
    ] {
        let got = best_shot_at(&heavy, Kit::default(), tenths);
        assert_eq!(got, best, "heavy battery at {tenths} tenths");
    }
}

#[test]
// One row a case, each under the passage it is worked from: the chart reads as one.
#[allow(clippy::too_many_lines)]
fn worked_shooting_modifiers() {
    use Calibre::{Field, Heavy, Light};
    use Grade::{A, B, C, D};
    use Range::{Close, Far};
    use Shot::{Ballshot, Canister, Muskets, Rifles};
    let moved = ShotFacts {
        moved: true,
        ..ShotFacts::default()
    };
    let cover = |cover| ShotFacts {
        cover,
        ..ShotFacts::default()
    };
    let screened = ShotFacts {
        screened: true,
        ..ShotFacts::default()
    };
    let dense = ShotFacts {
        dense: true,
        ..ShotFacts::default()
    };
    let hard_screened = ShotFacts {
        screened: true,
        ..cover(Cover::Hard)
    };
    let c = || line(C, 24);
    let a_guns = unit(guns(Heavy, false), A, Formation::Unlimbered, 8);
    let cases: Vec<(&str, i32, Shooting)> = vec![
        // l. 25 "Grade A/B/C/D: +2/+1/+0/-1". Muskets far is 5-6 (l. 25): A 5 - 2.
        ("grade A far", 3, at(line(A, 24), c(), Muskets, Far)),
        // B close: 3 - 1.
        ("grade B close", 2, at(line(B, 24), c(), Muskets, Close)),
        // C: + 0.
        ("grade C far", 5, at(c(), c(), Muskets, Far)),
        // D: 3 + 1 close, 5 + 1 far.
        ("grade D close", 4, at(line(D, 24), c(), Muskets, Close)),
        ("grade D far", 6, at(line(D, 24), c(), Muskets, Far)),
        // The grade row is the gunners' too: grade A heavy canister 3 - 2.
        (
            "grade A canister",
            1,
            at(a_guns, c(), Canister(Heavy), Close),
        ),
        // l. 26 "Grade A/B rifles: +1", instead of the grade row, which is ^r (R16):
        // A far 6 - 1, not 6 - 2.
        (
            "grade A rifles",
            5,
            at(line(A, 12), c(), Rifles, Far).rifles(),
        ),
        // Grade D rifles take no -1 (R16): close 5.
        (
            "grade D rifles",
            5,
            at(line(D, 12), c(), Rifles, Close).rifles(),
        ),
        // l. 27 "Firer moved or is in square: -1": close 3 + 1.
        ("moved", 4, at(c(), c(), Muskets, Close).facts(moved)),
        ("in square", 4, at(square(24), c(), Muskets, Close)),
        // Guns that moved (manhandled, R25): heavy canister 3 + 1.
        (
            "guns moved",
            4,
            at(crew(Heavy, 8), c(), Canister(Heavy), Close).facts(moved),
        ),
        // l. 28 "Ballshot vs. dense target: +1"; l. 20 counts as dense a square, a
        // line taking enfilade fire at 22.5° or less, and any unit at least 2 ranks
        // deep. Field ballshot far at a square: 6 - 1.
        (
            "ballshot at a square",
            5,
            at(crew(Field, 8), square(24), Ballshot(Field), Far),
        ),
        // A column of 12 is two ranks deep (widest rank 8, R3): heavy close 5 - 1.
        (
            "ballshot at a deep column",
            4,
            at(crew(Heavy, 8), col(12), Ballshot(Heavy), Close),
        ),
        // A column of 8 is one rank: 5.
        (
            "ballshot at a column of 8",
            5,
            at(crew(Heavy, 8), col(8), Ballshot(Heavy), Close),
        ),
        // An enfiladed line is the referee's `dense` (R3): light far 6 - 1.
        (
            "ballshot, enfilade",
            5,
            at(crew(Light, 8), c(), Ballshot(Light), Far).facts(dense),
        ),
        // Only ballshot: canister at a square stays 3.
        (
            "canister at a square",
            3,
            at(crew(Light, 8), square(24), Canister(Light), Close),
        ),
        // l. 29 "Vs. atty ^r /skirmishers ^r : -1/-2". Muskets close at guns 3 + 1.
        (
            "muskets at guns",
            4,
            at(c(), crew(Field, 8), Muskets, Close),
        ),
        // Light ballshot far at guns: 6 + 1 = 7 (l. 34: a 6, then a 4-6).
        (
            "ballshot at guns",
            7,
            at(crew(Light, 8), crew(Light, 8), Ballshot(Light), Far),
        ),
        // Rifles ignore it: close 5.
        (
            "rifles at guns",
            5,
            at(line(C, 12), crew(Field, 8), Rifles, Close).rifles(),
        ),
        // At skirmishers: close 3 + 2, heavy canister 3 + 2, far 5 + 2.
        ("at skirmishers", 5, at(c(), skirmishers(8), Muskets, Close)),
        (
            "canister at skirmishers",
            5,
            at(crew(Heavy, 8), skirmishers(8), Canister(Heavy), Close),
        ),
        (
            "far at skirmishers",
            7,
            at(c(), skirmishers(8), Muskets, Far),
        ),
        // l. 30 "Vs. soft ^r /hard cover: -1/-2": close 3 + 1, 3 + 2.
        (
            "soft cover",
            4,
            at(c(), c(), Muskets, Close).facts(cover(Cover::Soft)),
        ),
        (
            "hard cover",
            5,
            at(c(), c(), Muskets, Close).facts(cover(Cover::Hard)),
        ),
        // Rifles ignore soft (^r), not hard (R16): far 6; close 5 + 2.
        (
            "rifles, soft",
            6,
            at(line(C, 12), c(), Rifles, Far)
                .facts(cover(Cover::Soft))
                .rifles(),
        ),
        (
            "rifles, hard",
            7,
            at(line(C, 12), c(), Rifles, Close)
                .facts(cover(Cover::Hard))
                .rifles(),
        ),
        // l. 31 "Disordered: -1": close 3 + 1.
        ("disordered", 4, at(disordered(c()), c(), Muskets, Close)),
        // l. 57 "Artillery never counts as disordered": canister 3.
        (
            "disordered guns",
            3,
            at(disordered(crew(Field, 8)), c(), Canister(Field), Close),
        ),
        // l. 32 "Firing through skirmishers ^r /guns ^r : -1": far 5 + 1; rifles 6.
        (
            "through a screen",
            6,
            at(c(), c(), Muskets, Far).facts(screened),
        ),
        (
            "rifles through a screen",
            6,
            at(line(C, 12), c(), Rifles, Far).facts(screened).rifles(),
        ),
        // The rows add up (R7): far at skirmishers in soft cover, 5 + 2 + 1.
        (
            "skirmishers, soft",
            8,
            at(c(), skirmishers(8), Muskets, Far).facts(cover(Cover::Soft)),
        ),
        // Grade D far at skirmishers in hard cover: 5 + 1 + 2 + 2.
        (
            "D, skirmishers, hard",
            10,
            at(line(D, 24), skirmishers(8), Muskets, Far).facts(cover(Cover::Hard)),
        ),
        // Grade A far at guns in hard cover through a screen: 5 - 2 + 1 + 2 + 1.
        (
            "A, guns, hard, screened",
            7,
            at(line(A, 24), crew(Field, 8), Muskets, Far).facts(hard_screened),
        ),
    ];
    for (what, needed, shooting) in cases {
        assert_eq!(shooting.needed(), needed, "{what}");
    }
}

#[test]
fn worked_scores_past_six_and_below_two() {
    // l. 34 "Need 7+ to hit? Roll a 6 then a 4-6", carried on to 8 and 9 (R4: the
    // second die needs the score less three); 10+ cannot be rolled; 1 or less hits
    // on any roll. 2-6 is the die itself.
    let cases = [
        (-3, ToHit::Every),
        (1, ToHit::Every),
        (2, ToHit::Single(2)),
        (6, ToHit::Single(6)),
        (7, ToHit::SixThen(4)),
        (8, ToHit::SixThen(5)),
        (9, ToHit::SixThen(6)),
        (10, ToHit::Impossible),
        (13, ToHit::Impossible),
    ];
    for (needed, to_hit) in cases {
        assert_eq!(ToHit::from_needed(needed), to_hit, "{needed}");
    }
    // 8: a 6 then a 4 misses, a 6 then a 5 hits; a 5 first misses at once.
    let eight = ToHit::SixThen(5);
    assert_eq!(eight.hit(6, Some(4)), Some(false));
    assert_eq!(eight.hit(6, Some(5)), Some(true));
    assert_eq!(eight.hit(5, None), Some(false));
}

proptest! {
    #[test]
    fn fire_dice_never_fall_as_models_grow(models in 0u32..400) {
        prop_assert!(infantry_dice(models + 1) >= infantry_dice(models));
        prop_assert!(two_rank_dice(models + 1) >= two_rank_dice(models));
        prop_assert!(crew_dice(models + 1) >= crew_dice(models));
        // Never more than one die per three models (two for crew, two-rank per two).
        prop_assert!(infantry_dice(models) * 3 <= models);
    }

    #[test]
    fn a_score_the_dice_cannot_show_is_impossible(needed in -20i32..30) {
        let to_hit = ToHit::from_needed(needed);
        let mut any_hit = false;
        let mut any_miss = false;
        for first in 1..=6u8 {
            for second in 1..=6u8 {
                match to_hit.hit(first, Some(second)) {
                    Some(true) => any_hit = true,
                    Some(false) => any_miss = true,
                    None => unreachable!("a second die was given"),
                }
            }
        }
        // A 6 then a 6 is the best two dice can show: past 9 nothing hits.
        prop_assert_eq!(any_hit, needed <= 9);
        prop_assert_eq!(to_hit == ToHit::Impossible, needed > 9);
        prop_assert_eq!(any_miss, needed > 1);
    }
}
