//! Fire combat (*Fire Combat* sections, p18-21): fire points for musketry and guns, the
//! die roll modifiers, the d10 *Fire Combat Table* and artillery bounce-through. One hit
//! is one figure lost (p20): a battery loses gunners to musketry and guns to guns.

// Why this file is long: *Fire Combat* in full (p18-21): fire points, modifiers, the d10
// table and bounce-through.

use super::dice::{Die, check_face};
use super::movement::Distance;
use super::unit::{Arm, Calibre, Formation, Morale, Nation, Unit};
use crate::core::chart::Number;
use crate::core::plural::counted;
use crate::core::score::Modifier;
use std::fmt;

/// Musketry reaches 4" (rifles 8": [`Unit::musketry_range`]) within 45° of the front
/// (p18); guns fire within 30° (p20); a 2" lane clear of everything is needed (p21).
pub const MUSKETRY_ARC_DEGREES: u32 = 45;
pub const ARTILLERY_ARC_DEGREES: u32 = 30;
pub const FIRING_LANE: u32 = 2;
/// A battery's flanking arc off the end of a line (p20).
pub const FLANK_ARC_DEGREES: u32 = 30;
/// A standing defender fires at the charger from this range (p22).
pub const CHARGE_FIRE_RANGE: u32 = 2;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FireKind {
    Musketry,
    Artillery,
}

impl FireKind {
    pub fn word(self) -> &'static str {
        match self {
            FireKind::Musketry => "musketry",
            FireKind::Artillery => "artillery",
        }
    }
}

// *Fire Combat: Musketry* (p18): fire points per figure. The quick reference prints them
// from here.

/// British infantry.
pub const BRITISH_POINTS: Number = Number {
    name: "fire-points.british",
    book: 3,
};
/// British infantry with enfilade.
pub const BRITISH_ENFILADE_POINTS: Number = Number {
    name: "fire-points.british-enfilade",
    book: 4,
};
/// Other infantry.
pub const INFANTRY_POINTS: Number = Number {
    name: "fire-points.infantry",
    book: 2,
};
/// Other infantry with enfilade.
pub const INFANTRY_ENFILADE_POINTS: Number = Number {
    name: "fire-points.infantry-enfilade",
    book: 3,
};
/// Infantry skirmishers.
pub const INFANTRY_SKIRMISHER_POINTS: Number = Number {
    name: "fire-points.infantry-skirmishers",
    book: 2,
};
/// Cavalry skirmishers.
pub const CAVALRY_SKIRMISHER_POINTS: Number = Number {
    name: "fire-points.cavalry-skirmishers",
    book: 1,
};

/// Who pulls the trigger, for the fire points per figure (p18).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Marksman {
    British,
    OtherInfantry,
    InfantrySkirmisher,
    CavalrySkirmisher,
}

impl Marksman {
    pub const ALL: [Marksman; 4] = [
        Marksman::British,
        Marksman::OtherInfantry,
        Marksman::InfantrySkirmisher,
        Marksman::CavalrySkirmisher,
    ];

    /// A unit's figures fire as this; formed cavalry and artillery have no musketry.
    pub fn of(unit: &Unit) -> Option<Marksman> {
        let skirmishing = unit.formation == Formation::Skirmish;
        match unit.arm {
            Arm::Infantry if skirmishing => Some(Marksman::InfantrySkirmisher),
            Arm::Infantry if unit.nation == Nation::British => Some(Marksman::British),
            Arm::Infantry => Some(Marksman::OtherInfantry),
            Arm::Cavalry { .. } if skirmishing => Some(Marksman::CavalrySkirmisher),
            Arm::Cavalry { .. } | Arm::Artillery { .. } => None,
        }
    }

    /// Fire points per figure, without and with enfilade (p18).
    pub fn points(self) -> (u32, u32) {
        let (plain, enfilade) = self.numbers();
        (plain.count(), enfilade.count())
    }

    /// The numbers of [`Marksman::points`]. Skirmishers gain nothing from enfilade
    /// (ruling 15): one number stands for both.
    pub fn numbers(self) -> (&'static Number, &'static Number) {
        match self {
            Marksman::British => (&BRITISH_POINTS, &BRITISH_ENFILADE_POINTS),
            Marksman::OtherInfantry => (&INFANTRY_POINTS, &INFANTRY_ENFILADE_POINTS),
            Marksman::InfantrySkirmisher => {
                (&INFANTRY_SKIRMISHER_POINTS, &INFANTRY_SKIRMISHER_POINTS)
            }
            Marksman::CavalrySkirmisher => (&CAVALRY_SKIRMISHER_POINTS, &CAVALRY_SKIRMISHER_POINTS),
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Marksman::British => "British infantry",
            Marksman::OtherInfantry => "other infantry",
            Marksman::InfantrySkirmisher => "infantry skirmishers",
            Marksman::CavalrySkirmisher => "cavalry skirmishers",
        }
    }
}

