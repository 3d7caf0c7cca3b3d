use adjutant::cli::{Cli, run};
use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // A mistake in the arguments is quoted back: shown safe, plain (help and the
        // version are ours and keep clap's styles).
        Err(error) if error.use_stderr() => {
            eprint!(
                "{}",
                adjutant::core::shown::shown(&error.render().to_string())
            );
            return ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2));
        }
        Err(error) => error.exit(),
    };
    // Not locked for the whole run: the screen's signal thread must be able to write.
    let mut out = std::io::stdout();
    let mut err = std::io::stderr();
    match run(cli, &mut out, &mut err) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            use std::io::Write;
            // The message may quote a path or an argument: shown, never obeyed.
            let _ = writeln!(
                err,
                "adjutant: {}",
                adjutant::core::shown::shown(&failure.message)
            );
            ExitCode::FAILURE
        }
    }
}
