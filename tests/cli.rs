//! A short game played through the CLI as a referee would: `new`, `do`, `show --json`,
//! `log`; every refusal leaves the save byte-identical.

mod common;

use common::cli::{act, adjutant, json_unit as unit, new_save, refused_by_cli, show_json as show};
use predicates::prelude::PredicateBooleanExt;
use predicates::str::contains;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// `adjutant <verb> <save> <words…>`, to assert on.
fn on_save(verb: &str, save: &Path, words: &str) -> assert_cmd::assert::Assert {
    adjutant()
        .arg(verb)
        .arg(save)
        .args(words.split_whitespace())
        .assert()
}

fn new_game(folder: &Path) -> PathBuf {
    let save = folder.join("mill.toml");
    adjutant()
        .args(["new", "tutorial", "--seed", "7", "-o"])
        .arg(&save)
        .assert()
        .success()
        .stdout(contains("mill.toml"));
    save
}

#[test]
fn a_short_game_through_the_cli() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_game(folder.path());

    let state = show(&save);
    assert_eq!(state["turn"], 1);
    assert_eq!(state["active"], "france");
    assert_eq!(state["phase"], "rally");
    assert_eq!(state["sides"][0]["id"], "france");
    assert_eq!(state["sides"][0]["broken"], false);
    assert_eq!(unit(&state, "fr-4l1")["figures"], 12);

    // Loss and rout hits each remove a figure and are counted apart.
    assert!(act(&save, "hit fr-4l1 3").contains("takes 3 loss hits: 9 figures left"));
    assert!(act(&save, "rout fr-4l1 2").contains("takes 2 rout hits: 7 figures left"));
    act(&save, "shaken fr-4l1");
    act(&save, "disorder fr-4l1 on");
    act(&save, "form fr-4l1 square");
    act(&save, "cmd br-31 out");
    act(&save, "attach godinot fr-4l1");
    act(&save, "note br-95r in the orchard");

    let state = show(&save);
    let fr = unit(&state, "fr-4l1");
    assert_eq!(fr["figures"], 7);
    assert_eq!(fr["start"], 12);
    assert_eq!(fr["loss_hits"], 3);
    assert_eq!(fr["rout_hits"], 2);
    assert_eq!(fr["morale"], "shaken");
    assert_eq!(fr["disordered"], true);
    assert_eq!(fr["formation"], "square");
    assert_eq!(fr["status"], "in-play");
    assert_eq!(unit(&state, "br-31")["command"], "out");
    assert_eq!(unit(&state, "br-95r")["note"], "in the orchard");
    assert_eq!(state["generals"][0]["attached"], "fr-4l1");

    // Through the French turn to the British turn 2.
    for phase in ["movement", "shooting", "combat", "reform"] {
        assert!(act(&save, "next").contains(&format!("{phase} phase")));
    }
    assert!(act(&save, "next").contains("Turn 2, British: rally phase"));
    let state = show(&save);
    assert_eq!(
        (state["turn"].clone(), state["active"].clone()),
        (2.into(), "britain".into())
    );

    // 12 figures less 9 hits is 3, a quarter: shattered, gone at the end of the phase.
    assert!(act(&save, "hit br-31 9").contains("SHATTERED"));
    let state = show(&save);
    assert_eq!(unit(&state, "br-31")["status"], "shattered");
    assert_eq!(unit(&state, "br-31")["on_table"], true);
    assert!(act(&save, "next").contains("br-31 (2/31st Foot) leaves the table"));
    let state = show(&save);
    assert_eq!(unit(&state, "br-31")["on_table"], false);
    assert_eq!(unit(&state, "br-31")["figures"], 3);
    assert_eq!(state["phase"], "movement");

    // Undo takes back the phase change and the unit is on the table again; redo restores.
    assert!(act(&save, "undo").contains("undone: next"));
    assert_eq!(unit(&show(&save), "br-31")["on_table"], true);
    act(&save, "redo");
    assert_eq!(unit(&show(&save), "br-31")["on_table"], false);

    let log: Value = serde_json::from_slice(
        &adjutant()
            .arg("log")
            .arg(&save)
            .arg("--json")
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let log = log.as_array().unwrap();
    assert_eq!(log.len(), 15);
    assert_eq!(log[0]["command"], "hit fr-4l1 3");
    assert_eq!(
        (log[0]["turn"].clone(), log[0]["phase"].clone()),
        (1.into(), "rally".into())
    );
    assert_eq!(log[13]["command"], "hit br-31 9");
    assert_eq!(log[13]["turn"], 2);
    assert_eq!(log[13]["active"], "britain");
    assert_eq!(log[14]["events"][0]["event"], "left_table");

    on_save("log", &save, "")
        .success()
        .stdout(contains("15. turn 2 britain rally: next"));
    on_save("show", &save, "")
        .success()
        .stdout(contains("turn 2 of 8 · British active · movement phase"))
        .stdout(contains("SHATTERED (off table)"));
}

