//! Saves on disk: the versioned format, atomic writes, the writer's lock, default paths.

mod atomic;
mod lock;
mod paths;
mod save_file;

pub use atomic::{create_private_folder, write_atomically};
pub use lock::{LockError, SaveLock, lock_path};
pub use paths::{
    config_folder, data_folder, fresh_save_path, latest_save, resolve_save_path, saves_folder,
};
pub use save_file::{END_MARKER, FORMAT, SaveText, is_save, render};

use crate::core::moment::Moment;
use crate::core::shown::is_forbidden_character;
use crate::game::{
    Game, Outcome, Refusal, ReplayError, StateView, WordsRefusal, replay_recorded_onto,
};
use crate::read::{FileError, SAVE_LIMIT, line_of, read_text};
use save_file::{Place, StateRead};
use std::path::Path;

/// Whether `path` is a readable file that starts like a save. Only its head is read, so
/// sniffing a folder of files (or a device) costs little.
pub fn looks_like_save(path: &Path) -> bool {
    crate::read::head_of(path).is_ok_and(|head| is_save(&head))
}

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
    let text = read_text(path, SAVE_LIMIT)?;
    load_text(&file, &text)
}

/// [`load`] on text already read; `file` names it in errors.
pub fn load_text(file: &str, text: &str) -> Result<Loaded, FileError> {
    let read = save_file::read(file, text)?;
    read.refuse_control_characters(file, text)?;
    // A save's scenario was good when the game began: its first problem says enough.
    let scenario = read
        .spec
        .check(file, text)
        .map_err(crate::read::FileErrors::into_first)?;
    let (log, log_places) = (read.log.entries, read.log.places);
    let game = Game::from_log(scenario, read.spec, read.header.seed, log)
        .map_err(|e| entry_error(file, text, "log", &log_places, e.entry, &e))?;
    // The redo stack must replay on top of the log too, or `redo` would fail later. It is
    // stored with the next entry to redo last.
    let (mut redo, redo_places) = (read.redo.entries, read.redo.places);
    redo.reverse();
    if let Err(e) = replay_recorded_onto(game.state().clone(), &mut redo) {
        let index = redo.len() - 1 - e.entry;
        return Err(entry_error(file, text, "redo", &redo_places, index, &e));
    }
    redo.reverse();
    let game = game.with_redo_stack(redo);

    let mut notices = Vec::new();
    let state_matches = match read.state {
        // As written: compared as text, and parsed only when it differs.
        StateRead::Text(on_disk) => {
            save_file::state_text(game.state()).is_ok_and(|ours| ours == on_disk)
                || state_value_matches(save_file::state_value(file, text, on_disk)?.as_ref(), &game)
        }
        StateRead::Value(on_disk) => state_value_matches(on_disk.as_ref(), &game),
    };
    if !state_matches {
        notices.push(format!(
            "{file}: the [state] table does not match the log (edited by hand?); Adjutant \
             uses the scenario and the log, and rewrites [state] at the next save"
        ));
    }
    Ok(Loaded { game, notices })
}

/// A log entry that does not replay, at its line: its command's line and column when its
/// words are at fault, else the entry's line. `index` counts from 0 in `places`; people
/// count from 1.
fn entry_error(
    file: &str,
    text: &str,
    table: &str,
    places: &[Place],
    index: usize,
    error: &ReplayError,
) -> FileError {
    let message = format!("[[{table}]] entry {}: {error}", index + 1);
    match places.get(index) {
        Some(place) if error.in_command() => FileError::at(file, text, &place.command, message),
        place => FileError {
            file: file.to_owned(),
            line: line_of(text, place.map_or(0, |p| p.entry.start)),
            // The entry as a whole is wrong, not one of its values.
            column: 0,
            message,
        },
    }
}

/// Whether a save's `[state]` table, if it has one, says what the log replays to.
fn state_value_matches(on_disk: Option<&toml::Value>, game: &Game) -> bool {
    on_disk.is_none()
        || on_disk
            == toml::Value::try_from(StateView::of(game.state()))
                .ok()
                .as_ref()
}

