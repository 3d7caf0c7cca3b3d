//! Working out the commands that roll dice: the rules module gives the dice and the
//! score, this module finds the units, checks the phase and whose turn it is, throws
//! or takes the dice, and turns the result into events. Pure: the app's dice come from
//! the stream held in the state.

use super::SoundTheChargeRefusal;
use super::optional_rules::national_modifiers_for;
use super::refusal::{FireRefusal, MovementRefusal};
use super::regimental_gun;
use super::roll_command::{RallyOrder, RangeCall, ShotOrder, TestOrder};
use crate::core::score::Score;
use crate::engine::event::Event;
use crate::engine::guards::hits;
use crate::engine::guards::{in_phase, in_play, of_active_side};
use crate::engine::roll::{Roll, RollKind};
use crate::engine::state::GameState;
use crate::engine::thrower::{Thrower, one_die};
use crate::rules::optional_rule::OptionalRule;
use crate::rules::phase::Phase;
use crate::rules::sides::{General, GeneralStatus};
use crate::rules::sound_the_charge::morale::{self, NerveFacts};
use crate::rules::sound_the_charge::movement;
use crate::rules::sound_the_charge::shooting::{self, ShotFacts, Weapon};
use crate::rules::sound_the_charge::{
    GENERAL_ESCAPES_INCHES, GENERAL_LOST_ON, general_survives_on,
};
use crate::rules::unit::{Arm, Formation, HitKind, Morale, Unit};

/// Whether the unit may charge as it stands, by a move or a fresh attack: not a masse,
/// not cavalry just back on the table, not an army retreating off it (*Army Morale*).
pub(crate) fn may_charge(state: &GameState, unit: &Unit) -> Result<(), SoundTheChargeRefusal> {
    if let Some(why) = movement::charge_barred(unit) {
        return Err(MovementRefusal::ChargeBarred {
            unit: unit.id.clone(),
            why,
        }
        .into());
    }
    if state.retreating_off(&unit.side) {
        return Err(MovementRefusal::ArmyRetreatingNoCharge {
            unit: unit.id.clone(),
        }
        .into());
    }
    Ok(())
}

pub(crate) fn general_attached(state: &GameState, unit: &Unit) -> bool {
    state.generals_attached_to(&unit.id).next().is_some()
}

