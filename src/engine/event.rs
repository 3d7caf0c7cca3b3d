//! Events: what a command did, recorded in the log and replayed to rebuild the state.
//!
//! An event holds outcomes only (and, once dice arrive, the faces rolled), never a request,
//! so replaying the log gives the same battle even if the rules code changes.

use super::clock::{ClockChange, clock_line};
use super::combat_round::CombatRound;
use super::house_rule::{HouseValue, house_rule_line, house_values_line};
use super::own_event::OwnEvent;
use super::roll::Roll;
use super::state::GameState;
use crate::core::passage::as_written;
use crate::rules::old_trousers::unit_state::MoveState;
use crate::rules::phase::Phase;
use crate::rules::profile::{OwedTest, RetreatOwed};
use crate::rules::sides::GeneralStatus;
use crate::rules::told::Told;
use crate::rules::unit::{CommandState, Formation, HitKind, Morale};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// `count` figures removed, as loss or rout hits.
    Hits {
        unit: String,
        kind: HitKind,
        count: u32,
    },
    /// `count` hits of `kind` taken back: the figures return.
    HitsTakenBack {
        unit: String,
        kind: HitKind,
        count: u32,
    },
    /// Down to a quarter of its starting figures; leaves at the end of the phase.
    Shattered {
        unit: String,
    },
    Morale {
        unit: String,
        morale: Morale,
    },
    Disorder {
        unit: String,
        disordered: bool,
    },
    Formation {
        unit: String,
        formation: Formation,
    },
    Command {
        unit: String,
        command: CommandState,
    },
    Attached {
        general: String,
        unit: String,
    },
    Detached {
        general: String,
    },
    /// Taken off the table by the referee.
    Removed {
        unit: String,
    },
    /// A shattered unit leaves the table as its phase ends.
    LeftTable {
        unit: String,
    },
    Note {
        unit: String,
        text: String,
    },
    /// A house rule set or lifted mid-game (`house set`): the number named `name` reads
    /// `value` from now on (none: the book's) where it read `was` (none: the book's).
    HouseRule {
        name: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        value: Option<i32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        was: Option<i32>,
    },
    /// The referee settled the battle: `side` won (none: a draw), for `why`.
    Victory {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        side: Option<String>,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        why: String,
    },
    /// The slot's clock paused, resumed or set (`clock …`), at its entry's time.
    Clock {
        change: ClockChange,
    },
    /// The numbers a house rule changed that the command's result used without a reason
    /// saying so (a threshold compared, a count, a reach): the referee's note of them.
    HouseValuesUsed {
        numbers: Vec<HouseValue>,
    },
    /// Dice thrown for a test or a shot, with the reasons for the score. A morale test
    /// taken settles the test the unit owed; a rally test uses the unit's try this turn.
    Rolled(Roll),
    /// Hit by shooting: the unit owes a morale test, `hits` worse for each hit.
    TestOwed {
        unit: String,
        hits: u32,
    },
    /// The turn ended before the unit took the morale test it owed.
    TestLapsed {
        unit: String,
    },
    /// A round of close combat: points, dice and results. The hits, retreats and
    /// disorder it causes follow as events of their own.
    Fought(CombatRound),
    /// The unit is now in close combat with exactly these enemies (none: out of contact).
    Contact {
        unit: String,
        with: Vec<String>,
    },
    /// Destroyed in close combat: overrun, carried, or unable to retreat.
    Eliminated {
        unit: String,
        cause: String,
    },
    /// Killed or captured; he leaves the unit he rode with.
    GeneralLost {
        general: String,
        status: GeneralStatus,
    },
    /// The game moved to this turn, side and phase.
    /// The side's army breaks at the end of a turn (*Army Morale*): the battle is over.
    ArmyBroken {
        side: String,
        shaken_or_gone: u32,
        units: u32,
    },
    /// A unit moved, charged or evaded: how far it might go and why (*Movement*).
    Moved {
        unit: String,
        allowance: String,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        charging: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<String>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        evade: bool,
        /// A voluntary retreat (optional rule).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        retreat: bool,
        why: Vec<String>,
        /// *Old Trousers II*'s moves and charges only.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        trousers: Option<MoveState>,
    },
    /// Lost a combat, failed a shooting morale test or bounced off a square: it owes a
    /// retreat move of at least this many inches (*Retreat Moves*).
    MustRetreat {
        unit: String,
        inches: u32,
    },
    /// A charger that made no contact is disordered (*Steadiness and Disorder* 5).
    ChargeFellShort {
        unit: String,
    },
    /// Checklist items the referee left open when ending the phase.
    LeftOpen {
        items: Vec<String>,
    },
    PhaseBegan {
        turn: u32,
        active: String,
        phase: Phase,
    },
    /// An event only one ruleset logs, its own to write, read and apply. The derived serde
    /// here passes it over: the log writes and reads events through [`super::logged`], which
    /// hands it to its ruleset, so that a malformed engine event is still refused with
    /// serde's own words (a fallback variant would swallow them).
    #[serde(skip)]
    Own(OwnEvent),
}

