//! The movement table and everything that changes a move: charge speed, roads, terrain,
//! oblique moves, wheels, passing through friends, and what a change of formation or
//! facing costs (*Turn Sequence and Movement*, *Change formation and/or facing* and the
//! terrain sections). Distances are the original's quarter inches, so halves and quarters
//! of 9" or 13½" stay exact.

use super::{Forbidden, steady};
use crate::core::chart::Number;
use crate::rules::sound_the_charge::movement::{Effect, Inches, MoveFacts, Step, Terrain};
use crate::rules::unit::{Arm, Calibre, CavalryType, Formation, Grade, Unit};

/// *Turn Sequence and Movement*: generals move 32" a turn.
pub const GENERAL_MOVE: Inches = Inches::whole(32);

/// *Movement rates* chart, "Skirmishers", and *Skirmishers and screens*, "Move" (free-form,
/// *Skirmishers*).
pub const SKIRMISH_RATE: Number = Number {
    name: "movement-rates.skirmishers",
    book: 6,
};
/// [`SKIRMISH_RATE`] as a move's inches.
pub fn skirmish_move() -> Inches {
    Inches::whole(SKIRMISH_RATE.count())
}

/// *Movement rates* chart, "Square" (*Turn Sequence and Movement*: grade D squares do
/// not move at all).
pub const SQUARE_RATE: Number = Number {
    name: "movement-rates.square",
    book: 3,
};
/// [`SQUARE_RATE`] as a move's inches.
pub fn square_move() -> Inches {
    Inches::whole(SQUARE_RATE.count())
}

/// *Obstacles*: the usual cost to cross; *Fieldworks*: the typical cost, infantry only.
pub const OBSTACLE_CROSSING: Inches = Inches::whole(1);
pub const FIELDWORKS_CROSSING: Inches = Inches::whole(2);

/// *Skirmish Screens*: at most this many models screen, within this many inches of the
/// parent; *Skirmishers*: no farther than this from the unit command model.
pub const SCREEN_MAX_MODELS: u32 = 8;
pub const SCREEN_DISTANCE: u32 = 2;
pub const SKIRMISHER_TETHER: u32 = 6;

fn step(effect: Effect, reason: impl Into<String>) -> Step {
    Step {
        reason: reason.into(),
        effect,
    }
}

// The movement table, in inches: column or limbered, and line or manhandled. The quick
// reference prints them from here.

/// *Movement rates* chart, "Infantry" row, column.
pub const INFANTRY_COLUMN: Number = Number {
    name: "movement-rates.infantry-column",
    book: 10,
};
/// *Movement rates* chart, "Infantry" row, line.
pub const INFANTRY_LINE: Number = Number {
    name: "movement-rates.infantry-line",
    book: 6,
};
/// *Movement rates* chart, "Heavy cavalry" row, column.
pub const HEAVY_CAVALRY_COLUMN: Number = Number {
    name: "movement-rates.heavy-cavalry-column",
    book: 16,
};
/// *Movement rates* chart, "Heavy cavalry" row, line.
pub const HEAVY_CAVALRY_LINE: Number = Number {
    name: "movement-rates.heavy-cavalry-line",
    book: 12,
};
/// *Movement rates* chart, "Medium cavalry" row, column.
pub const MEDIUM_CAVALRY_COLUMN: Number = Number {
    name: "movement-rates.medium-cavalry-column",
    book: 16,
};
/// *Movement rates* chart, "Medium cavalry" row, line.
pub const MEDIUM_CAVALRY_LINE: Number = Number {
    name: "movement-rates.medium-cavalry-line",
    book: 12,
};
/// *Movement rates* chart, "Light cavalry" row, column.
pub const LIGHT_CAVALRY_COLUMN: Number = Number {
    name: "movement-rates.light-cavalry-column",
    book: 20,
};
/// *Movement rates* chart, "Light cavalry" row, line.
pub const LIGHT_CAVALRY_LINE: Number = Number {
    name: "movement-rates.light-cavalry-line",
    book: 16,
};
/// *Movement rates* chart, the "Foot guns" rows, column (limbered): one rate for every
/// calibre.
pub const FOOT_GUNS_LIMBERED: Number = Number {
    name: "movement-rates.foot-guns-limbered",
    book: 9,
};
/// *Movement rates* chart, "Foot guns, light" row, line (manhandled).
pub const LIGHT_FOOT_GUNS_MANHANDLED: Number = Number {
    name: "movement-rates.foot-guns-light-manhandled",
    book: 6,
};
/// *Movement rates* chart, "Foot guns, field" row, line (manhandled).
pub const FIELD_FOOT_GUNS_MANHANDLED: Number = Number {
    name: "movement-rates.foot-guns-field-manhandled",
    book: 4,
};
/// *Movement rates* chart, "Foot guns, heavy" row, line (manhandled).
pub const HEAVY_FOOT_GUNS_MANHANDLED: Number = Number {
    name: "movement-rates.foot-guns-heavy-manhandled",
    book: 3,
};
/// *Movement rates* chart, "Horse guns, any" row, column (limbered).
pub const HORSE_GUNS_LIMBERED: Number = Number {
    name: "movement-rates.horse-guns-limbered",
    book: 20,
};
/// *Movement rates* chart, "Horse guns, any" row, line (manhandled): whatever their
/// calibre (R40).
pub const HORSE_GUNS_MANHANDLED: Number = Number {
    name: "movement-rates.horse-guns-manhandled",
    book: 6,
};

