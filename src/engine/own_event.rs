//! The events a ruleset logs of its own, which the engine knows only by this one line per
//! ruleset in each match: each is written, read, applied and described by its ruleset
//! (`rules/<ruleset>/event.rs`). The save writes them as the engine's own (`event =
//! "fall_back"` and the fields), so a save from before they moved loads as it did.

use super::apply_error::{ApplyError, OwnApplyError};
use super::state::GameState;
use crate::core::passage::as_written;
use crate::rules::charge_moves::event::ChargeMovesEvent;
use crate::rules::old_trousers::event::{TrousersApplyError, TrousersEvent, TrousersTable};
use crate::rules::old_trousers::turn_state::TurnInitiative;
use crate::rules::secret::Secret;
use crate::rules::sides::General;
use crate::rules::sound_the_charge::event::SoundTheChargeEvent;
use crate::rules::sound_the_charge_1_25::event::OneTwentyFiveEvent;
use crate::rules::table::Table;
use crate::rules::told::Told;
use crate::rules::unit::Unit;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum OwnEvent {
    SoundTheCharge(SoundTheChargeEvent),
    OneTwentyFive(OneTwentyFiveEvent),
    ChargeMoves(ChargeMovesEvent),
    Trousers(TrousersEvent),
}

impl OwnEvent {
    /// The names a save gives the rulesets' own events (`event = "fall_back"`), a list
    /// per ruleset.
    pub const TAGS: &[&[&str]] = &[
        &SoundTheChargeEvent::TAGS,
        &OneTwentyFiveEvent::TAGS,
        &ChargeMovesEvent::TAGS,
        &TrousersEvent::TAGS,
    ];

    /// Whether a save's `event = "…"` names a ruleset's own event.
    pub fn is_tag(tag: &str) -> bool {
        OwnEvent::TAGS.iter().any(|names| names.contains(&tag))
    }

    /// The ruleset's own event named `tag` (one [`OwnEvent::is_tag`] takes) that a save's
    /// table holds, read by the ruleset that logs it.
    pub fn read(tag: &str, table: toml::Value) -> Result<OwnEvent, toml::de::Error> {
        if SoundTheChargeEvent::TAGS.contains(&tag) {
            SoundTheChargeEvent::deserialize(table).map(OwnEvent::SoundTheCharge)
        } else if OneTwentyFiveEvent::TAGS.contains(&tag) {
            OneTwentyFiveEvent::deserialize(table).map(OwnEvent::OneTwentyFive)
        } else if ChargeMovesEvent::TAGS.contains(&tag) {
            ChargeMovesEvent::deserialize(table).map(OwnEvent::ChargeMoves)
        } else if TrousersEvent::TAGS.contains(&tag) {
            TrousersEvent::deserialize(table).map(OwnEvent::Trousers)
        } else {
            Err(serde::de::Error::unknown_variant(tag, &[]))
        }
    }

    /// What a side's player may not see of it unless it is his own: the unit or general
    /// it tells of and the kind of secret it is, or `None` for what stands on the table
    /// for all to see. Each ruleset's fog of war over its events is its own.
    pub fn secret(&self) -> Option<(&str, Secret)> {
        match self {
            OwnEvent::SoundTheCharge(event) => event.secret(),
            OwnEvent::OneTwentyFive(event) => event.secret(),
            OwnEvent::ChargeMoves(event) => event.secret(),
            OwnEvent::Trousers(event) => event.secret(),
        }
    }

    /// What a player who may not see its secret is told instead, if anything: `None`
    /// hides it whole.
    pub fn unseen(&self, told: &dyn Told) -> Option<String> {
        match self {
            OwnEvent::Trousers(event) => event.unseen(told),
            OwnEvent::SoundTheCharge(_) | OwnEvent::OneTwentyFive(_) | OwnEvent::ChargeMoves(_) => {
                None
            }
        }
    }

    /// One line for the referee, read against the battle after the event.
    pub fn describe(&self, told: &dyn Told) -> String {
        match self {
            OwnEvent::SoundTheCharge(event) => event.describe(told),
            OwnEvent::OneTwentyFive(event) => event.describe(told),
            OwnEvent::ChargeMoves(event) => event.describe(told),
            OwnEvent::Trousers(event) => event.describe(told),
        }
    }

    /// Its line in the after-action report, naming units with `unit`, if the battle's
    /// story tells it.
    pub fn reported(&self, unit: &dyn Fn(&str) -> String) -> Option<String> {
        match self {
            OwnEvent::SoundTheCharge(event) => event.reported(unit),
            OwnEvent::OneTwentyFive(_) | OwnEvent::ChargeMoves(_) | OwnEvent::Trousers(_) => None,
        }
    }
}

impl From<TrousersApplyError> for ApplyError {
    fn from(why: TrousersApplyError) -> ApplyError {
        ApplyError::Own(OwnApplyError::from(why))
    }
}

impl From<SoundTheChargeEvent> for OwnEvent {
    fn from(event: SoundTheChargeEvent) -> OwnEvent {
        OwnEvent::SoundTheCharge(event)
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

impl From<TrousersEvent> for OwnEvent {
    fn from(event: TrousersEvent) -> OwnEvent {
        OwnEvent::Trousers(event)
    }
}

impl GameState {
    /// A ruleset's own event applied: the ruleset says what it does to its state, the
    /// engine finds whom it is done to.
    pub(super) fn apply_own(&mut self, event: &OwnEvent) -> Result<(), ApplyError> {
        match event {
            OwnEvent::SoundTheCharge(event) => event.apply(&mut Lent(self))?,
            OwnEvent::OneTwentyFive(event) => event.apply(self.known_unit(event.unit())?),
            OwnEvent::ChargeMoves(event) => {
                event.apply(&mut self.known_unit(event.unit())?.charge_moves);
            }
            OwnEvent::Trousers(event) => event.apply(&mut Lent(self))?,
        }
        Ok(())
    }
}

/// The state lent to a ruleset's own event while it applies, and only then: the state
/// itself is no `Table`, so that nothing outside the engine changes it but through
/// `apply`.
struct Lent<'a>(&'a mut GameState);

impl Table for Lent<'_> {
    type Refusal = ApplyError;

    fn turn(&self) -> u32 {
        self.0.turn
    }

    fn unit_mut(&mut self, id: &str) -> Result<&mut Unit, ApplyError> {
        self.0.known_unit(id)
    }

    fn general_mut(&mut self, id: &str) -> Result<&mut General, ApplyError> {
        self.0.known_general(id)
    }

    fn take_off_table(&mut self, id: &str) -> Result<(), ApplyError> {
        self.0.known_unit(id)?.on_table = false;
        self.0.set_contact(id, &[])
    }
}

impl TrousersTable for Lent<'_> {
    fn initiative_mut(&mut self) -> &mut TurnInitiative {
        &mut self.0.turn_state.trousers
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

    fn general_named(&self, id: &str) -> String {
        as_written(GameState::general(self, id).map_or(id, |g| g.name.as_str())).into_owned()
    }

    fn general(&self, id: &str) -> Option<&General> {
        GameState::general(self, id)
    }

    fn side_named(&self, id: &str) -> String {
        as_written(self.side(id).map_or(id, |s| s.name.as_str())).into_owned()
    }
}
