//! A co-referee's seat (`serve`'s `referee` login): the whole screen and every key, but
//! no desk of its own. Each line it would carry out is handed to the screen that holds
//! the save, which carries it out in turn with its own and answers; until then the line
//! waits here with where the game stood when it was typed, so that the answer shows on
//! this screen as the co-referee's own command would.

use crate::game::Outcome;
use crate::persist::ActError;
use crate::rules::phase::Phase;
use std::collections::VecDeque;

/// Lines typed and not yet answered beyond which a key is refused: the desk answers in
/// milliseconds, so this many means it is stuck, and typing on would only pile up.
pub const MOST_WAITING: usize = 8;

/// What the desk said of a co-referee's line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    Done(Outcome),
    Refused(String),
    /// Carried out, but the save failed, so it was taken back.
    NotSaved(String),
}

impl From<Result<Outcome, ActError>> for Answer {
    fn from(result: Result<Outcome, ActError>) -> Answer {
        match result {
            Ok(outcome) => Answer::Done(outcome),
            Err(ActError::Refused(refusal)) => Answer::Refused(refusal.to_string()),
            Err(ActError::NotSaved(error)) => Answer::NotSaved(error.to_string()),
        }
    }
}

/// Where the game stood when a line was typed: what its outcome is shown against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Before {
    pub active: String,
    pub throw: Option<(usize, String)>,
    pub turn_and_phase: (u32, Phase),
    /// The unit whose morale test to offer once the line is done (a shot's target), as
    /// the shoot form offers it on the desk.
    pub test_after: Option<String>,
}

/// The co-referee's lines: typed and not yet sent, then sent and not yet answered.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Beside {
    to_send: Vec<String>,
    waiting: VecDeque<(String, Before)>,
}

impl Beside {
    /// Queues `line`, typed with the game at `before`; `false` when too many wait.
    pub fn send(&mut self, line: &str, before: Before) -> bool {
        if self.waiting.len() >= MOST_WAITING {
            return false;
        }
        self.to_send.push(line.to_owned());
        self.waiting.push_back((line.to_owned(), before));
        true
    }

    /// The lines to hand to the desk now, oldest first.
    pub fn take_to_send(&mut self) -> Vec<String> {
        std::mem::take(&mut self.to_send)
    }

    /// The oldest line waiting for its answer, which is the next to come: the desk
    /// answers one screen's lines in the order they were sent.
    pub fn answered(&mut self) -> Option<(String, Before)> {
        self.waiting.pop_front()
    }

    /// Once the line just sent is done, `target`'s owed test is to be offered.
    pub fn then_offer_test(&mut self, target: Option<String>) {
        if let Some((_, before)) = self.waiting.back_mut() {
            before.test_after = target;
        }
    }

    pub fn waits(&self) -> bool {
        !self.waiting.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn before() -> Before {
        Before {
            active: "france".to_owned(),
            throw: None,
            turn_and_phase: (1, Phase::Movement),
            test_after: None,
        }
    }

    #[test]
    fn lines_are_sent_once_and_answered_in_order() {
        let mut beside = Beside::default();
        assert!(beside.send("hit fr-1 1", before()));
        assert!(beside.send("undo", before()));
        assert_eq!(beside.take_to_send(), ["hit fr-1 1", "undo"]);
        assert!(beside.take_to_send().is_empty());
        assert_eq!(
            beside.answered().map(|(line, _)| line).as_deref(),
            Some("hit fr-1 1")
        );
        assert!(beside.waits());
        assert_eq!(
            beside.answered().map(|(line, _)| line).as_deref(),
            Some("undo")
        );
        assert!(!beside.waits());
    }

    #[test]
    fn a_stuck_desk_refuses_more_lines_than_it_can_owe() {
        let mut beside = Beside::default();
        for _ in 0..MOST_WAITING {
            assert!(beside.send("next", before()));
        }
        assert!(!beside.send("next", before()));
        assert_eq!(beside.take_to_send().len(), MOST_WAITING);
    }
}
