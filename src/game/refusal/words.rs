//! Why a line of the command language did not make a command.

use crate::core::moment::LengthProblem;
use crate::core::spelling::did_you_mean;
use crate::game::command::{MAX_COMMAND_CHARS, MAX_NOTE_CHARS};

/// Why a line of the command language did not make a command.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WordsRefusal {
    #[error("empty command: type `help` for the list")]
    Empty,
    #[error("a command holds at most {MAX_COMMAND_CHARS} characters; this one has {chars}")]
    TooLong { chars: usize },
    /// Saved, it would be refused by every load and the battle would be stuck.
    #[error("the command holds a control character (U+{code:04X}); type it without")]
    ControlCharacter { code: u32 },
    /// A word no ruleset knows: the nearest word, else the words there are.
    #[error("unknown command '{verb}'{}", known_words(.nearest.as_deref(), .heading, .words))]
    UnknownCommand {
        verb: String,
        nearest: Option<String>,
        heading: String,
        words: Vec<&'static str>,
    },
    /// A ruleset's own word, parsed without saying which ruleset reads it.
    #[error("`{verb}` is one ruleset's own word, read only in a game of that ruleset")]
    OwnWord { verb: String },
    #[error("`{verb}` takes no arguments")]
    NoArguments { verb: String },
    #[error(
        "a note holds at most {MAX_NOTE_CHARS} characters; this one has {chars}: keep the gist"
    )]
    NoteTooLong { chars: usize },
    /// `clock left` or `clock warn` with a time that is not one.
    #[error(transparent)]
    Length(#[from] LengthProblem),
    #[error("'{word}' is not on or off; usage: {usage}")]
    NotOnOff { word: String, usage: &'static str },
    #[error("'{word}' is not in or out; usage: {usage}")]
    NotInOut { word: String, usage: &'static str },
    #[error("the number of hits must be a positive whole number, not '{word}'")]
    NotHits { word: String },
}

/// ": did you mean 'shoot'?", else " (commands: …)".
fn known_words(nearest: Option<&str>, heading: &str, words: &[&str]) -> String {
    match nearest {
        Some(_) => did_you_mean(nearest),
        None => format!(" ({heading}: {})", words.join(", ")),
    }
}
