//! The screen's own state: which pane has focus, what is selected, which overlay is open.
//! The battle lives only in the [`Game`]; every key becomes a line of the command
//! language, carried out and saved exactly as `adjutant do` would.

// Why this file is long: the screen's state and every key's handling; it splits when panes
// and windows become components that own their state and keys (docs/architecture.md, Next).

use super::beside::{Answer, Before, Beside};
use super::form::{Form, FormKey, FormKind};
use super::jump::{Jump, JumpKey};
use super::keymap::{Action, Keymap};
// The panes are the app's as much as the layout's: its focus names one.
pub use super::layout::Pane;
use super::layout::{self, Placed, Shape};
use super::roster_list::{self, roster_order};
use super::theme::Theme;
use crate::game::{Checklist, Command, Event, Game, Looker, SeenLog, SideStrength, Unit, Viewer};
use crate::persist::{self, ActError, SaveLock};
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
        };
        app.refresh();
        app.select_first_looked_at();
        app
    }

    /// As after `next`, the side whose turn it is gets the first key, not the first side
    /// listed; but a side's player looks at their own units first, whose turn it is or not.
    fn select_first_looked_at(&mut self) {
        let first = match &self.looker {
            Looker::Side(side) => side.clone(),
            Looker::Referee | Looker::Guest => self.game.state().active().to_owned(),
        };
        self.select_first_of(&first);
        self.keep_selection_shown();
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

    /// The game as the file now holds it, in place of the one shown: a watcher's reload.
    /// The selection follows its unit by id; a log scrolled back keeps its lines in view
    /// as new ones arrive below.
    pub fn reload(&mut self, game: Game) {
        if matches!(self.seat, Seat::Desk { .. }) {
            // The desk's game is the one it saves; another would leave its saved text
            // out of step with the file.
            return;
        }
        let before = self.before();
        let logged_before = self.game.log().len();
        let lines_before = self.log_lines().count();
        let same_game = is_same_game(&self.game, &game);
        let grown = grown_by(&self.game, &game);
        let seen_before = self.seen_log.as_ref().map_or(0, |seen| seen.entries.len());
        self.game = game;
        self.revision += 1;
        match (grown, self.seen_log.as_mut()) {
            (Some(from), Some(seen)) if seen.told() == from => {
                let viewer = self.looker.viewer();
                seen.grow(viewer, &self.game.log()[from..]);
                self.refresh_all_but_the_log();
            }
            _ => self.refresh(),
        }
        if self.log_scroll > 0 {
            let added = self.log_lines().count().saturating_sub(lines_before);
            self.log_scroll = self.log_scroll.saturating_add(added);
        }
        self.keep_selection_shown();
        let rolled = self.game.log().len() > logged_before
            && self.game.log().last().is_some_and(|entry| {
                Command::parse_for(&entry.command, self.game.state().ruleset())
                    .is_ok_and(|c| c.shows_results())
            });
        if rolled {
            // As on the referee's screen: the dice are what the table is waiting for.
            self.lower_pane = Pane::Dice;
        }
        if self.throw_shown_mark() != before.throw {
            self.dice_scroll = DiceScroll::FromTop(0);
        }
        let news = if same_game {
            // What a player was told of a command they may not read (`rout`): its effect.
            let told = self
                .seen_log
                .as_ref()
                .filter(|seen| seen.entries.len() > seen_before)
                .and_then(|seen| seen.entries.last())
                .filter(|entry| entry.command.is_none())
                .map(|entry| entry.said.join(" · "));
            news(logged_before, &self.game, self.viewer(), told)
        } else {
            format!("{}: a new game", turn_and_phase(&self.game))
        };
        if let Some(watching) = self.watching_mut() {
            watching.updated = format!("updated {news}");
            watching.alarm = None;
            // The change is what the status line is for: a refusal said before it goes.
            self.message = None;
        } else {
            // A co-referee: the desk has saved this game.
            self.save_failed = false;
            // The other referee's command, unless a form is being filled in, whose own
            // messages matter more.
            if self.form.is_none() {
                self.say(format!("updated {news}"), Tone::Info);
            }
            self.follow_change_from_elsewhere(&before);
        }
    }

    /// Raises the watcher's alarm: the file is not the game shown. A message over it
    /// goes, so the alarm is what the player sees.
    pub fn alarm(&mut self, why: String) {
        if let Some(watching) = self.watching_mut() {
            watching.alarm = Some(why);
            self.message = None;
        }
    }

    /// Selects the roster's first unit if the selected one is not in the roster.
    fn keep_selection_shown(&mut self) {
        let shown = self
            .selected_unit
            .as_deref()
            .is_some_and(|id| self.roster_units().iter().any(|u| u.id == id));
        if !shown {
            self.select_first_or_last(false);
        }
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
    pub fn said(&self) -> Option<(&str, Tone)> {
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

    /// The units in roster order: side by side in scenario order, those still fighting
    /// first, then the shattered, eliminated and departed. A side's player sees the other
    /// side's units too, as they stand on the table ([`Viewer::unit`]).
    pub fn roster_units(&self) -> Vec<&Unit> {
        roster_order(&self.game)
    }

    /// Whether the screen at the terminal's size shows the roster, so unit keys never act
    /// unseen. Before the size is known, the roster is taken as shown.
    pub fn roster_on_screen(&self) -> bool {
        self.screen_area.is_empty() || self.placed(self.screen_area).inner(Pane::Roster).is_some()
    }

    pub fn selected_unit(&self) -> Option<&Unit> {
        let id = self.selected_unit.as_deref()?;
        self.game.state().unit(id)
    }

    /// Selects `id` if the roster shows it.
    pub fn select_unit(&mut self, id: &str) {
        if self.roster_units().iter().any(|u| u.id == id) {
            self.selected_unit = Some(id.to_owned());
        }
    }

    /// Moves the roster selection by `delta` rows, stopping at the ends.
    pub fn move_selection(&mut self, delta: isize) {
        let units = self.roster_units();
        if units.is_empty() {
            return;
        }
        let at = self
            .selected_unit
            .as_deref()
            .and_then(|id| units.iter().position(|u| u.id == id))
            .unwrap_or(0);
        let last = units.len() - 1;
        let to = at.saturating_add_signed(delta).min(last);
        self.selected_unit = Some(units[to].id.clone());
    }

    /// Opens the jump window over the roster's units, the active side's first: among
    /// equal matches (`92` in fr-92 and br-92) the unit the referee acts on next wins.
    pub fn open_jump(&mut self) {
        let active = self.game.state().active();
        let mut units = roster_order(&self.game);
        // Stable: each side keeps its roster order.
        units.sort_by_key(|unit| unit.side != active);
        self.jump = Jump::open(units);
        self.overlay = Overlay::Jump;
    }

    /// A key while the jump window is open, a page key moving `page` rows; Enter selects
    /// the unit in the roster.
    pub fn jump_key(&mut self, key: crossterm::event::KeyEvent, page: usize) {
        match self.jump.key(key, page) {
            JumpKey::Stay => {}
            JumpKey::Close => self.overlay = Overlay::None,
            JumpKey::Select(id) => {
                self.overlay = Overlay::None;
                self.select_unit(&id);
                self.focus = Pane::Roster;
            }
        }
    }

    /// Selects the first unit of the side after (or before) the selected unit's, which
    /// brings that side's heading into view.
    pub fn select_next_side(&mut self, forward: bool) {
        let sides = self.game.state().sides();
        let at = self
            .selected_unit()
            .and_then(|unit| sides.iter().position(|s| s.id == unit.side))
            .unwrap_or(0);
        let n = sides.len();
        let step = if forward { 1 } else { n.saturating_sub(1) };
        let side = (1..=n)
            .map(|k| &sides[(at + k * step) % n].id)
            .find(|side| self.roster_units().iter().any(|u| &u.side == *side))
            .cloned();
        if let Some(side) = side {
            self.select_first_of(&side);
            self.focus = Pane::Roster;
        }
    }

    /// The unit of the checklist's highlighted item, if it names one.
    fn checklists_unit(&self) -> Option<String> {
        let checklist = self.checklist();
        let item = checklist
            .open
            .iter()
            .chain(&checklist.watch)
            .nth(self.checklist_selected)?;
        self.game
            .state()
            .unit(&item.subject)
            .map(|unit| unit.id.clone())
    }

    /// While the checklist has focus, its highlighted unit is the one the unit keys act
    /// on: the roster's selection follows it, so the two never name different units.
    pub fn select_checklists_unit(&mut self) {
        if let Some(id) = self.checklists_unit() {
            self.select_unit(&id);
        }
    }

    /// Whether the referee can see which unit a unit key would act on: the roster, the
    /// unit's details or the checklist's highlighted item shows it. If not, says so.
    fn selection_in_view(&mut self) -> bool {
        let on_the_checklist = self.focus == Pane::Checklist
            && self.checklists_unit().is_some_and(|id| {
                self.selected_unit()
                    .is_some_and(|selected| selected.id == id)
            });
        if self.roster_on_screen() || self.overlay == Overlay::Detail || on_the_checklist {
            return true;
        }
        let text = match self.keymap.keys(Action::PaneRoster).first() {
            Some(key) => format!("the roster is not on screen: {key} shows it"),
            None => "the roster is not on screen".to_owned(),
        };
        self.say(text, Tone::Refused);
        false
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

    /// Selects `side`'s first unit in the roster, its heading at the top of the pane so
    /// that as many of its units as fit show under it.
    fn select_first_of(&mut self, side: &str) {
        let units = self.roster_units();
        let Some(first) = units.iter().find(|u| u.side == side) else {
            return;
        };
        let first = first.id.clone();
        let Some(heading_row) = roster_list::heading_row(&self.game, side) else {
            return;
        };
        self.selected_unit = Some(first);
        self.roster_offset = heading_row;
    }

    pub fn select_first_or_last(&mut self, last: bool) {
        let units = self.roster_units();
        let unit = if last { units.last() } else { units.first() };
        self.selected_unit = unit.map(|u| u.id.clone());
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

    /// Marks a refusal as said of the form as it now stands. An alarm (not saved) is
    /// about the file, not the form, and stays.
    fn said_of_form(&mut self) {
        if let Some(message) = self.message.as_mut().filter(|m| m.tone == Tone::Refused) {
            message.of_form.clone_from(&self.form);
        }
    }

    /// Carries out one line of the command language and saves; the outcome, or why
    /// nothing happened, goes to the status line.
    pub fn act(&mut self, line: &str) {
        self.carry_out(line);
    }

    /// [`App::act`], telling whether the line was carried out and saved (on a
    /// co-referee's screen: sent to the desk, which answers later).
    pub fn carry_out(&mut self, line: &str) -> bool {
        // The keys already refuse; this is the one door every change goes through, and a
        // watcher has no desk to go through it with.
        let before = self.before();
        let answer = match &mut self.seat {
            Seat::Desk {
                path, save_text, ..
            } => Answer::from(save_at_desk(&mut self.game, path, save_text, line, None)),
            Seat::Beside(beside) => {
                if beside.send(line, before) {
                    self.say(format!("sent: {line}"), Tone::Info);
                    return true;
                }
                self.say(
                    "the referee's laptop has not answered the last commands yet; wait a moment",
                    Tone::Refused,
                );
                return false;
            }
            Seat::Watching(_) => {
                self.say(READ_ONLY, Tone::Refused);
                return false;
            }
        };
        if matches!(answer, Answer::Done(_)) {
            self.revision += 1;
        }
        self.show_answer(line, &before, answer)
    }

    /// On the desk: `line` typed on a co-referee's screen by `by`, carried out and saved
    /// in turn with this screen's own. This screen keeps its place and says what was
    /// done; the co-referee is told through the answer. `seen` is this screen's
    /// [`App::revision`] of the game the co-referee's screen showed: `undo`, `redo` and
    /// `next` act on whatever is last, so they are refused if the game has moved since.
    pub fn carry_out_from(&mut self, line: &str, by: &str, seen: u64) -> Answer {
        if seen != self.revision
            && matches!(
                Command::parse_for(line, self.game.state().ruleset()),
                Ok(Command::Undo | Command::Redo | Command::Next)
            )
        {
            return Answer::Refused(format!(
                "the game changed before `{line}` reached the referee's laptop (another \
                 command came first): look again, and type it again if it still stands"
            ));
        }
        let before = self.before();
        let Seat::Desk {
            path, save_text, ..
        } = &mut self.seat
        else {
            return Answer::Refused(READ_ONLY.to_owned());
        };
        let answer = Answer::from(save_at_desk(
            &mut self.game,
            path,
            save_text,
            line,
            Some(by),
        ));
        match &answer {
            Answer::Done(outcome) => {
                self.revision += 1;
                self.save_failed = false;
                self.refresh();
                self.keep_selection_shown();
                if self.form.is_none() {
                    self.say(format!("{by}: {}", summary(line, outcome)), Tone::Info);
                }
                self.follow_change_from_elsewhere(&before);
            }
            Answer::NotSaved(error) => {
                self.save_failed = true;
                self.say(format!("NOT SAVED, nothing changed: {error}"), Tone::Alarm);
            }
            // Another referee's slip is theirs to read, on their own screen.
            Answer::Refused(_) => {}
        }
        answer
    }

    /// On a co-referee's screen: the lines typed since last asked, for the desk.
    pub fn lines_for_desk(&mut self) -> Vec<String> {
        match &mut self.seat {
            Seat::Beside(beside) => beside.take_to_send(),
            Seat::Desk { .. } | Seat::Watching(_) => Vec::new(),
        }
    }

    /// On a co-referee's screen: the desk's answer to the oldest line sent, once the game
    /// it speaks of is shown ([`App::reload`]). Shown as the desk shows its own
    /// referee's commands.
    pub fn answered(&mut self, answer: Answer) {
        let Seat::Beside(beside) = &mut self.seat else {
            return;
        };
        let Some((line, before)) = beside.answered() else {
            return;
        };
        if self.show_answer(&line, &before, answer) && self.form.is_none() {
            self.offer_test(before.test_after.as_deref());
        }
    }

    /// Whether a co-referee's lines wait for the desk's answer.
    pub fn awaits_desk(&self) -> bool {
        matches!(&self.seat, Seat::Beside(beside) if beside.waits())
    }

    /// After the other referee's command: an open form works out again what it asks, the
    /// checklist's highlight and the selection name one unit, and a question the change
    /// made stale goes.
    fn follow_change_from_elsewhere(&mut self, before: &Before) {
        if let Some(form) = self.form.as_mut() {
            form.reassess(self.game.state());
        }
        if self.focus == Pane::Checklist {
            self.select_checklists_unit();
        }
        self.drop_stale_question(before);
    }

    /// "End the phase anyway?" asked before the other referee ended it: a yes now would
    /// end the next phase too, so the question goes.
    fn drop_stale_question(&mut self, before: &Before) {
        let now = (self.game.state().turn(), self.game.state().phase());
        if self.overlay == Overlay::ConfirmNext && now != before.turn_and_phase {
            self.overlay = Overlay::None;
            self.say(
                format!(
                    "the other referee's command moved the game to turn {}, {} phase; \
                     `next` not given",
                    now.0, now.1
                ),
                Tone::Refused,
            );
        }
    }

    /// Where the game stands now, for a command's outcome to be shown against.
    fn before(&self) -> Before {
        Before {
            active: self.game.state().active().to_owned(),
            throw: self.throw_shown_mark(),
            turn_and_phase: (self.game.state().turn(), self.game.state().phase()),
            test_after: None,
        }
    }

    /// The outcome of `line`, typed on this screen at `before`, on the status line; the
    /// panes turn to what the table waits for next. Whether it was carried out.
    fn show_answer(&mut self, line: &str, before: &Before, answer: Answer) -> bool {
        match answer {
            Answer::Done(outcome) => {
                self.save_failed = false;
                let active = self.game.state().active().to_owned();
                if active != before.active {
                    // The new side's units are what the referee works on next.
                    self.select_first_of(&active);
                }
                if Command::parse_for(line, self.game.state().ruleset())
                    .is_ok_and(|c| c.shows_results())
                {
                    // The dice, or the distance, are what the table is waiting for.
                    self.lower_pane = Pane::Dice;
                }
                if self.throw_shown_mark() != before.throw {
                    // Another throw is shown (a new one, or one undo or redo brought
                    // back): its outcome comes first, whatever the last one's scroll.
                    self.dice_scroll = DiceScroll::FromTop(0);
                }
                if (self.game.state().turn(), self.game.state().phase()) != before.turn_and_phase {
                    // A new phase owes new things: its checklist is what to read next.
                    self.lower_pane = Pane::Checklist;
                    if matches!(self.focus, Pane::Dice | Pane::Log) {
                        self.focus = Pane::Checklist;
                        self.checklist_selected = 0;
                    }
                }
                self.say(summary(line, &outcome), Tone::Info);
                self.log_scroll = 0;
                self.refresh();
                if self.focus == Pane::Checklist {
                    // The item highlighted may have gone, or the phase changed: the unit
                    // keys act on the one now highlighted.
                    self.select_checklists_unit();
                }
                true
            }
            Answer::Refused(refusal) => {
                self.say(format!("refused: {refusal}"), Tone::Refused);
                false
            }
            Answer::NotSaved(error) => {
                self.save_failed = true;
                self.say(format!("NOT SAVED, nothing changed: {error}"), Tone::Alarm);
                false
            }
        }
    }

    /// A line from the `:` line. `next` and `remove` ask first, as their keys do.
    pub fn act_typed(&mut self, line: &str) {
        match Command::parse_for(line, self.game.state().ruleset()) {
            Ok(Command::Next) => self.ask_next(),
            Ok(Command::Remove { unit }) => self.ask_remove(Some(&unit)),
            _ => self.act(line),
        }
    }

    /// Ends the phase, asking first while checklist items are open.
    pub fn ask_next(&mut self) {
        if self.checklist.open.is_empty() {
            self.act("next");
        } else {
            self.overlay = Overlay::ConfirmNext;
        }
    }

    /// Asks before taking a unit out of play: `unit`, or the selected one.
    pub fn ask_remove(&mut self, unit: Option<&str>) {
        let id = match unit {
            Some(id) => id.to_owned(),
            None if !self.selection_in_view() => return,
            None => match self.selected_unit() {
                Some(u) => u.id.clone(),
                None => return self.say("no unit selected", Tone::Refused),
            },
        };
        match crate::game::find_unit(self.game.state(), &id) {
            Ok(found) => {
                self.pending_remove = Some(found.id.clone());
                self.overlay = Overlay::ConfirmRemove;
            }
            Err(refusal) => self.say(format!("refused: {refusal}"), Tone::Refused),
        }
    }

    /// The answer to a confirmation window: `yes` carries the act out.
    pub fn answer(&mut self, yes: bool) {
        let asked = self.overlay;
        self.overlay = Overlay::None;
        let unit = self.pending_remove.take();
        match (asked, yes, unit) {
            (Overlay::ConfirmNext, true, _) => self.act("next"),
            (Overlay::ConfirmNext, false, _) => {
                let phase = self.game.state().phase();
                self.say(format!("still in the {phase} phase"), Tone::Info);
            }
            (Overlay::ConfirmRemove, true, Some(unit)) => self.act(&format!("remove {unit}")),
            (Overlay::ConfirmRemove, false, Some(unit)) => {
                self.say(format!("{unit} stays in play"), Tone::Info);
            }
            _ => {}
        }
    }

    /// Opens a guided form on the selected unit.
    pub fn open_form(&mut self, kind: FormKind) {
        if !self.selection_in_view() {
            return;
        }
        let Some(selected) = self.selected_unit() else {
            self.say("no unit selected", Tone::Refused);
            return;
        };
        // `test` refuses a unit that owes none, so the form opens on a test that is owed
        // by a unit still on the table: the one the selected unit last shot at, if it owes
        // one, else the first in the roster.
        let owed = (kind == FormKind::Test && !selected.owes_test)
            .then(|| {
                let state = self.game.state();
                let owes = |u: &&Unit| u.owes_test && u.fighting();
                let shot_at = self.game.last_target(&selected.id);
                let mut owing = state.units().iter().map(|u| &**u).filter(owes);
                owing
                    .clone()
                    .find(|u| Some(u.id.as_str()) == shot_at)
                    .or_else(|| owing.next())
            })
            .flatten();
        let note = owed.map(|u| format!("{} owes no test: {} does", selected.id, u.id));
        let unit = owed.unwrap_or(selected);
        match Form::open(kind, &self.game, unit) {
            Ok(form) => {
                self.form = Some(form);
                self.overlay = Overlay::Form;
                if let Some(note) = note {
                    self.say(note, Tone::Info);
                }
            }
            Err(why) => self.say(why.to_string(), Tone::Refused),
        }
    }

    /// A key while a form is open, but a page key over its facts (the screen's: it knows
    /// the window's height).
    pub fn form_key(&mut self, key: crossterm::event::KeyEvent) {
        let Some(form) = self.form.as_mut() else {
            self.overlay = Overlay::None;
            return;
        };
        match form.key(key, self.game.state()) {
            FormKey::Stay => {}
            FormKey::Refused(why) => {
                self.say(why, Tone::Refused);
                self.said_of_form();
            }
            FormKey::Close => self.close_form(),
            FormKey::Edit(line) => {
                self.close_form();
                self.command_line.open(self.theme.selected);
                self.command_line.insert(&line);
                self.overlay = Overlay::Command;
            }
            FormKey::Submit(line) => {
                let shot_at = (form.kind == FormKind::Shoot)
                    .then(|| form.picker.as_ref().and_then(|p| p.chosen.first().cloned()))
                    .flatten();
                if self.carry_out(&line) {
                    self.close_form();
                    match &mut self.seat {
                        // The target owes its test only once the desk has done the shot.
                        Seat::Beside(beside) => beside.then_offer_test(shot_at),
                        Seat::Desk { .. } | Seat::Watching(_) => {
                            self.offer_test(shot_at.as_deref());
                        }
                    }
                } else {
                    self.said_of_form();
                }
            }
        }
        self.forget_stale_complaint();
    }

    /// The form's list highlights its `row`th target, as the arrows would move it there.
    pub fn highlight_target(&mut self, row: usize) {
        if let Some(picker) = self.form.as_mut().and_then(|f| f.picker.as_mut()) {
            picker.highlight_row(row);
        }
        self.forget_stale_complaint();
    }

    /// A complaint about the form goes once the form has changed.
    fn forget_stale_complaint(&mut self) {
        let stale = self
            .message
            .as_ref()
            .is_some_and(|m| m.of_form.is_some() && m.of_form != self.form);
        if stale {
            self.message = None;
        }
    }

    fn close_form(&mut self) {
        self.form = None;
        self.overlay = Overlay::None;
    }

    /// After a shot, the morale test its target now owes comes up next.
    fn offer_test(&mut self, target: Option<&str>) {
        let state = self.game.state();
        let Some(unit) = target.and_then(|id| state.unit(id)).filter(|u| u.owes_test) else {
            return;
        };
        if let Ok(form) = Form::open(FormKind::Test, &self.game, unit) {
            self.form = Some(form);
            self.overlay = Overlay::Form;
        }
    }

    /// Acts on the selected unit: `verb` gets the unit's id as its first word.
    pub fn act_on_selected(&mut self, words: impl FnOnce(&Unit) -> String) {
        if !self.selection_in_view() {
            return;
        }
        match self.selected_unit() {
            Some(unit) => {
                let line = words(unit);
                self.act(&line);
            }
            None => self.say("no unit selected", Tone::Refused),
        }
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

/// "T3 movement", as a watcher's status line dates what it shows.
/// Carries out `line` (typed by `by`, if not the desk's own referee) and saves it.
fn save_at_desk(
    game: &mut Game,
    path: &Path,
    save_text: &mut persist::SaveText,
    line: &str,
    by: Option<&str>,
) -> Result<crate::game::Outcome, ActError> {
    // A poisoned gate only means another thread panicked; saving is still sound.
    let _gate = super::terminal::SAVE_GATE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    persist::perform_and_save_with(game, path, line, by, save_text)
}

/// What the status line says of a command carried out.
fn summary(line: &str, outcome: &crate::game::Outcome) -> String {
    if outcome.summary.is_empty() {
        format!("done: {line}")
    } else {
        outcome.summary.join(" · ")
    }
}

fn turn_and_phase(game: &Game) -> String {
    let state = game.state();
    format!("T{} {}", state.turn(), state.phase())
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

/// Where `new` goes on from `old`, if it is `old` with entries added after its last: the
/// next entry's index. Entries are shared between a game and its clones, so this is most
/// often a comparison of pointers.
fn grown_by(old: &Game, new: &Game) -> Option<usize> {
    let (old_log, new_log) = (old.log(), new.log());
    let same_start = old.seed() == new.seed()
        && new_log.len() >= old_log.len()
        && old.scenario() == new.scenario()
        && old_log
            .iter()
            .zip(new_log)
            .all(|(a, b)| std::sync::Arc::ptr_eq(a, b) || a == b);
    same_start.then_some(old_log.len())
}

/// Whether `new` carries on `old` (more commands, or some undone) rather than being
/// another game written at the same path: same scenario and seed, and the shorter log a
/// beginning of the longer.
fn is_same_game(old: &Game, new: &Game) -> bool {
    old.seed() == new.seed()
        && old.scenario().title == new.scenario().title
        && old
            .log()
            .iter()
            .zip(new.log())
            .all(|(a, b)| a.command == b.command)
}

/// What a watcher's status line says of a reload, for a game whose log held
/// `logged_before` commands: the newest command if `viewer` may read its words, else what
/// the viewer was told of it (`told`), or how many were taken back.
fn news(logged_before: usize, game: &Game, viewer: Viewer, told: Option<String>) -> String {
    let at = turn_and_phase(game);
    let log = game.log();
    match log.len().cmp(&logged_before) {
        std::cmp::Ordering::Greater => match (log.last(), told) {
            (Some(entry), _) if viewer.sees_whole(game.state(), entry) => {
                format!("{at}: {}", entry.command)
            }
            (_, Some(told)) if log.len() == logged_before + 1 => format!("{at}: {told}"),
            _ => at,
        },
        std::cmp::Ordering::Less => format!("{at}: {} undone", logged_before - log.len()),
        std::cmp::Ordering::Equal => at,
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
