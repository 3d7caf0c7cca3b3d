//! Reading a line of the command language: the shared words' parse, and a ruleset's own
//! words handed to its play through the registry.

use super::{Command, HouseSetting, MAX_COMMAND_CHARS, MAX_NOTE_CHARS, usage};
use crate::core::moment::parse_length;
use crate::engine::clock::ClockChange;
use crate::engine::refusal::EngineRefusal;
use crate::engine::words::each_key_once;
use crate::game::refusal::{Refusal, WordsRefusal};
use crate::game::registry::{commands_for, gathered_keys, is_listed, listed_words, parse_own};
use crate::rules::Ruleset;
use crate::rules::unit::{CommandState, Formation, HitKind};
/// `note <unit> <text…>`: `None` without a unit; a refusal for a note over
/// [`MAX_NOTE_CHARS`].
fn parse_note(args: &[&str]) -> Option<Result<Command, Refusal>> {
    let (unit, words) = args.split_first()?;
    let text = words.join(" ");
    let chars = text.chars().count();
    Some(if chars > MAX_NOTE_CHARS {
        Err(WordsRefusal::NoteTooLong { chars }.into())
    } else {
        Ok(Command::Note {
            unit: (*unit).to_owned(),
            text,
        })
    })
}

/// `house set <name> <value|off|book>`: `None` for other words. The name and the value
/// are checked against the game's ruleset by [`check`](super::super::check).
fn parse_house(args: &[&str]) -> Option<Command> {
    let [set, name, value] = args else {
        return None;
    };
    if !set.eq_ignore_ascii_case("set") {
        return None;
    }
    let setting = match value.to_ascii_lowercase().as_str() {
        "off" => HouseSetting::Off,
        "book" => HouseSetting::Book,
        value => HouseSetting::Value(value.parse().ok()?),
    };
    Some(Command::House {
        name: name.to_ascii_lowercase(),
        setting,
    })
}

/// `clock pause|resume|left <time>|warn <time|off>|sides <time|off>`: `None` for other words; a refusal
/// for a time that is not one.
fn parse_clock(args: &[&str]) -> Option<Result<Command, Refusal>> {
    let length = |word: &str| {
        parse_length(word).map_err(|problem| Refusal::from(WordsRefusal::from(problem)))
    };
    let change = match (args[0].to_ascii_lowercase().as_str(), args.get(1)) {
        ("pause", None) => Ok(ClockChange::Pause),
        ("resume", None) => Ok(ClockChange::Resume),
        ("left", Some(time)) => length(time).map(ClockChange::Left),
        ("warn", Some(off)) if off.eq_ignore_ascii_case("off") => Ok(ClockChange::WarnOff),
        ("warn", Some(time)) => length(time).map(ClockChange::Warn),
        ("sides", Some(off)) if off.eq_ignore_ascii_case("off") => Ok(ClockChange::SidesOff),
        ("sides", Some(time)) => length(time).map(ClockChange::Sides),
        _ => return None,
    };
    Some(change.map(Command::Clock))
}

/// The commands of one word that act on the turn or the log.
fn parse_bare(verb: &str, args: &[&str]) -> Result<Command, Refusal> {
    if !args.is_empty() {
        return Err(WordsRefusal::NoArguments {
            verb: verb.to_owned(),
        }
        .into());
    }
    Ok(match verb {
        "next" => Command::Next,
        "undo" => Command::Undo,
        _ => Command::Redo,
    })
}

impl Command {
    /// Parses one line as `ruleset` reads it: a word it does not offer is refused with its
    /// own list, and a malformed line with its own usage, never another ruleset's.
    pub fn parse_for(line: &str, ruleset: Ruleset) -> Result<Command, Refusal> {
        let chars = line.chars().count();
        if chars > MAX_COMMAND_CHARS {
            return Err(WordsRefusal::TooLong { chars }.into());
        }
        let verb = line
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        let args: Vec<&str> = line.split_whitespace().skip(1).collect();
        // A note's words are the referee's text, not keys.
        if verb != "note" {
            each_key_once(&args, gathered_keys(ruleset))?;
        }
        if ruleset.own_commands().contains(&verb.as_str())
            && let Some(parsed) = parse_own(ruleset, &verb, &args)
        {
            return parsed.map(Command::Own);
        }
        let known = is_listed(&verb);
        if known && !ruleset.offers(&verb) {
            return Err(EngineRefusal::not_offered(&verb, ruleset).into());
        }
        if !known && !verb.is_empty() {
            let words: Vec<&str> = commands_for(ruleset).iter().map(|c| c.0).collect();
            return Err(unknown_command(
                &verb,
                &words,
                &format!("{} commands", ruleset.title()),
            ));
        }
        Command::parse(line).map_err(|refusal| {
            let own = commands_for(ruleset)
                .into_iter()
                .find(|(word, _, _)| *word == verb);
            match own {
                Some((_, usage, _)) if refusal.is_usage() => EngineRefusal::Usage {
                    usage: usage.to_owned(),
                }
                .into(),
                _ => refusal,
            }
        })
    }

