//! Writing a file so that a crash at any moment leaves either the old file or the new one,
//! never a mixture: temp file in the same folder, write, fsync, rename, fsync the folder.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The file-system steps of an atomic write. The seam exists so tests can make any one
/// step fail (a full disk, a failing fsync) and check the old save survives each.
pub(crate) trait Storage {
    type File;
    fn create(&self, path: &Path) -> io::Result<Self::File>;
    fn write_all(&self, file: &mut Self::File, bytes: &[u8]) -> io::Result<()>;
    fn sync_file(&self, file: &mut Self::File) -> io::Result<()>;
    fn rename(&self, from: &Path, to: &Path) -> io::Result<()>;
    fn sync_folder(&self, folder: &Path) -> io::Result<()>;
    fn remove(&self, path: &Path) -> io::Result<()>;
    /// Gives the new file the owner, group and mode of the file it replaces, as far as
    /// the writer may: editors do so, and a players' group reading a save must still
    /// read it after the referee's next command.
    fn keep_access(&self, file: &mut Self::File, like: &fs::Metadata);
    /// The largest save written: what the next load reads. A test makes it small.
    fn largest_save(&self) -> u64 {
        crate::read::SAVE_LIMIT.bytes
    }
}

/// The real disk.
pub(crate) struct Disk;

impl Storage for Disk {
    type File = File;

    fn create(&self, path: &Path) -> io::Result<File> {
        create_private(path)
    }

    fn write_all(&self, file: &mut File, bytes: &[u8]) -> io::Result<()> {
        file.write_all(bytes)
    }

    fn sync_file(&self, file: &mut File) -> io::Result<()> {
        file.sync_all()
    }

    fn rename(&self, from: &Path, to: &Path) -> io::Result<()> {
        fs::rename(from, to)
    }

    fn sync_folder(&self, folder: &Path) -> io::Result<()> {
        sync_folder(folder)
    }

    fn remove(&self, path: &Path) -> io::Result<()> {
        fs::remove_file(path)
    }

    #[cfg(unix)]
    fn keep_access(&self, file: &mut File, like: &fs::Metadata) {
        use std::os::unix::fs::{MetadataExt, PermissionsExt, fchown};
        // Owner first: a change of owner clears set-id bits a mode would carry. Only root
        // may give a file away; others keep at least the group when they belong to it,
        // and the file is theirs. Failing here leaves 0600, the private side.
        if fchown(&*file, Some(like.uid()), Some(like.gid())).is_err() {
            let _ = fchown(&*file, None, Some(like.gid()));
        }
        let _ = file.set_permissions(fs::Permissions::from_mode(like.mode() & 0o777));
    }

    #[cfg(not(unix))]
    fn keep_access(&self, _file: &mut File, _like: &fs::Metadata) {}
}

/// A new file only its owner may read: a save can name the players and their battle,
/// and the temp file becomes the save by rename, so it must be private from the start. A
/// rewrite then gives it the access of the save it replaces ([`Storage::keep_access`]).
#[cfg(unix)]
pub(crate) fn create_private(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)
}

#[cfg(not(unix))]
pub(crate) fn create_private(path: &Path) -> io::Result<File> {
    File::create(path)
}

/// The saves folder, and any folder above it that is missing, readable by its owner only:
/// the names of the saves already tell who plays what.
#[cfg(unix)]
pub fn create_private_folder(folder: &Path) -> io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(folder)
}

#[cfg(not(unix))]
pub fn create_private_folder(folder: &Path) -> io::Result<()> {
    fs::create_dir_all(folder)
}

pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomically_with(&Disk, path, bytes)
}

/// [`write_atomically`] through `storage`. Every failure before the rename leaves the old
/// file as it was and removes the temp file; a failure to sync the folder after the
/// rename is not reported (the new file is in place).
pub(crate) fn write_atomically_with<S: Storage>(
    storage: &S,
    path: &Path,
    bytes: &[u8],
) -> io::Result<()> {
    let folder = folder_of(path);
    let temp = temp_path(path);
    let replaced = fs::metadata(path).ok().filter(fs::Metadata::is_file);
    let written = (|| {
        let mut file = storage.create(&temp)?;
        storage.write_all(&mut file, bytes)?;
        if let Some(like) = &replaced {
            storage.keep_access(&mut file, like);
        }
        storage.sync_file(&mut file)
    })();
    if let Err(error) = written.and_then(|()| storage.rename(&temp, path)) {
        // Best effort: the temp file is ours and useless; the old save is untouched.
        let _ = storage.remove(&temp);
        return Err(error);
    }
    // The new save is in place once renamed; reporting a failure now would make the
    // referee retry a command that was saved. Some file systems refuse to sync a folder.
    let _ = storage.sync_folder(&folder);
    Ok(())
}

fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Beside the target, so the rename never crosses file systems.
fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "save".into(), |n| n.to_string_lossy().into_owned());
    folder_of(path).join(format!(".{name}.{}.tmp", std::process::id()))
}

/// Removes temp files left beside `path` by writers killed mid-write. Call only while
/// holding the save's lock, when no other writer can be using them.
pub fn remove_stale_temps(path: &Path) {
    let Some(name) = path.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return;
    };
    let prefix = format!(".{name}.");
    let Ok(entries) = fs::read_dir(folder_of(path)) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let file_name = file_name.to_string_lossy();
        // Exactly `.<name>.<pid>.tmp`: not the temp of `<name>.bak`, say.
        let is_ours = file_name
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(".tmp"))
            .is_some_and(|pid| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()));
        if is_ours {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Makes the rename itself durable.
#[cfg(unix)]
fn sync_folder(folder: &Path) -> io::Result<()> {
    File::open(folder)?.sync_all()
}

#[cfg(not(unix))]
fn sync_folder(_folder: &Path) -> io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::faults::{Faulty, STEPS, Step};
    use super::*;

    #[test]
    fn replaces_the_file_and_leaves_no_temp_behind() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("game.toml");
        write_atomically(&path, b"first").unwrap();
        write_atomically(&path, b"second").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"second");
        let names: Vec<_> = fs::read_dir(folder.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("game.toml")]);
    }

    #[test]
    fn temps_left_by_a_killed_writer_are_cleared() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("game.toml");
        write_atomically(&path, b"save").unwrap();
        let stale = folder.path().join(".game.toml.999.tmp");
        let other = folder.path().join(".other.toml.999.tmp");
        let backup = folder.path().join(".game.toml.bak.999.tmp");
        fs::write(&backup, b"another save's temp").unwrap();
        fs::write(&stale, b"half a save").unwrap();
        fs::write(&other, b"not ours").unwrap();
        remove_stale_temps(&path);
        assert!(!stale.exists());
        assert!(other.exists());
        assert!(backup.exists());
        assert_eq!(fs::read(&path).unwrap(), b"save");
    }

    #[test]
    fn a_failed_write_leaves_the_old_file() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("game.toml");
        write_atomically(&path, b"old").unwrap();
        // A folder where the temp file should go makes the write fail.
        fs::create_dir(temp_path(&path)).unwrap();
        assert!(write_atomically(&path, b"new").is_err());
        assert_eq!(fs::read(&path).unwrap(), b"old");
    }

    /// Every name in `folder` but `keep`: temp files a failed write left behind.
    fn leftovers(folder: &Path, keep: &str) -> Vec<String> {
        fs::read_dir(folder)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name != keep)
            .collect()
    }

    /// Four saves in a row, the `nth` step of one kind failing (once, or from then on):
    /// each failed save leaves the one before it byte for byte, and no temp file.
    fn run_saves(step: Step, nth: usize, persistent: bool) {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("game.toml");
        let storage = Faulty::new(step, nth, persistent);
        for save in 1..=4 {
            let before = fs::read(&path).ok();
            let bytes = format!("save {save}\n").repeat(save * 100);
            let result = write_atomically_with(&storage, &path, bytes.as_bytes());
            let fails = save == nth || (persistent && save > nth);
            let case = format!("{step:?} #{nth} (persistent: {persistent}), save {save}");
            if fails && step != Step::SyncFolder {
                let error = result.expect_err(&case);
                assert!(error.to_string().contains("injected"), "{case}: {error}");
                assert_eq!(fs::read(&path).ok(), before, "{case}");
            } else {
                // A folder that cannot be synced after the rename still holds the new
                // save, so the write is reported as done.
                result.unwrap_or_else(|e| panic!("{case}: {e}"));
                assert_eq!(fs::read(&path).unwrap(), bytes.as_bytes(), "{case}");
            }
            assert_eq!(
                leftovers(folder.path(), "game.toml"),
                Vec::<String>::new(),
                "{case}"
            );
        }
    }

    #[test]
    fn a_failing_step_leaves_the_previous_save_and_no_temp() {
        for step in STEPS {
            for nth in 1..=4 {
                run_saves(step, nth, false);
                run_saves(step, nth, true);
            }
        }
    }

    /// The temp file is private from its first byte: it becomes the save by rename.
    #[cfg(unix)]
    #[test]
    fn the_temp_file_is_created_private() {
        use std::os::unix::fs::PermissionsExt;
        let folder = tempfile::tempdir().unwrap();
        let temp = temp_path(&folder.path().join("game.toml"));
        let file = Disk.create(&temp).unwrap();
        assert_eq!(file.metadata().unwrap().permissions().mode() & 0o777, 0o600);
    }

    #[cfg(unix)]
    #[test]
    fn a_full_disk_keeps_the_old_save() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("game.toml");
        write_atomically(&path, b"old save").unwrap();
        let storage = Faulty::disk_full(1);
        let error = write_atomically_with(&storage, &path, b"a longer new save").unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::StorageFull);
        assert_eq!(fs::read(&path).unwrap(), b"old save");
        assert_eq!(leftovers(folder.path(), "game.toml"), Vec::<String>::new());
        // Space again: the next write goes through.
        write_atomically_with(&storage, &path, b"new save").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new save");
    }
}