/// The movement table: column or limbered, and line or manhandled, by troop type; foot
/// guns manhandle at 6/4/3 by calibre, horse guns at 6 whatever theirs (R40). A square and skirmishers have their own rates.
pub fn rate(arm: Arm, formation: Formation) -> (Inches, String) {
    let (rate, what) = match (arm, formation) {
        (_, Formation::Square) => (SQUARE_RATE, "square"),
        (_, Formation::Skirmish) => (SKIRMISH_RATE, "skirmishers"),
        (Arm::Infantry(_), Formation::Column) => (INFANTRY_COLUMN, "infantry in column"),
        (Arm::Infantry(_), _) => (INFANTRY_LINE, "infantry in line"),
        (Arm::Cavalry(CavalryType::Light), Formation::Column) => {
            (LIGHT_CAVALRY_COLUMN, "LC in column")
        }
        (Arm::Cavalry(CavalryType::Light), _) => (LIGHT_CAVALRY_LINE, "LC in line"),
        (Arm::Cavalry(CavalryType::Heavy), Formation::Column) => {
            (HEAVY_CAVALRY_COLUMN, "HC/MC in column")
        }
        (Arm::Cavalry(CavalryType::Heavy), _) => (HEAVY_CAVALRY_LINE, "HC/MC in line"),
        (Arm::Cavalry(CavalryType::Medium), Formation::Column) => {
            (MEDIUM_CAVALRY_COLUMN, "HC/MC in column")
        }
        (Arm::Cavalry(CavalryType::Medium), _) => (MEDIUM_CAVALRY_LINE, "HC/MC in line"),
        (Arm::Artillery { horse: true, .. }, Formation::Limbered) => {
            (HORSE_GUNS_LIMBERED, "horse guns limbered")
        }
        (Arm::Artillery { horse: true, .. }, _) => (HORSE_GUNS_MANHANDLED, "horse guns manhandled"),
        (Arm::Artillery { .. }, Formation::Limbered) => (FOOT_GUNS_LIMBERED, "foot guns limbered"),
        (Arm::Artillery { calibre, .. }, _) => match calibre {
            Calibre::Light => (LIGHT_FOOT_GUNS_MANHANDLED, "light foot guns manhandled"),
            Calibre::Field => (FIELD_FOOT_GUNS_MANHANDLED, "field foot guns manhandled"),
            Calibre::Heavy => (HEAVY_FOOT_GUNS_MANHANDLED, "heavy foot guns manhandled"),
        },
    };
    (Inches::whole(rate.count()), what.to_owned())
}

/// The maneuvers a referee prices in parts of a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Maneuver {
    /// A change of formation and/or facing (bending a line, going into or out of
    /// skirmish order included).
    FormationOrFacing,
    LimberOrUnlimber,
    /// Reforming from disorder.
    Reform,
    /// Sending out or calling in a skirmish screen.
    Screen,
}

