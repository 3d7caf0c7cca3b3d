//! Every screen the referee meets — the main screen, each form, help and the quick
//! reference — at a desk (120x40), a laptop (80x24) and a phone (50x20), in the dark
//! theme and the 16-colour high-contrast one. Each snapshot holds the three sizes with
//! every cell's style, so a theme that loses a highlight shows in the diff.

use adjutant::game::Game;
use adjutant::persist;
use adjutant::scenario;
use adjutant::tui::app::App;
use adjutant::tui::keys;
use adjutant::tui::theme::Theme;
use adjutant::tui::view;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::fmt::Write;

const SIZES: [(u16, u16); 3] = [(120, 40), (80, 24), (50, 20)];

/// Quatre-Bras after `commands`, in `theme`, with `keys` pressed on the screen.
fn screen(theme: &str, commands: &[&str], keys: &[KeyCode]) -> (tempfile::TempDir, App) {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("game.toml");
    let (scenario, spec) =
        scenario::parse("quatre-bras", scenario::built_in("quatre-bras").unwrap()).unwrap();
    let mut game = Game::new(scenario, spec, 1815);
    for command in commands {
        game.perform(command).unwrap();
    }
    persist::save(&game, &path).unwrap();
    let mut app = App::new(game, path, None, Theme::shipped(theme).unwrap());
    app.save_label = "~/battles/quatre-bras.toml".into();
    for &code in keys {
        let modifiers = match code {
            KeyCode::Char(c) if c.is_ascii_uppercase() => KeyModifiers::SHIFT,
            _ => KeyModifiers::NONE,
        };
        keys::handle(&mut app, KeyEvent::new(code, modifiers));
    }
    (folder, app)
}

/// The three sizes, each as ratatui prints a buffer: its text, then its styles.
fn at_every_size(app: &mut App) -> String {
    let mut out = String::new();
    for (width, height) in SIZES {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|frame| view::draw(frame, app)).unwrap();
        writeln!(
            out,
            "--- {width}x{height}\n{:?}",
            terminal.backend().buffer()
        )
        .unwrap();
    }
    out
}

fn chars(text: &str) -> Vec<KeyCode> {
    text.chars().map(KeyCode::Char).collect()
}

/// (name, commands, keys): each screen to look at.
fn screens() -> Vec<(&'static str, Vec<&'static str>, Vec<KeyCode>)> {
    let shooting = vec!["next", "next", "hit fr-61 2", "shaken br-42"];
    vec![
        ("main", shooting.clone(), vec![]),
        (
            "shoot_form",
            shooting.clone(),
            [chars("F"), vec![KeyCode::Enter], chars("d5")].concat(),
        ),
        (
            "test_form",
            shooting.clone(),
            [
                chars("F"),
                vec![KeyCode::Enter],
                chars("564"),
                vec![KeyCode::Enter],
            ]
            .concat(),
        ),
        ("rally_form", vec!["shaken fr-2lg"], chars("at")),
        ("combat_form", vec!["next", "next", "next"], chars("b42 ")),
        ("move_form", vec!["next"], chars("mof")),
        ("help", vec![], chars("?")),
        ("lookup", shooting, chars("/rally")),
    ]
}

#[test]
fn every_screen_in_the_dark_theme() {
    for (name, commands, keys) in screens() {
        let (_folder, mut app) = screen("dark", &commands, &keys);
        insta::assert_snapshot!(format!("dark_{name}"), at_every_size(&mut app));
    }
}

#[test]
fn every_screen_in_the_high_contrast_theme() {
    for (name, commands, keys) in screens() {
        let (_folder, mut app) = screen("high-contrast", &commands, &keys);
        insta::assert_snapshot!(format!("high_contrast_{name}"), at_every_size(&mut app));
    }
}
