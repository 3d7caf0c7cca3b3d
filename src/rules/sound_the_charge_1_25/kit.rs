//! What a unit carries and how it is drilled under *Sound the Charge 1:25*: fixed by the
//! scenario, read by the tables.

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
            (self.rifles, "rifles"),
            (self.two_rank, "two-rank"),
            (self.no_bayonets, "no-bayonets"),
            (self.lancers, "lancers"),
        ]
        .into_iter()
        .filter_map(|(on, word)| on.then_some(word))
        .collect()
    }
}
