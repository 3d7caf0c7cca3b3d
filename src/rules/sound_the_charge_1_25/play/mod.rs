//! *Sound the Charge 1:25* at the table where it reads a shared word its own way: fire,
//! the fire test, the rally and being caught with its pants down (`fire.rs`), a move, an
//! evade, a voluntary retreat and limited control (`maneuver.rs`); the end of a side's
//! turn, where a two-turn maneuver ends (`turn_end.rs`). The rest of its play is
//! *Sound the Charge*'s flow (`rules/sound_the_charge/play/`), which asks here.

pub mod fire;
pub mod maneuver;
pub mod turn_end;
