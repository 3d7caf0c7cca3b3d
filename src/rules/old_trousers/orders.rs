//! What a commander's command is doing under *Old Trousers II* (*Orders*, *Order Activation*,
//! p12-13): the order in force and the one on its way. Kept on each general.

use super::command::Order;

/// What a commander's command is doing and what is on its way to him.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CommandOrders {
    /// The order the command operates under; `None` until the scenario or an activated
    /// order gives one (ruling 38).
    pub current: Option<Order>,
    /// A new order not yet activated.
    pub pending: Option<PendingOrder>,
    /// The turn this army or corps commander last sent an order: one per order segment.
    pub sent_on: Option<u32>,
    /// The order he sent then; it may go to more than one command (p12).
    pub sent: Option<Order>,
    /// Command points spent on orders to units in the last turn he spent any: unspent
    /// ones are lost (p13), so no earlier turn's count is kept.
    points_spent: PointsSpent,
}

/// Command points a commander spent in one turn.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct PointsSpent {
    turn: u32,
    spent: u32,
}

impl CommandOrders {
    pub fn starting(order: Option<Order>) -> CommandOrders {
        CommandOrders {
            current: order,
            ..CommandOrders::default()
        }
    }

    /// He spends one more command point in `turn` on an order to a unit (p13).
    pub fn spend_point(&mut self, turn: u32) {
        let spent = self.spent(turn) + 1;
        self.points_spent = PointsSpent { turn, spent };
    }

    /// He sends `order` in this order segment (one a segment, p12).
    pub fn send(&mut self, order: Order, turn: u32) {
        self.sent_on = Some(turn);
        self.sent = Some(order);
    }

    /// `order` from `from` is on its way to him, any older one replaced (p13).
    pub fn receive(&mut self, order: Order, from: &str, turn: u32) {
        self.pending = Some(PendingOrder {
            order,
            from: from.to_owned(),
            sent_on: turn,
            failed_on: None,
        });
    }

    /// The pending order's activation roll in `turn`: it becomes his order, or waits.
    /// False, and nothing changed, when no order is pending.
    #[must_use]
    pub fn activate(&mut self, activated: bool, turn: u32) -> bool {
        let Some(pending) = self.pending.as_mut() else {
            return false;
        };
        if activated {
            self.current = Some(pending.order);
            self.pending = None;
        } else {
            pending.failed_on = Some(turn);
        }
        true
    }

    /// The command points he has spent this turn.
    pub fn spent(&self, turn: u32) -> u32 {
        match self.points_spent {
            PointsSpent { turn: on, spent } if on == turn => spent,
            _ => 0,
        }
    }

    /// "defend, pending attack" for the roster; `None` for a commander without orders.
    pub fn summary(&self, turn: u32) -> Option<String> {
        let current = self.current.map(Order::word);
        let pending = self.pending.as_ref().map(|p| {
            if p.arrived(turn) {
                format!("pending {}", p.order.word())
            } else {
                format!("{} on its way", p.order.word())
            }
        });
        match (current, pending) {
            (None, None) => None,
            (Some(current), None) => Some(current.to_owned()),
            (None, Some(pending)) => Some(format!("no order, {pending}")),
            (Some(current), Some(pending)) => Some(format!("{current}, {pending}")),
        }
    }
}

/// An order sent and not yet in effect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingOrder {
    pub order: Order,
    /// The general who sent it.
    pub from: String,
    pub sent_on: u32,
    /// The turn its activation was last rolled and failed.
    pub failed_on: Option<u32>,
}

impl PendingOrder {
    /// An order arrives in the receiving player's next order segment (p9, p13): the
    /// next game turn's.
    pub fn arrived(&self, turn: u32) -> bool {
        turn > self.sent_on
    }

    /// Arrived and not yet rolled for in this order segment.
    pub fn to_roll(&self, turn: u32) -> bool {
        self.arrived(turn) && self.failed_on != Some(turn)
    }
}
