//! The charts of *Sound the Charge 1:25* in our own words, as data. Tests hold their
//! figures to `rules::sound_the_charge_1_25`.

use super::{Chart, Topic};

pub const CHARTS: &[Chart] = &[Chart {
    id: "stc125-turn-sequence",
    title: "Turn sequence (Sound the Charge 1:25)",
    topic: Topic::Sequence,
    keywords: &["phase", "turn", "active", "passive", "order"],
    lines: &[
        "Sides take turns as the active side.",
        "1 Rally     active side's shaken units",
        "2 Movement  active side moves, attacks",
        "            included",
        "3 Shooting  active side fires; passive",
        "            retreats units that failed",
        "            a fire test, removes the",
        "            shattered",
        "4 Combat    one round, both sides, hits",
        "            at once; losers retreat,",
        "            passive side first",
    ],
}];
