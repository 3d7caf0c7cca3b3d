//! `adjutant watch`: the referee's screen, read-only, following the save as the referee's
//! own Adjutant rewrites it, for players looking on from their phones over SSH.
//!
//! A watcher never takes the save's lock and never writes: not the save, not a lock
//! file, not the config folder. It only stats and reads the save.
//!
//! It polls: between keys, at most every [`POLL`], it stats the save and reloads when the
//! [`Stamp`] moved. Polling rather than inotify (the `notify` crate) because it needs no
//! new dependency, works the same on every Unix and on network-mounted folders where
//! change events never arrive, and survives the atomic save: every save renames a new
//! file over the path, which a watch on the old file would never see. A `stat` four
//! times a second costs nothing, and a reload only happens when the referee changed the
//! battle.

use super::app::{App, Tone};
use super::theme::Theme;
use super::{ScreenError, terminal};
use crate::game::{Game, Looker};
use crate::persist::{self, Loaded};
use crate::scenario::FileError;
use crossterm::event;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// The longest the loop waits for a key before it looks at the save again: a change
/// reaches the screen well within a second.
pub const POLL: Duration = Duration::from_millis(250);

/// How an alarm begins: first, since a phone may cut the end.
const STALE: &str = "showing the last good game";

/// What `stat` says of the save: enough to tell a new version from the one shown. The
/// inode changes on every atomic save (a new file renamed over the path); the time and
/// the length catch an editor that writes the file in place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    pub modified: Option<SystemTime>,
    pub len: u64,
    pub device: u64,
    pub inode: u64,
}

impl Stamp {
    pub fn of(path: &Path) -> std::io::Result<Stamp> {
        let meta = std::fs::metadata(path)?;
        Ok(Stamp {
            modified: meta.modified().ok(),
            len: meta.len(),
            device: meta.dev(),
            inode: meta.ino(),
        })
    }
}

/// What to do after a look at the save.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Look {
    /// The file is as last read, or still gone: nothing to do.
    Same,
    /// A new version (or the file back after a gap): read it.
    Reload,
    /// The file was there and is gone: keep the game shown, and say so.
    Gone,
}

/// The reload decision, from the stamp last read (`None`: the file was missing) and the
/// stamp now (`None`: missing now). Pure, for the tests.
pub fn look(old: Option<Stamp>, new: Option<Stamp>) -> Look {
    match (old, new) {
        (Some(_), None) => Look::Gone,
        // Even the very file that went (moved away and back) is read again: what was
        // shown meanwhile carried the alarm.
        (old, Some(new)) if old != Some(new) => Look::Reload,
        _ => Look::Same,
    }
}

/// What a look brought to the screen.
#[derive(Debug)]
pub enum Seen {
    Same,
    Game(Box<Game>),
    /// The save cannot be read or is no good save (a hand edit half done): why, with
    /// the file and the line.
    Bad(String),
}

/// The save being followed, and the stamp of the version last read.
#[derive(Debug)]
pub struct Follower {
    path: PathBuf,
    /// The file's name, as the alarms give it: a phone's status line has no room for
    /// the folder.
    name: String,
    stamp: Option<Stamp>,
}

impl Follower {
    /// Reads the save a first time; its errors name the whole path, as the command
    /// line's do.
    pub fn start(path: &Path) -> Result<(Follower, Loaded), FileError> {
        let full = path.display().to_string();
        // Stamped before reading: a save landing in between is read again at once.
        let stamp = Stamp::of(path)
            .map_err(|e| FileError::whole_file(&full, crate::read::why_unreadable(&e)))?;
        let loaded = persist::load(path)?;
        let name = path
            .file_name()
            .map_or_else(|| full.clone(), |n| n.to_string_lossy().into_owned());
        let follower = Follower {
            path: path.to_path_buf(),
            name,
            stamp: Some(stamp),
        };
        Ok((follower, loaded))
    }

