//! The screen's own state: which pane has focus, what is selected, which overlay is open.
//! The battle lives only in the [`Game`]; every key becomes a line of the command
//! language, carried out and saved exactly as `adjutant do` would (`desk.rs`). The unit the
//! keys act on is `selection.rs`'s, the guided forms `forms.rs`'s, and a save written
//! elsewhere is taken in by `reload.rs`.

use super::beside::Beside;
use super::form::Form;
use super::jump::Jump;
use super::keymap::Keymap;
// The panes are the app's as much as the layout's: its focus names one.
pub use super::layout::Pane;
use super::layout::{self, Placed, Shape};

mod desk;
mod forms;
mod reload;
mod selection;
use super::theme::Theme;
use crate::core::moment::Moment;
use crate::game::{Checklist, ClockWords, Event, Game, Looker, SeenLog, SideStrength, Viewer};
use crate::persist::{self, SaveLock};
use crate::rules::phase::Phase;
use ratatui::layout::Rect;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overlay {
    None,
    Help,
    /// The selected unit's details; follows the selection.
    Detail,
    /// `n` with open checklist items: end the phase anyway?
    ConfirmNext,
    /// `remove`: take this unit out of play?
    ConfirmRemove,
    /// The `:` line.
    Command,
    /// A guided form for a command that rolls.
    Form,
    /// `/`: every chart, filtered as the referee types, under what the unit needs.
    Reference,
    /// `S`: each army's figures turn by turn.
    Strength,
    /// `w`: the last message whole, for when the status line cuts it short.
    Message,
    /// `'`: a unit found by a few letters of its id or name.
    Jump,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Info,
    Refused,
    /// The command was not saved, or the file has a problem.
    Alarm,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub tone: Tone,
    /// The form as it stood when this was said of it: once the form changes (or closes)
    /// the message no longer describes it and goes.
    pub of_form: Option<Form>,
}

/// The status line's answer to a key that would change the battle on a watcher's screen.
pub const READ_ONLY: &str = "read-only: watching";

/// What a watcher's screen (`adjutant watch`) knows beyond the referee's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Watching {
    /// What the last reload brought, for the status line: "T3 movement: hit fr-61 2".
    pub updated: String,
    /// Why the file on disk is not the game shown (gone, or a bad hand edit), until a
    /// good file comes back. Kept apart from the message so that Esc cannot hide it.
    pub alarm: Option<String>,
}

/// What the screen is to the save: the referee's desk, the one way to change the battle,
/// or a watcher's seat, which has no way to it. A screen made a watcher's gives its desk
/// up for good (there is no way back), so a key that slipped past the keys' own refusal
/// still finds nothing to write with.
enum Seat {
    Desk {
        /// The save: only a desk knows where it is on disk.
        path: PathBuf,
        /// Held while the screen is open, so no other writer touches the save; `None`
        /// only in tests that never write.
        _lock: Option<SaveLock>,
        /// The last save's text in pieces, so a key on a long game saves in a millisecond.
        save_text: persist::SaveText,
    },
    /// A co-referee's over SSH: every key, and the lines go to the desk to carry out.
    Beside(Beside),
    Watching(Watching),
}

/// Where the dice pane is scrolled: rows down from its first line, or up from its last,
/// so that Up right after End moves at once however the text wraps. Keys stop it at the
/// other end at the screen's size, so that one key back from past an end moves at once;
/// drawing stops it again should the screen have grown since.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiceScroll {
    FromTop(usize),
    FromEnd(usize),
}

impl DiceScroll {
    /// `delta` rows down (up if negative), no further than `last_start`, the first row of
    /// the last screenful; `isize::MIN`/`MAX` go to the ends.
    #[must_use]
    pub fn by(self, delta: isize, last_start: usize) -> DiceScroll {
        match (delta, self.within(last_start)) {
            (isize::MIN, _) => DiceScroll::FromTop(0),
            (isize::MAX, _) => DiceScroll::FromEnd(0),
            (_, DiceScroll::FromTop(rows)) => {
                DiceScroll::FromTop(rows.saturating_add_signed(delta))
            }
            (_, DiceScroll::FromEnd(rows)) => {
                DiceScroll::FromEnd(rows.saturating_add_signed(delta.saturating_neg()))
            }
        }
        .within(last_start)
    }

