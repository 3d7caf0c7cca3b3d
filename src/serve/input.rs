//! The bytes a player's SSH client sends on its channel, turned into the crossterm events the
//! screen code already handles, so a key over SSH is the very `KeyEvent` the referee's own
//! terminal would give.
//!
//! crossterm's Unix parser is private, so this is our own, written for hostile input: any
//! bytes, split anywhere between reads. It follows crossterm 0.28's parser on what a terminal
//! sends, and differs on purpose where that parser would lose or leak input:
//!
//! - **Esc.** A lone ESC may begin a sequence, so it is held until [`KeyReader::flush`] (the
//!   session calls it after a pause of tens of milliseconds). crossterm decides at once because
//!   it knows whether more bytes are waiting; a session cannot. ESC ESC is one Esc, as in
//!   crossterm.
//! - **ESC then a pause** after `O` or `[` gives the Alt key it most likely was (Alt+Shift+O,
//!   Alt+[): a sequence's bytes come in one write, a person's keys do not. Any other unfinished
//!   sequence is dropped by `flush`.
//! - **Enter.** CR is Enter; LF is Enter too (crossterm in raw mode gives Ctrl+J, which nothing
//!   binds, while clients without a terminal send LF), except the LF of a CR LF pair, which
//!   clients send for one key.
//! - **Backspace.** 0x08 is Backspace as well as 0x7f (crossterm gives Ctrl+H): some clients
//!   send ^H for that key.
//! - **Unknown sequences.** A CSI is read whole by its grammar (parameter and intermediate
//!   bytes, then one final byte) and an unknown one is skipped whole, where crossterm gives up
//!   at the first byte it does not expect and types the rest as keys. A CSI longer than
//!   64 bytes is skipped up to its final byte without being kept. A control byte or a
//!   non-ASCII byte inside a sequence ends it and is read afresh, so one broken sequence does
//!   not swallow the next key. The same goes for a broken UTF-8 character. Kitty's `CSI … u`
//!   keys and cursor reports are skipped: the screen never asks for them.
//! - **Mouse.** Coordinates 0 become 0 rather than overflowing; one beyond `u16` drops the
//!   event, as crossterm does.
//! - **Paste.** A bracketed paste keeps at most 64 KiB (the rest is dropped) and
//!   lasts until its end marker, whatever the pauses: a long paste may stall on a slow link,
//!   and ending it early would type the rest as commands. Only the player who sent a paste
//!   with no end loses their own keys.
//!
//! Every byte costs constant work and gives at most one event.

// Why this file is long: the whole input a client's terminal may send (keys with their
// modifiers, function keys, bracketed paste, xterm and SGR mouse reports), each form
// bounded.

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};

const ESC: u8 = 0x1b;

/// The longest CSI kept: real ones are under 20 bytes (an SGR mouse report at the largest
/// coordinates is 18).
const CSI_MAX: usize = 64;

/// The most of one paste kept: far more than any command line.
const PASTE_MAX: usize = 64 * 1024;

/// What ends a bracketed paste. Only its first byte is ESC, so a mismatch never hides the
/// start of another match past the first byte.
const PASTE_END: &[u8] = b"\x1b[201~";

/// Where in a sequence the reader stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Ground,
    /// After ESC.
    Escape,
    /// Part of a multi-byte character is in `held`; `alt` if ESC came before it.
    Utf8 {
        alt: bool,
    },
    /// After ESC O.
    Ss3,
    /// After ESC [, the parameter and intermediate bytes so far in `held`.
    Csi,
    /// A CSI too long to keep, skipped up to its final byte.
    CsiSkip,
    /// After ESC [ [ (the Linux console's F1–F5).
    LinuxFunction,
    /// After ESC [ M: the three raw bytes of an X10 mouse report go to `held`.
    X10Mouse,
    /// Inside a bracketed paste; `end_matched` bytes of [`PASTE_END`] seen and not yet kept.
    Paste {
        end_matched: usize,
    },
}

/// Turns a client's bytes into terminal events, across reads (a sequence may be split between
/// two packets).
#[derive(Debug)]
pub struct KeyReader {
    state: State,
    /// The unfinished sequence's bytes: never more than [`CSI_MAX`].
    held: Vec<u8>,
    /// The paste so far: never more than [`PASTE_MAX`].
    paste: Vec<u8>,
    /// The last byte was a CR, so an LF now is the second half of one Enter.
    after_cr: bool,
}

