use super::*;
use crossterm::event::KeyCode::{self, Char};
use std::collections::BTreeSet;

const NONE: KeyModifiers = KeyModifiers::NONE;
const CTRL: KeyModifiers = KeyModifiers::CONTROL;
const SHIFT: KeyModifiers = KeyModifiers::SHIFT;

fn key(code: KeyCode, modifiers: KeyModifiers) -> Key {
    Key { code, modifiers }
}

fn event(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
    KeyEvent::new(code, modifiers)
}

/// The actions whose keys differ from the defaults.
fn changed(parsed: &Parsed) -> BTreeSet<Action> {
    let defaults = Keymap::default();
    Action::ALL
        .iter()
        .copied()
        .filter(|&a| parsed.keymap.keys(a) != defaults.keys(a))
        .collect()
}

/// `mouse = false` leaves the mouse to the terminal; help then lists no mouse rows.
#[test]
fn the_file_may_leave_the_mouse_to_the_terminal() {
    assert!(Keymap::default().mouse);
    let parsed = Keymap::parse("mouse = false\n[keys]\nhit = \"x\"\n").unwrap();
    assert!(!parsed.keymap.mouse);
    assert_eq!(
        parsed.keymap.action(event(Char('x'), NONE)),
        Some(Action::Hit)
    );
    assert!(Keymap::parse("[keys]\nhit = \"x\"\n").unwrap().keymap.mouse);
    let error = Keymap::parse("mouse = \"off\"\n").unwrap_err();
    assert_eq!(error.line, 1, "{error}");
    // Under [keys] it would read as an action: the referee is told where it goes.
    let error = Keymap::parse("[keys]\nhit = \"x\"\nmouse = false\n").unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 3: `mouse` goes above [keys], at the top of the file"
    );
    let error = Keymap::parse("[keys]\nhit = true\n").unwrap_err();
    assert_eq!(error.line, 2, "{error}");
    let listed = |keymap: &Keymap| rows(keymap).iter().any(|(keys, _, _)| keys == "click");
    assert!(listed(&Keymap::default()));
    assert!(!listed(&parsed.keymap));
}

#[test]
fn every_notation_parses() {
    let cases = [
        ("q", key(Char('q'), NONE)),
        ("Q", key(Char('Q'), NONE)),
        ("shift-q", key(Char('Q'), NONE)),
        ("Shift-Q", key(Char('Q'), NONE)),
        ("ctrl-r", key(Char('r'), CTRL)),
        ("Ctrl-R", key(Char('r'), CTRL)),
        ("CTRL+r", key(Char('r'), CTRL)),
        ("alt-x", key(Char('x'), KeyModifiers::ALT)),
        ("enter", key(KeyCode::Enter, NONE)),
        ("Return", key(KeyCode::Enter, NONE)),
        ("esc", key(KeyCode::Esc, NONE)),
        ("Escape", key(KeyCode::Esc, NONE)),
        ("tab", key(KeyCode::Tab, NONE)),
        ("shift-tab", key(KeyCode::BackTab, NONE)),
        ("Shift+Tab", key(KeyCode::BackTab, NONE)),
        ("backtab", key(KeyCode::BackTab, NONE)),
        ("up", key(KeyCode::Up, NONE)),
        ("down", key(KeyCode::Down, NONE)),
        ("left", key(KeyCode::Left, NONE)),
        ("right", key(KeyCode::Right, NONE)),
        ("shift-up", key(KeyCode::Up, SHIFT)),
        ("pgup", key(KeyCode::PageUp, NONE)),
        ("PageUp", key(KeyCode::PageUp, NONE)),
        ("pgdn", key(KeyCode::PageDown, NONE)),
        ("pagedown", key(KeyCode::PageDown, NONE)),
        ("home", key(KeyCode::Home, NONE)),
        ("end", key(KeyCode::End, NONE)),
        ("space", key(Char(' '), NONE)),
        ("ctrl-space", key(Char(' '), CTRL)),
        ("backspace", key(KeyCode::Backspace, NONE)),
        ("delete", key(KeyCode::Delete, NONE)),
        ("f1", key(KeyCode::F(1), NONE)),
        ("F12", key(KeyCode::F(12), NONE)),
        ("?", key(Char('?'), NONE)),
        (":", key(Char(':'), NONE)),
        ("-", key(Char('-'), NONE)),
        ("+", key(Char('+'), NONE)),
        ("ctrl--", key(Char('-'), CTRL)),
        ("1", key(Char('1'), NONE)),
        (" h ", key(Char('h'), NONE)),
        ("é", key(Char('é'), NONE)),
    ];
    for (text, expected) in cases {
        assert_eq!(Key::parse(text), Ok(expected), "{text:?}");
    }
}

