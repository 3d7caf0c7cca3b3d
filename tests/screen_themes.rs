//! Every screen the referee meets — the main screen, each form, help and the quick
//! reference — at a desk (120x40), a laptop (80x24) and a phone (50x20), in the dark
//! theme and the 16-colour high-contrast one. Each snapshot holds the three sizes with
//! every cell's style, so a theme that loses a highlight shows in the diff.

use adjutant::tui::app::App;
use adjutant::tui::keys;
use adjutant::tui::theme::Theme;
use crossterm::event::KeyCode;
use std::fmt::Write;

const SIZES: [(u16, u16); 3] = [(120, 40), (80, 24), (50, 20)];

mod common;

use common::screen::{Opened, drawn, key_event, open_app};

/// Quatre-Bras after `commands`, in `theme`, with `keys` pressed on the screen.
fn screen(theme: &str, commands: &[&str], keys: &[KeyCode]) -> Opened {
    let mut opened = open_app(
        "quatre-bras",
        1815,
        commands,
        Theme::shipped(theme).unwrap(),
    );
    for &code in keys {
        keys::handle(&mut opened.app, key_event(code));
    }
    opened
}

/// The three sizes, each as ratatui prints a buffer: its text, then its styles.
fn at_every_size(app: &mut App) -> String {
    let mut out = String::new();
    for (width, height) in SIZES {
        let terminal = drawn(app, width, height);
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
        let mut opened = screen("dark", &commands, &keys);
        insta::assert_snapshot!(format!("dark_{name}"), at_every_size(&mut opened.app));
    }
}

#[test]
fn every_screen_in_the_high_contrast_theme() {
    for (name, commands, keys) in screens() {
        let mut opened = screen("high-contrast", &commands, &keys);
        insta::assert_snapshot!(
            format!("high_contrast_{name}"),
            at_every_size(&mut opened.app)
        );
    }
}