/// Canister range, inches (p20).
pub const CANISTER_RANGE: Number = Number {
    name: "artillery-points.canister-range",
    book: 8,
};
/// Effective range, inches (p20).
pub const EFFECTIVE_RANGE: Number = Number {
    name: "artillery-points.effective-range",
    book: 20,
};
/// Long range, inches (p20).
pub const LONG_RANGE: Number = Number {
    name: "artillery-points.long-range",
    book: 35,
};

/// Artillery range bands (*Fire Combat: Artillery*, p20), the same for every calibre
/// (ruling 18).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Band {
    Canister,
    Effective,
    Long,
}

impl Band {
    pub const ALL: [Band; 3] = [Band::Canister, Band::Effective, Band::Long];

    /// The band's outer limit in inches, inclusive (p20).
    pub fn reach(self) -> u32 {
        self.reach_number().count()
    }

    /// The number of [`Band::reach`].
    pub fn reach_number(self) -> &'static Number {
        match self {
            Band::Canister => &CANISTER_RANGE,
            Band::Effective => &EFFECTIVE_RANGE,
            Band::Long => &LONG_RANGE,
        }
    }

    pub fn at(distance: Distance) -> Option<Band> {
        Band::ALL
            .into_iter()
            .find(|b| distance <= Distance::inches(b.reach()))
    }

    pub fn word(self) -> &'static str {
        match self {
            Band::Canister => "canister",
            Band::Effective => "effective",
            Band::Long => "long",
        }
    }
}

// *Fire Combat: Artillery* (p20): fire points per model gun (ruling 18), by calibre and
// range band. The quick reference prints them from here.

/// >12 pdr at canister range.
pub const OVER_12_CANISTER: Number = Number {
    name: "artillery-points.over-12-pdr.canister",
    book: 5,
};
/// >12 pdr at effective range.
pub const OVER_12_EFFECTIVE: Number = Number {
    name: "artillery-points.over-12-pdr.effective",
    book: 3,
};
/// >12 pdr at long range.
pub const OVER_12_LONG: Number = Number {
    name: "artillery-points.over-12-pdr.long",
    book: 2,
};
/// 12 pdr at canister range.
pub const TWELVE_CANISTER: Number = Number {
    name: "artillery-points.12-pdr.canister",
    book: 5,
};
/// 12 pdr at effective range.
pub const TWELVE_EFFECTIVE: Number = Number {
    name: "artillery-points.12-pdr.effective",
    book: 2,
};
/// 12 pdr at long range.
pub const TWELVE_LONG: Number = Number {
    name: "artillery-points.12-pdr.long",
    book: 1,
};
/// 8-9 pdr at canister range.
pub const EIGHT_OR_NINE_CANISTER: Number = Number {
    name: "artillery-points.8-9-pdr.canister",
    book: 4,
};
/// 8-9 pdr at effective range.
pub const EIGHT_OR_NINE_EFFECTIVE: Number = Number {
    name: "artillery-points.8-9-pdr.effective",
    book: 2,
};
/// 8-9 pdr at long range.
pub const EIGHT_OR_NINE_LONG: Number = Number {
    name: "artillery-points.8-9-pdr.long",
    book: 1,
};
/// 6 pdr at canister range.
pub const SIX_CANISTER: Number = Number {
    name: "artillery-points.6-pdr.canister",
    book: 4,
};
/// 6 pdr at effective range.
pub const SIX_EFFECTIVE: Number = Number {
    name: "artillery-points.6-pdr.effective",
    book: 1,
};
/// 6 pdr at long range.
pub const SIX_LONG: Number = Number {
    name: "artillery-points.6-pdr.long",
    book: 0,
};
/// <6 pdr at canister range.
pub const UNDER_6_CANISTER: Number = Number {
    name: "artillery-points.under-6-pdr.canister",
    book: 3,
};
/// <6 pdr at effective range.
pub const UNDER_6_EFFECTIVE: Number = Number {
    name: "artillery-points.under-6-pdr.effective",
    book: 1,
};
/// <6 pdr at long range.
pub const UNDER_6_LONG: Number = Number {
    name: "artillery-points.under-6-pdr.long",
    book: 0,
};

/// Fire points per model gun (p20; ruling 18).
pub fn gun_points(calibre: Calibre, band: Band) -> u32 {
    gun_number(calibre, band).count()
}

