//! *Sound the Charge 1:25* at the table where it reads *Sound the Charge*'s words its own
//! way (`check`): fire,
//! the fire test, the rally and being caught with its pants down (`fire.rs`), a move, an
//! evade, a voluntary retreat and limited control (`maneuver.rs`); the end of a side's
//! turn, where a two-turn maneuver ends (`turn_end.rs`). The rest of its play is
//! *Sound the Charge*'s flow (`rules/sound_the_charge/play/`), which asks here.

pub mod fire;
pub mod maneuver;
pub mod turn_end;

use crate::engine::event::Event;
use crate::engine::play::{Play, checked};
use crate::engine::state::GameState;
use crate::engine::words::RetreatEnd;
use crate::rules::sound_the_charge::play::SoundTheChargeRefusal;
use crate::rules::sound_the_charge::play::{self as original, SoundTheChargeCommand};

/// The events `command` causes in a game of the 1:25 edition, or why it cannot be done:
/// its fire, test, rally and `caught`, its move, evade, voluntary retreat and `control`
/// here; the words both editions read alike by the original's check.
pub fn check(
    state: &GameState,
    command: &SoundTheChargeCommand,
) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    match command {
        SoundTheChargeCommand::Shoot(order) => fire::shoot(state, order),
        SoundTheChargeCommand::Test(order) => fire::test(state, order),
        SoundTheChargeCommand::Rally(order) => fire::rally(state, order),
        SoundTheChargeCommand::Move(order) => maneuver::move_unit(state, order),
        SoundTheChargeCommand::Control { unit, roll } => maneuver::control(state, unit, *roll),
        SoundTheChargeCommand::Caught {
            unit,
            early,
            facing,
            roll,
        } => fire::caught(state, unit, *early, *facing, *roll),
        SoundTheChargeCommand::Evade { unit, dice } => {
            maneuver::evade(state, unit, dice.as_deref())
        }
        SoundTheChargeCommand::Retreat {
            unit,
            end: RetreatEnd::Voluntary,
        } => maneuver::voluntary_retreat(state, unit),
        _ => original::check(state, command),
    }
}

/// The 1:25 edition's play, as the game asks it: *Sound the Charge*'s words read by its own
/// check, its fire line in the needs, and a turn's end where two-turn maneuvers end.
pub const PLAY: Play = Play {
    parse_own: original::PLAY.parse_own,
    gathered_keys: original::PLAY.gathered_keys,
    check_own: |state, command| checked(command, |command| check(state, command)),
    phase_end: |_| Ok(Vec::new()),
    // Boats are *Sound the Charge*'s optional rule alone.
    own_turn_ends: turn_end::maneuvers_done,
    needs: |state, unit, asker| original::needs(state, unit, fire::fire_line(unit), asker),
    checklist: original::PLAY.checklist,
    own_usage: None,
    answer_own: original::PLAY.answer_own,
    form_facts: original::PLAY.form_facts,
};
