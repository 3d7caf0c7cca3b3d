//! `adjutant serve` with the real OpenSSH client, for the tests that need a table: the
//! referee's screen in one tmux session, each player's `ssh` in another on the same private
//! tmux server, so that dropping the [`Tmux`] ends every one of them.
//!
//! Needs `tmux` and `ssh`: without them a table does not open off CI (the test is skipped)
//! and fails on CI.

use super::tmux::{Tmux, new_game, run, shell_quote, tmux_available, tool_available};
use std::path::{Path, PathBuf};
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

/// A key pair of type `kind` made by OpenSSH's `ssh-keygen` in `folder`, without a
/// passphrase: the private key's path, and the public key's line as its `.pub` file has it.
pub fn make_key(folder: &Path, name: &str, kind: &str) -> (PathBuf, String) {
    let private = folder.join(name);
    let made = run(std::process::Command::new("ssh-keygen")
        .args(["-q", "-t", kind, "-N", "", "-C", name, "-f"])
        .arg(&private));
    assert!(
        made.status.success(),
        "ssh-keygen failed: {}",
        String::from_utf8_lossy(&made.stderr)
    );
    let public = std::fs::read_to_string(private.with_extension("pub")).unwrap();
    (private, public.trim_end().to_owned())
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
    /// The players' passphrase; none under `--keys`.
    pub passphrase: Option<String>,
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
        Some(Table::serve(folder, save, &[]))
    }

    /// [`Table::open`] with `--keys`: `keys` writes the keys file's text, given the
    /// test's folder to make keys in.
    pub fn open_with_keys(keys: impl FnOnce(&Path) -> String) -> Option<Table> {
        if !tmux_available() || !ssh_available() {
            return None;
        }
        let folder = TempDir::new().unwrap();
        let save = new_game(folder.path());
        let file = folder.path().join("club-keys.txt");
        std::fs::write(&file, keys(folder.path())).unwrap();
        let file = file.display().to_string();
        Some(Table::serve(folder, save, &["--keys", &file]))
    }

    /// `adjutant serve` on `save` with the options `more` too.
    fn serve(folder: TempDir, save: PathBuf, more: &[&str]) -> Table {
        let port = free_port();
        let prelude = format!(
            "ADJUTANT_DATA_DIR={} ",
            folder.path().join("data").display()
        );
        let port_word = port.to_string();
        let options = [&["--bind", "127.0.0.1", "--port", &port_word][..], more].concat();
        let tmux = Tmux::start_after(&prelude, &save, &["serve"], &options, 100, 30);
        // The status line's short form of the banner: with the passphrase, if any.
        let screen = tmux.wait_for("serving: ssh");
        let passphrase = screen
            .split("passphrase ")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .map(ToOwned::to_owned);
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

    /// `ssh` with `how` as `login`, running `command` instead of a screen, in the session
    /// `name`: the passphrase answered, what the client printed until it exited.
    pub fn without_a_screen(&self, name: &str, how: &str, login: &str, command: &str) -> String {
        self.tmux
            .beside(name, &ssh(self.port, how, login, command), 80, 10);
        self.tmux.wait_for_in(name, "password:");
        self.answer(name);
        self.tmux.wait_for_in(name, "exit=")
    }

    /// The players' passphrase, for a table that has one.
    pub fn passphrase(&self) -> &str {
        self.passphrase
            .as_deref()
            .expect("the status line gives the passphrase")
    }

    /// Types the table's passphrase in the session `name`, at its password prompt.
    pub fn answer(&self, name: &str) {
        self.type_line(name, self.passphrase());
    }

    /// Types `text` then Enter in the session `name`: a passphrase, or a `:` command.
    pub fn type_line(&self, name: &str, text: &str) {
        self.tmux.send_literal_to(name, text);
        self.tmux.send_to(name, "Enter");
    }

    /// A client logged in as `login` with the table's passphrase, its screen shown.
    pub fn join(&self, name: &str, login: &str, width: u16, height: u16) -> String {
        self.knock(name, login, width, height);
        self.answer(name);
        self.tmux.wait_for_in(name, "WATCHING")
    }

    /// The co-referee's passphrase, as the referee reads it out from help (`?`).
    pub fn co_referees_passphrase(&self) -> String {
        self.tmux.send("?");
        let help = self.tmux.wait_for("every command");
        self.tmux.send("Escape");
        let after = help.split("every command").nth(1).unwrap();
        let words = after.split("passphrase").nth(1).unwrap();
        words
            .split_whitespace()
            .find(|word| word.contains('-'))
            .expect("help gives the co-referee's passphrase")
            .to_owned()
    }

    /// `ssh` as `login` in the session `name`, offering the private key `key` and no
    /// other, and never asking for a password.
    pub fn knock_with_key(&self, name: &str, login: &str, key: &Path) {
        // ssh keeps the first value it is given for an option: these, before the
        // `PubkeyAuthentication=no` of [`ssh`], are the ones it uses.
        let how = format!(
            "-tt -i {} -o IdentitiesOnly=yes -o PubkeyAuthentication=yes -o BatchMode=yes",
            shell_quote(&key.display().to_string())
        );
        self.tmux
            .beside(name, &ssh(self.port, &how, login, ""), 80, 24);
    }

    /// Runs `line` on the referee's `:` line and waits until the screen says what it did.
    pub fn referee_types(&self, line: &str, said: &str) {
        self.tmux.run_line(line);
        self.tmux.wait_for(said);
    }
}
