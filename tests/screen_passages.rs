//! The rules' passages on the screen (issue 36): named in italics, never between the
//! asterisks the rules mark them with, wherever a message, the log or a window shows them.

use adjutant::tui::keys;
use adjutant::tui::theme::Theme;
use crossterm::event::KeyCode;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::Modifier;

mod common;

use common::BLOCKED_RETREAT;

use common::screen::{drawn, key_event, quatre_bras};

/// The rows of the screen where `words` stand, and whether every one of their cells is in
/// italics there.
fn found(terminal: &Terminal<TestBackend>, words: &str) -> Vec<(u16, bool)> {
    let buffer = terminal.backend().buffer();
    let width = buffer.area.width;
    let wanted: Vec<char> = words.chars().collect();
    let mut rows = Vec::new();
    for y in 0..buffer.area.height {
        let row: Vec<(char, bool)> = (0..width)
            .map(|x| {
                let cell = &buffer[(x, y)];
                (
                    cell.symbol().chars().next().unwrap_or(' '),
                    cell.modifier.contains(Modifier::ITALIC),
                )
            })
            .collect();
        for start in 0..row.len().saturating_sub(wanted.len() - 1) {
            let here = &row[start..start + wanted.len()];
            if here.iter().map(|(c, _)| *c).eq(wanted.iter().copied()) {
                rows.push((y, here.iter().all(|(_, italic)| *italic)));
            }
        }
    }
    rows
}

fn screen(terminal: &Terminal<TestBackend>) -> String {
    terminal.backend().to_string()
}

#[test]
fn a_refusal_on_the_status_line_and_in_its_window_names_its_passage_in_italics() {
    let mut opened = quatre_bras(&["next"]);
    // *Formations*: a battery forms no square.
    opened.app.act("move fr-ft form=square");
    for (width, height) in [(80, 24), (50, 20)] {
        let terminal = drawn(&mut opened.app, width, height);
        let shown = screen(&terminal);
        assert!(!shown.contains("*Formations*"), "{shown}");
        let status_row = height - 1;
        assert!(
            found(&terminal, "Formations")
                .iter()
                .any(|&(row, italic)| row >= status_row - 1 && italic),
            "{shown}"
        );
    }
    // The whole of it (w), in its window.
    keys::handle(&mut opened.app, key_event(KeyCode::Char('w')));
    let terminal = drawn(&mut opened.app, 50, 20);
    let shown = screen(&terminal);
    assert!(shown.contains("Last message"), "{shown}");
    assert!(!shown.contains("*Formations*"), "{shown}");
    assert!(
        found(&terminal, "Formations")
            .iter()
            .all(|&(_, italic)| italic),
        "{shown}"
    );
}

#[test]
fn the_log_names_a_passage_in_italics() {
    let mut opened = quatre_bras(&BLOCKED_RETREAT);
    keys::handle(&mut opened.app, key_event(KeyCode::Char('4')));
    for (width, height) in [(80, 24), (50, 20)] {
        let terminal = drawn(&mut opened.app, width, height);
        let shown = screen(&terminal);
        assert!(!shown.contains("*Retreat"), "{shown}");
        let rows = found(&terminal, "Retreat");
        assert!(!rows.is_empty(), "{shown}");
        assert!(rows.iter().all(|&(_, italic)| italic), "{shown}");
    }
}

/// Quatre-Bras with nl-27j (27th Jager Bn) named `name`, saved and opened after the
/// commands of [`BLOCKED_RETREAT`] but the last, which the screen gives.
fn retreat_blocked_on_screen(name: &str) -> (tempfile::TempDir, adjutant::tui::app::App) {
    use adjutant::{game::Game, persist, scenario};
    let text = scenario::built_in("quatre-bras")
        .unwrap()
        .replace("\"27th Jager Bn\"", &format!("{name:?}"));
    let (parsed, spec) = scenario::parse("quatre-bras", &text).unwrap();
    let mut game = Game::new(parsed, spec, 1815);
    for command in &BLOCKED_RETREAT[..4] {
        game.perform(command).unwrap();
    }
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("game.toml");
    persist::save(&game, &path).unwrap();
    let mut app = adjutant::tui::app::App::new(game, path, None, Theme::built_in().unwrap());
    app.act(BLOCKED_RETREAT[4]);
    (folder, app)
}

/// A unit's name is the referee's words, asterisks and all: `*Old Guard*` stands on the
/// status line as written, not in italics, and the lone asterisk of `Pas*cal` does not
/// pair with the one opening the real passage after it (*Retreat Moves*), which alone is
/// in italics.
#[test]
fn asterisks_in_a_units_name_are_not_a_passage_on_the_status_line() {
    for (name, shown_as) in [
        ("*Old Guard*", "(*Old Guard*) is ELIMINATED"),
        ("Pas*cal", "(Pas*cal) is ELIMINATED"),
    ] {
        let (_folder, mut app) = retreat_blocked_on_screen(name);
        let terminal = drawn(&mut app, 120, 24);
        let shown = screen(&terminal);
        // The status line: the screen's last two rows.
        let status_rows = 22..24;
        let named = found(&terminal, shown_as);
        assert!(
            named
                .iter()
                .any(|&(row, italic)| status_rows.contains(&row) && !italic),
            "{shown}"
        );
        let buffer = terminal.backend().buffer();
        let italic: String = status_rows
            .flat_map(|y| (0..buffer.area.width).map(move |x| (x, y)))
            .map(|at| &buffer[at])
            .filter(|cell| cell.modifier.contains(Modifier::ITALIC))
            .map(|cell| cell.symbol().to_owned())
            .collect();
        assert_eq!(italic, "Retreat Moves", "{shown}");
    }
}
