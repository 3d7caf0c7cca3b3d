//! What *Old Trousers II* keeps on a unit beyond the shared roster: its troop rating and
//! drill, the gun models fire has taken, this turn's fire and move, and its place in the
//! chain of command.

pub use super::move_state::MoveState;
use super::unit as ot;
use crate::rules::formation::Formation;
use crate::rules::hit_kind::HitKind;
use crate::rules::own_unit_state::OwnUnitState;

/// A unit's *Old Trousers II* state. Units of the other rulesets carry it at its default
/// (no traits) and never change it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UnitState {
    /// Its troop rating, nation and drill; `None` in other rulesets.
    pub traits: Option<Traits>,
    /// Gun models lost to artillery fire (a battery's figures are its gunners here).
    pub guns_lost: u32,
    /// Its fire this turn and its losses this phase.
    pub fire: FireState,
    /// What its move this player turn was, beyond its distance.
    pub movement: MoveState,
    /// Whose command it is in, and an order a command point bought it.
    pub command_chain: CommandChain,
}

impl UnitState {
    /// What is left of it when a player turn passes: its fire and move were that turn's.
    #[must_use]
    pub fn turn_over(&self) -> UnitState {
        UnitState {
            fire: FireState {
                fired_this_turn: false,
                formed_this_turn: false,
                ..self.fire
            },
            movement: MoveState::default(),
            ..self.clone()
        }
    }
}

impl OwnUnitState for UnitState {
    /// A change of formation: it counts as moving for this turn's fire (p18).
    fn formed(&mut self, _formation: Formation, _turn: u32) {
        self.fire.formed_this_turn = true;
    }

    /// Figures lost this phase, for simultaneous fire (p18).
    fn took_hits(&mut self, _kind: HitKind, count: u32) {
        self.fire.figures_lost_this_phase += count;
    }

    /// Figures taken back: no longer lost this phase.
    fn hits_taken_back(&mut self, count: u32, _shooting_hits: u32) {
        self.fire.figures_lost_this_phase = self.fire.figures_lost_this_phase.saturating_sub(count);
    }

    /// How it moved, for the rest of the player turn.
    fn moved_as(&mut self, movement: MoveState) {
        self.movement = movement;
    }

    /// This phase's losses are still counted: stationary fire is simultaneous within its
    /// phase only (p18).
    fn has_phase_marks(&self) -> bool {
        self.fire.figures_lost_this_phase != 0 || self.fire.guns_lost_this_phase != 0
    }

    /// A new phase: the last one's losses no longer count toward simultaneous fire.
    fn phase_over(&mut self) {
        self.fire.figures_lost_this_phase = 0;
        self.fire.guns_lost_this_phase = 0;
    }

    fn has_turn_marks(&self) -> bool {
        UnitState::turn_over(self) != *self
    }

    fn turn_over(&mut self) {
        *self = UnitState::turn_over(self);
    }

    /// Its traits: rifles, lances, a battery's calibre…
    fn description(&self) -> Option<(&'static str, Vec<&'static str>)> {
        let words = self.traits.map(|traits| traits.words())?;
        (!words.is_empty()).then_some(("traits", words))
    }
}

/// A unit's place in the chain of command (p11-13).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CommandChain {
    /// The division or cavalry brigade commander whose command it is in (scenario
    /// `commander`), when the scenario says.
    pub commander: Option<String>,
    /// The turn a command point last bought it an order of its own (p13): that turn it
    /// may act as a unit in command does.
    pub ordered_on: Option<u32>,
}

impl CommandChain {
    /// Whether a command point bought the unit an order on `turn`.
    pub fn ordered_in(&self, turn: u32) -> bool {
        self.ordered_on == Some(turn)
    }
}

/// What the once-a-turn, simultaneous fire needs to know of a unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FireState {
    /// Has fired this player turn (once: stationary, moving or opportunity fire).
    pub fired_this_turn: bool,
    /// Changed formation this player turn, which counts as moving for fire (p18).
    pub formed_this_turn: bool,
    /// Figures and gun models lost this phase: stationary fire is simultaneous (p18), so
    /// a unit hit in it still fires with them.
    pub figures_lost_this_phase: u32,
    pub guns_lost_this_phase: u32,
}

