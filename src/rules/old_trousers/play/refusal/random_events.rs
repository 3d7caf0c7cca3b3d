//! Why a random event check was refused (p10).

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrousersEventRefusal {
    /// The check drew an event, but only its die was typed.
    #[error("a {check} draws a random event: type the table's d10 too (d10={check},<d>)")]
    TableDieMissing { check: u8 },
    #[error("a {check} draws no event: type the one die (d10={check})")]
    NoEventDrawn { check: u8 },
    #[error("type one d10 for the check, or two when it shows 1 or 2 (d10=1,7)")]
    DiceCount,
    #[error("{side} have checked for a random event this turn already (`undo` to take it back)")]
    Checked { side: String },
}
