//! The roster pane: each side's units with everything the paper roster held, columns
//! dropped right to left as the screen narrows.

// Why this file is long: the roster's columns are one table, each column with its width and
// its place in the order they drop as the screen narrows.

use crate::game::{CommandState, Morale, SeenUnit, Side, SideStrength, Unit, UnitStatus};
use crate::tui::app::App;
use crate::tui::roster_list::{Row, rows};
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{HighlightSpacing, List, ListItem, ListState, Paragraph};

/// A column of the roster, in the order they are given up when space runs short.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Column {
    Id,
    Figures,
    Hits,
    Marks,
    Bar,
    Formation,
    Name,
    Type,
    Grade,
    Command,
    General,
}

/// Always shown, then added while they fit.
const ESSENTIAL: [Column; 4] = [Column::Id, Column::Figures, Column::Hits, Column::Marks];
const OPTIONAL: [Column; 7] = [
    Column::Formation,
    Column::Name,
    Column::Bar,
    Column::Grade,
    Column::Type,
    Column::Command,
    Column::General,
];
/// Screen order.
const ORDER: [Column; 11] = [
    Column::Id,
    Column::Name,
    Column::Type,
    Column::Grade,
    Column::Bar,
    Column::Figures,
    Column::Hits,
    Column::Marks,
    Column::Formation,
    Column::Command,
    Column::General,
];
const BAR_WIDTH: u16 = 6;

impl Column {
    fn header(self) -> &'static str {
        match self {
            Column::Id => "ID",
            Column::Name => "NAME",
            Column::Type => "TYPE",
            Column::Grade => "GR",
            Column::Bar => "",
            Column::Figures => "FIGS",
            Column::Hits => "L/R",
            Column::Marks => "S D G",
            Column::Formation => "FORM",
            Column::Command => "CMD",
            Column::General => "GENERAL",
        }
    }

    fn width(self, id_width: u16) -> u16 {
        match self {
            Column::Id => id_width,
            Column::Name | Column::General => 10,
            Column::Type => 11,
            Column::Grade | Column::Command => 3,
            Column::Bar => BAR_WIDTH,
            Column::Figures | Column::Hits | Column::Formation | Column::Marks => 5,
        }
    }
}

/// The columns that fit `width`, in screen order.
fn columns_for(width: u16, id_width: u16, radius: bool) -> Vec<Column> {
    // The selection marker and the space after each column.
    let cost = |c: Column| c.width(id_width) + 1;
    let mut used: u16 = 2 + ESSENTIAL.iter().map(|&c| cost(c)).sum::<u16>();
    let mut chosen: Vec<Column> = ESSENTIAL.to_vec();
    // A ruleset without command radii has nothing to show in the CMD column.
    for column in OPTIONAL
        .into_iter()
        .filter(|&c| radius || c != Column::Command)
    {
        if used + cost(column) <= width {
            used += cost(column);
            chosen.push(column);
        }
    }
    ORDER.into_iter().filter(|c| chosen.contains(c)).collect()
}

