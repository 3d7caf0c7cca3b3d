//! A `[house_rules]` table checked against its ruleset's charts: each name one of the
//! numbers they print, each value one that number can take.

use super::spec::HouseRulesSpec;
use crate::core::chart::{Number, Written};
use crate::core::house::HouseRules;
use crate::core::spelling;
use crate::rules::Ruleset;
use std::ops::Range;
use toml::Value;

/// The farthest a house value may be from nothing, either way. The books' numbers run
/// from -8 to 60; a value past this is a slip of the keyboard, and the rules' arithmetic
/// (a modifier times the hits taken) stays far from overflowing.
pub const HOUSE_VALUE_MOST: i64 = 999;

/// Why a house rule was refused, its sentence made here.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HouseRuleProblem {
    #[error(
        "house rules: '{name}' is not a number of {ruleset}'s charts{nearest}; \
         `adjutant lookup --names --ruleset {id}` lists them",
        ruleset = ruleset.title(),
        id = ruleset.id(),
        nearest = nearest.map_or_else(String::new, |n| format!(" (did you mean '{n}'?)"))
    )]
    UnknownName {
        name: String,
        ruleset: Ruleset,
        nearest: Option<&'static str>,
    },
    #[error(
        "house rules: {name} takes a whole number (the book's is {book}){or_off}",
        or_off = if *modifier { ", or \"off\"" } else { "" }
    )]
    NotWhole {
        name: &'static str,
        book: i32,
        modifier: bool,
    },
    #[error(
        "house rules: {name} is a score, a count or a distance, so it cannot be below 0 \
         (the book's is {book})"
    )]
    BelowNothing { name: &'static str, book: i32 },
    #[error("house rules: {name} = {value} is past {HOUSE_VALUE_MOST} (the book's is {book})")]
    TooFar {
        name: &'static str,
        value: i64,
        book: i32,
    },
    #[error(
        "house rules: \"off\" switches a modifier off, and {name} is a value (the book's is \
         {book}): give the number the club plays"
    )]
    OffNotModifier { name: &'static str, book: i32 },
}

/// The house rules `spec` gives `ruleset`'s numbers; the first name or value refused, at
/// its span.
pub fn check(
    spec: &HouseRulesSpec,
    ruleset: Ruleset,
) -> Result<HouseRules, (Range<usize>, HouseRuleProblem)> {
    let numbers = ruleset.numbers();
    let mut rules = HouseRules::none();
    for (name, value) in spec {
        let (number, written) = named_in(&numbers, name.get_ref(), ruleset)
            .map_err(|problem| (name.span(), problem))?;
        let value = house_value(number, written, value.get_ref())
            .map_err(|problem| (value.span(), problem))?;
        rules.set(number.name, value);
    }
    Ok(rules)
}

/// The number of `numbers` (`ruleset`'s) named `name`, with how its charts write it.
pub fn named_in(
    numbers: &[(&'static Number, Written)],
    name: &str,
    ruleset: Ruleset,
) -> Result<(&'static Number, Written), HouseRuleProblem> {
    numbers
        .iter()
        .find(|(number, _)| number.name == name)
        .copied()
        .ok_or_else(|| HouseRuleProblem::UnknownName {
            name: name.to_owned(),
            ruleset,
            nearest: spelling::nearest(numbers.iter().map(|(n, _)| n.name), name),
        })
}

/// What a house rule gives a number: a value, or a modifier switched off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Given {
    Whole(i64),
    Off,
}

/// The value `given` gives `number`, written as `written` in the charts.
pub fn house_value(
    number: &'static Number,
    written: Written,
    given: &Value,
) -> Result<i32, HouseRuleProblem> {
    let given = match given {
        Value::Integer(value) => Given::Whole(*value),
        Value::String(word) if word.eq_ignore_ascii_case("off") => Given::Off,
        _ => {
            return Err(HouseRuleProblem::NotWhole {
                name: number.name,
                book: number.book,
                modifier: written == Written::Signed,
            });
        }
    };
    checked_value(number, written, given)
}

/// The value `given` gives `number`, written as `written` in the charts, if it is one the
/// number can take: the one check of a scenario's table, a club file and `house set`.
pub fn checked_value(
    number: &'static Number,
    written: Written,
    given: Given,
) -> Result<i32, HouseRuleProblem> {
    let (name, book) = (number.name, number.book);
    let modifier = written == Written::Signed;
    let value = match given {
        Given::Whole(value) => value,
        Given::Off if modifier => return Ok(0),
        Given::Off => return Err(HouseRuleProblem::OffNotModifier { name, book }),
    };
    if !(-HOUSE_VALUE_MOST..=HOUSE_VALUE_MOST).contains(&value) {
        return Err(HouseRuleProblem::TooFar { name, value, book });
    }
    // A value the book gives below nothing (a count of it would be none) may be too.
    if value < 0 && !modifier && book >= 0 {
        return Err(HouseRuleProblem::BelowNothing { name, book });
    }
    // Within ±HOUSE_VALUE_MOST, so it fits.
    Ok(i32::try_from(value).unwrap_or_default())
}
