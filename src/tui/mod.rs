//! The referee's screen: roster, phase checklist, dice and log, driven by keys. A thin
//! layer: every key that changes the battle is a line of the command language, carried
//! out and saved as `adjutant do` would.

pub mod app;
pub mod command_line;
pub mod form;
pub mod jump;
pub mod keymap;
pub mod keys;
pub mod mouse;
pub mod reference_view;
pub mod terminal;
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

/// The main loop: draw when something changed, then wait for a key or a resize. There
/// is no redraw timer: an idle screen sends nothing over SSH.
fn run(app: &mut App) -> std::io::Result<()> {
    run_loop(app, None)
}

/// The referee's screen with `after` called after every event: `serve` passes each
/// change on from there.
pub(crate) fn run_with(app: &mut App, after: &mut dyn FnMut(&App)) -> std::io::Result<()> {
    let mut look = |app: &mut App| {
        after(app);
        false
    };
    run_loop(app, Some((None, &mut look)))
}

/// What a screen does between keys when it has something to watch: how long to wait for
/// a key at most (`None`: as long as it takes), and a look after each wait that says
/// whether the screen changed.
type Tick<'a> = (
    Option<std::time::Duration>,
    &'a mut dyn FnMut(&mut App) -> bool,
);

/// The one loop of every screen: draw when something changed, wait for a key (or, with
/// a `tick`, at most its interval, then look), until the app quits.
fn run_loop(app: &mut App, mut tick: Option<Tick<'_>>) -> std::io::Result<()> {
    let mut screen = terminal::Screen::enter(app.keymap.mouse)?;
    let mut dirty = true;
    loop {
        if dirty {
            terminal::draw_frame(&mut screen.terminal, |frame| view::draw(frame, app))?;
            dirty = false;
        }
        let ready = match &tick {
            Some((Some(interval), _)) => event::poll(*interval)?,
            Some((None, _)) | None => true,
        };
        if ready {
            let event = event::read()?;
            // Read after the event: a resize may have come while the loop was waiting.
            let size = screen.terminal.size()?;
            let area = ratatui::layout::Rect::new(0, 0, size.width, size.height);
            app.screen_area = area;
            dirty |= handle(app, event, area);
        }
        if app.should_quit() {
            return Ok(());
        }
        if let Some((_, look)) = tick.as_mut() {
            dirty |= look(app);
        }
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
