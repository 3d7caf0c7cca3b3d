//! *Sound the Charge*, terrain and the small cases of movement: `move <unit>
//! terrain=<kind>` (*Terrain Suggestions*), `backwheel` (*Oblique, Sidestep, and
//! Backstep*), gunners away from their guns (*Artillery Movement*) and `intermixed=<unit>`
//! (*Interpenetration*). Units whose id starts `a-` are side `a`, active in turn 1.
//!
//! *Movement Table* rates used below: infantry line 4", column 6"; heavy or medium cavalry
//! 6"/8"; light cavalry 8"/10"; field guns manhandled 3", limbered 6". Halves and quarters
//! round down to the quarter inch.

mod common;

use adjutant::game::Game;
use common::{advance, battery, battle, cavalry, foot, light, ok, refused};

const TO_MOVEMENT: usize = 1;

/// France against Britain with the units given, in side a's movement phase of turn 1.
fn at_movement(units: &[String]) -> Game {
    let mut game = battle(["france", "britain"], &[], units);
    advance(&mut game, TO_MOVEMENT);
    game
}

/// Performs the move and gives its allowance, checking a reason contains `reason`.
fn allowance(game: &mut Game, line: &str, reason: &str) -> String {
    ok(game, line);
    let (inches, why) = common::last_move(game);
    assert!(
        why.iter().any(|l| l.contains(reason)),
        "`{line}`: no reason with {reason:?} in {why:?}"
    );
    inches
}

fn disordered(game: &Game, id: &str) -> bool {
    game.state().unit(id).unwrap().disordered
}

#[test]
fn light_woods_halve_close_order_foot_quarter_horse_and_guns_not_skirmishers() {
    // *Light Woods*: skirmishers full speed, close-order infantry half, cavalry and
    // artillery a quarter; disordering terrain, but guns are never disordered.
    let mut game = at_movement(&[
        foot("a-line", "C", 12, "line"),
        light("a-skir", "C", 12, "skirmish"),
        cavalry("a-heavy", "heavy", "C", 8, "column"),
        cavalry("a-medium", "medium", "C", 8, "line"),
        battery("a-guns", "field", "C", 6, 3, "unlimbered"),
        battery("a-team", "field", "C", 6, 3, "limbered"),
    ]);
    let woods = "(*Light Woods*)";
    // Infantry line 4" × ½ = 2".
    assert_eq!(
        allowance(&mut game, "move a-line terrain=light-woods", woods),
        "2\""
    );
    assert!(disordered(&game, "a-line"));
    // Skirmishers 4", full speed, in order.
    assert_eq!(
        allowance(&mut game, "move a-skir terrain=light-woods", "full speed"),
        "4\""
    );
    assert!(!disordered(&game, "a-skir"));
    // Heavy cavalry column 8" × ¼ = 2"; medium cavalry line 6" × ¼ = 1½".
    assert_eq!(
        allowance(
            &mut game,
            "move a-heavy terrain=light-woods",
            "quarter speed"
        ),
        "2\""
    );
    assert_eq!(
        allowance(
            &mut game,
            "move a-medium terrain=light-woods",
            "quarter speed"
        ),
        "1½\""
    );
    assert!(disordered(&game, "a-heavy") && disordered(&game, "a-medium"));
    // Field guns manhandled 3" × ¼ = ¾"; limbered 6" × ¼ = 1½"; never disordered.
    assert_eq!(
        allowance(&mut game, "move a-guns terrain=light-woods", woods),
        "¾\""
    );
    assert_eq!(
        allowance(&mut game, "move a-team terrain=light-woods", woods),
        "1½\""
    );
    assert!(!disordered(&game, "a-guns") && !disordered(&game, "a-team"));
}

#[test]
fn heavy_woods_take_infantry_only_and_disorder_close_order() {
    // *Heavy Woods*: "Only infantry may enter. Skirmishers move at 1/2 speed, close-order
    // infantry at 1/4 speed"; disordering like light woods (ruling 63).
    let mut game = at_movement(&[
        foot("a-col", "C", 12, "column"),
        light("a-skir", "C", 12, "skirmish"),
        cavalry("a-cav", "light", "C", 8, "line"),
        battery("a-guns", "field", "C", 6, 3, "limbered"),
    ]);
    for id in ["a-cav", "a-guns"] {
        let why = refused(&mut game, &format!("move {id} terrain=heavy-woods"));
        assert!(why.contains("only infantry may enter heavy woods"), "{why}");
    }
    // Infantry column 6" × ¼ = 1½", disordered.
    assert_eq!(
        allowance(&mut game, "move a-col terrain=heavy-woods", "ruling 63"),
        "1½\""
    );
    assert!(disordered(&game, "a-col"));
    // Skirmishers 4" × ½ = 2", in order.
    assert_eq!(
        allowance(
            &mut game,
            "move a-skir terrain=heavy-woods",
            "(*Heavy Woods*)"
        ),
        "2\""
    );
    assert!(!disordered(&game, "a-skir"));
}

