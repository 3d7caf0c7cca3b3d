//! What the referee should look at before ending the phase, worked out from the state
//! alone. The rules issues add each phase's own steps; this holds what the roster shows.

use super::state::GameState;
use super::unit::{Morale, Unit, UnitStatus};
use crate::rules::sound_the_charge::{Phase, is_shattered};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Concern {
    /// Hit by shooting and not yet tested (*Morale Test if Hit by Shooting*).
    OwesTest,
    /// In close combat and not yet fought this turn's round (*Close Combat*, Procedure).
    InContact,
    /// A shaken unit of the side whose turn it is.
    Shaken,
    /// A disordered unit of the side whose turn it is.
    Disordered,
    /// Shattered: it leaves the table when the phase ends (*Shattered Units*).
    Leaving,
    /// One more hit shatters it; worth knowing, not something to settle.
    OneHitFromShattering,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChecklistItem {
    pub unit: String,
    pub concern: Concern,
}

impl ChecklistItem {
    /// "fr-61 shaken"
    pub fn describe(&self) -> String {
        let what = match self.concern {
            Concern::OwesTest => "owes a morale test (`test`)",
            Concern::InContact => "in contact: fights a round (`combat`)",
            Concern::Shaken => "shaken",
            Concern::Disordered => "disordered",
            Concern::Leaving => "SHATTERED: leaves at the end of the phase",
            Concern::OneHitFromShattering => "one hit from shattering",
        };
        format!("{} {what}", self.unit)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Checklist {
    /// To settle (or knowingly leave) before `next`.
    pub open: Vec<ChecklistItem>,
    /// To keep an eye on.
    pub watch: Vec<ChecklistItem>,
}

impl Checklist {
    pub fn of(state: &GameState) -> Checklist {
        let mut checklist = Checklist::default();
        let item = |unit: &Unit, concern| ChecklistItem {
            unit: unit.id.clone(),
            concern,
        };
        let on_table = state.units().iter().filter(|u| u.on_table);
        for unit in on_table
            .clone()
            .filter(|u| u.owes_test && u.status == UnitStatus::InPlay)
        {
            checklist.open.push(item(unit, Concern::OwesTest));
        }
        // Only the side whose turn it is names its units first; both sides' units in
        // contact fight, once each.
        if state.phase() == Phase::Combat {
            for unit in on_table
                .clone()
                .filter(|u| u.in_contact() && !u.fought_this_turn && u.status == UnitStatus::InPlay)
            {
                checklist.open.push(item(unit, Concern::InContact));
            }
        }
        for unit in on_table.clone().filter(|u| u.side == state.active()) {
            if unit.status != UnitStatus::InPlay {
                continue;
            }
            if unit.morale == Morale::Shaken {
                checklist.open.push(item(unit, Concern::Shaken));
            }
            if unit.disordered {
                checklist.open.push(item(unit, Concern::Disordered));
            }
        }
        for unit in on_table {
            match unit.status {
                UnitStatus::Shattered => checklist.open.push(item(unit, Concern::Leaving)),
                UnitStatus::InPlay
                    if unit.figures() > 0
                        && is_shattered(unit.figures_at_start, unit.figures() - 1) =>
                {
                    checklist
                        .watch
                        .push(item(unit, Concern::OneHitFromShattering));
                }
                _ => {}
            }
        }
        checklist
    }
}
