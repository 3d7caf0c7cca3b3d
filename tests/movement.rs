//! *Sound the Charge*, the movement phase: `move` (allowances, charges, maneuvers) and the
//! passive side's `evade`. Units whose id starts `a-` are side `a`, active in turn 1;
//! turn 1 begins in the rally phase, so the movement phase is one `next` away.

mod common;

use adjutant::game::{Formation, Game, Morale};
use common::{advance, battery, battle, cavalry, foot, light, ok, refused};

const TO_MOVEMENT: usize = 1;
const TO_SHOOTING: usize = 2;
const TO_REFORM: usize = 4;

/// A battle of France against Britain with the rules and units given, in the movement
/// phase of turn 1.
fn at_movement(rules: &[&str], units: &[String]) -> Game {
    let mut game = battle(["france", "britain"], rules, units);
    advance(&mut game, TO_MOVEMENT);
    game
}

/// The printed lines of an accepted command.
fn lines(game: &mut Game, line: &str) -> Vec<String> {
    match game.perform(line) {
        Ok(outcome) => outcome.lines,
        Err(refusal) => panic!("`{line}` was refused: {refusal}"),
    }
}

/// The line that says how far the unit moves (the first line, after any charge roll).
fn move_line(lines: &[String]) -> &str {
    lines
        .iter()
        .find(|l| l.contains(": up to "))
        .unwrap_or_else(|| panic!("no allowance line in {lines:?}"))
}

fn has_line(lines: &[String], text: &str) -> bool {
    lines.iter().any(|l| l.contains(text))
}

fn formation(game: &Game, id: &str) -> Formation {
    game.state().unit(id).unwrap().formation
}

fn disordered(game: &Game, id: &str) -> bool {
    game.state().unit(id).unwrap().disordered
}

fn shaken(game: &Game, id: &str) -> bool {
    game.state().unit(id).unwrap().is_shaken()
}

// --- Allowances from the Movement Table ---------------------------------------------------

#[test]
fn an_infantry_column_moves_6_and_is_marked_moved() {
    // *Movement Table*: infantry column 6.
    let mut game = at_movement(&[], &[foot("a-1", "C", 12, "column")]);
    let out = lines(&mut game, "move a-1");
    assert_eq!(out[0], "a-1 (a-1) moves: up to 6\"");
    assert!(
        has_line(&out, "6\" infantry in column (*Movement Table*)"),
        "{out:?}"
    );
    let unit = game.state().unit("a-1").unwrap();
    assert!(unit.moved_this_turn && !unit.charged_this_turn);
    assert_eq!(unit.formation, Formation::Column);
}

#[test]
fn an_infantry_line_charges_4_plus_2_is_6() {
    // *Movement Table*: infantry line 4, charge +2 = 6.
    let mut game = at_movement(
        &[],
        &[foot("a-1", "C", 12, "line"), foot("b-1", "C", 12, "line")],
    );
    let out = lines(&mut game, "move a-1 charge=b-1");
    assert_eq!(out[0], "a-1 (a-1) charges b-1 (b-1): up to 6\"");
    assert!(has_line(&out, "+2\" charge bonus"), "{out:?}");
    let unit = game.state().unit("a-1").unwrap();
    assert!(unit.moved_this_turn && unit.charged_this_turn);
    assert!(!unit.disordered, "charging infantry is not disordered");
}

#[test]
fn cavalry_rates_heavy_line_6_and_light_column_charge_14() {
    // *Movement Table*: heavy or medium cavalry line 6; light cavalry column 10, charge
    // +4 = 14.
    let mut game = at_movement(
        &[],
        &[
            cavalry("a-1", "heavy", "B", 9, "line"),
            cavalry("a-2", "light", "C", 9, "column"),
            foot("b-1", "C", 12, "line"),
        ],
    );
    let out = lines(&mut game, "move a-1");
    assert_eq!(out[0], "a-1 (a-1) moves: up to 6\"");
    let out = lines(&mut game, "move a-2 charge=b-1");
    assert_eq!(out[0], "a-2 (a-2) charges b-1 (b-1): up to 14\"");
    assert!(has_line(&out, "+4\" charge bonus"), "{out:?}");
    assert!(game.state().unit("a-2").unwrap().charged_this_turn);
}