impl Default for KeyReader {
    fn default() -> KeyReader {
        KeyReader::new()
    }
}

impl KeyReader {
    pub fn new() -> KeyReader {
        KeyReader {
            state: State::Ground,
            held: Vec::with_capacity(CSI_MAX),
            paste: Vec::new(),
            after_cr: false,
        }
    }

    /// The events complete in what has arrived so far; an unfinished sequence waits for the
    /// next read.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        let mut events = Vec::new();
        for &byte in bytes {
            self.step(byte, &mut events);
        }
        events
    }

    /// Called by the session when no byte came for a short while (tens of ms): a lone ESC held
    /// back is the Esc key; ESC O and ESC [ are Alt+Shift+O and Alt+[; any other unfinished
    /// sequence is dropped. A paste goes on until its end marker (see the module's notes).
    pub fn flush(&mut self) -> Vec<Event> {
        let waiting = std::mem::replace(&mut self.state, State::Ground);
        let key = match waiting {
            State::Escape => Some(key(KeyCode::Esc, KeyModifiers::NONE)),
            State::Ss3 => Some(with_alt(char_key('O'), true)),
            State::Csi if self.held.is_empty() => Some(with_alt(char_key('['), true)),
            State::Paste { .. } => {
                self.state = waiting;
                None
            }
            _ => None,
        };
        self.held.clear();
        key.map(Event::Key).into_iter().collect()
    }

    /// Whether something is held back, so the session knows to call `flush` after its pause.
    pub fn holds(&self) -> bool {
        !matches!(self.state, State::Ground | State::Paste { .. })
    }

    fn step(&mut self, byte: u8, events: &mut Vec<Event>) {
        let after_cr = std::mem::take(&mut self.after_cr);
        match self.state {
            State::Ground if after_cr && byte == b'\n' => {}
            State::Ground => self.ground(byte, false, events),
            State::Escape => self.escape(byte, events),
            State::Utf8 { alt } => self.utf8(byte, alt, events),
            State::Ss3 => self.ss3(byte, events),
            State::Csi => self.csi(byte, events),
            State::CsiSkip => self.csi_skip(byte, events),
            State::LinuxFunction => self.linux_function(byte, events),
            State::X10Mouse => self.x10_mouse(byte, events),
            State::Paste { end_matched } => self.pasted(byte, end_matched, events),
        }
    }

    /// A byte that begins something; `alt` if it follows ESC.
    fn ground(&mut self, byte: u8, alt: bool, events: &mut Vec<Event>) {
        self.state = State::Ground;
        self.held.clear();
        let key = match byte {
            ESC => {
                self.state = State::Escape;
                return;
            }
            b'\r' => {
                self.after_cr = true;
                key(KeyCode::Enter, KeyModifiers::NONE)
            }
            b'\n' => key(KeyCode::Enter, KeyModifiers::NONE),
            b'\t' => key(KeyCode::Tab, KeyModifiers::NONE),
            0x7f | 0x08 => key(KeyCode::Backspace, KeyModifiers::NONE),
            0x01..=0x1a => key(
                KeyCode::Char(char::from(byte - 0x01 + b'a')),
                KeyModifiers::CONTROL,
            ),
            0x1c..=0x1f => key(
                KeyCode::Char(char::from(byte - 0x1c + b'4')),
                KeyModifiers::CONTROL,
            ),
            0x00 => key(KeyCode::Char(' '), KeyModifiers::CONTROL),
            0x20..=0x7e => char_key(char::from(byte)),
            0x80..=0xff => {
                self.held.push(byte);
                match decode(&self.held) {
                    Decoded::More => self.state = State::Utf8 { alt },
                    Decoded::Char(c) => events.push(Event::Key(with_alt(char_key(c), alt))),
                    Decoded::Invalid => self.held.clear(),
                }
                return;
            }
        };
        events.push(Event::Key(with_alt(key, alt)));
    }

    fn escape(&mut self, byte: u8, events: &mut Vec<Event>) {
        match byte {
            b'O' => self.state = State::Ss3,
            b'[' => {
                self.held.clear();
                self.state = State::Csi;
            }
            ESC => {
                self.state = State::Ground;
                events.push(Event::Key(key(KeyCode::Esc, KeyModifiers::NONE)));
            }
            _ => self.ground(byte, true, events),
        }
    }

    fn utf8(&mut self, byte: u8, alt: bool, events: &mut Vec<Event>) {
        self.held.push(byte);
        match decode(&self.held) {
            // A valid prefix is at most three bytes, so `held` stays at four.
            Decoded::More => {}
            Decoded::Char(c) => {
                self.held.clear();
                self.state = State::Ground;
                events.push(Event::Key(with_alt(char_key(c), alt)));
            }
            // The character is broken; this byte may begin the next thing.
            Decoded::Invalid => self.ground(byte, false, events),
        }
    }

    fn ss3(&mut self, byte: u8, events: &mut Vec<Event>) {
        let code = match (cursor_key(byte), byte) {
            (Some(code), _) => code,
            (None, b'P'..=b'S') => KeyCode::F(1 + byte - b'P'),
            (None, _) => return self.broken(byte, events),
        };
        self.state = State::Ground;
        events.push(Event::Key(key(code, KeyModifiers::NONE)));
    }

    fn csi(&mut self, byte: u8, events: &mut Vec<Event>) {
        match byte {
            b'[' if self.held.is_empty() => self.state = State::LinuxFunction,
            b'M' if self.held.is_empty() => self.state = State::X10Mouse,
            0x20..=0x3f if self.held.len() < CSI_MAX => self.held.push(byte),
            0x20..=0x3f => {
                self.held.clear();
                self.state = State::CsiSkip;
            }
            0x40..=0x7e => {
                self.state = State::Ground;
                match csi_meaning(&self.held, byte) {
                    Some(Csi::Event(event)) => events.push(event),
                    Some(Csi::PasteStart) => {
                        self.paste.clear();
                        self.state = State::Paste { end_matched: 0 };
                    }
                    None => {}
                }
                self.held.clear();
            }
            _ => self.ground(byte, false, events),
        }
    }

    fn csi_skip(&mut self, byte: u8, events: &mut Vec<Event>) {
        match byte {
            0x20..=0x3f => {}
            0x40..=0x7e => self.state = State::Ground,
            _ => self.ground(byte, false, events),
        }
    }

    fn linux_function(&mut self, byte: u8, events: &mut Vec<Event>) {
        if let b'A'..=b'E' = byte {
            self.state = State::Ground;
            events.push(Event::Key(key(
                KeyCode::F(1 + byte - b'A'),
                KeyModifiers::NONE,
            )));
        } else {
            self.broken(byte, events);
        }
    }

    fn x10_mouse(&mut self, byte: u8, events: &mut Vec<Event>) {
        self.held.push(byte);
        if let &[button, column, row] = self.held.as_slice() {
            self.held.clear();
            self.state = State::Ground;
            // Each byte is its value plus 32; positions count from 1.
            let position = |byte: u8| u16::from(byte.saturating_sub(32)).saturating_sub(1);
            if let Some((kind, modifiers)) = button.checked_sub(32).and_then(mouse_button) {
                events.push(Event::Mouse(MouseEvent {
                    kind,
                    column: position(column),
                    row: position(row),
                    modifiers,
                }));
            }
        }
    }

    fn pasted(&mut self, byte: u8, end_matched: usize, events: &mut Vec<Event>) {
        if PASTE_END.get(end_matched) == Some(&byte) {
            let matched = end_matched + 1;
            if matched < PASTE_END.len() {
                self.state = State::Paste {
                    end_matched: matched,
                };
            } else {
                self.state = State::Ground;
                let text = String::from_utf8_lossy(&self.paste).into_owned();
                self.paste = Vec::new();
                events.push(Event::Paste(text));
            }
            return;
        }
        // What looked like the end marker was text.
        self.keep_pasted(PASTE_END.get(..end_matched).unwrap_or_default());
        if byte == ESC {
            self.state = State::Paste { end_matched: 1 };
        } else {
            self.keep_pasted(&[byte]);
            self.state = State::Paste { end_matched: 0 };
        }
    }

    fn keep_pasted(&mut self, bytes: &[u8]) {
        let room = PASTE_MAX.saturating_sub(self.paste.len());
        self.paste
            .extend_from_slice(bytes.get(..room).unwrap_or(bytes));
    }

    /// A sequence ended by a byte it cannot take: a printable one is taken as its unknown end
    /// and dropped with it (as crossterm does); a control byte begins the next thing.
    fn broken(&mut self, byte: u8, events: &mut Vec<Event>) {
        self.state = State::Ground;
        self.held.clear();
        if !(0x20..=0x7e).contains(&byte) {
            self.ground(byte, false, events);
        }
    }
}

