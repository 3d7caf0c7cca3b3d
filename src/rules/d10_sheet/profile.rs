//! What the engine, the screen and the CLI ask of the d10 sheet, answered in one literal.

use super::{COMMANDS, FORMATIONS, SEQUENCE, USAGE, charts};
use crate::rules::optional_rule::OptionalRule;
use crate::rules::profile::{OwedTest, Profile, RetreatOwed, Turns};
use crate::rules::secret::Secret;

/// What the engine, the screen and the CLI ask of the d10 sheet.
pub const PROFILE: Profile = Profile {
    id: "d10-sheet",
    title: "d10 quick-reference sheet",
    sequence: &SEQUENCE,
    // Ruling D1: the initiative is rolled and shown, and the sides play side after side.
    turns: Turns::SideAfterSide,
    own_commands: &COMMANDS,
    usage: &USAGE,
    formations: &FORMATIONS,
    arm_decides_formations: true,
    optional_rules: &[OptionalRule::RebuiltFireRows],
    // The sheet names "Rout/Broken" but no threshold: a unit fights to its last step.
    shattered_at: |_| None,
    edition: None,
    has_artillery: true,
    // A melee disorders every unit in it (lines 113-123, ruling D8).
    guns_disordered: true,
    has_grades: false,
    has_command_radius: false,
    has_kit: false,
    reads_command_ratings: false,
    // No rule for a general's risk: none is rolled (ruling D15).
    general_at_risk_from_hits: None,
    // Never read: how the sheet's morale check is taken is lost, and no d10 command owes a
    // test (ruling D8). Its word, were one owed by hand, is "morale test".
    owed_test: OwedTest::MoraleForMeleeShare,
    retreat: RetreatOwed::AtLeast,
    secrets: SECRETS,
    charts: charts::CHARTS,
};

/// Every throw's reasons are the table's: the modifiers come from the roster and the
/// referee's words, both in sight of the players.
const SECRETS: &[Secret] = &[Secret::Checklist];