#[test]
fn oblique_halves_and_a_grade_d_wheel_halves() {
    // *Oblique, Sidestep, and Backstep*: half speed, infantry column 6 → 3.
    // *Wheeling*: half speed for grade D, infantry line 4 → 2; full speed for grade C, 4.
    let mut game = at_movement(
        &[],
        &[
            foot("a-1", "C", 12, "column"),
            foot("a-2", "D", 12, "line"),
            foot("a-3", "C", 12, "line"),
        ],
    );
    assert_eq!(
        lines(&mut game, "move a-1 oblique")[0],
        "a-1 (a-1) moves: up to 3\""
    );
    assert_eq!(
        lines(&mut game, "move a-2 wheel")[0],
        "a-2 (a-2) moves: up to 2\""
    );
    assert_eq!(
        lines(&mut game, "move a-3 wheel")[0],
        "a-3 (a-3) moves: up to 4\""
    );
    assert!(!disordered(&game, "a-2"), "a wheel is no maneuver");
}

// --- Command ------------------------------------------------------------------------------

#[test]
fn out_of_command_moves_at_half_speed() {
    // *Units out of Command*: half speed. Infantry column 6 × ½ = 3.
    let mut game = at_movement(&[], &[foot("a-1", "C", 12, "column")]);
    ok(&mut game, "cmd a-1 out");
    let out = lines(&mut game, "move a-1");
    assert_eq!(out[0], "a-1 (a-1) moves: up to 3\"");
    assert!(
        has_line(
            &out,
            "×½ out of command: half speed (*Units out of Command*)"
        ),
        "{out:?}"
    );
}

#[test]
fn an_attached_general_puts_an_out_of_command_unit_in_command() {
    // Ruling 10: a general riding with the unit puts it in command; *Movement Table*:
    // infantry column 6, not halved.
    let mut game = at_movement(&[], &[foot("a-1", "C", 12, "column")]);
    ok(&mut game, "attach ney a-1");
    ok(&mut game, "cmd a-1 out");
    let out = lines(&mut game, "move a-1");
    assert_eq!(out[0], "a-1 (a-1) moves: up to 6\"");
    assert!(!has_line(&out, "out of command"), "{out:?}");
}

// --- Maneuvers ----------------------------------------------------------------------------

#[test]
fn a_grade_c_formation_change_takes_the_whole_turn() {
    // *Change Formation/Facing*: a full turn's activity for grade C: 0" left. Not
    // disordered (only grade D is).
    let mut game = at_movement(&[], &[foot("a-1", "C", 12, "line")]);
    let out = lines(&mut game, "move a-1 form=column");
    assert_eq!(out[0], "a-1 (a-1) moves: up to 0\"");
    assert!(has_line(&out, "takes the whole turn"), "{out:?}");
    assert_eq!(formation(&game, "a-1"), Formation::Column);
    assert!(!disordered(&game, "a-1") && !shaken(&game, "a-1"));
}

#[test]
fn a_steady_grade_a_or_b_formation_change_takes_half_the_turn() {
    // *Change Formation/Facing*: half a turn for steady A-B, at the new formation's rate
    // (*Movement Table*): B line → column, 6 × ½ = 3; A column → line, 4 × ½ = 2.
    let mut game = at_movement(
        &[],
        &[foot("a-1", "B", 12, "line"), foot("a-2", "A", 12, "column")],
    );
    let out = lines(&mut game, "move a-1 form=column");
    assert_eq!(out[0], "a-1 (a-1) moves: up to 3\"");
    assert!(has_line(&out, "takes half the turn"), "{out:?}");
    assert_eq!(
        lines(&mut game, "move a-2 form=line")[0],
        "a-2 (a-2) moves: up to 2\""
    );
    assert_eq!(formation(&game, "a-1"), Formation::Column);
    assert_eq!(formation(&game, "a-2"), Formation::Line);
    assert!(!disordered(&game, "a-1") && !disordered(&game, "a-2"));
}

