//! The luck of the dice: each side's hits and passes against what its dice could be
//! expected to score at the scores they needed, read from a played log. Every expected
//! number is worked out in the comment beside it: a die needing n on a d6 succeeds with
//! chance (7 - n) / 6.

mod common;

use adjutant::game::{Game, luck, luck_line};
use common::{advance, foot, ok, plain};

/// Side `a`'s shooting phase of turn 1: a grade C line of 12 figures on each side.
fn two_lines() -> Game {
    let mut game = plain(&[
        foot("a-f12", "C", 12, "line"),
        foot("b-tgt", "C", 12, "line"),
    ]);
    advance(&mut game, 2);
    game
}

/// *Sound the Charge*, *Shooting Table*: a die per 4 foot, so 12 figures roll 3 dice, and
/// musketry at close range hits on 3-6, so each die hits 4 times in 6: 2.0 hits expected.
/// Typed 6, 6, 6 score 3: 50% above expectation. *Morale Test if Hit by Shooting*: grade
/// C passes on 2-6, less one for each of the 3 hits, so it needs 5: a pass is expected 2
/// times in 6 (0.3); a 3 fails it, 100% below.
#[test]
fn a_sides_hits_and_passes_are_weighed_against_the_scores_they_needed() {
    let mut game = two_lines();
    let (needed, _) = common::needed(&game, "shoot a-f12 b-tgt close");
    assert_eq!(needed, 3);
    ok(&mut game, "shoot a-f12 b-tgt close dice=6,6,6");
    ok(&mut game, "test b-tgt roll=3");
    let sides = luck(&game);
    let (a, b) = (&sides[0], &sides[1]);
    assert_eq!((a.shooting.thrown, a.shooting.scored), (3, 3));
    assert!((a.shooting.expected - 2.0).abs() < 1e-9);
    assert_eq!(a.shooting.percent(), Some(50));
    assert_eq!((b.tests.thrown, b.tests.scored), (1, 0));
    assert!((b.tests.expected - 1.0 / 3.0).abs() < 1e-9);
    assert_eq!(b.tests.percent(), Some(-100));
    assert_eq!((a.tests.thrown, b.shooting.thrown), (0, 0));
    assert_eq!(
        luck_line(a).as_deref(),
        Some("The Blue shot 50% above expectation (3 hits from 3 dice, 2.0 expected)")
    );
    assert_eq!(
        luck_line(b).as_deref(),
        Some("The Red tested 100% below expectation (0 of 1 passed, 0.3 expected)")
    );
}

/// A general's risk (*Generals*: a 1 kills him) is no score a side hopes to make, and is
/// left out; so is a side that has thrown nothing.
#[test]
fn a_roll_that_is_no_score_to_make_is_left_out() {
    let mut game = two_lines();
    ok(&mut game, "attach wellington b-tgt");
    ok(&mut game, "shoot a-f12 b-tgt close dice=6,6,1 gen=2");
    let sides = luck(&game);
    assert_eq!(sides[1].tests.thrown, 0, "the general's die is not a test");
    assert_eq!(luck_line(&sides[1]), None);
}

/// Undo takes a throw's luck back with the throw: luck is read from the log.
#[test]
fn an_undone_throw_counts_for_nothing() {
    let mut game = two_lines();
    ok(&mut game, "shoot a-f12 b-tgt close dice=6,6,6");
    assert_eq!(luck(&game)[0].shooting.scored, 3);
    ok(&mut game, "undo");
    assert_eq!(luck(&game)[0].shooting.thrown, 0);
}

/// *Sound the Charge*, *Close Combat*: each strike's dice hit at its own score, so a
/// round's luck is each die's chance at its strike's score, summed for each side. The
/// app's dice (seeded) throw the round; the sums are read back from the round as logged.
#[test]
fn a_combat_rounds_strikes_count_for_the_side_that_struck() {
    let mut game = common::battle(
        ["france", "britain"],
        &[],
        &[
            foot("a-inf", "C", 12, "line"),
            foot("b-line", "C", 12, "line"),
        ],
    );
    advance(&mut game, 3);
    ok(&mut game, "combat a-inf vs b-line");
    let round = common::last_round(&game);
    let sides = luck(&game);
    for (side, prefix) in [(&sides[0], "a-"), (&sides[1], "b-")] {
        let strikes: Vec<_> = round
            .fighters
            .iter()
            .filter(|f| f.unit.starts_with(prefix))
            .flat_map(|f| &f.strikes)
            .collect();
        let dice: usize = strikes.iter().map(|s| s.dice.len()).sum();
        let hits: u32 = strikes.iter().map(|s| s.hits).sum();
        let expected: f64 = strikes
            .iter()
            .map(|s| {
                f64::from(u32::try_from(s.dice.len()).unwrap())
                    * f64::from((7 - s.needed).clamp(0, 6))
                    / 6.0
            })
            .sum();
        assert!(dice > 0, "{prefix} struck with no dice: {round:?}");
        assert_eq!(side.combat.thrown as usize, dice, "{prefix}");
        assert_eq!(side.combat.scored, hits, "{prefix}");
        assert!((side.combat.expected - expected).abs() < 1e-9, "{prefix}");
    }
}

/// `show`, `show --json` and the report carry each side's luck: the French line's 3 dice
/// at close range hit on 3-6 (2.0 expected); 6, 6, 6 score 3, 50% above.
#[test]
fn show_and_the_report_tell_each_sides_luck() {
    use common::cli::{act, adjutant, new_save, show_json};
    let folder = tempfile::tempdir().unwrap();
    let save = new_save(folder.path(), "g.toml", "quatre-bras", 3);
    for line in ["next", "next", "shoot fr-2lg nl-27j close dice=6,6,6"] {
        act(&save, line);
    }
    let json = show_json(&save);
    let french = &json["luck"][0];
    assert_eq!(french["side"], "france");
    assert_eq!(french["shooting"]["thrown"], 3);
    assert_eq!(french["shooting"]["scored"], 3);
    assert_eq!(french["shooting"]["expected"], 2.0);
    let said = "The French shot 50% above expectation (3 hits from 3 dice, 2.0 expected)";
    let shown = adjutant().arg("show").arg(&save).output().unwrap();
    let shown = String::from_utf8_lossy(&shown.stdout);
    assert!(shown.contains(&format!("Luck: {said}")), "{shown}");
    let report = adjutant().arg("report").arg(&save).output().unwrap();
    let report = String::from_utf8_lossy(&report.stdout);
    assert!(report.contains(said), "{report}");
}
