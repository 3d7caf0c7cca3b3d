//! What every ruleset and every front end shares and no ruleset shapes: chart numbers and
//! the house rules that change them, the dice stream, a score to reach with its reasons, the rules' passages, counted nouns, and
//! what may reach a screen. Nothing here imports another module of the crate
//! (`tests/layers.rs` holds it).

pub mod chart;
pub mod clock;
pub mod dice;
pub mod house;
pub mod moment;
pub mod passage;
pub mod plural;
pub mod score;
pub mod shown;
pub mod spelling;
