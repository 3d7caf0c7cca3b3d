//! One client's screen, drawn into memory and sent down the client's SSH channel. A
//! side's or a guest's is the watcher's screen of `adjutant watch` from the start, so it
//! has no desk to change the battle with, not even the save's path ([`App::watcher`]);
//! the co-referee's hands its lines to the referee's screen ([`App::co_referee`]). The
//! keys it is sent are the client's, turned into the very events the local terminal
//! gives ([`KeyReader`]).

use super::input::KeyReader;
use super::ssh::{FromClient, Outbox, Seated};
use super::{Desk, Newest, ToDesk};
use crate::game::{Game, Looker};
use crate::tui::app::App;
use crate::tui::beside::MOST_WAITING;
use crate::tui::terminal::{self, Backend, FrameWriter};
use crate::tui::theme::Theme;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, watch};

/// What every client's screen shares: the newest game, how to show it, and the way to
/// the referee's screen.
pub struct Table {
    game: watch::Receiver<Newest>,
    /// The save's file name: where the referee keeps it is not the players' business.
    save_name: PathBuf,
    theme: Theme,
    desk: Desk,
    /// The screens open now: a number for each, and who looks at it.
    open: Mutex<Vec<(u64, Looker, String)>>,
    opened: AtomicU64,
    /// Whether the referee's screen has been told that who is at the table changed and
    /// has not yet looked: it is told once however many come and go meanwhile.
    seats_told: AtomicBool,
}

impl Table {
    pub fn new(game: watch::Receiver<Newest>, save_path: &Path, theme: Theme, desk: Desk) -> Table {
        Table {
            game,
            save_name: save_path
                .file_name()
                .map_or_else(|| save_path.to_path_buf(), PathBuf::from),
            theme,
            desk,
            open: Mutex::default(),
            opened: AtomicU64::new(0),
            seats_told: AtomicBool::new(false),
        }
    }

    /// Who is at the table, a line each, for the referee: "france: anne@192.168.1.23".
    /// The next change is told to the referee's screen again.
    pub fn seated(&self) -> Vec<String> {
        self.seats_told.store(false, Ordering::SeqCst);
        let open = self.lock_open();
        open.iter()
            .map(|(_, looker, who)| {
                let role = match looker {
                    Looker::Referee => "co-referee",
                    Looker::Side(side) => side,
                    Looker::Guest => "guest",
                };
                format!("{role}: {who}")
            })
            .collect()
    }

