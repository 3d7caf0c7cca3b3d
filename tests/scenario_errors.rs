//! Scenario files: every shipped one loads, and every kind of bad one is refused with the
//! line of the offending value and a message naming it.
//!
//! Each bad scenario is [`BASE`] with one thing changed; [`edit`] checks the line it
//! changes still holds what the test expects, so the line numbers below stay honest.

use adjutant::scenario::{BUILT_IN, FileError, parse};
use assert_cmd::Command;
use predicates::prelude::*;
use std::path::{Path, PathBuf};

/// A small valid scenario. The line numbers in the tests are these lines' numbers.
const BASE: &str = r#"# A compact valid scenario for the error tests.
[scenario]
title = "Test"
ruleset = "sound-the-charge"
first = "red"
turns = 6
optional_rules = ["army-morale"]

[[side]]
id = "red"
name = "Red"
nation = "france"

[[side]]
id = "blue"
name = "Blue"
nation = "britain"

[[unit]]
id = "r-inf"
side = "red"
name = "Red Foot"
arm = "infantry"
type = "line"
grade = "C"
figures = 12
formation = "column"

[[unit]]
id = "r-art"
side = "red"
name = "Red Guns"
arm = "artillery"
type = "field"
grade = "C"
figures = 8
formation = "limbered"
guns = 4

[[unit]]
id = "b-lt"
side = "blue"
name = "Blue Light"
arm = "infantry"
type = "light"
grade = "B"
figures = 12
formation = "skirmish"

[[unit]]
id = "b-cav"
side = "blue"
name = "Blue Horse"
arm = "cavalry"
type = "light"
grade = "C"
figures = 12
formation = "line"

[[general]]
id = "red-gen"
name = "Red General"
side = "red"
attached = "r-inf"

[[general]]
name = "Blue General"
side = "blue"
"#;

/// `BASE` with each `(line, old, new)` applied: line `line` (1-based), which must read
/// `old`, becomes `new`. A `new` of `""` blanks the line and keeps the numbering.
fn edit(edits: &[(usize, &str, &str)]) -> String {
    let mut lines: Vec<String> = BASE.lines().map(str::to_owned).collect();
    for &(line, old, new) in edits {
        assert_eq!(lines[line - 1], old, "line {line} of BASE");
        new.clone_into(&mut lines[line - 1]);
    }
    lines.join("\n") + "\n"
}

/// The error `text` is refused with; panics if it is accepted, or if one mistake is
/// reported as more than one problem.
fn refused(text: &str) -> FileError {
    match parse("test.toml", text) {
        Ok(_) => panic!("a bad scenario was accepted:\n{text}"),
        Err(errors) => {
            assert_eq!(errors.all().len(), 1, "one mistake, one problem:\n{errors}");
            let error = errors.into_first();
            assert_eq!(error.file, "test.toml");
            error
        }
    }
}

/// Asserts `text` is refused at `line` with a message holding every one of `needles`.
fn assert_refused(text: &str, line: usize, needles: &[&str]) {
    let error = refused(text);
    assert_eq!(
        error.line, line,
        "wrong line for `{error}`; the file was:\n{text}"
    );
    for needle in needles {
        assert!(
            error.message.contains(needle),
            "message `{}` does not name {needle:?}",
            error.message
        );
    }
}

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `scenarios/*.toml`, read from the folder so a new scenario is covered too.
fn shipped_scenarios() -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(manifest_dir().join("scenarios"))
        .expect("scenarios/ is readable")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "toml"))
        .collect();
    paths.sort();
    paths
}

// --- The good ones -------------------------------------------------------------------------

#[test]
fn the_base_scenario_of_these_tests_is_valid() {
    let (scenario, spec) = parse("test.toml", BASE).expect("BASE is a valid scenario");
    assert_eq!(scenario.sides.len(), 2);
    assert_eq!(scenario.units.len(), 4);
    assert_eq!(spec.unit.len(), 4);
    assert_eq!(scenario.generals.len(), 2);
    assert_eq!(scenario.generals[1].id, "blue-general");
    assert_eq!(scenario.turn_limit, Some(6));
    // `edit` with no change gives back the same text.
    assert_eq!(edit(&[]), BASE);
}

