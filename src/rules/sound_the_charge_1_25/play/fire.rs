//! *Sound the Charge 1:25*'s dice outside combat: firing (with its "6, then 4-6" second
//! throw), the fire test, the rally from shaken and *Caught with pants down*. The numbers
//! are `rules::sound_the_charge_1_25`'s; this module finds the units, checks the phase
//! and the turn, throws or takes the dice and turns the result into events, as
//! `resolve` does for the original.

use super::maneuver::retreat_consequences;
use crate::core::score::needed_phrase;
use crate::engine::event::Event;
use crate::engine::guards::hits;
use crate::engine::guards::{in_phase, in_play, of_active_side};
use crate::engine::roll::{Roll, RollKind, SixThen};
use crate::engine::state::GameState;
use crate::engine::thrower::{Thrower, one_die};
use crate::rules::phase::Phase;
use crate::rules::sound_the_charge::play::FireRefusal;
use crate::rules::sound_the_charge::play::SoundTheChargeRefusal;
use crate::rules::sound_the_charge::play::resolve::{
    general_attached, hit_generals, not_yet_rallied, rallied, risk_rolls, split_fire,
};
use crate::rules::sound_the_charge::play::roll_command::{
    GunShot, RallyOrder, RangeCall, ShotOrder, TestOrder,
};
use crate::rules::sound_the_charge::shooting::{Range, ShotFacts};
use crate::rules::sound_the_charge_1_25::event::OneTwentyFiveEvent;
use crate::rules::sound_the_charge_1_25::morale::{self, FireTestFacts};
use crate::rules::sound_the_charge_1_25::screen;
use crate::rules::sound_the_charge_1_25::shooting::{self, Shot, ToHit};
use crate::rules::sound_the_charge_1_25::{PantsDownFacts, caught_with_pants_down};
use crate::rules::unit::{HitKind, Morale, Unit};

/// *Firing*: one unit fires at one enemy unit.
pub fn shoot(state: &GameState, order: &ShotOrder) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    in_phase(state, Phase::Shooting, "firing")?;
    if let Some(word) = [
        (order.bounce, "bounce"),
        (order.gun, "gun"),
        (order.at_gun, "at-gun"),
    ]
    .iter()
    .find_map(|&(on, word)| on.then_some(word))
    {
        return Err(FireRefusal::OriginalOnlyWord { word }.into());
    }
    let (firer, target) = firer_and_target(state, order)?;
    let parent = firer;
    let screen_firing = order
        .from_screen
        .then(|| the_screen(parent, "to fire"))
        .transpose()?;
    let firer = screen_firing.as_ref().unwrap_or(parent);
    let screen_aimed_at = order
        .at_screen
        .then(|| the_screen(target, "to fire at"))
        .transpose()?;
    let aimed = screen_aimed_at.as_ref().unwrap_or(target);
    let (shot, range) = choose_shot(firer, order)?;
    let facts = ShotFacts {
        moved: order.facts.moved || firer.moved_this_turn,
        ..order.facts
    };
    let mut fire = shooting::plan(firer, aimed, shot, range, &facts, firer.one_twenty_five.kit)
        .map_err(SoundTheChargeRefusal::from)?;
    if order.from_screen {
        fire.dice_reason = format!("its skirmish screen, {}", fire.dice_reason);
    }
    // *Firing*: splitting fire, as the original's, with 1:25's count of dice; a screen's
    // fire and its parent's are the one unit's (R73).
    split_fire(
        parent,
        order,
        fire.dice,
        shooting::most_dice(parent, parent.one_twenty_five.kit),
    )?;

    let mut thrower = Thrower {
        stream: state.dice(),
    };
    let (thrown, mut stream) = thrower.throw(order.dice.as_deref(), fire.dice, &firer.id)?;
    let mut roll = Roll::new(RollKind::Shooting, &firer.id, &fire.score, thrown);
    roll.target = Some(target.id.clone());
    roll.dice_reason = fire.dice_reason;
    match fire.to_hit {
        ToHit::SixThen(second) => {
            let sixes = roll.dice.iter().filter(|&&face| face == 6).count();
            let count = u32::try_from(sixes).unwrap_or(u32::MAX);
            if order.dice.is_some() && order.then.is_none() && count > 0 {
                return Err(FireRefusal::SecondDiceMissing {
                    unit: firer.id.clone(),
                    second,
                    sixes: count,
                }
                .into());
            }
            let what = format!("{}'s second dice", firer.id);
            let (dice, after) = thrower.throw(order.then.as_deref(), count, &what)?;
            stream = after.or(stream);
            let hits = dice.iter().filter(|&&face| face >= second).count();
            roll.successes = u32::try_from(hits).unwrap_or(u32::MAX);
            roll.then = Some(SixThen {
                needed: i32::from(second),
                dice,
            });
        }
        _ if order.then.is_some() => {
            return Err(FireRefusal::ThenNotNeeded {
                unit: firer.id.clone(),
                needs: fire.to_hit.phrase(),
            }
            .into());
        }
        ToHit::Impossible => roll.successes = 0,
        ToHit::Every | ToHit::Single(_) => {}
    }
    roll.stream = stream;
    let near = within_8(order.range, shot, range);
    land(state, order, roll, target, near, &mut thrower)
}