#[test]
fn an_obstacle_is_measured_double_and_disorders_only_chargers() {
    // *Obstacles*: double distance (or 1" a rank) for close order to cross, which the
    // referee measures (ruling 64): the allowance stays; chargers are disordered;
    // skirmishers cross at no penalty.
    let mut game = at_movement(&[
        foot("a-col", "C", 12, "column"),
        light("a-skir", "C", 12, "skirmish"),
        cavalry("a-cav", "light", "C", 8, "line"),
        foot("b-1", "C", 12, "line"),
    ]);
    // Infantry column 6", unchanged, in order.
    assert_eq!(
        allowance(
            &mut game,
            "move a-col terrain=obstacle",
            "measure the crossing double"
        ),
        "6\""
    );
    assert!(!disordered(&game, "a-col"));
    // Skirmishers 4", no penalty.
    assert_eq!(
        allowance(&mut game, "move a-skir terrain=obstacle", "no penalty"),
        "4\""
    );
    assert!(!disordered(&game, "a-skir"));
    // Light cavalry line 8" + 4" charge = 12"; the charger is disordered, so it is not
    // steady cavalry at contact and the line it hits stays in order.
    assert_eq!(
        allowance(
            &mut game,
            "move a-cav charge=b-1 terrain=obstacle",
            "charging across an obstacle"
        ),
        "12\""
    );
    assert!(disordered(&game, "a-cav"));
    assert!(!disordered(&game, "b-1"));
}

#[test]
fn town_blocks_are_for_infantry_free_to_enter_and_half_a_move_to_leave() {
    // *Towns*: only infantry may enter; disordering to enter, no cost; half a move to
    // come out of a block.
    let mut game = at_movement(&[
        foot("a-line", "C", 12, "line"),
        foot("a-col", "C", 12, "column"),
        light("a-skir", "C", 12, "skirmish"),
        cavalry("a-cav", "heavy", "C", 8, "column"),
        battery("a-guns", "field", "C", 6, 3, "limbered"),
    ]);
    let why = refused(&mut game, "move a-cav terrain=town-in");
    assert!(why.contains("only infantry may enter town blocks"), "{why}");
    let why = refused(&mut game, "move a-guns terrain=town-out");
    assert!(why.contains("only infantry"), "{why}");
    // Infantry line 4", no cost, disordered.
    assert_eq!(
        allowance(&mut game, "move a-line terrain=town-in", "no cost"),
        "4\""
    );
    assert!(disordered(&game, "a-line"));
    // Skirmishers 4", in order.
    assert_eq!(
        allowance(&mut game, "move a-skir terrain=town-in", "(*Towns*)"),
        "4\""
    );
    assert!(!disordered(&game, "a-skir"));
    // Infantry column 6" × ½ = 3" coming out.
    assert_eq!(
        allowance(&mut game, "move a-col terrain=town-out", "half a move"),
        "3\""
    );
    assert!(!disordered(&game, "a-col"));
}

#[test]
fn crossing_fieldworks_takes_the_whole_move_infantry_only_and_disorders() {
    // *Fieldworks*: "It costs a full move to cross a line of fieldworks, and generally
    // only infantry may cross"; disordering terrain.
    let mut game = at_movement(&[
        foot("a-line", "C", 12, "line"),
        foot("a-col", "C", 12, "column"),
        cavalry("a-cav", "heavy", "C", 8, "column"),
        foot("b-1", "C", 12, "line"),
    ]);
    let why = refused(&mut game, "move a-cav terrain=fieldworks");
    assert!(why.contains("only infantry may cross"), "{why}");
    let why = refused(&mut game, "move a-col charge=b-1 terrain=fieldworks");
    assert!(why.contains("may not charge across fieldworks"), "{why}");
    // Infantry line 4": no move left, 0", disordered.
    assert_eq!(
        allowance(&mut game, "move a-line terrain=fieldworks", "whole move"),
        "0\""
    );
    assert!(disordered(&game, "a-line"));
}

#[test]
fn an_unknown_terrain_is_refused_with_the_known_ones() {
    // *Terrain Suggestions*: the kinds the app knows.
    let mut game = at_movement(&[foot("a-line", "C", 12, "line")]);
    let why = refused(&mut game, "move a-line terrain=swamp");
    for word in [
        "swamp",
        "light-woods",
        "heavy-woods",
        "obstacle",
        "town-in",
        "town-out",
        "fieldworks",
    ] {
        assert!(why.contains(word), "{word}: {why}");
    }
}

