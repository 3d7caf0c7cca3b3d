//! "What do I need?": what a command would ask of the dice — how many, the score, and
//! every reason — and what a unit needs on the charts as it stands. Worked out by the
//! very checks the command runs, on a borrowed state, so the answer cannot drift from
//! the roll; no face is ever shown, since the app's next faces are already fixed.

use super::check::check;
use super::command::{Command, Refusal};
use super::event::Event;
use super::resolve::general_attached;
use super::roll::RollKind;
use super::state::GameState;
use super::unit::Unit;
use crate::rules::sound_the_charge::OptionalRule;
use crate::rules::sound_the_charge::morale::{self, NerveFacts};
use crate::rules::sound_the_charge::score::{Score, needed_phrase};
use crate::rules::sound_the_charge::shooting::{self, Range, Weapon};

/// One throw a command makes before any of its results are known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Throw {
    /// Who throws: the firing, testing or fighting unit.
    pub by: String,
    pub at: Option<String>,
    pub dice: usize,
    /// The score each die needs.
    pub needed: i32,
    /// How the dice were counted and how the score was reached, line by line.
    pub reasons: Vec<String>,
}

impl Throw {
    /// "a-1: 3 dice at b-2, 4+ each".
    pub fn headline(&self) -> String {
        let dice = match self.dice {
            1 => "1 die".to_owned(),
            n => format!("{n} dice"),
        };
        let at = self
            .at
            .as_ref()
            .map(|t| format!(" at {t}"))
            .unwrap_or_default();
        format!("{}: {dice}{at}, {}", self.by, needed_phrase(self.needed))
    }
}

/// What a command asks for, as far as it can be known before the dice are thrown.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Asked {
    pub throws: Vec<Throw>,
    /// A move's allowance and why, as the log will say it.
    pub moves: Vec<String>,
}

impl Asked {
    /// The dice each thrower rolls, in the order a typed `dice=` gives them.
    pub fn dice_counts(&self) -> Vec<usize> {
        self.throws.iter().map(|t| t.dice).collect()
    }
}

/// What `command` would ask of the dice. A refusal is the one the command itself gives.
pub fn asked(state: &GameState, command: &Command) -> Result<Asked, Refusal> {
    let events = check(state, command)?;
    let mut asked = Asked::default();
    for event in &events {
        match event {
            Event::Rolled(roll) if asked_before_results(roll.kind) => {
                let score = Score {
                    chart: roll.chart,
                    chart_reason: roll.chart_reason.clone(),
                    modifiers: roll.modifiers.clone(),
                };
                let mut reasons = Vec::new();
                if !roll.dice_reason.is_empty() {
                    reasons.push(roll.dice_reason.clone());
                }
                reasons.extend(score_reasons(&score));
                asked.throws.push(Throw {
                    by: roll.by.clone(),
                    at: roll.target.clone(),
                    dice: roll.dice.len(),
                    needed: roll.needed,
                    reasons,
                });
            }
            // Only the first round: a follow-up's later rounds hang on this one's dice.
            Event::Fought(round) if !asked.throws.iter().any(|t| t.at.is_some()) => {
                for fighter in &round.fighters {
                    for strike in &fighter.strikes {
                        let mut reasons =
                            vec![format!("{} points: {}", strike.base, strike.base_reason)];
                        reasons.extend(strike.modifiers.iter().map(ToString::to_string));
                        reasons.push(format!(
                            "{} points against {}: {}",
                            strike.points, strike.enemy_points, strike.needed_reason
                        ));
                        asked.throws.push(Throw {
                            by: fighter.unit.clone(),
                            at: Some(strike.at.clone()),
                            dice: strike.dice.len(),
                            needed: strike.needed,
                            reasons,
                        });
                    }
                }
            }
            _ => {
                if let Some((line, why)) = event.told_move() {
                    asked.moves.push(line);
                    asked.moves.extend(why.iter().map(|w| format!("  {w}")));
                }
            }
        }
    }
    Ok(asked)
}

/// The throws whose dice and score do not hang on an earlier throw's faces: a general's
/// risk and a follow-up are only thrown once the hits or the winner are known.
fn asked_before_results(kind: RollKind) -> bool {
    !matches!(kind, RollKind::GeneralRisk | RollKind::FollowUp)
}

fn score_reasons(score: &Score) -> Vec<String> {
    let mut lines = vec![format!(
        "{} on the chart ({})",
        needed_phrase(score.chart),
        score.chart_reason
    )];
    lines.extend(score.modifiers.iter().map(ToString::to_string));
    lines
}

/// What the unit needs on each chart it may be asked to roll on, as it stands now:
/// a rally if shaken, the shooting morale test, and its fire. Lines for the screen.
pub fn unit_needs(state: &GameState, unit: &Unit) -> Vec<String> {
    let nation = state.national_modifiers_for(unit);
    let general = general_attached(state, unit);
    let mut lines = Vec::new();
    if unit.is_shaken() {
        let line_rule = state.rule_in_play(OptionalRule::LineInfantryRally);
        let rally = |threat| {
            morale::rally(
                unit,
                general,
                threat,
                NerveFacts::default(),
                nation,
                line_rule,
            )
        };
        let (calm, threatened) = (rally(false), rally(true));
        lines.push(format!(
            "Rally: {}, or {} with an enemy able to charge it in sight",
            needed_phrase(calm.needed()),
            needed_phrase(threatened.needed())
        ));
        lines.extend(indented(&calm));
    }
    let hits = unit.shooting_hits_this_turn.max(1);
    let test = morale::shooting_test(unit, hits, general, NerveFacts::default(), nation);
    let when = if unit.owes_test {
        "owed now".to_owned()
    } else {
        format!("if hit by shooting ({hits} hit)")
    };
    lines.push(format!(
        "Morale test, {when}: {}",
        needed_phrase(test.needed())
    ));
    lines.extend(indented(&test));
    lines.extend(fire_line(unit));
    lines
}

fn indented(score: &Score) -> Vec<String> {
    score_reasons(score)
        .into_iter()
        .map(|line| format!("  {line}"))
        .collect()
}

/// Its dice and the chart's scores to hit, before the target's modifiers.
fn fire_line(unit: &Unit) -> Option<String> {
    let weapon = Weapon::of(unit.arm)?;
    if unit.is_shaken() {
        return Some(format!("Fire ({}): none while shaken", weapon.word()));
    }
    let (close, far) = weapon.ranges();
    let dice = shooting::most_dice(unit);
    Some(format!(
        "Fire ({}): {dice} dice at most; {}\" close {}, {}\" far {}, before modifiers",
        weapon.word(),
        close,
        needed_phrase(Range::Close.score_to_hit()),
        far,
        needed_phrase(Range::Far.score_to_hit())
    ))
}