/// *Shooting*: one unit fires at one target.
pub fn shoot(state: &GameState, order: &ShotOrder) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    only_original_words(order)?;
    in_phase(state, Phase::Shooting, "shooting")?;
    let firer = in_play(state, &order.firer)?;
    of_active_side(state, firer, "shoots")?;
    let target = in_play(state, &order.target)?;
    if order.bounce {
        bounce_through(state, firer)?;
    } else if target.side == firer.side {
        return Err(FireRefusal::SameSide {
            firer: firer.id.clone(),
            target: target.id.clone(),
            side: firer.side.clone(),
        }
        .into());
    }
    let gun_crew;
    let shooter = if order.gun {
        gun_crew = regimental_gun::as_firer(state, firer, order)?;
        &gun_crew
    } else {
        firer
    };
    let weapon = Weapon::of(shooter.arm).ok_or_else(|| {
        SoundTheChargeRefusal::from(FireRefusal::CavalryMayNotShoot {
            unit: firer.id.clone(),
        })
    })?;
    let range = match order.range {
        RangeCall::Band(range) => range,
        RangeCall::Measured(distance) => weapon.range_at(distance.tenths).ok_or_else(|| {
            SoundTheChargeRefusal::from(FireRefusal::OutOfRange {
                distance,
                weapon: weapon.word(),
                reach: weapon.reach_words(),
            })
        })?,
    };
    may_fire_now(firer)?;
    // A move the app was told of counts without `moved` being typed again.
    let facts = ShotFacts {
        moved: order.facts.moved || firer.moved_this_turn,
        ..order.facts
    };
    if order.at_gun {
        regimental_gun::may_shoot_at(state, target, order)?;
    }
    let nation = national_modifiers_for(state, firer);
    let fire = shooting::plan(shooter, target, range, &facts, nation)
        .map_err(SoundTheChargeRefusal::from)?;
    let kind = if order.gun {
        RollKind::RegimentalGun
    } else if order.bounce {
        RollKind::BounceThrough
    } else {
        split_fire(firer, order, fire.dice, shooting::most_dice(firer))?;
        RollKind::Shooting
    };

    let mut thrower = Thrower {
        stream: state.dice(),
    };
    let (mut thrown, stream) = thrower.throw(order.dice.as_deref(), fire.dice, &firer.id)?;
    let at_gun_roll = order
        .at_gun
        .then(|| regimental_gun::die_at_gun(&mut thrown, firer, target, &fire.score, stream));
    let mut events = Vec::new();
    if !thrown.is_empty() {
        let mut roll = Roll::new(kind, &firer.id, &fire.score, thrown);
        roll.target = Some(target.id.clone());
        roll.dice_reason = fire.dice_reason;
        if let (true, Arm::Artillery { calibre, .. }) = (order.bounce, firer.arm) {
            roll.dice_reason = format!(
                "{}; bounce-through: the line from the battery carries on {}\" past its first \
                 target, and hits friend and foe alike",
                roll.dice_reason,
                shooting::bounce_through_inches(calibre)
            );
        }
        roll.stream = stream;
        events.extend(land_shot(state, order, roll, target, &mut thrower)?);
    }
    if let Some((roll, disabled)) = at_gun_roll {
        // Straight after the shot's own roll: the generals' dice come later in the stream.
        let at = usize::from(!events.is_empty());
        let gun_events = std::iter::once(Event::Rolled(roll)).chain(disabled);
        events.splice(at..at, gun_events);
    }
    Ok(events)
}

/// Not after a charge, not with its guns left behind, not from boats.
fn may_fire_now(firer: &Unit) -> Result<(), SoundTheChargeRefusal> {
    if firer.charged_this_turn {
        return Err(FireRefusal::ChargedThisTurn {
            unit: firer.id.clone(),
        }
        .into());
    }
    if firer.sound_the_charge.guns_abandoned {
        return Err(FireRefusal::GunsAbandoned {
            unit: firer.id.clone(),
        }
        .into());
    }
    if firer.sound_the_charge.boat.is_some() {
        return Err(FireRefusal::InBoats {
            unit: firer.id.clone(),
        }
        .into());
    }
    Ok(())
}

fn only_original_words(order: &ShotOrder) -> Result<(), SoundTheChargeRefusal> {
    if order.gun_shot.is_some() || order.then.is_some() {
        return Err(FireRefusal::GunShotWordsAre125.into());
    }
    if order.from_screen || order.at_screen {
        return Err(FireRefusal::ScreenWordsAre125.into());
    }
    Ok(())
}

/// The hits a shot lands on its target, the morale test they call for, and the generals
/// riding with the target put at risk by them.
fn land_shot(
    state: &GameState,
    order: &ShotOrder,
    mut roll: Roll,
    target: &Unit,
    thrower: &mut Thrower,
) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    let landed = roll.successes.min(target.figures());
    roll.result = match landed {
        0 => "no hits".to_owned(),
        n => format!(
            "{} on {}",
            crate::core::plural::counted(n, "hit"),
            target.id
        ),
    };
    let mut after = vec![];
    if landed > 0 {
        after = hits(state, &target.id, HitKind::Loss, landed)?;
        let shattered = after.iter().any(|e| matches!(e, Event::Shattered { .. }));
        // *Boats*: troops in boats take no morale test.
        if !shattered && target.sound_the_charge.boat.is_none() {
            after.push(Event::TestOwed {
                unit: target.id.clone(),
                hits: landed,
            });
        }
    }
    let at_risk = hit_generals(state, &target.id, landed);
    let risk = risk_rolls(
        &at_risk,
        order.dice.is_some(),
        order.general_dice.as_deref(),
        thrower,
    )?;
    if risk.is_empty() && order.general_dice.is_some() {
        roll.result
            .push_str(" (gen= not needed: no general at risk)");
    }
    let mut events = vec![Event::Rolled(roll)];
    events.extend(after);
    events.extend(risk);
    Ok(events)
}

