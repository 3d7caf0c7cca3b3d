//! A terminal of any size is drawn in bounded memory. An SSH client may send a window of
//! 65535x65535; ratatui keeps two buffers of the screen's cells, which at that size would
//! be 171 GB each, and the allocation's failure aborts the process with the terminal left
//! in raw mode on the alternate screen. The screen draws into a clamped area instead
//! (`adjutant::tui::terminal::MAX_DRAWN`).
//!
//! tmux cannot make a window this big, so these tests open a pseudo-terminal themselves,
//! run `play` or `watch` in it as a new session (util-linux `setsid --ctty`, so that the
//! program's `/dev/tty` is this terminal and not the one the tests run in), press `q`, and
//! check the exit, the restored terminal and the peak memory (`VmHWM`). Every wait is on
//! what the program writes or on its exit, bounded by `DEADLINE` only as a failure cap.
#![cfg(target_os = "linux")]

mod common;

use common::tmux::{BIN, DEADLINE, POLL, new_game};
use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
use rustix::termios::{LocalModes, Winsize, tcgetattr, tcsetwinsize};
use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::OwnedFd;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::thread::{JoinHandle, sleep};
use std::time::Instant;
use tempfile::TempDir;

/// The peak resident memory allowed. The clamped screen's two buffers take 40 MB
/// (`MAX_DRAWN` cells at 40 bytes each, twice), and the whole program peaks near 52 MB;
/// unclamped, 5000x5000 took 1.9 GB.
const PEAK_LIMIT_KB: u64 = 100 * 1024;

const ENTER_ALTERNATE_SCREEN: &[u8] = b"\x1b[?1049h";
const LEAVE_ALTERNATE_SCREEN: &[u8] = b"\x1b[?1049l";
const SHOW_CURSOR: &[u8] = b"\x1b[?25h";

/// The program in a pseudo-terminal of its own, with everything it writes collected.
struct Pty {
    master: File,
    child: Child,
    output: Arc<Mutex<Vec<u8>>>,
    reader: Option<JoinHandle<()>>,
}

fn window(width: u16, height: u16) -> Winsize {
    Winsize {
        ws_row: height,
        ws_col: width,
        ws_xpixel: 0,
        ws_ypixel: 0,
    }
}

impl Pty {
    /// `adjutant <command> <save>` in a new pseudo-terminal of `width`x`height`.
    fn start(command: &str, save: &Path, width: u16, height: u16) -> Pty {
        let master: OwnedFd =
            openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("a pseudo-terminal opens");
        grantpt(&master).expect("grantpt");
        unlockpt(&master).expect("unlockpt");
        tcsetwinsize(&master, window(width, height)).expect("the window size is set");
        let name = ptsname(&master, Vec::new()).expect("the terminal's name");
        let terminal = File::options()
            .read(true)
            .write(true)
            .open(name.to_str().expect("a UTF-8 name"))
            .expect("the terminal's side opens");
        let folder = save.parent().expect("the save is in a folder");
        let child = Command::new("setsid")
            .arg("--ctty")
            .arg(BIN)
            .arg(command)
            .arg(save)
            .env("ADJUTANT_SAVES", folder)
            // The test's folder, so a keymap of the developer's own never changes the keys.
            .env("ADJUTANT_CONFIG_DIR", folder)
            .env("TERM", "xterm-256color")
            .env("NO_COLOR", "1")
            // A failure's message, not a page of backtrace, ends what the test shows.
            .env_remove("RUST_BACKTRACE")
            .stdin(Stdio::from(terminal.try_clone().expect("a second handle")))
            .stdout(Stdio::from(terminal.try_clone().expect("a third handle")))
            .stderr(Stdio::from(terminal))
            .spawn()
            .expect("setsid runs (util-linux)");
        let master = File::from(master);
        let output = Arc::new(Mutex::new(Vec::new()));
        let reader = {
            let mut master = master.try_clone().expect("a reading handle");
            let output = Arc::clone(&output);
            // Ends when the program's side of the terminal closes: the read fails (EIO).
            std::thread::spawn(move || {
                let mut chunk = vec![0; 64 * 1024];
                while let Ok(read) = master.read(&mut chunk) {
                    if read == 0 {
                        break;
                    }
                    output.lock().unwrap().extend_from_slice(&chunk[..read]);
                }
            })
        };
        Pty {
            master,
            child,
            output,
            reader: Some(reader),
        }
    }

    fn output(&self) -> Vec<u8> {
        self.output.lock().unwrap().clone()
    }

    /// Waits until the program has written `text` after the first `from` bytes; panics,
    /// showing the end of what it wrote, if it exits first or the deadline passes.
    fn wait_for(&mut self, text: &str, from: usize) {
        let start = Instant::now();
        loop {
            let output = self.output();
            if contains(&output[from.min(output.len())..], text.as_bytes()) {
                return;
            }
            if let Some(status) = self.child.try_wait().expect("the child's status") {
                self.finish_reading();
                panic!(
                    "the program exited ({}) before showing {text:?}; it wrote, last:\n{}",
                    describe(status),
                    tail(&self.output())
                );
            }
            assert!(
                start.elapsed() < DEADLINE,
                "{text:?} not shown within {DEADLINE:?}; the program wrote, last:\n{}",
                tail(&output)
            );
            sleep(POLL);
        }
    }

