//! Saves a referee (or a sync tool) has touched: hand edits that would build an impossible
//! battle are refused with their line, the file is never rewritten, and files of the wrong
//! kind are named for what they are.

use assert_cmd::Command;
use predicates::prelude::PredicateBooleanExt;
use predicates::str::contains;
use std::path::{Path, PathBuf};

fn adjutant() -> Command {
    Command::cargo_bin("adjutant").unwrap()
}

/// A tutorial game after `lines`, in a fresh folder.
fn game_after(folder: &Path, lines: &[&str]) -> PathBuf {
    let save = folder.join("mill.toml");
    adjutant()
        .args(["new", "tutorial", "--seed", "1", "-o"])
        .arg(&save)
        .assert()
        .success();
    for line in lines {
        adjutant()
            .arg("do")
            .arg(&save)
            .args(line.split_whitespace())
            .assert()
            .success();
    }
    save
}

/// Replaces the first `from` with `to`, then expects `show` to fail naming `message` and
/// the 1-based line of the first `line_of` after the edit, leaving the file as edited.
fn assert_edit_refused(save: &Path, from: &str, to: &str, line_of: &str, message: &str) {
    let text = std::fs::read_to_string(save).unwrap();
    assert!(text.contains(from), "the save has no `{from}`");
    let edited = text.replacen(from, to, 1);
    std::fs::write(save, &edited).unwrap();
    let line = edited.lines().position(|l| l == line_of).unwrap() + 1;
    adjutant()
        .arg("show")
        .arg(save)
        .assert()
        .failure()
        .stderr(contains(format!("mill.toml:{line}:")))
        .stderr(contains(message));
    assert_eq!(std::fs::read_to_string(save).unwrap(), edited);
    std::fs::write(save, text).unwrap();
}

#[test]
fn an_edited_hit_count_that_should_have_shattered_is_refused() {
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(folder.path(), &["hit fr-4l1 3"]);
    assert_edit_refused(
        &save,
        "count = 3",
        "count = 10",
        "[[log]]",
        "unit fr-4l1 is at or below a quarter but not shattered",
    );
}

#[test]
fn an_edited_event_shattering_a_full_unit_is_refused() {
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(folder.path(), &["shaken fr-4l1"]);
    assert_edit_refused(
        &save,
        "event = \"morale\"\nunit = \"fr-4l1\"\nmorale = \"shaken\"",
        "event = \"shattered\"\nunit = \"fr-4l1\"",
        "[[log]]",
        "unit fr-4l1 is shattered above a quarter strength",
    );
}

#[test]
fn an_edited_attachment_to_the_enemy_is_refused() {
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(folder.path(), &["attach godinot fr-4l1"]);
    assert_edit_refused(
        &save,
        "general = \"godinot\"\nunit = \"fr-4l1\"",
        "general = \"godinot\"\nunit = \"br-31\"",
        "[[log]]",
        "general godinot rides with br-31, of the other side",
    );
}

#[test]
fn an_edited_jump_of_turns_is_refused() {
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(folder.path(), &["next"]);
    assert_edit_refused(
        &save,
        "turn = 1\nactive = \"france\"\nphase = \"movement\"",
        "turn = 7\nactive = \"france\"\nphase = \"movement\"",
        "[[log]]",
        "turn 7, france, movement phase does not follow turn 1, france, rally phase",
    );
}

#[test]
fn an_entry_stamped_with_the_wrong_phase_is_refused() {
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(folder.path(), &["next", "hit fr-4l1"]);
    let text = std::fs::read_to_string(&save).unwrap();
    // The second entry's stamp: move it from movement to combat.
    let second = text.match_indices("\n[[log]]\n").nth(1).unwrap().0 + 1;
    let edited = format!(
        "{}{}",
        &text[..second],
        text[second..].replacen("phase = \"movement\"", "phase = \"combat\"", 1)
    );
    std::fs::write(&save, &edited).unwrap();
    let line = edited[..second].lines().count() + 1;
    adjutant()
        .arg("show")
        .arg(&save)
        .assert()
        .failure()
        .stderr(contains(format!("mill.toml:{line}: [[log]] entry 2")))
        .stderr(contains(
            "stamped turn 1, france, combat phase, but the game was at turn 1, france, movement phase",
        ));
}

