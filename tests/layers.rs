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

/// The module a file holds: `src/game/check.rs` is `game::check`, `src/rules/mod.rs` is
/// `rules`, `src/scenario.rs` is `scenario`.
fn module_of(src: &Path, file: &Path) -> String {
    let inside = file.strip_prefix(src).expect("a file under src");
    let mut parts: Vec<String> = inside
        .components()
        .map(|part| part.as_os_str().to_string_lossy().into_owned())
        .collect();
    if let Some(last) = parts.last_mut() {
        *last = last.strip_suffix(".rs").unwrap_or(last).to_owned();
    }
    if parts.len() > 1 && parts.last().is_some_and(|last| last == "mod") {
        parts.pop();
    }
    parts.join("::")
}

/// The top-level module of a path: `game` for `game::check`.
fn top(path: &str) -> &str {
    path.split("::").next().unwrap_or(path)
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
        if (line.contains("::{") || line.contains("matches!(")) && depth(line) > 0 {
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

/// Each module path a line names from the crate's root, a group's
/// (`crate::{game::X, rules::{Y, unit::Z}}`) expanded: `crate::` paths as written, and
/// `super::`/`self::` paths resolved from `module`, the module the line is in.
fn named_paths(line: &str, module: &str) -> Vec<String> {
    let mut named = Vec::new();
    let mut from = 0;
    while let Some(found) = line[from..].find(['c', 's']) {
        let at = from + found;
        let before = line[..at].chars().next_back();
        let mut rest = &line[at..];
        from = at + 1;
        // `$crate::` in a macro, `adjutant_crate::`, `x::super::`: not a path's start.
        let starts =
            !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$' || c == ':');
        let base = if let Some(after) = rest.strip_prefix("crate::").filter(|_| starts) {
            rest = after;
            Vec::new()
        } else if rest.starts_with("super::") && starts {
            let mut base: Vec<&str> = module.split("::").collect();
            while let Some(after) = rest.strip_prefix("super::") {
                base.pop();
                rest = after;
            }
            base
        } else if let Some(after) = rest.strip_prefix("self::").filter(|_| starts) {
            rest = after;
            module.split("::").collect()
        } else {
            continue;
        };
        for path in tree_paths(rest) {
            let mut whole: Vec<&str> = base.clone();
            whole.extend(path.split("::").filter(|part| !part.is_empty()));
            let whole = whole.join("::");
            if !whole.is_empty() && !named.contains(&whole) {
                named.push(whole);
            }
        }
    }
    named
}

/// The modules a file declares (`mod x;`, `pub mod x;`, `pub(crate) mod x;`), which its
/// `use x::…` names without `self::`.
fn child_modules(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| {
            let line = line.trim();
            let rest = line
                .strip_prefix("pub(crate) ")
                .or_else(|| line.strip_prefix("pub "))
                .unwrap_or(line);
            let name = rest.strip_prefix("mod ")?.strip_suffix(';')?;
            Some(name.to_owned())
        })
        .collect()
}

/// `line` with a `use` of a child module written out as `self::`: `use play::check;` in
/// `rules/charge_moves/mod.rs` names `rules::charge_moves::play::check`.
fn with_children_named(line: &str, children: &[String]) -> String {
    let trimmed = line.trim_start();
    let Some(path) = ["use ", "pub use ", "pub(crate) use ", "pub(super) use "]
        .iter()
        .find_map(|start| trimmed.strip_prefix(start))
    else {
        return line.to_owned();
    };
    let named = children.iter().any(|child| {
        path.strip_prefix(child.as_str())
            .is_some_and(|rest| rest.starts_with("::"))
    });
    if named {
        line.replacen(path, &format!("self::{path}"), 1)
    } else {
        line.to_owned()
    }
}

/// The module paths of a `use` tree: `a::b::{c, d::{e, F}}` gives `a::b::c`, `a::b::d::e`
/// and `a::b::d` (an empty path: the prefix itself). A path stops at its first name that is not a module's (one with a
/// capital, `self`, a glob).
fn tree_paths(tree: &str) -> Vec<String> {
    let mut segments = Vec::new();
    let mut rest = tree.trim_start();
    loop {
        let name = module_name(rest);
        if name.is_empty() || name == "self" {
            break;
        }
        rest = &rest[name.len()..];
        segments.push(name);
        match rest.strip_prefix("::") {
            Some(after) => rest = after,
            None => return vec![segments.join("::")],
        }
    }
    let prefix = segments.join("::");
    let Some(group) = rest.strip_prefix('{') else {
        return vec![prefix];
    };
    let mut paths = Vec::new();
    let mut level = 0;
    let mut item_start = 0;
    let mut closed = false;
    for (at, c) in group.char_indices() {
        let ends_item = match c {
            '{' => {
                level += 1;
                false
            }
            '}' if level == 0 => true,
            '}' => {
                level -= 1;
                false
            }
            ',' => level == 0,
            _ => false,
        };
        if ends_item {
            closed = c == '}';
            for path in tree_paths(&group[item_start..at]) {
                paths.push(match (prefix.is_empty(), path.is_empty()) {
                    (_, true) => prefix.clone(),
                    (true, false) => path,
                    (false, false) => format!("{prefix}::{path}"),
                });
            }
            item_start = at + 1;
            if c == '}' {
                break;
            }
        }
    }
    if !closed {
        // A group the line leaves open still names its prefix.
        paths.push(prefix);
    }
    paths
}

/// The top-level modules a line names from the crate's root.
fn named_modules(line: &str) -> Vec<String> {
    let mut tops: Vec<String> = Vec::new();
    for path in named_paths(line, "") {
        if !tops.iter().any(|seen| *seen == top(&path)) {
            tops.push(top(&path).to_owned());
        }
    }
    tops
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
