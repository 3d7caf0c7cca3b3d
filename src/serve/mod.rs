//! `adjutant serve`: the referee's screen in this terminal, as `play` opens it, and the same
//! game served over SSH to the players' own phones and laptops, with nothing to set up.
//!
//! One process holds the save and its lock; only the referee's screen changes the game.
//! After every change it passes the new game to every client's screen (a `watch` channel
//! holds the newest, so a slow client skips versions instead of queueing them), and each
//! client's screen draws it as its role may see it ([`crate::game::Viewer`]).
//!
//! The parts: [`ssh`] speaks SSH (the one file that names the SSH library), [`client`] is a
//! client's screen, [`input`] turns a client's bytes into keys, [`door`] says who may come
//! in as whom, [`host_key`] keeps the server's key.

pub mod client;
pub mod door;
pub mod host_key;
pub mod input;
pub mod ssh;

use crate::game::Looker;
use crate::tui::app::{App, Tone};
use crate::tui::theme::Theme;
use door::Doorman;
use std::net::{IpAddr, SocketAddr};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// The port a referee reads out unless told otherwise: SSH's own (22) needs root.
pub const DEFAULT_PORT: u16 = 2222;

/// The most clients at once: a table's players with room to spare, and a bound on what
/// the laptop spends on them.
pub const MAX_SESSIONS: usize = 64;

/// Who a client is at the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Role {
    /// Everything, as the referee sees it (read-only in this version).
    Referee,
    /// A side's player: the side's id.
    Side(String),
    /// Both sides as seen from the table.
    Guest,
}

impl Role {
    /// The role a login name asks for among `sides` (the scenario's side ids).
    pub fn of_login(login: &str, sides: &[String]) -> Option<Role> {
        match login {
            "referee" => Some(Role::Referee),
            "guest" => Some(Role::Guest),
            side => sides
                .iter()
                .any(|s| s == side)
                .then(|| Role::Side(side.to_owned())),
        }
    }

    pub fn looker(&self) -> Looker {
        match self {
            Role::Referee => Looker::Referee,
            Role::Side(side) => Looker::Side(side.clone()),
            Role::Guest => Looker::Guest,
        }
    }
}

#[derive(Debug, Clone)]
pub struct ServeOptions {
    pub bind: IpAddr,
    pub port: u16,
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
    let lock = crate::persist::SaveLock::acquire(&path).map_err(|e| open_error(&e))?;
    let loaded = crate::persist::load(&path).map_err(|e| open_error(&e))?;
    let sides: Vec<String> = loaded
        .game
        .state()
        .sides()
        .iter()
        .map(|s| s.id.clone())
        .collect();
    let key = host_key::load_or_make(crate::persist::data_folder().as_deref())
        .map_err(ServeError::Open)?;
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
    let passphrase = door::passphrase();
    let fingerprint = key.fingerprint();
    let (publish, game) = tokio::sync::watch::channel(Arc::new(loaded.game.clone()));
    let table = Arc::new(client::Table {
        game,
        save_path: path.clone(),
        theme: theme.clone(),
    });
    let doorman = Arc::new(door::Passphrase::new(passphrase.clone(), sides.clone()));
    let served = Arc::clone(&table);
    let opener: ssh::Opener = Arc::new(move |role, outbox, from_client, size| {
        tokio::spawn(client::run(
            Arc::clone(&served),
            role,
            outbox,
            from_client,
            size,
        ));
    });
    runtime.spawn(ssh::listen(
        listener,
        key,
        doorman,
        opener,
        ssh::Limits {
            sessions: MAX_SESSIONS,
            queued_input: 64,
            idle: Duration::from_secs(4 * 60 * 60),
            greeting: Duration::from_secs(20),
        },
    ));
    let banner = door::banner(options, &sides, &passphrase, &fingerprint);
    println!("{}", banner.join("\n"));

    let mut app = App::new(loaded.game, path.clone(), Some(lock), theme);
    let keys = crate::tui::take_referees_keys(&mut app, screen);
    app.table_door = banner;
    let alarms: Vec<String> = loaded.notices.into_iter().chain(keys.alarm).collect();
    if alarms.is_empty() {
        app.say(door::one_line(options, &passphrase), Tone::Info);
    } else {
        app.say(alarms.join(" "), Tone::Alarm);
    }
    crate::tui::terminal::exit_on_signals(Some(&path)).map_err(|e| open_error(&e))?;
    let mut shown = app.revision();
    let mut pass_on = |app: &mut App| {
        if app.revision() != shown {
            shown = app.revision();
            publish.send_replace(Arc::new(app.game().clone()));
        }
        false
    };
    let ran = crate::tui::run_with(&mut app, &mut pass_on);
    // Each client says goodbye and leaves once the game's channel closes; they get a
    // moment to, and no more.
    drop(publish);
    runtime.block_on(client::all_gone(&table, Duration::from_secs(1)));
    runtime.shutdown_timeout(Duration::from_millis(100));
    ran.map_err(|error| {
        ServeError::Screen(crate::tui::ScreenError::Terminal {
            error,
            save: path.clone(),
        })
    })
}
