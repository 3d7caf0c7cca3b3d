//! The referee's screen: roster, phase checklist, dice and log, driven by keys. A thin
//! layer: every key that changes the battle is a line of the command language, carried
//! out and saved as `adjutant do` would.

pub mod app;
pub mod beside;
pub mod command_line;
pub mod form;
pub mod jump;
pub mod keymap;
pub mod keys;
pub mod layout;
pub mod mouse;
pub mod reference_view;
pub mod roster_list;
pub mod terminal;
pub mod text;
pub mod theme;
pub mod view;
pub mod watch;

use app::{App, Tone};
use crossterm::event::{self, Event, KeyEventKind};
use std::path::{Path, PathBuf};
use theme::Theme;

#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Strip the theme's colours, as `NO_COLOR` does.
    pub no_color: bool,
    /// `--theme`: a theme's name or a file's path [default: dark].
    pub theme: Option<String>,
    /// `--no-mouse`: clicks and the wheel stay the terminal's, as `mouse = false` in
    /// the keymap leaves them.
    pub no_mouse: bool,
}

/// Why the screen could not open or had to close; the game on disk is as last saved.
#[derive(Debug, thiserror::Error)]
pub enum ScreenError {
    #[error("{0}")]
    Open(String),
    #[error("the terminal failed ({error}); every command up to it is saved in {save}")]
    Terminal {
        error: std::io::Error,
        save: PathBuf,
    },
    /// A watcher's terminal failed: it wrote nothing, so there is nothing to say of the save.
    #[error("the terminal failed ({0})")]
    Watch(std::io::Error),
}

/// The theme the options and the environment ask for. The referee's own themes are in
/// the `themes` folder of the config folder.
pub fn theme(options: &Options) -> Result<Theme, ScreenError> {
    let user_folder = crate::persist::config_folder().map(|folder| folder.join("themes"));
    let choice = options.theme.as_deref().unwrap_or(theme::DEFAULT_THEME);
    let theme = Theme::find(choice, user_folder.as_deref())
        .map_err(|e| ScreenError::Open(e.to_string()))?;
    Ok(if options.no_color || theme::no_color_requested() {
        theme.without_colours()
    } else {
        theme
    })
}

/// Opens the save at `path` on the screen until the referee quits. A signal ends the
/// process from [`terminal::exit_on_signals`] instead. The theme comes in already read,
/// so that a mistake in it is reported before a game is started or the terminal taken.
pub fn open(path: &Path, theme: Theme, options: &Options) -> Result<(), ScreenError> {
    let path = crate::persist::resolve_save_path(path);
    let mut app = referees_app(&path, theme, options)?;
    terminal::exit_on_signals(Some(&path)).map_err(|e| ScreenError::Open(e.to_string()))?;
    run(&mut app).map_err(|error| ScreenError::Terminal { error, save: path })
}

/// The referee's screen on the save at `path`, its lock taken and the referee's keys in
/// force, saying first what the save or the keymap file needs the referee to know.
pub(crate) fn referees_app(
    path: &Path,
    theme: Theme,
    options: &Options,
) -> Result<App, ScreenError> {
    let path = crate::persist::resolve_save_path(path);
    let open_error = |e: &dyn std::fmt::Display| ScreenError::Open(e.to_string());
    let lock = crate::persist::SaveLock::acquire(&path).map_err(|e| open_error(&e))?;
    let loaded = crate::persist::load(&path).map_err(|e| open_error(&e))?;
    let mut app = App::new(loaded.game, path, Some(lock), theme);
    let keys = take_referees_keys(&mut app, options);
    let alarms: Vec<String> = loaded.notices.into_iter().chain(keys.alarm).collect();
    if !alarms.is_empty() {
        app.say(alarms.join(" "), Tone::Alarm);
    } else if let Some(note) = keys.note {
        app.say(note, Tone::Info);
    }
    Ok(app)
}

/// Puts the referee's `keymap.toml` in force on `app`, with the mouse off if `options`
/// say so; what is left of it is what to say about the file (ignored, or an action left
/// with no key).
fn take_referees_keys(app: &mut App, options: &Options) -> keymap::Loaded {
    let mut keys = keymap::load(crate::persist::config_folder().as_deref());
    app.keymap = std::mem::take(&mut keys.keymap);
    app.keymap.mouse &= !options.no_mouse;
    app.keymap_file = keys.file.take();
    keys
}

/// The main loop: draw when something changed, then wait for a key or a resize. The
/// only timer is the slot's clock on the title, once a minute while it runs: an idle
/// screen without one sends nothing over SSH.
fn run(app: &mut App) -> std::io::Result<()> {
    let mut wait = |app: &mut App| {
        Ok(match app.clock_ticks_in() {
            Some(tick) if !event::poll(tick)? => Woke::Changed(true),
            _ => Woke::Event(event::read()?),
        })
    };
    run_loop(app, &mut wait, &mut |_| false)
}

/// What wakes the referee's screen while it serves the table: the local terminal, or
/// something from the table (`serve` decides what).
pub(crate) enum Wake<T> {
    Terminal(std::io::Result<Event>),
    Table(T),
}

