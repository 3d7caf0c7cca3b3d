//! *Army Morale* (an optional rule a ruleset offers by listing it) as a turn ends: which
//! armies break, and in a campaign battle a broken army's retreat off the table instead
//! of the battle's end. Its units are disordered, take a rout hit each of their turns
//! until they leave (the referee removes each as it goes), and may not rally.

use crate::engine::event::Event;
use crate::engine::guards::hits;
use crate::engine::refusal::EngineRefusal;
use crate::engine::state::GameState;
use crate::rules::optional_rule::OptionalRule;
use crate::rules::unit::HitKind;

/// *Army Morale* (optional) at the end of a turn: half or more of an army's units shaken
/// or eliminated breaks it; if both would, only the passive side does. Shattered units
/// leaving the table already counted as eliminated, so the state before the turn's last
/// events gives the same count.
pub(super) fn breaking_armies(state: &GameState) -> Vec<Event> {
    if !state.rule_in_play(OptionalRule::ArmyMorale) {
        return Vec::new();
    }
    state
        .armies_to_judge()
        .into_iter()
        .filter(|(_, _, breaks)| *breaks)
        .map(|(side, standing, _)| Event::ArmyBroken {
            side: side.to_owned(),
            shaken_or_gone: standing.shaken_or_gone,
            units: standing.units,
        })
        .collect()
}

/// The campaign's events as a turn ends: every unit of an army that broke just now is
/// disordered; at the start of a broken army's own turn each of its units still on the
/// table takes its rout hit. `newly_broken` are the sides breaking with this turn's end,
/// `next_active` the side whose turn begins.
pub(super) fn retreat_as_turn_ends(
    state: &GameState,
    newly_broken: &[String],
    next_active: &str,
) -> Result<Vec<Event>, EngineRefusal> {
    let mut events = Vec::new();
    let retreating =
        |side: &str| state.retreating_off(side) || newly_broken.iter().any(|s| s == side);
    for unit in state
        .units()
        .iter()
        .filter(|u| u.fighting() && retreating(&u.side))
    {
        if !unit.disordered && (state.ruleset().guns_disordered() || !unit.arm.is_artillery()) {
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