impl Event {
    /// One line for the referee, read against the state *after* the event.
    pub fn describe(&self, state: &GameState) -> String {
        state.with_house_rules(|| self.describe_in_force(state))
    }

    /// [`Event::describe`] with the game's house rules in force.
    // One short arm per event, the shared events' wording in one place (a ruleset's own
    // are its `event.rs`'s); splitting it would only scatter the sentences.
    #[allow(clippy::too_many_lines)]
    fn describe_in_force(&self, state: &GameState) -> String {
        let name = |id: &str| state.named(id);
        let general = |id: &str| state.general_named(id);
        match self {
            Event::Hits { unit, kind, count } => {
                let left = state
                    .unit(unit)
                    .map_or(0, crate::rules::unit::Unit::figures);
                let hits = kind.count_phrase(*count);
                format!("{} takes {hits}: {left} figures left", name(unit))
            }
            Event::HitsTakenBack { unit, kind, count } => {
                let left = state
                    .unit(unit)
                    .map_or(0, crate::rules::unit::Unit::figures);
                let hits = kind.count_phrase(*count);
                format!("{} has {hits} taken back: {left} figures", name(unit))
            }
            Event::Shattered { unit } => format!(
                "{} is SHATTERED and leaves the table at the end of the phase",
                name(unit)
            ),
            Event::Morale { unit, morale } => match morale {
                Morale::Shaken => format!("{} is shaken", name(unit)),
                Morale::Good => format!("{} is in good morale again", name(unit)),
                Morale::Routed => format!("{} is ROUTED", name(unit)),
            },
            Event::Disorder { unit, disordered } => {
                if *disordered {
                    format!("{} is disordered", name(unit))
                } else {
                    format!("{} is no longer disordered", name(unit))
                }
            }
            Event::Formation { unit, formation } => match formation {
                // A battery is limbered, not "in limbered".
                Formation::Limbered | Formation::Unlimbered => {
                    format!("{} is now {formation}", name(unit))
                }
                _ => format!("{} is now in {formation}", name(unit)),
            },
            Event::Command { unit, command } => match command {
                CommandState::In => format!("{} is in command", name(unit)),
                CommandState::Out => format!("{} is out of command", name(unit)),
            },
            Event::Attached { general: g, unit } => {
                format!("{} rides with {}", general(g), name(unit))
            }
            Event::Detached { general: g } => format!("{} is no longer attached", general(g)),
            Event::Removed { unit } => format!("{} is removed from play", name(unit)),
            Event::LeftTable { unit } => format!("{} leaves the table, shattered", name(unit)),
            Event::Note { unit, text } if text.is_empty() => {
                format!("{}: note cleared", name(unit))
            }
            Event::Note { unit, text } => {
                format!("{}: note \"{}\"", name(unit), as_written(text))
            }
            Event::HouseRule { name, value, was } => {
                house_rule_line(state.ruleset(), name, *value, *was)
            }
            Event::Clock { change } => clock_line(state, *change),
            Event::Victory { side, why } => {
                let (won, why) = settled_words(state, side.as_deref(), why);
                format!("the referee settles the battle: {won}{why}")
            }
            Event::HouseValuesUsed { numbers } => house_values_line(state.ruleset(), numbers),
            Event::Rolled(roll) => roll.summary(),
            Event::Fought(round) => round.summary(),
            Event::Contact { unit, with } if with.is_empty() => {
                format!("{} is out of contact", name(unit))
            }
            Event::Contact { unit, with } => {
                format!("{} is in contact with {}", name(unit), with.join(", "))
            }
            Event::Eliminated { unit, cause } => {
                format!("{} is ELIMINATED: {cause}", name(unit))
            }
            // Each ruleset owes a different throw for the same hits.
            Event::TestOwed { unit, hits } => match state.ruleset().owed_test() {
                OwedTest::MoraleForMeleeShare => format!(
                    "{} lost the larger share ({hits} men) and must throw for morale",
                    name(unit)
                ),
                OwedTest::FireTest => format!(
                    "{} must take a fire test ({hits} hits from one fire): `test {unit}`",
                    name(unit)
                ),
                OwedTest::MoraleForShootingHits => {
                    let total = state
                        .unit(unit)
                        .map_or(*hits, |u| u.hits_to_test(OwedTest::MoraleForShootingHits));
                    format!(
                        "{} must test morale ({} this turn)",
                        name(unit),
                        crate::core::plural::counted(total, "shooting hit")
                    )
                }
            },
            Event::TestLapsed { unit } => {
                format!(
                    "{}: the morale test it owed lapses with the turn",
                    name(unit)
                )
            }
            Event::GeneralLost { general: g, status } => {
                format!("{} is {}", general(g), status.word().to_uppercase())
            }
            Event::ArmyBroken {
                side,
                shaken_or_gone,
                units,
            } => army_broken(state, side, *shaken_or_gone, *units),
            Event::Moved {
                unit, allowance, ..
            } => {
                let target = self.motion().map(|m| m.named(name));
                moved_line(&name(unit), allowance, &target.unwrap_or(Motion::Move))
            }
            Event::MustRetreat { unit, inches } => match state.ruleset().retreat() {
                // *Retreat Moves* in 1:25: every retreat is 6-24", the owner's choice (R37).
                RetreatOwed::Between { least, most } => format!(
                    "{} must retreat {}-{}\" (the player's choice), facing the enemy or about face",
                    name(unit),
                    least.count(),
                    most.count(),
                ),
                RetreatOwed::AtLeast => format!(
                    "{} must retreat at least {inches}\" (up to 18\"), facing the enemy",
                    name(unit)
                ),
            },
            Event::Own(own) => own.describe(state),
            Event::ChargeFellShort { unit } => format!(
                "{} charged but made no contact: it is disordered",
                name(unit)
            ),
            Event::LeftOpen { items } => format!("Left open: {}", items.join("; ")),
            Event::PhaseBegan {
                turn,
                active,
                phase,
            } => {
                format!("Turn {turn}, {}: {phase} phase", state.side_named(active))
            }
        }
    }
}

