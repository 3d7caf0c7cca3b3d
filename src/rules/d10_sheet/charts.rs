//! The charts of the d10 sheet in our own words, as data: every number printed from where
//! the rules keep it (`super`), the fire and artillery tables drawn from theirs. What the
//! scan lost, each chart says.

use super as rules;
use crate::core::chart::Line::{Drawn, DrawnFrom, Modifier, Sentence, Text};
use crate::core::chart::{Chart, Topic};
use std::fmt::Write;

pub const CHARTS: &[Chart] = &[
    Chart {
        id: "d10-turn-sequence",
        title: "Turn sequence (d10 sheet)",
        topic: Topic::Sequence,
        keywords: &["phase", "turn", "active", "order"],
        lines: &[
            Text("The sheet gives none; Adjutant plays"),
            Text("each side's turn in three phases:"),
            Text("1 Movement  moves; charges settled at"),
            Text("            the table (their table is"),
            Text("            lost), recorded with hit,"),
            Text("            shaken, disorder, remove"),
            Text("2 Shooting  fire on the fire table"),
            Text("3 Melee     one round per contact"),
            Text("initiative and ap: whenever owed."),
        ],
    },
    Chart {
        id: "d10-initiative",
        title: "Initiative (1d10 each)",
        topic: Topic::Generals,
        keywords: &["initiative", "contest", "commander", "local", "17"],
        lines: &[
            Text("Both commanders roll 1d10 + mods;"),
            Text("the higher wins; equal: roll again."),
            Text("Army commanders: at the turn's start."),
            Text("Division or better: may contest it"),
            Text("during the turn."),
            Sentence(
                "Bare dice totalling {=}+: the turn ends.",
                &[&rules::TURN_ENDS_AT],
            ),
            Text("Local initiative, any unit, any time,"),
            Text("to move or form square:"),
            Modifier("  leader (division+) attached", &rules::LEADER_ATTACHED),
            Modifier(
                "  reacting to a cavalry charge",
                &rules::REACTING_TO_CAVALRY,
            ),
            Text("Lost: the Grand-Tac points' effect and"),
            Text("the local table by class."),
        ],
    },
    Chart {
        id: "d10-action-points",
        title: "Action points (1d10)",
        topic: Topic::Generals,
        keywords: &["ap", "action", "points", "natural"],
        lines: &[
            Sentence("1-{=}   {=} AP", &[&rules::ONE_AP_UP_TO, &rules::AP_LOW]),
            DrawnFrom(middle_band, &[&rules::TWO_AP_UP_TO, &rules::AP_MIDDLE]),
            DrawnFrom(high_band, &[&rules::AP_HIGH]),
            Sentence(
                "A natural 9 spends {=} AP more.",
                &[&rules::NATURAL_NINE_SPENDS],
            ),
            Text("A natural 10 rolls again; the new"),
            Text("die's points are added."),
        ],
    },
    Chart {
        id: "d10-fire",
        title: "Fire table (1d10 + mods)",
        topic: Topic::Shooting,
        keywords: &["fire", "shoot", "row", "steps", "casualties"],
        lines: &[
            Text("Row by the firer's strength (infantry:"),
            Sentence(
                "  stands / {=}, a stand {=} figures);",
                &[&rules::STANDS_PER_ROW, &rules::CASTINGS_PER_STAND],
            ),
            Text("column by the modified roll; steps:"),
            Drawn(fire_header),
            Drawn(fire_row::<1>),
            Drawn(fire_row::<2>),
            Drawn(fire_row::<3>),
            Drawn(fire_row::<4>),
            Drawn(fire_row::<5>),
            Drawn(fire_row::<6>),
            Drawn(fire_row::<7>),
            Drawn(fire_row::<8>),
            Drawn(fire_row::<9>),
            Text("Below 0: no effect."),
            Text("* garbled; rebuilt by its neighbours'"),
            Text("  pattern, only with rebuilt-fire-rows."),
            Text("Lost: the Half row, rows for guns and"),
            Text("cavalry, the range blocks' guns: give"),
            Text("modifiers with mod=."),
        ],
    },
    Chart {
        id: "d10-melee",
        title: "Melee (1d10 each + mods)",
        topic: Topic::Combat,
        keywords: &["melee", "steps", "difference", "ride", "pursuit"],
        lines: &[
            Text("Higher modified roll wins; equal: no"),
            Text("steps lost, fight on."),
            Text("Loser: steps = difference of the"),
            Text("  modified rolls."),
            Text("Winner: steps = difference of the"),
            Text("  bare rolls."),
            Text("Both check morale (how is lost:"),
            Text("  record with shaken, note, remove)"),
            Text("Neither retreats: fight on next turn."),
            Text("No pursuit. All are at least"),
            Text("  disordered."),
            Text("Taking the position: on to a next"),
            Sentence(
                "  target within {=}\" (cavalry {=}\").",
                &[
                    &rules::CONTINUE_INFANTRY_INCHES,
                    &rules::CONTINUE_CAVALRY_INCHES,
                ],
            ),
            Modifier("Infantry ridden down by cavalry", &rules::RIDDEN_DOWN),
        ],
    },
    Chart {
        id: "d10-combat-modifiers",
        title: "Charge and melee modifiers",
        topic: Topic::Combat,
        keywords: &["modifier", "charge", "melee", "mass", "flank", "cover"],
        lines: &[
            Modifier("Shaken (from the roster)", &rules::SHAKEN),
            Modifier("Disordered (from the roster)", &rules::DISORDERED),
            Modifier(
                "Closing casualties, each 10%",
                &rules::CLOSING_PER_TEN_PERCENT,
            ),
            Modifier("Mass 1.5x", &rules::MASS_ONE_AND_A_HALF),
            Modifier("Mass 2x", &rules::MASS_DOUBLE),
            Modifier("Mass 3x", &rules::MASS_TRIPLE),
            Modifier("Mass 4x", &rules::MASS_FOURFOLD),
            Modifier("Charging downhill", &rules::DOWNHILL),
            Modifier("Cavalry v infantry line", &rules::CAVALRY_AT_LINE),
            Modifier("Cavalry v general order", &rules::CAVALRY_AT_GENERAL),
            Modifier("Cavalry v infantry column", &rules::CAVALRY_AT_COLUMN),
            Modifier("Cavalry v closed column", &rules::CAVALRY_AT_CLOSED_COLUMN),
            Modifier("Heavy v light cavalry", &rules::HEAVY_AT_LIGHT),
            Modifier("Charging a flank", &rules::FLANK),
            Modifier("Charging the rear", &rules::REAR),
            Modifier("Secure flanks, each", &rules::SECURE_FLANK),
            Modifier("In general (open) order", &rules::GENERAL_ORDER),
            Modifier("In light cover", &rules::LIGHT_COVER),
            Modifier("In medium cover", &rules::MEDIUM_COVER),
            Text("In melee, a= the attacker's, d= the"),
            Text("defender's, as a list: closing=<tens %>"),
            Text("mass=1.5|2|3|4 downhill flank rear"),
            Text("cav-line cav-general cav-column"),
            Text("cav-closed-column heavy-light secure=1|2"),
            Text("general-order cover=light|medium"),
            Text("ridden-down (flank, rear, downhill: a=)"),
            Text("Lost: v square, heavy cover, leader"),
            Text("attached, standing cavalry, routed or"),
            Text("broken."),
        ],
    },
    Chart {
        id: "d10-charge-results",
        title: "Charge results (lost)",
        topic: Topic::Combat,
        keywords: &["charge", "result", "firefight", "recoil", "surrender"],
        lines: &[
            Text("Attacker's modified roll less the"),
            Text("defender's, read in the open or in"),
            Text("cover: the scan mixes the two columns"),
            Text("and loses the middle results, so the"),
            Text("table cannot be rebuilt."),
            Text("Settle the charge at the table and"),
            Text("record it: hit, shaken, disorder,"),
            Text("remove, note."),
            Text("Cavalry never firefights: shift inward"),
            Text("(melee) if only cavalry, else outward."),
        ],
    },
    Chart {
        id: "d10-artillery-movement",
        title: "Artillery movement",
        topic: Topic::Movement,
        keywords: &["artillery", "gun", "limber", "unlimber", "prolonge", "move"],
        lines: &[
            Drawn(gun_header),
            Drawn(gun_row::<0>),
            Drawn(gun_row::<1>),
            Drawn(gun_row::<2>),
            Drawn(gun_row::<3>),
            Text("lm  limber+move or move+unlimber"),
            Text("muf move+unlimber+fire"),
            Text("lmuf limber+move+unlimber+fire"),
            Text("pro by prolonge; - not allowed"),
            Drawn(horse_ap),
        ],
    },
    Chart {
        id: "d10-lacks",
        title: "What the d10 sheet lacks",
        topic: Topic::Optional,
        keywords: &["lacks", "missing", "lost", "ocr", "scan"],
        lines: &[
            Text("The game's name; the charge results;"),
            Text("fire discipline; movement rolls and"),
            Text("the infantry and cavalry moves; the"),
            Text("skirmish table; the local initiative"),
            Text("table; the range blocks' guns; morale."),
            Text("Settle them at the table; record the"),
            Text("outcome with hit, shaken, disorder,"),
            Text("form, remove, note."),
        ],
    },
];

