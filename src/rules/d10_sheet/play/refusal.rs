//! Why a command of the d10 sheet was refused.

use crate::core::plural::counted;
use crate::engine::play_refusal::PlayRefusal;
use crate::engine::refusal::EngineRefusal;

/// The words a melee's modifiers are typed as (`words.rs` reads them), for the refusal
/// of a word that is none.
pub const FACT_WORDS: &str = "closing=<tens of %>, mass=1.5|2|3|4, downhill, cav-line, \
     cav-general, cav-column, cav-closed-column, heavy-light, flank, rear, secure=1|2, \
     general-order, cover=light|medium, ridden-down";

/// Why a d10 sheet command was refused: the engine's shared checks, or the sheet's own.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum D10Refusal {
    #[error(transparent)]
    Engine(#[from] EngineRefusal),
    #[error("{first} and {second} are on the same side: the initiative is the two armies'")]
    SameSideInitiative { first: String, second: String },
    #[error("'{who}' is neither a general nor a side (sides: {sides})")]
    NoCommander { who: String, sides: String },
    #[error("'{who}' is neither a unit nor a general")]
    NoRoller { who: String },
    #[error("{unit} is not infantry: give the fire table's row, row=<1-9>, by its strength")]
    NoRow { unit: String },
    #[error(
        "the sheet's Infantry column gives no row for {unit}'s {figures} figures (it reads \
         {least} to {most} whole stands of three): give row=<1-9>"
    )]
    NoInfantryRow {
        unit: String,
        figures: u32,
        least: u32,
        most: u32,
    },
    #[error("'{word}' is not a row of the fire table: 1 to 9")]
    NotARow { word: String },
    #[error(
        "row {row} of the fire table is garbled on the sheet; rebuilt by its neighbours' \
         pattern it is offered only with the optional rule rebuilt-fire-rows"
    )]
    GarbledRow { row: u8 },
    #[error("'{word}' is not a modifier: a whole number from -20 to +20")]
    NotAModifier { word: String },
    #[error("roll= takes two d10s, the first roller's and the second's, like roll=7,4; not {}", counted(*.typed, "die"))]
    TwoDice { typed: usize },
    #[error(
        "an action-point roll takes at most ten dice (one, and one after each 10), not {typed}"
    )]
    TooManyApDice { typed: usize },
    #[error(
        "roll= must give {} for this roll: the first, and one more after each 10",
        counted(*.owed, "die")
    )]
    ApDiceOwed { owed: usize },
    #[error("unknown modifier '{word}' (known: {FACT_WORDS})")]
    UnknownFact { word: String },
    #[error("'{second}' cannot be claimed beside '{first}': one of them")]
    FactsClash { first: String, second: String },
    #[error("an empty modifier: list them with commas, like a=flank,mass=2")]
    EmptyFact,
    #[error("'{fact}' is the charger's: the attacker, named first, claims it (a=)")]
    ChargerOnly { fact: String },
    #[error(
        "the sheet's modifier for {what} cannot be read: settle it at the table and record \
         the outcome (hit, shaken, disorder)"
    )]
    LostModifier { what: String },
    #[error("{unit} is not cavalry: '{fact}' is a cavalry charger's modifier")]
    NotCavalry { unit: String, fact: String },
    #[error("{unit} is not infantry: only infantry is ridden down")]
    NotInfantry { unit: String },
    #[error("'{fact}' needs {wanted} to face: {enemy} is not")]
    WrongEnemy {
        fact: String,
        enemy: String,
        wanted: &'static str,
    },
    #[error(
        "'{fact}' is the ratio of the two units' figures: {unit}'s {figures} against \
         {enemy}'s {enemy_figures} do not make it"
    )]
    NoMass {
        unit: String,
        figures: u32,
        enemy: String,
        enemy_figures: u32,
        fact: String,
    },
    #[error("'heavy-light' is heavy cavalry against light cavalry: {unit} against {enemy} is not")]
    NotHeavyAtLight { unit: String, enemy: String },
    #[error("{unit} has fought a melee round this turn; `undo` if that one was entered wrong")]
    FoughtMelee { unit: String },
}

/// The engine's refusals the d10 sheet passed on are the engine's, as anyone else's are.
impl From<D10Refusal> for PlayRefusal {
    fn from(refusal: D10Refusal) -> PlayRefusal {
        match refusal {
            D10Refusal::Engine(engine) => PlayRefusal::Engine(engine),
            own => PlayRefusal::own(own),
        }
    }
}
