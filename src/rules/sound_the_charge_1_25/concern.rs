//! The checklist's items of *Sound the Charge 1:25*'s own: the fire test, the retreat
//! the player chooses within a range, and *Limited Control*. The play of both editions
//! raises them for 1:25 (`sound_the_charge/play/checklist.rs`); the engine knows them
//! only through `OwnConcern`.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OneTwentyFiveConcern {
    /// *Sound the Charge 1:25*: two or more hits from one fire owe a fire test.
    OwesFireTest,
    /// *Sound the Charge 1:25*: owes a retreat anywhere from `least` to `most` inches, the
    /// player's choice (*Retreat Moves*).
    RetreatBetween { least: u32, most: u32 },
    /// *Sound the Charge 1:25*, optional *Limited Control*: the side's generals may not
    /// reach every unit; those with none within 16" roll `control` before moving.
    ControlCheck,
    /// *Limited Control* with no general of its side left: it rolls before it moves.
    MustRollControl,
}

impl OneTwentyFiveConcern {
    /// A stable name for programs reading `show --json`. A retreat owed is
    /// `must_retreat` in every ruleset, whether a range or a least distance.
    pub fn key(&self) -> &'static str {
        match self {
            OneTwentyFiveConcern::OwesFireTest => "owes_fire_test",
            OneTwentyFiveConcern::RetreatBetween { .. } => "must_retreat",
            OneTwentyFiveConcern::ControlCheck => "control_check",
            OneTwentyFiveConcern::MustRollControl => "must_roll_control",
        }
    }

    /// The words after the subject (a unit's id, or the side's for a control check).
    pub fn words(&self, subject: &str) -> String {
        match *self {
            OneTwentyFiveConcern::OwesFireTest => {
                format!("owes a fire test (`test {subject}`), before anyone fires at it again")
            }
            OneTwentyFiveConcern::RetreatBetween { least, most } => format!(
                "retreats {least}-{most}\" (the player's choice), facing the enemy or about \
                 face; if it cannot without touching a new enemy, or goes off the table, \
                 `retreat {subject} blocked`"
            ),
            OneTwentyFiveConcern::ControlCheck => "limited control: a unit with no general \
                 within 16\" at the turn's start rolls `control` (4-6) before it moves"
                .to_owned(),
            OneTwentyFiveConcern::MustRollControl => {
                format!("no general of its side is left: `control {subject}` (4-6) before it moves")
            }
        }
    }
}