    /// Parses one line of the words every ruleset shares, and of the first ruleset's own
    /// (the default: *Sound the Charge*'s `shoot`, `move`…). Only the words are checked
    /// here; whether the unit exists and may do it is [`check`](super::check)'s business.
    /// Another ruleset's own words (*Charge Moves*' `melee`, *Old Trousers II*'s `fire`…)
    /// are read only as that ruleset reads them: use [`Command::parse_for`].
    pub fn parse(line: &str) -> Result<Command, Refusal> {
        let line = line.trim();
        let mut words = line.split_whitespace();
        let Some(verb) = words.next() else {
            return Err(WordsRefusal::Empty.into());
        };
        let verb = verb.to_ascii_lowercase();
        let args: Vec<&str> = words.collect();
        let wrong = || Refusal::usage(usage(&verb));
        let arity = |min: usize, max: usize| {
            if (min..=max).contains(&args.len()) {
                Ok(())
            } else {
                Err(wrong())
            }
        };
        let command = match verb.as_str() {
            "hit" | "rout" | "unhit" | "unrout" => {
                arity(1, 2)?;
                parse_hits(&verb, args[0], args.get(1).copied())?
            }
            "shaken" | "disorder" => {
                arity(1, 2)?;
                let on = parse_on_off(&verb, args.get(1).copied())?;
                let unit = args[0].to_owned();
                if verb == "shaken" {
                    Command::Shaken { unit, on }
                } else {
                    Command::Disorder { unit, on }
                }
            }
            "form" => {
                arity(2, 2)?;
                parse_form(args[0], args[1])?
            }
            "cmd" => {
                arity(2, 2)?;
                parse_cmd(args[0], args[1])?
            }
            "attach" => {
                arity(2, 2)?;
                Command::Attach {
                    general: args[0].to_owned(),
                    unit: args[1].to_owned(),
                }
            }
            "detach" => {
                arity(1, 1)?;
                Command::Detach {
                    general: args[0].to_owned(),
                }
            }
            "remove" => {
                arity(1, 1)?;
                Command::Remove {
                    unit: args[0].to_owned(),
                }
            }
            "note" => parse_note(&args).ok_or_else(wrong)??,
            "house" => {
                arity(3, 3)?;
                parse_house(&args).ok_or_else(wrong)?
            }
            "victory" => {
                let (side, why) = args.split_first().ok_or_else(wrong)?;
                let why = why.join(" ");
                let chars = why.chars().count();
                if chars > MAX_NOTE_CHARS {
                    return Err(WordsRefusal::NoteTooLong { chars }.into());
                }
                Command::Victory {
                    side: (!side.eq_ignore_ascii_case("draw")).then(|| (*side).to_owned()),
                    why,
                }
            }
            "clock" => {
                arity(1, 2)?;
                parse_clock(&args).ok_or_else(wrong)??
            }
            "next" | "undo" | "redo" => parse_bare(&verb, &args)?,
            _ if is_listed(&verb) => {
                // The first ruleset's words, which a line read with no game is taken in.
                if let Some(parsed) = parse_own(Ruleset::default(), &verb, &args) {
                    return parsed.map(Command::Own);
                }
                return Err(WordsRefusal::OwnWord { verb }.into());
            }
            _ => {
                return Err(unknown_command(&verb, &listed_words(), "commands"));
            }
        };
        Ok(command)
    }
}

fn parse_hits(verb: &str, unit: &str, count: Option<&str>) -> Result<Command, Refusal> {
    let count = match count {
        None => 1,
        Some(word) => parse_count(word)?,
    };
    let kind = if verb.ends_with("hit") {
        HitKind::Loss
    } else {
        HitKind::Rout
    };
    let unit = unit.to_owned();
    Ok(if verb.starts_with("un") {
        Command::TakeBack { unit, kind, count }
    } else {
        Command::Hits { unit, kind, count }
    })
}

