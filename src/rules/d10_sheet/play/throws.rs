//! The d10 sheet's throws over the engine: the initiative, action points, fire and melee.

use super::refusal::D10Refusal;
use super::words::{
    ApOrder, CombatFact, FireOrder, InitiativeOrder, LOST_AGAINST_A_SQUARE, MeleeOrder,
};
use crate::core::score::{Modifier, Score};
use crate::engine::event::Event;
use crate::engine::find::{find_general, find_unit};
use crate::engine::guards::{enemy_of, general_in_play, hits, in_phase, in_play, of_active_side};
use crate::engine::roll::{Roll, RollKind};
use crate::engine::state::GameState;
use crate::engine::thrower::Thrower;
use crate::rules::d10_sheet::{
    self as rules, DIE, InitiativeOutcome, MOST_AP_DICE, MeleeSide, ROLLS_AGAIN_ON,
};
use crate::rules::optional_rule::OptionalRule;
use crate::rules::phase::Phase;
use crate::rules::unit::{Arm, CavalryType, Formation, HitKind, Morale, Unit};

/// One d10: the players' face, or the app's next.
fn one_d10(
    thrower: &mut Thrower,
    typed: Option<u8>,
    who: &str,
) -> Result<(u8, Option<u64>), D10Refusal> {
    let typed = typed.map(|face| [face]);
    let (faces, stream) =
        thrower.throw_sided(typed.as_ref().map(<[u8; 1]>::as_slice), 1, DIE, who)?;
    Ok((faces[0], stream))
}

