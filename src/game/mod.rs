//! The battle: state, commands, their checking, events and the log.
//!
//! Data flows one way: a line of the command language is parsed into a [`Command`],
//! [`check`]ed against the [`GameState`] into [`Event`]s, which are logged and applied.

mod army_morale;
mod check;
mod clock_set;
mod clock_view;
mod command;
mod fog;
mod history;
mod house_set;
mod luck;
mod need;
mod refusal;
mod registry;
mod strength;
mod view;

pub use crate::engine::answer::{Answer, Asked, Question, Throw};
pub use crate::engine::apply::ApplyError;
pub use crate::engine::checklist::{Checklist, ChecklistItem, Concern};
pub use crate::engine::combat_round::{CombatRound, Fighter, Strike};
pub use crate::engine::event::{Event, Motion, moved_line};
pub use crate::engine::find::{find_general, find_unit};
pub use crate::engine::own_command::OwnCommand;
pub use crate::engine::own_concern::OwnConcern;
pub use crate::engine::roll::{Roll, RollKind};
pub use crate::engine::state::GameState;
pub use crate::engine::unit_need::UnitNeed;
pub use crate::engine::words::FormFact;
pub use crate::rules::sides::{General, GeneralStatus, Side};
pub use crate::rules::sound_the_charge::concern::SoundTheChargeConcern;
pub use crate::rules::sound_the_charge::play::close_combat::bound_to_fight;
pub use crate::rules::sound_the_charge::unit_state::{Away, Boat, RegimentalGun};
pub use crate::rules::sound_the_charge_1_25::unit_state::Control;
pub use crate::rules::unit::{
    Arm, Calibre, CavalryType, CommandState, Formation, Grade, HitKind, InfantryType, Morale, Unit,
    UnitStatus,
};
pub use crate::scenario::MAX_TURNS;
pub use check::check;
pub use clock_view::{ClockView, ClockWords, SideTime, clock_line, side_times};
pub use command::{COMMANDS, Command, HouseSetting};
pub use fog::{
    FogRule, Looker, Secret, SeenEntry, SeenLog, SeenThrow, SeenUnit, ToldRoll, ToldRound,
    ToldStrike, Viewer,
};
pub use history::{Game, LogEntry, Outcome, replay, replay_onto, replay_recorded_onto};
pub use luck::{SideLuck, Tally, luck, luck_line, luck_short};
pub use need::{answer, asked, needs_of, refusal_whatever_picked, unit_needs};
pub use refusal::{EngineRefusal, Refusal, ReplayError, ReplayFault, TableRefusal, WordsRefusal};
pub use registry::{commands_for, form_facts};
pub use strength::{FiguresAxis, SideStrength, Standing};
pub use view::{
    ChecklistItemView, ChecklistView, GeneralView, ShowView, SideView, StateView, UnitView,
};
