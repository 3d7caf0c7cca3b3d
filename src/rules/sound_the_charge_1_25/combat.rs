//! *Combat*, *Attacking Artillery* and the playsheet's combat points and scores to hit:
//! one round's points, dice and results. The caller counts hits from the faces it rolled.
//!
//! As in the original's module, every unit named on one side is in contact with every
//! unit on the other, and a unit's dice are divided among the enemies it fights.

// Why this file is long: the playsheet's *Combat* and *Attacking Artillery* in full
// (points, modifiers, scores, results), in the text's order.

use super::shooting::{WIDEST_CAVALRY_COLUMN_MODELS, WIDEST_INFANTRY_COLUMN_MODELS};
use super::{Forbidden, Kit, Retreat, counts_disordered, retreat, steady};
use crate::core::chart::{Number, Written, dice_per, dice_per_words};
use crate::core::score::Modifier;
use crate::rules::combat_role::Role;
use crate::rules::sound_the_charge::combat::{self as original, Combatant, Points, RoundPlan};
use crate::rules::sound_the_charge::shooting::Cover;
use crate::rules::unit::{Arm, Calibre, CavalryType, Formation, Grade, Unit};

/// *Combat*: a fighter divides its dice as evenly as it can among its enemies; the same
/// rule as the original's, so the same function.
pub use crate::rules::sound_the_charge::combat::split_dice;

// The playsheet's combat points and their modifiers. The quick reference prints them
// from here.

/// Base CP: heavy cavalry.
pub const HEAVY_CAVALRY_POINTS: Number = Number {
    name: "combat.heavy-cavalry",
    book: 5,
};
/// Base CP: medium cavalry.
pub const MEDIUM_CAVALRY_POINTS: Number = Number {
    name: "combat.medium-cavalry",
    book: 4,
};
/// Base CP: light cavalry.
pub const LIGHT_CAVALRY_POINTS: Number = Number {
    name: "combat.light-cavalry",
    book: 3,
};
/// Base CP: infantry.
pub const INFANTRY_POINTS: Number = Number {
    name: "combat.infantry",
    book: 3,
};
/// Base CP: infantry without bayonets.
pub const NO_BAYONETS_POINTS: Number = Number {
    name: "combat.infantry-without-bayonets",
    book: 1,
};
/// Base CP: a gun's crew, or skirmishers.
pub const CREW_OR_SKIRMISHERS_POINTS: Number = Number {
    name: "combat.crew-or-skirmishers",
    book: 0,
};
/// Defensive fire: infantry.
pub const INFANTRY_FIRE: Number = Number {
    name: "combat.infantry-defensive-fire",
    book: 1,
};
/// Defensive fire: light guns.
pub const LIGHT_GUNS_FIRE: Number = Number {
    name: "combat.light-guns-defensive-fire",
    book: 2,
};
/// Defensive fire: field guns.
pub const FIELD_GUNS_FIRE: Number = Number {
    name: "combat.field-guns-defensive-fire",
    book: 4,
};
/// Defensive fire: heavy guns.
pub const HEAVY_GUNS_FIRE: Number = Number {
    name: "combat.heavy-guns-defensive-fire",
    book: 6,
};
/// Each grade above the enemy, the better unit only (R31).
pub const EACH_GRADE_ABOVE: Number = Number {
    name: "combat.each-grade-above",
    book: 1,
};
/// Steady cavalry against infantry not in square.
pub const CAVALRY_VS_FOOT: Number = Number {
    name: "combat.steady-cavalry-vs-foot",
    book: 2,
};
/// Steady lancers, first round.
pub const LANCERS: Number = Number {
    name: "combat.steady-lancers-first-round",
    book: 1,
};
/// Under flank/rear attack, or shaken: one row, counted once (R6).
pub const FLANKED_OR_SHAKEN: Number = Number {
    name: "combat.flank-rear-or-shaken",
    book: -2,
};
/// Attacking soft cover.
pub const INTO_SOFT_COVER: Number = Number {
    name: "combat.soft-cover",
    book: -1,
};
/// Attacking hard cover.
pub const INTO_HARD_COVER: Number = Number {
    name: "combat.hard-cover",
    book: -2,
};
/// Attacking an obstacle or up a steep slope, first round.
pub const INTO_OBSTACLE: Number = Number {
    name: "combat.obstacle",
    book: -1,
};
/// Disordered infantry.
pub const DISORDERED_INFANTRY: Number = Number {
    name: "combat.disordered-infantry",
    book: -1,
};
/// Disordered cavalry.
pub const DISORDERED_CAVALRY: Number = Number {
    name: "combat.disordered-cavalry",
    book: -2,
};
/// Cavalry against a steady square.
pub const CAVALRY_VS_SQUARE: Number = Number {
    name: "combat.cavalry-vs-steady-square",
    book: -4,
};
/// Infantry against any square (R38).
pub const INFANTRY_VS_SQUARE: Number = Number {
    name: "combat.infantry-vs-square",
    book: 1,
};
/// A general with the unit.
pub const GENERAL_WITH_UNIT: Number = Number {
    name: "combat.general-with-unit",
    book: 1,
};
/// 2-rank infantry against steady cavalry or steady 3-rank infantry.
pub const TWO_RANK_VS_STEADY: Number = Number {
    name: "combat.two-rank-vs-steady",
    book: -1,
};

