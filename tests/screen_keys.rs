//! The screen's keys, pressed on a real save: each key that changes the battle must
//! leave the same state on disk as the command line would, and the others must not
//! touch the save at all.

use adjutant::game::{Formation, Game, Morale};
mod common;

use adjutant::persist;
use adjutant::tui::app::{App, Overlay, Pane, Tone};
use adjutant::tui::keymap::{self, Keymap};
use adjutant::tui::keys;
use adjutant::tui::theme::Theme;
use common::screen::open_app;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::path::PathBuf;

struct Screen {
    _folder: tempfile::TempDir,
    path: PathBuf,
    app: App,
}

fn open(commands: &[&str]) -> Screen {
    let opened = open_app("tutorial", 1, commands, Theme::built_in().unwrap());
    Screen {
        _folder: opened.folder,
        path: opened.path,
        app: opened.app,
    }
}

impl Screen {
    fn press(&mut self, keys: &str) -> &mut Screen {
        for c in keys.chars() {
            self.key(KeyCode::Char(c));
        }
        self
    }

    fn key(&mut self, code: KeyCode) -> &mut Screen {
        keys::handle(&mut self.app, KeyEvent::new(code, KeyModifiers::NONE));
        self
    }

    fn ctrl(&mut self, c: char) -> &mut Screen {
        keys::handle(
            &mut self.app,
            KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL),
        );
        self
    }

    /// The game as the file on disk has it.
    fn saved(&self) -> Game {
        persist::load(&self.path).unwrap().game
    }

    fn message(&self) -> String {
        self.app
            .message
            .as_ref()
            .map_or(String::new(), |m| m.text.clone())
    }
}

#[test]
fn h_hits_the_selected_unit_and_saves_and_capital_h_takes_it_back() {
    let mut screen = open(&[]);
    assert_eq!(screen.app.selected_unit().unwrap().id, "fr-4l1");
    screen.press("hh");
    assert_eq!(screen.saved().state().unit("fr-4l1").unwrap().loss_hits, 2);
    screen.press("H");
    let saved = screen.saved();
    assert_eq!(saved.state().unit("fr-4l1").unwrap().loss_hits, 1);
    assert_eq!(saved.log().last().unwrap().command, "unhit fr-4l1 1");
}

#[test]
fn arrows_choose_the_unit_the_keys_act_on() {
    let mut screen = open(&[]);
    screen.key(KeyCode::Down).press("rj");
    assert_eq!(screen.saved().state().unit("fr-4l2").unwrap().rout_hits, 1);
    assert_eq!(screen.app.selected_unit().unwrap().id, "fr-art");
    screen.key(KeyCode::End);
    let last = screen.app.selected_unit().unwrap().id.clone();
    screen.key(KeyCode::Down);
    assert_eq!(
        screen.app.selected_unit().unwrap().id,
        last,
        "stops at the end"
    );
    screen.key(KeyCode::Home);
    assert_eq!(screen.app.selected_unit().unwrap().id, "fr-4l1");
}

#[test]
fn s_and_d_toggle_and_f_cycles_the_formations_the_arm_allows() {
    let mut screen = open(&[]);
    screen.press("sd");
    let unit = screen.saved().state().unit("fr-4l1").unwrap().clone();
    assert_eq!((unit.morale, unit.disordered), (Morale::Shaken, true));
    screen.press("sd");
    let unit = screen.saved().state().unit("fr-4l1").unwrap().clone();
    assert_eq!((unit.morale, unit.disordered), (Morale::Good, false));

    // fr-4l1 is line infantry in column: square, line, column again; never skirmish,
    // which is light infantry's alone (*Formations*).
    let mut seen = Vec::new();
    for _ in 0..3 {
        screen.press("f");
        seen.push(screen.app.game().state().unit("fr-4l1").unwrap().formation);
    }
    assert_eq!(
        seen,
        [Formation::Square, Formation::Line, Formation::Column]
    );
    // The battery only limbers and unlimbers.
    screen.press("jj");
    assert_eq!(screen.app.selected_unit().unwrap().id, "fr-art");
    let before = screen.app.selected_unit().unwrap().formation;
    screen.press("ff");
    assert_eq!(screen.app.selected_unit().unwrap().formation, before);
    assert_eq!(
        screen.saved().log().len(),
        9,
        "each key press is one command"
    );
}

