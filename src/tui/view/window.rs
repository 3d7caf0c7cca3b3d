//! What every window over the panes shares: a bordered box centred over them, its text
//! wrapped as drawn, a footer in its bottom border, and how far it scrolls and pages.

use crate::tui::app::App;
use crate::tui::keymap::Action;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

/// A window of at most `width` x `height` centred in `area`.
pub(super) fn popup(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}

/// The window's text, wrapped as it will be drawn.
pub(super) fn paragraph<'a>(app: &App, lines: Vec<Line<'a>>) -> Paragraph<'a> {
    Paragraph::new(lines)
        .style(app.theme.text)
        .wrap(Wrap { trim: false })
}

/// Draws `text` in a bordered window at `area`, scrolled down `scroll` lines; `footer`
/// goes in the bottom border, where a cut-off text cannot hide it.
pub(super) fn window(
    frame: &mut Frame,
    area: Rect,
    title: &str,
    footer: &str,
    app: &App,
    text: Paragraph<'_>,
    scroll: usize,
) {
    frame.render_widget(Clear, area);
    let style = app.theme.border_focus;
    let mut block = Block::new()
        .borders(Borders::ALL)
        .border_style(style)
        .title(Span::styled(format!(" {title} "), style));
    if !footer.is_empty() {
        block = block.title_bottom(Span::styled(format!(" {footer} "), app.theme.hint));
    }
    let scroll = u16::try_from(scroll).unwrap_or(u16::MAX);
    frame.render_widget(text.block(block).scroll((scroll, 0)), area);
}

/// Rows a window needs for `text` at most `width` wide, borders included.
pub(super) fn height_for(text: &Paragraph<'_>, width: u16) -> u16 {
    u16::try_from(text.line_count(width.saturating_sub(2)) + 2).unwrap_or(u16::MAX)
}

/// The keys that move up and down, as a footer has room for them: `↑↓` while they are
/// the arrows.
pub(super) fn up_down(app: &App) -> String {
    let first = |action| {
        app.keymap
            .keys(action)
            .first()
            .map_or_else(String::new, ToString::to_string)
    };
    match (first(Action::Up).as_str(), first(Action::Down).as_str()) {
        ("up", "down") => "↑↓".to_owned(),
        (up, down) => format!("{up} {down}").trim().to_owned(),
    }
}

/// The farthest `text` scrolls in a bordered window at `window_area`: its last wrapped
/// line at the bottom.
pub(super) fn last_start(text: &Paragraph<'_>, window_area: Rect) -> usize {
    let inner_height = usize::from(window_area.height.saturating_sub(2));
    text.line_count(window_area.width.saturating_sub(2))
        .saturating_sub(inner_height)
}
