//! *Charge Moves* at the table, worked out over the engine: its own words (`words.rs`),
//! their throws and `retreat` (`throws.rs`), what a unit may be asked to throw
//! (`needs.rs`) and what is owed before `next` (`checklist.rs`). The numbers are in this
//! folder's `mod.rs`, the charts in `charts.rs`; the game reaches this module through
//! its registry (`game/registry.rs`).

mod checklist;
mod needs;
mod refusal;
mod throws;
mod words;

pub use checklist::checklist;
pub use needs::needs;
pub use refusal::ChargeMovesRefusal;
pub use words::{ChargeThrowOrder, MeleeOrder, MoraleCause, MoraleOrder, parse};

use crate::engine::event::Event;
use crate::engine::own_command::OwnWords;
use crate::engine::play::{Play, checked, own_parsed};
use crate::engine::state::GameState;
use crate::engine::words::RetreatEnd;
use std::fmt;

/// A command only *Charge Moves* has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChargeMovesCommand {
    /// A charge throw.
    Charge(ChargeThrowOrder),
    /// A melee's dice.
    Melee(MeleeOrder),
    /// A morale throw.
    Morale(MoraleOrder),
    /// The moves back a unit owed, made, blocked or off the table.
    Retreat { unit: String, end: RetreatEnd },
}

impl OwnWords for ChargeMovesCommand {
    /// The word it was typed with.
    fn word(&self) -> &'static str {
        match self {
            ChargeMovesCommand::Charge(_) => "charge",
            ChargeMovesCommand::Melee(_) => "melee",
            ChargeMovesCommand::Morale(_) => "morale",
            ChargeMovesCommand::Retreat { .. } => "retreat",
        }
    }

    // A charge throw, a melee's dice, a morale throw, the moves back owed.
    fn shows_results(&self) -> bool {
        true
    }
}

impl fmt::Display for ChargeMovesCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChargeMovesCommand::Charge(order) => order.fmt(f),
            ChargeMovesCommand::Melee(order) => order.fmt(f),
            ChargeMovesCommand::Morale(order) => order.fmt(f),
            ChargeMovesCommand::Retreat { unit, end } => f.write_str(&end.line(unit)),
        }
    }
}

/// The events `command` causes, or why it cannot be done.
pub fn check(
    state: &GameState,
    command: &ChargeMovesCommand,
) -> Result<Vec<Event>, ChargeMovesRefusal> {
    match command {
        ChargeMovesCommand::Charge(order) => throws::charge(state, order),
        ChargeMovesCommand::Melee(order) => throws::melee(state, order),
        ChargeMovesCommand::Morale(order) => throws::morale(state, order),
        ChargeMovesCommand::Retreat { unit, end } => throws::retreat(state, unit, *end),
    }
}

/// *Charge Moves*' play, as the game asks it.
pub const PLAY: Play = Play {
    parse_own: |verb, args, usage| own_parsed(parse(verb, args, usage).transpose()),
    gathered_keys: &[],
    check_own: |state, command| checked(command, |command| check(state, command)),
    phase_end: |_| Ok(Vec::new()),
    own_turn_ends: |_| Vec::new(),
    needs: |state, unit, asker| needs(state, unit, &|line| asker.refusal_now(line)),
    checklist,
    own_usage: None,
    answer_own: |_, _, _, _| None,
    form_facts: |_, _, _| None,
};
