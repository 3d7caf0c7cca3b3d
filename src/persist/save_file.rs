//! The save file: readable TOML holding a format version, the seed, the scenario as
//! written, the log of applied commands (and those undone), and the state for people.

use crate::game::{Game, LogEntry, StateView};
use crate::scenario::{FileError, GeneralSpec, HeaderSpec, ScenarioSpec, SideSpec, UnitSpec};
use serde::{Deserialize, Serialize};
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

#[derive(Serialize)]
struct SaveOut<'a> {
    save: SaveHeader,
    scenario: &'a HeaderSpec,
    side: &'a [SideSpec],
    unit: &'a [UnitSpec],
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    general: &'a [GeneralSpec],
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    log: &'a [LogEntry],
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    redo: &'a [LogEntry],
    state: StateView,
}

#[derive(Deserialize)]
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
    pub log: Vec<Spanned<LogEntry>>,
    #[serde(default)]
    pub redo: Vec<Spanned<LogEntry>>,
    pub state: Option<toml::Value>,
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
    let spec = game.spec();
    let out = SaveOut {
        save: SaveHeader {
            format: FORMAT,
            seed: game.seed(),
            written_by: format!("adjutant {}", env!("CARGO_PKG_VERSION")),
        },
        scenario: &spec.scenario,
        side: &spec.side,
        unit: &spec.unit,
        general: &spec.general,
        log: game.log(),
        redo: game.redo_stack(),
        state: StateView::of(game.state()),
    };
    let body = toml::to_string(&out)?;
    Ok(format!("{PREAMBLE}\n{body}\n{END_MARKER}\n"))
}

/// Whether `text` looks like a save rather than a scenario.
pub fn is_save(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .starts_with(PREAMBLE_FIRST_LINE)
        || text.lines().any(|line| without_comment(line) == "[save]")
}

/// Parses a save's text, refusing a newer format or a file cut short.
pub fn parse(file: &str, text: &str) -> Result<SaveIn, FileError> {
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
    if !is_save(text) {
        return Err(FileError::whole_file(
            file,
            format!(
                "this is a scenario, not a save: start a game from it with \
                 `adjutant new {file} -o game.toml`"
            ),
        ));
    }
    if let Some(format) = declared_format(text)
        && format > FORMAT
    {
        return Err(newer_format(file, format));
    }
    if !ends_properly {
        return Err(truncated());
    }
    let save: SaveIn = toml::from_str(text).map_err(|e| FileError::from_toml(file, text, &e))?;
    match save.save.format {
        0 => Err(FileError::whole_file(file, "save format 0 does not exist")),
        format if format > FORMAT => Err(newer_format(file, format)),
        _ => Ok(save),
    }
}
