//! `house set`: a house rule changed mid-game is a command like any other: checked as a
//! scenario's table is, logged, seen by the players, undone, redone and replayed.

mod common;

use adjutant::game::{Command, Game, Viewer, asked, replay};
use adjutant::persist;
use adjutant::reference;
use adjutant::rules::Ruleset;
use adjutant::scenario;
use common::{foot, ok, refused, rolls, scenario_text, start};
use std::borrow::Cow;

/// Two lines of grade C foot, France (`a`, first) against Britain, played by the book.
fn stc() -> Game {
    start(
        &scenario_text(
            ["france", "britain"],
            &[],
            &[foot("a-1", "C", 12, "line"), foot("b-1", "C", 12, "line")],
        ),
        7,
    )
}

fn needed(game: &Game, line: &str) -> (i32, Vec<String>) {
    let command = Command::parse(line).expect("parses");
    let asked = asked(game.state(), &command).unwrap_or_else(|r| panic!("`{line}`: {r}"));
    let throw = &asked.throws[0];
    (throw.needed, throw.reasons.clone())
}

/// Every line of the game's quick reference as it prints now.
fn charts_printed(game: &Game) -> Vec<String> {
    game.state().with_house_rules(|| {
        reference::charts(game.state().ruleset())
            .iter()
            .flat_map(|chart| chart.text().map(Cow::into_owned))
            .collect()
    })
}

/// *Rally from Shaken Status Test*: grade C rallies on 2+, and a visible enemy able to
/// charge it is -3, so 5+. The table switches that modifier off mid-game: 2+, and a 2
/// rallies, the reason marked. Undone, the book's 5+ is back; redone, the club's 2+.
#[test]
fn a_house_rule_set_mid_game_plays_from_then_on_and_undoes() {
    let mut game = stc();
    ok(&mut game, "shaken a-1");
    assert_eq!(needed(&game, "rally a-1 threat").0, 5);

    let said = game
        .perform("house set rally.enemy-able-to-charge off")
        .expect("accepted")
        .lines;
    assert_eq!(
        said,
        ["house rule: rally.enemy-able-to-charge is switched off (the book says -3)"]
    );
    let (now, reasons) = needed(&game, "rally a-1 threat");
    assert_eq!(now, 2, "{reasons:?}");
    assert!(
        reasons.contains(
            &"+0 visible enemy able to charge it (house rule; the book says -3)".to_owned()
        ),
        "{reasons:?}"
    );
    ok(&mut game, "rally a-1 threat dice=2");
    assert!(!game.state().unit("a-1").unwrap().is_shaken(), "2 rallies");
    let logged: Vec<String> = rolls(&game)[0]
        .modifiers
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(
        logged
            .iter()
            .any(|m| m.ends_with("(house rule; the book says -3)")),
        "{logged:?}"
    );

    ok(&mut game, "undo");
    ok(&mut game, "undo");
    assert!(game.state().house_rules().is_empty(), "the book again");
    assert_eq!(needed(&game, "rally a-1 threat").0, 5);
    ok(&mut game, "redo");
    assert_eq!(needed(&game, "rally a-1 threat").0, 2);
}

/// *Morale Test if Hit by Shooting*: shaken is -2 by the book; the club's -1 is set, then
/// changed to 0, then lifted. Each line names the value it replaces.
#[test]
fn each_change_says_what_it_replaces_and_book_lifts_it() {
    let mut game = stc();
    let lines = |game: &mut Game, line: &str| game.perform(line).expect("accepted").lines;
    assert_eq!(
        lines(&mut game, "house set shooting-test.shaken -1"),
        ["house rule: shooting-test.shaken is now -1 (the book says -2)"]
    );
    assert_eq!(
        lines(&mut game, "HOUSE SET Shooting-Test.Shaken 0"),
        [
            "house rule: shooting-test.shaken is switched off (it was -1 by house rule; the book says -2)"
        ]
    );
    assert_eq!(
        lines(&mut game, "house set shooting-test.shaken book"),
        ["house rule lifted: shooting-test.shaken is the book's -2 again (it was switched off)"]
    );
    assert!(game.state().house_rules().is_empty());
    // A value equal to the book's is the book's: no roll marks it as a house rule.
    ok(&mut game, "house set shooting-test.shaken -3");
    assert_eq!(
        lines(&mut game, "house set shooting-test.shaken -2"),
        ["house rule lifted: shooting-test.shaken is the book's -2 again (it was -3)"]
    );
    assert_eq!(
        game.log().last().unwrap().command,
        "house set shooting-test.shaken -2"
    );
}

