//! *Sound the Charge 1:25*: firing, the fire test, the rally and *Caught with pants down*
//! on the built-in `barrosa` scenario, played through the CLI with the players' dice.
//!
//! Every expected number is worked out from the text
//! (`../shared/rules/sound-the-charge-1-25.txt`, its *Firing* section and playsheet) and,
//! where it is unclear, from `docs/rulings-stc-1-25.md` (R-numbers cited).
//!
//! - Turn 1, British: the 95th's rifles hit the 24e twice (a die per 3 two-rank models:
//!   4 dice at 5+); the 24e passes its fire test with Ruffin's help. Duncan's guns put 4
//!   ballshot hits on the 96e's column; it fails its test: 2 rout hits, shaken, 6-24".
//! - Turn 2, French: the 24e fires at the skirmishing 95th needing 7 (a 6, then 4+):
//!   three 6s, and two of their second dice hit.
//!   Ruffin's battery puts 4 canister hits on the Guards: Graham is killed on a 1, and
//!   the Guards fail their test.
//! - Turn 3, British: the Guards rally; the grenadiers, attacked the turn after they
//!   formed line, are caught with their pants down, and fail their fire test with the -2
//!   for that change the app knows by itself.

mod common;

use common::cli::{
    act, json_unit as unit, new_save, refused_by_cli as refused, show_json, to_phase,
};
use serde_json::Value;
use std::path::Path;
use tempfile::TempDir;

fn figures(state: &Value, id: &str) -> u64 {
    unit(state, id)["figures"].as_u64().unwrap()
}

fn morale(state: &Value, id: &str) -> String {
    unit(state, id)["morale"].as_str().unwrap().to_owned()
}

fn owes_test(state: &Value, id: &str) -> bool {
    unit(state, id)["owes_test"].as_bool().unwrap_or(false)
}

/// `line`'s output, then `undo`: a throw tried with a score the test does not keep, to show
/// where the pass mark lies before throwing the score the story goes on with.
fn tried(save: &Path, line: &str) -> String {
    let out = act(save, line);
    assert!(act(save, "undo").contains("undone:"), "{line}");
    out
}

fn barrosa(folder: &TempDir) -> std::path::PathBuf {
    new_save(folder.path(), "barrosa.toml", "barrosa", 1811)
}

#[test]
fn three_turns_of_fire_at_barrosa_with_the_players_dice() {
    let folder = TempDir::new().unwrap();
    let save = barrosa(&folder);
    assert_eq!(show_json(&save)["phase"], "rally");
    british_fire_turn_one(&save);
    french_fire_turn_two(&save);
    british_turn_three(&save);
}

fn british_turn_one_rifles(save: &Path) {
    // *Firing*, *2-Rank Line*: 12 two-rank models roll a die per 3 = 4 dice. Rifles at
    // 12" are at far range (8" to 16"): 6 on the table, +1 grade A rifles = 5+. The 5
    // and 6 hit, the 4 does not: 2 hits (3 at 4+, 1 at 6+).
    let out = act(save, "shoot br-95 fr-24 12 dice=5,6,4,1");
    assert!(out.contains("4 dice"), "{out}");
    assert!(out.contains("rifles at far range"), "{out}");
    assert!(out.contains("needs 5+"), "{out}");
    assert!(out.contains("2 hits on fr-24"), "{out}");
    let state = show_json(save);
    assert_eq!(figures(&state, "fr-24"), 26);
    // *Firing*: 2 or more hits call for a fire test.
    assert!(owes_test(&state, "fr-24"));
    let open = state["checklist"]["open"].to_string();
    assert!(open.contains("owes a fire test (`test fr-24`)"), "{open}");
    // *Fire Test*: grade C 2, 2 hits -1, general with unit +1: 2+. A 1 fails, a 2 passes.
    let out = tried(save, "test fr-24 roll=1");
    assert!(out.contains("needs 2+") && out.contains("FAILED"), "{out}");
    let out = act(save, "test fr-24 roll=2");
    assert!(out.contains("needs 2+"), "{out}");
    assert!(out.contains("passed"), "{out}");
    assert!(!owes_test(&show_json(save), "fr-24"));
}

