//! *Skirmish Screens*: up to 8 models of a battalion go out as a screen within 2" of it,
//! at a quarter move out or in; the screen joins the parent when either is attacked, and
//! hits on it go against the parent without a fire test. The screen fires as skirmishers.

use super::Forbidden;
use super::movement::{Maneuver, MovePlan, SCREEN_MAX_MODELS, maneuver_cost};
use super::unit_state::UnitState;
use crate::rules::sound_the_charge::movement::{Inches, Step};
use crate::rules::unit::{Arm, Formation, Unit};

/// What a move does with the unit's screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScreenOrder {
    /// Sends out a screen of this many models.
    Out(u32),
    /// Calls it back in.
    In,
}

/// Why the unit cannot send out a screen of `models` on this move, which leaves it in
/// `formation_after`. Screen-capable units are the infantry battalions not skirmishing
/// already (R69); a shaken unit keeps its men in hand (R70).
pub fn may_send(unit: &Unit, models: u32, formation_after: Formation) -> Result<(), Forbidden> {
    let id = &unit.id;
    if !matches!(unit.arm, Arm::Infantry(_)) {
        return Err(Forbidden::NotScreenCapable {
            unit: id.clone(),
            arm: unit.arm.label(),
        });
    }
    if formation_after == Formation::Skirmish {
        return Err(Forbidden::ScreenFromSkirmish { unit: id.clone() });
    }
    if let Some(sent) = unit.one_twenty_five.screen {
        return Err(Forbidden::ScreenAlreadyOut {
            unit: id.clone(),
            models: sent,
        });
    }
    if models == 0 || models > SCREEN_MAX_MODELS {
        return Err(Forbidden::ScreenSize { models });
    }
    if models >= unit.figures() {
        return Err(Forbidden::ScreenLeavesNone {
            unit: id.clone(),
            has: unit.figures(),
            models,
        });
    }
    if unit.is_shaken() {
        return Err(Forbidden::ShakenScreen { unit: id.clone() });
    }
    Ok(())
}

/// Why a move that leaves the unit in `formation_after` may not keep its screen out: in
/// skirmish order it has no close order left to screen (R69). Recovering the screen costs
/// its quarter move like any other, so the move says `unscreen` and pays it; only an
/// attack brings a screen in free (R71).
pub fn may_keep(
    unit: &Unit,
    formation_after: Formation,
    order: Option<ScreenOrder>,
) -> Result<(), Forbidden> {
    if unit.one_twenty_five.screen.is_some()
        && formation_after == Formation::Skirmish
        && order != Some(ScreenOrder::In)
    {
        return Err(Forbidden::SkirmishWithScreenOut {
            unit: unit.id.clone(),
        });
    }
    Ok(())
}

/// The move's allowance less the quarter move that sending out or calling in a screen
/// costs (*Skirmish Screens*): a quarter of the allowance before any change of formation,
/// taken after that change. A change that takes the whole move leaves nothing to pay with.
pub fn with_screen(
    unit: &Unit,
    mut plan: MovePlan,
    order: ScreenOrder,
) -> Result<MovePlan, Forbidden> {
    let id = &unit.id;
    match order {
        ScreenOrder::Out(models) => may_send(unit, models, plan.formation_after)?,
        ScreenOrder::In if unit.one_twenty_five.screen.is_none() => {
            return Err(Forbidden::NoScreenOut { unit: id.clone() });
        }
        ScreenOrder::In => {}
    }
    if let Some(cost) = plan.maneuver.as_ref().filter(|c| c.quarters >= 4) {
        return Err(Forbidden::NoQuarterForScreen {
            unit: id.clone(),
            change: cost.reasons.join("; "),
        });
    }
    let before_maneuver = plan.steps.len() - usize::from(plan.maneuver.is_some());
    let whole = plan.steps[..before_maneuver]
        .iter()
        .fold(Inches::ZERO, |inches, s| s.effect.apply(inches));
    let what = match order {
        ScreenOrder::Out(_) => "sending out a screen",
        ScreenOrder::In => "calling in its screen",
    };
    let cost = maneuver_cost(unit, Maneuver::Screen);
    plan.steps.push(Step {
        reason: format!("{what}: {} (*Skirmish Screens*)", cost.reasons.join("; ")),
        effect: cost.effect(whole),
    });
    plan.inches = plan
        .steps
        .iter()
        .fold(Inches::ZERO, |inches, s| s.effect.apply(inches));
    Ok(plan)
}

