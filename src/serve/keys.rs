//! The club's keys file, `serve --keys FILE`: one key a line as in `authorized_keys`,
//! after its role and a space, `france ssh-ed25519 AAAA… anne@phone`; blank lines and
//! `#` comments besides. Read once at the start and never written; every bad line is
//! refused before the screen opens, at its line and column.

use super::door::{GUEST, Keys, REFEREE};
use super::ssh_key::{KeyError, PublicKey};
use crate::core::shown::is_forbidden_character;
use crate::game::Looker;
use crate::read::{KEYS_LIMIT, open_bounded, too_large, why_unreadable};
use crate::scenario::FileError;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

/// The longest line taken: an RSA key of 16384 bits, the longest `ssh-keygen` makes, is
/// under 3 KB of text.
const MOST_LINE_BYTES: usize = 8 * 1024;

/// The most refusals told at once: past them, the same mistake again, most likely.
const MOST_TOLD: usize = 10;

/// What a line looks like, for a refusal to show.
const SAMPLE: &str = "`france ssh-ed25519 AAAA… anne@phone`";

/// Why the keys file gives no keys: it could not be opened, or its lines are refused.
#[derive(Debug, thiserror::Error)]
pub enum KeysFileError {
    #[error(
        "{}",
        FileError::whole_file(&.path.display().to_string(), why_unreadable(.error))
    )]
    Unreadable {
        path: PathBuf,
        error: std::io::Error,
    },
    /// Every refusal, told one a line.
    #[error("{}", told(.0))]
    Refused(Vec<FileError>),
}

/// Why a line of the keys file is refused, told at its column.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    #[error(
        "this line is over {MOST_LINE_BYTES} bytes long, where a key's line is \
         under 3000",
        MOST_LINE_BYTES = MOST_LINE_BYTES
    )]
    TooLong,
    #[error("this line is not text (not UTF-8): is this really a keys file?")]
    NotText,
    #[error(
        "an invisible or control character (U+{:04X}) is here: a keys file is plain \
         text",
        u32::from(*.character)
    )]
    Invisible { character: char },
    /// The line starts with a key's type where its role belongs.
    #[error("expected a role before the key, as in {SAMPLE}", SAMPLE = SAMPLE)]
    NoRole,
    /// `role` is none of the game's: `sides` are its side ids.
    #[error(
        "`{role}` is not a role of this game: expected {}",
        roles_named(.sides)
    )]
    NotARole { role: String, sides: Vec<String> },
    #[error("expected a key after the role, as in {SAMPLE}", SAMPLE = SAMPLE)]
    NoKey,
    #[error(transparent)]
    Key(#[from] KeyError),
    /// The key was listed at `first_line` for the role `first`, and here for `here`.
    #[error(
        "this key is listed at line {first_line} for {first}, and here for {here}: \
         a key has one role; remove one of the lines"
    )]
    TwoRoles {
        first_line: usize,
        first: String,
        here: String,
    },
}

/// The keys listed in the file at `path` for the roles of a game of `sides`, or every
/// refusal.
pub fn read(path: &Path, sides: &[String]) -> Result<Keys, KeysFileError> {
    let name = path.display().to_string();
    let file = open_bounded(path, KEYS_LIMIT).map_err(|error| KeysFileError::Unreadable {
        path: path.to_owned(),
        error,
    })?;
    parse(&name, BufReader::new(file), sides).map_err(KeysFileError::Refused)
}

/// The refusals, one a line, the first [`MOST_TOLD`] of them.
fn told(refusals: &[FileError]) -> String {
    let mut lines: Vec<String> = refusals
        .iter()
        .take(MOST_TOLD)
        .map(ToString::to_string)
        .collect();
    if refusals.len() > MOST_TOLD {
        lines.push(format!(
            "and {} more lines refused",
            refusals.len() - MOST_TOLD
        ));
    }
    lines.join("\n")
}

