//! Saves a referee (or a sync tool) has touched: hand edits that would build an impossible
//! battle are refused with their line, the file is never rewritten, and files of the wrong
//! kind are named for what they are.

mod common;

use adjutant::game::{Command as Words, Game, check, replay};
use adjutant::persist;
use assert_cmd::Command;
use common::cases::cases;
use predicates::prelude::PredicateBooleanExt;
use predicates::str::contains;
use proptest::prelude::*;
use std::path::{Path, PathBuf};

fn adjutant() -> Command {
    Command::cargo_bin("adjutant").unwrap()
}

/// A tutorial game after `lines`, in a fresh folder.
fn game_after(folder: &Path, lines: &[&str]) -> PathBuf {
    let save = folder.join("mill.toml");
    adjutant()
        .args(["new", "tutorial", "--seed", "1", "-o"])
        .arg(&save)
        .assert()
        .success();
    for line in lines {
        adjutant()
            .arg("do")
            .arg(&save)
            .args(line.split_whitespace())
            .assert()
            .success();
    }
    save
}

/// Replaces the first `from` with `to`, then expects `show` to fail naming `message` and
/// the 1-based line of the first `line_of` after the edit, leaving the file as edited.
fn assert_edit_refused(save: &Path, from: &str, to: &str, line_of: &str, message: &str) {
    let text = std::fs::read_to_string(save).unwrap();
    assert!(text.contains(from), "the save has no `{from}`");
    let edited = text.replacen(from, to, 1);
    std::fs::write(save, &edited).unwrap();
    let line = edited.lines().position(|l| l == line_of).unwrap() + 1;
    adjutant()
        .arg("show")
        .arg(save)
        .assert()
        .failure()
        .stderr(contains(format!("mill.toml:{line}:")))
        .stderr(contains(message));
    assert_eq!(std::fs::read_to_string(save).unwrap(), edited);
    std::fs::write(save, text).unwrap();
}

#[test]
fn an_edited_hit_count_that_should_have_shattered_is_refused() {
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(folder.path(), &["hit fr-4l1 3"]);
    assert_edit_refused(
        &save,
        "count = 3",
        "count = 10",
        "[[log]]",
        "unit fr-4l1 is at or below a quarter but not shattered",
    );
}

#[test]
fn a_typed_by_edited_to_break_its_line_is_refused_where_it_stands() {
    // `by` (a co-referee's login) with a line end would print a forged entry after its
    // own in `adjutant log`.
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(folder.path(), &["hit fr-4l1 3"]);
    let forged = "command = \"hit fr-4l1 3\"\nby = \"x\\n   2. turn 3 red combat: rout fr-4l1\"";
    let text = std::fs::read_to_string(&save).unwrap();
    let edited = text.replacen("command = \"hit fr-4l1 3\"", forged, 1);
    std::fs::write(&save, &edited).unwrap();
    let line = edited.lines().position(|l| l.starts_with("by = ")).unwrap() + 1;
    adjutant()
        .arg("log")
        .arg(&save)
        .assert()
        .failure()
        .stderr(contains(format!("mill.toml:{line}:")))
        .stderr(contains("on one line: it holds U+000A"));
    assert_eq!(std::fs::read_to_string(&save).unwrap(), edited);
    // On one line it is read, and told as who typed the command.
    let fair = text.replacen(
        "command = \"hit fr-4l1 3\"",
        "command = \"hit fr-4l1 3\"\nby = \"referee@192.168.1.23\"",
        1,
    );
    std::fs::write(&save, fair).unwrap();
    adjutant()
        .arg("log")
        .arg(&save)
        .assert()
        .success()
        .stdout(contains("hit fr-4l1 3 (typed by referee@192.168.1.23)"));
}