/// The firer and its target, checked: in play, enemies, neither in a combat, the target
/// owing no test from an earlier fire.
fn firer_and_target<'a>(
    state: &'a GameState,
    order: &ShotOrder,
) -> Result<(&'a Unit, &'a Unit), SoundTheChargeRefusal> {
    let firer = in_play(state, &order.firer)?;
    of_active_side(state, firer, "fires")?;
    let target = in_play(state, &order.target)?;
    if target.side == firer.side {
        return Err(FireRefusal::SameSide {
            firer: firer.id.clone(),
            target: target.id.clone(),
            side: firer.side.clone(),
        }
        .into());
    }
    if let Some(enemy) = in_a_combat(state, firer) {
        return Err(FireRefusal::FirerInCombat {
            unit: firer.id.clone(),
            enemy,
        }
        .into());
    }
    if let Some(enemy) = in_a_combat(state, target) {
        return Err(FireRefusal::TargetInCombat {
            unit: target.id.clone(),
            enemy,
        }
        .into());
    }
    if target.owes_test {
        return Err(FireRefusal::TargetOwesTest {
            unit: target.id.clone(),
        }
        .into());
    }
    Ok((firer, target))
}

/// *Skirmish Screens*: the unit's screen as the skirmishers that fire or are fired at.
fn the_screen(unit: &Unit, what: &'static str) -> Result<Unit, SoundTheChargeRefusal> {
    screen::as_skirmishers(unit).ok_or_else(|| {
        SoundTheChargeRefusal::from(FireRefusal::NoScreenOut {
            unit: unit.id.clone(),
            what,
        })
    })
}

/// Whether the fire came from 8" or less: the tape's reading, or a band that lies wholly
/// on one side of 8"; `None` when the band straddles it.
fn within_8(call: RangeCall, shot: Shot, range: Range) -> Option<bool> {
    const EIGHT: u32 = 8;
    match call {
        RangeCall::Measured(distance) => Some(distance.tenths <= EIGHT * 10),
        RangeCall::Band(_) => {
            let (close, far) = shot.ranges();
            // A band runs from past the one before it up to its own figure.
            let (from, to) = match range {
                Range::Close => (0, close),
                Range::Far => (close, far.unwrap_or(close)),
            };
            if to <= EIGHT {
                Some(true)
            } else if from >= EIGHT {
                Some(false)
            } else {
                None
            }
        }
    }
}

