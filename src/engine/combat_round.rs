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
#[serde(from = "FighterAsSaved")]
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
    /// The round went against it: it lost, bounced or was destroyed, and leaves the
    /// combat. The screen marks its result by this, never by the words.
    pub beaten: bool,
}

/// A fighter as a save holds it. Saves written before `beaten` was kept have only the
/// words: for those, and only those, a beaten unit is known by them.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FighterAsSaved {
    unit: String,
    role: Role,
    #[serde(default)]
    dice_reason: String,
    #[serde(default)]
    strikes: Vec<Strike>,
    suffered: u32,
    inflicted: u32,
    result: String,
    beaten: Option<bool>,
}

impl From<FighterAsSaved> for Fighter {
    fn from(saved: FighterAsSaved) -> Fighter {
        let beaten = saved.beaten.unwrap_or_else(|| {
            ["LOST", "ELIMINATED", "CARRIED", "bounces"]
                .iter()
                .any(|word| saved.result.contains(word))
        });
        Fighter {
            unit: saved.unit,
            role: saved.role,
            dice_reason: saved.dice_reason,
            strikes: saved.strikes,
            suffered: saved.suffered,
            inflicted: saved.inflicted,
            result: saved.result,
            beaten,
        }
    }
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

#[cfg(test)]
mod tests {
    use super::Fighter;

    fn read(text: &str) -> Result<Fighter, toml::de::Error> {
        toml::from_str(text)
    }

    const LOSER: &str = r#"
unit = "b-col"
role = "defender"
suffered = 3
inflicted = 0
result = "LOST: retreats at least 6\", shaken, 2 rout hits"
"#;

    #[test]
    fn a_save_from_before_beaten_was_kept_is_read_by_its_words() {
        assert!(read(LOSER).unwrap().beaten);
        let holder = LOSER.replace("LOST: retreats", "holds its ground, retreats");
        assert!(!read(&holder).unwrap().beaten);
    }

    #[test]
    fn a_save_that_keeps_beaten_is_read_by_it_alone() {
        let kept = format!("{LOSER}beaten = false\n");
        assert!(!read(&kept).unwrap().beaten);
        let written = toml::to_string(&read(LOSER).unwrap()).unwrap();
        assert!(written.contains("beaten = true"), "{written}");
        assert_eq!(read(&written).unwrap(), read(LOSER).unwrap());
    }

    #[test]
    fn an_unknown_field_is_still_refused_at_its_line() {
        let error = read(&format!("{LOSER}beatn = true\n")).unwrap_err();
        assert!(error.to_string().contains("beatn"), "{error}");
        assert!(error.to_string().contains("line 7, column 1"), "{error}");
    }
}
