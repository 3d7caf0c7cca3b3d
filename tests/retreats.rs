//! *Sound the Charge*: retreat moves (owed, blocked, voluntary), evading gunners who leave
//! their guns, a lone general caught by the enemy, and a charge that falls short. Units
//! whose id starts `a-` are side `a`, active in turn 1 (rally, movement, shooting,
//! combat, reform).

mod common;

use adjutant::game::{
    Checklist, Concern, Game, GeneralStatus, Morale, SoundTheChargeConcern, UnitStatus,
};
use common::{advance, battery, battle, cavalry, foot, light, ok, refused};

const TO_MOVEMENT: usize = 1;
const TO_SHOOTING: usize = 2;
const TO_COMBAT: usize = 3;

fn watched(game: &Game, id: &str) -> Vec<Concern> {
    Checklist::of(game.state())
        .watch
        .iter()
        .filter(|i| i.subject == id)
        .map(|i| i.concern)
        .collect()
}

fn unit<'a>(game: &'a Game, id: &str) -> &'a adjutant::game::Unit {
    game.state().unit(id).unwrap()
}

/// a-1 (grade C line, 12) has charged b-1 (grade C line, 12) and it is the combat phase.
fn after_a_charge(rules: &[&str]) -> Game {
    let mut game = battle(
        ["france", "britain"],
        rules,
        &[foot("a-1", "C", 12, "line"), foot("b-1", "C", 12, "line")],
    );
    advance(&mut game, TO_MOVEMENT);
    ok(&mut game, "move a-1 charge=b-1");
    advance(&mut game, 2);
    game
}

#[test]
fn the_loser_of_a_combat_owes_its_retreat_and_is_destroyed_if_it_is_blocked() {
    // *Combat Results*: a loser not shaken before and not flanked retreats 4" with 2 rout
    // hits. a-1 has 2 points against b-1's 2 + 1 defensive fire (a steady line): at a
    // disadvantage of 1 it hits on 5-6, so 5,6,4 -> 2 hits; b-1 rolls 1,1,2 -> none.
    // b-1: 12 - 2 loss - 2 rout = 8 figures, shaken, owes a 4" retreat.
    let mut game = after_a_charge(&[]);
    ok(&mut game, "combat a-1 dice=5,6,4/1,1,2");
    let b1 = unit(&game, "b-1");
    assert_eq!(
        (b1.figures(), b1.rout_hits, b1.morale),
        (8, 2, Morale::Shaken)
    );
    assert_eq!(b1.retreat_owed, Some(4));
    assert!(watched(&game, "b-1").contains(&Concern::MustRetreat { inches: 4 }));
    // *Retreat Moves* 2-4: enemy in the way, or no 4" gap: the unit is eliminated.
    ok(&mut game, "retreat b-1 blocked");
    let b1 = unit(&game, "b-1");
    assert_eq!(b1.status, UnitStatus::Eliminated);
    assert!(!b1.on_table);
    // The winner owes nothing; and no one owes a retreat in the next phase.
    let why = refused(&mut game, "retreat a-1 blocked");
    assert!(why.contains("owes no retreat"), "{why}");
    ok(&mut game, "undo");
    advance(&mut game, 1);
    assert_eq!(unit(&game, "b-1").retreat_owed, None);
    let why = refused(&mut game, "retreat b-1 blocked");
    assert!(why.contains("owes no retreat"), "{why}");
}

#[test]
fn a_failed_shooting_morale_test_owes_a_two_inch_retreat() {
    // *Morale Test if Hit by Shooting*: failing retreats 2" shaken with 1 rout hit.
    // a-1, grade C line of 12, at close range: 3 dice needing 3-6 (*Shooting Table*);
    // 3,4,5 -> 3 hits. b-1 grade C tests at 2-6, -3 for 3 hits -> 5-6; rolls 4: fails.
    let mut game = battle(
        ["france", "britain"],
        &[],
        &[foot("a-1", "C", 12, "line"), foot("b-1", "C", 12, "line")],
    );
    advance(&mut game, TO_SHOOTING);
    ok(&mut game, "shoot a-1 b-1 close dice=3,4,5");
    ok(&mut game, "test b-1 roll=4");
    let b1 = unit(&game, "b-1");
    assert_eq!((b1.figures(), b1.loss_hits, b1.rout_hits), (8, 3, 1));
    assert_eq!(b1.retreat_owed, Some(2));
}

