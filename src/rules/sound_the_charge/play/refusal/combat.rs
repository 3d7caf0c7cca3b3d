//! Why a close combat was refused (*Sound the Charge*, both editions).

use crate::core::plural::counted;

/// Why a close combat was refused (*Sound the Charge*, both editions).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CombatRefusal {
    #[error("{unit} is not in contact with the enemy")]
    NotInContact { unit: String },
    /// A word of the other edition's, which this one has no rule for.
    #[error("`{word}` has no meaning in {ruleset}: it has no rule for {what}; drop it")]
    ForeignWord {
        word: String,
        ruleset: &'static str,
        what: String,
    },
    #[error("gen= given but no general is at risk: drop it")]
    NoGeneralAtRisk,
    #[error("shaken= given but no unit lost the round while already shaken: drop it")]
    NoShakenLoser,
    #[error(
        "{} lost the round while already shaken: add shaken=<die> for each, in that order; \
         1-3 shatters it, 4-6 it retreats with 8 rout hits",
        .losers.join(" and ")
    )]
    ShakenDiceOwed { losers: Vec<String> },
    #[error(
        "shaken= has {}; {} {}: {}",
        counted(*.typed, "die"),
        counted(.losers.len(), "shaken loser"),
        if .losers.len() == 1 { "rolls" } else { "roll, one die each" },
        .losers.join(", ")
    )]
    ShakenDiceCount { typed: usize, losers: Vec<String> },
    #[error("{unit} charged no unit this turn: name its enemy (`combat {unit} vs <unit>`)")]
    NoChargeTarget { unit: String },
    #[error(
        "{unit} charged {target} this turn: it fights {target} (`combat {unit}`); only if \
         {target} evades may the charge go on into another unit"
    )]
    ChargedAnother { unit: String, target: String },
    #[error("{unit} is named twice")]
    NamedTwice { unit: String },
    #[error("{unit} is {side}'s, not {other}'s: each side of `vs` is one army")]
    MixedSides {
        unit: String,
        side: String,
        other: String,
    },
    #[error("{unit} retreated this turn: it is out of the combat")]
    Retreated { unit: String },
    #[error(
        "{unit}'s gunners left their guns when they evaded: the guns do not fight. An enemy \
         that reaches them takes them (`remove {unit}`)"
    )]
    GunsAbandoned { unit: String },
    #[error("{unit} has fought its round this turn: one round a turn")]
    FoughtThisTurn { unit: String },
    #[error(
        "{unit} is in contact with {other} too: name every unit of the fight in one combat \
         (or `disengage` a unit no longer in contact)"
    )]
    FightLeftOut { unit: String, other: String },
    #[error("both sides of `vs` are {side}'s")]
    OneSide { side: String },
    #[error(
        "only the active side ({active}) charges: name its units before `vs` (or say \
         `continuing` for a combat already under way)"
    )]
    PassiveCharge { active: String },
    #[error(
        "{unit} is not yet in contact: the active side's units joining a fight charge, so they \
         are named before `vs`"
    )]
    JoinerNamedAfter { unit: String },
    #[error("{unit} is already in the fight: rear= names a unit charging in behind a friend")]
    RearAlreadyFighting { unit: String },
    #[error(
        "{unit} reinforces from the rear: name with it the friend it stands behind, of its own \
         arm (cavalry behind cavalry, infantry behind infantry) and already in this fight"
    )]
    RearWithoutFriend { unit: String },
    #[error("{unit} fights with its front rank only: give its figures, `{unit}:<n>`")]
    RearFiguresOwed { unit: String },
    #[error(
        "{unit} is not cavalry: in Sound the Charge 1:25 only cavalry reinforces a combat from \
         behind a friend (*Cavalry reinforcing a combat*)"
    )]
    RearNotCavalry { unit: String },
    #[error(
        "{unit} reinforces from the rear: name with it the cavalry unit in one rank it rides \
         behind"
    )]
    RearWithoutCavalry { unit: String },
    #[error(
        "{unit} strikes with one rank only (two ranks in all): give its front rank's models, \
         `{unit}:<n>`"
    )]
    RearModelsOwed { unit: String },
    #[error("stationary= is the optional Stationary Cavalry rule, not in play in this scenario")]
    StationaryNotInPlay,
    #[error("{unit} is not cavalry: stationary= names cavalry")]
    StationaryNotCavalry { unit: String },
    /// `key` is the flag as typed, with its `=`.
    #[error("{key}{unit} names a unit not in this combat")]
    NotInCombat { key: String, unit: String },
    /// `wanted` is each rolling unit with its dice ("fr-1 3 dice").
    #[error(
        "dice= has {}; this combat needs {}, one per unit that rolls, split by /: {}",
        counted(*.groups, "group"),
        .wanted.len(),
        .wanted.join(" / ")
    )]
    DiceGroups { groups: usize, wanted: Vec<String> },
    #[error("'{list}' has an empty unit name: units are separated by commas")]
    EmptyUnitName { list: String },
    #[error("'{flag}' needs unit names separated by commas")]
    NoUnitNames { flag: String },
}
