//! The server's host key, made on the first `serve` and kept in the data folder, so a
//! player's `ssh` knows the laptop again next time instead of warning of an impostor.

use super::ssh_key::{HostKey, OpensshError};
use std::path::{Path, PathBuf};

/// The key's file name, as OpenSSH names its own Ed25519 host key.
pub const FILE: &str = "ssh_host_ed25519_key";

/// Why the server has no key to offer; nothing was replaced.
#[derive(Debug, thiserror::Error)]
pub enum HostKeyError {
    #[error("no data folder to keep the server's key in: set ADJUTANT_DATA_DIR")]
    NoDataFolder,
    /// The key file may be read by others than its owner.
    #[error(
        "{} may be read by others, so the server's key is no secret; \
         `chmod 600` it, or move it away and a new one is made",
        .path.display()
    )]
    Shared { path: PathBuf },
    #[error(
        "{}: not a host key Adjutant can use ({why}); move it away and a new one is made",
        .path.display()
    )]
    NotAHostKey { path: PathBuf, why: OpensshError },
    /// The new key could not be written as text.
    #[error(transparent)]
    NotWritten(OpensshError),
    #[error("cannot keep the server's key in {}: {error}", .path.display())]
    NotKept {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("cannot read {}: {error}", .path.display())]
    Unreadable {
        path: PathBuf,
        error: std::io::Error,
    },
}

/// The key in `folder`, made there (readable by its owner only) if there is none. A file
/// that is there but no good key is refused, never replaced: it may be the referee's.
pub fn load_or_make(folder: Option<&Path>) -> Result<HostKey, HostKeyError> {
    let Some(folder) = folder else {
        return Err(HostKeyError::NoDataFolder);
    };
    let path = folder.join(FILE);
    refuse_if_shared(&path)?;
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            HostKey::from_openssh(&text).map_err(|why| HostKeyError::NotAHostKey { path, why })
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let key = HostKey::generate();
            let text = key.to_openssh().map_err(HostKeyError::NotWritten)?;
            crate::persist::create_private_folder(folder)
                .and_then(|()| crate::persist::write_atomically(&path, text.as_bytes()))
                .map_err(|error| HostKeyError::NotKept {
                    path: path.clone(),
                    error,
                })?;
            Ok(key)
        }
        Err(error) => Err(HostKeyError::Unreadable { path, error }),
    }
}

/// A key others may read is no secret, as OpenSSH holds of its own.
#[cfg(unix)]
fn refuse_if_shared(path: &Path) -> Result<(), HostKeyError> {
    use std::os::unix::fs::PermissionsExt;
    match std::fs::metadata(path) {
        Ok(meta) if meta.permissions().mode() & 0o077 != 0 => Err(HostKeyError::Shared {
            path: path.to_owned(),
        }),
        _ => Ok(()),
    }
}

#[cfg(not(unix))]
fn refuse_if_shared(_: &Path) -> Result<(), HostKeyError> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_made_once_private_and_then_read_back_the_same() {
        let folder = tempfile::tempdir().unwrap();
        let made = load_or_make(Some(folder.path())).unwrap();
        let path = folder.path().join(FILE);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let access = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(access & 0o777, 0o600);
        }
        let again = load_or_make(Some(folder.path())).unwrap();
        assert_eq!(made.fingerprint(), again.fingerprint());
        assert!(made.fingerprint().starts_with("SHA256:"));
    }

    #[cfg(unix)]
    #[test]
    fn a_key_others_may_read_is_refused() {
        use std::os::unix::fs::PermissionsExt;
        let folder = tempfile::tempdir().unwrap();
        load_or_make(Some(folder.path())).unwrap();
        let path = folder.path().join(FILE);
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        let error = load_or_make(Some(folder.path())).err().unwrap();
        assert!(
            matches!(&error, HostKeyError::Shared { path: shared } if *shared == path),
            "{error}"
        );
        assert!(error.to_string().contains("read by others"), "{error}");
    }

    #[test]
    fn a_bad_key_file_is_refused_and_left_as_it_was() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join(FILE);
        std::fs::write(&path, "not a key").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        }
        let error = load_or_make(Some(folder.path())).err().unwrap();
        assert!(
            matches!(
                &error,
                HostKeyError::NotAHostKey { path: bad, why: OpensshError::NotRead { .. } }
                    if *bad == path
            ),
            "{error}"
        );
        assert!(error.to_string().contains("not a host key"), "{error}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "not a key");
    }
}
