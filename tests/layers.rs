//! The crate's top-level modules stand in layers, and a module names only the layers below
//! it: the rules never reach up into the game they are played in, the game never into the
//! files it is saved to, and nothing below the screen knows there is one. An import that
//! runs back up makes the two modules one knot that must be read, tested and changed
//! together; this test finds it from the source text, so it fails before anyone builds on
//! it.
//!
//! To see the edges as they stand: `grep -rnoE 'crate::[a-z_]+' src/<module>`.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

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
        "game",
        "the battle: commands, each ruleset's throws, history",
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

fn rust_files(folder: &Path, found: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|entry| entry.expect("a readable folder entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push(path);
        }
    }
}

/// The top-level module a file belongs to: `src/game/check.rs` is `game`, `src/core.rs`
/// would be `core`.
fn module_of(src: &Path, file: &Path) -> String {
    let inside = file.strip_prefix(src).expect("a file under src");
    let first = inside
        .components()
        .next()
        .expect("a path with a first part");
    let first = first.as_os_str().to_string_lossy();
    first.strip_suffix(".rs").unwrap_or(&first).to_owned()
}

/// The file's code without its comments and without a trailing `#[cfg(test)] mod … {`:
/// a unit test may build what it needs from any layer, as the tests in `tests/` do. A
/// statement that opens a group or a macro over several lines (`use crate::{`,
/// `matches!(`) is joined into one, numbered by its first line.
fn code_of(text: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut code: Vec<(usize, String)> = Vec::new();
    let mut open = 0i32;
    for (index, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]")
            && lines.get(index + 1).is_some_and(|next| {
                let next = next.trim_start();
                (next.starts_with("mod ") || next.starts_with("pub(crate) mod "))
                    && next.ends_with('{')
            })
        {
            break;
        }
        let line = without_comment(line);
        if line.trim().is_empty() {
            continue;
        }
        if open > 0 {
            if let Some((_, joined)) = code.last_mut() {
                joined.push(' ');
                joined.push_str(line.trim());
            }
            open += depth(line);
            continue;
        }
        code.push((index + 1, line.to_owned()));
        if line.contains("crate::{") || line.contains("matches!(") {
            open = depth(line);
        }
    }
    code
}

/// How many more brackets `line` opens than it closes.
fn depth(line: &str) -> i32 {
    line.chars()
        .map(|c| match c {
            '(' | '{' | '[' => 1,
            ')' | '}' | ']' => -1,
            _ => 0,
        })
        .sum()
}

/// `line` up to a `//` comment that is not inside a string.
fn without_comment(line: &str) -> &str {
    let mut in_string = false;
    let mut previous = ' ';
    for (at, c) in line.char_indices() {
        match c {
            '"' if previous != '\\' => in_string = !in_string,
            '/' if !in_string && previous == '/' => return &line[..at - 1],
            _ => {}
        }
        previous = c;
    }
    line
}

/// Each `crate::<module>` a line names, a group's (`crate::{game::X, rules::Y}`) included.
fn named_modules(line: &str) -> Vec<String> {
    let mut named = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("crate::") {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + "crate::".len()..];
        // `$crate::` in a macro, `adjutant_crate::`: not ours.
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        match rest.strip_prefix('{') {
            Some(group) => named.extend(group_items(group)),
            None => named.push(module_name(rest)),
        }
    }
    named.retain(|name| !name.is_empty());
    named
}

/// The first name of each item of a `use` group, up to the group's closing brace.
fn group_items(group: &str) -> Vec<String> {
    let mut items = vec![module_name(group.trim_start())];
    let mut level = 0;
    for (at, c) in group.char_indices() {
        match c {
            '{' => level += 1,
            '}' if level == 0 => break,
            '}' => level -= 1,
            ',' if level == 0 => items.push(module_name(group[at + 1..].trim_start())),
            _ => {}
        }
    }
    items
}

/// The module name `path` begins with.
fn module_name(path: &str) -> String {
    path.chars()
        .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
        .collect()
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rank(module: &str) -> Option<usize> {
    LAYERS.iter().position(|(name, _)| *name == module)
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
        modules.insert(module.clone());
        if OUTSIDE.contains(&module.as_str()) {
            continue;
        }
        let Some(own) = rank(&module) else {
            continue;
        };
        let text = fs::read_to_string(file).unwrap();
        for (number, line) in code_of(&text) {
            for named in named_modules(&line) {
                if named == module {
                    continue;
                }
                match rank(&named) {
                    Some(theirs) if theirs < own => {}
                    Some(_) => upward.push(format!(
                        "{}:{number}: `{module}` names `crate::{named}`, a layer above it",
                        file.strip_prefix(&src).unwrap().display()
                    )),
                    None if OUTSIDE.contains(&named.as_str()) => upward.push(format!(
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
    assert!(named_modules("use super::unit::Arm;").is_empty());
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
        "game"
    );
    assert_eq!(
        module_of(Path::new("src"), Path::new("src/scenario.rs")),
        "scenario"
    );
}
