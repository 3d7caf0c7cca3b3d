//! The slot's clock: time enters the game as each command's logged time, so the clock's
//! arithmetic is exact with injected times, an undo across a pause takes the pause back,
//! and a save resumed the next day keeps its clock.

mod common;

use adjutant::core::moment::Moment;
use adjutant::game::{ClockView, ClockWords, Game, replay};
use adjutant::persist::{self, Given, SaveText};
use adjutant::scenario;
use adjutant::tui::app::App;
use adjutant::tui::theme::Theme;
use common::screen::drawn;
use std::path::Path;

const MINUTE: i64 = 60;

/// Minutes after a fixed afternoon of a convention: 2026-11-27T13:00:00Z.
fn at(minutes: i64) -> Moment {
    Moment::from_unix(1_795_784_400 + minutes * MINUTE)
}

/// Quatre-Bras (12 turns) with a slot of `slot`.
fn quatre_bras_with_slot(slot: &str) -> Game {
    let text = scenario::built_in("quatre-bras").unwrap().replacen(
        "turns = 12",
        &format!("turns = 12\nslot = \"{slot}\""),
        1,
    );
    assert!(
        text.contains("slot = "),
        "quatre-bras has no `turns = 12` line"
    );
    let (parsed, spec) = scenario::parse("quatre-bras", &text).unwrap();
    Game::new(parsed, spec, 1815)
}

fn given(game: &mut Game, line: &str, minutes: i64) {
    if let Err(refusal) = game.perform_by(line, None, Some(at(minutes))) {
        panic!("{line} at {minutes}m: {refusal}");
    }
}

/// Each side's phases of a turn, as `next` walks them: the turn's end at `minutes`.
fn a_turn(game: &mut Game, minutes: i64) {
    let turn = game.state().turn();
    while game.state().turn() == turn {
        given(game, "next", minutes);
    }
}

fn clock(game: &Game, minutes: i64) -> ClockView {
    ClockView::of(game.state(), at(minutes))
}

/// A 4-hour slot. Turns 1 and 2 take 50 minutes each, turn 3 begins at 1h40m: at 50
/// minutes a turn, turns 4 (2h30m) and 5 (3h20m) begin before the slot ends at 4h, turn
/// 6 (4h10m) would not, and the scenario's 12 turns are out of reach.
#[test]
fn the_clock_counts_the_slot_and_the_pace_from_logged_times() {
    let mut game = quatre_bras_with_slot("4h");
    let before = clock(&game, 0);
    assert_eq!(
        before.started, None,
        "the clock starts with the first command"
    );
    assert_eq!(before.left_seconds, Some(240 * MINUTE));
    given(&mut game, "hit fr-61 1", 0);
    a_turn(&mut game, 50);
    a_turn(&mut game, 100);
    let now = clock(&game, 110);
    assert_eq!(now.started, Some(at(0)));
    assert_eq!(now.played_seconds, 110 * MINUTE);
    assert_eq!(now.left_seconds, Some(130 * MINUTE));
    assert_eq!(now.per_turn_seconds, Some(50 * MINUTE));
    assert_eq!(now.reaches_turn, Some(5));
    assert!(now.short_of_last_turn);
    // Each side's share of the time is what it had while it was the active side, and
    // the two add up to what was played.
    let shares: i64 = now.sides.iter().map(|side| side.seconds).sum();
    assert_eq!(shares, 110 * MINUTE);
    let words = ClockWords::of(game.state(), at(110)).unwrap();
    assert_eq!(words.long, "2h10m left · 50m/turn: ends T5, not T12");
    assert_eq!(words.short, "2h10m left");
    assert!(!words.warning);
}

/// Lunch: the clock paused at 1h, resumed at 2h. What was played leaves the hour out; an
/// undo of the resume leaves the clock paused since 1h, and an undo of the pause gives
/// the hour back to the game, as if the pause was never called.
#[test]
fn undo_across_a_pause_is_exact() {
    let mut game = quatre_bras_with_slot("4h");
    given(&mut game, "next", 0);
    given(&mut game, "clock pause", 60);
    assert_eq!(clock(&game, 90).played_seconds, 60 * MINUTE, "paused");
    given(&mut game, "clock resume", 120);
    given(&mut game, "next", 130);
    assert_eq!(clock(&game, 150).played_seconds, 90 * MINUTE);

    game.perform("undo").unwrap();
    game.perform("undo").unwrap();
    let resumed_undone = clock(&game, 150);
    assert!(resumed_undone.paused);
    assert_eq!(resumed_undone.played_seconds, 60 * MINUTE);

    game.perform("undo").unwrap();
    let pause_undone = clock(&game, 150);
    assert!(!pause_undone.paused);
    assert_eq!(pause_undone.played_seconds, 150 * MINUTE);

    // Redone, each command keeps the time it was first given at.
    game.perform("redo").unwrap();
    game.perform("redo").unwrap();
    assert_eq!(clock(&game, 150).played_seconds, 90 * MINUTE);
}

