//! Why a ruleset's play refused a command, as the game takes it: the engine's shared
//! reasons and bugs it passed on, or a reason of the ruleset's own behind one handle. Each
//! ruleset says which of its reasons are which (`From<ItsRefusal> for PlayRefusal`, in its
//! play), so the game gathers every ruleset's refusals without a variant per ruleset.

use super::apply::ApplyError;
use super::own_command::SameType;
use super::refusal::EngineRefusal;
use std::error::Error;
use std::fmt;
use std::sync::Arc;

/// A ruleset's refusal sorted for the game. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayRefusal {
    /// The words and checks every ruleset shares.
    Engine(EngineRefusal),
    /// A bug: events the play made do not apply.
    NotApplied(ApplyError),
    /// A bug: what the play worked out lacks a piece it should hold.
    Internal(String),
    /// A reason of the ruleset's own.
    Own(OwnRefusal),
}

impl PlayRefusal {
    /// A reason of the ruleset's own: its own enum's, never the engine's (which
    /// `From<EngineRefusal>` sorts) nor a handle, which its play could not read back.
    pub fn own<E: Error + Eq + Send + Sync + 'static>(refusal: E) -> PlayRefusal {
        PlayRefusal::Own(OwnRefusal(Arc::new(refusal)))
    }
}

/// The engine's refusal, passed on by a play that reached it through the shared checks.
impl From<EngineRefusal> for PlayRefusal {
    fn from(refusal: EngineRefusal) -> PlayRefusal {
        PlayRefusal::Engine(refusal)
    }
}

/// A reason of one ruleset's own, in its own type: its words are its `Display`, and a
/// caller that must tell one reason from another reads it back with [`OwnRefusal::get`].
#[derive(Clone)]
pub struct OwnRefusal(Arc<dyn HeldRefusal>);

impl OwnRefusal {
    /// The reason in the ruleset's own type; `None` when it is another type's.
    pub fn get<E: Error + 'static>(&self) -> Option<&E> {
        (*self.0).as_any().downcast_ref()
    }
}

/// A ruleset's reason as the handle holds it, compared by its own type's equality.
trait HeldRefusal: Error + Send + Sync + SameType {}

impl<E: Error + Eq + Send + Sync + 'static> HeldRefusal for E {}

impl PartialEq for OwnRefusal {
    fn eq(&self, other: &OwnRefusal) -> bool {
        (*self.0).same((*other.0).as_any())
    }
}

impl Eq for OwnRefusal {}

impl fmt::Debug for OwnRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl fmt::Display for OwnRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.0, f)
    }
}

impl Error for OwnRefusal {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        self.0.source()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
    enum Marsh {
        #[error("the marsh is too deep for {0}")]
        TooDeep(&'static str),
    }

    #[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
    #[error("the marsh is too deep for {0}")]
    struct OtherMarsh(&'static str);

    /// A reason keeps its words and its type: callers tell reasons apart by what they
    /// are, never by their text, even where two rulesets word a reason alike.
    #[test]
    fn an_own_reason_keeps_its_words_and_its_type() {
        let PlayRefusal::Own(deep) = PlayRefusal::own(Marsh::TooDeep("guns")) else {
            panic!("a reason of the ruleset's own is its own");
        };
        assert_eq!(deep.to_string(), "the marsh is too deep for guns");
        assert_eq!(deep.get::<Marsh>(), Some(&Marsh::TooDeep("guns")));
        assert_eq!(deep.get::<OtherMarsh>(), None);
        assert_eq!(
            PlayRefusal::own(Marsh::TooDeep("guns")),
            PlayRefusal::Own(deep.clone())
        );
        assert_ne!(
            PlayRefusal::own(Marsh::TooDeep("horse")),
            PlayRefusal::Own(deep.clone())
        );
        let other = PlayRefusal::own(OtherMarsh("guns"));
        assert_ne!(other, PlayRefusal::Own(deep));
    }
}
