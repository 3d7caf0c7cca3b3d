use super::*;
use proptest::prelude::*;

#[test]
fn the_worked_example_thirty_men_in_double_line_against_single_get_five_extra_dice() {
    let impetus = infantry_impetus(Formation::DoubleLine, Formation::Line, 30);
    assert_eq!(impetus.dice, 5);
    let (dice, _) = melee_dice(30, &impetus, false);
    assert_eq!(dice, 35);
}

#[test]
fn impetus_table_corners_read_defender_by_row_attacker_by_column() {
    // Single line against single line: a die per 5 men.
    assert_eq!(
        infantry_impetus(Formation::Line, Formation::Line, 20).dice,
        4
    );
    // A column against a square: a die per 5 men.
    assert_eq!(
        infantry_impetus(Formation::Column, Formation::Square, 20).dice,
        4
    );
    // Treble line against treble line: a die per 5 men; against a square, per 2.
    assert_eq!(
        infantry_impetus(Formation::TrebleLine, Formation::TrebleLine, 24).dice,
        4
    );
    assert_eq!(
        infantry_impetus(Formation::TrebleLine, Formation::Square, 24).dice,
        12
    );
    // A single line against a column or a square: 0, no impetus.
    assert_eq!(
        infantry_impetus(Formation::Line, Formation::Column, 40).dice,
        0
    );
    assert_eq!(
        infantry_impetus(Formation::Line, Formation::Square, 40).dice,
        0
    );
    // A column against a column: one die per 3 men.
    assert_eq!(
        infantry_impetus(Formation::Column, Formation::Column, 30).dice,
        10
    );
    // A square does not charge: no column for it.
    assert_eq!(
        infantry_impetus(Formation::Square, Formation::Line, 30).dice,
        0
    );
}

#[test]
fn cavalry_impetus_is_a_die_per_two_heavy_or_three_light() {
    assert_eq!(cavalry_impetus(CavalryType::Heavy, 12, false).dice, 6);
    assert_eq!(cavalry_impetus(CavalryType::Light, 12, false).dice, 4);
    assert_eq!(cavalry_impetus(CavalryType::Light, 11, false).dice, 3);
    assert_eq!(cavalry_impetus(CavalryType::Heavy, 12, true).dice, 0);
}

#[test]
fn infantry_needs_four_five_or_six_by_strength() {
    assert_eq!(infantry_charge_score(30, 30).needed(), 4);
    assert_eq!(infantry_charge_score(30, 20).needed(), 4);
    assert_eq!(infantry_charge_score(30, 19).needed(), 5);
    assert_eq!(infantry_charge_score(30, 10).needed(), 5);
    assert_eq!(infantry_charge_score(30, 9).needed(), 6);
}

#[test]
fn cavalry_needs_two_four_five_or_six_by_the_target() {
    assert_eq!(cavalry_charge_score(Formation::Line).needed(), 2);
    assert_eq!(cavalry_charge_score(Formation::DoubleLine).needed(), 4);
    assert_eq!(cavalry_charge_score(Formation::TrebleLine).needed(), 5);
    assert_eq!(cavalry_charge_score(Formation::Square).needed(), 6);
    assert_eq!(cavalry_charge_score(Formation::Column).needed(), 5);
}

#[test]
fn one_short_balks_and_two_short_falls_back() {
    assert_eq!(charge_outcome(4, 4), ChargeOutcome::Charges);
    assert_eq!(charge_outcome(4, 3), ChargeOutcome::Balks);
    assert_eq!(charge_outcome(4, 2), ChargeOutcome::FallsBack);
    // Cavalry against a single line never falls back: a 1 is only one short.
    assert_eq!(charge_outcome(2, 1), ChargeOutcome::Balks);
    assert_eq!(charge_outcome(6, 4), ChargeOutcome::FallsBack);
}

#[test]
fn troops_caught_in_flank_throw_no_dice() {
    let impetus = Impetus::none("none");
    assert_eq!(melee_dice(24, &impetus, true).0, 0);
    assert_eq!(melee_dice(24, &impetus, false).0, 24);
}

#[test]
fn each_six_kills_one_man() {
    assert_eq!(kills(&[6, 1, 6, 5, 6, 2]), 3);
    assert_eq!(kills(&[1, 2, 3, 4, 5]), 0);
}

#[test]
fn the_heavier_share_of_casualties_throws() {
    // *After melee*: 5 of 30 (17%) against 3 of 12 (25%): the second throws.
    assert_eq!(melee_throwers(5, 30, 3, 12), MeleeThrowers::Second);
    assert_eq!(melee_throwers(6, 24, 2, 24), MeleeThrowers::First);
    // 3 of 30 and 2 of 20 are both 10%: both throw (ruling 74).
    assert_eq!(melee_throwers(3, 30, 2, 20), MeleeThrowers::Both);
    // 1 of 36 against none of 30: only the side with a loss has a share to compare.
    assert_eq!(melee_throwers(1, 36, 0, 30), MeleeThrowers::First);
}

