//! The charts of *Charge Moves* in our own words, as data. Tests hold their figures to
//! the article's text (written out as literals) and to `rules::charge_moves`.

use super as rules;
use crate::core::chart::Line::{Drawn, DrawnFrom, Sentence, Text};
use crate::core::chart::{Chart, Topic};

pub const CHARTS: &[Chart] = &[
    Chart {
        id: "cm-turn-sequence",
        title: "Turn sequence (Charge Moves)",
        topic: Topic::Sequence,
        keywords: &["phase", "turn", "active", "order", "move"],
        lines: &[
            Text("The text gives none; Adjutant plays"),
            Text("each side's turn in two phases:"),
            Text("1 Movement  retreats owed are made;"),
            Text("            charge throws, then moves"),
            Text("2 Melee     each contact fights once;"),
            Text("            the side with the heavier"),
            Text("            share of losses throws morale"),
            Text("Routed units run on their own move."),
        ],
    },
    Chart {
        id: "cm-charge-throw",
        title: "Charge move throw (1d6)",
        topic: Topic::Movement,
        keywords: &["charge", "throw", "infantry", "cavalry", "refuse", "swerve"],
        lines: &[
            Sentence(
                "Who: a unit within musket range ({=}\")",
                &[&rules::MUSKET_RANGE_INCHES],
            ),
            Text("of an enemy; infantry needs officers."),
            Text("Flank or rear target: no throw needed."),
            Text("Infantry, by its own strength:"),
            Sentence(
                "  2/3 or more   {=}-6   charges {=}\"",
                &[&rules::INFANTRY_AT_STRENGTH, &rules::INFANTRY_CHARGE_INCHES],
            ),
            Sentence(
                "  below 2/3     {=}-6",
                &[&rules::INFANTRY_BELOW_TWO_THIRDS],
            ),
            Sentence("  below 1/3     {=}", &[&rules::INFANTRY_BELOW_A_THIRD]),
            Text("Cavalry, by the target's formation:"),
            Sentence(
                "  single line   {=}-6   charges {=}\"",
                &[
                    &rules::CAVALRY_AT_SINGLE_LINE,
                    &rules::CAVALRY_CHARGE_INCHES,
                ],
            ),
            Sentence("  double line   {=}-6", &[&rules::CAVALRY_AT_DOUBLE_LINE]),
            Sentence(
                "  treble line   {=}-6  (column: as treble)",
                &[&rules::CAVALRY_AT_TREBLE_LINE],
            ),
            Sentence("  square        {=}", &[&rules::CAVALRY_AT_SQUARE]),
            Text("One short: infantry refuses this move;"),
            Text("  cavalry splits and swerves, and may"),
            Text("  throw at another enemy in its path."),
            Text("Two or more short: back one move."),
            Text("Short either way: no melee with that"),
            Text("target this turn."),
        ],
    },
    Chart {
        id: "cm-impetus",
        title: "Infantry impetus (men per extra die)",
        topic: Topic::Combat,
        keywords: &[
            "impetus",
            "melee",
            "extra",
            "dice",
            "formation",
            "line",
            "column",
        ],
        lines: &[
            Text("For a charge that came off. Rows: the"),
            Text("defender; columns: the attacker."),
            Text("             Single Double Treble Col"),
            Drawn(impetus_row::<0>),
            Drawn(impetus_row::<1>),
            Drawn(impetus_row::<2>),
            Drawn(impetus_row::<3>),
            Drawn(impetus_row::<4>),
            Text("- : no impetus. E.g. 30 men in double"),
            Text("line on a single line: 30 + 5 dice."),
        ],
    },
    Chart {
        id: "cm-cavalry-impetus",
        title: "Cavalry impetus",
        topic: Topic::Combat,
        keywords: &["impetus", "cavalry", "heavy", "light", "melee"],
        lines: &[
            Text("For a charge that came off, against"),
            Text("any formation:"),
            Sentence(
                "  heavy cavalry   +1 die per {=} men",
                &[&rules::HEAVY_CAVALRY_MEN_PER_DIE],
            ),
            Sentence(
                "  light cavalry   +1 die per {=} men",
                &[&rules::LIGHT_CAVALRY_MEN_PER_DIE],
            ),
            Text("None against troops behind walls, in"),
            Text("woods or on hills. Cavalry that did"),
            Text("not charge: 1 die per man, no impetus."),
        ],
    },
    Chart {
        id: "cm-melee",
        title: "Melee (each 6 kills)",
        topic: Topic::Combat,
        keywords: &[
            "melee",
            "casualties",
            "kills",
            "six",
            "dice",
            "flank",
            "rear",
        ],
        lines: &[
            Text("Each side: 1 die per man in the melee,"),
            Text("plus its impetus. Every 6 kills a man."),
            Text("Caught in flank or rear: no dice until"),
            Text("it faces about on its own move."),
            Text("Then the side that lost the larger"),
            Text("share of its men throws for morale"),
            Text("(a tie: both throw; no man lost on"),
            Text("either side: nobody throws)."),
        ],
    },
    Chart {
        id: "cm-morale",
        title: "Morale after melee (1d6)",
        topic: Topic::Morale,
        keywords: &[
            "morale",
            "rout",
            "retreat",
            "stand",
            "cavalry",
            "buildings",
            "surrender",
        ],
        lines: &[
            DrawnFrom(stands_firm_row, &[&rules::STANDS_FIRM_FROM]),
            DrawnFrom(retreats_row, &[&rules::RETREATS_FROM]),
            DrawnFrom(retreats_double_row, &[&rules::RETREATS_DOUBLE_FROM]),
            DrawnFrom(routs_row, &[&rules::ROUT_SPREADS_INCHES]),
            Sentence(
                "     throws, and joins on 1-{=}",
                &[&rules::JOINS_ROUT_UP_TO],
            ),
            Text("Charged by cavalry: throw too; a unit"),
            Text("that must retreat and cannot get clear"),
            Text("surrenders."),
            Sentence(
                "In buildings: the loser leaves on 1-{=}.",
                &[&rules::LEAVES_BUILDING_UP_TO],
            ),
        ],
    },
    Chart {
        id: "cm-missing",
        title: "Not in the Charge Moves text",
        topic: Topic::Optional,
        keywords: &["shooting", "fire", "rally", "artillery", "missing"],
        lines: &[
            Text("The article covers charges, melee and"),
            Text("morale only. No shooting, artillery,"),
            Text("movement rates or rally: settle them"),
            Text("at the table and record the result"),
            Text("(hit, form, note, retreat)."),
        ],
    },
];

