//! A writer killed with SIGKILL at a random moment of `adjutant do`: the save always loads,
//! holding the log before the command or the log with it, and every command whose process
//! said it was done is there. What the dead writer left (its lock file, maybe a temp file)
//! never blocks the next command. And two Adjutants on one save: the second is refused.

mod common;

use adjutant::persist::{self, SaveLock};
use common::cli::new_save;
use rand::{Rng, SeedableRng};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

/// Runs of `do` to kill: enough to land kills before, during and after the write (a run
/// lasts about as long as the longest delay), at a few seconds in all.
const RUNS: usize = 200;

fn log_commands(save: &Path) -> Vec<String> {
    let loaded = persist::load(save).unwrap_or_else(|e| panic!("the save does not load: {e}"));
    loaded
        .game
        .log()
        .iter()
        .map(|entry| entry.command.clone())
        .collect()
}

#[test]
fn a_writer_killed_at_any_moment_leaves_the_old_log_or_the_new() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_save(folder.path(), "mill.toml", "tutorial", 9);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2024);
    let mut log = log_commands(&save);
    let (mut killed, mut acknowledged) = (0, 0);
    for run in 0..RUNS {
        // Hit and take back in turn, so the unit never shatters and every command is
        // one the rules accept: a refusal could only come from the dead writer's leftovers.
        let figures_lost = log.iter().filter(|c| c.starts_with("hit")).count()
            > log.iter().filter(|c| c.starts_with("unhit")).count();
        let command = if figures_lost {
            "unhit fr-4l1 1"
        } else {
            "hit fr-4l1 1"
        };
        let mut child = Command::new(env!("CARGO_BIN_EXE_adjutant"))
            .arg("do")
            .arg(&save)
            .args(command.split(' '))
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_micros(rng.gen_range(0..30_000)));
        // SIGKILL on unix; an error only says the process had already exited.
        let _ = child.kill();
        let output = child.wait_with_output().unwrap();
        let after = log_commands(&save);
        let stderr = String::from_utf8_lossy(&output.stderr);
        if output.status.success() {
            acknowledged += 1;
            assert_eq!(
                after.len(),
                log.len() + 1,
                "run {run}: acknowledged, not saved"
            );
        } else {
            assert_eq!(output.status.code(), None, "run {run} failed: {stderr}");
            killed += 1;
        }
        assert_eq!(
            after[..log.len()],
            log[..],
            "run {run}: the old log changed"
        );
        match &after[log.len()..] {
            [] => {}
            [added] => assert_eq!(added, command, "run {run}"),
            more => panic!("run {run}: {} commands added", more.len()),
        }
        log = after;
    }
    assert!(
        killed > 0 && acknowledged > 0,
        "{killed} killed, {acknowledged} done"
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
    let theme = adjutant::tui::theme(&adjutant::tui::Options {
        no_color: true,
        theme: None,
    })
    .unwrap();
    let before = std::fs::read(&save).unwrap();
    let error = adjutant::tui::open(&save, theme).unwrap_err().to_string();
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
