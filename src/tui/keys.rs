//! What each key does. The main screen looks the key up in the [`Keymap`](super::keymap)
//! and acts on the [`Action`]; the windows' own keys (Esc, the `:` line's editing) are
//! fixed. Actions that change the battle only ever build a line of the command language
//! for [`App::act`]; the rest move around the screen. On a watcher's screen the former
//! are refused with a word on the status line.

use super::app::{App, Overlay, READ_ONLY, Tone};
use super::form::{FormKind, Stage};
use super::keymap::{Action, Key};
use super::layout::Pane;
use super::reference_view::ReferenceKey;
use super::view;
use crate::game::{CommandState, Formation, Morale, Unit};
use crossterm::event::{KeyCode, KeyEvent};

/// Rows a page key moves before the first frame, when no pane's height is known yet.
const PAGE_UNKNOWN: usize = 10;

pub fn handle(app: &mut App, key: KeyEvent) {
    // From the rows the screen shows, which a resize or a new line of the log may have
    // moved since the last key; and then to those the key leaves, for the next.
    settle_roster(app);
    act(app, key);
    settle_roster(app);
}

/// Keeps the roster's scroll where drawing shows it, so drawing changes nothing.
pub(super) fn settle_roster(app: &mut App) {
    app.roster_offset = view::roster_offset(app);
}

/// A key while a form is open. A phone's window may not hold the whole preview of the
/// facts: a page key moves a page at a time, within it.
fn form(app: &mut App, key: KeyEvent) {
    let paging = matches!(key.code, KeyCode::PageUp | KeyCode::PageDown);
    let Some(form) = app
        .form
        .as_ref()
        .filter(|f| paging && f.stage == Stage::Facts)
    else {
        app.form_key(key);
        return;
    };
    let (page, limit) = view::facts_rows(form, app.placed(app.screen_area).body, app);
    let scroll = form.scroll.min(limit);
    let scroll = if key.code == KeyCode::PageDown {
        scroll.saturating_add(page).min(limit)
    } else {
        scroll.saturating_sub(page)
    };
    if let Some(form) = app.form.as_mut() {
        form.scroll = scroll;
    }
}

fn act(app: &mut App, key: KeyEvent) {
    // Always, the `:` line too: every command is saved already, and a referee who took
    // it for a shell's cancel would type on into the battle.
    if Key::from_event(key) == Key::CTRL_C {
        app.quit();
        return;
    }
    match app.overlay {
        Overlay::Command => command_line(app, key),
        Overlay::Form => form(app, key),
        Overlay::Jump => {
            let page = window_page_rows(app);
            app.jump_key(key, page);
        }
        Overlay::Reference => {
            // Found before the key: only a new filter changes it, and that scrolls to the top.
            let body = app.placed(app.screen_area).body;
            let last = (!body.is_empty())
                .then(|| app.reference.last_start(body, &view::needs_heading(app)));
            if app.reference.handle(key) == ReferenceKey::Close {
                app.overlay = Overlay::None;
            } else if let Some(last) = last {
                app.reference.scroll = app.reference.scroll.min(last);
            }
        }
        Overlay::Help => help(app, key),
        Overlay::Strength => {
            if matches!(key.code, KeyCode::Esc | KeyCode::Enter) {
                app.overlay = Overlay::None;
            } else {
                match app.keymap.action(key) {
                    Some(Action::Quit) => app.quit(),
                    Some(Action::Strength) => app.overlay = Overlay::None,
                    _ => {}
                }
            }
        }
        // Any key, as the window's footer says: q too, which a glance at a message
        // should not turn into leaving the battle.
        Overlay::Message => app.overlay = app.message_over,
        Overlay::ConfirmNext | Overlay::ConfirmRemove => {
            app.answer(matches!(
                key.code,
                KeyCode::Char('y' | 'Y') | KeyCode::Enter
            ));
        }
        Overlay::Detail if matches!(key.code, KeyCode::PageUp | KeyCode::PageDown) => {
            page_window(app, key.code == KeyCode::PageDown);
        }
        Overlay::Detail
            if matches!(key.code, KeyCode::Enter | KeyCode::Esc)
                || app.keymap.action(key) == Some(Action::Open) =>
        {
            app.overlay = Overlay::None;
        }
        // The details follow the selection and every unit key works on them.
        Overlay::Detail | Overlay::None => main(app, key),
    }
}

