use super::*;
use crate::test_games::{perform, quatre_bras};

#[test]
fn the_referees_log_is_the_narration() {
    let mut game = quatre_bras();
    perform(
        &mut game,
        &[
            "next",
            "note nl-5m low on powder",
            "rout br-28 2",
            "next",
            "shoot fr-2lg nl-5m close dice=6,6,6",
            "test nl-5m roll=1",
        ],
    );
    let seen = Viewer::Referee.log(&game);
    assert_eq!(seen.len(), game.log().len());
    for (seen, (entry, said)) in seen.iter().zip(game.narrated_log()) {
        assert_eq!(seen.command.as_deref(), Some(entry.command.as_str()));
        assert_eq!(seen.said, said);
    }
}

/// Quatre-Bras in the French movement phase, with an allied unit hit, noted, shaken
/// and out of command.
fn battle() -> Game {
    let mut game = quatre_bras();
    perform(
        &mut game,
        &[
            "next",
            "rout br-28 2",
            "note br-28 low on powder",
            "note fr-61 a feint",
            "shaken br-28",
            "cmd br-28 out",
        ],
    );
    game
}

#[test]
fn the_other_sides_unit_shows_what_stands_on_the_table_only() {
    let game = battle();
    let state = game.state();
    let br_28 = state.unit("br-28").unwrap();
    let seen = Viewer::Side("france").unit(state, br_28);
    assert_eq!((seen.figures, seen.figures_at_start), (10, 12));
    assert_eq!(seen.morale, Morale::Shaken);
    assert_eq!(seen.whole, None, "no grade, hits by kind, command or note");
    let mine = Viewer::Side("allies").unit(state, br_28);
    let whole = mine.whole.expect("its own side sees all of it");
    assert_eq!((whole.loss_hits, whole.rout_hits), (0, 2));
    assert_eq!(whole.note, "", "but the referee's note");
    let all = Viewer::Referee.unit(state, br_28).whole.unwrap();
    assert_eq!(all.note, "low on powder");
}

#[test]
fn a_side_reads_its_own_checklist_only() {
    let game = battle();
    let state = game.state();
    let all = Checklist::of(state);
    assert!(all.watch.iter().any(|item| item.subject == "br-28"));
    for side in ["france", "allies"] {
        let seen = Viewer::Side(side).checklist(state, all.clone());
        for item in seen.open.iter().chain(&seen.watch) {
            assert_eq!(owner(state, &item.subject), Some(side), "{item:?}");
        }
    }
    let allied = Viewer::Side("allies").checklist(state, all.clone());
    assert!(allied.watch.iter().any(|item| item.subject == "br-28"));
    assert_eq!(Viewer::Referee.checklist(state, all.clone()), all);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

    /// A seen log grown entry by entry, as a client's screen keeps it while the
    /// referee plays, is the log told from the start of the finished game.
    #[test]
    fn a_log_grown_entry_by_entry_is_the_log_told_whole(
        picks in proptest::collection::vec(0usize..8, 1..24),
        viewer in proptest::sample::select(vec![
            Viewer::Side("france"), Viewer::Side("allies"), Viewer::Guest,
        ]),
    ) {
        const COMMANDS: [&str; 8] = [
            "hit br-28 1", "rout fr-61 1", "note br-28 seen", "shaken br-28",
            "disorder fr-61 on", "hit fr-2lg 2", "next", "cmd br-28 out",
        ];
        let mut game = quatre_bras();
        let mut grown = SeenLog::of(viewer, &game);
        for pick in picks {
            let before = game.log().len();
            if game.perform(COMMANDS[pick]).is_ok() {
                grown.grow(viewer, &game.log()[before..]);
            }
        }
        proptest::prop_assert_eq!(grown.told(), game.log().len());
        proptest::prop_assert_eq!(grown.entries, viewer.log(&game));
    }
}

#[test]
fn a_guest_sees_both_sides_as_the_enemy_sees_them() {
    let game = battle();
    let state = game.state();
    for id in ["br-28", "fr-61"] {
        let unit = state.unit(id).unwrap();
        assert!(Viewer::Guest.unit(state, unit).whole.is_none(), "{id}");
        assert!(!Viewer::Guest.owns(state, id));
    }
    let all = Checklist::of(state);
    let seen = Viewer::Guest.checklist(state, all);
    assert!(
        seen.open
            .iter()
            .chain(&seen.watch)
            .all(|i| i.subject == "both")
    );
    let said: Vec<String> = Viewer::Guest
        .log(&game)
        .into_iter()
        .flat_map(|e| e.said)
        .collect();
    assert!(said.contains(&"br-28 (1/28th Foot) takes 2 hits: 10 figures left".to_owned()));
    assert!(
        !said
            .iter()
            .any(|line| line.contains("powder") || line.contains("feint"))
    );
}

#[test]
fn the_other_sides_hits_are_told_without_their_kind_and_its_notes_not_at_all() {
    let game = battle();
    let seen = Viewer::Side("france").log(&game);
    let said: Vec<&str> = seen
        .iter()
        .flat_map(|e| &e.said)
        .map(String::as_str)
        .collect();
    assert!(said.contains(&"br-28 (1/28th Foot) takes 2 hits: 10 figures left"));
    assert!(said.contains(&"br-28 (1/28th Foot) is shaken"));
    assert!(
        !said
            .iter()
            .any(|line| line.contains("note") || line.contains("rout") || line.contains("command"))
    );
    // `next` and `shaken` are seen whole; `rout` in part; the notes and `cmd` not.
    let commands: Vec<Option<&str>> = seen.iter().map(|e| e.command.as_deref()).collect();
    assert_eq!(
        commands,
        [Some("next"), None, Some("shaken br-28 on")],
        "{seen:#?}"
    );
    // The allies read all but the notes.
    let allied = Viewer::Side("allies").log(&game);
    let commands: Vec<Option<&str>> = allied.iter().map(|e| e.command.as_deref()).collect();
    assert_eq!(
        commands,
        [
            Some("next"),
            Some("rout br-28 2"),
            Some("shaken br-28 on"),
            Some("cmd br-28 out")
        ]
    );
}