fn army_broken(state: &GameState, side: &str, shaken_or_gone: u32, units: u32) -> String {
    let name = state.side_named(side);
    let ending = if state.campaign() {
        format!("{name} lose the battle and retreat off the table")
    } else {
        format!("The battle is over; {name} lose")
    };
    format!(
        "THE {} ARMY BREAKS: {shaken_or_gone} of its {units} units shaken or eliminated. \
         {ending}.",
        name.to_uppercase()
    )
}

/// What kind of move a `Moved` event records; a charge carries its target's name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Motion {
    Move,
    Charge(Option<String>),
    /// *Old Trousers II*: meeting the unit that charged it; `met` when the two closed the
    /// gap, so the ground it covered is exact (ruling 23).
    Countercharge {
        charger: String,
        met: bool,
    },
    Evade,
    Retreat,
}

impl Motion {
    /// The same motion with the target named by `name` (an id to a display name).
    #[must_use]
    pub fn named(self, name: impl Fn(&str) -> String) -> Motion {
        match self {
            Motion::Charge(Some(target)) => Motion::Charge(Some(name(&target))),
            Motion::Countercharge { charger, met } => Motion::Countercharge {
                charger: name(&charger),
                met,
            },
            other => other,
        }
    }

    /// "charges br-28", "evades": the verb and any target, as named.
    pub fn verb(&self) -> String {
        match self {
            Motion::Evade => "evades".to_owned(),
            Motion::Retreat => "retreats".to_owned(),
            Motion::Charge(Some(target)) => format!("charges {target}"),
            Motion::Charge(None) => "charges".to_owned(),
            Motion::Countercharge { charger, .. } => format!("countercharges {charger}"),
            Motion::Move => "moves".to_owned(),
        }
    }
}

impl Event {
    /// Whether this is what the table waits for after a command: a throw of the dice, a
    /// round of combat or a move. The dice pane shows these, and the status line says
    /// them before what they caused.
    pub fn is_thrown(&self) -> bool {
        matches!(
            self,
            Event::Rolled(_) | Event::Fought(_) | Event::Moved { .. }
        )
    }

    /// A move as the dice pane and the forms tell it: its line, and the reasons for its
    /// allowance.
    pub fn told_move(&self) -> Option<(String, &[String])> {
        let Event::Moved {
            unit,
            allowance,
            why,
            ..
        } = self
        else {
            return None;
        };
        let motion = self.motion().unwrap_or(Motion::Move);
        Some((moved_line(unit, allowance, &motion), why))
    }

    /// A move's kind, for `Moved` events.
    pub fn motion(&self) -> Option<Motion> {
        let Event::Moved {
            charging,
            target,
            evade,
            retreat,
            trousers,
            ..
        } = self
        else {
            return None;
        };
        let countercharge = trousers.filter(|t| t.countercharge);
        Some(if *evade {
            Motion::Evade
        } else if *retreat {
            Motion::Retreat
        } else if let (Some(countered), Some(charger)) = (countercharge, target) {
            Motion::Countercharge {
                charger: charger.clone(),
                met: countered.met,
            }
        } else if *charging {
            Motion::Charge(target.clone())
        } else {
            Motion::Move
        })
    }
}

/// "fr-61 charges br-28: up to 8\"": the unit and target as the caller names them. A
/// countercharge that met its charger went exactly its share.
pub fn moved_line(unit: &str, allowance: &str, motion: &Motion) -> String {
    match motion {
        Motion::Countercharge { met: true, .. } => {
            format!("{unit} {}: they meet after its {allowance}", motion.verb())
        }
        _ => format!("{unit} {}: up to {allowance}", motion.verb()),
    }
}

/// A battle settled, in words: "a French victory" (or "a draw"), and ": why" when the
/// referee gave one; the log's line and the report's sentences are made of them.
pub fn settled_words(state: &GameState, side: Option<&str>, why: &str) -> (String, String) {
    let won = side.map_or_else(
        || "a draw".to_owned(),
        |id| {
            let name = state.side(id).map_or(id, |s| s.name.as_str());
            format!("a {} victory", as_written(name))
        },
    );
    let why = if why.is_empty() {
        String::new()
    } else {
        format!(": {}", as_written(why))
    };
    (won, why)
}