/// The number of [`gun_points`].
pub fn gun_number(calibre: Calibre, band: Band) -> &'static Number {
    match (calibre, band) {
        (Calibre::Over12, Band::Canister) => &OVER_12_CANISTER,
        (Calibre::Over12, Band::Effective) => &OVER_12_EFFECTIVE,
        (Calibre::Over12, Band::Long) => &OVER_12_LONG,
        (Calibre::Twelve, Band::Canister) => &TWELVE_CANISTER,
        (Calibre::Twelve, Band::Effective) => &TWELVE_EFFECTIVE,
        (Calibre::Twelve, Band::Long) => &TWELVE_LONG,
        (Calibre::EightOrNine, Band::Canister) => &EIGHT_OR_NINE_CANISTER,
        (Calibre::EightOrNine, Band::Effective) => &EIGHT_OR_NINE_EFFECTIVE,
        (Calibre::EightOrNine, Band::Long) => &EIGHT_OR_NINE_LONG,
        (Calibre::Six, Band::Canister) => &SIX_CANISTER,
        (Calibre::Six, Band::Effective) => &SIX_EFFECTIVE,
        (Calibre::Six, Band::Long) => &SIX_LONG,
        (Calibre::Under6, Band::Canister) => &UNDER_6_CANISTER,
        (Calibre::Under6, Band::Effective) => &UNDER_6_EFFECTIVE,
        (Calibre::Under6, Band::Long) => &UNDER_6_LONG,
    }
}

/// *Fire Combat: Flank Fire by Artillery* (p20): per gun.
pub const FLANK_FIRE_PER_GUN: Number = Number {
    name: "artillery-points.flank",
    book: 1,
};

/// Figures of one kind firing on the target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Volley {
    pub figures: u32,
    pub marksman: Marksman,
    pub enfilade: bool,
}

/// Guns of one calibre firing on the target from one range band.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Salvo {
    pub guns: u32,
    pub calibre: Calibre,
    pub band: Band,
    pub flank: bool,
}

/// The fire points on one target, musketry and artillery apart (bounce-through and the
/// roll's kind need them apart), with a line per contribution.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FirePoints {
    pub musketry: u32,
    pub artillery: u32,
    pub lines: Vec<(u32, String)>,
}

impl FirePoints {
    pub fn total(&self) -> u32 {
        self.musketry + self.artillery
    }

    /// A combined roll reads its modifiers and casualties as the larger share; a tie
    /// reads as musketry (ruling 16).
    pub fn kind(&self) -> FireKind {
        if self.artillery > self.musketry {
            FireKind::Artillery
        } else {
            FireKind::Musketry
        }
    }
}

/// Total the fire on one target (p18-20).
pub fn fire_points(volleys: &[Volley], salvos: &[Salvo]) -> FirePoints {
    let mut points = FirePoints::default();
    for v in volleys {
        let (plain, enfilade) = v.marksman.points();
        let each = if v.enfilade { enfilade } else { plain };
        let sum = v.figures * each;
        points.musketry += sum;
        let flank = if v.enfilade { " with enfilade" } else { "" };
        points.lines.push((
            sum,
            format!("{} {}{flank} × {each}", v.figures, v.marksman.word()),
        ));
    }
    for s in salvos {
        let base = gun_points(s.calibre, s.band);
        let each = base
            + if s.flank {
                FLANK_FIRE_PER_GUN.count()
            } else {
                0
            };
        let sum = s.guns * each;
        points.artillery += sum;
        let flank = if s.flank { " on the flank" } else { "" };
        points.lines.push((
            sum,
            format!(
                "{} {} guns at {} range{flank} × {each}",
                s.guns,
                s.calibre.word(),
                s.band.word()
            ),
        ));
    }
    points
}

/// How much cover the target has: at least half the unit must be in it (p19).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cover {
    Light,
    Medium,
    Heavy,
}

// The *Die Roll Modifiers* under the *Fire Combat Table* (p19-20), target's then
// firer's; the signs the text lost are ruling 15. The quick reference prints them from
// here.

