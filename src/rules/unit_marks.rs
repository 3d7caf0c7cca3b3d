//! What the engine's shared events leave on a unit: the roster's own fields, and each
//! ruleset's state of the unit through the small reactions in its `unit_state.rs`. The
//! engine's apply finds the unit and checks the event fits; this says what it changes, so
//! that the engine names no ruleset and a ruleset's reaction is found in its folder.

use super::old_trousers::move_state::MoveState;
use super::owed_test::OwedTest;
use super::roll_kind::RollKind;
use super::unit::{Formation, HitKind, Unit};

impl Unit {
    /// A change of formation in `turn`.
    pub fn formed(&mut self, formation: Formation, turn: u32) {
        self.formation = formation;
        for own in self.own_states_mut() {
            own.formed(formation, turn);
        }
    }

    /// `count` figures removed as hits of `kind`; the engine has checked it has them.
    pub fn took_hits(&mut self, kind: HitKind, count: u32) {
        match kind {
            HitKind::Loss => self.loss_hits += count,
            HitKind::Rout => self.rout_hits += count,
        }
        for own in self.own_states_mut() {
            own.took_hits(kind, count);
        }
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
        self.shooting_hits_this_turn = self.shooting_hits_this_turn.min(self.loss_hits);
        let shooting_hits = self.shooting_hits_this_turn;
        if shooting_hits == 0 {
            self.owes_test = false;
        }
        for own in self.own_states_mut() {
            own.hits_taken_back(count, shooting_hits);
        }
        Ok(())
    }

    /// Shooting hit it `hits` times: it owes a morale test. False, and nothing changed,
    /// when that makes more shooting hits this turn than it has loss hits.
    #[must_use]
    pub fn owe_test(&mut self, hits: u32) -> bool {
        let Some(total) = self
            .shooting_hits_this_turn
            .checked_add(hits)
            .filter(|&total| total <= self.loss_hits)
        else {
            return false;
        };
        self.shooting_hits_this_turn = total;
        for own in self.own_states_mut() {
            own.test_owed(hits);
        }
        self.owes_test = true;
        true
    }

    /// The morale test it owed is taken, or lapsed with the turn.
    pub fn test_settled(&mut self) {
        self.owes_test = false;
        for own in self.own_states_mut() {
            own.test_settled();
        }
    }

    /// A throw it made of `dice` dice, `passed` or not, its first face `face` (a roll
    /// whose kind [`RollKind::marks_its_unit`]): a test settles the debt; a melee is a
    /// fight; what else a throw uses of the unit's turn is its ruleset's.
    pub fn threw(&mut self, kind: RollKind, dice: u32, passed: bool, face: u8) {
        match kind {
            RollKind::MoraleTest | RollKind::Morale => self.test_settled(),
            // Each side of a melee throws once: both have fought this turn.
            RollKind::Melee => self.fought_this_turn = true,
            // What the other kinds leave is their ruleset's, below.
            _ => {}
        }
        for own in self.own_states_mut() {
            own.threw(kind, dice, passed, face);
        }
    }

    /// A round of close combat fought.
    pub fn fought_round(&mut self) {
        self.fought_this_turn = true;
        for own in self.own_states_mut() {
            own.fought_round();
        }
    }

    /// A move made: the unit's move is spent, an evade or a retreat noted, with how it
    /// moved where its ruleset keeps it.
    pub fn moved(&mut self, evade: bool, retreat: bool, movement: Option<MoveState>) {
        self.moved_this_turn = true;
        for own in self.own_states_mut() {
            own.moved(evade, retreat);
            if let Some(movement) = movement {
                own.moved_as(movement);
            }
        }
    }

    /// The move was a charge, at `target` if it named one.
    pub fn charged(&mut self, target: Option<String>) {
        self.charged_this_turn = true;
        self.charge_target = target;
    }

    /// It owes a retreat of at least `inches`.
    pub fn must_retreat(&mut self, inches: u32) {
        self.retreat_owed = Some(inches);
        for own in self.own_states_mut() {
            own.retreat_owed();
        }
    }

    /// Whether a new phase clears anything of it: a retreat is made in the phase that
    /// causes it; a ruleset's own marks may last a phase too.
    pub fn has_phase_marks(&self) -> bool {
        self.retreat_owed.is_some() || self.own_states().iter().any(|own| own.has_phase_marks())
    }

    /// A new phase: what [`Unit::has_phase_marks`] found is cleared.
    pub fn phase_over(&mut self) {
        self.retreat_owed = None;
        for own in self.own_states_mut() {
            own.phase_over();
        }
    }

    /// For `need`'s what-if: its rally not yet tried this turn. False, and nothing
    /// changed, if it had not tried.
    pub fn forget_rally(&mut self) -> bool {
        // Every state forgets, so no short cut once one has.
        let mut forgot = false;
        for own in self.own_states_mut() {
            forgot |= own.forget_rally();
        }
        forgot
    }

    /// For `need`'s what-if: it owes a test for `hits` shooting hits this turn, and no
    /// more.
    pub fn suppose_test_owed(&mut self, hits: u32) {
        self.owes_test = true;
        self.shooting_hits_this_turn = hits;
        for own in self.own_states_mut() {
            own.test_supposed(hits);
        }
    }

