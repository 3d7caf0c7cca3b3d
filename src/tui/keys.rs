//! What each key does. Keys that change the battle only ever build a line of the command
//! language for [`App::act`]; the rest move around the screen.

use super::app::{App, Overlay, Pane, Tone};
use super::form::FormKind;
use crate::game::{CommandState, Formation, Morale, Unit};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The keys, for the help screen and the README: (keys, what they do).
pub const KEYS: [(&str, &str); 17] = [
    ("↑ ↓  j k", "move the selection, scroll"),
    ("PgUp PgDn Home End", "a page at a time, to the ends"),
    ("Tab  Shift-Tab  1-4", "next / previous pane, or pane 1-4"),
    ("Enter", "the unit's details (checklist: go to the unit)"),
    ("h  H", "add / take back a loss hit"),
    ("r  R", "add / take back a rout hit"),
    ("s", "shaken on / off"),
    ("d", "disordered on / off"),
    ("f", "next formation"),
    ("c", "in / out of command"),
    ("n", "next phase (asks first if items are open)"),
    ("u  Ctrl-r", "undo / redo"),
    (":", "command line: ↑↓ history, Tab completes"),
    ("?", "this help"),
    ("Esc", "close, clear the message"),
    ("q", "quit (every command is already saved)"),
    ("Ctrl-c", "quit"),
];

const PAGE: isize = 10;

pub fn handle(app: &mut App, key: KeyEvent) {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    if ctrl && key.code == KeyCode::Char('c') {
        if app.overlay == Overlay::Command {
            app.overlay = Overlay::None;
        } else {
            app.quit();
        }
        return;
    }
    match app.overlay {
        Overlay::Command => command_line(app, key),
        Overlay::Form => app.form_key(key),
        Overlay::Help => help(app, key),
        Overlay::ConfirmNext | Overlay::ConfirmRemove => {
            app.answer(matches!(
                key.code,
                KeyCode::Char('y' | 'Y') | KeyCode::Enter
            ));
        }
        Overlay::Detail if matches!(key.code, KeyCode::PageUp | KeyCode::PageDown) => {
            let step: isize = if key.code == KeyCode::PageUp {
                -PAGE
            } else {
                PAGE
            };
            app.detail_scroll = app.detail_scroll.saturating_add_signed(step);
        }
        Overlay::Detail if matches!(key.code, KeyCode::Enter | KeyCode::Esc) => {
            app.overlay = Overlay::None;
        }
        // The details follow the selection and every unit key works on them.
        Overlay::Detail | Overlay::None => main(app, key, ctrl),
    }
}

fn main(app: &mut App, key: KeyEvent, ctrl: bool) {
    // Ctrl-r is redo; other control chords are not ours, and must not act as plain keys.
    if ctrl && key.code != KeyCode::Char('r') {
        return;
    }
    match key.code {
        KeyCode::Char('q') => app.quit(),
        KeyCode::Char('?') => {
            app.help_scroll = 0;
            app.overlay = Overlay::Help;
        }
        KeyCode::Char(':') => {
            // The status line's message would otherwise sit over the `:` line's candidates.
            app.message = None;
            let style = app.theme.selected;
            app.command_line.open(style);
            app.overlay = Overlay::Command;
        }
        KeyCode::Esc => app.message = None,
        KeyCode::Tab => focus(app, app.focus.cycled(true)),
        KeyCode::BackTab => focus(app, app.focus.cycled(false)),
        KeyCode::Char(digit @ '1'..='4') => {
            let index = usize::from(digit as u8 - b'1');
            focus(app, Pane::ALL[index]);
        }
        KeyCode::Up | KeyCode::Char('k') => scroll(app, -1),
        KeyCode::Down | KeyCode::Char('j') => scroll(app, 1),
        KeyCode::PageUp => scroll(app, -PAGE),
        KeyCode::PageDown => scroll(app, PAGE),
        KeyCode::Home | KeyCode::Char('g') => scroll(app, isize::MIN),
        KeyCode::End | KeyCode::Char('G') => scroll(app, isize::MAX),
        KeyCode::Enter => enter(app),
        KeyCode::Char('r') if ctrl => app.act("redo"),
        KeyCode::Char('u') => app.act("undo"),
        KeyCode::Char('n') => app.ask_next(),
        KeyCode::Char('x') => app.ask_remove(None),
        KeyCode::Char('F') => app.open_form(FormKind::Shoot),
        KeyCode::Char('t') => app.open_form(FormKind::Test),
        KeyCode::Char('a') => app.open_form(FormKind::Rally),
        KeyCode::Char('b') => app.open_form(FormKind::Combat),
        KeyCode::Char('m') => app.open_form(FormKind::Move),
        KeyCode::Char('h') => app.act_on_selected(|u| format!("hit {}", u.id)),
        KeyCode::Char('H') => app.act_on_selected(|u| format!("unhit {}", u.id)),
        KeyCode::Char('r') => app.act_on_selected(|u| format!("rout {}", u.id)),
        KeyCode::Char('R') => app.act_on_selected(|u| format!("unrout {}", u.id)),
        KeyCode::Char('s') => app.act_on_selected(|u| {
            let on = u.morale != Morale::Shaken;
            format!("shaken {} {}", u.id, on_off(on))
        }),
        KeyCode::Char('d') => {
            app.act_on_selected(|u| format!("disorder {} {}", u.id, on_off(!u.disordered)));
        }
        KeyCode::Char('f') => {
            app.act_on_selected(|u| format!("form {} {}", u.id, next_formation(u)));
        }
        KeyCode::Char('c') => app.act_on_selected(|u| {
            let to = match u.command {
                CommandState::In => "out",
                CommandState::Out => "in",
            };
            format!("cmd {} {to}", u.id)
        }),
        _ => {}
    }
}

/// A paste (bracketed, so never mistaken for keys): text for the `:` line, one line of
/// it, since a second line would be a second command the referee never saw.
pub fn paste(app: &mut App, text: &str) {
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

fn focus(app: &mut App, pane: Pane) {
    app.focus = pane;
    if pane != Pane::Roster {
        app.lower_pane = pane;
    }
}

/// Moves within the focused pane; `isize::MIN`/`MAX` go to the ends.
fn scroll(app: &mut App, delta: isize) {
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
        }
        // The log counts up from the newest line.
        // Drawing stops it at the oldest screenful.
        Pane::Log => app.log_scroll = app.log_scroll.saturating_add_signed(delta.saturating_neg()),
        Pane::Dice => {}
    }
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

fn help(app: &mut App, key: KeyEvent) {
    match key.code {
        KeyCode::Char('q') => app.quit(),
        KeyCode::Esc | KeyCode::Enter | KeyCode::Char('?') => app.overlay = Overlay::None,
        KeyCode::Up | KeyCode::Char('k') => app.help_scroll = app.help_scroll.saturating_sub(1),
        KeyCode::Down | KeyCode::Char('j') => app.help_scroll += 1,
        KeyCode::PageUp => app.help_scroll = app.help_scroll.saturating_sub(10),
        KeyCode::PageDown => app.help_scroll += 10,
        KeyCode::Home | KeyCode::Char('g') => app.help_scroll = 0,
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
