//! Moving a unit in the movement phase: how far it may go and why, the formation change
//! it makes with its consequences, a charge's restrictions, and the passive side's evades.
//! The checks both editions make are here (`move_checks`, `evade_checks`,
//! `voluntary_retreat_checks`); where *Sound the Charge 1:25* reads the move differently,
//! its own play makes these checks and then its own move (the registry sends it there).

// Why this file is long: the movement phase of both editions: a move, an evade and a
// voluntary retreat, with the checks they share.

use super::SoundTheChargeRefusal;
use super::move_order::MoveOrder;
use super::optional_rules::{is_blown, national_modifiers_for};
use super::refusal::MovementRefusal;
use super::resolve::{general_attached, may_charge};
use crate::core::score::Score;
use crate::engine::event::Event;
use crate::engine::guards::{in_phase, in_play, of_active_side};
use crate::engine::roll::RollKind;
use crate::engine::state::GameState;
use crate::engine::thrower::one_die;
use crate::rules::optional_rule::OptionalRule;
use crate::rules::phase::Phase;
use crate::rules::sound_the_charge::event::SoundTheChargeEvent;
use crate::rules::sound_the_charge::movement::{
    self, MoveFacts, MovePlan, Step, evade_max, retreat_max, voluntary_retreat_clear,
};
use crate::rules::sound_the_charge_1_25::unit_state::Control;
use crate::rules::unit::HitKind;
use crate::rules::unit::{Arm, CommandState, Formation, Morale, Unit};

/// The unit a move names, its charge's target and the friend it ends intermixed with.
pub(crate) type Mover<'a> = (&'a Unit, Option<&'a Unit>, Option<&'a Unit>);

/// The checks every edition makes of a move before its own table: the phase, a unit in
/// play that may move, its charge's target and the friend it ends intermixed with.
pub(crate) fn move_checks<'a>(
    state: &'a GameState,
    order: &MoveOrder,
) -> Result<Mover<'a>, SoundTheChargeRefusal> {
    in_phase(state, Phase::Movement, "moving")?;
    let unit = in_play(state, &order.unit)?;
    may_move(state, unit, order)?;
    let target = match &order.target {
        Some(id) => Some(charge_target(state, unit, id, order.facts.new_formation)?),
        None => None,
    };
    let intermixed = match &order.intermixed {
        Some(id) => Some(intermixed_with(state, unit, id)?),
        None => None,
    };
    Ok((unit, target, intermixed))
}

/// *Movement*: the active side's unit moves (or charges) once in its movement phase.
pub fn move_unit(
    state: &GameState,
    order: &MoveOrder,
) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    let (unit, target, intermixed) = move_checks(state, order)?;
    let facts = MoveFacts {
        out_of_command: unit.command == CommandState::Out && !general_attached(state, unit),
        blown: is_blown(state, unit),
        nation: national_modifiers_for(state, unit),
        interpenetration_restricted: state.rule_in_play(OptionalRule::InterpenetrationRestrictions),
        pinning: state.rule_in_play(OptionalRule::Pinning),
        ..order.facts
    };
    let mut plan = movement::plan(unit, &facts).map_err(SoundTheChargeRefusal::from)?;
    let mut events = Vec::new();
    let mut charging = facts.charge;
    match movement::charge_roll_needed(unit, facts.nation) {
        Some(needed) if facts.charge => {
            let score = Score::new(
                i32::from(needed),
                "Spanish cavalry must roll this to launch a charge",
            );
            let mut roll = one_die(state, order.roll, RollKind::Charge, &unit.id, &score)?;
            if roll.successes == 1 {
                roll.conclude("the charge goes in");
            } else {
                roll.conclude("the charge does not go in: it moves without the charge bonus");
                charging = false;
                plan = movement::plan(
                    unit,
                    &MoveFacts {
                        charge: false,
                        ..facts
                    },
                )
                .map_err(SoundTheChargeRefusal::from)?;
            }
            events.push(Event::Rolled(roll));
        }
        Some(_) if order.roll.is_some() => {
            return Err(MovementRefusal::RollNotCharging {
                unit: unit.id.clone(),
            }
            .into());
        }
        _ if order.roll.is_some() => {
            return Err(MovementRefusal::RollNotNeeded {
                unit: unit.id.clone(),
            }
            .into());
        }
        _ => {}
    }
    let target = target.filter(|_| charging);
    if let Some(other) = intermixed.filter(|_| !unit.disordered && !unit.arm.is_artillery()) {
        plan.disordered.push(format!(
            "ended its move intermixed with {}: move one slightly apart; both are disordered \
             (*Interpenetration*; *Steadiness and Disorder* 6)",
            other.id
        ));
    }
    let contact = target.and_then(|t| cavalry_contact(state, unit, &plan, t));
    let mut why = why(unit, &plan, target);
    let intermixed = intermixed.map(|other| intermix(unit, other, &mut why));
    if let Some(t) = target.filter(|_| contact.is_some()) {
        why.push(format!(
            "{} is disordered: infantry out of square charged by steady cavalry",
            t.id
        ));
    }
    events.push(moved(unit, plan.inches.to_string(), charging, target, why));
    // *Charging* 6: infantry charging cavalry is disordered as if charged by it.
    let charged_cavalry = charging
        && matches!(unit.arm, Arm::Infantry(_))
        && target.is_some_and(|t| matches!(t.arm, Arm::Cavalry(_)));
    events.extend(consequences(
        unit,
        &Outcome {
            formation_after: plan.formation_after,
            disordered: !plan.disordered.is_empty() || charged_cavalry,
            shaken: !plan.shaken.is_empty(),
            masse: plan.masse,
        },
    ));
    events.extend(contact);
    events.extend(intermixed.flatten());
    Ok(events)
}

