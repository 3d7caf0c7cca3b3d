//! The playsheet's *Fire Test (2+ hits)* and *Rally from Shaken*, and what failing the
//! fire test costs (*Firing*). A score here is what the die must reach: modifiers add to
//! the die, so a -2 raises the score needed by 2. Unlike shooting, a test has no "6 then"
//! second chance: above 6 it cannot be passed (R5).

use super::{Forbidden, Retreat, retreat};
use crate::core::chart::{Number, Written, signed};
use crate::core::score::Score;
use crate::rules::unit::{Grade, Unit};

// The playsheet's *Fire Test* and *Rally from Shaken* charts and what failing the fire
// test costs. The quick reference prints them from here.

/// Fire test: the score a grade A unit needs.
pub const FIRE_TEST_GRADE_A: Number = Number {
    name: "fire-test.grade-a",
    book: 0,
};
/// Fire test: grade B.
pub const FIRE_TEST_GRADE_B: Number = Number {
    name: "fire-test.grade-b",
    book: 1,
};
/// Fire test: grade C.
pub const FIRE_TEST_GRADE_C: Number = Number {
    name: "fire-test.grade-c",
    book: 2,
};
/// Fire test: grade D.
pub const FIRE_TEST_GRADE_D: Number = Number {
    name: "fire-test.grade-d",
    book: 4,
};
/// Fire test: each full 2 hits of the fire that brought it (R8).
pub const EACH_TWO_HITS: Number = Number {
    name: "fire-test.each-two-hits",
    book: -1,
};
/// Fire test: changed formation or facing last turn, and shot from 8" or less (*Caught with pants down*).
pub const CHANGED_FORM_SHOT_CLOSE: Number = Number {
    name: "fire-test.changed-form-shot-close",
    book: -2,
};
/// Fire test: already shaken.
pub const SHAKEN: Number = Number {
    name: "fire-test.shaken",
    book: -2,
};
/// Both tests: a general with the unit.
pub const GENERAL_WITH_UNIT: Number = Number {
    name: "morale.general-with-unit",
    book: 1,
};
/// Failing the fire test: rout hits.
pub const FAILED_ROUT_HITS: Number = Number {
    name: "fire-test.failed-rout-hits",
    book: 2,
};
/// Failing the fire test when already shaken: rout hits.
pub const FAILED_SHAKEN_ROUT_HITS: Number = Number {
    name: "fire-test.failed-shaken-rout-hits",
    book: 4,
};
/// Rally: the score a grade A unit needs.
pub const RALLY_GRADE_A: Number = Number {
    name: "rally.grade-a",
    book: 1,
};
/// Rally: grade B.
pub const RALLY_GRADE_B: Number = Number {
    name: "rally.grade-b",
    book: 2,
};
/// Rally: grade C.
pub const RALLY_GRADE_C: Number = Number {
    name: "rally.grade-c",
    book: 3,
};
/// Rally: grade D.
pub const RALLY_GRADE_D: Number = Number {
    name: "rally.grade-d",
    book: 5,
};
/// Rally: a visible enemy able to charge the unit.
pub const ENEMY_ABLE_TO_CHARGE: Number = Number {
    name: "rally.enemy-able-to-charge",
    book: -2,
};

/// *Firing*: a unit takes the fire test once one fire scores this many hits on it (R8).
pub const FIRE_TEST_AT_HITS: u32 = 2;

pub fn owes_fire_test(hits_in_one_fire: u32) -> bool {
    hits_in_one_fire >= FIRE_TEST_AT_HITS
}

/// *Fire Test*: score to pass, A/B/C/D 0/1/2/4.
pub fn fire_test_grade_score(grade: Grade) -> i32 {
    fire_test_grade(grade).value()
}

/// The row of [`fire_test_grade_score`].
fn fire_test_grade(grade: Grade) -> &'static Number {
    match grade {
        Grade::A => &FIRE_TEST_GRADE_A,
        Grade::B => &FIRE_TEST_GRADE_B,
        Grade::C => &FIRE_TEST_GRADE_C,
        Grade::D => &FIRE_TEST_GRADE_D,
    }
}

/// *Rally from Shaken*: score to pass, A/B/C/D 1/2/3/5.
pub fn rally_grade_score(grade: Grade) -> i32 {
    rally_grade(grade).value()
}