enum Decoded {
    Char(char),
    More,
    Invalid,
}

/// The bytes held of one character, each checked as it came.
fn decode(bytes: &[u8]) -> Decoded {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.chars().next().map_or(Decoded::Invalid, Decoded::Char),
        Err(error) if error.error_len().is_none() => Decoded::More,
        Err(_) => Decoded::Invalid,
    }
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
    KeyEvent::new(code, modifiers)
}

/// A typed character: an upper-case one carries SHIFT, as crossterm gives it.
fn char_key(c: char) -> KeyEvent {
    let modifiers = if c.is_uppercase() {
        KeyModifiers::SHIFT
    } else {
        KeyModifiers::NONE
    };
    key(KeyCode::Char(c), modifiers)
}

fn with_alt(mut key: KeyEvent, alt: bool) -> KeyEvent {
    if alt {
        key.modifiers |= KeyModifiers::ALT;
    }
    key
}

/// What a finished CSI means.
enum Csi {
    Event(Event),
    PasteStart,
}

/// The CSI whose parameter (and intermediate) bytes are `params`, ended by `final_byte`;
/// `None` for one the screen has no use for.
fn csi_meaning(params: &[u8], final_byte: u8) -> Option<Csi> {
    let text = std::str::from_utf8(params).ok()?;
    let event = match params.first() {
        None => plain_csi(final_byte)?,
        Some(b'<') => sgr_mouse(text.strip_prefix('<')?, final_byte)?,
        Some(b'0'..=b'9' | b';') => match final_byte {
            b'~' if params == b"200" => return Some(Csi::PasteStart),
            b'~' => numbered_key(text)?,
            b'M' => rxvt_mouse(text)?,
            // Kitty's keys and cursor position reports: the screen asks for neither.
            b'u' | b'R' => return None,
            _ => modified_key(text, final_byte)?,
        },
        Some(_) => return None,
    };
    Some(Csi::Event(event))
}

