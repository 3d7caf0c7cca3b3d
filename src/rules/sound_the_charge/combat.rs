//! *Close Combat*: combat points, advantage and the scores to hit, dice per eligible figure,
//! and what one round does to each unit in it. Pure: the dice come in as hits counted by
//! the caller from the faces it was given.
//!
//! Every unit named on one side of a combat is in contact with every unit named on the
//! other (ruling 26); a unit's dice are divided among the enemies it fights.

// Why this file is long: *Close Combat* in full: combat points, advantage, scores to hit,
// dice per figure and what a round does to each unit.

use super::Nation;
use super::boats;
use super::forbidden::Forbidden;
use super::morale::grade_score;
use super::shooting::{Cover, artillery_dice, artillery_dice_reason};
use super::{CAVALRY_COLUMN_WIDTH, INFANTRY_COLUMN_WIDTH};
use crate::core::chart::{Number, Written, dice_per, dice_per_words, signed};
use crate::core::plural::counted;
use crate::core::score::Modifier;
use crate::rules::combat_role::Role;
use crate::rules::unit::{Arm, Calibre, CavalryType, CommandState, Formation, Grade, Unit};

/// One unit in a round, with what the table shows about it.
// Flanked, trapped, continuing, blown, stationary: separate facts the referee reads off
// the table, not one state.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, Copy)]
pub struct Combatant<'a> {
    pub unit: &'a Unit,
    pub role: Role,
    pub general_attached: bool,
    /// Under flank/rear attack (*Flank/rear Attacks*).
    pub flanked: bool,
    /// Attacked from two opposite sides: if it loses it cannot retreat (*Retreat Moves* 5).
    pub trapped: bool,
    /// Was already in contact before this round: a continuing combat gives no defensive
    /// fire (*Defensive Fire*).
    pub continuing: bool,
    /// Cavalry blown by two rounds of combat (optional *Blown Cavalry*).
    pub blown: bool,
    /// Cavalry that neither advanced 2" on its last turn nor fought on the last game turn
    /// (optional *Stationary Cavalry*), as the referee judges it.
    pub stationary: bool,
    /// The figures (guns, for a battery) that reach the enemy, when the table differs from
    /// the formation's usual: an "L", a town block, a flanked unit's front rank.
    pub eligible: Option<u32>,
    /// The unit's nation, given only when national modifiers are in play.
    pub nation: Option<Nation>,
}

impl<'a> Combatant<'a> {
    /// The unit in its plain state: no general, not flanked, trapped, blown or
    /// stationary, a fresh round, its usual figures, no nation.
    pub fn plain(unit: &'a Unit, role: Role) -> Combatant<'a> {
        Combatant {
            unit,
            role,
            general_attached: false,
            flanked: false,
            trapped: false,
            continuing: false,
            blown: false,
            stationary: false,
            eligible: None,
            nation: None,
        }
    }
}

/// Where the combat is fought, as the referee sees it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ground {
    /// The defenders' cover: the attackers lose 1 (soft) or 2 (hard) points.
    pub cover: Cover,
    /// The attackers go up a steep slope: -1 to them.
    pub slope: bool,
    /// The defenders stand in disordering terrain (woods, rough ground, a town), where
    /// skirmishers fight as disordered line infantry instead of being overrun.
    pub rough: bool,
}

/// A unit's combat points against one enemy: the chart's base and every modifier.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Points {
    pub base: i32,
    pub base_reason: String,
    pub modifiers: Vec<Modifier>,
}

impl Points {
    fn new(base: i32, base_reason: &str) -> Points {
        Points {
            base,
            base_reason: base_reason.to_owned(),
            modifiers: Vec::new(),
        }
    }

    fn add(&mut self, value: i32, reason: impl Into<String>) {
        self.modifiers.push(Modifier::new(value, reason));
    }

    /// The points a chart's `number` gives, marked when a house rule changed it.
    fn add_number(&mut self, number: &Number, reason: impl Into<String>) {
        self.add(number.value(), number.marked(reason, Written::Signed));
    }

    pub fn total(&self) -> i32 {
        self.base + self.modifiers.iter().map(|m| m.value).sum::<i32>()
    }
}

// The *Combat Points and Modifiers*. The quick reference prints them from here.

