//! Why a *Charge Moves* command was refused.

use crate::core::plural::counted;
use crate::engine::play_refusal::PlayRefusal;
use crate::engine::refusal::EngineRefusal;
use std::fmt;

/// Why a *Charge Moves* command was refused: the engine's shared checks, or the
/// ruleset's own rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChargeMovesRefusal {
    #[error(transparent)]
    Engine(#[from] EngineRefusal),
    /// `what` is the throw it would make ("charge", "melee").
    #[error("{unit} is routed and cannot {what}")]
    Routed { unit: String, what: String },
    #[error("{0}: it may throw again only at another enemy in its path")]
    OnlyAnotherEnemy(NoCharge),
    #[error("a charge at the flank or rear needs no throw: leave out roll=")]
    FlankNeedsNoThrow,
    #[error("{unit} is artillery: guns do not charge")]
    GunsDoNotCharge { unit: String },
    #[error("{unit} owes a retreat first (`retreat {unit}`)")]
    RetreatFirst { unit: String },
    #[error("{unit} has already moved this turn")]
    AlreadyMoved { unit: String },
    #[error("{0}: one charge throw a move")]
    OneThrowAMove(NoCharge),
    #[error("{0}: there is no melee between them")]
    NoMelee(NoCharge),
    #[error("{unit} has fought a melee this turn; `undo` if that one was entered wrong")]
    FoughtMelee { unit: String },
    #[error("{unit} has {has} men, not {men}")]
    TooManyMen { unit: String, has: u32, men: u32 },
    #[error("{unit} throws {}: it cannot have {}", counted(*.dice, "die"), counted(*.sixes, "six"))]
    TooManySixes { unit: String, dice: u32, sixes: u32 },
    #[error(
        "{unit} owes no morale throw: after a melee the side with the heavier share of losses \
         throws (or say why: cavalry, rout, building)"
    )]
    NoMoraleOwed { unit: String },
    #[error("{unit} owes no retreat (`retreat {unit} off` if it left the table)")]
    NoRetreatOwed { unit: String },
    #[error("unknown word '{word}' (known: men=<a>/<d>, flank, sheltered, sixes=<a>/<d>)")]
    UnknownMeleeWord { word: String },
    #[error("{what}= takes the attacker's and the defender's numbers, like {what}=5/3")]
    NotAPair { what: String },
}

/// A charge that did not go in this move: "fr-1 refused to charge br-2 this move and
/// made no charge".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoCharge {
    pub unit: String,
    /// "fell back from", "split and swerved from", "refused to charge".
    pub what: &'static str,
    pub target: String,
}

impl fmt::Display for NoCharge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let NoCharge { unit, what, target } = self;
        write!(f, "{unit} {what} {target} this move and made no charge")
    }
}

/// The engine's refusals *Charge Moves* passed on are the engine's, as anyone else's are.
impl From<ChargeMovesRefusal> for PlayRefusal {
    fn from(refusal: ChargeMovesRefusal) -> PlayRefusal {
        match refusal {
            ChargeMovesRefusal::Engine(engine) => PlayRefusal::Engine(engine),
            own => PlayRefusal::own(own),
        }
    }
}
