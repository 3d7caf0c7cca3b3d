//! A lock beside the save, so two Adjutants (a TUI and a CLI, or two terminals) never
//! write the same battle at once.
//!
//! The lock is the operating system's exclusive lock on `<save>.lock`, which dies with its
//! process: a crash or `kill -9` never leaves a stale lock to break by hand. The file also
//! holds the holder's pid, so a refused writer can say who has the battle. The file is
//! left in place on release: deleting it would let a waiting process lock an unlinked
//! file while a third creates and locks a new one.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, Write};
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum LockError {
    #[error("{save} is in use by another Adjutant ({holder}); close it first")]
    Held { save: String, holder: String },
    #[error("cannot lock {save}: {source}")]
    Io {
        save: String,
        #[source]
        source: io::Error,
    },
}

/// Held while the save may be written; the OS releases it when this is dropped or the
/// process ends.
#[derive(Debug)]
pub struct SaveLock {
    _file: File,
}

pub fn lock_path(save: &Path) -> PathBuf {
    let mut name = save.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

impl SaveLock {
    pub fn acquire(save: &Path) -> Result<SaveLock, LockError> {
        let io_error = |source| LockError::Io {
            save: save.display().to_string(),
            source,
        };
        let mut options = OpenOptions::new();
        options.read(true).write(true).create(true).truncate(false);
        // Private like the save it guards.
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut file = options.open(lock_path(save)).map_err(io_error)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                let mut text = String::new();
                // A pid is a few digits; a lock file grown huge is not read whole.
                let _ = (&file).take(64).read_to_string(&mut text);
                let holder = match text.trim().parse::<u32>() {
                    Ok(pid) => format!("pid {pid}"),
                    Err(_) => "a process just starting".to_owned(),
                };
                return Err(LockError::Held {
                    save: save.display().to_string(),
                    holder,
                });
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(io_error(e)),
        }
        file.set_len(0).map_err(io_error)?;
        file.rewind().map_err(io_error)?;
        writeln!(file, "{}", std::process::id()).map_err(io_error)?;
        file.sync_all().map_err(io_error)?;
        // Holding the lock, any temp file beside the save is a dead writer's.
        super::atomic::remove_stale_temps(save);
        Ok(SaveLock { _file: file })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_writer_is_refused_with_the_holders_pid() {
        let folder = tempfile::tempdir().unwrap();
        let save = folder.path().join("game.toml");
        let first = SaveLock::acquire(&save).unwrap();
        let error = SaveLock::acquire(&save).unwrap_err().to_string();
        assert!(
            error.contains(&format!("pid {}", std::process::id())),
            "{error}"
        );
        drop(first);
        SaveLock::acquire(&save).unwrap();
    }

    #[test]
    fn a_lock_file_left_by_a_dead_process_does_not_block() {
        let folder = tempfile::tempdir().unwrap();
        let save = folder.path().join("game.toml");
        // What a killed Adjutant leaves: the file with its pid, but no OS lock.
        std::fs::write(lock_path(&save), "4294967\n").unwrap();
        let _lock = SaveLock::acquire(&save).unwrap();
        assert_eq!(
            std::fs::read_to_string(lock_path(&save)).unwrap().trim(),
            std::process::id().to_string()
        );
    }

    #[test]
    fn an_empty_lock_file_does_not_block() {
        let folder = tempfile::tempdir().unwrap();
        let save = folder.path().join("game.toml");
        std::fs::write(lock_path(&save), "").unwrap();
        SaveLock::acquire(&save).unwrap();
    }
}
