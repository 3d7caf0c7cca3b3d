//! Each ruleset's play, reached from the game by one match ([`play_of`]): the words only it
//! has, parsed and checked, what ending a phase does by its text, what
//! a unit may be asked to throw, what is owed before `next`, and its usage rows. The rest
//! of the game asks here and never names a ruleset, so a ruleset's play is one line in
//! `play_of` and one `Play` (`docs/architecture.md`, *The seam for rulesets*).

use super::command::COMMANDS;
use super::refusal::Refusal;
use crate::engine::answer::{Answer, Asker, Question};
use crate::engine::checklist::Checklist;
use crate::engine::event::Event;
use crate::engine::own_command::{OwnCommand, OwnWords};
use crate::engine::play_refusal::PlayRefusal;
use crate::engine::state::GameState;
use crate::engine::unit_need::UnitNeed;
use crate::engine::words::FormFact;
use crate::rules::Ruleset;
use crate::rules::charge_moves::play as charge_moves;
use crate::rules::d10_sheet::play as d10_sheet;
use crate::rules::old_trousers::play as trousers;
use crate::rules::sound_the_charge::play::{self as sound_the_charge, boats};
use crate::rules::sound_the_charge_1_25::play::{
    self as sound_the_charge_1_25, fire as fire_1_25, turn_end as turn_end_1_25,
};
use crate::rules::unit::Unit;

/// The usage rows of the commands `ruleset` offers, in its help's order: the shared words,
/// its own, then the turn's and the log's.
pub fn commands_for(ruleset: Ruleset) -> Vec<(&'static str, &'static str, &'static str)> {
    (play_of(ruleset).usage)(ruleset)
}

