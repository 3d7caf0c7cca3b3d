//! The commands only one ruleset has, one arm per ruleset, each its play's own type: the
//! game's `Command::Own` holds one, the registry parses and checks it. Apart from the
//! registry so that the command language's vocabulary (`command`) needs nothing of the
//! registry, which reads that vocabulary.

use super::refusal::Refusal;
use crate::engine::event::Event;
use crate::engine::state::GameState;
use crate::rules::charge_moves::play::{self as charge_moves, ChargeMovesCommand};
use crate::rules::old_trousers::play::{self as trousers, TrousersCommand};
use std::fmt;

/// A command only one ruleset has, checked by that ruleset's play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OwnCommand {
    ChargeMoves(ChargeMovesCommand),
    Trousers(TrousersCommand),
}

impl OwnCommand {
    /// The word it was typed with.
    pub fn word(&self) -> &'static str {
        match self {
            OwnCommand::ChargeMoves(command) => command.word(),
            OwnCommand::Trousers(command) => command.word(),
        }
    }

    /// Whether its result is worked out with reasons the table waits for: dice thrown or a
    /// distance allowed.
    pub fn shows_results(&self) -> bool {
        match self {
            // A charge throw, a melee's dice, a morale throw.
            OwnCommand::ChargeMoves(_) => true,
            OwnCommand::Trousers(command) => command.shows_results(),
        }
    }

    /// The events it causes, or why it cannot be done.
    pub(super) fn check(&self, state: &GameState) -> Result<Vec<Event>, Refusal> {
        match self {
            OwnCommand::ChargeMoves(command) => Ok(charge_moves::check(state, command)?),
            OwnCommand::Trousers(command) => Ok(trousers::check(state, command)?),
        }
    }
}

impl fmt::Display for OwnCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OwnCommand::ChargeMoves(command) => command.fmt(f),
            OwnCommand::Trousers(command) => command.fmt(f),
        }
    }
}