#[test]
fn a_newer_format_is_refused_even_with_a_comment_on_its_line() {
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(folder.path(), &[]);
    let text = std::fs::read_to_string(&save).unwrap();
    for format in ["format = 2 # from adjutant 0.2", "format=3"] {
        let edited = text.replacen("format = 1", format, 1);
        std::fs::write(&save, &edited).unwrap();
        adjutant()
            .arg("do")
            .arg(&save)
            .arg("next")
            .assert()
            .failure()
            .stderr(contains("by a newer Adjutant"));
        assert_eq!(std::fs::read_to_string(&save).unwrap(), edited);
    }
    std::fs::write(&save, text.replacen("format = 1", "format = 0", 1)).unwrap();
    adjutant()
        .arg("show")
        .arg(&save)
        .assert()
        .failure()
        .stderr(contains("save format 0 does not exist"));
}

#[test]
fn a_scenario_is_not_a_save_and_a_save_is_not_a_scenario() {
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(folder.path(), &[]);
    let scenario = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/tutorial.toml");
    adjutant()
        .arg("do")
        .arg(&scenario)
        .arg("next")
        .assert()
        .failure()
        .stderr(contains("is a scenario, not a save"))
        .stderr(contains("adjutant new"));
    adjutant()
        .arg("new")
        .arg(&save)
        .arg("-o")
        .arg(folder.path().join("other.toml"))
        .assert()
        .failure()
        .stderr(contains("is a save, not a scenario"));
    let empty = folder.path().join("empty.toml");
    std::fs::write(&empty, "").unwrap();
    adjutant()
        .arg("show")
        .arg(&empty)
        .assert()
        .failure()
        .stderr(contains("the file is empty"));
}

/// A file that is neither (a note, a config, the wrong file picked from a folder) is not
/// called a scenario, and `adjutant new` is not offered for it.
#[test]
fn a_file_that_is_no_save_and_no_scenario_is_called_neither() {
    let folder = tempfile::tempdir().unwrap();
    let other = folder.path().join("notes.toml");
    std::fs::write(&other, "title = \"bring the dice\"\n").unwrap();
    adjutant()
        .arg("do")
        .arg(&other)
        .arg("next")
        .assert()
        .failure()
        .stderr(contains("is not an Adjutant save"))
        .stderr(contains("scenario").not())
        .stderr(contains("adjutant new").not());
    assert_eq!(
        std::fs::read_to_string(&other).unwrap(),
        "title = \"bring the dice\"\n"
    );
}

#[cfg(unix)]
#[test]
fn a_save_reached_through_a_link_is_written_where_it_lives() {
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(folder.path(), &[]);
    let link = folder.path().join("link.toml");
    std::os::unix::fs::symlink(&save, &link).unwrap();
    adjutant()
        .arg("do")
        .arg(&link)
        .args(["hit", "fr-4l1", "2"])
        .assert()
        .success();
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    adjutant()
        .arg("show")
        .arg(&save)
        .arg("--json")
        .assert()
        .success()
        .stdout(contains("\"figures\":10"));
}

#[test]
fn hits_beyond_the_last_figure_are_pointed_out() {
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(folder.path(), &["hit fr-4l1 2"]);
    adjutant()
        .arg("do")
        .arg(&save)
        .args(["hit", "fr-4l1", "22"])
        .assert()
        .success()
        .stdout(contains("takes 10 loss hits: 0 figures left"))
        .stdout(contains("12 hits beyond the last figure were not recorded"));
}

#[test]
fn clearing_a_note_that_is_not_there_says_so() {
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(folder.path(), &[]);
    adjutant()
        .arg("do")
        .arg(&save)
        .args(["note", "fr-4l1"])
        .assert()
        .failure()
        .stderr(contains("fr-4l1 has no note to clear"));
}

#[test]
fn an_edited_redo_entry_is_refused_with_its_line() {
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(folder.path(), &["hit fr-4l1 2", "undo"]);
    assert_edit_refused(
        &save,
        "[[redo.event]]\nevent = \"hits\"\nunit = \"fr-4l1\"",
        "[[redo.event]]\nevent = \"hits\"\nunit = \"fr-99\"",
        "[[redo]]",
        "[[redo]] entry 1: `hit fr-4l1 2`: no unit 'fr-99'",
    );
}
