//! Moving in *Old Trousers II*: a move's allowance, a charge with its bonus dice, a failed
//! charge falling back, and routs (*Movement*, p14-17; *Charges*, p21-22).
//!
//! The table decides where a unit goes; the app works out how far it may, with every
//! cost and bonus shown, and records what the move changed (formation, disorder).

// Why this file is long: the movement phase's every command: moves, charges with their
// bonus dice, failed charges falling back, and routs.

use super::TrousersRefusal;
use super::orders::{confined_out_of_command, side_event};
use super::refusal::TrousersManeuverRefusal;
use super::{Help, TrousersCommand};
use crate::core::chart::Written;
use crate::core::dice::parse_face;
use crate::engine::command_chain::commander_gone;
use crate::engine::event::Event;
use crate::engine::guards::{in_phase, in_play, of_active_side};
use crate::engine::roll::{Roll, RollKind};
use crate::engine::state::GameState;
use crate::engine::thrower::Thrower;
use crate::rules::Ruleset;
use crate::rules::old_trousers::charge::{
    ChargeFacts, FALL_BACK_DICE, failed_charge, may_charge, may_countercharge, prorate,
};
use crate::rules::old_trousers::command::Order;
use crate::rules::old_trousers::movement::{
    self as rules, Allowance, Area, Distance, MovePlan, Obstacle, ROUT_FIRST_STRAIGHT, charge_dice,
    rout_dice, rout_move,
};
use crate::rules::old_trousers::random_events::RandomEvent;
use crate::rules::old_trousers::unit as ot;
use crate::rules::old_trousers::unit_state::MoveState;
use crate::rules::phase::Phase;
use crate::rules::unit::{Formation, Morale, Unit};
use std::fmt;

pub(super) const HELP: [Help; 6] = [
    (
        "move",
        "move <unit> [to=<formation>] [about[=n]] [oblique] [operational] [prolong] \
         [area=poor|light-woods|medium-woods|heavy-woods] [cross=<obstacle>,…] \
         [went=<inches>]",
        "how far the unit may go: its rate, formation change, about faces, oblique, \
         terrain and obstacles (contour, stream, bridge, wall, fence, hedge); went= how \
         far it went, which an untrained line must say: over 2\" disorders it",
    ),
    (
        "charge",
        "charge <unit> <target> [move words] [dice=a[,b]]",
        "declare a charge: the move plus the charge bonus (1d6 infantry, 2d6 cavalry); \
         the nonphasing player's cavalry makes opportunity charges so",
    ),
    (
        "countercharge",
        "countercharge <unit> <charger> gap=<inches> [move words] [dice=a[,b]]",
        "the target of a charge declared this movement meets it: both close the gap in \
         proportion to their charge moves; no charge test, melee follows",
    ),
    (
        "fallback",
        "fallback <unit> [dice=a,b]",
        "a charger failed its charge test: disordered; cavalry falls back 2d6\"",
    ),
    (
        "rout",
        "rout <unit> [dice=a,b[,c]]",
        "the unit routs (or routs on): 2d6\" (cavalry 3d6\") toward its own baseline",
    ),
    (
        "unrout",
        "unrout <unit>",
        "record a routed unit rallied, back to shaken (the rally rules are not in the \
         excerpt); not while its side's Uncontrolled rout lasts (p10)",
    ),
];

/// What the referee says about a move beyond the unit itself.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MoveWords {
    pub to: Option<Formation>,
    pub about_faces: u32,
    pub oblique: bool,
    pub operational: bool,
    pub prolong: bool,
    pub area: Option<Area>,
    pub crossings: Vec<Obstacle>,
    /// How far the unit went, as the table measured it (`move` only).
    pub went: Option<Distance>,
}

/// `move`, `charge`, `countercharge`, `fallback`, `rout`, `unrout`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ManeuverOrder {
    Move {
        unit: String,
        words: MoveWords,
    },
    Charge {
        unit: String,
        target: String,
        words: MoveWords,
        dice: Option<Vec<u8>>,
    },
    /// The target of a charge meets its charger (*Charges: Defenders Reaction*, p22).
    Countercharge {
        unit: String,
        charger: String,
        /// The distance between the two as the charge is declared, which they share.
        gap: Distance,
        words: MoveWords,
        dice: Option<Vec<u8>>,
    },
    FallBack {
        unit: String,
        dice: Option<Vec<u8>>,
    },
    Rout {
        unit: String,
        dice: Option<Vec<u8>>,
    },
    Unrout {
        unit: String,
    },
}

impl ManeuverOrder {
    pub fn word(&self) -> &'static str {
        match self {
            ManeuverOrder::Move { .. } => "move",
            ManeuverOrder::Charge { .. } => "charge",
            ManeuverOrder::Countercharge { .. } => "countercharge",
            ManeuverOrder::FallBack { .. } => "fallback",
            ManeuverOrder::Rout { .. } => "rout",
            ManeuverOrder::Unrout { .. } => "unrout",
        }
    }
}

fn area_word(area: Area) -> &'static str {
    match area {
        Area::Clear => "clear",
        Area::PoorGround => "poor",
        Area::LightWoods => "light-woods",
        Area::MediumWoods => "medium-woods",
        Area::HeavyWoods => "heavy-woods",
    }
}

