//! What *Charge Moves* keeps on a unit beyond the shared roster: the moves a failed charge
//! sends it back, and this turn's charge throws that fell short.

use crate::rules::own_unit_state::OwnUnitState;

/// A unit's *Charge Moves* state. Units of the other rulesets carry it at its default and
/// never change it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UnitState {
    /// Moves it must go back on its own next move (0: none).
    pub moves_back: u32,
    /// Its charge throws this turn that fell short, each a target it made no charge at
    /// (swerving cavalry may throw again at another).
    pub short_charges: Vec<ShortCharge>,
}

impl UnitState {
    /// What is left of it when its side's turn passes: the moves back stay owed until
    /// made; the short charges were this turn's.
    #[must_use]
    pub fn turn_over(&self) -> UnitState {
        UnitState {
            moves_back: self.moves_back,
            short_charges: Vec::new(),
        }
    }
}

impl OwnUnitState for UnitState {
    fn has_turn_marks(&self) -> bool {
        UnitState::turn_over(self) != *self
    }

    fn turn_over(&mut self) {
        *self = UnitState::turn_over(self);
    }

    /// The moves back it owes, as `show` words them.
    fn owed_words(&self) -> Option<String> {
        match self.moves_back {
            0 => None,
            1 => Some("GOES BACK A MOVE".to_owned()),
            n => Some(format!("GOES BACK {n} MOVES")),
        }
    }

    /// The moves back it owes, for any player to see.
    fn table_marks(&self, _figures: u32) -> Vec<String> {
        if self.moves_back == 0 {
            return Vec::new();
        }
        vec![format!(
            "owes {} back",
            crate::core::plural::counted(self.moves_back, "move")
        )]
    }

    /// *Charge Moves* has no disorder: the roster's slot tells of the moves back it owes.
    fn disorder_letter(&self) -> Option<char> {
        (self.moves_back > 0).then_some('B')
    }
}

/// A charge throw that fell short. One short, infantry refuses and cavalry splits and
/// swerves (*Infantry Charging*, *Cavalry*); two or more short, it falls back. Either way
/// it made no charge at `target` on that move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShortCharge {
    pub target: String,
    pub fell_back: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A short charge counts for the turn it was thrown; the moves it sends the unit back
    /// are owed until it makes them (*Infantry Charging*, *Cavalry*).
    #[test]
    fn a_passing_turn_keeps_the_moves_owed_back_and_forgets_the_short_charges() {
        let marked = UnitState {
            moves_back: 2,
            short_charges: vec![ShortCharge {
                target: "br-42".to_owned(),
                fell_back: true,
            }],
        };
        assert_eq!(
            marked.turn_over(),
            UnitState {
                moves_back: 2,
                short_charges: Vec::new(),
            }
        );
    }
}
