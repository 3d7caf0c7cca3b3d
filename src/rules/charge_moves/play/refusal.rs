//! Why a *Charge Moves* command was refused.

use crate::engine::refusal::EngineRefusal;

/// Why a *Charge Moves* command was refused: the engine's shared checks, or the
/// ruleset's own rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChargeMovesRefusal {
    #[error(transparent)]
    Engine(#[from] EngineRefusal),
    #[error("{0}")]
    Said(String),
}

impl ChargeMovesRefusal {
    pub(crate) fn said(message: impl Into<String>) -> ChargeMovesRefusal {
        ChargeMovesRefusal::Said(message.into())
    }
}
