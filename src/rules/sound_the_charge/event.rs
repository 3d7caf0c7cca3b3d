//! The events only *Sound the Charge* logs: gunners leaving and manning their guns,
//! regimental guns, boats, cavalry that rides off the table after its enemy, and
//! battalion-masse. Each is written into the save as the engine's own events are
//! (`event = "…"` and its fields).

use super::unit_state::{Away, Boat, RegimentalGun};
use crate::rules::secret::Secret;
use crate::rules::table::Table;
use crate::rules::told::Told;
use crate::rules::unit::Morale;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case", deny_unknown_fields)]
pub enum SoundTheChargeEvent {
    /// The gunners left their guns (evading) or went back to them (ruling 51).
    Guns { unit: String, manned: bool },
    /// A battalion's regimental gun fired, was disabled or was abandoned (optional
    /// *Regimental Guns*).
    RegimentalGun { unit: String, gun: RegimentalGun },
    /// The unit boards boats, is afloat, lands, or is ashore again (`None`; optional
    /// *Boats*).
    Boat {
        unit: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        boat: Option<Boat>,
    },
    /// British or Portuguese cavalry leaves the table after the enemy it followed (`away`
    /// true), or comes back onto it in good order (false) (*National Modifiers*).
    Away { unit: String, away: bool },
    /// An Austrian column forms or leaves battalion-masse (*National Modifiers*).
    Masse { unit: String, on: bool },
}