/// What the scenario fixes about a unit beyond its arm and figures
/// (*Troop Ratings*, p8).
// Each flag is a separate yes/no of the unit's drill, as the rulebook lists them.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Traits {
    pub nation: ot::Nation,
    pub morale: ot::Morale,
    pub arm: ot::Arm,
    pub untrained: bool,
    pub impetuous: bool,
    pub rifles: bool,
    pub skirmish_ability: bool,
    pub quick_drill: bool,
    pub attack_column: bool,
}

impl Traits {
    /// The troop rating in the roster's three columns.
    pub fn rating_short(&self) -> &'static str {
        match self.morale {
            ot::Morale::OldGuard => "OG",
            ot::Morale::Superior => "SUP",
            ot::Morale::Excellent => "EXC",
            ot::Morale::Good => "GD",
            ot::Morale::Average => "AVG",
            ot::Morale::Fair => "FR",
            ot::Morale::Poor => "PR",
        }
    }

    /// What the rules read off the unit beyond its arm: weapons, drill, a battery's
    /// calibre and team. Quick drill and the attack column are named only where the
    /// nation does not give them already (*Movement: Formations*, p15).
    pub fn words(&self) -> Vec<&'static str> {
        let mut words = Vec::new();
        match self.arm {
            ot::Arm::Infantry => {}
            ot::Arm::Cavalry {
                lances, cuirass, ..
            } => {
                words.extend(lances.then_some("lances"));
                words.extend(cuirass.then_some("cuirass"));
            }
            ot::Arm::Artillery { calibre, transport } => {
                words.push(calibre.word());
                words.push(match transport {
                    ot::Transport::Foot => "foot",
                    ot::Transport::Horse => "horse",
                });
            }
        }
        let infantry = self.arm.is_infantry();
        words.extend(self.rifles.then_some("rifles"));
        words.extend(self.skirmish_ability.then_some("skirmishers"));
        words.extend(self.impetuous.then_some("impetuous"));
        words.extend(self.untrained.then_some("untrained"));
        // Scenario traits only add to what the nation gives, so only additions are news.
        let by_nation = ot::Unit::infantry("", self.nation, self.morale, 1);
        let drill = infantry && self.quick_drill && !by_nation.quick_drill;
        words.extend(drill.then_some("quick drill"));
        let column = infantry && self.attack_column && !by_nation.attack_column;
        words.extend(column.then_some("attack column"));
        words
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A unit fires once a player turn (p18) and its move is that turn's; the losses of
    /// simultaneous stationary fire count for its phase only; the chain of command and the
    /// guns lost last.
    #[test]
    fn a_passing_turn_and_phase_clear_what_was_theirs() {
        let marked = UnitState {
            traits: None,
            guns_lost: 1,
            fire: FireState {
                fired_this_turn: true,
                formed_this_turn: true,
                figures_lost_this_phase: 2,
                guns_lost_this_phase: 1,
            },
            movement: MoveState {
                operational: true,
                countercharge: true,
                met: true,
                ..MoveState::default()
            },
            command_chain: CommandChain {
                commander: Some("fr-div".to_owned()),
                ordered_on: Some(3),
            },
        };
        let next_turn = marked.turn_over();
        assert_eq!(next_turn.fire.figures_lost_this_phase, 2);
        assert!(!next_turn.fire.fired_this_turn && !next_turn.fire.formed_this_turn);
        assert_eq!(next_turn.movement, MoveState::default());
        assert_eq!(
            (next_turn.guns_lost, &next_turn.command_chain),
            (1, &marked.command_chain)
        );
        let mut next_phase = marked.clone();
        assert!(next_phase.has_phase_marks());
        next_phase.phase_over();
        assert!(!next_phase.has_phase_marks());
        assert_eq!(
            next_phase,
            UnitState {
                fire: FireState {
                    figures_lost_this_phase: 0,
                    guns_lost_this_phase: 0,
                    ..marked.fire
                },
                ..marked
            }
        );
    }
}