/// Target in light cover, against musketry.
pub const LIGHT_COVER_MUSKETRY: Number = Number {
    name: "fire-modifiers.light-cover.musketry",
    book: -1,
};
/// Target in light cover, against artillery.
pub const LIGHT_COVER_ARTILLERY: Number = Number {
    name: "fire-modifiers.light-cover.artillery",
    book: 0,
};
/// Target in medium cover, against musketry.
pub const MEDIUM_COVER_MUSKETRY: Number = Number {
    name: "fire-modifiers.medium-cover.musketry",
    book: -2,
};
/// Target in medium cover, against artillery.
pub const MEDIUM_COVER_ARTILLERY: Number = Number {
    name: "fire-modifiers.medium-cover.artillery",
    book: -1,
};
/// Target in heavy cover, against musketry.
pub const HEAVY_COVER_MUSKETRY: Number = Number {
    name: "fire-modifiers.heavy-cover.musketry",
    book: -3,
};
/// Target in heavy cover, against artillery.
pub const HEAVY_COVER_ARTILLERY: Number = Number {
    name: "fire-modifiers.heavy-cover.artillery",
    book: -2,
};
/// *Unlim Art*: the target is unlimbered artillery.
pub const UNLIMBERED_ARTILLERY: Number = Number {
    name: "fire-modifiers.unlimbered-artillery",
    book: -2,
};
/// Target in column or square, against musketry.
pub const COLUMN_OR_SQUARE_MUSKETRY: Number = Number {
    name: "fire-modifiers.column-or-square.musketry",
    book: 1,
};
/// Target in column or square, against artillery.
pub const COLUMN_OR_SQUARE_ARTILLERY: Number = Number {
    name: "fire-modifiers.column-or-square.artillery",
    book: 2,
};
/// *Organic Skirmishers*: the target's own skirmishers answer skirmish fire.
pub const ORGANIC_SKIRMISHERS: Number = Number {
    name: "fire-modifiers.organic-skirmishers",
    book: -1,
};
/// *Skirmishers*: a target neither French nor British in skirmish order.
pub const TARGET_SKIRMISHING: Number = Number {
    name: "fire-modifiers.target-skirmishing",
    book: -3,
};
/// *Fr/Brit Skirmishers*: a French or British target in skirmish order.
pub const FRENCH_OR_BRITISH_SKIRMISHING: Number = Number {
    name: "fire-modifiers.french-or-british-skirmishing",
    book: -4,
};
/// Target in a town.
pub const TOWN: Number = Number {
    name: "fire-modifiers.town",
    book: -1,
};
/// Firer Old Guard, superior or excellent.
pub const ELITE_FIRER: Number = Number {
    name: "fire-modifiers.elite-firer",
    book: 1,
};
/// Firer fair or poor.
pub const POOR_FIRER: Number = Number {
    name: "fire-modifiers.poor-firer",
    book: -1,
};
/// Firer in skirmish order.
pub const SKIRMISHING_FIRER: Number = Number {
    name: "fire-modifiers.skirmishing-firer",
    book: -2,
};
/// Russian or Turkish musketry (musketry only).
pub const RUSSIAN_OR_TURKISH: Number = Number {
    name: "fire-modifiers.russian-or-turkish",
    book: -1,
};
/// Firer shaken.
pub const SHAKEN_FIRER: Number = Number {
    name: "fire-modifiers.shaken-firer",
    book: -1,
};
/// *Moving*: the phasing firer moved.
pub const MOVING_FIRER: Number = Number {
    name: "fire-modifiers.moving-firer",
    book: -1,
};
/// Firer disordered.
pub const DISORDERED_FIRER: Number = Number {
    name: "fire-modifiers.disordered-firer",
    book: -1,
};
/// *Point Blank*: infantry firing at a unit charging it (musketry only).
pub const POINT_BLANK: Number = Number {
    name: "fire-modifiers.point-blank",
    book: 2,
};
/// *Artillery Screened* (artillery only).
pub const ARTILLERY_SCREENED: Number = Number {
    name: "fire-modifiers.artillery-screened",
    book: -1,
};
/// *Artillery in DOB*: in defence of the battery (artillery only).
pub const DEFENCE_OF_THE_BATTERY: Number = Number {
    name: "fire-modifiers.defence-of-the-battery",
    book: 2,
};
/// *Firefight*: the target in musketry range all turn (musketry only).
pub const FIREFIGHT: Number = Number {
    name: "fire-modifiers.firefight",
    book: 2,
};
/// *Artillery 2nd Round* (artillery only).
pub const SECOND_ROUND: Number = Number {
    name: "fire-modifiers.second-round",
    book: 1,
};

/// The *Die Roll Modifiers* under the *Fire Combat Table* (p19-20), and rain (p10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FireModifier {
    InCover(Cover),
    UnlimberedArtillery,
    ColumnOrSquare,
    OrganicSkirmishers,
    Skirmishers,
    FrenchOrBritishSkirmishers,
    Town,
    EliteFirer,
    PoorFirer,
    SkirmishingFirer,
    RussianOrTurkish,
    Shaken,
    Moving,
    Disordered,
    PointBlank,
    ArtilleryScreened,
    DefenceOfTheBattery,
    Firefight,
    SecondRound,
    RainOrSnow,
}

