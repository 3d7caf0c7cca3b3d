//! A passage of the rules named between asterisks: `4" infantry in line (*Movement Table*)`.
//!
//! The rulesets without page numbers cite a passage by its heading, and every message
//! marks the heading so. Each place the words leave the program says it its own way, all
//! from [`pieces`]: the screen in italics, the command line plainly without the marks
//! ([`plain`]), the Markdown report as emphasis, the HTML one as `<em>`.

//!
//! Only the rules' own words name passages. A name or a note the referee wrote is set into
//! a message [as written](as_written): its asterisks become [`WRITTEN_ASTERISK`], which
//! opens and closes nothing, and every rendering gives back as `*`. (Carrying messages as
//! structured pieces would do the same by changing every message's type; one character
//! set aside changes only the places a name goes in.)

use std::borrow::Cow;

/// An asterisk of the referee's own (in a unit's name, a note) inside a message: the
/// asterisk operator, which reads as one should a message reach the page unrendered.
pub const WRITTEN_ASTERISK: char = '\u{2217}';

/// `words` (a name, a note) to set into a message: no passage starts or ends in them.
pub fn as_written(words: &str) -> Cow<'_, str> {
    if words.contains('*') {
        Cow::Owned(words.replace('*', &WRITTEN_ASTERISK.to_string()))
    } else {
        Cow::Borrowed(words)
    }
}

/// A message's `run` with the referee's asterisks back as `*`: how it is shown.
pub fn literal(run: &str) -> Cow<'_, str> {
    if run.contains(WRITTEN_ASTERISK) {
        Cow::Owned(run.replace(WRITTEN_ASTERISK, "*"))
    } else {
        Cow::Borrowed(run)
    }
}

/// `text` cut into runs, each with whether it is a passage's name (its asterisks gone),
/// the referee's own asterisks given back ([`literal`]).
/// A passage opens at an asterisk followed by a letter or digit and closes at the next
/// asterisk after one, on the same line; any other asterisk (a product, `2 * 3`, a
/// footnote) is text.
pub fn pieces(text: &str) -> Vec<(Cow<'_, str>, bool)> {
    let mut runs = Vec::new();
    let mut plain_from = 0;
    let mut search_from = 0;
    while let Some(found) = text[search_from..].find('*') {
        let open = search_from + found;
        search_from = open + 1;
        let after = &text[open + 1..];
        if !after.starts_with(|c: char| c.is_alphanumeric()) {
            continue;
        }
        let line = after.split('\n').next().unwrap_or("");
        let Some(length) = line.find('*') else {
            continue;
        };
        let name = &after[..length];
        if name.ends_with(char::is_whitespace) {
            continue;
        }
        if open > plain_from {
            runs.push((literal(&text[plain_from..open]), false));
        }
        runs.push((literal(name), true));
        plain_from = open + 2 + length;
        search_from = plain_from;
    }
    if plain_from < text.len() || runs.is_empty() {
        runs.push((literal(&text[plain_from..]), false));
    }
    runs
}

/// `text` without its passages' asterisks, as a terminal with no italics reads best:
/// "4\" infantry in line (Movement Table)".
pub fn plain(text: &str) -> Cow<'_, str> {
    match pieces(text).as_slice() {
        [(Cow::Borrowed(_), false)] => Cow::Borrowed(text),
        runs => Cow::Owned(runs.iter().map(|(run, _)| &**run).collect()),
    }
}

/// `text` for a page: each run written by `escape`, and a passage's name, escaped, set
/// off by `emphasise` (`*…*`, `<em>…</em>`).
pub fn rendered(text: &str, escape: fn(&str) -> String, emphasise: fn(String) -> String) -> String {
    pieces(text)
        .into_iter()
        .map(|(run, passage)| {
            if passage {
                emphasise(escape(&run))
            } else {
                escape(&run)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{as_written, pieces, plain};

    /// `text`'s runs are `expected`.
    fn same(text: &str, expected: &[(&str, bool)]) {
        let runs = pieces(text);
        let got: Vec<(&str, bool)> = runs
            .iter()
            .map(|(run, passage)| (&**run, *passage))
            .collect();
        assert_eq!(got, expected, "{text}");
    }

    #[test]
    fn a_passage_is_its_name_between_asterisks() {
        same(
            "4\" infantry in line (*Movement Table*)",
            &[
                ("4\" infantry in line (", false),
                ("Movement Table", true),
                (")", false),
            ],
        );
        same(
            "*Charging* 5, *Roads*",
            &[("Charging", true), (" 5, ", false), ("Roads", true)],
        );
    }

    #[test]
    fn a_lone_asterisk_is_text_and_does_not_hide_a_passage_after_it() {
        same("2 * 3 figures", &[("2 * 3 figures", false)]);
        same(
            "2 * 3 then (*Roads*)",
            &[("2 * 3 then (", false), ("Roads", true), (")", false)],
        );
        same("*a\nb*", &[("*a\nb*", false)]);
        same("", &[("", false)]);
    }

    #[test]
    fn plain_text_drops_the_marks_only() {
        assert_eq!(
            plain("cannot form square (*Formations*)"),
            "cannot form square (Formations)"
        );
        assert_eq!(plain("2 * 3"), "2 * 3");
    }

    /// A name set into a message keeps its asterisks, and a passage after it is still one:
    /// `*Old Guard*` is no passage, and the lone asterisk of `Pas*cal` pairs with nothing.
    #[test]
    fn the_referees_asterisks_are_words() {
        let message = format!(
            "{} fired on {}: blocked (*Retreat Moves*)",
            as_written("Pas*cal"),
            as_written("*Old Guard*")
        );
        same(
            &message,
            &[
                ("Pas*cal fired on *Old Guard*: blocked (", false),
                ("Retreat Moves", true),
                (")", false),
            ],
        );
        assert_eq!(
            plain(&message),
            "Pas*cal fired on *Old Guard*: blocked (Retreat Moves)"
        );
    }
}
