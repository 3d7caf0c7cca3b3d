//! A round of close combat as the log keeps it: every unit's points against every enemy
//! with their reasons, the dice, the hits and what came of it — enough to settle the
//! argument at the table long after.

use crate::core::plural::counted;
use crate::core::score::{Modifier, needed_phrase};
use crate::rules::combat_role::Role;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatRound {
    /// Attackers first, then defenders, in the order the referee named them.
    pub fighters: Vec<Fighter>,
    /// Where the app's dice stream stood after the round; absent for the players' dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stream: Option<u64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fighter {
    pub unit: String,
    pub role: Role,
    /// How its dice were counted; empty when it did not fight (overrun).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub dice_reason: String,
    /// Its strike at each enemy it fought.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub strikes: Vec<Strike>,
    pub suffered: u32,
    pub inflicted: u32,
    /// What the round did to it, in the referee's words.
    pub result: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Strike {
    pub at: String,
    /// Its combat points against this enemy, and how they add up.
    pub points: i32,
    pub base: i32,
    pub base_reason: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modifiers: Vec<Modifier>,
    pub enemy_points: i32,
    pub needed: i32,
    pub needed_reason: String,
    pub dice: Vec<u8>,
    pub hits: u32,
}

impl Strike {
    /// The faces with the dice that scored in brackets: "[5] 2 [6]".
    pub fn marked_faces(&self) -> String {
        let faces: Vec<String> = self
            .dice
            .iter()
            .map(|&face| {
                if i32::from(face) >= self.needed {
                    format!("[{face}]")
                } else {
                    face.to_string()
                }
            })
            .collect();
        faces.join(" ")
    }
}

impl CombatRound {
    fn names(&self, role: Role) -> String {
        let names: Vec<&str> = self
            .fighters
            .iter()
            .filter(|f| f.role == role)
            .map(|f| f.unit.as_str())
            .collect();
        names.join(", ")
    }

    pub fn title(&self) -> String {
        format!(
            "Close combat: {} vs {}",
            self.names(Role::Attacker),
            self.names(Role::Defender)
        )
    }

    pub fn thrower(&self) -> &'static str {
        super::roll::thrower(self.stream)
    }

    /// One line for the log: each unit's hits taken and given and its result.
    pub fn summary(&self) -> String {
        let results: Vec<String> = self
            .fighters
            .iter()
            .map(|f| {
                format!(
                    "{} (hits given {}, taken {}) {}",
                    f.unit, f.inflicted, f.suffered, f.result
                )
            })
            .collect();
        format!(
            "{} ({}) → {}",
            self.title(),
            self.thrower(),
            results.join("; ")
        )
    }

    /// The round explained line by line: each unit's points against each enemy with every
    /// modifier, then its dice at each enemy, then every unit's result.
    pub fn explain(&self) -> Vec<String> {
        let mut lines = vec![format!("{} ({})", self.title(), self.thrower())];
        for fighter in &self.fighters {
            for strike in &fighter.strikes {
                lines.push(format!(
                    "{} ({}) against {}: {}",
                    fighter.unit,
                    fighter.role.word(),
                    strike.at,
                    counted(strike.points, "point")
                ));
                lines.push(format!("    {} {}", strike.base, strike.base_reason));
                for modifier in &strike.modifiers {
                    lines.push(format!("    {modifier}"));
                }
            }
        }
        for fighter in &self.fighters {
            if fighter.strikes.is_empty() {
                continue;
            }
            lines.push(format!("{}: {}", fighter.unit, fighter.dice_reason));
            for strike in &fighter.strikes {
                lines.push(format!(
                    "    {} at {} needing {} ({}): {} → {}",
                    counted(strike.dice.len(), "die"),
                    strike.at,
                    needed_phrase(strike.needed),
                    strike.needed_reason,
                    strike.marked_faces(),
                    counted(strike.hits, "hit")
                ));
            }
        }
        for fighter in &self.fighters {
            lines.push(format!(
                "→ {} (hits given {}, taken {}) {}",
                fighter.unit, fighter.inflicted, fighter.suffered, fighter.result
            ));
        }
        lines
    }
}
