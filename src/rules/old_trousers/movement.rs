//! Movement (*Movement* sections, p14-17): rates, formation changes, facing, oblique
//! moves, terrain, operational movement, charge bonuses and rout moves.

// Why this file is long: the *Movement* sections (p14-17) in full: rates, formation
// changes, facing, oblique moves, terrain, operational moves, charge bonuses and rout
// moves.

use super::dice::{Die, check_face};
use super::forbidden::Forbidden;
use super::unit::{Arm, Calibre, Formation, Transport, Unit, Weight};
use crate::core::chart::Number;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Add, Sub};

/// A distance on the table, kept in quarter inches: movement costs are quarters and
/// halves of whole-inch rates, so every cost the rules produce is exact.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Distance(u32);

impl Distance {
    pub const ZERO: Distance = Distance(0);

    pub const fn inches(inches: u32) -> Distance {
        Distance(inches * 4)
    }

    pub const fn quarters(quarters: u32) -> Distance {
        Distance(quarters)
    }

    pub fn in_quarters(self) -> u32 {
        self.0
    }

    /// `num/den` of this distance, rounded down to the quarter inch.
    #[must_use]
    pub fn part(self, num: u32, den: u32) -> Distance {
        Distance(self.0 * num / den)
    }

    #[must_use]
    pub fn times(self, n: u32) -> Distance {
        Distance(self.0 * n)
    }

    #[must_use]
    pub fn saturating_sub(self, other: Distance) -> Distance {
        Distance(self.0.saturating_sub(other.0))
    }

    /// A distance as the referee types it: whole inches or to the quarter inch (`5`,
    /// `2.5`, `3.75"`).
    pub fn parse(word: &str) -> Option<Distance> {
        let digits = word.trim_end_matches('"').trim_end_matches("in");
        let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
        let quarter = match fraction {
            "" | "0" | "00" => 0,
            "25" => 1,
            "5" | "50" => 2,
            "75" => 3,
            _ => return None,
        };
        let whole: u32 = whole.parse().ok()?;
        Some(Distance(whole.checked_mul(4)?.checked_add(quarter)?))
    }

    /// The distance as [`Distance::parse`] reads it back, without the inch mark: `2.5`.
    pub fn typed(self) -> String {
        let part = ["", ".25", ".5", ".75"][(self.0 % 4) as usize];
        format!("{}{part}", self.0 / 4)
    }
}

impl Add for Distance {
    type Output = Distance;
    fn add(self, other: Distance) -> Distance {
        Distance(self.0 + other.0)
    }
}

impl Sub for Distance {
    type Output = Distance;
    fn sub(self, other: Distance) -> Distance {
        self.saturating_sub(other)
    }
}

impl fmt::Display for Distance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.0 / 4;
        let part = ["", "¼", "½", "¾"][(self.0 % 4) as usize];
        match (whole, part) {
            (0, "") => f.write_str("0\""),
            (0, p) => write!(f, "{p}\""),
            (w, p) => write!(f, "{w}{p}\""),
        }
    }
}

// The *Movement Table* (p16), inches a turn in clear terrain. The quick reference prints
// them from here.