/// One unit in a round: the original's facts plus its kit. `trapped` covers every unit
/// that cannot retreat: attacked from opposite sides, or hemmed in (*Retreat Moves*).
#[derive(Debug, Clone, Copy)]
pub struct Fighter<'a> {
    pub combatant: Combatant<'a>,
    pub kit: Kit,
}

impl Fighter<'_> {
    fn unit(&self) -> &Unit {
        self.combatant.unit
    }

    fn first_round(&self) -> bool {
        !self.combatant.continuing
    }
}

/// Where the combat is fought: the defenders' cover and what the attackers cross.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ground {
    /// The defenders' cover: attackers -1 soft, -2 hard.
    pub cover: Cover,
    /// An obstacle, or a steep slope up (*Hill Contours*): attackers -1, first round only.
    pub obstacle: bool,
    /// The defenders hold buildings or fieldworks, where skirmishers fight as close
    /// order (*Skirmishers*).
    pub works: bool,
}

/// The original's ground read the 1:25 way: its steep slope counts as an obstacle; its
/// rough ground has no combat effect in 1:25 (woods give no cover in combat).
impl From<crate::rules::sound_the_charge::combat::Ground> for Ground {
    fn from(g: crate::rules::sound_the_charge::combat::Ground) -> Ground {
        Ground {
            cover: g.cover,
            obstacle: g.slope,
            works: false,
        }
    }
}

/// Skirmishing, unless skirmishers defending works, who count as close order (R28).
fn skirmishing(f: &Fighter, ground: Ground) -> bool {
    f.unit().formation == Formation::Skirmish
        && !(ground.works && f.combatant.role == Role::Defender)
}

fn steady_in(f: &Fighter, ground: Ground) -> bool {
    let unit = f.unit();
    if unit.formation == Formation::Skirmish && !skirmishing(f, ground) {
        return !unit.disordered && !unit.is_shaken();
    }
    steady(unit)
}

/// Base CP: HC 5, MC 4, LC and infantry 3, infantry without bayonets 1, crew and
/// skirmishers 0.
pub fn base_points(unit: &Unit, kit: Kit, skirmishing: bool) -> (&'static Number, &'static str) {
    match unit.arm {
        Arm::Artillery { .. } => (&CREW_OR_SKIRMISHERS_POINTS, "crew"),
        _ if skirmishing => (&CREW_OR_SKIRMISHERS_POINTS, "skirmishers"),
        Arm::Cavalry(CavalryType::Heavy) => (&HEAVY_CAVALRY_POINTS, "heavy cavalry"),
        Arm::Cavalry(CavalryType::Medium) => (&MEDIUM_CAVALRY_POINTS, "medium cavalry"),
        Arm::Cavalry(CavalryType::Light) => (&LIGHT_CAVALRY_POINTS, "light cavalry"),
        Arm::Infantry(_) if kit.no_bayonets => (&NO_BAYONETS_POINTS, "infantry without bayonets"),
        Arm::Infantry(_) => (&INFANTRY_POINTS, "infantry"),
    }
}

