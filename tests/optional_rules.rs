//! *Sound the Charge*'s optional rules and national modifiers added with the whole turn,
//! each with the rule in play and out of it: *Artillery Bounce-Through*, the Austrian
//! battalion-masse and the British cavalry's follow-up. Units whose id starts `a-` are
//! side `a`, active in turn 1 (rally, movement, shooting, combat, reform).

mod common;

use adjutant::game::{Away, Checklist, Concern, Game, RollKind, SoundTheChargeConcern};
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

// --- Austria: battalion-masse -------------------------------------------------------------

const NATIONAL: &str = "national-modifiers";
const TO_MOVEMENT: usize = 1;
/// A side's movement phase to its next one: five phases a turn, two turns.
const TO_OWN_NEXT_MOVEMENT: usize = 10;

/// The allowance the last `move` logged.
fn allowance(game: &Game) -> String {
    common::last_move(game).0
}

/// a-1: a grade C Austrian column of 12 (side a, turn 1's movement phase).
fn austrian_column(nation: &str, rules: &[&str]) -> Game {
    let mut game = battle(
        [nation, "france"],
        rules,
        &[foot("a-1", "C", 12, "column"), foot("b-1", "C", 12, "line")],
    );
    advance(&mut game, TO_MOVEMENT);
    game
}

#[test]
fn an_austrian_column_forms_battalion_masse_in_half_a_turn_and_moves_at_line_speed() {
    // *National Modifiers*, Austria: half a turn to form masse; in masse, line speed.
    // Forming: infantry line 4", halved = 2". In masse next turn: 4", not the column's 6".
    // Leaving: the column's 6", halved = 3".
    let mut game = austrian_column("austria", &[NATIONAL]);
    ok(&mut game, "move a-1 masse");
    assert_eq!(allowance(&game), "2\"");
    assert!(game.state().unit("a-1").unwrap().sound_the_charge.masse);
    advance(&mut game, TO_OWN_NEXT_MOVEMENT);
    ok(&mut game, "move a-1");
    assert_eq!(allowance(&game), "4\"");
    ok(&mut game, "undo");
    let why = refused(&mut game, "move a-1 charge");
    assert!(why.contains("may not charge"), "{why}");
    let why = refused(&mut game, "move a-1 form=line");
    assert!(why.contains("leave it first"), "{why}");
    ok(&mut game, "move a-1 unmasse");
    assert_eq!(allowance(&game), "3\"");
    assert!(!game.state().unit("a-1").unwrap().sound_the_charge.masse);
}

#[test]
fn only_austrian_infantry_in_column_forms_masse_and_only_with_national_modifiers() {
    let mut game = austrian_column("austria", &[]);
    let why = refused(&mut game, "move a-1 masse");
    assert!(why.contains("national modifiers"), "{why}");
    let mut game = austrian_column("prussia-post-1810", &[NATIONAL]);
    let why = refused(&mut game, "move a-1 masse");
    assert!(why.contains("Austrian infantry"), "{why}");
    let mut game = austrian_column("austria", &[NATIONAL]);
    let why = refused(&mut game, "move a-reserve masse");
    assert!(why.contains("only a column"), "{why}");
}

/// b-1, a grade C Austrian column of 12, in masse (`masse`) or not, charged by a-cav, grade
/// C heavy cavalry of 8 in line; turn 3's combat phase.
fn cavalry_at_the_column(masse: bool) -> Game {
    let mut game = battle(
        ["france", "austria"],
        &[NATIONAL],
        &[
            common::cavalry("a-cav", "heavy", "C", 8, "line"),
            foot("b-1", "C", 12, "column"),
        ],
    );
    advance(&mut game, TO_MOVEMENT + 5);
    if masse {
        ok(&mut game, "move b-1 masse");
    }
    advance(&mut game, 5);
    ok(&mut game, "move a-cav charge=b-1");
    advance(&mut game, 2);
    game
}

fn cavalry_strike(game: &Game) -> (i32, i32, i32) {
    let round = common::last_round(game);
    let cavalry = round.fighters.iter().find(|f| f.unit == "a-cav").unwrap();
    let strike = &cavalry.strikes[0];
    (strike.points, strike.enemy_points, strike.needed)
}