/// A [`Storage`] that fails one kind of step, for tests: the real disk otherwise, so what
/// is left on it after a failure is what a real failure would leave.
#[cfg(test)]
pub(crate) mod faults {
    use super::{Disk, Storage};
    use std::cell::Cell;
    use std::fs::File;
    use std::io;
    use std::path::Path;

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Step {
        Create,
        Write,
        SyncFile,
        Rename,
        SyncFolder,
    }

    pub const STEPS: [Step; 5] = [
        Step::Create,
        Step::Write,
        Step::SyncFile,
        Step::Rename,
        Step::SyncFolder,
    ];

    /// Fails the `nth` (from 1) `step`, and every later one if `persistent`.
    pub struct Faulty {
        pub step: Step,
        pub nth: usize,
        pub persistent: bool,
        pub error: fn() -> io::Error,
        /// What [`Storage::largest_save`] answers.
        pub largest_save: u64,
        seen: Cell<usize>,
    }

    impl Faulty {
        pub fn new(step: Step, nth: usize, persistent: bool) -> Faulty {
            Faulty {
                step,
                nth,
                persistent,
                error: || io::Error::other("injected failure"),
                largest_save: crate::read::SAVE_LIMIT.bytes,
                seen: Cell::new(0),
            }
        }

        /// ENOSPC, as a full disk reports it.
        #[cfg(unix)]
        pub fn disk_full(nth: usize) -> Faulty {
            Faulty {
                error: || io::Error::from_raw_os_error(28),
                ..Faulty::new(Step::Write, nth, false)
            }
        }

        /// A disk that fails no step but takes saves of at most `bytes`.
        pub fn saves_at_most(bytes: u64) -> Faulty {
            Faulty {
                largest_save: bytes,
                // The nth from 0: never reached, as steps are counted from 1.
                ..Faulty::new(Step::Write, 0, false)
            }
        }

        fn trip(&self, step: Step) -> io::Result<()> {
            if step != self.step {
                return Ok(());
            }
            let seen = self.seen.get() + 1;
            self.seen.set(seen);
            if seen == self.nth || (self.persistent && seen > self.nth) {
                Err((self.error)())
            } else {
                Ok(())
            }
        }
    }

    impl Storage for Faulty {
        type File = File;

        fn keep_access(&self, file: &mut File, like: &std::fs::Metadata) {
            Disk.keep_access(file, like);
        }

        fn largest_save(&self) -> u64 {
            self.largest_save
        }

        fn create(&self, path: &Path) -> io::Result<File> {
            self.trip(Step::Create)?;
            Disk.create(path)
        }

        fn write_all(&self, file: &mut File, bytes: &[u8]) -> io::Result<()> {
            if let Err(error) = self.trip(Step::Write) {
                // A full disk takes part of the bytes first: the temp file is half written.
                Disk.write_all(file, &bytes[..bytes.len() / 2])?;
                return Err(error);
            }
            Disk.write_all(file, bytes)
        }

        fn sync_file(&self, file: &mut File) -> io::Result<()> {
            self.trip(Step::SyncFile)?;
            Disk.sync_file(file)
        }

        fn rename(&self, from: &Path, to: &Path) -> io::Result<()> {
            self.trip(Step::Rename)?;
            Disk.rename(from, to)
        }

        fn sync_folder(&self, folder: &Path) -> io::Result<()> {
            self.trip(Step::SyncFolder)?;
            Disk.sync_folder(folder)
        }

        fn remove(&self, path: &Path) -> io::Result<()> {
            Disk.remove(path)
        }
    }
}
