//! A client's screen under `adjutant serve`, without the network: bytes in as an SSH
//! client sends them, bytes out as it receives them. What it costs a phone on hotel Wi-Fi
//! (no more than `watch` costs for the same frame), what a hostile client can do to it
//! (a window of 65535x65535, every byte there is), and that it has no way to change the
//! battle.

mod common;

use adjutant::game::{Game, Looker};
use adjutant::scenario;
use adjutant::serve::client::Screen;
use adjutant::tui::app::App;
use adjutant::tui::terminal::{self, FrameWriter};
use adjutant::tui::theme::Theme;
use adjutant::tui::view;
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use std::path::Path;

fn quatre_bras() -> Game {
    let (parsed, spec) =
        scenario::parse("quatre-bras", scenario::built_in("quatre-bras").unwrap()).unwrap();
    Game::new(parsed, spec, 1)
}

fn screen(role: &Looker, game: Game, size: (u16, u16)) -> Screen {
    let theme = Theme::built_in().unwrap();
    Screen::new(Path::new("game.toml"), theme, role.clone(), game, size).unwrap()
}

/// The same game on `adjutant watch`'s screen in memory: what a client over `serve` must
/// not cost more than.
struct Watcher {
    app: App,
    terminal: Terminal<CrosstermBackend<FrameWriter<Vec<u8>>>>,
}

impl Watcher {
    fn new(looker: Looker, game: Game, (width, height): (u16, u16)) -> Watcher {
        let theme = Theme::built_in().unwrap();
        let mut app = App::new(game, "game.toml".into(), None, theme);
        app.watch(looker);
        let terminal = Terminal::with_options(
            CrosstermBackend::new(FrameWriter::new(Vec::new())),
            TerminalOptions {
                viewport: Viewport::Fixed(Rect::new(0, 0, width, height)),
            },
        )
        .unwrap();
        let mut watcher = Watcher { app, terminal };
        watcher.frame();
        watcher
    }

    /// The bytes of the frame drawn now.
    fn frame(&mut self) -> usize {
        let app = &self.app;
        terminal::draw_frame(&mut self.terminal, |frame| view::draw(frame, app)).unwrap();
        let writer = self.terminal.backend_mut().writer_mut().get_mut();
        std::mem::take(writer).len()
    }
}

#[test]
fn a_cursor_move_costs_a_client_no_more_than_watch() {
    let mut watcher = Watcher::new(Looker::Side("france".into()), quatre_bras(), (80, 24));
    let mut client = screen(&Looker::Side("france".into()), quatre_bras(), (80, 24));
    let opening = client.opening().unwrap();
    assert!(
        opening.len() > 1000,
        "the first frame draws the whole screen"
    );
    assert!(client.bytes(b"j"));
    let moved = client.frame().unwrap().len();
    watcher.app.move_selection(1);
    assert!(
        moved > 0 && moved <= watcher.frame(),
        "a cursor move sent {moved} bytes"
    );
}

/// Issue 37, item 8: a cursor move costs a client no more than 101 bytes, on every row of
/// the French roster at 80x24 that shows without scrolling, the names cut with `…` (three
/// bytes for one column) and the two-digit rows included.
#[test]
fn a_cursor_move_is_at_most_101_bytes() {
    let mut client = screen(&Looker::Side("france".into()), quatre_bras(), (80, 24));
    client.opening().unwrap();
    // The roster shows eleven units: a move past them scrolls it, which is another cost.
    for row in 1..=10 {
        assert!(client.bytes(b"j"));
        let moved = client.frame().unwrap().len();
        assert!(moved <= 101, "the move to row {row} sent {moved} bytes");
    }
}

