//! `adjutant serve`'s cost per client on the performance fixture (Waterloo, 453 units, a
//! 2,000-command log), without the network: 20 clients' screens as the server holds them,
//! and one change of the referee's reaching all of them (each reloads the game as its role
//! sees it and draws its frame). The network adds a round trip on the table's Wi-Fi.
//! `cargo bench --bench serve`; figures go in docs/performance.md.

mod common;

use adjutant::game::{Game, Looker};
use adjutant::serve::client::Screen;
use adjutant::tui::theme::Theme;
use criterion::{Criterion, criterion_group};
use std::path::Path;
use std::time::Instant;

const CLIENTS: usize = 20;

/// The clients of a busy table: each side's players on phones and laptops, and guests.
fn roles() -> Vec<(Looker, (u16, u16))> {
    (0..CLIENTS)
        .map(|n| {
            let role = match n % 5 {
                0 | 1 => Looker::Side("france".into()),
                2 | 3 => Looker::Side("allies".into()),
                _ => Looker::Guest,
            };
            let size = if n % 2 == 0 { (50, 20) } else { (80, 24) };
            (role, size)
        })
        .collect()
}

/// The process's resident memory, in kB, from /proc (Linux).
fn resident_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn open_clients(game: &Game) -> Vec<Screen> {
    roles()
        .into_iter()
        .map(|(role, size)| {
            let theme = Theme::built_in().expect("built-in theme");
            let mut screen =
                Screen::new(Path::new("waterloo.toml"), theme, role, game.clone(), size)
                    .expect("a screen in memory");
            screen.opening().expect("the first frame");
            screen
        })
        .collect()
}

/// The game after `line`, and every client reloaded and drawn; the bytes each received.
fn pass_on(clients: &mut [Screen], game: &mut Game, line: &str) -> Vec<usize> {
    game.perform(line).expect("the fixture's command");
    clients
        .iter_mut()
        .map(|client| {
            client.app.reload(game.clone());
            client.frame().expect("drawn").len()
        })
        .collect()
}

fn figures(game: &Game) {
    let before = resident_kb();
    let mut clients = open_clients(game);
    let after = resident_kb();
    if let (Some(before), Some(after)) = (before, after) {
        println!(
            "memory: {} kB for {CLIENTS} clients, {} kB each",
            after.saturating_sub(before),
            after.saturating_sub(before) / CLIENTS as u64
        );
    }
    let moved: Vec<usize> = clients
        .iter_mut()
        .map(|client| {
            client.bytes(b"j");
            client.frame().expect("drawn").len()
        })
        .collect();
    println!("bytes for a cursor move, per client: {moved:?}");
    let mut game = game.clone();
    let started = Instant::now();
    let changed = pass_on(&mut clients, &mut game, "hit f54-1 1");
    println!(
        "a hit, all {CLIENTS} clients reloaded and drawn in {:?}; bytes per client: {changed:?}",
        started.elapsed()
    );
}

fn serve(c: &mut Criterion) {
    let game = common::waterloo_after(2000);
    figures(&game);
    let mut clients = open_clients(&game);
    let mut game = game;
    c.bench_function(
        "serve/a change reaching 20 clients (reload + frame each)",
        |b| {
            b.iter(|| {
                pass_on(&mut clients, &mut game, "hit f54-1 1");
                pass_on(&mut clients, &mut game, "unhit f54-1 1");
            });
        },
    );
    let mut one = open_clients(&game).swap_remove(0);
    c.bench_function("serve/a change reaching 1 client (france, 50x20)", |b| {
        b.iter(|| {
            game.perform("hit f54-1 1").expect("a hit");
            one.app.reload(game.clone());
            one.frame().expect("drawn");
            game.perform("unhit f54-1 1").expect("taken back");
            one.app.reload(game.clone());
            one.frame().expect("drawn");
        });
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = serve
}

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
