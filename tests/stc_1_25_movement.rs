//! *Sound the Charge 1:25* (Wes Rogers), the movement phase through the CLI: `move` by the
//! 1:25 movement table and maneuver costs, the optional *Limited Control* roll
//! (`control`), evades rolled in inches and voluntary retreats.
//!
//! Played on `tests/data/stc-1-25-movement.toml` (Limited Control on; Blue moves first,
//! its general riding with `b-line-a`) and on the built-in `barrosa`. Every number is
//! worked out from `../shared/rules/sound-the-charge-1-25.txt` and, where it is silent,
//! from `docs/rulings-stc-1-25.md` (R-numbers).

mod common;

use common::cli::{
    act, json_unit as unit, new_save, next_until, refused_by_cli as refused, show_json,
};
use std::path::{Path, PathBuf};
use tempfile::TempDir;

const DRILL: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/stc-1-25-movement.toml"
);

/// A new drill game in turn 1's movement phase (the turn opens with the rally phase).
fn drill(folder: &TempDir) -> PathBuf {
    let save = new_save(folder.path(), "drill.toml", DRILL, 125);
    let out = act(&save, "next");
    assert!(out.contains("Turn 1, Blue: movement phase"), "{out}");
    save
}

/// The allowance a move, evade or retreat printed: the text after "up to ".
fn allowance(out: &str) -> &str {
    out.lines()
        .find_map(|l| l.split_once(": up to ").map(|(_, inches)| inches))
        .unwrap_or_else(|| panic!("no allowance in {out}"))
}

fn field(save: &Path, id: &str, name: &str) -> serde_json::Value {
    unit(&show_json(save), id)[name].clone()
}

#[test]
fn the_movement_table_gives_each_troop_type_its_rate() {
    // *Turn Sequence and Movement*, the table: infantry line 6", column 10"; LC column 20";
    // horse guns limbered 20"; squares 3", grade D squares not at all.
    let folder = TempDir::new().unwrap();
    let save = drill(&folder);
    let out = act(&save, "move b-line-c");
    assert_eq!(allowance(&out), "6\"", "{out}");
    assert!(
        out.contains("6\" infantry in line (movement table)"),
        "{out}"
    );
    assert_eq!(field(&save, "b-line-c", "formation"), "line");
    assert_eq!(allowance(&act(&save, "move b-col-c")), "10\"");
    assert_eq!(allowance(&act(&save, "move b-lc")), "20\"");
    let out = act(&save, "move b-horse-guns");
    assert_eq!(allowance(&out), "20\"", "{out}");
    assert!(out.contains("horse guns limbered"), "{out}");
    let why = refused(&save, "move b-square-d");
    assert!(why.contains("grade D square: it cannot move"), "{why}");
    // Once a turn, as in the original.
    let why = refused(&save, "move b-line-c");
    assert!(why.contains("already moved this turn"), "{why}");
}

#[test]
fn a_charge_is_half_as_fast_again_and_tells_the_target_it_may_evade() {
    // *Turn Sequence and Movement*: charge speed 1.5x: a column's 10" is 15", LC column's
    // 20" is 30". Skirmishers must evade close-order attacks, 2D6" (*Skirmishers*).
    let folder = TempDir::new().unwrap();
    let save = drill(&folder);
    let out = act(&save, "move b-col-c charge=r-line");
    assert_eq!(allowance(&out), "15\"", "{out}");
    assert!(out.contains("+5\" charge speed: 1.5× normal"), "{out}");
    assert!(out.contains("charges r-line"), "{out}");
    assert_eq!(field(&save, "r-line", "formation"), "line");
    let out = act(&save, "move b-lc charge=r-skirm");
    assert_eq!(allowance(&out), "30\"", "{out}");
    assert!(
        out.contains("r-skirm must evade a close-order attack 2D6\""),
        "{out}"
    );
    // R19: guns do not attack, and a charge is not combined with road speed.
    let why = refused(&save, "move b-horse-guns charge=r-line");
    assert!(why.contains("guns do not attack"), "{why}");
    let why = refused(&save, "move b-line-a charge=r-line road");
    assert!(why.contains("not road speed"), "{why}");
}

