//! What *Old Trousers II* keeps for the whole game turn: who moves first, a tied roll to
//! throw again, last turn's first mover and each side's random event (*Initiative
//! Phase*, *Random Events*, p9-10).

use super::random_events::RandomEvent;

/// The game turn's initiative and random events. Games of the other rulesets keep it at
/// its default and never change it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TurnInitiative {
    /// The side that moves first this turn, once the roll is settled.
    pub first: Option<String>,
    /// The last roll tied: the next is thrown bare of modifiers.
    pub tied: bool,
    /// The side that moved first last turn, which has the momentum.
    pub last_first: Option<String>,
    /// Each side's random-event roll this turn, with the event it drew if any.
    pub events: Vec<(String, Option<RandomEvent>)>,
}

impl TurnInitiative {
    /// The initiative rolls' outcome: a winner, who moves first unless he chooses
    /// otherwise, or a tie.
    pub fn rolled(&mut self, winner: Option<&str>) {
        self.tied = winner.is_none();
        self.first = winner.map(str::to_owned);
    }

    /// A new game turn: this turn's first mover has the momentum in the next roll.
    pub fn next_turn(&mut self) {
        self.last_first = self.first.take();
        self.tied = false;
        self.events.clear();
    }

    /// `side` checked for a random event this turn, drawing `drawn`. False, and nothing
    /// changed, when it had checked already (one check a side a turn).
    #[must_use]
    pub fn random_event_checked(&mut self, side: &str, drawn: Option<RandomEvent>) -> bool {
        if self.events.iter().any(|(id, _)| id == side) {
            return false;
        }
        self.events.push((side.to_owned(), drawn));
        true
    }
}