/// The enemy a unit is fighting: one it attacked this turn or one that attacked it, in
/// 1:25 a combat from the moment the attack goes in; none once either side evaded or
/// retreated.
fn in_a_combat(state: &GameState, unit: &Unit) -> Option<String> {
    let fighting = |u: &Unit| {
        u.fighting()
            && !u.sound_the_charge.evaded_this_turn
            && !u.sound_the_charge.retreated_this_turn
    };
    if let Some(enemy) = unit.in_contact_with.first() {
        return Some(enemy.clone());
    }
    if !fighting(unit) {
        return None;
    }
    let attacked = |charger: &Unit, target: &Unit| {
        charger.charged_this_turn
            && charger.charge_target.as_deref() == Some(target.id.as_str())
            && fighting(charger)
            && fighting(target)
    };
    if let Some(target) = unit.charge_target.as_deref().and_then(|t| state.unit(t))
        && attacked(unit, target)
    {
        return Some(target.id.clone());
    }
    state
        .units()
        .iter()
        .find(|charger| attacked(charger, unit))
        .map(|charger| charger.id.clone())
}

/// The shot the firer makes: rifles or muskets for infantry; for guns the one the
/// referee names, or at a measured distance the best that reaches (canister first).
fn choose_shot(firer: &Unit, order: &ShotOrder) -> Result<(Shot, Range), SoundTheChargeRefusal> {
    let named = order.gun_shot.map(|kind| {
        let calibre = match firer.arm {
            crate::rules::unit::Arm::Artillery { calibre, .. } => Some(calibre),
            _ => None,
        };
        (kind, calibre)
    });
    let shot = match named {
        Some((kind, Some(calibre))) => Some(match kind {
            GunShot::Canister => Shot::Canister(calibre),
            GunShot::Ballshot => Shot::Ballshot(calibre),
        }),
        Some((_, None)) => {
            return Err(FireRefusal::CanisterNotArtillery {
                unit: firer.id.clone(),
            }
            .into());
        }
        None => None,
    };
    let shots = shooting::shots(firer, firer.one_twenty_five.kit);
    if shots.is_empty() {
        return Err(FireRefusal::CavalryNoFireRow {
            unit: firer.id.clone(),
        }
        .into());
    }
    match (order.range, shot) {
        (RangeCall::Measured(distance), Some(shot)) => {
            let range = shot.range_at(distance.tenths).ok_or_else(|| {
                SoundTheChargeRefusal::from(FireRefusal::OutOfShotRange {
                    distance,
                    shot: shot.word(),
                    reach: reach(shot),
                })
            })?;
            Ok((shot, range))
        }
        (RangeCall::Measured(distance), None) => {
            shooting::best_shot_at(firer, firer.one_twenty_five.kit, distance.tenths).ok_or_else(
                || {
                    SoundTheChargeRefusal::from(FireRefusal::OutOfEveryRange {
                        distance,
                        reaches: shots
                            .iter()
                            .map(|&s| format!("{} {}", s.word(), reach(s)))
                            .collect(),
                    })
                },
            )
        }
        (RangeCall::Band(range), Some(shot)) => Ok((shot, range)),
        (RangeCall::Band(range), None) if shots.len() == 1 => Ok((shots[0], range)),
        (RangeCall::Band(_), None) => Err(FireRefusal::BatteryNeedsShot {
            unit: firer.id.clone(),
        }
        .into()),
    }
}

/// "to 4\", 8\"": how far a shot reaches, close band then far.
fn reach(shot: Shot) -> String {
    match shot.ranges() {
        (close, Some(far)) => format!("close to {close}\", far to {far}\""),
        (close, None) => format!("to {close}\""),
    }
}