/// The impetus table's rows as the chart names them, in the table's order: the
/// defender's formation.
const IMPETUS_ROWS: [&str; 5] = [
    "Single line",
    "Double line",
    "Treble line",
    "Column",
    "Square",
];

/// Row `ROW` of the impetus table as the chart prints it: the defender, then the men per
/// extra die for each attacker's formation, `-` where there is no impetus.
fn impetus_row<const ROW: usize>() -> String {
    let cell = |column: usize| match rules::IMPETUS_MEN_PER_DIE[ROW][column] {
        0 => "-".to_owned(),
        per => per.to_string(),
    };
    format!(
        "{:<15}{:>2}{:>7}{:>7}{:>6}",
        IMPETUS_ROWS[ROW],
        cell(0),
        cell(1),
        cell(2),
        cell(3)
    )
}

/// The faces of the morale throw's die, for the ends of the top and bottom bands.
const LOWEST_FACE: i32 = 1;
const HIGHEST_FACE: i32 = 6;

/// A band of morale throws, `5-6` or `2` alone, in the chart's first column.
fn band(low: i32, high: i32) -> String {
    let throws = if low == high {
        low.to_string()
    } else {
        format!("{low}-{high}")
    };
    format!("{throws:<5}")
}

fn stands_firm_row() -> String {
    let throws = band(rules::STANDS_FIRM_FROM.value(), HIGHEST_FACE);
    format!("{throws}stands firm")
}

fn retreats_row() -> String {
    let throws = band(
        rules::RETREATS_FROM.value(),
        rules::STANDS_FIRM_FROM.value() - 1,
    );
    format!("{throws}retreats a move")
}

fn retreats_double_row() -> String {
    let throws = band(
        rules::RETREATS_DOUBLE_FROM.value(),
        rules::RETREATS_FROM.value() - 1,
    );
    format!("{throws}retreats a double move")
}

