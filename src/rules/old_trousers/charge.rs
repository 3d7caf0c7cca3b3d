//! Charges, as far as the excerpt goes (*Charges: General Rules*, *Sequence*, *Flank
//! Attacks*, *Defenders Reaction*, p21-22). The Charge Test and Reaction Test tables and
//! all of melee are missing ([`super::excerpt`]); this module gives what surrounds them.

use super::dice::{Die, check_face};
use super::movement::{Distance, dice_count};
use super::unit::{Arm, Formation, Unit};
use crate::core::chart::Number;
use crate::core::score::Modifier;

/// *Charges* chart, "Melee bonus for charging" row, infantry (p21).
pub const INFANTRY_CHARGE_BONUS: Number = Number {
    name: "charge.infantry-melee-bonus",
    book: 2,
};
/// *Charges* chart, "Melee bonus for charging" row, cavalry (p21).
pub const CAVALRY_CHARGE_BONUS: Number = Number {
    name: "charge.cavalry-melee-bonus",
    book: 5,
};

/// *Charges: General Rules* (p21): the charger's melee modifier, lost if it crossed an
/// obstacle in the last 3" of its charge.
pub fn charge_melee_bonus(arm: Arm) -> Option<i32> {
    match arm {
        Arm::Infantry => Some(INFANTRY_CHARGE_BONUS.value()),
        Arm::Cavalry { .. } => Some(CAVALRY_CHARGE_BONUS.value()),
        Arm::Artillery { .. } => None,
    }
}

/// *Charges* chart, "lost if it crossed an obstacle" row: the inches at the end of a
/// charge where an obstacle costs the melee bonus (p21).
pub const OBSTACLE_WINDOW: Number = Number {
    name: "charge.obstacle-window",
    book: 3,
};
/// A charger may wheel this much before its straight charge move (p17).
pub const CHARGE_WHEEL_DEGREES: u32 = 45;
/// *Charges* chart, "Defender: stand" row: against a defender who stands, the charger
/// stops this many inches off for defensive fire (p21); it is the range of that fire
/// (p22).
pub const STAND_OFF: Number = Number {
    name: "charge.stand-off",
    book: 2,
};
/// Unlimbered gunners whose battery flees may join infantry this close, else they rout
/// (p22).
pub const GUNNERS_REFUGE: u32 = 6;

/// The melee modifier a charger carries into the (missing) melee resolution.
pub fn charge_melee_modifier(arm: Arm, obstacle_in_last_3: bool) -> Option<Modifier> {
    let bonus = charge_melee_bonus(arm)?;
    Some(if obstacle_in_last_3 {
        Modifier::new(
            0,
            format!(
                "charged across an obstacle in its last {}\": no charge bonus",
                OBSTACLE_WINDOW.value()
            ),
        )
    } else {
        Modifier::new(bonus, "charging")
    })
}

/// What the referee states when a unit declares a charge (p17, p21).
#[allow(clippy::struct_excessive_bools)] // independent yes/no facts the referee states
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ChargeFacts {
    /// Its command's order allows it to charge, or it has its own order (ruling 11).
    pub ordered: bool,
    /// An opportunity charge, which any order allows (p12).
    pub opportunity: bool,
    pub target_is_cavalry: bool,
    pub target_in_forward_arc: bool,
    pub into_woods_or_town: bool,
    pub removed_disorder_this_turn: bool,
    /// It passed through another unit this turn (p17).
    pub interpenetrated: bool,
}

