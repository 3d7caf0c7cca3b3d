//! Files turned against the referee (issue "Files that cannot be lost…"): a lock that
//! would clobber a file of the same name or follow a link, a FIFO where a save should be,
//! a rewrite that loses a save's mode or owner, and the sentences each fault gets. Each
//! test reproduces one report on the binary, as a referee's shell would meet it.
#![cfg(unix)]

mod common;

use common::cli::{act, adjutant, new_save};
use predicates::prelude::PredicateBooleanExt;
use predicates::str::contains;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;
use std::time::Duration;

/// The longest a refusal may take before the test calls it a hang: generous, since only a
/// blocked process ever reaches it.
const HANG: Duration = Duration::from_secs(60);

/// The names in `folder`, sorted.
fn names_in(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

fn set_mode(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// `adjutant do <save> hit fr-4l1 1`, which must be refused (exit 1).
fn hit_refused(save: impl AsRef<std::ffi::OsStr>) -> assert_cmd::assert::Assert {
    adjutant()
        .arg("do")
        .arg(save)
        .args(["hit", "fr-4l1", "1"])
        .assert()
        .code(1)
}

fn is_root() -> bool {
    std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

/// `do` on a name that is not a save (here `Cargo`, beside a `Cargo.lock`) is refused
/// without touching `Cargo.lock`: the report had it replaced by a pid.
#[test]
fn a_lock_never_truncates_a_file_of_its_name() {
    let folder = tempfile::tempdir().unwrap();
    let cargo_lock = folder.path().join("Cargo.lock");
    std::fs::write(&cargo_lock, "# the project's lock file\nversion = 4\n").unwrap();
    std::fs::write(folder.path().join("Cargo"), "not a save\n").unwrap();
    adjutant()
        .current_dir(folder.path())
        .args(["do", "Cargo", "hit", "fr-4l1", "1"])
        .assert()
        .code(1)
        .stderr(contains("not an Adjutant save"));
    assert_eq!(
        std::fs::read_to_string(&cargo_lock).unwrap(),
        "# the project's lock file\nversion = 4\n"
    );
    assert_eq!(names_in(folder.path()), ["Cargo", "Cargo.lock"]);
}

/// A real save whose lock name is taken by a file Adjutant did not make: refused, the file
/// left as it was.
#[test]
fn a_foreign_file_at_the_lock_name_is_left_alone() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_save(folder.path(), "s.toml", "tutorial", 3);
    let lock = folder.path().join("s.toml.lock");
    std::fs::write(&lock, "the referee's own notes\n").unwrap();
    hit_refused(&save).stderr(contains("s.toml.lock").and(contains("not an Adjutant lock")));
    assert_eq!(
        std::fs::read_to_string(&lock).unwrap(),
        "the referee's own notes\n"
    );
    adjutant()
        .args(["new", "tutorial", "-o"])
        .arg(folder.path().join("t.toml"))
        .assert()
        .success();
    std::fs::write(folder.path().join("u.toml.lock"), "mine\n").unwrap();
    adjutant()
        .args(["new", "tutorial", "-o"])
        .arg(folder.path().join("u.toml"))
        .assert()
        .code(1)
        .stderr(contains("not an Adjutant lock"));
    assert_eq!(
        std::fs::read_to_string(folder.path().join("u.toml.lock")).unwrap(),
        "mine\n"
    );
    assert!(!folder.path().join("u.toml").exists());
}

/// A lock name that is a symbolic link is never followed: the file it points at is kept
/// byte for byte, and the refusal says what to remove. The report had a victim replaced,
/// and a link to /dev/null answered "Invalid argument (os error 22)".
#[test]
fn a_lock_that_is_a_link_is_not_followed() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_save(folder.path(), "s.toml", "tutorial", 3);
    let victim = folder.path().join("victim.txt");
    std::fs::write(&victim, "precious\n").unwrap();
    let lock = folder.path().join("s.toml.lock");
    for target in [victim.as_path(), Path::new("/dev/null")] {
        let _ = std::fs::remove_file(&lock);
        std::os::unix::fs::symlink(target, &lock).unwrap();
        let before = std::fs::read(&save).unwrap();
        hit_refused(&save).stderr(
            contains("s.toml.lock")
                .and(contains("symbolic link"))
                .and(contains("os error").not()),
        );
        assert_eq!(std::fs::read(&save).unwrap(), before);
    }
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n");
}

/// A lock name hard-linked to another file would have Adjutant write into that file.
#[test]
fn a_lock_that_is_a_hard_link_is_not_written() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_save(folder.path(), "s.toml", "tutorial", 3);
    let victim = folder.path().join("victim.txt");
    std::fs::write(&victim, "").unwrap();
    std::fs::hard_link(&victim, folder.path().join("s.toml.lock")).unwrap();
    hit_refused(&save).stderr(contains("s.toml.lock"));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "");
}

