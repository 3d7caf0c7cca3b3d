//! The real binary in a real terminal: a private tmux server per test, keys sent as a
//! player would press them, the screen read back with `capture-pane`; and the binary on
//! the command line beside it, as the referee's other processes.
//!
//! Needs `tmux`: without it the tests fail when `CI` is set and are skipped otherwise.

use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// How long any one wait may take before the test fails. Generous on purpose: a passing
/// test never waits it out (each wait ends as soon as its condition holds), and a slow or
/// busy runner must not turn a correct screen into a failure. How fast the screen answers
/// is measured by the benches, not here.
pub const DEADLINE: Duration = Duration::from_secs(60);
/// How often a wait looks again.
pub const POLL: Duration = Duration::from_millis(50);

pub const BIN: &str = env!("CARGO_BIN_EXE_adjutant");

/// Whether tmux can be run. Without it: a failure on CI, a note and a skip elsewhere.
pub fn tmux_available() -> bool {
    tool_available("tmux", "-V", "the screen's end-to-end test", "tmux")
}

/// Whether `tool` runs (`tool <version_flag>` succeeds). Without it: a failure on CI,
/// where `tests` must run, and elsewhere a note to install `package` and a skip.
pub fn tool_available(tool: &str, version_flag: &str, tests: &str, package: &str) -> bool {
    let found = Command::new(tool)
        .arg(version_flag)
        .output()
        .is_ok_and(|output| output.status.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "{tool} not found, and CI is set: {tests} must run on CI"
        );
        // Straight to stderr: libtest would swallow an `eprintln!` from a passing test.
        let _ = writeln!(
            std::io::stderr(),
            "{tool} not found: skipping {tests}; install {package}"
        );
    }
    found
}

/// `'text'` for `sh`, with any `'` inside kept.
pub fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// The binary with the saves folder pointed at the test's own folder.
pub fn adjutant(folder: &Path) -> Command {
    let mut command = Command::new(BIN);
    command.env("ADJUTANT_SAVES", folder);
    command
}

pub fn run(command: &mut Command) -> Output {
    command.output().expect("the command runs")
}

/// The built-in scenario `name` written to a file in `folder`, for `play` to start from.
pub fn scenario_file(folder: &Path, name: &str) -> PathBuf {
    let file = folder.join(format!("{name}.toml"));
    std::fs::write(&file, adjutant::scenario::built_in(name).unwrap()).unwrap();
    file
}

/// The save `play` named as it closed ("The game is saved in …"), from its last screen.
pub fn saved_in(screen: &str) -> PathBuf {
    screen
        .lines()
        .find_map(|line| line.strip_prefix("The game is saved in "))
        .unwrap_or_else(|| panic!("no save named:\n{screen}"))
        .trim()
        .into()
}

/// A new quatre-bras game (seed 1) in `folder`; returns the save's path.
pub fn new_game(folder: &Path) -> PathBuf {
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
pub fn try_show_json(save: &Path) -> Option<Value> {
    let folder = save.parent().expect("the save is in a folder");
    let output = run(adjutant(folder).arg("show").arg(save).arg("--json"));
    if !output.status.success() {
        return None;
    }
    serde_json::from_slice(&output.stdout).ok()
}

pub fn show_json(save: &Path) -> Value {
    try_show_json(save).expect("`adjutant show --json` prints the state")
}

/// The unit `id` in a `show --json` state.
pub fn unit<'a>(state: &'a Value, id: &str) -> &'a Value {
    state["units"]
        .as_array()
        .expect("the state has a units array")
        .iter()
        .find(|unit| unit["id"] == id)
        .unwrap_or_else(|| panic!("no unit {id} in the state"))
}

/// Whether the save now has `id` at `loss_hits` loss hits.
pub fn has_loss_hits(save: &Path, id: &str, loss_hits: u64) -> bool {
    try_show_json(save).is_some_and(|state| unit(&state, id)["loss_hits"] == loss_hits)
}

