//! The guided forms, driven key by key on a real save: each builds a line of the command
//! language, carries it out as `:` would, and leaves it on disk; Esc leaves nothing.
//! Snapshots at a desk, a laptop and a phone.

use adjutant::game::{Game, Roll};
use adjutant::persist;
use adjutant::tui::app::{Overlay, Tone};
use adjutant::tui::form::{FormKind, Stage};
use adjutant::tui::keys;
use adjutant::tui::theme::Theme;
use crossterm::event::KeyCode;

mod common;

use common::screen::{Opened, drawn, key_event, open_app};

struct Screen {
    opened: Opened,
    /// Every key pressed, for the keystroke counts the README quotes.
    presses: usize,
}

/// Quatre-Bras after `commands`, with the first French unit (fr-2lg) selected.
fn open(commands: &[&str]) -> Screen {
    Screen {
        opened: open_app("quatre-bras", 1815, commands, Theme::built_in().unwrap()),
        presses: 0,
    }
}

/// The French shooting phase of turn 1.
fn shooting() -> Screen {
    open(&["next", "next"])
}

impl Screen {
    fn press(&mut self, keys: &str) -> &mut Screen {
        for c in keys.chars() {
            self.key(KeyCode::Char(c));
        }
        self
    }

    fn key(&mut self, code: KeyCode) -> &mut Screen {
        keys::handle(&mut self.opened.app, key_event(code));
        self.presses += 1;
        self
    }

    fn enter(&mut self) -> &mut Screen {
        self.key(KeyCode::Enter)
    }

    fn saved(&self) -> Game {
        persist::load(&self.opened.path).unwrap().game
    }

    /// The commands on disk after the first `skip`.
    fn saved_commands(&self, skip: usize) -> Vec<String> {
        self.saved().log()[skip..]
            .iter()
            .map(|e| e.command.clone())
            .collect()
    }

    fn form_line(&self) -> String {
        self.opened
            .app
            .form
            .as_ref()
            .expect("a form is open")
            .line()
    }

    fn screen(&mut self, width: u16, height: u16) -> String {
        drawn(&mut self.opened.app, width, height)
            .backend()
            .to_string()
    }
}

fn first_roll(game: &Game, entry: usize) -> Roll {
    game.log()[entry]
        .events
        .iter()
        .find_map(|e| match e {
            adjutant::game::Event::Rolled(roll) => Some(roll.clone()),
            _ => None,
        })
        .expect("a roll")
}

#[test]
fn shoot_and_test_with_the_players_dice_takes_eight_keys() {
    // F opens the form on fr-2lg, Enter takes the first enemy listed (nl-27j), three
    // faces and Enter shoot; the test nl-27j now owes comes up, a face and Enter take it.
    let mut s = shooting();
    s.press("F").enter().press("564").enter();
    let form = s.opened.app.form.as_ref().expect("the test is offered");
    assert_eq!((form.kind, form.unit.as_str()), (FormKind::Test, "nl-27j"));
    s.press("4").enter();
    assert_eq!(s.presses, 8);
    assert_eq!(s.opened.app.overlay, Overlay::None);
    assert_eq!(
        s.saved_commands(2),
        ["shoot fr-2lg nl-27j close dice=5,6,4", "test nl-27j roll=4"]
    );
    let saved = s.saved();
    let shot = first_roll(&saved, 2);
    assert_eq!((shot.dice.clone(), shot.successes), (vec![5, 6, 4], 3));
    assert_eq!(first_roll(&saved, 3).dice, vec![4]);
}

#[test]
fn shoot_and_test_with_the_apps_dice_takes_four_keys() {
    let mut s = shooting();
    s.press("F").enter().enter();
    // The app's dice may miss; a test is only offered after a hit.
    let owes = s.saved().state().unit("nl-27j").unwrap().owes_test;
    if owes {
        s.enter();
        assert_eq!(s.presses, 4);
        assert_eq!(s.saved_commands(3), ["test nl-27j"]);
    } else {
        assert_eq!(s.opened.app.overlay, Overlay::None);
    }
    assert_eq!(s.saved_commands(2)[0], "shoot fr-2lg nl-27j close");
}

#[test]
fn the_target_list_filters_as_the_referee_types() {
    let mut s = shooting();
    s.press("F").press("42");
    let picker = s.opened.app.form.as_ref().unwrap().picker.clone().unwrap();
    let shown: Vec<&str> = picker.shown().iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(shown, ["br-42"]);
    s.enter().press("f");
    assert_eq!(s.form_line(), "shoot fr-2lg br-42 far");
    s.press("sh");
    assert_eq!(
        s.form_line(),
        "shoot fr-2lg br-42 far hard",
        "soft gives way to hard"
    );
}

