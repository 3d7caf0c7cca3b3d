//! The `:` line: one line of the command language, with history and completion.

use crate::game::{GameState, Unit, commands_for};
use ratatui::style::Style;
use tui_textarea::{CursorMove, TextArea};

/// Words the screen understands on its own, besides the command language.
pub const SCREEN_WORDS: [&str; 2] = ["help", "quit"];

#[derive(Debug, Default)]
pub struct CommandLine {
    text: TextArea<'static>,
    history: Vec<String>,
    /// Where ↑/↓ has got to in `history`; `None` while typing a new line.
    browsing: Option<usize>,
}

impl CommandLine {
    pub fn open(&mut self, style: Style) {
        self.set_text("");
        self.text.set_cursor_line_style(Style::default());
        self.text.set_cursor_style(style);
        self.browsing = None;
    }

    pub fn text(&self) -> &str {
        self.text.lines().first().map_or("", String::as_str)
    }

    pub fn widget(&self) -> &TextArea<'static> {
        &self.text
    }

    /// Passes a key to the text; Enter never reaches it (it runs the line instead).
    pub fn input(&mut self, key: crossterm::event::KeyEvent) {
        self.text.input(key);
    }

    pub fn insert(&mut self, text: &str) {
        self.text.insert_str(text);
    }

    /// Takes the line to run, remembering it for ↑.
    pub fn take(&mut self) -> String {
        let line = self.text().trim().to_owned();
        if !line.is_empty() && self.history.last() != Some(&line) {
            self.history.push(line.clone());
        }
        self.set_text("");
        self.browsing = None;
        line
    }

    pub fn history_back(&mut self) {
        if self.history.is_empty() {
            return;
        }
        let at = match self.browsing {
            None => self.history.len() - 1,
            Some(at) => at.saturating_sub(1),
        };
        self.browsing = Some(at);
        let line = self.history[at].clone();
        self.set_text(&line);
    }

    pub fn history_forward(&mut self) {
        match self.browsing {
            Some(at) if at + 1 < self.history.len() => {
                self.browsing = Some(at + 1);
                let line = self.history[at + 1].clone();
                self.set_text(&line);
            }
            Some(_) => {
                self.browsing = None;
                self.set_text("");
            }
            None => {}
        }
    }

    /// Completes the last word from the command words or the battle's ids. Returns the
    /// candidates when more than one remains, for the status line.
    pub fn complete(&mut self, state: &GameState) -> Vec<String> {
        let line = self.text().to_owned();
        let (done, partial) = match line.rfind(' ') {
            Some(at) => (&line[..=at], &line[at + 1..]),
            None => ("", line.as_str()),
        };
        let candidates = candidates(state, done, partial);
        match candidates.as_slice() {
            [] => Vec::new(),
            [only] => {
                // `dice=` waits for its value; other words are whole.
                let space = if only.ends_with('=') { "" } else { " " };
                self.set_text(&format!("{done}{only}{space}"));
                Vec::new()
            }
            many => {
                let common = common_prefix(many);
                if common.len() > partial.len() {
                    self.set_text(&format!("{done}{common}"));
                }
                candidates
            }
        }
    }

    fn set_text(&mut self, line: &str) {
        let cursor_style = self.text.cursor_style();
        self.text = TextArea::new(vec![line.to_owned()]);
        self.text.set_cursor_line_style(Style::default());
        self.text.set_cursor_style(cursor_style);
        self.text.move_cursor(CursorMove::End);
    }
}

