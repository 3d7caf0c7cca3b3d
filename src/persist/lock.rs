//! A lock beside the save, so two Adjutants (a TUI and a CLI, or two terminals) never
//! write the same battle at once.
//!
//! The lock is the operating system's exclusive lock on `<save>.lock`, which dies with its
//! process: a crash or `kill -9` never leaves a stale lock to break by hand. The file holds
//! the holder's pid, so a refused writer can say who has the battle.
//!
//! The lock file sits in the referee's folder, so it is made with care for what may
//! already be there: it is taken only for a real save (or for a new one, by `new`), never
//! through a link, and never over a file Adjutant did not write (its content says whose it
//! is). It is removed on release. A process that opened the file just before its holder
//! removed it would otherwise lock a file no longer in the folder while a third makes and
//! locks a new one; so a lock counts only if, once taken, the name still leads to the file
//! locked, and the taker tries again if not.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, Write};
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum LockError {
    #[error("{save} is in use by another Adjutant ({holder}); close it first")]
    Held { save: String, holder: String },
    #[error("{save}: {why}")]
    NotASave { save: String, why: String },
    #[error(
        "{lock} is {what}, not an Adjutant lock; Adjutant leaves it alone and cannot \
         lock the save beside it. Move {lock} away (or play the save under another name)"
    )]
    Foreign { lock: String, what: &'static str },
    #[error("cannot lock {save}: {}", crate::read::what_failed(.source))]
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
    file: File,
    path: PathBuf,
}

pub fn lock_path(save: &Path) -> PathBuf {
    let mut name = save.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

/// What the holder writes into its lock: a word that says whose file it is, and its pid.
const OWNER_WORD: &str = "adjutant pid ";

/// The most a lock file holds; anything longer was not written by Adjutant.
const LOCK_BYTES: u64 = 64;

/// How often a lock is tried again when its file was replaced under the taker: each retry
/// means another Adjutant released the save in that instant, so a few are plenty.
const RETRIES: usize = 8;

impl SaveLock {
    /// The lock of the save at `save`, which must be a regular file that starts like a
    /// save: a wrong path, a link to some other file or a FIFO gets a sentence and no
    /// lock file.
    pub fn acquire(save: &Path) -> Result<SaveLock, LockError> {
        let not_a_save = |why: String| LockError::NotASave {
            save: save.display().to_string(),
            why,
        };
        let head =
            crate::read::head_of(save).map_err(|e| not_a_save(crate::read::why_unreadable(&e)))?;
        let file = save.display().to_string();
        if let Some(why) = super::save_file::not_a_save(&file, &head) {
            return Err(not_a_save(why));
        }
        Self::take(save)
    }

    /// The lock of a save about to be made at `save`, where nothing may be yet.
    pub fn acquire_new(save: &Path) -> Result<SaveLock, LockError> {
        if save.symlink_metadata().is_ok() {
            return Err(LockError::NotASave {
                save: save.display().to_string(),
                why: "already exists; Adjutant never overwrites a file (choose another -o)"
                    .to_owned(),
            });
        }
        Self::take(save)
    }

    fn take(save: &Path) -> Result<SaveLock, LockError> {
        let path = lock_path(save);
        let io_error = |source| LockError::Io {
            save: save.display().to_string(),
            source,
        };
        for _ in 0..RETRIES {
            let mut file = open_lock_file(&path)?;
            let made = file.metadata().map_err(io_error)?;
            match file.try_lock() {
                Ok(()) => {}
                Err(std::fs::TryLockError::WouldBlock) => {
                    return Err(LockError::Held {
                        save: save.display().to_string(),
                        holder: holder(&file),
                    });
                }
                Err(std::fs::TryLockError::Error(e)) => return Err(io_error(e)),
            }
            if !names_file(&path, &made) {
                continue;
            }
            // Ours by its content; private like the save, whoever made it first.
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                let _ = file.set_permissions(std::fs::Permissions::from_mode(0o600));
            }
            file.set_len(0).map_err(io_error)?;
            file.rewind().map_err(io_error)?;
            writeln!(file, "{OWNER_WORD}{}", std::process::id()).map_err(io_error)?;
            file.sync_all().map_err(io_error)?;
            // Holding the lock, any temp file beside the save is a dead writer's.
            super::atomic::remove_stale_temps(save);
            return Ok(SaveLock { file, path });
        }
        Err(io_error(io::Error::other(
            "its lock file keeps being replaced; try again",
        )))
    }
}