#[test]
fn a_key_shows_as_the_file_would_write_it_and_reads_back() {
    let cases = [
        ("Q", "Q"),
        ("shift-q", "Q"),
        ("Ctrl-R", "ctrl-r"),
        ("Return", "enter"),
        ("Shift+Tab", "shift-tab"),
        ("PageDown", "pgdn"),
        ("space", "space"),
        ("F5", "f5"),
        ("shift-up", "shift-up"),
        ("ctrl--", "ctrl--"),
        ("alt-x", "alt-x"),
    ];
    for (text, shown) in cases {
        let parsed = Key::parse(text).unwrap();
        assert_eq!(parsed.to_string(), shown);
        assert_eq!(Key::parse(shown), Ok(parsed));
    }
}

#[test]
fn what_is_not_a_key_says_why() {
    assert_eq!(Key::parse(""), Err(KeyError::Empty));
    assert_eq!(Key::parse("  "), Err(KeyError::Empty));
    for text in [
        "enterr",
        "ctrl-",
        "f0",
        "f25",
        "hyper-x",
        "ctrl-shift",
        "xy",
    ] {
        assert_eq!(
            Key::parse(text),
            Err(KeyError::Unknown(text.to_owned())),
            "{text}"
        );
    }
    assert_eq!(
        Key::parse("shift-1"),
        Err(KeyError::ShiftedSymbol("shift-1".into()))
    );
    assert_eq!(Key::parse("ctrl-c"), Err(KeyError::Reserved));
    assert_eq!(Key::parse("Ctrl-C"), Err(KeyError::Reserved));
}

/// Terminals report shifted letters with and without SHIFT, and Ctrl-Shift-R as
/// Ctrl-R; each must land on the parsed key.
#[test]
fn a_terminal_key_matches_the_parsed_one_however_it_reports_shift() {
    let h = Key::parse("H").unwrap();
    assert_eq!(Key::from_event(event(Char('H'), NONE)), h);
    assert_eq!(Key::from_event(event(Char('H'), SHIFT)), h);
    assert_eq!(Key::from_event(event(Char('h'), SHIFT)), h);
    assert_eq!(
        Key::from_event(event(Char('?'), SHIFT)),
        Key::parse("?").unwrap()
    );
    let back = Key::parse("shift-tab").unwrap();
    assert_eq!(Key::from_event(event(KeyCode::BackTab, SHIFT)), back);
    assert_eq!(Key::from_event(event(KeyCode::BackTab, NONE)), back);
    assert_eq!(Key::from_event(event(KeyCode::Tab, SHIFT)), back);
    let redo = Key::parse("ctrl-r").unwrap();
    assert_eq!(Key::from_event(event(Char('R'), CTRL | SHIFT)), redo);
    assert_ne!(Key::from_event(event(Char('r'), NONE)), redo);
}

