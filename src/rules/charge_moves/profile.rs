//! What the engine, the screen and the CLI ask of *Charge Moves*, answered in one literal.

use super::{COMMANDS, FORMATIONS, SEQUENCE, USAGE, charts};
use crate::rules::profile::{OwedTest, Profile, RetreatOwed, Turns};
use crate::rules::secret::Secret;

/// What the engine, the screen and the CLI ask of *Charge Moves*.
pub const PROFILE: Profile = Profile {
    id: "charge-moves",
    title: "Charge Moves (Gunson, 1964)",
    sequence: &SEQUENCE,
    turns: Turns::SideAfterSide,
    own_commands: &COMMANDS,
    usage: &USAGE,
    formations: &FORMATIONS,
    arm_decides_formations: true,
    optional_rules: &[],
    // Its melees are fought to the last man.
    shattered_at: |_| None,
    edition: None,
    has_artillery: false,
    // It has no guns, and no disorder.
    guns_disordered: false,
    has_grades: false,
    has_command_radius: false,
    has_kit: false,
    reads_command_ratings: false,
    // The article has no rule of its own for a general's risk: the count *Sound the
    // Charge* gives stands.
    general_at_risk_from_hits: Some(&crate::rules::sound_the_charge::GENERAL_AT_RISK_HITS),
    owed_test: OwedTest::MoraleForMeleeShare,
    retreat: RetreatOwed::AtLeast,
    secrets: SECRETS,
    charts: charts::CHARTS,
};

/// No grades and one kind of hit (each 6 kills); the moves back a short charge throw
/// costs are that throw's result, so public.
const SECRETS: &[Secret] = &[Secret::ThrowReasons, Secret::OwedTests, Secret::Checklist];
