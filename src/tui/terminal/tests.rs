use super::*;

/// Every way out undoes all that entering did: the mouse (1000, 1006), bracketed
/// paste (2004), the alternate screen (1049), the hidden cursor (25).
#[test]
fn giving_the_terminal_back_undoes_all_that_entering_did() {
    let mut written = String::new();
    crossterm::Command::write_ansi(&GiveBack, &mut written).unwrap();
    let mut entered = String::new();
    crossterm::Command::write_ansi(&ClicksAndWheel, &mut entered).unwrap();
    crossterm::Command::write_ansi(&EnableBracketedPaste, &mut entered).unwrap();
    crossterm::Command::write_ansi(&EnterAlternateScreen, &mut entered).unwrap();
    crossterm::Command::write_ansi(&cursor::Hide, &mut entered).unwrap();
    // What entering writes, and what must undo it.
    let modes = [
        ("?1000h", "?1000l"),
        ("?1006h", "?1006l"),
        ("?2004h", "?2004l"),
        ("?1049h", "?1049l"),
        ("?25l", "?25h"),
    ];
    for (on, off) in modes {
        assert!(entered.contains(on), "{on} in {entered:?}");
        assert!(written.contains(off), "{off} in {written:?}");
    }
}

/// A note holding a direction override and a path holding an escape, drawn as a span
/// and as a paragraph: neither character reaches the terminal.
#[test]
fn nothing_unsafe_reaches_the_terminal() {
    use ratatui::widgets::Paragraph;
    let mut terminal = Terminal::new(ratatui::backend::TestBackend::new(40, 3)).unwrap();
    terminal
        .draw(|frame| {
            let area = frame.area();
            frame.render_widget(
                ratatui::text::Span::raw("fr-61 \u{202E}detuor"),
                ratatui::layout::Rect { height: 1, ..area },
            );
            frame.render_widget(
                Paragraph::new("x\u{1b}]0;pwned\u{7}.toml \u{200B}zw"),
                ratatui::layout::Rect {
                    y: 1,
                    height: 1,
                    ..area
                },
            );
            scrub(frame.buffer_mut());
        })
        .unwrap();
    let buffer = terminal.backend().buffer();
    let text: String = buffer
        .content
        .iter()
        .map(ratatui::buffer::Cell::symbol)
        .collect();
    assert!(!text.chars().any(crate::core::shown::is_unsafe), "{text:?}");
    assert!(text.contains("fr-61 detuor"), "{text:?}");
    assert!(text.contains("pwned"), "{text:?}");
}
use ratatui::widgets::Paragraph;
use std::cell::RefCell;
use std::rc::Rc;

/// Records the writes that reach the "terminal"; shared, so they can be read after
/// the writer is gone.
#[derive(Default, Clone)]
struct Wire {
    writes: Rc<RefCell<Vec<Vec<u8>>>>,
}

impl Write for Wire {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writes.borrow_mut().push(buf.to_vec());
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn terminal(wire: &Wire, width: u16, height: u16) -> Terminal<Backend<Wire>> {
    Terminal::with_options(
        CrosstermBackend::new(FrameWriter::new(wire.clone())),
        ratatui::TerminalOptions {
            viewport: ratatui::Viewport::Fixed(ratatui::layout::Rect::new(0, 0, width, height)),
        },
    )
    .unwrap()
}

#[test]
fn the_drawn_area_is_clamped_at_the_start_and_after_a_resize() {
    let backend = ratatui::backend::TestBackend::new(1200, 10);
    let mut terminal = Terminal::new(Clamped(backend)).unwrap();
    let area = terminal.draw(|_| {}).unwrap().area;
    assert_eq!((area.width, area.height), (MAX_DRAWN.width, 10));
    terminal.backend_mut().0.resize(10, 600);
    let area = terminal.draw(|_| {}).unwrap().area;
    assert_eq!((area.width, area.height), (10, MAX_DRAWN.height));
}

#[test]
fn a_frame_abandoned_by_a_panic_is_never_sent() {
    let wire = Wire::default();
    let mut terminal = terminal(&wire, 40, 10);
    draw_frame(&mut terminal, |frame| {
        frame.render_widget(Paragraph::new("first"), frame.area());
    })
    .unwrap();
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let _ = draw_frame(&mut terminal, |_| panic!("a bug while drawing"));
    }));
    assert!(caught.is_err());
    drop(terminal);
    let writes = wire.writes.borrow();
    assert_eq!(writes.len(), 1, "only the finished frame went out");
    assert!(String::from_utf8_lossy(&writes[0]).contains("first"));
}

