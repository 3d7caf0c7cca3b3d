//! Optional *Regimental Guns*: a light gun with two gunners attached to an infantry
//! battalion fires with it as a light gun, the enemy may turn one die of a shot on it (a
//! single hit disables it, with no morale test), and the battalion abandons it when it
//! loses a combat and retreats. Units `a-*` are side a, active in turn 1.

mod common;

use adjutant::game::{Game, RegimentalGun, RollKind, Unit};
use common::{advance, battle, foot, ok, refused, rolls, start};

const RULE: &str = "regimental-guns";
const TO_MOVEMENT: usize = 1;
const TO_SHOOTING: usize = 2;

fn with_gun(id: &str) -> String {
    foot(id, "C", 12, "line") + "regimental_gun = true\n"
}

fn unit<'a>(game: &'a Game, id: &str) -> &'a Unit {
    game.state().unit(id).unwrap()
}

/// a-1 and b-1: grade C lines of 12, each with its gun; side a's shooting phase.
fn guns_facing() -> Game {
    let mut game = battle(
        ["france", "austria"],
        &[RULE],
        &[with_gun("a-1"), with_gun("b-1")],
    );
    advance(&mut game, TO_SHOOTING);
    game
}

#[test]
fn the_battalions_gun_fires_one_die_as_a_light_gun_besides_its_muskets() {
    // A light gun at 4" is at close range (light guns: close to 4", far to 12"): one die
    // (one gun, two gunners) hitting on 3-6 for grade C. A 3 hits.
    let mut game = guns_facing();
    ok(&mut game, "shoot a-1 b-1 4 gun dice=3");
    let roll = rolls(&game).pop().unwrap();
    assert_eq!(roll.kind, RollKind::RegimentalGun);
    assert_eq!((roll.dice.len(), roll.needed, roll.successes), (1, 3, 1));
    assert_eq!(unit(&game, "b-1").figures(), 11);
    assert!(unit(&game, "b-1").owes_test);
    assert_eq!(
        unit(&game, "a-1").sound_the_charge.regimental_gun,
        Some(RegimentalGun::Fired)
    );
    // The gun's die is not the battalion's: its 12 figures in line still fire all their
    // 3 dice without split=.
    ok(&mut game, "shoot a-1 b-1 2 dice=1,1,1");
    assert_eq!(unit(&game, "a-1").sound_the_charge.dice_fired, 3);
    // The gun fires once a turn.
    let why = refused(&mut game, "shoot a-1 b-1 4 gun dice=3");
    assert!(why.contains("has fired this turn"), "{why}");
}

#[test]
fn the_gun_is_ready_again_next_turn_and_does_not_fire_after_moving() {
    let mut game = guns_facing();
    ok(&mut game, "shoot a-1 b-1 4 gun dice=1");
    // Through side b's turn to side a's next movement phase.
    advance(&mut game, 3 + 5 + 1);
    assert_eq!(
        unit(&game, "a-1").sound_the_charge.regimental_gun,
        Some(RegimentalGun::Ready)
    );
    ok(&mut game, "move a-1");
    advance(&mut game, 1);
    let why = refused(&mut game, "shoot a-1 b-1 4 gun dice=3");
    assert!(why.contains("guns may not move and shoot"), "{why}");
}

#[test]
fn one_die_turned_on_the_gun_disables_it_on_a_hit_without_a_morale_test() {
    // 12 figures in line at 2": 3 dice at close range, 3-6 to hit. The last die goes at
    // the gun: 6 and 1 at the battalion land 1 hit; the 5 at the gun disables it. The
    // battalion owes its test for the 1 hit on it, not for the gun.
    let mut game = guns_facing();
    ok(&mut game, "shoot a-1 b-1 2 at-gun dice=6,1,5");
    let all = rolls(&game);
    let [.., at_battalion, at_gun] = all.as_slice() else {
        panic!("two rolls expected: {all:?}")
    };
    assert_eq!(
        (at_battalion.kind, at_battalion.dice.clone()),
        (RollKind::Shooting, vec![6, 1])
    );
    assert_eq!(
        (at_gun.kind, at_gun.dice.clone()),
        (RollKind::AtRegimentalGun, vec![5])
    );
    let b1 = unit(&game, "b-1");
    assert_eq!((b1.figures(), b1.shooting_hits_this_turn), (11, 1));
    assert_eq!(
        b1.sound_the_charge.regimental_gun,
        Some(RegimentalGun::Disabled)
    );
    // The die at the gun is one of the three the battalion may fire this turn.
    assert_eq!(unit(&game, "a-1").sound_the_charge.dice_fired, 3);
    // A disabled gun neither fires nor can be shot at again.
    let why = refused(&mut game, "shoot a-1 b-1 2 at-gun split=4 dice=6");
    assert!(why.contains("already disabled"), "{why}");
}

