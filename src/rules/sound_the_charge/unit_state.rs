//! What *Sound the Charge* (both editions) keeps on a unit beyond the shared roster: this
//! turn's shooting, rally and retreat, and what its optional rules add (a regimental gun,
//! boats, battalion-masse, a chase off the table, blown cavalry).

use crate::rules::formation::Formation;
use crate::rules::own_unit_state::OwnUnitState;
use crate::rules::roll_kind::RollKind;
use serde::{Deserialize, Serialize};

/// A unit's *Sound the Charge* state. Units of the other rulesets carry it at its default
/// and never change it.
// This turn's marks and the optional rules' states: independent facts, not a state
// machine in disguise.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UnitState {
    /// Has taken its rally test this turn: one try per turn (*Turn Sequence*).
    pub tried_rally: bool,
    /// Dice it has fired this turn: a second shot only splits its fire, and all its
    /// shots together roll no more dice than it has (*Splitting Fire*).
    pub dice_fired: u32,
    /// Evaded a charge this turn (*Evading*): the charge at it found no one.
    pub evaded_this_turn: bool,
    /// Its gunners left the guns when they evaded; until they go back (`move <unit>
    /// reman`) the battery neither shoots nor fights (ruling 51).
    pub guns_abandoned: bool,
    /// Rounds of close combat fought this game: cavalry is blown after two (optional
    /// *Blown Cavalry*).
    pub combat_rounds: u32,
    /// Its regimental gun, if the scenario gives it one (optional *Regimental Guns*).
    pub regimental_gun: Option<RegimentalGun>,
    /// In boats, boarding or landing (optional *Boats*).
    pub boat: Option<Boat>,
    /// An Austrian column in battalion-masse: a square against cavalry, a column
    /// otherwise (*National Modifiers*, Austria).
    pub masse: bool,
    /// Off the table after the enemy it followed, or just back (*National Modifiers*).
    pub away: Option<Away>,
    /// It retreated this turn (a failed test, a lost round, of its own will): out of any
    /// combat it was charged into.
    pub retreated_this_turn: bool,
}

impl UnitState {
    /// What is left of it when its side's turn passes: "this turn" of the shooting morale
    /// test, the rally, the fire and the retreat is over (untaken tests lapsed in events
    /// of their own just before); a fired regimental gun is ready again, and a unit off
    /// the table may try to come back.
    #[must_use]
    pub fn turn_over(&self) -> UnitState {
        UnitState {
            tried_rally: false,
            dice_fired: 0,
            evaded_this_turn: false,
            retreated_this_turn: false,
            regimental_gun: match self.regimental_gun {
                Some(RegimentalGun::Fired) => Some(RegimentalGun::Ready),
                kept => kept,
            },
            away: match self.away {
                Some(Away::Off { .. }) => Some(Away::Off { tried: false }),
                Some(Away::Returned) | None => None,
            },
            ..self.clone()
        }
    }
}

impl OwnUnitState for UnitState {
    /// A change of formation: battalion-masse is a kind of column, so any other formation
    /// leaves it.
    fn formed(&mut self, formation: Formation, _turn: u32) {
        self.masse &= formation == Formation::Column;
    }

    /// What a throw of `dice` uses of the unit's turn: its one rally (*Turn Sequence*),
    /// its dice (*Splitting Fire*), its regimental gun's shot; a roll to come back onto
    /// the table is its try this turn.
    fn threw(&mut self, kind: RollKind, dice: u32, _passed: bool, _face: u8) {
        match kind {
            RollKind::Rally => self.tried_rally = true,
            RollKind::RegimentalGun => self.regimental_gun = Some(RegimentalGun::Fired),
            RollKind::Shooting | RollKind::AtRegimentalGun => {
                self.dice_fired = self.dice_fired.saturating_add(dice);
            }
            RollKind::Return => {
                if let Some(Away::Off { .. }) = self.away {
                    self.away = Some(Away::Off { tried: true });
                }
            }
            // Its other throws leave nothing on the unit, nor do other rulesets' kinds.
            _ => {}
        }
    }

    /// It owes a retreat: it counts as retreating this turn.
    fn retreat_owed(&mut self) {
        self.retreated_this_turn = true;
    }

    /// A round of close combat fought: cavalry is blown after two (optional *Blown
    /// Cavalry*).
    fn fought_round(&mut self) {
        self.combat_rounds = self.combat_rounds.saturating_add(1);
    }

    /// A move made: an evade or a retreat is noted for the rest of the turn.
    fn moved(&mut self, evade: bool, retreat: bool) {
        self.retreated_this_turn |= retreat;
        self.evaded_this_turn |= evade;
    }

    fn has_turn_marks(&self) -> bool {
        UnitState::turn_over(self) != *self
    }

    fn turn_over(&mut self) {
        *self = UnitState::turn_over(self);
    }

    fn forget_rally(&mut self) -> bool {
        std::mem::take(&mut self.tried_rally)
    }

    fn forget_fire(&mut self) -> bool {
        std::mem::take(&mut self.dice_fired) > 0
    }

    /// British cavalry off the table after the enemy it followed (ruling 62).
    fn off_the_table_in_play(&self) -> bool {
        matches!(self.away, Some(Away::Off { .. }))
    }

