//! The d10 sheet's rules against the scan (`../shared/rules/d10-quick-reference-ocr.txt`),
//! each test naming its lines and the numbers worked out from them by hand.

use super::*;
use proptest::prelude::*;

#[test]
fn melee_loser_loses_the_totals_difference_and_the_winner_the_bare_dice() {
    // Lines 113-118: attacker rolls 6 (+6 flank = 12), defender 8 (+1 light cover = 9).
    // The attacker wins by 12 - 9 = 3; the defender loses 3 steps, the attacker
    // |6 - 8| = 2.
    let round = melee_round(6, 12, 8, 9);
    assert_eq!(round.winner, Some(MeleeSide::Attacker));
    assert_eq!(round.defender_steps, 3);
    assert_eq!(round.attacker_steps, 2);
    // The other way round: attacker 3 (-2 shaken = 1), defender 5 (+0): the defender
    // wins by 4; the attacker loses 4, the defender |3 - 5| = 2.
    let round = melee_round(3, 1, 5, 5);
    assert_eq!(round.winner, Some(MeleeSide::Defender));
    assert_eq!(round.attacker_steps, 4);
    assert_eq!(round.defender_steps, 2);
}

#[test]
fn a_melee_of_equal_totals_has_no_winner_and_no_losses() {
    // Ruling D8: 7 + 0 against 5 + 2: equal totals.
    let round = melee_round(7, 7, 5, 7);
    assert_eq!(round.winner, None);
    assert_eq!((round.attacker_steps, round.defender_steps), (0, 0));
}

#[test]
fn the_initiative_goes_to_the_higher_total_and_17_on_the_bare_dice_ends_the_turn() {
    // Lines 236-237: the high modified die wins. Lines 246-249: bare dice 9 + 8 = 17.
    assert_eq!(initiative(9, 9, 8, 10), (InitiativeOutcome::Second, true));
    // 9 + 7 = 16: the turn goes on.
    assert_eq!(initiative(9, 9, 7, 7), (InitiativeOutcome::First, false));
    // 10 + 10 = 20, equal totals: a tie, and the turn ends.
    assert_eq!(initiative(10, 10, 10, 10), (InitiativeOutcome::Tie, true));
}

#[test]
fn action_points_follow_the_bands_of_line_190() {
    // "1-7 = 1AP, 8-9 = 2AP, 10 = 3 AP".
    let expected = [1, 1, 1, 1, 1, 1, 1, 2, 2, 3];
    for (face, points) in (1..=10).zip(expected) {
        assert_eq!(points_of(face), points, "face {face}");
    }
}

#[test]
fn a_natural_nine_spends_one_more_and_a_ten_rolls_again() {
    // Line 187: a natural 9 gives 2 and spends 1 more: 1 left.
    let nine = action_points(&[9]);
    assert_eq!((nine.gained, nine.spent, nine.left()), (2, 1, 1));
    // Line 188: a 10 rolls again; ruling D6 adds the next die: 3 + 2 (an 8) = 5.
    assert_eq!(ap_dice_owed(&[10]), 2);
    assert_eq!(ap_dice_owed(&[10, 8]), 2);
    assert_eq!(action_points(&[10, 8]).left(), 5);
    // 10, 10, 9: 3 + 3 + 2 - 1 = 7.
    assert_eq!(ap_dice_owed(&[10, 10, 9]), 3);
    assert_eq!(action_points(&[10, 10, 9]).left(), 7);
}

#[test]
fn the_fire_table_reads_the_legible_rows_by_the_modified_roll() {
    // Line 143, row 5: 8 7 7 6 6 5 5 4 4 3 under 15+ 14 13 12-10 9-7 6-4 3 2 1 0.
    let row5 = [
        (15, 8),
        (14, 7),
        (13, 7),
        (12, 6),
        (10, 6),
        (9, 6),
        (7, 6),
        (6, 5),
    ];
    for (roll, steps) in row5 {
        assert_eq!(fire_steps(5, roll), Some((steps, false)), "row 5 at {roll}");
    }
    assert_eq!(fire_steps(5, 4), Some((5, false)));
    assert_eq!(fire_steps(5, 3), Some((5, false)));
    assert_eq!(fire_steps(5, 0), Some((3, false)));
    // Line 139, row 1: 3 3 2 2 1 1 0 0 0 0; a 20 reads 15+.
    assert_eq!(fire_steps(1, 20), Some((3, false)));
    assert_eq!(fire_steps(1, 7), Some((1, false)));
    assert_eq!(fire_steps(1, 3), Some((0, false)));
    // Line 147, row 9 at 0: 7. Line 155, ruling D9: below 0, no effect.
    assert_eq!(fire_steps(9, 0), Some((7, false)));
    assert_eq!(fire_steps(9, -1), Some((0, false)));
    // Rows 2 and 6 (lines 140, 144) are garbled: rebuilt, and said so.
    assert_eq!(fire_steps(2, 15), Some((5, true)));
    assert_eq!(fire_steps(6, 0), Some((4, true)));
    assert_eq!(fire_steps(0, 5), None);
    assert_eq!(fire_steps(10, 5), None);
}