fn obstacle_word(obstacle: Obstacle) -> &'static str {
    match obstacle {
        Obstacle::Contour => "contour",
        Obstacle::StreamOrDitch => "stream",
        Obstacle::River => "river",
        Obstacle::Bridge => "bridge",
        Obstacle::StoneWallOrRedoubt => "wall",
        Obstacle::WoodenFence => "fence",
        Obstacle::Hedge => "hedge",
    }
}

impl fmt::Display for MoveWords {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(to) = self.to {
            write!(f, " to={to}")?;
        }
        match self.about_faces {
            0 => {}
            1 => f.write_str(" about")?,
            n => write!(f, " about={n}")?,
        }
        for (on, word) in [
            (self.oblique, " oblique"),
            (self.operational, " operational"),
            (self.prolong, " prolong"),
        ] {
            if on {
                f.write_str(word)?;
            }
        }
        if let Some(area) = self.area {
            write!(f, " area={}", area_word(area))?;
        }
        if !self.crossings.is_empty() {
            let words: Vec<&str> = self.crossings.iter().map(|&o| obstacle_word(o)).collect();
            write!(f, " cross={}", words.join(","))?;
        }
        if let Some(went) = self.went {
            write!(f, " went={}", went.typed())?;
        }
        Ok(())
    }
}

fn dice_words(dice: Option<&Vec<u8>>) -> String {
    dice.map(|d| {
        let faces: Vec<String> = d.iter().map(u8::to_string).collect();
        format!(" dice={}", faces.join(","))
    })
    .unwrap_or_default()
}

impl fmt::Display for ManeuverOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ManeuverOrder::Move { unit, words } => write!(f, "move {unit}{words}"),
            ManeuverOrder::Charge {
                unit,
                target,
                words,
                dice,
            } => write!(
                f,
                "charge {unit} {target}{words}{}",
                dice_words(dice.as_ref())
            ),
            ManeuverOrder::Countercharge {
                unit,
                charger,
                gap,
                words,
                dice,
            } => write!(
                f,
                "countercharge {unit} {charger} gap={}{words}{}",
                gap.typed(),
                dice_words(dice.as_ref())
            ),
            ManeuverOrder::FallBack { unit, dice } => {
                write!(f, "fallback {unit}{}", dice_words(dice.as_ref()))
            }
            ManeuverOrder::Rout { unit, dice } => {
                write!(f, "rout {unit}{}", dice_words(dice.as_ref()))
            }
            ManeuverOrder::Unrout { unit } => write!(f, "unrout {unit}"),
        }
    }
}

/// Parses this module's words; `None` for another's.
pub(super) fn parse(verb: &str, args: &[&str]) -> Option<Result<TrousersCommand, TrousersRefusal>> {
    let usage = || TrousersRefusal::usage(super::usage(verb));
    let parsed = match (verb, args) {
        ("move", [unit, rest @ ..]) => {
            parse_move_words(rest, false).map(|(words, _)| ManeuverOrder::Move {
                unit: (*unit).to_owned(),
                words,
            })
        }
        ("charge", [unit, target, rest @ ..]) => {
            parse_move_words(rest, true).map(|(words, dice)| ManeuverOrder::Charge {
                unit: (*unit).to_owned(),
                target: (*target).to_owned(),
                words,
                dice,
            })
        }
        ("countercharge", [unit, charger, rest @ ..]) => parse_countercharge(unit, charger, rest),
        ("fallback" | "rout", [unit, rest @ ..]) if rest.len() <= 1 => {
            let dice = match rest.first() {
                None => Ok(None),
                Some(arg) => match arg.strip_prefix("dice=") {
                    Some(faces) => parse_dice(faces).map(Some),
                    None => Err(usage()),
                },
            };
            dice.map(|dice| {
                let unit = (*unit).to_owned();
                if verb == "rout" {
                    ManeuverOrder::Rout { unit, dice }
                } else {
                    ManeuverOrder::FallBack { unit, dice }
                }
            })
        }
        ("unrout", [unit]) => Ok(ManeuverOrder::Unrout {
            unit: (*unit).to_owned(),
        }),
        ("move" | "charge" | "countercharge" | "fallback" | "rout" | "unrout", _) => Err(usage()),
        _ => return None,
    };
    Some(parsed.map(TrousersCommand::Maneuver))
}

/// `countercharge`'s words: the gap the two units share out, then a charge's words.
fn parse_countercharge(
    unit: &str,
    charger: &str,
    rest: &[&str],
) -> Result<ManeuverOrder, TrousersRefusal> {
    let is_gap = |arg: &str| arg.to_ascii_lowercase().starts_with("gap=");
    let no_gap = || TrousersManeuverRefusal::NoGap {
        unit: unit.to_owned(),
        charger: charger.to_owned(),
    };
    let gap = rest.iter().find(|arg| is_gap(arg)).ok_or_else(no_gap)?;
    let typed = &gap["gap=".len()..];
    let gap = Distance::parse(typed).ok_or_else(|| TrousersManeuverRefusal::NotAGap {
        typed: typed.to_owned(),
    })?;
    let others: Vec<&str> = rest.iter().copied().filter(|arg| !is_gap(arg)).collect();
    parse_move_words(&others, true).map(|(words, dice)| ManeuverOrder::Countercharge {
        unit: unit.to_owned(),
        charger: charger.to_owned(),
        gap,
        words,
        dice,
    })
}

