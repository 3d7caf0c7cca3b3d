//! The save file: readable TOML holding a format version, the seed, the scenario as
//! written, the log of applied commands (and those undone), and the state for people.

use crate::game::{Event, Game, GeneralView, LogEntry, SideView, StateView, UnitView};
use crate::rules::sound_the_charge::Phase;
use crate::scenario::{FileError, GeneralSpec, HeaderSpec, ScenarioSpec, SideSpec, UnitSpec};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use toml::Spanned;

/// The format this build writes. Older formats are upgraded on load; newer are refused.
pub const FORMAT: u32 = 1;

/// The last line of every save. A save without it was cut short.
pub const END_MARKER: &str = "# end of Adjutant save";

/// A save cut short before its `[save]` table is still recognised by its first line.
const PREAMBLE_FIRST_LINE: &str = "# Adjutant save file.";

const PREAMBLE: &str = "\
# Adjutant save file.
# [scenario], [[side]], [[unit]] and [[general]] are the scenario as it was loaded.
# [[log]] lists every command applied, in order, with the events it caused;
# [[redo]] holds commands undone and not yet redone (the next to redo is last).
# [state] is written for you to read: Adjutant rebuilds the battle from the scenario and
# the log on load, so edit those, never [state].
";

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveHeader {
    pub format: u32,
    /// Seed of the game's dice.
    pub seed: u64,
    /// The Adjutant that wrote the file, for the referee's information.
    #[serde(default)]
    pub written_by: String,
}

/// The save's opening tables: the header and the scenario as written.
#[derive(Serialize)]
struct HeadOut<'a> {
    save: SaveHeader,
    scenario: &'a HeaderSpec,
    side: &'a [SideSpec],
    unit: &'a [UnitSpec],
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    general: &'a [GeneralSpec],
}

/// One `[[log]]` entry, or one `[[redo]]` entry under `redo`.
#[derive(Serialize)]
struct EntryOut<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    log: Option<[&'a LogEntry; 1]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    redo: Option<[&'a LogEntry; 1]>,
}

/// `[state]`'s own values and its sides: everything of the state but units and generals.
#[derive(Serialize)]
struct StateHeadOut<'a> {
    state: StateHead<'a>,
}

#[derive(Serialize)]
struct StateHead<'a> {
    turn: u32,
    active: &'a str,
    phase: Phase,
    sides: &'a [SideView],
    /// `generals = []` when there are none, as `[state]` has always been written (and is
    /// compared with the log's on load); otherwise they come last, as tables.
    #[serde(skip_serializing_if = "Option::is_none")]
    generals: Option<&'a [GeneralView]>,
}

/// One `[[state.units]]` table, or all of `[[state.generals]]`.
#[derive(Serialize)]
struct StateRest<'a> {
    state: StateRestIn<'a>,
}

#[derive(Serialize)]
struct StateRestIn<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    units: Option<[&'a UnitView; 1]>,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    generals: &'a [GeneralView],
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveIn {
    pub save: SaveHeader,
    pub scenario: HeaderSpec,
    #[serde(default)]
    pub side: Vec<SideSpec>,
    #[serde(default)]
    pub unit: Vec<UnitSpec>,
    #[serde(default)]
    pub general: Vec<GeneralSpec>,
    #[serde(default)]
    pub log: Vec<Spanned<EntryIn>>,
    #[serde(default)]
    pub redo: Vec<Spanned<EntryIn>>,
    pub state: Option<toml::Value>,
}

/// A `[[log]]` or `[[redo]]` entry as read: a [`LogEntry`] whose command keeps its place
/// in the file, since a load reads the command again and refuses it there.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntryIn {
    turn: u32,
    active: String,
    phase: Phase,
    command: Spanned<String>,
    #[serde(default, rename = "event")]
    events: Vec<Event>,
}

impl EntryIn {
    /// The byte range of the command's value in the file.
    pub fn command_span(&self) -> std::ops::Range<usize> {
        self.command.span()
    }

    pub fn into_entry(self) -> LogEntry {
        // Every field named, so a field added to `LogEntry` must be read here too.
        let EntryIn {
            turn,
            active,
            phase,
            command,
            events,
        } = self;
        LogEntry {
            turn,
            active,
            phase,
            command: command.into_inner(),
            events,
        }
    }
}

impl SaveIn {
    pub fn scenario_spec(&self) -> ScenarioSpec {
        ScenarioSpec {
            scenario: self.scenario.clone(),
            side: self.side.clone(),
            unit: self.unit.clone(),
            general: self.general.clone(),
        }
    }
}

