//! The app's dice: a seeded `ChaCha` stream whose position is part of the game state, so
//! undo puts the dice back where they were and a replay never rolls anything. The
//! players' own dice, typed in, bypass it.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Where the app's dice stand: the game's seed and how far into its stream the rolls
/// have gone. Two games with the same seed and the same commands roll the same faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiceStream {
    seed: u64,
    position: u64,
}

impl DiceStream {
    pub fn new(seed: u64) -> DiceStream {
        DiceStream { seed, position: 0 }
    }

    /// The stream at `position`, as a log entry recorded it.
    #[must_use]
    pub fn at(self, position: u64) -> DiceStream {
        DiceStream { position, ..self }
    }

    pub fn position(self) -> u64 {
        self.position
    }

    /// `count` six-sided dice from here, and where the stream stands after them.
    pub fn roll(self, count: usize) -> (Vec<u8>, DiceStream) {
        self.roll_sided(count, 6)
    }

    /// `count` dice of `sides` faces (a d10, a d20) from here.
    pub fn roll_sided(self, count: usize, sides: u8) -> (Vec<u8>, DiceStream) {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        rng.set_word_pos(u128::from(self.position));
        let faces = (0..count)
            .map(|_| rng.gen_range(1..=sides.max(1)))
            .collect();
        // A u64 of words is centuries of dice; saturating keeps the type honest.
        let position = u64::try_from(rng.get_word_pos()).unwrap_or(u64::MAX);
        (faces, self.at(position))
    }
}

/// A word typed for a die that no face of the die shows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{word}' is not a die: a d{sides} shows 1 to {sides}")]
pub struct NotADie {
    pub word: String,
    pub sides: u8,
}

/// A die the players typed: 1 to 6, or why not.
pub fn parse_face(word: &str) -> Result<u8, NotADie> {
    parse_face_of(word, 6)
}

/// A die of `sides` faces the players typed, or why not.
pub fn parse_face_of(word: &str, sides: u8) -> Result<u8, NotADie> {
    match word.trim().parse::<u8>() {
        Ok(face) if (1..=sides).contains(&face) => Ok(face),
        _ => Err(NotADie {
            word: word.to_owned(),
            sides,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_and_position_roll_the_same_faces() {
        let (a, after_a) = DiceStream::new(7).roll(20);
        let (b, after_b) = DiceStream::new(7).roll(20);
        assert_eq!(a, b);
        assert_eq!(after_a, after_b);
        assert!(a.iter().all(|f| (1..=6).contains(f)));
    }

    #[test]
    fn different_seeds_roll_different_dice() {
        // Twenty dice alike by chance: one in 6^20. A seed that were ignored would match.
        let (a, _) = DiceStream::new(1).roll(20);
        let (b, _) = DiceStream::new(2).roll(20);
        assert_ne!(a, b);
    }

    #[test]
    fn rolling_in_two_goes_continues_the_stream() {
        let (all, _) = DiceStream::new(3).roll(10);
        let (first, mid) = DiceStream::new(3).roll(4);
        let (rest, _) = mid.roll(6);
        assert_eq!([first, rest].concat(), all);
    }

    #[test]
    fn every_face_turns_up() {
        let (faces, _) = DiceStream::new(1).roll(600);
        for face in 1..=6 {
            let n = faces.iter().filter(|&&f| f == face).count();
            assert!(
                (50..=150).contains(&n),
                "face {face} came up {n} times in 600"
            );
        }
    }

    #[test]
    fn typed_faces_are_one_to_six() {
        assert_eq!(parse_face("6"), Ok(6));
        assert!(parse_face("0").is_err());
        assert!(parse_face("7").is_err());
        assert!(parse_face("x").is_err());
    }
}