/// The row of [`rally_grade_score`].
fn rally_grade(grade: Grade) -> &'static Number {
    match grade {
        Grade::A => &RALLY_GRADE_A,
        Grade::B => &RALLY_GRADE_B,
        Grade::C => &RALLY_GRADE_C,
        Grade::D => &RALLY_GRADE_D,
    }
}

/// What only the table shows about a unit taking the fire test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FireTestFacts {
    /// It changed formation or facing on its last turn.
    pub changed_formation_last_turn: bool,
    /// This fire came from 8" or less.
    pub shot_from_8_or_less: bool,
}

fn general(score: &mut Score, general_attached: bool) {
    if general_attached {
        score.add_number(&GENERAL_WITH_UNIT, "general with unit");
    }
}

/// *Fire Test*: the score a unit needs after `hits` from one fire: -1 for each full two
/// hits (R8), -2 for a change of formation or facing last turn when shot from 8" or
/// less, -2 shaken, +1 general.
pub fn fire_test(unit: &Unit, hits: u32, general_attached: bool, facts: FireTestFacts) -> Score {
    let mut score = Score::from_number(
        fire_test_grade(unit.grade),
        format!("grade {:?}", unit.grade),
    );
    let pairs = i32::try_from(hits / 2).unwrap_or(i32::MAX);
    if pairs > 0 {
        score.add(
            pairs * EACH_TWO_HITS.value(),
            EACH_TWO_HITS.marked(
                format!("{hits} hits: {} per 2", signed(EACH_TWO_HITS.value())),
                Written::Signed,
            ),
        );
    }
    if facts.changed_formation_last_turn && facts.shot_from_8_or_less {
        score.add_number(
            &CHANGED_FORM_SHOT_CLOSE,
            "changed formation/facing last turn, shot from 8\" or less",
        );
    }
    if unit.is_shaken() {
        score.add_number(&SHAKEN, "shaken");
    }
    general(&mut score, general_attached);
    score
}

/// *Firing*: a unit that fails the fire test retreats with 2 rout hits, 4 if it was
/// already shaken; it ends shaken either way (*Retreat Moves*).
pub fn fire_test_failure(unit: &Unit) -> Retreat {
    if unit.is_shaken() {
        retreat(
            unit,
            FAILED_SHAKEN_ROUT_HITS.count(),
            "failed fire test while shaken",
        )
    } else {
        retreat(unit, FAILED_ROUT_HITS.count(), "failed fire test")
    }
}

/// Only a shaken unit has anything to rally from. One in combat rallies too: the text
/// has every shaken unit test at the start of its turn (R56), and a unit held in combat
/// could never rally otherwise.
pub fn may_rally(unit: &Unit) -> Result<(), Forbidden> {
    if !unit.is_shaken() {
        return Err(Forbidden::NothingToRally {
            unit: unit.id.clone(),
        });
    }
    Ok(())
}

/// *Rally from Shaken*: the score a shaken unit needs at the start of its turn; `threat`
/// is the referee's word that visible enemies could charge it (-2).
pub fn rally(unit: &Unit, general_attached: bool, threat: bool) -> Score {
    let mut score = Score::from_number(rally_grade(unit.grade), format!("grade {:?}", unit.grade));
    if threat {
        score.add_number(&ENEMY_ABLE_TO_CHARGE, "visible enemy able to charge");
    }
    general(&mut score, general_attached);
    score
}

#[cfg(test)]
mod tests {
    use super::super::tests::{FOOT, unit};
    use super::*;
    use crate::rules::unit::{Formation, Morale};
    use proptest::prelude::*;

    fn shaken(grade: Grade) -> Unit {
        let mut u = unit(FOOT, grade, Formation::Line, 24);
        u.morale = Morale::Shaken;
        u
    }

    #[test]
    fn fire_test_only_from_two_hits_in_one_fire() {
        assert!(!owes_fire_test(1));
        assert!(owes_fire_test(2));
    }

    #[test]
    fn grade_c_fire_test_after_four_hits_while_shaken_with_a_general_needs_five() {
        // 2 for grade C; -2 for four hits, -2 shaken, +1 general: 2 + 2 + 2 - 1.
        let score = fire_test(&shaken(Grade::C), 4, true, FireTestFacts::default());
        assert_eq!(score.needed(), 5);
    }