/// What may follow `done` (the words already typed) starting with `partial`.
fn candidates(state: &GameState, done: &str, partial: &str) -> Vec<String> {
    let words: Vec<&str> = done.split_whitespace().collect();
    let pool: Vec<String> = match words.as_slice() {
        [] => commands_for(state.ruleset())
            .into_iter()
            .map(|(word, _, _)| word.to_owned())
            .chain(SCREEN_WORDS.iter().map(|w| (*w).to_owned()))
            .collect(),
        ["attach" | "detach"] => state.generals().iter().map(|g| g.id.clone()).collect(),
        ["next" | "undo" | "redo" | "help" | "quit"] => Vec::new(),
        ["test"] => unit_ids(state, |u| u.owes_test),
        ["rally"] => unit_ids(state, Unit::is_shaken),
        ["shoot"] => unit_ids(state, |u| u.side == state.active()),
        ["shoot", firer] => unit_ids(state, |u| {
            u.side != state.active() && !u.id.eq_ignore_ascii_case(firer)
        }),
        ["shoot", _, _] => words_of(&["close", "far"]),
        ["shoot", _, _, _, ..] => words_of(&[
            "moved", "soft", "hard", "screened", "dense", "front=", "dice=", "gen=",
        ]),
        ["test", _, ..] => words_of(&["advanced", "stationary", "cover", "roll="]),
        ["rally", _, ..] => words_of(&["threat", "cover", "roll="]),
        ["combat"] => unit_ids(state, |u| u.side == state.active() || u.in_contact()),
        ["combat", _] => words_of(&["vs"]),
        ["combat", attackers, "vs"] => {
            let side = state
                .units()
                .iter()
                .find(|u| attackers.split(',').any(|a| u.id.eq_ignore_ascii_case(a)))
                .map(|u| u.side.clone());
            unit_ids(state, |u| side.as_deref().is_some_and(|s| u.side != s))
        }
        ["combat", _, "vs", _, ..] => words_of(&[
            "flank=",
            "trapped=",
            "stationary=",
            "soft",
            "hard",
            "slope",
            "rough",
            "continuing",
            "dice=",
            "gen=",
        ]),
        ["disengage"] => unit_ids(state, Unit::in_contact),
        ["house"] => words_of(&["set"]),
        ["house", "set"] => state
            .ruleset()
            .numbers()
            .iter()
            .map(|(number, _)| number.name.to_owned())
            .collect(),
        ["house", "set", _] => words_of(&["off", "book"]),
        ["clock"] => words_of(&["pause", "resume", "left", "warn", "sides"]),
        ["clock", "warn" | "sides"] => words_of(&["off"]),
        [_] | ["attach", _] => state.units().iter().map(|u| u.id.clone()).collect(),
        ["form", _] => state
            .ruleset()
            .formations()
            .iter()
            .map(|f| f.word().to_owned())
            .collect(),
        ["shaken" | "disorder", _] => vec!["on".into(), "off".into()],
        ["cmd", _] => vec!["in".into(), "out".into()],
        _ => Vec::new(),
    };
    let partial = partial.to_ascii_lowercase();
    pool.into_iter()
        .filter(|word| word.to_ascii_lowercase().starts_with(&partial))
        .collect()
}

/// The ids of units on the table that `keep` picks.
fn unit_ids(state: &GameState, keep: impl Fn(&Unit) -> bool) -> Vec<String> {
    state
        .units()
        .iter()
        .filter(|u| u.on_table && keep(u))
        .map(|u| u.id.clone())
        .collect()
}

fn words_of(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| (*w).to_owned()).collect()
}

