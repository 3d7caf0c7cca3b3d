//! The save file: readable TOML holding a format version, the seed, the scenario as
//! written, the log of applied commands (and those undone), and the state for people.

// Why this file is long: one format read and written in step: its fields, the load that
// refuses a hand-edited file at its line and column, and the write.

use crate::core::moment::Moment;
use crate::game::{Event, Game, GeneralView, LogEntry, SideView, StateView, UnitView};
use crate::read::Parts;
use crate::rules::phase::Phase;
use crate::scenario::{FileError, GeneralSpec, HeaderSpec, HouseRulesSpec, ScenarioSpec};
use crate::scenario::{SideSpec, UnitSpec};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::Arc;
use toml::Spanned;

/// The newest format this build reads and writes. Older formats are upgraded on load;
/// newer are refused.
pub const FORMAT: u32 = 3;

/// Format 2 adds who typed a command (`by`, a co-referee's over `serve`); format 3 when
/// it was given (`at`), which the slot's clock counts, the clock's and `victory`'s events,
/// and the scenario's slot, briefing, victory conditions, players and colours. A save
/// without them is written in the older format, which builds before them read as well.
fn format_of(game: &Game) -> u32 {
    let header = &game.spec().scenario;
    let newest_spec = header.slot.is_some()
        || header.briefing.is_some()
        || header.victory.is_some()
        || game
            .spec()
            .side
            .iter()
            .any(|side| !side.players.is_empty() || side.colour.is_some());
    let newest_entry = |entry: &LogEntry| {
        entry.at.is_some()
            || entry
                .events
                .iter()
                .any(|event| matches!(event, Event::Clock { .. } | Event::Victory { .. }))
    };
    let entries = || {
        game.log()
            .iter()
            .chain(game.redo_stack())
            .map(|entry| &**entry)
    };
    if newest_spec || entries().any(newest_entry) {
        3
    } else if entries().any(|entry| entry.by.is_some()) {
        2
    } else {
        1
    }
}

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
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    house_rules: &'a HouseRulesSpec,
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
    pub house_rules: HouseRulesSpec,
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
    #[serde(default, deserialize_with = "one_line")]
    by: Option<String>,
    #[serde(default)]
    at: Option<Moment>,
    #[serde(default, rename = "event", with = "crate::engine::logged")]
    events: Vec<Event>,
}

/// Who typed a command, as a log line may show it: a hand edit that breaks the line
/// (or hides in a control character) would forge the lines after it.
fn one_line<'de, D: serde::Deserializer<'de>>(from: D) -> Result<Option<String>, D::Error> {
    let by = Option::<String>::deserialize(from)?;
    if let Some(c) = by.iter().flat_map(|by| by.chars()).find(|c| c.is_control()) {
        return Err(serde::de::Error::custom(format!(
            "`by` is who typed the command, on one line: it holds U+{:04X}",
            u32::from(c)
        )));
    }
    Ok(by)
}

impl EntryIn {
    pub fn into_entry(self) -> LogEntry {
        // Every field named, so a field added to `LogEntry` must be read here too.
        let EntryIn {
            turn,
            active,
            phase,
            command,
            by,
            at,
            mut events,
        } = self;
        // Read into a vector grown for more: an event is 250 bytes, and most entries
        // hold one. A long log would otherwise keep four times what it needs.
        events.shrink_to_fit();
        LogEntry {
            turn,
            active,
            phase,
            command: command.into_inner(),
            by,
            at,
            events,
        }
    }
}

/// Where a log entry stands in the file: the entry, and its command's value.
pub struct Place {
    pub entry: Range<usize>,
    pub command: Range<usize>,
}

/// The entries of a `[[log]]` or `[[redo]]` table as read, and where each stands.
#[derive(Default)]
pub struct Entries {
    pub entries: Vec<LogEntry>,
    pub places: Vec<Place>,
}

impl Entries {
    fn push(&mut self, read: Spanned<EntryIn>) {
        let entry = read.span();
        let read = read.into_inner();
        let command = read.command.span();
        self.entries.push(read.into_entry());
        self.places.push(Place { entry, command });
    }
}

impl FromIterator<Spanned<EntryIn>> for Entries {
    fn from_iter<I: IntoIterator<Item = Spanned<EntryIn>>>(entries: I) -> Self {
        let mut read = Entries::default();
        entries.into_iter().for_each(|entry| read.push(entry));
        read
    }
}

/// A save as read: its header, its scenario as written and its log, not yet checked
/// nor replayed.
pub struct SaveRead<'a> {
    pub header: SaveHeader,
    pub spec: ScenarioSpec,
    pub log: Entries,
    pub redo: Entries,
    pub state: StateRead<'a>,
    /// The file as it was read in parts; None when it was read whole.
    parts: Option<Parts<'a>>,
}

/// A save's `[state]` table, for people: a load compares it with the state it replays.
pub enum StateRead<'a> {
    /// Where Adjutant writes it, last before the end line: its text, compared as text
    /// and parsed only if it differs (see [`state_value`]).
    Text(&'a str),
    /// Read with the rest of a save in another shape; None if it has none.
    Value(Option<toml::Value>),
}

