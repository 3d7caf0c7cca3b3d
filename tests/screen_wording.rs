//! What the referee reads on a phone-sized screen (issue 36): nothing cut off the quick
//! reference, counts that agree, an outcome's headline before its side effects, a legend
//! naming the columns as drawn, and a log that neither stutters nor runs back to the edge.

use adjutant::tui::app::Overlay;
use adjutant::tui::keys;
use crossterm::event::KeyCode;

mod common;

use common::screen::{in_combat_phase, key_event, screen, words};

/// The screen's rows, without the quotes the test backend puts around each.
fn rows(screen: &str) -> Vec<String> {
    screen
        .lines()
        .map(|row| row.trim_matches('"').to_owned())
        .collect()
}

/// The quick reference over nl-27j: its fire line is longer than a phone's window, and
/// wraps under its own text instead of being cut at the border.
#[test]
fn the_quick_reference_wraps_a_long_need_under_its_text_on_a_phone() {
    let mut opened = in_combat_phase(&[]);
    opened.app.select_unit("nl-27j");
    keys::handle(&mut opened.app, key_event(KeyCode::Char('/')));
    assert_eq!(opened.app.overlay, Overlay::Reference);
    let shown = screen(&mut opened.app, 50, 20);
    // Muskets: 2" close 3+, 4" far 5+ (*Shooting Table*); 12 figures in line, 3 dice.
    let fire_line = "Fire (musketry): 3 dice at most; 2\" close 3+, 4\" far 5+, before modifiers";
    assert!(words(&shown).contains(&words(fire_line)), "{shown}");
    let rows = rows(&shown);
    let fire = rows
        .iter()
        .position(|row| row.contains("Fire (musketry)"))
        .expect("the fire line");
    assert!(
        rows[fire + 1].starts_with("│  "),
        "the rest hangs under the text: {}",
        rows[fire + 1]
    );
    insta::assert_snapshot!("reference_needs_50x20", shown);
}

/// 6 figures in line fire 1 die (*Shooting Table*: a die per 4 front-rank figures, a last
/// 3 adds one: 6 is one 4 and 2 over), and the quick reference and the details say "1 die".
#[test]
fn one_die_is_one_die_in_the_quick_reference_and_the_details() {
    let mut opened = in_combat_phase(&["hit nl-27j 6"]);
    opened.app.select_unit("nl-27j");
    keys::handle(&mut opened.app, key_event(KeyCode::Char('/')));
    let reference = words(&screen(&mut opened.app, 80, 24));
    keys::handle(&mut opened.app, key_event(KeyCode::Esc));
    keys::handle(&mut opened.app, key_event(KeyCode::Enter));
    assert_eq!(opened.app.overlay, Overlay::Detail);
    let details = words(&screen(&mut opened.app, 80, 24));
    for shown in [reference, details] {
        assert!(shown.contains("Fire (musketry): 1 die at most"), "{shown}");
        assert!(!shown.contains("1 dice"), "{shown}");
    }
}

/// After a close combat the status line on a phone starts with who won and what happened;
/// the disorder that came before the dice follows it.
#[test]
fn a_combat_s_headline_leads_the_status_line_on_a_phone() {
    let mut opened = in_combat_phase(&[]);
    assert!(
        opened
            .app
            .carry_out("combat fr-6la,fr-1ch vs nl-5m,nl-27j flank=fr-1ch")
    );
    let shown = screen(&mut opened.app, 50, 20);
    let rows = rows(&shown);
    let status = &rows[rows.len() - 2];
    assert!(
        status.starts_with("✓ Close combat: fr-6la, fr-1ch vs nl-5m,"),
        "{shown}"
    );
    let message = opened.app.message.clone().unwrap().text;
    assert!(
        message.find("Close combat") < message.find("nl-5m (5th Militia Bn) is disordered"),
        "{message}"
    );
}

/// The help's legend names the roster's hits column as the roster heads it.
#[test]
fn the_legend_names_the_hits_column_as_drawn() {
    let mut opened = in_combat_phase(&[]);
    let roster = screen(&mut opened.app, 80, 24);
    assert!(roster.contains(" L/R "), "{roster}");
    keys::handle(&mut opened.app, key_event(KeyCode::Char('?')));
    let mut help = String::new();
    for _ in 0..40 {
        help.push_str(&screen(&mut opened.app, 80, 24));
        keys::handle(&mut opened.app, key_event(KeyCode::PageDown));
    }
    let legend = help
        .lines()
        .find(|row| row.contains("loss hits and rout hits taken"))
        .expect("the legend's hits row");
    assert!(legend.contains("L/R"), "{legend}");
}

/// The details' log says a combat once, "T1 france combat fr-6la…", and a command too long
/// for the window carries on under its words, not at the window's edge.
#[test]
fn the_details_log_says_combat_once_and_hangs_its_wrapped_lines() {
    let mut opened = in_combat_phase(&[]);
    assert!(
        opened
            .app
            .carry_out("combat fr-6la,fr-1ch vs nl-5m,nl-27j flank=fr-1ch")
    );
    opened.app.select_unit("nl-27j");
    keys::handle(&mut opened.app, key_event(KeyCode::Enter));
    assert_eq!(opened.app.overlay, Overlay::Detail);
    // Paged down until the combat's command and the row after it are in the window.
    let mut shown = screen(&mut opened.app, 50, 20);
    for _ in 0..10 {
        let rows = rows(&shown);
        if rows
            .iter()
            .take(rows.len() - 4)
            .any(|row| row.contains("T1 france combat"))
        {
            break;
        }
        keys::handle(&mut opened.app, key_event(KeyCode::PageDown));
        shown = screen(&mut opened.app, 50, 20);
    }
    assert!(!shown.contains("combat combat"), "{shown}");
    let rows = rows(&shown);
    let command = rows
        .iter()
        .position(|row| row.contains("T1 france combat fr-6la"))
        .unwrap_or_else(|| panic!("the combat in the details' log:\n{shown}"));
    assert!(
        rows[command + 1].starts_with("│            "),
        "the command's rest hangs under it: {}",
        rows[command + 1]
    );
    insta::assert_snapshot!("details_log_50x20", shown);
}
