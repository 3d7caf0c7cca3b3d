//! An order of battle as a spreadsheet keeps it. `adjutant scenario import` reads CSV
//! into a scenario; `adjutant scenario export` writes a scenario's units and generals in
//! the same columns, so that export, import and export again give the same file.
//!
//! One row a unit, or a general (`arm` is `general`). The columns are the scenario's own
//! keys ([`Column`]), matched whatever their case and order; a file without a `side`
//! column is one side's, named by the file (`france.csv`). Every bad cell is refused at
//! its line and column with what was expected, all of them at once; then the scenario's
//! own check runs on the cells, so its problems point at the spreadsheet too.

use super::check::{Unread, UnreadUnits};
use super::csv_cells::{self, Cell, Row, without_bom};
use super::spec::{GeneralSpec, HeaderSpec, ScenarioSpec, SideSpec, UnitSpec};
use super::{MAX_GENERALS, MAX_UNITS, is_valid_id};
use crate::read::{FileError, FileErrors};
use crate::rules::Ruleset;
use crate::rules::old_trousers::command::StaffRating;
use crate::rules::sound_the_charge::Nation;
use std::ops::Range;
use toml::Spanned;

mod export;
mod rows;

pub use export::{export, scenario_text};
use rows::{RowCells, word};

/// A column of the order of battle: a key of a `[[unit]]` or a `[[general]]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Column {
    Side,
    Id,
    Name,
    Arm,
    Type,
    Grade,
    Morale,
    Figures,
    Formation,
    Guns,
    Horse,
    Pounds,
    Elite,
    Nation,
    RegimentalGun,
    Kit,
    Traits,
    Commander,
    Attached,
    Echelon,
    Leadership,
    Tactical,
    Order,
}

/// Whose a column is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Of {
    Both,
    Unit,
    General,
}

impl Column {
    /// Every column, in the order export writes them.
    pub const ALL: [Column; 23] = [
        Column::Side,
        Column::Id,
        Column::Name,
        Column::Arm,
        Column::Type,
        Column::Grade,
        Column::Morale,
        Column::Figures,
        Column::Formation,
        Column::Guns,
        Column::Horse,
        Column::Pounds,
        Column::Elite,
        Column::Nation,
        Column::RegimentalGun,
        Column::Kit,
        Column::Traits,
        Column::Commander,
        Column::Attached,
        Column::Echelon,
        Column::Leadership,
        Column::Tactical,
        Column::Order,
    ];

    /// Its name in the header: the scenario's key.
    pub fn name(self) -> &'static str {
        match self {
            Column::Side => "side",
            Column::Id => "id",
            Column::Name => "name",
            Column::Arm => "arm",
            Column::Type => "type",
            Column::Grade => "grade",
            Column::Morale => "morale",
            Column::Figures => "figures",
            Column::Formation => "formation",
            Column::Guns => "guns",
            Column::Horse => "horse",
            Column::Pounds => "pounds",
            Column::Elite => "elite",
            Column::Nation => "nation",
            Column::RegimentalGun => "regimental_gun",
            Column::Kit => "kit",
            Column::Traits => "traits",
            Column::Commander => "commander",
            Column::Attached => "attached",
            Column::Echelon => "echelon",
            Column::Leadership => "leadership",
            Column::Tactical => "tactical",
            Column::Order => "order",
        }
    }

    fn of(self) -> Of {
        match self {
            Column::Side | Column::Id | Column::Name | Column::Arm => Of::Both,
            Column::Attached
            | Column::Echelon
            | Column::Leadership
            | Column::Tactical
            | Column::Order => Of::General,
            _ => Of::Unit,
        }
    }

    /// The column a header cell names: any case, spaces or dashes for underscores.
    fn named(header: &str) -> Option<Column> {
        let key = header.trim().to_ascii_lowercase().replace([' ', '-'], "_");
        Column::ALL.into_iter().find(|c| c.name() == key)
    }
}

/// The columns a unit's row must fill.
const UNIT_NEEDS: [Column; 5] = [
    Column::Id,
    Column::Name,
    Column::Arm,
    Column::Type,
    Column::Figures,
];

/// One CSV file of the order of battle.
#[derive(Debug, Clone, Copy)]
pub struct CsvFile<'a> {
    /// Its name in refusals, and its side's id when it has no `side` column.
    pub name: &'a str,
    /// Its side's id when it has no `side` column: the file's name without `.csv`.
    pub stem: &'a str,
    pub text: &'a str,
}