    fn within(self, last_start: usize) -> DiceScroll {
        match self {
            DiceScroll::FromTop(rows) => DiceScroll::FromTop(rows.min(last_start)),
            DiceScroll::FromEnd(rows) => DiceScroll::FromEnd(rows.min(last_start)),
        }
    }

    /// The first row shown, when `last_start` is the first row of the last screenful.
    pub fn first_row(self, last_start: usize) -> usize {
        match self {
            DiceScroll::FromTop(rows) => rows.min(last_start),
            DiceScroll::FromEnd(rows) => last_start.saturating_sub(rows),
        }
    }
}

/// A line of the log pane: an entry (shown as its stamp and command), or one thing it did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LogLine<'a> {
    /// The entry's stamp ("T3 france movement") and its command's words, `None` where
    /// the viewer may not read them.
    Command {
        stamp: String,
        command: Option<&'a str>,
        /// Who typed it, where a co-referee did and the viewer is a referee.
        by: Option<&'a str>,
    },
    Said(&'a str),
}

/// "T3 france movement": when an entry was given, to go before its `command`. A command
/// named as its phase is ("combat" in the combat phase) says the phase itself, so the
/// stamp leaves it out rather than read "T1 france combat combat …".
pub fn stamp(turn: u32, active: &str, phase: Phase, command: Option<&str>) -> String {
    let word = command.and_then(|c| c.split_whitespace().next());
    if word == Some(phase.word()) {
        format!("T{turn} {active}")
    } else {
        format!("T{turn} {active} {phase}")
    }
}

pub struct App {
    game: Game,
    /// The save's path as the status line shows it: `~` for the home folder.
    pub save_label: String,
    /// The save's file name, and its whole path as help shows it: text to show, never a
    /// path to write to (that is the desk's).
    save_name: String,
    save_shown: String,
    seat: Seat,
    pub theme: Theme,
    /// The keys in force: the defaults until the screen lays the referee's file over them.
    pub keymap: Keymap,
    /// Where the referee's keymap lives, for help to say; `None` in tests.
    pub keymap_file: Option<PathBuf>,
    pub focus: Pane,
    /// Which of checklist, dice and log the two-pane layout shows under the roster.
    pub lower_pane: Pane,
    pub overlay: Overlay,
    pub message: Option<Message>,
    /// The last message said, kept after Esc or a new screen clears the status line, for
    /// `w` to show whole.
    pub last_message: Option<Message>,
    /// The window the message window was opened over, to go back to when it closes.
    pub message_over: Overlay,
    pub save_failed: bool,
    /// The terminal's size as the main loop read it before the key at hand, so that keys
    /// stop the dice and log panes at their ends; empty until then, when they do not stop.
    pub screen_area: Rect,
    selected_unit: Option<String>,
    pub roster_offset: usize,
    pub checklist_selected: usize,
    /// Lines up from the newest; 0 follows the battle.
    pub log_scroll: usize,
    pub dice_scroll: DiceScroll,
    pub help_scroll: usize,
    pub command_line: super::command_line::CommandLine,
    pub form: Option<Form>,
    pub reference: super::reference_view::ReferenceView,
    pub jump: Jump,
    /// The unit a `remove` waits on the referee's yes for.
    pub pending_remove: Option<String>,
    /// Lines down the unit detail window.
    pub detail_scroll: usize,
    checklist: Checklist,
    strengths: Vec<SideStrength>,
    strength_by_turn: Vec<(String, Vec<u32>)>,
    /// Who looks: a side's player (`watch --side`) or a guest sees what [`Viewer`] lets
    /// them see.
    looker: Looker,
    /// The log as that side reads it; empty for the referee, who reads the game's own.
    seen_log: Option<SeenLog>,
    /// How players reach this game over SSH (`serve`), for help to repeat; empty otherwise.
    pub table_door: Vec<String>,
    /// Who is at the table over SSH now, a line each (`serve`).
    pub table_seats: Vec<String>,
    /// Bumped each time the game shown changes, for whoever passes it on (`serve`).
    revision: u64,
    quit: bool,
    /// The time now, for the slot's clock: what a command is logged at and what the title
    /// reads the clock with. The system's, but for a test's screens.
    pub now: fn() -> Moment,
}