/// After a command, a refusal, a missing save or a damaged one, the folder holds what it
/// held before: no lock is left behind.
#[test]
fn nothing_is_left_behind() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_save(folder.path(), "s.toml", "tutorial", 3);
    assert_eq!(names_in(folder.path()), ["s.toml"]);
    act(&save, "hit fr-4l1 1");
    adjutant()
        .arg("do")
        .arg(&save)
        .args(["hit", "nobody", "1"])
        .assert()
        .code(1);
    hit_refused(folder.path().join("missing.toml")).stderr(contains("missing.toml"));
    let damaged = folder.path().join("damaged.toml");
    let text = std::fs::read_to_string(&save).unwrap();
    std::fs::write(&damaged, &text[..text.len() / 2]).unwrap();
    hit_refused(&damaged);
    assert_eq!(names_in(folder.path()), ["damaged.toml", "s.toml"]);
}

/// A link named as the save, pointing at a file that is not a save (as root, the report
/// made /etc/passwd.lock): refused, and nothing is made beside the file it points at.
#[test]
fn a_link_to_a_file_that_is_not_a_save_makes_no_lock() {
    let outside = tempfile::tempdir().unwrap();
    let passwd = outside.path().join("passwd");
    std::fs::write(&passwd, "root:x:0:0:root:/root:/bin/bash\n").unwrap();
    let folder = tempfile::tempdir().unwrap();
    let link = folder.path().join("game.toml");
    std::os::unix::fs::symlink(&passwd, &link).unwrap();
    hit_refused(&link).stderr(contains("not an Adjutant save"));
    assert_eq!(names_in(outside.path()), ["passwd"]);
    assert_eq!(names_in(folder.path()), ["game.toml"]);
}

/// A FIFO where a save or a scenario should be is refused at once, by every command that
/// reads one: the report had `do`, `show`, `check` and `new` wait forever for a writer.
#[test]
fn a_fifo_is_refused_without_blocking() {
    let folder = tempfile::tempdir().unwrap();
    let fifo = folder.path().join("pipe.toml");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let fifo_arg = fifo.to_str().unwrap();
    for args in [
        vec!["do", fifo_arg, "hit", "fr-4l1", "1"],
        vec!["show", fifo_arg],
        vec!["check", fifo_arg],
        vec!["log", fifo_arg],
        vec!["new", fifo_arg, "-o", "/nonexistent/x.toml"],
    ] {
        adjutant()
            .args(&args)
            .timeout(HANG)
            .assert()
            .code(1)
            .stderr(contains("pipe.toml").and(contains("not a regular file")));
    }
    assert_eq!(names_in(folder.path()), ["pipe.toml"]);
}

/// A rewrite keeps the save's mode (as editors do): the players' group that may read it
/// still may after the referee's next command. A new save is private unless asked.
#[test]
fn a_rewrite_keeps_the_mode() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_save(folder.path(), "s.toml", "tutorial", 3);
    assert_eq!(mode(&save), 0o600);
    for kept in [0o640, 0o644, 0o660, 0o600, 0o400] {
        set_mode(&save, kept);
        act(&save, "hit fr-4l1 1");
        assert_eq!(mode(&save), kept, "{kept:o}");
    }
    let shared = folder.path().join("shared.toml");
    adjutant()
        .args(["new", "tutorial", "--mode", "640", "-o"])
        .arg(&shared)
        .assert()
        .success();
    assert_eq!(mode(&shared), 0o640);
    for bad in ["777", "600x", "1640", "066", "602"] {
        adjutant()
            .args(["new", "tutorial", "--mode", bad, "-o"])
            .arg(folder.path().join("bad.toml"))
            .assert()
            .code(2)
            .stderr(contains("--mode"));
    }
    assert!(!folder.path().join("bad.toml").exists());
}

/// Root's command on a referee's save leaves it the referee's: the report had it become
/// root's 0600, locking its owner out.
#[test]
fn a_rewrite_by_root_keeps_the_owner() {
    if !is_root() {
        eprintln!("skipped: changing a file's owner needs root (CI runs as root)");
        return;
    }
    let folder = tempfile::tempdir().unwrap();
    let save = new_save(folder.path(), "s.toml", "tutorial", 3);
    std::os::unix::fs::chown(&save, Some(4321), Some(4322)).unwrap();
    set_mode(&save, 0o640);
    act(&save, "hit fr-4l1 1");
    let meta = std::fs::metadata(&save).unwrap();
    assert_eq!((meta.uid(), meta.gid(), mode(&save)), (4321, 4322, 0o640));
}

