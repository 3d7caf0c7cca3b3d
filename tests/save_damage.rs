//! A save damaged on disk (cut short by a crash or a full disk, bits flipped by bad
//! storage) is refused with a sentence or loads as an earlier point of the same battle;
//! it never panics, and `adjutant do` on it changes nothing.

mod common;

use adjutant::game::{Game, LogEntry};
use adjutant::persist::{END_MARKER, load_text, render};
use adjutant::scenario::{self, FileError};
use common::cli::{act, new_save, refused_by_cli};
use rand::{Rng, SeedableRng};
use std::fmt::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

/// The commands of the damaged battle: losses, markers, a note, a phase, one undone.
const COMMANDS: [&str; 6] = [
    "hit fr-4l1 3",
    "rout fr-4l1 2",
    "shaken fr-4l1",
    "note br-95r in the orchard",
    "next",
    "undo",
];

fn battle() -> Game {
    let (scenario, spec) = scenario::parse("tutorial", scenario::BUILT_IN[0].1).unwrap();
    let mut game = Game::new(scenario, spec, 11);
    for line in COMMANDS {
        game.perform(line).unwrap();
    }
    game
}

/// Loads `bytes` as `persist::load` would see them (bad UTF-8 shown lossily, so the parser
/// still meets the rest); a panic is caught and named with `what`.
fn load_damaged(bytes: &[u8], what: &str) -> Result<Vec<Arc<LogEntry>>, FileError> {
    let text = String::from_utf8_lossy(bytes);
    catch_unwind(AssertUnwindSafe(|| load_text("damaged.toml", &text)))
        .unwrap_or_else(|_| panic!("loading the save {what} panicked"))
        .map(|loaded| loaded.game.log().to_vec())
}

#[test]
fn every_truncation_is_refused_unless_it_ends_the_file() {
    let game = battle();
    let text = render(&game).unwrap();
    let bytes = text.as_bytes();
    let mut loaded = 0;
    for cut in 0..=bytes.len() {
        match load_damaged(&bytes[..cut], &format!("cut at byte {cut}")) {
            Ok(log) => {
                loaded += 1;
                let head = String::from_utf8_lossy(&bytes[..cut]);
                assert!(head.trim_end().ends_with(END_MARKER), "cut at {cut} loaded");
                assert!(game.log().starts_with(&log), "cut at {cut}");
            }
            Err(error) => assert_eq!(error.file, "damaged.toml"),
        }
    }
    // The whole file, and the file less its final newline.
    assert_eq!(loaded, 2);
}

/// A referee who puts the last line back after a cut (as the refusal suggests) gets the
/// battle up to the cut, or a refusal: never a log the battle did not have.
#[test]
fn a_cut_with_its_end_line_restored_loads_a_prefix_of_the_log() {
    let game = battle();
    let text = render(&game).unwrap();
    let mut prefixes = 0;
    for (cut, _) in text.match_indices('\n') {
        let mended = format!("{}\n{END_MARKER}\n", &text[..cut]);
        if let Ok(log) = load_damaged(mended.as_bytes(), &format!("cut at line end {cut}")) {
            assert!(is_cut_log(game.log(), &log), "cut at {cut}: {log:?}");
            prefixes += 1;
        }
    }
    // At least every cut between log entries and in the [state] table loads.
    assert!(prefixes > game.log().len(), "{prefixes}");
}

/// Whether `cut` is `log` up to some entry, that last one perhaps missing some of its
/// events: a cut inside an entry's events leaves a command that did less (replay applies
/// the events written, and a trailing event cannot be told missing).
fn is_cut_log(log: &[Arc<LogEntry>], cut: &[Arc<LogEntry>]) -> bool {
    let Some((last, whole)) = cut.split_last() else {
        return true;
    };
    let Some(original) = log.get(whole.len()) else {
        return false;
    };
    log.starts_with(whole)
        && (last.turn, &last.active, last.phase, &last.command)
            == (
                original.turn,
                &original.active,
                original.phase,
                &original.command,
            )
        && original.events.starts_with(&last.events)
}