#[test]
fn a_changed_figure_costs_a_client_no_more_than_watch() {
    let mut game = quatre_bras();
    let mut watcher = Watcher::new(Looker::Side("france".into()), game.clone(), (80, 24));
    let mut client = screen(&Looker::Side("france".into()), game.clone(), (80, 24));
    client.opening().unwrap();
    for hit in ["hit fr-2lg 2", "hit fr-61 1"] {
        game.perform(hit).unwrap();
        client.app.reload(game.clone());
        watcher.app.reload(game.clone());
        let changed = client.frame().unwrap().len();
        assert!(
            changed > 0 && changed <= watcher.frame(),
            "{hit} sent {changed} bytes"
        );
    }
}

#[test]
fn a_window_of_65535_by_65535_is_drawn_at_most_300_by_100() {
    let mut client = screen(&Looker::Guest, quatre_bras(), (65535, 65535));
    let opening = client.opening().unwrap();
    // Every cell of the drawn area at most a few bytes, and nothing beyond it.
    assert!(opening.len() < 300 * 100 * 8, "{} bytes", opening.len());
    assert_eq!(client.app.screen_area.width, 300);
    assert_eq!(client.app.screen_area.height, 100);
    client.resize((0, 0)).unwrap();
    client.frame().unwrap();
    client.resize((50, 20)).unwrap();
    let redrawn = String::from_utf8_lossy(&client.frame().unwrap()).into_owned();
    assert!(redrawn.contains("fr-2lg"), "{redrawn}");
}

#[test]
fn no_byte_a_client_sends_changes_the_battle() {
    let game = quatre_bras();
    for role in [
        Looker::Side("france".into()),
        Looker::Guest,
        Looker::Referee,
    ] {
        let mut client = screen(&role, game.clone(), (80, 24));
        client.opening().unwrap();
        let every_byte: Vec<u8> = (0..=255).collect();
        for bytes in [
            &every_byte[..],
            b":hit fr-2lg 2\r",
            b"h2\rnu\x15x\ryr",
            b"\x1b[200~hit fr-2lg 2\r\x1b[201~\r",
        ] {
            client.bytes(bytes);
            client.pause();
            client.frame().unwrap();
            // Out of any window a key opened, for the next bytes to start from the roster.
            client.bytes(b"\x1b");
            client.pause();
        }
        assert!(
            client.app.game().log().is_empty(),
            "{role:?} changed the game"
        );
    }
}

#[test]
fn a_client_that_followed_every_change_reads_the_log_a_new_client_reads() {
    let mut game = quatre_bras();
    let mut following = screen(&Looker::Side("france".into()), game.clone(), (80, 24));
    for line in [
        "hit br-28 2",
        "note br-28 low on powder",
        "rout fr-61 1",
        "undo",
        "shaken br-28",
        "next",
        "undo",
        "undo",
        "disorder fr-61 on",
    ] {
        game.perform(line).unwrap();
        following.app.reload(game.clone());
    }
    let fresh = screen(&Looker::Side("france".into()), game, (80, 24));
    let lines = |client: &Screen| {
        client
            .app
            .log_lines()
            .map(|l| format!("{l:?}"))
            .collect::<Vec<_>>()
    };
    assert_eq!(lines(&following), lines(&fresh));
    assert!(
        lines(&fresh)
            .iter()
            .any(|l| l.contains("disorder fr-61 on"))
    );
}

#[test]
fn a_player_reads_what_the_enemys_hidden_command_did_and_nothing_of_a_note() {
    let mut game = quatre_bras();
    let mut allies = screen(&Looker::Side("allies".into()), game.clone(), (80, 24));
    let updated = |client: &Screen| client.app.watching().unwrap().updated.clone();
    game.perform("rout fr-61 2").unwrap();
    allies.app.reload(game.clone());
    assert_eq!(
        updated(&allies),
        "updated T1 rally: fr-61 (1/61e Ligne) takes 2 hits: 10 figures left"
    );
    game.perform("note fr-61 wavering").unwrap();
    allies.app.reload(game.clone());
    assert_eq!(updated(&allies), "updated T1 rally");
}

