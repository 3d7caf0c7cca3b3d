//! *Movement* and *Maneuvers*: how far a unit may move this turn, and what a change of
//! formation or facing costs it. The referee measures on the table; this module says the
//! allowance and every reason for it, in the order the reasons apply.
//!
//! Pure: the caller says what the move is ([`MoveFacts`]); nothing here rolls a die.

// Why this file is long: *Movement* and *Maneuvers* in full: the reasons for a move's
// allowance come in the text's order, one function each.

use super::Nation;
use super::forbidden::Forbidden;
pub use super::move_plan::{Cost, Effect, Inches, MoveFacts, MovePlan, Step, Terrain};
use crate::core::chart::Number;
use crate::rules::unit::{Arm, Calibre, CavalryType, Formation, Grade, InfantryType, Unit};

/// *Generals* chart, "moves" in the "Command radius (CR)" row, and the *Movement rates*
/// chart's "Generals move" row: generals move 18" per turn (playsheet, under the
/// *Movement Table*).
pub const GENERAL_MOVE_INCHES: Number = Number {
    name: "generals.move",
    book: 18,
};
/// [`GENERAL_MOVE_INCHES`] on the ruler.
pub fn general_move() -> Inches {
    Inches::whole(GENERAL_MOVE_INCHES.count())
}

/// Evaders "may evade no more than eight inches" (*Evading*).
pub const EVADE_MAX_INCHES: Number = Number {
    name: "retreats.evade-at-most",
    book: 8,
};
/// [`EVADE_MAX_INCHES`] on the ruler.
pub fn evade_max() -> Inches {
    Inches::whole(EVADE_MAX_INCHES.count())
}

/// *Voluntary retreat* chart, "Up to" row: *Retreat Moves*' zone is 18" long, and no
/// retreat goes farther.
pub const RETREAT_MAX_INCHES: Number = Number {
    name: "retreats.at-most",
    book: 18,
};
/// [`RETREAT_MAX_INCHES`] on the ruler.
pub fn retreat_max() -> Inches {
    Inches::whole(RETREAT_MAX_INCHES.count())
}

/// *Voluntary retreat* chart, "Ends farther from every enemy" row: *Voluntary Retreat*
/// (optional) 1, it ends at least this far from the nearest enemy.
pub const VOLUNTARY_RETREAT_CLEAR_INCHES: Number = Number {
    name: "voluntary-retreat.clear-of-nearest",
    book: 4,
};
/// [`VOLUNTARY_RETREAT_CLEAR_INCHES`] on the ruler.
pub fn voluntary_retreat_clear() -> Inches {
    Inches::whole(VOLUNTARY_RETREAT_CLEAR_INCHES.count())
}

/// *Voluntary retreat* chart, "Good morale" row: *Voluntary Retreat* 2, a unit in good
/// morale takes this many rout hits.
pub const VOLUNTARY_RETREAT_ROUT_HITS: Number = Number {
    name: "voluntary-retreat.rout-hits",
    book: 1,
};
/// *Voluntary retreat* chart, "Already shaken" row: *Voluntary Retreat* 3.
pub const VOLUNTARY_RETREAT_SHAKEN_ROUT_HITS: Number = Number {
    name: "voluntary-retreat.shaken-rout-hits",
    book: 2,
};

/// *Voluntary Retreat* 2 and 3: one rout hit, or two for a unit already shaken; either
/// way it ends shaken.
pub fn voluntary_retreat_rout_hits(unit: &Unit) -> u32 {
    if unit.is_shaken() {
        VOLUNTARY_RETREAT_SHAKEN_ROUT_HITS.count()
    } else {
        VOLUNTARY_RETREAT_ROUT_HITS.count()
    }
}

/// "Austrian horse guns move 10" per turn when limbered" (*National Modifiers*, Austria).
const AUSTRIAN_HORSE_GUNS_LIMBERED: Inches = Inches::whole(10);

/// "Russian foot guns move two inches slower than normal" (*National Modifiers*, Russia).
const RUSSIAN_FOOT_GUNS_SLOWER: Inches = Inches::whole(2);

/// "A Spanish cavalry unit must roll a 3-6 on one die in order to launch a charge"
/// (*National Modifiers*, Spain, Naples).
const SPANISH_CAVALRY_CHARGE_ROLL: u8 = 3;

// The *Movement Table*, in inches: the rate in line (or manhandled) and in column (or
// limbered), and the charge column. The quick reference prints them from here.

