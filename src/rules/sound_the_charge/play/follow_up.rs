//! *National Modifiers*, Britain and Portugal: cavalry that wins a combat must follow a
//! retreating enemy on 1-4 and fight it again next turn; if the enemy retreats off the
//! table, the cavalry goes with it and comes back only on a 5-6, rolled at the start of
//! each of its side's turns, in good order and not charging that turn.

use super::SoundTheChargeRefusal;
use super::optional_rules::national_modifiers_for;
use super::refusal::MovementRefusal;
use crate::core::score::Score;
use crate::engine::event::Event;
use crate::engine::find::find_unit;
use crate::engine::guards::detach_all;
use crate::engine::guards::{in_phase, in_play, of_active_side};
use crate::engine::roll::{Roll, RollKind};
use crate::engine::state::GameState;
use crate::engine::thrower::{Thrower, one_die};
use crate::rules::phase::Phase;
use crate::rules::sound_the_charge::Nation;
use crate::rules::sound_the_charge::event::SoundTheChargeEvent;
use crate::rules::sound_the_charge::unit_state::Away;
use crate::rules::unit::{Formation, Unit, UnitStatus};

/// The die at or above which the cavalry holds back rather than follows (it follows on
/// 1-4).
pub const HOLDS_BACK_ON: i32 = 5;
/// The die at or above which cavalry off the table comes back.
pub const RETURNS_ON: i32 = 5;

/// Whether this unit must test to follow up: British or Portuguese cavalry, with national
/// modifiers in play.
pub(crate) fn must_test(state: &GameState, unit: &Unit) -> bool {
    unit.arm.is_cavalry()
        && matches!(
            national_modifiers_for(state, unit),
            Some(Nation::Britain | Nation::Portugal)
        )
}

/// A winner that must test, and the beaten enemies it would follow.
pub(crate) struct Pursuer {
    pub unit: String,
    pub enemies: Vec<String>,
}

/// Each pursuer's die (the players' `follow=`, in order, or the app's): on 1-4 it stays in
/// contact with the enemies it beat, to fight them again next turn.
pub(crate) fn follow_up_rolls(
    state: &GameState,
    pursuers: &[Pursuer],
    players_dice: bool,
    typed: Option<&[u8]>,
    thrower: &mut Thrower,
) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    if pursuers.is_empty() {
        return if typed.is_some() {
            Err(MovementRefusal::FollowNotNeeded.into())
        } else {
            Ok(Vec::new())
        };
    }
    if players_dice && typed.is_none() {
        return Err(MovementRefusal::FollowDiceMissing {
            pursuers: pursuers.iter().map(|p| p.unit.clone()).collect(),
        }
        .into());
    }
    let count = u32::try_from(pursuers.len()).unwrap_or(u32::MAX);
    let (thrown, _) = thrower.throw(typed, count, "the follow-up")?;
    let mut events = Vec::new();
    for (pursuer, face) in pursuers.iter().zip(thrown) {
        let score = Score::new(
            HOLDS_BACK_ON,
            "British and Portuguese cavalry follow a retreating enemy on 1-4 (*National \
             Modifiers*)",
        );
        let mut roll = Roll::new(RollKind::FollowUp, &pursuer.unit, &score, vec![face]);
        roll.target = pursuer.enemies.first().cloned();
        roll.stream = typed.is_none().then(|| thrower.stream.position());
        let follows = roll.successes == 0;
        roll.conclude(if follows {
            format!(
                "FOLLOWS UP {}: another round next turn; if the enemy leaves the table, so \
                 does the cavalry (`retreat <enemy> off`)",
                pursuer.enemies.join(", ")
            )
        } else {
            "holds its ground".to_owned()
        });
        events.push(Event::Rolled(roll));
        if follows {
            let mut with = state
                .unit(&pursuer.unit)
                .map(|u| u.in_contact_with.clone())
                .unwrap_or_default();
            with.extend(pursuer.enemies.iter().cloned());
            events.push(Event::Contact {
                unit: pursuer.unit.clone(),
                with,
            });
        }
    }
    Ok(events)
}

/// `retreat <unit> off`: the retreat it owes takes it off the table, out of the battle;
/// cavalry following it goes too.
pub fn off_table(state: &GameState, id: &str) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    let unit = in_play(state, id)?;
    let Some(inches) = unit.retreat_owed else {
        return Err(MovementRefusal::NoRetreatOffTable {
            unit: unit.id.clone(),
        }
        .into());
    };
    let mut events = Vec::new();
    for pursuer in &unit.in_contact_with {
        events.push(Event::Own(
            SoundTheChargeEvent::Away {
                unit: pursuer.clone(),
                away: true,
            }
            .into(),
        ));
        events.extend(detach_all(state, pursuer));
    }
    events.push(Event::Eliminated {
        unit: unit.id.clone(),
        cause: format!("its {inches}\" retreat took it off the table"),
    });
    events.extend(detach_all(state, &unit.id));
    Ok(events)
}

/// `return <unit> [roll=d]`: cavalry off the table tries to come back, once at the start of
/// each of its side's turns (the rally phase).
pub fn come_back(
    state: &GameState,
    id: &str,
    typed: Option<u8>,
    form: Option<Formation>,
) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    in_phase(state, Phase::Rally, "coming back onto the table")?;
    let unit = find_unit(state, id)?;
    of_active_side(state, unit, "brings units back")?;
    match unit.sound_the_charge.away {
        Some(Away::Off { tried: false }) if unit.status == UnitStatus::InPlay => {}
        Some(Away::Off { tried: true }) => {
            return Err(MovementRefusal::AlreadyTriedReturn {
                unit: unit.id.clone(),
            }
            .into());
        }
        _ => {
            return Err(MovementRefusal::NotAwayOffTable {
                unit: unit.id.clone(),
            }
            .into());
        }
    }
    if let Some(form) = form
        && !unit.arm.allows(form)
    {
        return Err(MovementRefusal::CannotReturnIn {
            unit: unit.id.clone(),
            arm: unit.arm.label(),
            formation: form,
        }
        .into());
    }
    let score = Score::new(RETURNS_ON, "cavalry off the table comes back on 5-6");
    let mut roll = one_die(state, typed, RollKind::Return, &unit.id, &score)?;
    let back = roll.successes == 1;
    roll.conclude(if back {
        "COMES BACK at the table edge, as near as it can to where it left: in good order, any \
         formation; it may not charge this turn"
    } else {
        "stays off the table this turn"
    });
    let mut events = vec![Event::Rolled(roll)];
    if back {
        events.push(Event::Own(
            SoundTheChargeEvent::Away {
                unit: unit.id.clone(),
                away: false,
            }
            .into(),
        ));
        if let Some(form) = form.filter(|f| *f != unit.formation) {
            events.push(Event::Formation {
                unit: unit.id.clone(),
                formation: form,
            });
        }
    }
    Ok(events)
}