fn british_fire_turn_one(save: &Path) {
    to_phase(save, "shooting");
    british_turn_one_rifles(save);
    // *Firing*: 12 crew models roll a die per 2 = 6 dice. Field ballshot reaches 24" at
    // close range (canister only 16"): 5 on the table, +1 grade B, +1 ballshot at a
    // dense target (a column is 2+ ranks deep) = 3+.
    let out = act(save, "shoot br-duncan fr-96 20 dice=6,6,3,6,2,1");
    assert!(out.contains("6 dice"), "{out}");
    assert!(out.contains("field ballshot at close range"), "{out}");
    assert!(out.contains("ballshot at a dense target"), "{out}");
    assert!(out.contains("needs 3+"), "{out}");
    assert!(out.contains("4 hits on fr-96"), "{out}");
    // Its fire test comes before any more fire at it.
    let why = refused(save, "shoot br-67 fr-96 6");
    assert!(why.contains("`test fr-96` first"), "{why}");
    // *Fire Test*: grade C 2, 4 hits -2 = 4+. A 4 would pass; a 3 fails: retreat with 2
    // rout hits.
    let out = tried(save, "test fr-96 roll=4");
    assert!(out.contains("needs 4+") && out.contains("passed"), "{out}");
    let out = act(save, "test fr-96 roll=3");
    assert!(out.contains("needs 4+"), "{out}");
    assert!(
        out.contains("FAILED: retreats 6-24\", shaken, 2 rout hits"),
        "{out}"
    );
    let state = show_json(save);
    assert_eq!(figures(&state, "fr-96"), 28 - 4 - 2);
    assert_eq!(morale(&state, "fr-96"), "shaken");
    // A shaken unit does not fire until it rallies.
    act(save, "next");
    act(save, "next");
    to_phase(save, "movement");
    // The grenadiers deploy into line: the log sees the change (turn 2).
    act(save, "move fr-grenadiers form=line");
    to_phase(save, "shooting");
    let why = refused(save, "shoot fr-96 br-67 4");
    assert!(why.contains("shaken"), "{why}");
}

fn french_fire_turn_two(save: &Path) {
    assert_eq!(show_json(save)["active"], "france");
    // 26 models left: a die per 4, a last 2 not counting = 6 dice. Muskets at 8" are at far range: 5 on the table,
    // -2 at skirmishers = 7: a 6, then 4-6 on a second die (playsheet, last line). The 5
    // earns no second die; of the three, the 3 misses and the 4 and 5 hit: 2 hits.
    let why = refused(save, "shoot fr-24 br-95 8 dice=6,6,6,5,1,3");
    assert!(why.contains("a 6, then 4+"), "{why}");
    assert!(why.contains("then=<die> for each of the 3 sixes"), "{why}");
    let why = refused(save, "shoot fr-24 br-95 8 dice=6,6,6,5,1,3 then=4,3");
    assert!(why.contains("rolls 3 dice, but 2 were typed"), "{why}");
    let out = act(save, "shoot fr-24 br-95 8 dice=6,6,6,5,1,3 then=4,3,5");
    assert!(out.contains("6 dice"), "{out}");
    assert!(out.contains("needs a 6, then 4+"), "{out}");
    assert!(out.contains("6 6 6 5 1 3 then 4 3 5"), "{out}");
    assert!(out.contains("2 hits on br-95"), "{out}");
    // *Fire Test*: grade A 0, 2 hits -1: a 1 is enough: any roll passes.
    let out = act(save, "test br-95 roll=1");
    assert!(out.contains("needs any roll"), "{out}");
    assert!(out.contains("passed"), "{out}");
    graham_falls(save);
}