/// The hits a fire lands, the fire test they call for and the generals they endanger.
fn land(
    state: &GameState,
    order: &ShotOrder,
    mut roll: Roll,
    target: &Unit,
    within_8: Option<bool>,
    thrower: &mut Thrower,
) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    let landed = roll.successes.min(target.figures());
    let mut after = Vec::new();
    if landed > 0 {
        after = hits(state, &target.id, HitKind::Loss, landed)?;
    }
    let shattered = after.iter().any(|e| matches!(e, Event::Shattered { .. }));
    // *Skirmish Screens*: hits on the screen go against the parent, with no fire test.
    let test = morale::owes_fire_test(landed) && !shattered && !order.at_screen;
    if test {
        after.push(Event::TestOwed {
            unit: target.id.clone(),
            hits: landed,
        });
        if let Some(within_8) = within_8 {
            after.push(Event::Own(
                OneTwentyFiveEvent::FiredFrom {
                    unit: target.id.clone(),
                    within_8,
                }
                .into(),
            ));
        }
    }
    roll.result = match landed {
        0 => "no hits".to_owned(),
        n => format!(
            "{} on {}",
            crate::core::plural::counted(n, "hit"),
            target.id
        ),
    };
    if order.at_screen && landed > 0 {
        roll.result
            .push_str("'s screen, taken by the unit: no fire test (*Skirmish Screens*)");
    }
    if test {
        roll.result.push_str(": it takes a fire test");
    }
    let at_risk = hit_generals(state, &target.id, landed);
    let risk = risk_rolls(
        &at_risk,
        order.dice.is_some(),
        order.general_dice.as_deref(),
        thrower,
    )?;
    if risk.is_empty() && order.general_dice.is_some() {
        return Err(FireRefusal::GeneralDiceNotNeeded.into());
    }
    let mut events = vec![Event::Rolled(roll)];
    events.extend(after);
    events.extend(risk);
    Ok(events)
}

/// *Firing*, *Fire Test*: a unit that took 2 or more hits from one fire tests at once.
pub fn test(state: &GameState, order: &TestOrder) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    if order.facts.advanced || order.facts.stationary || order.facts.in_cover {
        return Err(FireRefusal::TestModifiersAreOriginal.into());
    }
    let unit = in_play(state, &order.unit)?;
    if !unit.owes_test {
        return Err(FireRefusal::NoFireTestOwed {
            unit: unit.id.clone(),
        }
        .into());
    }
    if order.changed && unit.one_twenty_five.test_within_8 == Some(false) {
        return Err(FireRefusal::ChangedFromBeyond8 {
            unit: unit.id.clone(),
        }
        .into());
    }
    // The referee's word covers a change of facing, which the log cannot see.
    let facts = FireTestFacts {
        changed_formation_last_turn: order.changed || changed_last_turn(state, unit),
        shot_from_8_or_less: unit.one_twenty_five.test_within_8.unwrap_or(order.changed),
    };
    let score = morale::fire_test(
        unit,
        unit.one_twenty_five.test_hits,
        general_attached(state, unit),
        facts,
    );
    let mut roll = one_die(state, order.roll, RollKind::MoraleTest, &unit.id, &score)?;
    if roll.successes == 1 {
        roll.conclude("passed: carries on");
        return Ok(vec![Event::Rolled(roll)]);
    }
    let failure = morale::fire_test_failure(unit);
    roll.conclude(format!(
        "FAILED: retreats {}-{}\", {}, {}",
        failure.min_inches,
        failure.max_inches,
        if unit.is_shaken() {
            "stays shaken"
        } else {
            "shaken"
        },
        HitKind::Rout.count_phrase(failure.rout_hits)
    ));
    let mut events = vec![Event::Rolled(roll)];
    events.extend(retreat_consequences(state, unit, &failure, true)?);
    Ok(events)
}

/// Whether the log saw the unit change formation on its last turn: the turn before
/// this one, the enemy's being the one it is shot at or attacked in.
fn changed_last_turn(state: &GameState, unit: &Unit) -> bool {
    state
        .turn()
        .checked_sub(1)
        .is_some_and(|last| unit.one_twenty_five.formation_changed_on == Some(last))
}

