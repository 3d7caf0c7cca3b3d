//! The checklist's items of *Sound the Charge*'s own: guns left by their gunners, cavalry
//! away after its enemy and command radius. Its play raises them
//! (`play/checklist.rs`); the engine knows them only through `OwnConcern`.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SoundTheChargeConcern {
    /// Its gunners left the guns to evade; they neither shoot nor fight until back.
    GunsAbandoned,
    /// Cavalry off the table after the enemy it followed: in its side's rally phase it
    /// rolls to come back (*National Modifiers*, Britain).
    MayReturn,
    /// Off the table after the enemy it followed, not rolling now.
    Away,
    /// When command tells on the dice: a side's units marked out of command, to check
    /// again against its generals' radius now that things have moved (half speed, -1 on
    /// tests and rallies).
    CommandCheck { out: u32, units: u32 },
}

impl SoundTheChargeConcern {
    /// A stable name for programs reading `show --json`.
    pub fn key(&self) -> &'static str {
        match self {
            SoundTheChargeConcern::GunsAbandoned => "guns_abandoned",
            SoundTheChargeConcern::MayReturn => "may_return",
            SoundTheChargeConcern::Away => "away",
            SoundTheChargeConcern::CommandCheck { .. } => "command_check",
        }
    }

    /// The words after the subject (a unit's id, or a side's for command).
    pub fn words(&self, subject: &str) -> String {
        match *self {
            SoundTheChargeConcern::GunsAbandoned => format!(
                "gunners away from their guns: no shooting or combat until `reman {subject}`"
            ),
            SoundTheChargeConcern::MayReturn => {
                format!("off the table after its enemy: 5-6 brings it back (`return {subject}`)")
            }
            SoundTheChargeConcern::Away => "off the table after its enemy".to_owned(),
            SoundTheChargeConcern::CommandCheck { out, units } => {
                format!("command: {out} of {units} units out of a general's radius (`cmd` again)")
            }
        }
    }
}
