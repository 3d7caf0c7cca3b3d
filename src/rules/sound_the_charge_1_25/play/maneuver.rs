//! *Sound the Charge 1:25* in the movement phase, where it reads a move differently from
//! the original: the 1:25 movement table and maneuver costs, a two-turn maneuver's
//! disorder, evades rolled in inches, the voluntary retreat every active unit may make,
//! and the optional *Limited Control* roll. The registry sends `move`, `evade` and a
//! voluntary `retreat` here; each first makes the checks both editions share (phase,
//! active side, shattered, once a turn), which *Sound the Charge*'s `maneuver.rs` keeps.

use crate::core::score::Score;
use crate::engine::event::Event;
use crate::engine::guards::{in_phase, in_play, of_active_side};
use crate::engine::roll::{Roll, RollKind};
use crate::engine::state::GameState;
use crate::engine::thrower::{Thrower, one_die};
use crate::rules::Ruleset;
use crate::rules::optional_rule::OptionalRule;
use crate::rules::phase::Phase;
use crate::rules::sound_the_charge::play::MovementRefusal;
use crate::rules::sound_the_charge::play::SoundTheChargeRefusal;
use crate::rules::sound_the_charge::play::maneuver::{
    Outcome, allowance_lines, consequences, evade_checks, may_go, move_checks, moved, retreated,
    voluntary_retreat_checks,
};
use crate::rules::sound_the_charge::play::move_order::MoveOrder;
use crate::rules::sound_the_charge_1_25::event::OneTwentyFiveEvent;
use crate::rules::sound_the_charge_1_25::movement::{self, MovePlan};
use crate::rules::sound_the_charge_1_25::screen::{self, ScreenOrder};
use crate::rules::sound_the_charge_1_25::{
    APPROACH_LIMIT, RETREAT_MAX, RETREAT_MIN, Retreat, limited_control, steady,
};
use crate::rules::unit::{Arm, Formation, Grade, HitKind, Morale, Unit};

/// `move`: the checks both editions make (*Sound the Charge*'s play), then this
/// edition's table.
pub fn move_unit(
    state: &GameState,
    order: &MoveOrder,
) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    let (unit, target, intermixed) = move_checks(state, order)?;
    move_by_its_table(state, unit, order, target, intermixed)
}

/// `evade`: the checks both editions make, for the units this edition lets evade, then
/// the inches its dice roll (`dice` if the players typed them).
pub fn evade(
    state: &GameState,
    id: &str,
    dice: Option<&[u8]>,
) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    let unit = evade_checks(state, id, dice, may_evade)?;
    evade_by_its_dice(state, unit, dice)
}

/// `retreat <unit>`: the checks both editions make, a unit free to go, then this
/// edition's range of retreat.
pub fn voluntary_retreat(state: &GameState, id: &str) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    let unit = in_play(state, id)?;
    voluntary_retreat_checks(state, unit)?;
    may_go(unit)?;
    retreat_by_its_range(state, unit)
}

