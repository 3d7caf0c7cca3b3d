//! Shooting, the shooting morale test and rallying, driven through the command language
//! and checked against *Sound the Charge* (`/work/shared/rules/sound-the-charge.txt`):
//! *Shooting*, the *Shooting Table* and its *Modifiers to Hit*, *Morale Test if Hit by
//! Shooting*, *Rally from Shaken Status Test*, *Generals*, and the optional rules
//! *Wider Cavalry Basing* and *National Modifiers*, read with the rulings taken where the
//! body and the playsheet disagree.
//!
//! Every expected number is worked out in the comment beside it. "Needs n" is the chart's
//! score less the modifiers on the die; a die at or above it succeeds.

use adjutant::game::{Event, Game, GeneralStatus, HitKind, Morale, Roll, RollKind};

mod common;

use common::{
    advance, battery, battle, battle_seeded, cavalry, foot, light, ok, plain, refused, rolls,
    side_of,
};

// --- Building battles ---------------------------------------------------------------------

/// Medium cavalry.
fn horse(id: &str, grade: &str, figures: u32, formation: &str) -> String {
    cavalry(id, "medium", grade, figures, formation)
}

/// Side `a`'s shooting phase of turn 1.
fn shooting(mut game: Game) -> Game {
    advance(&mut game, 2);
    game
}

/// Performs `line` and returns the roll it logged first.
fn roll(game: &mut Game, line: &str) -> Roll {
    ok(game, line);
    rolls(game).into_iter().next().unwrap()
}

/// Performs `line`, returns the roll it logged first, and takes it back with `undo`, so
/// the state and the dice stream are as before: a unit fires once a turn (*Splitting
/// Fire*), and this reads the score of each shot on its own.
fn shot(game: &mut Game, line: &str) -> Roll {
    let first = roll(game, line);
    ok(game, "undo");
    first
}

fn values(roll: &Roll) -> Vec<i32> {
    roll.modifiers.iter().map(|m| m.value).collect()
}

/// The chart's score, the modifiers on the die and the score needed.
fn score(roll: &Roll) -> (i32, Vec<i32>, i32) {
    (roll.chart, values(roll), roll.needed)
}

fn morale(game: &Game, id: &str) -> Morale {
    game.state().unit(id).unwrap().morale
}

// --- 1. Dice: one per four front-rank figures, a last three counts; a die per manned gun --

#[test]
fn infantry_in_line_rolls_a_die_per_four_figures_and_a_last_three_rounds_up() {
    // 12 → 3; 11 = 8 + 3 → 2 + 1 = 3; 10 = 8 + 2 → 2; 7 = 4 + 3 → 2; 3 → 1. Far range
    // at a target in hard cover needs 5 + 2 = 7, so the app's dice never hit.
    let sizes = [(12, 3), (11, 3), (10, 2), (7, 2), (3, 1)];
    let mut units: Vec<String> = sizes
        .iter()
        .map(|(n, _)| foot(&format!("a-f{n}"), "C", *n, "line"))
        .collect();
    units.push(foot("b-tgt", "C", 12, "line"));
    let mut game = shooting(plain(&units));
    for (figures, dice) in sizes {
        let shot = roll(&mut game, &format!("shoot a-f{figures} b-tgt far hard"));
        assert_eq!(shot.dice.len(), dice, "{figures} figures: {shot:?}");
        assert!(shot.dice.iter().all(|d| (1..=6).contains(d)));
        assert_eq!((shot.needed, shot.successes), (7, 0));
        assert!(shot.stream.is_some(), "the app rolled");
    }
    assert_eq!(game.state().unit("b-tgt").unwrap().figures(), 12);
}

#[test]
fn two_figures_in_front_have_no_die_and_are_refused() {
    // Two figures are neither four nor a last three: no dice.
    let mut game = shooting(plain(&[
        foot("a-two", "C", 2, "line"),
        foot("b-tgt", "C", 12, "line"),
    ]));
    refused(&mut game, "shoot a-two b-tgt close");
    refused(&mut game, "shoot a-two b-tgt close dice=6");
}

#[test]
fn front_rank_follows_the_formation_unless_given() {
    // A column is four figures wide (1 die); a square shows ceil(12/4) = 3 (the last three
    // counts: 1 die); a skirmish screen fires with all 12 (3 dice); front=7 gives 4 + 3 → 2
    // dice; front=12 → 3; thirteen in the front rank of a 12-figure unit is impossible.
    let mut game = shooting(plain(&[
        foot("a-col", "C", 12, "column"),
        foot("a-sq", "C", 12, "square"),
        foot("a-line", "C", 12, "line"),
        light("a-skirm", "C", 12, "skirmish"),
        foot("b-tgt", "C", 12, "line"),
    ]));
    let dice = |game: &mut Game, firer: &str, words: &str| {
        shot(game, &format!("shoot {firer} b-tgt far hard{words}"))
            .dice
            .len()
    };
    assert_eq!(dice(&mut game, "a-col", ""), 1);
    assert_eq!(dice(&mut game, "a-sq", ""), 1);
    assert_eq!(dice(&mut game, "a-skirm", ""), 3);
    assert_eq!(dice(&mut game, "a-line", " front=7"), 2);
    assert_eq!(dice(&mut game, "a-line", " front=12"), 3);
    assert_eq!(dice(&mut game, "a-col", " front=8"), 2);
    refused(&mut game, "shoot a-line b-tgt far front=13");
}

#[test]
fn guns_roll_a_die_each_while_two_gunners_serve_them() {
    // 4 guns, 8 gunners: min(4, 8/2) = 4 dice. 4 guns, 5 gunners: min(4, 2) = 2 dice.
    // 4 guns, 1 gunner: no gun is served, no dice.
    let mut game = shooting(plain(&[
        battery("a-g8", "field", "C", 8, 4, "unlimbered"),
        battery("a-g5", "field", "C", 5, 4, "unlimbered"),
        battery("a-g1", "field", "C", 1, 4, "unlimbered"),
        foot("b-tgt", "C", 12, "line"),
    ]));
    assert_eq!(roll(&mut game, "shoot a-g8 b-tgt far hard").dice.len(), 4);
    assert_eq!(roll(&mut game, "shoot a-g5 b-tgt far hard").dice.len(), 2);
    refused(&mut game, "shoot a-g1 b-tgt far hard");
}

