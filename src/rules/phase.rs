//! The phases of a turn, named once for every ruleset.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A phase of a turn, under any ruleset: each ruleset's `SEQUENCE` (or *Old Trousers II*'s
/// `TURN`) lists its own, in order, and `Ruleset::sequence` picks the game's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    Rally,
    Movement,
    Shooting,
    Combat,
    Reform,
    /// *Charge Moves*: the melees and the morale throws after them. *Old Trousers II*:
    /// the melees from this player's charges.
    Melee,
    /// *Old Trousers II*: both players roll; the winner picks who moves first.
    Initiative,
    /// *Old Trousers II*, optional: each player's d10 for a random event.
    #[serde(rename = "random-events")]
    RandomEvents,
    /// *Old Trousers II*: the order segment: activation rolls, new orders, command points.
    Orders,
    /// *Old Trousers II*: units that stood still fire, both sides at once.
    #[serde(rename = "stationary-fire")]
    StationaryFire,
    /// *Old Trousers II*: chargers test to close (the excerpt stops before the test).
    #[serde(rename = "charge-test")]
    ChargeTest,
    /// *Old Trousers II*: the phasing player's units that have not fired may fire.
    #[serde(rename = "moving-fire")]
    MovingFire,
    /// *Old Trousers II*: melee winners' breakthrough moves.
    Breakthrough,
}

impl Phase {
    pub fn word(self) -> &'static str {
        match self {
            Phase::Rally => "rally",
            Phase::Movement => "movement",
            Phase::Shooting => "shooting",
            Phase::Combat => "combat",
            Phase::Reform => "reform",
            Phase::Melee => "melee",
            Phase::Initiative => "initiative",
            Phase::RandomEvents => "random events",
            Phase::Orders => "orders",
            Phase::StationaryFire => "stationary fire",
            Phase::ChargeTest => "charge test",
            Phase::MovingFire => "moving fire",
            Phase::Breakthrough => "breakthrough",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}
