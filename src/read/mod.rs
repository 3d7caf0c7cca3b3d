//! Reading the files Adjutant is given, bounded: a wrong path (a disk image, `/dev/zero`,
//! a log that keeps growing) is refused with a sentence instead of filling memory.

use crate::core::shown::is_forbidden_character;

mod file_error;
pub(crate) mod parts;

pub use file_error::{FileError, FileErrors, column_of, line_of};
use parts::Kind;
pub use parts::{PART_BYTES, Part, Parts};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// The most Adjutant reads of one kind of file, and what to call it when refusing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub bytes: u64,
    pub kind: &'static str,
}

pub const MB: u64 = 1 << 20;

/// A long campaign's save is a few hundred KB (each command a dozen lines); 64 MB is a
/// hundred times the longest battle and still reads in well under a second.
pub const SAVE_LIMIT: Limit = Limit {
    bytes: 64 * MB,
    kind: "save",
};

/// The largest shipped scenario is tens of KB; 8 MB leaves room for any order of battle
/// written by hand.
pub const SCENARIO_LIMIT: Limit = Limit {
    bytes: 8 * MB,
    kind: "scenario",
};

/// A keymap or theme is a screenful of lines.
pub const KEYMAP_LIMIT: Limit = Limit {
    bytes: MB,
    kind: "keymap",
};

/// As [`KEYMAP_LIMIT`].
pub const THEME_LIMIT: Limit = Limit {
    bytes: MB,
    kind: "theme",
};

/// `serve --keys`: a club's keys are some dozens of lines of under 1 KB; 1 MB is
/// thousands of them.
pub const KEYS_LIMIT: Limit = Limit {
    bytes: MB,
    kind: "keys file",
};

/// How much of a file is read to tell a save from a scenario: a save's first line says so,
/// and its `[save]` table follows the short preamble.
const SNIFF_BYTES: u64 = 16 * 1024;

/// `path` opened to read if it is a regular file (a link is followed to one), else a
/// sentence of the kind `InvalidData` saying what it is. The open does not wait: a FIFO
/// would otherwise block until something writes to it, and a device may never answer.
pub fn open_regular(path: &Path) -> io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let file = options.open(path)?;
    let kind = file.metadata()?.file_type();
    if kind.is_file() {
        return Ok(file);
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidData,
        format!(
            "not a regular file but {}; Adjutant reads only plain files",
            describe_file_type(kind)
        ),
    ))
}

/// What a file that is not a regular file is, in a referee's words.
pub fn describe_file_type(kind: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO (a named pipe)";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
    }
    // An open file is never a link: opening follows it, or refuses it (`O_NOFOLLOW`).
    if kind.is_dir() {
        "a folder"
    } else {
        "not a file"
    }
}

/// The text of `path`, refused if larger than `limit` or not UTF-8. Errors are sentences
/// without the file's name (the caller names it); a refusal of the content has the kind
/// `InvalidData`, a failure to read any other kind.
pub fn read_bounded(path: &Path, limit: Limit) -> io::Result<String> {
    read_limited(open_bounded(path, limit)?, limit)
}

/// `path` to be read a piece at a time, refused at once if longer than `limit`, and cut
/// one byte past it: more than `limit` bytes read means the file grew, [`too_large`].
pub fn open_bounded(path: &Path, limit: Limit) -> io::Result<io::Take<File>> {
    let file = open_regular(path)?;
    // The length first, so a huge file is refused without reading it; then a bounded
    // read, because a file that grows (or one of /proc's) does not keep to its length.
    let size = file.metadata()?.len();
    if size > limit.bytes {
        return Err(too_large(limit, Some(size)));
    }
    Ok(file.take(limit.bytes + 1))
}

/// At most `limit` of `reader`, as text.
fn read_limited(reader: impl Read, limit: Limit) -> io::Result<String> {
    let mut bytes = Vec::new();
    reader.take(limit.bytes + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit.bytes {
        return Err(too_large(limit, None));
    }
    String::from_utf8(bytes).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "not text: byte {} is not UTF-8 (a damaged file, or not an Adjutant {}?)",
                e.utf8_error().valid_up_to() + 1,
                limit.kind
            ),
        )
    })
}

