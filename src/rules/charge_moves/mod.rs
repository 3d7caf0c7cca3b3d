//! *Charge Moves* (Bill Gunson, Wargamer's Newsletter 25, 1964): the charge throw, the
//! impetus dice, melee where each 6 kills a man, and morale after melee. Pure: faces come
//! in as values. Every number is here once, with the paragraph it comes from.
//!
//! The text is a fragment of a club's rules: it gives no turn sequence, no shooting and no
//! rally. What it leaves out is listed in `docs/rulesets.md`; the rulings taken to fill
//! its gaps are in `docs/rulings.md` (69–77).

use crate::core::chart::Number;
use crate::core::score::Score;
use crate::rules::phase::Phase;
use crate::rules::unit::{CavalryType, Formation};
use std::borrow::Cow;
use std::cmp::Ordering;

pub mod charts;
pub mod concern;
pub mod event;
pub mod play;
pub mod profile;
pub mod unit_state;

/// Ruling 69: the text names a side's move and melee, nothing else; one side's turn is
/// its movement (charge throws included) and then the melee, with morale thrown in it.
pub const SEQUENCE: [Phase; 2] = [Phase::Movement, Phase::Melee];

/// The command words Charge Moves adds to the shared ones.
pub const COMMANDS: [&str; 4] = ["charge", "melee", "morale", "retreat"];

/// The formations the impetus and charge tables know: single, double and treble line,
/// column and square (*Infantry Charging Get Impetus*).
pub const FORMATIONS: [Formation; 5] = [
    Formation::Line,
    Formation::DoubleLine,
    Formation::TrebleLine,
    Formation::Column,
    Formation::Square,
];

// The article's numbers. The quick reference prints them from here.

/// How far an infantry charge that comes off carries (*Infantry Charging*).
pub const INFANTRY_CHARGE_INCHES: Number = Number {
    name: "charge.infantry-inches",
    book: 18,
};
/// How far a cavalry charge that comes off carries (*Cavalry*).
pub const CAVALRY_CHARGE_INCHES: Number = Number {
    name: "charge.cavalry-inches",
    book: 24,
};
/// The range within which a unit may throw to charge: musket range (*Cavalry*).
pub const MUSKET_RANGE_INCHES: Number = Number {
    name: "charge.musket-range",
    book: 18,
};
/// Infantry's charge throw at two thirds of its strength or more (ruling 72).
pub const INFANTRY_AT_STRENGTH: Number = Number {
    name: "charge.infantry-two-thirds-or-more",
    book: 4,
};
/// Infantry's charge throw below two thirds of its strength.
pub const INFANTRY_BELOW_TWO_THIRDS: Number = Number {
    name: "charge.infantry-below-two-thirds",
    book: 5,
};
/// Infantry's charge throw below a third of its strength.
pub const INFANTRY_BELOW_A_THIRD: Number = Number {
    name: "charge.infantry-below-a-third",
    book: 6,
};
/// Cavalry's charge throw against a single line.
pub const CAVALRY_AT_SINGLE_LINE: Number = Number {
    name: "charge.cavalry-at-single-line",
    book: 2,
};
/// Cavalry's charge throw against a double line.
pub const CAVALRY_AT_DOUBLE_LINE: Number = Number {
    name: "charge.cavalry-at-double-line",
    book: 4,
};
/// Cavalry's charge throw against a treble line, or a column (ruling 73).
pub const CAVALRY_AT_TREBLE_LINE: Number = Number {
    name: "charge.cavalry-at-treble-line",
    book: 5,
};
/// Cavalry's charge throw against a square.
pub const CAVALRY_AT_SQUARE: Number = Number {
    name: "charge.cavalry-at-square",
    book: 6,
};
/// Heavy cavalry's impetus: a die per so many men (*Cavalry*).
pub const HEAVY_CAVALRY_MEN_PER_DIE: Number = Number {
    name: "impetus.heavy-cavalry-men-per-die",
    book: 2,
};
/// Light (and medium, ruling 71) cavalry's impetus: a die per so many men.
pub const LIGHT_CAVALRY_MEN_PER_DIE: Number = Number {
    name: "impetus.light-cavalry-men-per-die",
    book: 3,
};
/// Units within this many inches of a routing unit throw to see whether they join it.
pub const ROUT_SPREADS_INCHES: Number = Number {
    name: "morale.rout-spreads-inches",
    book: 12,
};
/// A unit near a rout joins it on this or less.
pub const JOINS_ROUT_UP_TO: Number = Number {
    name: "morale.joins-rout-up-to",
    book: 3,
};
/// The loser of a melee in a building leaves it on this or less (*In buildings*).
pub const LEAVES_BUILDING_UP_TO: Number = Number {
    name: "morale.leaves-building-up-to",
    book: 3,
};

