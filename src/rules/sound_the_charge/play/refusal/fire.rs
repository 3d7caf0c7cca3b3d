//! Why shooting, a test or a rally was refused (*Sound the Charge*, both editions).

use super::super::roll_command::Distance;
use crate::core::chart::signed;
use crate::core::plural::counted;
use crate::rules::sound_the_charge_1_25::morale::CHANGED_FORM_SHOT_CLOSE;

/// Why shooting, a test or a rally was refused (*Sound the Charge*, both editions).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FireRefusal {
    #[error("{firer} and {target} are both {side}'s")]
    SameSide {
        firer: String,
        target: String,
        side: String,
    },
    #[error("{unit} is cavalry: cavalry may not shoot")]
    CavalryMayNotShoot { unit: String },
    /// `weapon` reaches `reach` at most (`4"`, or the house's, marked).
    #[error("{distance}\" is out of range: {weapon} reach {reach}")]
    OutOfRange {
        distance: Distance,
        weapon: &'static str,
        reach: String,
    },
    #[error("{unit} charged this turn: charging units may not shoot")]
    ChargedThisTurn { unit: String },
    #[error(
        "{unit}'s gunners left their guns when they evaded: `reman {unit}` in its movement \
         phase first"
    )]
    GunsAbandoned { unit: String },
    #[error("{unit} is in boats: troops in boats may not shoot")]
    InBoats { unit: String },
    #[error(
        "canister, ballshot and then= are Sound the Charge 1:25's: here the range and the \
         guns' calibre decide"
    )]
    GunShotWordsAre125,
    #[error(
        "from-screen and at-screen are Sound the Charge 1:25's screens of a unit's own \
         models; here a screen is a unit of its own, shot by its id (and `screened` is \
         firing past it)"
    )]
    ScreenWordsAre125,
    #[error("bounce is the optional Artillery Bounce-Through rule, not in play in this scenario")]
    BounceNotInPlay,
    #[error("{unit} is not artillery: only a battery's shot bounces through")]
    BounceNotArtillery { unit: String },
    #[error(
        "{unit} has not fired at its first target yet: `shoot` that first, then `bounce` for \
         each unit the line goes on to"
    )]
    BounceBeforeFirstShot { unit: String },
    #[error(
        "{unit} has fired this turn; only figures that could not reach its first target fire \
         again: add split=<figures, or guns>"
    )]
    SplitNeeded { unit: String },
    /// `fired` of its `whole` dice are spent; `dice` more would pass the whole.
    #[error(
        "{unit} has fired {fired} of its {} this turn; {dice} more is too many",
        counted(*.whole, "die")
    )]
    TooManyDice {
        unit: String,
        fired: u32,
        whole: u32,
        dice: u32,
    },
    /// Each general at risk with the unit he rides with.
    #[error(
        "{} at risk: add gen=<die> for each, in that order; a 1 and he is lost",
        generals_with(.at_risk)
    )]
    GeneralDiceMissing { at_risk: Vec<(String, String)> },
    #[error("`changed` is Sound the Charge 1:25's fire test; here: advanced, stationary, cover")]
    ChangedIs125,
    #[error("{unit} owes no morale test: only a unit hit by shooting this turn tests")]
    NoMoraleTestOwed { unit: String },
    #[error(
        "{unit}'s army is broken and retreating off the table: its units may not rally \
         (*Army Morale*)"
    )]
    ArmyRetreatingNoRally { unit: String },
    #[error(
        "{unit} is in contact with {}: units in contact with the enemy may not rally",
        .enemies.join(", ")
    )]
    RallyInContact { unit: String, enemies: Vec<String> },
    #[error("{unit} has already tried to rally this turn; `undo` if that roll was entered wrong")]
    AlreadyTriedRally { unit: String },
    /// `status` is the general's status word.
    #[error("{general} is {status}: he is no longer on the table")]
    GeneralGone {
        general: String,
        status: &'static str,
    },
    #[error(
        "{general} rides with {unit}: he shares its fate (a 1 when it takes two or more hits), \
         not a lone general's"
    )]
    GeneralRidesWith { general: String, unit: String },
    #[error("{enemy} is of {general}'s own side: only the enemy can catch him")]
    CaughtByOwnSide { enemy: String, general: String },

    #[error("`{word}` is an optional rule of the original Sound the Charge; 1:25 has none")]
    OriginalOnlyWord { word: &'static str },
    /// A 6 then `second`+ hits: each of its `sixes` wants a second die.
    #[error(
        "{unit} needs a 6, then {second}+: add then=<die> for each of the {} (a \
         second die each)",
        counted(*.sixes, "six")
    )]
    SecondDiceMissing {
        unit: String,
        second: u8,
        sixes: u32,
    },
    /// `needs` is the score it needs, as the roll says it.
    #[error("then= is for a roll needing 7 or more; {unit} needs {needs}")]
    ThenNotNeeded { unit: String, needs: String },
    #[error("{unit} is in combat with {enemy}: it fights its round rather than fires")]
    FirerInCombat { unit: String, enemy: String },
    #[error("{unit} is in combat with {enemy}: no shooting into a combat (*Firing*)")]
    TargetInCombat { unit: String, enemy: String },
    #[error("{unit} owes a fire test from the last fire at it: `test {unit}` first")]
    TargetOwesTest { unit: String },
    /// `what` is the screen's part: "to fire" or "to fire at".
    #[error("{unit} has no skirmish screen out {what} (*Skirmish Screens*)")]
    NoScreenOut { unit: String, what: &'static str },
    #[error("{unit} is not artillery: canister and ballshot are the guns'")]
    CanisterNotArtillery { unit: String },
    #[error("{unit} is cavalry: the fire table has no row for cavalry")]
    CavalryNoFireRow { unit: String },
    /// `reach` is how far the shot reaches, close band then far.
    #[error("{distance}\" is out of {shot} range ({reach})")]
    OutOfShotRange {
        distance: Distance,
        shot: String,
        reach: String,
    },
    /// `reaches` is each of the unit's shots with how far it reaches.
    #[error("{distance}\" is out of range: {}", .reaches.join("; "))]
    OutOfEveryRange {
        distance: Distance,
        reaches: Vec<String>,
    },
    #[error("{unit} is a battery: say canister or ballshot, or give the inches measured")]
    BatteryNeedsShot { unit: String },
    #[error("gen= given but no general is at risk (4 or more hits from one fire): drop it")]
    GeneralDiceNotNeeded,
    #[error(
        "advanced, stationary and cover are the original's test modifiers; 1:25's fire \
         test reads only `changed` (changed formation or facing last turn, fired on from \
         8\" or less)"
    )]
    TestModifiersAreOriginal,
    #[error("{unit} owes no fire test: only a unit with 2 or more hits from one fire tests")]
    NoFireTestOwed { unit: String },
    #[error(
        "the fire that hit {unit} came from beyond 8\": the {} for a change of formation or \
         facing counts only from 8\" or less",
        signed(CHANGED_FORM_SHOT_CLOSE.value())
    )]
    ChangedFromBeyond8 { unit: String },
    #[error(
        "cover is the original's rally modifier; 1:25's rally reads only `threat` \
         (visible enemies able to charge)"
    )]
    CoverIsOriginal,
    #[error("{unit} is of the active side: only the side being attacked can be caught")]
    CaughtActiveSide { unit: String },
    #[error(
        "{unit} changed no formation on its last turn that the log saw: it cannot be caught \
         (if it changed facing, add `facing`)"
    )]
    NoChangeLastTurn { unit: String },
    /// `troops` is "artillery" or its grade ("grade A").
    #[error(
        "{unit} ({troops}) changed in the first half of its move: grade A-B troops and artillery \
         ignore being caught"
    )]
    IgnoresCaught { unit: String, troops: String },
    #[error("{unit} is shaken already: there is nothing more to lose")]
    AlreadyShaken { unit: String },

    #[error("gun and at-gun are the optional Regimental Guns rule, not in play in this scenario")]
    RegimentalGunsNotInPlay,
    #[error("{unit} has no regimental gun")]
    NoRegimentalGun { unit: String },
    #[error("{unit}'s regimental gun has fired this turn")]
    GunFired { unit: String },
    /// `lost` is the gun's state word ("disabled", "abandoned").
    #[error("{unit}'s regimental gun is {lost}")]
    GunLost { unit: String, lost: &'static str },
    #[error("a regimental gun fires its one die alone: drop bounce, at-gun, split= and front=")]
    GunFiresAlone,
    #[error("{unit} moved this turn and its gun with it: guns may not move and shoot")]
    GunMoved { unit: String },
    #[error("at-gun is one die of a shot at the battalion itself, not of a bounce-through")]
    AtGunBounce,
    /// `lost` is the target's gun's state word ("disabled", "abandoned").
    #[error("{unit}'s regimental gun is already {lost}")]
    GunAlreadyLost { unit: String, lost: &'static str },

    #[error("a unit cannot have both advanced and stood still")]
    AdvancedAndStationary,
    #[error("'{word}' is not a range: close, far, or the inches measured (e.g. 5 or 2.5)")]
    NotARange { word: String },
}

/// "Wellington (with br1) and Picton (with br2)": each general with the unit he rides with.
fn generals_with(at_risk: &[(String, String)]) -> String {
    let names: Vec<String> = at_risk
        .iter()
        .map(|(general, unit)| format!("{general} (with {unit})"))
        .collect();
    names.join(" and ")
}