pub fn draw(frame: &mut Frame, area: Rect, app: &App) {
    let game = app.game();
    let state = game.state();
    let theme = &app.theme;
    let units = app.roster_units();
    let id_width = units
        .iter()
        .map(|u| u.id.chars().count())
        .max()
        .unwrap_or(2)
        .clamp(2, 10);
    let id_width = u16::try_from(id_width).unwrap_or(10);
    let columns = columns_for(area.width, id_width, state.ruleset().has_command_radius());
    // The name takes whatever the other columns leave.
    let fixed: u16 = 2 + columns
        .iter()
        .filter(|&&c| c != Column::Name)
        .map(|c| c.width(id_width) + 1)
        .sum::<u16>();
    let name_width = area
        .width
        .saturating_sub(fixed + 1)
        .max(Column::Name.width(id_width));
    let width_of = |c: Column| {
        if c == Column::Name {
            name_width
        } else {
            c.width(id_width)
        }
    };

    // Rows are listed cheaply first; only those on screen are built, so a frame costs the
    // same with 20 units or 450.
    let rows = rows(state, &units);
    let selected_id = app.selected_unit().map(|u| u.id.as_str());
    let selected_row = selected_row(&rows, selected_id);
    let [header_area, list_area] = list_areas(area);
    let header: Vec<Span> = std::iter::once(Span::raw("  "))
        .chain(
            columns
                .iter()
                .map(|&c| Span::raw(pad(c.header(), width_of(c)) + " ")),
        )
        .collect();
    frame.render_widget(
        Paragraph::new(Line::from(header)).style(theme.header),
        header_area,
    );
    let offset = first_shown(app, &rows, selected_row, list_area.height);
    // The list keeps two columns for its selection marker.
    let room = usize::from(area.width).saturating_sub(2);
    let headings = side_headings(&rows, &units, app);
    // Every side's heading in one form, so the armies read alike, even one scrolled off.
    let form = HeadingForm::fitting(&headings, room, theme);
    let items: Vec<ListItem> = rows
        .iter()
        .skip(offset)
        .take(usize::from(list_area.height))
        .map(|row| match *row {
            Row::Heading(side) => headings
                .iter()
                .find(|heading| heading.side.id == side.id)
                .map_or_else(
                    || ListItem::new(""),
                    |heading| ListItem::new(heading.line(form, room, theme)),
                ),
            Row::Unit(unit) => {
                let selected = selected_id == Some(unit.id.as_str());
                let seen = app.viewer().unit(state, unit);
                unit_row(&seen, &columns, &width_of, theme, selected)
            }
        })
        .collect();
    let list = List::new(items)
        .highlight_symbol("▶ ")
        .highlight_spacing(HighlightSpacing::Always);
    let mut list_state = ListState::default().with_selected(selected_row.map(|row| row - offset));
    frame.render_stateful_widget(list, list_area, &mut list_state);
}

/// The heading of every side the roster lists, in its order.
fn side_headings<'a>(rows: &[Row<'a>], units: &[&Unit], app: &'a App) -> Vec<SideHeading<'a>> {
    let active = app.game().state().active();
    rows.iter()
        .filter_map(|row| match *row {
            Row::Heading(side) => Some(side),
            Row::Unit(_) => None,
        })
        .map(|side| {
            let of_side = || units.iter().filter(|u| u.side == side.id);
            SideHeading {
                side,
                active: side.id == active,
                fighting: of_side().filter(|u| u.fighting()).count(),
                units: of_side().count(),
                strength: app.strength_of(&side.id),
            }
        })
        .collect()
}

/// The header line and the list under it, inside the pane's borders.
fn list_areas(area: Rect) -> [Rect; 2] {
    Layout::vertical([Constraint::Length(1), Constraint::Min(0)]).areas(area)
}

/// The unit on row `y` of the roster drawn in `area` (inside its borders), scrolled as
/// drawing scrolls it; `None` for the header, a side's heading or empty rows.
pub fn unit_at(app: &App, area: Rect, y: u16) -> Option<String> {
    let [_, list_area] = list_areas(area);
    let shown_row = usize::from(y.checked_sub(list_area.y)?);
    if shown_row >= usize::from(list_area.height) {
        return None;
    }
    let units = app.roster_units();
    let rows = rows(app.game().state(), &units);
    match rows.get(offset(app, area) + shown_row)? {
        Row::Unit(unit) => Some(unit.id.clone()),
        Row::Heading(_) => None,
    }
}

/// The first row shown in the roster drawn in `area` (inside its borders).
pub fn offset(app: &App, area: Rect) -> usize {
    let [_, list_area] = list_areas(area);
    let units = app.roster_units();
    let rows = rows(app.game().state(), &units);
    let selected = selected_row(&rows, app.selected_unit().map(|u| u.id.as_str()));
    first_shown(app, &rows, selected, list_area.height)
}

/// The row of the unit with id `selected`, if it is listed.
fn selected_row(rows: &[Row], selected: Option<&str>) -> Option<usize> {
    rows.iter()
        .position(|row| matches!(row, Row::Unit(u) if Some(u.id.as_str()) == selected))
}

/// The first of `rows` shown in a list `height` rows tall: where the referee's scrolling
/// left it, moved just enough to show the selected row. Drawing and the mouse both ask
/// here, so a click finds the row drawn.
fn first_shown(app: &App, rows: &[Row], selected: Option<usize>, height: u16) -> usize {
    // The side's first unit brings its heading (and the active marker) along.
    let cap = selected
        .and_then(|row| row.checked_sub(1))
        .filter(|&above| matches!(rows[above], Row::Heading(_)));
    let asked = cap.map_or(app.roster_offset, |cap| app.roster_offset.min(cap));
    visible_offset(asked, selected, rows.len(), usize::from(height))
}

