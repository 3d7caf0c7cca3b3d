//! Getting around a big battle at 80x24: the dice pane scrolls to the last of a long
//! combat, a unit is found by a few letters of its id or name, and the roster follows the
//! side whose turn it is.

mod common;

use adjutant::tui::app::{App, Overlay, Pane};
use adjutant::tui::theme::Theme;
use adjutant::tui::{keys, mouse};
use common::screen::{in_combat_phase, open_app, press, quatre_bras, screen, typed};
use crossterm::event::{KeyCode, KeyModifiers, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;

/// The line of the screen that carries the roster's selection marker.
fn selected_row(shown: &str) -> &str {
    shown
        .lines()
        .find(|line| line.contains('▶'))
        .unwrap_or_default()
}

/// A round of close combat says more than five lines hold: the outcome comes first, with
/// how many rows lie below; with the dice pane focused (`3`) End (`G`) brings up the last
/// of the points, Up the attacker's points, `g` the outcome again. A new roll starts at the
/// top.
#[test]
fn the_dice_pane_scrolls_to_the_defenders_dice_at_80x24() {
    let opened = in_combat_phase(&[]);
    let mut app = opened.app;
    app.act("combat fr-8cu vs br-42 dice=6,5,3,1/6,2,2");
    let top = screen(&mut app, 80, 24);
    assert!(top.contains("→ fr-8cu: WON"), "the outcome first:\n{top}");
    assert!(!top.contains("br-42→fr-8cu"), "cut off at first:\n{top}");
    insta::assert_snapshot!("dice_combat_80x24_top", top);

    press(&mut app, &[KeyCode::Char('3'), KeyCode::Char('G')]);
    assert_eq!(app.focus, Pane::Dice);
    let end = screen(&mut app, 80, 24);
    assert!(
        end.contains("br-42 vs fr-8cu: 1 point") && end.contains("-1 disordered"),
        "the defender's points, to the last:
{end}"
    );
    assert!(!end.contains("→ fr-8cu: WON"), "scrolled:\n{end}");
    insta::assert_snapshot!("dice_combat_80x24_end", end);

    // Up from the end moves at once: the attacker's points, under how many rows lie above.
    press(&mut app, &[KeyCode::Char('k')]);
    let up = screen(&mut app, 80, 24);
    assert!(up.contains("fr-8cu vs br-42: 5 points"), "{up}");
    assert!(up.contains("↑ 6 above") && up.contains("↓ 2 more"), "{up}");
    press(&mut app, &[KeyCode::Char('g')]);
    let back = screen(&mut app, 80, 24);
    assert!(
        back.contains("→ fr-8cu: WON") && back.contains("↓ 7 more"),
        "{back}"
    );

    press(&mut app, &[KeyCode::Char('G')]);
    app.act("undo");
    app.act("combat fr-8cu vs br-42 dice=6,5,3,1/6,2,2");
    let again = screen(&mut app, 80, 24);
    assert!(again.contains("→ fr-8cu: WON"), "from the top:\n{again}");
}

/// Keys past an end of the dice pane stop at it: after twenty Downs from the top, one Up
/// shows the attacker's points as one Up after End does; after twenty Ups from End, one
/// Down shows the second row as one Down after Home does.
#[test]
fn the_dice_pane_stops_at_its_ends_at_80x24() {
    let mut app = long_combat();
    press(
        &mut app,
        &[KeyCode::Char('3'), KeyCode::Char('G'), KeyCode::Char('k')],
    );
    let up_from_end = screen(&mut app, 80, 24);
    assert!(
        up_from_end.contains("fr-8cu vs br-42: 5 points"),
        "{up_from_end}"
    );
    assert!(up_from_end.contains("↓ 2 more"), "{up_from_end}");
    press(&mut app, &[KeyCode::Char('g'), KeyCode::Char('j')]);
    let down_from_top = screen(&mut app, 80, 24);
    // The row scrolled past is named on the top row, which the text gives up.
    assert!(
        down_from_top.contains("↑ 1 above") && down_from_top.contains("↓ 7 more"),
        "{down_from_top}"
    );

    press(&mut app, &[KeyCode::Char('g')]);
    press(&mut app, &[KeyCode::Char('j'); 20]);
    press(&mut app, &[KeyCode::Char('k')]);
    assert_eq!(
        screen(&mut app, 80, 24),
        up_from_end,
        "one row above the last screenful"
    );

    press(&mut app, &[KeyCode::Char('G')]);
    press(&mut app, &[KeyCode::Char('k'); 20]);
    press(&mut app, &[KeyCode::Char('j')]);
    assert_eq!(
        screen(&mut app, 80, 24),
        down_from_top,
        "one row below the first"
    );
}

/// The log stops at its oldest line in the same way: after twenty Ups from the newest,
/// one Down shows what one Down after Home shows, without a frame drawn between the keys.
#[test]
fn the_log_pane_stops_at_its_oldest_line_at_80x24() {
    let mut app = long_combat();
    press(&mut app, &[KeyCode::Char('4')]);
    let newest = screen(&mut app, 80, 24);
    press(&mut app, &[KeyCode::Char('g')]);
    let oldest = screen(&mut app, 80, 24);
    assert_ne!(oldest, newest, "the log runs past its pane");
    press(&mut app, &[KeyCode::Char('j')]);
    let down_from_oldest = screen(&mut app, 80, 24);
    assert_ne!(down_from_oldest, oldest, "Down after Home moves");

    press(&mut app, &[KeyCode::Char('G')]);
    press(&mut app, &[KeyCode::Char('k'); 20]);
    press(&mut app, &[KeyCode::Char('j')]);
    assert_eq!(
        screen(&mut app, 80, 24),
        down_from_oldest,
        "one row below the oldest screenful"
    );
}

/// The wheel stops where the keys do: twenty turns down over the dice pane, then one up,
/// show the attacker's points as Up after End does.
#[test]
fn the_wheel_stops_at_the_dice_panes_end_at_80x24() {
    let mut app = long_combat();
    press(
        &mut app,
        &[KeyCode::Char('3'), KeyCode::Char('G'), KeyCode::Char('k')],
    );
    let up_from_end = screen(&mut app, 80, 24);
    press(&mut app, &[KeyCode::Char('1'), KeyCode::Char('g')]);
    // Row 17 is inside the dice pane under the roster.
    let turn = |app: &mut App, kind| {
        let event = MouseEvent {
            kind,
            column: 10,
            row: 17,
            modifiers: KeyModifiers::NONE,
        };
        assert!(mouse::handle(app, event, Rect::new(0, 0, 80, 24)));
    };
    for _ in 0..20 {
        turn(&mut app, MouseEventKind::ScrollDown);
    }
    turn(&mut app, MouseEventKind::ScrollUp);
    assert_eq!(app.focus, Pane::Dice);
    assert_eq!(screen(&mut app, 80, 24), up_from_end);
}

/// Quatre-Bras in the combat phase after a round whose dice fill more than the dice
/// pane at 80x24, drawn once at that size.
fn long_combat() -> App {
    let opened = in_combat_phase(&[]);
    let mut app = opened.app;
    app.act("combat fr-8cu vs br-42 dice=6,5,3,1/6,2,2");
    screen(&mut app, 80, 24);
    app
}

/// On Waterloo's 453 units, `'` then a few letters finds a unit by its name without its
/// accent, and Enter selects it in the roster, scrolled into view: 7 keys.
#[test]
fn leger_finds_a_light_infantry_battalion_on_waterloo_in_seven_keys() {
    let opened = open_app("waterloo", 1815, &[], Theme::built_in().unwrap());
    let mut app = opened.app;
    typed(&mut app, "'leger");
    assert_eq!(app.overlay, Overlay::Jump);
    let window = screen(&mut app, 80, 24);
    assert!(window.contains("1/13e Léger"), "the matches:\n{window}");
    press(&mut app, &[KeyCode::Enter]);
    assert_eq!(app.overlay, Overlay::None);
    let unit = app.selected_unit().unwrap();
    assert_eq!(
        (unit.id.as_str(), unit.name.as_str()),
        ("f13l-1", "1/13e Léger")
    );
    let shown = screen(&mut app, 80, 24);
    assert!(
        selected_row(&shown).contains("1/13e Léger"),
        "selected and in view:\n{shown}"
    );
}

/// An id's beginning ranks before a name's word, and that before letters met inside;
/// capitals and accents do not matter; arrows choose among the matches.
#[test]
fn the_jump_ranks_id_then_name_word_then_anywhere() {
    let opened = quatre_bras(&[]);
    let mut app = opened.app;
    // "br-4" begins the ids br-42 and br-44; "1/44th" has it inside nowhere before them.
    typed(&mut app, "'BR-4");
    press(&mut app, &[KeyCode::Down, KeyCode::Enter]);
    assert_eq!(app.selected_unit().unwrap().id, "br-44");
    // "lég" begins the word "Léger" of fr-2lg's name.
    typed(&mut app, "'LÉG");
    press(&mut app, &[KeyCode::Enter]);
    assert_eq!(app.selected_unit().unwrap().id, "fr-2lg");
    // Esc leaves the selection where it was.
    typed(&mut app, "'br-42");
    press(&mut app, &[KeyCode::Esc]);
    assert_eq!(app.overlay, Overlay::None);
    assert_eq!(app.selected_unit().unwrap().id, "fr-2lg");
    // Nothing matches: Enter closes and selects nothing new.
    typed(&mut app, "'zzz");
    assert!(screen(&mut app, 80, 24).contains("no unit"));
    press(&mut app, &[KeyCode::Enter]);
    assert_eq!(app.selected_unit().unwrap().id, "fr-2lg");
}

/// `]` goes to the other side's heading, at the top of the roster with its first unit
/// selected under it; `[` comes back.
#[test]
fn a_key_goes_to_the_other_sides_heading() {
    let opened = open_app("waterloo", 1815, &[], Theme::built_in().unwrap());
    let mut app = opened.app;
    let first = app.selected_unit().unwrap().side.clone();
    typed(&mut app, "]");
    let unit = app.selected_unit().unwrap().clone();
    assert_ne!(unit.side, first);
    let shown = screen(&mut app, 80, 24);
    assert!(selected_row(&shown).contains(&unit.id), "{shown}");
    let heading = shown.lines().nth(3).unwrap_or_default();
    assert!(
        heading.contains("Anglo-Allied and Prussian:"),
        "on top:\n{shown}"
    );
    typed(&mut app, "[");
    assert_eq!(app.selected_unit().unwrap().side, first);
}

/// When the turn passes to the Anglo-Allies (the fifth `next`), the roster goes to their
/// first unit; a `next` that keeps the French active leaves the selection alone.
#[test]
fn the_roster_follows_the_active_side_after_next() {
    let opened = quatre_bras(&[]);
    let mut app = opened.app;
    app.select_unit("fr-61");
    for _ in 0..4 {
        app.act("next");
        assert_eq!(app.selected_unit().unwrap().id, "fr-61", "same side");
    }
    typed(&mut app, "n");
    if app.overlay == Overlay::ConfirmNext {
        typed(&mut app, "y");
    }
    assert_eq!(app.game().state().active(), "allies");
    let unit = app.selected_unit().unwrap().clone();
    assert_eq!(unit.side, "allies");
    let shown = screen(&mut app, 80, 24);
    assert!(selected_row(&shown).contains(&unit.id), "{shown}");
    let heading = shown.lines().nth(3).unwrap_or_default();
    assert!(heading.contains("Anglo-Allied:"), "on top:\n{shown}");
}

/// Undo and redo change which throw the dice pane shows: it starts again at that throw's
/// outcome, not at the old throw's scroll (issue 36: "a roll's result line always comes
/// first").
#[test]
fn undo_and_redo_show_the_throw_from_its_outcome() {
    let opened = in_combat_phase(&[]);
    let mut app = opened.app;
    app.act("combat fr-8cu vs br-42 dice=6,5,3,1/6,2,2");
    app.act("combat fr-6la vs nl-5m dice=6,6,6,6/1,1,1");
    press(&mut app, &[KeyCode::Char('3'), KeyCode::Char('G')]);
    let scrolled = screen(&mut app, 80, 24);
    assert!(scrolled.contains("↑"), "scrolled to the end:\n{scrolled}");
    press(&mut app, &[KeyCode::Char('u')]);
    let undone = screen(&mut app, 80, 24);
    assert!(
        undone.contains("→ fr-8cu: WON") && !undone.contains("↑"),
        "after undo, the earlier combat from its outcome:\n{undone}"
    );
    press(&mut app, &[KeyCode::Char('G')]);
    keys::handle(
        &mut app,
        crossterm::event::KeyEvent::new(KeyCode::Char('r'), KeyModifiers::CONTROL),
    );
    let redone = screen(&mut app, 80, 24);
    assert!(
        redone.contains("Close combat: fr-6la vs nl-5m") && !redone.contains("↑"),
        "after redo, the combat put back from its outcome:\n{redone}"
    );
}

/// Presses past the last screenful of a window stop there, with no frame drawn between
/// the keys: after `presses` of `down` from the top, one `up` shows what one `up` after
/// `end` shows. `open` opens the window over `app` at 80x24.
fn stops_at_its_end(app: &mut App, open: &[KeyCode], down: KeyCode, up: KeyCode, end: KeyCode) {
    press(app, open);
    press(app, &[end]);
    screen(app, 80, 24);
    press(app, &[up]);
    let up_from_end = screen(app, 80, 24);
    press(app, &[KeyCode::Esc]);
    press(app, open);
    let top = screen(app, 80, 24);
    assert_ne!(top, up_from_end, "the window runs past its rows");
    press(app, &vec![down; 3000]);
    press(app, &[up]);
    assert_eq!(screen(app, 80, 24), up_from_end, "one row above the end");
}

/// The help (`?`): `j` past the end, then `k`.
#[test]
fn the_help_stops_at_its_end_at_80x24() {
    let mut app = long_combat();
    let keys = [KeyCode::Char('j'), KeyCode::Char('k'), KeyCode::Char('G')];
    stops_at_its_end(&mut app, &[KeyCode::Char('?')], keys[0], keys[1], keys[2]);
}

/// A unit's details (Enter) at 50x14, where they run past their window: Page Down past the
/// end, then Page Up shows what Page Up after the last page shows.
#[test]
fn the_details_stop_at_their_end_at_50x14() {
    let mut app = long_combat();
    app.select_unit("fr-8cu");
    screen(&mut app, 50, 14);
    press(&mut app, &[KeyCode::Enter]);
    press(&mut app, &[KeyCode::PageDown; 30]);
    screen(&mut app, 50, 14);
    press(&mut app, &[KeyCode::PageUp]);
    let up_from_end = screen(&mut app, 50, 14);
    press(&mut app, &[KeyCode::Esc, KeyCode::Enter]);
    assert_ne!(
        screen(&mut app, 50, 14),
        up_from_end,
        "the details run past"
    );
    press(&mut app, &[KeyCode::PageDown; 30]);
    press(&mut app, &[KeyCode::PageUp]);
    assert_eq!(
        screen(&mut app, 50, 14),
        up_from_end,
        "a page above the end"
    );
}

/// The quick reference (`/`): Down past the end, then Up.
#[test]
fn the_quick_reference_stops_at_its_end_at_80x24() {
    let mut app = long_combat();
    stops_at_its_end(
        &mut app,
        &[KeyCode::Char('/')],
        KeyCode::Down,
        KeyCode::Up,
        KeyCode::End,
    );
}

/// The roster scrolls the same whether a frame is drawn after every key or only at the
/// end: thirty rows down and five back leave the selection five rows over the bottom.
#[test]
fn the_roster_scrolls_the_same_without_a_frame_between_keys() {
    let opened = open_app("waterloo", 1815, &[], Theme::built_in().unwrap());
    let mut app = opened.app;
    screen(&mut app, 80, 24);
    let mut keys = vec![KeyCode::Char('j'); 30];
    keys.extend([KeyCode::Char('k'); 5]);
    press(&mut app, &keys);
    let unframed = screen(&mut app, 80, 24);

    let opened = open_app("waterloo", 1815, &[], Theme::built_in().unwrap());
    let mut app = opened.app;
    for key in keys {
        screen(&mut app, 80, 24);
        press(&mut app, &[key]);
    }
    assert_eq!(unframed, screen(&mut app, 80, 24));
}

/// In the jump window on Waterloo's four hundred units, End goes to the last match and Home to
/// the first; Page Down moves by the rows shown less one, so the last row shown before is the
/// first after, and Page Up comes back.
#[test]
fn the_jump_window_pages_and_goes_to_its_ends_at_80x24() {
    let opened = open_app("waterloo", 1815, &[], Theme::built_in().unwrap());
    let mut app = opened.app;
    typed(&mut app, "'");
    let count = app.jump.matches().len();
    assert!(count > 400, "{count} units");
    let last = app.jump.matches().last().unwrap().id.clone();
    press(&mut app, &[KeyCode::End]);
    assert_eq!(app.jump.chosen, count - 1);
    press(&mut app, &[KeyCode::Home]);
    assert_eq!(app.jump.chosen, 0);
    let first_page = screen(&mut app, 80, 24);
    // 22 rows of body: borders and the typed line leave 19 matches shown.
    press(&mut app, &[KeyCode::PageDown]);
    assert_eq!(app.jump.chosen, 18);
    let second_page = screen(&mut app, 80, 24);
    let bottom_before = app.jump.matches().nth(18).unwrap().id.clone();
    assert!(
        first_page.contains(&format!("  {bottom_before} ")),
        "{first_page}"
    );
    assert!(
        second_page.contains(&format!("▶ {bottom_before} ")),
        "{second_page}"
    );
    press(&mut app, &[KeyCode::PageUp]);
    assert_eq!(app.jump.chosen, 0);
    press(&mut app, &[KeyCode::End, KeyCode::Enter]);
    assert_eq!(app.selected_unit().unwrap().id, last);
}

/// A control character (a stray Ctrl chord the terminal sends as one) is not typed into
/// the jump's letters.
#[test]
fn the_jump_window_takes_no_control_characters() {
    let opened = quatre_bras(&[]);
    let mut app = opened.app;
    typed(&mut app, "'fr");
    keys::handle(
        &mut app,
        crossterm::event::KeyEvent::new(KeyCode::Char('\u{7}'), KeyModifiers::NONE),
    );
    assert_eq!(app.jump.query, "fr");
}

/// A referee's report (issue 36): in the allied movement phase `' 92 Enter` selected the
/// French fr-92, and the move form then refused it as France's. Among equal matches the
/// side whose turn it is comes first.
#[test]
fn the_jump_puts_the_active_sides_units_first_among_equals() {
    let opened = quatre_bras(&["next"; 6]);
    let mut app = opened.app;
    assert_eq!(app.game().state().active(), "allies");
    press(&mut app, &[KeyCode::Char('\'')]);
    typed(&mut app, "92");
    press(&mut app, &[KeyCode::Enter]);
    assert_eq!(app.selected_unit().unwrap().id, "br-92");
}