/// Writes `game` to `path` atomically. On failure the previous file is untouched.
pub fn save(game: &Game, path: &Path) -> Result<(), FileError> {
    save_with(game, path, &mut SaveText::default())
}

/// [`save`], rendering through `text`, which keeps the pieces of the last save written.
pub fn save_with(game: &Game, path: &Path, text: &mut SaveText) -> Result<(), FileError> {
    save_to(&atomic::Disk, game, path, text)
}

fn save_to<S: atomic::Storage>(
    storage: &S,
    game: &Game,
    path: &Path,
    text: &mut SaveText,
) -> Result<(), FileError> {
    let file = path.display().to_string();
    let text = text
        .render(game)
        .map_err(|e| FileError::whole_file(&file, format!("cannot encode the save: {e}")))?;
    // Never write what the next load would refuse: the battle would be stuck.
    if text.len() as u64 > storage.largest_save() {
        return Err(FileError::whole_file(
            &file,
            format!(
                "the save would grow to {} MB, more than the {} MB Adjutant reads; nothing \
                 was changed (start a new save to play on)",
                (text.len() as u64).div_ceil(crate::read::MB),
                storage.largest_save() / crate::read::MB
            ),
        ));
    }
    let replacing = path.exists();
    atomic::write_atomically_with(storage, path, text.as_bytes()).map_err(|e| {
        let what_now = if replacing {
            "the previous save is untouched"
        } else {
            "no save was made"
        };
        FileError::whole_file(&file, format!("{}; {what_now}", write_sentence(&e)))
    })
}

/// What went wrong writing a save, with what to do about the common faults.
fn write_sentence(error: &std::io::Error) -> String {
    format!("cannot write: {}", crate::read::what_failed(error))
}

