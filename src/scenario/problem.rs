//! Why the loader refused a scenario: each check's problem, its data kept, its sentence made here.

use super::house_rules::HouseRuleProblem;
use super::spec::{ArmWord, TypeWord};
use crate::core::moment::LengthProblem;
use crate::rules::Ruleset;
use crate::rules::old_trousers::scenario_problem::TrousersScenarioProblem;
use crate::rules::optional_rule::OptionalRule;
use crate::rules::sound_the_charge::scenario_problem::RegimentalGunProblem;
use crate::rules::sound_the_charge_1_25::scenario_problem::KitProblem;
use crate::rules::unit::{Arm, Formation};
use std::fmt;
use std::ops::Range;

/// A problem in a scenario: where in the file, and what is wrong there.
pub(crate) type SpecError = (Range<usize>, ScenarioProblem);

/// A problem in a scenario file: what is wrong, without where (`SpecError` adds the span).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScenarioProblem {
    /// What only *Old Trousers II* reads, checked by it.
    #[error(transparent)]
    Trousers(#[from] TrousersScenarioProblem),
    /// A regimental gun, checked by *Sound the Charge*.
    #[error(transparent)]
    RegimentalGun(#[from] RegimentalGunProblem),
    /// A unit's kit, checked by *Sound the Charge 1:25*.
    #[error(transparent)]
    Kit(#[from] KitProblem),
    /// A `[house_rules]` name or value.
    #[error(transparent)]
    HouseRule(#[from] HouseRuleProblem),
    #[error("the title is {chars} characters; it holds at most {most}")]
    TitleTooLong { chars: usize, most: usize },
    #[error("the description is {chars} characters; it holds at most {most}")]
    DescriptionTooLong { chars: usize, most: usize },
    #[error("side '{side}': its name is {chars} characters; it holds at most {most}")]
    SideNameTooLong {
        side: String,
        chars: usize,
        most: usize,
    },
    #[error("unit '{unit}': its name is {chars} characters; it holds at most {most}")]
    UnitNameTooLong {
        unit: String,
        chars: usize,
        most: usize,
    },
    #[error("a general's name is {chars} characters; it holds at most {most}")]
    GeneralNameTooLong { chars: usize, most: usize },
    #[error("{what} is {chars} characters; it holds at most {most}")]
    TextTooLong {
        what: &'static str,
        chars: usize,
        most: usize,
    },
    #[error("side '{side}' lists more than {most} players")]
    TooManyPlayers { side: String, most: usize },
    #[error("colour \"{colour}\" is not a colour written like #1f3a93")]
    NotAColour { colour: String },
    #[error("slot: {0}")]
    Slot(#[from] LengthProblem),
    #[error("slot: a slot of no time leaves no game; give its length, like 4h")]
    NoSlot,
    #[error("turns must be at least 1, not 0")]
    NoTurns,
    #[error("turns must be at most {most}, not {turns}")]
    TooManyTurns { turns: u32, most: u32 },
    #[error("more than {most} units; a battle holds at most {most}")]
    TooManyUnits { most: usize },
    #[error("more than {most} generals; a battle holds at most {most}")]
    TooManyGenerals { most: usize },
    #[error("{of} id '{id}' is {chars} characters; an id holds at most {most}")]
    IdTooLong {
        of: IdOf,
        id: String,
        chars: usize,
        most: usize,
    },
    /// An id the command language cannot type.
    #[error("{of} id '{id}' may hold only letters, digits, '-', '_' and '.'")]
    IdNotAWord { of: IdOf, id: String },
    /// An id taken already, perhaps in another case.
    #[error("duplicate {of} id {clash}")]
    DuplicateId { of: IdOf, clash: Clash },
    #[error("a Sound the Charge battle has exactly two sides; this file has {count}")]
    NotTwoSides { count: usize },
    /// `first` names no side; `sides` are the ids there are.
    #[error("first = '{first}' is not a side (sides: {})", .sides.join(", "))]
    FirstNotASide { first: String, sides: Vec<String> },
    /// A unit's or general's `side` names no side; `sides` are the ids there are.
    #[error("no side '{side}' (sides: {})", .sides.join(", "))]
    NoSuchSide { side: String, sides: Vec<String> },
    #[error("side '{side}' has no units")]
    SideWithoutUnits { side: String },
    /// An optional rule the scenario's ruleset does not have.
    #[error("{}", not_an_optional_rule(*.rule, *.ruleset))]
    NotAnOptionalRule {
        rule: OptionalRule,
        ruleset: Ruleset,
    },
    #[error(
        "campaign = true is what a broken army does: it needs army-morale in \
         optional_rules"
    )]
    CampaignWithoutArmyMorale,
    /// A side no unit names, while units name one that is not: one id is mistyped.
    #[error(
        "side '{side}' has no units, and {units} name side '{named}', which is none: one \
         of the two ids is mistyped"
    )]
    SideMistyped {
        side: String,
        named: String,
        units: String,
    },
    /// `[carry_over]`'s share of lost figures back over the whole.
    #[error(
        "returned = {percent}: the share of each unit's lost figures that come back is a \
         percentage, 0 to 100"
    )]
    ReturnedOverAll { percent: u32 },
    /// A formation the unit's arm cannot take.
    #[error("unit '{unit}': {} cannot be in {formation} formation", .arm.label())]
    CannotForm {
        unit: String,
        arm: Arm,
        formation: Formation,
    },
    /// A formation the ruleset does not have.
    #[error("unit '{unit}': {} has no {formation} formation", .ruleset.title())]
    NoSuchFormation {
        unit: String,
        ruleset: Ruleset,
        formation: Formation,
    },
    #[error("unit '{unit}': figures must be from 1 to {most}, not {figures}")]
    FiguresOutOfRange {
        unit: String,
        figures: u32,
        most: u32,
    },
    #[error("artillery unit '{unit}' needs `guns = <number of gun models>`")]
    BatteryNeedsGuns { unit: String },
    #[error("unit '{unit}': guns must be at least 1")]
    NoGuns { unit: String },
    /// A `type` that is not one of the `arm`'s.
    #[error(
        "unit '{unit}': type '{}' is not a kind of {} ({})",
        type_word_str(*.type_word),
        arm_word_str(*.arm),
        types_of(*.arm)
    )]
    NotAKindOf {
        unit: String,
        type_word: TypeWord,
        arm: ArmWord,
    },
    #[error("unit '{unit}': only artillery has guns")]
    GunsOfNoBattery { unit: String },
    #[error("unit '{unit}': `horse` is for artillery only (horse batteries)")]
    HorseOfNoBattery { unit: String },
    #[error("unit '{unit}': {} has no rules for artillery", .ruleset.title())]
    NoArtilleryRules { unit: String, ruleset: Ruleset },
    #[error("unit '{unit}' needs `grade = \"A\"` (A, B, C or D)")]
    NeedsGrade { unit: String },
    #[error("unit '{unit}': {} has no morale grades", .ruleset.title())]
    NoGrades { unit: String, ruleset: Ruleset },
    /// A general with no `id` whose name makes none.
    #[error("general '{name}' needs an `id` (letters or digits)")]
    GeneralNeedsId { name: String },
    #[error("general '{general}' is attached to '{unit}', which is not a unit")]
    AttachedToNoUnit { general: String, unit: String },
    /// A general attached to a unit of the other side.
    #[error("general '{general}' ({side}) cannot be attached to '{unit}' of side '{unit_side}'")]
    AttachedAcross {
        general: String,
        side: String,
        unit: String,
        unit_side: String,
    },
}

