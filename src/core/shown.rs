//! Text from files, paths and players made safe before a terminal or a page shows it.
//!
//! Control characters are refused in every file and command line (`persist::read`), but
//! a path comes from the file system, a note from the referee's keyboard, and a file name
//! may hold anything. Two kinds of character are dangerous on a screen: controls, which a
//! terminal obeys (an escape can retitle the window or clear it), and invisible format
//! characters, which a terminal or a browser applies without showing them (a direction
//! override turns `fr-61 routed` into what looks like other words; a zero-width space
//! makes two names that look the same differ). Names and ids may hold neither; wherever
//! free text is shown, each is written as its code, `<U+202E>`, so the referee sees it.

use std::borrow::Cow;
use std::fmt::Write as _;

/// Whether `c` is an invisible format character that changes how text around it is shown:
/// the bidirectional marks, embeddings, overrides and isolates, and the zero-width spaces,
/// joiners and invisible operators.
pub fn is_invisible_format(c: char) -> bool {
    matches!(
        c,
        '\u{061C}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}'
            | '\u{FEFF}'
    )
}

/// Whether `c` must not reach a screen as it is: a control other than a line end or a tab,
/// or an invisible format character.
pub fn is_unsafe(c: char) -> bool {
    is_forbidden_character(c) || is_invisible_format(c)
}

/// `text` with each [unsafe](is_unsafe) character written as its code, `<U+001B>`.
pub fn shown(text: &str) -> Cow<'_, str> {
    replace_each(text, is_unsafe, |safe, c| {
        let _ = write!(safe, "<U+{:04X}>", u32::from(c));
    })
}

/// JSON text with each invisible format character written as a `\uXXXX` escape: the same
/// data to a program, nothing applied by a terminal that prints it. (`serde_json` already
/// escapes controls.) Outside a string JSON holds only ASCII, so every such character is
/// in one.
pub fn json_safe(json: String) -> String {
    match replace_each(&json, is_invisible_format, |safe, c| {
        let _ = write!(safe, "\\u{:04x}", u32::from(c));
    }) {
        Cow::Borrowed(_) => json,
        Cow::Owned(safe) => safe,
    }
}

/// `text` with each character `is` picks written by `write` instead; borrowed when there
/// is none.
fn replace_each(
    text: &str,
    is: fn(char) -> bool,
    write: impl Fn(&mut String, char),
) -> Cow<'_, str> {
    if !text.chars().any(is) {
        return Cow::Borrowed(text);
    }
    let mut safe = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is(c) {
            write(&mut safe, c);
        } else {
            safe.push(c);
        }
    }
    Cow::Owned(safe)
}

/// A writer that [shows](shown) everything written through it safe: the command line's
/// output, whatever it prints. Bytes that are not whole UTF-8 yet wait for the rest.
pub struct ShownWriter<'a> {
    inner: &'a mut dyn std::io::Write,
    pending: Vec<u8>,
}

impl<'a> ShownWriter<'a> {
    pub fn new(inner: &'a mut dyn std::io::Write) -> ShownWriter<'a> {
        ShownWriter {
            inner,
            pending: Vec::new(),
        }
    }
}

impl std::io::Write for ShownWriter<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(bytes);
        let whole = match std::str::from_utf8(&self.pending) {
            Ok(text) => text.len(),
            // A character cut at the end waits; bytes that can never be UTF-8 go through
            // as the lossy replacement.
            Err(e) if e.error_len().is_none() => e.valid_up_to(),
            Err(_) => self.pending.len(),
        };
        let text = String::from_utf8_lossy(&self.pending[..whole]).into_owned();
        self.inner.write_all(shown(&text).as_bytes())?;
        self.pending.drain(..whole);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !self.pending.is_empty() {
            let text = String::from_utf8_lossy(&self.pending).into_owned();
            self.inner.write_all(shown(&text).as_bytes())?;
            self.pending.clear();
        }
        self.inner.flush()
    }
}

impl Drop for ShownWriter<'_> {
    fn drop(&mut self) {
        let _ = std::io::Write::flush(self);
    }
}

/// Whether `c` may not be in a save's or scenario's text: a control character other than a
/// newline or a tab. Names and notes are printed on terminals (the referee's, and players'
/// over SSH), where an escape sequence would be obeyed, not shown: it could retitle the
/// window, redraw the screen or answer the terminal's own queries.
pub fn is_forbidden_character(c: char) -> bool {
    c.is_control() && c != '\n' && c != '\t'
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::io::Write;

    #[test]
    fn controls_and_invisible_characters_are_written_as_codes() {
        assert_eq!(shown("fr-61 \u{1b}]0;x\u{7}"), "fr-61 <U+001B>]0;x<U+0007>");
        assert_eq!(shown("a\u{202E}b\u{200B}c"), "a<U+202E>b<U+200B>c");
        assert_eq!(shown("line\nnext\tcell é 🇫🇷"), "line\nnext\tcell é 🇫🇷");
        assert!(matches!(shown("plain"), Cow::Borrowed(_)));
    }

    #[test]
    fn json_keeps_its_data() {
        let json = serde_json::to_string(&"a\u{202E}b").unwrap();
        let safe = json_safe(json);
        assert_eq!(safe, "\"a\\u202eb\"");
        assert_eq!(serde_json::from_str::<String>(&safe).unwrap(), "a\u{202E}b");
    }

    proptest! {
        // proptest's default config: 256 cases, or PROPTEST_CASES.
        /// Whatever the text and however it is cut into writes, what comes out holds no
        /// unsafe character and reads back as the text shown whole.
        #[test]
        fn the_writer_shows_any_text_in_any_pieces(
            text in "(\\PC|[\u{0}-\u{1f}\u{7f}-\u{9f}\u{200b}-\u{200f}\u{202a}-\u{202e}\u{2066}-\u{2069}])*",
            cut in any::<prop::sample::Index>(),
        ) {
            let mut out = Vec::new();
            {
                let mut writer = ShownWriter::new(&mut out);
                let bytes = text.as_bytes();
                let at = cut.index(bytes.len() + 1);
                writer.write_all(&bytes[..at]).unwrap();
                writer.write_all(&bytes[at..]).unwrap();
            }
            let out = String::from_utf8(out).unwrap();
            prop_assert!(!out.chars().any(is_unsafe));
            prop_assert_eq!(out, shown(&text).into_owned());
        }
    }
}
