//! Driving the `adjutant` binary as a referee's shell would, and reading `show --json`.

use assert_cmd::Command;
use serde_json::Value;
use std::path::Path;

pub fn adjutant() -> Command {
    Command::cargo_bin("adjutant").unwrap()
}

/// `adjutant do <save> <line>`: must succeed; its output.
pub fn act(save: &Path, line: &str) -> String {
    let output = adjutant()
        .arg("do")
        .arg(save)
        .args(line.split_whitespace())
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "`{line}` was refused: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
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
