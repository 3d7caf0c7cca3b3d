//! The screen on a real save of a built-in scenario, for the screen tests.

use adjutant::game::Game;
use adjutant::persist;
use adjutant::scenario;
use adjutant::tui::app::{App, Overlay, Pane};
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
/// The guided forms' keys (`F` shoot, `t` test, `a` rally, `b` combat, `m` move), the
/// *Sound the Charge* family's, under a ruleset that has none: each is refused with its
/// ruleset's `title` and a way on (the command line), and opens no form.
pub fn forms_refused_with_the_command_line(app: &mut App, title: &str) {
    for key in ['F', 't', 'a', 'b', 'm'] {
        adjutant::tui::keys::handle(app, key_event(KeyCode::Char(key)));
        let message = app
            .message
            .as_ref()
            .map(|m| m.text.clone())
            .unwrap_or_default();
        assert!(
            message.starts_with(&format!("{title} has no ")),
            "{key}: {message}"
        );
        assert!(
            message.contains("press : and type its command"),
            "{key}: {message}"
        );
        assert!(app.form.is_none(), "{key} opened a form");
    }
}

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

/// The built-in `scenario` at `seed` after `commands`, watched as `side`'s player would
/// (the referee's watch without one).
pub fn watched(scenario: &str, seed: u64, commands: &[&str], side: Option<&str>) -> Opened {
    let mut opened = open_app(scenario, seed, commands, Theme::built_in().unwrap());
    opened
        .app
        .watch(side.map_or(adjutant::game::Looker::Referee, |s| {
            adjutant::game::Looker::Side(s.to_owned())
        }));
    opened
}

/// The screen drawn at `width` x `height`, its cells' symbols a line a row (no quotes,
/// unlike [`screen`]), for looking text up in.
pub fn symbols(app: &mut App, width: u16, height: u16) -> String {
    let terminal = drawn(app, width, height);
    let buffer = terminal.backend().buffer();
    let mut text = String::new();
    for y in 0..buffer.area.height {
        for x in 0..buffer.area.width {
            text.push_str(buffer[(x, y)].symbol());
        }
        text.push('\n');
    }
    text
}

/// One pane alone, tall enough to hold all of it, as a phone shows it.
pub fn pane(app: &mut App, which: Pane) -> String {
    app.overlay = Overlay::None;
    app.focus = which;
    app.log_scroll = 0;
    symbols(app, 60, 60)
}

/// Every pane and window a watcher can bring up, at every arrangement, the selected
/// unit `unit`'s details among them.
pub fn everything(app: &mut App, unit: &str) -> String {
    app.select_unit(unit);
    let mut seen = String::new();
    for which in Pane::ALL {
        seen.push_str(&pane(app, which));
    }
    for (width, height) in [(140, 50), (80, 24), (50, 20)] {
        app.overlay = Overlay::None;
        seen.push_str(&symbols(app, width, height));
    }
    // The reference window's charts are the rules, grades and all: its heading, the
    // selected unit's needs, is tested on its own.
    for overlay in [Overlay::Detail, Overlay::Strength] {
        app.overlay = overlay;
        seen.push_str(&symbols(app, 100, 60));
    }
    app.overlay = Overlay::None;
    seen
}

/// The roster's cell under `header` in the row of `unit`.
pub fn cell(roster: &str, header: &str, unit: &str) -> String {
    let lines: Vec<&str> = roster.lines().collect();
    let head = lines
        .iter()
        .find(|l| l.contains("FIGS"))
        .expect("the roster's header");
    let at = head.find(header).expect("the column");
    let chars_before = head[..at].chars().count();
    // The roster's own row, not a line of another pane beside it that names the unit.
    let row = lines
        .iter()
        .find(|l| l.trim_start_matches(['│', ' ', '▶']).split(' ').next() == Some(unit))
        .unwrap_or_else(|| panic!("no row for {unit}:\n{roster}"));
    let width = match header {
        "GR" | "CMD" => 3,
        _ => 5,
    };
    row.chars()
        .skip(chars_before)
        .take(width)
        .collect::<String>()
        .trim()
        .to_owned()
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
