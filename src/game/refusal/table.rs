//! Why a command on the roster, the turn or the log was refused.

use crate::rules::unit::Formation;
use crate::scenario::MAX_TURNS;
use crate::scenario::house_rules::HouseRuleProblem;

/// Why a command on the roster (hits, marks, formation, command, generals, notes), the
/// turn and its phases, the log (`undo`, `redo`) or a `need` question was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableRefusal {
    #[error("{general} is not attached to a unit")]
    NotAttached { general: String },
    #[error("{unit} has no note to clear")]
    NoNote { unit: String },
    #[error("{unit} already has that note")]
    SameNote { unit: String },
    /// `house set` naming a number or a value its ruleset does not take.
    #[error(transparent)]
    HouseRule(#[from] HouseRuleProblem),
    /// `house set` giving the value in force: `value` as the charts write it.
    #[error("{name} is already {}{value}", if *book { "the book's " } else { "" })]
    HouseAlready {
        name: &'static str,
        value: String,
        book: bool,
    },
    #[error("no side '{side}'{hint}; `victory draw` for a draw")]
    NoSide { side: String, hint: String },
    #[error("the clock is already paused; `clock resume` runs it again")]
    ClockPaused,
    #[error("the clock is running; `clock pause` stops it")]
    ClockRunning,
    #[error(
        "the game has no slot to warn before: `clock left 3h` gives it one, or a scenario's \
         `slot = \"4h\"`"
    )]
    ClockNoSlot,
    #[error("the checklist already warns with {left} left")]
    ClockWarnsAlready { left: String },
    #[error("the checklist has no clock warning to switch off")]
    ClockNoWarning,
    #[error("each side already has {allowance} on the chess clock")]
    ClockSidesAlready { allowance: String },
    #[error("there is no chess clock to switch off")]
    ClockNoChessClock,
    /// `undo` and `redo` reach the log, never `check`.
    #[error("`{word}` acts on the log, not on the battle")]
    LogCommand { word: String },
    #[error("{unit} is artillery: guns are never disordered")]
    GunsNeverDisordered { unit: String },
    /// The mark is already as asked: `already` is the mark's word ("shaken", "not disordered").
    #[error("{unit} is already {already}")]
    Already { unit: String, already: &'static str },
    #[error("{unit} is shattered; `undo` takes back the command that shattered it")]
    ShatteredTakeBack { unit: String },
    #[error("{unit} has no {kind} hits to take back")]
    NoHitsToTakeBack { unit: String, kind: &'static str },
    /// `only` is the hits it has, in words ("2 loss hits").
    #[error("{unit} has only {only}")]
    TooFewHits { unit: String, only: String },
    #[error("{general} ({general_side}) cannot ride with {unit} of {unit_side}")]
    OtherSide {
        general: String,
        general_side: String,
        unit: String,
        unit_side: String,
    },
    #[error("{general} already rides with {unit}")]
    AlreadyRides { general: String, unit: String },
    #[error("{ruleset} has no {formation} formation ({})", .known.join(", "))]
    NoSuchFormation {
        ruleset: &'static str,
        formation: Formation,
        known: Vec<&'static str>,
    },
    /// `arm` is the unit's arm as the roster labels it.
    #[error("{unit} is {arm}: it cannot form {formation}")]
    CannotForm {
        unit: String,
        arm: String,
        formation: Formation,
    },
    #[error("{unit} is already in {formation}")]
    AlreadyInFormation { unit: String, formation: Formation },
    #[error(
        "{unit} is in close combat: no change of frontage or facing once in contact \
         (`disengage` it first if it has left the fight)"
    )]
    FormInContact { unit: String },
    #[error(
        "{unit}'s commander {general} is {status}: his command is out of command until his \
         replacement comes (p12)"
    )]
    CommanderGone {
        unit: String,
        general: String,
        status: &'static str,
    },
    #[error("{unit} is already {} command", if *.inside { "in" } else { "out of" })]
    AlreadyCommand { unit: String, inside: bool },
    #[error("a battle runs at most {MAX_TURNS} turns; this one has reached its end")]
    LastTurn,
    #[error("the battle is over: the {army} army broke on turn {turn} (`undo` takes that back)")]
    BattleOver { army: String, turn: u32 },
    #[error("`{word}`: hits= takes a whole number of hits, 1 or more")]
    NotHits { word: String },
    #[error("nothing to undo")]
    NothingToUndo,
    #[error("nothing to redo")]
    NothingToRedo,
}