/// What a maneuver costs, in quarters of a move: 4 is the whole move, 8 two turns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManeuverCost {
    pub quarters: u32,
    pub reasons: Vec<String>,
    /// It ends disordered (a grade D change; a change that takes two turns; skirmishers
    /// forming close order).
    pub disordered: bool,
}

impl ManeuverCost {
    /// Active turns the maneuver takes: past one, the unit takes its new formation at
    /// once and stands disordered until they have passed (R18).
    pub fn turns(&self) -> u32 {
        self.quarters.div_ceil(4).max(1)
    }

    /// What paying for it does to a move of `whole` before it: a quarter is a quarter of
    /// that move, half a move halves what is left, a whole move leaves nothing.
    pub fn effect(&self, whole: Inches) -> Effect {
        match self.quarters {
            ..=1 => Effect::Minus(Inches(whole.0 * self.quarters / 4)),
            2 | 3 => Effect::Half,
            _ => Effect::NoMoveLeft,
        }
    }
}

/// *Change formation and/or facing*: a full move for grade C-D (grade D ends disordered),
/// half for A-B, doubled for a unit that starts unsteady. Limbering or unlimbering is half
/// a move, doubled if unsteady (R17); reforming from disorder a full move; a screen a
/// quarter move (*Skirmish Screens*).
pub fn maneuver_cost(unit: &Unit, maneuver: Maneuver) -> ManeuverCost {
    let mut reasons = Vec::new();
    let mut disordered = false;
    let mut quarters = match maneuver {
        Maneuver::FormationOrFacing => match unit.grade {
            Grade::A | Grade::B => {
                reasons.push(format!("grade {:?}: half a move", unit.grade));
                2
            }
            Grade::C => {
                reasons.push("grade C: a full move".to_owned());
                4
            }
            Grade::D => {
                reasons.push("grade D: a full move, ends disordered".to_owned());
                disordered = !unit.arm.is_artillery();
                4
            }
        },
        Maneuver::LimberOrUnlimber => {
            reasons.push("limber/unlimber: half a move".to_owned());
            2
        }
        Maneuver::Reform => {
            reasons.push("reform from disorder: a full move".to_owned());
            4
        }
        Maneuver::Screen => {
            reasons.push("a quarter move".to_owned());
            1
        }
    };
    let doubles = matches!(
        maneuver,
        Maneuver::FormationOrFacing | Maneuver::LimberOrUnlimber
    );
    if doubles && !steady(unit) {
        quarters *= 2;
        reasons.push("started unsteady: cost doubled".to_owned());
    }
    if quarters > 4 && !unit.arm.is_artillery() {
        disordered = true;
        reasons.push("takes two turns: disordered until done".to_owned());
    }
    if maneuver == Maneuver::FormationOrFacing && unit.formation == Formation::Skirmish {
        disordered = true;
        reasons.push("skirmishers forming close order are disordered".to_owned());
    }
    ManeuverCost {
        quarters,
        reasons,
        disordered,
    }
}

/// The allowance and what the move does to the unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovePlan {
    pub steps: Vec<Step>,
    pub inches: Inches,
    pub formation_after: Formation,
    pub maneuver: Option<ManeuverCost>,
    /// Reasons the move leaves it disordered.
    pub disordered: Vec<String>,
}

