//! What the referee should look at before ending the phase: the items each ruleset's play
//! raises (`Checklist`), and their words. The items every ruleset may raise are here, one
//! vocabulary as the engine's events are; a ruleset's own are its `concern.rs`, registered
//! in `own_concern.rs`. Which a ruleset raises, and when, is its play's (`Checklist::of`
//! asks it).

use super::own_concern::OwnConcern;
use crate::rules::army_morale::ArmyStanding;
use crate::rules::unit::Unit;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Concern {
    /// Hit by shooting and not yet tested (*Morale Test if Hit by Shooting*).
    OwesTest,
    /// In close combat and not yet fought this turn's round (*Close Combat*, Procedure).
    InContact,
    /// Charged in the movement phase and not yet fought: the charge's round is owed.
    /// `short_disorders`: the ruleset disorders a charge that never makes contact.
    Charged { short_disorders: bool },
    /// Charged, but its target evaded: it fights only if it went on into another unit.
    ChargeEvaded { short_disorders: bool },
    /// Charged, but its target has left the fight since: destroyed, or (1:25) retreated.
    ChargeTargetGone,
    /// Shaken, of the active side, in its rally phase, and free to test (*Rallying*).
    MayRally,
    /// Owes a retreat move this phase; if the table blocks it, it is destroyed
    /// (*Retreat Moves*).
    MustRetreat { inches: u32 },
    /// Shaken; outside the rally phase, or unable to rally now.
    Shaken,
    /// Out of command at the start of the movement phase: half speed (*Units out of Command*).
    OutOfCommand,
    /// Disordered; it reforms only by standing a whole active turn.
    Disordered,
    /// Disordered and stood still all turn: it may reform now (*Turn Sequence*).
    MayReform,
    /// Shattered: it leaves at the end of the phase (*Shattered Units*); `next` does it.
    Leaving,
    /// One more hit shatters it; worth knowing, not something to settle.
    OneHitFromShattering,
    /// The scenario's last turn.
    LastTurn { limit: u32 },
    /// The side's units shaken or gone against the *Army Morale* threshold, and whether
    /// it breaks if the turn ends now (an optional rule a ruleset offers by listing it).
    ArmyMorale {
        standing: ArmyStanding,
        breaks: bool,
    },
    /// A broken army in a campaign battle, retreating off the table (*Army Morale*).
    ArmyRetreating,
    /// An item of one ruleset's own (`rules/<ruleset>/concern.rs`).
    Own(OwnConcern),
}

/// One line of the checklist: a unit (or, for army morale, a side) and what is owed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChecklistItem {
    /// The unit's id, or the side's for army morale and the turn limit.
    pub subject: String,
    pub concern: Concern,
}

impl Concern {
    /// A stable name for programs reading `show --json`.
    pub fn key(&self) -> &'static str {
        match self {
            Concern::OwesTest => "owes_test",
            Concern::InContact => "in_contact",
            Concern::MustRetreat { .. } => "must_retreat",
            Concern::Charged { .. } => "charged",
            Concern::ChargeEvaded { .. } => "charge_evaded",
            Concern::ChargeTargetGone => "charge_target_gone",
            Concern::MayRally => "may_rally",
            Concern::Shaken => "shaken",
            Concern::OutOfCommand => "out_of_command",
            Concern::Disordered => "disordered",
            Concern::MayReform => "may_reform",
            Concern::Leaving => "leaving",
            Concern::OneHitFromShattering => "one_hit_from_shattering",
            Concern::LastTurn { .. } => "last_turn",
            Concern::ArmyMorale { .. } => "army_morale",
            Concern::ArmyRetreating => "army_retreating",
            Concern::Own(concern) => concern.key(),
        }
    }
}

impl ChecklistItem {
    /// "fr-61 shaken: may test to rally (`rally`)"
    pub fn describe(&self) -> String {
        let what = self.concern_words();
        format!("{} {what}", self.subject)
    }

    /// The item as a read-only screen words it, "fr-61 shaken: may test to rally": the
    /// parentheses that name the referee's commands (those holding a word in backticks)
    /// left out, as such a screen has no way to them.
    pub fn told(&self) -> String {
        let described = self.describe();
        let mut told = String::with_capacity(described.len());
        let mut rest = described.as_str();
        while let Some(open) = rest.find(" (") {
            let Some(close) = rest[open..].find(')').map(|at| open + at) else {
                break;
            };
            let inside = &rest[open..=close];
            told.push_str(&rest[..open]);
            if !inside.contains('`') {
                told.push_str(inside);
            }
            rest = &rest[close + 1..];
        }
        told.push_str(rest);
        told
    }

    fn concern_words(&self) -> String {
        match self.concern {
            Concern::OwesTest => "owes a morale test (`test`)".to_owned(),
            Concern::InContact => "in contact: fights a round (`combat`)".to_owned(),
            Concern::MustRetreat { inches } => format!(
                "retreats at least {inches}\", facing the enemy; if the table blocks it, \
                 `retreat {} blocked`",
                self.subject
            ),
            Concern::Charged { short_disorders } => format!(
                "charged: fights its round (`combat {}`){}",
                self.subject,
                if short_disorders {
                    "; without contact, disordered at `next`"
                } else {
                    ""
                }
            ),
            Concern::ChargeTargetGone => format!(
                "charged, but its target has left the fight: `combat {} vs <unit>` only if it \
                 went on into another",
                self.subject
            ),
            Concern::ChargeEvaded { short_disorders } => format!(
                "charged, and its target evaded: `combat {} vs <unit>` if it went on into \
                 another{}",
                self.subject,
                if short_disorders {
                    "; if not, disordered at `next`"
                } else {
                    ""
                }
            ),
            Concern::MayRally => "shaken: may test to rally (`rally`)".to_owned(),
            Concern::Shaken => "shaken".to_owned(),
            Concern::OutOfCommand => "out of command: half speed".to_owned(),
            Concern::Disordered => "disordered".to_owned(),
            Concern::MayReform => "disordered, stood all turn: may reform (`reform`)".to_owned(),
            Concern::Leaving => "SHATTERED: leaves at the end of the phase".to_owned(),
            Concern::OneHitFromShattering => "one hit from shattering".to_owned(),
            Concern::LastTurn { limit } => {
                format!("turn {limit} is the scenario's last: the battle ends with it")
            }
            Concern::ArmyMorale { standing, breaks } => format!(
                "army morale: {} of {} units shaken or gone, breaks at {}{}",
                standing.shaken_or_gone,
                standing.units,
                standing.breaks_at(),
                if breaks {
                    ": BREAKS at the end of this turn"
                } else {
                    ""
                }
            ),
            Concern::ArmyRetreating => "is broken and retreats off the table: its \
                 units are disordered, take a rout hit each of its turns and may not rally; \
                 `remove` each as it leaves"
                .to_owned(),
            Concern::Own(concern) => concern.words(&self.subject),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Checklist {
    /// To settle (or knowingly leave) before `next`.
    pub open: Vec<ChecklistItem>,
    /// To keep an eye on.
    pub watch: Vec<ChecklistItem>,
}

impl Checklist {
    /// `concern` of `unit`, to settle (or knowingly leave) before `next`.
    pub(crate) fn open(&mut self, unit: &Unit, concern: Concern) {
        self.open.push(ChecklistItem {
            subject: unit.id.clone(),
            concern,
        });
    }

    /// `concern` of `unit`, to keep an eye on.
    pub(crate) fn watch(&mut self, unit: &Unit, concern: Concern) {
        self.watch.push(ChecklistItem {
            subject: unit.id.clone(),
            concern,
        });
    }
}