/// *Turn Sequence and Movement* and what it leads to: the 1:25 allowance and its reasons.
fn move_by_its_table(
    state: &GameState,
    unit: &Unit,
    order: &MoveOrder,
    target: Option<&Unit>,
    intermixed: Option<&Unit>,
) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    original_only_words(order)?;
    if order.reform {
        return reform(unit, order, intermixed.is_some());
    }
    if let Some(new) = order.facts.new_formation
        && !Ruleset::SoundTheCharge125.formations().contains(&new)
    {
        return Err(MovementRefusal::NoFormation125 { formation: new }.into());
    }
    if let Some(friend) = intermixed {
        through_a_friend(unit, friend, order)?;
    }
    let charging = order.facts.charge;
    let mut plan = movement::plan(unit, &order.facts).map_err(SoundTheChargeRefusal::from)?;
    if !charging {
        screen::may_keep(unit, plan.formation_after, order.screen)
            .map_err(SoundTheChargeRefusal::from)?;
    }
    if let Some(screen_order) = order.screen {
        if charging {
            return Err(MovementRefusal::ScreenOnAttack {
                unit: unit.id.clone(),
                drop: if screen_order == ScreenOrder::In {
                    "unscreen"
                } else {
                    "screen="
                },
            }
            .into());
        }
        plan =
            screen::with_screen(unit, plan, screen_order).map_err(SoundTheChargeRefusal::from)?;
    }
    let mut why = allowance_lines(&plan.steps, &disorder_reasons(&plan));
    why.extend(attack_lines(unit, charging, target));
    let mut events = Vec::new();
    let mut disordered = !plan.disordered.is_empty();
    if let Some(friend) = intermixed {
        disordered |= !unit.arm.is_artillery();
        why.push(format!(
            "passed through {} at full speed: both are disordered; the friend stands still \
             this turn (*Pass through a friend*, R64)",
            friend.id
        ));
        if never_disordered(friend) {
            why.push(format!("{}: never counts as disordered", friend.id));
        } else if !friend.disordered {
            events.push(Event::Disorder {
                unit: friend.id.clone(),
                disordered: true,
            });
        }
    }
    let two_turns = two_turn_maneuver(state, unit, &plan, &mut why);
    let mut all = vec![moved(
        unit,
        plan.inches.to_string(),
        charging,
        target.filter(|_| charging),
        why,
    )];
    all.extend(consequences(
        unit,
        &Outcome {
            formation_after: plan.formation_after,
            disordered,
            shaken: false,
            masse: None,
        },
    ));
    all.extend(two_turns);
    all.extend(events);
    all.extend(screen_events(unit, order, target));
    Ok(all)
}

/// *Skirmish Screens*: the screen the move sends out or calls in; on an attack, the
/// attacker's screen and its target's join their units at once, at no cost.
fn screen_events(unit: &Unit, order: &MoveOrder, target: Option<&Unit>) -> Vec<Event> {
    let recalled = |u: &Unit| {
        u.one_twenty_five.screen.is_some().then(|| {
            Event::Own(
                OneTwentyFiveEvent::Screen {
                    unit: u.id.clone(),
                    models: None,
                }
                .into(),
            )
        })
    };
    if order.facts.charge {
        return [Some(unit), target]
            .into_iter()
            .flatten()
            .filter_map(recalled)
            .collect();
    }
    match order.screen {
        Some(ScreenOrder::Out(models)) => vec![Event::Own(
            OneTwentyFiveEvent::Screen {
                unit: unit.id.clone(),
                models: Some(models),
            }
            .into(),
        )],
        Some(ScreenOrder::In) => recalled(unit).into_iter().collect(),
        None => Vec::new(),
    }
}

/// *Rallying and Reforming*: a disordered unit spends a full move reforming, shaken or
/// not (a unit that failed its rally may still reform); it goes nowhere that turn.
fn reform(
    unit: &Unit,
    order: &MoveOrder,
    intermixed: bool,
) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    let facts = &order.facts;
    let alone = order.target.is_none()
        && order.screen.is_none()
        && !intermixed
        && facts == &crate::rules::sound_the_charge::movement::MoveFacts::default();
    if !alone {
        return Err(MovementRefusal::ReformNotAlone.into());
    }
    if !unit.disordered {
        return Err(MovementRefusal::NotDisordered {
            unit: unit.id.clone(),
        }
        .into());
    }
    let cost = movement::maneuver_cost(unit, movement::Maneuver::Reform);
    let mut why = cost.reasons;
    why.push("it stays where it is this turn (*Rallying and Reforming*)".to_owned());
    Ok(vec![
        moved(unit, "0\" (it reforms)".to_owned(), false, None, why),
        Event::Disorder {
            unit: unit.id.clone(),
            disordered: false,
        },
    ])
}

/// Why the move disorders the unit: the ground, and of a maneuver's costs only those
/// that disorder (its other reasons are already on the allowance's line).
fn disorder_reasons(plan: &MovePlan) -> Vec<String> {
    let costs = plan
        .maneuver
        .as_ref()
        .map_or(&[][..], |c| c.reasons.as_slice());
    plan.disordered
        .iter()
        .filter(|r| !costs.contains(r) || r.contains("disorder"))
        .cloned()
        .collect()
}

