//! A game is its scenario plus the log of applied commands; the state is their replay.
//! Undo and redo move entries between the log and the redo stack, so they are exact.

use super::check::check;
use super::command::{Command, Refusal};
use super::refusal::{ReplayError, ReplayFault, TableRefusal};
use crate::core::moment::Moment;
use crate::engine::apply::ApplyError;
use crate::engine::event::Event;
use crate::engine::roll::RollKind;
use crate::engine::state::GameState;
use crate::rules::phase::Phase;
use crate::scenario::{Scenario, ScenarioSpec};
use serde::{Deserialize, Serialize};
use std::borrow::Borrow;
use std::sync::Arc;

/// One applied command: when it was given, its words and what it did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogEntry {
    pub turn: u32,
    /// The side whose turn it was.
    pub active: String,
    pub phase: Phase,
    pub command: String,
    /// Who typed it, when not the screen that holds the save: a co-referee over SSH
    /// (`serve`), as `login@address`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
    /// When it was given, which moves the slot's clock: none in a save from before the
    /// clock, or from a caller with no time to give (a test, a replay of words).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Moment>,
    #[serde(default, rename = "event", with = "crate::engine::logged")]
    pub events: Vec<Event>,
}

/// What the referee is told after a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// A line per event, each roll explained in full beneath its title.
    pub lines: Vec<String>,
    /// A line per event, as the log narrates it: short enough for a status line. The
    /// first throw, combat round or move leads; the others keep their order.
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

/// A game as it was before a command: see [`Game::checkpoint`].
#[derive(Debug)]
pub struct Checkpoint {
    log_len: usize,
    last: Option<Arc<LogEntry>>,
    redo: Vec<Arc<LogEntry>>,
    state: GameState,
    last_narration: Option<Vec<String>>,
    turn_starts: Vec<TurnStart>,
}

/// The state as a turn began. Kept so the strength charts need no replay, and an undo
/// replays only the turn it falls in.
#[derive(Debug, Clone)]
struct TurnStart {
    /// How many log entries led here: the last of them moved the game into the turn.
    entries: usize,
    state: Arc<GameState>,
    /// Each side's figures in play then, in the order of the state's sides: the screen's
    /// strength chart asks for them after every key.
    figures: Vec<u32>,
}

#[derive(Debug, Clone)]
pub struct Game {
    scenario: Scenario,
    /// The scenario as written, kept so the save embeds it unchanged.
    spec: Arc<ScenarioSpec>,
    seed: u64,
    // Entries and the spec are shared with the save's kept text (`SaveText`), which can
    // then tell an entry it has rendered by its address instead of comparing it whole.
    log: Vec<Arc<LogEntry>>,
    redo: Vec<Arc<LogEntry>>,
    state: GameState,
    /// What each entry of `log` told the referee when it was applied, entry by entry.
    narration: Vec<Vec<String>>,
    /// Oldest first; only at entry counts `log` still reaches.
    turn_starts: Vec<TurnStart>,
}

impl Game {
    pub fn new(scenario: Scenario, spec: ScenarioSpec, seed: u64) -> Game {
        let state = GameState::new(&scenario, seed);
        Game {
            scenario,
            spec: Arc::new(spec),
            seed,
            log: Vec::new(),
            redo: Vec::new(),
            state,
            narration: Vec::new(),
            turn_starts: Vec::new(),
        }
    }

    /// Rebuilds a game from a log read from a file, narrating it on the way. Each entry's
    /// command is read again and must give exactly the events it records (see
    /// [`replay_recorded_onto`]); the game keeps it in the words Adjutant writes.
    pub fn from_log(
        scenario: Scenario,
        spec: ScenarioSpec,
        seed: u64,
        log: Vec<LogEntry>,
    ) -> Result<Game, ReplayError> {
        let mut game = Game::new(scenario, spec, seed);
        game.log.reserve_exact(log.len());
        game.narration.reserve_exact(log.len());
        for (index, mut entry) in log.into_iter().enumerate() {
            let turn = game.state.turn();
            let lines = replay_recorded(&mut game.state, &mut entry, index)?;
            game.log.push(Arc::new(entry));
            game.narration.push(lines);
            game.note_turn_start(turn);
        }
        Ok(game)
    }

