//! The mouse (issue 36): a click selects the roster's unit under it and focuses the
//! pane or tab under it; the wheel moves in the pane under the pointer. Reports are fed
//! to the app as crossterm gives them, on a screen drawn at a real size.

use adjutant::tui::app::{Overlay, Pane};
use adjutant::tui::mouse;
use adjutant::tui::theme::Theme;
use crossterm::event::{KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;

mod common;

use common::screen::{Opened, drawn, open_app};

fn opened(commands: &[&str]) -> Opened {
    open_app("quatre-bras", 1815, commands, Theme::built_in().unwrap())
}

/// Column and row of the first place `text` is drawn on a `width` x `height` screen.
fn where_drawn(opened: &mut Opened, width: u16, height: u16, text: &str) -> (u16, u16) {
    let terminal = drawn(&mut opened.app, width, height);
    let buffer = terminal.backend().buffer();
    for y in 0..height {
        let row: Vec<&str> = (0..width).map(|x| buffer[(x, y)].symbol()).collect();
        let line = row.concat();
        if let Some(at) = line.find(text) {
            let x = line[..at].chars().count();
            return (u16::try_from(x).unwrap(), y);
        }
    }
    panic!("`{text}` is not on the screen:\n{}", terminal.backend());
}

fn report(opened: &mut Opened, kind: MouseEventKind, (x, y): (u16, u16), size: (u16, u16)) -> bool {
    let event = MouseEvent {
        kind,
        column: x,
        row: y,
        modifiers: KeyModifiers::NONE,
    };
    mouse::handle(&mut opened.app, event, Rect::new(0, 0, size.0, size.1))
}

const CLICK: MouseEventKind = MouseEventKind::Down(MouseButton::Left);

#[test]
fn a_click_on_a_roster_row_selects_that_unit() {
    for size in [(120, 40), (80, 24), (50, 20)] {
        let mut opened = opened(&[]);
        assert_eq!(opened.app.selected_unit().unwrap().id, "fr-2lg");
        let at = where_drawn(&mut opened, size.0, size.1, "fr-4lg");
        assert!(report(&mut opened, CLICK, at, size));
        assert_eq!(
            opened.app.selected_unit().unwrap().id,
            "fr-4lg",
            "at {size:?}"
        );
        // And the keys act on it: the screen drew the selection where it was clicked.
        let (_, marker_row) = where_drawn(&mut opened, size.0, size.1, "▶");
        assert_eq!(marker_row, at.1, "at {size:?}");
    }
}

#[test]
fn a_click_on_a_heading_or_outside_the_panes_selects_nothing() {
    let size = (80, 24);
    let mut opened = opened(&[]);
    let title = where_drawn(&mut opened, size.0, size.1, "Quatre");
    assert!(!report(&mut opened, CLICK, title, size));
    assert_eq!(opened.app.selected_unit().unwrap().id, "fr-2lg");
    // A side's heading row is in the roster: it focuses the roster, and selects no unit.
    let heading = where_drawn(&mut opened, size.0, size.1, "French: 14");
    report(&mut opened, CLICK, heading, size);
    assert_eq!(opened.app.focus, Pane::Roster);
    assert_eq!(opened.app.selected_unit().unwrap().id, "fr-2lg");
}

#[test]
fn a_click_on_a_tab_or_a_pane_focuses_it() {
    let size = (80, 24);
    let mut opened = opened(&[]);
    let log_tab = where_drawn(&mut opened, size.0, size.1, "4 Log");
    assert!(report(&mut opened, CLICK, log_tab, size));
    assert_eq!(
        (opened.app.focus, opened.app.lower_pane),
        (Pane::Log, Pane::Log)
    );
    let roster = where_drawn(&mut opened, size.0, size.1, "Roster");
    report(&mut opened, CLICK, (roster.0, roster.1 + 2), size);
    assert_eq!(opened.app.focus, Pane::Roster);
    // On a phone the tabs are the top row.
    let size = (50, 20);
    let dice_tab = where_drawn(&mut opened, size.0, size.1, "3 Dice");
    report(&mut opened, CLICK, dice_tab, size);
    assert_eq!(opened.app.focus, Pane::Dice);
}

#[test]
fn the_wheel_scrolls_the_pane_under_the_pointer() {
    // Enough commands for the log to run past its pane.
    let commands = [
        "next",
        "next",
        "hit fr-2lg",
        "hit fr-61",
        "hit fr-108",
        "next",
        "next",
    ];
    let size = (120, 40);
    let mut opened = opened(&commands);
    let screen = |opened: &mut Opened| drawn(&mut opened.app, size.0, size.1).backend().to_string();
    let newest = screen(&mut opened);
    let log_title = where_drawn(&mut opened, size.0, size.1, " Log ");
    let in_log = (log_title.0, log_title.1 + 3);
    assert!(report(&mut opened, MouseEventKind::ScrollUp, in_log, size));
    assert!(report(&mut opened, MouseEventKind::ScrollUp, in_log, size));
    assert_eq!(opened.app.focus, Pane::Log);
    assert_eq!(opened.app.log_scroll, 2, "two lines back");
    let back = screen(&mut opened);
    assert_ne!(back, newest, "the log shows older lines");
    report(&mut opened, MouseEventKind::ScrollDown, in_log, size);
    report(&mut opened, MouseEventKind::ScrollDown, in_log, size);
    assert_eq!(screen(&mut opened), newest, "back to the newest");

    // Over the roster, the wheel moves the selection as ↓ does.
    let roster = where_drawn(&mut opened, size.0, size.1, "fr-2lg");
    report(&mut opened, MouseEventKind::ScrollDown, roster, size);
    assert_eq!(opened.app.focus, Pane::Roster);
    assert_ne!(opened.app.selected_unit().unwrap().id, "fr-2lg");
}

#[test]
fn a_click_on_a_cut_message_opens_it_whole() {
    let size = (50, 20);
    let mut opened = opened(&["next", "next"]);
    opened.app.act("shoot fr-2lg nl-27j close dice=6,6,6");
    let status = where_drawn(&mut opened, size.0, size.1, "w: whole");
    assert!(
        status.1 >= size.1 - 2,
        "the message is cut on the status line"
    );
    report(&mut opened, CLICK, (3, size.1 - 1), size);
    assert_eq!(opened.app.overlay, Overlay::Message);
    report(&mut opened, CLICK, (3, 3), size);
    assert_eq!(opened.app.overlay, Overlay::None);
}

/// A watcher's alarm is what the status line shows and what `w` shows whole: a click on
/// it shows it whole too.
#[test]
fn a_click_on_a_watchers_alarm_opens_it_whole() {
    use adjutant::tui::watch::{self, Seen};
    let size = (50, 20);
    let mut opened = opened(&[]);
    opened.app.watch(adjutant::game::Looker::Referee);
    let alarm = "showing the last good game: game.toml:12: expected `=` after a key";
    watch::show(&mut opened.app, Seen::Bad(alarm.into()));
    assert!(opened.app.message.is_none(), "the alarm is not a message");
    let at = where_drawn(&mut opened, size.0, size.1, "! showing");
    assert!(report(&mut opened, CLICK, at, size));
    assert_eq!(opened.app.overlay, Overlay::Message);
    let shown = drawn(&mut opened.app, size.0, size.1).backend().to_string();
    assert!(shown.contains("Last message"), "{shown}");
}

/// Over the help and a unit's details the wheel scrolls the text, as their scrolling keys
/// do; in the details it never moves to another unit (there ↑ and ↓ do).
#[test]
fn the_wheel_scrolls_the_help_and_the_details() {
    use adjutant::tui::keys;
    use common::screen::key_event;
    use crossterm::event::KeyCode;
    let size = (80, 24);
    let mut opened = opened(&[]);
    keys::handle(&mut opened.app, key_event(KeyCode::Char('?')));
    report(&mut opened, MouseEventKind::ScrollDown, (40, 10), size);
    report(&mut opened, MouseEventKind::ScrollDown, (40, 10), size);
    assert_eq!(opened.app.help_scroll, 2);
    report(&mut opened, MouseEventKind::ScrollUp, (40, 10), size);
    assert_eq!(opened.app.help_scroll, 1);
    keys::handle(&mut opened.app, key_event(KeyCode::Esc));
    keys::handle(&mut opened.app, key_event(KeyCode::Enter));
    assert_eq!(opened.app.overlay, Overlay::Detail);
    report(&mut opened, MouseEventKind::ScrollDown, (40, 10), size);
    assert_eq!(opened.app.detail_scroll, 1);
    assert_eq!(opened.app.selected_unit().unwrap().id, "fr-2lg");
}

/// The roster's rows under the pointer are worked out from the app as it stands, by the
/// drawing's own reckoning of the scroll, not from what the last frame left behind: here
/// the last frame was a big screen that showed every unit unscrolled.
#[test]
fn a_click_finds_the_unit_by_the_scroll_as_it_stands() {
    use adjutant::tui::keys;
    use common::screen::key_event;
    use crossterm::event::KeyCode;
    let size = (50, 20);
    let last_unit = |opened: &mut Opened| {
        keys::handle(&mut opened.app, key_event(KeyCode::End));
        opened.app.selected_unit().unwrap().id.clone()
    };
    // Where a phone shows a unit near the end of the roster, scrolled to it.
    let mut phone = opened(&[]);
    let last = last_unit(&mut phone);
    let at = where_drawn(&mut phone, size.0, size.1, "nl-27j");
    let mut opened = opened(&[]);
    assert_eq!(last_unit(&mut opened), last);
    drawn(&mut opened.app, 120, 60);
    assert!(report(&mut opened, CLICK, at, size));
    assert_eq!(opened.app.selected_unit().unwrap().id, "nl-27j");
}

/// A click on a list's entry selects it as moving to it would: a checklist item (any of
/// its rows), a form's target (highlighted only: a single click never picks) and a match
/// in the jump window.
#[test]
fn a_click_on_a_list_entry_selects_it() {
    use adjutant::tui::keys;
    use common::screen::key_event;
    use crossterm::event::KeyCode;
    let size = (120, 40);
    let mut opened = opened(&[
        "next",
        "next",
        "shoot fr-2lg nl-27j close dice=6,6,6",
        "shoot fr-61 nl-5m close dice=6,6,6",
    ]);
    let nl_5m = where_drawn(&mut opened, size.0, size.1, "nl-5m owes");
    // The item's second row, under its text.
    assert!(report(&mut opened, CLICK, (nl_5m.0, nl_5m.1 + 1), size));
    assert_eq!(opened.app.focus, Pane::Checklist);
    assert_eq!(opened.app.checklist_selected, 1);
    let marker = where_drawn(&mut opened, size.0, size.1, "▶ ! nl-5m");
    assert_eq!(marker.1, nl_5m.1, "drawn selected where it was clicked");
    let commands = where_drawn(&mut opened, size.0, size.1, "allies command");
    report(&mut opened, CLICK, commands, size);
    assert_eq!(opened.app.checklist_selected, 2);

    // The shot's form lists its targets.
    keys::handle(&mut opened.app, key_event(KeyCode::Char('1')));
    opened.app.select_unit("fr-108");
    keys::handle(&mut opened.app, key_event(KeyCode::Char('F')));
    assert_eq!(opened.app.overlay, Overlay::Form);
    let before = opened.app.game().log().len();
    let second = {
        let picker = opened.app.form.as_ref().unwrap().picker.as_ref().unwrap();
        picker.shown()[1].0.clone()
    };
    let row = where_drawn(&mut opened, size.0, size.1, &format!("  {second} "));
    assert!(report(&mut opened, CLICK, row, size));
    let picker = opened.app.form.as_ref().unwrap().picker.as_ref().unwrap();
    assert_eq!(picker.highlighted, 1);
    assert_eq!(opened.app.overlay, Overlay::Form, "a click never picks");
    assert_eq!(opened.app.game().log().len(), before);
    keys::handle(&mut opened.app, key_event(KeyCode::Esc));

    // The jump window's matches.
    keys::handle(&mut opened.app, key_event(KeyCode::Char('\'')));
    for letter in "br-".chars() {
        keys::handle(&mut opened.app, key_event(KeyCode::Char(letter)));
    }
    assert_eq!(opened.app.overlay, Overlay::Jump);
    let third = opened.app.jump.matches().nth(2).unwrap().id.clone();
    let row = where_drawn(&mut opened, size.0, size.1, &format!("  {third} "));
    assert!(report(&mut opened, CLICK, row, size));
    assert_eq!(opened.app.jump.chosen, 2);
    assert_eq!(opened.app.overlay, Overlay::Jump, "a click never jumps");
}
