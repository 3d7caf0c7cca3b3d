//! Working out a round of close combat: finds the units, checks what the text and the
//! state forbid, takes the players' dice or throws the app's, and turns the rules'
//! verdicts into events. Pure: the app's dice come from the stream held in the state.
//!
//! Both *Sound the Charge* rulesets fight here in one flow: each plans and settles the
//! round with its own pure functions, and their verdicts meet in `combat_verdict`'s
//! vocabulary, which the consequences read.

// Why this file is long: a round of close combat from the line typed to its events: the
// units, what forbids the round, the dice, and both editions' verdicts.

use super::SoundTheChargeRefusal;
use super::boats;
use super::combat_order::{CombatOrder, CombatUnit};
use super::combat_verdict::{Outcome, Settled, from_1_25, result_words};
use super::follow_up;
use super::optional_rules::{is_blown, national_modifiers_for};
use super::refusal::CombatRefusal;
use super::regimental_gun;
use super::resolve::may_charge;
use super::resolve::{AtRisk, Peril, general_attached, risk_rolls};
use crate::core::score::Score;
use crate::engine::combat_round::{CombatRound, Fighter, Strike};
use crate::engine::event::Event;
use crate::engine::guards::hits;
use crate::engine::guards::{in_phase, in_play};
use crate::engine::refusal::EngineRefusal;
use crate::engine::roll::{Roll, RollKind};
use crate::engine::state::GameState;
use crate::engine::thrower::Thrower;
use crate::rules::Edition;
use crate::rules::Ruleset;
use crate::rules::combat_role::Role;
use crate::rules::optional_rule::OptionalRule;
use crate::rules::phase::Phase;
use crate::rules::sound_the_charge::Nation;
use crate::rules::sound_the_charge::combat::{self, Combatant, RoundPlan};
use crate::rules::sound_the_charge_1_25::combat as stc_1_25;
use crate::rules::sound_the_charge_1_25::event::OneTwentyFiveEvent;
use crate::rules::unit::{Arm, Formation, HitKind, Morale, Unit, UnitStatus};
use std::collections::HashSet;

/// Which text settles the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rules {
    /// *Sound the Charge*, with or without the optional wider cavalry basing.
    Original { wider: bool },
    /// *Sound the Charge 1:25*.
    OneTwentyFive,
}

impl Rules {
    /// The text that settles a `combat` in this game, if its ruleset has the word.
    fn of(state: &GameState) -> Option<Rules> {
        match state.ruleset().edition() {
            Some(Edition::Original) => Some(Rules::Original {
                wider: state.rule_in_play(OptionalRule::WiderCavalryBasing),
            }),
            Some(Edition::OneTwentyFive) => Some(Rules::OneTwentyFive),
            // The other rulesets' melees are their own words (`melee`), played in their
            // own modules.
            None => None,
        }
    }

    /// The order's words this ruleset has no rule for, refused with the reason.
    fn refuse_foreign_words(self, order: &CombatOrder) -> Result<(), SoundTheChargeRefusal> {
        let foreign: [(bool, &str, &str); 3] = match self {
            Rules::Original { .. } => [
                (order.works, "works", "buildings and fieldworks"),
                (
                    order.obstacle,
                    "obstacle",
                    "an obstacle in combat (`slope` is a steep slope)",
                ),
                (
                    order.shaken_dice.is_some(),
                    "shaken=",
                    "a shaken loser's die (here a shaken loser retreats further)",
                ),
            ],
            Rules::OneTwentyFive => [
                (
                    order.ground.rough,
                    "rough",
                    "rough ground or woods in combat (woods give no cover in combat, *Woods*)",
                ),
                (
                    !order.stationary.is_empty(),
                    "stationary=",
                    "stationary cavalry (the original's optional rule)",
                ),
                (
                    order.follow_dice.is_some(),
                    "follow=",
                    "cavalry following up (the original's national rule)",
                ),
            ],
        };
        let ruleset = match self {
            Rules::Original { .. } => Ruleset::SoundTheCharge,
            Rules::OneTwentyFive => Ruleset::SoundTheCharge125,
        };
        match foreign.iter().find(|(given, ..)| *given) {
            Some((_, word, what)) => Err(CombatRefusal::ForeignWord {
                word: word.to_string(),
                ruleset: ruleset.title(),
                what: what.to_string(),
            }
            .into()),
            None => Ok(()),
        }
    }
}

/// The events so far, applied to a copy of the state as they are made, so each step sees
/// the figures the last one left.
struct Scratch {
    state: GameState,
    events: Vec<Event>,
}

impl Scratch {
    fn push(&mut self, event: Event) -> Result<(), SoundTheChargeRefusal> {
        self.state
            .apply(&event)
            .map_err(SoundTheChargeRefusal::NotApplied)?;
        self.events.push(event);
        Ok(())
    }

    fn extend(&mut self, events: Vec<Event>) -> Result<(), SoundTheChargeRefusal> {
        events.into_iter().try_for_each(|e| self.push(e))
    }

