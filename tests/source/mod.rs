//! Reading the crate's source as text: its files, the module each holds, and the modules
//! each line of code names. The import tests (`layers.rs`, `circles.rs`) read it.
// Each test crate uses only some of these helpers.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The crate's files under `folder`, unit tests aside: a `tests.rs` is a module's tests
/// moved out of its file, which may build what it needs from any layer, as the tests in
/// `tests/` do and as a trailing `#[cfg(test)] mod tests { … }` may (`code_of`).
pub fn rust_files(folder: &Path, found: &mut Vec<PathBuf>) {
    every_rust_file(folder, found);
    found.retain(|path| path.file_name().is_some_and(|name| name != "tests.rs"));
}

/// Every `.rs` file under `folder`, in name order.
pub fn every_rust_file(folder: &Path, found: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|entry| entry.expect("a readable folder entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            every_rust_file(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push(path);
        }
    }
}

/// The module a file holds: `src/game/check.rs` is `game::check`, `src/rules/mod.rs` is
/// `rules`, `src/scenario.rs` is `scenario`.
pub fn module_of(src: &Path, file: &Path) -> String {
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
pub fn top(path: &str) -> &str {
    path.split("::").next().unwrap_or(path)
}

/// The file's code without its comments and without a trailing `#[cfg(test)] mod … {`:
/// a unit test may build what it needs from any layer, as the tests in `tests/` do. A
/// statement that opens a group or a macro over several lines (`use crate::{`,
/// `matches!(`) is joined into one, numbered by its first line.
pub fn code_of(text: &str) -> Vec<(usize, String)> {
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
pub fn depth(line: &str) -> i32 {
    line.chars()
        .map(|c| match c {
            '(' | '{' | '[' => 1,
            ')' | '}' | ']' => -1,
            _ => 0,
        })
        .sum()
}

/// `line` up to a `//` comment that is not inside a string.
pub fn without_comment(line: &str) -> &str {
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
pub fn named_paths(line: &str, module: &str) -> Vec<String> {
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
pub fn child_modules(text: &str) -> Vec<String> {
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
pub fn with_children_named(line: &str, children: &[String]) -> String {
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
pub fn tree_paths(tree: &str) -> Vec<String> {
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
pub fn named_modules(line: &str) -> Vec<String> {
    let mut tops: Vec<String> = Vec::new();
    for path in named_paths(line, "") {
        if !tops.iter().any(|seen| *seen == top(&path)) {
            tops.push(top(&path).to_owned());
        }
    }
    tops
}

/// The module name `path` begins with.
pub fn module_name(path: &str) -> String {
    path.chars()
        .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
        .collect()
}

pub fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every module of the crate, and the modules of the crate its code names (unit tests
/// aside), each resolved to the longest module path it begins with. A module naming its
/// own descendants is left out: a folder's `mod.rs` owns what is under it.
pub fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = src();
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let modules: BTreeSet<String> = files.iter().map(|file| module_of(&src, file)).collect();
    let resolve = |path: &str| {
        let mut parts: Vec<&str> = path.split("::").collect();
        while !parts.is_empty() {
            let candidate = parts.join("::");
            if modules.contains(&candidate) {
                return Some(candidate);
            }
            parts.pop();
        }
        None
    };
    let mut graph = BTreeMap::new();
    for file in &files {
        let module = module_of(&src, file);
        let text = fs::read_to_string(file).unwrap();
        let children = child_modules(&text);
        let mut named = BTreeSet::new();
        for (_, line) in code_of(&text) {
            for path in named_paths(&with_children_named(&line, &children), &module) {
                if let Some(target) = resolve(&path) {
                    let descendant = target.starts_with(&format!("{module}::"));
                    if target != module && !descendant {
                        named.insert(target);
                    }
                }
            }
        }
        graph.insert(module, named);
    }
    graph
}
