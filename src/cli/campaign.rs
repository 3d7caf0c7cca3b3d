//! `--carry-over LAST_SAVE`: a campaign's next battle started from the last one's
//! survivors (`scenario::carry_over` decides what carries; this reads the save and tells
//! the referee).

use super::{Failure, open};
use crate::game::Game;
use crate::rules::sides::GeneralStatus;
use crate::rules::unit::UnitStatus;
use crate::scenario::carry_over::{LastBattle, LastGeneral, LastUnit, carry_over};
use crate::scenario::{self, Scenario, ScenarioSpec};
use std::io::Write;
use std::path::Path;

/// `spec` with what the battle saved at `last` left carried into it, checked; and what
/// was carried and what was not, to tell once the game is saved.
pub(super) fn carried_over(
    last: &Path,
    spec: &ScenarioSpec,
    err: &mut dyn Write,
) -> Result<(Scenario, ScenarioSpec, String), Failure> {
    let game = open(last, err)?;
    let carried = carry_over(spec, &last_battle(&game)).map_err(Failure::from)?;
    // Read again as a scenario, so the carried spec is checked as any scenario is and
    // its spans are its own.
    let text = toml::to_string(&carried.spec)?;
    let (scenario, spec) = scenario::parse("the carried-over scenario", &text)?;
    let mut told = format!(
        "carry-over from {} (\"{}\", turn {}):\n",
        last.display(),
        game.scenario().title,
        game.state().turn()
    );
    told.extend(carried.told.iter().map(|line| format!("  {line}\n")));
    Ok((scenario, spec, told))
}

/// The last battle as the next needs it: each unit's figures and whether it broke, each
/// general's fate.
fn last_battle(game: &Game) -> LastBattle {
    let state = game.state();
    LastBattle {
        ruleset: state.ruleset(),
        units: state
            .units()
            .iter()
            .map(|unit| LastUnit {
                id: unit.id.clone(),
                side: unit.side.clone(),
                figures_at_start: unit.figures_at_start,
                figures: unit.figures(),
                broken: match unit.status {
                    UnitStatus::InPlay => None,
                    UnitStatus::Shattered => Some("shattered"),
                    UnitStatus::Eliminated => Some("eliminated"),
                },
            })
            .collect(),
        generals: state
            .generals()
            .iter()
            .map(|general| LastGeneral {
                id: general.id.clone(),
                side: general.side.clone(),
                lost: match general.status {
                    GeneralStatus::InPlay => None,
                    GeneralStatus::Killed => Some("killed"),
                    GeneralStatus::Captured => Some("captured"),
                },
            })
            .collect(),
    }
}
