//! Why a fire command was refused (p18-21).

use crate::rules::old_trousers::fire::Band;
use crate::rules::old_trousers::movement::Distance;
use crate::rules::phase::Phase;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrousersFireRefusal {
    /// `facts`: the fact and ground words the command knows.
    #[error(
        "'{word}' is neither a range (inches, canister, effective, long) nor a fact \
         ({}, cover=light|medium|heavy)",
        .facts.join(", ")
    )]
    NotAWord {
        word: String,
        facts: Vec<&'static str>,
    },
    /// `key` as typed, with its `=` where it takes a value ("d10=", "cover").
    #[error("{key} is given once")]
    GivenOnce { key: &'static str },
    #[error("'{word}' is not a cover: light, medium or heavy (p19)")]
    NotACover { word: String },
    #[error("bounce= is given once, with the units behind the target: bounce=fr-32,fr-gren")]
    BounceGivenOnce,
    #[error("'{word}' is not a range: inches (4, 2.5) or canister, effective, long")]
    NotARange { word: String },
    #[error("name each firing unit: fire br-50,br-robe fr-86 4")]
    NoFirer,
    #[error(
        "'{word}' after {unit}: say :n for the figures or guns that bear, \
         :flank for enfilade or flank fire"
    )]
    NotAFirerWord { word: String, unit: String },
    #[error("no fire points reach the target")]
    NoFirePoints,
    #[error(
        "in the movement phase only the nonphasing player fires, at a unit as it moves: \
         add `opportunity` (p21)"
    )]
    NotOpportunity,
    #[error(
        "opportunity fire is at a unit as it moves, in the movement phase (p21); it is \
         the {now} phase now"
    )]
    OpportunityPhase { now: Phase },
    #[error(
        "fire belongs to the stationary fire and moving fire phases (p9), opportunity \
         fire to the movement phase; it is the {now} phase now"
    )]
    FirePhase { now: Phase },
    #[error("{unit} has no Old Trousers II ratings in the scenario")]
    NoRatings { unit: String },
    #[error("{unit} is named twice: give its figures that bear once, as {unit}:n")]
    NamedTwice { unit: String },
    #[error("{first} and {other} are on different sides: each side fires its own rolls")]
    TwoSides { first: String, other: String },
    #[error("{unit} and {target} are on the same side")]
    SameSide { unit: String, target: String },
    #[error("{unit} is routed: it does not fire")]
    Routed { unit: String },
    #[error("{unit} has fired this turn: a unit fires once a turn (p18; ruling 31)")]
    FiredThisTurn { unit: String },
    #[error("give the range from {unit}: inches (4, 2.5) or canister, effective, long")]
    NoRange { unit: String },
    #[error("{unit} is limbered: unlimber it to fire")]
    Limbered { unit: String },
    #[error("{calibre} guns score no fire points at {band} range (p20)")]
    NoGunPoints {
        calibre: &'static str,
        band: &'static str,
    },
    #[error("{unit} has no musketry: only infantry and skirmishing cavalry fire (p18)")]
    NoMusketry { unit: String },
    #[error(
        "{unit} made an operational move this turn: a unit moving so may not fire \
         (*Movement: Operational*, p17)"
    )]
    MovedOperationally { unit: String },
    #[error(
        "{unit} moved or changed formation this turn: it does not fire in stationary fire; \
         if it has fire, it fires in the moving fire phase (p9, p18)"
    )]
    MovedBeforeStationaryFire { unit: String },
    #[error(
        "{unit} is the nonphasing player's: only the phasing player fires in the moving \
         fire phase (p9)"
    )]
    NonphasingInMovingFire { unit: String },
    #[error("{unit} is the phasing player's: opportunity fire is the nonphasing player's (p21)")]
    PhasingInOpportunityFire { unit: String },
    #[error(
        "{target} is {distance} from {unit}, beyond long range ({}\", p20)",
        Band::Long.reach()
    )]
    BeyondLongRange {
        target: String,
        distance: Distance,
        unit: String,
    },
    /// `reach`: the unit's musketry range in inches.
    #[error(
        "'{band}' is an artillery range: give {unit}'s range in inches (musketry reaches \
         {reach}\")"
    )]
    ArtilleryRange {
        band: &'static str,
        unit: String,
        reach: u32,
    },
    #[error("{target} is {distance} from {unit}, beyond its musketry range of {reach}\" (p18)")]
    BeyondMusketryRange {
        target: String,
        distance: Distance,
        unit: String,
        reach: u32,
    },
    /// `what`: "figures" or "guns".
    #[error("{unit} has no {what} left")]
    NoneLeft { unit: String, what: &'static str },
    #[error("{unit} has {has} {what}, not {bearing}")]
    TooManyBear {
        unit: String,
        has: u32,
        what: &'static str,
        bearing: u32,
    },
    #[error("only the phasing player's units fire as moving (p19)")]
    NonphasingMoved,
    #[error(
        "a firefight is stationary fire at a target in range since the action segment \
         began (p19)"
    )]
    FirefightNotStationary,
    #[error(
        "muddy, rough, uphill and wall say what stops a bounce-through: name the \
         units behind the target with bounce="
    )]
    GroundWithoutBounce,
    #[error("only guns' fire bounces through (p21): leave out bounce=")]
    BounceWithoutGuns,
    #[error("{unit} is already in this fire: bounce= names the units behind the target")]
    BouncesIntoFire { unit: String },
    #[error("no commander rides with a unit that lost men: leave out commander=")]
    NoCommanderAtRisk,
    /// `at_risk`: each commander's name, with the unit he rides with.
    #[error(
        "{} at risk: add commander=<d10> for each, in that order (p11)",
        at_risk_words(.at_risk)
    )]
    CommandersAtRisk { at_risk: Vec<(String, String)> },
}

/// "Ney (with fr-25) and Soult (with fr-61)".
fn at_risk_words(at_risk: &[(String, String)]) -> String {
    at_risk
        .iter()
        .map(|(general, unit)| format!("{general} (with {unit})"))
        .collect::<Vec<_>>()
        .join(" and ")
}
