//! A passage of the rules named between asterisks: `4" infantry in line (*Movement Table*)`.
//!
//! The rulesets without page numbers cite a passage by its heading, and every message
//! marks the heading so. Each place the words leave the program says it its own way, all
//! from [`pieces`]: the screen in italics, the command line plainly without the marks
//! ([`plain`]), the Markdown report as emphasis, the HTML one as `<em>`.

use std::borrow::Cow;

/// `text` cut into runs, each with whether it is a passage's name (its asterisks gone).
/// A passage opens at an asterisk followed by a letter or digit and closes at the next
/// asterisk after one, on the same line; any other asterisk (a product, `2 * 3`, a
/// footnote) is text.
pub fn pieces(text: &str) -> Vec<(&str, bool)> {
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
            runs.push((&text[plain_from..open], false));
        }
        runs.push((name, true));
        plain_from = open + 2 + length;
        search_from = plain_from;
    }
    if plain_from < text.len() || runs.is_empty() {
        runs.push((&text[plain_from..], false));
    }
    runs
}

/// `text` without its passages' asterisks, as a terminal with no italics reads best:
/// "4\" infantry in line (Movement Table)".
pub fn plain(text: &str) -> Cow<'_, str> {
    match pieces(text).as_slice() {
        [(_, false)] => Cow::Borrowed(text),
        runs => Cow::Owned(runs.iter().map(|(run, _)| *run).collect()),
    }
}

/// `text` for a page: each run written by `escape`, and a passage's name, escaped, set
/// off by `emphasise` (`*…*`, `<em>…</em>`).
pub fn rendered(text: &str, escape: fn(&str) -> String, emphasise: fn(String) -> String) -> String {
    pieces(text)
        .into_iter()
        .map(|(run, passage)| {
            if passage {
                emphasise(escape(run))
            } else {
                escape(run)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{pieces, plain};

    #[test]
    fn a_passage_is_its_name_between_asterisks() {
        assert_eq!(
            pieces("4\" infantry in line (*Movement Table*)"),
            [
                ("4\" infantry in line (", false),
                ("Movement Table", true),
                (")", false)
            ]
        );
        assert_eq!(
            pieces("*Charging* 5, *Roads*"),
            [("Charging", true), (" 5, ", false), ("Roads", true)]
        );
    }

    #[test]
    fn a_lone_asterisk_is_text_and_does_not_hide_a_passage_after_it() {
        assert_eq!(pieces("2 * 3 figures"), [("2 * 3 figures", false)]);
        assert_eq!(
            pieces("2 * 3 then (*Roads*)"),
            [("2 * 3 then (", false), ("Roads", true), (")", false)]
        );
        assert_eq!(pieces("*a\nb*"), [("*a\nb*", false)]);
        assert_eq!(pieces(""), [("", false)]);
    }

    #[test]
    fn plain_text_drops_the_marks_only() {
        assert_eq!(
            plain("cannot form square (*Formations*)"),
            "cannot form square (Formations)"
        );
        assert_eq!(plain("2 * 3"), "2 * 3");
    }
}
