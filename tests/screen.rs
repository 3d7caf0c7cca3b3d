//! The screen as the referee sees it, rendered on ratatui's `TestBackend`: snapshots at
//! a desk (120x40), a laptop (80x24) and a phone (50x20), the help and detail windows,
//! the "too small" message, the shipped themes, and every size up to 200x60 without a
//! panic.

mod common;

use adjutant::tui::app::{App, Overlay, Pane};
use adjutant::tui::theme::Theme;
use adjutant::tui::view;
use common::screen::{drawn, open_app};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::Modifier;

/// Quatre-Bras a turn in, with something in every column and on the checklist.
const BATTLE: &[&str] = &[
    "next",
    "hit fr-61 2",
    "shaken fr-61",
    "disorder fr-108",
    "form fr-108 column",
    "hit fr-2lg 9",
    "rout nl-27j 3",
    "cmd fr-3 out",
    "note fr-61 lost its eagle bearer",
];

fn app_at(commands: &[&str], theme: Theme) -> (tempfile::TempDir, App) {
    let opened = open_app("quatre-bras", 1815, commands, theme);
    (opened.folder, opened.app)
}

fn battle() -> (tempfile::TempDir, App) {
    app_at(BATTLE, Theme::built_in().unwrap())
}

fn render(app: &mut App, width: u16, height: u16) -> Terminal<TestBackend> {
    drawn(app, width, height)
}

fn screen(app: &mut App, width: u16, height: u16) -> String {
    render(app, width, height).backend().to_string()
}

#[test]
fn desk_120x40() {
    let (_folder, mut app) = battle();
    app.select_unit("fr-61");
    insta::assert_snapshot!(screen(&mut app, 120, 40));
}

#[test]
fn laptop_80x24() {
    let (_folder, mut app) = battle();
    app.select_unit("fr-108");
    insta::assert_snapshot!(screen(&mut app, 80, 24));
}

#[test]
fn laptop_80x24_with_the_log_below() {
    let (_folder, mut app) = battle();
    app.focus = Pane::Log;
    app.lower_pane = Pane::Log;
    insta::assert_snapshot!(screen(&mut app, 80, 24));
}

#[test]
fn phone_50x20() {
    let (_folder, mut app) = battle();
    insta::assert_snapshot!(screen(&mut app, 50, 20));
}

#[test]
fn phone_50x20_checklist_tab() {
    let (_folder, mut app) = battle();
    app.focus = Pane::Checklist;
    insta::assert_snapshot!(screen(&mut app, 50, 20));
}

#[test]
fn help_80x24() {
    let (_folder, mut app) = battle();
    app.overlay = Overlay::Help;
    insta::assert_snapshot!(screen(&mut app, 80, 24));
}

/// A help line too long for the window goes on under its own text, not at the window's
/// left edge: the meanings under the keys and the marks, the commands under their usage.
#[test]
fn help_wraps_under_its_text_80x24_and_50x20() {
    let (_folder, mut app) = battle();
    app.overlay = Overlay::Help;
    // Down to the roster marks and the first commands, whose meanings wrap.
    app.help_scroll = 64;
    insta::assert_snapshot!("help_80x24_marks_and_commands", screen(&mut app, 80, 24));
    app.help_scroll = 0;
    insta::assert_snapshot!("help_50x20", screen(&mut app, 50, 20));
    app.help_scroll = 60;
    insta::assert_snapshot!("help_50x20_marks", screen(&mut app, 50, 20));
}

#[test]
fn unit_detail_80x24() {
    let (_folder, mut app) = battle();
    app.select_unit("fr-61");
    app.overlay = Overlay::Detail;
    insta::assert_snapshot!(screen(&mut app, 80, 24));
}

#[test]
fn confirm_next_phase_80x24() {
    // In the shooting phase with a morale test owed: an item to leave open.
    let commands = [BATTLE, &["next", "shoot fr-93 nl-27j close dice=6,6,1"]].concat();
    let (_folder, mut app) = app_at(&commands, Theme::built_in().unwrap());
    app.overlay = Overlay::ConfirmNext;
    insta::assert_snapshot!(screen(&mut app, 80, 24));
}

#[test]
fn too_small() {
    let (_folder, mut app) = battle();
    insta::assert_snapshot!(screen(&mut app, 39, 11));
}

#[test]
fn a_new_game_at_80x24() {
    let (_folder, mut app) = app_at(&[], Theme::built_in().unwrap());
    insta::assert_snapshot!(screen(&mut app, 80, 24));
}

