//! Why a log entry does not replay: a save's log that no longer fits its battle (a
//! hand-edited save), read back by `history`'s replay and reported at its line by `persist`.

use super::Refusal;
use crate::engine::apply::ApplyError;
use crate::engine::state::Inconsistency;
use crate::rules::phase::Phase;

/// An event in the log that no longer fits the battle (a hand-edited save).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{command}`: {fault}")]
pub struct ReplayError {
    /// 0-based index into the log.
    pub entry: usize,
    pub command: String,
    pub fault: ReplayFault,
}

impl ReplayError {
    /// Whether the entry's words are at fault (they do not read, or do not give its
    /// events), rather than the entry as a whole.
    pub fn in_command(&self) -> bool {
        matches!(
            self.fault,
            ReplayFault::Unreadable(_)
                | ReplayFault::LogCommand { .. }
                | ReplayFault::RefusedThen(_)
                | ReplayFault::OtherEvents { .. }
        )
    }
}

/// Why a log entry does not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayFault {
    #[error(
        "stamped turn {turn}, {active}, {phase} phase, but the game was at turn {now_turn}, \
         {now_active}, {now_phase} phase"
    )]
    Stamp {
        turn: u32,
        active: String,
        phase: Phase,
        now_turn: u32,
        now_active: String,
        now_phase: Phase,
    },
    #[error(transparent)]
    NotApplied(#[from] ApplyError),
    #[error(transparent)]
    Inconsistent(#[from] Inconsistency),
    #[error("the command does not read: {0}")]
    Unreadable(Box<Refusal>),
    #[error("`{word}` acts on the log and is never recorded in it")]
    LogCommand { word: String },
    #[error("the command is refused on the battle as it stood then: {0}")]
    RefusedThen(Box<Refusal>),
    /// `gives` and `records` are the events described, in the order they apply.
    #[error(
        "the events recorded under it are not those it gives: it gives {gives}; the log \
         records {records}"
    )]
    OtherEvents { gives: String, records: String },
}
