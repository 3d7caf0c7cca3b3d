//! What the referee should settle before `next` in *Old Trousers II*: the turn's own
//! rolls, the orders' concerns, the excerpt's gaps and each unit's state.

use super::{concerns, confined_out_of_command, countercharge_of};
use crate::engine::checklist::{Checklist, ChecklistItem, Concern};
use crate::engine::state::GameState;
use crate::rules::old_trousers::concern::TrousersConcern;
use crate::rules::old_trousers::excerpt::Gap;
use crate::rules::old_trousers::{Step, Turn};
use crate::rules::phase::Phase;
use crate::rules::sides::GeneralStatus;
use crate::rules::unit::Morale;

/// *Old Trousers II*: the turn's own rolls, the excerpt's gaps, and each unit's state.
pub fn checklist(state: &GameState) -> Checklist {
    let mut checklist = Checklist::default();
    let phase = state.phase();
    let side = state.active().to_owned();
    if phase == Phase::Initiative && state.turn_state().trousers.first.is_none() {
        // Both players roll: the item is neither side's.
        checklist.open.push(ChecklistItem {
            subject: "both".to_owned(),
            concern: Concern::Own(
                TrousersConcern::InitiativeToRoll {
                    tied: state.turn_state().trousers.tied,
                }
                .into(),
            ),
        });
    }
    for (open, subject, concern) in concerns(state) {
        let item = ChecklistItem {
            subject,
            concern: Concern::Own(TrousersConcern::Command(concern).into()),
        };
        if open {
            checklist.open.push(item);
        } else {
            checklist.watch.push(item);
        }
    }
    if let Some(gap) = excerpt_gap(phase) {
        checklist.watch.push(ChecklistItem {
            subject: side,
            concern: Concern::Own(
                TrousersConcern::ExcerptStops {
                    section: gap.name,
                    page: gap.page,
                }
                .into(),
            ),
        });
    }
    for unit in state.units().iter().filter(|u| u.fighting()) {
        if unit.is_shaken() {
            checklist.watch(unit, Concern::Shaken);
        }
        if unit.disordered {
            checklist.watch(unit, Concern::Disordered);
        }
        let melee_to_come = matches!(
            phase,
            Phase::StationaryFire | Phase::ChargeTest | Phase::MovingFire | Phase::Melee
        );
        let met = countercharge_of(state, unit)
            .is_some_and(|(countercharger, _)| countercharger.trousers.movement.met);
        if melee_to_come && met {
            checklist.watch(unit, Concern::Own(TrousersConcern::Countercharged.into()));
        }
        let routs_now = phase == Phase::Rally && unit.side == state.active();
        if unit.morale == Morale::Routed && routs_now && !unit.moved_this_turn {
            checklist.open(unit, Concern::Own(TrousersConcern::MustRout.into()));
        }
        let moves_now = phase == Phase::Movement && unit.side == state.active();
        if moves_now && confined_out_of_command(state, unit) {
            checklist.watch(
                unit,
                Concern::Own(TrousersConcern::OutOfCommandConfined.into()),
            );
        }
    }
    for general in state
        .generals()
        .iter()
        .filter(|g| g.trousers.commander.is_some() && g.status != GeneralStatus::InPlay)
    {
        let ready = general.lost_on.is_some_and(|t| t < state.turn())
            && phase == Phase::Orders
            && general.side == state.active();
        let item = ChecklistItem {
            subject: general.id.clone(),
            concern: Concern::Own(TrousersConcern::AwaitsReplacement { ready }.into()),
        };
        if ready {
            checklist.open.push(item);
        } else {
            checklist.watch.push(item);
        }
    }
    checklist
}

/// The section of the rulebook a phase of *Old Trousers II* needs and the excerpt lacks.
fn excerpt_gap(phase: Phase) -> Option<&'static Gap> {
    let step = match phase {
        Phase::Rally => Step::Rally(Turn::First),
        Phase::ChargeTest => Step::ChargeTest(Turn::First),
        Phase::Melee => Step::Melee(Turn::First),
        Phase::Breakthrough => Step::Breakthrough(Turn::First),
        _ => return None,
    };
    step.gap()
}