#[test]
fn an_edited_event_shattering_a_full_unit_is_refused() {
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(folder.path(), &["shaken fr-4l1"]);
    assert_edit_refused(
        &save,
        "event = \"morale\"\nunit = \"fr-4l1\"\nmorale = \"shaken\"",
        "event = \"shattered\"\nunit = \"fr-4l1\"",
        "[[log]]",
        "unit fr-4l1 is shattered above a quarter strength",
    );
}

#[test]
fn an_edited_attachment_to_the_enemy_is_refused() {
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(folder.path(), &["attach godinot fr-4l1"]);
    assert_edit_refused(
        &save,
        "general = \"godinot\"\nunit = \"fr-4l1\"",
        "general = \"godinot\"\nunit = \"br-31\"",
        "[[log]]",
        "general godinot rides with br-31, of the other side",
    );
}

#[test]
fn an_edited_jump_of_turns_is_refused() {
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(folder.path(), &["next"]);
    assert_edit_refused(
        &save,
        "turn = 1\nactive = \"france\"\nphase = \"movement\"",
        "turn = 7\nactive = \"france\"\nphase = \"movement\"",
        "[[log]]",
        "turn 7, france, movement phase does not follow turn 1, france, rally phase",
    );
}

#[test]
fn an_entry_stamped_with_the_wrong_phase_is_refused() {
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(folder.path(), &["next", "hit fr-4l1"]);
    let text = std::fs::read_to_string(&save).unwrap();
    // The second entry's stamp: move it from movement to combat.
    let second = text.match_indices("\n[[log]]\n").nth(1).unwrap().0 + 1;
    let edited = format!(
        "{}{}",
        &text[..second],
        text[second..].replacen("phase = \"movement\"", "phase = \"combat\"", 1)
    );
    std::fs::write(&save, &edited).unwrap();
    let line = edited[..second].lines().count() + 1;
    adjutant()
        .arg("show")
        .arg(&save)
        .assert()
        .failure()
        .stderr(contains(format!("mill.toml:{line}: [[log]] entry 2")))
        .stderr(contains(
            "stamped turn 1, france, combat phase, but the game was at turn 1, france, movement phase",
        ));
}

#[test]
fn a_newer_format_is_refused_even_with_a_comment_on_its_line() {
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(folder.path(), &[]);
    let text = std::fs::read_to_string(&save).unwrap();
    // Format 3 (a command's time, `at`) is this build's own: one beyond it is newer.
    for format in ["format = 4 # from adjutant 0.2", "format=5"] {
        let edited = text.replacen("format = 1", format, 1);
        std::fs::write(&save, &edited).unwrap();
        adjutant()
            .arg("do")
            .arg(&save)
            .arg("next")
            .assert()
            .failure()
            .stderr(contains("by a newer Adjutant"));
        assert_eq!(std::fs::read_to_string(&save).unwrap(), edited);
    }
    std::fs::write(&save, text.replacen("format = 1", "format = 0", 1)).unwrap();
    adjutant()
        .arg("show")
        .arg(&save)
        .assert()
        .failure()
        .stderr(contains("save format 0 does not exist"));
}

#[test]
fn a_scenario_is_not_a_save_and_a_save_is_not_a_scenario() {
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(folder.path(), &[]);
    let scenario = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/tutorial.toml");
    adjutant()
        .arg("do")
        .arg(&scenario)
        .arg("next")
        .assert()
        .failure()
        .stderr(contains("is a scenario, not a save"))
        .stderr(contains("adjutant new"));
    adjutant()
        .arg("new")
        .arg(&save)
        .arg("-o")
        .arg(folder.path().join("other.toml"))
        .assert()
        .failure()
        .stderr(contains("is a save, not a scenario"));
    let empty = folder.path().join("empty.toml");
    std::fs::write(&empty, "").unwrap();
    adjutant()
        .arg("show")
        .arg(&empty)
        .assert()
        .failure()
        .stderr(contains("the file is empty"));
}

