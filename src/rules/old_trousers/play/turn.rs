//! The once-a-turn rolls of *Old Trousers II*: the initiative (p9-10).

use super::TrousersCommand;
use super::TrousersRefusal;
use super::refusal::{TrousersFireRefusal, TrousersTurnRefusal};
use crate::core::dice::parse_face_of;
use crate::core::score::Modifier;
use crate::engine::event::Event;
use crate::engine::guards::in_phase;
use crate::engine::roll::{Roll, RollKind};
use crate::engine::state::GameState;
use crate::engine::thrower::Thrower;
use crate::rules::old_trousers::command::{InitiativeFacts, LeaderRating, initiative_roll};
use crate::rules::old_trousers::event::TrousersEvent;
use crate::rules::phase::Phase;
use crate::rules::sides::Side;
use std::fmt;

/// `initiative [<side>=d <side>=d] [surprise=<side>]`, or `initiative first=<side>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InitiativeOrder {
    Roll {
        /// Each side's d10 as the players threw it, by side id.
        typed: Vec<(String, u8)>,
        /// The side the scenario grants surprise this turn.
        surprise: Option<String>,
    },
    /// The winner's choice of who moves first.
    First { side: String },
}

impl fmt::Display for InitiativeOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InitiativeOrder::First { side } => write!(f, "initiative first={side}"),
            InitiativeOrder::Roll { typed, surprise } => {
                f.write_str("initiative")?;
                for (side, face) in typed {
                    write!(f, " {side}={face}")?;
                }
                if let Some(side) = surprise {
                    write!(f, " surprise={side}")?;
                }
                Ok(())
            }
        }
    }
}

/// This module's words with their usage and meaning.
pub(super) const HELP: [super::Help; 1] = [(
    "initiative",
    "initiative [<side>=d <side>=d] [surprise=<side>] | initiative first=<side>",
    "both players' d10 + leader, staff, surprise, momentum; the higher picks who moves \
     first (first=: the winner's choice); a tie is rolled again bare",
)];

/// Parses this module's words; `None` for another's.
pub(super) fn parse(verb: &str, args: &[&str]) -> Option<Result<TrousersCommand, TrousersRefusal>> {
    match verb {
        "initiative" => Some(parse_initiative(args).map(TrousersCommand::Initiative)),
        _ => None,
    }
}

fn parse_initiative(args: &[&str]) -> Result<InitiativeOrder, TrousersRefusal> {
    let usage = || TrousersRefusal::usage(super::usage("initiative"));
    let mut typed = Vec::new();
    let mut surprise = None;
    for arg in args {
        let Some((key, value)) = arg.split_once('=') else {
            return Err(usage());
        };
        let key = key.to_ascii_lowercase();
        match key.as_str() {
            "first" if args.len() == 1 => {
                return Ok(InitiativeOrder::First {
                    side: value.to_owned(),
                });
            }
            "first" => return Err(usage()),
            "surprise" if surprise.is_none() => surprise = Some(value.to_owned()),
            "surprise" => {
                return Err(TrousersFireRefusal::GivenOnce { key: "surprise=" }.into());
            }
            side => {
                let face = parse_face_of(value, 10).map_err(TrousersRefusal::from)?;
                typed.push((side.to_owned(), face));
            }
        }
    }
    Ok(InitiativeOrder::Roll { typed, surprise })
}

pub(super) fn initiative(
    state: &GameState,
    order: &InitiativeOrder,
) -> Result<Vec<Event>, TrousersRefusal> {
    in_phase(state, Phase::Initiative, "the initiative")?;
    match order {
        InitiativeOrder::First { side } => choose_first(state, side),
        InitiativeOrder::Roll { typed, surprise } => roll(state, typed, surprise.as_deref()),
    }
}

pub(super) fn known_side<'a>(state: &'a GameState, id: &str) -> Result<&'a Side, TrousersRefusal> {
    state
        .sides()
        .iter()
        .find(|s| s.id.eq_ignore_ascii_case(id))
        .ok_or_else(|| {
            TrousersTurnRefusal::NoSide {
                side: id.to_owned(),
                sides: state.sides().iter().map(|s| s.id.clone()).collect(),
            }
            .into()
        })
}

/// The winner may let the other side move first (p9).
fn choose_first(state: &GameState, side: &str) -> Result<Vec<Event>, TrousersRefusal> {
    let side = known_side(state, side)?;
    match &state.turn_state().trousers.first {
        None => Err(TrousersTurnRefusal::NotWon.into()),
        Some(first) if *first == side.id => Err(TrousersTurnRefusal::MovesFirst {
            side: side.name.clone(),
        }
        .into()),
        Some(_) => Ok(vec![Event::Own(
            TrousersEvent::FirstMover {
                side: side.id.clone(),
            }
            .into(),
        )]),
    }
}

