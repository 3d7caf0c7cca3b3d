//! The real binary in a real terminal: `adjutant play` runs inside a private tmux server,
//! the test types keys as a referee would and reads the screen back with `capture-pane`.
//!
//! The snapshot tests render the screen into a `TestBackend`; they cannot see what only a
//! terminal shows. These check that keys pressed in the terminal go through the command
//! language into the save (read back with `adjutant show --json`, which takes no lock),
//! that the screen draws at the usual and at a small size without panicking, and that on
//! `q` and on SIGTERM the terminal is restored (alternate screen left, cursor shown) and
//! the save's lock is released, and that the referee's keymap is read from the config
//! folder.
//!
//! Needs `tmux`: without it the tests fail when `CI` is set and are skipped otherwise.

mod common;

use common::tmux::{
    Tmux, act_succeeds, assert_terminal_restored, has_loss_hits, new_game, run, selected,
    show_json, tmux_available, try_show_json, unit,
};
use std::process::Command;
use tempfile::TempDir;

#[test]
fn at_80x24_hit_undo_help_quit() {
    if !tmux_available() {
        return;
    }
    let folder = TempDir::new().unwrap();
    let save = new_game(folder.path());
    let tmux = Tmux::play(&save, 80, 24);
    tmux.wait_for("fr-61");

    tmux.run_line("hit fr-61 2");
    tmux.wait_until("fr-61 at 2 loss hits in the save", || {
        has_loss_hits(&save, "fr-61", 2)
    });
    assert_eq!(unit(&show_json(&save), "fr-61")["figures"], 10);

    tmux.send("u");
    tmux.wait_until("the hit on fr-61 undone in the save", || {
        has_loss_hits(&save, "fr-61", 0)
    });
    assert_eq!(unit(&show_json(&save), "fr-61")["figures"], 12);

    tmux.send("?");
    let help = tmux.wait_for("Keys");
    assert!(help.contains("Help"), "no help window title:\n{help}");

    tmux.send("q");
    let screen = tmux.wait_for("exit=0");
    assert!(
        screen.contains("The game is saved in"),
        "no farewell line:\n{screen}"
    );
    assert_terminal_restored(&tmux);
    act_succeeds(&save, "hit fr-61 1");
}

#[test]
fn at_50x20_units_show_and_nothing_panics() {
    if !tmux_available() {
        return;
    }
    let folder = TempDir::new().unwrap();
    let save = new_game(folder.path());
    let tmux = Tmux::play(&save, 50, 20);
    let screen = tmux.wait_for("[1 Roster]");
    assert!(screen.contains("fr-61"), "no unit ids at 50x20:\n{screen}");

    // Each key waits for what it does before the next goes out, so each is read alone.
    tmux.press("j", "fr-61 selected", selected("fr-61"));
    tmux.press("j", "fr-108 selected", selected("fr-108"));
    tmux.press("Tab", "the checklist", |s| s.contains("[2 Checklist]"));
    tmux.press("Tab", "the dice", |s| s.contains("[3 Dice]"));
    tmux.press("?", "the help", |s| s.contains("┌ Help"));
    tmux.press("Escape", "the help closed", |s| !s.contains("┌ Help"));
    tmux.press("h", "the hit refused off the roster", |s| {
        s.contains("the roster is not on screen")
    });
    tmux.send("q");
    let screen = tmux.wait_for("exit=0");
    assert!(!screen.contains("panicked"), "a panic:\n{screen}");
    assert_terminal_restored(&tmux);
}

/// A screen killed with `kill -9` never leaves the alternate screen, and entering it
/// again blanks nothing: the screen opened next in that terminal must clear it, or the
/// old frame shows through wherever the new one is blank.
#[test]
fn a_screen_opened_over_a_killed_ones_leftovers_clears_them() {
    if !tmux_available() {
        return;
    }
    let folder = TempDir::new().unwrap();
    let save = new_game(folder.path());
    // The alternate screen left on and filled with junk, as a killed screen leaves it.
    let prelude = r"printf '\033[?1049h'; printf 'JUNK%.0s' $(seq 480); ";
    let tmux = Tmux::start_after(prelude, &save, &["play"], &[], 80, 24);
    let screen = tmux.wait_for("fr-61");
    assert!(
        !screen.contains("JUNK"),
        "the old screen shows through:\n{screen}"
    );
    tmux.send("q");
    tmux.wait_for("exit=0");
}

