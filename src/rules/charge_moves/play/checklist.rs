//! What the referee should settle before `next` in *Charge Moves*.

use crate::engine::checklist::{Checklist, Concern};
use crate::engine::state::GameState;
use crate::rules::charge_moves::concern::ChargeMovesConcern;
use crate::rules::charge_moves::{self as rules};
use crate::rules::phase::Phase;
use crate::rules::unit::{Morale, UnitStatus};

/// *Charge Moves*: throws owed, moves back owed, routs, and the chargers' melees.
pub fn checklist(state: &GameState) -> Checklist {
    let mut checklist = Checklist::default();
    let phase = state.phase();
    for unit in state.units().iter().filter(|u| u.on_table) {
        let active = unit.side == state.active();
        match unit.status {
            UnitStatus::Shattered => checklist.watch(unit, Concern::Leaving),
            UnitStatus::InPlay => {
                if unit.owes_test {
                    checklist.open(unit, Concern::Own(ChargeMovesConcern::OwesMorale.into()));
                }
                if unit.charge_moves.moves_back > 0 {
                    let concern = Concern::Own(
                        ChargeMovesConcern::MovesBack {
                            moves: unit.charge_moves.moves_back,
                        }
                        .into(),
                    );
                    if active && phase == Phase::Movement {
                        checklist.open(unit, concern);
                    } else {
                        checklist.watch(unit, concern);
                    }
                }
                if unit.morale == Morale::Routed {
                    checklist.watch(
                        unit,
                        Concern::Own(
                            ChargeMovesConcern::Routed {
                                reach: rules::ROUT_SPREADS_INCHES.value(),
                            }
                            .into(),
                        ),
                    );
                }
                if phase == Phase::Melee && unit.charged_this_turn && !unit.fought_this_turn {
                    checklist.open(unit, Concern::Own(ChargeMovesConcern::ChargedHome.into()));
                }
            }
            UnitStatus::Eliminated => {}
        }
    }
    checklist
}