#[test]
fn a_unit_fires_once_a_turn_unless_it_splits_its_fire() {
    // *Splitting Fire*: a second shot the same turn is for the figures, or guns, that
    // could not reach the first target, and all the shots together roll no more dice than
    // the whole unit: 12 figures in line → 3 dice, 4 manned guns → 4. Far range at hard
    // cover needs 7: no hits. front=8 fire 2 dice, then split=4 fire the third; a second
    // split=4 would be a fourth die. Two guns at one target, two at another; a fifth gun
    // does not exist.
    let mut game = shooting(plain(&[
        foot("a-f12", "C", 12, "line"),
        battery("a-gun", "field", "C", 8, 4, "unlimbered"),
        foot("b-tgt", "C", 12, "line"),
        foot("b-next", "C", 12, "line"),
    ]));
    assert_eq!(
        roll(&mut game, "shoot a-f12 b-tgt far hard front=8")
            .dice
            .len(),
        2
    );
    let refusal = refused(&mut game, "shoot a-f12 b-next far hard");
    assert!(refusal.contains("split="), "{refusal}");
    refused(&mut game, "shoot a-f12 b-tgt far hard");
    let split = roll(&mut game, "shoot a-f12 b-next far hard split=4");
    assert_eq!(split.dice.len(), 1);
    assert_eq!(split.target.as_deref(), Some("b-next"));
    let refusal = refused(&mut game, "shoot a-f12 b-next far hard split=4");
    assert!(refusal.contains("fired 3 of its 3 dice"), "{refusal}");

    assert_eq!(
        roll(&mut game, "shoot a-gun b-tgt far hard split=2")
            .dice
            .len(),
        2
    );
    let refusal = refused(&mut game, "shoot a-gun b-next far hard");
    assert!(refusal.contains("split="), "{refusal}");
    refused(&mut game, "shoot a-gun b-next far hard split=5");
    refused(&mut game, "shoot a-gun b-next far hard split=3");
    let split = roll(&mut game, "shoot a-gun b-next far hard split=2");
    assert_eq!(split.dice.len(), 2);

    // Side a's next turn (after its 5 phases and side b's 5): both fire in full again.
    advance(&mut game, 10);
    assert_eq!(game.state().active(), "a");
    assert_eq!(roll(&mut game, "shoot a-f12 b-tgt far hard").dice.len(), 3);
    assert_eq!(roll(&mut game, "shoot a-gun b-tgt far hard").dice.len(), 4);
}

#[test]
fn guns_are_never_disordered() {
    // The note under *Combat Points*: artillery is never disordered, so a battery cannot be
    // marked so, and its shot never takes the disordered firer's -1: one field gun (1 die)
    // at close range needs 3.
    let mut game = shooting(plain(&[
        battery("a-gun", "field", "C", 2, 1, "unlimbered"),
        foot("b-tgt", "C", 12, "line"),
    ]));
    let refusal = refused(&mut game, "disorder a-gun on");
    assert!(refusal.contains("never disordered"), "{refusal}");
    let refusal = refused(&mut game, "disorder a-gun");
    assert!(refusal.contains("never disordered"), "{refusal}");
    assert!(!game.state().unit("a-gun").unwrap().disordered);
    assert_eq!(aim(&mut game, "shoot a-gun b-tgt close"), (3, vec![], 3));
}

#[test]
fn typed_dice_must_be_as_many_as_the_unit_rolls_and_show_one_to_six() {
    // 12 figures in line roll 3 dice.
    let mut game = shooting(plain(&[
        foot("a-f12", "C", 12, "line"),
        foot("b-tgt", "C", 12, "line"),
    ]));
    refused(&mut game, "shoot a-f12 b-tgt close dice=6,6");
    refused(&mut game, "shoot a-f12 b-tgt close dice=6,6,6,6");
    refused(&mut game, "shoot a-f12 b-tgt close dice=0,3,4");
    refused(&mut game, "shoot a-f12 b-tgt close dice=7,3,4");
    let shot = roll(&mut game, "shoot a-f12 b-tgt close dice=6,3,2");
    assert_eq!(shot.dice, vec![6, 3, 2]);
    assert_eq!(
        shot.stream, None,
        "the players' dice do not touch the app's stream"
    );
}

// --- 2. The Shooting Table and the Modifiers to Hit ----------------------------------------

/// A grade C firer of 3 figures (1 die), a battery of one gun (1 die) and targets of
/// every kind, all in side `a`'s shooting phase. Typed 1s never hit unless the score
/// needed is 1 or less.
fn range_battle(nations: [&str; 2], rules: &[&str]) -> Game {
    shooting(battle(
        nations,
        rules,
        &[
            foot("a-inf", "C", 3, "line"),
            foot("a-sqf", "C", 12, "square"),
            battery("a-gun", "field", "C", 2, 1, "unlimbered"),
            battery("a-light", "light", "C", 2, 1, "unlimbered"),
            battery("a-heavy", "heavy", "C", 2, 1, "unlimbered"),
            battery("a-limb", "field", "C", 2, 1, "limbered"),
            horse("a-cav", "C", 12, "line"),
            foot("b-line", "C", 12, "line"),
            foot("b-sq", "C", 12, "square"),
            foot("b-col", "C", 12, "column"),
            foot("b-col4", "C", 4, "column"),
            horse("b-cav4", "C", 4, "column"),
            horse("b-cav3", "C", 3, "column"),
            light("b-skirm", "C", 12, "skirmish"),
            battery("b-gun", "field", "C", 8, 4, "unlimbered"),
        ],
    ))
}

/// The score of `line` with a typed 1, the shot then taken back (see [`shot`]).
fn aim(game: &mut Game, line: &str) -> (i32, Vec<i32>, i32) {
    score(&shot(game, &format!("{line} dice=1")))
}

#[test]
fn close_range_needs_three_and_far_range_five() {
    // Shooting Table: 3-6 close, 5-6 far; a grade C firer at line infantry in the open
    // has no modifiers.
    let mut game = range_battle(["france", "britain"], &[]);
    assert_eq!(aim(&mut game, "shoot a-inf b-line close"), (3, vec![], 3));
    assert_eq!(aim(&mut game, "shoot a-inf b-line far"), (5, vec![], 5));
}

#[test]
fn measured_ranges_fall_in_the_bands_of_the_shooting_table() {
    // Musketry 2/4, light guns 4/12, field guns 6/20, heavy guns 8/24: up to the first
    // number is close (3+), up to the second far (5+), beyond it out of range.
    let mut game = range_battle(["france", "britain"], &[]);
    for (firer, close, far) in [
        ("a-inf", 2, 4),
        ("a-light", 4, 12),
        ("a-gun", 6, 20),
        ("a-heavy", 8, 24),
    ] {
        for (inches, needed) in [(0, 3), (close, 3), (close + 1, 5), (far, 5)] {
            let (chart, _, _) = aim(&mut game, &format!("shoot {firer} b-line {inches}"));
            assert_eq!(chart, needed, "{firer} at {inches}\"");
        }
        refused(
            &mut game,
            &format!("shoot {firer} b-line {} dice=1", far + 1),
        );
    }
}

#[test]
fn firer_grade_a_and_b_add_one_c_nothing_d_takes_one() {
    // Close range 3: A and B need 2, C 3, D 4.
    let mut game = shooting(plain(&[
        foot("a-A", "A", 3, "line"),
        foot("a-B", "B", 3, "line"),
        foot("a-C", "C", 3, "line"),
        foot("a-D", "D", 3, "line"),
        foot("b-tgt", "C", 12, "line"),
    ]));
    assert_eq!(aim(&mut game, "shoot a-A b-tgt close"), (3, vec![1], 2));
    assert_eq!(aim(&mut game, "shoot a-B b-tgt close"), (3, vec![1], 2));
    assert_eq!(aim(&mut game, "shoot a-C b-tgt close"), (3, vec![], 3));
    assert_eq!(aim(&mut game, "shoot a-D b-tgt close"), (3, vec![-1], 4));
}

