//! The command language: one line per act of the referee, the same for the TUI's `:` line
//! and the CLI's `adjutant do`.

pub use super::refusal::Refusal;
use crate::core::moment::length;
use crate::engine::clock::ClockChange;
use crate::engine::own_command::OwnCommand;
use crate::rules::unit::{CommandState, Formation, HitKind};
use std::fmt;

mod parse;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Hits {
        unit: String,
        kind: HitKind,
        count: u32,
    },
    /// Takes back hits entered by mistake (the TUI's `H`).
    TakeBack {
        unit: String,
        kind: HitKind,
        count: u32,
    },
    Shaken {
        unit: String,
        on: bool,
    },
    Disorder {
        unit: String,
        on: bool,
    },
    Form {
        unit: String,
        formation: Formation,
    },
    Cmd {
        unit: String,
        command: CommandState,
    },
    Attach {
        general: String,
        unit: String,
    },
    Detach {
        general: String,
    },
    Remove {
        unit: String,
    },
    Note {
        unit: String,
        text: String,
    },
    /// A house rule set, switched off or lifted mid-game (`house set`).
    House {
        name: String,
        setting: HouseSetting,
    },
    /// The slot's clock paused, resumed or set (`clock …`).
    Clock(ClockChange),
    /// The referee settles who won (`victory <side|draw> [why…]`); none: a draw.
    Victory {
        side: Option<String>,
        why: String,
    },
    /// A command only one ruleset has (`registry.rs`).
    Own(OwnCommand),
    Next,
    Undo,
    Redo,
}

/// What `house set` gives a chart number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HouseSetting {
    /// The club's value.
    Value(i64),
    /// A modifier switched off: it adds nothing.
    Off,
    /// The book's value again.
    Book,
}

impl fmt::Display for HouseSetting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HouseSetting::Value(value) => write!(f, "{value}"),
            HouseSetting::Off => f.write_str("off"),
            HouseSetting::Book => f.write_str("book"),
        }
    }
}

/// The longest line of the command language, in characters: a referee types a few words,
/// a script a few dozen; the bound keeps every entry of a save small.
pub const MAX_COMMAND_CHARS: usize = 1_000;

/// The longest note, in characters: a remark on a unit, a line or two.
pub const MAX_NOTE_CHARS: usize = 500;

/// The words the shared parse reads, with their usage and meaning: each ruleset that offers
/// one lists this row (a ruleset's own words' rows are its profile's `usage`, or *Old
/// Trousers II*'s play's help); the help screen and the "usage:" part of refusals read
/// them through the registry's `commands_for`.
pub const COMMANDS: [(&str, &str, &str); 18] = [
    (
        "hit",
        "hit <unit> [n]",
        "n loss hits (default 1): each removes a figure",
    ),
    (
        "rout",
        "rout <unit> [n]",
        "n rout hits (default 1): each removes a figure",
    ),
    (
        "unhit",
        "unhit <unit> [n]",
        "take back n loss hits entered by mistake",
    ),
    (
        "unrout",
        "unrout <unit> [n]",
        "take back n rout hits entered by mistake",
    ),
    (
        "shaken",
        "shaken <unit> [on|off]",
        "mark shaken (on, the default) or good morale (off)",
    ),
    (
        "disorder",
        "disorder <unit> [on|off]",
        "mark disordered (on, the default) or steady again (off)",
    ),
    (
        "form",
        "form <unit> <formation>",
        "line, column, square, skirmish; guns: limbered, unlimbered",
    ),
    (
        "cmd",
        "cmd <unit> in|out",
        "inside or outside a general's command radius",
    ),
    (
        "attach",
        "attach <general> <unit>",
        "the general rides with a unit of his side",
    ),
    (
        "detach",
        "detach <general>",
        "the general leaves the unit he rides with",
    ),
    (
        "remove",
        "remove <unit>",
        "take a unit off the table: eliminated",
    ),
    (
        "note",
        "note <unit> <text>",
        "a free-text note on the unit (no text clears it)",
    ),
    (
        "house",
        "house set <name> <value|off|book>",
        "a chart number at the club's value; off drops a modifier; book puts it back",
    ),
    (
        "clock",
        "clock pause|resume|left <time>|warn <time|off>|sides <time|off>",
        "the slot's clock: stop it, run it, say what is left (1h30), warn at so much left, \
         give each side a chess clock's allowance",
    ),
    (
        "victory",
        "victory <side|draw> [why…]",
        "settle who won, as the table judged it (objectives held, the time run out)",
    ),
    (
        "next",
        "next",
        "end this phase and begin the next (shattered units leave)",
    ),
    ("undo", "undo", "take back the last command"),
    ("redo", "redo", "put back the last command undone"),
];

