//! Applying events: the only code that changes a [`GameState`]; a ruleset's own events
//! change it through the same door (`own_event.rs`).

// Its refusal is a file of its own, so that a ruleset's own events can be applied
// beside their registry without a circle back here.
pub use super::apply_error::ApplyError;
use super::combat_round::CombatRound;
use super::event::Event;
use super::roll::{Roll, RollKind};
use super::state::GameState;
use crate::rules::charge_moves::unit_state as charge_moves;
use crate::rules::old_trousers::unit_state as trousers;
use crate::rules::phase::Phase;
use crate::rules::sound_the_charge::unit_state::{self as sound_the_charge, Away, RegimentalGun};
use crate::rules::sound_the_charge_1_25::unit_state::{self as one_twenty_five, Control};
use crate::rules::unit::{Formation, HitKind, Unit, UnitStatus};
use std::sync::Arc;

impl GameState {
    pub fn apply(&mut self, event: &Event) -> Result<(), ApplyError> {
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
                let unit = self.known_unit(unit)?;
                unit.formation = *formation;
                unit.one_twenty_five.formation_changed_on = Some(turn);
                unit.trousers.fire.formed_this_turn = true;
                // Battalion-masse is a kind of column.
                unit.sound_the_charge.masse &= *formation == Formation::Column;
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
            Event::LeftOpen { .. } => {}
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
        match kind {
            HitKind::Loss => unit.loss_hits += count,
            HitKind::Rout => unit.rout_hits += count,
        }
        unit.trousers.fire.figures_lost_this_phase += count;
        Ok(())
    }

    fn take_back_hits(&mut self, unit: &str, kind: HitKind, count: u32) -> Result<(), ApplyError> {
        let unit = self.known_unit(unit)?;
        let hits = match kind {
            HitKind::Loss => &mut unit.loss_hits,
            HitKind::Rout => &mut unit.rout_hits,
        };
        *hits = hits
            .checked_sub(count)
            .ok_or_else(|| ApplyError::TooManyTakenBack {
                unit: unit.id.clone(),
                count,
                hits: *hits,
            })?;
        unit.trousers.fire.figures_lost_this_phase = unit
            .trousers
            .fire
            .figures_lost_this_phase
            .saturating_sub(count);
        // Shooting hits are among the loss hits; taking those back below them takes back
        // shooting hits, and with the last one the test it owed.
        unit.sound_the_charge.shooting_hits_this_turn = unit
            .sound_the_charge
            .shooting_hits_this_turn
            .min(unit.loss_hits);
        if unit.sound_the_charge.shooting_hits_this_turn == 0 {
            unit.owes_test = false;
        }
        unit.one_twenty_five.test_hits = unit
            .one_twenty_five
            .test_hits
            .min(unit.sound_the_charge.shooting_hits_this_turn);
        Ok(())
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
            self.initiative.next_turn();
        }
        // Each side's turn is a new one for its units; *Old Trousers II*'s two players
        // share a game turn, so the change of side marks it there.
        if turn != self.turn || active != self.active {
            for unit in &mut self.units {
                let marks = TurnMarks::of(unit);
                let cleared = marks.cleared();
                // Only units with marks are written, so the rest stay shared with the
                // copies the game keeps.
                if cleared != marks {
                    cleared.put_on(Arc::make_mut(unit));
                }
            }
        }
        // Retreats are made in the phase that causes them; *Old Trousers II*'s stationary
        // fire is simultaneous within its phase only.
        for unit in &mut self.units {
            if unit.retreat_owed.is_some() || unit.trousers.lost_this_phase() {
                let unit = Arc::make_mut(unit);
                unit.retreat_owed = None;
                unit.trousers.phase_over();
            }
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
        match roll.kind {
            RollKind::MoraleTest | RollKind::Morale => {
                let unit = self.known_unit(&roll.by)?;
                unit.owes_test = false;
                unit.one_twenty_five.test_hits = 0;
                unit.one_twenty_five.test_within_8 = None;
            }
            RollKind::Rally => self.known_unit(&roll.by)?.sound_the_charge.tried_rally = true,
            RollKind::RegimentalGun => {
                let unit = self.known_unit(&roll.by)?;
                unit.sound_the_charge.regimental_gun = Some(RegimentalGun::Fired);
            }
            RollKind::Shooting | RollKind::AtRegimentalGun => {
                let unit = self.known_unit(&roll.by)?;
                let thrown = u32::try_from(roll.dice.len()).unwrap_or(u32::MAX);
                unit.sound_the_charge.dice_fired = unit.sound_the_charge.dice_fired.saturating_add(thrown);
            }
            RollKind::Control => {
                let unit = self.known_unit(&roll.by)?;
                let face = roll.dice.first().copied().unwrap_or(0);
                unit.one_twenty_five.control = Some(if roll.successes > 0 {
                    Control::Passed(face)
                } else {
                    Control::Failed(face)
                });
            }
            RollKind::GeneralRisk
            | RollKind::CaughtOut
            | RollKind::Evade
            | RollKind::Charge
            | RollKind::BounceThrough
            | RollKind::FollowUp
            | RollKind::ShakenLoser
            | RollKind::Initiative
            | RollKind::RandomEvent
            | RollKind::ChargeBonus
            | RollKind::FallBack
            | RollKind::RoutMove
            | RollKind::Activation
            // The firers are marked by the `Fired` event: the roll is for all of them.
            | RollKind::Fire => {}
            // Each side of a melee throws once: both have fought this turn.
            RollKind::Melee => self.known_unit(&roll.by)?.fought_this_turn = true,
            RollKind::Return => {
                let unit = self.known_unit(&roll.by)?;
                if let Some(Away::Off { .. }) = unit.sound_the_charge.away {
                    unit.sound_the_charge.away = Some(Away::Off { tried: true });
                }
            }
        }
        Ok(())
    }

