//! House rules: a scenario's `[house_rules]` table gives a chart number the club's value,
//! and the rolls, `need`, the quick reference and a replay all play it.

mod common;

use adjutant::game::Game;
use adjutant::reference;
use adjutant::rules::Ruleset;
use adjutant::{persist, scenario};
use common::cli::{act, adjutant};
use common::{
    advance, first_roll_modifiers, foot, needed, ok, rolls, scenario_text, start, two_lines_of_foot,
};
use std::borrow::Cow;
use std::fmt::Write as _;

/// The club of these tests: shaken is -1 on the shooting test (the book's -2), a shooting
/// hit this turn costs nothing there (the book's -1 each), and a visible enemy able to
/// charge is no modifier on a rally (the book's -3).
const CLUB: &str = "[house_rules]\n\
                    \"shooting-test.shaken\" = -1\n\
                    \"shooting-test.each-hit\" = 0\n\
                    \"rally.enemy-able-to-charge\" = \"off\"\n";

/// Every line of `ruleset`'s charts as the quick reference prints them now.
fn charts_printed(ruleset: Ruleset) -> Vec<String> {
    reference::charts(ruleset)
        .iter()
        .flat_map(|chart| chart.text().map(Cow::into_owned))
        .collect()
}

/// *Morale Test if Hit by Shooting*: grade C passes on 2+; each shooting hit this turn is
/// -1 and shaken -2, so a shaken unit hit three times needs 2 + 3 + 2 = 7, which no die
/// makes. With the club's numbers it needs 2 + 0 + 1 = 3.
#[test]
fn the_shooting_test_and_its_reasons_use_the_house_values() {
    for (house, book_needed) in [("", 7), (CLUB, 3)] {
        let mut game = two_lines_of_foot(house);
        ok(&mut game, "shaken b-1");
        advance(&mut game, 2);
        ok(&mut game, "shoot a-1 b-1 close dice=6,6,6");
        let (needed_now, reasons) = needed(&game, "test b-1");
        assert_eq!(needed_now, book_needed, "{reasons:?}");
        ok(&mut game, "test b-1 dice=3");
        let roll = &rolls(&game)[0];
        assert_eq!(roll.needed, book_needed);
        let reasons = first_roll_modifiers(&game);
        if house.is_empty() {
            assert!(reasons.contains(&"-2 shaken".to_owned()), "{reasons:?}");
            assert_eq!(roll.successes, 0, "3 is short of 7");
        } else {
            assert!(
                reasons.contains(&"-1 shaken (house rule; the book says -2)".to_owned()),
                "{reasons:?}"
            );
            assert!(
                reasons.contains(
                    &"0 3 shooting hits this turn (house rule; the book says -1)".to_owned()
                ) || reasons.contains(
                    &"+0 3 shooting hits this turn (house rule; the book says -1)".to_owned()
                ),
                "{reasons:?}"
            );
            assert_eq!(roll.successes, 1, "3 makes the club's 3+");
        }
    }
}

/// *Rally from Shaken Status Test*: grade C rallies on 2+, and a visible enemy able to
/// charge it is -3: 5+. The club switches that modifier off: 2+, so a 2 rallies.
#[test]
fn a_modifier_switched_off_is_nothing_and_says_so() {
    let mut book = two_lines_of_foot("");
    ok(&mut book, "shaken a-1");
    assert_eq!(needed(&book, "rally a-1 threat").0, 5);
    ok(&mut book, "rally a-1 threat dice=2");
    assert!(
        book.state().unit("a-1").unwrap().is_shaken(),
        "2 is short of 5"
    );

    let mut club = two_lines_of_foot(CLUB);
    ok(&mut club, "shaken a-1");
    let (needed_now, reasons) = needed(&club, "rally a-1 threat");
    assert_eq!(needed_now, 2, "{reasons:?}");
    ok(&mut club, "rally a-1 threat dice=2");
    assert!(!club.state().unit("a-1").unwrap().is_shaken(), "2 rallies");
    let logged = first_roll_modifiers(&club);
    assert!(
        logged
            .iter()
            .any(|m| m.ends_with("(house rule; the book says -3)")),
        "{logged:?}"
    );
}