/// The impetus table: men per extra die for infantry reaching a melee. Rows are the
/// defender's formation (single, double, treble line, column, square), columns the
/// attacker's (single, double, treble line, column); 0 gives no extra dice (ruling 70:
/// the worked example — 30 men in double line against a single line, 5 extra dice —
/// fixes which way the table reads). The impetus chart draws its rows from here.
pub const IMPETUS_MEN_PER_DIE: [[u32; 4]; 5] = [
    [5, 6, 7, 8],
    [4, 5, 6, 7],
    [3, 4, 5, 6],
    [0, 1, 2, 3],
    [0, 1, 2, 5],
];

/// Where a formation sits in the impetus table (`None` for guns, which it does not know).
fn table_index(formation: Formation) -> Option<usize> {
    match formation {
        Formation::Line => Some(0),
        Formation::DoubleLine => Some(1),
        Formation::TrebleLine => Some(2),
        Formation::Column | Formation::AttackColumn => Some(3),
        Formation::Square => Some(4),
        Formation::Skirmish | Formation::Limbered | Formation::Unlimbered => None,
    }
}

/// Extra melee dice and how they were found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Impetus {
    pub dice: u32,
    pub reason: String,
}

impl Impetus {
    fn none(reason: impl Into<String>) -> Impetus {
        Impetus {
            dice: 0,
            reason: reason.into(),
        }
    }
}

/// Infantry impetus: one extra die per so many men, by both formations.
pub fn infantry_impetus(attacker: Formation, defender: Formation, men: u32) -> Impetus {
    let Some(column) = table_index(attacker).filter(|&c| c < 4) else {
        return Impetus::none(format!("no impetus from {attacker}"));
    };
    let Some(row) = table_index(defender) else {
        return Impetus::none(format!("no impetus against {defender}"));
    };
    match IMPETUS_MEN_PER_DIE[row][column] {
        0 => Impetus::none(format!("{attacker} against {defender}: no impetus")),
        per => Impetus {
            dice: men / per,
            reason: format!(
                "impetus, {attacker} against {defender}: 1 die per {per} men, {men} men"
            ),
        },
    }
}

/// Cavalry impetus: 1 die per 2 heavy or 3 light cavalry, whatever the enemy's formation,
/// but none against troops sheltered by walls, woods or a hill (*Cavalry*). Ruling 71:
/// medium cavalry, which the text does not name, counts as light.
pub fn cavalry_impetus(kind: CavalryType, men: u32, sheltered: bool) -> Impetus {
    if sheltered {
        return Impetus::none("no cavalry impetus against sheltered troops");
    }
    let (per, word) = match kind {
        CavalryType::Heavy => (HEAVY_CAVALRY_MEN_PER_DIE.count(), "heavy"),
        CavalryType::Medium | CavalryType::Light => (LIGHT_CAVALRY_MEN_PER_DIE.count(), "light"),
    };
    Impetus {
        dice: men / per,
        reason: format!("impetus, {word} cavalry: 1 die per {per} men, {men} men"),
    }
}

