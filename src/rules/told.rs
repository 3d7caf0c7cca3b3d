//! What the sentence for a ruleset's own event may read of the battle, after the event:
//! the engine's state gives it, and a ruleset words its events without knowing that state.

use super::unit::Unit;

pub trait Told {
    /// A unit's id with its name, as the log names it: "fr-42 (42e Ligne)".
    fn named(&self, unit: &str) -> String;

    /// The unit as the event left it.
    fn unit(&self, id: &str) -> Option<&Unit>;
}

#[cfg(test)]
pub(crate) mod tests {
    use super::{Told, Unit};
    use serde::Serialize;

    /// A battle that names each unit by its id alone and knows none of them, for the
    /// sentences of a ruleset's own events.
    pub(crate) struct Ids;

    impl Told for Ids {
        fn named(&self, unit: &str) -> String {
            format!("<{unit}>")
        }

        fn unit(&self, _: &str) -> Option<&Unit> {
            None
        }
    }

    /// The names serde writes `events` under (`event = "…"`), for a ruleset's `TAGS` to be
    /// held to.
    pub(crate) fn written_tags<T: Serialize>(events: &[T]) -> Vec<String> {
        events
            .iter()
            .map(|event| {
                let table = toml::Value::try_from(event).expect("serialises");
                table["event"].as_str().expect("tagged").to_owned()
            })
            .collect()
    }
}