/// A watched save replaced by a FIFO: the report had `watch` freeze and ignore `q`. It
/// says what is there and quits on `q`.
#[test]
fn a_watched_save_replaced_by_a_fifo_does_not_freeze_the_watcher() {
    use common::tmux::{Tmux, assert_terminal_restored, new_game, tmux_available};
    if !tmux_available() {
        eprintln!("skipped: no tmux");
        return;
    }
    let folder = tempfile::tempdir().unwrap();
    let save = new_game(folder.path());
    let tmux = Tmux::start(&save, &["watch"], &[], 80, 24);
    tmux.wait_for("WATCHING");
    std::fs::remove_file(&save).unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(&save)
        .status()
        .unwrap();
    assert!(made.success());
    tmux.wait_for("not a regular file");
    tmux.send("q");
    tmux.wait_for("exit=0");
    assert_terminal_restored(&tmux);
}

/// A file name holding an escape reached the terminal raw through `new`'s output and the
/// error messages: each is shown with its code, and nothing is obeyed.
#[test]
fn a_file_name_with_an_escape_is_shown_not_obeyed() {
    let folder = tempfile::tempdir().unwrap();
    let evil = folder.path().join("evil\u{1b}]0;pwned\u{7}.toml");
    std::fs::write(&evil, TUTORIAL).unwrap();
    let saves = folder.path().join("saves");
    let made = adjutant()
        .env("ADJUTANT_SAVES", &saves)
        .arg("new")
        .arg(&evil)
        .output()
        .unwrap();
    assert!(made.status.success());
    let printed = String::from_utf8(made.stdout).unwrap();
    assert!(!printed.contains('\u{1b}'), "{printed:?}");
    assert!(
        printed.contains("evil<U+001B>]0;pwned<U+0007>-1.toml"),
        "{printed:?}"
    );

    std::fs::write(&evil, TUTORIAL.replacen("[scenario]", "[scenario\n", 1)).unwrap();
    for command in ["check", "new", "show"] {
        let refused = adjutant().arg(command).arg(&evil).output().unwrap();
        assert_eq!(refused.status.code(), Some(1), "{command}");
        let said = String::from_utf8(refused.stderr).unwrap();
        assert!(!said.contains('\u{1b}'), "{command}: {said:?}");
        assert!(
            said.contains("evil<U+001B>]0;pwned<U+0007>.toml"),
            "{command}: {said:?}"
        );
    }
}

const TUTORIAL: &str = include_str!("../scenarios/tutorial.toml");

/// A direction override or a zero-width space in a name or an id would make what players
/// read differ from what is there: refused, naming the field.
#[test]
fn invisible_characters_in_names_are_refused() {
    let folder = tempfile::tempdir().unwrap();
    for (from, to, field) in [
        ("\"1/4e Ligne\"", "\"1/4e \u{202E}engiL\"", "unit[1].name"),
        ("\"French\"", "\"Fre\u{200B}nch\"", "side[1].name"),
        ("\"French\"", "\"Fre\u{2066}nch\u{2069}\"", "side[1].name"),
    ] {
        assert!(TUTORIAL.contains(from));
        let scenario = folder.path().join("s.toml");
        std::fs::write(&scenario, TUTORIAL.replacen(from, to, 1)).unwrap();
        adjutant()
            .arg("new")
            .arg(&scenario)
            .arg("-o")
            .arg(folder.path().join("g.toml"))
            .assert()
            .code(1)
            .stderr(contains(field).and(contains("invisible character")));
        assert!(!folder.path().join("g.toml").exists());
    }
}

/// A note may hold them (a Persian note needs its zero-width non-joiner), and is shown
/// with their codes by `log` and `show`, as JSON escapes by `show --json`.
#[test]
fn invisible_characters_in_notes_are_shown_by_their_codes() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_save(folder.path(), "s.toml", "tutorial", 3);
    act(&save, "note fr-4l1 held \u{202E}detuor");
    let log = adjutant().arg("log").arg(&save).output().unwrap();
    let show = adjutant().arg("show").arg(&save).output().unwrap();
    for (what, output) in [("log", log), ("show", show)] {
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(!text.contains('\u{202E}'), "{what}: {text}");
        assert!(text.contains("held <U+202E>detuor"), "{what}: {text}");
    }
    let json = adjutant()
        .arg("show")
        .arg(&save)
        .arg("--json")
        .output()
        .unwrap();
    let json = String::from_utf8(json.stdout).unwrap();
    assert!(!json.contains('\u{202E}'), "{json}");
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(value.to_string().contains("held \u{202E}detuor"));
    // The reports carry no notes today; their escaping shows any such text by its code.
    let html = adjutant::report::html::escape("held \u{202E}detuor");
    let markdown = adjutant::report::markdown::escape("held \u{202E}detuor");
    assert_eq!(html, "held &lt;U+202E&gt;detuor");
    assert_eq!(markdown, "held \\<U+202E\\>detuor");
}

