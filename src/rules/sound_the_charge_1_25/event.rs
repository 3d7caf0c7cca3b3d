//! The events only *Sound the Charge 1:25* logs: where the fire that calls for a test came
//! from, a change of formation that takes two turns, and skirmish screens. Each is written
//! into the save as the engine's own events are (`event = "…"` and its fields).

use super::unit_state::Maneuvering;
use crate::core::plural::counted;
use crate::rules::secret::Secret;
use crate::rules::told::Told;
use crate::rules::unit::Unit;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case", deny_unknown_fields)]
pub enum OneTwentyFiveEvent {
    /// The fire that called for a test came from 8" or less, or from beyond, as its range
    /// told (the fire test's -2 for a change of formation).
    FiredFrom { unit: String, within_8: bool },
    /// A change of formation that takes two turns; the unit stands disordered until the
    /// end of `until_turn` (*Change formation and/or facing*).
    Maneuvering {
        unit: String,
        until_turn: u32,
        /// Finishing it leaves the unit in order: it was not disordered before (R62).
        then_steady: bool,
    },
    /// The two-turn maneuver is done with the turn's end.
    ManeuverDone { unit: String },
    /// The unit sends out a skirmish screen of `models`, or its screen comes back into it
    /// (`None`) (*Skirmish Screens*).
    Screen {
        unit: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        models: Option<u32>,
    },
}