#[test]
fn u_and_ctrl_r_undo_and_redo_on_disk() {
    let mut screen = open(&[]);
    screen.press("h").press("u");
    assert_eq!(screen.saved().state().unit("fr-4l1").unwrap().loss_hits, 0);
    screen.ctrl('r');
    assert_eq!(screen.saved().state().unit("fr-4l1").unwrap().loss_hits, 1);
}

#[test]
fn the_command_line_runs_any_command_with_completion_and_history() {
    let mut screen = open(&[]);
    screen.press(":hit br-9");
    screen.key(KeyCode::Tab);
    assert_eq!(screen.app.command_line.text(), "hit br-95r ");
    screen.press("3").key(KeyCode::Enter);
    assert_eq!(screen.app.overlay, Overlay::None);
    assert_eq!(screen.saved().state().unit("br-95r").unwrap().loss_hits, 3);
    // ↑ brings the last line back.
    screen.press(":").key(KeyCode::Up);
    assert_eq!(screen.app.command_line.text(), "hit br-95r 3");
    screen.key(KeyCode::Esc);
    assert_eq!(screen.app.overlay, Overlay::None);
    assert_eq!(screen.saved().log().len(), 1, "Esc runs nothing");
}

#[test]
fn a_refused_command_says_why_and_leaves_the_file_alone() {
    let mut screen = open(&[]);
    let before = std::fs::read(&screen.path).unwrap();
    screen.press(":hit fr-4l9 2").key(KeyCode::Enter);
    let message = screen.app.message.clone().unwrap();
    assert_eq!(message.tone, Tone::Refused);
    assert!(message.text.contains("did you mean"), "{}", message.text);
    screen.press("H");
    assert_eq!(
        screen.message(),
        "refused: fr-4l1 has no loss hits to take back"
    );
    assert_eq!(std::fs::read(&screen.path).unwrap(), before);
}

#[test]
fn n_asks_first_when_the_checklist_has_open_items() {
    let mut screen = open(&["shaken fr-4l1"]);
    assert_eq!(screen.app.checklist().open.len(), 1);
    screen.press("n");
    assert_eq!(screen.app.overlay, Overlay::ConfirmNext);
    screen.key(KeyCode::Esc);
    assert_eq!(screen.app.overlay, Overlay::None);
    assert_eq!(screen.saved().log().len(), 1, "Esc stays in the phase");
    screen.press("n").press("y");
    let saved = screen.saved();
    assert_eq!(saved.log().len(), 2);
    assert_eq!(saved.state().phase().word(), "movement");
}

#[test]
fn n_goes_straight_on_when_nothing_is_open() {
    let mut screen = open(&[]);
    assert!(screen.app.checklist().open.is_empty());
    screen.press("n");
    assert_eq!(screen.saved().state().phase().word(), "movement");
}

#[test]
fn unit_keys_do_nothing_while_the_roster_is_hidden() {
    let mut screen = open(&[]);
    screen.key(KeyCode::Tab);
    assert_eq!(screen.app.focus, Pane::Checklist);
    // A phone's screen shows only the focused pane.
    screen.app.screen_area = ratatui::layout::Rect::new(0, 0, 50, 20);
    screen.press("h");
    assert_eq!(screen.saved().log().len(), 0);
    assert!(screen.message().contains("roster is not on screen"));
}

#[test]
fn enter_on_a_checklist_item_goes_to_its_unit() {
    let mut screen = open(&["disorder fr-4l2"]);
    screen.press("2").key(KeyCode::Enter);
    assert_eq!(screen.app.focus, Pane::Roster);
    assert_eq!(screen.app.selected_unit().unwrap().id, "fr-4l2");
    screen.key(KeyCode::Enter);
    assert_eq!(screen.app.overlay, Overlay::Detail);
    // The details follow the selection, and unit keys still work there.
    screen.press("h");
    assert_eq!(screen.saved().state().unit("fr-4l2").unwrap().loss_hits, 1);
    screen.key(KeyCode::Esc);
    assert_eq!(screen.app.overlay, Overlay::None);
}

#[test]
fn q_quits_from_the_main_screen_and_from_help_but_types_on_the_command_line() {
    let mut screen = open(&[]);
    screen.press(":q");
    assert!(!screen.app.should_quit(), "q is text on the command line");
    screen.key(KeyCode::Esc).press("?");
    assert_eq!(screen.app.overlay, Overlay::Help);
    screen.press("q");
    assert!(screen.app.should_quit());
}

