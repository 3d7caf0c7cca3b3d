//! *Morale, Steadiness, and Rallying*: the shooting morale test (*Morale Test if Hit by
//! Shooting*) and the rally test (*Rally from Shaken Status Test*).

use super::Nation;
use super::forbidden::Forbidden;
use crate::core::chart::{Number, Written};
use crate::core::score::Score;
use crate::rules::unit::{Arm, CommandState, Formation, Grade, Unit};

// The charts' modifiers (*Morale Test if Hit by Shooting*, *Rally from Shaken Status
// Test*, *National Modifiers*). The quick reference prints them from here.

/// Shooting test: in square.
pub const IN_SQUARE: Number = Number {
    name: "shooting-test.in-square",
    book: 2,
};
/// Shooting test: each shooting hit the unit took this turn.
pub const EACH_SHOOTING_HIT: Number = Number {
    name: "shooting-test.each-hit",
    book: -1,
};
/// Shooting test: already shaken.
pub const SHAKEN: Number = Number {
    name: "shooting-test.shaken",
    book: -2,
};
/// Both charts: a general attached to the unit.
pub const GENERAL_ATTACHED: Number = Number {
    name: "morale.general-attached",
    book: 1,
};
/// Both charts: no general in command radius and none attached.
pub const OUT_OF_COMMAND: Number = Number {
    name: "morale.out-of-command",
    book: -1,
};
/// Rally: a visible enemy able to charge the unit.
pub const ENEMY_ABLE_TO_CHARGE: Number = Number {
    name: "rally.enemy-able-to-charge",
    book: -3,
};
/// Rally, the playsheet's optional rule: most of an infantry unit in line.
pub const LINE_RALLY_RULE: Number = Number {
    name: "rally.infantry-in-line",
    book: -1,
};
/// National, shooting test: a French or Swiss foot column that advanced at full speed.
pub const FRENCH_COLUMN_ADVANCED: Number = Number {
    name: "national.france.column-advanced",
    book: 1,
};
/// National, shooting test: a Spanish or Neapolitan foot column that advanced at full speed.
pub const SPANISH_COLUMN_ADVANCED: Number = Number {
    name: "national.spain.column-advanced",
    book: 1,
};
/// National, shooting test: a Russian foot column that stood still.
pub const RUSSIAN_COLUMN_STOOD: Number = Number {
    name: "national.russia.column-stood",
    book: 1,
};
/// National, shooting test: a Spanish or Neapolitan foot line in the open.
pub const SPANISH_LINE_IN_OPEN: Number = Number {
    name: "national.spain.line-in-open",
    book: -1,
};
/// National, rally: Austrian, French, Swiss, later Prussian or French-allied infantry in
/// line in the open.
pub const LINE_IN_OPEN_RALLY: Number = Number {
    name: "national.line-in-open-rally",
    book: -1,
};
/// National, rally: Russian infantry in line.
pub const RUSSIAN_LINE_RALLY: Number = Number {
    name: "national.russia.line-rally",
    book: -1,
};
/// National, rally: earlier Prussian infantry in column.
pub const PRUSSIAN_COLUMN_RALLY: Number = Number {
    name: "national.prussia-pre-1810.column-rally",
    book: -1,
};

