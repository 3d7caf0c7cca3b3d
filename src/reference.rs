//! The referee's quick reference: a word filter over each ruleset's charts, which live in
//! its own folder (`rules/<ruleset>/charts.rs`) as data, their numbers read from the rules
//! that play them. The tests here hold *Sound the Charge*'s charts to the rules text:
//! key figures against literals written out from the text, each with the passage it
//! comes from, where the wording carries a number the code does not hold (rulings in
//! `docs/rulings.md`). The wording is our own. Pure: no I/O.
//!
//! Every line is plain ASCII and at most [`WIDTH`] characters, so that a chart reads as a
//! table on a phone (50 columns less the window's borders) without being cut.

pub use crate::core::chart::{Chart, Topic, WIDTH};
use crate::rules::Ruleset;
pub use crate::rules::sound_the_charge::charts::CHARTS;

/// The charts matching every word of `query`, ignoring case; each word may match any part
/// of a chart (title, topic, keywords, lines) as a substring. Charts whose titles, topics
/// or keywords hold the words come before those that hold them only in their lines;
/// otherwise the order of [`CHARTS`] stands. An empty query gives every chart.
pub fn search(query: &str) -> Vec<&'static Chart> {
    search_in(CHARTS, query)
}

/// The charts a ruleset plays by.
pub fn charts(ruleset: Ruleset) -> &'static [Chart] {
    ruleset.profile().charts
}

/// [`search`] over one ruleset's charts.
pub fn search_in(charts: &'static [Chart], query: &str) -> Vec<&'static Chart> {
    search_headed(charts, query)
        .into_iter()
        .map(|(chart, _)| chart)
        .collect()
}

/// [`search_in`], each chart with whether some word of the query is in its title, id,
/// topic or keywords rather than only in its lines: the charts *about* the words.
pub fn search_headed(charts: &'static [Chart], query: &str) -> Vec<(&'static Chart, bool)> {
    let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
    let only_in_lines = 2 * u32::try_from(words.len()).unwrap_or(u32::MAX);
    let mut found: Vec<(u32, &'static Chart)> = charts
        .iter()
        .filter_map(|chart| rank(chart, &words).map(|r| (r, chart)))
        .collect();
    found.sort_by_key(|&(r, _)| r);
    found
        .into_iter()
        .map(|(r, chart)| (chart, r < only_in_lines))
        .collect()
}

/// How well a chart matches: each word found in the title, id or topic costs 0, in a
/// keyword 1, only in the lines 2; `None` when some word is found nowhere.
fn rank(chart: &Chart, words: &[String]) -> Option<u32> {
    let has = |text: &str, word: &str| text.to_lowercase().contains(word);
    words.iter().try_fold(0, |total, word| {
        let cost = if has(chart.title, word) || has(chart.id, word) || has(chart.topic.word(), word)
        {
            0
        } else if chart.keywords.iter().any(|k| has(k, word)) {
            1
        } else if chart.text().any(|l| has(&l, word)) {
            2
        } else {
            return None;
        };
        Some(total + cost)
    })
}

#[cfg(test)]
mod tests;
