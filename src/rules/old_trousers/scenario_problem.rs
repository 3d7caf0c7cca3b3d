//! Why an *Old Trousers II* scenario's own keys were refused (`scenario.rs` checks them);
//! the loader's `ScenarioProblem` wraps it.

use crate::core::plural::article;
use crate::rules::Ruleset;
use crate::rules::old_trousers::command::Echelon;
use crate::rules::old_trousers::unit::TraitWord;
use crate::rules::unit::Arm;
use std::fmt;

/// A problem with what an *Old Trousers II* scenario says beyond the shared roster.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrousersScenarioProblem {
    /// A key only *Old Trousers II* reads, in a scenario of another ruleset.
    #[error("{key} belongs to Old Trousers II; {} has none", .ruleset.title())]
    NotThisRuleset { key: TrousersKey, ruleset: Ruleset },
    #[error(
        "side '{side}' needs `staff = \"superb|professional|competent|inefficient|incompetent\"`"
    )]
    SideNeedsStaff { side: String },
    #[error(
        "general '{general}' needs `echelon = \"army|corps|infantry-division|cavalry-division|cavalry-brigade\"` (Old Trousers II)"
    )]
    GeneralNeedsEchelon { general: String },
    #[error("general '{general}' needs `tactical = \"good|average|poor\"` (Old Trousers II)")]
    GeneralNeedsTactical { general: String },
    /// An army or corps commander given no leadership rating.
    #[error(
        "general '{general}' needs `leadership = \"excellent|good|average|fair|poor\"` as an army or corps commander (Old Trousers II)"
    )]
    GeneralNeedsLeadership { general: String },
    /// A leadership rating given to a division or cavalry brigade commander.
    #[error(
        "general '{general}': only army and corps commanders have a leadership rating; {} {} commander has a tactical one",
        article(.echelon.word()),
        .echelon.word()
    )]
    LeadershipOfJunior { general: String, echelon: Echelon },
    /// An order given to an army or corps commander, who sends orders and holds none.
    #[error(
        "general '{general}' commands {} {}: only division and cavalry brigade commands hold orders",
        article(.echelon.word()),
        .echelon.word()
    )]
    OrderOfSenior { general: String, echelon: Echelon },
    #[error(
        "unit '{unit}' needs `morale = \"old-guard|superior|excellent|good|average|fair|poor\"` (Old Trousers II)"
    )]
    UnitNeedsMorale { unit: String },
    #[error("unit '{unit}': only a battery has pounds")]
    PoundsOfNoBattery { unit: String },
    /// A trait the unit's arm cannot have: rifles on cavalry, a cuirass on infantry.
    #[error("unit '{unit}': {} cannot have the trait '{}'", .arm.arm_word(), .word.word())]
    TraitMisfit {
        unit: String,
        arm: Arm,
        word: TraitWord,
    },
    #[error("battery '{unit}' needs `pounds = <calibre>` (Old Trousers II)")]
    BatteryNeedsPounds { unit: String },
    #[error(
        "battery '{unit}': {pounds} pounds is not a calibre the fire table knows \
         (under 6, 6, 8 or 9, 12, over 12)"
    )]
    NotACalibre { unit: String, pounds: u32 },
    /// A unit's `commander` names no general.
    #[error("unit '{unit}' names commander '{commander}', which is not a general")]
    CommanderNotAGeneral { unit: String, commander: String },
    /// A unit's `commander` is of the other side, or commands no units (army or corps).
    #[error(
        "unit '{unit}' needs a division or cavalry brigade commander of side '{side}'; '{general}' \
         is not one"
    )]
    CommanderNotOfUnits {
        unit: String,
        side: String,
        general: String,
    },
}

/// The *Old Trousers II* keys another ruleset refuses, as the refusal names them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrousersKey {
    /// A side's `staff`.
    Staff,
    /// A general's `echelon`, `leadership` or `tactical`.
    CommanderRating,
    /// A general's `order`.
    Order,
    /// A unit's `morale`, `traits` or `pounds`.
    UnitRating { unit: String },
    /// A unit's `commander`.
    UnitCommander,
}

impl fmt::Display for TrousersKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrousersKey::Staff => f.write_str("a staff rating"),
            TrousersKey::CommanderRating => f.write_str("a commander's echelon or rating"),
            TrousersKey::Order => f.write_str("a command's order"),
            TrousersKey::UnitRating { unit } => {
                write!(f, "unit '{unit}': a troop rating, traits or pounds")
            }
            TrousersKey::UnitCommander => f.write_str("a unit's commander"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_problem_says_what_the_checks_said() {
        let elsewhere = TrousersScenarioProblem::NotThisRuleset {
            key: TrousersKey::UnitRating {
                unit: "fr1".to_owned(),
            },
            ruleset: Ruleset::SoundTheCharge,
        };
        assert_eq!(
            elsewhere.to_string(),
            "unit 'fr1': a troop rating, traits or pounds belongs to Old Trousers II; \
             Sound the Charge has none"
        );
        let calibre = TrousersScenarioProblem::NotACalibre {
            unit: "gb-art".to_owned(),
            pounds: 7,
        };
        assert_eq!(
            calibre.to_string(),
            "battery 'gb-art': 7 pounds is not a calibre the fire table knows (under 6, 6, 8 \
             or 9, 12, over 12)"
        );
    }

    /// A commander's echelon and a unit's arm read with their own article ("an infantry
    /// division", "a corps", "an artillery"), and the leadership sentence's code quoted
    /// once: each was wrong before ("a infantry division", "an corps", "a artillery", a
    /// stray backtick).
    #[test]
    fn a_problem_takes_the_article_its_word_needs() {
        let junior = TrousersScenarioProblem::LeadershipOfJunior {
            general: "fr-div".to_owned(),
            echelon: Echelon::InfantryDivision,
        };
        assert_eq!(
            junior.to_string(),
            "general 'fr-div': only army and corps commanders have a leadership rating; an \
             infantry division commander has a tactical one"
        );
        let senior = TrousersScenarioProblem::OrderOfSenior {
            general: "fr-corps".to_owned(),
            echelon: Echelon::Corps,
        };
        assert_eq!(
            senior.to_string(),
            "general 'fr-corps' commands a corps: only division and cavalry brigade commands \
             hold orders"
        );
        let army = TrousersScenarioProblem::OrderOfSenior {
            general: "fr-army".to_owned(),
            echelon: Echelon::Army,
        };
        assert!(army.to_string().contains("commands an army:"), "{army}");
        let misfit = TrousersScenarioProblem::TraitMisfit {
            unit: "fr-1".to_owned(),
            arm: Arm::Infantry(crate::rules::unit::InfantryType::Line),
            word: TraitWord::Lances,
        };
        assert_eq!(
            misfit.to_string(),
            "unit 'fr-1': infantry cannot have the trait 'lances'"
        );
        let leadership = TrousersScenarioProblem::GeneralNeedsLeadership {
            general: "fr-army".to_owned(),
        };
        assert_eq!(
            leadership.to_string(),
            "general 'fr-army' needs `leadership = \"excellent|good|average|fair|poor\"` as an \
             army or corps commander (Old Trousers II)"
        );
    }
}