fn graham_falls(save: &Path) {
    // Field canister reaches 16": 3 on the table, grade C nothing = 3+; 6 dice: the 3, 4,
    // 5 and 6 hit, the 2 and 1 do not.
    // *Danger to Generals*: 4 hits put Graham, riding with the Guards, at risk; he is
    // killed on a 1, so a 2 spares him.
    let why = refused(save, "shoot fr-battery br-guards 14 dice=3,4,5,6,2,1");
    assert!(why.contains("Graham (with br-guards) at risk"), "{why}");
    let out = tried(save, "shoot fr-battery br-guards 14 dice=3,4,5,6,2,1 gen=2");
    assert!(
        out.contains("4 hits on br-guards") && out.contains("→ unhurt"),
        "{out}"
    );
    let out = act(save, "shoot fr-battery br-guards 14 dice=3,4,5,6,2,1 gen=1");
    assert!(
        out.contains("3+ on the chart (field canister at close range)"),
        "{out}"
    );
    assert!(out.contains("4 hits on br-guards"), "{out}");
    assert!(out.contains("KILLED"), "{out}");
    let state = show_json(save);
    assert_eq!(figures(&state, "br-guards"), 20);
    // *Fire Test*: grade A 0, 4 hits -2 = 2+, and no general now to help. A 2 would pass;
    // a 1 fails.
    let out = tried(save, "test br-guards roll=2");
    assert!(out.contains("needs 2+") && out.contains("passed"), "{out}");
    let out = act(save, "test br-guards roll=1");
    assert!(out.contains("needs 2+"), "{out}");
    assert!(!out.contains("general with unit"), "{out}");
    assert!(out.contains("FAILED"), "{out}");
    let state = show_json(save);
    assert_eq!(figures(&state, "br-guards"), 18);
    assert_eq!(morale(&state, "br-guards"), "shaken");
}

fn british_turn_three(save: &Path) {
    to_phase(save, "rally");
    assert_eq!(show_json(save)["active"], "britain");
    // *Rally from Shaken*: grade A 1, visible enemy able to charge -2 = 3+: a 2 fails, a
    // 3 rallies.
    let why = refused(save, "rally br-guards cover roll=3");
    assert!(why.contains("threat"), "{why}");
    let out = tried(save, "rally br-guards threat roll=2");
    assert!(
        out.contains("needs 3+") && !out.contains("RALLIED"),
        "{out}"
    );
    let out = act(save, "rally br-guards threat roll=3");
    assert!(out.contains("needs 3+"), "{out}");
    assert!(out.contains("RALLIED"), "{out}");
    assert_eq!(morale(&show_json(save), "br-guards"), "good");
    to_phase(save, "movement");
    caught_turn_three(save);
    to_phase(save, "shooting");
    fire_tests_and_the_change_of_formation(save);
}

fn caught_turn_three(save: &Path) {
    // *Caught with pants down*: only a unit that changed formation or facing on its last
    // turn. The log saw no change by the 24e, so the referee must say it faced about.
    let why = refused(save, "caught fr-24 roll=3");
    assert!(why.contains("changed no formation"), "{why}");
    // Grade A troops that changed in the first half of their move ignore it.
    let why = refused(save, "caught fr-grenadiers early");
    assert!(why.contains("ignore"), "{why}");
    // So does artillery, whatever its grade.
    let why = refused(save, "caught fr-battery facing early");
    assert!(why.contains("artillery"), "{why}");
    let why = refused(save, "caught br-67 facing");
    assert!(why.contains("active side"), "{why}");
    // Shaken on 1-3: a 3 shakes the grenadiers, who formed line last turn.
    let out = act(save, "caught fr-grenadiers roll=3");
    assert!(out.contains("the turn after changing formation"), "{out}");
    assert!(out.contains("SHAKEN"), "{out}");
    assert_eq!(morale(&show_json(save), "fr-grenadiers"), "shaken");
    // A 4 keeps the 24e's nerve after its (referee-seen) change of facing.
    let out = act(save, "caught fr-24 facing roll=4");
    assert!(out.contains("keeps its nerve"), "{out}");
}

