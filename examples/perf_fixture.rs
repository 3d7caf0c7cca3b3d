//! Writes the performance fixture as a save: Waterloo with a log of N commands.
//! `cargo run --release --example perf_fixture -- 2000 waterloo-2000.toml`; used by
//! `bench/cli.sh`.

#[path = "../benches/common/mod.rs"]
mod common;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: perf_fixture <commands> <save.toml>";
    let commands: usize = args.next().ok_or(usage)?.parse()?;
    let path = std::path::PathBuf::from(args.next().ok_or(usage)?);
    let game = common::waterloo_after(commands);
    adjutant::persist::save(&game, &path)?;
    println!("{}: {} log entries", path.display(), game.log().len());
    Ok(())
}
