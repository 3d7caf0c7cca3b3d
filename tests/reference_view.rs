//! The quick-reference window: its keys, and how it looks at a laptop's and a phone's
//! size, on ratatui's `TestBackend`.

use adjutant::reference;
use adjutant::tui::reference_view::{self, ReferenceKey, ReferenceView};
use adjutant::tui::theme::Theme;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::text::Line;

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn ctrl(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)
}

fn typed(text: &str) -> ReferenceView {
    let mut view = ReferenceView::default();
    for c in text.chars() {
        assert_eq!(view.handle(key(KeyCode::Char(c))), ReferenceKey::Stay);
    }
    view
}

fn draw(
    view: &ReferenceView,
    heading: &[Line<'static>],
    width: u16,
    height: u16,
) -> Terminal<TestBackend> {
    let theme = Theme::built_in().unwrap();
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| reference_view::draw(frame, frame.area(), &theme, view, heading))
        .unwrap();
    terminal
}

fn render(view: &ReferenceView, heading: &[Line<'static>], width: u16, height: u16) -> String {
    draw(view, heading, width, height).backend().to_string()
}

fn screen(view: &ReferenceView, width: u16, height: u16) -> String {
    render(view, &[], width, height)
}

#[test]
fn typing_filters_and_backspace_widens_again() {
    let mut view = typed("rally");
    assert_eq!(view.query, "rally");
    assert_eq!(reference::search(&view.query)[0].id, "rally");
    view.handle(key(KeyCode::Down));
    view.handle(key(KeyCode::Down));
    assert_eq!(view.scroll, 2);
    view.handle(key(KeyCode::Backspace));
    assert_eq!(view.query, "rall");
    assert_eq!(view.scroll, 0, "a new filter starts at the top");
    view.handle(key(KeyCode::Char('Y')));
    assert_eq!(view.query, "rallY", "shifted letters type");
}

#[test]
fn ctrl_u_clears_the_filter_and_other_chords_do_not_type() {
    let mut view = typed("combat");
    assert_eq!(view.handle(ctrl('u')), ReferenceKey::Stay);
    assert_eq!(view.query, "");
    view.handle(ctrl('r'));
    view.handle(KeyEvent::new(KeyCode::Char('x'), KeyModifiers::ALT));
    assert_eq!(view.query, "");
}

#[test]
fn esc_closes_at_once_even_with_a_filter() {
    // The README: Esc always closes a window; Ctrl-u is what clears a filter.
    let mut view = typed("guns");
    assert_eq!(view.handle(key(KeyCode::Esc)), ReferenceKey::Close);
    assert_eq!(
        ReferenceView::default().handle(key(KeyCode::Esc)),
        ReferenceKey::Close
    );
}

#[test]
fn scrolling_keys_move_and_stop_at_the_ends() {
    let mut view = ReferenceView::default();
    view.handle(key(KeyCode::Up));
    assert_eq!(view.scroll, 0);
    view.handle(key(KeyCode::PageDown));
    view.handle(key(KeyCode::Down));
    assert_eq!(view.scroll, 11);
    view.handle(key(KeyCode::PageUp));
    assert_eq!(view.scroll, 1);
    view.handle(key(KeyCode::Home));
    assert_eq!(view.scroll, 0);
    // The end, then back one: the window must move at once.
    view.handle(key(KeyCode::End));
    let area = ratatui::layout::Rect::new(0, 0, 80, 24);
    // As the screen stops it at the window's last line.
    view.scroll = view.scroll.min(view.last_start(area, &[]));
    let end = view.scroll;
    assert!(end > 0);
    let bottom = screen(&view, 80, 24);
    view.handle(key(KeyCode::Up));
    assert_eq!(view.scroll, end - 1);
    assert_ne!(screen(&view, 80, 24), bottom);
    // Past the end it draws the same as at the end.
    let mut past = view.clone();
    past.scroll = usize::MAX;
    view.scroll = end;
    assert_eq!(screen(&past, 80, 24), screen(&view, 80, 24));
}

#[test]
fn the_heading_comes_before_the_charts() {
    let view = typed("rally");
    let heading = vec![Line::raw("fr-61: shaken, grade C: rallies on 2-6")];
    let text = render(&view, &heading, 60, 12);
    let heading_at = text.find("fr-61: shaken").unwrap();
    let chart_at = text.find("Rally from shaken").unwrap();
    assert!(heading_at < chart_at);
}

#[test]
fn no_size_panics() {
    let heading = vec![Line::raw("what the selected unit needs")];
    for query in ["", "rally", "zeppelin"] {
        let mut view = typed(query);
        view.scroll = 7;
        for width in 0..=60 {
            for height in 0..=30 {
                // Drawn only: the test backend cannot print a buffer zero columns wide.
                draw(&view, &heading, width, height);
            }
        }
    }
}

#[test]
fn everything_at_80x24() {
    insta::assert_snapshot!(screen(&ReferenceView::default(), 80, 24));
}

#[test]
fn rally_at_80x24() {
    insta::assert_snapshot!(screen(&typed("rally"), 80, 24));
}

#[test]
fn combat_on_a_phone_50x20() {
    insta::assert_snapshot!(screen(&typed("combat"), 50, 20));
}

#[test]
fn nothing_matches_at_50x20() {
    insta::assert_snapshot!(screen(&typed("zeppelin"), 50, 20));
}