/// The refusal of a file over `limit`, of `size` bytes if known.
pub fn too_large(limit: Limit, size: Option<u64>) -> io::Error {
    let size = size.map_or_else(
        || format!("more than {}", limit.bytes / MB),
        |s| s.div_ceil(MB).to_string(),
    );
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!(
            "too large ({size} MB; at most {} MB) — is this really an Adjutant {}?",
            limit.bytes / MB,
            limit.kind
        ),
    )
}

/// [`read_bounded`] with its error as a [`FileError`] naming the file.
pub fn read_text(path: &Path, limit: Limit) -> Result<String, FileError> {
    read_bounded(path, limit)
        .map_err(|e| FileError::whole_file(&path.display().to_string(), why_unreadable(&e)))
}

/// What went wrong reading a file, as a sentence to follow its name: a refusal of the
/// content as it was written, the common faults with what to do about them.
pub fn why_unreadable(error: &io::Error) -> String {
    match error.kind() {
        io::ErrorKind::InvalidData => error.to_string(),
        io::ErrorKind::NotFound => "there is no such file; check its name and folder".to_owned(),
        io::ErrorKind::PermissionDenied => {
            "cannot read it: permission denied (`ls -l` shows whose it is and who may read it)"
                .to_owned()
        }
        _ => format!("cannot read it: {}", what_failed(error)),
    }
}

/// What an error of the file system means for the referee, with what to do where there
/// is something to do: the words, not `os error 13`.
pub fn what_failed(error: &io::Error) -> String {
    match error.kind() {
        io::ErrorKind::NotFound => "a folder on the way is missing; check the path".to_owned(),
        io::ErrorKind::PermissionDenied => {
            "permission denied (`ls -ld` on the folder shows whose it is)".to_owned()
        }
        io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded => {
            "the disk is full (free some space, then try again)".to_owned()
        }
        io::ErrorKind::ReadOnlyFilesystem => {
            "the disk is read-only (use another folder)".to_owned()
        }
        io::ErrorKind::NotADirectory => "a part of the path is a file, not a folder".to_owned(),
        io::ErrorKind::IsADirectory => "it is a folder, not a file".to_owned(),
        _ => error.to_string(),
    }
}

/// The first [`SNIFF_BYTES`] of the regular file at `path`: enough to tell a save.
pub fn head_of(path: &Path) -> io::Result<String> {
    let mut head = Vec::new();
    open_regular(path)?
        .take(SNIFF_BYTES)
        .read_to_end(&mut head)?;
    Ok(String::from_utf8_lossy(&head).into_owned())
}

/// Refuses text whose TOML strings (or keys) hold a [forbidden character](is_forbidden_character),
/// or whose names and ids hold an [invisible format character](crate::core::shown::is_invisible_format),
/// naming where. Free text (a note, a command line, a description) may hold the latter: it
/// is [shown](crate::core::shown) with their codes. Text that is not TOML passes: the typed
/// parse reports that with its line.
pub fn refuse_control_characters(file: &str, text: &str) -> Result<(), FileError> {
    // Quick path, a byte scan of what every save and scenario is: no raw control
    // character, no invisible format character, and no escape that can make one (`\n`
    // and `\t` are allowed). Anything else is parsed to find where.
    if !may_hold_forbidden(text) {
        return Ok(());
    }
    let Ok(table) = toml::from_str::<toml::Table>(text) else {
        return Ok(());
    };
    let mut at = String::new();
    match forbidden_in_table(&table, &mut at) {
        None => Ok(()),
        Some(c) => Err(refusal(file, &at, c)),
    }
}

