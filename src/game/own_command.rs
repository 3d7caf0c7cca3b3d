//! The commands only one ruleset has, one arm per ruleset's play, each its play's own type:
//! the game's `Command::Own` holds one, the registry parses and checks it. Apart from the
//! registry so that the command language's vocabulary (`command`) needs nothing of the
//! registry, which reads that vocabulary.

use crate::rules::charge_moves::play::ChargeMovesCommand;
use crate::rules::d10_sheet::play::D10Command;
use crate::rules::old_trousers::play::TrousersCommand;
use crate::rules::sound_the_charge::play::SoundTheChargeCommand;
use std::fmt;

/// A command only one ruleset has (or one family: both editions of *Sound the Charge* read
/// the same words), checked by the play of the game's ruleset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OwnCommand {
    SoundTheCharge(SoundTheChargeCommand),
    ChargeMoves(ChargeMovesCommand),
    Trousers(TrousersCommand),
    D10Sheet(D10Command),
}

impl OwnCommand {
    /// The word it was typed with.
    pub fn word(&self) -> &'static str {
        match self {
            OwnCommand::SoundTheCharge(command) => command.word(),
            OwnCommand::ChargeMoves(command) => command.word(),
            OwnCommand::Trousers(command) => command.word(),
            OwnCommand::D10Sheet(command) => command.word(),
        }
    }

    /// Whether its result is worked out with reasons the table waits for: dice thrown or a
    /// distance allowed.
    pub fn shows_results(&self) -> bool {
        match self {
            OwnCommand::SoundTheCharge(command) => command.shows_results(),
            // *Charge Moves*: a charge throw, a melee's dice, a morale throw, the moves
            // back owed. The d10 sheet: every one of its words rolls dice.
            OwnCommand::ChargeMoves(_) | OwnCommand::D10Sheet(_) => true,
            OwnCommand::Trousers(command) => command.shows_results(),
        }
    }
}

impl fmt::Display for OwnCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OwnCommand::SoundTheCharge(command) => command.fmt(f),
            OwnCommand::ChargeMoves(command) => command.fmt(f),
            OwnCommand::Trousers(command) => command.fmt(f),
            OwnCommand::D10Sheet(command) => command.fmt(f),
        }
    }
}
