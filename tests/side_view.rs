//! A side's view (`adjutant watch --side`): every pane, window and the status line show
//! the other side only as a player at the table sees it — its units, figures, formation,
//! markers, and the results of its throws — and never the referee's notes, its grades,
//! the split of its hits into loss and rout, the tests it owes, its command state or its
//! checklist (docs/security.md, "A side's view").

mod common;

use adjutant::game::Game;
use adjutant::tui::app::{App, Overlay, Pane};
use adjutant::tui::theme::Theme;
use common::screen::{Opened, cell, drawn, everything, open_app, pane, symbols as screen, watched};

/// Quatre-Bras in the French shooting phase of turn 1, with secrets on the allied side.
const BATTLE: &[&str] = &[
    "next",
    // The referee's notes: free text, his alone (the French one too).
    "note nl-5m Picton waits behind the ridge",
    "note fr-61 feint on the left",
    // A shaken marker is on the table; the checklist's line about it is the referee's.
    "shaken nl-27j",
    // Command state: the referee's judgement.
    "cmd na-2-1 out",
    // Figures lost are seen; which were loss and which rout hits is not.
    "rout br-28 2",
    "hit br-79 1",
    "next",
    "shoot fr-2lg nl-5m close dice=6,6,6",
    // na-2-1 now owes a morale test: the referee's to settle, unseen by France.
    "shoot fr-61 na-2-1 close dice=6,6,6",
    // Rolled: its result is seen, its working (grade D) is not.
    "test nl-5m roll=1",
];

fn watching(side: Option<&str>) -> Opened {
    watched("quatre-bras", 1815, BATTLE, side)
}

/// The secrets of the battle above, each with what it is.
const ALLIED_SECRETS: &[(&str, &str)] = &[
    ("Picton waits", "the referee's note on an allied unit"),
    ("feint on the left", "the referee's note on a French unit"),
    ("rout br-28", "the command that split br-28's hits"),
    ("hit br-79", "the command that split br-79's hits"),
    ("2 rout hits", "br-28's hits split"),
    ("1 loss hit", "br-79's hits split"),
    ("out of command", "na-2-1's command state"),
    ("cmd na-2-1", "the command that set it"),
    ("must test morale", "the test na-2-1 owes"),
    ("owes a morale test", "the checklist's line for it"),
    ("grade D", "nl-5m's grade, in its test's working"),
    ("needing 6+", "nl-5m's test's score, in the log"),
    ("need 6+", "nl-5m's test's score, on the dice pane"),
];

#[test]
fn france_sees_none_of_the_allied_secrets_anywhere() {
    let mut opened = watching(Some("france"));
    for unit in ["nl-5m", "na-2-1", "br-28", "fr-61"] {
        let seen = everything(&mut opened.app, unit);
        for (secret, what) in ALLIED_SECRETS {
            assert!(
                !seen.contains(secret),
                "France sees {what} ({secret:?}) with {unit} selected:\n{seen}"
            );
        }
    }
}

#[test]
fn the_referee_sees_every_secret() {
    let mut opened = watching(None);
    let mut seen = everything(&mut opened.app, "nl-5m");
    seen.push_str(&everything(&mut opened.app, "fr-61"));
    for (secret, what) in ALLIED_SECRETS {
        // The working of a test and the owed test show in the log and checklist; the
        // command words in the log.
        assert!(
            seen.contains(secret),
            "the referee misses {what} ({secret:?})"
        );
    }
}

#[test]
fn the_roster_shows_the_allied_units_as_they_stand_on_the_table() {
    let mut opened = watching(Some("france"));
    let roster = screen(&mut opened.app, 140, 50);
    // Both armies, the allies by id, name, type, figures, formation and markers.
    assert!(roster.contains("French:"), "{roster}");
    assert!(roster.contains("Anglo-Allied:"), "{roster}");
    for public in ["nl-5m", "5th Militia Bn", "1/28th Foot", "Stevenart"] {
        assert!(roster.contains(public), "{public} missing:\n{roster}");
    }
    assert_eq!(cell(&roster, "FIGS", "br-28"), "10/12");
    assert_eq!(cell(&roster, "FIGS", "nl-5m"), "8/12");
    assert_eq!(cell(&roster, "FORM", "br-28"), "line");
    assert_eq!(
        cell(&roster, "S D G", "nl-27j"),
        "S · ·",
        "the shaken marker"
    );
    // Their grades, hit split and command state are the referee's.
    for unit in ["nl-5m", "br-28", "br-79", "na-2-1"] {
        assert_eq!(cell(&roster, "GR", unit), "?", "{unit}'s grade:\n{roster}");
        assert_eq!(cell(&roster, "L/R", unit), "?", "{unit}'s hits:\n{roster}");
        assert_eq!(
            cell(&roster, "CMD", unit),
            "?",
            "{unit}'s command:\n{roster}"
        );
    }
    // France's own, whole.
    assert_eq!(cell(&roster, "GR", "fr-1lg"), "B");
    assert_eq!(cell(&roster, "CMD", "fr-61"), "in");
}

