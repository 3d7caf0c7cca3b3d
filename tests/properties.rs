//! Invariants of the log: undo takes everything back, replay rebuilds the state, saves
//! round-trip, and no sequence of commands breaks the roster's arithmetic.

use adjutant::game::{Game, GameState, UnitStatus, replay};
use adjutant::persist;
use adjutant::rules::sound_the_charge::is_shattered;
use adjutant::scenario;
use proptest::prelude::*;

mod common;

use common::cases::cases;

fn demo_game() -> Game {
    let text = scenario::built_in(scenario::DEMO).unwrap();
    let (scenario, spec) = scenario::parse("demo", text).unwrap();
    Game::new(scenario, spec, 42)
}

/// Command lines over the demo's real ids, with some nonsense mixed in so refusals
/// are exercised too.
fn command_line() -> impl Strategy<Value = String> {
    let game = demo_game();
    let units: Vec<String> = game.state().units().iter().map(|u| u.id.clone()).collect();
    let mut generals: Vec<String> = game
        .state()
        .generals()
        .iter()
        .map(|g| g.id.clone())
        .collect();
    generals.push("nobody".into());
    let unit = prop::sample::select(units);
    let general = prop::sample::select(generals);
    let formation = prop::sample::select(vec![
        "line",
        "column",
        "square",
        "skirmish",
        "limbered",
        "unlimbered",
    ]);
    let on_off = prop::sample::select(vec!["on", "off"]);
    prop_oneof![
        (unit.clone(), 1u32..8).prop_map(|(u, n)| format!("hit {u} {n}")),
        (unit.clone(), 1u32..4).prop_map(|(u, n)| format!("unhit {u} {n}")),
        (unit.clone(), 1u32..4).prop_map(|(u, n)| format!("unrout {u} {n}")),
        (unit.clone(), 1u32..5).prop_map(|(u, n)| format!("rout {u} {n}")),
        (unit.clone(), on_off.clone()).prop_map(|(u, s)| format!("shaken {u} {s}")),
        (unit.clone(), on_off).prop_map(|(u, s)| format!("disorder {u} {s}")),
        (unit.clone(), formation).prop_map(|(u, f)| format!("form {u} {f}")),
        (unit.clone(), prop::bool::ANY)
            .prop_map(|(u, i)| format!("cmd {u} {}", if i { "in" } else { "out" })),
        (general.clone(), unit.clone()).prop_map(|(g, u)| format!("attach {g} {u}")),
        general.prop_map(|g| format!("detach {g}")),
        unit.clone().prop_map(|u| format!("remove {u}")),
        (unit.clone(), "[a-z ]{0,12}").prop_map(|(u, t)| format!("note {u} {t}")),
        (
            unit.clone(),
            unit.clone(),
            prop::sample::select(vec!["close", "far", "5"])
        )
            .prop_map(|(a, b, r)| format!("shoot {a} {b} {r}")),
        (unit.clone(), unit.clone(), 1u8..=6)
            .prop_map(|(a, b, d)| format!("shoot {a} {b} close dice={d},{d},{d} gen={d}")),
        (unit.clone(), prop::bool::ANY)
            .prop_map(|(u, typed)| { format!("test {u} {}", if typed { "roll=2" } else { "" }) }),
        (unit.clone(), prop::bool::ANY).prop_map(|(u, threat)| {
            format!("rally {u} {}", if threat { "threat" } else { "" })
        }),
        (unit.clone(), unit.clone(), unit.clone())
            .prop_map(|(a, b, c)| format!("combat {a} vs {b},{c}")),
        (unit.clone(), unit.clone(), 1u8..=6).prop_map(|(a, b, d)| format!(
            "combat {a} vs {b} flank={b} dice={d},{d},{d},{d}/{d},{d},{d} gen={d}"
        )),
        unit.prop_map(|u| format!("disengage {u}")),
        Just("next".to_owned()),
        Just("undo".to_owned()),
        Just("redo".to_owned()),
        Just("hit nobody 2".to_owned()),
    ]
}

fn play(lines: &[String]) -> Game {
    let mut game = demo_game();
    for line in lines {
        let before = (
            game.state().clone(),
            game.log().len(),
            game.redo_stack().len(),
        );
        if game.perform(line).is_err() {
            let after = (
                game.state().clone(),
                game.log().len(),
                game.redo_stack().len(),
            );
            assert_eq!(before, after, "refused `{line}` changed the game");
        }
    }
    game
}