/// Artillery defensive fire, light/field/heavy: +2/+4/+6.
fn gun_fire(calibre: Calibre) -> &'static Number {
    match calibre {
        Calibre::Light => &LIGHT_GUNS_FIRE,
        Calibre::Field => &FIELD_GUNS_FIRE,
        Calibre::Heavy => &HEAVY_GUNS_FIRE,
    }
}

/// *Combat*: guns, and steady defending infantry in line, add defensive fire in the
/// first round unless shaken, rifles, or under flank/rear attack. Guns must be
/// unlimbered (R13). `Err` says why a unit that might have fired does not.
pub fn defensive_fire(
    f: &Fighter,
    ground: Ground,
) -> Result<(&'static Number, &'static str), Forbidden> {
    let unit = f.unit();
    let c = &f.combatant;
    let (value, what) = match unit.arm {
        Arm::Artillery { calibre, .. } => (gun_fire(calibre), "artillery defensive fire"),
        Arm::Infantry(_) => (&INFANTRY_FIRE, "infantry defensive fire"),
        Arm::Cavalry(_) => return Err(Forbidden::CavalryDefensiveFire),
    };
    let why_not = if c.role != Role::Defender {
        Some("attacking")
    } else if !f.first_round() {
        Some("not the first round")
    } else if unit.is_shaken() {
        Some("shaken")
    } else if c.flanked {
        Some("under flank/rear attack")
    } else if unit.arm.is_artillery() {
        (unit.formation == Formation::Limbered).then_some("limbered")
    } else if f.kit.rifles {
        Some("rifles")
    } else if unit.formation != Formation::Line {
        Some("not in line")
    } else if !steady_in(f, ground) {
        Some("not steady")
    } else {
        None
    };
    match why_not {
        Some(why) => Err(Forbidden::NoDefensiveFire { why }),
        None => Ok((value, what)),
    }
}

fn grade_rank(grade: Grade) -> i32 {
    match grade {
        Grade::A => 0,
        Grade::B => 1,
        Grade::C => 2,
        Grade::D => 3,
    }
}

/// What `me` pays for the ground it attacks: the ground is the defenders', so only
/// attackers pay for it (R30).
fn attacking_ground(me: &Fighter, ground: Ground) -> Vec<Modifier> {
    let mut paid = Vec::new();
    if me.combatant.role != Role::Attacker {
        return paid;
    }
    match ground.cover {
        Cover::Soft => paid.push(Modifier::from_number(
            &INTO_SOFT_COVER,
            "against soft cover",
        )),
        Cover::Hard => paid.push(Modifier::from_number(
            &INTO_HARD_COVER,
            "against hard cover",
        )),
        Cover::Open => {}
    }
    if ground.obstacle && me.first_round() {
        paid.push(Modifier::from_number(
            &INTO_OBSTACLE,
            "against an obstacle, first round",
        ));
    }
    paid
}