#[test]
fn a_small_frame_goes_out_bare_and_the_cursor_is_hidden_once() {
    let wire = Wire::default();
    let mut terminal = terminal(&wire, 40, 10);
    for text in ["first", "second"] {
        draw_frame(&mut terminal, |frame| {
            frame.render_widget(Paragraph::new(text), frame.area());
        })
        .unwrap();
    }
    let writes = wire.writes.borrow();
    assert_eq!(writes.len(), 2, "one write per frame");
    let [first, second] = [0, 1].map(|i| String::from_utf8_lossy(&writes[i]).into_owned());
    assert!(second.contains("econd"), "{second:?}");
    for frame in [&first, &second] {
        assert!(!frame.contains("\u{1b}[?2026"), "{frame:?}");
    }
    assert!(
        first.contains("\u{1b}[?25l"),
        "the first frame hides the cursor"
    );
    assert!(
        !second.contains("\u{1b}[?25l"),
        "and no frame after it: {second:?}"
    );
}

#[test]
fn a_shown_cursor_is_hidden_again() {
    let wire = Wire::default();
    let mut writer = FrameWriter::new(wire.clone());
    for command in [HIDE_CURSOR, HIDE_CURSOR, SHOW_CURSOR, HIDE_CURSOR] {
        writer.write_all(command).unwrap();
    }
    writer.flush().unwrap();
    let sent: Vec<u8> = wire.writes.borrow().concat();
    assert_eq!(sent, [HIDE_CURSOR, SHOW_CURSOR, HIDE_CURSOR].concat());
}

#[test]
fn a_frame_leaves_in_one_write_inside_synchronized_update() {
    let wire = Wire::default();
    let mut terminal = terminal(&wire, 120, 40);
    draw_frame(&mut terminal, |frame| {
        frame.render_widget(
            Paragraph::new("Quatre-Bras ".repeat(400)).wrap(ratatui::widgets::Wrap { trim: false }),
            frame.area(),
        );
    })
    .unwrap();
    let writes = wire.writes.borrow();
    assert_eq!(writes.len(), 1, "one write per frame");
    let frame = String::from_utf8_lossy(&writes[0]);
    assert!(frame.starts_with("\u{1b}[?2026h"), "begins the update");
    assert!(frame.ends_with("\u{1b}[?2026l"), "ends the update");
    assert!(frame.contains("Quatre-Bras"));
}

/// A frame ends with one reset of every attribute, not the colours' resets before it
/// as well; a frame that changed no cell sends nothing.
#[test]
fn a_frame_resets_the_pen_once_and_an_unchanged_frame_sends_nothing() {
    let wire = Wire::default();
    let mut terminal = terminal(&wire, 40, 10);
    for text in ["first", "second", "second"] {
        draw_frame(&mut terminal, |frame| {
            frame.render_widget(Paragraph::new(text), frame.area());
        })
        .unwrap();
    }
    let writes = wire.writes.borrow();
    assert_eq!(writes.len(), 2, "the unchanged frame was sent: {writes:?}");
    let second = String::from_utf8_lossy(&writes[1]);
    assert!(second.ends_with("econd\u{1b}[0m"), "{second:?}");
}
