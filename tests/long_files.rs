//! No source file runs over 600 lines without saying at its top why it is long, and no
//! file under 500 keeps a reason it no longer needs. A long file is one a newcomer must
//! read whole to change a part; the reason says what holds it together (one format, one
//! section of the rules, one table) or what will split it.

mod source;

use std::fs;

/// The longest a file runs without a reason.
const MOST_LINES: usize = 600;

/// Below this, a reason is stale (between the two, a file may keep one while it shrinks).
const STALE_UNDER: usize = 500;

/// The line that gives the reason, among the file's first lines.
const REASON: &str = "// Why this file is long: ";

#[test]
fn a_long_source_file_says_why_at_its_top() {
    let mut files = Vec::new();
    source::every_rust_file(&source::src(), &mut files);
    assert!(files.len() > 100, "found only {} files", files.len());
    let mut unexplained = Vec::new();
    let mut stale = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).unwrap();
        let lines = text.lines().count();
        // At its top: among the comments above its first line of code.
        let says_why = text
            .lines()
            .take_while(|line| line.is_empty() || line.starts_with("//"))
            .any(|line| line.starts_with(REASON) && line.len() > REASON.len() + 10);
        let name = file.strip_prefix(source::src()).unwrap().display();
        if lines > MOST_LINES && !says_why {
            unexplained.push(format!("{name}: {lines} lines"));
        }
        if lines < STALE_UNDER && says_why {
            stale.push(format!("{name}: {lines} lines"));
        }
    }
    assert!(
        unexplained.is_empty(),
        "files over {MOST_LINES} lines with no `{REASON}…` line at their top: split them, or \
         say why they hold together:\n{}",
        unexplained.join("\n")
    );
    assert!(
        stale.is_empty(),
        "files under {STALE_UNDER} lines that still say why they are long: take the reason \
         out:\n{}",
        stale.join("\n")
    );
}
