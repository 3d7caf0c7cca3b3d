//! Adjutant: a referee's battle manager for *Sound the Charge*.
//!
//! `rules` is pure; `game` holds the battle and changes it only through logged commands;
//! `scenario` and `persist` read and write files; `cli` and `tui` are thin layers over the
//! command language.

pub mod cli;
pub mod core;
pub mod engine;
pub mod game;
pub mod persist;
pub mod read;
pub mod reference;
pub mod report;
pub mod rules;
pub mod scenario;
pub mod serve;
#[cfg(test)]
mod test_games;
pub mod tui;
