//! The dice the *Old Trousers II* excerpt throws, and the check that a face is one of them.

use std::fmt;

/// The dice the excerpt calls for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Die {
    D6,
    D10,
    D20,
}

impl Die {
    pub fn sides(self) -> u8 {
        match self {
            Die::D6 => 6,
            Die::D10 => 10,
            Die::D20 => 20,
        }
    }

    pub fn shows(self, face: u8) -> bool {
        (1..=self.sides()).contains(&face)
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "d{}", self.sides())
    }
}

/// A face the die cannot show is a caller's bug (the referee's input is checked before it
/// gets here), so it stops the resolution rather than quietly producing a result.
pub(crate) fn check_face(die: Die, face: u8) {
    assert!(die.shows(face), "{die} cannot show {face}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(expected = "d20 cannot show 21")]
    fn an_impossible_face_is_refused() {
        check_face(Die::D20, 21);
    }
}