#[test]
fn guns_gain_one_against_a_dense_target_and_musketry_does_not() {
    // Dense: a square; an infantry column deeper than its four-figure width; a cavalry
    // column deeper than three; or the referee's `dense`. Guns at close range then need
    // 3 - 1 = 2; otherwise 3. Musketry never gains it.
    let mut game = range_battle(["france", "britain"], &[]);
    for (target, words, needed) in [
        ("b-sq", "", 2),
        ("b-col", "", 2),
        ("b-col4", "", 3),
        ("b-cav4", "", 2),
        ("b-cav3", "", 3),
        ("b-line", "", 3),
        ("b-line", " dense", 2),
        // A square called dense as well is still one dense target: +1, not +2.
        ("b-sq", " dense", 2),
    ] {
        let (_, _, got) = aim(&mut game, &format!("shoot a-gun {target} close{words}"));
        assert_eq!(got, needed, "guns at {target}{words}");
    }
    assert_eq!(aim(&mut game, "shoot a-inf b-sq close"), (3, vec![], 3));
    assert_eq!(aim(&mut game, "shoot a-inf b-col close"), (3, vec![], 3));
    assert_eq!(
        aim(&mut game, "shoot a-inf b-line close dense"),
        (3, vec![], 3)
    );
}

#[test]
fn a_firer_that_moved_takes_one_and_guns_may_not_move_and_shoot() {
    // Close 3, moved -1: needs 4.
    let mut game = range_battle(["france", "britain"], &[]);
    assert_eq!(
        aim(&mut game, "shoot a-inf b-line close moved"),
        (3, vec![-1], 4)
    );
    refused(&mut game, "shoot a-gun b-line close moved dice=1");
}

#[test]
fn disordered_and_or_in_square_is_a_single_minus_one() {
    // Close 3: disordered -1 → 4; a square (12 figures, front 3: one die) -1 → 4; a
    // disordered square still only -1 → 4.
    let mut game = range_battle(["france", "britain"], &[]);
    assert_eq!(aim(&mut game, "shoot a-sqf b-line close"), (3, vec![-1], 4));
    ok(&mut game, "disorder a-sqf on");
    assert_eq!(aim(&mut game, "shoot a-sqf b-line close"), (3, vec![-1], 4));
    ok(&mut game, "disorder a-inf on");
    assert_eq!(aim(&mut game, "shoot a-inf b-line close"), (3, vec![-1], 4));
}

#[test]
fn the_targets_protection_counts_once_the_worse_row_only() {
    // Soft cover, a skirmish screen (for guns) and guns in the open or soft cover: -1.
    // Hard cover or a skirmishing target: -2. The rows are alternatives, so skirmishers in
    // hard cover are -2 (needs 5, not 7) and guns in soft cover -1 (needs 4, not 5).
    let mut game = range_battle(["france", "britain"], &[]);
    for (line, mods, needed) in [
        ("shoot a-inf b-line close soft", vec![-1], 4),
        ("shoot a-gun b-line close screened", vec![-1], 4),
        ("shoot a-gun b-line close soft screened", vec![-1], 4),
        ("shoot a-inf b-gun close", vec![-1], 4),
        ("shoot a-inf b-gun close soft", vec![-1], 4),
        ("shoot a-inf b-gun close hard", vec![-2], 5),
        ("shoot a-inf b-line close hard", vec![-2], 5),
        ("shoot a-inf b-skirm close", vec![-2], 5),
        ("shoot a-inf b-skirm close soft", vec![-2], 5),
        ("shoot a-inf b-skirm close hard", vec![-2], 5),
        ("shoot a-gun b-skirm close", vec![-2], 5),
    ] {
        assert_eq!(aim(&mut game, line), (3, mods, needed), "{line}");
    }
}

#[test]
fn infantry_may_not_fire_through_a_skirmish_screen() {
    let mut game = range_battle(["france", "britain"], &[]);
    refused(&mut game, "shoot a-inf b-line close screened dice=1");
}

#[test]
fn limbered_guns_cavalry_and_shaken_units_may_not_shoot() {
    let mut game = range_battle(["france", "britain"], &[]);
    refused(&mut game, "shoot a-limb b-line close dice=1");
    refused(&mut game, "shoot a-cav b-line close dice=1");
    ok(&mut game, "shaken a-inf on");
    refused(&mut game, "shoot a-inf b-line close dice=1");
    // Unlimbered, the battery fires again.
    ok(&mut game, "form a-limb unlimbered");
    assert_eq!(aim(&mut game, "shoot a-limb b-line close"), (3, vec![], 3));
}

#[test]
fn only_the_active_side_shoots_at_the_other_side_in_the_shooting_phase() {
    let mut game = plain(&[
        foot("a-inf", "C", 3, "line"),
        foot("b-tgt", "C", 12, "line"),
    ]);
    refused(&mut game, "shoot a-inf b-tgt close dice=1"); // rally phase
    advance(&mut game, 1);
    refused(&mut game, "shoot a-inf b-tgt close dice=1"); // movement phase
    advance(&mut game, 1);
    refused(&mut game, "shoot b-tgt a-inf close dice=1,1,1"); // passive firer
    refused(&mut game, "shoot a-inf a-reserve close dice=1"); // own side
    aim(&mut game, "shoot a-inf b-tgt close");
}

#[test]
fn steady_british_infantry_fire_plus_one_with_national_modifiers() {
    // Body, not playsheet: steady British infantry +1 → close needs 2. Disordered, it is
    // no longer steady: only the -1 for disorder → 4. British guns get nothing → 3.
    let mut game = range_battle(["britain", "france"], &["national-modifiers"]);
    assert_eq!(aim(&mut game, "shoot a-inf b-line close"), (3, vec![1], 2));
    assert_eq!(aim(&mut game, "shoot a-gun b-line far"), (5, vec![], 5));
    ok(&mut game, "disorder a-inf on");
    assert_eq!(aim(&mut game, "shoot a-inf b-line close"), (3, vec![-1], 4));
    // Portugal is grouped with Britain.
    let mut game = range_battle(["portugal", "france"], &["national-modifiers"]);
    assert_eq!(aim(&mut game, "shoot a-inf b-line close"), (3, vec![1], 2));
}

#[test]
fn all_russian_fire_takes_one_with_national_modifiers() {
    // Close 3, Russian powder -1 → 4, muskets and guns alike.
    let mut game = range_battle(["russia", "france"], &["national-modifiers"]);
    assert_eq!(aim(&mut game, "shoot a-inf b-line close"), (3, vec![-1], 4));
    assert_eq!(aim(&mut game, "shoot a-gun b-line close"), (3, vec![-1], 4));
}