/// Infantry: the rate in line.
pub const INFANTRY_LINE: Number = Number {
    name: "movement.infantry-line",
    book: 4,
};
/// Infantry: the rate in column.
pub const INFANTRY_COLUMN: Number = Number {
    name: "movement.infantry-column",
    book: 6,
};
/// Heavy or medium cavalry: the rate in line.
pub const HEAVY_CAVALRY_LINE: Number = Number {
    name: "movement.heavy-cavalry-line",
    book: 6,
};
/// Heavy or medium cavalry: the rate in column.
pub const HEAVY_CAVALRY_COLUMN: Number = Number {
    name: "movement.heavy-cavalry-column",
    book: 8,
};
/// Light cavalry: the rate in line.
pub const LIGHT_CAVALRY_LINE: Number = Number {
    name: "movement.light-cavalry-line",
    book: 8,
};
/// Light cavalry: the rate in column.
pub const LIGHT_CAVALRY_COLUMN: Number = Number {
    name: "movement.light-cavalry-column",
    book: 10,
};
/// Horse guns of light or field calibre: the rate in line.
pub const HORSE_GUNS_LINE: Number = Number {
    name: "movement.horse-guns-line",
    book: 4,
};
/// Horse guns of light or field calibre: the rate in column.
pub const HORSE_GUNS_COLUMN: Number = Number {
    name: "movement.horse-guns-column",
    book: 14,
};
/// Light guns: the rate in line.
pub const LIGHT_GUNS_LINE: Number = Number {
    name: "movement.light-guns-line",
    book: 4,
};
/// Light guns: the rate in column.
pub const LIGHT_GUNS_COLUMN: Number = Number {
    name: "movement.light-guns-column",
    book: 6,
};
/// Field guns: the rate in line.
pub const FIELD_GUNS_LINE: Number = Number {
    name: "movement.field-guns-line",
    book: 3,
};
/// Field guns: the rate in column.
pub const FIELD_GUNS_COLUMN: Number = Number {
    name: "movement.field-guns-column",
    book: 6,
};
/// Heavy guns: the rate in line.
pub const HEAVY_GUNS_LINE: Number = Number {
    name: "movement.heavy-guns-line",
    book: 2,
};
/// Heavy guns: the rate in column.
pub const HEAVY_GUNS_COLUMN: Number = Number {
    name: "movement.heavy-guns-column",
    book: 4,
};
/// Infantry's charge bonus.
pub const INFANTRY_CHARGE: Number = Number {
    name: "movement.infantry-charge",
    book: 2,
};
/// Cavalry's charge bonus.
pub const CAVALRY_CHARGE: Number = Number {
    name: "movement.cavalry-charge",
    book: 4,
};

/// The chart rate for the formation a unit moves in, with national modifiers when
/// `nation` is Some (*Movement Table*, *National Modifiers*).
pub fn rate(arm: Arm, formation: Formation, nation: Option<Nation>) -> (Inches, String) {
    let (chart, mut reason) = chart_rate(arm, formation);
    match national_step(arm, formation, nation, chart) {
        Some(step) => {
            reason.push_str("; ");
            reason.push_str(&step.reason);
            (step.effect.apply(chart), reason)
        }
        None => (chart, reason),
    }
}

/// The *Movement Table* charge column: infantry +2, cavalry +4; guns "NA", and gunners
/// may not charge (*Charging* 5).
pub fn charge_bonus(arm: Arm) -> Option<Inches> {
    match arm {
        Arm::Infantry(_) => Some(Inches::whole(INFANTRY_CHARGE.count())),
        Arm::Cavalry(_) => Some(Inches::whole(CAVALRY_CHARGE.count())),
        Arm::Artillery { .. } => None,
    }
}

/// Spanish/Neapolitan cavalry must roll 3-6 on one die to launch a charge
/// (*National Modifiers*, Spain).
pub fn charge_roll_needed(unit: &Unit, nation: Option<Nation>) -> Option<u8> {
    let spanish = matches!(nation, Some(Nation::Spain | Nation::Naples));
    (spanish && matches!(unit.arm, Arm::Cavalry(_))).then_some(SPANISH_CAVALRY_CHARGE_ROLL)
}