/// Base points: heavy cavalry.
pub const HEAVY_CAVALRY_POINTS: Number = Number {
    name: "combat.heavy-cavalry",
    book: 4,
};
/// Base points: medium cavalry.
pub const MEDIUM_CAVALRY_POINTS: Number = Number {
    name: "combat.medium-cavalry",
    book: 3,
};
/// Base points: light cavalry.
pub const LIGHT_CAVALRY_POINTS: Number = Number {
    name: "combat.light-cavalry",
    book: 2,
};
/// Base points: infantry and artillery (and skirmishers fighting as line in rough ground).
pub const FOOT_AND_GUNS_POINTS: Number = Number {
    name: "combat.infantry-and-artillery",
    book: 2,
};
/// Artillery defensive fire, grade A guns.
pub const GUN_FIRE_A: Number = Number {
    name: "combat.gun-defensive-fire-a",
    book: 5,
};
/// Artillery defensive fire, grade B guns.
pub const GUN_FIRE_B: Number = Number {
    name: "combat.gun-defensive-fire-b",
    book: 4,
};
/// Artillery defensive fire, grade C guns.
pub const GUN_FIRE_C: Number = Number {
    name: "combat.gun-defensive-fire-c",
    book: 3,
};
/// Artillery defensive fire, grade D guns.
pub const GUN_FIRE_D: Number = Number {
    name: "combat.gun-defensive-fire-d",
    book: 1,
};
/// Defensive fire from heavy guns, on top of their grade's.
pub const HEAVY_GUNS_FIRE: Number = Number {
    name: "combat.heavy-guns-defensive-fire",
    book: 1,
};
/// Defensive fire from light guns, on top of their grade's.
pub const LIGHT_GUNS_FIRE: Number = Number {
    name: "combat.light-guns-defensive-fire",
    book: -1,
};
/// Infantry defensive fire.
pub const INFANTRY_FIRE: Number = Number {
    name: "combat.infantry-defensive-fire",
    book: 1,
};
/// National: steady British (or Portuguese) infantry's defensive fire, instead of the usual.
pub const BRITISH_DEFENSIVE_FIRE: Number = Number {
    name: "national.britain.defensive-fire",
    book: 2,
};
/// Each grade better than the enemy.
pub const EACH_GRADE_ABOVE: Number = Number {
    name: "combat.each-grade-above",
    book: 1,
};
/// Elite.
pub const ELITE: Number = Number {
    name: "combat.elite",
    book: 1,
};
/// Under flank or rear attack.
pub const FLANKED: Number = Number {
    name: "combat.flank-or-rear",
    book: -2,
};
/// Disordered (guns never are).
pub const DISORDERED: Number = Number {
    name: "combat.disordered",
    book: -1,
};
/// Shaken.
pub const SHAKEN: Number = Number {
    name: "combat.shaken",
    book: -2,
};
/// Attacking up a steep slope.
pub const UPHILL: Number = Number {
    name: "combat.uphill",
    book: -1,
};
/// Attacking soft cover (or landing from boats on a bank).
pub const INTO_SOFT_COVER: Number = Number {
    name: "combat.soft-cover",
    book: -1,
};
/// Attacking hard cover.
pub const INTO_HARD_COVER: Number = Number {
    name: "combat.hard-cover",
    book: -2,
};
/// Cavalry against a square (or, Austria, a battalion-masse).
pub const CAVALRY_VS_SQUARE: Number = Number {
    name: "combat.cavalry-vs-square",
    book: -4,
};
/// A general attached.
pub const GENERAL_ATTACHED: Number = Number {
    name: "combat.general-attached",
    book: 1,
};
/// No general in command radius and none attached.
pub const OUT_OF_COMMAND: Number = Number {
    name: "combat.out-of-command",
    book: -1,
};
/// Blown cavalry (optional rule).
pub const BLOWN_CAVALRY: Number = Number {
    name: "combat.blown-cavalry",
    book: -1,
};
/// Stationary cavalry (optional rule).
pub const STATIONARY_CAVALRY: Number = Number {
    name: "combat.stationary-cavalry",
    book: -1,
};

/// *Combat Points*: heavy cavalry 4, medium 3, light 2, infantry and artillery 2.
fn base_points(arm: Arm) -> (i32, &'static str) {
    match arm {
        Arm::Cavalry(CavalryType::Heavy) => (HEAVY_CAVALRY_POINTS.value(), "heavy cavalry"),
        Arm::Cavalry(CavalryType::Medium) => (MEDIUM_CAVALRY_POINTS.value(), "medium cavalry"),
        Arm::Cavalry(CavalryType::Light) => (LIGHT_CAVALRY_POINTS.value(), "light cavalry"),
        Arm::Infantry(_) => (FOOT_AND_GUNS_POINTS.value(), "infantry"),
        Arm::Artillery { .. } => (FOOT_AND_GUNS_POINTS.value(), "artillery"),
    }
}

/// *Artillery defensive fire*: A +5, B +4, C +3, D +1.
fn artillery_defensive_fire(grade: Grade) -> &'static Number {
    match grade {
        Grade::A => &GUN_FIRE_A,
        Grade::B => &GUN_FIRE_B,
        Grade::C => &GUN_FIRE_C,
        Grade::D => &GUN_FIRE_D,
    }
}