/// *Artillery Bounce-Through* (optional): a battery that has fired this phase carries its
/// shot on to another unit on the line, friend or foe, with the same dice.
fn bounce_through(state: &GameState, firer: &Unit) -> Result<(), SoundTheChargeRefusal> {
    if !state.rule_in_play(OptionalRule::ArtilleryBounceThrough) {
        return Err(FireRefusal::BounceNotInPlay.into());
    }
    if !firer.arm.is_artillery() {
        return Err(FireRefusal::BounceNotArtillery {
            unit: firer.id.clone(),
        }
        .into());
    }
    if firer.sound_the_charge.dice_fired == 0 {
        return Err(FireRefusal::BounceBeforeFirstShot {
            unit: firer.id.clone(),
        }
        .into());
    }
    Ok(())
}

/// *Splitting Fire*: a unit that has fired this turn fires again only with the figures
/// (or guns) that could not reach its first target, and never more dice in all than the
/// whole unit rolls.
pub(crate) fn split_fire(
    firer: &Unit,
    order: &ShotOrder,
    dice: u32,
    whole: u32,
) -> Result<(), SoundTheChargeRefusal> {
    if firer.sound_the_charge.dice_fired == 0 {
        return Ok(());
    }
    if order.facts.split.is_none() {
        return Err(FireRefusal::SplitNeeded {
            unit: firer.id.clone(),
        }
        .into());
    }
    if firer.sound_the_charge.dice_fired + dice > whole {
        return Err(FireRefusal::TooManyDice {
            unit: firer.id.clone(),
            fired: firer.sound_the_charge.dice_fired,
            whole,
            dice,
        }
        .into());
    }
    Ok(())
}

/// What puts a general in danger (*Generals*).
pub(crate) enum Peril {
    /// His unit took this many hits (two or more): a 1 kills him.
    Hits(u32),
    /// His unit was destroyed around him, leaving him alone in contact with the enemy:
    /// a 1 and he is captured, otherwise he rides clear (ruling 31).
    Alone,
    /// Riding alone, an enemy unit reached him: a 1 and he is captured, otherwise he
    /// rides up to 9" clear (*Generals*).
    Contacted,
}

pub(crate) struct AtRisk<'a> {
    pub general: &'a General,
    pub unit: String,
    pub peril: Peril,
}

/// The generals riding with `unit` when it took `landed` hits: at risk from two.
pub(crate) fn hit_generals<'a>(
    state: &'a GameState,
    unit: &'a str,
    landed: u32,
) -> Vec<AtRisk<'a>> {
    if landed < state.ruleset().general_at_risk_from_hits() {
        return Vec::new();
    }
    state
        .generals_attached_to(unit)
        .map(|general| AtRisk {
            general,
            unit: unit.to_owned(),
            peril: Peril::Hits(landed),
        })
        .collect()
}