/// `adjutant do <save> <words…>`, asserted to succeed: the save is not locked.
pub fn act_succeeds(save: &Path, words: &str) {
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
pub struct Tmux {
    socket: String,
    /// The socket's file, which tmux leaves behind when its server is killed.
    socket_path: Option<PathBuf>,
}

impl Tmux {
    /// `adjutant play <save>` in a `width`x`height` terminal; see [`Tmux::start`].
    pub fn play(save: &Path, width: u16, height: u16) -> Tmux {
        Tmux::start(save, &["play"], &[], width, height)
    }

    /// `adjutant <command…> <save> <after…>` in a `width`x`height` terminal, with the
    /// saves and config folders pointed at the save's folder; the shell then prints
    /// `exit=<status>` and stays, so the pane keeps what the binary left behind.
    pub fn start(save: &Path, command: &[&str], after: &[&str], width: u16, height: u16) -> Tmux {
        Tmux::start_after("", save, command, after, width, height)
    }

    /// [`Tmux::start`] with the shell running `prelude` first, in the same terminal.
    pub fn start_after(
        prelude: &str,
        save: &Path,
        command: &[&str],
        after: &[&str],
        width: u16,
        height: u16,
    ) -> Tmux {
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
        let words: Vec<String> = std::iter::once(BIN.to_owned())
            .chain(command.iter().map(|&w| w.to_owned()))
            .chain(std::iter::once(save.display().to_string()))
            .chain(after.iter().map(|&w| w.to_owned()))
            .map(|word| shell_quote(&word))
            .collect();
        let shell = format!("{prelude}{}; echo \"exit=$?\"; sleep 600", words.join(" "));
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

    pub fn command(&self) -> Command {
        let mut command = Command::new("tmux");
        command.args(["-L", &self.socket]).env_remove("TMUX");
        command
    }

    /// `tmux <args…>` on this server, asserted to succeed; returns its stdout.
    pub fn tmux(&self, args: &[&str]) -> String {
        let output = run(self.command().args(args));
        assert!(
            output.status.success(),
            "tmux {args:?} failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// One key by tmux's name for it: `q`, `Enter`, `Tab`, `Escape`.
    pub fn send(&self, key: &str) {
        self.send_to("main", key);
    }

    /// [`Tmux::send`] to the session `name`.
    pub fn send_to(&self, name: &str, key: &str) {
        self.tmux(&["send-keys", "-t", name, key]);
    }

    /// Another session `name` on this server, running `shell` in a `width`x`height`
    /// terminal; the shell then prints `exit=<status>` and stays.
    pub fn beside(&self, name: &str, shell: &str, width: u16, height: u16) {
        self.tmux(&[
            "new-session",
            "-d",
            "-x",
            &width.to_string(),
            "-y",
            &height.to_string(),
            "-s",
            name,
            "-e",
            "TERM=xterm-256color",
            &format!("{shell}; echo \"exit=$?\"; sleep 600"),
        ]);
    }

    /// Sends `key` and waits until the screen shows what it does. Keys meant to follow one
    /// another wait this way rather than go out together: an `Escape` with the next key
    /// close behind reaches the program as one Alt chord, so what it reads would depend on
    /// the runner's speed.
    pub fn press(&self, key: &str, what: &str, mut shows: impl FnMut(&str) -> bool) {
        self.send(key);
        self.wait_until(&format!("{what} after {key}"), || shows(&self.capture()));
    }

    /// Text typed as it is, never read as key names.
    pub fn send_literal(&self, text: &str) {
        self.send_literal_to("main", text);
    }

    /// [`Tmux::send_literal`] to the session `name`.
    pub fn send_literal_to(&self, name: &str, text: &str) {
        self.tmux(&["send-keys", "-t", name, "-l", text]);
    }

    /// Runs `line` on the screen's `:` line.
    pub fn run_line(&self, line: &str) {
        self.send(":");
        self.send_literal(line);
        self.send("Enter");
    }

    /// The screen as text.
    pub fn capture(&self) -> String {
        self.capture_of("main")
    }

    /// The screen of the session `name` as text.
    pub fn capture_of(&self, name: &str) -> String {
        self.tmux(&["capture-pane", "-p", "-t", name])
    }

    /// A tmux format on the pane, such as `#{alternate_on}`.
    pub fn display(&self, format: &str) -> String {
        self.tmux(&["display-message", "-p", "-t", "main", format])
            .trim_end()
            .to_owned()
    }

    /// Polls `done` until it holds; past the deadline, fails with the screen.
    pub fn wait_until(&self, what: &str, mut done: impl FnMut() -> bool) {
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
    pub fn wait_for(&self, text: &str) -> String {
        self.wait_for_in("main", text)
    }

    /// Waits until the session `name` shows `text`; returns that screen.
    pub fn wait_for_in(&self, name: &str, text: &str) -> String {
        let deadline = Instant::now() + DEADLINE;
        loop {
            let screen = self.capture_of(name);
            if screen.contains(text) {
                return screen;
            }
            assert!(
                Instant::now() < deadline,
                "waited {DEADLINE:?} for {text:?} in {name}; it shows:\n{screen}"
            );
            sleep(POLL);
        }
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

/// Whether the screen shows unit `id` selected (`▶` before its id), in a bordered roster
/// or a bare one.
pub fn selected(id: &str) -> impl Fn(&str) -> bool {
    let mark = format!("▶ {id} ");
    move |screen| {
        screen
            .lines()
            .any(|line| line.trim_start_matches('│').starts_with(&mark))
    }
}

/// Asserts the binary left the alternate screen, showed the cursor again and gave the
/// mouse back to the terminal.
pub fn assert_terminal_restored(tmux: &Tmux) {
    assert_eq!(
        tmux.display("#{alternate_on} #{cursor_flag} #{mouse_standard_flag}"),
        "0 1 0",
        "the terminal is not restored (alternate screen, cursor shown, mouse reports off); \
         the screen shows:\n{}",
        tmux.capture()
    );
}
