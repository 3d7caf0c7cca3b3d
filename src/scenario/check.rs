//! Checking a scenario as written into a [`Scenario`]: the cross-references and
//! combinations serde cannot check, every problem found at its line.
//!
//! The check goes on past a problem wherever what follows can still be judged, so the
//! referee sees every line to fix at once. It does not report what a problem already
//! reported would cause: a unit refused is still a unit of its side, and a general
//! attached to a unit that did not read is not blamed for it.

use super::problem::{Clash, IdOf, ScenarioProblem as Problem, SpecError};
use super::spec::ScenarioSpec;
use super::{
    MAX_DESCRIPTION_CHARS, MAX_GENERALS, MAX_NAME_CHARS, MAX_TITLE_CHARS, MAX_TURNS, MAX_UNITS,
    Scenario, check_id, house_rules, side_ids_of, trousers,
};
use crate::read::{FileError, FileErrors};
use crate::rules::Ruleset;
use crate::rules::optional_rule::OptionalRule;
use crate::rules::sides::{General, Side};
use crate::rules::unit::Unit;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::ops::Range;
use std::sync::Arc;
use toml::Spanned;

/// What of a file did not read (its `[[unit]]` and `[[general]]` entries the TOML
/// reader, or a spreadsheet's rows the import, refused), for the check of the rest.
#[derive(Debug, Default)]
pub(crate) struct Unread {
    pub errors: Vec<FileError>,
    pub units: UnreadUnits,
}

/// Units not checked: the ids of those whose id could be read, and whether some
/// could not be (then any unit may be the one meant).
#[derive(Debug, Default)]
pub(crate) struct UnreadUnits {
    pub ids: Vec<String>,
    pub unknown: bool,
}

/// The problems found so far, each at its place in the file.
struct Found<'a> {
    file: &'a str,
    text: &'a str,
    errors: Vec<FileError>,
}

impl Found<'_> {
    fn at(&mut self, (span, problem): SpecError) {
        let error = FileError::at(self.file, self.text, &span, problem.to_string());
        self.errors.push(error);
    }

    /// A problem at its span, or of the whole file when it has none.
    fn placed(&mut self, (span, problem): (Option<Range<usize>>, Problem)) {
        if let Some(span) = span {
            self.at((span, problem));
        } else {
            let error = FileError::whole_file(self.file, problem.to_string());
            self.errors.push(error);
        }
    }

    /// What `result` holds, or None with its problem noted.
    fn ok<T>(&mut self, result: Result<T, SpecError>) -> Option<T> {
        result.map_err(|problem| self.at(problem)).ok()
    }
}

impl ScenarioSpec {
    /// The scenario, or every problem found in it, pointing at `text`'s lines.
    pub fn check(&self, file: &str, text: &str) -> Result<Scenario, FileErrors> {
        self.check_after(file, text, Unread::default())
    }

    /// [`ScenarioSpec::check`] of a spec some of whose `[[unit]]` and `[[general]]`
    /// entries did not read, for `unread`'s reasons: they are reported with the rest,
    /// and what their absence alone would cause is not.
    pub(crate) fn check_after(
        &self,
        file: &str,
        text: &str,
        unread: Unread,
    ) -> Result<Scenario, FileErrors> {
        let whole = unread.errors.is_empty();
        let mut found = Found {
            file,
            text,
            errors: unread.errors,
        };
        let scenario = self.check_into(&mut found, whole, &unread.units);
        match FileErrors::new(found.errors) {
            Some(errors) => Err(errors),
            None => Ok(scenario.expect("a scenario with no problem is made")),
        }
    }

