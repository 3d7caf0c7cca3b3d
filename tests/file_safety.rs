//! The files Adjutant reads and writes, against a hostile or broken disk: a full device,
//! private modes, files too large to be a save or scenario, names that try to leave the
//! saves folder.

mod common;

use common::cli::adjutant;
use predicates::prelude::PredicateBooleanExt;
use predicates::str::contains;

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