    /// The markers it carries on the table, for any player to see: gunners away from
    /// their guns, battalion-masse, a regimental gun's state, boats, a chase off the table.
    fn table_marks(&self, _figures: u32) -> Vec<String> {
        let mut marks = Vec::new();
        if self.guns_abandoned {
            marks.push("gunners away from their guns".to_owned());
        }
        if self.masse {
            marks.push("in battalion-masse".to_owned());
        }
        if let Some(gun) = self.regimental_gun {
            marks.push(format!("regimental gun: {}", gun.word()));
        }
        marks.extend(self.boat.map(Boat::describe));
        marks.extend(self.away.map(|away| {
            match away {
                Away::Off { tried: false } => {
                    "off the table after its enemy: 5-6 at the start of its turn brings it back"
                }
                Away::Off { tried: true } => {
                    "off the table after its enemy: rolled to come back this turn"
                }
                Away::Returned => "back on the table this turn: it may not charge",
            }
            .to_owned()
        }));
        marks
    }

    /// Its regimental gun and its boats as `show` words them.
    fn equipment_words(&self) -> Vec<String> {
        let gun = self
            .regimental_gun
            .map(|gun| format!("regimental gun {}", gun.word()));
        gun.into_iter()
            .chain(self.boat.map(Boat::describe))
            .collect()
    }

    /// A column in battalion-masse is "masse" in the roster (*National Modifiers*).
    fn formation_short(&self, formation: Formation) -> Option<&'static str> {
        (formation == Formation::Column && self.masse).then_some("masse")
    }

    fn formation_words(&self) -> Option<&'static str> {
        self.masse.then_some("column in battalion-masse")
    }

    /// An evade, the dice it fired.
    fn deeds_this_turn(&self) -> Vec<String> {
        let mut deeds = Vec::new();
        if self.evaded_this_turn {
            deeds.push("evaded".to_owned());
        }
        if self.dice_fired > 0 {
            deeds.push(format!(
                "fired {}",
                crate::core::plural::counted(self.dice_fired, "die")
            ));
        }
        deeds
    }

    fn tries_this_turn(&self) -> Vec<String> {
        if self.tried_rally {
            vec!["tried to rally".to_owned()]
        } else {
            Vec::new()
        }
    }
}

/// A battalion's regimental gun (optional *Regimental Guns*): a light gun with two
/// gunners that fires with the battalion and is lost with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RegimentalGun {
    Ready,
    /// Has fired this turn; ready again next turn.
    Fired,
    /// A single hit from the enemy's die at it.
    Disabled,
    /// Left behind when its battalion lost a combat and retreated.
    Abandoned,
}

impl RegimentalGun {
    pub fn works(self) -> bool {
        matches!(self, RegimentalGun::Ready | RegimentalGun::Fired)
    }

    pub fn word(self) -> &'static str {
        match self {
            RegimentalGun::Ready => "ready",
            RegimentalGun::Fired => "fired",
            RegimentalGun::Disabled => "disabled",
            RegimentalGun::Abandoned => "abandoned",
        }
    }
}

/// Troops in boats (optional *Boats*). Boarding and landing each take the unit's whole
/// turn, artillery two; `turns_left` counts the unit's own turns still to end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "stage", rename_all = "lowercase")]
pub enum Boat {
    Embarking { turns_left: u32 },
    Afloat,
    Landing { turns_left: u32 },
}

impl Boat {
    /// The stage after one more of the unit's own turns has ended; `None` is ashore.
    pub fn after_own_turn(self) -> Option<Boat> {
        match self {
            Boat::Embarking { turns_left } if turns_left > 1 => Some(Boat::Embarking {
                turns_left: turns_left - 1,
            }),
            Boat::Embarking { .. } | Boat::Afloat => Some(Boat::Afloat),
            Boat::Landing { turns_left } if turns_left > 1 => Some(Boat::Landing {
                turns_left: turns_left - 1,
            }),
            Boat::Landing { .. } => None,
        }
    }

    pub fn describe(self) -> String {
        let turns = |n: u32| crate::core::plural::counted(n, "turn");
        match self {
            Boat::Embarking { turns_left } => format!("embarking ({} to go)", turns(turns_left)),
            Boat::Afloat => "in boats".to_owned(),
            Boat::Landing { turns_left } => format!("landing ({} to go)", turns(turns_left)),
        }
    }
}

/// British or Portuguese cavalry that followed its enemy off the table (*National
/// Modifiers*): off it, rolling at the start of each of its turns to come back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Away {
    /// Off the table; `tried` once its side has rolled this turn.
    Off { tried: bool },
    /// Came back this turn: it may not charge.
    Returned,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The turn's marks go when the side's turn passes (*Turn Sequence*: one rally a turn;
    /// *Splitting Fire*: the dice of this turn's shots); a fired regimental gun is ready
    /// again, a unit off the table may roll to return again; what lasts stays.
    #[test]
    fn a_passing_turn_clears_the_turns_marks_and_keeps_the_rest() {
        let marked = UnitState {
            tried_rally: true,
            dice_fired: 3,
            evaded_this_turn: true,
            guns_abandoned: true,
            combat_rounds: 2,
            regimental_gun: Some(RegimentalGun::Fired),
            boat: Some(Boat::Afloat),
            masse: true,
            away: Some(Away::Off { tried: true }),
            retreated_this_turn: true,
        };
        assert_eq!(
            marked.turn_over(),
            UnitState {
                guns_abandoned: true,
                combat_rounds: 2,
                regimental_gun: Some(RegimentalGun::Ready),
                boat: Some(Boat::Afloat),
                masse: true,
                away: Some(Away::Off { tried: false }),
                ..UnitState::default()
            }
        );
        let back = UnitState {
            away: Some(Away::Returned),
            regimental_gun: Some(RegimentalGun::Disabled),
            ..UnitState::default()
        };
        assert_eq!(
            back.turn_over(),
            UnitState {
                regimental_gun: Some(RegimentalGun::Disabled),
                ..UnitState::default()
            }
        );
    }
}
