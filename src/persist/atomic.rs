//! Writing a file so that a crash at any moment leaves either the old file or the new one,
//! never a mixture: temp file in the same folder, write, fsync, rename, fsync the folder.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let folder = folder_of(path);
    let temp = temp_path(path);
    let written = (|| {
        let mut file = File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()
    })();
    if let Err(error) = written.and_then(|()| fs::rename(&temp, path)) {
        // Best effort: the temp file is ours and useless; the old save is untouched.
        let _ = fs::remove_file(&temp);
        return Err(error);
    }
    // The new save is in place once renamed; reporting a failure now would make the
    // referee retry a command that was saved. Some file systems refuse to sync a folder.
    let _ = sync_folder(&folder);
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
}
