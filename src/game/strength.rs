//! Each army's strength for the gauges: figures against the start, units shaken or lost
//! against the *Army Morale* threshold, and figures turn by turn.

use super::history::Game;
use crate::engine::state::GameState;
use crate::rules::army_morale::ArmyStanding;
use crate::rules::optional_rule::OptionalRule;
use crate::rules::unit::UnitStatus;

/// How one side stands now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideStrength {
    pub side: String,
    /// Figures of units still in play: a shattered or eliminated unit has left the fight.
    pub figures: u32,
    pub figures_at_start: u32,
    /// Every unit the side began with.
    pub units: u32,
    /// Units eliminated, shattered, off the table or shaken, as *Army Morale* counts them.
    pub shaken_or_lost: u32,
    /// Shaken or lost units at which the army breaks; `None` without *Army Morale*.
    pub breaks_at: Option<u32>,
    pub broken: bool,
}

impl SideStrength {
    fn standing(&self) -> ArmyStanding {
        ArmyStanding {
            units: self.units,
            shaken_or_gone: self.shaken_or_lost,
        }
    }

    /// Broken, or shaken and lost enough to break at the end of the turn.
    pub fn at_breaking_point(&self) -> bool {
        self.broken || (self.breaks_at.is_some() && self.standing().would_break())
    }

    /// One more unit shaken or lost would break the army.
    pub fn one_from_breaking(&self) -> bool {
        let one_more = ArmyStanding {
            shaken_or_gone: self.shaken_or_lost.saturating_add(1),
            ..self.standing()
        };
        self.breaks_at.is_some() && !self.at_breaking_point() && one_more.would_break()
    }
}

impl GameState {
    /// Each side's strength, in the scenario's order of sides.
    pub fn side_strengths(&self) -> Vec<SideStrength> {
        let army_morale = self.rule_in_play(OptionalRule::ArmyMorale);
        self.sides()
            .iter()
            .map(|side| {
                // The army-morale rule's own count, so the gauge and the check agree.
                let standing = self.army_standing(&side.id);
                SideStrength {
                    side: side.id.clone(),
                    figures: self.figures_in_play(&side.id),
                    figures_at_start: self
                        .units()
                        .iter()
                        .filter(|u| u.side == side.id)
                        .map(|u| u.figures_at_start)
                        .sum(),
                    units: standing.units,
                    shaken_or_lost: standing.shaken_or_gone,
                    breaks_at: army_morale.then(|| standing.breaks_at()),
                    broken: side.broken,
                }
            })
            .collect()
    }

    pub(super) fn figures_in_play(&self, side: &str) -> u32 {
        self.units()
            .iter()
            .filter(|u| u.side == side && u.status == UnitStatus::InPlay)
            .map(|u| u.figures())
            .sum()
    }
}

/// The figures axis of a strength chart, `S`'s and the report's alike: from a round number
/// below the fewest figures any army had to one above the most, so that a loss of a few
/// figures shows as a fall rather than a line along the top of an axis from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FiguresAxis {
    pub low: u32,
    pub high: u32,
}

impl FiguresAxis {
    /// The axis for these figures: in steps of 5, 10, 20, 50, 100… fine enough for eight
    /// to span them, strictly below the fewest and above the most, and an even number of
    /// steps long, so the middle tick is a round number too; a step added to make it even
    /// goes below the fewest, so the top stays just above the most.
    pub fn fitting(figures: impl IntoIterator<Item = u32>) -> FiguresAxis {
        let (least, most) = figures.into_iter().fold((u32::MAX, 0), |(least, most), f| {
            (least.min(f), most.max(f))
        });
        let least = least.min(most);
        let spread = most - least;
        let step = (0..9)
            .flat_map(|power| [1, 2, 5].map(|mantissa| mantissa * 10_u32.pow(power)))
            .filter(|&step| step >= 5)
            .find(|step| step * 8 >= spread)
            .unwrap_or(u32::MAX);
        let mut low = least.saturating_sub(1) / step * step;
        let mut high = (most / step).saturating_add(1).saturating_mul(step);
        // The extra step goes at the bottom, where it is empty room under the lines; on
        // top it would push the most figures down from the chart's upper edge.
        if ((high - low) / step) % 2 == 1 {
            if low >= step {
                low -= step;
            } else {
                high = high.saturating_add(step);
            }
        }
        FiguresAxis { low, high }
    }

    /// The ticks to label: the bottom, the middle and the top.
    pub fn ticks(self) -> [u32; 3] {
        [self.low, self.low + (self.high - self.low) / 2, self.high]
    }
}

/// One side at one moment of the battle: what the after-action report's chart plots.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    /// Figures of units still in play, as [`SideStrength::figures`] counts them.
    pub figures: u32,
    /// Units shaken or lost, as *Army Morale* counts them.
    pub shaken_or_lost: u32,
    /// Every unit the side began with.
    pub units: u32,
}

impl GameState {
    fn standing_of(&self, side: &str) -> Standing {
        let army = self.army_standing(side);
        Standing {
            figures: self.figures_in_play(side),
            shaken_or_lost: army.shaken_or_gone,
            units: army.units,
        }
    }
}

