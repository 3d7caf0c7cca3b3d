//! What a battle keeps for the whole game turn, beside its units: a field per ruleset that
//! keeps anything, as a unit's own state is (`rules/unit.rs`). The engine holds one and
//! moves it on at each new game turn; a ruleset's own events change its field.

use super::old_trousers::turn_state::TurnInitiative;

/// Each ruleset's state for the game turn. Games of the other rulesets keep a ruleset's
/// field at its default and never change it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TurnState {
    /// *Old Trousers II*: who moves first, the tied roll and the turn's random events.
    pub trousers: TurnInitiative,
}

impl TurnState {
    /// A new game turn: what each ruleset keeps for one turn starts again.
    pub fn next_turn(&mut self) {
        self.trousers.next_turn();
    }

    /// The side that won this game turn's initiative and moves first, once it is settled;
    /// `None` in a ruleset where the sides simply take turns.
    pub fn first_mover(&self) -> Option<&str> {
        self.trousers.first.as_deref()
    }
}
