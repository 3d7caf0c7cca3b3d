//! The rulesets, pure: no I/O, no terminal, no clock, no global RNG.

pub mod old_trousers;
pub mod sound_the_charge;

use serde::{Deserialize, Serialize};

/// The rulesets a scenario may name in `ruleset = "…"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ruleset {
    SoundTheCharge,
}

impl Ruleset {
    pub const ALL: [Ruleset; 1] = [Ruleset::SoundTheCharge];

    /// The name a scenario's `ruleset = "…"` and `--ruleset` give.
    pub fn id(self) -> &'static str {
        match self {
            Ruleset::SoundTheCharge => "sound-the-charge",
        }
    }

    pub fn from_id(id: &str) -> Option<Ruleset> {
        Ruleset::ALL
            .into_iter()
            .find(|r| r.id().eq_ignore_ascii_case(id))
    }

    pub fn title(self) -> &'static str {
        match self {
            Ruleset::SoundTheCharge => "Sound the Charge",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Ruleset;

    #[test]
    fn ids_are_the_names_scenarios_give() {
        for ruleset in Ruleset::ALL {
            let named = serde_json::to_string(&ruleset).expect("serialises");
            assert_eq!(named, format!("\"{}\"", ruleset.id()));
            assert_eq!(Ruleset::from_id(ruleset.id()), Some(ruleset));
        }
        assert_eq!(Ruleset::from_id("warhammer"), None);
    }
}
