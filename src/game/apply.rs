//! Applying events: the only code that changes a [`GameState`].

use super::event::Event;
use super::roll::RollKind;
use super::state::GameState;
use super::unit::{HitKind, Unit, UnitStatus};

/// An event that does not fit the state it is applied to: only a hand-edited or
/// corrupted log produces one, since events come from checked commands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ApplyError(pub String);

impl GameState {
    pub fn apply(&mut self, event: &Event) -> Result<(), ApplyError> {
        match event {
            Event::Hits { unit, kind, count } => {
                let unit = self.known_unit(unit)?;
                // `check` never emits more hits than figures; only an edited log can.
                if *count > unit.figures() {
                    return Err(ApplyError(format!(
                        "{count} hits on {}, which has {} figures left",
                        unit.id,
                        unit.figures()
                    )));
                }
                match kind {
                    HitKind::Loss => unit.loss_hits += count,
                    HitKind::Rout => unit.rout_hits += count,
                }
            }
            Event::HitsTakenBack { unit, kind, count } => {
                let unit = self.known_unit(unit)?;
                let hits = match kind {
                    HitKind::Loss => &mut unit.loss_hits,
                    HitKind::Rout => &mut unit.rout_hits,
                };
                *hits = hits.checked_sub(*count).ok_or_else(|| {
                    ApplyError(format!(
                        "{count} hits taken back from {}, which has only {hits}",
                        unit.id
                    ))
                })?;
            }
            Event::Shattered { unit } => self.known_unit(unit)?.status = UnitStatus::Shattered,
            Event::Morale { unit, morale } => self.known_unit(unit)?.morale = *morale,
            Event::Disorder { unit, disordered } => {
                self.known_unit(unit)?.disordered = *disordered;
            }
            Event::Formation { unit, formation } => {
                self.known_unit(unit)?.formation = *formation;
            }
            Event::Command { unit, command } => self.known_unit(unit)?.command = *command,
            Event::Attached { general, unit } => {
                self.known_unit(unit)?;
                self.known_general(general)?.attached = Some(unit.clone());
            }
            Event::Detached { general } => self.known_general(general)?.attached = None,
            Event::Removed { unit } => {
                let unit = self.known_unit(unit)?;
                unit.status = UnitStatus::Eliminated;
                unit.on_table = false;
            }
            Event::LeftTable { unit } => self.known_unit(unit)?.on_table = false,
            Event::Note { unit, text } => self.known_unit(unit)?.note.clone_from(text),
            Event::Rolled(roll) => {
                if let Some(position) = roll.stream {
                    self.dice = self.dice.at(position);
                }
                match roll.kind {
                    RollKind::MoraleTest => self.known_unit(&roll.by)?.owes_test = false,
                    RollKind::Rally => self.known_unit(&roll.by)?.tried_rally = true,
                    RollKind::Shooting | RollKind::GeneralRisk => {}
                }
            }
            Event::TestOwed { unit, hits } => {
                let unit = self.known_unit(unit)?;
                unit.shooting_hits_this_turn += hits;
                unit.owes_test = true;
            }
            Event::GeneralLost { general, status } => {
                let general = self.known_general(general)?;
                general.status = *status;
                general.attached = None;
            }
            Event::PhaseBegan {
                turn,
                active,
                phase,
            } => {
                let expected = self.phase_after();
                if (*turn, active, *phase) != (expected.0, &expected.1, expected.2) {
                    return Err(ApplyError(format!(
                        "turn {turn}, {active}, {phase} phase does not follow turn {}, {}, {} \
                         phase",
                        self.turn, self.active, self.phase
                    )));
                }
                if *turn != self.turn {
                    // "This turn" of the shooting morale test is over; an untaken test
                    // lapses with it (the checklist warned at `next`).
                    for unit in &mut self.units {
                        unit.shooting_hits_this_turn = 0;
                        unit.owes_test = false;
                        unit.tried_rally = false;
                    }
                }
                self.turn = *turn;
                self.active.clone_from(active);
                self.phase = *phase;
            }
        }
        Ok(())
    }

    fn known_unit(&mut self, id: &str) -> Result<&mut Unit, ApplyError> {
        self.unit_mut(id)
            .ok_or_else(|| ApplyError(format!("no unit '{id}'")))
    }

    fn known_general(&mut self, id: &str) -> Result<&mut super::state::General, ApplyError> {
        self.general_mut(id)
            .ok_or_else(|| ApplyError(format!("no general '{id}'")))
    }
}
