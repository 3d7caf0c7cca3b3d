//! Carrying out a line of the command language: at the desk (saved before it is shown),
//! from beside the desk (a `serve` client's line, carried out by the desk's loop), and the
//! answer on the status line; the questions before `next` and `remove`.

use super::{App, DiceScroll, Overlay, Pane, READ_ONLY, Seat, Tone};
use crate::game::{Command, Game, Unit};
use crate::persist::{self, ActError, Given};
use crate::tui::beside::{Answer, Before};
use std::path::Path;

impl App {
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
            } => {
                let given = Given {
                    by: None,
                    at: Some((self.now)()),
                };
                Answer::from(save_at_desk(&mut self.game, path, save_text, line, given))
            }
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
            Given {
                by: Some(by),
                at: Some((self.now)()),
            },
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
    pub(super) fn follow_change_from_elsewhere(&mut self, before: &Before) {
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
    pub(super) fn before(&self) -> Before {
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
}

/// "T3 movement", as a watcher's status line dates what it shows.
/// Carries out `line` (typed by `by`, if not the desk's own referee) and saves it.
fn save_at_desk(
    game: &mut Game,
    path: &Path,
    save_text: &mut persist::SaveText,
    line: &str,
    given: Given<'_>,
) -> Result<crate::game::Outcome, ActError> {
    // A poisoned gate only means another thread panicked; saving is still sound.
    let _gate = crate::tui::terminal::SAVE_GATE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    persist::perform_and_save_with(game, path, line, given, save_text)
}

/// What the status line says of a command carried out.
fn summary(line: &str, outcome: &crate::game::Outcome) -> String {
    if outcome.summary.is_empty() {
        format!("done: {line}")
    } else {
        outcome.summary.join(" · ")
    }
}