fn parse_on_off(verb: &str, word: Option<&str>) -> Result<bool, Refusal> {
    match word.map(str::to_ascii_lowercase).as_deref() {
        None | Some("on") => Ok(true),
        Some("off") => Ok(false),
        Some(other) => Err(WordsRefusal::NotOnOff {
            word: other.to_owned(),
            usage: usage(verb),
        }
        .into()),
    }
}

fn parse_form(unit: &str, word: &str) -> Result<Command, Refusal> {
    let formation = Formation::from_word(word).ok_or_else(|| EngineRefusal::NotAFormation {
        word: word.to_owned(),
    })?;
    Ok(Command::Form {
        unit: unit.to_owned(),
        formation,
    })
}

fn parse_cmd(unit: &str, word: &str) -> Result<Command, Refusal> {
    let command = match word.to_ascii_lowercase().as_str() {
        "in" => CommandState::In,
        "out" => CommandState::Out,
        _ => {
            return Err(WordsRefusal::NotInOut {
                word: word.to_owned(),
                usage: usage("cmd"),
            }
            .into());
        }
    };
    Ok(Command::Cmd {
        unit: unit.to_owned(),
        command,
    })
}

fn parse_count(word: &str) -> Result<u32, Refusal> {
    match word.parse::<u32>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(WordsRefusal::NotHits {
            word: word.to_owned(),
        }
        .into()),
    }
}

