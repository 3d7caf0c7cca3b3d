//! The Order Segment of *Old Trousers II* (*Orders*, *Order Activation*, p12-13): army
//! and corps commanders send orders to division and cavalry brigade commanders; an order
//! arrives in the receiver's next order segment and goes into effect only when a d20
//! activates it. Until then the command keeps its old order (rulings 35-37).

use super::TrousersCommand;
use super::TrousersRefusal;
use super::refusal::{TrousersCommanderRefusal, TrousersOrderRefusal};
use crate::core::dice::parse_face_of;
use crate::engine::event::Event;
use crate::engine::find::find_general;
use crate::engine::guards::{general_in_play, in_phase, in_play};
use crate::engine::roll::{Roll, RollKind};
use crate::engine::state::GameState;
use crate::engine::thrower::Thrower;
use crate::rules::old_trousers::command::{
    ActivationFacts, Commander, Order, activate, command_points,
};
use crate::rules::old_trousers::concern::CommandConcern;
use crate::rules::old_trousers::event::TrousersEvent;
use crate::rules::old_trousers::random_events::RandomEvent;
use crate::rules::phase::Phase;
use crate::rules::sides::{General, GeneralStatus};
use crate::rules::unit::{CommandState, Unit};
use std::fmt;

/// `order <general> <order> [from=<general>]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SendOrder {
    pub general: String,
    pub order: Order,
    pub from: Option<String>,
}

impl fmt::Display for SendOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "order {} {}", self.general, self.order.word())?;
        if let Some(from) = &self.from {
            write!(f, " from={from}")?;
        }
        Ok(())
    }
}

/// `activate <general> [d20=<n>]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActivateOrder {
    pub general: String,
    pub typed: Option<u8>,
}

impl fmt::Display for ActivateOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "activate {}", self.general)?;
        if let Some(face) = self.typed {
            write!(f, " d20={face}")?;
        }
        Ok(())
    }
}

/// `cp <general> <unit>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitOrder {
    pub general: String,
    pub unit: String,
}

impl fmt::Display for UnitOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cp {} {}", self.general, self.unit)
    }
}

pub(super) const HELP: [super::Help; 4] = [
    (
        "order",
        "order <general> <attack|engage|maneuver|defend|withdraw|rally> [from=<general>]",
        "an army or corps commander (the army's unless from=) sends a division or cavalry \
         brigade commander a new order, one a segment; it arrives next turn",
    ),
    (
        "activate",
        "activate <general> [d20=<n>]",
        "roll a d20 for his pending order: above the staff number, with both leaders' \
         ratings and -1 for each attached, it takes effect; else it stays pending",
    ),
    (
        "cp",
        "cp <general> <unit>",
        "a division or cavalry brigade commander spends a command point on an order to one \
         unit this turn: out of command it may act normally, or it may rally or depart \
         from its command's order (p13)",
    ),
    (
        "cmd",
        "cmd <unit> in|out",
        "the referee's word on command range, measured at the start of the player's phase: \
         cavalry brigade 5\", divisions 10\", corps and army 15\", +5\" elevated (p11); \
         out of command a unit only faces, changes formation, fires, opportunity charges \
         or removes disorder (p12)",
    ),
];

pub(super) fn parse(verb: &str, args: &[&str]) -> Option<Result<TrousersCommand, TrousersRefusal>> {
    match verb {
        "order" => Some(parse_order(args).map(TrousersCommand::Order)),
        "activate" => Some(parse_activate(args).map(TrousersCommand::Activate)),
        "cp" => Some(match args {
            [general, unit] if !general.contains('=') && !unit.contains('=') => {
                Ok(TrousersCommand::UnitOrder(UnitOrder {
                    general: (*general).to_owned(),
                    unit: (*unit).to_owned(),
                }))
            }
            _ => Err(TrousersRefusal::usage(super::usage("cp"))),
        }),
        _ => None,
    }
}

fn parse_order(args: &[&str]) -> Result<SendOrder, TrousersRefusal> {
    let usage = || TrousersRefusal::usage(super::usage("order"));
    let (general, order, rest) = match args {
        [general, order, rest @ ..] if !general.contains('=') => (general, order, rest),
        _ => return Err(usage()),
    };
    let order = Order::ALL
        .into_iter()
        .find(|o| o.word().eq_ignore_ascii_case(order))
        .ok_or_else(|| TrousersOrderRefusal::NoSuchOrder {
            word: (*order).to_owned(),
        })?;
    let from = match rest {
        [] => None,
        [from] => Some(
            from.strip_prefix("from=")
                .filter(|id| !id.is_empty())
                .ok_or_else(usage)?
                .to_owned(),
        ),
        _ => return Err(usage()),
    };
    Ok(SendOrder {
        general: (*general).to_owned(),
        order,
        from,
    })
}