fn assert_roster_is_consistent(state: &GameState) {
    for unit in state.units() {
        assert!(
            unit.loss_hits + unit.rout_hits <= unit.figures_at_start,
            "{unit:?}"
        );
        assert_eq!(
            unit.figures(),
            unit.figures_at_start - unit.loss_hits - unit.rout_hits
        );
        if unit.status == UnitStatus::InPlay {
            assert!(
                !is_shattered(unit.figures_at_start, unit.figures()),
                "{unit:?}"
            );
            assert!(unit.on_table);
        }
        if !unit.on_table {
            assert!(state.generals_attached_to(&unit.id).next().is_none());
        }
        assert!(unit.arm.allows(unit.formation), "{unit:?}");
    }
}

proptest! {
    #![proptest_config(cases(64))]

    #[test]
    fn undoing_every_command_gives_back_the_opening_state(
        lines in prop::collection::vec(command_line(), 0..60)
    ) {
        let mut game = play(&lines);
        let applied = game.log().len();
        for _ in 0..applied {
            game.perform("undo").unwrap();
        }
        let opening = demo_game();
        prop_assert_eq!(game.state(), opening.state());
        prop_assert!(game.log().is_empty());
        prop_assert_eq!(game.redo_stack().len(), applied + play(&lines).redo_stack().len());
    }

    #[test]
    fn redoing_everything_undone_gives_back_the_end_state(
        lines in prop::collection::vec(command_line(), 0..40)
    ) {
        let played = play(&lines);
        let mut game = played.clone();
        let applied = game.log().len();
        for _ in 0..applied {
            game.perform("undo").unwrap();
        }
        for _ in 0..applied {
            game.perform("redo").unwrap();
        }
        prop_assert_eq!(game.state(), played.state());
        prop_assert_eq!(game.log(), played.log());
    }

    #[test]
    fn replaying_the_log_reproduces_the_state(
        lines in prop::collection::vec(command_line(), 0..60)
    ) {
        let game = play(&lines);
        let replayed = replay(game.scenario(), game.seed(), game.log()).unwrap();
        prop_assert_eq!(&replayed, game.state());
        assert_roster_is_consistent(game.state());
    }

    /// The game keeps its narration and the state at each turn start as it goes, and an
    /// undo replays only from the last turn start: all must match a fresh replay.
    #[test]
    fn what_the_game_keeps_as_it_goes_matches_a_fresh_replay(
        lines in prop::collection::vec(
            prop_oneof![3 => command_line(), 1 => Just("next".to_owned())],
            0..120,
        )
    ) {
        let game = play(&lines);
        let fresh = Game::from_log(
            game.scenario().clone(),
            game.spec().clone(),
            game.seed(),
            game.log().iter().map(|e| (**e).clone()).collect(),
        )
        .unwrap();
        prop_assert_eq!(game.state(), fresh.state());
        let narration = |g: &Game| -> Vec<Vec<String>> {
            g.narrated_log().map(|(_, said)| said.to_vec()).collect()
        };
        prop_assert_eq!(narration(&game), narration(&fresh));
        let turn_starts = |g: &Game| -> Vec<GameState> { g.turn_starts().cloned().collect() };
        prop_assert_eq!(turn_starts(&game), turn_starts(&fresh));
        prop_assert_eq!(
            game.turn_starts().count(),
            usize::try_from(game.state().turn() - 1).unwrap()
        );
        prop_assert_eq!(game.strength_by_turn(), fresh.strength_by_turn());
    }

    #[test]
    fn a_save_round_trips(lines in prop::collection::vec(command_line(), 0..40)) {
        let game = play(&lines);
        let text = persist::render(&game).unwrap();
        let loaded = persist::load_text("round-trip.toml", &text).unwrap();
        prop_assert!(loaded.notices.is_empty(), "{:?}", loaded.notices);
        prop_assert_eq!(loaded.game.state(), game.state());
        prop_assert_eq!(loaded.game.log(), game.log());
        prop_assert_eq!(loaded.game.redo_stack(), game.redo_stack());
        prop_assert_eq!(loaded.game.seed(), game.seed());
        prop_assert_eq!(persist::render(&loaded.game).unwrap(), text);
    }
}
