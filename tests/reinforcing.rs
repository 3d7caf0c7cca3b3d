//! *Reinforcing a Combat*: a friend may charge into the rear of a one-rank unit in a
//! continuing fight and strike with its own front rank; cavalry behind cavalry, infantry
//! behind infantry. Units `a-*` are side a (turn 1), `b-*` side b (turn 2).

mod common;

use adjutant::game::{Game, Morale};
use common::{advance, battle, cavalry, foot, ok, refused};

/// a-1 charged b-1 (both grade C lines of 12) in turn 1 and the round was a draw, so the
/// fight goes on; it is side b's combat phase in turn 2. b-2 (grade C line, 12) and b-cav
/// stand behind b-1.
fn fight_goes_on() -> Game {
    let mut game = battle(
        ["france", "britain"],
        &[],
        &[
            foot("a-1", "C", 12, "line"),
            foot("b-1", "C", 12, "line"),
            foot("b-2", "C", 12, "line"),
            cavalry("b-cav", "light", "C", 8, "line"),
        ],
    );
    advance(&mut game, 1);
    ok(&mut game, "move a-1 charge=b-1");
    advance(&mut game, 2);
    // *Combat Results*: no hits either way is a draw; contact is kept (ruling 29).
    ok(&mut game, "combat a-1 dice=1,1,1/1,1,1");
    assert!(game.state().unit("a-1").unwrap().in_contact());
    advance(&mut game, 5);
    game
}

#[test]
fn a_friend_charging_into_the_rear_strikes_with_its_front_rank() {
    // *Combat Points*: every unit 2 (infantry; a continuing fight has no defensive fire):
    // even, 4-6 to hit. b-1, 12 figures in two ranks: 3 dice; b-2's front rank of 6: 1 die
    // (a die per 4, the last 2 do not count). a-1 splits its 3 dice over its two enemies.
    // 4,4,1 and 5 against 1,1,1: 3 hits to none, and a-1 loses: 4" back, 2 rout hits,
    // shaken: 12 - 3 - 2 = 7 figures.
    let mut game = fight_goes_on();
    ok(
        &mut game,
        "combat b-1,b-2:6 vs a-1 rear=b-2 dice=4,4,1/5/1,1,1",
    );
    let round = common::last_round(&game);
    let b2 = round.fighters.iter().find(|f| f.unit == "b-2").unwrap();
    assert_eq!(b2.strikes[0].dice, vec![5]);
    assert_eq!(b2.inflicted, 1);
    let a1 = game.state().unit("a-1").unwrap();
    assert_eq!((a1.figures(), a1.morale), (7, Morale::Shaken));
    assert_eq!(a1.retreat_owed, Some(4));
}

#[test]
fn only_the_same_arm_reinforces_only_a_fight_under_way_and_with_its_front_rank_counted() {
    let mut game = fight_goes_on();
    let why = refused(
        &mut game,
        "combat b-1,b-2 vs a-1 rear=b-2 dice=4,4,1/5,5,5/1,1,1",
    );
    assert!(why.contains("front rank"), "{why}");
    // Cavalry may only reinforce cavalry.
    let why = refused(
        &mut game,
        "combat b-1,b-cav:3 vs a-1 rear=b-cav dice=4,4,1/5/1,1,1",
    );
    assert!(why.contains("own arm"), "{why}");
    // The friend in front must already be in the fight.
    let why = refused(&mut game, "combat b-1:6 vs a-1 rear=b-1 dice=4/1,1,1");
    assert!(why.contains("already in the fight"), "{why}");
}

#[test]
fn a_fresh_fight_has_no_one_to_reinforce() {
    let mut game = battle(
        ["france", "britain"],
        &[],
        &[
            foot("a-1", "C", 12, "line"),
            foot("a-2", "C", 12, "line"),
            foot("b-1", "C", 12, "line"),
        ],
    );
    advance(&mut game, 3);
    let why = refused(
        &mut game,
        "combat a-1,a-2:6 vs b-1 rear=a-2 dice=1,1,1/1/1,1,1",
    );
    assert!(why.contains("already in"), "{why}");
}

#[test]
fn saying_continuing_does_not_make_the_reinforcing_unit_part_of_the_old_fight() {
    let mut game = fight_goes_on();
    ok(
        &mut game,
        "combat b-1,b-2:6 vs a-1 rear=b-2 continuing dice=4,4,1/5/1,1,1",
    );
    assert_eq!(game.state().unit("a-1").unwrap().retreat_owed, Some(4));
}
