//! Saves on disk: the versioned format, atomic writes, the writer's lock, default paths.

mod atomic;
mod lock;
mod paths;
mod save_file;

pub use atomic::write_atomically;
pub use lock::{LockError, SaveLock, lock_path};
pub use paths::{fresh_save_path, saves_folder};
pub use save_file::{END_MARKER, FORMAT, is_save, render};

use crate::game::{Game, LogEntry, StateView, replay};
use crate::scenario::{FileError, line_of};
use std::path::Path;
use toml::Spanned;

/// A game read from disk, with anything the referee should know about the file.
#[derive(Debug)]
pub struct Loaded {
    pub game: Game,
    pub notices: Vec<String>,
}

/// Reads a save, checks its scenario and replays its log. A bad file is reported with its
/// line and never touched.
pub fn load(path: &Path) -> Result<Loaded, FileError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| FileError::whole_file(&file, format!("cannot read: {e}")))?;
    load_text(&file, &text)
}

/// [`load`] on text already read; `file` names it in errors.
pub fn load_text(file: &str, text: &str) -> Result<Loaded, FileError> {
    let save = save_file::parse(file, text)?;
    let spec = save.scenario_spec();
    let scenario = spec.check(file, text)?;
    let entry_error = |entries: &[Spanned<LogEntry>], index: usize, message: String| {
        let span = entries.get(index).map_or(0..0, Spanned::span);
        FileError {
            file: file.to_owned(),
            line: line_of(text, span.start),
            message,
        }
    };
    let log: Vec<LogEntry> = save.log.iter().map(|e| e.get_ref().clone()).collect();
    let redo: Vec<LogEntry> = save.redo.iter().map(|e| e.get_ref().clone()).collect();

    // The redo stack must also replay on top of the log, or `redo` would fail later.
    let mut with_redo = log.clone();
    with_redo.extend(redo.iter().rev().cloned());
    if let Err(e) = replay(&scenario, &with_redo) {
        return Err(if e.entry < log.len() {
            entry_error(&save.log, e.entry, format!("log: {e}"))
        } else {
            let index = redo.len() - 1 - (e.entry - log.len());
            entry_error(&save.redo, index, format!("redo: {e}"))
        });
    }
    let game = Game::from_log(scenario, spec, save.save.seed, log, redo)
        .map_err(|e| entry_error(&save.log, e.entry, format!("log: {e}")))?;

    let mut notices = Vec::new();
    let replayed = toml::Value::try_from(StateView::of(game.state())).ok();
    if save.state.is_some() && save.state != replayed {
        notices.push(format!(
            "{file}: the [state] table does not match the log (edited by hand?); the battle \
             is rebuilt from the scenario and the log, and [state] will be rewritten"
        ));
    }
    Ok(Loaded { game, notices })
}

/// Writes `game` to `path` atomically. On failure the previous file is untouched.
pub fn save(game: &Game, path: &Path) -> Result<(), FileError> {
    let file = path.display().to_string();
    let text = render(game)
        .map_err(|e| FileError::whole_file(&file, format!("cannot encode the save: {e}")))?;
    write_atomically(path, text.as_bytes()).map_err(|e| {
        FileError::whole_file(
            &file,
            format!("cannot write: {e}; the previous save is untouched"),
        )
    })
}
