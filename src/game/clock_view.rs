//! What the slot's clock says, for people (the title bar, `show`) and for programs
//! (`show --json`), read at a time the caller gives.

use crate::core::clock::ClockReading;
use crate::core::moment::{Moment, length, length_up};
use crate::engine::state::GameState;
use serde::Serialize;
use std::fmt::Write;

/// `show --json`'s `clock`: every length in seconds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClockView {
    /// When the first command was given, in UTC; none before it.
    pub started: Option<Moment>,
    pub played_seconds: i64,
    pub slot_seconds: Option<i64>,
    /// Below none once the slot is over.
    pub left_seconds: Option<i64>,
    pub paused: bool,
    pub per_turn_seconds: Option<i64>,
    /// The last turn that begins before the slot ends, at the pace so far.
    pub reaches_turn: Option<u32>,
    /// Whether that falls short of the scenario's last turn.
    pub short_of_last_turn: bool,
    pub warn_seconds: Option<i64>,
    /// Whether what is left is at or under the warning.
    pub warning: bool,
    pub sides: Vec<SideTime>,
}

/// The time a side has been the active side while the clock ran.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SideTime {
    pub side: String,
    pub seconds: i64,
    /// Under a chess clock, what is left of its allowance (below none once spent).
    pub left_seconds: Option<i64>,
}

impl ClockView {
    pub fn of(state: &GameState, now: Moment) -> ClockView {
        let reading = state.clock_reading(now);
        ClockView {
            started: reading.started,
            played_seconds: reading.played,
            slot_seconds: state.clock().slot(),
            left_seconds: reading.left,
            paused: reading.paused,
            per_turn_seconds: reading.per_turn,
            reaches_turn: reading.reaches,
            short_of_last_turn: short_of(&reading, state).is_some(),
            warn_seconds: reading.warn,
            warning: reading.warning,
            sides: state
                .sides()
                .iter()
                .zip(&reading.sides)
                .enumerate()
                .map(|(index, (side, seconds))| SideTime {
                    side: side.id.clone(),
                    seconds: *seconds,
                    left_seconds: reading.sides_left.as_ref().map(|left| left[index]),
                })
                .collect(),
        }
    }
}

/// The scenario's last turn, if the pace will not reach it.
fn short_of(reading: &ClockReading, state: &GameState) -> Option<u32> {
    let last = state.turn_limit()?;
    reading.reaches.filter(|&reaches| reaches < last)?;
    Some(last)
}

/// The clock in words, long and short, for a line that has room for one or the other;
/// none when the game has no slot and runs: a clock that only counts is `show`'s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClockWords {
    pub long: String,
    pub short: String,
    /// What is left is at or under the referee's warning, or the slot is over.
    pub warning: bool,
}

impl ClockWords {
    pub fn of(state: &GameState, now: Moment) -> Option<ClockWords> {
        let reading = state.clock_reading(now);
        let paused = if reading.paused { "PAUSED " } else { "" };
        let chess = chess_words(state, &reading);
        let spent = reading
            .sides_left
            .as_ref()
            .is_some_and(|left| left.iter().any(|&l| l <= 0));
        let Some(left) = reading.left else {
            if let Some((all, active)) = chess {
                return Some(ClockWords {
                    long: format!("{paused}{all}"),
                    short: format!("{paused}{active}"),
                    warning: spent,
                });
            }
            return reading.paused.then(|| ClockWords {
                long: format!("clock PAUSED at {} played", length(reading.played)),
                short: "PAUSED".to_owned(),
                warning: false,
            });
        };
        let left_words = if left < 0 {
            format!("{} over", length_up(-left))
        } else {
            format!("{} left", length_up(left))
        };
        let pace = match (reading.per_turn, reading.reaches) {
            (Some(per_turn), Some(reaches)) => match short_of(&reading, state) {
                Some(last) => format!(" · {}/turn: ends T{reaches}, not T{last}", length(per_turn)),
                None => format!(" · {}/turn: reaches T{reaches}", length(per_turn)),
            },
            _ => String::new(),
        };
        let (all, active) = chess.map_or_else(Default::default, |(all, active)| {
            (format!(" · {all}"), format!(" · {active}"))
        });
        Some(ClockWords {
            long: format!("{paused}{left_words}{pace}{all}"),
            short: format!("{paused}{left_words}{active}"),
            warning: reading.warning || left < 0 || spent,
        })
    }
}

/// Each side's time as the active side: "French 1h02m, Anglo-Allied 48m".
pub fn side_times(state: &GameState, reading: &ClockReading) -> String {
    let sides: Vec<String> = state
        .sides()
        .iter()
        .zip(&reading.sides)
        .map(|(side, seconds)| format!("{} {}", side.name, length(*seconds)))
        .collect();
    sides.join(", ")
}

/// Under a chess clock, every side's time left ("French 1h12m, Anglo-Allied 40m") and
/// the active side's alone.
fn chess_words(state: &GameState, reading: &ClockReading) -> Option<(String, String)> {
    let left = reading.sides_left.as_ref()?;
    let words = |(side, left): (&crate::game::Side, &i64)| {
        if *left < 0 {
            format!("{} {} over", side.name, length_up(-left))
        } else {
            format!("{} {}", side.name, length_up(*left))
        }
    };
    let all: Vec<String> = state.sides().iter().zip(left).map(words).collect();
    let active = state
        .sides()
        .iter()
        .zip(left)
        .find(|(side, _)| side.id == state.active())
        .map(words)?;
    Some((all.join(", "), active))
}

/// `show`'s line for the clock: what it says and each side's time; none on a game with
/// no slot before its first command.
pub fn clock_line(state: &GameState, now: Moment) -> Option<String> {
    let reading = state.clock_reading(now);
    let mut line = match reading.started {
        Some(started) => format!("Clock: {} played since {started}", length(reading.played)),
        None if reading.left.is_some() => "Clock: starts with the first command".to_owned(),
        None => return None,
    };
    if (reading.left.is_some() || reading.sides_left.is_some())
        && let Some(words) = ClockWords::of(state, now)
    {
        let _ = write!(line, " · {}", words.long);
    } else if reading.paused {
        line.push_str(" · PAUSED");
    }
    if let Some(warn) = reading.warn {
        let _ = write!(line, " · warns at {} left", length_up(warn));
    }
    if reading.started.is_some() {
        let _ = write!(line, " · {}", side_times(state, &reading));
    }
    Some(line)
}
