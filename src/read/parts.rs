//! A save or a scenario read in parts, so that the memory a load takes follows the file
//! and not the parser.
//!
//! `toml` builds its own tree of a whole document before anything is typed: its tokens,
//! its parse events, then a table for every entry, about 35 bytes for each byte of text.
//! A 62 MB save took 2.2 GB. But a save or a scenario is a short head (`[save]`,
//! `[scenario]`, `[[side]]`) and long arrays of tables (`[[unit]]`, `[[log]]`), so it is
//! cut at the lines that open an entry, a part is a run of entries of one array of about
//! [`PART_BYTES`], and each part is parsed alone, typed, and dropped before the next.
//!
//! The parts say what the whole says when each parses alone: a cut inside a multi-line
//! string or an open array leaves the part before it unfinished, so that part fails; a
//! part that opens with `[[log]]` can only add entries to `log`, and is checked to hold
//! nothing else; and the caller's types check that the head holds none of the arrays the
//! parts add to. Anything else (a part that does not parse alone, a value of the wrong
//! type) sends the caller to the whole parse, so a damaged file is reported exactly as
//! before, with the same line.

use serde::de::DeserializeOwned;
use std::collections::BTreeMap;
use std::ops::Range;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// A part closes at the first entry past this many bytes: the parser's tree of it stays
/// a few MB, and a 64 MB save is a thousand parts, each cheap to start.
pub const PART_BYTES: usize = 64 * 1024;

/// What a part of the file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Everything before the first cut: the tables that are not cut.
    Head,
    /// Entries of the array of tables of that name, each opened by `[[name]]` alone on
    /// its line.
    Entries(&'static str),
    /// The table of that name, alone, to the end of the file (a save's `[state]`).
    Table(&'static str),
}

#[derive(Debug)]
pub struct Part {
    pub range: Range<usize>,
    pub kind: Kind,
    /// How many entries the part held, once [`Parts::read_entries`] has read it.
    pub entries: Option<usize>,
}

/// A TOML text cut into [`Part`]s, head first, in the order of the text.
#[derive(Debug)]
pub struct Parts<'a> {
    text: &'a str,
    cut: Vec<Part>,
    /// Whether the caller read the head, checked that it holds no array the parts add
    /// to, and read every part's entries: the parts then say what the whole says.
    read: bool,
}

