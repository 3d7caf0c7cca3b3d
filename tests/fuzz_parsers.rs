//! Fuzzing the three parsers a referee's input reaches: scenario text, save text and command
//! lines. Arbitrary text and mutations of valid input (byte splices, deletions, lines
//! doubled or dropped; command words with random arguments) must never panic, and a refused
//! command must change nothing.
//!
//! The default case counts keep this file to a few seconds in `cargo test`. For a long run:
//!
//!     PROPTEST_CASES=20000 cargo test --release --test fuzz_parsers
//!
//! (`ProptestConfig::with_cases` would ignore the variable, so [`cases`], shared from
//! `tests/common/cases.rs`, reads it.)

use adjutant::game::{Game, commands_for};
use adjutant::persist::{load_text, render};
use adjutant::scenario;
use proptest::prelude::*;
use proptest::sample::Index;

mod common;

use common::cases::cases;

/// [`cases`]`(quick)`, with shrinking cut short: shrinking a scenario's text is slow and
/// the failure is shown anyway.
fn fuzz_cases(quick: u32) -> ProptestConfig {
    ProptestConfig {
        max_shrink_iters: 256,
        ..cases(quick)
    }
}

fn built_in(name: &str) -> &'static str {
    scenario::built_in(name).unwrap()
}

/// The tutorial and one built-in battle of each other ruleset.
const BATTLES: [&str; 5] = ["tutorial", "barrosa", "maida", "vimeiro", "ebelsberg"];

fn new_game(name: &str, seed: u64) -> Game {
    let (scenario, spec) = scenario::parse(name, built_in(name)).unwrap();
    Game::new(scenario, spec, seed)
}

/// A save of the tutorial a few commands in, with one undone (a redo stack too).
fn valid_save() -> String {
    let mut game = new_game("tutorial", 3);
    for line in [
        "hit fr-4l1 2",
        "shaken fr-4l1",
        "note br-95r at the mill",
        "next",
        "undo",
    ] {
        game.perform(line).unwrap();
    }
    render(&game).unwrap()
}

/// Pieces that mean something to TOML, or to our schema, to splice in.
const TOKENS: [&str; 22] = [
    "[",
    "]",
    "[[unit]]\n",
    "[[log]]\n",
    "\"",
    "'''",
    "\"\"\"",
    "=",
    "#",
    "\n",
    ",",
    "{",
    "}",
    "\\u001b",
    "\\",
    "-1",
    "99999999999999999999",
    "1e400",
    "nan",
    "true",
    "figures = ",
    "\u{feff}",
];

#[derive(Debug, Clone)]
enum Mutation {
    Splice(Index, Vec<u8>),
    Token(Index, Index),
    Delete(Index, usize),
    DoubleLine(Index),
    DropLine(Index),
    SwapLines(Index, Index),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<Index>(), prop::collection::vec(any::<u8>(), 1..6))
            .prop_map(|(at, bytes)| Mutation::Splice(at, bytes)),
        (any::<Index>(), any::<Index>()).prop_map(|(at, token)| Mutation::Token(at, token)),
        (any::<Index>(), 1usize..64).prop_map(|(at, length)| Mutation::Delete(at, length)),
        any::<Index>().prop_map(Mutation::DoubleLine),
        any::<Index>().prop_map(Mutation::DropLine),
        (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
    ]
}