/// Every binding the screen had before keys could be changed, and only those.
#[test]
fn the_defaults_are_the_old_keys() {
    use Action::*;
    let keymap = Keymap::default();
    let old = [
        (event(Char('q'), NONE), Quit),
        (event(Char('?'), NONE), Help),
        (event(Char('?'), SHIFT), Help),
        (event(Char(':'), NONE), CommandLine),
        (event(KeyCode::Esc, NONE), ClearMessage),
        (event(KeyCode::Tab, NONE), NextPane),
        (event(KeyCode::BackTab, SHIFT), PreviousPane),
        (event(Char('1'), NONE), PaneRoster),
        (event(Char('2'), NONE), PaneChecklist),
        (event(Char('3'), NONE), PaneDice),
        (event(Char('4'), NONE), PaneLog),
        (event(KeyCode::Up, NONE), Up),
        (event(Char('k'), NONE), Up),
        (event(KeyCode::Down, NONE), Down),
        (event(Char('j'), NONE), Down),
        (event(KeyCode::PageUp, NONE), PageUp),
        (event(KeyCode::PageDown, NONE), PageDown),
        (event(KeyCode::Home, NONE), First),
        (event(Char('g'), NONE), First),
        (event(KeyCode::End, NONE), Last),
        (event(Char('G'), SHIFT), Last),
        (event(KeyCode::Enter, NONE), Open),
        (event(Char('h'), NONE), Hit),
        (event(Char('H'), SHIFT), Unhit),
        (event(Char('r'), NONE), Rout),
        (event(Char('R'), SHIFT), Unrout),
        (event(Char('s'), NONE), Shaken),
        (event(Char('d'), NONE), Disorder),
        (event(Char('f'), NONE), Formation),
        (event(Char('c'), NONE), Command),
        (event(Char('n'), NONE), NextPhase),
        (event(Char('u'), NONE), Undo),
        (event(Char('r'), CTRL), Redo),
        // The forms, the quick reference and remove, added with them.
        (event(Char('F'), SHIFT), Shoot),
        (event(Char('t'), NONE), Test),
        (event(Char('a'), NONE), Rally),
        (event(Char('b'), NONE), Combat),
        (event(Char('m'), NONE), MoveUnit),
        (event(Char('x'), NONE), Remove),
        (event(Char('/'), NONE), Reference),
        // The strength chart, added with the after-action report.
        (event(Char('S'), SHIFT), Strength),
        // The whole last message, added with the table-screen review (issue 36).
        (event(Char('w'), NONE), WholeMessage),
        // Getting around a big battle (issue 36).
        (event(Char('\''), NONE), Jump),
        (event(Char(']'), NONE), NextSide),
        (event(Char('['), NONE), PreviousSide),
    ];
    for (pressed, action) in old {
        assert_eq!(keymap.action(pressed), Some(action), "{pressed:?}");
    }
    let bound: usize = Action::ALL.iter().map(|&a| keymap.keys(a).len()).sum();
    assert_eq!(bound, old.len() - 1, "no key beyond the old ones (? twice)");
    for unbound in [
        event(Char('h'), CTRL),
        event(Char('z'), NONE),
        event(Char('5'), NONE),
        event(Char('h'), KeyModifiers::ALT),
    ] {
        assert_eq!(keymap.action(unbound), None, "{unbound:?}");
    }
}

#[test]
fn the_table_is_sound() {
    let mut names = BTreeSet::new();
    let mut keys = BTreeSet::new();
    for &action in Action::ALL {
        let name = action.name();
        assert!(names.insert(name), "{name} twice");
        assert!(
            name.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
            "{name} is not snake_case"
        );
        assert_eq!(Action::named(name), Some(action));
        assert!(!action.default_keys().is_empty(), "{name} has no key");
        for key in action.default_keys() {
            let parsed = Key::parse(key).unwrap();
            assert_eq!(&parsed.to_string(), key, "{name}'s {key} as shown");
            assert!(keys.insert(parsed.to_string()), "{key} bound twice");
        }
    }
    assert_eq!(Action::named("Next-Phase"), Some(Action::NextPhase));
}

#[test]
fn a_file_moves_only_the_actions_it_names() {
    let parsed = Keymap::parse("[keys]\nhit = \"z\"\nundo = [\"u\", \"Ctrl-Z\"]\n").unwrap();
    let keymap = &parsed.keymap;
    assert_eq!(keymap.action(event(Char('z'), NONE)), Some(Action::Hit));
    assert_eq!(keymap.action(event(Char('h'), NONE)), None);
    assert_eq!(keymap.shown(Action::Undo), "u ctrl-z");
    assert_eq!(
        changed(&parsed),
        BTreeSet::from([Action::Hit, Action::Undo])
    );
    assert!(parsed.keyless.is_empty());
    // No table at all, or an empty one, is the defaults.
    for text in ["", "[keys]\n", "# nothing yet\n"] {
        assert_eq!(Keymap::parse(text).unwrap().keymap, Keymap::default());
    }
}

