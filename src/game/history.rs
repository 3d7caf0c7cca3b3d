//! A game is its scenario plus the log of applied commands; the state is their replay.
//! Undo and redo move entries between the log and the redo stack, so they are exact.

use super::check::check;
use super::command::{Command, Refusal};
use super::event::Event;
use super::state::GameState;
use crate::rules::sound_the_charge::Phase;
use crate::scenario::{Scenario, ScenarioSpec};
use serde::{Deserialize, Serialize};

/// One applied command: when it was given, its words and what it did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogEntry {
    pub turn: u32,
    /// The side whose turn it was.
    pub active: String,
    pub phase: Phase,
    pub command: String,
    #[serde(default, rename = "event")]
    pub events: Vec<Event>,
}

/// What the referee is told after a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// A line per event, each roll explained in full beneath its title.
    pub lines: Vec<String>,
    /// A line per event, as the log narrates it: short enough for a status line.
    pub summary: Vec<String>,
}

impl Outcome {
    fn plain(lines: Vec<String>) -> Outcome {
        Outcome {
            summary: lines.clone(),
            lines,
        }
    }
}

/// An event in the log that no longer fits the battle (a hand-edited save).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{command}`: {message}")]
pub struct ReplayError {
    /// 0-based index into the log.
    pub entry: usize,
    pub command: String,
    pub message: String,
}

/// A game as it was before a command: see [`Game::checkpoint`].
#[derive(Debug)]
pub struct Checkpoint {
    log_len: usize,
    last: Option<LogEntry>,
    redo: Vec<LogEntry>,
    state: GameState,
}

#[derive(Debug, Clone)]
pub struct Game {
    scenario: Scenario,
    /// The scenario as written, kept so the save embeds it unchanged.
    spec: ScenarioSpec,
    seed: u64,
    log: Vec<LogEntry>,
    redo: Vec<LogEntry>,
    state: GameState,
}

impl Game {
    pub fn new(scenario: Scenario, spec: ScenarioSpec, seed: u64) -> Game {
        let state = GameState::new(&scenario, seed);
        Game {
            scenario,
            spec,
            seed,
            log: Vec::new(),
            redo: Vec::new(),
            state,
        }
    }

    /// Rebuilds a game from its parts by replaying the log.
    pub fn from_log(
        scenario: Scenario,
        spec: ScenarioSpec,
        seed: u64,
        log: Vec<LogEntry>,
    ) -> Result<Game, ReplayError> {
        let state = replay(&scenario, seed, &log)?;
        Ok(Game {
            scenario,
            spec,
            seed,
            log,
            redo: Vec::new(),
            state,
        })
    }

    /// The same game with `redo` (next to redo last) as its redo stack; the caller has
    /// checked that it replays on top of the log.
    #[must_use]
    pub fn with_redo_stack(mut self, redo: Vec<LogEntry>) -> Game {
        self.redo = redo;
        self
    }

    pub fn state(&self) -> &GameState {
        &self.state
    }

    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    pub fn spec(&self) -> &ScenarioSpec {
        &self.spec
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// Entries undone and not yet redone, the next one to redo last.
    pub fn redo_stack(&self) -> &[LogEntry] {
        &self.redo
    }

    /// What one command can change, so it can be taken back without a replay: a save
    /// that fails puts the game back as it was.
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            log_len: self.log.len(),
            last: self.log.last().cloned(),
            redo: self.redo.clone(),
            state: self.state.clone(),
        }
    }

    /// Puts the game back as it was at `checkpoint`, which must have been taken at most
    /// one command ago (a command adds, undoes or redoes one entry at the log's end).
    pub fn restore(&mut self, checkpoint: Checkpoint) {
        self.log.truncate(checkpoint.log_len);
        if self.log.len() < checkpoint.log_len {
            self.log.extend(checkpoint.last);
        }
        self.redo = checkpoint.redo;
        self.state = checkpoint.state;
    }

    /// Parses and carries out one line of the command language. On a refusal nothing
    /// changes.
    pub fn perform(&mut self, line: &str) -> Result<Outcome, Refusal> {
        let command = Command::parse_for(line, self.state.ruleset())?;
        match command {
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            command => self.execute(&command),
        }
    }

    fn execute(&mut self, command: &Command) -> Result<Outcome, Refusal> {
        let events = check(&self.state, command)?;
        let entry = LogEntry {
            turn: self.state.turn(),
            active: self.state.active().to_owned(),
            phase: self.state.phase(),
            command: command.to_string(),
            events,
        };
        let mut state = self.state.clone();
        let lines = apply_entry(&mut state, &entry).map_err(internal_error)?;
        self.state = state;
        self.log.push(entry);
        self.redo.clear();
        let mut warnings = Vec::new();
        if matches!(command, Command::Next) {
            warnings.extend(self.turn_limit_warning());
        }
        if let (Command::Hits { count: asked, .. }, Some(Event::Hits { count: taken, .. })) =
            (command, self.log.last().and_then(|e| e.events.first()))
            && asked > taken
        {
            warnings.push(format!(
                "({} hits beyond the last figure were not recorded; `undo` if that was a slip)",
                asked - taken
            ));
        }
        let events = &self.log[self.log.len() - 1].events;
        let mut outcome = Outcome {
            lines: with_explanations(events, lines.clone()),
            summary: lines,
        };
        outcome.lines.extend(warnings.iter().cloned());
        outcome.summary.extend(warnings);
        Ok(outcome)
    }

    fn undo(&mut self) -> Result<Outcome, Refusal> {
        let Some(entry) = self.log.last() else {
            return Err(Refusal::new("nothing to undo"));
        };
        let state = replay(&self.scenario, self.seed, &self.log[..self.log.len() - 1])
            .map_err(internal_error)?;
        let line = format!(
            "undone: {} (turn {}, {} phase)",
            entry.command, entry.turn, entry.phase
        );
        self.state = state;
        if let Some(entry) = self.log.pop() {
            self.redo.push(entry);
        }
        Ok(Outcome::plain(vec![line]))
    }

    fn redo(&mut self) -> Result<Outcome, Refusal> {
        let Some(entry) = self.redo.last() else {
            return Err(Refusal::new("nothing to redo"));
        };
        let mut state = self.state.clone();
        let mut lines = vec![format!("redone: {}", entry.command)];
        lines.extend(apply_entry(&mut state, entry).map_err(internal_error)?);
        self.state = state;
        if let Some(entry) = self.redo.pop() {
            self.log.push(entry);
        }
        Ok(Outcome::plain(lines))
    }

    /// Each log entry with a line per event, as the referee was told at the time.
    pub fn narrated_log(&self) -> Vec<(&LogEntry, Vec<String>)> {
        let mut state = GameState::new(&self.scenario, self.seed);
        self.log
            .iter()
            .map(|entry| {
                // The log replayed once already when the game was built, so it applies.
                let lines = apply_entry(&mut state, entry).unwrap_or_else(|e| vec![e]);
                (entry, lines)
            })
            .collect()
    }

    fn turn_limit_warning(&self) -> Option<String> {
        let limit = self.scenario.turn_limit?;
        (self.state.turn() > limit).then(|| {
            format!(
                "turn {} is past the scenario's limit of {limit} turns",
                self.state.turn()
            )
        })
    }
}