/// Why a command given against a save did not take effect.
#[derive(Debug, thiserror::Error)]
pub enum ActError {
    #[error("refused: {0}")]
    Refused(#[from] Refusal),
    /// The command was fine but could not be saved; the game is as it was before it.
    #[error("{0}")]
    NotSaved(#[from] FileError),
}

/// Carries out one command, given now, and saves the game; the command counts only once
/// it is on disk. If the save fails, `game` is put back as it was, so memory never runs
/// ahead of the file.
pub fn perform_and_save(game: &mut Game, path: &Path, line: &str) -> Result<Outcome, ActError> {
    let given = Given {
        by: None,
        at: Some(now()),
    };
    perform_and_save_with(game, path, line, given, &mut SaveText::default())
}

/// The system's time, as the log records it: read here, at the edge, for every front end
/// (the screen, the command line, the server), so the rules never read a clock.
pub fn now() -> Moment {
    Moment::from_system(std::time::SystemTime::now())
}

/// Who gave a command, when not the screen that holds the save
/// ([`crate::game::LogEntry::by`]), and when, for the slot's clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct Given<'a> {
    pub by: Option<&'a str>,
    pub at: Option<Moment>,
}

/// [`perform_and_save`] for a screen that saves after every key: `text` keeps the last
/// save's pieces, so a command on a long game renders only what it changed.
pub fn perform_and_save_with(
    game: &mut Game,
    path: &Path,
    line: &str,
    given: Given<'_>,
    text: &mut SaveText,
) -> Result<Outcome, ActError> {
    perform_and_save_to(&atomic::Disk, game, path, (line, given), text)
}

fn perform_and_save_to<S: atomic::Storage>(
    storage: &S,
    game: &mut Game,
    path: &Path,
    (line, given): (&str, Given<'_>),
    text: &mut SaveText,
) -> Result<Outcome, ActError> {
    if let Some(c) = line.chars().find(|&c| is_forbidden_character(c)) {
        // It would be saved and then refused by every load: the battle would be stuck.
        return Err(ActError::Refused(Refusal::from(
            WordsRefusal::ControlCharacter { code: u32::from(c) },
        )));
    }
    let before = game.checkpoint();
    let outcome = game.perform_by(line, given.by, given.at)?;
    if let Err(error) = save_to(storage, game, path, text) {
        game.restore(before);
        return Err(ActError::NotSaved(error));
    }
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario;

    fn tutorial() -> Game {
        let (scenario, spec) = scenario::parse("tutorial", scenario::BUILT_IN[0].1).unwrap();
        Game::new(scenario, spec, 1)
    }

    #[test]
    fn a_command_that_cannot_be_saved_is_not_acknowledged() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("game.toml");
        let mut game = tutorial();
        perform_and_save(&mut game, &path, "hit fr-4l1 2").unwrap();
        let on_disk = std::fs::read(&path).unwrap();
        // A folder squatting on the temp file's name makes the next write fail.
        let temp = folder
            .path()
            .join(format!(".game.toml.{}.tmp", std::process::id()));
        std::fs::create_dir(&temp).unwrap();

        let error = perform_and_save(&mut game, &path, "hit fr-4l1 3").unwrap_err();
        assert!(matches!(error, ActError::NotSaved(_)), "{error}");
        assert!(error.to_string().contains("previous save is untouched"));
        assert_eq!(std::fs::read(&path).unwrap(), on_disk);
        assert_eq!(game.log().len(), 1);
        assert_eq!(game.state().unit("fr-4l1").unwrap().figures(), 10);
    }

    /// Each step of the write failing in turn: the game in memory stays as it was and the
    /// referee is told the previous save is untouched; only a folder that cannot be synced
    /// after the rename lets the command through, because it is saved.
    #[test]
    fn every_failing_step_leaves_the_game_as_it_was() {
        use atomic::faults::{Faulty, STEPS, Step};
        for step in STEPS {
            let folder = tempfile::tempdir().unwrap();
            let path = folder.path().join("game.toml");
            let mut game = tutorial();
            perform_and_save(&mut game, &path, "hit fr-4l1 2").unwrap();
            let on_disk = std::fs::read(&path).unwrap();
            let in_memory = render(&game).unwrap();
            let storage = Faulty::new(step, 1, false);

            let result = perform_and_save_to(
                &storage,
                &mut game,
                &path,
                ("hit fr-4l1 3", Given::default()),
                &mut SaveText::default(),
            );
            if step == Step::SyncFolder {
                result.unwrap();
                assert_eq!(game.log().len(), 2);
                assert_eq!(
                    std::fs::read_to_string(&path).unwrap(),
                    render(&game).unwrap()
                );
                continue;
            }
            let error = result.unwrap_err().to_string();
            assert!(
                error.starts_with(&path.display().to_string()),
                "{step:?}: {error}"
            );
            assert!(
                error.contains("cannot write: injected failure"),
                "{step:?}: {error}"
            );
            assert!(
                error.contains("the previous save is untouched"),
                "{step:?}: {error}"
            );
            assert_eq!(std::fs::read(&path).unwrap(), on_disk, "{step:?}");
            assert_eq!(render(&game).unwrap(), in_memory, "{step:?}");
            // The failure was once: the same command now goes through.
            perform_and_save_to(
                &storage,
                &mut game,
                &path,
                ("hit fr-4l1 3", Given::default()),
                &mut SaveText::default(),
            )
            .unwrap();
            assert_eq!(load(&path).unwrap().game.log().len(), 2, "{step:?}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_full_disk_refuses_the_command_and_keeps_the_save() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("game.toml");
        let mut game = tutorial();
        perform_and_save(&mut game, &path, "hit fr-4l1 2").unwrap();
        let on_disk = std::fs::read(&path).unwrap();
        let storage = atomic::faults::Faulty::disk_full(1);
        let error = perform_and_save_to(
            &storage,
            &mut game,
            &path,
            ("hit fr-4l1 3", Given::default()),
            &mut SaveText::default(),
        )
        .unwrap_err()
        .to_string();
        assert!(error.contains("the disk is full"), "{error}");
        assert!(error.contains("the previous save is untouched"), "{error}");
        assert!(!error.contains("os error"), "{error}");
        assert_eq!(std::fs::read(&path).unwrap(), on_disk);
        assert_eq!(game.log().len(), 1);
    }

    /// A command that would make the save larger than Adjutant reads is refused, and the
    /// game and the file stay as they were (the report had 18 long notes build a save that
    /// show, do and undo then refused).
    #[test]
    fn a_command_that_would_outgrow_the_save_limit_is_refused() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("game.toml");
        let mut game = tutorial();
        perform_and_save(&mut game, &path, "hit fr-4l1 1").unwrap();
        let on_disk = std::fs::read(&path).unwrap();
        let storage = atomic::faults::Faulty::saves_at_most(on_disk.len() as u64 + 400);
        let before = render(&game).unwrap();
        let error = perform_and_save_to(
            &storage,
            &mut game,
            &path,
            (
                &format!(
                    "note fr-4l1 {}",
                    "the left flank holds until dusk. ".repeat(14)
                ),
                Given::default(),
            ),
            &mut SaveText::default(),
        )
        .unwrap_err()
        .to_string();
        assert!(
            error.contains("more than the 0 MB Adjutant reads"),
            "{error}"
        );
        assert!(error.contains("nothing was changed"), "{error}");
        assert_eq!(std::fs::read(&path).unwrap(), on_disk);
        assert_eq!(render(&game).unwrap(), before);
        // A command that fits still goes through.
        perform_and_save_to(
            &storage,
            &mut game,
            &path,
            ("hit fr-4l1 1", Given::default()),
            &mut SaveText::default(),
        )
        .unwrap();
    }

    /// A new game that cannot be written has no previous save to speak of (the report had
    /// `new` on a full disk say "the previous save is untouched").
    #[test]
    fn a_new_game_on_a_full_disk_says_none_was_made() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("game.toml");
        let storage = atomic::faults::Faulty::disk_full(1);
        let error = save_to(&storage, &tutorial(), &path, &mut SaveText::default())
            .unwrap_err()
            .to_string();
        assert!(error.starts_with(&path.display().to_string()), "{error}");
        assert!(error.contains("the disk is full"), "{error}");
        assert!(error.contains("no save was made"), "{error}");
        assert!(!error.contains("previous"), "{error}");
        assert!(!path.exists());
    }

    #[test]
    fn a_refused_command_writes_nothing() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("game.toml");
        let mut game = tutorial();
        let error = perform_and_save(&mut game, &path, "hit nobody").unwrap_err();
        assert!(matches!(error, ActError::Refused(_)));
        assert!(!path.exists());
    }

    /// The state is compared as text first; the same values written otherwise are no
    /// edit, a changed value is, and a broken table is refused at its line.
    #[test]
    fn the_state_table_is_checked_by_value_when_its_text_differs() {
        let mut game = tutorial();
        game.perform("hit fr-4l1 2").unwrap();
        let text = render(&game).unwrap();
        assert!(load_text("g", &text).unwrap().notices.is_empty());
        let state_at = text.find("\n[state]\n").unwrap();
        let (head, state) = text.split_at(state_at);
        let respaced = format!(
            "{head}{}",
            state.replacen("figures = 10", "figures =   10", 1)
        );
        assert!(load_text("g", &respaced).unwrap().notices.is_empty());
        let edited = format!(
            "{head}{}",
            state.replacen("figures = 10", "figures = 11", 1)
        );
        let notices = load_text("g", &edited).unwrap().notices;
        assert!(notices[0].contains("does not match the log"), "{notices:?}");
        let broken = format!(
            "{head}{}",
            state.replacen("figures = 10", "figures = = 10", 1)
        );
        let line = broken.lines().position(|l| l.contains("= = 10")).unwrap() + 1;
        assert_eq!(load_text("g", &broken).unwrap_err().line, line);
    }
}