/// The quick reference prints the club's values, marked, with the book's after the chart;
/// without a game in force it prints the book's.
#[test]
fn the_quick_reference_shows_the_house_values_beside_the_books() {
    let game = two_lines_of_foot(CLUB);
    let house = game
        .state()
        .with_house_rules(|| charts_printed(Ruleset::SoundTheCharge));
    let row = |lines: &[String], words: &str| {
        lines
            .iter()
            .find(|line| line.starts_with(words))
            .cloned()
            .unwrap_or_else(|| panic!("no row {words:?}"))
    };
    assert!(row(&house, "Shaken ").ends_with(" -1*"), "{house:?}");
    assert!(house.contains(&"* shooting-test.shaken: book -2".to_owned()));
    assert!(house.contains(&"* rally.enemy-able-to-charge: book -3".to_owned()));
    let book = charts_printed(Ruleset::SoundTheCharge);
    assert!(
        book.iter()
            .all(|line| !line.contains('*') || !line.contains("book "))
    );
    assert!(!house.iter().eq(book.iter()), "the house changes the print");
}

/// The save keeps the house rules with the scenario: loaded with no club file anywhere,
/// it replays to the same state, its test passed on the club's 3+.
#[test]
fn a_save_keeps_its_house_rules_and_replays_the_same() {
    let mut game = two_lines_of_foot(CLUB);
    ok(&mut game, "shaken b-1");
    advance(&mut game, 2);
    ok(&mut game, "shoot a-1 b-1 close dice=6,6,6");
    ok(&mut game, "test b-1 dice=3");
    let text = persist::render(&game).expect("renders");
    assert!(text.contains("[house_rules]"), "{text}");
    let loaded = persist::load_text("game.toml", &text)
        .unwrap_or_else(|e| panic!("{e}"))
        .game;
    assert_eq!(loaded.state(), game.state());
    assert_eq!(loaded.state().house_rules(), game.state().house_rules());
    let events = |game: &Game| game.log().last().map(|entry| entry.events.clone());
    assert_eq!(
        events(&loaded),
        events(&game),
        "the test's roll, reasons and all"
    );
}

/// A name the ruleset's charts do not print, or a value its number cannot take, is
/// refused at its line and column, naming the nearest real name.
#[test]
fn a_bad_house_rule_is_refused_at_its_line_and_column() {
    let base = scenario_text(["france", "britain"], &[], &[foot("a-1", "C", 12, "line")])
        + &foot("b-1", "C", 12, "line");
    for (entry, column, says) in [
        (
            "\"shooting-test.shakn\" = -1",
            1,
            "'shooting-test.shakn' is not a number of Sound the Charge's charts \
             (did you mean 'shooting-test.shaken'?)",
        ),
        (
            "\"shooting-test.shaken\" = 1.5",
            26,
            "shooting-test.shaken takes a whole number (the book's is -2), or \"off\"",
        ),
        (
            "\"shooting-test.failed-retreat\" = -3",
            34,
            "shooting-test.failed-retreat is a score, a count or a distance, so it cannot be \
             below 0 (the book's is 2)",
        ),
        (
            "\"shooting-test.failed-retreat\" = \"off\"",
            34,
            "\"off\" switches a modifier off, and shooting-test.failed-retreat is a value",
        ),
        (
            "\"shooting-test.shaken\" = 100000",
            26,
            "shooting-test.shaken = 100000 is past 999",
        ),
    ] {
        let text = format!("{base}\n[house_rules]\n{entry}\n");
        let line = text.lines().position(|l| l == entry).expect("written") + 1;
        let error = scenario::parse("club.toml", &text)
            .err()
            .unwrap_or_else(|| panic!("{entry} was taken"))
            .to_string();
        assert!(
            error.contains(&format!("club.toml:{line}:{column}: house rules: ")),
            "{entry}: {error}"
        );
        assert!(error.contains(says), "{entry}: {error}");
    }
}

