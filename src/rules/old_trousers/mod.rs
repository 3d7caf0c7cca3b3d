//! *Old Trousers II* (John P. Kelly, version 1.0, 2005): the numbers and procedures a
//! referee resolves, from the excerpt `../shared/rules/old-trousers-ii-excerpt.txt`.
//!
//! The excerpt is the rulebook's pages 1 to 22 and stops inside *Charges: Defenders
//! Reaction*; [`excerpt`] lists what it calls for and does not give (the Reaction Test,
//! the Charge Test, melee, morale). Section names in doc comments are the rulebook's
//! headings, with its page. Where the text is unclear we chose one reading:
//! `docs/rulings-old-trousers.md`, cited here as "ruling N".
//!
//! Dice arrive as faces; nothing here rolls. The game uses a d10 for almost everything,
//! a d20 for order activation and d6s for charge bonuses, rout moves and fall-backs.

pub mod charge;
pub mod charts;
pub mod command;
pub mod concern;
pub mod dice;
pub mod event;
pub mod excerpt;
pub mod fire;
mod forbidden;
pub mod general_state;
pub mod move_state;
pub mod movement;
pub mod orders;
pub mod play;
pub mod profile;
pub mod random_events;
mod roster;
pub mod scenario;
pub mod scenario_problem;
pub mod turn_state;
pub mod unit;
pub mod unit_state;

pub use forbidden::Forbidden;

use crate::rules::optional_rule::OptionalRule;
use crate::rules::phase::Phase as TurnPhase;
use crate::rules::unit::Formation as RosterFormation;
use std::fmt;

/// The phases the app steps through with `next`: the initiative and random events once a
/// game turn, then the order segment and action subsegments for each player in turn
/// (*Sequence of Play*, p9). The end of turn's victory check is the scenario's, so the
/// last breakthrough leads to the next initiative.
pub const TURN: [TurnPhase; 10] = [
    TurnPhase::Initiative,
    TurnPhase::RandomEvents,
    TurnPhase::Orders,
    TurnPhase::Rally,
    TurnPhase::Movement,
    TurnPhase::StationaryFire,
    TurnPhase::ChargeTest,
    TurnPhase::MovingFire,
    TurnPhase::Melee,
    TurnPhase::Breakthrough,
];

/// How many of the turn's phases open it for both players: the initiative and the
/// random events.
pub const OPENING_PHASES: usize = 2;

/// The phases each player goes through in his own half of the turn: all but those that
/// open it.
pub const PLAYER_PHASES: &[TurnPhase] = TURN.as_slice().split_at(OPENING_PHASES).1;

/// The command words *Old Trousers II* adds to the shared ones. The outcomes the excerpt
/// leaves out (reaction and charge tests, melee, rally) are recorded with `hit`,
/// `shaken`, `disorder`, `rout`, `unrout` and `form`.
pub const COMMANDS: [&str; 16] = [
    "initiative",
    "event",
    "order",
    "activate",
    "cp",
    "cmd",
    "replace",
    "move",
    "charge",
    "countercharge",
    "fallback",
    "rout",
    "unrout",
    "fire",
    "shaken",
    "disorder",
];

/// `column` is the company (march) column; the attack column has its own word.
pub const FORMATIONS: [RosterFormation; 7] = [
    RosterFormation::Line,
    RosterFormation::Column,
    RosterFormation::AttackColumn,
    RosterFormation::Skirmish,
    RosterFormation::Square,
    RosterFormation::Limbered,
    RosterFormation::Unlimbered,
];

pub const OPTIONAL_RULES: [OptionalRule; 1] = [OptionalRule::RandomEvents];

/// The two players. Neither is first by nature: the initiative decides who moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Player {
    A,
    B,
}

impl Player {
    #[must_use]
    pub fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }
}

/// The top-level phases of a turn (*Sequence of Play*, p9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phase {
    Initiative,
    RandomEvents,
    FirstPlayer,
    SecondPlayer,
    EndOfTurn,
}

/// Every step of a turn in order, the two player phases spelled out (*Sequence of Play*,
/// p9). Each player phase is an order segment then the seven action subsegments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Step {
    Initiative,
    RandomEvents,
    Orders(Turn),
    Rally(Turn),
    Movement(Turn),
    StationaryFire(Turn),
    ChargeTest(Turn),
    MovingFire(Turn),
    Melee(Turn),
    Breakthrough(Turn),
    EndOfTurn,
}

/// Whose player phase a step belongs to: the one who moves first or second this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Turn {
    First,
    Second,
}