/// `text` with `mutations` applied in turn, as bytes; bad UTF-8 is shown lossily, as the
/// parsers only ever see text.
fn mutate(text: &str, mutations: &[Mutation]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for mutation in mutations {
        let mut lines: Vec<Vec<u8>> = bytes
            .split_inclusive(|&b| b == b'\n')
            .map(<[u8]>::to_vec)
            .collect();
        match mutation {
            Mutation::Splice(at, new) => {
                let at = at.index(bytes.len() + 1);
                bytes.splice(at..at, new.iter().copied());
                continue;
            }
            Mutation::Token(at, token) => {
                let at = at.index(bytes.len() + 1);
                let token = TOKENS[token.index(TOKENS.len())].bytes();
                bytes.splice(at..at, token);
                continue;
            }
            Mutation::Delete(at, length) => {
                let at = at.index(bytes.len() + 1);
                bytes.drain(at..(at + length).min(bytes.len()));
                continue;
            }
            _ if lines.is_empty() => continue,
            Mutation::DoubleLine(line) => {
                let line = line.index(lines.len());
                lines.insert(line, lines[line].clone());
            }
            Mutation::DropLine(line) => {
                lines.remove(line.index(lines.len()));
            }
            Mutation::SwapLines(a, b) => {
                let (a, b) = (a.index(lines.len()), b.index(lines.len()));
                lines.swap(a, b);
            }
        }
        bytes = lines.concat();
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Words a command may take, read from the ruleset's own usage lines (`close|far`,
/// `dice=`, `<formation>`…), the battle's ids, and numbers at the edges of their types.
fn argument_pool(game: &Game) -> Vec<String> {
    let mut pool: Vec<String> = Vec::new();
    for (_, usage, _) in commands_for(game.scenario().ruleset) {
        for word in usage.split(|c: char| c.is_whitespace() || "[]<>|,…".contains(c)) {
            if !word.is_empty() {
                pool.push(word.to_owned());
            }
        }
    }
    let state = game.state();
    pool.extend(state.units().iter().map(|u| u.id.clone()));
    pool.extend(state.generals().iter().map(|g| g.id.clone()));
    pool.extend(state.sides().iter().map(|s| s.id.clone()));
    for number in [
        "0",
        "1",
        "2",
        "6",
        "7",
        "-1",
        "255",
        "256",
        "65536",
        "4294967296",
        "18446744073709551616",
        "1.5",
        "1/1",
        "3/0",
        "0/3",
        "6,6,6",
        "1,",
        ",",
    ] {
        pool.push(number.to_owned());
    }
    pool.sort();
    pool.dedup();
    pool
}

fn argument(pool: Vec<String>) -> impl Strategy<Value = String> {
    let word = prop::sample::select(pool);
    prop_oneof![
        4 => word.clone(),
        2 => (word.clone(), word.clone()).prop_map(|(a, b)| format!("{a}={b}")),
        1 => (word.clone(), word).prop_map(|(a, b)| format!("{a},{b}")),
        1 => any::<i64>().prop_map(|n| n.to_string()),
        1 => "\\PC{1,6}",
    ]
}

/// A line: a word of the ruleset (or nonsense) and up to six arguments.
fn command_line(game: &Game) -> impl Strategy<Value = String> {
    let mut words: Vec<String> = commands_for(game.scenario().ruleset)
        .iter()
        .map(|(word, _, _)| (*word).to_owned())
        .collect();
    words.extend(["undo", "redo", "next"].map(String::from));
    // `next` often, so a sequence reaches later phases and turns, not only the first.
    let word = prop_oneof![
        7 => prop::sample::select(words),
        2 => Just("next".to_owned()),
        1 => "\\PC{0,8}",
    ];
    (
        word,
        prop::collection::vec(argument(argument_pool(game)), 0..6),
    )
        .prop_map(|(word, arguments)| format!("{word} {}", arguments.join(" ")))
}

/// Carries out `lines` in turn: a refusal leaves the game exactly as it was, and a game a
/// command was accepted into saves and loads again with the same log.
fn perform_all(mut game: Game, lines: &[String]) -> Result<(), TestCaseError> {
    for line in lines {
        let before = render(&game).unwrap();
        let log_length = game.log().len();
        if let Err(refusal) = game.perform(line) {
            prop_assert!(!refusal.to_string().is_empty(), "{line}: a blank refusal");
            prop_assert_eq!(game.log().len(), log_length, "{}", line);
            prop_assert_eq!(&render(&game).unwrap(), &before, "{}", line);
            continue;
        }
        let saved = render(&game).unwrap();
        let loaded = load_text("fuzz.toml", &saved).map_err(|e| {
            TestCaseError::fail(format!(
                "`{line}` was accepted but its save is refused: {e}"
            ))
        })?;
        prop_assert_eq!(loaded.game.log(), game.log(), "{}", line);
    }
    Ok(())
}

proptest! {
    #![proptest_config(fuzz_cases(128))]

    /// `\PC` leaves out control characters, newlines among them, so the text is one line.
    /// TOML allows one key/value pair (or one table header) per line, and a scenario needs
    /// three top-level keys (`[scenario]`, two `[[side]]`s, their `[[unit]]`s), a save more:
    /// no such text can be either, so every one must be refused, and with a sentence that
    /// points at line 1 or at the file as a whole.
    #[test]
    fn arbitrary_text_is_no_scenario_and_no_panic(text in "\\PC{0,300}") {
        let columns = text.chars().count() + 1;
        let Err(scenario_errors) = scenario::parse("fuzz.toml", &text) else {
            return Err(TestCaseError::fail(format!("{text:?} was accepted as a scenario")));
        };
        let Err(save_error) = load_text("fuzz.toml", &text) else {
            return Err(TestCaseError::fail(format!("{text:?} was accepted as a save")));
        };
        let every = scenario_errors.all().iter().map(|error| ("a scenario", error));
        for (what, error) in every.chain([("a save", &save_error)]) {
            // A sentence: words, not blank, not padded.
            let message = &error.message;
            prop_assert!(!message.trim().is_empty(), "{}: empty message", what);
            prop_assert_eq!(message.trim(), message.as_str(), "{}", what);
            prop_assert!(message.contains(char::is_alphabetic), "{}: {:?}", what, message);
            // A place in the one line there is, or the file as a whole.
            prop_assert!(error.line <= 1, "{}: line {}: {}", what, error.line, error);
            prop_assert!(error.column <= columns, "{}: beyond the line: {}", what, error);
            prop_assert!(error.line == 1 || error.column == 0, "{}: {}", what, error);
            prop_assert!(error.to_string().starts_with("fuzz.toml:"), "{}", error);
        }
    }

    #[test]
    fn a_mutated_scenario_is_parsed_or_refused(
        battle in prop::sample::select(BATTLES.to_vec()),
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        let text = mutate(built_in(battle), &mutations);
        if let Err(errors) = scenario::parse("fuzz.toml", &text) {
            let lines = text.lines().count() + 1;
            for error in errors.all() {
                prop_assert!(!error.message.is_empty(), "{}", error);
                prop_assert!(error.line <= lines, "{}", error);
            }
        }
    }

    #[test]
    fn a_mutated_save_is_loaded_or_refused(mutations in prop::collection::vec(mutation(), 1..6)) {
        let text = mutate(&valid_save(), &mutations);
        if let Err(error) = load_text("fuzz.toml", &text) {
            prop_assert!(!error.message.is_empty(), "{}", error);
        }
    }
}

proptest! {
    #![proptest_config(fuzz_cases(48))]

    #[test]
    fn tutorial_commands_never_panic(lines in prop::collection::vec(command_line(&new_game("tutorial", 1)), 1..12)) {
        perform_all(new_game("tutorial", 1), &lines)?;
    }

    #[test]
    fn sound_the_charge_1_25_commands_never_panic(lines in prop::collection::vec(command_line(&new_game("barrosa", 1)), 1..12)) {
        perform_all(new_game("barrosa", 1), &lines)?;
    }

    #[test]
    fn charge_moves_commands_never_panic(lines in prop::collection::vec(command_line(&new_game("maida", 1)), 1..12)) {
        perform_all(new_game("maida", 1), &lines)?;
    }

    #[test]
    fn old_trousers_commands_never_panic(lines in prop::collection::vec(command_line(&new_game("vimeiro", 1)), 1..12)) {
        perform_all(new_game("vimeiro", 1), &lines)?;
    }

    #[test]
    fn d10_sheet_commands_never_panic(lines in prop::collection::vec(command_line(&new_game("ebelsberg", 1)), 1..12)) {
        perform_all(new_game("ebelsberg", 1), &lines)?;
    }
}

/// A megabyte pasted where a unit's id goes (`adjutant need`'s argument, which no
/// command's length limit holds) is refused as any unknown id is, with no id offered:
/// nothing is within two edits of it. Waterloo has the most ids of the built-in battles
/// (453), each of which the word is weighed against.
#[test]
fn a_megabyte_id_is_refused_with_no_suggestion() {
    let (scenario, spec) = scenario::parse("waterloo", built_in("waterloo")).unwrap();
    let game = Game::new(scenario, spec, 1);
    for word in [
        "fr".repeat(512 * 1024),
        format!("{}x", "fr-1".repeat(256 * 1024)),
    ] {
        let refusal = adjutant::game::find_unit(game.state(), &word)
            .map(|unit| unit.id.clone())
            .unwrap_err()
            .to_string();
        assert!(refusal.starts_with("no unit 'fr"), "{}", &refusal[..80]);
        assert!(
            refusal.ends_with("x'") || refusal.ends_with("fr'"),
            "{}",
            &refusal[refusal.len() - 80..]
        );
    }
}