    /// Stats the save and, if it changed, reads it.
    pub fn look(&mut self) -> Seen {
        let now = Stamp::of(&self.path);
        let decision = look(self.stamp, now.as_ref().ok().copied());
        match (decision, now) {
            (Look::Same, _) => Seen::Same,
            (Look::Gone, now) => {
                self.stamp = None;
                let why = now
                    .err()
                    .map_or_else(String::new, |e| crate::read::why_unreadable(&e));
                Seen::Bad(format!("{STALE}: {}: {why}", self.name))
            }
            (Look::Reload, now) => {
                self.stamp = now.ok();
                // Stamped before reading, so a save landing while this reads is seen
                // at the next look.
                match crate::read::read_bounded(&self.path, crate::read::SAVE_LIMIT) {
                    Ok(text) => match persist::load_text(&self.name, &text) {
                        Ok(loaded) => Seen::Game(Box::new(loaded.game)),
                        Err(error) => Seen::Bad(format!("{STALE}: {error}")),
                    },
                    Err(error) => {
                        let why = crate::read::why_unreadable(&error);
                        Seen::Bad(format!("{STALE}: {}: {why}", self.name))
                    }
                }
            }
        }
    }
}

/// Puts what a look brought on the screen; whether it needs drawing again.
pub fn show(app: &mut App, seen: Seen) -> bool {
    match seen {
        Seen::Same => false,
        Seen::Game(game) => {
            app.reload(*game);
            true
        }
        Seen::Bad(why) => {
            app.alarm(why);
            true
        }
    }
}

/// A watcher's screen ready to take the terminal: the save read, the side checked.
pub struct Watch {
    app: App,
    follower: Follower,
}

/// Reads the save and checks `side` (a side id of its scenario, case forgiven), so that
/// every mistake is reported before the terminal is taken.
pub fn prepare(
    path: &Path,
    side: Option<&str>,
    theme: Theme,
    options: &super::Options,
) -> Result<Watch, ScreenError> {
    let path = persist::resolve_save_path(path);
    let (follower, loaded) =
        Follower::start(&path).map_err(|e| ScreenError::Open(e.to_string()))?;
    let side = side
        .map(|wanted| side_id(&loaded.game, wanted, &path))
        .transpose()
        .map_err(|e| ScreenError::Open(e.to_string()))?;
    // The save's own notices (a [state] edited by hand) are the referee's business.
    let looker = side.map_or(Looker::Referee, Looker::Side);
    let mut app = App::watcher(loaded.game, &path, theme, looker);
    let keys = super::take_referees_keys(&mut app, options);
    if let Some(alarm) = keys.alarm {
        app.say(alarm, Tone::Alarm);
    }
    Ok(Watch { app, follower })
}

/// The save at `path` has no side `wanted`; `sides` are the ids it has.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{} has no side '{wanted}'; its sides are: {}", .path.display(), .sides.join(", "))]
pub struct NoSuchSide {
    pub path: PathBuf,
    pub wanted: String,
    pub sides: Vec<String>,
}

/// The id of the side `wanted` names, or an error listing the ids there are.
fn side_id(game: &Game, wanted: &str, path: &Path) -> Result<String, NoSuchSide> {
    let sides = game.state().sides();
    sides
        .iter()
        .find(|side| side.id.eq_ignore_ascii_case(wanted.trim()))
        .map(|side| side.id.clone())
        .ok_or_else(|| NoSuchSide {
            path: path.to_owned(),
            wanted: wanted.to_owned(),
            sides: sides.iter().map(|side| side.id.clone()).collect(),
        })
}

impl Watch {
    /// The screen until the player quits. A signal ends the process from
    /// [`terminal::exit_on_signals`], which has nothing to wait for: a watcher never
    /// writes.
    pub fn run(mut self) -> Result<(), ScreenError> {
        terminal::exit_on_signals(None).map_err(|e| ScreenError::Open(e.to_string()))?;
        follow(&mut self.app, &mut self.follower).map_err(ScreenError::Watch)
    }
}

