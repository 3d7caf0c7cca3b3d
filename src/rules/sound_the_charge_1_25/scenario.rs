//! What a *Sound the Charge 1:25* scenario says of a unit beyond the shared roster: its
//! kit (`kit = ["rifles", "two-rank"]`). Other rulesets refuse the key.

use super::kit::{Kit, KitWord};
use super::scenario_problem::KitProblem;
use super::unit_state::UnitState;
use crate::rules::Ruleset;
use crate::rules::unit::Arm;
use crate::scenario::problem::SpecError;
use crate::scenario::spec::UnitSpec;

/// The unit's 1:25 state as the scenario starts it: its kit, where the ruleset reads one.
pub(crate) fn unit_state(
    spec: &UnitSpec,
    id: &str,
    arm: Arm,
    ruleset: Ruleset,
) -> Result<UnitState, SpecError> {
    Ok(UnitState {
        kit: kit(spec, id, arm, ruleset)?,
        ..UnitState::default()
    })
}

/// Rifles, two ranks and no bayonets are infantry's, lances cavalry's.
fn kit(spec: &UnitSpec, id: &str, arm: Arm, ruleset: Ruleset) -> Result<Kit, SpecError> {
    let Some(words) = &spec.kit else {
        return Ok(Kit::default());
    };
    if !ruleset.has_kit() {
        let unit = id.to_owned();
        return Err((words.span(), KitProblem::NoKit { unit, ruleset }.into()));
    }
    let mut kit = Kit::default();
    for word in words.get_ref() {
        let (flag, fits) = match word {
            KitWord::Rifles => (&mut kit.rifles, arm.is_infantry()),
            KitWord::TwoRank => (&mut kit.two_rank, arm.is_infantry()),
            KitWord::NoBayonets => (&mut kit.no_bayonets, arm.is_infantry()),
            KitWord::Lancers => (&mut kit.lancers, arm.is_cavalry()),
        };
        if !fits {
            let misfit = KitProblem::KitMisfit {
                unit: id.to_owned(),
                arm,
                word: *word,
            };
            return Err((words.span(), misfit.into()));
        }
        *flag = true;
    }
    Ok(kit)
}