/// The `format` of the `[save]` table, found by scanning lines so that a newer file is
/// refused before its schema is judged, without parsing the whole file twice.
fn declared_format(text: &str) -> Option<u32> {
    let mut in_save = false;
    for line in text.lines().map(without_comment) {
        if line.starts_with('[') {
            in_save = line == "[save]";
        } else if in_save
            && let Some((key, value)) = line.split_once('=')
            && key.trim() == "format"
        {
            return value.trim().parse().ok();
        }
    }
    None
}

/// A line without its trailing `# comment` and surrounding blanks. Only for the header
/// lines scanned here, which hold no strings.
fn without_comment(line: &str) -> &str {
    line.split_once('#').map_or(line, |(code, _)| code).trim()
}

fn newer_format(file: &str, format: u32) -> FileError {
    FileError::whole_file(
        file,
        format!(
            "written in save format {format} by a newer Adjutant; this one reads up to format \
             {FORMAT}. Update Adjutant to open it"
        ),
    )
}

/// The text of `game`'s save file.
pub fn render(game: &Game) -> Result<String, toml::ser::Error> {
    SaveText::default().render(game)
}

/// The text of the last save, kept in pieces so the next save renders only what changed:
/// the scenario once, each log entry once, a unit's state when it changes. A command on a
/// long game then costs a few pieces, not the whole file. The pieces are checked against
/// the game each time, so a different game, an undo or a replaced entry simply renders
/// again.
#[derive(Debug, Clone, Default)]
pub struct SaveText {
    /// The scenario and seed the head was rendered for, and the head's text.
    head: Option<(Arc<ScenarioSpec>, u64, String)>,
    log: Pieces<Arc<LogEntry>>,
    units: Pieces<UnitView>,
}

/// Items with their rendered text, by position.
#[derive(Debug, Clone)]
struct Pieces<T>(Vec<(T, String)>);

impl<T> Default for Pieces<T> {
    fn default() -> Self {
        Pieces(Vec::new())
    }
}

impl<T: PartialEq + Clone> Pieces<T> {
    /// Renders the items that differ from those kept at their position.
    fn update(
        &mut self,
        items: &[T],
        render: impl Fn(&T) -> Result<String, toml::ser::Error>,
    ) -> Result<(), toml::ser::Error> {
        self.0.truncate(items.len());
        for (index, item) in items.iter().enumerate() {
            match self.0.get_mut(index) {
                Some((kept, _)) if kept == item => {}
                Some(piece) => *piece = (item.clone(), render(item)?),
                None => self.0.push((item.clone(), render(item)?)),
            }
        }
        Ok(())
    }

    fn push_to(&self, text: &mut String) {
        for (_, piece) in &self.0 {
            text.push('\n');
            text.push_str(piece);
        }
    }

    fn len(&self) -> usize {
        self.0.iter().map(|(_, piece)| piece.len() + 1).sum()
    }
}

impl SaveText {
    /// `game`'s save file, the same text as [`render`] gives.
    pub fn render(&mut self, game: &Game) -> Result<String, toml::ser::Error> {
        let spec = game.shared_spec();
        let head_is_current = self.head.as_ref().is_some_and(|(old, seed, _)| {
            *seed == game.seed() && (Arc::ptr_eq(old, spec) || old == spec)
        });
        if !head_is_current {
            let head = toml::to_string(&HeadOut {
                save: SaveHeader {
                    format: FORMAT,
                    seed: game.seed(),
                    written_by: format!("adjutant {}", env!("CARGO_PKG_VERSION")),
                },
                scenario: &spec.scenario,
                side: &spec.side,
                unit: &spec.unit,
                general: &spec.general,
            })?;
            self.head = Some((Arc::clone(spec), game.seed(), head));
        }
        self.log.update(game.log(), |entry| {
            toml::to_string(&EntryOut {
                log: Some([&**entry]),
                redo: None,
            })
        })?;
        let mut redo = String::new();
        for entry in game.redo_stack() {
            redo.push('\n');
            redo.push_str(&toml::to_string(&EntryOut {
                log: None,
                redo: Some([entry]),
            })?);
        }
        let state = render_state(&StateView::of(game.state()), &mut self.units)?;

        let head = self.head.as_ref().map_or("", |(_, _, text)| text.as_str());
        let mut text = String::with_capacity(
            PREAMBLE.len()
                + head.len()
                + self.log.len()
                + redo.len()
                + state.len()
                + END_MARKER.len()
                + 8,
        );
        text.push_str(PREAMBLE);
        text.push('\n');
        text.push_str(head);
        self.log.push_to(&mut text);
        text.push_str(&redo);
        text.push('\n');
        text.push_str(&state);
        text.push('\n');
        text.push_str(END_MARKER);
        text.push('\n');
        Ok(text)
    }
}