    fn unit(&self, id: &str) -> Result<&Unit, SoundTheChargeRefusal> {
        self.state
            .unit(id)
            .ok_or_else(|| SoundTheChargeRefusal::Internal(format!("no unit {id}")))
    }
}

/// A unit named in the combat, checked.
// What the referee says of each unit: independent facts, as in `Combatant`.
#[allow(clippy::struct_excessive_bools)]
struct Named {
    id: String,
    role: Role,
    eligible: Option<u32>,
    flanked: bool,
    trapped: bool,
    stationary: bool,
    /// Reinforces a one-rank friend from its rear (*Reinforcing a Combat*).
    rear: bool,
    continuing: bool,
}

/// *Close Combat*: one round between the units named.
pub fn combat(state: &GameState, order: &CombatOrder) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    in_phase(state, Phase::Combat, "close combat")?;
    let Some(rules) = Rules::of(state) else {
        return Err(EngineRefusal::not_offered("combat", state.ruleset()).into());
    };
    rules.refuse_foreign_words(order)?;
    let filled;
    let order = if order.defenders.is_empty() {
        filled = against_charge_targets(state, order)?;
        &filled
    } else {
        order
    };
    let named = named_units(state, order, rules)?;
    let mut scratch = Scratch {
        state: state.clone(),
        events: Vec::new(),
    };
    // *Steadiness and Disorder* 2 is the original's: in 1:25 only terrain and combat hits
    // disorder (*Turn Sequence and Movement*).
    if matches!(rules, Rules::Original { .. }) {
        for event in contact_disorder(state, &named, order.continuing)? {
            scratch.push(event)?;
        }
    }
    // *Skirmish Screens*: a screen joins its attacked or attacking parent at once, so the
    // round counts the unit whole.
    for n in &named {
        if scratch.unit(&n.id)?.one_twenty_five.screen.is_some() {
            scratch.push(Event::Own(
                OneTwentyFiveEvent::Screen {
                    unit: n.id.clone(),
                    models: None,
                }
                .into(),
            ))?;
        }
    }
    let Round {
        settled,
        fought,
        rolls,
        mut thrower,
    } = fight(&scratch.state, &named, order, rules)?;
    scratch.push(Event::Fought(fought))?;
    scratch.extend(rolls)?;
    for (n, settled) in named.iter().zip(&settled) {
        consequences(&mut scratch, n, settled)?;
    }
    keep_contact(&mut scratch, &named, &settled)?;
    let at_risk = generals_at_risk(state, &named, &settled, rules);
    let risk = risk_rolls(
        &at_risk,
        order.dice.is_some(),
        order.general_dice.as_deref(),
        &mut thrower,
    )?;
    if at_risk.is_empty() && order.general_dice.is_some() {
        return Err(CombatRefusal::NoGeneralAtRisk.into());
    }
    scratch.extend(risk)?;
    leave_the_destroyed(&mut scratch, &named, &settled)?;
    let pursuers = pursuers(&scratch.state, &named, &settled);
    let follow = follow_up::follow_up_rolls(
        &scratch.state,
        &pursuers,
        order.dice.is_some(),
        order.follow_dice.as_deref(),
        &mut thrower,
    )?;
    scratch.extend(follow)?;
    Ok(scratch.events)
}

/// The round fought: each unit's result, the round as the log keeps it, the dice thrown
/// after it (1:25's shaken losers), and the stream where the round left it.
struct Round {
    settled: Vec<Settled>,
    fought: CombatRound,
    rolls: Vec<Event>,
    thrower: Thrower,
}

/// Plans, throws and settles the round by the save's ruleset.
fn fight(
    board: &GameState,
    named: &[Named],
    order: &CombatOrder,
    rules: Rules,
) -> Result<Round, SoundTheChargeRefusal> {
    let combatants = named
        .iter()
        .map(|n| combatant(board, n))
        .collect::<Result<Vec<_>, SoundTheChargeRefusal>>()?;
    let fighters: Vec<stc_1_25::Fighter> = combatants
        .iter()
        .map(|&combatant| stc_1_25::Fighter {
            combatant,
            kit: combatant.unit.one_twenty_five.kit,
        })
        .collect();
    // *Hill Contours*: attacking up a steep slope counts as an obstacle (R30).
    let ground = stc_1_25::Ground {
        cover: order.ground.cover,
        obstacle: order.ground.slope || order.obstacle,
        works: order.works,
    };
    let plan = match rules {
        Rules::Original { wider } => {
            combat::plan(&combatants, order.ground, wider).map_err(SoundTheChargeRefusal::from)
        }
        Rules::OneTwentyFive => {
            stc_1_25::plan(&fighters, ground).map_err(SoundTheChargeRefusal::from)
        }
    }?;
    let mut thrower = Thrower {
        stream: board.dice(),
    };
    let faces = throw(&plan, named, order.dice.as_deref(), &mut thrower)?;
    let stream = order.dice.is_none().then(|| thrower.stream.position());
    let dice = strike_faces(&plan, &faces);
    let hits = strike_hits(&plan, &dice);
    let (settled, rolls) = match rules {
        Rules::Original { wider } => (
            combat::settle(&combatants, &plan, &hits, wider)
                .into_iter()
                .map(Settled::from)
                .collect(),
            Vec::new(),
        ),
        Rules::OneTwentyFive => shaken_losers(
            stc_1_25::settle(&fighters, &plan, &hits),
            named,
            order,
            &mut thrower,
        )?,
    };
    let units: Vec<&Unit> = combatants.iter().map(|c| c.unit).collect();
    let fought = CombatRound {
        fighters: record(&plan, named, &dice, &hits, &settled, &units),
        stream,
    };
    Ok(Round {
        settled,
        fought,
        rolls,
        thrower,
    })
}

