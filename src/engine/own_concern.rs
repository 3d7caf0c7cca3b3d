//! The checklist items a ruleset raises of its own, which the engine knows only by this
//! one line per ruleset in each match: each is named and worded by its ruleset
//! (`rules/<ruleset>/concern.rs`). The shared items are `Concern`'s own variants.

use crate::rules::charge_moves::concern::ChargeMovesConcern;
use crate::rules::old_trousers::concern::TrousersConcern;
use crate::rules::sound_the_charge::concern::SoundTheChargeConcern;
use crate::rules::sound_the_charge_1_25::concern::OneTwentyFiveConcern;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OwnConcern {
    SoundTheCharge(SoundTheChargeConcern),
    OneTwentyFive(OneTwentyFiveConcern),
    ChargeMoves(ChargeMovesConcern),
    Trousers(TrousersConcern),
}

impl OwnConcern {
    /// A stable name for programs reading `show --json`.
    pub fn key(&self) -> &'static str {
        match self {
            OwnConcern::SoundTheCharge(concern) => concern.key(),
            OwnConcern::OneTwentyFive(concern) => concern.key(),
            OwnConcern::ChargeMoves(concern) => concern.key(),
            OwnConcern::Trousers(concern) => concern.key(),
        }
    }

    /// The words after the subject, which some of them name again.
    pub fn words(&self, subject: &str) -> String {
        match self {
            OwnConcern::SoundTheCharge(concern) => concern.words(subject),
            OwnConcern::OneTwentyFive(concern) => concern.words(subject),
            OwnConcern::ChargeMoves(concern) => concern.words(subject),
            OwnConcern::Trousers(concern) => concern.words(subject),
        }
    }
}

impl From<SoundTheChargeConcern> for OwnConcern {
    fn from(concern: SoundTheChargeConcern) -> OwnConcern {
        OwnConcern::SoundTheCharge(concern)
    }
}

impl From<OneTwentyFiveConcern> for OwnConcern {
    fn from(concern: OneTwentyFiveConcern) -> OwnConcern {
        OwnConcern::OneTwentyFive(concern)
    }
}

impl From<ChargeMovesConcern> for OwnConcern {
    fn from(concern: ChargeMovesConcern) -> OwnConcern {
        OwnConcern::ChargeMoves(concern)
    }
}

