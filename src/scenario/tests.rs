use super::*;
use std::fmt::Write as _;

/// Each shipped scenario, read in parts of any size, is what it is read whole: every
/// value and every span, so every refusal's line.
#[test]
fn a_scenario_read_in_parts_is_the_scenario_read_whole() {
    let tests = [
        (
            "1:25 combat",
            include_str!("../../tests/data/stc-1-25-combat.toml"),
        ),
        (
            "1:25 movement",
            include_str!("../../tests/data/stc-1-25-movement.toml"),
        ),
    ];
    for (name, text) in BUILT_IN.into_iter().chain(tests) {
        let whole: ScenarioSpec = toml::from_str(text).unwrap();
        for part_bytes in [0, 1, 2_000, usize::MAX] {
            let mut parts = Parts::cut_every(text, &["unit", "general"], None, part_bytes);
            let read = ScenarioSpec::read_parts(&mut parts).expect("reads in parts");
            assert!(parts.is_read());
            assert_eq!(
                format!("{read:?}"),
                format!("{whole:?}"),
                "{name}, {part_bytes}"
            );
        }
    }
}

/// A battle too big is refused at the first unit over, as when every unit was kept;
/// so is a clash of ids, at its line.
#[test]
fn a_scenario_read_in_parts_is_refused_as_when_read_whole() {
    let mut text = built_in("tutorial").unwrap().to_owned();
    for n in 0..MAX_UNITS + 10 {
        let _ = write!(
            text,
            "\n[[unit]]\nid = \"x{n}\"\nside = \"france\"\nname = \"X {n}\"\n\
                 arm = \"infantry\"\ntype = \"line\"\nfigures = 12\n"
        );
    }
    let whole = |text: &str| {
        toml::from_str::<ScenarioSpec>(text)
            .unwrap()
            .check("big.toml", text)
            .unwrap_err()
    };
    let error = parse("big.toml", &text).unwrap_err();
    assert_eq!(error, whole(&text));
    // The tutorial has 6 units: x1994 is the 2,001st.
    let over = text.lines().position(|l| l == "id = \"x1994\"").unwrap() + 1;
    assert_eq!(error.all().len(), 1, "{error}");
    assert_eq!(error.first().line, over);
    assert!(
        error.first().message.contains("more than 2000 units"),
        "{error}"
    );

    let clash = built_in("tutorial")
        .unwrap()
        .replacen("\"br-95r\"", "\"FR-4L1\"", 1);
    let error = parse("big.toml", &clash).unwrap_err();
    assert_eq!(error, whole(&clash));
    assert!(
        error
            .to_string()
            .ends_with("duplicate unit id 'FR-4L1' (same as 'fr-4l1' but for case)"),
        "{error}"
    );
}

#[test]
fn errors_show_as_much_of_the_place_as_they_know() {
    let at = FileError::at("s.toml", "a\nbc = 1", &(5..6), "bad");
    assert_eq!(at.to_string(), "s.toml:2:4: bad");
    let line_only = FileError { column: 0, ..at };
    assert_eq!(line_only.to_string(), "s.toml:2: bad");
    assert_eq!(
        FileError::whole_file("s.toml", "bad").to_string(),
        "s.toml: bad"
    );
}
