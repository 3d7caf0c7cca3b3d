//! What the referee should look at before ending the phase in *Sound the Charge*, either
//! edition, worked out from the state alone: each phase of the turn has its own steps
//! (*Turn Sequence*).

use crate::engine::checklist::{Checklist, ChecklistItem, Concern};
use crate::engine::state::GameState;
use crate::rules::optional_rule::OptionalRule;
use crate::rules::phase::Phase;
use crate::rules::profile::RetreatOwed;
use crate::rules::sound_the_charge::concern::SoundTheChargeConcern;
use crate::rules::sound_the_charge::unit_state::{Away, RegimentalGun};
use crate::rules::sound_the_charge_1_25::concern::OneTwentyFiveConcern;
use crate::rules::unit::{CommandState, Unit, UnitStatus};
use crate::rules::{Edition, Ruleset};

/// The retreat a unit owes as its ruleset words it: 1:25's every retreat is a range.
fn retreat_owed(ruleset: Ruleset, inches: u32) -> Concern {
    match ruleset.retreat() {
        RetreatOwed::Between { least, most } => Concern::Own(
            OneTwentyFiveConcern::RetreatBetween {
                least: least.count(),
                most: most.count(),
            }
            .into(),
        ),
        RetreatOwed::AtLeast => Concern::MustRetreat { inches },
    }
}

/// Both editions of *Sound the Charge*: the tests, retreats and contacts owed, the
/// active side's moves and charges, command.
pub fn checklist(state: &GameState) -> Checklist {
    let mut checklist = Checklist::default();
    let phase = state.phase();
    let fighting = state.units().iter().filter(|u| u.fighting());
    for unit in fighting.clone() {
        if unit.owes_test {
            checklist.open(
                unit,
                if state.ruleset().is_one_twenty_five() {
                    Concern::Own(OneTwentyFiveConcern::OwesFireTest.into())
                } else {
                    Concern::OwesTest
                },
            );
        }
        if let Some(inches) = unit.retreat_owed {
            checklist.watch(unit, retreat_owed(state.ruleset(), inches));
        }
        if unit.sound_the_charge.guns_abandoned {
            checklist.watch(
                unit,
                Concern::Own(SoundTheChargeConcern::GunsAbandoned.into()),
            );
        }
        // Both sides' units in contact fight, once each.
        if phase == Phase::Combat && unit.in_contact() && !unit.fought_this_turn {
            checklist.open(unit, Concern::InContact);
        }
    }
    // The passive side's shaken and disordered units fight and test the worse for it.
    for unit in fighting.clone().filter(|u| u.side != state.active()) {
        if unit.is_shaken() {
            checklist.watch(unit, Concern::Shaken);
        }
        if unit.disordered {
            checklist.watch(unit, Concern::Disordered);
        }
    }
    // *Steadiness and Disorder* 5 is the original's; 1:25 has no such rule.
    let short_disorders = match state.ruleset().edition() {
        Some(Edition::Original) => true,
        Some(Edition::OneTwentyFive) | None => false,
    };
    for unit in fighting.clone().filter(|u| u.side == state.active()) {
        checklist.active_unit(state, phase, unit);
        // In 1:25 a charger or target that retreated since is out of the fight.
        let retreated = |u: &Unit| u.sound_the_charge.retreated_this_turn && !short_disorders;
        if phase == Phase::Combat
            && unit.charged_this_turn
            && !unit.fought_this_turn
            && !unit.in_contact()
            && !retreated(unit)
        {
            let target = unit.charge_target.as_deref().and_then(|t| state.unit(t));
            let evaded = target.is_some_and(|t| t.sound_the_charge.evaded_this_turn);
            let gone = target.is_some_and(|t| !t.fighting() || retreated(t));
            if gone {
                checklist.watch(unit, Concern::ChargeTargetGone);
            } else if evaded {
                checklist.watch(unit, Concern::ChargeEvaded { short_disorders });
            } else {
                checklist.open(unit, Concern::Charged { short_disorders });
            }
        }
    }
    for unit in state.units().iter().filter(|u| u.on_table) {
        match unit.status {
            UnitStatus::Shattered => checklist.watch(unit, Concern::Leaving),
            UnitStatus::InPlay
                if unit.figures() > 0 && state.shatters(unit, unit.figures() - 1) =>
            {
                checklist.watch(unit, Concern::OneHitFromShattering);
            }
            _ => {}
        }
    }
    for unit in state.units() {
        match unit.sound_the_charge.away {
            Some(Away::Off { tried: false })
                if phase == Phase::Rally && unit.side == state.active() =>
            {
                checklist.open(unit, Concern::Own(SoundTheChargeConcern::MayReturn.into()));
            }
            Some(Away::Off { .. }) => {
                checklist.watch(unit, Concern::Own(SoundTheChargeConcern::Away.into()));
            }
            _ => {}
        }
    }
    for side in state.sides().iter().filter(|s| state.retreating_off(&s.id)) {
        checklist.watch.push(ChecklistItem {
            subject: side.id.clone(),
            concern: Concern::ArmyRetreating,
        });
    }
    checklist.command_check(state);
    if state.ruleset().sequence().last() == Some(&phase) {
        checklist.end_of_turn(state);
    }
    checklist
}