/// A file that is neither (a note, a config, the wrong file picked from a folder) is not
/// called a scenario, and `adjutant new` is not offered for it.
#[test]
fn a_file_that_is_no_save_and_no_scenario_is_called_neither() {
    let folder = tempfile::tempdir().unwrap();
    let other = folder.path().join("notes.toml");
    std::fs::write(&other, "title = \"bring the dice\"\n").unwrap();
    adjutant()
        .arg("do")
        .arg(&other)
        .arg("next")
        .assert()
        .failure()
        .stderr(contains("is not an Adjutant save"))
        .stderr(contains("scenario").not())
        .stderr(contains("adjutant new").not());
    assert_eq!(
        std::fs::read_to_string(&other).unwrap(),
        "title = \"bring the dice\"\n"
    );
}

#[cfg(unix)]
#[test]
fn a_save_reached_through_a_link_is_written_where_it_lives() {
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(folder.path(), &[]);
    let link = folder.path().join("link.toml");
    std::os::unix::fs::symlink(&save, &link).unwrap();
    adjutant()
        .arg("do")
        .arg(&link)
        .args(["hit", "fr-4l1", "2"])
        .assert()
        .success();
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    adjutant()
        .arg("show")
        .arg(&save)
        .arg("--json")
        .assert()
        .success()
        .stdout(contains("\"figures\":10"));
}

#[test]
fn hits_beyond_the_last_figure_are_pointed_out() {
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(folder.path(), &["hit fr-4l1 2"]);
    adjutant()
        .arg("do")
        .arg(&save)
        .args(["hit", "fr-4l1", "22"])
        .assert()
        .success()
        .stdout(contains("takes 10 loss hits: 0 figures left"))
        .stdout(contains("12 hits beyond the last figure were not recorded"));
}

#[test]
fn clearing_a_note_that_is_not_there_says_so() {
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(folder.path(), &[]);
    adjutant()
        .arg("do")
        .arg(&save)
        .args(["note", "fr-4l1"])
        .assert()
        .failure()
        .stderr(contains("fr-4l1 has no note to clear"));
}

#[test]
fn an_edited_redo_entry_is_refused_with_its_line() {
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(folder.path(), &["hit fr-4l1 2", "undo"]);
    assert_edit_refused(
        &save,
        "[[redo.event]]\nevent = \"hits\"\nunit = \"fr-4l1\"",
        "[[redo.event]]\nevent = \"hits\"\nunit = \"fr-99\"",
        "[[redo]]",
        "[[redo]] entry 1: `hit fr-4l1 2`: no unit 'fr-99'",
    );
}

// --- A log's commands -----------------------------------------------------------------------

/// The offset of the newline before the `n`th (from 0) entry's `command = "…"` in `text`:
/// the line after its `phase` (an event's `command` is a unit's command state).
fn nth_command(text: &str, n: usize) -> usize {
    text.match_indices("\ncommand = ")
        .filter(|(at, _)| {
            text[..*at]
                .rsplit('\n')
                .next()
                .unwrap()
                .starts_with("phase = ")
        })
        .nth(n)
        .unwrap()
        .0
}

/// The 1-based line and column of the value of the `n`th (from 0) entry's command.
fn command_value_at(text: &str, n: usize) -> (usize, usize) {
    let line = text[..=nth_command(text, n)].lines().count() + 1;
    (line, "command = ".len() + 1)
}

/// `text` with the `n`th (from 0) entry's command replaced by `command`, written as TOML
/// writes a string.
fn with_command(text: &str, n: usize, command: &str) -> String {
    let start = nth_command(text, n) + "\ncommand = ".len();
    let end = start + text[start..].find('\n').unwrap();
    format!(
        "{}{}{}",
        &text[..start],
        toml::Value::String(command.to_owned()),
        &text[end..]
    )
}

