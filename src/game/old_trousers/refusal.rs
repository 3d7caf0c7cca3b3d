//! Why an *Old Trousers II* command was refused.

/// Why an *Old Trousers II* command was refused, by the ruleset's own rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrousersRefusal {}
