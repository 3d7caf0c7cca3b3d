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

use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread::sleep;
use std::time::{Duration, Instant};
use tempfile::TempDir;

/// How long any one wait may take before the test fails.
const DEADLINE: Duration = Duration::from_secs(10);
/// How often a wait looks again.
const POLL: Duration = Duration::from_millis(50);

const BIN: &str = env!("CARGO_BIN_EXE_adjutant");

/// Whether tmux can be run. Without it: a failure on CI, a note and a skip elsewhere.
fn tmux_available() -> bool {
    let found = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|output| output.status.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "tmux not found, and CI is set: the screen's end-to-end test must run on CI"
        );
        // Straight to stderr: libtest would swallow an `eprintln!` from a passing test.
        let _ = writeln!(
            std::io::stderr(),
            "tmux not found: skipping the screen's end-to-end test; install tmux"
        );
    }
    found
}

/// `'text'` for `sh`, with any `'` inside kept.
fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// The binary with the saves folder pointed at the test's own folder.
fn adjutant(folder: &Path) -> Command {
    let mut command = Command::new(BIN);
    command.env("ADJUTANT_SAVES", folder);
    command
}

fn run(command: &mut Command) -> Output {
    command.output().expect("the command runs")
}

/// A new quatre-bras game (seed 1) in `folder`; returns the save's path.
fn new_game(folder: &Path) -> PathBuf {
    let save = folder.join("game.toml");
    let output = run(adjutant(folder)
        .args(["new", "quatre-bras", "--seed", "1", "-o"])
        .arg(&save));
    assert!(
        output.status.success(),
        "`adjutant new` failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    save
}

/// `adjutant show <save> --json`, or `None` if it fails.
fn try_show_json(save: &Path) -> Option<Value> {
    let folder = save.parent().expect("the save is in a folder");
    let output = run(adjutant(folder).arg("show").arg(save).arg("--json"));
    if !output.status.success() {
        return None;
    }
    serde_json::from_slice(&output.stdout).ok()
}

fn show_json(save: &Path) -> Value {
    try_show_json(save).expect("`adjutant show --json` prints the state")
}

/// The unit `id` in a `show --json` state.
fn unit<'a>(state: &'a Value, id: &str) -> &'a Value {
    state["units"]
        .as_array()
        .expect("the state has a units array")
        .iter()
        .find(|unit| unit["id"] == id)
        .unwrap_or_else(|| panic!("no unit {id} in the state"))
}

/// Whether the save now has `id` at `loss_hits` loss hits.
fn has_loss_hits(save: &Path, id: &str, loss_hits: u64) -> bool {
    try_show_json(save).is_some_and(|state| unit(&state, id)["loss_hits"] == loss_hits)
}

