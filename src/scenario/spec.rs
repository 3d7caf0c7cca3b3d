//! The scenario file's schema as written, each value kept with its span so that a check
//! can point at its line and column. The checks that turn it into a [`super::Scenario`]
//! are the loader's (`mod.rs`) and, for a ruleset's own keys, the ruleset's.

use crate::rules::Ruleset;
use crate::rules::old_trousers::unit::TraitWord;
use crate::rules::old_trousers::{command as ot_command, unit as ot_unit};
use crate::rules::optional_rule::OptionalRule;
use crate::rules::sound_the_charge::Nation;
use crate::rules::sound_the_charge_1_25::kit::KitWord;
use crate::rules::unit::{Formation, Grade};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use toml::Spanned;

/// A `[house_rules]` table as written: a chart number's name (`shooting-test.shaken`) and
/// the club's value for it (`-1`, or `"off"` for a modifier), each kept with its span.
pub type HouseRulesSpec = BTreeMap<Spanned<String>, Spanned<toml::Value>>;

/// The scenario file as written. Saves embed it unchanged, so a save is checked by the
/// same code and its errors point at the save's own lines.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioSpec {
    pub scenario: HeaderSpec,
    /// A club's values for the ruleset's chart numbers, which the game plays instead of
    /// the book's.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub house_rules: HouseRulesSpec,
    #[serde(default)]
    pub side: Vec<SideSpec>,
    #[serde(default)]
    pub unit: Vec<UnitSpec>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub general: Vec<GeneralSpec>,
    /// A campaign's next battle: what of the last one's armies comes back. Read when a
    /// game starts with `--carry-over`, and never kept in a save (the carried figures are).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carry_over: Option<CarryOverSpec>,
}

/// A `[carry_over]` table: the referee's choice of what a campaign carries from one
/// battle to the next, which no ruleset's text gives (ruling 80).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CarryOverSpec {
    /// Of the figures each unit lost, the share back (stragglers and the lightly
    /// wounded), in percent; none by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub returned: Option<Spanned<u32>>,
    /// Whether a unit shattered or eliminated comes back with its survivors; by default
    /// it does not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub broken_units_return: Option<bool>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeaderSpec {
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub ruleset: Spanned<Ruleset>,
    pub first: Spanned<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns: Option<Spanned<u32>>,
    /// What the players are told before the first turn (the report and the print pack).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub briefing: Option<String>,
    /// How the battle is won, in words; the referee settles it with `victory`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub victory: Option<String>,
    /// The convention slot's length, `4h` or `3h30m`: the clock counts it down.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slot: Option<Spanned<String>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub optional_rules: Vec<OptionalRule>,
    /// A battle of a campaign: a broken army retreats off the table (*Army Morale*).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub campaign: Option<Spanned<bool>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    pub id: Spanned<String>,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nation: Option<Nation>,
    /// Who plays it, for the report.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<String>,
    /// `#rrggbb`: its colour in the report.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<Spanned<String>>,
    /// *Old Trousers II*: the army's staff rating (*Command Ratings*, p8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub staff: Option<Spanned<ot_command::StaffRating>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ArmWord {
    Infantry,
    Cavalry,
    Artillery,
}

/// Every `type` word of every arm; which ones fit which arm is checked after parsing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TypeWord {
    Line,
    Light,
    Medium,
    Heavy,
    Field,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    pub id: Spanned<String>,
    pub side: Spanned<String>,
    pub name: String,
    pub arm: ArmWord,
    #[serde(rename = "type")]
    pub troop_type: Spanned<TypeWord>,
    /// Morale grade A–D, where the ruleset has grades.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grade: Option<Spanned<Grade>>,
    pub figures: Spanned<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formation: Option<Spanned<Formation>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guns: Option<Spanned<u32>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub horse: Option<Spanned<bool>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elite: Option<bool>,
    /// Overrides the side's nation: an allied army mixes contingents (*National Modifiers*).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nation: Option<Nation>,
    /// A light gun attached to this infantry battalion (optional *Regimental Guns*).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regimental_gun: Option<Spanned<bool>>,
    /// *Sound the Charge 1:25*: what the unit carries and how it is drilled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kit: Option<Spanned<Vec<KitWord>>>,
    /// *Old Trousers II*: the troop rating, Old Guard to poor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub morale: Option<Spanned<ot_unit::Morale>>,
    /// *Old Trousers II*: drill and arms beyond the nation's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub traits: Option<Spanned<Vec<TraitWord>>>,
    /// *Old Trousers II*: a battery's calibre, in pounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pounds: Option<Spanned<u32>>,
    /// *Old Trousers II*: the id of its division or cavalry brigade commander.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commander: Option<Spanned<String>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GeneralSpec {
    /// Optional: defaults to the name in lower case with dashes ("Prince of Orange" →
    /// "prince-of-orange").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<Spanned<String>>,
    pub name: Spanned<String>,
    pub side: Spanned<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attached: Option<Spanned<String>>,
    /// *Old Trousers II*: what he commands: army, corps, a division or a cavalry brigade.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub echelon: Option<Spanned<ot_command::Echelon>>,
    /// *Old Trousers II*: an army or corps commander's leadership rating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leadership: Option<Spanned<ot_command::LeaderRating>>,
    /// *Old Trousers II*: every commander's tactical rating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tactical: Option<Spanned<ot_command::TacticalRating>>,
    /// *Old Trousers II*: a division or cavalry brigade's order at the start (ruling 38).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<Spanned<ot_command::Order>>,
}