/// Every ruleset: three of its numbers given other values show in its quick reference,
/// marked, and a save of the game keeps them through a load.
#[test]
fn every_ruleset_takes_house_values_for_its_numbers() {
    for (name, ruleset) in [
        ("quatre-bras", Ruleset::SoundTheCharge),
        ("barrosa", Ruleset::SoundTheCharge125),
        ("maida", Ruleset::ChargeMoves),
        ("vimeiro", Ruleset::OldTrousers),
        ("ebelsberg", Ruleset::D10Sheet),
    ] {
        let numbers = ruleset.numbers();
        assert!(numbers.len() >= 3, "{name}");
        let mut table = String::from("\n[house_rules]\n");
        for (number, _) in &numbers[..3] {
            let _ = writeln!(table, "\"{}\" = {}", number.name, number.book + 1);
        }
        let text = scenario::built_in(name).expect("built in").to_owned() + &table;
        let (parsed, spec) = scenario::parse(name, &text).unwrap_or_else(|e| panic!("{e}"));
        let game = Game::new(parsed, spec, 7);
        let printed = game.state().with_house_rules(|| charts_printed(ruleset));
        for (number, _) in &numbers[..3] {
            let note = format!("* {}: book ", number.name);
            assert!(
                printed.iter().any(|line| line.starts_with(&note)),
                "{name}: no note for {}",
                number.name
            );
            assert_eq!(
                game.state().with_house_rules(|| number.value()),
                number.book + 1,
                "{name}: {}",
                number.name
            );
            assert_eq!(number.value(), number.book, "the book's outside the game");
        }
        let saved = persist::render(&game).expect("renders");
        let loaded = persist::load_text("game.toml", &saved)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .game;
        assert_eq!(
            loaded.state().house_rules(),
            game.state().house_rules(),
            "{name}"
        );
    }
}

/// A club's file named on `new` is played over the scenario's house rules and kept in the
/// save: with the file gone, a roll, `need`, `lookup` and `lookup --names` all give the
/// club's values. A bad club file is refused at its line and column, and no save is made.
#[test]
fn a_club_file_on_new_is_kept_in_the_save_and_not_read_again() {
    let folder = tempfile::TempDir::new().unwrap();
    let club = folder.path().join("club.toml");
    std::fs::write(&club, CLUB.replace("-1\n", "0\n")).unwrap();
    let save = folder.path().join("game.toml");
    adjutant()
        .args(["new", "quatre-bras", "--seed", "3", "--house-rules"])
        .arg(&club)
        .arg("-o")
        .arg(&save)
        .assert()
        .success();
    std::fs::remove_file(&club).unwrap();

    act(&save, "shaken fr-2lg");
    let rallied = act(&save, "rally fr-2lg threat dice=2");
    assert!(
        rallied.contains("(house rule; the book says -3)"),
        "{rallied}"
    );
    assert!(
        rallied.contains("RALLIED"),
        "2 rallies at the club's 2+: {rallied}"
    );
    let stdout = |args: &[&str]| {
        let output = adjutant()
            .args(args)
            .arg("--save")
            .arg(&save)
            .output()
            .unwrap();
        assert!(output.status.success(), "{args:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    let need = stdout(&["need", "fr-2lg", "test", "hits=1"]);
    assert!(
        need.contains("0 1 shooting hit this turn (house rule; the book says -1)"),
        "{need}"
    );
    let chart = stdout(&["lookup", "shooting", "test"]);
    assert!(chart.contains("* shooting-test.shaken: book -2"), "{chart}");
    let names = stdout(&["lookup", "--names"]);
    assert!(
        names.contains("rally.enemy-able-to-charge") && names.contains("the book says -3"),
        "{names}"
    );

    std::fs::write(
        &club,
        "[house_rules]\n\"rally.enemy-able-to-charge\" = true\n",
    )
    .unwrap();
    let refused = folder.path().join("refused.toml");
    let output = adjutant()
        .args(["new", "quatre-bras", "--house-rules"])
        .arg(&club)
        .arg("-o")
        .arg(&refused)
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("club.toml:2:32: house rules: rally.enemy-able-to-charge takes a whole"),
        "{stderr}"
    );
    assert!(!refused.exists(), "no save from a refused club file");
}

/// Every number a ruleset's folder defines is one its charts print, so a house rule can
/// name it: a number only the code holds could not be changed, nor seen changed.
#[test]
fn every_number_of_a_ruleset_is_one_a_house_rule_can_name() {
    for (folder, ruleset) in [
        ("sound_the_charge", Ruleset::SoundTheCharge),
        ("sound_the_charge_1_25", Ruleset::SoundTheCharge125),
        ("charge_moves", Ruleset::ChargeMoves),
        ("old_trousers", Ruleset::OldTrousers),
        ("d10_sheet", Ruleset::D10Sheet),
    ] {
        let named: Vec<&str> = ruleset.numbers().iter().map(|(n, _)| n.name).collect();
        let mut defined = Vec::new();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules");
        let mut folders = vec![root.join(folder)];
        while let Some(dir) = folders.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    folders.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    // `pub const NAME: Number = Number {` then `name: "…",` on the next line.
                    let mut lines = text.lines();
                    while let Some(line) = lines.next() {
                        if line.contains(": Number = Number {")
                            && let Some(name) = lines.next().and_then(|l| l.split('"').nth(1))
                        {
                            defined.push((path.clone(), name.to_owned()));
                        }
                    }
                }
            }
        }
        assert!(defined.len() >= 10, "{folder}: {} found", defined.len());
        for (path, name) in defined {
            assert!(
                named.contains(&name.as_str()),
                "{}: {name} is in no chart of {}, so no house rule can name it",
                path.display(),
                ruleset.id()
            );
        }
    }
}

