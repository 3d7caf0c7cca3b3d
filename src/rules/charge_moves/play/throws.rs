//! The throws of *Charge Moves*: the charge move throw, the melee where each 6 kills, the
//! morale throw; and `retreat` for the moves back a unit owes.

use super::refusal::{ChargeMovesRefusal, NoCharge};
use super::words::{ChargeThrowOrder, MeleeOrder, MoraleCause, MoraleOrder};
use crate::core::chart::Written;
use crate::core::score::Score;
use crate::engine::event::Event;
use crate::engine::guards::{enemy_of, hits, in_phase, in_play, of_active_side};
use crate::engine::roll::{Roll, RollKind};
use crate::engine::state::GameState;
use crate::engine::thrower::{Thrower, one_die};
use crate::engine::words::RetreatEnd;
use crate::rules::charge_moves::event::ChargeMovesEvent;
use crate::rules::charge_moves::unit_state::ShortCharge;
use crate::rules::charge_moves::{
    self as rules, CAVALRY_CHARGE_INCHES, ChargeOutcome, INFANTRY_CHARGE_INCHES, Impetus,
    MeleeThrowers, MoraleResult,
};
use crate::rules::phase::Phase;
use crate::rules::unit::{Arm, HitKind, Morale, Unit};

fn not_routed(unit: &Unit, what: &str) -> Result<(), ChargeMovesRefusal> {
    if unit.morale == Morale::Routed {
        return Err(ChargeMovesRefusal::Routed {
            unit: unit.id.clone(),
            what: what.to_owned(),
        });
    }
    Ok(())
}

/// The charge move throw (*Infantry Charging*, *Charge move throws*).
pub(super) fn charge(
    state: &GameState,
    order: &ChargeThrowOrder,
) -> Result<Vec<Event>, ChargeMovesRefusal> {
    let unit = may_throw_for_charge(state, &order.unit)?;
    let target = enemy_of(state, unit, &order.target)?;
    if let Some(failed) = short_at(unit, target) {
        return Err(ChargeMovesRefusal::OnlyAnotherEnemy(no_charge(
            unit, failed,
        )));
    }
    let inches = match unit.arm {
        Arm::Cavalry(_) => CAVALRY_CHARGE_INCHES.count(),
        _ => INFANTRY_CHARGE_INCHES.count(),
    };
    let charges = |why: Vec<String>| Event::Moved {
        unit: unit.id.clone(),
        allowance: format!("{inches}\" into melee, with impetus"),
        charging: true,
        target: Some(target.id.clone()),
        evade: false,
        retreat: false,
        why,
        trousers: None,
    };
    if order.flank {
        if order.roll.is_some() {
            return Err(ChargeMovesRefusal::FlankNeedsNoThrow);
        }
        return Ok(vec![charges(vec![
            "at the flank or rear: the charge goes in without a throw".to_owned(),
        ])]);
    }
    let score = match unit.arm {
        Arm::Cavalry(_) => rules::cavalry_charge_score(target.formation),
        _ => rules::infantry_charge_score(unit.figures_at_start, unit.figures()),
    };
    let mut roll = one_die(state, order.roll, RollKind::Charge, &unit.id, &score)?;
    roll.target = Some(target.id.clone());
    let cavalry = matches!(unit.arm, Arm::Cavalry(_));
    let mut events = Vec::new();
    match rules::charge_outcome(score.needed(), roll.dice[0]) {
        ChargeOutcome::Charges => {
            roll.conclude(format!("CHARGES {inches}\" with impetus"));
            events.push(Event::Rolled(roll));
            events.push(charges(vec![format!("threw {} or more", score.needed())]));
        }
        ChargeOutcome::Balks => {
            roll.conclude(if cavalry {
                "one short: splits and swerves (it charges any other enemy in its path)"
            } else {
                "one short: refuses to charge this move"
            });
            events.push(Event::Rolled(roll));
            events.push(Event::Own(
                ChargeMovesEvent::ChargeThrowShort {
                    unit: unit.id.clone(),
                    target: target.id.clone(),
                    fell_back: false,
                }
                .into(),
            ));
        }
        ChargeOutcome::FallsBack => {
            roll.conclude(if cavalry {
                "two or more short: retires a move"
            } else {
                "two or more short: retreats a move"
            });
            events.push(Event::Rolled(roll));
            events.push(Event::Own(
                ChargeMovesEvent::ChargeThrowShort {
                    unit: unit.id.clone(),
                    target: target.id.clone(),
                    fell_back: true,
                }
                .into(),
            ));
            events.push(Event::Own(
                ChargeMovesEvent::FallBack {
                    unit: unit.id.clone(),
                    moves: 1,
                }
                .into(),
            ));
        }
    }
    Ok(events)
}

