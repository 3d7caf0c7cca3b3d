//! What *Sound the Charge 1:25* keeps on a unit beyond the shared roster: its kit, the fire
//! its owed test answers, its roll to move, a two-turn maneuver and its skirmish screen.

use super::kit::Kit;
use crate::rules::formation::Formation;
use crate::rules::owed_test::OwedTest;
use crate::rules::own_unit_state::OwnUnitState;
use crate::rules::roll_kind::RollKind;
use serde::{Deserialize, Serialize};

/// A unit's 1:25 state. Units of the other rulesets carry it at its default and never
/// change it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UnitState {
    /// Rifles, two ranks, no bayonets, lances: what the scenario gave it.
    pub kit: Kit,
    /// The hits of the fire that called for the owed fire test.
    pub test_hits: u32,
    /// Whether that fire came from 8" or less, if known.
    pub test_within_8: Option<bool>,
    /// The turn it last changed formation, as the log saw it (*Caught with pants down*).
    pub formation_changed_on: Option<u32>,
    /// Optional *Limited Control*: this turn's roll, if it made one.
    pub control: Option<Control>,
    /// A two-turn change of formation under way.
    pub maneuvering: Option<Maneuvering>,
    /// *Skirmish Screens*: the models it has out as a screen, as sent;
    /// [`crate::rules::unit::Unit::screen_models`] is what is left of it now.
    pub screen: Option<u32>,
}

impl UnitState {
    /// The models out in its skirmish screen, of a unit of `figures`: at least one stays
    /// in the unit.
    pub fn screen_models(&self, figures: u32) -> u32 {
        self.screen
            .map_or(0, |sent| sent.min(figures.saturating_sub(1)))
    }

    /// What is left of it when its side's turn passes: the owed test's fire and the roll
    /// to move were this turn's; its kit, maneuver and screen stay.
    #[must_use]
    pub fn turn_over(&self) -> UnitState {
        UnitState {
            test_hits: 0,
            test_within_8: None,
            control: None,
            ..self.clone()
        }
    }
}

impl OwnUnitState for UnitState {
    /// A change of formation in `turn`, which the enemy may catch it in the turn after
    /// (*Caught with pants down*).
    fn formed(&mut self, _formation: Formation, turn: u32) {
        self.formation_changed_on = Some(turn);
    }

    /// The fire test it owed is taken or lapsed: its fire is forgotten.
    fn test_settled(&mut self) {
        self.test_hits = 0;
        self.test_within_8 = None;
    }

    /// Shooting calls for a fire test, `hits` worse.
    fn test_owed(&mut self, hits: u32) {
        self.test_hits = self.test_hits.saturating_add(hits);
    }

    /// Hits taken back: the test's hits are no more than the shooting hits left.
    fn hits_taken_back(&mut self, _count: u32, shooting_hits: u32) {
        self.test_hits = self.test_hits.min(shooting_hits);
    }

    /// A throw's outcome kept on the unit: its roll to move this turn (optional *Limited
    /// Control*), passed or failed with its first face.
    fn threw(&mut self, kind: RollKind, _dice: u32, passed: bool, face: u8) {
        // Its other throws leave nothing on the unit, nor do other rulesets' kinds.
        if kind == RollKind::Control {
            self.control = Some(if passed {
                Control::Passed(face)
            } else {
                Control::Failed(face)
            });
        }
    }

    fn test_supposed(&mut self, hits: u32) {
        self.test_hits = hits;
    }

    /// The fire test counts the hits of the one fire that called for it.
    fn hits_to_test(&self, owed: OwedTest) -> Option<u32> {
        (owed == OwedTest::FireTest).then_some(self.test_hits)
    }

    fn has_turn_marks(&self) -> bool {
        UnitState::turn_over(self) != *self
    }

    fn turn_over(&mut self) {
        *self = UnitState::turn_over(self);
    }

    /// Its skirmish screen, out of a unit of `figures`.
    fn table_marks(&self, figures: u32) -> Vec<String> {
        let screen = self.screen_models(figures);
        if screen == 0 {
            return Vec::new();
        }
        vec![format!(
            "skirmish screen of {screen} out, {} in the unit",
            figures - screen
        )]
    }

    fn description(&self) -> Option<(&'static str, Vec<&'static str>)> {
        let kit = self.kit.words();
        (!kit.is_empty()).then_some(("kit", kit))
    }
}

/// Optional *Limited Control*: the unit's roll to move this turn, with its die, so a
/// refused move can name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Control {
    Passed(u8),
    Failed(u8),
}

/// *Change formation and/or facing*: a maneuver that takes two turns puts the unit in its
/// new formation at once; it stands disordered until the end of `until_turn`, its last
/// turn of the maneuver.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Maneuvering {
    pub until_turn: u32,
    /// It was not disordered before the maneuver, so finishing it leaves it in order;
    /// a unit that began disordered must still reform (R62).
    pub then_steady: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fire an owed test answers and the roll to move (*Limited Control*) are the
    /// turn's; the kit, a two-turn maneuver and a screen outlast it.
    #[test]
    fn a_passing_turn_clears_the_test_and_the_roll_and_keeps_the_rest() {
        let marked = UnitState {
            kit: Kit {
                rifles: true,
                ..Kit::default()
            },
            test_hits: 2,
            test_within_8: Some(true),
            formation_changed_on: Some(3),
            control: Some(Control::Failed(1)),
            maneuvering: Some(Maneuvering {
                until_turn: 4,
                then_steady: true,
            }),
            screen: Some(2),
        };
        assert_eq!(
            marked.turn_over(),
            UnitState {
                test_hits: 0,
                test_within_8: None,
                control: None,
                ..marked.clone()
            }
        );
        assert_ne!(marked.turn_over(), marked);
    }
}
