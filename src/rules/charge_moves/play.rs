//! The throws of *Charge Moves*: `charge`, `melee`, `morale`, and `retreat` for the moves
//! back a unit owes, worked out over the engine. Parsing and checking live together here
//! because no other ruleset shares these words; the numbers are in this folder's
//! `mod.rs`, the charts in `charts.rs`.

use crate::engine::checklist::{Checklist, Concern};
use crate::engine::event::Event;
use crate::engine::guards::{hits, in_phase, in_play, of_active_side};
use crate::engine::refusal::Refusal;
use crate::engine::roll::{Roll, RollKind};
use crate::engine::state::GameState;
use crate::engine::thrower::{Thrower, one_die};
use crate::engine::unit_need::UnitNeed;
use crate::engine::words::{RetreatEnd, roll_word};
use crate::rules::charge_moves::{
    self as rules, CAVALRY_CHARGE_INCHES, ChargeOutcome, INFANTRY_CHARGE_INCHES, Impetus,
    MeleeThrowers, MoraleResult,
};
use crate::rules::phase::Phase;
use crate::rules::sound_the_charge::score::{Score, needed_phrase};
use crate::rules::unit::{Arm, Formation, HitKind, Morale, ShortCharge, Unit, UnitStatus};
use std::fmt;

/// A command only *Charge Moves* has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChargeMovesCommand {
    /// A charge throw.
    Charge(ChargeThrowOrder),
    /// A melee's dice.
    Melee(MeleeOrder),
    /// A morale throw.
    Morale(MoraleOrder),
}

impl ChargeMovesCommand {
    /// The word it was typed with.
    pub fn word(&self) -> &'static str {
        match self {
            ChargeMovesCommand::Charge(_) => "charge",
            ChargeMovesCommand::Melee(_) => "melee",
            ChargeMovesCommand::Morale(_) => "morale",
        }
    }
}

impl fmt::Display for ChargeMovesCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChargeMovesCommand::Charge(order) => order.fmt(f),
            ChargeMovesCommand::Melee(order) => order.fmt(f),
            ChargeMovesCommand::Morale(order) => order.fmt(f),
        }
    }
}

/// The events `command` causes, or why it cannot be done.
pub fn check(state: &GameState, command: &ChargeMovesCommand) -> Result<Vec<Event>, Refusal> {
    match command {
        ChargeMovesCommand::Charge(order) => charge(state, order),
        ChargeMovesCommand::Melee(order) => melee(state, order),
        ChargeMovesCommand::Morale(order) => morale(state, order),
    }
}

/// `charge <unit> <target> [flank] [roll=d]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChargeThrowOrder {
    pub unit: String,
    pub target: String,
    /// At the target's flank or rear: the charge needs no throw.
    pub flank: bool,
    pub roll: Option<u8>,
}

/// `melee <attacker> <defender> [men=a/d] [flank] [sheltered] [sixes=a/d]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MeleeOrder {
    pub attacker: String,
    pub defender: String,
    /// Men of each who reached the melee, when not the whole unit.
    pub men: Option<(u32, u32)>,
    /// The defender was caught in flank or rear: it throws no dice.
    pub flank: bool,
    /// The defender is behind walls, in woods or on a hill: no cavalry impetus.
    pub sheltered: bool,
    /// The sixes each side threw at the table, instead of the app's dice.
    pub sixes: Option<(u32, u32)>,
}

/// Why a unit throws for morale.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoraleCause {
    /// It took the heavier share of losses in a melee.
    Melee,
    /// It was charged by cavalry.
    Cavalry,
    /// A unit within 12" routed.
    Rout,
    /// It lost a melee in a building.
    Building,
}

/// `morale <unit> [cavalry|rout|building] [cornered] [roll=d]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoraleOrder {
    pub unit: String,
    pub cause: MoraleCause,
    /// It cannot retreat clear of the enemy: a retreat becomes surrender.
    pub cornered: bool,
    pub roll: Option<u8>,
}

impl fmt::Display for ChargeThrowOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "charge {} {}", self.unit, self.target)?;
        if self.flank {
            f.write_str(" flank")?;
        }
        if let Some(roll) = self.roll {
            write!(f, " roll={roll}")?;
        }
        Ok(())
    }
}

