// Why this file is long: a test for each combat modifier and result, its figure worked out
// from the playsheet.

use super::super::tests::{FOOT, HC, LC, LIGHT_FOOT, guns, unit};
use super::*;
use crate::rules::unit::{InfantryType, Morale};
use proptest::prelude::*;

fn fighter(unit: &Unit, role: Role) -> Fighter<'_> {
    Fighter {
        combatant: Combatant::plain(unit, role),
        kit: Kit::default(),
    }
}

fn total(me: &Fighter, enemy: &Fighter) -> i32 {
    points(me, enemy, Ground::default()).total()
}

#[test]
fn base_points_by_troop_type() {
    let kit = Kit::default();
    let base = |arm, f| {
        base_points(&unit(arm, Grade::C, f, 12), kit, f == Formation::Skirmish)
            .0
            .value()
    };
    assert_eq!(base(HC, Formation::Line), 5);
    assert_eq!(base(Arm::Cavalry(CavalryType::Medium), Formation::Line), 4);
    assert_eq!(base(LC, Formation::Line), 3);
    assert_eq!(base(FOOT, Formation::Line), 3);
    assert_eq!(base(LIGHT_FOOT, Formation::Skirmish), 0);
    assert_eq!(base(guns(Calibre::Heavy, false), Formation::Unlimbered), 0);
    let no_bayonets = Kit {
        no_bayonets: true,
        ..kit
    };
    assert_eq!(
        base_points(
            &unit(FOOT, Grade::C, Formation::Line, 24),
            no_bayonets,
            false
        )
        .0
        .value(),
        1
    );
}

#[test]
fn heavy_cavalry_charging_infantry_in_line() {
    let hc = unit(HC, Grade::C, Formation::Line, 12);
    let inf = unit(FOOT, Grade::C, Formation::Line, 24);
    let attacker = fighter(&hc, Role::Attacker);
    let defender = fighter(&inf, Role::Defender);
    // HC 5 + 2 steady cavalry against infantry not in square.
    assert_eq!(total(&attacker, &defender), 7);
    // Infantry 3 + 1 defensive fire.
    assert_eq!(total(&defender, &attacker), 4);
    assert_eq!(score_to_hit(7, 4).0, 3);
    assert_eq!(score_to_hit(4, 7).0, 6);
}

#[test]
fn score_to_hit_at_disadvantage_by_three_is_six() {
    assert_eq!(score_to_hit(5, 4).0, 3);
    assert_eq!(score_to_hit(4, 4).0, 4);
    assert_eq!(score_to_hit(3, 4).0, 5);
    assert_eq!(score_to_hit(2, 4).0, 5);
    assert_eq!(score_to_hit(1, 4).0, 6);
}

#[test]
fn cavalry_against_a_steady_square_and_infantry_against_any_square() {
    let hc = unit(HC, Grade::C, Formation::Line, 12);
    let sq = unit(FOOT, Grade::C, Formation::Square, 24);
    let attacker = fighter(&hc, Role::Attacker);
    let square = fighter(&sq, Role::Defender);
    // 5 - 4; no +2, the infantry is in square.
    assert_eq!(total(&attacker, &square), 1);
    // A square is not in line: no defensive fire.
    assert_eq!(total(&square, &attacker), 3);
    let mut broken = sq.clone();
    broken.disordered = true;
    assert_eq!(total(&attacker, &fighter(&broken, Role::Defender)), 5);
    let inf = unit(FOOT, Grade::C, Formation::Column, 24);
    assert_eq!(total(&fighter(&inf, Role::Attacker), &square), 4);
}

#[test]
fn artillery_defensive_fire_by_calibre_first_round_only() {
    let inf = unit(FOOT, Grade::C, Formation::Column, 24);
    let attacker = fighter(&inf, Role::Attacker);
    for (calibre, expected) in [
        (Calibre::Light, 2),
        (Calibre::Field, 4),
        (Calibre::Heavy, 6),
    ] {
        let battery = unit(guns(calibre, false), Grade::C, Formation::Unlimbered, 8);
        assert_eq!(
            total(&fighter(&battery, Role::Defender), &attacker),
            expected
        );
    }
    let battery = unit(
        guns(Calibre::Heavy, false),
        Grade::C,
        Formation::Unlimbered,
        8,
    );
    let mut later = fighter(&battery, Role::Defender);
    later.combatant.continuing = true;
    assert!(defensive_fire(&later, Ground::default()).is_err());
}

