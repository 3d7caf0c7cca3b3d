//! The events only *Charge Moves* logs: what a charge throw that fell short leaves on its
//! unit. Each is written into the save as the engine's own events are (`event = "…"` and
//! its fields), and says what it did to the unit's [`UnitState`].

use super::unit_state::{ShortCharge, UnitState};
use crate::rules::secret::Secret;
use crate::rules::told::Told;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case", deny_unknown_fields)]
pub enum ChargeMovesEvent {
    /// The moves it must go back on its own next move; 0 when made.
    FallBack { unit: String, moves: u32 },
    /// Its charge throw fell short, so it made no charge at `target` this move
    /// (`fell_back`: two or more short).
    ChargeThrowShort {
        unit: String,
        target: String,
        fell_back: bool,
    },
}

impl ChargeMovesEvent {
    /// The names the save gives these events (`event = "fall_back"`), one per variant.
    pub const TAGS: [&'static str; 2] = ["fall_back", "charge_throw_short"];

    /// The unit it is done to.
    pub fn unit(&self) -> &str {
        match self {
            ChargeMovesEvent::FallBack { unit, .. }
            | ChargeMovesEvent::ChargeThrowShort { unit, .. } => unit,
        }
    }

    /// What a side's player may not see of it: nothing, as a charge that fell short and
    /// a unit falling back stand on the table for all to see.
    pub fn secret(&self) -> Option<(&str, Secret)> {
        None
    }

    /// What it does to its unit's *Charge Moves* state.
    pub fn apply(&self, state: &mut UnitState) {
        match self {
            ChargeMovesEvent::FallBack { moves, .. } => state.moves_back = *moves,
            ChargeMovesEvent::ChargeThrowShort {
                target, fell_back, ..
            } => state.short_charges.push(ShortCharge {
                target: target.clone(),
                fell_back: *fell_back,
            }),
        }
    }

    /// One line for the referee, read against the battle after the event.
    pub fn describe(&self, told: &dyn Told) -> String {
        let name = |id: &str| told.named(id);
        match self {
            ChargeMovesEvent::ChargeThrowShort { unit, target, .. } => format!(
                "{} made no charge at {}: no melee between them this turn",
                name(unit),
                name(target)
            ),
            ChargeMovesEvent::FallBack { unit, moves: 0 } => {
                format!("{} made its retreat", name(unit))
            }
            ChargeMovesEvent::FallBack { unit, moves: 1 } => {
                format!("{} must go back a move on its next move", name(unit))
            }
            ChargeMovesEvent::FallBack { unit, moves } => {
                format!("{} must go back {moves} moves on its next move", name(unit))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::told::tests::{Ids, written_tags};

    /// Its place in [`each`]: a new event must be given one here, or this does not
    /// compile, and then be listed there, or the test below fails.
    fn place(event: &ChargeMovesEvent) -> usize {
        match event {
            ChargeMovesEvent::FallBack { .. } => 0,
            ChargeMovesEvent::ChargeThrowShort { .. } => 1,
        }
    }

    #[test]
    fn each_lists_every_event_once() {
        let places: Vec<usize> = each().iter().map(place).collect();
        assert_eq!(places, [0, 1]);
    }

    /// The log's sentences, word for word as they were when the engine wrote them.
    #[test]
    fn each_says_what_it_did() {
        let said: Vec<String> = each().iter().map(|event| event.describe(&Ids)).collect();
        assert_eq!(
            said,
            [
                "<fr-1> must go back 2 moves on its next move",
                "<fr-1> made no charge at <br-2>: no melee between them this turn",
            ]
        );
        let back = |moves| ChargeMovesEvent::FallBack {
            unit: "fr-1".to_owned(),
            moves,
        };
        assert_eq!(back(0).describe(&Ids), "<fr-1> made its retreat");
        assert_eq!(
            back(1).describe(&Ids),
            "<fr-1> must go back a move on its next move"
        );
    }

    fn each() -> [ChargeMovesEvent; 2] {
        [
            ChargeMovesEvent::FallBack {
                unit: "fr-1".to_owned(),
                moves: 2,
            },
            ChargeMovesEvent::ChargeThrowShort {
                unit: "fr-1".to_owned(),
                target: "br-2".to_owned(),
                fell_back: true,
            },
        ]
    }

    /// The save names each event by its tag: `TAGS` must list them as serde writes them,
    /// or a save holding one would not load.
    #[test]
    fn the_tags_are_those_the_save_writes() {
        assert_eq!(written_tags(&each()), ChargeMovesEvent::TAGS);
    }

    /// A charge two short falls back (*Infantry Charging*): the unit owes the moves back
    /// and made no charge at its target this move.
    #[test]
    fn applied_they_mark_the_unit_state() {
        let mut state = UnitState::default();
        for event in each() {
            event.apply(&mut state);
        }
        assert_eq!(state.moves_back, 2);
        assert_eq!(
            state.short_charges,
            [ShortCharge {
                target: "br-2".to_owned(),
                fell_back: true,
            }]
        );
    }
}