/// The original's words with no 1:25 meaning: refused, naming what the original meant (R68).
fn original_only_words(order: &MoveOrder) -> Result<(), SoundTheChargeRefusal> {
    let facts = &order.facts;
    let why = if facts.near_enemy {
        Some(
            "`near` is the original's optional Pinning; 1:25 has none, only *Approaching the \
             Enemy*: no closer than 2\" to the enemy except to attack",
        )
    } else if facts.upstream {
        Some("`upstream` is the original's optional Boats; 1:25 has no boats")
    } else if facts.screening {
        Some(
            "`screen` is the original's screening unit moving apart at column speed; a 1:25 \
             screen is up to 8 of the unit's own models within 2\" of it, moving at its rate \
             (*Skirmish Screens*): send it out with `screen=<models>`, call it in with \
             `unscreen`",
        )
    } else if facts.masse.is_some() {
        Some(
            "battalion-masse (`masse`, `unmasse`) is the original's Austrian column; 1:25 has none",
        )
    } else if order.roll.is_some() {
        Some(
            "`roll=` on a move is the original's charge die for Spanish cavalry; 1:25 has none \
             (the optional Limited Control roll is `control <unit> roll=d`)",
        )
    } else {
        None
    };
    match why {
        Some(why) => Err(MovementRefusal::OriginalOnlyWord { why }.into()),
        None => Ok(()),
    }
}

/// *Pass through a friend*: half speed (`through`) or both disordered (`intermixed=`);
/// skirmishers flow freely and need neither (R60).
fn through_a_friend(
    unit: &Unit,
    friend: &Unit,
    order: &MoveOrder,
) -> Result<(), SoundTheChargeRefusal> {
    if order.facts.through {
        return Err(MovementRefusal::ThroughAndIntermixed {
            friend: friend.id.clone(),
        }
        .into());
    }
    if order.facts.new_formation.unwrap_or(unit.formation) == Formation::Skirmish {
        return Err(MovementRefusal::SkirmishersFlowThrough {
            unit: unit.id.clone(),
        }
        .into());
    }
    Ok(())
}

/// Skirmishers and guns never count as disordered (*Skirmishers*, *Attacking Artillery*).
fn never_disordered(unit: &Unit) -> bool {
    unit.arm.is_artillery() || unit.formation == Formation::Skirmish
}

/// What an attack (or a plain move) must keep to, and what its target may do. Whether a
/// skirmishers' attack is frontal is the table's, so it is told, not refused (R67).
fn attack_lines(unit: &Unit, charging: bool, target: Option<&Unit>) -> Vec<String> {
    if !charging {
        return vec![format!(
            "no closer than {APPROACH_LIMIT}\" to the enemy unless attacking (*Approaching \
             the Enemy*)"
        )];
    }
    let mut lines = vec![
        "at charge speed it may only wheel 45° at the start, and the target must be visible \
         at the start (*Combat*)"
            .to_owned(),
    ];
    let Some(target) = target else {
        return lines;
    };
    if unit.formation == Formation::Skirmish && !target.arm.is_artillery() && steady(target) {
        lines.push(format!(
            "{} is steady close order: skirmishers may attack it only in flank or rear, never \
             frontally (*Skirmishers*)",
            target.id
        ));
    }
    if let Some(dice) = movement::evade_dice(target) {
        let close_order = unit.formation != Formation::Skirmish;
        let may = if target.formation == Formation::Skirmish && close_order {
            "must evade a close-order attack"
        } else {
            "may evade"
        };
        lines.push(format!(
            "{} {may} {dice}D6\" (`evade {}`); if the attackers reach the evaders they are \
             eliminated and the attack may go on",
            target.id, target.id
        ));
    }
    lines
}

/// *Change formation and/or facing*: a maneuver that takes two turns puts the unit in its
/// new formation now, standing disordered until its last active turn has passed (R18, R62).
fn two_turn_maneuver(
    state: &GameState,
    unit: &Unit,
    plan: &MovePlan,
    why: &mut Vec<String>,
) -> Option<Event> {
    let cost = plan.maneuver.as_ref().filter(|c| c.turns() > 1)?;
    if unit.arm.is_artillery() {
        why.push(format!(
            "the change takes {} turns: the battery stands until it is done",
            cost.turns()
        ));
    }
    // Sides alternate, so the unit's own turns are every other one.
    let until_turn = state.turn() + 2 * (cost.turns() - 1);
    why.push(format!(
        "takes {} turns: it is in {} now and stands in disorder until the end of turn \
         {until_turn}",
        cost.turns(),
        plan.formation_after
    ));
    // Disorder that outlasts the maneuver: it began disordered, is grade D, came out of
    // skirmish order, or met disordering ground; such a unit must still reform.
    let from_ground = plan.disordered.iter().any(|r| !cost.reasons.contains(r));
    let then_steady = !unit.disordered
        && !from_ground
        && unit.formation != Formation::Skirmish
        && (unit.grade != Grade::D || unit.arm.is_artillery());
    Some(Event::Own(
        OneTwentyFiveEvent::Maneuvering {
            unit: unit.id.clone(),
            until_turn,
            then_steady,
        }
        .into(),
    ))
}

