//! Why a move, a charge, a fall-back, a rout or a rally was refused (p14-22).

use crate::rules::old_trousers::command::out_of_command_may;
use crate::rules::old_trousers::movement::{Distance, UNTRAINED_LINE_LIMIT};
use crate::rules::unit::Formation;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrousersManeuverRefusal {
    #[error(
        "give the gap between {unit} and {charger} in inches (gap=<inches>): the two \
         close it in proportion to their charge moves (ruling 23)"
    )]
    NoGap { unit: String, charger: String },
    #[error("gap={typed}: give inches, whole or to the quarter (9, 4.5)")]
    NotAGap { typed: String },
    #[error("'{word}' is not an area (poor, light-woods, medium-woods, heavy-woods)")]
    NotAnArea { word: String },
    #[error(
        "'{word}' is not an obstacle (contour, stream, river, bridge, wall, \
         fence, hedge)"
    )]
    NotAnObstacle { word: String },
    #[error("'{word}' is not a formation")]
    NotAFormation { word: String },
    #[error("about={typed}: about faces are 1 to 4")]
    AboutFaces { typed: String },
    #[error("went={typed}: say the inches it went, whole or to the quarter (2.5)")]
    NotWent { typed: String },
    /// A charge takes `dice=`, any other move `went=`.
    #[error(
        "'{word}' is not a move word (to=, about, oblique, operational, prolong, \
         area=, cross={})",
        if *.charge { ", dice=" } else { ", went=" }
    )]
    NotAMoveWord { word: String, charge: bool },
    #[error("{unit} has no Old Trousers II ratings (the save is not of that ruleset)")]
    NoRatings { unit: String },
    #[error("Old Trousers II has no {formation} formation")]
    NoSuchFormation { formation: Formation },
    /// The movement table's own reason (`why`) the unit may not move so.
    #[error("{unit}: {why}")]
    NoAllowance {
        unit: String,
        why: crate::rules::old_trousers::Forbidden,
    },
    #[error(
        "{unit}: the formation change, turns and crossings use up its whole {rate} move: it \
         cannot make them all this turn"
    )]
    CostsTheMove { unit: String, rate: Distance },
    #[error("{unit} is routed: it makes its rout move (`rout {unit}`)")]
    Routed { unit: String },
    #[error("{unit} has moved this turn already")]
    MovedAlready { unit: String },
    #[error("{target} is on {unit}'s own side")]
    OwnSide { target: String, unit: String },
    #[error("{unit} is artillery: guns do not charge")]
    GunsDoNotCharge { unit: String },
    #[error(
        "{target} has not charged {unit} this movement: only the target of a charge declared \
         in it countercharges, and only its charger (*Charges: Sequence*, p21-22)"
    )]
    NotCharged { target: String, unit: String },
    #[error(
        "{unit} is the target of {charger}'s charge: it may stand, flee, or meet it with \
         `countercharge {unit} {charger} gap=<inches>`, not charge (*Charges: Defenders Reaction*, p22)"
    )]
    ChargedAt { unit: String, charger: String },
    #[error(
        "{unit} is the nonphasing player's and not cavalry: the nonphasing player moves only \
         for cavalry's opportunity charges, countercharges and leaders (*Movement: \
         Sequence*, p14)"
    )]
    NonphasingNotCavalry { unit: String },
    /// `gone`: the commander whose absence puts it out of command, and what he is.
    #[error(
        "{}: it may only {}, unless a command point buys it an order \
         (`cp <general> {unit}`, p13)",
        out_of_command(.unit, .gone.as_ref()),
        out_of_command_may()
    )]
    OutOfCommand {
        unit: String,
        gone: Option<(String, &'static str)>,
    },
    #[error("{unit} may go {most} at most this move: it cannot have gone {went}")]
    WentTooFar {
        unit: String,
        most: Distance,
        went: Distance,
    },
    /// `most`: how far it may go.
    #[error(
        "{unit} is untrained infantry moving in line, which is disordered if it goes over \
         {}\" (p16, p18): say how far it went (went=<inches>; it may go {most})",
        UNTRAINED_LINE_LIMIT.value()
    )]
    SayHowFar { unit: String, most: Distance },
    #[error("{unit} may not countercharge: {why} (p18, p21)")]
    MayNotCountercharge { unit: String, why: &'static str },
    #[error("{unit} may not charge: {why}")]
    MayNotCharge { unit: String, why: &'static str },
    #[error("{unit} is disordered: it may not change formation until the disorder is gone (p18)")]
    Disordered { unit: String },
    #[error(
        "{unit}'s side drew Difficult terrain this turn: nothing in woods or poor ground moves \
         or changes formation (p10)"
    )]
    DifficultTerrain { unit: String },
    #[error(
        "{unit}'s side drew Uncontrolled rout this turn: it may not try to rally a routed \
         unit until the next game turn (p10)"
    )]
    UncontrolledRout { unit: String },
    #[error(
        "{unit} has no order to rally: its command is not under a Rally order, and no command \
         point has bought it one this turn (`cp {commander} {unit}`, p13)"
    )]
    NoRallyOrder { unit: String, commander: String },
    #[error("{unit} did not charge this turn")]
    DidNotCharge { unit: String },
    #[error("{unit} met {other} in a countercharge: neither takes a Charge Test (p21-22)")]
    Countercharged { unit: String, other: String },
    #[error("{unit} is not cavalry: it halts where it is and rolls nothing")]
    HaltsWithoutDice { unit: String },
    #[error("{unit} has made its rout move this turn")]
    RoutedAlready { unit: String },
    #[error("{unit} is not routed")]
    NotRouted { unit: String },
}

/// "fr-25 is out of command while Ney is captured (p12)", or without the commander when
/// none is gone.
fn out_of_command(unit: &str, gone: Option<&(String, &'static str)>) -> String {
    match gone {
        Some((general, status)) => {
            format!("{unit} is out of command while {general} is {status} (p12)")
        }
        None => format!("{unit} is out of command (p12)"),
    }
}
