//! The jump window: what was typed, and the units it matches, the chosen one marked.

use super::window::{popup, window};
use crate::tui::app::App;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

/// The jump window: what was typed, then as many matches as fit, the chosen one marked.
pub fn jump(frame: &mut Frame, area: Rect, app: &App) {
    let theme = &app.theme;
    let jump = &app.jump;
    let (window_area, first, rows) = jump_window(area, jump);
    let mut lines = vec![Line::from(vec![
        Span::styled("› ", theme.key),
        Span::styled(
            crate::core::shown::shown(&jump.query).into_owned(),
            theme.text,
        ),
        Span::styled("▏", theme.hint),
    ])];
    let matches = jump.matches();
    let count = matches.len();
    if count == 0 {
        lines.push(Line::from(Span::styled(
            "no unit has that in its id or name",
            theme.warn,
        )));
    }
    let shown: Vec<_> = matches.enumerate().skip(first).take(rows).collect();
    let id_width = shown
        .iter()
        .map(|(_, c)| c.id.chars().count())
        .max()
        .unwrap_or(0);
    for (at, candidate) in shown {
        let chosen = at == jump.chosen;
        let (mark, style) = if chosen {
            ("▶ ", theme.selected)
        } else {
            ("  ", theme.text)
        };
        lines.push(Line::from(vec![
            Span::styled(mark, theme.key),
            Span::styled(
                format!("{:<id_width$}  {}", candidate.id, candidate.name),
                style,
            ),
        ]));
    }
    // The window's arrows are fixed: a letter is part of what is typed.
    let footer = format!("{count} found · ↑↓ PgUp PgDn Enter selects · Esc");
    let text = Paragraph::new(lines).style(theme.text);
    window(frame, window_area, "Jump to a unit", &footer, app, text, 0);
}

/// The jump window in `area`, the first match it lists and how many rows it has for
/// them, for drawing and the mouse.
pub(super) fn jump_window(area: Rect, jump: &crate::tui::jump::Jump) -> (Rect, usize, usize) {
    // Borders and the typed line, then a row a match (or the word that none does).
    let wanted = jump.matches().len().max(1).saturating_add(3);
    let window_area = popup(area, 60, u16::try_from(wanted).unwrap_or(u16::MAX));
    let rows = usize::from(window_area.height.saturating_sub(3)).max(1);
    // The list scrolls only as far as keeps the chosen match in view.
    let first = jump.chosen.saturating_sub(rows - 1);
    (window_area, first, rows)
}

/// The match listed at `at` in the jump window over `area`, as [`Jump::chosen`] counts.
///
/// [`Jump::chosen`]: crate::tui::jump::Jump::chosen
pub fn jump_match_at(app: &App, area: Rect, at: ratatui::layout::Position) -> Option<usize> {
    let (window_area, first, rows) = jump_window(area, &app.jump);
    let inner = Block::bordered().inner(window_area);
    // Under the typed line.
    let row = usize::from(at.y.checked_sub(inner.y + 1)?);
    (inner.contains(at) && row < rows)
        .then_some(first + row)
        .filter(|&index| index < app.jump.matches().len())
}
