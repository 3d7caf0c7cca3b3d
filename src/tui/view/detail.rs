//! The details window: the selected unit as its viewer may see it (a side's player sees the
//! other army as it stands on the table), what it has done and owes this turn, its needs,
//! and the log entries that tell of it.

use super::window::{height_for, last_start, paragraph, popup, up_down, window};
use crate::game::{CommandState, GameState, Morale, SeenUnit, Unit, UnitStatus};
use crate::rules::Ruleset;
use crate::rules::profile::RetreatOwed;
use crate::tui::app::{App, LogLine};
use crate::tui::keymap::Action;
use crate::tui::text::{hanging, hung};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// The selected unit's id, its details as the viewer may see them, and their window
/// over `area`.
pub(super) fn detail_window(app: &App, area: Rect) -> Option<(String, Paragraph<'static>, Rect)> {
    let width = area.width.min(64);
    let unit = app.selected_unit()?;
    let seen = app.viewer().unit(app.game().state(), unit);
    let lines = match seen.whole.as_deref() {
        Some(whole) => detail_lines(app, whole, usize::from(width.saturating_sub(2))),
        None => table_lines(app, &seen, usize::from(width.saturating_sub(2))),
    };
    let text = paragraph(app, lines);
    let window_area = popup(area, width, height_for(&text, width));
    Some((unit.id.clone(), text, window_area))
}

pub fn detail(frame: &mut Frame, area: Rect, app: &App) {
    let Some((id, text, window_area)) = detail_window(app, area) else {
        return;
    };
    // Scrolled no further than the last line at the bottom of the window.
    let scroll = app.detail_scroll.min(last_start(&text, window_area));
    // The keys that mark the unit; the forms have their own windows.
    // Only the keys whose command the ruleset has (Old Trousers II has no `cmd`).
    let ruleset = app.game().state().ruleset();
    let unit_keys: Vec<String> = [
        (Action::Hit, "hit"),
        (Action::Unhit, "unhit"),
        (Action::Rout, "rout"),
        (Action::Unrout, "unrout"),
        (Action::Shaken, "shaken"),
        (Action::Disorder, "disorder"),
        (Action::Formation, "form"),
        (Action::Command, "cmd"),
    ]
    .iter()
    .filter(|(_, word)| ruleset.offers(word))
    .filter_map(|&(action, _)| app.keymap.keys(action).first().map(ToString::to_string))
    .collect();
    let footer = if app.read_only() {
        format!("{} unit · PgUp PgDn · Esc", up_down(app))
    } else {
        format!(
            "{} act here · {} unit · PgUp PgDn · Esc",
            unit_keys.join(" "),
            up_down(app)
        )
    };
    window(frame, window_area, &id, &footer, app, text, scroll);
}

fn detail_lines(app: &App, unit: &Unit, width: usize) -> Vec<Line<'static>> {
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
    let generals: Vec<&str> = state
        .generals_attached_to(&unit.id)
        .map(|g| g.name.as_str())
        .collect();
    let mut lines = vec![
        Line::from(Span::styled(
            format!("{} · {side}", unit.name),
            theme.header,
        )),
        field("type", type_text(state.ruleset(), unit)),
        field("figures", strength_text(state.ruleset(), unit)),
        field(
            "hits",
            format!("{} loss · {} rout", unit.loss_hits, unit.rout_hits),
        ),
        field("morale", morale_text(unit.morale, unit.disordered)),
        field("formation", unit.formation.to_string()),
    ];
    if state.ruleset().has_command_radius() {
        lines.push(field("command", command_text(state.command_of(unit))));
    }
    if let Some(guns) = unit.guns_now() {
        lines.push(field("guns", guns.to_string()));
    }
    for (heading, words) in unit.descriptions() {
        lines.push(field(heading, words.join(", ")));
    }
    if !generals.is_empty() {
        lines.push(field("generals", generals.join(", ")));
    }
    if !unit.note.is_empty() {
        lines.push(field("note", unit.note.clone()));
    }
    let now = this_turn(state, unit);
    if !now.is_empty() {
        lines.push(field("this turn", now.join(" · ")));
    }
    lines.push(Line::from(Span::styled("needs", theme.hint)));
    for need in crate::game::unit_needs(state, unit) {
        lines.extend(hung(Line::raw(format!("  {need}")), width));
    }
    lines.extend(recent_commands(app, &unit.id, &unit.name, width));
    lines
}