#[test]
fn a_key_given_away_leaves_its_old_action() {
    let parsed = Keymap::parse("[keys]\nhit = \"j\"\n").unwrap();
    let keymap = &parsed.keymap;
    assert_eq!(keymap.action(event(Char('j'), NONE)), Some(Action::Hit));
    assert_eq!(keymap.shown(Action::Down), "down");
    assert!(parsed.keyless.is_empty(), "down keeps its arrow");

    // rout's only key given to hit: rout has none left, and the referee is told.
    let parsed = Keymap::parse("[keys]\nhit = [\"h\", \"r\"]\n").unwrap();
    assert_eq!(parsed.keymap.keys(Action::Rout), &[]);
    assert_eq!(parsed.keyless, [Action::Rout]);

    // An action the file empties on purpose is no surprise.
    let parsed = Keymap::parse("[keys]\nquit = []\n").unwrap();
    assert_eq!(parsed.keymap.action(event(Char('q'), NONE)), None);
    assert!(parsed.keyless.is_empty());

    // Two actions may swap keys.
    let parsed = Keymap::parse("[keys]\nhit = \"H\"\nunhit = \"h\"\n").unwrap();
    assert_eq!(
        parsed.keymap.action(event(Char('h'), NONE)),
        Some(Action::Unhit)
    );
    assert_eq!(
        parsed.keymap.action(event(Char('H'), NONE)),
        Some(Action::Hit)
    );
}

#[test]
fn each_mistake_names_its_line() {
    let cases: [(&str, usize, &str); 9] = [
        ("[keys]\nhit = \"x\"\nundo = \"u\n", 3, "string"),
        (
            "[keys]\nhti = \"x\"\n",
            2,
            "no action `hti`: did you mean 'hit'?",
        ),
        (
            "[keys]\nhit = \"x\"\nundo = [\n  \"u\",\n  \"ctrl-zz\",\n]\n",
            5,
            "`ctrl-zz` is not a key name",
        ),
        (
            "[keys]\nhit = \"x\"\n\nrout = \"X\"\nunrout = \"shift-x\"\n",
            5,
            "`X` is given to both rout and unrout",
        ),
        ("[keys]\nquit = \"ctrl-c\"\n", 2, "ctrl-c always quits"),
        ("[keys]\nhit = 3\n", 2, "a key such as"),
        ("[keys]\nhit = [\"x\", 3]\n", 2, "expected a string"),
        ("# mine\n[key]\nhit = \"x\"\n", 2, "unknown field `key`"),
        ("[keys]\nhit = \"x\"\nhit = \"y\"\n", 3, "duplicate key"),
    ];
    for (text, line, says) in cases {
        let error = Keymap::parse(text).unwrap_err();
        assert_eq!(error.line, line, "{text:?}: {error}");
        assert!(error.to_string().contains(says), "{text:?}: {error}");
        assert!(error.to_string().starts_with(&format!("line {line}: ")));
    }
}

#[test]
fn loading_falls_back_to_the_defaults_and_says_why() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join(FILE_NAME);
    let nothing = load(Some(folder.path()));
    assert_eq!(nothing.keymap, Keymap::default());
    assert_eq!((nothing.alarm, nothing.note), (None, None));
    assert_eq!(nothing.file, Some(path.clone()));
    assert_eq!(load(None).keymap, Keymap::default());

    std::fs::write(&path, "[keys]\nhit = \"x\"\nrout = \"zz\"\n").unwrap();
    let bad = load(Some(folder.path()));
    assert_eq!(bad.keymap, Keymap::default(), "none of the file is used");
    let alarm = bad.alarm.unwrap();
    assert!(alarm.contains(&path.display().to_string()), "{alarm}");
    assert!(alarm.contains("line 3: `zz` is not a key name"), "{alarm}");

    std::fs::write(&path, "[keys]\nhit = \"r\"\n").unwrap();
    let good = load(Some(folder.path()));
    assert_eq!(good.alarm, None);
    assert_eq!(good.keymap.shown(Action::Hit), "r");
    assert!(good.note.unwrap().contains("rout now has no key"));

    std::fs::write(&path, [0xff, 0xfe]).unwrap();
    assert!(load(Some(folder.path())).alarm.is_some(), "not UTF-8");
}
