//! The game as it stands: whose turn, which phase, every unit, side and general.
//!
//! Fields are the engine's (`pub(super)`): outside it the state is read-only, so the only
//! way to change a battle is an event that `apply` takes and the log records. `need`'s
//! supposed positions write a copy, through `engine/suppose.rs`.

use crate::core::clock::SlotClock;
use crate::core::dice::DiceStream;
use crate::core::house::{self, HouseRules};
use crate::rules::Ruleset;
use crate::rules::army_morale::{ArmyStanding, armies_breaking};
use crate::rules::optional_rule::OptionalRule;
use crate::rules::phase::Phase;
use crate::rules::profile::Turns;
use crate::rules::sides::{General, Side};
use crate::rules::turn_state::TurnState;
use crate::rules::unit::{Morale, Unit, UnitStatus};
use crate::scenario::Scenario;
use std::collections::HashMap;
use std::sync::Arc;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameState {
    pub(super) ruleset: Ruleset,
    pub(super) turn: u32,
    pub(super) active: String,
    pub(super) phase: Phase,
    pub(super) sides: Vec<Side>,
    /// Shared between a state and its copies until one of them changes a unit: the game
    /// keeps a copy at every turn start and before every command.
    pub(super) units: Vec<Arc<Unit>>,
    /// Where each unit id stands in `units`, which never gains or loses one: every event
    /// names its units, and a search down a big battle's list cost more than the event.
    unit_index: Arc<HashMap<String, usize>>,
    pub(super) generals: Vec<General>,
    pub(super) optional_rules: Vec<OptionalRule>,
    /// The club's values for the ruleset's chart numbers, put in force around every call
    /// into the ruleset ([`GameState::with_house_rules`]).
    pub(super) house_rules: Arc<HouseRules>,
    pub(super) turn_limit: Option<u32>,
    pub(super) campaign: bool,
    pub(super) dice: DiceStream,
    /// What each ruleset keeps for the game turn (*Old Trousers II*: who moves first).
    pub(super) turn_state: TurnState,
    /// The slot's clock, moved by the log's times (`clock.rs`).
    pub(super) clock: SlotClock,
}

impl GameState {
    /// Turn 1, the rally phase, the scenario's `first` side active.
    pub fn new(scenario: &Scenario, seed: u64) -> GameState {
        GameState {
            ruleset: scenario.ruleset,
            turn: 1,
            active: scenario.first.clone(),
            phase: scenario.ruleset.sequence()[0],
            sides: scenario.sides.clone(),
            units: scenario.units.iter().cloned().map(Arc::new).collect(),
            unit_index: Arc::new(
                scenario
                    .units
                    .iter()
                    .enumerate()
                    .map(|(index, unit)| (unit.id.clone(), index))
                    .collect(),
            ),
            generals: scenario.generals.clone(),
            optional_rules: scenario.optional_rules.clone(),
            house_rules: Arc::clone(&scenario.house_rules),
            turn_limit: scenario.turn_limit,
            campaign: scenario.campaign,
            dice: DiceStream::new(seed),
            turn_state: TurnState::default(),
            clock: SlotClock::new(scenario.slot, scenario.sides.len()),
        }
    }

    pub fn ruleset(&self) -> Ruleset {
        self.ruleset
    }

