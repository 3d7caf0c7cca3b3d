//! A guided form drawn over the panes: the target list, or the table facts, the dice
//! typed so far, the line it will carry out, and what the dice need and why.

use super::window::{paragraph, popup, window};
use crate::tui::app::App;
use crate::tui::form::{Form, FormKind, Picker, Stage};
use crate::tui::text;
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Block;

pub fn draw(frame: &mut Frame, area: Rect, app: &App) {
    let Some(form) = &app.form else {
        return;
    };
    let (window_area, lines, footer) = laid_out(form, area, app);
    // Rows out of sight, at the facts' end, once the scroll is held within them.
    let hidden = match form.stage {
        Stage::Facts => facts_rows(form, area, app).1,
        Stage::Pick => 0,
    };
    let scroll = form.scroll.min(hidden);
    let below = hidden - scroll;
    let name = app
        .game()
        .state()
        .unit(&form.unit)
        .map_or(String::new(), |u| format!(" {}", u.name));
    let title = format!("{}: {}{name}", form.kind.title(), form.unit);
    window(
        frame,
        window_area,
        &title,
        footer,
        app,
        paragraph(app, lines),
        scroll,
    );
    if below > 0 {
        // As the dice pane does: the last row says what is out of sight, and the key.
        let inner = Block::bordered().inner(window_area);
        let last = Rect {
            y: inner.bottom().saturating_sub(1),
            height: 1,
            ..inner
        };
        let hint = Line::styled(format!("↓ {below} more: PgDn"), app.theme.hint);
        frame.render_widget(ratatui::widgets::Clear, last);
        frame.render_widget(hint.right_aligned(), last);
    }
}

/// A page of the facts' window over `area` (the rows it shows less one) and how far it
/// may scroll (the rows that do not fit), for the keys.
pub fn facts_rows(form: &Form, area: Rect, app: &App) -> (usize, usize) {
    let (window_area, lines, _) = laid_out(form, area, app);
    let inner = Block::bordered().inner(window_area);
    let rows = paragraph(app, lines).line_count(inner.width);
    let shown = usize::from(inner.height);
    (shown.saturating_sub(1).max(1), rows.saturating_sub(shown))
}

/// The form's window in `area`, its lines and its footer, for drawing and the mouse.
fn laid_out<'a>(form: &'a Form, area: Rect, app: &App) -> (Rect, Vec<Line<'a>>, &'static str) {
    let theme = &app.theme;
    let width = area.width.min(64);
    let (lines, footer) = match form.stage {
        Stage::Pick => (pick_lines(form, theme), pick_footer(form)),
        Stage::Facts => (
            fact_lines(form, theme, width.saturating_sub(2)),
            facts_footer(form),
        ),
    };
    let height = super::window::height_for(&paragraph(app, lines.clone()), width).max(8);
    (popup(area, width, height), lines, footer)
}

/// The target listed at `at` in the form's window over `area`: an index into what the
/// picker shows.
pub fn target_at(app: &App, area: Rect, at: Position) -> Option<usize> {
    let form = app.form.as_ref().filter(|f| f.stage == Stage::Pick)?;
    let picker = form.picker.as_ref()?;
    let (window_area, lines, _) = laid_out(form, area, app);
    let inner = Block::bordered().inner(window_area);
    if !inner.contains(at) {
        return None;
    }
    let first = first_listed(picker);
    let listed = picker.shown().len().saturating_sub(first).min(LISTED);
    let first_line = lines.len() - listed;
    let mut top = inner.y;
    for (index, line) in lines.into_iter().enumerate() {
        // Each line as the window wraps it.
        top = top.saturating_add(
            u16::try_from(paragraph(app, vec![line]).line_count(inner.width)).unwrap_or(u16::MAX),
        );
        if at.y < top {
            return index.checked_sub(first_line).map(|row| first + row);
        }
    }
    None
}

/// How many targets the list shows at once.
const LISTED: usize = 10;

/// The first target listed: the list scrolls to keep the highlighted row among the
/// first shown.
fn first_listed(picker: &Picker) -> usize {
    picker.highlighted.saturating_sub(LISTED - 1)
}

/// Each fits a phone's 50 columns.
fn pick_footer(form: &Form) -> &'static str {
    match form.picker.as_ref() {
        Some(p) if p.multiple => "Space ticks · Enter: ticks, else the row · Esc",
        _ if form.may_leave_list() => "Enter picks · Ctrl-u clears · ⇧Tab back · Esc",
        _ => "type to filter · Ctrl-u clears · Enter · Esc",
    }
}

fn facts_footer(form: &Form) -> &'static str {
    match form.kind {
        FormKind::Move => "Enter moves · ⇧Tab charge · : edit · Esc",
        FormKind::Combat => "Enter fights · ⇧Tab units · : edit · Esc",
        FormKind::Shoot => "Enter rolls · ⇧Tab units · : edit · Esc",
        FormKind::Test | FormKind::Rally => "Enter rolls · : edit · Esc",
    }
}