/// The score an infantry unit needs to charge, by its strength: 4-6 at full strength,
/// 5-6 below two thirds, 6 below one third (*Infantry Charging*). Ruling 72: "full
/// strength" is anything not below two thirds.
pub fn infantry_charge_score(figures_at_start: u32, figures: u32) -> Score {
    let (chart, reason) = if figures * 3 < figures_at_start {
        (INFANTRY_BELOW_A_THIRD, "below a third of its strength")
    } else if figures * 3 < figures_at_start * 2 {
        (
            INFANTRY_BELOW_TWO_THIRDS,
            "below two thirds of its strength",
        )
    } else {
        (
            INFANTRY_AT_STRENGTH,
            "at two thirds of its strength or more",
        )
    };
    Score::new(chart.value(), format!("infantry {reason}"))
}

/// The score cavalry needs to charge, by the target's formation: single line 2, double
/// line 4, treble line 5, square 6 (*Charge move throws*). Ruling 73: a column, which the
/// list leaves out, is as deep as a treble line.
pub fn cavalry_charge_score(target: Formation) -> Score {
    let (chart, what) = match target {
        Formation::Line | Formation::Skirmish => (CAVALRY_AT_SINGLE_LINE, "a single line"),
        Formation::DoubleLine => (CAVALRY_AT_DOUBLE_LINE, "a double line"),
        Formation::TrebleLine => (CAVALRY_AT_TREBLE_LINE, "a treble line"),
        Formation::Column | Formation::AttackColumn => {
            (CAVALRY_AT_TREBLE_LINE, "a column (as a treble line)")
        }
        Formation::Square | Formation::Limbered | Formation::Unlimbered => {
            (CAVALRY_AT_SQUARE, "a square")
        }
    };
    Score::new(chart.value(), format!("cavalry against {what}"))
}

/// What came of a charge throw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChargeOutcome {
    /// Made the score: it charges home, with impetus.
    Charges,
    /// One short: infantry refuses this move; cavalry splits and swerves.
    Balks,
    /// Two or more short: it goes back a move (infantry retreats, cavalry retires).
    FallsBack,
}

pub fn charge_outcome(needed: i32, face: u8) -> ChargeOutcome {
    let face = i32::from(face);
    if face >= needed {
        ChargeOutcome::Charges
    } else if face == needed - 1 {
        ChargeOutcome::Balks
    } else {
        ChargeOutcome::FallsBack
    }
}

/// A unit's melee dice: one per man who reached the melee plus its impetus; none at all
/// for troops caught in flank or rear before they face about (*Troops attacked in rear or
/// flank*).
pub fn melee_dice(men: u32, impetus: &Impetus, caught_in_flank: bool) -> (u32, String) {
    if caught_in_flank {
        return (0, "attacked in flank or rear: no melee value".to_owned());
    }
    if impetus.dice == 0 {
        return (men, format!("{men} men, 1 die each"));
    }
    (
        men + impetus.dice,
        format!(
            "{men} men, 1 die each, + {} ({})",
            impetus.dice, impetus.reason
        ),
    )
}

/// Each 6 thrown kills one enemy man.
pub const KILLS_ON: u8 = 6;

pub fn kills(faces: &[u8]) -> u32 {
    let sixes = faces.iter().filter(|&&f| f == KILLS_ON).count();
    u32::try_from(sixes).unwrap_or(u32::MAX)
}

/// Who throws for morale after a melee (*After melee*).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeleeThrowers {
    First,
    Second,
    /// Equal shares of casualties: both (ruling 74).
    Both,
    /// Neither side lost a man: no side had the higher share, so nobody throws (ruling 74).
    Neither,
}

/// The side that took the heavier share of casualties, each counted as a fraction of the
/// men who fought, throws for morale.
pub fn melee_throwers(
    first_lost: u32,
    first_men: u32,
    second_lost: u32,
    second_men: u32,
) -> MeleeThrowers {
    if first_lost == 0 && second_lost == 0 {
        return MeleeThrowers::Neither;
    }
    // first_lost/first_men against second_lost/second_men, without division.
    let first = u64::from(first_lost) * u64::from(second_men.max(1));
    let second = u64::from(second_lost) * u64::from(first_men.max(1));
    match first.cmp(&second) {
        Ordering::Greater => MeleeThrowers::First,
        Ordering::Less => MeleeThrowers::Second,
        Ordering::Equal => MeleeThrowers::Both,
    }
}