/// What an id names: a side, a unit or a general.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdOf {
    Side,
    Unit,
    General,
}

impl fmt::Display for IdOf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IdOf::Side => "side",
            IdOf::Unit => "unit",
            IdOf::General => "general",
        })
    }
}

/// An id that clashes with one taken: the same, or (`taken`) the same but for case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clash {
    pub id: String,
    /// The id taken first, where it differs from `id` in case.
    pub taken: Option<String>,
}

impl fmt::Display for Clash {
    /// "'fr1'", or "'FR1' (same as 'fr1' but for case)".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.taken {
            None => write!(f, "'{}'", self.id),
            Some(taken) => write!(f, "'{}' (same as '{taken}' but for case)", self.id),
        }
    }
}

/// The `type` words an arm takes, as a refusal lists them.
fn types_of(arm: ArmWord) -> &'static str {
    match arm {
        ArmWord::Infantry => "line or light",
        ArmWord::Cavalry => "light, medium or heavy",
        ArmWord::Artillery => "light, field or heavy",
    }
}

fn arm_word_str(arm: ArmWord) -> &'static str {
    match arm {
        ArmWord::Infantry => "infantry",
        ArmWord::Cavalry => "cavalry",
        ArmWord::Artillery => "artillery",
    }
}

fn type_word_str(word: TypeWord) -> &'static str {
    match word {
        TypeWord::Line => "line",
        TypeWord::Light => "light",
        TypeWord::Medium => "medium",
        TypeWord::Heavy => "heavy",
        TypeWord::Field => "field",
    }
}

/// "optional rule \"lances\" is not one of Charge Moves's: it has none".
fn not_an_optional_rule(rule: OptionalRule, ruleset: Ruleset) -> String {
    let named = serde_json::to_string(&rule).unwrap_or_default();
    let none = if ruleset.optional_rules().is_empty() {
        ": it has none"
    } else {
        ""
    };
    format!(
        "optional rule {named} is not one of {}'s{none}",
        ruleset.title()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_problem_says_what_the_loader_said() {
        let clash = ScenarioProblem::DuplicateId {
            of: IdOf::Unit,
            clash: Clash {
                id: "FR1".to_owned(),
                taken: Some("fr1".to_owned()),
            },
        };
        assert_eq!(
            clash.to_string(),
            "duplicate unit id 'FR1' (same as 'fr1' but for case)"
        );
        let first = ScenarioProblem::FirstNotASide {
            first: "prussia".to_owned(),
            sides: vec!["france".to_owned(), "britain".to_owned()],
        };
        assert_eq!(
            first.to_string(),
            "first = 'prussia' is not a side (sides: france, britain)"
        );
        let misfit = ScenarioProblem::NotAKindOf {
            unit: "fr1".to_owned(),
            type_word: TypeWord::Field,
            arm: ArmWord::Cavalry,
        };
        assert_eq!(
            misfit.to_string(),
            "unit 'fr1': type 'field' is not a kind of cavalry (light, medium or heavy)"
        );
    }
}
