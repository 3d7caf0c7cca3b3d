//! *Movement* and *Maneuvers*: how far a unit may move this turn, and what a change of
//! formation or facing costs it. The referee measures on the table; this module says the
//! allowance and every reason for it, in the order the reasons apply.
//!
//! Pure: the caller says what the move is ([`MoveFacts`]); nothing here rolls a die.

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
    value: 18,
};
/// [`GENERAL_MOVE_INCHES`] on the ruler.
pub const GENERAL_MOVE: Inches = Inches::whole(GENERAL_MOVE_INCHES.count());

/// Evaders "may evade no more than eight inches" (*Evading*).
pub const EVADE_MAX: Inches = Inches::whole(8);

/// *Voluntary retreat* chart, "Up to" row: *Retreat Moves*' zone is 18" long, and no
/// retreat goes farther. (The *Retreat and evade moves* chart still writes it as text.)
pub const RETREAT_MAX_INCHES: Number = Number {
    name: "retreats.at-most",
    value: 18,
};
/// [`RETREAT_MAX_INCHES`] on the ruler.
pub const RETREAT_MAX: Inches = Inches::whole(RETREAT_MAX_INCHES.count());

/// *Voluntary retreat* chart, "Ends farther from every enemy" row: *Voluntary Retreat*
/// (optional) 1, it ends at least this far from the nearest enemy.
pub const VOLUNTARY_RETREAT_CLEAR_INCHES: Number = Number {
    name: "voluntary-retreat.clear-of-nearest",
    value: 4,
};
/// [`VOLUNTARY_RETREAT_CLEAR_INCHES`] on the ruler.
pub const VOLUNTARY_RETREAT_CLEAR: Inches = Inches::whole(VOLUNTARY_RETREAT_CLEAR_INCHES.count());

