//! *Firing* and the playsheet's fire table and shooting modifiers: who may fire, how many
//! dice, and what each die needs. Hits are loss hits; on a battery they remove crew.

use super::{Forbidden, Kit, counts_disordered};
use crate::core::chart::Number;
use crate::core::score::Score;
use crate::rules::sound_the_charge::shooting::{Cover, Range, ShotFacts};
use crate::rules::unit::{Arm, Calibre, Formation, Grade, Unit};

// The playsheet's shooting modifiers, added to the die. The quick reference prints them
// from here.

/// Firer grade A (rifles: [`RIFLES_GRADE_A`]).
pub const GRADE_A: Number = Number {
    name: "fire.grade-a",
    value: 2,
};
/// Firer grade B.
pub const GRADE_B: Number = Number {
    name: "fire.grade-b",
    value: 1,
};
/// Firer grade C.
pub const GRADE_C: Number = Number {
    name: "fire.grade-c",
    value: 0,
};
/// Firer grade D.
pub const GRADE_D: Number = Number {
    name: "fire.grade-d",
    value: -1,
};
/// Rifles of grade A, in place of the firer's grade row.
pub const RIFLES_GRADE_A: Number = Number {
    name: "fire.rifles-grade-a",
    value: 1,
};
/// Rifles of grade B.
pub const RIFLES_GRADE_B: Number = Number {
    name: "fire.rifles-grade-b",
    value: 1,
};
/// Rifles of grade C.
pub const RIFLES_GRADE_C: Number = Number {
    name: "fire.rifles-grade-c",
    value: 0,
};
/// Rifles of grade D.
pub const RIFLES_GRADE_D: Number = Number {
    name: "fire.rifles-grade-d",
    value: 0,
};
/// The firer moved, or is in square: one row, counted once.
pub const MOVED_OR_IN_SQUARE: Number = Number {
    name: "fire.moved-or-in-square",
    value: -1,
};
/// The firer is disordered.
pub const DISORDERED: Number = Number {
    name: "fire.disordered",
    value: -1,
};
/// Ballshot at a dense target.
pub const BALLSHOT_AT_DENSE_TARGET: Number = Number {
    name: "fire.ballshot-at-dense-target",
    value: 1,
};
/// The target is artillery (not against rifles).
pub const AT_ARTILLERY: Number = Number {
    name: "fire.at-artillery",
    value: -1,
};
/// The target is skirmishers, a screen too (not against rifles).
pub const AT_SKIRMISHERS: Number = Number {
    name: "fire.at-skirmishers",
    value: -2,
};
/// The target is in soft cover (not against rifles).
pub const SOFT_COVER: Number = Number {
    name: "fire.soft-cover",
    value: -1,
};
/// The target is in hard cover.
pub const HARD_COVER: Number = Number {
    name: "fire.hard-cover",
    value: -2,
};
/// Fire through enemy skirmishers or guns, or a skirmish screen (not for rifles).
pub const THROUGH_SCREEN: Number = Number {
    name: "fire.through-skirmishers-or-guns",
    value: -1,
};

// The fire table: each row's close and far range in inches, and the score to hit in
// each band. The quick reference prints them from here.

/// *Fire table* chart, "Muskets" row, close range.
pub const MUSKETS_CLOSE: Number = Number {
    name: "fire-table.muskets-close",
    value: 4,
};
/// *Fire table* chart, "Muskets" row, far range.
pub const MUSKETS_FAR: Number = Number {
    name: "fire-table.muskets-far",
    value: 8,
};
/// *Fire table* chart, "Rifles" row, close range.
pub const RIFLES_CLOSE: Number = Number {
    name: "fire-table.rifles-close",
    value: 8,
};
/// *Fire table* chart, "Rifles" row, far range.
pub const RIFLES_FAR: Number = Number {
    name: "fire-table.rifles-far",
    value: 16,
};
/// *Fire table* chart, "Canister, lt" row: canister has only its close band.
pub const LIGHT_CANISTER: Number = Number {
    name: "fire-table.canister-light",
    value: 12,
};
/// *Fire table* chart, "Canister, fd" row.
pub const FIELD_CANISTER: Number = Number {
    name: "fire-table.canister-field",
    value: 16,
};
/// *Fire table* chart, "Canister, hv" row.
pub const HEAVY_CANISTER: Number = Number {
    name: "fire-table.canister-heavy",
    value: 20,
};
/// *Fire table* chart, "Ballshot, lt" row, close range.
pub const LIGHT_BALLSHOT_CLOSE: Number = Number {
    name: "fire-table.ballshot-light-close",
    value: 16,
};
/// *Fire table* chart, "Ballshot, fd" row, close range.
pub const FIELD_BALLSHOT_CLOSE: Number = Number {
    name: "fire-table.ballshot-field-close",
    value: 24,
};
/// *Fire table* chart, "Ballshot, hv" row, close range.
pub const HEAVY_BALLSHOT_CLOSE: Number = Number {
    name: "fire-table.ballshot-heavy-close",
    value: 30,
};
/// *Fire table* chart, "Ballshot, lt" row, far range.
pub const LIGHT_BALLSHOT_FAR: Number = Number {
    name: "fire-table.ballshot-light-far",
    value: 36,
};
/// *Fire table* chart, "Ballshot, fd" row, far range.
pub const FIELD_BALLSHOT_FAR: Number = Number {
    name: "fire-table.ballshot-field-far",
    value: 48,
};
/// *Fire table* chart, "Ballshot, hv" row, far range.
pub const HEAVY_BALLSHOT_FAR: Number = Number {
    name: "fire-table.ballshot-heavy-far",
    value: 60,
};
/// *Fire table* chart, "Muskets" row: the score to hit at close range.
pub const MUSKETS_CLOSE_SCORE: Number = Number {
    name: "fire-table.muskets-close-score",
    value: 3,
};
/// *Fire table* chart, "Muskets" row: the score to hit at far range.
pub const MUSKETS_FAR_SCORE: Number = Number {
    name: "fire-table.muskets-far-score",
    value: 5,
};
/// *Fire table* chart, "Rifles" row: the score to hit at close range.
pub const RIFLES_CLOSE_SCORE: Number = Number {
    name: "fire-table.rifles-close-score",
    value: 5,
};
/// *Fire table* chart, "Rifles" row: the score to hit at far range.
pub const RIFLES_FAR_SCORE: Number = Number {
    name: "fire-table.rifles-far-score",
    value: 6,
};
/// *Fire table* chart, the "Canister" rows: the score to hit, every calibre.
pub const CANISTER_SCORE: Number = Number {
    name: "fire-table.canister-score",
    value: 3,
};
/// *Fire table* chart, the "Ballshot" rows: the score to hit at close range, every
/// calibre.
pub const BALLSHOT_CLOSE_SCORE: Number = Number {
    name: "fire-table.ballshot-close-score",
    value: 5,
};
/// *Fire table* chart, the "Ballshot" rows: the score to hit at far range, every
/// calibre.
pub const BALLSHOT_FAR_SCORE: Number = Number {
    name: "fire-table.ballshot-far-score",
    value: 6,
};

