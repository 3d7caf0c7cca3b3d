//! Why a command was not carried out.

/// Why a command was not carried out. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refusal(pub String);

impl Refusal {
    pub fn new(message: impl Into<String>) -> Refusal {
        Refusal(message.into())
    }
}
