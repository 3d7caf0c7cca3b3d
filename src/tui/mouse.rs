//! Clicks and the wheel on the main screen. They find what is under the pointer in
//! [`view::place`] and the windows' own layouts, which drawing uses too, and then do what
//! the keys do: a click focuses a pane (or a tab's pane) and selects the roster's unit or
//! the checklist's item under it, highlights a form's target or a jump's match (Enter
//! still chooses), and shows the status line's message whole; the wheel moves in the
//! pane under it as Up and Down would. The terminal selects text with
//! Shift (Option on macOS) held, or with the mouse left to it (`--no-mouse`).

use super::app::{App, Overlay};
use super::keys;
use super::view;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Position, Rect};

/// One mouse report on a screen of `area`; whether the screen must be drawn again.
pub fn handle(app: &mut App, event: MouseEvent, area: Rect) -> bool {
    let at = Position::new(event.column, event.row);
    // As a key does: from the roster's rows on screen, to those the click leaves.
    keys::settle_roster(app);
    let changed = match event.kind {
        MouseEventKind::Down(MouseButton::Left) => click(app, area, at),
        MouseEventKind::ScrollUp => wheel(app, area, at, -1),
        MouseEventKind::ScrollDown => wheel(app, area, at, 1),
        _ => false,
    };
    keys::settle_roster(app);
    changed
}

fn click(app: &mut App, area: Rect, at: Position) -> bool {
    match app.overlay {
        Overlay::None => {}
        // As any key does.
        Overlay::Message => {
            app.overlay = app.message_over;
            return true;
        }
        // A click moves a list's highlight, as the arrows do; choosing stays Enter's.
        Overlay::Form => {
            let Some(row) = view::target_at(app, app.placed(area).body, at) else {
                return false;
            };
            app.highlight_target(row);
            return true;
        }
        Overlay::Jump => {
            let Some(index) = view::jump_match_at(app, app.placed(area).body, at) else {
                return false;
            };
            app.jump.chosen = index;
            return true;
        }
        // The windows answer to their keys; a stray click must not choose for them.
        _ => return false,
    }
    let placed = app.placed(area);
    if let Some(pane) = view::tab_at(&placed, app, at.x, at.y) {
        keys::focus(app, pane);
        return true;
    }
    if placed.status.contains(at) && app.said().is_some() {
        app.open_message();
        return true;
    }
    let Some((pane, _)) = placed.pane_at(at.x, at.y) else {
        return false;
    };
    // Found before the focus moves: focusing the checklist shows its selection, which
    // may scroll it.
    let item = view::checklist_item_at(&placed, app, at.x, at.y);
    keys::focus(app, pane);
    if let Some(id) = view::unit_at(&placed, app, at.x, at.y) {
        app.select_unit(&id);
    }
    if let Some(item) = item {
        app.checklist_selected = item;
        app.select_checklists_unit();
    }
    true
}

/// `step` rows down (up if negative) in whatever is under the pointer.
fn wheel(app: &mut App, area: Rect, at: Position, step: isize) -> bool {
    match app.overlay {
        Overlay::None => {
            let placed = app.placed(area);
            let Some((pane, _)) = placed.pane_at(at.x, at.y) else {
                return false;
            };
            keys::focus(app, pane);
            keys::scroll(app, step);
        }
        // Not as Up and Down: in the details those move to the next unit.
        Overlay::Help | Overlay::Detail => keys::scroll_window(app, step),
        // Their lists move with the arrows, whatever the keymap says.
        Overlay::Form | Overlay::Reference => {
            let code = if step < 0 { KeyCode::Up } else { KeyCode::Down };
            keys::handle(app, KeyEvent::new(code, KeyModifiers::NONE));
        }
        _ => return false,
    }
    true
}