#[test]
fn france_sees_its_own_units_whole_but_for_the_referees_note() {
    let mut opened = watching(Some("france"));
    opened.app.select_unit("fr-61");
    opened.app.overlay = Overlay::Detail;
    let detail = screen(&mut opened.app, 100, 60);
    assert!(detail.contains("grade C"), "{detail}");
    assert!(detail.contains("0 loss · 0 rout"), "{detail}");
    assert!(detail.contains("in command"), "{detail}");
    assert!(!detail.contains("feint"), "{detail}");
}

#[test]
fn an_allied_units_details_are_what_the_table_shows() {
    let mut opened = watching(Some("france"));
    opened.app.select_unit("nl-5m");
    assert_eq!(opened.app.selected_unit().unwrap().id, "nl-5m");
    opened.app.overlay = Overlay::Detail;
    let detail = screen(&mut opened.app, 100, 60);
    for public in ["5th Militia Bn", "8 of 12", "SHAKEN", "line"] {
        assert!(detail.contains(public), "{public} missing:\n{detail}");
    }
    for hidden in ["grade", "loss", "rout ·", "command", "needs", "RETREAT"] {
        assert!(!detail.contains(hidden), "{hidden} shown:\n{detail}");
    }
}

#[test]
fn the_log_tells_france_what_was_seen_at_the_table() {
    let mut opened = watching(Some("france"));
    let log = pane(&mut opened.app, Pane::Log);
    for seen in [
        // France's own throw, whole: its working too.
        "fr-2lg shoots at nl-5m",
        "[6 6 6] needing 3+",
        "3 hits on nl-5m",
        // The allied marker, figures and the result of the allied throw.
        "nl-27j (27th Jager Bn) is shaken",
        "br-28 (1/28th Foot) takes 2 hits: 10 figures left",
        "nl-5m tests morale after shooting",
        "FAILED",
    ] {
        assert!(log.contains(seen), "{seen:?} missing:\n{log}");
    }
}

#[test]
fn a_command_seen_whole_keeps_its_words_one_seen_in_part_loses_them() {
    let mut opened = watching(Some("france"));
    let log = pane(&mut opened.app, Pane::Log);
    assert!(log.contains("T1 france movement shaken nl-27j"), "{log}");
    // `rout br-28 2` would tell the kind of its hits.
    assert!(log.contains("T1 france movement …"), "{log}");
    // A note is not there at all.
    assert!(!log.contains("note"), "{log}");
}

#[test]
fn the_reference_window_tells_france_its_own_units_needs_only() {
    let mut opened = watching(Some("france"));
    opened.app.overlay = Overlay::Reference;
    opened.app.select_unit("fr-61");
    let own = screen(&mut opened.app, 100, 40);
    assert!(own.contains("fr-61 1/61e Ligne needs"), "{own}");
    opened.app.select_unit("nl-5m");
    let allied = screen(&mut opened.app, 100, 40);
    assert!(!allied.contains("5th Militia Bn needs"), "{allied}");
    let mut referee = watching(None);
    referee.app.overlay = Overlay::Reference;
    referee.app.select_unit("nl-5m");
    let all = screen(&mut referee.app, 100, 40);
    assert!(all.contains("nl-5m 5th Militia Bn needs"), "{all}");
}

#[test]
fn the_checklist_shows_france_its_own_items_only() {
    let mut opened = watching(Some("france"));
    let checklist = pane(&mut opened.app, Pane::Checklist);
    let state = opened.app.game().state();
    for unit in state.units().iter().filter(|u| u.side == "allies") {
        assert!(
            !checklist.contains(&unit.id),
            "{} in France's checklist:\n{checklist}",
            unit.id
        );
    }
    let mut referee = watching(None);
    let all = pane(&mut referee.app, Pane::Checklist);
    assert!(all.contains("na-2-1"), "{all}");
}