/// The log's record of a move (not an evade or a retreat).
pub(crate) fn moved(
    unit: &Unit,
    allowance: String,
    charging: bool,
    target: Option<&Unit>,
    why: Vec<String>,
) -> Event {
    Event::Moved {
        unit: unit.id.clone(),
        allowance,
        charging,
        target: target.map(|t| t.id.clone()),
        evade: false,
        retreat: false,
        why,
        trousers: None,
    }
}

/// A retreat made as the unit's move: how far, and why.
pub(crate) fn retreated(unit: &Unit, allowance: String, why: Vec<String>) -> Event {
    Event::Moved {
        unit: unit.id.clone(),
        allowance,
        charging: false,
        target: None,
        evade: false,
        retreat: true,
        why,
        trousers: None,
    }
}

/// `intermixed=<unit>`: the friendly unit the mover ended its move intermixed with.
fn intermixed_with<'a>(
    state: &'a GameState,
    unit: &Unit,
    id: &str,
) -> Result<&'a Unit, SoundTheChargeRefusal> {
    let other = in_play(state, id)?;
    in_no_boat(unit, "ends intermixed with friends")?;
    if other.id == unit.id {
        return Err(MovementRefusal::IntermixedWithItself {
            unit: unit.id.clone(),
        }
        .into());
    }
    if other.side != unit.side {
        return Err(MovementRefusal::IntermixedWithEnemy {
            other: other.id.clone(),
        }
        .into());
    }
    Ok(other)
}

/// The other unit of an intermixed pair: its disorder, and the line that says so; guns
/// are never disordered (*Combat Points* note).
fn intermix(unit: &Unit, other: &Unit, why: &mut Vec<String>) -> Option<Event> {
    if unit.arm.is_artillery() {
        why.push(format!(
            "{} ended its move intermixed with {}: guns are never disordered",
            unit.id, other.id
        ));
    }
    let line = if other.arm.is_artillery() {
        "guns are never disordered, so it stays as it is"
    } else if other.disordered {
        "it is disordered already"
    } else {
        "it is disordered too"
    };
    why.push(format!(
        "{}: intermixed with {}; {line} (*Interpenetration*)",
        other.id, unit.id
    ));
    (!other.arm.is_artillery() && !other.disordered).then(|| Event::Disorder {
        unit: other.id.clone(),
        disordered: true,
    })
}

/// Once a turn, and no charging by an army retreating off the table (*Army Morale*).
fn may_move(
    state: &GameState,
    unit: &Unit,
    order: &MoveOrder,
) -> Result<(), SoundTheChargeRefusal> {
    if order.screen.is_some() && !state.ruleset().is_one_twenty_five() {
        return Err(MovementRefusal::ScreenWordsAre125.into());
    }
    if order.reform && !state.ruleset().is_one_twenty_five() {
        return Err(MovementRefusal::ReformMoveIs125.into());
    }
    of_active_side(state, unit, "moves; the passive side only evades (`evade`)")?;
    if unit.moved_this_turn {
        return Err(MovementRefusal::AlreadyMoved {
            unit: unit.id.clone(),
        }
        .into());
    }
    may_go(unit)?;
    if order.facts.charge {
        may_charge(state, unit)?;
    }
    Ok(())
}