/// Each bad command: its message, a failing exit, and not one byte of the save changed.
#[test]
fn refusals_say_why_and_change_nothing() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_game(folder.path());
    act(&save, "hit br-31 9");
    act(&save, "next");
    let before = std::fs::read(&save).unwrap();
    let cases = [
        ("hit fr-9", "no unit 'fr-9'"),
        ("hit fr-4l 2", "no unit 'fr-4l': did you mean 'fr-4l1'?"),
        ("hit fr-4l1 0", "positive whole number, not '0'"),
        ("hit fr-4l1 -2", "positive whole number, not '-2'"),
        ("hit fr-4l1 lots", "positive whole number, not 'lots'"),
        ("hit", "usage: hit <unit> [n]"),
        ("blast fr-4l1", "unknown command 'blast'"),
        // Another ruleset's word (the d10 sheet's) is named as such.
        ("fire fr-4l1", "`fire` is not a Sound the Charge command"),
        (
            "shot fr-4l1 br-92",
            "unknown command 'shot': did you mean 'shoot'?",
        ),
        ("hti fr-4l1", "unknown command 'hti': did you mean 'hit'?"),
        ("form fr-4l1 wedge", "unknown formation 'wedge'"),
        (
            "form br-14ld square",
            "br-14ld is light cav: it cannot form square",
        ),
        (
            "form fr-4l1 skirmish",
            "fr-4l1 is line inf: it cannot form skirmish",
        ),
        ("form fr-art line", "cannot form line"),
        ("form fr-4l1 column", "fr-4l1 is already in column"),
        ("shaken fr-4l1 off", "fr-4l1 is already in good morale"),
        ("shaken fr-4l1 perhaps", "'perhaps' is not on or off"),
        ("cmd fr-4l1 maybe", "'maybe' is not in or out"),
        ("attach ney fr-4l1", "no general 'ney'"),
        (
            "attach godinot br-95r",
            "Godinot (france) cannot ride with br-95r of britain",
        ),
        ("detach craufurd", "Craufurd is not attached to a unit"),
        ("hit br-31", "br-31 has left the table (shattered)"),
        ("remove br-31", "br-31 has left the table (shattered)"),
        ("redo", "nothing to redo"),
        ("next please", "`next` takes no arguments"),
    ];
    for (line, message) in cases {
        on_save("do", &save, line)
            .failure()
            .stderr(contains("adjutant: refused: "))
            .stderr(contains(message));
        assert_eq!(
            std::fs::read(&save).unwrap(),
            before,
            "`{line}` changed the save"
        );
    }
}

#[test]
fn undo_on_a_new_game_has_nothing_to_undo() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_game(folder.path());
    let before = std::fs::read(&save).unwrap();
    on_save("do", &save, "undo")
        .failure()
        .stderr(contains("refused: nothing to undo"));
    assert_eq!(std::fs::read(&save).unwrap(), before);
}

#[test]
fn new_never_overwrites_a_save() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_game(folder.path());
    act(&save, "hit fr-4l1");
    let before = std::fs::read(&save).unwrap();
    adjutant()
        .args(["new", "tutorial", "-o"])
        .arg(&save)
        .assert()
        .failure()
        .stderr(contains("already exists"));
    assert_eq!(std::fs::read(&save).unwrap(), before);
}

#[test]
fn new_without_output_writes_into_the_saves_folder() {
    let folder = tempfile::tempdir().unwrap();
    for expected in ["tutorial-1.toml", "tutorial-2.toml"] {
        adjutant()
            .env("ADJUTANT_SAVES", folder.path())
            .args(["new", "tutorial"])
            .assert()
            .success()
            .stdout(contains(expected));
        assert!(folder.path().join(expected).exists());
    }
}

