//! The d10 sheet at the table, worked out over the engine: its own words (`words.rs`),
//! their throws (`throws.rs`), what a unit may be asked to throw (`needs.rs`) and what is
//! owed before `next` (`checklist`). The numbers are in this folder's `mod.rs`, the charts
//! in `charts.rs`; the game reaches this module through its registry (`game/registry.rs`).

mod needs;
mod refusal;
mod throws;
mod words;

pub use needs::needs;
pub use refusal::D10Refusal;
pub use words::{ApOrder, CombatFact, FireOrder, InitiativeOrder, MassRatio, MeleeOrder, parse};

use crate::engine::checklist::{Checklist, Concern};
use crate::engine::event::Event;
use crate::engine::own_command::OwnWords;
use crate::engine::play::{Play, checked, own_parsed};
use crate::engine::state::GameState;
use crate::rules::unit::{Morale, UnitStatus};
use std::fmt;

/// A command only the d10 sheet has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum D10Command {
    /// Two commanders' initiative roll.
    Initiative(InitiativeOrder),
    /// An action-point roll.
    ActionPoints(ApOrder),
    /// Fire on the fire table.
    Fire(FireOrder),
    /// A round of melee.
    Melee(MeleeOrder),
}

impl OwnWords for D10Command {
    /// The word it was typed with.
    fn word(&self) -> &'static str {
        match self {
            D10Command::Initiative(_) => "initiative",
            D10Command::ActionPoints(_) => "ap",
            D10Command::Fire(_) => "fire",
            D10Command::Melee(_) => "melee",
        }
    }

    // Every one of its words throws dice.
    fn shows_results(&self) -> bool {
        true
    }
}

impl fmt::Display for D10Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            D10Command::Initiative(order) => order.fmt(f),
            D10Command::ActionPoints(order) => order.fmt(f),
            D10Command::Fire(order) => order.fmt(f),
            D10Command::Melee(order) => order.fmt(f),
        }
    }
}

/// The events `command` causes, or why it cannot be done.
pub fn check(state: &GameState, command: &D10Command) -> Result<Vec<Event>, D10Refusal> {
    match command {
        D10Command::Initiative(order) => throws::initiative(state, order),
        D10Command::ActionPoints(order) => throws::action_points(state, order),
        D10Command::Fire(order) => throws::fire(state, order),
        D10Command::Melee(order) => throws::melee(state, order),
    }
}

/// What the referee should keep in sight: shaken and disordered units (the sheet has no
/// rally or reform of its own to owe).
pub fn checklist(state: &GameState) -> Checklist {
    let mut checklist = Checklist::default();
    for unit in state.units().iter().filter(|u| u.on_table) {
        if unit.status != UnitStatus::InPlay {
            continue;
        }
        if unit.morale == Morale::Shaken {
            checklist.watch(unit, Concern::Shaken);
        }
        if unit.disordered {
            checklist.watch(unit, Concern::Disordered);
        }
    }
    checklist
}

/// The d10 sheet's play, as the game asks it.
pub const PLAY: Play = Play {
    parse_own: |verb, args, usage| own_parsed(parse(verb, args, usage).transpose()),
    gathered_keys: &[],
    check_own: |state, command| checked(command, |command| check(state, command)),
    phase_end: |_| Ok(Vec::new()),
    own_turn_ends: |_| Vec::new(),
    needs: |state, unit, _| needs(state, unit),
    checklist,
    own_usage: None,
    answer_own: |_, _, _, _| None,
    form_facts: |_, _, _| None,
};
