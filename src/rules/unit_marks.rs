//! What the engine's shared events leave on a unit: the roster's own fields, and each
//! ruleset's state of the unit through the small reactions in its `unit_state.rs`. The
//! engine's apply finds the unit and checks the event fits; this says what it changes, so
//! that the engine names no ruleset and a ruleset's reaction is found in its folder.

use super::charge_moves::unit_state as cm;
use super::old_trousers::unit_state::{self as ot_state, MoveState};
use super::profile::OwedTest;
use super::roll_kind::RollKind;
use super::sound_the_charge::unit_state as stc;
use super::sound_the_charge_1_25::unit_state as stc_1_25;
use super::unit::{Formation, HitKind, Unit};

impl Unit {
    /// A change of formation in `turn`.
    pub fn formed(&mut self, formation: Formation, turn: u32) {
        self.formation = formation;
        self.sound_the_charge.formed(formation == Formation::Column);
        self.one_twenty_five.formed(turn);
        self.trousers.formed();
    }

    /// `count` figures removed as hits of `kind`; the engine has checked it has them.
    pub fn took_hits(&mut self, kind: HitKind, count: u32) {
        match kind {
            HitKind::Loss => self.loss_hits += count,
            HitKind::Rout => self.rout_hits += count,
        }
        self.trousers.lost_figures(count);
    }

    /// `count` hits of `kind` taken back. Shooting hits are among the loss hits: taking
    /// those back below them takes back shooting hits, and with the last one the test it
    /// owed. Refused with the hits it has, and nothing changed, when it has fewer.
    pub fn take_back_hits(&mut self, kind: HitKind, count: u32) -> Result<(), u32> {
        let hits = match kind {
            HitKind::Loss => &mut self.loss_hits,
            HitKind::Rout => &mut self.rout_hits,
        };
        *hits = hits.checked_sub(count).ok_or(*hits)?;
        self.trousers.figures_taken_back(count);
        self.sound_the_charge.loss_hits_now(self.loss_hits);
        let shooting_hits = self.sound_the_charge.shooting_hits_this_turn;
        if shooting_hits == 0 {
            self.owes_test = false;
        }
        self.one_twenty_five.shooting_hits_now(shooting_hits);
        Ok(())
    }

    /// Shooting hit it `hits` times: it owes a morale test. False, and nothing changed,
    /// when that makes more shooting hits this turn than it has loss hits.
    #[must_use]
    pub fn owe_test(&mut self, hits: u32) -> bool {
        let Some(total) = self
            .sound_the_charge
            .shooting_hits_this_turn
            .checked_add(hits)
            .filter(|&total| total <= self.loss_hits)
        else {
            return false;
        };
        self.sound_the_charge.shooting_hits_this_turn = total;
        self.one_twenty_five.test_owed(hits);
        self.owes_test = true;
        true
    }

    /// The morale test it owed is taken, or lapsed with the turn.
    pub fn test_settled(&mut self) {
        self.owes_test = false;
        self.one_twenty_five.test_settled();
    }

    /// A throw it made of `dice` dice, `passed` or not, its first face `face` (a roll
    /// whose kind [`RollKind::marks_its_unit`]): a test settles the debt; a melee is a
    /// fight; a rally, a shot or a roll to move uses the unit's turn for it.
    pub fn threw(&mut self, kind: RollKind, dice: u32, passed: bool, face: u8) {
        match kind {
            RollKind::MoraleTest | RollKind::Morale => self.test_settled(),
            // Each side of a melee throws once: both have fought this turn.
            RollKind::Melee => self.fought_this_turn = true,
            // What the other kinds leave is their ruleset's, below.
            _ => {}
        }
        self.sound_the_charge.threw(kind, dice);
        self.one_twenty_five.threw(kind, passed, face);
    }

    /// A round of close combat fought.
    pub fn fought_round(&mut self) {
        self.fought_this_turn = true;
        self.sound_the_charge.fought_round();
    }

