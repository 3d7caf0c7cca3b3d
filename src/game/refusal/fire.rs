//! Why a command was refused: fire.

/// Why a command was refused: fire.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FireRefusal {}
