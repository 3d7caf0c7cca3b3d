//! The real terminal: raw mode and the alternate screen, always restored; frames that
//! leave in one write; and the signals that mean the terminal has gone.

use crossterm::event::{DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste};
use crossterm::terminal::{
    BeginSynchronizedUpdate, EndSynchronizedUpdate, EnterAlternateScreen, LeaveAlternateScreen,
    disable_raw_mode, enable_raw_mode,
};
use crossterm::{cursor, execute, queue};
use ratatui::Terminal;
use ratatui::backend::{ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};
use std::io::{self, Stdout, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

/// Big enough for a full 200x60 frame, so over SSH a frame is one write, one packet train.
pub const OUTPUT_BUFFER: usize = 64 * 1024;

/// Buffers a frame (64 KiB before it must write) and sends it in one write, wrapped in
/// synchronized-update escapes so the terminal shows it whole. ratatui flushes several
/// times per frame (hiding the cursor flushes too); inside a frame those are held back.
/// A frame abandoned half-drawn (a panic) is dropped unsent, so the terminal is never
/// left waiting inside a synchronized update.
pub struct FrameWriter<W: Write> {
    out: W,
    buffer: Vec<u8>,
    in_frame: bool,
    /// ratatui hides the cursor after every frame, and nothing in the app shows it again
    /// until the screen is left: repeats are dropped, six bytes a frame over SSH.
    cursor_hidden: bool,
}

/// A frame this small reaches the terminal in one read (one packet over SSH), so it cannot
/// be seen half-drawn: the synchronized-update escapes around it would only add 16 bytes
/// to a cursor move.
const ALWAYS_WHOLE: usize = 512;

/// The colour resets ratatui's crossterm backend ends a frame's cells with, last first
/// (underline colour, background, foreground), and the reset of every attribute after them.
const COLOUR_RESETS: [&[u8]; 3] = [b"\x1b[59m", b"\x1b[49m", b"\x1b[39m"];
const RESET_ALL: &[u8] = b"\x1b[0m";
/// What `BeginSynchronizedUpdate` writes, which every frame starts with.
const BEGIN_SYNCHRONIZED: &[u8] = b"\x1b[?2026h";

const HIDE_CURSOR: &[u8] = b"\x1b[?25l";
const SHOW_CURSOR: &[u8] = b"\x1b[?25h";

impl<W: Write> FrameWriter<W> {
    pub fn new(out: W) -> FrameWriter<W> {
        FrameWriter {
            out,
            buffer: Vec::with_capacity(OUTPUT_BUFFER),
            in_frame: false,
            cursor_hidden: false,
        }
    }

    pub fn begin_frame(&mut self) -> io::Result<()> {
        self.send()?;
        queue!(self.buffer, BeginSynchronizedUpdate)?;
        self.in_frame = true;
        Ok(())
    }

    pub fn end_frame(&mut self) -> io::Result<()> {
        self.drop_needless_resets();
        if self.buffer.len() <= ALWAYS_WHOLE && self.buffer.starts_with(BEGIN_SYNCHRONIZED) {
            self.buffer.drain(..BEGIN_SYNCHRONIZED.len());
        } else {
            queue!(self.buffer, EndSynchronizedUpdate)?;
        }
        self.in_frame = false;
        self.send()
    }

    /// ratatui ends every frame's cells by resetting the colours one by one and then every
    /// attribute (SGR 0, "default rendition"), which resets the colours too: the colour
    /// resets are 15 bytes a frame for nothing. A frame that drew no cell needs no reset at
    /// all: the last frame left the pen at its default, and nothing has moved it since.
    fn drop_needless_resets(&mut self) {
        if !self.buffer.ends_with(RESET_ALL) {
            return;
        }
        let reset_at = self.buffer.len() - RESET_ALL.len();
        let mut cells_end = reset_at;
        for reset in COLOUR_RESETS {
            if self.buffer[..cells_end].ends_with(reset) {
                cells_end -= reset.len();
            }
        }
        if self.buffer[..cells_end] == *BEGIN_SYNCHRONIZED {
            self.buffer.truncate(cells_end);
        } else {
            self.buffer.drain(cells_end..reset_at);
        }
    }

    fn send(&mut self) -> io::Result<()> {
        if !self.buffer.is_empty() {
            // Cleared even if the write fails: a stale half-frame must not be resent.
            let sent = self.out.write_all(&self.buffer);
            self.buffer.clear();
            sent?;
        }
        self.out.flush()
    }

    pub fn get_ref(&self) -> &W {
        &self.out
    }

    pub fn get_mut(&mut self) -> &mut W {
        &mut self.out
    }
}

impl<W: Write> Write for FrameWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        // crossterm writes each command whole, so a cursor command is one write.
        if buf == HIDE_CURSOR {
            if self.cursor_hidden {
                return Ok(buf.len());
            }
            self.cursor_hidden = true;
        } else if buf == SHOW_CURSOR {
            self.cursor_hidden = false;
        }
        if !self.in_frame && self.buffer.len() + buf.len() > OUTPUT_BUFFER {
            self.send()?;
        }
        self.buffer.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.in_frame { Ok(()) } else { self.send() }
    }
}

