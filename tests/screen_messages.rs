//! The status line's messages at a real table (issue 36): an outcome too long for the
//! line says where the whole of it is, and that is one key away even on a phone.

use adjutant::tui::app::Overlay;
use adjutant::tui::keys;
use crossterm::event::KeyCode;

mod common;

use common::screen::{Opened, key_event, quatre_bras, screen, words};

/// Quatre-Bras in the French shooting phase of turn 1, after a volley at nl-27j whose
/// outcome (the hits, the figures left, the test owed) is longer than a status line.
fn after_a_volley() -> Opened {
    let mut opened = quatre_bras(&["next", "next"]);
    opened.app.act("shoot fr-2lg nl-27j close dice=6,6,6");
    opened
}

#[test]
fn a_long_outcome_says_where_the_whole_of_it_is() {
    let mut opened = after_a_volley();
    let message = opened.app.message.clone().unwrap().text;
    assert!(
        message.chars().count() > 2 * 50,
        "long enough to be cut: {message}"
    );
    let desk = screen(&mut opened.app, 80, 24);
    let phone = screen(&mut opened.app, 50, 20);
    for shown in [&desk, &phone] {
        assert!(shown.contains("… w: whole"), "{shown}");
    }
    insta::assert_snapshot!("long_outcome_80x24", desk);
    insta::assert_snapshot!("long_outcome_50x20", phone);
}

#[test]
fn w_shows_the_whole_last_message_on_a_phone() {
    let mut opened = after_a_volley();
    let message = opened.app.message.clone().unwrap().text;
    keys::handle(&mut opened.app, key_event(KeyCode::Char('w')));
    assert_eq!(opened.app.overlay, Overlay::Message);
    let shown = screen(&mut opened.app, 50, 20);
    assert!(
        words(&shown).contains(&words(&message)),
        "the whole of «{message}» in:\n{shown}"
    );
    insta::assert_snapshot!("whole_message_50x20", shown);
    // Any key closes it; the message stays on the status line.
    keys::handle(&mut opened.app, key_event(KeyCode::Esc));
    assert_eq!(opened.app.overlay, Overlay::None);
    assert!(opened.app.message.is_some());
    // Esc clears the status line, but w still has the last message.
    keys::handle(&mut opened.app, key_event(KeyCode::Esc));
    assert!(opened.app.message.is_none());
    keys::handle(&mut opened.app, key_event(KeyCode::Char('w')));
    assert!(words(&screen(&mut opened.app, 50, 20)).contains(&words(&message)));
}

#[test]
fn a_short_message_is_shown_as_it_is() {
    let mut opened = after_a_volley();
    opened.app.act("hti fr-2lg");
    let shown = screen(&mut opened.app, 80, 24);
    assert!(
        shown.contains("✗ refused: unknown command 'hti': did you mean 'hit'?"),
        "{shown}"
    );
    assert!(!shown.contains("w: whole"), "{shown}");
}

/// `w` over a unit's details shows the message over them, and closing it goes back to
/// the details, not to the main screen.
#[test]
fn closing_the_message_goes_back_to_the_details_it_was_opened_from() {
    let mut opened = after_a_volley();
    keys::handle(&mut opened.app, key_event(KeyCode::Enter));
    assert_eq!(opened.app.overlay, Overlay::Detail);
    keys::handle(&mut opened.app, key_event(KeyCode::Char('w')));
    assert_eq!(opened.app.overlay, Overlay::Message);
    keys::handle(&mut opened.app, key_event(KeyCode::Esc));
    assert_eq!(opened.app.overlay, Overlay::Detail);
    // From the main screen it goes back to the main screen.
    keys::handle(&mut opened.app, key_event(KeyCode::Esc));
    keys::handle(&mut opened.app, key_event(KeyCode::Char('w')));
    keys::handle(&mut opened.app, key_event(KeyCode::Char('x')));
    assert_eq!(opened.app.overlay, Overlay::None);
}

/// The window's footer says any key closes it: `q` too, which does not quit from it.
#[test]
fn any_key_closes_the_message_q_included() {
    let mut opened = after_a_volley();
    keys::handle(&mut opened.app, key_event(KeyCode::Char('w')));
    let shown = screen(&mut opened.app, 80, 24);
    assert!(shown.contains("any key closes"), "{shown}");
    keys::handle(&mut opened.app, key_event(KeyCode::Char('q')));
    assert_eq!(opened.app.overlay, Overlay::None);
    assert!(
        !opened.app.should_quit(),
        "q closed the window, and only that"
    );
}

/// A unit named in wide letters (CJK, two columns each) still leaves its message's
/// pointer to the whole of it on the line: the line is cut by columns, not letters.
#[test]
fn a_message_in_wide_letters_keeps_its_pointer() {
    let mut opened = after_a_volley();
    opened.app.say(
        "fr-2lg 第二轻步兵团第一营 fires at nl-27j 荷兰第二十七猎兵营: 3 hits, 2 figures lost, \
         the 荷兰第二十七猎兵营 owes a morale test",
        adjutant::tui::app::Tone::Info,
    );
    let shown = screen(&mut opened.app, 50, 20);
    assert!(shown.contains("… w: whole"), "{shown}");
    assert!(shown.contains("✓ saved"), "{shown}");
}