/// The `[state]` table: its own values and sides, a piece per unit (kept in `units`), then
/// the generals.
fn render_state(
    state: &StateView,
    units: &mut Pieces<UnitView>,
) -> Result<String, toml::ser::Error> {
    let state_head = toml::to_string(&StateHeadOut {
        state: StateHead {
            turn: state.turn,
            active: &state.active,
            phase: state.phase,
            sides: &state.sides,
            generals: state.generals.is_empty().then_some(&[][..]),
        },
    })?;
    units.update(&state.units, |unit| {
        toml::to_string(&StateRest {
            state: StateRestIn {
                units: Some([unit]),
                generals: &[],
            },
        })
    })?;
    // With no generals this would be an empty `[state]`, a second one; the head has
    // written `generals = []`.
    let generals = if state.generals.is_empty() {
        String::new()
    } else {
        toml::to_string(&StateRest {
            state: StateRestIn {
                units: None,
                generals: &state.generals,
            },
        })?
    };

    let mut text = state_head;
    units.push_to(&mut text);
    if !generals.is_empty() {
        text.push('\n');
        text.push_str(&generals);
    }
    Ok(text)
}

/// Whether `text` looks like a save rather than a scenario.
pub fn is_save(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .starts_with(PREAMBLE_FIRST_LINE)
        || has_header(text, "[save]")
}

/// Whether a line of `text`, less its comment, is the table header `header`.
fn has_header(text: &str, header: &str) -> bool {
    text.lines().any(|line| without_comment(line) == header)
}

/// Parses a save's text, refusing a newer format or a file cut short.
pub fn parse(file: &str, text: &str) -> Result<SaveIn, FileError> {
    check_whole(file, text)?;
    let save: SaveIn = toml::from_str(text).map_err(|e| FileError::from_toml(file, text, &e))?;
    known_format(file, save)
}

/// What a save must be before its TOML is read: text, a save, of a format this build
/// knows, and whole.
fn check_whole(file: &str, text: &str) -> Result<(), FileError> {
    let ends_properly = text.trim_end().ends_with(END_MARKER);
    let truncated = || {
        FileError::whole_file(
            file,
            format!(
                "the file stops at line {} without its last line `{END_MARKER}`: it was cut \
                 short (a crash or a full disk?). It has been left as it is; restore a copy \
                 or add the line back if the log looks complete",
                text.lines().count()
            ),
        )
    };
    if text.trim().is_empty() {
        return Err(FileError::whole_file(
            file,
            "the file is empty (a crash or a full disk?); restore a copy",
        ));
    }
    if let Some(why) = not_a_save(file, text) {
        return Err(FileError::whole_file(file, why));
    }
    if let Some(format) = declared_format(text)
        && format > FORMAT
    {
        return Err(newer_format(file, format));
    }
    if !ends_properly {
        return Err(truncated());
    }
    Ok(())
}

/// Why `text` (the whole file or its head) is not a save, if it is not one. Offers `new`
/// only for what `new` takes: any other file picked by mistake is called what it is not,
/// with nothing to run on it.
pub(super) fn not_a_save(file: &str, text: &str) -> Option<String> {
    if is_save(text) {
        None
    } else if has_header(text, "[scenario]") {
        Some(format!(
            "this is a scenario, not a save: start a game from it with \
             `adjutant new {file} -o game.toml`"
        ))
    } else {
        Some("this is not an Adjutant save: it has no [save] table".to_owned())
    }
}

fn known_format(file: &str, save: SaveIn) -> Result<SaveIn, FileError> {
    match save.save.format {
        0 => Err(FileError::whole_file(file, "save format 0 does not exist")),
        format if format > FORMAT => Err(newer_format(file, format)),
        _ => Ok(save),
    }
}

/// [`parse`], leaving the `[state]` table as text when it stands where Adjutant writes it
/// (last, before the end line): it is for people, and a third of a big save, so a load
/// compares it with the state it replays as text and parses it only if they differ. Any
/// doubt (no such table, or the rest not parsing alone) parses the whole file as
/// [`parse`] does, so errors and their lines are the same.
pub fn parse_lightly<'a>(
    file: &str,
    text: &'a str,
) -> Result<(SaveIn, Option<&'a str>), FileError> {
    check_whole(file, text)?;
    if let Some((start, end)) = state_section(text)
        && let Ok(save) = toml::from_str::<SaveIn>(&text[..start])
        && save.state.is_none()
    {
        return Ok((known_format(file, save)?, Some(&text[start..end])));
    }
    Ok((parse(file, text)?, None))
}