/// The move's allowance and consequences, or the refusal the referee reads out.
///
/// Order (ruling): chart rate, national change, charge bonus, road ×2, then each
/// halving (out of command, oblique, through friends, rough ground, terrain, slow wheel,
/// backward wheel), then the maneuver's cost last. Halvings compound and round down to
/// the quarter inch.
pub fn plan(unit: &Unit, facts: &MoveFacts) -> Result<MovePlan, Forbidden> {
    if unit.sound_the_charge.boat.is_some() {
        if facts.terrain.is_some() || facts.backwheel {
            return Err(Forbidden::BoatsAshoreWords {
                unit: unit.id.clone(),
            });
        }
        return super::boats::plan(unit, facts);
    }
    if facts.upstream {
        return Err(Forbidden::UpstreamAshore {
            unit: unit.id.clone(),
        });
    }
    let after = refusal(unit, facts)?;
    let mut plan = MovePlan {
        steps: Vec::new(),
        inches: Inches::ZERO,
        formation_after: after,
        maneuver: None,
        disordered: Vec::new(),
        shaken: Vec::new(),
        masse: facts.masse,
    };
    let (chart, reason) = starting_rate(unit, facts, after);
    plan.steps.push(Step::new(Effect::Rate(chart), reason));
    if !gunners_afoot(unit) {
        plan.steps
            .extend(national_step(unit.arm, after, facts.nation, chart));
    }
    if facts.charge {
        plan.steps.push(charge_step(unit, facts));
    }
    if facts.road {
        plan.steps.push(Step::new(
            Effect::Times2,
            format!("{after} on a road all turn: double speed (*Roads*)"),
        ));
    }
    halvings(unit, facts, &mut plan);
    maneuver(unit, facts, &mut plan);
    plan.inches = plan
        .steps
        .iter()
        .fold(Inches::ZERO, |inches, step| step.effect.apply(inches));
    if facts.charge {
        spent_charge(unit, &plan)?;
    }
    Ok(plan)
}

/// The chart rate the sum starts from: battalion-masse moves at line speed; gunners away
/// from their guns at the light infantry's skirmish rate (*Artillery Movement*: "Gunners
/// move like skirmishers when away from their guns"; ruling 65); else the *Movement
/// Table* rate of the formation it moves in.
fn starting_rate(unit: &Unit, facts: &MoveFacts, after: Formation) -> (Inches, String) {
    if gunners_afoot(unit) {
        let (skirmish, why) = chart_rate(Arm::Infantry(InfantryType::Light), Formation::Skirmish);
        return (
            skirmish,
            format!(
                "gunners away from their guns move like skirmishers (*Artillery Movement*): \
                 {why}"
            ),
        );
    }
    if facts.screening {
        let (column, why) = chart_rate(unit.arm, Formation::Column);
        return (
            column,
            format!(
                "a skirmish screen covering advancing columns, no part more than 2\" from them, \
                 moves at column speed (*Skirmish Screens*): {why}"
            ),
        );
    }
    if facts.masse.unwrap_or(unit.sound_the_charge.masse) {
        let (line, _) = chart_rate(unit.arm, Formation::Line);
        return (
            line,
            "battalion-masse moves at line speed, its ranks crowded (*National Modifiers*, \
             Austria)"
                .to_owned(),
        );
    }
    let (chart, why) = chart_rate(unit.arm, after);
    let (line, _) = chart_rate(unit.arm, Formation::Line);
    if unit
        .sound_the_charge
        .regimental_gun
        .is_some_and(super::unit_state::RegimentalGun::works)
        && chart.0 > line.0
    {
        return (
            line,
            format!(
                "its regimental gun, manhandled, keeps up only at line speed, {line} \
                 (*Regimental Guns*; ruling 57), not the {chart} of {why}"
            ),
        );
    }
    (chart, why)
}

/// A charge the move itself spoils: a maneuver that takes the whole turn leaves no charge,
/// and one that shakes the unit leaves a shaken unit, which may not charge (*Charging* 5).
fn spent_charge(unit: &Unit, plan: &MovePlan) -> Result<(), Forbidden> {
    if plan.maneuver == Some(Cost::Full) {
        return Err(Forbidden::ChargeAfterChange {
            unit: unit.id.clone(),
        });
    }
    if let Some(why) = plan.shaken.first() {
        return Err(Forbidden::ChargeShakenByManeuver {
            unit: unit.id.clone(),
            why: why.clone(),
        });
    }
    Ok(())
}

/// Why the move cannot be made, else the formation the unit moves in.
fn refusal(unit: &Unit, facts: &MoveFacts) -> Result<Formation, Forbidden> {
    if unit.in_contact() {
        return Err(Forbidden::MoveInContact {
            unit: unit.id.clone(),
        });
    }
    if facts.screening
        && (unit.formation != Formation::Skirmish || facts.new_formation.is_some() || facts.charge)
    {
        return Err(Forbidden::ScreenNotSkirmishing {
            unit: unit.id.clone(),
            formation: unit.formation,
        });
    }
    if let Some(new) = facts.new_formation {
        if new == unit.formation {
            return Err(Forbidden::AlreadyIn {
                unit: unit.id.clone(),
                formation: new,
            });
        }
        if !unit.arm.allows(new) {
            return Err(Forbidden::CannotForm {
                unit: unit.id.clone(),
                arm: unit.arm.label(),
                formation: new,
            });
        }
    }
    masse_refusal(unit, facts)?;
    let after = facts.new_formation.unwrap_or(unit.formation);
    if unit.formation == Formation::Square && after == Formation::Square {
        return Err(Forbidden::SquareMoves {
            unit: unit.id.clone(),
        });
    }
    if facts.charge {
        charge_refusal(unit, facts, after)?;
    }
    if facts.road && !matches!(after, Formation::Column | Formation::Limbered) {
        return Err(Forbidden::RoadFormation {
            unit: unit.id.clone(),
            formation: after,
        });
    }
    if facts.through && facts.interpenetration_restricted {
        return Err(Forbidden::Interpenetration {
            unit: unit.id.clone(),
        });
    }
    if facts.wheel && facts.backwheel {
        return Err(Forbidden::TwoWheels {
            unit: unit.id.clone(),
        });
    }
    gunners_refusal(unit, facts)?;
    terrain_refusal(unit, facts)?;
    Ok(after)
}

