//! The command line: thin subcommands over the command language and the save files.

// Why this file is long: every subcommand's thin layer over the command language and the
// save files, one function each; a file per subcommand comes with the command-line
// conventions (issue 42).

mod campaign;
pub mod lookup;
mod photo;
mod print;
pub mod render;
mod report;
mod scenario_tools;

use crate::core::house::{self, HouseRules};
use crate::core::moment::Moment;
use crate::core::passage::{literal, plain};
use crate::game::{COMMANDS, Game, Question, ShowView, commands_for};
use crate::persist::{self, ActError, SaveLock};
use crate::reference;
use crate::rules::Ruleset;
use crate::scenario::{self, Scenario, ScenarioSpec};
use crate::tui;
use clap::{Parser, Subcommand};
use serde::Serialize;
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

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
    /// Leave clicks and the wheel to the terminal, to select text without holding Shift
    /// (as `mouse = false` in keymap.toml does).
    #[arg(long, global = true)]
    pub no_mouse: bool,
}

#[derive(Debug, Subcommand)]
pub enum CliCommand {
    /// Open the referee's screen on a save, or on a new game of a scenario.
    #[command(
        after_help = "Examples:\n  adjutant play                  (the most recent save)\n  \
                            adjutant play saves/quatre-bras.toml\n  adjutant play waterloo --seed 7"
    )]
    Play {
        /// A save, a scenario file, or a built-in scenario [default: the most recent
        /// save, else a new game of the demo].
        target: Option<String>,
        #[command(flatten)]
        new_game: NewGame,
    },
    /// Open the referee's screen as `play` does, and let the players follow the game from
    /// their own phones and laptops over SSH: each side sees its own units whole and the
    /// enemy as seen from the table. Prints what each player types.
    #[command(
        after_help = "Examples:\n  adjutant serve                 (the most recent save)\n  \
                            adjutant serve quatre-bras\n  \
                            adjutant serve saves/tonight.toml --port 2200\n  \
                            adjutant serve tonight --keys club-keys.txt\n\n\
                            Players type the line printed for their side, then the passphrase; \
                            with --keys, any name and their own key. More: docs/ssh.md"
    )]
    Serve {
        /// A save, a scenario file, or a built-in scenario [default: the most recent
        /// save, else a new game of the demo].
        target: Option<String>,
        #[command(flatten)]
        new_game: NewGame,
        /// The address to listen on: 127.0.0.1 for this computer alone, 0.0.0.0 for every
        /// address it has.
        #[arg(long, value_name = "ADDR", default_value = "0.0.0.0")]
        bind: std::net::IpAddr,
        /// The port players connect to.
        #[arg(long, value_name = "N", default_value_t = crate::serve::DEFAULT_PORT)]
        port: u16,
        /// Let players in by their own SSH keys instead of a passphrase: one key a line as
        /// in `authorized_keys`, after its role (a side's id, guest or referee) and a space:
        /// `france ssh-ed25519 AAAA… anne@phone`. Any login name; the key decides the role.
        #[arg(long, value_name = "FILE")]
        keys: Option<PathBuf>,
    },
    /// Start a game from a scenario file or a built-in scenario; prints the save's path.
    #[command(after_help = "Examples:\n  adjutant new quatre-bras\n  \
                            adjutant new my-scenario.toml -o game.toml --seed 42")]
    New {
        /// A scenario file, or the name of a built-in one (`adjutant scenarios` lists them).
        scenario: String,
        /// Where to write the save [default: a new file in the saves folder].
        #[arg(short, long)]
        output: Option<PathBuf>,
        #[command(flatten)]
        new_game: NewGame,
        /// Who may read the new save, as an octal mode: 640 lets its group read it (the
        /// players' group of docs/ssh.md). Later saves keep the mode [default: 600].
        #[arg(long, value_name = "OCTAL", value_parser = parse_save_mode)]
        mode: Option<u32>,
    },
    /// Apply one command to a save and write it back; prints what it did.
    #[command(after_help = "Examples:\n  adjutant do game.toml hit fr-2lg 2\n  \
                            adjutant do game.toml shoot fr-2lg nl-27j close dice=5,6,2\n  \
                            adjutant do game.toml next\n\n`adjutant commands` lists the \
                            command language.")]
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
        after_help = "Examples:\n  adjutant watch saves/quatre-bras.toml --side france\n  \
                      adjutant watch game.toml\n\nLetting players in over SSH: docs/ssh.md"
    )]
    Watch {
        save: PathBuf,
        /// That side's player's view (a side id of the save's scenario, e.g. france): its
        /// own units whole, of the other army only what stands on the table.
        #[arg(long, value_name = "ID")]
        side: Option<String>,
    },
    /// Show the roster, the turn and the phase.
    #[command(after_help = "Examples:\n  adjutant show game.toml\n  \
                            adjutant show game.toml --json")]
    Show {
        save: PathBuf,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// List every applied command with its turn and phase.
    #[command(after_help = "Examples:\n  adjutant log game.toml\n  \
                            adjutant log game.toml --json")]
    Log {
        save: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Write the after-action report of a save: outcome, orders of battle, losses by arm,
    /// the battle turn by turn and a chart of each army's strength. Reads the save only.
    #[command(
        after_help = "Without -o, prints the report as Markdown. An .html report is one \
                      self-contained page (no scripts, nothing fetched) to mail, post or \
                      print.\n\nExamples:\n  adjutant report saves/quatre-bras.toml -o report.html\n  \
                      adjutant report game.toml > report.md"
    )]
    Report(report::ReportArgs),
    /// Write a pack to print for the table: a roster sheet per side as that side may see
    /// the battle, a one-page quick reference, and a card per unit.
    #[command(after_help = "Examples:\n  adjutant print game.toml -o pack.html\n  \
                            adjutant print quatre-bras --side france --paper letter -o french.html\n\
                            Print it from a browser, or: chromium --headless --print-to-pdf=pack.pdf pack.html")]
    Print(print::PrintArgs),
    /// Check a scenario or save file: every problem of a scenario at its line, a save's
    /// first.
    #[command(after_help = "Examples:\n  adjutant check my-scenario.toml\n  \
                            adjutant check game.toml")]
    Check { file: PathBuf },
    /// List the command language.
    #[command(after_help = "Example:\n  adjutant commands")]
    Commands,
    /// List the built-in scenarios.
    #[command(after_help = "Example:\n  adjutant scenarios")]
    Scenarios,
    /// Make a scenario: one to fill in, or one from a spreadsheet's order of battle;
    /// or write a scenario's order of battle for a spreadsheet.
    #[command(
        subcommand,
        after_help = "Examples:\n  adjutant scenario new -o my-battle.toml\n  \
                      adjutant scenario import oob.csv -o my-battle.toml\n  \
                      adjutant scenario export quatre-bras -o oob.csv"
    )]
    Scenario(scenario_tools::ScenarioCommand),
    /// Print the quick-reference charts matching every word; with no words, list the topics.
    #[command(
        after_help = "Examples:\n  adjutant lookup rally\n  adjutant lookup shooting \
                            heavy guns\n  adjutant lookup --save saves/quatre-bras.toml combat\n  \
                            adjutant lookup --names --ruleset charge-moves"
    )]
    Lookup {
        /// Words to find in the charts' titles, topics and lines (any case).
        words: Vec<String>,
        /// List the charts' numbers with their values, by the names house rules give
        /// them.
        #[arg(long, conflicts_with = "words")]
        names: bool,
        /// Search the charts of this save's ruleset.
        #[arg(long, conflicts_with = "ruleset")]
        save: Option<PathBuf>,
        /// Search the charts of this ruleset [default: sound-the-charge].
        #[arg(long, value_name = "NAME")]
        ruleset: Option<String>,
    },
    /// What score a unit needs to rally, pass a morale test or hit, and why. Changes nothing.
    #[command(
        after_help = "Examples:\n  adjutant need fr-2lg rally threat --save game.toml\n  \
                            adjutant need fr-2lg test hits=3 --save game.toml\n  adjutant need \
                            fr-2lg shoot br-92 close --save game.toml\n  adjutant need fr-2lg \
                            --save game.toml   (all it may be asked to roll)\n\n\
                            When the throw could not be made now (another phase, not shaken, no \
                            test owed, fired already), the answer says why and what it supposed."
    )]
    Need {
        /// The unit's id.
        unit: String,
        /// The throw: rally, test or shoot [default: all the unit may be asked to roll].
        #[arg(value_parser = ["rally", "test", "shoot"])]
        question: Option<String>,
        /// The command's facts, as `adjutant do` takes them: threat, cover, advanced,
        /// stationary, hits=N for a test; the target and close|far|inches for a shot.
        facts: Vec<String>,
        /// The save to ask [default: the most recent save].
        #[arg(long)]
        save: Option<PathBuf>,
    },
    /// Print a shell's completion script for adjutant.
    #[command(after_help = "Examples:\n  adjutant completions bash > \
                            ~/.local/share/bash-completion/completions/adjutant\n  \
                            adjutant completions zsh > ~/.zfunc/_adjutant\n  \
                            adjutant completions fish > ~/.config/fish/completions/adjutant.fish")]
    Completions {
        /// bash, zsh, fish, elvish or powershell.
        shell: clap_complete::Shell,
    },
}

