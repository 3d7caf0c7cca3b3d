//! Why the initiative, or the winner's choice, was refused (p9-10).

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrousersTurnRefusal {
    #[error("no side '{side}' (sides: {})", .sides.join(", "))]
    NoSide { side: String, sides: Vec<String> },
    #[error("nobody has won the initiative yet: roll it with `initiative`")]
    NotWon,
    #[error("{side} already move first this turn")]
    MovesFirst { side: String },
    #[error(
        "the initiative is settled: {side} move first (`undo` to take it back, \
         `initiative first=<side>` for the winner's choice)"
    )]
    Settled { side: String },
    /// `sides`: the sides' ids.
    #[error("type both players' d10s ({}), or none for the app's dice", dice_words(.sides))]
    BothDice { sides: Vec<String> },
    #[error("{side} have no army or corps commander in play to roll the initiative for")]
    NoSeniorLeader { side: String },
    #[error("{side} have no staff rating")]
    NoStaff { side: String },
    /// The initiative decides who moves first, so the phase waits on it.
    #[error("roll the initiative first (`initiative`): it decides who moves first this turn")]
    InitiativeFirst,
}

/// "br=d fr=d".
fn dice_words(sides: &[String]) -> String {
    sides
        .iter()
        .map(|side| format!("{side}=d"))
        .collect::<Vec<_>>()
        .join(" ")
}
