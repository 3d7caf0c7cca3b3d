//! `house set`: a house rule changed mid-game is a command like any other: checked as a
//! scenario's table is, logged, seen by the players, undone, redone and replayed.

mod common;

use adjutant::game::{Game, Viewer, replay};
use adjutant::persist;
use adjutant::reference;
use adjutant::rules::Ruleset;
use adjutant::scenario;
use common::{first_roll_modifiers, needed, ok, refused, two_lines_of_foot};
use std::borrow::Cow;

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
    let mut game = two_lines_of_foot("");
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
    let logged = first_roll_modifiers(&game);
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
    let mut game = two_lines_of_foot("");
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
    let mut game = two_lines_of_foot("");
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
    let mut game = two_lines_of_foot("");
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
    let mut game = two_lines_of_foot("");
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
    let mut game = two_lines_of_foot("");
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

/// `play` starts a game with a club's file as `new` does, and the save keeps the club's
/// numbers when the file is gone; a save, which keeps those it began with, refuses one.
#[test]
fn play_starts_a_game_with_a_club_file_and_a_save_refuses_one() {
    use common::tmux::{Tmux, adjutant, run, saved_in, scenario_file, tmux_available};
    if !tmux_available() {
        return;
    }
    let folder = tempfile::TempDir::new().unwrap();
    let scenario_file = scenario_file(folder.path(), "quatre-bras");
    let club = folder.path().join("club.toml");
    std::fs::write(&club, "[house_rules]\n\"shooting-test.shaken\" = -1\n").unwrap();
    let club_arg = club.display().to_string();

    let tmux = Tmux::start(
        &scenario_file,
        &["play"],
        &["--house-rules", &club_arg],
        80,
        24,
    );
    tmux.wait_for("fr-61");
    tmux.send("q");
    let screen = tmux.wait_for("exit=0");
    let saved = saved_in(&screen);
    drop(tmux);
    std::fs::remove_file(&club).unwrap();
    let names = run(adjutant(folder.path())
        .args(["lookup", "--names", "--save"])
        .arg(&saved));
    let names = String::from_utf8_lossy(&names.stdout);
    assert!(
        names
            .lines()
            .any(|line| line.starts_with("  shooting-test.shaken")
                && line.ends_with("-1  house rule; the book says -2")),
        "{names}"
    );

    std::fs::write(&club, "[house_rules]\n\"shooting-test.shaken\" = 0\n").unwrap();
    let tmux = Tmux::start(&saved, &["play"], &["--house-rules", &club_arg], 80, 24);
    let screen = tmux.wait_for("exit=1");
    // The terminal wraps the sentence at its width.
    let said = screen.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        said.contains("is a save: it keeps the house rules it began with"),
        "{screen}"
    );
}

/// The report gives the house rules the game began with, then each change with the turn
/// it was made in, so a reader knows which numbers each turn's rolls were thrown with.
#[test]
fn the_report_lists_each_change_with_its_turn() {
    let mut game = two_lines_of_foot("[house_rules]\n\"rally.enemy-able-to-charge\" = \"off\"\n");
    ok(&mut game, "house set shooting-test.shaken -1");
    while game.state().turn() < 2 {
        ok(&mut game, "next");
    }
    ok(&mut game, "house set shooting-test.shaken book");
    assert_eq!(
        adjutant::report::Report::of(&game).house_rules,
        [
            "rally.enemy-able-to-charge 0 (the book's -3)",
            "from turn 1, shooting-test.shaken -1 (the book's -2)",
            "from turn 2, shooting-test.shaken the book's -2 again",
        ]
    );
}

/// *Shooting Table*: muskets reach 4" by the book. The club's 6" lets a shot at 5" go, and
/// a shot at 7" is refused with the house's reach, marked.
#[test]
fn a_shot_past_the_house_reach_is_refused_with_it() {
    let mut game = two_lines_of_foot("");
    common::advance(&mut game, 2);
    assert!(refused(&mut game, "shoot a-1 b-1 5").ends_with("musketry reach 4\""));
    ok(&mut game, "house set shooting-ranges.musketry-far 6");
    assert!(
        refused(&mut game, "shoot a-1 b-1 7")
            .ends_with("musketry reach 6\" (house rule; the book says 4)")
    );
    ok(&mut game, "shoot a-1 b-1 5 dice=6,6,6");
}

/// The dice pane, where the referee reads a result's reasons, ends a move with the house
/// values it used; a player's view of the same move does not tell them.
#[test]
fn the_dice_pane_names_the_house_values_a_move_used_at_80x24() {
    use adjutant::tui::app::Pane;
    use common::screen::{pane, press, quatre_bras, screen, watched};
    let commands = ["house set movement.infantry-line 5", "next", "move fr-61"];
    let mut referee = quatre_bras(&commands).app;
    let told = "by house rule: movement.infantry-line 5 (the book's 4)";
    assert!(pane(&mut referee, Pane::Dice).contains(told));
    press(&mut referee, &[crossterm::event::KeyCode::Char('3')]);
    insta::assert_snapshot!(
        "house_values_in_the_dice_pane_80x24",
        screen(&mut referee, 80, 24)
    );
    let mut player = watched("quatre-bras", 1815, &commands, Some("france")).app;
    let seen = pane(&mut player, Pane::Dice);
    assert!(seen.contains("fr-61 moves: up to 5\""), "{seen}");
    assert!(!seen.contains("by house rule"), "{seen}");
}