/// A die for each general at risk, in order: the players' `gen=` dice when they typed the
/// other dice (refused without them, so the referee can add them), else the app's.
pub(crate) fn risk_rolls(
    at_risk: &[AtRisk],
    players_dice: bool,
    general_dice: Option<&[u8]>,
    thrower: &mut Thrower,
) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    if at_risk.is_empty() {
        return Ok(Vec::new());
    }
    if players_dice && general_dice.is_none() {
        return Err(FireRefusal::GeneralDiceMissing {
            at_risk: at_risk
                .iter()
                .map(|r| (r.general.name.clone(), r.unit.clone()))
                .collect(),
        }
        .into());
    }
    let count = u32::try_from(at_risk.len()).unwrap_or(u32::MAX);
    let (thrown, _) = thrower.throw(general_dice, count, "the generals' risk")?;
    let mut events = Vec::new();
    for (risk, face) in at_risk.iter().zip(thrown) {
        let lost_on = GENERAL_LOST_ON.value();
        let reason = match risk.peril {
            Peril::Hits(hits) => format!("{hits} hits on his unit: a {lost_on} kills"),
            Peril::Alone => {
                format!("his unit destroyed around him: a {lost_on} and he is captured")
            }
            Peril::Contacted => {
                format!(
                    "alone, contacted by {}: a {lost_on} and he is captured",
                    risk.unit
                )
            }
        };
        let score = Score::new(general_survives_on(), reason);
        let mut roll = Roll::new(
            RollKind::GeneralRisk,
            &risk.general.name,
            &score,
            vec![face],
        );
        roll.target = Some(risk.unit.clone());
        roll.stream = general_dice.is_none().then(|| thrower.stream.position());
        let lost = roll.successes == 0;
        let (result, status) = match risk.peril {
            Peril::Hits(_) if lost => ("KILLED".to_owned(), Some(GeneralStatus::Killed)),
            Peril::Hits(_) => ("unhurt".to_owned(), None),
            Peril::Alone | Peril::Contacted if lost => {
                ("CAPTURED".to_owned(), Some(GeneralStatus::Captured))
            }
            Peril::Alone | Peril::Contacted => (
                format!(
                    "escapes: rides up to {}\" out of harm's way",
                    GENERAL_ESCAPES_INCHES.value()
                ),
                None,
            ),
        };
        roll.conclude(result);
        events.push(Event::Rolled(roll));
        match (status, &risk.peril) {
            (Some(status), _) => events.push(Event::GeneralLost {
                general: risk.general.id.clone(),
                status,
            }),
            (None, Peril::Alone) => events.push(Event::Detached {
                general: risk.general.id.clone(),
            }),
            (None, Peril::Hits(_) | Peril::Contacted) => {}
        }
    }
    Ok(events)
}

/// *Morale Test if Hit by Shooting*.
pub fn test(state: &GameState, order: &TestOrder) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    if order.changed {
        return Err(FireRefusal::ChangedIs125.into());
    }
    let unit = in_play(state, &order.unit)?;
    if !unit.owes_test {
        return Err(FireRefusal::NoMoraleTestOwed {
            unit: unit.id.clone(),
        }
        .into());
    }
    let score = morale::shooting_test(
        unit,
        unit.shooting_hits_this_turn,
        general_attached(state, unit),
        order.facts,
        national_modifiers_for(state, unit),
    );
    let mut roll = one_die(state, order.roll, RollKind::MoraleTest, &unit.id, &score)?;
    if roll.successes == 1 {
        roll.conclude("passed: carries on");
        return Ok(vec![Event::Rolled(roll)]);
    }
    let wider = state.rule_in_play(OptionalRule::WiderCavalryBasing);
    let failure = morale::shooting_test_failure(unit, wider);
    roll.result = format!(
        "FAILED: retreats {}\", {}shaken, {}",
        failure.retreat_inches,
        if unit.is_shaken() { "stays " } else { "" },
        HitKind::Rout.count_phrase(failure.rout_hits)
    );
    let mut events = vec![Event::Rolled(roll)];
    if !unit.is_shaken() {
        events.push(Event::Morale {
            unit: unit.id.clone(),
            morale: Morale::Shaken,
        });
    }
    if unit.figures() > 0 {
        events.extend(hits(state, &unit.id, HitKind::Rout, failure.rout_hits)?);
    }
    // The retreat takes it out of any close combat it was in.
    if unit.in_contact() {
        events.push(Event::Contact {
            unit: unit.id.clone(),
            with: Vec::new(),
        });
    }
    // A unit the rout hits shatter leaves the table instead.
    if !events
        .iter()
        .any(|e| matches!(e, Event::Shattered { unit: u } if *u == unit.id))
    {
        // *Retreat Moves*: squares that retreat end the move in column.
        if unit.formation == Formation::Square {
            events.push(Event::Formation {
                unit: unit.id.clone(),
                formation: Formation::Column,
            });
        }
        events.push(Event::MustRetreat {
            unit: unit.id.clone(),
            inches: failure.retreat_inches,
        });
    }
    Ok(events)
}

