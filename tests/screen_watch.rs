//! The watcher's screen (`adjutant watch`) on a real save: every key that would change the
//! battle is refused and writes nothing, the rest move around as on the referee's screen;
//! a reload keeps the selection and the scroll; a bad file raises an alarm that only a
//! good file clears; `--side` shows the other side as the table does. Snapshots at a
//! laptop (80x24) and a phone (50x20).

mod common;

use adjutant::game::Game;
use adjutant::persist;
use adjutant::tui::app::{App, Overlay, Pane, READ_ONLY, Tone};
use adjutant::tui::keys;
use adjutant::tui::theme::Theme;
use adjutant::tui::watch::{self, Seen};
use common::screen::{Opened, open_app, press, screen};
use crossterm::event::KeyCode;

/// Quatre-Bras a turn in, as the referee left it.
const BATTLE: &[&str] = &[
    "next",
    "hit fr-61 2",
    "shaken fr-61",
    "disorder fr-108",
    "rout nl-27j 3",
];

/// A watcher's screen on the battle, for `side` or for all.
fn watching(side: Option<&str>) -> Opened {
    let mut opened = open_app("quatre-bras", 1815, BATTLE, Theme::built_in().unwrap());
    opened
        .app
        .watch(side.map_or(adjutant::game::Looker::Referee, |s| {
            adjutant::game::Looker::Side(s.to_owned())
        }));
    opened
}

/// The game as the referee's next command leaves it, `line` carried out.
fn referee_does(app: &App, line: &str) -> Game {
    let mut game = app.game().clone();
    game.perform(line).unwrap();
    game
}

#[test]
fn every_key_that_would_change_the_battle_is_refused_and_writes_nothing() {
    let mut opened = watching(None);
    let on_disk = std::fs::read(&opened.path).unwrap();
    let app = &mut opened.app;
    let logged = app.game().log().len();
    let state = app.game().state().clone();
    // hit, unhit, rout, unrout, shaken, disorder, formation, command, the five forms,
    // remove, next, undo, the `:` line; then redo (ctrl-r) and a paste.
    for key in "hHrRsdfcFtabmxnu:".chars() {
        app.message = None;
        press(app, &[KeyCode::Char(key)]);
        assert_eq!(app.overlay, Overlay::None, "{key} opened a window");
        let message = app.message.clone().expect("a word on the status line");
        assert_eq!(
            (message.text.as_str(), message.tone),
            (READ_ONLY, Tone::Refused),
            "{key}"
        );
    }
    keys::handle(
        app,
        crossterm::event::KeyEvent::new(
            KeyCode::Char('r'),
            crossterm::event::KeyModifiers::CONTROL,
        ),
    );
    keys::paste(app, "hit fr-61 1");
    assert_eq!(
        app.message.as_ref().map(|m| m.text.as_str()),
        Some(READ_ONLY)
    );
    // The one door every change goes through is shut too.
    assert!(!app.carry_out("hit fr-61 1"));
    assert_eq!(app.game().log().len(), logged);
    assert_eq!(app.game().state(), &state);
    assert_eq!(
        std::fs::read(&opened.path).unwrap(),
        on_disk,
        "the save was written"
    );
    let lock = persist::lock_path(&opened.path);
    assert!(!lock.exists(), "a lock file was made");
}

#[test]
fn moving_around_details_reference_help_and_quit_still_work() {
    let mut opened = watching(None);
    let app = &mut opened.app;
    let first = app.selected_unit().unwrap().id.clone();
    press(app, &[KeyCode::Char('j')]);
    assert_ne!(
        app.selected_unit().unwrap().id,
        first,
        "j moved the selection"
    );
    press(app, &[KeyCode::Enter]);
    assert_eq!(app.overlay, Overlay::Detail);
    press(app, &[KeyCode::Char('h')]);
    assert_eq!(
        app.overlay,
        Overlay::Detail,
        "a refused key leaves the details open"
    );
    press(app, &[KeyCode::Esc, KeyCode::Char('/')]);
    assert_eq!(app.overlay, Overlay::Reference);
    press(app, &[KeyCode::Esc, KeyCode::Char('?')]);
    assert_eq!(app.overlay, Overlay::Help);
    let help = screen(app, 80, 24);
    assert!(help.contains("Read-only"), "{help}");
    assert!(
        !help.contains("add a loss hit"),
        "help offers the hit key:\n{help}"
    );
    press(app, &[KeyCode::Esc, KeyCode::Char('4'), KeyCode::Char('k')]);
    assert_eq!((app.focus, app.log_scroll), (Pane::Log, 1));
    press(app, &[KeyCode::Char('q')]);
    assert!(app.should_quit());
}