#[test]
fn without_the_optional_rule_nations_change_nothing() {
    for nation in ["britain", "russia"] {
        let mut game = range_battle([nation, "france"], &[]);
        assert_eq!(
            aim(&mut game, "shoot a-inf b-line close"),
            (3, vec![], 3),
            "{nation}"
        );
        assert_eq!(
            aim(&mut game, "shoot a-gun b-line close"),
            (3, vec![], 3),
            "{nation}"
        );
    }
}

// --- 3. Hits ------------------------------------------------------------------------------

#[test]
fn each_success_is_a_loss_hit_and_the_target_owes_a_test() {
    // Close 3+: dice 5, 3, 1 → two hits.
    let mut game = shooting(plain(&[
        foot("a-f12", "C", 12, "line"),
        foot("b-tgt", "C", 12, "line"),
    ]));
    let shot = roll(&mut game, "shoot a-f12 b-tgt close dice=5,3,1");
    assert_eq!((shot.kind, shot.successes), (RollKind::Shooting, 2));
    assert_eq!(shot.target.as_deref(), Some("b-tgt"));
    let events = &game.log().last().unwrap().events;
    assert_eq!(
        events[1..],
        [
            Event::Hits {
                unit: "b-tgt".into(),
                kind: HitKind::Loss,
                count: 2
            },
            Event::TestOwed {
                unit: "b-tgt".into(),
                hits: 2
            }
        ]
    );
    let target = game.state().unit("b-tgt").unwrap();
    assert_eq!(
        (target.loss_hits, target.rout_hits, target.figures()),
        (2, 0, 10)
    );
    assert!(target.owes_test);
    assert_eq!(target.shooting_hits_this_turn, 2);
}

#[test]
fn a_shot_that_misses_owes_no_test() {
    let mut game = shooting(plain(&[
        foot("a-f12", "C", 12, "line"),
        foot("b-tgt", "C", 12, "line"),
    ]));
    let shot = roll(&mut game, "shoot a-f12 b-tgt close dice=2,2,1");
    assert_eq!(shot.successes, 0);
    assert_eq!(game.log().last().unwrap().events.len(), 1);
    let target = game.state().unit("b-tgt").unwrap();
    assert!(!target.owes_test);
    assert_eq!((target.loss_hits, target.shooting_hits_this_turn), (0, 0));
}

#[test]
fn hits_on_guns_remove_gunners() {
    // Two hits on a battery of 8 gunners leave 6 gunners: min(4, 3) = 3 dice next time.
    let mut game = shooting(plain(&[
        foot("a-f12", "C", 12, "line"),
        battery("b-gun", "field", "C", 8, 4, "unlimbered"),
    ]));
    ok(&mut game, "shoot a-f12 b-gun close dice=6,6,1");
    let gun = game.state().unit("b-gun").unwrap();
    assert_eq!((gun.figures(), gun.loss_hits), (6, 2));
}

#[test]
fn hits_never_exceed_the_targets_figures() {
    // Three successes on a 2-figure unit: two hits, and it is shattered (owes no test).
    let mut game = shooting(plain(&[
        foot("a-f12", "C", 12, "line"),
        foot("b-two", "C", 2, "line"),
    ]));
    let shot = roll(&mut game, "shoot a-f12 b-two close dice=6,6,6");
    assert_eq!(shot.successes, 3);
    let events = &game.log().last().unwrap().events;
    assert!(events.contains(&Event::Hits {
        unit: "b-two".into(),
        kind: HitKind::Loss,
        count: 2
    }));
    let target = game.state().unit("b-two").unwrap();
    assert_eq!((target.loss_hits, target.figures()), (2, 0));
    assert!(!target.owes_test);
}

fn general_battle() -> Game {
    let mut game = shooting(plain(&[
        foot("a-f12", "C", 12, "line"),
        foot("b-tgt", "C", 12, "line"),
    ]));
    ok(&mut game, "attach wellington b-tgt");
    game
}

#[test]
fn a_general_with_a_unit_taking_two_hits_dies_on_a_one() {
    let mut game = general_battle();
    ok(&mut game, "shoot a-f12 b-tgt close dice=6,6,1 gen=1");
    let all = rolls(&game);
    assert_eq!(all.len(), 2);
    assert_eq!(
        (all[1].kind, all[1].dice.clone(), all[1].successes),
        (RollKind::GeneralRisk, vec![1], 0)
    );
    let general = game.state().general("wellington").unwrap();
    assert_eq!(general.status, GeneralStatus::Killed);
    assert_eq!(general.attached, None);
    // His unit tests without him: grade C 2, two hits -2 → needs 4.
    let test = roll(&mut game, "test b-tgt roll=6");
    assert_eq!(score(&test), (2, vec![-2], 4));
}

#[test]
fn a_general_with_a_unit_taking_two_hits_survives_on_two_or_more() {
    let mut game = general_battle();
    ok(&mut game, "shoot a-f12 b-tgt close dice=6,6,1 gen=2");
    let all = rolls(&game);
    assert_eq!((all[1].kind, all[1].successes), (RollKind::GeneralRisk, 1));
    let general = game.state().general("wellington").unwrap();
    assert_eq!(general.status, GeneralStatus::InPlay);
    assert_eq!(general.attached.as_deref(), Some("b-tgt"));
}

#[test]
fn typed_dice_for_two_hits_on_a_generals_unit_need_his_die() {
    let mut game = general_battle();
    let refusal = refused(&mut game, "shoot a-f12 b-tgt close dice=6,6,1");
    assert!(refusal.contains("gen="), "{refusal}");
    // One general, one die.
    refused(&mut game, "shoot a-f12 b-tgt close dice=6,6,1 gen=1,1");
    refused(&mut game, "shoot a-f12 b-tgt close dice=6,6,1 gen=0");
    // One hit puts no general at risk: no die needed, none rolled.
    ok(&mut game, "shoot a-f12 b-tgt close dice=6,1,1");
    assert_eq!(rolls(&game).len(), 1);
    assert_eq!(
        game.state().general("wellington").unwrap().status,
        GeneralStatus::InPlay
    );
}

#[test]
fn the_app_rolls_the_generals_die_when_it_rolls_the_shot() {
    // Grade A guns (+1) at a square (+1, dense) at close range need 3 - 2 = 1: all four
    // dice hit, so the general's die is rolled by the app.
    let mut game = shooting(plain(&[
        battery("a-gun", "field", "A", 8, 4, "unlimbered"),
        foot("b-sq", "C", 12, "square"),
    ]));
    ok(&mut game, "attach wellington b-sq");
    ok(&mut game, "shoot a-gun b-sq close");
    let all = rolls(&game);
    assert_eq!((all[0].needed, all[0].successes), (1, 4));
    assert_eq!(all[1].kind, RollKind::GeneralRisk);
    assert_eq!(all[1].dice.len(), 1);
    assert!(all[1].stream.is_some(), "the app threw the general's die");
    let killed = all[1].dice[0] == 1;
    let general = game.state().general("wellington").unwrap();
    assert_eq!(general.status == GeneralStatus::Killed, killed);
}

