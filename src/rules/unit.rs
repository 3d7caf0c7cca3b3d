//! A unit on the roster: what it is (fixed by the scenario) and what has happened to it.

use crate::rules::charge_moves::unit_state as cm;
pub use crate::rules::formation::Formation;
pub use crate::rules::hit_kind::HitKind;
use crate::rules::old_trousers::unit as ot;
use crate::rules::old_trousers::unit_state as ot_state;
use crate::rules::own_unit_state::OwnUnitState;
use crate::rules::sound_the_charge::Nation;
use crate::rules::sound_the_charge::unit_state as stc;
use crate::rules::sound_the_charge_1_25::unit_state as stc_1_25;
use serde::{Deserialize, Serialize};

/// Grade A is the best troops, D the worst (*Units, Troop Types*).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Grade {
    A,
    B,
    C,
    D,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum InfantryType {
    Line,
    Light,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CavalryType {
    Light,
    Medium,
    Heavy,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Calibre {
    Light,
    Field,
    Heavy,
}

/// The arm with what only that arm has, so an infantry unit cannot carry guns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Arm {
    Infantry(InfantryType),
    Cavalry(CavalryType),
    Artillery {
        calibre: Calibre,
        guns: u32,
        horse: bool,
    },
}

impl Arm {
    /// The scenario file's `arm` word.
    pub fn arm_word(self) -> &'static str {
        match self {
            Arm::Infantry(_) => "infantry",
            Arm::Cavalry(_) => "cavalry",
            Arm::Artillery { .. } => "artillery",
        }
    }

    /// The scenario file's `type` word.
    pub fn type_word(self) -> &'static str {
        match self {
            Arm::Infantry(InfantryType::Line) => "line",
            Arm::Infantry(InfantryType::Light)
            | Arm::Cavalry(CavalryType::Light)
            | Arm::Artillery {
                calibre: Calibre::Light,
                ..
            } => "light",
            Arm::Cavalry(CavalryType::Medium) => "medium",
            Arm::Cavalry(CavalryType::Heavy)
            | Arm::Artillery {
                calibre: Calibre::Heavy,
                ..
            } => "heavy",
            Arm::Artillery {
                calibre: Calibre::Field,
                ..
            } => "field",
        }
    }

    pub fn is_infantry(self) -> bool {
        matches!(self, Arm::Infantry(_))
    }

    pub fn is_cavalry(self) -> bool {
        matches!(self, Arm::Cavalry(_))
    }

    pub fn is_artillery(self) -> bool {
        matches!(self, Arm::Artillery { .. })
    }

    pub fn guns(self) -> Option<u32> {
        match self {
            Arm::Artillery { guns, .. } => Some(guns),
            _ => None,
        }
    }

    /// The formation a unit of this arm starts in when the scenario names none.
    pub fn default_formation(self) -> Formation {
        match self {
            Arm::Artillery { .. } => Formation::Unlimbered,
            _ => Formation::Line,
        }
    }

    /// The formations this arm may take (*Formations*): square is infantry only,
    /// skirmish light infantry only; guns are limbered or unlimbered.
    pub fn allows(self, formation: Formation) -> bool {
        use Formation::{
            Column, DoubleLine, Limbered, Line, Skirmish, Square, TrebleLine, Unlimbered,
        };
        matches!(
            (self, formation),
            (
                Arm::Infantry(_),
                Line | Column | Square | DoubleLine | TrebleLine
            ) | (Arm::Infantry(InfantryType::Light), Skirmish)
                | (Arm::Cavalry(_), Line | Column)
                | (Arm::Artillery { .. }, Limbered | Unlimbered)
        )
    }

    /// Short label for rosters: "line inf", "heavy cav", "horse field art".
    pub fn label(self) -> String {
        match self {
            Arm::Infantry(_) => format!("{} inf", self.type_word()),
            Arm::Cavalry(_) => format!("{} cav", self.type_word()),
            Arm::Artillery { horse: true, .. } => format!("horse {} art", self.type_word()),
            Arm::Artillery { .. } => format!("{} art", self.type_word()),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Morale {
    Good,
    Shaken,
    /// *Charge Moves*: broken and running; it throws no more and may not be rallied.
    Routed,
}

/// Whether a unit is inside a general's command radius, as the referee last set it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CommandState {
    In,
    Out,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnitStatus {
    InPlay,
    /// Down to a quarter of its starting figures; it stays on the table until the
    /// end of the phase (*Shattered Units*).
    Shattered,
    /// Removed by the referee (or, later, destroyed in a retreat).
    Eliminated,
}

impl UnitStatus {
    pub fn word(self) -> &'static str {
        match self {
            UnitStatus::InPlay => "in-play",
            UnitStatus::Shattered => "shattered",
            UnitStatus::Eliminated => "eliminated",
        }
    }
}

/// A unit: the roster every ruleset shares, then one field per ruleset holding what only
/// that ruleset keeps, its type in the ruleset's folder (`unit_state.rs`). A unit carries
/// every ruleset's state, the others' at their defaults, so the shared code reads a
/// field rather than matching on the ruleset. A new ruleset that keeps state on a unit
/// adds one field here and one line to [`Unit::own_states`] and
/// [`Unit::own_states_mut`], and its reactions to the shared events are its
/// [`OwnUnitState`] in its folder.
// Elite, disordered, on the table, owing a test, having moved: independent facts, not a
// state machine in disguise.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    pub id: String,
    pub name: String,
    pub side: String,
    pub arm: Arm,
    pub grade: Grade,
    pub elite: bool,
    /// Its own nation, else its side's (*National Modifiers*).
    pub nation: Option<Nation>,
    pub figures_at_start: u32,
    pub loss_hits: u32,
    pub rout_hits: u32,
    pub morale: Morale,
    pub disordered: bool,
    pub formation: Formation,
    pub command: CommandState,
    pub status: UnitStatus,
    /// False once the unit has left the table (shattered at a phase's end, or removed).
    pub on_table: bool,
    pub note: String,
    /// Hit by shooting and not yet tested.
    pub owes_test: bool,
    /// Loss hits from shooting since its side's turn began, among its loss hits: each is
    /// -1 on *Sound the Charge*'s shooting morale test (*Morale Test if Hit by Shooting*).
    pub shooting_hits_this_turn: u32,
    /// The enemy units it is in close combat with; contact lasts until one side leaves
    /// the combat (*Close Combat*, Procedure). Always symmetric.
    pub in_contact_with: Vec<String>,
    /// Has fought its round of close combat this turn (one a turn).
    pub fought_this_turn: bool,
    /// Has moved or maneuvered this turn (`move`): it cannot reform (*Turn Sequence*).
    pub moved_this_turn: bool,
    /// Charged this turn: it may not shoot (*Shooting*, General Rules).
    pub charged_this_turn: bool,
    /// The unit it charged this turn, when the referee named one: the combat phase's
    /// `combat <unit>` fights it.
    pub charge_target: Option<String>,
    /// The retreat it owes this phase, in inches, from a lost combat, a failed shooting
    /// morale test or a bounce off a square (*Retreat Moves*).
    pub retreat_owed: Option<u32>,
    /// *Sound the Charge* (both editions): its turn's fire, rally and retreat, its
    /// regimental gun, boat, battalion-masse, a chase off the table.
    pub sound_the_charge: stc::UnitState,
    /// *Charge Moves*: the moves a short charge sends it back, this turn's short charges.
    pub charge_moves: cm::UnitState,
    /// *Sound the Charge 1:25*: its kit, owed fire test, roll to move, maneuver and screen.
    pub one_twenty_five: stc_1_25::UnitState,
    /// *Old Trousers II*: its troop rating and drill, guns lost, this turn's fire and
    /// move, its place in the chain of command.
    pub trousers: ot_state::UnitState,
}

