//! Why a command was not carried out, as far as the engine can tell: the words every
//! ruleset shares (dice typed, flags, a command's usage) and the checks every ruleset
//! makes (a unit found, on the table, in play, of the active side, in its phase). Each
//! ruleset's own reasons are its own enum, in its folder; `game::Refusal` gathers them.

use crate::core::dice::NotADie;
use crate::core::plural::{article, counted};
use crate::core::spelling::did_you_mean;
use crate::rules::Ruleset;
use crate::rules::phase::Phase;
use crate::rules::unit::Formation;

/// Why the engine refused a command. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineRefusal {
    /// The words do not make the command: its usage line, as the game's ruleset shows it.
    #[error("usage: {usage}")]
    Usage { usage: String },
    /// A word of another ruleset's, in a game of this one.
    #[error("`{word}` is not {} {ruleset} command (its own: {})", article(.ruleset), .own.join(", "))]
    NotOffered {
        word: String,
        ruleset: &'static str,
        own: &'static [&'static str],
    },
    #[error("unknown formation '{word}' (one of: {})", formation_words())]
    NotAFormation { word: String },
    /// A word the command does not know, with the words it does.
    #[error("unknown word '{word}' (words: {known})")]
    UnknownWord { word: String, known: String },
    #[error("no dice after `=`: type the faces, e.g. dice=5,3,1")]
    NoFaces,
    /// A key given a second time on one line (`key` as first typed, lower case): the
    /// second would silently replace the first, and with it the dice the table threw.
    #[error("{key}= is given twice: give it once")]
    GivenTwice { key: String },
    #[error(transparent)]
    NotADie(#[from] NotADie),
    /// More than one face typed for a test of one die.
    #[error("this test rolls one die, not {typed}")]
    OneDie { typed: usize },
    /// Not as many faces typed as the roll throws.
    #[error(
        "{what} rolls {}, but {typed} {} typed",
        counted(*.count, "die"),
        if *.typed == 1 { "was" } else { "were" }
    )]
    DiceCount {
        what: String,
        count: u32,
        typed: usize,
    },
    #[error("{key} takes a number of figures (or guns), not '{word}'")]
    NotFigures { key: String, word: String },
    /// No unit (or general) by the id typed; `nearest` is an id one or two letters away.
    #[error("no {what} '{asked}'{}", did_you_mean(.nearest.as_deref()))]
    NotFound {
        what: &'static str,
        asked: String,
        nearest: Option<String>,
    },
    /// The unit named as an enemy is of the same side.
    #[error("{unit} and {enemy} are on the same side")]
    SameSide { unit: String, enemy: String },
    /// The general is no longer in play: `status` is his state's word ("killed").
    #[error("{general} is {status}")]
    GeneralGone {
        general: String,
        status: &'static str,
    },
    #[error("{unit} has no figures left")]
    NoFigures { unit: String },
    #[error("{unit} has left the table ({status})")]
    OffTable { unit: String, status: &'static str },
    #[error("{unit} is shattered and leaves the table at the end of the phase")]
    Shattered { unit: String },
    /// `what` (a command's words, such as "shoots") belongs to another phase.
    #[error("{what} belongs to the {wanted} phase; it is the {now} phase now")]
    WrongPhase {
        what: String,
        wanted: Phase,
        now: Phase,
    },
    /// Only the active side may: `what` says what it does ("moves", "shoots").
    #[error("{unit} is {side}'s; only the active side ({active}) {what}")]
    NotActiveSide {
        unit: String,
        side: String,
        active: String,
        what: String,
    },
}

impl EngineRefusal {
    /// The words do not make the command: `usage` is its usage line.
    pub(crate) fn usage(usage: impl Into<String>) -> EngineRefusal {
        EngineRefusal::Usage {
            usage: usage.into(),
        }
    }

    /// "`shoot` is not a Charge Moves command (its own: …)".
    pub(crate) fn not_offered(word: &str, ruleset: Ruleset) -> EngineRefusal {
        EngineRefusal::NotOffered {
            word: word.to_owned(),
            ruleset: ruleset.title(),
            own: ruleset.own_commands(),
        }
    }
}

fn formation_words() -> String {
    let all: Vec<&str> = Formation::ALL.iter().map(|f| f.word()).collect();
    all.join(", ")
}
