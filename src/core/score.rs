//! A score to reach on a die, with the reasons it is what it is.

use crate::core::chart::{Number, Written};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One modifier and the reason for it, as the referee explains it to the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Modifier {
    /// Added to the die: +1 makes the roll easier, -1 harder.
    pub value: i32,
    pub reason: String,
}

impl Modifier {
    pub fn new(value: i32, reason: impl Into<String>) -> Modifier {
        Modifier {
            value,
            reason: reason.into(),
        }
    }
}

impl Modifier {
    /// The modifier a chart's `number` gives, its reason marked when a house rule in force
    /// changed it.
    pub fn from_number(number: &Number, reason: impl Into<String>) -> Modifier {
        Modifier::new(number.value(), number.marked(reason, Written::Signed))
    }
}

impl fmt::Display for Modifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:+} {}", self.value, self.reason)
    }
}

/// The chart's score (a die at or above it succeeds) and the modifiers on the die.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Score {
    pub chart: i32,
    /// Where the chart score comes from: "grade C", "close range".
    pub chart_reason: String,
    pub modifiers: Vec<Modifier>,
}

impl Score {
    pub fn new(chart: i32, chart_reason: impl Into<String>) -> Score {
        Score {
            chart,
            chart_reason: chart_reason.into(),
            modifiers: Vec::new(),
        }
    }

    /// The score a chart's `number` gives, its reason marked when a house rule in force
    /// changed it (`grade C (house rule; the book says 2)`).
    pub fn from_number(number: &Number, chart_reason: impl Into<String>) -> Score {
        Score::new(number.value(), number.marked(chart_reason, Written::AsIs))
    }

    pub fn add(&mut self, value: i32, reason: impl Into<String>) {
        self.modifiers.push(Modifier::new(value, reason));
    }

    /// The modifier a chart's `number` gives, its reason marked when a house rule in force
    /// changed it (`-1 shaken (house rule; the book says -2)`).
    pub fn add_number(&mut self, number: &Number, reason: impl Into<String>) {
        self.add(number.value(), number.marked(reason, Written::Signed));
    }

    /// What the die must show: the chart score less the modifiers. Below 2 every die
    /// succeeds; above 6 none can.
    pub fn needed(&self) -> i32 {
        self.chart - self.modifiers.iter().map(|m| m.value).sum::<i32>()
    }

    pub fn succeeds(&self, face: u8) -> bool {
        i32::from(face) >= self.needed()
    }
}

/// "4+", "every die", "impossible (7+)": a needed score as the table says it.
pub fn needed_phrase(needed: i32) -> String {
    match needed {
        ..=1 => "any roll".to_owned(),
        2..=6 => format!("{needed}+"),
        _ => format!("{needed}+, impossible on a d6"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modifiers_on_the_die_lower_the_score_needed() {
        let mut score = Score::new(3, "close range");
        score.add(1, "grade A");
        score.add(-2, "hard cover");
        assert_eq!(score.needed(), 4);
        assert!(score.succeeds(4));
        assert!(!score.succeeds(3));
    }

    #[test]
    fn phrases_name_the_extremes() {
        assert_eq!(needed_phrase(0), "any roll");
        assert_eq!(needed_phrase(5), "5+");
        assert_eq!(needed_phrase(7), "7+, impossible on a d6");
    }
}
