//! What a ruleset's own event may change of the battle: the engine's state lends it, so
//! that a ruleset says what its events do without knowing that state. An event that
//! changes only its unit's own state takes that state instead (*Charge Moves*, 1:25).

use super::sides::General;
use super::unit::Unit;

pub trait Table {
    /// The engine's refusal of an event that names no unit or general of the battle,
    /// which a ruleset's own refusals convert into.
    type Refusal;

    /// The game turn the event happens in.
    fn turn(&self) -> u32;

    fn unit_mut(&mut self, id: &str) -> Result<&mut Unit, Self::Refusal>;

    fn general_mut(&mut self, id: &str) -> Result<&mut General, Self::Refusal>;

    /// Takes the unit off the table, and so out of contact with every enemy.
    fn take_off_table(&mut self, id: &str) -> Result<(), Self::Refusal>;
}

#[cfg(test)]
pub(crate) mod tests {
    use super::{General, Table, Unit};

    /// A battle of units and generals alone, for a ruleset's own events to be applied
    /// to without the engine. It refuses an unknown id with the id, and notes whom it
    /// took off the table (the engine takes them out of contact too).
    #[derive(Debug, Default)]
    pub(crate) struct Board {
        pub(crate) turn: u32,
        pub(crate) units: Vec<Unit>,
        pub(crate) generals: Vec<General>,
        pub(crate) taken_off: Vec<String>,
    }

    impl Table for Board {
        type Refusal = String;

        fn turn(&self) -> u32 {
            self.turn
        }

        fn unit_mut(&mut self, id: &str) -> Result<&mut Unit, String> {
            self.units
                .iter_mut()
                .find(|u| u.id == id)
                .ok_or_else(|| id.to_owned())
        }

        fn general_mut(&mut self, id: &str) -> Result<&mut General, String> {
            self.generals
                .iter_mut()
                .find(|g| g.id == id)
                .ok_or_else(|| id.to_owned())
        }

        fn take_off_table(&mut self, id: &str) -> Result<(), String> {
            self.unit_mut(id)?.on_table = false;
            self.taken_off.push(id.to_owned());
            Ok(())
        }
    }
}