/// The playsheet's combat point modifiers: `me`'s points against `enemy`. The rows add
/// up; a row joining two conditions with "or" counts once (R6).
pub fn points(me: &Fighter, enemy: &Fighter, ground: Ground) -> Points {
    let unit = me.unit();
    let foe = enemy.unit();
    let (base, base_reason) = base_points(unit, me.kit, skirmishing(me, ground));
    let base_reason = base.marked(base_reason, Written::AsIs);
    let base = base.value();
    let mut modifiers = Vec::new();
    let mut add = |modifier: Modifier| modifiers.push(modifier);
    match defensive_fire(me, ground) {
        Ok((number, what)) => add(Modifier::from_number(number, what)),
        // Only a defender in its first round could have fired: say why it did not.
        Err(why) if me.combatant.role == Role::Defender && me.first_round() => {
            if !unit.arm.is_cavalry() {
                add(Modifier::new(0, why.to_string()));
            }
        }
        Err(_) => {}
    }
    // Only the better unit gains, a point a grade (R31).
    let above = grade_rank(foe.grade) - grade_rank(unit.grade);
    if above > 0 {
        let reason = format!("grade {:?} against {:?}", unit.grade, foe.grade);
        add(Modifier::new(
            above * EACH_GRADE_ABOVE.value(),
            EACH_GRADE_ABOVE.marked(reason, Written::Signed),
        ));
    }
    let my_steady = steady_in(me, ground);
    let foe_steady = steady_in(enemy, ground);
    let foe_square = foe.formation == Formation::Square;
    // Skirmishing infantry is infantry not in square; any square draws infantry's +1 (R38).
    if unit.arm.is_cavalry() && my_steady && foe.arm.is_infantry() && !foe_square {
        add(Modifier::from_number(
            &CAVALRY_VS_FOOT,
            "steady cavalry against infantry not in square",
        ));
    }
    if unit.arm.is_cavalry() && me.kit.lancers && my_steady && me.first_round() {
        add(Modifier::from_number(
            &LANCERS,
            "steady lancers, first round",
        ));
    }
    match (me.combatant.flanked, unit.is_shaken()) {
        (true, _) => add(Modifier::from_number(
            &FLANKED_OR_SHAKEN,
            "under flank/rear attack",
        )),
        (false, true) => add(Modifier::from_number(&FLANKED_OR_SHAKEN, "shaken")),
        (false, false) => {}
    }
    attacking_ground(me, ground).into_iter().for_each(&mut add);
    if counts_disordered(unit) && !skirmishing(me, ground) {
        match unit.arm {
            Arm::Infantry(_) => add(Modifier::from_number(
                &DISORDERED_INFANTRY,
                "disordered infantry",
            )),
            Arm::Cavalry(_) => add(Modifier::from_number(
                &DISORDERED_CAVALRY,
                "disordered cavalry",
            )),
            Arm::Artillery { .. } => {}
        }
    }
    if unit.arm.is_cavalry() && foe_square && foe_steady {
        add(Modifier::from_number(
            &CAVALRY_VS_SQUARE,
            "cavalry against a steady square",
        ));
    }
    if unit.arm.is_infantry() && foe_square {
        add(Modifier::from_number(
            &INFANTRY_VS_SQUARE,
            "infantry against a square",
        ));
    }
    if me.combatant.general_attached {
        add(Modifier::from_number(
            &GENERAL_WITH_UNIT,
            "general with unit",
        ));
    }
    let foe_three_rank = foe.arm.is_infantry() && !enemy.kit.two_rank;
    if unit.arm.is_infantry()
        && me.kit.two_rank
        && foe_steady
        && (foe.arm.is_cavalry() || foe_three_rank)
    {
        add(Modifier::from_number(
            &TWO_RANK_VS_STEADY,
            "2-rank infantry against steady cavalry/3-rank infantry",
        ));
    }
    Points {
        base,
        base_reason,
        modifiers,
    }
}

// The playsheet's scores to hit in combat, by the CP against the enemy's.

/// More CP than the enemy: hits on this and up.
pub const ADVANTAGE_SCORE: Number = Number {
    name: "combat-dice.advantage",
    book: 3,
};
/// The same CP.
pub const EVEN_SCORE: Number = Number {
    name: "combat-dice.even",
    book: 4,
};
/// Fewer CP by 1-2.
pub const DISADVANTAGE_SCORE: Number = Number {
    name: "combat-dice.disadvantage",
    book: 5,
};
/// Fewer CP by 3 or more.
pub const FAR_BEHIND_SCORE: Number = Number {
    name: "combat-dice.fewer-by-three",
    book: 6,
};

/// Scores to hit per die: advantage 3-6, even 4-6, disadvantage 5-6, disadvantage by 3
/// or more CP 6.
pub fn score_to_hit(own: i32, enemy: i32) -> (i32, String) {
    let behind = enemy - own;
    match behind {
        ..=-1 => (
            ADVANTAGE_SCORE.value(),
            format!("advantage, {own} CP to {enemy}"),
        ),
        0 => (EVEN_SCORE.value(), format!("even, {own} CP each")),
        1..=2 => (
            DISADVANTAGE_SCORE.value(),
            format!("disadvantage, {own} CP to {enemy}"),
        ),
        _ => (
            FAR_BEHIND_SCORE.value(),
            format!("disadvantage by {behind}, {own} CP to {enemy}"),
        ),
    }
}

