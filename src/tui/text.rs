//! Text laid out for a terminal: measured in columns (a CJK letter or an emoji takes two),
//! wrapped at spaces, a passage the rules name in italics. Shared by the screen's panes and
//! windows and the quick reference, and knowing neither.

use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

/// Splits `text` into pieces at most `width` columns wide (a CJK letter or an emoji
/// takes two), at spaces where it can.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut pieces = Vec::new();
    let mut current = String::new();
    let mut current_len = 0;
    for word in text.split(' ') {
        let mut word = word.to_owned();
        // A word wider than the line is cut.
        while columns(&word) > width {
            if current_len > 0 {
                pieces.push(std::mem::take(&mut current));
                current_len = 0;
            }
            let (head, rest) = split_at_column(&word, width);
            pieces.push(head.to_owned());
            word = rest.to_owned();
        }
        let word_len = columns(&word);
        let needed = if current_len == 0 {
            word_len
        } else {
            current_len + 1 + word_len
        };
        if needed > width {
            pieces.push(std::mem::take(&mut current));
            current_len = 0;
        }
        if current_len > 0 {
            current.push(' ');
            current_len += 1;
        }
        current.push_str(&word);
        current_len += word_len;
    }
    if current_len > 0 || pieces.is_empty() {
        pieces.push(current);
    }
    pieces
}

/// The columns `text` takes on a terminal.
pub fn columns(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}

/// `text` cut after at most `width` columns, and the rest; at least one letter goes
/// first, so that a letter wider than `width` cannot stall a loop.
pub fn split_at_column(text: &str, width: usize) -> (&str, &str) {
    let mut used = 0;
    let mut cut = 0;
    for (at, letter) in text.char_indices() {
        used += unicode_width::UnicodeWidthChar::width(letter).unwrap_or(0);
        if used > width && at > 0 {
            break;
        }
        cut = at + letter.len_utf8();
    }
    text.split_at(cut)
}

/// `text` as spans in `style`, a passage the rules name between asterisks (`*Movement
/// Table*`) in italics without them ([`crate::core::passage`]).
pub(crate) fn emphasised(text: &str, style: Style) -> Vec<Span<'static>> {
    crate::core::passage::pieces(text)
        .into_iter()
        .filter(|(run, _)| !run.is_empty())
        .map(|(run, passage)| italic_if(run.into_owned(), style, passage))
        .collect()
}

/// `text` cut into rows by `rows` as [`emphasised`] shows it: the asterisks gone before
/// the text is measured, and a passage in italics on whichever rows it falls. Characters
/// `rows` adds of its own (a "… w: whole") are plain.
pub(crate) fn emphasised_rows(
    text: &str,
    style: Style,
    rows: impl FnOnce(&str) -> Vec<String>,
) -> Vec<Vec<Span<'static>>> {
    let runs = crate::core::passage::pieces(text);
    let marked: Vec<(char, bool)> = runs
        .iter()
        .flat_map(|(run, passage)| run.chars().map(move |c| (c, *passage)))
        .collect();
    let plain: String = marked.iter().map(|(c, _)| c).collect();
    let mut at = 0;
    rows(&plain)
        .into_iter()
        .map(|row| {
            // A row starts where the last ended, past the spaces it broke at.
            while marked.get(at).is_some_and(|(c, _)| *c == ' ') && !row.starts_with(' ') {
                at += 1;
            }
            let mut spans: Vec<Span<'static>> = Vec::new();
            let mut run = String::new();
            let mut run_passage = false;
            let mut following = true;
            for c in row.chars() {
                following = following && marked.get(at).is_some_and(|(m, _)| *m == c);
                let passage = following && marked[at].1;
                if following {
                    at += 1;
                }
                if passage != run_passage && !run.is_empty() {
                    spans.push(italic_if(std::mem::take(&mut run), style, run_passage));
                }
                run_passage = passage;
                run.push(c);
            }
            spans.push(italic_if(run, style, run_passage));
            spans
        })
        .collect()
}

fn italic_if(text: String, style: Style, italic: bool) -> Span<'static> {
    if italic {
        Span::styled(text, style.add_modifier(Modifier::ITALIC))
    } else {
        Span::styled(text, style)
    }
}

/// `head`, then `text` wrapped to `width` in `style`: every further line starts under the
/// text's first, so a wrapped meaning never runs back under the keys it explains.
pub(crate) fn hanging(
    head: Vec<Span<'static>>,
    text: &str,
    style: Style,
    width: usize,
) -> Vec<Line<'static>> {
    let indent = head.iter().map(Span::width).sum();
    hanging_by(head, text, style, width, indent)
}