#[test]
fn a_grade_d_formation_change_takes_the_turn_and_disorders() {
    // *Change Formation/Facing*: a full turn for grade D (0"), and "the unit becomes
    // disordered if it is Grade D".
    let mut game = at_movement(&[], &[foot("a-1", "D", 12, "column")]);
    let out = lines(&mut game, "move a-1 form=line");
    assert_eq!(out[0], "a-1 (a-1) moves: up to 0\"");
    assert!(has_line(&out, "disordered: grade D maneuvering"), "{out:?}");
    assert_eq!(formation(&game, "a-1"), Formation::Line);
    assert!(disordered(&game, "a-1"));
    assert!(!shaken(&game, "a-1"));
}

#[test]
fn a_disordered_unit_that_changes_formation_becomes_shaken() {
    // *Change Formation/Facing*: unsteady troops take the whole turn even at grade B (0"),
    // and "the unit becomes shaken if already disordered".
    let mut game = at_movement(&[], &[foot("a-1", "B", 12, "line")]);
    ok(&mut game, "disorder a-1");
    let out = lines(&mut game, "move a-1 form=column");
    assert_eq!(out[0], "a-1 (a-1) moves: up to 0\"");
    assert!(has_line(&out, "unsteady troops"), "{out:?}");
    let unit = game.state().unit("a-1").unwrap();
    assert_eq!(unit.formation, Formation::Column);
    assert_eq!(unit.morale, Morale::Shaken);
    assert!(unit.disordered);
}

#[test]
fn french_and_swiss_maneuver_one_grade_up_with_national_modifiers() {
    // *National Modifiers*, France, Switzerland: "maneuver as if one grade higher".
    // Grade C maneuvers as B: half a turn, line → column 6 × ½ = 3. Grade D as C: the
    // whole turn, 0", and not disordered.
    let swiss = foot("a-3", "C", 12, "line") + "nation = \"switzerland\"\n";
    let mut game = at_movement(
        &["national-modifiers"],
        &[
            foot("a-1", "C", 12, "line"),
            foot("a-2", "D", 12, "line"),
            swiss,
        ],
    );
    let out = lines(&mut game, "move a-1 form=column");
    assert_eq!(out[0], "a-1 (a-1) moves: up to 3\"");
    assert!(has_line(&out, "maneuvers as B"), "{out:?}");
    assert_eq!(
        lines(&mut game, "move a-2 form=column")[0],
        "a-2 (a-2) moves: up to 0\""
    );
    assert!(!disordered(&game, "a-2"));
    assert_eq!(
        lines(&mut game, "move a-3 form=column")[0],
        "a-3 (a-3) moves: up to 3\""
    );
}

#[test]
fn french_grade_c_without_national_modifiers_takes_the_whole_turn() {
    // Without the optional national modifiers France is grade C like anyone: 0".
    let mut game = at_movement(&[], &[foot("a-1", "C", 12, "line")]);
    assert_eq!(
        lines(&mut game, "move a-1 form=column")[0],
        "a-1 (a-1) moves: up to 0\""
    );
}