impl Unit {
    /// Every ruleset's state of it, for the shared events to reach through
    /// [`OwnUnitState`]; in the order their words are put together.
    pub fn own_states(&self) -> [&dyn OwnUnitState; 4] {
        [
            &self.charge_moves,
            &self.sound_the_charge,
            &self.one_twenty_five,
            &self.trousers,
        ]
    }

    /// [`Unit::own_states`], to change.
    pub fn own_states_mut(&mut self) -> [&mut dyn OwnUnitState; 4] {
        [
            &mut self.charge_moves,
            &mut self.sound_the_charge,
            &mut self.one_twenty_five,
            &mut self.trousers,
        ]
    }

    /// The roster's GR column: the grade (`*` elite), or in *Old Trousers II* the troop
    /// rating; "-" where the ruleset rates neither.
    pub fn rating_label(&self, has_grades: bool) -> String {
        if let Some(traits) = &self.trousers.traits {
            traits.rating_short().to_owned()
        } else if has_grades {
            format!("{:?}{}", self.grade, if self.elite { "*" } else { "" })
        } else {
            "-".to_owned()
        }
    }

    /// On the table and in play: not shattered, eliminated or departed.
    pub fn fighting(&self) -> bool {
        self.on_table && self.status == UnitStatus::InPlay
    }

