//! *Old Trousers II*: the nonphasing player's charges on Vimeiro through the CLI, with the
//! players' dice: opportunity charges by cavalry and countercharges (*Movement:
//! Sequence*, p14; *Orders*, p12; *Disorder*, p18; *Charges: General Rules*, *Sequence*,
//! *Defenders Reaction*, p21-22). Every figure is worked from
//! `../shared/rules/old-trousers-ii-excerpt.txt` and, where it is unclear,
//! `docs/rulings-old-trousers.md` (ruling numbers cited).
//!
//! The French move first. Their 26e Chasseurs (light cavalry, company column) move 18"
//! and the British 20th Light Dragoons (light cavalry, line) 9" (*Movement Table*, p16).

mod common;

use common::cli::{act, json_unit, new_save, refused_by_cli as refused, show_json, to_phase};
use std::path::{Path, PathBuf};

/// Turn 1 with the French moving first, at their movement subsegment.
fn french_movement(dir: &Path) -> PathBuf {
    let save = new_save(dir, "v.toml", "vimeiro", 1);
    act(&save, "initiative britain=1 france=9");
    for _ in 0..4 {
        act(&save, "next");
    }
    let state = show_json(&save);
    assert_eq!(
        (&state["active"], &state["phase"]),
        (&"france".into(), &"movement".into())
    );
    save
}

fn disordered(save: &Path, id: &str) -> bool {
    json_unit(&show_json(save), id)["disordered"] == true
}

#[test]
fn a_countercharge_meets_the_charge_prorated_and_a_melee_follows() {
    let dir = tempfile::tempdir().expect("temp dir");
    let save = french_movement(dir.path());
    // The chasseurs charge: 18" + 2d6 (3 + 4) = 25" (p17; ruling 19).
    let told = act(&save, "charge fr-26ch br-20ld dice=3,4");
    assert!(told.contains("up to 25\""), "{told}");
    let before = std::fs::read(&save).expect("the save");
    // Only the target of a charge declared this movement countercharges, and only its
    // charger (p21-22); the gap must be given to share it out (ruling 23).
    let why = refused(&save, "countercharge br-50 fr-26ch gap=6 dice=3");
    assert!(why.contains("fr-26ch has not charged br-50"), "{why}");
    let why = refused(&save, "countercharge br-20ld fr-86 gap=6 dice=5,6");
    assert!(why.contains("fr-86 has not charged br-20ld"), "{why}");
    let why = refused(&save, "countercharge br-20ld fr-26ch dice=5,6");
    assert!(why.contains("gap=<inches>"), "{why}");
    // Charged, it may stand, flee or countercharge, not charge (p22).
    let why = refused(&save, "charge br-20ld fr-26ch dice=5,6");
    assert!(why.contains("target of fr-26ch's charge"), "{why}");
    // A countercharge is a charge: never at the operational rate (p17).
    let why = refused(
        &save,
        "countercharge br-20ld fr-26ch gap=18 operational dice=5,6",
    );
    assert!(
        why.contains("operational movement allows no charge"),
        "{why}"
    );
    assert_eq!(
        std::fs::read(&save).expect("the save"),
        before,
        "refusals change nothing"
    );

    // The dragoons meet them: 9" + 2d6 (5 + 6) = 20". The 18" gap is shared as 25 to
    // 20: the chasseurs go 18 × 25/45 = 10", the dragoons 18 × 20/45 = 8" (p22; ruling
    // 23).
    let told = act(&save, "countercharge br-20ld fr-26ch gap=18 dice=5,6");
    assert!(told.contains("+11\" charge bonus"), "{told}");
    assert!(told.contains("countercharges fr-26ch"), "{told}");
    assert!(
        told.contains("countercharges fr-26ch (26e Chasseurs à Cheval): they meet after its 8\""),
        "{told}"
    );
    assert!(told.contains("fr-26ch goes 10\", br-20ld 8\""), "{told}");
    assert!(told.contains("no Charge Test for either"), "{told}");
    let why = refused(&save, "countercharge br-20ld fr-26ch gap=18 dice=5,6");
    assert!(why.contains("has moved this turn already"), "{why}");
    // Undo takes the countercharge back whole: the dragoons may make it again.
    act(&save, "undo");
    assert_eq!(
        act(&save, "countercharge br-20ld fr-26ch gap=18 dice=5,6"),
        told
    );

    // No Charge Test for either when the defender countercharges (p21-22); the
    // checklist keeps their melee in sight for both.
    to_phase(&save, "charge-test");
    let watch = show_json(&save)["checklist"]["watch"].to_string();
    assert_eq!(watch.matches("countercharged").count(), 2, "{watch}");
    let why = refused(&save, "fallback fr-26ch dice=2,6");
    assert!(why.contains("met br-20ld in a countercharge"), "{why}");
    let why = refused(&save, "fallback br-20ld dice=2,6");
    assert!(why.contains("met fr-26ch in a countercharge"), "{why}");

    // Cavalry that charges is disordered at the end of the charge and melee (p18;
    // ruling 46): both, when the melee subsegment ends.
    to_phase(&save, "melee");
    assert!(!disordered(&save, "fr-26ch") && !disordered(&save, "br-20ld"));
    act(&save, "next");
    assert!(disordered(&save, "fr-26ch") && disordered(&save, "br-20ld"));
}

