//! `house set`: a house rule changed mid-game, checked as a scenario's table is.

use super::command::HouseSetting;
use super::refusal::{Refusal, TableRefusal};
use crate::engine::event::Event;
use crate::engine::state::GameState;
use crate::scenario::house_rules::{Given, checked_value, named_in};

/// The event that gives the number named `name` the value `setting` says.
pub(super) fn house_set(
    state: &GameState,
    name: &str,
    setting: HouseSetting,
) -> Result<Vec<Event>, Refusal> {
    let ruleset = state.ruleset();
    let numbers = ruleset.numbers();
    let (number, written) = named_in(&numbers, name, ruleset).map_err(TableRefusal::from)?;
    let checked = |given| checked_value(number, written, given).map_err(TableRefusal::from);
    let value = match setting {
        HouseSetting::Value(value) => Some(checked(Given::Whole(value))?),
        HouseSetting::Off => Some(checked(Given::Off)?),
        HouseSetting::Book => None,
    }
    // The book's own value is no house rule, and no roll should mark it as one.
    .filter(|value| *value != number.book);
    let was = state.house_rules().get(number.name);
    if value == was {
        return Err(TableRefusal::HouseAlready {
            name: number.name,
            value: written.show(value.unwrap_or(number.book)),
            book: value.is_none(),
        }
        .into());
    }
    Ok(vec![Event::HouseRule {
        name: number.name.to_owned(),
        value,
        was,
    }])
}
