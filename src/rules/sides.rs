//! The armies and their generals as every ruleset sees them. A ruleset's own part of a
//! general is one field, its type in the ruleset's folder (*Old Trousers II*'s
//! `general_state.rs`); of a side, a plain field the other rulesets leave empty.

use super::old_trousers::command::StaffRating;
use super::old_trousers::general_state::GeneralState;
use super::sound_the_charge::Nation;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Side {
    pub id: String,
    pub name: String,
    pub nation: Option<Nation>,
    /// The army's will to fight has broken (optional *Army Morale* rule).
    pub broken: bool,
    /// *Old Trousers II*: the army's staff rating.
    pub staff: Option<StaffRating>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GeneralStatus {
    InPlay,
    Killed,
    Captured,
}

impl GeneralStatus {
    pub fn word(self) -> &'static str {
        match self {
            GeneralStatus::InPlay => "in-play",
            GeneralStatus::Killed => "killed",
            GeneralStatus::Captured => "captured",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct General {
    pub id: String,
    pub name: String,
    pub side: String,
    /// The unit he rides with; his command radius is zero while attached (*Generals*).
    pub attached: Option<String>,
    pub status: GeneralStatus,
    /// The turn he was killed, captured or (*Old Trousers II*) disabled.
    pub lost_on: Option<u32>,
    /// *Old Trousers II*: his echelon and ratings, his command's orders, his replacement.
    pub trousers: GeneralState,
}

impl General {
    /// The order his command is under and any on its way, in his ruleset's words ("defend,
    /// pending attack"); `None` where his ruleset gives commands no orders.
    pub fn order_words(&self, turn: u32) -> Option<String> {
        self.trousers.orders.summary(turn)
    }
}