    /// Whether `figures` left of `unit`'s start shatters it under this battle's ruleset.
    pub fn shatters(&self, unit: &Unit, figures: u32) -> bool {
        self.ruleset.is_shattered(unit.figures_at_start, figures)
    }

    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The id of the side whose turn it is.
    pub fn active(&self) -> &str {
        &self.active
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The app's dice as they stand: undo puts them back.
    pub fn dice(&self) -> DiceStream {
        self.dice
    }

    /// The scenario's last turn, if it has one.
    pub fn turn_limit(&self) -> Option<u32> {
        self.turn_limit
    }

    /// The army whose break ended the battle: a convention game ends there; in a
    /// campaign battle the broken army retreats off the table instead (*Army Morale*).
    pub fn battle_over(&self) -> Option<&Side> {
        // In a campaign the battle is over once both armies have broken.
        let everyone_broke = self.sides.iter().all(|s| s.broken);
        if self.campaign && !everyone_broke {
            None
        } else {
            self.broken_side()
        }
    }

    /// A campaign battle: a broken army retreats off the table (*Army Morale*).
    pub fn campaign(&self) -> bool {
        self.campaign
    }

    /// Whether `side` is a broken army retreating off the table (a campaign battle).
    pub fn retreating_off(&self, side: &str) -> bool {
        self.campaign && self.side(side).is_some_and(|s| s.broken)
    }

    /// The house rules the game plays.
    pub fn house_rules(&self) -> &Arc<HouseRules> {
        &self.house_rules
    }

    /// `read` with the game's house rules in force: every chart number it reads has the
    /// club's value where the house rules give one.
    pub fn with_house_rules<T>(&self, read: impl FnOnce() -> T) -> T {
        house::in_force(&self.house_rules, read)
    }

    pub fn rule_in_play(&self, rule: OptionalRule) -> bool {
        self.optional_rules.contains(&rule)
    }

    /// The side's units against the *Army Morale* threshold: every unit it began with,
    /// and those eliminated (shattered, destroyed, off the table) or shaken.
    pub fn army_standing(&self, side: &str) -> ArmyStanding {
        let units = self.units.iter().filter(|u| u.side == side);
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        ArmyStanding {
            units: count(units.clone().count()),
            shaken_or_gone: count(
                units
                    // Cavalry off the table after its enemy is neither (ruling 62).
                    .filter(|u| {
                        u.status != UnitStatus::InPlay
                            // Routed (Charge Moves) counts as shaken does.
                            || (u.morale != Morale::Good && !u.off_after_its_enemy())
                    })
                    .count(),
            ),
        }
    }

    /// Both armies at the end of this turn, the active side first: each side, how it
    /// stands, and whether it breaks (*Army Morale*: if both would, only the passive).
    pub fn armies_at_turn_end(&self) -> [(&str, ArmyStanding, bool); 2] {
        let active = self.active();
        let passive = self.opponent_of(active);
        let (active_standing, passive_standing) =
            (self.army_standing(active), self.army_standing(passive));
        let (active_breaks, passive_breaks) = armies_breaking(active_standing, passive_standing);
        [
            (active, active_standing, active_breaks),
            (passive, passive_standing, passive_breaks),
        ]
    }

    /// The armies still to be judged at the end of this turn, each with how it stands and
    /// whether it breaks. An army already broken (a campaign battle) is not judged again,
    /// and the other is then judged alone.
    pub fn armies_to_judge(&self) -> Vec<(&str, ArmyStanding, bool)> {
        let armies = self.armies_at_turn_end();
        let broken_before = |side: &str| self.side(side).is_some_and(|s| s.broken);
        let judged_alone = armies.iter().any(|(side, _, _)| broken_before(side));
        armies
            .into_iter()
            .filter(|(side, _, _)| !broken_before(side))
            .map(|(side, standing, breaks)| {
                (
                    side,
                    standing,
                    if judged_alone {
                        standing.would_break()
                    } else {
                        breaks
                    },
                )
            })
            .collect()
    }

    /// The side whose army has broken: the battle is over (*Army Morale*).
    pub fn broken_side(&self) -> Option<&Side> {
        self.sides.iter().find(|s| s.broken)
    }

    pub fn sides(&self) -> &[Side] {
        &self.sides
    }

    pub fn units(&self) -> &[Arc<Unit>] {
        &self.units
    }

    pub fn generals(&self) -> &[General] {
        &self.generals
    }

    pub fn side(&self, id: &str) -> Option<&Side> {
        self.sides.iter().find(|s| s.id == id)
    }

    pub fn unit(&self, id: &str) -> Option<&Unit> {
        let index = *self.unit_index.get(id)?;
        Some(&self.units[index])
    }

    pub fn general(&self, id: &str) -> Option<&General> {
        self.generals.iter().find(|g| g.id == id)
    }

    /// The side that is not `side_id` (battles have exactly two sides).
    pub fn opponent_of(&self, side_id: &str) -> &str {
        self.sides
            .iter()
            .find(|s| s.id != side_id)
            .or_else(|| self.sides.first())
            .map_or("", |s| s.id.as_str())
    }

    /// Generals riding with `unit_id`.
    pub fn generals_attached_to<'a>(
        &'a self,
        unit_id: &'a str,
    ) -> impl Iterator<Item = &'a General> + 'a {
        self.generals
            .iter()
            .filter(move |g| g.attached.as_deref() == Some(unit_id))
    }

    /// Where `next` leads: the following phase, or after reform the other side's rally
    /// (*Turn Sequence*).
    pub fn phase_after(&self) -> (u32, String, Phase) {
        match self.ruleset.turns() {
            Turns::ByInitiative { opening, only_with } => {
                self.phase_after_by_initiative(opening, only_with)
            }
            // One side plays its whole turn, then the other: a turn of the game is one side's.
            Turns::SideAfterSide => match self.ruleset.following(self.phase) {
                Some(phase) => (self.turn, self.active.clone(), phase),
                None => (
                    self.turn.saturating_add(1),
                    self.opponent_of(&self.active).to_owned(),
                    self.ruleset.sequence()[0],
                ),
            },
        }
    }

