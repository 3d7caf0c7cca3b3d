//! `adjutant watch` in a real terminal, following a save that another process changes:
//! the referee's commands arrive through `adjutant do`, which takes the save's lock
//! itself (so each one succeeding proves the watcher holds none), and the pane must come
//! to show them. The watcher never touches the save's folder from start to exit (no lock,
//! no temp file, not even one made and gone again, to the file system's resolution of
//! change times), a garbled save raises the alarm and a good one clears it, and the
//! terminal is restored on `q` and on SIGTERM.
//!
//! Every wait is on what the screen shows, bounded by the generous `common::tmux::DEADLINE`: how soon
//! a change reaches the screen depends on the runner, and the watcher's pace is its own
//! constant (`adjutant::tui::watch::POLL`), not a clock in a test.
//!
//! Needs `tmux`: without it the tests fail when `CI` is set and are skipped otherwise.

mod common;

use common::tmux::{
    Tmux, act_succeeds, assert_terminal_restored, new_game, run, selected, tmux_available,
};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::process::Command;
use tempfile::TempDir;

/// `adjutant watch <save> <args…>` at `width`x`height`, waited for until it shows.
fn watch(save: &Path, args: &[&str], width: u16, height: u16) -> Tmux {
    let tmux = Tmux::start(save, &["watch"], args, width, height);
    tmux.wait_for("WATCHING");
    tmux
}

/// The roster row of unit `id` on the screen, if shown.
fn row(screen: &str, id: &str) -> Option<String> {
    let id = format!(" {id} ");
    screen
        .lines()
        .find(|line| line.contains(&id))
        .map(str::to_owned)
}

/// Waits until the screen shows `what`.
fn follows(tmux: &Tmux, what: &str, mut shows: impl FnMut(&str) -> bool) {
    tmux.wait_until(what, || shows(&tmux.capture()));
}

/// What a folder holds, down to the changes a look now and then would miss: the folder's
/// own change time moves when any entry is made, removed or renamed, even one gone again
/// (a lock taken and dropped, a temp file renamed away), and each file's change time moves
/// when it is written, truncated or has its mode changed, even back to the same bytes.
/// Contents are held as a length and a hash, so a failure prints a few lines, not a save.
#[derive(Debug, PartialEq)]
struct FolderSeal {
    folder_changed: (i64, i64),
    files: Vec<SealedFile>,
}

#[derive(Debug, PartialEq)]
struct SealedFile {
    name: String,
    changed: (i64, i64),
    len: usize,
    hash: u64,
}

impl FolderSeal {
    fn of(folder: &Path) -> FolderSeal {
        let changed = |meta: &std::fs::Metadata| (meta.ctime(), meta.ctime_nsec());
        let mut files: Vec<SealedFile> = std::fs::read_dir(folder)
            .unwrap()
            .map(|entry| {
                let path = entry.unwrap().path();
                let bytes = std::fs::read(&path).unwrap_or_default();
                let mut hasher = DefaultHasher::new();
                bytes.hash(&mut hasher);
                SealedFile {
                    name: path.file_name().unwrap().to_string_lossy().into_owned(),
                    changed: changed(&std::fs::symlink_metadata(&path).unwrap()),
                    len: bytes.len(),
                    hash: hasher.finish(),
                }
            })
            .collect();
        files.sort_by(|a, b| a.name.cmp(&b.name));
        FolderSeal {
            folder_changed: changed(&std::fs::metadata(folder).unwrap()),
            files,
        }
    }
}

#[test]
fn at_50x20_a_hit_and_a_phase_made_elsewhere_reach_the_watcher() {
    if !tmux_available() {
        return;
    }
    let folder = TempDir::new().unwrap();
    let save = new_game(folder.path());
    let tmux = watch(&save, &["--side", "france"], 50, 20);
    let screen = tmux.capture();
    assert!(
        screen.contains("rally"),
        "not in the rally phase:\n{screen}"
    );
    // The other army stands on the table: France sees it, as tests/side_view.rs does.
    assert!(
        screen.contains("Anglo-Allied"),
        "--side france hides the allies' army:\n{screen}"
    );
    let before = row(&screen, "fr-61").unwrap_or_else(|| panic!("no fr-61:\n{screen}"));
    assert!(before.contains("12/12"), "{before}");

    act_succeeds(&save, "hit fr-61 2");
    follows(&tmux, "fr-61 down to 10 figures", |screen| {
        row(screen, "fr-61").is_some_and(|row| row.contains("10/12"))
    });
    act_succeeds(&save, "next");
    follows(&tmux, "the movement phase", |screen| {
        screen
            .lines()
            .next()
            .is_some_and(|title| title.contains("movement"))
    });

    // A key that would change the battle is refused, and the save stays the referee's.
    let on_disk = std::fs::read(&save).unwrap();
    tmux.send("h");
    tmux.wait_for("read-only: watching");
    assert_eq!(std::fs::read(&save).unwrap(), on_disk);
    tmux.send("q");
    tmux.wait_for("exit=0");
    assert_terminal_restored(&tmux);
}