impl FireModifier {
    pub const ALL: [FireModifier; 22] = [
        FireModifier::InCover(Cover::Light),
        FireModifier::InCover(Cover::Medium),
        FireModifier::InCover(Cover::Heavy),
        FireModifier::UnlimberedArtillery,
        FireModifier::ColumnOrSquare,
        FireModifier::OrganicSkirmishers,
        FireModifier::Skirmishers,
        FireModifier::FrenchOrBritishSkirmishers,
        FireModifier::Town,
        FireModifier::EliteFirer,
        FireModifier::PoorFirer,
        FireModifier::SkirmishingFirer,
        FireModifier::RussianOrTurkish,
        FireModifier::Shaken,
        FireModifier::Moving,
        FireModifier::Disordered,
        FireModifier::PointBlank,
        FireModifier::ArtilleryScreened,
        FireModifier::DefenceOfTheBattery,
        FireModifier::Firefight,
        FireModifier::SecondRound,
        FireModifier::RainOrSnow,
    ];

    /// The modifier for this kind of fire, `None` where it does not apply (p19-20;
    /// ruling 15 on the signs the text lost, ruling 2 on rain).
    pub fn value(self, kind: FireKind) -> Option<i32> {
        self.number(kind).map(Number::value)
    }

    /// The table's number for this modifier against `kind` of fire, if it has one.
    pub fn number(self, kind: FireKind) -> Option<&'static Number> {
        let (musketry, artillery) = self.numbers();
        match kind {
            FireKind::Musketry => musketry,
            FireKind::Artillery => artillery,
        }
    }

    /// The table's numbers for this modifier against musketry and against artillery:
    /// one number for both where the text gives one, a pair where it gives a slash.
    pub fn numbers(self) -> (Option<&'static Number>, Option<&'static Number>) {
        let both = |number| (Some(number), Some(number));
        match self {
            FireModifier::InCover(Cover::Light) => {
                (Some(&LIGHT_COVER_MUSKETRY), Some(&LIGHT_COVER_ARTILLERY))
            }
            FireModifier::InCover(Cover::Medium) => {
                (Some(&MEDIUM_COVER_MUSKETRY), Some(&MEDIUM_COVER_ARTILLERY))
            }
            FireModifier::InCover(Cover::Heavy) => {
                (Some(&HEAVY_COVER_MUSKETRY), Some(&HEAVY_COVER_ARTILLERY))
            }
            FireModifier::UnlimberedArtillery => both(&UNLIMBERED_ARTILLERY),
            FireModifier::ColumnOrSquare => (
                Some(&COLUMN_OR_SQUARE_MUSKETRY),
                Some(&COLUMN_OR_SQUARE_ARTILLERY),
            ),
            FireModifier::OrganicSkirmishers => both(&ORGANIC_SKIRMISHERS),
            FireModifier::Skirmishers => both(&TARGET_SKIRMISHING),
            FireModifier::FrenchOrBritishSkirmishers => both(&FRENCH_OR_BRITISH_SKIRMISHING),
            FireModifier::Town => both(&TOWN),
            FireModifier::EliteFirer => both(&ELITE_FIRER),
            FireModifier::PoorFirer => both(&POOR_FIRER),
            FireModifier::SkirmishingFirer => both(&SKIRMISHING_FIRER),
            FireModifier::RussianOrTurkish => (Some(&RUSSIAN_OR_TURKISH), None),
            FireModifier::Shaken => both(&SHAKEN_FIRER),
            FireModifier::Moving => both(&MOVING_FIRER),
            FireModifier::Disordered => both(&DISORDERED_FIRER),
            FireModifier::PointBlank => (Some(&POINT_BLANK), None),
            FireModifier::ArtilleryScreened => (None, Some(&ARTILLERY_SCREENED)),
            FireModifier::DefenceOfTheBattery => (None, Some(&DEFENCE_OF_THE_BATTERY)),
            FireModifier::Firefight => (Some(&FIREFIGHT), None),
            FireModifier::SecondRound => (None, Some(&SECOND_ROUND)),
            FireModifier::RainOrSnow => both(&super::random_events::RAIN_OR_SNOW),
        }
    }

    /// Whether the table lists it under the target (else under the firer).
    pub fn on_target(self) -> bool {
        matches!(
            self,
            FireModifier::InCover(_)
                | FireModifier::UnlimberedArtillery
                | FireModifier::ColumnOrSquare
                | FireModifier::OrganicSkirmishers
                | FireModifier::Skirmishers
                | FireModifier::FrenchOrBritishSkirmishers
                | FireModifier::Town
        )
    }

    pub fn word(self) -> &'static str {
        match self {
            FireModifier::InCover(Cover::Light) => "target in light cover",
            FireModifier::InCover(Cover::Medium) => "target in medium cover",
            FireModifier::InCover(Cover::Heavy) => "target in heavy cover",
            FireModifier::UnlimberedArtillery => "target is unlimbered artillery",
            FireModifier::ColumnOrSquare => "target in column or square",
            FireModifier::OrganicSkirmishers => "target's own skirmishers answer skirmish fire",
            FireModifier::Skirmishers => "target in skirmish order",
            FireModifier::FrenchOrBritishSkirmishers => {
                "target French or British in skirmish order"
            }
            FireModifier::Town => "target in a town",
            FireModifier::EliteFirer => "firer Old Guard, superior or excellent",
            FireModifier::PoorFirer => "firer fair or poor",
            FireModifier::SkirmishingFirer => "firer in skirmish order",
            FireModifier::RussianOrTurkish => "Russian or Turkish musketry",
            FireModifier::Shaken => "firer shaken",
            FireModifier::Moving => "firer moved",
            FireModifier::Disordered => "firer disordered",
            FireModifier::PointBlank => "point blank at a charger",
            FireModifier::ArtilleryScreened => "battery screened by skirmishers",
            FireModifier::DefenceOfTheBattery => "battery firing in its own defence",
            FireModifier::Firefight => "firefight: target in range all turn",
            FireModifier::SecondRound => "battery firing again at the same target",
            FireModifier::RainOrSnow => "rain or snow",
        }
    }
}

