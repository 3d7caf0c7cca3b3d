//! The rulesets, pure: no I/O, no terminal, no clock, no global RNG.
//!
//! [`Ruleset`] is the seam: a closed enum that a scenario names, whose methods hand out
//! what differs between rulesets — the turn sequence, the command words on offer, the
//! formations and optional rules a scenario may give, when a unit is shattered. Each
//! ruleset's numbers live in its own module; the game layer asks the enum, never the
//! module's name, for what varies. `docs/architecture.md` argues enum over trait object.

pub mod army_morale;
pub mod charge_moves;
pub mod combat_role;
pub mod d10_sheet;
pub mod formation;
pub mod hit_kind;
pub mod old_trousers;
pub mod optional_rule;
pub mod owed_test;
pub mod own_unit_state;
pub mod phase;
pub mod profile;
pub mod roll_kind;
pub mod secret;
pub mod sides;
pub mod sound_the_charge;
pub mod sound_the_charge_1_25;
pub mod table;
pub mod told;
pub mod turn_state;
pub mod unit;
pub mod unit_marks;
pub mod unit_words;

use crate::core::chart::{Number, Written, numbers_printed};
use crate::rules::unit::Formation;
use optional_rule::OptionalRule;
use phase::Phase;
use profile::{OwedTest, Profile, RetreatOwed, Turns};
use serde::{Deserialize, Serialize};

/// The rulesets a scenario may name in `ruleset = "…"`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ruleset {
    /// The first ruleset, and what `lookup` and a blank chart window show.
    #[default]
    SoundTheCharge,
    #[serde(rename = "sound-the-charge-1-25")]
    SoundTheCharge125,
    ChargeMoves,
    #[serde(rename = "old-trousers-ii")]
    OldTrousers,
    #[serde(rename = "d10-sheet")]
    D10Sheet,
}

/// The two editions of *Sound the Charge*. Their shared words (`move`, `shoot`, `test`,
/// `rally`, `combat`, `evade`, `retreat`) are played by one flow in `game/`, reading each
/// edition's own tables where the texts differ; the other rulesets have words of their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edition {
    /// *Sound the Charge*.
    Original,
    /// *Sound the Charge 1:25*.
    OneTwentyFive,
}

/// Command words every ruleset offers: the roster's bookkeeping and the turn itself.
const SHARED_COMMANDS: [&str; 13] = [
    "hit", "unhit", "form", "attach", "detach", "remove", "note", "house", "clock", "victory",
    "next", "undo", "redo",
];

impl Ruleset {
    pub const ALL: [Ruleset; 5] = [
        Ruleset::SoundTheCharge,
        Ruleset::SoundTheCharge125,
        Ruleset::ChargeMoves,
        Ruleset::OldTrousers,
        Ruleset::D10Sheet,
    ];

    /// What the engine, the screen and the CLI ask of this ruleset, answered in its own
    /// folder: the one match naming every ruleset's module.
    pub fn profile(self) -> &'static Profile {
        match self {
            Ruleset::SoundTheCharge => &sound_the_charge::profile::PROFILE,
            Ruleset::SoundTheCharge125 => &sound_the_charge_1_25::profile::PROFILE,
            Ruleset::ChargeMoves => &charge_moves::profile::PROFILE,
            Ruleset::OldTrousers => &old_trousers::profile::PROFILE,
            Ruleset::D10Sheet => &d10_sheet::profile::PROFILE,
        }
    }

    /// The name a scenario's `ruleset = "…"` and `--ruleset` give.
    pub fn id(self) -> &'static str {
        self.profile().id
    }

    pub fn from_id(id: &str) -> Option<Ruleset> {
        Ruleset::ALL
            .into_iter()
            .find(|r| r.id().eq_ignore_ascii_case(id))
    }

    pub fn title(self) -> &'static str {
        self.profile().title
    }

    /// Every number its charts print, with how they write it: the names house rules give.
    pub fn numbers(self) -> Vec<(&'static Number, Written)> {
        numbers_printed(self.profile().charts)
    }

    /// One side's turn, phase by phase; `next` after the last hands the turn over.
    pub fn sequence(self) -> &'static [Phase] {
        self.profile().sequence
    }

    /// Who plays when.
    pub fn turns(self) -> Turns {
        self.profile().turns
    }

    /// The phase after `phase` in this ruleset's turn, if the turn goes on.
    pub fn following(self, phase: Phase) -> Option<Phase> {
        let sequence = self.sequence();
        let at = sequence.iter().position(|&p| p == phase)?;
        sequence.get(at + 1).copied()
    }

    /// Whether `word` (the first word of a command line) is one this ruleset offers.
    pub fn offers(self, word: &str) -> bool {
        SHARED_COMMANDS.contains(&word) || self.own_commands().contains(&word)
    }

    /// The command words only this ruleset has.
    pub fn own_commands(self) -> &'static [&'static str] {
        self.profile().own_commands
    }

    /// The formations a unit may be in under this ruleset.
    pub fn formations(self) -> &'static [Formation] {
        self.profile().formations
    }

    /// The optional rules a scenario may switch on.
    pub fn optional_rules(self) -> &'static [OptionalRule] {
        self.profile().optional_rules
    }

    /// Whether a unit of `figures_at_start` is shattered (out of the fight) at `figures`.
    pub fn is_shattered(self, figures_at_start: u32, figures: u32) -> bool {
        match self.shattered_at(figures_at_start) {
            Some(threshold) => figures <= threshold,
            None => figures == 0,
        }
    }

    /// The most figures a unit can keep and be shattered, where the ruleset shatters units
    /// before their last figure: none in *Charge Moves*, whose melees are fought to the last
    /// man, nor in the *Old Trousers II* excerpt, which stops before its morale rules.
    pub fn shattered_at(self, figures_at_start: u32) -> Option<u32> {
        (self.profile().shattered_at)(figures_at_start)
    }

    /// The edition of *Sound the Charge* whose flow plays this ruleset's shared words, if
    /// it is one of them.
    pub fn edition(self) -> Option<Edition> {
        self.profile().edition
    }

    /// Whether this is *Sound the Charge 1:25*, where the flow shared by both editions
    /// reads that edition's tables.
    pub fn is_one_twenty_five(self) -> bool {
        match self.edition() {
            Some(Edition::OneTwentyFive) => true,
            Some(Edition::Original) | None => false,
        }
    }

    /// Whether the ruleset has rules for guns.
    pub fn has_artillery(self) -> bool {
        self.profile().has_artillery
    }

    /// Whether a battery may be disordered, as any unit may.
    pub fn guns_disordered(self) -> bool {
        self.profile().guns_disordered
    }

    /// Whether units have morale grades (A–D) in this ruleset.
    pub fn has_grades(self) -> bool {
        self.profile().has_grades
    }

    /// Whether generals have a command radius that units are in or out of (`cmd`).
    pub fn has_command_radius(self) -> bool {
        self.profile().has_command_radius
    }

    /// Whether a unit may carry a kit (rifles, two ranks, no bayonets, lances): only
    /// *Sound the Charge 1:25* reads one.
    pub fn has_kit(self) -> bool {
        self.profile().has_kit
    }

    /// How many hits from one fire or one round put a general riding with the unit at
    /// risk of his life.
    pub fn general_at_risk_from_hits(self) -> u32 {
        self.profile()
            .general_at_risk_from_hits
            .map_or(u32::MAX, Number::count)
    }

    /// The test a unit owes when hit.
    pub fn owed_test(self) -> OwedTest {
        self.profile().owed_test
    }

    /// How far a unit told to retreat goes.
    pub fn retreat(self) -> RetreatOwed {
        self.profile().retreat
    }
}

