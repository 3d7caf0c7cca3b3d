//! Why a command was refused: words.

/// Why a command was refused: words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WordsRefusal {}
