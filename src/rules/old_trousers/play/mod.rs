//! The commands of *Old Trousers II*. Parsing and checking live together here, as for
//! *Charge Moves*: no other ruleset reads these words so. The numbers are
//! `rules::old_trousers`'; the excerpt's gaps (reaction and charge tests, melee, rally)
//! are outcomes the referee records with `hit`, `shaken`, `disorder`, `rout`, `unrout`
//! and `form`.

mod checklist;
mod commanders;
mod fire;
mod maneuver;
mod needs;
mod orders;
mod random_events;
mod refusal;
mod turn;

pub use checklist::checklist;
pub use commanders::ReplaceOrder;
pub use fire::FireOrder;
pub use maneuver::{ManeuverOrder, charged_cavalry_disordered, countercharge_of, may_charge_now};
pub use needs::{answer, needs};
pub use orders::{ActivateOrder, SendOrder, UnitOrder, concerns, confined_out_of_command};
pub use random_events::EventOrder;
pub use refusal::TrousersRefusal;
pub use turn::InitiativeOrder;

use crate::engine::event::Event;
use crate::engine::own_command::OwnWords;
use crate::engine::play::{Play, checked, own_parsed};
use crate::engine::state::GameState;
use crate::rules::phase::Phase;
use refusal::TrousersTurnRefusal;
use std::fmt;

/// A command only *Old Trousers II* has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrousersCommand {
    /// Both players' initiative d10s, or the winner's choice of who moves first.
    Initiative(InitiativeOrder),
    /// A disabled commander's replacement (p12).
    Replace(ReplaceOrder),
    /// A move, a charge, a failed charge's fall-back, a rout, a rally recorded.
    Maneuver(ManeuverOrder),
    /// A player's random event check (p10).
    Event(EventOrder),
    /// An army or corps commander's new order (p13).
    Order(SendOrder),
    /// The d20 that activates a pending order (p13).
    Activate(ActivateOrder),
    /// A command point spent on an order to one unit (p13).
    UnitOrder(UnitOrder),
    /// One fire roll of one or more units at one target.
    Fire(FireOrder),
}

impl OwnWords for TrousersCommand {
    /// Whether it throws dice or allows a distance, which the table waits to see: not an
    /// order sent, a command point spent, a replacement placed, a rally recorded or the
    /// initiative winner's choice.
    fn shows_results(&self) -> bool {
        match self {
            TrousersCommand::Initiative(InitiativeOrder::Roll { .. })
            | TrousersCommand::Event(_)
            | TrousersCommand::Activate(_)
            | TrousersCommand::Fire(_) => true,
            TrousersCommand::Maneuver(order) => !matches!(order, ManeuverOrder::Unrout { .. }),
            TrousersCommand::Initiative(InitiativeOrder::First { .. })
            | TrousersCommand::Replace(_)
            | TrousersCommand::Order(_)
            | TrousersCommand::UnitOrder(_) => false,
        }
    }

    fn word(&self) -> &'static str {
        match self {
            TrousersCommand::Initiative(_) => "initiative",
            TrousersCommand::Replace(_) => "replace",
            TrousersCommand::Maneuver(order) => order.word(),
            TrousersCommand::Event(_) => "event",
            TrousersCommand::Order(_) => "order",
            TrousersCommand::Activate(_) => "activate",
            TrousersCommand::UnitOrder(_) => "cp",
            TrousersCommand::Fire(_) => "fire",
        }
    }
}

impl fmt::Display for TrousersCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrousersCommand::Initiative(order) => order.fmt(f),
            TrousersCommand::Replace(order) => order.fmt(f),
            TrousersCommand::Maneuver(order) => order.fmt(f),
            TrousersCommand::Event(order) => order.fmt(f),
            TrousersCommand::Order(order) => order.fmt(f),
            TrousersCommand::Activate(order) => order.fmt(f),
            TrousersCommand::UnitOrder(order) => order.fmt(f),
            TrousersCommand::Fire(order) => order.fmt(f),
        }
    }
}

/// A command word with its usage and meaning.
pub type Help = crate::rules::profile::UsageRow;