/// Gunners away from their guns move like skirmishers (*Artillery Movement*): the guns
/// stay where they are, so there is nothing to limber, and no column to take a road.
fn gunners_refusal(unit: &Unit, facts: &MoveFacts) -> Result<(), Forbidden> {
    if !gunners_afoot(unit) {
        return Ok(());
    }
    if facts.new_formation.is_some() {
        return Err(Forbidden::GunnersForm {
            unit: unit.id.clone(),
        });
    }
    if facts.road {
        return Err(Forbidden::GunnersRoad {
            unit: unit.id.clone(),
        });
    }
    Ok(())
}

/// *Terrain Suggestions*: who may not go where. Heavy woods and town blocks are for
/// infantry only; "generally only infantry may cross" fieldworks, and crossing them
/// takes the whole move, so no charge goes over them.
fn terrain_refusal(unit: &Unit, facts: &MoveFacts) -> Result<(), Forbidden> {
    let Some(ground) = facts.terrain else {
        return Ok(());
    };
    if !matches!(unit.arm, Arm::Infantry(_)) {
        let what = if gunners_afoot(unit) {
            "gunners away from their guns".to_owned()
        } else {
            unit.arm.label()
        };
        let only = match ground {
            Terrain::HeavyWoods => Some("only infantry may enter heavy woods (*Heavy Woods*)"),
            Terrain::TownIn => Some("only infantry may enter town blocks (*Towns*)"),
            Terrain::TownOut => Some(
                "only infantry may enter town blocks, so only infantry comes out of one \
                 (*Towns*)",
            ),
            Terrain::Fieldworks => {
                Some("only infantry may cross a line of fieldworks (*Fieldworks*)")
            }
            Terrain::LightWoods | Terrain::Obstacle => None,
        };
        if let Some(only) = only {
            return Err(Forbidden::InfantryGround {
                unit: unit.id.clone(),
                what,
                only,
            });
        }
    }
    if ground == Terrain::Fieldworks && facts.charge {
        return Err(Forbidden::ChargeAcrossFieldworks {
            unit: unit.id.clone(),
        });
    }
    Ok(())
}

/// *National Modifiers*, Austria: infantry in column may form battalion-masse, and
/// leave it, in half a turn; in masse it may not charge, and it leaves masse before it
/// changes formation.
fn masse_refusal(unit: &Unit, facts: &MoveFacts) -> Result<(), Forbidden> {
    let Some(forming) = facts.masse else {
        if unit.sound_the_charge.masse && facts.new_formation.is_some() {
            return Err(Forbidden::LeaveMasseFirst {
                unit: unit.id.clone(),
            });
        }
        return Ok(());
    };
    if facts.nation != Some(Nation::Austria) || !matches!(unit.arm, Arm::Infantry(_)) {
        return Err(Forbidden::MasseNotAustrian {
            unit: unit.id.clone(),
        });
    }
    if facts.new_formation.is_some() || facts.charge {
        return Err(Forbidden::MasseAlone);
    }
    match (forming, unit.sound_the_charge.masse) {
        (true, true) => Err(Forbidden::AlreadyMasse {
            unit: unit.id.clone(),
        }),
        (false, false) => Err(Forbidden::NotMasse {
            unit: unit.id.clone(),
        }),
        (true, false) if unit.formation != Formation::Column => Err(Forbidden::MasseFromColumn {
            unit: unit.id.clone(),
            formation: unit.formation,
        }),
        _ => Ok(()),
    }
}

/// Troops the national modifiers bar from charging for what they are now: a
/// battalion-masse (Austria), and cavalry back on the table this turn (Britain). The
/// same bar holds for a `move … charge` and for a fresh attack in `combat`.
pub fn charge_barred(unit: &Unit) -> Option<&'static str> {
    if unit.sound_the_charge.masse {
        Some("is in battalion-masse: a masse may not charge (*National Modifiers*, Austria)")
    } else if unit.sound_the_charge.away == Some(super::unit_state::Away::Returned) {
        Some(
            "came back onto the table this turn: it may not charge until next turn \
             (*National Modifiers*, Britain)",
        )
    } else {
        None
    }
}