fn parse_activate(args: &[&str]) -> Result<ActivateOrder, TrousersRefusal> {
    let usage = || TrousersRefusal::usage(super::usage("activate"));
    let (general, typed) = match args {
        [general] if !general.contains('=') => (general, None),
        [general, die] if !general.contains('=') => {
            let face = die.strip_prefix("d20=").ok_or_else(usage)?;
            (
                general,
                Some(parse_face_of(face, 20).map_err(TrousersRefusal::from)?),
            )
        }
        _ => return Err(usage()),
    };
    Ok(ActivateOrder {
        general: (*general).to_owned(),
        typed,
    })
}

/// A general of the phasing side in play with a commander's ratings.
fn phasing_commander<'a>(
    state: &'a GameState,
    id: &str,
    what: &'static str,
) -> Result<(&'a General, Commander), TrousersRefusal> {
    in_phase(state, Phase::Orders, what)?;
    let general = find_general(state, id)?;
    let Some(commander) = general.trousers.commander else {
        return Err(TrousersCommanderRefusal::NoRatings {
            general: general.name.clone(),
        }
        .into());
    };
    general_in_play(general)?;
    if general.side != state.active() {
        return Err(TrousersOrderRefusal::NotPhasing {
            general: general.name.clone(),
            what,
        }
        .into());
    }
    Ok((general, commander))
}

/// The army or corps commander who sends it: `from=`, else the senior leader (rulings 27, 36).
fn issuer<'a>(
    state: &'a GameState,
    order: &SendOrder,
    side: &str,
) -> Result<&'a General, TrousersRefusal> {
    let id = match &order.from {
        Some(id) => id.clone(),
        None => super::turn::senior_leader_id(state, side).ok_or(TrousersOrderRefusal::NoSender)?,
    };
    let from = find_general(state, &id)?;
    if from.side != side {
        return Err(TrousersOrderRefusal::Enemys {
            who: from.name.clone(),
        }
        .into());
    }
    if !from.trousers.commander.is_some_and(|c| c.echelon.senior()) {
        return Err(TrousersOrderRefusal::NotSenior {
            general: from.name.clone(),
        }
        .into());
    }
    general_in_play(from)?;
    may_issue_orders(state, from)?;
    // One order a segment, though that one order may go to several commands (p12).
    if from.trousers.orders.sent_on == Some(state.turn())
        && from.trousers.orders.sent != Some(order.order)
    {
        let sent = from.trousers.orders.sent.map_or("an order", Order::word);
        return Err(TrousersOrderRefusal::SentHisOrder {
            general: from.name.clone(),
            sent,
        }
        .into());
    }
    Ok(from)
}

/// A replacement issues no orders on his first turn (p12).
fn may_issue_orders(state: &GameState, general: &General) -> Result<(), TrousersRefusal> {
    if general.trousers.replaced_on == Some(state.turn()) {
        return Err(TrousersOrderRefusal::FirstTurn {
            general: general.name.clone(),
        }
        .into());
    }
    Ok(())
}

/// *Command Points* (p13): one point buys one unit an order of its own this turn. The
/// points come in the commander's order segment and last his side's turn.
pub(super) fn order_unit(
    state: &GameState,
    order: &UnitOrder,
) -> Result<Vec<Event>, TrousersRefusal> {
    let general = find_general(state, &order.general)?;
    let Some(commander) = general.trousers.commander else {
        return Err(TrousersCommanderRefusal::NoRatings {
            general: general.name.clone(),
        }
        .into());
    };
    if commander.echelon.senior() {
        return Err(TrousersOrderRefusal::SeniorBuysNoOrders {
            general: general.name.clone(),
            echelon: commander.echelon.word(),
        }
        .into());
    }
    general_in_play(general)?;
    if general.side != state.active()
        || !crate::rules::old_trousers::PLAYER_PHASES.contains(&state.phase())
    {
        return Err(TrousersOrderRefusal::PointsOutOfTurn {
            general: general.name.clone(),
        }
        .into());
    }
    may_issue_orders(state, general)?;
    let unit = in_play(state, &order.unit)?;
    if unit.side != general.side {
        return Err(TrousersOrderRefusal::Enemys {
            who: unit.id.clone(),
        }
        .into());
    }
    if unit
        .trousers
        .command_chain
        .commander
        .as_ref()
        .is_some_and(|c| *c != general.id)
    {
        return Err(TrousersOrderRefusal::NotOfCommand {
            unit: unit.id.clone(),
            general: general.name.clone(),
        }
        .into());
    }
    let turn = state.turn();
    if unit.trousers.command_chain.ordered_in(turn) {
        return Err(TrousersOrderRefusal::Ordered {
            unit: unit.id.clone(),
        }
        .into());
    }
    let Some(staff) = state.side(&general.side).and_then(|s| s.staff) else {
        return Err(TrousersOrderRefusal::NoStaff {
            general: general.name.clone(),
        }
        .into());
    };
    let points = command_points(&commander, staff, side_event(state, &general.side));
    if points.total == 0 {
        return Err(TrousersOrderRefusal::NoPoints {
            general: general.name.clone(),
        }
        .into());
    }
    if general.trousers.orders.spent(turn) >= points.total {
        return Err(TrousersOrderRefusal::PointsSpent {
            general: general.name.clone(),
            points: points.total,
        }
        .into());
    }
    Ok(vec![Event::Own(
        TrousersEvent::UnitOrdered {
            general: general.id.clone(),
            unit: unit.id.clone(),
        }
        .into(),
    )])
}

