//! The Random Event Phase of *Old Trousers II* (p10, an optional rule): each player's
//! d10, and on a 1 or 2 the table's d10 for the event he suffers or enjoys this turn
//! (ruling 39).

use super::TrousersCommand;
use super::TrousersRefusal;
use super::refusal::TrousersEventRefusal;
use super::turn::known_side;
use crate::core::dice::parse_face_of;
use crate::engine::event::Event;
use crate::engine::guards::in_phase;
use crate::engine::roll::{Roll, RollKind};
use crate::engine::state::GameState;
use crate::engine::thrower::Thrower;
use crate::rules::old_trousers::event::TrousersEvent;
use crate::rules::old_trousers::random_events::{
    EVENT_ON_OR_BELOW, RandomEvent, calls_for_event, random_event,
};
use crate::rules::phase::Phase;
use crate::rules::unit::Morale;
use std::fmt;

/// `event <side> [d10=<check>[,<table>]]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventOrder {
    pub side: String,
    /// The players' d10s: the check, then the table's die when the check called for it.
    pub typed: Option<Vec<u8>>,
}

impl fmt::Display for EventOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "event {}", self.side)?;
        if let Some(faces) = &self.typed {
            let faces: Vec<String> = faces.iter().map(u8::to_string).collect();
            write!(f, " d10={}", faces.join(","))?;
        }
        Ok(())
    }
}

pub(super) const HELP: [super::Help; 1] = [(
    "event",
    "event <side> [d10=<check>[,<table>]]",
    "a player's random event check, once a turn: 1-2 draws an event, the second d10 \
     picks it from the table",
)];

pub(super) fn parse(verb: &str, args: &[&str]) -> Option<Result<TrousersCommand, TrousersRefusal>> {
    match verb {
        "event" => Some(parse_event(args).map(TrousersCommand::Event)),
        _ => None,
    }
}

fn parse_event(args: &[&str]) -> Result<EventOrder, TrousersRefusal> {
    let usage = || TrousersRefusal::usage(super::usage("event"));
    let (side, rest) = args.split_first().ok_or_else(usage)?;
    if side.contains('=') {
        return Err(usage());
    }
    let typed = match rest {
        [] => None,
        [dice] => {
            let faces = dice
                .strip_prefix("d10=")
                .ok_or_else(usage)?
                .split(',')
                .map(|face| parse_face_of(face, 10).map_err(TrousersRefusal::from))
                .collect::<Result<Vec<u8>, TrousersRefusal>>()?;
            Some(faces)
        }
        _ => return Err(usage()),
    };
    Ok(EventOrder {
        side: (*side).to_owned(),
        typed,
    })
}

/// The typed dice must be the check, and the table's die only when the check drew one.
fn check_typed(faces: &[u8]) -> Result<(), TrousersRefusal> {
    match faces {
        [check] if calls_for_event(*check) => {
            Err(TrousersEventRefusal::TableDieMissing { check: *check }.into())
        }
        [_] => Ok(()),
        [check, _] if calls_for_event(*check) => Ok(()),
        [check, _] => Err(TrousersEventRefusal::NoEventDrawn { check: *check }.into()),
        _ => Err(TrousersEventRefusal::DiceCount.into()),
    }
}

pub(super) fn roll_event(
    state: &GameState,
    order: &EventOrder,
) -> Result<Vec<Event>, TrousersRefusal> {
    in_phase(state, Phase::RandomEvents, "the random event check")?;
    let side = known_side(state, &order.side)?;
    if state
        .turn_state()
        .trousers
        .events
        .iter()
        .any(|(rolled, _)| *rolled == side.id)
    {
        return Err(TrousersEventRefusal::Checked {
            side: side.name.clone(),
        }
        .into());
    }
    if let Some(faces) = &order.typed {
        check_typed(faces)?;
    }
    let mut thrower = Thrower {
        stream: state.dice(),
    };
    let typed_check = order.typed.as_ref().map(|faces| vec![faces[0]]);
    let (check, check_stream) = thrower.throw_sided(typed_check.as_deref(), 1, 10, &side.name)?;
    let mut rolls = vec![Roll::added(
        RollKind::RandomEvent,
        &side.name,
        10,
        check[0],
        Vec::new(),
        format!("1-{} draws a random event (p10)", EVENT_ON_OR_BELOW.value()),
    )];
    rolls[0].stream = check_stream;
    let table = if calls_for_event(check[0]) {
        let typed_table = order.typed.as_ref().map(|faces| faces[1..].to_vec());
        let (table, table_stream) =
            thrower.throw_sided(typed_table.as_deref(), 1, 10, &side.name)?;
        let mut roll = Roll::added(
            RollKind::RandomEvent,
            &side.name,
            10,
            table[0],
            Vec::new(),
            "the Random Event Table (p10)",
        );
        roll.stream = table_stream;
        rolls.push(roll);
        Some(table[0])
    } else {
        None
    };
    let drawn = random_event(check[0], table).event;
    match drawn {
        None => rolls[0].conclude("no random event"),
        Some(_) => rolls[0].conclude("a random event: roll on the table"),
    }
    if let (Some(event), Some(roll)) = (drawn, rolls.get_mut(1)) {
        roll.conclude(format!("{}: {}", event.name(), event.effect()));
    }
    let mut events: Vec<Event> = rolls.into_iter().map(Event::Rolled).collect();
    events.push(Event::Own(
        TrousersEvent::RandomEventChecked {
            side: side.id.clone(),
            drawn,
        }
        .into(),
    ));
    // *Rout halted* (p10): the drawing player's routed units recover to shaken.
    if drawn == Some(RandomEvent::RoutHalted) {
        events.extend(
            state
                .units()
                .iter()
                .filter(|u| u.side == side.id && u.on_table && u.morale == Morale::Routed)
                .map(|u| Event::Morale {
                    unit: u.id.clone(),
                    morale: Morale::Shaken,
                }),
        );
    }
    Ok(events)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(line: &str) -> Result<EventOrder, TrousersRefusal> {
        let words: Vec<&str> = line.split_whitespace().collect();
        match parse(words[0], &words[1..]) {
            Some(Ok(TrousersCommand::Event(order))) => Ok(order),
            Some(Ok(other)) => panic!("parsed as {other:?}"),
            Some(Err(refusal)) => Err(refusal),
            None => panic!("not this module's word"),
        }
    }

    #[test]
    fn the_line_round_trips() {
        for line in [
            "event britain",
            "event france d10=5",
            "event france d10=1,4",
        ] {
            assert_eq!(parsed(line).map(|o| o.to_string()), Ok(line.to_owned()));
        }
    }

    #[test]
    fn bad_lines_are_refused_with_the_usage() {
        for line in [
            "event",
            "event d10=4",
            "event britain roll=4",
            "event a b c",
        ] {
            let refusal = parsed(line).expect_err(line);
            assert!(
                refusal.to_string().contains("usage: event <side>"),
                "{line}: {refusal:?}"
            );
        }
        assert!(parsed("event britain d10=11").is_err());
    }

    #[test]
    fn the_dice_typed_must_match_the_check() {
        assert!(check_typed(&[5]).is_ok());
        assert!(check_typed(&[2, 9]).is_ok());
        let refusal = check_typed(&[1]).expect_err("a 1 needs the table's die");
        assert!(refusal.to_string().contains("d10=1,<d>"), "{refusal:?}");
        let refusal = check_typed(&[3, 4]).expect_err("a 3 draws nothing");
        assert!(refusal.to_string().contains("d10=3"), "{refusal:?}");
        assert!(check_typed(&[1, 2, 3]).is_err());
    }
}
