//! `adjutant scenario new` (issue 41, item 1): a scenario to fill in for each ruleset,
//! valid as written and with every example key it offers, its comments naming the words
//! the ruleset takes.

use adjutant::rules::Ruleset;
use adjutant::scenario::parse;
use adjutant::scenario::template::{template, word_of};
use assert_cmd::Command;

fn adjutant() -> Command {
    Command::cargo_bin("adjutant").unwrap()
}

/// The template with every commented key (`# key = value`) and table (`# [table]`)
/// taken in.
fn every_key_taken(text: &str) -> String {
    text.lines()
        .map(|line| match line.strip_prefix("# ") {
            Some(table) if table.starts_with('[') && table.ends_with(']') => table.to_owned(),
            Some(key)
                if key.split_once(" = ").is_some_and(|(k, _)| {
                    !k.is_empty() && k.chars().all(|c| c.is_ascii_lowercase() || c == '_')
                }) =>
            {
                key.to_owned()
            }
            _ => line.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn each_rulesets_scenario_reads_as_written_and_with_every_example_key() {
    for ruleset in Ruleset::ALL {
        let text = template(ruleset);
        let (scenario, _) = parse("new.toml", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(scenario.ruleset, ruleset);
        assert_eq!(scenario.sides.len(), 2);
        let full = every_key_taken(&text);
        assert_ne!(full, text, "{}: some key is offered", ruleset.id());
        if let Err(errors) = parse("full.toml", &full) {
            panic!("{}: with every key:\n{errors}\n{full}", ruleset.id());
        }
    }
}

#[test]
fn the_comments_name_the_rulesets_words() {
    for ruleset in Ruleset::ALL {
        let text = template(ruleset);
        let comments: String = text
            .lines()
            .filter(|l| l.starts_with('#'))
            .collect::<Vec<_>>()
            .join(" ");
        for rule in ruleset.optional_rules() {
            let word = word_of(rule);
            assert!(
                comments.contains(&word),
                "{}: optional rule {word}",
                ruleset.id()
            );
        }
        for formation in ruleset.formations() {
            let word = word_of(formation);
            assert!(
                comments.contains(&word),
                "{}: formation {word}",
                ruleset.id()
            );
        }
        assert_eq!(
            comments.contains("A, B, C or D"),
            ruleset.has_grades(),
            "{}",
            ruleset.id()
        );
        assert!(comments.contains(ruleset.title()), "{}", ruleset.id());
        assert!(
            text.lines().all(|l| l.chars().count() <= 88),
            "{}: a line too wide",
            ruleset.id()
        );
    }
}

#[test]
fn new_writes_a_file_that_check_passes_and_a_game_starts_from() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("my-battle.toml");
    adjutant()
        .args(["scenario", "new", "--ruleset", "charge-moves", "-o"])
        .arg(&path)
        .assert()
        .success()
        .stdout(predicates::str::contains("my-battle.toml"));
    let check = adjutant().arg("check").arg(&path).output().unwrap();
    assert!(check.status.success());
    let said = String::from_utf8(check.stdout).unwrap();
    assert!(said.contains("a good scenario, \"A new battle\""), "{said}");
    adjutant()
        .arg("new")
        .arg(&path)
        .arg("-o")
        .arg(dir.path().join("game.toml"))
        .assert()
        .success();

    // Never over a file that exists: the referee's scenario is theirs.
    let before = std::fs::read(&path).unwrap();
    let again = adjutant()
        .args(["scenario", "new", "-o"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(!again.status.success());
    let err = String::from_utf8(again.stderr).unwrap();
    assert!(err.contains("already exists"), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

#[test]
fn without_a_file_it_prints_and_a_wrong_ruleset_is_named() {
    let printed = adjutant().args(["scenario", "new"]).output().unwrap();
    assert!(printed.status.success());
    let text = String::from_utf8(printed.stdout).unwrap();
    assert_eq!(text, template(Ruleset::SoundTheCharge));
    let wrong = adjutant()
        .args(["scenario", "new", "--ruleset", "sound-the-charg"])
        .output()
        .unwrap();
    assert!(!wrong.status.success());
    let err = String::from_utf8(wrong.stderr).unwrap();
    assert!(
        err.contains("no ruleset 'sound-the-charg'") && err.contains("old-trousers-ii"),
        "{err}"
    );
}
