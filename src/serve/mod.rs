//! `adjutant serve`: the referee's screen in this terminal, as `play` opens it, and the same
//! game served over SSH to the players' own phones and laptops, with nothing to set up.
//!
//! One process holds the save and its lock, and only the referee's screen (the desk)
//! changes the game: a co-referee's lines come to it over a channel and are carried out
//! in turn with its own keys ([`ToDesk`]). After every change it passes the new game to
//! every client's screen (a `watch` channel holds the newest, so a slow client skips
//! versions instead of queueing them), and each client's screen draws it as its role may
//! see it ([`crate::game::Viewer`]).
//!
//! The parts: [`ssh`] speaks SSH (the one file that names the SSH library), [`client`] is a
//! client's screen, [`input`] turns a client's bytes into keys, [`door`] says who may come
//! in as whom (by the table's passphrases, or by the club's [`keys`]), [`host_key`] keeps
//! the server's key.

pub mod client;
pub mod door;
pub mod host_key;
pub mod input;
pub mod keys;
pub mod ssh;
pub mod ssh_key;

use crate::game::Game;
use crate::tui::Wake;
use crate::tui::app::{App, Tone};
use crate::tui::beside::Answer;
use crate::tui::theme::Theme;
use std::cell::RefCell;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// The port a referee reads out unless told otherwise: SSH's own (22) needs root.
pub const DEFAULT_PORT: u16 = 2222;

/// The most clients at once: a table's players with room to spare, and a bound on what
/// the laptop spends on them.
pub const MAX_SESSIONS: usize = 64;

/// The most connections from one address: a player's phone and laptop, a few guests
/// behind one router; not every seat to one machine.
pub const MAX_PER_ADDRESS: usize = 16;

#[derive(Debug, Clone)]
pub struct ServeOptions {
    pub bind: IpAddr,
    pub port: u16,
    /// The club's keys file (`--keys`): players come in by key, not passphrase.
    pub keys: Option<PathBuf>,
}

/// The referee's game as last passed on to the clients, with the referee's screen's
/// revision of it ([`App::revision`]).
pub type Newest = (u64, Arc<Game>);

/// What the table tells the referee's screen.
pub enum ToDesk {
    /// A co-referee typed `line`: carry it out, and answer on `answer`.
    Line {
        line: String,
        /// Who typed it, for the log.
        by: String,
        /// The revision of the game the co-referee's screen showed when it was typed.
        seen: u64,
        answer: tokio::sync::mpsc::Sender<Answer>,
    },
    /// Someone came to the table or left it.
    Seats,
}

/// The way from a client's screen to the referee's.
#[derive(Clone)]
pub struct Desk(std::sync::mpsc::Sender<Wake<ToDesk>>);

impl Desk {
    /// Tells the referee's screen, unless it has closed (then the clients are told so
    /// by the game's channel closing).
    pub fn tell(&self, news: ToDesk) {
        let _ = self.0.send(Wake::Table(news));
    }
}

/// Passes each change of the referee's game on to the clients, once.
struct Publisher {
    channel: tokio::sync::watch::Sender<Newest>,
    revision: u64,
}

impl Publisher {
    fn publish(&mut self, app: &App) {
        if app.revision() != self.revision {
            self.revision = app.revision();
            let game = Arc::new(app.game().clone());
            self.channel.send_replace((self.revision, game));
        }
    }
}

/// Why the table could not be served; the save is as last saved.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("{0}")]
    Open(String),
    #[error(transparent)]
    Screen(#[from] crate::tui::ScreenError),
}