#[test]
fn a_seed_too_large_for_toml_is_refused() {
    let folder = tempfile::tempdir().unwrap();
    let save = folder.path().join("g.toml");
    adjutant()
        .args(["new", "tutorial", "--seed", "18446744073709551615", "-o"])
        .arg(&save)
        .assert()
        .failure()
        .stderr(contains("too large"));
    assert!(!save.exists());
}

#[test]
fn unknown_scenario_names_the_built_in_ones() {
    adjutant()
        .args(["new", "austerlitz"])
        .assert()
        .failure()
        .stderr(contains("built-in: tutorial, quatre-bras, waterloo"));
}

#[test]
fn a_second_writer_is_refused_with_the_holders_pid() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_game(folder.path());
    let before = std::fs::read(&save).unwrap();
    // This test process holds the lock, as a running TUI would.
    let lock =
        adjutant::persist::SaveLock::acquire(&adjutant::persist::resolve_save_path(&save)).unwrap();
    on_save("do", &save, "hit fr-4l1")
        .failure()
        .stderr(contains(format!(
            "in use by another Adjutant (pid {})",
            std::process::id()
        )));
    assert_eq!(std::fs::read(&save).unwrap(), before);
    drop(lock);
    act(&save, "hit fr-4l1");
}

/// What `kill -9` leaves: a lock file naming a dead process, and half a temp file.
#[test]
fn a_killed_writers_leftovers_do_not_block_the_next_command() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_game(folder.path());
    std::fs::write(adjutant::persist::lock_path(&save), "4194999\n").unwrap();
    let temp = folder.path().join(".mill.toml.4194999.tmp");
    std::fs::write(&temp, "[save]\nformat = 1\n").unwrap();
    act(&save, "hit fr-4l1");
    assert!(!temp.exists());
    assert_eq!(unit(&show(&save), "fr-4l1")["figures"], 11);
}

#[test]
fn a_truncated_save_is_refused_and_left_untouched() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_game(folder.path());
    act(&save, "hit fr-4l1 2");
    act(&save, "next");
    let full = std::fs::read_to_string(&save).unwrap();
    // Cut at a line boundary inside the log: still valid TOML, but incomplete.
    let log_at = full.find("\n[[log]]\n").unwrap();
    let cut = log_at + full[log_at + 1..].find("\n\n").unwrap();
    for truncated in [
        &full[..cut],
        &full[..full.len() / 2],
        &full[..full.len() - 10],
    ] {
        std::fs::write(&save, truncated).unwrap();
        for args in [vec!["show"], vec!["log"], vec!["check"]] {
            adjutant()
                .args(&args)
                .arg(&save)
                .assert()
                .failure()
                .stderr(contains("cut short"));
        }
        on_save("do", &save, "next")
            .failure()
            .stderr(contains("cut short"));
        assert_eq!(std::fs::read_to_string(&save).unwrap(), truncated);
    }
}

#[test]
fn a_save_from_a_newer_adjutant_is_refused() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_game(folder.path());
    let text = std::fs::read_to_string(&save)
        .unwrap()
        .replace("format = 1", "format = 99");
    std::fs::write(&save, &text).unwrap();
    on_save("do", &save, "next")
        .failure()
        .stderr(contains("save format 99 by a newer Adjutant"));
    assert_eq!(std::fs::read_to_string(&save).unwrap(), text);
}

#[test]
fn a_broken_save_gets_its_line() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_game(folder.path());
    act(&save, "hit fr-4l1 2");
    let text = std::fs::read_to_string(&save).unwrap();
    let line = text
        .lines()
        .position(|l| l.starts_with("command = "))
        .unwrap()
        + 1;
    let broken = text.replacen("command = \"hit", "command = hit", 1);
    std::fs::write(&save, &broken).unwrap();
    on_save("show", &save, "")
        .failure()
        .stderr(contains(format!("mill.toml:{line}:")));
    assert_eq!(std::fs::read_to_string(&save).unwrap(), broken);
}

