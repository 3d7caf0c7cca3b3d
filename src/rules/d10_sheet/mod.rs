//! *The d10 quick-reference sheet*: a two-sided quick-reference card for a d10 Napoleonic
//! game whose name is lost, known to us only from a bad scan
//! (`../shared/rules/d10-quick-reference-ocr.txt`). This ruleset plays what can be read
//! from it with confidence: the melee, the initiative and its ending of the turn, action
//! points, the fire table's legible rows; the artillery movement table and the charge
//! modifiers are charts. Pure: faces come in as values. Every number is here once, with
//! the sheet's line it comes from; the rulings that fill the gaps are in
//! `docs/rulings-d10.md` (D1–D17) and what could not be read in `docs/d10-ocr.md`.

use crate::core::chart::Number;
use crate::rules::phase::Phase;
use crate::rules::unit::Formation;

pub mod charts;
pub mod play;
pub mod profile;

#[cfg(test)]
mod tests;

/// Ruling D1: the sheet gives no turn sequence. A side's turn is its movement, its fire,
/// then the melees; the initiative and action points are rolled whenever they are owed.
pub const SEQUENCE: [Phase; 3] = [Phase::Movement, Phase::Shooting, Phase::Melee];

/// The command words this ruleset adds to the shared ones: the roster's marks the referee
/// records a morale check or a charge's outcome with (the sheet's tables for both are
/// lost), then its own throws.
pub const COMMANDS: [&str; 6] = ["shaken", "disorder", "initiative", "ap", "fire", "melee"];

/// The usage rows of the sheet's own words, in its help's order.
pub const USAGE: [(&str, &str, &str); 4] = [
    (
        "initiative",
        "initiative <general|side> <general|side> [a=±n] [b=±n] [roll=a,b]",
        "d10 sheet: both roll a d10, the higher total wins; bare dice of 17+ end the turn",
    ),
    (
        "ap",
        "ap <unit|general> [roll=d[,d…]]",
        "d10 sheet: action points, 1-7 one, 8-9 two, 10 three and again; a 9 spends one more",
    ),
    (
        "fire",
        "fire <unit> <target> [row=<1-9>] [mod=±n] [roll=d]",
        "d10 sheet: the fire table; infantry's row from its stands unless row= says",
    ),
    (
        "melee",
        "melee <attacker> <defender> [a=facts] [d=facts] [roll=a,d]",
        "d10 sheet: a round of melee; loser loses the totals' difference, winner the dice's",
    ),
];

/// The formations the sheet's movement and charge rows name (road column is a column on a
/// road; closed column is a charge modifier, `cav-closed-column`).
pub const FORMATIONS: [Formation; 5] = [
    Formation::Line,
    Formation::Column,
    Formation::Square,
    Formation::Limbered,
    Formation::Unlimbered,
];

/// The faces of the die everything on the sheet is rolled with.
pub const DIE: u8 = 10;

// ---------------------------------------------------------------------------------------
// Initiative and action points (sheet lines 226-269, 187-190)

/// The two commanders' bare dice totalling this or more end the turn at once (lines 232,
/// 247-249).
pub const TURN_ENDS_AT: Number = Number {
    name: "initiative.turn-ends-at",
    book: 17,
};
/// Local initiative: a division-or-better leader attached (lines 265-266).
pub const LEADER_ATTACHED: Number = Number {
    name: "initiative.leader-attached",
    book: 1,
};
/// Local initiative: reacting to a cavalry charge (lines 268-269).
pub const REACTING_TO_CAVALRY: Number = Number {
    name: "initiative.reacting-to-cavalry",
    book: -1,
};
/// Action points: a natural roll up to this gives one (line 190, "1-7 = 1 AP").
pub const ONE_AP_UP_TO: Number = Number {
    name: "ap.one-up-to",
    book: 7,
};
/// Action points: a natural roll up to this, above the last, gives two ("8-9 = 2 AP");
/// above it (a 10), three.
pub const TWO_AP_UP_TO: Number = Number {
    name: "ap.two-up-to",
    book: 9,
};
/// The points each band gives (line 190).
pub const AP_LOW: Number = Number {
    name: "ap.low",
    book: 1,
};
pub const AP_MIDDLE: Number = Number {
    name: "ap.middle",
    book: 2,
};
pub const AP_HIGH: Number = Number {
    name: "ap.high",
    book: 3,
};
/// A natural 9 spends this many points more (line 187).
pub const NATURAL_NINE_SPENDS: Number = Number {
    name: "ap.natural-nine-spends",
    book: 1,
};
/// The face that rolls again (line 188, "A natural roll of 10, roll again").
pub const ROLLS_AGAIN_ON: u8 = 10;
/// A run of 10s stops here (ruling D6): ten dice in a row is one in ten billion, and a
/// typed `roll=` cannot run on without end.
pub const MOST_AP_DICE: usize = 10;

