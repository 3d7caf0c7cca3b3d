//! *Old Trousers II*: fire combat on the built-in `vimeiro` scenario, played through the
//! CLI with the players' dice.
//!
//! Every expected number is worked out from the text (`../shared/rules/
//! old-trousers-ii-excerpt.txt`: *Fire Combat: Musketry*, p18-19, the *Fire Combat
//! Table* and its modifiers, p19-20, *Artillery*, p20, *Bounce Through*, p21,
//! *Commanders: Attachment & Casualties*, p11) and, where it is unclear, from
//! `docs/rulings-old-trousers.md` (ruling numbers cited).
//!
//! The British win the initiative and move first.
//! - Their movement phase: the French voltigeurs' opportunity fire at the rifles misses.
//! - Their stationary fire: the rifles hit the voltigeurs; Robe's 6 pdrs hit the 86e's
//!   column, bounce through to the grenadiers behind it, and Delaborde falls with the
//!   86e; the 50th and the 52nd fire together on the 32e.
//! - The French turn: Foy unlimbers, so his guns wait for the moving fire; the
//!   voltigeurs kill a gunner of Robe's; Foy's 8 pdrs dismount one of Robe's guns.

mod common;

use common::cli::{
    act, adjutant, json_unit as unit, new_save, refused_by_cli as refused, show_json,
};
use serde_json::Value;
use std::path::{Path, PathBuf};
use tempfile::TempDir;

fn figures(state: &Value, id: &str) -> u64 {
    unit(state, id)["figures"].as_u64().unwrap()
}

fn guns(state: &Value, id: &str) -> u64 {
    unit(state, id)["guns"].as_u64().unwrap()
}

fn general_status(state: &Value, id: &str) -> String {
    state["generals"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id)
        .unwrap_or_else(|| panic!("no general {id}"))["status"]
        .as_str()
        .unwrap()
        .to_owned()
}

fn to_phase(save: &Path, active: &str, phase: &str) {
    for _ in 0..12 {
        let state = show_json(save);
        if state["phase"] == phase && state["active"] == active {
            return;
        }
        act(save, "next");
    }
    panic!("never reached {active}'s {phase} phase");
}

/// Vimeiro with the British moving first.
fn vimeiro(folder: &TempDir) -> PathBuf {
    let save = new_save(folder.path(), "vimeiro.toml", "vimeiro", 3);
    // British d10 7 + 2 (Wellesley excellent) + 0 (competent staff) = 9; French 4 + 0
    // (Junot average) + 1 (professional staff) = 5 (p9-10).
    act(&save, "initiative britain=7 france=4");
    save
}

#[test]
fn a_turn_of_fire_at_vimeiro_with_the_players_dice() {
    let folder = TempDir::new().unwrap();
    let save = vimeiro(&folder);
    british_movement(&save);
    british_stationary_fire(&save);
    french_turn(&save);
}

fn british_movement(save: &Path) {
    to_phase(save, "britain", "movement");
    // Only opportunity fire in the movement phase (p21).
    let why = refused(save, "fire fr-4leg br-95 4 d10=9");
    assert!(why.contains("opportunity"), "{why}");
    // Opportunity fire, p21: 6 voltigeur figures in skirmish order × 2 (p18) = 12 points,
    // row 11-15. Target British skirmishers -4, firer skirmishing -2 (p19-20; ruling
    // 15): 9 - 6 = 3, under the row's 5 for one hit.
    let out = act(save, "fire fr-4leg br-95 4 opportunity d10=9");
    assert!(out.contains("12 fire points"), "{out}");
    assert!(out.contains("total 3"), "{out}");
    assert!(out.contains("→ no hits"), "{out}");
    assert_eq!(figures(&show_json(save), "br-95"), 7);
}

