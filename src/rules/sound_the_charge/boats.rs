//! Optional *Boats*: crossing water in boats. A boat holds 12 infantry, six cavalry or
//! two guns; boarding or landing takes the unit's whole turn (artillery two). Troops in
//! boats are disordered, may not shoot, are a dense target and take no morale test; they
//! fight only as they land, with one die, against defenders who count as in soft cover,
//! and if they lose they row back a move.

use super::forbidden::Forbidden;
use super::move_plan::{Effect, Inches, MoveFacts, MovePlan, Step};
use super::unit_state::Boat;
use crate::rules::unit::{Arm, Unit};

/// Across the water or downstream, in a turn.
pub const ROWING: u32 = 4;
/// Against the current.
pub const UPSTREAM: u32 = 2;
/// How far beaten landing troops row back: one move (ruling 60).
pub const RETREAT_INCHES: u32 = ROWING;
/// Dice of troops striking from their boats as they land.
pub const LANDING_DICE: u32 = 1;

/// The unit's own turns that boarding, or landing, takes: one, two for artillery.
pub fn turns_to_board(arm: Arm) -> u32 {
    match arm {
        Arm::Artillery { .. } => 2,
        _ => 1,
    }
}

/// A move of troops afloat: the boats row, nothing else. Boarding and landing are the
/// unit's whole turn, so it does not move then.
pub fn plan(unit: &Unit, facts: &MoveFacts) -> Result<MovePlan, Forbidden> {
    let Some(boat) = unit.sound_the_charge.boat else {
        return Err(Forbidden::NotInBoats {
            unit: unit.id.clone(),
        });
    };
    if boat != Boat::Afloat {
        return Err(Forbidden::BoatsBusy {
            unit: unit.id.clone(),
            boats: boat.describe(),
        });
    }
    let ashore_only = facts.charge
        || facts.new_formation.is_some()
        || facts.face
        || facts.oblique
        || facts.wheel
        || facts.road
        || facts.rough
        || facts.through
        || facts.masse.is_some()
        || facts.screening
        || facts.backwheel
        || facts.terrain.is_some();
    if ashore_only {
        return Err(Forbidden::BoatsAttack {
            unit: unit.id.clone(),
        });
    }
    let (inches, reason) = if facts.upstream {
        (
            UPSTREAM,
            format!("boats row {UPSTREAM}\" upstream (*Boats*)"),
        )
    } else {
        (
            ROWING,
            format!("boats row {ROWING}\" across the water or downstream (*Boats*)"),
        )
    };
    Ok(MovePlan {
        steps: vec![Step {
            reason,
            effect: Effect::Rate(Inches::whole(inches)),
        }],
        inches: Inches::whole(inches),
        formation_after: unit.formation,
        maneuver: None,
        disordered: Vec::new(),
        shaken: Vec::new(),
        masse: None,
    })
}
