//! The dice of a roll: the players' faces, checked for count, or the app's next from the
//! stream the state holds.

use super::refusal::EngineRefusal;
use super::roll::{Roll, RollKind};
use super::state::GameState;
use crate::core::dice::DiceStream;
use crate::core::score::Score;

/// The dice for one roll: the players' faces, checked for count, or the app's.
pub(crate) struct Thrower {
    pub stream: DiceStream,
}

/// A test's single die: the players' `roll=`, or the app's next.
pub(crate) fn one_die(
    state: &GameState,
    typed: Option<u8>,
    kind: RollKind,
    unit: &str,
    score: &Score,
) -> Result<Roll, EngineRefusal> {
    let mut thrower = Thrower {
        stream: state.dice(),
    };
    let typed = typed.map(|face| vec![face]);
    let (thrown, stream) = thrower.throw(typed.as_deref(), 1, unit)?;
    let mut roll = Roll::new(kind, unit, score, thrown);
    roll.stream = stream;
    Ok(roll)
}

impl Thrower {
    pub(crate) fn throw(
        &mut self,
        typed: Option<&[u8]>,
        count: u32,
        what: &str,
    ) -> Result<(Vec<u8>, Option<u64>), EngineRefusal> {
        self.throw_sided(typed, count, 6, what)
    }

    /// [`Thrower::throw`] with dice of `sides` faces.
    pub(crate) fn throw_sided(
        &mut self,
        typed: Option<&[u8]>,
        count: u32,
        sides: u8,
        what: &str,
    ) -> Result<(Vec<u8>, Option<u64>), EngineRefusal> {
        let count_usize = usize::try_from(count).unwrap_or(usize::MAX);
        match typed {
            Some(faces) if faces.len() == count_usize => Ok((faces.to_vec(), None)),
            Some(faces) => Err(EngineRefusal::DiceCount {
                what: what.to_owned(),
                count,
                typed: faces.len(),
            }),
            None => {
                let (faces, after) = self.stream.roll_sided(count_usize, sides);
                self.stream = after;
                Ok((faces, Some(after.position())))
            }
        }
    }
}
