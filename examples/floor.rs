//! The floor for start-to-first-frame: the least a ratatui program does to put one frame
//! on the terminal (raw mode, alternate screen, one bordered paragraph), then it leaves.
//! `bench/terminal.py` times it beside `adjutant play`.

use ratatui::widgets::{Block, Paragraph};

fn main() -> std::io::Result<()> {
    let mut terminal = ratatui::init();
    let drawn = terminal.draw(|frame| {
        frame.render_widget(
            Paragraph::new("one frame").block(Block::bordered().title("floor")),
            frame.area(),
        );
    });
    ratatui::restore();
    drawn.map(|_| ())
}
