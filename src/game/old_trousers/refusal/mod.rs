//! Why an *Old Trousers II* command was refused: each command module's reasons are an
//! enum of their own, here one file each, gathered by [`TrousersRefusal`].

mod commanders;
mod events;
mod fire;
mod maneuver;
mod orders;
mod turn;

pub use commanders::TrousersCommanderRefusal;
pub use events::TrousersEventRefusal;
pub use fire::TrousersFireRefusal;
pub use maneuver::TrousersManeuverRefusal;
pub use orders::TrousersOrderRefusal;
pub use turn::TrousersTurnRefusal;

use crate::game::Refusal;

/// Why an *Old Trousers II* command was refused, by the ruleset's own rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrousersRefusal {
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
}

/// A module's reason is a [`Refusal`] by way of [`TrousersRefusal`], so `?` and `.into()`
/// take it straight to the top.
macro_rules! refusal_from {
    ($($part:ty),*) => {
        $(impl From<$part> for Refusal {
            fn from(refusal: $part) -> Refusal {
                Refusal::Trousers(refusal.into())
            }
        })*
    };
}

refusal_from!(
    TrousersCommanderRefusal,
    TrousersEventRefusal,
    TrousersFireRefusal,
    TrousersManeuverRefusal,
    TrousersOrderRefusal,
    TrousersTurnRefusal
);
