//! Which side of a close combat a unit fights on: the shared word the log's combat
//! rounds keep (`engine/combat_round.rs`) and a ruleset's combat reads.

use serde::{Deserialize, Serialize};

/// Which side of the combat a unit is on: the attackers charged (or are named first in a
/// continuing combat), the defenders were charged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Attacker,
    Defender,
}

impl Role {
    pub fn word(self) -> &'static str {
        match self {
            Role::Attacker => "attacker",
            Role::Defender => "defender",
        }
    }
}
