//! The roster as a list: each side's heading, then its units, those still fighting first.
//! The order the screen draws, the selection moves through and the keys scroll by.

use crate::game::{Game, GameState, Side, Unit};

/// The units in roster order: side by side in scenario order, those still fighting
/// first, then the shattered, eliminated and departed.
pub fn roster_order(game: &Game) -> Vec<&Unit> {
    let state = game.state();
    state
        .sides()
        .iter()
        .flat_map(|side| {
            let of_side = state
                .units()
                .iter()
                .map(|u| &**u)
                .filter(move |u| u.side == side.id);
            of_side
                .clone()
                .filter(|u| u.fighting())
                .chain(of_side.filter(|u| !u.fighting()))
        })
        .collect()
}

/// A roster row before it is drawn.
pub(crate) enum Row<'a> {
    Heading(&'a Side),
    Unit(&'a Unit),
}

/// Each side's heading, then its `units` in roster order.
pub(crate) fn rows<'a>(state: &'a GameState, units: &[&'a Unit]) -> Vec<Row<'a>> {
    state
        .sides()
        .iter()
        .flat_map(|side| {
            std::iter::once(Row::Heading(side)).chain(
                units
                    .iter()
                    .filter(move |u| u.side == side.id)
                    .map(|&u| Row::Unit(u)),
            )
        })
        .collect()
}

/// The row of `side`'s heading in the roster, if the roster lists it.
pub fn heading_row(game: &Game, side: &str) -> Option<usize> {
    rows(game.state(), &roster_order(game))
        .iter()
        .position(|row| matches!(row, Row::Heading(s) if s.id == side))
}
