//! What a throw of the dice is for, in every ruleset: the log names each roll's kind, and
//! what a throw leaves on its unit depends on it (`unit_marks.rs`).

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RollKind {
    Shooting,
    MoraleTest,
    Rally,
    /// A general riding with a unit that took two or more hits (*Generals*).
    GeneralRisk,
    /// A die some troops need to launch a charge (*National Modifiers*, Spain).
    Charge,
    /// A battery's shot carried on to another unit on its line (optional *Artillery
    /// Bounce-Through*): not a shot of its own for *Splitting Fire*.
    BounceThrough,
    /// A battalion's regimental gun fires as a light gun (optional *Regimental Guns*):
    /// not part of the battalion's own dice for *Splitting Fire*.
    RegimentalGun,
    /// The one die an enemy unit turns on a battalion's regimental gun: a hit disables it.
    AtRegimentalGun,
    /// British or Portuguese cavalry whose enemy retreated: 1-4 and it follows up
    /// (*National Modifiers*).
    FollowUp,
    /// Cavalry that followed its enemy off the table: 5-6 and it comes back.
    Return,
    /// *Charge Moves*: a side's melee dice, each 6 killing a man.
    Melee,
    /// *Charge Moves*: the morale throw after a melee, a cavalry charge or a nearby rout.
    Morale,
    /// *Sound the Charge 1:25*: attacked the turn after changing formation: shaken on 1-3.
    CaughtOut,
    /// *Sound the Charge 1:25*: a unit that lost a round while already shaken; 1-3
    /// shatters it (*Combat*, R9).
    ShakenLoser,
    /// *Sound the Charge 1:25*, optional *Limited Control*: a unit with no general within
    /// 16" moves this turn only on 4-6.
    Control,
    /// *Sound the Charge 1:25*: an evader's dice, added for its inches (*Skirmishers*,
    /// *Attacking Artillery*).
    Evade,
    /// *Old Trousers II*: a player's d10 for who moves first.
    Initiative,
    /// *Old Trousers II*: a player's d10 for a random event, and the table's d10 after it.
    RandomEvent,
    /// *Old Trousers II*: a charger's bonus d6s, added to its move.
    ChargeBonus,
    /// *Old Trousers II*: how far a failed cavalry charge falls back.
    FallBack,
    /// *Old Trousers II*: how far a routed unit runs this turn.
    RoutMove,
    /// *Old Trousers II*: the d20 that puts a pending order into effect (p13).
    Activation,
    /// *Old Trousers II*: one d10 on the *Fire Combat Table* for all the fire on a target.
    Fire,
    /// The d10 sheet: a d10 for action points, rolled again on a 10.
    ActionPoints,
}

impl RollKind {
    /// Whether the throw leaves a mark on the unit that threw it (`Roll::by` is then a
    /// unit's id): a test taken, a rally tried, dice fired, a roll to move, a melee
    /// fought, a try to come back (`Unit::threw`).
    pub fn marks_its_unit(self) -> bool {
        match self {
            RollKind::MoraleTest
            | RollKind::Morale
            | RollKind::Rally
            | RollKind::RegimentalGun
            | RollKind::Shooting
            | RollKind::AtRegimentalGun
            | RollKind::Control
            | RollKind::Melee
            | RollKind::Return => true,
            RollKind::GeneralRisk
            | RollKind::Charge
            | RollKind::BounceThrough
            | RollKind::FollowUp
            | RollKind::CaughtOut
            | RollKind::ShakenLoser
            | RollKind::Evade
            | RollKind::Initiative
            | RollKind::RandomEvent
            | RollKind::ChargeBonus
            | RollKind::FallBack
            | RollKind::RoutMove
            | RollKind::Activation
            // *Old Trousers II*'s firers are marked by their own event (`fired`): the
            // roll is for all of them.
            | RollKind::Fire
            | RollKind::ActionPoints => false,
        }
    }

    /// The roll's heading, by who threw (a unit, a general, a side) at what (`target`:
    /// a unit, an order's word) where it names one.
    pub fn title(self, by: &str, target: Option<&str>) -> String {
        match (self, target) {
            (RollKind::Shooting, Some(target)) => format!("{by} shoots at {target}"),
            (RollKind::Shooting, None) => format!("{by} shoots"),
            (RollKind::BounceThrough, Some(target)) => {
                format!("{by}'s shot bounces through to {target}")
            }
            (RollKind::BounceThrough, None) => format!("{by}'s shot bounces through"),
            (RollKind::RegimentalGun, Some(target)) => {
                format!("{by}'s regimental gun fires at {target}")
            }
            (RollKind::RegimentalGun, None) => format!("{by}'s regimental gun fires"),
            (RollKind::AtRegimentalGun, Some(target)) => {
                format!("{by} turns a die on {target}'s regimental gun")
            }
            (RollKind::AtRegimentalGun, None) => {
                format!("{by} shoots at a regimental gun")
            }
            (RollKind::FollowUp, _) => format!("{by} may follow up"),
            (RollKind::Return, _) => format!("{by} may ride back onto the table"),
            (RollKind::MoraleTest, _) => format!("{by} tests morale after shooting"),
            (RollKind::Rally, _) => format!("{by} tries to rally"),
            (RollKind::GeneralRisk, _) => format!("{by} at risk with his unit"),
            (RollKind::Charge, _) => format!("{by} tries to launch a charge"),
            (RollKind::Melee, Some(target)) => format!("{by} fights {target} in melee"),
            (RollKind::Melee, None) => format!("{by} fights in melee"),
            (RollKind::Morale, _) => format!("{by} throws for morale"),
            (RollKind::CaughtOut, _) => {
                format!("{by} attacked the turn after changing formation")
            }
            (RollKind::ShakenLoser, _) => format!("{by} lost the round while shaken"),
            (RollKind::Control, _) => format!("{by} rolls to move (limited control)"),
            (RollKind::Evade, _) => format!("{by} rolls how far it evades"),
            // `by` is a side's name, often a plural ("French"): no verb to agree with it.
            (RollKind::Initiative, _) => format!("Initiative roll: {by}"),
            (RollKind::RandomEvent, _) => format!("Random event roll: {by}"),
            (RollKind::ChargeBonus, _) => format!("{by} rolls its charge bonus"),
            (RollKind::FallBack, _) => format!("{by} falls back from its failed charge"),
            (RollKind::RoutMove, _) => format!("{by} routs"),
            (RollKind::Activation, Some(order)) => {
                format!("{by} rolls to activate his {order} order")
            }
            (RollKind::Activation, None) => format!("{by} rolls to activate an order"),
            (RollKind::Fire, Some(target)) => format!("{by} fires at {target}"),
            (RollKind::Fire, None) => format!("{by} fires"),
            (RollKind::ActionPoints, _) => format!("{by} rolls for action points"),
        }
    }
}
