//! A scenario with several mistakes is refused with every one of them, each at its own
//! line, in the order of the file: in `check`, and where `new` and `play` open one
//! (issue 41, item 4). What a mistake already reported would cause is not reported again.

use adjutant::scenario::{FileErrors, built_in, parse};
use assert_cmd::Command;
use std::fmt::Write as _;

const TUTORIAL: &str = "tutorial";

/// The tutorial with each `(old, new)` applied once, in order.
fn tutorial_with(edits: &[(&str, &str)]) -> String {
    let mut text = built_in(TUTORIAL).expect("built in").to_owned();
    for (old, new) in edits {
        assert!(text.contains(old), "the tutorial holds {old:?}");
        text = text.replacen(old, new, 1);
    }
    text
}

/// The 1-based line of `text` holding `needle` (the first one).
fn line_of(text: &str, needle: &str) -> usize {
    let at = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} in the text"));
    text[..at].matches('\n').count() + 1
}

fn refused(text: &str) -> FileErrors {
    match parse("mill.toml", text) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(errors) => errors,
    }
}

/// Each problem's line and a word of its message, in the order listed.
fn lines_and_words(errors: &FileErrors) -> Vec<(usize, String)> {
    errors
        .all()
        .iter()
        .map(|e| (e.line, e.message.clone()))
        .collect()
}

#[test]
fn mistakes_the_check_finds_in_three_units_and_a_general_are_all_listed() {
    let text = tutorial_with(&[
        (
            "figures = 12\nformation = \"column\"",
            "figures = 0\nformation = \"column\"",
        ),
        (
            "side = \"britain\"\nname = \"2/31st Foot\"",
            "side = \"britian\"\nname = \"2/31st Foot\"",
        ),
        (
            "type = \"light\"\ngrade = \"C\"",
            "type = \"field\"\ngrade = \"C\"",
        ),
        (
            "name = \"Craufurd\"\nside = \"britain\"",
            "name = \"Craufurd\"\nside = \"brtain\"",
        ),
    ]);
    let errors = refused(&text);
    let listed = lines_and_words(&errors);
    let expected = [
        (line_of(&text, "figures = 0"), "figures"),
        (line_of(&text, "\"britian\""), "no side 'britian'"),
        // The dragoons' type is the tutorial's last `type = "light"` followed by a grade C,
        // after the rifles' (grade B).
        (
            line_of(
                &text,
                "type = \"field\"\ngrade = \"C\"\nfigures = 12\nformation = \"line\"",
            ),
            "cavalry",
        ),
        (line_of(&text, "\"brtain\""), "no side 'brtain'"),
    ];
    assert_eq!(listed.len(), expected.len(), "{errors}");
    for ((line, message), (want_line, word)) in listed.iter().zip(expected) {
        assert_eq!(*line, want_line, "{errors}");
        assert!(
            message.contains(word),
            "{message:?} should name {word:?}:\n{errors}"
        );
    }
    assert!(errors.to_string().ends_with("\n4 problems"), "{errors}");
}

/// A grade that is no grade and a key that is no key stop the TOML reader at the first;
/// read again entry by entry, the second is found too, and a third entry's side checked.
/// The general attached to a unit that did not read is not blamed for it.
#[test]
fn entries_that_do_not_read_are_each_listed_with_the_check_of_the_rest() {
    let text = tutorial_with(&[
        (
            "grade = \"C\"\nfigures = 12\nformation = \"column\"",
            "grade = \"Z\"\nfigures = 12\nformation = \"column\"",
        ),
        ("guns = 4", "guns = 4\ncolour = \"blue\""),
        (
            "side = \"britain\"\nname = \"1/95th Rifles\"",
            "side = \"britian\"\nname = \"1/95th Rifles\"",
        ),
        (
            "id = \"godinot\"",
            "id = \"godinot\"\nattached = \"fr-4l1\"",
        ),
    ]);
    let errors = refused(&text);
    let listed = lines_and_words(&errors);
    assert_eq!(listed.len(), 3, "{errors}");
    assert_eq!(listed[0].0, line_of(&text, "grade = \"Z\""), "{errors}");
    assert!(listed[0].1.contains("`Z`"), "{errors}");
    assert_eq!(listed[1].0, line_of(&text, "colour = "), "{errors}");
    assert!(listed[1].1.contains("unknown field `colour`"), "{errors}");
    assert_eq!(listed[2].0, line_of(&text, "\"britian\""), "{errors}");
    // Columns too, as an editor jumps to them.
    assert_eq!(errors.all()[0].column, 9, "{errors}");
}