/// [`refuse_control_characters`] on text read in [`Parts`], with the same answer: only
/// the parts the byte scan doubts are parsed, so a Persian note in a long log costs its
/// part, not a second parse of the whole file. Parts not [read](Parts::is_read) are
/// checked whole.
pub(crate) fn refuse_control_characters_in(file: &str, parts: &Parts) -> Result<(), FileError> {
    match forbidden_in_parts(parts) {
        Some(Found::Nothing) => Ok(()),
        Some(Found::At(at, c)) => Err(refusal(file, &at, c)),
        None => refuse_control_characters(file, parts.text()),
    }
}

/// What the check finds: nothing, or a character and where it is.
enum Found {
    Nothing,
    At(String, char),
}

/// Whether `text` may hold what [`refuse_control_characters`] refuses.
fn may_hold_forbidden(text: &str) -> bool {
    may_hold_control_characters(text.as_bytes()) || may_hold_invisible(text.as_bytes())
}

fn refusal(file: &str, at: &str, c: char) -> FileError {
    if crate::core::shown::is_invisible_format(c) {
        FileError::whole_file(
            file,
            format!(
                "{at} holds an invisible character (U+{:04X}) that changes how the text \
                 around it is shown; names and ids may not, or two that look the same \
                 would differ",
                u32::from(c)
            ),
        )
    } else {
        FileError::whole_file(
            file,
            format!(
                "{at} holds a control character (U+{:04X}); names and text may not, as they \
                 are shown on terminals, which would obey it",
                u32::from(c)
            ),
        )
    }
}

/// What the whole file's check finds, worked out from the parts; None when the parts
/// cannot tell.
///
/// The whole check walks the top-level keys in its table's order, and each array in
/// its order. So the first find is kept for each key (an array's entries numbered on
/// from the parts before), and the key that comes first in a table's order wins.
fn forbidden_in_parts(parts: &Parts) -> Option<Found> {
    if !parts.is_read() {
        return None;
    }
    // The top-level keys as the whole file first names them: a table built in that
    // order iterates them as the whole file's table would.
    let mut order: Vec<String> = Vec::new();
    let mut found: HashMap<String, (String, char)> = HashMap::new();
    let mut entries_before: HashMap<&str, usize> = HashMap::new();
    let mut tables_unparsed: Vec<(&str, &str)> = Vec::new();
    for (text, part) in parts.iter() {
        let doubtful = may_hold_forbidden(text);
        match part.kind {
            Kind::Head => {
                if !doubtful {
                    continue;
                }
                let table = toml::from_str::<toml::Table>(text).ok()?;
                for (key, value) in &table {
                    order.push(key.clone());
                    if let Some(first) = forbidden_under(key, value, 0) {
                        found.entry(key.clone()).or_insert(first);
                    }
                }
            }
            Kind::Entries(name) => {
                let before = entries_before.entry(name).or_insert_with(|| {
                    order.push(name.to_owned());
                    0
                });
                if doubtful {
                    let value = only_table(text, name)?;
                    if let Some(first) = forbidden_under(name, &value, *before) {
                        found.entry(name.to_owned()).or_insert(first);
                    }
                }
                *before += part.entries?;
            }
            Kind::Table(name) => {
                order.push(name.to_owned());
                if !doubtful {
                    tables_unparsed.push((name, text));
                    continue;
                }
                let value = only_table(text, name)?;
                if let Some(first) = forbidden_under(name, &value, 0) {
                    found.entry(name.to_owned()).or_insert(first);
                }
            }
        }
    }
    if found.is_empty() {
        return Some(Found::Nothing);
    }
    // The whole check finds nothing in a file that is not TOML: a table part that the
    // byte scan passed must parse too.
    for (name, text) in tables_unparsed {
        only_table(text, name)?;
    }
    let order: toml::Table = order
        .into_iter()
        .map(|key| (key, toml::Value::Boolean(false)))
        .collect();
    let (at, c) = order.keys().find_map(|key| found.remove(key))?;
    Some(Found::At(at, c))
}

