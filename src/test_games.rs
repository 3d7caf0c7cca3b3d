//! Games of the built-in scenarios for the unit tests.

use crate::game::Game;
use crate::scenario;

/// A new game of the built-in Quatre-Bras at seed 1815.
pub fn quatre_bras() -> Game {
    let text = scenario::built_in("quatre-bras").expect("built in");
    let (scenario, spec) = scenario::parse("quatre-bras", text).expect("parses");
    Game::new(scenario, spec, 1815)
}

/// A new game of the built-in Barrosa (*Sound the Charge 1:25*) at seed 1811.
pub fn barrosa() -> Game {
    built_in("barrosa", 1811)
}

/// A new game of the built-in scenario `name` at `seed`.
pub fn built_in(name: &str, seed: u64) -> Game {
    let text = scenario::built_in(name).expect("built in");
    let (scenario, spec) = scenario::parse(name, text).expect("parses");
    Game::new(scenario, spec, seed)
}

/// Performs each command, which must be accepted.
pub fn perform(game: &mut Game, commands: &[&str]) {
    for command in commands {
        if let Err(refusal) = game.perform(command) {
            panic!("`{command}` refused: {refusal}");
        }
    }
}