/// Infantry in line.
pub const INFANTRY_LINE: Number = Number {
    name: "movement.infantry.line",
    book: 4,
};
/// Infantry in company column.
pub const INFANTRY_COMPANY_COLUMN: Number = Number {
    name: "movement.infantry.company-column",
    book: 8,
};
/// Infantry in attack column.
pub const INFANTRY_ATTACK_COLUMN: Number = Number {
    name: "movement.infantry.attack-column",
    book: 6,
};
/// Infantry in skirmish order.
pub const INFANTRY_SKIRMISH: Number = Number {
    name: "movement.infantry.skirmish",
    book: 12,
};
/// Infantry in square.
pub const INFANTRY_SQUARE: Number = Number {
    name: "movement.infantry.square",
    book: 2,
};
/// Light cavalry in line.
pub const LIGHT_CAVALRY_LINE: Number = Number {
    name: "movement.light-cavalry.line",
    book: 9,
};
/// Light cavalry in company column.
pub const LIGHT_CAVALRY_COMPANY_COLUMN: Number = Number {
    name: "movement.light-cavalry.company-column",
    book: 18,
};
/// Light cavalry in attack column.
pub const LIGHT_CAVALRY_ATTACK_COLUMN: Number = Number {
    name: "movement.light-cavalry.attack-column",
    book: 14,
};
/// Any cavalry in skirmish order.
pub const CAVALRY_SKIRMISH: Number = Number {
    name: "movement.cavalry.skirmish",
    book: 18,
};
/// Other cavalry in line.
pub const OTHER_CAVALRY_LINE: Number = Number {
    name: "movement.other-cavalry.line",
    book: 8,
};
/// Other cavalry in company column.
pub const OTHER_CAVALRY_COMPANY_COLUMN: Number = Number {
    name: "movement.other-cavalry.company-column",
    book: 16,
};
/// Other cavalry in attack column.
pub const OTHER_CAVALRY_ATTACK_COLUMN: Number = Number {
    name: "movement.other-cavalry.attack-column",
    book: 12,
};
/// Foot artillery limbered.
pub const FOOT_ARTILLERY_LIMBERED: Number = Number {
    name: "movement.foot-artillery.limbered",
    book: 8,
};
/// Foot or horse artillery unlimbered, by prolonge.
pub const PROLONGE: Number = Number {
    name: "movement.artillery.prolonge",
    book: 2,
};
/// 12 pdr or heavier artillery limbered (ruling 20).
pub const HEAVY_ARTILLERY_LIMBERED: Number = Number {
    name: "movement.heavy-artillery.limbered",
    book: 4,
};
/// 12 pdr or heavier artillery by prolonge.
pub const HEAVY_ARTILLERY_PROLONGE: Number = Number {
    name: "movement.heavy-artillery.prolonge",
    book: 1,
};
/// Horse artillery limbered.
pub const HORSE_ARTILLERY_LIMBERED: Number = Number {
    name: "movement.horse-artillery.limbered",
    book: 16,
};

/// The rows of the *Movement Table* (p16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveClass {
    Infantry,
    LightCavalry,
    OtherCavalry,
    FootArtillery,
    /// 12 pdr or greater, whatever carries the gunners (ruling 20).
    HeavyArtillery,
    HorseArtillery,
}

impl MoveClass {
    pub const ALL: [MoveClass; 6] = [
        MoveClass::Infantry,
        MoveClass::LightCavalry,
        MoveClass::OtherCavalry,
        MoveClass::FootArtillery,
        MoveClass::HeavyArtillery,
        MoveClass::HorseArtillery,
    ];

    pub fn of(arm: Arm) -> MoveClass {
        match arm {
            Arm::Infantry => MoveClass::Infantry,
            Arm::Cavalry {
                weight: Weight::Light,
                ..
            } => MoveClass::LightCavalry,
            Arm::Cavalry { .. } => MoveClass::OtherCavalry,
            Arm::Artillery { calibre, .. } if calibre >= Calibre::Twelve => {
                MoveClass::HeavyArtillery
            }
            Arm::Artillery {
                transport: Transport::Foot,
                ..
            } => MoveClass::FootArtillery,
            Arm::Artillery {
                transport: Transport::Horse,
                ..
            } => MoveClass::HorseArtillery,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            MoveClass::Infantry => "Infantry",
            MoveClass::LightCavalry => "Light cavalry",
            MoveClass::OtherCavalry => "Other cavalry",
            MoveClass::FootArtillery => "Foot artillery",
            MoveClass::HeavyArtillery => "Artillery 12 pdr or greater",
            MoveClass::HorseArtillery => "Horse artillery",
        }
    }