/// A string left open stops the reader mid-entry; the entry after it still reads alone.
#[test]
fn a_broken_line_and_a_later_bad_value_are_both_listed() {
    let text = tutorial_with(&[
        ("name = \"2/4e Ligne\"", "name = \"2/4e Ligne"),
        (
            "figures = 12\nformation = \"skirmish\"",
            "figures = \"twelve\"\nformation = \"skirmish\"",
        ),
    ]);
    let errors = refused(&text);
    let lines: Vec<usize> = errors.all().iter().map(|e| e.line).collect();
    assert_eq!(
        lines,
        [line_of(&text, "\"2/4e Ligne"), line_of(&text, "\"twelve\"")],
        "{errors}"
    );
}

/// Sixty units without a grade are sixty problems; a screenful is shown, and the rest
/// counted.
#[test]
fn a_file_wrong_throughout_lists_a_screenful_and_counts_the_rest() {
    let mut text = built_in(TUTORIAL).unwrap().to_owned();
    for n in 0..60 {
        write!(
            text,
            "\n[[unit]]\nid = \"x{n}\"\nside = \"france\"\nname = \"X {n}\"\narm = \"infantry\"\n\
             type = \"line\"\nfigures = 12\n"
        )
        .unwrap();
    }
    let errors = refused(&text);
    assert_eq!(errors.all().len(), 60);
    let shown = errors.to_string();
    assert_eq!(shown.lines().count(), FileErrors::SHOWN + 1, "{shown}");
    assert!(
        shown.ends_with("60 problems (20 more not shown: fix these and check again)"),
        "{shown}"
    );
}

/// `adjutant check` lists them all and fails; so does `new` on the same file, writing
/// nothing.
#[test]
fn check_and_new_list_every_problem() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mill.toml");
    let text = tutorial_with(&[
        (
            "figures = 12\nformation = \"column\"",
            "figures = 0\nformation = \"column\"",
        ),
        ("grade = \"B\"", "grade = \"E\""),
    ]);
    std::fs::write(&path, &text).unwrap();
    let shown = path.display().to_string();
    let first = format!("{shown}:{}:", line_of(&text, "figures = 0"));
    let second = format!("{shown}:{}:", line_of(&text, "grade = \"E\""));
    for args in [vec!["check"], vec!["new"]] {
        let output = Command::cargo_bin("adjutant")
            .unwrap()
            .args(&args)
            .arg(&path)
            .env("ADJUTANT_SAVES", dir.path().join("saves"))
            .output()
            .unwrap();
        assert!(!output.status.success(), "{args:?}");
        let err = String::from_utf8(output.stderr).unwrap();
        assert!(
            err.contains(&first) && err.contains(&second),
            "{args:?}: {err}"
        );
        assert!(err.trim_end().ends_with("2 problems"), "{args:?}: {err}");
    }
    assert!(!dir.path().join("saves").exists(), "no save was written");
}

/// Found in trying it: a side's id mistyped was six problems (`first`, the side without
/// units, and every unit naming the right id); it is one, at the side's id.
#[test]
fn a_mistyped_side_id_is_one_problem_at_the_side() {
    let text = tutorial_with(&[("id = \"france\"", "id = \"frnace\"")]);
    let errors = refused(&text);
    assert_eq!(errors.all().len(), 1, "{errors}");
    assert_eq!(
        errors.first().line,
        line_of(&text, "\"frnace\""),
        "{errors}"
    );
    assert!(
        errors
            .first()
            .message
            .contains("side 'frnace' has no units, and 3 units name side 'france', which is none"),
        "{errors}"
    );
}

/// Found in trying it: a general attached to no unit went unreported whenever any unit
/// had a problem; it is left out only when the unit it names was refused or did not
/// read.
#[test]
fn a_general_attached_to_no_unit_is_listed_beside_other_problems() {
    let text = tutorial_with(&[
        ("grade = \"B\"", "grade = \"E\""),
        (
            "id = \"craufurd\"",
            "id = \"craufurd\"\nattached = \"br-99\"",
        ),
    ]);
    let errors = refused(&text);
    let lines: Vec<usize> = errors.all().iter().map(|e| e.line).collect();
    assert_eq!(
        lines,
        [line_of(&text, "grade = \"E\""), line_of(&text, "\"br-99\"")],
        "{errors}"
    );
    // Attached to the unit whose grade did not read: only the grade is wrong.
    let text = tutorial_with(&[
        ("grade = \"B\"", "grade = \"E\""),
        (
            "id = \"craufurd\"",
            "id = \"craufurd\"\nattached = \"br-95r\"",
        ),
    ]);
    assert_eq!(refused(&text).all().len(), 1, "{}", refused(&text));
}