/// The referee's desk and a co-referee's screen on the same game, without the network:
/// what the co-referee types goes to the desk as `serve` passes it, and the answer comes
/// back with the desk's game.
struct TwoReferees {
    desk: common::screen::Opened,
    co: App,
    /// The desk's revision of the game the co-referee's screen shows.
    seen: u64,
}

const BY: &str = "referee@192.168.1.23";

impl TwoReferees {
    fn after(commands: &[&str]) -> TwoReferees {
        let desk = common::screen::quatre_bras(commands);
        let theme = Theme::built_in().unwrap();
        let co = App::co_referee(desk.app.game().clone(), &desk.path, theme);
        let seen = desk.app.revision();
        TwoReferees { desk, co, seen }
    }

    fn co_presses(&mut self, keys: &str) {
        for c in keys.chars() {
            let code = match c {
                '\n' => crossterm::event::KeyCode::Enter,
                c => crossterm::event::KeyCode::Char(c),
            };
            adjutant::tui::keys::handle(&mut self.co, common::screen::key_event(code));
        }
    }

    /// The desk carries out what the co-referee sent, and answers each line, as `serve`
    /// does: the game first, then the answer.
    fn desk_answers(&mut self) {
        for line in self.co.lines_for_desk() {
            let answer = self.desk.app.carry_out_from(&line, BY, self.seen);
            self.co_sees_the_desk();
            self.co.answered(answer);
        }
    }

    /// The desk's newest game reaches the co-referee's screen.
    fn co_sees_the_desk(&mut self) {
        if self.desk.app.revision() != self.seen {
            self.seen = self.desk.app.revision();
            self.co.reload(self.desk.app.game().clone());
        }
    }
}

#[test]
fn a_co_referees_shot_is_carried_out_by_the_desk_which_keeps_its_own_place() {
    let mut two = TwoReferees::after(&["next", "next"]);
    two.desk.app.select_unit("br-95r");
    // F, Enter on the first enemy, three faces, Enter: the shoot form's keys.
    two.co_presses("F\n564\n");
    // Nothing is carried out on the co-referee's screen itself: it waits for the desk.
    assert_eq!(two.co.game().log().len(), 2);
    assert!(
        two.co
            .message
            .as_ref()
            .unwrap()
            .text
            .starts_with("sent: shoot")
    );
    two.desk_answers();
    let desk = two.desk.app.game();
    assert_eq!(desk.log().len(), 3);
    let entry = &desk.log()[2];
    assert_eq!(entry.command, "shoot fr-2lg nl-27j close dice=5,6,4");
    assert_eq!(entry.by.as_deref(), Some(BY));
    let saved = adjutant::persist::load(&two.desk.path).unwrap().game;
    assert_eq!(saved.log()[2].by.as_deref(), Some(BY));
    // A save with a co-referee's command, timed as every command on a screen is, is of
    // the format that knows `by` and `at`.
    let text = std::fs::read_to_string(&two.desk.path).unwrap();
    assert!(text.contains("format = 3"), "{text}");
    // The desk says who shot, and its referee's selection stays where it was.
    let said = &two.desk.app.message.as_ref().unwrap().text;
    assert!(said.starts_with("referee@192.168.1.23: "), "{said}");
    assert_eq!(two.desk.app.selected_unit().unwrap().id, "br-95r");
    // The co-referee's screen shows the shot as its own, and offers the test it caused,
    // as the shoot form does on the desk.
    assert_eq!(two.co.game().log().len(), 3);
    let form = two.co.form.as_ref().expect("the target's test is offered");
    assert_eq!(form.unit, "nl-27j");
    two.co_presses("4\n");
    two.desk_answers();
    assert_eq!(
        two.desk.app.game().log()[3].command,
        "test nl-27j roll=4",
        "the test went to the desk"
    );
}

