//! A problem in a file the referee wrote or Adjutant saved, at its line and column.

use std::fmt;
use std::ops::Range;

/// What went wrong in a file, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct FileError {
    pub file: String,
    /// 1-based; 0 when the problem is the file as a whole.
    pub line: usize,
    /// 1-based, in characters; 0 when the problem is a whole line or table (a log entry
    /// that does not replay) or the whole file.
    pub column: usize,
    pub message: String,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (0, _) => write!(f, "{}: {}", self.file, self.message),
            (line, 0) => write!(f, "{}:{line}: {}", self.file, self.message),
            // As compilers write it, so editors and terminals jump to the spot.
            (line, column) => write!(f, "{}:{line}:{column}: {}", self.file, self.message),
        }
    }
}

impl FileError {
    pub fn whole_file(file: &str, message: impl Into<String>) -> FileError {
        FileError {
            file: file.to_owned(),
            line: 0,
            column: 0,
            message: message.into(),
        }
    }

    pub fn at(file: &str, text: &str, span: &Range<usize>, message: impl Into<String>) -> Self {
        FileError {
            file: file.to_owned(),
            line: line_of(text, span.start),
            column: column_of(text, span.start),
            message: message.into(),
        }
    }

    /// Turns a TOML syntax or schema error into a `file:line: message` error.
    pub fn from_toml(file: &str, text: &str, error: &toml::de::Error) -> FileError {
        FileError::from_toml_at(file, text, error, 0)
    }

    /// [`FileError::from_toml`] for an error in a piece of `text` parsed alone, which
    /// starts `offset` bytes into it.
    pub fn from_toml_at(
        file: &str,
        text: &str,
        error: &toml::de::Error,
        offset: usize,
    ) -> FileError {
        let message = error.message().trim();
        // toml names a stray control byte vaguely or not at all (a NUL in a comment, say);
        // a bare `file:line:` would leave the referee guessing.
        let span = error
            .span()
            .map(|span| span.start + offset..span.end + offset);
        let found = span
            .as_ref()
            .and_then(|span| text.get(span.start..)?.chars().next());
        let message = match found {
            Some(c) if c.is_control() && c != '\n' && c != '\t' && c != '\r' => {
                let named = format!(
                    "a control character (U+{:04X}) TOML does not allow: the file is damaged \
                     or not text",
                    u32::from(c)
                );
                if message.is_empty() {
                    named
                } else {
                    format!("{message}: {named}")
                }
            }
            _ if message.is_empty() => "this is not valid TOML".to_owned(),
            _ => message.to_owned(),
        };
        match span {
            Some(span) => FileError::at(file, text, &span, message),
            None => FileError::whole_file(file, message),
        }
    }
}

/// Every problem found in a file, in the order of its lines: the referee fixing a file
/// at the table fixes them all in one go, not one per try. Never empty.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct FileErrors(Vec<FileError>);

impl FileErrors {
    /// The most listed: a file gone wrong throughout (a column of a spreadsheet shifted)
    /// says so in a screenful.
    pub const SHOWN: usize = 40;

    /// The problems in the order of the file (a problem of the whole file first); None
    /// when there are none.
    pub fn new(mut errors: Vec<FileError>) -> Option<FileErrors> {
        errors.sort_by_key(|e| (e.line, e.column));
        errors.dedup();
        (!errors.is_empty()).then_some(FileErrors(errors))
    }

    /// The problems in the order given (several files' in the order of the files);
    /// None when there are none.
    pub fn listed(mut errors: Vec<FileError>) -> Option<FileErrors> {
        errors.dedup();
        (!errors.is_empty()).then_some(FileErrors(errors))
    }

    /// The first in the order of the file.
    pub fn first(&self) -> &FileError {
        &self.0[0]
    }

    pub fn into_first(self) -> FileError {
        self.0.into_iter().next().expect("never empty")
    }

    pub fn all(&self) -> &[FileError] {
        &self.0
    }
}

impl From<FileError> for FileErrors {
    fn from(error: FileError) -> FileErrors {
        FileErrors(vec![error])
    }
}

impl fmt::Display for FileErrors {
    /// One problem a line, as compilers list them, up to [`FileErrors::SHOWN`]; the
    /// count after several.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, error) in self.0.iter().take(FileErrors::SHOWN).enumerate() {
            if index > 0 {
                writeln!(f)?;
            }
            write!(f, "{error}")?;
        }
        match self.0.len() {
            1 => Ok(()),
            n if n > FileErrors::SHOWN => write!(
                f,
                "\n{n} problems ({} more not shown: fix these and check again)",
                n - FileErrors::SHOWN
            ),
            n => write!(f, "\n{n} problems"),
        }
    }
}

/// The 1-based line holding byte `offset` of `text`.
pub fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// The 1-based column, in characters, of byte `offset` of `text` (0 when `offset` is not
/// on a character of it).
pub fn column_of(text: &str, offset: usize) -> usize {
    let Some(before) = text.get(..offset.min(text.len())) else {
        return 0;
    };
    let line_start = before.rfind('\n').map_or(0, |newline| newline + 1);
    before[line_start..].chars().count() + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_column_counts_characters_not_bytes() {
        let text = "[scenario]\ntitle = \"Quatre-Bras é\" x\n";
        let x = text.rfind('x').unwrap();
        assert_eq!((line_of(text, x), column_of(text, x)), (2, 25));
        assert_eq!(column_of(text, 0), 1);
        // Inside a character: no column rather than a wrong one.
        let e = text.find('é').unwrap();
        assert_eq!(column_of(text, e + 1), 0);
    }
}
