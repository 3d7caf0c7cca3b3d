//! The dice pane: the last throw, the most telling first (what came of it, the faces
//! against the score, then every reason), scrolled from its top or its end.

use crate::core::plural::counted;
use crate::core::score::{Modifier, needed_phrase};
use crate::game::{CombatRound, Event, Roll, RollKind, SeenThrow, ToldRoll, ToldRound};
use crate::tui::app::{App, DiceScroll};
use crate::tui::keymap::Action;
use crate::tui::layout::Pane;
use crate::tui::text::{self};
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

pub fn draw(frame: &mut Frame, area: Rect, app: &App) {
    let Some(text) = thrown_text(app) else {
        let theme = &app.theme;
        let text = vec![
            Line::from(Span::styled("No dice rolled yet.", theme.text)),
            Line::from(Span::styled(
                "shoot, test, rally, combat and move show here: the dice, the score needed, \
                 the distance, and why.",
                theme.hint,
            )),
        ];
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    };
    scrolled(frame, area, app, text);
}

/// The first row of the dice pane's last screenful in `area`: as far as it scrolls.
pub fn last_start(app: &App, area: Rect) -> usize {
    thrown_text(app).map_or(0, |text| {
        last_screenful(text.line_count(area.width), usize::from(area.height))
    })
}

/// Rows a page key moves the dice pane in `area` from where it is: the rows of text it
/// shows less one, which stays in view.
pub fn page(app: &App, area: Rect) -> usize {
    thrown_text(app).map_or(1, |text| {
        let window = DiceWindow::at(
            text.line_count(area.width),
            usize::from(area.height),
            app.dice_scroll,
        );
        window.shown.saturating_sub(1).max(1)
    })
}

/// The first row of the last screenful of `rows` in a pane `height` rows tall. Scrolled
/// there, the top row says how many lie above, so one row fewer of text fits.
fn last_screenful(rows: usize, height: usize) -> usize {
    if rows <= height {
        0
    } else if height >= MARKS_BOTH {
        rows + 1 - height
    } else {
        rows - height
    }
}

/// Both marks, "↑ above" and "↓ more", take a row each only in a pane this tall: below
/// it the text keeps its rows.
const MARKS_BOTH: usize = 3;

/// What the dice pane shows of `rows` of text: the rows scrolled past (named on its top
/// row when there is room), the first row shown and how many, and the rows still below
/// (named on its last row).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct DiceWindow {
    above: usize,
    first: usize,
    shown: usize,
    below: usize,
}

impl DiceWindow {
    fn at(rows: usize, height: usize, scroll: DiceScroll) -> DiceWindow {
        let first = scroll.first_row(last_screenful(rows, height));
        let up_mark = usize::from(first > 0 && height >= MARKS_BOTH);
        let room = height - up_mark;
        let (shown, below) = if first + room >= rows || height < 2 {
            (room.min(rows - first), 0)
        } else {
            let shown = room - 1;
            (shown, rows - first - shown)
        };
        DiceWindow {
            above: if up_mark == 1 { first } else { 0 },
            first,
            shown,
            below,
        }
    }
}

/// The dice pane's text, wrapped; `None` before any command threw dice or moved a unit.
fn thrown_text(app: &App) -> Option<Paragraph<'_>> {
    let theme = &app.theme;
    // The last command that threw dice or moved a unit: its rolls, combat rounds and
    // moves, in order, each with its reasons.
    let entry = &app.game().log()[app.throw_shown()?];
    let thrown: Vec<&Event> = entry
        .events
        .iter()
        .filter(|e| e.is_thrown() || matches!(e, Event::HouseValuesUsed { .. }))
        .collect();
    let mut text = Vec::new();
    let state = app.game().state();
    for seen in thrown
        .into_iter()
        .filter_map(|event| app.viewer().throw(state, event))
    {
        let event = match seen {
            SeenThrow::Whole(event) => event,
            SeenThrow::Roll(told) => {
                text.extend(told_roll_lines(told, theme));
                continue;
            }
            SeenThrow::Round(told) => {
                text.extend(told_round_lines(told, theme));
                continue;
            }
            SeenThrow::Move(line) => {
                text.push(Line::from(Span::styled(line, theme.header)));
                continue;
            }
        };
        match event {
            Event::Rolled(roll) => text.extend(roll_lines(roll, theme)),
            Event::Fought(round) => text.extend(round_lines(round, theme)),
            Event::Moved { .. } => {
                let Some((line, why)) = event.told_move() else {
                    continue;
                };
                text.push(Line::from(Span::styled(line, theme.header)));
                text.extend(
                    why.iter()
                        .map(|line| Line::from(text::emphasised(&format!("  {line}"), theme.text))),
                );
            }
            // The house values the result used without a reason of their own.
            Event::HouseValuesUsed { .. } => {
                text.push(Line::from(text::emphasised(
                    &event.describe(state),
                    theme.text,
                )));
            }
            _ => {}
        }
    }
    Some(Paragraph::new(text).wrap(Wrap { trim: true }))
}