/// The selected row must stand out without colour: reverse video and a marker.
#[test]
fn no_color_keeps_the_selection_visible() {
    let theme = Theme::built_in().unwrap().without_colours();
    let (_folder, mut app) = app_at(BATTLE, theme);
    app.select_unit("fr-61");
    let terminal = render(&mut app, 80, 24);
    let buffer = terminal.backend().buffer();
    let row = (0..24)
        .find(|&y| {
            let line: String = (0..80).map(|x| buffer[(x, y)].symbol()).collect();
            line.contains("fr-61 ")
        })
        .unwrap();
    let line: String = (0..80).map(|x| buffer[(x, row)].symbol()).collect();
    assert!(
        line.contains("▶ fr-61"),
        "marker on the selected row: {line}"
    );
    for y in 0..24 {
        for x in 0..80 {
            let cell = &buffer[(x, y)];
            assert_eq!(
                (cell.fg, cell.bg),
                (ratatui::style::Color::Reset, ratatui::style::Color::Reset),
                "no colour at {x},{y}"
            );
        }
    }
    let id_cell = &buffer[(3, row)];
    assert!(id_cell.modifier.contains(Modifier::REVERSED));
}

#[test]
fn the_default_theme_has_colour() {
    let (_folder, mut app) = battle();
    let terminal = render(&mut app, 80, 24);
    let title = &terminal.backend().buffer()[(0, 0)];
    assert_ne!(title.bg, ratatui::style::Color::Reset);
}

#[test]
fn laptop_80x24_high_contrast() {
    let (_folder, mut app) = app_at(BATTLE, Theme::shipped("high-contrast").unwrap());
    app.select_unit("fr-108");
    insta::assert_snapshot!(screen(&mut app, 80, 24));
}

/// The text snapshot shows no colour, so the colours the high-contrast theme promises
/// are read from the cells: the title bar and a shaken unit's `S` are coloured pairs.
#[test]
fn the_high_contrast_theme_colours_the_title_and_a_shaken_unit() {
    use ratatui::style::Color;
    let (_folder, mut app) = app_at(BATTLE, Theme::shipped("high-contrast").unwrap());
    let terminal = render(&mut app, 80, 24);
    let buffer = terminal.backend().buffer();
    let title = &buffer[(0, 0)];
    assert_eq!((title.fg, title.bg), (Color::Black, Color::Cyan));
    assert!(title.modifier.contains(Modifier::BOLD));
    let row = (0..24)
        .find(|&y| {
            let line: String = (0..80).map(|x| buffer[(x, y)].symbol()).collect();
            line.contains("fr-61 ")
        })
        .unwrap();
    let shaken = (0..80)
        .map(|x| &buffer[(x, row)])
        .find(|cell| cell.symbol() == "S")
        .expect("fr-61 is shaken");
    assert_eq!((shaken.fg, shaken.bg), (Color::White, Color::Red));
    let focus = &buffer[(0, 1)];
    assert_eq!(focus.fg, Color::Reset, "no colour of its own on the border");
}

/// Every size from nothing to a big monitor; each window open at every width and every
/// height too. Two threads share the sizes, as it is thousands of frames.
#[test]
fn no_size_panics() {
    let draw = |app: &mut App, width: u16, height: u16| {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|frame| view::draw(frame, app)).unwrap();
    };
    std::thread::scope(|scope| {
        for half in 0..2u16 {
            scope.spawn(move || {
                let (_folder, mut app) = battle();
                for width in (0..=200).filter(|w| w % 2 == half) {
                    for height in 0..=60 {
                        draw(&mut app, width, height);
                    }
                }
                for overlay in [
                    Overlay::Help,
                    Overlay::Detail,
                    Overlay::ConfirmNext,
                    Overlay::Command,
                ] {
                    app.overlay = overlay;
                    for width in (0..=200).filter(|w| w % 2 == half) {
                        draw(&mut app, width, 24);
                        draw(&mut app, width, 7);
                    }
                    for height in 0..=60 {
                        draw(&mut app, 80 - half * 30, height);
                    }
                }
            });
        }
    });
}

#[test]
fn command_line_with_candidates_80x24() {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let (_folder, mut app) = battle();
    for code in [":", "h", "i", "t", " ", "f", "r", "-", "1"]
        .iter()
        .map(|c| KeyCode::Char(c.chars().next().unwrap()))
        .chain([KeyCode::Tab])
    {
        adjutant::tui::keys::handle(&mut app, KeyEvent::new(code, KeyModifiers::NONE));
    }
    insta::assert_snapshot!(screen(&mut app, 80, 24));
}

/// A battery's shot at a battalion with its general: the dice pane comes up under the
/// roster with the result, the dice against the score and every reason, then his risk.
#[test]
fn dice_after_a_shot_80x24() {
    let (_folder, mut app) = app_at(&["next", "next"], Theme::built_in().unwrap());
    app.act("shoot fr-ft bw-avg 8 dice=6,6,2,1 gen=3");
    assert_eq!(app.lower_pane, Pane::Dice, "a roll brings up the dice");
    insta::assert_snapshot!(screen(&mut app, 80, 24));
}

#[test]
fn dice_after_a_morale_test_120x40() {
    let (_folder, mut app) = app_at(
        &["next", "next", "shoot fr-ft bw-avg 8 dice=6,6,2,1 gen=3"],
        Theme::built_in().unwrap(),
    );
    app.act("test bw-avg roll=3");
    insta::assert_snapshot!(screen(&mut app, 120, 40));
}

