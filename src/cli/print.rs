//! `adjutant print`: the print pack of a save or of a scenario not yet played.

use super::{Failure, find_scenario, open};
use crate::game::Game;
use crate::persist;
use crate::report::pack::{Paper, Sheet, pack};
use std::io::Write;
use std::path::{Path, PathBuf};

/// `adjutant print`'s arguments.
#[derive(Debug, clap::Args)]
pub struct PrintArgs {
    /// A save, or a scenario (a file or a built-in name) before its first turn.
    target: String,
    /// Only this side's roster sheet and unit cards [default: every side's].
    #[arg(long)]
    side: Option<String>,
    /// Only these sheets [default: all three].
    #[arg(long, value_enum, value_delimiter = ',')]
    only: Vec<Sheet>,
    /// The paper it is printed on.
    #[arg(long, value_enum, default_value_t = Paper::A4)]
    paper: Paper,
    /// Where to write the pack: a name ending .html.
    #[arg(short, long)]
    output: PathBuf,
}

/// Writes the pack of the target (a save, or a scenario started for the purpose and not
/// saved) for the side asked (none: every side) to the output, which must end `.html`.
pub fn print(args: &PrintArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), Failure> {
    let (target, side, output) = (args.target.as_str(), args.side.as_deref(), &args.output);
    if !output
        .extension()
        .is_some_and(|ext| ext.eq_ignore_ascii_case("html"))
    {
        return Err(Failure::from(format!(
            "{} does not end .html: the pack is one web page to print (nothing was written)",
            output.display()
        )));
    }
    let path = Path::new(target);
    let game = if persist::looks_like_save(path) {
        if persist::resolve_save_path(output) == persist::resolve_save_path(path) {
            return Err(Failure::from(format!(
                "{} is the save itself; the pack needs another name (nothing was written)",
                output.display()
            )));
        }
        open(path, err)?
    } else {
        let (scenario, spec, _) = find_scenario(target)?;
        Game::new(scenario, spec, 0)
    };
    if let Some(side) = side
        && game.state().side(side).is_none()
    {
        let ids: Vec<&str> = game.state().sides().iter().map(|s| s.id.as_str()).collect();
        return Err(Failure::from(format!(
            "no side '{side}' in this game (sides: {}); nothing was written",
            ids.join(", ")
        )));
    }
    let text = pack(&game, side, &args.only, args.paper);
    persist::write_atomically(&persist::resolve_save_path(output), text.as_bytes())
        .map_err(|e| Failure::from(format!("cannot write {}: {e}", output.display())))?;
    writeln!(out, "The print pack is in {}", output.display())?;
    Ok(())
}
