//! The screen over a *Sound the Charge 1:25* battle: its four phases, its roster and its
//! own charts in the quick-reference window.

mod common;

use adjutant::tui::keys;
use adjutant::tui::theme::Theme;
use common::screen::{drawn, key_event, open_app};
use crossterm::event::KeyCode;

fn barrosa(commands: &[&str]) -> common::screen::Opened {
    open_app(
        "barrosa",
        1811,
        commands,
        Theme::built_in().unwrap().without_colours(),
    )
}

#[test]
fn the_phase_strip_has_four_phases_and_the_roster_no_command_column() {
    let mut opened = barrosa(&["next", "next", "shoot br-95 fr-24 12 dice=5,6,2,1"]);
    keys::handle(&mut opened.app, key_event(KeyCode::Char('2')));
    let screen = drawn(&mut opened.app, 80, 24).backend().to_string();
    // Rally, movement, shooting, combat: no reform phase in 1:25.
    assert!(screen.contains("[SHOOTING]"), "{screen}");
    assert!(screen.contains("combat"), "{screen}");
    assert!(!screen.contains("reform"), "{screen}");
    // No command radius in 1:25, so no CMD column.
    assert!(!screen.contains("CMD"), "{screen}");
    assert!(screen.contains("26/28"), "{screen}");
}

#[test]
fn the_quick_reference_window_shows_the_rulesets_own_charts() {
    let mut opened = barrosa(&[]);
    for key in [KeyCode::Esc, KeyCode::Char('/')] {
        keys::handle(&mut opened.app, key_event(key));
    }
    for c in "canister".chars() {
        keys::handle(&mut opened.app, key_event(KeyCode::Char(c)));
    }
    let screen = drawn(&mut opened.app, 80, 24).backend().to_string();
    // 1:25's field canister reaches 16" and hits on 3-6, and the window's heading is
    // the selected unit's 1:25 fire test, not the original's morale test.
    assert!(screen.contains("Canister, fd   16\" 3-6"), "{screen}");
    assert!(screen.contains("Fire test, after 2 hits"), "{screen}");
    assert!(!screen.contains("Morale test"), "{screen}");
}

#[test]
fn a_skirmish_screen_shows_on_the_roster_and_in_the_details() {
    // *Skirmish Screens*: the Guards (24 in line) send out 8 models: the roster's
    // formation reads "line+", the details the screen's 8 and the 16 left in the unit.
    let mut opened = barrosa(&["next", "move br-guards screen=8"]);
    let roster = drawn(&mut opened.app, 100, 30).backend().to_string();
    assert!(roster.contains("line+"), "{roster}");
    for key in [KeyCode::Esc, KeyCode::Char('1'), KeyCode::Enter] {
        keys::handle(&mut opened.app, key_event(key));
    }
    let details = drawn(&mut opened.app, 100, 30).backend().to_string();
    assert!(
        details.contains("skirmish screen of 8 out, 16 in the unit"),
        "{details}"
    );
    insta::assert_snapshot!(details);
}

/// Both armies' headings in one form, the richest that fits them both: Barrosa's
/// Anglo-Portuguese heading (active, so longer) and the French one read alike.
#[test]
fn both_sides_headings_read_alike_80x24_and_50x20() {
    let mut opened = barrosa(&[]);
    for (width, height) in [(80, 24), (50, 20)] {
        let screen = drawn(&mut opened.app, width, height).backend().to_string();
        let headings: Vec<&str> = screen
            .lines()
            .filter(|line| line.contains(" fighting"))
            .collect();
        assert_eq!(headings.len(), 2, "{screen}");
        // The full form has the gauge bar and "0 of 5", the medium "fig" and "0/5", the
        // short neither.
        let form = |heading: &str| {
            (
                heading.contains("████████"),
                heading.contains(" fig "),
                heading.contains("lost 0 of 5"),
            )
        };
        assert_eq!(form(headings[0]), form(headings[1]), "{headings:#?}");
        insta::assert_snapshot!(
            format!("barrosa_headings_{width}x{height}"),
            headings.join("\n")
        );
    }
}