/// Serves the save at `path` until the referee quits the screen.
pub fn serve(
    path: &Path,
    theme: Theme,
    screen: &crate::tui::Options,
    options: &ServeOptions,
) -> Result<(), ServeError> {
    let open_error = |e: &dyn std::fmt::Display| ServeError::Open(e.to_string());
    let path = crate::persist::resolve_save_path(path);
    let mut app = crate::tui::referees_app(&path, theme.clone(), screen)?;
    let sides: Vec<String> = app
        .game()
        .state()
        .sides()
        .iter()
        .map(|s| s.id.clone())
        .collect();
    if let Some(why) = door::logins_clash(&sides) {
        return Err(ServeError::Open(format!(
            "{why}; rename the side in the scenario to serve it"
        )));
    }
    // Read before anything is made or bound, so a bad line leaves nothing behind.
    let door: Arc<dyn door::Doorman> = match &options.keys {
        Some(file) => Arc::new(keys::read(file, &sides).map_err(|e| open_error(&e))?),
        None => Arc::new(door::Passphrases {
            players: door::passphrase(),
            referee: door::passphrase(),
            sides,
        }),
    };
    let key = host_key::load_or_make(crate::persist::data_folder().as_deref())
        .map_err(|e| open_error(&e))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("serve")
        .enable_all()
        .build()
        .map_err(|e| open_error(&format!("cannot start the server: {e}")))?;
    let address = SocketAddr::new(options.bind, options.port);
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind(address))
        .map_err(|e| ServeError::Open(door::why_not_bound(address, &e)))?;
    let addresses = door::addresses(options.bind);
    let banner = door::banner(options, &addresses, door.as_ref(), &key.fingerprint());
    let first = (app.revision(), Arc::new(app.game().clone()));
    let (channel, game) = tokio::sync::watch::channel(first);
    let (wake, wakes) = std::sync::mpsc::channel();
    let table = Arc::new(client::Table::new(game, &path, theme, Desk(wake.clone())));
    let served = Arc::clone(&table);
    let opener: ssh::Opener = Arc::new(move |seated, outbox, from_client| {
        tokio::spawn(client::run(
            Arc::clone(&served),
            seated,
            outbox,
            from_client,
        ));
    });
    let limits = ssh::Limits {
        sessions: MAX_SESSIONS,
        per_address: MAX_PER_ADDRESS,
        queued_input: 64,
        silent: Duration::from_secs(5 * 60),
        // Time for a careful player to compare the server's fingerprint on a phone.
        login: Duration::from_secs(120),
    };
    let serving = door.one_line(options.port, &addresses);
    let seats = Arc::new(Semaphore::new(limits.sessions));
    let listening = ssh::listen(listener, key, door, opener, limits, Arc::clone(&seats));
    runtime.spawn(listening);
    println!("{}", banner.join("\n"));

    app.table_door = banner;
    if app.message.as_ref().is_none_or(|m| m.tone != Tone::Alarm) {
        app.say(serving, Tone::Info);
    }
    crate::tui::terminal::exit_on_signals(Some(&path)).map_err(|e| open_error(&e))?;
    let publisher = RefCell::new(Publisher {
        revision: app.revision(),
        channel,
    });
    let mut on_table = |app: &mut App, news: ToDesk| match news {
        ToDesk::Line {
            line,
            by,
            seen,
            answer,
        } => {
            let said = app.carry_out_from(&line, &by, seen);
            // Before the answer: the co-referee's screen takes the newest game with it.
            publisher.borrow_mut().publish(app);
            // A full queue is a screen that stopped reading its answers: it is leaving.
            let _ = answer.try_send(said);
            true
        }
        ToDesk::Seats => {
            app.table_seats = table.seated();
            true
        }
    };
    let ran = crate::tui::run_woken(&mut app, (wake, wakes), &mut on_table, &mut |app| {
        publisher.borrow_mut().publish(app);
    });
    drop(publisher);
    close_table(runtime, &table, &seats);
    ran.map_err(|error| {
        ServeError::Screen(crate::tui::ScreenError::Terminal {
            error,
            save: path.clone(),
        })
    })
}

/// Each client says goodbye and leaves once the game's channel closes; they get a moment
/// to, and no more. A screen's goodbye (its exit status, the channel's close) is only
/// queued when the screen ends; its connection sends it, and the client hangs up once it
/// has it, giving its seat back. Stopping before then cut clients off with a reset
/// instead of their status.
fn close_table(runtime: tokio::runtime::Runtime, table: &client::Table, seats: &Semaphore) {
    runtime.block_on(async {
        table.all_gone(Duration::from_secs(1)).await;
        let every_seat = u32::try_from(MAX_SESSIONS).unwrap_or(u32::MAX);
        let _ = tokio::time::timeout(Duration::from_secs(1), seats.acquire_many(every_seat)).await;
    });
    runtime.shutdown_timeout(Duration::from_millis(100));
}
