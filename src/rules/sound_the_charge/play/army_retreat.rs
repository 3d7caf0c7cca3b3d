//! *Army Morale* in a campaign battle: a broken army does not end the game but retreats
//! off the table. Its units are disordered, take a rout hit each of their turns until they
//! leave (the referee removes each as it goes), and may not rally.

use super::SoundTheChargeRefusal;
use crate::engine::event::Event;
use crate::engine::guards::hits;
use crate::engine::state::GameState;
use crate::rules::unit::HitKind;

/// The campaign's events as a turn ends: every unit of an army that broke just now is
/// disordered; at the start of a broken army's own turn each of its units still on the
/// table takes its rout hit. `newly_broken` are the sides breaking with this turn's end,
/// `next_active` the side whose turn begins.
pub(crate) fn as_turn_ends(
    state: &GameState,
    newly_broken: &[String],
    next_active: &str,
) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    let mut events = Vec::new();
    let retreating =
        |side: &str| state.retreating_off(side) || newly_broken.iter().any(|s| s == side);
    for unit in state
        .units()
        .iter()
        .filter(|u| u.fighting() && retreating(&u.side))
    {
        if !unit.disordered && !unit.arm.is_artillery() {
            events.push(Event::Disorder {
                unit: unit.id.clone(),
                disordered: true,
            });
        }
        if unit.side == next_active && unit.figures() > 0 {
            events.extend(hits(state, &unit.id, HitKind::Rout, 1)?);
        }
    }
    Ok(events)
}
