//! How the log writes and reads its events (`#[serde(with = "crate::engine::logged")]`):
//! a ruleset's own ([`OwnEvent`]) by its ruleset, the rest by the engine's derived serde,
//! each a table of its own with `event = "…"` naming it. A ruleset's events are told
//! apart by that name, read first; a fallback variant instead would answer every
//! malformed event with "did not match any variant" and lose serde's own words.

use super::event::Event;
use super::own_event::OwnEvent;
use serde::de::{self, DeserializeSeed, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::sync::OnceLock;

pub fn serialize<S: Serializer>(events: &[Event], to: S) -> Result<S::Ok, S::Error> {
    to.collect_seq(events.iter().map(Logged))
}

pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<Vec<Event>, D::Error> {
    let read = Vec::<Read>::deserialize(from)?;
    Ok(read.into_iter().map(|Read(event)| event).collect())
}

struct Logged<'a>(&'a Event);

impl Serialize for Logged<'_> {
    fn serialize<S: Serializer>(&self, to: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Event::Own(own) => own.serialize(to),
            engine => engine.serialize(to),
        }
    }
}

struct Read(Event);

impl<'de> Deserialize<'de> for Read {
    fn deserialize<D: Deserializer<'de>>(from: D) -> Result<Read, D::Error> {
        from.deserialize_map(ReadEvent)
    }
}

/// An event's table, its fields held as values until its name says whose it is. The name
/// is checked as it is read, so the file's reader places a wrong one at its own line.
struct ReadEvent;

impl<'de> Visitor<'de> for ReadEvent {
    type Value = Read;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an event: a table whose `event` names it")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut fields: A) -> Result<Read, A::Error> {
        let mut table = toml::Table::new();
        let mut name = None;
        while let Some(key) = fields.next_key::<String>()? {
            let value = if key == "event" {
                let read = fields.next_value_seed(EventName)?;
                name = Some(read.clone());
                toml::Value::String(read)
            } else {
                fields.next_value::<toml::Value>()?
            };
            table.insert(key, value);
        }
        let Some(name) = name else {
            return Err(de::Error::missing_field("event"));
        };
        let table = toml::Value::Table(table);
        let event = if OwnEvent::is_tag(&name) {
            OwnEvent::read(&name, table).map(Event::Own)
        } else {
            Event::deserialize(table)
        };
        event.map(Read).map_err(|e| de::Error::custom(e.message()))
    }
}

/// An event's name, refused unless the engine or a ruleset logs an event by it.
struct EventName;

impl<'de> DeserializeSeed<'de> for EventName {
    type Value = String;

    fn deserialize<D: Deserializer<'de>>(self, from: D) -> Result<String, D::Error> {
        let name = String::deserialize(from)?;
        // Should the derive ever stop listing its names, the name goes unchecked here and
        // the derive refuses a wrong one itself, at the event's table.
        let engine = engine_names();
        if OwnEvent::is_tag(&name) || engine.is_empty() || engine.contains(&name.as_str()) {
            Ok(name)
        } else {
            Err(de::Error::unknown_variant(&name, every_name()))
        }
    }
}

/// The engine's event names as its derived serde knows them: asked of the derive itself
/// (the list it refuses an unknown name with), so no second copy is kept to go stale.
fn engine_names() -> &'static [&'static str] {
    static NAMES: OnceLock<&'static [&'static str]> = OnceLock::new();
    NAMES.get_or_init(|| {
        let probe = de::value::MapDeserializer::<_, Listed>::new(std::iter::once(("event", "")));
        match Event::deserialize(probe) {
            Err(Listed(names)) => names,
            Ok(_) => &[],
        }
    })
}

/// The engine's names and then every ruleset's, for the refusal of one that is neither.
fn every_name() -> &'static [&'static str] {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut names = engine_names().to_vec();
        names.extend(OwnEvent::TAGS.iter().copied().flatten());
        names
    })
}

/// The error [`engine_names`] asks the derive with: it keeps the names it was given.
#[derive(Debug)]
struct Listed(&'static [&'static str]);

impl fmt::Display for Listed {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{} event names", self.0.len())
    }
}

impl std::error::Error for Listed {}

impl de::Error for Listed {
    fn custom<T: fmt::Display>(_: T) -> Listed {
        Listed(&[])
    }

    fn unknown_variant(_: &str, expected: &'static [&'static str]) -> Listed {
        Listed(expected)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names are the derive's: one each engine event, none a ruleset's.
    #[test]
    fn the_engine_names_are_asked_of_the_derive() {
        let names = engine_names();
        assert!(
            names.contains(&"hits") && names.contains(&"phase_began"),
            "{names:?}"
        );
        assert!(!names.iter().any(|n| OwnEvent::is_tag(n)), "{names:?}");
        let own: usize = OwnEvent::TAGS.iter().map(|names| names.len()).sum();
        assert_eq!(every_name().len(), names.len() + own);
    }

    /// No two events, the engine's or any ruleset's, share a name: the log would read the
    /// second as the first.
    #[test]
    fn every_name_is_one_events() {
        let mut names = every_name().to_vec();
        names.sort_unstable();
        let count = names.len();
        names.dedup();
        assert_eq!(names.len(), count, "{names:?}");
    }
}
