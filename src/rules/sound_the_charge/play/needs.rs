//! What a unit of either edition brings to the dice as it stands, for `need`, the roster
//! and the forms: a rally if shaken, the morale test (the fire test in 1:25) owed or the
//! one a first fire would bring, and its fire line. The rally and the test are the
//! commands' own answers, asked of the game (`Asker`), so a need cannot drift from the
//! roll it stands for.

use crate::core::plural::counted;
use crate::core::score::needed_phrase;
use crate::engine::answer::{Answer, Asker, Question, Throw};
use crate::engine::state::GameState;
use crate::engine::unit_need::UnitNeed;
use crate::rules::sound_the_charge::shooting::{self, Range, Weapon};
use crate::rules::unit::Unit;
use std::fmt;

/// The needs of both editions: a rally if shaken, the morale or fire test, and `fire`,
/// the unit's fire line (each edition draws its own).
pub fn needs<A: Asker + ?Sized>(
    state: &GameState,
    unit: &Unit,
    fire: Option<String>,
    asker: &A,
) -> Vec<UnitNeed> {
    let mut needs = Vec::new();
    if unit.is_shaken() {
        needs.push(rally_need(unit, asker));
    }
    needs.push(test_need(state, unit, asker));
    needs.extend(fire.map(|line| UnitNeed::chart(line, Vec::new())));
    needs
}

/// Why a need's throw cannot be worked out.
enum Unanswered<R> {
    /// The game refused the question.
    Refused(R),
    /// The command the answer was worked from throws no die.
    NoDie { line: String },
}

impl<R: fmt::Display> fmt::Display for Unanswered<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unanswered::Refused(refusal) => refusal.fmt(f),
            Unanswered::NoDie { line } => write!(f, "`{line}` throws no die"),
        }
    }
}

/// The first throw of an answer, which the rally and the tests make alone.
fn only_throw<R>(answer: Result<Answer, R>) -> Result<Throw, Unanswered<R>> {
    let answer = answer.map_err(Unanswered::Refused)?;
    let line = answer.line;
    answer
        .asked
        .throws
        .into_iter()
        .next()
        .ok_or(Unanswered::NoDie { line })
}

/// The rally of a shaken unit, worked out by the rally command itself; when it would be
/// refused now, its refusal, and the score it would need once that is lifted.
fn rally_need<A: Asker + ?Sized>(unit: &Unit, asker: &A) -> UnitNeed {
    let calm = only_throw(asker.answer(&unit.id, Question::Rally, &[]));
    let threatened = only_throw(asker.answer(&unit.id, Question::Rally, &["threat"]));
    let worked = calm.and_then(|calm| {
        let threatened = threatened?;
        Ok((
            format!(
                "Rally: {}, or {} with an enemy able to charge it in sight",
                needed_phrase(calm.needed),
                needed_phrase(threatened.needed)
            ),
            calm.reasons,
        ))
    });
    command_need(unit, ("rally", "Rally"), worked, asker)
}

/// The line `name` for the throw the command `word` makes for `unit`, with that command's
/// refusal as the game stands; `worked` is its headline and reasons, or why it cannot be
/// worked out even once the phase and the side are right.
fn command_need<A: Asker + ?Sized>(
    unit: &Unit,
    (word, name): (&'static str, &str),
    worked: Result<(String, Vec<String>), Unanswered<A::Refusal>>,
    asker: &A,
) -> UnitNeed {
    let not_now = asker.refusal_now(&format!("{word} {}", unit.id));
    UnitNeed::of_command((word, name), not_now, worked)
}

/// The morale test (*Sound the Charge*) or fire test (*1:25*): the one owed, by the test
/// command itself, or the one a first fire would bring, supposed and said so.
fn test_need<A: Asker + ?Sized>(state: &GameState, unit: &Unit, asker: &A) -> UnitNeed {
    let one_twenty_five = state.ruleset().is_one_twenty_five();
    let (name, first_fire) = if one_twenty_five {
        (
            "Fire test",
            crate::rules::sound_the_charge_1_25::morale::FIRE_TEST_AT_HITS,
        )
    } else {
        ("Morale test", 1)
    };
    if unit.owes_test {
        let worked = only_throw(asker.answer(&unit.id, Question::Test, &[])).map(|throw| {
            (
                format!("{name}, owed now: {}", needed_phrase(throw.needed)),
                throw.reasons,
            )
        });
        return command_need(unit, ("test", name), worked, asker);
    }
    let hits = state.test_hits_of(unit).max(first_fire);
    let when = if one_twenty_five {
        format!("after {hits} hits from one fire")
    } else {
        format!("if hit by shooting ({})", counted(hits, "hit"))
    };
    if unit.sound_the_charge.boat.is_some() {
        // Shooting at troops in boats calls for no test (*Boats*; ruling 59).
        return UnitNeed::chart(
            format!("{name}, {when}: no test: troops in boats take none (*Boats*)"),
            Vec::new(),
        );
    }
    let asked_hits = format!("hits={hits}");
    match only_throw(asker.answer(&unit.id, Question::Test, &[&asked_hits])) {
        Ok(throw) => UnitNeed::chart(
            format!("{name}, {when}: {}", needed_phrase(throw.needed)),
            throw.reasons,
        ),
        Err(never) => UnitNeed::chart(format!("{name}, {when}: no test: {never}"), Vec::new()),
    }
}

/// Its dice and the chart's scores to hit, before the target's modifiers.
pub fn fire_line(unit: &Unit) -> Option<String> {
    let weapon = Weapon::of(unit.arm)?;
    if unit.is_shaken() {
        return Some(format!("Fire ({}): none while shaken", weapon.word()));
    }
    if unit.sound_the_charge.boat.is_some() {
        return Some(format!(
            "Fire ({}): none from boats (*Boats*)",
            weapon.word()
        ));
    }
    let (close, far) = weapon.ranges();
    Some(format!(
        "Fire ({}): {} at most; {}\" close {}, {}\" far {}, before modifiers",
        weapon.word(),
        counted(shooting::most_dice(unit), "die"),
        close,
        needed_phrase(Range::Close.score_to_hit()),
        far,
        needed_phrase(Range::Far.score_to_hit())
    ))
}
