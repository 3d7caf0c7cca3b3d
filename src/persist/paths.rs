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
