//! A disabled commander's replacement (*Commanders: Attachment & Casualties*, p11-12).

use super::TrousersRefusal;
use super::refusal::TrousersCommanderRefusal;
use super::{Help, TrousersCommand};
use crate::engine::event::Event;
use crate::engine::find::find_general;
use crate::engine::guards::in_phase;
use crate::engine::state::GameState;
use crate::rules::old_trousers::event::TrousersEvent;
use crate::rules::phase::Phase;
use crate::rules::sides::GeneralStatus;
use std::fmt;

pub(super) const HELP: [Help; 1] = [(
    "replace",
    "replace <general>",
    "a disabled commander's replacement arrives, the turn after: within 2\" of a unit of \
     his command, one step worse in every rating, no orders on his first turn",
)];

/// `replace <general>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplaceOrder {
    pub general: String,
}

impl fmt::Display for ReplaceOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "replace {}", self.general)
    }
}

/// Parses this module's words; `None` for another's.
pub(super) fn parse(verb: &str, args: &[&str]) -> Option<Result<TrousersCommand, TrousersRefusal>> {
    if verb != "replace" {
        return None;
    }
    Some(match args {
        [general] => Ok(TrousersCommand::Replace(ReplaceOrder {
            general: (*general).to_owned(),
        })),
        _ => Err(TrousersRefusal::usage(super::usage("replace"))),
    })
}

/// The replacement comes "on the following turn" (p12): in his side's order segment of
/// any later turn, so the referee may also bring him when the table is ready.
pub(super) fn replace(
    state: &GameState,
    order: &ReplaceOrder,
) -> Result<Vec<Event>, TrousersRefusal> {
    in_phase(state, Phase::Orders, "a replacement commander")?;
    let general = find_general(state, &order.general)?;
    if general.trousers.commander.is_none() {
        return Err(TrousersCommanderRefusal::NoRatings {
            general: general.name.clone(),
        }
        .into());
    }
    if general.status == GeneralStatus::InPlay {
        return Err(TrousersCommanderRefusal::NobodyToReplace {
            general: general.name.clone(),
        }
        .into());
    }
    if general.side != state.active() {
        return Err(TrousersCommanderRefusal::NotHisSegment {
            general: general.name.clone(),
        }
        .into());
    }
    if general.lost_on.is_some_and(|turn| turn >= state.turn()) {
        return Err(TrousersCommanderRefusal::LostThisTurn {
            general: general.name.clone(),
        }
        .into());
    }
    Ok(vec![Event::Own(
        TrousersEvent::CommanderReplaced {
            general: general.id.clone(),
        }
        .into(),
    )])
}
