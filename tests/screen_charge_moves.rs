//! The screen over a *Charge Moves* battle: its own phases, its marks and its commands.

mod common;

use adjutant::tui::keys;
use adjutant::tui::theme::Theme;
use common::screen::{drawn, key_event, open_app};
use crossterm::event::KeyCode;

#[test]
fn the_checklist_walks_charge_moves_own_phases_and_the_roster_marks_routs_and_retreats() {
    let mut opened = open_app(
        "maida",
        1806,
        &[
            "charge fr-1leger br-78 roll=5",
            "charge fr-polish br-81 roll=1",
            "next",
            "melee fr-1leger br-78 sixes=7/4",
            "morale br-78 roll=1",
        ],
        Theme::built_in().unwrap().without_colours(),
    );
    keys::handle(&mut opened.app, key_event(KeyCode::Char('2')));
    let screen = drawn(&mut opened.app, 80, 24).backend().to_string();
    // Two phases, not Sound the Charge's five.
    assert!(screen.contains("✓movement [MELEE]"), "{screen}");
    assert!(!screen.contains("reform"), "{screen}");
    let row = |id: &str| {
        screen
            .lines()
            .find(|l| l.contains(id))
            .unwrap_or_else(|| panic!("no row for {id}:\n{screen}"))
            .to_owned()
    };
    // The 78th routed on a 1: R; the Poles owe a move back: B. No grades in this ruleset.
    assert!(row("br-78").contains("R · ·"), "{}", row("br-78"));
    assert!(row("fr-polish").contains("· B ·"), "{}", row("fr-polish"));
    assert!(row("br-78").contains(" -  "), "{}", row("br-78"));
    assert!(row("br-78").contains("23/30"), "{}", row("br-78"));
}

#[test]
fn the_details_window_gives_no_shattering_threshold_to_units_that_fight_to_the_last_man() {
    // *Charge Moves* has no shattered state: each 6 kills a man, and a unit is gone only
    // with its last one. 7 sixes leave the 78th 23 of 30.
    let mut opened = open_app(
        "maida",
        1806,
        &[
            "charge fr-1leger br-78 roll=5",
            "next",
            "melee fr-1leger br-78 sixes=7/4",
        ],
        Theme::built_in().unwrap().without_colours(),
    );
    opened.app.select_unit("br-78");
    keys::handle(&mut opened.app, key_event(KeyCode::Enter));
    let screen = drawn(&mut opened.app, 80, 24).backend().to_string();
    assert!(
        screen.contains("23 of 30 · out at its last figure"),
        "{screen}"
    );
    assert!(!screen.contains("shattered"), "{screen}");
}
