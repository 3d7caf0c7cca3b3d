//! The checks every ruleset's commands share: a unit on the table, in play, of the active
//! side, in its phase; a general still in play; and the hits it takes.

use super::event::Event;
use super::find::find_unit;
use super::refusal::EngineRefusal;
use super::state::GameState;
use crate::rules::phase::Phase;
use crate::rules::sides::{General, GeneralStatus};
use crate::rules::unit::{HitKind, Unit, UnitStatus};

/// The events of `count` hits of `kind` on a unit on the table: the surplus over its
/// figures is lost, and the hit that takes it to its ruleset's threshold shatters it (or,
/// where the ruleset shatters none, the last figure eliminates it).
pub(crate) fn hits(
    state: &GameState,
    unit: &str,
    kind: HitKind,
    count: u32,
) -> Result<Vec<Event>, EngineRefusal> {
    let unit = on_table(state, unit)?;
    let left = unit.figures();
    if left == 0 {
        return Err(EngineRefusal::NoFigures {
            unit: unit.id.clone(),
        });
    }
    // More hits than figures happen (rout hits on a remnant); the surplus is lost.
    let count = count.min(left);
    let mut events = vec![Event::Hits {
        unit: unit.id.clone(),
        kind,
        count,
    }];
    if unit.status == UnitStatus::InPlay && state.shatters(unit, left - count) {
        // Where the ruleset shatters no unit, only its last figure takes it away.
        events.push(match state.ruleset().shattered_at(unit.figures_at_start) {
            Some(_) => Event::Shattered {
                unit: unit.id.clone(),
            },
            None => Event::Eliminated {
                unit: unit.id.clone(),
                cause: "its last figure is gone".to_owned(),
            },
        });
    }
    Ok(events)
}

/// The unit, if it is still on the table.
pub(crate) fn on_table<'a>(state: &'a GameState, id: &str) -> Result<&'a Unit, EngineRefusal> {
    let unit = find_unit(state, id)?;
    if unit.on_table {
        Ok(unit)
    } else {
        Err(EngineRefusal::OffTable {
            unit: unit.id.clone(),
            status: unit.status.word(),
        })
    }
}

/// Whether it is `phase`, in which `what` belongs.
pub(crate) fn in_phase(state: &GameState, phase: Phase, what: &str) -> Result<(), EngineRefusal> {
    if state.phase() == phase {
        Ok(())
    } else {
        Err(EngineRefusal::WrongPhase {
            what: what.to_owned(),
            wanted: phase,
            now: state.phase(),
        })
    }
}

/// The unit, if it is on the table and not shattered.
pub(crate) fn in_play<'a>(state: &'a GameState, id: &str) -> Result<&'a Unit, EngineRefusal> {
    let unit = on_table(state, id)?;
    if unit.status == UnitStatus::Shattered {
        return Err(EngineRefusal::Shattered {
            unit: unit.id.clone(),
        });
    }
    Ok(unit)
}

/// The unit `id`, in play and of the other side from `unit`: what it charges, fights or
/// fires at.
pub(crate) fn enemy_of<'a>(
    state: &'a GameState,
    unit: &Unit,
    id: &str,
) -> Result<&'a Unit, EngineRefusal> {
    let enemy = in_play(state, id)?;
    if enemy.side == unit.side {
        return Err(EngineRefusal::SameSide {
            unit: unit.id.clone(),
            enemy: enemy.id.clone(),
        });
    }
    Ok(enemy)
}

/// A general neither killed nor captured: a gone general gives no order and buys none.
pub(crate) fn general_in_play(general: &General) -> Result<(), EngineRefusal> {
    if general.status == GeneralStatus::InPlay {
        Ok(())
    } else {
        Err(EngineRefusal::GeneralGone {
            general: general.name.clone(),
            status: general.status.word(),
        })
    }
}

/// Whether the unit is the active side's, the only one that `what`.
pub(crate) fn of_active_side(
    state: &GameState,
    unit: &Unit,
    what: &str,
) -> Result<(), EngineRefusal> {
    if unit.side == state.active() {
        Ok(())
    } else {
        Err(EngineRefusal::NotActiveSide {
            unit: unit.id.clone(),
            side: unit.side.clone(),
            active: state.active().to_owned(),
            what: what.to_owned(),
        })
    }
}

/// A general riding with a unit that leaves the table stays behind, alone.
pub(crate) fn detach_all(state: &GameState, unit_id: &str) -> Vec<Event> {
    state
        .generals_attached_to(unit_id)
        .map(|g| Event::Detached {
            general: g.id.clone(),
        })
        .collect()
}