impl App {
    /// How long until the clock on the title shows another minute: none when it shows
    /// no running clock, so an idle screen waits for keys alone.
    pub fn clock_ticks_in(&self) -> Option<std::time::Duration> {
        let state = self.game.state();
        let now = (self.now)();
        ClockWords::of(state, now)?;
        let reading = state.clock_reading(now);
        if reading.paused || reading.started.is_none() {
            return None;
        }
        // A second past the turn of the minute, so the minute shown has turned.
        let seconds = 60 - reading.played.rem_euclid(60) + 1;
        Some(std::time::Duration::from_secs(seconds.unsigned_abs()))
    }
}

impl App {
    /// `lock` is `None` only in tests that never write.
    pub fn new(game: Game, save_path: PathBuf, lock: Option<SaveLock>, theme: Theme) -> App {
        let names = SaveNames::of(&save_path);
        let desk = Seat::Desk {
            path: save_path,
            _lock: lock,
            save_text: persist::SaveText::default(),
        };
        App::seated(game, names, desk, Looker::Referee, theme)
    }

    /// A watcher's screen from its first moment: it never had a desk, so there is nothing
    /// on it to change the battle with. It shows what `looker` may see ([`Viewer`]).
    pub fn watcher(game: Game, save_path: &Path, theme: Theme, looker: Looker) -> App {
        let seat = Seat::Watching(Watching {
            updated: format!("opened at {}", turn_and_phase(&game)),
            alarm: None,
        });
        App::seated(game, SaveNames::of(save_path), seat, looker, theme)
    }

    /// A co-referee's screen (`serve`): the referee's whole screen, whose lines are
    /// carried out by the desk that holds the save ([`App::lines_for_desk`],
    /// [`App::answered`]), not by this screen, which has no path to write to.
    pub fn co_referee(game: Game, save_path: &Path, theme: Theme) -> App {
        let seat = Seat::Beside(Beside::default());
        App::seated(game, SaveNames::of(save_path), seat, Looker::Referee, theme)
    }