    /// Inches per turn in clear terrain (*Movement Table*, p16); `None` where the class
    /// cannot take the formation. An unlimbered battery moves by prolonge.
    #[allow(clippy::match_same_arms)] // a table: cells share numbers
    pub fn rate(self, formation: Formation) -> Option<u32> {
        use Formation::{
            AttackColumn, CompanyColumn, Limbered, Line, Skirmish, Square, Unlimbered,
        };
        let inches = match (self, formation) {
            (MoveClass::Infantry, Line) => &INFANTRY_LINE,
            (MoveClass::Infantry, CompanyColumn) => &INFANTRY_COMPANY_COLUMN,
            (MoveClass::Infantry, AttackColumn) => &INFANTRY_ATTACK_COLUMN,
            (MoveClass::Infantry, Skirmish) => &INFANTRY_SKIRMISH,
            (MoveClass::Infantry, Square) => &INFANTRY_SQUARE,
            (MoveClass::LightCavalry, Line) => &LIGHT_CAVALRY_LINE,
            (MoveClass::LightCavalry, CompanyColumn) => &LIGHT_CAVALRY_COMPANY_COLUMN,
            (MoveClass::LightCavalry, AttackColumn) => &LIGHT_CAVALRY_ATTACK_COLUMN,
            (MoveClass::LightCavalry | MoveClass::OtherCavalry, Skirmish) => &CAVALRY_SKIRMISH,
            (MoveClass::OtherCavalry, Line) => &OTHER_CAVALRY_LINE,
            (MoveClass::OtherCavalry, CompanyColumn) => &OTHER_CAVALRY_COMPANY_COLUMN,
            (MoveClass::OtherCavalry, AttackColumn) => &OTHER_CAVALRY_ATTACK_COLUMN,
            (MoveClass::FootArtillery, Limbered) => &FOOT_ARTILLERY_LIMBERED,
            (MoveClass::FootArtillery | MoveClass::HorseArtillery, Unlimbered) => &PROLONGE,
            (MoveClass::HeavyArtillery, Limbered) => &HEAVY_ARTILLERY_LIMBERED,
            (MoveClass::HeavyArtillery, Unlimbered) => &HEAVY_ARTILLERY_PROLONGE,
            (MoveClass::HorseArtillery, Limbered) => &HORSE_ARTILLERY_LIMBERED,
            _ => return None,
        };
        Some(inches.count())
    }
}

pub fn rate(unit: &Unit, formation: Formation) -> Option<Distance> {
    MoveClass::of(unit.arm)
        .rate(formation)
        .map(Distance::inches)
}

// The shares of a move the *Formation changes and turning* chart prints: the book gives
// each as one part of the move (a quarter, a half), so each Number is the parts the move
// is cut into, and the chart prints it as `1/n`.

/// *Formation changes and turning* chart, "cavalry" row: all cavalry pays a quarter of
/// its move to change formation (*Movement: Formation Changes*, p15).
pub const CAVALRY_CHANGE: Number = Number {
    name: "formation-change.cavalry",
    book: 4,
};
/// *Formation changes and turning* chart, "quick-drilling infantry" row: French infantry
/// and the others who drill as quickly pay a quarter (p15).
pub const QUICK_DRILL_CHANGE: Number = Number {
    name: "formation-change.quick-drilling-infantry",
    book: 4,
};
/// *Formation changes and turning* chart, "other infantry" row: a half (p15).
pub const INFANTRY_CHANGE: Number = Number {
    name: "formation-change.other-infantry",
    book: 2,
};
/// *Formation changes and turning* chart, "limber or unlimber guns" row: a half
/// (*Movement: Artillery*, p15).
pub const LIMBER_CHANGE: Number = Number {
    name: "formation-change.limber-or-unlimber",
    book: 2,
};

/// The share of its move a unit spends to change formation (*Movement: Formation
/// Changes*, p15; *Movement: Artillery*, p15): quick-drilling infantry and all cavalry a
/// quarter, other infantry and limbering or unlimbering guns a half.
pub fn formation_change_share(unit: &Unit) -> (u32, u32) {
    let parts = match unit.arm {
        Arm::Infantry if unit.quick_drill => &QUICK_DRILL_CHANGE,
        Arm::Infantry => &INFANTRY_CHANGE,
        Arm::Cavalry { .. } => &CAVALRY_CHANGE,
        Arm::Artillery { .. } => &LIMBER_CHANGE,
    };
    (1, parts.count())
}

/// *Formation changes and turning* chart, "About face" row: a quarter of the unit's
/// allowance (*Movement: About Face*, p14), as the parts the move is cut into.
pub const ABOUT_FACE: Number = Number {
    name: "formation-change.about-face",
    book: 4,
};
/// *Formation changes and turning* chart, "Oblique or backward" row: every cost doubles
/// (*Movement: Oblique & Retrograde*, p14).
pub const OBLIQUE_FACTOR: Number = Number {
    name: "formation-change.oblique-or-backward",
    book: 2,
};
/// *Movement: Terrain Effects* (p16): formed units in poor ground and light or medium
/// woods move at half speed.
pub const ROUGH_FACTOR: u32 = 2;
/// *Movement: Operational* (p17): double rate, beginning and ending further than this
/// from the nearest enemy.
pub const OPERATIONAL_FACTOR: u32 = 2;
/// The enemy distance of [`OPERATIONAL_FACTOR`], in inches.
pub const OPERATIONAL_CLEARANCE: Number = Number {
    name: "movement.operational-clearance",
    book: 8,
};
/// No unit comes closer than this to an enemy without charging (p17).
pub const APPROACH_LIMIT: Number = Number {
    name: "movement.approach-limit",
    book: 2,
};
/// *Formation changes and turning* chart, "Untrained infantry" row: an untrained line
/// moving further than this, in inches, falls into disorder (p16).
pub const UNTRAINED_LINE_LIMIT: Number = Number {
    name: "formation-change.untrained-line",
    book: 2,
};

