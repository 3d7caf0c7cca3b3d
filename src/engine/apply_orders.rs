//! The orders and random events of *Old Trousers II* applied to the state: the rest of
//! the one apply (`apply.rs`), kept apart because only that ruleset's events reach it.

use super::apply::ApplyError;
use super::event::Event;
use super::state::GameState;
use crate::rules::old_trousers::command::Order;
use crate::rules::old_trousers::orders::PendingOrder;

impl GameState {
    /// The random event checks, orders and activations of *Old Trousers II*.
    pub(super) fn apply_command(&mut self, event: &Event) -> Result<(), ApplyError> {
        match event {
            Event::RandomEventChecked { side, drawn } => {
                if self.initiative.events.iter().any(|(id, _)| id == side) {
                    return Err(ApplyError::RandomEventTwice { side: side.clone() });
                }
                self.initiative.events.push((side.clone(), *drawn));
                Ok(())
            }
            Event::OrderSent {
                general,
                order,
                from,
            } => self.send_order(general, *order, from),
            Event::OrderActivation { general, activated } => self.activation(general, *activated),
            Event::UnitOrdered { general, unit } => {
                let turn = self.turn;
                let commander = self
                    .general_mut(general)
                    .ok_or_else(|| ApplyError::NoGeneral {
                        id: general.to_owned(),
                    })?;
                let spent = commander.orders.spent(turn) + 1;
                commander.orders.record_spent(turn, spent);
                self.unit_mut(unit)
                    .ok_or_else(|| ApplyError::NoUnit { id: unit.clone() })?
                    .trousers
                    .command_chain
                    .ordered_on = Some(turn);
                Ok(())
            }
            _ => Err(ApplyError::NotAnOrder),
        }
    }

    /// `Event::OrderSent`: the receiver's new order is pending, any older one replaced
    /// (p13); the sender has spent this segment's order.
    fn send_order(&mut self, general: &str, order: Order, from: &str) -> Result<(), ApplyError> {
        let turn = self.turn;
        let sender = self
            .general_mut(from)
            .ok_or_else(|| ApplyError::NoGeneral {
                id: from.to_owned(),
            })?;
        sender.orders.sent_on = Some(turn);
        sender.orders.sent = Some(order);
        let receiver = self
            .general_mut(general)
            .ok_or_else(|| ApplyError::NoGeneral {
                id: general.to_owned(),
            })?;
        receiver.orders.pending = Some(PendingOrder {
            order,
            from: from.to_owned(),
            sent_on: turn,
            failed_on: None,
        });
        Ok(())
    }

    /// `Event::OrderActivation`: the pending order becomes current, or waits.
    fn activation(&mut self, general: &str, activated: bool) -> Result<(), ApplyError> {
        let turn = self.turn;
        let receiver = self
            .general_mut(general)
            .ok_or_else(|| ApplyError::NoGeneral {
                id: general.to_owned(),
            })?;
        let orders = &mut receiver.orders;
        let Some(pending) = orders.pending.as_mut() else {
            return Err(ApplyError::NoPendingOrder {
                general: general.to_owned(),
            });
        };
        if activated {
            orders.current = Some(pending.order);
            orders.pending = None;
        } else {
            pending.failed_on = Some(turn);
        }
        Ok(())
    }
}