#[test]
fn a_reload_keeps_the_selected_unit_and_the_scroll() {
    let mut opened = watching(None);
    let app = &mut opened.app;
    app.select_unit("fr-108");
    app.log_scroll = 2;
    app.roster_offset = 3;
    let lines = app.log_lines().count();
    let game = referee_does(app, "hit fr-2lg 1");
    app.reload(game);
    assert_eq!(app.selected_unit().unwrap().id, "fr-108");
    assert_eq!(app.roster_offset, 3);
    // The lines looked at stay in view: the new ones arrive below them.
    assert_eq!(app.log_scroll, 2 + app.log_lines().count() - lines);
    assert_eq!(app.game().state().unit("fr-2lg").unwrap().loss_hits, 1);
    assert_eq!(
        app.watching().unwrap().updated,
        "updated T1 movement: hit fr-2lg 1"
    );
    let undone = referee_does(app, "undo");
    app.reload(undone);
    assert_eq!(
        app.watching().unwrap().updated,
        "updated T1 movement: 1 undone"
    );
}

/// Found trying docs/ssh.md over a real sshd: once a key had been refused, "read-only:
/// watching" stayed on the status line and hid the referee's changes until Esc.
#[test]
fn a_change_replaces_a_refusal_on_the_status_line() {
    let mut opened = watching(None);
    let app = &mut opened.app;
    press(app, &[KeyCode::Char('h')]);
    assert!(screen(app, 80, 24).contains("read-only: watching"));
    let game = referee_does(app, "hit fr-2lg 1");
    app.reload(game);
    let shown = screen(app, 80, 24);
    assert!(!shown.contains("read-only: watching"), "{shown}");
    assert!(
        shown.contains("updated T1 movement: hit fr-2lg 1"),
        "{shown}"
    );
}

/// A new game written at the watched path is news of its own, not "3 undone" (found the
/// same way).
#[test]
fn a_new_game_at_the_path_is_called_a_new_game() {
    let mut opened = watching(None);
    let app = &mut opened.app;
    let fresh = open_app("quatre-bras", 1816, &[], Theme::built_in().unwrap());
    app.reload(fresh.app.game().clone());
    assert_eq!(
        app.watching().unwrap().updated,
        "updated T1 rally: a new game"
    );
    // Undone to a shorter log of the same game is still an undo.
    let mut game = app.game().clone();
    game.perform("hit fr-2lg 1").unwrap();
    app.reload(game.clone());
    game.perform("undo").unwrap();
    app.reload(game);
    assert_eq!(
        app.watching().unwrap().updated,
        "updated T1 rally: 1 undone"
    );
}

#[test]
fn a_roll_made_elsewhere_brings_up_the_dice() {
    let mut opened = watching(None);
    let app = &mut opened.app;
    let mut game = referee_does(app, "next");
    game.perform("shoot fr-2lg nl-27j close").unwrap();
    app.reload(game);
    assert_eq!(app.lower_pane, Pane::Dice);
}

#[test]
fn a_bad_file_raises_an_alarm_that_only_a_good_file_clears() {
    let mut opened = watching(None);
    let app = &mut opened.app;
    let shown = app.game().log().len();
    assert!(watch::show(
        app,
        Seen::Bad("game.toml:3: expected `=`".into())
    ));
    assert_eq!(app.game().log().len(), shown, "the last good game stays");
    let phone = screen(app, 50, 20);
    assert!(phone.contains("! game.toml:3: expected `=`"), "{phone}");
    press(app, &[KeyCode::Char('h')]);
    assert!(screen(app, 50, 20).contains("read-only: watching"));
    press(app, &[KeyCode::Esc]);
    assert!(
        screen(app, 50, 20).contains("game.toml:3"),
        "Esc hid the alarm"
    );
    let game = referee_does(app, "hit fr-61 1");
    assert!(watch::show(app, Seen::Game(Box::new(game))));
    assert_eq!(app.watching().unwrap().alarm, None);
    assert!(!screen(app, 50, 20).contains("game.toml:3"));
    assert!(!watch::show(app, Seen::Same), "nothing new, nothing drawn");
}

