//! Why an order, its activation roll or a command point was refused (p12-13).

use crate::core::plural::counted;
use crate::rules::old_trousers::command::Order;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrousersOrderRefusal {
    #[error("no order '{word}': the six are {}", order_words())]
    NoSuchOrder { word: String },
    /// `what` waits for the general's side: "sending an order", "the activation roll".
    #[error("{general} is not the phasing player's: {what} waits for his own side's Orders phase")]
    NotPhasing { general: String, what: &'static str },
    #[error("no army or corps commander in play to send it: name one with from=")]
    NoSender,
    /// `who`: a general's name or a unit's id.
    #[error("{who} is the enemy's")]
    Enemys { who: String },
    #[error("{general} is no army or corps commander: only they send orders (p13)")]
    NotSenior { general: String },
    /// `sent`: the order he sent, or "an order".
    #[error(
        "{general} has sent his one order of this order segment ({sent}; p9, p12): it may go to \
         more commands, but no other order; name another sender with from="
    )]
    SentHisOrder { general: String, sent: &'static str },
    #[error(
        "{general} took command this turn: a replacement issues no orders on his first turn (p12)"
    )]
    FirstTurn { general: String },
    #[error(
        "{general} commands an {echelon}: command points buy units orders from division and cavalry \
         brigade commanders (p13)"
    )]
    SeniorBuysNoOrders {
        general: String,
        echelon: &'static str,
    },
    #[error(
        "{general}'s command points are spent in his own side's turn, from its order segment \
         (p13)"
    )]
    PointsOutOfTurn { general: String },
    #[error("{unit} is not of {general}'s command")]
    NotOfCommand { unit: String, general: String },
    #[error("{unit} has its order this turn")]
    Ordered { unit: String },
    #[error("{general}'s side has no staff rating")]
    NoStaff { general: String },
    #[error("{general} has no command points this turn (p13)")]
    NoPoints { general: String },
    #[error("{general} has spent his {} this turn (p13)", counted(*.points, "command point"))]
    PointsSpent { general: String, points: u32 },
    #[error(
        "{general} commands an {echelon}: orders go to division and cavalry brigade commanders (p12)"
    )]
    SeniorReceivesNoOrders {
        general: String,
        echelon: &'static str,
    },
    /// `general` is his name, `id` what `order` is typed with.
    #[error("{general} has no pending order: send one first (`order {id} <order>`)")]
    NoPendingOrder { general: String, id: String },
    #[error(
        "the {order} order sent this turn reaches {general} in his next order segment (p13): roll \
         it then"
    )]
    NotArrived {
        order: &'static str,
        general: String,
    },
    #[error(
        "{general}'s {order} order was rolled for this segment; it stays pending until the next"
    )]
    RolledThisSegment {
        general: String,
        order: &'static str,
    },
}

/// The six orders' words, in the rules' order.
fn order_words() -> String {
    Order::ALL.map(Order::word).join(", ")
}