impl Checklist {
    /// A reminder, when command first tells on the dice: the active side's at the start
    /// of its turn (rallies, then movement), the passive side's as it is shot at (its
    /// morale tests). Radius changes as generals and units move, and only the referee
    /// sees the table.
    fn command_check(&mut self, state: &GameState) {
        // Only the original has command radii; 1:25's Limited Control is its own roll.
        match state.ruleset().edition() {
            Some(Edition::Original) => {}
            Some(Edition::OneTwentyFive) => return self.control_check(state),
            None => return,
        }
        let side = match state.phase() {
            Phase::Rally => state.active().to_owned(),
            Phase::Shooting => match state.sides().iter().find(|s| s.id != state.active()) {
                Some(passive) => passive.id.clone(),
                None => return,
            },
            _ => return,
        };
        for side in state.sides().iter().filter(|s| s.id == side) {
            let units = state
                .units()
                .iter()
                .filter(|u| u.side == side.id && u.fighting());
            let total = units.clone().count();
            let out = units.filter(|u| u.command == CommandState::Out).count();
            if total > 0 {
                self.watch.push(ChecklistItem {
                    subject: side.id.clone(),
                    concern: Concern::Own(
                        SoundTheChargeConcern::CommandCheck {
                            out: u32::try_from(out).unwrap_or(u32::MAX),
                            units: u32::try_from(total).unwrap_or(u32::MAX),
                        }
                        .into(),
                    ),
                });
            }
        }
    }

    /// *Limited Control* in the movement phase: a reminder for the active side, or, when it
    /// has no general left, a roll owed by each unit yet to move.
    fn control_check(&mut self, state: &GameState) {
        if state.phase() != Phase::Movement
            || !state.rule_in_play(crate::rules::optional_rule::OptionalRule::LimitedControl)
        {
            return;
        }
        let side = state.active();
        let generals_left = state
            .generals()
            .iter()
            .any(|g| g.side == side && g.status == crate::rules::sides::GeneralStatus::InPlay);
        if generals_left {
            self.watch.push(ChecklistItem {
                subject: side.to_owned(),
                concern: Concern::Own(OneTwentyFiveConcern::ControlCheck.into()),
            });
            return;
        }
        let waiting = state.units().iter().filter(|u| {
            u.side == side
                && u.fighting()
                && !u.moved_this_turn
                && u.one_twenty_five.control.is_none()
        });
        for unit in waiting {
            self.open(
                unit,
                Concern::Own(OneTwentyFiveConcern::MustRollControl.into()),
            );
        }
    }

    /// The active side's own steps in each phase.
    fn active_unit(&mut self, state: &GameState, phase: Phase, unit: &Unit) {
        if unit.is_shaken() {
            let may_rally = !unit.sound_the_charge.tried_rally
                && !unit.in_contact()
                && !state.retreating_off(&unit.side);
            if phase == Phase::Rally && may_rally {
                self.open(unit, Concern::MayRally);
            } else {
                self.watch(unit, Concern::Shaken);
            }
        }
        if phase == Phase::Movement && unit.command == CommandState::Out {
            self.watch(unit, Concern::OutOfCommand);
        }
        if unit.disordered {
            if phase == Phase::Reform
                && may_reform(unit).is_ok()
                && !state.retreating_off(&unit.side)
            {
                self.open(unit, Concern::MayReform);
            } else {
                self.watch(unit, Concern::Disordered);
            }
        }
    }

    /// *Army Morale* when the rule is in play, and the scenario's last turn.
    fn end_of_turn(&mut self, state: &GameState) {
        if state.rule_in_play(OptionalRule::ArmyMorale) && state.battle_over().is_none() {
            for (side, standing, breaks) in state.armies_to_judge() {
                self.watch.push(ChecklistItem {
                    subject: side.to_owned(),
                    concern: Concern::ArmyMorale { standing, breaks },
                });
            }
        }
        if let Some(limit) = state.turn_limit()
            && state.turn() >= limit
        {
            self.watch.push(ChecklistItem {
                subject: state.active().to_owned(),
                concern: Concern::LastTurn { limit },
            });
        }
    }
}

/// Whether a disordered unit may reform now, or why not: it must have stood all its
/// active turn, neither moving, shooting nor fighting (*Turn Sequence*).
pub fn may_reform(unit: &Unit) -> Result<(), &'static str> {
    if !unit.disordered {
        Err("is not disordered")
    } else if unit.in_contact() {
        Err("is in close combat")
    } else if unit.sound_the_charge.boat.is_some() {
        Err("is in boats: troops in boats stay disordered")
    } else if unit.moved_this_turn {
        Err("moved this turn")
    } else if unit.sound_the_charge.dice_fired > 0
        || unit.sound_the_charge.regimental_gun == Some(RegimentalGun::Fired)
    {
        Err("shot this turn")
    } else if unit.fought_this_turn {
        Err("fought this turn")
    } else {
        Ok(())
    }
}