#[test]
fn control_chords_other_than_redo_do_not_act_as_plain_keys() {
    let mut screen = open(&[]);
    screen.ctrl('h').ctrl('s').ctrl('n');
    assert_eq!(screen.saved().log().len(), 0);
    screen.ctrl('c');
    assert!(screen.app.should_quit());
}

/// The README's key table is the default keymap's, row for row and nothing more.
#[test]
fn the_readme_lists_every_key() {
    use std::fmt::Write;
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let mut table = String::from("| keys | action | what it does |\n| --- | --- | --- |\n");
    for (keys, action, meaning) in keymap::rows(&Keymap::default()) {
        let keys: Vec<String> = keys.split(' ').map(|k| format!("`{k}`")).collect();
        let action = if action.is_empty() {
            "(fixed)".to_owned()
        } else {
            format!("`{action}`")
        };
        writeln!(table, "| {} | {action} | {meaning} |", keys.join(" ")).unwrap();
    }
    assert!(
        readme.contains(&format!("\n{table}\n")),
        "README's key table should be:\n{table}"
    );
}

/// A key moved in the referee's keymap does the action, and its old key no longer does.
#[test]
fn a_rebound_key_does_its_action() {
    let mut screen = open(&[]);
    let parsed = Keymap::parse("[keys]\nhit = \"x\"\nnext_phase = \"ctrl-n\"\n").unwrap();
    screen.app.keymap = parsed.keymap;
    screen.press("h");
    assert_eq!(screen.saved().log().len(), 0, "h is no longer hit");
    screen.press("x");
    let saved = screen.saved();
    assert_eq!(saved.state().unit("fr-4l1").unwrap().loss_hits, 1);
    assert_eq!(saved.log().last().unwrap().command, "hit fr-4l1 1");
    // Unchanged actions keep their keys.
    screen.press("j");
    assert_eq!(screen.app.selected_unit().unwrap().id, "fr-4l2");
    screen.press("n");
    assert_eq!(screen.saved().state().phase().word(), "rally");
    screen.ctrl('n');
    assert_eq!(screen.saved().state().phase().word(), "movement");
}

/// Help lists the keys in force, not the defaults; the details window's footer, the
/// tabs and the status line's hints follow the keymap too.
#[test]
fn the_screen_shows_the_keys_in_force() {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    let mut screen = open(&[]);
    let text = "[keys]\nhit = [\"x\", \"f5\"]\nhelp = \"f1\"\npane_dice = \"D\"\n";
    screen.app.keymap = Keymap::parse(text).unwrap().keymap;
    let shown = |app: &mut App, width, height| {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal
            .draw(|frame| adjutant::tui::view::draw(frame, app))
            .unwrap();
        terminal.backend().to_string()
    };
    let main = shown(&mut screen.app, 80, 24);
    assert!(main.contains(" f1 help"), "status hints:\n{main}");
    assert!(main.contains("D Dice"), "tabs:\n{main}");
    screen.key(KeyCode::F(1));
    assert_eq!(screen.app.overlay, Overlay::Help);
    let help = shown(&mut screen.app, 100, 80);
    let row = help
        .lines()
        .find(|line| line.contains("add a loss hit"))
        .unwrap();
    assert!(row.contains("x f5") && row.contains("hit"), "{row}");
    assert!(!row.contains(" h "), "{row}");
    // The roster's signs are explained under the keys, the army gauge's among them.
    let marks = help
        .lines()
        .find(|line| line.contains('⚑'))
        .expect("help explains the gauge");
    assert!(marks.contains("7 breaks the army"), "{marks}");
    screen.key(KeyCode::Esc).key(KeyCode::Enter);
    assert_eq!(screen.app.overlay, Overlay::Detail);
    let detail = shown(&mut screen.app, 100, 60);
    assert!(detail.contains("x H r R s d f c act here"), "{detail}");
}

/// The log follows the battle, and Home scrolls back to its first command however long
/// it is; End comes back.
#[test]
fn the_log_scrolls_from_the_newest_back_to_the_first_command() {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    let commands: Vec<String> = (0..40).map(|n| format!("note br-31 n{n}")).collect();
    let commands: Vec<&str> = commands.iter().map(String::as_str).collect();
    let mut screen = open(&commands);
    let shown = |screen: &mut Screen| {
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        terminal
            .draw(|frame| adjutant::tui::view::draw(frame, &screen.app))
            .unwrap();
        terminal.backend().to_string()
    };
    screen.press("4");
    let newest = shown(&mut screen);
    assert!(newest.contains("note br-31 n39") && !newest.contains("note br-31 n0 "));
    screen.key(KeyCode::Home);
    let oldest = shown(&mut screen);
    assert!(oldest.contains("note br-31 n0 ") && !oldest.contains("note br-31 n39"));
    screen.key(KeyCode::Down);
    assert!(shown(&mut screen).contains("note br-31 n1 "));
    screen.key(KeyCode::End);
    assert!(shown(&mut screen).contains("note br-31 n39"));
}

