//! `adjutant serve` reads a player's keys from the raw bytes of an SSH channel. These tests hold
//! that those bytes give the very events the referee's own terminal gives through crossterm,
//! and that no bytes a client (or an attacker) sends can panic the reader, grow its state, or
//! make it give more events than bytes.
//!
//! For a long run: `PROPTEST_CASES=20000 cargo test --release --test ssh_input`.

use adjutant::serve::input::KeyReader;
use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};
use proptest::prelude::*;

mod common;

use common::cases::cases;

const NONE: KeyModifiers = KeyModifiers::NONE;
const SHIFT: KeyModifiers = KeyModifiers::SHIFT;
const ALT: KeyModifiers = KeyModifiers::ALT;
const CTRL: KeyModifiers = KeyModifiers::CONTROL;

/// The paste kept, in bytes (`PASTE_MAX` in src/serve/input.rs).
const PASTE_MAX: usize = 64 * 1024;

fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, modifiers))
}

fn plain(code: KeyCode) -> Event {
    key(code, NONE)
}

fn ch(c: char) -> Event {
    plain(KeyCode::Char(c))
}

fn mouse(kind: MouseEventKind, column: u16, row: u16, modifiers: KeyModifiers) -> Event {
    Event::Mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers,
    })
}

fn left_down(column: u16, row: u16) -> Event {
    mouse(MouseEventKind::Down(MouseButton::Left), column, row, NONE)
}

/// `Debug`, because `KeyEvent`'s `==` folds SHIFT into an upper-case letter and would not
/// see a SHIFT missing or extra.
fn shown(events: &[Event]) -> String {
    format!("{events:?}")
}

fn read_all(bytes: &[u8]) -> Vec<Event> {
    let mut reader = KeyReader::new();
    let mut events = reader.feed(bytes);
    events.extend(reader.flush());
    events
}

