//! A writer killed with SIGKILL at a random moment of `adjutant do`: the save always loads,
//! holding the log before the command or the log with it, and every command whose process
//! said it was done is there. What the dead writer left (its lock file, maybe a temp file)
//! never blocks the next command. And two Adjutants on one save: the second is refused.

mod common;

use adjutant::persist::{self, SaveLock};
use common::cli::new_save;
use rand::{Rng, SeedableRng};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs of `do` to kill: enough to land kills before, during and after the write, at a few
/// seconds in all.
const RUNS: usize = 200;

/// Every this many kills, one `do` runs to its end untouched and is timed again, so the
/// kills follow the machine's speed as it is now (a busy runner slows down mid-test).
const RECALIBRATE_EVERY: usize = 25;

fn log_commands(save: &Path) -> Vec<String> {
    let loaded = persist::load(save).unwrap_or_else(|e| panic!("the save does not load: {e}"));
    loaded
        .game
        .log()
        .iter()
        .map(|entry| entry.command.clone())
        .collect()
}

/// Hit and take back in turn, so the unit never shatters and every command is one the
/// rules accept: a refusal could only come from a dead writer's leftovers.
fn next_command(log: &[String]) -> &'static str {
    let hits = log.iter().filter(|c| c.starts_with("hit")).count();
    let unhits = log.iter().filter(|c| c.starts_with("unhit")).count();
    if hits > unhits {
        "unhit fr-4l1 1"
    } else {
        "hit fr-4l1 1"
    }
}

fn spawn_do(save: &Path, command: &str) -> Child {
    Command::new(env!("CARGO_BIN_EXE_adjutant"))
        .arg("do")
        .arg(save)
        .args(command.split(' '))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// What one run of `do` did to the save, checked against the log before it: the old log
/// kept whole, and at most the one command added — always added when `do` said it was done.
fn check_run(run: &str, before: &[String], after: &[String], command: &str, output: &Output) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    if output.status.success() {
        assert_eq!(
            after.len(),
            before.len() + 1,
            "{run}: acknowledged, not saved"
        );
    } else {
        // A kill is SIGKILL on unix: no exit code. Any other failure is a refusal.
        assert_eq!(output.status.code(), None, "{run} failed: {stderr}");
    }
    assert_eq!(
        after[..before.len()],
        before[..],
        "{run}: the old log changed"
    );
    match &after[before.len()..] {
        [] => {}
        [added] => assert_eq!(added, command, "{run}"),
        more => panic!("{run}: {} commands added", more.len()),
    }
}

/// One `do` left to finish, timed from spawn to exit: the span the kills are spread over.
fn timed_run(save: &Path, log: &mut Vec<String>, run: &str) -> Duration {
    let command = next_command(log);
    let started = Instant::now();
    let output = spawn_do(save, command).wait_with_output().unwrap();
    let took = started.elapsed();
    assert!(
        output.status.success(),
        "{run}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let after = log_commands(save);
    check_run(run, log, &after, command, &output);
    *log = after;
    took
}

/// The kills are spread over twice the time an untouched `do` takes on this machine, timed
/// before the first kill and again every [`RECALIBRATE_EVERY`] kills: so kills fall from
/// before the process has read the save to after it has finished, however fast the
/// machine, and every outcome is held to the same rule. How many land inside the write
/// itself depends on how long the disk takes to sync, so that is not asserted.
#[test]
fn a_writer_killed_at_any_moment_leaves_the_old_log_or_the_new() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_save(folder.path(), "mill.toml", "tutorial", 9);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2024);
    let mut log = log_commands(&save);
    let (mut killed, mut acknowledged) = (0, 0);
    let mut span = Duration::ZERO;
    for run in 0..RUNS {
        if run % RECALIBRATE_EVERY == 0 {
            // The slowest of three, so one lucky run does not shrink the span.
            span = (0..3)
                .map(|i| timed_run(&save, &mut log, &format!("timing {run}.{i}")))
                .max()
                .unwrap();
        }
        let command = next_command(&log);
        let mut child = spawn_do(&save, command);
        std::thread::sleep(span.mul_f64(rng.gen_range(0.0..2.0)));
        // SIGKILL on unix; an error only says the process had already exited.
        let _ = child.kill();
        let output = child.wait_with_output().unwrap();
        if output.status.success() {
            acknowledged += 1;
        } else {
            killed += 1;
        }
        let after = log_commands(&save);
        check_run(&format!("run {run}"), &log, &after, command, &output);
        log = after;
    }
    // Half the kills are timed past the slowest timed run; the other half inside it.
    assert!(
        killed > 0 && acknowledged > 0,
        "{killed} killed, {acknowledged} done (span {span:?})"
    );
    // The next command clears a dead writer's temp file under the lock.
    common::cli::act(&save, "note fr-4l1 after the kills");
    let strays: Vec<_> = std::fs::read_dir(folder.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "tmp"))
        .collect();
    assert_eq!(strays, Vec::<std::path::PathBuf>::new());
}

/// The screen takes the lock before it reads the save: with a `do` (here, this process)
/// holding it, `play` is refused before it touches the terminal, naming the holder.
#[test]
fn the_screen_is_refused_a_save_another_adjutant_holds() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_save(folder.path(), "mill.toml", "tutorial", 9);
    let real = persist::resolve_save_path(&save);
    let held = SaveLock::acquire(&real).unwrap();
    let options = adjutant::tui::Options {
        no_color: true,
        ..adjutant::tui::Options::default()
    };
    let theme = adjutant::tui::theme(&options).unwrap();
    let before = std::fs::read(&save).unwrap();
    let error = adjutant::tui::open(&save, theme, &options)
        .unwrap_err()
        .to_string();
    assert!(
        error.contains(&format!(
            "in use by another Adjutant (pid {})",
            std::process::id()
        )),
        "{error}"
    );
    assert_eq!(std::fs::read(&save).unwrap(), before);
    drop(held);
}