fn common_prefix(words: &[String]) -> String {
    let first = &words[0];
    let mut end = first.len();
    for word in &words[1..] {
        end = first
            .char_indices()
            .zip(word.chars())
            .take_while(|((_, a), b)| a.eq_ignore_ascii_case(b))
            .last()
            .map_or(0, |((i, a), _)| i + a.len_utf8())
            .min(end);
    }
    first[..end].to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::scenario;

    fn state() -> GameState {
        let (scenario, spec) =
            scenario::parse("tutorial", scenario::built_in("tutorial").unwrap()).unwrap();
        Game::new(scenario, spec, 1).state().clone()
    }

    fn typed(line: &str) -> CommandLine {
        let mut command_line = CommandLine::default();
        command_line.set_text(line);
        command_line
    }

    #[test]
    fn completes_a_command_word_then_a_unit_id() {
        let state = state();
        let mut line = typed("un");
        assert_eq!(line.complete(&state), vec!["unhit", "unrout", "undo"]);
        assert_eq!(line.text(), "un", "no longer common prefix to add");
        line = typed("ro");
        assert!(line.complete(&state).is_empty());
        assert_eq!(line.text(), "rout ");
        line = typed("hit fr-4");
        assert_eq!(line.complete(&state), vec!["fr-4l1", "fr-4l2"]);
        assert_eq!(line.text(), "hit fr-4l", "extended to the common prefix");
        line = typed("hit br-14");
        line.complete(&state);
        assert_eq!(line.text(), "hit br-14ld ");
        line = typed("form fr-4l1 sq");
        line.complete(&state);
        assert_eq!(line.text(), "form fr-4l1 square ");
        line = typed("cmd fr-4l1 o");
        line.complete(&state);
        assert_eq!(line.text(), "cmd fr-4l1 out ");
        line = typed("next f");
        assert!(line.complete(&state).is_empty());
        assert_eq!(line.text(), "next f", "next takes nothing");
    }

    #[test]
    fn completes_a_shot_with_enemies_ranges_and_table_words() {
        let state = state();
        // France is active: its units fire, the British are the targets.
        let mut line = typed("shoot fr-4l1 br-1");
        line.complete(&state);
        assert_eq!(line.text(), "shoot fr-4l1 br-14ld ");
        line = typed("shoot fr-4l1 fr-4");
        assert!(line.complete(&state).is_empty(), "no friendly targets");
        line = typed("shoot fr-4l1 br-31 c");
        line.complete(&state);
        assert_eq!(line.text(), "shoot fr-4l1 br-31 close ");
        line = typed("shoot fr-4l1 br-31 close di");
        line.complete(&state);
        assert_eq!(
            line.text(),
            "shoot fr-4l1 br-31 close dice=",
            "waits for the faces"
        );
        line = typed("rally th");
        assert!(line.complete(&state).is_empty(), "no shaken unit to rally");
    }

    #[test]
    fn completes_a_house_rule_by_its_name() {
        let state = state();
        let mut line = typed("house ");
        assert!(line.complete(&state).is_empty());
        assert_eq!(line.text(), "house set ");
        let mut line = typed("house set shooting-test.sh");
        assert!(line.complete(&state).is_empty());
        assert_eq!(line.text(), "house set shooting-test.shaken ");
        let mut line = typed("house set shooting-test.shaken o");
        line.complete(&state);
        assert_eq!(line.text(), "house set shooting-test.shaken off ");
    }

    #[test]
    fn completes_the_clocks_words() {
        let state = state();
        let mut line = typed("clock p");
        assert!(line.complete(&state).is_empty());
        assert_eq!(line.text(), "clock pause ");
        let mut line = typed("clock warn o");
        assert!(line.complete(&state).is_empty());
        assert_eq!(line.text(), "clock warn off ");
    }

    #[test]
    fn completes_generals_for_attach() {
        let state = state();
        let mut line = typed("attach cr");
        line.complete(&state);
        assert_eq!(line.text(), "attach craufurd ");
        line = typed("attach craufurd br-9");
        line.complete(&state);
        assert_eq!(line.text(), "attach craufurd br-95r ");
    }

    #[test]
    fn history_walks_back_and_forward() {
        let mut line = CommandLine::default();
        for command in ["hit fr-4l1", "next"] {
            line.set_text(command);
            assert_eq!(line.take(), command);
        }
        line.history_back();
        assert_eq!(line.text(), "next");
        line.history_back();
        assert_eq!(line.text(), "hit fr-4l1");
        line.history_back();
        assert_eq!(line.text(), "hit fr-4l1", "stops at the oldest");
        line.history_forward();
        assert_eq!(line.text(), "next");
        line.history_forward();
        assert_eq!(line.text(), "", "past the newest: a fresh line");
    }
}