fn parse_dice(faces: &str) -> Result<Vec<u8>, TrousersRefusal> {
    faces
        .split(',')
        .map(|f| parse_face(f).map_err(TrousersRefusal::from))
        .collect()
}

fn parse_area(word: &str) -> Result<Area, TrousersRefusal> {
    Area::ALL
        .into_iter()
        .find(|&a| area_word(a) == word && a != Area::Clear)
        .ok_or_else(|| {
            TrousersManeuverRefusal::NotAnArea {
                word: word.to_owned(),
            }
            .into()
        })
}

fn parse_obstacles(words: &str) -> Result<Vec<Obstacle>, TrousersRefusal> {
    words
        .split(',')
        .map(|word| {
            Obstacle::ALL
                .into_iter()
                .find(|&o| obstacle_word(o) == word)
                .ok_or_else(|| {
                    TrousersManeuverRefusal::NotAnObstacle {
                        word: word.to_owned(),
                    }
                    .into()
                })
        })
        .collect()
}

/// The words after the unit (and target): the plan, and a charge's typed bonus dice.
fn parse_move_words(
    args: &[&str],
    charge: bool,
) -> Result<(MoveWords, Option<Vec<u8>>), TrousersRefusal> {
    let mut words = MoveWords::default();
    let mut dice = None;
    for arg in args {
        let lower = arg.to_ascii_lowercase();
        let (key, value) = lower.split_once('=').unwrap_or((lower.as_str(), ""));
        match (key, value) {
            ("to", word) => {
                words.to = Some(Formation::from_word(word).ok_or_else(|| {
                    TrousersManeuverRefusal::NotAFormation {
                        word: word.to_owned(),
                    }
                })?);
            }
            ("about", "") => words.about_faces += 1,
            ("about", n) => {
                words.about_faces = n
                    .parse()
                    .ok()
                    .filter(|&n| (1..=4).contains(&n))
                    .ok_or_else(|| TrousersManeuverRefusal::AboutFaces {
                        typed: n.to_owned(),
                    })?;
            }
            ("oblique", "") => words.oblique = true,
            ("operational", "") => words.operational = true,
            ("prolong", "") => words.prolong = true,
            ("area", word) => words.area = Some(parse_area(word)?),
            ("cross", list) => words.crossings.extend(parse_obstacles(list)?),
            ("dice", faces) if charge => dice = Some(parse_dice(faces)?),
            ("went", inches) if !charge => {
                words.went = Some(Distance::parse(inches).ok_or_else(|| {
                    TrousersManeuverRefusal::NotWent {
                        typed: inches.to_owned(),
                    }
                })?);
            }
            _ => {
                return Err(TrousersManeuverRefusal::NotAMoveWord {
                    word: (*arg).to_owned(),
                    charge,
                }
                .into());
            }
        }
    }
    Ok((words, dice))
}

pub(super) fn check(
    state: &GameState,
    order: &ManeuverOrder,
) -> Result<Vec<Event>, TrousersRefusal> {
    match order {
        ManeuverOrder::Move { unit, words } => move_unit(state, unit, words, Move::Plain),
        ManeuverOrder::Charge {
            unit,
            target,
            words,
            dice,
        } => move_unit(
            state,
            unit,
            words,
            Move::Charge {
                target,
                typed: dice.as_deref(),
            },
        ),
        ManeuverOrder::Countercharge {
            unit,
            charger,
            gap,
            words,
            dice,
        } => move_unit(
            state,
            unit,
            words,
            Move::Countercharge {
                charger,
                gap: *gap,
                typed: dice.as_deref(),
            },
        ),
        ManeuverOrder::FallBack { unit, dice } => fall_back(state, unit, dice.as_deref()),
        ManeuverOrder::Rout { unit, dice } => rout(state, unit, dice.as_deref()),
        ManeuverOrder::Unrout { unit } => unrout(state, unit),
    }
}

/// `count` d6 added up for inches (a charge bonus, a fall-back, a rout), the players'
/// typed faces or the app's.
fn d6_summed(
    state: &GameState,
    typed: Option<&[u8]>,
    count: u32,
    kind: RollKind,
    unit: &str,
    reading: impl Into<String>,
) -> Result<Roll, TrousersRefusal> {
    let mut thrower = Thrower {
        stream: state.dice(),
    };
    let (faces, stream) = thrower.throw_sided(typed, count, 6, unit)?;
    let mut roll = Roll::summed(kind, unit, 6, faces, Vec::new(), reading);
    roll.stream = stream;
    Ok(roll)
}

/// The rules' view of a unit of this battle; every unit of an *Old Trousers II* scenario
/// has one.
fn trousers_unit(unit: &Unit) -> Result<ot::Unit, TrousersRefusal> {
    unit.as_trousers().ok_or_else(|| {
        TrousersManeuverRefusal::NoRatings {
            unit: unit.id.clone(),
        }
        .into()
    })
}

/// What a `move`-like word asks of the unit beyond its move.
#[derive(Clone, Copy)]
enum Move<'a> {
    Plain,
    Charge {
        target: &'a str,
        typed: Option<&'a [u8]>,
    },
    Countercharge {
        charger: &'a str,
        gap: Distance,
        typed: Option<&'a [u8]>,
    },
}

impl Move<'_> {
    fn verb(self) -> &'static str {
        match self {
            Move::Plain => "moves",
            Move::Charge { .. } => "charges",
            Move::Countercharge { .. } => "countercharges",
        }
    }
}