/// *Rally from Shaken*: the active side's shaken units try at the start of its turn.
pub fn rally(state: &GameState, order: &RallyOrder) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    if order.facts.in_cover {
        return Err(FireRefusal::CoverIsOriginal.into());
    }
    in_phase(state, Phase::Rally, "rallying")?;
    let unit = in_play(state, &order.unit)?;
    of_active_side(state, unit, "rallies")?;
    morale::may_rally(unit).map_err(SoundTheChargeRefusal::from)?;
    not_yet_rallied(unit)?;
    let score = morale::rally(unit, general_attached(state, unit), order.threat);
    let roll = one_die(state, order.roll, RollKind::Rally, &unit.id, &score)?;
    Ok(rallied(
        roll,
        unit,
        (
            "RALLIED: good morale again; a disordered unit still has to reform",
            "failed: stays shaken, may still reform from disorder",
        ),
    ))
}

/// *Caught with pants down*: an enemy attacks a unit from 8" or less on the turn after
/// it changed formation or facing; on 1-3 it is shaken.
pub fn caught(
    state: &GameState,
    unit: &str,
    early: bool,
    facing: bool,
    typed: Option<u8>,
) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    in_phase(state, Phase::Movement, "an attack")?;
    let unit = in_play(state, unit)?;
    if unit.side == state.active() {
        return Err(FireRefusal::CaughtActiveSide {
            unit: unit.id.clone(),
        }
        .into());
    }
    if !facing && !changed_last_turn(state, unit) {
        return Err(FireRefusal::NoChangeLastTurn {
            unit: unit.id.clone(),
        }
        .into());
    }
    let facts = PantsDownFacts {
        changed_last_turn: true,
        attacked_from_8_or_less: true,
        in_first_half: early,
    };
    let Some(score) = caught_with_pants_down(unit, facts) else {
        return Err(FireRefusal::IgnoresCaught {
            unit: unit.id.clone(),
            troops: if unit.arm.is_artillery() {
                "artillery".to_owned()
            } else {
                format!("grade {:?}", unit.grade)
            },
        }
        .into());
    };
    if unit.is_shaken() {
        return Err(FireRefusal::AlreadyShaken {
            unit: unit.id.clone(),
        }
        .into());
    }
    let mut roll = one_die(state, typed, RollKind::CaughtOut, &unit.id, &score)?;
    if roll.successes == 1 {
        roll.conclude("keeps its nerve");
        return Ok(vec![Event::Rolled(roll)]);
    }
    roll.conclude("SHAKEN: caught with its formation half made");
    Ok(vec![
        Event::Rolled(roll),
        Event::Morale {
            unit: unit.id.clone(),
            morale: Morale::Shaken,
        },
    ])
}

/// Its dice and the fire table's scores, before the target's modifiers.
pub(crate) fn fire_line(unit: &Unit) -> Option<String> {
    let shots = shooting::shots(unit, unit.one_twenty_five.kit);
    if shots.is_empty() {
        return None;
    }
    if unit.is_shaken() {
        return Some("Fire: none while shaken".to_owned());
    }
    let table: Vec<String> = shots
        .iter()
        .map(|&shot| {
            let band = |range: Range, inches: u32| {
                shot.chart_score(range)
                    .map(|score| format!("{inches}\" {}", needed_phrase(score)))
            };
            let (close, far) = shot.ranges();
            let bands: Vec<String> = [
                band(Range::Close, close),
                far.and_then(|far| band(Range::Far, far)),
            ]
            .into_iter()
            .flatten()
            .collect();
            format!("{} {}", shot.word(), bands.join(", "))
        })
        .collect();
    let screen = screen::as_skirmishers(unit).map_or_else(String::new, |screen| {
        format!(
            " ({} from its screen of {}: `from-screen`)",
            shooting::most_dice(&screen, unit.one_twenty_five.kit),
            screen.figures()
        )
    });
    Some(format!(
        "Fire: {} at most{screen}; {}; before modifiers",
        crate::core::plural::counted(shooting::most_dice(unit, unit.one_twenty_five.kit), "die"),
        table.join("; ")
    ))
}
