//! Applying events: the only code that changes a [`GameState`]; a ruleset's own events
//! change it through the same door (`own_event.rs`).

// Its refusal is a file of its own, so that a ruleset's own events can be applied
// beside their registry without a circle back here.
pub use super::apply_error::ApplyError;
use super::combat_round::CombatRound;
use super::event::Event;
use super::roll::Roll;
use super::state::GameState;
use crate::core::house;
use crate::rules::phase::Phase;
use crate::rules::unit::{HitKind, Unit, UnitStatus};
use std::sync::Arc;

impl GameState {
    pub fn apply(&mut self, event: &Event) -> Result<(), ApplyError> {
        let house_rules = Arc::clone(&self.house_rules);
        house::in_force(&house_rules, || self.apply_in_force(event))
    }

    /// [`GameState::apply`] with the game's house rules in force.
    fn apply_in_force(&mut self, event: &Event) -> Result<(), ApplyError> {
        match event {
            Event::Hits { unit, kind, count } => self.add_hits(unit, *kind, *count)?,
            Event::HitsTakenBack { unit, kind, count } => {
                self.take_back_hits(unit, *kind, *count)?;
            }
            Event::Shattered { unit } => {
                let unit = self.known_unit(unit)?;
                unit.status = UnitStatus::Shattered;
                // It leaves the table at the phase's end; no test is left to take.
                unit.owes_test = false;
            }
            Event::Morale { unit, morale } => self.known_unit(unit)?.morale = *morale,
            Event::Disorder { unit, disordered } => {
                self.known_unit(unit)?.disordered = *disordered;
            }
            Event::Formation { unit, formation } => {
                let turn = self.turn;
                self.known_unit(unit)?.formed(*formation, turn);
            }
            Event::Command { unit, command } => self.known_unit(unit)?.command = *command,
            Event::Attached { general, unit } => {
                self.known_unit(unit)?;
                self.known_general(general)?.attached = Some(unit.clone());
            }
            Event::Detached { general } => self.known_general(general)?.attached = None,
            Event::Removed { unit } | Event::Eliminated { unit, .. } => {
                let unit = self.known_unit(unit)?;
                unit.status = UnitStatus::Eliminated;
                unit.on_table = false;
                // A unit gone from the table has no test left to take.
                unit.owes_test = false;
                let id = unit.id.clone();
                self.set_contact(&id, &[])?;
            }
            Event::LeftTable { unit } => {
                self.known_unit(unit)?.on_table = false;
                self.set_contact(unit, &[])?;
            }
            Event::Fought(round) => self.record_round(round)?,
            Event::Contact { unit, with } => self.set_contact(unit, with)?,
            Event::Note { unit, text } => self.known_unit(unit)?.note.clone_from(text),
            Event::HouseRule { name, value, .. } => self.set_house_rule(name, *value)?,
            Event::Clock { change } => self.change_clock(*change),
            // The report reads it from the log; the battle goes on as the table wishes.
            Event::Victory { side, .. } => {
                if let Some(side) = side
                    && self.side(side).is_none()
                {
                    return Err(ApplyError::NoSide { id: side.clone() });
                }
            }
            Event::Rolled(roll) => self.record_roll(roll)?,
            Event::TestOwed { .. } | Event::TestLapsed { .. } => self.owed_test(event)?,
            Event::GeneralLost { general, status } => {
                let turn = self.turn;
                let general = self.known_general(general)?;
                general.status = *status;
                general.attached = None;
                general.lost_on = Some(turn);
            }
            Event::ArmyBroken { side, .. } => {
                let Some(side) = self.sides.iter_mut().find(|s| &s.id == side) else {
                    return Err(ApplyError::NoSide { id: side.clone() });
                };
                side.broken = true;
            }
            // What the referee is told, changing nothing.
            Event::LeftOpen { .. } | Event::HouseValuesUsed { .. } => {}
            Event::ChargeFellShort { unit } => self.known_unit(unit)?.disordered = true,
            Event::Moved { .. } | Event::MustRetreat { .. } => self.record_move(event)?,
            Event::Own(own) => self.apply_own(own)?,
            Event::PhaseBegan {
                turn,
                active,
                phase,
            } => self.begin_phase(*turn, active, *phase)?,
        }
        Ok(())
    }

    fn add_hits(&mut self, unit: &str, kind: HitKind, count: u32) -> Result<(), ApplyError> {
        let unit = self.known_unit(unit)?;
        // `check` never emits more hits than figures; only an edited log can.
        if count > unit.figures() {
            return Err(ApplyError::TooManyHits {
                unit: unit.id.clone(),
                count,
                left: unit.figures(),
            });
        }
        unit.took_hits(kind, count);
        Ok(())
    }

    fn take_back_hits(&mut self, unit: &str, kind: HitKind, count: u32) -> Result<(), ApplyError> {
        let unit = self.known_unit(unit)?;
        unit.take_back_hits(kind, count)
            .map_err(|hits| ApplyError::TooManyTakenBack {
                unit: unit.id.clone(),
                count,
                hits,
            })
    }