impl<W: Write> Drop for FrameWriter<W> {
    fn drop(&mut self) {
        if !self.in_frame {
            let _ = self.send();
        }
    }
}

pub type Backend<W> = CrosstermBackend<FrameWriter<W>>;

/// A backend whose frames go out through a [`FrameWriter`].
pub trait Framed: ratatui::backend::Backend {
    fn begin_frame(&mut self) -> io::Result<()>;
    fn end_frame(&mut self) -> io::Result<()>;
}

impl<W: Write> Framed for Backend<W> {
    fn begin_frame(&mut self) -> io::Result<()> {
        self.writer_mut().begin_frame()
    }
    fn end_frame(&mut self) -> io::Result<()> {
        self.writer_mut().end_frame()
    }
}

impl<B: Framed> Framed for Clamped<B> {
    fn begin_frame(&mut self) -> io::Result<()> {
        self.0.begin_frame()
    }
    fn end_frame(&mut self) -> io::Result<()> {
        self.0.end_frame()
    }
}

/// Draws one frame through a [`FrameWriter`].
pub fn draw_frame<B: Framed>(
    terminal: &mut Terminal<B>,
    render: impl FnOnce(&mut ratatui::Frame),
) -> io::Result<()> {
    // A signal must not give the terminal back while a frame is on its way to it: the
    // frame's rest would land on the shell's screen, over the signal's message.
    let _frame = FRAME_GATE.lock();
    draw_remote_frame(terminal, render)
}

/// [`draw_frame`] for a terminal a signal never gives back: a client's over SSH, whose
/// frame goes to memory first.
pub fn draw_remote_frame<B: Framed>(
    terminal: &mut Terminal<B>,
    render: impl FnOnce(&mut ratatui::Frame),
) -> io::Result<()> {
    terminal.backend_mut().begin_frame()?;
    let drawn = terminal
        .draw(|frame| {
            render(frame);
            scrub(frame.buffer_mut());
        })
        .map(|_| ());
    // End the frame even if drawing failed, or the terminal would hold its output.
    let ended = terminal.backend_mut().end_frame();
    drawn.and(ended)
}

/// Takes out of every cell what a terminal would obey or apply unseen instead of showing:
/// ratatui passes a control character or an invisible format character (a direction
/// override, a zero-width space) through to the terminal, appended to the cell before it.
/// Text from files is refused or [shown](crate::core::shown) safe before it is drawn; this is
/// the last guard, whatever the text's way onto the screen (a path, a note, a message).
pub fn scrub(buffer: &mut ratatui::buffer::Buffer) {
    for cell in &mut buffer.content {
        let symbol = cell.symbol();
        if !symbol.chars().any(crate::core::shown::is_unsafe) {
            continue;
        }
        let kept: String = symbol
            .chars()
            .filter(|&c| !crate::core::shown::is_unsafe(c))
            .collect();
        cell.set_symbol(if kept.is_empty() { "\u{FFFD}" } else { &kept });
    }
}

