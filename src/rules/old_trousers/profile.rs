//! What the engine, the screen and the CLI ask of *Old Trousers II*, answered in one literal.

use super::{COMMANDS, FORMATIONS, OPENING_PHASES, OPTIONAL_RULES, TURN, charts};
use crate::rules::optional_rule::OptionalRule;
use crate::rules::phase::Phase;
use crate::rules::profile::{OwedTest, Profile, RetreatOwed, Turns};
use crate::rules::secret::Secret;

/// What the engine, the screen and the CLI ask of *Old Trousers II*.
pub const PROFILE: Profile = Profile {
    id: "old-trousers-ii",
    title: "Old Trousers II",
    sequence: &TURN,
    turns: Turns::ByInitiative {
        opening: OPENING_PHASES,
        only_with: &[(Phase::RandomEvents, OptionalRule::RandomEvents)],
    },
    own_commands: &COMMANDS,
    // Its own words mean its own things, even where another ruleset has the word; their
    // rows are its play's help.
    usage: &[],
    formations: &FORMATIONS,
    arm_decides_formations: false,
    optional_rules: &OPTIONAL_RULES,
    // The excerpt stops before its morale rules.
    shattered_at: |_| None,
    edition: None,
    has_artillery: true,
    // *Disorder* (p18) spares no arm; a battery failing its point-blank test is
    // disordered (*Charges: Defenders Reaction*, p22).
    guns_disordered: true,
    has_grades: false,
    has_command_radius: true,
    has_kit: false,
    reads_command_ratings: true,
    // The excerpt stops before a general's risk: the count *Sound the Charge* gives
    // stands.
    general_at_risk_from_hits: Some(&crate::rules::sound_the_charge::GENERAL_AT_RISK_HITS),
    owed_test: OwedTest::MoraleForShootingHits,
    retreat: RetreatOwed::AtLeast,
    secrets: SECRETS,
    charts: charts::CHARTS,
};

/// A unit out of command wears a black pipe cleaner (p12): its command is on the table.
/// One kind of hit.
const SECRETS: &[Secret] = &[
    Secret::Grade,
    Secret::ThrowReasons,
    Secret::LeaderRatings,
    Secret::Orders,
    Secret::OwedTests,
    Secret::Checklist,
];