#[test]
fn pinning_shakes_a_maneuver_near_the_enemy_only_when_in_play() {
    // Optional *Pinning*: "any maneuver other than a wheel within 4 inches of any enemy
    // unit ... becomes shaken at once". Grade B column → line: 4 × ½ = 2 either way; a
    // facing change in column: 6 × ½ = 3.
    let units = [
        foot("a-1", "B", 12, "column"),
        foot("a-2", "B", 12, "column"),
    ];
    let mut pinned = at_movement(&["pinning"], &units);
    let out = lines(&mut pinned, "move a-1 form=line near");
    assert_eq!(out[0], "a-1 (a-1) moves: up to 2\"");
    assert!(has_line(&out, "shaken: maneuvering within 4\""), "{out:?}");
    assert!(shaken(&pinned, "a-1"));
    assert_eq!(
        lines(&mut pinned, "move a-2 face near")[0],
        "a-2 (a-2) moves: up to 3\""
    );
    assert!(shaken(&pinned, "a-2"));

    let mut free = at_movement(&[], &units);
    assert_eq!(
        lines(&mut free, "move a-1 form=line near")[0],
        "a-1 (a-1) moves: up to 2\""
    );
    assert!(!shaken(&free, "a-1"));

    // In play, but not near the enemy (no `near`): no pinning.
    let mut far = at_movement(&["pinning"], &units);
    ok(&mut far, "move a-1 form=line");
    assert!(!shaken(&far, "a-1"));
}

#[test]
fn passing_through_friends_halves_and_is_refused_when_restricted() {
    // *Interpenetration*: half speed, infantry column 6 → 3. Optional *Interpenetration
    // Restrictions*: forbidden except in retreat.
    let units = [foot("a-1", "C", 12, "column")];
    let mut game = at_movement(&[], &units);
    assert_eq!(
        lines(&mut game, "move a-1 through")[0],
        "a-1 (a-1) moves: up to 3\""
    );
    let mut restricted = at_movement(&["interpenetration-restrictions"], &units);
    let why = refused(&mut restricted, "move a-1 through");
    assert!(why.contains("Interpenetration Restrictions"), "{why}");
    assert!(!restricted.state().unit("a-1").unwrap().moved_this_turn);
}

// --- Charging -----------------------------------------------------------------------------

#[test]
fn infantry_that_charges_cavalry_is_disordered() {
    // *Charging* 6: "Infantry that charges cavalry becomes disordered". Infantry column
    // 6 + 2 = 8.
    let mut game = at_movement(
        &[],
        &[
            foot("a-1", "C", 12, "column"),
            cavalry("b-1", "heavy", "C", 9, "line"),
        ],
    );
    let out = lines(&mut game, "move a-1 charge=b-1");
    assert_eq!(out[0], "a-1 (a-1) charges b-1 (b-1): up to 8\"");
    let unit = game.state().unit("a-1").unwrap();
    assert!(unit.disordered && unit.charged_this_turn);
    assert_eq!(unit.morale, Morale::Good);
}

#[test]
fn skirmishers_charge_guns_and_skirmishers_but_not_close_order() {
    // *Charging* 7. *Skirmish Movement*: line rate 4, charge +2 = 6.
    let mut game = at_movement(
        &[],
        &[
            light("a-1", "C", 8, "skirmish"),
            light("a-2", "C", 8, "skirmish"),
            light("a-3", "C", 8, "skirmish"),
            battery("b-1", "field", "C", 8, 4, "unlimbered"),
            light("b-2", "C", 8, "skirmish"),
            foot("b-3", "C", 12, "line"),
        ],
    );
    let out = lines(&mut game, "move a-1 charge=b-1");
    assert_eq!(out[0], "a-1 (a-1) charges b-1 (b-1): up to 6\"");
    assert!(has_line(&out, "b-1 may evade up to 8\""), "{out:?}");
    assert_eq!(
        lines(&mut game, "move a-2 charge=b-2")[0],
        "a-2 (a-2) charges b-2 (b-2): up to 6\""
    );
    let why = refused(&mut game, "move a-3 charge=b-3");
    assert!(why.contains("Charging 7"), "{why}");
}

