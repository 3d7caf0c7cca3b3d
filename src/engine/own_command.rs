//! A command only one ruleset has, as the game holds it between its parse and its check:
//! the ruleset's own type behind one handle, so the command language and the game hold
//! any ruleset's words without a variant per ruleset. Only the play that parsed a command
//! reads it back ([`OwnCommand::get`]); everyone else asks its word and its text.

use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// What the game asks of a ruleset's own command, whatever the ruleset.
pub trait OwnWords: fmt::Debug + fmt::Display + Send + Sync + 'static {
    /// The word it was typed with.
    fn word(&self) -> &'static str;
    /// Whether its result is worked out with reasons the table waits for: dice thrown or a
    /// distance allowed.
    fn shows_results(&self) -> bool;
}

/// A command of one ruleset's own words (or one family's: both editions of *Sound the
/// Charge* read the same words), checked by the play of the game's ruleset.
#[derive(Clone)]
pub struct OwnCommand(Arc<dyn Held>);

impl OwnCommand {
    pub fn new<C: OwnWords + Eq>(command: C) -> OwnCommand {
        OwnCommand(Arc::new(command))
    }

    /// The command as the play that made it reads it; `None` when another ruleset's play
    /// made it (a line read with no game, in the first ruleset's words).
    pub fn get<C: OwnWords>(&self) -> Option<&C> {
        (*self.0).as_any().downcast_ref()
    }

    pub fn word(&self) -> &'static str {
        self.0.word()
    }

    pub fn shows_results(&self) -> bool {
        self.0.shows_results()
    }
}

/// A ruleset's command as the handle holds it, compared by its own type's equality.
trait Held: OwnWords + SameType {}

impl<C: OwnWords + Eq> Held for C {}

/// A value held behind a handle in its own type, compared with another by that type's
/// equality: two values of different types are never equal, however alike they read.
pub(super) trait SameType: Any {
    fn as_any(&self) -> &dyn Any;
    fn same(&self, other: &dyn Any) -> bool;
}

impl<T: PartialEq + 'static> SameType for T {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn same(&self, other: &dyn Any) -> bool {
        other.downcast_ref::<T>() == Some(self)
    }
}

impl PartialEq for OwnCommand {
    fn eq(&self, other: &OwnCommand) -> bool {
        (*self.0).same((*other.0).as_any())
    }
}

impl Eq for OwnCommand {}

impl fmt::Debug for OwnCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl fmt::Display for OwnCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.0, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, PartialEq, Eq)]
    struct Shout(u8);

    impl fmt::Display for Shout {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "shout {}", self.0)
        }
    }

    impl OwnWords for Shout {
        fn word(&self) -> &'static str {
            "shout"
        }
        fn shows_results(&self) -> bool {
            false
        }
    }

    #[derive(Debug, Clone, PartialEq, Eq)]
    struct Whisper(u8);

    impl fmt::Display for Whisper {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "shout {}", self.0)
        }
    }

    impl OwnWords for Whisper {
        fn word(&self) -> &'static str {
            "shout"
        }
        fn shows_results(&self) -> bool {
            true
        }
    }

    /// Two rulesets may spell a command alike; the handle tells them apart by whose it is.
    #[test]
    fn a_command_equals_only_its_own_rulesets_alike() {
        let shout = OwnCommand::new(Shout(2));
        assert_eq!(shout, OwnCommand::new(Shout(2)));
        assert_ne!(shout, OwnCommand::new(Shout(3)));
        let whisper = OwnCommand::new(Whisper(2));
        assert_eq!(shout.to_string(), whisper.to_string());
        assert_ne!(shout, whisper);
        assert_eq!(shout.get::<Shout>(), Some(&Shout(2)));
        assert_eq!(shout.get::<Whisper>(), None);
        assert_eq!(
            (shout.word(), shout.shows_results(), whisper.shows_results()),
            ("shout", false, true)
        );
        assert_eq!(format!("{shout:?}"), "Shout(2)");
    }
}
