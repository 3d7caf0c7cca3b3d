//! *Shooting*: who may fire, how many dice, and the score to hit (the *Shooting Table*
//! and its *Modifiers to Hit*). Hits are loss hits on the target.

use super::forbidden::Forbidden;
use super::{CAVALRY_COLUMN_WIDTH, INFANTRY_COLUMN_WIDTH, Nation};
use crate::core::chart::{Number, Written, dice_per, dice_per_words};
use crate::core::plural::counted_in_words;
use crate::core::score::Score;
use crate::rules::unit::{Arm, Calibre, Formation, Grade, Unit};

/// *Shooting Table*: close and far range in inches, by weapon.
pub const MUSKETRY_CLOSE: Number = Number {
    name: "shooting-ranges.musketry-close",
    book: 2,
};
pub const MUSKETRY_FAR: Number = Number {
    name: "shooting-ranges.musketry-far",
    book: 4,
};
pub const LIGHT_GUNS_CLOSE: Number = Number {
    name: "shooting-ranges.light-guns-close",
    book: 4,
};
pub const LIGHT_GUNS_FAR: Number = Number {
    name: "shooting-ranges.light-guns-far",
    book: 12,
};
pub const FIELD_GUNS_CLOSE: Number = Number {
    name: "shooting-ranges.field-guns-close",
    book: 6,
};
pub const FIELD_GUNS_FAR: Number = Number {
    name: "shooting-ranges.field-guns-far",
    book: 20,
};
pub const HEAVY_GUNS_CLOSE: Number = Number {
    name: "shooting-ranges.heavy-guns-close",
    book: 8,
};
pub const HEAVY_GUNS_FAR: Number = Number {
    name: "shooting-ranges.heavy-guns-far",
    book: 24,
};
/// *Shooting Table*: the score to hit at close range.
pub const CLOSE_TO_HIT: Number = Number {
    name: "shooting-ranges.close-to-hit",
    book: 3,
};
/// *Shooting Table*: the score to hit at far range.
pub const FAR_TO_HIT: Number = Number {
    name: "shooting-ranges.far-to-hit",
    book: 5,
};

// The *Modifiers to Hit* and the national ones for fire. The quick reference prints them
// from here.

/// Firers of grade A or B.
pub const GOOD_FIRERS: Number = Number {
    name: "shooting.grade-a-or-b",
    book: 1,
};
/// Firers of grade D.
pub const POOR_FIRERS: Number = Number {
    name: "shooting.grade-d",
    book: -1,
};
/// Guns firing at a dense target.
pub const GUNS_AT_DENSE_TARGET: Number = Number {
    name: "shooting.guns-at-dense-target",
    book: 1,
};
/// The firer moved this turn.
pub const FIRER_MOVED: Number = Number {
    name: "shooting.firer-moved",
    book: -1,
};
/// The firer is disordered, in square, or both (once).
pub const FIRER_DISORDERED_OR_IN_SQUARE: Number = Number {
    name: "shooting.firer-disordered-or-in-square",
    book: -1,
};
/// The target is in soft cover, behind a skirmish screen, or guns in the open.
pub const LIGHT_PROTECTION: Number = Number {
    name: "shooting.soft-cover",
    book: -1,
};
/// The target is in hard cover or skirmishing.
pub const HEAVY_PROTECTION: Number = Number {
    name: "shooting.hard-cover",
    book: -2,
};
/// National: steady British (or Portuguese) infantry firing.
pub const BRITISH_STEADY_FIRE: Number = Number {
    name: "national.britain.steady-fire",
    book: 1,
};
/// National: all Russian fire, muskets and guns.
pub const RUSSIAN_FIRE: Number = Number {
    name: "national.russia.fire",
    book: -1,
};

/// *Artillery Bounce-Through* (optional): how far past its first target a battery's
/// shot carries: light and field guns 4", heavy guns 6".
pub fn bounce_through_inches(calibre: Calibre) -> u32 {
    match calibre {
        Calibre::Light | Calibre::Field => 4,
        Calibre::Heavy => 6,
    }
}

/// Musketry and the three weights of gun, each with its own ranges (*Shooting Table*).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weapon {
    Musketry,
    LightGuns,
    FieldGuns,
    HeavyGuns,
}

