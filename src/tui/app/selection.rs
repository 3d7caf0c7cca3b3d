//! Which unit the keys act on: the roster's selection, moved by the arrows, by a side at a
//! time, by the jump window's letters and by the checklist's highlighted item, and kept
//! where the referee can see it.

use super::{App, Overlay, Pane, Tone};
use crate::game::{Looker, Unit};
use crate::tui::jump::{Jump, JumpKey};
use crate::tui::keymap::Action;
use crate::tui::roster_list::{self, roster_order};

impl App {
    /// As after `next`, the side whose turn it is gets the first key, not the first side
    /// listed; but a side's player looks at their own units first, whose turn it is or not.
    pub(super) fn select_first_looked_at(&mut self) {
        let first = match &self.looker {
            Looker::Side(side) => side.clone(),
            Looker::Referee | Looker::Guest => self.game.state().active().to_owned(),
        };
        self.select_first_of(&first);
        self.keep_selection_shown();
    }

    /// Selects the roster's first unit if the selected one is not in the roster.
    pub(super) fn keep_selection_shown(&mut self) {
        let shown = self
            .selected_unit
            .as_deref()
            .is_some_and(|id| self.roster_units().iter().any(|u| u.id == id));
        if !shown {
            self.select_first_or_last(false);
        }
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
    pub(super) fn selection_in_view(&mut self) -> bool {
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

    /// Selects `side`'s first unit in the roster, its heading at the top of the pane so
    /// that as many of its units as fit show under it.
    pub(super) fn select_first_of(&mut self, side: &str) {
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
}
