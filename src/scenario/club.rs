//! A club's file of house rules (`adjutant new SCENARIO --house-rules club.toml`): the
//! `[house_rules]` table a scenario would hold, kept apart so one file serves every
//! battle the club plays with the ruleset. At the game's start it is read over the
//! scenario's own, and the save keeps the result: a replay never reads the club file again.

use super::house_rules;
use super::spec::HouseRulesSpec;
use super::{Scenario, ScenarioSpec};
use crate::read::{self, FileError};
use serde::Deserialize;
use std::path::Path;
use std::sync::Arc;

/// The club file as written: its house rules and nothing else.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ClubFile {
    #[serde(default)]
    house_rules: HouseRulesSpec,
}

/// `scenario` (and the `spec` it was checked from) with the club file at `path` read over
/// its house rules: where both name a number the club's value is played, and each such
/// number is told in the lines returned. The file is refused at its line and column for
/// a name the ruleset's charts do not print or a value its number cannot take.
pub fn with_club_file(
    path: &Path,
    mut scenario: Scenario,
    mut spec: ScenarioSpec,
) -> Result<(Scenario, ScenarioSpec, Vec<String>), FileError> {
    let file = path.display().to_string();
    let text = read::read_text(path, read::SCENARIO_LIMIT)?;
    let club: ClubFile =
        toml::from_str(&text).map_err(|e| FileError::from_toml(&file, &text, &e))?;
    read::refuse_control_characters(&file, &text)?;
    if club.house_rules.is_empty() {
        return Err(FileError::whole_file(
            &file,
            "it holds no [house_rules] table: write the club's numbers under one, as a \
             scenario would (`adjutant lookup --names` lists them)",
        ));
    }
    let club_rules = house_rules::check(&club.house_rules, scenario.ruleset)
        .map_err(|(span, problem)| FileError::at(&file, &text, &span, problem.to_string()))?;
    let mut told = Vec::new();
    for (name, value) in club.house_rules {
        // A map's key compares by its text alone: take the scenario's out first, or
        // the insert would keep it.
        if let Some((_, was)) = spec.house_rules.remove_entry(&name) {
            told.push(format!(
                "{}: the club's {} over the scenario's {}",
                name.get_ref(),
                value.get_ref(),
                was.get_ref()
            ));
        }
        spec.house_rules.insert(name, value);
    }
    // Both tables were checked: the club's values go over the scenario's as they stand.
    let merged = Arc::make_mut(&mut scenario.house_rules);
    for (name, value) in club_rules.iter() {
        merged.set(name, value);
    }
    Ok((scenario, spec, told))
}
