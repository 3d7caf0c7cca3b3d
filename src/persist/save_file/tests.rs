use super::*;
use crate::scenario;

fn game_of(name: &str) -> Game {
    let (scenario, spec) =
        scenario::parse(name, scenario::built_in(name).expect("built in")).expect("parses");
    Game::new(scenario, spec, 7)
}

/// The kept pieces must never show: after every command, undo and redo, the text
/// rendered through them is the text rendered afresh, and it loads back to the same
/// game with no complaint about `[state]`.
#[test]
fn kept_pieces_render_what_a_fresh_render_does() {
    // Maida has no generals (its `[state]` ends with the units); the tutorial has two.
    for (name, unit) in [("maida", "fr-light"), ("tutorial", "fr-4l1")] {
        let mut game = game_of(name);
        let unit = game
            .state()
            .unit(unit)
            .map_or_else(|| game.state().units()[0].id.clone(), |u| u.id.clone());
        let mut kept = SaveText::default();
        for line in [
            format!("hit {unit} 1"),
            "undo".to_owned(),
            format!("note {unit} on the hill"),
            "redo".to_owned(),
            format!("hit {unit} 2"),
            "undo".to_owned(),
            "next".to_owned(),
            format!("note {unit}"),
        ] {
            // A refusal (nothing to redo) changes nothing and must render the same.
            let _ = game.perform(&line);
            let text = kept.render(&game).expect("renders");
            assert_eq!(
                text,
                render(&game).expect("renders"),
                "after `{line}` in {name}"
            );
            let loaded = crate::persist::load_text(name, &text).expect("loads");
            assert!(loaded.notices.is_empty(), "{:?}", loaded.notices);
            assert_eq!(loaded.game.log(), game.log());
            assert_eq!(loaded.game.redo_stack(), game.redo_stack());
            assert_eq!(loaded.game.state(), game.state());
        }
    }
}

/// Pieces kept for one game are not reused for another.
#[test]
fn kept_pieces_follow_a_change_of_game() {
    let mut kept = SaveText::default();
    for name in ["tutorial", "maida", "tutorial"] {
        let game = game_of(name);
        assert_eq!(
            kept.render(&game).unwrap(),
            render(&game).unwrap(),
            "{name}"
        );
    }
}

/// A save as Adjutant writes it is read in parts and leaves `[state]` unparsed; its
/// text is the state's.
#[test]
fn a_save_as_written_is_read_in_parts_without_parsing_its_state() {
    let mut game = game_of("tutorial");
    game.perform("hit fr-4l1 2").unwrap();
    let text = render(&game).unwrap();
    let save = read("game.toml", &text).unwrap();
    assert!(save.parts.as_ref().is_some_and(Parts::is_read));
    let StateRead::Text(state) = save.state else {
        panic!("[state] was parsed")
    };
    assert_eq!(state, state_text(game.state()).unwrap());
    assert_eq!(save.log.entries.len(), 1);
}

/// A `[state]` that is not last, or a save whose rest does not parse alone, is read
/// whole, with the same errors and lines as before.
#[test]
fn a_save_in_another_shape_is_read_whole() {
    let game = game_of("tutorial");
    let text = render(&game).unwrap();
    let at = text.find("\n[state]\n").unwrap() + 1;
    let end = text.find(END_MARKER).unwrap();
    let moved = format!("{}{}{}", &text[at..end], &text[..at], &text[end..]);
    let save = read("game.toml", &moved).unwrap();
    assert!(save.parts.is_none());
    assert!(matches!(save.state, StateRead::Value(Some(_))));

    let broken = text.replacen("seed = 7", "seed = seven", 1);
    let error = read("game.toml", &broken).err().unwrap();
    let whole = parse("game.toml", &broken).unwrap_err();
    assert_eq!(error, whole);
    assert!(error.line > 0, "{error}");
}

/// A played game, with entries to redo, as Adjutant saves it.
fn played() -> Game {
    let mut game = crate::test_games::quatre_bras();
    let unit = game.state().units()[0].id.clone();
    let foe = game.state().units().last().unwrap().id.clone();
    for line in [
        format!("hit {unit} 2"),
        format!("note {unit} on the hill"),
        "next".to_owned(),
        format!("form {foe} square"),
        format!("note {foe} in the wood"),
        "next".to_owned(),
        "next".to_owned(),
        format!("hit {foe} 1"),
        format!("disorder {unit} on"),
        "undo".to_owned(),
        "undo".to_owned(),
    ] {
        let _ = game.perform(&line);
    }
    assert!(game.log().len() > 4 && game.redo_stack().len() == 2);
    game
}

/// In parts of any size, a save reads as it reads whole: every value, every span (so
/// every error's line), every entry's place.
#[test]
fn a_save_read_in_parts_is_the_save_read_whole() {
    let text = render(&played()).unwrap();
    let whole = parse("game.toml", &text).unwrap().into_read();
    let places = |entries: &Entries| -> Vec<(Range<usize>, Range<usize>)> {
        entries
            .places
            .iter()
            .map(|p| (p.entry.clone(), p.command.clone()))
            .collect()
    };
    for part_bytes in [0, 1, 500, 5_000, usize::MAX] {
        let read = read_every("game.toml", &text, part_bytes).unwrap();
        assert!(read.parts.as_ref().is_some_and(Parts::is_read));
        assert_eq!(format!("{:?}", read.header), format!("{:?}", whole.header));
        assert_eq!(format!("{:?}", read.spec), format!("{:?}", whole.spec));
        for (ours, theirs) in [(&read.log, &whole.log), (&read.redo, &whole.redo)] {
            assert_eq!(ours.entries, theirs.entries, "{part_bytes}");
            assert_eq!(places(ours), places(theirs), "{part_bytes}");
        }
        let StateRead::Text(state) = read.state else {
            panic!("[state] was parsed")
        };
        let StateRead::Value(value) = &whole.state else {
            panic!("the whole read keeps [state]'s value")
        };
        assert_eq!(state_value("game.toml", &text, state).unwrap(), *value);
    }
}

/// The control-character check by parts refuses what the whole check refuses, with
/// the same words and place, and passes what it passes.
#[test]
fn the_control_check_by_parts_is_the_whole_check() {
    let text = render(&played()).unwrap();
    let cases = [
        // A Persian note keeps its zero-width non-joiner.
        text.replace("in the wood", "in the \\u200c wood"),
        // In the log, the redo stack and `[state]` at once: the log is named.
        text.replace("on the hill", "on the \\u0007 hill"),
        text.replace("in the wood", "in the \\u0007 wood"),
        // A name of the head and an entry of the log: the log comes first.
        text.replacen("name = \"", "name = \"\\u200d", 3)
            .replace("on the hill", "on the \\e hill"),
        // In the head only.
        text.replacen("name = \"", "name = \"\\u200d", 3),
        // In `[state]` only.
        text.replacen("\n[state]\n", "\n[state]\nsaid = \"\\b\"\n", 1),
    ];
    let mut refused = 0;
    for (index, text) in cases.iter().enumerate() {
        let whole = crate::read::refuse_control_characters("game.toml", text);
        refused += usize::from(whole.is_err());
        for part_bytes in [0, 1, 700, usize::MAX] {
            let read = read_every("game.toml", text, part_bytes).unwrap();
            assert!(read.parts.is_some(), "case {index}");
            let parts = read.refuse_control_characters("game.toml", text);
            assert_eq!(parts, whole, "case {index}, parts of {part_bytes}");
        }
    }
    assert_eq!(refused, cases.len() - 1);
}