/// The first forbidden character in the top-level `key` or its `value`, with its place;
/// an array's entries numbered from `entries_before` + 1.
fn forbidden_under(
    key: &str,
    value: &toml::Value,
    entries_before: usize,
) -> Option<(String, char)> {
    let mut at = key.to_owned();
    if let Some(c) = forbidden_in_key(key) {
        return Some((at, c));
    }
    let free_text = FREE_TEXT_KEYS.contains(&key);
    let c = match value {
        toml::Value::Array(items) => forbidden_in_items(items, entries_before, &mut at, free_text),
        value => forbidden_in_value(value, &mut at, free_text),
    }?;
    Some((at, c))
}

/// The keys whose strings are free text, where an invisible format character is allowed
/// (a Persian note needs its zero-width non-joiner) and shown by its code.
const FREE_TEXT_KEYS: [&str; 4] = ["command", "text", "description", "note"];

/// Whether `bytes` hold the UTF-8 of an [invisible format
/// character](crate::core::shown::is_invisible_format): a byte scan, as quick as the one for
/// controls, since an em dash (E2 80 94) shares their lead byte.
fn may_hold_invisible(bytes: &[u8]) -> bool {
    bytes.iter().enumerate().any(|(at, &lead)| {
        let next = |n: usize| bytes.get(at + n).copied().unwrap_or(0);
        match lead {
            0xD8 => next(1) == 0x9C,
            0xE1 => next(1) == 0xA0 && next(2) == 0x8E,
            0xE2 => match next(1) {
                0x80 => matches!(next(2), 0x8B..=0x8F | 0xAA..=0xAE),
                0x81 => matches!(next(2), 0xA0..=0xA4 | 0xA6..=0xA9),
                _ => false,
            },
            0xEF => next(1) == 0xBB && next(2) == 0xBF,
            _ => false,
        }
    })
}

/// Whether `bytes` hold a raw control character other than a line end or a tab (C0, DEL,
/// or C1 as UTF-8 writes it: 0xC2 0x80..=0x9F), or a backslash before an escape letter
/// that TOML turns into one (`\b \f \r \e \x \u \U`). May say yes wrongly (`\\u`),
/// never no wrongly.
fn may_hold_control_characters(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .zip(bytes.iter().skip(1).chain([&b' ']))
        .any(|(&b, &next)| {
            let raw_c0 = (b < 0x20 && !matches!(b, b'\n' | b'\t' | b'\r')) || b == 0x7F;
            let raw_c1 = b == 0xC2 && (0x80..=0x9F).contains(&next);
            let escape =
                b == b'\\' && matches!(next, b'b' | b'f' | b'r' | b'e' | b'x' | b'u' | b'U');
            raw_c0 || raw_c1 || escape
        })
}

fn forbidden_in_table(table: &toml::Table, at: &mut String) -> Option<char> {
    for (key, value) in table {
        let length = at.len();
        if !at.is_empty() {
            at.push('.');
        }
        at.push_str(key);
        if let Some(c) = forbidden_in_key(key) {
            return Some(c);
        }
        if let Some(c) = forbidden_in_value(value, at, FREE_TEXT_KEYS.contains(&key.as_str())) {
            return Some(c);
        }
        at.truncate(length);
    }
    None
}

/// The value of a part that parses as TOML holding `name` and nothing else.
fn only_table(text: &str, name: &str) -> Option<toml::Value> {
    let mut table = toml::from_str::<toml::Table>(text).ok()?;
    if table.len() == 1 {
        table.remove(name)
    } else {
        None
    }
}

fn forbidden_in_key(key: &str) -> Option<char> {
    key.chars().find(|&c| crate::core::shown::is_unsafe(c))
}

fn forbidden_in_value(value: &toml::Value, at: &mut String, free_text: bool) -> Option<char> {
    match value {
        toml::Value::String(text) => text.chars().find(|&c| {
            is_forbidden_character(c) || (!free_text && crate::core::shown::is_invisible_format(c))
        }),
        toml::Value::Table(table) => forbidden_in_table(table, at),
        toml::Value::Array(items) => forbidden_in_items(items, 0, at, free_text),
        _ => None,
    }
}

