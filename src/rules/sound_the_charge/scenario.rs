//! What a *Sound the Charge* scenario says of a unit beyond the shared roster: a light gun
//! attached to an infantry battalion (`regimental_gun = true`, optional *Regimental
//! Guns*).

use super::scenario_problem::RegimentalGunProblem;
use super::unit_state::{RegimentalGun, UnitState};
use crate::rules::optional_rule::OptionalRule;
use crate::rules::unit::Arm;
use crate::scenario::problem::SpecError;
use crate::scenario::spec::{ScenarioSpec, UnitSpec};
use toml::Spanned;

/// The unit's state as the scenario starts it: its regimental gun ready, where it has one
/// (an infantry battalion's alone).
pub(crate) fn unit_state(spec: &UnitSpec, id: &str, arm: Arm) -> Result<UnitState, SpecError> {
    if let Some(gun) = &spec.regimental_gun
        && *gun.get_ref()
        && !matches!(arm, Arm::Infantry(_))
    {
        let unit = id.to_owned();
        return Err((
            gun.span(),
            RegimentalGunProblem::OfNoBattalion { unit }.into(),
        ));
    }
    Ok(UnitState {
        regimental_gun: has_regimental_gun(spec).then_some(RegimentalGun::Ready),
        ..UnitState::default()
    })
}

/// A regimental gun only where the optional rule is in play.
pub(crate) fn regimental_guns_in_play(spec: &ScenarioSpec) -> Result<(), SpecError> {
    let in_play = spec
        .scenario
        .optional_rules
        .contains(&OptionalRule::RegimentalGuns);
    match spec.unit.iter().find(|u| has_regimental_gun(u)) {
        Some(unit) if !in_play => {
            let span = unit
                .regimental_gun
                .as_ref()
                .map_or(unit.id.span(), Spanned::span);
            let unit = unit.id.get_ref().clone();
            Err((span, RegimentalGunProblem::OutOfPlay { unit }.into()))
        }
        _ => Ok(()),
    }
}

fn has_regimental_gun(spec: &UnitSpec) -> bool {
    spec.regimental_gun.as_ref().is_some_and(|g| *g.get_ref())
}