    #[test]
    fn fire_test_scores_by_grade_and_odd_hits_round_down() {
        let steady = |g| unit(FOOT, g, Formation::Line, 24);
        let needed = |g| fire_test(&steady(g), 2, false, FireTestFacts::default()).needed();
        assert_eq!(
            [
                needed(Grade::A),
                needed(Grade::B),
                needed(Grade::C),
                needed(Grade::D)
            ],
            [1, 2, 3, 5]
        );
        // Three hits are one pair.
        assert_eq!(
            fire_test(&steady(Grade::C), 3, false, FireTestFacts::default()).needed(),
            3
        );
    }

    #[test]
    fn manoeuvre_penalty_needs_both_the_change_and_close_fire() {
        let u = unit(FOOT, Grade::B, Formation::Line, 24);
        let changed = FireTestFacts {
            changed_formation_last_turn: true,
            shot_from_8_or_less: false,
        };
        assert_eq!(fire_test(&u, 2, false, changed).needed(), 2);
        let close = FireTestFacts {
            shot_from_8_or_less: true,
            ..changed
        };
        assert_eq!(fire_test(&u, 2, false, close).needed(), 4);
    }

    #[test]
    fn failing_the_fire_test_costs_two_rout_hits_four_if_shaken() {
        assert_eq!(
            fire_test_failure(&unit(FOOT, Grade::C, Formation::Line, 24)).rout_hits,
            2
        );
        assert_eq!(fire_test_failure(&shaken(Grade::C)).rout_hits, 4);
    }

    #[test]
    fn rally_scores_one_two_three_five_less_two_under_threat_plus_one_general() {
        let needed = |g| rally(&shaken(g), false, false).needed();
        assert_eq!(
            [
                needed(Grade::A),
                needed(Grade::B),
                needed(Grade::C),
                needed(Grade::D)
            ],
            [1, 2, 3, 5]
        );
        assert_eq!(rally(&shaken(Grade::D), false, true).needed(), 7);
        assert_eq!(rally(&shaken(Grade::D), true, true).needed(), 6);
    }

    #[test]
    fn only_shaken_units_rally_in_combat_or_out() {
        assert!(may_rally(&unit(FOOT, Grade::C, Formation::Line, 24)).is_err());
        assert!(may_rally(&shaken(Grade::C)).is_ok());
        // *Rallying and Reforming*: every shaken unit tests at its turn's start (R56).
        let mut engaged = shaken(Grade::C);
        engaged.in_contact_with.push("x".to_owned());
        assert!(may_rally(&engaged).is_ok());
    }

    // Worked cases (issue 44, item 4): each score and modifier the property below only
    // puts in order, at the number the text gives. "l. N" is the line of
    // ../shared/rules/sound-the-charge-1-25.txt; the tests are its playsheet, l. 38-43.
    // A score is what the die must reach; a -1 on the die raises it by 1.