fn routs_row() -> String {
    let throws = band(LOWEST_FACE, rules::RETREATS_DOUBLE_FROM.value() - 1);
    let reach = rules::ROUT_SPREADS_INCHES.value();
    format!("{throws}routs: every unit within {reach}\"")
}

#[cfg(test)]
mod tests {
    use super::CHARTS;
    use crate::core::chart::probe;
    use crate::game::{CavalryType, Formation};
    use crate::rules::charge_moves::{
        cavalry_charge_score, cavalry_impetus, infantry_charge_score,
    };

    fn shows(id: &str, text: &str) -> bool {
        probe::says(CHARTS, id, text)
    }

    #[test]
    fn the_charge_throw_chart_gives_the_rules_scores() {
        assert_eq!(infantry_charge_score(30, 30).needed(), 4);
        assert!(shows("cm-charge-throw", "2/3 or more   4-6"));
        assert_eq!(infantry_charge_score(30, 19).needed(), 5);
        assert!(shows("cm-charge-throw", "below 2/3     5-6"));
        assert_eq!(cavalry_charge_score(Formation::Line).needed(), 2);
        assert!(shows("cm-charge-throw", "single line   2-6"));
        assert_eq!(cavalry_charge_score(Formation::TrebleLine).needed(), 5);
        assert!(shows("cm-charge-throw", "treble line   5-6"));
        assert_eq!(cavalry_impetus(CavalryType::Heavy, 2, false).dice, 1);
        assert!(shows(
            "cm-cavalry-impetus",
            "heavy cavalry   +1 die per 2 men"
        ));
        assert_eq!(cavalry_impetus(CavalryType::Light, 3, false).dice, 1);
        assert!(shows(
            "cm-cavalry-impetus",
            "light cavalry   +1 die per 3 men"
        ));
    }

    /// The charts' figures as `charge-moves-gunson-1964.txt` prints them.
    const TEXT: &[probe::Text] = &[
        // *Infantry Charging Get Impetus*, l.9-16: rows the defender, columns the
        // attacker, a 0 shown as "-" (ruling 70); the example, l.18: 30 men in double
        // line on a single line get 5 extra dice.
        ("cm-impetus", "Single line", "5 6 7 8"),
        ("cm-impetus", "Double line", "4 5 6 7"),
        ("cm-impetus", "Treble line", "3 4 5 6"),
        ("cm-impetus", "Column", "- 1 2 3"),
        ("cm-impetus", "Square", "- 1 2 5"),
        ("cm-impetus", "line on a single line:", "30 + 5 dice."),
        // Infantry's throw, l.20 (4-6 at full strength, 5-6 below 2/3, 6 below 1/3;
        // 18"); musket range 18" and cavalry's 24", l.35; *Charge move throws*,
        // l.44-47, a column as a treble line (ruling 73).
        (
            "cm-charge-throw",
            "Who: a unit within musket range",
            "(18\")",
        ),
        ("cm-charge-throw", "2/3 or more", "4-6 charges 18\""),
        ("cm-charge-throw", "below 2/3", "5-6"),
        ("cm-charge-throw", "below 1/3", "6"),
        ("cm-charge-throw", "single line", "2-6 charges 24\""),
        ("cm-charge-throw", "double line", "4-6"),
        ("cm-charge-throw", "treble line", "5-6 (column: as treble)"),
        ("cm-charge-throw", "square", "6"),
        // *Cavalry* impetus, l.37-38.
        ("cm-cavalry-impetus", "heavy cavalry", "+1 die per 2 men"),
        ("cm-cavalry-impetus", "light cavalry", "+1 die per 3 men"),
        // "Each 6 kills", l.18.
        ("cm-melee", "plus its impetus. Every", "6 kills a man."),
        // Morale after melee, l.26-29; in buildings, l.31.
        ("cm-morale", "5-6", "stands firm"),
        ("cm-morale", "3-4", "retreats a move"),
        ("cm-morale", "2", "retreats a double move"),
        ("cm-morale", "1", "routs: every unit within 12\""),
        ("cm-morale", "throws, and joins on", "1-3"),
        ("cm-morale", "In buildings: the loser leaves on", "1-3."),
    ];

    #[test]
    fn the_charts_are_the_articles_figures() {
        probe::holds(CHARTS, TEXT);
    }
}
