//! A unit or a general found by the id typed, or the nearest id suggested
//! (`core::spelling`).

use super::refusal::EngineRefusal;
use super::state::GameState;
use crate::core::spelling::nearest;
use crate::rules::sides::General;
use crate::rules::unit::Unit;
use std::sync::Arc;

/// Finds a unit by id: exactly, else ignoring case; the refusal suggests a near miss.
pub fn find_unit<'a>(state: &'a GameState, id: &str) -> Result<&'a Unit, EngineRefusal> {
    find_by_id(state.units(), |u: &Arc<Unit>| &u.id, id, "unit").map(|u| &**u)
}

pub fn find_general<'a>(state: &'a GameState, id: &str) -> Result<&'a General, EngineRefusal> {
    find_by_id(state.generals(), |g| &g.id, id, "general")
}

fn find_by_id<'a, T>(
    items: &'a [T],
    id_of: impl Fn(&T) -> &str,
    wanted: &str,
    what: &'static str,
) -> Result<&'a T, EngineRefusal> {
    items
        .iter()
        .find(|item| id_of(item) == wanted)
        .or_else(|| {
            items
                .iter()
                .find(|item| id_of(item).eq_ignore_ascii_case(wanted))
        })
        .ok_or_else(|| EngineRefusal::NotFound {
            what,
            asked: wanted.to_owned(),
            nearest: nearest(items.iter().map(&id_of), wanted).map(str::to_owned),
        })
}
