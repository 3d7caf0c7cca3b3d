//! What *Sound the Charge*'s rules forbid, each with the data its sentence names.

use crate::rules::unit::Formation;

/// What *Sound the Charge*'s rules forbid a unit: a move, a charge, a shot, a combat as
/// described, a rally. The words cite the rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Forbidden {
    // Movement.
    #[error("{unit} is in boats: terrain= and backwheel are for moves ashore (*Boats*)")]
    BoatsAshoreWords { unit: String },
    #[error("upstream is for troops in boats; {unit} is not in boats")]
    UpstreamAshore { unit: String },
    #[error(
        "{unit} may not charge: its formation change takes the whole turn (*Change \
         Formation/Facing*)"
    )]
    ChargeAfterChange { unit: String },
    /// `why` is the first reason the maneuver shakes it.
    #[error(
        "{unit} may not charge: the maneuver shakes it ({why}), and shaken units may not \
         charge (*Charging* 5)"
    )]
    ChargeShakenByManeuver { unit: String, why: String },
    #[error(
        "{unit} is in close combat: it may not move (*Movement*: units in a continuing close \
         combat may not move)"
    )]
    MoveInContact { unit: String },
    #[error(
        "screen is for a skirmish screen advancing with the columns it covers, neither \
         changing formation nor charging; {unit} is in {formation}"
    )]
    ScreenNotSkirmishing { unit: String, formation: Formation },
    #[error("{unit} is already in {formation}")]
    AlreadyIn { unit: String, formation: Formation },
    /// `arm` is the unit's arm as the roster labels it.
    #[error("{unit} ({arm}) cannot form {formation} (*Formations*)")]
    CannotForm {
        unit: String,
        arm: String,
        formation: Formation,
    },
    #[error("{unit} is in square: squares may not move (*Movement*)")]
    SquareMoves { unit: String },
    #[error(
        "{unit} moves in {formation}: only a column or limbered battery moves at road speed \
         (*Roads*)"
    )]
    RoadFormation { unit: String, formation: Formation },
    #[error(
        "{unit} may not pass through a friendly unit: interpenetration is forbidden except in \
         retreat (optional Interpenetration Restrictions)"
    )]
    Interpenetration { unit: String },
    #[error("{unit} wheels once: forwards (`wheel`) or backwards (`backwheel`), not both")]
    TwoWheels { unit: String },
    #[error(
        "{unit}'s gunners are away from their guns: they cannot limber or unlimber guns they \
         left (`reman {unit}` takes them back to the guns as their move)"
    )]
    GunnersForm { unit: String },
    #[error(
        "{unit}'s gunners move like skirmishers away from their guns: only a column or \
         limbered battery moves at road speed (*Artillery Movement*, *Roads*)"
    )]
    GunnersRoad { unit: String },
    /// Ground only infantry enters: `what` is what the unit is, `only` the rule.
    #[error("{unit} is {what}: {only}")]
    InfantryGround {
        unit: String,
        what: String,
        only: &'static str,
    },
    #[error(
        "{unit} may not charge across fieldworks: crossing a line of fieldworks takes the \
         whole move (*Fieldworks*)"
    )]
    ChargeAcrossFieldworks { unit: String },
    #[error("{unit} is in battalion-masse: leave it first (`move {unit} unmasse`, half a turn)")]
    LeaveMasseFirst { unit: String },
    #[error(
        "battalion-masse is for Austrian infantry with national modifiers in play; {unit} is \
         not"
    )]
    MasseNotAustrian { unit: String },
    #[error("masse and unmasse are a move of their own: drop form= and charge")]
    MasseAlone,
    #[error("{unit} is in battalion-masse already")]
    AlreadyMasse { unit: String },
    #[error("{unit} is not in battalion-masse")]
    NotMasse { unit: String },
    #[error("{unit} is in {formation}: only a column forms battalion-masse")]
    MasseFromColumn { unit: String, formation: Formation },
    #[error("{unit} is shaken: shaken units may not charge (*Charging* 5)")]
    ShakenCharge { unit: String },
    /// A national rule that bars the charge: `why` finishes the sentence.
    #[error("{unit} {why}")]
    ChargeBarred { unit: String, why: &'static str },
    #[error("{unit} is artillery: gunners may not charge (*Charging* 5)")]
    GunnersCharge { unit: String },
    #[error("{unit} may not charge in square: squares may not move (*Movement*)")]
    SquareCharge { unit: String },
    #[error("{unit} may not charge on a road move: road movement may not charge (*Roads*)")]
    RoadCharge { unit: String },
    #[error(
        "{unit} may not wheel or oblique with its charge bonus: the bonus is straight forward; \
         to wheel or oblique into contact, move without `charge` (*Charging* 2, 3)"
    )]
    WheelCharge { unit: String },
    #[error(
        "{unit} may not charge through a friendly unit: charge bonus movement may not \
         interpenetrate friendly units (*Charging* 2)"
    )]
    ChargeThrough { unit: String },

    // Boats.
    #[error("{unit} is not in boats")]
    NotInBoats { unit: String },
    /// `boats` is where the boats are in their landing ("landing, 1 turn to go").
    #[error("{unit} is {boats}: that is its whole turn")]
    BoatsBusy { unit: String, boats: String },
    #[error(
        "{unit} is in boats: the boats row (`move {unit} [upstream]`), or the troops land \
         (`disembark {unit}`); troops in boats attack only as they land"
    )]
    BoatsAttack { unit: String },

    // Shooting.
    #[error("{unit} is cavalry: cavalry may not shoot")]
    CavalryShoot { unit: String },
    #[error("{unit} is shaken: shaken units may not shoot")]
    ShakenShoot { unit: String },
    #[error("{unit} has no dice to roll ({reason})")]
    NoDice { unit: String, reason: String },
    #[error("{unit} has {}, not {asked}", crate::core::plural::counted(*.guns, "gun"))]
    TooManyGuns { unit: String, guns: u32, asked: u32 },
    #[error("{unit} is artillery: front= counts infantry figures; guns roll a die each")]
    GunsFrontRank { unit: String },
    #[error("{unit} is limbered: only unlimbered guns shoot")]
    LimberedShoot { unit: String },
    #[error("{unit} is artillery: guns may not move and shoot")]
    GunsMoveShoot { unit: String },
    #[error("{unit} is infantry: infantry may not shoot through skirmishers")]
    ThroughSkirmishers { unit: String },
    #[error("split= already says how many figures fire: drop front=")]
    SplitAndFront,
    #[error("{unit} has {has} figures, not {front} in its front rank")]
    FrontRank { unit: String, has: u32, front: u32 },

    // Close combat.
    #[error("{unit} has {has} figures, not {asked}")]
    TooManyFigures { unit: String, has: u32, asked: u32 },
    #[error("{unit} is in square: squares have no flanks")]
    SquareFlanks { unit: String },
    #[error(
        "{unit} is in battalion-masse: a square to cavalry on its front and flanks (ruling 61)"
    )]
    MasseFlanked { unit: String },
    #[error("{unit} is artillery: gunners may not charge, so guns are named after `vs`")]
    GunsAfterVs { unit: String },
    #[error(
        "{unit} is shaken: shaken units may not charge (`continuing` if it is already in this \
         combat)"
    )]
    ShakenChargeInCombat { unit: String },
    #[error("{unit} is skirmishing: skirmishers charge only artillery and other skirmishers")]
    SkirmishCharge { unit: String },

    // Morale.
    #[error("{unit} is not shaken: there is nothing to rally from")]
    NothingToRally { unit: String },
}

#[cfg(test)]
mod tests {
    use super::Forbidden;

    /// A battery of one gun has one gun, not "1 guns".
    #[test]
    fn a_battery_is_told_its_guns_in_words() {
        let asked = |guns| {
            Forbidden::TooManyGuns {
                unit: "b-art".to_owned(),
                guns,
                asked: 2,
            }
            .to_string()
        };
        assert_eq!(asked(1), "b-art has 1 gun, not 2");
        assert_eq!(asked(0), "b-art has 0 guns, not 2");
    }
}
