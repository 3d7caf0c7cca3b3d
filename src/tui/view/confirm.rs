//! The small windows: a yes-or-no question ("take this unit out of play?", "end the phase
//! anyway?") and the last message whole.

use super::window::{height_for, paragraph, popup, window};
use crate::tui::app::App;
use crate::tui::text::{self};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// "Take this unit out of play?": removing cannot be taken back but by `undo`.
pub fn confirm_remove(frame: &mut Frame, area: Rect, app: &App) {
    let theme = &app.theme;
    let Some(unit) = app
        .pending_remove
        .as_deref()
        .and_then(|id| app.game().state().unit(id))
    else {
        return;
    };
    let lines = vec![
        Line::from(Span::styled(
            format!(
                "Remove {} {} from play? It counts as eliminated.",
                unit.id, unit.name
            ),
            theme.warn,
        )),
        Line::raw(format!(
            "{} of {} figures left.",
            unit.figures(),
            unit.figures_at_start
        )),
        answer_line(app, "remove it", "keep it"),
    ];
    confirmation(frame, area, app, "Remove", lines);
}

/// A small window asking a yes or no, its answer keys on the last line.
fn confirmation(frame: &mut Frame, area: Rect, app: &App, title: &str, lines: Vec<Line<'_>>) {
    let text = paragraph(app, lines);
    let width = area.width.min(60);
    window(
        frame,
        popup(area, width, height_for(&text, width)),
        title,
        "",
        app,
        text,
        0,
    );
}

fn answer_line<'a>(app: &App, yes: &'a str, no: &'a str) -> Line<'a> {
    let theme = &app.theme;
    Line::from(vec![
        Span::styled("y", theme.key),
        Span::raw(" or "),
        Span::styled("Enter", theme.key),
        Span::raw(format!(": {yes}    ")),
        Span::styled("Esc", theme.key),
        Span::raw(format!(": {no}")),
    ])
}

pub fn confirm_next(frame: &mut Frame, area: Rect, app: &App) {
    let theme = &app.theme;
    let phase = app.game().state().phase();
    let open = &app.checklist().open;
    let mut lines = vec![Line::from(Span::styled(
        format!(
            "End the {phase} phase? {} still open:",
            crate::core::plural::counted(open.len(), "item")
        ),
        theme.warn,
    ))];
    let shown = 6;
    for item in open.iter().take(shown) {
        lines.push(Line::raw(format!("  ! {}", item.describe())));
    }
    if open.len() > shown {
        lines.push(Line::raw(format!("  … and {} more", open.len() - shown)));
    }
    lines.push(answer_line(app, "end it", "stay"));
    confirmation(frame, area, app, "Next phase", lines);
}

/// The last message whole, however long: the status line may have cut it.
pub fn message(frame: &mut Frame, area: Rect, app: &App) {
    let said = app.said().or_else(|| {
        let last = app.last_message.as_ref()?;
        Some((last.text.as_str(), last.tone))
    });
    let line = match said {
        Some((text, tone)) => Line::from(
            [
                vec![super::chrome::tone_mark(app, tone)],
                text::emphasised(text, Style::default()),
            ]
            .concat(),
        ),
        None => Line::styled("No message.", app.theme.hint),
    };
    let text = paragraph(app, vec![line]);
    let width = area.width.min(72);
    window(
        frame,
        popup(area, width, height_for(&text, width)),
        "Last message",
        "any key closes",
        app,
        text,
        0,
    );
}