pub(super) fn send(state: &GameState, order: &SendOrder) -> Result<Vec<Event>, TrousersRefusal> {
    let (receiver, commander) = phasing_commander(state, &order.general, "sending an order")?;
    if commander.echelon.senior() {
        return Err(TrousersOrderRefusal::SeniorReceivesNoOrders {
            general: receiver.name.clone(),
            echelon: commander.echelon.word(),
        }
        .into());
    }
    let from = issuer(state, order, &receiver.side)?;
    Ok(vec![Event::Own(
        TrousersEvent::OrderSent {
            general: receiver.id.clone(),
            order: order.order,
            from: from.id.clone(),
        }
        .into(),
    )])
}

pub(super) fn roll_activation(
    state: &GameState,
    order: &ActivateOrder,
) -> Result<Vec<Event>, TrousersRefusal> {
    let (receiver, commander) = phasing_commander(state, &order.general, "the activation roll")?;
    let Some(pending) = &receiver.trousers.orders.pending else {
        return Err(TrousersOrderRefusal::NoPendingOrder {
            general: receiver.name.clone(),
            id: receiver.id.clone(),
        }
        .into());
    };
    let turn = state.turn();
    if !pending.arrived(turn) {
        return Err(TrousersOrderRefusal::NotArrived {
            order: pending.order.word(),
            general: receiver.name.clone(),
        }
        .into());
    }
    if pending.failed_on == Some(turn) {
        return Err(TrousersOrderRefusal::RolledThisSegment {
            general: receiver.name.clone(),
            order: pending.order.word(),
        }
        .into());
    }
    let from = find_general(state, &pending.from)?;
    let Some(issuer) = from.trousers.commander else {
        return Err(TrousersCommanderRefusal::NoRatings {
            general: from.name.clone(),
        }
        .into());
    };
    let Some(staff) = state.side(&receiver.side).and_then(|s| s.staff) else {
        return Err(TrousersOrderRefusal::NoStaff {
            general: receiver.name.clone(),
        }
        .into());
    };
    // Attachment and ratings as they stand at the roll (ruling 37).
    let facts = ActivationFacts {
        staff,
        issuer,
        issuer_attached: from.attached.is_some(),
        receiver: commander,
        receiver_attached: receiver.attached.is_some(),
    };
    let mut thrower = Thrower {
        stream: state.dice(),
    };
    let typed = order.typed.map(|face| vec![face]);
    let (thrown, stream) = thrower.throw_sided(typed.as_deref(), 1, 20, &receiver.name)?;
    let activation = activate(&facts, thrown[0]);
    let mut roll = Roll::new(
        RollKind::Activation,
        &receiver.name,
        &activation.score,
        thrown,
    );
    roll.sides = Some(20);
    roll.stream = stream;
    roll.target = Some(pending.order.word().to_owned());
    let old = receiver
        .trousers
        .orders
        .current
        .map_or("no order", Order::word);
    roll.conclude(if activation.activated {
        format!(
            "activated: {}'s command now operates under {}",
            receiver.name,
            pending.order.word()
        )
    } else {
        format!(
            "not activated: the order stays pending, the command keeps {old}; roll again \
             next order segment"
        )
    });
    Ok(vec![
        Event::Rolled(roll),
        Event::Own(
            TrousersEvent::OrderActivation {
                general: receiver.id.clone(),
                activated: activation.activated,
            }
            .into(),
        ),
    ])
}

