//! *Firing* and the playsheet's fire table and shooting modifiers: who may fire, how many
//! dice, and what each die needs. Hits are loss hits; on a battery they remove crew.

use super::{Forbidden, Kit, counts_disordered};
use crate::core::chart::Number;
use crate::core::score::Score;
use crate::rules::sound_the_charge::shooting::{Cover, Range, ShotFacts};
use crate::rules::unit::{Arm, Calibre, Formation, Grade, Unit};
pub use dice::{
    CREW_PER_DIE, INFANTRY_PER_DIE, INFANTRY_REMAINDER, TWO_RANK_PER_DIE, TWO_RANK_REMAINDER,
    WIDEST_CAVALRY_COLUMN_MODELS, WIDEST_INFANTRY_COLUMN_MODELS, crew_dice, dice_for_models,
    infantry_dice, most_dice, two_rank_dice, usual_firing_models,
};

// The playsheet's shooting modifiers, added to the die. The quick reference prints them
// from here.

/// Firer grade A (rifles: [`RIFLES_GRADE_A`]).
pub const GRADE_A: Number = Number {
    name: "fire.grade-a",
    book: 2,
};
/// Firer grade B.
pub const GRADE_B: Number = Number {
    name: "fire.grade-b",
    book: 1,
};
/// Firer grade C.
pub const GRADE_C: Number = Number {
    name: "fire.grade-c",
    book: 0,
};
/// Firer grade D.
pub const GRADE_D: Number = Number {
    name: "fire.grade-d",
    book: -1,
};
/// Rifles of grade A, in place of the firer's grade row.
pub const RIFLES_GRADE_A: Number = Number {
    name: "fire.rifles-grade-a",
    book: 1,
};
/// Rifles of grade B.
pub const RIFLES_GRADE_B: Number = Number {
    name: "fire.rifles-grade-b",
    book: 1,
};
/// Rifles of grade C.
pub const RIFLES_GRADE_C: Number = Number {
    name: "fire.rifles-grade-c",
    book: 0,
};
/// Rifles of grade D.
pub const RIFLES_GRADE_D: Number = Number {
    name: "fire.rifles-grade-d",
    book: 0,
};
/// The firer moved, or is in square: one row, counted once.
pub const MOVED_OR_IN_SQUARE: Number = Number {
    name: "fire.moved-or-in-square",
    book: -1,
};
/// The firer is disordered.
pub const DISORDERED: Number = Number {
    name: "fire.disordered",
    book: -1,
};
/// Ballshot at a dense target.
pub const BALLSHOT_AT_DENSE_TARGET: Number = Number {
    name: "fire.ballshot-at-dense-target",
    book: 1,
};
/// The target is artillery (not against rifles).
pub const AT_ARTILLERY: Number = Number {
    name: "fire.at-artillery",
    book: -1,
};
/// The target is skirmishers, a screen too (not against rifles).
pub const AT_SKIRMISHERS: Number = Number {
    name: "fire.at-skirmishers",
    book: -2,
};
/// The target is in soft cover (not against rifles).
pub const SOFT_COVER: Number = Number {
    name: "fire.soft-cover",
    book: -1,
};
/// The target is in hard cover.
pub const HARD_COVER: Number = Number {
    name: "fire.hard-cover",
    book: -2,
};
/// Fire through enemy skirmishers or guns, or a skirmish screen (not for rifles).
pub const THROUGH_SCREEN: Number = Number {
    name: "fire.through-skirmishers-or-guns",
    book: -1,
};

// The fire table: each row's close and far range in inches, and the score to hit in
// each band. The quick reference prints them from here.

