//! Drawing the screen from the [`App`]: pure, so tests render it on a `TestBackend`.

mod checklist;
mod chrome;
mod confirm;
mod detail;
mod dice;
mod form;
mod help;
mod jump;
mod log;
mod roster;
mod strength;
mod window;

pub use checklist::page as checklist_page;
pub use detail::needs_heading;
pub use dice::{last_start as dice_last_start, page as dice_page};
pub use log::scroll_within as log_scroll_within;

use super::app::{App, Overlay};
use super::layout::{Arrangement, Pane, Placed};
use detail::detail_window;
pub use form::{facts_rows, target_at};
use help::{help_area, help_window};
pub use jump::jump_match_at;
use jump::jump_window;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::{Block, BorderType, Borders};
use window::last_start;

/// The tab at column `x`, row `y`, if the arrangement has tabs.
pub fn tab_at(placed: &Placed, app: &App, x: u16, y: u16) -> Option<Pane> {
    let (area, panes, current) = placed.tabs?;
    (y == area.y && x < area.right())
        .then(|| chrome::tab_at(app, panes, current, area.x, x))
        .flatten()
}

/// The unit on row `y` of the roster, if the roster is shown there.
pub fn unit_at(placed: &Placed, app: &App, x: u16, y: u16) -> Option<String> {
    match placed.pane_at(x, y)? {
        (Pane::Roster, inner) => roster::unit_at(app, inner, y),
        _ => None,
    }
}

/// The checklist item (an index as the selection counts) on row `y` of the
/// checklist, if it is shown there.
pub fn checklist_item_at(placed: &Placed, app: &App, x: u16, y: u16) -> Option<usize> {
    match placed.pane_at(x, y)? {
        (Pane::Checklist, inner) => checklist::item_at(app, inner, y),
        _ => None,
    }
}

/// The roster's first row shown at the terminal's size: where the referee's scrolling left
/// it, moved just enough to show the selection. Kept at each key, so the next key scrolls
/// from what the screen shows; the roster's own if it is not shown.
pub fn roster_offset(app: &App) -> usize {
    app.placed(app.screen_area)
        .inner(Pane::Roster)
        .map_or(app.roster_offset, |inner| roster::offset(app, inner))
}

/// Draws the screen; it changes nothing, so what a key does never waits on a frame. The
/// game's house rules are in force, so the charts and a unit's dues show the club's numbers.
pub fn draw(frame: &mut Frame, app: &App) {
    app.game()
        .state()
        .with_house_rules(|| draw_in_force(frame, app));
}

/// [`draw`] with the game's house rules in force.
fn draw_in_force(frame: &mut Frame, app: &App) {
    let area = frame.area();
    let placed = app.placed(area);
    if placed.arrangement == Arrangement::TooSmall {
        chrome::too_small(frame, area, &app.theme);
        return;
    }
    let (body, status) = (placed.body, placed.status);
    chrome::title(frame, placed.title, app);
    for &(which, area, borders) in &placed.panes {
        pane(frame, area, app, which, borders);
    }
    if let Some((area, panes, current)) = placed.tabs {
        chrome::tabs(frame, area, app, panes, current);
    }
    chrome::status(frame, status, app);
    match app.overlay {
        Overlay::None => {}
        Overlay::Help => help::help(frame, body, app),
        Overlay::Detail => detail::detail(frame, body, app),
        Overlay::ConfirmNext => confirm::confirm_next(frame, body, app),
        Overlay::ConfirmRemove => confirm::confirm_remove(frame, body, app),
        Overlay::Command => chrome::command_line(frame, status, app),
        Overlay::Form => form::draw(frame, body, app),
        Overlay::Strength => strength::draw(frame, body, app),
        Overlay::Message => {
            if app.message_over == Overlay::Detail {
                detail::detail(frame, body, app);
            }
            confirm::message(frame, body, app);
        }
        Overlay::Jump => jump::jump(frame, body, app),
        Overlay::Reference => {
            let heading = detail::needs_heading(app);
            crate::tui::reference_view::draw(frame, body, &app.theme, &app.reference, &heading);
        }
    }
}

fn pane(frame: &mut Frame, area: Rect, app: &App, which: Pane, borders: Borders) {
    let focused = app.focus == which;
    let theme = &app.theme;
    let mut block = Block::new()
        .borders(borders)
        .border_type(BorderType::Plain)
        .border_style(if focused {
            theme.border_focus
        } else {
            theme.border
        });
    if borders.contains(Borders::TOP) {
        let style = if focused {
            theme.border_focus
        } else {
            theme.header
        };
        block = block.title(ratatui::text::Span::styled(
            format!(" {} ", which.title()),
            style,
        ));
    }
    let inner = block.inner(area);
    frame.render_widget(block, area);
    match which {
        Pane::Roster => roster::draw(frame, inner, app),
        Pane::Checklist => checklist::draw(frame, inner, app),
        Pane::Dice => dice::draw(frame, inner, app),
        Pane::Log => log::draw(frame, inner, app),
    }
}

/// The farthest the help or the details drawn over `area` scroll, for the keys to stop
/// there. `None` while neither is open.
pub fn window_last_start(app: &App, area: Rect) -> Option<usize> {
    let (text, window_area) = match app.overlay {
        Overlay::Help => help_window(app, area),
        Overlay::Detail => {
            let (_, text, window_area) = detail_window(app, area)?;
            (text, window_area)
        }
        _ => return None,
    };
    Some(last_start(&text, window_area))
}

/// Rows a page key moves the help, the details or the jump's matches drawn over `area`:
/// the rows shown less one, which stays in view. `None` while none is open.
pub fn window_page(app: &App, area: Rect) -> Option<usize> {
    let window_area = match app.overlay {
        Overlay::Help => help_area(area),
        Overlay::Detail => detail_window(app, area)?.2,
        Overlay::Jump => return Some(jump_window(area, &app.jump).2.saturating_sub(1)),
        _ => return None,
    };
    Some(usize::from(window_area.height.saturating_sub(3)))
}