    /// The program's peak resident memory so far, in kB.
    fn peak_kb(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("the program's /proc status");
        status
            .lines()
            .find_map(|line| line.strip_prefix("VmHWM:"))
            .and_then(|value| value.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("a VmHWM line")
    }

    fn press(&mut self, keys: &[u8]) {
        self.master.write_all(keys).expect("the key is sent");
    }

    fn resize(&self, width: u16, height: u16) {
        tcsetwinsize(&self.master, window(width, height)).expect("the window size is set");
    }

    /// Waits for the program to exit, then for the last of its output.
    fn exit(&mut self) -> ExitStatus {
        let start = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("the child's status") {
                break status;
            }
            if start.elapsed() >= DEADLINE {
                let _ = self.child.kill();
                panic!(
                    "the program did not exit within {DEADLINE:?} of `q`; it wrote, last:\n{}",
                    tail(&self.output())
                );
            }
            sleep(POLL);
        };
        self.finish_reading();
        status
    }

    fn finish_reading(&mut self) {
        if let Some(reader) = self.reader.take() {
            reader.join().expect("the reader thread");
        }
    }

    /// Whether the terminal is back in canonical mode with echo, as the shell left it.
    fn cooked(&self) -> bool {
        let modes = tcgetattr(&self.master)
            .expect("the terminal's modes")
            .local_modes;
        modes.contains(LocalModes::ICANON | LocalModes::ECHO)
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        // A failed test must not leave the program running.
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle)
}

fn rfind(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .rposition(|window| window == needle)
}

fn describe(status: ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match status.signal() {
        Some(signal) => format!("killed by signal {signal}"),
        None => status.to_string(),
    }
}

/// The last 600 bytes written, escapes shown.
fn tail(output: &[u8]) -> String {
    let start = output.len().saturating_sub(600);
    String::from_utf8_lossy(&output[start..])
        .escape_debug()
        .to_string()
}

/// Presses `q` on a screen that shows, then checks the exit, the restored terminal and
/// that the peak memory stayed under `PEAK_LIMIT_KB`; returns the peak, in kB.
fn quit_and_check(pty: &mut Pty, what: &str) -> u64 {
    let peak = pty.peak_kb();
    pty.press(b"q");
    let status = pty.exit();
    let output = pty.output();
    assert!(
        status.success(),
        "{what}: the program exited {}; it wrote, last:\n{}",
        describe(status),
        tail(&output)
    );
    let left = rfind(&output, LEAVE_ALTERNATE_SCREEN);
    assert!(
        left.is_some() && left > rfind(&output, ENTER_ALTERNATE_SCREEN),
        "{what}: the alternate screen was not left; the program wrote, last:\n{}",
        tail(&output)
    );
    // After it, plain text (`play` says where the game is saved) and no escape but
    // showing the cursor (ratatui's terminal shows it again as it drops).
    let after = &output[left.map_or(0, |at| at + LEAVE_ALTERNATE_SCREEN.len())..];
    let escapes = after.iter().filter(|&&byte| byte == 0x1b).count();
    let shown = after
        .windows(SHOW_CURSOR.len())
        .filter(|w| *w == SHOW_CURSOR)
        .count();
    assert!(
        shown > 0 && escapes == shown,
        "{what}: the cursor is not shown, or the screen changed again after leaving the \
         alternate screen; the program wrote, last:\n{}",
        tail(&output)
    );
    assert!(pty.cooked(), "{what}: the terminal is left in raw mode");
    assert!(
        peak < PEAK_LIMIT_KB,
        "{what}: peak memory {peak} kB, over {PEAK_LIMIT_KB} kB"
    );
    // Straight to stderr: libtest would swallow an `eprintln!` from a passing test.
    let _ = writeln!(std::io::stderr(), "{what}: peak memory {peak} kB");
    peak
}

/// `adjutant <command>` started in a `width`x`height` terminal, shown, then quit.
fn run_at(command: &str, shows: &str, width: u16, height: u16) {
    let folder = TempDir::new().unwrap();
    let save = new_game(folder.path());
    let mut pty = Pty::start(command, &save, width, height);
    pty.wait_for(shows, 0);
    quit_and_check(&mut pty, &format!("{command} at {width}x{height}"));
}

#[test]
fn play_at_65535x65535_is_drawn_and_quits() {
    run_at("play", "phase", u16::MAX, u16::MAX);
}

#[test]
fn watch_at_65535x65535_is_drawn_and_quits() {
    run_at("watch", "WATCHING", u16::MAX, u16::MAX);
}

#[test]
fn watch_at_5000x5000_is_drawn_and_quits() {
    run_at("watch", "WATCHING", 5000, 5000);
}

/// The window grows after the screen is up (SIGWINCH, then a resize event): the next
/// frame is clamped as the first was.
#[test]
fn a_window_grown_to_65535x65535_is_clamped_too() {
    let folder = TempDir::new().unwrap();
    let save = new_game(folder.path());
    let mut pty = Pty::start("play", &save, 80, 24);
    pty.wait_for("phase", 0);
    let before = pty.output().len();
    pty.resize(u16::MAX, u16::MAX);
    // A resize clears the screen and draws it whole again.
    pty.wait_for("phase", before);
    quit_and_check(&mut pty, "play grown from 80x24 to 65535x65535");
}
