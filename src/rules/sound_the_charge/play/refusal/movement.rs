//! Why a move was refused: moving, charging, evading, retreating, boats, and reforming
//! after standing all turn (*Sound the Charge*, both editions).

use super::super::move_order::MOVE_FLAGS;
use crate::rules::phase::Phase;
use crate::rules::sound_the_charge::movement::{Terrain, evade_max};
use crate::rules::sound_the_charge_1_25::LIMITED_CONTROL_RADIUS;
use crate::rules::unit::Formation;

/// Why a move was refused (*Sound the Charge*, both editions).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MovementRefusal {
    #[error("units reform in the reform phase; this is the {now} phase")]
    NotReformPhase { now: Phase },
    #[error("a broken army retreating off the table stays disordered (*Army Morale*)")]
    BrokenArmyDisordered,
    #[error("{unit} is not of the active side: only the side whose turn it is reforms")]
    ReformNotActive { unit: String },
    /// `why` finishes "it …": what keeps the unit in disorder.
    #[error("{unit} cannot reform: it {why}")]
    CannotReform { unit: String, why: &'static str },
    #[error("no unit of the active side may reform: none is disordered and stood all turn")]
    NoneToReform,
    #[error("roll= is the die to launch a charge: {unit} is not charging")]
    RollNotCharging { unit: String },
    #[error(
        "roll= is for a charge that needs a die (Spanish and Neapolitan cavalry); \
         {unit} rolls none"
    )]
    RollNotNeeded { unit: String },
    #[error(
        "{unit} cannot be intermixed with itself: intermixed= names the friendly unit it \
         ended its move mixed up with"
    )]
    IntermixedWithItself { unit: String },
    #[error(
        "{other} is the enemy's: units end their move intermixed only with friends \
         (*Interpenetration*); moving into an enemy is a charge (`charge={other}`)"
    )]
    IntermixedWithEnemy { other: String },
    #[error(
        "`screen=` and `unscreen` are Sound the Charge 1:25's screens of a unit's own \
         models; here a screen is a unit of its own, moved with `screen`"
    )]
    ScreenWordsAre125,
    #[error(
        "`reform` as a move is Sound the Charge 1:25's; here units reform in the reform \
         phase (`reform`)"
    )]
    ReformMoveIs125,
    #[error("{unit} has already moved this turn; `undo` that move to change it")]
    AlreadyMoved { unit: String },
    /// `face` is the die it rolled.
    #[error(
        "{unit} failed its limited-control roll this turn (rolled {face}, needed 4-6): it may \
         not move until its next turn, though it still fires and fights (*Limited \
         Control*, R39)"
    )]
    FailedControl { unit: String, face: u8 },
    #[error(
        "{unit} is still changing formation: it stands in disorder until the end of turn \
         {until_turn} (*Change formation and/or facing*)"
    )]
    ChangingFormation { unit: String, until_turn: u32 },
    #[error("{target} is of {unit}'s own side: a charge is made at the enemy")]
    ChargesOwnSide { unit: String, target: String },
    #[error(
        "{unit} is skirmishing: skirmishers may charge guns and other skirmishers, not \
         close-order troops like {target} (Charging 7)"
    )]
    SkirmishersChargeCloseOrder { unit: String, target: String },
    /// `ruleset` is the title of a ruleset whose evaders roll no dice.
    #[error(
        "evaders in {ruleset} move up to {} without a roll: no dice= for `evade`",
        evade_max()
    )]
    EvadeDice { ruleset: &'static str },
    #[error("{unit} is of the active side: only the passive side evades, in answer to a charge")]
    EvaderActive { unit: String },
    /// `arm` is the unit's arm as the roster labels it.
    #[error("{unit} is {arm} in {formation}: only skirmishers and gunners may evade (Evading)")]
    MayNotEvade {
        unit: String,
        arm: String,
        formation: Formation,
    },
    #[error("{unit} is in close combat: it cannot evade out of it")]
    EvadeFromCombat { unit: String },
    #[error("{unit} has already evaded this turn")]
    AlreadyEvaded { unit: String },
    #[error(
        "no enemy has charged this turn: {unit} evades only in answer to a charge (`move \
         <unit> charge=…` first)"
    )]
    NoChargeToEvade { unit: String },
    #[error(
        "{unit} owes no retreat this phase: units retreat after losing a combat, failing a \
         shooting morale test or bouncing off a square (`remove` takes a unit off for \
         any other reason)"
    )]
    NoRetreatOwed { unit: String },
    /// `boat` is its stage of boarding or landing; `what` is what it was told to do.
    #[error("{unit} is {boat}: no unit in boats {what}")]
    InBoats {
        unit: String,
        boat: String,
        what: &'static str,
    },
    #[error(
        "the optional Voluntary Retreat rule is not in play in this scenario; `retreat \
         {unit} blocked` is for a retreat the unit owes and cannot make"
    )]
    VoluntaryRetreatNotInPlay { unit: String },
    #[error("{unit} is in close combat: no voluntary retreat out of it (Voluntary Retreat 4)")]
    VoluntaryRetreatFromCombat { unit: String },
    #[error("{unit} has no general in command radius: only units in command retreat voluntarily")]
    VoluntaryRetreatOutOfCommand { unit: String },
    #[error("{unit} has already moved this turn; `undo` that move first")]
    RetreatAfterMove { unit: String },
    #[error("{unit} is with its guns")]
    WithItsGuns { unit: String },
    #[error("{unit} has already moved this turn: going back to the guns is its whole move")]
    RemanAfterMove { unit: String },

    #[error("Sound the Charge 1:25 has no {formation} formation")]
    NoFormation125 { formation: Formation },
    /// `drop` is the screen word the attack cannot take.
    #[error(
        "{unit} is attacking: its screen joins it at once at no cost, and none goes out \
         on an attack (*Skirmish Screens*): drop `{drop}`"
    )]
    ScreenOnAttack { unit: String, drop: &'static str },
    #[error("reforming takes the whole move: `move <unit> reform` with no other word")]
    ReformNotAlone,
    #[error("{unit} is not disordered: nothing to reform")]
    NotDisordered { unit: String },
    /// A word of the original's move that 1:25 lacks; `why` names what the original meant.
    #[error("not a Sound the Charge 1:25 move: {why}")]
    OriginalOnlyWord { why: &'static str },
    #[error(
        "a unit passes through a friend at half speed (`through`) or at full speed with \
         both disordered (`intermixed={friend}`), not both (*Pass through a friend*)"
    )]
    ThroughAndIntermixed { friend: String },
    #[error(
        "{unit} is skirmishing: skirmishers flow freely through friends, neither slowed nor \
         disordered (*Pass through a friend*)"
    )]
    SkirmishersFlowThrough { unit: String },
    #[error("{unit} is neither skirmishing nor gunners: it cannot evade")]
    CannotEvade125 { unit: String },
    #[error(
        "the optional Limited Control rule is not in play in this scenario: units move \
         without a roll"
    )]
    LimitedControlNotInPlay,
    #[error(
        "{general} rides with {unit}: a general within {}\", so it moves \
         without a roll",
        LIMITED_CONTROL_RADIUS
    )]
    ControlWithGeneral { general: String, unit: String },
    /// `face` is the die it rolled, `how` whether that "passed" or "failed".
    #[error("{unit} has rolled this turn already (a {face}: {how}); one roll a turn")]
    AlreadyRolledControl {
        unit: String,
        face: u8,
        how: &'static str,
    },
    #[error("{unit} has already moved this turn: the roll comes before the move")]
    ControlAfterMove { unit: String },
    #[error(
        "{unit} is in combat: units in combat stay where they are, so there is nothing to \
         roll for"
    )]
    ControlInCombat { unit: String },
    /// The rules gave no score for a unit with no general in reach: a bug if ever seen.
    #[error("no roll is owed with a general in reach")]
    NoControlRollOwed,

    /// `verb` is "embark" or "disembark".
    #[error("{verb} is the optional Boats rule, not in play in this scenario")]
    BoatsNotInPlay { verb: &'static str },
    #[error("{unit} has already moved this turn; {verb} takes its whole turn")]
    BoardAfterMove { unit: String, verb: &'static str },
    #[error("{unit} is in contact with the enemy: it cannot {verb}")]
    BoardInContact { unit: String, verb: &'static str },
    #[error("{unit} is {boat} already")]
    AlreadyInBoats { unit: String, boat: String },
    #[error("{unit} is {boat}: it lands once it is afloat")]
    LandsWhenAfloat { unit: String, boat: String },
    #[error(
        "{unit} is {boat}: troops in boats attack only as they land (`disembark {unit}` in its \
         movement phase)"
    )]
    AttackFromBoats { unit: String, boat: String },

    /// `before` is the terrain word the move already has.
    #[error("one terrain= a move: this one is already terrain={before}")]
    TwoTerrains { before: &'static str },
    #[error("unknown terrain '{word}' (one of: {})", terrain_words())]
    UnknownTerrain { word: String },
    #[error("screen= takes the models sent out, a whole number: not '{word}'")]
    ScreenModels { word: String },
    /// `typed` is how many faces were typed.
    #[error("a charge roll is one die, not {typed}")]
    ChargeRollDice { typed: usize },
    #[error("unknown word '{word}' (known: {})", MOVE_FLAGS)]
    UnknownMoveWord { word: String },
    #[error("unknown word '{word}'; usage: {usage}")]
    UnknownEvadeWord { word: String, usage: String },

    #[error(
        "follow= given but no British or Portuguese cavalry beat a retreating enemy: \
         drop it"
    )]
    FollowNotNeeded,
    #[error(
        "{} must test to follow up: add follow=<die> for each, in that order (1-4 follows)",
        .pursuers.join(" and ")
    )]
    FollowDiceMissing { pursuers: Vec<String> },
    #[error(
        "{unit} owes no retreat this phase: only a retreat takes a unit off the table \
         (`remove` takes a unit off for any other reason)"
    )]
    NoRetreatOffTable { unit: String },
    #[error("{unit} has rolled to come back this turn: once a turn")]
    AlreadyTriedReturn { unit: String },
    #[error("{unit} is not off the table after an enemy it followed")]
    NotAwayOffTable { unit: String },
    /// `arm` is the unit's arm as the roster labels it.
    #[error("{unit} ({arm}) cannot come back in {formation}")]
    CannotReturnIn {
        unit: String,
        arm: String,
        formation: Formation,
    },

    /// `why` is the rules' reason, a sentence that follows the unit's id.
    #[error("{unit} {why}")]
    ChargeBarred { unit: String, why: &'static str },
    #[error(
        "{unit}'s army is broken and retreating off the table: it may not charge (*Army \
         Morale*)"
    )]
    ArmyRetreatingNoCharge { unit: String },
}

/// "swamp, light-woods, …": every terrain word.
fn terrain_words() -> String {
    let all: Vec<&str> = Terrain::ALL.iter().map(|t| t.word()).collect();
    all.join(", ")
}
