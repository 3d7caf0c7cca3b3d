//! Loading and saving on the performance fixture (Waterloo, 453 units): replay of a log of
//! 500, 2,000 and 10,000 commands, and one command applied and saved atomically, against
//! the floor of a bare write + fsync + rename of the same bytes. Then the big files:
//! a save of 100,000 commands (15 MB), and the check of a 2,000-unit scenario (the most a
//! battle holds) and of a 50,000-unit one (refused).
//! `cargo bench --bench load`; figures go in docs/performance.md.

mod common;

use adjutant::core::moment::Moment;
use adjutant::game::Game;
use adjutant::persist;
use adjutant::scenario;
use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group};
use std::fs::File;
use std::io::Write;

fn replay(c: &mut Criterion) {
    let mut group = c.benchmark_group("load");
    group.sample_size(20);
    for commands in [500, 2000, 10_000] {
        let text = persist::render(&common::waterloo_after(commands)).expect("renders");
        println!("load/{commands}: {} bytes of save", text.len());
        group.bench_with_input(BenchmarkId::from_parameter(commands), &text, |b, text| {
            b.iter(|| persist::load_text("fixture", text).expect("the fixture loads"));
        });
    }
    // The d10 sheet's own throws (its rolls read from the log, not thrown again).
    let text = persist::render(&ebelsberg_after(2000)).expect("renders");
    println!("load/d10-sheet 2000: {} bytes of save", text.len());
    group.bench_with_input(BenchmarkId::new("d10-sheet", 2000), &text, |b, text| {
        b.iter(|| persist::load_text("fixture", text).expect("the fixture loads"));
    });
    group.finish();
}

/// The built-in Ebelsberg (the d10 sheet) after exactly `commands` accepted commands, its own
/// throws in a mix the table makes: action points, initiatives, fire (at -20, so that no
/// unit is worn away before the log is long), hits and their corrections, the phases going
/// by. Candidates the rules refuse are passed over.
pub fn ebelsberg_after(commands: usize) -> Game {
    let text = scenario::built_in("ebelsberg").expect("ebelsberg is built in");
    let (scenario, spec) = scenario::parse("ebelsberg", text).expect("ebelsberg parses");
    let mut game = Game::new(scenario, spec, 1);
    let ids: Vec<String> = game.state().units().iter().map(|u| u.id.clone()).collect();
    let mut step = 0usize;
    while game.log().len() < commands {
        let unit = &ids[step % ids.len()];
        let enemy = &ids[(step + ids.len() / 2) % ids.len()];
        let candidate = match step % 8 {
            0 => format!("ap {unit}"),
            1 => "initiative coehorn hiller".to_owned(),
            2 => format!("fire {unit} {enemy} row=3 mod=-20"),
            3 => format!("hit {unit} 1"),
            4 => format!("unhit {unit} 1"),
            5 => format!("ap {unit} roll=10,9"),
            // The phases go by now and then, within the scenario's eight turns.
            6 if step % 400 == 6 => "next".to_owned(),
            _ => format!("note {unit} step {step}"),
        };
        let _ = game.perform(&candidate);
        step += 1;
    }
    game
}

fn apply_and_save(c: &mut Criterion) {
    let folder = tempfile::tempdir().expect("a temp folder");
    let path = folder.path().join("waterloo.toml");
    let game = common::waterloo_after(2000);
    persist::save(&game, &path).expect("the fixture saves");
    let unit = game.state().units()[3].id.clone();
    let command = format!("hit {unit} 1");

    let mut group = c.benchmark_group("save");
    group.sample_size(30);
    // The screen's path: the last save's pieces are kept, so only the new entry renders.
    let mut warmed = persist::SaveText::default();
    persist::save_with(&game, &path, &mut warmed).expect("the fixture saves");
    group.bench_function("apply+atomic save (2000 commands)", |b| {
        b.iter_batched(
            || (game.clone(), warmed.clone()),
            |(mut game, mut text)| {
                // Timed, as the screen times every command.
                let given = persist::Given {
                    by: None,
                    at: Some(Moment::from_unix(1_795_784_400)),
                };
                persist::perform_and_save_with(&mut game, &path, &command, given, &mut text)
                    .expect("saved");
                (game, text)
            },
            BatchSize::LargeInput,
        );
    });
    // The command line's path: one command per process, the whole save rendered.
    group.bench_function("apply+atomic save, nothing kept (2000 commands)", |b| {
        b.iter_batched(
            || game.clone(),
            |mut game| {
                persist::perform_and_save(&mut game, &path, &command).expect("saved");
                game
            },
            BatchSize::LargeInput,
        );
    });
    // The floor: the bytes of that save, written the least a crash-safe writer can.
    let mut after = game.clone();
    after.perform(&command).expect("accepted");
    let bytes = persist::render(&after).expect("renders").into_bytes();
    let temp = folder.path().join("floor.tmp");
    let target = folder.path().join("floor.toml");
    group.bench_function("floor: write+fsync+rename (same bytes)", |b| {
        b.iter(|| {
            let mut file = File::create(&temp).expect("created");
            file.write_all(&bytes).expect("written");
            file.sync_all().expect("synced");
            std::fs::rename(&temp, &target).expect("renamed");
        });
    });
    group.finish();
}

/// The big files `adjutant check` is given: a long save, a scenario at the bound, and one
/// far past it, which must be refused in time that follows its size.
fn big_files(c: &mut Criterion) {
    let mut group = c.benchmark_group("check");
    group.sample_size(10);
    let text = persist::render(&common::waterloo_after(100_000)).expect("renders");
    println!("check/save 100000: {} bytes of save", text.len());
    group.bench_function("save of 100000 commands", |b| {
        b.iter(|| persist::load_text("fixture", &text).expect("the fixture loads"));
    });
    for units in [2_000, 50_000] {
        let text = common::scenario_text(units);
        println!("check/scenario {units}: {} bytes", text.len());
        group.bench_function(format!("scenario of {units} units"), |b| {
            b.iter(|| {
                let read = adjutant::scenario::parse("big.toml", &text);
                assert_eq!(read.is_ok(), units <= adjutant::scenario::MAX_UNITS);
                read
            });
        });
    }
    group.finish();
}

criterion_group!(benches, replay, apply_and_save, big_files);

fn main() {
    benches();
    criterion::Criterion::default()
        .configure_from_args()
        .final_summary();
}
