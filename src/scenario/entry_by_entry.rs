//! A scenario that does not read as a whole, read again entry by entry: every `[[unit]]`
//! and `[[general]]` that does not read is reported, and the entries that do are checked
//! with the rest, so the referee sees every line to fix at once.
//!
//! The TOML parser stops at its first error. Cut at the lines that open an entry, each
//! entry parses alone, its errors placed back at their lines in the file. Where the
//! pieces cannot vouch for what the whole says (the first error of the whole is not among
//! theirs, or a piece holds more than its entries), only the whole's error is given, as
//! before.

use super::check::{Unread, UnreadUnits};
use super::spec::{GeneralSpec, ScenarioSpec, UnitSpec};
use super::{HeadIn, MAX_GENERALS, MAX_UNITS};
use crate::read::parts::{Kind, Parts, read_piece};
use crate::read::{FileError, FileErrors};
use serde::de::DeserializeOwned;
use std::collections::BTreeMap;
use std::ops::Range;

/// Every problem of `text`, whose whole parse failed with `whole`.
pub(super) fn every_problem(file: &str, text: &str, whole: &toml::de::Error) -> FileErrors {
    let first = FileError::from_toml(file, text, whole);
    let parts = Parts::cut_every(text, &["unit", "general"], None, 0);
    let mut errors = Vec::new();
    let mut unread = UnreadUnits::default();
    let mut head: Option<HeadIn> = None;
    let mut units: Vec<UnitSpec> = Vec::new();
    let mut generals: Vec<GeneralSpec> = Vec::new();
    for (piece, part) in parts.iter() {
        let at = part.range.start;
        let read = match part.kind {
            Kind::Head => match toml::from_str::<HeadIn>(piece) {
                Ok(read) => {
                    head = Some(read);
                    Ok(())
                }
                Err(error) => Err(Some(FileError::from_toml_at(file, text, &error, at))),
            },
            Kind::Entries("unit") if units.len() <= MAX_UNITS => {
                entry(file, text, &part.range, "unit").map(|unit| units.extend(unit))
            }
            Kind::Entries("general") if generals.len() <= MAX_GENERALS => {
                entry(file, text, &part.range, "general").map(|general| generals.extend(general))
            }
            // Past the bounds: the check refuses the file at the first one over.
            Kind::Entries(_) => Ok(()),
            Kind::Table(_) => return FileErrors::from(first),
        };
        match read {
            Ok(()) => {}
            Err(None) => return FileErrors::from(first),
            Err(Some(error)) => {
                errors.push(error);
                if part.kind == Kind::Entries("unit") {
                    match unit_id(piece) {
                        Some(id) => unread.ids.push(id),
                        None => unread.unknown = true,
                    }
                }
            }
        }
    }
    let vouched = errors
        .iter()
        .any(|e| (e.line, e.column) == (first.line, first.column));
    if !vouched {
        return FileErrors::from(first);
    }
    let Some(head) = head else {
        return FileErrors::new(errors).unwrap_or_else(|| FileErrors::from(first));
    };
    // An array the head made cannot be added to by the entries after it.
    if (head.unit.is_some() && !units.is_empty())
        || (head.general.is_some() && !generals.is_empty())
    {
        return FileErrors::from(first);
    }
    let spec = ScenarioSpec {
        scenario: head.scenario,
        house_rules: head.house_rules,
        side: head.side,
        unit: head.unit.unwrap_or(units),
        general: head.general.unwrap_or(generals),
        carry_over: head.carry_over,
    };
    let unread = Unread {
        errors,
        units: unread,
    };
    match spec.check_after(file, text, unread) {
        Err(every) => every,
        // Not reached: a check given problems returns them.
        Ok(_) => FileErrors::from(first),
    }
}

/// The id of the `[[unit]]` in `piece`, if it reads as TOML at all.
fn unit_id(piece: &str) -> Option<String> {
    let loose: toml::Table = toml::from_str(piece).ok()?;
    let entry = loose.get("unit")?.as_array()?.first()?;
    Some(entry.get("id")?.as_str()?.to_owned())
}

/// The entry of `name` in `range`, read alone; `Err(None)` when the piece holds more
/// than its entry, so it cannot say what the whole would.
fn entry<T: DeserializeOwned>(
    file: &str,
    text: &str,
    range: &Range<usize>,
    name: &str,
) -> Result<Vec<T>, Option<FileError>> {
    let piece = &text[range.clone()];
    let loose: toml::Table = toml::from_str(piece)
        .map_err(|error| Some(FileError::from_toml_at(file, text, &error, range.start)))?;
    if loose.keys().any(|key| key != name) {
        return Err(None);
    }
    // Read once alone for the error's place; then again with its spans counted from the
    // start of the file, as the check needs them.
    toml::from_str::<BTreeMap<String, Vec<T>>>(piece)
        .map_err(|error| Some(FileError::from_toml_at(file, text, &error, range.start)))?;
    let mut read: BTreeMap<String, Vec<T>> = read_piece(text, range).ok_or(None)?;
    read.remove(name).ok_or(None)
}
