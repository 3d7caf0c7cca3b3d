//! The charts of *Old Trousers II* in our own words, as data. Tests hold their figures to
//! `rules::old_trousers`.

use super::{Chart, Topic};

pub const CHARTS: &[Chart] = &[Chart {
    id: "ot-turn-sequence",
    title: "Turn sequence (Old Trousers II)",
    topic: Topic::Sequence,
    keywords: &["phase", "turn", "initiative", "order", "first"],
    lines: &[
        "Once a game turn:",
        "1 Initiative     both roll d10 + mods;",
        "                 the higher picks who",
        "                 moves first",
        "2 Random events  optional: d10 each,",
        "                 1-2 rolls the table",
        "Then each player in turn:",
        "3 Orders  4 Rally  5 Movement",
        "6 Stationary fire (both sides)",
        "7 Charge test  8 Moving fire",
        "9 Melee  10 Breakthrough",
    ],
}];