/// Reads the local terminal on a thread of its own into `wakes`, so that the screen can
/// wait on the terminal and the table at once, with no timer. The thread ends at the
/// first event after the screen's loop is gone (or with the process).
fn read_terminal_into<T: Send + 'static>(
    wakes: std::sync::mpsc::Sender<Wake<T>>,
) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name("terminal".to_owned())
        .spawn(move || {
            let wakes = Reader(wakes);
            loop {
                let event = event::read();
                let failed = event.is_err();
                if wakes.0.send(Wake::Terminal(event)).is_err() || failed {
                    return;
                }
            }
        })
        .map(drop)
}

/// The terminal's reader's way to the screen: should the reader panic, the screen is told
/// its terminal is gone, and closes, rather than wait for keys that never come.
struct Reader<T>(std::sync::mpsc::Sender<Wake<T>>);

impl<T> Drop for Reader<T> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let gone = std::io::Error::other("the terminal's reader stopped");
            let _ = self.0.send(Wake::Terminal(Err(gone)));
        }
    }
}

/// The referee's screen woken by the terminal and by what the table sends on `wakes`
/// (whose sender `terminal` the terminal's reader takes once the screen is up):
/// `on_table` takes what the table sends and says whether the screen changed, and
/// `after` runs after every wake (`serve` passes each change on from there).
pub(crate) fn run_woken<T: Send + 'static>(
    app: &mut App,
    (terminal, wakes): (
        std::sync::mpsc::Sender<Wake<T>>,
        std::sync::mpsc::Receiver<Wake<T>>,
    ),
    on_table: &mut dyn FnMut(&mut App, T) -> bool,
    after: &mut dyn FnMut(&mut App),
) -> std::io::Result<()> {
    // Started once the screen is up: before raw mode, a key would wait for Enter.
    let mut terminal = Some(terminal);
    let mut wait = |app: &mut App| {
        if let Some(terminal) = terminal.take() {
            read_terminal_into(terminal)?;
        }
        wait_for_wake(app, &wakes, on_table)
    };
    run_loop(app, &mut wait, &mut |app| {
        after(app);
        false
    })
}

fn wait_for_wake<T>(
    app: &mut App,
    wakes: &std::sync::mpsc::Receiver<Wake<T>>,
    on_table: &mut dyn FnMut(&mut App, T) -> bool,
) -> std::io::Result<Woke> {
    use std::sync::mpsc::RecvTimeoutError;
    let woken = match app.clock_ticks_in() {
        Some(tick) => wakes.recv_timeout(tick),
        None => wakes.recv().map_err(|_| RecvTimeoutError::Disconnected),
    };
    match woken {
        Ok(Wake::Terminal(event)) => Ok(Woke::Event(event?)),
        Ok(Wake::Table(news)) => Ok(Woke::Changed(on_table(app, news))),
        // The slot's clock on the title turns a minute.
        Err(RecvTimeoutError::Timeout) => Ok(Woke::Changed(true)),
        // Every sender gone: the table's too, so the server is down; the screen closes.
        Err(RecvTimeoutError::Disconnected) => {
            Err(std::io::Error::from(std::io::ErrorKind::BrokenPipe))
        }
    }
}

/// What a screen's wait ended with.
enum Woke {
    Event(Event),
    /// Not a terminal event; whether the screen changed.
    Changed(bool),
}

/// The one loop of every screen: draw when something changed, `wait` for what comes
/// next, then `look` (whether the screen changed), until the app quits.
fn run_loop(
    app: &mut App,
    wait: &mut dyn FnMut(&mut App) -> std::io::Result<Woke>,
    look: &mut dyn FnMut(&mut App) -> bool,
) -> std::io::Result<()> {
    let mut screen = terminal::Screen::enter(app.keymap.mouse)?;
    let mut dirty = true;
    loop {
        if dirty {
            terminal::draw_frame(&mut screen.terminal, |frame| view::draw(frame, app))?;
            dirty = false;
        }
        match wait(app)? {
            Woke::Event(event) => {
                // Read after the event: a resize may have come while the loop was waiting.
                let size = screen.terminal.size()?;
                let area = ratatui::layout::Rect::new(0, 0, size.width, size.height);
                app.screen_area = area;
                dirty |= handle(app, event, area);
            }
            Woke::Changed(changed) => dirty |= changed,
        }
        if app.should_quit() {
            return Ok(());
        }
        dirty |= look(app);
    }
}

/// One terminal event on a screen of `area`; whether the screen must be drawn again.
pub(crate) fn handle(app: &mut App, event: Event, area: ratatui::layout::Rect) -> bool {
    match event {
        Event::Key(key) if key.kind != KeyEventKind::Release => keys::handle(app, key),
        Event::Paste(text) => keys::paste(app, &text),
        Event::Mouse(mouse) => return mouse::handle(app, mouse, area),
        Event::Resize(..) => {}
        _ => return false,
    }
    true
}