/// `head`, then `text` wrapped to `width` in `style` (a *passage* in italics), every
/// further line `indent` columns in.
fn hanging_by(
    head: Vec<Span<'static>>,
    text: &str,
    style: Style,
    width: usize,
    indent: usize,
) -> Vec<Line<'static>> {
    // A window too narrow for the hang still gives the text a few columns a line.
    let room = width.saturating_sub(indent).max(8);
    let mut rows = emphasised_rows(text, style, |plain| wrap(plain, room)).into_iter();
    let mut first = head;
    first.extend(rows.next().unwrap_or_default());
    std::iter::once(Line::from(first))
        .chain(rows.map(|row| indented(Line::from(row), indent)))
        .collect()
}

/// A line of a chart or a need wrapped to `width`: each further row two columns in from
/// where its text starts, so a wrapped line reads as one, not as the next. Its style is
/// its first span's, over the line's own.
pub(crate) fn hung(line: Line<'static>, width: usize) -> Vec<Line<'static>> {
    if line.width() <= width {
        return vec![line];
    }
    let style = line
        .spans
        .first()
        .map_or(line.style, |span| line.style.patch(span.style));
    let text: String = line
        .spans
        .iter()
        .map(|span| span.content.as_ref())
        .collect();
    let words = text.trim_start();
    let lead = text.len() - words.len();
    hanging_by(
        vec![Span::raw(" ".repeat(lead))],
        words,
        style,
        width,
        lead + 2,
    )
}

/// `line` moved `by` columns to the right.
fn indented(line: Line<'static>, by: usize) -> Line<'static> {
    let mut spans = vec![Span::raw(" ".repeat(by))];
    spans.extend(line.spans);
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use super::{emphasised, emphasised_rows, wrap};
    use ratatui::style::{Modifier, Style};
    use ratatui::text::Span;

    fn words<'a>(spans: &'a [Span<'_>]) -> Vec<(&'a str, bool)> {
        spans
            .iter()
            .map(|s| {
                (
                    s.content.as_ref(),
                    s.style.add_modifier.contains(Modifier::ITALIC),
                )
            })
            .collect()
    }

    #[test]
    fn a_wrapped_passage_is_measured_without_its_asterisks_and_italic_on_each_row() {
        let rows = emphasised_rows(
            "half speed (*Steep Slopes and Rough Ground*)",
            Style::default(),
            |plain| super::wrap(plain, 18),
        );
        let rows: Vec<Vec<(&str, bool)>> = rows.iter().map(|row| words(row)).collect();
        assert_eq!(
            rows,
            [
                vec![("half speed (", false), ("Steep", true)],
                vec![("Slopes and Rough", true)],
                vec![("Ground", true), (")", false)],
            ]
        );
        // What the rows add of their own is plain.
        let cut = emphasised_rows("(*Roads*)", Style::default(), |plain| {
            vec![format!("{plain} …")]
        });
        assert_eq!(
            words(&cut[0]),
            [("(", false), ("Roads", true), (") …", false)]
        );
    }

    #[test]
    fn a_passage_between_asterisks_is_italic_without_them() {
        let spans = emphasised("4\" infantry in line (*Movement Table*)", Style::default());
        let words: Vec<(&str, bool)> = spans
            .iter()
            .map(|s| {
                (
                    s.content.as_ref(),
                    s.style.add_modifier.contains(Modifier::ITALIC),
                )
            })
            .collect();
        assert_eq!(
            words,
            [
                ("4\" infantry in line (", false),
                ("Movement Table", true),
                (")", false)
            ]
        );
        // A lone asterisk (a product, a footnote) is left as written.
        let lone = emphasised("2 * 3 figures", Style::default());
        assert_eq!(lone.len(), 1);
        assert_eq!(lone[0].content, "2 * 3 figures");
    }

    #[test]
    fn wraps_at_spaces_and_cuts_long_words() {
        assert_eq!(
            wrap("fr-61 takes 2 loss hits", 11),
            vec!["fr-61 takes", "2 loss hits"]
        );
        assert_eq!(wrap("abcdefgh", 3), vec!["abc", "def", "gh"]);
        assert_eq!(wrap("", 5), vec![""]);
        // Wide letters take two columns each.
        assert_eq!(wrap("第二轻步兵 ok", 5), vec!["第二", "轻步", "兵 ok"]);
    }
}
