//! *Old Trousers II* as the referee reads it in a shell: the roster's troop ratings and
//! traits, `need` answered from its own rules (never another ruleset's), and its charts
//! in `lookup`. Vimeiro's units are the examples; the figures are worked out from the
//! excerpt's text (`../shared/rules/old-trousers-ii-excerpt.txt`).

mod common;

use common::cli::{act, adjutant, new_save};
use std::path::{Path, PathBuf};
use tempfile::TempDir;

fn vimeiro(folder: &TempDir) -> PathBuf {
    new_save(folder.path(), "v.toml", "vimeiro", 3)
}

fn stdout_of(args: &[&str]) -> String {
    let output = adjutant().args(args).output().unwrap();
    assert!(
        output.status.success(),
        "`adjutant {}` failed: {}",
        args.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

fn show(save: &Path) -> String {
    stdout_of(&["show", save.to_str().unwrap()])
}

fn need(save: &Path, unit: &str) -> String {
    stdout_of(&["need", unit, "--save", save.to_str().unwrap()])
}

/// The roster line of a unit in `adjutant show`, its words split at spaces.
fn roster_row(shown: &str, id: &str) -> Vec<String> {
    shown
        .lines()
        .find(|l| l.split_whitespace().next() == Some(id))
        .unwrap_or_else(|| panic!("no row {id} in {shown}"))
        .split_whitespace()
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_roster_shows_each_units_troop_rating_in_the_gr_column() {
    let folder = TempDir::new().unwrap();
    let shown = show(&vimeiro(&folder));
    // *Troop Ratings* (p8): every unit has a morale rating; Vimeiro rates the 50th
    // good, the 97th average, the 52nd and 95th excellent, the grenadiers excellent.
    for (id, rating) in [
        ("br-50", "GD"),
        ("br-97", "AVG"),
        ("br-52", "EXC"),
        ("br-95", "EXC"),
        ("fr-gren", "EXC"),
        ("fr-86", "AVG"),
    ] {
        assert!(
            roster_row(&shown, id).contains(&rating.to_owned()),
            "{id}: {shown}"
        );
    }
    // The GR header lines up over three-letter ratings: "GR " then FIGS right-aligned.
    assert!(shown.contains(" GR   FIGS "), "{shown}");
}

#[test]
fn the_roster_names_the_traits_and_a_batterys_calibre() {
    let folder = TempDir::new().unwrap();
    let shown = show(&vimeiro(&folder));
    let line = |id: &str| roster_row(&shown, id).join(" ");
    // The scenario's traits: the 95th's rifles, the 20th's impetuosity; British infantry
    // drills slowly (*Movement: Formations*, p15), and the 52nd has no trait saying else.
    assert!(line("br-95").contains("rifles"), "{shown}");
    assert!(line("br-20ld").contains("impetuous"), "{shown}");
    assert!(!line("br-52").contains("quick drill"), "{shown}");
    // French infantry drills quickly by nation: nothing to say about it.
    assert!(!line("fr-86").contains("quick drill"), "{shown}");
    // Robe's battery: 2 model guns of 6 pdr, on foot; Foy's 8 pdr is in the 8-9 pdr row.
    assert!(line("br-robe").contains("2 guns, 6 pdr, foot"), "{shown}");
    assert!(line("fr-foy").contains("8-9 pdr"), "{shown}");
}

#[test]
fn need_gives_old_trousers_fire_points_and_charge_not_sound_the_charge_scores() {
    let folder = TempDir::new().unwrap();
    let save = vimeiro(&folder);
    let answer = need(&save, "fr-86");
    // *Fire Combat: Musketry* (p18): non-British infantry 2 points a figure, 3 with
    // enfilade; the 86e has 14 figures: 14 × 2 = 28, 14 × 3 = 42; muskets reach 4".
    assert!(
        answer.contains("Fire (other infantry): 28 points to 4\"\n    42 with enfilade"),
        "{answer}"
    );
    // *Movement Table* (p16): infantry in attack column 6"; *Movement: Charges* (p17,
    // ruling 19): +1d6; *Charges: General Rules* (p21): +2 in the melee.
    assert!(
        answer.contains("Charge: 6\" + 1d6\", +2 in melee"),
        "{answer}"
    );
    // Delaborde rides with it: *Commanders: Attachment & Casualties* (p11, ruling 8).
    assert!(
        answer.contains("Delaborde: lost if a d10 <= a fire's hits"),
        "{answer}"
    );
    // Nothing of Sound the Charge: no morale test score, no grade, no dice to hit.
    for stc in ["Morale test", "grade", "dice at most", "3+"] {
        assert!(!answer.contains(stc), "{stc}: {answer}");
    }
}

#[test]
fn need_follows_the_units_losses_and_state() {
    let folder = TempDir::new().unwrap();
    let save = vimeiro(&folder);
    act(&save, "hit fr-86 2");
    act(&save, "shaken fr-86");
    let answer = need(&save, "fr-86");
    // 14 - 2 = 12 figures: 12 × 2 = 24 points, 12 × 3 = 36 with enfilade; shaken firers
    // take -1 (*Fire Combat* modifiers, p19).
    assert!(
        answer.contains("24 points to 4\"\n    36 with enfilade"),
        "{answer}"
    );
    assert!(answer.contains("-1 firer shaken"), "{answer}");
    act(&save, "disorder fr-86");
    let answer = need(&save, "fr-86");
    // *Disorder* (p18): a disordered unit may not charge.
    assert!(
        answer.contains("No charge: a disordered unit cannot charge"),
        "{answer}"
    );
}

#[test]
fn need_for_guns_and_skirmishers_reads_their_own_rows() {
    let folder = TempDir::new().unwrap();
    let save = vimeiro(&folder);
    // *Fire Combat: Artillery* (p20): a 6 pdr gives 4 points a gun at canister (to 8"),
    // 1 effective (to 20"), 0 long; 2 guns: 8, 2 and 0.
    let guns = need(&save, "br-robe");
    assert!(
        guns.contains("Fire (2 guns, 6 pdr), points by range:\n    8 to 8\", 2 to 20\", 0 to 35\""),
        "{guns}"
    );
    // Infantry skirmishers 2 points a figure, none more for enfilade (ruling 15): the
    // 95th's 7 figures give 14; rifles reach 8" (p18). Excellent firers +1, skirmishing
    // firers -2 (p19); skirmishers never charge (p17).
    let rifles = need(&save, "br-95");
    assert!(!rifles.contains("with enfilade"), "{rifles}");
    assert!(
        rifles.contains("Fire (infantry skirmishers): 14 points to 8\""),
        "{rifles}"
    );
    assert!(
        rifles.contains("+1 firer Old Guard, superior or excellent"),
        "{rifles}"
    );
    assert!(rifles.contains("-2 firer in skirmish order"), "{rifles}");
    assert!(
        rifles.contains("No charge: infantry skirmishers never charge"),
        "{rifles}"
    );
    // Light cavalry in company column: 18" + 2d6", +5 in the melee (p16, p17, p21).
    let chasseurs = need(&save, "fr-26ch");
    assert!(
        chasseurs.contains("Charge: 18\" + 2d6\", +5 in melee"),
        "{chasseurs}"
    );
}

#[test]
fn need_refuses_another_rulesets_questions_and_answers_a_rally_with_unrouts_check() {
    let folder = TempDir::new().unwrap();
    let save = vimeiro(&folder);
    let before = std::fs::read(&save).unwrap();
    for question in ["test", "shoot"] {
        let output = adjutant()
            .args(["need", "fr-86", question, "--save"])
            .arg(&save)
            .output()
            .unwrap();
        assert!(!output.status.success(), "{question} was answered");
        let why = String::from_utf8(output.stderr).unwrap();
        assert!(
            why.contains(&format!("Old Trousers II has no `{question}` question")),
            "{why}"
        );
        assert!(why.contains("Ask `need fr-86`"), "{why}");
    }
    // A rally has no throw in the excerpt: the answer is whether `unrout` may be
    // recorded now, with its own refusal (ruling 40).
    let rally = stdout_of(&["need", "fr-86", "rally", "--save", save.to_str().unwrap()]);
    assert!(rally.contains("`unrout fr-86`"), "{rally}");
    assert!(rally.contains("Not now: fr-86 is not routed"), "{rally}");
    assert!(
        rally.contains("rally test is not in the excerpt"),
        "{rally}"
    );
    assert_eq!(
        std::fs::read(&save).unwrap(),
        before,
        "need changed the save"
    );
}

#[test]
fn lookup_prints_old_trousers_charts_for_its_ruleset() {
    let fire = stdout_of(&["lookup", "--ruleset", "old-trousers-ii", "fire", "table"]);
    // *Fire Combat Table* (p19): 16-20 points, a modified 7-9 scores two hits.
    assert!(
        fire.contains("16-20   1-4   5-6   7-9   10    >10"),
        "{fire}"
    );
    let charge = stdout_of(&["lookup", "--ruleset", "old-trousers-ii", "charge", "bonus"]);
    assert!(
        charge.contains("infantry  +1d6\"    cavalry  +2d6\""),
        "{charge}"
    );
    let gaps = stdout_of(&["lookup", "--ruleset", "old-trousers-ii", "lacks"]);
    assert!(gaps.contains("reaction test, charge test, melee"), "{gaps}");
}
