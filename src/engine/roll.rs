//! A roll of the dice as the log keeps it: the faces, the score needed and every reason
//! for it, and what came of it — enough to explain the roll to the table long after.

use crate::core::score::{Modifier, Score, needed_phrase};
// Every ruleset's kinds of throw, in the rules layer, which the roster's marks read.
pub use crate::rules::roll_kind::RollKind;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Roll {
    pub kind: RollKind,
    /// Who rolls: the firing or testing unit, or the general at risk.
    pub by: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    pub dice: Vec<u8>,
    /// How the number of dice was reached, when it is not simply one.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub dice_reason: String,
    pub chart: i32,
    pub chart_reason: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modifiers: Vec<Modifier>,
    pub needed: i32,
    pub successes: u32,
    /// What came of it, in the referee's words: "2 hits", "FAILED: retreats 2 inches…".
    pub result: String,
    /// Where the app's dice stream stood after this roll; absent for the players' dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stream: Option<u64>,
    /// Dice the players threw and counted at the table without typing their faces (a
    /// *Charge Moves* melee of thirty dice or more): how many; `successes` is their count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counted: Option<u32>,
    /// *Sound the Charge 1:25*: a score of 7 or more is a 6 on the die, then a second die
    /// thrown for each 6; the hits are the second dice that make their score.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub then: Option<SixThen>,
    /// The die's faces when it is not a d6 (*Old Trousers II*'s d10 and d20).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sides: Option<u8>,
    /// A roll read as the die plus its modifiers, against a table or the other side's
    /// total, rather than as a score to reach (*Old Trousers II*'s initiative and fire):
    /// that total. `needed` and `successes` are then unread.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total: Option<i32>,
}

/// The second throw of a "6, then n+" roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SixThen {
    /// What each second die must reach.
    pub needed: i32,
    /// One die per 6 of the first throw.
    pub dice: Vec<u8>,
}

impl Roll {
    pub fn new(kind: RollKind, by: &str, score: &Score, dice: Vec<u8>) -> Roll {
        let successes = dice.iter().filter(|&&face| score.succeeds(face)).count();
        Roll {
            kind,
            by: by.to_owned(),
            target: None,
            dice,
            dice_reason: String::new(),
            chart: score.chart,
            chart_reason: score.chart_reason.clone(),
            modifiers: score.modifiers.clone(),
            needed: score.needed(),
            successes: u32::try_from(successes).unwrap_or(u32::MAX),
            result: String::new(),
            stream: None,
            counted: None,
            then: None,
            sides: None,
            total: None,
        }
    }

    /// A die of `sides` read as its face plus `modifiers` (see [`Roll::total`]).
    pub fn added(
        kind: RollKind,
        by: &str,
        sides: u8,
        face: u8,
        modifiers: Vec<Modifier>,
        reading: impl Into<String>,
    ) -> Roll {
        Roll::summed(kind, by, sides, vec![face], modifiers, reading)
    }

    /// Dice of `sides` read as their sum plus `modifiers`: a rout move, a charge bonus.
    pub fn summed(
        kind: RollKind,
        by: &str,
        sides: u8,
        dice: Vec<u8>,
        modifiers: Vec<Modifier>,
        reading: impl Into<String>,
    ) -> Roll {
        let faces: i32 = dice.iter().map(|&d| i32::from(d)).sum();
        let total = faces + modifiers.iter().map(|m| m.value).sum::<i32>();
        Roll {
            kind,
            by: by.to_owned(),
            target: None,
            dice,
            dice_reason: String::new(),
            chart: 0,
            chart_reason: reading.into(),
            modifiers,
            needed: 0,
            successes: 0,
            result: String::new(),
            stream: None,
            counted: None,
            then: None,
            sides: Some(sides),
            total: Some(total),
        }
    }

    /// "d10" for a die that is not a d6, else nothing.
    pub fn die_name(&self) -> Option<String> {
        self.sides.map(|s| format!("d{s}"))
    }

    /// What a die had to show, as the table says it: "4+", or "a 6, then 4+"; for a roll
    /// read as a total, that total.
    pub fn needed_words(&self) -> String {
        if let Some(total) = self.total {
            return format!("a total (makes {total})");
        }
        match &self.then {
            Some(then) => format!("a 6, then {}", needed_phrase(then.needed)),
            None => self.phrase(self.needed),
        }
    }