impl From<TrousersConcern> for OwnConcern {
    fn from(concern: TrousersConcern) -> OwnConcern {
        OwnConcern::Trousers(concern)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::checklist::Concern;
    use crate::rules::army_morale::ArmyStanding;
    use crate::rules::old_trousers::command::{
        Commander, Echelon, Order, StaffRating, TacticalRating,
    };
    use crate::rules::old_trousers::concern::CommandConcern;
    use crate::rules::old_trousers::random_events::RandomEvent;

    /// Every item once, the shared ones and each ruleset's, written out by hand.
    fn every_concern() -> Vec<Concern> {
        let standing = ArmyStanding {
            units: 6,
            shaken_or_gone: 2,
        };
        let commander = Commander::subordinate(Echelon::InfantryDivision, TacticalRating::Good);
        vec![
            Concern::OwesTest,
            Concern::InContact,
            Concern::Charged {
                short_disorders: true,
            },
            Concern::ChargeEvaded {
                short_disorders: true,
            },
            Concern::ChargeTargetGone,
            Concern::MayRally,
            Concern::MustRetreat { inches: 4 },
            Concern::Shaken,
            Concern::OutOfCommand,
            Concern::Disordered,
            Concern::MayReform,
            Concern::Leaving,
            Concern::OneHitFromShattering,
            Concern::LastTurn { limit: 8 },
            Concern::ArmyMorale {
                standing,
                breaks: false,
            },
            Concern::ArmyRetreating,
            Concern::Own(SoundTheChargeConcern::GunsAbandoned.into()),
            Concern::Own(SoundTheChargeConcern::MayReturn.into()),
            Concern::Own(SoundTheChargeConcern::Away.into()),
            Concern::Own(SoundTheChargeConcern::CommandCheck { out: 1, units: 3 }.into()),
            Concern::Own(OneTwentyFiveConcern::OwesFireTest.into()),
            Concern::Own(OneTwentyFiveConcern::RetreatBetween { least: 2, most: 6 }.into()),
            Concern::Own(OneTwentyFiveConcern::ControlCheck.into()),
            Concern::Own(OneTwentyFiveConcern::MustRollControl.into()),
            Concern::Own(ChargeMovesConcern::OwesMorale.into()),
            Concern::Own(ChargeMovesConcern::MovesBack { moves: 2 }.into()),
            Concern::Own(ChargeMovesConcern::Routed { reach: 6 }.into()),
            Concern::Own(ChargeMovesConcern::ChargedHome.into()),
            Concern::Own(TrousersConcern::Countercharged.into()),
            Concern::Own(TrousersConcern::AwaitsReplacement { ready: false }.into()),
            Concern::Own(TrousersConcern::MustRout.into()),
            Concern::Own(TrousersConcern::InitiativeToRoll { tied: false }.into()),
            Concern::Own(
                TrousersConcern::ExcerptStops {
                    section: "Melee",
                    page: Some(22),
                }
                .into(),
            ),
            Concern::Own(TrousersConcern::OutOfCommandConfined.into()),
            Concern::Own(TrousersConcern::Command(CommandConcern::EventToRoll).into()),
            Concern::Own(
                TrousersConcern::Command(CommandConcern::EventDrawn(RandomEvent::WrongTurn)).into(),
            ),
            Concern::Own(
                TrousersConcern::Command(CommandConcern::Points {
                    commander,
                    staff: StaffRating::Competent,
                    event: None,
                    spent: 0,
                })
                .into(),
            ),
            Concern::Own(TrousersConcern::Command(CommandConcern::FirstTurn).into()),
            Concern::Own(
                TrousersConcern::Command(CommandConcern::OrderToActivate(Order::Attack)).into(),
            ),
            Concern::Own(
                TrousersConcern::Command(CommandConcern::OrderOnItsWay(Order::Defend)).into(),
            ),
        ]
    }

    /// Whose an item is: the engine's shared vocabulary, or one ruleset's own. Every
    /// variant is named, with no wildcard, so that a new item does not compile until it
    /// is named here, beside `every_concern`'s list.
    fn whose(concern: &Concern) -> &'static str {
        match concern {
            Concern::OwesTest
            | Concern::InContact
            | Concern::Charged { .. }
            | Concern::ChargeEvaded { .. }
            | Concern::ChargeTargetGone
            | Concern::MayRally
            | Concern::MustRetreat { .. }
            | Concern::Shaken
            | Concern::OutOfCommand
            | Concern::Disordered
            | Concern::MayReform
            | Concern::Leaving
            | Concern::OneHitFromShattering
            | Concern::LastTurn { .. }
            | Concern::ArmyMorale { .. }
            | Concern::ArmyRetreating => "shared",
            Concern::Own(OwnConcern::SoundTheCharge(
                SoundTheChargeConcern::GunsAbandoned
                | SoundTheChargeConcern::MayReturn
                | SoundTheChargeConcern::Away
                | SoundTheChargeConcern::CommandCheck { .. },
            )) => "Sound the Charge",
            Concern::Own(OwnConcern::OneTwentyFive(
                OneTwentyFiveConcern::OwesFireTest
                | OneTwentyFiveConcern::RetreatBetween { .. }
                | OneTwentyFiveConcern::ControlCheck
                | OneTwentyFiveConcern::MustRollControl,
            )) => "Sound the Charge 1:25",
            Concern::Own(OwnConcern::ChargeMoves(
                ChargeMovesConcern::OwesMorale
                | ChargeMovesConcern::MovesBack { .. }
                | ChargeMovesConcern::Routed { .. }
                | ChargeMovesConcern::ChargedHome,
            )) => "Charge Moves",
            Concern::Own(OwnConcern::Trousers(
                TrousersConcern::Countercharged
                | TrousersConcern::AwaitsReplacement { .. }
                | TrousersConcern::MustRout
                | TrousersConcern::InitiativeToRoll { .. }
                | TrousersConcern::ExcerptStops { .. }
                | TrousersConcern::OutOfCommandConfined
                | TrousersConcern::Command(
                    CommandConcern::EventToRoll
                    | CommandConcern::EventDrawn(_)
                    | CommandConcern::Points { .. }
                    | CommandConcern::FirstTurn
                    | CommandConcern::OrderToActivate(_)
                    | CommandConcern::OrderOnItsWay(_),
                ),
            )) => "Old Trousers II",
        }
    }

    /// No two items share a key, a ruleset's with another's or with a shared one:
    /// `show --json` would read the one as the other. The one pair that does is one item
    /// to a program: a retreat owed, a range in 1:25 and a least distance elsewhere.
    #[test]
    fn every_key_is_one_items() {
        let mut keys: Vec<(&str, &str)> = every_concern()
            .iter()
            .map(|concern| (concern.key(), whose(concern)))
            .collect();
        keys.sort_unstable();
        let shared: Vec<_> = keys
            .windows(2)
            .filter(|pair| pair[0].0 == pair[1].0)
            .map(|pair| (pair[0], pair[1]))
            .collect();
        assert_eq!(
            shared,
            [(
                ("must_retreat", "Sound the Charge 1:25"),
                ("must_retreat", "shared")
            )],
            "{keys:?}"
        );
    }
}