/// A log that applied once fails to apply again: a bug, reported without changing anything.
fn internal_error(error: impl std::fmt::Display) -> Refusal {
    Refusal(format!("internal error, nothing changed: {error}"))
}

/// Each roll's line followed by its explanation, indented: the referee sees why.
fn with_explanations(events: &[Event], lines: Vec<String>) -> Vec<String> {
    let mut out = Vec::with_capacity(lines.len());
    for (event, line) in events.iter().zip(lines) {
        match event {
            Event::Rolled(roll) => indented(&mut out, roll.explain()),
            Event::Fought(round) => indented(&mut out, round.explain()),
            Event::Moved { why, .. } => {
                indented(&mut out, std::iter::once(line).chain(why.clone()).collect());
            }
            _ => out.push(line),
        }
    }
    out
}

/// The first line as it is, the rest indented under it.
fn indented(out: &mut Vec<String>, lines: Vec<String>) {
    let mut lines = lines.into_iter();
    out.extend(lines.next());
    out.extend(lines.map(|l| format!("    {l}")));
}

/// Applies an entry's events, describing each for the referee.
fn apply_entry(state: &mut GameState, entry: &LogEntry) -> Result<Vec<String>, String> {
    entry
        .events
        .iter()
        .map(|event| {
            state.apply(event).map_err(|e| e.to_string())?;
            Ok(event.describe(state))
        })
        .collect()
}

/// The state after applying `log` to the scenario's opening position. Each entry must
/// be stamped with the turn and phase it was given in and leave the state consistent, so
/// a hand-edited log cannot build an impossible battle.
pub fn replay(scenario: &Scenario, seed: u64, log: &[LogEntry]) -> Result<GameState, ReplayError> {
    replay_onto(GameState::new(scenario, seed), log)
}

/// [`replay`] from a state other than the opening one; `entry` in errors counts from the
/// first of `log`.
pub fn replay_onto(mut state: GameState, log: &[LogEntry]) -> Result<GameState, ReplayError> {
    for (index, entry) in log.iter().enumerate() {
        let error = |message: String| ReplayError {
            entry: index,
            command: entry.command.clone(),
            message,
        };
        let stamp = (entry.turn, entry.active.as_str(), entry.phase);
        if stamp != (state.turn(), state.active(), state.phase()) {
            return Err(error(format!(
                "stamped turn {}, {}, {} phase, but the game was at turn {}, {}, {} phase",
                entry.turn,
                entry.active,
                entry.phase,
                state.turn(),
                state.active(),
                state.phase()
            )));
        }
        for event in &entry.events {
            state.apply(event).map_err(|e| error(e.to_string()))?;
        }
        if let Some(problem) = state.consistency_problem() {
            return Err(error(problem));
        }
    }
    Ok(state)
}

#[cfg(test)]
mod tests {
    use crate::test_games::{perform, quatre_bras};

    /// A failed save restores the game; each kind of command must come back exactly.
    #[test]
    fn a_checkpoint_takes_back_a_command_an_undo_and_a_redo() {
        let mut game = quatre_bras();
        perform(&mut game, &["hit fr-61 2", "next", "hit fr-61 1", "undo"]);
        for line in ["hit fr-61 1", "undo", "redo", "next"] {
            let before = game.clone();
            let checkpoint = game.checkpoint();
            perform(&mut game, &[line]);
            assert!(
                game.log() != before.log() || game.redo_stack() != before.redo_stack(),
                "`{line}` changed nothing"
            );
            game.restore(checkpoint);
            assert_eq!(game.log(), before.log(), "after `{line}`");
            assert_eq!(game.redo_stack(), before.redo_stack(), "after `{line}`");
            assert_eq!(game.state(), before.state(), "after `{line}`");
        }
    }
}
