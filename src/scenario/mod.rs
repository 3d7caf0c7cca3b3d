//! Scenario files: the TOML a referee writes, checked on load into a [`Scenario`].
//!
//! Every refusal names the file, the line and the offending value, because the referee
//! fixing a scenario at a convention table has a text editor and nothing else.

// Why this file is long: every check of a scenario file, each refusal at its line and
// column (the schema itself is in spec.rs).

use crate::core::house::HouseRules;
use crate::core::moment::parse_length;
use crate::read::Parts;
pub use crate::read::{FileError, FileErrors};
use crate::rules::Ruleset;
use crate::rules::optional_rule::OptionalRule;
use crate::rules::sides::{General, GeneralStatus, Side};
use crate::rules::unit::{
    Arm, Calibre, CavalryType, CommandState, Formation, Grade, InfantryType, Morale, Unit,
    UnitStatus,
};
use at_table::AtTable;
use serde::Deserialize;
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;
use toml::Spanned;

use crate::rules::old_trousers::scenario as trousers;
use crate::rules::sound_the_charge::scenario as stc;
use crate::rules::sound_the_charge_1_25::scenario as stc_1_25;
pub use problem::ScenarioProblem;
use problem::{IdOf, ScenarioProblem as Problem, SpecError};
pub use spec::{
    ArmWord, CarryOverSpec, GeneralSpec, HeaderSpec, HouseRulesSpec, ScenarioSpec, SideSpec,
};
pub use spec::{TypeWord, UnitSpec};

pub mod at_table;
pub mod carry_over;
mod check;
pub mod club;
pub mod csv_cells;
mod entry_by_entry;
pub mod house_rules;
pub mod order_of_battle;
pub mod problem;
pub mod spec;
pub mod template;

/// More figures than any table holds: a typo, and it would make the arithmetic silly.
pub const MAX_FIGURES: u32 = 10_000;

/// The most a scenario holds, so that no file makes a save Adjutant cannot write back or a
/// screen it cannot draw. Each is many times what a battle needs: the largest shipped
/// scenario has about a hundred units, a refight of Leipzig a few hundred; a name is a
/// line of a roster, an id a word typed at the table.
pub const MAX_UNITS: usize = 2_000;
/// See [`MAX_UNITS`].
pub const MAX_GENERALS: usize = 500;
/// See [`MAX_UNITS`]. In characters.
pub const MAX_ID_CHARS: usize = 64;
/// See [`MAX_UNITS`]. In characters.
pub const MAX_NAME_CHARS: usize = 100;
/// See [`MAX_UNITS`]. In characters.
pub const MAX_TITLE_CHARS: usize = 200;
/// See [`MAX_UNITS`]. In characters: a page of briefing.
pub const MAX_DESCRIPTION_CHARS: usize = 10_000;

/// A checked scenario: the battle as it stands before turn 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scenario {
    pub title: String,
    pub description: Option<String>,
    pub ruleset: Ruleset,
    /// The side active on turn 1.
    pub first: String,
    pub turn_limit: Option<u32>,
    /// The slot's length in seconds, which the clock counts down.
    pub slot: Option<i64>,
    pub optional_rules: Vec<OptionalRule>,
    /// A campaign battle: a broken army retreats off the table instead of the game
    /// ending (*Army Morale*).
    pub campaign: bool,
    pub sides: Vec<Side>,
    pub units: Vec<Unit>,
    pub generals: Vec<General>,
    /// The club's values for the ruleset's chart numbers (`[house_rules]`).
    pub house_rules: Arc<HouseRules>,
    /// The briefing, the victory conditions, the players and colours.
    pub at_table: AtTable,
}

/// A slot's length in seconds, as a scenario's `slot` or `--slot` gives it.
pub fn slot_length(text: &str) -> Result<i64, ScenarioProblem> {
    match parse_length(text) {
        Ok(0) => Err(Problem::NoSlot),
        Ok(seconds) => Ok(seconds),
        Err(problem) => Err(Problem::Slot(problem)),
    }
}