/// *Rally from Shaken Status Test*, taken by the active side in its rally phase.
pub fn rally(state: &GameState, order: &RallyOrder) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    in_phase(state, Phase::Rally, "rallying")?;
    let unit = in_play(state, &order.unit)?;
    of_active_side(state, unit, "rallies")?;
    morale::may_rally(unit).map_err(SoundTheChargeRefusal::from)?;
    if state.retreating_off(&unit.side) {
        return Err(FireRefusal::ArmyRetreatingNoRally {
            unit: unit.id.clone(),
        }
        .into());
    }
    if unit.in_contact() {
        return Err(FireRefusal::RallyInContact {
            unit: unit.id.clone(),
            enemies: unit.in_contact_with.clone(),
        }
        .into());
    }
    not_yet_rallied(unit)?;
    let facts = NerveFacts {
        in_cover: order.facts.in_cover,
        ..NerveFacts::default()
    };
    let score = morale::rally(
        unit,
        general_attached(state, unit),
        order.threat,
        facts,
        national_modifiers_for(state, unit),
        state.rule_in_play(OptionalRule::LineInfantryRally),
    );
    let roll = one_die(state, order.roll, RollKind::Rally, &unit.id, &score)?;
    Ok(rallied(
        roll,
        unit,
        ("RALLIED: good morale again", "failed: stays shaken"),
    ))
}

/// A rally's die read out: good morale again on a pass, else nothing but the roll.
pub(crate) fn rallied(mut roll: Roll, unit: &Unit, (passed, failed): (&str, &str)) -> Vec<Event> {
    if roll.successes == 1 {
        roll.conclude(passed);
        vec![
            Event::Rolled(roll),
            Event::Morale {
                unit: unit.id.clone(),
                morale: Morale::Good,
            },
        ]
    } else {
        roll.conclude(failed);
        vec![Event::Rolled(roll)]
    }
}

/// A unit gets one rally a turn.
pub(crate) fn not_yet_rallied(unit: &Unit) -> Result<(), SoundTheChargeRefusal> {
    if unit.sound_the_charge.tried_rally {
        return Err(FireRefusal::AlreadyTriedRally {
            unit: unit.id.clone(),
        }
        .into());
    }
    Ok(())
}

/// *Generals*: an enemy unit contacts a general riding alone; he rolls to escape.
pub fn contacted(
    state: &GameState,
    general: &str,
    enemy: &str,
    roll: Option<u8>,
) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    let general = crate::engine::find::find_general(state, general)?;
    if general.status != GeneralStatus::InPlay {
        return Err(FireRefusal::GeneralGone {
            general: general.name.clone(),
            status: general.status.word(),
        }
        .into());
    }
    if let Some(unit) = &general.attached {
        return Err(FireRefusal::GeneralRidesWith {
            general: general.name.clone(),
            unit: unit.clone(),
        }
        .into());
    }
    let enemy = in_play(state, enemy)?;
    if enemy.side == general.side {
        return Err(FireRefusal::CaughtByOwnSide {
            enemy: enemy.id.clone(),
            general: general.name.clone(),
        }
        .into());
    }
    let at_risk = [AtRisk {
        general,
        unit: enemy.id.clone(),
        peril: Peril::Contacted,
    }];
    let mut thrower = Thrower {
        stream: state.dice(),
    };
    let typed = roll.map(|face| [face]);
    risk_rolls(
        &at_risk,
        typed.is_some(),
        typed.as_ref().map(|t| &t[..]),
        &mut thrower,
    )
}