/// A paste never acts as keys: on the `:` line only its first line is taken, elsewhere
/// it is refused.
#[test]
fn a_pasted_block_is_one_line_of_text_never_keys() {
    let mut screen = open(&[]);
    keys::paste(&mut screen.app, "hit fr-4l1\nhfr\n");
    assert_eq!(screen.app.message.as_ref().unwrap().tone, Tone::Refused);
    screen.press(":");
    keys::paste(&mut screen.app, "hit fr-4l2 2\nhit fr-4l1\n");
    assert_eq!(screen.app.command_line.text(), "hit fr-4l2 2");
    screen.key(KeyCode::Enter);
    let saved = screen.saved();
    assert_eq!(saved.log().len(), 1);
    assert_eq!(saved.state().unit("fr-4l2").unwrap().loss_hits, 2);
    assert_eq!(saved.state().unit("fr-4l1").unwrap().loss_hits, 0);
}

/// A referee's report (issue 36): with the checklist focused on "fr-4l2 disordered", `d`
/// steadied the roster's selection instead (fr-4l1), and on a phone it was refused as if no
/// unit were in view. The checklist's highlighted unit is the unit the keys act on, and the
/// roster's selection follows it.
#[test]
fn unit_keys_on_the_checklist_act_on_its_highlighted_unit() {
    let mut screen = open(&["disorder fr-4l2"]);
    let selected_before = screen.app.selected_unit().unwrap().id.clone();
    assert_ne!(selected_before, "fr-4l2");
    screen.press("2");
    let item = screen
        .app
        .checklist()
        .open
        .iter()
        .chain(&screen.app.checklist().watch)
        .position(|item| item.subject == "fr-4l2")
        .expect("fr-4l2's disorder on the checklist");
    for _ in 0..item {
        screen.key(KeyCode::Down);
    }
    assert_eq!(screen.app.selected_unit().unwrap().id, "fr-4l2");
    // As a phone-sized frame leaves it: the roster hidden, the checklist in view.
    screen.app.screen_area = ratatui::layout::Rect::new(0, 0, 50, 20);
    screen.press("d");
    let saved = screen.saved();
    assert!(
        !saved.state().unit("fr-4l2").unwrap().disordered,
        "{}",
        screen.message()
    );
    assert!(!saved.state().unit(&selected_before).unwrap().disordered);
}

/// Ctrl-C quits always, as the help says, the `:` line too: a referee who pressed it there
/// and typed on, thinking the screen gone, had the keys act on the battle.
#[test]
fn ctrl_c_quits_from_the_command_line_too() {
    let mut screen = open(&[]);
    screen.press(":hi").ctrl('c');
    assert!(screen.app.should_quit());
    assert_eq!(
        screen.saved().log().len(),
        0,
        "nothing typed was carried out"
    );
}

/// A referee's report (issue 36): after a roll the lower pane shows the dice, and after
/// `n` it stayed there, so the new phase's items went unseen until `2`. A new phase brings
/// the checklist back, and the focus with it when it was down there.
#[test]
fn a_new_phase_shows_its_checklist() {
    let mut screen = open(&["next", "next"]);
    screen.press(":shoot fr-4l1 br-31 close dice=6");
    screen.key(KeyCode::Enter);
    assert_eq!(screen.app.lower_pane, Pane::Dice, "{}", screen.message());
    screen.press("3");
    // br-31 owes its test: `n` asks first.
    screen.press("n");
    assert_eq!(screen.app.overlay, Overlay::ConfirmNext);
    screen.press("y");
    assert_eq!(screen.saved().state().phase().to_string(), "combat");
    assert_eq!(screen.app.lower_pane, Pane::Checklist);
    assert_eq!(screen.app.focus, Pane::Checklist);
    // The unit keys act on the new phase's first item (br-31's test is still owed), which
    // the roster shows selected.
    let first = screen
        .app
        .checklist()
        .open
        .first()
        .map(|i| i.subject.clone());
    assert_eq!(first.as_deref(), Some("br-31"));
    assert_eq!(screen.app.selected_unit().unwrap().id, "br-31");
}
