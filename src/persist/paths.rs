//! Where saves go when the referee names no file.

use std::path::{Path, PathBuf};

/// `$ADJUTANT_SAVES` if set, else the platform's data folder (on Linux
/// `~/.local/share/adjutant/saves`), else `./saves`.
pub fn saves_folder() -> PathBuf {
    if let Some(folder) = std::env::var_os("ADJUTANT_SAVES") {
        return PathBuf::from(folder);
    }
    directories::ProjectDirs::from("", "", "adjutant").map_or_else(
        || PathBuf::from("saves"),
        |dirs| dirs.data_dir().join("saves"),
    )
}

/// The referee's settings (`keymap.toml`, `themes/`): `$ADJUTANT_CONFIG_DIR` if set, else the
/// platform's config folder (on Linux `~/.config/adjutant`). `None` leaves the defaults.
pub fn config_folder() -> Option<PathBuf> {
    match std::env::var_os("ADJUTANT_CONFIG_DIR") {
        Some(folder) if !folder.is_empty() => Some(PathBuf::from(folder)),
        _ => directories::ProjectDirs::from("", "", "adjutant")
            .map(|dirs| dirs.config_dir().to_path_buf()),
    }
}

/// The first `<stem>-<n>.toml` in `folder` that does not exist yet.
pub fn fresh_save_path(folder: &Path, stem: &str) -> PathBuf {
    (1..100_000)
        .map(|n| folder.join(format!("{stem}-{n}.toml")))
        .find(|path| !path.exists())
        .unwrap_or_else(|| folder.join(format!("{stem}.toml")))
}

/// The most recently written save in `folder`: the game to carry on with when the
/// referee names none. Other files (scenarios, temp files, locks) are passed over.
pub fn latest_save(folder: &Path) -> Option<PathBuf> {
    let entries = std::fs::read_dir(folder).ok()?;
    let mut saves: Vec<(std::time::SystemTime, PathBuf)> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.extension().is_some_and(|e| e == "toml")
                && !path
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .filter_map(|path| {
            let modified = std::fs::metadata(&path).and_then(|m| m.modified()).ok()?;
            Some((modified, path))
        })
        .collect();
    // Newest first; the name breaks ties so the choice does not depend on the folder order.
    saves.sort_by(|a, b| b.cmp(a));
    saves
        .into_iter()
        .map(|(_, path)| path)
        .find(|path| super::looks_like_save(path))
}

/// The real file behind `path`: a save reached through a symbolic link is written (and
/// locked) where it lives, not replaced by a plain file at the link.
pub fn resolve_save_path(path: &Path) -> PathBuf {
    if let Ok(real) = std::fs::canonicalize(path) {
        return real;
    }
    // A new save: resolve its folder, keep its name.
    match (path.parent(), path.file_name()) {
        (Some(parent), Some(name)) if !parent.as_os_str().is_empty() => {
            std::fs::canonicalize(parent).map_or_else(|_| path.to_path_buf(), |p| p.join(name))
        }
        _ => path.to_path_buf(),
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_link_resolves_to_the_file_it_points_at() {
        let folder = tempfile::tempdir().unwrap();
        let real = folder.path().join("real.toml");
        std::fs::write(&real, "save").unwrap();
        let link = folder.path().join("link.toml");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        assert_eq!(
            resolve_save_path(&link),
            std::fs::canonicalize(&real).unwrap()
        );
        let fresh = folder.path().join("new.toml");
        assert_eq!(
            resolve_save_path(&fresh),
            std::fs::canonicalize(folder.path())
                .unwrap()
                .join("new.toml")
        );
    }

    #[test]
    fn the_latest_save_is_the_newest_file_that_is_a_save() {
        let folder = tempfile::tempdir().unwrap();
        assert_eq!(latest_save(folder.path()), None);
        let older = folder.path().join("older.toml");
        std::fs::write(&older, "[save]\nformat = 1\n").unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        // Newer, but a scenario and a hidden temp file: passed over.
        std::fs::write(folder.path().join("scenario.toml"), "[scenario]\n").unwrap();
        std::fs::write(folder.path().join(".x.toml.1.tmp"), "[save]\n").unwrap();
        std::fs::write(folder.path().join(".hidden.toml"), "[save]\n").unwrap();
        assert_eq!(latest_save(folder.path()), Some(older.clone()));
        std::thread::sleep(std::time::Duration::from_millis(20));
        let newer = folder.path().join("newer.toml");
        std::fs::write(&newer, "[save]\nformat = 1\n").unwrap();
        assert_eq!(latest_save(folder.path()), Some(newer));
    }
}

/// Adjutant's own files that are not saves (`serve`'s host key): `$ADJUTANT_DATA_DIR` if
/// set, else the platform's data folder (on Linux `~/.local/share/adjutant`).
pub fn data_folder() -> Option<PathBuf> {
    match std::env::var_os("ADJUTANT_DATA_DIR") {
        Some(folder) if !folder.is_empty() => Some(PathBuf::from(folder)),
        _ => directories::ProjectDirs::from("", "", "adjutant")
            .map(|dirs| dirs.data_dir().to_path_buf()),
    }
}
