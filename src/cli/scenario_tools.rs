//! `adjutant scenario`: the tools that make a scenario before the game, each writing a
//! file of the referee's to edit.

use super::{Failure, find_scenario, open};
use crate::persist;
use crate::rules::Ruleset;
use crate::scenario::order_of_battle::{self, CsvFile};
use crate::scenario::template::template;
use std::io::Write;
use std::path::{Path, PathBuf};

/// `adjutant scenario`'s commands.
#[derive(Debug, clap::Subcommand)]
pub enum ScenarioCommand {
    /// Write a scenario to fill in: valid as written, two sides of a few units and a
    /// general each, its comments listing every word its ruleset takes.
    #[command(
        after_help = "Examples:\n  adjutant scenario new -o my-battle.toml\n  \
                            adjutant scenario new --ruleset old-trousers-ii > vimeiro.toml\n\n\
                            Then: adjutant check my-battle.toml, and adjutant new my-battle.toml"
    )]
    New {
        /// The ruleset it is played by.
        #[arg(long, value_name = "ID", default_value = "sound-the-charge")]
        ruleset: String,
        /// Where to write it, a file that does not exist yet [default: standard output].
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Make a scenario from an order of battle in CSV, as a spreadsheet saves it: a row a
    /// unit or general, its columns the scenario's keys (in any case and order). Every bad
    /// cell is listed at its line and column; nothing is written until none is.
    #[command(
        after_help = "Examples:\n  adjutant scenario import oob.csv -o my-battle.toml\n  \
                            adjutant scenario import france.csv britain.csv --ruleset \
                            sound-the-charge-1-25 --title Albuera\n\n\
                            The columns: side, id, name, arm, type, grade, morale, figures, \
                            formation, guns, horse, pounds, elite, nation, regimental_gun, kit, \
                            traits, commander; for a general (arm = general): attached, echelon, \
                            leadership, tactical, order. A file without a side column is the \
                            side it is named after. scenarios/quatre-bras.csv is a sample."
    )]
    Import {
        /// One file with a side column, or one file a side, named after it (france.csv).
        #[arg(required = true, num_args = 1..=2, value_name = "CSV")]
        files: Vec<PathBuf>,
        /// The ruleset it is played by.
        #[arg(long, value_name = "ID", default_value = "sound-the-charge")]
        ruleset: String,
        /// The battle's title.
        #[arg(long, default_value = "A new battle")]
        title: String,
        /// Where to write the scenario, a file that does not exist yet [default: standard
        /// output].
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Write the units and generals of a scenario or a save (as its battle began) as CSV,
    /// in the columns `import` reads: export, import and export again give the same file.
    #[command(
        after_help = "Examples:\n  adjutant scenario export quatre-bras -o oob.csv\n  \
                            adjutant scenario export saves/tonight.toml > oob.csv"
    )]
    Export {
        /// A save, a scenario file, or a built-in scenario.
        target: String,
        /// Where to write the CSV, a file that does not exist yet [default: standard
        /// output].
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
}

pub fn run(
    command: &ScenarioCommand,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), Failure> {
    match command {
        ScenarioCommand::New { ruleset, output } => {
            let text = template(ruleset_named(ruleset)?);
            write_out(output.as_deref(), &text, out, "The scenario")
        }
        ScenarioCommand::Import {
            files,
            ruleset,
            title,
            output,
        } => import(
            files,
            ruleset_named(ruleset)?,
            title,
            output.as_deref(),
            out,
        ),
        ScenarioCommand::Export { target, output } => {
            let path = Path::new(target);
            if path
                .extension()
                .is_some_and(|ext| ext.eq_ignore_ascii_case("csv"))
            {
                return Err(Failure::from(format!(
                    "{target} is an order of battle already: export reads a scenario or a \
                     save (`adjutant scenario import {target}` makes a scenario of it)"
                )));
            }
            let text = if persist::looks_like_save(path) {
                order_of_battle::export(open(path, err)?.spec())
            } else {
                let (_, spec, _) = find_scenario(target)?;
                order_of_battle::export(&spec)
            };
            write_out(output.as_deref(), &text, out, "The order of battle")
        }
    }
}

/// `adjutant scenario import`: the scenario of the CSV files, checked, written.
fn import(
    files: &[PathBuf],
    ruleset: Ruleset,
    title: &str,
    output: Option<&Path>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let mut read = Vec::new();
    for path in files {
        let text = crate::read::read_text(path, crate::read::SCENARIO_LIMIT)?;
        let stem = path
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        read.push((path.display().to_string(), stem, text));
    }
    let csv: Vec<CsvFile<'_>> = read
        .iter()
        .map(|(name, stem, text)| CsvFile { name, stem, text })
        .collect();
    let spec = order_of_battle::import(&csv, ruleset, title)?;
    let names: Vec<&str> = read.iter().map(|(name, _, _)| name.as_str()).collect();
    let text = order_of_battle::scenario_text(&spec, &names);
    write_out(output, &text, out, "The scenario")
}

/// The ruleset of that id, or a sentence listing them.
pub(super) fn ruleset_named(id: &str) -> Result<Ruleset, Failure> {
    Ruleset::from_id(id).ok_or_else(|| {
        let ids: Vec<&str> = Ruleset::ALL.iter().map(|r| r.id()).collect();
        Failure::from(format!("no ruleset '{id}' (rulesets: {})", ids.join(", ")))
    })
}

/// `text` to a new file at `output`, never over one that exists, and what it is (`what`)
/// said to be there; to `out` without one.
fn write_out(
    output: Option<&Path>,
    text: &str,
    out: &mut dyn Write,
    what: &str,
) -> Result<(), Failure> {
    let Some(output) = output else {
        write!(out, "{text}")?;
        return Ok(());
    };
    let path = persist::resolve_save_path(output);
    if path.symlink_metadata().is_ok() {
        return Err(Failure::from(format!(
            "{} already exists; Adjutant never overwrites a file (choose another -o)",
            output.display()
        )));
    }
    persist::write_atomically(&path, text.as_bytes())
        .map_err(|e| Failure::from(format!("cannot write {}: {e}", output.display())))?;
    writeln!(out, "{what} is in {}", output.display())?;
    Ok(())
}