#[test]
fn formation_changes_cost_half_a_move_for_grade_a_and_a_whole_one_for_grade_c() {
    // *Change formation and/or facing*: grade A-B half a move, so a line forming column
    // moves half the column's 10": 5". Grade C a full move: 0" left, the change logged.
    let folder = TempDir::new().unwrap();
    let save = drill(&folder);
    let out = act(&save, "move b-line-a form=column");
    assert_eq!(allowance(&out), "5\"", "{out}");
    assert!(out.contains("grade A: half a move"), "{out}");
    assert!(out.contains("is now in column"), "{out}");
    assert_eq!(field(&save, "b-line-a", "formation"), "column");
    assert_eq!(field(&save, "b-line-a", "disordered"), false);
    let out = act(&save, "move b-line-c form=column");
    assert_eq!(allowance(&out), "0\"", "{out}");
    assert!(out.contains("grade C: a full move"), "{out}");
    assert_eq!(field(&save, "b-line-c", "formation"), "column");
    assert_eq!(field(&save, "b-line-c", "disordered"), false);
}

#[test]
fn grade_d_ends_a_formation_change_disordered() {
    // *Change formation and/or facing*: a full move for grade D, which ends disordered.
    // Limbering is half a move for any grade (R17): horse guns' 20" limbered rate is what
    // they move in after limbering, halved: 10".
    let folder = TempDir::new().unwrap();
    let save = drill(&folder);
    let out = act(&save, "move b-line-d form=column");
    assert_eq!(allowance(&out), "0\"", "{out}");
    assert!(
        out.contains("disordered: grade D: a full move, ends disordered"),
        "{out}"
    );
    assert_eq!(field(&save, "b-line-d", "formation"), "column");
    assert_eq!(field(&save, "b-line-d", "disordered"), true);
    act(&save, "form b-horse-guns unlimbered");
    let out = act(&save, "move b-horse-guns form=limbered");
    assert_eq!(allowance(&out), "10\"", "{out}");
    assert_eq!(field(&save, "b-horse-guns", "disordered"), false);
}

#[test]
fn a_two_turn_maneuver_stands_disordered_until_its_second_turn_ends() {
    // *Change formation and/or facing*: a shaken grade C unit pays double, two full moves:
    // it takes its new formation at once and stands in disorder until its two active
    // turns (1 and 3) have passed (R18, R62); it began in order, so it ends in order.
    let folder = TempDir::new().unwrap();
    let save = drill(&folder);
    act(&save, "shaken b-col-c");
    let out = act(&save, "move b-col-c form=line");
    assert_eq!(allowance(&out), "0\"", "{out}");
    assert!(out.contains("started unsteady: cost doubled"), "{out}");
    assert!(
        out.contains("stands in disorder until the end of turn 3"),
        "{out}"
    );
    let state = show_json(&save);
    assert_eq!(unit(&state, "b-col-c")["formation"], "line");
    assert_eq!(unit(&state, "b-col-c")["disordered"], true);
    assert_eq!(unit(&state, "b-col-c")["maneuvering"]["until_turn"], 3);
    next_until(&save, 3, "movement");
    let why = refused(&save, "move b-col-c");
    assert!(why.contains("still changing formation"), "{why}");
    assert!(why.contains("end of turn 3"), "{why}");
    let out = {
        act(&save, "next");
        act(&save, "next");
        act(&save, "next")
    };
    assert!(
        out.contains("has completed its change of formation and is in order"),
        "{out}"
    );
    let state = show_json(&save);
    assert_eq!(unit(&state, "b-col-c")["disordered"], false);
    assert!(unit(&state, "b-col-c").get("maneuvering").is_none());
}

#[test]
fn roads_obliques_woods_and_friends_change_the_allowance() {
    // *Roads*: a column 1.5x, 15"; a line gains nothing and is refused. *Sidestep,
    // backstep, oblique*: half speed, a line 3". *Woods*: half speed and disordered, a
    // column 5". *Pass through a friend*: half speed (10" column: 5"), or full speed with
    // both disordered (`intermixed=`, R64).
    let folder = TempDir::new().unwrap();
    let save = drill(&folder);
    let out = act(&save, "move b-col-c road");
    assert_eq!(allowance(&out), "15\"", "{out}");
    let why = refused(&save, "move b-line-c road");
    assert!(why.contains("only a column or limbered guns"), "{why}");
    assert_eq!(allowance(&act(&save, "move b-line-c oblique")), "3\"");
    let out = act(&save, "move b-light terrain=light-woods");
    assert_eq!(allowance(&out), "3\"", "{out}");
    assert_eq!(field(&save, "b-light", "disordered"), true);
    let why = refused(&save, "move b-lc terrain=heavy-woods");
    assert!(why.contains("impassable to cavalry"), "{why}");
    let why = refused(&save, "move b-lc through intermixed=b-line-a");
    assert!(why.contains("not both"), "{why}");
    let out = act(&save, "move b-lc intermixed=b-line-a");
    assert_eq!(allowance(&out), "20\"", "{out}");
    let state = show_json(&save);
    assert_eq!(unit(&state, "b-lc")["disordered"], true);
    assert_eq!(unit(&state, "b-line-a")["disordered"], true);
}