/// *Fire table* chart, "Muskets" row, close range.
pub const MUSKETS_CLOSE: Number = Number {
    name: "fire-table.muskets-close",
    book: 4,
};
/// *Fire table* chart, "Muskets" row, far range.
pub const MUSKETS_FAR: Number = Number {
    name: "fire-table.muskets-far",
    book: 8,
};
/// *Fire table* chart, "Rifles" row, close range.
pub const RIFLES_CLOSE: Number = Number {
    name: "fire-table.rifles-close",
    book: 8,
};
/// *Fire table* chart, "Rifles" row, far range.
pub const RIFLES_FAR: Number = Number {
    name: "fire-table.rifles-far",
    book: 16,
};
/// *Fire table* chart, "Canister, lt" row: canister has only its close band.
pub const LIGHT_CANISTER: Number = Number {
    name: "fire-table.canister-light",
    book: 12,
};
/// *Fire table* chart, "Canister, fd" row.
pub const FIELD_CANISTER: Number = Number {
    name: "fire-table.canister-field",
    book: 16,
};
/// *Fire table* chart, "Canister, hv" row.
pub const HEAVY_CANISTER: Number = Number {
    name: "fire-table.canister-heavy",
    book: 20,
};
/// *Fire table* chart, "Ballshot, lt" row, close range.
pub const LIGHT_BALLSHOT_CLOSE: Number = Number {
    name: "fire-table.ballshot-light-close",
    book: 16,
};
/// *Fire table* chart, "Ballshot, fd" row, close range.
pub const FIELD_BALLSHOT_CLOSE: Number = Number {
    name: "fire-table.ballshot-field-close",
    book: 24,
};
/// *Fire table* chart, "Ballshot, hv" row, close range.
pub const HEAVY_BALLSHOT_CLOSE: Number = Number {
    name: "fire-table.ballshot-heavy-close",
    book: 30,
};
/// *Fire table* chart, "Ballshot, lt" row, far range.
pub const LIGHT_BALLSHOT_FAR: Number = Number {
    name: "fire-table.ballshot-light-far",
    book: 36,
};
/// *Fire table* chart, "Ballshot, fd" row, far range.
pub const FIELD_BALLSHOT_FAR: Number = Number {
    name: "fire-table.ballshot-field-far",
    book: 48,
};
/// *Fire table* chart, "Ballshot, hv" row, far range.
pub const HEAVY_BALLSHOT_FAR: Number = Number {
    name: "fire-table.ballshot-heavy-far",
    book: 60,
};
/// *Fire table* chart, "Muskets" row: the score to hit at close range.
pub const MUSKETS_CLOSE_SCORE: Number = Number {
    name: "fire-table.muskets-close-score",
    book: 3,
};
/// *Fire table* chart, "Muskets" row: the score to hit at far range.
pub const MUSKETS_FAR_SCORE: Number = Number {
    name: "fire-table.muskets-far-score",
    book: 5,
};
/// *Fire table* chart, "Rifles" row: the score to hit at close range.
pub const RIFLES_CLOSE_SCORE: Number = Number {
    name: "fire-table.rifles-close-score",
    book: 5,
};
/// *Fire table* chart, "Rifles" row: the score to hit at far range.
pub const RIFLES_FAR_SCORE: Number = Number {
    name: "fire-table.rifles-far-score",
    book: 6,
};
/// *Fire table* chart, the "Canister" rows: the score to hit, every calibre.
pub const CANISTER_SCORE: Number = Number {
    name: "fire-table.canister-score",
    book: 3,
};
/// *Fire table* chart, the "Ballshot" rows: the score to hit at close range, every
/// calibre.
pub const BALLSHOT_CLOSE_SCORE: Number = Number {
    name: "fire-table.ballshot-close-score",
    book: 5,
};
/// *Fire table* chart, the "Ballshot" rows: the score to hit at far range, every
/// calibre.
pub const BALLSHOT_FAR_SCORE: Number = Number {
    name: "fire-table.ballshot-far-score",
    book: 6,
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
        Some(score.value())
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

/// *Firing*, Dense targets: what the app can see is dense: a square, or a column with
/// more models than the widest column has in a rank (so two or more ranks deep). An
/// enfiladed line or a deep column of few models is the referee's `dense` (R3).
pub fn visibly_dense(target: &Unit) -> bool {
    match (target.formation, target.arm) {
        (Formation::Square, _) => true,
        (Formation::Column, Arm::Infantry(_)) => {
            target.figures() > WIDEST_INFANTRY_COLUMN_MODELS.count()
        }
        (Formation::Column, Arm::Cavalry(_)) => {
            target.figures() > WIDEST_CAVALRY_COLUMN_MODELS.count()
        }
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
fn grade_modifier(grade: Grade, rifles: bool) -> &'static Number {
    match (grade, rifles) {
        (Grade::A, false) => &GRADE_A,
        (Grade::B, false) => &GRADE_B,
        (Grade::C, false) => &GRADE_C,
        (Grade::D, false) => &GRADE_D,
        (Grade::A, true) => &RIFLES_GRADE_A,
        (Grade::B, true) => &RIFLES_GRADE_B,
        (Grade::C, true) => &RIFLES_GRADE_C,
        (Grade::D, true) => &RIFLES_GRADE_D,
    }
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
    // A grade the chart gives nothing is no reason, unless a house rule made it so.
    if grade.value() != 0 || grade.book_changed().is_some() {
        let what = if rifles { " rifles" } else { "" };
        score.add_number(grade, format!("grade {:?}{what}", firer.grade));
    }
    // One row, one -1, however many of its conditions hold (R6).
    if facts.moved || firer.formation == Formation::Square {
        score.add_number(
            &MOVED_OR_IN_SQUARE,
            if facts.moved { "moved" } else { "in square" },
        );
    }
    if matches!(shot, Shot::Ballshot(_)) && (facts.dense || visibly_dense(target)) {
        score.add_number(&BALLSHOT_AT_DENSE_TARGET, "ballshot at a dense target");
    }
    if !rifles && target.arm.is_artillery() {
        score.add_number(&AT_ARTILLERY, "at artillery");
    }
    if !rifles && target.formation == Formation::Skirmish {
        score.add_number(&AT_SKIRMISHERS, "at skirmishers");
    }
    match facts.cover {
        Cover::Soft if !rifles => score.add_number(&SOFT_COVER, "soft cover"),
        Cover::Hard => score.add_number(&HARD_COVER, "hard cover"),
        Cover::Soft | Cover::Open => {}
    }
    if counts_disordered(firer) {
        score.add_number(&DISORDERED, "disordered");
    }
    // A screen masks its parent: fire at the parent goes through it (R73). One row (R6).
    if facts.screened && !rifles {
        score.add_number(&THROUGH_SCREEN, "through skirmishers/guns");
    } else if target.screen_models() > 0 && !rifles {
        score.add_number(
            &THROUGH_SCREEN,
            format!("through {}'s skirmish screen", target.id),
        );
    }
}

mod dice;
#[cfg(test)]
mod tests;
