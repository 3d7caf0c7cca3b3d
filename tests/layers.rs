//! The crate's top-level modules stand in layers, and a module names only the layers below
//! it: the rules never reach up into the game they are played in, the game never into the
//! files it is saved to, and nothing below the screen knows there is one. An import that
//! runs back up makes the two modules one knot that must be read, tested and changed
//! together; this test finds it from the source text, so it fails before anyone builds on
//! it.
//!
//! To see the edges as they stand: `grep -rnoE 'crate::[a-z_]+' src/<module>`.

mod source;

use source::{
    child_modules, code_of, module_of, named_modules, named_paths, rust_files, src, top,
    with_children_named,
};
use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

/// Lowest first. A module may name those before it, never those after.
const LAYERS: &[(&str, &str)] = &[
    (
        "core",
        "dice, passages, counted nouns, what may reach a screen",
    ),
    (
        "read",
        "every file read within bounds, and its errors at line and column",
    ),
    (
        "rules",
        "the rulesets' pure rules and the roster every ruleset reads",
    ),
    ("scenario", "scenario files checked into a starting roster"),
    (
        "engine",
        "the state, its events and their one apply, rolls, and the checks every ruleset shares",
    ),
    (
        "play",
        "each ruleset's throws worked out over the engine (`rules/<ruleset>/play/`)",
    ),
    (
        "game",
        "the battle: commands sent to the ruleset that owns the word, history",
    ),
    (
        "reference",
        "the charts of each ruleset for `/` and `lookup`",
    ),
    ("persist", "saves: format, atomic writes, lock, paths"),
    ("report", "the after-action report"),
    ("tui", "the screen"),
    ("serve", "the screen over SSH"),
    ("cli", "the subcommands"),
];

/// A ruleset keeps everything of its own in its folder, each part at its layer: its
/// numbers and charts with the rules, what its scenarios say beyond the shared roster
/// (`scenario`) with the scenario loader, its throws (`play`) over the engine. A module
/// under such a pattern (`*` a ruleset's folder) stands at that layer rather than its
/// top-level module's.
const BY_ROLE: &[(&str, &str)] = &[
    ("rules::*::play", "play"),
    ("rules::*::scenario", "scenario"),
];

/// Modules outside the layers: the crate roots, and helpers compiled only for unit tests.
const OUTSIDE: &[&str] = &["lib", "main", "test_games"];

/// What the rules may not touch: the rules are pure, so a roll's dice and the time come in
/// as values and a rules test needs no file, terminal or clock.
const IMPURE: &[&str] = &[
    "std::fs",
    "std::io",
    "std::env",
    "std::net",
    "std::process",
    "std::thread",
    "std::time",
    "thread_rng",
    "println!",
    "eprintln!",
];

fn rank(module: &str) -> Option<usize> {
    LAYERS.iter().position(|(name, _)| *name == module)
}

/// The layer a module path stands at: its role in a ruleset's folder, else its top-level
/// module's.
fn layer_of(path: &str) -> Option<usize> {
    let parts: Vec<&str> = path.split("::").collect();
    for (pattern, layer) in BY_ROLE {
        let wanted: Vec<&str> = pattern.split("::").collect();
        if parts.len() >= wanted.len()
            && wanted
                .iter()
                .zip(&parts)
                .all(|(want, part)| *want == "*" || want == part)
        {
            return rank(layer);
        }
    }
    rank(top(path))
}

