//! The commands of *Sound the Charge*'s own words, in either edition: what each holds,
//! the word and line it reads back as, and the check the original edition makes (the
//! 1:25 edition's play reads some of them its own way and sends the rest here).

use super::SoundTheChargeRefusal;
use super::combat_order::CombatOrder;
use super::move_order::MoveOrder;
use super::roll_command::{RallyOrder, ShotOrder, TestOrder};
use super::{boats, close_combat, follow_up, maneuver, resolve, standing};
use crate::engine::event::Event;
use crate::engine::own_command::OwnWords;
use crate::engine::refusal::EngineRefusal;
use crate::engine::state::GameState;
use crate::engine::words::{RetreatEnd, faces_word};
use crate::rules::unit::Formation;
use std::fmt;

/// A command in one of *Sound the Charge*'s own words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SoundTheChargeCommand {
    /// Fire, with its dice; hits are loss hits and the target owes a morale test.
    Shoot(ShotOrder),
    /// The shooting morale test a hit unit owes.
    Test(TestOrder),
    /// A shaken unit tries to rally.
    Rally(RallyOrder),
    /// One round of close combat.
    Combat(CombatOrder),
    /// A unit of the active side moves or charges: its allowance and why.
    Move(MoveOrder),
    /// Skirmishers or gunners of the passive side evade a charge; the 1:25 edition rolls
    /// the inches (the players' faces in `dice`).
    Evade { unit: String, dice: Option<Vec<u8>> },
    /// The 1:25 edition's optional *Limited Control*: a unit with no general within 16" at
    /// the turn's start rolls to move.
    Control { unit: String, roll: Option<u8> },
    /// A retreat move: the one the unit owes, blocked or off the table, or a voluntary one.
    Retreat { unit: String, end: RetreatEnd },
    /// Cavalry that followed its enemy off the table rolls to come back.
    Return {
        unit: String,
        roll: Option<u8>,
        /// The formation it comes back in, if not the one it left in.
        form: Option<Formation>,
    },
    /// Gunners who evaded go back to their guns.
    Reman { unit: String },
    /// Troops board boats (`embark`) or land from them (`disembark`; optional *Boats*).
    Board { unit: String, board: bool },
    /// An enemy unit reached a general riding alone: his die to escape.
    Contacted {
        general: String,
        enemy: String,
        roll: Option<u8>,
    },
    /// The unit is no longer in contact with any enemy (a table fact the app missed).
    Disengage { unit: String },
    /// Disordered units of the active side that stood all turn reform (all, or one).
    Reform { unit: Option<String> },
    /// The 1:25 edition: a unit attacked from 8" or less the turn after it changed
    /// formation or facing; `early`: the change came in the first half of its move.
    Caught {
        unit: String,
        early: bool,
        /// It changed facing, which the log does not see (a formation change it does).
        facing: bool,
        roll: Option<u8>,
    },
}

impl OwnWords for SoundTheChargeCommand {
    /// The word it was typed with.
    fn word(&self) -> &'static str {
        match self {
            SoundTheChargeCommand::Shoot(_) => "shoot",
            SoundTheChargeCommand::Test(_) => "test",
            SoundTheChargeCommand::Rally(_) => "rally",
            SoundTheChargeCommand::Combat(_) => "combat",
            SoundTheChargeCommand::Move(_) => "move",
            SoundTheChargeCommand::Evade { .. } => "evade",
            SoundTheChargeCommand::Control { .. } => "control",
            SoundTheChargeCommand::Retreat { .. } => "retreat",
            SoundTheChargeCommand::Return { .. } => "return",
            SoundTheChargeCommand::Reman { .. } => "reman",
            SoundTheChargeCommand::Board { board: true, .. } => "embark",
            SoundTheChargeCommand::Board { board: false, .. } => "disembark",
            SoundTheChargeCommand::Contacted { .. } => "contacted",
            SoundTheChargeCommand::Disengage { .. } => "disengage",
            SoundTheChargeCommand::Reform { .. } => "reform",
            SoundTheChargeCommand::Caught { .. } => "caught",
        }
    }

    /// Whether its result is worked out with reasons the table waits for: dice thrown or
    /// a distance allowed.
    fn shows_results(&self) -> bool {
        match self {
            SoundTheChargeCommand::Shoot(_)
            | SoundTheChargeCommand::Test(_)
            | SoundTheChargeCommand::Rally(_)
            | SoundTheChargeCommand::Combat(_)
            | SoundTheChargeCommand::Move(_)
            | SoundTheChargeCommand::Evade { .. }
            | SoundTheChargeCommand::Control { .. }
            | SoundTheChargeCommand::Retreat { .. }
            | SoundTheChargeCommand::Contacted { .. }
            | SoundTheChargeCommand::Caught { .. } => true,
            SoundTheChargeCommand::Return { .. }
            | SoundTheChargeCommand::Reman { .. }
            | SoundTheChargeCommand::Board { .. }
            | SoundTheChargeCommand::Disengage { .. }
            | SoundTheChargeCommand::Reform { .. } => false,
        }
    }
}