#[test]
fn every_shipped_scenario_parses_and_checks() {
    let paths = shipped_scenarios();
    assert!(
        paths.len() >= BUILT_IN.len(),
        "expected at least {} scenarios in scenarios/, found {paths:?}",
        BUILT_IN.len()
    );
    for path in &paths {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).expect("a readable scenario");
        if let Err(error) = parse(&file, &text) {
            panic!("{file} is refused: {error}");
        }
        let name = path.file_name().expect("a file name");
        Command::cargo_bin("adjutant")
            .expect("the adjutant binary")
            .current_dir(manifest_dir())
            .arg("check")
            .arg(Path::new("scenarios").join(name))
            .assert()
            .success()
            .stdout(predicate::str::contains("a good scenario"));
    }
}

#[test]
fn every_built_in_scenario_parses() {
    for (name, text) in BUILT_IN {
        if let Err(error) = parse(name, text) {
            panic!("built-in scenario {name} is refused: {error}");
        }
    }
}

// --- Unknown fields --------------------------------------------------------------------------

#[test]
fn unknown_top_level_key_is_refused() {
    let text = edit(&[(
        1,
        "# A compact valid scenario for the error tests.",
        "version = 2",
    )]);
    assert_refused(&text, 1, &["`version`"]);
}

#[test]
fn unknown_top_level_table_is_refused() {
    let text = edit(&[(8, "", "[map]")]);
    assert_refused(&text, 8, &["`map`"]);
}

#[test]
fn unknown_field_in_scenario_table_is_refused() {
    let text = edit(&[(6, "turns = 6", "turn = 6")]);
    assert_refused(&text, 6, &["`turn`"]);
}