/// The checks of a charge throw that do not hang on its target: `charge` makes them, and
/// `need` gives their refusal as its "not now".
pub(super) fn may_throw_for_charge<'a>(
    state: &'a GameState,
    id: &str,
) -> Result<&'a Unit, ChargeMovesRefusal> {
    in_phase(state, Phase::Movement, "a charge move throw")?;
    let unit = in_play(state, id)?;
    of_active_side(state, unit, "charges")?;
    not_routed(unit, "charge")?;
    if unit.arm.is_artillery() {
        return Err(ChargeMovesRefusal::GunsDoNotCharge {
            unit: unit.id.clone(),
        });
    }
    if unit.charge_moves.moves_back > 0 {
        return Err(ChargeMovesRefusal::RetreatFirst {
            unit: unit.id.clone(),
        });
    }
    if unit.charged_this_turn || unit.moved_this_turn {
        return Err(ChargeMovesRefusal::AlreadyMoved {
            unit: unit.id.clone(),
        });
    }
    // Swerving cavalry throws again at another enemy in its path (*Cavalry*: it
    // "conforms to the above rule", the charge throws just above; ruling 77); a unit
    // that refused or fell back has made its one throw of the move.
    let cavalry = matches!(unit.arm, Arm::Cavalry(_));
    match unit
        .charge_moves
        .short_charges
        .iter()
        .find(|s| s.fell_back || !cavalry)
    {
        Some(short) => Err(ChargeMovesRefusal::OneThrowAMove(no_charge(unit, short))),
        None => Ok(unit),
    }
}

/// The throw of `unit`'s that fell short at `enemy` this move, if any.
fn short_at<'a>(unit: &'a Unit, enemy: &Unit) -> Option<&'a ShortCharge> {
    unit.charge_moves
        .short_charges
        .iter()
        .find(|s| s.target == enemy.id)
}

/// A melee follows a charge; a throw that fell short brought none, whichever of the two
/// is named first (*Infantry Charging*, *Cavalry*; ruling 77).
fn neither_fell_short(attacker: &Unit, defender: &Unit) -> Result<(), ChargeMovesRefusal> {
    for (unit, enemy) in [(attacker, defender), (defender, attacker)] {
        if let Some(failed) = short_at(unit, enemy) {
            return Err(ChargeMovesRefusal::NoMelee(no_charge(unit, failed)));
        }
    }
    Ok(())
}

/// What became of `unit`'s charge throw this move, for a refusal.
fn no_charge(unit: &Unit, failed: &ShortCharge) -> NoCharge {
    let what = match (failed.fell_back, &unit.arm) {
        (true, _) => "fell back from",
        (false, Arm::Cavalry(_)) => "split and swerved from",
        (false, _) => "refused to charge",
    };
    NoCharge {
        unit: unit.id.clone(),
        what,
        target: failed.target.clone(),
    }
}

/// A side's impetus: only for a unit whose charge at this enemy came off this turn.
fn impetus(unit: &Unit, enemy: &Unit, men: u32, sheltered: bool) -> Impetus {
    let charged_home = unit.charged_this_turn && unit.charge_target.as_deref() == Some(&enemy.id);
    if !charged_home {
        return Impetus {
            dice: 0,
            reason: "did not charge: no impetus".to_owned(),
        };
    }
    match unit.arm {
        Arm::Cavalry(kind) => rules::cavalry_impetus(kind, men, sheltered),
        _ => rules::infantry_impetus(unit.formation, enemy.formation, men),
    }
}