/// The turn's random event the side drew, if any.
pub fn side_event(state: &GameState, side: &str) -> Option<RandomEvent> {
    state
        .turn_state()
        .trousers
        .events
        .iter()
        .find(|(id, _)| id == side)
        .and_then(|(_, event)| *event)
}

/// The checklist items of the phase: events to roll and drawn, then in the Orders phase
/// the phasing side's command points and pending orders. `true` marks an open item.
pub fn concerns(state: &GameState) -> Vec<(bool, String, CommandConcern)> {
    let mut items = Vec::new();
    let phase = state.phase();
    if phase == Phase::RandomEvents {
        for side in state.sides() {
            if !state
                .turn_state()
                .trousers
                .events
                .iter()
                .any(|(id, _)| *id == side.id)
            {
                items.push((true, side.id.clone(), CommandConcern::EventToRoll));
            }
        }
    }
    for (side, event) in &state.turn_state().trousers.events {
        if let Some(event) = event {
            items.push((false, side.clone(), CommandConcern::EventDrawn(*event)));
        }
    }
    if phase != Phase::Orders {
        return items;
    }
    let turn = state.turn();
    let commanders = state
        .generals()
        .iter()
        .filter(|g| g.side == state.active() && g.status == GeneralStatus::InPlay);
    for general in commanders {
        let (Some(commander), Some(staff)) = (
            general.trousers.commander,
            state.side(&general.side).and_then(|s| s.staff),
        ) else {
            continue;
        };
        let concern = if general.trousers.replaced_on == Some(turn) {
            CommandConcern::FirstTurn
        } else {
            CommandConcern::Points {
                commander,
                staff,
                event: side_event(state, &general.side),
                spent: general.trousers.orders.spent(turn),
            }
        };
        items.push((false, general.id.clone(), concern));
        match &general.trousers.orders.pending {
            Some(pending) if pending.to_roll(turn) => items.push((
                true,
                general.id.clone(),
                CommandConcern::OrderToActivate(pending.order),
            )),
            Some(pending) if !pending.arrived(turn) => items.push((
                false,
                general.id.clone(),
                CommandConcern::OrderOnItsWay(pending.order),
            )),
            _ => {}
        }
    }
    items
}

/// Whether *Orders: Out of Command* (p12; ruling 24) holds `unit` this turn: out of
/// command, with no order a command point bought it (p13).
pub fn confined_out_of_command(state: &GameState, unit: &Unit) -> bool {
    state.command_of(unit) == CommandState::Out
        && !unit.trousers.command_chain.ordered_in(state.turn())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::refusal::EngineRefusal;
    use crate::rules::old_trousers::orders::PendingOrder;

    fn parsed(line: &str) -> Result<TrousersCommand, TrousersRefusal> {
        let words: Vec<&str> = line.split_whitespace().collect();
        parse(words[0], &words[1..]).expect("this module's word")
    }

    #[test]
    fn the_lines_round_trip() {
        for line in [
            "order fane attack",
            "order delaborde withdraw from=junot",
            "activate fane",
            "activate delaborde d20=20",
        ] {
            assert_eq!(parsed(line).map(|c| c.to_string()), Ok(line.to_owned()));
        }
        assert_eq!(
            parsed("order fane ATTACK").map(|c| c.to_string()),
            Ok("order fane attack".to_owned())
        );
    }

    #[test]
    fn bad_lines_are_refused_with_what_to_type() {
        let refusal = parsed("order fane charge").expect_err("no such order");
        assert!(
            refusal.to_string().contains("attack, engage, maneuver"),
            "{refusal:?}"
        );
        for line in [
            "order",
            "order fane",
            "order fane attack by=junot",
            "activate",
        ] {
            let refusal = parsed(line).expect_err(line);
            assert!(
                matches!(
                    refusal,
                    TrousersRefusal::Engine(EngineRefusal::Usage { .. })
                ),
                "{line}: {refusal:?}"
            );
        }
        let refusal = parsed("activate fane d20=21").expect_err("a d20 stops at 20");
        assert!(refusal.to_string().contains("1 to 20"), "{refusal:?}");
        assert!(parsed("activate fane roll=4").is_err());
    }

    #[test]
    fn an_order_arrives_the_turn_after_it_was_sent() {
        let pending = PendingOrder {
            order: Order::Attack,
            from: "wellesley".to_owned(),
            sent_on: 2,
            failed_on: None,
        };
        assert!(!pending.arrived(2));
        assert!(pending.to_roll(3));
        let failed = PendingOrder {
            failed_on: Some(3),
            ..pending
        };
        assert!(!failed.to_roll(3));
        assert!(failed.to_roll(4));
    }
}