/// The move's allowance and consequences, or the refusal the referee reads out. Order:
/// chart rate, charge or road 1.5×, the halvings, obstacle crossings, the maneuver's cost
/// last. Halvings compound and round down to the quarter inch.
///
/// Of [`MoveFacts`], 1:25 reads `charge`, `new_formation`, `face`, `oblique`, `wheel`,
/// `backwheel` (a backstep, R20), `road`, `rough` (a steep slope), `through` and
/// `terrain`; boats, battalion-masse and the original's screens it refuses; the rest
/// (command, pinning, nation…) have no 1:25 meaning and are ignored.
pub fn plan(unit: &Unit, facts: &MoveFacts) -> Result<MovePlan, Forbidden> {
    let after = refusal(unit, facts)?;
    let skirmishers = after == Formation::Skirmish;
    let is_steady = steady(unit);
    let mut plan = MovePlan {
        steps: Vec::new(),
        inches: Inches::ZERO,
        formation_after: after,
        maneuver: None,
        disordered: Vec::new(),
    };
    let (chart, why) = rate(unit.arm, after);
    plan.steps
        .push(step(Effect::Rate(chart), format!("{why} (movement table)")));
    if facts.charge {
        plan.steps.push(step(
            Effect::Plus(Inches(chart.0 / 2)),
            "charge speed: 1.5× normal (*Turn Sequence and Movement*)",
        ));
    } else if facts.road {
        plan.steps.push(step(
            Effect::Plus(Inches(chart.0 / 2)),
            format!("{after} on a road: 1.5× (*Roads*)"),
        ));
    }
    if facts.oblique || facts.backwheel {
        let what = if facts.backwheel {
            "backward wheel, as a backstep"
        } else {
            "sidestep/backstep/oblique"
        };
        plan.steps.push(if is_steady {
            step(
                Effect::Half,
                format!("{what}: half speed (*Sidestep, backstep, oblique*)"),
            )
        } else {
            step(
                Effect::Quarter,
                format!("{what} while unsteady: quarter speed (*Sidestep, backstep, oblique*)"),
            )
        });
    }
    if facts.wheel && !is_steady {
        plan.steps.push(step(
            Effect::Half,
            "wheel while unsteady: half speed (*Wheeling*)",
        ));
    }
    // Skirmishers flow freely through friends (*Pass through a friend*, R60).
    if facts.through && !skirmishers {
        plan.steps.push(step(
            Effect::Half,
            "through a friend: half speed, the friend stands still (*Pass through a friend*)",
        ));
    }
    if facts.rough && !skirmishers {
        plan.steps.push(step(
            Effect::Half,
            "steep slope: half speed (*Hill Contours*)",
        ));
        if unit.arm.is_cavalry() {
            plan.disordered
                .push("cavalry on a steep slope (*Hill Contours*)".to_owned());
        }
    }
    terrain(unit, facts, skirmishers, &mut plan);
    maneuver(unit, facts, &mut plan);
    plan.inches = plan
        .steps
        .iter()
        .fold(Inches::ZERO, |inches, s| s.effect.apply(inches));
    Ok(plan)
}

fn terrain(unit: &Unit, facts: &MoveFacts, skirmishers: bool, plan: &mut MovePlan) {
    let Some(ground) = facts.terrain else {
        return;
    };
    let disorders = !skirmishers && !unit.arm.is_artillery();
    match ground {
        // On a road the way through woods is clear (R29).
        Terrain::LightWoods | Terrain::HeavyWoods if facts.road => {}
        Terrain::LightWoods | Terrain::HeavyWoods => {
            if !skirmishers {
                plan.steps
                    .push(step(Effect::Half, "woods: half speed (*Woods*)"));
            }
            if disorders {
                plan.disordered.push("entered woods (*Woods*)".to_owned());
            }
        }
        Terrain::Obstacle => plan.steps.push(step(
            Effect::Minus(OBSTACLE_CROSSING),
            "crossing an obstacle (*Obstacles*)",
        )),
        Terrain::Fieldworks => plan.steps.push(step(
            Effect::Minus(FIELDWORKS_CROSSING),
            "crossing fieldworks (*Fieldworks*)",
        )),
        Terrain::TownIn => {
            if disorders {
                plan.disordered
                    .push("entered a town block (*Town Blocks*)".to_owned());
            }
        }
        Terrain::TownOut => plan.steps.push(step(
            Effect::Half,
            "emerging from a town block: half a move (*Town Blocks*)",
        )),
    }
}

fn maneuver(unit: &Unit, facts: &MoveFacts, plan: &mut MovePlan) {
    let kind = match facts.new_formation {
        Some(Formation::Limbered | Formation::Unlimbered) => Maneuver::LimberOrUnlimber,
        Some(_) => Maneuver::FormationOrFacing,
        None if facts.face => Maneuver::FormationOrFacing,
        None => return,
    };
    let cost = maneuver_cost(unit, kind);
    let reason = format!(
        "{} (*Change formation and/or facing*)",
        cost.reasons.join("; ")
    );
    let whole = plan
        .steps
        .iter()
        .fold(Inches::ZERO, |inches, s| s.effect.apply(inches));
    plan.steps.push(step(cost.effect(whole), reason));
    if cost.disordered {
        plan.disordered.extend(cost.reasons.iter().cloned());
    }
    plan.maneuver = Some(cost);
}

