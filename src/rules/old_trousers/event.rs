//! The events only *Old Trousers II* logs: the initiative and random events of the game
//! turn, orders sent, activated and spent on units, a commander replaced, who fired this
//! turn and the guns a battery lost. Each is written into the save as the engine's own
//! events are (`event = "…"` and its fields).

use super::command::Order;
use super::random_events::RandomEvent;
use super::turn_state::TurnInitiative;
use crate::core::plural::counted;
use crate::rules::secret::Secret;
use crate::rules::sides::GeneralStatus;
use crate::rules::table::Table;
use crate::rules::told::Told;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case", deny_unknown_fields)]
pub enum TrousersEvent {
    /// The initiative rolls' outcome: the winner, or a tie (`None`), which is rolled again
    /// bare. The winner moves first unless he chooses otherwise.
    Initiative { winner: Option<String> },
    /// A disabled commander's replacement takes his place, one step worse in every rating
    /// (p12).
    CommanderReplaced { general: String },
    /// The initiative winner chose who moves first.
    FirstMover { side: String },
    /// A side's random event check this turn, and the event it drew.
    RandomEventChecked {
        side: String,
        drawn: Option<RandomEvent>,
    },
    /// An army or corps commander sent a division or brigade commander a new order,
    /// pending until activated.
    OrderSent {
        general: String,
        order: Order,
        from: String,
    },
    /// A division or cavalry brigade commander spends a command point on an order to one
    /// unit of his command (p13).
    UnitOrdered { general: String, unit: String },
    /// The d20 for a pending order; activated, it is the command's.
    OrderActivation { general: String, activated: bool },
    /// These units fired this turn (one roll for all of them).
    Fired { units: Vec<String> },
    /// Gun models a battery lost to artillery fire (p19).
    GunsLost { unit: String, count: u32 },
}

/// The battle as an *Old Trousers II* event changes it: what every ruleset's may change,
/// and the game turn's initiative and random events, which the engine keeps for it.
pub trait TrousersTable: Table {
    fn initiative_mut(&mut self) -> &mut TurnInitiative;
}

/// An *Old Trousers II* event that does not fit the battle it is applied to: only a
/// hand-edited or corrupted log makes one, since events come from checked commands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrousersApplyError {
    #[error("{general} has no ratings to replace")]
    NoRatings { general: String },
    #[error("{side} checked for a random event twice")]
    RandomEventTwice { side: String },
    #[error("{general} has no pending order")]
    NoPendingOrder { general: String },
    #[error("{} lost by {unit}, which has {left} left", counted(*.count, "gun"))]
    TooManyGunsLost { unit: String, count: u32, left: u32 },
}

impl TrousersEvent {
    /// The names the save gives these events (`event = "initiative"`), one per variant.
    pub const TAGS: [&'static str; 9] = [
        "initiative",
        "commander_replaced",
        "first_mover",
        "random_event_checked",
        "order_sent",
        "unit_ordered",
        "order_activation",
        "fired",
        "guns_lost",
    ];

    /// What a side's player may not see of it unless it is his own: a commander's orders,
    /// and a replacement's ratings (see [`TrousersEvent::unseen`]). The rest stands on
    /// the table for all to see.
    pub fn secret(&self) -> Option<(&str, Secret)> {
        match self {
            TrousersEvent::OrderSent { general, .. }
            | TrousersEvent::OrderActivation { general, .. }
            | TrousersEvent::UnitOrdered { general, .. } => Some((general, Secret::Orders)),
            TrousersEvent::CommanderReplaced { general } => Some((general, Secret::LeaderRatings)),
            TrousersEvent::Initiative { .. }
            | TrousersEvent::FirstMover { .. }
            | TrousersEvent::RandomEventChecked { .. }
            | TrousersEvent::Fired { .. }
            | TrousersEvent::GunsLost { .. } => None,
        }
    }

