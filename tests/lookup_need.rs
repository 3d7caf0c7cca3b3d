//! `adjutant lookup` and `adjutant need` as a referee types them in a shell: every chart
//! found by its own title, the topics, and each throw a unit may be asked about, with the
//! score worked out from *Sound the Charge*'s charts.

mod common;

use adjutant::reference::CHARTS;
use common::cli::{act, adjutant, new_save};
use predicates::str::contains;
use std::path::{Path, PathBuf};
use tempfile::TempDir;

/// A new game of the demo, turn 1, the French rally phase.
fn quatre_bras(folder: &TempDir) -> PathBuf {
    new_save(folder.path(), "game.toml", "quatre-bras", 3)
}

fn stdout_of(args: &[&str]) -> String {
    let output = adjutant().args(args).output().unwrap();
    assert!(
        output.status.success(),
        "`adjutant {}` failed: {}",
        args.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

fn need(save: &Path, words: &str) -> String {
    let mut args: Vec<&str> = vec!["need"];
    args.extend(words.split_whitespace());
    let save = save.to_str().unwrap();
    args.extend(["--save", save]);
    stdout_of(&args)
}

#[test]
fn every_chart_is_found_by_its_title_and_printed_whole_in_plain_text() {
    for chart in CHARTS {
        let printed = stdout_of(&["lookup", chart.title]);
        let mut whole = format!("{}\n{}\n", chart.title, "-".repeat(chart.title.len()));
        for line in chart.text() {
            whole.push_str("  ");
            whole.push_str(&line);
            whole.push('\n');
        }
        assert!(
            printed.contains(&whole),
            "`lookup {}` does not print the chart whole:\n{printed}",
            chart.title
        );
        assert!(!printed.contains('\x1b'), "a pipe gets no escape codes");
    }
}

#[test]
fn lookup_alone_lists_every_topic_and_chart() {
    let printed = stdout_of(&["lookup"]);
    for topic in [
        "sequence",
        "movement",
        "shooting",
        "morale",
        "rally",
        "combat",
        "generals",
        "army morale",
        "optional",
        "national",
    ] {
        assert!(
            printed.lines().any(|l| l == topic),
            "topic {topic} missing:\n{printed}"
        );
    }
    for chart in CHARTS {
        assert!(
            printed.contains(&format!("  {}\n", chart.title)),
            "{} missing",
            chart.title
        );
    }
}

#[test]
fn lookup_prints_the_charts_about_the_words_and_names_those_that_mention_them() {
    // *Rally from Shaken Status Test*: grade C rallies on 2-6.
    let printed = stdout_of(&["lookup", "rally"]);
    assert!(printed.starts_with("Rally from shaken\n"), "{printed}");
    assert!(
        printed.contains("A 0-6   B 1-6   C 2-6   D 3-6"),
        "{printed}"
    );
    let mentioned = printed
        .lines()
        .find(|l| l.starts_with("Also mentioned in: "))
        .expect("the turn sequence mentions rallying");
    assert!(mentioned.contains("Turn sequence"), "{mentioned}");
    assert!(
        !printed.contains("\nTurn sequence\n"),
        "only mentioned: not printed whole"
    );

    // *Shooting*: heavy guns reach 8" close and 24" far.
    let printed = stdout_of(&["lookup", "shooting", "heavy", "guns"]);
    assert!(
        printed.starts_with("Shooting ranges and scores\n"),
        "{printed}"
    );
    assert!(printed.contains("Heavy guns      8     24"), "{printed}");
}

#[test]
fn lookup_refuses_what_it_cannot_find_or_read() {
    adjutant()
        .args(["lookup", "zeppelin"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(contains(
            "no chart of Sound the Charge holds every word of 'zeppelin'",
        ));
    adjutant()
        .args(["lookup", "--ruleset", "warhammer", "rally"])
        .assert()
        .code(1)
        .stderr(contains(
            "no ruleset 'warhammer' (rulesets: sound-the-charge, ",
        ));
    let folder = TempDir::new().unwrap();
    let broken = quatre_bras(&folder);
    let text = std::fs::read_to_string(&broken).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[1] = "this = = nonsense";
    std::fs::write(&broken, lines.join("\n")).unwrap();
    adjutant()
        .args(["lookup", "rally", "--save"])
        .arg(&broken)
        .assert()
        .code(1)
        .stderr(contains("game.toml:2:8: "));
}

#[test]
fn lookup_takes_the_ruleset_of_a_save_or_by_name() {
    let folder = TempDir::new().unwrap();
    let save = quatre_bras(&folder);
    let by_save = stdout_of(&["lookup", "combat", "--save", save.to_str().unwrap()]);
    let by_name = stdout_of(&["lookup", "combat", "--ruleset", "sound-the-charge"]);
    assert_eq!(by_save, by_name);
    assert!(by_save.starts_with("Combat points\n"), "{by_save}");
}

#[test]
fn need_rally_supposes_the_unit_shaken_and_counts_the_threat() {
    // *Rally from Shaken Status Test*: grade C passes on 2-6; a visible enemy able to
    // charge it is -3, so 5+. fr-2lg is in good morale in the rally phase: the answer
    // says it could not rally now and what it supposed.
    let folder = TempDir::new().unwrap();
    let save = quatre_bras(&folder);
    let before = std::fs::read(&save).unwrap();
    let printed = need(&save, "fr-2lg rally threat");
    assert_eq!(
        printed,
        "`rally fr-2lg threat`\n\
         Not now: fr-2lg is not shaken: there is nothing to rally from\n\
         Supposing fr-2lg shaken:\n\
         fr-2lg: 1 die, 5+\n  \
         2+ on the chart (grade C)\n  \
         -3 visible enemy able to charge it\n"
    );
    // Without the threat, the chart's 2+ stands.
    assert!(need(&save, "fr-2lg rally").contains("fr-2lg: 1 die, 2+\n"));
    assert_eq!(
        std::fs::read(&save).unwrap(),
        before,
        "asking writes nothing"
    );
}

#[test]
fn need_rally_as_it_stands_supposes_nothing() {
    // A shaken C unit in its own rally phase: 2+ on the chart, nothing supposed.
    let folder = TempDir::new().unwrap();
    let save = quatre_bras(&folder);
    act(&save, "shaken fr-2lg");
    let printed = need(&save, "fr-2lg rally");
    assert_eq!(
        printed,
        "`rally fr-2lg`\nfr-2lg: 1 die, 2+\n  2+ on the chart (grade C)\n"
    );
    // Out of command with no general attached: -1, and the threat -3: 2+3+1, 6+.
    act(&save, "cmd fr-2lg out");
    let printed = need(&save, "fr-2lg rally threat");
    assert!(printed.contains("fr-2lg: 1 die, 6+\n"), "{printed}");
    assert!(
        printed.ends_with("  -1 no general in command radius\n"),
        "{printed}"
    );
    // A general attached: +1, and the -1 for command goes: 2+3-1, 4+.
    act(&save, "attach ney fr-2lg");
    let printed = need(&save, "fr-2lg rally threat");
    assert!(printed.contains("fr-2lg: 1 die, 4+\n"), "{printed}");
    assert!(printed.ends_with("  +1 general attached\n"), "{printed}");
}

#[test]
fn need_test_counts_the_hits_asked_about() {
    // *Morale Test if Hit by Shooting*: grade C passes on 2-6, -1 per shooting hit this
    // turn: 3 hits make it 5+.
    let folder = TempDir::new().unwrap();
    let save = quatre_bras(&folder);
    let printed = need(&save, "fr-2lg test hits=3");
    assert!(
        printed.contains("Not now: fr-2lg owes no morale test"),
        "{printed}"
    );
    assert!(
        printed.contains(
            "Supposing the shooting phase, allies active, fr-2lg owing a test for 3 hits \
             by shooting this turn:\n"
        ),
        "{printed}"
    );
    assert!(
        printed.ends_with(
            "fr-2lg: 1 die, 5+\n  2+ on the chart (grade C)\n  -3 3 shooting hits this turn\n"
        ),
        "{printed}"
    );
    // With no hits given, one hit: 3+.
    assert!(need(&save, "fr-2lg test").contains("fr-2lg: 1 die, 3+\n"));
}

#[test]
fn need_test_answers_the_test_a_unit_owes_as_it_stands() {
    // The French shoot in their shooting phase: fr-ft's 4 guns at 20" hit br-28 twice.
    // br-28 (grade B: passes on any roll, 1-6) then owes a test at -2: 3+. Asked with no hits=, nothing is
    // supposed.
    let folder = TempDir::new().unwrap();
    let save = quatre_bras(&folder);
    act(&save, "next");
    act(&save, "next");
    act(&save, "shoot fr-ft br-28 far dice=6,5,1,2");
    let printed = need(&save, "br-28 test");
    assert_eq!(
        printed,
        "`test br-28`\nbr-28: 1 die, 3+\n  any roll on the chart (grade B)\n  \
         -2 2 shooting hits this turn\n"
    );
}

#[test]
fn need_shoot_counts_the_dice_and_the_range() {
    // *Shooting*: 12 figures in line fire a die per 4, 3 dice; close range hits on 3-6.
    // Field guns: a die per gun with two gunners (4 guns), far range 5-6.
    let folder = TempDir::new().unwrap();
    let save = quatre_bras(&folder);
    let printed = need(&save, "fr-2lg shoot nl-27j close");
    assert!(
        printed.contains("Supposing the shooting phase:\n"),
        "{printed}"
    );
    assert!(
        printed.contains("fr-2lg: 3 dice at nl-27j, 3+\n"),
        "{printed}"
    );
    let guns = need(&save, "fr-ft shoot br-28 far");
    assert!(guns.contains("fr-ft: 4 dice at br-28, 5+\n"), "{guns}");
    assert!(
        guns.contains("4 guns, 8 gunners: a die per gun with two gunners"),
        "{guns}"
    );
}

#[test]
fn need_shoot_after_firing_supposes_the_unit_has_not_fired() {
    let folder = TempDir::new().unwrap();
    let save = quatre_bras(&folder);
    act(&save, "next");
    act(&save, "next");
    act(&save, "shoot fr-ft br-28 far dice=1,1,1,1");
    let printed = need(&save, "fr-ft shoot br-28 far");
    assert!(printed.contains("Not now: "), "{printed}");
    assert!(
        printed.contains("Supposing fr-ft not yet fired this turn:\n"),
        "{printed}"
    );
    assert!(
        printed.contains("fr-ft: 4 dice at br-28, 5+\n"),
        "{printed}"
    );
}

#[test]
fn need_alone_lists_what_the_unit_may_be_asked_to_roll() {
    let folder = TempDir::new().unwrap();
    let save = quatre_bras(&folder);
    let printed = need(&save, "fr-2lg");
    assert!(printed.starts_with("fr-2lg (1/2e Léger) as it stands:\n"));
    assert!(printed.contains("Morale test, if hit by shooting (1 hit): 3+"));
    assert!(printed.contains("Fire (musketry): 3 dice at most"));
}

#[test]
fn need_refuses_what_no_supposition_can_lift() {
    let folder = TempDir::new().unwrap();
    let save = quatre_bras(&folder);
    let save_arg = save.to_str().unwrap();
    adjutant()
        .args(["need", "zz-9", "rally", "--save", save_arg])
        .assert()
        .code(1)
        .stderr(contains("no unit 'zz-9'"));
    adjutant()
        .args(["need", "fr-2lg", "jump", "--save", save_arg])
        .assert()
        .code(2)
        .stderr(contains("possible values: rally, test, shoot"));
    adjutant()
        .args(["need", "fr-2lg", "test", "hits=0", "--save", save_arg])
        .assert()
        .code(1)
        .stderr(contains("hits= takes a whole number of hits, 1 or more"));
    // A shaken unit may not fire at all: no supposition lifts that.
    act(&save, "shaken fr-2lg");
    adjutant()
        .args([
            "need", "fr-2lg", "shoot", "nl-27j", "close", "--save", save_arg,
        ])
        .assert()
        .code(1)
        .stderr(contains("shaken"));
}

#[test]
fn need_reads_a_save_another_process_holds_and_defaults_to_the_latest() {
    let folder = TempDir::new().unwrap();
    let save = quatre_bras(&folder);
    let _held = adjutant::persist::SaveLock::acquire(&save).expect("lock");
    let output = adjutant()
        .args(["need", "fr-2lg", "rally"])
        .env("ADJUTANT_SAVES", folder.path())
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("asking the most recent save") && stderr.contains("game.toml"),
        "{stderr}"
    );
    let empty = TempDir::new().unwrap();
    adjutant()
        .args(["need", "fr-2lg", "rally"])
        .env("ADJUTANT_SAVES", empty.path())
        .assert()
        .code(1)
        .stderr(contains("no save to ask: give one with --save <file>"));
}

#[test]
fn the_readme_examples_are_what_the_app_prints() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let section = readme
        .split("### One-line answers")
        .nth(1)
        .expect("the README has the section");
    let shown: Vec<&str> = section
        .lines()
        .skip(1)
        .skip_while(|l| l.is_empty())
        .take_while(|l| l.starts_with("    "))
        .map(|l| &l[4..])
        .collect();
    let folder = TempDir::new().unwrap();
    quatre_bras(&folder);
    let mut runs = 0;
    for (n, line) in shown.iter().enumerate() {
        let Some(command) = line.strip_prefix("$ adjutant ") else {
            continue;
        };
        let expected: Vec<&str> = shown[n + 1..]
            .iter()
            .take_while(|l| !l.starts_with("$ "))
            .copied()
            .collect();
        let output = adjutant()
            .current_dir(folder.path())
            .args(command.split_whitespace())
            .output()
            .unwrap();
        let printed = String::from_utf8(output.stdout).unwrap();
        assert_eq!(printed.lines().collect::<Vec<_>>(), expected, "`{command}`");
        runs += 1;
    }
    assert_eq!(runs, 2, "the README shows a lookup and a need");
}