/// *Combat*: infantry and crew throw a die per this many models.
pub const INFANTRY_PER_DIE: Number = Number {
    name: "combat.infantry-per-die",
    book: 4,
};
/// *Combat*: a last remainder of this many infantry or crew throws a die.
pub const INFANTRY_REMAINDER: Number = Number {
    name: "combat.infantry-remainder",
    book: 3,
};
/// *Combat*: cavalry throw a die per this many models.
pub const CAVALRY_PER_DIE: Number = Number {
    name: "combat.cavalry-per-die",
    book: 3,
};
/// *Combat*: a last remainder of this many cavalry throws a die.
pub const CAVALRY_REMAINDER: Number = Number {
    name: "combat.cavalry-remainder",
    book: 2,
};

/// *Combat*: a die per 3 cavalry models, a remainder of 2 rounding up.
pub fn cavalry_dice(models: u32) -> u32 {
    dice_per(models, &CAVALRY_PER_DIE, &CAVALRY_REMAINDER)
}

/// *Combat*: a die per 4 infantry or crew models, a remainder of 3 rounding up.
pub fn infantry_dice(models: u32) -> u32 {
    dice_per(models, &INFANTRY_PER_DIE, &INFANTRY_REMAINDER)
}

/// *Combat*: cavalry strike with this many front ranks (infantry and crew with one).
pub const CAVALRY_RANKS: Number = Number {
    name: "combat.cavalry-ranks",
    book: 2,
};

/// The models of a cavalry column that strike: its front ranks.
pub fn cavalry_column_strikes() -> u32 {
    CAVALRY_RANKS.count() * WIDEST_CAVALRY_COLUMN_MODELS.count()
}

/// The models that strike when the referee gives no count: the front rank, two ranks
/// for cavalry. A line, a skirmish screen and a battery's crew all; a column its front
/// rank (two for cavalry), at most the widest column (R14); a square the face in contact
/// and both adjacent faces, three quarters of it (R15).
pub fn eligible_models(unit: &Unit) -> u32 {
    let models = unit.figures();
    match (unit.arm, unit.formation) {
        (Arm::Infantry(_), Formation::Column) => models.min(WIDEST_INFANTRY_COLUMN_MODELS.count()),
        (Arm::Cavalry(_), Formation::Column) => models.min(cavalry_column_strikes()),
        (_, Formation::Square) => models - models / 4,
        _ => models,
    }
}

/// The fighter's dice and how they were counted. Infantry and crew count alike, a die
/// per 4 with a last 3 counting, whatever their kit (R24).
pub fn dice(f: &Fighter) -> Result<(u32, String), Forbidden> {
    let unit = f.unit();
    let models = match f.combatant.eligible {
        Some(n) if n > unit.figures() => {
            return Err(Forbidden::TooManyModels {
                unit: unit.id.clone(),
                has: unit.figures(),
                asked: n,
            });
        }
        Some(n) => n,
        None => eligible_models(unit),
    };
    Ok(if unit.arm.is_cavalry() {
        (
            cavalry_dice(models),
            format!(
                "{models} cavalry models: {}",
                dice_per_words(&CAVALRY_PER_DIE, &CAVALRY_REMAINDER)
            ),
        )
    } else {
        (
            infantry_dice(models),
            format!(
                "{models} models: {}",
                dice_per_words(&INFANTRY_PER_DIE, &INFANTRY_REMAINDER)
            ),
        )
    })
}

/// *Attacking Artillery*: guns with no defensive fire are eliminated when attacked,
/// without a fight (R12).
fn overrun(f: &Fighter, ground: Ground) -> bool {
    f.unit().arm.is_artillery() && defensive_fire(f, ground).is_err()
}

/// What the text forbids outright.
fn may_fight(f: &Fighter, all: &[Fighter], ground: Ground) -> Result<(), Forbidden> {
    let unit = f.unit();
    let id = &unit.id;
    let c = &f.combatant;
    let enemies = || all.iter().filter(move |e| e.combatant.role != c.role);
    if c.role == Role::Attacker {
        if unit.arm.is_artillery() {
            return Err(Forbidden::GunsAttack { unit: id.clone() });
        }
        if f.first_round() && unit.is_shaken() {
            return Err(Forbidden::ShakenAttack { unit: id.clone() });
        }
        // Guns are not the close-order troops skirmishers must leave alone (R27).
        if unit.formation == Formation::Skirmish
            && enemies().any(|e| {
                steady_in(e, ground) && !e.combatant.flanked && !e.unit().arm.is_artillery()
            })
        {
            return Err(Forbidden::SkirmishAttack { unit: id.clone() });
        }
    }
    if c.role == Role::Defender
        && f.first_round()
        && skirmishing(f, ground)
        && enemies().any(|e| e.unit().formation != Formation::Skirmish)
    {
        return Err(Forbidden::SkirmishEvades { unit: id.clone() });
    }
    Ok(())
}