#[test]
fn shaken_units_and_guns_may_not_charge() {
    // *Charging* 5: "Gunners and shaken units may not charge." A shaken unit may still
    // move: infantry column 6.
    let mut game = at_movement(
        &[],
        &[
            foot("a-1", "C", 12, "column"),
            battery("a-2", "field", "C", 8, 4, "limbered"),
            foot("b-1", "C", 12, "line"),
        ],
    );
    ok(&mut game, "shaken a-1");
    let why = refused(&mut game, "move a-1 charge=b-1");
    assert!(why.contains("shaken units may not charge"), "{why}");
    let why = refused(&mut game, "move a-2 charge");
    assert!(why.contains("gunners may not charge"), "{why}");
    assert_eq!(
        lines(&mut game, "move a-1")[0],
        "a-1 (a-1) moves: up to 6\""
    );
}

#[test]
fn spanish_cavalry_needs_3_to_launch_its_charge() {
    // *National Modifiers*, Spain: a 3-6 on one die to launch a charge. Heavy cavalry in
    // line: 6, charge +4 = 10 when it goes in; a 2 and it moves 6 without the bonus.
    let spanish = |id: &str| cavalry(id, "heavy", "C", 9, "line") + "nation = \"spain\"\n";
    let mut game = at_movement(
        &["national-modifiers"],
        &[spanish("a-1"), spanish("a-2"), foot("b-1", "C", 12, "line")],
    );
    let out = lines(&mut game, "move a-1 charge=b-1 roll=2");
    assert_eq!(move_line(&out), "a-1 (a-1) moves: up to 6\"");
    assert!(has_line(&out, "the charge does not go in"), "{out:?}");
    assert!(!game.state().unit("a-1").unwrap().charged_this_turn);
    assert!(game.state().unit("a-1").unwrap().moved_this_turn);

    let out = lines(&mut game, "move a-2 charge=b-1 roll=3");
    assert_eq!(move_line(&out), "a-2 (a-2) charges b-1 (b-1): up to 10\"");
    assert!(has_line(&out, "the charge goes in"), "{out:?}");
    assert!(game.state().unit("a-2").unwrap().charged_this_turn);
}

#[test]
fn spanish_cavalry_rolls_nothing_without_national_modifiers() {
    // Without the optional modifiers, no charge roll: 6 + 4 = 10, and `roll=` is refused.
    let spanish = cavalry("a-1", "heavy", "C", 9, "line") + "nation = \"spain\"\n";
    let mut game = at_movement(&[], &[spanish, foot("b-1", "C", 12, "line")]);
    let why = refused(&mut game, "move a-1 charge=b-1 roll=3");
    assert!(why.contains("rolls none"), "{why}");
    let out = lines(&mut game, "move a-1 charge=b-1");
    assert_eq!(out[0], "a-1 (a-1) charges b-1 (b-1): up to 10\"");
}

// --- What a move does to the rest of the turn ---------------------------------------------

#[test]
fn a_unit_that_moved_may_not_reform() {
    // *Turn Sequence*: to reform a unit "may not move, shoot, or be in combat" that turn
    // (ruling 42).
    let mut game = at_movement(
        &[],
        &[
            foot("a-1", "C", 12, "column"),
            foot("a-2", "C", 12, "column"),
        ],
    );
    ok(&mut game, "disorder a-1");
    ok(&mut game, "disorder a-2");
    ok(&mut game, "move a-1");
    advance(&mut game, TO_REFORM - TO_MOVEMENT);
    let why = refused(&mut game, "reform a-1");
    assert!(why.contains("moved this turn"), "{why}");
    ok(&mut game, "reform a-2");
    assert!(disordered(&game, "a-1") && !disordered(&game, "a-2"));
}

#[test]
fn a_unit_that_moved_shoots_at_minus_1_and_one_that_charged_may_not_shoot() {
    // *Shooting*: "Infantry may move half speed and fire at a penalty" (firer moved
    // -1), and "Charging units may not shoot".
    let mut game = at_movement(
        &[],
        &[
            foot("a-1", "C", 12, "line"),
            foot("a-2", "C", 12, "line"),
            foot("b-1", "C", 12, "line"),
        ],
    );
    ok(&mut game, "move a-1");
    ok(&mut game, "move a-2 charge=b-1");
    advance(&mut game, TO_SHOOTING - TO_MOVEMENT);
    let out = lines(&mut game, "shoot a-1 b-1 close dice=1,1,1");
    assert!(has_line(&out, "-1 firer moved this turn"), "{out:?}");
    let why = refused(&mut game, "shoot a-2 b-1 close dice=6,6,6");
    assert!(why.contains("charging units may not shoot"), "{why}");
}

