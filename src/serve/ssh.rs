//! The SSH side of `serve`, and with `ssh_key.rs` (the keys) the one file that names
//! russh: an upgrade that moves its API touches nothing else. What comes in from a client is turned into [`FromClient`]
//! for its screen; what goes out leaves through an [`Outbox`]. Everything a client may
//! ask beyond one interactive session (exec, subsystems, forwarding of ports, agents or
//! X11, a second channel) is refused here.

use super::door::{Doorman, Proof};
use super::ssh_key::{HostKey, PublicKey};
use crate::game::Looker;
use russh::server::{Auth, Config, Handle, Handler, Msg, Session};
use russh::{Channel, ChannelId, ChannelOpenFailure, MethodKind, MethodSet, Pty};
use std::collections::HashMap;
use std::net::{IpAddr, Shutdown};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, mpsc};

/// What a client sent its screen.
#[derive(Debug)]
pub enum FromClient {
    Bytes(Vec<u8>),
    /// The client's window, in columns and rows.
    Size(u16, u16),
}

/// Where a screen's bytes go: its client's session channel.
pub struct Outbox {
    handle: Handle,
    channel: ChannelId,
    line: Line,
}

/// The client is gone (or its session is).
#[derive(Debug)]
pub struct Gone;

impl Outbox {
    pub async fn send(&self, bytes: Vec<u8>) -> Result<(), Gone> {
        self.handle
            .data(self.channel, bytes)
            .await
            .map_err(|_| Gone)
    }

    /// Ends the session: the client's `ssh` returns with status 0.
    pub async fn close(self) {
        let _ = self.handle.exit_status_request(self.channel, 0).await;
        let _ = self.handle.eof(self.channel).await;
        let _ = self.handle.close(self.channel).await;
    }

    /// Ends the connection at once, for a client that stopped reading: a polite close
    /// would queue behind the frames it is not taking.
    pub fn cut(&self) {
        self.line.cut();
    }
}

/// A connection's socket, kept aside to end it from outside the SSH session: russh runs a
/// session in a task of its own, and its handle's messages queue behind a client that
/// stopped reading.
#[derive(Clone)]
struct Line(Arc<std::net::TcpStream>);

impl Line {
    /// `stream` for the SSH session, and the line to cut it by.
    fn tap(stream: TcpStream) -> std::io::Result<(TcpStream, Line)> {
        let stream = stream.into_std()?;
        let line = Line(Arc::new(stream.try_clone()?));
        Ok((TcpStream::from_std(stream)?, line))
    }

    fn cut(&self) {
        let _ = self.0.shutdown(Shutdown::Both);
    }
}

/// How a screen is started for a client that asked for a shell.
pub type Opener = Arc<dyn Fn(Seated, Outbox, mpsc::Receiver<FromClient>) + Send + Sync>;

/// A client whose screen opens: who it is, and its window.
pub struct Seated {
    pub looker: Looker,
    /// `login@address`, for the log and the referee's list of who is at the table.
    pub who: String,
    /// Columns and rows.
    pub size: (u16, u16),
}

/// The most of a login name kept in `who`: a log line, not a novel.
const WHO_LOGIN: usize = 24;

/// `login@address` as the log may keep it: a client's login name is any bytes it likes,
/// so only letters, digits and `.-_` are kept, the rest shown as `?`.
fn who(login: &str, address: IpAddr) -> String {
    let login: String = login
        .chars()
        .take(WHO_LOGIN)
        .map(|c| {
            if c.is_alphanumeric() || "._-".contains(c) {
                c
            } else {
                '?'
            }
        })
        .collect();
    format!("{login}@{address}")
}

/// Bounds on what clients may take.
pub struct Limits {
    pub sessions: usize,
    /// Connections from one address at once, so that one machine on the network cannot
    /// take every seat.
    pub per_address: usize,
    /// Input messages waiting for a screen; beyond it a client's bytes are dropped.
    pub queued_input: usize,
    /// A backstop for a session where nothing at all passes either way: the keepalives
    /// (every 30 s, three unanswered close the link, so a dead one goes in about two
    /// minutes) keep a live client's session from ever reaching it, so watching without
    /// a key for hours is fine.
    pub silent: Duration,
    /// From connecting to the screen opening: a connection without one by then is cut,
    /// so that seats are not held by strangers without the passphrase, nor by a login
    /// that never asks for the screen.
    pub login: Duration,
}

