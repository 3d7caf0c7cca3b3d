//! The commands of *Old Trousers II*. Parsing and checking live together here, as for
//! *Charge Moves*: no other ruleset reads these words so. The numbers are
//! `rules::old_trousers`'; the excerpt's gaps (reaction and charge tests, melee, rally)
//! are outcomes the referee records with `hit`, `shaken`, `disorder`, `rout`, `unrout`
//! and `form`.

mod turn;

pub use turn::InitiativeOrder;

use super::command::{Command, Refusal};
use super::event::Event;
use super::state::GameState;
use std::fmt;

/// A command only *Old Trousers II* has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrousersCommand {
    /// Both players' initiative d10s, or the winner's choice of who moves first.
    Initiative(InitiativeOrder),
}

impl TrousersCommand {
    pub fn word(&self) -> &'static str {
        match self {
            TrousersCommand::Initiative(_) => "initiative",
        }
    }
}

impl fmt::Display for TrousersCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrousersCommand::Initiative(order) => order.fmt(f),
        }
    }
}

/// *Old Trousers II*'s own words with their usage and meaning, for help and refusals.
pub const HELP: [(&str, &str, &str); 3] = [
    (
        "initiative",
        "initiative [<side>=d <side>=d] [surprise=<side>] | initiative first=<side>",
        "both players' d10 + leader, staff, surprise, momentum; the higher picks who moves \
         first (first=: the winner's choice); a tie is rolled again bare",
    ),
    (
        "shaken",
        "shaken <unit> [off]",
        "record a shaken unit (from a reaction test or melee the excerpt leaves out)",
    ),
    (
        "disorder",
        "disorder <unit> [off]",
        "record a disordered unit",
    ),
];

/// The usage line of one of *Old Trousers II*'s words.
pub fn usage(word: &str) -> &'static str {
    HELP.iter()
        .find(|(w, _, _)| *w == word)
        .map_or("", |(_, usage, _)| usage)
}

/// Parses a line whose first word is one of *Old Trousers II*'s own; `None` for a word
/// it reads as every ruleset does.
pub fn parse(verb: &str, args: &[&str]) -> Option<Result<Command, Refusal>> {
    let wrap = |c: Result<TrousersCommand, Refusal>| c.map(Command::Trousers);
    Some(match verb {
        "initiative" => wrap(turn::parse_initiative(args).map(TrousersCommand::Initiative)),
        _ => return None,
    })
}

pub fn check(state: &GameState, command: &TrousersCommand) -> Result<Vec<Event>, Refusal> {
    match command {
        TrousersCommand::Initiative(order) => turn::initiative(state, order),
    }
}

#[cfg(test)]
mod tests {
    use super::HELP;
    use crate::rules::Ruleset;

    #[test]
    fn the_help_covers_every_word_the_ruleset_offers() {
        let own = Ruleset::OldTrousers.own_commands();
        let helped: Vec<&str> = HELP.iter().map(|h| h.0).collect();
        assert_eq!(own, helped.as_slice());
    }
}
