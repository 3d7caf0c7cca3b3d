//! Which key does what on the main screen. The defaults are compiled in; the referee's
//! `keymap.toml` in the config folder moves any action to other keys:
//!
//! ```toml
//! mouse = false   # leave clicks and the wheel to the terminal (as --no-mouse does)
//!
//! [keys]
//! hit = "x"
//! undo = ["u", "ctrl-z"]
//! ```
//!
//! An action named in the file keeps only the keys given there; every other action keeps
//! its defaults, less any key the file gave away. A file with any mistake is ignored
//! whole: half a keymap would leave the referee guessing which half.

// Why this file is long: every action with its default keys, and the referee's keymap.toml
// read with each bad line refused at its line and column.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde::Deserialize;
use serde::de::{Deserializer, SeqAccess, Visitor};
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// The keymap's name in the config folder.
pub const FILE_NAME: &str = "keymap.toml";

/// Whom an action works on; the details window lists the unit actions' keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    Screen,
    Unit,
}

/// Every main-screen action from one table, so that a new action is one row here plus
/// its arm in `keys::main` (the match there is exhaustive, so the arm cannot be
/// forgotten). The row's order is the help screen's and the README's.
macro_rules! actions {
    ($($variant:ident: $name:literal, [$($key:literal),*], $scope:ident, $about:literal;)*) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Action {
            $($variant,)*
        }

        impl Action {
            pub const ALL: &[Action] = &[$(Action::$variant,)*];

            /// The action's name in `keymap.toml`.
            pub fn name(self) -> &'static str {
                match self {
                    $(Action::$variant => $name,)*
                }
            }

            /// One line for the help screen.
            pub fn about(self) -> &'static str {
                match self {
                    $(Action::$variant => $about,)*
                }
            }

            /// The compiled-in keys, in the notation of [`Key::parse`].
            pub fn default_keys(self) -> &'static [&'static str] {
                match self {
                    $(Action::$variant => &[$($key),*],)*
                }
            }

            pub fn scope(self) -> Scope {
                match self {
                    $(Action::$variant => Scope::$scope,)*
                }
            }
        }
    };
}

// Columns: the variant; its name in `keymap.toml` (snake_case); its default keys, in the
// file's notation, none of them another action's; `Unit` if it acts on the selected unit
// (the details window lists those keys), else `Screen`; the line help shows.
actions! {
    Up:            "up",             ["up", "k"],    Screen, "move the selection up, scroll up";
    Down:          "down",           ["down", "j"],  Screen, "move the selection down, scroll down";
    PageUp:        "page_up",        ["pgup"],       Screen, "a page up";
    PageDown:      "page_down",      ["pgdn"],       Screen, "a page down";
    First:         "first",          ["home", "g"],  Screen, "to the first unit, item, dice or log line";
    Last:          "last",           ["end", "G"],   Screen, "to the last unit, item, dice or log line";
    NextPane:      "next_pane",      ["tab"],        Screen, "next pane";
    PreviousPane:  "previous_pane",  ["shift-tab"],  Screen, "previous pane";
    PaneRoster:    "pane_roster",    ["1"],          Screen, "the roster pane";
    PaneChecklist: "pane_checklist", ["2"],          Screen, "the checklist pane";
    PaneDice:      "pane_dice",      ["3"],          Screen, "the dice pane";
    PaneLog:       "pane_log",       ["4"],          Screen, "the log pane";
    Open:          "open",           ["enter"],      Screen, "the unit's details (checklist: go to the unit)";
    Jump:          "jump",           ["'"],          Screen, "find a unit by a few letters of its id or name";
    NextSide:      "next_side",      ["]"],          Screen, "the next side's units in the roster";
    PreviousSide:  "previous_side",  ["["],          Screen, "the previous side's units in the roster";
    Hit:           "hit",            ["h"],          Unit,   "add a loss hit to the selected unit";
    Unhit:         "unhit",          ["H"],          Unit,   "take back a loss hit";
    Rout:          "rout",           ["r"],          Unit,   "add a rout hit";
    Unrout:        "unrout",         ["R"],          Unit,   "take back a rout hit";
    Shaken:        "shaken",         ["s"],          Unit,   "shaken on / off";
    Disorder:      "disorder",       ["d"],          Unit,   "disordered on / off";
    Formation:     "formation",      ["f"],          Unit,   "next formation";
    Command:       "command",        ["c"],          Unit,   "in / out of command";
    Shoot:         "shoot",          ["F"],          Unit,   "fire: a form for the target, facts and dice";
    Test:          "test",           ["t"],          Unit,   "its morale test, or the one owed elsewhere";
    Rally:         "rally",          ["a"],          Unit,   "a shaken unit tries to rally: a form";
    Combat:        "combat",         ["b"],          Unit,   "close combat: a form for the enemies and dice";
    MoveUnit:      "move_unit",      ["m"],          Unit,   "move or charge: a form, its allowance and why";
    Remove:        "remove",         ["x"],          Unit,   "take the unit out of play (asks first)";
    Reference:     "reference",      ["/"],          Screen, "quick reference: every chart, and what the unit needs";
    Strength:      "strength",       ["S"],          Screen, "each army's figures turn by turn: a chart";
    NextPhase:     "next_phase",     ["n"],          Screen, "next phase (asks first if items are open)";
    Undo:          "undo",           ["u"],          Screen, "undo the last command";
    Redo:          "redo",           ["ctrl-r"],     Screen, "redo the last command undone";
    CommandLine:   "command_line",   [":"],          Screen, "command line: ↑↓ history, Tab completes";
    Help:          "help",           ["?"],          Screen, "this help";
    ClearMessage:  "clear_message",  ["esc"],        Screen, "clear the message";
    WholeMessage:  "whole_message",  ["w"],          Screen, "the whole last message, when the status line cuts it";
    Quit:          "quit",           ["q"],          Screen, "quit (every command is already saved)";
}