/// Accepts clients on `listener` until the runtime stops. A client beyond the permits of
/// `seats` (one per live connection, `limits.sessions` of them), or beyond
/// `limits.per_address` from its address, is turned away at once, before any work is done
/// for it. A connection gives its permit back only when its session has ended, so the
/// caller can wait for every goodbye to have left.
pub async fn listen(
    listener: TcpListener,
    key: HostKey,
    doorman: Arc<dyn Doorman>,
    open: Opener,
    limits: Limits,
    seats: Arc<Semaphore>,
) {
    let methods = methods_for(doorman.proof());
    let config = Arc::new(Config {
        keys: vec![key.0],
        methods: methods.clone(),
        inactivity_timeout: Some(limits.silent),
        keepalive_interval: Some(Duration::from_secs(30)),
        keepalive_max: 3,
        auth_rejection_time: Duration::from_secs(1),
        auth_rejection_time_initial: Some(Duration::ZERO),
        // Every client first asks with no password at all ("none"), and russh counts
        // that refusal: 4 leaves a player the three passphrase tries ssh offers (or,
        // under --keys, three keys not listed).
        max_auth_attempts: 4,
        nodelay: true,
        ..Config::default()
    });
    let from: Arc<Mutex<HashMap<IpAddr, usize>>> = Arc::default();
    loop {
        let Ok((stream, peer)) = listener.accept().await else {
            // Out of file descriptors, say: wait rather than spin.
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let Ok(seat) = Arc::clone(&seats).try_acquire_owned() else {
            continue;
        };
        // This computer itself (a test, a tunnel the referee set up) is one address for
        // many players: only the seats bound it.
        let most = if peer.ip().is_loopback() {
            limits.sessions
        } else {
            limits.per_address
        };
        let Some(place) = Place::take(&from, peer.ip(), most) else {
            continue;
        };
        let Ok((stream, line)) = Line::tap(stream) else {
            continue;
        };
        let seated = Arc::new(AtomicBool::new(false));
        let connection = Connection {
            doorman: Arc::clone(&doorman),
            methods: methods.clone(),
            open: Arc::clone(&open),
            looker: None,
            login: String::new(),
            address: peer.ip(),
            seated: Arc::clone(&seated),
            line: line.clone(),
            channel: None,
            terminal: false,
            size: (80, 24),
            screen: None,
            queued_input: limits.queued_input,
        };
        let (config, login) = (Arc::clone(&config), limits.login);
        tokio::spawn(async move {
            let session = async {
                if let Ok(session) = russh::server::run_stream(config, stream, connection).await {
                    let _ = session.await;
                }
            };
            tokio::pin!(session);
            tokio::select! {
                () = &mut session => {}
                () = tokio::time::sleep(login) => {
                    if !seated.load(Ordering::SeqCst) {
                        line.cut();
                    }
                    session.await;
                }
            }
            drop((seat, place));
        });
    }
}

/// The one way in a client is offered: a passphrase, or a key and nothing else, so that
/// under `--keys` no passphrase is asked for (or could be guessed).
fn methods_for(proof: Proof) -> MethodSet {
    let method = match proof {
        Proof::Passphrase => MethodKind::Password,
        Proof::Key => MethodKind::PublicKey,
    };
    MethodSet::from(&[method][..])
}

/// One of an address's connections, given back when dropped.
struct Place {
    from: Arc<Mutex<HashMap<IpAddr, usize>>>,
    address: IpAddr,
}

impl Place {
    fn take(
        from: &Arc<Mutex<HashMap<IpAddr, usize>>>,
        address: IpAddr,
        most: usize,
    ) -> Option<Place> {
        let mut counts = from
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let count = counts.entry(address).or_insert(0);
        if *count >= most {
            return None;
        }
        *count += 1;
        Some(Place {
            from: Arc::clone(from),
            address,
        })
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut counts = self
            .from
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(count) = counts.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&self.address);
            }
        }
    }
}

/// One client's connection.
struct Connection {
    doorman: Arc<dyn Doorman>,
    /// The doorman's way in, offered again after a refusal.
    methods: MethodSet,
    open: Opener,
    /// Who the client logged in as; `None` until then.
    looker: Option<Looker>,
    /// The login name it gave, once let in.
    login: String,
    address: IpAddr,
    /// Set once the client's screen opens.
    seated: Arc<AtomicBool>,
    line: Line,
    /// The one session channel a client may have.
    channel: Option<ChannelId>,
    /// Whether the client asked for a terminal: without one the screen is escape codes.
    terminal: bool,
    size: (u16, u16),
    /// The client's screen, once it asked for a shell.
    screen: Option<mpsc::Sender<FromClient>>,
    queued_input: usize,
}

impl Connection {
    fn to_screen(&self, message: FromClient) {
        if let Some(screen) = &self.screen {
            // A full queue is a client sending faster than a person types: dropped.
            let _ = screen.try_send(message);
        }
    }

    fn ours(&self, channel: ChannelId) -> bool {
        self.channel == Some(channel)
    }