/// The senior ranking leader and his rating (p9): the army commander's, else the first corps
/// commander the scenario lists (ruling 27). Killed or captured commanders do not count.
fn senior_leader(state: &GameState, side: &str) -> Option<(String, LeaderRating)> {
    senior_general(state, side).and_then(|g| {
        g.trousers
            .commander
            .map(|commander| (g.name.clone(), commander.leader_rating()))
    })
}

/// The id of the side's senior ranking leader (ruling 27), who sends orders unless
/// another is named.
pub(super) fn senior_leader_id(state: &GameState, side: &str) -> Option<String> {
    senior_general(state, side).map(|g| g.id.clone())
}

fn senior_general<'a>(
    state: &'a GameState,
    side: &str,
) -> Option<&'a crate::rules::sides::General> {
    state
        .generals()
        .iter()
        .filter(|g| g.side == side && g.status == crate::rules::sides::GeneralStatus::InPlay)
        .filter_map(|g| {
            let commander = g.trousers.commander?;
            commander.echelon.senior().then_some((commander.echelon, g))
        })
        .min_by_key(|(echelon, _)| *echelon != crate::rules::old_trousers::command::Echelon::Army)
        .map(|(_, general)| general)
}

fn roll(
    state: &GameState,
    typed: &[(String, u8)],
    surprise: Option<&str>,
) -> Result<Vec<Event>, TrousersRefusal> {
    if let Some(first) = &state.turn_state().trousers.first {
        let name = state.side(first).map_or(first.as_str(), |s| &s.name);
        return Err(TrousersTurnRefusal::Settled {
            side: name.to_owned(),
        }
        .into());
    }
    if let Some(side) = surprise {
        known_side(state, side)?;
    }
    for (side, _) in typed {
        known_side(state, side)?;
    }
    let sides = state.sides();
    let typed_for = |side: &Side| {
        typed
            .iter()
            .find(|(id, _)| id.eq_ignore_ascii_case(&side.id))
            .map(|(_, face)| *face)
    };
    if !typed.is_empty() && sides.iter().any(|s| typed_for(s).is_none()) {
        return Err(TrousersTurnRefusal::BothDice {
            sides: sides.iter().map(|s| s.id.clone()).collect(),
        }
        .into());
    }
    let mut thrower = Thrower {
        stream: state.dice(),
    };
    let bare = state.turn_state().trousers.tied;
    let mut rolls = Vec::with_capacity(sides.len());
    for side in sides {
        let modifiers = if bare {
            Vec::new()
        } else {
            modifiers_for(state, side, surprise)?
        };
        let typed = typed_for(side).map(|face| vec![face]);
        let (faces, stream) = thrower.throw_sided(typed.as_deref(), 1, 10, &side.name)?;
        let reading = if bare {
            "a tie is rolled again without modifiers".to_owned()
        } else {
            "d10 plus leader, staff, surprise and momentum".to_owned()
        };
        let mut roll = Roll::added(
            RollKind::Initiative,
            &side.name,
            10,
            faces[0],
            modifiers,
            reading,
        );
        roll.stream = stream;
        rolls.push(roll);
    }
    let totals: Vec<i32> = rolls.iter().map(|r| r.total.unwrap_or(0)).collect();
    let best = totals.iter().copied().max().unwrap_or(0);
    let winners: Vec<usize> = (0..rolls.len()).filter(|&i| totals[i] == best).collect();
    let winner = (winners.len() == 1).then(|| sides[winners[0]].id.clone());
    for (roll, side) in rolls.iter_mut().zip(sides) {
        let result = match &winner {
            Some(w) if *w == side.id => "wins: chooses who moves first",
            Some(_) => "loses",
            None => "tie: roll again, bare",
        };
        roll.conclude(result);
    }
    let mut events: Vec<Event> = rolls.into_iter().map(Event::Rolled).collect();
    events.push(Event::Own(TrousersEvent::Initiative { winner }.into()));
    Ok(events)
}

/// The side's modifiers as the rules work them out, from the scenario's ratings.
fn modifiers_for(
    state: &GameState,
    side: &Side,
    surprise: Option<&str>,
) -> Result<Vec<Modifier>, TrousersRefusal> {
    let Some((_, senior)) = senior_leader(state, &side.id) else {
        return Err(TrousersTurnRefusal::NoSeniorLeader {
            side: side.name.clone(),
        }
        .into());
    };
    let Some(staff) = side.staff else {
        return Err(TrousersTurnRefusal::NoStaff {
            side: side.name.clone(),
        }
        .into());
    };
    let facts = InitiativeFacts {
        senior,
        staff,
        surprise: surprise.is_some_and(|s| s.eq_ignore_ascii_case(&side.id)),
        momentum: state.turn_state().trousers.last_first.as_deref() == Some(side.id.as_str()),
    };
    // The face does not change the modifiers; 1 is any face the rules accept.
    Ok(initiative_roll(&facts, 1).modifiers)
}