/// "unknown command 'shot': did you mean 'shoot'?" by the same measure as a mistyped
/// unit id; with nothing near, the `words` there are, under `heading`.
fn unknown_command(verb: &str, words: &[&'static str], heading: &str) -> Refusal {
    WordsRefusal::UnknownCommand {
        verb: verb.to_owned(),
        nearest: crate::core::spelling::nearest(words.iter().copied(), verb).map(str::to_owned),
        heading: heading.to_owned(),
        words: words.to_vec(),
    }
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::OwnCommand;
    use crate::rules::sound_the_charge::play::SoundTheChargeCommand;

    /// `melee` is *Charge Moves*' own: the shared parse says so rather than suggesting
    /// the word itself, and the game of that ruleset reads it.
    #[test]
    fn a_rulesets_own_word_is_read_as_that_ruleset_reads_it() {
        assert_eq!(
            refusal("melee a b"),
            "`melee` is one ruleset's own word, read only in a game of that ruleset"
        );
        let parsed = Command::parse_for("melee fr-1 br-2 sixes=3/2", Ruleset::ChargeMoves);
        assert_eq!(
            parsed.map(|c| c.to_string()).ok().as_deref(),
            Some("melee fr-1 br-2 sixes=3/2")
        );
        assert!(
            Command::parse_for("melee a b", Ruleset::SoundTheCharge).is_err_and(|refusal| refusal
                .to_string()
                .contains("not a Sound the Charge command"))
        );
    }

    fn refusal(line: &str) -> String {
        match Command::parse(line) {
            Err(refusal) => refusal.to_string(),
            Ok(command) => panic!("`{line}` was accepted as {command:?}"),
        }
    }

    #[test]
    fn hit_defaults_to_one_and_takes_a_count() {
        assert_eq!(
            Command::parse("hit fr1").unwrap(),
            Command::Hits {
                unit: "fr1".into(),
                kind: HitKind::Loss,
                count: 1
            }
        );
        assert_eq!(
            Command::parse("  ROUT  fr1   3 ").unwrap(),
            Command::Hits {
                unit: "fr1".into(),
                kind: HitKind::Rout,
                count: 3
            }
        );
    }

    #[test]
    fn counts_must_be_positive_whole_numbers() {
        for bad in ["0", "-1", "two", "1.5", "99999999999"] {
            let message = refusal(&format!("hit fr1 {bad}"));
            assert!(
                message.contains("positive whole number"),
                "{bad}: {message}"
            );
            assert!(message.contains(bad), "{message}");
        }
    }

    #[test]
    fn wrong_word_counts_show_the_usage() {
        assert_eq!(refusal("hit"), "usage: hit <unit> [n]");
        assert_eq!(refusal("hit fr1 2 3"), "usage: hit <unit> [n]");
        assert_eq!(refusal("form fr1"), "usage: form <unit> <formation>");
        assert_eq!(refusal("next now"), "`next` takes no arguments");
    }

    #[test]
    fn unknown_words_are_named() {
        assert!(refusal("blast fr1").starts_with("unknown command 'blast'"));
        assert!(refusal("form fr1 wedge").starts_with("unknown formation 'wedge'"));
        assert!(refusal("shaken fr1 maybe").starts_with("'maybe' is not on or off"));
        assert!(refusal("cmd fr1 sideways").starts_with("'sideways' is not in or out"));
        assert!(refusal("   ").starts_with("empty command"));
    }

    /// A slip in a command word gets the nearest word, as a slip in a unit's id does,
    /// not a list of every command cut off by the status line.
    #[test]
    fn a_mistyped_command_word_gets_the_nearest_one() {
        assert_eq!(
            refusal("shot fr-2lg br-92"),
            "unknown command 'shot': did you mean 'shoot'?"
        );
        assert_eq!(refusal("hti"), "unknown command 'hti': did you mean 'hit'?");
        let in_ruleset = |line| match Command::parse_for(line, Ruleset::SoundTheCharge) {
            Err(refusal) => refusal.to_string(),
            Ok(command) => panic!("`{line}` was accepted as {command:?}"),
        };
        assert_eq!(
            in_ruleset("shot fr-2lg br-92"),
            "unknown command 'shot': did you mean 'shoot'?"
        );
        assert_eq!(
            in_ruleset("hti"),
            "unknown command 'hti': did you mean 'hit'?"
        );
        // Nothing near: the list of words, as before; a short word is near only one
        // edit away, so `rm` and `fare` are not taken for `form`.
        for far in ["xyzzy", "rm", "fare fr1"] {
            assert!(in_ruleset(far).contains("commands: hit, "), "{far}");
        }
    }

    /// A unit's id typed short of its hyphen and a letter or two still finds the unit:
    /// the nearness allowed goes by the longer of the two words. The ids are Quatre-Bras's
    /// (`adjutant show`), where `br9` is two edits from both br-79 and br-92: the one it
    /// starts like wins.
    #[test]
    fn an_id_typed_short_finds_its_unit() {
        let ids = [
            "fr-2lg", "fr-61", "fr-108", "fr-4lg", "fr-92", "fr-93", "fr-100", "fr-1lg", "fr-3",
            "fr-6la", "fr-1ch", "fr-8cu", "fr-ft", "fr-hb", "br-28", "br-42", "br-44", "br-79",
            "br-92", "br-95r", "br-rog",
        ];
        let near = |typed| crate::core::spelling::suggestion(ids.iter().copied(), typed);
        assert_eq!(near("br9"), ": did you mean 'br-92'?");
        assert_eq!(near("fr2l"), ": did you mean 'fr-2lg'?");
        assert_eq!(near("fr-2lg"), ": did you mean 'fr-2lg'?");
        assert_eq!(near("xyzzy"), "");
    }

    #[test]
    fn note_keeps_the_rest_of_the_line() {
        assert_eq!(
            Command::parse("note fr1 holding the  farm").unwrap(),
            Command::Note {
                unit: "fr1".into(),
                text: "holding the farm".into()
            }
        );
    }

    #[test]
    fn evade_dice_and_control_rolls_read_back_as_typed() {
        for line in [
            "evade fr1",
            "evade fr1 dice=3,5",
            "evade fr1 dice=6,5,4",
            "control fr1",
            "control fr1 roll=4",
        ] {
            let command = Command::parse(line).unwrap();
            assert_eq!(command.to_string(), line);
        }
        assert_eq!(
            Command::parse("evade fr1 ROLL=2,6").unwrap(),
            Command::Own(OwnCommand::new(SoundTheChargeCommand::Evade {
                unit: "fr1".into(),
                dice: Some(vec![2, 6])
            }))
        );
        assert!(refusal("evade fr1 fast").starts_with("unknown word 'fast'"));
        assert!(refusal("evade fr1 dice=3,9").contains('9'));
        assert!(refusal("control fr1 roll=3,4").contains("one die"));
        assert_eq!(refusal("control"), "usage: control <unit> [roll=d]");
    }

    #[test]
    fn canonical_words_parse_back_to_the_same_command() {
        for line in [
            "hit fr1 2",
            "rout fr1 1",
            "shaken fr1 off",
            "disorder fr1 on",
            "form fr1 square",
            "cmd fr1 out",
            "attach ney fr1",
            "detach ney",
            "remove fr1",
            "note fr1 low on ammunition",
            "note fr1",
            "shoot fr1 br2 close",
            "shoot fr1 br2 2.5",
            "shoot fr1 br2 5 moved hard screened dense front=6 split=3 dice=5,3,1 gen=2",
            "test fr1",
            "test fr1 advanced cover roll=4",
            "rally fr1 threat cover roll=6",
            "next",
            "undo",
            "redo",
        ] {
            let command = Command::parse(line).unwrap();
            assert_eq!(command.to_string(), line);
            assert_eq!(Command::parse(&command.to_string()).unwrap(), command);
        }
    }
}