#[test]
fn a_backward_wheel_is_at_a_quarter_speed() {
    // *Oblique, Sidestep, and Backstep*: "Units may wheel backwards at one-quarter speed";
    // *Wheeling*: half again for grade D.
    let mut game = at_movement(&[
        foot("a-line", "C", 12, "line"),
        foot("a-raw", "D", 12, "line"),
        cavalry("a-cav", "heavy", "C", 8, "column"),
        foot("b-1", "C", 12, "line"),
    ]);
    let why = refused(&mut game, "move a-line wheel backwheel");
    assert!(why.contains("not both"), "{why}");
    let why = refused(&mut game, "move a-line charge=b-1 backwheel");
    assert!(why.contains("may not wheel"), "{why}");
    // Infantry line 4" × ¼ = 1".
    assert_eq!(
        allowance(&mut game, "move a-line backwheel", "wheeling backwards"),
        "1\""
    );
    // Heavy cavalry column 8" × ¼ = 2".
    assert_eq!(
        allowance(&mut game, "move a-cav backwheel", "quarter speed"),
        "2\""
    );
    // Grade D line 4" × ½ × ¼ = ½".
    assert_eq!(
        allowance(&mut game, "move a-raw backwheel", "grade D"),
        "½\""
    );
    assert!(!disordered(&game, "a-line") && !disordered(&game, "a-raw"));
}

#[test]
fn gunners_away_from_their_guns_move_like_skirmishers() {
    // *Artillery Movement*: "Gunners move like skirmishers when away from their guns":
    // the light infantry's skirmish rate, 4" (*Skirmish Movement*), not field guns
    // manhandled 3"; full speed in light woods (not 3" × ¼ = ¾"). The guns stay put.
    let mut game = at_movement(&[
        cavalry("a-1", "light", "C", 12, "line"),
        battery("b-art", "field", "C", 6, 3, "unlimbered"),
    ]);
    ok(&mut game, "move a-1 charge=b-art");
    ok(&mut game, "evade b-art");
    // Combat, then side b's turn: its movement phase.
    advance(&mut game, 5);
    assert!(
        game.state()
            .unit("b-art")
            .unwrap()
            .sound_the_charge
            .guns_abandoned
    );
    let why = refused(&mut game, "move b-art form=limbered");
    assert!(why.contains("away from their guns"), "{why}");
    assert_eq!(
        allowance(
            &mut game,
            "move b-art terrain=light-woods",
            "gunners away from their guns move like skirmishers"
        ),
        "4\""
    );
    let (_, why) = common::last_move(&game);
    assert!(
        why.iter()
            .any(|l| l.contains("the guns stay where they are")),
        "{why:?}"
    );
    assert!(why.iter().any(|l| l.contains("full speed")), "{why:?}");
    let guns = game.state().unit("b-art").unwrap();
    assert!(guns.sound_the_charge.guns_abandoned && guns.moved_this_turn && !guns.disordered);
}

#[test]
fn units_ending_intermixed_are_both_disordered_but_guns_never() {
    // *Interpenetration*: "If two units end movement intermixed, move one unit slightly
    // apart from the other and mark both units disordered" (*Steadiness and Disorder* 6).
    let mut game = at_movement(&[
        foot("a-1", "C", 12, "line"),
        foot("a-2", "C", 12, "column"),
        foot("a-3", "C", 12, "line"),
        battery("a-art", "field", "C", 6, 3, "limbered"),
        foot("b-1", "C", 12, "line"),
    ]);
    let why = refused(&mut game, "move a-1 intermixed=a-99");
    assert!(why.contains("a-99"), "{why}");
    let why = refused(&mut game, "move a-1 intermixed=b-1");
    assert!(why.contains("enemy"), "{why}");
    let why = refused(&mut game, "move a-1 intermixed=a-1");
    assert!(why.contains("itself"), "{why}");
    // Infantry line 4", unchanged: both disordered.
    assert_eq!(
        allowance(&mut game, "move a-1 intermixed=a-2", "intermixed"),
        "4\""
    );
    assert!(disordered(&game, "a-1") && disordered(&game, "a-2"));
    // Field guns limbered 6": the guns stay in order, the infantry does not.
    assert_eq!(
        allowance(&mut game, "move a-art intermixed=a-3", "never disordered"),
        "6\""
    );
    assert!(!disordered(&game, "a-art") && disordered(&game, "a-3"));
}