/// One band of the action-point chart: the natural faces it takes and the points it gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ApBand {
    pub lowest: i32,
    pub highest: i32,
    pub points: i32,
}

/// The action-point chart's bands, lowest first, each starting above the last (line 190):
/// the one place the bands' ends are worked out from the chart's numbers.
pub fn ap_bands() -> [ApBand; 3] {
    [
        ApBand {
            lowest: 1,
            highest: ONE_AP_UP_TO.value(),
            points: AP_LOW.value(),
        },
        ApBand {
            lowest: ONE_AP_UP_TO.value() + 1,
            highest: TWO_AP_UP_TO.value(),
            points: AP_MIDDLE.value(),
        },
        ApBand {
            lowest: TWO_AP_UP_TO.value() + 1,
            highest: i32::from(DIE),
            points: AP_HIGH.value(),
        },
    ]
}

/// The action points one die gives, by its natural face.
pub fn points_of(face: u8) -> u32 {
    let face = i32::from(face);
    if face <= ONE_AP_UP_TO.value() {
        AP_LOW.count()
    } else if face <= TWO_AP_UP_TO.value() {
        AP_MIDDLE.count()
    } else {
        AP_HIGH.count()
    }
}

/// An action-point roll worked out: every die thrown (each 10 threw the next) and what
/// they give.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionPoints {
    /// The points the dice give, before the natural 9s' cost.
    pub gained: u32,
    /// The points the natural 9s spend at once (ruling D5).
    pub spent: u32,
}

impl ActionPoints {
    /// The points left to use.
    pub fn left(&self) -> u32 {
        self.gained.saturating_sub(self.spent)
    }
}

/// How many dice a roll whose first faces are `faces` owes: one, and one more after each
/// 10 (ruling D6: a 10 adds the next die's points), up to [`MOST_AP_DICE`].
pub fn ap_dice_owed(faces: &[u8]) -> usize {
    let mut owed = 1;
    for &face in faces.iter().take(MOST_AP_DICE) {
        if face == ROLLS_AGAIN_ON && owed < MOST_AP_DICE {
            owed += 1;
        } else {
            break;
        }
    }
    owed
}

/// The action points of a run of dice (lines 187-190, rulings D5 and D6).
pub fn action_points(faces: &[u8]) -> ActionPoints {
    let gained = faces.iter().map(|&f| points_of(f)).sum();
    let nines = faces.iter().filter(|&&f| f == 9).count();
    let spent = u32::try_from(nines).unwrap_or(u32::MAX) * NATURAL_NINE_SPENDS.count();
    ActionPoints { gained, spent }
}

/// Who won an initiative roll (lines 226-249).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InitiativeOutcome {
    /// The first roller's modified die is higher.
    First,
    Second,
    /// Equal modified dice: rolled again (ruling D3).
    Tie,
}

/// The initiative: the higher modified die wins; and whether the bare dice end the turn.
pub fn initiative(
    first_face: u8,
    first_total: i32,
    second_face: u8,
    second_total: i32,
) -> (InitiativeOutcome, bool) {
    let outcome = match first_total.cmp(&second_total) {
        std::cmp::Ordering::Greater => InitiativeOutcome::First,
        std::cmp::Ordering::Less => InitiativeOutcome::Second,
        std::cmp::Ordering::Equal => InitiativeOutcome::Tie,
    };
    let ends = i32::from(first_face) + i32::from(second_face) >= TURN_ENDS_AT.value();
    (outcome, ends)
}

// ---------------------------------------------------------------------------------------
// Melee (lines 113-130)