/// A new game of the built-in `scenario` with `club` as its club file, in `folder`.
fn club_game(folder: &tempfile::TempDir, scenario: &str, club: &str) -> std::path::PathBuf {
    let file = folder.path().join(format!("{scenario}-club.toml"));
    std::fs::write(&file, club).unwrap();
    let save = folder.path().join(format!("{scenario}.toml"));
    adjutant()
        .args(["new", scenario, "--seed", "1", "--house-rules"])
        .arg(&file)
        .arg("-o")
        .arg(&save)
        .assert()
        .success();
    save
}

/// *Sound the Charge 1:25*, *Fire Test*: grade C 2, -1 for each two hits, -2 shaken, +1
/// general with the unit: the shaken 24e hit twice needs 2 + 1 + 2 - 1 = 4. The club plays
/// grade C at 1, -2 for each two hits and shaken at -1: 1 + 2 + 1 - 1 = 3.
#[test]
fn sound_the_charge_1_25_fire_test_plays_the_house_values() {
    let folder = tempfile::TempDir::new().unwrap();
    let club = "[house_rules]\n\"fire-test.grade-c\" = 1\n\"fire-test.each-two-hits\" = -2\n\
                \"fire-test.shaken\" = -1\n";
    let save = club_game(&folder, "barrosa", club);
    act(&save, "shaken fr-24");
    let output = adjutant()
        .args(["need", "fr-24", "test", "hits=2", "--save"])
        .arg(&save)
        .output()
        .unwrap();
    let need = String::from_utf8(output.stdout).unwrap();
    for line in [
        "fr-24: 1 die, 3+",
        "(grade C (house rule; the book says 2))",
        "-2 2 hits: -2 per 2 (house rule; the book says -1)",
        "-1 shaken (house rule; the book says -2)",
        "+1 general with unit",
    ] {
        assert!(need.contains(line), "{line:?} in {need}");
    }
}

