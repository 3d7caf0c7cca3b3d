//! A unit's standing between fights, as the referee records it: out of contact again
//! (`disengage`, a table fact the app missed) and steady again (`reform`).

use super::SoundTheChargeRefusal;
use super::checklist::may_reform;
use super::refusal::{CombatRefusal, MovementRefusal};
use crate::engine::event::Event;
use crate::engine::guards::on_table;
use crate::engine::state::GameState;
use crate::rules::phase::Phase;
use crate::rules::unit::Unit;

/// The unit is no longer in contact with any enemy.
pub fn disengage(state: &GameState, unit: &str) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    let unit = on_table(state, unit)?;
    if !unit.in_contact() {
        return Err(CombatRefusal::NotInContact {
            unit: unit.id.clone(),
        }
        .into());
    }
    Ok(vec![Event::Contact {
        unit: unit.id.clone(),
        with: Vec::new(),
    }])
}

/// *Turn Sequence*: the active side reforms disordered units that stood all turn; this is
/// automatic, so `reform` alone reforms every one that may.
pub fn reform(state: &GameState, unit: Option<&str>) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    if state.phase() != Phase::Reform {
        return Err(MovementRefusal::NotReformPhase { now: state.phase() }.into());
    }
    if state.retreating_off(state.active()) {
        return Err(MovementRefusal::BrokenArmyDisordered.into());
    }
    let reformed = |unit: &Unit| Event::Disorder {
        unit: unit.id.clone(),
        disordered: false,
    };
    if let Some(id) = unit {
        let unit = on_table(state, id)?;
        if unit.side != state.active() {
            return Err(MovementRefusal::ReformNotActive {
                unit: unit.id.clone(),
            }
            .into());
        }
        may_reform(unit).map_err(|why| MovementRefusal::CannotReform {
            unit: unit.id.clone(),
            why,
        })?;
        return Ok(vec![reformed(unit)]);
    }
    let events: Vec<Event> = state
        .units()
        .iter()
        .filter(|u| u.fighting() && u.side == state.active())
        .filter(|u| may_reform(u).is_ok())
        .map(|u| reformed(u))
        .collect();
    if events.is_empty() {
        return Err(MovementRefusal::NoneToReform.into());
    }
    Ok(events)
}
