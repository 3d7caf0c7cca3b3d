//! A unit's own state in its ruleset's words, for the screen and the CLI to show without
//! naming any ruleset's fields: each ruleset words its state in its `unit_state.rs` (its
//! `OwnUnitState`), and this puts the words of all of them among the roster's (a unit
//! carries only its own ruleset's, the others at their defaults, which say nothing).

use super::unit::{Formation, Unit};

impl Unit {
    /// The markers it carries on the table that any player can see: the same words in
    /// the referee's details and in a side's view of the other army.
    pub fn table_marks(&self) -> Vec<String> {
        let figures = self.figures();
        self.own_states()
            .iter()
            .flat_map(|own| own.table_marks(figures))
            .collect()
    }

    /// Its formation in the roster's few columns, as its ruleset may name it (*Sound the
    /// Charge*'s battalion-masse is "masse").
    pub fn formation_short(&self) -> &'static str {
        let own = self
            .own_states()
            .iter()
            .find_map(|own| own.formation_short(self.formation));
        own.unwrap_or(match self.formation {
            Formation::Line => "line",
            Formation::Column => "col",
            Formation::Square => "sq",
            Formation::Skirmish => "skir",
            Formation::Limbered => "limb",
            Formation::Unlimbered => "unlim",
            Formation::DoubleLine => "2line",
            Formation::TrebleLine => "3line",
            Formation::AttackColumn => "atk",
        })
    }

    /// The roster's letter in its disorder slot: its ruleset's own first (*Charge Moves*'
    /// `B` while it owes moves back), then `D` disordered, none else.
    pub fn disorder_letter(&self) -> Option<char> {
        self.own_states()
            .iter()
            .find_map(|own| own.disorder_letter())
            .or(self.disordered.then_some('D'))
    }

    /// Its formation as `show` words it, as its ruleset may name it (*Sound the Charge*'s
    /// column in battalion-masse).
    pub fn formation_words(&self) -> String {
        match self
            .own_states()
            .iter()
            .find_map(|own| own.formation_words())
        {
            Some(words) => words.to_owned(),
            None => self.formation.to_string(),
        }
    }

    /// What its ruleset says it owes on its next move, as `show` words it after its
    /// morale: *Charge Moves*' moves back.
    pub fn owed_words(&self) -> Option<String> {
        self.own_states().iter().find_map(|own| own.owed_words())
    }

    /// What it did this turn beyond moving, as the details window words it: its
    /// ruleset's deeds (an evade, the dice it fired), a fight, then what it tried (a
    /// rally).
    pub fn done_this_turn(&self) -> Vec<String> {
        let owns = self.own_states();
        let mut done: Vec<String> = owns.iter().flat_map(|own| own.deeds_this_turn()).collect();
        if self.fought_this_turn {
            done.push("fought".to_owned());
        }
        done.extend(owns.iter().flat_map(|own| own.tries_this_turn()));
        done
    }

    /// What the scenario gave it beyond the roster, each under its heading: 1:25's
    /// "kit" (rifles, two ranks…), *Old Trousers II*'s "traits" (rifles, lances, a
    /// battery's calibre…).
    pub fn descriptions(&self) -> Vec<(&'static str, Vec<&'static str>)> {
        self.own_states()
            .iter()
            .filter_map(|own| own.description())
            .collect()
    }

    /// What it carries and where it is beyond its formation, as `show` words them: its
    /// descriptions' words, then its equipment (a regimental gun, boats).
    pub fn equipment_words(&self) -> Vec<String> {
        let described = self.descriptions().into_iter().flat_map(|(_, words)| words);
        described
            .map(String::from)
            .chain(
                self.own_states()
                    .iter()
                    .flat_map(|own| own.equipment_words()),
            )
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
