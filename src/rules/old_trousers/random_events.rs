//! *Random Event Phase* (p10), an optional phase: each player rolls a d10; on a low roll
//! a second d10 picks the event from the *Random Event Table*.

use super::dice::{Die, check_face};
use crate::core::chart::Number;
use serde::{Deserialize, Serialize};

/// The d10 that triggers an event: this or lower (p10).
pub const EVENT_ON_OR_BELOW: Number = Number {
    name: "random-events.on-or-below",
    book: 2,
};

/// Whether a player's check die calls for a random event (p10).
pub fn calls_for_event(check_d10: u8) -> bool {
    u32::from(check_d10) <= EVENT_ON_OR_BELOW.count()
}

/// *Random Event Table* (p10), in die order: `RandomEvent::TABLE[face - 1]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RandomEvent {
    UncontrolledRout,
    WrongTurn,
    TrafficJam,
    CommandConfusion,
    DifficultTerrain,
    InflamedPiles,
    RainOrSnow,
    HiddenFord,
    CommandBonus,
    RoutHalted,
}

/// *Traffic jam* (p10): every reinforcement is delayed this many turns.
pub const TRAFFIC_JAM_DELAY: Number = Number {
    name: "random-events.traffic-jam-delay",
    book: 1,
};
/// *Wrong turn* (p10): the next reinforcement is delayed this many turns.
pub const WRONG_TURN_DELAY: Number = Number {
    name: "random-events.wrong-turn-delay",
    book: 4,
};
/// On every fire combat of both players this turn (p10; ruling 2 on the lost sign): the
/// event's row and the fire modifiers' last row.
pub const RAIN_OR_SNOW: Number = Number {
    name: "random-events.rain-or-snow",
    book: -1,
};

/// *Random Event Table* (p10): divisional commanders lose two points under *Command
/// confusion*.
pub const COMMAND_CONFUSION: Number = Number {
    name: "command-points.command-confusion",
    book: -2,
};
/// *Random Event Table* (p10): divisional commanders gain three under *Command bonus*
/// with a competent or better staff.
pub const COMMAND_BONUS: Number = Number {
    name: "command-points.command-bonus",
    book: 3,
};

impl RandomEvent {
    pub const TABLE: [RandomEvent; 10] = [
        RandomEvent::UncontrolledRout,
        RandomEvent::WrongTurn,
        RandomEvent::TrafficJam,
        RandomEvent::CommandConfusion,
        RandomEvent::DifficultTerrain,
        RandomEvent::InflamedPiles,
        RandomEvent::RainOrSnow,
        RandomEvent::HiddenFord,
        RandomEvent::CommandBonus,
        RandomEvent::RoutHalted,
    ];

    pub fn on(d10: u8) -> RandomEvent {
        check_face(Die::D10, d10);
        RandomEvent::TABLE[usize::from(d10 - 1)]
    }

    pub fn face(self) -> u8 {
        let at = RandomEvent::TABLE
            .iter()
            .position(|&e| e == self)
            .expect("every event is on the table");
        u8::try_from(at + 1).expect("ten faces")
    }

    pub fn name(self) -> &'static str {
        match self {
            RandomEvent::UncontrolledRout => "Uncontrolled rout",
            RandomEvent::WrongTurn => "Wrong turn",
            RandomEvent::TrafficJam => "Traffic jam",
            RandomEvent::CommandConfusion => "Command confusion",
            RandomEvent::DifficultTerrain => "Difficult terrain",
            RandomEvent::InflamedPiles => "Inflamed piles",
            RandomEvent::RainOrSnow => "Rain/snow",
            RandomEvent::HiddenFord => "Hidden ford",
            RandomEvent::CommandBonus => "Command bonus",
            RandomEvent::RoutHalted => "Rout halted",
        }
    }

    /// The effect, this turn unless it says otherwise, in our words.
    pub fn effect(self) -> String {
        match self {
            RandomEvent::UncontrolledRout => {
                "no routed unit of this player may try to rally".to_owned()
            }
            RandomEvent::WrongTurn => {
                format!(
                    "the next reinforcement due comes {} turns late",
                    WRONG_TURN_DELAY.value()
                )
            }
            RandomEvent::TrafficJam => {
                format!(
                    "every reinforcement comes {} turn late",
                    TRAFFIC_JAM_DELAY.value()
                )
            }
            RandomEvent::CommandConfusion => format!(
                "each divisional commander gets {} fewer command points",
                -COMMAND_CONFUSION.value()
            ),
            RandomEvent::DifficultTerrain => {
                "units in woods or poor ground may neither move nor change formation".to_owned()
            }
            RandomEvent::InflamedPiles => {
                "the most senior commander may not move of his own accord".to_owned()
            }
            RandomEvent::RainOrSnow => {
                format!("{:+} on all fire, both players", RAIN_OR_SNOW.value())
            }
            RandomEvent::HiddenFord => {
                "the player may put a ford on any stream or minor river".to_owned()
            }
            RandomEvent::CommandBonus => format!(
                "with a competent, professional or superb staff, each divisional commander gets {} more command points",
                COMMAND_BONUS.value()
            ),
            RandomEvent::RoutHalted => {
                "all routed units recover to shaken; they may fire but not move this turn"
                    .to_owned()
            }
        }
    }
}

/// One player's random event check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventRoll {
    pub check: u8,
    /// The event, when the check called for one and the second die was given.
    pub event: Option<RandomEvent>,
    /// The check called for an event but no second die came with it.
    pub needs_table_roll: bool,
}

/// The first d10 decides whether an event happens; `table_d10` is read only then.
pub fn random_event(check_d10: u8, table_d10: Option<u8>) -> EventRoll {
    check_face(Die::D10, check_d10);
    let happens = calls_for_event(check_d10);
    let event = if happens {
        table_d10.map(RandomEvent::on)
    } else {
        None
    };
    EventRoll {
        check: check_d10,
        event,
        needs_table_roll: happens && event.is_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_one_or_two_calls_for_the_table() {
        let r = random_event(2, Some(6));
        assert_eq!(r.event, Some(RandomEvent::InflamedPiles));
        let r = random_event(1, None);
        assert!(r.needs_table_roll);
        let r = random_event(3, Some(6));
        assert_eq!(r.event, None);
        assert!(!r.needs_table_roll);
    }

    #[test]
    fn the_table_in_die_order() {
        assert_eq!(RandomEvent::on(1), RandomEvent::UncontrolledRout);
        assert_eq!(RandomEvent::on(5), RandomEvent::DifficultTerrain);
        assert_eq!(RandomEvent::on(7), RandomEvent::RainOrSnow);
        assert_eq!(RandomEvent::on(10), RandomEvent::RoutHalted);
        for face in 1..=10 {
            assert_eq!(RandomEvent::on(face).face(), face);
        }
        assert!(RandomEvent::RainOrSnow.effect().starts_with("-1"));
    }
}
