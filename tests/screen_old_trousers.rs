//! The screen over an *Old Trousers II* battle (Vimeiro): its phases and checklist, the
//! roster's troop ratings, its own charts in the quick-reference window, and the forms
//! of the Sound the Charge family refused with a way on rather than offered.

mod common;

use adjutant::tui::keys;
use adjutant::tui::theme::Theme;
use common::screen::{drawn, forms_refused_with_the_command_line, key_event, open_app};
use crossterm::event::KeyCode;

fn vimeiro(commands: &[&str]) -> common::screen::Opened {
    open_app(
        "vimeiro",
        3,
        commands,
        Theme::built_in().unwrap().without_colours(),
    )
}

#[test]
fn vimeiro_at_80x24() {
    let mut opened = vimeiro(&[]);
    let screen = drawn(&mut opened.app, 80, 24).backend().to_string();
    // *Sequence of Play* (p9): the turn opens with the initiative, which is owed.
    assert!(
        screen.contains("[INITIATIVE] random events orders rally"),
        "{screen}"
    );
    assert!(screen.contains("roll the initiative"), "{screen}");
    // Troop ratings, not grades: the 50th good, the 97th average (the scenario's).
    assert!(screen.contains("GD  "), "{screen}");
    assert!(screen.contains("AVG "), "{screen}");
    // Command range (p11): the referee's `cmd`, shown as in the other rulesets.
    assert!(screen.contains("CMD"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn vimeiro_on_a_phone_50x20_keeps_ids_and_figures() {
    let mut opened = vimeiro(&[]);
    let screen = drawn(&mut opened.app, 50, 20).backend().to_string();
    assert!(screen.contains("br-50"), "{screen}");
    assert!(screen.contains("15/15"), "{screen}");
}

#[test]
fn the_forms_are_refused_with_the_command_line_offered() {
    let mut opened = vimeiro(&[]);
    forms_refused_with_the_command_line(&mut opened.app, "Old Trousers II");
}

#[test]
fn the_detail_window_shows_rating_traits_and_the_rules_own_needs() {
    let mut opened = vimeiro(&[]);
    opened.app.select_unit("br-robe");
    keys::handle(&mut opened.app, key_event(KeyCode::Enter));
    let screen = drawn(&mut opened.app, 80, 24).backend().to_string();
    assert!(screen.contains("field art · rated good"), "{screen}");
    assert!(screen.contains("6 pdr, foot"), "{screen}");
    // 2 six-pounders: 4 points a gun at canister (p20).
    assert!(
        screen.contains("8 to 8\", 2 to 20\", 0 to 35\""),
        "{screen}"
    );
    assert!(!screen.contains("shattered at"), "{screen}");
    // Command range (p11-12): its line, and `cmd`'s key among those offered.
    assert!(screen.contains("command   in command"), "{screen}");
    assert!(screen.contains("s d f c act here"), "{screen}");
}

#[test]
fn the_quick_reference_window_shows_old_trousers_charts() {
    let mut opened = vimeiro(&[]);
    keys::handle(&mut opened.app, key_event(KeyCode::Char('/')));
    for c in "fire table".chars() {
        keys::handle(&mut opened.app, key_event(KeyCode::Char(c)));
    }
    let screen = drawn(&mut opened.app, 80, 24).backend().to_string();
    // *Fire Combat Table* (p19): 1-5 points, 1-8 no hit, 9-10 one hit.
    assert!(screen.contains("1-5     1-8   9-10  >10"), "{screen}");
    assert!(!screen.contains("Morale test"), "{screen}");
}

/// A throw of *Old Trousers II*'s own words brings up the dice pane, as a throw does in
/// every ruleset: the initiative's d10s and who won are what the table waits for. (Its
/// words were parsed as *Sound the Charge*'s to decide, so the pane stayed where it was.)
#[test]
fn an_initiative_throw_brings_up_the_dice() {
    let mut opened = vimeiro(&[]);
    opened.app.lower_pane = adjutant::tui::app::Pane::Checklist;
    opened.app.act("initiative britain=7 france=3");
    assert_eq!(opened.app.lower_pane, adjutant::tui::app::Pane::Dice);
    let screen = drawn(&mut opened.app, 80, 24).backend().to_string();
    assert!(
        screen.contains("britain=7") || screen.contains("d10[7]"),
        "{screen}"
    );
}

/// The initiative winner's choice throws nothing: the pane the referee was reading stays.
#[test]
fn choosing_who_moves_first_keeps_the_pane() {
    let mut opened = vimeiro(&["initiative britain=7 france=3"]);
    opened.app.lower_pane = adjutant::tui::app::Pane::Checklist;
    opened.app.act("initiative first=france");
    let screen = drawn(&mut opened.app, 80, 24).backend().to_string();
    assert!(!screen.contains("refused"), "{screen}");
    assert_eq!(opened.app.lower_pane, adjutant::tui::app::Pane::Checklist);
}
