//! Reading a line of *Sound the Charge*'s own words, in either edition: the orders that
//! roll dice or move (`roll_command`, `combat_order`, `move_order` read their flags) and
//! the words that record what happened on the table.

use super::SoundTheChargeCommand;
use super::SoundTheChargeRefusal;
use super::combat_order::parse_combat;
use super::move_order::parse_move;
use super::refusal::MovementRefusal;
use super::roll_command::{parse_rally, parse_shoot, parse_test};
use crate::engine::refusal::EngineRefusal;
use crate::engine::words::{RetreatEnd, parse_faces, roll_word};
use crate::rules::unit::Formation;

/// `verb` (lower case) with its arguments; a line that does not fit is refused with
/// `usage`, the row the game's ruleset shows. `None` for a word that is not this ruleset's
/// own (`rout`, `shaken`…, which the shared parse reads for every ruleset that offers
/// them, and other rulesets' words).
pub fn parse(
    verb: &str,
    args: &[&str],
    usage: &str,
) -> Result<Option<SoundTheChargeCommand>, SoundTheChargeRefusal> {
    let wrong = || SoundTheChargeRefusal::usage(usage);
    let owned = |unit: &str| unit.to_owned();
    let command = match (verb, args) {
        ("shoot", _) => SoundTheChargeCommand::Shoot(parse_shoot(args, usage)?),
        ("test", _) => SoundTheChargeCommand::Test(parse_test(args, usage)?),
        ("rally", _) => SoundTheChargeCommand::Rally(parse_rally(args, usage)?),
        ("combat", _) => SoundTheChargeCommand::Combat(parse_combat(args, usage)?),
        ("move", _) => SoundTheChargeCommand::Move(parse_move(args, usage)?),
        ("evade", [unit]) => SoundTheChargeCommand::Evade {
            unit: owned(unit),
            dice: None,
        },
        ("evade", [unit, word]) => SoundTheChargeCommand::Evade {
            unit: owned(unit),
            dice: Some(evade_dice(word, usage)?),
        },
        ("control", [unit, rest @ ..]) if rest.len() <= 1 => SoundTheChargeCommand::Control {
            unit: owned(unit),
            roll: typed_roll(rest.first().copied())?,
        },
        ("retreat", _) => {
            let (unit, end) = RetreatEnd::parse(args).ok_or_else(wrong)?;
            SoundTheChargeCommand::Retreat {
                unit: owned(unit),
                end,
            }
        }
        ("return", [unit, rest @ ..]) if rest.len() <= 2 => {
            let mut roll = None;
            let mut form = None;
            for word in rest {
                let lower = word.to_ascii_lowercase();
                if let Some(name) = lower.strip_prefix("form=") {
                    form = Some(Formation::from_word(name).ok_or_else(|| {
                        EngineRefusal::NotAFormation {
                            word: name.to_owned(),
                        }
                    })?);
                } else {
                    roll = Some(roll_word(&lower, word, "roll=<die>, form=<formation>")?);
                }
            }
            SoundTheChargeCommand::Return {
                unit: owned(unit),
                roll,
                form,
            }
        }
        ("reman", [unit]) => SoundTheChargeCommand::Reman { unit: owned(unit) },
        ("disengage", [unit]) => SoundTheChargeCommand::Disengage { unit: owned(unit) },
        ("reform", []) => SoundTheChargeCommand::Reform { unit: None },
        ("reform", [unit]) => SoundTheChargeCommand::Reform {
            unit: Some(owned(unit)),
        },
        ("embark" | "disembark", [unit]) => SoundTheChargeCommand::Board {
            unit: owned(unit),
            board: verb == "embark",
        },
        ("caught", [unit, rest @ ..]) if rest.len() <= 3 => {
            let (mut early, mut facing, mut roll) = (false, false, None);
            for word in rest {
                let lower = word.to_ascii_lowercase();
                match lower.as_str() {
                    "early" => early = true,
                    "facing" => facing = true,
                    _ => roll = Some(roll_word(&lower, word, "facing, early, roll=<die>")?),
                }
            }
            SoundTheChargeCommand::Caught {
                unit: owned(unit),
                early,
                facing,
                roll,
            }
        }
        ("contacted", [general, enemy, rest @ ..]) if rest.len() <= 1 => {
            SoundTheChargeCommand::Contacted {
                general: owned(general),
                enemy: owned(enemy),
                roll: typed_roll(rest.first().copied())?,
            }
        }
        (
            "evade" | "control" | "return" | "reman" | "embark" | "disembark" | "caught"
            | "contacted" | "disengage" | "reform",
            _,
        ) => return Err(wrong()),
        _ => return Ok(None),
    };
    Ok(Some(command))
}