#[test]
fn too_far_apart_the_countercharge_makes_no_contact() {
    let dir = tempfile::tempdir().expect("temp dir");
    let save = french_movement(dir.path());
    act(&save, "charge fr-26ch br-20ld dice=3,4");
    // 25" and 9" + 2" = 11" together cover 36", short of a 40" gap (ruling 23): each
    // makes its whole move.
    let told = act(&save, "countercharge br-20ld fr-26ch gap=40 dice=1,1");
    assert!(told.contains("fall short of the 40\" gap"), "{told}");
    assert!(told.contains("up to 11\""), "{told}");
    // Still no Charge Test (p22), but no melee to watch for.
    to_phase(&save, "charge-test");
    assert!(refused(&save, "fallback fr-26ch dice=1,1").contains("countercharge"));
    let watch = show_json(&save)["checklist"]["watch"].to_string();
    assert!(!watch.contains("countercharged"), "{watch}");
}

#[test]
fn who_may_not_countercharge() {
    let dir = tempfile::tempdir().expect("temp dir");
    let save = french_movement(dir.path());
    // Infantry may never countercharge cavalry (p21).
    act(&save, "charge fr-26ch br-50 dice=1,1");
    let why = refused(&save, "countercharge br-50 fr-26ch gap=4 dice=3");
    assert!(why.contains("infantry never charges cavalry"), "{why}");
    // Disordered units may not countercharge (p18, p21).
    act(&save, "charge fr-86 br-52 dice=2");
    act(&save, "disorder br-52");
    let why = refused(&save, "countercharge br-52 fr-86 gap=4 dice=3");
    assert!(
        why.contains("may not countercharge: a disordered unit"),
        "{why}"
    );
    // Guns never charge (p21).
    act(&save, "charge fr-gren br-robe dice=3");
    let why = refused(&save, "countercharge br-robe fr-gren gap=3");
    assert!(why.contains("guns do not charge"), "{why}");
    // Declared in the movement subsegment, answered there (p22).
    act(&save, "charge fr-32 br-97 dice=4");
    act(&save, "next");
    let why = refused(&save, "countercharge br-97 fr-32 gap=3 dice=2");
    assert!(why.contains("movement phase"), "{why}");
}

