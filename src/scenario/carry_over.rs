//! A campaign's next battle from the last one's survivors: `adjutant new NEXT
//! --carry-over LAST_SAVE`. No ruleset's text says what carries between battles, so the
//! next scenario's `[carry_over]` table states the referee's choice (ruling 80):
//!
//! - a unit of the same id and side comes back with the figures it ended with, and of
//!   those it lost the share `returned` gives (none by default), never more than the
//!   next scenario gives it;
//! - a unit shattered or eliminated stays out, unless `broken_units_return`;
//! - a general killed or captured stays out, and whom he rode with or commanded is told;
//! - everything else (hits, shaken, disorder, formation) starts afresh, as a new battle
//!   does, and a unit new to the campaign comes as the scenario gives it.
//!
//! The result is a scenario spec like any other: the save keeps it, so the game replays
//! without the last battle's file.

use super::general_id_from_name;
use super::spec::ScenarioSpec;
use crate::rules::Ruleset;

/// What the last battle left, as the next one needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastBattle {
    pub ruleset: Ruleset,
    pub units: Vec<LastUnit>,
    pub generals: Vec<LastGeneral>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastUnit {
    pub id: String,
    pub side: String,
    pub figures_at_start: u32,
    /// Its figures at the end.
    pub figures: u32,
    /// How it was broken (`shattered`, `eliminated`), if it was.
    pub broken: Option<&'static str>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastGeneral {
    pub id: String,
    pub side: String,
    /// How he was lost (`killed`, `captured`), if he was.
    pub lost: Option<&'static str>,
}

/// The next battle's spec, and what was carried and what was not, a line each.
#[derive(Debug, Clone, PartialEq)]
pub struct CarriedOver {
    pub spec: ScenarioSpec,
    pub told: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CarryOverProblem {
    #[error(
        "the last battle was played under {last} and this one is under {next}: a campaign \
         carries figures within one ruleset"
    )]
    OtherRuleset {
        last: &'static str,
        next: &'static str,
    },
    #[error(
        "every unit of side '{side}' was left out (broken or gone in the last battle): \
         give it units in the scenario, or broken_units_return = true under [carry_over]"
    )]
    SideLeftEmpty { side: String },
}

/// The referee's choice, as `[carry_over]` gives it or by default.
#[derive(Debug, Clone, Copy)]
struct Rules {
    returned: u32,
    broken_return: bool,
}

impl Rules {
    fn told(self) -> String {
        let figures = match self.returned {
            0 => "lost figures stay lost".to_owned(),
            share => format!("{share}% of lost figures come back"),
        };
        let broken = if self.broken_return {
            "broken units come back with their survivors"
        } else {
            "broken units stay out"
        };
        format!("{figures}; {broken}")
    }
}

/// `next` with what the `previous` battle left carried into it.
pub fn carry_over(
    next: &ScenarioSpec,
    previous: &LastBattle,
) -> Result<CarriedOver, CarryOverProblem> {
    let ruleset = *next.scenario.ruleset.get_ref();
    if previous.ruleset != ruleset {
        return Err(CarryOverProblem::OtherRuleset {
            last: previous.ruleset.title(),
            next: ruleset.title(),
        });
    }
    let table = next.carry_over.clone().unwrap_or_default();
    let rules = Rules {
        returned: table.returned.as_ref().map_or(0, |r| *r.get_ref()).min(100),
        broken_return: table.broken_units_return.unwrap_or(false),
    };
    let mut spec = next.clone();
    spec.carry_over = None;
    let mut told = vec![rules.told()];
    let left_out = carry_units(&mut spec, previous, rules, &mut told);
    let lost_generals = carry_generals(&mut spec, previous, &mut told);
    untie(&mut spec, &left_out, &lost_generals, &mut told);
    let absent: Vec<&str> = previous
        .units
        .iter()
        .filter(|u| {
            !next
                .unit
                .iter()
                .any(|n| n.id.get_ref().eq_ignore_ascii_case(&u.id))
        })
        .map(|u| u.id.as_str())
        .collect();
    if !absent.is_empty() {
        told.push(format!("not in this battle: {}", absent.join(", ")));
    }
    for side in &spec.side {
        let side = side.id.get_ref();
        if !spec.unit.iter().any(|u| u.side.get_ref() == side) {
            return Err(CarryOverProblem::SideLeftEmpty { side: side.clone() });
        }
    }
    Ok(CarriedOver { spec, told })
}