/// The keys of the file `name`, read a line at a time from `reader` (which stops one
/// byte past [`KEYS_LIMIT`]), or every line's refusal.
pub fn parse(
    name: &str,
    mut reader: impl BufRead,
    sides: &[String],
) -> Result<Keys, Vec<FileError>> {
    let at = |line: usize, column: usize, refusal: LineError| FileError {
        file: name.to_owned(),
        line,
        column,
        message: refusal.to_string(),
    };
    let whole = |message: String| vec![FileError::whole_file(name, message)];
    // Each key's role, and the line that gave it, to name both lines of a key listed twice.
    let mut listed: HashMap<PublicKey, (Looker, usize)> = HashMap::new();
    let mut refusals = Vec::new();
    let (mut bytes, mut number, mut line) = (0_u64, 0, Vec::new());
    loop {
        line.clear();
        let read = reader
            .read_until(b'\n', &mut line)
            .map_err(|e| whole(why_unreadable(&e)))?;
        if read == 0 {
            break;
        }
        bytes += read as u64;
        if bytes > KEYS_LIMIT.bytes {
            return Err(whole(too_large(KEYS_LIMIT, None).to_string()));
        }
        number += 1;
        if line.len() > MOST_LINE_BYTES {
            refusals.push(at(number, 0, LineError::TooLong));
            continue;
        }
        let Ok(text) = std::str::from_utf8(&line) else {
            refusals.push(at(number, 0, LineError::NotText));
            continue;
        };
        // Notepad's mark of UTF-8, which no one sees in an editor.
        let text = if number == 1 {
            text.strip_prefix('\u{feff}').unwrap_or(text)
        } else {
            text
        };
        match entry(text, sides) {
            Ok(None) => {}
            Ok(Some(Listing {
                looker,
                key,
                column,
            })) => match listed.entry(key) {
                Entry::Vacant(place) => {
                    place.insert((looker, number));
                }
                // A key listed twice for its one role changes nothing.
                Entry::Occupied(place) if place.get().0 == looker => {}
                Entry::Occupied(place) => {
                    let (first, first_line) = place.get();
                    refusals.push(at(
                        number,
                        column,
                        LineError::TwoRoles {
                            first_line: *first_line,
                            first: role_name(first).to_owned(),
                            here: role_name(&looker).to_owned(),
                        },
                    ));
                }
            },
            Err((column, refusal)) => refusals.push(at(number, column, refusal)),
        }
    }
    if !refusals.is_empty() {
        return Err(refusals);
    }
    if listed.is_empty() {
        return Err(whole(format!(
            "lists no key, so nobody could join; one key a line, after its role: {SAMPLE}"
        )));
    }
    Ok(Keys {
        file: name.to_owned(),
        roles: listed
            .into_iter()
            .map(|(key, (looker, _))| (key, looker))
            .collect(),
        sides: sides.to_vec(),
    })
}

/// A line's key and the role it is listed for.
struct Listing {
    looker: Looker,
    key: PublicKey,
    /// Where the key starts, for a refusal to point at.
    column: usize,
}

/// One line of the file: `None` for a blank line or a comment; else the column and
/// refusal of what is wrong.
fn entry(line: &str, sides: &[String]) -> Result<Option<Listing>, (usize, LineError)> {
    let line = line.trim_end_matches(['\n', '\r']);
    let column = |byte: usize| line[..byte].chars().count() + 1;
    // The line's words are printed in refusals, on the referee's terminal.
    if let Some((at, c)) = line
        .char_indices()
        .find(|&(_, c)| is_forbidden_character(c) || crate::core::shown::is_invisible_format(c))
    {
        return Err((column(at), LineError::Invisible { character: c }));
    }
    let Some(start) = line.find(|c: char| !c.is_whitespace()) else {
        return Ok(None);
    };
    let rest = &line[start..];
    if rest.starts_with('#') {
        return Ok(None);
    }
    let role_end = start + rest.find(char::is_whitespace).unwrap_or(rest.len());
    let role = &line[start..role_end];
    let looker = role_of(role, sides).ok_or_else(|| {
        let refusal = if ["ssh-", "ecdsa-", "sk-"]
            .iter()
            .any(|kind| role.starts_with(kind))
        {
            LineError::NoRole
        } else {
            LineError::NotARole {
                role: role.to_owned(),
                sides: sides.to_vec(),
            }
        };
        (column(start), refusal)
    })?;
    let after = &line[role_end..];
    let Some(key_start) = after
        .find(|c: char| !c.is_whitespace())
        .map(|at| role_end + at)
    else {
        return Err((column(role_end), LineError::NoKey));
    };
    let key = PublicKey::from_openssh_line(&line[key_start..])
        .map_err(|refusal| (column(key_start), refusal.into()))?;
    Ok(Some(Listing {
        looker,
        key,
        column: column(key_start),
    }))
}