/// The arrows, Home and End by the letter that ends their sequence, in both the CSI and
/// the SS3 (application cursor) forms.
fn cursor_key(byte: u8) -> Option<KeyCode> {
    match byte {
        b'A' => Some(KeyCode::Up),
        b'B' => Some(KeyCode::Down),
        b'C' => Some(KeyCode::Right),
        b'D' => Some(KeyCode::Left),
        b'H' => Some(KeyCode::Home),
        b'F' => Some(KeyCode::End),
        _ => None,
    }
}

/// `CSI x`, with no parameters.
fn plain_csi(final_byte: u8) -> Option<Event> {
    if let Some(code) = cursor_key(final_byte) {
        return Some(Event::Key(key(code, KeyModifiers::NONE)));
    }
    let code = match final_byte {
        b'Z' => return Some(Event::Key(key(KeyCode::BackTab, KeyModifiers::SHIFT))),
        b'I' => return Some(Event::FocusGained),
        b'O' => return Some(Event::FocusLost),
        // Kitty leaves out the parameter of an unmodified F1, F2 or F4 (F3's `CSI R` is a
        // cursor report).
        b'P' => KeyCode::F(1),
        b'Q' => KeyCode::F(2),
        b'S' => KeyCode::F(4),
        _ => return None,
    };
    Some(Event::Key(key(code, KeyModifiers::NONE)))
}

/// `CSI 1 ; m x`: an arrow, Home, End or F1–F4 with modifiers `m`.
fn modified_key(text: &str, final_byte: u8) -> Option<Event> {
    let code = match (cursor_key(final_byte), final_byte) {
        (Some(code), _) => code,
        (None, b'P') => KeyCode::F(1),
        (None, b'Q') => KeyCode::F(2),
        // F3's `CSI 1 ; m R` is a cursor report's shape.
        (None, b'S') => KeyCode::F(4),
        (None, _) => return None,
    };
    let (modifiers, kind) = if let Some((mask, kind)) = modifier_and_kind(text.split(';').nth(1)) {
        (modifiers_of(mask), kind_of(kind))
    } else {
        // Old terminals send `CSI m x`; crossterm reads the last digit as the modifiers.
        let digit = text.bytes().last().filter(u8::is_ascii_digit)?;
        (modifiers_of(digit - b'0'), KeyEventKind::Press)
    };
    Some(Event::Key(KeyEvent::new_with_kind(code, modifiers, kind)))
}

