//! How an *Old Trousers II* unit moved, as the shared `Moved` event carries it.

use serde::{Deserialize, Serialize};

/// What a move's `Moved` event records beyond the shared fields, and
/// what the unit keeps of it for the rest of the player turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct MoveState {
    /// Moved at the operational rate: it may not fire this turn (p17).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub operational: bool,
    /// The whole ground it may cover; a countercharge prorates against a charger's
    /// (ruling 23).
    pub reach: super::movement::Distance,
    /// A countercharge at the unit that charged it (p22): no Charge Test for either.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub countercharge: bool,
    /// A countercharge that closed the gap: the two units' melee is owed (ruling 23).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub met: bool,
}