#[test]
fn a_hand_edited_state_is_noted_and_rebuilt_from_the_log() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_game(folder.path());
    act(&save, "hit fr-4l1 2");
    let text = std::fs::read_to_string(&save).unwrap();
    std::fs::write(&save, text.replacen("figures = 10", "figures = 11", 1)).unwrap();
    on_save("show", &save, "--json")
        .success()
        .stderr(contains("does not match the log"))
        .stdout(contains("\"figures\":10"));
}

#[test]
fn a_log_entry_that_no_longer_fits_is_refused_with_its_line() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_game(folder.path());
    act(&save, "hit fr-4l1 2");
    let text = std::fs::read_to_string(&save).unwrap();
    let broken = text.replacen("unit = \"fr-4l1\"\nkind", "unit = \"fr-99\"\nkind", 1);
    assert_ne!(broken, text);
    std::fs::write(&save, &broken).unwrap();
    let line = broken.lines().position(|l| l == "[[log]]").unwrap() + 1;
    on_save("show", &save, "")
        .failure()
        .stderr(contains(format!(
            ":{line}: [[log]] entry 1: `hit fr-4l1 2`"
        )))
        .stderr(contains("no unit 'fr-99'"));
}

#[test]
fn bare_adjutant_shows_the_demo_and_how_to_start() {
    adjutant()
        .assert()
        .success()
        .stdout(contains("Quatre-Bras"))
        .stdout(contains("adjutant new quatre-bras -o game.toml"));
}

#[test]
fn check_accepts_a_save() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_game(folder.path());
    act(&save, "next");
    on_save("check", &save, "").success().stdout(contains(
        "a good save of \"Skirmish at the Mill\": 1 commands",
    ));
}

#[test]
fn a_log_entry_with_more_hits_than_figures_is_refused() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_game(folder.path());
    act(&save, "hit fr-4l1 2");
    let text = std::fs::read_to_string(&save).unwrap();
    let broken = text.replacen("count = 2", "count = 4294967295", 1);
    assert_ne!(broken, text);
    std::fs::write(&save, &broken).unwrap();
    on_save("show", &save, "").failure().stderr(contains(
        "4294967295 hits on fr-4l1, which has 12 figures left",
    ));
    assert_eq!(std::fs::read_to_string(&save).unwrap(), broken);
}

#[test]
fn a_shot_and_its_test_print_every_reason_and_bad_dice_change_nothing() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_game(folder.path());
    act(&save, "next");
    act(&save, "next");
    // *Shooting Table*: close range 3+; skirmishing target -2 → 5+.
    let shot = act(&save, "shoot fr-4l2 br-95r close dice=6");
    for line in [
        "fr-4l2 shoots at br-95r",
        "1 die: 4 figures in front",
        "3+ on the chart (close range)",
        "-2 target is skirmishing",
        "needs 5+",
        "players' dice: 6",
        "→ 1 hit on br-95r",
        "br-95r (1/95th Rifles) must test morale (1 shooting hit this turn)",
    ] {
        assert!(shot.contains(line), "missing {line:?} in:\n{shot}");
    }
    let state = show(&save);
    assert_eq!(unit(&state, "br-95r")["figures"], 11);
    assert_eq!(unit(&state, "br-95r")["owes_test"], true);

    let before = std::fs::read(&save).unwrap();
    for (line, why) in [
        ("shoot br-14ld fr-4l1 close", "only the active side"),
        (
            "shoot fr-4l1 br-31 close dice=6,6",
            "rolls 1 die, but 2 were typed",
        ),
        ("shoot fr-4l1 br-31 close dice=7", "'7' is not a die"),
        ("shoot fr-art br-31 close", "limbered"),
        ("shoot fr-4l1 br-31 5", "out of range: musketry reach 4"),
        ("test br-31", "owes no morale test"),
        ("rally br-95r", "belongs to the rally phase"),
    ] {
        on_save("do", &save, line).failure().stderr(contains(why));
        assert_eq!(
            std::fs::read(&save).unwrap(),
            before,
            "`{line}` changed the save"
        );
    }

    // Grade B: 1+ on the chart, -1 for the hit → 2+: a roll of 2 passes.
    let test = act(&save, "test br-95r roll=2");
    assert!(test.contains("-1 1 shooting hit this turn"), "{test}");
    assert!(test.contains("→ passed"), "{test}");
    assert_eq!(unit(&show(&save), "br-95r")["owes_test"], Value::Null);
}

