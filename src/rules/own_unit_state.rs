//! What a ruleset keeps on a unit beyond the shared roster, as the shared events reach
//! it: the one seam between the engine's apply (`unit_marks.rs`) and each ruleset's
//! `unit_state.rs`. It names only shared words, so a ruleset's state can answer it
//! without importing the unit that holds it.

use super::formation::Formation;
use super::hit_kind::HitKind;
use super::old_trousers::move_state::MoveState;
use super::owed_test::OwedTest;
use super::roll_kind::RollKind;

/// What a ruleset keeps on a unit beyond the shared roster (its `unit_state.rs`), as the
/// shared events change it. Every unit carries every ruleset's state, the others' at
/// their defaults, so each reaction must leave a default state as it finds it or change
/// only what its own ruleset reads. Each reaction and word defaults to none, so a ruleset
/// writes those its text asks for; what a turn passing clears every state must say (the
/// compiler asks). `Unit::own_states` lists the states.
pub trait OwnUnitState {
    /// A change of formation to `formation` in `turn`.
    fn formed(&mut self, _formation: Formation, _turn: u32) {}
    /// `count` figures removed as hits of `kind`.
    fn took_hits(&mut self, _kind: HitKind, _count: u32) {}
    /// `count` hits taken back, leaving `shooting_hits` shooting hits this turn.
    fn hits_taken_back(&mut self, _count: u32, _shooting_hits: u32) {}
    /// Shooting hit it `hits` times: it owes a test.
    fn test_owed(&mut self, _hits: u32) {}
    /// The test it owed is taken, or lapsed with the turn.
    fn test_settled(&mut self) {}
    /// For `need`'s what-if: it owes a test for `hits` shooting hits, and no more.
    fn test_supposed(&mut self, _hits: u32) {}
    /// The hits the ruleset's `owed` test counts, where it counts them itself rather
    /// than the turn's shooting hits.
    fn hits_to_test(&self, _owed: OwedTest) -> Option<u32> {
        None
    }
    /// A throw of `dice` dice, `passed` or not, its first face `face`.
    fn threw(&mut self, _kind: RollKind, _dice: u32, _passed: bool, _face: u8) {}
    /// A round of close combat fought.
    fn fought_round(&mut self) {}
    /// A move made, an evade or a retreat.
    fn moved(&mut self, _evade: bool, _retreat: bool) {}
    /// How the move went, where the shared `Moved` event carries it (*Old Trousers II*'s
    /// rate, reach and countercharge, the one ruleset whose move the event records).
    fn moved_as(&mut self, _movement: MoveState) {}
    /// It owes a retreat.
    fn retreat_owed(&mut self) {}
    /// Whether a new phase clears anything of it.
    fn has_phase_marks(&self) -> bool {
        false
    }
    /// A new phase: what [`OwnUnitState::has_phase_marks`] found is cleared.
    fn phase_over(&mut self) {}
    /// Whether its side's turn passing would clear anything of it. Asked of every unit at
    /// every change of side, before any is copied: most have nothing to clear.
    fn has_turn_marks(&self) -> bool;
    /// Its side's turn passed: what was this turn's is cleared.
    fn turn_over(&mut self);
    /// For `need`'s what-if: its rally not yet tried this turn. False, and nothing
    /// changed, if it had not tried or its ruleset does not keep it.
    fn forget_rally(&mut self) -> bool {
        false
    }
    /// For `need`'s what-if: it has not fired this turn. False, and nothing changed, if
    /// it had not or its ruleset does not keep it.
    fn forget_fire(&mut self) -> bool {
        false
    }
    /// Off the table though in play (after an enemy it followed).
    fn off_the_table_in_play(&self) -> bool {
        false
    }

    // Its words, which `rules/unit_words.rs` puts among the roster's: none by default.

    /// The markers it carries on the table that any player can see; `figures`: the
    /// unit's figures now.
    fn table_marks(&self, _figures: u32) -> Vec<String> {
        Vec::new()
    }
    /// Its `formation` in the roster's few columns, where its ruleset names it apart.
    fn formation_short(&self, _formation: Formation) -> Option<&'static str> {
        None
    }
    /// Its formation as `show` words it, where its ruleset names it apart.
    fn formation_words(&self) -> Option<&'static str> {
        None
    }
    /// The roster's letter in its disorder slot, before any disorder's.
    fn disorder_letter(&self) -> Option<char> {
        None
    }
    /// What it owes on its next move, as `show` words it after its morale.
    fn owed_words(&self) -> Option<String> {
        None
    }
    /// What it did this turn beyond moving and fighting (an evade, a fire).
    fn deeds_this_turn(&self) -> Vec<String> {
        Vec::new()
    }
    /// What it tried this turn, after its deeds and a fight (a rally).
    fn tries_this_turn(&self) -> Vec<String> {
        Vec::new()
    }
    /// What the scenario gave it beyond the roster, under its heading (1:25's "kit",
    /// *Old Trousers II*'s "traits").
    fn description(&self) -> Option<(&'static str, Vec<&'static str>)> {
        None
    }
    /// What it carries beyond its description, as `show` words it (a regimental gun,
    /// boats).
    fn equipment_words(&self) -> Vec<String> {
        Vec::new()
    }
}