/// Keys no keymap can move, with what they do; help and the README list them last.
pub const FIXED: [(&str, &str); 3] = [
    ("ctrl-c", "quit, always"),
    ("esc", "close a window, always"),
    (
        "ctrl-u",
        "clear the filter (a form's list, the quick reference, the jump window)",
    ),
];

impl Action {
    /// The action a name in the file means: case and `-` for `_` forgiven.
    pub fn named(name: &str) -> Option<Action> {
        let name = name.trim().to_ascii_lowercase().replace('-', "_");
        Action::ALL.iter().copied().find(|a| a.name() == name)
    }

    /// Whether the action changes the battle, or opens a window that ends in a change:
    /// a watcher (`adjutant watch`) refuses these. Exhaustive, so a new action has to be
    /// placed on one side or the other before it compiles.
    pub fn changes_battle(self) -> bool {
        match self {
            Action::Hit
            | Action::Unhit
            | Action::Rout
            | Action::Unrout
            | Action::Shaken
            | Action::Disorder
            | Action::Formation
            | Action::Command
            | Action::Shoot
            | Action::Test
            | Action::Rally
            | Action::Combat
            | Action::MoveUnit
            | Action::Remove
            | Action::NextPhase
            | Action::Undo
            | Action::Redo
            | Action::CommandLine => true,
            Action::Up
            | Action::Down
            | Action::PageUp
            | Action::PageDown
            | Action::First
            | Action::Last
            | Action::NextPane
            | Action::PreviousPane
            | Action::PaneRoster
            | Action::PaneChecklist
            | Action::PaneDice
            | Action::PaneLog
            | Action::Open
            | Action::Jump
            | Action::NextSide
            | Action::PreviousSide
            | Action::Reference
            | Action::Strength
            | Action::Help
            | Action::ClearMessage
            | Action::WholeMessage
            | Action::Quit => false,
        }
    }
}

/// One key as the screen tells keys apart: a code and the modifiers that matter. Shift
/// is part of the character (`H`, `?`) and of Shift-Tab, so for those it is dropped:
/// terminals differ in whether they also report it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Key {
    code: KeyCode,
    modifiers: KeyModifiers,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeyError {
    #[error("an empty key (the space bar is \"space\")")]
    Empty,
    #[error("`{0}` is not a key name")]
    Unknown(String),
    #[error("`{0}`: shift goes with letters and named keys; write the character it types")]
    ShiftedSymbol(String),
    #[error("ctrl-c always quits and cannot be bound")]
    Reserved,
}