    /// The scenario if nothing was found wrong; `whole`: every entry of the file read,
    /// `unread` the units' of those that were not.
    fn check_into(
        &self,
        found: &mut Found<'_>,
        whole: bool,
        unread: &UnreadUnits,
    ) -> Option<Scenario> {
        if !self.check_sizes(found) {
            // Past a bound, the rest would be thousands of lines, each its own problem.
            return None;
        }
        let ruleset = *self.scenario.ruleset.get_ref();
        let (sides, mut sides_whole) = self.check_sides(found, ruleset);
        if sides_whole && let Some(mistyped) = self.side_mistyped(&sides) {
            found.at(mistyped);
            sides_whole = false;
        }
        let first = self.scenario.first.get_ref();
        if sides_whole && !sides.iter().any(|s| &s.id == first) {
            found.at((
                self.scenario.first.span(),
                Problem::FirstNotASide {
                    first: first.clone(),
                    sides: side_ids_of(&sides),
                },
            ));
        }
        found.ok(self.check_optional_rules(ruleset));
        // With a side wrong, what names it is not wrong too: each side named is taken
        // for a side while the units and generals are checked.
        let named = if sides_whole {
            Vec::new()
        } else {
            self.sides_named_beyond(&sides)
        };
        let sides_named: Vec<Side> = sides.iter().cloned().chain(named).collect();
        let (mut units, refused) = self.check_units(found, &sides_named, ruleset);
        let all_units = refused.ids.is_empty() && !refused.unknown;
        // A general attached to a unit refused, or to one that did not read, is not
        // blamed: it may name the unit it meant.
        let meant = |id: &str| {
            let named = |ids: &[String]| ids.iter().any(|u| u.eq_ignore_ascii_case(id));
            refused.unknown || unread.unknown || named(&refused.ids) || named(&unread.ids)
        };
        found.ok(self.rules_needed());
        if whole && sides_whole {
            for (side, spec) in sides.iter().zip(&self.side) {
                if self.unit.iter().all(|u| u.side.get_ref() != &side.id) {
                    let side = side.id.clone();
                    found.at((spec.id.span(), Problem::SideWithoutUnits { side }));
                }
            }
        }
        let (generals, all_generals) =
            self.check_generals(found, &sides_named, &units, ruleset, &meant);
        // Each unit's commander is read in step with the entries: only once all are in.
        if whole && all_units && all_generals {
            found.ok(trousers::unit_commanders(
                &self.unit, &mut units, &generals, ruleset,
            ));
        }
        let at_table = self.at_table().map_err(|p| found.placed(p)).ok();
        let house_rules = house_rules::check(&self.house_rules, ruleset)
            .map_err(|(span, p)| found.at((span, p.into())))
            .ok();
        let slot = found.ok(self.slot());
        if let Some(returned) = self.carry_over.as_ref().and_then(|c| c.returned.as_ref())
            && *returned.get_ref() > 100
        {
            let percent = *returned.get_ref();
            found.at((returned.span(), Problem::ReturnedOverAll { percent }));
        }
        if !found.errors.is_empty() {
            return None;
        }
        let mut optional_rules = self.scenario.optional_rules.clone();
        optional_rules.dedup();
        Some(Scenario {
            title: self.scenario.title.clone(),
            description: self.scenario.description.clone(),
            ruleset,
            first: first.clone(),
            turn_limit: self.scenario.turns.as_ref().map(|t| *t.get_ref()),
            slot: slot?,
            optional_rules,
            campaign: self.is_campaign(),
            sides,
            units,
            generals,
            house_rules: Arc::new(house_rules?),
            at_table: at_table?,
        })
    }

    fn is_campaign(&self) -> bool {
        self.scenario
            .campaign
            .as_ref()
            .is_some_and(|c| *c.get_ref())
    }

    /// The sides whose ids are good, each once, and whether they are the battle's two
    /// with nothing wrong in them.
    fn check_sides(&self, found: &mut Found<'_>, ruleset: Ruleset) -> (Vec<Side>, bool) {
        let mut sides: Vec<Side> = Vec::new();
        let mut side_ids = Taken::default();
        let mut whole = true;
        for spec in &self.side {
            let id = spec.id.get_ref();
            if let Err(problem) = check_id(id, IdOf::Side) {
                found.at((spec.id.span(), problem));
                whole = false;
                continue;
            }
            if let Some(clash) = side_ids.take(id) {
                let of = IdOf::Side;
                found.at((spec.id.span(), Problem::DuplicateId { of, clash }));
                whole = false;
                continue;
            }
            let staff = trousers::staff(spec, ruleset)
                .map_err(|problem| {
                    found.at(problem);
                    whole = false;
                })
                .unwrap_or_default();
            sides.push(Side {
                id: id.clone(),
                name: spec.name.clone(),
                nation: spec.nation,
                broken: false,
                staff,
            });
        }
        if self.side.len() != 2 {
            // Blame the first side too many, or `first` when there are too few.
            let span = self
                .side
                .get(2)
                .map_or_else(|| self.scenario.first.span(), |extra| extra.id.span());
            let count = self.side.len();
            found.at((span, Problem::NotTwoSides { count }));
            whole = false;
        }
        (sides, whole)
    }