    /// The hits its owed test counts, as the ruleset's `owed` test has it: the turn's
    /// shooting hits, unless its ruleset counts them itself (*Sound the Charge 1:25*:
    /// those of the one fire that called for it).
    pub fn hits_to_test(&self, owed: OwedTest) -> u32 {
        self.own_states()
            .iter()
            .find_map(|own| own.hits_to_test(owed))
            .unwrap_or(self.shooting_hits_this_turn)
    }

    /// Off the table though in play (*Sound the Charge*'s British cavalry after the enemy
    /// it followed): neither shaken nor gone for *Army Morale* (ruling 62).
    pub fn off_after_its_enemy(&self) -> bool {
        self.own_states()
            .iter()
            .any(|own| own.off_the_table_in_play())
    }

    /// For `need`'s what-if: it has not fired this turn. False, and nothing changed, if
    /// it had not.
    pub fn forget_fire(&mut self) -> bool {
        // Every state forgets, so no short cut once one has.
        let mut forgot = false;
        for own in self.own_states_mut() {
            forgot |= own.forget_fire();
        }
        forgot
    }

    /// What its side's turn passing leaves of it, if that clears anything: only a unit
    /// with marks need be written, so the rest stay shared with the copies the game
    /// keeps.
    pub fn turn_cleared(&self) -> Option<Unit> {
        let marked = self.fought_this_turn
            || self.moved_this_turn
            || self.charged_this_turn
            || self.charge_target.is_some()
            || self.shooting_hits_this_turn != 0
            || self.own_states().iter().any(|own| own.has_turn_marks());
        if !marked {
            return None;
        }
        let mut cleared = self.clone();
        cleared.fought_this_turn = false;
        cleared.moved_this_turn = false;
        cleared.charged_this_turn = false;
        cleared.charge_target = None;
        cleared.shooting_hits_this_turn = 0;
        for own in cleared.own_states_mut() {
            own.turn_over();
        }
        Some(cleared)
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::charge_moves::unit_state::ShortCharge;
    use crate::rules::old_trousers::move_state::MoveState;
    use crate::rules::old_trousers::movement::Distance;
    use crate::rules::roll_kind::RollKind;
    use crate::rules::sound_the_charge::movement::tests::unit;
    use crate::rules::sound_the_charge_1_25::unit_state::Control;
    use crate::rules::unit::{Arm, Formation, Grade, HitKind, InfantryType};

    /// A turn passing reaches every ruleset's state through `own_states_mut`: each is
    /// left as its own `turn_over` leaves it, with the shared marks cleared; a unit with
    /// nothing to clear is not written again.
    #[test]
    fn a_passing_turn_clears_every_rulesets_marks_and_only_a_marked_unit_is_written() {
        let fresh = unit(Arm::Infantry(InfantryType::Line), Grade::C, Formation::Line);
        assert_eq!(fresh.turn_cleared(), None);
        let mut marked = fresh.clone();
        marked.loss_hits = 2;
        assert!(marked.owe_test(2));
        marked.threw(RollKind::Rally, 1, false, 2);
        marked.threw(RollKind::Control, 1, true, 5);
        marked.moved(
            false,
            false,
            Some(MoveState {
                operational: true,
                reach: Distance::inches(6),
                ..MoveState::default()
            }),
        );
        marked.charge_moves.short_charges.push(ShortCharge {
            target: "b-1".to_owned(),
            fell_back: false,
        });
        marked.charge_moves.moves_back = 1;
        assert!(marked.sound_the_charge.tried_rally);
        assert_eq!(marked.one_twenty_five.control, Some(Control::Passed(5)));
        assert_eq!(marked.one_twenty_five.test_hits, 2);
        assert!(marked.trousers.movement.operational);
        let cleared = marked.turn_cleared().expect("the turn's marks go");
        assert_eq!(
            cleared.sound_the_charge,
            marked.sound_the_charge.turn_over()
        );
        assert_eq!(cleared.one_twenty_five, marked.one_twenty_five.turn_over());
        assert_eq!(cleared.charge_moves, marked.charge_moves.turn_over());
        assert_eq!(cleared.trousers, marked.trousers.turn_over());
        assert_eq!(
            cleared.charge_moves.moves_back, 1,
            "moves back outlast the turn"
        );
        assert!(!cleared.moved_this_turn && cleared.shooting_hits_this_turn == 0);
        assert_eq!(cleared.loss_hits, 2);
        assert_eq!(cleared.turn_cleared(), None);
    }

    /// Taking back hits reaches the states too: *Sound the Charge 1:25*'s fire test counts
    /// no more hits than the shooting hits left, and *Old Trousers II*'s figures lost this
    /// phase come back.
    #[test]
    fn hits_taken_back_reach_every_rulesets_state() {
        let mut u = unit(Arm::Infantry(InfantryType::Line), Grade::C, Formation::Line);
        u.took_hits(HitKind::Loss, 3);
        assert!(u.owe_test(3));
        assert_eq!(u.trousers.fire.figures_lost_this_phase, 3);
        u.take_back_hits(HitKind::Loss, 2).unwrap();
        assert_eq!(u.shooting_hits_this_turn, 1);
        assert_eq!(u.one_twenty_five.test_hits, 1);
        assert_eq!(u.trousers.fire.figures_lost_this_phase, 1);
        assert!(u.owes_test);
        u.take_back_hits(HitKind::Loss, 1).unwrap();
        assert!(!u.owes_test && u.one_twenty_five.test_hits == 0);
        assert_eq!(u.take_back_hits(HitKind::Loss, 1), Err(0));
    }
}