    #[test]
    // One row a case, each under the passage it is worked from: the chart reads as one.
    #[allow(clippy::too_many_lines)]
    fn worked_fire_tests() {
        use Grade::{A, B, C, D};
        struct Case {
            grade: Grade,
            hits: u32,
            changed_and_close: (bool, bool),
            shaken: bool,
            general: bool,
        }
        let test = |grade, hits| Case {
            grade,
            hits,
            changed_and_close: (false, false),
            shaken: false,
            general: false,
        };
        // Each row: the case, the score needed, whether it owes the test at all, and the
        // rout hits of a failure.
        let cases: [(&str, Case, i32, bool, u32); 15] = [
            // l. 39 "Score to pass, A/B/C/D: 0/1/2/4"; l. 40 "Each 2 hits: -1": grade
            // A, 2 hits: 0 + 1.
            ("A, 2 hits", test(A, 2), 1, true, 2),
            // B, 3 hits: one full pair (R8), 1 + 1.
            ("B, 3 hits", test(B, 3), 2, true, 2),
            // C, 4 hits: two pairs, 2 + 2.
            ("C, 4 hits", test(C, 4), 4, true, 2),
            // D, 5 hits: 4 + 2.
            ("D, 5 hits", test(D, 5), 6, true, 2),
            // D, 6 hits: 4 + 3 = 7, which no die reaches (R5).
            ("D, 6 hits", test(D, 6), 7, true, 2),
            // C, 9 hits: 2 + 4.
            ("C, 9 hits", test(C, 9), 6, true, 2),
            // *Firing* (l. 20): only a unit taking 2 or more hits owes a fire test: one
            // hit owes none (its score would be the grade's, 2).
            ("C, 1 hit", test(C, 1), 2, false, 2),
            // l. 41: -2 for a unit that changed formation or facing last turn and is
            // shot at from 8" or closer:
            // both, C 2 hits: 2 + 1 + 2.
            (
                "C, changed, close",
                Case {
                    changed_and_close: (true, true),
                    ..test(C, 2)
                },
                5,
                true,
                2,
            ),
            // Either alone is nothing: 2 + 1.
            (
                "C, changed, far",
                Case {
                    changed_and_close: (true, false),
                    ..test(C, 2)
                },
                3,
                true,
                2,
            ),
            (
                "C, unchanged, close",
                Case {
                    changed_and_close: (false, true),
                    ..test(C, 2)
                },
                3,
                true,
                2,
            ),
            // l. 42 "Shaken: -2": B 2 hits, 1 + 1 + 2. *Firing* (l. 20): a unit that
            // fails retreats and takes 2 rout hits, or 4 if it was shaken already.
            (
                "B, shaken",
                Case {
                    shaken: true,
                    ..test(B, 2)
                },
                4,
                true,
                4,
            ),
            // l. 43 "General with unit: +1": D 2 hits, 4 + 1 - 1.
            (
                "D, general",
                Case {
                    general: true,
                    ..test(D, 2)
                },
                4,
                true,
                2,
            ),
            // A, 7 hits, shaken, general: 0 + 3 + 2 - 1.
            (
                "A, 7 hits, shaken, general",
                Case {
                    shaken: true,
                    general: true,
                    ..test(A, 7)
                },
                4,
                true,
                4,
            ),
            // Every row at once, C 4 hits: 2 + 2 + 2 + 2 - 1.
            (
                "C, 4 hits, changed, close, shaken, general",
                Case {
                    changed_and_close: (true, true),
                    shaken: true,
                    general: true,
                    ..test(C, 4)
                },
                7,
                true,
                4,
            ),
            // A general lifts grade A with 2 hits to 0: any roll passes.
            (
                "A, general",
                Case {
                    general: true,
                    ..test(A, 2)
                },
                0,
                true,
                2,
            ),
        ];
        for (what, c, needed, owes, rout_hits) in cases {
            let mut u = unit(FOOT, c.grade, Formation::Line, 24);
            if c.shaken {
                u.morale = Morale::Shaken;
            }
            let facts = FireTestFacts {
                changed_formation_last_turn: c.changed_and_close.0,
                shot_from_8_or_less: c.changed_and_close.1,
            };
            let score = fire_test(&u, c.hits, c.general, facts);
            assert_eq!(score.needed(), needed, "{what}");
            assert_eq!(owes_fire_test(c.hits), owes, "{what}");
            assert_eq!(fire_test_failure(&u).rout_hits, rout_hits, "{what}");
        }
    }

    #[test]
    fn worked_rallies() {
        use Grade::{A, B, C, D};
        // l. 39 "Rally from Shaken / Score to pass, A/B/C/D: 1/2/3/5"; l. 40 "Any
        // visible enemies able to charge you?: -2"; l. 41 "General with unit: +1".
        // Each row: grade, threat, general, the score needed.
        let cases: [(Grade, bool, bool, i32); 12] = [
            (A, false, false, 1),
            (B, false, false, 2),
            (C, false, false, 3),
            (D, false, false, 5),
            // Threatened: + 2.
            (A, true, false, 3),
            (B, true, false, 4),
            (C, true, false, 5),
            // 5 + 2 = 7: no die passes it (R5).
            (D, true, false, 7),
            // A general: - 1.
            (A, false, true, 0),
            (C, false, true, 2),
            (D, false, true, 4),
            // Both: 5 + 2 - 1.
            (D, true, true, 6),
        ];
        for (grade, threat, general, needed) in cases {
            let mut u = unit(FOOT, grade, Formation::Line, 24);
            u.morale = Morale::Shaken;
            let score = rally(&u, general, threat);
            assert_eq!(
                score.needed(),
                needed,
                "grade {grade:?}, threat {threat}, general {general}"
            );
        }
    }

    proptest! {
        #[test]
        fn more_hits_never_make_the_fire_test_easier(hits in 0u32..60, general: bool, shaken_now: bool) {
            let mut u = unit(FOOT, Grade::B, Formation::Line, 24);
            if shaken_now {
                u.morale = Morale::Shaken;
            }
            let facts = FireTestFacts::default();
            prop_assert!(fire_test(&u, hits + 1, general, facts).needed() >= fire_test(&u, hits, general, facts).needed());
        }
    }
}
