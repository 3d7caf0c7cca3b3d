//! The events only *Old Trousers II* makes, applied to the state: the rest of the one
//! apply (`apply.rs`). What each does to the initiative, a commander's orders and a unit's
//! order is the ruleset's (`rules::old_trousers::turn_state`, `orders`); this file finds
//! whom it is done to.

use super::apply::ApplyError;
use super::event::Event;
use super::state::GameState;
use crate::rules::sides::GeneralStatus;

impl GameState {
    /// The initiative, random events, orders, activations, orders to units and a
    /// commander's replacement.
    pub(super) fn apply_trousers(&mut self, event: &Event) -> Result<(), ApplyError> {
        let turn = self.turn;
        match event {
            Event::Initiative { winner } => self.initiative.rolled(winner.as_deref()),
            Event::FirstMover { side } => self.initiative.first = Some(side.clone()),
            Event::RandomEventChecked { side, drawn } => {
                if !self.initiative.random_event_checked(side, *drawn) {
                    return Err(ApplyError::RandomEventTwice { side: side.clone() });
                }
            }
            Event::OrderSent {
                general,
                order,
                from,
            } => {
                self.known_general(from)?.trousers.orders.send(*order, turn);
                self.known_general(general)?
                    .trousers
                    .orders
                    .receive(*order, from, turn);
            }
            Event::OrderActivation { general, activated } => {
                if !self
                    .known_general(general)?
                    .trousers
                    .orders
                    .activate(*activated, turn)
                {
                    return Err(ApplyError::NoPendingOrder {
                        general: general.to_owned(),
                    });
                }
            }
            Event::UnitOrdered { general, unit } => {
                self.known_general(general)?
                    .trousers
                    .orders
                    .spend_point(turn);
                self.known_unit(unit)?.trousers.command_chain.ordered_on = Some(turn);
            }
            Event::CommanderReplaced { general } => {
                let general = self.known_general(general)?;
                let Some(commander) = general.trousers.commander else {
                    return Err(ApplyError::NoRatings {
                        general: general.id.clone(),
                    });
                };
                general.trousers.commander = Some(commander.replacement());
                general.status = GeneralStatus::InPlay;
                general.trousers.replaced_on = Some(turn);
            }
            _ => return Err(ApplyError::NotTrousers),
        }
        Ok(())
    }
}
