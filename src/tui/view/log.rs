//! The log pane: every command and what it did, the newest at the bottom, scrolled up
//! from it by rows on screen.

use crate::tui::app::{App, LogLine};
use crate::tui::text::{self, wrap};
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

pub fn draw(frame: &mut Frame, area: Rect, app: &App) {
    let theme = &app.theme;
    if area.width == 0 || area.height == 0 {
        return;
    }
    if app.game().log().is_empty() {
        frame.render_widget(
            Paragraph::new(Span::styled(
                "No commands yet. h hits the selected unit, : takes any command, ? lists the keys.",
                theme.hint,
            ))
            .wrap(Wrap { trim: true }),
            area,
        );
        return;
    }
    let (newest_first, scroll) = scrolled_log(app, area, app.log_scroll);
    let visible: Vec<Line> = newest_first
        .into_iter()
        .skip(scroll)
        .take(usize::from(area.height))
        .rev()
        .collect();
    frame.render_widget(Paragraph::new(visible).style(theme.text), area);
}

/// How many rows up from the newest the log pane in `area` shows when `wanted` are asked
/// for: no further than its oldest screenful.
pub fn scroll_within(app: &App, area: Rect, wanted: usize) -> usize {
    scrolled_log(app, area, wanted).1
}

/// The log's rows in `area`, newest first, and `wanted` stopped at the oldest screenful.
/// Wrapped here, not by the Paragraph, so scrolling counts rows on screen; and only from
/// the newest back as far as the pane shows, however long the battle.
fn scrolled_log(app: &App, area: Rect, wanted: usize) -> (Vec<Line<'static>>, usize) {
    let (width, height) = (usize::from(area.width), usize::from(area.height));
    let mut newest_first = Vec::new();
    for line in app.log_lines().rev() {
        newest_first.extend(log_line(line, width, &app.theme).into_iter().rev());
        if newest_first.len() >= wanted.saturating_add(height) {
            break;
        }
    }
    let scroll = wanted.min(newest_first.len().saturating_sub(height));
    (newest_first, scroll)
}

/// In place of a command whose words a side's player may not read (see
/// [`crate::game::Viewer::log`]).
pub const WORDS_WITHHELD: &str = "…";

/// One log line wrapped to `width`: a command after its stamp, or what it did, indented.
fn log_line(line: LogLine, width: usize, theme: &Theme) -> Vec<Line<'static>> {
    match line {
        LogLine::Command { stamp, command, by } => {
            let stamp = format!("{stamp} ");
            let rest = width.saturating_sub(stamp.chars().count()).max(1);
            let mut pieces = wrap(command.unwrap_or(WORDS_WITHHELD), rest).into_iter();
            let first = pieces.next().unwrap_or_default();
            // A hand-edited save's words, shown safe.
            let typed_by = by.map(|by| format!("typed by {}", crate::core::shown::shown(by)));
            std::iter::once(Line::from(vec![
                Span::styled(stamp, theme.hint),
                Span::styled(first, theme.key),
            ]))
            .chain(pieces.map(|p| Line::from(Span::styled(format!("  {p}"), theme.key))))
            .chain(typed_by.iter().flat_map(|typed_by| {
                wrap(typed_by, width.saturating_sub(2).max(1))
                    .into_iter()
                    .map(|p| Line::from(Span::styled(format!("  {p}"), theme.hint)))
            }))
            .collect()
        }
        LogLine::Said(said) => text::emphasised_rows(said, Style::default(), |plain| {
            wrap(plain, width.saturating_sub(2).max(1))
        })
        .into_iter()
        .map(|row| Line::from([vec![Span::raw("  ")], row].concat()))
        .collect(),
    }
}