/// Area terrain a unit moves in (*Movement: Terrain Effects*, p16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Area {
    Clear,
    PoorGround,
    LightWoods,
    MediumWoods,
    HeavyWoods,
}

impl Area {
    pub const ALL: [Area; 5] = [
        Area::Clear,
        Area::PoorGround,
        Area::LightWoods,
        Area::MediumWoods,
        Area::HeavyWoods,
    ];

    pub fn word(self) -> &'static str {
        match self {
            Area::Clear => "clear",
            Area::PoorGround => "poor ground",
            Area::LightWoods => "light woods",
            Area::MediumWoods => "medium woods",
            Area::HeavyWoods => "heavy woods",
        }
    }

    /// Changing formation here disorders the unit (p16, p18).
    pub fn disorders_formation_change(self) -> bool {
        self != Area::Clear
    }
}

/// What an area does to a unit's pace: `Ok(factor)` multiplies the cost of each inch.
pub fn area_effect(area: Area, unit: &Unit) -> Result<u32, Forbidden> {
    let formed = unit.formed();
    match area {
        Area::MediumWoods | Area::HeavyWoods if unit.arm.is_cavalry() => {
            Err(Forbidden::CavalryInWoods { area: area.word() })
        }
        Area::HeavyWoods if formed => Err(Forbidden::FormedInHeavyWoods),
        Area::PoorGround | Area::LightWoods | Area::MediumWoods if formed => Ok(ROUGH_FACTOR),
        // Clear ground; and by ruling 22 skirmishers and routers are not slowed by area
        // terrain.
        _ => Ok(1),
    }
}

// The *Terrain costs* chart's inches to cross (*Movement: Terrain Effects*, p16), read by
// [`Obstacle::cost`]. Where the book gives one figure for cavalry and artillery, so does
// the chart's row.

/// *Terrain costs* chart, "up a contour" row, foot.
pub const CONTOUR_FOOT: Number = Number {
    name: "terrain.up-a-contour.foot",
    book: 1,
};
/// *Terrain costs* chart, "up a contour" row, horse and guns.
pub const CONTOUR_HORSE_AND_GUNS: Number = Number {
    name: "terrain.up-a-contour.horse-and-guns",
    book: 2,
};
/// *Terrain costs* chart, "stream or ditch" row, foot.
pub const STREAM_FOOT: Number = Number {
    name: "terrain.stream-or-ditch.foot",
    book: 1,
};
/// *Terrain costs* chart, "stream or ditch" row, horse and guns.
pub const STREAM_HORSE_AND_GUNS: Number = Number {
    name: "terrain.stream-or-ditch.horse-and-guns",
    book: 2,
};
/// *Terrain costs* chart, "bridge" row: nothing but the formation it asks (ruling 22).
pub const BRIDGE: Number = Number {
    name: "terrain.bridge",
    book: 0,
};
/// *Terrain costs* chart, "stone wall/redoubt" row, foot.
pub const WALL_FOOT: Number = Number {
    name: "terrain.stone-wall-or-redoubt.foot",
    book: 3,
};
/// *Terrain costs* chart, "stone wall/redoubt" row, horse; guns may not cross.
pub const WALL_HORSE: Number = Number {
    name: "terrain.stone-wall-or-redoubt.horse",
    book: 6,
};
/// *Terrain costs* chart, "wooden fence" row: every formed unit alike.
pub const WOODEN_FENCE: Number = Number {
    name: "terrain.wooden-fence",
    book: 1,
};
/// *Terrain costs* chart, "hedge" row: every formed unit alike.
pub const HEDGE: Number = Number {
    name: "terrain.hedge",
    book: 1,
};

/// Linear terrain crossed during a move (p16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Obstacle {
    /// Going up a contour.
    Contour,
    StreamOrDitch,
    River,
    Bridge,
    StoneWallOrRedoubt,
    WoodenFence,
    Hedge,
}

