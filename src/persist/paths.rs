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

/// The first `<stem>-<n>.toml` in `folder` that does not exist yet.
pub fn fresh_save_path(folder: &Path, stem: &str) -> PathBuf {
    (1..100_000)
        .map(|n| folder.join(format!("{stem}-{n}.toml")))
        .find(|path| !path.exists())
        .unwrap_or_else(|| folder.join(format!("{stem}.toml")))
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
}