impl OneTwentyFiveEvent {
    /// The names the save gives these events (`event = "screen"`), one per variant.
    pub const TAGS: [&'static str; 4] = ["fired_from", "maneuvering", "maneuver_done", "screen"];

    /// The unit it is done to.
    pub fn unit(&self) -> &str {
        match self {
            OneTwentyFiveEvent::FiredFrom { unit, .. }
            | OneTwentyFiveEvent::Maneuvering { unit, .. }
            | OneTwentyFiveEvent::ManeuverDone { unit }
            | OneTwentyFiveEvent::Screen { unit, .. } => unit,
        }
    }

    /// What a side's player may not see of it: where the fire came from belongs to the
    /// test the unit owes, which the other side does not see; the rest stands on the table.
    pub fn secret(&self) -> Option<(&str, Secret)> {
        match self {
            OneTwentyFiveEvent::FiredFrom { unit, .. } => Some((unit, Secret::OwedTests)),
            OneTwentyFiveEvent::Maneuvering { .. }
            | OneTwentyFiveEvent::ManeuverDone { .. }
            | OneTwentyFiveEvent::Screen { .. } => None,
        }
    }

    /// What it does to its unit: a maneuver done leaves it in order if it began so (R62).
    pub fn apply(&self, unit: &mut Unit) {
        let state = &mut unit.one_twenty_five;
        match self {
            OneTwentyFiveEvent::FiredFrom { within_8, .. } => {
                state.test_within_8 = Some(*within_8);
            }
            OneTwentyFiveEvent::Maneuvering {
                until_turn,
                then_steady,
                ..
            } => {
                state.maneuvering = Some(Maneuvering {
                    until_turn: *until_turn,
                    then_steady: *then_steady,
                });
            }
            OneTwentyFiveEvent::ManeuverDone { .. } => {
                if state.maneuvering.take().is_some_and(|m| m.then_steady) {
                    unit.disordered = false;
                }
            }
            OneTwentyFiveEvent::Screen { models, .. } => state.screen = *models,
        }
    }

    /// One line for the referee, read against the battle after the event.
    pub fn describe(&self, told: &dyn Told) -> String {
        let name = |id: &str| told.named(id);
        match self {
            OneTwentyFiveEvent::FiredFrom { unit, within_8 } => format!(
                "{}: the fire came from {}",
                name(unit),
                if *within_8 {
                    "8\" or less"
                } else {
                    "beyond 8\""
                }
            ),
            OneTwentyFiveEvent::Maneuvering {
                unit, until_turn, ..
            } => format!(
                "{} stands in disorder, completing its change of formation, until the end of \
                 turn {until_turn}",
                name(unit)
            ),
            OneTwentyFiveEvent::ManeuverDone { unit } => match told.unit(unit) {
                Some(u) if u.disordered => format!(
                    "{} has completed its change of formation; it is still disordered and must \
                     reform",
                    name(unit)
                ),
                _ => format!(
                    "{} has completed its change of formation and is in order",
                    name(unit)
                ),
            },
            OneTwentyFiveEvent::Screen {
                unit,
                models: Some(models),
            } => format!(
                "{} sends out a skirmish screen of {}, within 2\" of it",
                name(unit),
                counted(*models, "model")
            ),
            OneTwentyFiveEvent::Screen { unit, models: None } => {
                format!("{}'s skirmish screen rejoins it", name(unit))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{FOOT, unit};
    use super::*;
    use crate::rules::told::tests::{Ids, written_tags};
    use crate::rules::unit::{Formation, Grade};

    /// Its place in [`each`]: a new event must be given one here, or this does not
    /// compile, and then be listed there, or the test below fails.
    fn place(event: &OneTwentyFiveEvent) -> usize {
        match event {
            OneTwentyFiveEvent::FiredFrom { .. } => 0,
            OneTwentyFiveEvent::Maneuvering { .. } => 1,
            OneTwentyFiveEvent::ManeuverDone { .. } => 2,
            OneTwentyFiveEvent::Screen { .. } => 3,
        }
    }

    #[test]
    fn each_lists_every_event_once() {
        let places: Vec<usize> = each().iter().map(place).collect();
        assert_eq!(places, [0, 1, 2, 3]);
    }

    /// The log's sentences, word for word as they were when the engine wrote them.
    #[test]
    fn each_says_what_it_did() {
        let said: Vec<String> = each().iter().map(|event| event.describe(&Ids)).collect();
        assert_eq!(
            said,
            [
                "<b-col-c>: the fire came from 8\" or less",
                "<b-col-c> stands in disorder, completing its change of formation, until the \
                 end of turn 3",
                "<b-col-c> has completed its change of formation and is in order",
                "<b-col-c> sends out a skirmish screen of 8 models, within 2\" of it",
            ]
        );
        let back = OneTwentyFiveEvent::Screen {
            unit: "b-col-c".to_owned(),
            models: None,
        };
        assert_eq!(
            back.describe(&Ids),
            "<b-col-c>'s skirmish screen rejoins it"
        );
    }

    /// A screen that comes back in is written without `models`, in the save and in
    /// `log --json` alike, as the engine wrote it.
    #[test]
    fn a_screen_called_in_is_written_without_its_models() {
        let back = OneTwentyFiveEvent::Screen {
            unit: "b-col-c".to_owned(),
            models: None,
        };
        let json = serde_json::to_value(&back).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"event": "screen", "unit": "b-col-c"})
        );
        assert_eq!(
            toml::to_string(&back).unwrap(),
            "event = \"screen\"\nunit = \"b-col-c\"\n"
        );
    }

    /// A maneuver done leaves the unit in order only if it began so (R62); where the fire
    /// came from is kept for the test it calls for.
    #[test]
    fn applied_they_mark_the_unit() {
        let column = || unit(FOOT, Grade::C, Formation::Column, 24);
        let mut unit = column();
        unit.disordered = true;
        for event in &each()[..3] {
            event.apply(&mut unit);
        }
        assert_eq!(unit.one_twenty_five.test_within_8, Some(true));
        assert_eq!(unit.one_twenty_five.maneuvering, None);
        assert!(!unit.disordered, "began steady: in order when done");
        let mut shaky = column();
        shaky.disordered = true;
        for event in [
            OneTwentyFiveEvent::Maneuvering {
                unit: "b-col-d".to_owned(),
                until_turn: 3,
                then_steady: false,
            },
            OneTwentyFiveEvent::ManeuverDone {
                unit: "b-col-d".to_owned(),
            },
        ] {
            event.apply(&mut shaky);
        }
        assert!(shaky.disordered, "began disordered: must still reform");
    }

    fn each() -> [OneTwentyFiveEvent; 4] {
        let unit = || "b-col-c".to_owned();
        [
            OneTwentyFiveEvent::FiredFrom {
                unit: unit(),
                within_8: true,
            },
            OneTwentyFiveEvent::Maneuvering {
                unit: unit(),
                until_turn: 3,
                then_steady: true,
            },
            OneTwentyFiveEvent::ManeuverDone { unit: unit() },
            OneTwentyFiveEvent::Screen {
                unit: unit(),
                models: Some(8),
            },
        ]
    }

    /// The save names each event by its tag: `TAGS` must list them as serde writes them,
    /// or a save holding one would not load.
    #[test]
    fn the_tags_are_those_the_save_writes() {
        assert_eq!(written_tags(&each()), OneTwentyFiveEvent::TAGS);
    }
}
