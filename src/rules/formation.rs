//! The formations a unit may stand in, across every ruleset; a ruleset's profile lists
//! those it allows.

use super::old_trousers::unit as ot;
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Formation {
    Line,
    Column,
    Square,
    Skirmish,
    Limbered,
    Unlimbered,
    /// *Charge Moves*: a line two ranks deep (a plain `line` is one rank there).
    #[serde(rename = "double-line")]
    DoubleLine,
    /// *Charge Moves*: a line three ranks deep.
    #[serde(rename = "treble-line")]
    TrebleLine,
    /// *Old Trousers II*: the attack column, apart from the company (march) column that
    /// plain `column` is there.
    #[serde(rename = "attack-column")]
    AttackColumn,
}

impl Formation {
    pub const ALL: [Formation; 6] = [
        Formation::Line,
        Formation::Column,
        Formation::Square,
        Formation::Skirmish,
        Formation::Limbered,
        Formation::Unlimbered,
    ];

    pub fn word(self) -> &'static str {
        match self {
            Formation::Line => "line",
            Formation::Column => "column",
            Formation::Square => "square",
            Formation::Skirmish => "skirmish",
            Formation::Limbered => "limbered",
            Formation::Unlimbered => "unlimbered",
            Formation::DoubleLine => "double-line",
            Formation::TrebleLine => "treble-line",
            Formation::AttackColumn => "attack-column",
        }
    }

    /// The formation as *Old Trousers II* names it: plain `column` is the company column.
    pub fn in_trousers(self) -> ot::Formation {
        match self {
            Formation::Line | Formation::DoubleLine | Formation::TrebleLine => ot::Formation::Line,
            Formation::Column => ot::Formation::CompanyColumn,
            Formation::AttackColumn => ot::Formation::AttackColumn,
            Formation::Skirmish => ot::Formation::Skirmish,
            Formation::Square => ot::Formation::Square,
            Formation::Limbered => ot::Formation::Limbered,
            Formation::Unlimbered => ot::Formation::Unlimbered,
        }
    }

    /// Any ruleset's formation by its word; whether the battle's ruleset knows it is
    /// `Ruleset::formations`' business.
    pub fn from_word(word: &str) -> Option<Formation> {
        Formation::ALL
            .into_iter()
            .chain([
                Formation::DoubleLine,
                Formation::TrebleLine,
                Formation::AttackColumn,
            ])
            .find(|f| f.word().eq_ignore_ascii_case(word))
    }
}

impl fmt::Display for Formation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}