/// *Sound the Charge 1:25*: what stops a unit moving at all this turn (a voluntary
/// retreat included, R65), a failed limited-control roll or a two-turn maneuver still
/// under way (R62). Neither is ever set under the other rulesets.
pub(crate) fn may_go(unit: &Unit) -> Result<(), SoundTheChargeRefusal> {
    if let Some(Control::Failed(face)) = unit.one_twenty_five.control {
        return Err(MovementRefusal::FailedControl {
            unit: unit.id.clone(),
            face,
        }
        .into());
    }
    if let Some(maneuver) = unit.one_twenty_five.maneuvering {
        return Err(MovementRefusal::ChangingFormation {
            unit: unit.id.clone(),
            until_turn: maneuver.until_turn,
        }
        .into());
    }
    Ok(())
}

/// *Charging* 6 and 7: who may be charged by whom, checked when the referee names the target.
fn charge_target<'a>(
    state: &'a GameState,
    unit: &Unit,
    id: &str,
    new_formation: Option<Formation>,
) -> Result<&'a Unit, SoundTheChargeRefusal> {
    let target = in_play(state, id)?;
    if target.side == unit.side {
        return Err(MovementRefusal::ChargesOwnSide {
            unit: unit.id.clone(),
            target: target.id.clone(),
        }
        .into());
    }
    // The formation it charges in, after any change this move; 1:25's skirmishers have
    // their own limits, told with the move.
    if !state.ruleset().is_one_twenty_five()
        && new_formation.unwrap_or(unit.formation) == Formation::Skirmish
        && !(matches!(target.arm, Arm::Artillery { .. }) || target.formation == Formation::Skirmish)
    {
        return Err(MovementRefusal::SkirmishersChargeCloseOrder {
            unit: unit.id.clone(),
            target: target.id.clone(),
        }
        .into());
    }
    Ok(target)
}

/// The allowance's steps, then why the move leaves the unit disordered.
pub(crate) fn allowance_lines(steps: &[Step], disordered: &[String]) -> Vec<String> {
    let mut lines: Vec<String> = steps.iter().map(ToString::to_string).collect();
    lines.extend(disordered.iter().map(|r| format!("disordered: {r}")));
    lines
}

/// The allowance's steps, then what the move does to the unit and what the target may do.
fn why(unit: &Unit, plan: &MovePlan, target: Option<&Unit>) -> Vec<String> {
    let mut lines = allowance_lines(&plan.steps, &plan.disordered);
    lines.extend(plan.shaken.iter().map(|r| format!("shaken: {r}")));
    // *Artillery Movement*: gunners away from their guns move like skirmishers (ruling 65).
    if unit.sound_the_charge.guns_abandoned && unit.arm.is_artillery() {
        lines.push(format!(
            "the guns stay where they are: only the gunners move (`reman {}` takes them back \
             to the guns as a move)",
            unit.id
        ));
    }
    if let Some(target) = target
        && may_evade(target)
    {
        lines.push(format!(
            "{} may evade up to {} (`evade {}`)",
            target.id,
            evade_max(),
            target.id
        ));
    }
    lines
}

/// What a move leaves the unit as, whichever ruleset planned it.
pub(crate) struct Outcome {
    pub formation_after: Formation,
    pub disordered: bool,
    pub shaken: bool,
    /// Battalion-masse formed (`Some(true)`) or left.
    pub masse: Option<bool>,
}

/// The state changes a move makes: formation, disorder, shaken, masse.
pub(crate) fn consequences(unit: &Unit, outcome: &Outcome) -> Vec<Event> {
    let mut events = Vec::new();
    if outcome.formation_after != unit.formation {
        events.push(Event::Formation {
            unit: unit.id.clone(),
            formation: outcome.formation_after,
        });
    }
    if !unit.disordered && outcome.disordered {
        events.push(Event::Disorder {
            unit: unit.id.clone(),
            disordered: true,
        });
    }
    if !unit.is_shaken() && outcome.shaken {
        events.push(Event::Morale {
            unit: unit.id.clone(),
            morale: Morale::Shaken,
        });
    }
    if let Some(on) = outcome.masse {
        events.push(Event::Own(
            SoundTheChargeEvent::Masse {
                unit: unit.id.clone(),
                on,
            }
            .into(),
        ));
    }
    events
}