fn fire_tests_and_the_change_of_formation(save: &Path) {
    // The Guards, 18 models left: a die per 4 = 4 dice; muskets at 6" are far range
    // (4" to 8"): 5, +2 grade A = 3+. The 3 and 4 hit, the 2 and 1 do not: 2 hits.
    let out = act(save, "shoot br-guards fr-grenadiers 6 dice=3,4,1,2");
    assert!(out.contains("4 dice") && out.contains("needs 3+"), "{out}");
    assert!(out.contains("2 hits on fr-grenadiers"), "{out}");
    assert!(out.contains("the fire came from 8\" or less"), "{out}");
    // *Fire Test*: grade A 0; 2 hits -1; changed formation last turn and shot at from
    // 8" or less -2, which the app knows by itself; shaken -2: 5+. A 4 fails, and a unit
    // already shaken takes 4 rout hits: 20 - 2 - 4 = 14. A 5 would pass.
    let out = tried(save, "test fr-grenadiers roll=5");
    assert!(out.contains("needs 5+") && out.contains("passed"), "{out}");
    let out = act(save, "test fr-grenadiers roll=4");
    assert!(out.contains("changed formation/facing last turn"), "{out}");
    assert!(out.contains("needs 5+"), "{out}");
    assert!(
        out.contains("FAILED") && out.contains("4 rout hits"),
        "{out}"
    );
    assert_eq!(figures(&show_json(save), "fr-grenadiers"), 14);
    // Field ballshot at 20": 5, +1 grade B = 4+ (the 24e in line is no dense target): the
    // 4 and 6 hit, the 3 does not. The fire came from beyond 8", so the -2 for a change of
    // formation cannot be claimed.
    let out = act(save, "shoot br-duncan fr-24 20 dice=4,6,3,1,1,1");
    assert!(out.contains("needs 4+"), "{out}");
    assert!(out.contains("2 hits on fr-24"), "{out}");
    let why = refused(save, "test fr-24 changed");
    assert!(why.contains("beyond 8\""), "{why}");
    // Grade C 2, 2 hits -1, Ruffin +1: 2+. A 1 would fail; a 2 passes.
    let out = tried(save, "test fr-24 roll=1");
    assert!(out.contains("needs 2+") && out.contains("FAILED"), "{out}");
    let out = act(save, "test fr-24 roll=2");
    assert!(out.contains("needs 2+") && out.contains("passed"), "{out}");
}

#[test]
fn a_throw_needing_seven_rolls_a_second_die_for_each_six() {
    let folder = TempDir::new().unwrap();
    // Muskets at far range 5, moved -1, at artillery -1 = 7: a 6, then 4-6 on a second die
    // (playsheet: "Need 7+ to hit? Roll a 6 then a 4-6"). With the players' dice: a 5 earns
    // no second die; after a 6, a 3 misses and a 4 hits.
    let save = barrosa(&folder);
    to_phase(&save, "shooting");
    let why = refused(&save, "shoot br-67 fr-battery 8 moved dice=6,5 then=4,4");
    assert!(why.contains("rolls 1 die, but 2 were typed"), "{why}");
    let out = tried(&save, "shoot br-67 fr-battery 8 moved dice=6,5 then=3");
    assert!(out.contains("needs a 6, then 4+"), "{out}");
    assert!(out.contains("no hits"), "{out}");
    let out = act(&save, "shoot br-67 fr-battery 8 moved dice=6,6 then=3,4");
    assert!(out.contains("1 hit on fr-battery"), "{out}");
    // And with the app's own dice, as many second dice as sixes, hitting on 4-6.
    for seed in 0..6 {
        let save = new_save(folder.path(), &format!("b{seed}.toml"), "barrosa", seed);
        to_phase(&save, "shooting");
        // Muskets at far range 5, moved -1, at artillery -1 = 7: a 6, then 4+. A column
        // 8 models wide fires 8 models: 2 dice.
        let out = act(&save, "shoot br-67 fr-battery 8 moved");
        assert!(out.contains("needs a 6, then 4+"), "{out}");
        let faces = out
            .lines()
            .find_map(|l| l.trim().strip_prefix("rolled: "))
            .unwrap();
        let (first, second) = faces.split_once(" then ").unwrap_or((faces, ""));
        let sixes = first.split(' ').filter(|f| *f == "6").count();
        let seconds: Vec<u32> = second
            .split(' ')
            .filter(|f| !f.is_empty())
            .map(|f| f.parse().unwrap())
            .collect();
        assert_eq!(first.split(' ').count(), 2, "{out}");
        assert_eq!(seconds.len(), sixes, "{out}");
        let hits = seconds.iter().filter(|&&f| f >= 4).count();
        let expected = match hits {
            0 => "no hits".to_owned(),
            1 => "1 hit on fr-battery".to_owned(),
            n => format!("{n} hits on fr-battery"),
        };
        assert!(out.contains(&expected), "{out}");
    }
}