    /// A score to reach on this roll's die: the d6's phrase, or a bigger die's.
    fn phrase(&self, needed: i32) -> String {
        match self.sides {
            Some(sides) if sides != 6 => match needed {
                ..=1 => "any roll".to_owned(),
                n if n <= i32::from(sides) => format!("{n}+"),
                n => format!("{n}+, impossible on a d{sides}"),
            },
            _ => needed_phrase(needed),
        }
    }

    /// What a first die must show to count (or to earn its second die).
    pub fn first_needed(&self) -> i32 {
        if self.then.is_some() { 6 } else { self.needed }
    }

    pub fn conclude(&mut self, result: impl Into<String>) {
        self.result = result.into();
    }

    pub fn title(&self) -> String {
        self.kind.title(&self.by, self.target.as_deref())
    }

    /// Whether any die succeeded: for a test or a rally of one die, it passed.
    pub fn passed(&self) -> bool {
        self.successes > 0
    }

    pub fn faces(&self) -> String {
        if let Some(thrown) = self.counted {
            return format!("{} of {thrown} counted", self.successes);
        }
        let join = |dice: &[u8]| {
            let faces: Vec<String> = dice.iter().map(u8::to_string).collect();
            faces.join(" ")
        };
        match &self.then {
            Some(then) if !then.dice.is_empty() => {
                format!("{} then {}", join(&self.dice), join(&then.dice))
            }
            _ => join(&self.dice),
        }
    }

    /// Who threw: the app or the players.
    pub fn thrower(&self) -> &'static str {
        thrower(self.stream)
    }

    /// One line for the log.
    pub fn summary(&self) -> String {
        if let Some(total) = self.total {
            let modifiers: i32 = self.modifiers.iter().map(|m| m.value).sum();
            return format!(
                "{}: {} {}[{}] {modifiers:+} = {total} → {}",
                self.title(),
                self.thrower(),
                self.die_name().unwrap_or_default(),
                self.faces(),
                self.result
            );
        }
        format!(
            "{}: {} {}[{}] needing {} → {}",
            self.title(),
            self.thrower(),
            self.die_name().unwrap_or_default(),
            self.faces(),
            self.needed_words(),
            self.result
        )
    }

    /// The roll explained line by line: its title, the chart's score, each modifier with its
    /// reason, the score needed, the dice and the result.
    pub fn explain(&self) -> Vec<String> {
        let mut lines = vec![self.title()];
        if !self.dice_reason.is_empty() {
            let n = self.counted.map_or(self.dice.len(), |n| {
                usize::try_from(n).unwrap_or(usize::MAX)
            });
            lines.push(format!(
                "{}: {}",
                crate::core::plural::counted(n, "die"),
                self.dice_reason
            ));
        }
        if let Some(total) = self.total {
            if !self.chart_reason.is_empty() {
                lines.push(self.chart_reason.clone());
            }
            for modifier in &self.modifiers {
                lines.push(format!("{modifier}"));
            }
            lines.push(format!(
                "{}: {} {}, total {total}",
                self.thrower(),
                self.die_name().unwrap_or_else(|| "d6".to_owned()),
                self.faces()
            ));
            lines.push(format!("→ {}", self.result));
            return lines;
        }
        lines.push(format!(
            "{} on the chart ({})",
            self.phrase(self.chart),
            self.chart_reason
        ));
        // A +1 on the die lowers the score needed by one; the sign shown is the die's.
        for modifier in &self.modifiers {
            lines.push(format!("{modifier}"));
        }
        if !self.modifiers.is_empty() {
            lines.push(format!("needs {}", self.needed_words()));
        }
        let die = self.die_name().map(|d| format!("{d} ")).unwrap_or_default();
        lines.push(format!("{}: {die}{}", self.thrower(), self.faces()));
        lines.push(format!("→ {}", self.result));
        lines
    }
}

/// "rolled" when the app threw (it kept its stream's position), else "players' dice".
pub fn thrower(stream: Option<u64>) -> &'static str {
    if stream.is_some() {
        "rolled"
    } else {
        "players' dice"
    }
}