#[test]
fn no_infantry_defensive_fire_from_rifles_flanked_shaken_or_column() {
    let hc = unit(HC, Grade::C, Formation::Line, 12);
    let attacker = fighter(&hc, Role::Attacker);
    let inf = unit(FOOT, Grade::C, Formation::Line, 24);
    let mut rifles = fighter(&inf, Role::Defender);
    rifles.kit.rifles = true;
    assert_eq!(total(&rifles, &attacker), 3);
    let mut flanked = fighter(&inf, Role::Defender);
    flanked.combatant.flanked = true;
    // 3, no defensive fire, -2 flanked.
    assert_eq!(total(&flanked, &attacker), 1);
    let mut shaken_unit = inf.clone();
    shaken_unit.morale = Morale::Shaken;
    let shaken = fighter(&shaken_unit, Role::Defender);
    assert_eq!(total(&shaken, &attacker), 1);
    // Shaken and flanked: one row, one -2.
    let mut both = fighter(&shaken_unit, Role::Defender);
    both.combatant.flanked = true;
    assert_eq!(total(&both, &attacker), 1);
    let col = unit(FOOT, Grade::C, Formation::Column, 24);
    assert_eq!(total(&fighter(&col, Role::Defender), &attacker), 3);
}

#[test]
fn grade_above_enemy_general_lancers_and_disorder() {
    let a = unit(LC, Grade::A, Formation::Line, 12);
    let d = unit(LC, Grade::D, Formation::Line, 12);
    let mut lancers = fighter(&a, Role::Attacker);
    lancers.kit.lancers = true;
    lancers.combatant.general_attached = true;
    // 3 + 3 grades + 1 lancers + 1 general.
    assert_eq!(total(&lancers, &fighter(&d, Role::Defender)), 8);
    lancers.combatant.continuing = true;
    assert_eq!(total(&lancers, &fighter(&d, Role::Defender)), 7);
    let mut loose = d.clone();
    loose.disordered = true;
    assert_eq!(total(&fighter(&loose, Role::Defender), &lancers), 1);
    let mut loose_inf = unit(FOOT, Grade::C, Formation::Column, 24);
    loose_inf.disordered = true;
    // 3 + 1 grade above D - 1 disordered infantry.
    assert_eq!(
        total(
            &fighter(&loose_inf, Role::Attacker),
            &fighter(&d, Role::Defender)
        ),
        3
    );
}

#[test]
fn cover_and_obstacle_cost_the_attacker() {
    let inf = unit(FOOT, Grade::C, Formation::Column, 24);
    let other = unit(FOOT, Grade::C, Formation::Column, 24);
    let ground = Ground {
        cover: Cover::Hard,
        obstacle: true,
        works: false,
    };
    let attacker = fighter(&inf, Role::Attacker);
    let defender = fighter(&other, Role::Defender);
    assert_eq!(points(&attacker, &defender, ground).total(), 0);
    assert_eq!(points(&defender, &attacker, ground).total(), 3);
    let mut later = attacker;
    later.combatant.continuing = true;
    assert_eq!(points(&later, &defender, ground).total(), 1);
}

#[test]
fn two_rank_infantry_loses_a_point_to_steady_cavalry_or_three_rank_infantry() {
    let inf = unit(FOOT, Grade::C, Formation::Column, 24);
    let hc = unit(HC, Grade::C, Formation::Line, 12);
    let mut thin = fighter(&inf, Role::Attacker);
    thin.kit.two_rank = true;
    let three = unit(FOOT, Grade::C, Formation::Column, 24);
    assert_eq!(total(&thin, &fighter(&three, Role::Defender)), 2);
    let mut other_thin = fighter(&three, Role::Defender);
    other_thin.kit.two_rank = true;
    assert_eq!(total(&thin, &other_thin), 3);
    assert_eq!(total(&thin, &fighter(&hc, Role::Defender)), 2);
}