#[test]
fn the_originals_move_words_are_refused_under_1_25() {
    // Pinning, boats, battalion-masse, the original's moving screen and its Spanish charge
    // die have no 1:25 meaning (R68); nothing changes.
    let folder = TempDir::new().unwrap();
    let save = drill(&folder);
    for (line, says) in [
        ("move b-line-c near", "Pinning"),
        ("move b-line-c upstream", "no boats"),
        ("move b-col-c masse", "battalion-masse"),
        ("move b-col-c unmasse", "battalion-masse"),
        ("move b-light screen", "Skirmish Screens"),
        ("move b-lc charge=r-line roll=3", "control <unit> roll=d"),
    ] {
        let why = refused(&save, line);
        assert!(why.contains("not a Sound the Charge 1:25 move"), "{why}");
        assert!(why.contains(says), "{line}: {why}");
    }
    assert_eq!(field(&save, "b-line-c", "formation"), "line");
    // The 1:25 words are read: a backward wheel is a backstep (R20), half of 6": 3".
    assert_eq!(allowance(&act(&save, "move b-line-c backwheel")), "3\"");
}

// --- Limited Control (optional) -----------------------------------------------------------

#[test]
fn a_failed_control_roll_bars_the_move_until_the_next_turn() {
    // *Limited Control*: no general within 16" at the turn's start: move only on 4-6. A 3
    // fails: `move` is refused naming the roll, so is a voluntary retreat (R65); a 4
    // passes. The unit's next turn it may move again.
    let folder = TempDir::new().unwrap();
    let save = drill(&folder);
    let out = act(&save, "control b-line-c roll=3");
    assert!(
        out.contains("4+ on the chart (no general within 16\""),
        "{out}"
    );
    assert!(out.contains("FAILED: it may not move this turn"), "{out}");
    assert_eq!(
        field(&save, "b-line-c", "control"),
        serde_json::json!({"failed": 3})
    );
    let why = refused(&save, "move b-line-c");
    assert!(why.contains("failed its limited-control roll"), "{why}");
    assert!(why.contains("rolled 3, needed 4-6"), "{why}");
    let why = refused(&save, "retreat b-line-c");
    assert!(why.contains("rolled 3"), "{why}");
    let why = refused(&save, "control b-line-c roll=6");
    assert!(why.contains("one roll a turn"), "{why}");
    let out = act(&save, "control b-col-c roll=4");
    assert!(out.contains("passed: it may move this turn"), "{out}");
    assert_eq!(allowance(&act(&save, "move b-col-c")), "10\"");
    next_until(&save, 3, "movement");
    assert!(field(&save, "b-line-c", "control").is_null());
    assert_eq!(allowance(&act(&save, "move b-line-c")), "6\"");
}

#[test]
fn control_is_refused_where_the_rule_does_not_ask_for_it() {
    // A unit with its general rides within 16": no roll. The passive side does not roll,
    // nor a unit that has moved; typed faces must be dice; outside the movement phase
    // there is no roll.
    let folder = TempDir::new().unwrap();
    let save = drill(&folder);
    let why = refused(&save, "control b-line-a");
    assert!(why.contains("moves without a roll"), "{why}");
    let why = refused(&save, "control r-line roll=5");
    assert!(why.contains("only the active side"), "{why}");
    let why = refused(&save, "control b-line-c roll=7");
    assert!(why.contains('7'), "{why}");
    act(&save, "move b-col-c");
    let why = refused(&save, "control b-col-c roll=5");
    assert!(why.contains("roll comes before the move"), "{why}");
    act(&save, "next");
    let why = refused(&save, "control b-line-c roll=5");
    assert!(why.contains("movement phase"), "{why}");
}