/// *Charging* 2 and 5, *Roads*: who may not charge, and how not.
fn charge_refusal(unit: &Unit, facts: &MoveFacts, after: Formation) -> Result<(), Forbidden> {
    if unit.is_shaken() {
        return Err(Forbidden::ShakenCharge {
            unit: unit.id.clone(),
        });
    }
    if let Some(why) = charge_barred(unit) {
        return Err(Forbidden::ChargeBarred {
            unit: unit.id.clone(),
            why,
        });
    }
    if charge_bonus(unit.arm).is_none() {
        return Err(Forbidden::GunnersCharge {
            unit: unit.id.clone(),
        });
    }
    if after == Formation::Square {
        return Err(Forbidden::SquareCharge {
            unit: unit.id.clone(),
        });
    }
    if facts.road {
        return Err(Forbidden::RoadCharge {
            unit: unit.id.clone(),
        });
    }
    if facts.oblique || facts.wheel || facts.backwheel {
        return Err(Forbidden::WheelCharge {
            unit: unit.id.clone(),
        });
    }
    if facts.through && after != Formation::Skirmish {
        return Err(Forbidden::ChargeThrough {
            unit: unit.id.clone(),
        });
    }
    Ok(())
}

/// The *Movement Table* rate for the formation the unit moves in. Manhandled
/// (unlimbered) guns use the line column, limbered guns the column column
/// (*Artillery Movement*); skirmishers move at line rate (*Skirmish Movement*).
fn chart_rate(arm: Arm, formation: Formation) -> (Inches, String) {
    let column = match formation {
        Formation::Square => {
            return (Inches::ZERO, "squares may not move (*Movement*)".to_owned());
        }
        Formation::Column | Formation::Limbered | Formation::AttackColumn => true,
        // Deep lines belong to *Charge Moves*; a Sound the Charge scenario cannot give them.
        Formation::Line
        | Formation::Skirmish
        | Formation::Unlimbered
        | Formation::DoubleLine
        | Formation::TrebleLine => false,
    };
    // (troops, line, column) rows of the *Movement Table*. A horse battery of heavy
    // calibre is not in the horse-gun row ("light or field caliber"): it moves as heavy.
    let (troops, line, col) = match arm {
        Arm::Infantry(_) => ("infantry", INFANTRY_LINE, INFANTRY_COLUMN),
        Arm::Cavalry(CavalryType::Heavy | CavalryType::Medium) => (
            "heavy or medium cavalry",
            HEAVY_CAVALRY_LINE,
            HEAVY_CAVALRY_COLUMN,
        ),
        Arm::Cavalry(CavalryType::Light) => {
            ("light cavalry", LIGHT_CAVALRY_LINE, LIGHT_CAVALRY_COLUMN)
        }
        Arm::Artillery {
            calibre: Calibre::Light | Calibre::Field,
            horse: true,
            ..
        } => ("horse guns", HORSE_GUNS_LINE, HORSE_GUNS_COLUMN),
        Arm::Artillery {
            calibre: Calibre::Light,
            ..
        } => ("light guns", LIGHT_GUNS_LINE, LIGHT_GUNS_COLUMN),
        Arm::Artillery {
            calibre: Calibre::Field,
            ..
        } => ("field guns", FIELD_GUNS_LINE, FIELD_GUNS_COLUMN),
        Arm::Artillery {
            calibre: Calibre::Heavy,
            ..
        } => ("heavy guns", HEAVY_GUNS_LINE, HEAVY_GUNS_COLUMN),
    };
    let inches = Inches::whole(if column { col } else { line }.count());
    let reason = match formation {
        Formation::Skirmish => "skirmishers move at line rate (*Skirmish Movement*)".to_owned(),
        Formation::Unlimbered => format!(
            "{troops} manhandled move at line rate (*Movement Table*, *Artillery Movement*)"
        ),
        Formation::Limbered => format!(
            "{troops} limbered move at column rate (*Movement Table*, *Artillery Movement*)"
        ),
        _ => format!("{troops} in {formation} (*Movement Table*)"),
    };
    (inches, reason)
}