/// The role a file's word names, without regard to case (as the login names).
fn role_of(word: &str, sides: &[String]) -> Option<Looker> {
    if word.eq_ignore_ascii_case(REFEREE) {
        Some(Looker::Referee)
    } else if word.eq_ignore_ascii_case(GUEST) {
        Some(Looker::Guest)
    } else {
        sides
            .iter()
            .find(|side| side.eq_ignore_ascii_case(word))
            .map(|side| Looker::Side(side.clone()))
    }
}

fn role_name(looker: &Looker) -> &str {
    match looker {
        Looker::Side(side) => side,
        Looker::Guest => GUEST,
        Looker::Referee => REFEREE,
    }
}

/// The roles there are, in words: `a side's id (france, allies), guest or referee`.
fn roles_named(sides: &[String]) -> String {
    format!("a side's id ({}), {GUEST} or {REFEREE}", sides.join(", "))
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    pub(in crate::serve) const ANNE: &str = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFYCY48pN431wsetVs+orbJdT3RZUZUuxTbwra6X3wjK anne@phone";
    pub(in crate::serve) const BERT: &str = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILi8MwuVz5b7mdrtN4lLE0BlcEefXJQYmd4Qeo672xMX bert@laptop";
    const CARL: &str = concat!(
        "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBFLzdy10",
        "/82qou1pEBvzYMdZjNNXqO02CK0BeOTrT5B5KQ/j6Vgws+9vI4QbKbI6gxaqxvr/OcyztNEz7wWvOIA=",
        " carl",
    );
    /// An RSA key of 2048 bits.
    const DORA: &str = concat!(
        "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQDG90I8E4NoA0LCzBdAqF+W4caf2fHGYVU81oYv0DTP",
        "tQTLr8SefahxmSDXzRqOTg932xgC9rEg6XEQnOvRfNAlhI5EUMK+7IFsFm3VF59X3CjYTgZHNoYkjFYR",
        "HHB8gKNMTdZtRqat6nvZjo3ST3bVxF+LukzKRZPRI+xsoXvxXoVC9UsufL3a0a4/EB7XUBe004L3qbSa",
        "hcMX7SgTkpTpIZMDzu8G+j1D5LGWGioFrSxCvG/DFmkb2Va+hVt3xTrlSXkwgdDu2Sv5H4s24dEFEnUa",
        "a3zYkOszaxG7cvNspWujN+uS8+RvC6sEq4hZfXgiM17i1bLdW1tTZxiofz8D dora",
    );
    /// An RSA key of 1024 bits.
    const OLD: &str = concat!(
        "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAgQDGjQkKeuTm6mZSW6EweAfov2U7y6IJr6Rkt82p21O/",
        "bDu3FYnLoI6HAJAaoq1J3EdmQ4f3qIKo2OXmQMzgqWwKKuGHzbjngAh6hiGZOcz5gv6s1tlNYHhxw7CT",
        "/hankdNxsqxXU2/5Wsg8HRlvc9geClB8KaYEUkrwuJClM72N3w== old",
    );

    pub(in crate::serve) fn sides() -> Vec<String> {
        vec!["france".into(), "allies".into()]
    }

    pub(in crate::serve) fn parsed(text: &str) -> Result<Keys, Vec<FileError>> {
        parse("club-keys.txt", text.as_bytes(), &sides())
    }

    /// The one refusal of `text`, as it is printed.
    fn refusal(text: &str) -> String {
        let refusals = parsed(text).expect_err("the file is refused");
        assert_eq!(refusals.len(), 1, "{refusals:#?}");
        refusals[0].to_string()
    }

    fn key(line: &str) -> PublicKey {
        PublicKey::from_openssh_line(line).unwrap()
    }

    #[test]
    fn each_key_gets_its_role_whatever_the_case_with_comments_and_blank_lines_between() {
        let text = format!(
            "# The club's keys\n\n{}\n  FRANCE {ANNE}\r\nAllies\t{BERT}\n   \n\
             guest {CARL}\n  # the referee's laptop\nReferee {DORA}\n",
            "# france ssh-ed25519 not-a-key"
        );
        let keys = parsed(&text).unwrap();
        assert_eq!(keys.roles.len(), 4);
        let role = |line: &str| keys.roles.get(&key(line)).cloned();
        assert_eq!(role(ANNE), Some(Looker::Side("france".into())));
        assert_eq!(role(BERT), Some(Looker::Side("allies".into())));
        assert_eq!(role(CARL), Some(Looker::Guest));
        assert_eq!(role(DORA), Some(Looker::Referee));
        // The comment does not make the key: the same key with another comment is it.
        let anne_elsewhere = ANNE.replace("anne@phone", "anne@laptop");
        assert_eq!(role(&anne_elsewhere), Some(Looker::Side("france".into())));
    }

    #[test]
    fn an_unknown_role_is_refused_at_its_column_naming_the_roles_there_are() {
        assert_eq!(
            refusal(&format!("france {ANNE}\n  prussia {BERT}\n")),
            "club-keys.txt:2:3: `prussia` is not a role of this game: expected a side's id \
             (france, allies), guest or referee"
        );
    }

    #[test]
    fn a_line_that_starts_with_its_key_is_told_to_put_the_role_first() {
        assert_eq!(
            refusal(&format!("{ANNE}\n")),
            "club-keys.txt:1:1: expected a role before the key, as in \
             `france ssh-ed25519 AAAA… anne@phone`"
        );
    }

    #[test]
    fn a_role_without_a_key_is_refused_after_the_role() {
        assert_eq!(
            refusal("allies\n"),
            "club-keys.txt:1:7: expected a key after the role, as in \
             `france ssh-ed25519 AAAA… anne@phone`"
        );
    }

    #[test]
    fn a_key_that_does_not_parse_is_refused_at_the_key() {
        // Cut short in copying: the last characters of the base64 lost.
        let cut = &ANNE[..60];
        assert_eq!(
            refusal(&format!("\nfrance  {cut}\n")),
            "club-keys.txt:2:9: the text after `ssh-ed25519` is not a ssh-ed25519 key: it \
             was cut or changed in copying; copy the whole line of the `.pub` file"
        );
        let typo = ANNE.replace("ssh-ed25519", "ssh-ed2519");
        let told = refusal(&format!("france {typo}\n"));
        assert!(
            told.starts_with(
                "club-keys.txt:1:8: `ssh-ed2519` is not a key type: expected ssh-ed25519"
            ),
            "{told}"
        );
        let bare = refusal("guest ssh-ed25519\n");
        assert!(
            bare.starts_with("club-keys.txt:1:7: expected the key's text after `ssh-ed25519`"),
            "{bare}"
        );
    }

    #[test]
    fn a_short_rsa_key_is_refused_with_its_bits() {
        assert_eq!(
            refusal(&format!("france {OLD}\n")),
            "club-keys.txt:1:8: this RSA key has 1024 bits, too few to trust (at least \
             2048); make one with `ssh-keygen -t ed25519`"
        );
    }

    #[test]
    fn the_same_key_for_two_roles_is_refused_naming_both_lines() {
        let text = format!("france {ANNE}\n# Anne plays the Allies tonight\nallies {ANNE}\n");
        assert_eq!(
            refusal(&text),
            "club-keys.txt:3:8: this key is listed at line 1 for france, and here for \
             allies: a key has one role; remove one of the lines"
        );
        // Twice for the same role is harmless, and counted once.
        let keys = parsed(&format!("france {ANNE}\nFrance {ANNE}\n")).unwrap();
        assert_eq!(keys.roles.len(), 1);
    }

    #[test]
    fn every_bad_line_is_refused_and_a_file_without_keys_too() {
        let refusals = parsed(&format!("prussia {ANNE}\nfrance {BERT}\nguest\n")).unwrap_err();
        let places: Vec<(usize, usize)> = refusals.iter().map(|r| (r.line, r.column)).collect();
        assert_eq!(places, [(1, 1), (3, 6)]);
        let empty = refusal("# nobody yet\n\n");
        assert!(
            empty.starts_with("club-keys.txt: lists no key, so nobody could join"),
            "{empty}"
        );
    }

    #[test]
    fn a_line_beyond_reason_and_bytes_that_are_not_text_are_refused_at_their_lines() {
        let long = format!(
            "france {ANNE}\nguest ssh-ed25519 {}\n",
            "A".repeat(MOST_LINE_BYTES)
        );
        let told = refusal(&long);
        assert_eq!(
            told,
            "club-keys.txt:2: this line is over 8192 bytes long, where a key's line is under 3000"
        );
        let mut bytes = format!("france {ANNE}\n").into_bytes();
        bytes.extend_from_slice(b"guest \xff\xfe\n");
        let refusals = parse("club-keys.txt", bytes.as_slice(), &sides()).unwrap_err();
        assert_eq!(
            refusals[0].to_string(),
            "club-keys.txt:2: this line is not text (not UTF-8): is this really a keys file?"
        );
    }

    #[test]
    fn notepads_mark_is_skipped_and_a_control_character_is_refused_where_it_is() {
        let keys = parsed(&format!("\u{feff}france {ANNE}\n")).unwrap();
        assert_eq!(keys.roles.len(), 1);
        assert_eq!(
            refusal(&format!("france {ANNE}\nguest\u{1b}[2J {BERT}\n")),
            "club-keys.txt:2:6: an invisible or control character (U+001B) is here: a keys \
             file is plain text"
        );
    }

    proptest::proptest! {
        /// Whatever the file holds, it is read or refused, never a panic; and a refusal
        /// points inside the file.
        #[test]
        fn any_bytes_are_read_or_refused_at_a_place_in_the_file(
            lines in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::collection::vec(proptest::prelude::any::<u8>(), 0..80),
                    proptest::prelude::Just(format!("guest {ANNE}").into_bytes()),
                    proptest::prelude::Just(format!("allies {BERT}").into_bytes()),
                ],
                0..12,
            ),
        ) {
            let text = lines.join(&b'\n');
            let most = text.iter().filter(|&&byte| byte == b'\n').count() + 1;
            if let Err(refusals) = parse("club-keys.txt", text.as_slice(), &sides()) {
                for refusal in refusals {
                    proptest::prop_assert!(refusal.line <= most);
                }
            }
        }
    }

    #[test]
    fn a_missing_file_is_a_sentence() {
        let missing = Path::new("/no-such-folder/club-keys.txt");
        assert_eq!(
            read(missing, &sides()).unwrap_err().to_string(),
            "/no-such-folder/club-keys.txt: there is no such file; check its name and folder"
        );
    }

    #[test]
    fn a_file_past_a_megabyte_is_refused_whole() {
        let comment = format!("#{}\n", "x".repeat(1000));
        let text = comment.repeat(1100);
        assert_eq!(
            refusal(&text),
            "club-keys.txt: too large (more than 1 MB; at most 1 MB) — is this really an \
             Adjutant keys file?"
        );
    }
}
