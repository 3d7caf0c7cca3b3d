//! The screen's costs on the performance fixture (Waterloo, 405 units, an 800-command
//! log): a frame drawn, a key carried out and saved, and the bytes a frame sends over SSH.
//! Run with `cargo bench --bench screen`; figures go in docs/performance.md.

use adjutant::game::Game;
use adjutant::persist;
use adjutant::scenario;
use adjutant::tui::app::App;
use adjutant::tui::keys;
use adjutant::tui::terminal::{FrameWriter, draw_frame};
use adjutant::tui::theme::Theme;
use adjutant::tui::view;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use std::time::{Duration, Instant};

fn fixture(folder: &std::path::Path) -> App {
    let (scenario, spec) =
        scenario::parse("waterloo", scenario::built_in("waterloo").unwrap()).unwrap();
    let mut game = Game::new(scenario, spec, 1);
    let ids: Vec<String> = game.state().units().iter().map(|u| u.id.clone()).collect();
    for id in ids.iter().skip(2).take(400) {
        game.perform(&format!("hit {id} 1")).unwrap();
        game.perform(&format!("disorder {id}")).unwrap();
    }
    let path = folder.join("waterloo.toml");
    persist::save(&game, &path).unwrap();
    App::new(game, path, None, Theme::built_in().unwrap())
}

fn terminal(width: u16, height: u16) -> Terminal<CrosstermBackend<FrameWriter<Vec<u8>>>> {
    Terminal::with_options(
        CrosstermBackend::new(FrameWriter::new(Vec::new())),
        TerminalOptions {
            viewport: Viewport::Fixed(Rect::new(0, 0, width, height)),
        },
    )
    .unwrap()
}

fn mean(runs: u32, mut f: impl FnMut()) -> Duration {
    let start = Instant::now();
    for _ in 0..runs {
        f();
    }
    start.elapsed() / runs
}

fn sent(terminal: &mut Terminal<CrosstermBackend<FrameWriter<Vec<u8>>>>) -> usize {
    let bytes = terminal.backend().writer().get_ref().len();
    terminal.backend_mut().writer_mut().get_mut().clear();
    bytes
}

fn main() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = fixture(folder.path());
    println!("fixture: {} log entries", app.game().log().len());
    let key = |app: &mut App, code| keys::handle(app, KeyEvent::new(code, KeyModifiers::NONE));

    for (width, height) in [(50, 20), (80, 24), (120, 40), (200, 60)] {
        let mut term = terminal(width, height);
        let full_redraw = mean(200, || {
            term.clear().unwrap();
            draw_frame(&mut term, |frame| view::draw(frame, &mut app)).unwrap();
        });
        sent(&mut term);
        term.clear().unwrap();
        draw_frame(&mut term, |frame| view::draw(frame, &mut app)).unwrap();
        let first = sent(&mut term);
        key(&mut app, KeyCode::Down);
        draw_frame(&mut term, |frame| view::draw(frame, &mut app)).unwrap();
        let one_key = sent(&mut term);
        println!(
            "{width}x{height}: full frame {full_redraw:?}; bytes: first frame {first}, after ↓ {one_key}"
        );
    }

    // A key that changes the battle: apply, atomic save (two fsyncs), redraw caches.
    let act = mean(20, || {
        key(&mut app, KeyCode::Char('h'));
        key(&mut app, KeyCode::Char('H'));
    }) / 2;
    println!("h / H on the fixture (apply + save + refresh): {act:?}");
}