/// *Sound the Charge 1:25*, *Combat*: a loser already shaken rolls a die, 1-3 and it is
/// shattered, else it retreats with 8 rout hits (R9). The players' `shaken=` dice, one
/// per such loser in the order named, when they typed the round's; else the app's.
fn shaken_losers(
    verdicts: Vec<stc_1_25::Verdict>,
    named: &[Named],
    order: &CombatOrder,
    thrower: &mut Thrower,
) -> Result<(Vec<Settled>, Vec<Event>), SoundTheChargeRefusal> {
    let rolling: Vec<(usize, u8)> = verdicts
        .iter()
        .enumerate()
        .filter_map(|(i, v)| match &v.outcome {
            stc_1_25::Outcome::Lost(loss) => loss.shattered_on.map(|on| (i, on)),
            _ => None,
        })
        .collect();
    let losers: Vec<&str> = rolling.iter().map(|&(i, _)| named[i].id.as_str()).collect();
    match (&order.shaken_dice, rolling.len()) {
        (Some(_), 0) => {
            return Err(CombatRefusal::NoShakenLoser.into());
        }
        (None, n) if n > 0 && order.dice.is_some() => {
            return Err(CombatRefusal::ShakenDiceOwed {
                losers: losers.iter().map(|l| (*l).to_owned()).collect(),
            }
            .into());
        }
        (Some(typed), n) if typed.len() != n => {
            return Err(CombatRefusal::ShakenDiceCount {
                typed: typed.len(),
                losers: losers.iter().map(|l| (*l).to_owned()).collect(),
            }
            .into());
        }
        _ => {}
    }
    let mut faces = vec![None; verdicts.len()];
    let mut rolls = Vec::new();
    for (k, &(i, on)) in rolling.iter().enumerate() {
        let typed = order.shaken_dice.as_ref().and_then(|d| d.get(k..=k));
        let (thrown, _) = thrower.throw(typed, 1, &named[i].id)?;
        let face = thrown.first().copied().ok_or_else(|| {
            SoundTheChargeRefusal::Internal("the shaken loser's die was not thrown".to_owned())
        })?;
        faces[i] = Some(face);
        let score = Score::new(
            i32::from(on) + 1,
            format!("lost the round while shaken: 1-{on} shatters it, else 8 rout hits"),
        );
        let mut roll = Roll::new(RollKind::ShakenLoser, &named[i].id, &score, vec![face]);
        roll.stream = typed.is_none().then(|| thrower.stream.position());
        roll.conclude(if roll.successes == 0 {
            "SHATTERED"
        } else {
            "holds together: retreats with 8 rout hits"
        });
        rolls.push(Event::Rolled(roll));
    }
    let settled = verdicts
        .into_iter()
        .zip(faces)
        .map(|(v, face)| from_1_25(v, face))
        .collect();
    Ok((settled, rolls))
}

/// Generals still riding with a unit the round destroyed ride clear of it. The original's
/// already did, by the die of a general left alone; 1:25's general of a destroyed unit
/// makes a retreat move, captured only if he has none (*Danger to Generals*, R52).
fn leave_the_destroyed(
    scratch: &mut Scratch,
    named: &[Named],
    settled: &[Settled],
) -> Result<(), SoundTheChargeRefusal> {
    for (n, s) in named.iter().zip(settled) {
        if !s.outcome.eliminated() {
            continue;
        }
        let riding: Vec<String> = scratch
            .state
            .generals_attached_to(&n.id)
            .map(|g| g.id.clone())
            .collect();
        for general in riding {
            scratch.push(Event::Detached { general })?;
        }
    }
    Ok(())
}

