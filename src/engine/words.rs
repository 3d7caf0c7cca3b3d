//! The words every ruleset's commands share: dice typed by the players (`roll=4`,
//! `dice=5,3,1`), figures counted, a flag not known, and how a reported retreat ends.

use super::refusal::EngineRefusal;
use crate::core::dice::parse_face;

/// How a retreat the referee reports ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RetreatEnd {
    /// A voluntary retreat (optional rule), not one owed.
    Voluntary,
    /// The retreat owed cannot be made: the unit is destroyed.
    Blocked,
    /// The retreat owed takes the unit off the table.
    OffTable,
}

impl RetreatEnd {
    /// `retreat <unit> [blocked|off]`'s last words: the unit and how the retreat ends;
    /// `None` for a line that does not fit.
    pub(crate) fn parse<'a>(args: &[&'a str]) -> Option<(&'a str, RetreatEnd)> {
        match args {
            [unit] => Some((unit, RetreatEnd::Voluntary)),
            [unit, word] if word.eq_ignore_ascii_case("blocked") => {
                Some((unit, RetreatEnd::Blocked))
            }
            [unit, word] if word.eq_ignore_ascii_case("off") => Some((unit, RetreatEnd::OffTable)),
            _ => None,
        }
    }

    /// The line it reads back as, for `unit`.
    pub(crate) fn line(self, unit: &str) -> String {
        match self {
            RetreatEnd::Voluntary => format!("retreat {unit}"),
            RetreatEnd::Blocked => format!("retreat {unit} blocked"),
            RetreatEnd::OffTable => format!("retreat {unit} off"),
        }
    }
}

/// A fact of the table a command's word states (`moved`, `soft`…), as a guided form
/// offers it: one key turns it on or off.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormFact {
    /// The form's key for it.
    pub key: char,
    /// What the command line says when it is on.
    pub word: &'static str,
    pub label: &'static str,
    pub on: bool,
}

impl FormFact {
    /// A fact the form starts with off.
    pub const fn off(key: char, word: &'static str, label: &'static str) -> FormFact {
        FormFact {
            key,
            word,
            label,
            on: false,
        }
    }
}

/// A word that must be `roll=<die>`, the only flag left once the named ones are out.
pub(crate) fn roll_word(lower: &str, flag: &str, known: &str) -> Result<u8, EngineRefusal> {
    parse_roll(lower).unwrap_or_else(|| Err(unknown_flag(flag, known)))
}

/// `roll=4` (or `dice=4`): one die. `None` when the word is not a roll at all.
fn parse_roll(word: &str) -> Option<Result<u8, EngineRefusal>> {
    let (key, faces) = word.split_once('=')?;
    if key != "roll" && key != "dice" {
        return None;
    }
    Some(match parse_faces(faces) {
        Ok(faces) if faces.len() == 1 => Ok(faces[0]),
        Ok(faces) => Err(EngineRefusal::OneDie { typed: faces.len() }),
        Err(refusal) => Err(refusal),
    })
}

/// `5,3,1`: the faces typed after `dice=`, each a die's.
pub(crate) fn parse_faces(list: &str) -> Result<Vec<u8>, EngineRefusal> {
    if list.is_empty() {
        return Err(EngineRefusal::NoFaces);
    }
    list.split(',')
        .map(|w| parse_face(w).map_err(EngineRefusal::from))
        .collect()
}

/// `figures=3`'s number: at least one.
pub(crate) fn parse_figures(key: &str, word: &str) -> Result<u32, EngineRefusal> {
    match word.parse::<u32>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(EngineRefusal::NotFigures {
            key: key.to_owned(),
            word: word.to_owned(),
        }),
    }
}

/// Each `key=` word of a line given once, `roll=` and `dice=` being one key; `gathered`
/// names the keys a ruleset adds up instead (*Old Trousers II*'s `cross=`).
pub(crate) fn each_key_once(words: &[&str], gathered: &[&str]) -> Result<(), EngineRefusal> {
    let keys: Vec<String> = words
        .iter()
        .filter_map(|word| word.split_once('='))
        .map(|(key, _)| key.to_ascii_lowercase())
        .filter(|key| !gathered.contains(&key.as_str()))
        .collect();
    for (index, key) in keys.iter().enumerate() {
        if let Some(first) = keys[..index]
            .iter()
            .find(|earlier| canonical_key(earlier) == canonical_key(key))
        {
            return Err(EngineRefusal::GivenTwice { key: first.clone() });
        }
    }
    Ok(())
}

/// A key in lower case as its command reads it: `dice=` is `roll=`.
fn canonical_key(key: &str) -> &str {
    if key == "dice" { "roll" } else { key }
}

/// The refusal of a word the command does not know, with the words it does.
pub(crate) fn unknown_flag(flag: &str, known: &str) -> EngineRefusal {
    EngineRefusal::UnknownWord {
        word: flag.to_owned(),
        known: known.to_owned(),
    }
}

/// The faces as typed back: `5,3,1`.
pub(crate) fn faces_word(faces: &[u8]) -> String {
    let faces: Vec<String> = faces.iter().map(u8::to_string).collect();
    faces.join(",")
}

#[cfg(test)]
mod tests {
    use super::{EngineRefusal, each_key_once};

    fn twice(words: &str, gathered: &[&str]) -> Option<String> {
        let words: Vec<&str> = words.split_whitespace().collect();
        match each_key_once(&words, gathered) {
            Err(EngineRefusal::GivenTwice { key }) => Some(key),
            Err(other) => panic!("{other}"),
            Ok(()) => None,
        }
    }

    #[test]
    fn a_key_is_named_as_first_typed_whatever_its_case_or_alias() {
        assert_eq!(twice("a b dice=1 DICE=2", &[]).as_deref(), Some("dice"));
        assert_eq!(twice("Roll=1 dice=2", &[]).as_deref(), Some("roll"));
        assert_eq!(twice("gen=1 flank=a gen=2", &[]).as_deref(), Some("gen"));
    }

    #[test]
    fn bare_words_and_gathered_keys_may_repeat() {
        assert_eq!(twice("about about close close", &[]), None);
        assert_eq!(twice("cross=wall cross=hedge dice=3", &["cross"]), None);
        assert_eq!(twice("dice=3 roll=4", &["cross"]).as_deref(), Some("dice"));
    }
}
