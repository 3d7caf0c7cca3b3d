//! Optional *Boats*: boarding and landing take the unit's whole turn (artillery two);
//! troops in boats are disordered, may not shoot, are a dense target and take no morale
//! test; boats row 4", 2" upstream; troops land fighting with one die against defenders
//! counted in soft cover, and row back a move if beaten. Units `a-*` are side a, active
//! in the odd turns; each turn has five phases (rally, movement, shooting, combat, reform).

mod common;

use adjutant::game::{Boat, Game, Morale, RollKind, Unit};
use common::{advance, battery, battle, foot, ok, refused, rolls};

const RULE: &str = "boats";
const TO_MOVEMENT: usize = 1;
/// From a movement phase to the same side's next movement phase.
const TO_OWN_NEXT_MOVEMENT: usize = 10;

/// Whether the last command's log lines say `text`.
fn rolls_said(game: &Game, text: &str) -> bool {
    let entry = game.log().last().unwrap();
    entry
        .events
        .iter()
        .any(|e| e.describe(game.state()).contains(text))
}

fn unit<'a>(game: &'a Game, id: &str) -> &'a Unit {
    game.state().unit(id).unwrap()
}

/// a-1 (grade C line, 12) on the near bank, b-1 (grade C line, 12) on the far one and
/// b-art (3 field guns) watching the water; side a's movement phase, turn 1.
fn crossing(rules: &[&str]) -> Game {
    let mut game = battle(
        ["france", "britain"],
        rules,
        &[
            foot("a-1", "C", 12, "line"),
            battery("a-art", "field", "C", 6, 3, "limbered"),
            foot("b-1", "C", 12, "line"),
            battery("b-art", "field", "C", 6, 3, "unlimbered"),
        ],
    );
    advance(&mut game, TO_MOVEMENT);
    game
}

/// a-1 afloat: embarked in turn 1, side a's movement phase of turn 3.
fn afloat() -> Game {
    let mut game = crossing(&[RULE]);
    ok(&mut game, "embark a-1");
    advance(&mut game, TO_OWN_NEXT_MOVEMENT);
    game
}

#[test]
fn boarding_takes_the_units_turn_and_leaves_it_disordered_and_afloat_after_it() {
    let mut game = crossing(&[RULE]);
    ok(&mut game, "embark a-1");
    let a1 = unit(&game, "a-1");
    assert_eq!(
        a1.sound_the_charge.boat,
        Some(Boat::Embarking { turns_left: 1 })
    );
    assert!(a1.disordered && a1.moved_this_turn);
    let why = refused(&mut game, "move a-1");
    assert!(why.contains("already moved"), "{why}");
    // Still disordered at the reform phase: troops in boats do not reform.
    advance(&mut game, 3);
    let why = refused(&mut game, "reform a-1");
    assert!(why.contains("in boats"), "{why}");
    // Its side's turn over, it is afloat through the enemy's turn.
    advance(&mut game, 1);
    assert_eq!(unit(&game, "a-1").sound_the_charge.boat, Some(Boat::Afloat));
}

#[test]
fn artillery_takes_two_of_its_turns_to_board_and_is_never_disordered() {
    let mut game = crossing(&[RULE]);
    ok(&mut game, "embark a-art");
    assert_eq!(
        unit(&game, "a-art").sound_the_charge.boat,
        Some(Boat::Embarking { turns_left: 2 })
    );
    assert!(!unit(&game, "a-art").disordered);
    advance(&mut game, TO_OWN_NEXT_MOVEMENT);
    assert_eq!(
        unit(&game, "a-art").sound_the_charge.boat,
        Some(Boat::Embarking { turns_left: 1 })
    );
    let why = refused(&mut game, "move a-art");
    assert!(why.contains("embarking"), "{why}");
    advance(&mut game, TO_OWN_NEXT_MOVEMENT);
    assert_eq!(
        unit(&game, "a-art").sound_the_charge.boat,
        Some(Boat::Afloat)
    );
}

#[test]
fn boats_row_four_inches_and_two_upstream_and_do_nothing_else() {
    let mut game = afloat();
    ok(&mut game, "move a-1");
    assert!(game.log().last().unwrap().command.contains("move a-1"));
    let moved = |game: &Game| common::last_move(game).0;
    assert_eq!(moved(&game), "4\"");
    ok(&mut game, "undo");
    ok(&mut game, "move a-1 upstream");
    assert_eq!(moved(&game), "2\"");
    ok(&mut game, "undo");
    for line in [
        "move a-1 charge=b-1",
        "move a-1 form=column",
        "move a-1 road",
    ] {
        let why = refused(&mut game, line);
        assert!(why.contains("in boats"), "{line}: {why}");
    }
    // Ashore, `upstream` means nothing.
    let why = refused(&mut game, "move a-reserve upstream");
    assert!(why.contains("not in boats"), "{why}");
}