/// Both charts: grade A passes on this or more.
pub const GRADE_A_PASSES_ON: Number = Number {
    name: "morale.grade-a",
    book: 0,
};
/// Both charts: grade B passes on this or more.
pub const GRADE_B_PASSES_ON: Number = Number {
    name: "morale.grade-b",
    book: 1,
};
/// Both charts: grade C passes on this or more.
pub const GRADE_C_PASSES_ON: Number = Number {
    name: "morale.grade-c",
    book: 2,
};
/// Both charts: grade D passes on this or more.
pub const GRADE_D_PASSES_ON: Number = Number {
    name: "morale.grade-d",
    book: 3,
};
/// Shooting test failed in good morale: inches back.
pub const FAILED_RETREAT_INCHES: Number = Number {
    name: "shooting-test.failed-retreat",
    book: 2,
};
/// Shooting test failed in good morale: rout hits.
pub const FAILED_ROUT_HITS: Number = Number {
    name: "shooting-test.failed-rout-hits",
    book: 1,
};
/// Shooting test failed when already shaken: inches back.
pub const FAILED_SHAKEN_RETREAT_INCHES: Number = Number {
    name: "shooting-test.failed-shaken-retreat",
    book: 4,
};
/// Shooting test failed when already shaken: rout hits.
pub const FAILED_SHAKEN_ROUT_HITS: Number = Number {
    name: "shooting-test.failed-shaken-rout-hits",
    book: 2,
};

/// What only the table shows about a testing unit (national modifiers use them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct NerveFacts {
    /// Advanced at full speed on its most recent move.
    pub advanced: bool,
    /// Did not move on its most recent turn.
    pub stationary: bool,
    /// Not in the open: in a town, a wood, behind a wall.
    pub in_cover: bool,
}

/// Both charts score the grades alike: A 0-6, B 1-6, C 2-6, D 3-6.
pub fn grade_score(grade: Grade) -> i32 {
    grade_passes_on(grade).value()
}

/// The row of [`grade_score`].
fn grade_passes_on(grade: Grade) -> &'static Number {
    match grade {
        Grade::A => &GRADE_A_PASSES_ON,
        Grade::B => &GRADE_B_PASSES_ON,
        Grade::C => &GRADE_C_PASSES_ON,
        Grade::D => &GRADE_D_PASSES_ON,
    }
}

fn chart(unit: &Unit) -> Score {
    Score::from_number(
        grade_passes_on(unit.grade),
        format!("grade {:?}", unit.grade),
    )
}

/// General attached +1, no general in command radius -1 (both charts). An attached
/// general puts the unit in command whatever its mark (ruling 10).
fn command(score: &mut Score, unit: &Unit, general_attached: bool) {
    if general_attached {
        score.add_number(&GENERAL_ATTACHED, "general attached");
    } else if unit.command == CommandState::Out {
        score.add_number(&OUT_OF_COMMAND, "no general in command radius");
    }
}

fn infantry_in(unit: &Unit, formation: Formation) -> bool {
    matches!(unit.arm, Arm::Infantry(_)) && unit.formation == formation
}

/// The score a unit hit by shooting needs to pass (*Morale Test if Hit by Shooting*).
/// `hits_this_turn` counts every shooting hit it took this turn.
pub fn shooting_test(
    unit: &Unit,
    hits_this_turn: u32,
    general_attached: bool,
    facts: NerveFacts,
    nation: Option<Nation>,
) -> Score {
    let mut score = chart(unit);
    if unit.formation == Formation::Square {
        score.add_number(&IN_SQUARE, "in square");
    }
    if hits_this_turn > 0 {
        let hits = i32::try_from(hits_this_turn).unwrap_or(i32::MAX);
        score.add(
            EACH_SHOOTING_HIT.value().saturating_mul(hits),
            EACH_SHOOTING_HIT.marked(
                format!(
                    "{} this turn",
                    crate::core::plural::counted(hits, "shooting hit")
                ),
                Written::Signed,
            ),
        );
    }
    if unit.is_shaken() {
        score.add_number(&SHAKEN, "shaken");
    }
    command(&mut score, unit, general_attached);
    let column = infantry_in(unit, Formation::Column);
    match nation {
        Some(Nation::France | Nation::Switzerland) if column && facts.advanced => {
            score.add_number(
                &FRENCH_COLUMN_ADVANCED,
                "French column that advanced at full speed (national)",
            );
        }
        Some(Nation::Spain | Nation::Naples) if column && facts.advanced => {
            score.add_number(
                &SPANISH_COLUMN_ADVANCED,
                "Spanish column that advanced at full speed (national)",
            );
        }
        Some(Nation::Russia) if column && facts.stationary => {
            score.add_number(
                &RUSSIAN_COLUMN_STOOD,
                "Russian column that stood still (national)",
            );
        }
        Some(Nation::Spain | Nation::Naples)
            if infantry_in(unit, Formation::Line) && !facts.in_cover =>
        {
            score.add_number(&SPANISH_LINE_IN_OPEN, "Spanish line in the open (national)");
        }
        _ => {}
    }
    score
}

