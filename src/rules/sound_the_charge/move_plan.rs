//! A move's vocabulary in *Sound the Charge*: distances in quarter inches, the facts the
//! table reports about a move, and the plan worked out from them, step by step. Both the
//! move on foot or horse (`movement.rs`) and the move in boats (`boats.rs`) speak it.

use super::Nation;
use crate::rules::unit::Formation;
use std::fmt;

/// Distances in quarter inches, so half and quarter speeds stay exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Inches(pub u32);

impl Inches {
    pub const ZERO: Inches = Inches(0);

    /// Quarters in an inch.
    const QUARTERS: u32 = 4;

    pub const fn whole(inches: u32) -> Inches {
        Inches(inches * Inches::QUARTERS)
    }

    pub const fn quarters(self) -> u32 {
        self.0
    }
}

/// `6"`, `1½"`, `¾"`, `2¼"`, `0"`: as a ruler reads.
impl fmt::Display for Inches {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.0 / Inches::QUARTERS;
        let fraction = match self.0 % Inches::QUARTERS {
            1 => "¼",
            2 => "½",
            3 => "¾",
            _ => "",
        };
        if whole == 0 && !fraction.is_empty() {
            write!(f, "{fraction}\"")
        } else {
            write!(f, "{whole}{fraction}\"")
        }
    }
}

/// What only the table shows about this move; the unit says the rest.
// Each flag is an independent fact the referee reports, not a state machine in disguise.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MoveFacts {
    pub charge: bool,
    /// A formation change this move (limbering and unlimbering included).
    pub new_formation: Option<Formation>,
    /// A 90° or 180° facing change: a kind of formation change (*Change Formation/Facing*).
    pub face: bool,
    /// Oblique, sidestep or backstep: half speed.
    pub oblique: bool,
    /// A wheel: full speed, half if grade D or unsteady.
    pub wheel: bool,
    /// A column or limbered guns on a road all turn: double speed, may not charge.
    pub road: bool,
    /// Steep slope or rough ground: close order at half speed and disordered;
    /// skirmishers move normally.
    pub rough: bool,
    /// Passes through a friendly close-order unit: half speed.
    pub through: bool,
    /// Within 4" of an enemy unit (optional *Pinning*).
    pub near_enemy: bool,
    pub out_of_command: bool,
    /// Blown cavalry (optional *Blown Cavalry*; the caller counts the rounds).
    pub blown: bool,
    /// Some only when national modifiers are in play.
    pub nation: Option<Nation>,
    /// Optional *Interpenetration Restrictions* in play.
    pub interpenetration_restricted: bool,
    /// Optional *Pinning* in play.
    pub pinning: bool,
    /// Troops in boats rowing against the current (optional *Boats*).
    pub upstream: bool,
    /// Austrian infantry in column forms battalion-masse (`Some(true)`) or leaves it
    /// (`Some(false)`) (*National Modifiers*, Austria).
    pub masse: Option<bool>,
    /// The terrain the move enters or crosses (*Terrain Suggestions*), one per move.
    pub terrain: Option<Terrain>,
    /// A backward wheel: quarter speed (*Oblique, Sidestep, and Backstep*).
    pub backwheel: bool,
    /// A skirmish screen covering advancing columns, within 2" of them: column speed
    /// (*Skirmish Screens*).
    pub screening: bool,
}

/// The ground a move enters or crosses (*Terrain Suggestions*). Steep slopes and rough
/// ground are [`MoveFacts::rough`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Terrain {
    /// *Light Woods*.
    LightWoods,
    /// *Heavy Woods*: infantry only.
    HeavyWoods,
    /// *Obstacles*: fences, low walls, ditches, streams.
    Obstacle,
    /// *Towns*: entering a town block (infantry only).
    TownIn,
    /// *Towns*: coming out of a town block.
    TownOut,
    /// *Fieldworks*: crossing a line of them (infantry only).
    Fieldworks,
}

impl Terrain {
    pub const ALL: [Terrain; 6] = [
        Terrain::LightWoods,
        Terrain::HeavyWoods,
        Terrain::Obstacle,
        Terrain::TownIn,
        Terrain::TownOut,
        Terrain::Fieldworks,
    ];

    /// The word of the `terrain=` flag.
    pub fn word(self) -> &'static str {
        match self {
            Terrain::LightWoods => "light-woods",
            Terrain::HeavyWoods => "heavy-woods",
            Terrain::Obstacle => "obstacle",
            Terrain::TownIn => "town-in",
            Terrain::TownOut => "town-out",
            Terrain::Fieldworks => "fieldworks",
        }
    }

    /// The terrain of a `terrain=` word, ignoring case.
    pub fn from_word(word: &str) -> Option<Terrain> {
        Terrain::ALL
            .into_iter()
            .find(|t| t.word().eq_ignore_ascii_case(word))
    }
}

/// How much of a turn's activity a maneuver takes (*Change Formation/Facing*).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cost {
    Half,
    Full,
}

/// One line of the explanation: what changes the allowance, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    pub reason: String,
    pub effect: Effect,
}

impl Step {
    pub(crate) fn new(effect: Effect, reason: impl Into<String>) -> Step {
        Step {
            reason: reason.into(),
            effect,
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.effect, self.reason)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// The chart rate that starts the sum.
    Rate(Inches),
    Plus(Inches),
    Minus(Inches),
    Times2,
    Half,
    Quarter,
    /// The whole turn is spent: nothing left to move.
    NoMoveLeft,
}

impl Effect {
    /// The allowance after this effect. Halving rounds down to the quarter inch.
    pub fn apply(self, inches: Inches) -> Inches {
        match self {
            Effect::Rate(rate) => rate,
            Effect::Plus(more) => Inches(inches.0 + more.0),
            Effect::Minus(less) => Inches(inches.0.saturating_sub(less.0)),
            Effect::Times2 => Inches(inches.0 * 2),
            Effect::Half => Inches(inches.0 / 2),
            Effect::Quarter => Inches(inches.0 / 4),
            Effect::NoMoveLeft => Inches::ZERO,
        }
    }
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Effect::Rate(rate) => write!(f, "{rate}"),
            Effect::Plus(more) => write!(f, "+{more}"),
            Effect::Minus(less) => write!(f, "-{less}"),
            Effect::Times2 => f.write_str("×2"),
            Effect::Half => f.write_str("×½"),
            Effect::Quarter => f.write_str("×¼"),
            Effect::NoMoveLeft => f.write_str("no move left:"),
        }
    }
}

/// The allowance and everything the move does to the unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovePlan {
    /// Every line of "why", in the order applied.
    pub steps: Vec<Step>,
    /// The final allowance.
    pub inches: Inches,
    pub formation_after: Formation,
    /// Some when formation or facing changes.
    pub maneuver: Option<Cost>,
    /// Reasons the move leaves it disordered (grade D maneuver, rough ground, terrain).
    pub disordered: Vec<String>,
    /// Reasons it becomes shaken (maneuvering while disordered; *Pinning*).
    pub shaken: Vec<String>,
    /// Forms (`Some(true)`) or leaves (`Some(false)`) battalion-masse.
    pub masse: Option<bool>,
}