/// Named keys: (name in the file, code). The first name of a code is how it is shown.
const NAMED: [(&str, KeyCode); 20] = [
    ("enter", KeyCode::Enter),
    ("return", KeyCode::Enter),
    ("esc", KeyCode::Esc),
    ("escape", KeyCode::Esc),
    ("tab", KeyCode::Tab),
    ("shift-tab", KeyCode::BackTab),
    ("backtab", KeyCode::BackTab),
    ("space", KeyCode::Char(' ')),
    ("up", KeyCode::Up),
    ("down", KeyCode::Down),
    ("left", KeyCode::Left),
    ("right", KeyCode::Right),
    ("pgup", KeyCode::PageUp),
    ("pageup", KeyCode::PageUp),
    ("pgdn", KeyCode::PageDown),
    ("pagedown", KeyCode::PageDown),
    ("home", KeyCode::Home),
    ("end", KeyCode::End),
    ("backspace", KeyCode::Backspace),
    ("delete", KeyCode::Delete),
];

const MODIFIERS: [(&str, KeyModifiers); 3] = [
    ("ctrl", KeyModifiers::CONTROL),
    ("alt", KeyModifiers::ALT),
    ("shift", KeyModifiers::SHIFT),
];

impl Key {
    /// Quits from anywhere, so no keymap may take it.
    pub const CTRL_C: Key = Key {
        code: KeyCode::Char('c'),
        modifiers: KeyModifiers::CONTROL,
    };

    /// Reads the file's notation: `q`, `Q` (or `shift-q`), `ctrl-r` (`Ctrl+R` too),
    /// `enter`, `esc`, `tab`, `shift-tab`, `up`, `pgdn`, `home`, `space`, `f1`…, and any
    /// other single character as itself.
    pub fn parse(text: &str) -> Result<Key, KeyError> {
        let mut rest = text.trim();
        if rest.is_empty() {
            return Err(KeyError::Empty);
        }
        let mut modifiers = KeyModifiers::NONE;
        // "shift-tab" is a name of its own; any other prefix is a modifier, but only while
        // something follows it, so that "-" and "ctrl--" are the minus key.
        while !rest.eq_ignore_ascii_case("shift-tab") {
            let found = MODIFIERS.iter().find_map(|&(word, flag)| {
                let after = rest.get(word.len()..)?;
                let separated = after.starts_with(['-', '+']) && after.len() > 1;
                (rest[..word.len()].eq_ignore_ascii_case(word) && separated)
                    .then(|| (flag, &after[1..]))
            });
            let Some((flag, after)) = found else { break };
            modifiers |= flag;
            rest = after;
        }
        let mut chars = rest.chars();
        let code = match (chars.next(), chars.next()) {
            (Some(c), None) => KeyCode::Char(c),
            _ => named(rest).ok_or_else(|| KeyError::Unknown(text.trim().to_owned()))?,
        };
        let key = Key::new(code, modifiers, true)
            .ok_or_else(|| KeyError::ShiftedSymbol(text.trim().to_owned()))?;
        if key == Key::CTRL_C {
            return Err(KeyError::Reserved);
        }
        Ok(key)
    }

    /// The key a terminal reported, in the same terms as a parsed one.
    pub fn from_event(event: KeyEvent) -> Key {
        // A shift the terminal could not turn into a character (a digit, a symbol) is
        // dropped rather than refused: the character it sent is the key.
        Key::new(event.code, event.modifiers, false).unwrap_or(Key {
            code: event.code,
            modifiers: event.modifiers & !KeyModifiers::SHIFT,
        })
    }

