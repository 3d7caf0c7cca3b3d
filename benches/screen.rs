//! The screen's costs on the performance fixture (Waterloo, 453 units, a 2,000-command
//! log): one frame drawn through the real output path, a key that changes the battle
//! (apply, atomic save, refresh), and the bytes a frame sends over SSH.
//! `cargo bench --bench screen`; figures go in docs/performance.md.

mod common;

use adjutant::persist;
use adjutant::tui::app::App;
use adjutant::tui::keys;
use adjutant::tui::terminal::{FrameWriter, draw_frame};
use adjutant::tui::theme::Theme;
use adjutant::tui::view;
use criterion::{Criterion, criterion_group};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::backend::CrosstermBackend;
use ratatui::layout::{Constraint, Rect};
use ratatui::widgets::{Row as TableRow, Table};
use ratatui::{Terminal, TerminalOptions, Viewport};

type MemoryTerminal = Terminal<CrosstermBackend<FrameWriter<Vec<u8>>>>;

fn fixture(folder: &std::path::Path) -> App {
    let game = common::waterloo_after(2000);
    let path = folder.join("waterloo.toml");
    persist::save(&game, &path).expect("the fixture saves");
    App::new(game, path, None, Theme::built_in().expect("built-in theme"))
}

fn terminal(width: u16, height: u16) -> MemoryTerminal {
    Terminal::with_options(
        CrosstermBackend::new(FrameWriter::new(Vec::new())),
        TerminalOptions {
            viewport: Viewport::Fixed(Rect::new(0, 0, width, height)),
        },
    )
    .expect("an in-memory terminal")
}

fn key(app: &mut App, code: KeyCode) {
    keys::handle(app, KeyEvent::new(code, KeyModifiers::NONE));
}

fn draw(term: &mut MemoryTerminal, app: &mut App) {
    draw_frame(term, |frame| view::draw(frame, app)).expect("drawn into memory");
}

/// Bytes sent since the last call.
fn sent(term: &mut MemoryTerminal) -> usize {
    let bytes = term.backend().writer().get_ref().len();
    term.backend_mut().writer_mut().get_mut().clear();
    bytes
}

/// What one frame costs on the wire: the first, a cursor move, a hit as the referee keys
/// it (the status line tells what happened), and the same hit as a player's `watch`
/// screen receives it when the save changes.
fn bytes_on_the_wire(app: &mut App) {
    println!(
        "bytes on the wire (size: full frame, after ↓, after h, watcher after a first and a \
         second hit):"
    );
    for (width, height) in [(50, 20), (80, 24), (120, 40), (200, 60)] {
        let mut term = terminal(width, height);
        draw(&mut term, app);
        let first = sent(&mut term);
        key(app, KeyCode::Down);
        draw(&mut term, app);
        let cursor = sent(&mut term);
        key(app, KeyCode::Char('h'));
        draw(&mut term, app);
        let hit = sent(&mut term);
        key(app, KeyCode::Char('H'));
        key(app, KeyCode::Up);

        let mut watcher = App::new(
            app.game().clone(),
            app.save_path().expect("the referee's desk").to_path_buf(),
            None,
            Theme::built_in().expect("built-in theme"),
        );
        watcher.watch(adjutant::game::Looker::Referee);
        let mut watcher_term = terminal(width, height);
        draw(&mut watcher_term, &mut watcher);
        sent(&mut watcher_term);
        // The first change since the watcher opened rewrites its status line's opening
        // words; the next ones change only what changed.
        let mut received = Vec::new();
        let mut changed = app.game().clone();
        for unit in ["f54-1", "f54-2"] {
            changed.perform(&format!("hit {unit} 1")).expect("a hit");
            watcher.reload(changed.clone());
            draw(&mut watcher_term, &mut watcher);
            received.push(sent(&mut watcher_term));
        }
        println!(
            "  {width}x{height}: {first} B, {cursor} B, {hit} B, {} B then {} B",
            received[0], received[1]
        );
    }
}

fn frames(c: &mut Criterion) {
    let folder = tempfile::tempdir().expect("a temp folder");
    let mut app = fixture(folder.path());
    bytes_on_the_wire(&mut app);
    for (width, height) in [(50, 20), (80, 24), (120, 40)] {
        let mut term = terminal(width, height);
        // A full redraw: the screen cleared, every cell drawn and sent.
        c.bench_function(&format!("frame/full/{width}x{height}"), |b| {
            b.iter(|| {
                term.clear().expect("cleared");
                draw(&mut term, &mut app);
                sent(&mut term);
            });
        });
        // The steady case: a frame where nothing changed, which still builds every pane.
        c.bench_function(&format!("frame/unchanged/{width}x{height}"), |b| {
            b.iter(|| {
                draw(&mut term, &mut app);
                sent(&mut term);
            });
        });
    }
    // The floor: a plain ratatui table filling the screen with the same rows of text, drawn
    // through the same writer.
    for (width, height) in [(80, 24), (120, 40)] {
        let mut term = terminal(width, height);
        let rows: Vec<Vec<String>> = (0..height)
            .map(|r| (0..6).map(|c| format!("cell {r}.{c} text")).collect())
            .collect();
        c.bench_function(&format!("frame/floor-plain-table/{width}x{height}"), |b| {
            b.iter(|| {
                term.clear().expect("cleared");
                draw_frame(&mut term, |frame| {
                    let table = Table::new(
                        rows.iter()
                            .map(|r| TableRow::new(r.iter().map(String::as_str))),
                        [Constraint::Ratio(1, 6); 6],
                    );
                    frame.render_widget(table, frame.area());
                })
                .expect("drawn into memory");
                sent(&mut term);
            });
        });
    }
    // A key that changes the battle and its undo: apply, atomic save, refresh; per key.
    c.bench_function("key/h-then-H (two commands saved)", |b| {
        b.iter(|| {
            key(&mut app, KeyCode::Char('h'));
            key(&mut app, KeyCode::Char('H'));
        });
    });
    // The jump window on all 453 units: a letter typed and taken back, each reranking
    // every unit, and the window drawn after each as the referee sees it.
    key(&mut app, KeyCode::Char('\''));
    let mut term = terminal(80, 24);
    c.bench_function(
        "key/jump: a letter typed then erased, drawn, 453 units",
        |b| {
            b.iter(|| {
                key(&mut app, KeyCode::Char('e'));
                draw(&mut term, &mut app);
                key(&mut app, KeyCode::Backspace);
                draw(&mut term, &mut app);
            });
        },
    );
    key(&mut app, KeyCode::Esc);
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = frames
}

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