/// The README's dice example is what the app prints, line for line.
#[test]
fn the_readme_dice_example_is_true() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let start = readme
        .find("    $ adjutant new tutorial -o guns.toml --seed 4")
        .unwrap();
    let example: Vec<&str> = readme[start..]
        .lines()
        .take_while(|l| l.starts_with("    "))
        .map(|l| l.trim_start_matches("    "))
        .collect();
    let folder = tempfile::tempdir().unwrap();
    let mut printed = Vec::new();
    for line in &example {
        if let Some(words) = line.strip_prefix("$ adjutant ") {
            let output = adjutant()
                .current_dir(folder.path())
                .args(words.split_whitespace())
                .output()
                .unwrap();
            assert!(output.status.success(), "{line}");
            printed.extend(
                String::from_utf8(output.stdout)
                    .unwrap()
                    .lines()
                    .map(|l| l.trim_start().to_owned()),
            );
        } else {
            let shown = line.trim_start();
            assert!(
                printed.iter().any(|p| p == shown),
                "README shows {shown:?}, the app printed {printed:#?}"
            );
        }
    }
}

/// *Artillery in Combat*, the text's example: twelve grade B grenadiers charge a 4-gun
/// battery of grade C field guns. The grenadiers have 2 points, +1 for the higher grade,
/// +1 elite (ruling 24): 4. The guns have 2, +3 defensive fire (grade C): 5, advantage by
/// one. The grenadiers roll 3 dice (12 figures, a die per 4) needing 5-6; the guns 4 dice
/// (a die per gun) needing 3-6. Two hits each: the grenadiers failed to win outright, so
/// they take their 2 hits and 2 rout hits and retreat shaken; the crews are untouched.
/// Had the grenadiers won, they would still take their hits but wipe out the battery.
#[test]
fn the_grenadiers_against_the_field_battery_as_the_text_tells_it() {
    let folder = tempfile::tempdir().unwrap();
    let scenario = folder.path().join("grenadiers.toml");
    std::fs::write(
        &scenario,
        "[scenario]\ntitle = \"The grenadiers and the guns\"\nruleset = \"sound-the-charge\"\n\
         first = \"fr\"\n\n\
         [[side]]\nid = \"fr\"\nname = \"French\"\nnation = \"france\"\n\n\
         [[side]]\nid = \"br\"\nname = \"British\"\nnation = \"britain\"\n\n\
         [[unit]]\nid = \"gren\"\nside = \"fr\"\nname = \"Grenadiers\"\narm = \"infantry\"\n\
         type = \"line\"\ngrade = \"B\"\nelite = true\nfigures = 12\nformation = \"line\"\n\n\
         [[unit]]\nid = \"guns\"\nside = \"br\"\nname = \"Field battery\"\narm = \"artillery\"\n\
         type = \"field\"\ngrade = \"C\"\nfigures = 8\nguns = 4\nformation = \"unlimbered\"\n",
    )
    .unwrap();
    let save = folder.path().join("grenadiers-game.toml");
    adjutant()
        .arg("new")
        .arg(&scenario)
        .arg("-o")
        .arg(&save)
        .assert()
        .success();
    for _ in 0..3 {
        act(&save, "next");
    }
    let before = std::fs::read(&save).unwrap();
    on_save("do", &save, "combat gren vs guns dice=5,6/3,4,1,2")
        .failure()
        .stderr(contains("gren rolls 3 dice, but 2 were typed"));
    assert_eq!(std::fs::read(&save).unwrap(), before);

    let round = act(&save, "combat gren vs guns dice=5,6,2/3,4,1,2");
    for line in [
        "gren (attacker) against guns: 4 points",
        "+1 grade B against grade C",
        "+1 elite",
        "guns (defender) against gren: 5 points",
        "+3 defensive fire, grade C guns",
        "3 dice at guns needing 5+ (at a disadvantage of 1, 4 points to 5): [5] [6] 2 → 2 hits",
        "4 dice at gren needing 3+ (at advantage, 5 points to 4): [3] [4] 1 2 → 2 hits",
        "LOST: retreats 4\", shaken, 2 rout hits",
        "GUNS HOLD: the crews take no hits",
    ] {
        assert!(round.contains(line), "missing {line:?} in:\n{round}");
    }
    // The README shows this round; every line of it is what the app printed.
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let shown = readme
        .split("$ adjutant do grenadiers.toml combat gren vs guns dice=5,6,2/3,4,1,2\n")
        .nth(1)
        .expect("the README shows the grenadiers' round");
    let shown: Vec<&str> = shown.lines().take_while(|l| !l.trim().is_empty()).collect();
    assert!(shown.len() > 10, "{shown:?}");
    for line in shown {
        assert!(
            round.contains(line.trim()),
            "README line {line:?} not in:\n{round}"
        );
    }
    let state = show(&save);
    let gren = unit(&state, "gren");
    assert_eq!(gren["figures"], 8, "12 less 2 loss and 2 rout hits");
    assert_eq!(gren["loss_hits"], 2);
    assert_eq!(gren["rout_hits"], 2);
    assert_eq!(gren["morale"], "shaken");
    assert_eq!(unit(&state, "guns")["figures"], 8, "the crews take no hits");

    // Had they won: three hits to the guns' one. They keep their hit; the battery is gone.
    act(&save, "undo");
    let round = act(&save, "combat gren vs guns dice=5,6,6/3,1,1,1");
    assert!(
        round.contains("CARRIED: the gun crews are eliminated"),
        "{round}"
    );
    let state = show(&save);
    assert_eq!(unit(&state, "gren")["figures"], 11);
    assert_eq!(unit(&state, "gren")["morale"], "good");
    assert_eq!(unit(&state, "guns")["status"], "eliminated");
}

