//! Why a replacement commander was refused (p11-12).

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrousersCommanderRefusal {
    #[error("{general} has no commander's ratings")]
    NoRatings { general: String },
    #[error("{general} is in play: nobody to replace")]
    NobodyToReplace { general: String },
    #[error("{general}'s replacement arrives in his own side's order segment")]
    NotHisSegment { general: String },
    #[error("{general} was lost this turn: his replacement comes on the following turn (p12)")]
    LostThisTurn { general: String },
}
