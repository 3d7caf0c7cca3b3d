//! What-if copies of the state, for `need`: "supposing it were the shooting phase and
//! this unit owed a test, what would it need?" The game's own state changes only by its
//! events, through `apply`; these change a copy the game never keeps, so `need` can ask
//! the command's own check what a throw would take.

use super::state::GameState;
use crate::rules::phase::Phase;
use crate::rules::unit::Unit;

impl GameState {
    /// Supposes the phase is `phase`; whether that changed anything.
    pub(crate) fn suppose_phase(&mut self, phase: Phase) -> bool {
        let changed = self.phase != phase;
        self.phase = phase;
        changed
    }

    /// Supposes `side` is the active side; whether that changed anything.
    pub(crate) fn suppose_active(&mut self, side: &str) -> bool {
        let changed = self.active != side;
        side.clone_into(&mut self.active);
        changed
    }

    /// The unit `id` of a what-if copy, to suppose it otherwise than it stands.
    pub(crate) fn suppose_unit(&mut self, id: &str) -> Option<&mut Unit> {
        self.unit_mut(id)
    }
}
