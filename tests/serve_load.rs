//! `adjutant serve` under load, with the real OpenSSH client (issue 37, items 5 and 7):
//! twenty players at once, and a player whose connection dies while frames are on their
//! way to it. Every wait is for what a screen shows or what the server answers, bounded by
//! `common::tmux::DEADLINE` only as a failure cap: how fast is the bench's business
//! (`bench/serve.sh`).
//!
//! Every `ssh` runs in a session of the test's own tmux server, which dropping the table
//! kills whatever the outcome; a client the test stops is killed by its [`Stopped`] guard.
//!
//! Needs `tmux` and `ssh`: without them the tests fail when `CI` is set and are skipped
//! otherwise.

mod common;

use adjutant::serve::MAX_SESSIONS;
use common::serve::Table;
use common::tmux::DEADLINE;
use std::io::{ErrorKind, Read};
use std::net::TcpStream;
use std::path::Path;
use std::process::Command;

/// The twenty clients of a busy table: each side's players and guests, on phones and
/// laptops. The Allied players are on laptops: a hit on a French unit shows on their
/// screen only in the status line's story of it, which a phone's width cuts short.
fn clients() -> Vec<(String, &'static str, (u16, u16))> {
    (0..20)
        .map(|n| {
            let (login, size) = match n % 5 {
                0 => ("france", (50, 20)),
                1 => ("france", (80, 24)),
                2 | 3 => ("allies", (80, 24)),
                _ if n % 2 == 0 => ("guest", (50, 20)),
                _ => ("guest", (80, 24)),
            };
            (format!("client-{n}"), login, size)
        })
        .collect()
}

/// What a client of `login` shows once the referee's `hit fr-2lg 2` has reached it: the
/// French figures (158 less 2) for those who see the French roster, the story of the hit
/// for the Allies, who see the enemy's units only when told.
fn shows_the_hit(login: &str) -> &'static str {
    match login {
        "allies" => "takes 2 hits: 10",
        _ => "156/158",
    }
}

#[test]
fn twenty_clients_at_once_each_see_their_screen_and_the_referees_hit() {
    let Some(table) = Table::open() else {
        return;
    };
    let clients = clients();
    // All of them connect at once, as a table sits down together.
    for (name, login, size) in &clients {
        table.ring(name, login, *size, "");
    }
    for (name, _, _) in &clients {
        table.tmux.wait_for_in(name, "password:");
        table.answer(name);
    }
    for (name, login, _) in &clients {
        let screen = table.tmux.wait_for_in(name, &format!("WATCHING ({login})"));
        assert!(screen.contains("158/158"), "{name}:\n{screen}");
    }
    table.referee_types("hit fr-2lg 2", "10 figures left");
    for (name, login, _) in &clients {
        table.tmux.wait_for_in(name, shows_the_hit(login));
    }
}

/// A raw connection to the table's port: `Some` with the connection, holding its seat,
/// when the server greets it as SSH does; `None` when it is turned away (closed unread,
/// as the server does when every seat is taken).
fn seat(port: u16) -> Option<TcpStream> {
    let mut line = TcpStream::connect(("127.0.0.1", port)).expect("the table listens");
    line.set_read_timeout(Some(DEADLINE)).unwrap();
    let mut greeting = [0u8; 4];
    match line.read_exact(&mut greeting) {
        Ok(()) => {
            assert_eq!(&greeting, b"SSH-", "the server greets as SSH does");
            Some(line)
        }
        Err(e) if matches!(e.kind(), ErrorKind::TimedOut | ErrorKind::WouldBlock) => {
            panic!("the server neither greeted nor closed a connection in {DEADLINE:?}")
        }
        Err(_) => None,
    }
}

/// Every seat left at the table, taken by raw connections; asserts the table is then full.
fn take_every_seat(port: u16) -> Vec<TcpStream> {
    let taken: Vec<TcpStream> = std::iter::from_fn(|| seat(port))
        .take(MAX_SESSIONS)
        .collect();
    assert!(seat(port).is_none(), "the table is full");
    taken
}

/// A client's `ssh` process, stopped and killed by the test; killed when dropped too, for
/// a stopped process does not end with its terminal.
struct Stopped(String);

impl Stopped {
    /// The process whose id the file at `pid_file` holds, once it does.
    fn read(table: &Table, pid_file: &Path) -> Stopped {
        let mut pid = String::new();
        table.tmux.wait_until("the client's process id", || {
            pid = std::fs::read_to_string(pid_file).unwrap_or_default();
            pid.ends_with('\n')
        });
        Stopped(pid.trim().to_owned())
    }

    fn signal(&self, signal: &str) {
        let sent = Command::new("kill")
            .args([signal, &self.0])
            .status()
            .expect("kill runs");
        assert!(sent.success(), "kill {signal} {}", self.0);
    }
}

impl Drop for Stopped {
    fn drop(&mut self) {
        let _ = Command::new("kill").args(["-KILL", &self.0]).status();
    }
}

#[test]
fn a_client_that_drops_mid_frame_costs_the_others_nothing_and_gives_its_seat_back() {
    let Some(table) = Table::open() else {
        return;
    };
    table.join("france", "france", 50, 20);
    table.join("guest", "guest", 80, 24);
    // A window tmux cannot make, claimed by the client's own terminal: the biggest
    // frames the server sends.
    let pid_file = table.folder.path().join("huge.pid");
    table.ring(
        "huge",
        "guest",
        (80, 24),
        &format!(
            "echo $$ > {}; stty rows 65535 cols 65535; ",
            pid_file.display()
        ),
    );
    let huge = Stopped::read(&table, &pid_file);
    table.tmux.wait_for_in("huge", "password:");
    table.answer("huge");
    // Its frame is drawn at 300x100 into an 80x24 pane: only the status line's words
    // come through whole.
    table.tmux.wait_for_in("huge", "opened");
    let mut seats = take_every_seat(table.port);
    assert_eq!(
        seats.len(),
        MAX_SESSIONS - 3,
        "the three clients hold a seat each"
    );

    // The client stops reading: its frames pile up unread while the table plays on.
    huge.signal("-STOP");
    for (line, figures) in [("hit fr-2lg 2", "156/158"), ("hit fr-61 1", "155/158")] {
        table.referee_types(line, "figures left");
        table.tmux.wait_for_in("france", figures);
        table.tmux.wait_for_in("guest", figures);
    }
    // It dies with those frames unread.
    huge.signal("-KILL");
    table.tmux.wait_for_in("huge", "exit=");

    table.referee_types("hit fr-108 1", "11 figures left");
    table.tmux.wait_for_in("france", "154/158");
    table.tmux.wait_for_in("guest", "154/158");
    // Its seat is given back: the full table has room for one again.
    table
        .tmux
        .wait_until("a seat given back", || match seat(table.port) {
            Some(line) => {
                seats.push(line);
                true
            }
            None => false,
        });
    // A new player sits down once the raw connections have left. The server notices
    // each leaving a moment later, so an `ssh` turned away meanwhile tries again, as a
    // player would.
    drop(seats);
    table.tmux.wait_until("a new player let in", || {
        let _ = table
            .tmux
            .command()
            .args(["kill-session", "-t", "late"])
            .output();
        table.ring("late", "guest", (80, 24), "");
        let mut screen = String::new();
        table.tmux.wait_until("a password prompt or a refusal", || {
            screen = table.tmux.capture_of("late");
            screen.contains("password:") || screen.contains("exit=")
        });
        screen.contains("password:")
    });
    table.answer("late");
    table.tmux.wait_for_in("late", "154/158");
}
