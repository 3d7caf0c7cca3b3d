//! A save written elsewhere taken in: a watcher's screen follows the referee's file, and
//! says what changed; a file that will not load keeps the last good game with an alarm.

use super::{App, DiceScroll, Pane, Seat, Tone, turn_and_phase};
use crate::game::{Command, Game, Viewer};

impl App {
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