    /// One side no unit names while units name one other that is not a side: a typo in
    /// one of the two ids, told once at the side's.
    fn side_mistyped(&self, sides: &[Side]) -> Option<SpecError> {
        let named_by_units = |id: &str| self.unit.iter().filter(|u| u.side.get_ref() == id).count();
        let mut lonely = self
            .side
            .iter()
            .filter(|s| named_by_units(s.id.get_ref()) == 0);
        let side = lonely.next().filter(|_| lonely.next().is_none())?;
        let mut unknown: Vec<&String> = self
            .unit
            .iter()
            .map(|u| u.side.get_ref())
            .filter(|id| !sides.iter().any(|s| &&s.id == id))
            .collect();
        unknown.sort();
        unknown.dedup();
        let [named] = unknown.as_slice() else {
            return None;
        };
        let units = match named_by_units(named) {
            1 => "1 unit".to_owned(),
            n => format!("{n} units"),
        };
        let problem = Problem::SideMistyped {
            side: side.id.get_ref().clone(),
            named: (*named).clone(),
            units,
        };
        Some((side.id.span(), problem))
    }

    /// A side for each id the units and generals name that is not among `sides`.
    fn sides_named_beyond(&self, sides: &[Side]) -> Vec<Side> {
        let mut named: Vec<Side> = Vec::new();
        let units = self.unit.iter().map(|u| u.side.get_ref());
        for id in units.chain(self.general.iter().map(|g| g.side.get_ref())) {
            if !sides.iter().chain(&named).any(|s| &s.id == id) {
                named.push(Side {
                    id: id.clone(),
                    name: id.clone(),
                    nation: None,
                    broken: false,
                    staff: None,
                });
            }
        }
        named
    }

    /// The units that are good, each id once, and those refused.
    fn check_units(
        &self,
        found: &mut Found<'_>,
        sides: &[Side],
        ruleset: Ruleset,
    ) -> (Vec<Unit>, UnreadUnits) {
        let mut units: Vec<Unit> = Vec::with_capacity(self.unit.len());
        let mut unit_ids = Taken::default();
        let mut refused = UnreadUnits::default();
        for spec in &self.unit {
            let id = spec.id.get_ref();
            if let Some(clash) = unit_ids.take(id) {
                let of = IdOf::Unit;
                found.at((spec.id.span(), Problem::DuplicateId { of, clash }));
                refused.ids.push(id.clone());
                continue;
            }
            match spec.check(sides, ruleset) {
                Ok(unit) => units.push(unit),
                Err(problem) => {
                    // Its id itself refused: a general may name it as it was meant.
                    refused.unknown |= matches!(
                        problem.1,
                        Problem::IdNotAWord { .. } | Problem::IdTooLong { .. }
                    );
                    refused.ids.push(id.clone());
                    found.at(problem);
                }
            }
        }
        (units, refused)
    }

    /// Whether the scenario is within [`MAX_UNITS`] and [`MAX_GENERALS`]; the other
    /// bounds' problems noted.
    fn check_sizes(&self, found: &mut Found<'_>) -> bool {
        // The length of a text over `most` characters.
        let over = |text: &str, most: usize| Some(text.chars().count()).filter(|&n| n > most);
        let most = MAX_TITLE_CHARS;
        if let Some(chars) = over(&self.scenario.title, most) {
            found.placed((None, Problem::TitleTooLong { chars, most }));
        }
        let description = self.scenario.description.as_deref().unwrap_or_default();
        let most = MAX_DESCRIPTION_CHARS;
        if let Some(chars) = over(description, most) {
            found.placed((None, Problem::DescriptionTooLong { chars, most }));
        }
        if let Some(turns) = &self.scenario.turns {
            let most = MAX_TURNS;
            match *turns.get_ref() {
                0 => found.at((turns.span(), Problem::NoTurns)),
                n if n > most => {
                    found.at((turns.span(), Problem::TooManyTurns { turns: n, most }));
                }
                _ => {}
            }
        }
        let mut within = true;
        if let Some(extra) = self.unit.get(MAX_UNITS) {
            let most = MAX_UNITS;
            found.at((extra.id.span(), Problem::TooManyUnits { most }));
            within = false;
        }
        if let Some(extra) = self.general.get(MAX_GENERALS) {
            let most = MAX_GENERALS;
            found.at((extra.name.span(), Problem::TooManyGenerals { most }));
            within = false;
        }
        if !within {
            return false;
        }
        let most = MAX_NAME_CHARS;
        for side in &self.side {
            if let Some(chars) = over(&side.name, most) {
                let side_id = side.id.get_ref().clone();
                let problem = Problem::SideNameTooLong {
                    side: side_id,
                    chars,
                    most,
                };
                found.at((side.id.span(), problem));
            }
        }
        for unit in &self.unit {
            if let Some(chars) = over(&unit.name, most) {
                let unit_id = unit.id.get_ref().clone();
                let problem = Problem::UnitNameTooLong {
                    unit: unit_id,
                    chars,
                    most,
                };
                found.at((unit.id.span(), problem));
            }
        }
        for general in &self.general {
            if let Some(chars) = over(general.name.get_ref(), most) {
                let problem = Problem::GeneralNameTooLong { chars, most };
                found.at((general.name.span(), problem));
            }
        }
        true
    }

