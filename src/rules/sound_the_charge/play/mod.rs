//! *Sound the Charge* at the table, worked out over the engine, for both editions: the
//! words (`move_order`, `roll_command`, `combat_order`), a move and an evade
//! (`maneuver`), shooting, tests and rallies (`resolve`), close combat (`close_combat`,
//! `combat_verdict`), what follows a combat (`follow_up`), the optional boats, regimental
//! guns and army retreat. Each edition's numbers are in its own rules folder; where the
//! 1:25 edition reads a command differently, this flow asks its play
//! (`rules/sound_the_charge_1_25/play/`). The game reaches it through the shared words'
//! dispatch (`game/check.rs`) and its registry (`game/registry.rs`).

pub mod army_retreat;
pub mod boats;
pub mod close_combat;
pub mod combat_order;
mod combat_verdict;
pub mod follow_up;
pub mod maneuver;
pub mod move_order;
mod refusal;
mod regimental_gun;
pub mod resolve;
pub mod roll_command;

pub use refusal::{CombatRefusal, FireRefusal, MovementRefusal, SoundTheChargeRefusal};