/// Another side's unit, as its player's opponent sees it on the table: its grade, hits by
/// kind and command where its ruleset shows them ([`crate::game::FogRule`]); never its
/// note, needs, or what it owes.
fn table_lines(app: &App, unit: &SeenUnit, width: usize) -> Vec<Line<'static>> {
    let theme = &app.theme;
    let state = app.game().state();
    let side = state.side(unit.side).map_or(unit.side, |s| s.name.as_str());
    let field = |name: &str, value: String| {
        Line::from(vec![
            Span::styled(format!("{name:<10}"), theme.hint),
            Span::raw(value),
        ])
    };
    let figures = match unit.status {
        UnitStatus::InPlay => format!("{} of {}", unit.figures, unit.figures_at_start),
        other => format!(
            "{} of {} · {}",
            unit.figures,
            unit.figures_at_start,
            other.word()
        ),
    };
    let mut lines = vec![
        Line::from(Span::styled(
            format!("{} · {side}", unit.name),
            theme.header,
        )),
        field("type", unit.arm.label()),
        field("figures", figures),
    ];
    // "-": the ruleset grades no unit.
    if let Some(rating) = unit.rating.as_deref().filter(|&rating| rating != "-") {
        lines.push(field("rating", rating.to_owned()));
    }
    if let Some((loss, rout)) = unit.hits_by_kind {
        lines.push(field("hits", format!("{loss} loss · {rout} rout")));
    }
    lines.push(field("morale", morale_text(unit.morale, unit.disordered)));
    lines.push(field("formation", unit.formation.to_string()));
    if let Some(command) = unit
        .command
        .filter(|_| state.ruleset().has_command_radius())
    {
        lines.push(field("command", command_text(command)));
    }
    if let Some(guns) = unit.guns {
        lines.push(field("guns", guns.to_string()));
    }
    if !unit.generals.is_empty() {
        lines.push(field("generals", unit.generals.join(", ")));
    }
    let mut now = Vec::new();
    if !unit.in_contact_with.is_empty() {
        now.push(format!(
            "in contact with {}",
            unit.in_contact_with.join(", ")
        ));
    }
    now.extend(unit.marks());
    if !now.is_empty() {
        lines.push(field("on table", now.join(" · ")));
    }
    lines.extend(recent_commands(app, unit.id, unit.name, width));
    lines
}

/// The arm with its grade where the ruleset grades units, or its troop rating where it
/// rates them.
fn type_text(ruleset: Ruleset, unit: &Unit) -> String {
    match unit.troop_rating() {
        Some(rating) => format!("{} · rated {}", unit.arm.label(), rating),
        None if !ruleset.has_grades() => unit.arm.label(),
        None => format!(
            "{} · grade {:?}{}",
            unit.arm.label(),
            unit.grade,
            if unit.elite { " (elite)" } else { "" }
        ),
    }
}

/// Figures left, and how near the unit is to shattering where the ruleset has it.
fn strength_text(ruleset: Ruleset, unit: &Unit) -> String {
    let figures = unit.figures();
    let start = unit.figures_at_start;
    match (unit.status, ruleset.shattered_at(start)) {
        (UnitStatus::InPlay, Some(threshold)) => format!(
            "{figures} of {start} · shattered at {threshold} or fewer ({} more hits)",
            figures.saturating_sub(threshold)
        ),
        (UnitStatus::InPlay, None) => format!("{figures} of {start} · out at its last figure"),
        (other, _) => format!("{figures} of {start} · {}", other.word()),
    }
}