/// A melee round worked out from both sides' dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MeleeRound {
    /// Who won: the first (attacker) or the second; `None` on equal modified dice (ruling
    /// D8).
    pub winner: Option<MeleeSide>,
    /// Steps the attacker loses.
    pub attacker_steps: u32,
    /// Steps the defender loses.
    pub defender_steps: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeleeSide {
    Attacker,
    Defender,
}

/// One round of melee (lines 113-120): the higher modified roll wins; the loser loses
/// steps equal to the difference of the modified rolls, the winner the difference of the
/// bare ones.
pub fn melee_round(
    attacker_face: u8,
    attacker_total: i32,
    defender_face: u8,
    defender_total: i32,
) -> MeleeRound {
    let modified = attacker_total.abs_diff(defender_total);
    let bare = attacker_face.abs_diff(defender_face);
    let bare = u32::from(bare);
    match attacker_total.cmp(&defender_total) {
        std::cmp::Ordering::Greater => MeleeRound {
            winner: Some(MeleeSide::Attacker),
            attacker_steps: bare,
            defender_steps: modified,
        },
        std::cmp::Ordering::Less => MeleeRound {
            winner: Some(MeleeSide::Defender),
            attacker_steps: modified,
            defender_steps: bare,
        },
        std::cmp::Ordering::Equal => MeleeRound {
            winner: None,
            attacker_steps: 0,
            defender_steps: 0,
        },
    }
}

// The combat modifiers (lines 33, 45-66, 75-100): the column beside the charge results, the
// only modifiers the sheet gives for a d10 in contact (ruling D7).

/// Shaken (lines 45, 75).
pub const SHAKEN: Number = Number {
    name: "combat.shaken",
    book: -2,
};
/// Disordered (lines 46, 77).
pub const DISORDERED: Number = Number {
    name: "combat.disordered",
    book: -4,
};
/// Closing casualties, each 10% (line 50).
pub const CLOSING_PER_TEN_PERCENT: Number = Number {
    name: "combat.closing-casualties-per-10-percent",
    book: -2,
};
/// Mass, by the ratio of strengths (lines 51-55, 83-89).
pub const MASS_ONE_AND_A_HALF: Number = Number {
    name: "combat.mass-1.5x",
    book: 2,
};
pub const MASS_DOUBLE: Number = Number {
    name: "combat.mass-2x",
    book: 3,
};
pub const MASS_TRIPLE: Number = Number {
    name: "combat.mass-3x",
    book: 4,
};
pub const MASS_FOURFOLD: Number = Number {
    name: "combat.mass-4x",
    book: 5,
};
/// Charging downhill (line 56).
pub const DOWNHILL: Number = Number {
    name: "combat.downhill",
    book: 1,
};
/// Cavalry against infantry in line (line 57).
pub const CAVALRY_AT_LINE: Number = Number {
    name: "combat.cavalry-at-line",
    book: 6,
};
/// Cavalry against infantry in general (open) order (line 58; ruling D7: "General" is a
/// formation beside line and column, as the movement table's header has it, line 207).
pub const CAVALRY_AT_GENERAL: Number = Number {
    name: "combat.cavalry-at-general-order",
    book: 7,
};
/// Cavalry against infantry in column (line 59).
pub const CAVALRY_AT_COLUMN: Number = Number {
    name: "combat.cavalry-at-column",
    book: 4,
};
/// Cavalry against a closed column (lines 61-62).
pub const CAVALRY_AT_CLOSED_COLUMN: Number = Number {
    name: "combat.cavalry-at-closed-column",
    book: -2,
};
/// Charging a flank (line 65).
pub const FLANK: Number = Number {
    name: "combat.flank",
    book: 6,
};
/// Charging the rear (line 66).
pub const REAR: Number = Number {
    name: "combat.rear",
    book: 8,
};
/// Heavy cavalry against light cavalry (line 33).
pub const HEAVY_AT_LIGHT: Number = Number {
    name: "combat.heavy-at-light-cavalry",
    book: 4,
};
/// Secure flanks, each (line 92).
pub const SECURE_FLANK: Number = Number {
    name: "combat.secure-flank-each",
    book: 1,
};
/// In general (open) order (line 94; the formation of line 207, ruling D7).
pub const GENERAL_ORDER: Number = Number {
    name: "combat.general-order",
    book: -2,
};
/// In light cover (line 96).
pub const LIGHT_COVER: Number = Number {
    name: "combat.light-cover",
    book: 1,
};
/// In medium cover (line 99).
pub const MEDIUM_COVER: Number = Number {
    name: "combat.medium-cover",
    book: 3,
};
/// Infantry ridden down by cavalry fights its round with its modifier reduced by this
/// (lines 129-130).
pub const RIDDEN_DOWN: Number = Number {
    name: "combat.ridden-down",
    book: -8,
};
/// Chargers that take the target's place may go on to a next target within this
/// (lines 125-127): infantry.
pub const CONTINUE_INFANTRY_INCHES: Number = Number {
    name: "charge.continue-infantry",
    book: 4,
};
/// And cavalry.
pub const CONTINUE_CAVALRY_INCHES: Number = Number {
    name: "charge.continue-cavalry",
    book: 6,
};