/// *National Modifiers* to the rate, when they are in play: Austrian horse guns limber
/// at 10" rather than 14" (Prussia post-1810 and the French allies are "Austrians except
/// ... no horse artillery movement penalty"); Russian foot guns move 2" slower, never
/// below nothing.
fn national_step(
    arm: Arm,
    formation: Formation,
    nation: Option<Nation>,
    chart: Inches,
) -> Option<Step> {
    let Arm::Artillery { calibre, horse, .. } = arm else {
        return None;
    };
    match nation? {
        Nation::Austria
            if horse && calibre != Calibre::Heavy && formation == Formation::Limbered =>
        {
            Some(Step::new(
                Effect::Minus(Inches(
                    chart.0.saturating_sub(AUSTRIAN_HORSE_GUNS_LIMBERED.0),
                )),
                format!(
                    "Austrian horse guns move {AUSTRIAN_HORSE_GUNS_LIMBERED} limbered \
                     (*National Modifiers*, Austria)"
                ),
            ))
        }
        Nation::Russia if !horse && chart > Inches::ZERO => Some(Step::new(
            Effect::Minus(chart.min(RUSSIAN_FOOT_GUNS_SLOWER)),
            format!(
                "Russian foot guns move {RUSSIAN_FOOT_GUNS_SLOWER} slower (*National \
                 Modifiers*, Russia)"
            ),
        )),
        _ => None,
    }
}

/// The charge bonus (*Charge Bonus Movement*), or none for blown cavalry, which "may not
/// use charge speed" (optional *Blown Cavalry*). Refusals are already checked.
fn charge_step(unit: &Unit, facts: &MoveFacts) -> Step {
    if facts.blown && matches!(unit.arm, Arm::Cavalry(_)) {
        return Step::new(
            Effect::Plus(Inches::ZERO),
            "blown cavalry may not use charge speed (Blown Cavalry)",
        );
    }
    let bonus = charge_bonus(unit.arm).unwrap_or(Inches::ZERO);
    Step::new(
        Effect::Plus(bonus),
        "charge bonus (*Charge Bonus Movement*)",
    )
}

/// Every half-speed cause, each halving again: out of command (*Units out of Command*),
/// oblique/sidestep/backstep (*Oblique, Sidestep, and Backstep*), through friends
/// (*Interpenetration*), rough ground for close order (*Steep Slopes and Rough Ground*),
/// the terrain (*Terrain Suggestions*), a wheel by grade D or unsteady troops
/// (*Wheeling*), and a backward wheel at a quarter (*Oblique, Sidestep, and Backstep*).
fn halvings(unit: &Unit, facts: &MoveFacts, plan: &mut MovePlan) {
    let half = |reason: &str| Step::new(Effect::Half, reason);
    if facts.out_of_command {
        plan.steps
            .push(half("out of command: half speed (*Units out of Command*)"));
    }
    if facts.oblique {
        plan.steps.push(half(
            "oblique, sidestep or backstep: half speed (*Oblique, Sidestep, and Backstep*)",
        ));
    }
    if facts.through {
        plan.steps.push(half(
            "through a friendly unit: half speed (*Interpenetration*)",
        ));
    }
    if facts.rough {
        rough_ground(unit, plan);
    }
    if let Some(ground) = facts.terrain {
        terrain(unit, facts, ground, plan);
    }
    // A backward wheel is a wheel: grade D or unsteady troops halve its quarter again.
    if facts.wheel || facts.backwheel {
        let why = if unit.grade == Grade::D {
            Some("grade D")
        } else if unsteady(unit) {
            Some("unsteady")
        } else {
            None
        };
        if let Some(why) = why {
            plan.steps
                .push(half(&format!("wheeling, {why}: half speed (*Wheeling*)")));
        }
    }
    if facts.backwheel {
        plan.steps.push(Step::new(
            Effect::Quarter,
            "wheeling backwards: quarter speed (*Oblique, Sidestep, and Backstep*)",
        ));
    }
}

/// *Steep Slopes and Rough Ground*: close order at half speed and disordered,
/// skirmishers normally. Guns are slowed but never disordered (*Combat Points* note).
fn rough_ground(unit: &Unit, plan: &mut MovePlan) {
    if skirmishing(unit, plan) {
        plan.steps.push(Step::new(
            Effect::Plus(Inches::ZERO),
            "skirmishers move normally in rough ground (*Steep Slopes and Rough Ground*)",
        ));
        return;
    }
    plan.steps.push(Step::new(
        Effect::Half,
        "steep slope or rough ground: half speed (*Steep Slopes and Rough Ground*)",
    ));
    disorder(
        unit,
        plan,
        "steep slope or rough ground (*Steep Slopes and Rough Ground*)",
    );
}