impl<'a> Parts<'a> {
    /// `text` cut at each line that is exactly `[[name]]` for one of `names` (a line in
    /// any other spelling stays inside its part; a Windows line end is a line end), and, when `table` is given, with the
    /// text from its offset on as one last part.
    pub fn cut(
        text: &'a str,
        names: &[&'static str],
        table: Option<(usize, &'static str)>,
    ) -> Parts<'a> {
        Parts::cut_every(text, names, table, PART_BYTES)
    }

    /// [`Parts::cut`] into parts of `part_bytes` (at least an entry each): tests cut
    /// small files finely.
    pub fn cut_every(
        text: &'a str,
        names: &[&'static str],
        table: Option<(usize, &'static str)>,
        part_bytes: usize,
    ) -> Parts<'a> {
        let end = table.map_or(text.len(), |(start, _)| start);
        let mut parts = vec![Part {
            range: 0..end,
            kind: Kind::Head,
            entries: None,
        }];
        // Only a line that starts with `[[` can open an entry.
        let line_starts = std::iter::once(0)
            .filter(|_| text.starts_with("[["))
            .chain(text[..end].match_indices("\n[[").map(|(at, _)| at + 1));
        for start in line_starts {
            let line = text[start..end].split('\n').next().unwrap_or_default();
            let line = line.strip_suffix('\r').unwrap_or(line);
            let Some(name) = line
                .strip_prefix("[[")
                .and_then(|rest| rest.strip_suffix("]]"))
                .and_then(|inner| names.iter().copied().find(|&name| name == inner))
            else {
                continue;
            };
            let last = parts.last_mut().expect("the head is always there");
            if last.kind == Kind::Entries(name) && start - last.range.start < part_bytes {
                continue;
            }
            last.range.end = start;
            parts.push(Part {
                range: start..end,
                kind: Kind::Entries(name),
                entries: None,
            });
        }
        if let Some((start, name)) = table {
            parts.push(Part {
                range: start..text.len(),
                kind: Kind::Table(name),
                entries: None,
            });
        }
        Parts {
            text,
            cut: parts,
            read: false,
        }
    }

    pub fn text(&self) -> &'a str {
        self.text
    }

    /// Whether some part holds entries of `name`.
    pub fn has(&self, name: &str) -> bool {
        self.cut
            .iter()
            .any(|part| matches!(part.kind, Kind::Entries(n) if n == name))
    }

    /// The head as `T`, or None if it does not read as one alone.
    pub fn head<T: DeserializeOwned>(&self) -> Option<T> {
        read_piece(self.text, &self.cut[0].range)
    }

    /// Each entry of the parts of `name`, in the order of the file, given to `each`; None
    /// (having given some) if a part does not parse alone, holds anything but entries of
    /// `name`, or an entry does not read as a `T`.
    pub fn read_entries<T: DeserializeOwned>(
        &mut self,
        name: &'static str,
        mut each: impl FnMut(T),
    ) -> Option<()> {
        let text = self.text;
        for part in &mut self.cut {
            if part.kind != Kind::Entries(name) {
                continue;
            }
            let mut read: BTreeMap<String, Vec<T>> = read_piece(text, &part.range)?;
            let entries = read.remove(name).filter(|_| read.is_empty())?;
            part.entries = Some(entries.len());
            entries.into_iter().for_each(&mut each);
        }
        Some(())
    }

    /// Marks the parts as read in full (see [`Parts::is_read`]). Only the caller knows
    /// that its head holds none of the arrays the parts add to.
    pub fn mark_read(&mut self) {
        self.read = self.cut.iter().all(|part| match part.kind {
            Kind::Entries(_) => part.entries.is_some(),
            Kind::Head | Kind::Table(_) => true,
        });
    }

    /// Whether the head and every part of entries read alone, so that together they
    /// say what the whole file says. A [`Kind::Table`] part is not read by then.
    pub fn is_read(&self) -> bool {
        self.read
    }

    /// The parts with their text, in the order of the file.
    pub fn iter(&self) -> impl Iterator<Item = (&'a str, &Part)> {
        let text = self.text;
        self.cut
            .iter()
            .map(move |part| (&text[part.range.clone()], part))
    }
}

/// `range` of `text` parsed as a TOML document and typed, its spans (which `T` keeps in
/// its `Spanned` fields, and errors report as lines) counted from the start of `text`.
pub(crate) fn read_piece<T: DeserializeOwned>(text: &str, range: &Range<usize>) -> Option<T> {
    let mut table = DeTable::parse(&text[range.clone()]).ok()?;
    if range.start > 0 {
        for (_, value) in table.get_mut().iter_mut() {
            shift(value, range.start);
        }
    }
    T::deserialize(toml::de::Deserializer::from(table)).ok()
}

/// `value` and everything in it placed `by` bytes later.
fn shift(value: &mut Spanned<DeValue<'_>>, by: usize) {
    let span = value.span();
    let inner = std::mem::replace(value, Spanned::new(0..0, DeValue::Boolean(false)));
    *value = Spanned::new(span.start + by..span.end + by, inner.into_inner());
    match value.get_mut() {
        DeValue::Table(table) => {
            for (_, item) in table.iter_mut() {
                shift(item, by);
            }
        }
        DeValue::Array(items) => {
            for item in items.iter_mut() {
                shift(item, by);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    // Compared through `Debug`, which shows every span.
    #[allow(dead_code)]
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Doc {
        title: Spanned<String>,
        #[serde(default)]
        item: Vec<Spanned<Item>>,
    }

    #[allow(dead_code)]
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Item {
        name: Spanned<String>,
        #[serde(default)]
        part: Vec<Spanned<toml::Value>>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Head {
        title: Spanned<String>,
        item: Option<Vec<Spanned<Item>>>,
    }

    /// `text` read through parts of `part_bytes`, as [`Doc`]; None where the caller
    /// would parse the whole.
    fn in_parts(text: &str, part_bytes: usize) -> Option<Doc> {
        let mut parts = Parts::cut_every(text, &["item"], None, part_bytes);
        let head: Head = parts.head()?;
        if head.item.is_some() && parts.has("item") {
            return None;
        }
        let mut item = head.item.unwrap_or_default();
        parts.read_entries("item", |entry| item.push(entry))?;
        parts.mark_read();
        assert!(parts.is_read());
        Some(Doc {
            title: head.title,
            item,
        })
    }

    const TEXT: &str = "title = \"a\"\n\n[[item]]\nname = \"b\"\n\n[[item.part]]\nx = 1\n\n\
                        [[item]]\nname = \"c\"\n[[ item ]]\nname = \"d\"\n[[item]]\nname = \"e\"\n";

    /// Every span, every entry, in the same order: whole or in parts of any size.
    #[test]
    fn the_parts_read_what_the_whole_reads() {
        let whole: Doc = toml::from_str(TEXT).unwrap();
        for part_bytes in [0, 1, 30, 1000] {
            let parts = in_parts(TEXT, part_bytes).expect("reads in parts");
            assert_eq!(format!("{parts:?}"), format!("{whole:?}"), "{part_bytes}");
        }
        let crlf = TEXT.replace('\n', "\r\n");
        let whole_crlf: Doc = toml::from_str(&crlf).unwrap();
        let parts = in_parts(&crlf, 0).expect("reads in parts");
        assert_eq!(format!("{parts:?}"), format!("{whole_crlf:?}"));
        let cut = Parts::cut_every(&crlf, &["item"], None, 0);
        assert_eq!(cut.iter().count(), 4, "cut at the same lines");
        let parts = Parts::cut_every(TEXT, &["item"], None, 0);
        let cuts: Vec<usize> = parts.iter().map(|(_, part)| part.range.start).collect();
        // `[[ item ]]` is not a cut: it stays in the part before it.
        assert_eq!(cuts, [0, 13, 55, 97]);
    }

    /// Text the parts cannot vouch for sends the caller to the whole parse.
    #[test]
    fn parts_that_do_not_say_what_the_whole_says_are_refused() {
        for text in [
            // A cut inside a multi-line string.
            "title = \"\"\"\n[[item]]\nname = \"x\"\n\"\"\"\n[[item]]\nname = \"b\"\n",
            // An array the head closed, which the whole would refuse to add to.
            "title = \"a\"\nitem = []\n[[item]]\nname = \"b\"\n",
            // A table of the head opened again in a part.
            "title = \"a\"\n[[item]]\nname = \"b\"\n[other]\nx = 1\n",
            // A part that does not type.
            "title = \"a\"\n[[item]]\nname = 3\n",
        ] {
            assert!(in_parts(text, 0).is_none(), "{text}");
        }
    }
}