/// A move or a charge in the phasing player's movement (*Movement: Sequence*, p14), an
/// opportunity charge by the nonphasing player's cavalry, or a countercharge by the
/// target of a charge.
fn move_unit(
    state: &GameState,
    id: &str,
    words: &MoveWords,
    kind: Move<'_>,
) -> Result<Vec<Event>, TrousersRefusal> {
    debug_assert_eq!(state.ruleset(), Ruleset::OldTrousers);
    let (unit, rules_unit, confined) = may_move_now(state, id, words, kind)?;
    let to = words.to.unwrap_or(unit.formation);
    if !state.ruleset().formations().contains(&to) {
        return Err(TrousersManeuverRefusal::NoSuchFormation { formation: to }.into());
    }
    may_move_so(state, unit, to, words)?;
    let mut plan = MovePlan::forward(rules_unit.formation);
    plan.to = to.in_trousers();
    plan.about_faces = words.about_faces;
    plan.oblique = words.oblique;
    plan.operational = words.operational;
    plan.prolong = words.prolong;
    plan.area = words.area.unwrap_or(Area::Clear);
    plan.crossings.clone_from(&words.crossings);
    let mut events = Vec::new();
    let target = match kind {
        Move::Plain => None,
        Move::Charge { target, .. } => Some(target),
        Move::Countercharge { charger, .. } => Some(charger),
    };
    let mut target_unit = None;
    if let Some(target) = target {
        let (target, roll) = charge_at(state, unit, &rules_unit, target, words, kind)?;
        plan.charge_dice = Some(roll.dice.clone());
        events.push(Event::Rolled(roll));
        target_unit = Some(target);
    }
    let allowance = rules::allowance(&rules_unit, &plan).map_err(|why| {
        TrousersManeuverRefusal::NoAllowance {
            unit: unit.id.clone(),
            why,
        }
    })?;
    if allowance.ground == rules::Distance::ZERO && !allowance.costs.is_empty() {
        return Err(TrousersManeuverRefusal::CostsTheMove {
            unit: unit.id.clone(),
            rate: allowance.rate,
        }
        .into());
    }
    if to != unit.formation {
        events.push(Event::Formation {
            unit: unit.id.clone(),
            formation: to,
        });
    }
    let went = match (confined, target) {
        (true, _) => Some(Distance::ZERO),
        (false, None) => ground_covered(unit, &rules_unit, to, words.went, &allowance)?,
        (false, Some(_)) => None,
    };
    if disorders(unit, &rules_unit, to, went, &allowance) && !unit.disordered {
        events.push(Event::Disorder {
            unit: unit.id.clone(),
            disordered: true,
        });
    }
    let mut why = reasons(&allowance, &rules_unit, to, went, confined);
    // Held to facing and formation, it covers no ground.
    let mut ground = went.filter(|_| confined).unwrap_or(allowance.ground);
    let mut met = false;
    if let (Move::Countercharge { gap, .. }, Some(charger)) = (kind, target_unit) {
        let (meeting, share) = meeting(unit, charger, allowance.ground, gap);
        why.extend(meeting);
        met = share.is_some();
        ground = share.unwrap_or(allowance.ground);
    }
    events.push(Event::Moved {
        unit: unit.id.clone(),
        allowance: ground.to_string(),
        charging: target_unit.is_some(),
        target: target_unit.map(|t| t.id.clone()),
        evade: false,
        retreat: false,
        why,
        trousers: Some(MoveState {
            operational: words.operational,
            reach: allowance.ground,
            countercharge: matches!(kind, Move::Countercharge { .. }),
            met,
        }),
    });
    Ok(events)
}

/// The checks of a charge made before its target is read: the phase, the unit's state,
/// its command and who may charge now. `need` gives their refusal as its "not now".
pub fn may_charge_now(state: &GameState, unit: &Unit) -> Result<(), TrousersRefusal> {
    let kind = Move::Charge {
        target: "",
        typed: None,
    };
    may_move_now(state, &unit.id, &MoveWords::default(), kind).map(|_| ())
}

/// Whether the unit `id` may make this move now: the unit, its ratings, and whether, out
/// of command, it is held to facing and formation (`true`).
fn may_move_now<'a>(
    state: &'a GameState,
    id: &str,
    words: &MoveWords,
    kind: Move<'_>,
) -> Result<(&'a Unit, ot::Unit, bool), TrousersRefusal> {
    let unit = in_play(state, id)?;
    in_phase(
        state,
        Phase::Movement,
        &format!("a unit that {}", kind.verb()),
    )?;
    let rules_unit = trousers_unit(unit)?;
    if unit.morale == Morale::Routed {
        return Err(TrousersManeuverRefusal::Routed {
            unit: unit.id.clone(),
        }
        .into());
    }
    if unit.moved_this_turn {
        return Err(TrousersManeuverRefusal::MovedAlready {
            unit: unit.id.clone(),
        }
        .into());
    }
    // Only the active side moves (p14), whatever its units' command, so that is said
    // first. Out of command a unit may still make an opportunity charge (p12), and a
    // countercharge answers the enemy's charge in the enemy's move as one does (ruling 48).
    let confined = match kind {
        Move::Plain => {
            of_active_side(state, unit, kind.verb())?;
            out_of_command_confines(state, unit, words, false)?
        }
        Move::Charge { .. } => {
            let confined =
                unit.side == state.active() && out_of_command_confines(state, unit, words, true)?;
            may_declare_charge(state, unit, &rules_unit)?;
            confined
        }
        Move::Countercharge { .. } => false,
    };
    Ok((unit, rules_unit, confined))
}

