//! Why an event does not apply: the refusal of the one apply and of a ruleset's own
//! events' apply alike.

use crate::rules::old_trousers::event::TrousersApplyError;
use crate::rules::phase::Phase;
use crate::scenario::house_rules::HouseRuleProblem;

/// An event that does not fit the state it is applied to: only a hand-edited or
/// corrupted log produces one, since events come from checked commands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ApplyError {
    #[error("no unit '{id}'")]
    NoUnit { id: String },
    #[error("no general '{id}'")]
    NoGeneral { id: String },
    #[error("no side '{id}'")]
    NoSide { id: String },
    #[error("{count} hits on {unit}, which has {left} figures left")]
    TooManyHits { unit: String, count: u32, left: u32 },
    #[error("{count} hits taken back from {unit}, which has only {hits}")]
    TooManyTakenBack { unit: String, count: u32, hits: u32 },
    /// A phase that is not the one after the state's.
    #[error(
        "turn {turn}, {active}, {phase} phase does not follow turn {after_turn}, \
         {after_active}, {after_phase} phase"
    )]
    OutOfSequence {
        turn: u32,
        active: String,
        phase: Phase,
        after_turn: u32,
        after_active: String,
        after_phase: Phase,
    },
    /// A ruleset's own event refused in its ruleset's words.
    #[error(transparent)]
    Own(#[from] OwnApplyError),
    /// A house rule set by the log that its ruleset's numbers do not take.
    #[error(transparent)]
    HouseRule(#[from] HouseRuleProblem),
    #[error("{unit} cannot be in contact with {enemy}")]
    BadContact { unit: String, enemy: String },
    #[error("{unit} owes a test for {hits} more shooting hits than its {loss_hits} loss hits")]
    OwedTestBeyondLosses {
        unit: String,
        hits: u32,
        loss_hits: u32,
    },
}

/// Why a ruleset's own event does not fit the battle, in its ruleset's words: one line for
/// each ruleset with refusals of its own, beside its line in `own_event.rs`'s registry
/// (here, so that the registry and the apply's refusal make no circle).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OwnApplyError {
    #[error(transparent)]
    Trousers(#[from] TrousersApplyError),
}
