//! What a unit carries and how it is drilled under *Sound the Charge 1:25*: fixed by the
//! scenario, read by the tables.

use serde::{Deserialize, Serialize};

/// Per-unit facts the 1:25 tables need that `Unit` does not carry. They are the unit's
/// equipment and drill, fixed for the battle.
// Four independent facts about kit and drill, not a state.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Kit {
    /// Infantry armed with rifles (the fire table's rifles row, the `^r` exemptions).
    pub rifles: bool,
    /// *2-Rank Line* infantry, drilled and based in two ranks.
    pub two_rank: bool,
    /// Infantry without bayonets: base combat points 1.
    pub no_bayonets: bool,
    /// Cavalry with lances.
    pub lancers: bool,
}

impl Kit {
    /// The scenario's words for what the unit carries, in its `kit = [...]` order.
    pub fn words(self) -> Vec<&'static str> {
        [
            (self.rifles, KitWord::Rifles),
            (self.two_rank, KitWord::TwoRank),
            (self.no_bayonets, KitWord::NoBayonets),
            (self.lancers, KitWord::Lancers),
        ]
        .into_iter()
        .filter_map(|(on, word)| on.then_some(word.word()))
        .collect()
    }
}

/// The words of a unit's `kit = [...]` in a scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KitWord {
    Rifles,
    TwoRank,
    NoBayonets,
    Lancers,
}

impl KitWord {
    /// The word as the scenario writes it.
    pub fn word(self) -> &'static str {
        match self {
            KitWord::Rifles => "rifles",
            KitWord::TwoRank => "two-rank",
            KitWord::NoBayonets => "no-bayonets",
            KitWord::Lancers => "lancers",
        }
    }
}