/// The first row shown: the one asked for, moved just enough to keep the selection on
/// screen (as a ratatui list scrolls with one-line items), and never so far down that
/// blank rows show below the last unit while rows above it are hidden.
fn visible_offset(offset: usize, selected: Option<usize>, rows: usize, height: usize) -> usize {
    let offset = offset.min(rows.saturating_sub(height.max(1)));
    match selected {
        Some(row) if row < offset => row,
        Some(row) if height > 0 && row >= offset + height => row + 1 - height,
        _ => offset,
    }
}

/// A side's heading row: how many of its units fight, then its gauge: figures against
/// the start, units shaken or lost against the *Army Morale* threshold (`⚑`; another
/// side's is kept from a player, as its strength comes through `Viewer::strength`), and
/// the figures turn by turn. The richest form that fits is shown.
struct SideHeading<'a> {
    side: &'a Side,
    active: bool,
    fighting: usize,
    units: usize,
    strength: Option<(&'a SideStrength, &'a [u32])>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum HeadingForm {
    Full,
    Medium,
    Short,
}

const SPARK_LEVELS: [char; 9] = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

impl HeadingForm {
    /// The richest form in which every one of `headings` fits `width`.
    fn fitting(headings: &[SideHeading], width: usize, theme: &Theme) -> HeadingForm {
        [HeadingForm::Full, HeadingForm::Medium]
            .into_iter()
            .find(|&form| {
                headings
                    .iter()
                    .all(|heading| spans_width(&heading.spans(form, theme)) <= width)
            })
            .unwrap_or(HeadingForm::Short)
    }
}

impl SideHeading<'_> {
    fn line(&self, form: HeadingForm, width: usize, theme: &Theme) -> Line<'static> {
        let mut spans = self.spans(form, theme);
        if let Some((strength, by_turn)) = self.strength {
            // The latest turns that fit after the rest.
            let room = width.saturating_sub(spans_width(&spans) + 2);
            let shown = &by_turn[by_turn.len().saturating_sub(room)..];
            if !shown.is_empty() {
                spans.push(Span::raw("  "));
                spans.push(Span::styled(
                    sparkline(shown, strength.figures_at_start),
                    theme.bar_full,
                ));
            }
        }
        Line::from(spans)
    }

    fn spans(&self, form: HeadingForm, theme: &Theme) -> Vec<Span<'static>> {
        let (fighting, active) = if form == HeadingForm::Short {
            (format!("{}/{} fighting", self.fighting, self.units), " ◀")
        } else {
            (
                format!("{} of {} fighting", self.fighting, self.units),
                " ◀ active",
            )
        };
        let mut spans = vec![Span::styled(
            format!(
                "{}: {fighting}{}{}",
                self.side.name,
                if self.active { active } else { "" },
                if self.side.broken { " BROKEN" } else { "" }
            ),
            theme.side,
        )];
        let Some((strength, _)) = self.strength else {
            return spans;
        };
        spans.push(Span::raw("  "));
        if form == HeadingForm::Full {
            spans.extend(gauge_bar(strength, theme));
            spans.push(Span::raw(" "));
        }
        let figures = format!("{}/{}", strength.figures, strength.figures_at_start);
        spans.push(Span::styled(
            if form == HeadingForm::Short {
                figures
            } else {
                format!("{figures} fig")
            },
            theme.text,
        ));
        spans.push(Span::raw("  "));
        spans.push(Span::styled(
            morale_text(strength, form),
            morale_style(strength, theme),
        ));
        spans
    }
}

/// "shaken/lost 3 of 14 (breaks at 7)", "shaken/lost 3/14⚑7" or "3/14⚑7".
fn morale_text(strength: &SideStrength, form: HeadingForm) -> String {
    let (shaken_or_lost, units) = (strength.shaken_or_lost, strength.units);
    match (form, strength.breaks_at) {
        (HeadingForm::Full, Some(breaks_at)) => {
            format!("shaken/lost {shaken_or_lost} of {units} (breaks at {breaks_at})")
        }
        (HeadingForm::Full, None) => format!("shaken/lost {shaken_or_lost} of {units}"),
        (HeadingForm::Medium, Some(breaks_at)) => {
            format!("shaken/lost {shaken_or_lost}/{units}⚑{breaks_at}")
        }
        (HeadingForm::Medium, None) => format!("shaken/lost {shaken_or_lost}/{units}"),
        (HeadingForm::Short, Some(breaks_at)) => format!("{shaken_or_lost}/{units}⚑{breaks_at}"),
        (HeadingForm::Short, None) => format!("{shaken_or_lost}/{units} S/L"),
    }
}