    /// Folds shift into the character or Shift-Tab, and lower-cases control letters
    /// (terminals send Ctrl-R as Ctrl-r). `None` when `strict` and shift meets a
    /// character with no capital.
    fn new(code: KeyCode, modifiers: KeyModifiers, strict: bool) -> Option<Key> {
        let mut modifiers =
            modifiers & (KeyModifiers::CONTROL | KeyModifiers::ALT | KeyModifiers::SHIFT);
        let shift = modifiers.contains(KeyModifiers::SHIFT);
        let code = match code {
            KeyCode::Char(c) => {
                modifiers.remove(KeyModifiers::SHIFT);
                if modifiers.contains(KeyModifiers::CONTROL) {
                    KeyCode::Char(c.to_ascii_lowercase())
                } else if shift && c.is_alphabetic() {
                    KeyCode::Char(c.to_uppercase().next().unwrap_or(c))
                } else if shift && strict {
                    return None;
                } else {
                    KeyCode::Char(c)
                }
            }
            KeyCode::Tab if shift => {
                modifiers.remove(KeyModifiers::SHIFT);
                KeyCode::BackTab
            }
            KeyCode::BackTab => {
                modifiers.remove(KeyModifiers::SHIFT);
                KeyCode::BackTab
            }
            other => other,
        };
        Some(Key { code, modifiers })
    }
}

fn named(name: &str) -> Option<KeyCode> {
    let name = name.to_ascii_lowercase();
    if let Some(&(_, code)) = NAMED.iter().find(|(n, _)| *n == name) {
        return Some(code);
    }
    let number: u8 = name.strip_prefix('f')?.parse().ok()?;
    (1..=24).contains(&number).then_some(KeyCode::F(number))
}

/// The file's notation, so help shows what the referee would write.
impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (word, flag) in MODIFIERS {
            if self.modifiers.contains(flag) {
                write!(f, "{word}-")?;
            }
        }
        match self.code {
            KeyCode::Char(' ') => f.write_str("space"),
            KeyCode::Char(c) => write!(f, "{c}"),
            KeyCode::F(n) => write!(f, "f{n}"),
            code => match NAMED.iter().find(|(_, c)| *c == code) {
                Some((name, _)) => f.write_str(name),
                None => write!(f, "{}", format!("{code:?}").to_ascii_lowercase()),
            },
        }
    }
}

impl std::str::FromStr for Key {
    type Err = KeyError;

    fn from_str(text: &str) -> Result<Key, KeyError> {
        Key::parse(text)
    }
}

/// The keys in force: every action with its keys, in [`Action::ALL`] order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keymap {
    keys: BTreeMap<Action, Vec<Key>>,
    /// Whether clicks and the wheel are the screen's (`mouse = false` in the file leaves
    /// them to the terminal, for selecting text without Shift).
    pub mouse: bool,
}

impl Default for Keymap {
    fn default() -> Keymap {
        let keys = Action::ALL
            .iter()
            .map(|&action| {
                let keys = action
                    .default_keys()
                    .iter()
                    .map(|text| Key::parse(text).expect("the default keys parse"))
                    .collect();
                (action, keys)
            })
            .collect();
        Keymap { keys, mouse: true }
    }
}

/// Why a keymap file was ignored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct KeymapError {
    pub line: usize,
    pub problem: KeymapProblem,
}

/// What is wrong on a line of the keymap file, its data kept and its sentence made here.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeymapProblem {
    /// The file is not TOML, or not a keymap's fields; toml's own words.
    #[error("{0}")]
    Toml(String),
    /// A name in `[keys]` that is no action; `nearest` is the action it may mean.
    #[error(
        "no action `{name}`{} (? lists them)",
        crate::core::spelling::did_you_mean(*.nearest)
    )]
    UnknownAction {
        name: String,
        nearest: Option<&'static str>,
    },
    /// An action given `true` or `false` (as `mouse` is) instead of keys.
    #[error(
        "{} takes a key such as \"h\", or a list of keys, not true or false",
        .action.name()
    )]
    SwitchForKeys { action: Action },
    #[error(transparent)]
    Key(#[from] KeyError),
    #[error("`mouse` goes above [keys], at the top of the file")]
    MouseUnderKeys,
    #[error("`{key}` is given to both {} and {}", .first.name(), .second.name())]
    Twice {
        key: Key,
        first: Action,
        second: Action,
    },
}

