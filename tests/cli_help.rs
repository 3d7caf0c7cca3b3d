//! `--help` gives every subcommand an example that really parses, and the completion
//! scripts know every subcommand.

mod common;

use adjutant::cli::Cli;
use clap::{CommandFactory, Parser};
use common::cli::adjutant;

/// The example lines of a subcommand's help: those after an "Example" heading that start
/// with `adjutant `, less a trailing `(comment)` or `> redirect`.
fn examples(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|line| !line.starts_with("Example"))
        .map(str::trim)
        .filter(|line| line.starts_with("adjutant "))
        .map(|line| {
            let line = line.split(" > ").next().unwrap_or(line);
            let line = line.split("  (").next().unwrap_or(line);
            line.trim().to_owned()
        })
        .collect()
}

#[test]
fn every_subcommand_has_an_example_that_parses() {
    let mut command = Cli::command();
    command.build();
    // Each subcommand by its words (`scenario new` too), with its help.
    let mut helps: Vec<(String, String)> = Vec::new();
    for sub in command
        .get_subcommands_mut()
        .filter(|s| s.get_name() != "help")
    {
        let name = sub.get_name().to_owned();
        helps.push((name.clone(), sub.render_long_help().to_string()));
        for inner in sub.get_subcommands_mut().filter(|s| s.get_name() != "help") {
            let words = format!("{name} {}", inner.get_name());
            helps.push((words, inner.render_long_help().to_string()));
        }
    }
    assert!(helps.len() >= 11, "{helps:?}");
    assert!(
        helps.iter().any(|(name, _)| name == "scenario new"),
        "nested ones too"
    );
    for (name, help) in helps {
        let found = examples(&help);
        assert!(
            !found.is_empty(),
            "`adjutant {name} --help` has no example:\n{help}"
        );
        for example in found {
            assert!(
                example.starts_with(&format!("adjutant {name}")),
                "`{name}`'s example is another command's: {example}"
            );
            let words: Vec<&str> = example.split_whitespace().collect();
            if let Err(e) = Cli::try_parse_from(&words) {
                panic!("`{example}` from `adjutant {name} --help` does not parse: {e}");
            }
        }
    }
}

#[test]
fn the_help_example_is_printed_by_the_binary() {
    adjutant()
        .args(["need", "--help"])
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "adjutant need fr-2lg rally threat --save game.toml",
        ));
}

#[test]
fn completion_scripts_know_every_subcommand() {
    let command = Cli::command();
    let names: Vec<&str> = command
        .get_subcommands()
        .map(clap::Command::get_name)
        .collect();
    for shell in ["bash", "zsh", "fish"] {
        let output = adjutant().args(["completions", shell]).output().unwrap();
        assert!(output.status.success(), "{shell}: {output:?}");
        let script = String::from_utf8(output.stdout).unwrap();
        for name in &names {
            assert!(script.contains(name), "the {shell} script lacks `{name}`");
        }
    }
    adjutant()
        .args(["completions", "tcsh"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("possible values"));
}

#[test]
fn the_bash_script_is_valid_bash() {
    let output = adjutant().args(["completions", "bash"]).output().unwrap();
    let folder = tempfile::TempDir::new().unwrap();
    let script = folder.path().join("adjutant.bash");
    std::fs::write(&script, output.stdout).unwrap();
    let checked = std::process::Command::new("bash")
        .arg("-n")
        .arg(&script)
        .output()
        .expect("bash runs");
    assert!(
        checked.status.success(),
        "{}",
        String::from_utf8_lossy(&checked.stderr)
    );
}
