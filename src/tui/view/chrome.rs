//! The frame around the panes: the title line, the tabs, the status line, the `:` line
//! and the message for a terminal too small to use.

use crate::game::{ClockWords, Viewer};
use crate::tui::app::{App, Tone};
use crate::tui::keymap::Action;
use crate::tui::layout::Pane;
use crate::tui::layout::{MIN_HEIGHT, MIN_WIDTH};
use crate::tui::text;
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

pub fn title(frame: &mut Frame, area: Rect, app: &App) {
    let game = app.game();
    let state = game.state();
    let side = state
        .side(state.active())
        .map_or(state.active(), |s| s.name.as_str());
    let of = game
        .scenario()
        .turn_limit
        .map_or_else(String::new, |limit| format!("/{limit}"));
    let (long, short) = if let Some(broken) = state.battle_over() {
        // *Army Morale*: the battle ends there; nothing else on the line matters as much.
        (
            format!(
                " {} · turn {} · BATTLE OVER: the {} army broke",
                game.scenario().title,
                state.turn(),
                broken.name
            ),
            format!(" T{} · OVER: {} broke", state.turn(), broken.name),
        )
    } else {
        (
            format!(
                " {} · turn {}{of} · {side} · {} phase",
                game.scenario().title,
                state.turn(),
                state.phase()
            ),
            format!(" T{}{of} {side} · {}", state.turn(), state.phase()),
        )
    };
    // A watcher must never mistake this screen for the referee's.
    let (long, short) = if app.read_only() {
        // A player's screen says whose it is: phones at a table get passed around.
        let whose = match app.viewer() {
            Viewer::Side(side) => format!(" ({side})"),
            Viewer::Guest => " (guest)".to_owned(),
            Viewer::Referee => String::new(),
        };
        (
            format!(" WATCHING{whose} ·{long}"),
            format!(" WATCHING{whose} ·{short}"),
        )
    } else if app.beside() {
        // A co-referee's keys act on the battle, but through the other referee's laptop.
        (format!(" CO-REFEREE ·{long}"), format!(" CO-REF ·{short}"))
    } else if app.table_seats.is_empty() {
        (long, short)
    } else {
        let seats = app.table_seats.len();
        (format!("{long} · {seats} on SSH"), short)
    };
    let fits = |text: &str| text::columns(text) <= usize::from(area.width);
    let Some(clock) = ClockWords::of(state, (app.now)()) else {
        let text = if fits(&long) { long } else { short };
        frame.render_widget(Paragraph::new(text).style(app.theme.title), area);
        return;
    };
    // The slot's clock goes last. Its pace, which tells whether the game will reach its
    // end, outranks the scenario's title; what is left outranks everything.
    let (text, clock_text) = [
        (&long, &clock.long),
        (&short, &clock.long),
        (&long, &clock.short),
        (&short, &clock.short),
    ]
    .into_iter()
    .find(|(text, clock)| fits(&format!("{text} · {clock}")))
    .unwrap_or((&short, &clock.short));
    let clock_style = if clock.warning {
        app.theme.warn
    } else {
        app.theme.title
    };
    let line = Line::from(vec![
        Span::styled(format!("{text} · "), app.theme.title),
        Span::styled(clock_text.clone(), clock_style),
    ]);
    frame.render_widget(Paragraph::new(line).style(app.theme.title), area);
}