fn main(app: &mut App, key: KeyEvent) {
    // Unbound keys, control chords among them, do nothing: never a plain key's action.
    let Some(action) = app.keymap.action(key) else {
        return;
    };
    if app.read_only() && action.changes_battle() {
        app.say(READ_ONLY, Tone::Refused);
        return;
    }
    match action {
        Action::Quit => app.quit(),
        Action::Help => {
            app.help_scroll = 0;
            app.overlay = Overlay::Help;
        }
        Action::CommandLine => {
            // The status line's message would otherwise sit over the `:` line's candidates.
            app.message = None;
            let style = app.theme.selected;
            app.command_line.open(style);
            app.overlay = Overlay::Command;
        }
        Action::ClearMessage => app.message = None,
        Action::WholeMessage => app.open_message(),
        Action::NextPane => focus(app, app.focus.cycled(true)),
        Action::PreviousPane => focus(app, app.focus.cycled(false)),
        Action::PaneRoster => focus(app, Pane::Roster),
        Action::PaneChecklist => focus(app, Pane::Checklist),
        Action::PaneDice => focus(app, Pane::Dice),
        Action::PaneLog => focus(app, Pane::Log),
        Action::Up => scroll(app, -1),
        Action::Down => scroll(app, 1),
        Action::PageUp => page(app, false),
        Action::PageDown => page(app, true),
        Action::First => scroll(app, isize::MIN),
        Action::Last => scroll(app, isize::MAX),
        Action::Open => enter(app),
        Action::Jump => app.open_jump(),
        Action::NextSide => app.select_next_side(true),
        Action::PreviousSide => app.select_next_side(false),
        Action::Redo => app.act("redo"),
        Action::Undo => app.act("undo"),
        Action::NextPhase => app.ask_next(),
        Action::Remove => app.ask_remove(None),
        Action::Reference => app.overlay = Overlay::Reference,
        Action::Strength => app.overlay = Overlay::Strength,
        Action::Shoot => app.open_form(FormKind::Shoot),
        Action::Test => app.open_form(FormKind::Test),
        Action::Rally => app.open_form(FormKind::Rally),
        Action::Combat => app.open_form(FormKind::Combat),
        Action::MoveUnit => app.open_form(FormKind::Move),
        Action::Hit => app.act_on_selected(|u| format!("hit {}", u.id)),
        Action::Unhit => app.act_on_selected(|u| format!("unhit {}", u.id)),
        Action::Rout => app.act_on_selected(|u| format!("rout {}", u.id)),
        Action::Unrout => app.act_on_selected(|u| format!("unrout {}", u.id)),
        Action::Shaken => app.act_on_selected(|u| {
            let on = u.morale != Morale::Shaken;
            format!("shaken {} {}", u.id, on_off(on))
        }),
        Action::Disorder => {
            app.act_on_selected(|u| format!("disorder {} {}", u.id, on_off(!u.disordered)));
        }
        Action::Formation => {
            app.act_on_selected(|u| format!("form {} {}", u.id, next_formation(u)));
        }
        Action::Command => app.act_on_selected(|u| {
            let to = match u.command {
                CommandState::In => "out",
                CommandState::Out => "in",
            };
            format!("cmd {} {to}", u.id)
        }),
    }
}

/// A paste (bracketed, so never mistaken for keys): text for the `:` line, one line of
/// it, since a second line would be a second command the referee never saw.
pub fn paste(app: &mut App, text: &str) {
    if app.read_only() {
        app.say(READ_ONLY, Tone::Refused);
        return;
    }
    if app.overlay != Overlay::Command {
        app.say("to paste a command, open the : line first", Tone::Refused);
        return;
    }
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    if let Some(first) = lines.next() {
        app.command_line.insert(first.trim_end());
    }
    if lines.next().is_some() {
        app.say(
            "only the first line of the paste was taken: one command at a time",
            Tone::Refused,
        );
    }
}

fn on_off(on: bool) -> &'static str {
    if on { "on" } else { "off" }
}

/// The formation after the unit's own, among those its arm may take.
fn next_formation(unit: &Unit) -> Formation {
    let allowed: Vec<Formation> = Formation::ALL
        .into_iter()
        .filter(|&f| unit.arm.allows(f))
        .collect();
    let at = allowed
        .iter()
        .position(|&f| f == unit.formation)
        .unwrap_or(0);
    allowed
        .get((at + 1) % allowed.len().max(1))
        .copied()
        .unwrap_or(unit.formation)
}

pub(super) fn focus(app: &mut App, pane: Pane) {
    app.focus = pane;
    if pane != Pane::Roster {
        app.lower_pane = pane;
    }
    if pane == Pane::Checklist {
        app.select_checklists_unit();
    }
}

/// Moves within the focused pane; `isize::MIN`/`MAX` go to the ends.
pub(super) fn scroll(app: &mut App, delta: isize) {
    match app.focus {
        Pane::Roster => match delta {
            isize::MIN => app.select_first_or_last(false),
            isize::MAX => app.select_first_or_last(true),
            _ => app.move_selection(delta),
        },
        Pane::Checklist => {
            let items = app.checklist().open.len() + app.checklist().watch.len();
            let last = items.saturating_sub(1);
            app.checklist_selected = app
                .checklist_selected
                .saturating_add_signed(delta)
                .min(last);
            app.select_checklists_unit();
        }
        // The log counts up from the newest line. Stopped at the oldest screenful before
        // the move too, in case the screen grew since the last key.
        Pane::Log => {
            let area = shown_area(app, Pane::Log);
            let within = |app: &App, wanted: usize| {
                area.map_or(wanted, |area| view::log_scroll_within(app, area, wanted))
            };
            let from = within(app, app.log_scroll);
            app.log_scroll = within(app, from.saturating_add_signed(delta.saturating_neg()));
        }
        Pane::Dice => {
            let last_start = shown_area(app, Pane::Dice)
                .map_or(usize::MAX, |area| view::dice_last_start(app, area));
            app.dice_scroll = app.dice_scroll.by(delta, last_start);
        }
    }
}

