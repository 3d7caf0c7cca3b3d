//! *Sound the Charge 1:25*, *Skirmish Screens*, through the CLI: `move … screen=<models>`
//! and `unscreen`, the screen's own fire (`shoot … from-screen`), fire at it
//! (`at-screen`) and through it, and the screen joining its parent when it is attacked or
//! retreats.
//!
//! Played on `tests/data/stc-1-25-movement.toml` (Blue moves first). Every number is worked
//! out from `../shared/rules/sound-the-charge-1-25.txt` and, where it is silent, from
//! `docs/rulings-stc-1-25.md` (R-numbers).

mod common;

use common::cli::{
    act, json_unit as unit, new_save, next_until, refused_by_cli as refused, show_json, to_phase,
};
use std::path::{Path, PathBuf};
use tempfile::TempDir;

const DRILL: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/stc-1-25-movement.toml"
);

fn drill(folder: &TempDir) -> PathBuf {
    let save = new_save(folder.path(), "drill.toml", DRILL, 125);
    act(&save, "next");
    save
}

fn allowance(out: &str) -> &str {
    out.lines()
        .find_map(|l| l.split_once(": up to ").map(|(_, inches)| inches))
        .unwrap_or_else(|| panic!("no allowance in {out}"))
}

/// The unit's screen in `show --json`: its models, 0 with none out.
fn screen(save: &Path, id: &str) -> u64 {
    unit(&show_json(save), id)["screen"].as_u64().unwrap_or(0)
}

fn figures(save: &Path, id: &str) -> u64 {
    unit(&show_json(save), id)["figures"].as_u64().unwrap()
}

#[test]
fn a_screen_goes_out_for_a_quarter_move_and_undo_takes_it_back() {
    // *Skirmish Screens*: sending out a screen costs a quarter move: infantry in line
    // moves 6" (movement table), less 6/4 = 1½", leaves 4½".
    let folder = TempDir::new().unwrap();
    let save = drill(&folder);
    let out = act(&save, "move b-line-c screen=8");
    assert_eq!(allowance(&out), "4½\"", "{out}");
    assert!(
        out.contains("sending out a screen: a quarter move"),
        "{out}"
    );
    assert!(
        out.contains("sends out a skirmish screen of 8 models"),
        "{out}"
    );
    assert_eq!(screen(&save, "b-line-c"), 8);
    assert_eq!(
        figures(&save, "b-line-c"),
        24,
        "the screen is the unit's own"
    );
    let output = common::cli::adjutant()
        .arg("show")
        .arg(&save)
        .output()
        .unwrap();
    let shown = String::from_utf8(output.stdout).unwrap();
    assert!(
        shown.contains("skirmish screen of 8 out (16 in the unit)"),
        "{shown}"
    );
    act(&save, "undo");
    assert_eq!(screen(&save, "b-line-c"), 0);
    // Grade A changes formation for half a move, the screen a quarter more: of a
    // column's 10", 10 × ½ = 5", less 10/4 = 2½", leaves 2½".
    let out = act(&save, "move b-line-a form=column screen=4");
    assert_eq!(allowance(&out), "2½\"", "{out}");
}

#[test]
fn each_condition_of_a_screen_is_refused_with_its_reason() {
    let folder = TempDir::new().unwrap();
    let save = drill(&folder);
    // Screens are a battalion's skirmishers: infantry only (R69).
    let why = refused(&save, "move b-lc screen=4");
    assert!(why.contains("not screen-capable"), "{why}");
    // *Skirmish Screens*: up to 8 models.
    let why = refused(&save, "move b-line-c screen=9");
    assert!(why.contains("1 to 8 models, not 9"), "{why}");
    let why = refused(&save, "move b-light form=skirmish screen=4");
    assert!(why.contains("skirmishes as a whole"), "{why}");
    // Grade C changes formation for a whole move: no quarter is left.
    let why = refused(&save, "move b-line-c form=column screen=4");
    assert!(
        why.contains("nothing is left for the quarter move"),
        "{why}"
    );
    let why = refused(&save, "move b-line-c unscreen");
    assert!(why.contains("no screen out to call in"), "{why}");
    // The screen joins an attacking parent at no cost: none goes out on an attack.
    let why = refused(&save, "move b-line-c charge=r-line screen=4");
    assert!(why.contains("none goes out on an attack"), "{why}");
    let why = refused(&save, "move b-line-c screen=x");
    assert!(why.contains("whole number"), "{why}");
    let why = refused(&save, "move b-line-c screen");
    assert!(why.contains("screen=<models>"), "{why}");
    act(&save, "move b-line-c screen=8");
    let why = refused(&save, "move b-line-c unscreen");
    assert!(why.contains("already moved this turn"), "{why}");
}

