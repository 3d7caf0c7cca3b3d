//! `S`: each army's figures turn by turn, the chart the after-action report draws too,
//! with the table of figures under it.

mod common;

use adjutant::tui::app::Overlay;
use adjutant::tui::keys;
use adjutant::tui::theme::Theme;
use common::screen::{Opened, drawn, key_event, open_app};
use crossterm::event::KeyCode;

/// Two whole turns (one per side) end with ten `next`s; the French lose 3 figures in the
/// first, the Allies 4 in the third, which is still going on.
fn three_turns_in() -> Opened {
    let mut commands = vec!["hit fr-2lg 3"];
    commands.extend(["next"; 10]);
    commands.push("hit nl-27j 4");
    open_app("quatre-bras", 3, &commands, Theme::built_in().unwrap())
}

fn press(opened: &mut Opened, code: KeyCode) {
    keys::handle(&mut opened.app, key_event(code));
}

fn screen(opened: &mut Opened, width: u16, height: u16) -> String {
    drawn(&mut opened.app, width, height).backend().to_string()
}

#[test]
fn the_table_gives_each_sides_figures_at_the_end_of_each_turn_and_now() {
    // Quatre-Bras: 14 units a side, 158 figures each. 3 loss hits take 3 figures.
    let mut opened = three_turns_in();
    press(&mut opened, KeyCode::Char('S'));
    assert_eq!(opened.app.overlay, Overlay::Strength);
    let text = screen(&mut opened, 80, 24);
    for row in [
        "start   t1   t2  now",
        "⠒⠒ French         158  155  155  155",
        "•• Anglo-Allied   158  158  158  154",
        "turn 3",
    ] {
        assert!(text.contains(row), "{row:?} missing:\n{text}");
    }
    // The axis fits the figures, 150 to 160 (steps of 5 below 154 and above 158), so
    // the few figures lost show as a fall, not as two lines along the top of 0 to 158.
    assert!(text.contains("│150 │") && text.contains("│160 │"), "{text}");
    assert!(!text.contains("│0   │"), "{text}");
    insta::assert_snapshot!("strength_80x24", text);
    insta::assert_snapshot!("strength_50x20", screen(&mut opened, 50, 20));
}

#[test]
fn esc_or_s_closes_and_q_quits() {
    let mut opened = three_turns_in();
    press(&mut opened, KeyCode::Char('S'));
    press(&mut opened, KeyCode::Esc);
    assert_eq!(opened.app.overlay, Overlay::None);
    press(&mut opened, KeyCode::Char('S'));
    press(&mut opened, KeyCode::Char('S'));
    assert_eq!(opened.app.overlay, Overlay::None);
    press(&mut opened, KeyCode::Char('S'));
    // Keys of the main screen do nothing behind the window.
    press(&mut opened, KeyCode::Char('h'));
    assert_eq!(opened.app.game().log().len(), 12, "no hit behind the chart");
    press(&mut opened, KeyCode::Char('q'));
    assert!(opened.app.should_quit());
}

#[test]
fn the_smallest_screen_still_gives_the_table() {
    let mut opened = three_turns_in();
    press(&mut opened, KeyCode::Char('S'));
    let text = screen(&mut opened, 40, 12);
    assert!(text.contains("•• Anglo-Allied"), "{text}");
}

/// Under the table, the referee reads each side's luck: the French line shoots at close
/// range, 3 dice hitting on 3-6 (*Shooting Table*: 2.0 hits expected); 6, 6, 6 score 3,
/// 50% above. A side's screen does not show it: its sums may hold throws it cannot see.
#[test]
fn the_referee_reads_each_sides_luck_under_the_table() {
    let commands = ["next", "next", "shoot fr-2lg nl-27j close dice=6,6,6"];
    let mut opened = open_app("quatre-bras", 3, &commands, Theme::built_in().unwrap());
    press(&mut opened, KeyCode::Char('S'));
    let text = screen(&mut opened, 80, 24);
    assert!(text.contains("luck · French: shot +50%"), "{text}");
    insta::assert_snapshot!("strength_with_luck_80x24", text);

    let mut player = adjutant::tui::app::App::watcher(
        opened.app.game().clone(),
        &opened.path,
        Theme::built_in().unwrap(),
        adjutant::game::Looker::Side("allies".to_owned()),
    );
    keys::handle(&mut player, key_event(KeyCode::Char('S')));
    let theirs = drawn(&mut player, 80, 24).backend().to_string();
    assert!(theirs.contains("Anglo-Allied   158  155"), "{theirs}");
    assert!(!theirs.contains("luck"), "{theirs}");
}