fn british_stationary_fire(save: &Path) {
    to_phase(save, "britain", "stationary-fire");
    // The voltigeurs' opportunity fire was their fire this turn (ruling 31).
    let why = refused(save, "fire fr-4leg br-95 4 d10=9");
    assert!(why.contains("once a turn"), "{why}");

    // 7 riflemen in skirmish order × 2 (p18) = 14 points, row 11-15 (one hit on 5-8).
    // Target French skirmishers -4, firer excellent +1, firer skirmishing -2: 10 - 5 = 5.
    let out = act(save, "fire br-95 fr-4leg 6 d10=10");
    assert!(out.contains("14 fire points"), "{out}");
    assert!(out.contains("total 5"), "{out}");
    assert!(out.contains("→ 1 figure"), "{out}");
    assert_eq!(figures(&show_json(save), "fr-4leg"), 5);
    // Rifles reach 8" (p18), and a unit fires once a turn.
    let why = refused(save, "fire br-95 fr-86 6 d10=4");
    assert!(why.contains("once a turn"), "{why}");
    let why = refused(save, "fire br-50 fr-86 5 d10=4");
    assert!(why.contains("musketry range of 4\""), "{why}");

    // Robe's two 6 pdrs at 12": effective range, 1 point a gun (p20) = 2 points, row 1-5
    // (one hit on 9-10). Attack column +2 against guns (p19): 7 + 2 = 9, 1 figure.
    // Bounce-through (p21): half of 2 = 1 point, the same row, die and modifiers: 9, 1
    // figure off the grenadiers. Delaborde rides with the 86e: 1 casualty disables him
    // on a 1 (p11; ruling 8), and a 1 it is.
    let why = refused(save, "fire br-robe fr-86 12 bounce=fr-gren d10=7");
    assert!(why.contains("Delaborde (with fr-86)"), "{why}");
    let out = act(
        save,
        "fire br-robe fr-86 12 bounce=fr-gren d10=7 commander=1",
    );
    assert!(out.contains("2 fire points"), "{out}");
    assert!(out.contains("+2 target in column or square"), "{out}");
    assert!(out.contains("bounces through to fr-gren"), "{out}");
    assert!(out.contains("DISABLED"), "{out}");
    let state = show_json(save);
    assert_eq!(figures(&state, "fr-86"), 13);
    assert_eq!(figures(&state, "fr-gren"), 9);
    assert_eq!(general_status(&state, "delaborde"), "killed");

    // Together on the 32e's column: 4 of the 50th's figures × 3 = 12, and 6 of the
    // 52nd's on its flank × 4 (British with enfilade, p18) = 24: 36 points, row 36-40
    // (1, 4, 7 for one, two, three hits). The 52nd gives more points, so its excellent
    // rating counts (+1, ruling 28); column +1 against musketry: 5 + 2 = 7, 3 figures.
    let out = act(save, "fire br-50:4,br-52:6:flank fr-32 3 d10=5");
    assert!(out.contains("36 fire points"), "{out}");
    assert!(
        out.contains("+1 firer Old Guard, superior or excellent"),
        "{out}"
    );
    assert!(out.contains("total 7"), "{out}");
    assert!(out.contains("→ 3 figures"), "{out}");
    assert_eq!(figures(&show_json(save), "fr-32"), 10);
}

fn french_turn(save: &Path) {
    to_phase(save, "france", "movement");
    act(save, "form fr-foy unlimbered");
    to_phase(save, "france", "stationary-fire");
    // A change of formation counts as moving: no stationary fire (p18).
    let why = refused(save, "fire fr-foy br-robe 8 d10=10");
    assert!(why.contains("moving fire"), "{why}");

    // 5 voltigeurs × 2 = 10 points, row 6-10 (one hit on 6-9). Unlimbered artillery -2,
    // firer skirmishing -2: 10 - 4 = 6, one hit; musketry kills gunners (p19).
    let out = act(save, "fire fr-4leg br-robe 4 d10=10");
    assert!(out.contains("→ 1 gunner"), "{out}");
    let state = show_json(save);
    assert_eq!(figures(&state, "br-robe"), 3);
    assert_eq!(guns(&state, "br-robe"), 2);

    to_phase(save, "france", "moving-fire");
    // Foy's two 8 pdrs at canister range, 4 points a gun (p20) = 8, row 6-10. Unlimbered
    // artillery -2, moving -1: 10 - 3 = 7, one hit; guns on guns destroy guns (p20).
    let out = act(save, "fire fr-foy br-robe 8 d10=10");
    assert!(out.contains("8 fire points"), "{out}");
    assert!(out.contains("-1 firer moved"), "{out}");
    assert!(out.contains("→ 1 gun"), "{out}");
    let state = show_json(save);
    assert_eq!(guns(&state, "br-robe"), 1);
    assert_eq!(figures(&state, "br-robe"), 3);
    // One gun is one gun, in the roster, in what it needs and in its fire's working.
    let text = |args: &[&str]| {
        let output = adjutant().args(args).output().unwrap();
        String::from_utf8(output.stdout).unwrap()
    };
    let save_path = save.to_str().unwrap();
    let shown = text(&["show", save_path]);
    let robe = shown.lines().find(|l| l.contains("br-robe")).unwrap();
    assert!(robe.ends_with("unlimbered, 1 gun, 6 pdr, foot"), "{robe}");
    let needs = text(&["need", "--save", save_path, "br-robe"]);
    assert!(
        needs.contains("Fire (1 gun, 6 pdr), points by range:"),
        "{needs}"
    );
    // Only the phasing player fires in the moving fire (p9).
    let why = refused(save, "fire br-50 fr-86 3 d10=5");
    assert!(why.contains("phasing player"), "{why}");
}

#[test]
fn a_unit_that_moved_operationally_does_not_fire_that_turn() {
    let folder = TempDir::new().unwrap();
    let save = vimeiro(&folder);
    to_phase(&save, "britain", "movement");
    // *Movement: Operational* (p17): double rate, and no charge, fire or formation
    // change. The 50th's line moves 4" (p16), 8" operationally.
    let told = act(&save, "move br-50 operational");
    assert!(told.contains("up to 8\""), "{told}");
    act(&save, "move br-52");
    // It moved, so the stationary fire is not its (p18); nor is the moving fire, after
    // an operational move.
    to_phase(&save, "britain", "moving-fire");
    let before = show_json(&save);
    let why = refused(&save, "fire br-50 fr-32 3 d10=5");
    assert!(why.contains("operational"), "{why}");
    assert!(why.contains("p17"), "{why}");
    assert_eq!(show_json(&save), before, "a refused fire changes nothing");
    // The 52nd moved at its ordinary rate: it fires in the moving fire, -1 for moving
    // (p9, p19).
    let out = act(&save, "fire br-52 fr-32 3 d10=5");
    assert!(out.contains("-1 firer moved"), "{out}");
}
