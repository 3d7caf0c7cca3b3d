//! The luck of the dice: for each side, what its dice scored against what they could be
//! expected to score at the scores they needed, read from the log's rolls.
//!
//! Only a throw whose dice each succeed on their own at a score counts: its expectation is
//! the sum of each die's chance. A throw read as a total, or whose recorded successes are
//! not its dice at its score (a ruleset's own reading), is left out rather than guessed.

use super::history::Game;
use crate::engine::combat_round::Strike;
use crate::engine::event::Event;
use crate::engine::roll::Roll;
use crate::engine::state::GameState;
use crate::rules::roll_kind::RollKind;
use serde::Serialize;

/// Dice thrown, what they scored, and what they could be expected to score.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct Tally {
    /// Dice thrown (shots, combat) or tests taken.
    pub thrown: u32,
    /// Hits scored, or tests passed.
    pub scored: u32,
    pub expected: f64,
}

impl Tally {
    fn add(&mut self, thrown: u32, scored: u32, expected: f64) {
        self.thrown += thrown;
        self.scored += scored;
        self.expected += expected;
    }

    /// How far above (or below, negative) the expectation the dice scored, in whole
    /// percent; none before anything could be expected.
    pub fn percent(&self) -> Option<i64> {
        (self.expected > 0.0).then(|| {
            let ratio = (f64::from(self.scored) - self.expected) / self.expected;
            // A percentage of a few hundred dice: far inside i64.
            #[allow(clippy::cast_possible_truncation)]
            let percent = (ratio * 100.0).round() as i64;
            percent
        })
    }
}

/// One side's luck.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideLuck {
    pub side: String,
    #[serde(skip)]
    pub name: String,
    /// Each die of a shot, by the hits it scored.
    pub shooting: Tally,
    /// Each die of a close combat or melee.
    pub combat: Tally,
    /// Each one-die morale test or rally, by whether it passed.
    pub tests: Tally,
}

/// Each side's luck over the game's log, in the scenario's order of sides.
pub fn luck(game: &Game) -> Vec<SideLuck> {
    let state = game.state();
    let mut sides: Vec<SideLuck> = state
        .sides()
        .iter()
        .map(|side| SideLuck {
            side: side.id.clone(),
            name: side.name.clone(),
            shooting: Tally::default(),
            combat: Tally::default(),
            tests: Tally::default(),
        })
        .collect();
    let index_of = |unit: &str| -> Option<usize> {
        let side = side_id(state, unit)?;
        state.sides().iter().position(|s| s.id == side)
    };
    for event in game.log().iter().flat_map(|entry| &entry.events) {
        match event {
            Event::Rolled(roll) => {
                let Some((kind, thrown, scored, expected)) = reckoned(roll) else {
                    continue;
                };
                if let Some(luck) = index_of(&roll.by).map(|i| &mut sides[i]) {
                    match kind {
                        Kind::Shooting => luck.shooting.add(thrown, scored, expected),
                        Kind::Combat => luck.combat.add(thrown, scored, expected),
                        Kind::Test => luck.tests.add(thrown, scored, expected),
                    }
                }
            }
            Event::Fought(round) => {
                for fighter in &round.fighters {
                    for strike in &fighter.strikes {
                        if let (Some(i), Some((thrown, scored, expected))) =
                            (index_of(&fighter.unit), struck(strike))
                        {
                            sides[i].combat.add(thrown, scored, expected);
                        }
                    }
                }
            }
            _ => {}
        }
    }
    sides
}

/// The side of the unit or general `id`.
fn side_id(state: &GameState, id: &str) -> Option<String> {
    state
        .unit(id)
        .map(|unit| unit.side.clone())
        .or_else(|| state.general(id).map(|general| general.side.clone()))
}

enum Kind {
    Shooting,
    Combat,
    Test,
}

/// The chance that one die of `sides` faces makes `needed` or more.
fn chance(needed: i32, sides: u8) -> f64 {
    let sides = i32::from(sides);
    let faces = (sides - needed.max(1) + 1).clamp(0, sides);
    f64::from(faces) / f64::from(sides)
}

