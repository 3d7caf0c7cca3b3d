//! *Sound the Charge* at the table, worked out over the engine, for both editions: its
//! own words' commands (`command`) and their parse (`words`, with the orders'
//! `move_order`, `roll_command`, `combat_order`), a move and an evade
//! (`maneuver`), shooting, tests and rallies (`resolve`), close combat (`close_combat`,
//! `combat_verdict`), what follows a combat (`follow_up`), the optional boats and regimental
//! guns. Each edition's numbers are in its own rules folder. Where the
//! 1:25 edition reads a command its own way, its play (`rules/sound_the_charge_1_25/play/`)
//! makes the checks both share, kept here, then its own; the registry sends the command
//! there. The game reaches this flow through its registry (`game/registry.rs`).

pub mod boats;
pub mod checklist;
pub mod close_combat;
pub mod combat_order;
mod combat_verdict;
mod command;
pub mod follow_up;
mod form_facts;
pub mod maneuver;
pub mod move_order;
mod needs;
pub mod optional_rules;
mod refusal;
mod regimental_gun;
pub mod resolve;
pub mod roll_command;
mod standing;
mod words;

pub use command::{SoundTheChargeCommand, check};
pub use form_facts::form_facts;
pub use needs::{fire_line, needs};
pub use refusal::{CombatRefusal, FireRefusal, MovementRefusal, SoundTheChargeRefusal};
pub use words::parse;

use crate::engine::event::Event;
use crate::engine::play::{Play, checked, own_parsed};
use crate::engine::state::GameState;
use crate::rules::phase::Phase;

/// *Sound the Charge*'s phase end: by *Steadiness and Disorder* 5, a charge that never
/// reached the enemy disorders the charger; the combat phase is its last chance to make
/// contact.
pub fn phase_end(state: &GameState) -> Vec<Event> {
    if state.phase() != Phase::Combat {
        return Vec::new();
    }
    state
        .units()
        .iter()
        .filter(|u| u.charged_this_turn && !u.fought_this_turn && !u.disordered && u.on_table)
        .map(|unit| Event::ChargeFellShort {
            unit: unit.id.clone(),
        })
        .collect()
}

/// *Sound the Charge*'s play, as the game asks it.
pub const PLAY: Play = Play {
    parse_own: |verb, args, usage| own_parsed(parse(verb, args, usage).transpose()),
    gathered_keys: &[],
    check_own: |state, command| checked(command, |command| check(state, command)),
    phase_end: |state| Ok(phase_end(state)),
    own_turn_ends: boats::own_turn_ends,
    needs: |state, unit, asker| needs(state, unit, fire_line(unit), asker),
    checklist: checklist::checklist,
    own_usage: None,
    answer_own: |_, _, _, _| None,
    form_facts,
};