// *After melee*'s bands, each from its lowest throw up to the next band's: the morale
// result reads them, and the morale chart draws its bands from them.

/// *Morale after melee* chart, "stands firm" row: this throw or more.
pub const STANDS_FIRM_FROM: Number = Number {
    name: "morale.stands-firm-from",
    book: 5,
};
/// *Morale after melee* chart, "retreats a move" row: this throw up to one below
/// [`STANDS_FIRM_FROM`].
pub const RETREATS_FROM: Number = Number {
    name: "morale.retreats-from",
    book: 3,
};
/// *Morale after melee* chart, "retreats a double move" row: this throw up to one below
/// [`RETREATS_FROM`]; anything lower routs.
pub const RETREATS_DOUBLE_FROM: Number = Number {
    name: "morale.retreats-double-from",
    book: 2,
};

/// The morale throw after a melee, or on being charged by cavalry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoraleResult {
    StandsFirm,
    /// Back one move.
    Retreats,
    /// Back two moves.
    RetreatsDouble,
    /// Routed: every unit within 12" throws to see whether it joins.
    Routs,
}

impl MoraleResult {
    pub fn of(face: u8) -> MoraleResult {
        let face = i32::from(face);
        if face >= STANDS_FIRM_FROM.value() {
            MoraleResult::StandsFirm
        } else if face >= RETREATS_FROM.value() {
            MoraleResult::Retreats
        } else if face >= RETREATS_DOUBLE_FROM.value() {
            MoraleResult::RetreatsDouble
        } else {
            MoraleResult::Routs
        }
    }

    /// Moves the unit owes back.
    pub fn moves_back(self) -> u32 {
        match self {
            MoraleResult::StandsFirm | MoraleResult::Routs => 0,
            MoraleResult::Retreats => 1,
            MoraleResult::RetreatsDouble => 2,
        }
    }

    pub fn describe(self) -> Cow<'static, str> {
        match self {
            MoraleResult::StandsFirm => Cow::Borrowed("stands firm"),
            MoraleResult::Retreats => Cow::Borrowed("retreats a move"),
            MoraleResult::RetreatsDouble => Cow::Borrowed("retreats a double move"),
            MoraleResult::Routs => Cow::Owned(format!(
                "ROUTS: units within {}\" throw to join it",
                ROUT_SPREADS_INCHES.value()
            )),
        }
    }
}

/// A unit within 12" of a rout joins it on 1, 2 or 3.
pub fn joins_rout(face: u8) -> bool {
    i32::from(face) <= JOINS_ROUT_UP_TO.value()
}

/// The loser of a melee in a building leaves it on 1, 2 or 3 (*In buildings*).
pub fn leaves_building(face: u8) -> bool {
    i32::from(face) <= LEAVES_BUILDING_UP_TO.value()
}

/// The usage rows of *Charge Moves*' own words, in its help's order: its `retreat`
/// settles the moves back a unit owes, not a voluntary retreat.
pub const USAGE: [(&str, &str, &str); 4] = [
    (
        "charge",
        "charge <unit> <target> [flank] [roll=d]",
        "Charge Moves: the charge move throw; flank: at a flank or rear, no throw needed",
    ),
    (
        "melee",
        "melee <attacker> <defender> [men=a/d] [flank] [sheltered] [sixes=a/d]",
        "Charge Moves: a die per man plus impetus, each 6 kills; sixes= the table's count",
    ),
    (
        "morale",
        "morale <unit> [cavalry|rout|building] [cornered] [roll=d]",
        "Charge Moves: after melee (5-6 stands), charged by cavalry, a rout within 12\"",
    ),
    (
        "retreat",
        "retreat <unit> [blocked|off]",
        "Charge Moves: it made the moves back it owed; blocked: it surrenders; \
         off: it left the table",
    ),
];

#[cfg(test)]
mod tests;