/// A round of close combat in the dice pane: each unit's result first, then the dice at
/// each enemy against the score needed, then the points with every reason.
#[test]
fn a_charge_shows_its_distance_and_reasons_80x24() {
    // *Movement Table*: light cavalry in line 8", charge +4"; out of command halves: 6".
    let (_folder, mut app) = app_at(&["next", "cmd fr-6la out"], Theme::built_in().unwrap());
    app.act("move fr-6la charge");
    assert_eq!(app.lower_pane, Pane::Dice, "a move brings up its reasons");
    insta::assert_snapshot!(screen(&mut app, 80, 24));
}

#[test]
fn dice_after_a_combat_80x24() {
    let (_folder, mut app) = app_at(&["next", "next", "next"], Theme::built_in().unwrap());
    app.act("combat fr-8cu vs br-42 dice=6,5,3,1/6,2,2");
    assert_eq!(app.lower_pane, Pane::Dice, "a combat brings up the dice");
    insta::assert_snapshot!(screen(&mut app, 80, 24));
}

/// Three turns of losses, the French one unit short of breaking: each side's heading
/// carries its figures, its units shaken or lost against the break (`⚑`), and a block a
/// turn of its figures. French: 158, less 2 in turn 1 (156, ▇), 3 and a shattered 12 in
/// turn 2 (141, ▇), a shattered 12 in turn 3 (129, ▆); 2 shattered and 4 shaken. Allies:
/// a shattered 12 in turn 1 (146, ▇), two more in turn 2 (122, ▆), none since.
const LOSSES: &[&str] = &[
    "next",
    "hit fr-61 2",
    "hit nl-27j 9",
    "next",
    "next",
    "next",
    "next",
    "hit fr-108 3",
    "hit fr-92 9",
    "hit br-28 9",
    "hit br-79 9",
    "next",
    "next",
    "next",
    "next",
    "next",
    "hit fr-2lg 9",
    "shaken fr-61",
    "shaken fr-108",
    "shaken fr-4lg",
    "shaken fr-93",
];

#[test]
fn gauges_after_three_turns_of_losses() {
    let (_folder, mut app) = app_at(LOSSES, Theme::built_in().unwrap());
    insta::assert_snapshot!("gauges_120x40", screen(&mut app, 120, 40));
    insta::assert_snapshot!("gauges_80x24", screen(&mut app, 80, 24));
    insta::assert_snapshot!("gauges_50x20", screen(&mut app, 50, 20));
}

/// The row holding `text` and the column where it starts, on a `width`-wide screen.
fn find(terminal: &Terminal<TestBackend>, width: u16, text: &str) -> (u16, u16) {
    let buffer = terminal.backend().buffer();
    for y in 0..buffer.area.height {
        let cells: Vec<&str> = (0..width).map(|x| buffer[(x, y)].symbol()).collect();
        for x in 0..cells.len() {
            let mut rest = text;
            let mut at = x;
            while let Some(cell) = cells.get(at).filter(|c| rest.starts_with(**c)) {
                rest = &rest[cell.len()..];
                at += 1;
                if rest.is_empty() {
                    return (u16::try_from(x).unwrap(), y);
                }
            }
        }
    }
    panic!("{text:?} is not on the screen");
}

#[test]
fn the_gauge_warns_one_unit_short_of_the_break_and_alarms_at_it() {
    let theme = Theme::built_in().unwrap();
    let (_folder, mut app) = app_at(LOSSES, theme.clone());
    let terminal = render(&mut app, 120, 40);
    let (x, y) = find(&terminal, 120, "shaken/lost 6/14⚑7");
    assert_eq!(
        terminal.backend().buffer()[(x, y)].fg,
        theme.warn.fg.unwrap()
    );
    let (x, y) = find(&terminal, 120, "shaken/lost 3/14⚑7");
    assert_eq!(terminal.backend().buffer()[(x, y)].fg, theme.ok.fg.unwrap());

    let breaking = [LOSSES, &["shaken fr-100"]].concat();
    let (_folder, mut app) = app_at(&breaking, theme.clone());
    let terminal = render(&mut app, 80, 24);
    let (x, y) = find(&terminal, 80, "shaken/lost 7/14⚑7");
    assert_eq!(
        terminal.backend().buffer()[(x, y)].fg,
        theme.error.fg.unwrap()
    );
}

/// A wide screen has room for the army's bar and the rule in words.
#[test]
fn a_wide_roster_spells_the_gauge_out() {
    let (_folder, mut app) = app_at(LOSSES, Theme::built_in().unwrap());
    let terminal = render(&mut app, 200, 40);
    find(
        &terminal,
        200,
        "French: 12 of 14 fighting ◀ active  ██████░░ 129/158 fig  shaken/lost 6 of 14 \
         (breaks at 7)  ▇▇▆",
    );
}