    /// The same game with `redo` (next to redo last) as its redo stack; the caller has
    /// checked that it replays on top of the log.
    #[must_use]
    pub fn with_redo_stack(mut self, redo: Vec<LogEntry>) -> Game {
        self.redo = redo.into_iter().map(Arc::new).collect();
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

    /// The spec as the game holds it: the same allocation for as long as the game lives.
    pub fn shared_spec(&self) -> &Arc<ScenarioSpec> {
        &self.spec
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn log(&self) -> &[Arc<LogEntry>] {
        &self.log
    }

    /// The unit `firer` last shot at, as the log recorded it.
    pub fn last_target(&self, firer: &str) -> Option<&str> {
        self.log
            .iter()
            .rev()
            .flat_map(|entry| entry.events.iter().rev())
            .find_map(|event| match event {
                Event::Rolled(roll) if roll.kind == RollKind::Shooting && roll.by == firer => {
                    roll.target.as_deref()
                }
                _ => None,
            })
    }

    /// Entries undone and not yet redone, the next one to redo last.
    pub fn redo_stack(&self) -> &[Arc<LogEntry>] {
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
            last_narration: self.narration.last().cloned(),
            turn_starts: self.turn_starts.clone(),
        }
    }

    /// Puts the game back as it was at `checkpoint`, which must have been taken at most
    /// one command ago (a command adds, undoes or redoes one entry at the log's end).
    pub fn restore(&mut self, checkpoint: Checkpoint) {
        self.log.truncate(checkpoint.log_len);
        if self.log.len() < checkpoint.log_len {
            self.log.extend(checkpoint.last);
        }
        self.narration.truncate(checkpoint.log_len);
        if self.narration.len() < checkpoint.log_len {
            self.narration.extend(checkpoint.last_narration);
        }
        self.redo = checkpoint.redo;
        self.state = checkpoint.state;
        self.turn_starts = checkpoint.turn_starts;
    }

    /// Makes `state` (with `entry` applied, which said `lines`) the game's state.
    fn append(&mut self, entry: Arc<LogEntry>, lines: Vec<String>, state: GameState) {
        let turn = self.state.turn();
        self.state = state;
        self.log.push(entry);
        self.narration.push(lines);
        self.note_turn_start(turn);
    }

    /// Keeps the state as a turn start if the last entry moved the game on from `turn`.
    fn note_turn_start(&mut self, turn: u32) {
        if self.state.turn() != turn {
            let state = &self.state;
            let figures = state
                .sides()
                .iter()
                .map(|side| state.figures_in_play(&side.id))
                .collect();
            self.turn_starts.push(TurnStart {
                entries: self.log.len(),
                state: Arc::new(self.state.clone()),
                figures,
            });
        }
    }

    /// Each side's figures as each turn after the first began, in the order of the
    /// state's sides.
    pub(super) fn turn_start_figures(&self) -> impl Iterator<Item = &[u32]> {
        self.turn_starts
            .iter()
            .map(|start| start.figures.as_slice())
    }

    /// The state as each turn after the first began, oldest first.
    pub fn turn_starts(&self) -> impl Iterator<Item = &GameState> {
        self.turn_starts.iter().map(|start| start.state.as_ref())
    }

    /// Parses and carries out one line of the command language. On a refusal nothing
    /// changes.
    pub fn perform(&mut self, line: &str) -> Result<Outcome, Refusal> {
        self.perform_by(line, None, None)
    }

    /// [`Game::perform`] with who typed the line and when, for the log: the time moves
    /// the slot's clock (none leaves it where it is). Undo takes back the last command
    /// whoever typed it.
    pub fn perform_by(
        &mut self,
        line: &str,
        by: Option<&str>,
        at: Option<Moment>,
    ) -> Result<Outcome, Refusal> {
        let command = Command::parse_for(line, self.state.ruleset())?;
        match command {
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            command => self.execute(&command, by, at),
        }
    }

    fn execute(
        &mut self,
        command: &Command,
        by: Option<&str>,
        at: Option<Moment>,
    ) -> Result<Outcome, Refusal> {
        let events = check(&self.state, command)?;
        let entry = LogEntry {
            turn: self.state.turn(),
            active: self.state.active().to_owned(),
            phase: self.state.phase(),
            command: command.to_string(),
            by: by.map(str::to_owned),
            at,
            events,
        };
        let mut state = self.state.clone();
        let lines = apply_entry(&mut state, &entry).map_err(Refusal::NotApplied)?;
        self.append(Arc::new(entry), lines.clone(), state);
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
        // A status line shows the summary's start: the command's first throw (what the
        // table waits for) leads, the rest (a disorder before it, the hits after) follow in
        // order.
        let mut summary = lines.clone();
        if let Some(headline) = events.iter().position(Event::is_thrown) {
            summary[..=headline].rotate_right(1);
        }
        let mut outcome = Outcome {
            lines: with_explanations(events, lines),
            summary,
        };
        outcome.lines.extend(warnings.iter().cloned());
        outcome.summary.extend(warnings);
        Ok(outcome)
    }

    fn undo(&mut self) -> Result<Outcome, Refusal> {
        let Some(entry) = self.log.last() else {
            return Err(TableRefusal::NothingToUndo.into());
        };
        let kept = self.log.len() - 1;
        // Replays from the start of the turn the kept entries end in, not from the opening.
        let (from, start) = match self.turn_starts.iter().rev().find(|s| s.entries <= kept) {
            Some(start) => (start.entries, GameState::clone(&start.state)),
            None => (0, GameState::new(&self.scenario, self.seed)),
        };
        let state = replay_onto(start, &self.log[from..kept])
            .map_err(|error| Refusal::NotReplayed(Box::new(error)))?;
        let line = format!(
            "undone: {} (turn {}, {} phase)",
            entry.command, entry.turn, entry.phase
        );
        self.state = state;
        self.narration.truncate(kept);
        self.turn_starts.retain(|start| start.entries <= kept);
        if let Some(entry) = self.log.pop() {
            self.redo.push(entry);
        }
        Ok(Outcome::plain(vec![line]))
    }

    fn redo(&mut self) -> Result<Outcome, Refusal> {
        let Some(entry) = self.redo.last() else {
            return Err(TableRefusal::NothingToRedo.into());
        };
        let mut state = self.state.clone();
        let said = apply_entry(&mut state, entry).map_err(Refusal::NotApplied)?;
        let mut lines = vec![format!("redone: {}", entry.command)];
        lines.extend(said.iter().cloned());
        if let Some(entry) = self.redo.pop() {
            self.append(entry, said, state);
        }
        Ok(Outcome::plain(lines))
    }

    /// Each log entry with a line per event, as the referee was told at the time.
    pub fn narrated_log(
        &self,
    ) -> impl DoubleEndedIterator<Item = (&LogEntry, &[String])> + ExactSizeIterator {
        self.log
            .iter()
            .map(Arc::as_ref)
            .zip(self.narration.iter().map(Vec::as_slice))
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
fn apply_entry(state: &mut GameState, entry: &LogEntry) -> Result<Vec<String>, ApplyError> {
    let mut lines = Vec::with_capacity(entry.events.len());
    apply_entry_each(state, entry, |state, event| {
        lines.push(event.describe(state));
    })?;
    Ok(lines)
}

/// Applies `entry`: its time, then each event, handed to `after` on the state it left.
/// The one order every reader of the log applies an entry in (the game, a side's log).
pub(super) fn apply_entry_each(
    state: &mut GameState,
    entry: &LogEntry,
    mut after: impl FnMut(&GameState, &Event),
) -> Result<(), ApplyError> {
    if let Some(at) = entry.at {
        state.pass_time_to(at);
    }
    for event in &entry.events {
        state.apply(event)?;
        after(state, event);
    }
    Ok(())
}

/// The state after applying `log` to the scenario's opening position. Each entry must
/// be stamped with the turn and phase it was given in and leave the state consistent, so
/// a hand-edited log cannot build an impossible battle.
pub fn replay(
    scenario: &Scenario,
    seed: u64,
    log: &[impl Borrow<LogEntry>],
) -> Result<GameState, ReplayError> {
    replay_onto(GameState::new(scenario, seed), log)
}

/// [`replay`] from a state other than the opening one; `entry` in errors counts from the
/// first of `log`.
pub fn replay_onto(
    mut state: GameState,
    log: &[impl Borrow<LogEntry>],
) -> Result<GameState, ReplayError> {
    for (index, entry) in log.iter().map(Borrow::borrow).enumerate() {
        replay_entry(&mut state, entry).map_err(|fault| ReplayError {
            entry: index,
            command: entry.command.clone(),
            fault,
        })?;
    }
    Ok(state)
}

/// [`replay_onto`] for entries read from a file (a save's redo stack, next to redo
/// first): each entry's command must also give exactly its events, given on the state
/// before it, and is rewritten in the words Adjutant writes.
pub fn replay_recorded_onto(
    mut state: GameState,
    log: &mut [LogEntry],
) -> Result<GameState, ReplayError> {
    for (index, entry) in log.iter_mut().enumerate() {
        replay_recorded(&mut state, entry, index)?;
    }
    Ok(state)
}

/// [`replay_entry`] for an entry read from a file, whose words are not trusted: they are
/// parsed again and checked on the state before the entry, which holds the dice stream
/// where it was then, so the same words give the same throws. The events they give must
/// be the events recorded, or the log would say one thing and have done another. On
/// success `entry.command` is the command in its canonical words.
fn replay_recorded(
    state: &mut GameState,
    entry: &mut LogEntry,
    index: usize,
) -> Result<Vec<String>, ReplayError> {
    let error = |entry: &LogEntry, fault| ReplayError {
        entry: index,
        command: entry.command.clone(),
        fault,
    };
    check_stamp(state, entry).map_err(|fault| error(entry, fault))?;
    // Worked out before the events change the state, but told after them: an edited
    // event that builds an impossible battle is named for that, not for its words.
    let canonical = rederive(state, entry);
    let lines = apply_consistently(state, entry).map_err(|fault| error(entry, fault))?;
    entry.command = canonical.map_err(|fault| error(entry, fault))?;
    Ok(lines)
}

/// `entry`'s command read again and given on `state`, the state before the entry: its
/// canonical words if it gives exactly the events `entry` records, else why not. Only
/// parsing and checking, which reads the state: the cost of the command when given.
fn rederive(state: &GameState, entry: &LogEntry) -> Result<String, ReplayFault> {
    let command = Command::parse_for(&entry.command, state.ruleset())
        .map_err(|refusal| ReplayFault::Unreadable(Box::new(refusal)))?;
    if matches!(command, Command::Undo | Command::Redo) {
        return Err(ReplayFault::LogCommand {
            word: command.word().to_owned(),
        });
    }
    let events =
        check(state, &command).map_err(|refusal| ReplayFault::RefusedThen(Box::new(refusal)))?;
    if events != entry.events {
        return Err(ReplayFault::OtherEvents {
            gives: described(state, &events),
            records: described(state, &entry.events),
        });
    }
    Ok(command.to_string())
}

/// `events` applied in turn to a copy of `state`, each described; for an error message.
fn described(state: &GameState, events: &[Event]) -> String {
    if events.is_empty() {
        return "no events".to_owned();
    }
    let mut state = state.clone();
    let mut said = Vec::with_capacity(events.len());
    for event in events {
        match state.apply(event) {
            Ok(()) => said.push(format!("`{}`", event.describe(&state))),
            Err(e) => {
                said.push(format!("an event that does not apply ({e})"));
                break;
            }
        }
    }
    said.join(", ")
}

/// [`apply_entry`] as a replay must: the entry stamped with the state's turn and phase,
/// and leaving the battle consistent.
fn replay_entry(state: &mut GameState, entry: &LogEntry) -> Result<Vec<String>, ReplayFault> {
    check_stamp(state, entry)?;
    apply_consistently(state, entry)
}

/// Whether `entry` is stamped with the state's turn, side and phase.
fn check_stamp(state: &GameState, entry: &LogEntry) -> Result<(), ReplayFault> {
    let stamp = (entry.turn, entry.active.as_str(), entry.phase);
    if stamp != (state.turn(), state.active(), state.phase()) {
        return Err(ReplayFault::Stamp {
            turn: entry.turn,
            active: entry.active.clone(),
            phase: entry.phase,
            now_turn: state.turn(),
            now_active: state.active().to_owned(),
            now_phase: state.phase(),
        });
    }
    Ok(())
}

/// [`apply_entry`], then the battle must be consistent.
fn apply_consistently(state: &mut GameState, entry: &LogEntry) -> Result<Vec<String>, ReplayFault> {
    let lines = apply_entry(state, entry)?;
    match state.consistency_problem() {
        Some(problem) => Err(problem.into()),
        None => Ok(lines),
    }
}

#[cfg(test)]
mod tests;