/// *Skirmishers in Combat*: in disordering terrain skirmishers fight as disordered line
/// infantry, whichever side of `vs` a continuing combat names them on.
fn skirmishers_in_rough(c: &Combatant, ground: Ground) -> bool {
    c.unit.formation == Formation::Skirmish && ground.rough
}

/// Disordered for the combat points: marked so, or skirmishers fighting in rough ground.
/// Artillery never is (playsheet note).
fn fights_disordered(c: &Combatant, ground: Ground) -> bool {
    !c.unit.arm.is_artillery() && (c.unit.disordered || skirmishers_in_rough(c, ground))
}

/// A square; or, to cavalry, an Austrian battalion-masse, whichever face it is attacked on
/// (*National Modifiers*, Austria; ruling 61).
pub fn square_to(unit: &Unit, enemy: &Unit) -> bool {
    unit.formation == Formation::Square || (unit.sound_the_charge.masse && enemy.arm.is_cavalry())
}

/// *Defensive Fire*: a steady defending infantry line or unlimbered battery adds points;
/// none when unsteady, in square or column, in a continuing combat or under flank/rear
/// attack. A unit that would fire but may not gets a +0 line saying why, for the table.
fn defensive_fire(c: &Combatant, ground: Ground, points: &mut Points) {
    if c.role != Role::Defender {
        return;
    }
    let unit = c.unit;
    let would_fire = match unit.arm {
        Arm::Infantry(_) => unit.formation == Formation::Line,
        Arm::Artillery { .. } => unit.formation == Formation::Unlimbered,
        Arm::Cavalry(_) => false,
    };
    if unit.arm.is_cavalry() {
        return;
    }
    let denied = if !would_fire {
        Some(match unit.formation {
            Formation::Limbered => "limbered",
            Formation::Skirmish => "skirmishing",
            Formation::Square => "in square",
            _ => "in column",
        })
    } else if unit.is_shaken() {
        Some("shaken")
    } else if fights_disordered(c, ground) {
        Some("disordered")
    } else if c.continuing {
        Some("continuing combat")
    } else if c.flanked {
        Some("under flank/rear attack")
    } else {
        None
    };
    if let Some(why) = denied {
        points.add(0, format!("no defensive fire: {why}"));
        return;
    }
    match unit.arm {
        Arm::Artillery { calibre, .. } => {
            points.add_number(
                artillery_defensive_fire(unit.grade),
                format!("defensive fire, grade {:?} guns", unit.grade),
            );
            match calibre {
                Calibre::Heavy => {
                    points.add_number(&HEAVY_GUNS_FIRE, "defensive fire from heavy guns");
                }
                Calibre::Light => {
                    points.add_number(&LIGHT_GUNS_FIRE, "defensive fire from light guns");
                }
                Calibre::Field => {}
            }
        }
        _ if matches!(c.nation, Some(Nation::Britain | Nation::Portugal)) => {
            points.add_number(
                &BRITISH_DEFENSIVE_FIRE,
                "defensive fire, steady British infantry (national)",
            );
        }
        _ => points.add_number(&INFANTRY_FIRE, "infantry defensive fire"),
    }
}

/// *Combat Points and Modifiers*: `me`'s points against `enemy`.
pub fn points(me: &Combatant, enemy: &Combatant, ground: Ground) -> Points {
    let unit = me.unit;
    let (base, reason) = if skirmishers_in_rough(me, ground) {
        (
            FOOT_AND_GUNS_POINTS.value(),
            "skirmishers in rough ground fight as line infantry",
        )
    } else {
        base_points(unit.arm)
    };
    let mut points = Points::new(base, reason);
    defensive_fire(me, ground, &mut points);
    let above = grade_score(enemy.unit.grade) - grade_score(unit.grade);
    if above > 0 {
        points.add(
            EACH_GRADE_ABOVE.value().saturating_mul(above),
            EACH_GRADE_ABOVE.marked(
                format!(
                    "grade {:?} against grade {:?}: {} a grade",
                    unit.grade,
                    enemy.unit.grade,
                    signed(EACH_GRADE_ABOVE.value())
                ),
                Written::Signed,
            ),
        );
    }
    if unit.elite {
        points.add_number(&ELITE, "elite");
    }
    if me.flanked {
        points.add_number(&FLANKED, "under flank/rear attack");
    }
    if fights_disordered(me, ground) {
        points.add_number(&DISORDERED, "disordered");
    }
    if unit.is_shaken() {
        points.add_number(&SHAKEN, "shaken");
    }
    if me.role == Role::Attacker {
        if ground.slope {
            points.add_number(&UPHILL, "attacking up a steep slope");
        }
        match ground.cover {
            // *Boats*: landing troops find the defenders on the bank as if in soft cover.
            Cover::Open if unit.sound_the_charge.boat.is_some() => {
                points.add_number(
                    &INTO_SOFT_COVER,
                    "landing from boats: the bank counts as soft cover",
                );
            }
            Cover::Open => {}
            Cover::Soft => points.add_number(&INTO_SOFT_COVER, "attacking soft cover"),
            Cover::Hard => points.add_number(&INTO_HARD_COVER, "attacking hard cover"),
        }
    }
    if unit.arm.is_cavalry() && enemy.unit.formation == Formation::Square {
        points.add_number(&CAVALRY_VS_SQUARE, "cavalry against a square");
    } else if unit.arm.is_cavalry() && square_to(enemy.unit, unit) {
        points.add_number(
            &CAVALRY_VS_SQUARE,
            "cavalry against a battalion-masse, a square to cavalry (*National Modifiers*, \
             Austria)",
        );
    }
    // An attached general puts the unit in command whatever its mark (ruling 10).
    if me.general_attached {
        points.add_number(&GENERAL_ATTACHED, "general attached");
    } else if unit.command == CommandState::Out {
        points.add_number(&OUT_OF_COMMAND, "no general in command radius");
    }
    if unit.arm.is_cavalry() && me.blown {
        points.add_number(&BLOWN_CAVALRY, "blown cavalry (optional rule)");
    }
    if unit.arm.is_cavalry() && me.stationary {
        points.add_number(&STATIONARY_CAVALRY, "stationary cavalry (optional rule)");
    }
    points
}