    /// What a player who may not see its [`TrousersEvent::secret`] is told instead:
    /// that a replacement took command, without his ratings. `None`: nothing.
    pub fn unseen(&self, told: &dyn Told) -> Option<String> {
        match self {
            TrousersEvent::CommanderReplaced { general } => Some(format!(
                "{}'s replacement takes command",
                told.general_named(general)
            )),
            TrousersEvent::Initiative { .. }
            | TrousersEvent::FirstMover { .. }
            | TrousersEvent::RandomEventChecked { .. }
            | TrousersEvent::OrderSent { .. }
            | TrousersEvent::UnitOrdered { .. }
            | TrousersEvent::OrderActivation { .. }
            | TrousersEvent::Fired { .. }
            | TrousersEvent::GunsLost { .. } => None,
        }
    }

    /// What it does to the game turn, a commander's orders or a unit: the rules of each
    /// are in `turn_state.rs` and `orders.rs`; the table finds whom it is done to.
    pub fn apply<T: TrousersTable>(&self, table: &mut T) -> Result<(), T::Refusal>
    where
        T::Refusal: From<TrousersApplyError>,
    {
        let turn = table.turn();
        match self {
            TrousersEvent::Initiative { winner } => {
                table.initiative_mut().rolled(winner.as_deref());
            }
            TrousersEvent::FirstMover { side } => {
                table.initiative_mut().first = Some(side.clone());
            }
            TrousersEvent::RandomEventChecked { side, drawn } => {
                if !table.initiative_mut().random_event_checked(side, *drawn) {
                    return Err(TrousersApplyError::RandomEventTwice { side: side.clone() }.into());
                }
            }
            TrousersEvent::OrderSent {
                general,
                order,
                from,
            } => {
                table.general_mut(from)?.trousers.orders.send(*order, turn);
                table
                    .general_mut(general)?
                    .trousers
                    .orders
                    .receive(*order, from, turn);
            }
            TrousersEvent::OrderActivation { general, activated } => {
                let orders = &mut table.general_mut(general)?.trousers.orders;
                if !orders.activate(*activated, turn) {
                    return Err(TrousersApplyError::NoPendingOrder {
                        general: general.clone(),
                    }
                    .into());
                }
            }
            TrousersEvent::UnitOrdered { general, unit } => {
                table
                    .general_mut(general)?
                    .trousers
                    .orders
                    .spend_point(turn);
                table.unit_mut(unit)?.trousers.command_chain.ordered_on = Some(turn);
            }
            TrousersEvent::CommanderReplaced { general } => {
                let general = table.general_mut(general)?;
                let Some(commander) = general.trousers.commander else {
                    return Err(TrousersApplyError::NoRatings {
                        general: general.id.clone(),
                    }
                    .into());
                };
                general.trousers.commander = Some(commander.replacement());
                general.status = GeneralStatus::InPlay;
                general.trousers.replaced_on = Some(turn);
            }
            TrousersEvent::Fired { units } => {
                for unit in units {
                    table.unit_mut(unit)?.trousers.fire.fired_this_turn = true;
                }
            }
            TrousersEvent::GunsLost { unit, count } => {
                let unit = table.unit_mut(unit)?;
                let left = unit.guns_left().unwrap_or(0);
                if *count > left {
                    return Err(TrousersApplyError::TooManyGunsLost {
                        unit: unit.id.clone(),
                        count: *count,
                        left,
                    }
                    .into());
                }
                unit.trousers.guns_lost += count;
                unit.trousers.fire.guns_lost_this_phase += count;
            }
        }
        Ok(())
    }

