//! The events a ruleset logs of its own ([`OwnEvent`]), applied to the state: what each
//! does is its ruleset's; this file finds whom it is done to.

use super::apply::ApplyError;
use super::own_event::OwnEvent;
use super::state::GameState;

impl GameState {
    /// A ruleset's own event applied: the ruleset says what it does to its state, the
    /// engine finds whom it is done to.
    pub(super) fn apply_own(&mut self, event: &OwnEvent) -> Result<(), ApplyError> {
        match event {
            OwnEvent::ChargeMoves(event) => {
                event.apply(&mut self.known_unit(event.unit())?.charge_moves);
            }
        }
        Ok(())
    }
}
