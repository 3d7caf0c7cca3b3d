//! The guided forms over the screen: opened on the selected unit (or the unit that owes
//! the test), their keys, and the test a shot's target owes offered next.

use super::{App, Overlay, Seat, Tone};
use crate::game::Unit;
use crate::tui::form::{Form, FormKey, FormKind};

impl App {
    /// Marks a refusal as said of the form as it now stands. An alarm (not saved) is
    /// about the file, not the form, and stays.
    fn said_of_form(&mut self) {
        if let Some(message) = self.message.as_mut().filter(|m| m.tone == Tone::Refused) {
            message.of_form.clone_from(&self.form);
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
    pub(crate) fn form_key(&mut self, key: crossterm::event::KeyEvent) {
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
    pub(super) fn offer_test(&mut self, target: Option<&str>) {
        let state = self.game.state();
        let Some(unit) = target.and_then(|id| state.unit(id)).filter(|u| u.owes_test) else {
            return;
        };
        if let Ok(form) = Form::open(FormKind::Test, &self.game, unit) {
            self.form = Some(form);
            self.overlay = Overlay::Form;
        }
    }
}
