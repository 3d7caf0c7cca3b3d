//! The command line: thin subcommands over the command language and the save files.

pub mod render;

use crate::game::{COMMANDS, Game, ShowView};
use crate::persist::{self, SaveLock};
use crate::scenario::{self, Scenario, ScenarioSpec};
use crate::tui;
use clap::{Parser, Subcommand};
use serde::Serialize;
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(Debug, Parser)]
#[command(
    name = "adjutant",
    version,
    about = "A battle manager for the referee of a Sound the Charge game",
    after_help = "With no command, opens the screen on the most recent save, or on a new game \
                  of the demo battle. (Not in a terminal: prints the demo roster.)"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<CliCommand>,
    /// No colours on the screen, only bold and reverse (as `NO_COLOR=1` does).
    #[arg(long, global = true)]
    pub no_color: bool,
    /// The screen's colours: dark, light, high-contrast, a theme of yours in the config
    /// folder's themes/, or a .toml file's path [default: dark].
    #[arg(long, global = true, value_name = "NAME|PATH")]
    pub theme: Option<String>,
}

#[derive(Debug, Subcommand)]
pub enum CliCommand {
    /// Open the referee's screen on a save, or on a new game of a scenario.
    Play {
        /// A save, a scenario file, or a built-in scenario [default: the most recent
        /// save, else a new game of the demo].
        target: Option<String>,
        /// Seed for a new game's dice [default: random].
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Start a game from a scenario file or a built-in scenario; prints the save's path.
    New {
        /// A scenario file, or the name of a built-in one (tutorial, quatre-bras, waterloo).
        scenario: String,
        /// Where to write the save [default: a new file in the saves folder].
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Seed for the game's dice [default: random].
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Apply one command to a save, e.g. `adjutant do game.toml hit fr1 2`.
    Do {
        save: PathBuf,
        /// The command's words (see `adjutant commands`).
        #[arg(required = true, num_args = 1.., trailing_var_arg = true, allow_hyphen_values = true)]
        words: Vec<String>,
    },
    /// Follow a save on the screen, read-only, as players do from their phones over SSH:
    /// the referee's views, refreshed within a second of each change, with every key that
    /// would change the battle refused. Takes no lock and writes nothing.
    #[command(
        after_help = "Example: adjutant watch saves/quatre-bras.toml --side france\n\
                            Letting players in over SSH: docs/ssh.md"
    )]
    Watch {
        save: PathBuf,
        /// Show only this side's units: a side id of the save's scenario (e.g. france).
        #[arg(long, value_name = "ID")]
        side: Option<String>,
    },
    /// Show the roster, the turn and the phase.
    Show {
        save: PathBuf,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// List every applied command with its turn and phase.
    Log {
        save: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Check a scenario or save file and report the first problem with its line.
    Check { file: PathBuf },
    /// List the command language.
    Commands,
    /// List the built-in scenarios.
    Scenarios,
}

/// A failure to report on stderr, with the process's exit code.
#[derive(Debug)]
pub struct Failure {
    pub message: String,
}

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(error: E) -> Failure {
        Failure {
            message: error.to_string(),
        }
    }
}

/// Runs one invocation, writing results to `out` and notices to `err`.
pub fn run(cli: Cli, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), Failure> {
    let options = tui::Options {
        no_color: cli.no_color,
        theme: cli.theme,
    };
    match cli.command {
        None if is_terminal() => play(None, None, &options, out),
        None => demo(out),
        Some(CliCommand::Play { target, seed }) => play(target.as_deref(), seed, &options, out),
        Some(CliCommand::New {
            scenario,
            output,
            seed,
        }) => {
            let path = create_game(&scenario, output, seed)?;
            writeln!(out, "{}", path.display())?;
            Ok(())
        }
        Some(CliCommand::Do { save, words }) => do_command(&save, &words.join(" "), out, err),
        Some(CliCommand::Watch { save, side }) => watch(&save, side.as_deref(), &options),
        Some(CliCommand::Show { save, json }) => {
            let game = open(&save, err)?;
            if json {
                writeln!(out, "{}", to_json(&ShowView::of(game.state()))?)?;
            } else {
                write!(out, "{}", render::roster(&game))?;
            }
            Ok(())
        }
        Some(CliCommand::Log { save, json }) => {
            let game = open(&save, err)?;
            if json {
                writeln!(out, "{}", to_json(&log_json(&game))?)?;
            } else {
                write!(out, "{}", render::log(&game))?;
            }
            Ok(())
        }
        Some(CliCommand::Check { file }) => check_file(&file, out),
        Some(CliCommand::Commands) => {
            write!(out, "{}", command_help())?;
            Ok(())
        }
        Some(CliCommand::Scenarios) => {
            for (name, text) in scenario::BUILT_IN {
                let (scenario, _) = scenario::parse(name, text)?;
                writeln!(
                    out,
                    "{name:<12} {} ({} units)",
                    scenario.title,
                    scenario.units.len()
                )?;
            }
            Ok(())
        }
    }
}

/// The command language as a table, from the one list the parser also uses.
pub fn command_help() -> String {
    let mut help = String::from("Commands for `adjutant do <save> …`:\n");
    for (_, usage, meaning) in COMMANDS {
        let _ = writeln!(help, "  {usage:<26} {meaning}");
    }
    help
}

fn demo(out: &mut dyn Write) -> Result<(), Failure> {
    let (scenario, spec) = built_in_scenario(scenario::DEMO)?;
    let game = Game::new(scenario, spec, 0);
    write!(out, "{}", render::roster(&game))?;
    writeln!(
        out,
        "\nThis is the demo battle. To run your own game:\n  \
         adjutant new {demo} -o game.toml   a new game\n  \
         adjutant do game.toml hit fr-61 2       apply a command\n  \
         adjutant show game.toml                 the roster\n  \
         adjutant log game.toml                  every command so far\n  \
         adjutant commands                       the command language\n\
         From a checkout, `cargo run --release -- <command>` does the same.",
        demo = scenario::DEMO
    )?;
    Ok(())
}

fn built_in_scenario(name: &str) -> Result<(Scenario, ScenarioSpec), Failure> {
    let text = scenario::built_in(name)
        .ok_or_else(|| Failure::from(format!("no built-in scenario '{name}'")))?;
    Ok(scenario::parse(&format!("built-in:{name}"), text)?)
}

/// A scenario file if one exists at `name`, else a built-in scenario of that name.
fn find_scenario(name: &str) -> Result<(Scenario, ScenarioSpec, String), Failure> {
    let path = Path::new(name);
    if path.exists() {
        if std::fs::read_to_string(path).is_ok_and(|text| persist::is_save(&text)) {
            return Err(Failure::from(format!(
                "{name} is a save, not a scenario: carry on with `adjutant do {name} …` or \
                 `adjutant show {name}`"
            )));
        }
        let (scenario, spec) = scenario::load(path)?;
        let stem = path
            .file_stem()
            .map_or_else(|| "game".into(), |s| s.to_string_lossy().into_owned());
        return Ok((scenario, spec, stem));
    }
    if scenario::built_in(name).is_some() {
        let (scenario, spec) = built_in_scenario(name)?;
        return Ok((scenario, spec, name.to_ascii_lowercase()));
    }
    let names: Vec<&str> = scenario::BUILT_IN.iter().map(|(n, _)| *n).collect();
    Err(Failure::from(format!(
        "no scenario file '{name}', and no built-in scenario of that name (built-in: {})",
        names.join(", ")
    )))
}

fn is_terminal() -> bool {
    use std::io::IsTerminal;
    std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
}

/// `adjutant play`: finds or starts the game, then hands the terminal to the screen.
fn play(
    target: Option<&str>,
    seed: Option<u64>,
    options: &tui::Options,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    // First, so that a mistyped theme neither starts a game nor needs a terminal to be
    // reported.
    let theme = tui::theme(options)?;
    if !is_terminal() {
        return Err(Failure::from(
            "the screen needs a terminal; in scripts use `adjutant show <save>` and \
             `adjutant do <save> <command>`",
        ));
    }
    let existing_save = |name: &str| {
        let path = Path::new(name);
        (path.is_file() && std::fs::read_to_string(path).is_ok_and(|t| persist::is_save(&t)))
            .then(|| path.to_path_buf())
    };
    // A save's bare name finds it in the saves folder, as `play` put it there.
    let in_saves_folder = |name: &str| {
        let folder = persist::saves_folder();
        existing_save(&folder.join(name).to_string_lossy())
            .or_else(|| existing_save(&folder.join(format!("{name}.toml")).to_string_lossy()))
    };
    let mut latest = false;
    let path = match target {
        Some(name) => match existing_save(name).or_else(|| {
            (!Path::new(name).exists() && !name.contains(std::path::MAIN_SEPARATOR))
                .then(|| in_saves_folder(name))
                .flatten()
        }) {
            Some(_) if seed.is_some() => {
                return Err(Failure::from(format!(
                    "{name} is a save; --seed is only for a new game"
                )));
            }
            Some(path) => path,
            None => create_game(name, None, seed)?,
        },
        None => match persist::latest_save(&persist::saves_folder()) {
            Some(path) if seed.is_none() => {
                latest = true;
                path
            }
            _ => create_game(scenario::DEMO, None, seed)?,
        },
    };
    tui::open(&path, theme).map_err(|error| match error {
        tui::ScreenError::Open(message) if latest => Failure::from(format!(
            "{message}\n(that is your most recent save; `adjutant play {}` starts a new game)",
            scenario::DEMO
        )),
        other => Failure::from(other),
    })?;
    writeln!(out, "The game is saved in {}", path.display())?;
    Ok(())
}

/// `adjutant watch`: every mistake (theme, save, side) is reported before the terminal
/// is needed, so a player's SSH session shows it and ends.
fn watch(save: &Path, side: Option<&str>, options: &tui::Options) -> Result<(), Failure> {
    let theme = tui::theme(options)?;
    let watch = tui::watch::prepare(save, side, theme)?;
    if !is_terminal() {
        return Err(Failure::from(
            "watching needs a terminal; in scripts use `adjutant show <save>`",
        ));
    }
    Ok(watch.run()?)
}

/// Writes a new game of `name` (a scenario file or a built-in one) and returns its path.
fn create_game(name: &str, output: Option<PathBuf>, seed: Option<u64>) -> Result<PathBuf, Failure> {
    let (scenario, spec, stem) = find_scenario(name)?;
    let path = if let Some(path) = output {
        path
    } else {
        let folder = persist::saves_folder();
        std::fs::create_dir_all(&folder)
            .map_err(|e| Failure::from(format!("cannot create {}: {e}", folder.display())))?;
        persist::fresh_save_path(&folder, &stem)
    };
    let exists = |path: &Path| {
        Failure::from(format!(
            "{} already exists; Adjutant never overwrites a save (choose another -o)",
            path.display()
        ))
    };
    if path.exists() {
        return Err(exists(&path));
    }
    // TOML integers are signed 64-bit, so seeds keep to 63 bits.
    let seed = match seed {
        Some(seed) if i64::try_from(seed).is_err() => {
            return Err(Failure::from(format!(
                "--seed {seed} is too large (at most {})",
                i64::MAX
            )));
        }
        Some(seed) => seed,
        None => rand::random::<u64>() >> 1,
    };
    let game = Game::new(scenario, spec, seed);
    let real_path = persist::resolve_save_path(&path);
    let _lock = SaveLock::acquire(&real_path)?;
    // Again under the lock: another `new` may have written it meanwhile.
    if real_path.exists() {
        return Err(exists(&path));
    }
    persist::save(&game, &real_path)?;
    Ok(path)
}

fn open(path: &Path, err: &mut dyn Write) -> Result<Game, Failure> {
    let loaded = persist::load(path)?;
    for notice in &loaded.notices {
        writeln!(err, "note: {notice}")?;
    }
    Ok(loaded.game)
}

fn do_command(
    path: &Path,
    line: &str,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), Failure> {
    let path = &persist::resolve_save_path(path);
    let _lock = SaveLock::acquire(path)?;
    let mut game = open(path, err)?;
    let outcome = persist::perform_and_save(&mut game, path, line)?;
    for line in &outcome.lines {
        writeln!(out, "{line}")?;
    }
    writeln!(out, "({})", render::headline(&game))?;
    Ok(())
}

fn check_file(path: &Path, out: &mut dyn Write) -> Result<(), Failure> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::from(format!("{file}: cannot read: {e}")))?;
    if persist::is_save(&text) {
        let loaded = persist::load_text(&file, &text)?;
        let game = loaded.game;
        writeln!(
            out,
            "{file}: a good save of \"{}\": {} commands in the log, turn {}, {} phase",
            game.scenario().title,
            game.log().len(),
            game.state().turn(),
            game.state().phase()
        )?;
        for notice in loaded.notices {
            writeln!(out, "note: {notice}")?;
        }
    } else {
        let (scenario, _) = scenario::parse(&file, &text)?;
        let counts: Vec<String> = scenario
            .sides
            .iter()
            .map(|side| {
                let units = scenario.units.iter().filter(|u| u.side == side.id).count();
                format!("{} {units} units", side.name)
            })
            .collect();
        writeln!(
            out,
            "{file}: a good scenario, \"{}\": {}, {} generals",
            scenario.title,
            counts.join(", "),
            scenario.generals.len()
        )?;
    }
    Ok(())
}

#[derive(Serialize)]
struct LogEntryJson<'a> {
    number: usize,
    turn: u32,
    active: &'a str,
    phase: crate::rules::sound_the_charge::Phase,
    command: &'a str,
    events: &'a [crate::game::Event],
    text: Vec<String>,
}

fn log_json(game: &Game) -> Vec<LogEntryJson<'_>> {
    game.narrated_log()
        .into_iter()
        .enumerate()
        .map(|(index, (entry, text))| LogEntryJson {
            number: index + 1,
            turn: entry.turn,
            active: &entry.active,
            phase: entry.phase,
            command: &entry.command,
            events: &entry.events,
            text,
        })
        .collect()
}

fn to_json<T: Serialize>(value: &T) -> Result<String, Failure> {
    Ok(serde_json::to_string(value)?)
}
