//! Windows over the panes: help, a unit's details, and "end the phase anyway?".

use crate::game::{COMMANDS, CommandState, Morale, Unit, UnitStatus};
use crate::rules::sound_the_charge::shattered_at;
use crate::tui::app::App;
use crate::tui::keymap::{self, Action, Scope};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

/// A window of at most `width` x `height` centred in `area`.
fn popup(area: Rect, width: u16, height: u16) -> Rect {
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
fn paragraph<'a>(app: &App, lines: Vec<Line<'a>>) -> Paragraph<'a> {
    Paragraph::new(lines)
        .style(app.theme.text)
        .wrap(Wrap { trim: false })
}

/// Draws `text` in a bordered window at `area`, scrolled down `scroll` lines; `footer`
/// goes in the bottom border, where a cut-off text cannot hide it.
fn window(
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
fn height_for(text: &Paragraph<'_>, width: u16) -> u16 {
    u16::try_from(text.line_count(width.saturating_sub(2)) + 2).unwrap_or(u16::MAX)
}

/// The keys that move up and down, as a footer has room for them: `↑↓` while they are
/// the arrows.
fn up_down(app: &App) -> String {
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

pub fn help(frame: &mut Frame, area: Rect, app: &mut App) {
    let theme = &app.theme;
    // The keys in force, so a referee who moved some sees where they went.
    let rows = keymap::rows(&app.keymap);
    let width = |column: fn(&(String, &str, &str)) -> usize| rows.iter().map(column).max();
    let key_width = width(|row| row.0.chars().count()).unwrap_or(0);
    let name_width = width(|row| row.1.len()).unwrap_or(0);
    let mut lines = vec![Line::from(Span::styled("Keys", theme.header))];
    for (keys, name, meaning) in rows {
        lines.push(Line::from(vec![
            Span::styled(format!("{keys:<key_width$}  "), theme.key),
            Span::styled(format!("{name:<name_width$}  "), theme.hint),
            Span::raw(meaning),
        ]));
    }
    if let Some(file) = &app.keymap_file {
        lines.push(Line::raw(format!(
            "Change them in {} (see the README)",
            file.display()
        )));
    }
    lines.push(Line::raw(""));
    lines.push(Line::from(Span::styled(
        "Commands for the : line (also `adjutant do <save> …`)",
        theme.header,
    )));
    for (_, usage, meaning) in COMMANDS {
        lines.push(Line::from(Span::styled(usage, theme.key)));
        lines.push(Line::raw(format!("    {meaning}")));
    }
    lines.push(Line::raw(""));
    lines.push(Line::raw(format!("Save: {}", app.save_path().display())));
    let window_area = popup(area, 76, area.height);
    let text = paragraph(app, lines);
    // Scrolled no further than the last wrapped line at the bottom of the window.
    let inner_height = usize::from(window_area.height.saturating_sub(2));
    let most = text
        .line_count(window_area.width.saturating_sub(2))
        .saturating_sub(inner_height);
    app.help_scroll = app.help_scroll.min(most);
    window(
        frame,
        window_area,
        "Help",
        &format!("{} scroll · Esc closes", up_down(app)),
        app,
        text,
        app.help_scroll,
    );
}

pub fn detail(frame: &mut Frame, area: Rect, app: &App) {
    let Some(unit) = app.selected_unit() else {
        return;
    };
    let text = paragraph(app, detail_lines(app, unit));
    let width = area.width.min(64);
    let unit_keys: Vec<String> = Action::ALL
        .iter()
        .filter(|action| action.scope() == Scope::Unit)
        .filter_map(|&action| app.keymap.keys(action).first().map(ToString::to_string))
        .collect();
    let footer = format!(
        "{} act here · {} unit · Esc",
        unit_keys.join(" "),
        up_down(app)
    );
    window(
        frame,
        popup(area, width, height_for(&text, width)),
        &unit.id,
        &footer,
        app,
        text,
        0,
    );
}

fn detail_lines<'a>(app: &'a App, unit: &'a Unit) -> Vec<Line<'a>> {
    let theme = &app.theme;
    let state = app.game().state();
    let side = state
        .side(&unit.side)
        .map_or(unit.side.as_str(), |s| s.name.as_str());
    let field = |name: &str, value: String| {
        Line::from(vec![
            Span::styled(format!("{name:<10}"), theme.hint),
            Span::raw(value),
        ])
    };
    let figures = unit.figures();
    let threshold = shattered_at(unit.figures_at_start);
    let strength = match unit.status {
        UnitStatus::InPlay => format!(
            "{figures} of {} · shattered at {threshold} or fewer ({} more hits)",
            unit.figures_at_start,
            figures.saturating_sub(threshold)
        ),
        other => format!("{figures} of {} · {}", unit.figures_at_start, other.word()),
    };
    let generals: Vec<&str> = state
        .generals_attached_to(&unit.id)
        .map(|g| g.name.as_str())
        .collect();
    let mut lines = vec![
        Line::from(Span::styled(
            format!("{} · {side}", unit.name),
            theme.header,
        )),
        field(
            "type",
            format!(
                "{} · grade {:?}{}",
                unit.arm.label(),
                unit.grade,
                if unit.elite { " (elite)" } else { "" }
            ),
        ),
        field("figures", strength),
        field(
            "hits",
            format!("{} loss · {} rout", unit.loss_hits, unit.rout_hits),
        ),
        field(
            "morale",
            match unit.morale {
                Morale::Good => "good".to_owned(),
                Morale::Shaken => "SHAKEN".to_owned(),
            } + if unit.disordered {
                " · DISORDERED"
            } else {
                ""
            },
        ),
        field("formation", unit.formation.to_string()),
        field(
            "command",
            match unit.command {
                CommandState::In => "in command".to_owned(),
                CommandState::Out => "OUT of command".to_owned(),
            },
        ),
    ];
    if let Some(guns) = unit.arm.guns() {
        lines.push(field("guns", guns.to_string()));
    }
    if !generals.is_empty() {
        lines.push(field("generals", generals.join(", ")));
    }
    if !unit.note.is_empty() {
        lines.push(field("note", unit.note.clone()));
    }
    lines.extend(recent_commands(app, unit));
    lines
}

/// The last few commands that named the unit.
fn recent_commands<'a>(app: &'a App, unit: &Unit) -> Vec<Line<'a>> {
    let theme = &app.theme;
    let mut recent_lines = Vec::new();
    let recent: Vec<_> = app
        .game()
        .log()
        .iter()
        .filter(|entry| {
            entry
                .command
                .split_whitespace()
                .any(|word| word.eq_ignore_ascii_case(&unit.id))
        })
        .collect();
    if !recent.is_empty() {
        recent_lines.push(Line::from(Span::styled("recent", theme.hint)));
        for entry in recent.iter().rev().take(5).rev() {
            recent_lines.push(Line::raw(format!(
                "  T{} {} {}: {}",
                entry.turn, entry.active, entry.phase, entry.command
            )));
        }
    }
    recent_lines
}

pub fn confirm_next(frame: &mut Frame, area: Rect, app: &App) {
    let theme = &app.theme;
    let phase = app.game().state().phase();
    let open = &app.checklist().open;
    let mut lines = vec![Line::from(Span::styled(
        format!("End the {phase} phase? {} item(s) still open:", open.len()),
        theme.warn,
    ))];
    let shown = 6;
    for item in open.iter().take(shown) {
        lines.push(Line::raw(format!("  ! {}", item.describe())));
    }
    if open.len() > shown {
        lines.push(Line::raw(format!("  … and {} more", open.len() - shown)));
    }
    lines.push(Line::from(vec![
        Span::styled("y", theme.key),
        Span::raw(" or "),
        Span::styled("Enter", theme.key),
        Span::raw(": end it    "),
        Span::styled("Esc", theme.key),
        Span::raw(": stay"),
    ]));
    let text = paragraph(app, lines);
    let width = area.width.min(60);
    window(
        frame,
        popup(area, width, height_for(&text, width)),
        "Next phase",
        "",
        app,
        text,
        0,
    );
}