/// A die typed after the words, as it reads back: ` roll=4`, or nothing.
fn roll_suffix(roll: Option<u8>) -> String {
    roll.map(|face| format!(" roll={face}")).unwrap_or_default()
}

impl fmt::Display for SoundTheChargeCommand {
    /// The command in its canonical words, as the log records it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SoundTheChargeCommand::Shoot(order) => order.fmt(f),
            SoundTheChargeCommand::Test(order) => order.fmt(f),
            SoundTheChargeCommand::Rally(order) => order.fmt(f),
            SoundTheChargeCommand::Combat(order) => order.fmt(f),
            SoundTheChargeCommand::Move(order) => order.fmt(f),
            SoundTheChargeCommand::Evade { unit, dice: None } => write!(f, "evade {unit}"),
            SoundTheChargeCommand::Evade {
                unit,
                dice: Some(faces),
            } => write!(f, "evade {unit} dice={}", faces_word(faces)),
            SoundTheChargeCommand::Control { unit, roll } => {
                write!(f, "control {unit}{}", roll_suffix(*roll))
            }
            SoundTheChargeCommand::Retreat { unit, end } => f.write_str(&end.line(unit)),
            SoundTheChargeCommand::Return { unit, roll, form } => {
                write!(f, "return {unit}{}", roll_suffix(*roll))?;
                if let Some(form) = form {
                    write!(f, " form={}", form.word())?;
                }
                Ok(())
            }
            SoundTheChargeCommand::Reman { unit } => write!(f, "reman {unit}"),
            SoundTheChargeCommand::Board { unit, board: true } => write!(f, "embark {unit}"),
            SoundTheChargeCommand::Board { unit, board: false } => {
                write!(f, "disembark {unit}")
            }
            SoundTheChargeCommand::Contacted {
                general,
                enemy,
                roll,
            } => write!(f, "contacted {general} {enemy}{}", roll_suffix(*roll)),
            SoundTheChargeCommand::Disengage { unit } => write!(f, "disengage {unit}"),
            SoundTheChargeCommand::Reform { unit: Some(unit) } => write!(f, "reform {unit}"),
            SoundTheChargeCommand::Reform { unit: None } => f.write_str("reform"),
            // The words in one order, whatever order they were typed in.
            SoundTheChargeCommand::Caught {
                unit,
                early,
                facing,
                roll,
            } => {
                let words = [(*facing, " facing"), (*early, " early")];
                let words: String = words.iter().filter(|w| w.0).map(|w| w.1).collect();
                write!(f, "caught {unit}{words}{}", roll_suffix(*roll))
            }
        }
    }
}

/// The events `command` causes in a game of the original edition, or why it cannot be
/// done.
pub fn check(
    state: &GameState,
    command: &SoundTheChargeCommand,
) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    match command {
        SoundTheChargeCommand::Shoot(order) => Ok(resolve::shoot(state, order)?),
        SoundTheChargeCommand::Test(order) => Ok(resolve::test(state, order)?),
        SoundTheChargeCommand::Rally(order) => Ok(resolve::rally(state, order)?),
        SoundTheChargeCommand::Combat(order) => Ok(close_combat::combat(state, order)?),
        SoundTheChargeCommand::Move(order) => Ok(maneuver::move_unit(state, order)?),
        SoundTheChargeCommand::Evade { unit, dice } => {
            Ok(maneuver::evade(state, unit, dice.as_deref())?)
        }
        SoundTheChargeCommand::Retreat { unit, end } => match end {
            RetreatEnd::Voluntary => Ok(maneuver::retreat(state, unit, false)?),
            RetreatEnd::Blocked => Ok(maneuver::retreat(state, unit, true)?),
            RetreatEnd::OffTable => Ok(follow_up::off_table(state, unit)?),
        },
        SoundTheChargeCommand::Return { unit, roll, form } => {
            Ok(follow_up::come_back(state, unit, *roll, *form)?)
        }
        SoundTheChargeCommand::Reman { unit } => Ok(maneuver::reman(state, unit)?),
        SoundTheChargeCommand::Board { unit, board } => Ok(boats::board(state, unit, *board)?),
        SoundTheChargeCommand::Contacted {
            general,
            enemy,
            roll,
        } => Ok(resolve::contacted(state, general, enemy, *roll)?),
        SoundTheChargeCommand::Disengage { unit } => standing::disengage(state, unit),
        SoundTheChargeCommand::Reform { unit } => standing::reform(state, unit.as_deref()),
        // The 1:25 edition's own words: its play reads them, and the original's profile
        // does not offer them, so the game refuses them before they come here.
        SoundTheChargeCommand::Caught { .. } | SoundTheChargeCommand::Control { .. } => {
            Err(EngineRefusal::not_offered(command.word(), state.ruleset()).into())
        }
    }
}