#[test]
fn sigterm_restores_the_terminal_and_releases_the_save() {
    if !tmux_available() {
        return;
    }
    let folder = TempDir::new().unwrap();
    let save = new_game(folder.path());
    let tmux = Tmux::play(&save, 80, 24);
    tmux.wait_for("fr-61");

    tmux.run_line("hit fr-61 1");
    tmux.wait_until("fr-61 at 1 loss hit in the save", || {
        has_loss_hits(&save, "fr-61", 1)
    });

    let lock = folder.path().join("game.toml.lock");
    let mut pid = String::new();
    tmux.wait_until("the pid in game.toml.lock", || {
        pid = std::fs::read_to_string(&lock)
            .unwrap_or_default()
            .trim()
            .trim_start_matches("adjutant pid ")
            .to_owned();
        pid.parse::<u32>().is_ok()
    });
    let killed = run(Command::new("kill").args(["-TERM", &pid]));
    assert!(killed.status.success(), "kill -TERM {pid} failed");

    let screen = tmux.wait_for("exit=143");
    assert!(
        screen.contains("stopped by signal 15"),
        "no word of the signal:\n{screen}"
    );
    assert_eq!(
        tmux.display("#{alternate_on} #{mouse_standard_flag}"),
        "0 0",
        "still on the alternate screen, or the mouse still reported, after SIGTERM:\n{screen}"
    );
    assert_eq!(unit(&show_json(&save), "fr-61")["loss_hits"], 1);
    act_succeeds(&save, "hit fr-61 1");
    assert_eq!(unit(&show_json(&save), "fr-61")["loss_hits"], 2);
}

/// Issue 36: the mouse is the screen's while it is open (a click selects the unit under
/// it) and the terminal's again after it; `--no-mouse` never takes it. A click is the
/// xterm SGR report a terminal writes, typed into the pane as it is.
#[test]
fn a_click_selects_a_unit_and_no_mouse_leaves_the_mouse_to_the_terminal() {
    if !tmux_available() {
        return;
    }
    let folder = TempDir::new().unwrap();
    let save = new_game(folder.path());
    let tmux = Tmux::play(&save, 80, 24);
    let screen = tmux.wait_for("fr-61");
    assert_eq!(tmux.display("#{mouse_standard_flag}"), "1", "{screen}");
    let row = screen
        .lines()
        .position(|line| line.contains("fr-108"))
        .expect("fr-108 in the roster");
    // SGR reports count from 1: the left button pressed, then released, on that row.
    tmux.send_literal(&format!("\x1b[<0;10;{}M\x1b[<0;10;{}m", row + 1, row + 1));
    tmux.wait_until("fr-108 selected by the click", || {
        selected("fr-108")(&tmux.capture())
    });
    tmux.send("q");
    tmux.wait_for("exit=0");
    assert_terminal_restored(&tmux);

    let tmux = Tmux::start(&save, &["play", "--no-mouse"], &[], 80, 24);
    tmux.wait_for("fr-61");
    assert_eq!(tmux.display("#{mouse_standard_flag}"), "0");
    tmux.send("q");
    tmux.wait_for("exit=0");
    drop(tmux);

    // `mouse = false` in the referee's keymap leaves it to the terminal as --no-mouse does.
    std::fs::write(folder.path().join("keymap.toml"), "mouse = false\n").unwrap();
    let tmux = Tmux::play(&save, 80, 24);
    let screen = tmux.wait_for("fr-61");
    assert!(!screen.contains("ignored"), "the keymap was read: {screen}");
    assert_eq!(tmux.display("#{mouse_standard_flag}"), "0", "{screen}");
    tmux.send("q");
    tmux.wait_for("exit=0");
}

