//! The screen over a d10 sheet battle (Ebelsberg): its three phases, a melee's dice with
//! their modifiers, its own charts in the quick-reference window, and the forms of the
//! Sound the Charge family refused with a way on rather than offered.

mod common;

use adjutant::tui::app::Pane;
use adjutant::tui::keys;
use adjutant::tui::theme::Theme;
use common::screen::{drawn, forms_refused_with_the_command_line, key_event, open_app};
use crossterm::event::KeyCode;

fn ebelsberg(commands: &[&str]) -> common::screen::Opened {
    open_app(
        "ebelsberg",
        3,
        commands,
        Theme::built_in().unwrap().without_colours(),
    )
}

/// The French melee phase of turn 1, after the 26e's fire on IR 4 (row 5 from its 10
/// stands, line 136-143; a 7 reads 7-9: 6 steps) and a melee on IR 4's flank: 6 + 6 = 12
/// against 5, IR 4 loses 7 (the totals), the 26e 1 (the bare dice), both disordered.
const MELEE: &[&str] = &[
    "next",
    "fire fr-26l au-ir4 roll=7",
    "next",
    "melee fr-26l au-ir4 a=flank roll=6,5",
];

#[test]
fn a_melee_at_80x24() {
    let mut opened = ebelsberg(MELEE);
    opened.app.lower_pane = Pane::Dice;
    let screen = drawn(&mut opened.app, 80, 24).backend().to_string();
    assert!(screen.contains("French · melee phase"), "{screen}");
    assert!(screen.contains("17/30"), "{screen}");
    assert!(screen.contains("29/30"), "{screen}");
    assert!(screen.contains("wins by 7: loses 1 step"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn ebelsberg_on_a_phone_50x20_keeps_ids_and_figures() {
    let mut opened = ebelsberg(MELEE);
    let screen = drawn(&mut opened.app, 50, 20).backend().to_string();
    assert!(screen.contains("au-ir4"), "{screen}");
    assert!(screen.contains("17/30"), "{screen}");
}

#[test]
fn the_forms_are_refused_with_the_command_line_offered() {
    let mut opened = ebelsberg(&[]);
    forms_refused_with_the_command_line(&mut opened.app, "d10 quick-reference sheet");
}

#[test]
fn the_quick_reference_window_shows_the_sheet_s_charts() {
    let mut opened = ebelsberg(&[]);
    keys::handle(&mut opened.app, key_event(KeyCode::Char('/')));
    for c in "fire table".chars() {
        keys::handle(&mut opened.app, key_event(KeyCode::Char(c)));
    }
    let screen = drawn(&mut opened.app, 80, 24).backend().to_string();
    // Line 143, row 5: 8 7 7 6 6 5 5 4 4 3.
    assert!(
        screen.contains("5     8   7   7     6   6   5   5   4   4   3"),
        "{screen}"
    );
    assert!(!screen.contains("Morale test"), "{screen}");
}

/// An action-point roll brings up the dice pane, as every throw does.
#[test]
fn an_action_point_roll_brings_up_the_dice() {
    let mut opened = ebelsberg(&[]);
    opened.app.lower_pane = Pane::Checklist;
    opened.app.act("ap coehorn roll=10,9");
    assert_eq!(opened.app.lower_pane, Pane::Dice);
    let screen = drawn(&mut opened.app, 80, 24).backend().to_string();
    // Lines 187-190: 3 for the 10, 2 for the 9, which spends 1 more: 4 left.
    assert!(screen.contains("5 AP"), "{screen}");
    assert!(screen.contains("4 left"), "{screen}");
}