#[test]
fn esc_leaves_nothing_and_bad_faces_change_nothing() {
    let mut s = shooting();
    s.press("F").enter().press("7");
    assert_eq!(s.opened.app.message.as_ref().unwrap().tone, Tone::Refused);
    assert_eq!(s.form_line(), "shoot fr-2lg nl-27j close");
    s.press("56").enter();
    let message = s.opened.app.message.as_ref().unwrap();
    assert!(
        message.text.contains("2 of 3 faces typed"),
        "{}",
        message.text
    );
    assert_eq!(s.opened.app.overlay, Overlay::Form, "the form stays open");
    s.press("333");
    assert!(
        s.opened
            .app
            .message
            .as_ref()
            .unwrap()
            .text
            .contains("all 3 faces")
    );
    s.key(KeyCode::Esc);
    assert_eq!(s.opened.app.overlay, Overlay::None);
    assert_eq!(s.saved().log().len(), 2, "nothing was saved");
}

/// Issue 36: a complaint about the form describes the form as it stood; once the
/// referee changes the form, it goes, and never sits over a form that is now fine.
#[test]
fn a_complaint_about_the_form_goes_when_the_form_changes() {
    let mut s = shooting();
    s.press("F").press("zz").enter();
    let said = |s: &Screen| s.opened.app.message.as_ref().map(|m| m.text.clone());
    assert_eq!(
        said(&s).as_deref(),
        Some("no unit matches: Backspace or Ctrl-u the filter")
    );
    s.key(KeyCode::Backspace).key(KeyCode::Backspace);
    assert_eq!(said(&s), None, "the filter matches again");
    assert!(!s.screen(80, 24).contains("no unit matches"));
    // A line refused for its dice: the complaint lasts until a face is typed.
    s.enter().press("56").enter();
    assert!(said(&s).unwrap().contains("2 of 3 faces typed"));
    s.key(KeyCode::Left);
    assert!(said(&s).is_some(), "a key that changed nothing leaves it");
    s.press("3");
    assert_eq!(said(&s), None, "the third face is typed");
}

#[test]
fn a_refused_line_keeps_the_form_open_with_the_reason() {
    // 1:25 *Firing*: a battery names canister or ballshot; with canister turned off it
    // names neither. The form says why before Enter, and Enter changes nothing.
    let mut s = barrosa(&["next"; 6], "fr-battery");
    let logged = s.saved().log().len();
    s.press("F").enter().press("n");
    let asked = s.opened.app.form.as_ref().unwrap().asked.clone();
    assert!(
        asked
            .as_ref()
            .unwrap_err()
            .to_string()
            .contains("canister or ballshot"),
        "{asked:?}"
    );
    s.enter();
    assert_eq!(s.opened.app.overlay, Overlay::Form);
    assert_eq!(s.opened.app.message.as_ref().unwrap().tone, Tone::Refused);
    assert_eq!(s.saved().log().len(), logged);
}

#[test]
fn colon_hands_the_line_to_the_command_line() {
    let mut s = shooting();
    s.press("F").enter().press("m:");
    assert_eq!(s.opened.app.overlay, Overlay::Command);
    assert_eq!(
        s.opened.app.command_line.text(),
        "shoot fr-2lg nl-27j close moved"
    );
}

#[test]
fn rally_under_threat_needs_three_more() {
    // *Rally from Shaken Status Test*: a visible enemy able to charge it is -3 on the die.
    let mut s = open(&["shaken fr-2lg"]);
    s.press("a");
    let calm = s.opened.app.form.as_ref().unwrap().asked.clone().unwrap();
    s.press("t");
    let threatened = s.opened.app.form.as_ref().unwrap().asked.clone().unwrap();
    assert_eq!(threatened.throws[0].needed, calm.throws[0].needed + 3);
    assert_eq!(s.form_line(), "rally fr-2lg threat");
    s.press("6").enter();
    assert_eq!(s.saved_commands(1), ["rally fr-2lg threat roll=6"]);
}

#[test]
fn a_combat_picks_its_enemies_and_takes_a_group_of_faces_each() {
    let mut s = open(&["next", "next", "next"]);
    s.press("b");
    assert_eq!(s.opened.app.form.as_ref().unwrap().stage, Stage::Pick);
    s.press("42").key(KeyCode::Char(' ')).enter();
    let form = s.opened.app.form.as_ref().unwrap();
    assert_eq!(form.line(), "combat fr-2lg vs br-42");
    let groups = form.groups();
    assert_eq!(groups.len(), 2, "{:?}", form.asked);
    let faces: String = "6".repeat(groups[0]) + &"1".repeat(groups[1]);
    s.press(&faces);
    let ones = vec!["1"; groups[1]].join(",");
    let sixes = vec!["6"; groups[0]].join(",");
    assert_eq!(
        s.form_line(),
        format!("combat fr-2lg vs br-42 dice={sixes}/{ones}")
    );
    s.enter();
    assert_eq!(
        s.saved_commands(3),
        [format!("combat fr-2lg vs br-42 dice={sixes}/{ones}")],
        "{:?}",
        s.opened.app.message
    );
}

