//! Why a *Sound the Charge* command was refused, in either edition: a move's reasons
//! (`movement.rs`), a shot's, a test's and a rally's (`fire.rs`) and a close combat's
//! (`combat.rs`), each an enum of its own, gathered by [`SoundTheChargeRefusal`] with the
//! engine's shared checks and what each edition's rules forbid.

mod combat;
mod fire;
mod movement;

pub use combat::CombatRefusal;
pub use fire::FireRefusal;
pub use movement::MovementRefusal;

use crate::core::dice::NotADie;
use crate::engine::apply::ApplyError;
use crate::engine::play_refusal::PlayRefusal;
use crate::engine::refusal::EngineRefusal;

/// Why a *Sound the Charge* command was refused. The last two are bugs, not refusals:
/// the flow works a combat out on a copy of the state and found it inconsistent.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SoundTheChargeRefusal {
    #[error(transparent)]
    Engine(#[from] EngineRefusal),
    #[error(transparent)]
    Movement(#[from] MovementRefusal),
    #[error(transparent)]
    Fire(#[from] FireRefusal),
    #[error(transparent)]
    Combat(#[from] CombatRefusal),
    #[error(transparent)]
    Rule(#[from] crate::rules::sound_the_charge::Forbidden),
    #[error(transparent)]
    OneTwentyFiveRule(#[from] crate::rules::sound_the_charge_1_25::Forbidden),
    /// An event the flow made could not be applied to its working copy.
    #[error("internal error, nothing changed: {0}")]
    NotApplied(ApplyError),
    #[error("internal error: {0}")]
    Internal(String),
}

impl SoundTheChargeRefusal {
    /// A line that does not read as `usage` says.
    pub(crate) fn usage(usage: impl Into<String>) -> SoundTheChargeRefusal {
        SoundTheChargeRefusal::Engine(EngineRefusal::usage(usage))
    }
}

impl From<NotADie> for SoundTheChargeRefusal {
    fn from(not_a_die: NotADie) -> SoundTheChargeRefusal {
        SoundTheChargeRefusal::Engine(not_a_die.into())
    }
}

/// The engine's refusals *Sound the Charge* passed on are the engine's, as anyone else's
/// are, and its bugs are bugs.
impl From<SoundTheChargeRefusal> for PlayRefusal {
    fn from(refusal: SoundTheChargeRefusal) -> PlayRefusal {
        match refusal {
            SoundTheChargeRefusal::Engine(engine) => PlayRefusal::Engine(engine),
            SoundTheChargeRefusal::NotApplied(bug) => PlayRefusal::NotApplied(bug),
            SoundTheChargeRefusal::Internal(bug) => PlayRefusal::Internal(bug),
            own => PlayRefusal::own(own),
        }
    }
}
