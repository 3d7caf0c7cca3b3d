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
        let Some(&(number, written)) = numbers.iter().find(|(n, _)| n.name == name.get_ref())
        else {
            let nearest = spelling::nearest(numbers.iter().map(|(n, _)| n.name), name.get_ref());
            let problem = HouseRuleProblem::UnknownName {
                name: name.get_ref().clone(),
                ruleset,
                nearest,
            };
            return Err((name.span(), problem));
        };
        let value = house_value(number, written, value.get_ref())
            .map_err(|problem| (value.span(), problem))?;
        rules.set(number.name, value);
    }
    Ok(rules)
}

/// The value `given` gives `number`, written as `written` in the charts.
pub fn house_value(
    number: &'static Number,
    written: Written,
    given: &Value,
) -> Result<i32, HouseRuleProblem> {
    let (name, book) = (number.name, number.book);
    let modifier = written == Written::Signed;
    let value = match given {
        Value::Integer(value) => *value,
        Value::String(word) if word.eq_ignore_ascii_case("off") => {
            return if modifier {
                Ok(0)
            } else {
                Err(HouseRuleProblem::OffNotModifier { name, book })
            };
        }
        _ => {
            return Err(HouseRuleProblem::NotWhole {
                name,
                book,
                modifier,
            });
        }
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