/// The target of a charge or countercharge, checked, and the charge bonus thrown for it
/// (*Movement: Charges*, p17).
fn charge_at<'a>(
    state: &'a GameState,
    unit: &Unit,
    rules_unit: &ot::Unit,
    target: &str,
    words: &MoveWords,
    kind: Move<'_>,
) -> Result<(&'a Unit, Roll), TrousersRefusal> {
    let typed = match kind {
        Move::Charge { typed, .. } | Move::Countercharge { typed, .. } => typed,
        Move::Plain => None,
    };
    let target = in_play(state, target)?;
    if target.side == unit.side {
        return Err(TrousersManeuverRefusal::OwnSide {
            target: target.id.clone(),
            unit: unit.id.clone(),
        }
        .into());
    }
    let Some(count) = charge_dice(rules_unit.arm) else {
        return Err(TrousersManeuverRefusal::GunsDoNotCharge {
            unit: unit.id.clone(),
        }
        .into());
    };
    // A unit charged by two may countercharge either (p22).
    if matches!(kind, Move::Countercharge { .. }) && !has_charged(target, unit) {
        return Err(TrousersManeuverRefusal::NotCharged {
            target: target.id.clone(),
            unit: unit.id.clone(),
        }
        .into());
    }
    check_may_charge(unit, rules_unit, target, words, kind)?;
    let count = u32::try_from(count).unwrap_or(u32::MAX);
    let mut roll = d6_summed(
        state,
        typed,
        count,
        RollKind::ChargeBonus,
        &unit.id,
        format!("{count}d6 added to the move (*Movement: Charges*, p17)"),
    )?;
    roll.target = Some(target.id.clone());
    let inches = roll.total.unwrap_or(0);
    roll.conclude(format!("+{inches}\" charge bonus"));
    Ok((target, roll))
}

/// An enemy unit that declared a charge at `unit` this movement, if any: the first
/// found where more than one did (*Charges: Sequence*, p21-22). Charges are declared
/// only in the movement subsegment, so a charge this turn seen in it is one of this
/// subsegment's.
fn charged_at<'a>(state: &'a GameState, unit: &Unit) -> Option<&'a Unit> {
    state
        .units()
        .iter()
        .map(AsRef::as_ref)
        .find(|charger| charger.side != unit.side && charger.on_table && has_charged(charger, unit))
}

/// Whether `charger` declared its charge this turn at `unit`.
fn has_charged(charger: &Unit, unit: &Unit) -> bool {
    charger.charged_this_turn && charger.charge_target.as_deref() == Some(unit.id.as_str())
}

/// Who may declare a charge now (*Movement: Sequence*, p14; *Charges: Defenders
/// Reaction*, p22; ruling 45): the phasing player's units, and the nonphasing player's
/// cavalry for an opportunity charge; never a unit already charged, whose answer is to
/// stand, flee or countercharge.
fn may_declare_charge(
    state: &GameState,
    unit: &Unit,
    rules_unit: &ot::Unit,
) -> Result<(), TrousersRefusal> {
    if let Some(charger) = charged_at(state, unit) {
        return Err(TrousersManeuverRefusal::ChargedAt {
            unit: unit.id.clone(),
            charger: charger.id.clone(),
        }
        .into());
    }
    if unit.side != state.active() && !rules_unit.arm.is_cavalry() {
        return Err(TrousersManeuverRefusal::NonphasingNotCavalry {
            unit: unit.id.clone(),
        }
        .into());
    }
    Ok(())
}

/// *Charges: Sequence*, *Defenders Reaction* (p21-22; ruling 23): charger and
/// countercharger close the gap each in proportion to its whole charge move. The lines
/// the countercharge's move reads, and the ground the countercharger covers to meet the
/// charger, if they meet.
fn meeting(
    unit: &Unit,
    charger: &Unit,
    reach: Distance,
    gap: Distance,
) -> (Vec<String>, Option<Distance>) {
    let charger_reach = charger.trousers.movement.reach;
    let (c, u) = (&charger.id, &unit.id);
    match prorate(charger_reach, reach, gap) {
        Some((charger_share, share)) => (
            vec![
                format!(
                    "countercharge: the {gap} gap is shared in proportion to the charge moves, \
                     {c} {charger_reach} and {u} {reach}: {c} goes {charger_share}, {u} \
                     {share} (p22, ruling 23)"
                ),
                "they meet: a melee follows; no Charge Test for either (p22)".to_owned(),
            ],
            Some(share),
        ),
        None => (
            vec![
                format!(
                    "countercharge: {c} {charger_reach} and {u} {reach} together fall short of \
                     the {gap} gap: each makes its whole charge move and they do not meet \
                     (ruling 23)"
                ),
                "no Charge Test for either (p22), and no melee".to_owned(),
            ],
            None,
        ),
    }
}