// --- 4. The shooting morale test ---------------------------------------------------------

/// Side `b`'s units of every grade, shot by four 12-figure grade C lines `a-1` to `a-4`
/// (3 dice each): a unit fires once a turn (*Splitting Fire*), so each hit of a turn
/// comes from a line of its own.
fn nerve_battle(nations: [&str; 2], rules: &[&str], targets: &[String]) -> Game {
    let mut units: Vec<String> = (1..=4)
        .map(|n| foot(&format!("a-{n}"), "C", 12, "line"))
        .collect();
    units.extend_from_slice(targets);
    shooting(battle(nations, rules, &units))
}

/// One hit by `firer` on `target` (dice 6, 1, 1 at close range).
fn one_hit(game: &mut Game, firer: &str, target: &str) {
    ok(game, &format!("shoot {firer} {target} close dice=6,1,1"));
}

#[test]
fn morale_test_chart_by_grade_with_one_hit() {
    // A 0, B 1, C 2, D 3; one shooting hit this turn -1 → needs 1, 2, 3, 4.
    let mut game = nerve_battle(
        ["france", "britain"],
        &[],
        &[
            foot("b-A", "A", 12, "line"),
            foot("b-B", "B", 12, "line"),
            foot("b-C", "C", 12, "line"),
            foot("b-D", "D", 12, "line"),
        ],
    );
    for (firer, id, chart) in [
        ("a-1", "b-A", 0),
        ("a-2", "b-B", 1),
        ("a-3", "b-C", 2),
        ("a-4", "b-D", 3),
    ] {
        one_hit(&mut game, firer, id);
        let test = roll(&mut game, &format!("test {id} roll=6"));
        assert_eq!(test.kind, RollKind::MoraleTest);
        assert_eq!(score(&test), (chart, vec![-1], chart + 1), "{id}");
    }
}

#[test]
fn a_square_tests_at_plus_two() {
    // C 2, square +2, one hit -1 → needs 1: a 1 passes.
    let mut game = nerve_battle(
        ["france", "britain"],
        &[],
        &[foot("b-sq", "C", 12, "square")],
    );
    one_hit(&mut game, "a-1", "b-sq");
    let test = roll(&mut game, "test b-sq roll=1");
    assert_eq!(test.chart, 2);
    assert_eq!(test.needed, 1);
    assert_eq!(test.successes, 1);
    assert_eq!(morale(&game, "b-sq"), Morale::Good);
}

#[test]
fn every_shooting_hit_this_turn_counts_against_the_test() {
    // Two shots of one hit each, from two lines: -2 in all. C 2 + 2 → needs 4; a 3 fails.
    let mut game = nerve_battle(["france", "britain"], &[], &[foot("b-C", "C", 12, "line")]);
    one_hit(&mut game, "a-1", "b-C");
    one_hit(&mut game, "a-2", "b-C");
    assert_eq!(game.state().unit("b-C").unwrap().shooting_hits_this_turn, 2);
    let test = roll(&mut game, "test b-C roll=3");
    assert_eq!(test.needed, 4);
    assert_eq!(values(&test).iter().sum::<i32>(), -2);
    assert_eq!(test.successes, 0);
}

#[test]
fn hits_taken_before_an_earlier_test_still_count_the_same_turn() {
    // Hit once, test passed; hit again: the second test counts both hits → C 2 + 2 = 4.
    let mut game = nerve_battle(["france", "britain"], &[], &[foot("b-C", "C", 12, "line")]);
    one_hit(&mut game, "a-1", "b-C");
    ok(&mut game, "test b-C roll=6");
    one_hit(&mut game, "a-2", "b-C");
    let test = roll(&mut game, "test b-C roll=6");
    assert_eq!(test.needed, 4);
}

#[test]
fn a_shaken_unit_tests_at_minus_two() {
    // C 2, one hit -1, shaken -2 → needs 5.
    let mut game = nerve_battle(["france", "britain"], &[], &[foot("b-C", "C", 12, "line")]);
    ok(&mut game, "shaken b-C on");
    one_hit(&mut game, "a-1", "b-C");
    let test = roll(&mut game, "test b-C roll=6");
    assert_eq!(score(&test), (2, vec![-1, -2], 5));
}

#[test]
fn an_attached_general_gives_one_and_replaces_the_out_of_command_penalty() {
    // C 2, one hit -1: with a general attached +1 → 2, in command or marked out of it;
    // out of command with no general -1 → 4.
    let mut game = nerve_battle(
        ["france", "britain"],
        &[],
        &[
            foot("b-gen", "C", 12, "line"),
            foot("b-out", "C", 12, "line"),
        ],
    );
    ok(&mut game, "attach wellington b-gen");
    one_hit(&mut game, "a-1", "b-gen");
    assert_eq!(roll(&mut game, "test b-gen roll=6").needed, 2);
    ok(&mut game, "cmd b-gen out");
    one_hit(&mut game, "a-2", "b-gen");
    // Two hits now: 2 + 2 - 1 = 3, still no out-of-command penalty.
    let test = roll(&mut game, "test b-gen roll=6");
    assert_eq!(score(&test), (2, vec![-2, 1], 3));
    ok(&mut game, "cmd b-out out");
    one_hit(&mut game, "a-3", "b-out");
    assert_eq!(
        score(&roll(&mut game, "test b-out roll=6")),
        (2, vec![-1, -1], 4)
    );
}

#[test]
fn national_morale_french_columns_that_advanced_gain_one() {
    // C 2, one hit -1 → 3; a French column that advanced at full speed +1 → 2. Standing,
    // or in line, it gains nothing.
    let mut game = nerve_battle(
        ["britain", "france"],
        &["national-modifiers"],
        &[
            foot("b-col", "C", 12, "column"),
            foot("b-line", "C", 12, "line"),
        ],
    );
    one_hit(&mut game, "a-1", "b-col");
    assert_eq!(roll(&mut game, "test b-col advanced roll=6").needed, 2);
    one_hit(&mut game, "a-2", "b-line");
    assert_eq!(roll(&mut game, "test b-line advanced roll=6").needed, 3);
    // The column again: two hits now → 4 without the bonus.
    one_hit(&mut game, "a-3", "b-col");
    assert_eq!(roll(&mut game, "test b-col roll=6").needed, 4);
}

#[test]
fn national_morale_russian_columns_that_stood_gain_one() {
    // C 2, one hit -1 → 3; stationary Russian column +1 → 2; one that advanced → 3.
    let mut game = nerve_battle(
        ["france", "russia"],
        &["national-modifiers"],
        &[
            foot("b-col", "C", 12, "column"),
            foot("b-col2", "C", 12, "column"),
        ],
    );
    one_hit(&mut game, "a-1", "b-col");
    assert_eq!(roll(&mut game, "test b-col stationary roll=6").needed, 2);
    one_hit(&mut game, "a-2", "b-col2");
    assert_eq!(roll(&mut game, "test b-col2 advanced roll=6").needed, 3);
}