/// Every text a command carries is bounded: the report built a 67 MB save, which `show`,
/// `do` and `undo` then refused, from 18 notes of 120,000 characters.
#[test]
fn long_notes_and_command_lines_are_refused() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_save(folder.path(), "s.toml", "tutorial", 3);
    let note = format!("note fr-4l1 {}", "x".repeat(120_000));
    let said = common::cli::refused_by_cli(&save, &note);
    assert!(
        said.contains("a command holds at most 1000 characters; this one has 120012"),
        "{said}"
    );
    let note = format!("note fr-4l1 {}", "x".repeat(501));
    let said = common::cli::refused_by_cli(&save, &note);
    assert!(
        said.contains("a note holds at most 500 characters; this one has 501"),
        "{said}"
    );
    let line = format!("hit fr-4l1 1 {}", "1 ".repeat(600));
    let said = common::cli::refused_by_cli(&save, &line);
    assert!(
        said.contains("a command holds at most 1000 characters"),
        "{said}"
    );
    act(&save, &format!("note fr-4l1 {}", "y".repeat(500)));
}

/// A scenario's names, ids and counts are bounded, each refusal at its line.
#[test]
fn scenarios_beyond_the_bounds_are_refused() {
    let folder = tempfile::tempdir().unwrap();
    let scenario = folder.path().join("s.toml");
    let long_name = format!("\"{}\"", "N".repeat(101));
    let long_id = format!("\"{}\"", "i".repeat(65));
    let mut many = TUTORIAL.to_owned();
    let unit = "\n[[unit]]\nid = \"u{n}\"\nside = \"france\"\nname = \"U\"\narm = \"infantry\"\n\
                type = \"line\"\ngrade = \"C\"\nfigures = 12\n";
    for n in 0..2_000 {
        many.push_str(&unit.replace("{n}", &n.to_string()));
    }
    for (text, said) in [
        (
            TUTORIAL.replacen("\"1/4e Ligne\"", &long_name, 1),
            "its name is 101 characters; it holds at most 100",
        ),
        (
            TUTORIAL.replacen("\"fr-4l1\"", &long_id, 1),
            "is 65 characters; an id holds at most 64",
        ),
        (many, "more than 2000 units"),
    ] {
        std::fs::write(&scenario, text).unwrap();
        adjutant()
            .arg("check")
            .arg(&scenario)
            .assert()
            .code(1)
            .stderr(contains(said).and(contains("s.toml:")));
    }
}

/// A battle runs at most `MAX_TURNS` turns: a log of nothing but `next` would otherwise
/// grow turn starts and phase ends, each costing every unit, without end (380,000 of them
/// on 2,000 units took 17 s and 1.6 GB to load).
#[test]
fn a_battle_ends_at_the_longest_a_battle_runs() {
    use adjutant::game::{Game, MAX_TURNS};
    let (scenario, spec) = adjutant::scenario::parse(
        "tutorial",
        adjutant::scenario::built_in("tutorial").unwrap(),
    )
    .unwrap();
    let mut game = Game::new(scenario, spec, 7);
    let refusal = loop {
        match game.perform("next") {
            Ok(_) => assert!(game.state().turn() <= MAX_TURNS),
            Err(refusal) => break refusal.to_string(),
        }
    };
    assert_eq!(game.state().turn(), MAX_TURNS);
    assert!(
        refusal.contains("a battle runs at most 200 turns"),
        "{refusal}"
    );
    assert!(TUTORIAL.contains("\nturns = 8\n"));
    let scenario = TUTORIAL.replacen("\nturns = 8\n", "\nturns = 201\n", 1);
    let folder = tempfile::tempdir().unwrap();
    std::fs::write(folder.path().join("s.toml"), scenario).unwrap();
    adjutant()
        .arg("check")
        .arg(folder.path().join("s.toml"))
        .assert()
        .code(1)
        .stderr(contains("turns must be at most 200, not 201"));
}