/// *Steadiness and Disorder* 2: steady cavalry charging infantry disorders it at contact,
/// made by the move (ruling 30). Skirmishers may still evade, so theirs waits for the
/// combat.
fn cavalry_contact(
    state: &GameState,
    unit: &Unit,
    plan: &MovePlan,
    target: &Unit,
) -> Option<Event> {
    let steady_cavalry =
        matches!(unit.arm, Arm::Cavalry(_)) && !unit.disordered && plan.disordered.is_empty();
    (steady_cavalry
        && target.formation != Formation::Skirmish
        && super::close_combat::disordered_by_cavalry(state, target))
    .then(|| Event::Disorder {
        unit: target.id.clone(),
        disordered: true,
    })
}

/// *Evading*: skirmishers and gunners may evade a charge.
fn may_evade(unit: &Unit) -> bool {
    unit.formation == Formation::Skirmish || matches!(unit.arm, Arm::Artillery { .. })
}

/// The checks every edition makes of an evade before its own distance: the players' dice
/// only where the edition rolls the distance, the phase, the passive side, no boat, a unit
/// the edition lets evade (`may_evade`), out of combat, once, and a charge to evade.
pub(crate) fn evade_checks<'a>(
    state: &'a GameState,
    id: &str,
    dice: Option<&[u8]>,
    may_evade: fn(&Unit) -> bool,
) -> Result<&'a Unit, SoundTheChargeRefusal> {
    let stc_1_25 = state.ruleset().is_one_twenty_five();
    if dice.is_some() && !stc_1_25 {
        return Err(MovementRefusal::EvadeDice {
            ruleset: state.ruleset().title(),
        }
        .into());
    }
    in_phase(state, Phase::Movement, "evading a charge")?;
    let unit = in_play(state, id)?;
    if unit.side == state.active() {
        return Err(MovementRefusal::EvaderActive {
            unit: unit.id.clone(),
        }
        .into());
    }
    in_no_boat(unit, "evades")?;
    if !may_evade(unit) {
        return Err(MovementRefusal::MayNotEvade {
            unit: unit.id.clone(),
            arm: unit.arm.label(),
            formation: unit.formation,
        }
        .into());
    }
    if unit.in_contact() {
        return Err(MovementRefusal::EvadeFromCombat {
            unit: unit.id.clone(),
        }
        .into());
    }
    if unit.moved_this_turn {
        return Err(MovementRefusal::AlreadyEvaded {
            unit: unit.id.clone(),
        }
        .into());
    }
    if !state
        .units()
        .iter()
        .any(|u| u.side == state.active() && u.charged_this_turn)
    {
        return Err(MovementRefusal::NoChargeToEvade {
            unit: unit.id.clone(),
        }
        .into());
    }
    Ok(unit)
}

/// *Evading*: a passive unit of skirmishers or gunners moves away from a charge, up to 8".
pub fn evade(
    state: &GameState,
    id: &str,
    dice: Option<&[u8]>,
) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    let unit = evade_checks(state, id, dice, may_evade)?;
    let mut why = vec![format!(
        "evaders move like a retreat but no more than {}, only as far as 1\" from \
         the enemy, and need not about face",
        evade_max()
    )];
    if matches!(unit.arm, Arm::Artillery { .. }) {
        why.push(
            "the gunners abandon their guns (they may shelter in a friendly square within 2\")"
                .to_owned(),
        );
    }
    let mut events = vec![Event::Moved {
        unit: unit.id.clone(),
        allowance: evade_max().to_string(),
        charging: false,
        target: None,
        evade: true,
        retreat: false,
        why,
        trousers: None,
    }];
    if matches!(unit.arm, Arm::Artillery { .. }) {
        events.push(Event::Own(
            SoundTheChargeEvent::Guns {
                unit: unit.id.clone(),
                manned: false,
            }
            .into(),
        ));
    }
    Ok(events)
}

/// `retreat <unit> blocked`: the retreat a unit owes cannot be made, and it is destroyed
/// (*Retreat Moves* 2 to 4). `retreat <unit>`: a voluntary retreat (optional rule).
pub fn retreat(
    state: &GameState,
    id: &str,
    blocked: bool,
) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    let unit = in_play(state, id)?;
    if !blocked {
        return voluntary_retreat(state, unit);
    }
    let Some(inches) = unit.retreat_owed else {
        return Err(MovementRefusal::NoRetreatOwed {
            unit: unit.id.clone(),
        }
        .into());
    };
    let cause = if state.ruleset().is_one_twenty_five() {
        use crate::rules::sound_the_charge_1_25::{RETREAT_MAX, RETREAT_MIN};
        format!(
            "it could not retreat {}-{}\" without contacting a new enemy unit (*Retreat Moves*)",
            RETREAT_MIN.value(),
            RETREAT_MAX.value()
        )
    } else {
        format!(
            "its {inches}\" retreat was blocked (*Retreat Moves*: an enemy in its path, no 4\" \
             gap between enemies, or passing within 1\" of one)"
        )
    };
    let mut events = vec![Event::Eliminated {
        unit: unit.id.clone(),
        cause,
    }];
    events.extend(crate::engine::guards::detach_all(state, &unit.id));
    Ok(events)
}

