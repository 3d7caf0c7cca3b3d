//! Optional *Boats* on the table: boarding and landing (each the unit's whole turn,
//! artillery two), the stage moving on as the unit's own turns end, and what a beaten
//! landing costs. The rules module gives the rowing distances and the landing's one die.

use super::SoundTheChargeRefusal;
use super::refusal::MovementRefusal;
use crate::engine::event::Event;
use crate::engine::guards::{in_phase, in_play, of_active_side};
use crate::engine::state::GameState;
use crate::rules::optional_rule::OptionalRule;
use crate::rules::phase::Phase;
use crate::rules::sound_the_charge::Forbidden;
use crate::rules::sound_the_charge::boats::{RETREAT_INCHES, turns_to_board};
use crate::rules::sound_the_charge::event::SoundTheChargeEvent;
use crate::rules::sound_the_charge::unit_state::Boat;
use crate::rules::unit::Unit;

/// `embark <unit>` (`board` true) or `disembark <unit>`: the unit's move this turn.
pub fn board(
    state: &GameState,
    id: &str,
    board: bool,
) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    let verb = if board { "embark" } else { "disembark" };
    if !state.rule_in_play(OptionalRule::Boats) {
        return Err(MovementRefusal::BoatsNotInPlay { verb }.into());
    }
    in_phase(state, Phase::Movement, "boarding and landing")?;
    let unit = in_play(state, id)?;
    of_active_side(state, unit, "boards or lands")?;
    if unit.moved_this_turn {
        return Err(MovementRefusal::BoardAfterMove {
            unit: unit.id.clone(),
            verb,
        }
        .into());
    }
    if unit.in_contact() {
        return Err(MovementRefusal::BoardInContact {
            unit: unit.id.clone(),
            verb,
        }
        .into());
    }
    let turns_left = turns_to_board(unit.arm);
    let next = match (board, unit.sound_the_charge.boat) {
        (true, None) => Boat::Embarking { turns_left },
        (false, Some(Boat::Afloat)) => Boat::Landing { turns_left },
        (true, Some(now)) => {
            return Err(MovementRefusal::AlreadyInBoats {
                unit: unit.id.clone(),
                boat: now.describe(),
            }
            .into());
        }
        (false, None) => {
            return Err(Forbidden::NotInBoats {
                unit: unit.id.clone(),
            }
            .into());
        }
        (false, Some(now)) => {
            return Err(MovementRefusal::LandsWhenAfloat {
                unit: unit.id.clone(),
                boat: now.describe(),
            }
            .into());
        }
    };
    let mut events = vec![Event::Own(
        SoundTheChargeEvent::Boat {
            unit: unit.id.clone(),
            boat: Some(next),
        }
        .into(),
    )];
    if !unit.disordered && !unit.arm.is_artillery() {
        events.push(Event::Disorder {
            unit: unit.id.clone(),
            disordered: true,
        });
    }
    Ok(events)
}

/// At the end of a side's turn its units boarding or landing are a turn further on.
pub(crate) fn own_turn_ends(state: &GameState) -> Vec<Event> {
    state
        .units()
        .iter()
        .filter(|u| u.side == state.active() && u.on_table)
        .filter_map(|u| {
            let now = u.sound_the_charge.boat?;
            let after = now.after_own_turn();
            (after != Some(now)).then(|| {
                Event::Own(
                    SoundTheChargeEvent::Boat {
                        unit: u.id.clone(),
                        boat: after,
                    }
                    .into(),
                )
            })
        })
        .collect()
}

/// Troops in boats attack only as they land (*Boats*).
pub(crate) fn may_attack(unit: &Unit) -> Result<(), SoundTheChargeRefusal> {
    match unit.sound_the_charge.boat {
        None | Some(Boat::Landing { .. }) => Ok(()),
        Some(stage) => Err(MovementRefusal::AttackFromBoats {
            unit: unit.id.clone(),
            boat: stage.describe(),
        }
        .into()),
    }
}

/// Beaten as they land, the troops row back a move in their boats: the retreat they owe,
/// and back afloat.
pub(crate) fn beaten_landing(unit: &Unit) -> Option<(u32, Event)> {
    unit.sound_the_charge.boat.map(|_| {
        (
            RETREAT_INCHES,
            Event::Own(
                SoundTheChargeEvent::Boat {
                    unit: unit.id.clone(),
                    boat: Some(Boat::Afloat),
                }
                .into(),
            ),
        )
    })
}