#[test]
fn a_miss_at_the_gun_leaves_it_and_a_hit_on_the_gun_alone_calls_for_no_test() {
    let mut game = guns_facing();
    ok(&mut game, "shoot a-1 b-1 2 at-gun dice=1,1,2");
    assert_eq!(
        unit(&game, "b-1").sound_the_charge.regimental_gun,
        Some(RegimentalGun::Ready)
    );
    ok(&mut game, "undo");
    // Only the die at the gun hits: the gun is disabled and no one owes a test.
    ok(&mut game, "shoot a-1 b-1 2 at-gun dice=1,1,6");
    let b1 = unit(&game, "b-1");
    assert_eq!(
        b1.sound_the_charge.regimental_gun,
        Some(RegimentalGun::Disabled)
    );
    assert_eq!(b1.figures(), 12);
    assert!(!b1.owes_test);
}

#[test]
fn a_battalion_that_loses_a_combat_abandons_its_gun_and_the_winner_keeps_its_own() {
    // As in *Combat Results* (tests/retreats.rs): a-1 charges b-1, both grade C lines of
    // 12; 5,6,4 against b-1's 1,1,2 wins, and b-1 retreats.
    let mut game = battle(
        ["france", "austria"],
        &[RULE],
        &[with_gun("a-1"), with_gun("b-1")],
    );
    advance(&mut game, TO_MOVEMENT);
    ok(&mut game, "move a-1 charge=b-1");
    advance(&mut game, 2);
    ok(&mut game, "combat a-1 dice=5,6,4/1,1,2");
    assert_eq!(unit(&game, "b-1").retreat_owed, Some(4));
    assert_eq!(
        unit(&game, "b-1").sound_the_charge.regimental_gun,
        Some(RegimentalGun::Abandoned)
    );
    assert_eq!(
        unit(&game, "a-1").sound_the_charge.regimental_gun,
        Some(RegimentalGun::Ready)
    );
}

#[test]
fn without_the_rule_no_battalion_has_a_gun_and_the_flags_are_refused() {
    let text = common::scenario_text(
        ["france", "austria"],
        &[],
        &[with_gun("a-1"), foot("b-1", "C", 12, "line")],
    );
    let Err(why) = adjutant::scenario::parse("test.toml", &text) else {
        panic!("a regimental gun without the rule loaded")
    };
    assert!(why.to_string().contains("regimental-guns"), "{why}");

    let mut game = battle(
        ["france", "austria"],
        &[],
        &[foot("a-1", "C", 12, "line"), foot("b-1", "C", 12, "line")],
    );
    advance(&mut game, TO_SHOOTING);
    let why = refused(&mut game, "shoot a-1 b-1 4 gun dice=3");
    assert!(why.contains("not in play"), "{why}");
    let why = refused(&mut game, "shoot a-1 b-1 2 at-gun dice=3,3,3");
    assert!(why.contains("not in play"), "{why}");
}

#[test]
fn only_infantry_carries_a_gun_and_only_a_battalion_with_one_fires_it() {
    let cavalry = common::cavalry("a-c", "light", "C", 8, "line") + "regimental_gun = true\n";
    let text = common::scenario_text(
        ["france", "austria"],
        &[RULE],
        &[cavalry, foot("b-1", "C", 12, "line")],
    );
    let Err(why) = adjutant::scenario::parse("test.toml", &text) else {
        panic!("cavalry with a regimental gun loaded")
    };
    assert!(
        why.to_string().contains("only an infantry battalion"),
        "{why}"
    );

    let mut game = start(
        &common::scenario_text(
            ["france", "austria"],
            &[RULE],
            &[foot("a-1", "C", 12, "line"), with_gun("b-1")],
        ),
        1,
    );
    advance(&mut game, TO_SHOOTING);
    let why = refused(&mut game, "shoot a-1 b-1 4 gun dice=3");
    assert!(why.contains("a-1 has no regimental gun"), "{why}");
}

#[test]
fn a_battalion_with_its_gun_moves_at_line_speed_and_does_not_reform_after_the_gun_fired() {
    // *Regimental Guns*: the gun moves at manhandled (line) speed and stays with its
    // battalion: a column with a gun moves 4", not 6" (ruling 57).
    let mut game = battle(
        ["france", "austria"],
        &[RULE],
        &[
            foot("a-1", "C", 12, "column") + "regimental_gun = true\n",
            foot("b-1", "C", 12, "line"),
        ],
    );
    advance(&mut game, TO_MOVEMENT);
    ok(&mut game, "move a-1");
    let (allowance, _) = common::last_move(&game);
    assert_eq!(allowance, "4\"");
    // A unit that shot may not reform (*Turn Sequence*), its gun's shot included.
    let mut game = guns_facing();
    ok(&mut game, "disorder a-1");
    ok(&mut game, "shoot a-1 b-1 4 gun dice=1");
    advance(&mut game, 2);
    let why = refused(&mut game, "reform a-1");
    assert!(why.contains("shot this turn"), "{why}");
}