#[test]
fn national_morale_spanish_line_in_the_open_takes_one() {
    // C 2, one hit -1 → 3; Spanish line in the open -1 → 4; in cover → 3; a Spanish
    // column that advanced at full speed +1 → 2.
    let mut game = nerve_battle(
        ["france", "spain"],
        &["national-modifiers"],
        &[
            foot("b-open", "C", 12, "line"),
            foot("b-cover", "C", 12, "line"),
            foot("b-col", "C", 12, "column"),
        ],
    );
    one_hit(&mut game, "a-1", "b-open");
    assert_eq!(
        score(&roll(&mut game, "test b-open roll=6")),
        (2, vec![-1, -1], 4)
    );
    one_hit(&mut game, "a-2", "b-cover");
    assert_eq!(roll(&mut game, "test b-cover cover roll=6").needed, 3);
    one_hit(&mut game, "a-3", "b-col");
    assert_eq!(roll(&mut game, "test b-col advanced roll=6").needed, 2);
}

#[test]
fn national_morale_needs_the_optional_rule() {
    // Without it, C 2 and one hit → 3 whatever the nation.
    for (nation, words, formation) in [
        ("france", "advanced", "column"),
        ("russia", "stationary", "column"),
        ("spain", "", "line"),
    ] {
        let mut game = nerve_battle(["britain", nation], &[], &[foot("b-u", "C", 12, formation)]);
        one_hit(&mut game, "a-1", "b-u");
        let test = roll(&mut game, &format!("test b-u {words} roll=6"));
        assert_eq!(score(&test), (2, vec![-1], 3), "{nation}");
    }
}

#[test]
fn passing_the_test_changes_nothing_but_the_debt() {
    let mut game = nerve_battle(["france", "britain"], &[], &[foot("b-C", "C", 12, "line")]);
    one_hit(&mut game, "a-1", "b-C");
    let before = game.state().unit("b-C").unwrap().clone();
    let test = roll(&mut game, "test b-C roll=3"); // needs 3
    assert_eq!(test.successes, 1);
    assert_eq!(game.log().last().unwrap().events.len(), 1);
    let after = game.state().unit("b-C").unwrap();
    assert_eq!(
        (after.morale, after.rout_hits, after.figures()),
        (Morale::Good, 0, before.figures())
    );
    assert!(!after.owes_test);
}

#[test]
fn failing_in_good_morale_shakes_the_unit_with_one_rout_hit_and_two_inches() {
    let mut game = nerve_battle(["france", "britain"], &[], &[foot("b-C", "C", 12, "line")]);
    one_hit(&mut game, "a-1", "b-C");
    let test = roll(&mut game, "test b-C roll=2"); // needs 3
    assert_eq!(test.successes, 0);
    assert!(test.result.contains("2\""), "{}", test.result);
    let unit = game.state().unit("b-C").unwrap();
    assert_eq!(
        (unit.morale, unit.loss_hits, unit.rout_hits),
        (Morale::Shaken, 1, 1)
    );
    assert!(!unit.owes_test);
}

#[test]
fn failing_when_shaken_costs_two_rout_hits_and_four_inches() {
    // C 2, one hit -1, shaken -2 → needs 5; a 4 fails.
    let mut game = nerve_battle(["france", "britain"], &[], &[foot("b-C", "C", 12, "line")]);
    ok(&mut game, "shaken b-C on");
    one_hit(&mut game, "a-1", "b-C");
    let test = roll(&mut game, "test b-C roll=4");
    assert_eq!(test.successes, 0);
    assert!(test.result.contains("4\""), "{}", test.result);
    let unit = game.state().unit("b-C").unwrap();
    assert_eq!((unit.morale, unit.rout_hits), (Morale::Shaken, 2));
}

#[test]
fn wider_cavalry_basing_spares_cavalry_one_rout_hit_but_never_the_last() {
    // With the rule, cavalry failing in good morale: 1 - 1 → at least 1; already shaken:
    // 2 - 1 = 1. Infantry is unchanged (2 when shaken); without the rule cavalry takes 2.
    let units = [
        horse("b-cav", "C", 8, "line"),
        horse("b-cav2", "C", 8, "line"),
        foot("b-inf", "C", 12, "line"),
    ];
    let mut game = nerve_battle(["france", "britain"], &["wider-cavalry-basing"], &units);
    one_hit(&mut game, "a-1", "b-cav");
    ok(&mut game, "test b-cav roll=1");
    assert_eq!(game.state().unit("b-cav").unwrap().rout_hits, 1);
    ok(&mut game, "shaken b-cav2 on");
    one_hit(&mut game, "a-2", "b-cav2");
    ok(&mut game, "test b-cav2 roll=1");
    assert_eq!(game.state().unit("b-cav2").unwrap().rout_hits, 1);
    ok(&mut game, "shaken b-inf on");
    one_hit(&mut game, "a-3", "b-inf");
    ok(&mut game, "test b-inf roll=1");
    assert_eq!(game.state().unit("b-inf").unwrap().rout_hits, 2);

    let mut game = nerve_battle(["france", "britain"], &[], &units);
    ok(&mut game, "shaken b-cav on");
    one_hit(&mut game, "a-1", "b-cav");
    ok(&mut game, "test b-cav roll=1");
    assert_eq!(game.state().unit("b-cav").unwrap().rout_hits, 2);
}

#[test]
fn only_a_unit_that_owes_a_test_may_take_one_and_only_once() {
    let mut game = nerve_battle(["france", "britain"], &[], &[foot("b-C", "C", 12, "line")]);
    refused(&mut game, "test b-C roll=6");
    one_hit(&mut game, "a-1", "b-C");
    refused(&mut game, "test b-C roll=0");
    refused(&mut game, "test b-C roll=7");
    refused(&mut game, "test b-C advanced stationary roll=6");
    ok(&mut game, "test b-C roll=6");
    assert!(!game.state().unit("b-C").unwrap().owes_test);
    refused(&mut game, "test b-C roll=6");
}

#[test]
fn a_new_sides_turn_clears_owed_tests_and_the_hit_count() {
    let mut game = nerve_battle(["france", "britain"], &[], &[foot("b-C", "C", 12, "line")]);
    one_hit(&mut game, "a-1", "b-C");
    one_hit(&mut game, "a-2", "b-C");
    // Still this turn in the combat and reform phases.
    advance(&mut game, 2);
    let unit = game.state().unit("b-C").unwrap();
    assert!(unit.owes_test);
    assert_eq!(unit.shooting_hits_this_turn, 2);
    // Side b's turn begins.
    advance(&mut game, 1);
    assert_eq!(game.state().active(), "b");
    let unit = game.state().unit("b-C").unwrap();
    assert!(!unit.owes_test);
    assert_eq!(unit.shooting_hits_this_turn, 0);
    assert_eq!(unit.loss_hits, 2, "the hits themselves stay");
    refused(&mut game, "test b-C roll=6");
}

// --- 5. Rallying -------------------------------------------------------------------------