/// What [`load`] tells the referee about the file: that it was ignored and why, or that
/// it left actions with no key. Its sentence becomes [`Loaded::alarm`] or
/// [`Loaded::note`].
#[derive(Debug, thiserror::Error)]
enum FileNotice {
    #[error("keymap {} ignored, default keys in use: {error}", .file.display())]
    Unreadable {
        file: PathBuf,
        error: std::io::Error,
    },
    #[error("keymap {} ignored, default keys in use: {error}", .file.display())]
    Refused { file: PathBuf, error: KeymapError },
    #[error(
        "keymap {}: {} now {} no key (the file gave the keys away)",
        .file.display(),
        names(.actions),
        if .actions.len() == 1 { "has" } else { "have" }
    )]
    Keyless { file: PathBuf, actions: Vec<Action> },
}

/// "hit, rout": the actions' names in the file.
fn names(actions: &[Action]) -> String {
    let names: Vec<&str> = actions.iter().map(|a| a.name()).collect();
    names.join(", ")
}

/// A keymap read from a file, and the actions it left with no key by giving their keys
/// to others (as opposed to an action the file itself set to `[]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    pub keymap: Keymap,
    pub keyless: Vec<Action>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    keys: BTreeMap<Spanned<String>, Spanned<Keys>>,
    mouse: Option<bool>,
}

/// `"x"` or `["x", "y"]`; each key of a list keeps its own place for the error's line.
/// A true or false is read too, only to say where `mouse = false` belongs.
enum Keys {
    One(String),
    Many(Vec<Spanned<String>>),
    Switch,
}

impl<'de> Deserialize<'de> for Keys {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Keys, D::Error> {
        struct KeysVisitor;
        impl<'de> Visitor<'de> for KeysVisitor {
            type Value = Keys;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a key such as \"h\", or a list of keys")
            }

            fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<Keys, E> {
                Ok(Keys::Switch)
            }

            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Keys, E> {
                Ok(Keys::One(text.to_owned()))
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Keys, A::Error> {
                let mut keys = Vec::new();
                while let Some(key) = seq.next_element::<Spanned<String>>()? {
                    keys.push(key);
                }
                Ok(Keys::Many(keys))
            }
        }
        deserializer.deserialize_any(KeysVisitor)
    }
}

impl Keymap {
    /// The action bound to a key the terminal reported, if any.
    pub fn action(&self, event: KeyEvent) -> Option<Action> {
        let key = Key::from_event(event);
        self.keys
            .iter()
            .find(|(_, keys)| keys.contains(&key))
            .map(|(&action, _)| action)
    }

    /// The action's keys, the first being the one hints show; empty if it has none.
    pub fn keys(&self, action: Action) -> &[Key] {
        self.keys.get(&action).map_or(&[], Vec::as_slice)
    }

    /// The action's keys as help shows them: `up k`.
    pub fn shown(&self, action: Action) -> String {
        let keys: Vec<String> = self.keys(action).iter().map(Key::to_string).collect();
        keys.join(" ")
    }

    /// The defaults with the file's `[keys]` laid over them. A key the file gives to one
    /// action is taken from any other that had it by default: the file is the referee's
    /// latest word. The same key given to two actions in the file is a mistake, though.
    pub fn parse(text: &str) -> Result<Parsed, KeymapError> {
        let at = |line: usize, problem: KeymapProblem| KeymapError { line, problem };
        let file: File = toml::from_str(text).map_err(|e| {
            let line = e.span().map_or(1, |span| line_of(text, span.start));
            at(line, KeymapProblem::Toml(e.message().trim().to_owned()))
        })?;
        // In the file's order, so the first mistake reported is the first in the file.
        let mut entries: Vec<_> = file.keys.into_iter().collect();
        entries.sort_by_key(|(name, _)| name.span().start);
        let mut given: BTreeMap<Action, Vec<Key>> = BTreeMap::new();
        let mut owner: HashMap<Key, Action> = HashMap::new();
        for (name, keys) in entries {
            if name.get_ref() == "mouse" {
                return Err(at(
                    line_of(text, name.span().start),
                    KeymapProblem::MouseUnderKeys,
                ));
            }
            let Some(action) = Action::named(name.get_ref()) else {
                let names = Action::ALL.iter().map(|a| a.name());
                let nearest = crate::core::spelling::nearest(names, name.get_ref());
                let line = line_of(text, name.span().start);
                let name = name.into_inner();
                return Err(at(line, KeymapProblem::UnknownAction { name, nearest }));
            };
            let span = keys.span();
            let keys: Vec<(String, Range<usize>)> = match keys.into_inner() {
                Keys::One(key) => vec![(key, span)],
                Keys::Switch => {
                    let problem = KeymapProblem::SwitchForKeys { action };
                    return Err(at(line_of(text, span.start), problem));
                }
                Keys::Many(keys) => keys
                    .into_iter()
                    .map(|k| (k.span(), k.into_inner()))
                    .map(|(span, k)| (k, span))
                    .collect(),
            };
            let bound = given.entry(action).or_default();
            for (text_key, span) in keys {
                let line = line_of(text, span.start);
                let key = Key::parse(&text_key).map_err(|e| at(line, e.into()))?;
                match owner.insert(key, action) {
                    Some(first) if first != action => {
                        let problem = KeymapProblem::Twice {
                            key,
                            first,
                            second: action,
                        };
                        return Err(at(line, problem));
                    }
                    _ => {}
                }
                if !bound.contains(&key) {
                    bound.push(key);
                }
            }
        }
        let mut keymap = Keymap {
            mouse: file.mouse.unwrap_or(true),
            ..Keymap::default()
        };
        let mut keyless = Vec::new();
        for (action, keys) in &mut keymap.keys {
            if let Some(mine) = given.get(action) {
                keys.clone_from(mine);
            } else if !keys.is_empty() {
                keys.retain(|key| !owner.contains_key(key));
                if keys.is_empty() {
                    keyless.push(*action);
                }
            }
        }
        Ok(Parsed { keymap, keyless })
    }
}

