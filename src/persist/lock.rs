//! A lock file beside the save, holding the writer's pid, so two Adjutants (a TUI and a
//! CLI, or two laptops on one shared folder) never write the same battle at once.

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum LockError {
    #[error(
        "{save} is in use by another Adjutant (pid {pid}); if no Adjutant is running, delete {lock}"
    )]
    Held {
        save: String,
        lock: String,
        pid: u32,
    },
    #[error("cannot lock {save}: {source}")]
    Io {
        save: String,
        #[source]
        source: io::Error,
    },
}

/// Held while the save may be written; removed on drop.
#[derive(Debug)]
pub struct SaveLock {
    path: PathBuf,
}

pub fn lock_path(save: &Path) -> PathBuf {
    let mut name = save.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

impl SaveLock {
    pub fn acquire(save: &Path) -> Result<SaveLock, LockError> {
        let path = lock_path(save);
        let io_error = |source| LockError::Io {
            save: save.display().to_string(),
            source,
        };
        // Two tries: the second follows clearing a lock left by a process that died.
        for _ in 0..2 {
            match OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(mut file) => {
                    writeln!(file, "{}", std::process::id()).map_err(io_error)?;
                    file.sync_all().map_err(io_error)?;
                    // Holding the lock, any temp file beside the save is a dead writer's.
                    super::atomic::remove_stale_temps(save);
                    return Ok(SaveLock { path });
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                    let holder = fs::read_to_string(&path)
                        .ok()
                        .and_then(|text| text.trim().parse::<u32>().ok());
                    match holder {
                        Some(pid) if process_is_alive(pid) => {
                            return Err(LockError::Held {
                                save: save.display().to_string(),
                                lock: path.display().to_string(),
                                pid,
                            });
                        }
                        // Dead holder, or a lock file with no pid in it: stale.
                        _ => fs::remove_file(&path).map_err(io_error)?,
                    }
                }
                Err(e) => return Err(io_error(e)),
            }
        }
        Err(io_error(io::Error::other(
            "the lock file keeps reappearing",
        )))
    }
}

impl Drop for SaveLock {
    fn drop(&mut self) {
        // Only remove the lock if it is still ours: someone may have cleared a lock they
        // thought stale and taken it.
        let ours = fs::read_to_string(&self.path)
            .is_ok_and(|text| text.trim() == std::process::id().to_string());
        if ours {
            let _ = fs::remove_file(&self.path);
        }
    }
}

#[cfg(target_os = "linux")]
fn process_is_alive(pid: u32) -> bool {
    Path::new("/proc").join(pid.to_string()).exists()
}

/// Without /proc we cannot tell; assume the holder is alive and let the message say how
/// to clear a stale lock.
#[cfg(not(target_os = "linux"))]
fn process_is_alive(_pid: u32) -> bool {
    true
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
        assert!(!lock_path(&save).exists());
        SaveLock::acquire(&save).unwrap();
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_lock_left_by_a_dead_process_is_taken_over() {
        let folder = tempfile::tempdir().unwrap();
        let save = folder.path().join("game.toml");
        // Pids are below 2^22 on Linux, so this one is never alive.
        fs::write(lock_path(&save), "4294967\n").unwrap();
        let lock = SaveLock::acquire(&save).unwrap();
        assert_eq!(
            fs::read_to_string(lock_path(&save)).unwrap().trim(),
            std::process::id().to_string()
        );
        drop(lock);
    }
}