/// Side `a` in its rally phase (the game's start) with a shaken unit per id.
fn rally_battle(nations: [&str; 2], rules: &[&str], units: &[String]) -> Game {
    let mut game = battle(nations, rules, units);
    for u in units {
        let id = u.split('"').nth(1).unwrap().to_owned();
        if side_of(&id) == "a" {
            ok(&mut game, &format!("shaken {id} on"));
        }
    }
    game
}

#[test]
fn rally_chart_by_grade() {
    // A 0-6, B 1-6, C 2-6, D 3-6 with nothing else.
    let mut game = rally_battle(
        ["france", "britain"],
        &[],
        &[
            foot("a-A", "A", 12, "line"),
            foot("a-B", "B", 12, "line"),
            foot("a-C", "C", 12, "line"),
            foot("a-D", "D", 12, "line"),
        ],
    );
    for (id, chart) in [("a-A", 0), ("a-B", 1), ("a-C", 2), ("a-D", 3)] {
        let test = roll(&mut game, &format!("rally {id} roll=3"));
        assert_eq!(test.kind, RollKind::Rally);
        assert_eq!(score(&test), (chart, vec![], chart), "{id}");
        let rallied = 3 >= chart;
        assert_eq!(morale(&game, id) == Morale::Good, rallied, "{id}");
    }
}

#[test]
fn rally_threat_general_and_command() {
    // C 2: a visible enemy able to charge -3 → 5; a general attached +1 → 1; attached
    // and marked out of command still +1 → 1; out of command alone -1 → 3.
    let mut game = rally_battle(
        ["france", "britain"],
        &[],
        &[
            foot("a-threat", "C", 12, "line"),
            foot("a-gen", "C", 12, "line"),
            foot("a-genout", "C", 12, "line"),
            foot("a-out", "C", 12, "line"),
        ],
    );
    assert_eq!(
        score(&roll(&mut game, "rally a-threat threat roll=1")),
        (2, vec![-3], 5)
    );
    ok(&mut game, "attach ney a-gen");
    assert_eq!(
        score(&roll(&mut game, "rally a-gen roll=1")),
        (2, vec![1], 1)
    );
    assert_eq!(morale(&game, "a-gen"), Morale::Good);
    ok(&mut game, "attach ney a-genout");
    ok(&mut game, "cmd a-genout out");
    assert_eq!(
        score(&roll(&mut game, "rally a-genout roll=1")),
        (2, vec![1], 1)
    );
    ok(&mut game, "cmd a-out out");
    assert_eq!(
        score(&roll(&mut game, "rally a-out roll=1")),
        (2, vec![-1], 3)
    );
}

#[test]
fn the_rules_worked_example_grade_c_in_command_under_threat_needs_five() {
    // Grade C line infantry with a general near (in command) and enemy foot able to charge:
    // 2 + 3 = 5. A 4 leaves it shaken; a 5 rallies it.
    let mut game = rally_battle(
        ["france", "britain"],
        &[],
        &[
            foot("a-fail", "C", 12, "line"),
            foot("a-pass", "C", 12, "line"),
        ],
    );
    let fail = roll(&mut game, "rally a-fail threat roll=4");
    assert_eq!((fail.needed, fail.successes), (5, 0));
    assert_eq!(morale(&game, "a-fail"), Morale::Shaken);
    let pass = roll(&mut game, "rally a-pass threat roll=5");
    assert_eq!((pass.needed, pass.successes), (5, 1));
    assert_eq!(morale(&game, "a-pass"), Morale::Good);
    assert!(game.log().last().unwrap().events.contains(&Event::Morale {
        unit: "a-pass".into(),
        morale: Morale::Good
    }));
}

#[test]
fn grade_d_out_of_command_rallies_on_four_but_not_under_threat() {
    // Chart, not the body's aside: D 3, out of command -1 → 4. Under threat too: 7, which
    // no die shows.
    let mut game = rally_battle(
        ["france", "britain"],
        &[],
        &[
            foot("a-D", "D", 12, "line"),
            foot("a-D2", "D", 12, "line"),
            foot("a-D3", "D", 12, "line"),
        ],
    );
    for id in ["a-D", "a-D2", "a-D3"] {
        ok(&mut game, &format!("cmd {id} out"));
    }
    let threat = roll(&mut game, "rally a-D2 threat roll=6");
    assert_eq!((threat.needed, threat.successes), (7, 0));
    assert_eq!(morale(&game, "a-D2"), Morale::Shaken);
    let fail = roll(&mut game, "rally a-D roll=3");
    assert_eq!((fail.needed, fail.successes), (4, 0));
    // One try a turn: a second unit shows the pass.
    let pass = roll(&mut game, "rally a-D3 roll=4");
    assert_eq!((pass.needed, pass.successes), (4, 1));
    assert_eq!(morale(&game, "a-D3"), Morale::Good);
}

fn national_rally(nation: &str, id: &str, formation: &str, words: &str) -> (i32, Vec<i32>, i32) {
    let mut game = rally_battle(
        [nation, "britain"],
        &["national-modifiers"],
        &[foot(id, "C", 12, formation)],
    );
    score(&roll(&mut game, &format!("rally {id} {words} roll=6")))
}

#[test]
fn national_rally_austrian_and_french_line_in_the_open_takes_one() {
    // C 2; line in the open -1 → 3; in cover, or in column, nothing → 2.
    for nation in [
        "austria",
        "france",
        "switzerland",
        "prussia-post-1810",
        "french-allies",
    ] {
        assert_eq!(
            national_rally(nation, "a-u", "line", ""),
            (2, vec![-1], 3),
            "{nation}"
        );
        assert_eq!(
            national_rally(nation, "a-u", "line", "cover"),
            (2, vec![], 2),
            "{nation}"
        );
        assert_eq!(
            national_rally(nation, "a-u", "column", ""),
            (2, vec![], 2),
            "{nation}"
        );
    }
}

#[test]
fn national_rally_russian_line_takes_one_even_in_cover() {
    assert_eq!(
        national_rally("russia", "a-u", "line", ""),
        (2, vec![-1], 3)
    );
    assert_eq!(
        national_rally("russia", "a-u", "line", "cover"),
        (2, vec![-1], 3)
    );
    assert_eq!(
        national_rally("russia", "a-u", "column", ""),
        (2, vec![], 2)
    );
}

#[test]
fn national_rally_early_prussian_column_takes_one() {
    assert_eq!(
        national_rally("prussia-pre-1810", "a-u", "column", ""),
        (2, vec![-1], 3)
    );
    assert_eq!(
        national_rally("prussia-pre-1810", "a-u", "line", ""),
        (2, vec![], 2)
    );
}