#[test]
fn every_module_names_only_the_layers_below_it() {
    let src = src();
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    assert!(
        files.len() > 50,
        "found only {} files under src",
        files.len()
    );
    let mut modules = BTreeSet::new();
    let mut upward = Vec::new();
    for file in &files {
        let module = module_of(&src, file);
        modules.insert(top(&module).to_owned());
        if OUTSIDE.contains(&top(&module)) {
            continue;
        }
        let Some(own) = layer_of(&module) else {
            continue;
        };
        let text = fs::read_to_string(file).unwrap();
        let children = child_modules(&text);
        for (number, line) in code_of(&text) {
            for named in named_paths(&with_children_named(&line, &children), &module) {
                match layer_of(&named) {
                    Some(theirs) if theirs <= own => {}
                    Some(_) => upward.push(format!(
                        "{}:{number}: `{module}` names `crate::{named}`, a layer above it",
                        file.strip_prefix(&src).unwrap().display()
                    )),
                    None if OUTSIDE.contains(&top(&named)) => upward.push(format!(
                        "{}:{number}: `{module}` names `crate::{named}`, which only tests may use",
                        file.strip_prefix(&src).unwrap().display()
                    )),
                    None => {}
                }
            }
        }
    }
    let unplaced: Vec<_> = modules
        .iter()
        .filter(|m| rank(m).is_none() && !OUTSIDE.contains(&m.as_str()))
        .collect();
    assert!(
        unplaced.is_empty(),
        "place each new top-level module in LAYERS (tests/layers.rs): {unplaced:?}"
    );
    assert!(
        upward.is_empty(),
        "imports that run back up the layers ({}):\n{}",
        LAYERS
            .iter()
            .map(|(name, _)| *name)
            .collect::<Vec<_>>()
            .join(" < "),
        upward.join("\n")
    );
}

#[test]
fn the_rules_touch_no_file_terminal_clock_or_unseeded_dice() {
    let rules = src().join("rules");
    let mut files = Vec::new();
    rust_files(&rules, &mut files);
    let mut impure = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).unwrap();
        for (number, line) in code_of(&text) {
            for word in IMPURE {
                if line.contains(word) {
                    impure.push(format!("{}:{number}: {word}", file.display()));
                }
            }
        }
    }
    assert!(
        impure.is_empty(),
        "the rules must stay pure:\n{}",
        impure.join("\n")
    );
}

/// Whether a line decides by comparing rulesets (`== Ruleset::X`, `!= Ruleset::X`,
/// `matches!(…, Ruleset::X)`), where a new ruleset would silently take one side.
fn compares_rulesets(line: &str) -> bool {
    let squeezed: String = line.split_whitespace().collect::<Vec<_>>().join(" ");
    if squeezed.contains("assert") {
        return false;
    }
    let Some(at) = squeezed.find("Ruleset::") else {
        return false;
    };
    let before =
        squeezed[..at].trim_end_matches(|c: char| c.is_alphanumeric() || c == '_' || c == ':');
    let before = before.strip_suffix("Some(").unwrap_or(before);
    let after = &squeezed[at + "Ruleset::".len()..];
    let after = after.trim_start_matches(|c: char| c.is_alphanumeric() || c == '_');
    let in_matches = squeezed
        .find("matches!(")
        .is_some_and(|m| squeezed[m..].contains("Ruleset::"));
    // `if let Ruleset::X = r`, `let Ruleset::X = r else`: one ruleset against the rest.
    let let_pattern =
        before.ends_with("let ") && after.starts_with(" =") && !after.starts_with(" ==");
    before.ends_with("== ")
        || before.ends_with("!= ")
        || after.starts_with(" ==")
        || after.starts_with(" !=")
        || in_matches
        || let_pattern
        || compares_rulesets(after)
}

/// Where the game differs by ruleset it asks the ruleset through a `match` that names
/// every one (or a question of `Ruleset`'s, answered that way), so a new ruleset is told
/// by the compiler at each place it must answer.
#[test]
fn every_ruleset_decision_is_an_exhaustive_match() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut comparing = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).unwrap();
        for (number, line) in code_of(&text) {
            if compares_rulesets(&line) {
                comparing.push(format!("{}:{number}: {}", file.display(), line.trim()));
            }
        }
    }
    assert!(
        comparing.is_empty(),
        "decide with a `match` on the ruleset that names every one:\n{}",
        comparing.join("\n")
    );
}