/// *Scores to Hit in Combat*: the score at an advantage.
pub const AHEAD_HITS_ON: Number = Number {
    name: "combat-to-hit.ahead",
    book: 3,
};
/// *Scores to Hit in Combat*: the score with points even.
pub const EVEN_HITS_ON: Number = Number {
    name: "combat-to-hit.even",
    book: 4,
};
/// *Scores to Hit in Combat*: the score 1-2 points behind.
pub const BEHIND_HITS_ON: Number = Number {
    name: "combat-to-hit.behind",
    book: 5,
};
/// *Scores to Hit in Combat*: the score 3 or more points behind.
pub const FAR_BEHIND_HITS_ON: Number = Number {
    name: "combat-to-hit.far-behind",
    book: 6,
};

/// *Scores to Hit in Combat*: 3-6 at advantage, 4-6 even, 5-6 at a disadvantage of 1-2
/// points, 6 at a disadvantage of 3 or more.
pub fn score_to_hit(own: i32, enemy: i32) -> (i32, String) {
    let behind = enemy - own;
    match behind {
        ..=-1 => (
            AHEAD_HITS_ON.value(),
            format!("at advantage, {} to {enemy}", counted(own, "point")),
        ),
        0 => (
            EVEN_HITS_ON.value(),
            format!("even, {} each", counted(own, "point")),
        ),
        1..=2 => (
            BEHIND_HITS_ON.value(),
            format!(
                "at a disadvantage of {behind}, {} to {enemy}",
                counted(own, "point")
            ),
        ),
        _ => (
            FAR_BEHIND_HITS_ON.value(),
            format!(
                "at a disadvantage of {behind}, {} to {enemy}",
                counted(own, "point")
            ),
        ),
    }
}

/// *Eligible Figures in Combat*: the ranks that fight.
pub const RANKS_THAT_FIGHT: Number = Number {
    name: "combat-dice.ranks",
    book: 2,
};
/// *Dice in Combat*: infantry throw a die per this many eligible figures.
pub const FOOT_PER_DIE: Number = Number {
    name: "combat-dice.foot-per-die",
    book: 4,
};
/// *Dice in Combat*: a last remainder of this many infantry throws a die.
pub const FOOT_REMAINDER: Number = Number {
    name: "combat-dice.foot-remainder",
    book: 3,
};
/// *Dice in Combat*: cavalry throw a die per this many eligible figures.
pub const CAVALRY_PER_DIE: Number = Number {
    name: "combat-dice.cavalry-per-die",
    book: 3,
};
/// *Dice in Combat*: a last remainder of this many cavalry throws a die.
pub const CAVALRY_REMAINDER: Number = Number {
    name: "combat-dice.cavalry-remainder",
    book: 2,
};
/// *Wider Cavalry Basing* (optional): cavalry throw a die per this many figures, and no
/// remainder counts.
pub const WIDER_CAVALRY_PER_DIE: Number = Number {
    name: "opt-wider-basing.cavalry-per-die",
    book: 2,
};