/// The files one after another, each from a line of its own, so that a span in the
/// whole points at one file's line.
struct Sources<'a> {
    whole: String,
    /// Each file, the byte and the line of the whole it starts at.
    starts: Vec<(&'a str, usize, usize)>,
}

impl<'a> Sources<'a> {
    fn of(files: &[CsvFile<'a>]) -> Sources<'a> {
        let mut whole = String::new();
        let mut starts = Vec::new();
        for file in files {
            let line = whole.matches('\n').count() + 1;
            starts.push((file.name, whole.len(), line));
            whole.push_str(without_bom(file.text));
            if !whole.ends_with('\n') {
                whole.push('\n');
            }
        }
        Sources { whole, starts }
    }

    /// A problem at `span` of the whole (placed in its file by [`Sources::listed`]).
    fn at(&self, span: &Range<usize>, message: impl Into<String>) -> FileError {
        FileError::at("", &self.whole, span, message)
    }

    /// A problem of the file starting at byte `start` of the whole, as a whole.
    fn of_file(&self, start: usize, message: impl Into<String>) -> FileError {
        FileError {
            column: 0,
            ..self.at(&(start..start), message)
        }
    }

    /// `errors`, found in the whole, in the order of the files and each told in its own.
    fn listed(&self, mut errors: Vec<FileError>) -> FileErrors {
        errors.sort_by_key(|e| (e.line, e.column));
        let placed = errors.into_iter().map(|e| self.placed(e)).collect();
        FileErrors::listed(placed).expect("some problem")
    }

    /// `error`, found in the whole, told in the file it is in.
    fn placed(&self, error: FileError) -> FileError {
        let (name, _, first_line) = self
            .starts
            .iter()
            .rev()
            .find(|(_, _, line)| *line <= error.line.max(1))
            .copied()
            .unwrap_or(("", 0, 1));
        FileError {
            file: name.to_owned(),
            line: if error.line == 0 {
                0
            } else {
                error.line + 1 - first_line
            },
            ..error
        }
    }
}

/// What the rows of every file make, and what was wrong in them.
#[derive(Default)]
struct Read {
    units: Vec<UnitSpec>,
    generals: Vec<GeneralSpec>,
    /// Each side's id, in the order first named, with the cell that first named it.
    sides: Vec<Spanned<String>>,
    errors: Vec<FileError>,
    /// The units of the rows refused.
    unread: UnreadUnits,
}

/// A scenario of `ruleset` from the order of battle in `files`, titled `title`; every
/// problem, in the files' terms, if it cannot be one.
pub fn import(
    files: &[CsvFile<'_>],
    ruleset: Ruleset,
    title: &str,
) -> Result<ScenarioSpec, FileErrors> {
    let sources = Sources::of(files);
    let mut read = Read::default();
    for (file, &(_, start, _)) in files.iter().zip(&sources.starts) {
        read_file(file, start, &sources, &mut read);
    }
    check_sides(&sources, &mut read);
    if read.sides.len() != 2 {
        return Err(sources.listed(read.errors));
    }
    let first = read.sides[0].clone();
    let spec = ScenarioSpec {
        scenario: HeaderSpec {
            title: title.to_owned(),
            description: None,
            ruleset: Spanned::new(0..0, ruleset),
            first,
            turns: None,
            briefing: None,
            victory: None,
            slot: None,
            optional_rules: Vec::new(),
            campaign: None,
        },
        house_rules: super::HouseRulesSpec::new(),
        side: read.sides.iter().map(|id| side_of(id, ruleset)).collect(),
        unit: read.units,
        general: read.generals,
        carry_over: None,
    };
    // The scenario's own check, on the rows that read: its problems point at the cells,
    // and it leaves out what the rows refused above would cause.
    let unread = Unread {
        errors: read.errors,
        units: read.unread,
    };
    match spec.check_after("", &sources.whole, unread) {
        Ok(_) => Ok(spec),
        Err(errors) => Err(sources.listed(errors.all().to_vec())),
    }
}

/// The side an id names: its nation when the id is one (`france`); under a ruleset that
/// rates an army's staff, a competent one, the middle of the scale, which
/// [`scenario_text`] says is the referee's to change.
fn side_of(id: &Spanned<String>, ruleset: Ruleset) -> SideSpec {
    let mut name: String = id.get_ref().clone();
    if let Some(first) = name.get(..1) {
        name.replace_range(..1, &first.to_ascii_uppercase());
    }
    SideSpec {
        id: id.clone(),
        name,
        nation: word::<Nation>(id.get_ref()).ok(),
        players: Vec::new(),
        colour: None,
        staff: ruleset
            .profile()
            .reads_command_ratings
            .then(|| Spanned::new(id.span(), StaffRating::Competent)),
    }
}

/// Two sides, neither more nor fewer.
fn check_sides(sources: &Sources<'_>, read: &mut Read) {
    match read.sides.as_slice() {
        [] if read.errors.is_empty() => {
            let message = "no unit in the order of battle: a row a unit, under a header row";
            read.errors.push(sources.of_file(0, message));
        }
        // With a file refused, its side may be the other.
        [only] if read.errors.is_empty() => {
            let message = format!(
                "only one side, '{}': a battle has two (a side column naming both, or one \
                 file a side)",
                only.get_ref()
            );
            read.errors.push(sources.at(&only.span(), message));
        }
        [] | [_] | [_, _] => {}
        [first, second, third, ..] => {
            let message = format!(
                "a third side, '{}': a battle has two ({} and {})",
                third.get_ref(),
                first.get_ref(),
                second.get_ref()
            );
            read.errors.push(sources.at(&third.span(), message));
        }
    }
}

/// The rows of `file`, which starts at byte `start` of the whole, into `read`.
fn read_file(file: &CsvFile<'_>, start: usize, sources: &Sources<'_>, read: &mut Read) {
    let most = MAX_UNITS + MAX_GENERALS + 1;
    let rows = match csv_cells::rows(without_bom(file.text), most) {
        Ok(rows) => rows,
        Err((at, message)) => {
            read.errors
                .push(sources.at(&(start + at..start + at), message));
            return;
        }
    };
    let Some((header, body)) = rows.split_first() else {
        let message = "empty: an order of battle is a header row, then a row a unit";
        read.errors.push(sources.of_file(start, message));
        return;
    };
    let shift = |cell: &Cell| start + cell.span.start..start + cell.span.end;
    let Some(columns) = header_columns(header, &shift, sources, read) else {
        return;
    };
    // The side of a file without a side column, at its header row.
    let file_side = if columns.contains(&Some(Column::Side)) {
        None
    } else if is_valid_id(file.stem) {
        Some(Spanned::new(start..start, file.stem.to_owned()))
    } else {
        let message = format!(
            "no side column, and the file's name '{}' is not a side's id: add a side \
             column, or name the file after its side (france.csv)",
            file.stem
        );
        read.errors.push(sources.of_file(start, message));
        return;
    };
    for row in body {
        let before = read.errors.len();
        let mut cells = RowCells {
            columns: &columns,
            row,
            start,
            sources,
            errors: &mut read.errors,
        };
        let (is_unit, id) = (cells.is_unit(), cells.id());
        if let Some(side) = cells.side(file_side.as_ref()) {
            if !read.sides.iter().any(|s| s.get_ref() == side.get_ref()) {
                read.sides.push(side.clone());
            }
            cells.entry(side, &mut read.units, &mut read.generals);
        }
        // A unit's row refused: the check of the rest is told its id.
        if read.errors.len() > before && is_unit {
            match id {
                Some(id) => read.unread.ids.push(id),
                None => read.unread.unknown = true,
            }
        }
    }
}

/// Each header cell's column; None, with the problems noted, if the header will not do.
fn header_columns(
    header: &Row,
    shift: &dyn Fn(&Cell) -> Range<usize>,
    sources: &Sources<'_>,
    read: &mut Read,
) -> Option<Vec<Option<Column>>> {
    let names: Vec<&str> = Column::ALL.iter().map(|c| c.name()).collect();
    let mut columns: Vec<Option<Column>> = Vec::new();
    let mut fine = true;
    for cell in &header.cells {
        let column = Column::named(&cell.text);
        if cell.text.trim().is_empty() {
            // A spreadsheet's blank column: nothing is read from it.
        } else if column.is_none() {
            let message = format!(
                "no column '{}' (the columns: {})",
                cell.text.trim(),
                names.join(", ")
            );
            read.errors.push(sources.at(&shift(cell), message));
            fine = false;
        } else if columns.contains(&column) {
            let message = format!("a second '{}' column", cell.text.trim());
            read.errors.push(sources.at(&shift(cell), message));
            fine = false;
        }
        columns.push(column);
    }
    for needed in UNIT_NEEDS {
        if !columns.contains(&Some(needed)) {
            let span = shift(&header.cells[0]);
            let message = format!(
                "no '{}' column: a unit's row needs its {} (the header row names the \
                 columns)",
                needed.name(),
                needed.name()
            );
            read.errors
                .push(sources.at(&(span.start..span.start), message));
            fine = false;
        }
    }
    fine.then_some(columns)
}
