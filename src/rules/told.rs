//! What the sentence for a ruleset's own event may read of the battle, after the event:
//! the engine's state gives it, and a ruleset words its events without knowing that state.

use super::unit::Unit;

pub trait Told {
    /// A unit's id with its name, as the log names it: "fr-42 (42e Ligne)".
    fn named(&self, unit: &str) -> String;

    /// The unit as the event left it.
    fn unit(&self, id: &str) -> Option<&Unit>;
}