/// *Eligible Figures in Combat*: every figure in the first two ranks. A line (one or two
/// ranks) and a skirmish screen fight with all; an infantry column is four figures wide,
/// so eight fight; a cavalry column three wide, so six; a square strikes with three of
/// its four faces (ruling 27).
pub fn eligible_figures(unit: &Unit) -> u32 {
    let figures = unit.figures();
    match (unit.arm, unit.formation) {
        (Arm::Infantry(_), Formation::Column) => figures.min(infantry_column_fights()),
        (Arm::Cavalry(_), Formation::Column) => figures.min(cavalry_column_fights()),
        (_, Formation::Square) => figures - figures / 4,
        _ => figures,
    }
}

/// The figures of an infantry column that fight: its ranks that fight, each as wide as the
/// column.
pub fn infantry_column_fights() -> u32 {
    RANKS_THAT_FIGHT.count() * INFANTRY_COLUMN_WIDTH.count()
}

/// The figures of a cavalry column that fight.
pub fn cavalry_column_fights() -> u32 {
    RANKS_THAT_FIGHT.count() * CAVALRY_COLUMN_WIDTH.count()
}

/// *Dice in Combat*: a die per three cavalry figures, a last two counting.
pub fn cavalry_dice(figures: u32) -> u32 {
    dice_per(figures, &CAVALRY_PER_DIE, &CAVALRY_REMAINDER)
}

/// *Dice in Combat*: a die per four infantry figures, a last three counting.
pub fn infantry_dice(figures: u32) -> u32 {
    dice_per(figures, &FOOT_PER_DIE, &FOOT_REMAINDER)
}

/// A unit's dice in a round and how they were counted (*Dice in Combat*): a die per four
/// infantry (a last three counts) or three cavalry (a last two counts); with wider
/// cavalry basing a die per two cavalry, no remainder; guns a die per gun with two
/// gunners, as the text's example rolls four dice for a four-gun battery.
pub fn dice(c: &Combatant, wider_cavalry_basing: bool) -> Result<(u32, String), Forbidden> {
    let unit = c.unit;
    if unit.sound_the_charge.boat.is_some() {
        return Ok((
            boats::LANDING_DICE,
            "striking from boats as they land: one die (*Boats*)".to_owned(),
        ));
    }
    if let Arm::Artillery { guns, .. } = unit.arm {
        let guns = match c.eligible {
            Some(n) if n > guns => {
                return Err(Forbidden::TooManyGuns {
                    unit: unit.id.clone(),
                    guns,
                    asked: n,
                });
            }
            Some(n) => n,
            None => guns,
        };
        let gunners = unit.figures();
        return Ok((
            artillery_dice(guns, gunners),
            artillery_dice_reason(guns, gunners),
        ));
    }
    let figures = match c.eligible {
        Some(n) if n > unit.figures() => {
            return Err(Forbidden::TooManyFigures {
                unit: unit.id.clone(),
                has: unit.figures(),
                asked: n,
            });
        }
        Some(n) => n,
        None => eligible_figures(unit),
    };
    let counted = if c.eligible.is_some() {
        "as counted on the table"
    } else {
        match unit.formation {
            Formation::Column => "in the column's first two ranks",
            Formation::Square => "on three faces of the square",
            _ => "in the first two ranks",
        }
    };
    Ok(match unit.arm {
        Arm::Cavalry(_) if wider_cavalry_basing => (
            figures
                .checked_div(WIDER_CAVALRY_PER_DIE.count())
                .unwrap_or(0),
            format!(
                "{figures} figures {counted}: a die per {} (wider cavalry basing)",
                WIDER_CAVALRY_PER_DIE.value()
            ),
        ),
        Arm::Cavalry(_) => (
            cavalry_dice(figures),
            format!(
                "{figures} figures {counted}: {}",
                dice_per_words(&CAVALRY_PER_DIE, &CAVALRY_REMAINDER)
            ),
        ),
        _ => (
            infantry_dice(figures),
            format!(
                "{figures} figures {counted}: {}",
                dice_per_words(&FOOT_PER_DIE, &FOOT_REMAINDER)
            ),
        ),
    })
}

/// *Eligible Figures*: a unit fighting several enemies divides its dice as evenly as it
/// can; the odd dice go to the enemies named first (ruling 26).
pub fn split_dice(dice: u32, enemies: usize) -> Vec<u32> {
    let Ok(n) = u32::try_from(enemies) else {
        return Vec::new();
    };
    if n == 0 {
        return Vec::new();
    }
    (0..n).map(|i| dice / n + u32::from(i < dice % n)).collect()
}

/// *Skirmishers in Combat*: skirmishers in the open charged by close-order troops are
/// overrun and eliminated. Skirmishers already in a fight were not overrun when it began.
fn overrun(defender: &Combatant, attackers: &[&Combatant], ground: Ground) -> bool {
    defender.role == Role::Defender
        && !defender.continuing
        && defender.unit.formation == Formation::Skirmish
        && !ground.rough
        && attackers
            .iter()
            .any(|a| a.unit.formation != Formation::Skirmish)
}

