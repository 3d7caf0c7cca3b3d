//! What the end of a side's own turn does in *Sound the Charge 1:25*, which the game asks
//! through the registry (`own_turn_ends`).

use crate::engine::event::Event;
use crate::engine::state::GameState;
use crate::rules::sound_the_charge_1_25::event::OneTwentyFiveEvent;

/// At the end of a side's turn, the two-turn maneuvers whose last turn it was are done
/// (*Change formation and/or facing*).
pub fn maneuvers_done(state: &GameState) -> Vec<Event> {
    state
        .units()
        .iter()
        .filter(|u| {
            u.one_twenty_five
                .maneuvering
                .is_some_and(|m| m.until_turn <= state.turn())
        })
        .map(|unit| {
            Event::Own(
                OneTwentyFiveEvent::ManeuverDone {
                    unit: unit.id.clone(),
                }
                .into(),
            )
        })
        .collect()
}