pub fn tabs(frame: &mut Frame, area: Rect, app: &App, panes: &[Pane], current: Pane) {
    let spans: Vec<Span> = tab_labels(app, panes, current)
        .into_iter()
        .flat_map(|(_, spans)| spans)
        .collect();
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

/// The tab under column `x` of a row of tabs starting at `left`.
pub fn tab_at(app: &App, panes: &[Pane], current: Pane, left: u16, x: u16) -> Option<Pane> {
    let mut right = usize::from(left);
    tab_labels(app, panes, current)
        .into_iter()
        .find(|(_, spans)| {
            right += spans.iter().map(Span::width).sum::<usize>();
            usize::from(x) < right
        })
        .map(|(pane, _)| pane)
        .filter(|_| x >= left)
}

/// Each tab's spans, in order, the one shown in brackets.
fn tab_labels(app: &App, panes: &[Pane], current: Pane) -> Vec<(Pane, Vec<Span<'static>>)> {
    let theme = &app.theme;
    panes
        .iter()
        .map(|&pane| {
            // The tab shows the key that brings it up, if the keymap left it one.
            let action = match pane {
                Pane::Roster => Action::PaneRoster,
                Pane::Checklist => Action::PaneChecklist,
                Pane::Dice => Action::PaneDice,
                Pane::Log => Action::PaneLog,
            };
            let label = match app.keymap.keys(action).first() {
                Some(key) => format!(" {key} {} ", pane.title()),
                None => format!(" {} ", pane.title()),
            };
            let spans = if pane == current {
                vec![
                    Span::styled(format!("[{}]", label.trim()), theme.tab_active),
                    Span::raw(" "),
                ]
            } else {
                vec![Span::styled(label, theme.tab)]
            };
            (pane, spans)
        })
        .collect()
}

/// The last message (or the save's path), then whether the game is saved, then the keys
/// to know.
pub fn status(frame: &mut Frame, area: Rect, app: &App) {
    let theme = &app.theme;
    let saved = if app.read_only() {
        // A watcher saves nothing; the title says it is watching.
        Span::raw("")
    } else if app.save_failed {
        Span::styled(" NOT SAVED", theme.error)
    } else if app.awaits_desk() {
        // A co-referee's command counts once the referee's laptop has saved it.
        Span::styled(" … sent", theme.hint)
    } else {
        Span::styled(" ✓ saved", theme.ok)
    };
    let said = app.said();
    let mut right = vec![saved];
    // A message needs the room more than the hints do; Esc clears it.
    if said.is_none() {
        right.extend(hint_spans(app, area.width));
    } else {
        right.push(Span::raw(" "));
    }
    let right_width: u16 = right
        .iter()
        .map(|s| u16::try_from(s.width()).unwrap_or(0))
        .sum();
    let [left, right_area] =
        Layout::horizontal([Constraint::Min(0), Constraint::Length(right_width)]).areas(area);
    let left_lines: Vec<Line> = match said {
        Some((text, tone)) => {
            text::emphasised_rows(text, theme.text, |plain| fitted(plain, left, &pointer(app)))
                .into_iter()
                .enumerate()
                .map(|(row, piece)| {
                    // Later rows hang under the text, clear of the mark.
                    let lead = if row == 0 {
                        tone_mark(app, tone)
                    } else {
                        Span::raw("  ")
                    };
                    let mut spans = vec![lead];
                    spans.extend(piece);
                    Line::from(spans)
                })
                .collect()
        }
        // A watcher wants to know the screen is live more than where the file is.
        None => vec![match app.watching() {
            Some(watching) => {
                Line::from(Span::styled(format!(" {}", watching.updated), theme.hint))
            }
            None => Line::from(Span::styled(
                format!(" {}", save_name(app, left.width)),
                theme.hint,
            )),
        }],
    };
    frame.render_widget(Paragraph::new(left_lines), left);
    frame.render_widget(Paragraph::new(Line::from(right)), right_area);
}

/// The mark before a message: what kind of news it is, readable without colour.
pub(super) fn tone_mark(app: &App, tone: Tone) -> Span<'static> {
    let theme = &app.theme;
    match tone {
        Tone::Info => Span::styled("✓ ", theme.ok),
        Tone::Refused => Span::styled("✗ ", theme.warn),
        Tone::Alarm => Span::styled("! ", theme.error),
    }
}