/// *Artillery in Combat*: a battery of two or more guns in frontal contact is carried or
/// holds, all or nothing.
fn all_or_nothing(c: &Combatant) -> bool {
    matches!(c.unit.arm, Arm::Artillery { guns, .. } if guns >= 2)
        && c.role == Role::Defender
        && !c.flanked
}

/// One unit's dice at one enemy, and the score they need.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Strike {
    /// Index of the striking unit among the combatants.
    pub by: usize,
    /// Index of the enemy struck.
    pub at: usize,
    pub points: Points,
    pub enemy_points: i32,
    pub dice: u32,
    pub needed: i32,
    pub needed_reason: String,
}

/// The round before the dice: who fights whom, with what points and dice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundPlan {
    /// Each combatant's dice and how they were counted; none for an overrun unit.
    pub dice: Vec<(u32, String)>,
    /// Skirmishers overrun in the open: eliminated without a fight.
    pub overrun: Vec<bool>,
    /// Every unit's strike at every enemy it fights, in the order the units were named.
    pub strikes: Vec<Strike>,
}

/// The round's points and dice, or why it cannot be fought as described.
pub fn plan(
    combatants: &[Combatant],
    ground: Ground,
    wider_cavalry_basing: bool,
) -> Result<RoundPlan, Forbidden> {
    for c in combatants {
        may_fight(c, combatants)?;
    }
    let attackers: Vec<&Combatant> = combatants
        .iter()
        .filter(|c| c.role == Role::Attacker)
        .collect();
    let overrun: Vec<bool> = combatants
        .iter()
        .map(|c| overrun(c, &attackers, ground))
        .collect();
    strikes(
        combatants,
        overrun,
        "overrun: no dice",
        |c| c.role,
        |c| dice(c, wider_cavalry_basing),
        |me, enemy| points(me, enemy, ground),
        score_to_hit,
    )
}

/// Each fighter's dice and its strikes at every enemy not overrun, the dice split as
/// evenly as *Fighting Several Units* says. Both *Sound the Charge* rulesets plan a round
/// this way; their dice, points and scores differ, so they come in as functions.
pub fn strikes<T, E>(
    fighters: &[T],
    overrun: Vec<bool>,
    overrun_reason: &str,
    role: impl Fn(&T) -> Role,
    dice: impl Fn(&T) -> Result<(u32, String), E>,
    points: impl Fn(&T, &T) -> Points,
    score_to_hit: impl Fn(i32, i32) -> (i32, String),
) -> Result<RoundPlan, E> {
    let mut all_dice = Vec::with_capacity(fighters.len());
    let mut strikes = Vec::new();
    for (i, me) in fighters.iter().enumerate() {
        if overrun[i] {
            all_dice.push((0, overrun_reason.to_owned()));
            continue;
        }
        let enemies: Vec<usize> = (0..fighters.len())
            .filter(|&j| role(&fighters[j]) != role(me) && !overrun[j])
            .collect();
        let (count, reason) = dice(me)?;
        if enemies.is_empty() {
            all_dice.push((0, "no enemy left to strike: all were overrun".to_owned()));
            continue;
        }
        all_dice.push((count, reason));
        for (&j, share) in enemies.iter().zip(split_dice(count, enemies.len())) {
            let enemy = &fighters[j];
            let mine = points(me, enemy);
            let theirs = points(enemy, me).total();
            let (needed, needed_reason) = score_to_hit(mine.total(), theirs);
            strikes.push(Strike {
                by: i,
                at: j,
                points: mine,
                enemy_points: theirs,
                dice: share,
                needed,
                needed_reason,
            });
        }
    }
    Ok(RoundPlan {
        dice: all_dice,
        overrun,
        strikes,
    })
}

/// What the text forbids outright (*Charging*; *Flank/rear Attacks*).
fn may_fight(c: &Combatant, all: &[Combatant]) -> Result<(), Forbidden> {
    let unit = c.unit;
    if c.flanked && unit.formation == Formation::Square {
        return Err(Forbidden::SquareFlanks {
            unit: unit.id.clone(),
        });
    }
    let cavalry_enemy = all
        .iter()
        .any(|e| e.role != c.role && e.unit.arm.is_cavalry());
    if c.flanked && unit.sound_the_charge.masse && cavalry_enemy {
        return Err(Forbidden::MasseFlanked {
            unit: unit.id.clone(),
        });
    }
    if c.role != Role::Attacker {
        return Ok(());
    }
    if unit.arm.is_artillery() {
        return Err(Forbidden::GunsAfterVs {
            unit: unit.id.clone(),
        });
    }
    if c.continuing {
        return Ok(());
    }
    if unit.is_shaken() {
        return Err(Forbidden::ShakenChargeInCombat {
            unit: unit.id.clone(),
        });
    }
    let close_order_defender = all.iter().any(|d| {
        d.role == Role::Defender
            && !d.unit.arm.is_artillery()
            && d.unit.formation != Formation::Skirmish
    });
    if unit.formation == Formation::Skirmish && close_order_defender {
        return Err(Forbidden::SkirmishCharge {
            unit: unit.id.clone(),
        });
    }
    Ok(())
}