    fn seated(game: Game, names: SaveNames, seat: Seat, looker: Looker, theme: Theme) -> App {
        let ruleset = game.state().ruleset();
        let mut app = App {
            game,
            save_label: names.label,
            save_name: names.name,
            save_shown: names.shown,
            seat,
            theme,
            keymap: Keymap::default(),
            keymap_file: None,
            focus: Pane::Roster,
            lower_pane: Pane::Checklist,
            overlay: Overlay::None,
            message: None,
            last_message: None,
            message_over: Overlay::None,
            save_failed: false,
            screen_area: ratatui::layout::Rect::default(),
            selected_unit: None,
            roster_offset: 0,
            checklist_selected: 0,
            log_scroll: 0,
            dice_scroll: DiceScroll::FromTop(0),
            help_scroll: 0,
            command_line: super::command_line::CommandLine::default(),
            form: None,
            reference: super::reference_view::ReferenceView::of(ruleset),
            jump: Jump::default(),
            pending_remove: None,
            detail_scroll: 0,
            checklist: Checklist::default(),
            strengths: Vec::new(),
            strength_by_turn: Vec::new(),
            looker,
            seen_log: None,
            table_door: Vec::new(),
            table_seats: Vec::new(),
            revision: 0,
            quit: false,
            now: persist::now,
        };
        app.refresh();
        app.select_first_looked_at();
        app
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Where the save is, on a desk; a watcher's screen has no path to write to.
    pub fn save_path(&self) -> Option<&Path> {
        match &self.seat {
            Seat::Desk { path, .. } => Some(path),
            Seat::Beside(_) | Seat::Watching(_) => None,
        }
    }

    /// The save's file name, to show.
    pub fn save_name(&self) -> &str {
        &self.save_name
    }

    /// The save's whole path, to show.
    pub fn save_shown(&self) -> &str {
        &self.save_shown
    }

    pub fn checklist(&self) -> &Checklist {
        &self.checklist
    }

    /// `side`'s strength now and its figures turn by turn, for the roster's gauges.
    pub fn strength_of(&self, side: &str) -> Option<(&SideStrength, &[u32])> {
        let now = self.strengths.iter().find(|s| s.side == side)?;
        let by_turn = self
            .strength_by_turn
            .iter()
            .find(|(id, _)| id == side)
            .map_or(&[][..], |(_, figures)| figures.as_slice());
        Some((now, by_turn))
    }

    /// The log pane's lines, oldest first: each entry, then what it did, as the viewer
    /// may read them.
    pub fn log_lines(&self) -> Box<dyn DoubleEndedIterator<Item = LogLine<'_>> + '_> {
        if self.looker != Looker::Referee {
            let entries = self.seen_log.as_ref().map_or(&[][..], |seen| &seen.entries);
            return Box::new(entries.iter().flat_map(|entry| {
                std::iter::once(LogLine::Command {
                    stamp: stamp(
                        entry.turn,
                        &entry.active,
                        entry.phase,
                        entry.command.as_deref(),
                    ),
                    command: entry.command.as_deref(),
                    by: None,
                })
                .chain(entry.said.iter().map(|s| LogLine::Said(s)))
            }));
        }
        Box::new(self.game.narrated_log().flat_map(|(entry, said)| {
            std::iter::once(LogLine::Command {
                stamp: stamp(entry.turn, &entry.active, entry.phase, Some(&entry.command)),
                command: Some(&entry.command),
                by: entry.by.as_deref(),
            })
            .chain(said.iter().map(|s| LogLine::Said(s)))
        }))
    }

    /// Makes this a watcher's screen for good: every key that would change the battle is
    /// refused, and nothing is ever written, as the desk (and with it the save's lock) is
    /// given up. The screen shows what `looker` may see ([`Viewer`]).
    pub fn watch(&mut self, looker: Looker) {
        self.seat = Seat::Watching(Watching {
            updated: format!("opened at {}", turn_and_phase(&self.game)),
            alarm: None,
        });
        self.looker = looker;
        self.refresh();
        self.select_first_looked_at();
    }

    /// Who looks at this screen: a side's player, a guest, or the referee.
    pub fn viewer(&self) -> Viewer<'_> {
        self.looker.viewer()
    }

    pub fn watching(&self) -> Option<&Watching> {
        match &self.seat {
            Seat::Watching(watching) => Some(watching),
            Seat::Desk { .. } | Seat::Beside(_) => None,
        }
    }

    fn watching_mut(&mut self) -> Option<&mut Watching> {
        match &mut self.seat {
            Seat::Watching(watching) => Some(watching),
            Seat::Desk { .. } | Seat::Beside(_) => None,
        }
    }

    /// Whether this is a co-referee's screen, whose lines the desk carries out.
    pub fn beside(&self) -> bool {
        matches!(self.seat, Seat::Beside(_))
    }

    pub fn read_only(&self) -> bool {
        self.watching().is_some()
    }

    /// Which version of the game is shown: it moves whenever the game does.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// One line, or two when a message would not fit in one beside "✓ saved"; three for a
    /// watcher's alarm, which names the file, the line and the problem, and must be read
    /// whole on a phone.
    fn status_height(&self, width: u16) -> u16 {
        let Some((text, tone)) = self.said() else {
            return 1;
        };
        let needed = (super::text::columns(&crate::core::passage::plain(text)) + 12)
            .div_ceil(usize::from(width).max(1));
        let most = if self.read_only() && tone == Tone::Alarm {
            3
        } else {
            2
        };
        u16::try_from(needed.clamp(1, most)).unwrap_or(1)
    }