/// The keymap in `ADJUTANT_CONFIG_DIR`: a bad one is named on the status line with its
/// line and the default keys work; a good one moves the key.
#[test]
fn a_keymap_file_moves_keys_and_a_bad_one_is_reported() {
    if !tmux_available() {
        return;
    }
    let folder = TempDir::new().unwrap();
    let save = new_game(folder.path());
    let keymap = folder.path().join("keymap.toml");
    std::fs::write(&keymap, "[keys]\nhit = \"x\"\nrout = \"zz\"\n").unwrap();
    let tmux = Tmux::play(&save, 80, 24);
    // The message wraps where it will, around "✓ saved"; read it as words. Waited for
    // whole, so a frame caught half drawn is read again rather than failed.
    let alarm = format!("keymap {} ignored", keymap.display());
    let problem = "line 3: `zz` is not a key name";
    tmux.wait_until("the keymap's alarm with its line and problem", || {
        let screen = tmux.capture().replace("✓ saved", "");
        let words = screen.split_whitespace().collect::<Vec<_>>().join(" ");
        words.contains("fr-61") && words.contains(&alarm) && words.contains(problem)
    });
    tmux.send("h");
    tmux.wait_until("h's hit in the save", || has_loss_hits(&save, "fr-2lg", 1));
    tmux.send("q");
    tmux.wait_for("exit=0");
    drop(tmux);

    std::fs::write(&keymap, "[keys]\nhit = \"x\"\n").unwrap();
    let tmux = Tmux::play(&save, 80, 24);
    tmux.wait_for("fr-61");
    tmux.send("h");
    tmux.send("x");
    tmux.wait_until("x's hit in the save", || has_loss_hits(&save, "fr-2lg", 2));
    tmux.send("q");
    tmux.wait_for("exit=0");
    let log = show_json(&save);
    assert_eq!(unit(&log, "fr-2lg")["loss_hits"], 2, "h no longer hits");
}

/// Issue 14's measure: shoot and take the morale test it calls for with the players' own
/// dice, through the forms, in the real binary. Every key is counted; the README quotes
/// the count. Then `u` takes the test back, and the screen and `show --json` agree.
#[test]
fn shoot_and_test_with_typed_dice_through_the_forms_in_eight_keys() {
    if !tmux_available() {
        return;
    }
    let folder = TempDir::new().unwrap();
    let save = new_game(folder.path());
    act_succeeds(&save, "next");
    act_succeeds(&save, "next");
    // A desk's 120x40, so the whole roster shows to compare with the save.
    let tmux = Tmux::play(&save, 120, 40);
    tmux.wait_for("shooting phase");
    let mut keys = 0;
    let mut press = |key: &str| {
        tmux.send(key);
        keys += 1;
    };
    // F: the shoot form on the selected fr-2lg; Enter: the first enemy listed, nl-27j.
    press("F");
    press("Enter");
    for face in ["5", "6", "4"] {
        press(face);
    }
    press("Enter");
    // The three hits call for a morale test: its form comes up by itself.
    tmux.wait_for("Morale test: nl-27j");
    // Grade C 2+, less 3 for the three hits: 5+. A 6 passes.
    press("6");
    press("Enter");
    assert_eq!(keys, 8, "keystrokes for shoot-and-test with typed dice");
    tmux.wait_until("the test in the save", || {
        try_show_json(&save).is_some_and(|s| unit(&s, "nl-27j")["owes_test"] != true)
    });
    let state = show_json(&save);
    let target = unit(&state, "nl-27j");
    assert_eq!(
        (target["figures"].as_u64(), target["loss_hits"].as_u64()),
        (Some(9), Some(3))
    );
    let screen = tmux.wait_for("passed");
    let row = screen
        .lines()
        .find(|line| line.contains("nl-27j 27th"))
        .unwrap_or_else(|| panic!("no roster row for nl-27j:\n{screen}"));
    assert!(row.contains("9/12") && row.contains("3/0"), "{row}");

    tmux.send("u");
    tmux.wait_until("the test undone in the save", || {
        try_show_json(&save).is_some_and(|s| unit(&s, "nl-27j")["owes_test"] == true)
    });
    let state = show_json(&save);
    let open = &state["checklist"]["open"];
    assert_eq!(open[0]["subject"], "nl-27j", "{open}");
    let screen = tmux.wait_for("owes a morale test");
    assert!(screen.contains("nl-27j owes a morale test"), "{screen}");
    let row = screen
        .lines()
        .find(|line| line.contains("nl-27j 27th"))
        .unwrap_or_else(|| panic!("no roster row for nl-27j:\n{screen}"));
    assert!(row.contains("9/12"), "the shot stands: {row}");
    tmux.send("q");
    tmux.wait_for("exit=0");
    assert_terminal_restored(&tmux);
}