// --- Who may move, and when ---------------------------------------------------------------

#[test]
fn a_unit_moves_once_a_turn_in_its_own_movement_phase() {
    // *Movement*: each turn the active player may move his units; passive units only
    // retreat or evade.
    let mut game = battle(
        ["france", "britain"],
        &[],
        &[
            foot("a-1", "C", 12, "column"),
            foot("b-1", "C", 12, "column"),
        ],
    );
    let why = refused(&mut game, "move a-1");
    assert!(why.contains("movement phase"), "in the rally phase: {why}");
    advance(&mut game, TO_MOVEMENT);
    let why = refused(&mut game, "move b-1");
    assert!(why.contains("only the active side"), "{why}");
    ok(&mut game, "move a-1");
    let why = refused(&mut game, "move a-1");
    assert!(why.contains("already moved this turn"), "{why}");
    advance(&mut game, 1);
    let why = refused(&mut game, "move a-reserve");
    assert!(
        why.contains("movement phase"),
        "in the shooting phase: {why}"
    );
}

#[test]
fn undo_takes_a_move_back_formation_and_all() {
    // A grade C formation change (0", *Change Formation/Facing*) taken back: the unit is
    // in line again and may move 4 (*Movement Table*, infantry line).
    let mut game = at_movement(&[], &[foot("a-1", "C", 12, "line")]);
    let before = game.state().clone();
    ok(&mut game, "move a-1 form=column");
    assert_eq!(formation(&game, "a-1"), Formation::Column);
    ok(&mut game, "undo");
    assert_eq!(game.state(), &before);
    assert_eq!(formation(&game, "a-1"), Formation::Line);
    assert_eq!(
        lines(&mut game, "move a-1")[0],
        "a-1 (a-1) moves: up to 4\""
    );
}

// --- Evading ------------------------------------------------------------------------------

#[test]
fn passive_skirmishers_and_gunners_evade_up_to_8() {
    // *Evading*: "Skirmishers and gunners may evade ... no more than eight inches.
    // Gunners abandon their guns when they evade."
    let mut game = at_movement(
        &[],
        &[
            foot("a-1", "C", 12, "column"),
            light("b-1", "C", 8, "skirmish"),
            battery("b-2", "field", "C", 8, 4, "unlimbered"),
        ],
    );
    // Evading answers a charge: before one, there is nothing to evade.
    let why = refused(&mut game, "evade b-1");
    assert!(why.contains("no enemy has charged this turn"), "{why}");
    ok(&mut game, "move a-1 charge=b-1");
    let out = lines(&mut game, "evade b-1");
    assert_eq!(out[0], "b-1 (b-1) evades: up to 8\"");
    assert!(game.state().unit("b-1").unwrap().moved_this_turn);
    let out = lines(&mut game, "evade b-2");
    assert_eq!(out[0], "b-2 (b-2) evades: up to 8\"");
    assert!(has_line(&out, "abandon their guns"), "{out:?}");
    let why = refused(&mut game, "evade b-1");
    assert!(why.contains("already evaded"), "{why}");
}

#[test]
fn only_passive_skirmishers_and_gunners_may_evade() {
    // *Evading*: skirmishers and gunners only, and only in answer to the active side.
    let mut game = at_movement(
        &[],
        &[
            light("a-1", "C", 8, "skirmish"),
            foot("b-1", "C", 12, "line"),
            light("b-2", "C", 8, "column"),
        ],
    );
    let why = refused(&mut game, "evade a-1");
    assert!(why.contains("only the passive side evades"), "{why}");
    let why = refused(&mut game, "evade b-1");
    assert!(why.contains("only skirmishers and gunners"), "{why}");
    let why = refused(&mut game, "evade b-2");
    assert!(why.contains("only skirmishers and gunners"), "{why}");
}