/// A game saved paused on the first day reads the same on the second: the clock is
/// rebuilt from the logged times, and a day with the lid closed costs nothing.
#[test]
fn a_save_resumed_the_next_day_keeps_its_clock() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("game.toml");
    let mut game = quatre_bras_with_slot("6h");
    persist::save(&game, &path).unwrap();
    let mut text = SaveText::default();
    for (line, minutes) in [("next", 0), ("next", 95), ("clock warn 30m", 100)] {
        let given = Given {
            by: None,
            at: Some(at(minutes)),
        };
        persist::perform_and_save_with(&mut game, &path, line, given, &mut text).unwrap();
    }
    let given = Given {
        by: None,
        at: Some(at(180)),
    };
    persist::perform_and_save_with(&mut game, &path, "clock pause", given, &mut text).unwrap();
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.contains("at = \"2026-11-27T13:00:00Z\""), "{saved}");
    assert!(saved.contains("slot = \"6h\""), "{saved}");

    let next_day = 24 * 60 + 180;
    let loaded = persist::load(&path).unwrap().game;
    assert_eq!(clock(&loaded, next_day), clock(&game, 180));
    let reading = clock(&loaded, next_day);
    assert_eq!(reading.played_seconds, 180 * MINUTE);
    assert_eq!(reading.left_seconds, Some(180 * MINUTE));
    assert_eq!(reading.warn_seconds, Some(30 * MINUTE));
    // The replay the undo path uses gives the same clock as the load.
    let replayed = replay(loaded.scenario(), loaded.seed(), loaded.log()).unwrap();
    assert_eq!(ClockView::of(&replayed, at(next_day)), reading);
}

/// `clock left` moves the slot to what the table says is left; the checklist and the
/// title warn once what is left is at the referee's warning.
#[test]
fn the_referee_sets_what_is_left_and_when_to_be_warned() {
    let mut game = quatre_bras_with_slot("4h");
    given(&mut game, "next", 0);
    given(&mut game, "clock left 1h30", 120);
    given(&mut game, "clock warn 20m", 121);
    assert_eq!(clock(&game, 125).left_seconds, Some(85 * MINUTE));
    assert!(!clock(&game, 189).warning);
    assert!(clock(&game, 190).warning);
    let over = ClockWords::of(game.state(), at(215)).unwrap();
    assert_eq!(over.short, "5m over");
    assert!(over.warning);
    given(&mut game, "clock warn off", 216);
    assert_eq!(clock(&game, 216).warn_seconds, None);
}

/// Each refusal names what is wrong and leaves the game as it was.
#[test]
fn a_clock_command_that_cannot_be_taken_changes_nothing() {
    let mut game = quatre_bras_with_slot("4h");
    given(&mut game, "clock pause", 0);
    let mut no_slot = common::start(scenario::built_in("quatre-bras").unwrap(), 1);
    for (slot, line, said) in [
        (true, "clock pause", "the clock is already paused"),
        (true, "clock left 2x", "\"2x\" is not a length of time"),
        (true, "clock left 100h", "100h is longer than 99 hours"),
        (true, "clock warn off", "no clock warning to switch off"),
        (true, "clock stop", "usage: clock pause|resume|left <time>"),
        (true, "clock", "usage: clock pause|resume|left <time>"),
        (false, "clock resume", "the clock is running"),
        (
            false,
            "clock warn 30m",
            "the game has no slot to warn before",
        ),
    ] {
        let game = if slot { &mut game } else { &mut no_slot };
        let log = game.log().len();
        let before = ClockView::of(game.state(), at(5));
        let refusal = game.perform_by(line, None, Some(at(5))).unwrap_err();
        assert!(refusal.to_string().contains(said), "{line}: {refusal}");
        assert_eq!(game.log().len(), log, "{line}");
        assert_eq!(ClockView::of(game.state(), at(5)), before, "{line}");
    }
}

