//! A plain, serialisable picture of the state: the `[state]` table of a save and the
//! output of `show --json`. Written for people and other programs to read; never read
//! back into a game.

use super::clock_view::ClockView;
use super::history::Game;
use super::luck::{SideLuck, luck};
use crate::core::moment::Moment;
use crate::engine::checklist::{Checklist, ChecklistItem};
use crate::engine::state::GameState;
use crate::rules::phase::Phase;
use crate::rules::sound_the_charge::Nation;
use crate::rules::sound_the_charge::unit_state::{Away, Boat, RegimentalGun};
use crate::rules::sound_the_charge_1_25::unit_state::{Control, Maneuvering};
use crate::rules::unit::{CommandState, Formation, Morale};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StateView {
    pub turn: u32,
    pub active: String,
    pub phase: Phase,
    pub sides: Vec<SideView>,
    pub units: Vec<UnitView>,
    pub generals: Vec<GeneralView>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SideView {
    pub id: String,
    pub name: String,
    pub broken: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
// Independent facts the JSON reader looks up by name, as on the unit itself.
#[allow(clippy::struct_excessive_bools)]
pub struct UnitView {
    pub id: String,
    pub side: String,
    pub name: String,
    pub arm: String,
    #[serde(rename = "type")]
    pub troop_type: String,
    pub grade: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nation: Option<Nation>,
    pub figures: u32,
    pub start: u32,
    pub loss_hits: u32,
    pub rout_hits: u32,
    pub morale: Morale,
    pub disordered: bool,
    pub formation: Formation,
    pub command: CommandState,
    pub status: String,
    pub on_table: bool,
    /// Guns still in action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guns: Option<u32>,
    /// *Old Trousers II*: has fired this turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fired_this_turn: bool,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
    /// Hit by shooting this turn and not yet tested.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub owes_test: bool,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub shooting_hits_this_turn: u32,
    /// *Charge Moves*: moves it owes back on its next move.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub moves_back: u32,
    /// The enemy units it is in close combat with.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub in_contact_with: Vec<String>,
    /// Rounds of close combat fought this game.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub combat_rounds: u32,
    /// Its regimental gun: ready, fired, disabled or abandoned (optional rule).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regimental_gun: Option<RegimentalGun>,
    /// In boats, boarding or landing (optional rule).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boat: Option<Boat>,
    /// An Austrian column in battalion-masse.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub masse: bool,
    /// Off the table after the enemy it followed, or back this turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub away: Option<Away>,
    /// *Sound the Charge 1:25*, optional *Limited Control*: this turn's roll to move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub control: Option<Control>,
    /// *Sound the Charge 1:25*: a two-turn change of formation under way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub maneuvering: Option<Maneuvering>,
    /// *Sound the Charge 1:25*: the models out in its skirmish screen.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub screen: u32,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GeneralView {
    pub id: String,
    pub name: String,
    pub side: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attached: Option<String>,
    pub status: String,
    /// *Old Trousers II*: his command's order and any new one pending ("defend, pending
    /// attack").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<String>,
}

impl StateView {
    pub fn of(state: &GameState) -> StateView {
        StateView {
            turn: state.turn(),
            active: state.active().to_owned(),
            phase: state.phase(),
            sides: state
                .sides()
                .iter()
                .map(|s| SideView {
                    id: s.id.clone(),
                    name: s.name.clone(),
                    broken: s.broken,
                })
                .collect(),
            units: state
                .units()
                .iter()
                .map(|u| UnitView {
                    id: u.id.clone(),
                    side: u.side.clone(),
                    name: u.name.clone(),
                    arm: u.arm.arm_word().to_owned(),
                    troop_type: u.arm.type_word().to_owned(),
                    grade: format!("{:?}", u.grade),
                    nation: u.nation,
                    figures: u.figures(),
                    start: u.figures_at_start,
                    loss_hits: u.loss_hits,
                    rout_hits: u.rout_hits,
                    morale: u.morale,
                    disordered: u.disordered,
                    formation: u.formation,
                    command: state.command_of(u),
                    status: u.status.word().to_owned(),
                    on_table: u.on_table,
                    guns: u.guns_left(),
                    fired_this_turn: u.trousers.fire.fired_this_turn,
                    note: u.note.clone(),
                    owes_test: u.owes_test,
                    moves_back: u.charge_moves.moves_back,
                    shooting_hits_this_turn: u.shooting_hits_this_turn,
                    in_contact_with: u.in_contact_with.clone(),
                    combat_rounds: u.sound_the_charge.combat_rounds,
                    regimental_gun: u.sound_the_charge.regimental_gun,
                    boat: u.sound_the_charge.boat,
                    masse: u.sound_the_charge.masse,
                    away: u.sound_the_charge.away,
                    control: u.one_twenty_five.control,
                    maneuvering: u.one_twenty_five.maneuvering,
                    screen: u.screen_models(),
                })
                .collect(),
            generals: state
                .generals()
                .iter()
                .map(|g| GeneralView {
                    id: g.id.clone(),
                    name: g.name.clone(),
                    side: g.side.clone(),
                    attached: g.attached.clone(),
                    status: g.status.word().to_owned(),
                    order: g.order_words(state.turn()),
                })
                .collect(),
        }
    }
}

/// The phase's checklist for `show --json`: what is owed and what to watch.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChecklistView {
    pub open: Vec<ChecklistItemView>,
    pub watch: Vec<ChecklistItemView>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChecklistItemView {
    /// A unit's id, or a side's for army morale and the last turn.
    pub subject: String,
    /// `owes_test`, `in_contact`, `may_rally`, `army_morale`…
    pub concern: String,
    /// The line as the screen shows it.
    pub text: String,
}

impl ChecklistView {
    pub fn of(state: &GameState) -> ChecklistView {
        let checklist = Checklist::of(state);
        let items = |items: &[ChecklistItem]| {
            items
                .iter()
                .map(|item| ChecklistItemView {
                    subject: item.subject.clone(),
                    concern: item.concern.key().to_owned(),
                    text: item.describe(),
                })
                .collect()
        };
        ChecklistView {
            open: items(&checklist.open),
            watch: items(&checklist.watch),
        }
    }
}

/// `show --json`: the state and the phase's checklist.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ShowView {
    #[serde(flatten)]
    pub state: StateView,
    pub checklist: ChecklistView,
    pub clock: ClockView,
    /// Each side's dice against what they could be expected to score.
    pub luck: Vec<SideLuck>,
}

impl ShowView {
    /// The game as it stands, its clock read at `now`.
    pub fn of(game: &Game, now: Moment) -> ShowView {
        let state = game.state();
        ShowView {
            state: StateView::of(state),
            checklist: ChecklistView::of(state),
            clock: ClockView::of(state, now),
            luck: luck(game),
        }
    }
}