/// A warning one unit short of the army's break, an alarm at it.
fn morale_style(strength: &SideStrength, theme: &Theme) -> ratatui::style::Style {
    if strength.at_breaking_point() {
        theme.error
    } else if strength.one_from_breaking() {
        theme.warn
    } else {
        theme.ok
    }
}

/// The army's figures against its start, as the units' bars are drawn.
fn gauge_bar(strength: &SideStrength, theme: &Theme) -> Vec<Span<'static>> {
    const GAUGE_WIDTH: u32 = 8;
    let start = strength.figures_at_start.max(1);
    let figures = strength.figures.min(start);
    // Rounded down, so the first loss shows; an army with figures left keeps a block.
    let full = (figures * GAUGE_WIDTH / start).max(u32::from(figures > 0));
    let full = usize::try_from(full).unwrap_or(0);
    let lost = usize::try_from(GAUGE_WIDTH)
        .unwrap_or(0)
        .saturating_sub(full);
    vec![
        Span::styled("█".repeat(full), theme.bar_full),
        Span::styled("░".repeat(lost), theme.bar_lost),
    ]
}

/// A block a turn, a full block being the army at the start: the same scale for both
/// sides and every turn, so a small loss looks small. Rounded down as the bars are, so
/// the first loss shows; an army with figures left keeps a sliver.
fn sparkline(figures_by_turn: &[u32], figures_at_start: u32) -> String {
    let start = u64::from(figures_at_start.max(1));
    let top = SPARK_LEVELS.len() - 1;
    let levels = u64::try_from(top).unwrap_or(8);
    figures_by_turn
        .iter()
        .map(|&figures| {
            let figures = u64::from(figures).min(start);
            let level = (figures * levels / start).max(u64::from(figures > 0));
            SPARK_LEVELS[usize::try_from(level).unwrap_or(top).min(top)]
        })
        .collect()
}

fn spans_width(spans: &[Span]) -> usize {
    spans.iter().map(Span::width).sum()
}

/// `text` cut or padded to exactly `width` characters.
fn pad(text: &str, width: u16) -> String {
    let width = usize::from(width);
    let count = text.chars().count();
    if count <= width {
        format!("{text}{}", " ".repeat(width - count))
    } else if width == 0 {
        String::new()
    } else {
        let mut cut: String = text.chars().take(width - 1).collect();
        cut.push('…');
        cut
    }
}

/// The selected unit's id and name are lit, not its whole row: the marks and the bar keep
/// their colours, and moving the selection resends two short stretches of the row
/// instead of two whole rows (a phone over SSH feels each byte). What the viewer may not
/// see of the unit (another side's grade, hits by kind, command) is a `?`.
fn unit_row<'a>(
    unit: &SeenUnit,
    columns: &[Column],
    width_of: &dyn Fn(Column) -> u16,
    theme: &Theme,
    selected: bool,
) -> ListItem<'a> {
    let out = !unit.fighting();
    let text = |column: Column, text: &str| Span::raw(pad(text, width_of(column)));
    let mut spans = Vec::new();
    for &column in columns {
        let cell = match column {
            Column::Id => vec![text(column, unit.id)],
            Column::Name => vec![text(
                column,
                &match (unit.status, unit.on_table) {
                    (UnitStatus::InPlay, true) => unit.name.to_owned(),
                    (UnitStatus::InPlay, false) => format!("{} (off table)", unit.name),
                    (status, _) => format!("{} ({})", unit.name, status.word()),
                },
            )],
            Column::Type => vec![text(column, &type_short(unit))],
            Column::Grade => vec![text(column, unit.rating.as_deref().unwrap_or(HIDDEN))],
            Column::Bar => bar(unit, theme, out),
            Column::Figures => vec![text(
                column,
                &format!("{}/{}", unit.figures, unit.figures_at_start),
            )],
            Column::Hits => vec![text(
                column,
                &unit
                    .hits_by_kind
                    .map_or(HIDDEN.to_owned(), |(loss, rout)| format!("{loss}/{rout}")),
            )],
            Column::Marks => marks(unit, theme, out),
            // 1:25's skirmish screen out: the details window gives its models.
            Column::Formation if unit.screen > 0 => {
                vec![text(column, &format!("{}+", unit.formation_short()))]
            }
            Column::Formation => vec![text(column, unit.formation_short())],
            Column::Command => vec![text(
                column,
                match unit.command {
                    Some(CommandState::In) => "in",
                    Some(CommandState::Out) => "OUT",
                    None => HIDDEN,
                },
            )],
            Column::General => vec![text(column, &unit.generals.join(", "))],
        };
        let lit = selected && matches!(column, Column::Id | Column::Name);
        let separator = Span::raw(" ");
        if lit {
            spans.extend(
                cell.into_iter()
                    .map(|span| span.patch_style(theme.selected)),
            );
            spans.push(separator.patch_style(theme.selected));
        } else {
            spans.extend(cell);
            spans.push(separator);
        }
    }
    let style = if out { theme.shattered } else { theme.text };
    ListItem::new(Line::from(spans)).style(style)
}