/// A ruleset's folder spans layers: its throws may use the engine, its numbers may not
/// use its throws, and the game may send a command to its throws.
#[test]
fn a_ruleset_folder_stands_at_each_layer_by_role() {
    let module = "rules::charge_moves::play";
    assert_eq!(
        named_paths("use super::{self as rules, Impetus, unit::Arm};", module),
        ["rules::charge_moves", "rules::charge_moves::unit"]
    );
    assert_eq!(
        named_paths(
            "use crate::rules::{charge_moves::play::{self, parse}, Ruleset};",
            ""
        ),
        [
            "rules::charge_moves::play",
            "rules::charge_moves::play::parse",
            "rules"
        ]
    );
    assert_eq!(
        named_paths("use super::super::engine::state::GameState;", "game::check"),
        ["engine::state"]
    );
    assert_eq!(
        named_paths("use self::play::charge;", "rules::charge_moves"),
        ["rules::charge_moves::play::charge"]
    );
    let children = child_modules("pub mod charts;\npub(crate) mod play;\nmod tests {");
    assert_eq!(children, ["charts", "play"]);
    assert_eq!(
        named_paths(
            &with_children_named("pub use play::{check, parse};", &children),
            "rules::charge_moves"
        ),
        [
            "rules::charge_moves::play::check",
            "rules::charge_moves::play::parse"
        ]
    );
    // `xsself::` and `ccrate::` are no path's start, and a group left open on its line
    // still names its prefix.
    assert!(named_paths("let xsself::a = ccrate::b;", "game").is_empty());
    assert_eq!(named_paths("use crate::game::{", ""), ["game"]);
    let play = layer_of("rules::charge_moves::play").unwrap();
    assert_eq!(LAYERS[play].0, "play");
    assert!(layer_of("rules::charge_moves").unwrap() < layer_of("engine::state").unwrap());
    assert!(layer_of("engine::state").unwrap() < play);
    assert!(play < layer_of("game::check").unwrap());
    assert_eq!(layer_of("rules::charge_moves::charts"), layer_of("rules"));
}

/// The checks above read text, so they are checked on text: an upward import is seen,
/// whatever form it takes, and what only looks like one is not.
#[test]
fn an_import_is_seen_in_every_form_it_takes() {
    assert_eq!(named_modules("use crate::game::Unit;"), ["game"]);
    assert_eq!(
        named_modules("    let most = crate::game::MAX_TURNS + crate::rules::X;"),
        ["game", "rules"]
    );
    assert!(named_modules("macro_rules! m { () => { $crate::game::X } }").is_empty());
    assert_eq!(
        named_paths("use super::unit::Arm;", "rules::sides"),
        ["rules::unit"]
    );
    assert_eq!(
        named_modules("use crate::{game::Unit, rules::{Ruleset, unit::Arm}, core};"),
        ["game", "rules", "core"]
    );
    let text = "use crate::game::A;\n// crate::tui in a comment\nlet x = 1; // crate::cli too\nlet url = \"http://x\"; use crate::read::R;\nuse crate::{\n    persist::P,\n    report::Q,\n};\nlet m = matches!(\n    r,\n    Ruleset::ChargeMoves\n);\nfn f() {}\n#[cfg(test)]\nmod tests {\n    use crate::tui::B;\n}\n";
    let code = code_of(text);
    let names: Vec<_> = code
        .iter()
        .flat_map(|(_, line)| named_modules(line))
        .collect();
    assert_eq!(names, ["game", "read", "persist", "report"]);
    let comparing: Vec<usize> = code
        .iter()
        .filter(|(_, line)| compares_rulesets(line))
        .map(|(number, _)| *number)
        .collect();
    assert_eq!(
        comparing,
        [9],
        "the matches! across lines 9-12, numbered by its first"
    );
    assert_eq!(
        module_of(Path::new("src"), Path::new("src/game/check.rs")),
        "game::check"
    );
    assert_eq!(
        module_of(Path::new("src"), Path::new("src/rules/charge_moves/mod.rs")),
        "rules::charge_moves"
    );
    assert_eq!(
        module_of(Path::new("src"), Path::new("src/scenario.rs")),
        "scenario"
    );
}
