//! What *Sound the Charge 1:25*'s rules forbid, each with the data its sentence names.

use crate::rules::unit::Formation;

/// What *Sound the Charge 1:25*'s rules forbid a unit: a move, a charge, a screen, a
/// shot, a combat as described, a retreat, a rally. The words cite the rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Forbidden {
    // Movement.
    #[error("{unit} is in combat: units in combat stay where they are")]
    MoveInCombat { unit: String },
    /// Boats, battalion-masse and a screen moving apart from its parent: the original
    /// edition's, not 1:25's.
    #[error(
        "boats, battalion-masse and screens moving apart are not in 1:25 (a 1:25 screen \
         moves with its parent)"
    )]
    NotInOneTwentyFive,
    #[error("{unit} is already in {formation}")]
    AlreadyIn { unit: String, formation: Formation },
    /// `arm` is the unit's arm as the roster labels it.
    #[error("{unit} ({arm}) cannot form {formation}")]
    CannotForm {
        unit: String,
        arm: String,
        formation: Formation,
    },
    #[error("{unit} is a grade D square: it cannot move")]
    GradeDSquare { unit: String },
    #[error("{unit} may not charge: guns do not attack (R19)")]
    GunsCharge { unit: String },
    #[error("{unit} may not charge: shaken units may not advance until they rally")]
    ShakenCharge { unit: String },
    #[error("{unit} may not charge: a square does not charge")]
    SquareCharge { unit: String },
    /// A change of formation, a facing or an oblique on the charge.
    #[error("{unit} may not charge: a charge may only wheel 45° at its start (R19)")]
    WheelCharge { unit: String },
    #[error("{unit} may not charge: a charge moves at charge speed, not road speed (R19)")]
    RoadCharge { unit: String },
    #[error("{unit} moves in {formation}: only a column or limbered guns gain on a road")]
    RoadFormation { unit: String, formation: Formation },
    #[error("{unit}: woods are impassable to cavalry and artillery except along roads")]
    WoodsImpassable { unit: String },
    #[error("{unit}: fieldworks are passable only to infantry")]
    FieldworksInfantryOnly { unit: String },
    #[error("{unit}: cavalry may not attack town blocks")]
    CavalryTownBlocks { unit: String },

    // Skirmish screens.
    /// `arm` is the unit's arm as the roster labels it.
    #[error(
        "{unit} ({arm}) is not screen-capable: screens are a battalion's skirmishers, \
         infantry only (*Skirmish Screens*, R69)"
    )]
    NotScreenCapable { unit: String, arm: String },
    #[error(
        "{unit} skirmishes as a whole: a unit in skirmish order has no close order to \
         screen (R69)"
    )]
    ScreenFromSkirmish { unit: String },
    #[error(
        "{unit} has a screen of {models} models out already: one screen a unit (`unscreen` \
         first)"
    )]
    ScreenAlreadyOut { unit: String, models: u32 },
    #[error(
        "a screen is 1 to {max} models, not {models} (*Skirmish Screens*)",
        max = super::movement::SCREEN_MAX_MODELS
    )]
    ScreenSize { models: u32 },
    #[error("{unit} has {has} models: a screen of {models} would leave none in the unit")]
    ScreenLeavesNone { unit: String, has: u32, models: u32 },
    #[error(
        "{unit} is shaken: it may not advance, so it sends no screen out until it rallies \
         (R70)"
    )]
    ShakenScreen { unit: String },
    #[error(
        "{unit} cannot go into skirmish order with its screen out: call it in on the same \
         move (`unscreen`) (*Skirmish Screens*, R69)"
    )]
    SkirmishWithScreenOut { unit: String },
    #[error("{unit} has no screen out to call in")]
    NoScreenOut { unit: String },
    /// `change` is what the change of formation costs, its reasons joined with "; ".
    #[error(
        "{unit}'s change of formation takes its whole move ({change}): nothing is left for \
         the quarter move a screen costs (*Skirmish Screens*)"
    )]
    NoQuarterForScreen { unit: String, change: String },

    // Shooting.
    /// `arm` is the unit's arm as the roster labels it; `shot` the shot's word.
    #[error("{unit} ({arm}) cannot fire {shot}")]
    CannotFire {
        unit: String,
        arm: String,
        shot: String,
    },
    #[error("{shot} has no {range} range")]
    NoRange { shot: String, range: &'static str },
    #[error("{unit} is shaken: it fires again once it rallies")]
    ShakenFire { unit: String },
    #[error("{unit} is limbered: only unlimbered guns fire")]
    LimberedFire { unit: String },
    #[error("{unit} is in combat: it fights rather than fires")]
    FireInCombat { unit: String },
    #[error("{target} is in combat: no firing into a combat")]
    FireIntoCombat { target: String },
    #[error("give front= or split=, not both")]
    FrontAndSplit,
    /// More models asked to fire or fight than the unit has.
    #[error("{unit} has {has} models, not {asked}")]
    TooManyModels { unit: String, has: u32, asked: u32 },
    #[error("{unit} has no dice to roll ({reason})")]
    NoDice { unit: String, reason: String },

    // Combat.
    #[error("cavalry makes no defensive fire")]
    CavalryDefensiveFire,
    /// Guns or infantry that might have fired: `why` is the condition that stops them
    /// ("attacking", "not the first round", "shaken", …).
    #[error("no defensive fire: {why}")]
    NoDefensiveFire { why: &'static str },
    #[error("{unit} is artillery: guns are attacked, they do not attack (R19)")]
    GunsAttack { unit: String },
    #[error("{unit} is shaken: it may not advance until it rallies")]
    ShakenAttack { unit: String },
    #[error("{unit} is skirmishing: skirmishers may not attack steady close order frontally")]
    SkirmishAttack { unit: String },
    #[error(
        "{unit} is skirmishing: skirmishers evade close-order attacks (2D6\"); if caught \
         they are eliminated"
    )]
    SkirmishEvades { unit: String },

    // Retreat and morale.
    #[error("{unit} is in combat: only units out of combat retreat voluntarily")]
    RetreatInCombat { unit: String },
    #[error("{unit} is not shaken: nothing to rally from")]
    NothingToRally { unit: String },
}