/// *Terrain Suggestions*, the ground the move enters or crosses; refusals are already
/// checked ([`terrain_refusal`]). Disordering terrain disorders close order only:
/// skirmishers are "in their element" there (*Skirmishers in Combat*), and guns are never
/// disordered.
fn terrain(unit: &Unit, facts: &MoveFacts, ground: Terrain, plan: &mut MovePlan) {
    let skirmishers = skirmishing(unit, plan);
    let same = Effect::Plus(Inches::ZERO);
    let (effect, reason, disorders) = match ground {
        Terrain::LightWoods if skirmishers => (
            same,
            "skirmishers move through light woods at full speed (*Light Woods*)",
            None,
        ),
        Terrain::LightWoods if matches!(unit.arm, Arm::Infantry(_)) => (
            Effect::Half,
            "close-order infantry in light woods: half speed (*Light Woods*)",
            Some("light woods are disordering terrain (*Light Woods*)"),
        ),
        Terrain::LightWoods => (
            Effect::Quarter,
            "cavalry and artillery in light woods: quarter speed (*Light Woods*)",
            Some("light woods are disordering terrain (*Light Woods*)"),
        ),
        Terrain::HeavyWoods if skirmishers => (
            Effect::Half,
            "skirmishers in heavy woods: half speed (*Heavy Woods*)",
            None,
        ),
        // The text calls only light woods disordering; heavy woods are at least as bad
        // for close order, so they disorder it too (ruling 63).
        Terrain::HeavyWoods => (
            Effect::Quarter,
            "close-order infantry in heavy woods: quarter speed (*Heavy Woods*)",
            Some("heavy woods, disordering like light woods (*Heavy Woods*, ruling 63)"),
        ),
        Terrain::Obstacle if skirmishers => (
            same,
            "skirmishers cross an obstacle at no penalty (*Obstacles*)",
            None,
        ),
        // The cost is in the measuring, which the referee does (ruling 64).
        Terrain::Obstacle => (
            same,
            "crossing an obstacle: measure the crossing double, or 1\" a rank (*Obstacles*)",
            facts
                .charge
                .then_some("charging across an obstacle (*Obstacles*)"),
        ),
        Terrain::TownIn => (
            same,
            "entering a town block: no cost (*Towns*)",
            Some("entering a town block, disordering terrain (*Towns*)"),
        ),
        Terrain::TownOut => (
            Effect::Half,
            "coming out of a town block: half a move (*Towns*)",
            None,
        ),
        Terrain::Fieldworks => (
            Effect::NoMoveLeft,
            "crossing a line of fieldworks takes the whole move (*Fieldworks*)",
            Some("fieldworks are disordering terrain (*Fieldworks*)"),
        ),
    };
    plan.steps.push(Step::new(effect, reason));
    if let Some(why) = disorders.filter(|_| !skirmishers) {
        disorder(unit, plan, why);
    }
}

/// A reason the move disorders a unit, unless it is already disordered or is artillery:
/// "atty. is never disordered" (*Combat Points* note).
fn disorder(unit: &Unit, plan: &mut MovePlan, why: &str) {
    if !unit.arm.is_artillery() && !unit.disordered {
        plan.disordered.push(why.to_owned());
    }
}

/// Skirmishers, and gunners away from their guns, who move like them (*Artillery
/// Movement*).
fn skirmishing(unit: &Unit, plan: &MovePlan) -> bool {
    plan.formation_after == Formation::Skirmish || gunners_afoot(unit)
}

/// The kinds of maneuver: limbering is a fixed half move, the rest go by grade.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Maneuver {
    /// *Artillery Movement*: "Limbering and unlimbering takes half a move."
    Limbering,
    /// *Change Formation/Facing*: "formation change" or "facing change".
    Graded(&'static str),
    /// *National Modifiers*, Austria: forming or leaving battalion-masse, half a turn.
    Masse(bool),
}

/// Which maneuver the move makes, if any. Skirmishers and manhandled guns "may move and
/// face freely" (*Skirmish Movement*, *Artillery Movement*), and so do gunners away from
/// their guns, who move like skirmishers: their facing change alone is no maneuver.
fn maneuver_kind(unit: &Unit, facts: &MoveFacts, after: Formation) -> Option<Maneuver> {
    use Formation::{Limbered, Skirmish, Unlimbered};
    if matches!(
        (unit.formation, after),
        (Limbered, Unlimbered) | (Unlimbered, Limbered)
    ) {
        Some(Maneuver::Limbering)
    } else if let Some(forming) = facts.masse {
        Some(Maneuver::Masse(forming))
    } else if after != unit.formation {
        Some(Maneuver::Graded("formation change"))
    } else if facts.face && !matches!(unit.formation, Skirmish | Unlimbered) && !gunners_afoot(unit)
    {
        Some(Maneuver::Graded("facing change"))
    } else {
        None
    }
}