#[test]
fn the_status_line_tells_a_hidden_command_by_its_time_only() {
    let mut opened = watching(Some("france"));
    let mut game: Game = opened.app.game().clone();
    game.perform("note br-42 the Highlanders are low on powder")
        .unwrap();
    opened.app.reload(game.clone());
    let status = screen(&mut opened.app, 80, 24);
    assert!(!status.contains("powder"), "{status}");
    assert!(status.contains("updated T1 shooting"), "{status}");
    game.perform("rout br-42 1").unwrap();
    opened.app.reload(game.clone());
    let status = screen(&mut opened.app, 80, 24);
    assert!(!status.contains("rout br-42"), "{status}");
    game.perform("disorder br-42").unwrap();
    opened.app.reload(game);
    let status = screen(&mut opened.app, 80, 24);
    assert!(
        status.contains("disorder br-42"),
        "a public command:\n{status}"
    );
}

#[test]
fn france_at_80x24_with_an_allied_unit_selected() {
    let mut opened = watching(Some("france"));
    opened.app.select_unit("nl-5m");
    insta::assert_snapshot!(screen_lines(&mut opened.app, 80, 24));
}

#[test]
fn france_at_50x20_on_the_log() {
    let mut opened = watching(Some("france"));
    opened.app.focus = Pane::Log;
    insta::assert_snapshot!(screen_lines(&mut opened.app, 50, 20));
}

#[test]
fn france_at_50x20_on_the_dice() {
    let mut opened = watching(Some("france"));
    opened.app.focus = Pane::Dice;
    insta::assert_snapshot!(screen_lines(&mut opened.app, 50, 20));
}

fn screen_lines(app: &mut App, width: u16, height: u16) -> String {
    drawn(app, width, height).backend().to_string()
}

// --- Hidden things change nothing a side sees -----------------------------------------

mod hidden_changes_nothing {
    use super::common::cases::cases;
    use adjutant::game::Game;
    use adjutant::scenario;
    use adjutant::tui::app::{App, Overlay, Pane};
    use adjutant::tui::theme::Theme;
    use proptest::prelude::*;
    use std::path::PathBuf;

    const FRENCH: [&str; 4] = ["fr-2lg", "fr-61", "fr-108", "fr-8cu"];
    const ALLIED: [&str; 4] = ["nl-27j", "nl-5m", "br-28", "br-79"];

    /// A referee's command on the table, with what France may not see of it drawn apart:
    /// an allied unit's hits as loss or rout, its command, a note's text.
    #[derive(Debug, Clone)]
    enum Step {
        Hits { unit: usize, count: u32 },
        AlliedHits { unit: usize, count: u32 },
        Shaken { unit: usize, allied: bool },
        Disorder { unit: usize, allied: bool },
        AlliedCommand { unit: usize },
        Note { unit: usize, allied: bool },
        Next,
    }

    /// The step's words with the hidden things as `secret` picks them.
    fn words(step: &Step, secret: bool, n: usize) -> String {
        match *step {
            Step::Hits { unit, count } => format!("hit {} {count}", FRENCH[unit]),
            Step::AlliedHits { unit, count } => {
                let verb = if secret { "rout" } else { "hit" };
                format!("{verb} {} {count}", ALLIED[unit])
            }
            Step::Shaken { unit, allied } => {
                format!(
                    "shaken {}",
                    if allied { ALLIED[unit] } else { FRENCH[unit] }
                )
            }
            Step::Disorder { unit, allied } => {
                format!(
                    "disorder {}",
                    if allied { ALLIED[unit] } else { FRENCH[unit] }
                )
            }
            Step::AlliedCommand { unit } => {
                format!("cmd {} {}", ALLIED[unit], if secret { "out" } else { "in" })
            }
            Step::Note { unit, allied } => format!(
                "note {} {}{n}",
                if allied { ALLIED[unit] } else { FRENCH[unit] },
                if secret { "secretword" } else { "otherword" }
            ),
            Step::Next => "next".to_owned(),
        }
    }

    fn step() -> impl Strategy<Value = Step> {
        prop_oneof![
            (0..4usize, 1..4u32).prop_map(|(unit, count)| Step::Hits { unit, count }),
            (0..4usize, 1..4u32).prop_map(|(unit, count)| Step::AlliedHits { unit, count }),
            (0..4usize, any::<bool>()).prop_map(|(unit, allied)| Step::Shaken { unit, allied }),
            (0..4usize, any::<bool>()).prop_map(|(unit, allied)| Step::Disorder { unit, allied }),
            (0..4usize).prop_map(|unit| Step::AlliedCommand { unit }),
            (0..4usize, any::<bool>()).prop_map(|(unit, allied)| Step::Note { unit, allied }),
            Just(Step::Next),
        ]
    }