/// `CSI n ; m ~`: Insert, Delete, Home, End, the page keys and F1–F20.
fn numbered_key(text: &str) -> Option<Event> {
    let mut fields = text.split(';');
    let number = fields.next()?.parse::<u8>().ok()?;
    let code = match number {
        1 | 7 => KeyCode::Home,
        2 => KeyCode::Insert,
        3 => KeyCode::Delete,
        4 | 8 => KeyCode::End,
        5 => KeyCode::PageUp,
        6 => KeyCode::PageDown,
        11..=15 => KeyCode::F(number - 10),
        17..=21 => KeyCode::F(number - 11),
        23..=26 => KeyCode::F(number - 12),
        28..=29 => KeyCode::F(number - 15),
        31..=34 => KeyCode::F(number - 17),
        _ => return None,
    };
    let (modifiers, kind, state) = match modifier_and_kind(fields.next()) {
        Some((mask, kind)) => (modifiers_of(mask), kind_of(kind), lock_state_of(mask)),
        None => (KeyModifiers::NONE, KeyEventKind::Press, KeyEventState::NONE),
    };
    Some(Event::Key(KeyEvent::new_with_kind_and_state(
        code, modifiers, kind, state,
    )))
}

/// A `mask:kind` parameter; the kind is a press when absent.
fn modifier_and_kind(field: Option<&str>) -> Option<(u8, u8)> {
    let mut parts = field?.split(':');
    let mask = parts.next()?.parse::<u8>().ok()?;
    let kind = parts
        .next()
        .and_then(|kind| kind.parse::<u8>().ok())
        .unwrap_or(1);
    Some((mask, kind))
}

/// xterm's modifier parameter: one more than a bit set.
fn modifiers_of(mask: u8) -> KeyModifiers {
    let bits = mask.saturating_sub(1);
    [
        (1, KeyModifiers::SHIFT),
        (2, KeyModifiers::ALT),
        (4, KeyModifiers::CONTROL),
        (8, KeyModifiers::SUPER),
        (16, KeyModifiers::HYPER),
        (32, KeyModifiers::META),
    ]
    .into_iter()
    .filter(|&(bit, _)| bits & bit != 0)
    .fold(KeyModifiers::NONE, |all, (_, modifier)| all | modifier)
}

fn lock_state_of(mask: u8) -> KeyEventState {
    let bits = mask.saturating_sub(1);
    let mut state = KeyEventState::NONE;
    if bits & 64 != 0 {
        state |= KeyEventState::CAPS_LOCK;
    }
    if bits & 128 != 0 {
        state |= KeyEventState::NUM_LOCK;
    }
    state
}

fn kind_of(kind: u8) -> KeyEventKind {
    match kind {
        2 => KeyEventKind::Repeat,
        3 => KeyEventKind::Release,
        _ => KeyEventKind::Press,
    }
}

/// `CSI < b ; x ; y M` (pressed) or `m` (released).
fn sgr_mouse(text: &str, final_byte: u8) -> Option<Event> {
    let released = match final_byte {
        b'M' => false,
        b'm' => true,
        _ => return None,
    };
    let mut fields = text.split(';');
    let (kind, modifiers) = mouse_button(fields.next()?.parse::<u8>().ok()?)?;
    // Only SGR tells which button was released.
    let kind = match kind {
        MouseEventKind::Down(button) if released => MouseEventKind::Up(button),
        kind => kind,
    };
    mouse_at(kind, modifiers, fields)
}

/// rxvt's `CSI b ; x ; y M`, the button plus 32.
fn rxvt_mouse(text: &str) -> Option<Event> {
    let mut fields = text.split(';');
    let button = fields.next()?.parse::<u8>().ok()?.checked_sub(32)?;
    let (kind, modifiers) = mouse_button(button)?;
    mouse_at(kind, modifiers, fields)
}