impl Obstacle {
    pub const ALL: [Obstacle; 7] = [
        Obstacle::Contour,
        Obstacle::StreamOrDitch,
        Obstacle::River,
        Obstacle::Bridge,
        Obstacle::StoneWallOrRedoubt,
        Obstacle::WoodenFence,
        Obstacle::Hedge,
    ];

    pub fn word(self) -> &'static str {
        match self {
            Obstacle::Contour => "up a contour",
            Obstacle::StreamOrDitch => "stream or ditch",
            Obstacle::River => "river",
            Obstacle::Bridge => "bridge",
            Obstacle::StoneWallOrRedoubt => "stone wall or redoubt",
            Obstacle::WoodenFence => "wooden fence",
            Obstacle::Hedge => "hedge",
        }
    }

    /// Inches it costs to cross, by arm (infantry, cavalry, artillery); `None` where the
    /// arm may not cross at all (p16). Fences and hedges only cost formed units.
    pub fn cost(self) -> [Option<u32>; 3] {
        let inches: [Option<&Number>; 3] = match self {
            Obstacle::Contour => [
                Some(&CONTOUR_FOOT),
                Some(&CONTOUR_HORSE_AND_GUNS),
                Some(&CONTOUR_HORSE_AND_GUNS),
            ],
            Obstacle::StreamOrDitch => [
                Some(&STREAM_FOOT),
                Some(&STREAM_HORSE_AND_GUNS),
                Some(&STREAM_HORSE_AND_GUNS),
            ],
            Obstacle::River => [None; 3],
            Obstacle::Bridge => [Some(&BRIDGE); 3],
            Obstacle::StoneWallOrRedoubt => [Some(&WALL_FOOT), Some(&WALL_HORSE), None],
            Obstacle::WoodenFence => [Some(&WOODEN_FENCE); 3],
            Obstacle::Hedge => [Some(&HEDGE); 3],
        };
        inches.map(|cell| cell.map(Number::count))
    }

    /// The scenario may find a stream deep enough to disorder whoever crosses (p16).
    pub fn may_disorder(self) -> bool {
        self == Obstacle::StreamOrDitch
    }
}

/// What crossing `obstacle` costs `unit` in its present formation (p16; ruling 22).
pub fn crossing_cost(obstacle: Obstacle, unit: &Unit) -> Result<Distance, Forbidden> {
    let column = match unit.arm {
        Arm::Infantry => 0,
        Arm::Cavalry { .. } => 1,
        Arm::Artillery { .. } => 2,
    };
    if obstacle == Obstacle::Bridge
        && !matches!(
            unit.formation,
            Formation::CompanyColumn | Formation::Skirmish | Formation::Limbered
        )
    {
        return Err(Forbidden::BridgeOrder);
    }
    let inches = obstacle.cost()[column].ok_or(Forbidden::MayNotCross {
        obstacle: obstacle.word(),
    })?;
    let free_when_loose = matches!(obstacle, Obstacle::WoodenFence | Obstacle::Hedge);
    Ok(if free_when_loose && !unit.formed() {
        Distance::ZERO
    } else {
        Distance::inches(inches)
    })
}

/// *Charges* chart, "Charge move" row, infantry: d6s added to its move.
pub const INFANTRY_CHARGE_DICE: Number = Number {
    name: "charge.infantry-dice",
    book: 1,
};
/// *Charges* chart, "Charge move" row, cavalry: d6s added to its move.
pub const CAVALRY_CHARGE_DICE: Number = Number {
    name: "charge.cavalry-dice",
    book: 2,
};

/// *Movement: Charges* (p17) and the note under the *Movement Table* (p16): infantry adds
/// a d6 to its move, cavalry two (ruling 19).
pub fn charge_dice(arm: Arm) -> Option<usize> {
    match arm {
        Arm::Infantry => Some(dice_count(&INFANTRY_CHARGE_DICE)),
        Arm::Cavalry { .. } => Some(dice_count(&CAVALRY_CHARGE_DICE)),
        Arm::Artillery { .. } => None,
    }
}

/// A chart's count of dice, as the faces thrown are counted.
pub(super) fn dice_count(number: &Number) -> usize {
    usize::try_from(number.count()).unwrap_or(usize::MAX)
}