/// What the referee states about a shot beyond the points. [`FireFacts::between`]
/// fills in what the two units already say; the rest is the table's.
// The referee states each of these as yes or no; they are independent facts.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FireFacts {
    pub firer_morale: Morale,
    pub firer_nation: Nation,
    pub firer_skirmishing: bool,
    pub firer_shaken: bool,
    pub firer_disordered: bool,
    /// The phasing firer moved this turn, other than only facing (or a battery
    /// unlimbered this turn). Never for the non-phasing player.
    pub firer_moved: bool,
    /// Infantry that passed its reaction test fires at a charger.
    pub point_blank: bool,
    /// Enemy skirmishers within their range of the battery, or it fires through friendly
    /// ones.
    pub screened: bool,
    /// A battery that passed its reaction test fires at the unit charging it.
    pub defence_of_battery: bool,
    /// Stationary-fire musketry at a target that began the action segment in range.
    pub firefight: bool,
    /// An unmoved battery firing again at a target that moved under 3".
    pub second_round: bool,
    pub target_formation: Formation,
    pub target_nation: Nation,
    pub target_is_infantry: bool,
    pub target_skirmish_ability: bool,
    /// Two or more stands deep though not in column, e.g. a limbered battery bunched up
    /// (ruling 12).
    pub target_deep: bool,
    pub cover: Option<Cover>,
    pub in_town: bool,
    pub rain: bool,
}

impl FireFacts {
    pub fn between(firer: &Unit, target: &Unit) -> FireFacts {
        FireFacts {
            firer_morale: firer.morale,
            firer_nation: firer.nation,
            firer_skirmishing: firer.formation == Formation::Skirmish,
            firer_shaken: firer.shaken,
            firer_disordered: firer.disordered,
            firer_moved: false,
            point_blank: false,
            screened: false,
            defence_of_battery: false,
            firefight: false,
            second_round: false,
            target_formation: target.formation,
            target_nation: target.nation,
            target_is_infantry: target.arm.is_infantry(),
            target_skirmish_ability: target.skirmish_ability,
            target_deep: false,
            cover: None,
            in_town: false,
            rain: false,
        }
    }

    /// The modifiers that apply, in the table's order.
    pub fn modifiers(&self) -> Vec<FireModifier> {
        let target_skirmishing = self.target_formation == Formation::Skirmish;
        let checks = [
            (
                FireModifier::UnlimberedArtillery,
                self.target_formation == Formation::Unlimbered,
            ),
            (
                FireModifier::ColumnOrSquare,
                self.target_formation.is_column()
                    || self.target_formation == Formation::Square
                    || self.target_deep,
            ),
            (
                FireModifier::OrganicSkirmishers,
                self.firer_skirmishing
                    && self.target_is_infantry
                    && self.target_skirmish_ability
                    && !target_skirmishing,
            ),
            (
                FireModifier::Skirmishers,
                target_skirmishing && !self.target_nation.french_or_british(),
            ),
            (
                FireModifier::FrenchOrBritishSkirmishers,
                target_skirmishing && self.target_nation.french_or_british(),
            ),
            (FireModifier::Town, self.in_town),
            (
                FireModifier::EliteFirer,
                matches!(
                    self.firer_morale,
                    Morale::OldGuard | Morale::Superior | Morale::Excellent
                ),
            ),
            (
                FireModifier::PoorFirer,
                matches!(self.firer_morale, Morale::Fair | Morale::Poor),
            ),
            (FireModifier::SkirmishingFirer, self.firer_skirmishing),
            (
                FireModifier::RussianOrTurkish,
                matches!(self.firer_nation, Nation::Russian | Nation::Turkish),
            ),
            (FireModifier::Shaken, self.firer_shaken),
            (FireModifier::Moving, self.firer_moved),
            (FireModifier::Disordered, self.firer_disordered),
            (FireModifier::PointBlank, self.point_blank),
            (FireModifier::ArtilleryScreened, self.screened),
            (FireModifier::DefenceOfTheBattery, self.defence_of_battery),
            (FireModifier::Firefight, self.firefight),
            (FireModifier::SecondRound, self.second_round),
            (FireModifier::RainOrSnow, self.rain),
        ];
        self.cover
            .map(FireModifier::InCover)
            .into_iter()
            .chain(
                checks
                    .into_iter()
                    .filter(|(_, applies)| *applies)
                    .map(|(m, _)| m),
            )
            .collect()
    }
}