/// British and Portuguese cavalry that won, with the beaten enemies still in play that it
/// would follow (*National Modifiers*).
fn pursuers(state: &GameState, named: &[Named], verdicts: &[Settled]) -> Vec<follow_up::Pursuer> {
    named
        .iter()
        .zip(verdicts)
        .filter(|(n, v)| {
            v.outcome == Outcome::Won
                && state
                    .unit(&n.id)
                    .is_some_and(|u| follow_up::must_test(state, u))
        })
        .map(|(n, _)| follow_up::Pursuer {
            unit: n.id.clone(),
            enemies: named
                .iter()
                .zip(verdicts)
                .filter(|(e, v)| {
                    e.role != n.role
                        && matches!(v.outcome, Outcome::Lost(_))
                        && state
                            .unit(&e.id)
                            .is_some_and(|u| u.status == UnitStatus::InPlay)
                })
                .map(|(e, _)| e.id.clone())
                .collect(),
        })
        .filter(|p| !p.enemies.is_empty())
        .collect()
}

/// `combat <chargers>`: each fights the unit it charged this turn (*Charging*).
fn against_charge_targets(
    state: &GameState,
    order: &CombatOrder,
) -> Result<CombatOrder, SoundTheChargeRefusal> {
    let mut defenders: Vec<CombatUnit> = Vec::new();
    for attacker in &order.attackers {
        let unit = in_play(state, &attacker.id)?;
        let Some(target) = &unit.charge_target else {
            return Err(CombatRefusal::NoChargeTarget {
                unit: unit.id.clone(),
            }
            .into());
        };
        if !defenders.iter().any(|d| &d.id == target) {
            defenders.push(CombatUnit {
                id: target.clone(),
                eligible: None,
            });
        }
    }
    Ok(CombatOrder {
        defenders,
        ..order.clone()
    })
}

/// The unit `unit` charged this turn and must fight, unless it evaded (or left the table)
/// and the charge went on into another unit (*Evading*).
pub fn bound_to_fight<'a>(state: &GameState, unit: &'a Unit) -> Option<&'a str> {
    let target = unit.charge_target.as_deref()?;
    let evaded = state
        .unit(target)
        .is_none_or(|t| t.sound_the_charge.evaded_this_turn || !t.on_table);
    (!evaded).then_some(target)
}

/// A unit that charged a named target fights it (see [`bound_to_fight`]).
fn fights_its_target(state: &GameState, named: &[Named]) -> Result<(), SoundTheChargeRefusal> {
    for n in named
        .iter()
        .filter(|n| n.role == Role::Attacker && !n.continuing)
    {
        let unit = in_play(state, &n.id)?;
        let Some(target) = bound_to_fight(state, unit) else {
            continue;
        };
        if !named
            .iter()
            .any(|d| d.role == Role::Defender && d.id == target)
        {
            return Err(CombatRefusal::ChargedAnother {
                unit: unit.id.clone(),
                target: target.to_owned(),
            }
            .into());
        }
    }
    Ok(())
}

fn combatant<'a>(board: &'a GameState, n: &Named) -> Result<Combatant<'a>, SoundTheChargeRefusal> {
    let unit = board
        .unit(&n.id)
        .ok_or_else(|| SoundTheChargeRefusal::Internal(format!("no unit {}", n.id)))?;
    Ok(Combatant {
        unit,
        role: n.role,
        general_attached: general_attached(board, unit),
        flanked: n.flanked,
        trapped: n.trapped,
        continuing: n.continuing,
        blown: is_blown(board, unit),
        stationary: n.stationary,
        eligible: n.eligible,
        nation: national_modifiers_for(board, unit),
    })
}

/// The units as named, found and checked: each once, in play, one side against the other,
/// not yet fought this turn, and every contact of theirs named.
fn named_units(
    state: &GameState,
    order: &CombatOrder,
    rules: Rules,
) -> Result<Vec<Named>, SoundTheChargeRefusal> {
    let mut named = Vec::new();
    let mut seen = HashSet::new();
    for (role, units) in [
        (Role::Attacker, &order.attackers),
        (Role::Defender, &order.defenders),
    ] {
        let mut side: Option<&str> = None;
        for wanted in units {
            let unit = in_play(state, &wanted.id)?;
            if !seen.insert(unit.id.clone()) {
                return Err(CombatRefusal::NamedTwice {
                    unit: unit.id.clone(),
                }
                .into());
            }
            match side {
                Some(side) if side != unit.side => {
                    return Err(CombatRefusal::MixedSides {
                        unit: unit.id.clone(),
                        side: unit.side.clone(),
                        other: side.to_string(),
                    }
                    .into());
                }
                _ => side = Some(&unit.side),
            }
            let rear = order.rear.iter().any(|r| r.eq_ignore_ascii_case(&unit.id));
            let continuing = (order.continuing || unit.in_contact()) && !rear;
            may_fight(state, unit, role, continuing, rules)?;
            named.push(Named {
                id: unit.id.clone(),
                role,
                eligible: wanted.eligible,
                flanked: false,
                trapped: false,
                stationary: false,
                rear: false,
                continuing,
            });
        }
    }
    who_charges(state, &named)?;
    fights_its_target(state, &named)?;
    mark(state, &mut named, &order.flanked, "flank=", |n| {
        &mut n.flanked
    })?;
    mark(state, &mut named, &order.trapped, "trapped=", |n| {
        &mut n.trapped
    })?;
    mark(state, &mut named, &order.stationary, "stationary=", |n| {
        &mut n.stationary
    })?;
    mark(state, &mut named, &order.rear, "rear=", |n| &mut n.rear)?;
    stationary_cavalry(state, &named, !order.stationary.is_empty())?;
    match rules {
        Rules::Original { .. } => reinforcing(state, &named)?,
        Rules::OneTwentyFive => cavalry_reinforcing(state, &named)?,
    }
    let ids: HashSet<&str> = named.iter().map(|n| n.id.as_str()).collect();
    for n in &named {
        let unit = in_play(state, &n.id)?;
        // A shattered enemy stays on the table to the phase's end but fights no more.
        let fighting = |id: &&String| {
            state
                .unit(id)
                .is_some_and(|u| u.status == UnitStatus::InPlay)
        };
        if let Some(other) = unit
            .in_contact_with
            .iter()
            .filter(fighting)
            .find(|id| !ids.contains(id.as_str()))
        {
            return Err(CombatRefusal::FightLeftOut {
                unit: unit.id.clone(),
                other: other.clone(),
            }
            .into());
        }
    }
    Ok(named)
}