impl Game {
    /// Each side's figures at the end of every turn so far, then now.
    pub fn strength_by_turn(&self) -> Vec<(String, Vec<u32>)> {
        let now = self.state();
        now.sides()
            .iter()
            .enumerate()
            .map(|(index, side)| {
                let series = self
                    .turn_start_figures()
                    .map(|figures| figures[index])
                    .chain(std::iter::once(now.figures_in_play(&side.id)))
                    .collect();
                (side.id.clone(), series)
            })
            .collect()
    }

    /// Each side's standing at the start of the battle, at the end of every turn so far,
    /// then now: the after-action report's series.
    pub fn standing_by_turn(&self) -> Vec<(String, Vec<Standing>)> {
        let opening = GameState::new(self.scenario(), self.seed());
        self.state()
            .sides()
            .iter()
            .map(|side| {
                let series = std::iter::once(&opening)
                    .chain(self.turn_starts())
                    .chain(std::iter::once(self.state()))
                    .map(|state| state.standing_of(&side.id))
                    .collect();
                (side.id.clone(), series)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario;
    use crate::test_games::{perform, quatre_bras};

    fn strength_of(game: &Game, side: &str) -> SideStrength {
        game.state()
            .side_strengths()
            .into_iter()
            .find(|s| s.side == side)
            .unwrap()
    }

    fn by_turn_of(game: &Game, side: &str) -> Vec<u32> {
        game.strength_by_turn()
            .into_iter()
            .find(|(id, _)| id == side)
            .unwrap()
            .1
    }

    #[test]
    fn quatre_bras_starts_at_full_strength() {
        // Each side: twelve battalions and regiments of 12 and batteries of 8 and 6, so
        // 158 figures in 14 units.
        let game = quatre_bras();
        let french = strength_of(&game, "france");
        assert_eq!(
            french,
            SideStrength {
                side: "france".into(),
                figures: 158,
                figures_at_start: 158,
                units: 14,
                shaken_or_lost: 0,
                breaks_at: Some(7),
                broken: false,
            }
        );
        let allies = strength_of(&game, "allies");
        assert_eq!((allies.figures, allies.figures_at_start), (158, 158));
        assert_eq!(by_turn_of(&game, "france"), vec![158]);
    }

    #[test]
    fn hits_take_figures_and_a_shattered_unit_takes_all_it_had_left() {
        let mut game = quatre_bras();
        // 2 loss hits and 3 rout hits: 5 figures.
        perform(&mut game, &["next", "hit fr-61 2", "rout fr-61 3"]);
        assert_eq!(strength_of(&game, "france").figures, 158 - 5);
        // 9 hits leave fr-2lg 3 of 12, a quarter: shattered, so its last 3 go too.
        perform(&mut game, &["hit fr-2lg 9"]);
        let french = strength_of(&game, "france");
        assert_eq!(french.figures, 158 - 5 - 12);
        assert_eq!(french.figures_at_start, 158);
        assert_eq!(french.shaken_or_lost, 1);
        assert_eq!(strength_of(&game, "allies").figures, 158);
    }

    #[test]
    fn shaken_and_lost_units_count_as_army_morale_counts_them() {
        let mut game = quatre_bras();
        perform(
            &mut game,
            &["next", "shaken fr-61", "shaken fr-108", "hit fr-2lg 9"],
        );
        let french = strength_of(&game, "france");
        let standing = game.state().army_standing("france");
        assert_eq!(
            (french.units, french.shaken_or_lost),
            (standing.units, standing.shaken_or_gone)
        );
        assert_eq!(french.shaken_or_lost, 3);
        assert!(!french.one_from_breaking());
        perform(
            &mut game,
            &["shaken fr-4lg", "shaken fr-92", "shaken fr-93"],
        );
        // 6 of 14: a seventh breaks the army.
        let french = strength_of(&game, "france");
        assert!(french.one_from_breaking());
        assert!(!french.at_breaking_point());
        perform(&mut game, &["shaken fr-100"]);
        let french = strength_of(&game, "france");
        assert!(french.at_breaking_point());
        assert!(!french.one_from_breaking());
    }

    #[test]
    fn without_army_morale_nothing_breaks() {
        let (scenario, spec) =
            scenario::parse("tutorial", scenario::built_in("tutorial").unwrap()).unwrap();
        let mut game = Game::new(scenario, spec, 1);
        let first = game.state().sides()[0].id.clone();
        let unit = game
            .state()
            .units()
            .iter()
            .find(|u| u.side == first)
            .unwrap()
            .id
            .clone();
        perform(&mut game, &["next", &format!("shaken {unit}")]);
        let strength = strength_of(&game, &first);
        assert_eq!(strength.breaks_at, None);
        assert_eq!(strength.shaken_or_lost, 1);
        assert!(!strength.one_from_breaking() && !strength.at_breaking_point());
    }

    #[test]
    fn figures_are_noted_at_the_end_of_each_turn_and_now() {
        let mut game = quatre_bras();
        // Turn 1 (French): 3 hits on fr-61, then five `next`s end the turn.
        perform(&mut game, &["next", "hit fr-61 3"]);
        perform(&mut game, &["next"; 4]);
        assert_eq!(game.state().turn(), 2);
        assert_eq!(by_turn_of(&game, "france"), vec![155, 155]);
        // Turn 2 (Anglo-Allied): 2 more on fr-61 and 4 on nl-27j, the turn not ended.
        perform(&mut game, &["hit fr-61 2", "hit nl-27j 4"]);
        assert_eq!(by_turn_of(&game, "france"), vec![155, 153]);
        assert_eq!(by_turn_of(&game, "allies"), vec![158, 154]);
        perform(&mut game, &["next"; 5]);
        assert_eq!(game.state().turn(), 3);
        assert_eq!(by_turn_of(&game, "france"), vec![155, 153, 153]);
        // Undone back into turn 2: its end is no longer known, only now.
        perform(&mut game, &["undo"]);
        assert_eq!(by_turn_of(&game, "france"), vec![155, 153]);
    }

    fn standing_by_turn_of(game: &Game, side: &str) -> Vec<(u32, u32)> {
        game.standing_by_turn()
            .into_iter()
            .find(|(id, _)| id == side)
            .unwrap()
            .1
            .iter()
            .map(|s| {
                assert_eq!(s.units, 14);
                (s.figures, s.shaken_or_lost)
            })
            .collect()
    }

    #[test]
    fn standing_is_noted_at_the_start_at_each_turn_end_and_now() {
        let mut game = quatre_bras();
        assert_eq!(
            standing_by_turn_of(&game, "france"),
            vec![(158, 0), (158, 0)]
        );
        // Turn 1: fr-61 shaken with 3 hits; fr-2lg shattered by 9 (its last 3 go too).
        perform(
            &mut game,
            &["next", "hit fr-61 3", "shaken fr-61", "hit fr-2lg 9"],
        );
        perform(&mut game, &["next"; 4]);
        // Turn 2: nl-27j shaken, not yet the turn's end.
        perform(&mut game, &["shaken nl-27j"]);
        assert_eq!(
            standing_by_turn_of(&game, "france"),
            vec![(158, 0), (158 - 3 - 12, 2), (158 - 3 - 12, 2)]
        );
        assert_eq!(
            standing_by_turn_of(&game, "allies"),
            vec![(158, 0), (158, 0), (158, 1)]
        );
        // The same walk as the figures alone.
        let figures: Vec<u32> = game.standing_by_turn()[0]
            .1
            .iter()
            .skip(1)
            .map(|s| s.figures)
            .collect();
        assert_eq!(figures, by_turn_of(&game, "france"));
    }
}

#[cfg(test)]
mod axis_tests {
    use super::FiguresAxis;

    #[test]
    fn a_few_figures_lost_fill_the_axis_not_its_top() {
        // Quatre-Bras: 158 a side, 154 the fewest: steps of 5 from 150 to 160.
        let axis = FiguresAxis::fitting([158, 155, 158, 154]);
        assert_eq!(
            axis,
            FiguresAxis {
                low: 150,
                high: 160
            }
        );
        assert_eq!(axis.ticks(), [150, 155, 160]);
    }

    #[test]
    fn an_odd_step_goes_below_the_fewest_not_above_the_most() {
        // A new game's figures, 157 and 158: one step of 5 from 155 to 160 is odd, and a
        // second step is taken at the bottom (150), so the top stays just above 158.
        let axis = FiguresAxis::fitting([157, 158]);
        assert_eq!(
            axis,
            FiguresAxis {
                low: 150,
                high: 160
            }
        );
        assert_eq!(axis.ticks(), [150, 155, 160]);
        // With no room below 0, the step goes on top: 2 and 4 figures, 0 to 10.
        assert_eq!(
            FiguresAxis::fitting([2, 4]),
            FiguresAxis { low: 0, high: 10 }
        );
    }

    #[test]
    fn heavy_losses_take_larger_steps_and_stay_inside() {
        // 158 down to 60, a spread of 98: steps of 20 (8 x 20 = 160 covers it), from 40
        // below 60 to 160 above 158, six steps.
        let axis = FiguresAxis::fitting([158, 60]);
        assert_eq!(axis, FiguresAxis { low: 40, high: 160 });
        assert_eq!(axis.ticks(), [40, 100, 160]);
    }

    #[test]
    fn an_untouched_army_sits_below_the_top_and_none_at_all_at_the_bottom() {
        // 53 figures, none lost: 50 to 55 is one step of 5, the second goes below: 45 to 55.
        assert_eq!(
            FiguresAxis::fitting([53, 53]),
            FiguresAxis { low: 45, high: 55 }
        );
        // A wiped-out army: 0 stays the bottom.
        assert_eq!(FiguresAxis::fitting([0, 12]).low, 0);
        assert_eq!(FiguresAxis::fitting([]), FiguresAxis { low: 0, high: 10 });
    }
}