#[test]
fn skirmishers_in_works_fight_as_close_order() {
    let skirm = unit(LIGHT_FOOT, Grade::C, Formation::Skirmish, 8);
    let inf = unit(FOOT, Grade::C, Formation::Column, 24);
    let works = Ground {
        works: true,
        ..Ground::default()
    };
    let defender = fighter(&skirm, Role::Defender);
    let attacker = fighter(&inf, Role::Attacker);
    assert_eq!(points(&defender, &attacker, works).total(), 3);
    assert!(plan(&[attacker, defender], works).is_ok());
    assert!(plan(&[attacker, defender], Ground::default()).is_err());
}

#[test]
fn combat_dice_round_up_three_infantry_or_two_cavalry() {
    assert_eq!(cavalry_dice(12), 4);
    assert_eq!(cavalry_dice(8), 3);
    assert_eq!(cavalry_dice(7), 2);
    let col = unit(HC, Grade::C, Formation::Column, 16);
    assert_eq!(eligible_models(&col), 12);
    assert_eq!(dice(&fighter(&col, Role::Attacker)).map(|d| d.0), Ok(4));
    let sq = unit(FOOT, Grade::C, Formation::Square, 24);
    assert_eq!(eligible_models(&sq), 18);
    let crew = unit(
        guns(Calibre::Field, false),
        Grade::C,
        Formation::Unlimbered,
        7,
    );
    assert_eq!(dice(&fighter(&crew, Role::Defender)).map(|d| d.0), Ok(2));
}

#[test]
fn dice_divide_as_evenly_as_possible() {
    assert_eq!(split_dice(5, 2), vec![3, 2]);
    assert_eq!(split_dice(7, 3), vec![3, 2, 2]);
}

#[test]
fn a_loser_retreats_with_four_rout_hits() {
    let l = loss(&unit(FOOT, Grade::C, Formation::Line, 24), 0);
    assert_eq!(l.retreat.rout_hits, 4);
    assert_eq!(l.shattered_on, None);
    assert!(!l.shattered_by(1));
}

#[test]
fn a_shaken_loser_shatters_on_one_to_three_else_takes_eight() {
    let mut u = unit(FOOT, Grade::C, Formation::Line, 24);
    u.morale = Morale::Shaken;
    let l = loss(&u, 0);
    assert!(l.shattered_by(3));
    assert!(!l.shattered_by(4));
    assert_eq!(l.retreat.rout_hits, 8);
}

#[test]
fn infantry_beaten_by_cavalry_takes_a_pursuit_hit_per_full_three_models() {
    assert_eq!(
        loss(&unit(FOOT, Grade::C, Formation::Line, 24), 11).pursuit_hits,
        3
    );
    assert_eq!(
        loss(&unit(FOOT, Grade::C, Formation::Line, 24), 12).pursuit_hits,
        4
    );
    assert_eq!(
        loss(&unit(LC, Grade::C, Formation::Line, 12), 12).pursuit_hits,
        0
    );
}