/// The round's points and dice, or why it cannot be fought as described. `overrun` marks
/// guns eliminated without a fight.
pub fn plan(fighters: &[Fighter], ground: Ground) -> Result<RoundPlan, Forbidden> {
    for f in fighters {
        may_fight(f, fighters, ground)?;
    }
    let overrun: Vec<bool> = fighters.iter().map(|f| overrun(f, ground)).collect();
    original::strikes(
        fighters,
        overrun,
        "guns without defensive fire: overrun",
        |f| f.combatant.role,
        dice,
        |me, enemy| points(me, enemy, ground),
        score_to_hit,
    )
}

/// *Combat results* chart, "Foot beaten by cavalry" rows: a pursuit hit per full this
/// many cavalry models.
pub const CAVALRY_MODELS_PER_PURSUIT_HIT: Number = Number {
    name: "combat-results.cavalry-models-per-pursuit-hit",
    book: 3,
};
/// *Combat results* chart, "Loser" row: its rout hits.
pub const LOSER_ROUT_HITS: Number = Number {
    name: "combat-results.loser-rout-hits",
    book: 4,
};
/// *Combat results* chart, "Shaken loser" row: shattered on a die of 1 to this.
pub const SHAKEN_LOSER_SHATTERED_ON: Number = Number {
    name: "combat-results.shaken-loser-shattered-on",
    book: 3,
};
/// *Combat results* chart, "Shaken loser" rows: its rout hits when it is not shattered.
pub const SHAKEN_LOSER_ROUT_HITS: Number = Number {
    name: "combat-results.shaken-loser-rout-hits",
    book: 8,
};

/// *Combat*: infantry beaten by cavalry takes a pursuit hit per full 3 cavalry models
/// (R10).
pub fn pursuit_hits(cavalry_models: u32) -> u32 {
    // A house rule of none gives no hits rather than a division by zero.
    cavalry_models
        .checked_div(CAVALRY_MODELS_PER_PURSUIT_HIT.count())
        .unwrap_or(0)
}

/// What losing a round costs a unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loss {
    pub retreat: Retreat,
    pub pursuit_hits: u32,
    /// Already shaken: a die at or below this shatters it instead of the retreat (R9).
    pub shattered_on: Option<u8>,
}

impl Loss {
    /// Whether the shaken loser's die shattered it.
    pub fn shattered_by(&self, face: u8) -> bool {
        self.shattered_on.is_some_and(|on| face <= on)
    }
}

/// *Combat*: a loser retreats with 4 rout hits. One already shaken is shattered on a
/// 1-3 and otherwise retreats with 8 (R9). Infantry beaten by cavalry also takes pursuit
/// hits for `pursuing_cavalry` models.
pub fn loss(unit: &Unit, pursuing_cavalry: u32) -> Loss {
    let pursuit = if unit.arm.is_infantry() {
        pursuit_hits(pursuing_cavalry)
    } else {
        0
    };
    let (mut retreat, shattered_on) = if unit.is_shaken() {
        let on = SHAKEN_LOSER_SHATTERED_ON.value();
        let hits = SHAKEN_LOSER_ROUT_HITS.value();
        (
            retreat(
                unit,
                SHAKEN_LOSER_ROUT_HITS.count(),
                format!("lost the round while shaken: shattered on 1-{on}, else {hits} rout hits"),
            ),
            // Past what a u8 holds every face of a die shatters, as it does past 6.
            Some(u8::try_from(SHAKEN_LOSER_SHATTERED_ON.count()).unwrap_or(u8::MAX)),
        )
    } else {
        (
            retreat(unit, LOSER_ROUT_HITS.count(), "lost the round"),
            None,
        )
    };
    if pursuit > 0 {
        retreat.reasons.push(format!(
            "infantry beaten by {pursuing_cavalry} cavalry models: {pursuit} pursuit hits"
        ));
    }
    Loss {
        retreat,
        pursuit_hits: pursuit,
        shattered_on,
    }
}