/// 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset)
        .map_or(1, |before| before.matches('\n').count() + 1)
}

/// The keymap the screen opens with, and what to tell the referee about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loaded {
    pub keymap: Keymap,
    /// The file the referee may write, if the platform has a config folder.
    pub file: Option<PathBuf>,
    /// The file was ignored, and why.
    pub alarm: Option<String>,
    /// The file is in force, but left an action with no key.
    pub note: Option<String>,
}

/// Reads `keymap.toml` from `config_folder`. No file is no news: the defaults.
pub fn load(config_folder: Option<&Path>) -> Loaded {
    let file = config_folder.map(|folder| folder.join(FILE_NAME));
    let mut loaded = Loaded {
        keymap: Keymap::default(),
        file: file.clone(),
        alarm: None,
        note: None,
    };
    let Some(path) = file else {
        return loaded;
    };
    let told = match crate::read::read_bounded(&path, crate::read::KEYMAP_LIMIT) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(error) => Some(FileNotice::Unreadable { file: path, error }),
        Ok(text) => match Keymap::parse(&text) {
            Err(error) => Some(FileNotice::Refused { file: path, error }),
            Ok(parsed) => {
                loaded.keymap = parsed.keymap;
                let actions = parsed.keyless;
                (!actions.is_empty()).then_some(FileNotice::Keyless {
                    file: path,
                    actions,
                })
            }
        },
    };
    match told {
        None => {}
        Some(note @ FileNotice::Keyless { .. }) => loaded.note = Some(note.to_string()),
        Some(alarm) => loaded.alarm = Some(alarm.to_string()),
    }
    loaded
}

/// What the mouse does while it is the screen's ([`Keymap::mouse`]), listed after the
/// fixed keys.
pub const MOUSE: [(&str, &str); 3] = [
    (
        "click",
        "select the unit, pane, tab or list entry under it; on the message line, show it whole",
    ),
    ("wheel", "scroll the pane under it, as up and down do"),
    (
        "shift-drag",
        "select text (option-drag on macOS; with --no-mouse, a plain drag)",
    ),
];

/// What the README's key table and help both list: (keys, action name, meaning), the
/// fixed keys and then the mouse last, with no action name.
pub fn rows(keymap: &Keymap) -> Vec<(String, &'static str, &'static str)> {
    let mouse: &[(&str, &str)] = if keymap.mouse { &MOUSE } else { &[] };
    Action::ALL
        .iter()
        .map(|&action| (keymap.shown(action), action.name(), action.about()))
        .chain(
            FIXED
                .iter()
                .chain(mouse)
                .map(|&(key, about)| (key.to_owned(), "", about)),
        )
        .collect()
}

#[cfg(test)]
mod tests;