/// *Orders: Out of Command* (p12; ruling 24): out of command, and with no order bought
/// for a command point (p13), a unit only faces, changes formation, fires, makes an
/// opportunity charge or removes disorder. `true` when the move is held to that.
fn out_of_command_confines(
    state: &GameState,
    unit: &Unit,
    words: &MoveWords,
    charging: bool,
) -> Result<bool, TrousersRefusal> {
    if !confined_out_of_command(state, unit) {
        return Ok(false);
    }
    let faces_or_forms = words.to.is_some_and(|to| to != unit.formation) || words.about_faces > 0;
    let covers_ground = words.oblique
        || words.operational
        || !words.crossings.is_empty()
        || words.went.is_some_and(|went| went > Distance::ZERO);
    if charging || !faces_or_forms || covers_ground {
        return Err(TrousersManeuverRefusal::OutOfCommand {
            unit: unit.id.clone(),
            gone: commander_gone(state, unit)
                .map(|general| (general.name.clone(), general.status.word())),
        }
        .into());
    }
    Ok(true)
}

/// Whether the move leaves the unit disordered: any square that moves (*Movement Table*
/// note, p16; *Disorder*, p18), an untrained line that went over 2" (ruling 47), a
/// formation change in rough ground (the allowance's own).
fn disorders(
    unit: &Unit,
    rules_unit: &ot::Unit,
    to: Formation,
    went: Option<Distance>,
    allowance: &Allowance,
) -> bool {
    let square_moves = unit.formation == Formation::Square
        && to == Formation::Square
        && went != Some(Distance::ZERO);
    let line_disorder = went
        .filter(|_| to != Formation::Square)
        .and_then(|went| rules::moved_into_disorder(rules_unit, to.in_trousers(), went));
    square_moves || line_disorder.is_some() || !allowance.disorders.is_empty()
}

/// How far a move went, where the table's measure decides disorder: an untrained
/// infantry line that goes over 2" is disordered (*Movement Table* note, p16; *Disorder*,
/// p18; ruling 47). The referee says it with `went=`; a move that cannot reach past 2"
/// needs no word.
fn ground_covered(
    unit: &Unit,
    rules_unit: &ot::Unit,
    to: Formation,
    went: Option<Distance>,
    allowance: &Allowance,
) -> Result<Option<Distance>, TrousersRefusal> {
    match went {
        Some(went) if went > allowance.ground => Err(TrousersManeuverRefusal::WentTooFar {
            unit: unit.id.clone(),
            most: allowance.ground,
            went,
        }
        .into()),
        Some(went) => Ok(Some(went)),
        None if to != Formation::Square
            && rules::moved_into_disorder(rules_unit, to.in_trousers(), allowance.ground)
                .is_some() =>
        {
            Err(TrousersManeuverRefusal::SayHowFar {
                unit: unit.id.clone(),
                most: allowance.ground,
            }
            .into())
        }
        None => Ok(None),
    }
}

/// Whether the roster lets `unit` charge or countercharge `target` (p17, p18, p21).
fn check_may_charge(
    unit: &Unit,
    rules_unit: &ot::Unit,
    target: &Unit,
    words: &MoveWords,
    kind: Move<'_>,
) -> Result<(), TrousersRefusal> {
    let into_woods_or_town = matches!(
        words.area,
        Some(Area::LightWoods | Area::MediumWoods | Area::HeavyWoods)
    );
    // The app cannot see arcs, the order a unit's command is under, or a passage
    // through friends: the referee judges those (ruling 42).
    let allowed = if let Move::Countercharge { .. } = kind {
        may_countercharge(rules_unit, &trousers_unit(target)?, into_woods_or_town).map_err(|why| {
            TrousersManeuverRefusal::MayNotCountercharge {
                unit: unit.id.clone(),
                why,
            }
        })
    } else {
        let charge_facts = ChargeFacts {
            ordered: true,
            target_is_cavalry: target.arm.is_cavalry(),
            target_in_forward_arc: true,
            into_woods_or_town,
            ..ChargeFacts::default()
        };
        may_charge(rules_unit, &charge_facts).map_err(|why| TrousersManeuverRefusal::MayNotCharge {
            unit: unit.id.clone(),
            why,
        })
    };
    allowed.map_err(TrousersRefusal::from)
}

/// What the unit's state and this turn's events forbid: a change of formation while
/// disordered (*Disorder*, p18), any move on rough ground under *Difficult terrain* (p10).
fn may_move_so(
    state: &GameState,
    unit: &Unit,
    to: Formation,
    words: &MoveWords,
) -> Result<(), TrousersRefusal> {
    if unit.disordered && to != unit.formation {
        return Err(TrousersManeuverRefusal::Disordered {
            unit: unit.id.clone(),
        }
        .into());
    }
    let rough = words.area.is_some_and(|a| a != Area::Clear);
    let difficult = state
        .turn_state()
        .trousers
        .events
        .iter()
        .any(|(side, e)| *side == unit.side && *e == Some(RandomEvent::DifficultTerrain));
    if rough && difficult {
        return Err(TrousersManeuverRefusal::DifficultTerrain {
            unit: unit.id.clone(),
        }
        .into());
    }
    Ok(())
}