    /// One line for the referee, read against the battle after the event.
    pub fn describe(&self, told: &dyn Told) -> String {
        let general = |id: &str| told.general_named(id);
        let side = |id: &str| told.side_named(id);
        match self {
            TrousersEvent::Initiative {
                winner: Some(winner),
            } => format!(
                "{} win the initiative and move first unless they choose otherwise",
                side(winner)
            ),
            TrousersEvent::Initiative { winner: None } => {
                "The initiative is tied: both roll again, without modifiers".to_owned()
            }
            TrousersEvent::CommanderReplaced { general: id } => {
                let ratings = told
                    .general(id)
                    .and_then(|g| g.trousers.commander)
                    .map(|c| {
                        let tactical = format!("tactical {}", c.tactical.word());
                        if c.echelon.senior() {
                            format!("leadership {}, {tactical}", c.leader_rating().word())
                        } else {
                            tactical
                        }
                    })
                    .unwrap_or_default();
                format!(
                    "{}'s replacement takes command ({ratings}); he issues no orders this turn",
                    general(id)
                )
            }
            TrousersEvent::FirstMover { side: id } => format!("{} move first this turn", side(id)),
            TrousersEvent::RandomEventChecked { side: id, drawn } => match drawn {
                None => format!("{}: no random event this turn", side(id)),
                Some(event) => format!(
                    "{} draw a random event: {}, {} (this turn)",
                    side(id),
                    event.name(),
                    event.effect()
                ),
            },
            TrousersEvent::OrderSent {
                general: to,
                order,
                from,
            } => format!(
                "{} sends {} a new order, {}: it arrives in the next order segment, then \
                 waits for its activation roll (`activate {to}`)",
                general(from),
                general(to),
                order.word()
            ),
            TrousersEvent::UnitOrdered {
                general: from,
                unit,
            } => format!(
                "{} spends a command point on an order to {}: this turn it may do what a unit \
                 in command does, rally or depart from its command's order (p13)",
                general(from),
                told.named(unit)
            ),
            TrousersEvent::OrderActivation {
                general: to,
                activated: true,
            } => format!("{}'s new order is in effect", general(to)),
            TrousersEvent::OrderActivation {
                general: to,
                activated: false,
            } => format!("{}'s new order stays pending", general(to)),
            TrousersEvent::Fired { units } => {
                let verb = if units.len() == 1 { "has" } else { "have" };
                format!("{} {verb} fired this turn", units.join(", "))
            }
            TrousersEvent::GunsLost { unit, count } => {
                let left = told
                    .unit(unit)
                    .and_then(crate::rules::unit::Unit::guns_left)
                    .unwrap_or(0);
                format!(
                    "{} loses {}: {left} left",
                    told.named(unit),
                    counted(*count, "gun")
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::sides::General;
    use crate::rules::sound_the_charge::movement::tests::unit;
    use crate::rules::table::tests::Board;
    use crate::rules::told::tests::{Ids, written_tags};
    use crate::rules::unit::{Arm, Calibre, Formation, Grade, Unit};

    /// Its place in [`each`]: a new event must be given one here, or this does not
    /// compile, and then be listed there, or the test below fails.
    fn place(event: &TrousersEvent) -> usize {
        match event {
            TrousersEvent::Initiative { .. } => 0,
            TrousersEvent::CommanderReplaced { .. } => 1,
            TrousersEvent::FirstMover { .. } => 2,
            TrousersEvent::RandomEventChecked { .. } => 3,
            TrousersEvent::OrderSent { .. } => 4,
            TrousersEvent::UnitOrdered { .. } => 5,
            TrousersEvent::OrderActivation { .. } => 6,
            TrousersEvent::Fired { .. } => 7,
            TrousersEvent::GunsLost { .. } => 8,
        }
    }

    fn each() -> [TrousersEvent; 9] {
        [
            TrousersEvent::Initiative {
                winner: Some("fr".to_owned()),
            },
            TrousersEvent::CommanderReplaced {
                general: "ney".to_owned(),
            },
            TrousersEvent::FirstMover {
                side: "br".to_owned(),
            },
            TrousersEvent::RandomEventChecked {
                side: "fr".to_owned(),
                drawn: None,
            },
            TrousersEvent::OrderSent {
                general: "ney".to_owned(),
                order: Order::Attack,
                from: "nap".to_owned(),
            },
            TrousersEvent::UnitOrdered {
                general: "ney".to_owned(),
                unit: "u".to_owned(),
            },
            TrousersEvent::OrderActivation {
                general: "ney".to_owned(),
                activated: true,
            },
            TrousersEvent::Fired {
                units: vec!["u".to_owned(), "v".to_owned()],
            },
            TrousersEvent::GunsLost {
                unit: "u".to_owned(),
                count: 1,
            },
        ]
    }

    #[test]
    fn each_lists_every_event_once() {
        let places: Vec<usize> = each().iter().map(place).collect();
        assert_eq!(places, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
    }

    /// The save names each event by its tag: `TAGS` must list them as serde writes them,
    /// or a save holding one would not load.
    #[test]
    fn the_tags_are_those_the_save_writes() {
        assert_eq!(written_tags(&each()), TrousersEvent::TAGS);
    }

    /// The log's sentences, word for word as they were when the engine wrote them.
    #[test]
    fn each_says_what_it_did() {
        let said: Vec<String> = each().iter().map(|event| event.describe(&Ids)).collect();
        assert_eq!(
            said,
            [
                "<fr> win the initiative and move first unless they choose otherwise",
                "<ney>'s replacement takes command (); he issues no orders this turn",
                "<br> move first this turn",
                "<fr>: no random event this turn",
                "<nap> sends <ney> a new order, attack: it arrives in the next order segment, \
                 then waits for its activation roll (`activate ney`)",
                "<ney> spends a command point on an order to <u>: this turn it may do what a \
                 unit in command does, rally or depart from its command's order (p13)",
                "<ney>'s new order is in effect",
                "u, v have fired this turn",
                "<u> loses 1 gun: 0 left",
            ]
        );
        let other = [
            TrousersEvent::Initiative { winner: None },
            TrousersEvent::RandomEventChecked {
                side: "fr".to_owned(),
                drawn: Some(RandomEvent::RainOrSnow),
            },
            TrousersEvent::OrderActivation {
                general: "ney".to_owned(),
                activated: false,
            },
            TrousersEvent::Fired {
                units: vec!["u".to_owned()],
            },
        ];
        let said: Vec<String> = other.iter().map(|event| event.describe(&Ids)).collect();
        let rain = RandomEvent::RainOrSnow;
        assert_eq!(
            said,
            [
                "The initiative is tied: both roll again, without modifiers".to_owned(),
                format!(
                    "<fr> draw a random event: {}, {} (this turn)",
                    rain.name(),
                    rain.effect()
                ),
                "<ney>'s new order stays pending".to_owned(),
                "u has fired this turn".to_owned(),
            ]
        );
    }

    /// The enemy does not see a commander's orders, activations and command points, nor
    /// a replacement's ratings: he is told only that the replacement took command (ruling
    /// 50). The rest stands on the table.
    #[test]
    fn orders_and_ratings_are_the_commanders_sides_alone() {
        let events = each();
        let secrets: Vec<Option<(&str, Secret)>> =
            events.iter().map(TrousersEvent::secret).collect();
        let unseen: Vec<Option<String>> = events.iter().map(|e| e.unseen(&Ids)).collect();
        assert_eq!(
            secrets,
            [
                None,
                Some(("ney", Secret::LeaderRatings)),
                None,
                None,
                Some(("ney", Secret::Orders)),
                Some(("ney", Secret::Orders)),
                Some(("ney", Secret::Orders)),
                None,
                None,
            ]
        );
        assert_eq!(
            unseen[1].as_deref(),
            Some("<ney>'s replacement takes command")
        );
        assert_eq!(unseen.iter().flatten().count(), 1, "the rest are hidden");
    }

    /// A battle for the initiative, orders and guns of a turn.
    #[derive(Default)]
    struct Turn {
        board: Board,
        initiative: TurnInitiative,
    }

    #[derive(Debug, PartialEq)]
    enum Refused {
        Unknown(String),
        Trousers(TrousersApplyError),
    }

    impl From<TrousersApplyError> for Refused {
        fn from(why: TrousersApplyError) -> Refused {
            Refused::Trousers(why)
        }
    }

    impl Table for Turn {
        type Refusal = Refused;

        fn turn(&self) -> u32 {
            self.board.turn
        }

        fn unit_mut(&mut self, id: &str) -> Result<&mut Unit, Refused> {
            self.board.unit_mut(id).map_err(Refused::Unknown)
        }

        fn general_mut(&mut self, id: &str) -> Result<&mut General, Refused> {
            self.board.general_mut(id).map_err(Refused::Unknown)
        }

        fn take_off_table(&mut self, id: &str) -> Result<(), Refused> {
            self.board.take_off_table(id).map_err(Refused::Unknown)
        }
    }

    impl TrousersTable for Turn {
        fn initiative_mut(&mut self) -> &mut TurnInitiative {
            &mut self.initiative
        }
    }

    fn battery() -> Unit {
        let guns = Arm::Artillery {
            calibre: Calibre::Field,
            guns: 2,
            horse: false,
        };
        unit(guns, Grade::B, Formation::Line)
    }

    /// A tie is thrown again bare; a winner moves first; one random-event check a side a
    /// turn (p9-10); a battery loses no more guns than it has (p19); firers are marked.
    #[test]
    fn applied_they_change_the_turn_and_the_units() {
        let mut turn = Turn {
            board: Board {
                turn: 3,
                units: vec![battery()],
                ..Board::default()
            },
            ..Turn::default()
        };
        let tie = TrousersEvent::Initiative { winner: None };
        tie.apply(&mut turn).unwrap();
        assert!(turn.initiative.tied && turn.initiative.first.is_none());
        each()[0].apply(&mut turn).unwrap();
        assert!(!turn.initiative.tied);
        assert_eq!(turn.initiative.first.as_deref(), Some("fr"));
        each()[3].apply(&mut turn).unwrap();
        assert_eq!(
            each()[3].apply(&mut turn),
            Err(Refused::Trousers(TrousersApplyError::RandomEventTwice {
                side: "fr".to_owned()
            }))
        );
        assert_eq!(
            turn.initiative.events.len(),
            1,
            "the second changed nothing"
        );

        let lose = |count| TrousersEvent::GunsLost {
            unit: "u".to_owned(),
            count,
        };
        lose(1).apply(&mut turn).unwrap();
        assert_eq!(
            lose(2).apply(&mut turn),
            Err(Refused::Trousers(TrousersApplyError::TooManyGunsLost {
                unit: "u".to_owned(),
                count: 2,
                left: 1
            }))
        );
        let fire = &turn.board.units[0].trousers;
        assert_eq!((fire.guns_lost, fire.fire.guns_lost_this_phase), (1, 1));
        // One gun is one gun, in the refusal of a hand-edited log too.
        let last = TrousersApplyError::TooManyGunsLost {
            unit: "u".to_owned(),
            count: 1,
            left: 0,
        };
        assert_eq!(last.to_string(), "1 gun lost by u, which has 0 left");
        TrousersEvent::Fired {
            units: vec!["u".to_owned()],
        }
        .apply(&mut turn)
        .unwrap();
        assert!(turn.board.units[0].trousers.fire.fired_this_turn);
    }

    /// An event naming a commander the battle lacks is refused with his id (the sender
    /// first); a commander without ratings has none to replace, and stays as he was.
    #[test]
    fn an_unknown_or_unrated_commander_is_refused() {
        let mut turn = Turn::default();
        let refused: Vec<_> = each()[4..7]
            .iter()
            .map(|event| event.apply(&mut turn))
            .collect();
        let unknown = |id: &str| Err(Refused::Unknown(id.to_owned()));
        assert_eq!(refused, [unknown("nap"), unknown("ney"), unknown("ney")]);
        let lost = General {
            id: "ney".to_owned(),
            name: "Ney".to_owned(),
            side: "fr".to_owned(),
            attached: None,
            status: GeneralStatus::Killed,
            lost_on: Some(2),
            trousers: crate::rules::old_trousers::general_state::GeneralState::default(),
        };
        turn.board.generals.push(lost.clone());
        assert_eq!(
            each()[1].apply(&mut turn),
            Err(Refused::Trousers(TrousersApplyError::NoRatings {
                general: "ney".to_owned()
            }))
        );
        assert_eq!(turn.board.generals, [lost]);
    }
}