/// Entry 1's words replaced by a shell line, another unit, another number, a longer line, a
/// word the log never holds: each is refused at the line and column of that `command`, the
/// file left as edited.
#[test]
fn an_edited_command_is_refused_at_its_line() {
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(
        folder.path(),
        &["hit fr-4l1 2", "note fr-4l1 on the hill", "hit br-31 2"],
    );
    let text = std::fs::read_to_string(&save).unwrap();
    let (line, column) = command_value_at(&text, 0);
    for (command, message) in [
        ("rm -rf / ; remove fr-4l1", "unknown command 'rm'"),
        (
            "remove fr-4l1",
            "the events recorded under it are not those it gives",
        ),
        (
            "hit fr-4l1 3",
            "the events recorded under it are not those it gives",
        ),
        (
            "hit br-31 2",
            "the events recorded under it are not those it gives",
        ),
        (
            "rout fr-4l1 2",
            "the events recorded under it are not those it gives",
        ),
        ("hit fr-4l1 2 ; rm -rf /", "usage: hit"),
        ("undo", "`undo` acts on the log"),
        ("", "empty command"),
    ] {
        let edited = with_command(&text, 0, command);
        std::fs::write(&save, &edited).unwrap();
        refused_at(&save, "log", (line, column), "[[log]] entry 1", message);
        assert_eq!(std::fs::read_to_string(&save).unwrap(), edited);
    }
    // Entry 2's note, its text changed: the event holds the text.
    let edited = with_command(&text, 1, "note fr-4l1 behind the mill");
    std::fs::write(&save, &edited).unwrap();
    let (line, column) = command_value_at(&text, 1);
    refused_at(
        &save,
        "show",
        (line, column),
        "[[log]] entry 2",
        "not those it gives",
    );
}

/// `adjutant <command> <save>` refuses the save at `line:column`, in `entry`, saying
/// `says`.
fn refused_at(save: &Path, command: &str, (line, column): (usize, usize), entry: &str, says: &str) {
    adjutant()
        .arg(command)
        .arg(save)
        .assert()
        .failure()
        .stderr(contains(format!("mill.toml:{line}:{column}: {entry}")))
        .stderr(contains(says));
}

/// The same words spaced or cased otherwise are the same command: the save loads, and the
/// log shows the words as Adjutant writes them.
#[test]
fn a_command_respaced_or_recased_is_the_same_command() {
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(folder.path(), &["hit fr-4l1 2"]);
    let text = std::fs::read_to_string(&save).unwrap();
    std::fs::write(&save, with_command(&text, 0, "  HIT   fr-4l1 2 ")).unwrap();
    adjutant()
        .arg("log")
        .arg(&save)
        .assert()
        .success()
        .stdout(contains("hit fr-4l1 2"))
        .stdout(contains("HIT").not());
}

/// An undone command's words are checked too, against the state it would be redone on.
#[test]
fn an_edited_redo_command_is_refused_at_its_line() {
    let folder = tempfile::tempdir().unwrap();
    let save = game_after(folder.path(), &["hit fr-4l1 1", "hit fr-4l1 2", "undo"]);
    let text = std::fs::read_to_string(&save).unwrap();
    let edited = with_command(&text, 1, "hit fr-4l1 5");
    std::fs::write(&save, &edited).unwrap();
    let (line, column) = command_value_at(&text, 1);
    refused_at(
        &save,
        "show",
        (line, column),
        "[[redo]] entry 1",
        "not those it gives",
    );
}

/// A Quatre-Bras game of every kind of entry: corrections, notes, orders, moves, shots and
/// tests with the players' dice and with the app's, a combat, and the phases going by.
const PLAYED: &[&str] = &[
    "hit fr-61 1",
    "note fr-61 on the hill",
    "next",
    "cmd fr-3 out",
    "move fr-3",
    "move fr-92",
    "move fr-61 charge=na-2-1",
    "form fr-108 column",
    "next",
    "shoot fr-ft br-28 7 dice=6,5,3,1",
    "shoot fr-92 nl-27j 2 dice=4,6,2",
    "shoot fr-hb bw-avg 5",
    "test br-28 roll=2",
    "test nl-27j",
    "next",
    "combat fr-61 vs na-2-1",
    "next",
    "disorder fr-61 off",
    "unhit fr-61 1",
    "note fr-61",
    "next",
    "rally br-28 threat",
    "next",
];