    /// Figures still on the stand: every hit of either kind removes one.
    pub fn figures(&self) -> u32 {
        self.figures_at_start
            .saturating_sub(self.loss_hits + self.rout_hits)
    }

    /// *Sound the Charge 1:25*, *Skirmish Screens*: the models out in its screen. Hits on
    /// the screen go against the parent, so the screen keeps the models it was sent with
    /// while the parent has a model of its own left (R72).
    pub fn screen_models(&self) -> u32 {
        self.one_twenty_five.screen_models(self.figures())
    }

    /// The models standing in the unit itself, its screen's apart.
    pub fn parent_models(&self) -> u32 {
        self.figures() - self.screen_models()
    }

    pub fn is_shaken(&self) -> bool {
        self.morale == Morale::Shaken
    }

    pub fn in_contact(&self) -> bool {
        !self.in_contact_with.is_empty()
    }

    /// Whether it may take `formation`: its arm's rule, and in *Old Trousers II* its
    /// nation's and drill's too (an attack column, cavalry skirmishing).
    pub fn may_form(&self, formation: Formation) -> bool {
        // Not through `as_trousers`, which copies the name: replay asks this of every unit
        // after every entry.
        match self.trousers.traits {
            Some(traits) => ot::may_form(traits.arm, traits.attack_column, formation.in_trousers()),
            None => self.arm.allows(formation),
        }
    }

    /// The guns it has now, artillery only: its arm's, less those fire has taken where its
    /// ruleset counts them (*Old Trousers II*).
    pub fn guns_now(&self) -> Option<u32> {
        match self.trousers.traits {
            Some(traits) if traits.arm.is_artillery() => Some(self.guns_left().unwrap_or(0)),
            _ => self.arm.guns(),
        }
    }

    /// The general whose command it is in (a scenario's `commander`, *Old Trousers II*
    /// p12), when the scenario names one.
    pub fn commander(&self) -> Option<&str> {
        self.trousers.command_chain.commander.as_deref()
    }

    /// Its arm's guns less those artillery fire has taken (*Old Trousers II*, p19);
    /// `None` for a unit with no guns.
    pub fn guns_left(&self) -> Option<u32> {
        self.arm
            .guns()
            .map(|guns| guns.saturating_sub(self.trousers.guns_lost))
    }

    /// Its troop rating's word where its ruleset rates troops rather than grading them
    /// (*Old Trousers II*).
    pub fn troop_rating(&self) -> Option<&'static str> {
        self.trousers.traits.map(|traits| traits.morale.word())
    }
}