/// One melee between two units: each side's dice, each 6 a man killed, and who owes the
/// morale throw (*Infantry Charging*, *After melee*).
pub(super) fn melee(
    state: &GameState,
    order: &MeleeOrder,
) -> Result<Vec<Event>, ChargeMovesRefusal> {
    in_phase(state, Phase::Melee, "a melee")?;
    let attacker = in_play(state, &order.attacker)?;
    not_routed(attacker, "attack")?;
    let defender = enemy_of(state, attacker, &order.defender)?;
    neither_fell_short(attacker, defender)?;
    for unit in [attacker, defender] {
        if unit.fought_this_turn {
            return Err(ChargeMovesRefusal::FoughtMelee {
                unit: unit.id.clone(),
            });
        }
    }
    let (a_men, d_men) = order
        .men
        .unwrap_or((attacker.figures(), defender.figures()));
    for (unit, men) in [(attacker, a_men), (defender, d_men)] {
        if men > unit.figures() {
            return Err(ChargeMovesRefusal::TooManyMen {
                unit: unit.id.clone(),
                has: unit.figures(),
                men,
            });
        }
    }
    let a_impetus = impetus(attacker, defender, a_men, order.sheltered);
    let d_impetus = impetus(defender, attacker, d_men, false);
    let (a_dice, a_reason) = rules::melee_dice(a_men, &a_impetus, false);
    let (d_dice, d_reason) = rules::melee_dice(d_men, &d_impetus, order.flank);
    let score = Score::new(i32::from(rules::KILLS_ON), "each 6 kills a man");
    let mut thrower = Thrower {
        stream: state.dice(),
    };
    let mut side_roll = |unit: &Unit, enemy: &Unit, dice: u32, reason: String, sixes| {
        let mut roll = match sixes {
            Some(sixes) if sixes > dice => {
                return Err(ChargeMovesRefusal::TooManySixes {
                    unit: unit.id.clone(),
                    dice,
                    sixes,
                });
            }
            Some(sixes) => {
                let mut roll = Roll::new(RollKind::Melee, &unit.id, &score, Vec::new());
                roll.successes = sixes;
                roll.counted = Some(dice);
                roll.dice_reason = reason;
                roll
            }
            None => {
                let (faces, stream) = thrower.throw(None, dice, &unit.id)?;
                let mut roll = Roll::new(RollKind::Melee, &unit.id, &score, faces);
                roll.stream = stream;
                roll.dice_reason = reason;
                roll
            }
        };
        roll.target = Some(enemy.id.clone());
        Ok(roll)
    };
    let mut a_roll = side_roll(
        attacker,
        defender,
        a_dice,
        a_reason,
        order.sixes.map(|s| s.0),
    )?;
    let mut d_roll = side_roll(
        defender,
        attacker,
        d_dice,
        d_reason,
        order.sixes.map(|s| s.1),
    )?;
    // Both sides strike at once: the losses come off the men who fought.
    let d_lost = a_roll.successes.min(defender.figures());
    let a_lost = d_roll.successes.min(attacker.figures());
    a_roll.conclude(format!("{d_lost} of {} killed", defender.id));
    d_roll.conclude(format!("{a_lost} of {} killed", attacker.id));
    let mut events = vec![Event::Rolled(a_roll), Event::Rolled(d_roll)];
    for (unit, lost) in [(defender, d_lost), (attacker, a_lost)] {
        if lost > 0 {
            events.extend(hits(state, &unit.id, HitKind::Loss, lost)?);
        }
    }
    let throwers = match rules::melee_throwers(a_lost, a_men, d_lost, d_men) {
        MeleeThrowers::First => vec![(attacker, a_lost)],
        MeleeThrowers::Second => vec![(defender, d_lost)],
        MeleeThrowers::Both => vec![(attacker, a_lost), (defender, d_lost)],
        MeleeThrowers::Neither => Vec::new(),
    };
    for (unit, lost) in throwers {
        if unit.figures() > lost && unit.morale != Morale::Routed {
            events.push(Event::TestOwed {
                unit: unit.id.clone(),
                hits: lost,
            });
        }
    }
    Ok(events)
}

/// The morale throw's score and its reason for `cause`: the lowest throw that holds, the
/// rules deciding the rest from the face.
fn morale_chart(cause: MoraleCause) -> (i32, String) {
    let firm = rules::STANDS_FIRM_FROM.value();
    match cause {
        MoraleCause::Rout => {
            let (reach, joins) = (
                rules::ROUT_SPREADS_INCHES.value(),
                rules::JOINS_ROUT_UP_TO.value(),
            );
            let holds = joins + 1;
            let reason =
                format!("a unit within {reach}\" routed: {holds}-6 holds, 1-{joins} joins it");
            (holds, rules::JOINS_ROUT_UP_TO.marked(reason, Written::AsIs))
        }
        MoraleCause::Building => {
            let leaves = rules::LEAVES_BUILDING_UP_TO.value();
            let holds = leaves + 1;
            let reason =
                format!("lost a melee in a building: {holds}-6 holds, 1-{leaves} leaves it");
            (
                holds,
                rules::LEAVES_BUILDING_UP_TO.marked(reason, Written::AsIs),
            )
        }
        MoraleCause::Melee => (
            firm,
            rules::STANDS_FIRM_FROM
                .marked(format!("after melee: {firm}-6 stands firm"), Written::AsIs),
        ),
        MoraleCause::Cavalry => (
            firm,
            rules::STANDS_FIRM_FROM.marked(
                format!("charged by cavalry: {firm}-6 stands firm"),
                Written::AsIs,
            ),
        ),
    }
}