/// The byte range of the `[state]` table in a save as Adjutant writes it.
fn state_section(text: &str) -> Option<(usize, usize)> {
    let end = text.rfind(&format!("\n{END_MARKER}"))?;
    let start = text[..end].rfind("\n[state]\n")? + 1;
    Some((start, end))
}

/// The `[state]` table of `state` exactly as a save holds it.
pub fn state_text(state: &crate::game::GameState) -> Result<String, toml::ser::Error> {
    render_state(&StateView::of(state), &mut Pieces::default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario;

    fn game_of(name: &str) -> Game {
        let (scenario, spec) =
            scenario::parse(name, scenario::built_in(name).expect("built in")).expect("parses");
        Game::new(scenario, spec, 7)
    }

    /// The kept pieces must never show: after every command, undo and redo, the text
    /// rendered through them is the text rendered afresh, and it loads back to the same
    /// game with no complaint about `[state]`.
    #[test]
    fn kept_pieces_render_what_a_fresh_render_does() {
        // Maida has no generals (its `[state]` ends with the units); the tutorial has two.
        for (name, unit) in [("maida", "fr-light"), ("tutorial", "fr-4l1")] {
            let mut game = game_of(name);
            let unit = game
                .state()
                .unit(unit)
                .map_or_else(|| game.state().units()[0].id.clone(), |u| u.id.clone());
            let mut kept = SaveText::default();
            for line in [
                format!("hit {unit} 1"),
                "undo".to_owned(),
                format!("note {unit} on the hill"),
                "redo".to_owned(),
                format!("hit {unit} 2"),
                "undo".to_owned(),
                "next".to_owned(),
                format!("note {unit}"),
            ] {
                // A refusal (nothing to redo) changes nothing and must render the same.
                let _ = game.perform(&line);
                let text = kept.render(&game).expect("renders");
                assert_eq!(
                    text,
                    render(&game).expect("renders"),
                    "after `{line}` in {name}"
                );
                let loaded = crate::persist::load_text(name, &text).expect("loads");
                assert!(loaded.notices.is_empty(), "{:?}", loaded.notices);
                assert_eq!(loaded.game.log(), game.log());
                assert_eq!(loaded.game.redo_stack(), game.redo_stack());
                assert_eq!(loaded.game.state(), game.state());
            }
        }
    }

    /// Pieces kept for one game are not reused for another.
    #[test]
    fn kept_pieces_follow_a_change_of_game() {
        let mut kept = SaveText::default();
        for name in ["tutorial", "maida", "tutorial"] {
            let game = game_of(name);
            assert_eq!(
                kept.render(&game).unwrap(),
                render(&game).unwrap(),
                "{name}"
            );
        }
    }

    /// A save as Adjutant writes it leaves `[state]` unparsed; its text is the state's.
    #[test]
    fn a_save_as_written_is_read_without_parsing_its_state() {
        let mut game = game_of("tutorial");
        game.perform("hit fr-4l1 2").unwrap();
        let text = render(&game).unwrap();
        let (save, state) = parse_lightly("game.toml", &text).unwrap();
        assert!(save.state.is_none());
        assert_eq!(state, Some(state_text(game.state()).unwrap().as_str()));
        assert_eq!(save.log.len(), 1);
    }

    /// A `[state]` that is not last, or a save whose rest does not parse alone, is read
    /// whole, with the same errors and lines as before.
    #[test]
    fn a_save_in_another_shape_is_read_whole() {
        let game = game_of("tutorial");
        let text = render(&game).unwrap();
        let at = text.find("\n[state]\n").unwrap() + 1;
        let end = text.find(END_MARKER).unwrap();
        let moved = format!("{}{}{}", &text[at..end], &text[..at], &text[end..]);
        let (save, state) = parse_lightly("game.toml", &moved).unwrap();
        assert!(state.is_none() && save.state.is_some());

        let broken = text.replacen("seed = 7", "seed = seven", 1);
        let error = parse_lightly("game.toml", &broken).unwrap_err();
        let whole = parse("game.toml", &broken).unwrap_err();
        assert_eq!(error, whole);
        assert!(error.line > 0, "{error}");
    }
}