// ---------------------------------------------------------------------------------------
// Fire (lines 135-155)

/// The fire table's columns, by the modified roll: their lowest roll, highest first
/// (line 136: 15+, 14, 13, 12-10, 9-7, 6-4, 3, 2, 1, 0).
pub const FIRE_COLUMNS: [i32; 10] = [15, 14, 13, 10, 7, 4, 3, 2, 1, 0];

/// A row of the fire table as the sheet prints it, or why it is not offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FireRow {
    /// Every cell legible (rows 1, 3, 4, 5, 7, 8, 9).
    Read([u8; 10]),
    /// Garbled on the sheet; rebuilt from its neighbours' pattern, offered only under the
    /// optional rule `rebuilt-fire-rows` (rows 2 and 6, ruling D10).
    Rebuilt([u8; 10]),
}

/// The fire table's rows 1 to 9 (lines 139-147). Each legible row is its neighbour plus
/// one in every cell (row 3 is row 1's pattern shifted): rows 2 and 6 are rebuilt so.
pub const FIRE_ROWS: [FireRow; 9] = [
    FireRow::Read([3, 3, 2, 2, 1, 1, 0, 0, 0, 0]),
    FireRow::Rebuilt([5, 4, 4, 3, 3, 2, 2, 1, 1, 0]),
    FireRow::Read([6, 5, 5, 4, 4, 3, 3, 2, 2, 1]),
    FireRow::Read([7, 6, 6, 5, 5, 4, 4, 3, 3, 2]),
    FireRow::Read([8, 7, 7, 6, 6, 5, 5, 4, 4, 3]),
    FireRow::Rebuilt([9, 8, 8, 7, 7, 6, 6, 5, 5, 4]),
    FireRow::Read([10, 9, 9, 8, 8, 7, 7, 6, 6, 5]),
    FireRow::Read([11, 10, 10, 9, 9, 8, 8, 7, 7, 6]),
    FireRow::Read([12, 11, 11, 10, 10, 9, 9, 8, 8, 7]),
];

/// Castings to an infantry stand (line 152). A figure on the roster is a casting, and a
/// casting is a step (ruling D11).
pub const CASTINGS_PER_STAND: Number = Number {
    name: "fire.castings-per-stand",
    book: 3,
};
/// The sheet's Infantry column beside the fire table, where legible (lines 138-144): two
/// stands to a row (2 stands row 1, 6 row 3, 8 row 4, 10 row 5, 12 row 6).
pub const STANDS_PER_ROW: Number = Number {
    name: "fire.infantry-stands-per-row",
    book: 2,
};

/// The last row the Infantry column can be read against (line 144: 12 stands, row 6).
pub const INFANTRY_COLUMN_LAST_ROW: u8 = 6;

/// The stands the Infantry column reads, fewest and most: a pair for row 1, up to the odd
/// stand over the last legible row's pairs.
pub fn infantry_column_stands() -> (u32, u32) {
    let per_row = STANDS_PER_ROW.count();
    (
        per_row,
        (u32::from(INFANTRY_COLUMN_LAST_ROW) + 1) * per_row - 1,
    )
}

/// The whole stands of `figures` castings of infantry (line 152).
pub fn stands(figures: u32) -> u32 {
    figures / CASTINGS_PER_STAND.count().max(1)
}