    /// A move made: the unit's move is spent, an evade or a retreat noted, with how it
    /// moved where its ruleset keeps it.
    pub fn moved(&mut self, evade: bool, retreat: bool, movement: Option<MoveState>) {
        self.moved_this_turn = true;
        self.trousers.moved(movement);
        self.sound_the_charge.moved(evade, retreat);
    }

    /// The move was a charge, at `target` if it named one.
    pub fn charged(&mut self, target: Option<String>) {
        self.charged_this_turn = true;
        self.charge_target = target;
    }

    /// It owes a retreat of at least `inches`.
    pub fn must_retreat(&mut self, inches: u32) {
        self.retreat_owed = Some(inches);
        self.sound_the_charge.retreat_owed();
    }

    /// Whether a new phase clears anything of it: a retreat is made in the phase that
    /// causes it; *Old Trousers II*'s stationary fire is simultaneous within its phase.
    pub fn has_phase_marks(&self) -> bool {
        self.retreat_owed.is_some() || self.trousers.lost_this_phase()
    }

    /// A new phase: what [`Unit::has_phase_marks`] found is cleared.
    pub fn phase_over(&mut self) {
        self.retreat_owed = None;
        self.trousers.phase_over();
    }

    /// For `need`'s what-if: its rally not yet tried this turn. False, and nothing
    /// changed, if it had not tried.
    pub fn forget_rally(&mut self) -> bool {
        std::mem::take(&mut self.sound_the_charge.tried_rally)
    }

    /// For `need`'s what-if: it owes a test for `hits` shooting hits this turn, and no
    /// more.
    pub fn suppose_test_owed(&mut self, hits: u32) {
        self.owes_test = true;
        self.sound_the_charge.shooting_hits_this_turn = hits;
        self.one_twenty_five.test_hits = hits;
    }

    /// The hits its owed test counts, as the ruleset's `owed` test has it: the turn's
    /// shooting hits, or in *Sound the Charge 1:25* those of the one fire that called for
    /// it.
    pub fn hits_to_test(&self, owed: OwedTest) -> u32 {
        match owed {
            OwedTest::FireTest => self.one_twenty_five.test_hits,
            OwedTest::MoraleForShootingHits | OwedTest::MoraleForMeleeShare => {
                self.sound_the_charge.shooting_hits_this_turn
            }
        }
    }

    /// Off the table after the enemy it followed (*Sound the Charge*'s British cavalry):
    /// in play though off the table, and neither shaken nor gone for *Army Morale*
    /// (ruling 62).
    pub fn off_after_its_enemy(&self) -> bool {
        matches!(self.sound_the_charge.away, Some(stc::Away::Off { .. }))
    }

    /// For `need`'s what-if: it has not fired this turn. False, and nothing changed, if
    /// it had not.
    pub fn forget_fire(&mut self) -> bool {
        std::mem::take(&mut self.sound_the_charge.dice_fired) > 0
    }

    /// What its side's turn passing leaves of the turn's marks, if it clears any: only a
    /// unit with marks need be written, so the rest stay shared with the copies the game
    /// keeps.
    pub fn turn_cleared(&self) -> Option<TurnMarks> {
        let marks = TurnMarks::of(self);
        let cleared = marks.cleared();
        (cleared != marks).then_some(cleared)
    }
}

/// What a side's turn leaves on a unit, cleared when the turn passes: the marks every
/// ruleset shares here, each ruleset's own by its state's `turn_over`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnMarks {
    fought_this_turn: bool,
    moved_this_turn: bool,
    charged_this_turn: bool,
    charge_target: Option<String>,
    sound_the_charge: stc::UnitState,
    one_twenty_five: stc_1_25::UnitState,
    charge_moves: cm::UnitState,
    trousers: ot_state::UnitState,
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

    /// The marks written onto `unit`.
    pub fn put_on(self, unit: &mut Unit) {
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