    /// The dice stream moves on; every unit in the round has fought it.
    fn record_round(&mut self, round: &CombatRound) -> Result<(), ApplyError> {
        if let Some(position) = round.stream {
            self.dice = self.dice.at(position);
        }
        for fighter in &round.fighters {
            let unit = self.known_unit(&fighter.unit)?;
            unit.fought_this_turn = true;
            unit.sound_the_charge.combat_rounds =
                unit.sound_the_charge.combat_rounds.saturating_add(1);
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
            Event::TestLapsed { unit } => {
                let unit = self.known_unit(unit)?;
                unit.owes_test = false;
                unit.one_twenty_five.test_hits = 0;
                unit.one_twenty_five.test_within_8 = None;
            }
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
                unit.moved_this_turn = true;
                if let Some(trousers_move) = trousers {
                    unit.trousers.movement = *trousers_move;
                }
                unit.sound_the_charge.retreated_this_turn |= *retreat;
                unit.sound_the_charge.evaded_this_turn |= *evade;
                if *charging {
                    unit.charged_this_turn = true;
                    unit.charge_target.clone_from(target);
                }
            }
            Event::MustRetreat { unit, inches } => {
                let unit = self.known_unit(unit)?;
                unit.retreat_owed = Some(*inches);
                unit.sound_the_charge.retreated_this_turn = true;
            }
            _ => {}
        }
        Ok(())
    }

    fn owe_test(&mut self, unit: &str, hits: u32) -> Result<(), ApplyError> {
        let unit = self.known_unit(unit)?;
        // Shooting hits are loss hits: an edited log may not claim more.
        let total = unit
            .sound_the_charge
            .shooting_hits_this_turn
            .checked_add(hits)
            .filter(|&total| total <= unit.loss_hits)
            .ok_or_else(|| ApplyError::OwedTestBeyondLosses {
                unit: unit.id.clone(),
                hits,
                loss_hits: unit.loss_hits,
            })?;
        unit.sound_the_charge.shooting_hits_this_turn = total;
        unit.one_twenty_five.test_hits = unit.one_twenty_five.test_hits.saturating_add(hits);
        unit.owes_test = true;
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

/// What a side's turn leaves on a unit, cleared when the turn passes: the marks every
/// ruleset shares here, each ruleset's own by its state's `turn_over`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct TurnMarks {
    fought_this_turn: bool,
    moved_this_turn: bool,
    charged_this_turn: bool,
    charge_target: Option<String>,
    sound_the_charge: sound_the_charge::UnitState,
    one_twenty_five: one_twenty_five::UnitState,
    charge_moves: charge_moves::UnitState,
    trousers: trousers::UnitState,
}

impl TurnMarks {
    fn of(unit: &Unit) -> TurnMarks {
        TurnMarks {
            fought_this_turn: unit.fought_this_turn,
            moved_this_turn: unit.moved_this_turn,
            charged_this_turn: unit.charged_this_turn,
            charge_target: unit.charge_target.clone(),
            sound_the_charge: unit.sound_the_charge.clone(),
            one_twenty_five: unit.one_twenty_five.clone(),
            charge_moves: unit.charge_moves.clone(),
            trousers: unit.trousers.clone(),
        }
    }

    fn cleared(&self) -> TurnMarks {
        TurnMarks {
            fought_this_turn: false,
            moved_this_turn: false,
            charged_this_turn: false,
            charge_target: None,
            sound_the_charge: self.sound_the_charge.turn_over(),
            one_twenty_five: self.one_twenty_five.turn_over(),
            charge_moves: self.charge_moves.turn_over(),
            trousers: self.trousers.turn_over(),
        }
    }

    fn put_on(self, unit: &mut Unit) {
        let TurnMarks {
            fought_this_turn,
            moved_this_turn,
            charged_this_turn,
            charge_target,
            sound_the_charge,
            one_twenty_five,
            charge_moves,
            trousers,
        } = self;
        unit.fought_this_turn = fought_this_turn;
        unit.moved_this_turn = moved_this_turn;
        unit.charged_this_turn = charged_this_turn;
        unit.charge_target = charge_target;
        unit.sound_the_charge = sound_the_charge;
        unit.one_twenty_five = one_twenty_five;
        unit.charge_moves = charge_moves;
        unit.trousers = trousers;
    }
}
