use super::*;
use crate::test_games::{perform, quatre_bras};

/// Undo replays from the state kept at the last turn start, not from the opening:
/// stepping back over two turn boundaries must still give the state a whole replay
/// gives, and drop the turn starts the log no longer reaches.
#[test]
fn undo_across_turn_starts_matches_a_whole_replay() {
    let mut game = quatre_bras();
    let mut turn_two = Vec::new();
    while game.state().turn() < 3 {
        let step = if game.log().len() < 8 {
            "hit fr-61 1".to_owned()
        } else {
            format!("note fr-61 step {}", game.log().len())
        };
        perform(&mut game, &[&step, "next"]);
        if game.state().turn() == 2 && turn_two.is_empty() {
            turn_two = game.log().to_vec();
        }
    }
    assert_eq!(game.turn_starts().count(), 2, "began turns 2 and 3");
    while !game.log().is_empty() {
        perform(&mut game, &["undo"]);
        let whole = replay(game.scenario(), game.seed(), game.log()).unwrap();
        assert_eq!(
            game.state(),
            &whole,
            "after undo to {} entries",
            game.log().len()
        );
        let expected_starts = usize::try_from(game.state().turn() - 1).unwrap();
        assert_eq!(game.turn_starts().count(), expected_starts);
        assert_eq!(game.narrated_log().len(), game.log().len());
    }
    assert!(
        turn_two.len() > 2,
        "turn 2 began after {} entries",
        turn_two.len()
    );
}

/// A kept turn start costs only the units changed since: the rest are shared with
/// the game's state, so keeping one per turn stays cheap on a large battle.
#[test]
fn units_untouched_since_a_turn_start_are_shared_with_it() {
    let mut game = quatre_bras();
    while game.state().turn() < 2 {
        perform(&mut game, &["next"]);
    }
    perform(&mut game, &["hit fr-61 1", "next", "next"]);
    let start = game.turn_starts().last().unwrap();
    let shared = |id: &str| {
        let now = game.state().units().iter().find(|u| u.id == id).unwrap();
        let then = start.units().iter().find(|u| u.id == id).unwrap();
        Arc::ptr_eq(now, then)
    };
    assert!(!shared("fr-61"), "the unit hit since has its own copy");
    let untouched = game
        .state()
        .units()
        .iter()
        .filter(|u| shared(&u.id))
        .count();
    assert_eq!(untouched, game.state().units().len() - 1);
}

/// A failed save restores the game; each kind of command must come back exactly,
/// with its narration and the turn starts it keeps.
#[test]
fn a_checkpoint_takes_back_a_command_an_undo_and_a_redo() {
    let mut game = quatre_bras();
    perform(&mut game, &["hit fr-61 2", "next", "hit fr-61 1", "undo"]);
    for line in ["hit fr-61 1", "undo", "redo", "next"] {
        performs_and_restores(&mut game, line);
    }
    while game.state().turn() < 2 {
        perform(&mut game, &["next"]);
    }
    // The last entry began turn 2, so its undo drops a kept turn start, and its redo
    // keeps one again.
    assert_eq!(game.turn_starts().count(), 1);
    performs_and_restores(&mut game, "undo");
    perform(&mut game, &["undo"]);
    assert_eq!(game.turn_starts().count(), 0);
    performs_and_restores(&mut game, "redo");
}

fn performs_and_restores(game: &mut Game, line: &str) {
    let before = game.clone();
    let checkpoint = game.checkpoint();
    perform(game, &[line]);
    assert!(
        game.log() != before.log() || game.redo_stack() != before.redo_stack(),
        "`{line}` changed nothing"
    );
    game.restore(checkpoint);
    assert_eq!(game.log(), before.log(), "after `{line}`");
    assert_eq!(game.redo_stack(), before.redo_stack(), "after `{line}`");
    assert_eq!(game.state(), before.state(), "after `{line}`");
    let narration = |g: &Game| {
        g.narrated_log()
            .map(|(_, s)| s.to_vec())
            .collect::<Vec<_>>()
    };
    assert_eq!(narration(game), narration(&before), "after `{line}`");
    let starts = |g: &Game| g.turn_starts().cloned().collect::<Vec<_>>();
    assert_eq!(starts(game), starts(&before), "after `{line}`");
}