/// The most of the terminal that is drawn, from its top-left corner. ratatui keeps two
/// buffers of the screen's cells (40 bytes each); a window of 65535x65535, which an SSH
/// client may send, would need 171 GB for one, and the failed allocation aborts with the
/// terminal left in raw mode on the alternate screen. 1000x500 is more than any real
/// screen shows (a 4K monitor at a 6x12-pixel font is 640x180; 8K at 8x16, 960x270), and
/// its two buffers are 40 MB. Beyond it the terminal stays blank. `tests/huge_terminal.rs`.
pub const MAX_DRAWN: Size = Size {
    width: 1000,
    height: 500,
};

/// A backend that reports the screen as at most [`MAX_DRAWN`], so ratatui's buffers stay
/// bounded whatever size the terminal claims: at the start and after every resize (which
/// ratatui reads back through `size`, never from the resize event).
pub struct Clamped<B>(pub B);

fn clamp(size: Size) -> Size {
    Size {
        width: size.width.min(MAX_DRAWN.width),
        height: size.height.min(MAX_DRAWN.height),
    }
}

impl<B: ratatui::backend::Backend> ratatui::backend::Backend for Clamped<B> {
    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.0.draw(content)
    }
    fn append_lines(&mut self, lines: u16) -> io::Result<()> {
        self.0.append_lines(lines)
    }
    fn hide_cursor(&mut self) -> io::Result<()> {
        self.0.hide_cursor()
    }
    fn show_cursor(&mut self) -> io::Result<()> {
        self.0.show_cursor()
    }
    fn get_cursor_position(&mut self) -> io::Result<Position> {
        self.0.get_cursor_position()
    }
    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        self.0.set_cursor_position(position)
    }
    fn clear(&mut self) -> io::Result<()> {
        self.0.clear()
    }
    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        self.0.clear_region(clear_type)
    }
    fn size(&self) -> io::Result<Size> {
        self.0.size().map(clamp)
    }
    fn window_size(&mut self) -> io::Result<WindowSize> {
        let window = self.0.window_size()?;
        let (whole, drawn) = (window.columns_rows, clamp(window.columns_rows));
        // The pixels shrink with the cells, so a cell keeps its size in pixels.
        let scale = |pixels: u16, drawn: u16, whole: u16| {
            let scaled = u32::from(pixels) * u32::from(drawn) / u32::from(whole.max(1));
            u16::try_from(scaled).unwrap_or(pixels)
        };
        Ok(WindowSize {
            columns_rows: drawn,
            pixels: Size {
                width: scale(window.pixels.width, drawn.width, whole.width),
                height: scale(window.pixels.height, drawn.height, whole.height),
            },
        })
    }
    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

/// The terminal in raw mode on the alternate screen; put back as it was when dropped,
/// on an error, or on a panic.
pub struct Screen {
    pub terminal: Terminal<Clamped<Backend<Stdout>>>,
}

impl Screen {
    /// With `mouse`, clicks and the wheel come to the screen (the terminal then selects
    /// text only with Shift, or Option on macOS).
    pub fn enter(mouse: bool) -> io::Result<Screen> {
        install_panic_hook();
        enable_raw_mode()?;
        let mut stdout = io::stdout();
        if let Err(error) = take_over(&mut stdout, mouse) {
            restore();
            return Err(error);
        }
        let backend = CrosstermBackend::new(FrameWriter::new(io::stdout()));
        // A screen killed without leaving the alternate screen (kill -9) leaves its last
        // frame there, and entering it again does not blank it; ratatui draws only what
        // differs from a blank screen, so the old frame would show through the new.
        match Terminal::new(Clamped(backend)).and_then(|mut terminal| {
            terminal.clear()?;
            Ok(terminal)
        }) {
            Ok(terminal) => {
                SCREEN_UP.store(true, Ordering::SeqCst);
                Ok(Screen { terminal })
            }
            Err(error) => {
                restore();
                Err(error)
            }
        }
    }
}

