//! Why a *Sound the Charge 1:25* scenario's unit kit was refused (`scenario.rs` checks
//! it); the loader's `ScenarioProblem` wraps it.

use super::kit::KitWord;
use crate::rules::Ruleset;
use crate::rules::unit::Arm;

/// A problem with a unit's `kit = [...]`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KitProblem {
    #[error("unit '{unit}': {} has no unit kit", .ruleset.title())]
    NoKit { unit: String, ruleset: Ruleset },
    /// Kit of the other arm: rifles on cavalry, lances on infantry.
    #[error("unit '{unit}': {} cannot have {}", .arm.label(), .word.word())]
    KitMisfit {
        unit: String,
        arm: Arm,
        word: KitWord,
    },
}
