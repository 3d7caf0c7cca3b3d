//! `adjutant lookup` and `adjutant need`: one-line answers from a shell, as plain text.

use crate::game::{Answer, GameState, Question, answer, find_unit, unit_needs};
use crate::reference::{self, Chart, Topic};
use crate::rules::Ruleset;
use std::fmt::Write as _;

/// How a chart's title stands out: bold on a terminal that takes colour, else a plain
/// underline of dashes, so that a pipe or a file gets no escape codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Emphasis {
    Plain,
    Bold,
}

/// The charts about the words of `query`, each titled and indented, then the titles of
/// those that only mention them; when none is about them, every chart that mentions them
/// in full. `None` when no chart holds every word.
pub fn charts_text(charts: &'static [Chart], query: &str, emphasis: Emphasis) -> Option<String> {
    let found = reference::search_headed(charts, query);
    if found.is_empty() {
        return None;
    }
    let any_about = found.iter().any(|&(_, about)| about);
    let (full, mentions): (Vec<_>, Vec<_>) = found
        .into_iter()
        .partition(|&(_, about)| about || !any_about);
    let mut text = String::new();
    for (n, (chart, _)) in full.iter().enumerate() {
        if n > 0 {
            text.push('\n');
        }
        match emphasis {
            Emphasis::Bold => {
                let _ = writeln!(text, "\x1b[1m{}\x1b[0m", chart.title);
            }
            Emphasis::Plain => {
                let _ = writeln!(text, "{}\n{}", chart.title, "-".repeat(chart.title.len()));
            }
        }
        for line in chart.text() {
            let _ = writeln!(text, "  {line}");
        }
    }
    if !mentions.is_empty() {
        let titles: Vec<&str> = mentions.iter().map(|(chart, _)| chart.title).collect();
        let _ = writeln!(text, "\nAlso mentioned in: {}.", titles.join("; "));
    }
    Some(text)
}

/// Every number `ruleset`'s charts print, by the name a scenario's `[house_rules]` gives
/// it, with its value, in the order the charts print them; a value the house rules in force
/// changed is given with the book's.
pub fn names_text(ruleset: Ruleset) -> String {
    let numbers = ruleset.numbers();
    let width = numbers.iter().map(|(n, _)| n.name.len()).max().unwrap_or(0);
    let mut text = format!(
        "The numbers of {}'s charts, by name. A scenario's [house_rules] table\n\
         gives any of them the club's value (name = -1); \"off\" switches a modifier off.\n\
         Mid-game, `house set <name> <value|off|book>` changes one, logged and undoable.\n",
        ruleset.title()
    );
    for (number, written) in numbers {
        let value = written.show(number.value());
        let _ = write!(text, "  {:<width$}  {value:>4}", number.name);
        if let Some(book) = number.book_changed() {
            let _ = write!(text, "  house rule; the book says {}", written.show(book));
        }
        text.push('\n');
    }
    text
}

/// Every topic with the titles of its charts, in the order a turn meets them.
pub fn topics_text(charts: &'static [Chart]) -> String {
    let mut topics: Vec<Topic> = Vec::new();
    for chart in charts {
        if !topics.contains(&chart.topic) {
            topics.push(chart.topic);
        }
    }
    let mut text = String::from(
        "Charts by topic; `adjutant lookup <words>` prints those matching every word:\n",
    );
    for topic in topics {
        let _ = writeln!(text, "\n{}", topic.word());
        for chart in charts.iter().filter(|c| c.topic == topic) {
            let _ = writeln!(text, "  {}", chart.title);
        }
    }
    text
}

/// What a unit needs: for one question, the throw with every reason and what had to be
/// supposed; with none, everything it may be asked to roll as it stands.
pub fn need_text(
    state: &GameState,
    unit: &str,
    question: Option<Question>,
    words: &[&str],
) -> Result<String, crate::game::Refusal> {
    let Some(question) = question else {
        let unit = find_unit(state, unit)?;
        let mut text = format!("{} ({}) as it stands:\n", unit.id, unit.name);
        for line in unit_needs(state, unit) {
            let _ = writeln!(text, "  {line}");
        }
        return Ok(text);
    };
    Ok(answer_text(&answer(state, unit, question, words)?))
}

fn answer_text(answer: &Answer) -> String {
    let mut text = format!("`{}`\n", answer.line);
    if let Some(refusal) = &answer.not_now {
        let _ = writeln!(text, "Not now: {refusal}");
    }
    if !answer.supposing.is_empty() {
        let _ = writeln!(text, "Supposing {}:", answer.supposing.join(", "));
    }
    for throw in &answer.asked.throws {
        let _ = writeln!(text, "{}", throw.headline());
        for reason in &throw.reasons {
            let _ = writeln!(text, "  {reason}");
        }
    }
    for line in &answer.asked.moves {
        let _ = writeln!(text, "{line}");
    }
    if let Some(lacking) = &answer.lacking {
        let _ = writeln!(text, "{lacking}");
    }
    text
}
