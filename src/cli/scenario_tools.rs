//! `adjutant scenario`: the tools that make a scenario before the game, each writing a
//! file of the referee's to edit.

use super::Failure;
use crate::persist;
use crate::rules::Ruleset;
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
}

pub fn run(command: &ScenarioCommand, out: &mut dyn Write) -> Result<(), Failure> {
    match command {
        ScenarioCommand::New { ruleset, output } => {
            let text = template(ruleset_named(ruleset)?);
            write_out(output.as_deref(), &text, out, "The scenario")
        }
    }
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