/// *Voluntary retreat* chart, "Good morale" row: *Voluntary Retreat* 2, a unit in good
/// morale takes this many rout hits.
pub const VOLUNTARY_RETREAT_ROUT_HITS: Number = Number {
    name: "voluntary-retreat.rout-hits",
    value: 1,
};
/// *Voluntary retreat* chart, "Already shaken" row: *Voluntary Retreat* 3.
pub const VOLUNTARY_RETREAT_SHAKEN_ROUT_HITS: Number = Number {
    name: "voluntary-retreat.shaken-rout-hits",
    value: 2,
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
    value: 4,
};
/// Infantry: the rate in column.
pub const INFANTRY_COLUMN: Number = Number {
    name: "movement.infantry-column",
    value: 6,
};
/// Heavy or medium cavalry: the rate in line.
pub const HEAVY_CAVALRY_LINE: Number = Number {
    name: "movement.heavy-cavalry-line",
    value: 6,
};
/// Heavy or medium cavalry: the rate in column.
pub const HEAVY_CAVALRY_COLUMN: Number = Number {
    name: "movement.heavy-cavalry-column",
    value: 8,
};
/// Light cavalry: the rate in line.
pub const LIGHT_CAVALRY_LINE: Number = Number {
    name: "movement.light-cavalry-line",
    value: 8,
};
/// Light cavalry: the rate in column.
pub const LIGHT_CAVALRY_COLUMN: Number = Number {
    name: "movement.light-cavalry-column",
    value: 10,
};
/// Horse guns of light or field calibre: the rate in line.
pub const HORSE_GUNS_LINE: Number = Number {
    name: "movement.horse-guns-line",
    value: 4,
};
/// Horse guns of light or field calibre: the rate in column.
pub const HORSE_GUNS_COLUMN: Number = Number {
    name: "movement.horse-guns-column",
    value: 14,
};
/// Light guns: the rate in line.
pub const LIGHT_GUNS_LINE: Number = Number {
    name: "movement.light-guns-line",
    value: 4,
};
/// Light guns: the rate in column.
pub const LIGHT_GUNS_COLUMN: Number = Number {
    name: "movement.light-guns-column",
    value: 6,
};
/// Field guns: the rate in line.
pub const FIELD_GUNS_LINE: Number = Number {
    name: "movement.field-guns-line",
    value: 3,
};
/// Field guns: the rate in column.
pub const FIELD_GUNS_COLUMN: Number = Number {
    name: "movement.field-guns-column",
    value: 6,
};
/// Heavy guns: the rate in line.
pub const HEAVY_GUNS_LINE: Number = Number {
    name: "movement.heavy-guns-line",
    value: 2,
};
/// Heavy guns: the rate in column.
pub const HEAVY_GUNS_COLUMN: Number = Number {
    name: "movement.heavy-guns-column",
    value: 4,
};
/// Infantry's charge bonus.
pub const INFANTRY_CHARGE: Number = Number {
    name: "movement.infantry-charge",
    value: 2,
};
/// Cavalry's charge bonus.
pub const CAVALRY_CHARGE: Number = Number {
    name: "movement.cavalry-charge",
    value: 4,
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
pub(crate) mod tests {
    use super::*;
    use crate::rules::unit::{InfantryType, Morale};
    use proptest::prelude::*;

    /// A unit as a scenario file makes it (so new fields on `Unit` need no change
    /// here), then given the arm, grade and formation wanted. The charts' tests use it too.
    pub(crate) fn unit(arm: Arm, grade: Grade, formation: Formation) -> Unit {
        let text = "[scenario]\ntitle = \"Test\"\nruleset = \"sound-the-charge\"\nfirst = \"a\"\n\n\
             [[side]]\nid = \"a\"\nname = \"Blue\"\n\n[[side]]\nid = \"b\"\nname = \"Red\"\n\n\
             [[unit]]\nid = \"u\"\nside = \"a\"\nname = \"u\"\narm = \"infantry\"\n\
             type = \"line\"\ngrade = \"C\"\nfigures = 12\nformation = \"line\"\n\n\
             [[unit]]\nid = \"v\"\nside = \"b\"\nname = \"v\"\narm = \"infantry\"\n\
             type = \"line\"\ngrade = \"C\"\nfigures = 12\n";
        let (scenario, _) =
            crate::scenario::parse("test.toml", text).unwrap_or_else(|e| panic!("{e}"));
        let mut unit = scenario.units[0].clone();
        unit.arm = arm;
        unit.grade = grade;
        unit.formation = formation;
        unit
    }

    const FOOT: Arm = Arm::Infantry(InfantryType::Line);
    const LIGHT_FOOT: Arm = Arm::Infantry(InfantryType::Light);
    const LIGHT_CAV: Arm = Arm::Cavalry(CavalryType::Light);
    const HEAVY_CAV: Arm = Arm::Cavalry(CavalryType::Heavy);

    fn guns(calibre: Calibre, horse: bool) -> Arm {
        Arm::Artillery {
            calibre,
            guns: 2,
            horse,
        }
    }

    fn inches(unit: &Unit, facts: &MoveFacts) -> Inches {
        plan(unit, facts).unwrap_or_else(|e| panic!("{e}")).inches
    }

    fn charge() -> MoveFacts {
        MoveFacts {
            charge: true,
            ..MoveFacts::default()
        }
    }

    fn form(formation: Formation) -> MoveFacts {
        MoveFacts {
            new_formation: Some(formation),
            ..MoveFacts::default()
        }
    }

    #[test]
    fn infantry_column_moves_6_and_charges_8() {
        // *Movement Table*: infantry column 6, charge +2.
        let u = unit(FOOT, Grade::C, Formation::Column);
        assert_eq!(inches(&u, &MoveFacts::default()), Inches::whole(6));
        let p = plan(&u, &charge()).unwrap();
        assert_eq!(p.inches, Inches::whole(8));
        assert_eq!(p.steps[1].effect, Effect::Plus(Inches::whole(2)));
        assert_eq!(p.maneuver, None);
    }

    #[test]
    fn infantry_line_and_skirmishers_move_4() {
        // *Movement Table* line 4; *Skirmish Movement*: skirmishers at line rate.
        let line = unit(FOOT, Grade::C, Formation::Line);
        assert_eq!(inches(&line, &MoveFacts::default()), Inches::whole(4));
        let skirm = unit(LIGHT_FOOT, Grade::C, Formation::Skirmish);
        assert_eq!(inches(&skirm, &MoveFacts::default()), Inches::whole(4));
    }

    #[test]
    fn out_of_command_column_moves_3_not_6() {
        // *Units out of Command*: half speed, 6 → 3.
        let u = unit(FOOT, Grade::C, Formation::Column);
        let facts = MoveFacts {
            out_of_command: true,
            ..MoveFacts::default()
        };
        assert_eq!(inches(&u, &facts), Inches::whole(3));
    }

    #[test]
    fn line_out_of_command_in_rough_ground_moves_1_and_is_disordered() {
        // *Units out of Command* and *Steep Slopes and Rough Ground*: 4 → 2 → 1.
        let u = unit(FOOT, Grade::C, Formation::Line);
        let facts = MoveFacts {
            out_of_command: true,
            rough: true,
            ..MoveFacts::default()
        };
        let p = plan(&u, &facts).unwrap();
        assert_eq!(p.inches, Inches::whole(1));
        assert_eq!(p.disordered.len(), 1);
        assert!(p.shaken.is_empty());
    }

    #[test]
    fn skirmishers_move_4_in_rough_ground_and_stay_in_order() {
        // *Steep Slopes and Rough Ground*: "Skirmishers however move normally."
        let u = unit(LIGHT_FOOT, Grade::C, Formation::Skirmish);
        let p = plan(
            &u,
            &MoveFacts {
                rough: true,
                ..MoveFacts::default()
            },
        )
        .unwrap();
        assert_eq!(p.inches, Inches::whole(4));
        assert!(p.disordered.is_empty());
    }

    #[test]
    fn guns_in_rough_ground_halve_but_are_never_disordered() {
        // Field guns limbered 6 → 3; "atty. is never disordered" (*Combat Points* note).
        let u = unit(guns(Calibre::Field, false), Grade::C, Formation::Limbered);
        let p = plan(
            &u,
            &MoveFacts {
                rough: true,
                ..MoveFacts::default()
            },
        )
        .unwrap();
        assert_eq!(p.inches, Inches::whole(3));
        assert!(p.disordered.is_empty());
    }

    #[test]
    fn light_cavalry_line_charge_is_8_plus_4_is_12() {
        // *Movement Table*: light cavalry line 8, charge +4.
        let u = unit(LIGHT_CAV, Grade::B, Formation::Line);
        assert_eq!(inches(&u, &charge()), Inches::whole(12));
    }

    #[test]
    fn heavy_cavalry_moves_6_in_line_and_8_in_column() {
        // *Movement Table*: heavy or medium cavalry 6 / 8.
        let line = unit(HEAVY_CAV, Grade::B, Formation::Line);
        let column = unit(HEAVY_CAV, Grade::B, Formation::Column);
        assert_eq!(inches(&line, &MoveFacts::default()), Inches::whole(6));
        assert_eq!(inches(&column, &MoveFacts::default()), Inches::whole(8));
    }

    #[test]
    fn horse_guns_limbered_move_14_and_austrian_10() {
        // *Movement Table* horse guns 14; *National Modifiers*, Austria: 10.
        let arm = guns(Calibre::Field, true);
        let u = unit(arm, Grade::B, Formation::Limbered);
        assert_eq!(inches(&u, &MoveFacts::default()), Inches::whole(14));
        let austrian = MoveFacts {
            nation: Some(Nation::Austria),
            ..MoveFacts::default()
        };
        let p = plan(&u, &austrian).unwrap();
        assert_eq!(p.inches, Inches::whole(10));
        assert_eq!(p.steps[1].effect, Effect::Minus(Inches::whole(4)));
        assert_eq!(
            rate(arm, Formation::Limbered, Some(Nation::Austria)).0,
            Inches::whole(10)
        );
        // Unlimbered (manhandled) they move 4 either way.
        assert_eq!(
            rate(arm, Formation::Unlimbered, Some(Nation::Austria)).0,
            Inches::whole(4)
        );
    }

    #[test]
    fn prussian_post_1810_horse_guns_keep_14() {
        // *National Modifiers*: "no horse artillery movement penalty".
        let arm = guns(Calibre::Light, true);
        for nation in [Nation::PrussiaPost1810, Nation::FrenchAllies] {
            assert_eq!(
                rate(arm, Formation::Limbered, Some(nation)).0,
                Inches::whole(14)
            );
        }
    }

    #[test]
    fn horse_battery_of_heavy_calibre_moves_as_heavy_guns() {
        // *Movement Table*: the horse row is "light or field caliber"; heavy is 2 / 4.
        let arm = guns(Calibre::Heavy, true);
        assert_eq!(rate(arm, Formation::Limbered, None).0, Inches::whole(4));
        assert_eq!(rate(arm, Formation::Unlimbered, None).0, Inches::whole(2));
    }

    #[test]
    fn russian_field_guns_limbered_move_4_and_heavy_manhandled_0() {
        // *National Modifiers*, Russia: foot guns 2" slower; 6 → 4, heavy 2 → 0.
        let russia = Some(Nation::Russia);
        let u = unit(guns(Calibre::Field, false), Grade::C, Formation::Limbered);
        let facts = MoveFacts {
            nation: russia,
            ..MoveFacts::default()
        };
        assert_eq!(inches(&u, &facts), Inches::whole(4));
        let heavy = guns(Calibre::Heavy, false);
        assert_eq!(rate(heavy, Formation::Unlimbered, russia).0, Inches::ZERO);
        // Horse guns are not foot guns; without national modifiers nothing changes.
        assert_eq!(
            rate(guns(Calibre::Field, true), Formation::Limbered, russia).0,
            Inches::whole(14)
        );
        assert_eq!(
            rate(guns(Calibre::Field, false), Formation::Limbered, None).0,
            Inches::whole(6)
        );
    }

    #[test]
    fn road_column_moves_12_and_road_line_is_refused() {
        // *Roads*: a column on a road all turn moves 2× (6 → 12); a line may not.
        let column = unit(FOOT, Grade::C, Formation::Column);
        let road = MoveFacts {
            road: true,
            ..MoveFacts::default()
        };
        assert_eq!(inches(&column, &road), Inches::whole(12));
        let line = unit(FOOT, Grade::C, Formation::Line);
        assert!(
            plan(&line, &road)
                .unwrap_err()
                .to_string()
                .contains("*Roads*")
        );
        // Limbered field guns: 6 → 12.
        let battery = unit(guns(Calibre::Field, false), Grade::C, Formation::Limbered);
        assert_eq!(inches(&battery, &road), Inches::whole(12));
    }

    #[test]
    fn road_movement_may_not_charge() {
        // *Roads*: "but may not charge".
        let u = unit(FOOT, Grade::C, Formation::Column);
        let facts = MoveFacts {
            road: true,
            charge: true,
            ..MoveFacts::default()
        };
        assert!(
            plan(&u, &facts)
                .unwrap_err()
                .to_string()
                .contains("road movement may not charge")
        );
    }

    #[test]
    fn grade_c_line_to_column_leaves_0() {
        // *Change Formation/Facing*: a full turn for grade C.
        let u = unit(FOOT, Grade::C, Formation::Line);
        let p = plan(&u, &form(Formation::Column)).unwrap();
        assert_eq!(p.inches, Inches::ZERO);
        assert_eq!(p.maneuver, Some(Cost::Full));
        assert_eq!(p.formation_after, Formation::Column);
        assert_eq!(p.steps.last().unwrap().effect, Effect::NoMoveLeft);
        assert!(p.disordered.is_empty() && p.shaken.is_empty());
    }

    #[test]
    fn grade_a_column_to_line_leaves_half_of_4_is_2() {
        // *Change Formation/Facing*: half a turn for steady A-B; moves at line rate 4.
        let u = unit(FOOT, Grade::A, Formation::Column);
        let p = plan(&u, &form(Formation::Line)).unwrap();
        assert_eq!(p.inches, Inches::whole(2));
        assert_eq!(p.maneuver, Some(Cost::Half));
        assert_eq!(p.formation_after, Formation::Line);
    }

    #[test]
    fn grade_b_facing_change_costs_half() {
        // *Change Formation/Facing*: a facing change is a formation change; column 6 → 3.
        let u = unit(FOOT, Grade::B, Formation::Column);
        let facts = MoveFacts {
            face: true,
            ..MoveFacts::default()
        };
        let p = plan(&u, &facts).unwrap();
        assert_eq!(p.inches, Inches::whole(3));
        assert_eq!(p.maneuver, Some(Cost::Half));
    }

    #[test]
    fn grade_d_formation_change_costs_full_and_disorders() {
        // Playsheet *Maneuvers*: "1 move plus disorder for D".
        let u = unit(FOOT, Grade::D, Formation::Line);
        let p = plan(&u, &form(Formation::Column)).unwrap();
        assert_eq!(p.inches, Inches::ZERO);
        assert_eq!(p.maneuver, Some(Cost::Full));
        assert_eq!(p.disordered.len(), 1);
        assert!(p.disordered[0].contains("grade D maneuvering"));
    }

    #[test]
    fn french_grade_d_change_costs_full_and_is_not_disordered() {
        // *National Modifiers*, France: maneuvers as grade C: a full turn, no disorder.
        let u = unit(FOOT, Grade::D, Formation::Line);
        let facts = MoveFacts {
            nation: Some(Nation::France),
            ..form(Formation::Column)
        };
        let p = plan(&u, &facts).unwrap();
        assert_eq!(p.inches, Inches::ZERO);
        assert_eq!(p.maneuver, Some(Cost::Full));
        assert!(p.disordered.is_empty());
    }

    #[test]
    fn swiss_grade_c_change_costs_half_of_6_is_3() {
        // *National Modifiers*, Switzerland: grade C maneuvers as B, half a turn.
        let u = unit(FOOT, Grade::C, Formation::Line);
        let facts = MoveFacts {
            nation: Some(Nation::Switzerland),
            ..form(Formation::Column)
        };
        let p = plan(&u, &facts).unwrap();
        assert_eq!(p.inches, Inches::whole(3));
        assert_eq!(p.maneuver, Some(Cost::Half));
    }

    #[test]
    fn disordered_unit_changing_formation_costs_full_and_becomes_shaken() {
        // *Change Formation/Facing*: unsteady troops take a full turn; "The unit
        // becomes shaken if already disordered."
        let mut u = unit(FOOT, Grade::A, Formation::Line);
        u.disordered = true;
        let p = plan(&u, &form(Formation::Column)).unwrap();
        assert_eq!(p.inches, Inches::ZERO);
        assert_eq!(p.maneuver, Some(Cost::Full));
        assert_eq!(p.shaken.len(), 1);
        assert!(p.shaken[0].contains("maneuvering while disordered"));
    }

    #[test]
    fn pinning_shakes_a_maneuver_near_the_enemy_only_when_in_play() {
        // Optional *Pinning*: a maneuver within 4" of an enemy shakes the unit.
        let u = unit(FOOT, Grade::A, Formation::Column);
        let near = MoveFacts {
            near_enemy: true,
            ..form(Formation::Line)
        };
        let off = plan(&u, &near).unwrap();
        assert!(off.shaken.is_empty());
        assert_eq!(off.inches, Inches::whole(2));
        let on = plan(
            &u,
            &MoveFacts {
                pinning: true,
                ..near
            },
        )
        .unwrap();
        assert_eq!(
            on.shaken,
            vec!["maneuvering within 4\" of the enemy (Pinning)"]
        );
        assert_eq!(on.inches, Inches::whole(2));
        // A wheel is no maneuver: no pinning.
        let wheel = MoveFacts {
            pinning: true,
            near_enemy: true,
            wheel: true,
            ..MoveFacts::default()
        };
        assert!(plan(&u, &wheel).unwrap().shaken.is_empty());
    }

    #[test]
    fn limbering_field_guns_leaves_3_and_unlimbering_1_half() {
        // *Artillery Movement*: limbering takes half a move, whatever the grade:
        // limbered 6 → 3; unlimbering: manhandled 3 → 1½.
        let u = unit(guns(Calibre::Field, false), Grade::D, Formation::Unlimbered);
        let p = plan(&u, &form(Formation::Limbered)).unwrap();
        assert_eq!(p.inches, Inches::whole(3));
        assert_eq!(p.maneuver, Some(Cost::Half));
        assert!(p.disordered.is_empty());
        let limbered = unit(guns(Calibre::Field, false), Grade::C, Formation::Limbered);
        let p = plan(&limbered, &form(Formation::Unlimbered)).unwrap();
        assert_eq!(p.inches, Inches(6));
        assert_eq!(p.inches.to_string(), "1½\"");
    }

    #[test]
    fn manhandled_guns_and_skirmishers_face_freely() {
        // *Artillery Movement*, *Skirmish Movement*: "may move and face freely".
        let facing = MoveFacts {
            face: true,
            ..MoveFacts::default()
        };
        let battery = unit(guns(Calibre::Field, false), Grade::D, Formation::Unlimbered);
        let p = plan(&battery, &facing).unwrap();
        assert_eq!((p.inches, p.maneuver), (Inches::whole(3), None));
        let skirm = unit(LIGHT_FOOT, Grade::D, Formation::Skirmish);
        let p = plan(&skirm, &facing).unwrap();
        assert_eq!((p.inches, p.maneuver), (Inches::whole(4), None));
        // Limbered guns "maneuver like any other unit": grade C takes the turn.
        let limbered = unit(guns(Calibre::Field, false), Grade::C, Formation::Limbered);
        assert_eq!(plan(&limbered, &facing).unwrap().maneuver, Some(Cost::Full));
    }

    #[test]
    fn square_may_not_move_but_may_form_column() {
        // *Movement*: "Squares may not move." Grade B square → column: half of 6 = 3.
        let u = unit(FOOT, Grade::B, Formation::Square);
        assert!(
            plan(&u, &MoveFacts::default())
                .unwrap_err()
                .to_string()
                .contains("squares may not move")
        );
        let p = plan(&u, &form(Formation::Column)).unwrap();
        assert_eq!(p.inches, Inches::whole(3));
        // Forming square leaves no move.
        let line = unit(FOOT, Grade::A, Formation::Line);
        assert_eq!(inches(&line, &form(Formation::Square)), Inches::ZERO);
    }

    #[test]
    fn impossible_or_repeated_formations_are_refused() {
        let u = unit(HEAVY_CAV, Grade::A, Formation::Line);
        assert_eq!(
            plan(&u, &form(Formation::Line)).unwrap_err().to_string(),
            "u is already in line"
        );
        assert!(
            plan(&u, &form(Formation::Square))
                .unwrap_err()
                .to_string()
                .contains("cannot form square")
        );
    }

    #[test]
    fn shaken_may_not_charge() {
        // *Charging* 5.
        let mut u = unit(FOOT, Grade::A, Formation::Column);
        u.morale = Morale::Shaken;
        assert_eq!(
            plan(&u, &charge()).unwrap_err().to_string(),
            "u is shaken: shaken units may not charge (*Charging* 5)"
        );
        // It may still move: 6.
        assert_eq!(inches(&u, &MoveFacts::default()), Inches::whole(6));
    }

    #[test]
    fn guns_may_not_charge() {
        // *Charging* 5: gunners may not charge; the chart's charge column is "NA".
        let u = unit(guns(Calibre::Light, true), Grade::A, Formation::Limbered);
        assert!(
            plan(&u, &charge())
                .unwrap_err()
                .to_string()
                .contains("gunners may not charge")
        );
        assert_eq!(charge_bonus(u.arm), None);
    }

    #[test]
    fn units_in_close_combat_may_not_move() {
        // *Movement*: units in a continuing close combat may not move.
        let mut u = unit(FOOT, Grade::A, Formation::Column);
        u.in_contact_with.push("enemy".to_owned());
        assert!(
            plan(&u, &MoveFacts::default())
                .unwrap_err()
                .to_string()
                .contains("in close combat: it may not move")
        );
    }

    #[test]
    fn blown_heavy_cavalry_charges_at_8_without_bonus() {
        // Optional *Blown Cavalry*: no charge speed; column 8 + 0.
        let u = unit(HEAVY_CAV, Grade::B, Formation::Column);
        let facts = MoveFacts {
            blown: true,
            ..charge()
        };
        let p = plan(&u, &facts).unwrap();
        assert_eq!(p.inches, Inches::whole(8));
        assert_eq!(
            p.steps[1],
            Step::new(
                Effect::Plus(Inches::ZERO),
                "blown cavalry may not use charge speed (Blown Cavalry)"
            )
        );
    }

    #[test]
    fn interpenetration_halves_and_is_refused_when_restricted() {
        // *Interpenetration*: half speed, 6 → 3; optional restriction forbids it.
        let u = unit(FOOT, Grade::C, Formation::Column);
        let through = MoveFacts {
            through: true,
            ..MoveFacts::default()
        };
        assert_eq!(inches(&u, &through), Inches::whole(3));
        let restricted = MoveFacts {
            interpenetration_restricted: true,
            ..through
        };
        assert!(
            plan(&u, &restricted)
                .unwrap_err()
                .to_string()
                .contains("Interpenetration Restrictions")
        );
    }

    #[test]
    fn charge_bonus_may_not_pass_through_friends_except_for_skirmishers() {
        // *Charging* 2. Skirmishers: (4 + 2) / 2 = 3.
        let through_charge = MoveFacts {
            through: true,
            ..charge()
        };
        let column = unit(FOOT, Grade::C, Formation::Column);
        assert!(
            plan(&column, &through_charge)
                .unwrap_err()
                .to_string()
                .contains("*Charging* 2")
        );
        let skirm = unit(LIGHT_FOOT, Grade::C, Formation::Skirmish);
        assert_eq!(inches(&skirm, &through_charge), Inches::whole(3));
    }

    #[test]
    fn wheel_is_full_speed_but_half_for_grade_d_or_unsteady() {
        // *Wheeling*: line 4 for grade C; 2 for grade D or a disordered unit.
        let wheel = MoveFacts {
            wheel: true,
            ..MoveFacts::default()
        };
        assert_eq!(
            inches(&unit(FOOT, Grade::C, Formation::Line), &wheel),
            Inches::whole(4)
        );
        assert_eq!(
            inches(&unit(FOOT, Grade::D, Formation::Line), &wheel),
            Inches::whole(2)
        );
        let mut disordered = unit(FOOT, Grade::A, Formation::Line);
        disordered.disordered = true;
        assert_eq!(inches(&disordered, &wheel), Inches::whole(2));
    }

    #[test]
    fn oblique_light_cavalry_column_moves_5() {
        // *Oblique, Sidestep, and Backstep*: half speed, 10 → 5.
        let u = unit(LIGHT_CAV, Grade::C, Formation::Column);
        let facts = MoveFacts {
            oblique: true,
            ..MoveFacts::default()
        };
        assert_eq!(inches(&u, &facts), Inches::whole(5));
    }

    #[test]
    fn three_halvings_of_field_guns_round_down_to_a_quarter() {
        // Manhandled field guns 3 out of command, oblique, rough: 1½, ¾, ⅜ → ¼.
        let u = unit(guns(Calibre::Field, false), Grade::C, Formation::Unlimbered);
        let facts = MoveFacts {
            out_of_command: true,
            oblique: true,
            rough: true,
            ..MoveFacts::default()
        };
        assert_eq!(inches(&u, &facts), Inches(1));
    }

    #[test]
    fn spanish_and_neapolitan_cavalry_need_3_to_charge() {
        // *National Modifiers*, Spain, Naples.
        let cav = unit(LIGHT_CAV, Grade::C, Formation::Line);
        let foot = unit(FOOT, Grade::C, Formation::Line);
        assert_eq!(charge_roll_needed(&cav, Some(Nation::Spain)), Some(3));
        assert_eq!(charge_roll_needed(&cav, Some(Nation::Naples)), Some(3));
        assert_eq!(charge_roll_needed(&cav, Some(Nation::France)), None);
        assert_eq!(charge_roll_needed(&cav, None), None);
        assert_eq!(charge_roll_needed(&foot, Some(Nation::Spain)), None);
    }

    #[test]
    fn generals_move_18_and_evaders_8() {
        // Playsheet: generals 18"; *Evading*: no more than 8".
        assert_eq!(GENERAL_MOVE, Inches::whole(18));
        assert_eq!(EVADE_MAX, Inches::whole(8));
    }

    #[test]
    fn inches_read_as_a_ruler() {
        assert_eq!(Inches(3).to_string(), "¾\"");
        assert_eq!(Inches(6).to_string(), "1½\"");
        assert_eq!(Inches(9).to_string(), "2¼\"");
        assert_eq!(Inches::whole(6).to_string(), "6\"");
        assert_eq!(Inches::ZERO.to_string(), "0\"");
    }

    /// What a worked case adds to a plain move.
    #[derive(Debug, Clone, Copy)]
    enum With {
        Nothing,
        Charge,
        Road,
        OutOfCommand,
        /// Already in battalion-masse.
        InMasse,
        /// Forms (true) or leaves (false) battalion-masse.
        Masse(bool),
        /// A formation change to this.
        Form(Formation),
        /// The gunners evaded and are away from their guns.
        GunnersAfoot,
    }

    /// Plans one worked case; the unit is steady unless the case says otherwise.
    fn worked(
        arm: Arm,
        grade: Grade,
        formation: Formation,
        nation: Option<Nation>,
        with: With,
    ) -> Inches {
        let mut u = unit(arm, grade, formation);
        let mut facts = MoveFacts {
            nation,
            ..MoveFacts::default()
        };
        match with {
            With::Nothing => {}
            With::Charge => facts.charge = true,
            With::Road => facts.road = true,
            With::OutOfCommand => facts.out_of_command = true,
            With::InMasse => u.sound_the_charge.masse = true,
            With::Masse(forming) => {
                u.sound_the_charge.masse = !forming;
                facts.masse = Some(forming);
            }
            With::Form(new) => facts.new_formation = Some(new),
            With::GunnersAfoot => u.sound_the_charge.guns_abandoned = true,
        }
        plan(&u, &facts)
            .unwrap_or_else(|e| panic!("{arm:?} {formation:?} {nation:?} {with:?}: {e}"))
            .inches
    }

    #[test]
    fn movement_table_rates_worked_cases() {
        const MEDIUM_CAV: Arm = Arm::Cavalry(CavalryType::Medium);
        use Formation::{Column, Limbered, Line, Skirmish, Unlimbered};
        use With::{Charge, Nothing, Road};
        let (horse_light, horse_field, horse_heavy) = (
            guns(Calibre::Light, true),
            guns(Calibre::Field, true),
            guns(Calibre::Heavy, true),
        );
        let (light_guns, field_guns, heavy_guns) = (
            guns(Calibre::Light, false),
            guns(Calibre::Field, false),
            guns(Calibre::Heavy, false),
        );
        // (arm, formation, with, inches the text gives). *Movement Table* is at lines
        // 132-140 of the text; the charge column is added per *Charge Bonus Movement*
        // (225), a road doubles per *Roads* (318).
        let rows = [
            // Infantry row (134): line 4, column 6, charge +2.
            (FOOT, Line, Nothing, 4),
            (FOOT, Column, Nothing, 6),
            (FOOT, Line, Charge, 6),   // 4 + 2
            (FOOT, Column, Charge, 8), // 6 + 2
            (FOOT, Column, Road, 12),  // 6 × 2
            (LIGHT_FOOT, Line, Nothing, 4),
            (LIGHT_FOOT, Column, Nothing, 6),
            // *Skirmish Movement* (112): skirmishers at line rate, 4; charging 4 + 2.
            (LIGHT_FOOT, Skirmish, Nothing, 4),
            (LIGHT_FOOT, Skirmish, Charge, 6),
            // Heavy or medium cavalry row (135): 6 / 8, charge +4.
            (HEAVY_CAV, Line, Nothing, 6),
            (HEAVY_CAV, Column, Nothing, 8),
            (HEAVY_CAV, Line, Charge, 10),   // 6 + 4
            (HEAVY_CAV, Column, Charge, 12), // 8 + 4
            (HEAVY_CAV, Column, Road, 16),   // 8 × 2
            (MEDIUM_CAV, Line, Nothing, 6),
            (MEDIUM_CAV, Column, Nothing, 8),
            (MEDIUM_CAV, Line, Charge, 10),   // 6 + 4
            (MEDIUM_CAV, Column, Charge, 12), // 8 + 4
            // Light cavalry row (136): 8 / 10, charge +4.
            (LIGHT_CAV, Line, Nothing, 8),
            (LIGHT_CAV, Column, Nothing, 10),
            (LIGHT_CAV, Line, Charge, 12),   // 8 + 4
            (LIGHT_CAV, Column, Charge, 14), // 10 + 4
            (LIGHT_CAV, Column, Road, 20),   // 10 × 2
            // Guns: manhandled at line rate, limbered at column rate (*Artillery
            // Movement*, 110); a limbered battery doubles on a road (318).
            // Horse guns, light or field calibre (137): 4 / 14.
            (horse_light, Unlimbered, Nothing, 4),
            (horse_light, Limbered, Nothing, 14),
            (horse_light, Limbered, Road, 28), // 14 × 2
            (horse_field, Unlimbered, Nothing, 4),
            (horse_field, Limbered, Nothing, 14),
            (horse_field, Limbered, Road, 28), // 14 × 2
            // A heavy horse battery is not in the horse row (137): heavy row, 2 / 4.
            (horse_heavy, Unlimbered, Nothing, 2),
            (horse_heavy, Limbered, Nothing, 4),
            (horse_heavy, Limbered, Road, 8), // 4 × 2
            // Light guns (138): 4 / 6.
            (light_guns, Unlimbered, Nothing, 4),
            (light_guns, Limbered, Nothing, 6),
            (light_guns, Limbered, Road, 12), // 6 × 2
            // Field guns (139): 3 / 6.
            (field_guns, Unlimbered, Nothing, 3),
            (field_guns, Limbered, Nothing, 6),
            (field_guns, Limbered, Road, 12), // 6 × 2
            // Heavy guns (140): 2 / 4.
            (heavy_guns, Unlimbered, Nothing, 2),
            (heavy_guns, Limbered, Nothing, 4),
            (heavy_guns, Limbered, Road, 8), // 4 × 2
        ];
        for (arm, formation, with, want) in rows {
            let want = Inches::whole(want);
            let got = worked(arm, Grade::C, formation, None, with);
            assert_eq!(got, want, "{arm:?} {formation:?} {with:?}");
            if matches!(with, Nothing) {
                assert_eq!(
                    rate(arm, formation, None).0,
                    want,
                    "rate {arm:?} {formation:?}"
                );
            }
        }
        // *Movement* (104): squares may not move, so their rate is 0.
        assert_eq!(rate(FOOT, Formation::Square, None).0, Inches::ZERO);
    }

    #[test]
    fn national_movement_modifiers_worked_cases() {
        use Formation::{Column, Limbered, Line, Unlimbered};
        use Grade::{C, D};
        use Nation::{
            Austria, Britain, France, FrenchAllies, Naples, Other, PrussiaPost1810, Russia, Spain,
            Switzerland,
        };
        use With::{Charge, Form, GunnersAfoot, InMasse, Masse, Nothing, OutOfCommand, Road};
        let (horse_light, horse_field, horse_heavy) = (
            guns(Calibre::Light, true),
            guns(Calibre::Field, true),
            guns(Calibre::Heavy, true),
        );
        let (light_guns, field_guns, heavy_guns) = (
            guns(Calibre::Light, false),
            guns(Calibre::Field, false),
            guns(Calibre::Heavy, false),
        );
        // (arm, grade, formation, nation, with, inches the text gives). *National
        // Modifiers* (365-381), over the *Movement Table* (132-140); the order of the
        // sum is ruling 44.
        let rows = [
            // Austria (367): horse guns limbered move 10 instead of 14.
            (horse_light, C, Limbered, Austria, Nothing, 10),
            (horse_field, C, Limbered, Austria, Nothing, 10),
            (horse_field, C, Limbered, Austria, Road, 20), // 10 × 2
            // Only when limbered: manhandled horse guns keep the line rate, 4.
            (horse_field, C, Unlimbered, Austria, Nothing, 4),
            // A heavy horse battery is on the heavy row (137, 140): 4, not raised to 10.
            (horse_heavy, C, Limbered, Austria, Nothing, 4),
            // Foot guns are not horse guns: field guns limbered keep 6.
            (field_guns, C, Limbered, Austria, Nothing, 6),
            // Austria (367), battalion-masse moves at line speed: column 6 → 4. Forming
            // it ends in masse, 4 × ½ → 2; leaving it ends in column, 6 × ½ → 3
            // (rulings 44, 61).
            (FOOT, C, Column, Austria, InMasse, 4),
            (FOOT, C, Column, Austria, Masse(true), 2),
            (FOOT, C, Column, Austria, Masse(false), 3),
            // Prussia post-1810, French allies (377): as Austria but without the horse
            // artillery penalty, so horse guns limbered keep 14.
            (horse_light, C, Limbered, PrussiaPost1810, Nothing, 14),
            (horse_field, C, Limbered, PrussiaPost1810, Nothing, 14),
            (horse_light, C, Limbered, FrenchAllies, Nothing, 14),
            (horse_field, C, Limbered, FrenchAllies, Nothing, 14),
            // Russia (379): foot guns 2 slower.
            (light_guns, C, Unlimbered, Russia, Nothing, 2), // 4 - 2
            (light_guns, C, Limbered, Russia, Nothing, 4),   // 6 - 2
            (field_guns, C, Unlimbered, Russia, Nothing, 1), // 3 - 2
            (field_guns, C, Limbered, Russia, Nothing, 4),   // 6 - 2
            (field_guns, C, Limbered, Russia, Road, 8),      // (6 - 2) × 2
            (field_guns, C, Limbered, Russia, OutOfCommand, 2), // (6 - 2) × ½
            (heavy_guns, C, Unlimbered, Russia, Nothing, 0), // 2 - 2
            (heavy_guns, C, Limbered, Russia, Nothing, 2),   // 4 - 2
            // Horse guns are not foot guns: 4 / 14, heavy horse 4; infantry keeps 6.
            (horse_field, C, Unlimbered, Russia, Nothing, 4),
            (horse_field, C, Limbered, Russia, Nothing, 14),
            (horse_heavy, C, Limbered, Russia, Nothing, 4),
            (FOOT, C, Column, Russia, Nothing, 6),
            // Gunners away from their guns move as skirmishers, 4, with no guns to slow
            // them (*Artillery Movement*, 110; ruling 65).
            (field_guns, C, Unlimbered, Russia, GunnersAfoot, 4),
            // France, Switzerland (373): maneuver one grade higher. C as B: half the
            // turn, column 6 × ½ → 3; D as C: the whole turn → 0 (*Change
            // Formation/Facing*, 165). All troops: light cavalry C, 10 × ½ → 5.
            (FOOT, C, Line, France, Form(Column), 3),
            (FOOT, C, Line, Switzerland, Form(Column), 3),
            (FOOT, D, Line, France, Form(Column), 0),
            (LIGHT_CAV, C, Line, France, Form(Column), 5),
            // Without that modifier grade C takes the whole turn (165) → 0.
            (FOOT, C, Line, Britain, Form(Column), 0),
            // Spain, Naples (381): the 3-6 roll gates the charge, not its distance:
            // light cavalry line 8 + 4 → 12.
            (LIGHT_CAV, C, Line, Spain, Charge, 12),
            (LIGHT_CAV, C, Line, Naples, Charge, 12),
            // A nation the text gives no character (ruling 6): field guns limbered 6.
            (field_guns, C, Limbered, Other, Nothing, 6),
        ];
        for (arm, grade, formation, nation, with, want) in rows {
            let want = Inches::whole(want);
            let got = worked(arm, grade, formation, Some(nation), with);
            assert_eq!(
                got, want,
                "{arm:?} {grade:?} {formation:?} {nation:?} {with:?}"
            );
            if matches!(with, Nothing) {
                assert_eq!(
                    rate(arm, formation, Some(nation)).0,
                    want,
                    "rate {arm:?} {formation:?} {nation:?}"
                );
            }
        }
    }

    fn any_arm() -> impl Strategy<Value = Arm> {
        prop_oneof![
            Just(FOOT),
            Just(LIGHT_FOOT),
            Just(LIGHT_CAV),
            Just(Arm::Cavalry(CavalryType::Medium)),
            Just(HEAVY_CAV),
            (
                prop_oneof![
                    Just(Calibre::Light),
                    Just(Calibre::Field),
                    Just(Calibre::Heavy)
                ],
                any::<bool>()
            )
                .prop_map(|(calibre, horse)| guns(calibre, horse)),
        ]
    }

    fn any_nation() -> impl Strategy<Value = Option<Nation>> {
        prop_oneof![
            Just(None),
            Just(Some(Nation::Austria)),
            Just(Some(Nation::France)),
            Just(Some(Nation::Russia)),
            Just(Some(Nation::Spain)),
        ]
    }

    proptest! {
        #[test]
        fn allowance_is_bounded_and_halvings_never_help(
            arm in any_arm(),
            grade in prop_oneof![Just(Grade::A), Just(Grade::B), Just(Grade::C), Just(Grade::D)],
            formation in 0..Formation::ALL.len(),
            new in proptest::option::of(0..Formation::ALL.len()),
            flags in proptest::collection::vec(any::<bool>(), 15),
            nation in any_nation(),
            ground in proptest::option::of(0..Terrain::ALL.len()),
            halving in 0usize..7,
        ) {
            let mut u = unit(arm, grade, Formation::ALL[formation]);
            u.disordered = flags[0];
            if flags[1] {
                u.morale = Morale::Shaken;
            }
            u.sound_the_charge.guns_abandoned = flags[14];
            let facts = MoveFacts {
                charge: flags[2],
                new_formation: new.map(|i| Formation::ALL[i]),
                face: flags[3],
                oblique: flags[4],
                wheel: flags[5],
                road: flags[6],
                rough: flags[7],
                through: flags[8],
                near_enemy: flags[9],
                out_of_command: flags[10],
                blown: flags[11],
                nation,
                interpenetration_restricted: false,
                pinning: flags[12],
                upstream: false,
                masse: None,
                terrain: ground.map(|i| Terrain::ALL[i]),
                backwheel: flags[13],
                screening: false,
            };
            if let Ok(p) = plan(&u, &facts) {
                let (rate, _) = if gunners_afoot(&u) {
                    chart_rate(LIGHT_FOOT, Formation::Skirmish)
                } else {
                    rate(arm, p.formation_after, nation)
                };
                let bonus = charge_bonus(arm).unwrap_or(Inches::ZERO);
                prop_assert!(p.inches.0 <= (rate.0 + bonus.0) * 2);
                let mut slower = facts;
                match halving {
                    0 => slower.out_of_command = true,
                    1 => slower.oblique = true,
                    2 => slower.through = true,
                    3 => slower.rough = true,
                    4 => slower.wheel = true,
                    5 => slower.backwheel = true,
                    _ => {
                        slower.terrain = slower.terrain.or(Some(Terrain::LightWoods));
                    }
                }
                if let Ok(q) = plan(&u, &slower) {
                    prop_assert!(q.inches <= p.inches);
                }
            }
        }
    }
}