impl Drop for SaveLock {
    fn drop(&mut self) {
        // Only the file this lock holds: held, no other Adjutant can have replaced it, but
        // a person may have.
        if let Ok(held) = self.file.metadata()
            && names_file(&self.path, &held)
        {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Opens (or makes) the lock file at `path` without following a link or waiting on a
/// FIFO, refusing a file that is not one Adjutant wrote.
fn open_lock_file(path: &Path) -> Result<File, LockError> {
    let lock = || path.display().to_string();
    let foreign = |what| LockError::Foreign { lock: lock(), what };
    let mut options = OpenOptions::new();
    options.read(true).write(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options
            .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
            // Private like the save it guards.
            .mode(0o600);
    }
    // A new file first: then nothing that was there can be opened by mistake.
    let opened = match options.clone().create_new(true).open(path) {
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => options.open(path),
        other => other,
    };
    let file = match opened {
        Ok(file) => file,
        #[cfg(unix)]
        Err(e) if e.raw_os_error() == Some(libc::ELOOP) => return Err(foreign("a symbolic link")),
        Err(source) => {
            return Err(LockError::Io {
                save: lock(),
                source,
            });
        }
    };
    let meta = file.metadata().map_err(|source| LockError::Io {
        save: lock(),
        source,
    })?;
    if !meta.is_file() {
        return Err(foreign(crate::read::describe_file_type(meta.file_type())));
    }
    #[cfg(unix)]
    if std::os::unix::fs::MetadataExt::nlink(&meta) != 1 {
        return Err(foreign("a file with another name too (a hard link)"));
    }
    if meta.len() > LOCK_BYTES || !is_owned_text(&read_head(&file)) {
        return Err(foreign("a file with other content"));
    }
    Ok(file)
}

/// The start of a lock file, at most [`LOCK_BYTES`].
fn read_head(mut file: &File) -> String {
    let mut bytes = Vec::new();
    let _ = file.rewind();
    let _ = file.take(LOCK_BYTES).read_to_end(&mut bytes);
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Whether a lock file's text is one Adjutant writes: empty (made, not yet written), its
/// word and a pid, or a bare pid (the locks of earlier versions).
fn is_owned_text(text: &str) -> bool {
    pid_text(text).bytes().all(|b| b.is_ascii_digit())
}

/// What stands for the pid in a lock file's text: the line after [`OWNER_WORD`].
fn pid_text(text: &str) -> &str {
    let line = text.trim_end_matches('\n');
    line.strip_prefix(OWNER_WORD).unwrap_or(line)
}

/// Who holds the lock, from its file.
fn holder(file: &File) -> String {
    match pid_text(&read_head(file)).parse::<u32>() {
        Ok(pid) => format!("pid {pid}"),
        Err(_) => "a process just starting".to_owned(),
    }
}

/// Whether `path` still leads to the file `held` describes, not to another made since.
#[cfg(unix)]
fn names_file(path: &Path, held: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    path.symlink_metadata()
        .is_ok_and(|now| now.dev() == held.dev() && now.ino() == held.ino())
}

#[cfg(not(unix))]
fn names_file(path: &Path, _held: &std::fs::Metadata) -> bool {
    path.is_file()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file that passes for a save at the lock's sniff.
    fn save_in(folder: &tempfile::TempDir) -> PathBuf {
        let save = folder.path().join("game.toml");
        std::fs::write(&save, "[save]\nformat = 1\n").unwrap();
        save
    }

    #[test]
    fn a_second_writer_is_refused_with_the_holders_pid() {
        let folder = tempfile::tempdir().unwrap();
        let save = save_in(&folder);
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
        let save = save_in(&folder);
        // What a killed Adjutant leaves: the file with its pid, but no OS lock; and the
        // bare pid of earlier versions.
        for left in ["adjutant pid 4294967\n", "4294967\n", ""] {
            std::fs::write(lock_path(&save), left).unwrap();
            let lock = SaveLock::acquire(&save).unwrap();
            assert_eq!(
                std::fs::read_to_string(lock_path(&save)).unwrap(),
                format!("adjutant pid {}\n", std::process::id()),
            );
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                let mode = std::fs::metadata(lock_path(&save))
                    .unwrap()
                    .permissions()
                    .mode();
                assert_eq!(mode & 0o077, 0, "{mode:o}");
            }
            drop(lock);
            assert!(!lock_path(&save).exists(), "{left:?}");
        }
    }

    #[test]
    fn a_lock_is_made_only_for_a_save() {
        let folder = tempfile::tempdir().unwrap();
        let not_a_save = folder.path().join("notes.txt");
        std::fs::write(&not_a_save, "shopping\n").unwrap();
        let error = SaveLock::acquire(&not_a_save).unwrap_err().to_string();
        assert!(error.contains("not an Adjutant save"), "{error}");
        let missing = folder.path().join("missing.toml");
        assert!(SaveLock::acquire(&missing).is_err());
        assert!(SaveLock::acquire_new(&not_a_save).is_err());
        let names: Vec<_> = std::fs::read_dir(folder.path()).unwrap().collect();
        assert_eq!(names.len(), 1);
        drop(SaveLock::acquire_new(&missing).unwrap());
        assert!(!lock_path(&missing).exists());
    }

    /// The holder removed the lock file between another's open and its lock: the other
    /// holds a file no longer in the folder and must not count it, or a third Adjutant
    /// making a new file would write the same save at once.
    #[test]
    fn a_lock_on_a_file_no_longer_in_the_folder_does_not_count() {
        let folder = tempfile::tempdir().unwrap();
        let save = save_in(&folder);
        let path = lock_path(&save);
        let stale = open_lock_file(&path).unwrap();
        let made = stale.metadata().unwrap();
        assert!(names_file(&path, &made));
        std::fs::remove_file(&path).unwrap();
        assert!(!names_file(&path, &made));
        // Another file at the name: still not the one held.
        let third = SaveLock::acquire(&save).unwrap();
        assert!(!names_file(&path, &made));
        assert!(SaveLock::acquire(&save).is_err());
        drop(third);
    }

    /// A fault is a sentence with what to do, not an `os error` number.
    #[test]
    fn a_fault_says_what_to_do() {
        for (kind, says) in [
            (
                io::ErrorKind::PermissionDenied,
                "permission denied (`ls -ld`",
            ),
            (
                io::ErrorKind::StorageFull,
                "the disk is full (free some space",
            ),
            (io::ErrorKind::ReadOnlyFilesystem, "the disk is read-only"),
        ] {
            let error = LockError::Io {
                save: "/srv/game.toml".to_owned(),
                source: io::Error::from(kind),
            }
            .to_string();
            assert!(error.starts_with("cannot lock /srv/game.toml: "), "{error}");
            assert!(error.contains(says), "{error}");
        }
    }

    #[test]
    fn a_lock_file_with_other_content_is_left_alone() {
        let folder = tempfile::tempdir().unwrap();
        let save = save_in(&folder);
        for content in ["version = 4\n", "12 13\n", &"9".repeat(100)] {
            std::fs::write(lock_path(&save), content).unwrap();
            let error = SaveLock::acquire(&save).unwrap_err().to_string();
            assert!(error.contains("not an Adjutant lock"), "{error}");
            assert_eq!(std::fs::read_to_string(lock_path(&save)).unwrap(), content);
        }
    }
}