/// A mouse event at the column and row `fields` give next.
fn mouse_at<'a>(
    kind: MouseEventKind,
    modifiers: KeyModifiers,
    mut fields: impl Iterator<Item = &'a str>,
) -> Option<Event> {
    Some(Event::Mouse(MouseEvent {
        kind,
        column: mouse_position(fields.next()?)?,
        row: mouse_position(fields.next()?)?,
        modifiers,
    }))
}

/// A terminal's position counts from 1, the screen's from 0.
fn mouse_position(field: &str) -> Option<u16> {
    Some(field.parse::<u16>().ok()?.saturating_sub(1))
}

/// The button byte: bits 0–1 and 6–7 the button, 2 shift, 3 alt, 4 control, 5 dragging.
fn mouse_button(code: u8) -> Option<(MouseEventKind, KeyModifiers)> {
    let button = (code & 0b0000_0011) | ((code & 0b1100_0000) >> 4);
    let dragging = code & 0b0010_0000 != 0;
    let kind = match (button, dragging) {
        (0, false) => MouseEventKind::Down(MouseButton::Left),
        (1, false) => MouseEventKind::Down(MouseButton::Middle),
        (2, false) => MouseEventKind::Down(MouseButton::Right),
        (0, true) => MouseEventKind::Drag(MouseButton::Left),
        (1, true) => MouseEventKind::Drag(MouseButton::Middle),
        (2, true) => MouseEventKind::Drag(MouseButton::Right),
        (3, false) => MouseEventKind::Up(MouseButton::Left),
        (3..=5, true) => MouseEventKind::Moved,
        (4, false) => MouseEventKind::ScrollUp,
        (5, false) => MouseEventKind::ScrollDown,
        (6, false) => MouseEventKind::ScrollLeft,
        (7, false) => MouseEventKind::ScrollRight,
        _ => return None,
    };
    let modifiers = [
        (0b0000_0100, KeyModifiers::SHIFT),
        (0b0000_1000, KeyModifiers::ALT),
        (0b0001_0000, KeyModifiers::CONTROL),
    ]
    .into_iter()
    .filter(|&(bit, _)| code & bit != 0)
    .fold(KeyModifiers::NONE, |all, (_, modifier)| all | modifier);
    Some((kind, modifiers))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Whatever a client sends, the sequence held stays within its bound, and so does the
        /// paste; `flush` leaves nothing held but a paste.
        #[test]
        fn held_state_stays_bounded(
            chunks in prop::collection::vec(prop::collection::vec(any::<u8>(), 0..200), 0..20),
        ) {
            let mut reader = KeyReader::new();
            for chunk in &chunks {
                reader.feed(chunk);
                prop_assert!(reader.held.len() <= CSI_MAX);
                prop_assert!(reader.paste.len() <= PASTE_MAX);
            }
            reader.flush();
            prop_assert!(reader.held.is_empty());
            prop_assert!(!reader.holds());
        }

        /// Bytes chosen to reach every state: ESC, `[`, `O`, `<`, digits, `;`, `~`, `M`,
        /// UTF-8 leads and continuations.
        #[test]
        fn held_state_stays_bounded_on_sequence_bytes(
            bytes in prop::collection::vec(
                prop::sample::select(vec![
                    0x1b, b'[', b'O', b'<', b'1', b'2', b'0', b';', b'~', b'M', b'm', b'A',
                    0xc3, 0xe2, 0x82, 0xf0, 0x9f, b'\r', b'\n', b'?',
                ]),
                0..2000,
            ),
        ) {
            let mut reader = KeyReader::new();
            for byte in bytes {
                reader.feed(&[byte]);
                prop_assert!(reader.held.len() <= CSI_MAX);
                prop_assert!(reader.paste.len() <= PASTE_MAX);
            }
        }
    }

    #[test]
    fn a_csi_that_never_ends_is_not_kept() {
        let mut reader = KeyReader::new();
        reader.feed(b"\x1b[");
        reader.feed(&[b'1'; 10_000]);
        assert_eq!(reader.held.len(), 0, "skipped, not kept");
        assert_eq!(reader.state, State::CsiSkip);
        assert_eq!(
            format!("{:?}", reader.feed(b"Ax")),
            format!("{:?}", vec![Event::Key(char_key('x'))])
        );
    }
}
