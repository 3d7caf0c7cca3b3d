//! What the sentence for a ruleset's own event may read of the battle, after the event:
//! the engine's state gives it, and a ruleset words its events without knowing that state.

use super::sides::General;
use super::unit::Unit;

pub trait Told {
    /// A unit's id with its name, as the log names it: "fr-42 (42e Ligne)".
    fn named(&self, unit: &str) -> String;

    /// The unit as the event left it.
    fn unit(&self, id: &str) -> Option<&Unit>;

    /// A general by his name as the scenario writes it, or his id if the battle has none.
    fn general_named(&self, id: &str) -> String;

    /// The general as the event left him.
    fn general(&self, id: &str) -> Option<&General>;

    /// A side by its name ("French"), or its id if the battle has none.
    fn side_named(&self, id: &str) -> String;
}

#[cfg(test)]
pub(crate) mod tests {
    use super::{General, Told, Unit};
    use serde::Serialize;

    /// A battle that names each unit, general and side by its id alone and knows none of
    /// them, for the sentences of a ruleset's own events.
    pub(crate) struct Ids;

    impl Told for Ids {
        fn named(&self, unit: &str) -> String {
            format!("<{unit}>")
        }

        fn unit(&self, _: &str) -> Option<&Unit> {
            None
        }

        fn general_named(&self, id: &str) -> String {
            format!("<{id}>")
        }

        fn general(&self, _: &str) -> Option<&General> {
            None
        }

        fn side_named(&self, id: &str) -> String {
            format!("<{id}>")
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
