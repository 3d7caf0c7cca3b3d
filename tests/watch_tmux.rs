//! `adjutant watch` in a real terminal, following a save that another process changes:
//! the referee's commands arrive through `adjutant do`, which takes the save's lock
//! itself (so each one succeeding proves the watcher holds none), and the pane must show
//! them within [`FOLLOWS`]. The save's bytes are never touched by the watcher, no lock
//! file is left, a garbled save raises the alarm and a good one clears it, and the
//! terminal is restored on `q` and on SIGTERM.
//!
//! Needs `tmux`: without it the tests fail when `CI` is set and are skipped otherwise.

mod common;

use common::tmux::{Tmux, act_succeeds, assert_terminal_restored, new_game, run, tmux_available};
use std::path::Path;
use std::process::Command;
use std::time::Duration;
use tempfile::TempDir;

/// How soon a change on disk must reach the screen: the watcher looks every 250 ms.
const FOLLOWS: Duration = Duration::from_secs(2);

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

/// Waits at most [`FOLLOWS`] for the screen to show `what`.
fn follows(tmux: &Tmux, what: &str, mut shows: impl FnMut(&str) -> bool) {
    tmux.wait_within(FOLLOWS, what, || shows(&tmux.capture()));
}

/// Every file in `folder` with its bytes.
fn files(folder: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&path).unwrap_or_default())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn at_50x20_a_hit_and_a_phase_made_elsewhere_show_within_two_seconds() {
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
    assert!(
        !screen.contains("Anglo-Allied"),
        "--side france shows the allies:\n{screen}"
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
fn an_idle_watcher_writes_nothing_and_leaves_no_lock() {
    if !tmux_available() {
        return;
    }
    let folder = TempDir::new().unwrap();
    let save = new_game(folder.path());
    // `new` left its (released) lock file; the watcher must not make one.
    std::fs::remove_file(folder.path().join("game.toml.lock")).unwrap();
    let before = files(folder.path());
    let modified = std::fs::metadata(&save).unwrap().modified().unwrap();

    let tmux = watch(&save, &[], 80, 24);
    for key in [
        "j", "Enter", "Escape", "/", "Escape", "?", "Escape", "4", "k",
    ] {
        tmux.send(key);
    }
    tmux.send("u");
    tmux.wait_for("read-only: watching");
    std::thread::sleep(Duration::from_millis(600));
    assert_eq!(files(folder.path()), before, "the folder changed");

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

    assert_eq!(files(folder.path()), before, "the folder changed");
    assert_eq!(
        std::fs::metadata(&save).unwrap().modified().unwrap(),
        modified
    );
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
    // Gone for a moment, then back as it was.
    std::fs::remove_file(&save).unwrap();
    std::thread::sleep(Duration::from_millis(400));
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