/// Troops in boats only row, board or land (*Boats*).
fn in_no_boat(unit: &Unit, what: &'static str) -> Result<(), SoundTheChargeRefusal> {
    match unit.sound_the_charge.boat {
        Some(stage) => Err(MovementRefusal::InBoats {
            unit: unit.id.clone(),
            boat: stage.describe(),
            what,
        }
        .into()),
        None => Ok(()),
    }
}

/// The checks every edition makes of a voluntary retreat before its own distance: no boat,
/// the optional rule where the edition needs it, the phase, the active side, out of
/// combat and in command where the edition asks it, and no move yet.
pub(crate) fn voluntary_retreat_checks(
    state: &GameState,
    unit: &Unit,
) -> Result<(), SoundTheChargeRefusal> {
    in_no_boat(unit, "makes a voluntary retreat")?;
    // *Retreat Moves*: in 1:25 any active unit out of combat may, no optional rule needed.
    let stc_1_25 = state.ruleset().is_one_twenty_five();
    if !stc_1_25 && !state.rule_in_play(OptionalRule::VoluntaryRetreat) {
        return Err(MovementRefusal::VoluntaryRetreatNotInPlay {
            unit: unit.id.clone(),
        }
        .into());
    }
    in_phase(state, Phase::Movement, "a voluntary retreat")?;
    of_active_side(state, unit, "retreats voluntarily")?;
    if unit.in_contact() && !stc_1_25 {
        return Err(MovementRefusal::VoluntaryRetreatFromCombat {
            unit: unit.id.clone(),
        }
        .into());
    }
    if !stc_1_25 && unit.command == CommandState::Out && !general_attached(state, unit) {
        return Err(MovementRefusal::VoluntaryRetreatOutOfCommand {
            unit: unit.id.clone(),
        }
        .into());
    }
    if unit.moved_this_turn {
        return Err(MovementRefusal::RetreatAfterMove {
            unit: unit.id.clone(),
        }
        .into());
    }
    Ok(())
}

/// *Voluntary Retreat* (optional): a unit in command falls back up to 18", at the price
/// of rout hits and its morale.
fn voluntary_retreat(state: &GameState, unit: &Unit) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    voluntary_retreat_checks(state, unit)?;
    let rout_hits = movement::voluntary_retreat_rout_hits(unit);
    let mut why = vec![
        format!(
            "away from the nearest enemy, up to {}, facing the enemy; it must end \
             farther from every enemy than it began and at least {} from the nearest",
            retreat_max(),
            voluntary_retreat_clear()
        ),
        format!(
            "{}: {}",
            if unit.is_shaken() {
                "already shaken, it stays shaken"
            } else {
                "it becomes shaken"
            },
            HitKind::Rout.count_phrase(rout_hits)
        ),
    ];
    if unit.formation == Formation::Square {
        why.push("a square that retreats ends in column".to_owned());
    }
    let mut events = vec![retreated(unit, retreat_max().to_string(), why)];
    if !unit.is_shaken() {
        events.push(Event::Morale {
            unit: unit.id.clone(),
            morale: Morale::Shaken,
        });
    }
    if unit.formation == Formation::Square {
        events.push(Event::Formation {
            unit: unit.id.clone(),
            formation: Formation::Column,
        });
    }
    events.extend(crate::engine::guards::hits(
        state,
        &unit.id,
        HitKind::Rout,
        rout_hits,
    )?);
    Ok(events)
}

/// Gunners who evaded go back to their guns, as their move (ruling 51).
pub fn reman(state: &GameState, id: &str) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    in_phase(state, Phase::Movement, "going back to the guns")?;
    let unit = in_play(state, id)?;
    of_active_side(state, unit, "moves")?;
    if !unit.sound_the_charge.guns_abandoned {
        return Err(MovementRefusal::WithItsGuns {
            unit: unit.id.clone(),
        }
        .into());
    }
    if unit.moved_this_turn {
        return Err(MovementRefusal::RemanAfterMove {
            unit: unit.id.clone(),
        }
        .into());
    }
    Ok(vec![Event::Own(
        SoundTheChargeEvent::Guns {
            unit: unit.id.clone(),
            manned: true,
        }
        .into(),
    )])
}