/// The shared table's usage of `word`.
pub(super) fn usage(word: &str) -> &'static str {
    COMMANDS
        .iter()
        .find(|(w, _, _)| *w == word)
        .map_or("", |(_, usage, _)| usage)
}

impl Command {
    /// Whether its result is worked out with reasons the table waits for: dice thrown or
    /// a distance allowed (the screen then shows the dice pane).
    pub fn shows_results(&self) -> bool {
        match self {
            Command::Own(own) => own.shows_results(),
            _ => false,
        }
    }

    /// The command word it was typed with, which a ruleset offers or not.
    pub fn word(&self) -> &'static str {
        match self {
            Command::Hits { kind, .. } => match kind {
                HitKind::Loss => "hit",
                HitKind::Rout => "rout",
            },
            Command::TakeBack { kind, .. } => match kind {
                HitKind::Loss => "unhit",
                HitKind::Rout => "unrout",
            },
            Command::Shaken { .. } => "shaken",
            Command::Disorder { .. } => "disorder",
            Command::Form { .. } => "form",
            Command::Cmd { .. } => "cmd",
            Command::Attach { .. } => "attach",
            Command::Detach { .. } => "detach",
            Command::Remove { .. } => "remove",
            Command::Note { .. } => "note",
            Command::House { .. } => "house",
            Command::Clock(_) => "clock",
            Command::Victory { .. } => "victory",
            Command::Own(command) => command.word(),
            Command::Next => "next",
            Command::Undo => "undo",
            Command::Redo => "redo",
        }
    }
}

impl fmt::Display for Command {
    /// The command in its canonical words, as the log records it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let on_off = |on: bool| if on { "on" } else { "off" };
        match self {
            Command::Hits { unit, kind, count } => {
                let verb = match kind {
                    HitKind::Loss => "hit",
                    HitKind::Rout => "rout",
                };
                write!(f, "{verb} {unit} {count}")
            }
            Command::TakeBack { unit, kind, count } => {
                let verb = match kind {
                    HitKind::Loss => "unhit",
                    HitKind::Rout => "unrout",
                };
                write!(f, "{verb} {unit} {count}")
            }
            Command::Shaken { unit, on } => write!(f, "shaken {unit} {}", on_off(*on)),
            Command::Disorder { unit, on } => write!(f, "disorder {unit} {}", on_off(*on)),
            Command::Form { unit, formation } => write!(f, "form {unit} {formation}"),
            Command::Cmd { unit, command } => {
                let word = match command {
                    CommandState::In => "in",
                    CommandState::Out => "out",
                };
                write!(f, "cmd {unit} {word}")
            }
            Command::Attach { general, unit } => write!(f, "attach {general} {unit}"),
            Command::Detach { general } => write!(f, "detach {general}"),
            Command::Remove { unit } => write!(f, "remove {unit}"),
            Command::Note { unit, text } if text.is_empty() => write!(f, "note {unit}"),
            Command::Note { unit, text } => write!(f, "note {unit} {text}"),
            Command::House { name, setting } => write!(f, "house set {name} {setting}"),
            Command::Victory { side, why } => {
                f.write_str("victory ")?;
                f.write_str(side.as_deref().unwrap_or("draw"))?;
                if why.is_empty() {
                    Ok(())
                } else {
                    write!(f, " {why}")
                }
            }
            Command::Clock(change) => match change {
                ClockChange::Pause => f.write_str("clock pause"),
                ClockChange::Resume => f.write_str("clock resume"),
                ClockChange::Left(seconds) => write!(f, "clock left {}", length(*seconds)),
                ClockChange::Warn(seconds) => write!(f, "clock warn {}", length(*seconds)),
                ClockChange::WarnOff => f.write_str("clock warn off"),
                ClockChange::Sides(seconds) => write!(f, "clock sides {}", length(*seconds)),
                ClockChange::SidesOff => f.write_str("clock sides off"),
            },
            Command::Own(command) => command.fmt(f),
            Command::Next => f.write_str("next"),
            Command::Undo => f.write_str("undo"),
            Command::Redo => f.write_str("redo"),
        }
    }
}