/// The most turns a battle runs: a day's battle is a dozen or two, a long refight a few
/// dozen. The bound keeps a save's turn starts and phase ends, each of which costs every
/// unit, in proportion to a real game (a log of 380,000 `next`s took 17 s to load).
pub const MAX_TURNS: u32 = 200;

// --- Loading -----------------------------------------------------------------------------

/// Reads and checks a scenario file.
pub fn load(path: &Path) -> Result<(Scenario, ScenarioSpec), FileErrors> {
    let file = path.display().to_string();
    let text = crate::read::read_text(path, crate::read::SCENARIO_LIMIT)?;
    parse(&file, &text)
}

/// Parses and checks scenario text; `file` names it in errors, every one found.
///
/// Read in parts when it can be (see `crate::read::Parts`): a scenario is mostly `[[unit]]`
/// entries, and the TOML parser's own tree of a whole file is about 30 times its size.
/// Any doubt parses the whole text, for the same errors on the same lines.
pub fn parse(file: &str, text: &str) -> Result<(Scenario, ScenarioSpec), FileErrors> {
    let mut parts = Parts::cut(text, &["unit", "general"], None);
    let spec = if let Some(spec) = ScenarioSpec::read_parts(&mut parts) {
        crate::read::refuse_control_characters_in(file, &parts)?;
        spec
    } else {
        let spec: ScenarioSpec =
            toml::from_str(text).map_err(|e| entry_by_entry::every_problem(file, text, &e))?;
        crate::read::refuse_control_characters(file, text)?;
        spec
    };
    let scenario = spec.check(file, text)?;
    Ok((scenario, spec))
}

/// The head of a scenario read in parts: what comes before its first `[[unit]]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HeadIn {
    scenario: HeaderSpec,
    #[serde(default)]
    house_rules: HouseRulesSpec,
    #[serde(default)]
    side: Vec<SideSpec>,
    unit: Option<Vec<UnitSpec>>,
    general: Option<Vec<GeneralSpec>>,
    carry_over: Option<CarryOverSpec>,
}

/// Whether `id` is usable as a word of the command language.
pub fn is_valid_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// The id a general gets when the scenario gives none.
pub fn general_id_from_name(name: &str) -> String {
    let mut id = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            id.push(c.to_ascii_lowercase());
        } else if !id.ends_with('-') {
            id.push('-');
        }
    }
    id.trim_matches('-').to_owned()
}

impl ScenarioSpec {
    /// A scenario file read in parts; None if the parts cannot say what the whole would.
    fn read_parts(parts: &mut Parts) -> Option<ScenarioSpec> {
        let head: HeadIn = parts.head()?;
        let mut spec = ScenarioSpec::from_parts(
            head.scenario,
            head.house_rules,
            head.side,
            head.unit,
            head.general,
            parts,
        )?;
        parts.mark_read();
        spec.carry_over = head.carry_over;
        Some(spec)
    }

    /// The spec from the tables of a head read in parts and the `[[unit]]` and
    /// `[[general]]` entries of `parts`; None if the head holds an array the parts add
    /// to, or a part cannot be read alone. Entries past one over [`MAX_UNITS`] (and
    /// [`MAX_GENERALS`]) are read and dropped: `check` refuses the file at the first one
    /// over, and the rest, typed, would only fill memory.
    pub(crate) fn from_parts(
        scenario: HeaderSpec,
        house_rules: HouseRulesSpec,
        side: Vec<SideSpec>,
        unit: Option<Vec<UnitSpec>>,
        general: Option<Vec<GeneralSpec>>,
        parts: &mut Parts,
    ) -> Option<ScenarioSpec> {
        Some(ScenarioSpec {
            scenario,
            house_rules,
            side,
            unit: entries_up_to(parts, "unit", unit, MAX_UNITS + 1)?,
            general: entries_up_to(parts, "general", general, MAX_GENERALS + 1)?,
            carry_over: None,
        })
    }
}