impl fmt::Display for MeleeOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "melee {} {}", self.attacker, self.defender)?;
        if let Some((a, d)) = self.men {
            write!(f, " men={a}/{d}")?;
        }
        if self.flank {
            f.write_str(" flank")?;
        }
        if self.sheltered {
            f.write_str(" sheltered")?;
        }
        if let Some((a, d)) = self.sixes {
            write!(f, " sixes={a}/{d}")?;
        }
        Ok(())
    }
}

impl fmt::Display for MoraleOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "morale {}", self.unit)?;
        match self.cause {
            MoraleCause::Melee => {}
            MoraleCause::Cavalry => f.write_str(" cavalry")?,
            MoraleCause::Rout => f.write_str(" rout")?,
            MoraleCause::Building => f.write_str(" building")?,
        }
        if self.cornered {
            f.write_str(" cornered")?;
        }
        if let Some(roll) = self.roll {
            write!(f, " roll={roll}")?;
        }
        Ok(())
    }
}

/// `charge`, `melee` or `morale` (`verb`, one of this ruleset's own words) with its
/// arguments; a line that does not fit is refused with `usage`.
pub fn parse(verb: &str, args: &[&str], usage: &str) -> Result<ChargeMovesCommand, Refusal> {
    let wrong = || Refusal(format!("usage: {usage}"));
    match verb {
        "charge" => {
            let [unit, target, rest @ ..] = args else {
                return Err(wrong());
            };
            let mut order = ChargeThrowOrder {
                unit: (*unit).to_owned(),
                target: (*target).to_owned(),
                flank: false,
                roll: None,
            };
            for word in rest {
                let lower = word.to_ascii_lowercase();
                match lower.as_str() {
                    "flank" | "rear" => order.flank = true,
                    _ => order.roll = Some(roll_word(&lower, word, "flank, roll=<die>")?),
                }
            }
            Ok(ChargeMovesCommand::Charge(order))
        }
        "melee" => {
            let [attacker, defender, rest @ ..] = args else {
                return Err(wrong());
            };
            let mut order = MeleeOrder {
                attacker: (*attacker).to_owned(),
                defender: (*defender).to_owned(),
                men: None,
                flank: false,
                sheltered: false,
                sixes: None,
            };
            for word in rest {
                let lower = word.to_ascii_lowercase();
                match lower.split_once('=') {
                    None if lower == "flank" || lower == "rear" => order.flank = true,
                    None if lower == "sheltered" => order.sheltered = true,
                    Some(("men", pair)) => order.men = Some(pair_of(pair, "men")?),
                    Some(("sixes", pair)) => order.sixes = Some(pair_of(pair, "sixes")?),
                    _ => {
                        return Err(Refusal(format!(
                            "unknown word '{word}' (known: men=<a>/<d>, flank, sheltered, \
                             sixes=<a>/<d>)"
                        )));
                    }
                }
            }
            Ok(ChargeMovesCommand::Melee(order))
        }
        _ => {
            let [unit, rest @ ..] = args else {
                return Err(wrong());
            };
            let mut order = MoraleOrder {
                unit: (*unit).to_owned(),
                cause: MoraleCause::Melee,
                cornered: false,
                roll: None,
            };
            for word in rest {
                let lower = word.to_ascii_lowercase();
                match lower.as_str() {
                    "cavalry" => order.cause = MoraleCause::Cavalry,
                    "rout" => order.cause = MoraleCause::Rout,
                    "building" | "house" => order.cause = MoraleCause::Building,
                    "cornered" => order.cornered = true,
                    _ => {
                        order.roll = Some(roll_word(
                            &lower,
                            word,
                            "cavalry, rout, building, cornered, roll=<die>",
                        )?);
                    }
                }
            }
            Ok(ChargeMovesCommand::Morale(order))
        }
    }
}

/// `12/9`: the attacker's number, then the defender's.
fn pair_of(text: &str, what: &str) -> Result<(u32, u32), Refusal> {
    let bad = || {
        Refusal(format!(
            "{what}= takes the attacker's and the defender's numbers, like {what}=5/3"
        ))
    };
    let (a, d) = text.split_once('/').ok_or_else(bad)?;
    Ok((
        a.trim().parse().map_err(|_| bad())?,
        d.trim().parse().map_err(|_| bad())?,
    ))
}