impl SoundTheChargeEvent {
    /// The names the save gives these events (`event = "guns"`), one per variant.
    pub const TAGS: [&'static str; 5] = ["guns", "regimental_gun", "boat", "away", "masse"];

    /// The unit it is done to.
    pub fn unit(&self) -> &str {
        match self {
            SoundTheChargeEvent::Guns { unit, .. }
            | SoundTheChargeEvent::RegimentalGun { unit, .. }
            | SoundTheChargeEvent::Boat { unit, .. }
            | SoundTheChargeEvent::Away { unit, .. }
            | SoundTheChargeEvent::Masse { unit, .. } => unit,
        }
    }

    /// What a side's player may not see of it: nothing, as each stands on the table for
    /// all to see.
    pub fn secret(&self) -> Option<(&str, Secret)> {
        None
    }

    /// What it does to its unit. Manning the guns is the gunners' move, and boarding or
    /// landing the unit's whole turn; cavalry comes back in good order and morale
    /// (*National Modifiers*, Britain).
    pub fn apply<T: Table>(&self, table: &mut T) -> Result<(), T::Refusal> {
        let unit = table.unit_mut(self.unit())?;
        match self {
            SoundTheChargeEvent::Guns { manned, .. } => {
                unit.sound_the_charge.guns_abandoned = !manned;
                unit.moved_this_turn |= *manned;
            }
            SoundTheChargeEvent::RegimentalGun { gun, .. } => {
                unit.sound_the_charge.regimental_gun = Some(*gun);
            }
            SoundTheChargeEvent::Boat { boat, .. } => {
                unit.sound_the_charge.boat = *boat;
                unit.moved_this_turn |=
                    matches!(boat, Some(Boat::Embarking { .. } | Boat::Landing { .. }));
            }
            SoundTheChargeEvent::Away {
                unit: id,
                away: true,
            } => {
                unit.sound_the_charge.away = Some(Away::Off { tried: false });
                table.take_off_table(id)?;
            }
            SoundTheChargeEvent::Away { away: false, .. } => {
                unit.on_table = true;
                unit.sound_the_charge.away = Some(Away::Returned);
                unit.morale = Morale::Good;
                unit.disordered = false;
            }
            SoundTheChargeEvent::Masse { on, .. } => unit.sound_the_charge.masse = *on,
        }
        Ok(())
    }

    /// One line for the referee, read against the battle after the event.
    pub fn describe(&self, told: &dyn Told) -> String {
        let name = |id: &str| told.named(id);
        match self {
            SoundTheChargeEvent::Guns {
                unit,
                manned: false,
            } => format!("{}: the gunners abandon their guns", name(unit)),
            SoundTheChargeEvent::Guns { unit, manned: true } => {
                format!("{}: the gunners are back with their guns", name(unit))
            }
            SoundTheChargeEvent::RegimentalGun { unit, gun } => match gun {
                RegimentalGun::Ready | RegimentalGun::Fired => {
                    format!("{}: the regimental gun is {}", name(unit), gun.word())
                }
                RegimentalGun::Disabled => {
                    format!("{}: the regimental gun is DISABLED", name(unit))
                }
                RegimentalGun::Abandoned => format!(
                    "{}: the regimental gun is ABANDONED in the retreat",
                    name(unit)
                ),
            },
            SoundTheChargeEvent::Boat { unit, boat: None } => format!("{} is ashore", name(unit)),
            SoundTheChargeEvent::Boat {
                unit,
                boat: Some(boat),
            } => format!("{} is {}", name(unit), boat.describe()),
            SoundTheChargeEvent::Away { unit, away: true } => format!(
                "{} follows its enemy off the table: 5-6 at the start of each of its turns \
                 brings it back",
                name(unit)
            ),
            SoundTheChargeEvent::Away { unit, away: false } => format!(
                "{} is back on the table in good order; it may not charge this turn",
                name(unit)
            ),
            SoundTheChargeEvent::Masse { unit, on: true } => format!(
                "{} forms battalion-masse: a square against cavalry",
                name(unit)
            ),
            SoundTheChargeEvent::Masse { unit, on: false } => {
                format!("{} leaves battalion-masse", name(unit))
            }
        }
    }

    /// Its line in the after-action report, naming units with `unit`, if the battle's
    /// story tells it: cavalry riding off after its enemy.
    pub fn reported(&self, unit: &dyn Fn(&str) -> String) -> Option<String> {
        match self {
            SoundTheChargeEvent::Away {
                unit: id,
                away: true,
            } => Some(format!("{} rode off the table after its enemy.", unit(id))),
            SoundTheChargeEvent::Away { away: false, .. }
            | SoundTheChargeEvent::Guns { .. }
            | SoundTheChargeEvent::RegimentalGun { .. }
            | SoundTheChargeEvent::Boat { .. }
            | SoundTheChargeEvent::Masse { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::sound_the_charge::movement::tests::unit;
    use crate::rules::table::tests::Board;
    use crate::rules::told::tests::{Ids, written_tags};
    use crate::rules::unit::{Arm, CavalryType, Formation, Grade, InfantryType};

    /// Its place in [`each`]: a new event must be given one here, or this does not
    /// compile, and then be listed there, or the test below fails.
    fn place(event: &SoundTheChargeEvent) -> usize {
        match event {
            SoundTheChargeEvent::Guns { .. } => 0,
            SoundTheChargeEvent::RegimentalGun { .. } => 1,
            SoundTheChargeEvent::Boat { .. } => 2,
            SoundTheChargeEvent::Away { .. } => 3,
            SoundTheChargeEvent::Masse { .. } => 4,
        }
    }

    fn each() -> [SoundTheChargeEvent; 5] {
        let unit = || "u".to_owned();
        [
            SoundTheChargeEvent::Guns {
                unit: unit(),
                manned: false,
            },
            SoundTheChargeEvent::RegimentalGun {
                unit: unit(),
                gun: RegimentalGun::Disabled,
            },
            SoundTheChargeEvent::Boat {
                unit: unit(),
                boat: Some(Boat::Embarking { turns_left: 2 }),
            },
            SoundTheChargeEvent::Away {
                unit: unit(),
                away: true,
            },
            SoundTheChargeEvent::Masse {
                unit: unit(),
                on: true,
            },
        ]
    }

    #[test]
    fn each_lists_every_event_once() {
        let places: Vec<usize> = each().iter().map(place).collect();
        assert_eq!(places, [0, 1, 2, 3, 4]);
    }

    /// The save names each event by its tag: `TAGS` must list them as serde writes them,
    /// or a save holding one would not load.
    #[test]
    fn the_tags_are_those_the_save_writes() {
        assert_eq!(written_tags(&each()), SoundTheChargeEvent::TAGS);
    }

    /// The log's sentences, word for word as they were when the engine wrote them.
    #[test]
    fn each_says_what_it_did() {
        let said: Vec<String> = each().iter().map(|event| event.describe(&Ids)).collect();
        assert_eq!(
            said,
            [
                "<u>: the gunners abandon their guns",
                "<u>: the regimental gun is DISABLED",
                "<u> is embarking (2 turns to go)",
                "<u> follows its enemy off the table: 5-6 at the start of each of its turns \
                 brings it back",
                "<u> forms battalion-masse: a square against cavalry",
            ]
        );
        let other = [
            SoundTheChargeEvent::Guns {
                unit: "u".to_owned(),
                manned: true,
            },
            SoundTheChargeEvent::RegimentalGun {
                unit: "u".to_owned(),
                gun: RegimentalGun::Fired,
            },
            SoundTheChargeEvent::RegimentalGun {
                unit: "u".to_owned(),
                gun: RegimentalGun::Abandoned,
            },
            SoundTheChargeEvent::Boat {
                unit: "u".to_owned(),
                boat: None,
            },
            SoundTheChargeEvent::Away {
                unit: "u".to_owned(),
                away: false,
            },
            SoundTheChargeEvent::Masse {
                unit: "u".to_owned(),
                on: false,
            },
        ];
        let said: Vec<String> = other.iter().map(|event| event.describe(&Ids)).collect();
        assert_eq!(
            said,
            [
                "<u>: the gunners are back with their guns",
                "<u>: the regimental gun is fired",
                "<u>: the regimental gun is ABANDONED in the retreat",
                "<u> is ashore",
                "<u> is back on the table in good order; it may not charge this turn",
                "<u> leaves battalion-masse",
            ]
        );
    }

    /// Only cavalry riding off after its enemy makes the after-action report's story.
    #[test]
    fn the_report_tells_of_cavalry_riding_off() {
        let told: Vec<Option<String>> = each()
            .iter()
            .map(|event| event.reported(&|id| format!("[{id}]")))
            .collect();
        assert_eq!(
            told,
            [
                None,
                None,
                None,
                Some("[u] rode off the table after its enemy.".to_owned()),
                None
            ]
        );
    }

    /// Gunners going back to their guns move (ruling 51); boarding takes the unit's turn
    /// (*Boats*); cavalry leaves the table, out of contact, and comes back in good order
    /// and morale (*National Modifiers*, Britain); masse and the regimental gun are marked.
    #[test]
    fn applied_they_mark_the_unit() {
        let mut board = Board {
            units: vec![unit(
                Arm::Cavalry(CavalryType::Light),
                Grade::B,
                Formation::Line,
            )],
            ..Board::default()
        };
        for event in &each() {
            event.apply(&mut board).unwrap();
        }
        let u = &board.units[0];
        assert!(u.sound_the_charge.guns_abandoned);
        assert_eq!(
            u.sound_the_charge.regimental_gun,
            Some(RegimentalGun::Disabled)
        );
        assert_eq!(
            u.sound_the_charge.boat,
            Some(Boat::Embarking { turns_left: 2 })
        );
        assert!(u.moved_this_turn, "boarding is the unit's whole turn");
        assert_eq!(u.sound_the_charge.away, Some(Away::Off { tried: false }));
        assert!(!u.on_table);
        assert_eq!(board.taken_off, ["u"]);
        assert!(u.sound_the_charge.masse);

        let mut back = Board {
            units: vec![unit(
                Arm::Infantry(InfantryType::Line),
                Grade::C,
                Formation::Column,
            )],
            ..Board::default()
        };
        back.units[0].on_table = false;
        back.units[0].morale = Morale::Shaken;
        back.units[0].disordered = true;
        for event in [
            SoundTheChargeEvent::Away {
                unit: "u".to_owned(),
                away: false,
            },
            SoundTheChargeEvent::Guns {
                unit: "u".to_owned(),
                manned: true,
            },
        ] {
            event.apply(&mut back).unwrap();
        }
        let u = &back.units[0];
        assert!(u.on_table && !u.disordered && u.morale == Morale::Good);
        assert_eq!(u.sound_the_charge.away, Some(Away::Returned));
        assert!(!u.sound_the_charge.guns_abandoned);
        assert!(u.moved_this_turn, "manning the guns is the gunners' move");
    }

    #[test]
    fn an_unknown_unit_is_refused_and_nothing_changes() {
        let mut other = unit(Arm::Cavalry(CavalryType::Light), Grade::B, Formation::Line);
        other.id = "v".to_owned();
        let mut board = Board {
            units: vec![other.clone()],
            ..Board::default()
        };
        for event in &each() {
            assert_eq!(event.apply(&mut board), Err("u".to_owned()));
        }
        assert!(board.taken_off.is_empty());
        assert_eq!(board.units, [other]);
    }
}