    fn begin_phase(&mut self, turn: u32, active: &str, phase: Phase) -> Result<(), ApplyError> {
        let expected = self.phase_after();
        if (turn, active, phase) != (expected.0, expected.1.as_str(), expected.2) {
            return Err(ApplyError::OutOfSequence {
                turn,
                active: active.to_owned(),
                phase,
                after_turn: self.turn,
                after_active: self.active.clone(),
                after_phase: self.phase,
            });
        }
        if turn != self.turn {
            self.turn_state.next_turn();
        }
        // Each side's turn is a new one for its units; *Old Trousers II*'s two players
        // share a game turn, so the change of side marks it there.
        if turn != self.turn || active != self.active {
            for unit in &mut self.units {
                if let Some(cleared) = unit.turn_cleared() {
                    *unit = Arc::new(cleared);
                }
            }
        }
        for unit in &mut self.units {
            if unit.has_phase_marks() {
                Arc::make_mut(unit).phase_over();
            }
        }
        if turn != self.turn {
            self.clock.turn_began(turn);
        }
        self.turn = turn;
        active.clone_into(&mut self.active);
        self.phase = phase;
        Ok(())
    }

    /// The stream moves to where the roll left it; a test settles the debt, a rally or a
    /// shot uses the unit's turn for it.
    fn record_roll(&mut self, roll: &Roll) -> Result<(), ApplyError> {
        if let Some(position) = roll.stream {
            self.dice = self.dice.at(position);
        }
        if roll.kind.marks_its_unit() {
            let dice = u32::try_from(roll.dice.len()).unwrap_or(u32::MAX);
            let face = roll.dice.first().copied().unwrap_or(0);
            self.known_unit(&roll.by)?
                .threw(roll.kind, dice, roll.passed(), face);
        }
        Ok(())
    }

    /// The dice stream moves on; every unit in the round has fought it.
    fn record_round(&mut self, round: &CombatRound) -> Result<(), ApplyError> {
        if let Some(position) = round.stream {
            self.dice = self.dice.at(position);
        }
        for fighter in &round.fighters {
            self.known_unit(&fighter.unit)?.fought_round();
        }
        Ok(())
    }

    /// `unit` is in contact with exactly `with`: each of them is in contact with it, and
    /// no one else is. Contact is between enemies on the table.
    pub(super) fn set_contact(&mut self, unit: &str, with: &[String]) -> Result<(), ApplyError> {
        let side = self.known_unit(unit)?.side.clone();
        for enemy in with {
            let other = self.known_unit(enemy)?;
            if other.side == side || !other.on_table {
                return Err(ApplyError::BadContact {
                    unit: unit.to_owned(),
                    enemy: enemy.clone(),
                });
            }
        }
        for other in &mut self.units {
            let touches = other.in_contact_with.iter().any(|id| id == unit);
            if other.id == unit {
                if other.in_contact_with != with {
                    Arc::make_mut(other).in_contact_with = with.to_vec();
                }
            } else if with.contains(&other.id) {
                if !touches {
                    Arc::make_mut(other).in_contact_with.push(unit.to_owned());
                }
            } else if touches {
                Arc::make_mut(other).in_contact_with.retain(|id| id != unit);
            }
        }
        Ok(())
    }

    /// A test owed, what the app knows of the fire behind it, or a test lapsed.
    fn owed_test(&mut self, event: &Event) -> Result<(), ApplyError> {
        match event {
            Event::TestOwed { unit, hits } => self.owe_test(unit, *hits)?,
            Event::TestLapsed { unit } => self.known_unit(unit)?.test_settled(),
            _ => {}
        }
        Ok(())
    }

    /// A move made: the unit's move is spent, and a charge, an evade or a retreat noted;
    /// a charge that fell short at its throw (*Charge Moves*); a retreat owed.
    fn record_move(&mut self, event: &Event) -> Result<(), ApplyError> {
        match event {
            Event::Moved {
                unit,
                charging,
                target,
                evade,
                retreat,
                trousers,
                ..
            } => {
                let unit = self.known_unit(unit)?;
                unit.moved(*evade, *retreat, *trousers);
                if *charging {
                    unit.charged(target.clone());
                }
            }
            Event::MustRetreat { unit, inches } => self.known_unit(unit)?.must_retreat(*inches),
            _ => {}
        }
        Ok(())
    }

    fn owe_test(&mut self, unit: &str, hits: u32) -> Result<(), ApplyError> {
        let unit = self.known_unit(unit)?;
        // Shooting hits are loss hits: an edited log may not claim more.
        if !unit.owe_test(hits) {
            return Err(ApplyError::OwedTestBeyondLosses {
                unit: unit.id.clone(),
                hits,
                loss_hits: unit.loss_hits,
            });
        }
        Ok(())
    }

    pub(super) fn known_unit(&mut self, id: &str) -> Result<&mut Unit, ApplyError> {
        self.unit_mut(id)
            .ok_or_else(|| ApplyError::NoUnit { id: id.to_owned() })
    }

    pub(super) fn known_general(
        &mut self,
        id: &str,
    ) -> Result<&mut crate::rules::sides::General, ApplyError> {
        self.general_mut(id)
            .ok_or_else(|| ApplyError::NoGeneral { id: id.to_owned() })
    }
}