/// A name the charts do not print or a value its number cannot take is refused as the
/// scenario's table refuses it, and nothing changes.
#[test]
fn a_bad_house_set_changes_nothing_and_says_why() {
    let mut game = stc();
    ok(&mut game, "house set shooting-test.shaken -1");
    for (line, says) in [
        (
            "house set shooting-test.shakn -1",
            "'shooting-test.shakn' is not a number of Sound the Charge's charts (did you mean \
             'shooting-test.shaken'?)",
        ),
        (
            "house set shooting-ranges.musketry-far off",
            "\"off\" switches a modifier off, and shooting-ranges.musketry-far is a value (the \
             book's is 4)",
        ),
        (
            "house set shooting-ranges.musketry-far -1",
            "cannot be below 0 (the book's is 4)",
        ),
        (
            "house set shooting-test.shaken 1000",
            "shooting-test.shaken = 1000 is past 999 (the book's is -2)",
        ),
        (
            "house set shooting-test.shaken -1",
            "shooting-test.shaken is already -1",
        ),
        (
            "house set shooting-test.each-hit book",
            "shooting-test.each-hit is already the book's -1",
        ),
        (
            "house set shooting-test.shaken 1.5",
            "usage: house set <name> <value|off|book>",
        ),
        (
            "house shooting-test.shaken 1",
            "usage: house set <name> <value|off|book>",
        ),
        ("house set shooting-test.shaken", "usage: house set"),
    ] {
        let refusal = refused(&mut game, line);
        assert!(refusal.contains(says), "`{line}`: {refusal}");
    }
}

/// The save keeps the command in its log, not in its scenario: loaded, the game has the
/// house rule; replayed from the scenario and the log, the same state.
#[test]
fn a_save_replays_a_house_rule_set_mid_game() {
    let mut game = stc();
    ok(&mut game, "shaken a-1");
    ok(&mut game, "house set rally.enemy-able-to-charge off");
    ok(&mut game, "rally a-1 threat dice=2");
    let text = persist::render(&game).expect("renders");
    assert!(!text.contains("[house_rules]"), "the scenario as it began");
    let loaded = persist::load_text("game.toml", &text)
        .unwrap_or_else(|e| panic!("{e}"))
        .game;
    assert_eq!(loaded.state(), game.state());
    assert_eq!(
        loaded
            .state()
            .house_rules()
            .get("rally.enemy-able-to-charge"),
        Some(0)
    );
    let replayed = replay(game.scenario(), game.seed(), game.log()).expect("replays");
    assert_eq!(&replayed, game.state());
}

/// A hand-edited save whose house rule its ruleset cannot take is refused at load, with
/// the name and the value's limit, as the scenario's table would be.
#[test]
fn a_hand_edited_house_rule_in_a_save_is_refused_at_load() {
    let mut game = stc();
    ok(&mut game, "house set shooting-test.shaken -1");
    let text = persist::render(&game).expect("renders");
    for (from, to, says) in [
        (
            "name = \"shooting-test.shaken\"",
            "name = \"shooting-test.shakn\"",
            "'shooting-test.shakn' is not a number",
        ),
        ("value = -1", "value = -5000", "past 999"),
    ] {
        assert!(text.contains(from), "{text}");
        let edited = text.replace(from, to);
        let error = match persist::load_text("game.toml", &edited) {
            Ok(_) => panic!("`{to}` loaded"),
            Err(error) => error.to_string(),
        };
        assert!(error.contains(says), "{error}");
    }
}

/// The numbers are the players' as much as the referee's: each side's log shows the change.
#[test]
fn each_side_sees_a_house_rule_set() {
    let mut game = stc();
    ok(&mut game, "house set shooting-test.shaken -1");
    for side in ["france", "britain"] {
        let seen = Viewer::Side(side).log(&game);
        let said = &seen.last().expect("an entry").said;
        assert_eq!(
            said,
            &["house rule: shooting-test.shaken is now -1 (the book says -2)"],
            "{side}"
        );
    }
}

/// Every ruleset offers `house set`: a number given another value reads it in the game and
/// shows marked in the quick reference; undone, the book's again.
#[test]
fn every_ruleset_offers_house_set() {
    for (name, ruleset) in [
        ("quatre-bras", Ruleset::SoundTheCharge),
        ("barrosa", Ruleset::SoundTheCharge125),
        ("maida", Ruleset::ChargeMoves),
        ("vimeiro", Ruleset::OldTrousers),
        ("ebelsberg", Ruleset::D10Sheet),
    ] {
        let text = scenario::built_in(name).expect("built in");
        let (parsed, spec) = scenario::parse(name, text).unwrap_or_else(|e| panic!("{e}"));
        let mut game = Game::new(parsed, spec, 7);
        let (number, written) = ruleset.numbers()[0];
        let line = format!("house set {} {}", number.name, number.book + 1);
        ok(&mut game, &line);
        assert_eq!(
            game.state().with_house_rules(|| number.value()),
            number.book + 1,
            "{name}"
        );
        let note = format!("* {}: book {}", number.name, written.show(number.book));
        assert!(
            charts_printed(&game).iter().any(|l| l.starts_with(&note)),
            "{name}: no {note:?}"
        );
        ok(&mut game, "undo");
        assert_eq!(
            game.state().with_house_rules(|| number.value()),
            number.book
        );
        assert!(!charts_printed(&game).iter().any(|l| l.starts_with(&note)));
    }
}
