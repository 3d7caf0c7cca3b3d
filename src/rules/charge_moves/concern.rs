//! The checklist's items of *Charge Moves*' own: the morale throw after melee, moves
//! back, routs and the chargers' melees. Its play raises them (`play/checklist.rs`); the
//! engine knows them only through `OwnConcern`.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChargeMovesConcern {
    /// *Charge Moves*: took the heavier share of losses in a melee; throws for morale.
    OwesMorale,
    /// *Charge Moves*: owes moves back, made on its own move before anything else.
    MovesBack { moves: u32 },
    /// *Charge Moves*: routed; it runs on its own move, and units within `reach` inches
    /// throw to join it.
    Routed { reach: i32 },
    /// *Charge Moves*: its charge came off; its melee is owed.
    ChargedHome,
}

impl ChargeMovesConcern {
    /// A stable name for programs reading `show --json`.
    pub fn key(&self) -> &'static str {
        match self {
            ChargeMovesConcern::OwesMorale => "owes_morale",
            ChargeMovesConcern::MovesBack { .. } => "moves_back",
            ChargeMovesConcern::Routed { .. } => "routed",
            ChargeMovesConcern::ChargedHome => "charged_home",
        }
    }

    /// The words after the subject (a unit's id), which none of them names again.
    pub fn words(&self, _subject: &str) -> String {
        match *self {
            ChargeMovesConcern::OwesMorale => {
                "lost the larger share: throws for morale (`morale`)".to_owned()
            }
            ChargeMovesConcern::MovesBack { moves: 1 } => {
                "goes back a move first, then `retreat` (`retreat … blocked`: it surrenders)"
                    .to_owned()
            }
            ChargeMovesConcern::MovesBack { moves } => format!(
                "goes back {moves} moves first, then `retreat` (`retreat … blocked`: it \
                 surrenders)"
            ),
            ChargeMovesConcern::Routed { reach } => format!(
                "routed: runs on its own move; units within {reach}\" throw (`morale … rout`)"
            ),
            ChargeMovesConcern::ChargedHome => {
                "charged home: fights its melee (`melee`)".to_owned()
            }
        }
    }
}