#[test]
fn a_watcher_never_touches_the_folder_from_start_to_exit() {
    if !tmux_available() {
        return;
    }
    let folder = TempDir::new().unwrap();
    let save = new_game(folder.path());
    // `new` leaves no lock; the watcher must not make one.
    assert!(!folder.path().join("game.toml.lock").exists());
    let before = FolderSeal::of(folder.path());

    let tmux = watch(&save, &[], 80, 24);
    // Each key waits for what it does before the next goes out, so each is read alone.
    let card = "↑↓ unit · PgUp PgDn · Esc";
    let filter = "type to filter";
    tmux.press("j", "fr-61 selected", selected("fr-61"));
    tmux.press("Enter", "the unit's card", |s| s.contains(card));
    tmux.press("Escape", "the card closed", |s| !s.contains(card));
    tmux.press("/", "the filter", |s| s.contains(filter));
    tmux.press("Escape", "the filter closed", |s| !s.contains(filter));
    tmux.press("?", "the help", |s| s.contains("┌ Help"));
    tmux.press("Escape", "the help closed", |s| !s.contains("┌ Help"));
    tmux.press("4", "the log", |s| s.contains("[4 Log]"));
    // With the log in front, `k` scrolls a log with nothing to scroll: nothing to see.
    tmux.send("k");
    tmux.press("u", "undo refused", |s| s.contains("read-only: watching"));

    // SIGTERM (as sshd sends when the player's link drops) restores the terminal, and
    // claims no save.
    let shell = tmux.display("#{pane_pid}");
    let child = run(Command::new("pgrep").args(["-P", &shell]));
    let pid = String::from_utf8_lossy(&child.stdout).trim().to_owned();
    assert!(
        pid.parse::<u32>().is_ok(),
        "no watcher under the shell: {pid:?}"
    );
    assert!(
        run(Command::new("kill").args(["-TERM", &pid]))
            .status
            .success()
    );
    let screen = tmux.wait_for("exit=143");
    assert!(screen.contains("stopped by signal 15"), "{screen}");
    assert!(
        !screen.contains("saved in"),
        "the watcher claims a save:\n{screen}"
    );
    assert_terminal_restored(&tmux);
    // Sealed before the watcher started and read after it exited: this covers its whole
    // life, the keys, the idle looks and the signal.
    assert_eq!(FolderSeal::of(folder.path()), before, "the folder changed");
}

#[test]
fn a_garbled_save_raises_the_alarm_and_the_good_one_clears_it() {
    if !tmux_available() {
        return;
    }
    let folder = TempDir::new().unwrap();
    let save = new_game(folder.path());
    act_succeeds(&save, "hit fr-61 2");
    let tmux = watch(&save, &[], 80, 24);
    let good = std::fs::read(&save).unwrap();

    // A hand edit half done, written in place: the last good game stays on screen.
    let mut garbled = good.clone();
    garbled.truncate(good.len() / 2);
    std::fs::write(&save, &garbled).unwrap();
    follows(&tmux, "the alarm", |screen| {
        screen.contains("showing the last good game")
    });
    let screen = tmux.capture();
    assert!(
        screen.contains("game.toml"),
        "the alarm names no file:\n{screen}"
    );
    assert!(
        row(&screen, "fr-61").is_some_and(|row| row.contains("10/12")),
        "the last good game is gone:\n{screen}"
    );
    // Gone for a while (until the watcher says so), then back as it was.
    std::fs::remove_file(&save).unwrap();
    follows(&tmux, "the save reported missing", |screen| {
        screen.contains("there is no such file")
    });
    std::fs::write(&save, &good).unwrap();
    follows(&tmux, "the alarm cleared", |screen| {
        !screen.contains("showing the last good game") && screen.contains("updated")
    });

    // And it still follows the referee.
    act_succeeds(&save, "hit fr-61 1");
    follows(&tmux, "fr-61 down to 9 figures", |screen| {
        row(screen, "fr-61").is_some_and(|row| row.contains("9/12"))
    });
    tmux.send("q");
    tmux.wait_for("exit=0");
    assert_terminal_restored(&tmux);
}
