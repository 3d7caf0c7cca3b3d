//! The help window: every key of the main screen as the keymap has it, the command
//! language, what the roster's marks mean and how players reach the table.

use super::window::{last_start, paragraph, popup, up_down, window};
use crate::game::commands_for;
use crate::tui::app::App;
use crate::tui::keymap::{self, Action};
use crate::tui::text::hanging;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// What the roster's letters and the side headings' signs mean.
const ROSTER_MARKS: [(&str, &str); 8] = [
    ("S D G", "shaken, disordered, a general attached"),
    ("line+", "1:25: a skirmish screen out (details: its models)"),
    ("R B", "Charge Moves: routed; owes moves back"),
    ("9/12", "a unit's figures left of those at the start"),
    ("L/R", "loss hits and rout hits taken"),
    ("150/158", "a side's figures now of those at the start"),
    ("3/14⚑7", "units shaken or lost of 14; 7 breaks the army"),
    ("█▇▄", "the side's figures turn by turn (S: the chart)"),
];

pub fn help(frame: &mut Frame, area: Rect, app: &App) {
    let (text, window_area) = help_window(app, area);
    // Scrolled no further than the last wrapped line at the bottom of the window.
    let scroll = app.help_scroll.min(last_start(&text, window_area));
    window(
        frame,
        window_area,
        "Help",
        &format!("{} scroll · Esc closes", up_down(app)),
        app,
        text,
        scroll,
    );
}

/// The help's text and its window over `area`.
pub(super) fn help_window(app: &App, area: Rect) -> (Paragraph<'static>, Rect) {
    let theme = &app.theme;
    // The keys in force, so a referee who moved some sees where they went.
    let mut rows = keymap::rows(&app.keymap);
    if app.read_only() {
        // A watcher's help lists only what a watcher can do.
        rows.retain(|(_, name, _)| Action::named(name).is_none_or(|a| !a.changes_battle()));
    }
    let width = |column: fn(&(String, &str, &str)) -> usize| rows.iter().map(column).max();
    let key_width = width(|row| row.0.chars().count()).unwrap_or(0);
    let name_width = width(|row| row.1.len()).unwrap_or(0);
    let window_area = help_area(area);
    let inner_width = usize::from(window_area.width.saturating_sub(2));
    let mut lines = Vec::new();
    if app.read_only() {
        // First: a player who pressed ? wonders why keys do nothing.
        lines.push(Line::from(Span::styled("Watching", theme.header)));
        lines.push(Line::raw(
            "Read-only: the referee plays, and this screen shows each change within a \
             second. Nothing you press changes the battle.",
        ));
        lines.push(Line::raw(""));
    }
    if !app.table_door.is_empty() {
        // First: the referee opens help to read the passphrase out again.
        lines.push(Line::from(Span::styled("Players over SSH", theme.header)));
        for line in &app.table_door {
            lines.extend(hanging(Vec::new(), line, Style::default(), inner_width));
        }
        let at_table = if app.table_seats.is_empty() {
            "At the table now: nobody yet.".to_owned()
        } else {
            format!("At the table now: {}.", app.table_seats.join(", "))
        };
        lines.extend(hanging(
            Vec::new(),
            &at_table,
            Style::default(),
            inner_width,
        ));
        lines.push(Line::raw(""));
    }
    lines.push(Line::from(Span::styled("Keys", theme.header)));
    for (keys, name, meaning) in rows {
        let head = vec![
            Span::styled(format!("{keys:<key_width$}  "), theme.key),
            Span::styled(format!("{name:<name_width$}  "), theme.hint),
        ];
        lines.extend(hanging(head, meaning, Style::default(), inner_width));
    }
    if !app.read_only()
        && let Some(file) = &app.keymap_file
    {
        lines.push(Line::raw(format!(
            "Change them in {} (see the README)",
            file.display()
        )));
    }
    // Players watching need the marks most.
    lines.push(Line::raw(""));
    lines.push(Line::from(Span::styled("Roster marks", theme.header)));
    for (mark, meaning) in ROSTER_MARKS {
        let head = vec![Span::styled(format!("{mark:<key_width$}  "), theme.key)];
        lines.extend(hanging(head, meaning, Style::default(), inner_width));
    }
    if !app.read_only() {
        lines.push(Line::raw(""));
        lines.push(Line::from(Span::styled(
            "Commands for the : line (also `adjutant do <save> …`)",
            theme.header,
        )));
        for (_, usage, meaning) in commands_for(app.game().state().ruleset()) {
            // A long usage goes on under its first argument.
            let (word, arguments) = usage.split_once(' ').unwrap_or((usage, ""));
            let head = vec![Span::styled(format!("{word} "), theme.key)];
            lines.extend(hanging(head, arguments, theme.key, inner_width));
            let head = vec![Span::raw("    ")];
            lines.extend(hanging(head, meaning, Style::default(), inner_width));
        }
    }
    lines.push(Line::raw(""));
    lines.push(Line::raw(format!("Save: {}", app.save_shown())));
    (paragraph(app, lines), window_area)
}

/// The help window over `area`: as tall as the screen allows.
pub(super) fn help_area(area: Rect) -> Rect {
    popup(area, 76, area.height)
}
