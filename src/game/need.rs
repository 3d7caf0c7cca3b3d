//! "What do I need?": what a command would ask of the dice — how many, the score, and
//! every reason — and what a unit needs on the charts as it stands. Worked out by the
//! very checks the command runs, on a borrowed state, so the answer cannot drift from
//! the roll; no face is ever shown, since the app's next faces are already fixed.

use super::check::check;
use super::command::{Command, Refusal};
use super::refusal::TableRefusal;
use super::registry;
use crate::core::plural::counted;
use crate::core::score::{Score, needed_phrase};
use crate::engine::answer::{Answer, Asked, Asker, Question, Throw};
use crate::engine::event::Event;
use crate::engine::play::GameRefusal;
use crate::engine::roll::RollKind;
use crate::engine::state::GameState;
use crate::engine::unit_need::UnitNeed;
use crate::rules::phase::Phase;
use crate::rules::unit::{Morale, Unit};

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
                    then: roll.then.as_ref().map(|t| t.needed),
                    reasons,
                });
            }
            // Only the first round: a follow-up's later rounds hang on this one's dice.
            Event::Fought(round) if !asked.throws.iter().any(|t| t.at.is_some()) => {
                for fighter in &round.fighters {
                    for strike in &fighter.strikes {
                        let mut reasons = vec![format!(
                            "{}: {}",
                            counted(strike.base, "point"),
                            strike.base_reason
                        )];
                        reasons.extend(strike.modifiers.iter().map(ToString::to_string));
                        reasons.push(format!(
                            "{} against {}: {}",
                            counted(strike.points, "point"),
                            strike.enemy_points,
                            strike.needed_reason
                        ));
                        asked.throws.push(Throw {
                            by: fighter.unit.clone(),
                            at: Some(strike.at.clone()),
                            dice: strike.dice.len(),
                            needed: strike.needed,
                            then: None,
                            reasons,
                        });
                    }
                }
            }
            // It follows the throws and moves it tells of: each of them used those values.
            Event::HouseValuesUsed { .. } => {
                let line = event.describe(state);
                for throw in &mut asked.throws {
                    throw.reasons.push(line.clone());
                }
                if !asked.moves.is_empty() {
                    asked.moves.push(format!("  {line}"));
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

/// What `unit` needs to rally, pass a morale test or hit with its fire. `words` are the
/// command's own facts (`threat`, `cover`, `advanced`, a target and range for a shot…);
/// for a test `hits=N` asks about a test after N hits. When the command would be refused
/// now — another phase, not shaken, no test owed, fired already — the answer is worked out
/// on a copy of the state in which those are supposed, and says so; the game is never
/// changed. A refusal that no supposition lifts (unknown unit, a shaken unit's fire…) is
/// the answer.
pub fn answer(
    state: &GameState,
    unit: &str,
    question: Question,
    words: &[&str],
) -> Result<Answer, Refusal> {
    state.with_house_rules(|| answer_in_force(state, unit, question, words))
}

/// [`answer`] with the game's house rules in force.
fn answer_in_force(
    state: &GameState,
    unit: &str,
    question: Question,
    words: &[&str],
) -> Result<Answer, Refusal> {
    let mut hits = None;
    let mut facts = Vec::new();
    for word in words {
        match word.strip_prefix("hits=") {
            Some(n) if question == Question::Test => {
                let n = n.parse::<u32>().ok().filter(|n| *n > 0);
                hits = Some(n.ok_or_else(|| TableRefusal::NotHits {
                    word: (*word).to_owned(),
                })?);
            }
            _ => facts.push(*word),
        }
    }
    let line = [question.word(), unit]
        .into_iter()
        .chain(facts)
        .collect::<Vec<_>>()
        .join(" ");
    if let Some(answered) = registry::answer_own(state, unit, question, &GameAsker(state)) {
        return answered;
    }
    let command = Command::parse_for(&line, state.ruleset())?;
    let found = crate::engine::find::find_unit(state, unit)?;
    // Other hits than the unit took this turn can only be supposed.
    let as_it_stands = hits.is_none_or(|n| n == state.test_hits_of(found));
    let not_now = match asked(state, &command) {
        Ok(asked) if as_it_stands => {
            return Ok(Answer {
                line,
                not_now: None,
                supposing: Vec::new(),
                asked,
                lacking: None,
            });
        }
        Ok(_) => None,
        Err(refusal) => Some(refusal.to_string()),
    };
    let (supposed_state, supposing) = supposed(state, found, question, hits);
    let asked = asked(&supposed_state, &command)?;
    Ok(Answer {
        line,
        not_now,
        supposing,
        asked,
        lacking: None,
    })
}

/// A copy of the state in which `unit` may make the throw: its phase, its side active or
/// passive as the throw wants, and the unit as the throw needs it. Each change is named.
fn supposed(
    state: &GameState,
    unit: &Unit,
    question: Question,
    hits: Option<u32>,
) -> (GameState, Vec<String>) {
    let mut copy = state.clone();
    let mut supposing = Vec::new();
    let phase = match question {
        Question::Rally => Phase::Rally,
        Question::Test | Question::Shoot => Phase::Shooting,
    };
    if copy.suppose_phase(phase) {
        supposing.push(format!("the {} phase", phase.word()));
    }
    // A test is taken by the side shot at, so the other side is the active one.
    let active = match question {
        Question::Rally | Question::Shoot => Some(unit.side.clone()),
        Question::Test => state
            .sides()
            .iter()
            .find(|side| side.id != unit.side)
            .map(|side| side.id.clone()),
    };
    if let Some(active) = active
        && copy.suppose_active(&active)
    {
        supposing.push(format!("{active} active"));
    }
    let Some(supposed) = copy.suppose_unit(&unit.id) else {
        return (copy, supposing);
    };
    match question {
        Question::Rally => {
            if !supposed.is_shaken() {
                supposed.morale = Morale::Shaken;
                supposing.push(format!("{} shaken", unit.id));
            }
            if supposed.forget_rally() {
                supposing.push(format!("{} not yet tried to rally this turn", unit.id));
            }
        }
        Question::Test => {
            let owed = state.test_hits_of(supposed);
            let hits = hits.unwrap_or(owed.max(1));
            if !supposed.owes_test || owed != hits {
                supposed.suppose_test_owed(hits);
                supposing.push(format!(
                    "{} owing a test for {} by shooting this turn",
                    unit.id,
                    counted(hits, "hit")
                ));
            }
        }
        Question::Shoot => {
            if supposed.forget_fire() {
                supposing.push(format!("{} not yet fired this turn", unit.id));
            }
        }
    }
    (copy, supposing)
}

/// The throws whose dice and score do not hang on an earlier throw's faces: a general's
/// risk, a follow-up and a shaken loser's die are only thrown once the hits or the winner
/// are known.
fn asked_before_results(kind: RollKind) -> bool {
    !matches!(
        kind,
        RollKind::GeneralRisk | RollKind::FollowUp | RollKind::ShakenLoser
    )
}

pub(super) fn score_reasons(score: &Score) -> Vec<String> {
    let mut lines = vec![format!(
        "{} on the chart ({})",
        needed_phrase(score.chart),
        score.chart_reason
    )];
    lines.extend(score.modifiers.iter().map(ToString::to_string));
    lines
}

/// What the unit needs on each chart it may be asked to roll on, as it stands now:
/// a rally if shaken, the morale or fire test, its fire. Lines for the screen.
pub fn unit_needs(state: &GameState, unit: &Unit) -> Vec<String> {
    needs_of(state, unit)
        .iter()
        .flat_map(UnitNeed::lines)
        .collect()
}

/// Each throw the unit may be asked to make, by its own ruleset.
pub fn needs_of(state: &GameState, unit: &Unit) -> Vec<UnitNeed> {
    state.with_house_rules(|| registry::needs(state, unit, &GameAsker(state)))
}

/// The game as a ruleset's play asks it: the command's own parse and check.
pub(super) struct GameAsker<'a>(pub(super) &'a GameState);

/// The game's refusal comes back to the play behind a handle: the engine, where a play's
/// questions are typed, cannot name the game's refusal.
impl Asker for GameAsker<'_> {
    type Refusal = GameRefusal;

    fn refusal_now(&self, line: &str) -> Option<String> {
        refusal_now(self.0, line)
    }

    fn answer(
        &self,
        unit: &str,
        question: Question,
        words: &[&str],
    ) -> Result<Answer, GameRefusal> {
        answer(self.0, unit, question, words).map_err(GameRefusal::new)
    }
}

/// The refusal `line` gets as the game stands, if any.
fn refusal_now(state: &GameState, line: &str) -> Option<String> {
    Command::parse_for(line, state.ruleset())
        .and_then(|command| check(state, &command))
        .err()
        .map(|refusal| refusal.to_string())
}

/// The refusal every one of `lines` gets as the game stands, or `None` when the game would
/// take any of them: what a form says instead of opening on choices that all fail.
pub fn refusal_whatever_picked(
    state: &GameState,
    lines: impl IntoIterator<Item = String>,
) -> Option<String> {
    let mut first = None;
    for line in lines {
        match refusal_now(state, &line) {
            None => return None,
            Some(why) => {
                first.get_or_insert(why);
            }
        }
    }
    first
}