#[test]
fn a_voluntary_retreat_costs_a_rout_hit_and_shakes_the_unit_only_with_the_rule() {
    // *Voluntary Retreat* (optional) 2: one rout hit and shaken; 3: two if already shaken.
    let units = [
        foot("a-1", "C", 12, "line"),
        foot("a-2", "C", 12, "line"),
        foot("b-1", "C", 12, "line"),
    ];
    let mut off = battle(["france", "britain"], &[], &units);
    advance(&mut off, TO_MOVEMENT);
    let why = refused(&mut off, "retreat a-1");
    assert!(
        why.contains("Voluntary Retreat rule is not in play"),
        "{why}"
    );

    let mut game = battle(["france", "britain"], &["voluntary-retreat"], &units);
    ok(&mut game, "shaken a-2");
    advance(&mut game, TO_MOVEMENT);
    let out = game.perform("retreat a-1").unwrap().lines;
    assert!(out[0].contains("retreats: up to 18\""), "{out:?}");
    let a1 = unit(&game, "a-1");
    assert_eq!(
        (a1.figures(), a1.rout_hits, a1.morale),
        (11, 1, Morale::Shaken)
    );
    assert!(a1.moved_this_turn);
    ok(&mut game, "retreat a-2");
    let a2 = unit(&game, "a-2");
    assert_eq!(
        (a2.figures(), a2.rout_hits, a2.morale),
        (10, 2, Morale::Shaken)
    );
    // Only once a turn, and not for the passive side.
    assert!(refused(&mut game, "retreat a-1").contains("already moved"));
    assert!(refused(&mut game, "retreat b-1").contains("only the active side"));
}

#[test]
fn a_voluntary_retreat_needs_a_general_in_command_radius_and_no_contact() {
    // *Voluntary Retreat*: "a unit with a general in CR"; 4: not out of close combat.
    let mut game = battle(
        ["france", "britain"],
        &["voluntary-retreat"],
        &[
            foot("a-1", "C", 12, "line"),
            foot("a-2", "C", 12, "line"),
            foot("b-1", "C", 12, "line"),
        ],
    );
    ok(&mut game, "cmd a-1 out");
    ok(&mut game, "cmd a-2 out");
    ok(&mut game, "attach ney a-2");
    advance(&mut game, TO_MOVEMENT);
    let why = refused(&mut game, "retreat a-1");
    assert!(why.contains("no general in command radius"), "{why}");
    // An attached general is with the unit itself.
    ok(&mut game, "retreat a-2");

    // A round with no hits either way: the combat goes on (ruling 29), and in side b's
    // movement phase (reform, then turn 2's rally, then movement) b-1 is still in it.
    let mut fighting = after_a_charge(&["voluntary-retreat"]);
    ok(&mut fighting, "combat a-1 dice=1,1,1/1,1,1");
    advance(&mut fighting, 3);
    let why = refused(&mut fighting, "retreat b-1");
    assert!(why.contains("no voluntary retreat out of it"), "{why}");
}

