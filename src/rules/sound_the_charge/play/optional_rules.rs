//! *Sound the Charge*'s optional rules that a unit's throws ask of the battle, not of the
//! unit alone: whether the scenario plays them.

use crate::engine::state::GameState;
use crate::rules::optional_rule::OptionalRule;
use crate::rules::sound_the_charge::{BLOWN_AFTER_ROUNDS, Nation};
use crate::rules::unit::{Arm, Unit};

/// The unit's nation when national modifiers are in play (*National Modifiers*).
pub fn national_modifiers_for(state: &GameState, unit: &Unit) -> Option<Nation> {
    if !state.rule_in_play(OptionalRule::NationalModifiers) {
        return None;
    }
    unit.nation.filter(|n| *n != Nation::Other)
}

/// Blown cavalry (optional *Blown Cavalry*): cavalry that has completed its second round
/// of combat, when the rule is in play.
pub fn is_blown(state: &GameState, unit: &Unit) -> bool {
    state.rule_in_play(OptionalRule::BlownCavalry)
        && matches!(unit.arm, Arm::Cavalry(_))
        && unit.sound_the_charge.combat_rounds >= BLOWN_AFTER_ROUNDS
}