    /// The battle after `steps`, hidden things as `secret` picks them; a step refused in
    /// either telling is left out of both.
    fn battle(steps: &[Step], secret: bool) -> Game {
        let (parsed, spec) =
            scenario::parse("quatre-bras", scenario::built_in("quatre-bras").unwrap()).unwrap();
        let mut game = Game::new(parsed, spec, 1815);
        let mut other = game.clone();
        for (n, step) in steps.iter().enumerate() {
            let (mine, theirs) = (words(step, secret, n), words(step, !secret, n));
            let (mut tried, mut tried_other) = (game.clone(), other.clone());
            if tried.perform(&mine).is_ok() && tried_other.perform(&theirs).is_ok() {
                game = tried;
                other = tried_other;
            }
        }
        game
    }

    /// Everything France's screen shows, in each pane and window, with each unit selected.
    fn france_sees(game: Game) -> String {
        let mut app = App::new(
            game,
            PathBuf::from("/nonexistent/game.toml"),
            None,
            Theme::built_in().unwrap(),
        );
        app.watch(adjutant::game::Looker::Side("france".to_owned()));
        let mut seen = String::new();
        let ids: Vec<String> = app.roster_units().iter().map(|u| u.id.clone()).collect();
        for which in Pane::ALL {
            app.focus = which;
            seen.push_str(&super::screen(&mut app, 60, 80));
        }
        for id in ids
            .iter()
            .filter(|id| super::ALLIED_IDS.contains(&id.as_str()))
        {
            app.select_unit(id);
            app.overlay = Overlay::Detail;
            seen.push_str(&super::screen(&mut app, 80, 50));
        }
        seen
    }

    proptest! {
        #![proptest_config(cases(24))]

        #[test]
        fn an_allied_units_grade_split_command_or_a_note_changes_nothing_france_sees(
            steps in prop::collection::vec(step(), 1..30)
        ) {
            let one = france_sees(battle(&steps, true));
            let other = france_sees(battle(&steps, false));
            prop_assert!(!one.contains("secretword"), "{}", one);
            prop_assert_eq!(one, other);
        }
    }
}

/// The allied units the property test touches, whose details it opens.
const ALLIED_IDS: [&str; 4] = ["nl-27j", "nl-5m", "br-28", "br-79"];

/// fr-61 charges na-2-1 and they fight a round.
const COMBAT: &[&str] = &[
    "next",
    "move fr-61 charge=na-2-1",
    "next",
    "next",
    "combat fr-61 vs na-2-1 dice=6,5,5/3,1,2",
];

#[test]
fn a_combat_round_shows_each_side_the_dice_and_results_not_the_points() {
    for side in ["france", "allies"] {
        let mut opened = open_app("quatre-bras", 1815, COMBAT, Theme::built_in().unwrap());
        opened
            .app
            .watch(adjutant::game::Looker::Side(side.to_owned()));
        let dice = pane(&mut opened.app, Pane::Dice);
        assert!(dice.contains("Close combat: fr-61"), "{side}:\n{dice}");
        assert!(
            dice.contains("fr-61→na-2-1: 6 5 5, 3 hits"),
            "{side}:\n{dice}"
        );
        assert!(
            dice.contains("na-2-1→fr-61: 3 1 2, 1 hit"),
            "{side}:\n{dice}"
        );
        for hidden in ["points", "grade", "need"] {
            assert!(!dice.contains(hidden), "{side} sees {hidden:?}:\n{dice}");
        }
        let log = pane(&mut opened.app, Pane::Log);
        assert!(log.contains("hits given 3, taken 1"), "{side}:\n{log}");
    }
    let mut referee = open_app("quatre-bras", 1815, COMBAT, Theme::built_in().unwrap());
    referee.app.watch(adjutant::game::Looker::Referee);
    let dice = pane(&mut referee.app, Pane::Dice);
    assert!(dice.contains("points"), "{dice}");
}

#[test]
fn a_move_shows_the_other_side_where_not_how_far() {
    let mut opened = open_app("quatre-bras", 1815, COMBAT, Theme::built_in().unwrap());
    opened
        .app
        .watch(adjutant::game::Looker::Side("allies".to_owned()));
    let log = pane(&mut opened.app, Pane::Log);
    assert!(
        log.contains("fr-61 (1/61e Ligne) charges na-2-1 (1/2nd Nassau)"),
        "{log}"
    );
    assert!(!log.contains("(1/2nd Nassau): up to"), "{log}");
    let mut french = open_app("quatre-bras", 1815, COMBAT, Theme::built_in().unwrap());
    french
        .app
        .watch(adjutant::game::Looker::Side("france".to_owned()));
    let log = pane(&mut french.app, Pane::Log);
    assert!(log.contains("move fr-61 charge=na-2-1"), "{log}");
    assert!(log.contains("(1/2nd Nassau): up to"), "{log}");
}