    /// The slot's length in seconds, if the scenario gives one.
    fn slot(&self) -> Result<Option<i64>, SpecError> {
        let Some(slot) = &self.scenario.slot else {
            return Ok(None);
        };
        super::slot_length(slot.get_ref())
            .map(Some)
            .map_err(|problem| (slot.span(), problem))
    }

    /// The generals that are good, their ids distinct, and whether every general was.
    /// `meant(id)`: a unit of that id may have been meant, though none was checked.
    fn check_generals(
        &self,
        found: &mut Found<'_>,
        sides: &[Side],
        units: &[Unit],
        ruleset: Ruleset,
        meant: &dyn Fn(&str) -> bool,
    ) -> (Vec<General>, bool) {
        let mut generals: Vec<General> = Vec::with_capacity(self.general.len());
        let mut ids = Taken::default();
        let mut all = true;
        let unit_by_id: HashMap<&str, &Unit> = units.iter().map(|u| (u.id.as_str(), u)).collect();
        for spec in &self.general {
            let general = match spec.check(sides, &unit_by_id, ruleset) {
                Ok(general) => general,
                Err((_, Problem::AttachedToNoUnit { unit, .. })) if meant(&unit) => {
                    all = false;
                    continue;
                }
                Err(problem) => {
                    found.at(problem);
                    all = false;
                    continue;
                }
            };
            if let Some(clash) = ids.take(&general.id) {
                let span = spec.id.as_ref().map_or(spec.name.span(), Spanned::span);
                let of = IdOf::General;
                found.at((span, Problem::DuplicateId { of, clash }));
                all = false;
                continue;
            }
            generals.push(general);
        }
        (generals, all)
    }

    /// Every optional rule the scenario switches on must be one of its ruleset's.
    fn check_optional_rules(&self, ruleset: Ruleset) -> Result<(), SpecError> {
        if let Some(rule) = self
            .scenario
            .optional_rules
            .iter()
            .find(|r| !ruleset.optional_rules().contains(r))
        {
            return Err((
                self.scenario.ruleset.span(),
                Problem::NotAnOptionalRule {
                    rule: *rule,
                    ruleset,
                },
            ));
        }
        Ok(())
    }

    /// Settings that only mean something with an optional rule in play.
    fn rules_needed(&self) -> Result<(), SpecError> {
        super::stc::regimental_guns_in_play(self)?;
        if let Some(flag) = &self.scenario.campaign
            && self.is_campaign()
            && !self
                .scenario
                .optional_rules
                .contains(&OptionalRule::ArmyMorale)
        {
            return Err((flag.span(), Problem::CampaignWithoutArmyMorale));
        }
        Ok(())
    }
}

/// The ids taken so far, found whatever their case: commands ignore case, so ids that
/// differ only in case would be ambiguous. A lookup, not a walk down the list: a battle of
/// 2,000 units would otherwise compare two million pairs.
#[derive(Default)]
struct Taken(HashMap<String, String>);

impl Taken {
    /// Takes `id`, or says whom it clashes with: itself, or one the same but for case.
    fn take(&mut self, id: &str) -> Option<Clash> {
        match self.0.entry(id.to_ascii_lowercase()) {
            Entry::Occupied(taken) => {
                let t = taken.get();
                Some(Clash {
                    id: id.to_owned(),
                    taken: (t != id).then(|| t.clone()),
                })
            }
            Entry::Vacant(free) => {
                free.insert(id.to_owned());
                None
            }
        }
    }
}