#[test]
fn a_move_charges_a_picked_enemy_and_changes_formation() {
    let mut s = open(&["next"]);
    s.press("m");
    assert_eq!(s.form_line(), "move fr-2lg");
    s.press("c");
    assert_eq!(s.opened.app.form.as_ref().unwrap().stage, Stage::Pick);
    s.press("27j").enter();
    assert_eq!(s.form_line(), "move fr-2lg charge=nl-27j");
    s.press("f");
    assert!(s.form_line().contains(" form="), "{}", s.form_line());
    s.press("c");
    assert!(!s.form_line().contains("charge"), "{}", s.form_line());
}

#[test]
fn shoot_form_snapshots() {
    let mut s = shooting();
    s.press("F");
    insta::assert_snapshot!("shoot_pick_80x24", s.screen(80, 24));
    insta::assert_snapshot!("shoot_pick_50x20", s.screen(50, 20));
    s.enter().press("d5");
    insta::assert_snapshot!("shoot_facts_120x40", s.screen(120, 40));
    insta::assert_snapshot!("shoot_facts_80x24", s.screen(80, 24));
    insta::assert_snapshot!("shoot_facts_50x20", s.screen(50, 20));
}

#[test]
fn test_combat_and_move_form_snapshots() {
    let mut s = shooting();
    s.press("F").enter().press("564").enter();
    insta::assert_snapshot!("test_offered_80x24", s.screen(80, 24));
    let mut s = open(&["next", "next", "next"]);
    s.press("b").press("42 ").enter();
    insta::assert_snapshot!("combat_80x24", s.screen(80, 24));
    let mut s = open(&["next"]);
    s.press("mc");
    insta::assert_snapshot!("move_pick_50x20", s.screen(50, 20));
    s.press("27j").enter();
    insta::assert_snapshot!("move_charge_50x20", s.screen(50, 20));
}

#[test]
fn no_form_panics_at_any_size() {
    let mut s = shooting();
    s.press("F");
    for (w, h) in [(1, 1), (20, 5), (40, 12), (44, 13), (50, 20), (60, 14)] {
        s.screen(w, h);
    }
    s.enter();
    for w in 1..=70 {
        for h in 1..=26 {
            s.screen(w, h);
        }
    }
}

#[test]
fn remove_asks_first_by_key_and_by_the_command_line() {
    let mut s = open(&[]);
    s.press("x");
    assert_eq!(s.opened.app.overlay, Overlay::ConfirmRemove);
    assert_eq!(s.opened.app.pending_remove.as_deref(), Some("fr-2lg"));
    s.key(KeyCode::Esc);
    assert!(s.saved().log().is_empty(), "Esc keeps the unit");
    assert_eq!(
        s.opened.app.message.as_ref().unwrap().text,
        "fr-2lg stays in play"
    );
    s.press(":");
    s.opened.app.command_line.insert("remove br-42");
    s.enter();
    assert_eq!(s.opened.app.overlay, Overlay::ConfirmRemove);
    insta::assert_snapshot!("confirm_remove_80x24", s.screen(80, 24));
    s.press("y");
    assert_eq!(s.saved_commands(0), ["remove br-42"]);
    s.press(":");
    s.opened.app.command_line.insert("remove nobody");
    s.enter();
    assert_eq!(s.opened.app.overlay, Overlay::None);
    assert_eq!(s.opened.app.message.as_ref().unwrap().tone, Tone::Refused);
}

#[test]
fn next_typed_with_open_items_asks_first() {
    // A French unit owes a morale test after the shot: the shooting phase has an open item.
    let mut s = shooting();
    s.press("F").enter().press("564").enter();
    s.key(KeyCode::Esc);
    s.press(":");
    s.opened.app.command_line.insert("next");
    s.enter();
    assert_eq!(s.opened.app.overlay, Overlay::ConfirmNext);
    s.key(KeyCode::Esc);
    assert_eq!(s.saved().state().phase().to_string(), "shooting");
}

#[test]
fn the_detail_window_scrolls_and_shows_what_the_unit_needs_and_its_log() {
    let mut s = shooting();
    s.press("F").enter().press("564").enter().key(KeyCode::Esc);
    // nl-27j: the second side's first unit; select it through the checklist's item.
    s.opened.app.select_unit("nl-27j");
    s.enter();
    assert_eq!(s.opened.app.overlay, Overlay::Detail);
    let screen = s.screen(80, 24);
    assert!(screen.contains("OWES A MORALE TEST"), "{screen}");
    assert!(screen.contains("Morale test, owed now"), "{screen}");
    s.key(KeyCode::PageDown);
    let scrolled = s.screen(80, 24);
    assert!(
        scrolled.contains("shoot fr-2lg nl-27j close dice=5,6,4"),
        "{scrolled}"
    );
    insta::assert_snapshot!("detail_scrolled_80x24", scrolled);
}

/// The combat phase of turn 1, after `moves` in the French movement phase.
fn combat_after(moves: &[&str]) -> Screen {
    let mut commands = vec!["next"];
    commands.extend_from_slice(moves);
    commands.extend(["next", "next"]);
    open(&commands)
}