#[test]
fn control_needs_the_optional_rule_and_the_1_25_ruleset() {
    // Limited Control is optional: a 1:25 scenario without it has no roll. The original
    // has no `control` word at all, nor evade dice.
    let folder = TempDir::new().unwrap();
    let text = std::fs::read_to_string(DRILL).unwrap();
    let plain = folder.path().join("no-control.toml");
    std::fs::write(
        &plain,
        text.replace("optional_rules = [\"limited-control\"]\n", ""),
    )
    .unwrap();
    let save = new_save(folder.path(), "plain.toml", plain.to_str().unwrap(), 1);
    act(&save, "next");
    let why = refused(&save, "control b-line-c roll=2");
    assert!(why.contains("Limited Control rule is not in play"), "{why}");
    assert_eq!(allowance(&act(&save, "move b-line-c")), "6\"");
    let original = new_save(folder.path(), "qb.toml", "quatre-bras", 3);
    let why = refused(&original, "control fr-61 roll=2");
    assert!(why.contains("not a Sound the Charge command"), "{why}");
    let why = refused(&original, "evade fr-61 dice=3,4");
    assert!(why.contains("no dice="), "{why}");
}

// --- Evading --------------------------------------------------------------------------

#[test]
fn evaders_move_the_inches_their_dice_add_up_to() {
    // *Skirmishers*: skirmishers evade 2D6": 3 + 5 = 8". *Attacking Artillery*: limbered
    // horse guns 3D6": 6 + 5 + 4 = 15"; foot gunners 2D6": 2 + 2 = 4" (R23). Only after
    // an attack this turn, only skirmishers and gunners, with the right number of dice.
    let folder = TempDir::new().unwrap();
    let save = drill(&folder);
    let why = refused(&save, "evade r-skirm dice=3,5");
    assert!(why.contains("no enemy has charged"), "{why}");
    act(&save, "move b-lc charge=r-skirm");
    let out = act(&save, "evade r-skirm dice=3,5");
    assert_eq!(allowance(&out), "8\"", "{out}");
    assert!(out.contains("players' dice: 3 5"), "{out}");
    assert!(out.contains("skirmishers evade 2D6\""), "{out}");
    assert!(out.contains("3 + 5 = 8\""), "{out}");
    let why = refused(&save, "evade r-horse-guns dice=6,5");
    assert!(why.contains("rolls 3 dice, but 2 were typed"), "{why}");
    let out = act(&save, "evade r-horse-guns dice=6,5,4");
    assert_eq!(allowance(&out), "15\"", "{out}");
    let out = act(&save, "evade r-foot-guns dice=2,2");
    assert_eq!(allowance(&out), "4\"", "{out}");
    assert!(out.contains("run without their guns"), "{out}");
    let why = refused(&save, "evade r-line dice=3,3");
    assert!(
        why.contains("only skirmishers and gunners may evade"),
        "{why}"
    );
    let why = refused(&save, "evade r-skirm dice=1,1");
    assert!(why.contains("already evaded"), "{why}");
}

#[test]
fn an_evade_the_app_rolls_adds_its_own_two_dice() {
    // 2D6" thrown from the game's dice: the inches are the two faces shown, added.
    let folder = TempDir::new().unwrap();
    let save = new_save(folder.path(), "barrosa.toml", "barrosa", 7);
    act(&save, "next");
    act(&save, "move br-67 charge=fr-battery");
    let out = act(&save, "evade fr-battery");
    let faces: u32 = out
        .lines()
        .find_map(|l| l.trim().strip_prefix("rolled: "))
        .unwrap_or_else(|| panic!("no faces in {out}"))
        .split_whitespace()
        .map(|f| f.parse::<u32>().unwrap())
        .sum();
    assert!((2..=12).contains(&faces), "{out}");
    assert_eq!(allowance(&out), format!("{faces}\""), "{out}");
}

// --- Voluntary retreats -------------------------------------------------------------------

