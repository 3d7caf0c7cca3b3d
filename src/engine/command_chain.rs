//! A unit's command as the rules read it: the referee's word, and out of command while
//! the commander named over it (a scenario's `commander`, *Old Trousers II* p12) is out
//! of play. Every layer that shows a unit's command reads it here.

use crate::engine::state::GameState;
use crate::rules::sides::{General, GeneralStatus};
use crate::rules::unit::{CommandState, Unit};

impl GameState {
    /// A unit's command as the rules read it: the referee's word (`cmd`), and in *Old
    /// Trousers II* out of command while the commander of its division or brigade is out
    /// of play, until his replacement comes (p12; ruling 43).
    pub fn command_of(&self, unit: &Unit) -> CommandState {
        if commander_gone(self, unit).is_some() {
            CommandState::Out
        } else {
            unit.command
        }
    }
}

/// The commander of the unit's command (scenario `commander`), when he is out of play.
pub fn commander_gone<'a>(state: &'a GameState, unit: &Unit) -> Option<&'a General> {
    let id = unit.commander()?;
    state
        .general(id)
        .filter(|general| general.status != GeneralStatus::InPlay)
}
