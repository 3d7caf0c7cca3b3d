//! The screen on a real save of a built-in scenario, for the screen tests.

use adjutant::game::Game;
use adjutant::persist;
use adjutant::scenario;
use adjutant::tui::app::App;
use adjutant::tui::theme::Theme;
use adjutant::tui::view;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::path::PathBuf;

/// A screen open on a save in a folder of its own, removed when this is dropped.
pub struct Opened {
    pub folder: tempfile::TempDir,
    pub path: PathBuf,
    pub app: App,
}

/// The built-in `scenario` at `seed` after `commands`, saved and opened in `theme`.
pub fn open_app(scenario: &str, seed: u64, commands: &[&str], theme: Theme) -> Opened {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("game.toml");
    let (parsed, spec) = scenario::parse(scenario, scenario::built_in(scenario).unwrap()).unwrap();
    let mut game = Game::new(parsed, spec, seed);
    for command in commands {
        game.perform(command).unwrap();
    }
    persist::save(&game, &path).unwrap();
    let mut app = App::new(game, path.clone(), None, theme);
    // The real path is a random temporary folder; the snapshots need it fixed.
    app.save_label = format!("~/battles/{scenario}.toml");
    Opened { folder, path, app }
}

/// Quatre-Bras at the seed the screen tests share, after `commands`, in the built-in theme.
pub fn quatre_bras(commands: &[&str]) -> Opened {
    open_app("quatre-bras", 1815, commands, Theme::built_in().unwrap())
}

/// [`quatre_bras`] at the French combat phase of turn 1, then `commands`.
pub fn in_combat_phase(commands: &[&str]) -> Opened {
    let mut all = vec!["next", "next", "next"];
    all.extend_from_slice(commands);
    quatre_bras(&all)
}

/// The words on screen, borders and runs of spaces taken out, so a wrapped text can be
/// looked for whole.
pub fn words(screen: &str) -> String {
    screen
        .replace(['│', '┌', '┐', '└', '┘', '─', '"'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A key as a terminal reports it: a capital comes with Shift.
pub fn key_event(code: KeyCode) -> KeyEvent {
    let modifiers = match code {
        KeyCode::Char(c) if c.is_ascii_uppercase() => KeyModifiers::SHIFT,
        _ => KeyModifiers::NONE,
    };
    KeyEvent::new(code, modifiers)
}

/// The screen drawn at `width` x `height`.
pub fn drawn(app: &mut App, width: u16, height: u16) -> Terminal<TestBackend> {
    // As the main loop records the terminal's size for the keys that follow.
    app.screen_area = ratatui::layout::Rect::new(0, 0, width, height);
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| view::draw(frame, app)).unwrap();
    terminal
}

/// The screen drawn at `width` x `height`, as text.
pub fn screen(app: &mut App, width: u16, height: u16) -> String {
    drawn(app, width, height).backend().to_string()
}

/// Each key of `codes` pressed in turn.
pub fn press(app: &mut App, codes: &[KeyCode]) {
    for &code in codes {
        adjutant::tui::keys::handle(app, key_event(code));
    }
}

/// `text` typed a letter at a time.
pub fn typed(app: &mut App, text: &str) {
    for c in text.chars() {
        adjutant::tui::keys::handle(app, key_event(KeyCode::Char(c)));
    }
}
