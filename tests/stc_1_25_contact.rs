//! *Sound the Charge 1:25*: when a combat begins and ends, and what it bars, on the
//! built-in `barrosa` scenario through the CLI. The text: *Firing* ("No shooting into a
//! combat"), *Combat* ("Units in combat remain stationary"), *Rallying and Reforming*,
//! *Limited Control*; the readings are rulings R56 and R58 in `docs/rulings-stc-1-25.md`.

mod common;

use common::cli::{act, json_unit as unit, new_save, refused_by_cli as refused, show_json};
use std::path::{Path, PathBuf};
use tempfile::TempDir;

fn barrosa(folder: &TempDir) -> PathBuf {
    new_save(folder.path(), "barrosa.toml", "barrosa", 1811)
}

fn checklist(save: &Path, list: &str) -> String {
    show_json(save)["checklist"][list].to_string()
}

#[test]
fn no_fire_into_or_out_of_a_combat_from_the_moment_the_attack_goes_in() {
    let folder = TempDir::new().unwrap();
    let save = barrosa(&folder);
    act(&save, "next");
    act(&save, "move br-67 charge=fr-96");
    act(&save, "next");
    let why = refused(&save, "shoot br-duncan fr-96 20");
    assert!(why.contains("fr-96 is in combat with br-67"), "{why}");
    let why = refused(&save, "shoot br-67 fr-24 6");
    assert!(why.contains("fights its round rather than fires"), "{why}");
    // A unit outside the fight may still be fired at.
    let out = act(&save, "shoot br-duncan fr-24 20 dice=1,1,1,1,1,1");
    assert!(out.contains("no hits"), "{out}");
}

#[test]
fn a_unit_that_retreated_is_out_of_the_fight_and_a_charge_whose_target_is_gone_owes_nothing() {
    let folder = TempDir::new().unwrap();
    let save = barrosa(&folder);
    act(&save, "next");
    // *Retreat Moves*: a voluntary retreat, 6-24", shaken.
    act(&save, "retreat br-95");
    act(&save, "move br-67 charge=fr-battery");
    act(&save, "remove fr-battery");
    act(&save, "next");
    act(&save, "next");
    let why = refused(&save, "combat br-95 vs fr-24");
    assert!(why.contains("br-95 retreated this turn"), "{why}");
    // The battery is gone: br-67's round is no longer owed, only noted.
    let open = checklist(&save, "open");
    assert!(!open.contains("br-67"), "{open}");
    let watch = checklist(&save, "watch");
    assert!(watch.contains("its target has left the fight"), "{watch}");
}

#[test]
fn a_shaken_unit_held_in_combat_may_still_rally() {
    let folder = TempDir::new().unwrap();
    let save = barrosa(&folder);
    act(&save, "next");
    act(&save, "move br-67 charge=fr-96");
    act(&save, "next");
    act(&save, "next");
    // Two columns, even points (3 against 3): 4-6 to hit, 2 dice each. One hit each:
    // neither loses, and the combat goes on.
    let out = act(&save, "combat br-67 dice=6,1/6,1");
    assert!(out.contains("holds"), "{out}");
    act(&save, "shaken fr-96");
    act(&save, "next");
    assert_eq!(show_json(&save)["phase"], "rally");
    assert!(!unit(&show_json(&save), "fr-96")["in_contact_with"].is_null());
    // *Rally from Shaken*: grade C 3, so a 3 rallies it, combat or not (R56).
    let out = act(&save, "rally fr-96 roll=3");
    assert!(out.contains("RALLIED"), "{out}");
}

#[test]
fn with_no_general_left_every_unit_rolls_for_limited_control() {
    let folder = TempDir::new().unwrap();
    let save = barrosa(&folder);
    act(&save, "next");
    // While a general lives, the checklist only reminds the side of the rule.
    let watch = checklist(&save, "watch");
    assert!(watch.contains("limited control"), "{watch}");
    assert!(!checklist(&save, "open").contains("control"));
    act(&save, "next");
    // Field ballshot at 20": 5, +1 grade B = 4+; 4 hits on the 24e put Ruffin at risk
    // (*Danger to Generals*: 4 or more), and a 1 kills him.
    let out = act(&save, "shoot br-duncan fr-24 20 dice=6,6,6,6,1,1 gen=1");
    assert!(out.contains("KILLED"), "{out}");
    act(&save, "test fr-24 roll=6");
    act(&save, "next");
    act(&save, "next");
    act(&save, "next");
    assert_eq!(show_json(&save)["phase"], "movement");
    let open = checklist(&save, "open");
    assert!(
        open.contains("no general of its side is left: `control fr-96`"),
        "{open}"
    );
    // *Limited Control*: 4-6 to move; a 2 holds the 96e where it is this turn.
    let out = act(&save, "control fr-96 roll=2");
    assert!(
        out.contains("players' dice: 2") && out.contains("FAILED"),
        "{out}"
    );
    let why = refused(&save, "move fr-96");
    assert!(why.contains("needed 4-6"), "{why}");
    assert!(!checklist(&save, "open").contains("`control fr-96`"));
}
