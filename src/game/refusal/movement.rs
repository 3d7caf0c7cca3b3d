//! Why a command was refused: movement.

/// Why a command was refused: movement.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MovementRefusal {}