#[test]
fn a_melee_without_a_man_lost_leaves_nobody_to_throw() {
    // *After melee*: "highest percent of casualties": 0% against 0% has no highest.
    assert_eq!(melee_throwers(0, 36, 0, 30), MeleeThrowers::Neither);
    assert_eq!(melee_throwers(0, 0, 0, 0), MeleeThrowers::Neither);
}

#[test]
fn a_rout_names_the_reach_of_the_throws_it_calls_for() {
    // *Morale after melee*: on a 1 the unit routs, and every unit within 12" throws.
    assert_eq!(ROUT_SPREADS_INCHES.value(), 12);
    assert_eq!(
        MoraleResult::Routs.describe(),
        "ROUTS: units within 12\" throw to join it"
    );
}

#[test]
fn morale_after_melee_reads_the_die() {
    assert_eq!(MoraleResult::of(6), MoraleResult::StandsFirm);
    assert_eq!(MoraleResult::of(5), MoraleResult::StandsFirm);
    assert_eq!(MoraleResult::of(4), MoraleResult::Retreats);
    assert_eq!(MoraleResult::of(3), MoraleResult::Retreats);
    assert_eq!(MoraleResult::of(2), MoraleResult::RetreatsDouble);
    assert_eq!(MoraleResult::of(1), MoraleResult::Routs);
    assert!(joins_rout(3) && !joins_rout(4));
    assert!(leaves_building(1) && !leaves_building(4));
}

// Worked cases (issue 44, item 4): every cell and divisor the properties below only
// put in order, at the number the text gives. "l. N" is the line of
// ../shared/rules/charge-moves-gunson-1964.txt.

#[test]
fn worked_infantry_impetus_every_cell() {
    use Formation::{Column, DoubleLine, Line, Square, TrebleLine};
    // *Infantry Charging Get Impetus* (l. 7-16), the defender's formation by row,
    // the attacker's by column (ruling 70):
    //   versus   Single Double Treble Column
    //   Single      5      6      7      8
    //   Double      4      5      6      7
    //   Treble      3      4      5      6
    //   Column      0      1      2      3
    //   Square      0      1      2      5
    // l. 18: each entry is how many men earn one extra die. 60 men, whole dice
    // (ruling 70): per 1 → 60, 2 → 30, 3 → 20, 4 → 15, 5 → 12, 6 → 10, 7 → 8,
    // 8 → 7; a 0 gives none.
    let cases: [(Formation, Formation, u32, u32); 23] = [
        // (attacker, defender, men, extra dice)
        (Line, Line, 60, 12),
        (DoubleLine, Line, 60, 10),
        (TrebleLine, Line, 60, 8),
        (Column, Line, 60, 7),
        (Line, DoubleLine, 60, 15),
        (DoubleLine, DoubleLine, 60, 12),
        (TrebleLine, DoubleLine, 60, 10),
        (Column, DoubleLine, 60, 8),
        (Line, TrebleLine, 60, 20),
        (DoubleLine, TrebleLine, 60, 15),
        (TrebleLine, TrebleLine, 60, 12),
        (Column, TrebleLine, 60, 10),
        (Line, Column, 60, 0),
        (DoubleLine, Column, 60, 60),
        (TrebleLine, Column, 60, 30),
        (Column, Column, 60, 20),
        (Line, Square, 60, 0),
        (DoubleLine, Square, 60, 60),
        (TrebleLine, Square, 60, 30),
        (Column, Square, 60, 12),
        // l. 18's own example: 30 men in double line attacking a single line earn
        // one extra die per 6 men, 5 extra dice in all.
        (DoubleLine, Line, 30, 5),
        // Ruling 70: "36 men at 1 per 7 give 5" (treble line against single).
        (TrebleLine, Line, 36, 5),
        // A square never attacks: the table has no column for it (ruling 70).
        (Square, Line, 60, 0),
    ];
    for (attacker, defender, men, dice) in cases {
        assert_eq!(
            infantry_impetus(attacker, defender, men).dice,
            dice,
            "{men} men in {attacker} against {defender}"
        );
    }
}

#[test]
fn worked_cavalry_impetus() {
    use CavalryType::{Heavy, Light, Medium};
    // *Cavalry* (l. 37-38): heavy cavalry earn an extra die for every 2 men, light
    // cavalry one for every 3 whatever the enemy's formation; whole dice (ruling 70).
    let cases: [(CavalryType, u32, bool, u32); 10] = [
        // (kind, men, sheltered, extra dice)
        // Heavy: 24 / 2 = 12; 13 / 2 = 6½ → 6; 1 / 2 → 0.
        (Heavy, 24, false, 12),
        (Heavy, 13, false, 6),
        (Heavy, 1, false, 0),
        // Light: 24 / 3 = 8; 14 / 3 = 4⅔ → 4; 2 / 3 → 0.
        (Light, 24, false, 8),
        (Light, 14, false, 4),
        (Light, 2, false, 0),
        // Medium counts as light (ruling 71): 24 / 3 = 8, 13 / 3 → 4.
        (Medium, 24, false, 8),
        (Medium, 13, false, 4),
        // l. 40: cavalry earn no impetus against troops sheltered by walls, woods,
        // hills and the like.
        (Heavy, 24, true, 0),
        (Light, 24, true, 0),
    ];
    for (kind, men, sheltered, dice) in cases {
        assert_eq!(
            cavalry_impetus(kind, men, sheltered).dice,
            dice,
            "{men} {kind:?} cavalry, sheltered {sheltered}"
        );
    }
    // A melee die per man (l. 18 "They get 30 dice") plus the impetus: 24 heavy
    // cavalry throw 24 + 12 = 36.
    let impetus = cavalry_impetus(Heavy, 24, false);
    assert_eq!(melee_dice(24, &impetus, false).0, 36);
}