fn played() -> Game {
    let text = adjutant::scenario::built_in("quatre-bras").unwrap();
    let (scenario, spec) = adjutant::scenario::parse("quatre-bras", text).unwrap();
    let mut game = Game::new(scenario, spec, 1815);
    for line in PLAYED {
        if let Err(refusal) = game.perform(line) {
            panic!(
                "`{line}` refused at {} {} {}: {refusal}",
                game.state().turn(),
                game.state().active(),
                game.state().phase()
            );
        }
    }
    game
}

/// What an edit of entry `n`'s command may become: a word replaced, a number changed, words
/// appended or dropped, another entry's command, or the same words cased or spaced
/// otherwise.
#[derive(Debug, Clone)]
enum Edit {
    Replace { word: usize, with: String },
    Number { nth: usize, to: u32 },
    Append(String),
    Drop { word: usize },
    Other { entry: usize },
    Respace,
    Upper,
}

impl Edit {
    fn apply(&self, command: &str, log: &[String]) -> String {
        let words: Vec<&str> = command.split_whitespace().collect();
        let pick = |n: usize| n % words.len().max(1);
        match self {
            Edit::Replace { word, with } => {
                let mut words = words.clone();
                if !words.is_empty() {
                    words[pick(*word)] = with;
                }
                words.join(" ")
            }
            Edit::Number { nth, to } => {
                let numbers: Vec<(usize, &str)> = command
                    .match_indices(|c: char| c.is_ascii_digit())
                    .collect();
                match numbers.get(nth % numbers.len().max(1)) {
                    Some(&(at, digit)) => {
                        format!("{}{to}{}", &command[..at], &command[at + digit.len()..])
                    }
                    None => format!("{command} {to}"),
                }
            }
            Edit::Append(more) => format!("{command} {more}"),
            Edit::Drop { word } => {
                let mut words = words.clone();
                if !words.is_empty() {
                    words.remove(pick(*word));
                }
                words.join(" ")
            }
            Edit::Other { entry } => log[entry % log.len()].clone(),
            Edit::Respace => format!("  {}  ", words.join("   ")),
            Edit::Upper => command.to_uppercase(),
        }
    }
}

/// Words a hand edit might put in a command: the game's own words and ids, and others.
const WORDS: &[&str] = &[
    "hit",
    "rout",
    "unhit",
    "remove",
    "note",
    "next",
    "shoot",
    "test",
    "rally",
    "combat",
    "move",
    "form",
    "disorder",
    "shaken",
    "on",
    "off",
    "fr-61",
    "fr-3",
    "fr-92",
    "br-28",
    "na-2-1",
    "nl-27j",
    "bw-avg",
    "column",
    "line",
    "square",
    "close",
    "far",
    "dice=6,6,6",
    "roll=1",
    "roll=6",
    "charge=br-28",
    "vs",
    "rm",
    "-rf",
    "/",
    ";",
    "1",
    "2",
    "12",
    "0",
];

fn an_edit() -> impl Strategy<Value = Edit> {
    let word = proptest::sample::select(WORDS).prop_map(str::to_owned);
    prop_oneof![
        4 => (any::<usize>(), word.clone()).prop_map(|(word, with)| Edit::Replace { word, with }),
        3 => (any::<usize>(), 0u32..13).prop_map(|(nth, to)| Edit::Number { nth, to }),
        2 => word.prop_map(Edit::Append),
        1 => any::<usize>().prop_map(|word| Edit::Drop { word }),
        3 => any::<usize>().prop_map(|entry| Edit::Other { entry }),
        1 => Just(Edit::Respace),
        1 => Just(Edit::Upper),
    ]
}

