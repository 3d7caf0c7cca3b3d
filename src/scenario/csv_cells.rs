//! CSV as spreadsheets write it, each cell kept with its place in the text so that a
//! refusal points at its line and column: RFC 4180's quoted cells (`""` for a quote, line
//! breaks inside quotes), a comma, semicolon or tab between cells (whichever the header
//! row uses most: a spreadsheet set to a European locale writes semicolons), Windows line
//! ends and the byte-order mark Excel puts first.
//!
//! Not the `csv` crate: it gives a record's line but not where each of its cells starts,
//! and every refusal of a bad cell needs that.

use std::ops::Range;

/// One cell: its text unquoted, and the span of the cell as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    pub text: String,
    pub span: Range<usize>,
}

/// One row of cells, and where it starts in the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub start: usize,
    pub cells: Vec<Cell>,
}

/// The most cells a row may hold: a typo in a spreadsheet can fill a line with commas,
/// and each is a cell to keep.
pub const MAX_CELLS: usize = 64;

/// Why the text is not CSV, at a byte of it.
pub type CsvError = (usize, String);

/// `text` without the byte-order mark Excel writes first, which is no character of the
/// first line's: a column counts from after it, so [`rows`] is given the text without it.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// The rows of `text` (read [`without_bom`]) that hold anything, the header first;
/// `most` rows at the most, the header's among them.
pub fn rows(text: &str, most: usize) -> Result<Vec<Row>, CsvError> {
    let separator = separator_of(text);
    let mut rows = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let (row, next) = row_at(text, at, separator)?;
        at = next;
        if row.cells.iter().all(|cell| cell.text.trim().is_empty()) {
            continue;
        }
        if rows.len() == most {
            let below = most.saturating_sub(1);
            return Err((
                row.start,
                format!(
                    "more than {below} rows under the header; an order of battle holds at most {below}"
                ),
            ));
        }
        rows.push(row);
    }
    Ok(rows)
}

/// The separator the first line uses most, outside quotes: a comma when none is there.
fn separator_of(text: &str) -> char {
    let mut counts = [(',', 0), (';', 0), ('\t', 0)];
    let mut quoted = false;
    for c in text.chars() {
        match c {
            '"' => quoted = !quoted,
            '\n' if !quoted => break,
            _ if !quoted => {
                if let Some(count) = counts.iter_mut().find(|(s, _)| *s == c) {
                    count.1 += 1;
                }
            }
            _ => {}
        }
    }
    // The first of the most used, so a tie keeps the comma.
    let most = counts.iter().map(|(_, n)| *n).max().unwrap_or(0);
    counts
        .iter()
        .find(|(_, n)| *n == most)
        .map_or(',', |(s, _)| *s)
}

/// The row starting at byte `at`, and where the next starts.
fn row_at(text: &str, at: usize, separator: char) -> Result<(Row, usize), CsvError> {
    let mut cells = Vec::new();
    let mut cell_start = at;
    let mut rest = at;
    loop {
        let (cell, end) = if text[rest..].starts_with('"') {
            quoted_cell(text, rest, separator)?
        } else {
            let end = text[rest..]
                .find([separator, '\n'])
                .map_or(text.len(), |n| rest + n);
            let raw = &text[rest..end];
            let raw = raw.strip_suffix('\r').unwrap_or(raw);
            (raw.to_owned(), rest + raw.len())
        };
        cells.push(Cell {
            text: cell,
            span: cell_start..end,
        });
        if cells.len() > MAX_CELLS {
            return Err((cell_start, format!("more than {MAX_CELLS} cells in a row")));
        }
        let after = if text[end..].starts_with("\r\n") {
            end + 1
        } else {
            end
        };
        match text[after..].chars().next() {
            Some(c) if c == separator => {
                rest = end + c.len_utf8();
                cell_start = rest;
            }
            Some('\n') => return Ok((Row { start: at, cells }, after + 1)),
            _ => return Ok((Row { start: at, cells }, text.len())),
        }
    }
}