#[test]
fn worked_charge_throws() {
    use Formation::{Column, DoubleLine, Line, Square, TrebleLine};
    // l. 20: a unit at full strength charges on a 4, 5 or 6; below 2/3 strength it
    // needs a 5 or 6, and below 1/3 strength only a 6; full strength is anything
    // down to exactly two thirds (ruling 72).
    // (men at start, men now, score needed)
    let infantry: [(u32, u32, i32); 9] = [
        (24, 24, 4),
        // 16 is exactly two thirds of 24: still 4.
        (24, 16, 4),
        // 15 < 16: 5.
        (24, 15, 5),
        // 8 is exactly a third, not less: 5.
        (24, 8, 5),
        // 7 < 8: 6.
        (24, 7, 6),
        (45, 30, 4),
        (45, 29, 5),
        (45, 15, 5),
        (45, 14, 6),
    ];
    for (start, now, needed) in infantry {
        assert_eq!(
            infantry_charge_score(start, now).needed(),
            needed,
            "{now} of {start}"
        );
    }
    // *Charge move throws* (l. 42-47): single line 2-6, double 4-6, treble 5-6,
    // square 6; a column as a treble line (ruling 73). l. 49: one less than
    // needed, "split and swerve"; two less, "retire a move".
    let cavalry: [(Formation, u8, ChargeOutcome); 10] = [
        (Line, 2, ChargeOutcome::Charges),
        (Line, 1, ChargeOutcome::Balks),
        (DoubleLine, 4, ChargeOutcome::Charges),
        (DoubleLine, 3, ChargeOutcome::Balks),
        (DoubleLine, 2, ChargeOutcome::FallsBack),
        (TrebleLine, 4, ChargeOutcome::Balks),
        (Column, 5, ChargeOutcome::Charges),
        (Column, 3, ChargeOutcome::FallsBack),
        (Square, 5, ChargeOutcome::Balks),
        (Square, 4, ChargeOutcome::FallsBack),
    ];
    for (target, face, outcome) in cavalry {
        let needed = cavalry_charge_score(target).needed();
        assert_eq!(
            charge_outcome(needed, face),
            outcome,
            "{face} against {target}"
        );
    }
}

proptest! {
    #[test]
    fn more_men_never_fewer_impetus_dice(a in 0usize..4, d in 0usize..5, men in 0u32..200) {
        let attacker = FORMATIONS[a.min(3)];
        let defender = FORMATIONS[d];
        let fewer = infantry_impetus(attacker, defender, men).dice;
        let more = infantry_impetus(attacker, defender, men + 1).dice;
        prop_assert!(more >= fewer);
        prop_assert!(more <= men + 1);
    }

    #[test]
    fn the_throwers_mirror_when_the_sides_swap_and_only_losers_throw(
        a_lost in 0u32..60, a_men in 1u32..60, d_lost in 0u32..60, d_men in 1u32..60,
    ) {
        let (a_lost, d_lost) = (a_lost.min(a_men), d_lost.min(d_men));
        let mirrored = match melee_throwers(a_lost, a_men, d_lost, d_men) {
            MeleeThrowers::First => MeleeThrowers::Second,
            MeleeThrowers::Second => MeleeThrowers::First,
            both_or_neither => both_or_neither,
        };
        prop_assert_eq!(melee_throwers(d_lost, d_men, a_lost, a_men), mirrored);
        // A side that lost nobody never throws while the other lost someone.
        let throwers = melee_throwers(a_lost, a_men, d_lost, d_men);
        if a_lost == 0 {
            prop_assert!(matches!(throwers, MeleeThrowers::Second | MeleeThrowers::Neither));
        }
        prop_assert_eq!(throwers == MeleeThrowers::Neither, a_lost == 0 && d_lost == 0);
    }

    #[test]
    fn a_weaker_unit_never_needs_less_to_charge(start in 1u32..100, lost in 0u32..100) {
        let figures = start.saturating_sub(lost);
        let weaker = figures.saturating_sub(1);
        prop_assert!(infantry_charge_score(start, weaker).needed()
            >= infantry_charge_score(start, figures).needed());
    }
}