#[test]
fn an_army_that_breaks_ends_the_battle_in_show_and_show_json() {
    // *Army Morale* (on in the Quatre-Bras scenario): 7 of the allies' 14 units shaken at
    // the end of turn 1 breaks them; `show --json` says `"broken": true` for that side.
    let folder = tempfile::tempdir().unwrap();
    let save = new_save(folder.path(), "qb.toml", "quatre-bras", 3);
    for id in [
        "nl-27j", "nl-5m", "na-2-1", "nl-stv", "br-95r", "br-28", "br-79",
    ] {
        act(&save, &format!("shaken {id}"));
    }
    for _ in 0..4 {
        act(&save, "next");
    }
    let said = act(&save, "next");
    assert!(said.contains("THE ANGLO-ALLIED ARMY BREAKS"), "{said}");
    let state = show(&save);
    let sides = state["sides"].as_array().unwrap();
    let broken: Vec<(&str, bool)> = sides
        .iter()
        .map(|s| (s["id"].as_str().unwrap(), s["broken"].as_bool().unwrap()))
        .collect();
    assert_eq!(broken, [("france", false), ("allies", true)]);
    on_save("show", &save, "")
        .success()
        .stdout(contains("BATTLE OVER: the Anglo-Allied army broke"));
    on_save("do", &save, "next")
        .failure()
        .stderr(contains("the battle is over"));
}