/// What failing the shooting morale test costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TestFailure {
    pub retreat_inches: u32,
    pub rout_hits: u32,
}

/// *Morale Test if Hit by Shooting*: a failing unit retreats 2" shaken with 1 rout hit;
/// if it was already shaken, 4" with 2 rout hits. With wider cavalry basing, cavalry
/// takes one rout hit fewer, never fewer than one (*Wider Cavalry Basing*).
pub fn shooting_test_failure(unit: &Unit, wider_cavalry_basing: bool) -> TestFailure {
    let (retreat_inches, rout_hits) = if unit.is_shaken() {
        (FAILED_SHAKEN_RETREAT_INCHES, FAILED_SHAKEN_ROUT_HITS)
    } else {
        (FAILED_RETREAT_INCHES, FAILED_ROUT_HITS)
    };
    let (retreat_inches, rout_hits) = (retreat_inches.count(), rout_hits.count());
    let rout_hits = if wider_cavalry_basing && matches!(unit.arm, Arm::Cavalry(_)) {
        super::wider_basing_rout_hits(rout_hits)
    } else {
        rout_hits
    };
    TestFailure {
        retreat_inches,
        rout_hits,
    }
}

/// Whether a unit may take the rally test: only a shaken unit has anything to rally
/// from. (Units in contact with the enemy may not rally either: the combat rules know
/// who is in contact.)
pub fn may_rally(unit: &Unit) -> Result<(), Forbidden> {
    if unit.is_shaken() {
        Ok(())
    } else {
        Err(Forbidden::NothingToRally {
            unit: unit.id.clone(),
        })
    }
}

/// The score a shaken unit needs to rally (*Rally from Shaken Status Test*); `threat`
/// is the referee's word that visible enemies could charge it; `line_rule` is the
/// playsheet's optional "most infantry in line" -1.
pub fn rally(
    unit: &Unit,
    general_attached: bool,
    threat: bool,
    facts: NerveFacts,
    nation: Option<Nation>,
    line_rule: bool,
) -> Score {
    let mut score = chart(unit);
    if threat {
        score.add_number(&ENEMY_ABLE_TO_CHARGE, "visible enemy able to charge it");
    }
    command(&mut score, unit, general_attached);
    let line = infantry_in(unit, Formation::Line);
    let in_the_open = !facts.in_cover;
    let mut national_line = false;
    match nation {
        Some(
            Nation::Austria
            | Nation::France
            | Nation::Switzerland
            | Nation::PrussiaPost1810
            | Nation::FrenchAllies,
        ) if line && in_the_open => {
            score.add_number(
                &LINE_IN_OPEN_RALLY,
                "infantry in line in the open (national)",
            );
            national_line = true;
        }
        Some(Nation::Russia) if line => {
            score.add_number(&RUSSIAN_LINE_RALLY, "Russian infantry in line (national)");
            national_line = true;
        }
        Some(Nation::PrussiaPre1810) if infantry_in(unit, Formation::Column) => {
            score.add_number(
                &PRUSSIAN_COLUMN_RALLY,
                "Prussian infantry in column (national)",
            );
        }
        _ => {}
    }
    // The playsheet's generic line penalty never doubles a national one for the same line.
    if line_rule && line && !national_line {
        score.add_number(
            &LINE_RALLY_RULE,
            "infantry in line (playsheet optional rule)",
        );
    }
    score
}
