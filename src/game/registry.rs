//! Each ruleset's play, reached from the game by one match ([`play_of`]): its own words
//! parsed and checked, what ending a phase does by its text, what a unit may be asked to
//! throw, what is owed before `next`, and its usage rows. A ruleset's play is its folder's
//! (`PLAY` in `rules/<ruleset>/play/mod.rs`, an `engine::play::Play`); the rest of the
//! game asks here and never names a ruleset, so a ruleset's play is one line in
//! `play_of` (`docs/architecture.md`, *The seam for rulesets*). Here its refusals become
//! the game's, and the game's house rules are put in force around each call.

use super::command::COMMANDS;
use super::refusal::Refusal;
use crate::core::house::unwatched;
use crate::engine::answer::{Answer, Question};
use crate::engine::checklist::Checklist;
use crate::engine::event::Event;
use crate::engine::own_command::OwnCommand;
use crate::engine::play::{Ask, Play};
use crate::engine::state::GameState;
use crate::engine::unit_need::UnitNeed;
use crate::engine::words::FormFact;
use crate::rules::Ruleset;
use crate::rules::profile::UsageRow;
use crate::rules::sound_the_charge_1_25;
use crate::rules::unit::Unit;
use crate::rules::{charge_moves, d10_sheet, old_trousers, sound_the_charge};

/// The play of `ruleset`: the one match in the game naming the rulesets' plays.
fn play_of(ruleset: Ruleset) -> &'static Play {
    match ruleset {
        Ruleset::SoundTheCharge => &sound_the_charge::play::PLAY,
        Ruleset::SoundTheCharge125 => &sound_the_charge_1_25::play::PLAY,
        Ruleset::ChargeMoves => &charge_moves::play::PLAY,
        Ruleset::OldTrousers => &old_trousers::play::PLAY,
        Ruleset::D10Sheet => &d10_sheet::play::PLAY,
    }
}

/// The usage rows of the commands `ruleset` offers, in its help's order: the shared words,
/// its own, then the turn's and the log's.
pub fn commands_for(ruleset: Ruleset) -> Vec<UsageRow> {
    listed_usage(ruleset, &own_rows(ruleset))
}

/// The rows of `ruleset`'s own words: its play's where it words them, else its profile's.
fn own_rows(ruleset: Ruleset) -> Vec<UsageRow> {
    match play_of(ruleset).own_usage {
        Some(own) => own(),
        None => ruleset.profile().usage.to_vec(),
    }
}

/// The keys `ruleset` lets a line give more than once (see [`Play::gathered_keys`]).
pub(super) fn gathered_keys(ruleset: Ruleset) -> &'static [&'static str] {
    play_of(ruleset).gathered_keys
}

/// A line whose first word (`verb`, lower case) is one of `ruleset`'s own, as its play
/// reads it; `None` when the shared parse reads the word.
pub(super) fn parse_own(
    ruleset: Ruleset,
    verb: &str,
    args: &[&str],
) -> Option<Result<OwnCommand, Refusal>> {
    let parsed = (play_of(ruleset).parse_own)(verb, args, usage_in(ruleset, verb));
    parsed.map(|parsed| parsed.map_err(Refusal::from))
}

/// The events a command of the game's ruleset's own words causes, by its play; `None` for
/// a command another ruleset's parse made.
pub(super) fn check_own(
    state: &GameState,
    command: &OwnCommand,
) -> Option<Result<Vec<Event>, Refusal>> {
    let checked = state.with_house_rules(|| (play_of(state.ruleset()).check_own)(state, command));
    checked.map(|checked| checked.map_err(Refusal::from))
}

/// What ending the phase does by the game's ruleset's own text, or why it cannot end yet.
pub(super) fn phase_end(state: &GameState) -> Result<Vec<Event>, Refusal> {
    Ok(state.with_house_rules(|| (play_of(state.ruleset()).phase_end)(state))?)
}

/// What the end of a side's own turn does by the game's ruleset's text.
pub(super) fn own_turn_ends(state: &GameState) -> Vec<Event> {
    state.with_house_rules(|| (play_of(state.ruleset()).own_turn_ends)(state))
}

/// Each throw `unit` may be asked to make, by the game's ruleset; `asker` answers what
/// its commands ask.
pub(super) fn needs(state: &GameState, unit: &Unit, asker: &Ask<'_>) -> Vec<UnitNeed> {
    state.with_house_rules(|| (play_of(state.ruleset()).needs)(state, unit, asker))
}