/// A failure to report on stderr, with the process's exit code.
#[derive(Debug)]
pub struct Failure {
    pub message: String,
}

impl Failure {
    /// A message of the rules (a refusal), its passages named [plainly](plain).
    fn told(message: impl std::fmt::Display) -> Failure {
        Failure {
            message: plain(&message.to_string()).into_owned(),
        }
    }
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
    // Paths, names and notes reach the output from files and the file system: every byte
    // is shown safe. `lookup` alone writes an escape of its own (bold titles) and prints
    // only the charts' text. A terminal has no italics for the rules' passages, so the
    // rules' messages go out [plain](plain) where they are written, and nothing else does:
    // an asterisk in a path, a note or a command line is the referee's own.
    let mut err = crate::core::shown::ShownWriter::new(err);
    match &cli.command {
        Some(CliCommand::Lookup { .. }) => run_command(cli, out, &mut err),
        _ => run_command(
            cli,
            &mut crate::core::shown::ShownWriter::new(out),
            &mut err,
        ),
    }
}

fn run_command(cli: Cli, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), Failure> {
    let options = tui::Options {
        no_color: cli.no_color,
        theme: cli.theme,
        no_mouse: cli.no_mouse,
    };
    match cli.command {
        None if is_terminal() => play(None, &NewGame::default(), &options, out),
        None => demo(out),
        Some(CliCommand::Play { target, new_game }) => {
            play(target.as_deref(), &new_game, &options, out)
        }
        Some(CliCommand::Serve {
            target,
            new_game,
            bind,
            port,
            keys,
        }) => serve(
            target.as_deref(),
            &new_game,
            &options,
            &crate::serve::ServeOptions { bind, port, keys },
            out,
        ),
        Some(CliCommand::New {
            scenario,
            output,
            new_game,
            mode,
        }) => {
            let path = create_game(&scenario, &new_game, output, err)?;
            if let Some(mode) = mode {
                set_mode(&path, mode)?;
            }
            writeln!(out, "{}", path.display())?;
            Ok(())
        }
        Some(CliCommand::Do { save, words }) => do_command(&save, &words.join(" "), out, err),
        Some(CliCommand::Watch { save, side }) => watch(&save, side.as_deref(), &options),
        Some(CliCommand::Show { save, json }) => {
            let game = open(&save, err)?;
            if json {
                writeln!(out, "{}", to_json(&ShowView::of(&game, persist::now()))?)?;
            } else {
                write!(out, "{}", render::roster(&game, persist::now()))?;
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
        Some(CliCommand::Report(args)) => report::report(&args, out, err),
        Some(CliCommand::Print(args)) => print::print(&args, out, err),
        Some(CliCommand::Check { file }) => check_file(&file, out),
        Some(CliCommand::Scenario(command)) => scenario_tools::run(&command, out, err),
        Some(CliCommand::Commands) => {
            write!(out, "{}", command_help())?;
            Ok(())
        }
        Some(CliCommand::Lookup {
            words,
            names,
            save,
            ruleset,
        }) => {
            let asked = LookedUp {
                words: &words,
                names,
            };
            lookup(asked, save.as_deref(), ruleset.as_deref(), out, err)
        }
        Some(CliCommand::Need {
            unit,
            question,
            facts,
            save,
        }) => need(&unit, question.as_deref(), &facts, save, out, err),
        Some(CliCommand::Completions { shell }) => {
            let mut command = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(shell, &mut command, "adjutant", out);
            Ok(())
        }
        Some(CliCommand::Scenarios) => list_scenarios(out),
    }
}

/// `adjutant scenarios`: the built-in scenarios.
fn list_scenarios(out: &mut dyn Write) -> Result<(), Failure> {
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

/// What `adjutant lookup` was asked: words to find, or the numbers' names.
#[derive(Clone, Copy)]
struct LookedUp<'a> {
    words: &'a [String],
    names: bool,
}

/// `adjutant lookup`: the charts of the save's or the named ruleset matching the words, or
/// their numbers' names; a save's with its house rules in force.
fn lookup(
    asked: LookedUp<'_>,
    save: Option<&Path>,
    ruleset: Option<&str>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), Failure> {
    let (ruleset, house_rules) = match (save, ruleset) {
        (Some(save), _) => {
            let game = open(save, err)?;
            let state = game.state();
            (state.ruleset(), Arc::clone(state.house_rules()))
        }
        (None, Some(id)) => (
            scenario_tools::ruleset_named(id)?,
            Arc::new(HouseRules::none()),
        ),
        (None, None) => (Ruleset::SoundTheCharge, Arc::new(HouseRules::none())),
    };
    let text = house::in_force(&house_rules, || looked_up(&asked, ruleset))?;
    write!(out, "{}", plain(&text))?;
    Ok(())
}

/// What `adjutant lookup` prints of `ruleset`'s charts, with the house rules in force.
fn looked_up(asked: &LookedUp<'_>, ruleset: Ruleset) -> Result<String, Failure> {
    if asked.names {
        return Ok(lookup::names_text(ruleset));
    }
    let charts = reference::charts(ruleset);
    if asked.words.is_empty() {
        return Ok(lookup::topics_text(charts));
    }
    let query = asked.words.join(" ");
    let emphasis = if std::io::IsTerminal::is_terminal(&std::io::stdout())
        && !tui::theme::no_color_requested()
    {
        lookup::Emphasis::Bold
    } else {
        lookup::Emphasis::Plain
    };
    lookup::charts_text(charts, &query, emphasis).ok_or_else(|| {
        Failure::from(format!(
            "no chart of {} holds every word of '{query}'; `adjutant lookup` lists the topics",
            ruleset.title()
        ))
    })
}

/// `adjutant need`: what a unit needs, worked out on the save's state; nothing is written.
fn need(
    unit: &str,
    question: Option<&str>,
    facts: &[String],
    save: Option<PathBuf>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), Failure> {
    let save = if let Some(save) = save {
        save
    } else {
        let latest = persist::latest_save(&persist::saves_folder()).ok_or_else(|| {
            Failure::from("no save to ask: give one with --save <file>".to_owned())
        })?;
        writeln!(err, "(asking the most recent save, {})", latest.display())?;
        latest
    };
    let game = open(&save, err)?;
    // clap has already held the word to the three questions.
    let question = question.and_then(Question::from_word);
    let facts: Vec<&str> = facts.iter().map(String::as_str).collect();
    let text = lookup::need_text(game.state(), unit, question, &facts).map_err(Failure::told)?;
    write!(out, "{}", plain(&text))?;
    Ok(())
}

/// The command language as a table, from the one list the parser also uses.
/// The shared words first, then each ruleset's own.
pub fn command_help() -> String {
    let mut help = String::from("Commands for `adjutant do <save> …`, every ruleset:\n");
    let row = |help: &mut String, (_, usage, meaning): (&str, &str, &str)| {
        let _ = writeln!(help, "  {usage:<26} {meaning}");
    };
    let every = |word: &str| Ruleset::ALL.iter().all(|r| r.offers(word));
    for entry in COMMANDS.iter().filter(|(word, _, _)| every(word)) {
        row(&mut help, *entry);
    }
    for ruleset in Ruleset::ALL {
        let _ = writeln!(help, "\n{} only:", ruleset.title());
        for entry in commands_for(ruleset)
            .into_iter()
            .filter(|(w, _, _)| !every(w))
        {
            row(&mut help, entry);
        }
    }
    help
}

fn demo(out: &mut dyn Write) -> Result<(), Failure> {
    let (scenario, spec) = built_in_scenario(scenario::DEMO)?;
    let game = Game::new(scenario, spec, 0);
    write!(out, "{}", render::roster(&game, persist::now()))?;
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
        if persist::looks_like_save(path) {
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
    new_game: &NewGame,
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
    let (path, latest) = choose_game(target, new_game)?;
    tui::open(&path, theme, options).map_err(|error| match error {
        tui::ScreenError::Open(message) if latest => Failure::from(format!(
            "{message}\n(that is your most recent save; `adjutant play {}` starts a new game)",
            scenario::DEMO
        )),
        other => Failure::from(other),
    })?;
    writeln!(out, "The game is saved in {}", path.display())?;
    Ok(())
}

/// `adjutant serve`: as `play`, with the players' SSH server beside the screen.
fn serve(
    target: Option<&str>,
    new_game: &NewGame,
    options: &tui::Options,
    serving: &crate::serve::ServeOptions,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let theme = tui::theme(options)?;
    if !is_terminal() {
        return Err(Failure::from(
            "serving needs a terminal for the referee's screen; run it in one",
        ));
    }
    let (path, _) = choose_game(target, new_game)?;
    crate::serve::serve(&path, theme, options, serving)
        .map_err(|e| Failure::from(e.to_string()))?;
    writeln!(
        out,
        "The table is closed; the game is saved in {}",
        path.display()
    )?;
    Ok(())
}

/// What `new`, `play` and `serve` take for a game they start: neither fits a save, which
/// keeps the seed and the house rules it began with.
#[derive(Debug, Default, clap::Args)]
pub struct NewGame {
    /// Seed for a new game's dice [default: random].
    #[arg(long)]
    seed: Option<u64>,
    // The help names the table as a file writes it, which a doc comment may not.
    #[arg(
        long = "house-rules",
        value_name = "FILE",
        help = "A club's house rules for a new game: a file with a [house_rules] table, \
                played over the scenario's own. The save keeps them; the file is not read \
                again"
    )]
    club: Option<PathBuf>,
    /// The convention slot's length, like 4h or 3h30m, over the scenario's `slot`: the
    /// title counts it down from the first command.
    #[arg(long, value_name = "TIME", value_parser = slot_length)]
    slot: Option<String>,
    /// A campaign's last battle, saved: its survivors carry into this one, as the
    /// scenario's `[carry_over]` table says (figures lost stay lost, broken units and
    /// generals killed or captured stay out, unless it says otherwise).
    #[arg(long = "carry-over", value_name = "SAVE")]
    carry_over: Option<PathBuf>,
}

/// `--slot`'s value, checked as a scenario's `slot` is, and kept as written for the save.
fn slot_length(text: &str) -> Result<String, String> {
    match scenario::slot_length(text) {
        Ok(_) => Ok(text.trim().to_owned()),
        Err(problem) => Err(problem.to_string()),
    }
}

impl NewGame {
    /// Whether anything was given that only a new game takes.
    fn any(&self) -> bool {
        self.seed.is_some()
            || self.club.is_some()
            || self.slot.is_some()
            || self.carry_over.is_some()
    }

    /// Why `name`, a save, cannot take what was given.
    fn refused_for_save(&self, name: &str) -> Failure {
        Failure::from(if self.club.is_some() {
            format!(
                "{name} is a save: it keeps the house rules it began with, and --house-rules \
                 is only for a new game; in the game, `house set <name> <value>` changes one"
            )
        } else if self.slot.is_some() {
            format!(
                "{name} is a save: its clock keeps the slot it began with, and --slot is only \
                 for a new game; in the game, `clock left 1h30` says what is left"
            )
        } else if self.carry_over.is_some() {
            format!(
                "{name} is a save, already begun: --carry-over starts a campaign's next \
                 battle from its scenario (`adjutant play next-battle.toml --carry-over {name}`)"
            )
        } else {
            format!("{name} is a save; --seed is only for a new game")
        })
    }
}

/// The save `play` and `serve` open: `target` (a save, its bare name in the saves folder,
/// or a scenario to start), else the most recent save, else a new demo game; and whether
/// it is that most recent save.
fn choose_game(target: Option<&str>, new_game: &NewGame) -> Result<(PathBuf, bool), Failure> {
    let existing_save = |name: &str| {
        let path = Path::new(name);
        persist::looks_like_save(path).then(|| path.to_path_buf())
    };
    // A save's bare name finds it in the saves folder, as `play` put it there.
    let in_saves_folder = |name: &str| {
        let folder = persist::saves_folder();
        existing_save(&folder.join(name).to_string_lossy())
            .or_else(|| existing_save(&folder.join(format!("{name}.toml")).to_string_lossy()))
    };
    let create = |name: &str| create_game(name, new_game, None, &mut std::io::stderr());
    let mut latest = false;
    let path = match target {
        Some(name) => match existing_save(name).or_else(|| {
            (!Path::new(name).exists() && !name.contains(std::path::MAIN_SEPARATOR))
                .then(|| in_saves_folder(name))
                .flatten()
        }) {
            Some(_) if new_game.any() => return Err(new_game.refused_for_save(name)),
            Some(path) => path,
            None => create(name)?,
        },
        None => match persist::latest_save(&persist::saves_folder()) {
            Some(path) if !new_game.any() => {
                latest = true;
                path
            }
            _ => create(scenario::DEMO)?,
        },
    };
    Ok((path, latest))
}

/// `adjutant watch`: every mistake (theme, save, side) is reported before the terminal
/// is needed, so a player's SSH session shows it and ends.
fn watch(save: &Path, side: Option<&str>, options: &tui::Options) -> Result<(), Failure> {
    let theme = tui::theme(options)?;
    let watch = tui::watch::prepare(save, side, theme, options)?;
    if !is_terminal() {
        return Err(Failure::from(
            "watching needs a terminal; in scripts use `adjutant show <save>`",
        ));
    }
    Ok(watch.run()?)
}

/// Writes a new game of `name` (a scenario file or a built-in one) and returns its path.
fn create_game(
    name: &str,
    new_game: &NewGame,
    output: Option<PathBuf>,
    err: &mut dyn Write,
) -> Result<PathBuf, Failure> {
    let (mut scenario, mut spec, stem) = find_scenario(name)?;
    // Told once the game is saved: a refusal after it would read as though it had worked.
    let mut carried = String::new();
    if let Some(last) = &new_game.carry_over {
        (scenario, spec, carried) = campaign::carried_over(last, &spec, err)?;
    } else if spec.carry_over.take().is_some() {
        writeln!(
            err,
            "note: this scenario says what a campaign carries over ([carry_over]); start it \
             with --carry-over LAST_SAVE to carry the last battle's survivors"
        )?;
    }
    if let Some(slot) = &new_game.slot {
        scenario.slot =
            Some(scenario::slot_length(slot).map_err(|p| Failure::from(p.to_string()))?);
        spec.scenario.slot = Some(toml::Spanned::new(0..0, slot.clone()));
    }
    if let Some(club) = &new_game.club {
        let told;
        (scenario, spec, told) = scenario::club::with_club_file(club, scenario, spec)?;
        for line in told {
            writeln!(err, "house rules: {line}")?;
        }
    }
    let path = if let Some(path) = output {
        path
    } else {
        let folder = persist::saves_folder();
        persist::create_private_folder(&folder).map_err(|e| {
            Failure::from(format!(
                "cannot create the saves folder {}: {}",
                folder.display(),
                crate::read::what_failed(&e)
            ))
        })?;
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
    let seed = match new_game.seed {
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
    let _lock = SaveLock::acquire_new(&real_path)?;
    // Again under the lock: another `new` may have written it meanwhile.
    if real_path.exists() {
        return Err(exists(&path));
    }
    persist::save(&game, &real_path)?;
    write!(err, "{carried}")?;
    Ok(path)
}

/// A save's mode as `new --mode` takes it: three octal digits, read and write for the
/// referee, nothing to run, and no one else may write (a player could rewrite the battle).
fn parse_save_mode(text: &str) -> Result<u32, SaveModeError> {
    let typed = || text.to_owned();
    let mode = (text.len() == 3)
        .then(|| u32::from_str_radix(text, 8).ok())
        .flatten()
        .ok_or_else(|| SaveModeError::NotOctal { typed: typed() })?;
    if mode & 0o600 != 0o600 {
        return Err(SaveModeError::NotReferees { typed: typed() });
    }
    if mode & 0o111 != 0 {
        return Err(SaveModeError::Runnable { typed: typed() });
    }
    if mode & 0o002 != 0 {
        return Err(SaveModeError::WritableByAll { typed: typed() });
    }
    Ok(mode)
}

/// Why `new --mode` does not take the mode typed (`typed`, as the referee wrote it).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum SaveModeError {
    #[error("'{typed}' is not a mode of three octal digits, like 600 or 640")]
    NotOctal { typed: String },
    #[error("{typed} would not let the referee read and write the save")]
    NotReferees { typed: String },
    #[error("{typed} would make the save a program; a save is never run")]
    Runnable { typed: String },
    #[error(
        "{typed} would let anyone on the machine rewrite the battle; 640 or 644 shares it \
         read-only"
    )]
    WritableByAll { typed: String },
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: u32) -> Result<(), Failure> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).map_err(|e| {
        Failure::from(format!(
            "{} was made, but its mode could not be set to {mode:o}: {e}",
            path.display()
        ))
    })
}