/// What `roll` counts for: its kind, the dice (or the test), what they scored and what
/// was expected; none for a roll that is no such score.
fn reckoned(roll: &Roll) -> Option<(Kind, u32, u32, f64)> {
    let kind = match roll.kind {
        RollKind::Shooting
        | RollKind::BounceThrough
        | RollKind::RegimentalGun
        | RollKind::AtRegimentalGun => Kind::Shooting,
        RollKind::Melee => Kind::Combat,
        RollKind::MoraleTest | RollKind::Rally | RollKind::Morale => Kind::Test,
        _ => return None,
    };
    if roll.total.is_some() {
        return None;
    }
    let faces = roll.sides.unwrap_or(6);
    let reaches = |faces: &[u8], needed: i32| {
        u32::try_from(faces.iter().filter(|&&f| i32::from(f) >= needed).count()).ok()
    };
    let (thrown, each) = match (&roll.then, roll.counted) {
        (None, Some(counted)) => (counted, chance(roll.needed, faces)),
        (None, None) => {
            (reaches(&roll.dice, roll.needed)? == roll.successes).then_some(())?;
            (
                u32::try_from(roll.dice.len()).ok()?,
                chance(roll.needed, faces),
            )
        }
        (Some(then), None) => {
            let sixes = reaches(&roll.dice, 6)?;
            let scored = reaches(&then.dice, then.needed)?;
            (sixes == u32::try_from(then.dice.len()).ok()? && scored == roll.successes)
                .then_some(())?;
            let each = chance(6, faces) * chance(then.needed, 6);
            (u32::try_from(roll.dice.len()).ok()?, each)
        }
        (Some(_), Some(_)) => return None,
    };
    match kind {
        // A test is one throw that passes or fails: a test of several dice is a ruleset's
        // own reading, left out.
        Kind::Test if thrown != 1 => None,
        _ => Some((kind, thrown, roll.successes, f64::from(thrown) * each)),
    }
}

/// A combat strike's dice, hits and expected hits; none when its hits are not its dice at
/// its score.
fn struck(strike: &Strike) -> Option<(u32, u32, f64)> {
    let thrown = u32::try_from(strike.dice.len()).ok()?;
    let hits = strike
        .dice
        .iter()
        .filter(|&&face| i32::from(face) >= strike.needed)
        .count();
    (u32::try_from(hits).ok()? == strike.hits).then(|| {
        (
            thrown,
            strike.hits,
            f64::from(thrown) * chance(strike.needed, 6),
        )
    })
}

/// "shot 14% above expectation (23 hits from 60 dice, 20.2 expected)": one tally in
/// words, none when nothing was thrown.
pub fn tally_words(verb: &str, tally: &Tally, test: bool) -> Option<String> {
    let percent = tally.percent()?;
    let how = match percent {
        0 => "as expected".to_owned(),
        p if p > 0 => format!("{p}% above expectation"),
        p => format!("{}% below expectation", -p),
    };
    let counted = if test {
        format!("{} of {} passed", tally.scored, tally.thrown)
    } else {
        format!("{} hits from {} dice", tally.scored, tally.thrown)
    };
    Some(format!(
        "{verb} {how} ({counted}, {:.1} expected)",
        tally.expected
    ))
}

/// One side's luck in a few words, for a screen's line: "French: shot +14% · tested
/// -100%"; none before its dice could be expected to score.
pub fn luck_short(luck: &SideLuck) -> Option<String> {
    let parts: Vec<String> = [
        ("shot", &luck.shooting),
        ("fought", &luck.combat),
        ("tested", &luck.tests),
    ]
    .into_iter()
    .filter_map(|(verb, tally)| Some(format!("{verb} {:+}%", tally.percent()?)))
    .collect();
    (!parts.is_empty()).then(|| format!("{}: {}", luck.name, parts.join(" · ")))
}

/// One side's luck in a sentence: "The French shot 14% above expectation (…); fought …;
/// tested …"; none before its dice could be expected to score.
pub fn luck_line(luck: &SideLuck) -> Option<String> {
    let parts: Vec<String> = [
        tally_words("shot", &luck.shooting, false),
        tally_words("fought", &luck.combat, false),
        tally_words("tested", &luck.tests, true),
    ]
    .into_iter()
    .flatten()
    .collect();
    (!parts.is_empty()).then(|| format!("The {} {}", luck.name, parts.join("; ")))
}