/// The entries of `name`: the head's, or the parts' (at most `keep` of them).
fn entries_up_to<T: serde::de::DeserializeOwned>(
    parts: &mut Parts,
    name: &'static str,
    in_head: Option<Vec<T>>,
    keep: usize,
) -> Option<Vec<T>> {
    match in_head {
        // The whole file would refuse to add to an array the head has already made.
        Some(_) if parts.has(name) => None,
        Some(entries) => Some(entries),
        None => {
            let mut entries = Vec::new();
            parts.read_entries(name, |entry| {
                if entries.len() < keep {
                    entries.push(entry);
                }
            })?;
            Some(entries)
        }
    }
}

fn check_id(id: &str, of: IdOf) -> Result<(), Problem> {
    let chars = id.chars().count();
    if chars > MAX_ID_CHARS {
        Err(Problem::IdTooLong {
            of,
            id: id.to_owned(),
            chars,
            most: MAX_ID_CHARS,
        })
    } else if is_valid_id(id) {
        Ok(())
    } else {
        Err(Problem::IdNotAWord {
            of,
            id: id.to_owned(),
        })
    }
}

/// The sides' ids, for a refusal that lists them.
fn side_ids_of(sides: &[Side]) -> Vec<String> {
    sides.iter().map(|s| s.id.clone()).collect()
}

fn find_side<'a>(sides: &'a [Side], id: &Spanned<String>) -> Result<&'a Side, SpecError> {
    sides.iter().find(|s| &s.id == id.get_ref()).ok_or_else(|| {
        (
            id.span(),
            Problem::NoSuchSide {
                side: id.get_ref().clone(),
                sides: side_ids_of(sides),
            },
        )
    })
}

impl UnitSpec {
    /// The formation it starts in is one its arm (and in *Old Trousers II* its drill)
    /// allows.
    fn check_drill(&self, unit: Unit) -> Result<Unit, SpecError> {
        if unit.may_form(unit.formation) {
            return Ok(unit);
        }
        let span = self
            .formation
            .as_ref()
            .map_or(self.id.span(), Spanned::span);
        Err((
            span,
            Problem::CannotForm {
                unit: unit.id,
                arm: unit.arm,
                formation: unit.formation,
            },
        ))
    }

    fn checked_figures(&self, id: &str) -> Result<u32, SpecError> {
        let figures = *self.figures.get_ref();
        if !(1..=MAX_FIGURES).contains(&figures) {
            return Err((
                self.figures.span(),
                Problem::FiguresOutOfRange {
                    unit: id.to_owned(),
                    figures,
                    most: MAX_FIGURES,
                },
            ));
        }
        Ok(figures)
    }

    /// An artillery unit's arm: its calibre, its gun models (at least one) and whether
    /// it is horse artillery.
    fn battery(&self, id: &str, calibre: Calibre) -> Result<Arm, SpecError> {
        let Some(guns) = &self.guns else {
            let unit = id.to_owned();
            return Err((self.id.span(), Problem::BatteryNeedsGuns { unit }));
        };
        if *guns.get_ref() == 0 {
            let unit = id.to_owned();
            return Err((guns.span(), Problem::NoGuns { unit }));
        }
        Ok(Arm::Artillery {
            calibre,
            guns: *guns.get_ref(),
            horse: self.horse.as_ref().is_some_and(|h| *h.get_ref()),
        })
    }