#[test]
fn a_move_that_spoils_its_own_charge_is_refused() {
    // *Change Formation/Facing*: a grade C change takes the whole turn, so no charge; *Pinning*:
    // a maneuver within 4" shakes the unit, and shaken units may not charge (*Charging* 5);
    // *Charging* 2 and 3: the charge bonus is straight forward, no wheel or oblique with it;
    // *Charging* 7 judges the formation the unit charges in, after this move's change.
    let mut game = at_movement(
        &["pinning"],
        &[
            foot("a-1", "C", 12, "line"),
            foot("a-2", "B", 12, "column"),
            light("a-3", "A", 8, "line"),
            foot("b-1", "C", 12, "line"),
        ],
    );
    let why = refused(&mut game, "move a-1 charge=b-1 form=column");
    assert!(why.contains("takes the whole turn"), "{why}");
    let why = refused(&mut game, "move a-2 charge=b-1 form=line near");
    assert!(why.contains("shaken units may not charge"), "{why}");
    let why = refused(&mut game, "move a-2 charge oblique");
    assert!(why.contains("straight forward"), "{why}");
    let why = refused(&mut game, "move a-3 charge=b-1 form=skirmish");
    assert!(why.contains("skirmishers may charge guns"), "{why}");
    // Without the charge, the same moves are allowed: 2" left of a grade B column's 4" line.
    let out = lines(&mut game, "move a-2 form=line near");
    assert_eq!(out[0], "a-2 (a-2) moves: up to 2\"");
    assert!(game.state().unit("a-2").unwrap().is_shaken());
}

// --- The charge handed to the combat ------------------------------------------------------