#[test]
fn a_battalion_masse_is_a_square_to_cavalry() {
    // *Combat Points*: heavy cavalry 4, -4 against a square (the masse) = 0; the masse,
    // infantry 2, no defensive fire in column. At a disadvantage of 2 the cavalry hits on
    // 5-6. Steady cavalry does not disorder a square at contact. 1,1,1 against 1,1 is a
    // draw, and cavalry that does not beat a square bounces off it, 4".
    let mut game = cavalry_at_the_column(true);
    assert!(!game.state().unit("b-1").unwrap().disordered);
    ok(&mut game, "combat a-cav dice=1,1,1/1,1");
    assert_eq!(cavalry_strike(&game), (0, 2, 5));
    assert_eq!(game.state().unit("a-cav").unwrap().retreat_owed, Some(4));
}

#[test]
fn a_plain_column_is_disordered_by_the_charge_and_fights_on_after_a_draw() {
    // The same column out of masse: disordered at contact, 2 - 1 = 1 point against the
    // cavalry's 4: the cavalry at an advantage of 3 hits on 3-6, and a draw goes on.
    let mut game = cavalry_at_the_column(false);
    assert!(game.state().unit("b-1").unwrap().disordered);
    ok(&mut game, "combat a-cav dice=1,1,1/1,1");
    assert_eq!(cavalry_strike(&game), (4, 1, 3));
    assert_eq!(game.state().unit("a-cav").unwrap().retreat_owed, None);
    assert!(game.state().unit("a-cav").unwrap().in_contact());
}

// --- Britain and Portugal: cavalry follows up -----------------------------------------------

/// a-cav, grade C British heavy cavalry of 8 in line, has charged b-1, a grade C French line
/// of 12, and it is turn 1's combat phase.
fn british_charge(rules: &[&str]) -> Game {
    let mut game = battle(
        ["britain", "france"],
        rules,
        &[
            common::cavalry("a-cav", "heavy", "C", 8, "line"),
            foot("b-1", "C", 12, "line"),
        ],
    );
    advance(&mut game, TO_MOVEMENT);
    ok(&mut game, "move a-cav charge=b-1");
    advance(&mut game, 2);
    game
}

// *Combat Points*: heavy cavalry 4 against b-1, disordered at contact by the steady
// cavalry: 2 - 1 = 1 and no defensive fire. The cavalry at an advantage of 3 hits on 3-6
// with 3 dice (8 figures, a die per 3, a last 2 counts): 6,6,6 is 3 hits to none, and b-1
// loses and retreats 4".
const CAVALRY_WINS: &str = "combat a-cav dice=6,6,6/1,1,1";

#[test]
fn british_cavalry_follows_a_retreating_enemy_on_1_to_4_and_fights_on() {
    let mut game = british_charge(&[NATIONAL]);
    ok(&mut game, &format!("{CAVALRY_WINS} follow=4"));
    let roll = rolls(&game).pop().unwrap();
    assert_eq!(
        (roll.kind, roll.dice.clone()),
        (RollKind::FollowUp, vec![4])
    );
    let state = game.state();
    assert_eq!(state.unit("b-1").unwrap().retreat_owed, Some(4));
    assert_eq!(
        state.unit("a-cav").unwrap().in_contact_with,
        vec!["b-1".to_owned()]
    );
    // Next turn the combat goes on: side b's combat phase owes the round.
    advance(&mut game, 5);
    let open = Checklist::of(game.state()).open;
    assert!(
        open.iter()
            .any(|i| i.subject == "a-cav" && i.concern == Concern::InContact),
        "{open:?}"
    );
}

#[test]
fn british_cavalry_holds_its_ground_on_5_or_6_and_others_never_test() {
    let mut game = british_charge(&[NATIONAL]);
    ok(&mut game, &format!("{CAVALRY_WINS} follow=5"));
    assert!(!game.state().unit("a-cav").unwrap().in_contact());
    // The players' dice without the follow-up die are refused, naming it.
    ok(&mut game, "undo");
    let why = refused(&mut game, CAVALRY_WINS);
    assert!(why.contains("follow="), "{why}");
    // Without national modifiers British cavalry is like any other: no die, and follow=
    // is refused.
    let mut game = british_charge(&[]);
    let why = refused(&mut game, &format!("{CAVALRY_WINS} follow=4"));
    assert!(why.contains("drop it"), "{why}");
    ok(&mut game, CAVALRY_WINS);
    assert!(!game.state().unit("a-cav").unwrap().in_contact());
}