/// "8-9   2 AP".
fn middle_band() -> String {
    let [_, middle, _] = rules::ap_bands();
    format!(
        "{}-{}   {} AP",
        middle.lowest, middle.highest, middle.points
    )
}

/// "10    3 AP".
fn high_band() -> String {
    let [_, _, high] = rules::ap_bands();
    format!("{:<5} {} AP", high.lowest, high.points)
}

/// The fire table's columns, by their lowest and highest modified roll.
fn fire_header() -> String {
    let mut line = "Row".to_owned();
    for index in 0..rules::FIRE_COLUMNS.len() {
        let label = rules::column_label(index);
        let _ = write!(line, "{label:>width$}", width = label.len().max(3) + 1);
    }
    line
}

/// Row `R` of the fire table, under [`fire_header`]'s columns; a rebuilt row marked `*`.
fn fire_row<const R: usize>() -> String {
    let (cells, mark) = match rules::FIRE_ROWS[R - 1] {
        rules::FireRow::Read(cells) => (cells, ' '),
        rules::FireRow::Rebuilt(cells) => (cells, '*'),
    };
    let mut line = format!("{R}{mark} ");
    for (index, cell) in cells.into_iter().enumerate() {
        let width = rules::column_label(index).len().max(3) + 1;
        let _ = write!(line, "{cell:>width$}");
    }
    line
}

fn gun_header() -> String {
    format!(
        "{:<13}{:>5}{:>6}{:>5}{:>5}{:>6}{:>5}",
        "gun", "road", "field", "lm", "muf", "lmuf", "pro"
    )
}

/// Row `R` of the artillery movement table.
fn gun_row<const R: usize>() -> String {
    let gun = rules::GUN_MOVES[R];
    let cell = |halves: Option<u32>| halves.map_or_else(|| "-".to_owned(), rules::inches);
    format!(
        "{:<13}{:>5}{:>6}{:>5}{:>5}{:>6}{:>5}",
        gun.gun,
        rules::inches(gun.road),
        rules::inches(gun.field),
        rules::inches(gun.limber_and_move),
        cell(gun.move_unlimber_fire),
        cell(gun.limber_move_unlimber_fire),
        rules::inches(gun.prolonge),
    )
}

/// What the horse guns' middle moves cost.
fn horse_ap() -> String {
    let costs = rules::GUN_MOVES
        .iter()
        .find_map(|gun| gun.middle_ap.map(|ap| (gun.gun, ap)));
    costs.map_or_else(String::new, |(gun, (muf, lmuf))| {
        format!("{gun}: muf costs {muf} AP, lmuf {lmuf} AP")
    })
}
