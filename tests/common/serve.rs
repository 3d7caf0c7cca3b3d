//! `adjutant serve` with the real OpenSSH client, for the tests that need a table: the
//! referee's screen in one tmux session, each player's `ssh` in another on the same private
//! tmux server, so that dropping the [`Tmux`] ends every one of them.
//!
//! Needs `tmux` and `ssh`: without them a table does not open off CI (the test is skipped)
//! and fails on CI.

use super::tmux::{Tmux, new_game, shell_quote, tmux_available, tool_available};
use std::path::PathBuf;
use tempfile::TempDir;

/// Whether OpenSSH's client can be run; as [`tmux_available`].
pub fn ssh_available() -> bool {
    tool_available("ssh", "-V", "serve's tests", "openssh-client")
}

/// OpenSSH's client on the table's `port`, with no user configuration, no key offered
/// and no host remembered; `how` its other options (`-tt`, `-T`), `rest` what follows the
/// login (a command).
pub fn ssh(port: u16, how: &str, login: &str, rest: &str) -> String {
    format!(
        "ssh {how} -F /dev/null -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null \
         -o PubkeyAuthentication=no -o LogLevel=ERROR -p {port} {login}@127.0.0.1 {rest}"
    )
}

/// A port nothing listens on now: the system's choice for a socket closed at once.
pub fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

/// The table: `adjutant serve` on `save` at 127.0.0.1, in a 100x30 terminal.
pub struct Table {
    pub save: PathBuf,
    pub tmux: Tmux,
    pub port: u16,
    pub passphrase: String,
    /// The test's folder: last, so it is removed after the server has stopped.
    pub folder: TempDir,
}

impl Table {
    /// A new game of Quatre-Bras served from a folder of its own (kept while the test
    /// runs), or `None` where tmux or ssh is missing off CI.
    pub fn open() -> Option<Table> {
        if !tmux_available() || !ssh_available() {
            return None;
        }
        let folder = TempDir::new().unwrap();
        let save = new_game(folder.path());
        Some(Table::serve(folder, save))
    }

    fn serve(folder: TempDir, save: PathBuf) -> Table {
        let port = free_port();
        let prelude = format!(
            "ADJUTANT_DATA_DIR={} ",
            folder.path().join("data").display()
        );
        let port_word = port.to_string();
        let tmux = Tmux::start_after(
            &prelude,
            &save,
            &["serve"],
            &["--bind", "127.0.0.1", "--port", &port_word],
            100,
            30,
        );
        let screen = tmux.wait_for("passphrase ");
        let passphrase = screen
            .split("passphrase ")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .expect("the status line gives the passphrase")
            .to_owned();
        Table {
            save,
            tmux,
            port,
            passphrase,
            folder,
        }
    }

    /// Starts `ssh -tt` as `login` in the session `name`, at `width`x`height`, without
    /// waiting for it: many clients may ring at once. `before` runs first in the same
    /// shell (`stty` a window tmux cannot make), and `ssh` replaces that shell.
    pub fn ring(&self, name: &str, login: &str, (width, height): (u16, u16), before: &str) {
        let shell = format!("{before}exec {}", ssh(self.port, "-tt", login, ""));
        self.tmux.beside(
            name,
            &format!("sh -c {}", shell_quote(&shell)),
            width,
            height,
        );
    }

    /// `ssh` as `login` in the session `name`, at `width`x`height`, stopped at the
    /// password prompt.
    pub fn knock(&self, name: &str, login: &str, width: u16, height: u16) {
        self.ring(name, login, (width, height), "");
        self.tmux.wait_for_in(name, "password:");
    }

    /// Types the table's passphrase in the session `name`, at its password prompt.
    pub fn answer(&self, name: &str) {
        self.tmux.send_literal_to(name, &self.passphrase);
        self.tmux.send_to(name, "Enter");
    }

    /// A client logged in as `login` with the table's passphrase, its screen shown.
    pub fn join(&self, name: &str, login: &str, width: u16, height: u16) -> String {
        self.knock(name, login, width, height);
        self.answer(name);
        self.tmux.wait_for_in(name, "WATCHING")
    }

    /// Runs `line` on the referee's `:` line and waits until the screen says what it did.
    pub fn referee_types(&self, line: &str, said: &str) {
        self.tmux.run_line(line);
        self.tmux.wait_for(said);
    }
}