fn pick_lines<'a>(form: &'a Form, theme: &Theme) -> Vec<Line<'a>> {
    let Some(picker) = &form.picker else {
        return Vec::new();
    };
    let what = match form.kind {
        FormKind::Combat => "the enemy it fights",
        FormKind::Move => "the unit it charges",
        _ => "the target",
    };
    let mut lines = vec![
        Line::from(Span::styled(format!("Pick {what}"), theme.header)),
        Line::from(vec![
            Span::styled("/ ", theme.key),
            Span::raw(picker.filter.clone()),
            Span::styled("▏", theme.key),
        ]),
    ];
    let shown = picker.shown();
    // What Enter will take, before it is pressed, and the boxes ticked from it: the row,
    // the ticks and the line never disagree.
    let taken = picker.on_enter();
    match &taken {
        Some(chosen) => {
            let what = match form.kind {
                FormKind::Combat => "vs",
                FormKind::Move => "charges",
                _ => "at",
            };
            lines.push(Line::from(vec![
                Span::styled("Enter: ", theme.hint),
                Span::styled(format!("{what} {}", chosen.join(", ")), theme.key),
            ]));
        }
        None => lines.push(Line::styled(
            "no unit matches: Backspace or Ctrl-u",
            theme.warn,
        )),
    }
    for (i, (id, name)) in shown
        .iter()
        .enumerate()
        .skip(first_listed(picker))
        .take(LISTED)
    {
        let chosen = taken.as_ref().is_some_and(|taken| taken.contains(id));
        let mark = match (picker.multiple, chosen) {
            (true, true) => "[x] ",
            (true, false) => "[ ] ",
            (false, _) => "",
        };
        let pointer = if i == picker.highlighted {
            "▶ "
        } else {
            "  "
        };
        let style = if i == picker.highlighted {
            theme.selected
        } else {
            theme.text
        };
        lines.push(Line::styled(
            format!("{pointer}{mark}{id:<8} {name}"),
            style,
        ));
    }
    lines
}

fn fact_lines<'a>(form: &'a Form, theme: &Theme, width: u16) -> Vec<Line<'a>> {
    let field = |name: &str| Span::styled(format!("{name:<8}"), theme.hint);
    let mut lines = Vec::new();
    let chosen = form
        .picker
        .as_ref()
        .map(|p| p.chosen.join(", "))
        .unwrap_or_default();
    match form.kind {
        FormKind::Shoot => {
            lines.push(Line::from(vec![field("target"), Span::raw(chosen)]));
            let band = |key: &'static str, word: &'static str, on: bool| {
                let style = if on { theme.selected } else { theme.text };
                let mark = if on { "●" } else { "○" };
                Span::styled(format!("{key} {mark} {word}  "), style)
            };
            lines.push(Line::from(vec![
                field("range"),
                band("c", "close", !form.far),
                band("f", "far", form.far),
            ]));
        }
        FormKind::Combat => {
            let vs = if chosen.is_empty() {
                "the units it charged".to_owned()
            } else {
                chosen
            };
            lines.push(Line::from(vec![field("vs"), Span::raw(vs)]));
        }
        FormKind::Move => {
            let formation = form
                .formation
                .map_or("f: keeps its formation".to_owned(), |f| {
                    format!("f: → {}", f.word())
                });
            lines.push(Line::from(vec![field("form"), Span::raw(formation)]));
            if !chosen.is_empty() {
                lines.push(Line::from(vec![field("charges"), Span::raw(chosen)]));
            }
        }
        FormKind::Test | FormKind::Rally => {}
    }
    lines.extend(toggle_lines(form, theme, width));
    lines.push(dice_line(form, theme));
    lines.push(Line::from(vec![
        Span::styled("▶ ", theme.key),
        Span::styled(form.line(), theme.key),
    ]));
    lines.extend(asked_lines(form, theme));
    lines
}

/// The toggles packed into lines of `width`, none split across two.
fn toggle_lines<'a>(form: &Form, theme: &Theme, width: u16) -> Vec<Line<'a>> {
    let mut lines = Vec::new();
    let mut spans: Vec<Span<'a>> = Vec::new();
    let mut used = 0;
    for t in &form.toggles {
        let (mark, style) = if t.on {
            ("[x]", theme.ok)
        } else {
            ("[ ]", theme.text)
        };
        let label = format!(" {}  ", t.label);
        let len = mark.chars().count() + 2 + label.chars().count();
        if used > 0 && used + len > usize::from(width) + 2 {
            lines.push(Line::from(std::mem::take(&mut spans)));
            used = 0;
        }
        used += len;
        spans.push(Span::styled(format!("{mark} "), style));
        spans.push(Span::styled(t.key.to_string(), theme.key));
        spans.push(Span::styled(label, style));
    }
    if !spans.is_empty() {
        lines.push(Line::from(spans));
    }
    lines
}

fn dice_line<'a>(form: &Form, theme: &Theme) -> Line<'a> {
    let wanted = form.dice_wanted();
    let label = Span::styled(format!("{:<8}", "dice"), theme.hint);
    if wanted == 0 {
        return Line::from(vec![label, Span::styled("none to roll", theme.dim)]);
    }
    let mut slots = Vec::new();
    let mut typed = form.faces.iter();
    for (g, count) in form.groups().into_iter().enumerate() {
        if g > 0 {
            slots.push("/".to_owned());
        }
        for _ in 0..count {
            slots.push(typed.next().map_or("_".to_owned(), u8::to_string));
        }
    }
    let hint = if form.faces.is_empty() {
        "  type the faces, or Enter: the app rolls"
    } else {
        ""
    };
    Line::from(vec![
        label,
        Span::styled(slots.join(" "), theme.key),
        Span::styled(hint, theme.dim),
    ])
}

fn asked_lines<'a>(form: &'a Form, theme: &Theme) -> Vec<Line<'a>> {
    let asked = match &form.asked {
        Ok(asked) => asked,
        Err(why) => return vec![Line::styled(format!("✗ {why}"), theme.error)],
    };
    let mut lines = Vec::new();
    for line in &asked.moves {
        lines.push(Line::from(text::emphasised(line, theme.text)));
    }
    for throw in &asked.throws {
        lines.push(Line::styled(throw.headline(), theme.header));
        for reason in &throw.reasons {
            lines.push(Line::from(text::emphasised(
                &format!("  {reason}"),
                theme.dim,
            )));
        }
    }
    lines
}