/// The quoted cell opening at byte `at`: its text, and the byte just after it.
fn quoted_cell(text: &str, at: usize, separator: char) -> Result<(String, usize), CsvError> {
    let mut cell = String::new();
    let mut chars = text[at + 1..].char_indices().peekable();
    while let Some((offset, c)) = chars.next() {
        if c != '"' {
            cell.push(c);
            continue;
        }
        if chars.peek().is_some_and(|&(_, next)| next == '"') {
            chars.next();
            cell.push('"');
            continue;
        }
        let end = at + 1 + offset + 1;
        let after = text[end..].strip_prefix('\r').unwrap_or(&text[end..]);
        return match after.chars().next() {
            None | Some('\n') => Ok((cell, end)),
            Some(c) if c == separator => Ok((cell, end)),
            Some(_) => Err((
                end,
                format!(
                    "after a quoted cell, expected {} or the end of the line",
                    separator_name(separator)
                ),
            )),
        };
    }
    Err((
        at,
        "this quoted cell is never closed: a `\"` is missing".to_owned(),
    ))
}

fn separator_name(separator: char) -> &'static str {
    match separator {
        ';' => "a semicolon",
        '\t' => "a tab",
        _ => "a comma",
    }
}

/// `cells` as one line of CSV, each quoted where it must be.
pub fn line(cells: &[String]) -> String {
    let quoted: Vec<String> = cells
        .iter()
        .map(|cell| {
            if cell.contains([',', '"', '\n', '\r', ';', '\t']) || cell.trim() != cell {
                format!("\"{}\"", cell.replace('"', "\"\""))
            } else {
                cell.clone()
            }
        })
        .collect();
    quoted.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(rows: &[Row]) -> Vec<Vec<&str>> {
        rows.iter()
            .map(|r| r.cells.iter().map(|c| c.text.as_str()).collect())
            .collect()
    }

    #[test]
    fn quoted_cells_commas_quotes_and_line_breaks() {
        let text =
            "id,name\r\nfr-1,\"1/4e Ligne, \"\"the brave\"\"\"\r\n\r\nfr-2,\"two\nlines\"\n,,\n";
        let read = rows(text, 10).unwrap();
        assert_eq!(
            texts(&read),
            [
                vec!["id", "name"],
                vec!["fr-1", "1/4e Ligne, \"the brave\""],
                vec!["fr-2", "two\nlines"]
            ]
        );
        // A cell's span is as written, quotes and all.
        let cell = &read[1].cells[1];
        assert_eq!(
            &text[cell.span.clone()],
            "\"1/4e Ligne, \"\"the brave\"\"\""
        );
        assert_eq!(read[2].start, text.find("fr-2").unwrap());
    }

    #[test]
    fn the_header_says_the_separator_and_a_bom_is_skipped() {
        let text = "\u{feff}id;name;figures\nfr-1;Ligne, 1st;12\n";
        assert_eq!(
            texts(&rows(without_bom(text), 10).unwrap())[1],
            ["fr-1", "Ligne, 1st", "12"]
        );
        let text = "id\tname\nfr-1\t1st\n";
        assert_eq!(texts(&rows(text, 10).unwrap())[1], ["fr-1", "1st"]);
    }

    #[test]
    fn broken_quotes_and_too_many_rows_are_refused_where_they_are() {
        let text = "id,name\nfr-1,\"open\n";
        assert_eq!(rows(text, 10).unwrap_err().0, text.find('"').unwrap());
        let text = "id,name\nfr-1,\"shut\"x\n";
        let (at, why) = rows(text, 10).unwrap_err();
        assert_eq!(at, text.find('x').unwrap());
        assert!(why.contains("expected a comma"), "{why}");
        assert!(
            rows("a\nb\nc\nd\n", 3)
                .unwrap_err()
                .1
                .contains("more than 2 rows under the header")
        );
        let wide = ",".repeat(MAX_CELLS + 1);
        assert!(rows(&wide, 2).is_err());
    }

    #[test]
    fn a_line_written_reads_back() {
        let cells: Vec<String> = ["plain", "a, b", "say \"hi\"", " padded", ""]
            .map(str::to_owned)
            .to_vec();
        let text = line(&cells) + "\n";
        let read = rows(&format!("h,h,h,h,h\n{text}"), 3).unwrap();
        assert_eq!(
            texts(&read)[1],
            cells.iter().map(String::as_str).collect::<Vec<_>>()
        );
    }
}