/// What a screen asks of a terminal it takes over (raw mode aside, which is the local
/// terminal's or, over SSH, the client's own): the alternate screen, bracketed paste (a
/// pasted line arrives as text, never as keys acting on units), no cursor, and with
/// `mouse` clicks and the wheel.
pub fn take_over(out: &mut impl Write, mouse: bool) -> io::Result<()> {
    queue!(
        out,
        EnterAlternateScreen,
        EnableBracketedPaste,
        cursor::Hide
    )?;
    if mouse {
        queue!(out, ClicksAndWheel)?;
    }
    out.flush()
}

/// What [`take_over`] turned on, turned off: for a remote terminal, whose raw mode is
/// the client's to leave.
pub fn give_back(out: &mut impl Write) -> io::Result<()> {
    execute!(out, GiveBack)
}

impl Drop for Screen {
    fn drop(&mut self) {
        put_back(io::stdout(), true);
        SCREEN_UP.store(false, Ordering::SeqCst);
        let held = std::mem::take(&mut *HELD_PANICS.lock().unwrap_or_else(PoisonError::into_inner));
        for panic in held {
            let _ = writeln!(io::stderr(), "adjutant: while the screen was open, {panic}");
        }
    }
}

/// Whether a [`Screen`] holds the terminal now.
static SCREEN_UP: AtomicBool = AtomicBool::new(false);