#[test]
fn a_voluntary_retreat_costs_line_infantry_two_rout_hits_and_light_infantry_none() {
    // *Retreat Moves*: active units not in combat may retreat voluntarily, 6-24", with 2
    // rout hits, shaken; light infantry and LC take no rout hits but are still shaken.
    // Not an optional rule in 1:25. Squares end in column.
    let folder = TempDir::new().unwrap();
    let save = drill(&folder);
    let out = act(&save, "retreat b-line-c");
    assert_eq!(allowance(&out), "24\"", "{out}");
    assert!(out.contains("6\" to 24\" away from the enemy"), "{out}");
    assert!(out.contains("2 rout hits"), "{out}");
    let state = show_json(&save);
    assert_eq!(unit(&state, "b-line-c")["figures"], 22);
    assert_eq!(unit(&state, "b-line-c")["rout_hits"], 2);
    assert_eq!(unit(&state, "b-line-c")["morale"], "shaken");
    let out = act(&save, "retreat b-light");
    assert!(out.contains("0 rout hits"), "{out}");
    act(&save, "retreat b-lc");
    let state = show_json(&save);
    assert_eq!(unit(&state, "b-light")["figures"], 16);
    assert_eq!(unit(&state, "b-light")["morale"], "shaken");
    assert_eq!(unit(&state, "b-lc")["figures"], 12);
    assert_eq!(unit(&state, "b-lc")["morale"], "shaken");
    act(&save, "retreat b-square-d");
    let state = show_json(&save);
    assert_eq!(unit(&state, "b-square-d")["formation"], "column");
    assert_eq!(unit(&state, "b-square-d")["figures"], 22);
}

#[test]
fn retreating_guns_limber_and_only_the_active_side_retreats_at_will() {
    // *Retreat Moves*: retreating artillery limbers for free. The passive side makes no
    // voluntary retreat, and a unit that moved has had its move.
    let folder = TempDir::new().unwrap();
    let save = drill(&folder);
    act(&save, "form b-horse-guns unlimbered");
    let out = act(&save, "retreat b-horse-guns");
    assert!(out.contains("limber for free"), "{out}");
    assert_eq!(field(&save, "b-horse-guns", "formation"), "limbered");
    assert_eq!(field(&save, "b-horse-guns", "figures"), 6);
    let why = refused(&save, "retreat r-line");
    assert!(why.contains("only the active side"), "{why}");
    act(&save, "move b-col-c");
    let why = refused(&save, "retreat b-col-c");
    assert!(why.contains("already moved"), "{why}");
}

#[test]
fn reforming_from_disorder_takes_the_whole_move() {
    // *Rallying and Reforming*: reforming from disorder costs a full move, and a unit
    // that failed its rally may still reform.
    let folder = TempDir::new().unwrap();
    let save = drill(&folder);
    act(&save, "disorder b-line-c");
    let why = refused(&save, "move b-line-c reform road");
    assert!(why.contains("no other word"), "{why}");
    let out = act(&save, "move b-line-c reform");
    assert_eq!(allowance(&out), "0\" (it reforms)", "{out}");
    assert!(out.contains("reform from disorder: a full move"), "{out}");
    assert_eq!(field(&save, "b-line-c", "disordered"), false);
    // The move is spent.
    let why = refused(&save, "move b-line-c");
    assert!(why.contains("already moved"), "{why}");
    // Nothing to reform in a steady unit; the original reforms in its own phase.
    let why = refused(&save, "move b-line-a reform");
    assert!(why.contains("not disordered"), "{why}");
}

#[test]
fn the_original_reforms_in_its_reform_phase_not_by_a_move() {
    let folder = TempDir::new().unwrap();
    let save = new_save(folder.path(), "qb.toml", "quatre-bras", 1815);
    act(&save, "next");
    let why = refused(&save, "move fr-61 reform");
    assert!(why.contains("reform phase"), "{why}");
}

#[test]
fn a_charge_owes_its_round_without_the_originals_disorder_for_falling_short() {
    // 1:25 has no rule disordering a charge that never made contact (the original's
    // *Steadiness and Disorder* 5), so the checklist does not threaten one.
    let folder = TempDir::new().unwrap();
    let save = new_save(folder.path(), "barrosa.toml", "barrosa", 1811);
    act(&save, "next");
    act(&save, "move br-67 charge=fr-96");
    act(&save, "next");
    act(&save, "next");
    let state = show_json(&save);
    let open = state["checklist"]["open"].to_string();
    assert!(open.contains("charged"), "{open}");
    assert!(!open.contains("disordered"), "{open}");
    act(&save, "next");
    assert_eq!(field(&save, "br-67", "disordered"), false);
}