/// `adjutant do <save> <words…>`, asserted to succeed: the save is not locked.
fn act_succeeds(save: &Path, words: &str) {
    let folder = save.parent().expect("the save is in a folder");
    let output = run(adjutant(folder)
        .arg("do")
        .arg(save)
        .args(words.split_whitespace()));
    assert!(
        output.status.success(),
        "`adjutant do {words}` failed (is the save still locked?): {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// A tmux server of the test's own, on a private socket, with one session `main`.
/// Dropping it kills the server and removes its socket, whatever the test's outcome.
struct Tmux {
    socket: String,
    /// The socket's file, which tmux leaves behind when its server is killed.
    socket_path: Option<PathBuf>,
}

impl Tmux {
    /// `adjutant play <save>` in a `width`x`height` terminal; the shell then prints
    /// `exit=<status>` and stays, so the pane keeps what the binary left behind.
    fn play(save: &Path, width: u16, height: u16) -> Tmux {
        static SERVERS: AtomicUsize = AtomicUsize::new(0);
        let socket = format!(
            "adjutant-test-{}-{}",
            std::process::id(),
            SERVERS.fetch_add(1, Ordering::Relaxed)
        );
        let mut tmux = Tmux {
            socket,
            socket_path: None,
        };
        let folder = save.parent().expect("the save is in a folder");
        let shell = format!(
            "{} play {}; echo \"exit=$?\"; sleep 600",
            shell_quote(BIN),
            shell_quote(&save.display().to_string())
        );
        let output = run(tmux
            .command()
            .args(["-f", "/dev/null", "new-session", "-d"])
            .args(["-x", &width.to_string(), "-y", &height.to_string()])
            .args(["-s", "main"])
            .arg("-e")
            .arg(format!("ADJUTANT_SAVES={}", folder.display()))
            // The test's folder, so a keymap of the developer's own never changes the keys.
            .arg("-e")
            .arg(format!("ADJUTANT_CONFIG_DIR={}", folder.display()))
            .args(["-e", "TERM=xterm-256color", "-e", "NO_COLOR=1"])
            .arg(shell));
        assert!(
            output.status.success(),
            "tmux new-session failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        tmux.socket_path = Some(tmux.display("#{socket_path}").into());
        tmux
    }

    fn command(&self) -> Command {
        let mut command = Command::new("tmux");
        command.args(["-L", &self.socket]).env_remove("TMUX");
        command
    }

    /// `tmux <args…>` on this server, asserted to succeed; returns its stdout.
    fn tmux(&self, args: &[&str]) -> String {
        let output = run(self.command().args(args));
        assert!(
            output.status.success(),
            "tmux {args:?} failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// One key by tmux's name for it: `q`, `Enter`, `Tab`, `Escape`.
    fn send(&self, key: &str) {
        self.tmux(&["send-keys", "-t", "main", key]);
    }

    /// Text typed as it is, never read as key names.
    fn send_literal(&self, text: &str) {
        self.tmux(&["send-keys", "-t", "main", "-l", text]);
    }

    /// Runs `line` on the screen's `:` line.
    fn run_line(&self, line: &str) {
        self.send(":");
        self.send_literal(line);
        self.send("Enter");
    }

    /// The screen as text.
    fn capture(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-t", "main"])
    }

    /// A tmux format on the pane, such as `#{alternate_on}`.
    fn display(&self, format: &str) -> String {
        self.tmux(&["display-message", "-p", "-t", "main", format])
            .trim_end()
            .to_owned()
    }

    /// Polls `done` until it holds; past the deadline, fails with the screen.
    fn wait_until(&self, what: &str, mut done: impl FnMut() -> bool) {
        let deadline = Instant::now() + DEADLINE;
        while !done() {
            assert!(
                Instant::now() < deadline,
                "waited {DEADLINE:?} for {what}; the screen shows:\n{}",
                self.capture()
            );
            sleep(POLL);
        }
    }

    /// Waits until the screen shows `text`; returns that screen.
    fn wait_for(&self, text: &str) -> String {
        let mut screen = String::new();
        self.wait_until(&format!("{text:?} on the screen"), || {
            screen = self.capture();
            screen.contains(text)
        });
        screen
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        // Ignore the outcomes: the server or its socket may already be gone.
        let _ = self.command().arg("kill-server").output();
        if let Some(path) = &self.socket_path {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// Asserts the binary left the alternate screen and showed the cursor again.
fn assert_terminal_restored(tmux: &Tmux) {
    assert_eq!(
        tmux.display("#{alternate_on} #{cursor_flag}"),
        "0 1",
        "the terminal is not restored (alternate screen, cursor shown); the screen shows:\n{}",
        tmux.capture()
    );
}

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

    for key in ["j", "j", "Tab", "Tab", "?", "Escape", "h"] {
        tmux.send(key);
        let screen = tmux.capture();
        assert!(
            !screen.contains("panicked"),
            "a panic after {key}:\n{screen}"
        );
    }
    tmux.send("q");
    let screen = tmux.wait_for("exit=0");
    assert!(!screen.contains("panicked"), "a panic:\n{screen}");
    assert_terminal_restored(&tmux);
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
        tmux.display("#{alternate_on}"),
        "0",
        "still on the alternate screen after SIGTERM:\n{screen}"
    );
    assert_eq!(unit(&show_json(&save), "fr-61")["loss_hits"], 1);
    act_succeeds(&save, "hit fr-61 1");
    assert_eq!(unit(&show_json(&save), "fr-61")["loss_hits"], 2);
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
    tmux.wait_for("fr-61");
    // The message wraps where it will, around "✓ saved"; read it as words.
    let screen = tmux.capture().replace("✓ saved", "");
    let screen = screen.split_whitespace().collect::<Vec<_>>().join(" ");
    let alarm = format!("keymap {} ignored", keymap.display());
    assert!(
        screen.contains(&alarm),
        "no alarm for the keymap:\n{screen}"
    );
    assert!(
        screen.contains("line 3: `zz` is not a key name"),
        "no line and problem:\n{screen}"
    );
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