/// A scenario's slot is checked at its line, as every other value.
#[test]
fn a_scenario_slot_that_is_not_a_time_is_refused_at_its_line() {
    let text = scenario::built_in("quatre-bras").unwrap().replacen(
        "turns = 12",
        "turns = 12\nslot = \"four hours\"",
        1,
    );
    let error = scenario::parse("quatre-bras", &text)
        .unwrap_err()
        .to_string();
    let line = text.lines().position(|l| l.starts_with("slot =")).unwrap() + 1;
    assert!(error.contains(&format!(":{line}:")), "{error}");
    assert!(
        error.contains("\"four hours\" is not a length of time"),
        "{error}"
    );
}

/// The title counts the slot down and gives the pace, dropping the pace before the
/// battle's own words on a phone; the checklist warns at the referee's time.
#[test]
fn the_title_and_the_checklist_show_the_clock_80x24_and_50x20() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("game.toml");
    let mut game = quatre_bras_with_slot("4h");
    given(&mut game, "hit fr-61 1", 0);
    a_turn(&mut game, 50);
    a_turn(&mut game, 100);
    given(&mut game, "clock warn 2h15m", 101);
    persist::save(&game, &path).unwrap();
    let theme = Theme::built_in().unwrap().without_colours();
    let mut app = App::new(game, path, None, theme);
    app.save_label = "~/battles/quatre-bras.toml".to_owned();
    app.now = || at(110);
    let laptop = drawn(&mut app, 80, 24).backend().to_string();
    insta::assert_snapshot!("clock_title_80x24", laptop);
    let phone = drawn(&mut app, 50, 20).backend().to_string();
    insta::assert_snapshot!("clock_title_50x20", phone);
    assert!(
        laptop.contains("2h10m left · 50m/turn: ends T5, not T12"),
        "{laptop}"
    );
    assert!(laptop.contains("Turn 3 · French · 2h10m left!"), "{laptop}");
    assert!(
        phone.lines().next().unwrap().contains("2h10m left"),
        "{phone}"
    );
}

/// `adjutant new --slot` gives a new game its slot; `show` and `show --json` read the
/// clock, and `log --json` dates each command.
#[test]
fn the_command_line_starts_a_slot_and_shows_the_clock() {
    use common::cli::{act, adjutant, show_json};
    let folder = tempfile::tempdir().unwrap();
    let save = folder.path().join("g.toml");
    adjutant()
        .args(["new", "quatre-bras", "--seed", "1", "--slot", "3h30m", "-o"])
        .arg(&save)
        .assert()
        .success();
    let json = show_json(&save);
    assert_eq!(json["clock"]["slot_seconds"], 210 * MINUTE);
    assert!(json["clock"]["started"].is_null());
    act(&save, "next");
    let json = show_json(&save);
    let started = json["clock"]["started"].as_str().unwrap();
    assert!(started.parse::<Moment>().is_ok(), "{started}");
    assert_eq!(json["clock"]["sides"][0]["side"], "france");
    let log = adjutant()
        .args(["log", "--json"])
        .arg(&save)
        .output()
        .unwrap();
    let log: serde_json::Value = serde_json::from_slice(&log.stdout).unwrap();
    assert_eq!(log[0]["at"].as_str(), Some(started));
    let shown = adjutant().arg("show").arg(&save).output().unwrap();
    let shown = String::from_utf8_lossy(&shown.stdout);
    assert!(
        shown
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("Clock: 0m played since "),
        "{shown}"
    );
    let refused = adjutant()
        .args(["new", "quatre-bras", "--slot", "0m", "-o"])
        .arg(folder.path().join("h.toml"))
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&refused.stderr).contains("a slot of no time leaves no game"));
    assert!(!Path::new(&folder.path().join("h.toml")).exists());
}

