//! Why a *Sound the Charge* scenario's regimental gun was refused (`scenario.rs` checks
//! it); the loader's `ScenarioProblem` wraps it.

/// A problem with a unit's `regimental_gun = true`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RegimentalGunProblem {
    #[error(
        "unit '{unit}' has a regimental gun, but the optional rule regimental-guns is \
         not in optional_rules"
    )]
    OutOfPlay { unit: String },
    #[error("unit '{unit}': only an infantry battalion has a regimental gun")]
    OfNoBattalion { unit: String },
}