    /// Waits until every client's screen has closed, or `within` has passed.
    pub async fn all_gone(&self, within: Duration) {
        let started = Instant::now();
        while !self.lock_open().is_empty() && started.elapsed() < within {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Tells the referee's screen that who is at the table changed, unless it was told
    /// and has not looked yet.
    fn seats_changed(&self) {
        if !self.seats_told.swap(true, Ordering::SeqCst) {
            self.desk.tell(ToDesk::Seats);
        }
    }

    fn lock_open(&self) -> std::sync::MutexGuard<'_, Vec<(u64, Looker, String)>> {
        // A poisoned list only means a client's task panicked; the list is still whole.
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A screen open on its table while it lives; the referee's screen hears of each.
struct Open<'t> {
    table: &'t Table,
    number: u64,
}

impl<'t> Open<'t> {
    fn on(table: &'t Table, looker: &Looker, who: &str) -> Open<'t> {
        let number = table.opened.fetch_add(1, Ordering::Relaxed);
        table
            .lock_open()
            .push((number, looker.clone(), who.to_owned()));
        table.seats_changed();
        Open { table, number }
    }
}

impl Drop for Open<'_> {
    fn drop(&mut self) {
        self.table
            .lock_open()
            .retain(|(number, ..)| *number != self.number);
        self.table.seats_changed();
    }
}

/// The most of a client's window that is drawn, from its top-left corner: a phone is
/// 50x20, a laptop's terminal full screen 200x60. ratatui keeps two buffers of cells (about
/// 40 bytes each), so this bounds a client at 2.4 MB however large a window it claims.
pub const MAX_WINDOW: (u16, u16) = (300, 100);

/// How long a lone ESC waits for the rest of a sequence before it is the Esc key.
const ESC_WAIT: Duration = Duration::from_millis(30);

/// A frame not taken by the client within this long ends its session: it stopped reading.
const SEND_WAIT: Duration = Duration::from_secs(30);

/// Bytes a client may send in a burst, and per second after it: more than anyone types
/// (a key is one to six bytes, a click a dozen). Beyond it bytes are dropped unread.
const BURST: u64 = 2 * 1024;
const PER_SECOND: u64 = 512;

/// What a change of window size costs from the budget: it redraws the whole screen.
const RESIZE_COST: usize = 256;

/// A token bucket of input bytes, counted in millionths of a byte so that a trickle of
/// microseconds still earns its share.
#[derive(Debug, Clone)]
pub struct InputBudget {
    micro_bytes: u64,
    at: Instant,
}

const MICRO: u64 = 1_000_000;

impl InputBudget {
    pub fn new(now: Instant) -> InputBudget {
        InputBudget {
            micro_bytes: BURST * MICRO,
            at: now,
        }
    }

    /// How many of `offered` bytes may be read at `now`; they are spent.
    pub fn take(&mut self, offered: usize, now: Instant) -> usize {
        let elapsed = now.saturating_duration_since(self.at).as_micros();
        let earned = u64::try_from(elapsed)
            .unwrap_or(u64::MAX)
            .saturating_mul(PER_SECOND);
        self.micro_bytes = self.micro_bytes.saturating_add(earned).min(BURST * MICRO);
        self.at = now;
        let allowed = offered.min(usize::try_from(self.micro_bytes / MICRO).unwrap_or(usize::MAX));
        self.micro_bytes -= u64::try_from(allowed).unwrap_or(0) * MICRO;
        allowed
    }
}

/// The area drawn for a window of `columns` x `rows`.
fn drawn_area((columns, rows): (u16, u16)) -> Rect {
    Rect::new(
        0,
        0,
        columns.clamp(1, MAX_WINDOW.0),
        rows.clamp(1, MAX_WINDOW.1),
    )
}

/// A client's screen, without its channel: bytes in, bytes out.
pub struct Screen {
    pub app: App,
    terminal: Terminal<Backend<Vec<u8>>>,
    reader: KeyReader,
}

impl Screen {
    /// The screen `looker` sees of `game` (saved at `save_path`), for a window of `size`:
    /// a co-referee's for the referee, whose lines go to the desk; a watcher's for anyone
    /// else, which has no way to the commands at all.
    pub fn new(
        save_path: &Path,
        theme: Theme,
        looker: Looker,
        game: Game,
        size: (u16, u16),
    ) -> std::io::Result<Screen> {
        let mut app = match looker {
            Looker::Referee => App::co_referee(game, save_path, theme),
            Looker::Side(_) | Looker::Guest => App::watcher(game, save_path, theme, looker),
        };
        let area = drawn_area(size);
        app.screen_area = area;
        let backend = Backend::new(FrameWriter::new(Vec::new()));
        let terminal = Terminal::with_options(
            backend,
            TerminalOptions {
                viewport: Viewport::Fixed(area),
            },
        )?;
        Ok(Screen {
            app,
            terminal,
            reader: KeyReader::new(),
        })
    }

    /// What takes the client's terminal over, and the first frame.
    pub fn opening(&mut self) -> std::io::Result<Vec<u8>> {
        let mut bytes = Vec::new();
        terminal::take_over(&mut bytes, self.app.keymap.mouse)?;
        // The client's screen holds whatever its shell left: start from blank.
        self.terminal.clear()?;
        bytes.append(&mut self.sent());
        bytes.append(&mut self.frame()?);
        Ok(bytes)
    }

    /// The client's bytes; whether the screen must be drawn again.
    pub fn bytes(&mut self, bytes: &[u8]) -> bool {
        let events = self.reader.feed(bytes);
        self.events(events)
    }

    /// What waited for the rest of a sequence that did not come.
    pub fn pause(&mut self) -> bool {
        let events = self.reader.flush();
        self.events(events)
    }

    pub fn holds(&self) -> bool {
        self.reader.holds()
    }

    /// `newest` from the referee, shown unless it is the game already `shown`; whether
    /// the screen changed.
    fn take_newest(&mut self, shown: &mut Newest, newest: Newest) -> bool {
        match newer(shown, newest) {
            Some(game) => {
                self.app.reload(game);
                true
            }
            None => false,
        }
    }

    fn events(&mut self, events: Vec<crossterm::event::Event>) -> bool {
        let area = self.app.screen_area;
        let mut dirty = false;
        for event in events {
            dirty |= crate::tui::handle(&mut self.app, event, area);
            if self.app.should_quit() {
                break;
            }
        }
        dirty
    }

    /// The client's window is now `size`; whether that changed what is drawn.
    pub fn resize(&mut self, size: (u16, u16)) -> std::io::Result<bool> {
        let area = drawn_area(size);
        if area == self.app.screen_area {
            return Ok(false);
        }
        self.app.screen_area = area;
        self.terminal.resize(area)?;
        Ok(true)
    }

    /// The frame that shows the screen now: only what changed since the last.
    pub fn frame(&mut self) -> std::io::Result<Vec<u8>> {
        let app = &self.app;
        terminal::draw_remote_frame(&mut self.terminal, |frame| {
            crate::tui::view::draw(frame, app);
        })?;
        Ok(self.sent())
    }

    /// What gives the client's terminal back, with why the screen closed.
    pub fn closing(&mut self, why: Option<&str>) -> Vec<u8> {
        let mut bytes = self.sent();
        let _ = terminal::give_back(&mut bytes);
        if let Some(why) = why {
            bytes.extend_from_slice(format!("adjutant: {why}\r\n").as_bytes());
        }
        bytes
    }

    fn sent(&mut self) -> Vec<u8> {
        std::mem::take(self.terminal.backend_mut().writer_mut().get_mut())
    }
}

/// Runs a client's screen until it quits, its connection goes, or the referee closes the
/// table. A co-referee's lines go to the desk, and its answers come back here.
pub async fn run(
    table: Arc<Table>,
    seated: Seated,
    outbox: Outbox,
    mut from_client: mpsc::Receiver<FromClient>,
) {
    let Seated { looker, who, size } = seated;
    let _open = Open::on(&table, &looker, &who);
    let mut game = table.game.clone();
    let mut shown = newest(&mut game);
    let theme = table.theme.clone();
    let first = Game::clone(&shown.1);
    let Ok(mut screen) = Screen::new(&table.save_name, theme, looker, first, size) else {
        return outbox.close().await;
    };
    let Ok(opening) = screen.opening() else {
        return outbox.close().await;
    };
    if send(&outbox, opening).await.is_err() {
        return outbox.cut();
    }
    let (answer_to, mut answers) = mpsc::channel(MOST_WAITING);
    let mut budget = InputBudget::new(Instant::now());
    // A window size the budget has not yet allowed: taken when it does.
    let mut wanted: Option<(u16, u16)> = None;
    let why = loop {
        // The slot's clock on the title, once a minute while it runs.
        let clock_tick = screen.app.clock_ticks_in();
        let dirty = tokio::select! {
            message = from_client.recv() => match message {
                Some(FromClient::Bytes(bytes)) => {
                    let allowed = budget.take(bytes.len(), Instant::now());
                    screen.bytes(&bytes[..allowed])
                }
                Some(FromClient::Size(columns, rows)) => {
                    wanted = Some((columns, rows));
                    false
                }
                // The client closed its session: the connection goes with it, and its seat.
                None => return outbox.cut(),
            },
            changed = game.changed() => match changed {
                Ok(()) => screen.take_newest(&mut shown, newest(&mut game)),
                Err(_) => break Some("the referee has closed the table"),
            },
            Some(answer) = answers.recv() => {
                // The desk passed the game on before it answered: the newest is at
                // least the one the answer speaks of, and is shown as any change is.
                screen.take_newest(&mut shown, newest(&mut game));
                screen.app.answered(answer);
                true
            },
            () = tokio::time::sleep(ESC_WAIT), if screen.holds() => screen.pause(),
            () = tokio::time::sleep(Duration::from_millis(250)), if wanted.is_some() => false,
            () = tokio::time::sleep(clock_tick.unwrap_or_default()), if clock_tick.is_some() => true,
        };
        // Typed on the game shown now: the desk refuses what would act on another.
        for line in screen.app.lines_for_desk() {
            let answer = answer_to.clone();
            let (by, seen) = (who.clone(), shown.0);
            table.desk.tell(ToDesk::Line {
                line,
                by,
                seen,
                answer,
            });
        }
        let resized = match wanted {
            Some(size) if budget.take(RESIZE_COST, Instant::now()) == RESIZE_COST => {
                wanted = None;
                screen.resize(size).unwrap_or(false)
            }
            _ => false,
        };
        if screen.app.should_quit() {
            break None;
        }
        if dirty || resized {
            let Ok(frame) = screen.frame() else {
                break None;
            };
            if send(&outbox, frame).await.is_err() {
                return outbox.cut();
            }
        }
    };
    let _ = send(&outbox, screen.closing(why)).await;
    outbox.close().await;
}

/// `newest`, if it is not the game `shown`, which it then becomes.
fn newer(shown: &mut Newest, newest: Newest) -> Option<Game> {
    if shown.0 == newest.0 {
        return None;
    }
    *shown = newest;
    Some(Game::clone(&shown.1))
}

/// The newest game, taken out of the channel at once: the referee's next change waits
/// while the channel is borrowed.
fn newest(game: &mut watch::Receiver<Newest>) -> Newest {
    let newest = game.borrow_and_update();
    (newest.0, Arc::clone(&newest.1))
}

/// Sends `bytes` unless the client stopped reading.
async fn send(outbox: &Outbox, bytes: Vec<u8>) -> Result<(), ()> {
    if bytes.is_empty() {
        return Ok(());
    }
    match tokio::time::timeout(SEND_WAIT, outbox.send(bytes)).await {
        Ok(Ok(())) => Ok(()),
        _ => Err(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_referees_screen_hears_once_of_comings_and_goings_until_it_looks() {
        let game = (0, Arc::new(crate::test_games::quatre_bras()));
        let (_channel, game) = watch::channel(game);
        let (wake, wakes) = std::sync::mpsc::channel();
        let theme = Theme::built_in().unwrap();
        let table = Table::new(game, Path::new("game.toml"), theme, Desk(wake));
        let told = || wakes.try_iter().count();
        {
            let _france = Open::on(&table, &Looker::Side("france".into()), "anne@10.0.0.2");
            let _guest = Open::on(&table, &Looker::Guest, "bob@10.0.0.3");
        }
        // Two came and went: one word to the referee's screen, not four.
        assert_eq!(told(), 1);
        assert!(table.seated().is_empty());
        let _co = Open::on(&table, &Looker::Referee, "referee@10.0.0.4");
        assert_eq!(told(), 1);
        assert_eq!(table.seated(), ["co-referee: referee@10.0.0.4"]);
    }

    #[test]
    fn the_input_budget_allows_a_burst_then_a_trickle() {
        let start = Instant::now();
        let mut budget = InputBudget::new(start);
        assert_eq!(budget.take(100_000, start), 2048);
        assert_eq!(budget.take(10, start), 0);
        let later = start + Duration::from_millis(500);
        assert_eq!(budget.take(100_000, later), 256);
        let much_later = later + Duration::from_secs(3600);
        assert_eq!(budget.take(100_000, much_later), 2048);
    }

    #[test]
    fn a_window_of_any_size_is_drawn_bounded() {
        assert_eq!(drawn_area((65535, 65535)), Rect::new(0, 0, 300, 100));
        assert_eq!(drawn_area((0, 0)), Rect::new(0, 0, 1, 1));
        assert_eq!(drawn_area((50, 20)), Rect::new(0, 0, 50, 20));
    }
}