/// The dice pane's text from the row its scroll asks for; while rows lie above, the top
/// row says how many, and while more lies below, the last row says how much, and which
/// key scrolls when the pane has no focus.
fn scrolled(frame: &mut Frame, area: Rect, app: &App, text: Paragraph) {
    let rows = text.line_count(area.width);
    let window = DiceWindow::at(rows, usize::from(area.height), app.dice_scroll);
    let to_u16 = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
    let mark = |frame: &mut Frame, row: u16, text: String| {
        let row_area = Rect {
            y: area.y + row,
            height: 1,
            ..area
        };
        frame.render_widget(
            Paragraph::new(Span::styled(text, app.theme.hint))
                .alignment(ratatui::layout::Alignment::Right),
            row_area,
        );
    };
    let above_rows = u16::from(window.above > 0);
    let shown = Rect {
        y: area.y + above_rows,
        height: to_u16(window.shown),
        ..area
    };
    frame.render_widget(text.scroll((to_u16(window.first), 0)), shown);
    if window.above > 0 {
        mark(frame, 0, format!("↑ {} above", window.above));
    }
    if window.below == 0 {
        return;
    }
    let more = format!("↓ {} more", window.below);
    let hint = match app.keymap.keys(Action::PaneDice).first() {
        Some(key) if app.focus != Pane::Dice => format!("{more}: {key} scrolls"),
        _ => more.clone(),
    };
    let hint = if hint.chars().count() <= usize::from(area.width) {
        hint
    } else {
        more
    };
    mark(frame, above_rows + to_u16(window.shown), hint);
}

/// Another side's throw: what came of it and the faces, not the score or its reasons.
fn told_roll_lines<'a>(told: ToldRoll<'a>, theme: &Theme) -> Vec<Line<'a>> {
    vec![
        Line::from(Span::styled(told.title, theme.header)),
        Line::from(Span::styled(format!("→ {}", told.result), theme.text)),
        Line::from(vec![
            Span::styled(format!("{}: ", told.thrower), theme.dim),
            Span::styled(told.faces, theme.text),
        ]),
    ]
}

/// A combat round on a side's screen: each unit's result, then each strike's dice and
/// hits; not the points, which weigh both sides' grades.
fn told_round_lines<'a>(told: ToldRound<'a>, theme: &Theme) -> Vec<Line<'a>> {
    let mut lines = vec![Line::from(vec![
        Span::styled(told.title, theme.header),
        Span::styled(format!(" ({})", told.thrower), theme.dim),
    ])];
    for (unit, result) in told.results {
        lines.push(Line::from(vec![
            Span::styled(format!("→ {unit}: "), theme.text),
            Span::styled(result, theme.text),
        ]));
    }
    for strike in told.strikes {
        lines.push(Line::from(vec![
            Span::styled(format!("{}→{}: ", strike.unit, strike.at), theme.dim),
            Span::styled(
                format!("{}, {}", strike.faces, counted(strike.hits, "hit")),
                theme.text,
            ),
        ]));
    }
    lines
}

/// A combat round, the most telling first: each unit's result, then each strike's dice
/// against its score, then every unit's points with their reasons.
fn round_lines<'a>(round: &'a CombatRound, theme: &Theme) -> Vec<Line<'a>> {
    let mut lines = vec![Line::from(vec![
        Span::styled(round.title(), theme.header),
        Span::styled(format!(" ({})", round.thrower()), theme.dim),
    ])];
    for fighter in &round.fighters {
        lines.push(Line::from(vec![
            Span::styled(format!("→ {}: ", fighter.unit), theme.text),
            Span::styled(
                fighter.result.as_str(),
                if fighter.beaten { theme.warn } else { theme.ok },
            ),
        ]));
    }
    for fighter in &round.fighters {
        for strike in &fighter.strikes {
            let mut spans = vec![Span::styled(
                format!("{}→{}: ", fighter.unit, strike.at),
                theme.dim,
            )];
            spans.extend(face_spans(&strike.dice, strike.needed, theme));
            spans.push(Span::styled(
                format!(
                    " need {}, {}",
                    needed_phrase(strike.needed),
                    counted(strike.hits, "hit")
                ),
                theme.text,
            ));
            lines.push(Line::from(spans));
        }
    }
    for fighter in &round.fighters {
        for strike in &fighter.strikes {
            lines.push(Line::from(Span::styled(
                format!(
                    "{} vs {}: {} ({} {})",
                    fighter.unit,
                    strike.at,
                    counted(strike.points, "point"),
                    strike.base,
                    strike.base_reason
                ),
                theme.text,
            )));
            for modifier in &strike.modifiers {
                lines.push(modifier_line(modifier, theme));
            }
        }
    }
    lines
}