/// The fire table's rows; guns fire canister or ballshot of their calibre.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shot {
    Muskets,
    Rifles,
    Canister(Calibre),
    Ballshot(Calibre),
}

/// Light / field / heavy, the text's artillery notation.
fn by_calibre(calibre: Calibre, [light, field, heavy]: [Number; 3]) -> u32 {
    match calibre {
        Calibre::Light => light,
        Calibre::Field => field,
        Calibre::Heavy => heavy,
    }
    .count()
}

impl Shot {
    /// Fire table: close and far range in inches. Canister has only its close band.
    pub fn ranges(self) -> (u32, Option<u32>) {
        match self {
            Shot::Muskets => (MUSKETS_CLOSE.count(), Some(MUSKETS_FAR.count())),
            Shot::Rifles => (RIFLES_CLOSE.count(), Some(RIFLES_FAR.count())),
            Shot::Canister(c) => (
                by_calibre(c, [LIGHT_CANISTER, FIELD_CANISTER, HEAVY_CANISTER]),
                None,
            ),
            Shot::Ballshot(c) => (
                by_calibre(
                    c,
                    [
                        LIGHT_BALLSHOT_CLOSE,
                        FIELD_BALLSHOT_CLOSE,
                        HEAVY_BALLSHOT_CLOSE,
                    ],
                ),
                Some(by_calibre(
                    c,
                    [LIGHT_BALLSHOT_FAR, FIELD_BALLSHOT_FAR, HEAVY_BALLSHOT_FAR],
                )),
            ),
        }
    }

    /// Fire table: muskets 3-6 close, 5-6 far; rifles 5-6, 6; canister 3-6; ballshot
    /// 5-6, 6. `None` for a band the row does not have.
    pub fn chart_score(self, range: Range) -> Option<i32> {
        let score = match (self, range) {
            (Shot::Muskets, Range::Close) => MUSKETS_CLOSE_SCORE,
            (Shot::Muskets, Range::Far) => MUSKETS_FAR_SCORE,
            (Shot::Rifles, Range::Close) => RIFLES_CLOSE_SCORE,
            (Shot::Rifles, Range::Far) => RIFLES_FAR_SCORE,
            (Shot::Canister(_), Range::Close) => CANISTER_SCORE,
            (Shot::Canister(_), Range::Far) => return None,
            (Shot::Ballshot(_), Range::Close) => BALLSHOT_CLOSE_SCORE,
            (Shot::Ballshot(_), Range::Far) => BALLSHOT_FAR_SCORE,
        };
        Some(score.value)
    }

    /// The band a distance in tenths of an inch falls in, limits included.
    pub fn range_at(self, tenths: u32) -> Option<Range> {
        let (close, far) = self.ranges();
        if tenths <= close * 10 {
            Some(Range::Close)
        } else if far.is_some_and(|far| tenths <= far * 10) {
            Some(Range::Far)
        } else {
            None
        }
    }

    /// *Woods*: an inch of woods between firer and target counts as this many inches.
    /// Rifles are small arms and count as musket fire (R32).
    pub fn woods_inches(self) -> u32 {
        match self {
            Shot::Muskets | Shot::Rifles => 2,
            Shot::Canister(_) => 4,
            Shot::Ballshot(_) => 6,
        }
    }

    pub fn word(self) -> String {
        let calibre = |c: Calibre| match c {
            Calibre::Light => "light",
            Calibre::Field => "field",
            Calibre::Heavy => "heavy",
        };
        match self {
            Shot::Muskets => "muskets".to_owned(),
            Shot::Rifles => "rifles".to_owned(),
            Shot::Canister(c) => format!("{} canister", calibre(c)),
            Shot::Ballshot(c) => format!("{} ballshot", calibre(c)),
        }
    }
}

/// What a unit can fire: infantry its muskets or rifles, guns canister and ballshot of
/// their calibre, canister first; cavalry nothing (the fire table has no row for it).
pub fn shots(unit: &Unit, kit: Kit) -> Vec<Shot> {
    match unit.arm {
        Arm::Infantry(_) if kit.rifles => vec![Shot::Rifles],
        Arm::Infantry(_) => vec![Shot::Muskets],
        Arm::Cavalry(_) => Vec::new(),
        Arm::Artillery { calibre, .. } => vec![Shot::Canister(calibre), Shot::Ballshot(calibre)],
    }
}

/// The shot with the best chart score at a distance (tenths of an inch): guns fire
/// canister wherever it reaches.
pub fn best_shot_at(unit: &Unit, kit: Kit, tenths: u32) -> Option<(Shot, Range)> {
    shots(unit, kit)
        .into_iter()
        .filter_map(|shot| Some((shot, shot.range_at(tenths)?)))
        .min_by_key(|&(shot, range)| shot.chart_score(range))
}

/// *Firing*: a die per 4 infantry models, a remainder of 3 rounding up (12 → 3, 11 → 3,
/// 10 → 2). Combat counts infantry and crew the same way.
pub fn infantry_dice(models: u32) -> u32 {
    models / 4 + u32::from(models % 4 == 3)
}

/// *2-Rank Line*: a die per 3 models, a remainder of 2 rounding up.
pub fn two_rank_dice(models: u32) -> u32 {
    models / 3 + u32::from(models % 3 == 2)
}

/// *Firing*: a die per 2 crew models. A remainder is at most one model, never the 3 that
/// would round up, so an odd model adds nothing (R1).
pub fn crew_dice(crew: u32) -> u32 {
    crew / 2
}

/// The widest column the text allows, in models per rank (*Introduction*, Formations).
pub const WIDEST_INFANTRY_COLUMN: u32 = 8;
pub const WIDEST_CAVALRY_COLUMN: u32 = 6;

/// The models that fire when the referee gives no count (*Firing*: one rank, two if
/// skirmishing): a line and a skirmish screen all; a column its front rank, at most the
/// widest column (R14); a square the one face toward the target, a quarter rounded up
/// (R15); a battery all its crew. A unit with a screen out counts only the models left in
/// it: the screen fires on its own (*Skirmish Screens*).
pub fn usual_firing_models(unit: &Unit) -> u32 {
    let models = unit.parent_models();
    match (unit.arm, unit.formation) {
        (Arm::Infantry(_), Formation::Column) => models.min(WIDEST_INFANTRY_COLUMN),
        (_, Formation::Square) => models.div_ceil(4),
        _ => models,
    }
}