#[test]
fn national_rally_others_and_no_optional_rule_change_nothing() {
    assert_eq!(national_rally("britain", "a-u", "line", ""), (2, vec![], 2));
    // The line penalties are the infantry's: Austrian or Russian cavalry in line rally as
    // the chart says.
    for nation in ["austria", "russia"] {
        let mut game = rally_battle(
            [nation, "britain"],
            &["national-modifiers"],
            &[horse("a-cav", "C", 12, "line")],
        );
        let rally = roll(&mut game, "rally a-cav roll=6");
        assert_eq!(score(&rally), (2, vec![], 2), "{nation}");
    }
    let mut game = rally_battle(["france", "britain"], &[], &[foot("a-u", "C", 12, "line")]);
    assert_eq!(score(&roll(&mut game, "rally a-u roll=6")), (2, vec![], 2));
}

#[test]
fn rally_is_for_the_active_sides_shaken_units_in_the_rally_phase() {
    let mut game = rally_battle(
        ["france", "britain"],
        &[],
        &[foot("a-u", "C", 12, "line"), foot("b-u", "C", 12, "line")],
    );
    refused(&mut game, "rally a-reserve roll=6"); // not shaken
    ok(&mut game, "shaken b-u on");
    refused(&mut game, "rally b-u roll=6"); // passive side
    refused(&mut game, "rally a-u roll=7"); // no such die
    advance(&mut game, 1);
    refused(&mut game, "rally a-u roll=6"); // movement phase
    // Side b's rally phase: now b-u may rally and a-u may not.
    advance(&mut game, 4);
    refused(&mut game, "rally a-u roll=6");
    let pass = roll(&mut game, "rally b-u roll=6");
    assert_eq!(pass.successes, 1);
    assert_eq!(morale(&game, "b-u"), Morale::Good);
}

// --- 6. The app's dice --------------------------------------------------------------------

/// Side `a`'s line and battery have fired (app-rolled) and any test owed is taken; a
/// second line and battery, `a-f12b` and `a-gunb`, have held their fire.
fn seeded_play(seed: u64) -> Game {
    let mut game = battle_seeded(
        ["france", "britain"],
        &[],
        &[
            foot("a-f12", "C", 12, "line"),
            battery("a-gun", "field", "C", 8, 4, "unlimbered"),
            foot("a-f12b", "C", 12, "line"),
            battery("a-gunb", "field", "C", 8, 4, "unlimbered"),
            foot("b-tgt", "C", 12, "line"),
        ],
        seed,
    );
    advance(&mut game, 2);
    ok(&mut game, "shoot a-f12 b-tgt close");
    ok(&mut game, "shoot a-gun b-tgt 10");
    if game.state().unit("b-tgt").unwrap().owes_test {
        ok(&mut game, "test b-tgt");
    }
    game
}

#[test]
fn the_same_seed_rolls_the_same_faces() {
    let (one, two) = (seeded_play(11), seeded_play(11));
    assert_eq!(one.log(), two.log());
    assert_eq!(one.state(), two.state());
    let faces: Vec<Vec<u8>> = one
        .log()
        .iter()
        .flat_map(|e| e.events.iter())
        .filter_map(|e| match e {
            Event::Rolled(roll) => Some(roll.dice.clone()),
            _ => None,
        })
        .collect();
    assert!(faces.len() >= 2);
    assert_eq!(faces[0].len(), 3);
    assert_eq!(faces[1].len(), 4);
}

#[test]
fn undoing_an_app_rolled_shot_puts_the_dice_back() {
    let mut game = seeded_play(5);
    let before = game.state().clone();
    let first = roll(&mut game, "shoot a-gunb b-reserve far");
    ok(&mut game, "undo");
    assert_eq!(game.state(), &before);
    let again = roll(&mut game, "shoot a-gunb b-reserve far");
    assert_eq!(first.dice, again.dice);
    assert_eq!(first.stream, again.stream);
    // And the next roll continues from there, as it would have without the undo.
    let next = roll(&mut game, "shoot a-f12b b-reserve far");
    ok(&mut game, "undo");
    ok(&mut game, "undo");
    ok(&mut game, "shoot a-gunb b-reserve far");
    assert_eq!(
        roll(&mut game, "shoot a-f12b b-reserve far").dice,
        next.dice
    );
}

#[test]
fn a_unit_tries_to_rally_once_a_turn() {
    // *Turn Sequence*: the active side tests its shaken units once, as its turn begins.
    let mut game = plain(&[foot("a-1", "C", 12, "line")]);
    ok(&mut game, "shaken a-1");
    ok(&mut game, "rally a-1 roll=1");
    let refusal = refused(&mut game, "rally a-1 roll=6");
    assert!(
        refusal.contains("already tried to rally this turn"),
        "{refusal}"
    );
    // Side a's next turn (after its 5 phases and side b's 5) brings another try.
    advance(&mut game, 10);
    ok(&mut game, "rally a-1 roll=6");
    assert_eq!(morale(&game, "a-1"), Morale::Good);
}

#[test]
fn front_rank_is_an_infantry_word() {
    // *Shooting*: guns roll a die per manned gun; a front rank means nothing to them.
    let mut game = shooting(plain(&[battery(
        "a-guns",
        "field",
        "C",
        8,
        4,
        "unlimbered",
    )]));
    let refusal = refused(&mut game, "shoot a-guns b-reserve close front=4");
    assert!(
        refusal.contains("front= counts infantry figures"),
        "{refusal}"
    );
}

fn playsheet_rally(
    nation: &str,
    rules: &[&str],
    formation: &str,
    words: &str,
) -> (i32, Vec<i32>, i32) {
    let mut game = rally_battle(
        [nation, "france"],
        rules,
        &[foot("a-u", "C", 12, formation)],
    );
    score(&roll(&mut game, &format!("rally a-u {words} roll=6")))
}

#[test]
fn the_playsheets_optional_line_rally_penalty_takes_one_from_infantry_in_line() {
    // Playsheet, *Rally from Shaken Status Test*: "most infantry in line formation: -1"
    // (optional, ruling 55). Grade C 2 -> 3 in line with the rule; column or rule off: 2.
    let rule = &["line-infantry-rally"][..];
    assert_eq!(
        playsheet_rally("britain", rule, "line", ""),
        (2, vec![-1], 3)
    );
    assert_eq!(
        playsheet_rally("britain", rule, "line", "cover"),
        (2, vec![-1], 3)
    );
    assert_eq!(
        playsheet_rally("britain", rule, "column", ""),
        (2, vec![], 2)
    );
    assert_eq!(playsheet_rally("britain", &[], "line", ""), (2, vec![], 2));
    // With national modifiers, a nation's own line penalty is the same -1, not a second.
    let both = &["line-infantry-rally", "national-modifiers"][..];
    assert_eq!(
        playsheet_rally("france", both, "line", ""),
        (2, vec![-1], 3)
    );
    assert_eq!(
        playsheet_rally("russia", both, "line", ""),
        (2, vec![-1], 3)
    );
    // In cover the French line escapes its national -1, so the playsheet's applies.
    assert_eq!(
        playsheet_rally("france", both, "line", "cover"),
        (2, vec![-1], 3)
    );
    // British lines have no national rally penalty: the playsheet's -1 still applies.
    assert_eq!(
        playsheet_rally("britain", both, "line", ""),
        (2, vec![-1], 3)
    );
}
