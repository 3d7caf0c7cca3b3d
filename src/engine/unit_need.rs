//! What a unit may be asked to throw, as it stands: the shape every ruleset answers
//! `adjutant need` and the details window in.

use std::fmt::Display;

/// One throw a unit may be asked to make, as it stands: a line of the details window and
/// of `adjutant need <unit>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitNeed {
    /// The command word that makes the throw, when the line answers for that command as
    /// the game stands (`rally`, `test`, `morale`, `charge`); `None` for a chart line or a
    /// throw supposed ("if hit by shooting").
    pub command: Option<&'static str>,
    /// "Rally: 2+, or 5+ with an enemy able to charge it in sight".
    pub headline: String,
    /// The command's own refusal as the game stands, word for word.
    pub not_now: Option<String>,
    /// How the dice and the score were reached, line by line.
    pub reasons: Vec<String>,
}

impl UnitNeed {
    pub(crate) fn chart(headline: String, reasons: Vec<String>) -> UnitNeed {
        UnitNeed {
            command: None,
            headline,
            not_now: None,
            reasons,
        }
    }

    /// The line `name` for the throw the command `word` makes, with `not_now`, that
    /// command's refusal as the game stands; `worked` is its headline and reasons, or why
    /// it cannot be worked out even once the phase and the side are right.
    pub(crate) fn of_command(
        (word, name): (&'static str, &str),
        not_now: Option<String>,
        worked: Result<(String, Vec<String>), impl Display>,
    ) -> UnitNeed {
        let (headline, reasons) =
            worked.unwrap_or_else(|never| no_throw(name, not_now.as_ref(), &never));
        UnitNeed {
            command: Some(word),
            headline,
            not_now,
            reasons,
        }
    }

    /// The headline, then "Not now", then the reasons, indented.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = vec![self.headline.clone()];
        lines.extend(self.not_now.iter().map(|why| format!("  Not now: {why}")));
        lines.extend(self.reasons.iter().map(|reason| format!("  {reason}")));
        lines
    }
}

/// The headline of a throw that cannot be made even once the phase and the side are
/// right: the deeper refusal, unless it is the one "Not now" gives.
fn no_throw(what: &str, not_now: Option<&String>, never: &impl Display) -> (String, Vec<String>) {
    // Compared as written: the same sentence is not said twice.
    let never = never.to_string();
    let also = (not_now != Some(&never))
        .then(|| format!("even then: {never}"))
        .into_iter()
        .collect();
    (format!("{what}: no throw"), also)
}