/// Dice for `models` firing models of this unit.
pub fn dice_for_models(unit: &Unit, kit: Kit, models: u32) -> (u32, String) {
    match unit.arm {
        Arm::Artillery { .. } => (
            crew_dice(models),
            format!("{models} crew models: a die per 2"),
        ),
        Arm::Cavalry(_) => (0, "cavalry does not fire".to_owned()),
        Arm::Infantry(_) if kit.two_rank => (
            two_rank_dice(models),
            format!("{models} models in two ranks: a die per 3, a last 2 counts"),
        ),
        Arm::Infantry(_) => (
            infantry_dice(models),
            format!("{models} models: a die per 4, a last 3 counts"),
        ),
    }
}

/// The most dice the unit could roll, every model that may fire firing: its screen's
/// too, which fire as skirmishers, all of them (*Firing*: two ranks if skirmishing).
pub fn most_dice(unit: &Unit, kit: Kit) -> u32 {
    let screen = super::screen::as_skirmishers(unit).map_or(0, |screen| most_dice(&screen, kit));
    dice_for_models(unit, kit, usual_firing_models(unit)).0 + screen
}

/// *Firing*, Dense targets: what the app can see is dense: a square, or a column with
/// more models than the widest column has in a rank (so two or more ranks deep). An
/// enfiladed line or a deep column of few models is the referee's `dense` (R3).
pub fn visibly_dense(target: &Unit) -> bool {
    match (target.formation, target.arm) {
        (Formation::Square, _) => true,
        (Formation::Column, Arm::Infantry(_)) => target.figures() > WIDEST_INFANTRY_COLUMN,
        (Formation::Column, Arm::Cavalry(_)) => target.figures() > WIDEST_CAVALRY_COLUMN,
        _ => false,
    }
}

/// What a modified score means on the dice (shooting modifiers, last line: a 7+ needs a 6
/// then a 4-6; R4 carries that on to 8+ and 9+).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToHit {
    /// Every die hits.
    Every,
    /// One die at or above this.
    Single(u8),
    /// A 6, then a second die at or above this.
    SixThen(u8),
    Impossible,
}

impl ToHit {
    pub fn from_needed(needed: i32) -> ToHit {
        match needed {
            ..=1 => ToHit::Every,
            2..=6 => ToHit::Single(u8::try_from(needed).unwrap_or(6)),
            7..=9 => ToHit::SixThen(u8::try_from(needed - 3).unwrap_or(6)),
            _ => ToHit::Impossible,
        }
    }

    /// Whether a die hits: `Some` once decided; `None` when the first die showed the 6
    /// and the second die is still to come.
    pub fn hit(self, first: u8, second: Option<u8>) -> Option<bool> {
        match self {
            ToHit::Every => Some(true),
            ToHit::Single(n) => Some(first >= n),
            ToHit::Impossible => Some(false),
            ToHit::SixThen(_) if first < 6 => Some(false),
            ToHit::SixThen(n) => second.map(|s| s >= n),
        }
    }

    pub fn phrase(self) -> String {
        match self {
            ToHit::Every => "any roll".to_owned(),
            ToHit::Single(n) => format!("{n}+"),
            ToHit::SixThen(n) => format!("a 6, then {n}+"),
            ToHit::Impossible => "impossible".to_owned(),
        }
    }
}

/// How a unit may fire: its dice and what each needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fire {
    pub shot: Shot,
    pub dice: u32,
    pub dice_reason: String,
    pub score: Score,
    pub to_hit: ToHit,
}

/// Whether `firer` may fire `shot` at `target` at `range`, and with what (who may fire:
/// R25). `facts.screened`
/// is firing through enemy skirmishers or guns; `facts.front_rank` or `facts.split` is the
/// count of models (crew, for guns) that fire, when not the formation's usual.
pub fn plan(
    firer: &Unit,
    target: &Unit,
    shot: Shot,
    range: Range,
    facts: &ShotFacts,
    kit: Kit,
) -> Result<Fire, Forbidden> {
    let id = &firer.id;
    if !shots(firer, kit).contains(&shot) {
        return Err(Forbidden::CannotFire {
            unit: id.clone(),
            arm: firer.arm.label(),
            shot: shot.word(),
        });
    }
    let Some(chart) = shot.chart_score(range) else {
        return Err(Forbidden::NoRange {
            shot: shot.word(),
            range: range.word(),
        });
    };
    if firer.is_shaken() {
        return Err(Forbidden::ShakenFire { unit: id.clone() });
    }
    if firer.formation == Formation::Limbered {
        return Err(Forbidden::LimberedFire { unit: id.clone() });
    }
    // A unit in combat fights its round instead (R25).
    if firer.in_contact() {
        return Err(Forbidden::FireInCombat { unit: id.clone() });
    }
    if target.in_contact() {
        return Err(Forbidden::FireIntoCombat {
            target: target.id.clone(),
        });
    }
    let models = match (facts.front_rank, facts.split) {
        (Some(_), Some(_)) => return Err(Forbidden::FrontAndSplit),
        (Some(n), None) | (None, Some(n)) if n > firer.parent_models() => {
            return Err(Forbidden::TooManyModels {
                unit: id.clone(),
                has: firer.parent_models(),
                asked: n,
            });
        }
        (Some(n), None) | (None, Some(n)) => n,
        (None, None) => usual_firing_models(firer),
    };
    let (dice, dice_reason) = dice_for_models(firer, kit, models);
    if dice == 0 {
        return Err(Forbidden::NoDice {
            unit: id.clone(),
            reason: dice_reason,
        });
    }
    let mut score = Score::new(chart, format!("{} at {} range", shot.word(), range.word()));
    modifiers(&mut score, firer, target, shot, facts, kit);
    let to_hit = ToHit::from_needed(score.needed());
    Ok(Fire {
        shot,
        dice,
        dice_reason,
        score,
        to_hit,
    })
}

/// Grade A/B/C/D: +2/+1/0/-1, which rifles ignore; grade A/B rifles +1 instead.
fn grade_modifier(grade: Grade, rifles: bool) -> i32 {
    let row = match (grade, rifles) {
        (Grade::A, false) => GRADE_A,
        (Grade::B, false) => GRADE_B,
        (Grade::C, false) => GRADE_C,
        (Grade::D, false) => GRADE_D,
        (Grade::A, true) => RIFLES_GRADE_A,
        (Grade::B, true) => RIFLES_GRADE_B,
        (Grade::C, true) => RIFLES_GRADE_C,
        (Grade::D, true) => RIFLES_GRADE_D,
    };
    row.value
}