/// A cell the viewer may not see: another side's grade, hits by kind or command, where its
/// ruleset keeps them ([`crate::game::FogRule`]).
const HIDDEN: &str = "?";

/// Figures left out of the starting strength, as a small bar.
fn bar<'a>(unit: &SeenUnit, theme: &Theme, out: bool) -> Vec<Span<'a>> {
    let width = u64::from(BAR_WIDTH);
    let start = u64::from(unit.figures_at_start.max(1));
    let figures = u64::from(unit.figures);
    // Rounded down, so the first loss shows; but a unit with figures left keeps a block.
    let full = (figures * width / start)
        .min(width)
        .max(u64::from(figures > 0));
    let full = usize::try_from(full).unwrap_or(0);
    let lost = usize::from(BAR_WIDTH) - full;
    let (full_style, lost_style) = if out {
        (theme.shattered, theme.shattered)
    } else {
        (theme.bar_full, theme.bar_lost)
    };
    vec![
        Span::styled("█".repeat(full), full_style),
        Span::styled("░".repeat(lost), lost_style),
    ]
}

/// "S D G": shaken, disordered, a general riding with it; for those out of the fight,
/// their status.
fn marks<'a>(unit: &SeenUnit, theme: &Theme, out: bool) -> Vec<Span<'a>> {
    if out {
        let word = match unit.status {
            UnitStatus::Shattered => "SHT",
            UnitStatus::Eliminated => "ELM",
            UnitStatus::InPlay => "OFF",
        };
        return vec![Span::styled(
            pad(word, Column::Marks.width(0)),
            theme.shattered,
        )];
    }
    let shaken = match unit.morale {
        Morale::Shaken => Span::styled("S", theme.shaken),
        Morale::Routed => Span::styled("R", theme.shaken),
        Morale::Good => Span::raw("·"),
    };
    let disordered = match unit.disorder_letter() {
        Some(letter) => Span::styled(letter.to_string(), theme.disordered),
        None => Span::raw("·"),
    };
    let general = if unit.generals.is_empty() {
        Span::raw("·")
    } else {
        Span::styled("G", theme.side)
    };
    vec![shaken, Span::raw(" "), disordered, Span::raw(" "), general]
}

/// "line inf", "heavy cav", "light h.art": the type in eleven columns.
fn type_short(unit: &SeenUnit) -> String {
    use crate::game::Arm;
    let arm = match unit.arm {
        Arm::Infantry(_) => "inf",
        Arm::Cavalry(_) => "cav",
        Arm::Artillery { horse: true, .. } => "h.art",
        Arm::Artillery { .. } => "art",
    };
    format!("{} {arm}", unit.arm.type_word())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sparkline_is_scaled_to_the_start_and_shows_the_first_loss() {
        // 158 at the start: 158 is full, 157 a step down, 79 half, 1 a sliver, 0 blank.
        assert_eq!(sparkline(&[158, 157, 79, 1, 0], 158), "█▇▄▁ ");
    }
}
