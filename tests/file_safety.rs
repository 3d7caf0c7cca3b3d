//! The files Adjutant reads and writes, against a hostile or broken disk: a full device,
//! private modes, files too large to be a save or scenario, names that try to leave the
//! saves folder.

mod common;

use common::cli::{act, adjutant};
use predicates::prelude::PredicateBooleanExt;
use predicates::str::contains;
use std::path::{Path, PathBuf};

const TUTORIAL: &str = include_str!("../scenarios/tutorial.toml");

/// `/dev/full` exists, so a new game is never written over it; the refusal is a sentence,
/// not a panic.
#[cfg(unix)]
#[test]
fn a_new_game_onto_dev_full_is_refused_plainly() {
    adjutant()
        .args(["new", "tutorial", "-o", "/dev/full"])
        .assert()
        .code(1)
        .stderr(contains("/dev/full already exists").and(contains("panicked").not()));
}

/// Every file under `root`, as paths relative to it, sorted.
fn files_under(root: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else {
                found.push(path.strip_prefix(root).unwrap().display().to_string());
            }
        }
    }
    found.sort();
    found
}

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

/// The saves folder Adjutant makes is its owner's alone, and so is a new save; no lock is
/// left once `new` is done (the lock's own mode is held in src/persist/lock.rs).
#[cfg(unix)]
#[test]
fn saves_folders_and_locks_are_private() {
    let root = tempfile::tempdir().unwrap();
    let saves = root.path().join("data").join("saves");
    adjutant()
        .env("ADJUTANT_SAVES", &saves)
        .args(["new", "tutorial", "--seed", "3"])
        .assert()
        .success();
    let save = saves.join("tutorial-1.toml");
    assert_eq!(mode(&saves), 0o700);
    assert_eq!(mode(&root.path().join("data")), 0o700);
    assert_eq!(mode(&save), 0o600);
    assert!(!PathBuf::from(format!("{}.lock", save.display())).exists());
}

/// A sparse 1 GB file costs nothing on disk and would cost a gigabyte of memory to read:
/// as a scenario and as a save it is refused by its length.
#[test]
fn a_huge_file_is_refused_as_scenario_and_as_save() {
    let folder = tempfile::tempdir().unwrap();
    let big = folder.path().join("big.toml");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(1 << 30)
        .unwrap();
    let game = folder.path().join("x.toml");
    adjutant()
        .arg("new")
        .arg(&big)
        .arg("-o")
        .arg(&game)
        .assert()
        .code(1)
        .stderr(contains(
            "big.toml: too large (1024 MB; at most 8 MB) — is this really an Adjutant scenario?",
        ));
    assert!(!game.exists());
    adjutant()
        .arg("show")
        .arg(&big)
        .assert()
        .code(1)
        .stderr(contains(
            "big.toml: too large (1024 MB; at most 64 MB) — is this really an Adjutant save?",
        ));
    adjutant()
        .arg("check")
        .arg(&big)
        .assert()
        .code(1)
        .stderr(contains("too large (1024 MB; at most 8 MB)"));
}

/// A device that never ends is read only up to the limit.
#[cfg(unix)]
#[test]
fn dev_zero_as_a_scenario_is_refused() {
    let folder = tempfile::tempdir().unwrap();
    let game = folder.path().join("x.toml");
    adjutant()
        .args(["new", "/dev/zero", "-o"])
        .arg(&game)
        .assert()
        .code(1)
        .stderr(contains(
            "/dev/zero: not a regular file but a device; Adjutant reads only plain files",
        ));
    assert!(!game.exists());
}

/// A save's name comes from the scenario file's name, never from what the file says: a
/// title and names made of paths write nothing outside the saves folder.
#[test]
fn names_inside_a_scenario_are_never_paths() {
    let root = tempfile::tempdir().unwrap();
    let work = root.path().join("work");
    let saves = root.path().join("saves");
    std::fs::create_dir(&work).unwrap();
    let evil = TUTORIAL
        .replace("Skirmish at the Mill", "../../x /etc/passwd")
        .replace("\"1/4e Ligne\"", "\"/etc/passwd\"")
        .replace("name = \"French\"", "name = \"../../x\"");
    assert_ne!(evil, TUTORIAL);
    std::fs::write(work.join("evil.toml"), &evil).unwrap();
    adjutant()
        .current_dir(&work)
        .env("ADJUTANT_SAVES", &saves)
        .args(["new", "evil.toml"])
        .assert()
        .success();
    assert_eq!(
        files_under(root.path()),
        ["saves/evil-1.toml", "work/evil.toml"]
    );
    let save = saves.join("evil-1.toml");
    assert!(act(&save, "hit fr-4l1 1").contains("/etc/passwd"));
    // An id made of a path is refused outright: ids are words of the command language.
    std::fs::write(
        work.join("evil.toml"),
        evil.replace("\"fr-4l1\"", "\"../../x\""),
    )
    .unwrap();
    adjutant()
        .current_dir(&work)
        .env("ADJUTANT_SAVES", &saves)
        .args(["new", "evil.toml"])
        .assert()
        .code(1)
        .stderr(contains("evil.toml:"));
    assert_eq!(files_under(root.path()).len(), 2);
}

/// Found while checking that nothing in a file is obeyed: an escape sequence in a unit's
/// name went raw to the terminal of `show` (and the screen, and players watching). A
/// scenario or save holding one is refused, and so is a command that would write one.
#[test]
fn terminal_escapes_in_names_are_refused() {
    let folder = tempfile::tempdir().unwrap();
    let scenario = folder.path().join("escape.toml");
    let escaping = TUTORIAL.replace("\"1/4e Ligne\"", "\"1/4e \\u001b]0;pwned\\u0007Ligne\"");
    std::fs::write(&scenario, &escaping).unwrap();
    let game = folder.path().join("game.toml");
    adjutant()
        .arg("new")
        .arg(&scenario)
        .arg("-o")
        .arg(&game)
        .assert()
        .code(1)
        .stderr(contains(
            "escape.toml: unit[1].name holds a control character (U+001B)",
        ));
    assert!(!game.exists());
    // A C1 control (an 8-bit CSI) is as bad, and TOML lets it in raw.
    std::fs::write(&scenario, TUTORIAL.replace("1/4e Ligne", "1/4e \u{9b}2J")).unwrap();
    adjutant()
        .arg("check")
        .arg(&scenario)
        .assert()
        .code(1)
        .stderr(contains("(U+009B)"));

    let save = common::cli::new_save(folder.path(), "mill.toml", "tutorial", 2);
    let reason = common::cli::refused_by_cli(&save, "note fr-4l1 a\u{1b}[2Jb");
    assert!(reason.contains("control character (U+001B)"), "{reason}");
    let edited =
        std::fs::read_to_string(&save)
            .unwrap()
            .replacen("\"1/4e Ligne\"", "\"\\u001b[2J\"", 1);
    std::fs::write(&save, edited).unwrap();
    adjutant()
        .arg("show")
        .arg(&save)
        .assert()
        .code(1)
        .stderr(contains(
            "mill.toml: unit[1].name holds a control character",
        ));
}

/// A theme is read through the same bounded reader, before the screen needs a terminal.
#[cfg(unix)]
#[test]
fn dev_zero_as_a_theme_is_refused() {
    adjutant()
        .args(["play", "--theme", "/dev/zero"])
        .assert()
        .code(1)
        .stderr(contains("theme /dev/zero: not a regular file but a device"));
}
