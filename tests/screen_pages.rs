//! What the referee sees after paging, opening and going to a side: a page key moves no
//! further than the pane shows, a save opens on the side whose turn it is, a side's
//! heading never leaves blank rows below the roster, and the quick reference opens clean.

mod common;

use adjutant::tui::app::{App, Overlay};
use adjutant::tui::theme::Theme;
use common::screen::{drawn, in_combat_phase, open_app, press, quatre_bras, typed};
use crossterm::event::KeyCode;

/// The screen's rows, one a line, without the quotes the backend puts around each.
fn screen(app: &mut App, width: u16, height: u16) -> String {
    let buffer = drawn(app, width, height).backend().buffer().clone();
    (0..height)
        .map(|y| {
            (0..width)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The rows of the lower pane at 80x24 (inside its borders), the marks included.
fn lower_pane(shown: &str) -> Vec<String> {
    let lines: Vec<&str> = shown.lines().collect();
    let top = lines
        .iter()
        .rposition(|line| line.contains("Checklist") && line.contains("Dice"))
        .unwrap();
    lines[top + 1..]
        .iter()
        .take_while(|line| !line.starts_with('└'))
        .map(|line| line.trim_matches('│').trim_end().to_owned())
        .collect()
}

/// The dice pane's rows of text, without its marks.
fn dice_text(shown: &str) -> Vec<String> {
    lower_pane(shown)
        .into_iter()
        .filter(|row| !row.contains(" above") && !row.contains(" more"))
        .collect()
}

/// The referee's combat (Quatre-Bras, the French combat phase of turn 1) says 36 rows
/// of dice; the dice pane at 80x24 shows five. Each page down moves what the pane shows less
/// one row, so the last row read is the first row after it and none goes unseen; once
/// scrolled, the top row says how many lie above, as the last says how many below.
#[test]
fn pgdn_in_the_dice_pane_moves_what_it_shows_less_one_row_at_80x24() {
    let opened = in_combat_phase(&[]);
    let mut app = opened.app;
    app.act("combat fr-6la,fr-1ch vs nl-5m,nl-27j flank=fr-1ch");
    typed(&mut app, "3");
    let mut before = screen(&mut app, 80, 24);
    assert!(
        lower_pane(&before).last().unwrap().ends_with("↓ 32 more"),
        "{before}"
    );
    for (above, more) in [(3, 30), (5, 28), (7, 26)] {
        press(&mut app, &[KeyCode::PageDown]);
        let after = screen(&mut app, 80, 24);
        let rows = lower_pane(&after);
        assert!(rows[0].ends_with(&format!("↑ {above} above")), "{after}");
        assert!(
            rows.last().unwrap().ends_with(&format!("↓ {more} more")),
            "{after}"
        );
        assert_eq!(
            dice_text(&before).last(),
            dice_text(&after).first(),
            "the last row read stays in view:\n{before}\n{after}"
        );
        before = after;
    }
    // And back up the same way.
    press(&mut app, &[KeyCode::PageUp]);
    let up = screen(&mut app, 80, 24);
    assert_eq!(dice_text(&before).first(), dice_text(&up).last(), "{up}");
}

/// The log pane (five rows at 80x24) pages up by four: its top row goes to the bottom.
#[test]
fn pgup_in_the_log_moves_what_it_shows_less_one_row_at_80x24() {
    let opened = quatre_bras(&["next"; 9]);
    let mut app = opened.app;
    typed(&mut app, "4");
    let newest = lower_pane(&screen(&mut app, 80, 24));
    press(&mut app, &[KeyCode::PageUp]);
    let older = lower_pane(&screen(&mut app, 80, 24));
    assert_eq!(newest.len(), 5);
    assert_eq!(newest.first(), older.last(), "{newest:#?}\n{older:#?}");
    assert_ne!(newest, older);
}

/// The roster at 80x30 lists sixteen rows under its header: page down moves the selection
/// fifteen units on, and the row at the bottom of one screenful stays in the next.
#[test]
fn pgdn_in_the_roster_moves_its_rows_less_one_at_80x30() {
    let opened = quatre_bras(&[]);
    let mut app = opened.app;
    let units: Vec<String> = app.roster_units().iter().map(|u| u.id.clone()).collect();
    let shown = screen(&mut app, 80, 30);
    let bottom = shown.lines().nth(18).unwrap().to_owned();
    assert!(bottom.contains("Anglo-Allied: 14 of 14"), "{shown}");
    press(&mut app, &[KeyCode::PageDown]);
    assert_eq!(app.selected_unit().unwrap().id, units[15]);
    let next = screen(&mut app, 80, 30);
    assert!(next.contains(&bottom), "the last row seen stays:\n{next}");
    press(&mut app, &[KeyCode::PageUp]);
    assert_eq!(app.selected_unit().unwrap().id, units[0]);
}

/// The help at 80x24 shows twenty rows: page down moves nineteen, so its last row read
/// becomes its first.
#[test]
fn pgdn_in_the_help_moves_its_rows_less_one_at_80x24() {
    let opened = quatre_bras(&[]);
    let mut app = opened.app;
    typed(&mut app, "?");
    let window = |shown: &str| -> Vec<String> {
        shown
            .lines()
            .skip_while(|line| !line.contains("┌ Help"))
            .skip(1)
            // The window's bottom border, two columns in from the screen's edge.
            .take_while(|line| line.chars().nth(2) != Some('└'))
            .map(|line| line.chars().skip(3).take(74).collect())
            .collect()
    };
    let first = window(&screen(&mut app, 80, 24));
    press(&mut app, &[KeyCode::PageDown]);
    let second = window(&screen(&mut app, 80, 24));
    assert_eq!(first.len(), 20);
    assert_eq!(first.last(), second.first(), "{first:#?}\n{second:#?}");
}

/// A save opens on the side whose turn it is, as `next` turns the roster to it: with the
/// Anglo-Allies active, their first unit, so a first `h` never hits a French one. A side's
/// player watching keeps their own side.
#[test]
fn a_save_opens_on_the_active_sides_first_unit() {
    let opened = quatre_bras(&["next"; 5]);
    let mut app = opened.app;
    assert_eq!(app.game().state().active(), "allies");
    let selected = app.selected_unit().unwrap().clone();
    assert_eq!(selected.side, "allies", "{}", selected.id);
    let shown = screen(&mut app, 80, 24);
    let row = shown.lines().find(|line| line.contains('▶')).unwrap();
    assert!(row.contains(&selected.id), "{shown}");

    let watched = quatre_bras(&["next"; 5]);
    let mut side_player = watched.app;
    side_player.watch(adjutant::game::Looker::Side("france".to_owned()));
    assert_eq!(side_player.selected_unit().unwrap().side, "france");
}

/// Barrosa's roster is twelve rows, which fit at 80x24: going to a side's heading never
/// scrolls the other side away to leave blank rows below, nor at 50x20.
#[test]
fn a_sides_heading_never_leaves_blank_rows_below_the_roster() {
    let opened = open_app("barrosa", 1811, &["next"; 10], Theme::built_in().unwrap());
    let mut app = opened.app;
    let units: Vec<String> = app.roster_units().iter().map(|u| u.id.clone()).collect();
    typed(&mut app, "]][");
    let wide = screen(&mut app, 80, 24);
    assert_eq!(app.selected_unit().unwrap().side, "france");
    typed(&mut app, "]");
    let small = screen(&mut app, 50, 20);
    typed(&mut app, "]");
    let small_other = screen(&mut app, 50, 20);
    for shown in [wide, small, small_other] {
        for id in &units {
            // A long id is cut to nine characters and an ellipsis.
            let shown_id: String = id.chars().take(9).collect();
            assert!(shown.contains(&shown_id), "{id} hidden:\n{shown}");
        }
    }
}

/// `/` after a filter closed with Esc opens on every chart from the top, as it first did.
#[test]
fn the_quick_reference_opens_clean_after_esc() {
    let opened = quatre_bras(&[]);
    let mut app = opened.app;
    typed(&mut app, "/");
    let fresh = screen(&mut app, 80, 24);
    typed(&mut app, "charge");
    press(&mut app, &[KeyCode::PageDown, KeyCode::Esc]);
    assert_eq!(app.overlay, Overlay::None);
    typed(&mut app, "/");
    assert_eq!(screen(&mut app, 80, 24), fresh);
}