/// *Combat Results to Loser*: what losing costs a unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loss {
    pub retreat_inches: u32,
    pub rout_hits: u32,
    /// Why these numbers: "already shaken", "infantry beaten by cavalry: doubled".
    pub reasons: Vec<String>,
}

/// *Combat Results*: a loser in good morale retreats this many inches.
pub const LOSER_RETREAT: Number = Number {
    name: "combat-results.retreat",
    book: 4,
};
/// *Combat Results*: a loser in good morale takes this many rout hits.
pub const LOSER_ROUT_HITS: Number = Number {
    name: "combat-results.rout-hits",
    book: 2,
};
/// *Combat Results*: a loser already shaken, or attacked in flank or rear, retreats this
/// many inches.
pub const SHAKEN_LOSER_RETREAT: Number = Number {
    name: "combat-results.retreat-shaken-or-flanked",
    book: 6,
};
/// *Combat Results*: a loser already shaken, or attacked in flank or rear, takes this
/// many rout hits.
pub const SHAKEN_LOSER_ROUT_HITS: Number = Number {
    name: "combat-results.rout-hits-shaken-or-flanked",
    book: 4,
};

/// `unit` as it was before the round. A loser already shaken, or under flank/rear attack, retreats 6" with 4 rout hits;
/// otherwise 4" with 2; it ends shaken either way. Infantry beaten while fighting cavalry
/// takes double rout hits; with wider cavalry basing cavalry takes one fewer, never fewer
/// than one.
pub fn loss(unit: &Unit, flanked: bool, fought_cavalry: bool, wider_cavalry_basing: bool) -> Loss {
    let mut reasons = Vec::new();
    let was_shaken = unit.is_shaken();
    let (retreat_inches, mut rout_hits) = if was_shaken || flanked {
        reasons.push(
            if was_shaken {
                "already shaken"
            } else {
                "under flank/rear attack"
            }
            .to_owned(),
        );
        (SHAKEN_LOSER_RETREAT.count(), SHAKEN_LOSER_ROUT_HITS.count())
    } else {
        (LOSER_RETREAT.count(), LOSER_ROUT_HITS.count())
    };
    if unit.arm.is_infantry() && fought_cavalry {
        rout_hits *= 2;
        reasons.push("infantry beaten fighting cavalry: rout hits doubled".to_owned());
    }
    if unit.arm.is_cavalry() && wider_cavalry_basing {
        rout_hits = super::wider_basing_rout_hits(rout_hits);
        reasons.push("wider cavalry basing: one rout hit fewer".to_owned());
    }
    Loss {
        retreat_inches,
        rout_hits,
        reasons,
    }
}

/// *Cavalry Bouncing off Squares*: the least retreat of cavalry that did not beat a square.
pub const BOUNCE_RETREAT: Number = Number {
    name: "combat-special.bounce-retreat",
    book: 4,
};

/// What the round did to one unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Inflicted more hits than it took: stays in place, disordered (*Pursuit*).
    Won,
    /// Neither won nor lost: the combat goes on next turn.
    Held,
    Lost(Loss),
    /// Lost while attacked from two opposite sides: it cannot retreat and is eliminated.
    Trapped,
    /// Cavalry that did not beat a square retreats 4", disordered but not shaken
    /// (*Cavalry Bouncing off Squares*).
    Bounced,
    /// A battery whose attackers did not win: its crews take no hits
    /// (*Artillery in Combat*).
    GunsHeld,
    /// A battery whose attackers won: its crews are eliminated.
    GunsCarried,
    /// Skirmishers in the open charged by close-order troops: eliminated.
    Overrun,
}

impl Outcome {
    /// Whether the unit leaves the combat (retreats or is destroyed).
    pub fn leaves_combat(&self) -> bool {
        !matches!(self, Outcome::Won | Outcome::Held | Outcome::GunsHeld)
    }

    pub fn eliminated(&self) -> bool {
        matches!(
            self,
            Outcome::Trapped | Outcome::GunsCarried | Outcome::Overrun
        )
    }
}

/// One unit's round: the hits on both sides and what came of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// Hits the enemy scored on it.
    pub suffered: u32,
    /// Hits it scored on the enemy.
    pub inflicted: u32,
    /// Loss hits that stand (none for a battery that held).
    pub loss_hits: u32,
    pub outcome: Outcome,
    /// Becomes disordered: took hits or won (*Steadiness and Disorder* 3, *Pursuit*), or
    /// bounced off a square; guns never are.
    pub disordered: bool,
}

