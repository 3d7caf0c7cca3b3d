//! Why an *Old Trousers II* command was refused: each command module's reasons are an
//! enum of their own, here one file each, gathered by [`TrousersRefusal`].

mod commanders;
mod fire;
mod maneuver;
mod orders;
mod random_events;
mod turn;

pub use commanders::TrousersCommanderRefusal;
pub use fire::TrousersFireRefusal;
pub use maneuver::TrousersManeuverRefusal;
pub use orders::TrousersOrderRefusal;
pub use random_events::TrousersEventRefusal;
pub use turn::TrousersTurnRefusal;

use crate::core::dice::NotADie;
use crate::engine::play_refusal::PlayRefusal;
use crate::engine::refusal::EngineRefusal;

/// Why an *Old Trousers II* command was refused: the engine's shared checks, or the
/// ruleset's own rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrousersRefusal {
    #[error(transparent)]
    Engine(#[from] EngineRefusal),
    #[error(transparent)]
    Commander(#[from] TrousersCommanderRefusal),
    #[error(transparent)]
    Event(#[from] TrousersEventRefusal),
    #[error(transparent)]
    Fire(#[from] TrousersFireRefusal),
    #[error(transparent)]
    Maneuver(#[from] TrousersManeuverRefusal),
    #[error(transparent)]
    Order(#[from] TrousersOrderRefusal),
    #[error(transparent)]
    Turn(#[from] TrousersTurnRefusal),
    /// A `need` question the excerpt cannot answer.
    #[error(
        "Old Trousers II has no `{question}` question: its reaction, charge and morale tests \
         are not in the excerpt. Ask `need {unit}` for what the unit carries to the fire \
         table, its charge and its rout"
    )]
    NoQuestion {
        question: &'static str,
        unit: String,
    },
}

impl TrousersRefusal {
    /// A line that does not read as `usage` says.
    pub(crate) fn usage(usage: impl Into<String>) -> TrousersRefusal {
        TrousersRefusal::Engine(EngineRefusal::usage(usage))
    }
}

impl From<NotADie> for TrousersRefusal {
    fn from(not_a_die: NotADie) -> TrousersRefusal {
        TrousersRefusal::Engine(not_a_die.into())
    }
}

/// The engine's refusals *Old Trousers II* passed on are the engine's, as anyone else's are.
impl From<TrousersRefusal> for PlayRefusal {
    fn from(refusal: TrousersRefusal) -> PlayRefusal {
        match refusal {
            TrousersRefusal::Engine(engine) => PlayRefusal::Engine(engine),
            own => PlayRefusal::own(own),
        }
    }
}