/// The faces with the dice that made it in brackets, so they read without colour too.
fn face_spans<'a>(faces: &[u8], needed: i32, theme: &Theme) -> Vec<Span<'a>> {
    faces
        .iter()
        .map(|&face| {
            if i32::from(face) >= needed {
                Span::styled(format!("[{face}]"), theme.ok)
            } else {
                Span::styled(format!(" {face} "), theme.dim)
            }
        })
        .collect()
}

fn modifier_line<'a>(modifier: &'a Modifier, theme: &Theme) -> Line<'a> {
    let style = match modifier.value {
        1.. => theme.ok,
        0 => theme.dim,
        _ => theme.warn,
    };
    let mut spans = vec![Span::styled(format!("{:+} ", modifier.value), style)];
    spans.extend(text::emphasised(&modifier.reason, theme.text));
    Line::from(spans)
}

/// The most telling first, since the pane may be short: what happened, the dice
/// against the score, then the reasons for the score.
fn roll_lines<'a>(roll: &'a Roll, theme: &Theme) -> Vec<Line<'a>> {
    let good = roll.successes > 0;
    let outcome_style = match roll.kind {
        RollKind::Shooting
        | RollKind::BounceThrough
        | RollKind::RegimentalGun
        | RollKind::AtRegimentalGun => theme.header,
        _ if good => theme.ok,
        _ => theme.warn,
    };
    if let Some(total) = roll.total {
        return total_lines(roll, total, outcome_style, theme);
    }
    let die = roll.die_name().map(|d| format!("{d} ")).unwrap_or_default();
    let mut faces = vec![Span::styled(
        format!("{}: {die}", roll.thrower()),
        theme.dim,
    )];
    faces.extend(face_spans(&roll.dice, roll.first_needed(), theme));
    if let Some(then) = roll.then.as_ref().filter(|t| !t.dice.is_empty()) {
        faces.push(Span::styled(" then", theme.dim));
        faces.extend(face_spans(&then.dice, then.needed, theme));
    }
    faces.push(Span::styled(
        format!(" need {}", roll.needed_words()),
        theme.text,
    ));
    let mut lines = vec![
        Line::from(Span::styled(roll.title(), theme.header)),
        Line::from(Span::styled(format!("→ {}", roll.result), outcome_style)),
        Line::from(faces),
        Line::from(Span::styled(
            format!("{} chart: {}", needed_phrase(roll.chart), roll.chart_reason),
            theme.text,
        )),
    ];
    for modifier in &roll.modifiers {
        lines.push(modifier_line(modifier, theme));
    }
    if !roll.dice_reason.is_empty() {
        lines.push(Line::from(Span::styled(
            roll.dice_reason.as_str(),
            theme.dim,
        )));
    }
    lines
}

/// A roll read as its die plus modifiers (*Old Trousers II*'s fire and initiative): no
/// score to reach, so the sum instead: "d10 7 -1 = 6".
fn total_lines<'a>(
    roll: &'a Roll,
    total: i32,
    outcome_style: Style,
    theme: &Theme,
) -> Vec<Line<'a>> {
    let modifiers: i32 = roll.modifiers.iter().map(|m| m.value).sum();
    let die = roll.die_name().unwrap_or_else(|| "d6".to_owned());
    let mut lines = vec![
        Line::from(Span::styled(roll.title(), theme.header)),
        Line::from(Span::styled(format!("→ {}", roll.result), outcome_style)),
        Line::from(vec![
            Span::styled(format!("{}: ", roll.thrower()), theme.dim),
            Span::styled(
                format!("{die} {} {modifiers:+} = {total}", roll.faces()),
                theme.text,
            ),
        ]),
    ];
    if !roll.chart_reason.is_empty() {
        lines.push(Line::from(Span::styled(
            roll.chart_reason.as_str(),
            theme.text,
        )));
    }
    for modifier in &roll.modifiers {
        lines.push(modifier_line(modifier, theme));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::roll_lines;
    use crate::core::score::Modifier;
    use crate::game::{Roll, RollKind};
    use crate::tui::theme::Theme;

    #[test]
    fn a_roll_read_as_a_total_shows_its_sum_not_a_score_to_reach() {
        let mut roll = Roll::added(
            RollKind::Fire,
            "br-50",
            10,
            7,
            vec![Modifier::new(-1, "firer moved")],
            "12 fire points, row 11-15",
        );
        roll.target = Some("fr-86".to_owned());
        roll.conclude("1 figure");
        let text: Vec<String> = roll_lines(&roll, &Theme::default())
            .iter()
            .map(|line| line.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect();
        assert_eq!(
            text,
            [
                "br-50 fires at fr-86",
                "→ 1 figure",
                "players' dice: d10 7 -1 = 6",
                "12 fire points, row 11-15",
                "-1 firer moved",
            ]
        );
    }
}