/// Whether the unit's side may try to rally its routed units this game turn: not under
/// the *Uncontrolled rout* event (*Random Event Table*, p10; ruling 39; ruling 40 as revised).
fn may_try_rally(state: &GameState, unit: &Unit) -> Result<(), TrousersRefusal> {
    if side_event(state, &unit.side) == Some(RandomEvent::UncontrolledRout) {
        return Err(TrousersManeuverRefusal::UncontrolledRout {
            unit: unit.id.clone(),
        }
        .into());
    }
    // *Command Points*, p13: no unit tries to rally without an order bought for a point,
    // but a command under a Rally order tries each turn (*Orders*, p12). A unit whose
    // scenario names no commander is left to the table (ruling 49).
    let Some(commander) = unit.trousers.command_chain.commander.as_deref() else {
        return Ok(());
    };
    let rallying = state
        .general(commander)
        .is_some_and(|general| general.trousers.orders.current == Some(Order::Rally));
    if rallying || unit.trousers.command_chain.ordered_in(state.turn()) {
        return Ok(());
    }
    Err(TrousersManeuverRefusal::NoRallyOrder {
        unit: unit.id.clone(),
        commander: commander.to_owned(),
    }
    .into())
}

/// The allowance explained line by line, with the disorder the move brought or, where
/// how far it went is not said, may bring.
fn reasons(
    allowance: &Allowance,
    unit: &ot::Unit,
    to: Formation,
    went: Option<Distance>,
    confined: bool,
) -> Vec<String> {
    let mut why = vec![format!(
        "rate {} ({})",
        allowance.rate, allowance.rate_reason
    )];
    why.extend(allowance.bonus.iter().map(|(d, r)| format!("+{d} {r}")));
    why.extend(allowance.costs.iter().map(|(d, r)| format!("-{d} {r}")));
    if allowance.factor > 1 {
        why.push(format!(
            "each inch costs {} ({})",
            allowance.factor,
            allowance.factor_reasons.join(", ")
        ));
    }
    why.extend(
        allowance
            .disorders
            .iter()
            .map(|d| format!("disordered: {d}")),
    );
    if to == Formation::Square {
        why.push("a square that moves is disordered (p16, p18)".to_owned());
    } else if let Some(went) = went {
        why.push(format!("went {went}"));
        if let Some(why_disorder) = rules::moved_into_disorder(unit, to.in_trousers(), went) {
            why.push(format!("disordered: {why_disorder} (p16, p18)"));
        }
    } else {
        // A charge: how far it went is the table's, so the rule is a reminder.
        let reach = allowance.ground;
        if let Some(why_disorder) = rules::moved_into_disorder(unit, to.in_trousers(), reach) {
            why.push(format!(
                "if it goes further than 2\": {why_disorder} (p16, p18)"
            ));
        }
    }
    if confined {
        why.push("out of command: it faces or changes formation where it stands (p12)".into());
    }
    why
}

/// *Charges: Charge Tests* (p22, the test itself lost with the rest of the rulebook): a
/// charger that fails is disordered, and cavalry falls back 2d6".
fn fall_back(
    state: &GameState,
    id: &str,
    typed: Option<&[u8]>,
) -> Result<Vec<Event>, TrousersRefusal> {
    let unit = in_play(state, id)?;
    in_phase(state, Phase::ChargeTest, "a failed charge")?;
    if !unit.charged_this_turn {
        return Err(TrousersManeuverRefusal::DidNotCharge {
            unit: unit.id.clone(),
        }
        .into());
    }
    if let Some((countercharger, charger)) = countercharge_of(state, unit) {
        let other = if countercharger.id == unit.id {
            charger
        } else {
            &countercharger.id
        };
        return Err(TrousersManeuverRefusal::Countercharged {
            unit: unit.id.clone(),
            other: other.to_owned(),
        }
        .into());
    }
    let rules_unit = trousers_unit(unit)?;
    let cavalry = rules_unit.arm.is_cavalry();
    let mut events = Vec::new();
    let outcome = if cavalry {
        let count = FALL_BACK_DICE.count();
        let mut roll = d6_summed(
            state,
            typed,
            count,
            RollKind::FallBack,
            &unit.id,
            FALL_BACK_DICE.marked(
                format!("cavalry that fails its charge test falls back {count}d6\" (p22)"),
                Written::AsIs,
            ),
        )?;
        let outcome = failed_charge(rules_unit.arm, &roll.dice);
        let back = outcome.fall_back.map(|d| d.to_string()).unwrap_or_default();
        roll.conclude(format!("falls back {back}, facing the enemy, disordered"));
        events.push(Event::Rolled(roll));
        outcome
    } else {
        if typed.is_some() {
            return Err(TrousersManeuverRefusal::HaltsWithoutDice {
                unit: unit.id.clone(),
            }
            .into());
        }
        failed_charge(rules_unit.arm, &[])
    };
    if outcome.disordered && !unit.disordered {
        events.push(Event::Disorder {
            unit: unit.id.clone(),
            disordered: true,
        });
    }
    Ok(events)
}

/// *Disorder* (p18): cavalry that charged or countercharged is disordered when its
/// charge and melee are over, which is the melee subsegment's end (ruling 46).
pub fn charged_cavalry_disordered(state: &GameState) -> impl Iterator<Item = Event> + '_ {
    state
        .units()
        .iter()
        .filter(|u| u.charged_this_turn && u.arm.is_cavalry() && !u.disordered && u.on_table)
        .map(|u| Event::Disorder {
            unit: u.id.clone(),
            disordered: true,
        })
}