/// What the drawn form says it fights (its `vs` field) and the line it will carry out, as
/// read off the screen.
fn shown_vs_and_line(s: &mut Screen) -> (String, String) {
    let screen = s.screen(80, 24);
    let field = |prefix: &str| {
        screen
            .lines()
            .flat_map(|l| l.split('│'))
            .find_map(|cell| {
                cell.trim()
                    .strip_prefix(prefix)
                    .map(|r| r.trim().to_owned())
            })
            .unwrap_or_else(|| panic!("no {prefix:?} on\n{screen}"))
    };
    let line = format!("combat {}", field("▶ combat "));
    (field("vs "), line)
}

#[test]
fn enter_on_a_filtered_row_fights_that_unit_not_the_first_one_ticked() {
    // The keys: `b Enter` takes the first enemy listed (nl-27j); Shift-Tab back to
    // the list, filter to br-42, Enter: br-42, and only br-42, is what the form fights.
    let mut s = combat_after(&[]);
    s.press("b").enter();
    assert_eq!(s.form_line(), "combat fr-2lg vs nl-27j");
    s.key(KeyCode::BackTab).press("42").enter();
    assert_eq!(s.form_line(), "combat fr-2lg vs br-42");
    let (vs, line) = shown_vs_and_line(&mut s);
    assert_eq!(
        (vs.as_str(), line.as_str()),
        ("br-42", "combat fr-2lg vs br-42")
    );
    s.press("k").enter();
    assert_eq!(s.saved_commands(3), [line + " flank=br-42"]);
}

#[test]
fn space_ticks_several_and_enter_takes_the_ticks() {
    // Ticked by hand, the ticks are the choice: Enter on a row not ticked adds nothing.
    let mut s = combat_after(&[]);
    s.press("b")
        .key(KeyCode::Char(' '))
        .press("42")
        .key(KeyCode::Char(' '));
    s.key(KeyCode::Backspace)
        .key(KeyCode::Backspace)
        .key(KeyCode::Down);
    assert!(s.screen(80, 24).contains("Enter: vs nl-27j, br-42  "));
    s.enter();
    assert_eq!(s.form_line(), "combat fr-2lg vs nl-27j,br-42");
    let (vs, _) = shown_vs_and_line(&mut s);
    assert_eq!(vs, "nl-27j, br-42");
}

#[test]
fn the_picker_says_what_enter_will_fight_before_it_is_pressed() {
    let mut s = combat_after(&[]);
    s.press("b").enter().key(KeyCode::BackTab).press("42");
    let screen = s.screen(80, 24);
    assert!(screen.contains("Enter: vs br-42"), "{screen}");
}

#[test]
fn a_combat_after_a_charge_opens_on_the_charged_enemy() {
    // *Charging*: a unit that charged fights the unit it charged, so `b Enter` fights it.
    let mut s = combat_after(&["move fr-6la charge=nl-5m"]);
    s.opened.app.select_unit("fr-6la");
    s.press("b");
    assert_eq!(s.opened.app.form.as_ref().unwrap().stage, Stage::Facts);
    assert_eq!(s.form_line(), "combat fr-6la vs nl-5m");
    s.enter();
    assert_eq!(s.presses, 2);
    assert_eq!(
        s.saved_commands(4),
        ["combat fr-6la vs nl-5m"],
        "{:?}",
        s.opened.app.message
    );
}

#[test]
fn a_shot_form_opens_on_the_units_last_target() {
    // fr-2lg shot br-42 in an earlier turn: F highlights br-42, and Enter takes it.
    let mut s = open(&[
        "next",
        "next",
        "shoot fr-2lg br-42 far dice=1,1,1",
        "next",
        "next",
        "next",
        "next",
        "next",
        "next",
        "next",
        "next",
        "next",
        "next",
    ]);
    assert_eq!(s.saved().state().phase().to_string(), "shooting");
    s.press("F").enter();
    assert_eq!(s.form_line(), "shoot fr-2lg br-42 close");
}

#[test]
fn esc_closes_the_picker_even_with_a_filter_and_ctrl_u_clears_it() {
    let mut s = shooting();
    s.press("F").press("42");
    keys::handle(
        &mut s.opened.app,
        crossterm::event::KeyEvent::new(
            KeyCode::Char('u'),
            crossterm::event::KeyModifiers::CONTROL,
        ),
    );
    let picker = s.opened.app.form.as_ref().unwrap().picker.clone().unwrap();
    assert_eq!(picker.filter, "");
    s.press("42").key(KeyCode::Esc);
    assert_eq!(s.opened.app.overlay, Overlay::None);
    assert!(s.opened.app.form.is_none());
}

/// Barrosa (*Sound the Charge 1:25*) after `commands`, with `unit` selected.
fn barrosa(commands: &[&str], unit: &str) -> Screen {
    let mut s = Screen {
        opened: open_app("barrosa", 1811, commands, Theme::built_in().unwrap()),
        presses: 0,
    };
    s.opened.app.select_unit(unit);
    s
}

