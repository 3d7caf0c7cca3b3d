//! `S`: each army's figures turn by turn, as a line chart over a table of the figures,
//! the same series the after-action report charts.

use super::window::{popup, window};
use crate::game::{FiguresAxis, Viewer, luck, luck_short};
use crate::tui::app::App;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Chart, Dataset, GraphType, Paragraph};
use std::fmt::Write as _;

/// One side's line: its name, its figures at the start, then at the end of each turn and
/// now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Series {
    pub name: String,
    pub figures_at_start: u32,
    pub by_turn: Vec<u32>,
}

impl Series {
    /// The chart's points: the start at turn 0, then each turn's figures at its number.
    fn points(&self) -> Vec<(f64, f64)> {
        std::iter::once(self.figures_at_start)
            .chain(self.by_turn.iter().copied())
            .enumerate()
            .map(|(turn, figures)| (turn_value(turn), f64::from(figures)))
            .collect()
    }
}

/// A turn number on the chart's axis: turns are few, so none is ever rounded.
fn turn_value(turn: usize) -> f64 {
    f64::from(u32::try_from(turn).unwrap_or(u32::MAX))
}

/// Every side's series, in the scenario's order.
pub fn series(app: &App) -> Vec<Series> {
    app.game()
        .state()
        .sides()
        .iter()
        .filter_map(|side| {
            let (now, by_turn) = app.strength_of(&side.id)?;
            Some(Series {
                name: side.name.clone(),
                figures_at_start: now.figures_at_start,
                by_turn: by_turn.to_vec(),
            })
        })
        .collect()
}

/// How each side's line is drawn, and the sample of it the table shows by the side's
/// name: colour tells the lines apart, and without colour the marks still do.
const MARKS: [(Marker, &str); 2] = [(Marker::Braille, "⠒⠒"), (Marker::Dot, "••")];

/// The figures as a table, the latest turns that fit in `width`: a heading of turn
/// numbers, then a row per side, named after a sample of its line.
pub fn table(series: &[Series], marks: &[(Marker, &str)], width: u16) -> Vec<String> {
    const CELL: usize = 5;
    let named: Vec<String> = series
        .iter()
        .zip(marks.iter().cycle())
        .map(|(s, (_, mark))| format!("{mark} {}", s.name.chars().take(12).collect::<String>()))
        .collect();
    let label = named.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    let turns = series.iter().map(|s| s.by_turn.len()).max().unwrap_or(0);
    let room = usize::from(width).saturating_sub(label + 1 + CELL) / CELL;
    let first = turns.saturating_sub(room);
    let heading = (first..turns)
        .map(|i| {
            if i + 1 == turns {
                format!("{:>CELL$}", "now")
            } else {
                format!("{:>CELL$}", format!("t{}", i + 1))
            }
        })
        .collect::<String>();
    let mut lines = vec![format!("{:label$} {:>CELL$}{heading}", "", "start")];
    for (side, name) in series.iter().zip(&named) {
        let mut cells = String::new();
        for figures in &side.by_turn[first.min(side.by_turn.len())..] {
            let _ = write!(cells, "{figures:>CELL$}");
        }
        lines.push(format!(
            "{name:label$} {:>CELL$}{cells}",
            side.figures_at_start
        ));
    }
    lines
}

pub fn draw(frame: &mut Frame, area: Rect, app: &App) {
    let series = series(app);
    // The whole body on a laptop or a phone: every row goes to the chart.
    let window_area = popup(area, 100, 30);
    window(
        frame,
        window_area,
        "Army strength, figures by turn",
        "Esc closes",
        app,
        Paragraph::new(""),
        0,
    );
    let inner = Rect {
        x: window_area.x + 1,
        y: window_area.y + 1,
        width: window_area.width.saturating_sub(2),
        height: window_area.height.saturating_sub(2),
    };
    let mut rows = table(&series, &MARKS, inner.width);
    // The dice's luck is the referee's: a side's view may not see every throw it sums.
    if app.viewer() == Viewer::Referee {
        let lucky = luck(app.game());
        rows.extend(
            lucky
                .iter()
                .filter_map(luck_short)
                .map(|l| format!("luck · {l}")),
        );
    }
    let table_height = u16::try_from(rows.len()).unwrap_or(u16::MAX);
    let [chart_area, table_area] =
        Layout::vertical([Constraint::Min(0), Constraint::Length(table_height)]).areas(inner);
    let theme = &app.theme;
    frame.render_widget(
        Paragraph::new(rows.into_iter().map(Line::from).collect::<Vec<_>>()).style(theme.text),
        table_area,
    );
    // Too low for a chart with its axes: the table says it all.
    if chart_area.height < 5 {
        return;
    }
    let points: Vec<Vec<(f64, f64)>> = series.iter().map(Series::points).collect();
    let styles = [theme.title, theme.warn];
    let datasets = series
        .iter()
        .zip(&points)
        .zip(MARKS.iter().zip(styles).cycle())
        .map(|((_, points), (&(marker, _), style))| {
            Dataset::default()
                .marker(marker)
                .graph_type(GraphType::Line)
                .style(style)
                .data(points)
        })
        .collect();
    let last_turn = points.iter().map(Vec::len).max().unwrap_or(1).max(2) - 1;
    let figures = FiguresAxis::fitting(
        series
            .iter()
            .flat_map(|s| std::iter::once(s.figures_at_start).chain(s.by_turn.iter().copied())),
    );
    let axis_style: Style = theme.dim;
    let chart = Chart::new(datasets)
        .style(theme.text)
        .x_axis(
            Axis::default()
                .style(axis_style)
                .bounds([0.0, turn_value(last_turn)])
                .labels([Span::raw("start"), Span::raw(format!("turn {last_turn}"))]),
        )
        .y_axis(
            Axis::default()
                .style(axis_style)
                .bounds([f64::from(figures.low), f64::from(figures.high)])
                .labels(figures.ticks().map(|tick| Span::raw(tick.to_string()))),
        )
        .legend_position(None);
    frame.render_widget(chart, chart_area);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(name: &str, start: u32, by_turn: &[u32]) -> Series {
        Series {
            name: name.to_owned(),
            figures_at_start: start,
            by_turn: by_turn.to_vec(),
        }
    }

    #[test]
    fn points_start_at_turn_zero_with_every_figure() {
        let s = side("French", 158, &[150, 120]);
        assert_eq!(s.points(), vec![(0.0, 158.0), (1.0, 150.0), (2.0, 120.0)]);
    }

    #[test]
    fn the_table_keeps_the_latest_turns_that_fit() {
        let sides = [
            side("French", 158, &[150, 140, 120, 110]),
            side("Anglo-Allied", 160, &[160, 150, 149, 100]),
        ];
        let marks = [(Marker::Braille, "--"), (Marker::Dot, "..")];
        let wide = table(&sides, &marks, 60);
        assert_eq!(
            wide,
            vec![
                "                start   t1   t2   t3  now",
                "-- French         158  150  140  120  110",
                ".. Anglo-Allied   160  160  150  149  100",
            ]
        );
        // 40 columns: the label, start and three turns.
        let narrow = table(&sides, &marks, 40);
        assert_eq!(narrow[0], "                start   t2   t3  now");
        assert_eq!(narrow[1], "-- French         158  140  120  110");
    }
}