    /// The arm and its type, as the unit's `arm` and `type` name them.
    fn arm_of(&self, id: &str) -> Result<Arm, SpecError> {
        let type_word = *self.troop_type.get_ref();
        let bad_type = || {
            (
                self.troop_type.span(),
                Problem::NotAKindOf {
                    unit: id.to_owned(),
                    type_word,
                    arm: self.arm,
                },
            )
        };
        Ok(match self.arm {
            ArmWord::Infantry => Arm::Infantry(match type_word {
                TypeWord::Line => InfantryType::Line,
                TypeWord::Light => InfantryType::Light,
                _ => return Err(bad_type()),
            }),
            ArmWord::Cavalry => Arm::Cavalry(match type_word {
                TypeWord::Light => CavalryType::Light,
                TypeWord::Medium => CavalryType::Medium,
                TypeWord::Heavy => CavalryType::Heavy,
                _ => return Err(bad_type()),
            }),
            ArmWord::Artillery => {
                let calibre = match type_word {
                    TypeWord::Light => Calibre::Light,
                    TypeWord::Field => Calibre::Field,
                    TypeWord::Heavy => Calibre::Heavy,
                    _ => return Err(bad_type()),
                };
                self.battery(id, calibre)?
            }
        })
    }

    fn check(&self, sides: &[Side], ruleset: Ruleset) -> Result<Unit, SpecError> {
        let id = self.id.get_ref();
        check_id(id, IdOf::Unit).map_err(|m| (self.id.span(), m))?;
        let side = find_side(sides, &self.side)?;
        let arm = self.arm_of(id)?;
        self.check_equipment(id, arm)?;
        // Before the grade: a regimental gun on cavalry is refused first, as it always was.
        let sound_the_charge = stc::unit_state(self, id, arm)?;
        let grade = self.fit_ruleset(id, arm, ruleset)?;
        let figures = self.checked_figures(id)?;
        let formation = self.formation_for(id, arm, ruleset)?;
        self.check_drill(Unit {
            id: id.clone(),
            name: self.name.clone(),
            side: side.id.clone(),
            arm,
            grade,
            elite: self.elite.unwrap_or(false),
            nation: self.nation.or(side.nation),
            figures_at_start: figures,
            loss_hits: 0,
            rout_hits: 0,
            morale: Morale::Good,
            disordered: false,
            formation,
            command: CommandState::In,
            status: UnitStatus::InPlay,
            on_table: true,
            note: String::new(),
            owes_test: false,
            shooting_hits_this_turn: 0,
            in_contact_with: Vec::new(),
            fought_this_turn: false,
            moved_this_turn: false,
            charged_this_turn: false,
            charge_target: None,
            retreat_owed: None,
            // *Charge Moves* reads no key of a unit's beyond the shared roster.
            charge_moves: crate::rules::charge_moves::unit_state::UnitState::default(),
            sound_the_charge,
            one_twenty_five: stc_1_25::unit_state(self, id, arm, ruleset)?,
            trousers: trousers::unit_state(self, id, arm, ruleset, side)?,
        })
    }
}

impl UnitSpec {
    /// Guns and horse teams are artillery's.
    fn check_equipment(&self, id: &str, arm: Arm) -> Result<(), SpecError> {
        if !matches!(arm, Arm::Artillery { .. }) {
            if let Some(guns) = &self.guns {
                let unit = id.to_owned();
                return Err((guns.span(), Problem::GunsOfNoBattery { unit }));
            }
            if let Some(horse) = &self.horse {
                let unit = id.to_owned();
                return Err((horse.span(), Problem::HorseOfNoBattery { unit }));
            }
        }
        Ok(())
    }

    /// Whether the unit fits its ruleset: no guns where it has no artillery rules; a grade
    /// where it has grades (returned), none where it has not.
    fn fit_ruleset(&self, id: &str, arm: Arm, ruleset: Ruleset) -> Result<Grade, SpecError> {
        if arm.is_artillery() && !ruleset.has_artillery() {
            let unit = id.to_owned();
            return Err((
                self.troop_type.span(),
                Problem::NoArtilleryRules { unit, ruleset },
            ));
        }
        Ok(match (&self.grade, ruleset.has_grades()) {
            (Some(grade), true) => *grade.get_ref(),
            (None, true) => {
                let unit = id.to_owned();
                return Err((self.id.span(), Problem::NeedsGrade { unit }));
            }
            (Some(grade), false) => {
                let unit = id.to_owned();
                return Err((grade.span(), Problem::NoGrades { unit, ruleset }));
            }
            // Unread by a ruleset without grades.
            (None, false) => Grade::C,
        })
    }

