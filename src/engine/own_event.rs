//! The events a ruleset logs of its own, which the engine knows only by this one line per
//! ruleset: each is written, read, applied and described by its ruleset (`rules/<ruleset>/
//! event.rs`). The save writes them as the engine's own (`event = "fall_back"` and the
//! fields), so a save from before they moved loads as it did.

use super::apply_error::ApplyError;
use super::state::GameState;
use crate::rules::charge_moves::event::ChargeMovesEvent;
use crate::rules::secret::Secret;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum OwnEvent {
    ChargeMoves(ChargeMovesEvent),
}

impl OwnEvent {
    /// The names a save gives the rulesets' own events (`event = "fall_back"`), a list
    /// per ruleset.
    pub const TAGS: &[&[&str]] = &[&ChargeMovesEvent::TAGS];

    /// Whether a save's `event = "…"` names a ruleset's own event.
    pub fn is_tag(tag: &str) -> bool {
        OwnEvent::TAGS.iter().any(|names| names.contains(&tag))
    }

    /// The ruleset's own event a save's table holds, its tag one that [`is_tag`] takes.
    ///
    /// [`is_tag`]: OwnEvent::is_tag
    pub fn read(table: toml::Value) -> Result<OwnEvent, toml::de::Error> {
        ChargeMovesEvent::deserialize(table).map(OwnEvent::ChargeMoves)
    }

    /// What a side's player may not see of it unless it is his own: the unit or general
    /// it tells of and the kind of secret it is, or `None` for what stands on the table
    /// for all to see. Each ruleset's fog of war over its events is its own.
    pub fn secret(&self) -> Option<(&str, Secret)> {
        match self {
            OwnEvent::ChargeMoves(event) => event.secret(),
        }
    }

    /// One line for the referee; `name` words a unit's id as the log shows it.
    pub fn describe(&self, name: &dyn Fn(&str) -> String) -> String {
        match self {
            OwnEvent::ChargeMoves(event) => event.describe(name),
        }
    }
}

impl From<ChargeMovesEvent> for OwnEvent {
    fn from(event: ChargeMovesEvent) -> OwnEvent {
        OwnEvent::ChargeMoves(event)
    }
}

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