#[test]
fn thousands_of_bit_flips_never_panic() {
    let text = render(&battle()).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
    let (mut refused, mut loaded) = (0, 0);
    for _ in 0..2000 {
        let mut bytes = text.clone().into_bytes();
        let flips = rng.gen_range(1..=3);
        let mut what = String::from("with bits flipped at");
        for _ in 0..flips {
            let (at, bit) = (rng.gen_range(0..bytes.len()), rng.gen_range(0..8));
            bytes[at] ^= 1 << bit;
            let _ = write!(what, " {at}:{bit}");
        }
        match load_damaged(&bytes, &what) {
            Ok(_) => loaded += 1,
            Err(error) => {
                assert_eq!(error.file, "damaged.toml");
                assert!(!error.message.is_empty(), "{what}");
                refused += 1;
            }
        }
    }
    // Flips in comments, names and the [state] table load; the rest are refused.
    assert!(
        refused > 0 && loaded > 0,
        "{refused} refused, {loaded} loaded"
    );
}

/// Found by the bit flips: toml refuses a NUL in a comment with no words, and the referee
/// was shown `file:5: ` and nothing else.
#[test]
fn a_control_character_is_named_not_left_blank() {
    let text = render(&battle())
        .unwrap()
        .replacen("written for", "written\0for", 1);
    let error = load_damaged(text.as_bytes(), "with a NUL in a comment").unwrap_err();
    assert_eq!(error.line, 5);
    assert!(
        error.message.contains("control character (U+0000)"),
        "{error}"
    );
}

#[test]
fn a_command_on_a_damaged_save_is_refused_and_the_file_kept() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_save(folder.path(), "mill.toml", "tutorial", 5);
    act(&save, "hit fr-4l1 2");
    act(&save, "shaken fr-4l1");
    let good = std::fs::read(&save).unwrap();
    let middle = good.len() / 2;
    let mut not_utf8 = good.clone();
    not_utf8[middle] = 0xff;
    let mut no_end = good.clone();
    no_end.truncate(good.len() - END_MARKER.len() - 1);
    let text = String::from_utf8(good.clone()).unwrap();
    let damages: [(&str, Vec<u8>); 5] = [
        ("empty", Vec::new()),
        ("cut in half", good[..middle].to_vec()),
        ("without its last line", no_end),
        ("not UTF-8", not_utf8),
        (
            "a table header broken",
            text.replacen("\n[[log]]\n", "\n[[log]\n", 1).into_bytes(),
        ),
    ];
    for (what, bytes) in damages {
        std::fs::write(&save, &bytes).unwrap();
        let reason = refused_by_cli(&save, "hit fr-4l1 1");
        assert!(reason.contains("mill.toml"), "{what}: {reason}");
        assert!(!reason.contains("panicked"), "{what}: {reason}");
    }
}

/// `(line, column)`, from 1, of the first `needle` in `text`.
fn position(text: &str, needle: &str) -> (usize, usize) {
    let at = text.find(needle).unwrap();
    let line_start = text[..at].rfind('\n').map_or(0, |n| n + 1);
    (
        text[..at].matches('\n').count() + 1,
        text[line_start..at].chars().count() + 1,
    )
}

/// A save edited by hand into nonsense is refused at its line and column, which editors
/// jump to, and left as it is.
#[test]
fn nonsense_edited_into_a_save_is_refused_at_its_line_and_column() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_save(folder.path(), "mill.toml", "tutorial", 5);
    act(&save, "hit fr-4l1 2");
    let good = std::fs::read_to_string(&save).unwrap();

    let bad_value = good.replacen("turn = 1\n", "turn = \"x\"\n", 1);
    let (line, column) = position(&bad_value, "\"x\"");
    std::fs::write(&save, &bad_value).unwrap();
    let reason = refused_by_cli(&save, "hit fr-4l1 1");
    assert!(
        reason.contains(&format!("mill.toml:{line}:{column}: invalid type")),
        "{reason}"
    );

    let stray = good.replacen("\n[[log]]\n", "\n]]\n[[log]]\n", 1);
    let (line, column) = position(&stray, "]]\n[[log]]");
    std::fs::write(&save, &stray).unwrap();
    let reason = refused_by_cli(&save, "hit fr-4l1 1");
    assert!(
        reason.contains(&format!("mill.toml:{line}:{column}: ")),
        "{reason}"
    );
    assert_eq!(std::fs::read_to_string(&save).unwrap(), stray);
}
