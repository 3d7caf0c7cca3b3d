//! *Sound the Charge*'s optional rules and national modifiers added with the whole turn,
//! each with the rule in play and out of it: *Artillery Bounce-Through*, the Austrian
//! battalion-masse and the British cavalry's follow-up. Units whose id starts `a-` are
//! side `a`, active in turn 1 (rally, movement, shooting, combat, reform).

mod common;

use adjutant::game::{Game, RollKind};
use common::{advance, battery, battle, foot, ok, refused, rolls};

const TO_SHOOTING: usize = 2;

fn figures(game: &Game, id: &str) -> u32 {
    game.state().unit(id).unwrap().figures()
}

// --- Artillery Bounce-Through -------------------------------------------------------------

/// A grade C field battery of 3 guns (6 gunners) facing two enemy lines one behind the
/// other, with a friendly line beyond them; side a's shooting phase.
fn guns_in_line(rules: &[&str]) -> Game {
    let mut game = battle(
        ["france", "britain"],
        rules,
        &[
            battery("a-art", "field", "C", 6, 3, "unlimbered"),
            foot("a-1", "C", 12, "line"),
            foot("b-1", "C", 12, "line"),
            foot("b-2", "C", 12, "line"),
        ],
    );
    advance(&mut game, TO_SHOOTING);
    game
}

#[test]
fn a_batterys_shot_bounces_through_to_the_units_behind_its_target_with_the_rule() {
    // *Shooting Table*: field guns close (6") need 3-6 for grade C, one die per gun: 3.
    // *Artillery Bounce-Through*: the line carries on 4" for field guns; each unit it
    // touches, friend or foe, is an additional target for the same dice.
    let mut game = guns_in_line(&["artillery-bounce-through"]);
    let why = refused(&mut game, "shoot a-art b-2 close bounce dice=6,6,6");
    assert!(why.contains("first target"), "{why}");
    ok(&mut game, "shoot a-art b-1 close dice=3,4,1");
    let first = &rolls(&game)[0];
    assert_eq!((first.needed, first.successes), (3, 2));
    assert_eq!(figures(&game, "b-1"), 10);

    ok(&mut game, "shoot a-art b-2 close bounce dice=5,2,6");
    let bounce = &rolls(&game)[0];
    assert_eq!(bounce.kind, RollKind::BounceThrough);
    assert_eq!(
        (bounce.dice.len(), bounce.needed, bounce.successes),
        (3, 3, 2)
    );
    assert!(
        bounce.dice_reason.contains("4\" past"),
        "{}",
        bounce.dice_reason
    );
    let b2 = game.state().unit("b-2").unwrap();
    assert_eq!((b2.figures(), b2.owes_test), (10, true));
    // A friend on the line is hit too.
    ok(&mut game, "shoot a-art a-1 close bounce dice=3,1,1");
    assert_eq!(figures(&game, "a-1"), 11);
    // A bounce is not a second shot: a fresh one is still refused (*Splitting Fire*).
    let why = refused(&mut game, "shoot a-art b-2 close dice=6,6,6");
    assert!(why.contains("split="), "{why}");
    // A unit that is not a battery has no bounce.
    let why = refused(&mut game, "shoot a-1 b-1 close bounce dice=6,6,6");
    assert!(why.contains("not artillery"), "{why}");
}

#[test]
fn without_the_rule_a_shot_never_bounces_through() {
    let mut game = guns_in_line(&[]);
    ok(&mut game, "shoot a-art b-1 close dice=3,4,1");
    let why = refused(&mut game, "shoot a-art b-2 close bounce dice=6,6,6");
    assert!(why.contains("not in play"), "{why}");
    assert_eq!(figures(&game, "b-2"), 12);
}

#[test]
fn heavy_guns_bounce_six_inches() {
    // *Artillery Bounce-Through*: heavy guns 6".
    let mut game = battle(
        ["france", "britain"],
        &["artillery-bounce-through"],
        &[
            battery("a-art", "heavy", "C", 4, 2, "unlimbered"),
            foot("b-1", "C", 12, "line"),
            foot("b-2", "C", 12, "line"),
        ],
    );
    advance(&mut game, TO_SHOOTING);
    ok(&mut game, "shoot a-art b-1 close dice=1,1");
    ok(&mut game, "shoot a-art b-2 close bounce dice=1,1");
    assert!(rolls(&game)[0].dice_reason.contains("6\" past"));
}