#[test]
fn one_side_sees_the_other_as_the_table_shows_it() {
    // The whole rule is tested in tests/side_view.rs; here, that `--side` applies it.
    let mut opened = watching(Some("allies"));
    let app = &mut opened.app;
    // A side's player opens on their own units, whose turn it is or not.
    assert_eq!(app.selected_unit().unwrap().side, "allies");
    app.select_unit("nl-27j");
    assert_eq!(app.selected_unit().unwrap().id, "nl-27j");
    let laptop = screen(app, 100, 40);
    assert!(laptop.contains("Anglo-Allied:"), "{laptop}");
    assert!(laptop.contains("French:"), "{laptop}");
    let row = |id: &str| {
        laptop
            .lines()
            .find(|l| l.contains(&format!(" {id} ")))
            .unwrap_or_else(|| panic!("no row for {id}:\n{laptop}"))
            .to_owned()
    };
    // fr-61's two hits show as figures, not as loss or rout; its shaken marker shows.
    assert!(row("fr-61").contains("10/12 ?"), "{}", row("fr-61"));
    assert!(row("fr-61").contains(" S "), "{}", row("fr-61"));
    assert!(row("nl-27j").contains("9/12  0/3"), "{}", row("nl-27j"));
}

#[test]
fn an_unknown_side_is_refused_with_the_sides_there_are() {
    let opened = watching(None);
    let theme = Theme::built_in().unwrap();
    let options = adjutant::tui::Options::default();
    let error = watch::prepare(&opened.path, Some("prussia"), theme.clone(), &options)
        .err()
        .expect("an unknown side is refused")
        .to_string();
    assert!(error.contains("no side 'prussia'"), "{error}");
    assert!(error.ends_with("its sides are: france, allies"), "{error}");
    assert!(watch::prepare(&opened.path, Some("France"), theme, &options).is_ok());
}

#[test]
fn laptop_80x24() {
    let mut opened = watching(None);
    opened.app.select_unit("fr-108");
    let game = referee_does(&opened.app, "hit fr-108 1");
    opened.app.reload(game);
    insta::assert_snapshot!(screen(&mut opened.app, 80, 24));
}

#[test]
fn phone_50x20_one_side() {
    let mut opened = watching(Some("france"));
    opened.app.select_unit("fr-61");
    insta::assert_snapshot!(screen(&mut opened.app, 50, 20));
}

#[test]
fn phone_50x20_with_an_alarm() {
    let mut opened = watching(Some("france"));
    watch::show(
        &mut opened.app,
        Seen::Bad("showing the last good game: game.toml:12: expected `=` after a key".into()),
    );
    insta::assert_snapshot!(screen(&mut opened.app, 50, 20));
}

/// A player's checklist over `serve`, in the French rally phase with fr-61 shaken: the
/// items say what stands on the table, and offer no command or key of the referee's (the
/// rally is the referee's `rally`, the command check his `cmd` or `c`), which a read-only
/// screen cannot use.
#[test]
fn a_players_checklist_offers_no_command_of_the_referees() {
    let opened = open_app(
        "quatre-bras",
        1815,
        &["hit fr-61 2", "shaken fr-61"],
        Theme::built_in().unwrap(),
    );
    let game = opened.app.game().clone();
    let mut player = App::watcher(
        game,
        &opened.path,
        Theme::built_in().unwrap(),
        adjutant::game::Looker::Side("france".to_owned()),
    );
    press(&mut player, &[KeyCode::Char('2')]);
    let checklist = screen(&mut player, 50, 20);
    assert!(
        !checklist.contains('`'),
        "the player is offered a command:\n{checklist}"
    );
    insta::assert_snapshot!(checklist);
}