/// Whether `unit` may fight this round in `role`: it has not retreated out of the combat
/// (1:25), kept its guns, may attack if it attacks, and has not fought this turn.
fn may_fight(
    state: &GameState,
    unit: &Unit,
    role: Role,
    continuing: bool,
    rules: Rules,
) -> Result<(), SoundTheChargeRefusal> {
    // 1:25's attacks go in during movement, so a unit can retreat out of one (a
    // failed fire test) before the round; the original fights before any such test.
    if unit.sound_the_charge.retreated_this_turn && rules == Rules::OneTwentyFive {
        return Err(CombatRefusal::Retreated {
            unit: unit.id.clone(),
        }
        .into());
    }
    if unit.sound_the_charge.guns_abandoned {
        return Err(CombatRefusal::GunsAbandoned {
            unit: unit.id.clone(),
        }
        .into());
    }
    if role == Role::Attacker {
        boats::may_attack(unit)?;
        if !continuing {
            may_charge(state, unit)?;
        }
    }
    if unit.fought_this_turn {
        return Err(CombatRefusal::FoughtThisTurn {
            unit: unit.id.clone(),
        }
        .into());
    }
    Ok(())
}

/// *Charging*: a new fight is the active side's charge, its units named before `vs`.
fn who_charges(state: &GameState, named: &[Named]) -> Result<(), SoundTheChargeRefusal> {
    let attacking_side = side_of(state, named, Role::Attacker);
    let defending_side = side_of(state, named, Role::Defender);
    if attacking_side == defending_side {
        return Err(CombatRefusal::OneSide {
            side: attacking_side.to_string(),
        }
        .into());
    }
    let fresh_charge = named
        .iter()
        .any(|n| n.role == Role::Attacker && !n.continuing);
    if fresh_charge && attacking_side != state.active() {
        return Err(CombatRefusal::PassiveCharge {
            active: state.active().to_owned(),
        }
        .into());
    }
    // A unit joining a fight charges into it: one of the active side's, named before `vs`.
    if let Some(joining) = named
        .iter()
        .find(|n| n.role == Role::Defender && !n.continuing && defending_side == state.active())
    {
        return Err(CombatRefusal::JoinerNamedAfter {
            unit: joining.id.clone(),
        }
        .into());
    }
    Ok(())
}

/// *Reinforcing a Combat*: a unit charging into the rear of a friend joins a fight that
/// friend was already in, is of the friend's arm (cavalry behind cavalry, infantry behind
/// infantry), and strikes with its own front rank, whose figures the referee counts. That
/// the friend is one rank deep is the table's to see.
fn reinforcing(state: &GameState, named: &[Named]) -> Result<(), SoundTheChargeRefusal> {
    for n in named.iter().filter(|n| n.rear) {
        let unit = in_play(state, &n.id)?;
        if unit.in_contact() {
            return Err(CombatRefusal::RearAlreadyFighting {
                unit: unit.id.clone(),
            }
            .into());
        }
        let same_arm = |other: &Unit| {
            matches!(
                (unit.arm, other.arm),
                (Arm::Infantry(_), Arm::Infantry(_)) | (Arm::Cavalry(_), Arm::Cavalry(_))
            )
        };
        let friend = named
            .iter()
            .filter(|f| f.role == n.role && f.continuing && !f.rear)
            .filter_map(|f| state.unit(&f.id))
            .find(|f| same_arm(f));
        if friend.is_none() {
            return Err(CombatRefusal::RearWithoutFriend {
                unit: unit.id.clone(),
            }
            .into());
        }
        if n.eligible.is_none() {
            return Err(CombatRefusal::RearFiguresOwed {
                unit: unit.id.clone(),
            }
            .into());
        }
    }
    Ok(())
}