/// The maneuver's cost (*Change Formation/Facing*, playsheet *Maneuvers*: "½ move for
/// steady A-B, 1 move for steady C, 1 move plus disorder for D. If already disordered,
/// become shaken"), and optional *Pinning*.
fn maneuver(unit: &Unit, facts: &MoveFacts, plan: &mut MovePlan) {
    let Some(kind) = maneuver_kind(unit, facts, plan.formation_after) else {
        if facts.face {
            plan.steps.push(Step::new(
                Effect::Plus(Inches::ZERO),
                format!(
                    "{} face freely: no maneuver (*Skirmish Movement*, *Artillery Movement*)",
                    if unit.formation == Formation::Skirmish {
                        "skirmishers"
                    } else if gunners_afoot(unit) {
                        "gunners away from their guns move like skirmishers and"
                    } else {
                        "manhandled guns"
                    }
                ),
            ));
        }
        return;
    };
    match kind {
        Maneuver::Limbering => {
            let what = if plan.formation_after == Formation::Limbered {
                "limbering"
            } else {
                "unlimbering"
            };
            plan.maneuver = Some(Cost::Half);
            plan.steps.push(Step::new(
                Effect::Half,
                format!("{what} takes half a move (*Artillery Movement*)"),
            ));
        }
        Maneuver::Graded(what) => graded(unit, facts.nation, what, plan),
        Maneuver::Masse(forming) => {
            plan.maneuver = Some(Cost::Half);
            plan.steps.push(Step::new(
                Effect::Half,
                format!(
                    "{} battalion-masse takes half a turn (*National Modifiers*, Austria)",
                    if forming { "forming" } else { "leaving" }
                ),
            ));
            // Half a turn whatever the grade, but a maneuver all the same (ruling 61).
            maneuver_disorder(unit, unit.grade, plan);
        }
    }
    if facts.pinning && facts.near_enemy && !unit.is_shaken() {
        plan.shaken
            .push("maneuvering within 4\" of the enemy (Pinning)".to_owned());
    }
}

/// A formation or facing change by grade and steadiness (*Change Formation/Facing*).
fn graded(unit: &Unit, nation: Option<Nation>, what: &str, plan: &mut MovePlan) {
    let (grade, french) = maneuver_grade(unit.grade, nation);
    let as_grade = if french {
        format!(
            "grade {} (maneuvers as {}: *National Modifiers*, France)",
            letter(unit.grade),
            letter(grade)
        )
    } else {
        format!("grade {}", letter(grade))
    };
    if !unsteady(unit) && grade <= Grade::B {
        plan.maneuver = Some(Cost::Half);
        plan.steps.push(Step::new(
            Effect::Half,
            format!(
                "a {what} takes half the turn for steady {as_grade} (*Change Formation/Facing*)"
            ),
        ));
    } else {
        let who = if unsteady(unit) {
            "unsteady troops".to_owned()
        } else {
            as_grade
        };
        plan.maneuver = Some(Cost::Full);
        plan.steps.push(Step::new(
            Effect::NoMoveLeft,
            format!("a {what} takes the whole turn for {who} (*Change Formation/Facing*)"),
        ));
    }
    maneuver_disorder(unit, grade, plan);
}

/// What any maneuver does besides its cost (*Change Formation/Facing*): grade D troops
/// end it disordered, and troops already disordered end it shaken.
fn maneuver_disorder(unit: &Unit, grade: Grade, plan: &mut MovePlan) {
    if grade == Grade::D && !unit.disordered && !unit.arm.is_artillery() {
        plan.disordered
            .push("grade D maneuvering (*Change Formation/Facing*)".to_owned());
    }
    if unit.disordered && !unit.is_shaken() {
        plan.shaken
            .push("maneuvering while disordered (*Change Formation/Facing*)".to_owned());
    }
}

/// The grade a unit maneuvers as: "All troops maneuver as if one grade higher"
/// (*National Modifiers*, France, Switzerland). True when the nation raised it.
fn maneuver_grade(grade: Grade, nation: Option<Nation>) -> (Grade, bool) {
    if !matches!(nation, Some(Nation::France | Nation::Switzerland)) {
        return (grade, false);
    }
    let higher = match grade {
        Grade::A | Grade::B => Grade::A,
        Grade::C => Grade::B,
        Grade::D => Grade::C,
    };
    (higher, higher != grade)
}

fn letter(grade: Grade) -> &'static str {
    match grade {
        Grade::A => "A",
        Grade::B => "B",
        Grade::C => "C",
        Grade::D => "D",
    }
}

/// "A unit is steady if it is not disordered and is in good morale"
/// (*Steadiness and Disorder*).
fn unsteady(unit: &Unit) -> bool {
    unit.disordered || unit.is_shaken()
}

/// A battery whose gunners evaded and left their guns (*Evading*).
fn gunners_afoot(unit: &Unit) -> bool {
    unit.arm.is_artillery() && unit.sound_the_charge.guns_abandoned
}

#[cfg(test)]
pub(crate) mod tests;