/// Why the move cannot be made, else the formation the unit moves in.
fn refusal(unit: &Unit, facts: &MoveFacts) -> Result<Formation, Forbidden> {
    let id = &unit.id;
    if unit.in_contact() {
        return Err(Forbidden::MoveInCombat { unit: id.clone() });
    }
    if unit.sound_the_charge.boat.is_some()
        || facts.upstream
        || facts.masse.is_some()
        || facts.screening
    {
        return Err(Forbidden::NotInOneTwentyFive);
    }
    if let Some(new) = facts.new_formation {
        if new == unit.formation {
            return Err(Forbidden::AlreadyIn {
                unit: id.clone(),
                formation: new,
            });
        }
        if !unit.arm.allows(new) {
            return Err(Forbidden::CannotForm {
                unit: id.clone(),
                arm: unit.arm.label(),
                formation: new,
            });
        }
    }
    let after = facts.new_formation.unwrap_or(unit.formation);
    // Forming or leaving square is a formation change, not a move in square (R49).
    if unit.formation == Formation::Square
        && facts.new_formation.is_none()
        && unit.grade == Grade::D
    {
        return Err(Forbidden::GradeDSquare { unit: id.clone() });
    }
    if facts.charge {
        let unit_id = id.clone();
        let no = if unit.arm.is_artillery() {
            Some(Forbidden::GunsCharge { unit: unit_id })
        } else if unit.is_shaken() {
            Some(Forbidden::ShakenCharge { unit: unit_id })
        } else if after == Formation::Square {
            Some(Forbidden::SquareCharge { unit: unit_id })
        } else if facts.new_formation.is_some() || facts.face || facts.oblique {
            Some(Forbidden::WheelCharge { unit: unit_id })
        } else if facts.road {
            Some(Forbidden::RoadCharge { unit: unit_id })
        } else {
            None
        };
        if let Some(no) = no {
            return Err(no);
        }
    }
    if facts.road && !matches!(after, Formation::Column | Formation::Limbered) {
        return Err(Forbidden::RoadFormation {
            unit: id.clone(),
            formation: after,
        });
    }
    let woods = matches!(
        facts.terrain,
        Some(Terrain::LightWoods | Terrain::HeavyWoods)
    );
    if woods && !facts.road && !unit.arm.is_infantry() {
        return Err(Forbidden::WoodsImpassable { unit: id.clone() });
    }
    if facts.terrain == Some(Terrain::Fieldworks) && !unit.arm.is_infantry() {
        return Err(Forbidden::FieldworksInfantryOnly { unit: id.clone() });
    }
    if facts.charge && facts.terrain == Some(Terrain::TownIn) && unit.arm.is_cavalry() {
        return Err(Forbidden::CavalryTownBlocks { unit: id.clone() });
    }
    Ok(after)
}

/// *Combat results* chart, "Gunners may evade" row, and *Skirmishers and screens*,
/// "Attacked: may evade": skirmishers and gunners on foot, dice of inches.
pub const EVADE_DICE: Number = Number {
    name: "evade.dice",
    book: 2,
};
/// *Combat results* chart, "limbered horse guns" in the "Gunners may evade" row.
pub const LIMBERED_HORSE_GUNS_EVADE_DICE: Number = Number {
    name: "evade.limbered-horse-guns-dice",
    book: 3,
};

/// *Skirmishers*, *Attacking Artillery*: the dice an evading unit rolls for its inches:
/// skirmishers and gunners on foot 2D6, limbered horse artillery 3D6 (R23). `None` for
/// troops that do not evade.
pub fn evade_dice(unit: &Unit) -> Option<u32> {
    match (unit.arm, unit.formation) {
        (Arm::Artillery { horse: true, .. }, Formation::Limbered) => {
            Some(LIMBERED_HORSE_GUNS_EVADE_DICE.count())
        }
        (Arm::Artillery { .. }, _) | (_, Formation::Skirmish) => Some(EVADE_DICE.count()),
        _ => None,
    }
}

/// The evade's length: the dice's faces added.
pub fn evade_inches(faces: &[u8]) -> u32 {
    faces.iter().map(|&f| u32::from(f)).sum()
}

#[cfg(test)]
mod tests;