/// Whether `command` as entry `n` of `game`'s log is that entry: it parses and, given on
/// the state before the entry, gives exactly the events the log records.
fn is_equivalent(game: &Game, n: usize, command: &str) -> bool {
    let log = game.log();
    let before = replay(game.scenario(), game.seed(), &log[..n]).unwrap();
    Words::parse_for(command, before.ruleset())
        .ok()
        .filter(|words| !matches!(words, Words::Undo | Words::Redo))
        .and_then(|words| check(&before, &words).ok())
        .is_some_and(|events| events == log[n].events)
}

/// Loads `text` with entry `n`'s command edited to `command`: `Some(true)` if it loads,
/// `Some(false)` if refused at that command's line and column, and a panic otherwise: an
/// edit that loads must be the same entry.
fn judge(game: &Game, text: &str, n: usize, command: &str) -> bool {
    let edited = with_command(text, n, command);
    match persist::load_text("game.toml", &edited) {
        Ok(_) => {
            assert!(
                is_equivalent(game, n, command),
                "entry {} edited to `{command}` loads but is not `{}`",
                n + 1,
                game.log()[n].command
            );
            true
        }
        Err(error) => {
            let (line, column) = command_value_at(&edited, n);
            assert_eq!(
                (error.line, error.column),
                (line, column),
                "entry {} edited to `{command}`: {error}",
                n + 1
            );
            false
        }
    }
}

proptest! {
    #![proptest_config(cases(64))]

    /// An edited command is refused at its line unless it is the same command.
    #[test]
    fn an_edited_command_loads_only_if_it_is_the_same(
        entry in any::<usize>(),
        edit in an_edit(),
    ) {
        let game = played();
        let text = persist::render(&game).unwrap();
        let log: Vec<String> = game.log().iter().map(|e| e.command.clone()).collect();
        let n = entry % log.len();
        let command = edit.apply(&log[n], &log);
        judge(&game, &text, n, &command);
    }
}

/// Every entry of the played game under a fixed set of edits, counted: each edit that
/// loads is the same command (whitespace, case, or the same events), the rest refused.
#[test]
fn every_entry_under_every_edit_is_refused_or_the_same() {
    let game = played();
    let text = persist::render(&game).unwrap();
    let log: Vec<String> = game.log().iter().map(|e| e.command.clone()).collect();
    let mut edits = vec![
        Edit::Respace,
        Edit::Upper,
        Edit::Append("now".to_owned()),
        Edit::Append("; rm -rf /".to_owned()),
        Edit::Drop { word: 1 },
        Edit::Drop { word: 2 },
        Edit::Number { nth: 0, to: 3 },
        Edit::Number { nth: 0, to: 0 },
        Edit::Replace {
            word: 0,
            with: "rm -rf / ; remove fr-61".to_owned(),
        },
        Edit::Replace {
            word: 1,
            with: "br-28".to_owned(),
        },
        Edit::Replace {
            word: 1,
            with: "fr-92".to_owned(),
        },
    ];
    edits.extend((0..log.len()).map(|entry| Edit::Other { entry }));
    let (mut loaded, mut refused) = (0, 0);
    for n in 0..log.len() {
        for edit in &edits {
            let command = edit.apply(&log[n], &log);
            if judge(&game, &text, n, &command) {
                let same = |c: &str| {
                    c.split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" ")
                        .to_lowercase()
                };
                if same(&command) != same(&log[n]) {
                    eprintln!("entry {}: `{}` loads as `{command}`", n + 1, log[n]);
                }
                loaded += 1;
            } else {
                refused += 1;
            }
        }
    }
    eprintln!("{loaded} edits loaded as the same command, {refused} refused at their line");
    assert!(refused > loaded * 4, "{loaded} loaded, {refused} refused");
}
