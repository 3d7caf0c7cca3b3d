//! Why a command was not carried out: one enum gathering each part's own reasons, each
//! carrying the data its sentence is made from (`Display` makes the words). Callers that
//! decide on a refusal match its variant, never its text.

mod replay;
mod table;
mod words;

pub use table::TableRefusal;
pub use words::WordsRefusal;

use crate::engine::apply::ApplyError;
use crate::engine::play_refusal::{OwnRefusal, PlayRefusal};
pub use crate::engine::refusal::EngineRefusal;
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
    /// A reason of the game's ruleset's own, in its play's own type (for *Sound the
    /// Charge*: moving, shooting, tests, rallies, close combat, what each edition forbids).
    #[error(transparent)]
    Ruleset(OwnRefusal),
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

/// A ruleset's refusal, sorted by its play: the engine's, a bug, or the ruleset's own.
impl From<PlayRefusal> for Refusal {
    fn from(refusal: PlayRefusal) -> Refusal {
        match refusal {
            PlayRefusal::Engine(engine) => Refusal::Engine(engine),
            PlayRefusal::NotApplied(error) => Refusal::NotApplied(error),
            PlayRefusal::Internal(what) => Refusal::Internal(what),
            PlayRefusal::Own(own) => Refusal::Ruleset(own),
        }
    }
}

impl From<crate::core::dice::NotADie> for Refusal {
    fn from(not_a_die: crate::core::dice::NotADie) -> Refusal {
        Refusal::Engine(not_a_die.into())
    }
}