/// Lost: more hits taken than given; Russian infantry (national) only at two more.
fn lost(c: &Combatant, suffered: u32, inflicted: u32) -> bool {
    let russian_infantry = c.unit.arm.is_infantry() && c.nation == Some(Nation::Russia);
    let margin = if russian_infantry { 2 } else { 1 };
    suffered >= inflicted.saturating_add(margin)
}

/// The round's result for every combatant, from the hits each strike scored (in the
/// order of `plan.strikes`).
pub fn settle(
    combatants: &[Combatant],
    plan: &RoundPlan,
    hits: &[u32],
    wider_cavalry_basing: bool,
) -> Vec<Verdict> {
    let n = combatants.len();
    let mut suffered = vec![0u32; n];
    let mut inflicted = vec![0u32; n];
    for (strike, &scored) in plan.strikes.iter().zip(hits) {
        suffered[strike.at] += scored;
        inflicted[strike.by] += scored;
    }
    let losing: Vec<bool> = (0..n)
        .map(|i| !plan.overrun[i] && lost(&combatants[i], suffered[i], inflicted[i]))
        .collect();
    let enemies_of = |i: usize| {
        plan.strikes
            .iter()
            .filter(move |s| s.by == i || s.at == i)
            .map(move |s| if s.by == i { s.at } else { s.by })
    };
    // A frontal battery that held makes every attacker that did not outright win a loser.
    let guns_held: Vec<bool> = (0..n)
        .map(|i| all_or_nothing(&combatants[i]) && !plan.overrun[i] && !losing[i])
        .collect();
    (0..n)
        .map(|i| {
            let c = &combatants[i];
            let won = inflicted[i] > suffered[i];
            let faced_held_guns = enemies_of(i).any(|j| guns_held[j]);
            let faced_square =
                enemies_of(i).any(|j| square_to(combatants[j].unit, c.unit) && !losing[j]);
            let fought_cavalry = enemies_of(i).any(|j| combatants[j].unit.arm.is_cavalry());
            let beaten = losing[i] || (faced_held_guns && !won);
            let outcome = if plan.overrun[i] {
                Outcome::Overrun
            } else if all_or_nothing(c) {
                if losing[i] {
                    Outcome::GunsCarried
                } else {
                    Outcome::GunsHeld
                }
            } else if beaten && c.trapped {
                Outcome::Trapped
            } else if beaten {
                let mut loss = loss(c.unit, c.flanked, fought_cavalry, wider_cavalry_basing);
                if !losing[i] {
                    loss.reasons
                        .insert(0, "did not carry the guns: a tie counts as lost".to_owned());
                }
                Outcome::Lost(loss)
            } else if c.unit.arm.is_cavalry() && faced_square {
                Outcome::Bounced
            } else if won {
                Outcome::Won
            } else {
                Outcome::Held
            };
            let loss_hits = match outcome {
                Outcome::GunsHeld | Outcome::Overrun => 0,
                _ => suffered[i],
            };
            let disordered = !c.unit.arm.is_artillery()
                && !outcome.eliminated()
                && (loss_hits > 0 || matches!(outcome, Outcome::Won | Outcome::Bounced));
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
mod tests {
    use super::*;

    #[test]
    fn scores_to_hit_follow_the_points_gap() {
        // *Scores to Hit in Combat*: 3-6, 4-6, 5-6 (1-2 behind), 6 (3 or more behind).
        assert_eq!(score_to_hit(5, 4).0, 3);
        assert_eq!(score_to_hit(4, 4).0, 4);
        assert_eq!(score_to_hit(3, 4).0, 5);
        assert_eq!(score_to_hit(2, 4).0, 5);
        assert_eq!(score_to_hit(1, 4).0, 6);
        assert_eq!(score_to_hit(-3, 4).0, 6);
    }

    #[test]
    fn dice_are_split_as_evenly_as_possible_first_named_first() {
        assert_eq!(split_dice(5, 2), vec![3, 2]);
        assert_eq!(split_dice(3, 3), vec![1, 1, 1]);
        assert_eq!(split_dice(1, 2), vec![1, 0]);
        assert_eq!(split_dice(4, 0), Vec::<u32>::new());
    }

    #[test]
    fn cavalry_dice_round_up_a_last_two() {
        // *Dice in Combat*: 12 cavalry 4 dice, 8 cavalry 3 (remainder 2), 7 cavalry 2.
        assert_eq!(cavalry_dice(12), 4);
        assert_eq!(cavalry_dice(8), 3);
        assert_eq!(cavalry_dice(7), 2);
        assert_eq!(cavalry_dice(1), 0);
    }
}
