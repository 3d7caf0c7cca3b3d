//! `clock …`: the slot's clock paused, resumed or set, checked against the clock as the
//! log has left it.

use super::refusal::{Refusal, TableRefusal};
use crate::core::moment::length_up;
use crate::engine::clock::ClockChange;
use crate::engine::event::Event;
use crate::engine::state::GameState;

/// The event `change` makes, or why the clock cannot take it.
pub(super) fn clock_set(state: &GameState, change: ClockChange) -> Result<Vec<Event>, Refusal> {
    let clock = state.clock();
    let refused = match change {
        ClockChange::Pause if clock.paused() => Some(TableRefusal::ClockPaused),
        ClockChange::Resume if !clock.paused() => Some(TableRefusal::ClockRunning),
        ClockChange::Warn(_) if clock.slot().is_none() => Some(TableRefusal::ClockNoSlot),
        ClockChange::Warn(seconds) if clock.warn() == Some(seconds) => {
            Some(TableRefusal::ClockWarnsAlready {
                left: length_up(seconds),
            })
        }
        ClockChange::WarnOff if clock.warn().is_none() => Some(TableRefusal::ClockNoWarning),
        ClockChange::Sides(seconds) if clock.side_allowance() == Some(seconds) => {
            Some(TableRefusal::ClockSidesAlready {
                allowance: length_up(seconds),
            })
        }
        ClockChange::SidesOff if clock.side_allowance().is_none() => {
            Some(TableRefusal::ClockNoChessClock)
        }
        _ => None,
    };
    match refused {
        Some(refusal) => Err(refusal.into()),
        None => Ok(vec![Event::Clock { change }]),
    }
}
