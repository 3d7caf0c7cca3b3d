//! A unit's own state in its ruleset's words, for the screen and the CLI to show without
//! naming any ruleset's fields: each ruleset words its state in its `unit_state.rs`, and
//! this puts the words of all of them together (a unit carries only its own ruleset's).
//! Words that stand among the shared ones (a fight among this turn's doings) or read the
//! whole unit (what is left of a 1:25 screen) are put here.

use super::unit::{Formation, Unit};

impl Unit {
    /// The markers it carries on the table that any player can see: the same words in
    /// the referee's details and in a side's view of the other army.
    pub fn table_marks(&self) -> Vec<String> {
        let mut marks = self.charge_moves.table_marks();
        marks.extend(self.sound_the_charge.table_marks());
        let screen = self.screen_models();
        if screen > 0 {
            marks.push(format!(
                "skirmish screen of {screen} out, {} in the unit",
                self.figures() - screen
            ));
        }
        marks
    }

    /// Its formation in the roster's few columns: a column in battalion-masse is "masse"
    /// (*Sound the Charge*, *National Modifiers*).
    pub fn formation_short(&self) -> &'static str {
        match self.formation {
            Formation::Line => "line",
            Formation::Column if self.sound_the_charge.masse => "masse",
            Formation::Column => "col",
            Formation::Square => "sq",
            Formation::Skirmish => "skir",
            Formation::Limbered => "limb",
            Formation::Unlimbered => "unlim",
            Formation::DoubleLine => "2line",
            Formation::TrebleLine => "3line",
            Formation::AttackColumn => "atk",
        }
    }

    /// The roster's letter in its disorder slot: `B` while it owes moves back (*Charge
    /// Moves* has no disorder, and the slot tells of them), `D` disordered, none else.
    pub fn disorder_letter(&self) -> Option<char> {
        if self.charge_moves.moves_back > 0 {
            Some('B')
        } else if self.disordered {
            Some('D')
        } else {
            None
        }
    }

    /// Its formation as `show` words it: a column in battalion-masse says so (*Sound the
    /// Charge*, *National Modifiers*).
    pub fn formation_words(&self) -> String {
        if self.sound_the_charge.masse {
            "column in battalion-masse".to_owned()
        } else {
            self.formation.to_string()
        }
    }

    /// What its ruleset says it owes on its next move, as `show` words it after its
    /// morale: *Charge Moves*' moves back.
    pub fn owed_words(&self) -> Option<String> {
        self.charge_moves.owed_words()
    }

    /// What it did this turn beyond moving, as the details window words it: an evade,
    /// the dice it fired, a fight, a rally tried.
    pub fn done_this_turn(&self) -> Vec<String> {
        let stc = &self.sound_the_charge;
        let mut done = Vec::new();
        if stc.evaded_this_turn {
            done.push("evaded".to_owned());
        }
        if stc.dice_fired > 0 {
            done.push(format!(
                "fired {}",
                crate::core::plural::counted(stc.dice_fired, "die")
            ));
        }
        if self.fought_this_turn {
            done.push("fought".to_owned());
        }
        if stc.tried_rally {
            done.push("tried to rally".to_owned());
        }
        done
    }

    /// Its kit (*Sound the Charge 1:25*: rifles, two ranks…), as the scenario gave it.
    pub fn kit_words(&self) -> Vec<&'static str> {
        self.one_twenty_five.kit.words()
    }

    /// What it carries and where it is beyond its formation, as `show` words them: its
    /// kit, its traits, a regimental gun, boats.
    pub fn equipment_words(&self) -> Vec<String> {
        self.kit_words()
            .into_iter()
            .chain(self.trait_words())
            .map(String::from)
            .chain(self.sound_the_charge.equipment_words())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::sound_the_charge::movement::tests::unit;
    use crate::rules::sound_the_charge::unit_state::{Away, Boat, RegimentalGun};
    use crate::rules::unit::{Arm, Formation, Grade, InfantryType};

    /// The words as the details window and `show` wrote them when they read the fields
    /// themselves, in the same order, but for a boat's stage and a chase off the table,
    /// which the details window spelled as the program does (`boat: landing { turns_left:
    /// 1 }`).
    #[test]
    fn each_rulesets_state_is_worded_as_the_screen_and_show_had_it() {
        let mut u = unit(
            Arm::Infantry(InfantryType::Line),
            Grade::C,
            Formation::Column,
        );
        assert!(u.table_marks().is_empty() && u.equipment_words().is_empty());
        u.charge_moves.moves_back = 2;
        u.sound_the_charge.guns_abandoned = true;
        u.sound_the_charge.masse = true;
        u.sound_the_charge.regimental_gun = Some(RegimentalGun::Disabled);
        u.sound_the_charge.boat = Some(Boat::Landing { turns_left: 1 });
        u.sound_the_charge.away = Some(Away::Off { tried: true });
        assert_eq!(
            u.table_marks(),
            [
                "owes 2 moves back",
                "gunners away from their guns",
                "in battalion-masse",
                "regimental gun: disabled",
                "landing (1 turn to go)",
                "off the table after its enemy: rolled to come back this turn",
            ]
        );
        assert_eq!(
            u.equipment_words(),
            ["regimental gun disabled", "landing (1 turn to go)"]
        );
        // A 1:25 skirmish screen comes after them; no 1:25 unit carries a regimental gun,
        // boats or a chase, which came after it when the window read the fields itself.
        u.one_twenty_five.screen = Some(4);
        assert_eq!(
            u.table_marks().last().map(String::as_str),
            Some("skirmish screen of 4 out, 8 in the unit")
        );
        u.one_twenty_five.screen = None;
        assert_eq!(u.formation_words(), "column in battalion-masse");
        assert!(u.done_this_turn().is_empty());
        u.sound_the_charge.evaded_this_turn = true;
        u.sound_the_charge.dice_fired = 3;
        u.fought_this_turn = true;
        u.sound_the_charge.tried_rally = true;
        assert_eq!(
            u.done_this_turn(),
            ["evaded", "fired 3 dice", "fought", "tried to rally"]
        );
        assert_eq!(u.owed_words().as_deref(), Some("GOES BACK 2 MOVES"));
        u.charge_moves.moves_back = 1;
        assert_eq!(u.table_marks()[0], "owes 1 move back");
        assert_eq!(u.owed_words().as_deref(), Some("GOES BACK A MOVE"));
        // The marks are words, never the program's own spelling of a state.
        u.sound_the_charge.boat = Some(Boat::Afloat);
        u.sound_the_charge.away = Some(Away::Off { tried: false });
        assert_eq!(
            u.table_marks()[4..],
            [
                "in boats",
                "off the table after its enemy: 5-6 at the start of its turn brings it back"
            ]
        );
        u.sound_the_charge.away = Some(Away::Returned);
        assert_eq!(
            u.table_marks()[5],
            "back on the table this turn: it may not charge"
        );
    }

    /// The roster's columns as they read the fields themselves: a column in
    /// battalion-masse (*Sound the Charge*, *National Modifiers*, Austria; ruling 61) is
    /// "masse", and the moves back a unit owes after a lost melee (*Charge Moves*, which
    /// has no disorder) take the disorder slot before a disorder does.
    #[test]
    fn the_roster_shortens_a_masse_and_puts_moves_back_before_disorder() {
        let mut u = unit(
            Arm::Infantry(InfantryType::Line),
            Grade::C,
            Formation::Column,
        );
        assert_eq!((u.formation_short(), u.disorder_letter()), ("col", None));
        u.sound_the_charge.masse = true;
        u.disordered = true;
        assert_eq!(
            (u.formation_short(), u.disorder_letter()),
            ("masse", Some('D'))
        );
        u.charge_moves.moves_back = 1;
        assert_eq!(u.disorder_letter(), Some('B'));
    }
}