/// A page down (or up) in the focused pane: what it shows less one row, which stays in
/// view, so nothing is skipped unseen whatever the pane's height.
fn page(app: &mut App, forward: bool) {
    let rows = shown_area(app, app.focus).map_or(PAGE_UNKNOWN, |area| match app.focus {
        // Units under the header row.
        Pane::Roster => usize::from(area.height).saturating_sub(2),
        Pane::Checklist => view::checklist_page(app, area, forward),
        Pane::Dice => view::dice_page(app, area),
        Pane::Log => usize::from(area.height).saturating_sub(1),
    });
    scroll(app, signed(rows.max(1), forward));
}

/// A page down (or up) in the help or a unit's details, as [`page`] in a pane.
fn page_window(app: &mut App, forward: bool) {
    scroll_window(app, signed(window_page_rows(app), forward));
}

/// Rows a page key moves in the window open, as [`page`] in a pane.
fn window_page_rows(app: &App) -> usize {
    view::window_page(app, app.placed(app.screen_area).body)
        .unwrap_or(PAGE_UNKNOWN)
        .max(1)
}

fn signed(rows: usize, forward: bool) -> isize {
    let rows = isize::try_from(rows).unwrap_or(isize::MAX);
    if forward { rows } else { -rows }
}

/// The area inside `pane` at the terminal's size, if the screen shows it there.
fn shown_area(app: &App, pane: Pane) -> Option<ratatui::layout::Rect> {
    app.placed(app.screen_area).inner(pane)
}

fn enter(app: &mut App) {
    match app.focus {
        Pane::Roster => {
            if app.selected_unit().is_some() {
                app.detail_scroll = 0;
                app.overlay = Overlay::Detail;
            }
        }
        Pane::Checklist => {
            let checklist = app.checklist();
            let item = checklist
                .open
                .iter()
                .chain(&checklist.watch)
                .nth(app.checklist_selected)
                .map(|item| item.subject.clone());
            if let Some(unit) = item {
                app.select_unit(&unit);
                focus(app, Pane::Roster);
            }
        }
        Pane::Dice | Pane::Log => {}
    }
}

/// `step` lines down (up if negative) in the help or a unit's details, for their keys and
/// the wheel alike, stopped at their last screenful at the terminal's size (from where it
/// shows them, in case the screen grew since the last key).
pub(super) fn scroll_window(app: &mut App, step: isize) {
    let last = view::window_last_start(app, app.placed(app.screen_area).body)
        .filter(|_| !app.screen_area.is_empty())
        .unwrap_or(usize::MAX);
    let moved = |scroll: usize| scroll.min(last).saturating_add_signed(step).min(last);
    match app.overlay {
        Overlay::Help => app.help_scroll = moved(app.help_scroll),
        Overlay::Detail => app.detail_scroll = moved(app.detail_scroll),
        _ => {}
    }
}

/// Help scrolls with the keymap's own moves, so a referee who moved them need not
/// remember the old ones here.
fn help(app: &mut App, key: KeyEvent) {
    if matches!(key.code, KeyCode::Esc | KeyCode::Enter) {
        app.overlay = Overlay::None;
        return;
    }
    match app.keymap.action(key) {
        Some(Action::Quit) => app.quit(),
        Some(Action::Help) => app.overlay = Overlay::None,
        Some(Action::Up) => scroll_window(app, -1),
        Some(Action::Down) => scroll_window(app, 1),
        Some(Action::PageUp) => page_window(app, false),
        Some(Action::PageDown) => page_window(app, true),
        Some(Action::First) => app.help_scroll = 0,
        Some(Action::Last) => scroll_window(app, isize::MAX),
        _ => {}
    }
}

fn command_line(app: &mut App, key: KeyEvent) {
    match key.code {
        KeyCode::Esc => {
            app.overlay = Overlay::None;
            app.message = None;
        }
        KeyCode::Enter => {
            app.overlay = Overlay::None;
            let line = app.command_line.take();
            match line.as_str() {
                "" => {}
                "q" | "quit" => app.quit(),
                "help" | "?" => app.overlay = Overlay::Help,
                _ => app.act_typed(&line),
            }
        }
        KeyCode::Up => app.command_line.history_back(),
        KeyCode::Down => app.command_line.history_forward(),
        KeyCode::Tab => {
            let candidates = app.complete_command_line();
            if candidates.is_empty() {
                app.message = None;
            } else {
                app.say(candidates.join("  "), Tone::Info);
            }
        }
        _ => app.command_line.input(key),
    }
}