/// *Old Trousers II*, *Initiative Die Roll Modifiers* (p10): the British 3 + 2 (excellent
/// leader) + 0 (competent staff) = 5 lose to the French 6 + 0 (average) + 1 (professional)
/// = 7. The club plays an excellent leader +3, competent staff +1, professional 0: 7
/// against 6, and the British win.
#[test]
fn old_trousers_initiative_plays_the_house_values() {
    let folder = tempfile::TempDir::new().unwrap();
    let club = "[house_rules]\n\"leaders.excellent\" = 3\n\"staff.competent\" = 1\n\
                \"staff.professional\" = 0\n";
    let save = club_game(&folder, "vimeiro", club);
    let told = act(&save, "initiative britain=3 france=6");
    for line in [
        "+3 excellent senior leader (house rule; the book says +2)",
        "+1 competent staff (house rule; the book says 0)",
        "d10 3, total 7",
        "+0 professional staff (house rule; the book says +1)",
        "d10 6, total 6",
        "British win the initiative",
    ] {
        assert!(told.contains(line), "{line:?} in {told}");
    }
}

/// *Charge Moves*, the morale throw when charged by cavalry: 5-6 stands firm, 3-4 retreats
/// a move. The club stands firm from 3 (retreats from 2, twice from 1): a 3 stands.
#[test]
fn charge_moves_morale_throw_plays_the_house_values() {
    let folder = tempfile::TempDir::new().unwrap();
    let club = "[house_rules]\n\"morale.stands-firm-from\" = 3\n\"morale.retreats-from\" = 2\n\
                \"morale.retreats-double-from\" = 1\n";
    let save = club_game(&folder, "maida", club);
    let told = act(&save, "morale br-78 cavalry roll=3");
    assert!(
        told.contains(
            "3+ on the chart (charged by cavalry: 3-6 stands firm (house rule; the book says 5))"
        ),
        "{told}"
    );
    assert!(told.contains("stands firm"), "{told}");
    assert!(!told.contains("retreats"), "{told}");
}

/// The d10 sheet, a melee (lines 57, 113-118): the hussars 4 + 6 (cavalry against a line)
/// = 10 against IR 49's 9 - 2 (shaken) - 4 (disordered) = 3. The club plays cavalry
/// against a line +3, shaken -1, disordered -2: 7 against 6.
#[test]
fn d10_sheet_melee_plays_the_house_values() {
    let text = scenario::built_in("ebelsberg")
        .expect("built in")
        .to_owned()
        + "\n[house_rules]\n\"combat.cavalry-at-line\" = 3\n\"combat.shaken\" = -1\n\
           \"combat.disordered\" = -2\n";
    let mut game = start(&text, 1809);
    advance(&mut game, 2);
    ok(&mut game, "shaken au-ir49");
    ok(&mut game, "disorder au-ir49");
    ok(&mut game, "melee fr-hus au-ir49 a=cav-line roll=4,9");
    let melee = rolls(&game);
    let totals: Vec<Option<i32>> = melee.iter().map(|roll| roll.total).collect();
    assert_eq!(totals, vec![Some(7), Some(6)]);
    let told: Vec<String> = melee
        .iter()
        .flat_map(|roll| roll.modifiers.iter().map(ToString::to_string))
        .collect();
    for reason in [
        "+3 cavalry v infantry line (house rule; the book says +6)",
        "-1 shaken (house rule; the book says -2)",
        "-2 disordered (house rule; the book says -4)",
    ] {
        assert!(told.contains(&reason.to_owned()), "{reason:?} in {told:?}");
    }
}

/// The report names the house rules the battle was played with, the book's beside each;
/// a battle played by the book names none.
#[test]
fn the_report_lists_the_house_rules_in_force() {
    let report =
        |game: &Game| adjutant::report::markdown::render(&adjutant::report::Report::of(game));
    let club = report(&two_lines_of_foot(CLUB));
    assert!(
        club.contains(
            "House rules: shooting-test.each-hit 0 (the book's -1); shooting-test.shaken -1 \
             (the book's -2); rally.enemy-able-to-charge 0 (the book's -3)."
        ),
        "{club}"
    );
    assert!(!report(&two_lines_of_foot("")).contains("House rules"));
}
