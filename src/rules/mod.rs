//! The rulesets, pure: no I/O, no terminal, no clock, no global RNG.

pub mod sound_the_charge;

use serde::{Deserialize, Serialize};

/// The rulesets a scenario may name in `ruleset = "…"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ruleset {
    SoundTheCharge,
}

impl Ruleset {
    pub fn title(self) -> &'static str {
        match self {
            Ruleset::SoundTheCharge => "Sound the Charge",
        }
    }
}