    /// The way in stays on offer: a mistyped passphrase gets another try (of
    /// `max_auth_attempts`), and so does a player's next key, where a bare reject would
    /// end the login.
    fn refused(&self) -> Auth {
        Auth::Reject {
            proceed_with_methods: Some(self.methods.clone()),
            partial_success: false,
        }
    }
}

/// A window of any size the client claims, as `u16`s (a screen clamps it further).
fn window(columns: u32, rows: u32) -> (u16, u16) {
    let fit = |n: u32| u16::try_from(n).unwrap_or(u16::MAX);
    (fit(columns), fit(rows))
}

impl Handler for Connection {
    type Error = russh::Error;

    async fn auth_password(&mut self, user: &str, password: &str) -> Result<Auth, Self::Error> {
        Ok(match self.doorman.admit(user, password) {
            Some(looker) => {
                self.looker = Some(looker);
                user.clone_into(&mut self.login);
                Auth::Accept
            }
            None => self.refused(),
        })
    }

    /// A key not listed (or any key, with passphrases) is refused before its signature
    /// is checked, so that offering keys costs the server nothing. The login name is not
    /// asked: under `--keys` the key alone says who a player is.
    async fn auth_publickey_offered(
        &mut self,
        _: &str,
        offer: russh::server::PublicKeyOffer<'_>,
    ) -> Result<Auth, Self::Error> {
        Ok(
            match self.doorman.admit_key(&PublicKey::of(offer.public_key)) {
                Some(_) => Auth::Accept,
                None => self.refused(),
            },
        )
    }

    /// Called once russh has checked the client's signature: the role is the verified
    /// key's, whatever was offered before.
    async fn auth_publickey(
        &mut self,
        user: &str,
        key: russh::server::VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        Ok(
            match self.doorman.admit_key(&PublicKey::of(key.public_key)) {
                Some(looker) => {
                    self.looker = Some(looker);
                    user.clone_into(&mut self.login);
                    Auth::Accept
                }
                None => self.refused(),
            },
        )
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: russh::server::ChannelOpenHandle,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        // The channel itself is dropped: its messages come to the handler's methods, and
        // an unread channel would fill and stall the session.
        if self.channel.is_some() || self.looker.is_none() {
            reply
                .reject(ChannelOpenFailure::AdministrativelyProhibited)
                .await;
        } else {
            self.channel = Some(channel.id());
            reply.accept().await;
        }
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        _: &str,
        columns: u32,
        rows: u32,
        _: u32,
        _: u32,
        _: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.ours(channel) {
            self.terminal = true;
            self.size = window(columns, rows);
            self.to_screen(FromClient::Size(self.size.0, self.size.1));
            session.channel_success(channel)
        } else {
            session.channel_failure(channel)
        }
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let (Some(looker), true, None) = (self.looker.clone(), self.ours(channel), &self.screen)
        else {
            return session.channel_failure(channel);
        };
        session.channel_success(channel)?;
        if !self.terminal {
            let why = "adjutant: the table's screen needs a terminal: connect without -T\r\n";
            session.data(channel, why.as_bytes().to_vec())?;
            session.exit_status_request(channel, 1)?;
            return session.close(channel);
        }
        let (sender, receiver) = mpsc::channel(self.queued_input);
        self.screen = Some(sender);
        self.seated.store(true, Ordering::SeqCst);
        let outbox = Outbox {
            handle: session.handle(),
            channel,
            line: self.line.clone(),
        };
        let seated = Seated {
            looker,
            who: who(&self.login, self.address),
            size: self.size,
        };
        (self.open)(seated, outbox, receiver);
        Ok(())
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _: bool,
        _: &str,
        _: &str,
        _: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        _: &str,
        _: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn window_change_request(
        &mut self,
        channel: ChannelId,
        columns: u32,
        rows: u32,
        _: u32,
        _: u32,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.ours(channel) {
            self.size = window(columns, rows);
            self.to_screen(FromClient::Size(self.size.0, self.size.1));
        }
        Ok(())
    }

    /// The client closed its session (or sent its end): its screen goes.
    async fn channel_close(
        &mut self,
        channel: ChannelId,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.ours(channel) {
            self.screen = None;
        }
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.channel_close(channel, session).await
    }

    async fn data(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.ours(channel) {
            self.to_screen(FromClient::Bytes(data.to_vec()));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_login_name_is_kept_short_and_printable_for_the_log() {
        let address = IpAddr::from([192, 168, 1, 23]);
        assert_eq!(who("referee", address), "referee@192.168.1.23");
        assert_eq!(who("anne\x1b[2J\n", address), "anne??2J?@192.168.1.23");
        assert_eq!(who(&"x".repeat(1000), address).len(), WHO_LOGIN + 13);
    }
}
