//! The events a ruleset logs of its own, which the engine knows only by this one line per
//! ruleset in each match: each is written, read, applied and described by its ruleset
//! (`rules/<ruleset>/event.rs`). The save writes them as the engine's own (`event =
//! "fall_back"` and the fields), so a save from before they moved loads as it did.

use super::apply_error::ApplyError;
use super::state::GameState;
use crate::core::passage::as_written;
use crate::rules::charge_moves::event::ChargeMovesEvent;
use crate::rules::secret::Secret;
use crate::rules::sound_the_charge_1_25::event::OneTwentyFiveEvent;
use crate::rules::told::Told;
use crate::rules::unit::Unit;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum OwnEvent {
    OneTwentyFive(OneTwentyFiveEvent),
    ChargeMoves(ChargeMovesEvent),
}

impl OwnEvent {
    /// The names a save gives the rulesets' own events (`event = "fall_back"`), a list
    /// per ruleset.
    pub const TAGS: &[&[&str]] = &[&OneTwentyFiveEvent::TAGS, &ChargeMovesEvent::TAGS];

    /// Whether a save's `event = "…"` names a ruleset's own event.
    pub fn is_tag(tag: &str) -> bool {
        OwnEvent::TAGS.iter().any(|names| names.contains(&tag))
    }

    /// The ruleset's own event named `tag` (one [`OwnEvent::is_tag`] takes) that a save's
    /// table holds, read by the ruleset that logs it.
    pub fn read(tag: &str, table: toml::Value) -> Result<OwnEvent, toml::de::Error> {
        if OneTwentyFiveEvent::TAGS.contains(&tag) {
            OneTwentyFiveEvent::deserialize(table).map(OwnEvent::OneTwentyFive)
        } else if ChargeMovesEvent::TAGS.contains(&tag) {
            ChargeMovesEvent::deserialize(table).map(OwnEvent::ChargeMoves)
        } else {
            Err(serde::de::Error::unknown_variant(tag, &[]))
        }
    }

    /// What a side's player may not see of it unless it is his own: the unit or general
    /// it tells of and the kind of secret it is, or `None` for what stands on the table
    /// for all to see. Each ruleset's fog of war over its events is its own.
    pub fn secret(&self) -> Option<(&str, Secret)> {
        match self {
            OwnEvent::OneTwentyFive(event) => event.secret(),
            OwnEvent::ChargeMoves(event) => event.secret(),
        }
    }

    /// One line for the referee, read against the battle after the event.
    pub fn describe(&self, told: &dyn Told) -> String {
        match self {
            OwnEvent::OneTwentyFive(event) => event.describe(told),
            OwnEvent::ChargeMoves(event) => event.describe(told),
        }
    }
}

impl From<OneTwentyFiveEvent> for OwnEvent {
    fn from(event: OneTwentyFiveEvent) -> OwnEvent {
        OwnEvent::OneTwentyFive(event)
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
            OwnEvent::OneTwentyFive(event) => event.apply(self.known_unit(event.unit())?),
            OwnEvent::ChargeMoves(event) => {
                event.apply(&mut self.known_unit(event.unit())?.charge_moves);
            }
        }
        Ok(())
    }
}

impl Told for GameState {
    fn named(&self, id: &str) -> String {
        self.unit(id).map_or_else(
            || id.to_owned(),
            |u| format!("{id} ({})", as_written(&u.name)),
        )
    }

    fn unit(&self, id: &str) -> Option<&Unit> {
        GameState::unit(self, id)
    }
}