/// A commander or an army rolling for the initiative: his name and side.
fn commander(state: &GameState, who: &str) -> Result<(String, String), D10Refusal> {
    if let Ok(general) = find_general(state, who) {
        general_in_play(general)?;
        return Ok((general.name.clone(), general.side.clone()));
    }
    let side = state
        .sides()
        .iter()
        .find(|s| s.id.eq_ignore_ascii_case(who));
    side.map(|s| (s.name.clone(), s.id.clone()))
        .ok_or_else(|| D10Refusal::NoCommander {
            who: who.to_owned(),
            sides: state
                .sides()
                .iter()
                .map(|s| s.id.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// The referee's modifier, with its reason, where one is given.
fn referee_modifier(value: i32, why: &str) -> Vec<Modifier> {
    if value == 0 {
        Vec::new()
    } else {
        vec![Modifier::new(value, why)]
    }
}

/// The initiative (lines 226-249): both roll a d10, the higher modified die wins; bare dice
/// totalling 17 or more end the turn (rulings D2-D4).
pub(super) fn initiative(
    state: &GameState,
    order: &InitiativeOrder,
) -> Result<Vec<Event>, D10Refusal> {
    let (first, first_side) = commander(state, &order.first)?;
    let (second, second_side) = commander(state, &order.second)?;
    if first_side == second_side {
        return Err(D10Refusal::SameSideInitiative { first, second });
    }
    let mut thrower = Thrower {
        stream: state.dice(),
    };
    let why = "the referee's (Grand-Tac points: the sheet lost their effect)";
    let mut rolls = Vec::with_capacity(2);
    for (name, typed, modifier) in [
        (&first, order.roll.map(|r| r.0), order.modifiers.0),
        (&second, order.roll.map(|r| r.1), order.modifiers.1),
    ] {
        let (face, stream) = one_d10(&mut thrower, typed, name)?;
        let mut roll = Roll::added(
            RollKind::Initiative,
            name,
            DIE,
            face,
            referee_modifier(modifier, why),
            "d10 + modifiers; the higher total wins",
        );
        roll.stream = stream;
        rolls.push(roll);
    }
    let total = |roll: &Roll| roll.total.unwrap_or(0);
    let (outcome, ends) = rules::initiative(
        rolls[0].dice[0],
        total(&rolls[0]),
        rolls[1].dice[0],
        total(&rolls[1]),
    );
    let ending = if ends {
        format!(
            "; the bare dice total {}+: THE TURN ENDS (`next` to its end)",
            rules::TURN_ENDS_AT.value()
        )
    } else {
        String::new()
    };
    for (index, roll) in rolls.iter_mut().enumerate() {
        let result = match (outcome, index) {
            (InitiativeOutcome::First, 0) | (InitiativeOutcome::Second, 1) => "wins the initiative",
            (InitiativeOutcome::Tie, _) => "equal: roll again",
            _ => "loses the initiative",
        };
        roll.conclude(format!("{result}{ending}"));
    }
    Ok(rolls.into_iter().map(Event::Rolled).collect())
}

/// An action-point roll (lines 187-190): its points by the face, a natural 9 spending one
/// more, a 10 rolling again (rulings D5, D6).
pub(super) fn action_points(state: &GameState, order: &ApOrder) -> Result<Vec<Event>, D10Refusal> {
    // A unit's id first (a unit off the table says so), then a general's.
    let who = if find_unit(state, &order.who).is_ok() {
        in_play(state, &order.who)?.id.clone()
    } else {
        let general = find_general(state, &order.who).map_err(|_| D10Refusal::NoRoller {
            who: order.who.clone(),
        })?;
        general_in_play(general)?;
        general.name.clone()
    };
    let mut thrower = Thrower {
        stream: state.dice(),
    };
    let (faces, stream) = if let Some(typed) = &order.roll {
        let owed = rules::ap_dice_owed(typed);
        if typed.len() != owed {
            return Err(D10Refusal::ApDiceOwed { owed });
        }
        (typed.clone(), None)
    } else {
        let mut faces = Vec::new();
        let mut stream = None;
        while faces.len() < MOST_AP_DICE {
            let (face, after) = one_d10(&mut thrower, None, &who)?;
            faces.push(face);
            stream = after;
            if face != ROLLS_AGAIN_ON {
                break;
            }
        }
        (faces, stream)
    };
    let points = rules::action_points(&faces);
    let [low, middle, high] = rules::ap_bands();
    let reading = format!(
        "{}-{} {} AP, {}-{} {}, {} {} and roll again; a natural 9 spends {} more",
        low.lowest,
        low.highest,
        low.points,
        middle.lowest,
        middle.highest,
        middle.points,
        high.lowest,
        high.points,
        rules::NATURAL_NINE_SPENDS.value(),
    );
    let mut roll = Roll::new(
        RollKind::ActionPoints,
        &who,
        &Score::new(1, reading),
        faces.clone(),
    );
    roll.sides = Some(DIE);
    roll.stream = stream;
    roll.successes = points.left();
    let each: Vec<String> = faces
        .iter()
        .map(|&f| format!("{} for the {f}", rules::points_of(f)))
        .collect();
    let result = if points.spent == 0 {
        format!("{} AP ({})", points.gained, each.join(", "))
    } else {
        format!(
            "{} AP ({}); the natural 9 spends {}: {} left",
            points.gained,
            each.join(", "),
            points.spent,
            points.left()
        )
    };
    roll.conclude(result);
    Ok(vec![Event::Rolled(roll)])
}

/// Fire on the fire table (lines 135-155): the modified roll's column on the firer's row
/// gives the steps the target loses (rulings D9-D11).
pub(super) fn fire(state: &GameState, order: &FireOrder) -> Result<Vec<Event>, D10Refusal> {
    in_phase(state, Phase::Shooting, "fire")?;
    let unit = in_play(state, &order.unit)?;
    of_active_side(state, unit, "fires")?;
    let target = enemy_of(state, unit, &order.target)?;
    let row = match order.row {
        Some(row) => row,
        None if unit.arm.is_infantry() => rules::infantry_row(unit.figures()).ok_or_else(|| {
            let (least, most) = rules::infantry_column_stands();
            D10Refusal::NoInfantryRow {
                unit: unit.id.clone(),
                figures: unit.figures(),
                least,
                most,
            }
        })?,
        None => {
            return Err(D10Refusal::NoRow {
                unit: unit.id.clone(),
            });
        }
    };
    let Some((_, rebuilt)) = rules::fire_steps(row, 0) else {
        return Err(D10Refusal::NotARow {
            word: row.to_string(),
        });
    };
    if rebuilt && !state.rule_in_play(OptionalRule::RebuiltFireRows) {
        return Err(D10Refusal::GarbledRow { row });
    }
    let mut thrower = Thrower {
        stream: state.dice(),
    };
    let (face, stream) = one_d10(&mut thrower, order.roll, &unit.id)?;
    let modifiers = referee_modifier(
        order.modifier,
        "the referee's (range, cover: the sheet's fire modifiers cannot be read)",
    );
    let stands = rules::stands(unit.figures());
    let from_stands = order.row.map_or_else(
        || format!(", the Infantry column's for {stands} stands"),
        |_| String::new(),
    );
    let how = format!(
        "{from_stands}{}",
        if rebuilt { ", rebuilt by pattern" } else { "" }
    );
    let reading = format!("row {row} of the fire table{how}");
    let mut roll = Roll::added(RollKind::Fire, &unit.id, DIE, face, modifiers, reading);
    roll.stream = stream;
    roll.target = Some(target.id.clone());
    let modified = roll.total.unwrap_or(0);
    let (steps, _) = rules::fire_steps(row, modified).unwrap_or((0, false));
    let steps = steps.min(target.figures());
    roll.conclude(if steps == 0 {
        "no effect".to_owned()
    } else {
        format!(
            "{} lost by {}",
            crate::core::plural::counted(steps, "step"),
            target.id
        )
    });
    let mut events = vec![Event::Rolled(roll)];
    if steps > 0 {
        events.extend(hits(state, &target.id, HitKind::Loss, steps)?);
    }
    Ok(events)
}

/// The modifiers the roster gives a unit's melee die: shaken and disordered (lines 45-46).
pub(super) fn roster_modifiers(unit: &Unit) -> Vec<Modifier> {
    let mut modifiers = Vec::new();
    if unit.morale == Morale::Shaken {
        modifiers.push(Modifier::from_number(&rules::SHAKEN, "shaken"));
    }
    if unit.disordered {
        modifiers.push(Modifier::from_number(&rules::DISORDERED, "disordered"));
    }
    modifiers
}

/// The modifiers one side of a melee fights with against `enemy`: the roster's, then the
/// referee's facts, each for the arms the sheet gives it to.
fn melee_modifiers(
    unit: &Unit,
    enemy: &Unit,
    facts: &[CombatFact],
) -> Result<Vec<Modifier>, D10Refusal> {
    let mut modifiers = roster_modifiers(unit);
    for &fact in facts {
        if fact.cavalry_only() && !unit.arm.is_cavalry() {
            return Err(D10Refusal::NotCavalry {
                unit: unit.id.clone(),
                fact: fact.to_string(),
            });
        }
        let against = |wanted: &'static str| D10Refusal::WrongEnemy {
            fact: fact.to_string(),
            enemy: enemy.id.clone(),
            wanted,
        };
        match fact {
            CombatFact::RiddenDown if !unit.arm.is_infantry() => {
                return Err(D10Refusal::NotInfantry {
                    unit: unit.id.clone(),
                });
            }
            // Lines 129-130: cavalry rides infantry down.
            CombatFact::RiddenDown if !enemy.arm.is_cavalry() => return Err(against("cavalry")),
            CombatFact::CavalryAtLine
            | CombatFact::CavalryAtGeneral
            | CombatFact::CavalryAtColumn
            | CombatFact::CavalryAtClosedColumn
                if !enemy.arm.is_infantry() =>
            {
                return Err(against("infantry"));
            }
            // Lines 57-62: each by the formation charged, as the roster has it; against a
            // square the sheet's value is lost ("5", line 60).
            CombatFact::CavalryAtLine
            | CombatFact::CavalryAtGeneral
            | CombatFact::CavalryAtColumn
            | CombatFact::CavalryAtClosedColumn
                if enemy.formation == Formation::Square =>
            {
                return Err(D10Refusal::LostModifier {
                    what: LOST_AGAINST_A_SQUARE.to_owned(),
                });
            }
            CombatFact::CavalryAtLine if enemy.formation != Formation::Line => {
                return Err(against("infantry in line"));
            }
            CombatFact::CavalryAtColumn | CombatFact::CavalryAtClosedColumn
                if enemy.formation != Formation::Column =>
            {
                return Err(against("infantry in column"));
            }
            CombatFact::Mass(ratio)
                if unit.figures().saturating_mul(10)
                    < ratio.tenths().saturating_mul(enemy.figures()) =>
            {
                return Err(D10Refusal::NoMass {
                    unit: unit.id.clone(),
                    figures: unit.figures(),
                    enemy: enemy.id.clone(),
                    enemy_figures: enemy.figures(),
                    fact: fact.to_string(),
                });
            }
            // Line 33: heavy cavalry against light.
            CombatFact::HeavyAtLight
                if unit.arm != Arm::Cavalry(CavalryType::Heavy)
                    || enemy.arm != Arm::Cavalry(CavalryType::Light) =>
            {
                return Err(D10Refusal::NotHeavyAtLight {
                    unit: unit.id.clone(),
                    enemy: enemy.id.clone(),
                });
            }
            _ => {}
        }
        let (value, why) = fact.modifier();
        modifiers.push(Modifier::new(value, why));
    }
    Ok(modifiers)
}

/// One round of melee (lines 113-130, rulings D7, D8): both roll; the loser loses the
/// difference of the totals in steps, the winner that of the bare dice; both end at
/// least disordered.
pub(super) fn melee(state: &GameState, order: &MeleeOrder) -> Result<Vec<Event>, D10Refusal> {
    in_phase(state, Phase::Melee, "a melee")?;
    let attacker = in_play(state, &order.attacker)?;
    of_active_side(state, attacker, "attacks")?;
    let defender = enemy_of(state, attacker, &order.defender)?;
    for unit in [attacker, defender] {
        if unit.fought_this_turn {
            return Err(D10Refusal::FoughtMelee {
                unit: unit.id.clone(),
            });
        }
    }
    if let Some(fact) = order.defender_facts.iter().find(|f| f.charger_only()) {
        return Err(D10Refusal::ChargerOnly {
            fact: fact.to_string(),
        });
    }
    let a_modifiers = melee_modifiers(attacker, defender, &order.attacker_facts)?;
    let d_modifiers = melee_modifiers(defender, attacker, &order.defender_facts)?;
    let mut thrower = Thrower {
        stream: state.dice(),
    };
    let mut side_roll = |unit: &Unit, enemy: &Unit, typed, modifiers| {
        let (face, stream) = one_d10(&mut thrower, typed, &unit.id)?;
        let mut roll = Roll::added(
            RollKind::Melee,
            &unit.id,
            DIE,
            face,
            modifiers,
            "d10 + modifiers; the higher total wins",
        );
        roll.stream = stream;
        roll.target = Some(enemy.id.clone());
        Ok::<_, D10Refusal>(roll)
    };
    let mut a_roll = side_roll(attacker, defender, order.roll.map(|r| r.0), a_modifiers)?;
    let mut d_roll = side_roll(defender, attacker, order.roll.map(|r| r.1), d_modifiers)?;
    let round = rules::melee_round(
        a_roll.dice[0],
        a_roll.total.unwrap_or(0),
        d_roll.dice[0],
        d_roll.total.unwrap_or(0),
    );
    let a_steps = round.attacker_steps.min(attacker.figures());
    let d_steps = round.defender_steps.min(defender.figures());
    let by = a_roll
        .total
        .unwrap_or(0)
        .abs_diff(d_roll.total.unwrap_or(0));
    let bare = a_roll.dice[0].abs_diff(d_roll.dice[0]);
    let said = |won: Option<bool>, steps: u32| {
        let lost = crate::core::plural::counted(steps, "step");
        let what = match won {
            Some(true) => format!("wins by {by}: loses {lost} (the bare dice differ by {bare})"),
            Some(false) => format!("loses by {by}: loses {lost}"),
            None => "equal totals: no steps lost".to_owned(),
        };
        format!("{what}; checks morale")
    };
    let attacker_won = round.winner.map(|w| w == MeleeSide::Attacker);
    a_roll.conclude(said(attacker_won, a_steps));
    d_roll.conclude(said(attacker_won.map(|won| !won), d_steps));
    let mut events = vec![Event::Rolled(a_roll), Event::Rolled(d_roll)];
    for (unit, steps) in [(defender, d_steps), (attacker, a_steps)] {
        if steps > 0 {
            events.extend(hits(state, &unit.id, HitKind::Loss, steps)?);
        }
    }
    // Every melee participant is at least disordered (lines 122-123), those still standing.
    for (unit, steps) in [(attacker, a_steps), (defender, d_steps)] {
        if !unit.disordered && unit.figures() > steps {
            events.push(Event::Disorder {
                unit: unit.id.clone(),
                disordered: true,
            });
        }
    }
    Ok(events)
}