impl SaveIn {
    fn into_read<'a>(self) -> SaveRead<'a> {
        SaveRead {
            header: self.save,
            spec: ScenarioSpec {
                scenario: self.scenario,
                house_rules: self.house_rules,
                side: self.side,
                unit: self.unit,
                general: self.general,
                // Read at a game's start and never saved: the figures it carried are.
                carry_over: None,
            },
            log: self.log.into_iter().collect(),
            redo: self.redo.into_iter().collect(),
            state: StateRead::Value(self.state),
            parts: None,
        }
    }
}

impl SaveRead<'_> {
    /// [`refuse_control_characters`](crate::read::refuse_control_characters) on the save's
    /// text: by its parts when it was read in parts.
    pub fn refuse_control_characters(&self, file: &str, text: &str) -> Result<(), FileError> {
        match &self.parts {
            Some(parts) => crate::read::refuse_control_characters_in(file, parts),
            None => crate::read::refuse_control_characters(file, text),
        }
    }
}

/// The head of a save read in parts: what comes before its first `[[unit]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct HeadIn {
    save: SaveHeader,
    scenario: HeaderSpec,
    #[serde(default)]
    house_rules: HouseRulesSpec,
    #[serde(default)]
    side: Vec<SideSpec>,
    unit: Option<Vec<UnitSpec>>,
    general: Option<Vec<GeneralSpec>>,
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
    head: Option<(Arc<ScenarioSpec>, u64, u32, String)>,
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
        let format = format_of(game);
        let head_is_current = self.head.as_ref().is_some_and(|(old, seed, written, _)| {
            *seed == game.seed() && *written == format && (Arc::ptr_eq(old, spec) || old == spec)
        });
        if !head_is_current {
            let head = toml::to_string(&HeadOut {
                save: SaveHeader {
                    format,
                    seed: game.seed(),
                    written_by: format!("adjutant {}", env!("CARGO_PKG_VERSION")),
                },
                scenario: &spec.scenario,
                house_rules: &spec.house_rules,
                side: &spec.side,
                unit: &spec.unit,
                general: &spec.general,
            })?;
            self.head = Some((Arc::clone(spec), game.seed(), format, head));
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

        let head = self
            .head
            .as_ref()
            .map_or("", |(_, _, _, text)| text.as_str());
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
    known_format(file, &save.save)?;
    Ok(save)
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

fn known_format(file: &str, header: &SaveHeader) -> Result<(), FileError> {
    match header.format {
        0 => Err(FileError::whole_file(file, "save format 0 does not exist")),
        format if format > FORMAT => Err(newer_format(file, format)),
        _ => Ok(()),
    }
}

/// Reads a save's text as [`parse`] does, with the same errors and lines, but in
/// [`Parts`] when it is in the shape Adjutant writes: the head, then parts of
/// `[[unit]]`, `[[general]]`, `[[log]]` and `[[redo]]` entries, each parsed alone, so
/// memory follows the file and not the parser. `[state]`, when it stands where
/// Adjutant writes it (last, before the end line), is left as text: it is for people,
/// and a third of a big save, so a load compares it with the state it replays and
/// parses it only if they differ. Any doubt parses the whole file as [`parse`] does.
pub fn read<'a>(file: &str, text: &'a str) -> Result<SaveRead<'a>, FileError> {
    read_every(file, text, crate::read::PART_BYTES)
}

/// [`read`] in parts of `part_bytes`.
fn read_every<'a>(file: &str, text: &'a str, part_bytes: usize) -> Result<SaveRead<'a>, FileError> {
    check_whole(file, text)?;
    let state = state_section(text);
    let mut parts = Parts::cut_every(
        text,
        &["unit", "general", "log", "redo"],
        state.map(|(start, _)| (start, "state")),
        part_bytes,
    );
    if let Some((header, spec, log, redo)) = read_parts(&mut parts) {
        known_format(file, &header)?;
        let state = state.map_or(StateRead::Value(None), |(start, end)| {
            StateRead::Text(&text[start..end])
        });
        return Ok(SaveRead {
            header,
            spec,
            log,
            redo,
            state,
            parts: Some(parts),
        });
    }
    Ok(parse(file, text)?.into_read())
}

/// A save's tables from its parts; None if they cannot say what the whole would.
fn read_parts(parts: &mut Parts) -> Option<(SaveHeader, ScenarioSpec, Entries, Entries)> {
    let head: HeadIn = parts.head()?;
    let spec = ScenarioSpec::from_parts(
        head.scenario,
        head.house_rules,
        head.side,
        head.unit,
        head.general,
        parts,
    )?;
    let mut log = Entries::default();
    parts.read_entries("log", |entry| log.push(entry))?;
    let mut redo = Entries::default();
    parts.read_entries("redo", |entry| redo.push(entry))?;
    parts.mark_read();
    Some((head.save, spec, log, redo))
}

/// The `[state]` table of a save [read](read) with it as text (`state`): that table
/// parsed alone when it is alone, else the whole file parsed for it (and for its
/// errors, with their lines).
pub fn state_value(file: &str, text: &str, state: &str) -> Result<Option<toml::Value>, FileError> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct StateIn {
        state: toml::Value,
    }
    match toml::from_str::<StateIn>(state) {
        Ok(read) => Ok(Some(read.state)),
        Err(_) => Ok(parse(file, text)?.state),
    }
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
mod tests;