fn not_routed(unit: &Unit, what: &str) -> Result<(), Refusal> {
    if unit.morale == Morale::Routed {
        return Err(Refusal(format!("{} is routed and cannot {what}", unit.id)));
    }
    Ok(())
}

fn enemy_of<'a>(state: &'a GameState, unit: &Unit, id: &str) -> Result<&'a Unit, Refusal> {
    let enemy = in_play(state, id)?;
    if enemy.side == unit.side {
        return Err(Refusal(format!(
            "{} and {} are on the same side",
            unit.id, enemy.id
        )));
    }
    Ok(enemy)
}

/// The charge move throw (*Infantry Charging*, *Charge move throws*).
fn charge(state: &GameState, order: &ChargeThrowOrder) -> Result<Vec<Event>, Refusal> {
    let unit = may_throw_for_charge(state, &order.unit)?;
    let target = enemy_of(state, unit, &order.target)?;
    if let Some(failed) = short_at(unit, target) {
        return Err(Refusal(format!(
            "{}: it may throw again only at another enemy in its path",
            no_charge(unit, failed)
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
            return Err(Refusal(
                "a charge at the flank or rear needs no throw: leave out roll=".to_owned(),
            ));
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
            events.push(Event::ChargeThrowShort {
                unit: unit.id.clone(),
                target: target.id.clone(),
                fell_back: false,
            });
        }
        ChargeOutcome::FallsBack => {
            roll.conclude(if cavalry {
                "two or more short: retires a move"
            } else {
                "two or more short: retreats a move"
            });
            events.push(Event::Rolled(roll));
            events.push(Event::ChargeThrowShort {
                unit: unit.id.clone(),
                target: target.id.clone(),
                fell_back: true,
            });
            events.push(Event::FallBack {
                unit: unit.id.clone(),
                moves: 1,
            });
        }
    }
    Ok(events)
}

/// The checks of a charge throw that do not hang on its target: `charge` makes them, and
/// `need` gives their refusal as its "not now".
fn may_throw_for_charge<'a>(state: &'a GameState, id: &str) -> Result<&'a Unit, Refusal> {
    in_phase(state, Phase::Movement, "a charge move throw")?;
    let unit = in_play(state, id)?;
    of_active_side(state, unit, "charges")?;
    not_routed(unit, "charge")?;
    if unit.arm.is_artillery() {
        return Err(Refusal(format!(
            "{} is artillery: guns do not charge",
            unit.id
        )));
    }
    if unit.moves_back > 0 {
        return Err(Refusal(format!(
            "{} owes a retreat first (`retreat {}`)",
            unit.id, unit.id
        )));
    }
    if unit.charged_this_turn || unit.moved_this_turn {
        return Err(Refusal(format!("{} has already moved this turn", unit.id)));
    }
    // Swerving cavalry throws again at another enemy in its path (*Cavalry*: it
    // "conforms to the above rule", the charge throws just above; ruling 77); a unit
    // that refused or fell back has made its one throw of the move.
    let cavalry = matches!(unit.arm, Arm::Cavalry(_));
    match unit.short_charges.iter().find(|s| s.fell_back || !cavalry) {
        Some(short) => Err(Refusal(format!(
            "{}: one charge throw a move",
            no_charge(unit, short)
        ))),
        None => Ok(unit),
    }
}

/// The throw of `unit`'s that fell short at `enemy` this move, if any.
fn short_at<'a>(unit: &'a Unit, enemy: &Unit) -> Option<&'a ShortCharge> {
    unit.short_charges.iter().find(|s| s.target == enemy.id)
}

/// A melee follows a charge; a throw that fell short brought none, whichever of the two
/// is named first (*Infantry Charging*, *Cavalry*; ruling 77).
fn neither_fell_short(attacker: &Unit, defender: &Unit) -> Result<(), Refusal> {
    for (unit, enemy) in [(attacker, defender), (defender, attacker)] {
        if let Some(failed) = short_at(unit, enemy) {
            return Err(Refusal(format!(
                "{}: there is no melee between them",
                no_charge(unit, failed)
            )));
        }
    }
    Ok(())
}