/// The morale throw (*After melee*; *charged by cavalry*; a rout within 12"; buildings).
pub(super) fn morale(
    state: &GameState,
    order: &MoraleOrder,
) -> Result<Vec<Event>, ChargeMovesRefusal> {
    let unit = in_play(state, &order.unit)?;
    not_routed(unit, "throw for morale again")?;
    if order.cause == MoraleCause::Melee && !unit.owes_test {
        return Err(ChargeMovesRefusal::NoMoraleOwed {
            unit: unit.id.clone(),
        });
    }
    let (chart, chart_reason) = morale_chart(order.cause);
    let score = Score::new(chart, chart_reason);
    let mut roll = one_die(state, order.roll, RollKind::Morale, &unit.id, &score)?;
    let face = roll.dice[0];
    let id = unit.id.clone();
    let routs = |events: &mut Vec<Event>| {
        events.push(Event::Morale {
            unit: id.clone(),
            morale: Morale::Routed,
        });
    };
    let mut events = Vec::new();
    match order.cause {
        MoraleCause::Rout => {
            let joins = rules::joins_rout(face);
            roll.conclude(if joins { "JOINS THE ROUT" } else { "holds" });
            events.push(Event::Rolled(roll));
            if joins {
                routs(&mut events);
            }
        }
        MoraleCause::Building => {
            let leaves = rules::leaves_building(face);
            roll.conclude(if leaves {
                "leaves the building: back a move"
            } else {
                "holds the building"
            });
            events.push(Event::Rolled(roll));
            if leaves {
                events.push(Event::Own(
                    ChargeMovesEvent::FallBack { unit: id, moves: 1 }.into(),
                ));
            }
        }
        MoraleCause::Melee | MoraleCause::Cavalry => {
            let result = MoraleResult::of(face);
            let surrenders = order.cornered && result != MoraleResult::StandsFirm;
            if surrenders {
                roll.conclude(format!(
                    "{}, but cannot get clear of the enemy: SURRENDERS",
                    result.describe()
                ));
            } else {
                roll.conclude(result.describe());
            }
            events.push(Event::Rolled(roll));
            if surrenders {
                events.push(Event::Eliminated {
                    unit: id,
                    cause: "surrendered: no way clear of the enemy".to_owned(),
                });
            } else if result == MoraleResult::Routs {
                routs(&mut events);
            } else if result.moves_back() > 0 {
                events.push(Event::Own(
                    ChargeMovesEvent::FallBack {
                        unit: id,
                        moves: result.moves_back(),
                    }
                    .into(),
                ));
            }
        }
    }
    Ok(events)
}

/// `retreat <unit>`: it made the moves back it owed; `retreat <unit> blocked`: it could
/// not get clear and surrenders; `retreat <unit> off`: it left the table.
pub fn retreat(
    state: &GameState,
    id: &str,
    end: RetreatEnd,
) -> Result<Vec<Event>, ChargeMovesRefusal> {
    let unit = in_play(state, id)?;
    match end {
        RetreatEnd::Voluntary if unit.charge_moves.moves_back == 0 => {
            Err(ChargeMovesRefusal::NoRetreatOwed {
                unit: unit.id.clone(),
            })
        }
        RetreatEnd::Voluntary => Ok(vec![Event::Own(
            ChargeMovesEvent::FallBack {
                unit: unit.id.clone(),
                moves: 0,
            }
            .into(),
        )]),
        RetreatEnd::Blocked => Ok(vec![Event::Eliminated {
            unit: unit.id.clone(),
            cause: "surrendered: no way clear of the enemy".to_owned(),
        }]),
        RetreatEnd::OffTable => Ok(vec![Event::Removed {
            unit: unit.id.clone(),
        }]),
    }
}