/// *Sound the Charge 1:25*, *Cavalry reinforcing a combat*: a second cavalry unit may
/// attack behind a first that is in one rank, as an attack by two units, and only two
/// ranks strike in all: so only cavalry behind cavalry of its own side named in the same
/// fight, new or going on, and the rear unit strikes with its front rank, whose models
/// the referee counts (R51). That the first is in one rank is the table's to see.
fn cavalry_reinforcing(state: &GameState, named: &[Named]) -> Result<(), SoundTheChargeRefusal> {
    for n in named.iter().filter(|n| n.rear) {
        let unit = in_play(state, &n.id)?;
        if !unit.arm.is_cavalry() {
            return Err(CombatRefusal::RearNotCavalry {
                unit: unit.id.clone(),
            }
            .into());
        }
        let friend = named
            .iter()
            .filter(|f| f.role == n.role && !f.rear)
            .filter_map(|f| state.unit(&f.id))
            .any(|f| f.arm.is_cavalry());
        if !friend {
            return Err(CombatRefusal::RearWithoutCavalry {
                unit: unit.id.clone(),
            }
            .into());
        }
        if n.eligible.is_none() {
            return Err(CombatRefusal::RearModelsOwed {
                unit: unit.id.clone(),
            }
            .into());
        }
    }
    Ok(())
}

/// *Stationary Cavalry* (optional): only when the rule is in play, and only cavalry.
fn stationary_cavalry(
    state: &GameState,
    named: &[Named],
    named_any: bool,
) -> Result<(), SoundTheChargeRefusal> {
    if !named_any {
        return Ok(());
    }
    if !state.rule_in_play(OptionalRule::StationaryCavalry) {
        return Err(CombatRefusal::StationaryNotInPlay.into());
    }
    for n in named.iter().filter(|n| n.stationary) {
        let unit = in_play(state, &n.id)?;
        if !unit.arm.is_cavalry() {
            return Err(CombatRefusal::StationaryNotCavalry {
                unit: unit.id.clone(),
            }
            .into());
        }
    }

    Ok(())
}

fn side_of<'a>(state: &'a GameState, named: &[Named], role: Role) -> &'a str {
    named
        .iter()
        .find(|n| n.role == role)
        .and_then(|n| state.unit(&n.id))
        .map_or("", |u| u.side.as_str())
}

/// Sets a flag on each unit a `key=` list names; every one must be in the combat.
fn mark(
    state: &GameState,
    named: &mut [Named],
    ids: &[String],
    key: &str,
    flag: impl Fn(&mut Named) -> &mut bool,
) -> Result<(), SoundTheChargeRefusal> {
    for id in ids {
        let unit = crate::engine::find::find_unit(state, id)?;
        let n = named.iter_mut().find(|n| n.id == unit.id).ok_or_else(|| {
            SoundTheChargeRefusal::from(CombatRefusal::NotInCombat {
                key: key.to_owned(),
                unit: unit.id.clone(),
            })
        })?;
        *flag(n) = true;
    }
    Ok(())
}

/// *Steadiness and Disorder* 2 and *Charging* 6: infantry not in square meeting steady
/// cavalry is disordered by the contact, whichever of them charged. Steady Prussian
/// (pre-1810) lines are not (national). Only fresh contact disorders: in a continuing
/// combat it happened in an earlier round (ruling 30).
fn contact_disorder(
    state: &GameState,
    named: &[Named],
    continuing: bool,
) -> Result<Vec<Event>, SoundTheChargeRefusal> {
    let mut events = Vec::new();
    if continuing {
        return Ok(events);
    }
    for n in named {
        let unit = in_play(state, &n.id)?;
        if !disordered_by_cavalry(state, unit) {
            continue;
        }
        let charged_by_steady_cavalry = named.iter().any(|other| {
            other.role != n.role
                && state.unit(&other.id).is_some_and(|cav| {
                    cav.arm.is_cavalry()
                        && !cav.disordered
                        && !cav.is_shaken()
                        && !unit.in_contact_with.contains(&cav.id)
                })
        });
        if charged_by_steady_cavalry {
            events.push(Event::Disorder {
                unit: unit.id.clone(),
                disordered: true,
            });
        }
    }
    Ok(events)
}

/// Whether steady cavalry meeting this unit disorders it: infantry not in square (nor an
/// Austrian battalion-masse, a square to cavalry) and not already disordered, except steady Prussian (pre-1810) lines (national).
pub(crate) fn disordered_by_cavalry(state: &GameState, unit: &Unit) -> bool {
    let prussian_line = national_modifiers_for(state, unit) == Some(Nation::PrussiaPre1810)
        && !unit.is_shaken()
        && unit.formation == Formation::Line;
    unit.arm.is_infantry()
        && unit.formation != Formation::Square
        && !unit.sound_the_charge.masse
        && !unit.disordered
        && !prussian_line
}

