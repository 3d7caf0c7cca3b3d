//! A house rule set or lifted mid-game (`house set`): its event's apply and its words.

use super::apply_error::ApplyError;
use super::state::GameState;
use crate::core::chart::Written;
use crate::rules::Ruleset;
use crate::scenario::house_rules::{Given, checked_value, named_in};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A number a house rule changed, as a command's result used it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HouseValue {
    pub name: String,
    pub value: i32,
    pub book: i32,
}

impl GameState {
    /// The number named `name` reads `value` from now on; none: the book's. The value is
    /// checked as a scenario's is, since a hand-edited log reaches here unchecked.
    pub(super) fn set_house_rule(
        &mut self,
        name: &str,
        value: Option<i32>,
    ) -> Result<(), ApplyError> {
        let numbers = self.ruleset().numbers();
        let (number, written) = named_in(&numbers, name, self.ruleset())?;
        let rules = Arc::make_mut(&mut self.house_rules);
        match value {
            Some(value) => {
                let value = checked_value(number, written, Given::Whole(value.into()))?;
                rules.set(number.name, value);
            }
            None => rules.unset(number.name),
        }
        Ok(())
    }
}

/// The log's line for a house rule set to `value` (none: lifted) where it was `was` (none:
/// the book's).
pub(super) fn house_rule_line(
    ruleset: Ruleset,
    name: &str,
    value: Option<i32>,
    was: Option<i32>,
) -> String {
    let numbers = ruleset.numbers();
    let Ok((number, written)) = named_in(&numbers, name, ruleset) else {
        return format!("house rule: {name}");
    };
    let book = written.show(number.book);
    // A modifier at nothing adds nothing: the table switched it off.
    let off = |value: i32| value == 0 && written == Written::Signed;
    let shown = |value: i32| {
        if off(value) {
            "switched off".to_owned()
        } else {
            written.show(value)
        }
    };
    let Some(value) = value else {
        let was = was.map_or_else(String::new, |was| format!(" (it was {})", shown(was)));
        return format!("house rule lifted: {name} is the book's {book} again{was}");
    };
    let was = was.map_or_else(String::new, |was| {
        format!("it was {} by house rule; ", shown(was))
    });
    let now = if off(value) { "" } else { "now " };
    format!(
        "house rule: {name} is {now}{} ({was}the book says {book})",
        shown(value)
    )
}

/// A number at the house's value, as the log and the report name it:
/// `movement.infantry-line 5 (the book's 4)`.
pub fn at_house_value(name: &str, value: i32, book: i32, written: Written) -> String {
    format!(
        "{name} {} (the book's {})",
        written.show(value),
        written.show(book)
    )
}

/// The log's line for the house values a result used untold.
pub(super) fn house_values_line(ruleset: Ruleset, numbers: &[HouseValue]) -> String {
    let printed = ruleset.numbers();
    let each: Vec<String> = numbers
        .iter()
        .map(|number| {
            let written =
                named_in(&printed, &number.name, ruleset).map_or(Written::AsIs, |(_, w)| w);
            at_house_value(&number.name, number.value, number.book, written)
        })
        .collect();
    format!("by house rule: {}", each.join("; "))
}