/// What became of `unit`'s charge throw this move, for a refusal.
fn no_charge(unit: &Unit, failed: &ShortCharge) -> String {
    let what = match (failed.fell_back, &unit.arm) {
        (true, _) => "fell back from",
        (false, Arm::Cavalry(_)) => "split and swerved from",
        (false, _) => "refused to charge",
    };
    format!(
        "{} {what} {} this move and made no charge",
        unit.id, failed.target
    )
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
fn melee(state: &GameState, order: &MeleeOrder) -> Result<Vec<Event>, Refusal> {
    in_phase(state, Phase::Melee, "a melee")?;
    let attacker = in_play(state, &order.attacker)?;
    not_routed(attacker, "attack")?;
    let defender = enemy_of(state, attacker, &order.defender)?;
    neither_fell_short(attacker, defender)?;
    for unit in [attacker, defender] {
        if unit.fought_this_turn {
            return Err(Refusal(format!(
                "{} has fought a melee this turn; `undo` if that one was entered wrong",
                unit.id
            )));
        }
    }
    let (a_men, d_men) = order
        .men
        .unwrap_or((attacker.figures(), defender.figures()));
    for (unit, men) in [(attacker, a_men), (defender, d_men)] {
        if men > unit.figures() {
            return Err(Refusal(format!(
                "{} has {} men, not {men}",
                unit.id,
                unit.figures()
            )));
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
                return Err(Refusal(format!(
                    "{} throws {}: it cannot have {}",
                    unit.id,
                    crate::core::plural::counted(dice, "die"),
                    crate::core::plural::counted(sixes, "six")
                )));
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

/// The morale throw (*After melee*; *charged by cavalry*; a rout within 12"; buildings).
fn morale(state: &GameState, order: &MoraleOrder) -> Result<Vec<Event>, Refusal> {
    let unit = in_play(state, &order.unit)?;
    not_routed(unit, "throw for morale again")?;
    if order.cause == MoraleCause::Melee && !unit.owes_test {
        return Err(Refusal(format!(
            "{} owes no morale throw: after a melee the side with the heavier share of \
             losses throws (or say why: cavalry, rout, building)",
            unit.id
        )));
    }
    let (chart, chart_reason) = match order.cause {
        MoraleCause::Rout => (4, "a unit within 12\" routed: 4-6 holds, 1-3 joins it"),
        MoraleCause::Building => (4, "lost a melee in a building: 4-6 holds, 1-3 leaves it"),
        MoraleCause::Melee => (5, "after melee: 5-6 stands firm"),
        MoraleCause::Cavalry => (5, "charged by cavalry: 5-6 stands firm"),
    };
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
                events.push(Event::FallBack { unit: id, moves: 1 });
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
                events.push(Event::FallBack {
                    unit: id,
                    moves: result.moves_back(),
                });
            }
        }
    }
    Ok(events)
}

/// `retreat <unit>`: it made the moves back it owed; `retreat <unit> blocked`: it could
/// not get clear and surrenders; `retreat <unit> off`: it left the table.
pub fn retreat(state: &GameState, id: &str, end: RetreatEnd) -> Result<Vec<Event>, Refusal> {
    let unit = in_play(state, id)?;
    match end {
        RetreatEnd::Voluntary if unit.moves_back == 0 => Err(Refusal(format!(
            "{} owes no retreat (`retreat {} off` if it left the table)",
            unit.id, unit.id
        ))),
        RetreatEnd::Voluntary => Ok(vec![Event::FallBack {
            unit: unit.id.clone(),
            moves: 0,
        }]),
        RetreatEnd::Blocked => Ok(vec![Event::Eliminated {
            unit: unit.id.clone(),
            cause: "surrendered: no way clear of the enemy".to_owned(),
        }]),
        RetreatEnd::OffTable => Ok(vec![Event::Removed {
            unit: unit.id.clone(),
        }]),
    }
}

/// What a *Charge Moves* unit may be asked to throw, as it stands: its charge throw (by its
/// strength, or the target's formation for cavalry), its melee dice, and the morale throw.
/// `refusal_now` is the refusal a line of the command language gets as the game stands.
pub fn needs(
    state: &GameState,
    unit: &Unit,
    refusal_now: &dyn Fn(&str) -> Option<String>,
) -> Vec<UnitNeed> {
    let mut needs: Vec<UnitNeed> = charge_need(state, unit).into_iter().collect();
    needs.push(UnitNeed::chart(
        format!(
            "Melee: {}, one a man, each 6 kills a man",
            crate::core::plural::counted(unit.figures(), "die")
        ),
        vec!["+ impetus dice when its charge at that enemy came off".to_owned()],
    ));
    let chart = morale_chart();
    if unit.owes_test {
        let headline = format!("Morale throw, owed now: {chart}");
        needs.push(UnitNeed::of_command(
            ("morale", "Morale throw"),
            refusal_now(&format!("morale {}", unit.id)),
            Ok((headline, Vec::new())),
        ));
    } else {
        needs.push(UnitNeed::chart(
            format!("Morale throw, after the heavier share of a melee's losses or a cavalry charge: {chart}"),
            Vec::new(),
        ));
    }
    needs
}

/// The charge throw: by the unit's strength for infantry, by the target's formation for
/// cavalry; guns do not charge.
fn charge_need(state: &GameState, unit: &Unit) -> Option<UnitNeed> {
    let (headline, inches) = if let Arm::Cavalry(_) = unit.arm {
        let by_target: Vec<String> = [
            Formation::Line,
            Formation::DoubleLine,
            Formation::TrebleLine,
            Formation::Square,
        ]
        .into_iter()
        .map(|target| {
            let score = rules::cavalry_charge_score(target);
            let against = score.chart_reason.trim_start_matches("cavalry ");
            format!("{} {against}", needed_phrase(score.needed()))
        })
        .collect();
        (
            format!("Charge throw, by its target: {}", by_target.join(", ")),
            CAVALRY_CHARGE_INCHES.count(),
        )
    } else if unit.arm.is_artillery() {
        return None;
    } else {
        let score = rules::infantry_charge_score(unit.figures_at_start, unit.figures());
        (
            format!(
                "Charge throw: {} ({})",
                needed_phrase(score.needed()),
                score.chart_reason
            ),
            INFANTRY_CHARGE_INCHES.count(),
        )
    };
    Some(UnitNeed {
        command: Some("charge"),
        headline,
        not_now: may_throw_for_charge(state, &unit.id).err().map(|r| r.0),
        reasons: vec![format!(
            "made: charges {inches}\" with impetus; one short: no charge this move; \
             two or more short: back a move"
        )],
    })
}

/// "5-6 stands firm, 3-4 retreats a move, …", read from the chart face by face.
fn morale_chart() -> String {
    let mut bands: Vec<(u8, u8, MoraleResult)> = Vec::new();
    for face in (1..=6).rev() {
        let result = MoraleResult::of(face);
        match bands.last_mut() {
            Some((low, _, last)) if *last == result => *low = face,
            _ => bands.push((face, face, result)),
        }
    }
    bands
        .into_iter()
        .map(|(low, high, result)| {
            if low == high {
                format!("{low} {}", result.describe())
            } else {
                format!("{low}-{high} {}", result.describe())
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// *Charge Moves*: throws owed, moves back owed, routs, and the chargers' melees.
pub fn checklist(state: &GameState) -> Checklist {
    let mut checklist = Checklist::default();
    let phase = state.phase();
    for unit in state.units().iter().filter(|u| u.on_table) {
        let active = unit.side == state.active();
        match unit.status {
            UnitStatus::Shattered => checklist.watch(unit, Concern::Leaving),
            UnitStatus::InPlay => {
                if unit.owes_test {
                    checklist.open(unit, Concern::OwesMorale);
                }
                if unit.moves_back > 0 {
                    let concern = Concern::MovesBack {
                        moves: unit.moves_back,
                    };
                    if active && phase == Phase::Movement {
                        checklist.open(unit, concern);
                    } else {
                        checklist.watch(unit, concern);
                    }
                }
                if unit.morale == Morale::Routed {
                    checklist.watch(
                        unit,
                        Concern::Routed {
                            reach: rules::ROUT_SPREADS_INCHES.value,
                        },
                    );
                }
                if phase == Phase::Melee && unit.charged_this_turn && !unit.fought_this_turn {
                    checklist.open(unit, Concern::ChargedHome);
                }
            }
            UnitStatus::Eliminated => {}
        }
    }
    checklist
}
