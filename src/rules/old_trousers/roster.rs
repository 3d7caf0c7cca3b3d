//! The roster's unit as *Old Trousers II*'s rules read it. An `impl Unit` here rather than
//! in `rules/unit.rs`, which names no ruleset's rules beyond the states it holds.

use super::unit as ot;
use crate::rules::unit::{Morale, Unit};

impl Unit {
    /// The unit as *Old Trousers II*'s rules read it, with its state now; `None` outside
    /// that ruleset.
    pub fn as_trousers(&self) -> Option<ot::Unit> {
        let traits = self.trousers.traits?;
        let guns = self.guns_left().unwrap_or(0);
        Some(ot::Unit {
            name: self.name.clone(),
            nation: traits.nation,
            arm: traits.arm,
            morale: traits.morale,
            starting_figures: self.figures_at_start,
            figures: self.figures(),
            guns,
            formation: self.formation.in_trousers(),
            untrained: traits.untrained,
            impetuous: traits.impetuous,
            rifles: traits.rifles,
            skirmish_ability: traits.skirmish_ability,
            quick_drill: traits.quick_drill,
            attack_column: traits.attack_column,
            disordered: self.disordered,
            shaken: self.morale == Morale::Shaken,
            routed: self.morale == Morale::Routed,
        })
    }
}
