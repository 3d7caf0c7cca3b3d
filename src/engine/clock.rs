//! The slot's clock in the state: moved by each log entry's time and by `clock`'s
//! events, read with the time now.

use super::state::GameState;
use crate::core::clock::{ClockReading, SlotClock};
use crate::core::moment::{Moment, length, length_up};
use serde::{Deserialize, Serialize};

/// What a `clock` command did, at its entry's time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ClockChange {
    Pause,
    Resume,
    /// Seconds left of the slot from now: the slot moves to fit.
    Left(i64),
    /// Seconds left when the checklist warns.
    Warn(i64),
    WarnOff,
    /// A chess clock: seconds each side may be the active side in all.
    Sides(i64),
    SidesOff,
}

impl GameState {
    pub fn clock(&self) -> &SlotClock {
        &self.clock
    }

    /// What the clock says at `now`.
    pub fn clock_reading(&self, now: Moment) -> ClockReading {
        self.clock.reading(now, self.turn, self.active_side_index())
    }

    /// What the clock said at the last command.
    pub fn clock_as_logged(&self) -> ClockReading {
        self.clock.as_logged(self.turn, self.active_side_index())
    }

    /// The log reached `at`: the time of the entry about to be applied. Besides
    /// [`GameState::apply`], the one way the log changes the state, and only its clock.
    pub fn pass_time_to(&mut self, at: Moment) {
        let active = self.active_side_index();
        self.clock.pass_to(at, self.turn, active);
    }

    fn active_side_index(&self) -> usize {
        self.sides
            .iter()
            .position(|side| side.id == self.active)
            .unwrap_or(usize::MAX)
    }

    pub(super) fn change_clock(&mut self, change: ClockChange) {
        match change {
            ClockChange::Pause => self.clock.pause(),
            ClockChange::Resume => self.clock.resume(),
            ClockChange::Left(seconds) => self.clock.set_left(seconds.max(0)),
            ClockChange::Warn(seconds) => self.clock.set_warn(Some(seconds.max(0))),
            ClockChange::WarnOff => self.clock.set_warn(None),
            ClockChange::Sides(seconds) => self.clock.set_side_allowance(Some(seconds.max(0))),
            ClockChange::SidesOff => self.clock.set_side_allowance(None),
        }
    }
}

/// The log's line for `change`, on the state it left.
pub(super) fn clock_line(state: &GameState, change: ClockChange) -> String {
    // At the entry's own time: what was played then, and what was left.
    let reading = state.clock_as_logged();
    let played = length(reading.played);
    let left = reading
        .left
        .map_or_else(String::new, |left| format!(", {} left", length_up(left)));
    match change {
        ClockChange::Pause => format!("clock paused: {played} played{left}"),
        ClockChange::Resume => format!("clock running again: {played} played{left}"),
        ClockChange::Left(seconds) => format!(
            "clock: {} left of the slot ({played} played)",
            length_up(seconds)
        ),
        ClockChange::Warn(seconds) => format!(
            "clock: the checklist warns with {} left",
            length_up(seconds)
        ),
        ClockChange::WarnOff => "clock: no warning before the slot ends".to_owned(),
        ClockChange::Sides(seconds) => format!(
            "clock: each side has {} as the active side (a chess clock)",
            length_up(seconds)
        ),
        ClockChange::SidesOff => "clock: no chess clock".to_owned(),
    }
}