/// The screen as the unit that fires or is fired at: its models in skirmish order, with
/// the parent's grade, kit and morale. Skirmishers never count as disordered (*Skirmishers*),
/// so the parent's disorder stays with the parent. `None` without a screen out.
pub fn as_skirmishers(parent: &Unit) -> Option<Unit> {
    let models = parent.screen_models();
    (models > 0).then(|| Unit {
        figures_at_start: models,
        loss_hits: 0,
        rout_hits: 0,
        formation: Formation::Skirmish,
        disordered: false,
        one_twenty_five: UnitState {
            screen: None,
            ..parent.one_twenty_five.clone()
        },
        ..parent.clone()
    })
}

#[cfg(test)]
mod tests {
    use super::super::Kit;
    use super::super::shooting::most_dice;
    use super::super::tests::{FOOT, HC, unit};
    use super::*;
    use crate::rules::sound_the_charge::movement::MoveFacts;
    use crate::rules::unit::Grade;
    use proptest::prelude::*;

    fn screened(models: u32, screen: u32) -> Unit {
        let mut unit = unit(FOOT, Grade::C, Formation::Line, models);
        unit.one_twenty_five.screen = Some(screen);
        unit
    }

    /// The dice the unit's screen fires, by itself.
    fn screen_dice(screen: u32) -> u32 {
        most_dice(
            &as_skirmishers(&screened(24, screen)).unwrap(),
            Kit::default(),
        )
    }

    #[test]
    fn a_screen_fires_a_die_per_four_models_a_last_three_counting() {
        // *Firing*: one die per 4 infantry models, a remainder of 3 rounding up; all the
        // screen's models fire (two ranks if skirmishing, and a screen is one deep).
        assert_eq!(screen_dice(8), 2, "8 = 4 + 4");
        assert_eq!(screen_dice(7), 2, "7 = 4 + 3, the 3 rounds up");
        assert_eq!(screen_dice(6), 1, "6 = 4 + 2, a 2 does not");
        assert_eq!(screen_dice(3), 1, "3 rounds up");
        assert_eq!(screen_dice(2), 0);
        // The unit's 24 in line, 8 of them out: 16/4 = 4 from the line, 2 from the screen.
        assert_eq!(most_dice(&screened(24, 8), Kit::default()), 6);
    }

    #[test]
    fn the_screen_is_skirmishers_never_disordered() {
        // *Skirmishers*: skirmishers never count as disordered; the screen is the parent's
        // own models, with its grade.
        let parent = Unit {
            disordered: true,
            ..screened(20, 5)
        };
        let screen = as_skirmishers(&parent).unwrap();
        assert_eq!(
            (screen.figures(), screen.formation, screen.disordered),
            (5, Formation::Skirmish, false)
        );
        assert_eq!(screen.grade, Grade::C);
        assert!(as_skirmishers(&unit(FOOT, Grade::C, Formation::Line, 20)).is_none());
    }

    #[test]
    fn sending_out_costs_a_quarter_of_the_move() {
        // *Skirmish Screens*: a quarter move. Line 6" (24 quarter inches): less 6 = 18,
        // 4½". A cavalry unit is refused whatever its move (R69).
        let line = unit(FOOT, Grade::C, Formation::Line, 24);
        let plan = super::super::movement::plan(&line, &MoveFacts::default()).unwrap();
        let plan = with_screen(&line, plan, ScreenOrder::Out(8)).unwrap();
        assert_eq!(plan.inches, Inches(18));
        let horse = unit(HC, Grade::C, Formation::Line, 12);
        let plan = super::super::movement::plan(&horse, &MoveFacts::default()).unwrap();
        assert!(with_screen(&horse, plan, ScreenOrder::Out(4)).is_err());
        // Up to 8 models, and some left in the unit.
        assert!(may_send(&line, 9, Formation::Line).is_err());
        assert!(
            may_send(
                &unit(FOOT, Grade::C, Formation::Line, 8),
                8,
                Formation::Line
            )
            .is_err()
        );
        assert!(may_send(&line, 8, Formation::Line).is_ok());
    }

    proptest! {
        /// Hits go against the parent: whatever it has lost, its models and its screen's
        /// make up its figures, the screen never more than it was sent with, and the
        /// parent keeps a model while it has one (R72).
        #[test]
        fn the_screen_and_its_parent_make_up_the_unit(
            start in 2u32..40, sent in 1u32..=8, lost in 0u32..40,
        ) {
            let mut unit = screened(start, sent.min(start - 1));
            unit.loss_hits = lost;
            prop_assert_eq!(unit.parent_models() + unit.screen_models(), unit.figures());
            prop_assert!(unit.screen_models() <= sent);
            prop_assert!(unit.figures() == 0 || unit.parent_models() >= 1);
        }
    }
}
