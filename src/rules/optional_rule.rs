//! The optional rules a scenario may switch on, named once for every ruleset; each ruleset
//! lists those it has (`Ruleset::optional_rules`).

use serde::{Deserialize, Serialize};

/// The optional rules (*Optional Rules*), by the ids a scenario lists in `optional_rules`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OptionalRule {
    WiderCavalryBasing,
    BlownCavalry,
    StationaryCavalry,
    VoluntaryRetreat,
    ArmyMorale,
    ArtilleryBounceThrough,
    InterpenetrationRestrictions,
    RegimentalGuns,
    Boats,
    Pinning,
    NationalModifiers,
    /// The playsheet's italic rally line: "most infantry in line" -1 (ruling 55).
    LineInfantryRally,
    /// *Sound the Charge 1:25*: a unit with no general within 16" at the start of its
    /// turn moves only on a 4-6.
    LimitedControl,
    /// *Old Trousers II*: each player's d10 for a random event after the initiative.
    RandomEvents,
    /// The d10 sheet: the fire table's garbled rows 2 and 6, rebuilt from their
    /// neighbours' pattern (ruling D10).
    RebuiltFireRows,
}