/// A usage row: the word, its usage, what it does.
pub type UsageRow = (&'static str, &'static str, &'static str);

/// A line of a ruleset's own words parsed, `None` when the word is not one it parses.
type OwnParsed = Option<Result<OwnCommand, Refusal>>;

/// The game as a ruleset's play asks it (`need`'s commands' own answers).
type Ask<'a> = dyn Asker<Refusal = Refusal> + 'a;

/// A `need` answer, or why there is none.
type Answered = Result<Answer, Refusal>;

/// A command's events, or why it cannot be done.
type Checked = Result<Vec<Event>, Refusal>;

/// One ruleset's play, as the game asks it.
pub(super) struct Play {
    /// Parses a line whose first word is one of the ruleset's own (`verb`, lower case);
    /// `None` when the shared parse reads the word.
    pub parse_own: fn(verb: &str, args: &[&str]) -> OwnParsed,
    /// Checks a command of its own words; `None` for another ruleset's.
    pub check_own: fn(&GameState, &OwnCommand) -> Option<Checked>,
    /// What ending the phase does by the ruleset's own text, logged after what was left
    /// open; or why the phase cannot end yet.
    pub phase_end: fn(&GameState) -> Checked,
    /// What the end of a side's own turn does by the ruleset's text, before the tests it
    /// left untaken lapse.
    pub own_turn_ends: fn(&GameState) -> Vec<Event>,
    /// Each throw a unit may be asked to make; the game answers what its commands ask.
    pub needs: fn(&GameState, &Unit, &Ask<'_>) -> Vec<UnitNeed>,
    /// What the referee should settle before `next`.
    pub checklist: fn(&GameState) -> Checklist,
    /// The usage rows of the commands it offers, in the table's order.
    pub usage: fn(Ruleset) -> Vec<UsageRow>,
    /// A `need` question it answers its own way; `None`: the command's own check does.
    pub answer_own: fn(&GameState, &str, Question, &Ask<'_>) -> Option<Answered>,
    /// The facts a guided form of a word offers a unit; `None`: the word has no form.
    pub form_facts: fn(&GameState, &Unit, &str) -> Option<Vec<FormFact>>,
}

/// The facts the screen's guided form of `verb` offers `unit`, each with its key, by the
/// game's ruleset; `None` when the ruleset has no form for the word (or does not offer it).
pub fn form_facts(state: &GameState, unit: &Unit, verb: &str) -> Option<Vec<FormFact>> {
    let ruleset = state.ruleset();
    if !ruleset.offers(verb) {
        return None;
    }
    (play_of(ruleset).form_facts)(state, unit, verb)
}

impl Checklist {
    /// What the referee should settle before `next`, by the state's ruleset.
    pub fn of(state: &GameState) -> Checklist {
        (play_of(state.ruleset()).checklist)(state)
    }
}

/// The play of `ruleset`: the one match in the game naming the rulesets' plays.
pub(super) fn play_of(ruleset: Ruleset) -> &'static Play {
    match ruleset {
        Ruleset::SoundTheCharge => &SOUND_THE_CHARGE,
        Ruleset::SoundTheCharge125 => &SOUND_THE_CHARGE_1_25,
        Ruleset::ChargeMoves => &CHARGE_MOVES,
        Ruleset::OldTrousers => &OLD_TROUSERS,
        Ruleset::D10Sheet => &D10_SHEET,
    }
}

const SOUND_THE_CHARGE: Play = Play {
    parse_own: |verb, args| sound_the_charge_words(Ruleset::SoundTheCharge, verb, args),
    check_own: |state, command| checked(command, |command| sound_the_charge::check(state, command)),
    phase_end: |state| Ok(sound_the_charge::phase_end(state)),
    own_turn_ends: boats::own_turn_ends,
    needs: |state, unit, asker| {
        sound_the_charge::needs(state, unit, sound_the_charge::fire_line(unit), asker)
    },
    checklist: sound_the_charge::checklist::checklist,
    usage: profile_usage,
    answer_own: |_, _, _, _| None,
    form_facts: sound_the_charge::form_facts,
};

const SOUND_THE_CHARGE_1_25: Play = Play {
    parse_own: |verb, args| sound_the_charge_words(Ruleset::SoundTheCharge125, verb, args),
    check_own: |state, command| {
        checked(command, |command| {
            sound_the_charge_1_25::check(state, command)
        })
    },
    phase_end: |_| Ok(Vec::new()),
    // Boats are *Sound the Charge*'s optional rule alone.
    own_turn_ends: turn_end_1_25::maneuvers_done,
    needs: |state, unit, asker| {
        sound_the_charge::needs(state, unit, fire_1_25::fire_line(unit), asker)
    },
    checklist: sound_the_charge::checklist::checklist,
    usage: profile_usage,
    answer_own: |_, _, _, _| None,
    form_facts: sound_the_charge::form_facts,
};

/// A line of *Sound the Charge*'s own words, as either edition (`ruleset`) reads them: the
/// same words, refused with that edition's usage.
fn sound_the_charge_words(ruleset: Ruleset, verb: &str, args: &[&str]) -> OwnParsed {
    let parsed = sound_the_charge::parse(verb, args, usage_in(ruleset, verb)).transpose();
    own_parsed(parsed)
}

const CHARGE_MOVES: Play = Play {
    parse_own: |verb, args| {
        let usage = usage_in(Ruleset::ChargeMoves, verb);
        let parsed = charge_moves::parse(verb, args, usage).transpose();
        own_parsed(parsed)
    },
    check_own: |state, command| checked(command, |command| charge_moves::check(state, command)),
    phase_end: |_| Ok(Vec::new()),
    own_turn_ends: |_| Vec::new(),
    needs: |state, unit, asker| charge_moves::needs(state, unit, &|line| asker.refusal_now(line)),
    checklist: charge_moves::checklist,
    usage: profile_usage,
    answer_own: |_, _, _, _| None,
    form_facts: |_, _, _| None,
};

const OLD_TROUSERS: Play = Play {
    parse_own: |verb, args| {
        let parsed = trousers::parse(verb, args);
        own_parsed(parsed)
    },
    check_own: |state, command| checked(command, |command| trousers::check(state, command)),
    phase_end: |state| trousers::phase_end(state).map_err(refused),
    own_turn_ends: |_| Vec::new(),
    needs: |state, unit, asker| trousers::needs(state, unit, &|line| asker.refusal_now(line)),
    checklist: trousers::checklist,
    // Its own words mean its own things, even where another ruleset has the word; their
    // rows are its play's help.
    usage: |ruleset| listed_usage(ruleset, &trousers::help()),
    answer_own: |state, unit, question, asker| {
        let refusal_now = |line: &str| asker.refusal_now(line);
        Some(trousers::answer(state, unit, question, &refusal_now).map_err(refused))
    },
    form_facts: |_, _, _| None,
};

const D10_SHEET: Play = Play {
    parse_own: |verb, args| {
        let usage = usage_in(Ruleset::D10Sheet, verb);
        let parsed = d10_sheet::parse(verb, args, usage).transpose();
        own_parsed(parsed)
    },
    check_own: |state, command| checked(command, |command| d10_sheet::check(state, command)),
    phase_end: |_| Ok(Vec::new()),
    own_turn_ends: |_| Vec::new(),
    needs: |state, unit, _| d10_sheet::needs(state, unit),
    checklist: d10_sheet::checklist,
    usage: profile_usage,
    answer_own: |_, _, _, _| None,
    form_facts: |_, _, _| None,
};

/// A line of a play's own words as the game holds it, refused as the play sorted it.
fn own_parsed<C, E>(parsed: Option<Result<C, E>>) -> OwnParsed
where
    C: OwnWords + PartialEq,
    E: Into<PlayRefusal>,
{
    parsed.map(|parsed| parsed.map(OwnCommand::new).map_err(refused))
}

/// The play's own check of a command its own parse made (`C`); `None` for a command
/// another ruleset's parse made.
fn checked<C, E>(
    command: &OwnCommand,
    check: impl FnOnce(&C) -> Result<Vec<Event>, E>,
) -> Option<Checked>
where
    C: OwnWords,
    E: Into<PlayRefusal>,
{
    command
        .get::<C>()
        .map(|command| check(command).map_err(refused))
}

/// A play's refusal as the game gives it.
fn refused(refusal: impl Into<PlayRefusal>) -> Refusal {
    Refusal::from(refusal.into())
}

/// The usage `ruleset` shows for `verb`: its own row, else the first row listed anywhere
/// (a line read with no game takes the first ruleset's words, and 1:25's with them).
fn usage_in(ruleset: Ruleset, verb: &str) -> &'static str {
    let own = ruleset.profile().usage.iter();
    let row = own.chain(every_row()).find(|(word, _, _)| *word == verb);
    row.map_or("", |(_, usage, _)| usage)
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

/// The rows of the words `ruleset` offers, its own from its profile.
fn profile_usage(ruleset: Ruleset) -> Vec<UsageRow> {
    listed_usage(ruleset, ruleset.profile().usage)
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