/// What the round did to one unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Inflicted more hits than it took, or its only enemies were overrun guns.
    Won,
    /// Neither: the combat goes on next turn.
    Held,
    Lost(Loss),
    /// Lost and cannot retreat: eliminated.
    Trapped,
    /// Guns with defensive fire that did not lose: their crews take no losses.
    GunsHeld,
    /// Guns with defensive fire that lost: eliminated.
    GunsCarried,
    /// Guns without defensive fire: eliminated without a fight.
    GunsOverrun,
}

impl Outcome {
    pub fn leaves_combat(&self) -> bool {
        !matches!(self, Outcome::Won | Outcome::Held | Outcome::GunsHeld)
    }

    pub fn eliminated(&self) -> bool {
        matches!(
            self,
            Outcome::Trapped | Outcome::GunsCarried | Outcome::GunsOverrun
        )
    }
}

/// One unit's round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    pub suffered: u32,
    pub inflicted: u32,
    /// Hits that stand: none for guns that held or were overrun.
    pub loss_hits: u32,
    pub outcome: Outcome,
    /// *Turn Sequence and Movement*, Disorder: any combat hit disorders, winning alone
    /// does not; guns and skirmishers never count as disordered (R33).
    pub disordered: bool,
}

/// The round's result for every fighter, from the hits each strike scored (in the order
/// of `plan.strikes`).
pub fn settle(fighters: &[Fighter], plan: &RoundPlan, hits: &[u32]) -> Vec<Verdict> {
    let n = fighters.len();
    let mut suffered = vec![0u32; n];
    let mut inflicted = vec![0u32; n];
    for (strike, &scored) in plan.strikes.iter().zip(hits) {
        suffered[strike.at] += scored;
        inflicted[strike.by] += scored;
    }
    let role = |i: usize| fighters[i].combatant.role;
    let enemies = |i: usize| (0..n).filter(move |&j| role(j) != role(i));
    let losing: Vec<bool> = (0..n)
        .map(|i| !plan.overrun[i] && suffered[i] > inflicted[i])
        .collect();
    let guns = |i: usize| fighters[i].unit().arm.is_artillery() && !plan.overrun[i];
    // Guns that held drive back every attacker that did not beat them outright (R11).
    let guns_held: Vec<bool> = (0..n).map(|i| guns(i) && !losing[i]).collect();
    (0..n)
        .map(|i| {
            let f = &fighters[i];
            let unit = f.unit();
            let won = inflicted[i] > suffered[i];
            let beaten = losing[i] || (!won && enemies(i).any(|j| guns_held[j]));
            let carried_all = enemies(i).all(|j| plan.overrun[j]) && enemies(i).next().is_some();
            let outcome = if plan.overrun[i] {
                Outcome::GunsOverrun
            } else if guns(i) {
                if losing[i] {
                    Outcome::GunsCarried
                } else {
                    Outcome::GunsHeld
                }
            } else if beaten && f.combatant.trapped {
                Outcome::Trapped
            } else if beaten {
                let cavalry: u32 = enemies(i)
                    .filter(|&j| fighters[j].unit().arm.is_cavalry())
                    .map(|j| fighters[j].unit().figures().saturating_sub(suffered[j]))
                    .sum();
                let mut loss = loss(unit, cavalry);
                if !losing[i] {
                    loss.retreat
                        .reasons
                        .insert(0, "did not beat the guns: driven back".to_owned());
                }
                Outcome::Lost(loss)
            } else if won || carried_all {
                Outcome::Won
            } else {
                Outcome::Held
            };
            let loss_hits = match outcome {
                Outcome::GunsHeld | Outcome::GunsOverrun => 0,
                _ => suffered[i],
            };
            let disordered = !unit.arm.is_artillery()
                && unit.formation != Formation::Skirmish
                && !outcome.eliminated()
                && loss_hits > 0;
            Verdict {
                suffered: suffered[i],
                inflicted: inflicted[i],
                loss_hits,
                outcome,
                disordered,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests;