/// [`forbidden_in_value`] on an array's `items`, the first of them entry `before` + 1.
fn forbidden_in_items(
    items: &[toml::Value],
    before: usize,
    at: &mut String,
    free_text: bool,
) -> Option<char> {
    items.iter().enumerate().find_map(|(index, item)| {
        let length = at.len();
        // People count entries from 1, as the save's errors do.
        let _ = write!(at, "[{}]", before + index + 1);
        let found = forbidden_in_value(item, at, free_text);
        if found.is_none() {
            at.truncate(length);
        }
        found
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_over_the_limit_is_refused_by_its_length() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("big.toml");
        let file = File::create(&path).unwrap();
        file.set_len(3 * MB + 1).unwrap();
        let limit = Limit {
            bytes: 2 * MB,
            kind: "test file",
        };
        let error = read_text(&path, limit).unwrap_err().to_string();
        assert!(
            error.ends_with(
                "big.toml: too large (4 MB; at most 2 MB) — is this really an Adjutant test file?"
            ),
            "{error}"
        );
        file.set_len(2 * MB).unwrap();
        assert_eq!(read_text(&path, limit).unwrap().len() as u64, 2 * MB);
    }

    /// A reader that never ends (a file still growing) is cut off one byte past the limit.
    #[test]
    fn an_endless_reader_is_cut_off_at_the_limit() {
        let limit = Limit {
            bytes: MB,
            kind: "scenario",
        };
        let error = read_limited(io::repeat(b'x'), limit).unwrap_err();
        assert_eq!(
            error.to_string(),
            "too large (more than 1 MB; at most 1 MB) — is this really an Adjutant scenario?"
        );
    }

    /// A device is no file to read: `/dev/zero` would never end, a terminal or a FIFO
    /// would wait. Refused before a byte is read.
    #[cfg(unix)]
    #[test]
    fn a_device_is_refused_before_reading() {
        let limit = Limit {
            bytes: MB,
            kind: "scenario",
        };
        let error = read_text(Path::new("/dev/zero"), limit).unwrap_err();
        assert_eq!(
            error.to_string(),
            "/dev/zero: not a regular file but a device; Adjutant reads only plain files"
        );
        assert!(!crate::persist::looks_like_save(Path::new("/dev/zero")));
    }

    #[test]
    fn bytes_that_are_not_utf8_are_named() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("game.toml");
        std::fs::write(&path, b"# Adjutant\xff").unwrap();
        let error = read_text(&path, SAVE_LIMIT).unwrap_err().to_string();
        assert!(
            error.contains("game.toml: not text: byte 11 is not UTF-8"),
            "{error}"
        );
        // Sniffing reads past the bad byte: a damaged save is still a save.
        std::fs::write(&path, b"# Adjutant save file.\n\xff").unwrap();
        assert!(crate::persist::looks_like_save(&path));
    }

    /// The quick scan may only ever skip text the full check would pass.
    /// Every invisible format character, alone and between other text, is seen by the
    /// byte scan; ordinary text beside them (an em dash, accents) is not.
    #[test]
    fn the_quick_scan_misses_no_invisible_character() {
        for c in (0..=0x0010_FFFF).filter_map(char::from_u32) {
            let text = format!("name = \"a{c}b\"");
            assert_eq!(
                may_hold_invisible(text.as_bytes()),
                crate::core::shown::is_invisible_format(c),
                "U+{:04X}",
                u32::from(c)
            );
        }
    }

    #[test]
    fn the_quick_scan_misses_no_control_character() {
        for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
            if is_forbidden_character(c) && c != '\r' {
                assert!(
                    may_hold_control_characters(format!("a = \"{c}\"").as_bytes()),
                    "{c:?}"
                );
            }
        }
        for escape in [
            "\\b",
            "\\f",
            "\\r",
            "\\e",
            "\\x1b",
            "\\u001b",
            "\\U0000001b",
        ] {
            assert!(may_hold_control_characters(escape.as_bytes()), "{escape}");
        }
        for fine in ["name = \"Léger\\n\\t\\\"\"\r\n", "é ü — ▶"] {
            assert!(!may_hold_control_characters(fine.as_bytes()), "{fine}");
        }
    }
}