#[cfg(not(unix))]
fn set_mode(_path: &Path, _mode: u32) -> Result<(), Failure> {
    Ok(())
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
    let outcome =
        persist::perform_and_save(&mut game, path, line).map_err(|error| match error {
            ActError::Refused(_) => Failure::told(&error),
            ActError::NotSaved(_) => Failure::from(error),
        })?;
    for line in &outcome.lines {
        writeln!(out, "{}", plain(line))?;
    }
    writeln!(out, "({})", render::headline(&game))?;
    Ok(())
}

fn check_file(path: &Path, out: &mut dyn Write) -> Result<(), Failure> {
    let file = path.display().to_string();
    let limit = if persist::looks_like_save(path) {
        crate::read::SAVE_LIMIT
    } else {
        crate::read::SCENARIO_LIMIT
    };
    let text = crate::read::read_text(path, limit)?;
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
    phase: crate::rules::phase::Phase,
    command: &'a str,
    /// Who typed it, when a co-referee did (`serve`).
    #[serde(skip_serializing_if = "Option::is_none")]
    by: Option<&'a str>,
    /// When it was given, in UTC.
    #[serde(skip_serializing_if = "Option::is_none")]
    at: Option<Moment>,
    #[serde(serialize_with = "crate::engine::logged::serialize")]
    events: &'a [crate::game::Event],
    text: Vec<String>,
}

fn log_json(game: &Game) -> Vec<LogEntryJson<'_>> {
    game.narrated_log()
        .enumerate()
        .map(|(index, (entry, text))| LogEntryJson {
            number: index + 1,
            turn: entry.turn,
            active: &entry.active,
            phase: entry.phase,
            command: &entry.command,
            by: entry.by.as_deref(),
            at: entry.at,
            events: &entry.events,
            // Data, as the names were written: no passage is rendered here.
            text: text.iter().map(|line| literal(line).into_owned()).collect(),
        })
        .collect()
}

fn to_json<T: Serialize>(value: &T) -> Result<String, Failure> {
    Ok(crate::core::shown::json_safe(serde_json::to_string(value)?))
}