/// Each rolling unit's faces: the players' groups, in the order the units were named, or
/// the app's throw.
fn throw(
    plan: &RoundPlan,
    named: &[Named],
    typed: Option<&[Vec<u8>]>,
    thrower: &mut Thrower,
) -> Result<Vec<Vec<u8>>, SoundTheChargeRefusal> {
    let rolling: Vec<usize> = (0..named.len()).filter(|&i| plan.dice[i].0 > 0).collect();
    let groups: Vec<Option<&[u8]>> = match typed {
        None => vec![None; named.len()],
        Some(groups) if groups.len() == rolling.len() => {
            let mut by_unit = vec![Some(&[][..]); named.len()];
            for (&i, group) in rolling.iter().zip(groups) {
                by_unit[i] = Some(group.as_slice());
            }
            by_unit
        }
        Some(groups) if groups.len() == named.len() => {
            groups.iter().map(|g| Some(g.as_slice())).collect()
        }
        Some(groups) => {
            let wanted: Vec<String> = rolling
                .iter()
                .map(|&i| {
                    let n = plan.dice[i].0;
                    format!("{} {}", named[i].id, crate::core::plural::counted(n, "die"))
                })
                .collect();
            return Err(CombatRefusal::DiceGroups {
                groups: groups.len(),
                wanted,
            }
            .into());
        }
    };
    named
        .iter()
        .zip(groups)
        .enumerate()
        .map(|(i, (n, group))| {
            let count = plan.dice[i].0;
            if count == 0 && group.is_none_or(<[u8]>::is_empty) {
                return Ok(Vec::new());
            }
            Ok(thrower.throw(group, count, &n.id)?.0)
        })
        .collect()
}

/// Each strike's dice: a unit's faces go to its enemies in turn, each its share.
fn strike_faces<'f>(plan: &RoundPlan, faces: &'f [Vec<u8>]) -> Vec<&'f [u8]> {
    let mut used = vec![0usize; faces.len()];
    plan.strikes
        .iter()
        .map(|strike| {
            let share = usize::try_from(strike.dice).unwrap_or(usize::MAX);
            let from = used[strike.by];
            used[strike.by] = from.saturating_add(share);
            faces[strike.by]
                .get(from..from.saturating_add(share))
                .unwrap_or(&[])
        })
        .collect()
}

/// The hits each strike scored: its dice at or above the score it needs.
fn strike_hits(plan: &RoundPlan, dice: &[&[u8]]) -> Vec<u32> {
    plan.strikes
        .iter()
        .zip(dice)
        .map(|(strike, dice)| {
            let scored = dice
                .iter()
                .filter(|&&face| i32::from(face) >= strike.needed)
                .count();
            u32::try_from(scored).unwrap_or(u32::MAX)
        })
        .collect()
}

/// The round as the log keeps it.
fn record(
    plan: &RoundPlan,
    named: &[Named],
    dice: &[&[u8]],
    hits: &[u32],
    verdicts: &[Settled],
    units: &[&Unit],
) -> Vec<Fighter> {
    let enemy_stays = |i: usize| {
        named
            .iter()
            .zip(verdicts)
            .any(|(other, verdict)| other.role != named[i].role && !verdict.outcome.leaves_combat())
    };
    let mut fighters: Vec<Fighter> = named
        .iter()
        .zip(verdicts)
        .enumerate()
        .map(|(i, (n, verdict))| Fighter {
            unit: n.id.clone(),
            role: n.role,
            dice_reason: if plan.overrun[i] {
                String::new()
            } else {
                plan.dice[i].1.clone()
            },
            strikes: Vec::new(),
            suffered: verdict.suffered,
            inflicted: verdict.inflicted,
            result: result_words(
                &verdict.outcome,
                verdict.disordered,
                units[i],
                enemy_stays(i),
            ),
            beaten: verdict.outcome.leaves_combat(),
        })
        .collect();
    for ((strike, &scored), faces) in plan.strikes.iter().zip(hits).zip(dice) {
        fighters[strike.by].strikes.push(Strike {
            at: named[strike.at].id.clone(),
            points: strike.points.total(),
            base: strike.points.base,
            base_reason: strike.points.base_reason.clone(),
            modifiers: strike.points.modifiers.clone(),
            enemy_points: strike.enemy_points,
            needed: strike.needed,
            needed_reason: strike.needed_reason.clone(),
            dice: faces.to_vec(),
            hits: scored,
        });
    }
    fighters
}

