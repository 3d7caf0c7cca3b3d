use adjutant::cli::{Cli, run};
use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Not locked for the whole run: the screen's signal thread must be able to write.
    let mut out = std::io::stdout();
    let mut err = std::io::stderr();
    match run(cli, &mut out, &mut err) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            use std::io::Write;
            let _ = writeln!(err, "adjutant: {}", failure.message);
            ExitCode::FAILURE
        }
    }
}