/// Bytes → the events crossterm 0.28.1's `parse_event` (src/event/sys/unix/parse.rs, and
/// the `parse_csi_*` functions it hands sequences to) gives for them, each sequence read
/// with nothing after it. Rows marked `ours:` differ on purpose (src/serve/input.rs says why).
// One table, so every family is checked in one place against one source.
#[allow(clippy::too_many_lines)]
fn table() -> Vec<(&'static [u8], Vec<Event>)> {
    use KeyCode::{
        BackTab, Backspace, Delete, Down, End, Enter, Esc, F, Home, Insert, Left, PageDown, PageUp,
        Right, Tab, Up,
    };
    let released = MouseEventKind::Up(MouseButton::Left);
    vec![
        // Printable UTF-8; an upper-case letter carries SHIFT.
        (b"a", vec![ch('a')]),
        (b"A", vec![key(KeyCode::Char('A'), SHIFT)]),
        (b" ~", vec![ch(' '), ch('~')]),
        ("é".as_bytes(), vec![ch('é')]),
        ("É".as_bytes(), vec![key(KeyCode::Char('É'), SHIFT)]),
        ("日🎲".as_bytes(), vec![ch('日'), ch('🎲')]),
        // Invalid bytes are skipped.
        (b"\x80a", vec![ch('a')]),
        (b"\xffa", vec![ch('a')]),
        (b"\xc0\xafa", vec![ch('a')]),
        (b"\xed\xa0\x80a", vec![ch('a')]),
        // ours: crossterm drops the `a` that broke the character with it.
        (b"\xc3a", vec![ch('a')]),
        (b"\xe2\x82\x1b[A", vec![plain(Up)]),
        // Enter, Tab, Backspace.
        (b"\r", vec![plain(Enter)]),
        (b"\r\r", vec![plain(Enter), plain(Enter)]),
        // ours: crossterm in raw mode gives Enter then Ctrl+J.
        (b"\r\n", vec![plain(Enter)]),
        (b"\r\n\n", vec![plain(Enter), plain(Enter)]),
        // ours: crossterm in raw mode gives Ctrl+J.
        (b"\n", vec![plain(Enter)]),
        (b"\t", vec![plain(Tab)]),
        (b"\x1b[Z", vec![key(BackTab, SHIFT)]),
        (b"\x7f", vec![plain(Backspace)]),
        // ours: crossterm gives Ctrl+H.
        (b"\x08", vec![plain(Backspace)]),
        // Control bytes.
        (b"\x01", vec![key(KeyCode::Char('a'), CTRL)]),
        (b"\x03", vec![key(KeyCode::Char('c'), CTRL)]),
        (b"\x1a", vec![key(KeyCode::Char('z'), CTRL)]),
        (b"\x00", vec![key(KeyCode::Char(' '), CTRL)]),
        (b"\x1c", vec![key(KeyCode::Char('4'), CTRL)]),
        (b"\x1d", vec![key(KeyCode::Char('5'), CTRL)]),
        (b"\x1f", vec![key(KeyCode::Char('7'), CTRL)]),
        // Esc, and ESC before a key is Alt.
        (b"\x1b", vec![plain(Esc)]),
        (b"\x1b\x1b", vec![plain(Esc)]),
        (b"\x1ba", vec![key(KeyCode::Char('a'), ALT)]),
        (b"\x1bA", vec![key(KeyCode::Char('A'), ALT | SHIFT)]),
        (b"\x1b\r", vec![key(Enter, ALT)]),
        (b"\x1b\x01", vec![key(KeyCode::Char('a'), ALT | CTRL)]),
        (b"\x1b\x7f", vec![key(Backspace, ALT)]),
        ("\x1bé".as_bytes(), vec![key(KeyCode::Char('é'), ALT)]),
        (b"\x1b\x80a", vec![ch('a')]),
        // Arrows, Home, End: CSI and SS3 forms.
        (b"\x1b[A", vec![plain(Up)]),
        (b"\x1b[B", vec![plain(Down)]),
        (b"\x1b[C", vec![plain(Right)]),
        (b"\x1b[D", vec![plain(Left)]),
        (b"\x1b[H", vec![plain(Home)]),
        (b"\x1b[F", vec![plain(End)]),
        (b"\x1bOA", vec![plain(Up)]),
        (b"\x1bOB", vec![plain(Down)]),
        (b"\x1bOC", vec![plain(Right)]),
        (b"\x1bOD", vec![plain(Left)]),
        (b"\x1bOH", vec![plain(Home)]),
        (b"\x1bOF", vec![plain(End)]),
        // With modifiers: the parameter is one more than shift 1, alt 2, control 4.
        (b"\x1b[1;2D", vec![key(Left, SHIFT)]),
        (b"\x1b[1;3H", vec![key(Home, ALT)]),
        (b"\x1b[1;5A", vec![key(Up, CTRL)]),
        (b"\x1b[1;6F", vec![key(End, CTRL | SHIFT)]),
        (b"\x1b[1;8C", vec![key(Right, CTRL | ALT | SHIFT)]),
        (b"\x1b[5B", vec![key(Down, CTRL)]),
        (
            b"\x1b[1;5:3A",
            vec![Event::Key(KeyEvent::new_with_kind(
                Up,
                CTRL,
                KeyEventKind::Release,
            ))],
        ),
        // F1–F4: SS3, kitty's bare CSI, with modifiers, the Linux console's.
        (b"\x1bOP", vec![plain(F(1))]),
        (b"\x1bOQ", vec![plain(F(2))]),
        (b"\x1bOR", vec![plain(F(3))]),
        (b"\x1bOS", vec![plain(F(4))]),
        (b"\x1b[P", vec![plain(F(1))]),
        (b"\x1b[Q", vec![plain(F(2))]),
        (b"\x1b[S", vec![plain(F(4))]),
        (b"\x1b[1;5P", vec![key(F(1), CTRL)]),
        (b"\x1b[1;2S", vec![key(F(4), SHIFT)]),
        (b"\x1b[[A", vec![plain(F(1))]),
        (b"\x1b[[E", vec![plain(F(5))]),
        // CSI n ~.
        (b"\x1b[1~", vec![plain(Home)]),
        (b"\x1b[2~", vec![plain(Insert)]),
        (b"\x1b[3~", vec![plain(Delete)]),
        (b"\x1b[4~", vec![plain(End)]),
        (b"\x1b[5~", vec![plain(PageUp)]),
        (b"\x1b[6~", vec![plain(PageDown)]),
        (b"\x1b[7~", vec![plain(Home)]),
        (b"\x1b[8~", vec![plain(End)]),
        (b"\x1b[11~", vec![plain(F(1))]),
        (b"\x1b[15~", vec![plain(F(5))]),
        (b"\x1b[17~", vec![plain(F(6))]),
        (b"\x1b[21~", vec![plain(F(10))]),
        (b"\x1b[23~", vec![plain(F(11))]),
        (b"\x1b[24~", vec![plain(F(12))]),
        (b"\x1b[3;5~", vec![key(Delete, CTRL)]),
        (b"\x1b[5;3~", vec![key(PageUp, ALT)]),
        (
            b"\x1b[3;65~",
            vec![Event::Key(KeyEvent::new_with_kind_and_state(
                Delete,
                NONE,
                KeyEventKind::Press,
                KeyEventState::CAPS_LOCK,
            ))],
        ),
        // SGR mouse: positions from 1 become positions from 0.
        (b"\x1b[<0;1;1M", vec![left_down(0, 0)]),
        (b"\x1b[<0;10;5m", vec![mouse(released, 9, 4, NONE)]),
        (
            b"\x1b[<1;2;3M",
            vec![mouse(MouseEventKind::Down(MouseButton::Middle), 1, 2, NONE)],
        ),
        (
            b"\x1b[<2;2;3m",
            vec![mouse(MouseEventKind::Up(MouseButton::Right), 1, 2, NONE)],
        ),
        (
            b"\x1b[<32;7;8M",
            vec![mouse(MouseEventKind::Drag(MouseButton::Left), 6, 7, NONE)],
        ),
        (
            b"\x1b[<35;7;8M",
            vec![mouse(MouseEventKind::Moved, 6, 7, NONE)],
        ),
        (
            b"\x1b[<64;3;4M",
            vec![mouse(MouseEventKind::ScrollUp, 2, 3, NONE)],
        ),
        (
            b"\x1b[<65;3;4M",
            vec![mouse(MouseEventKind::ScrollDown, 2, 3, NONE)],
        ),
        (b"\x1b[<3;1;1M", vec![mouse(released, 0, 0, NONE)]),
        (
            b"\x1b[<4;1;1M",
            vec![mouse(MouseEventKind::Down(MouseButton::Left), 0, 0, SHIFT)],
        ),
        (
            b"\x1b[<8;1;1M",
            vec![mouse(MouseEventKind::Down(MouseButton::Left), 0, 0, ALT)],
        ),
        (
            b"\x1b[<20;1;1M",
            vec![mouse(
                MouseEventKind::Down(MouseButton::Left),
                0,
                0,
                CTRL | SHIFT,
            )],
        ),
        (b"\x1b[<0;65535;200M", vec![left_down(65534, 199)]),
        // ours: crossterm's `- 1` overflows on a position 0.
        (b"\x1b[<0;0;0M", vec![left_down(0, 0)]),
        // Beyond u16, or an unknown button: no event, nothing leaks.
        (b"\x1b[<0;65536;1Mx", vec![ch('x')]),
        (b"\x1b[<0;99999999999999999999999999;1Mx", vec![ch('x')]),
        (b"\x1b[<300;1;1Mx", vec![ch('x')]),
        (b"\x1b[<128;1;1Mx", vec![ch('x')]),
        // The older mouse reports: X10 bytes and rxvt's numbers, both 32 over.
        (b"\x1b[M\x20\x21\x21", vec![left_down(0, 0)]),
        (b"\x1b[M\x23\x2a\x2b", vec![mouse(released, 9, 10, NONE)]),
        // ours: crossterm's `- 1` overflows here too.
        (b"\x1b[M\x20\x00\x00", vec![left_down(0, 0)]),
        (b"\x1b[32;2;3M", vec![left_down(1, 2)]),
        // Focus.
        (b"\x1b[I", vec![Event::FocusGained]),
        (b"\x1b[O", vec![Event::FocusLost]),
        // Bracketed paste: any bytes, lossy UTF-8, and the keys after it.
        (
            b"\x1b[200~hello\r\nworld\x1b[201~",
            vec![Event::Paste("hello\r\nworld".into())],
        ),
        (b"\x1b[200~\x1b[201~", vec![Event::Paste(String::new())]),
        (
            b"\x1b[200~a\xffb\x1b[A\x1b[20\x1b[201~x",
            vec![Event::Paste("a\u{fffd}b\x1b[A\x1b[20".into()), ch('x')],
        ),
        // Unknown sequences are skipped whole: only the key after them is a key.
        (b"\x1b[?1;2cx", vec![ch('x')]),
        (b"\x1b[99~x", vec![ch('x')]),
        (b"\x1b[1;5Xx", vec![ch('x')]),
        (b"\x1b[12;40Rx", vec![ch('x')]),
        (b"\x1b[201~x", vec![ch('x')]),
        (b"\x1bOxy", vec![ch('y')]),
        (b"\x1b[[xy", vec![ch('y')]),
        // ours: crossterm waits for a `c` or `u` after `CSI ?`, so eats the keys after it.
        (b"\x1b[?25hx", vec![ch('x')]),
        // ours: crossterm gives up on these at the byte it does not expect and types the rest.
        (b"\x1b[>0;276;0cx", vec![ch('x')]),
        (b"\x1b[=5ux", vec![ch('x')]),
        (b"\x1b[1 qx", vec![ch('x')]),
        (b"\x1b[<0;1;1Ax", vec![ch('x')]),
        (b"\x1b[;5Ax", vec![key(Up, CTRL), ch('x')]),
        // ours: crossterm reads kitty's keys (here Ctrl+A); the screen never asks for them.
        (b"\x1b[97;5ux", vec![ch('x')]),
        // ours: a broken sequence does not swallow the next (crossterm drops the ESC).
        (b"\x1b[1;\x1b[A", vec![plain(Up)]),
        (b"\x1bO\x1b[B", vec![plain(Down)]),
        (b"\x1b[\rx", vec![plain(Enter), ch('x')]),
    ]
}