/// What the referee states for one unit's move this turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovePlan {
    pub from: Formation,
    /// The formation it ends in; the same as `from` when it does not change.
    pub to: Formation,
    pub about_faces: u32,
    /// Moving outside the forward arc (infantry only).
    pub oblique: bool,
    /// Begins and ends more than 8" from the enemy and uses the double rate.
    pub operational: bool,
    /// A battery that unlimbers and then moves by prolonge (rather than moving limbered
    /// and then unlimbering).
    pub prolong: bool,
    /// The d6 faces of a declared charge's bonus.
    pub charge_dice: Option<Vec<u8>>,
    pub area: Area,
    pub crossings: Vec<Obstacle>,
}

impl MovePlan {
    /// Straight ahead in the open, keeping formation.
    pub fn forward(formation: Formation) -> MovePlan {
        MovePlan {
            from: formation,
            to: formation,
            about_faces: 0,
            oblique: false,
            operational: false,
            prolong: false,
            charge_dice: None,
            area: Area::Clear,
            crossings: Vec::new(),
        }
    }
}

/// How far a unit may go, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Allowance {
    /// The movement table's rate for the slowest formation used, doubled when
    /// operational.
    pub rate: Distance,
    pub rate_reason: String,
    /// Added to the rate: a charge bonus.
    pub bonus: Vec<(Distance, String)>,
    /// Spent without covering ground: formation change, about faces, obstacles.
    pub costs: Vec<(Distance, String)>,
    /// Each inch of ground costs this many inches of allowance (oblique, rough ground).
    pub factor: u32,
    pub factor_reasons: Vec<String>,
    /// Ground the unit may still cover.
    pub ground: Distance,
    /// Ways this move leaves the unit disordered.
    pub disorders: Vec<String>,
}

/// The allowance for a move (*Movement*, p14-17; rulings 21 and 22). A refused move
/// comes back as the reason.
pub fn allowance(unit: &Unit, plan: &MovePlan) -> Result<Allowance, Forbidden> {
    if unit.routed {
        return Err(Forbidden::Routed);
    }
    for formation in [plan.from, plan.to] {
        if !unit.may_form(formation) {
            return Err(Forbidden::MayNotBeIn {
                unit: unit.name.clone(),
                formation,
            });
        }
    }
    let changes = plan.from != plan.to;
    if plan.operational && (changes || plan.charge_dice.is_some()) {
        return Err(Forbidden::Operational);
    }
    if plan.oblique && unit.arm.is_cavalry() {
        return Err(Forbidden::CavalryOblique);
    }
    let from_rate = rate(unit, plan.from).ok_or(Forbidden::NoRate)?;
    let to_rate = rate(unit, plan.to).ok_or(Forbidden::NoRate)?;
    let artillery = unit.arm.is_artillery();
    let limbered_rate = rate(unit, Formation::Limbered);
    let (mut base, base_reason) = if artillery && changes {
        // Ruling 21: a battery limbers and moves, or moves and unlimbers, at its limbered
        // rate; or unlimbers and drags by prolonge.
        if plan.prolong {
            (
                rate(unit, Formation::Unlimbered).unwrap_or_default(),
                "prolonge".to_owned(),
            )
        } else {
            (limbered_rate.unwrap_or_default(), "limbered".to_owned())
        }
    } else if from_rate <= to_rate {
        (from_rate, plan.from.word().to_owned())
    } else {
        (to_rate, plan.to.word().to_owned())
    };
    let mut rate_reason = format!("{}, {base_reason}", MoveClass::of(unit.arm).word());
    let mut costs = Vec::new();
    if changes {
        let (num, den) = formation_change_share(unit);
        costs.push((
            base.part(num, den),
            format!("{num}/{den} move to go from {} to {}", plan.from, plan.to),
        ));
    }
    for _ in 0..plan.about_faces {
        costs.push((base.part(1, ABOUT_FACE.count()), "about face".to_owned()));
    }
    if plan.operational {
        base = base.times(OPERATIONAL_FACTOR);
        rate_reason.push_str(", operational ×2");
    }
    let mut factor = 1;
    let mut factor_reasons = Vec::new();
    let loose = matches!(plan.to, Formation::Skirmish | Formation::Limbered);
    if plan.oblique && !loose {
        factor *= OBLIQUE_FACTOR.count();
        factor_reasons.push("oblique or retrograde".to_owned());
    }
    // Terrain is met in the formation the unit moves in after any change.
    let moving = Unit {
        formation: plan.to,
        ..unit.clone()
    };
    for obstacle in &plan.crossings {
        let cost = crossing_cost(*obstacle, &moving)?;
        costs.push((cost.times(factor), format!("crossing {}", obstacle.word())));
    }
    let rough = area_effect(plan.area, &moving)?;
    if rough > 1 {
        factor *= rough;
        factor_reasons.push(format!("{}: half speed", plan.area.word()));
    }
    let mut bonus = Vec::new();
    if let Some(dice) = &plan.charge_dice {
        let wanted = charge_dice(unit.arm).ok_or(Forbidden::ArtilleryCharge)?;
        assert_eq!(dice.len(), wanted, "{wanted} charge bonus dice");
        for &d in dice {
            check_face(Die::D6, d);
        }
        let inches: u32 = dice.iter().map(|&d| u32::from(d)).sum();
        bonus.push((Distance::inches(inches), format!("charge bonus {dice:?}")));
    }
    let mut disorders = Vec::new();
    if changes && plan.area.disorders_formation_change() {
        disorders.push(format!("changed formation in {}", plan.area.word()));
    }
    let total = bonus.iter().fold(base, |sum, (d, _)| sum + *d);
    let spent = costs.iter().fold(Distance::ZERO, |sum, (d, _)| sum + *d);
    Ok(Allowance {
        rate: base,
        rate_reason,
        bonus,
        costs,
        factor,
        factor_reasons,
        ground: Distance::quarters((total - spent).in_quarters() / factor),
        disorders,
    })
}