/// The row the sheet's Infantry column gives `figures` castings of infantry: its whole
/// stands, a row to each pair (ruling D11: a part stand or an odd stand adds no row), from
/// 2 stands (row 1) to the column's last legible cell (12 stands, row 6). `None` for one
/// stand (the Half row, lost) or more than the column shows.
pub fn infantry_row(figures: u32) -> Option<u8> {
    let row = stands(figures) / STANDS_PER_ROW.count().max(1);
    u8::try_from(row)
        .ok()
        .filter(|&row| (1..=INFANTRY_COLUMN_LAST_ROW).contains(&row))
}

/// The fire table's column `index` as the sheet heads it, by the modified rolls it
/// takes: `15+`, `14`, `10-12`.
pub fn column_label(index: usize) -> String {
    let lowest = FIRE_COLUMNS[index];
    match index.checked_sub(1).map(|above| FIRE_COLUMNS[above] - 1) {
        None => format!("{lowest}+"),
        Some(highest) if highest == lowest => lowest.to_string(),
        Some(highest) => format!("{lowest}-{highest}"),
    }
}

/// The column of a modified roll; `None` below 0: no effect (line 155, ruling D9).
pub fn fire_column(modified: i32) -> Option<usize> {
    FIRE_COLUMNS.iter().position(|&lowest| modified >= lowest)
}

/// The steps a fire of `row` (1-9) takes at `modified`, and whether the row is rebuilt;
/// `None` for a row the table does not have.
pub fn fire_steps(row: u8, modified: i32) -> Option<(u32, bool)> {
    let cells = FIRE_ROWS.get(usize::from(row).checked_sub(1)?)?;
    let (cells, rebuilt) = match cells {
        FireRow::Read(cells) => (cells, false),
        FireRow::Rebuilt(cells) => (cells, true),
    };
    let steps = fire_column(modified).map_or(0, |column| u32::from(cells[column]));
    Some((steps, rebuilt))
}

// ---------------------------------------------------------------------------------------
// Artillery movement (lines 213-221)

/// One gun's row of the artillery movement table, in half inches (the heavy 12-pounder's
/// prolonge move is half an inch); `None` where the sheet prints NA.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GunMoves {
    pub gun: &'static str,
    pub road: u32,
    pub field: u32,
    /// Limber and move, or move and unlimber.
    pub limber_and_move: u32,
    /// Move, unlimber and fire.
    pub move_unlimber_fire: Option<u32>,
    /// Limber, move, unlimber and fire.
    pub limber_move_unlimber_fire: Option<u32>,
    /// By prolonge, or a move costing action points.
    pub prolonge: u32,
    /// The action points the horse guns' two middle moves cost (line 221).
    pub middle_ap: Option<(u32, u32)>,
}

/// The artillery movement table (lines 216-221), in half inches.
pub const GUN_MOVES: [GunMoves; 4] = [
    GunMoves {
        gun: "12pdr heavy",
        road: 24,
        field: 6,
        limber_and_move: 2,
        move_unlimber_fire: None,
        limber_move_unlimber_fire: None,
        prolonge: 1,
        middle_ap: None,
    },
    GunMoves {
        gun: "8-9pdr",
        road: 32,
        field: 14,
        limber_and_move: 10,
        move_unlimber_fire: None,
        limber_move_unlimber_fire: None,
        prolonge: 2,
        middle_ap: None,
    },
    GunMoves {
        gun: "3-4pdr",
        road: 40,
        field: 18,
        limber_and_move: 14,
        move_unlimber_fire: Some(4),
        limber_move_unlimber_fire: None,
        prolonge: 4,
        middle_ap: None,
    },
    GunMoves {
        gun: "3-6pdr horse",
        road: 60,
        field: 28,
        limber_and_move: 24,
        move_unlimber_fire: Some(18),
        limber_move_unlimber_fire: Some(14),
        prolonge: 4,
        middle_ap: Some((2, 1)),
    },
];

/// Half inches as the sheet prints them: `12"`, `1/2"`, `1 1/2"` (ASCII, for a phone).
pub fn inches(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "1/2\"".to_owned(),
        (whole, 1) => format!("{whole} 1/2\""),
        (whole, _) => format!("{whole}\""),
    }
}
