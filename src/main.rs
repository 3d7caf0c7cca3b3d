use adjutant::cli::{Cli, run};
use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut out = std::io::stdout().lock();
    let mut err = std::io::stderr().lock();
    match run(cli, &mut out, &mut err) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            use std::io::Write;
            let _ = writeln!(err, "adjutant: {}", failure.message);
            ExitCode::FAILURE
        }
    }
}
