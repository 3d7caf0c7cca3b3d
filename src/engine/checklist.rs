//! What the referee should look at before ending the phase: the items each ruleset's play
//! raises (`Checklist`), and their words. The items are one vocabulary, as the events are;
//! which a ruleset raises, and when, is its play's (`Checklist::of` asks it).

use crate::rules::army_morale::ArmyStanding;
use crate::rules::old_trousers::orders::CommandConcern;
use crate::rules::unit::Unit;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Concern {
    /// Hit by shooting and not yet tested (*Morale Test if Hit by Shooting*).
    OwesTest,
    /// *Sound the Charge 1:25*: two or more hits from one fire owe a fire test.
    OwesFireTest,
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
    /// *Sound the Charge 1:25*: owes a retreat anywhere from `least` to `most` inches, the
    /// player's choice (*Retreat Moves*).
    RetreatBetween { least: u32, most: u32 },
    /// Its gunners left the guns to evade; they neither shoot nor fight until back.
    GunsAbandoned,
    /// Cavalry off the table after the enemy it followed: in its side's rally phase it
    /// rolls to come back (*National Modifiers*, Britain).
    MayReturn,
    /// Off the table after the enemy it followed, not rolling now.
    Away,
    /// Shaken; outside the rally phase, or unable to rally now.
    Shaken,
    /// Out of command at the start of the movement phase: half speed (*Units out of Command*).
    OutOfCommand,
    /// *Old Trousers II*: out of command and not ordered for a command point this turn:
    /// it does only what `OUT_OF_COMMAND_MAY` lists (p12-13).
    OutOfCommandConfined,
    /// Disordered; it reforms only by standing a whole active turn.
    Disordered,
    /// Disordered and stood still all turn: it may reform now (*Turn Sequence*).
    MayReform,
    /// Shattered: it leaves at the end of the phase (*Shattered Units*); `next` does it.
    Leaving,
    /// One more hit shatters it; worth knowing, not something to settle.
    OneHitFromShattering,
    /// The side's units shaken or gone against the *Army Morale* threshold, and whether
    /// it breaks if the turn ends now.
    ArmyMorale {
        standing: ArmyStanding,
        breaks: bool,
    },
    /// The scenario's last turn.
    LastTurn { limit: u32 },
    /// A broken army in a campaign battle, retreating off the table (*Army Morale*).
    ArmyRetreating,
    /// When command tells on the dice: a side's units marked out of command, to check
    /// again against its generals' radius now that things have moved (half speed, -1 on
    /// tests and rallies).
    CommandCheck { out: u32, units: u32 },
    /// *Sound the Charge 1:25*, optional *Limited Control*: the side's generals may not
    /// reach every unit; those with none within 16" roll `control` before moving.
    ControlCheck,
    /// *Limited Control* with no general of its side left: it rolls before it moves.
    MustRollControl,
    /// *Charge Moves*: took the heavier share of losses in a melee; throws for morale.
    OwesMorale,
    /// *Charge Moves*: owes moves back, made on its own move before anything else.
    MovesBack { moves: u32 },
    /// *Charge Moves*: routed; it runs on its own move, and units within `reach` inches
    /// throw to join it.
    Routed { reach: i32 },
    /// *Charge Moves*: its charge came off; its melee is owed.
    ChargedHome,
    /// *Old Trousers II*: met the unit that charged it in a countercharge; their melee
    /// is owed, and neither takes a Charge Test (p22).
    Countercharged,
    /// *Old Trousers II*: a disabled commander (the subject is the general); his command
    /// is out of command until his replacement comes, the turn after (`ready`).
    AwaitsReplacement { ready: bool },
    /// *Old Trousers II*: routed, in its side's rally phase, not yet run: it routs on
    /// unless the table rallies it.
    MustRout,
    /// *Old Trousers II*: the game turn's initiative is still to roll (or rolled tied).
    InitiativeToRoll { tied: bool },
    /// *Old Trousers II*: this phase needs rules the excerpt does not hold; the referee
    /// settles them at the table and records what came of it.
    ExcerptStops {
        section: &'static str,
        page: Option<u8>,
    },
    /// *Old Trousers II*: random events, command points and orders (p10, p12-13).
    Command(CommandConcern),
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
            Concern::OwesFireTest => "owes_fire_test",
            Concern::InContact => "in_contact",
            Concern::MustRetreat { .. } | Concern::RetreatBetween { .. } => "must_retreat",
            Concern::GunsAbandoned => "guns_abandoned",
            Concern::Charged { .. } => "charged",
            Concern::ChargeEvaded { .. } => "charge_evaded",
            Concern::ChargeTargetGone => "charge_target_gone",
            Concern::MayRally => "may_rally",
            Concern::MayReturn => "may_return",
            Concern::Away => "away",
            Concern::Shaken => "shaken",
            Concern::OutOfCommand => "out_of_command",
            Concern::OutOfCommandConfined => "out_of_command_confined",
            Concern::Disordered => "disordered",
            Concern::MayReform => "may_reform",
            Concern::Leaving => "leaving",
            Concern::OneHitFromShattering => "one_hit_from_shattering",
            Concern::ArmyMorale { .. } => "army_morale",
            Concern::LastTurn { .. } => "last_turn",
            Concern::ArmyRetreating => "army_retreating",
            Concern::CommandCheck { .. } => "command_check",
            Concern::ControlCheck => "control_check",
            Concern::MustRollControl => "must_roll_control",
            Concern::OwesMorale => "owes_morale",
            Concern::MovesBack { .. } => "moves_back",
            Concern::Routed { .. } => "routed",
            Concern::ChargedHome => "charged_home",
            Concern::Countercharged => "countercharged",
            Concern::InitiativeToRoll { .. } => "initiative_to_roll",
            Concern::MustRout => "must_rout",
            Concern::AwaitsReplacement { .. } => "awaits_replacement",
            Concern::ExcerptStops { .. } => "excerpt_stops",
            Concern::Command(concern) => concern.key(),
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

    /// The concerns of *Charge Moves* and *Old Trousers II*.
    fn ruleset_words(&self) -> String {
        match self.concern {
            Concern::OwesMorale => "lost the larger share: throws for morale (`morale`)".to_owned(),
            Concern::MovesBack { moves: 1 } => {
                "goes back a move first, then `retreat` (`retreat … blocked`: it surrenders)"
                    .to_owned()
            }
            Concern::MovesBack { moves } => format!(
                "goes back {moves} moves first, then `retreat` (`retreat … blocked`: it \
                 surrenders)"
            ),
            Concern::Routed { reach } => format!(
                "routed: runs on its own move; units within {reach}\" throw (`morale … rout`)"
            ),
            Concern::ChargedHome => "charged home: fights its melee (`melee`)".to_owned(),
            Concern::Countercharged => "met in a countercharge: no Charge Test, a melee \
                                        follows (p22; the melee is not in the excerpt)"
                .to_owned(),
            Concern::AwaitsReplacement { ready: true } => format!(
                "is disabled: his replacement arrives now (`replace {}`), within 2\" of \
                 a unit of his command",
                self.subject
            ),
            Concern::AwaitsReplacement { ready: false } => {
                "is disabled: his command is out of command until his replacement comes \
                 next turn"
                    .to_owned()
            }
            Concern::MustRout => format!(
                "routed: makes its rout move (`rout {}`) unless it rallies (`unrout`)",
                self.subject
            ),
            Concern::InitiativeToRoll { tied: false } => {
                "roll the initiative (`initiative`): the winner picks who moves first".to_owned()
            }
            Concern::InitiativeToRoll { tied: true } => {
                "roll the initiative again, bare: it tied (`initiative`)".to_owned()
            }
            Concern::Command(concern) => concern.words(&self.subject),
            Concern::ExcerptStops { section, page } => format!(
                "the rules excerpt stops before {section}{}: settle it at the table, then \
                 record it (`hit`, `shaken`, `disorder`, `rout`, `unrout`, `form`, `remove`)",
                page.map(|p| format!(" (rulebook p{p})"))
                    .unwrap_or_default()
            ),
            _ => String::new(),
        }
    }

    fn concern_words(&self) -> String {
        match self.concern {
            Concern::OwesTest => "owes a morale test (`test`)".to_owned(),
            Concern::OwesFireTest => format!(
                "owes a fire test (`test {}`), before anyone fires at it again",
                self.subject
            ),
            Concern::OwesMorale
            | Concern::MovesBack { .. }
            | Concern::Routed { .. }
            | Concern::ChargedHome
            | Concern::Countercharged
            | Concern::InitiativeToRoll { .. }
            | Concern::MustRout
            | Concern::AwaitsReplacement { .. }
            | Concern::ExcerptStops { .. }
            | Concern::Command(_) => self.ruleset_words(),
            Concern::InContact => "in contact: fights a round (`combat`)".to_owned(),
            Concern::MustRetreat { inches } => format!(
                "retreats at least {inches}\", facing the enemy; if the table blocks it, \
                 `retreat {} blocked`",
                self.subject
            ),
            Concern::RetreatBetween { least, most } => format!(
                "retreats {least}-{most}\" (the player's choice), facing the enemy or about \
                 face; if it cannot without touching a new enemy, or goes off the table, \
                 `retreat {} blocked`",
                self.subject
            ),
            Concern::GunsAbandoned => format!(
                "gunners away from their guns: no shooting or combat until `reman {}`",
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
            Concern::MayReturn => format!(
                "off the table after its enemy: 5-6 brings it back (`return {}`)",
                self.subject
            ),
            Concern::Away => "off the table after its enemy".to_owned(),
            Concern::Shaken => "shaken".to_owned(),
            Concern::OutOfCommand => "out of command: half speed".to_owned(),
            Concern::OutOfCommandConfined => confined_words(),
            Concern::Disordered => "disordered".to_owned(),
            Concern::MayReform => "disordered, stood all turn: may reform (`reform`)".to_owned(),
            Concern::Leaving => "SHATTERED: leaves at the end of the phase".to_owned(),
            Concern::OneHitFromShattering => "one hit from shattering".to_owned(),
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
            Concern::LastTurn { limit } => {
                format!("turn {limit} is the scenario's last: the battle ends with it")
            }
            Concern::ControlCheck => "limited control: a unit with no general within 16\" at \
                 the turn's start rolls `control` (4-6) before it moves"
                .to_owned(),
            Concern::MustRollControl => format!(
                "no general of its side is left: `control {}` (4-6) before it moves",
                self.subject
            ),
            Concern::CommandCheck { out, units } => {
                format!("command: {out} of {units} units out of a general's radius (`cmd` again)")
            }
            Concern::ArmyRetreating => "is broken and retreats off the table: its units are \
                 disordered, take a rout hit each of its turns and may not rally; `remove` each \
                 as it leaves"
                .to_owned(),
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

/// Old Trousers II's out-of-command unit, with what it may still do (p12-13).
fn confined_words() -> String {
    format!(
        "out of command: it may only {}, unless ordered for a command point (`cp`)",
        crate::rules::old_trousers::command::out_of_command_may()
    )
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