#[test]
fn the_infantry_column_gives_a_row_per_two_stands_of_three_castings() {
    // Lines 138-144 and 152: 24 castings = 8 stands = row 4; 18 = 6 stands = row 3.
    assert_eq!(infantry_row(24), Some(4));
    assert_eq!(infantry_row(18), Some(3));
    assert_eq!(infantry_row(6), Some(1));
    // 36 castings = 12 stands = row 6, the last legible cell of the column.
    assert_eq!(infantry_row(36), Some(6));
    // Ruling D11: whole stands, a row to a pair. 9 castings = 3 stands: row 1; 20 = 6
    // whole stands (and 2 castings): row 3; 41 = 13 stands: row 6.
    assert_eq!(infantry_row(9), Some(1));
    assert_eq!(infantry_row(20), Some(3));
    assert_eq!(infantry_row(41), Some(6));
    // One stand reads the Half row (lost); 14 stands are past the column's legible cells.
    assert_eq!(infantry_row(5), None);
    assert_eq!(infantry_row(42), None);
    assert_eq!(infantry_row(0), None);
}

#[test]
fn the_artillery_movement_table_prints_the_sheet_s_inches() {
    // Lines 216-221, in half inches.
    assert_eq!(inches(GUN_MOVES[0].prolonge), "1/2\"");
    assert_eq!(inches(GUN_MOVES[0].road), "12\"");
    assert_eq!(inches(GUN_MOVES[3].road), "30\"");
    assert_eq!(GUN_MOVES[3].middle_ap, Some((2, 1)));
    assert_eq!(inches(3), "1 1/2\"");
}

#[test]
fn the_charge_modifiers_are_the_sheet_s() {
    // Lines 45-66, 92-99, 33, 130.
    let sheet = [
        (SHAKEN, -2),
        (DISORDERED, -4),
        (CLOSING_PER_TEN_PERCENT, -2),
        (MASS_ONE_AND_A_HALF, 2),
        (MASS_DOUBLE, 3),
        (MASS_TRIPLE, 4),
        (MASS_FOURFOLD, 5),
        (DOWNHILL, 1),
        (CAVALRY_AT_LINE, 6),
        (CAVALRY_AT_GENERAL, 7),
        (CAVALRY_AT_COLUMN, 4),
        (CAVALRY_AT_CLOSED_COLUMN, -2),
        (FLANK, 6),
        (REAR, 8),
        (HEAVY_AT_LIGHT, 4),
        (SECURE_FLANK, 1),
        (GENERAL_ORDER, -2),
        (LIGHT_COVER, 1),
        (MEDIUM_COVER, 3),
        (RIDDEN_DOWN, -8),
    ];
    for (number, value) in sheet {
        assert_eq!(number.value(), value, "{}", number.name);
    }
}

#[test]
fn every_chart_line_fits_and_the_fire_table_is_drawn_from_the_rows() {
    for chart in charts::CHARTS {
        for line in chart.text() {
            assert!(
                line.chars().count() <= crate::core::chart::WIDTH,
                "{}: {line}",
                chart.id
            );
        }
    }
    let fire = charts::CHARTS.iter().find(|c| c.id == "d10-fire").unwrap();
    let text: Vec<String> = fire.text().map(std::borrow::Cow::into_owned).collect();
    assert!(
        text.iter()
            .any(|l| l == "5     8   7   7     6   6   5   5   4   4   3")
    );
    assert!(text.iter().any(|l| l.starts_with("2* ")));
}

proptest! {
    /// Lines 113-118: the higher total wins, the loser loses the totals' difference and
    /// the winner the bare dice's, whichever side it is.
    #[test]
    fn melee_losses_are_the_two_differences(
        a in 1u8..=10, d in 1u8..=10, a_mod in -20i32..=20, d_mod in -20i32..=20
    ) {
        let a_total = i32::from(a) + a_mod;
        let d_total = i32::from(d) + d_mod;
        let round = melee_round(a, a_total, d, d_total);
        let modified = a_total.abs_diff(d_total);
        let bare = u32::from(a.abs_diff(d));
        match round.winner {
            Some(MeleeSide::Attacker) => {
                prop_assert!(a_total > d_total);
                prop_assert_eq!((round.attacker_steps, round.defender_steps), (bare, modified));
            }
            Some(MeleeSide::Defender) => {
                prop_assert!(d_total > a_total);
                prop_assert_eq!((round.attacker_steps, round.defender_steps), (modified, bare));
            }
            None => {
                prop_assert_eq!(a_total, d_total);
                prop_assert_eq!((round.attacker_steps, round.defender_steps), (0, 0));
            }
        }
        // Swapping the sides swaps the outcome.
        let swapped = melee_round(d, d_total, a, a_total);
        prop_assert_eq!(swapped.attacker_steps, round.defender_steps);
        prop_assert_eq!(swapped.defender_steps, round.attacker_steps);
    }

    /// Line 136: a higher modified roll never takes fewer steps on any row.
    #[test]
    fn fire_never_takes_fewer_steps_for_a_higher_roll(row in 1u8..=9, roll in -30i32..=30) {
        let (low, _) = fire_steps(row, roll).unwrap();
        let (high, _) = fire_steps(row, roll + 1).unwrap();
        prop_assert!(high >= low);
        prop_assert!(high <= 12);
    }

    /// Lines 187-190: each die gives 1 to 3 points; a roll owes a die after each 10 and
    /// no more; the points left are never negative.
    #[test]
    fn action_points_owe_a_die_after_each_ten(tens in 0usize..12, last in 1u8..=9) {
        let mut faces = vec![10u8; tens.min(MOST_AP_DICE - 1)];
        faces.push(last);
        prop_assert_eq!(ap_dice_owed(&faces), faces.len());
        let points = action_points(&faces);
        let tens = u32::try_from(faces.len() - 1).unwrap();
        let expected = 3 * tens + points_of(last);
        prop_assert_eq!(points.gained, expected);
        prop_assert_eq!(points.left(), expected - u32::from(last == 9));
    }
}