#[test]
fn going_into_skirmish_order_calls_the_screen_in_on_the_same_move() {
    // R69: a unit in skirmish order has no close order to screen, so a move that puts it
    // there calls its screen in, and pays the quarter move recovering it costs
    // (*Skirmish Screens*). b-light, grade B light infantry in line, 16 models.
    let folder = TempDir::new().unwrap();
    let save = drill(&folder);
    act(&save, "move b-light screen=4");
    next_until(&save, 3, "movement");
    let why = refused(&save, "move b-light form=skirmish");
    assert!(
        why.contains(
            "b-light cannot go into skirmish order with its screen out: call it in on the \
             same move (`unscreen`)"
        ),
        "{why}"
    );
    assert_eq!(
        screen(&save, "b-light"),
        4,
        "a refused move changes nothing"
    );
    // Infantry in line moves 6"; grade B changes formation for half a move, 3"; the
    // screen comes in for a quarter of the 6", 1½": 1½" left.
    let out = act(&save, "move b-light form=skirmish unscreen");
    assert_eq!(allowance(&out), "1½\"", "{out}");
    assert!(
        out.contains("calling in its screen: a quarter move"),
        "{out}"
    );
    assert_eq!(screen(&save, "b-light"), 0);
    assert_eq!(unit(&show_json(&save), "b-light")["formation"], "skirmish");
}

#[test]
fn a_screen_fires_a_die_per_four_models_and_its_parent_the_rest() {
    // *Firing*: a die per 4 infantry models, a remainder of 3 rounding up. A screen of 8
    // rolls 8/4 = 2 dice; the 16 models left in line roll 16/4 = 4. The screen moved
    // with its parent: muskets close 3-6, moved -1, needs 4+.
    let folder = TempDir::new().unwrap();
    let save = drill(&folder);
    act(&save, "move b-line-c screen=8");
    act(&save, "next");
    let why = refused(&save, "shoot b-line-c r-line close from-screen dice=6,6,6");
    assert!(
        why.contains("b-line-c rolls 2 dice, but 3 were typed"),
        "the screen's 8 models roll 8/4 = 2 dice: {why}"
    );
    let out = act(&save, "shoot b-line-c r-line close from-screen dice=6,1");
    assert!(out.contains("its skirmish screen, 8 models"), "{out}");
    assert!(out.contains("1 hit on r-line"), "{out}");
    // The screen and its parent are one unit's fire: the second needs split= (R73),
    // and together they roll no more than 2 + 4 = 6 dice.
    let why = refused(&save, "shoot b-line-c r-line close dice=6,6,6,6");
    assert!(why.contains("split="), "{why}");
    let out = act(&save, "shoot b-line-c r-line close split=16 dice=4,4,1,1");
    assert!(out.contains("2 hits on r-line"), "{out}");
    act(&save, "undo");
    act(&save, "undo");
    let why = refused(&save, "shoot b-line-a r-line close from-screen dice=6");
    assert!(why.contains("no skirmish screen out to fire"), "{why}");
}

#[test]
fn fire_at_a_screen_hits_the_parent_without_a_test_and_fire_at_the_parent_goes_through_it() {
    let folder = TempDir::new().unwrap();
    let save = drill(&folder);
    act(&save, "move b-line-c screen=8");
    next_until(&save, 2, "shooting");
    // Red's shooting phase, turn 2. Red skirmishers, 12 models: 12/4 = 3 dice. At the
    // screen: muskets close 3-6, vs skirmishers -2, needs 5+; three hits go against the
    // parent (24 → 21) and, though 2 or more, cause no fire test (*Skirmish Screens*).
    let out = act(&save, "shoot r-skirm b-line-c close at-screen dice=5,6,6");
    assert!(out.contains("3 hits on b-line-c's screen"), "{out}");
    assert!(out.contains("no fire test"), "{out}");
    assert_eq!(figures(&save, "b-line-c"), 21);
    assert_eq!(
        screen(&save, "b-line-c"),
        8,
        "the screen keeps its models (R72)"
    );
    assert_eq!(
        unit(&show_json(&save), "b-line-c")["owes_test"].as_bool(),
        None
    );
    act(&save, "undo");
    // At the parent: through its screen -1 (R73), needs 4+.
    let out = act(&save, "shoot r-skirm b-line-c close dice=4,4,3");
    assert!(out.contains("through b-line-c's skirmish screen"), "{out}");
    assert!(
        out.contains("2 hits on b-line-c: it takes a fire test"),
        "{out}"
    );
    // A failed test sends it back: its screen falls back into it (R71).
    act(&save, "test b-line-c roll=1");
    assert_eq!(screen(&save, "b-line-c"), 0);
}

#[test]
fn an_attack_brings_the_screen_in_at_once() {
    // *Skirmish Screens*: if the parent is attacked the screen joins it at no cost.
    let folder = TempDir::new().unwrap();
    let save = drill(&folder);
    act(&save, "move b-line-c screen=6");
    next_until(&save, 2, "movement");
    let out = act(&save, "move r-line charge=b-line-c");
    assert!(
        out.contains("b-line-c (Line C)'s skirmish screen rejoins it"),
        "{out}"
    );
    assert_eq!(screen(&save, "b-line-c"), 0);
    act(&save, "undo");
    assert_eq!(screen(&save, "b-line-c"), 6);
}

#[test]
fn the_original_refuses_the_1_25_screen_words() {
    let folder = TempDir::new().unwrap();
    let save = new_save(folder.path(), "orig.toml", "quatre-bras", 1);
    to_phase(&save, "movement");
    let state = show_json(&save);
    let active = state["active"].as_str().unwrap().to_owned();
    let id = state["units"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["side"] == active.as_str())
        .unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let why = refused(&save, &format!("move {id} screen=4"));
    assert!(why.contains("Sound the Charge 1:25's screens"), "{why}");
}