#[test]
fn a_1_25_combat_after_an_attack_opens_on_the_unit_attacked() {
    // 1:25 *Turn Sequence and Movement*: the attacker fights the unit it attacked.
    let mut s = barrosa(
        &["next", "move br-kgl charge=fr-lancers", "next", "next"],
        "br-kgl",
    );
    s.press("b");
    assert_eq!(s.form_line(), "combat br-kgl vs fr-lancers");
    let (vs, line) = shown_vs_and_line(&mut s);
    assert_eq!(vs, "fr-lancers");
    s.enter();
    assert_eq!(s.saved_commands(4), [line], "{:?}", s.opened.app.message);
}

#[test]
fn a_1_25_battery_form_opens_on_a_shot_the_command_takes() {
    // 1:25 *Firing*: a battery names canister or ballshot at a range band; the form starts
    // on canister, and `b` turns it to ballshot, never both.
    let mut s = barrosa(&["next"; 6], "fr-battery");
    assert_eq!(s.saved().state().phase().to_string(), "shooting");
    s.press("F").enter();
    let form = s.opened.app.form.as_ref().unwrap();
    assert!(form.asked.is_ok(), "{:?}", form.asked);
    assert!(
        s.form_line().ends_with(" close canister"),
        "{}",
        s.form_line()
    );
    s.press("b");
    assert_eq!(s.form_line(), "shoot fr-battery br-guards close ballshot");
    s.enter();
    assert_eq!(
        s.saved_commands(6),
        ["shoot fr-battery br-guards close ballshot"],
        "{:?}",
        s.opened.app.message
    );
}

#[test]
fn t_opens_the_owed_test_when_the_selected_unit_owes_none() {
    // fr-2lg's hit leaves nl-27j owing the test (*Morale Tests*: a unit hit by shooting
    // tests); Esc on the offer, then `t` on fr-2lg still finds it: `t 4 Enter`.
    let mut s = shooting();
    s.press("F").enter().press("564").enter().key(KeyCode::Esc);
    assert_eq!(s.opened.app.selected_unit().unwrap().id, "fr-2lg");
    s.press("t");
    assert_eq!(s.form_line(), "test nl-27j");
    assert!(s.opened.app.form.as_ref().unwrap().asked.is_ok());
    s.press("4").enter();
    assert_eq!(s.saved_commands(3), ["test nl-27j roll=4"]);
}

#[test]
fn shift_tab_takes_a_move_back_from_its_charge_list_uncharged_and_esc_closes_it() {
    let mut s = open(&["next"]);
    let logged = s.saved().log().len();
    s.press("mc");
    assert_eq!(s.opened.app.form.as_ref().unwrap().stage, Stage::Pick);
    s.key(KeyCode::BackTab);
    assert_eq!(s.opened.app.form.as_ref().unwrap().stage, Stage::Facts);
    assert_eq!(s.form_line(), "move fr-2lg");
    s.press("c").key(KeyCode::Esc);
    assert_eq!(s.opened.app.overlay, Overlay::None);
    assert_eq!(s.saved().log().len(), logged, "Esc leaves nothing");
}

/// Barrosa's French combat phase of turn 2: fr-96 held against br-67 and br-guards, who
/// charged it together in turn 1 (1:25 *Close Combat*: a round with neither side losing
/// goes on), so it is in contact with both; fr-96 selected.
fn fr_96_in_contact_with_two() -> Screen {
    barrosa(
        &[
            "next",
            "move br-67 charge=fr-96",
            "move br-guards charge=fr-96",
            "next",
            "next",
            "combat br-67,br-guards vs fr-96 dice=6,1/1,1,1,1,1,1/6,1",
            "next",
            "next",
            "next",
            "next",
        ],
        "fr-96",
    )
}

fn ctrl(s: &mut Screen, c: char) {
    keys::handle(
        &mut s.opened.app,
        crossterm::event::KeyEvent::new(KeyCode::Char(c), crossterm::event::KeyModifiers::CONTROL),
    );
}

#[test]
fn enter_after_unticking_a_contact_fights_only_the_ticks_left() {
    // Issue 36 review: the form opens on both contacts ticked, the highlight on br-67.
    // Space flips br-67's box alone, and Enter fights br-guards alone (it used to tick
    // br-67 again).
    let mut s = fr_96_in_contact_with_two();
    s.press("b");
    assert_eq!(s.form_line(), "combat fr-96 vs br-67,br-guards");
    s.key(KeyCode::BackTab);
    let screen = s.screen(80, 24);
    assert!(screen.contains("│Enter: vs br-67, br-guards  "), "{screen}");
    s.key(KeyCode::Char(' '));
    let screen = s.screen(80, 24);
    assert!(screen.contains("│Enter: vs br-guards  "), "{screen}");
    assert!(screen.contains("[ ] br-67"), "{screen}");
    s.enter();
    assert_eq!(s.form_line(), "combat fr-96 vs br-guards");
}