/// The loop: draw when something changed, wait at most [`POLL`] for a key, look at the
/// save. An idle watcher draws nothing, so sends nothing over SSH.
fn follow(app: &mut App, follower: &mut Follower) -> std::io::Result<()> {
    let mut wait = |_: &mut App| {
        Ok(if event::poll(POLL)? {
            super::Woke::Event(event::read()?)
        } else {
            super::Woke::Changed(false)
        })
    };
    super::run_loop(app, &mut wait, &mut |app| show(app, follower.look()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stamp(inode: u64, len: u64, seconds: u64) -> Stamp {
        Stamp {
            modified: Some(SystemTime::UNIX_EPOCH + Duration::from_secs(seconds)),
            len,
            device: 1,
            inode,
        }
    }

    #[test]
    fn the_same_stamp_is_no_change() {
        assert_eq!(
            look(Some(stamp(7, 100, 5)), Some(stamp(7, 100, 5))),
            Look::Same
        );
        assert_eq!(look(None, None), Look::Same);
    }

    #[test]
    fn an_atomic_save_is_a_new_inode_even_at_the_same_time_and_length() {
        assert_eq!(
            look(Some(stamp(7, 100, 5)), Some(stamp(8, 100, 5))),
            Look::Reload
        );
    }

    #[test]
    fn an_edit_in_place_is_a_new_time_or_length() {
        assert_eq!(
            look(Some(stamp(7, 100, 5)), Some(stamp(7, 100, 6))),
            Look::Reload
        );
        assert_eq!(
            look(Some(stamp(7, 100, 5)), Some(stamp(7, 101, 5))),
            Look::Reload
        );
    }

    #[test]
    fn a_file_gone_is_said_once_and_read_again_when_back() {
        assert_eq!(look(Some(stamp(7, 100, 5)), None), Look::Gone);
        assert_eq!(look(None, None), Look::Same);
        // Even the very same file back (moved away and back) is read again.
        assert_eq!(look(None, Some(stamp(7, 100, 5))), Look::Reload);
    }

    #[test]
    fn a_follower_sees_a_rename_over_the_path_and_a_bad_file() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("game.toml");
        let (scenario, spec) =
            crate::scenario::parse("tutorial", crate::scenario::BUILT_IN[0].1).unwrap();
        let mut game = Game::new(scenario, spec, 1);
        persist::save(&game, &path).unwrap();
        let (mut follower, _) = Follower::start(&path).unwrap();
        assert!(matches!(follower.look(), Seen::Same));

        game.perform("hit fr-4l1 2").unwrap();
        persist::save(&game, &path).unwrap();
        match follower.look() {
            Seen::Game(seen) => assert_eq!(seen.log().len(), 1),
            other => panic!("expected the new game, saw {other:?}"),
        }
        assert!(matches!(follower.look(), Seen::Same), "read once only");

        // A hand edit gone wrong: the end marker is there, a value is not.
        let edited = format!("[save]\nformat = \"one\"\n{}\n", persist::END_MARKER);
        std::fs::write(&path, edited).unwrap();
        match follower.look() {
            Seen::Bad(why) => {
                assert!(
                    why.starts_with("showing the last good game: game.toml:2:10: "),
                    "{why}"
                );
            }
            other => panic!("expected an alarm, saw {other:?}"),
        }
        assert!(matches!(follower.look(), Seen::Same), "alarmed once only");

        std::fs::remove_file(&path).unwrap();
        assert!(matches!(follower.look(), Seen::Bad(why) if why.contains(": game.toml: ")));
        assert!(matches!(follower.look(), Seen::Same));
        persist::save(&game, &path).unwrap();
        assert!(matches!(follower.look(), Seen::Game(_)));
    }
}
