//! *Firing*: how many dice a unit throws: the models that fire, a die per so many of them,
//! and the widest column, which bounds a column's front rank.

use crate::core::chart::{Number, dice_per, dice_per_words};
use crate::rules::sound_the_charge_1_25::Kit;
use crate::rules::unit::{Arm, Formation, Unit};

/// *Firing*: infantry throw a die per this many models.
pub const INFANTRY_PER_DIE: Number = Number {
    name: "fire.infantry-per-die",
    book: 4,
};
/// *Firing*: a last remainder of this many infantry models throws a die.
pub const INFANTRY_REMAINDER: Number = Number {
    name: "fire.infantry-remainder",
    book: 3,
};
/// *2-Rank Line*: a die per this many models.
pub const TWO_RANK_PER_DIE: Number = Number {
    name: "fire.two-rank-per-die",
    book: 3,
};
/// *2-Rank Line*: a last remainder of this many models throws a die.
pub const TWO_RANK_REMAINDER: Number = Number {
    name: "fire.two-rank-remainder",
    book: 2,
};
/// *Firing*: guns throw a die per this many crew models.
pub const CREW_PER_DIE: Number = Number {
    name: "fire.crew-per-die",
    book: 2,
};

/// *Firing*: a die per 4 infantry models, a remainder of 3 rounding up (12 → 3, 11 → 3,
/// 10 → 2).
pub fn infantry_dice(models: u32) -> u32 {
    dice_per(models, &INFANTRY_PER_DIE, &INFANTRY_REMAINDER)
}

/// *2-Rank Line*: a die per 3 models, a remainder of 2 rounding up.
pub fn two_rank_dice(models: u32) -> u32 {
    dice_per(models, &TWO_RANK_PER_DIE, &TWO_RANK_REMAINDER)
}

/// *Firing*: a die per 2 crew models. A remainder is at most one model, never the 3 that
/// would round up, so an odd model adds nothing (R1).
pub fn crew_dice(crew: u32) -> u32 {
    crew.checked_div(CREW_PER_DIE.count()).unwrap_or(0)
}

/// The widest column the text allows, in models per rank (*Introduction*, Formations).
pub const WIDEST_INFANTRY_COLUMN_MODELS: Number = Number {
    name: "formations.widest-infantry-column",
    book: 8,
};
/// The widest cavalry column, in models per rank.
pub const WIDEST_CAVALRY_COLUMN_MODELS: Number = Number {
    name: "formations.widest-cavalry-column",
    book: 6,
};

/// The models that fire when the referee gives no count (*Firing*: one rank, two if
/// skirmishing): a line and a skirmish screen all; a column its front rank, at most the
/// widest column (R14); a square the one face toward the target, a quarter rounded up
/// (R15); a battery all its crew. A unit with a screen out counts only the models left in
/// it: the screen fires on its own (*Skirmish Screens*).
pub fn usual_firing_models(unit: &Unit) -> u32 {
    let models = unit.parent_models();
    match (unit.arm, unit.formation) {
        (Arm::Infantry(_), Formation::Column) => models.min(WIDEST_INFANTRY_COLUMN_MODELS.count()),
        (_, Formation::Square) => models.div_ceil(4),
        _ => models,
    }
}

/// Dice for `models` firing models of this unit.
pub fn dice_for_models(unit: &Unit, kit: Kit, models: u32) -> (u32, String) {
    match unit.arm {
        Arm::Artillery { .. } => (
            crew_dice(models),
            format!("{models} crew models: a die per {}", CREW_PER_DIE.value()),
        ),
        Arm::Cavalry(_) => (0, "cavalry does not fire".to_owned()),
        Arm::Infantry(_) if kit.two_rank => (
            two_rank_dice(models),
            format!(
                "{models} models in two ranks: {}",
                dice_per_words(&TWO_RANK_PER_DIE, &TWO_RANK_REMAINDER)
            ),
        ),
        Arm::Infantry(_) => (
            infantry_dice(models),
            format!(
                "{models} models: {}",
                dice_per_words(&INFANTRY_PER_DIE, &INFANTRY_REMAINDER)
            ),
        ),
    }
}

/// The most dice the unit could roll, every model that may fire firing: its screen's
/// too, which fire as skirmishers, all of them (*Firing*: two ranks if skirmishing).
pub fn most_dice(unit: &Unit, kit: Kit) -> u32 {
    let screen = crate::rules::sound_the_charge_1_25::screen::as_skirmishers(unit)
        .map_or(0, |screen| most_dice(&screen, kit));
    dice_for_models(unit, kit, usual_firing_models(unit)).0 + screen
}