#[test]
fn bytes_give_the_events_crossterm_gives() {
    let mut wrong = Vec::new();
    for (bytes, expected) in table() {
        let got = read_all(bytes);
        if shown(&got) != shown(&expected) {
            wrong.push(format!(
                "{:?}\n    got      {}\n    expected {}",
                String::from_utf8_lossy(bytes),
                shown(&got),
                shown(&expected)
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_long_csi_is_skipped_and_the_reader_resynchronises() {
    let mut bytes = b"\x1b[".to_vec();
    bytes.extend([b'1'; 100]);
    bytes.extend(b"Ax\x1b[A");
    assert_eq!(
        shown(&read_all(&bytes)),
        shown(&[ch('x'), plain(KeyCode::Up)])
    );
}

#[test]
fn flush_gives_what_a_held_sequence_most_likely_was() {
    let cases: [(&[u8], Vec<Event>); 7] = [
        (b"\x1b", vec![plain(KeyCode::Esc)]),
        (b"\x1bO", vec![key(KeyCode::Char('O'), ALT | SHIFT)]),
        (b"\x1b[", vec![key(KeyCode::Char('['), ALT)]),
        (b"\x1b[1;", vec![]),
        (b"\x1b[<0;1", vec![]),
        (b"\xe6\x97", vec![]),
        (b"\x1b\xc3", vec![]),
    ];
    for (bytes, expected) in cases {
        let mut reader = KeyReader::new();
        assert!(reader.feed(bytes).is_empty(), "{bytes:?} waits");
        assert!(reader.holds(), "{bytes:?} is held");
        assert_eq!(shown(&reader.flush()), shown(&expected), "{bytes:?}");
        assert!(!reader.holds(), "{bytes:?} is let go");
        assert_eq!(
            shown(&reader.feed(b"x")),
            shown(&[ch('x')]),
            "after {bytes:?}"
        );
    }
}

#[test]
fn a_sequence_split_between_reads_waits_for_its_end() {
    let mut reader = KeyReader::new();
    assert!(reader.feed(b"\x1b[1;").is_empty());
    assert!(reader.holds());
    assert_eq!(shown(&reader.feed(b"5A")), shown(&[key(KeyCode::Up, CTRL)]));
    assert!(reader.feed(b"\xf0\x9f").is_empty());
    assert_eq!(shown(&reader.feed(b"\x8e\xb2")), shown(&[ch('🎲')]));
    assert!(!reader.holds());
    // The LF of a CR LF pair split between reads is still one Enter.
    assert_eq!(shown(&reader.feed(b"\r")), shown(&[plain(KeyCode::Enter)]));
    assert!(!reader.holds(), "the Enter is given at once");
    assert_eq!(shown(&reader.feed(b"\nq")), shown(&[ch('q')]));
}

#[test]
fn a_paste_outlasts_a_pause() {
    let mut reader = KeyReader::new();
    assert!(reader.feed(b"\x1b[200~first half, ").is_empty());
    assert!(!reader.holds(), "the session need not flush a paste");
    assert!(reader.flush().is_empty());
    assert_eq!(
        shown(&reader.feed(b"second half\x1b[201~q")),
        shown(&[Event::Paste("first half, second half".into()), ch('q')])
    );
}

#[test]
fn a_paste_keeps_64_kib_and_drops_the_rest() {
    let mut bytes = b"\x1b[200~".to_vec();
    bytes.extend(std::iter::repeat_n(b'a', PASTE_MAX + 10_000));
    bytes.extend(b"\x1b[201~\r");
    let events = read_all(&bytes);
    assert_eq!(events.len(), 2, "the paste, then Enter");
    assert_eq!(events.first(), Some(&Event::Paste("a".repeat(PASTE_MAX))));
    assert_eq!(
        shown(events.get(1..).unwrap_or_default()),
        shown(&[plain(KeyCode::Enter)])
    );
}

/// A small deterministic generator: the test needs a megabyte of noise, not a random crate.
fn noise(len: usize, mut seed: u64) -> Vec<u8> {
    (0..len)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed.to_le_bytes()[0]
        })
        .collect()
}

#[test]
fn a_megabyte_of_noise_gives_no_more_events_than_bytes() {
    for seed in [1, 0x9e37_79b9_7f4a_7c15] {
        let bytes = noise(1 << 20, seed);
        let mut reader = KeyReader::new();
        let mut events = 0;
        for chunk in bytes.chunks(1000) {
            events += reader.feed(chunk).len();
        }
        events += reader.flush().len();
        assert!(
            events <= bytes.len(),
            "{events} events from {} bytes",
            bytes.len()
        );
        assert!(events > 0, "noise holds printable bytes, so keys");
    }
}

/// Cuts `bytes` at the given fractions of its length (shuffled and repeated ones too).
fn split_at<'a>(bytes: &'a [u8], cuts: &[prop::sample::Index]) -> Vec<&'a [u8]> {
    let mut at: Vec<usize> = cuts.iter().map(|cut| cut.index(bytes.len() + 1)).collect();
    at.sort_unstable();
    let mut pieces = Vec::new();
    let mut start = 0;
    for end in at {
        pieces.push(bytes.get(start..end).unwrap_or_default());
        start = end;
    }
    pieces.push(bytes.get(start..).unwrap_or_default());
    pieces
}

/// Keys a player types, each with the event it gives on its own: every family above.
fn typed_keys() -> Vec<(&'static [u8], Event)> {
    table()
        .into_iter()
        .filter_map(|(bytes, events)| match events.as_slice() {
            // A lone ESC (or LF, after a CR) reads differently next to another key.
            [event] if bytes != b"\x1b" && bytes != b"\n" && bytes != b"\x1b\x1b" => {
                Some((bytes, event.clone()))
            }
            _ => None,
        })
        .collect()
}

proptest! {
    #![proptest_config(cases(256))]

    /// Any bytes, cut anywhere: no panic, the same events as read at once, no more events
    /// than bytes, and nothing held once flushed.
    #[test]
    fn any_bytes_in_any_split_read_the_same(
        bytes in prop::collection::vec(any::<u8>(), 0..600),
        cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..12),
    ) {
        let mut whole = KeyReader::new();
        let at_once = whole.feed(&bytes);
        let mut reader = KeyReader::new();
        let mut in_pieces = Vec::new();
        for piece in split_at(&bytes, &cuts) {
            in_pieces.extend(reader.feed(piece));
        }
        prop_assert_eq!(shown(&in_pieces), shown(&at_once));
        prop_assert_eq!(reader.holds(), whole.holds());
        let flushed = reader.flush();
        prop_assert!(!reader.holds());
        prop_assert!(at_once.len() + flushed.len() <= bytes.len().max(1));
    }

    /// Well-formed keys one after another give each key's event, read at once, byte by
    /// byte, or cut anywhere, with `flush` only at the end.
    #[test]
    fn typed_keys_read_the_same_however_they_arrive(
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..40),
        cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..12),
    ) {
        let keys = typed_keys();
        let chosen: Vec<&(&[u8], Event)> = picks.iter().map(|pick| pick.get(&keys)).collect();
        let bytes: Vec<u8> = chosen.iter().flat_map(|(bytes, _)| bytes.iter().copied()).collect();
        let expected: Vec<Event> = chosen.iter().map(|(_, event)| event.clone()).collect();

        prop_assert_eq!(shown(&read_all(&bytes)), shown(&expected));

        let mut reader = KeyReader::new();
        let mut one_by_one = Vec::new();
        for byte in &bytes {
            one_by_one.extend(reader.feed(std::slice::from_ref(byte)));
        }
        one_by_one.extend(reader.flush());
        prop_assert_eq!(shown(&one_by_one), shown(&expected));

        let mut reader = KeyReader::new();
        let mut in_pieces = Vec::new();
        for piece in split_at(&bytes, &cuts) {
            in_pieces.extend(reader.feed(piece));
        }
        in_pieces.extend(reader.flush());
        prop_assert_eq!(shown(&in_pieces), shown(&expected));
    }

    /// A paste of any bytes (not holding its own end marker) comes back as one lossy Paste,
    /// and the keys after it still read.
    #[test]
    fn any_paste_comes_back_whole_and_keys_follow(
        content in prop::collection::vec(
            prop_oneof![any::<u8>(), prop::sample::select(b"\x1b[201~".to_vec())],
            0..3000,
        ),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..8),
        cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..8),
    ) {
        prop_assume!(!content.windows(6).any(|window| window == b"\x1b[201~"));
        let keys = typed_keys();
        let after: Vec<&(&[u8], Event)> = picks.iter().map(|pick| pick.get(&keys)).collect();
        let mut bytes = b"\x1b[200~".to_vec();
        bytes.extend(&content);
        bytes.extend(b"\x1b[201~");
        for (key_bytes, _) in &after {
            bytes.extend(*key_bytes);
        }
        let mut expected = vec![Event::Paste(String::from_utf8_lossy(&content).into_owned())];
        expected.extend(after.iter().map(|(_, event)| event.clone()));

        let mut reader = KeyReader::new();
        let mut events = Vec::new();
        for piece in split_at(&bytes, &cuts) {
            events.extend(reader.feed(piece));
        }
        events.extend(reader.flush());
        prop_assert_eq!(shown(&events), shown(&expected));
    }
}