/// Whether `unit` may declare the charge (p12, p17, p18, p21), or why not.
pub fn may_charge(unit: &Unit, facts: &ChargeFacts) -> Result<(), &'static str> {
    let checks = [
        (unit.routed, "a routed unit cannot charge"),
        (unit.arm.is_artillery(), "artillery never charges"),
        (
            unit.arm.is_infantry() && unit.formation == Formation::Skirmish,
            "infantry skirmishers never charge",
        ),
        (unit.disordered, "a disordered unit cannot charge"),
        (
            facts.removed_disorder_this_turn,
            "no charge on the turn disorder is removed",
        ),
        (
            facts.interpenetrated,
            "a unit that passed through another may not charge this turn",
        ),
        (
            unit.arm.is_infantry() && facts.target_is_cavalry,
            "infantry never charges cavalry",
        ),
        (
            unit.arm.is_cavalry() && facts.into_woods_or_town,
            "cavalry never charges into woods or a town block",
        ),
        (
            !facts.target_in_forward_arc,
            "the target must be in the forward arc",
        ),
        (
            !facts.ordered && !facts.opportunity,
            "its order does not allow a charge",
        ),
    ];
    match checks.into_iter().find(|(refused, _)| *refused) {
        Some((_, why)) => Err(why),
        None => Ok(()),
    }
}

/// The defender's three choices (*Charges: Defenders Reaction*, p22).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reaction {
    Stand,
    Countercharge,
    Flee,
}

impl Reaction {
    pub const ALL: [Reaction; 3] = [Reaction::Stand, Reaction::Countercharge, Reaction::Flee];

    pub fn summary(self) -> &'static str {
        match self {
            Reaction::Stand => {
                "may change face or formation on a passed Reaction Test; fires at 2\" before the Charge Test; if it did not test to change, it tests to fire point blank (+2, or +2 in defence of a battery), failing: disordered and -1"
            }
            Reaction::Countercharge => {
                "both move at once, prorated, into contact; no Charge Test, melee follows"
            }
            Reaction::Flee => {
                "infantry and cavalry rout at once and make a rout move; the charger takes the ground and may carry on; limbered guns run 2d6, unlimbered gunners join infantry within 6\" or rout"
            }
        }
    }
}

/// Whether `defender` may countercharge `charger` (p18, p21): the charge rules apply to
/// it, whatever its order, at a charger that came at its front.
pub fn may_countercharge(
    defender: &Unit,
    charger: &Unit,
    into_woods_or_town: bool,
) -> Result<(), &'static str> {
    may_charge(
        defender,
        &ChargeFacts {
            ordered: true,
            target_is_cavalry: charger.arm.is_cavalry(),
            target_in_forward_arc: true,
            into_woods_or_town,
            ..ChargeFacts::default()
        },
    )
}

/// A failed Charge Test (p22): disordered; infantry halts, cavalry falls back 2d6 away
/// from the target, still facing it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FailedCharge {
    pub disordered: bool,
    pub fall_back: Option<Distance>,
    /// Infantry may still fire in the moving fire subsegment.
    pub may_fire: bool,
}

/// *Charges* chart, "Failed charge test" and "A limbered battery" rows: d6s a cavalry
/// unit falls back after failing its Charge Test (p22), and a limbered battery flees a
/// charge (p22).
pub const FALL_BACK_DICE: Number = Number {
    name: "charge.fall-back-dice",
    book: 2,
};

pub fn failed_charge(arm: Arm, dice: &[u8]) -> FailedCharge {
    match arm {
        Arm::Cavalry { .. } => {
            assert_eq!(
                dice.len(),
                dice_count(&FALL_BACK_DICE),
                "cavalry falls back {}d6",
                FALL_BACK_DICE.value()
            );
            for &d in dice {
                check_face(Die::D6, d);
            }
            FailedCharge {
                disordered: true,
                fall_back: Some(Distance::inches(dice.iter().map(|&d| u32::from(d)).sum())),
                may_fire: false,
            }
        }
        Arm::Infantry | Arm::Artillery { .. } => FailedCharge {
            disordered: true,
            fall_back: None,
            may_fire: arm.is_infantry(),
        },
    }
}