    /// The screen's parts at the size of `area`, as drawing lays them out.
    pub fn placed(&self, area: Rect) -> Placed {
        layout::place(
            area,
            Shape {
                status_height: self.status_height(area.width),
                focus: self.focus,
                lower_pane: self.lower_pane,
            },
        )
    }

    /// What the status line has to say: the last message, else a watcher's alarm (which Esc
    /// cannot clear: only a good file can).
    pub(crate) fn said(&self) -> Option<(&str, Tone)> {
        match (
            &self.message,
            self.watching().and_then(|w| w.alarm.as_deref()),
        ) {
            (Some(message), _) => Some((&message.text, message.tone)),
            (None, Some(alarm)) => Some((alarm, Tone::Alarm)),
            (None, None) => None,
        }
    }

    pub fn should_quit(&self) -> bool {
        self.quit
    }

    pub fn quit(&mut self) {
        self.quit = true;
    }

    /// Where in the log the throw the dice pane shows is: the last entry that threw dice
    /// or moved a unit.
    pub fn throw_shown(&self) -> Option<usize> {
        self.game
            .log()
            .iter()
            .rposition(|entry| entry.events.iter().any(Event::is_thrown))
    }

    /// What tells one shown throw from another: its place and its command, as an undo
    /// and a new throw may put another at the same place.
    fn throw_shown_mark(&self) -> Option<(usize, String)> {
        self.throw_shown()
            .map(|at| (at, self.game.log()[at].command.clone()))
    }

    /// The last message whole, over whatever window is open (the details: `w` is one of
    /// their keys).
    pub fn open_message(&mut self) {
        self.message_over = self.overlay;
        self.overlay = Overlay::Message;
    }

    pub fn say(&mut self, text: impl Into<String>, tone: Tone) {
        // A message may quote a path or a player's words: shown safe, not obeyed.
        let text: String = text.into();
        let message = Message {
            text: crate::core::shown::shown(&text).into_owned(),
            tone,
            of_form: None,
        };
        self.last_message = Some(message.clone());
        self.message = Some(message);
    }

    /// Tab on the `:` line; returns the candidates when several remain.
    pub fn complete_command_line(&mut self) -> Vec<String> {
        self.command_line.complete(self.game.state())
    }

    /// Rebuilds what is derived from the game: the narrated log, the checklist and the
    /// strengths (kept here, as the figures by turn walk the whole log).
    fn refresh(&mut self) {
        self.seen_log = match self.viewer() {
            Viewer::Referee => None,
            player => Some(SeenLog::of(player, &self.game)),
        };
        self.refresh_all_but_the_log();
    }

    fn refresh_all_but_the_log(&mut self) {
        let state = self.game.state();
        self.checklist = self.viewer().checklist(state, Checklist::of(state));
        let viewer = self.looker.viewer();
        self.strengths = state
            .side_strengths()
            .into_iter()
            .map(|strength| viewer.strength(state, strength))
            .collect();
        self.strength_by_turn = self.game.strength_by_turn();
        let items = self.checklist.open.len() + self.checklist.watch.len();
        self.checklist_selected = self.checklist_selected.min(items.saturating_sub(1));
    }
}

/// How a screen shows its save: text only.
struct SaveNames {
    label: String,
    name: String,
    shown: String,
}

impl SaveNames {
    fn of(path: &Path) -> SaveNames {
        SaveNames {
            label: home_relative(path),
            name: path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            ),
            shown: path.display().to_string(),
        }
    }
}

fn home_relative(path: &Path) -> String {
    match std::env::var_os("HOME").map(PathBuf::from) {
        Some(home) if !home.as_os_str().is_empty() => match path.strip_prefix(&home) {
            Ok(rest) => format!("~/{}", rest.display()),
            Err(_) => path.display().to_string(),
        },
        _ => path.display().to_string(),
    }
}

fn turn_and_phase(game: &Game) -> String {
    let state = game.state();
    format!("T{} {}", state.turn(), state.phase())
}