#[test]
fn unknown_field_in_unit_is_refused() {
    let text = edit(&[(27, r#"formation = "column""#, r#"formaton = "column""#)]);
    assert_refused(&text, 27, &["`formaton`"]);
}

#[test]
fn unknown_field_in_side_is_refused() {
    let text = edit(&[(12, r#"nation = "france""#, r#"nationality = "france""#)]);
    assert_refused(&text, 12, &["`nationality`"]);
}

#[test]
fn unknown_field_in_general_is_refused() {
    let text = edit(&[(64, r#"attached = "r-inf""#, r#"attach = "r-inf""#)]);
    assert_refused(&text, 64, &["`attach`"]);
}

// --- Arm, type, grade, formation -------------------------------------------------------------

#[test]
fn unknown_arm_is_refused() {
    let text = edit(&[(23, r#"arm = "infantry""#, r#"arm = "musketeers""#)]);
    assert_refused(&text, 23, &["`musketeers`"]);
}

#[test]
fn unknown_type_is_refused() {
    let text = edit(&[(24, r#"type = "line""#, r#"type = "grenadier""#)]);
    assert_refused(&text, 24, &["`grenadier`"]);
}

#[test]
fn cavalry_of_type_field_is_refused() {
    let text = edit(&[(55, r#"type = "light""#, r#"type = "field""#)]);
    assert_refused(&text, 55, &["'b-cav'", "'field'", "cavalry"]);
}

#[test]
fn infantry_of_type_heavy_is_refused() {
    let text = edit(&[(24, r#"type = "line""#, r#"type = "heavy""#)]);
    assert_refused(&text, 24, &["'r-inf'", "'heavy'", "infantry"]);
}

#[test]
fn artillery_of_type_medium_is_refused() {
    let text = edit(&[(34, r#"type = "field""#, r#"type = "medium""#)]);
    assert_refused(&text, 34, &["'r-art'", "'medium'", "artillery"]);
}

#[test]
fn unknown_grade_is_refused() {
    let text = edit(&[(25, r#"grade = "C""#, r#"grade = "E""#)]);
    assert_refused(&text, 25, &["`E`"]);
}

#[test]
fn unknown_formation_is_refused() {
    let text = edit(&[(27, r#"formation = "column""#, r#"formation = "wedge""#)]);
    assert_refused(&text, 27, &["`wedge`"]);
}

#[test]
fn cavalry_in_square_is_refused() {
    let text = edit(&[(58, r#"formation = "line""#, r#"formation = "square""#)]);
    assert_refused(&text, 58, &["'b-cav'", "square"]);
}

#[test]
fn line_infantry_in_skirmish_is_refused() {
    let text = edit(&[(27, r#"formation = "column""#, r#"formation = "skirmish""#)]);
    assert_refused(&text, 27, &["'r-inf'", "skirmish"]);
}

#[test]
fn infantry_limbered_is_refused() {
    let text = edit(&[(48, r#"formation = "skirmish""#, r#"formation = "limbered""#)]);
    assert_refused(&text, 48, &["'b-lt'", "limbered"]);
}

#[test]
fn artillery_in_column_is_refused() {
    let text = edit(&[(37, r#"formation = "limbered""#, r#"formation = "column""#)]);
    assert_refused(&text, 37, &["'r-art'", "column"]);
}

// --- Sides, ids and cross-references ---------------------------------------------------------

#[test]
fn unit_on_a_missing_side_is_refused() {
    let text = edit(&[(21, r#"side = "red""#, r#"side = "green""#)]);
    assert_refused(&text, 21, &["'green'"]);
}

#[test]
fn duplicate_unit_id_is_refused() {
    let text = edit(&[(51, r#"id = "b-cav""#, r#"id = "r-inf""#)]);
    assert_refused(&text, 51, &["duplicate", "'r-inf'"]);
}

#[test]
fn unit_ids_differing_only_in_case_are_refused() {
    // Commands ignore case, so `R-INF` and `r-inf` would be one word to the referee.
    let text = edit(&[(51, r#"id = "b-cav""#, r#"id = "R-INF""#)]);
    assert_refused(
        &text,
        51,
        &["duplicate", "'R-INF' (same as 'r-inf' but for case)"],
    );
}

#[test]
fn duplicate_side_id_is_refused() {
    let text = edit(&[(15, r#"id = "blue""#, r#"id = "red""#)]);
    assert_refused(&text, 15, &["duplicate", "'red'"]);
}

#[test]
fn duplicate_general_id_is_refused() {
    // The second general gets the first's id; the line is the new `id = …` line.
    let text = edit(&[(68, r#"side = "blue""#, "side = \"blue\"\nid = \"red-gen\"")]);
    assert_refused(&text, 69, &["duplicate", "'red-gen'"]);
}

#[test]
fn general_id_equal_to_another_generals_name_slug_is_refused() {
    // "Blue General" (no id) slugs to "blue-general", which the first general has.
    let text = edit(&[(61, r#"id = "red-gen""#, r#"id = "blue-general""#)]);
    assert_refused(&text, 67, &["duplicate", "'blue-general'"]);
}

#[test]
fn two_generals_without_ids_whose_names_slug_alike_are_refused() {
    // "Blue general." and "Blue General" both become "blue-general".
    let text = edit(&[
        (61, r#"id = "red-gen""#, ""),
        (62, r#"name = "Red General""#, r#"name = "Blue general.""#),
    ]);
    assert_refused(&text, 67, &["duplicate", "'blue-general'"]);
}

#[test]
fn general_attached_to_a_missing_unit_is_refused() {
    let text = edit(&[(64, r#"attached = "r-inf""#, r#"attached = "nobody""#)]);
    assert_refused(&text, 64, &["'red-gen'", "'nobody'"]);
}

#[test]
fn general_attached_to_a_unit_of_the_other_side_is_refused() {
    let text = edit(&[(64, r#"attached = "r-inf""#, r#"attached = "b-cav""#)]);
    assert_refused(&text, 64, &["'red-gen'", "'b-cav'", "'blue'"]);
}

#[test]
fn general_on_a_missing_side_is_refused() {
    let text = edit(&[(63, r#"side = "red""#, r#"side = "green""#)]);
    assert_refused(&text, 63, &["'green'"]);
}

#[test]
fn first_that_is_not_a_side_is_refused() {
    let text = edit(&[(5, r#"first = "red""#, r#"first = "green""#)]);
    assert_refused(&text, 5, &["'green'", "red", "blue"]);
}

fn three_sides() -> String {
    edit(&[(18, "", "\n[[side]]\nid = \"green\"\nname = \"Green\"\n")])
}

#[test]
fn three_sides_are_refused() {
    let error = refused(&three_sides());
    assert!(error.message.contains("two sides"), "{error}");
    assert!(error.message.contains('3'), "{error}");
}

#[test]
fn three_sides_are_refused_at_the_third_side() {
    // Lines 19-21 are the new [[side]], id = "green", name = "Green".
    assert_refused(&three_sides(), 20, &["two sides", "3"]);
}

#[test]
fn one_side_is_refused() {
    // Blank out the second [[side]]; with one side there is no one line to blame, and the
    // loader points at `first`, which names the side that has no opponent.
    let text = edit(&[
        (14, "[[side]]", ""),
        (15, r#"id = "blue""#, ""),
        (16, r#"name = "Blue""#, ""),
        (17, r#"nation = "britain""#, ""),
    ]);
    assert_refused(&text, 5, &["two sides", "1"]);
}

fn side_without_units() -> String {
    edit(&[
        (42, r#"side = "blue""#, r#"side = "red""#),
        (52, r#"side = "blue""#, r#"side = "red""#),
    ])
}

#[test]
fn side_with_no_units_is_refused() {
    let error = refused(&side_without_units());
    assert!(error.message.contains("'blue'"), "{error}");
    assert!(error.message.contains("no units"), "{error}");
}

#[test]
fn side_with_no_units_is_refused_at_the_side() {
    assert_refused(&side_without_units(), 15, &["'blue'", "no units"]);
}

// --- Numbers ---------------------------------------------------------------------------------

#[test]
fn zero_figures_are_refused() {
    let text = edit(&[(26, "figures = 12", "figures = 0")]);
    assert_refused(&text, 26, &["'r-inf'", "figures", "0"]);
}

#[test]
fn figures_beyond_any_table_are_refused() {
    let text = edit(&[(26, "figures = 12", "figures = 4000000000")]);
    assert_refused(&text, 26, &["'r-inf'", "figures", "10000", "4000000000"]);
}

#[test]
fn negative_figures_are_refused() {
    let text = edit(&[(26, "figures = 12", "figures = -3")]);
    assert_refused(&text, 26, &["`-3`"]);
}

#[test]
fn artillery_without_guns_is_refused() {
    // Pointed at the unit's id, since the missing line has no line of its own.
    let text = edit(&[(38, "guns = 4", "")]);
    assert_refused(&text, 30, &["'r-art'", "guns"]);
}

#[test]
fn artillery_with_zero_guns_is_refused() {
    let text = edit(&[(38, "guns = 4", "guns = 0")]);
    assert_refused(&text, 38, &["'r-art'", "guns"]);
}

#[test]
fn guns_on_infantry_are_refused() {
    let text = edit(&[(28, "", "guns = 2")]);
    assert_refused(&text, 28, &["'r-inf'", "guns"]);
}

#[test]
fn horse_on_cavalry_is_refused() {
    let text = edit(&[(59, "", "horse = true")]);
    assert_refused(&text, 59, &["'b-cav'", "horse"]);
}

#[test]
fn zero_turns_are_refused() {
    let text = edit(&[(6, "turns = 6", "turns = 0")]);
    assert_refused(&text, 6, &["turns"]);
}

// --- Rulesets, optional rules, nations -------------------------------------------------------

#[test]
fn unknown_ruleset_is_refused() {
    let text = edit(&[(
        4,
        r#"ruleset = "sound-the-charge""#,
        r#"ruleset = "black-powder""#,
    )]);
    assert_refused(&text, 4, &["`black-powder`"]);
}

#[test]
fn unknown_optional_rule_is_refused() {
    let text = edit(&[(
        7,
        r#"optional_rules = ["army-morale"]"#,
        r#"optional_rules = ["army-morale", "flying-pigs"]"#,
    )]);
    assert_refused(&text, 7, &["`flying-pigs`"]);
}

#[test]
fn unknown_nation_is_refused() {
    let text = edit(&[(12, r#"nation = "france""#, r#"nation = "atlantis""#)]);
    assert_refused(&text, 12, &["`atlantis`"]);
}

// --- Ids that the command language cannot use -------------------------------------------------

#[test]
fn unit_id_with_a_space_is_refused() {
    let text = edit(&[(20, r#"id = "r-inf""#, r#"id = "r inf""#)]);
    assert_refused(&text, 20, &["'r inf'"]);
}

#[test]
fn unit_id_with_an_equals_sign_is_refused() {
    let text = edit(&[(20, r#"id = "r-inf""#, r#"id = "r=inf""#)]);
    assert_refused(&text, 20, &["'r=inf'"]);
}

#[test]
fn side_id_with_a_space_is_refused() {
    let text = edit(&[(10, r#"id = "red""#, r#"id = "red army""#)]);
    assert_refused(&text, 10, &["'red army'"]);
}

#[test]
fn general_id_with_a_space_is_refused() {
    let text = edit(&[(61, r#"id = "red-gen""#, r#"id = "red gen""#)]);
    assert_refused(&text, 61, &["'red gen'"]);
}

// --- Not TOML at all -------------------------------------------------------------------------

#[test]
fn unclosed_string_is_refused_at_its_line() {
    let text = edit(&[(22, r#"name = "Red Foot""#, r#"name = "Red Foot"#)]);
    assert_refused(&text, 22, &["string"]);
}

#[test]
fn table_header_missing_its_bracket_is_refused_at_its_line() {
    let text = edit(&[(29, "[[unit]]", "[[unit]")]);
    assert_refused(&text, 29, &["unclosed array table", "]"]);
}

#[test]
fn array_missing_its_bracket_is_refused_where_the_parser_stops() {
    // An array may span lines, so TOML can only tell it is unclosed at the next token:
    // line 9's `[[side]]`, after the blank line 8.
    let text = edit(&[(
        7,
        r#"optional_rules = ["army-morale"]"#,
        r#"optional_rules = ["army-morale""#,
    )]);
    assert_refused(&text, 9, &["array"]);
}

#[test]
fn empty_file_is_refused() {
    assert_refused("", 1, &["`scenario`"]);
}

#[test]
fn whitespace_only_file_is_refused() {
    assert_refused("\n\n  \n", 1, &["`scenario`"]);
}

// --- `adjutant check` on a bad file ----------------------------------------------------------

/// Runs `adjutant check` on `text` in a temp file: it must fail with `<path>:<line>:` and
/// every one of `needles` on stderr, print nothing on stdout, and leave the file untouched.
fn assert_check_refuses(text: &str, line: usize, needles: &[&str]) {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("bad.toml");
    std::fs::write(&path, text).expect("write the scenario");
    let where_ = format!("{}:{line}:", path.display());
    let mut stderr = predicate::str::starts_with("adjutant: ")
        .and(predicate::str::contains(where_))
        .boxed();
    for needle in needles {
        stderr = stderr.and(predicate::str::contains(*needle)).boxed();
    }
    Command::cargo_bin("adjutant")
        .expect("the adjutant binary")
        .arg("check")
        .arg(&path)
        .assert()
        .failure()
        .code(1)
        .stdout(predicate::str::is_empty())
        .stderr(stderr);
    assert_eq!(
        std::fs::read(&path).expect("read the scenario back"),
        text.as_bytes(),
        "`adjutant check` changed the file"
    );
}

#[test]
fn check_refuses_an_unknown_grade_with_its_line() {
    let text = edit(&[(25, r#"grade = "C""#, r#"grade = "E""#)]);
    assert_check_refuses(&text, 25, &["`E`"]);
}

#[test]
fn check_refuses_a_general_of_the_wrong_side_with_its_line() {
    let text = edit(&[(64, r#"attached = "r-inf""#, r#"attached = "b-cav""#)]);
    assert_check_refuses(&text, 64, &["'b-cav'"]);
}

#[test]
fn check_refuses_malformed_toml_with_its_line() {
    let text = edit(&[(22, r#"name = "Red Foot""#, r#"name = "Red Foot"#)]);
    assert_check_refuses(&text, 22, &["string"]);
}

#[test]
fn a_kit_where_the_ruleset_reads_none_is_refused() {
    let text = edit(&[(27, r#"formation = "column""#, r#"kit = ["rifles"]"#)]);
    assert_refused(&text, 27, &["'r-inf'", "Sound the Charge has no unit kit"]);
}

#[test]
fn a_kit_of_the_other_arm_is_refused() {
    let text = edit(&[
        (
            4,
            r#"ruleset = "sound-the-charge""#,
            r#"ruleset = "sound-the-charge-1-25""#,
        ),
        (7, r#"optional_rules = ["army-morale"]"#, ""),
        (
            58,
            r#"formation = "line""#,
            r#"kit = ["lancers", "rifles"]"#,
        ),
    ]);
    assert_refused(&text, 58, &["'b-cav'", "cannot have rifles"]);
}

#[test]
fn a_regimental_gun_without_its_optional_rule_is_refused() {
    let text = edit(&[(27, r#"formation = "column""#, "regimental_gun = true")]);
    assert_refused(
        &text,
        27,
        &["'r-inf'", "regimental-guns is not in optional_rules"],
    );
}