#[test]
fn show_and_show_json_carry_the_phase_checklist() {
    // *Turn Sequence*, reform: a disordered unit of the active side that stood all turn
    // may reform, so it is owed ("!"); at the turn's end, *Army Morale* is watched: 1 of
    // the French 14 units shaken, the army breaks at 7 (half, rounded up).
    let folder = tempfile::tempdir().unwrap();
    let save = new_save(folder.path(), "qb.toml", "quatre-bras", 3);
    on_save("show", &save, "")
        .success()
        .stdout(contains("Checklist, rally phase:\n  nothing owed"));
    act(&save, "disorder fr-61");
    act(&save, "shaken fr-93");
    for _ in 0..4 {
        act(&save, "next");
    }
    on_save("show", &save, "").success().stdout(
        contains("Checklist, reform phase:")
            .and(contains("  ! fr-61 disordered, stood all turn: may reform"))
            .and(contains(
                "  · france army morale: 1 of 14 units shaken or gone, breaks at 7",
            )),
    );
    let checklist = &show(&save)["checklist"];
    let open: Vec<(&str, &str)> = checklist["open"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            (
                i["subject"].as_str().unwrap(),
                i["concern"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(open, [("fr-61", "may_reform")]);
    let morale: Vec<&str> = checklist["watch"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["concern"] == "army_morale")
        .map(|i| i["subject"].as_str().unwrap())
        .collect();
    assert_eq!(morale, ["france", "allies"]);
}

/// A mistyped theme is reported before the screen would need a terminal, and before a
/// game is started for it.
#[test]
fn play_with_an_unknown_theme_lists_the_themes() {
    let saves = tempfile::tempdir().unwrap();
    let config = tempfile::tempdir().unwrap();
    let output = adjutant()
        .env("ADJUTANT_SAVES", saves.path())
        .env("ADJUTANT_CONFIG_DIR", config.path())
        .args(["play", "tutorial", "--theme", "nonsense"])
        .output()
        .unwrap();
    assert_ne!(output.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr
            .contains("theme nonsense: no theme of that name. Themes: dark, light, high-contrast"),
        "{stderr}"
    );
    assert!(!stderr.contains("needs a terminal"), "{stderr}");
    assert_eq!(std::fs::read_dir(saves.path()).unwrap().count(), 0);
}

#[test]
fn play_with_a_broken_theme_of_yours_names_its_file_and_line() {
    let config = tempfile::tempdir().unwrap();
    let themes = config.path().join("themes");
    std::fs::create_dir(&themes).unwrap();
    std::fs::write(
        themes.join("mine.toml"),
        "[style]\nshaken = { fg = \"redd\" }\n",
    )
    .unwrap();
    adjutant()
        .env("ADJUTANT_CONFIG_DIR", config.path())
        .args(["play", "--theme", "mine"])
        .assert()
        .failure()
        .stderr(contains(
            "mine.toml:2: [style] shaken: unknown colour `redd`",
        ));
    // A good theme gets as far as wanting a terminal.
    std::fs::write(
        themes.join("mine.toml"),
        "[style]\nshaken = { fg = \"red\" }\n",
    )
    .unwrap();
    adjutant()
        .env("ADJUTANT_CONFIG_DIR", config.path())
        .args(["play", "--theme", "mine"])
        .assert()
        .failure()
        .stderr(contains("the screen needs a terminal"));
}

/// `--help` names the shipped themes by hand; a new one must be added there too.
#[test]
fn the_help_names_every_shipped_theme() {
    let output = adjutant().args(["play", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&output.stdout);
    for (name, _) in adjutant::tui::theme::BUILT_IN {
        assert!(help.contains(name), "{name} missing from:\n{help}");
    }
}

/// The rules name a passage between asterisks for the screen's italics; a terminal shows
/// no italics, so the command line gives the passage's name plainly, in a move's reasons
/// and in a refusal alike.
#[test]
fn passages_are_named_without_their_asterisks() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_save(folder.path(), "g.toml", "quatre-bras", 1815);
    act(&save, "next");
    // p. "Movement Table": infantry in line moves 4".
    let moved = act(&save, "move fr-61");
    assert!(
        moved.contains("4\" infantry in line (Movement Table)"),
        "{moved}"
    );
    assert!(!moved.contains('*'), "{moved}");
    let refusal = refused_by_cli(&save, "move fr-ft form=square");
    assert!(
        refusal.contains("fr-ft (field art) cannot form square (Formations)"),
        "{refusal}"
    );
    assert!(!refusal.contains('*'), "{refusal}");
}

/// Asterisks the referee wrote himself, in a save's name or a note, are his words, not a
/// rules passage: the command line prints them as written (the save's name in `new` and
/// `check`, the note in `show`, the command in `log`). Only the rules' own messages lose
/// their passages' marks.
#[test]
fn asterisks_in_a_save_name_or_a_note_are_printed_as_written() {
    let folder = tempfile::tempdir().unwrap();
    let save = folder.path().join("g*1*.toml");
    adjutant()
        .args(["new", "tutorial", "--seed", "7", "-o"])
        .arg(&save)
        .assert()
        .success()
        .stdout(contains("g*1*.toml"));
    act(&save, "note fr-4l1 *hold* the mill");
    on_save("show", &save, "")
        .success()
        .stdout(contains("note: *hold* the mill"));
    on_save("log", &save, "")
        .success()
        .stdout(contains("note fr-4l1 *hold* the mill"));
    on_save("check", &save, "")
        .success()
        .stdout(contains("g*1*.toml: a good save"));
}