#[test]
fn cavalry_that_follows_its_enemy_off_the_table_comes_back_on_5_or_6_and_may_not_charge() {
    let mut game = british_charge(&[NATIONAL]);
    ok(&mut game, &format!("{CAVALRY_WINS} follow=1"));
    // *Pursuit*: the winner is disordered.
    assert!(game.state().unit("a-cav").unwrap().disordered);
    ok(&mut game, "retreat b-1 off");
    let cav = game.state().unit("a-cav").unwrap();
    assert!(!cav.on_table);
    assert_eq!(cav.sound_the_charge.away, Some(Away::Off { tried: false }));
    assert!(!game.state().unit("b-1").unwrap().on_table);
    // Side a's next rally phase (turn 3) owes the die; a 4 keeps it away, once a turn.
    advance(&mut game, 2 + 5);
    let open = Checklist::of(game.state()).open;
    assert!(
        open.iter().any(|i| i.subject == "a-cav"
            && i.concern == Concern::Own(SoundTheChargeConcern::MayReturn.into())),
        "{open:?}"
    );
    ok(&mut game, "return a-cav roll=4");
    assert!(!game.state().unit("a-cav").unwrap().on_table);
    let why = refused(&mut game, "return a-cav roll=6");
    assert!(why.contains("once a turn"), "{why}");
    // Turn 5: a 5 brings it back, in good order (it was disordered by its win).
    advance(&mut game, 10);
    ok(&mut game, "return a-cav roll=5");
    let cav = game.state().unit("a-cav").unwrap();
    assert!(cav.on_table && !cav.disordered && !cav.is_shaken());
    advance(&mut game, 1);
    let why = refused(&mut game, "move a-cav charge");
    assert!(why.contains("may not charge"), "{why}");
    ok(&mut game, "move a-cav");
}

#[test]
fn a_masse_has_no_flank_against_cavalry_and_does_not_charge_in_a_combat_either() {
    let mut game = cavalry_at_the_column(true);
    let why = refused(&mut game, "combat a-cav flank=b-1 dice=1,1,1/1,1");
    assert!(why.contains("battalion-masse"), "{why}");
    // In side b's next combat phase, the masse may not start a fight of its own.
    let mut game = battle(
        ["france", "austria"],
        &[NATIONAL],
        &[foot("a-1", "C", 12, "line"), foot("b-1", "C", 12, "column")],
    );
    advance(&mut game, TO_MOVEMENT + 5);
    ok(&mut game, "move b-1 masse");
    advance(&mut game, 2);
    let why = refused(&mut game, "combat b-1 vs a-1 dice=1,1/1,1,1");
    assert!(why.contains("may not charge"), "{why}");
}

#[test]
fn forming_masse_is_a_maneuver_a_disordered_column_ends_shaken() {
    // *Change Formation/Facing*: troops maneuvering while disordered become shaken.
    let mut game = austrian_column("austria", &[NATIONAL]);
    ok(&mut game, "disorder a-1");
    ok(&mut game, "move a-1 masse");
    assert!(game.state().unit("a-1").unwrap().is_shaken());
}

#[test]
fn returned_cavalry_comes_back_in_the_formation_named_and_may_not_attack_that_turn() {
    let mut game = british_charge(&[NATIONAL]);
    ok(&mut game, &format!("{CAVALRY_WINS} follow=1"));
    ok(&mut game, "retreat b-1 off");
    advance(&mut game, 2 + 5);
    ok(&mut game, "return a-cav roll=6 form=column");
    let cav = game.state().unit("a-cav").unwrap();
    assert_eq!(cav.formation, adjutant::game::Formation::Column);
    advance(&mut game, 3);
    let why = refused(&mut game, "combat a-cav vs b-reserve dice=6,6,6/1,1,1");
    assert!(why.contains("may not charge"), "{why}");
}

/// Ruling 62 (*National Modifiers*, Britain): cavalry off the table after its enemy counts
/// neither as gone nor as shaken for *Army Morale*. Side a's cavalry wins, follows b-1, is
/// marked shaken by the referee and rides off after it: 0 of side a's 2 units (the cavalry
/// and its reserve) shaken or gone, where the same shaken cavalry on the table made it 1
/// of 2.
#[test]
fn cavalry_off_the_table_after_its_enemy_is_neither_shaken_nor_gone_for_army_morale() {
    let mut game = british_charge(&[NATIONAL, "army-morale"]);
    ok(&mut game, &format!("{CAVALRY_WINS} follow=1"));
    ok(&mut game, "shaken a-cav");
    let standing = game.state().army_standing("a");
    assert_eq!((standing.shaken_or_gone, standing.units), (1, 2));
    ok(&mut game, "retreat b-1 off");
    let cav = game.state().unit("a-cav").unwrap();
    assert!(!cav.on_table && cav.is_shaken());
    let standing = game.state().army_standing("a");
    assert_eq!((standing.shaken_or_gone, standing.units), (0, 2));
}