    /// A game turn by initiative: its `opening` phases for both sides (each of `only_with`
    /// played only with its rule in play), then the side that won the initiative plays
    /// the rest, then the other; after the second player's last phase the next game turn
    /// opens. Until the initiative is won, the side shown stays the last one (`next` is
    /// refused then).
    fn phase_after_by_initiative(
        &self,
        opening: usize,
        only_with: &[(Phase, OptionalRule)],
    ) -> (u32, String, Phase) {
        let sequence = self.ruleset.sequence();
        let (opening, players) = sequence.split_at(opening.min(sequence.len()));
        let first = self
            .turn_state
            .first_mover()
            .map_or_else(|| self.active.clone(), str::to_owned);
        let played = |phase: &Phase| {
            only_with
                .iter()
                .filter(|(with, _)| with == phase)
                .all(|(_, rule)| self.rule_in_play(*rule))
        };
        if let Some(at) = opening.iter().position(|&p| p == self.phase) {
            let next = opening[at + 1..]
                .iter()
                .chain(players)
                .copied()
                .find(played)
                .unwrap_or(self.phase);
            return (self.turn, first, next);
        }
        let at = players.iter().position(|&p| p == self.phase).unwrap_or(0);
        match players.get(at + 1) {
            Some(&next) => (self.turn, self.active.clone(), next),
            None if self.active == first => (
                self.turn,
                self.opponent_of(&self.active).to_owned(),
                players.first().copied().unwrap_or(self.phase),
            ),
            None => (
                self.turn.saturating_add(1),
                self.active.clone(),
                sequence[0],
            ),
        }
    }

    /// What each ruleset keeps for this game turn (*Old Trousers II*: its initiative and
    /// random events).
    pub fn turn_state(&self) -> &TurnState {
        &self.turn_state
    }

    /// What checked commands always leave true. A log that breaks it was edited by hand.
    pub fn consistency_problem(&self) -> Option<Inconsistency> {
        for unit in &self.units {
            let shattered = self.shatters(unit, unit.figures());
            let problem = match unit.status {
                UnitStatus::InPlay if shattered => "is at or below a quarter but not shattered",
                UnitStatus::InPlay if !unit.on_table && !unit.off_after_its_enemy() => {
                    "is off the table but in play"
                }
                UnitStatus::Shattered if !shattered => "is shattered above a quarter strength",
                _ if !unit.may_form(unit.formation) => "is in a formation its arm cannot take",
                _ => continue,
            };
            return Some(Inconsistency::Unit {
                unit: unit.id.clone(),
                problem,
            });
        }
        for general in &self.generals {
            let Some(unit_id) = &general.attached else {
                continue;
            };
            match self.unit(unit_id) {
                Some(unit) if unit.side != general.side => {
                    return Some(Inconsistency::GeneralWithEnemy {
                        general: general.id.clone(),
                        unit: unit.id.clone(),
                    });
                }
                Some(unit) if !unit.on_table => {
                    return Some(Inconsistency::GeneralWithGoneUnit {
                        general: general.id.clone(),
                        unit: unit.id.clone(),
                    });
                }
                _ => {}
            }
        }
        None
    }

    /// The hits a unit's owed test counts: the turn's shooting hits, or in *Sound the
    /// Charge 1:25* those of the one fire that called for it.
    pub fn test_hits_of(&self, unit: &Unit) -> u32 {
        unit.hits_to_test(self.ruleset.owed_test())
    }

    pub(super) fn unit_mut(&mut self, id: &str) -> Option<&mut Unit> {
        let index = *self.unit_index.get(id)?;
        Some(Arc::make_mut(&mut self.units[index]))
    }

    pub(super) fn general_mut(&mut self, id: &str) -> Option<&mut General> {
        self.generals.iter_mut().find(|g| g.id == id)
    }
}

/// A battle checked commands never leave: only a hand-edited log builds one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Inconsistency {
    /// `problem` says what is wrong with the unit ("is off the table but in play").
    #[error("unit {unit} {problem}")]
    Unit { unit: String, problem: &'static str },
    #[error("general {general} rides with {unit}, of the other side")]
    GeneralWithEnemy { general: String, unit: String },
    #[error("general {general} rides with {unit}, which has left the table")]
    GeneralWithGoneUnit { general: String, unit: String },
}