/// One row of the *Fire Combat Table* (p19): the fire points it covers and the lowest
/// modified d10 that scores 1, 2, 3 and 4 hits (`None`: that many cannot be scored).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FireRow {
    pub points: (u32, u32),
    pub from: [Option<i32>; 4],
}

/// *Fire Combat Table* (p19). Row 41-45 reads a modified 0 as one hit (ruling 13).
pub const FIRE_TABLE: [FireRow; 10] = [
    FireRow {
        points: (1, 5),
        from: [Some(9), Some(11), None, None],
    },
    FireRow {
        points: (6, 10),
        from: [Some(6), Some(10), Some(11), None],
    },
    FireRow {
        points: (11, 15),
        from: [Some(5), Some(9), Some(11), None],
    },
    FireRow {
        points: (16, 20),
        from: [Some(5), Some(7), Some(10), Some(11)],
    },
    FireRow {
        points: (21, 25),
        from: [Some(4), Some(6), Some(10), Some(11)],
    },
    FireRow {
        points: (26, 30),
        from: [Some(3), Some(6), Some(8), Some(10)],
    },
    FireRow {
        points: (31, 35),
        from: [Some(2), Some(5), Some(7), Some(10)],
    },
    FireRow {
        points: (36, 40),
        from: [Some(1), Some(4), Some(7), Some(9)],
    },
    FireRow {
        points: (41, 45),
        from: [Some(0), Some(3), Some(6), Some(8)],
    },
    FireRow {
        points: (46, 50),
        from: [Some(0), Some(1), Some(5), Some(8)],
    },
];

impl FireRow {
    pub fn label(&self) -> String {
        format!("{}-{}", self.points.0, self.points.1)
    }

    /// Hits for a modified roll; beyond the printed 1-10 the end columns hold.
    pub fn hits(&self, modified: i32) -> u32 {
        let scored = self
            .from
            .iter()
            .take_while(|t| t.is_some_and(|t| modified >= t))
            .count();
        u32::try_from(scored).expect("four columns")
    }

    /// The cell as the table prints it: "1-8", "9-10", ">10", "<1", "--".
    pub fn cell(&self, hits: usize) -> String {
        let low = if hits == 0 {
            Some(i32::MIN)
        } else {
            self.from[hits - 1]
        };
        let Some(low) = low else {
            return "--".to_owned();
        };
        let high = self.from.get(hits).copied().flatten().map(|t| t - 1);
        match (low, high) {
            (_, Some(h)) if h < 1 && low == i32::MIN => format!("<{}", h + 1),
            (l, _) if l > 10 => ">10".to_owned(),
            (i32::MIN, Some(h)) => range_text(1, h),
            (l, Some(h)) => range_text(l, h),
            (l, None) => range_text(l, 10),
        }
    }
}

fn range_text(low: i32, high: i32) -> String {
    if low == high {
        low.to_string()
    } else {
        format!("{low}-{high}")
    }
}

/// The row for a number of fire points and whether the points ran past the table, which
/// then reads its last row (ruling 14). `None` for no points at all.
pub fn fire_row(points: u32) -> Option<(&'static FireRow, bool)> {
    if points == 0 {
        return None;
    }
    let last = &FIRE_TABLE[FIRE_TABLE.len() - 1];
    Some(
        FIRE_TABLE
            .iter()
            .find(|r| points <= r.points.1)
            .map_or((last, true), |r| (r, false)),
    )
}

/// What a hit removes (p19-20).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Casualty {
    Figures,
    Gunners,
    Guns,
}