/// `play --slot` in a real terminal: the title counts the slot from the start, `clock
/// pause` shows on it, and the save opened again is still paused.
#[test]
fn play_with_a_slot_shows_the_clock_and_a_reopened_save_keeps_it_paused() {
    use common::tmux::{Tmux, saved_in, scenario_file, tmux_available};
    if !tmux_available() {
        return;
    }
    let folder = tempfile::TempDir::new().unwrap();
    let scenario_file = scenario_file(folder.path(), "quatre-bras");
    let tmux = Tmux::start(&scenario_file, &["play"], &["--slot", "4h"], 80, 24);
    // Not started: the whole slot is left, whatever the time.
    let screen = tmux.wait_for("4h00m left");
    assert!(
        screen.lines().next().unwrap().contains("4h00m left"),
        "{screen}"
    );
    tmux.run_line("clock pause");
    let screen = tmux.wait_for("clock paused: 0m played, 4h00m left");
    assert!(
        screen.lines().next().unwrap().contains("PAUSED 4h00m left"),
        "{screen}"
    );
    tmux.send("q");
    let screen = tmux.wait_for("exit=0");
    let saved = saved_in(&screen);
    drop(tmux);

    let tmux = Tmux::play(&saved, 50, 20);
    let screen = tmux.wait_for("PAUSED");
    assert!(
        screen.lines().next().unwrap().contains("PAUSED 4h00m left"),
        "{screen}"
    );
}

/// The report dates the game and gives its length by the clock at the last command, not
/// at the time the report is made, with each side's share of it.
#[test]
fn the_report_tells_when_and_how_long_the_game_was_played() {
    use adjutant::report::Report;
    let mut game = quatre_bras_with_slot("4h");
    // The French phases of turn 1 take 30 minutes, the Allied ones 20, then lunch. The
    // clock starts with the first command.
    given(&mut game, "hit fr-61 1", 0);
    while game.state().active() == "france" {
        given(&mut game, "next", 30);
    }
    given(&mut game, "clock pause", 50);
    given(&mut game, "clock resume", 110);
    let report = Report::of(&game);
    assert_eq!(
        report.clock.as_deref(),
        Some(
            "Played on 2026-11-27 for 50m (pauses left out) of a 4h00m slot: French 30m, \
             Anglo-Allied 20m"
        )
    );
    assert!(Report::of(&quatre_bras_with_slot("4h")).clock.is_none());
}

/// Every side reads the clock's lines as the referee does: what was played and what was
/// left at the command. Found over SSH, where a player's log said `0m played` for a pause
/// the referee saw at `2m played`: the side's log applied the events without their time.
#[test]
fn each_side_reads_the_clocks_lines_as_the_referee_does() {
    use adjutant::game::{SeenLog, Viewer};
    let mut game = quatre_bras_with_slot("3h");
    given(&mut game, "next", 0);
    given(&mut game, "clock pause", 2);
    let referees = game.narrated_log().last().unwrap().1.to_vec();
    assert_eq!(referees, ["clock paused: 2m played, 2h58m left"]);
    for viewer in [
        Viewer::Side("france"),
        Viewer::Side("allies"),
        Viewer::Guest,
    ] {
        let seen = SeenLog::of(viewer, &game);
        let entry = seen.entries.last().unwrap();
        assert_eq!(entry.command.as_deref(), Some("clock pause"), "{viewer:?}");
        assert_eq!(entry.said, referees, "{viewer:?}");
    }
}

/// A chess clock: `clock sides 1h` gives each side an hour as the active side. The French
/// are active from the first command (0) to their last `next` (20), then the Allies: at
/// 30 the French have 40 minutes left and the Allies 50, the title saying the active
/// side's; once a side's hour is spent, the clock warns. (*Sound the Charge*'s turn is
/// one side's, so the pace is 20 minutes a turn, and the slot reaches turn 12.)
#[test]
fn a_chess_clock_runs_down_the_active_sides_allowance() {
    let mut game = quatre_bras_with_slot("4h");
    given(&mut game, "clock sides 1h", 0);
    while game.state().active() == "france" {
        given(&mut game, "next", 20);
    }
    let view = clock(&game, 30);
    let left: Vec<Option<i64>> = view.sides.iter().map(|s| s.left_seconds).collect();
    assert_eq!(left, [Some(40 * MINUTE), Some(50 * MINUTE)]);
    let words = ClockWords::of(game.state(), at(30)).unwrap();
    assert_eq!(
        words.long,
        "3h30m left · 20m/turn: reaches T12 · French 40m, Anglo-Allied 50m"
    );
    assert_eq!(words.short, "3h30m left · Anglo-Allied 50m");
    assert!(!words.warning);
    let spent = ClockWords::of(game.state(), at(81)).unwrap();
    assert_eq!(spent.short, "2h39m left · Anglo-Allied 1m over");
    assert!(spent.warning);
    given(&mut game, "clock sides off", 82);
    assert_eq!(clock(&game, 82).sides[0].left_seconds, None);
    let refusal = game.perform_by("clock sides off", None, Some(at(83)));
    assert!(refusal.unwrap_err().to_string().contains("no chess clock"));
}