impl Weapon {
    /// What the unit shoots with; cavalry has none (*Shooting*: cavalry may not shoot).
    pub fn of(arm: Arm) -> Option<Weapon> {
        match arm {
            Arm::Infantry(_) => Some(Weapon::Musketry),
            Arm::Cavalry(_) => None,
            // Horse guns shoot as their calibre: the text gives them only a movement rate.
            Arm::Artillery { calibre, .. } => Some(match calibre {
                Calibre::Light => Weapon::LightGuns,
                Calibre::Field => Weapon::FieldGuns,
                Calibre::Heavy => Weapon::HeavyGuns,
            }),
        }
    }

    /// Close and far range in inches (*Shooting Table*).
    pub fn ranges(self) -> (u32, u32) {
        let (close, far) = self.range_numbers();
        (close.count(), far.count())
    }

    /// The chart's numbers for its close and far range.
    fn range_numbers(self) -> (&'static Number, &'static Number) {
        match self {
            Weapon::Musketry => (&MUSKETRY_CLOSE, &MUSKETRY_FAR),
            Weapon::LightGuns => (&LIGHT_GUNS_CLOSE, &LIGHT_GUNS_FAR),
            Weapon::FieldGuns => (&FIELD_GUNS_CLOSE, &FIELD_GUNS_FAR),
            Weapon::HeavyGuns => (&HEAVY_GUNS_CLOSE, &HEAVY_GUNS_FAR),
        }
    }

    /// How far it reaches, as a refusal says it: `4"`, marked when a house rule changed it.
    pub fn reach_words(self) -> String {
        let (_, far) = self.range_numbers();
        far.marked(format!("{}\"", far.count()), Written::AsIs)
    }

    pub fn word(self) -> &'static str {
        match self {
            Weapon::Musketry => "musketry",
            Weapon::LightGuns => "light guns",
            Weapon::FieldGuns => "field guns",
            Weapon::HeavyGuns => "heavy guns",
        }
    }

    /// The band a distance measured in tenths of an inch falls in (up to and including
    /// each band's limit), or `None` beyond far range.
    pub fn range_at(self, tenths: u32) -> Option<Range> {
        let (close, far) = self.ranges();
        if tenths <= close * 10 {
            Some(Range::Close)
        } else if tenths <= far * 10 {
            Some(Range::Far)
        } else {
            None
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Range {
    Close,
    Far,
}

impl Range {
    /// *Shooting Table*: 3-6 to hit at close range, 5-6 at far.
    pub fn score_to_hit(self) -> i32 {
        self.to_hit().value()
    }

    /// The row of [`Range::score_to_hit`].
    fn to_hit(self) -> &'static Number {
        match self {
            Range::Close => &CLOSE_TO_HIT,
            Range::Far => &FAR_TO_HIT,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Range::Close => "close",
            Range::Far => "far",
        }
    }
}

/// The target's protection as the referee sees it on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Cover {
    #[default]
    Open,
    Soft,
    Hard,
}

/// What only the table shows, besides the range; everything else is read from the units.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ShotFacts {
    /// The firing infantry moved this turn (at half speed, *Shooting*).
    pub moved: bool,
    pub cover: Cover,
    /// Guns firing through a skirmish screen at the unit behind it.
    pub screened: bool,
    /// Dense although the app cannot tell: a line two ranks deep, or enfiladed.
    pub dense: bool,
    /// Figures in the firing infantry's front rank, when not the formation's usual.
    pub front_rank: Option<u32>,
    /// Split fire: the figures (infantry) or guns that could not reach the first target
    /// and fire at this one instead (*Splitting Fire*).
    pub split: Option<u32>,
}

/// How a unit may shoot: its dice and the score each die needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fire {
    pub weapon: Weapon,
    pub dice: u32,
    /// How the dice were counted, for the explanation.
    pub dice_reason: String,
    pub score: Score,
}

/// *Shooting*, General Rules: infantry throw a die per this many figures in the front
/// rank.
pub const FOOT_PER_DIE: Number = Number {
    name: "shooting-dice.foot-per-die",
    book: 4,
};
/// *Shooting*, General Rules: a last remainder of this many infantry figures throws a die.
pub const FOOT_REMAINDER: Number = Number {
    name: "shooting-dice.foot-remainder",
    book: 3,
};
/// *Shooting*, General Rules: the gunners a gun model needs to fire (in combat too, as
/// the text's example rolls a die per gun).
pub const GUNNERS_PER_GUN: Number = Number {
    name: "shooting-dice.gunners-per-gun",
    book: 2,
};