/// Where the whole of a cut message is: "… w: whole", in the keys in force.
fn pointer(app: &App) -> String {
    match app.keymap.keys(Action::WholeMessage).first() {
        Some(key) => format!("… {key}: whole"),
        None => "…".to_owned(),
    }
}

/// `text` in the rows of `area` after a two-column mark; when it does not fit, the
/// last row ends in `pointer`, so that the referee knows there is more and where.
fn fitted(text: &str, area: Rect, pointer: &str) -> Vec<String> {
    let width = usize::from(area.width).saturating_sub(2);
    let rows = usize::from(area.height).max(1);
    let mut pieces = text::wrap(text, width);
    if pieces.len() <= rows {
        return pieces;
    }
    pieces.truncate(rows);
    if let Some(last) = pieces.last_mut() {
        let keep = width.saturating_sub(text::columns(pointer) + 1);
        let (mut kept, cut) = text::split_at_column(last, keep);
        // Cut between words where there is a space to cut at.
        if !cut.is_empty()
            && let Some((words, _)) = kept.rsplit_once(' ')
        {
            kept = words;
        }
        *last = format!("{} {pointer}", kept.trim_end());
    }
    pieces
}

/// The save as the referee knows it, or just its file name when that won't fit.
fn save_name(app: &App, width: u16) -> String {
    if text::columns(&app.save_label) < usize::from(width) {
        app.save_label.clone()
    } else {
        app.save_name().to_owned()
    }
}

/// "? help  : command  q quit" in the keys in force, shortened on narrow screens; an
/// action with no key has no hint.
fn hint_spans(app: &App, width: u16) -> Vec<Span<'static>> {
    let hints: &[(Action, &str)] = match (width >= 70, app.read_only()) {
        (true, false) => &[
            (Action::Help, "help"),
            (Action::CommandLine, "command"),
            (Action::Quit, "quit"),
        ],
        (true, true) => &[
            (Action::Help, "help"),
            (Action::Reference, "charts"),
            (Action::Quit, "quit"),
        ],
        // A phone's player has no referee beside them to ask how to leave.
        (false, true) => &[(Action::Help, "help"), (Action::Quit, "quit")],
        (false, false) => &[(Action::Help, "help")],
    };
    let theme = &app.theme;
    hints
        .iter()
        .filter_map(|&(action, what)| Some((app.keymap.keys(action).first()?, what)))
        .flat_map(|(key, what)| {
            [
                Span::styled(format!(" {key}"), theme.key),
                Span::styled(format!(" {what}"), theme.hint),
            ]
        })
        .chain(std::iter::once(Span::raw(" ")))
        .collect()
}

/// The `:` line over the status line; Tab's candidates, if any, on the line above it.
pub fn command_line(frame: &mut Frame, area: Rect, app: &App) {
    frame.render_widget(ratatui::widgets::Clear, area);
    if let Some(message) = &app.message
        && area.y > 0
    {
        let above = Rect {
            y: area.y - 1,
            height: 1,
            ..area
        };
        frame.render_widget(ratatui::widgets::Clear, above);
        frame.render_widget(
            Paragraph::new(Span::styled(message.text.clone(), app.theme.hint)),
            above,
        );
    }
    let line = Rect { height: 1, ..area };
    let [prompt, text] =
        Layout::horizontal([Constraint::Length(1), Constraint::Min(0)]).areas(line);
    frame.render_widget(Paragraph::new(Span::styled(":", app.theme.key)), prompt);
    frame.render_widget(app.command_line.widget(), text);
}

pub fn too_small(frame: &mut Frame, area: Rect, theme: &Theme) {
    let text = format!(
        "Terminal too small ({}x{}). Adjutant needs at least {MIN_WIDTH}x{MIN_HEIGHT}.",
        area.width, area.height
    );
    frame.render_widget(
        Paragraph::new(text)
            .style(theme.warn)
            .wrap(Wrap { trim: true }),
        area,
    );
}