/// The countercharge `unit` made or met this turn: the countercharger and its charger.
/// Neither takes a Charge Test (*Charges: Sequence*, *Defenders Reaction*, p21-22).
pub fn countercharge_of<'a>(state: &'a GameState, unit: &'a Unit) -> Option<(&'a Unit, &'a str)> {
    let countercharger = if unit.trousers.movement.countercharge {
        Some(unit)
    } else {
        state.units().iter().map(AsRef::as_ref).find(|other| {
            other.trousers.movement.countercharge
                && other.charge_target.as_deref() == Some(unit.id.as_str())
        })
    }?;
    Some((countercharger, countercharger.charge_target.as_deref()?))
}

/// *Movement: Routs* (p17): a unit that routs runs 2d6" (cavalry 3d6") each turn; its
/// first rout goes straight back for the opening 6", through friends.
fn rout(state: &GameState, id: &str, typed: Option<&[u8]>) -> Result<Vec<Event>, TrousersRefusal> {
    let unit = in_play(state, id)?;
    let rules_unit = trousers_unit(unit)?;
    let first = unit.morale != Morale::Routed;
    if !first {
        // Routed units run on in their own side's rally subsegment (*Sequence of Play*).
        in_phase(state, Phase::Rally, "a routed unit's rout move")?;
        of_active_side(state, unit, "rout on")?;
        if unit.moved_this_turn {
            return Err(TrousersManeuverRefusal::RoutedAlready {
                unit: unit.id.clone(),
            }
            .into());
        }
    }
    let count = u32::try_from(rout_dice(rules_unit.arm)).unwrap_or(u32::MAX);
    let mut roll = d6_summed(
        state,
        typed,
        count,
        RollKind::RoutMove,
        &unit.id,
        format!("{count}d6\" toward its own baseline (*Movement: Routs*, p17)"),
    )?;
    let run = rout_move(rules_unit.arm, first, &roll.dice);
    roll.conclude(match run.straight_back {
        Some(straight) => format!(
            "routs {}: the first {straight} straight back from the enemy, through friends",
            run.distance
        ),
        None => format!("runs {} on, keeping 6\" from the enemy", run.distance),
    });
    let mut events = vec![Event::Rolled(roll)];
    if first {
        events.push(Event::Morale {
            unit: unit.id.clone(),
            morale: Morale::Routed,
        });
    }
    events.push(Event::Moved {
        unit: unit.id.clone(),
        allowance: run.distance.to_string(),
        charging: false,
        target: None,
        evade: false,
        retreat: true,
        why: vec![if first {
            format!(
                "first rout move: straight back for {}\", through friends",
                ROUT_FIRST_STRAIGHT.value()
            )
        } else {
            "rout move toward its own baseline, 6\" from the enemy".to_owned()
        }],
        trousers: None,
    });
    Ok(events)
}

/// The rally rules are not in the excerpt: the referee records that a routed unit rallied.
/// It comes back shaken, as routed units do when a rout is halted (p10; ruling 40).
fn unrout(state: &GameState, id: &str) -> Result<Vec<Event>, TrousersRefusal> {
    let unit = in_play(state, id)?;
    if unit.morale != Morale::Routed {
        return Err(TrousersManeuverRefusal::NotRouted {
            unit: unit.id.clone(),
        }
        .into());
    }
    may_try_rally(state, unit)?;
    Ok(vec![Event::Morale {
        unit: unit.id.clone(),
        morale: Morale::Shaken,
    }])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(line: &str) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let parsed = parse(words[0], &words[1..])
            .expect("a maneuver word")
            .expect("parses");
        assert_eq!(parsed.to_string(), line);
    }

    #[test]
    fn maneuvers_read_back_as_typed() {
        round_trip("move br-50 to=column about oblique area=poor cross=contour,hedge");
        round_trip("move fr-foy to=unlimbered prolong");
        round_trip("move br-97 to=line went=2.5");
        round_trip("charge fr-26ch br-95 dice=3,4");
        round_trip("charge fr-86 br-50 about=2 dice=5");
        round_trip("countercharge br-20ld fr-26ch gap=18 dice=5,6");
        round_trip("countercharge br-50 fr-86 gap=4.5 to=column");
        round_trip("fallback fr-26ch dice=2,6");
        round_trip("rout br-97 dice=1,2");
        round_trip("rout br-97");
        round_trip("unrout br-97");
    }

    #[test]
    fn bad_words_are_refused_with_the_choices() {
        let refused = |line: &str| {
            let words: Vec<&str> = line.split_whitespace().collect();
            parse(words[0], &words[1..])
                .expect("a maneuver word")
                .expect_err("refused")
                .to_string()
        };
        assert!(refused("move br-50 area=swamp").contains("poor, light-woods"));
        assert!(refused("move br-50 cross=moat").contains("contour, stream"));
        assert!(refused("move br-50 dice=3").contains("not a move word"));
        assert!(refused("move br-50 went=2.3").contains("to the quarter"));
        assert!(refused("charge br-50 fr-86 went=2").contains("not a move word"));
        assert!(refused("rout br-50 dice=7").contains("d6 shows 1 to 6"));
        assert!(refused("charge br-50").starts_with("usage: charge"));
        assert!(refused("countercharge br-50 fr-86").contains("gap=<inches>"));
        assert!(refused("countercharge br-50 fr-86 gap=4.3").contains("to the quarter"));
        assert!(refused("countercharge br-50").starts_with("usage: countercharge"));
        assert!(parse("fire", &["a", "b"]).is_none());
    }
}