/// Disorder that comes from how far or in what formation a unit moved (p16, p18).
pub fn moved_into_disorder(
    unit: &Unit,
    formation: Formation,
    moved: Distance,
) -> Option<&'static str> {
    if moved == Distance::ZERO {
        return None;
    }
    if formation == Formation::Square {
        return Some("a square that moves is disordered");
    }
    if unit.untrained
        && formation == Formation::Line
        && moved > Distance::inches(UNTRAINED_LINE_LIMIT.count())
    {
        return Some("untrained infantry moved over 2\" in line");
    }
    None
}

/// *Rout move* chart, "infantry, artillery" row: d6s a turn.
pub const FOOT_ROUT_DICE: Number = Number {
    name: "rout-move.infantry-and-artillery",
    book: 2,
};
/// *Rout move* chart, "cavalry" row: d6s a turn.
pub const CAVALRY_ROUT_DICE: Number = Number {
    name: "rout-move.cavalry",
    book: 3,
};

/// *Movement: Routs* (p17): d6s a routed unit moves toward its baseline each turn.
pub fn rout_dice(arm: Arm) -> usize {
    match arm {
        Arm::Cavalry { .. } => dice_count(&CAVALRY_ROUT_DICE),
        Arm::Infantry | Arm::Artillery { .. } => dice_count(&FOOT_ROUT_DICE),
    }
}

/// *Rout move* chart, "First rout turn" row: the first rout move goes straight away from
/// the enemy for this many inches, ignoring friends in the way (p17).
pub const ROUT_FIRST_STRAIGHT: Number = Number {
    name: "rout-move.first-straight",
    book: 6,
};
/// *Rout move* chart, "It keeps" row: routers keep this many inches from the enemy (p17).
pub const ROUT_ENEMY_DISTANCE: Number = Number {
    name: "rout-move.enemy-distance",
    book: 6,
};
/// *Rout move* chart, "It keeps" row: and squeeze through gaps this many inches wide
/// (p17).
pub const ROUT_GAP: Number = Number {
    name: "rout-move.gap",
    book: 1,
};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoutMove {
    pub dice: Vec<u8>,
    pub distance: Distance,
    /// On the first rout turn, the opening 6" (or the whole move if shorter) go straight
    /// back through friends.
    pub straight_back: Option<Distance>,
}

pub fn rout_move(arm: Arm, first_turn: bool, dice: &[u8]) -> RoutMove {
    assert_eq!(dice.len(), rout_dice(arm), "rout move dice");
    for &d in dice {
        check_face(Die::D6, d);
    }
    let distance = Distance::inches(dice.iter().map(|&d| u32::from(d)).sum());
    RoutMove {
        dice: dice.to_vec(),
        distance,
        straight_back: first_turn
            .then(|| distance.min(Distance::inches(ROUT_FIRST_STRAIGHT.count()))),
    }
}

#[cfg(test)]
mod tests;
