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
    value: 6,
};
/// [`SKIRMISH_RATE`] as a move's inches.
pub const SKIRMISH_MOVE: Inches = Inches::whole(SKIRMISH_RATE.count());

/// *Movement rates* chart, "Square" (*Turn Sequence and Movement*: grade D squares do
/// not move at all).
pub const SQUARE_RATE: Number = Number {
    name: "movement-rates.square",
    value: 3,
};
/// [`SQUARE_RATE`] as a move's inches.
pub const SQUARE_MOVE: Inches = Inches::whole(SQUARE_RATE.count());

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
    value: 10,
};
/// *Movement rates* chart, "Infantry" row, line.
pub const INFANTRY_LINE: Number = Number {
    name: "movement-rates.infantry-line",
    value: 6,
};
/// *Movement rates* chart, "Heavy cavalry" row, column.
pub const HEAVY_CAVALRY_COLUMN: Number = Number {
    name: "movement-rates.heavy-cavalry-column",
    value: 16,
};
/// *Movement rates* chart, "Heavy cavalry" row, line.
pub const HEAVY_CAVALRY_LINE: Number = Number {
    name: "movement-rates.heavy-cavalry-line",
    value: 12,
};
/// *Movement rates* chart, "Medium cavalry" row, column.
pub const MEDIUM_CAVALRY_COLUMN: Number = Number {
    name: "movement-rates.medium-cavalry-column",
    value: 16,
};
/// *Movement rates* chart, "Medium cavalry" row, line.
pub const MEDIUM_CAVALRY_LINE: Number = Number {
    name: "movement-rates.medium-cavalry-line",
    value: 12,
};
/// *Movement rates* chart, "Light cavalry" row, column.
pub const LIGHT_CAVALRY_COLUMN: Number = Number {
    name: "movement-rates.light-cavalry-column",
    value: 20,
};
/// *Movement rates* chart, "Light cavalry" row, line.
pub const LIGHT_CAVALRY_LINE: Number = Number {
    name: "movement-rates.light-cavalry-line",
    value: 16,
};
/// *Movement rates* chart, the "Foot guns" rows, column (limbered): one rate for every
/// calibre.
pub const FOOT_GUNS_LIMBERED: Number = Number {
    name: "movement-rates.foot-guns-limbered",
    value: 9,
};
/// *Movement rates* chart, "Foot guns, light" row, line (manhandled).
pub const LIGHT_FOOT_GUNS_MANHANDLED: Number = Number {
    name: "movement-rates.foot-guns-light-manhandled",
    value: 6,
};
/// *Movement rates* chart, "Foot guns, field" row, line (manhandled).
pub const FIELD_FOOT_GUNS_MANHANDLED: Number = Number {
    name: "movement-rates.foot-guns-field-manhandled",
    value: 4,
};
/// *Movement rates* chart, "Foot guns, heavy" row, line (manhandled).
pub const HEAVY_FOOT_GUNS_MANHANDLED: Number = Number {
    name: "movement-rates.foot-guns-heavy-manhandled",
    value: 3,
};
/// *Movement rates* chart, "Horse guns, any" row, column (limbered).
pub const HORSE_GUNS_LIMBERED: Number = Number {
    name: "movement-rates.horse-guns-limbered",
    value: 20,
};
/// *Movement rates* chart, "Horse guns, any" row, line (manhandled): whatever their
/// calibre (R40).
pub const HORSE_GUNS_MANHANDLED: Number = Number {
    name: "movement-rates.horse-guns-manhandled",
    value: 6,
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
    value: 2,
};
/// *Combat results* chart, "limbered horse guns" in the "Gunners may evade" row.
pub const LIMBERED_HORSE_GUNS_EVADE_DICE: Number = Number {
    name: "evade.limbered-horse-guns-dice",
    value: 3,
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
mod tests {
    use super::super::tests::{FOOT, HC, LC, LIGHT_FOOT, guns, unit};
    use super::*;
    use crate::rules::unit::Morale;
    use proptest::prelude::*;

    fn inches(unit: &Unit, facts: &MoveFacts) -> Inches {
        plan(unit, facts).unwrap_or_else(|e| panic!("{e}")).inches
    }

    fn still() -> MoveFacts {
        MoveFacts::default()
    }

    #[test]
    fn movement_table_by_troop_type_and_formation() {
        let r = |arm, f| rate(arm, f).0;
        assert_eq!(r(FOOT, Formation::Column), Inches::whole(10));
        assert_eq!(r(FOOT, Formation::Line), Inches::whole(6));
        assert_eq!(r(HC, Formation::Column), Inches::whole(16));
        assert_eq!(
            r(Arm::Cavalry(CavalryType::Medium), Formation::Line),
            Inches::whole(12)
        );
        assert_eq!(r(LC, Formation::Column), Inches::whole(20));
        assert_eq!(r(LC, Formation::Line), Inches::whole(16));
        assert_eq!(
            r(guns(Calibre::Heavy, false), Formation::Limbered),
            Inches::whole(9)
        );
        assert_eq!(
            r(guns(Calibre::Light, false), Formation::Unlimbered),
            Inches::whole(6)
        );
        assert_eq!(
            r(guns(Calibre::Field, false), Formation::Unlimbered),
            Inches::whole(4)
        );
        assert_eq!(
            r(guns(Calibre::Heavy, false), Formation::Unlimbered),
            Inches::whole(3)
        );
        assert_eq!(
            r(guns(Calibre::Field, true), Formation::Limbered),
            Inches::whole(20)
        );
        assert_eq!(
            r(guns(Calibre::Field, true), Formation::Unlimbered),
            Inches::whole(6)
        );
        assert_eq!(r(FOOT, Formation::Square), SQUARE_MOVE);
        assert_eq!(r(LIGHT_FOOT, Formation::Skirmish), SKIRMISH_MOVE);
        assert_eq!(GENERAL_MOVE, Inches::whole(32));
    }

    #[test]
    fn charge_and_road_are_half_as_fast_again() {
        let col = unit(FOOT, Grade::C, Formation::Column, 24);
        let charge = MoveFacts {
            charge: true,
            ..still()
        };
        assert_eq!(inches(&col, &charge), Inches::whole(15));
        let limbered = unit(
            guns(Calibre::Field, false),
            Grade::C,
            Formation::Limbered,
            8,
        );
        let road = MoveFacts {
            road: true,
            ..still()
        };
        assert_eq!(inches(&limbered, &road), Inches(54)); // 13½"
        let line = unit(FOOT, Grade::C, Formation::Line, 24);
        assert!(plan(&line, &road).is_err());
        let both = MoveFacts {
            road: true,
            charge: true,
            ..still()
        };
        assert!(plan(&col, &both).is_err());
    }

    #[test]
    fn grade_d_squares_cannot_move() {
        assert_eq!(
            inches(&unit(FOOT, Grade::C, Formation::Square, 24), &still()),
            Inches::whole(3)
        );
        assert!(plan(&unit(FOOT, Grade::D, Formation::Square, 24), &still()).is_err());
        // Forming square, or leaving it, is a formation change, not a move (R49).
        let change = |to| MoveFacts {
            new_formation: Some(to),
            ..still()
        };
        let line_d = unit(FOOT, Grade::D, Formation::Line, 24);
        let square_d = unit(FOOT, Grade::D, Formation::Square, 24);
        assert!(plan(&line_d, &change(Formation::Square)).is_ok());
        assert!(plan(&square_d, &change(Formation::Column)).is_ok());
    }

    #[test]
    fn oblique_half_or_quarter_when_unsteady_and_wheel_half_when_unsteady() {
        let mut line = unit(FOOT, Grade::C, Formation::Line, 24);
        let oblique = MoveFacts {
            oblique: true,
            ..still()
        };
        let wheel = MoveFacts {
            wheel: true,
            ..still()
        };
        assert_eq!(inches(&line, &oblique), Inches::whole(3));
        assert_eq!(inches(&line, &wheel), Inches::whole(6));
        line.disordered = true;
        assert_eq!(inches(&line, &oblique), Inches(6)); // 1½"
        assert_eq!(inches(&line, &wheel), Inches::whole(3));
    }

    #[test]
    fn friends_woods_slopes_and_town_blocks_halve() {
        let col = unit(FOOT, Grade::C, Formation::Column, 24);
        let through = MoveFacts {
            through: true,
            ..still()
        };
        assert_eq!(inches(&col, &through), Inches::whole(5));
        let woods = MoveFacts {
            terrain: Some(Terrain::LightWoods),
            ..still()
        };
        let p = plan(&col, &woods).expect("moves");
        assert_eq!(p.inches, Inches::whole(5));
        assert!(!p.disordered.is_empty());
        let skirm = unit(LIGHT_FOOT, Grade::C, Formation::Skirmish, 8);
        let p = plan(&skirm, &woods).expect("moves");
        assert_eq!(p.inches, Inches::whole(6));
        assert!(p.disordered.is_empty());
        assert!(plan(&unit(HC, Grade::C, Formation::Column, 12), &woods).is_err());
        let slope = MoveFacts {
            rough: true,
            ..still()
        };
        let cav = plan(&unit(HC, Grade::C, Formation::Line, 12), &slope).expect("moves");
        assert_eq!(cav.inches, Inches::whole(6));
        assert!(!cav.disordered.is_empty());
        assert_eq!(inches(&skirm, &slope), Inches::whole(6));
        let out = MoveFacts {
            terrain: Some(Terrain::TownOut),
            ..still()
        };
        assert_eq!(inches(&col, &out), Inches::whole(5));
        let obstacle = MoveFacts {
            terrain: Some(Terrain::Obstacle),
            ..still()
        };
        assert_eq!(inches(&col, &obstacle), Inches::whole(9));
    }

    #[test]
    fn skirmishers_flow_through_friends_at_full_speed() {
        let through = MoveFacts {
            through: true,
            ..still()
        };
        let skirm = unit(LIGHT_FOOT, Grade::C, Formation::Skirmish, 8);
        assert_eq!(inches(&skirm, &through), SKIRMISH_MOVE);
        let line = unit(LIGHT_FOOT, Grade::C, Formation::Line, 8);
        assert_eq!(inches(&line, &through), Inches::whole(3));
    }

    #[test]
    fn formation_change_costs_by_grade_doubled_when_unsteady() {
        let cost = |grade, shaken: bool| {
            let mut u = unit(FOOT, grade, Formation::Line, 24);
            if shaken {
                u.morale = Morale::Shaken;
            }
            maneuver_cost(&u, Maneuver::FormationOrFacing)
        };
        assert_eq!(cost(Grade::A, false).quarters, 2);
        assert_eq!(cost(Grade::C, false).quarters, 4);
        assert!(!cost(Grade::C, false).disordered);
        assert!(cost(Grade::D, false).disordered);
        assert_eq!(cost(Grade::B, true).quarters, 4);
        let slow = cost(Grade::C, true);
        assert_eq!(slow.quarters, 8);
        assert_eq!(slow.turns(), 2);
        assert!(slow.disordered);
    }

    #[test]
    fn limbering_reforming_and_screens() {
        let battery = unit(
            guns(Calibre::Field, false),
            Grade::D,
            Formation::Unlimbered,
            8,
        );
        let limber = maneuver_cost(&battery, Maneuver::LimberOrUnlimber);
        assert_eq!(limber.quarters, 2);
        assert!(!limber.disordered);
        let mut loose = unit(FOOT, Grade::C, Formation::Line, 24);
        loose.disordered = true;
        assert_eq!(maneuver_cost(&loose, Maneuver::Reform).quarters, 4);
        assert_eq!(maneuver_cost(&loose, Maneuver::Screen).quarters, 1);
        let p = plan(
            &battery,
            &MoveFacts {
                new_formation: Some(Formation::Limbered),
                ..still()
            },
        )
        .expect("limbers");
        // Half of the 9" limbered rate.
        assert_eq!(p.inches, Inches(18));
    }

    #[test]
    fn a_grade_a_line_forming_column_moves_half_its_column_rate() {
        let line = unit(FOOT, Grade::A, Formation::Line, 24);
        let p = plan(
            &line,
            &MoveFacts {
                new_formation: Some(Formation::Column),
                ..still()
            },
        )
        .expect("forms");
        assert_eq!(p.inches, Inches::whole(5));
        let c = unit(FOOT, Grade::C, Formation::Line, 24);
        let face = MoveFacts {
            face: true,
            ..still()
        };
        assert_eq!(inches(&c, &face), Inches::ZERO);
    }

    #[test]
    fn skirmishers_forming_up_are_disordered() {
        let skirm = unit(LIGHT_FOOT, Grade::B, Formation::Skirmish, 8);
        let cost = maneuver_cost(&skirm, Maneuver::FormationOrFacing);
        assert!(cost.disordered);
        // Skirmishers are not close order, so unsteady: half a move doubled.
        assert_eq!(cost.quarters, 4);
    }

    #[test]
    fn charge_refusals() {
        let charge = MoveFacts {
            charge: true,
            ..still()
        };
        let battery = unit(guns(Calibre::Field, true), Grade::C, Formation::Limbered, 8);
        assert!(plan(&battery, &charge).is_err());
        let mut shaken = unit(FOOT, Grade::C, Formation::Column, 24);
        shaken.morale = Morale::Shaken;
        assert!(plan(&shaken, &charge).is_err());
        let mut engaged = unit(FOOT, Grade::C, Formation::Column, 24);
        engaged.in_contact_with.push("x".to_owned());
        assert!(plan(&engaged, &still()).is_err());
    }

    #[test]
    fn evaders_roll_two_dice_or_three_for_limbered_horse_guns() {
        assert_eq!(
            evade_dice(&unit(LIGHT_FOOT, Grade::C, Formation::Skirmish, 8)),
            Some(2)
        );
        assert_eq!(
            evade_dice(&unit(
                guns(Calibre::Light, false),
                Grade::C,
                Formation::Unlimbered,
                8
            )),
            Some(2)
        );
        assert_eq!(
            evade_dice(&unit(
                guns(Calibre::Light, true),
                Grade::C,
                Formation::Limbered,
                8
            )),
            Some(3)
        );
        assert_eq!(
            evade_dice(&unit(
                guns(Calibre::Light, true),
                Grade::C,
                Formation::Unlimbered,
                8
            )),
            Some(2)
        );
        assert_eq!(evade_dice(&unit(FOOT, Grade::C, Formation::Line, 24)), None);
        assert_eq!(evade_inches(&[6, 5, 1]), 12);
    }

    // Worked cases (issue 44, item 4): the movement table and every slowing the
    // property below only puts in order, at the number the text gives, as a ruler reads
    // it. "l. N" is the line of ../shared/rules/sound-the-charge-1-25.txt; the movement
    // table is l. 12-16.

    const MC: Arm = Arm::Cavalry(CavalryType::Medium);

    fn ruler(unit: &Unit, facts: &MoveFacts) -> String {
        inches(unit, facts).to_string()
    }

    #[test]
    // One row a case, each under the passage it is worked from: the chart reads as one.
    #[allow(clippy::too_many_lines)]
    fn worked_movement_table_charge_and_road() {
        use crate::rules::sound_the_charge::Nation;
        use Calibre::{Field, Heavy, Light};
        use Formation::{Column, Limbered, Line, Skirmish, Square, Unlimbered};
        let c = |arm, formation, models| unit(arm, Grade::C, formation, models);
        let foot_guns = |calibre, formation| c(guns(calibre, false), formation, 8);
        let horse_guns = |calibre, formation| c(guns(calibre, true), formation, 8);
        let charge = MoveFacts {
            charge: true,
            ..still()
        };
        let road = MoveFacts {
            road: true,
            ..still()
        };
        let nation = |nation| MoveFacts {
            nation: Some(nation),
            ..still()
        };
        let russian_road = MoveFacts {
            road: true,
            ..nation(Nation::Russia)
        };
        let cases: Vec<(&str, Unit, MoveFacts, &str)> = vec![
            // l. 12-13: "Troop Type / Column, Limbered / Line, Manh.": "Infantry 10 6".
            ("infantry column", c(FOOT, Column, 24), still(), "10\""),
            ("infantry line", c(FOOT, Line, 24), still(), "6\""),
            // l. 14 "HC/MC/LC 16/16/20 12/12/16".
            ("HC column", c(HC, Column, 12), still(), "16\""),
            ("HC line", c(HC, Line, 12), still(), "12\""),
            ("MC column", c(MC, Column, 12), still(), "16\""),
            ("MC line", c(MC, Line, 12), still(), "12\""),
            ("LC column", c(LC, Column, 12), still(), "20\""),
            ("LC line", c(LC, Line, 12), still(), "16\""),
            // l. 15 "Foot guns 9 6/4/3": limbered 9 whatever the calibre; manhandled
            // light / field / heavy (l. 12 "The artillery notation is light / field /
            // heavy") 6, 4, 3.
            (
                "light foot guns limbered",
                foot_guns(Light, Limbered),
                still(),
                "9\"",
            ),
            (
                "heavy foot guns limbered",
                foot_guns(Heavy, Limbered),
                still(),
                "9\"",
            ),
            (
                "light foot guns manhandled",
                foot_guns(Light, Unlimbered),
                still(),
                "6\"",
            ),
            (
                "field foot guns manhandled",
                foot_guns(Field, Unlimbered),
                still(),
                "4\"",
            ),
            (
                "heavy foot guns manhandled",
                foot_guns(Heavy, Unlimbered),
                still(),
                "3\"",
            ),
            // l. 16 "Horse guns 20 6", manhandled 6 whatever the calibre (R40).
            (
                "horse guns limbered",
                horse_guns(Field, Limbered),
                still(),
                "20\"",
            ),
            (
                "heavy horse guns manhandled",
                horse_guns(Heavy, Unlimbered),
                still(),
                "6\"",
            ),
            // 1:25 has no national modifiers: the original's "Russian foot guns move two
            // inches slower than normal" (sound-the-charge.txt l. 379) is not in it, so
            // Russian foot guns keep the table's 9 limbered and 4 / 3 manhandled (not 7,
            // 2, 1), as the plan's doc says a nation is ignored.
            (
                "Russian foot guns limbered",
                foot_guns(Field, Limbered),
                nation(Nation::Russia),
                "9\"",
            ),
            (
                "Russian field guns manhandled",
                foot_guns(Field, Unlimbered),
                nation(Nation::Russia),
                "4\"",
            ),
            (
                "Russian heavy guns manhandled",
                foot_guns(Heavy, Unlimbered),
                nation(Nation::Russia),
                "3\"",
            ),
            // Nor the original's Austrian horse guns at 10" limbered: 20.
            (
                "Austrian horse guns limbered",
                horse_guns(Light, Limbered),
                nation(Nation::Austria),
                "20\"",
            ),
            // l. 12 "Squares: Move 3"".
            ("square", c(FOOT, Square, 24), still(), "3\""),
            // l. 53 "Skirmishers move free-form at 6" rate".
            ("skirmishers", c(LIGHT_FOOT, Skirmish, 8), still(), "6\""),
            // l. 12 "Charge Speed: 1.5X normal": 10 + 5, 6 + 3, 12 + 6, 20 + 10.
            (
                "infantry column charging",
                c(FOOT, Column, 24),
                charge,
                "15\"",
            ),
            ("infantry line charging", c(FOOT, Line, 24), charge, "9\""),
            ("HC line charging", c(HC, Line, 12), charge, "18\""),
            ("LC column charging", c(LC, Column, 12), charge, "30\""),
            // l. 73: a column or limbered gun on a road moves at one and a half times
            // its speed: 10 + 5, 9 + 4½, 20 + 10.
            (
                "infantry column on a road",
                c(FOOT, Column, 24),
                road,
                "15\"",
            ),
            (
                "foot guns on a road",
                foot_guns(Heavy, Limbered),
                road,
                "13½\"",
            ),
            (
                "horse guns on a road",
                horse_guns(Light, Limbered),
                road,
                "30\"",
            ),
            (
                "Russian foot guns on a road",
                foot_guns(Field, Limbered),
                russian_road,
                "13½\"",
            ),
        ];
        for (what, u, facts, expected) in cases {
            assert_eq!(ruler(&u, &facts), expected, "{what}");
        }
        // l. 12: "Generals move 32" per turn".
        assert_eq!(GENERAL_MOVE.to_string(), "32\"");
    }

    #[test]
    // One row a case, each under the passage it is worked from: the chart reads as one.
    #[allow(clippy::too_many_lines)]
    fn worked_slowings() {
        use Formation::{Column, Limbered, Line, Skirmish};
        let steady = |arm, formation, models| unit(arm, Grade::C, formation, models);
        let loose = |arm, formation, models| {
            let mut u = unit(arm, Grade::C, formation, models);
            u.disordered = true;
            u
        };
        let shaken = |arm, formation, models| {
            let mut u = unit(arm, Grade::C, formation, models);
            u.morale = Morale::Shaken;
            u
        };
        let facts = |oblique, wheel, through, rough| MoveFacts {
            oblique,
            wheel,
            rough,
            through,
            ..still()
        };
        let oblique = facts(true, false, false, false);
        let wheel = facts(false, true, false, false);
        let through = facts(false, false, true, false);
        let rough = facts(false, false, false, true);
        let backwheel = MoveFacts {
            backwheel: true,
            ..still()
        };
        let cases: Vec<(&str, Unit, MoveFacts, &str)> = vec![
            // l. 63 "Sidestep, backstep, oblique: Half speed. Quarter speed if
            // unsteady." HC line 12: 6; disordered, 3.
            ("HC oblique", steady(HC, Line, 12), oblique, "6\""),
            ("disordered HC oblique", loose(HC, Line, 12), oblique, "3\""),
            // Shaken is unsteady too (l. 63 "steady ... not disordered and not
            // shaken"): LC line 16 → 4.
            ("shaken LC oblique", shaken(LC, Line, 12), oblique, "4\""),
            // Foot guns limbered 9 → 4½.
            (
                "foot guns oblique",
                steady(guns(Calibre::Field, false), Limbered, 8),
                oblique,
                "4½\"",
            ),
            // A backward wheel is a backstep (R20): column 10 → 5, unsteady 2½.
            (
                "column wheels back",
                steady(FOOT, Column, 24),
                backwheel,
                "5\"",
            ),
            (
                "disordered column wheels back",
                loose(FOOT, Column, 24),
                backwheel,
                "2½\"",
            ),
            // l. 67 "Unsteady units wheel at half speed": steady HC 12 in full,
            // disordered 6, shaken LC 16 → 8.
            ("HC wheels", steady(HC, Line, 12), wheel, "12\""),
            ("disordered HC wheels", loose(HC, Line, 12), wheel, "6\""),
            ("shaken LC wheels", shaken(LC, Line, 12), wheel, "8\""),
            // l. 63 "Pass through a friend: 1/2 speed": HC 6, infantry line 3.
            ("HC through a friend", steady(HC, Line, 12), through, "6\""),
            (
                "line through a friend",
                steady(FOOT, Line, 24),
                through,
                "3\"",
            ),
            // "Skirmishers ... may flow freely through friends" (R60): 6.
            (
                "skirmishers through a friend",
                steady(LIGHT_FOOT, Skirmish, 8),
                through,
                "6\"",
            ),
            // l. 71 "Steep slopes cut movement by half (skirmishers move normally)":
            // HC 6, column 5, skirmishers 6.
            ("HC up a steep slope", steady(HC, Line, 12), rough, "6\""),
            (
                "column up a steep slope",
                steady(FOOT, Column, 24),
                rough,
                "5\"",
            ),
            (
                "skirmishers up a steep slope",
                steady(LIGHT_FOOT, Skirmish, 8),
                rough,
                "6\"",
            ),
            // The halvings compound: a line 6, oblique and through a friend, 6 / 2 / 2.
            (
                "line oblique through a friend",
                steady(FOOT, Line, 24),
                facts(true, false, true, false),
                "1½\"",
            ),
            // Column 10 through a friend up a slope: 10 / 2 / 2.
            (
                "column through, up a slope",
                steady(FOOT, Column, 24),
                facts(false, false, true, true),
                "2½\"",
            ),
            // Disordered line 6, oblique and wheeling: 6 / 4 / 2.
            (
                "disordered line oblique, wheeling",
                loose(FOOT, Line, 24),
                facts(true, true, false, false),
                "¾\"",
            ),
            // Disordered HC 12, oblique, through, up a slope: 12 / 4 / 2 / 2.
            (
                "disordered HC, all three",
                loose(HC, Line, 12),
                facts(true, false, true, true),
                "¾\"",
            ),
            // MC column 16, oblique and wheeling while steady: the wheel is free, 8.
            (
                "MC column oblique, wheeling",
                steady(MC, Column, 12),
                facts(true, true, false, false),
                "8\"",
            ),
        ];
        for (what, u, facts, expected) in cases {
            assert_eq!(ruler(&u, &facts), expected, "{what}");
        }
    }

    proptest! {
        #[test]
        fn slowing_facts_never_lengthen_a_move(
            oblique: bool, wheel: bool, through: bool, rough: bool, disordered: bool,
        ) {
            let mut u = unit(FOOT, Grade::C, Formation::Column, 24);
            u.disordered = disordered;
            let facts = MoveFacts { oblique, wheel, rough, through, ..MoveFacts::default() };
            let p = plan(&u, &facts).map_err(|no| TestCaseError::fail(no.to_string()))?;
            prop_assert!(p.inches <= Inches::whole(10));
            prop_assert_eq!(p.inches == Inches::whole(10), !(oblique || through || rough || (wheel && disordered)));
        }
    }
}