/// A `need` question the game's ruleset answers its own way; `None`: the command's own
/// check does.
pub(super) fn answer_own(
    state: &GameState,
    unit: &str,
    question: Question,
    asker: &Ask<'_>,
) -> Option<Result<Answer, Refusal>> {
    let answered = state
        .with_house_rules(|| (play_of(state.ruleset()).answer_own)(state, unit, question, asker));
    answered.map(|answered| answered.map_err(Refusal::from))
}

/// The facts the screen's guided form of `verb` offers `unit`, each with its key, by the
/// game's ruleset; `None` when the ruleset has no form for the word (or does not offer it).
pub fn form_facts(state: &GameState, unit: &Unit, verb: &str) -> Option<Vec<FormFact>> {
    let ruleset = state.ruleset();
    if !ruleset.offers(verb) {
        return None;
    }
    state.with_house_rules(|| (play_of(ruleset).form_facts)(state, unit, verb))
}

impl Checklist {
    /// What the referee should settle before `next`, by the state's ruleset. A reminder,
    /// not a result: the numbers it words are not among those a command's result used.
    pub fn of(state: &GameState) -> Checklist {
        state.with_house_rules(|| unwatched(|| (play_of(state.ruleset()).checklist)(state)))
    }
}

/// The usage `ruleset` shows for `verb`: its own row, else the first row listed anywhere
/// (a line read with no game takes the first ruleset's words, and 1:25's with them).
fn usage_in(ruleset: Ruleset, verb: &str) -> &'static str {
    let own = own_rows(ruleset);
    let mut rows = own.into_iter().chain(every_row().copied());
    rows.find(|(word, _, _)| *word == verb)
        .map_or("", |(_, usage, _)| usage)
}

/// The words that move the turn on and act on the log: every ruleset's list ends with them.
const TURN_AND_LOG: [&str; 3] = ["next", "undo", "redo"];

/// The rows of the words `ruleset` offers: the shared table's, then its own (`own`), then
/// the turn's and the log's.
fn listed_usage(ruleset: Ruleset, own: &[UsageRow]) -> Vec<UsageRow> {
    let shared = |last: bool| {
        COMMANDS.iter().copied().filter(move |(word, _, _)| {
            ruleset.offers(word)
                && TURN_AND_LOG.contains(word) == last
                && !own.iter().any(|row| row.0 == *word)
        })
    };
    shared(false)
        .chain(own.iter().copied())
        .chain(shared(true))
        .collect()
}

/// Every word with a row in the shared table or a ruleset's profile, each once: a word
/// one of them lists is refused in another's game as not offered there, not as unknown.
pub(super) fn listed_words() -> Vec<&'static str> {
    let mut words: Vec<&'static str> = Vec::new();
    for (word, _, _) in every_row() {
        if !words.contains(word) {
            words.push(word);
        }
    }
    words
}

/// Whether `verb` is one of [`listed_words`].
pub(super) fn is_listed(verb: &str) -> bool {
    every_row().any(|(word, _, _)| *word == verb)
}

fn every_row() -> impl Iterator<Item = &'static UsageRow> {
    let own = Ruleset::ALL.iter().flat_map(|r| r.profile().usage.iter());
    COMMANDS.iter().chain(own)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The help, the `:` line's completion and the refusals read a ruleset's words from
    /// its list: each word it offers has one row there, and no other word has one.
    #[test]
    fn each_ruleset_lists_each_word_it_offers_once() {
        for ruleset in Ruleset::ALL {
            let listed: Vec<&str> = commands_for(ruleset).iter().map(|row| row.0).collect();
            for word in &listed {
                assert!(ruleset.offers(word), "{ruleset:?} lists {word} unoffered");
                let rows = listed.iter().filter(|w| *w == word).count();
                assert_eq!(rows, 1, "{ruleset:?} lists {word} {rows} times");
            }
            let shared = COMMANDS.map(|row| row.0);
            let offered = ruleset.own_commands().iter().chain(&shared);
            for word in offered.filter(|word| ruleset.offers(word)) {
                assert!(listed.contains(word), "{ruleset:?} offers {word} unlisted");
            }
            assert_eq!(listed[listed.len() - 3..], TURN_AND_LOG, "{ruleset:?}");
        }
    }

    #[test]
    fn a_word_is_listed_if_the_shared_table_or_a_profile_has_its_row() {
        let words = listed_words();
        for word in [
            "hit", "next", "shoot", "caught", "control", "melee", "retreat",
        ] {
            assert!(is_listed(word) && words.contains(&word), "{word}");
        }
        assert_eq!(words.iter().filter(|w| **w == "retreat").count(), 1);
        // *Old Trousers II*'s rows are its play's help, not its profile's: another
        // ruleset's game takes `countercharge` for a typo and offers its nearest word.
        assert!(!is_listed("countercharge") && !words.contains(&"countercharge"));
    }
}