#[test]
fn the_tick_boxes_show_what_enter_will_fight() {
    // b Enter fights nl-27j; back in the list the highlight goes down to nl-5m: Enter
    // would fight nl-5m alone, so nl-5m's box is ticked and nl-27j's is not.
    let mut s = combat_after(&[]);
    s.press("b")
        .enter()
        .key(KeyCode::BackTab)
        .key(KeyCode::Down);
    let screen = s.screen(80, 24);
    assert!(screen.contains("Enter: vs nl-5m"), "{screen}");
    assert!(screen.contains("▶ [x] nl-5m"), "{screen}");
    assert!(screen.contains("  [ ] nl-27j"), "{screen}");
    insta::assert_snapshot!("combat_pick_80x24", screen);
}

#[test]
fn t_skips_a_unit_off_the_table_for_the_next_owed_test() {
    // nl-27j and br-42 were both hit (*Morale Tests*), then nl-27j was taken out of play:
    // the test left to take is br-42's.
    let mut s = open(&[
        "next",
        "next",
        "shoot fr-2lg nl-27j close dice=5,6,4",
        "shoot fr-4lg br-42 far dice=6,6,6",
        "remove nl-27j",
    ]);
    s.press("t");
    assert_eq!(s.form_line(), "test br-42");
}

#[test]
fn t_prefers_the_test_the_selected_unit_caused() {
    // fr-4lg shot br-42 last; nl-27j comes first in the roster but was fr-2lg's target.
    let mut s = open(&[
        "next",
        "next",
        "shoot fr-2lg nl-27j close dice=5,6,4",
        "shoot fr-4lg br-42 far dice=6,6,6",
    ]);
    s.opened.app.select_unit("fr-4lg");
    s.press("t");
    assert_eq!(s.form_line(), "test br-42");
    s.opened.app.select_unit("fr-2lg");
    s.key(KeyCode::Esc).press("t");
    assert_eq!(s.form_line(), "test nl-27j");
}

#[test]
fn shift_tab_from_the_move_facts_to_the_charge_list_turns_the_charge_on() {
    // Picking from the list writes charge=…, so the toggle says so; `c` then drops it.
    let mut s = open(&["next"]);
    s.press("m").key(KeyCode::BackTab).enter();
    assert_eq!(s.form_line(), "move fr-2lg charge=nl-27j");
    assert!(s.screen(80, 24).contains("[x] c charge"));
    s.press("c");
    assert_eq!(s.form_line(), "move fr-2lg");
    assert_eq!(s.opened.app.form.as_ref().unwrap().stage, Stage::Facts);
}

#[test]
fn shift_tab_back_from_a_charge_list_opened_by_shift_tab_keeps_the_charge() {
    let mut s = open(&["next"]);
    s.press("mc").press("27j").enter();
    s.key(KeyCode::BackTab).key(KeyCode::BackTab);
    assert_eq!(s.opened.app.form.as_ref().unwrap().stage, Stage::Facts);
    assert_eq!(s.form_line(), "move fr-2lg charge=nl-27j");
    // With no charge before, Shift-Tab there and back leaves none.
    let mut s = open(&["next"]);
    s.press("m").key(KeyCode::BackTab).key(KeyCode::BackTab);
    assert_eq!(s.form_line(), "move fr-2lg");
    assert!(s.screen(80, 24).contains("[ ] c charge"));
}

#[test]
fn ctrl_chords_do_nothing_to_the_facts() {
    // Ctrl-s is no `s` (soft cover), and Ctrl-u no complaint about a `u` key.
    let mut s = shooting();
    s.press("F").enter();
    let before = s.form_line();
    ctrl(&mut s, 's');
    ctrl(&mut s, 'u');
    assert_eq!(s.form_line(), before);
    assert_eq!(s.opened.app.message, None, "{:?}", s.opened.app.message);
}

/// fr-6la, which charged nl-5m, in the French combat phase of turn 1 of Quatre-Bras, its
/// combat form open (on nl-5m, the form's own guess), after `keys`.
fn fr_6la_combat_after(keys: &[KeyCode]) -> Screen {
    let mut s = combat_after(&["move fr-6la charge=nl-5m"]);
    s.opened.app.select_unit("fr-6la");
    s.press("b");
    for &key in keys {
        s.key(key);
    }
    s
}

/// The ids drawn with a ticked box, and the ids on the list's "Enter: vs" line.
fn ticked_and_enter_line(s: &mut Screen) -> (Vec<String>, Vec<String>) {
    let screen = s.screen(80, 24);
    let ticked = screen
        .lines()
        .filter_map(|l| l.split_once("[x] "))
        .map(|(_, rest)| rest.split_whitespace().next().unwrap().to_owned())
        .collect();
    let enter = screen
        .lines()
        .find_map(|l| l.split_once("Enter: vs "))
        .unwrap_or_else(|| panic!("no Enter: line on\n{screen}"))
        .1
        .split('│')
        .next()
        .unwrap()
        .trim()
        .split(", ")
        .map(str::to_owned)
        .collect();
    (ticked, enter)
}

