//! Why a command was refused: turn.

/// Why a command was refused: turn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TurnRefusal {}