#[test]
fn gunners_who_evade_leave_their_guns_until_they_go_back_to_them() {
    // *Evading*: "gunners abandon their guns when they evade"; ruling 51: they go back with
    // `reman` as their move, and meanwhile neither shoot nor fight.
    let mut game = battle(
        ["france", "britain"],
        &[],
        &[
            cavalry("a-1", "light", "C", 12, "line"),
            battery("b-art", "field", "C", 6, 3, "unlimbered"),
            foot("b-1", "C", 12, "line"),
        ],
    );
    advance(&mut game, TO_MOVEMENT);
    ok(&mut game, "move a-1 charge=b-art");
    let out = game.perform("evade b-art").unwrap().lines;
    assert!(
        out.iter().any(|l| l.contains("gunners abandon their guns")),
        "{out:?}"
    );
    assert!(unit(&game, "b-art").sound_the_charge.guns_abandoned);
    assert!(
        watched(&game, "b-art")
            .contains(&Concern::Own(SoundTheChargeConcern::GunsAbandoned.into()))
    );
    advance(&mut game, 2);
    let why = refused(&mut game, "combat a-1 vs b-art dice=1,1,1,1/1,1,1");
    assert!(why.contains("left their guns"), "{why}");
    // Side b's turn: no shot before the gunners are back; `reman` is their move.
    advance(&mut game, 2 + TO_SHOOTING);
    let why = refused(&mut game, "shoot b-art a-1 close dice=1,1,1");
    assert!(why.contains("reman b-art"), "{why}");
    // Turn 3's movement phase is side a's: only in its own side's movement phase.
    advance(&mut game, 4);
    let why = refused(&mut game, "reman b-art");
    assert!(why.contains("only the active side"), "{why}");
    advance(&mut game, 5);
    ok(&mut game, "reman b-art");
    let guns = unit(&game, "b-art");
    assert!(!guns.sound_the_charge.guns_abandoned && guns.moved_this_turn);
    assert!(refused(&mut game, "reman b-art").contains("is with its guns"));
}

#[test]
fn a_lone_general_caught_by_the_enemy_is_captured_on_a_1() {
    // *Generals*: a lone general contacted by an enemy unit rolls: a 1 and he is captured;
    // otherwise he rides up to 9" clear.
    let units = [foot("a-1", "C", 12, "line"), foot("b-1", "C", 12, "line")];
    let mut game = battle(["france", "britain"], &[], &units);
    let out = game.perform("contacted ney b-1 roll=2").unwrap().lines;
    assert!(out.iter().any(|l| l.contains("9\"")), "{out:?}");
    assert_eq!(
        game.state().general("ney").unwrap().status,
        GeneralStatus::InPlay
    );
    ok(&mut game, "contacted ney b-1 roll=1");
    assert_eq!(
        game.state().general("ney").unwrap().status,
        GeneralStatus::Captured
    );
    assert!(refused(&mut game, "contacted ney b-1 roll=3").contains("captured"));
    // Riding with a unit, he is not alone; and his own side cannot catch him.
    ok(&mut game, "attach wellington b-1");
    assert!(refused(&mut game, "contacted wellington a-1 roll=1").contains("rides with b-1"));
    ok(&mut game, "detach wellington");
    assert!(refused(&mut game, "contacted wellington b-1 roll=1").contains("own side"));
    assert!(refused(&mut game, "contacted wellington a-1 roll=1,2").contains("one die"));
}

#[test]
fn a_charge_that_makes_no_contact_leaves_the_charger_disordered() {
    // *Steadiness and Disorder* 5: charge bonus used, no contact: disordered. The target
    // (skirmishers) evaded and the charger went no further; `next` ends the combat phase.
    let mut game = battle(
        ["france", "britain"],
        &[],
        &[
            cavalry("a-1", "light", "C", 12, "line"),
            light("b-1", "C", 8, "skirmish"),
        ],
    );
    advance(&mut game, TO_MOVEMENT);
    ok(&mut game, "move a-1 charge=b-1");
    ok(&mut game, "evade b-1");
    advance(&mut game, TO_COMBAT - TO_MOVEMENT);
    assert!(!unit(&game, "a-1").disordered);
    let out = game.perform("next").unwrap().lines;
    assert!(out.iter().any(|l| l.contains("made no contact")), "{out:?}");
    assert!(unit(&game, "a-1").disordered);
}

#[test]
fn a_square_that_fails_its_shooting_test_retreats_into_column() {
    // *Retreat Moves*: "squares that retreat end the move in column".
    let mut game = battle(
        ["france", "britain"],
        &[],
        &[foot("a-1", "C", 12, "line"), foot("b-1", "C", 12, "square")],
    );
    advance(&mut game, TO_SHOOTING);
    ok(&mut game, "shoot a-1 b-1 close dice=6,6,6");
    let test = game.perform("test b-1 roll=1").unwrap().lines;
    assert!(test.iter().any(|l| l.contains("FAILED")), "{test:?}");
    let b1 = unit(&game, "b-1");
    assert_eq!(b1.formation, adjutant::game::Formation::Column);
    assert_eq!(b1.retreat_owed, Some(2));
}