#[test]
fn undo_on_a_co_referees_screen_takes_back_the_desks_last_command_and_a_slip_changes_nothing() {
    let mut two = TwoReferees::after(&[]);
    let text = std::fs::read_to_string(&two.desk.path).unwrap();
    assert!(
        text.contains("format = 1"),
        "a save only its referee typed in: {text}"
    );
    assert!(two.desk.app.carry_out("hit fr-61 2"));
    two.co_sees_the_desk();
    two.co_presses(":undo\n");
    two.desk_answers();
    assert!(two.desk.app.game().log().is_empty());
    assert!(two.co.game().log().is_empty());
    let said = &two.co.message.as_ref().unwrap().text;
    assert!(said.starts_with("undone: hit fr-61 2"), "{said}");
    let on_disk = std::fs::read(&two.desk.path).unwrap();
    two.co_presses(":hit nobody 1\n");
    two.desk_answers();
    let said = &two.co.message.as_ref().unwrap().text;
    assert!(said.starts_with("refused: "), "{said}");
    assert_eq!(on_disk, std::fs::read(&two.desk.path).unwrap());
}

#[test]
fn end_the_phase_anyway_asked_before_the_other_referee_ended_it_is_withdrawn() {
    use adjutant::tui::app::Overlay;
    use crossterm::event::KeyCode;
    // nl-27j owes its test, so `n` asks first. While one referee reads the question, the
    // other ends the phase: a yes would end the next one too.
    let shot = ["next", "next", "shoot fr-2lg nl-27j close dice=5,6,4"];
    let mut two = TwoReferees::after(&shot);
    adjutant::tui::keys::handle(
        &mut two.desk.app,
        common::screen::key_event(KeyCode::Char('n')),
    );
    assert_eq!(two.desk.app.overlay, Overlay::ConfirmNext);
    two.co_presses(":next\ny");
    two.desk_answers();
    assert_eq!(two.desk.app.game().log().len(), 4, "one `next` given");
    assert_eq!(two.desk.app.overlay, Overlay::None);
    let said = &two.desk.app.message.as_ref().unwrap().text;
    assert!(said.contains("`next` not given"), "{said}");

    // The other way round: the co-referee asked, the desk's referee ended the phase.
    let mut two = TwoReferees::after(&shot);
    two.co_presses("n");
    assert_eq!(two.co.overlay, Overlay::ConfirmNext);
    assert!(two.desk.app.carry_out("next"));
    two.co_sees_the_desk();
    assert_eq!(two.co.overlay, Overlay::None);
    let said = &two.co.message.as_ref().unwrap().text;
    assert!(said.contains("`next` not given"), "{said}");
}

#[test]
fn undo_or_next_typed_on_a_game_the_other_referee_has_since_changed_is_refused() {
    // The co-referee presses `u` for its own slip; the desk's shot lands first. Carried
    // out, the undo would take back the shot, whose dice were thrown at the table.
    let mut two = TwoReferees::after(&["next", "next"]);
    two.co_presses("u");
    assert!(
        two.desk
            .app
            .carry_out("shoot fr-2lg nl-27j close dice=5,6,4")
    );
    two.desk_answers();
    let said = &two.co.message.as_ref().unwrap().text;
    assert!(
        said.starts_with("refused: the game changed before `undo`"),
        "{said}"
    );
    assert_eq!(two.desk.app.game().log().len(), 3, "the shot stands");
    // Both press `n` at once, nothing left open: one phase ends, not two.
    assert!(two.desk.app.carry_out("test nl-27j roll=4"));
    two.co_sees_the_desk();
    let shooting = two.desk.app.game().state().phase();
    two.co_presses("n");
    assert!(two.desk.app.carry_out("next"));
    let combat = two.desk.app.game().state().phase();
    assert_ne!(combat, shooting);
    two.desk_answers();
    assert_eq!(two.desk.app.game().state().phase(), combat);
    let said = &two.co.message.as_ref().unwrap().text;
    assert!(
        said.starts_with("refused: the game changed before `next`"),
        "{said}"
    );
    // Typed on the game as it now stands, it is carried out.
    two.co_presses("u");
    two.desk_answers();
    assert_eq!(two.desk.app.game().state().phase(), shooting);
}