/// The playsheet's shooting modifiers. The rows add up (R7); a row marked `^r` does not
/// count against rifles (R16).
fn modifiers(
    score: &mut Score,
    firer: &Unit,
    target: &Unit,
    shot: Shot,
    facts: &ShotFacts,
    kit: Kit,
) {
    let rifles = kit.rifles && firer.arm.is_infantry();
    let grade = grade_modifier(firer.grade, rifles);
    if grade != 0 {
        let what = if rifles { " rifles" } else { "" };
        score.add(grade, format!("grade {:?}{what}", firer.grade));
    }
    // One row, one -1, however many of its conditions hold (R6).
    if facts.moved || firer.formation == Formation::Square {
        score.add(
            MOVED_OR_IN_SQUARE.value,
            if facts.moved { "moved" } else { "in square" },
        );
    }
    if matches!(shot, Shot::Ballshot(_)) && (facts.dense || visibly_dense(target)) {
        score.add(BALLSHOT_AT_DENSE_TARGET.value, "ballshot at a dense target");
    }
    if !rifles && target.arm.is_artillery() {
        score.add(AT_ARTILLERY.value, "at artillery");
    }
    if !rifles && target.formation == Formation::Skirmish {
        score.add(AT_SKIRMISHERS.value, "at skirmishers");
    }
    match facts.cover {
        Cover::Soft if !rifles => score.add(SOFT_COVER.value, "soft cover"),
        Cover::Hard => score.add(HARD_COVER.value, "hard cover"),
        Cover::Soft | Cover::Open => {}
    }
    if counts_disordered(firer) {
        score.add(DISORDERED.value, "disordered");
    }
    // A screen masks its parent: fire at the parent goes through it (R73). One row (R6).
    if facts.screened && !rifles {
        score.add(THROUGH_SCREEN.value, "through skirmishers/guns");
    } else if target.screen_models() > 0 && !rifles {
        score.add(
            THROUGH_SCREEN.value,
            format!("through {}'s skirmish screen", target.id),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{FOOT, HC, LIGHT_FOOT, guns, unit};
    use super::*;
    use proptest::prelude::*;

    const RIFLES: Kit = Kit {
        rifles: true,
        two_rank: false,
        no_bayonets: false,
        lancers: false,
    };

    fn line(grade: Grade, models: u32) -> Unit {
        unit(FOOT, grade, Formation::Line, models)
    }

    fn fire(
        firer: &Unit,
        target: &Unit,
        shot: Shot,
        range: Range,
        facts: ShotFacts,
        kit: Kit,
    ) -> Fire {
        plan(firer, target, shot, range, &facts, kit).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn fire_dice_rounds_up_a_remainder_of_three_infantry() {
        assert_eq!(infantry_dice(12), 3);
        assert_eq!(infantry_dice(11), 3);
        assert_eq!(infantry_dice(10), 2);
        assert_eq!(infantry_dice(3), 1);
        assert_eq!(infantry_dice(2), 0);
    }

    #[test]
    fn crew_fire_a_die_per_two_models_an_odd_model_adding_nothing() {
        assert_eq!(crew_dice(8), 4);
        assert_eq!(crew_dice(7), 3);
        assert_eq!(crew_dice(1), 0);
        let battery = unit(
            guns(Calibre::Field, false),
            Grade::C,
            Formation::Unlimbered,
            8,
        );
        assert_eq!(most_dice(&battery, Kit::default()), 4);
    }

    #[test]
    fn two_rank_line_fires_a_die_per_three_rounding_up_two() {
        assert_eq!(two_rank_dice(9), 3);
        assert_eq!(two_rank_dice(8), 3);
        assert_eq!(two_rank_dice(7), 2);
        let kit = Kit {
            two_rank: true,
            ..Kit::default()
        };
        assert_eq!(most_dice(&line(Grade::C, 12), kit), 4);
    }

    #[test]
    fn a_square_fires_from_one_face_and_a_column_from_its_front_rank() {
        assert_eq!(
            usual_firing_models(&unit(FOOT, Grade::C, Formation::Square, 24)),
            6
        );
        assert_eq!(
            usual_firing_models(&unit(FOOT, Grade::C, Formation::Column, 24)),
            8
        );
        assert_eq!(
            usual_firing_models(&unit(LIGHT_FOOT, Grade::C, Formation::Skirmish, 8)),
            8
        );
    }

    #[test]
    fn canister_reaches_twelve_sixteen_twenty_inches_by_calibre() {
        let reach = |c| Shot::Canister(c).ranges();
        assert_eq!(reach(Calibre::Light), (12, None));
        assert_eq!(reach(Calibre::Field), (16, None));
        assert_eq!(reach(Calibre::Heavy), (20, None));
        assert_eq!(
            Shot::Canister(Calibre::Field).range_at(160),
            Some(Range::Close)
        );
        assert_eq!(Shot::Canister(Calibre::Field).range_at(161), None);
        assert_eq!(
            Shot::Canister(Calibre::Heavy).chart_score(Range::Close),
            Some(3)
        );
    }

    #[test]
    fn ballshot_ranges_and_scores_by_calibre() {
        assert_eq!(Shot::Ballshot(Calibre::Light).ranges(), (16, Some(36)));
        assert_eq!(Shot::Ballshot(Calibre::Field).ranges(), (24, Some(48)));
        assert_eq!(Shot::Ballshot(Calibre::Heavy).ranges(), (30, Some(60)));
        assert_eq!(
            Shot::Ballshot(Calibre::Heavy).chart_score(Range::Close),
            Some(5)
        );
        assert_eq!(
            Shot::Ballshot(Calibre::Heavy).chart_score(Range::Far),
            Some(6)
        );
    }

    #[test]
    fn muskets_and_rifles_ranges_and_scores() {
        assert_eq!(Shot::Muskets.ranges(), (4, Some(8)));
        assert_eq!(Shot::Muskets.chart_score(Range::Close), Some(3));
        assert_eq!(Shot::Muskets.chart_score(Range::Far), Some(5));
        assert_eq!(Shot::Rifles.ranges(), (8, Some(16)));
        assert_eq!(Shot::Rifles.chart_score(Range::Close), Some(5));
        assert_eq!(Shot::Rifles.chart_score(Range::Far), Some(6));
        assert_eq!(Shot::Muskets.range_at(81), None);
    }

    #[test]
    fn guns_fire_canister_inside_its_reach_and_ballshot_beyond() {
        let battery = unit(
            guns(Calibre::Light, false),
            Grade::C,
            Formation::Unlimbered,
            8,
        );
        let kit = Kit::default();
        assert_eq!(
            best_shot_at(&battery, kit, 120),
            Some((Shot::Canister(Calibre::Light), Range::Close))
        );
        assert_eq!(
            best_shot_at(&battery, kit, 150),
            Some((Shot::Ballshot(Calibre::Light), Range::Close))
        );
        assert_eq!(
            best_shot_at(&battery, kit, 300),
            Some((Shot::Ballshot(Calibre::Light), Range::Far))
        );
        assert_eq!(best_shot_at(&battery, kit, 361), None);
    }

    #[test]
    fn woods_count_two_four_six_inches_per_inch() {
        assert_eq!(Shot::Muskets.woods_inches(), 2);
        assert_eq!(Shot::Canister(Calibre::Light).woods_inches(), 4);
        assert_eq!(Shot::Ballshot(Calibre::Heavy).woods_inches(), 6);
    }

    #[test]
    fn seven_plus_needs_a_six_then_a_four_to_six() {
        let seven = ToHit::from_needed(7);
        assert_eq!(seven, ToHit::SixThen(4));
        assert_eq!(seven.hit(5, None), Some(false));
        assert_eq!(seven.hit(6, None), None);
        assert_eq!(seven.hit(6, Some(3)), Some(false));
        assert_eq!(seven.hit(6, Some(4)), Some(true));
        assert_eq!(ToHit::from_needed(8), ToHit::SixThen(5));
        assert_eq!(ToHit::from_needed(9), ToHit::SixThen(6));
        assert_eq!(ToHit::from_needed(10), ToHit::Impossible);
        assert_eq!(ToHit::from_needed(1), ToHit::Every);
    }

    #[test]
    fn grade_a_muskets_at_close_range_need_one_and_up() {
        let shot = fire(
            &line(Grade::A, 24),
            &line(Grade::C, 24),
            Shot::Muskets,
            Range::Close,
            ShotFacts::default(),
            Kit::default(),
        );
        assert_eq!(shot.score.needed(), 1);
        assert_eq!(shot.to_hit, ToHit::Every);
        assert_eq!(shot.dice, 6);
    }

    #[test]
    fn rifles_ignore_grade_target_type_soft_cover_and_screens_but_not_hard_cover() {
        let target = unit(LIGHT_FOOT, Grade::C, Formation::Skirmish, 8);
        let soft = ShotFacts {
            cover: Cover::Soft,
            screened: true,
            ..ShotFacts::default()
        };
        // Grade D rifles: no -1; at skirmishers in soft cover through a screen: no -4.
        let d = fire(
            &line(Grade::D, 12),
            &target,
            Shot::Rifles,
            Range::Far,
            soft,
            RIFLES,
        );
        assert_eq!(d.score.needed(), 6);
        // Grade A rifles +1 only, not +2.
        let a = fire(
            &line(Grade::A, 12),
            &target,
            Shot::Rifles,
            Range::Close,
            soft,
            RIFLES,
        );
        assert_eq!(a.score.needed(), 4);
        let hard = ShotFacts {
            cover: Cover::Hard,
            ..ShotFacts::default()
        };
        let c = fire(
            &line(Grade::C, 12),
            &target,
            Shot::Rifles,
            Range::Close,
            hard,
            RIFLES,
        );
        assert_eq!(c.score.needed(), 7);
        assert_eq!(c.to_hit, ToHit::SixThen(4));
    }

    #[test]
    fn muskets_at_skirmishers_in_soft_cover_through_guns_add_every_row() {
        let target = unit(LIGHT_FOOT, Grade::C, Formation::Skirmish, 8);
        let facts = ShotFacts {
            cover: Cover::Soft,
            screened: true,
            moved: true,
            ..ShotFacts::default()
        };
        let mut firer = line(Grade::C, 12);
        firer.disordered = true;
        // Close 3; -1 moved, -2 skirmishers, -1 soft, -1 disordered, -1 through: 9.
        let f = fire(
            &firer,
            &target,
            Shot::Muskets,
            Range::Close,
            facts,
            Kit::default(),
        );
        assert_eq!(f.score.needed(), 9);
        assert_eq!(f.to_hit, ToHit::SixThen(6));
    }

    #[test]
    fn moving_and_standing_in_square_is_one_minus_one() {
        let facts = ShotFacts {
            moved: true,
            ..ShotFacts::default()
        };
        let square = unit(FOOT, Grade::C, Formation::Square, 24);
        let f = fire(
            &square,
            &line(Grade::C, 24),
            Shot::Muskets,
            Range::Close,
            facts,
            Kit::default(),
        );
        assert_eq!(f.score.needed(), 4);
    }

    #[test]
    fn ballshot_gains_on_a_dense_target_and_loses_on_guns() {
        let battery = unit(
            guns(Calibre::Field, false),
            Grade::C,
            Formation::Unlimbered,
            8,
        );
        let square = unit(FOOT, Grade::C, Formation::Square, 24);
        let f = fire(
            &battery,
            &square,
            Shot::Ballshot(Calibre::Field),
            Range::Close,
            ShotFacts::default(),
            Kit::default(),
        );
        assert_eq!(f.score.needed(), 4);
        let deep_column = unit(FOOT, Grade::C, Formation::Column, 12);
        assert!(visibly_dense(&deep_column));
        assert!(!visibly_dense(&unit(FOOT, Grade::C, Formation::Column, 8)));
        let guns_target = unit(
            guns(Calibre::Heavy, false),
            Grade::C,
            Formation::Unlimbered,
            8,
        );
        let g = fire(
            &battery,
            &guns_target,
            Shot::Ballshot(Calibre::Field),
            Range::Far,
            ShotFacts::default(),
            Kit::default(),
        );
        assert_eq!(g.score.needed(), 7);
        // Canister gains nothing from a dense target.
        let c = fire(
            &battery,
            &square,
            Shot::Canister(Calibre::Field),
            Range::Close,
            ShotFacts::default(),
            Kit::default(),
        );
        assert_eq!(c.score.needed(), 3);
    }

    #[test]
    fn refusals_name_the_rule() {
        let target = line(Grade::C, 24);
        let mut shaken = line(Grade::C, 24);
        shaken.morale = crate::rules::unit::Morale::Shaken;
        assert!(
            plan(
                &shaken,
                &target,
                Shot::Muskets,
                Range::Close,
                &ShotFacts::default(),
                Kit::default()
            )
            .is_err()
        );
        let cav = unit(HC, Grade::C, Formation::Line, 12);
        assert!(
            plan(
                &cav,
                &target,
                Shot::Muskets,
                Range::Close,
                &ShotFacts::default(),
                Kit::default()
            )
            .is_err()
        );
        let limbered = unit(
            guns(Calibre::Field, false),
            Grade::C,
            Formation::Limbered,
            8,
        );
        assert!(
            plan(
                &limbered,
                &target,
                Shot::Canister(Calibre::Field),
                Range::Close,
                &ShotFacts::default(),
                Kit::default()
            )
            .is_err()
        );
        let battery = unit(
            guns(Calibre::Field, false),
            Grade::C,
            Formation::Unlimbered,
            8,
        );
        assert!(
            plan(
                &battery,
                &target,
                Shot::Canister(Calibre::Field),
                Range::Far,
                &ShotFacts::default(),
                Kit::default()
            )
            .is_err()
        );
        let mut engaged = line(Grade::C, 24);
        engaged.in_contact_with.push("x".to_owned());
        assert!(
            plan(
                &line(Grade::C, 24),
                &engaged,
                Shot::Muskets,
                Range::Close,
                &ShotFacts::default(),
                Kit::default()
            )
            .is_err()
        );
        assert!(
            plan(
                &engaged,
                &target,
                Shot::Muskets,
                Range::Close,
                &ShotFacts::default(),
                Kit::default()
            )
            .is_err()
        );
        let two = ShotFacts {
            front_rank: Some(2),
            ..ShotFacts::default()
        };
        assert!(
            plan(
                &line(Grade::C, 24),
                &target,
                Shot::Muskets,
                Range::Close,
                &two,
                Kit::default()
            )
            .is_err()
        );
    }

    // Worked cases (issue 44, item 4): each divisor and modifier the properties below
    // only put in order, at the number the text gives. "l. N" is the line of
    // ../shared/rules/sound-the-charge-1-25.txt; the fire table and shooting modifiers
    // are its playsheet, l. 24-34.

    fn col(models: u32) -> Unit {
        unit(FOOT, Grade::C, Formation::Column, models)
    }

    fn square(models: u32) -> Unit {
        unit(FOOT, Grade::C, Formation::Square, models)
    }

    fn skirmishers(models: u32) -> Unit {
        unit(LIGHT_FOOT, Grade::C, Formation::Skirmish, models)
    }

    fn crew(calibre: Calibre, models: u32) -> Unit {
        unit(
            guns(calibre, false),
            Grade::C,
            Formation::Unlimbered,
            models,
        )
    }

    fn disordered(mut u: Unit) -> Unit {
        u.disordered = true;
        u
    }

    const TWO_RANK: Kit = Kit {
        rifles: false,
        two_rank: true,
        no_bayonets: false,
        lancers: false,
    };

    /// One fire to work out: who, at whom, with what, and the table's facts.
    struct Shooting {
        firer: Unit,
        target: Unit,
        shot: Shot,
        range: Range,
        facts: ShotFacts,
        kit: Kit,
    }

    fn at(firer: Unit, target: Unit, shot: Shot, range: Range) -> Shooting {
        Shooting {
            firer,
            target,
            shot,
            range,
            facts: ShotFacts::default(),
            kit: Kit::default(),
        }
    }

    impl Shooting {
        fn facts(self, facts: ShotFacts) -> Shooting {
            Shooting { facts, ..self }
        }

        fn rifles(self) -> Shooting {
            Shooting {
                kit: RIFLES,
                ..self
            }
        }

        fn needed(&self) -> i32 {
            fire(
                &self.firer,
                &self.target,
                self.shot,
                self.range,
                self.facts,
                self.kit,
            )
            .score
            .needed()
        }
    }

    #[test]
    fn worked_fire_dice_per_four_infantry_three_two_rank_or_two_crew() {
        let none = Kit::default();
        let cases: Vec<(&str, Unit, Kit, u32)> = vec![
            // *Firing* (l. 20): one die for every 4 infantry or 2 crew models, with a
            // remainder of 3 counting as a die. 24 = 6 × 4.
            ("line of 24", line(Grade::C, 24), none, 6),
            // 23 = 5 × 4 + 3: the remainder of 3 is a sixth die.
            ("line of 23", line(Grade::C, 23), none, 6),
            // 22 = 5 × 4 + 2: a remainder of 2 adds nothing.
            ("line of 22", line(Grade::C, 22), none, 5),
            // 3 = 0 × 4 + 3: the remainder alone is a die.
            ("line of 3", line(Grade::C, 3), none, 1),
            // "One rank may shoot": a column's front rank, at most the widest column's
            // 8 (l. 5 "Column (1-8 inf ... wide)", R14): 8 = 2 × 4.
            ("column of 24", col(24), none, 2),
            // A column of 7 is one rank of 7 = 4 + 3: two dice.
            ("column of 7", col(7), none, 2),
            // A square fires from one face, a quarter of it rounded up (R15):
            // 24 → 6 = 4 + 2, one die.
            ("square of 24", square(24), none, 1),
            // 28 → 7 = 4 + 3: two dice.
            ("square of 28", square(28), none, 2),
            // "(2 ranks if skirmishing)": all 11, 2 × 4 + 3: three dice.
            ("11 skirmishers", skirmishers(11), none, 3),
            // *2-Rank Line* (l. 83): "1 die per 3 models when shooting (round up 2)".
            // 14 = 4 × 3 + 2: five dice.
            ("two-rank line of 14", line(Grade::C, 14), TWO_RANK, 5),
            // 13 = 4 × 3 + 1: four.
            ("two-rank line of 13", line(Grade::C, 13), TWO_RANK, 4),
            // In column its front 8 (R14, R24): 8 = 2 × 3 + 2: three.
            ("two-rank column of 24", col(24), TWO_RANK, 3),
            // Crew, a die per 2 models (l. 20); an odd model adds nothing (R1): 12 → 6.
            ("12 crew", crew(Calibre::Heavy, 12), none, 6),
            // 11 = 5 × 2 + 1: five.
            ("11 crew", crew(Calibre::Light, 11), none, 5),
            // 3 = 2 + 1: one.
            ("3 crew", crew(Calibre::Field, 3), none, 1),
            // Horse gunners count the same: 6 → 3.
            (
                "6 horse gunners",
                unit(
                    guns(Calibre::Light, true),
                    Grade::C,
                    Formation::Unlimbered,
                    6,
                ),
                none,
                3,
            ),
            // The fire table (l. 24-28) has no row for cavalry (R25): no dice.
            ("12 HC", unit(HC, Grade::C, Formation::Line, 12), none, 0),
        ];
        for (what, firer, kit, dice) in cases {
            assert_eq!(most_dice(&firer, kit), dice, "{what}");
        }
    }

    /// The band a distance falls in and its chart score.
    type Band = Option<(Range, i32)>;

    #[test]
    fn worked_fire_table_ranges_and_scores() {
        use Calibre::{Field, Heavy, Light};
        use Range::{Close, Far};
        let cases: [(Shot, u32, Band); 27] = [
            // Fire table (l. 25): "Muskets 4": 3-6, 8": 5-6". Distances in tenths of an
            // inch, limits included: 4" close, 4.1" far, 8" far, 8.1" out of range.
            (Shot::Muskets, 40, Some((Close, 3))),
            (Shot::Muskets, 41, Some((Far, 5))),
            (Shot::Muskets, 80, Some((Far, 5))),
            (Shot::Muskets, 81, None),
            // l. 26: "Rifles 8": 5-6, 16": 6".
            (Shot::Rifles, 80, Some((Close, 5))),
            (Shot::Rifles, 81, Some((Far, 6))),
            (Shot::Rifles, 160, Some((Far, 6))),
            (Shot::Rifles, 161, None),
            // l. 27: "Canister 12/16/20": 3-6" and no far band; l. 12: "The artillery
            // notation is light / field / heavy".
            (Shot::Canister(Light), 120, Some((Close, 3))),
            (Shot::Canister(Light), 121, None),
            (Shot::Canister(Field), 160, Some((Close, 3))),
            (Shot::Canister(Field), 161, None),
            // Heavy canister, the third of 12/16/20: to 20" and no farther.
            (Shot::Canister(Heavy), 180, Some((Close, 3))),
            (Shot::Canister(Heavy), 200, Some((Close, 3))),
            (Shot::Canister(Heavy), 201, None),
            // l. 28: "Ballshot 16/24/30": 5-6, 36/48/60": 6".
            (Shot::Ballshot(Light), 160, Some((Close, 5))),
            (Shot::Ballshot(Light), 161, Some((Far, 6))),
            (Shot::Ballshot(Light), 360, Some((Far, 6))),
            (Shot::Ballshot(Light), 361, None),
            (Shot::Ballshot(Field), 240, Some((Close, 5))),
            (Shot::Ballshot(Field), 241, Some((Far, 6))),
            (Shot::Ballshot(Field), 480, Some((Far, 6))),
            (Shot::Ballshot(Field), 481, None),
            (Shot::Ballshot(Heavy), 300, Some((Close, 5))),
            (Shot::Ballshot(Heavy), 301, Some((Far, 6))),
            (Shot::Ballshot(Heavy), 600, Some((Far, 6))),
            (Shot::Ballshot(Heavy), 601, None),
        ];
        for (shot, tenths, band) in cases {
            let got = shot
                .range_at(tenths)
                .map(|range| (range, shot.chart_score(range).unwrap_or(0)));
            assert_eq!(got, band, "{} at {tenths} tenths", shot.word());
        }
        // Canister has only its close band.
        assert_eq!(Shot::Canister(Heavy).chart_score(Far), None);
        // R46: a battery fires the best shot that reaches. A heavy battery: canister
        // (3-6) to 20", ballshot close (5-6) to 30", far (6) to 60".
        let heavy = crew(Heavy, 8);
        for (tenths, best) in [
            (200, Some((Shot::Canister(Heavy), Close))),
            (201, Some((Shot::Ballshot(Heavy), Close))),
            (300, Some((Shot::Ballshot(Heavy), Close))),
            (301, Some((Shot::Ballshot(Heavy), Far))),
            (601, None),
        ] {
            let got = best_shot_at(&heavy, Kit::default(), tenths);
            assert_eq!(got, best, "heavy battery at {tenths} tenths");
        }
    }

    #[test]
    // One row a case, each under the passage it is worked from: the chart reads as one.
    #[allow(clippy::too_many_lines)]
    fn worked_shooting_modifiers() {
        use Calibre::{Field, Heavy, Light};
        use Grade::{A, B, C, D};
        use Range::{Close, Far};
        use Shot::{Ballshot, Canister, Muskets, Rifles};
        let moved = ShotFacts {
            moved: true,
            ..ShotFacts::default()
        };
        let cover = |cover| ShotFacts {
            cover,
            ..ShotFacts::default()
        };
        let screened = ShotFacts {
            screened: true,
            ..ShotFacts::default()
        };
        let dense = ShotFacts {
            dense: true,
            ..ShotFacts::default()
        };
        let hard_screened = ShotFacts {
            screened: true,
            ..cover(Cover::Hard)
        };
        let c = || line(C, 24);
        let a_guns = unit(guns(Heavy, false), A, Formation::Unlimbered, 8);
        let cases: Vec<(&str, i32, Shooting)> = vec![
            // l. 25 "Grade A/B/C/D: +2/+1/+0/-1". Muskets far is 5-6 (l. 25): A 5 - 2.
            ("grade A far", 3, at(line(A, 24), c(), Muskets, Far)),
            // B close: 3 - 1.
            ("grade B close", 2, at(line(B, 24), c(), Muskets, Close)),
            // C: + 0.
            ("grade C far", 5, at(c(), c(), Muskets, Far)),
            // D: 3 + 1 close, 5 + 1 far.
            ("grade D close", 4, at(line(D, 24), c(), Muskets, Close)),
            ("grade D far", 6, at(line(D, 24), c(), Muskets, Far)),
            // The grade row is the gunners' too: grade A heavy canister 3 - 2.
            (
                "grade A canister",
                1,
                at(a_guns, c(), Canister(Heavy), Close),
            ),
            // l. 26 "Grade A/B rifles: +1", instead of the grade row, which is ^r (R16):
            // A far 6 - 1, not 6 - 2.
            (
                "grade A rifles",
                5,
                at(line(A, 12), c(), Rifles, Far).rifles(),
            ),
            // Grade D rifles take no -1 (R16): close 5.
            (
                "grade D rifles",
                5,
                at(line(D, 12), c(), Rifles, Close).rifles(),
            ),
            // l. 27 "Firer moved or is in square: -1": close 3 + 1.
            ("moved", 4, at(c(), c(), Muskets, Close).facts(moved)),
            ("in square", 4, at(square(24), c(), Muskets, Close)),
            // Guns that moved (manhandled, R25): heavy canister 3 + 1.
            (
                "guns moved",
                4,
                at(crew(Heavy, 8), c(), Canister(Heavy), Close).facts(moved),
            ),
            // l. 28 "Ballshot vs. dense target: +1"; l. 20 counts as dense a square, a
            // line taking enfilade fire at 22.5° or less, and any unit at least 2 ranks
            // deep. Field ballshot far at a square: 6 - 1.
            (
                "ballshot at a square",
                5,
                at(crew(Field, 8), square(24), Ballshot(Field), Far),
            ),
            // A column of 12 is two ranks deep (widest rank 8, R3): heavy close 5 - 1.
            (
                "ballshot at a deep column",
                4,
                at(crew(Heavy, 8), col(12), Ballshot(Heavy), Close),
            ),
            // A column of 8 is one rank: 5.
            (
                "ballshot at a column of 8",
                5,
                at(crew(Heavy, 8), col(8), Ballshot(Heavy), Close),
            ),
            // An enfiladed line is the referee's `dense` (R3): light far 6 - 1.
            (
                "ballshot, enfilade",
                5,
                at(crew(Light, 8), c(), Ballshot(Light), Far).facts(dense),
            ),
            // Only ballshot: canister at a square stays 3.
            (
                "canister at a square",
                3,
                at(crew(Light, 8), square(24), Canister(Light), Close),
            ),
            // l. 29 "Vs. atty ^r /skirmishers ^r : -1/-2". Muskets close at guns 3 + 1.
            (
                "muskets at guns",
                4,
                at(c(), crew(Field, 8), Muskets, Close),
            ),
            // Light ballshot far at guns: 6 + 1 = 7 (l. 34: a 6, then a 4-6).
            (
                "ballshot at guns",
                7,
                at(crew(Light, 8), crew(Light, 8), Ballshot(Light), Far),
            ),
            // Rifles ignore it: close 5.
            (
                "rifles at guns",
                5,
                at(line(C, 12), crew(Field, 8), Rifles, Close).rifles(),
            ),
            // At skirmishers: close 3 + 2, heavy canister 3 + 2, far 5 + 2.
            ("at skirmishers", 5, at(c(), skirmishers(8), Muskets, Close)),
            (
                "canister at skirmishers",
                5,
                at(crew(Heavy, 8), skirmishers(8), Canister(Heavy), Close),
            ),
            (
                "far at skirmishers",
                7,
                at(c(), skirmishers(8), Muskets, Far),
            ),
            // l. 30 "Vs. soft ^r /hard cover: -1/-2": close 3 + 1, 3 + 2.
            (
                "soft cover",
                4,
                at(c(), c(), Muskets, Close).facts(cover(Cover::Soft)),
            ),
            (
                "hard cover",
                5,
                at(c(), c(), Muskets, Close).facts(cover(Cover::Hard)),
            ),
            // Rifles ignore soft (^r), not hard (R16): far 6; close 5 + 2.
            (
                "rifles, soft",
                6,
                at(line(C, 12), c(), Rifles, Far)
                    .facts(cover(Cover::Soft))
                    .rifles(),
            ),
            (
                "rifles, hard",
                7,
                at(line(C, 12), c(), Rifles, Close)
                    .facts(cover(Cover::Hard))
                    .rifles(),
            ),
            // l. 31 "Disordered: -1": close 3 + 1.
            ("disordered", 4, at(disordered(c()), c(), Muskets, Close)),
            // l. 57 "Artillery never counts as disordered": canister 3.
            (
                "disordered guns",
                3,
                at(disordered(crew(Field, 8)), c(), Canister(Field), Close),
            ),
            // l. 32 "Firing through skirmishers ^r /guns ^r : -1": far 5 + 1; rifles 6.
            (
                "through a screen",
                6,
                at(c(), c(), Muskets, Far).facts(screened),
            ),
            (
                "rifles through a screen",
                6,
                at(line(C, 12), c(), Rifles, Far).facts(screened).rifles(),
            ),
            // The rows add up (R7): far at skirmishers in soft cover, 5 + 2 + 1.
            (
                "skirmishers, soft",
                8,
                at(c(), skirmishers(8), Muskets, Far).facts(cover(Cover::Soft)),
            ),
            // Grade D far at skirmishers in hard cover: 5 + 1 + 2 + 2.
            (
                "D, skirmishers, hard",
                10,
                at(line(D, 24), skirmishers(8), Muskets, Far).facts(cover(Cover::Hard)),
            ),
            // Grade A far at guns in hard cover through a screen: 5 - 2 + 1 + 2 + 1.
            (
                "A, guns, hard, screened",
                7,
                at(line(A, 24), crew(Field, 8), Muskets, Far).facts(hard_screened),
            ),
        ];
        for (what, needed, shooting) in cases {
            assert_eq!(shooting.needed(), needed, "{what}");
        }
    }

    #[test]
    fn worked_scores_past_six_and_below_two() {
        // l. 34 "Need 7+ to hit? Roll a 6 then a 4-6", carried on to 8 and 9 (R4: the
        // second die needs the score less three); 10+ cannot be rolled; 1 or less hits
        // on any roll. 2-6 is the die itself.
        let cases = [
            (-3, ToHit::Every),
            (1, ToHit::Every),
            (2, ToHit::Single(2)),
            (6, ToHit::Single(6)),
            (7, ToHit::SixThen(4)),
            (8, ToHit::SixThen(5)),
            (9, ToHit::SixThen(6)),
            (10, ToHit::Impossible),
            (13, ToHit::Impossible),
        ];
        for (needed, to_hit) in cases {
            assert_eq!(ToHit::from_needed(needed), to_hit, "{needed}");
        }
        // 8: a 6 then a 4 misses, a 6 then a 5 hits; a 5 first misses at once.
        let eight = ToHit::SixThen(5);
        assert_eq!(eight.hit(6, Some(4)), Some(false));
        assert_eq!(eight.hit(6, Some(5)), Some(true));
        assert_eq!(eight.hit(5, None), Some(false));
    }

    proptest! {
        #[test]
        fn fire_dice_never_fall_as_models_grow(models in 0u32..400) {
            prop_assert!(infantry_dice(models + 1) >= infantry_dice(models));
            prop_assert!(two_rank_dice(models + 1) >= two_rank_dice(models));
            prop_assert!(crew_dice(models + 1) >= crew_dice(models));
            // Never more than one die per three models (two for crew, two-rank per two).
            prop_assert!(infantry_dice(models) * 3 <= models);
        }

        #[test]
        fn a_score_the_dice_cannot_show_is_impossible(needed in -20i32..30) {
            let to_hit = ToHit::from_needed(needed);
            let mut any_hit = false;
            let mut any_miss = false;
            for first in 1..=6u8 {
                for second in 1..=6u8 {
                    match to_hit.hit(first, Some(second)) {
                        Some(true) => any_hit = true,
                        Some(false) => any_miss = true,
                        None => unreachable!("a second die was given"),
                    }
                }
            }
            // A 6 then a 6 is the best two dice can show: past 9 nothing hits.
            prop_assert_eq!(any_hit, needed <= 9);
            prop_assert_eq!(to_hit == ToHit::Impossible, needed > 9);
            prop_assert_eq!(any_miss, needed > 1);
        }
    }
}