impl Casualty {
    fn on(target_is_artillery: bool, kind: FireKind) -> Casualty {
        match (target_is_artillery, kind) {
            (false, _) => Casualty::Figures,
            (true, FireKind::Musketry) => Casualty::Gunners,
            (true, FireKind::Artillery) => Casualty::Guns,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Casualty::Figures => "figure",
            Casualty::Gunners => "gunner",
            Casualty::Guns => "gun",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FireResult {
    pub points: FirePoints,
    /// The points the row was read with (half the guns' for bounce-through).
    pub table_points: u32,
    pub kind: FireKind,
    pub row: FireRow,
    /// The points ran past the last row, which was read instead.
    pub past_the_table: bool,
    pub face: u8,
    pub modifiers: Vec<Modifier>,
    pub modified: i32,
    pub hits: u32,
    pub casualty: Casualty,
    /// A square hit by guns is disordered (*Disorder*, p18).
    pub disorders_square: bool,
}

impl fmt::Display for FireResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({}), d10 {} → {}: {}",
            counted(self.table_points, "point"),
            self.row.label(),
            self.face,
            self.modified,
            counted(self.hits, self.casualty.word())
        )
    }
}

fn read_table(
    points: FirePoints,
    table_points: u32,
    kind: FireKind,
    modifiers: Vec<Modifier>,
    face: u8,
    target: &Unit,
) -> Option<FireResult> {
    let (row, past_the_table) = fire_row(table_points)?;
    let modified = i32::from(face) + modifiers.iter().map(|m| m.value).sum::<i32>();
    let hits = row.hits(modified);
    let casualty = Casualty::on(target.arm.is_artillery(), kind);
    let disorders_square =
        hits > 0 && points.artillery > 0 && target.formation == Formation::Square;
    Some(FireResult {
        points,
        table_points,
        kind,
        row: *row,
        past_the_table,
        face,
        modifiers,
        modified,
        hits,
        casualty,
        disorders_square,
    })
}

/// Resolve one fire roll on `target` (*Fire Combat: Musketry*, p19; *Artillery*, p20).
/// `None` when no points reach it.
pub fn resolve_fire(
    points: FirePoints,
    facts: &FireFacts,
    target: &Unit,
    d10: u8,
) -> Option<FireResult> {
    check_face(Die::D10, d10);
    let kind = points.kind();
    let modifiers = facts
        .modifiers()
        .into_iter()
        .filter_map(|m| m.number(kind).map(|n| Modifier::from_number(n, m.word())))
        .collect();
    let total = points.total();
    read_table(points, total, kind, modifiers, d10, target)
}

/// *Fire Combat: Artillery Bounce Through* (p21): what stops it.
#[allow(clippy::struct_excessive_bools)] // independent yes/no facts of the ground
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BounceFacts {
    /// The scenario calls the ground muddy.
    pub muddy: bool,
    /// The shot would carry into poor ground or woods.
    pub rough_or_woods: bool,
    pub uphill: bool,
    /// A creek, stone wall or similar lies between.
    pub linear_obstacle: bool,
    pub opportunity_fire: bool,
}

/// The unit behind is struck if within this far behind the target's rear stand and this
/// far either side of the line from firer centre through target centre (p21).
pub const BOUNCE_DEPTH: Number = Number {
    name: "bounce-through.depth",
    book: 5,
};
/// The width either side of the line of fire (p21).
pub const BOUNCE_WIDTH: Number = Number {
    name: "bounce-through.width",
    book: 1,
};

/// Bounce-through on a unit behind the target: the same die and modifiers, half the
/// guns' points (p21; ruling 17). The reason it does not happen otherwise.
pub fn bounce_through(
    first: &FireResult,
    facts: &BounceFacts,
    behind: &Unit,
) -> Result<FireResult, &'static str> {
    let blocked = [
        (first.points.artillery == 0, "no guns in the fire"),
        (facts.muddy, "mud stops the ball"),
        (
            facts.rough_or_woods,
            "it does not carry into poor ground or woods",
        ),
        (facts.uphill, "it does not carry uphill"),
        (facts.linear_obstacle, "a creek, wall or the like stops it"),
        (facts.opportunity_fire, "none from opportunity fire"),
    ];
    if let Some((_, why)) = blocked.iter().find(|(stops, _)| *stops) {
        return Err(why);
    }
    let half = first.points.artillery / 2;
    let mut points = first.points.clone();
    points.lines.push((
        half,
        format!("bounce-through: half of {}", first.points.artillery),
    ));
    read_table(
        points,
        half,
        FireKind::Artillery,
        first.modifiers.clone(),
        first.face,
        behind,
    )
    .ok_or("half the guns' points round to nothing")
}

#[cfg(test)]
mod tests;
