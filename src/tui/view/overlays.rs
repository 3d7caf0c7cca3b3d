//! Windows over the panes: help, a unit's details, and "end the phase anyway?".

// Why this file is long: every window over the panes (help, a unit's details, the end-phase
// question, the legends); they split when windows become components that own their state
// and keys (docs/architecture.md, Next).

use crate::game::{
    CommandState, GameState, Morale, SeenUnit, Unit, UnitStatus, Viewer, commands_for,
};
use crate::rules::Ruleset;
use crate::rules::profile::RetreatOwed;
use crate::tui::app::{App, LogLine, Overlay};
use crate::tui::keymap::{self, Action};
use crate::tui::text::{self, hanging, hung};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
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
fn help_window(app: &App, area: Rect) -> (Paragraph<'static>, Rect) {
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

/// The farthest `text` scrolls in a bordered window at `window_area`: its last wrapped
/// line at the bottom.
fn last_start(text: &Paragraph<'_>, window_area: Rect) -> usize {
    let inner_height = usize::from(window_area.height.saturating_sub(2));
    text.line_count(window_area.width.saturating_sub(2))
        .saturating_sub(inner_height)
}

/// The farthest the help or the details drawn over `area` scroll, for the keys to stop
/// there. `None` while neither is open.
pub fn window_last_start(app: &App, area: Rect) -> Option<usize> {
    let (text, window_area) = match app.overlay {
        Overlay::Help => help_window(app, area),
        Overlay::Detail => {
            let (_, text, window_area) = detail_window(app, area)?;
            (text, window_area)
        }
        _ => return None,
    };
    Some(last_start(&text, window_area))
}

/// Rows a page key moves the help, the details or the jump's matches drawn over `area`:
/// the rows shown less one, which stays in view. `None` while none is open.
pub fn window_page(app: &App, area: Rect) -> Option<usize> {
    let window_area = match app.overlay {
        Overlay::Help => help_area(area),
        Overlay::Detail => detail_window(app, area)?.2,
        Overlay::Jump => return Some(jump_window(area, &app.jump).2.saturating_sub(1)),
        _ => return None,
    };
    Some(usize::from(window_area.height.saturating_sub(3)))
}

/// The help window over `area`: as tall as the screen allows.
fn help_area(area: Rect) -> Rect {
    popup(area, 76, area.height)
}

/// The selected unit's id, its details as the viewer may see them, and their window
/// over `area`.
fn detail_window(app: &App, area: Rect) -> Option<(String, Paragraph<'static>, Rect)> {
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
    let kit = unit.one_twenty_five.kit.words();
    if !kit.is_empty() {
        lines.push(field("kit", kit.join(", ")));
    }
    let traits = unit.trait_words();
    if !traits.is_empty() {
        lines.push(field("traits", traits.join(", ")));
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
    now.extend(table_marks(unit));
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
            RetreatOwed::Between { least, most } => format!("MUST RETREAT {least}-{most}\""),
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
    if unit.sound_the_charge.evaded_this_turn {
        now.push("evaded".to_owned());
    }
    if unit.sound_the_charge.dice_fired > 0 {
        now.push(format!(
            "fired {}",
            crate::core::plural::counted(unit.sound_the_charge.dice_fired, "die")
        ));
    }
    if unit.fought_this_turn {
        now.push("fought".to_owned());
    }
    if unit.sound_the_charge.tried_rally {
        now.push("tried to rally".to_owned());
    }
    now.extend(table_marks(&Viewer::Referee.unit(state, unit)));
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

/// The markers a unit carries on the table that any player can see: the same words in
/// the referee's details and in a side's view of the other army.
fn table_marks(unit: &SeenUnit) -> Vec<String> {
    let mut marks = Vec::new();
    if unit.moves_back > 0 {
        marks.push(format!(
            "owes {} back",
            crate::core::plural::counted(unit.moves_back, "move")
        ));
    }
    if unit.guns_abandoned {
        marks.push("gunners away from their guns".to_owned());
    }
    if unit.masse {
        marks.push("in battalion-masse".to_owned());
    }
    if unit.screen > 0 {
        marks.push(format!(
            "skirmish screen of {} out, {} in the unit",
            unit.screen,
            unit.figures - unit.screen
        ));
    }
    if let Some(gun) = unit.regimental_gun {
        marks.push(format!("regimental gun: {gun:?}").to_lowercase());
    }
    if let Some(boat) = unit.boat {
        marks.push(format!("boat: {boat:?}").to_lowercase());
    }
    if let Some(away) = unit.away {
        marks.push(format!("off table: {away:?}").to_lowercase());
    }
    marks
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
                    command.unwrap_or(super::panes::WORDS_WITHHELD),
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
fn jump_window(area: Rect, jump: &crate::tui::jump::Jump) -> (Rect, usize, usize) {
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