/// Each unit's figures carried, or the unit left out (its id returned); what changed
/// told.
fn carry_units(
    spec: &mut ScenarioSpec,
    previous: &LastBattle,
    rules: Rules,
    told: &mut Vec<String>,
) -> Vec<String> {
    let mut fresh = Vec::new();
    let mut full = 0;
    let mut left_out = Vec::new();
    spec.unit.retain_mut(|unit| {
        let id = unit.id.get_ref();
        let Some(was) = previous
            .units
            .iter()
            .find(|u| u.id.eq_ignore_ascii_case(id) && &u.side == unit.side.get_ref())
        else {
            fresh.push(id.clone());
            return true;
        };
        let lost = was.figures_at_start.saturating_sub(was.figures);
        let back = lost * rules.returned / 100;
        let given = *unit.figures.get_ref();
        let carried = (was.figures + back).min(given);
        let out = match was.broken {
            Some(how) if !rules.broken_return => Some(format!("{how} in the last battle")),
            _ if carried == 0 => Some("no figure left".to_owned()),
            _ => None,
        };
        if let Some(why) = out {
            told.push(format!("{id} {}: {why}, left out", unit.name));
            left_out.push(id.clone());
            return false;
        }
        if carried == given {
            full += 1;
        } else {
            told.push(format!(
                "{id} {}: {carried} of {given} figures ({lost} lost, {back} back)",
                unit.name
            ));
        }
        *unit.figures.get_mut() = carried;
        true
    });
    if full > 0 {
        told.push(format!(
            "{full} units carried at the strength the scenario gives them"
        ));
    }
    if !fresh.is_empty() {
        told.push(format!(
            "new to the campaign, as the scenario gives them: {}",
            fresh.join(", ")
        ));
    }
    left_out
}

/// The generals killed or captured left out (their ids returned), and told.
fn carry_generals(
    spec: &mut ScenarioSpec,
    previous: &LastBattle,
    told: &mut Vec<String>,
) -> Vec<String> {
    let mut gone = Vec::new();
    spec.general.retain(|general| {
        let id = general.id.as_ref().map_or_else(
            || general_id_from_name(general.name.get_ref()),
            |id| id.get_ref().clone(),
        );
        let fate = previous
            .generals
            .iter()
            .find(|g| g.id.eq_ignore_ascii_case(&id) && &g.side == general.side.get_ref())
            .and_then(|g| g.lost);
        if let Some(how) = fate {
            told.push(format!(
                "{}: {how} in the last battle, left out",
                general.name.get_ref()
            ));
            gone.push(id);
            return false;
        }
        true
    });
    gone
}

/// What named a unit or a general left out, unnamed: a general rides alone, a unit has
/// no commander.
fn untie(spec: &mut ScenarioSpec, units: &[String], generals: &[String], told: &mut Vec<String>) {
    for general in &mut spec.general {
        if let Some(unit) = general.attached.as_ref().map(|u| u.get_ref().clone())
            && units.contains(&unit)
        {
            told.push(format!(
                "{} no longer rides with {unit}",
                general.name.get_ref()
            ));
            general.attached = None;
        }
    }
    for unit in &mut spec.unit {
        if let Some(commander) = unit.commander.as_ref().map(|c| c.get_ref().clone())
            && generals.contains(&commander)
        {
            told.push(format!(
                "{} has no commander: {commander} is lost",
                unit.id.get_ref()
            ));
            unit.commander = None;
        }
    }
}