/// *Old Trousers II*'s own words with their usage and meaning, for help and refusals:
/// each module's, then the shared words it reads its own way.
pub fn help() -> Vec<Help> {
    turn::HELP
        .iter()
        .chain(&maneuver::HELP)
        .chain(&random_events::HELP)
        .chain(&orders::HELP)
        .chain(&commanders::HELP)
        .chain(&fire::HELP)
        .chain(&RECORDED)
        .copied()
        .collect()
}

/// Outcomes of the rules the excerpt lacks, recorded by hand.
const RECORDED: [Help; 2] = [
    (
        "shaken",
        "shaken <unit> [off]",
        "record a shaken unit (from a reaction test or melee the excerpt leaves out)",
    ),
    (
        "disorder",
        "disorder <unit> [off]",
        "record a disordered unit",
    ),
];

/// The usage line of one of *Old Trousers II*'s words.
pub fn usage(word: &str) -> &'static str {
    help()
        .into_iter()
        .find(|(w, _, _)| *w == word)
        .map_or("", |(_, usage, _)| usage)
}

/// Parses a line whose first word is one of *Old Trousers II*'s own; `None` for a word
/// it reads as every ruleset does.
pub fn parse(verb: &str, args: &[&str]) -> Option<Result<TrousersCommand, TrousersRefusal>> {
    turn::parse(verb, args)
        .or_else(|| maneuver::parse(verb, args))
        .or_else(|| random_events::parse(verb, args))
        .or_else(|| orders::parse(verb, args))
        .or_else(|| commanders::parse(verb, args))
        .or_else(|| fire::parse(verb, args))
}

pub fn check(state: &GameState, command: &TrousersCommand) -> Result<Vec<Event>, TrousersRefusal> {
    match command {
        TrousersCommand::Initiative(order) => turn::initiative(state, order),
        TrousersCommand::Replace(order) => commanders::replace(state, order),
        TrousersCommand::Maneuver(order) => maneuver::check(state, order),
        TrousersCommand::Event(order) => random_events::roll_event(state, order),
        TrousersCommand::Order(order) => orders::send(state, order),
        TrousersCommand::Activate(order) => orders::roll_activation(state, order),
        TrousersCommand::UnitOrder(order) => orders::order_unit(state, order),
        TrousersCommand::Fire(order) => fire::fire(state, order),
    }
}

/// What ending the phase does by the excerpt: the initiative is rolled before anyone
/// moves, and a cavalry charge's disorder comes with the melee.
pub fn phase_end(state: &GameState) -> Result<Vec<Event>, TrousersRefusal> {
    match state.phase() {
        Phase::Initiative if state.turn_state().trousers.first.is_none() => {
            Err(TrousersTurnRefusal::InitiativeFirst.into())
        }
        Phase::Melee => Ok(charged_cavalry_disordered(state).collect()),
        _ => Ok(Vec::new()),
    }
}

/// *Old Trousers II*'s play, as the game asks it.
pub const PLAY: Play = Play {
    // Its parse words its own refusals: its words' rows are its help, not the profile's.
    parse_own: |verb, args, _| own_parsed(parse(verb, args)),
    // A move names its obstacles in one `cross=` or several.
    gathered_keys: &["cross"],
    check_own: |state, command| checked(command, |command| check(state, command)),
    phase_end: |state| Ok(phase_end(state)?),
    own_turn_ends: |_| Vec::new(),
    needs: |state, unit, asker| needs(state, unit, &|line| asker.refusal_now(line)),
    checklist,
    // Its own words mean its own things, even where another ruleset has the word.
    own_usage: Some(help),
    answer_own: |state, unit, question, asker| {
        let refusal_now = |line: &str| asker.refusal_now(line);
        Some(answer(state, unit, question, &refusal_now).map_err(Into::into))
    },
    form_facts: |_, _, _| None,
};

#[cfg(test)]
mod tests {
    use super::help;
    use crate::rules::Ruleset;

    #[test]
    fn the_help_covers_every_word_the_ruleset_offers() {
        let mut own = Ruleset::OldTrousers.own_commands().to_vec();
        let mut helped: Vec<&str> = help().iter().map(|h| h.0).collect();
        own.sort_unstable();
        helped.sort_unstable();
        assert_eq!(own, helped);
    }
}
