//! The quick-reference window: the rule charts of [`crate::reference`], filtered as the
//! referee types. It keeps its own state and draws into whatever area it is given, so the
//! screen can open it over anything.

use crate::reference::{self, Chart};
use crate::rules::Ruleset;
use crate::tui::theme::Theme;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

/// Lines a page key moves. The window's height is not known when a key arrives, and ten
/// lines is less than a phone's screenful, so nothing is skipped unread.
const PAGE: usize = 10;

/// What the filter shows and how far down the charts are scrolled, over the charts of
/// the game's ruleset.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReferenceView {
    pub query: String,
    pub scroll: usize,
    pub ruleset: Ruleset,
}

/// Whether the window stays open after a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReferenceKey {
    Stay,
    Close,
}

impl ReferenceView {
    /// Typing filters, Backspace and Ctrl-u edit the filter, the arrows and page keys
    /// scroll, Esc closes (with a filter too: Esc always closes a window) and forgets
    /// the filter and the scroll, so the window opens again at the top of every chart.
    pub fn handle(&mut self, key: KeyEvent) -> ReferenceKey {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let alt = key.modifiers.contains(KeyModifiers::ALT);
        match key.code {
            KeyCode::Esc => {
                // Esc closes whatever the filter, so the next `/` must not find it there.
                *self = ReferenceView::of(self.ruleset);
                return ReferenceKey::Close;
            }
            KeyCode::Char('u') if ctrl => self.set_query(String::new()),
            // Other chords mean something to the terminal or the screen, not the filter.
            KeyCode::Char(c) if !ctrl && !alt && !c.is_control() => {
                let mut query = std::mem::take(&mut self.query);
                query.push(c);
                self.set_query(query);
            }
            KeyCode::Backspace => {
                let mut query = std::mem::take(&mut self.query);
                query.pop();
                self.set_query(query);
            }
            KeyCode::Up => self.scroll = self.scroll.saturating_sub(1),
            KeyCode::Down => self.scroll = self.scroll.saturating_add(1),
            KeyCode::PageUp => self.scroll = self.scroll.saturating_sub(PAGE),
            KeyCode::PageDown => self.scroll = self.scroll.saturating_add(PAGE),
            KeyCode::Home => self.scroll = 0,
            KeyCode::End => self.scroll = usize::MAX,
            _ => {}
        }
        // How far it may go depends on the window's width, which wraps the lines: the
        // screen stops it with `last_start`.
        ReferenceKey::Stay
    }

    /// The farthest `draw` scrolls at `area` with `heading`, for the keys to stop there, so
    /// that a key pressed after scrolling to the end moves the text at once.
    pub fn last_start(&self, area: Rect, heading: &[Line<'static>]) -> usize {
        // Only the number of lines counts here, not their colours.
        let total = drawn_lines(self, heading, &Theme::default(), area).len();
        most_scroll(total, area)
    }

    /// The window over `ruleset`'s charts.
    pub fn of(ruleset: Ruleset) -> ReferenceView {
        ReferenceView {
            ruleset,
            ..ReferenceView::default()
        }
    }

    /// The charts the filter leaves.
    pub fn charts(&self) -> Vec<&'static Chart> {
        reference::search_in(reference::charts(self.ruleset), &self.query)
    }

    fn set_query(&mut self, query: String) {
        self.query = query;
        self.scroll = 0;
    }
}

/// The chart text under the heading: each chart's title and lines, a blank line between
/// charts, or a word on clearing a filter that matches nothing.
fn body_lines(charts: &[&Chart], query: &str, theme: &Theme) -> Vec<Line<'static>> {
    if charts.is_empty() {
        return vec![
            Line::from(Span::styled(
                format!("No chart matches \"{}\".", query.trim()),
                theme.text,
            )),
            Line::from(vec![
                Span::styled("Ctrl-u", theme.key),
                Span::styled(" clears the filter.", theme.hint),
            ]),
        ];
    }
    let mut lines = Vec::new();
    for (n, chart) in charts.iter().enumerate() {
        if n > 0 {
            lines.push(Line::raw(""));
        }
        lines.push(Line::from(Span::styled(chart.title, theme.header)));
        lines.extend(
            chart
                .text()
                .map(|l| Line::from(Span::styled(l, theme.text))),
        );
    }
    lines
}

/// `heading`, then the charts the filter leaves, as a window at `area` shows them: a line
/// wider than the window wraps under its own text.
fn drawn_lines(
    view: &ReferenceView,
    heading: &[Line<'static>],
    theme: &Theme,
    area: Rect,
) -> Vec<Line<'static>> {
    // Inside the borders.
    let width = usize::from(area.width.saturating_sub(2));
    heading
        .iter()
        .cloned()
        .chain(body_lines(&view.charts(), &view.query, theme))
        .flat_map(|line| crate::tui::text::hung(line, width))
        .collect()
}

/// The farthest the text can scroll in a window at `area`: its last line at the bottom.
fn most_scroll(total: usize, area: Rect) -> usize {
    // Borders take two rows and the filter line one.
    let visible = usize::from(area.height.saturating_sub(3));
    total.saturating_sub(visible)
}

/// Draws the window at `area`: the filter line, then `heading` (what the selected unit
/// needs, from the caller), then the charts matching the filter, scrolled by
/// `view.scroll` but never past the end.
pub fn draw(
    frame: &mut Frame,
    area: Rect,
    theme: &Theme,
    view: &ReferenceView,
    heading: &[Line<'static>],
) {
    frame.render_widget(Clear, area);
    let block = Block::new()
        .borders(Borders::ALL)
        .border_style(theme.border_focus)
        .title(Span::styled(" Quick reference ", theme.border_focus))
        .title_bottom(Span::styled(
            " type to filter · ↑↓ PgUp PgDn · Esc ",
            theme.hint,
        ));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    if inner.height == 0 || inner.width == 0 {
        return;
    }
    let count = crate::core::plural::counted(view.charts().len(), "chart");
    let filter = Line::from(vec![
        Span::styled("/ ", theme.key),
        Span::styled(view.query.clone(), theme.text),
        Span::styled("▏", theme.key),
        Span::styled(format!("  {count}"), theme.dim),
    ]);
    frame.render_widget(Paragraph::new(filter), Rect { height: 1, ..inner });
    let lines = drawn_lines(view, heading, theme, area);
    let scroll = view.scroll.min(most_scroll(lines.len(), area));
    let text = Rect {
        y: inner.y + 1,
        height: inner.height - 1,
        ..inner
    };
    let shown: Vec<Line<'static>> = lines.into_iter().skip(scroll).collect();
    frame.render_widget(Paragraph::new(shown).style(theme.text), text);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// In a window narrow enough to wrap the charts, End reaches their last wrapped
    /// line: the scroll is bounded by the rows drawn, not by the charts' own lines.
    #[test]
    fn end_reaches_the_last_wrapped_line() {
        let theme = Theme::built_in().unwrap();
        let area = Rect::new(0, 0, 30, 12);
        let mut view = ReferenceView::default();
        view.handle(KeyEvent::new(KeyCode::End, KeyModifiers::NONE));
        view.scroll = view.scroll.min(view.last_start(area, &[]));
        let drawn = drawn_lines(&view, &[], &theme, area);
        let own = body_lines(&view.charts(), "", &theme).len();
        assert!(drawn.len() > own, "some lines wrap at 28 columns");
        // 12 rows less the borders and the filter line leave 9.
        assert_eq!(view.scroll, drawn.len() - 9);
    }
}