/// `roll=<die>` after the words, if the players typed their die.
fn typed_roll(word: Option<&str>) -> Result<Option<u8>, EngineRefusal> {
    word.map(|w| roll_word(&w.to_ascii_lowercase(), w, "roll=<die>"))
        .transpose()
}

/// `evade`'s `dice=a,b` (or `roll=`): the faces its players threw.
fn evade_dice(word: &str, usage: &str) -> Result<Vec<u8>, SoundTheChargeRefusal> {
    let lower = word.to_ascii_lowercase();
    match lower.split_once('=') {
        Some(("dice" | "roll", faces)) => Ok(parse_faces(faces)?),
        _ => Err(MovementRefusal::UnknownEvadeWord {
            word: word.to_owned(),
            usage: usage.to_owned(),
        }
        .into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(line: &str) -> SoundTheChargeCommand {
        let words: Vec<&str> = line.split_whitespace().collect();
        parse(words[0], &words[1..], "usage")
            .unwrap_or_else(|r| panic!("`{line}` refused: {r}"))
            .unwrap_or_else(|| panic!("`{line}` is not Sound the Charge's"))
    }

    fn refusal(line: &str) -> String {
        let words: Vec<&str> = line.split_whitespace().collect();
        match parse(words[0], &words[1..], "the usage") {
            Err(refusal) => refusal.to_string(),
            Ok(command) => panic!("`{line}` parsed: {command:?}"),
        }
    }

    #[test]
    fn only_its_own_words_are_read_here() {
        for word in [
            "hit", "rout", "shaken", "disorder", "cmd", "form", "next", "melee",
        ] {
            assert_eq!(parse(word, &["a"], "usage"), Ok(None), "{word}");
        }
    }

    #[test]
    fn table_words_read_back_as_typed_in_one_order() {
        for (typed, canonical) in [
            ("retreat fr1", "retreat fr1"),
            ("retreat fr1 BLOCKED", "retreat fr1 blocked"),
            ("retreat fr1 off", "retreat fr1 off"),
            (
                "return fr1 form=square roll=5",
                "return fr1 roll=5 form=square",
            ),
            ("reman fr1", "reman fr1"),
            ("disengage fr1", "disengage fr1"),
            ("reform", "reform"),
            ("reform fr1", "reform fr1"),
            ("embark fr1", "embark fr1"),
            ("disembark fr1", "disembark fr1"),
            ("contacted gen fr1 roll=1", "contacted gen fr1 roll=1"),
            (
                "caught fr1 roll=3 early facing",
                "caught fr1 facing early roll=3",
            ),
            ("control fr1 ROLL=2", "control fr1 roll=2"),
            ("evade fr1 roll=2,6", "evade fr1 dice=2,6"),
        ] {
            let command = parsed(typed);
            assert_eq!(command.to_string(), canonical, "{typed}");
            assert_eq!(parsed(canonical), command, "{canonical} reads back");
        }
    }

    #[test]
    fn a_line_that_does_not_fit_gets_the_usage_it_was_given() {
        for line in [
            "retreat",
            "retreat fr1 sideways",
            "reman",
            "disengage",
            "reform fr1 fr2",
            "embark fr1 fr2",
            "contacted gen",
            "caught",
            "control fr1 roll=1 roll=2",
            "evade fr1 dice=1 dice=2",
            "return",
        ] {
            assert_eq!(refusal(line), "usage: the usage", "{line}");
        }
        assert_eq!(
            refusal("evade fr1 fast"),
            "unknown word 'fast'; usage: the usage"
        );
        assert!(
            refusal("return fr1 form=wedge").starts_with("unknown formation 'wedge' (one of: ")
        );
    }
}