/// Who may evade in 1:25: skirmishers and gunners (*Skirmishers*, *Attacking Artillery*).
fn may_evade(unit: &Unit) -> bool {
    movement::evade_dice(unit).is_some()
}

/// The evade: 2D6" or 3D6", rolled unless the players typed the faces (R23, R61).
fn evade_by_its_dice(
    state: &GameState,
    unit: &Unit,
    typed: Option<&[u8]>,
) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    let Some(count) = movement::evade_dice(unit) else {
        return Err(MovementRefusal::CannotEvade125 {
            unit: unit.id.clone(),
        }
        .into());
    };
    let mut thrower = Thrower {
        stream: state.dice(),
    };
    let (faces, stream) = thrower.throw(typed, count, &format!("{}'s evade", unit.id))?;
    let inches = movement::evade_inches(&faces);
    let horse = matches!(unit.arm, Arm::Artillery { horse: true, .. });
    let who = match (unit.arm.is_artillery(), horse && count == 3) {
        (true, true) => "limbered horse guns evade 3D6\" (*Attacking Artillery*)",
        (true, false) => "gunners on foot evade 2D6\" (*Attacking Artillery*, R23)",
        _ => "skirmishers evade 2D6\" (*Skirmishers*)",
    };
    let score = Score::new(1, "every face counts: the inches are the dice added");
    let mut roll = Roll::new(RollKind::Evade, &unit.id, &score, faces.clone());
    who.clone_into(&mut roll.dice_reason);
    roll.stream = stream;
    let added: Vec<String> = faces.iter().map(u8::to_string).collect();
    roll.conclude(format!("{} = {inches}\"", added.join(" + ")));
    let mut why = vec![
        format!("{who}: {} = {inches}\"", added.join(" + ")),
        "away from the attack, up to the inches rolled; if the attackers reach the evaders \
         they are eliminated (`remove`) and the attack may go on (*Skirmishers*, R61)"
            .to_owned(),
    ];
    if unit.arm.is_artillery() && count == 2 {
        why.push(
            "the gunners run without their guns, which stay where they stand; if the \
             attackers reach the guns the battery is lost (`remove`) (R63)"
                .to_owned(),
        );
    }
    Ok(vec![
        Event::Rolled(roll),
        Event::Moved {
            unit: unit.id.clone(),
            allowance: format!("{inches}\""),
            charging: false,
            target: None,
            evade: true,
            retreat: false,
            why,
            trousers: None,
        },
    ])
}

/// *Retreat Moves*: an active unit out of combat retreats of its own will, 6-24", shaken,
/// with 2 rout hits (none for light infantry and light cavalry, R35), as its move (R66).
fn retreat_by_its_range(
    state: &GameState,
    unit: &Unit,
) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    let retreat = crate::rules::sound_the_charge_1_25::voluntary_retreat(unit)
        .map_err(SoundTheChargeRefusal::from)?;
    let mut why = vec![
        format!(
            "{}\" to {}\" away from the enemy (your choice), within 22.5° either side; it \
             may face the enemy or about face (*Retreat Moves*)",
            RETREAT_MIN.value(),
            RETREAT_MAX.value()
        ),
        format!(
            "{}: {} ({})",
            if unit.is_shaken() {
                "already shaken, it stays shaken"
            } else {
                "it becomes shaken"
            },
            HitKind::Rout.count_phrase(retreat.rout_hits),
            retreat.reasons.join("; ")
        ),
        "it may not advance or fire until it rallies (*Retreat Moves*)".to_owned(),
    ];
    match retreat.formation_after {
        Some(Formation::Column) => why.push("a square retreats as a column".to_owned()),
        Some(Formation::Limbered) => {
            why.push("the guns limber for free and end the retreat limbered".to_owned());
        }
        _ => {}
    }
    let mut events = vec![retreated(unit, format!("{}\"", retreat.max_inches), why)];
    events.extend(retreat_consequences(state, unit, &retreat, false)?);
    Ok(events)
}

