//! *Sound the Charge* (Wes Rogers): the numbers and procedures a referee resolves.
//! Section names in comments refer to `../shared/rules/sound-the-charge.txt`.

pub mod boats;
pub mod charts;
pub mod combat;
pub mod concern;
pub mod event;
mod forbidden;
pub mod morale;
pub mod move_plan;
pub mod movement;
pub mod play;
pub mod profile;
pub mod scenario;
pub mod scenario_problem;
pub mod shooting;
pub mod unit_state;
pub mod usage;

pub use forbidden::Forbidden;

use crate::core::chart::Number;
use crate::rules::optional_rule::OptionalRule;
use crate::rules::phase::Phase;
use serde::{Deserialize, Serialize};

/// One side's turn, phase by phase (*Turn Sequence*): the active side rallies, moves
/// (charges included), shoots; both sides fight close combat; the active side reforms
/// disordered units.
pub const SEQUENCE: [Phase; 5] = [
    Phase::Rally,
    Phase::Movement,
    Phase::Shooting,
    Phase::Combat,
    Phase::Reform,
];

/// *Shattered Units*: a unit reduced to one quarter of its original strength is shattered.
/// "Reduced to" a quarter includes anything below it (ruling in `docs/rulings.md`).
/// The command words *Sound the Charge* adds to the shared ones.
pub const COMMANDS: [&str; 19] = [
    "rout",
    "unrout",
    "shaken",
    "disorder",
    "cmd",
    "move",
    "evade",
    "retreat",
    "return",
    "reman",
    "embark",
    "disembark",
    "contacted",
    "shoot",
    "test",
    "rally",
    "combat",
    "disengage",
    "reform",
];

/// Every optional rule of *Sound the Charge* (*Optional Rules*, *National Characteristics*).
pub const OPTIONAL_RULES: [OptionalRule; 12] = [
    OptionalRule::WiderCavalryBasing,
    OptionalRule::BlownCavalry,
    OptionalRule::StationaryCavalry,
    OptionalRule::VoluntaryRetreat,
    OptionalRule::ArmyMorale,
    OptionalRule::ArtilleryBounceThrough,
    OptionalRule::InterpenetrationRestrictions,
    OptionalRule::RegimentalGuns,
    OptionalRule::Boats,
    OptionalRule::Pinning,
    OptionalRule::NationalModifiers,
    OptionalRule::LineInfantryRally,
];

pub fn is_shattered(figures_at_start: u32, figures: u32) -> bool {
    figures <= shattered_at(figures_at_start)
}

/// The most figures a unit can have and be shattered: a quarter of its starting strength,
/// rounded down (12 → 3, 10 → 2).
pub fn shattered_at(figures_at_start: u32) -> u32 {
    figures_at_start / 4
}

/// *Formations*: an infantry column is this many figures wide (its front rank when it
/// shoots; two ranks of it fight; deeper than it, a dense target).
pub const INFANTRY_COLUMN_WIDTH: Number = Number {
    name: "formations.infantry-column-width",
    book: 4,
};
/// *Formations*: a cavalry column is this many figures wide.
pub const CAVALRY_COLUMN_WIDTH: Number = Number {
    name: "formations.cavalry-column-width",
    book: 3,
};

/// *Generals* chart, "His unit takes 2+ hits" row: a general riding with a unit that
/// takes two or more shooting or combat hits rolls a die.
pub const GENERAL_AT_RISK_HITS: Number = Number {
    name: "generals.at-risk-from-hits",
    book: 2,
};
/// *Generals* chart, the "he is killed" and "captured" rows: one die, and this face
/// loses him, at risk from hits or caught alone.
pub const GENERAL_LOST_ON: Number = Number {
    name: "generals.lost-on",
    book: 1,
};
/// The score he survives on: anything above [`GENERAL_LOST_ON`].
pub fn general_survives_on() -> i32 {
    GENERAL_LOST_ON.value().saturating_add(1)
}
/// *Generals* chart, "else he rides up to" row: a lone general who escapes rides this
/// far out of harm's way.
pub const GENERAL_ESCAPES_INCHES: Number = Number {
    name: "generals.escape-inches",
    book: 9,
};

/// *Blown Cavalry* (optional): blown once it has completed its second round of combat.
pub const BLOWN_AFTER_ROUNDS: u32 = 2;

/// *Wider Cavalry Basing*: cavalry takes one rout hit fewer than listed, never fewer
/// than one.
pub fn wider_basing_rout_hits(listed: u32) -> u32 {
    listed.saturating_sub(1).max(1)
}

/// The nations with their own modifiers (*National Modifiers*). The text groups some
/// together (Britain with Portugal, France with Switzerland, Spain with Naples); each
/// keeps its own id so a scenario can say which army it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Nation {
    Austria,
    Britain,
    Portugal,
    France,
    Switzerland,
    #[serde(rename = "prussia-pre-1810")]
    PrussiaPre1810,
    #[serde(rename = "prussia-post-1810")]
    PrussiaPost1810,
    FrenchAllies,
    Russia,
    Spain,
    Naples,
    /// An army the text gives no national character (Netherlanders, Brunswickers,
    /// Hanoverians…): no national modifier applies to it.
    Other,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Ruleset;

    #[test]
    fn turn_sequence_runs_rally_movement_shooting_combat_reform() {
        // *Turn Sequence*: rally, move, shoot, close combat, reform; then the turn ends.
        assert_eq!(
            Ruleset::SoundTheCharge.following(Phase::Rally),
            Some(Phase::Movement)
        );
        assert_eq!(
            Ruleset::SoundTheCharge.following(Phase::Movement),
            Some(Phase::Shooting)
        );
        assert_eq!(
            Ruleset::SoundTheCharge.following(Phase::Shooting),
            Some(Phase::Combat)
        );
        assert_eq!(
            Ruleset::SoundTheCharge.following(Phase::Combat),
            Some(Phase::Reform)
        );
        assert_eq!(Ruleset::SoundTheCharge.following(Phase::Reform), None);
    }

    #[test]
    fn twelve_figure_unit_is_shattered_at_three_figures() {
        // *Shattered Units*: a quarter of 12 is 3.
        assert!(!is_shattered(12, 4));
        assert!(is_shattered(12, 3));
        assert!(is_shattered(12, 0));
    }

    #[test]
    fn quarter_of_an_odd_strength_rounds_in_the_units_favour() {
        // A quarter of 10 is 2.5: 3 figures are above it, 2 are at or below it.
        assert!(!is_shattered(10, 3));
        assert!(is_shattered(10, 2));
        // Eight gunners of a four-gun battery: shattered at two.
        assert!(!is_shattered(8, 3));
        assert!(is_shattered(8, 2));
    }

    #[test]
    fn huge_strengths_do_not_overflow() {
        assert!(!is_shattered(u32::MAX, u32::MAX));
        assert!(is_shattered(u32::MAX, u32::MAX / 4));
    }
}
