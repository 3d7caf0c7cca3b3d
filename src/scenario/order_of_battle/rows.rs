//! One row of the spreadsheet read into a unit or a general, each bad cell refused at
//! its line and column with what was expected.

use super::{Column, Of, Sources, UNIT_NEEDS};
use crate::read::FileError;
use crate::scenario::csv_cells::Row;
use crate::scenario::spec::{ArmWord, GeneralSpec, TypeWord, UnitSpec};
use crate::scenario::template::read_word;
use serde::de::DeserializeOwned;
use std::ops::Range;
use toml::Spanned;

/// One row's cells by column, and where to note what is wrong with them.
pub(super) struct RowCells<'r, 'a> {
    pub(super) columns: &'r [Option<Column>],
    pub(super) row: &'r Row,
    /// The byte of the whole its file starts at.
    pub(super) start: usize,
    pub(super) sources: &'r Sources<'a>,
    pub(super) errors: &'r mut Vec<FileError>,
}

impl RowCells<'_, '_> {
    /// The cell of `column`, if the header has it and the row fills it.
    fn cell(&self, column: Column) -> Option<(&str, Range<usize>)> {
        let index = self.columns.iter().position(|c| *c == Some(column))?;
        let cell = self.row.cells.get(index)?;
        let text = cell.text.trim();
        (!text.is_empty()).then(|| {
            (
                text,
                self.start + cell.span.start..self.start + cell.span.end,
            )
        })
    }

    /// Whether the row is a unit's, not a general's.
    pub(super) fn is_unit(&self) -> bool {
        !self
            .cell(Column::Arm)
            .is_some_and(|(arm, _)| arm.eq_ignore_ascii_case("general"))
    }

    /// The row's id, if it has one.
    pub(super) fn id(&self) -> Option<String> {
        self.cell(Column::Id).map(|(id, _)| id.to_owned())
    }

    fn refuse(&mut self, span: &Range<usize>, message: String) {
        let error = self.sources.at(span, message);
        self.errors.push(error);
    }

    /// The row's own place: its first cell.
    fn row_span(&self) -> Range<usize> {
        let at = self.start + self.row.start;
        at..at
    }

    /// The row's side: its side cell, or the file's.
    pub(super) fn side(&mut self, file_side: Option<&Spanned<String>>) -> Option<Spanned<String>> {
        if let Some(side) = file_side {
            return Some(side.clone());
        }
        if let Some((text, span)) = self.cell(Column::Side) {
            return Some(Spanned::new(span, text.to_owned()));
        }
        let span = self.row_span();
        let message = "no side: each row names its side in the side column";
        self.refuse(&span, message.into());
        None
    }

    /// The cell of `column` as a `T`, a word the scenario takes; a refusal if it is not.
    fn word<T: DeserializeOwned>(&mut self, column: Column) -> Option<Spanned<T>> {
        let (text, span) = self.cell(column)?;
        match word::<T>(text) {
            Ok(value) => Some(Spanned::new(span, value)),
            Err(why) => {
                self.refuse(&span, format!("{}: {why}", column.name()));
                None
            }
        }
    }

    /// The cell of `column` as a list of words, separated by spaces, commas or
    /// semicolons.
    fn words<T: DeserializeOwned>(&mut self, column: Column) -> Option<Spanned<Vec<T>>> {
        let (text, span) = self.cell(column)?;
        let mut values = Vec::new();
        for item in text.split([' ', ',', ';']).filter(|w| !w.is_empty()) {
            match word::<T>(item) {
                Ok(value) => values.push(value),
                Err(why) => {
                    self.refuse(&span, format!("{}: {why}", column.name()));
                    return None;
                }
            }
        }
        Some(Spanned::new(span, values))
    }

    fn number(&mut self, column: Column) -> Option<Spanned<u32>> {
        let (text, span) = self.cell(column)?;
        if let Ok(n) = text.parse::<u32>() {
            return Some(Spanned::new(span, n));
        }
        let message = if text.bytes().all(|b| b.is_ascii_digit()) {
            format!(
                "{}: {text} is far too many (at most {})",
                column.name(),
                u32::MAX
            )
        } else {
            format!(
                "{}: '{text}' is not a whole number (12, say)",
                column.name()
            )
        };
        self.refuse(&span, message);
        None
    }

    fn yes_no(&mut self, column: Column) -> Option<Spanned<bool>> {
        let (text, span) = self.cell(column)?;
        match text.to_ascii_lowercase().as_str() {
            "yes" | "y" | "true" | "x" | "1" => Some(Spanned::new(span, true)),
            "no" | "n" | "false" | "0" => Some(Spanned::new(span, false)),
            _ => {
                let message = format!("{}: '{text}' is neither yes nor no", column.name());
                self.refuse(&span, message);
                None
            }
        }
    }

    fn text(&self, column: Column) -> Option<Spanned<String>> {
        self.cell(column)
            .map(|(text, span)| Spanned::new(span, text.to_owned()))
    }