/// Checklist lines as `(subject, concern key)`.
type Items = Vec<(String, &'static str)>;

/// The open and watched checklist lines.
fn checklist(game: &Game) -> (Items, Items) {
    let list = adjutant::game::Checklist::of(game.state());
    let pairs = |items: &[adjutant::game::ChecklistItem]| {
        items
            .iter()
            .map(|i| (i.subject.clone(), i.concern.key()))
            .collect::<Vec<_>>()
    };
    (pairs(&list.open), pairs(&list.watch))
}

#[test]
fn a_charger_fights_the_unit_it_charged_with_combat_and_its_name_alone() {
    // *Charging*: the charge begins the combat and the charger is the attacker, so
    // `combat a-1` fights b-1, the unit it charged, and both have fought their round.
    let mut game = at_movement(
        &[],
        &[foot("a-1", "C", 12, "line"), foot("b-1", "C", 12, "line")],
    );
    ok(&mut game, "move a-1 charge=b-1");
    advance(&mut game, 2);
    let (open, _) = checklist(&game);
    assert_eq!(open, [("a-1".to_owned(), "charged")]);
    let out = lines(&mut game, "combat a-1 dice=1,1,1/1,1,1");
    assert!(has_line(&out, "b-1"), "{out:?}");
    assert!(game.state().unit("a-1").unwrap().fought_this_turn);
    assert!(game.state().unit("b-1").unwrap().fought_this_turn);
    let (open, _) = checklist(&game);
    assert!(open.is_empty(), "{open:?}");
}

#[test]
fn a_charger_may_not_fight_another_unit_than_its_target_unless_the_target_evaded() {
    // *Evading*: the charger may go on into another unit only when its target evaded.
    let mut game = at_movement(
        &[],
        &[
            cavalry("a-1", "light", "C", 12, "line"),
            light("b-1", "C", 8, "skirmish"),
            foot("b-2", "C", 12, "line"),
        ],
    );
    ok(&mut game, "move a-1 charge=b-1");
    let mut fight_b2 = game.clone();
    advance(&mut fight_b2, 2);
    let why = refused(&mut fight_b2, "combat a-1 vs b-2 dice=1,1,1/1,1,1");
    assert!(why.contains("charged b-1"), "{why}");

    ok(&mut game, "evade b-1");
    advance(&mut game, 2);
    let (open, watch) = checklist(&game);
    assert!(open.is_empty(), "{open:?}");
    assert!(
        watch.contains(&("a-1".to_owned(), "charge_evaded")),
        "{watch:?}"
    );
    ok(&mut game, "combat a-1 vs b-2 dice=1,1,1,1/1,1,1");
}

#[test]
fn a_unit_that_charged_is_named_before_vs() {
    // *Charging*: the charger attacks; naming it as the defender is refused.
    let mut game = at_movement(
        &[],
        &[foot("a-1", "C", 12, "line"), foot("b-1", "C", 12, "line")],
    );
    ok(&mut game, "move a-1 charge=b-1");
    advance(&mut game, 2);
    let why = refused(&mut game, "combat b-1 vs a-1 dice=1,1,1/1,1,1");
    assert!(why.contains("before `vs`"), "{why}");
    let why = refused(&mut game, "combat b-1 dice=1,1,1");
    assert!(why.contains("charged no unit"), "{why}");
}

#[test]
fn steady_cavalry_charging_a_line_disorders_it_at_the_move() {
    // *Steadiness and Disorder* 2, ruling 30: contact with steady cavalry disorders
    // infantry not in square; the charge makes the contact.
    let mut game = at_movement(
        &[],
        &[
            cavalry("a-1", "heavy", "B", 12, "line"),
            foot("b-1", "C", 12, "line"),
            foot("b-2", "C", 12, "square"),
        ],
    );
    let mut square = game.clone();
    let out = lines(&mut game, "move a-1 charge=b-1");
    assert!(has_line(&out, "b-1 is disordered"), "{out:?}");
    assert!(disordered(&game, "b-1"));
    ok(&mut square, "move a-1 charge=b-2");
    assert!(!disordered(&square, "b-2"), "a square is not disordered");
}

#[test]
fn a_steady_prussian_line_before_1810_is_not_disordered_by_a_cavalry_charge() {
    // *National Modifiers*, Prussia pre-1810: steady lines are not disordered by cavalry
    // contact. Off, the same line is.
    for (rules, expected) in [(&["national-modifiers"][..], false), (&[][..], true)] {
        let mut game = battle(
            ["france", "prussia-pre-1810"],
            rules,
            &[
                cavalry("a-1", "heavy", "B", 12, "line"),
                foot("b-1", "C", 12, "line"),
            ],
        );
        advance(&mut game, TO_MOVEMENT);
        ok(&mut game, "move a-1 charge=b-1");
        assert_eq!(disordered(&game, "b-1"), expected, "rules {rules:?}");
    }
}

#[test]
fn a_skirmish_screen_covering_columns_advances_at_column_speed() {
    // *Skirmish Movement*: skirmishers move at line rate, 4"; *Skirmish Screens*: a screen
    // covering advancing columns, within 2" of them, may advance at column speed, 6".
    let mut game = at_movement(
        &[],
        &[
            light("a-sk", "C", 8, "skirmish"),
            foot("a-col", "C", 12, "column"),
        ],
    );
    let out = lines(&mut game, "move a-sk");
    assert!(move_line(&out).ends_with("up to 4\""), "{out:?}");
    ok(&mut game, "undo");
    let out = lines(&mut game, "move a-sk screen");
    assert!(move_line(&out).ends_with("up to 6\""), "{out:?}");
    assert!(has_line(&out, "*Skirmish Screens*"), "{out:?}");
    // Only a skirmish screen screens.
    let why = refused(&mut game, "move a-col screen");
    assert!(why.contains("skirmish screen"), "{why}");
}
