//! What the engine, the screen and the CLI ask of *Sound the Charge 1:25*, answered in one literal.

use super::{
    COMMANDS, FORMATIONS, GENERAL_AT_RISK_HITS, OPTIONAL_RULES, RETREAT_MAX, RETREAT_MIN, SEQUENCE,
    USAGE, charts, shattered_at,
};
use crate::rules::Edition;
use crate::rules::profile::{OwedTest, Profile, RetreatOwed, Turns};
use crate::rules::secret::Secret;

/// What the engine, the screen and the CLI ask of *Sound the Charge 1:25*.
pub const PROFILE: Profile = Profile {
    id: "sound-the-charge-1-25",
    title: "Sound the Charge 1:25",
    sequence: &SEQUENCE,
    turns: Turns::SideAfterSide,
    own_commands: &COMMANDS,
    usage: &USAGE,
    formations: &FORMATIONS,
    arm_decides_formations: true,
    optional_rules: &OPTIONAL_RULES,
    shattered_at: |models_at_start| Some(shattered_at(models_at_start)),
    edition: Some(Edition::OneTwentyFive),
    has_artillery: true,
    // "Artillery never counts as disordered" (*Attacking Artillery*).
    guns_disordered: false,
    has_grades: true,
    has_command_radius: false,
    has_kit: true,
    reads_command_ratings: false,
    general_at_risk_from_hits: Some(&GENERAL_AT_RISK_HITS),
    owed_test: OwedTest::FireTest,
    // Every retreat is 6-24", the player's choice (R37).
    retreat: RetreatOwed::Between {
        least: &RETREAT_MIN,
        most: &RETREAT_MAX,
    },
    secrets: SECRETS,
    charts: charts::CHARTS,
};

/// No command state (its *Limited Control* is a throw) and no army morale.
const SECRETS: &[Secret] = &[
    Secret::Grade,
    Secret::HitsByKind,
    Secret::ThrowReasons,
    Secret::OwedTests,
    Secret::Checklist,
];
