//! Why a command was not carried out: one enum gathering each part's own reasons, each
//! carrying the data its sentence is made from (`Display` makes the words). Callers that
//! decide on a refusal match its variant, never its text.

mod replay;
mod table;
mod words;

pub use table::TableRefusal;
pub use words::WordsRefusal;

use crate::engine::apply::ApplyError;
pub use crate::engine::refusal::EngineRefusal;
pub use crate::rules::charge_moves::play::ChargeMovesRefusal;
pub use crate::rules::d10_sheet::play::D10Refusal;
pub use crate::rules::old_trousers::play::TrousersRefusal;
pub use crate::rules::sound_the_charge::play::{
    CombatRefusal, FireRefusal, MovementRefusal, SoundTheChargeRefusal,
};
pub use replay::{ReplayError, ReplayFault};

/// Why a command was not carried out. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The words and checks every ruleset shares.
    #[error(transparent)]
    Engine(#[from] EngineRefusal),
    /// The command language's words (a line that does not parse).
    #[error(transparent)]
    Words(#[from] WordsRefusal),
    /// The roster, the turn and its phases, the log, `need`.
    #[error(transparent)]
    Table(#[from] TableRefusal),
    /// Moving, shooting, tests, rallies and close combat (*Sound the Charge*, both
    /// editions), and what each edition's rules forbid.
    #[error(transparent)]
    SoundTheCharge(SoundTheChargeRefusal),
    #[error(transparent)]
    ChargeMoves(ChargeMovesRefusal),
    #[error(transparent)]
    Trousers(TrousersRefusal),
    #[error(transparent)]
    D10Sheet(D10Refusal),
    /// A bug, not the referee's: events the app made itself do not apply. Nothing changed.
    #[error("internal error, nothing changed: {0}")]
    NotApplied(ApplyError),
    /// A bug, not the referee's: the log the game holds does not replay.
    #[error("internal error, nothing changed: {0}")]
    NotReplayed(Box<ReplayError>),
    /// A bug, not the referee's: what the app worked out lacks a piece it should hold.
    #[error("internal error: {0}")]
    Internal(String),
}

impl Refusal {
    /// The words do not make the command: its usage line.
    pub(crate) fn usage(usage: impl Into<String>) -> Refusal {
        Refusal::Engine(EngineRefusal::usage(usage))
    }

    /// Whether it is a bug rather than the referee's words or the rules.
    pub fn is_internal(&self) -> bool {
        matches!(
            self,
            Refusal::NotApplied(_) | Refusal::NotReplayed(_) | Refusal::Internal(_)
        )
    }

    /// Whether the words did not make the command (its usage line is the refusal).
    pub fn is_usage(&self) -> bool {
        matches!(self, Refusal::Engine(EngineRefusal::Usage { .. }))
    }
}

/// An engine refusal Charge Moves passed on is the engine's, as anyone else's is.
impl From<ChargeMovesRefusal> for Refusal {
    fn from(refusal: ChargeMovesRefusal) -> Refusal {
        match refusal {
            ChargeMovesRefusal::Engine(engine) => Refusal::Engine(engine),
            own => Refusal::ChargeMoves(own),
        }
    }
}

impl From<SoundTheChargeRefusal> for Refusal {
    fn from(refusal: SoundTheChargeRefusal) -> Refusal {
        match refusal {
            SoundTheChargeRefusal::Engine(engine) => Refusal::Engine(engine),
            SoundTheChargeRefusal::NotApplied(error) => Refusal::NotApplied(error),
            SoundTheChargeRefusal::Internal(what) => Refusal::Internal(what),
            own => Refusal::SoundTheCharge(own),
        }
    }
}

impl From<TrousersRefusal> for Refusal {
    fn from(refusal: TrousersRefusal) -> Refusal {
        match refusal {
            TrousersRefusal::Engine(engine) => Refusal::Engine(engine),
            own => Refusal::Trousers(own),
        }
    }
}

impl From<D10Refusal> for Refusal {
    fn from(refusal: D10Refusal) -> Refusal {
        match refusal {
            D10Refusal::Engine(engine) => Refusal::Engine(engine),
            own => Refusal::D10Sheet(own),
        }
    }
}

impl From<crate::core::dice::NotADie> for Refusal {
    fn from(not_a_die: crate::core::dice::NotADie) -> Refusal {
        Refusal::Engine(not_a_die.into())
    }
}
