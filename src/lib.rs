//! Adjutant: a referee's battle manager for *Sound the Charge*.
//!
//! `rules` is pure; `game` holds the battle and changes it only through logged commands;
//! `scenario` and `persist` read and write files; `cli` and `tui` are thin layers over the
//! command language.

pub mod cli;
pub mod dice;
pub mod game;
pub mod passage;
pub mod persist;
pub mod plural;
pub mod reference;
pub mod report;
pub mod rules;
pub mod scenario;
pub mod serve;
pub mod shown;
#[cfg(test)]
mod test_games;
pub mod tui;