#[test]
fn troops_in_boats_may_not_shoot_and_are_a_dense_target_owing_no_test() {
    let mut game = afloat();
    advance(&mut game, 1);
    let why = refused(&mut game, "shoot a-1 b-1 2 dice=6,6,6");
    assert!(why.contains("in boats"), "{why}");
    // Side b's shooting phase: field guns at 10" are at far range, 5-6 to hit, +1 against
    // a dense target: 4-6. Three guns, 4,4,3: two hits, and no morale test for them.
    advance(&mut game, 5);
    ok(&mut game, "shoot b-art a-1 10 dice=4,4,3");
    let roll = rolls(&game).pop().unwrap();
    assert_eq!(
        (roll.kind, roll.needed, roll.successes),
        (RollKind::Shooting, 4, 2)
    );
    assert!(roll.modifiers.iter().any(|m| m.reason.contains("boats")));
    let a1 = unit(&game, "a-1");
    assert_eq!(a1.figures(), 10);
    assert!(!a1.owes_test);
    // What a player asking "what do I need?" is told says the same (`need`, the details
    // window): no test for troops in boats, and no fire from them.
    let needs = adjutant::game::unit_needs(game.state(), a1).join("\n");
    assert!(
        needs.contains(
            "Morale test, if hit by shooting (1 hit): no test: troops in boats take none (*Boats*)"
        ),
        "{needs}"
    );
    assert!(
        needs.contains("Fire (musketry): none from boats (*Boats*)"),
        "{needs}"
    );
    assert!(!needs.contains("3+"), "{needs}");
}

#[test]
fn landing_troops_strike_with_one_die_at_defenders_counted_in_soft_cover() {
    // *Combat Points*: a-1, line infantry 2, disordered -1, landing against the bank -1
    // (soft cover) = 0; b-1, line 2 + 1 defensive fire (steady line) = 3. At a disadvantage
    // of 3 a-1 hits on a 6 with its one die; b-1 at an advantage hits on 3-6 with its 3
    // dice (12 figures in two ranks). 6 against 1,1,1: a-1 wins.
    let mut game = afloat();
    ok(&mut game, "disembark a-1");
    assert_eq!(
        unit(&game, "a-1").sound_the_charge.boat,
        Some(Boat::Landing { turns_left: 1 })
    );
    advance(&mut game, 2);
    ok(&mut game, "combat a-1 vs b-1 dice=6/1,1,1");
    let round = common::last_round(&game);
    let a1 = &round.fighters[0];
    assert_eq!(a1.unit, "a-1");
    let strike = &a1.strikes[0];
    assert_eq!(strike.dice, vec![6]);
    assert_eq!(
        (strike.points, strike.enemy_points, strike.needed),
        (0, 3, 6)
    );
    assert!(
        strike
            .modifiers
            .iter()
            .any(|m| m.reason.contains("soft cover"))
    );
    assert_eq!(unit(&game, "b-1").morale, Morale::Shaken);
    // Its turn over, a-1 is ashore.
    advance(&mut game, 2);
    assert_eq!(unit(&game, "a-1").sound_the_charge.boat, None);
}

#[test]
fn beaten_landing_troops_row_back_a_move_in_their_boats() {
    // Beaten as it lands (1 against 6,6,6), a-1 rows back one move of its boats, 4", and
    // is afloat again instead of ashore at its turn's end.
    let mut game = afloat();
    ok(&mut game, "disembark a-1");
    advance(&mut game, 2);
    ok(&mut game, "combat a-1 vs b-1 dice=1/6,6,6");
    let a1 = unit(&game, "a-1");
    assert_eq!(a1.retreat_owed, Some(4));
    assert_eq!(a1.sound_the_charge.boat, Some(Boat::Afloat));
    assert!(
        rolls_said(&game, "rows back 4\" in its boats"),
        "the round's result names the boats' retreat"
    );
    advance(&mut game, 2);
    assert_eq!(unit(&game, "a-1").sound_the_charge.boat, Some(Boat::Afloat));
}

#[test]
fn troops_afloat_attack_only_as_they_land_and_without_the_rule_nobody_boards() {
    let mut game = afloat();
    advance(&mut game, 2);
    let why = refused(&mut game, "combat a-1 vs b-1 dice=6/1,1,1");
    assert!(why.contains("attack only as they land"), "{why}");

    let mut game = crossing(&[]);
    let why = refused(&mut game, "embark a-1");
    assert!(why.contains("not in play"), "{why}");
    let why = refused(&mut game, "disembark a-1");
    assert!(why.contains("not in play"), "{why}");
}

#[test]
fn troops_in_boats_neither_evade_nor_retreat_voluntarily_nor_form_masse() {
    let mut game = battle(
        ["austria", "britain"],
        &[RULE, "voluntary-retreat", "national-modifiers"],
        &[
            foot("a-1", "C", 12, "column"),
            common::light("b-sk", "C", 8, "skirmish"),
        ],
    );
    advance(&mut game, TO_MOVEMENT);
    ok(&mut game, "embark a-1");
    advance(&mut game, TO_OWN_NEXT_MOVEMENT);
    let why = refused(&mut game, "move a-1 masse");
    assert!(why.contains("in boats"), "{why}");
    let why = refused(&mut game, "retreat a-1");
    assert!(why.contains("in boats"), "{why}");
    // Side b's skirmishers, afloat, cannot evade a charge.
    advance(&mut game, 5);
    ok(&mut game, "embark b-sk");
    advance(&mut game, 5);
    let why = refused(&mut game, "evade b-sk");
    assert!(why.contains("in boats"), "{why}");
}