/// After `setup` and then each of `keys`, the boxes ticked, the "Enter:" line and the line
/// Enter would carry out name the same enemies; the last of them are `last`, and the save
/// holds that line.
fn walk_agrees(setup: &[KeyCode], keys: &[KeyCode], last: &[&str]) {
    let mut enemies = Vec::new();
    for pressed in 1..=keys.len() {
        let mut s = fr_6la_combat_after(&[setup, &keys[..pressed]].concat());
        let (ticked, enter) = ticked_and_enter_line(&mut s);
        s.enter();
        let line = s.form_line();
        let vs: Vec<String> = line
            .strip_prefix("combat fr-6la vs ")
            .unwrap_or_else(|| panic!("{line}"))
            .split_whitespace()
            .next()
            .unwrap()
            .split(',')
            .map(str::to_owned)
            .collect();
        let sorted = |ids: &Vec<String>| {
            let mut ids = ids.clone();
            ids.sort();
            ids
        };
        assert_eq!(
            (sorted(&ticked), sorted(&enter)),
            (sorted(&vs), sorted(&vs)),
            "after {:?}",
            &keys[..pressed]
        );
        enemies = vs;
        if pressed == keys.len() {
            s.enter();
            assert_eq!(s.saved_commands(4), [line], "{:?}", s.opened.app.message);
        }
    }
    assert_eq!(enemies, last);
}

const SPACE: KeyCode = KeyCode::Char(' ');

#[test]
fn the_first_space_starts_the_referees_own_ticks_from_the_row_it_is_on() {
    // The referee's keys: `b Shift-Tab Down` shows na-2-1 ticked alone; Space ticks
    // na-2-1 by hand and leaves nl-5m, the form's guess, out (it used to come back).
    // Then Up and Space tick nl-5m as well; Down and Space untick na-2-1 again. (fr-6la
    // charged nl-5m, so the save takes only a combat with nl-5m in it.)
    use KeyCode::{BackTab, Down, Up};
    let ticked_by_space = ticked_and_enter_line(&mut fr_6la_combat_after(&[BackTab, Down, SPACE]));
    assert_eq!(
        ticked_by_space,
        (vec!["na-2-1".to_owned()], vec!["na-2-1".to_owned()])
    );
    walk_agrees(
        &[],
        &[BackTab, Down, SPACE, Up, SPACE],
        &["na-2-1", "nl-5m"],
    );
    walk_agrees(
        &[BackTab, Down, SPACE, Up, SPACE],
        &[Down, SPACE, Down],
        &["nl-5m"],
    );
}

#[test]
fn space_on_the_row_the_form_ticked_keeps_it_ticked() {
    // Space on nl-5m, the form's guess, ticks it by hand: the next Down keeps it ticked
    // (it used to untick it while the box still showed [x]).
    use KeyCode::{BackTab, Down};
    walk_agrees(&[], &[BackTab, SPACE, Down], &["nl-5m"]);
}

#[test]
fn space_after_an_enter_pick_leaves_the_pick_out() {
    // Enter picks br-28; back in the list, Space on nl-5m fights nl-5m alone (it used to
    // add br-28 again).
    use KeyCode::{BackTab, Char, Down, Enter, Up};
    let pick_br_28 = [BackTab, Char('2'), Char('8'), Enter];
    assert_eq!(
        fr_6la_combat_after(&pick_br_28).form_line(),
        "combat fr-6la vs br-28"
    );
    // Back in the list the highlight is on br-28; nl-5m is four rows up.
    walk_agrees(
        &pick_br_28,
        &[BackTab, Up, Up, Up, Up, SPACE, Down],
        &["nl-5m"],
    );
}

#[test]
fn every_facts_footer_names_shift_tab_where_it_opens_a_list_and_fits_50_columns() {
    // The referee's report: the shoot form's facts said nothing of Shift-Tab, which goes
    // back to its target list. Each kind's facts, at a phone's 50 columns.
    let mut shoot = shooting();
    shoot.press("F").enter();
    let mut test = shooting();
    test.press("F").enter().press("564").enter();
    let mut rally = open(&["shaken fr-2lg"]);
    rally.press("a");
    let mut combat = combat_after(&["move fr-6la charge=nl-5m"]);
    combat.opened.app.select_unit("fr-6la");
    combat.press("b");
    let mut move_form = open(&["next"]);
    move_form.press("m");
    // Boxed: five whole screens are too much for the stack.
    for (kind, mut s) in [
        ("shoot", Box::new(shoot)),
        ("test", Box::new(test)),
        ("rally", Box::new(rally)),
        ("combat", Box::new(combat)),
        ("move", Box::new(move_form)),
    ] {
        assert_eq!(
            s.opened.app.form.as_ref().unwrap().stage,
            Stage::Facts,
            "{kind}"
        );
        let screen = s.screen(50, 20);
        let footer = screen
            .lines()
            .find(|l| l.contains(" · : edit"))
            .unwrap_or_else(|| panic!("{kind}: no footer on\n{screen}"));
        assert!(footer.contains(" · Esc "), "{kind}: cut short:\n{screen}");
        s.key(KeyCode::BackTab);
        let opens_a_list = s.opened.app.form.as_ref().unwrap().stage == Stage::Pick;
        assert_eq!(
            footer.contains("⇧Tab"),
            opens_a_list,
            "{kind}: Shift-Tab opens a list: {opens_a_list}\n{screen}"
        );
        insta::assert_snapshot!(format!("{kind}_facts_as_opened_50x20"), screen);
    }
}