    /// The formation the scenario gives, if the arm may take it, else the arm's usual.
    fn formation_for(&self, id: &str, arm: Arm, ruleset: Ruleset) -> Result<Formation, SpecError> {
        match &self.formation {
            Some(f) if !ruleset.formations().contains(f.get_ref()) => Err((
                f.span(),
                Problem::NoSuchFormation {
                    unit: id.to_owned(),
                    ruleset,
                    formation: *f.get_ref(),
                },
            )),
            // *Old Trousers II*'s drill is the unit's as well as its arm's: `Unit::may_form`.
            Some(f) if arm_decides_formations(ruleset) && !arm.allows(*f.get_ref()) => Err((
                f.span(),
                Problem::CannotForm {
                    unit: id.to_owned(),
                    arm,
                    formation: *f.get_ref(),
                },
            )),
            Some(f) => Ok(*f.get_ref()),
            None => Ok(arm.default_formation()),
        }
    }
}

impl GeneralSpec {
    fn check(
        &self,
        sides: &[Side],
        units: &HashMap<&str, &Unit>,
        ruleset: Ruleset,
    ) -> Result<General, SpecError> {
        let name = self.name.get_ref();
        let id = if let Some(id) = &self.id {
            check_id(id.get_ref(), IdOf::General).map_err(|m| (id.span(), m))?;
            id.get_ref().clone()
        } else {
            let id = general_id_from_name(name);
            if id.is_empty() {
                let name = name.clone();
                return Err((self.name.span(), Problem::GeneralNeedsId { name }));
            }
            id
        };
        let side = find_side(sides, &self.side)?;
        let attached = match &self.attached {
            None => None,
            Some(unit_id) => {
                let Some(unit) = units.get(unit_id.get_ref().as_str()) else {
                    return Err((
                        unit_id.span(),
                        Problem::AttachedToNoUnit {
                            general: id,
                            unit: unit_id.get_ref().clone(),
                        },
                    ));
                };
                if unit.side != side.id {
                    return Err((
                        unit_id.span(),
                        Problem::AttachedAcross {
                            general: id,
                            side: side.id.clone(),
                            unit: unit.id.clone(),
                            unit_side: unit.side.clone(),
                        },
                    ));
                }
                Some(unit.id.clone())
            }
        };
        let trousers = trousers::general_state(self, &id, ruleset)?;
        Ok(General {
            id,
            name: name.clone(),
            side: side.id.clone(),
            attached,
            status: GeneralStatus::InPlay,
            lost_on: None,
            trousers,
        })
    }
}

/// Scenarios compiled into the binary, by name: `adjutant new tutorial` works anywhere.
pub const BUILT_IN: [(&str, &str); 7] = [
    ("tutorial", include_str!("../../scenarios/tutorial.toml")),
    (
        "quatre-bras",
        include_str!("../../scenarios/quatre-bras.toml"),
    ),
    ("waterloo", include_str!("../../scenarios/waterloo.toml")),
    ("maida", include_str!("../../scenarios/maida.toml")),
    ("barrosa", include_str!("../../scenarios/barrosa.toml")),
    ("vimeiro", include_str!("../../scenarios/vimeiro.toml")),
    ("ebelsberg", include_str!("../../scenarios/ebelsberg.toml")),
];

/// The battle `adjutant` opens when given no save: the convention game.
pub const DEMO: &str = "quatre-bras";

pub fn built_in(name: &str) -> Option<&'static str> {
    BUILT_IN
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, text)| *text)
}

/// Whether the arm alone says which formations a unit may take; under *Old Trousers II* its
/// drill does too, which `Unit::may_form` reads.
fn arm_decides_formations(ruleset: Ruleset) -> bool {
    ruleset.profile().arm_decides_formations
}

#[cfg(test)]
mod tests;
