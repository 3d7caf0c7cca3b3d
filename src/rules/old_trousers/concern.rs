//! The checklist's items of *Old Trousers II*'s own: countercharges, disabled commanders,
//! routs, the initiative, the excerpt's gaps, confined units and the command's random
//! events, command points and orders. Its play raises them (`play/checklist.rs`,
//! `play/orders.rs`); the engine knows them only through `OwnConcern`.

use super::command::{Commander, Order, StaffRating, command_points, out_of_command_may};
use super::random_events::RandomEvent;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrousersConcern {
    /// *Old Trousers II*: met the unit that charged it in a countercharge; their melee
    /// is owed, and neither takes a Charge Test (p22).
    Countercharged,
    /// *Old Trousers II*: a disabled commander (the subject is the general); his command
    /// is out of command until his replacement comes, the turn after (`ready`).
    AwaitsReplacement { ready: bool },
    /// *Old Trousers II*: routed, in its side's rally phase, not yet run: it routs on
    /// unless the table rallies it.
    MustRout,
    /// *Old Trousers II*: the game turn's initiative is still to roll (or rolled tied).
    InitiativeToRoll { tied: bool },
    /// *Old Trousers II*: this phase needs rules the excerpt does not hold; the referee
    /// settles them at the table and records what came of it.
    ExcerptStops {
        section: &'static str,
        page: Option<u8>,
    },
    /// *Old Trousers II*: out of command and not ordered for a command point this turn:
    /// it does only what `OUT_OF_COMMAND_MAY` lists (p12-13).
    OutOfCommandConfined,
    /// *Old Trousers II*: random events, command points and orders (p10, p12-13).
    Command(CommandConcern),
}

impl TrousersConcern {
    /// A stable name for programs reading `show --json`.
    pub fn key(&self) -> &'static str {
        match self {
            TrousersConcern::Countercharged => "countercharged",
            TrousersConcern::AwaitsReplacement { .. } => "awaits_replacement",
            TrousersConcern::MustRout => "must_rout",
            TrousersConcern::InitiativeToRoll { .. } => "initiative_to_roll",
            TrousersConcern::ExcerptStops { .. } => "excerpt_stops",
            TrousersConcern::OutOfCommandConfined => "out_of_command_confined",
            TrousersConcern::Command(concern) => concern.key(),
        }
    }

    /// The words after the subject (a unit's id; a general's, a side's, or "both" for
    /// the initiative).
    pub fn words(&self, subject: &str) -> String {
        match *self {
            TrousersConcern::Countercharged => "met in a countercharge: no Charge Test, a melee \
                                                follows (p22; the melee is not in the excerpt)"
                .to_owned(),
            TrousersConcern::AwaitsReplacement { ready: true } => format!(
                "is disabled: his replacement arrives now (`replace {subject}`), within 2\" of \
                 a unit of his command"
            ),
            TrousersConcern::AwaitsReplacement { ready: false } => {
                "is disabled: his command is out of command until his replacement comes \
                 next turn"
                    .to_owned()
            }
            TrousersConcern::MustRout => format!(
                "routed: makes its rout move (`rout {subject}`) unless it rallies (`unrout`)"
            ),
            TrousersConcern::InitiativeToRoll { tied: false } => {
                "roll the initiative (`initiative`): the winner picks who moves first".to_owned()
            }
            TrousersConcern::InitiativeToRoll { tied: true } => {
                "roll the initiative again, bare: it tied (`initiative`)".to_owned()
            }
            TrousersConcern::ExcerptStops { section, page } => format!(
                "the rules excerpt stops before {section}{}: settle it at the table, then \
                 record it (`hit`, `shaken`, `disorder`, `rout`, `unrout`, `form`, `remove`)",
                page.map(|p| format!(" (rulebook p{p})"))
                    .unwrap_or_default()
            ),
            TrousersConcern::OutOfCommandConfined => confined_words(),
            TrousersConcern::Command(concern) => concern.words(subject),
        }
    }
}

/// The out-of-command unit, with what it may still do (p12-13).
fn confined_words() -> String {
    format!(
        "out of command: it may only {}, unless ordered for a command point (`cp`)",
        out_of_command_may()
    )
}

/// What the Random Event and Order phases owe or show (checklist items of *Old
/// Trousers II*'s command).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommandConcern {
    /// A side has not checked for a random event this turn (open).
    EventToRoll,
    /// A side's event this turn (watch, all turn: its effect may matter in any phase).
    EventDrawn(RandomEvent),
    /// A commander's command points this order segment (watch).
    Points {
        commander: Commander,
        staff: StaffRating,
        event: Option<RandomEvent>,
        /// Spent on orders to units this turn (`cp`).
        spent: u32,
    },
    /// A replacement on his first turn: no orders, so no command points (watch; p12).
    FirstTurn,
    /// An arrived order not yet rolled for this segment (open).
    OrderToActivate(Order),
    /// An order sent this turn, arriving next turn (watch).
    OrderOnItsWay(Order),
}

impl CommandConcern {
    pub fn key(self) -> &'static str {
        match self {
            CommandConcern::EventToRoll => "random_event_to_roll",
            CommandConcern::EventDrawn(_) => "random_event",
            CommandConcern::Points { .. } => "command_points",
            CommandConcern::FirstTurn => "replacement_first_turn",
            CommandConcern::OrderToActivate(_) => "order_to_activate",
            CommandConcern::OrderOnItsWay(_) => "order_on_its_way",
        }
    }

    /// The words after the subject (a side's or a general's id).
    pub fn words(self, subject: &str) -> String {
        match self {
            CommandConcern::EventToRoll => {
                format!("checks for a random event (`event {subject}`)")
            }
            CommandConcern::EventDrawn(event) => {
                format!("drew {} this turn: {}", event.name(), event.effect())
            }
            CommandConcern::Points {
                commander,
                staff,
                event,
                spent,
            } => {
                let points = command_points(&commander, staff, event);
                let mut reasons = vec![points.base_reason];
                reasons.extend(points.adjustments.iter().map(ToString::to_string));
                let spent = if spent == 0 {
                    String::new()
                } else {
                    format!(", {spent} spent (`cp`)")
                };
                format!(
                    "has {} this turn ({}){spent}",
                    crate::core::plural::counted(points.total, "command point"),
                    reasons.join(", ")
                )
            }
            CommandConcern::FirstTurn => {
                "took command this turn: no orders and no command points until next turn (p12)"
                    .to_owned()
            }
            CommandConcern::OrderToActivate(order) => format!(
                "has a pending {} order: roll its activation (`activate {subject}`)",
                order.word()
            ),
            CommandConcern::OrderOnItsWay(order) => format!(
                "has a new {} order on its way: it arrives next turn",
                order.word()
            ),
        }
    }
}
