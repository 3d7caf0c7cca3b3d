//! Why a command was refused: combat.

/// Why a command was refused: combat.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CombatRefusal {}
