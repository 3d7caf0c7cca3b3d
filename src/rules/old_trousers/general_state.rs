//! What *Old Trousers II* keeps on a general beyond the shared roster: his echelon and
//! ratings, his command's orders, and the turn a replacement took his place.

use super::command::Commander;
use super::orders::CommandOrders;

/// A general's *Old Trousers II* state. Generals of the other rulesets carry it at its
/// default (no ratings, no orders) and never change it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GeneralState {
    /// His echelon and ratings.
    pub commander: Option<Commander>,
    /// His command's order and the one on its way (p12-13).
    pub orders: CommandOrders,
    /// The turn a replacement took his place (p12).
    pub replaced_on: Option<u32>,
}
