//! What `need` answers: a unit's throw as a command would ask for it (how many dice, the
//! score, every reason), and what was supposed to work it out. Plain data, made by the
//! game's `need` from the command's own check, or by a ruleset's play where it answers a
//! question its own way.

use crate::core::score::needed_phrase;
use std::fmt::Display;

/// One throw a command makes before any of its results are known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Throw {
    /// Who throws: the firing, testing or fighting unit.
    pub by: String,
    pub at: Option<String>,
    pub dice: usize,
    /// The score each die needs.
    pub needed: i32,
    /// *Sound the Charge 1:25*: 7 or more is a 6, then this on a second die.
    pub then: Option<i32>,
    /// How the dice were counted and how the score was reached, line by line.
    pub reasons: Vec<String>,
}

impl Throw {
    /// "a-1: 3 dice at b-2, 4+ each".
    pub fn headline(&self) -> String {
        let dice = crate::core::plural::counted(self.dice, "die");
        let at = self
            .at
            .as_ref()
            .map(|t| format!(" at {t}"))
            .unwrap_or_default();
        let needed = match self.then {
            Some(then) => format!("a 6, then {}", needed_phrase(then)),
            None => needed_phrase(self.needed),
        };
        format!("{}: {dice}{at}, {needed}", self.by)
    }
}

/// What a command asks for, as far as it can be known before the dice are thrown.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Asked {
    pub throws: Vec<Throw>,
    /// A move's allowance and why, as the log will say it.
    pub moves: Vec<String>,
}

impl Asked {
    /// The dice each thrower rolls, in the order a typed `dice=` gives them.
    pub fn dice_counts(&self) -> Vec<usize> {
        self.throws.iter().map(|t| t.dice).collect()
    }
}

/// The throws a referee may ask about for one unit from a shell: `adjutant need`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Question {
    Rally,
    Test,
    Shoot,
}

impl Question {
    pub const ALL: [Question; 3] = [Question::Rally, Question::Test, Question::Shoot];

    pub fn word(self) -> &'static str {
        match self {
            Question::Rally => "rally",
            Question::Test => "test",
            Question::Shoot => "shoot",
        }
    }

    pub fn from_word(word: &str) -> Option<Question> {
        Question::ALL
            .into_iter()
            .find(|q| q.word().eq_ignore_ascii_case(word))
    }
}

/// What a unit needs for one throw, and under which suppositions when it could not be
/// thrown as the game stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The command line the answer was worked out for.
    pub line: String,
    /// Why the command would be refused now; `None` when it could be thrown now.
    pub not_now: Option<String>,
    /// What was supposed to work it out anyway: the phase, the side, the unit's state.
    pub supposing: Vec<String>,
    pub asked: Asked,
    /// What the answer cannot give: a throw whose rules the ruleset's text lacks.
    pub lacking: Option<String>,
}

/// What a ruleset's play may ask the game while it works out a unit's needs: the game
/// parses a line and runs the command's own check, which a play cannot reach, so each
/// need is the command's own answer and cannot drift from the roll.
pub trait Asker {
    /// Why the game refuses an answer.
    type Refusal: Display;
    /// Why `line` would be refused as the game stands; `None` when it would be carried out.
    fn refusal_now(&self, line: &str) -> Option<String>;
    /// What `unit` needs for `question`, with the command's own `words`, worked out by
    /// the command's check (on a supposed copy where it would be refused now).
    fn answer(
        &self,
        unit: &str,
        question: Question,
        words: &[&str],
    ) -> Result<Answer, Self::Refusal>;
}