/// Panics on other threads while the screen held the terminal (a client's task under
/// `serve`): their messages would be written over the referee's screen and stay there,
/// so they wait to be printed until it is given back.
static HELD_PANICS: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Mouse reports of presses, releases and the wheel only (xterm's 1000, in its SGR form
/// 1006): crossterm's `EnableMouseCapture` also asks for every motion, a stream of
/// reports over SSH that the screen has no use for. `DisableMouseCapture` undoes both.
struct ClicksAndWheel;

impl crossterm::Command for ClicksAndWheel {
    fn write_ansi(&self, f: &mut impl std::fmt::Write) -> std::fmt::Result {
        f.write_str("\x1b[?1000h\x1b[?1006h")
    }
}

/// Everything [`Screen::enter`] turned on, turned off, for every way out to share. Mouse
/// reports are turned off whether or not they were on: a shell left receiving them
/// prints garbage at every click.
struct GiveBack;

impl crossterm::Command for GiveBack {
    fn write_ansi(&self, f: &mut impl std::fmt::Write) -> std::fmt::Result {
        DisableMouseCapture.write_ansi(f)?;
        DisableBracketedPaste.write_ansi(f)?;
        EndSynchronizedUpdate.write_ansi(f)?;
        LeaveAlternateScreen.write_ansi(f)?;
        cursor::Show.write_ansi(f)
    }
}

/// Leaves the mouse, the alternate screen and raw mode and shows the cursor. Errors are
/// ignored: this also runs when the terminal is already gone (an SSH link dropped).
pub fn restore() {
    put_back(io::stdout(), false);
}

/// [`GiveBack`] written to `out`, and only then raw mode left: a click reported in
/// between would otherwise be echoed onto the shell's line. With `discard_input`, what
/// the terminal already sent and the screen never read is dropped too, unless another
/// thread is reading the terminal (`serve`'s), whose read holds crossterm's reader:
/// the drop then does nothing rather than wait.
fn put_back(mut out: impl Write, discard_input: bool) {
    let _ = execute!(out, GiveBack);
    if discard_input {
        // Bounded: a terminal that kept sending must not keep the screen from closing.
        for _ in 0..1024 {
            if !crossterm::event::poll(std::time::Duration::ZERO).unwrap_or(false) {
                break;
            }
            let _ = crossterm::event::read();
        }
    }
    let _ = disable_raw_mode();
}

/// [`restore`] without touching `stdout`, whose lock the main thread may hold while it
/// is blocked writing to a stalled SSH link.
fn restore_from_another_thread() {
    match std::fs::OpenOptions::new().write(true).open("/dev/tty") {
        Ok(tty) => put_back(tty, false),
        Err(_) => {
            let _ = disable_raw_mode();
        }
    }
}

fn install_panic_hook() {
    static INSTALLED: AtomicBool = AtomicBool::new(false);
    if INSTALLED.swap(true, Ordering::SeqCst) {
        return;
    }
    let previous = std::panic::take_hook();
    // Only the screen's own thread gives the terminal back: a panic elsewhere (a client's
    // task under `serve`, which tokio catches) leaves the referee's screen running.
    let screen_thread = std::thread::current().id();
    std::panic::set_hook(Box::new(move |info| {
        if std::thread::current().id() == screen_thread {
            // The message must land on a normal screen, or it vanishes with the alternate
            // one.
            restore();
        } else if SCREEN_UP.load(Ordering::SeqCst) {
            let thread = std::thread::current();
            let name = thread.name().unwrap_or("a thread");
            HELD_PANICS
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(format!("{name} {info}"));
            return;
        }
        previous(info);
    }));
}

/// Held while a command is being carried out and saved, so a signal never ends the
/// program halfway through a save.
pub static SAVE_GATE: Mutex<()> = Mutex::new(());

/// Held while a frame is drawn and written, so a signal does not give the terminal back
/// halfway through one.
static FRAME_GATE: Mutex<()> = Mutex::new(());

/// How long a signal waits for a frame being written: a frame stuck on a stalled SSH
/// link must not keep the program from ending.
const FRAME_WAIT: std::time::Duration = std::time::Duration::from_secs(1);

/// [`FRAME_GATE`] once no frame is being written, or `None` after [`FRAME_WAIT`].
fn frame_finished() -> Option<std::sync::MutexGuard<'static, ()>> {
    let started = std::time::Instant::now();
    loop {
        match FRAME_GATE.try_lock() {
            Ok(gate) => return Some(gate),
            Err(std::sync::TryLockError::Poisoned(gate)) => return Some(gate.into_inner()),
            Err(std::sync::TryLockError::WouldBlock) if started.elapsed() < FRAME_WAIT => {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            Err(std::sync::TryLockError::WouldBlock) => return None,
        }
    }
}

/// On SIGHUP, SIGTERM or SIGINT (the SSH link dropped, or someone asked us to stop):
/// wait for any save under way, restore the terminal, say where the game is (`save`: the
/// referee's screen; a watcher, which writes nothing, gives `None`) and exit.
/// This runs on its own thread because once the terminal is gone crossterm's reader
/// never returns to the main loop (crossterm issue 793: it spins on the dead tty).
pub fn exit_on_signals(save: Option<&Path>) -> io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGHUP, SIGTERM, SIGINT])?;
    let save = save.map(Path::to_path_buf);
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                // Every command is saved as it is made, so once no save is under way
                // there is nothing left to write. The gate stays locked until exit.
                let _gate = SAVE_GATE.lock();
                // Both gates stay locked until exit: no frame follows the message.
                let _frame = frame_finished();
                restore_from_another_thread();
                let _ = match &save {
                    Some(save) => writeln!(
                        io::stderr(),
                        "adjutant: stopped by signal {signal}; the game is saved in {}",
                        save.display()
                    ),
                    None => writeln!(io::stderr(), "adjutant: stopped by signal {signal}"),
                };
                // The save's lock is the OS's, and goes with the process.
                std::process::exit(128 + signal);
            }
        })?;
    Ok(())
}

#[cfg(test)]
mod tests;