/// What the unit has done and owes this turn, and its optional-rule states.
fn this_turn(state: &GameState, unit: &Unit) -> Vec<String> {
    let ruleset = state.ruleset();
    let mut now = Vec::new();
    if !unit.in_contact_with.is_empty() {
        now.push(format!(
            "in contact with {}",
            unit.in_contact_with.join(", ")
        ));
    }
    if unit.owes_test {
        now.push("OWES A MORALE TEST".to_owned());
    }
    // 1:25's every retreat is 6-24", the player's choice (R37).
    if let Some(inches) = unit.retreat_owed {
        now.push(match ruleset.retreat() {
            RetreatOwed::Between { least, most } => {
                format!("MUST RETREAT {}-{}\"", least.count(), most.count())
            }
            RetreatOwed::AtLeast => format!("MUST RETREAT {inches}\""),
        });
    }
    match (
        &unit.charge_target,
        unit.charged_this_turn,
        unit.moved_this_turn,
    ) {
        (Some(target), _, _) => now.push(format!("charged {target}")),
        (None, true, _) => now.push("charged".to_owned()),
        (None, false, true) => now.push("moved".to_owned()),
        _ => {}
    }
    now.extend(unit.done_this_turn());
    now.extend(unit.table_marks());
    now
}

fn command_text(command: CommandState) -> String {
    match command {
        CommandState::In => "in command".to_owned(),
        CommandState::Out => "OUT of command".to_owned(),
    }
}

/// A unit's morale as the details window words it, disorder beside it.
fn morale_text(morale: Morale, disordered: bool) -> String {
    let morale = match morale {
        Morale::Good => "good",
        Morale::Shaken => "SHAKEN",
        Morale::Routed => "ROUTED",
    };
    if disordered {
        format!("{morale} · DISORDERED")
    } else {
        morale.to_owned()
    }
}

/// The log entries that name the unit or tell of it, each with what it did: the last
/// eight, oldest first, wrapped to `width` under their words.
fn recent_commands(app: &App, id: &str, name: &str, width: usize) -> Vec<Line<'static>> {
    let theme = &app.theme;
    let names = |text: &str| {
        text.contains(name)
            || text
                .split(|c: char| c.is_whitespace() || c == ',' || c == '=' || c == ':')
                .any(|word| word.eq_ignore_ascii_case(id))
    };
    // The log pane's lines come as a command followed by what it did.
    let mut entries: Vec<Vec<LogLine>> = Vec::new();
    for line in app.log_lines() {
        match line {
            LogLine::Command { .. } => entries.push(vec![line]),
            LogLine::Said(_) => {
                if let Some(entry) = entries.last_mut() {
                    entry.push(line);
                }
            }
        }
    }
    let about: Vec<_> = entries
        .into_iter()
        .filter(|entry| {
            entry.iter().any(|line| match line {
                LogLine::Command { command, .. } => command.is_some_and(names),
                LogLine::Said(said) => names(said),
            })
        })
        .collect();
    let mut lines = Vec::new();
    if !about.is_empty() {
        lines.push(Line::from(Span::styled("log", theme.hint)));
    }
    for entry in about.iter().skip(about.len().saturating_sub(8)) {
        for line in entry {
            lines.extend(match line {
                LogLine::Command { stamp, command, .. } => hanging(
                    vec![Span::styled(format!("  {stamp} "), theme.dim)],
                    command.unwrap_or(super::log::WORDS_WITHHELD),
                    theme.key,
                    width,
                ),
                LogLine::Said(said) => {
                    hanging(vec![Span::raw("    ")], said, Style::default(), width)
                }
            });
        }
    }
    lines
}

/// What the selected unit needs on each chart, over the quick reference.
pub fn needs_heading(app: &App) -> Vec<Line<'static>> {
    // A need is a throw's reasons, which tell another side's grade and state.
    let Some(unit) = app
        .selected_unit()
        .filter(|u| app.viewer().sees_needs(app.game().state(), &u.id))
    else {
        return Vec::new();
    };
    let mut lines = vec![Line::from(Span::styled(
        format!("{} {} needs", unit.id, unit.name),
        app.theme.header,
    ))];
    for need in crate::game::unit_needs(app.game().state(), unit) {
        lines.push(Line::styled(need, app.theme.text));
    }
    lines.push(Line::raw(""));
    lines
}
