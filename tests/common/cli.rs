//! Driving the `adjutant` binary as a referee's shell would, and reading `show --json`.

use assert_cmd::Command;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Output;

pub fn adjutant() -> Command {
    Command::cargo_bin("adjutant").unwrap()
}

/// `adjutant new <scenario> --seed <seed> -o <folder>/<name>`: must succeed; the save.
pub fn new_save(folder: &Path, name: &str, scenario: &str, seed: u64) -> PathBuf {
    let save = folder.join(name);
    adjutant()
        .args(["new", scenario, "--seed", &seed.to_string(), "-o"])
        .arg(&save)
        .assert()
        .success();
    save
}

/// `adjutant do <save> <line>`, whatever comes of it.
fn perform(save: &Path, line: &str) -> Output {
    adjutant()
        .arg("do")
        .arg(save)
        .args(line.split_whitespace())
        .output()
        .unwrap()
}

/// `adjutant do <save> <line>`: must succeed; its output.
pub fn act(save: &Path, line: &str) -> String {
    let output = perform(save, line);
    assert!(
        output.status.success(),
        "`{line}` was refused: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// `adjutant do <save> <line>` must be refused (exit 1) without touching the save; the
/// reason.
pub fn refused_by_cli(save: &Path, line: &str) -> String {
    let before = std::fs::read(save).unwrap();
    let output = perform(save, line);
    assert_eq!(output.status.code(), Some(1), "`{line}` was not refused");
    assert_eq!(
        std::fs::read(save).unwrap(),
        before,
        "`{line}` changed the save"
    );
    String::from_utf8(output.stderr).unwrap()
}

/// `adjutant show <save> --json`.
pub fn show_json(save: &Path) -> Value {
    let output = adjutant()
        .arg("show")
        .arg(save)
        .arg("--json")
        .output()
        .unwrap();
    assert!(output.status.success());
    serde_json::from_slice(&output.stdout).unwrap()
}

/// A unit of a `show --json` state, by id.
pub fn json_unit<'a>(state: &'a Value, id: &str) -> &'a Value {
    state["units"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["id"] == id)
        .unwrap_or_else(|| panic!("no unit {id}"))
}

/// `next` until the battle is in `phase` (`show --json`'s name for it), at most 12 times:
/// a battle that never gets there fails the test rather than hanging it.
pub fn to_phase(save: &Path, phase: &str) {
    for _ in 0..12 {
        if show_json(save)["phase"] == phase {
            return;
        }
        act(save, "next");
    }
    panic!("never reached the {phase} phase in 12 steps");
}

/// `next` until the turn and phase named are reached, at most 12 times.
pub fn next_until(save: &Path, turn: u32, phase: &str) {
    let wanted = format!("Turn {turn}, ");
    for _ in 0..12 {
        let out = act(save, "next");
        if out.contains(&wanted) && out.contains(&format!("{phase} phase")) {
            return;
        }
    }
    panic!("never reached turn {turn}, {phase} phase in 12 steps");
}