#[cfg(test)]
mod tests {
    use super::{Phase, Ruleset};

    #[test]
    fn ids_are_the_names_scenarios_give() {
        for ruleset in Ruleset::ALL {
            let named = serde_json::to_string(&ruleset).expect("serialises");
            assert_eq!(named, format!("\"{}\"", ruleset.id()));
            assert_eq!(Ruleset::from_id(ruleset.id()), Some(ruleset));
        }
        assert_eq!(Ruleset::from_id("warhammer"), None);
    }

    #[test]
    fn each_ruleset_has_its_own_turn() {
        assert_eq!(Ruleset::SoundTheCharge.sequence().len(), 5);
        assert_eq!(
            Ruleset::ChargeMoves.following(Phase::Movement),
            Some(Phase::Melee)
        );
        assert_eq!(Ruleset::ChargeMoves.following(Phase::Melee), None);
        assert_eq!(
            Ruleset::SoundTheCharge.following(Phase::Combat),
            Some(Phase::Reform)
        );
    }

    #[test]
    fn a_ruleset_offers_only_its_own_throws() {
        assert!(Ruleset::SoundTheCharge.offers("shoot"));
        assert!(!Ruleset::SoundTheCharge.offers("melee"));
        assert!(Ruleset::ChargeMoves.offers("melee"));
        assert!(!Ruleset::ChargeMoves.offers("shoot"));
        for ruleset in Ruleset::ALL {
            assert!(ruleset.offers("next") && ruleset.offers("hit"));
        }
    }

    #[test]
    fn shattered_means_what_each_ruleset_says() {
        // Sound the Charge: a quarter of the starting strength (*Shattered Units*).
        assert!(Ruleset::SoundTheCharge.is_shattered(12, 3));
        assert!(!Ruleset::SoundTheCharge.is_shattered(12, 4));
        // Charge Moves has no such rule: a unit fights to its last man.
        assert!(!Ruleset::ChargeMoves.is_shattered(30, 1));
        assert!(Ruleset::ChargeMoves.is_shattered(30, 0));
    }

    /// A turn by initiative skips an optional phase only among those that open the turn
    /// (`Turns::ByInitiative`), so each such phase must be one of them, and one the
    /// ruleset offers the rule of; *Old Trousers II*'s random events open its turn
    /// (*Sequence of Play*, p9).
    #[test]
    fn a_phase_played_only_with_its_rule_opens_the_turn() {
        use super::profile::Turns;
        for ruleset in Ruleset::ALL {
            let Turns::ByInitiative { opening, only_with } = ruleset.turns() else {
                continue;
            };
            let opening_phases = &ruleset.sequence()[..opening];
            for (phase, rule) in only_with {
                assert!(opening_phases.contains(phase), "{ruleset:?}: {phase:?}");
                assert!(
                    ruleset.optional_rules().contains(rule),
                    "{ruleset:?}: {rule:?}"
                );
            }
        }
        assert!(matches!(
            Ruleset::OldTrousers.turns(),
            Turns::ByInitiative {
                opening: 2,
                only_with: [(Phase::RandomEvents, _)]
            }
        ));
    }
}
