//! What the engine, the screen and the CLI ask of *Sound the Charge*, answered in one literal.

use super::{COMMANDS, GENERAL_AT_RISK_HITS, OPTIONAL_RULES, SEQUENCE, charts, shattered_at};
use crate::rules::Edition;
use crate::rules::profile::{OwedTest, Profile, RetreatOwed, Turns};
use crate::rules::secret::Secret;

/// What the engine, the screen and the CLI ask of *Sound the Charge*.
pub const PROFILE: Profile = Profile {
    id: "sound-the-charge",
    title: "Sound the Charge",
    sequence: &SEQUENCE,
    turns: Turns::SideAfterSide,
    own_commands: &COMMANDS,
    usage: &super::usage::USAGE,
    formations: &crate::rules::unit::Formation::ALL,
    arm_decides_formations: true,
    optional_rules: &OPTIONAL_RULES,
    shattered_at: |figures_at_start| Some(shattered_at(figures_at_start)),
    edition: Some(Edition::Original),
    has_artillery: true,
    // "Atty. is never disordered" (*Combat Points*; ruling 22).
    guns_disordered: false,
    has_grades: true,
    has_command_radius: true,
    has_kit: false,
    reads_command_ratings: false,
    general_at_risk_from_hits: Some(&GENERAL_AT_RISK_HITS),
    owed_test: OwedTest::MoraleForShootingHits,
    retreat: RetreatOwed::AtLeast,
    secrets: SECRETS,
    charts: charts::CHARTS,
};

/// Generals have no ratings; only this ruleset has *Army Morale*.
const SECRETS: &[Secret] = &[
    Secret::Grade,
    Secret::HitsByKind,
    Secret::Command,
    Secret::ArmyMorale,
    Secret::ThrowReasons,
    Secret::OwedTests,
    Secret::Checklist,
];