impl Step {
    pub const SEQUENCE: [Step; 19] = [
        Step::Initiative,
        Step::RandomEvents,
        Step::Orders(Turn::First),
        Step::Rally(Turn::First),
        Step::Movement(Turn::First),
        Step::StationaryFire(Turn::First),
        Step::ChargeTest(Turn::First),
        Step::MovingFire(Turn::First),
        Step::Melee(Turn::First),
        Step::Breakthrough(Turn::First),
        Step::Orders(Turn::Second),
        Step::Rally(Turn::Second),
        Step::Movement(Turn::Second),
        Step::StationaryFire(Turn::Second),
        Step::ChargeTest(Turn::Second),
        Step::MovingFire(Turn::Second),
        Step::Melee(Turn::Second),
        Step::Breakthrough(Turn::Second),
        Step::EndOfTurn,
    ];

    pub fn phase(self) -> Phase {
        match self {
            Step::Initiative => Phase::Initiative,
            Step::RandomEvents => Phase::RandomEvents,
            Step::EndOfTurn => Phase::EndOfTurn,
            Step::Orders(t)
            | Step::Rally(t)
            | Step::Movement(t)
            | Step::StationaryFire(t)
            | Step::ChargeTest(t)
            | Step::MovingFire(t)
            | Step::Melee(t)
            | Step::Breakthrough(t) => match t {
                Turn::First => Phase::FirstPlayer,
                Turn::Second => Phase::SecondPlayer,
            },
        }
    }

    /// The step after this one, or `None` when the turn is over.
    pub fn following(self) -> Option<Step> {
        let at = Step::SEQUENCE.iter().position(|&s| s == self)?;
        Step::SEQUENCE.get(at + 1).copied()
    }

    pub fn word(self) -> &'static str {
        match self {
            Step::Initiative => "initiative",
            Step::RandomEvents => "random events",
            Step::Orders(_) => "orders",
            Step::Rally(_) => "rally",
            Step::Movement(_) => "movement",
            Step::StationaryFire(_) => "stationary fire",
            Step::ChargeTest(_) => "charge test",
            Step::MovingFire(_) => "moving fire",
            Step::Melee(_) => "melee",
            Step::Breakthrough(_) => "breakthrough",
            Step::EndOfTurn => "end of turn",
        }
    }

    /// What happens in the step, in a line.
    pub fn summary(self) -> &'static str {
        match self {
            Step::Initiative => {
                "each player rolls a d10 with modifiers; the higher picks who moves first"
            }
            Step::RandomEvents => {
                "optional: each player rolls a d10, on 1-2 a second d10 picks an event"
            }
            Step::Orders(_) => {
                "mark out-of-command units, roll d20 for pending orders, army and corps commanders send one new order, commanders receive command points"
            }
            Step::Rally(_) => {
                "leaders move and attach; routed units given a rally order may try to rally, the rest rout"
            }
            Step::Movement(_) => {
                "units in command or under an order move, charge, face and form; defenders react to charges"
            }
            Step::StationaryFire(_) => {
                "all non-phasing units and phasing units that did not move fire, simultaneously"
            }
            Step::ChargeTest(_) => {
                "charging units test; those who pass close, those who fail halt or fall back"
            }
            Step::MovingFire(_) => {
                "phasing units that have not fired may fire, chargers that failed to close included"
            }
            Step::Melee(_) => "melees from charges are fought",
            Step::Breakthrough(_) => "melee winners may make breakthrough moves and melees",
            Step::EndOfTurn => "check for victory",
        }
    }

    /// What the excerpt leaves out that this step needs, if anything.
    pub fn gap(self) -> Option<&'static excerpt::Gap> {
        let name = match self {
            Step::Rally(_) => "Rallying Routed Units",
            Step::ChargeTest(_) => "Charges: Charge Tests",
            Step::Melee(_) => "Melee",
            Step::Breakthrough(_) => "Breakthroughs",
            Step::EndOfTurn => "Victory conditions",
            _ => return None,
        };
        excerpt::gap(name)
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_runs_initiative_events_two_player_phases_and_the_end() {
        let mut step = Step::Initiative;
        let mut seen = vec![step];
        while let Some(next) = step.following() {
            seen.push(next);
            step = next;
        }
        assert_eq!(seen, Step::SEQUENCE);
        assert_eq!(step, Step::EndOfTurn);
        // Order segment then seven action subsegments, twice.
        let first = seen
            .iter()
            .filter(|s| s.phase() == Phase::FirstPlayer)
            .count();
        let second = seen
            .iter()
            .filter(|s| s.phase() == Phase::SecondPlayer)
            .count();
        assert_eq!((first, second), (8, 8));
    }

    #[test]
    fn steps_whose_procedure_is_missing_say_so() {
        assert!(Step::Melee(Turn::First).gap().is_some());
        assert!(Step::ChargeTest(Turn::Second).gap().is_some());
        assert!(Step::EndOfTurn.gap().is_some());
        assert!(Step::StationaryFire(Turn::First).gap().is_none());
        assert!(Step::Initiative.gap().is_none());
    }
}