#[test]
fn settle_cavalry_beating_infantry() {
    let hc = unit(HC, Grade::C, Formation::Line, 12);
    let inf = unit(FOOT, Grade::C, Formation::Line, 24);
    let fs = [fighter(&hc, Role::Attacker), fighter(&inf, Role::Defender)];
    let p = plan(&fs, Ground::default()).expect("fights");
    assert_eq!(p.dice[0].0, 4);
    assert_eq!(p.dice[1].0, 6);
    let v = settle(&fs, &p, &[3, 1]);
    assert_eq!(v[0].outcome, Outcome::Won);
    assert!(v[0].disordered);
    // The cavalry lost one model: 11 pursue, 3 pursuit hits.
    match &v[1].outcome {
        Outcome::Lost(l) => {
            assert_eq!(l.retreat.rout_hits, 4);
            assert_eq!(l.pursuit_hits, 3);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(v[1].loss_hits, 3);
    let tie = settle(&fs, &p, &[2, 2]);
    assert_eq!(tie[0].outcome, Outcome::Held);
    assert_eq!(tie[1].outcome, Outcome::Held);
}

#[test]
fn guns_without_defensive_fire_are_overrun_and_with_it_win_or_fall() {
    let inf = unit(FOOT, Grade::C, Formation::Column, 24);
    let limbered = unit(
        guns(Calibre::Field, false),
        Grade::C,
        Formation::Limbered,
        8,
    );
    let fs = [
        fighter(&inf, Role::Attacker),
        fighter(&limbered, Role::Defender),
    ];
    let p = plan(&fs, Ground::default()).expect("fights");
    assert!(p.overrun[1]);
    assert!(p.strikes.is_empty());
    let v = settle(&fs, &p, &[]);
    assert_eq!(v[1].outcome, Outcome::GunsOverrun);
    assert_eq!(v[0].outcome, Outcome::Won);

    let battery = unit(
        guns(Calibre::Field, false),
        Grade::C,
        Formation::Unlimbered,
        8,
    );
    let fs = [
        fighter(&inf, Role::Attacker),
        fighter(&battery, Role::Defender),
    ];
    let p = plan(&fs, Ground::default()).expect("fights");
    let carried = settle(&fs, &p, &[3, 1]);
    assert_eq!(carried[1].outcome, Outcome::GunsCarried);
    let held = settle(&fs, &p, &[1, 3]);
    assert_eq!(held[1].outcome, Outcome::GunsHeld);
    assert_eq!(held[1].loss_hits, 0);
    assert!(matches!(held[0].outcome, Outcome::Lost(_)));
    let tie = settle(&fs, &p, &[2, 2]);
    assert_eq!(tie[1].outcome, Outcome::GunsHeld);
    assert!(matches!(tie[0].outcome, Outcome::Lost(_)));
}

#[test]
fn a_trapped_loser_is_eliminated() {
    let a = unit(FOOT, Grade::C, Formation::Column, 24);
    let b = unit(FOOT, Grade::C, Formation::Column, 24);
    let mut defender = fighter(&b, Role::Defender);
    defender.combatant.trapped = true;
    let fs = [fighter(&a, Role::Attacker), defender];
    let p = plan(&fs, Ground::default()).expect("fights");
    assert_eq!(settle(&fs, &p, &[2, 1])[1].outcome, Outcome::Trapped);
}

#[test]
fn refusals() {
    let battery = unit(
        guns(Calibre::Field, false),
        Grade::C,
        Formation::Unlimbered,
        8,
    );
    let inf = unit(
        Arm::Infantry(InfantryType::Line),
        Grade::C,
        Formation::Line,
        24,
    );
    assert!(
        plan(
            &[
                fighter(&battery, Role::Attacker),
                fighter(&inf, Role::Defender)
            ],
            Ground::default()
        )
        .is_err()
    );
    let mut shaken = inf.clone();
    shaken.morale = Morale::Shaken;
    assert!(
        plan(
            &[
                fighter(&shaken, Role::Attacker),
                fighter(&inf, Role::Defender)
            ],
            Ground::default()
        )
        .is_err()
    );
    let skirm = unit(LIGHT_FOOT, Grade::C, Formation::Skirmish, 8);
    assert!(
        plan(
            &[
                fighter(&skirm, Role::Attacker),
                fighter(&inf, Role::Defender)
            ],
            Ground::default()
        )
        .is_err()
    );
    assert!(
        plan(
            &[
                fighter(&skirm, Role::Attacker),
                fighter(&shaken, Role::Defender)
            ],
            Ground::default()
        )
        .is_ok()
    );
}

// Worked cases (issue 44, item 4): each divisor and combat point modifier the
// properties below only put in order, at the number the text gives. "l. N" is the
// line of ../shared/rules/sound-the-charge-1-25.txt; the combat point modifiers and
// the scores to hit are its playsheet, l. 24-42; *Combat* is l. 22.

/// One side of a worked round: the unit, its kit and what the table shows.
struct Side {
    unit: Unit,
    kit: Kit,
    flanked: bool,
    general: bool,
}

fn side(arm: Arm, grade: Grade, formation: Formation, models: u32) -> Side {
    Side {
        unit: unit(arm, grade, formation, models),
        kit: Kit::default(),
        flanked: false,
        general: false,
    }
}

impl Side {
    fn kit(self, kit: Kit) -> Side {
        Side { kit, ..self }
    }

    fn flanked(self) -> Side {
        Side {
            flanked: true,
            ..self
        }
    }

    fn general(self) -> Side {
        Side {
            general: true,
            ..self
        }
    }

    fn disordered(mut self) -> Side {
        self.unit.disordered = true;
        self
    }

    fn shaken(mut self) -> Side {
        self.unit.morale = Morale::Shaken;
        self
    }

    fn fighter(&self, role: Role, continuing: bool) -> Fighter<'_> {
        let mut f = fighter(&self.unit, role);
        f.kit = self.kit;
        f.combatant.flanked = self.flanked;
        f.combatant.general_attached = self.general;
        f.combatant.continuing = continuing;
        f
    }
}

/// Combat points and score to hit: the attacker's, then the defender's.
type Worked = [(i32, i32); 2];

/// A round of one attacker against one defender.
struct Round {
    attacker: Side,
    defender: Side,
    ground: Ground,
    continuing: bool,
}

fn round(attacker: Side, defender: Side) -> Round {
    Round {
        attacker,
        defender,
        ground: Ground::default(),
        continuing: false,
    }
}

impl Round {
    fn on(self, ground: Ground) -> Round {
        Round { ground, ..self }
    }

    fn continuing(self) -> Round {
        Round {
            continuing: true,
            ..self
        }
    }

    /// Combat points and score to hit: the attacker's, then the defender's.
    fn worked(&self) -> Worked {
        let fs = [
            self.attacker.fighter(Role::Attacker, self.continuing),
            self.defender.fighter(Role::Defender, self.continuing),
        ];
        let p = plan(&fs, self.ground).unwrap_or_else(|e| panic!("{e}"));
        let of = |by: usize| {
            let s = p
                .strikes
                .iter()
                .find(|s| s.by == by)
                .unwrap_or_else(|| panic!("no strike by {by}"));
            (s.points.total(), s.needed)
        };
        [of(0), of(1)]
    }
}

fn foot(grade: Grade, formation: Formation) -> Side {
    side(FOOT, grade, formation, 24)
}

fn horse(arm: Arm) -> Side {
    side(arm, Grade::C, Formation::Line, 12)
}

fn battery(calibre: Calibre) -> Side {
    side(guns(calibre, false), Grade::C, Formation::Unlimbered, 8)
}

const MC: Arm = Arm::Cavalry(CavalryType::Medium);

#[test]
// One row a case, each under the passage it is worked from: the chart reads as one.
#[allow(clippy::too_many_lines)]
fn worked_combat_points_and_scores_to_hit() {
    use Formation::{Column, Line, Skirmish, Square};
    use Grade::{A, B, C, D};
    let lancers = Kit {
        lancers: true,
        ..Kit::default()
    };
    let two_rank = Kit {
        two_rank: true,
        ..Kit::default()
    };
    let no_bayonets = Kit {
        no_bayonets: true,
        ..Kit::default()
    };
    let cover = |cover| Ground {
        cover,
        ..Ground::default()
    };
    let hard_obstacle = Ground {
        cover: Cover::Hard,
        obstacle: true,
        works: false,
    };
    let works = Ground {
        works: true,
        ..Ground::default()
    };
    // Each row: the round, then [(attacker CP, score), (defender CP, score)]. The
    // scores (l. 38-42): a side at an advantage hits on 3-6, an even one on 4-6,
    // one at a disadvantage on 5-6, and one behind by 3 or more CP only on a 6.
    // Base CP (l. 22): HC 5, MC 4, LC and infantry 3, infantry without bayonets 1,
    // crew and skirmishers 0.
    let cases: Vec<(&str, Round, Worked)> = vec![
        // l. 28 "Steady cav vs non-square inf: +2": HC 5 + 2 = 7; l. 25 "Inf
        // defensive fire: +1": 3 + 1 = 4. 7 to 4 is advantage, 3; 4 to 7 is
        // disadvantage by 3, 6.
        (
            "HC at a line",
            round(horse(HC), foot(C, Line)),
            [(7, 3), (4, 6)],
        ),
        // l. 27 "Per morale grade above enemy: +1": grade B MC 4 + 1 + 2 = 7.
        (
            "grade B MC at a line",
            round(side(MC, B, Line, 10), foot(C, Line)),
            [(7, 3), (4, 6)],
        ),
        // A column makes no defensive fire (l. 22 "infantry in line"): LC 3 + 2
        // against 3, disadvantage by 2: 5.
        (
            "LC at a column",
            round(horse(LC), foot(C, Column)),
            [(5, 3), (3, 5)],
        ),
        // l. 34 "Cavalry vs steady square: -4", and no +2 (a square): HC 5 - 4 = 1
        // against 3: 1 is 2 behind, 5; the square 3.
        (
            "HC at a square",
            round(horse(HC), foot(C, Square)),
            [(1, 5), (3, 3)],
        ),
        // LC 3 - 4 = -1 against 3, 4 behind: 6.
        (
            "LC at a square",
            round(horse(LC), foot(C, Square)),
            [(-1, 6), (3, 3)],
        ),
        // Not steady, no -4 (R38); l. 33 "Disordered (inf/cav): -1/-2": the square
        // 3 - 1 = 2 against HC 5, 3 behind: 6.
        (
            "HC at a disordered square",
            round(horse(HC), foot(C, Square).disordered()),
            [(5, 3), (2, 6)],
        ),
        // l. 35 "Infantry vs square: +1": a column 3 + 1 = 4 against 3.
        (
            "column at a square",
            round(foot(C, Column), foot(C, Square)),
            [(4, 3), (3, 5)],
        ),
        // Any square (R38); l. 30 "Under fl/rear attack, or shaken: -2": a shaken
        // square 3 - 2 = 1, 3 behind.
        (
            "column at a shaken square",
            round(foot(C, Column), foot(C, Square).shaken()),
            [(4, 3), (1, 6)],
        ),
        // l. 26 "Atty def fire (lt/fld/hvy): +2/+4/+6" on crew's 0: light 2 against
        // a column's 3.
        (
            "column at light guns",
            round(foot(C, Column), battery(Calibre::Light)),
            [(3, 3), (2, 5)],
        ),
        // Field 4 against 3.
        (
            "column at field guns",
            round(foot(C, Column), battery(Calibre::Field)),
            [(3, 5), (4, 3)],
        ),
        // Heavy 6 against 3: 3 behind, 6.
        (
            "column at heavy guns",
            round(foot(C, Column), battery(Calibre::Heavy)),
            [(3, 6), (6, 3)],
        ),
        // Skirmishers (0) may attack guns (R27): 0 against field guns' 4.
        (
            "skirmishers at field guns",
            round(side(LIGHT_FOOT, C, Skirmish, 8), battery(Calibre::Field)),
            [(0, 6), (4, 3)],
        ),
        // l. 29 "Steady lancers, 1st round: +1": LC 3 + 1 against LC 3.
        (
            "lancers, first round",
            round(horse(LC).kit(lancers), horse(LC)),
            [(4, 3), (3, 5)],
        ),
        // After the first round: 3 each, even, 4.
        (
            "lancers, later round",
            round(horse(LC).kit(lancers), horse(LC)).continuing(),
            [(3, 4), (3, 4)],
        ),
        // Grade A against D: three grades, +3, only for the better (R31).
        (
            "grade A column at grade D",
            round(foot(A, Column), foot(D, Column)),
            [(6, 3), (3, 6)],
        ),
        (
            "grade D column at grade A",
            round(foot(D, Column), foot(A, Column)),
            [(3, 6), (6, 3)],
        ),
        // "Under fl/rear attack": 3 - 2, and no defensive fire (l. 22).
        (
            "HC at a line's flank",
            round(horse(HC), foot(C, Line).flanked()),
            [(7, 3), (1, 6)],
        ),
        // "or shaken": a shaken line 3 - 2, no defensive fire.
        (
            "HC at a shaken line",
            round(horse(HC), foot(C, Line).shaken()),
            [(7, 3), (1, 6)],
        ),
        // Both: one row, one -2 (R6).
        (
            "HC at a shaken line's flank",
            round(horse(HC), foot(C, Line).shaken().flanked()),
            [(7, 3), (1, 6)],
        ),
        // Cavalry flanked: LC 3 - 2 = 1 against HC 5.
        (
            "HC at LC's flank",
            round(horse(HC), horse(LC).flanked()),
            [(5, 3), (1, 6)],
        ),
        // l. 31 "Vs. soft/hard cover: -1/-2", the attackers' (R30): 3 - 1.
        (
            "column at soft cover",
            round(foot(C, Column), foot(C, Column)).on(cover(Cover::Soft)),
            [(2, 5), (3, 3)],
        ),
        // l. 32 "Vs. obstacle, 1st round only: -1": 3 - 2 - 1 = 0, 3 behind.
        (
            "column at hard cover over an obstacle",
            round(foot(C, Column), foot(C, Column)).on(hard_obstacle),
            [(0, 6), (3, 3)],
        ),
        // A later round: 3 - 2 = 1.
        (
            "column at hard cover, later round",
            round(foot(C, Column), foot(C, Column))
                .on(hard_obstacle)
                .continuing(),
            [(1, 5), (3, 3)],
        ),
        // l. 33 "Disordered (inf/cav): -1/-2": infantry 3 - 1.
        (
            "disordered column",
            round(foot(C, Column).disordered(), foot(C, Column)),
            [(2, 5), (3, 3)],
        ),
        // Cavalry 5 - 2, and not steady: no +2 against the line's 4.
        (
            "disordered HC at a line",
            round(horse(HC).disordered(), foot(C, Line)),
            [(3, 5), (4, 3)],
        ),
        // l. 36 "General with unit: +1".
        (
            "column with a general",
            round(foot(C, Column).general(), foot(C, Column)),
            [(4, 3), (3, 5)],
        ),
        // l. 37 "2-rank inf vs steady cav/3-rank inf: -1": 3 - 1 against 3.
        (
            "two-rank column at a column",
            round(foot(C, Column).kit(two_rank), foot(C, Column)),
            [(2, 5), (3, 3)],
        ),
        // Against steady HC: 3 + 1 defensive fire - 1 = 3, 4 behind 7.
        (
            "HC at a two-rank line",
            round(horse(HC), foot(C, Line).kit(two_rank)),
            [(7, 3), (3, 6)],
        ),
        // Two-rank against two-rank: no -1.
        (
            "two-rank columns",
            round(foot(C, Column).kit(two_rank), foot(C, Column).kit(two_rank)),
            [(3, 4), (3, 4)],
        ),
        // Against a disordered (not steady, l. 63) column: no -1; it has its own.
        (
            "two-rank column at a disordered column",
            round(foot(C, Column).kit(two_rank), foot(C, Column).disordered()),
            [(3, 3), (2, 5)],
        ),
        // "inf w/o bayonets = 1", + 1 defensive fire: 2 against 3.
        (
            "column at a line without bayonets",
            round(foot(C, Column), foot(C, Line).kit(no_bayonets)),
            [(3, 3), (2, 5)],
        ),
        // Skirmishers in works fight as close order (l. 53, R28): 3, not 0.
        (
            "column at skirmishers in works",
            round(foot(C, Column), side(LIGHT_FOOT, C, Skirmish, 8)).on(works),
            [(3, 4), (3, 4)],
        ),
    ];
    for (what, r, expected) in cases {
        assert_eq!(r.worked(), expected, "{what}");
    }
}

#[test]
fn worked_combat_dice_and_pursuit_hits() {
    use Formation::{Column, Line, Skirmish, Square, Unlimbered};
    let crew = |models| unit(guns(Calibre::Field, false), Grade::C, Unlimbered, models);
    let two_rank = Kit {
        two_rank: true,
        ..Kit::default()
    };
    let dice_of = |u: &Unit, kit: Kit, eligible: Option<u32>| {
        let mut f = fighter(u, Role::Attacker);
        f.kit = kit;
        f.combatant.eligible = eligible;
        dice(&f).unwrap_or_else(|e| panic!("{e}")).0
    };
    let none = Kit::default();
    // l. 22: one die for every 4 infantry or crew, or every 3 cavalry, counted in
    // the front rank (the front two ranks for cavalry); a remainder of 3 infantry
    // or crew, or of 2 cavalry, rounds up.
    let cases: Vec<(&str, Unit, Kit, Option<u32>, u32)> = vec![
        // 24 = 6 × 4.
        ("line of 24", unit(FOOT, Grade::C, Line, 24), none, None, 6),
        // 23 = 5 × 4 + 3: six.
        ("line of 23", unit(FOOT, Grade::C, Line, 23), none, None, 6),
        // 22 = 5 × 4 + 2: five.
        ("line of 22", unit(FOOT, Grade::C, Line, 22), none, None, 5),
        // A column's front rank, at most 8 (R14): 2 × 4.
        (
            "column of 24",
            unit(FOOT, Grade::C, Column, 24),
            none,
            None,
            2,
        ),
        // l. 12 "In combat, count the face in contact plus the adjacent faces":
        // three faces of four, 24 - 6 = 18 = 4 × 4 + 2, four (R15).
        (
            "square of 24",
            unit(FOOT, Grade::C, Square, 24),
            none,
            None,
            4,
        ),
        // 20 - 5 = 15 = 3 × 4 + 3: four.
        (
            "square of 20",
            unit(FOOT, Grade::C, Square, 20),
            none,
            None,
            4,
        ),
        // 28 - 7 = 21 = 5 × 4 + 1: five.
        (
            "square of 28",
            unit(FOOT, Grade::C, Square, 28),
            none,
            None,
            5,
        ),
        // 2-rank infantry counts per 4 in combat (R24: per 3 is for shooting): 12 → 3.
        (
            "two-rank line of 12",
            unit(FOOT, Grade::C, Line, 12),
            two_rank,
            None,
            3,
        ),
        // Skirmishers count as infantry: 8 → 2.
        (
            "8 skirmishers",
            unit(LIGHT_FOOT, Grade::C, Skirmish, 8),
            none,
            None,
            2,
        ),
        // Crew per 4 too: 8 → 2; 7 = 4 + 3 → 2; 6 = 4 + 2 → 1; 11 = 2 × 4 + 3 → 3.
        ("8 crew", crew(8), none, None, 2),
        ("7 crew", crew(7), none, None, 2),
        ("6 crew", crew(6), none, None, 1),
        ("11 crew", crew(11), none, None, 3),
        // Cavalry per 3: 12 → 4; 11 = 3 × 3 + 2 → 4; 10 = 3 × 3 + 1 → 3; 14 → 5.
        ("12 HC", unit(HC, Grade::C, Line, 12), none, None, 4),
        ("11 HC", unit(HC, Grade::C, Line, 11), none, None, 4),
        ("10 LC", unit(LC, Grade::C, Line, 10), none, None, 3),
        ("14 LC", unit(LC, Grade::C, Line, 14), none, None, 5),
        // A cavalry column strikes with two ranks of at most 6 (R14): 16 → 12 → 4.
        (
            "HC column of 16",
            unit(HC, Grade::C, Column, 16),
            none,
            None,
            4,
        ),
        // The referee's count (an "L", a flank): 5 cavalry = 3 + 2 → 2.
        (
            "5 HC in contact",
            unit(HC, Grade::C, Line, 12),
            none,
            Some(5),
            2,
        ),
    ];
    for (what, u, kit, eligible, expected) in cases {
        assert_eq!(dice_of(&u, kit, eligible), expected, "{what}");
    }
    // l. 22: "Inf. losing to cav. suffers 1 "pursuit hit" per 3 cav.", per full
    // three (R10): 17 → 5, 12 → 4, 11 → 3, 2 → 0; cavalry that loses takes none.
    let line = unit(FOOT, Grade::C, Line, 24);
    for (cavalry, hits) in [(17, 5), (12, 4), (11, 3), (2, 0)] {
        assert_eq!(loss(&line, cavalry).pursuit_hits, hits, "{cavalry} cavalry");
    }
    assert_eq!(loss(&unit(LC, Grade::C, Line, 12), 17).pursuit_hits, 0);
}

proptest! {
    #[test]
    fn combat_dice_never_fall_as_models_grow(models in 0u32..400) {
        prop_assert!(cavalry_dice(models + 1) >= cavalry_dice(models));
    }

    #[test]
    fn no_two_opponents_both_lose(a_hits in 0u32..10, b_hits in 0u32..10, shaken_a: bool) {
        let mut a = unit(HC, Grade::B, Formation::Line, 12);
        if shaken_a {
            a.morale = Morale::Shaken;
        }
        let b = unit(FOOT, Grade::C, Formation::Line, 24);
        let fs = [fighter(&a, Role::Attacker), fighter(&b, Role::Defender)];
        let Ok(p) = plan(&fs, Ground::default()) else {
            prop_assert!(shaken_a);
            return Ok(());
        };
        let v = settle(&fs, &p, &[a_hits, b_hits]);
        let lost = |o: &Outcome| matches!(o, Outcome::Lost(_));
        prop_assert!(!(lost(&v[0].outcome) && lost(&v[1].outcome)));
        prop_assert_eq!(lost(&v[1].outcome), a_hits > b_hits);
        prop_assert_eq!(v[0].outcome == Outcome::Won, a_hits > b_hits);
    }
}