/// A referee's report (issue 36): `F` on cavalry, or outside the shooting phase, opened
/// the whole target list and refused only at the end; `a` on a steady unit opened a rally
/// form only to refuse it. A form the command would refuse whatever is picked does not
/// open: its refusal is said at once.
#[test]
fn a_form_its_command_refuses_whatever_is_picked_does_not_open() {
    let said = |s: &Screen| {
        s.opened
            .app
            .message
            .as_ref()
            .map(|m| m.text.clone())
            .unwrap_or_default()
    };
    // *Shooting*: cavalry may not shoot (Quatre-Bras, the French shooting phase).
    let mut s = shooting();
    s.opened.app.select_unit("fr-6la");
    s.press("F");
    assert!(s.opened.app.form.is_none());
    assert!(said(&s).contains("cavalry may not shoot"), "{}", said(&s));
    // The turn sequence: no shooting in the movement phase.
    let mut s = open(&["next"]);
    s.press("F");
    assert!(s.opened.app.form.is_none());
    assert!(
        said(&s).contains("belongs to the shooting phase"),
        "{}",
        said(&s)
    );
    // *Rallying*: a steady unit has nothing to rally from... in the rally phase, too.
    let mut s = open(&[]);
    s.press("a");
    assert!(s.opened.app.form.is_none());
    assert!(!said(&s).is_empty());
    // A shot some target would take still opens on the list.
    let mut s = shooting();
    s.press("F");
    assert!(s.opened.app.form.is_some(), "{}", said(&s));
}

/// A referee's report (issue 36): on a phone the combat form's preview was cut after the
/// attacker's modifiers, and `PgDn` did nothing. Its last row says there is more, `PgDn`
/// shows the rest (the defender's dice and points), `PgUp` goes back.
#[test]
fn a_form_too_long_for_a_phone_scrolls_to_the_defenders_points() {
    let mut s = combat_after(&["move fr-6la charge=nl-5m"]);
    s.opened.app.select_unit("fr-6la");
    s.press("b");
    let top = s.screen(50, 20);
    assert!(top.contains("more: PgDn"), "{top}");
    assert!(!top.contains("nl-5m vs fr-6la"), "cut at first:\n{top}");
    s.key(KeyCode::PageDown);
    let below = s.screen(50, 20);
    assert!(below.contains("nl-5m: 3 dice at fr-6la"), "{below}");
    assert!(!below.contains("more: PgDn"), "{below}");
    s.key(KeyCode::PageDown)
        .key(KeyCode::PageDown)
        .key(KeyCode::PageUp);
    assert_ne!(
        s.screen(50, 20),
        below,
        "PgUp moves at once after PgDn past the end"
    );
    s.key(KeyCode::PageUp).key(KeyCode::PageUp);
    assert_eq!(s.screen(50, 20), top);
}

/// Issue 36: a form's target list is filtered as the jump window finds units, capitals
/// and accents ignored: in the allied shooting phase of turn 1, `leger` in br-42's shot
/// finds the French "1/2e Léger" (fr-2lg), and `LÉGER` does too.
#[test]
fn a_forms_filter_ignores_accents_as_the_jump_does() {
    let commands = ["next"; 7];
    let mut s = open(&commands);
    assert_eq!(s.opened.app.game().state().active(), "allies");
    s.opened.app.select_unit("br-42");
    s.press("F");
    assert_eq!(s.opened.app.overlay, Overlay::Form);
    for typed in ["leger", "LÉGER"] {
        ctrl(&mut s, 'u');
        s.press(typed);
        let picker = s.opened.app.form.as_ref().unwrap().picker.as_ref().unwrap();
        let shown: Vec<&str> = picker.shown().iter().map(|(id, _)| id.as_str()).collect();
        assert!(shown.contains(&"fr-2lg"), "{typed}: {shown:?}");
    }
}

/// A review of the refusal pre-check (issue 36): a square may not move (*Formations*), but
/// `move … form=line` is how it leaves square, so the move form must still open on it;
/// only a shot or a rally that every choice would fail is refused before it opens.
#[test]
fn a_square_still_opens_its_move_form_to_leave_square() {
    let mut s = open(&["next", "form fr-2lg square"]);
    s.opened.app.select_unit("fr-2lg");
    s.press("m");
    assert!(
        s.opened.app.form.is_some(),
        "{:?}",
        s.opened.app.message.as_ref().map(|m| m.text.clone())
    );
}
