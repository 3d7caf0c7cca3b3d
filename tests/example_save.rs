//! `saves/example.toml` documents the save format for a referee who edits by hand. This
//! test plays the game it shows and rewrites the file when the format has moved on, so
//! the example can never go stale: a rewrite fails the test once, to be committed.

use adjutant::game::Game;
use adjutant::persist;
use adjutant::scenario;
use std::path::Path;

/// Quatre-Bras, three turns in: the French attack, the 42nd is caught by lancers.
const COMMANDS: &[&str] = &[
    "cmd nl-5m out",
    "next",
    "form fr-2lg skirmish",
    "form fr-61 column",
    "form fr-108 column",
    "next",
    "hit nl-27j 2",
    "shaken nl-27j",
    "rout nl-27j 1",
    "next",
    "next",
    "next",
    "next",
    "form br-42 square",
    "note br-42 forming square in the rye",
    "next",
    "hit fr-2lg 1",
    "next",
    "next",
    "next",
    "next",
    "attach ney fr-61",
    "next",
    "hit br-42 4",
    "disorder br-42",
    "hit fr-6la 2",
    "next",
    "rout br-42 5",
    "next",
];

fn example_game() -> Game {
    let text = scenario::built_in("quatre-bras").unwrap();
    let (scenario, spec) = scenario::parse("quatre-bras", text).unwrap();
    let mut game = Game::new(scenario, spec, 1815);
    for line in COMMANDS {
        game.perform(line)
            .unwrap_or_else(|refusal| panic!("`{line}`: {refusal}"));
    }
    game
}

#[test]
fn the_example_save_matches_the_current_format() {
    let game = example_game();
    // The 42nd: 12 figures, 4 loss and 5 rout hits leave 3, a quarter: shattered and
    // gone at the end of that combat phase.
    let highlanders = game.state().unit("br-42").unwrap();
    assert_eq!(highlanders.figures(), 3);
    assert!(!highlanders.on_table);
    assert_eq!(game.state().turn(), 3);

    let expected = persist::render(&game).unwrap();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/example.toml");
    let current = std::fs::read_to_string(&path).unwrap_or_default();
    if current != expected {
        std::fs::write(&path, &expected).unwrap();
        panic!("saves/example.toml was out of date and has been rewritten: commit it");
    }
    let loaded = persist::load(&path).unwrap();
    assert_eq!(loaded.game.state(), game.state());
}
