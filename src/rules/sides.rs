//! The armies and their generals as every ruleset sees them. A ruleset's own part of a side
//! or a general is a plain field that the other rulesets leave empty.

use super::old_trousers::command::{Commander, StaffRating};
use super::old_trousers::orders::CommandOrders;
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
    /// *Old Trousers II*: his echelon and ratings.
    pub commander: Option<Commander>,
    /// *Old Trousers II*: his command's order and the one on its way (p12-13).
    pub orders: CommandOrders,
    /// The turn he was killed, captured or (*Old Trousers II*) disabled.
    pub lost_on: Option<u32>,
    /// *Old Trousers II*: the turn a replacement took his place (p12).
    pub replaced_on: Option<u32>,
}