/// Infantry: a die per four figures in the front rank, a last three rounding up
/// (*Shooting*, General Rules).
pub fn infantry_dice(front_rank: u32) -> u32 {
    dice_per(front_rank, &FOOT_PER_DIE, &FOOT_REMAINDER)
}

/// Guns: a die per gun model that still has its two gunners (*Shooting*).
pub fn artillery_dice(guns: u32, gunners: u32) -> u32 {
    gunners
        .checked_div(GUNNERS_PER_GUN.count())
        .map_or(guns, |manned| guns.min(manned))
}

/// How a gun's dice were counted, for the explanation.
pub fn artillery_dice_reason(guns: u32, gunners: u32) -> String {
    format!(
        "{guns} guns, {gunners} gunners: a die per gun with {}",
        GUNNERS_PER_GUN.marked(
            counted_in_words(GUNNERS_PER_GUN.count(), "gunner"),
            Written::AsIs
        )
    )
}

/// The most dice the unit could roll this turn, all its figures or manned guns firing.
pub fn most_dice(unit: &Unit) -> u32 {
    match unit.arm {
        Arm::Artillery { guns, .. } => artillery_dice(guns, unit.figures()),
        Arm::Infantry(_) => infantry_dice(unit.figures()),
        Arm::Cavalry(_) => 0,
    }
}

/// The figures a unit shows to the front in its formation, when the referee gives no
/// count: a line or skirmish screen fights with every figure, a column is four figures
/// wide (*Formations*), and a square shows a quarter of its figures on each face.
pub fn usual_front_rank(unit: &Unit) -> u32 {
    let figures = unit.figures();
    match unit.formation {
        Formation::Column => figures.min(INFANTRY_COLUMN_WIDTH.count()),
        Formation::Square => figures.div_ceil(4),
        _ => figures,
    }
}

/// Dense targets (*Dense Targets*) the app can see: a square, or a column deeper than
/// its width (four infantry or three cavalry figures, *Formations*).
pub fn visibly_dense(target: &Unit) -> bool {
    // *Boats*: troops in boats are a dense target.
    if target.sound_the_charge.boat.is_some() {
        return true;
    }
    match (target.formation, target.arm) {
        (Formation::Square, _) => true,
        (Formation::Column, Arm::Infantry(_)) => target.figures() > INFANTRY_COLUMN_WIDTH.count(),
        (Formation::Column, Arm::Cavalry(_)) => target.figures() > CAVALRY_COLUMN_WIDTH.count(),
        _ => false,
    }
}

/// Whether `firer` may shoot at `target`, and with what. `nation` is the firer's, given
/// only when national modifiers are in play. `Err` says why the shot cannot be made.
pub fn plan(
    firer: &Unit,
    target: &Unit,
    range: Range,
    facts: &ShotFacts,
    nation: Option<Nation>,
) -> Result<Fire, Forbidden> {
    let Some(weapon) = Weapon::of(firer.arm) else {
        return Err(Forbidden::CavalryShoot {
            unit: firer.id.clone(),
        });
    };
    if firer.is_shaken() {
        return Err(Forbidden::ShakenShoot {
            unit: firer.id.clone(),
        });
    }
    let (dice, dice_reason) = dice_for(firer, facts)?;
    if dice == 0 {
        return Err(Forbidden::NoDice {
            unit: firer.id.clone(),
            reason: dice_reason,
        });
    }
    Ok(Fire {
        weapon,
        dice,
        dice_reason,
        score: score_to_hit(firer, target, range, facts, nation),
    })
}