/// *Retreat Moves*: what a retreat does to the unit at once: shaken, its rout hits and
/// the formation it retreats in; and, when it is `owed` (a failed test) rather than made
/// as the unit's move, the move it owes, unless the hits shattered it.
pub(crate) fn retreat_consequences(
    state: &GameState,
    unit: &Unit,
    retreat: &Retreat,
    owed: bool,
) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    let mut events = Vec::new();
    // The text is silent: a screen falls back into its retreating parent (R71).
    if unit.one_twenty_five.screen.is_some() {
        events.push(Event::Own(
            OneTwentyFiveEvent::Screen {
                unit: unit.id.clone(),
                models: None,
            }
            .into(),
        ));
    }
    if !unit.is_shaken() {
        events.push(Event::Morale {
            unit: unit.id.clone(),
            morale: Morale::Shaken,
        });
    }
    if unit.figures() > 0 && retreat.rout_hits > 0 {
        events.extend(crate::engine::guards::hits(
            state,
            &unit.id,
            HitKind::Rout,
            retreat.rout_hits,
        )?);
    }
    let shattered = events
        .iter()
        .any(|e| matches!(e, Event::Shattered { unit: u } if *u == unit.id));
    if shattered {
        return Ok(events);
    }
    if let Some(formation) = retreat.formation_after {
        events.push(Event::Formation {
            unit: unit.id.clone(),
            formation,
        });
    }
    if owed {
        events.push(Event::MustRetreat {
            unit: unit.id.clone(),
            inches: retreat.max_inches,
        });
    }
    Ok(events)
}

/// *Limited Control* (optional): a unit of the active side with no general within 16" at
/// the turn's start rolls before it moves; 1-3 and it stays where it is this turn (R39).
/// The referee judges the 16"; a unit with its general riding with it never rolls (R65).
pub fn control(
    state: &GameState,
    id: &str,
    typed: Option<u8>,
) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    if !state.rule_in_play(OptionalRule::LimitedControl) {
        return Err(MovementRefusal::LimitedControlNotInPlay.into());
    }
    in_phase(state, Phase::Movement, "a limited-control roll")?;
    let unit = in_play(state, id)?;
    of_active_side(state, unit, "rolls to move")?;
    if let Some(general) = state.generals_attached_to(&unit.id).next() {
        return Err(MovementRefusal::ControlWithGeneral {
            general: general.name.clone(),
            unit: unit.id.clone(),
        }
        .into());
    }
    if let Some(done) = unit.one_twenty_five.control {
        let (face, how) = match done {
            crate::rules::sound_the_charge_1_25::unit_state::Control::Passed(face) => {
                (face, "passed")
            }
            crate::rules::sound_the_charge_1_25::unit_state::Control::Failed(face) => {
                (face, "failed")
            }
        };
        return Err(MovementRefusal::AlreadyRolledControl {
            unit: unit.id.clone(),
            face,
            how,
        }
        .into());
    }
    if unit.moved_this_turn {
        return Err(MovementRefusal::ControlAfterMove {
            unit: unit.id.clone(),
        }
        .into());
    }
    if unit.in_contact() {
        return Err(MovementRefusal::ControlInCombat {
            unit: unit.id.clone(),
        }
        .into());
    }
    may_go(unit)?;
    let score = limited_control(false)
        .ok_or_else(|| SoundTheChargeRefusal::from(MovementRefusal::NoControlRollOwed))?;
    let mut roll = one_die(state, typed, RollKind::Control, &unit.id, &score)?;
    if roll.successes > 0 {
        roll.conclude("passed: it may move this turn");
    } else {
        roll.conclude(
            "FAILED: it may not move this turn; it still rallies, fires and fights (R39)",
        );
    }
    Ok(vec![Event::Rolled(roll)])
}