#[test]
fn the_nonphasing_players_cavalry_makes_opportunity_charges() {
    let dir = tempfile::tempdir().expect("temp dir");
    let save = french_movement(dir.path());
    // The nonphasing player moves only for cavalry's opportunity charges,
    // countercharges and leaders (*Movement: Sequence*, p14).
    let why = refused(&save, "charge br-50 fr-86 dice=3");
    assert!(why.contains("not cavalry"), "{why}");
    assert!(why.contains("p14"), "{why}");
    assert!(refused(&save, "move br-20ld").contains("only the active side"));
    // Any order allows it (p12; ruling 45): the dragoons charge with 9" + 2d6 (2 + 2).
    let told = act(&save, "charge br-20ld fr-26ch dice=2,2");
    assert!(told.contains("charges fr-26ch"), "{told}");
    assert!(told.contains("up to 13\""), "{told}");
    // The chasseurs, charged, may not charge elsewhere (p22)...
    let why = refused(&save, "charge fr-26ch br-95 dice=1,1");
    assert!(why.contains("target of br-20ld's charge"), "{why}");
    // ...but may countercharge: 18" + 2d6 (4 + 5) = 27". The 20" gap as 13 to 27: the
    // dragoons go 20 × 13/40 = 6½", the chasseurs 20 × 27/40 = 13½" (ruling 23).
    let told = act(&save, "countercharge fr-26ch br-20ld gap=20 dice=4,5");
    assert!(told.contains("br-20ld goes 6½\", fr-26ch 13½\""), "{told}");
    // An opportunity charge met by a countercharge takes no Charge Test either.
    to_phase(&save, "charge-test");
    let why = refused(&save, "fallback br-20ld dice=1,1");
    assert!(why.contains("countercharge"), "{why}");
}

#[test]
fn out_of_command_a_unit_still_makes_an_opportunity_charge_but_not_its_own_charge() {
    // *Orders: Out of Command*, p12: out of command a unit may face, change formation,
    // fire, opportunity charge and remove disorder (ruling 48).
    let dir = tempfile::tempdir().expect("temp dir");
    let save = french_movement(dir.path());
    act(&save, "cmd br-20ld out");
    act(&save, "cmd fr-26ch out");
    // The British dragoons, nonphasing: 9" + 2d6 (2 + 2) = 13", whatever their command.
    let told = act(&save, "charge br-20ld fr-26ch dice=2,2");
    assert!(told.contains("up to 13\""), "{told}");
    // The French chasseurs' own charge in their player turn is refused out of command.
    let why = refused(&save, "charge fr-26ch br-95 dice=1,1");
    assert!(why.contains("out of command (p12)"), "{why}");
    assert!(why.contains("opportunity charge"), "{why}");
    // Charged, they may still countercharge: 18" + 2d6 (4 + 5) = 27" against 13" over a
    // 20" gap, 13½" theirs (ruling 23).
    let told = act(&save, "countercharge fr-26ch br-20ld gap=20 dice=4,5");
    assert!(told.contains("br-20ld goes 6½\", fr-26ch 13½\""), "{told}");
}

#[test]
fn a_unit_charged_by_two_may_countercharge_either() {
    // *Charges: Sequence*, *Defenders Reaction* (p21-22): the target of a charge may
    // countercharge its charger; with two chargers at it, it chooses which.
    let dir = tempfile::tempdir().expect("temp dir");
    let save = french_movement(dir.path());
    // Both French columns charge the 50th: 6" + 1d6 (3) = 9" and 6" + 1d6 (4) = 10"
    // (*Movement Table*, p16; *Movement: Charges*, p17).
    assert!(act(&save, "charge fr-86 br-50 dice=3").contains("up to 9\""));
    assert!(act(&save, "charge fr-32 br-50 dice=4").contains("up to 10\""));
    // The 50th answers the second: 4" + 1d6 (6) = 10". The 10" gap as 10 to 10: each
    // goes 5" (ruling 23).
    let told = act(&save, "countercharge br-50 fr-32 gap=10 dice=6");
    assert!(told.contains("countercharges fr-32"), "{told}");
    assert!(told.contains("fr-32 goes 5\", br-50 5\""), "{told}");
    // One countercharge: the first charger is met by none, and takes its Charge Test.
    let why = refused(&save, "countercharge br-50 fr-86 gap=10 dice=6");
    assert!(why.contains("has moved this turn already"), "{why}");
    to_phase(&save, "charge-test");
    let state = show_json(&save);
    let mut met: Vec<&str> = state["checklist"]["watch"]
        .as_array()
        .expect("the watch list")
        .iter()
        .filter(|item| item["concern"] == "countercharged")
        .filter_map(|item| item["subject"].as_str())
        .collect();
    met.sort_unstable();
    assert_eq!(met, ["br-50", "fr-32"]);
}