/// Charger and countercharger close the gap each in proportion to its charge allowance
/// (ruling 23); `None` if both together cannot cover it.
pub fn prorate(
    charger: Distance,
    counter: Distance,
    gap: Distance,
) -> Option<(Distance, Distance)> {
    let reach = charger + counter;
    if reach < gap || reach == Distance::ZERO {
        return None;
    }
    let a = u64::from(charger.in_quarters());
    let share = u64::from(gap.in_quarters()) * a / u64::from(reach.in_quarters());
    let share = Distance::quarters(u32::try_from(share).expect("no more than the gap"));
    Some((share, gap - share))
}

/// How a fleeing battery gets away (p22).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BatteryFlight {
    /// Limbered: 2d6 away from the charger, without routing.
    RunsBack(Distance),
    /// Unlimbered: the gunners join infantry within 6", leaving the guns.
    GunnersJoinInfantry,
    /// Unlimbered with no infantry near: the gunners rout, leaving the guns.
    GunnersRout,
}

pub fn battery_flees(limbered: bool, infantry_within_6: bool, dice: &[u8]) -> BatteryFlight {
    if limbered {
        assert_eq!(
            dice.len(),
            dice_count(&FALL_BACK_DICE),
            "a limbered battery flees {}d6",
            FALL_BACK_DICE.value()
        );
        for &d in dice {
            check_face(Die::D6, d);
        }
        BatteryFlight::RunsBack(Distance::inches(dice.iter().map(|&d| u32::from(d)).sum()))
    } else if infantry_within_6 {
        BatteryFlight::GunnersJoinInfantry
    } else {
        BatteryFlight::GunnersRout
    }
}