#[test]
fn firing_refuses_what_the_ruleset_does_not_have() {
    let folder = TempDir::new().unwrap();
    let save = barrosa(&folder);
    to_phase(&save, "shooting");
    let why = refused(&save, "shoot br-kgl fr-24 4");
    assert!(why.contains("cavalry"), "{why}");
    let why = refused(&save, "shoot br-duncan fr-96 close");
    assert!(why.contains("say canister or ballshot"), "{why}");
    let why = refused(&save, "shoot br-95 fr-24 20");
    assert!(why.contains("out of range"), "{why}");
    let why = refused(&save, "shoot br-duncan fr-96 20 bounce");
    assert!(why.contains("1:25 has none"), "{why}");
    let why = refused(&save, "shoot br-95 fr-24 12 canister");
    assert!(why.contains("not artillery"), "{why}");
    let why = refused(&save, "shoot br-95 fr-24 12 dice=5,6,2,1 then=4");
    assert!(why.contains("then= is for a roll needing 7"), "{why}");
    let why = refused(&save, "shoot br-95 fr-24 12 dice=5,6,2,1 gen=1");
    assert!(why.contains("no general is at risk"), "{why}");
    // Canister at 16" or less when named, else ballshot at close range.
    let out = act(&save, "shoot br-duncan fr-96 10 canister dice=1,1,1,1,1,1");
    assert!(out.contains("field canister at close range"), "{out}");
    // The original's test modifiers are not 1:25's.
    let why = refused(&save, "test fr-96 advanced");
    assert!(
        why.contains("1:25's fire test reads only `changed`"),
        "{why}"
    );
    // A word no ruleset has is answered with 1:25's own list, a malformed line with its
    // own usage.
    let why = refused(&save, "frobnicate");
    assert!(why.contains("Sound the Charge 1:25 commands:"), "{why}");
    assert!(why.contains("caught") && !why.contains("melee"), "{why}");
    let why = refused(&save, "move");
    assert!(why.contains("[reform]") && !why.contains("masse"), "{why}");
}

#[test]
fn the_original_refuses_the_1_25_words() {
    let folder = TempDir::new().unwrap();
    let save = new_save(folder.path(), "qb.toml", "quatre-bras", 1815);
    let why = refused(&save, "caught fr-1");
    assert!(why.contains("not a Sound the Charge command"), "{why}");
    let why = refused(&save, "test anything changed");
    assert!(
        why.contains("`changed` is Sound the Charge 1:25's"),
        "{why}"
    );
    let why = refused(&save, "shoot a b close canister");
    assert!(why.contains("Sound the Charge 1:25's"), "{why}");
}

#[test]
fn the_command_list_gives_each_ruleset_its_own_usage() {
    let out = common::cli::adjutant().arg("commands").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let (original, rest) = text.split_once("Sound the Charge 1:25 only:").unwrap();
    let (one_25, _) = rest.split_once("Charge Moves").unwrap();
    // 1:25's shoot takes the second dice of a 7+ and names the guns' shot; its test reads
    // `changed`; the original's words are not offered there, nor 1:25's in the original.
    assert!(one_25.contains("[then=a,b,…]"), "{one_25}");
    assert!(one_25.contains("[canister|ballshot]"), "{one_25}");
    assert!(
        one_25.contains("test <unit> [changed] [roll=d]"),
        "{one_25}"
    );
    assert!(original.contains("[stationary=<units>]"), "{original}");
    assert!(!one_25.contains("[stationary=<units>]"), "{one_25}");
    assert!(!one_25.contains("[follow=d]"), "{one_25}");
    assert!(
        !original.contains("then=") && !original.contains("shaken=d"),
        "{original}"
    );
}
