//! What the engine, the screen and the CLI ask of a ruleset, answered once in the
//! ruleset's own folder (`PROFILE` in its `mod.rs`) and reached through
//! [`Ruleset::profile`](super::Ruleset::profile), the one match that names every ruleset.
//! Every field must be given, with no default to fall back on, so a new ruleset answers
//! each question where it is asked: in its folder.

use super::Edition;
use super::optional_rule::OptionalRule;
pub use super::owed_test::OwedTest;
use super::phase::Phase;
use super::secret::Secret;
use super::unit::Formation;
use crate::core::chart::{Chart, Number};

/// A command word's help row: the word, its usage, what it does.
pub type UsageRow = (&'static str, &'static str, &'static str);

/// One ruleset's answers.
#[expect(
    clippy::struct_excessive_bools,
    reason = "each is a yes or no every ruleset must give in its literal; a flag set would \
              let a new ruleset leave one out unnoticed"
)]
pub struct Profile {
    /// The name a scenario's `ruleset = "…"` and `--ruleset` give.
    pub id: &'static str,
    pub title: &'static str,
    /// One side's turn, phase by phase; `next` after the last hands the turn over.
    pub sequence: &'static [Phase],
    /// Who plays when.
    pub turns: Turns,
    /// The command words only this ruleset has.
    pub own_commands: &'static [&'static str],
    /// Usage rows (word, usage, what it does) of the words this ruleset's play reads, in
    /// its help's order: after the shared words, before the turn's and the log's. Empty
    /// where the play words its own help (*Old Trousers II*'s `help`).
    pub usage: &'static [UsageRow],
    /// The formations a unit may be in.
    pub formations: &'static [Formation],
    /// Whether the arm alone says which formations a unit may take (under *Old Trousers
    /// II* its drill does too, which `Unit::may_form` reads).
    pub arm_decides_formations: bool,
    /// The optional rules a scenario may switch on.
    pub optional_rules: &'static [OptionalRule],
    /// The most figures a unit of so many at the start can keep and be shattered, where
    /// the ruleset shatters units before their last figure.
    pub shattered_at: fn(u32) -> Option<u32>,
    /// The edition of *Sound the Charge* whose flow plays this ruleset's shared words.
    pub edition: Option<Edition>,
    /// Whether the ruleset has rules for guns.
    pub has_artillery: bool,
    /// Whether a battery may be disordered, as any unit may; where not, `disorder` is
    /// refused for guns.
    pub guns_disordered: bool,
    /// Whether units have morale grades (A–D).
    pub has_grades: bool,
    /// Whether generals have a command radius that units are in or out of (`cmd`).
    pub has_command_radius: bool,
    /// Whether a unit may carry a kit (rifles, two ranks, no bayonets, lances).
    pub has_kit: bool,
    /// Whether a scenario gives commanders' echelons and ratings, orders, troop ratings
    /// and traits, a battery's pounds and a unit's commander.
    pub reads_command_ratings: bool,
    /// How many hits from one fire or one round put a general riding with the unit at
    /// risk of his life; `None`: none do.
    pub general_at_risk_from_hits: Option<&'static Number>,
    /// The test a unit owes when hit.
    pub owed_test: OwedTest,
    /// How far a unit told to retreat goes.
    pub retreat: RetreatOwed,
    /// What one side's player may not see of the other's (`docs/fog-of-war.md`).
    pub secrets: &'static [Secret],
    /// Its charts, for the quick reference and `lookup`.
    pub charts: &'static [Chart],
}

/// Who plays when.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turns {
    /// One side plays its whole turn, then the other: a turn of the game is one side's.
    SideAfterSide,
    /// Both sides play each game turn, by initiative: the first `opening` phases of the
    /// sequence are both sides', each of them listed in `only_with` played only with its
    /// optional rule in play; the side that wins the initiative then plays the rest, then
    /// the other (*Old Trousers II*). A phase of `only_with` is an opening one (a test
    /// in `rules/mod.rs` holds it): the players' phases are never skipped.
    ByInitiative {
        opening: usize,
        only_with: &'static [(Phase, OptionalRule)],
    },
}

/// How far a unit told to retreat goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RetreatOwed {
    /// At least the inches the result gave.
    AtLeast,
    /// Anywhere between two distances, the player's choice (*Sound the Charge 1:25*).
    Between {
        least: &'static Number,
        most: &'static Number,
    },
}