/// The verdict's events for one unit: hits, shaken, rout hits, a square breaking into
/// column, disorder, leaving the combat or being destroyed.
fn consequences(
    scratch: &mut Scratch,
    n: &Named,
    verdict: &Settled,
) -> Result<(), SoundTheChargeRefusal> {
    let id = n.id.as_str();
    if verdict.loss_hits > 0 && scratch.unit(id)?.figures() > 0 {
        let events = hits(&scratch.state, id, HitKind::Loss, verdict.loss_hits)?;
        scratch.extend(events)?;
    }
    match &verdict.outcome {
        Outcome::Eliminated { cause, .. } => {
            return scratch.push(Event::Eliminated {
                unit: id.to_owned(),
                cause: (*cause).to_owned(),
            });
        }
        Outcome::Shattered { face } => {
            return scratch.push(Event::Eliminated {
                unit: id.to_owned(),
                cause: format!("lost the round while shaken and shattered on a {face}"),
            });
        }
        Outcome::Lost(loss) => loser(scratch, id, loss)?,
        _ => {}
    }
    if verdict.disordered && !scratch.unit(id)?.disordered {
        scratch.push(Event::Disorder {
            unit: id.to_owned(),
            disordered: true,
        })?;
    }
    if verdict.outcome.leaves_combat() && scratch.unit(id)?.in_contact() {
        scratch.push(Event::Contact {
            unit: id.to_owned(),
            with: Vec::new(),
        })?;
    }
    let retreat = match &verdict.outcome {
        Outcome::Lost(loss) => Some(loss.retreat.least()),
        Outcome::Bounced => Some(combat::BOUNCE_RETREAT.count()),
        _ => None,
    };
    if let Some(mut inches) = retreat
        && scratch.unit(id)?.status == UnitStatus::InPlay
    {
        let back_in_boats = boats::beaten_landing(scratch.unit(id)?);
        if let Some((row_back, _)) = &back_in_boats {
            inches = *row_back;
        }
        scratch.push(Event::MustRetreat {
            unit: id.to_owned(),
            inches,
        })?;
        if let Some((_, afloat)) = back_in_boats {
            scratch.push(afloat)?;
        }
        if matches!(verdict.outcome, Outcome::Lost(_))
            && let Some(abandoned) = regimental_gun::abandoned_in_retreat(scratch.unit(id)?)
        {
            scratch.push(abandoned)?;
        }
    }
    Ok(())
}

/// A loser that goes on: shaken, its rout hits (and 1:25's pursuit hits), and a square
/// ends in column (*Retreat Moves*, both rulesets).
fn loser(
    scratch: &mut Scratch,
    id: &str,
    loss: &super::combat_verdict::Loss,
) -> Result<(), SoundTheChargeRefusal> {
    if !scratch.unit(id)?.is_shaken() {
        scratch.push(Event::Morale {
            unit: id.to_owned(),
            morale: Morale::Shaken,
        })?;
    }
    if scratch.unit(id)?.figures() > 0 {
        let events = hits(&scratch.state, id, HitKind::Rout, loss.rout_hits)?;
        scratch.extend(events)?;
    }
    // Models cut down as the cavalry rides through, not men running: loss hits (R50).
    if loss.pursuit_hits > 0 && scratch.unit(id)?.figures() > 0 {
        let events = hits(&scratch.state, id, HitKind::Loss, loss.pursuit_hits)?;
        scratch.extend(events)?;
    }
    if scratch.unit(id)?.formation == Formation::Square {
        scratch.push(Event::Formation {
            unit: id.to_owned(),
            formation: Formation::Column,
        })?;
    }
    Ok(())
}

/// Units that stay are in contact with every enemy that stays: the combat goes on.
fn keep_contact(
    scratch: &mut Scratch,
    named: &[Named],
    verdicts: &[Settled],
) -> Result<(), SoundTheChargeRefusal> {
    let stays = |i: usize| !verdicts[i].outcome.leaves_combat();
    for (i, n) in named.iter().enumerate() {
        if n.role != Role::Attacker || !stays(i) {
            continue;
        }
        let with: Vec<String> = named
            .iter()
            .enumerate()
            .filter(|&(j, other)| other.role == Role::Defender && stays(j))
            .map(|(_, other)| other.id.clone())
            .collect();
        let mut now = scratch.unit(&n.id)?.in_contact_with.clone();
        now.sort();
        let mut wanted = with.clone();
        wanted.sort();
        if now != wanted {
            scratch.push(Event::Contact {
                unit: n.id.clone(),
                with,
            })?;
        }
    }
    Ok(())
}

/// *Generals*: a general riding with a unit that took two or more hits (1:25: four, from
/// the round's dice alone, R21) risks death. In the original, one whose unit was destroyed
/// is left alone with the enemy and risks capture; 1:25 has no such die (R52).
fn generals_at_risk<'a>(
    state: &'a GameState,
    named: &'a [Named],
    verdicts: &[Settled],
    rules: Rules,
) -> Vec<AtRisk<'a>> {
    let mut at_risk = Vec::new();
    for (n, verdict) in named.iter().zip(verdicts) {
        let landed = state
            .unit(&n.id)
            .map_or(0, |u| verdict.loss_hits.min(u.figures()));
        if verdict.outcome.eliminated() && matches!(rules, Rules::Original { .. }) {
            at_risk.extend(state.generals_attached_to(&n.id).map(|general| AtRisk {
                general,
                unit: n.id.clone(),
                peril: Peril::Alone,
            }));
        } else {
            at_risk.extend(super::resolve::hit_generals(state, &n.id, landed));
        }
    }
    at_risk
}