/// *Charges: Sequence* (p22): the nine steps and the subsegment each falls in.
pub const CHARGE_SEQUENCE: [(&str, &str); 9] = [
    ("declare charge", "movement"),
    ("defender announces reaction", "movement"),
    (
        "charger names its target (cavalry names it only now)",
        "movement",
    ),
    ("defender reacts", "movement"),
    ("charge move", "movement"),
    ("pre-melee fire", "stationary fire"),
    ("Charge Test (not in the excerpt)", "charge test"),
    ("melee (not in the excerpt)", "melee"),
    ("breakthrough (not in the excerpt)", "breakthrough"),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::old_trousers::unit::{Morale, Nation, Weight};
    use proptest::prelude::*;

    fn ordered() -> ChargeFacts {
        ChargeFacts {
            ordered: true,
            target_in_forward_arc: true,
            ..ChargeFacts::default()
        }
    }

    #[test]
    fn chargers_carry_two_or_five_into_melee_unless_an_obstacle_broke_them() {
        let cuirassiers = Unit::cavalry("cuir", Nation::French, Morale::Superior, Weight::Heavy, 8);
        assert_eq!(
            charge_melee_modifier(cuirassiers.arm, false).map(|m| m.value),
            Some(5)
        );
        assert_eq!(
            charge_melee_modifier(Arm::Infantry, false).map(|m| m.value),
            Some(2)
        );
        assert_eq!(
            charge_melee_modifier(Arm::Infantry, true).map(|m| m.value),
            Some(0)
        );
    }

    #[test]
    fn who_may_charge() {
        let mut line = Unit::infantry("l", Nation::Austrian, Morale::Average, 12);
        assert!(may_charge(&line, &ordered()).is_ok());
        let at_horse = ChargeFacts {
            target_is_cavalry: true,
            ..ordered()
        };
        assert!(may_charge(&line, &at_horse).is_err());
        line.disordered = true;
        assert!(may_charge(&line, &ordered()).is_err());
        let unordered = ChargeFacts {
            ordered: false,
            ..ordered()
        };
        let hussars = Unit::cavalry("h", Nation::Austrian, Morale::Good, Weight::Light, 8);
        assert!(may_charge(&hussars, &unordered).is_err());
        let opportunity = ChargeFacts {
            opportunity: true,
            ..unordered
        };
        assert!(may_charge(&hussars, &opportunity).is_ok());
        let woods = ChargeFacts {
            into_woods_or_town: true,
            ..ordered()
        };
        assert!(may_charge(&hussars, &woods).is_err());
        assert!(may_countercharge(&line, &hussars, false).is_err());
    }

    #[test]
    fn a_failed_charge_halts_infantry_and_throws_cavalry_back() {
        let f = failed_charge(Arm::Infantry, &[]);
        assert!(f.disordered && f.may_fire && f.fall_back.is_none());
        let lancers = Unit::cavalry("lancers", Nation::French, Morale::Good, Weight::Medium, 8);
        let f = failed_charge(lancers.arm, &[3, 6]);
        assert_eq!(f.fall_back, Some(Distance::inches(9)));
    }

    #[test]
    fn countercharges_meet_in_proportion_to_their_reach() {
        // 12" and 6" of reach across a 9" gap: 6" and 3".
        assert_eq!(
            prorate(
                Distance::inches(12),
                Distance::inches(6),
                Distance::inches(9)
            ),
            Some((Distance::inches(6), Distance::inches(3)))
        );
        assert_eq!(
            prorate(
                Distance::inches(3),
                Distance::inches(3),
                Distance::inches(7)
            ),
            None
        );
    }

    #[test]
    fn a_countercharge_shares_the_gap_by_the_dice_each_threw() {
        use crate::rules::old_trousers::movement::{MovePlan, allowance};
        // *Charges: Defenders Reaction* (p22), ruling 23. Dragoons (other cavalry, line
        // 8", p16) charge with 2d6 of 4 and 5 (p17): 17". Hussars (light cavalry, line
        // 9") countercharge with 1 and 2: 12".
        let reach = |weight, dice: Vec<u8>| {
            let mut cavalry = Unit::cavalry("c", Nation::Austrian, Morale::Good, weight, 8);
            cavalry.formation = Formation::Line;
            let mut plan = MovePlan::forward(Formation::Line);
            plan.charge_dice = Some(dice);
            allowance(&cavalry, &plan).expect("a charge in line").ground
        };
        let dragoons = reach(Weight::Medium, vec![4, 5]);
        let hussars = reach(Weight::Light, vec![1, 2]);
        assert_eq!(
            (dragoons, hussars),
            (Distance::inches(17), Distance::inches(12))
        );
        // Across 10": the dragoons 10 × 17/29 = 5.86", kept to the quarter below, 5¾";
        // the hussars the rest, 4¼".
        assert_eq!(
            prorate(dragoons, hussars, Distance::inches(10)),
            Some((Distance::quarters(23), Distance::quarters(17)))
        );
        // Across 29" they meet at the end of both moves; across 30" not at all.
        assert_eq!(
            prorate(dragoons, hussars, Distance::inches(29)),
            Some((dragoons, hussars))
        );
        assert_eq!(prorate(dragoons, hussars, Distance::inches(30)), None);
    }

    #[test]
    fn batteries_flee_by_their_state() {
        assert_eq!(
            battery_flees(true, false, &[2, 2]),
            BatteryFlight::RunsBack(Distance::inches(4))
        );
        assert_eq!(
            battery_flees(false, true, &[]),
            BatteryFlight::GunnersJoinInfantry
        );
        assert_eq!(battery_flees(false, false, &[]), BatteryFlight::GunnersRout);
    }

    proptest! {
        #[test]
        fn prorated_moves_cover_the_gap_within_each_reach(a in 0u32..100, b in 0u32..100, gap in 0u32..200) {
            let (a, b, gap) = (Distance::quarters(a), Distance::quarters(b), Distance::quarters(gap));
            match prorate(a, b, gap) {
                Some((x, y)) => {
                    prop_assert_eq!(x + y, gap);
                    prop_assert!(x <= a && y <= b);
                }
                None => prop_assert!(a + b < gap || a + b == Distance::ZERO),
            }
        }
    }
}