    /// The row read as a unit or a general of `side`, into the one or the other.
    pub(super) fn entry(
        &mut self,
        side: Spanned<String>,
        units: &mut Vec<UnitSpec>,
        generals: &mut Vec<GeneralSpec>,
    ) {
        if self.row.cells.len() > self.columns.len() {
            let span = self.row_span();
            let message = format!(
                "{} cells in this row, where the header names {} columns",
                self.row.cells.len(),
                self.columns.len()
            );
            self.refuse(&span, message);
            return;
        }
        // A cell holding a control character is a damaged file, and no name may hold
        // one: the scenario written would be refused.
        for cell in &self.row.cells {
            if let Some(c) = cell.text.chars().find(|c| c.is_control()) {
                let span = self.start + cell.span.start..self.start + cell.span.end;
                let message = format!(
                    "a control character (U+{:04X}) in this cell: the file is damaged or \
                     not text",
                    u32::from(c)
                );
                self.refuse(&span, message);
                return;
            }
        }
        let is_general = !self.is_unit();
        let (theirs, others) = if is_general {
            (Of::General, "a unit's")
        } else {
            (Of::Unit, "a general's")
        };
        let mut fine = true;
        for column in Column::ALL
            .into_iter()
            .filter(|c| c.of() != Of::Both && c.of() != theirs)
        {
            if let Some((_, span)) = self.cell(column) {
                let whose = if is_general { "a general" } else { "a unit" };
                let message = format!(
                    "{}: {whose} has none ({others}): leave the cell empty",
                    column.name()
                );
                self.refuse(&span, message);
                fine = false;
            }
        }
        // A row with a cell refused is left out whole: what it would be without that
        // cell (a unit without its grade) is not the referee's mistake.
        let before = self.errors.len();
        if is_general {
            let general = self.general(side);
            if let Some(general) = general.filter(|_| fine && self.errors.len() == before) {
                generals.push(general);
            }
        } else {
            let unit = self.unit(side);
            if let Some(unit) = unit.filter(|_| fine && self.errors.len() == before) {
                units.push(unit);
            }
        }
    }

    fn unit(&mut self, side: Spanned<String>) -> Option<UnitSpec> {
        let mut missing = false;
        for needed in UNIT_NEEDS {
            if self.cell(needed).is_none() {
                let span = self.row_span();
                self.refuse(
                    &span,
                    format!("this unit has no {}: fill in its cell", needed.name()),
                );
                missing = true;
            }
        }
        // Every cell read, so that each bad one is refused, before any is given up on.
        let arm = self.word::<ArmWord>(Column::Arm);
        let troop_type = self.word::<TypeWord>(Column::Type);
        let figures = self.number(Column::Figures);
        let unit = UnitSpec {
            id: self.text(Column::Id)?,
            side,
            name: self.text(Column::Name)?.into_inner(),
            arm: ArmWord::Infantry,
            troop_type: Spanned::new(0..0, TypeWord::Line),
            grade: self.word(Column::Grade),
            figures: Spanned::new(0..0, 0),
            formation: self.word(Column::Formation),
            guns: self.number(Column::Guns),
            horse: self.yes_no(Column::Horse),
            elite: self.yes_no(Column::Elite).map(Spanned::into_inner),
            nation: self.word(Column::Nation).map(Spanned::into_inner),
            regimental_gun: self.yes_no(Column::RegimentalGun),
            kit: self.words(Column::Kit),
            morale: self.word(Column::Morale),
            traits: self.words(Column::Traits),
            pounds: self.number(Column::Pounds),
            commander: self.text(Column::Commander),
        };
        if missing {
            return None;
        }
        Some(UnitSpec {
            arm: arm?.into_inner(),
            troop_type: troop_type?,
            figures: figures?,
            ..unit
        })
    }

    fn general(&mut self, side: Spanned<String>) -> Option<GeneralSpec> {
        let Some(name) = self.text(Column::Name) else {
            let span = self.row_span();
            self.refuse(&span, "this general has no name: fill in its cell".into());
            return None;
        };
        Some(GeneralSpec {
            id: self.text(Column::Id),
            name,
            side,
            attached: self.text(Column::Attached),
            echelon: self.word(Column::Echelon),
            leadership: self.word(Column::Leadership),
            tactical: self.word(Column::Tactical),
            order: self.word(Column::Order),
        })
    }
}

/// `text` as a `T`'s word, as written or in another case (a spreadsheet capitalises);
/// serde's sentence of what was expected if it is none.
pub(super) fn word<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    let read = read_word::<T>;
    read(text)
        .or_else(|e| read(&text.to_ascii_lowercase()).map_err(|_| e))
        .or_else(|e| read(&text.to_ascii_uppercase()).map_err(|_| e))
        .map_err(|e| in_words(&e.to_string()))
}

/// serde's sentence for a word it does not know, in the referee's words: "'lnie' is
/// none of `line`, `light`…" for "unknown variant `lnie`, expected one of `line`…".
fn in_words(message: &str) -> String {
    let Some(rest) = message.strip_prefix("unknown variant `") else {
        return message.to_owned();
    };
    let Some((word, expected)) = rest.split_once("`, expected ") else {
        return message.to_owned();
    };
    match expected.strip_prefix("one of ") {
        Some(words) => format!("'{word}' is none of {words}"),
        None => format!("'{word}' is not {expected}"),
    }
}