/// The firer's dice and how they were counted (*Shooting*, General Rules).
fn dice_for(firer: &Unit, facts: &ShotFacts) -> Result<(u32, String), Forbidden> {
    if let Arm::Artillery { guns, .. } = firer.arm {
        let guns = match facts.split {
            Some(split) if split > guns => {
                return Err(Forbidden::TooManyGuns {
                    unit: firer.id.clone(),
                    guns,
                    asked: split,
                });
            }
            Some(split) => split,
            None => guns,
        };
        if facts.front_rank.is_some() {
            return Err(Forbidden::GunsFrontRank {
                unit: firer.id.clone(),
            });
        }
        if firer.formation == Formation::Limbered {
            return Err(Forbidden::LimberedShoot {
                unit: firer.id.clone(),
            });
        }
        if facts.moved {
            return Err(Forbidden::GunsMoveShoot {
                unit: firer.id.clone(),
            });
        }
        let gunners = firer.figures();
        return Ok((
            artillery_dice(guns, gunners),
            artillery_dice_reason(guns, gunners),
        ));
    }
    if facts.screened {
        return Err(Forbidden::ThroughSkirmishers {
            unit: firer.id.clone(),
        });
    }
    if facts.split.is_some() && facts.front_rank.is_some() {
        return Err(Forbidden::SplitAndFront);
    }
    let front = match facts.front_rank.or(facts.split) {
        Some(front) if front > firer.figures() => {
            return Err(Forbidden::FrontRank {
                unit: firer.id.clone(),
                has: firer.figures(),
                front,
            });
        }
        Some(front) => front,
        None => usual_front_rank(firer),
    };
    Ok((
        infantry_dice(front),
        format!(
            "{front} figures in front: {}",
            dice_per_words(&FOOT_PER_DIE, &FOOT_REMAINDER)
        ),
    ))
}

/// *Shooting Table*, *Modifiers to Hit*, and the national modifiers for fire.
fn score_to_hit(
    firer: &Unit,
    target: &Unit,
    range: Range,
    facts: &ShotFacts,
    nation: Option<Nation>,
) -> Score {
    let mut score = Score::from_number(range.to_hit(), format!("{} range", range.word()));
    match firer.grade {
        Grade::A | Grade::B => {
            score.add_number(&GOOD_FIRERS, format!("firer is grade {:?}", firer.grade));
        }
        Grade::D => score.add_number(&POOR_FIRERS, "firer is grade D"),
        Grade::C => {}
    }
    let artillery_firer = matches!(firer.arm, Arm::Artillery { .. });
    if artillery_firer && (facts.dense || visibly_dense(target)) {
        let what = if facts.dense {
            "dense target".to_owned()
        } else if target.sound_the_charge.boat.is_some() {
            "dense target: troops in boats".to_owned()
        } else {
            format!("target in {} is dense", target.formation)
        };
        score.add_number(&GUNS_AT_DENSE_TARGET, format!("guns firing at a {what}"));
    }
    if facts.moved {
        score.add_number(&FIRER_MOVED, "firer moved this turn");
    }
    // Guns are never disordered (*Combat Points*, the note under the chart).
    let disordered = firer.disordered && !artillery_firer;
    let why = match (disordered, firer.formation == Formation::Square) {
        (true, true) => Some("firer is disordered and in square"),
        (true, false) => Some("firer is disordered"),
        (false, true) => Some("firer is in square"),
        (false, false) => None,
    };
    if let Some(why) = why {
        score.add_number(&FIRER_DISORDERED_OR_IN_SQUARE, why);
    }
    if let Some((number, reason)) = protection(target, facts) {
        score.add_number(number, reason);
    }
    if let Some(nation) = nation {
        let steady_infantry =
            matches!(firer.arm, Arm::Infantry(_)) && !firer.disordered && !firer.is_shaken();
        match nation {
            Nation::Britain | Nation::Portugal if steady_infantry => {
                score.add_number(&BRITISH_STEADY_FIRE, "steady British infantry (national)");
            }
            Nation::Russia => {
                score.add_number(&RUSSIAN_FIRE, "Russian powder and muskets (national)");
            }
            _ => {}
        }
    }
    score
}

/// The target's protection: the two chart rows are alternatives, the worse one counts
/// (ruling 9 in `docs/rulings.md`).
fn protection(target: &Unit, facts: &ShotFacts) -> Option<(&'static Number, &'static str)> {
    let skirmishing = target.formation == Formation::Skirmish;
    if facts.cover == Cover::Hard {
        return Some((&HEAVY_PROTECTION, "target in hard cover"));
    }
    if skirmishing {
        return Some((&HEAVY_PROTECTION, "target is skirmishing"));
    }
    let artillery = matches!(target.arm, Arm::Artillery { .. });
    let reason = match (facts.cover, facts.screened, artillery) {
        (Cover::Soft, _, _) => "target in soft cover",
        (_, true, _) => "target screened by skirmishers",
        (_, _, true) => "target is guns in the open",
        _ => return None,
    };
    Some((&LIGHT_PROTECTION, reason))
}
