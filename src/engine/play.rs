//! A ruleset's play as the game asks it: the words only it has, parsed and checked, what
//! ending a phase does by its text, what a unit may be asked to throw, what is owed
//! before `next`, its help rows and the facts of its guided forms. Each ruleset gives its
//! own, `PLAY` in its folder's `play/mod.rs`; the game reaches it by one match
//! (`game/registry.rs`'s `play_of`). Every field must be given, with no default to fall
//! back on, so a new ruleset answers each where it lives.

use super::answer::{Answer, Asker, Question};
use super::checklist::Checklist;
use super::event::Event;
use super::own_command::{OwnCommand, OwnWords};
use super::play_refusal::PlayRefusal;
use super::state::GameState;
use super::unit_need::UnitNeed;
use super::words::FormFact;
use crate::rules::profile::UsageRow;
use crate::rules::unit::Unit;
use std::error::Error;
use std::fmt;

/// The game as a play asks it (`need`'s commands' own answers).
pub type Ask<'a> = dyn Asker<Refusal = GameRefusal> + 'a;

/// Why the game refused a play's question, in the game's own type, which the engine
/// cannot name: a play only shows it.
pub struct GameRefusal(Box<dyn Error + Send + Sync>);

impl GameRefusal {
    pub fn new(refusal: impl Error + Send + Sync + 'static) -> GameRefusal {
        GameRefusal(Box::new(refusal))
    }
}

impl fmt::Debug for GameRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl fmt::Display for GameRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// A line of a ruleset's own words parsed, `None` when the word is not one it parses.
pub type OwnParsed = Option<Result<OwnCommand, PlayRefusal>>;

/// A command's events, or why it cannot be done.
pub type Checked = Result<Vec<Event>, PlayRefusal>;

/// A `need` answer, or why there is none.
pub type Answered = Result<Answer, PlayRefusal>;

/// One ruleset's play.
pub struct Play {
    /// Parses a line whose first word is one of the ruleset's own (`verb`, lower case),
    /// refusing a malformed line with `usage`, the row the game's ruleset shows for the
    /// word; `None` when the shared parse reads the word.
    pub parse_own: fn(verb: &str, args: &[&str], usage: &'static str) -> OwnParsed,
    /// The `key=` words a line may give more than once, each adding to the last; any
    /// other key given twice is refused before a parse reads the line.
    pub gathered_keys: &'static [&'static str],
    /// Checks a command of its own words; `None` for a command another ruleset's parse
    /// made (see [`checked`]).
    pub check_own: fn(&GameState, &OwnCommand) -> Option<Checked>,
    /// What ending the phase does by the ruleset's own text, logged after what was left
    /// open; or why the phase cannot end yet.
    pub phase_end: fn(&GameState) -> Checked,
    /// What the end of a side's own turn does by the ruleset's text, before the tests it
    /// left untaken lapse.
    pub own_turn_ends: fn(&GameState) -> Vec<Event>,
    /// Each throw a unit may be asked to make; the game answers what its commands ask.
    pub needs: fn(&GameState, &Unit, &Ask<'_>) -> Vec<UnitNeed>,
    /// What the referee should settle before `next`.
    pub checklist: fn(&GameState) -> Checklist,
    /// The rows of its own words when its play words them itself, even where another
    /// ruleset has the word; `None`: its profile's `usage`.
    pub own_usage: Option<fn() -> Vec<UsageRow>>,
    /// A `need` question it answers its own way; `None`: the command's own check does.
    pub answer_own: fn(&GameState, &str, Question, &Ask<'_>) -> Option<Answered>,
    /// The facts a guided form of a word offers a unit; `None`: the word has no form.
    pub form_facts: fn(&GameState, &Unit, &str) -> Option<Vec<FormFact>>,
}

/// A line its own parse (`C` its command, `E` its refusal) read, as the game holds it.
pub fn own_parsed<C, E>(parsed: Option<Result<C, E>>) -> OwnParsed
where
    C: OwnWords + Eq,
    E: Into<PlayRefusal>,
{
    parsed.map(|parsed| parsed.map(OwnCommand::new).map_err(Into::into))
}

/// The play's own check of a command its own parse made (`C`); `None` for a command
/// another ruleset's parse made (a line read with no game, in the first ruleset's words).
pub fn checked<C, E>(
    command: &OwnCommand,
    check: impl FnOnce(&C) -> Result<Vec<Event>, E>,
) -> Option<Checked>
where
    C: OwnWords,
    E: Into<PlayRefusal>,
{
    command
        .get::<C>()
        .map(|command| check(command).map_err(Into::into))
}
