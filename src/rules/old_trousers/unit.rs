//! A combat unit as *Old Trousers II* describes one (*Troop Ratings*, p8; *Movement:
//! Formations*, p15): an infantry battalion, a cavalry regiment (or battle group), or a
//! battery. Each infantry or cavalry figure is 60 men; a model gun is 2 to 6 guns
//! (*Scale*, p7). Casualties are whole figures (*Fire Combat*, p20).

use crate::core::chart::Number;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The words of a unit's `traits = [...]` in a scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TraitWord {
    Rifles,
    Skirmishers,
    Untrained,
    Impetuous,
    Lances,
    Cuirass,
    QuickDrill,
    AttackColumn,
}

impl TraitWord {
    pub(crate) fn word(self) -> &'static str {
        match self {
            TraitWord::Rifles => "rifles",
            TraitWord::Skirmishers => "skirmishers",
            TraitWord::Untrained => "untrained",
            TraitWord::Impetuous => "impetuous",
            TraitWord::Lances => "lances",
            TraitWord::Cuirass => "cuirass",
            TraitWord::QuickDrill => "quick-drill",
            TraitWord::AttackColumn => "attack-column",
        }
    }
}

/// Musketry range in inches (*Fire Combat: Musketry*, p18); the fire points chart
/// prints it from here.
pub const MUSKET_RANGE: Number = Number {
    name: "fire-points.musket-range",
    book: 4,
};
/// The range of units armed with rifles, inches (p18).
pub const RIFLE_RANGE: Number = Number {
    name: "fire-points.rifle-range",
    book: 8,
};

/// Cavalry weight (*Troop Ratings*, p8). Only light cavalry has its own movement rates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Weight {
    Light,
    Medium,
    Heavy,
}

/// Gun size, in the bands the artillery fire-point table uses (*Fire Combat: Artillery*,
/// p20); *Movement: Rates* only separates 12 pdr and greater.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Calibre {
    Under6,
    Six,
    EightOrNine,
    Twelve,
    Over12,
}

impl Calibre {
    pub const ALL: [Calibre; 5] = [
        Calibre::Over12,
        Calibre::Twelve,
        Calibre::EightOrNine,
        Calibre::Six,
        Calibre::Under6,
    ];

    pub fn word(self) -> &'static str {
        match self {
            Calibre::Under6 => "<6 pdr",
            Calibre::Six => "6 pdr",
            Calibre::EightOrNine => "8-9 pdr",
            Calibre::Twelve => "12 pdr",
            Calibre::Over12 => ">12 pdr",
        }
    }
}

/// How the gunners travel (*Troop Ratings*, p8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Transport {
    Foot,
    Horse,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Arm {
    Infantry,
    Cavalry {
        weight: Weight,
        lances: bool,
        cuirass: bool,
    },
    Artillery {
        calibre: Calibre,
        transport: Transport,
    },
}

impl Arm {
    pub fn is_infantry(self) -> bool {
        matches!(self, Arm::Infantry)
    }

    pub fn is_cavalry(self) -> bool {
        matches!(self, Arm::Cavalry { .. })
    }

    pub fn is_artillery(self) -> bool {
        matches!(self, Arm::Artillery { .. })
    }
}

/// Nationalities the excerpt gives rules for; the rest are `Other`. The army lists, which
/// would rate each nation's staff and subordinate commanders, are not in the excerpt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Nation {
    French,
    FrenchAlly,
    British,
    Austrian,
    Russian,
    Turkish,
    Other,
}

impl Nation {
    /// *Movement: Formations* (p15): French and allied, Russian, and from 1809 Austrian
    /// infantry may form attack column; the troop lists (missing) may add others.
    pub fn infantry_attack_column(self, year: u16) -> bool {
        match self {
            Nation::French | Nation::FrenchAlly | Nation::Russian => true,
            Nation::Austrian => year >= 1809,
            Nation::British | Nation::Turkish | Nation::Other => false,
        }
    }

    /// Skirmishers of these nations are harder to hit (*Fire Combat*, p19-20).
    pub fn french_or_british(self) -> bool {
        matches!(self, Nation::French | Nation::British)
    }
}

/// Morale rating (*Troop Ratings*, p8). The excerpt names ratings only in the fire
/// modifiers; the morale section that defines them is missing (ruling 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Morale {
    OldGuard,
    Superior,
    Excellent,
    Good,
    Average,
    Fair,
    Poor,
}

impl Morale {
    pub fn word(self) -> &'static str {
        match self {
            Morale::OldGuard => "Old Guard",
            Morale::Superior => "superior",
            Morale::Excellent => "excellent",
            Morale::Good => "good",
            Morale::Average => "average",
            Morale::Fair => "fair",
            Morale::Poor => "poor",
        }
    }
}

/// *Movement: Formations* (p15). A company column is one stand wide, an attack column
/// two; limbered and unlimbered are the battery's two states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Formation {
    Line,
    CompanyColumn,
    AttackColumn,
    Skirmish,
    Square,
    Limbered,
    Unlimbered,
}

impl Formation {
    pub fn word(self) -> &'static str {
        match self {
            Formation::Line => "line",
            Formation::CompanyColumn => "company column",
            Formation::AttackColumn => "attack column",
            Formation::Skirmish => "skirmish order",
            Formation::Square => "square",
            Formation::Limbered => "limbered",
            Formation::Unlimbered => "unlimbered",
        }
    }

    /// Columns are the formations that take fire as deep targets (ruling 12).
    pub fn is_column(self) -> bool {
        matches!(self, Formation::CompanyColumn | Formation::AttackColumn)
    }
}

impl fmt::Display for Formation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// One combat unit, as the scenario and the referee state it.
// The flags are the excerpt's own independent yes/no ratings and markers.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    pub name: String,
    pub nation: Nation,
    pub arm: Arm,
    pub morale: Morale,
    /// Figures at the start (*Troop Ratings*: starting size). For a battery, gunners.
    pub starting_figures: u32,
    /// Figures left after casualty caps.
    pub figures: u32,
    /// Model guns still in action (batteries only).
    pub guns: u32,
    pub formation: Formation,
    /// Militia and the like: a line moving over 2" falls into disorder (p16).
    pub untrained: bool,
    /// Harder to hold back in a charge; the rule is among the missing optional rules.
    pub impetuous: bool,
    /// Rifle-armed: 8" musketry range instead of 4" (p18).
    pub rifles: bool,
    /// Has organic skirmishers or a skirmish ability (*Fire Combat* notes, p20). The
    /// excerpt's numeric skirmish rating is defined in the missing skirmisher sections.
    pub skirmish_ability: bool,
    /// Changes formation in a quarter move, as French infantry and some allies do (p15).
    pub quick_drill: bool,
    /// May form attack column (p15; the troop lists may extend it).
    pub attack_column: bool,
    pub disordered: bool,
    pub shaken: bool,
    pub routed: bool,
}

impl Unit {
    /// A battalion in line, unhurt, with the defaults its nation gives it in 1812.
    pub fn infantry(name: &str, nation: Nation, morale: Morale, figures: u32) -> Unit {
        Unit {
            name: name.to_owned(),
            nation,
            arm: Arm::Infantry,
            morale,
            starting_figures: figures,
            figures,
            guns: 0,
            formation: Formation::Line,
            untrained: false,
            impetuous: false,
            rifles: false,
            skirmish_ability: false,
            quick_drill: nation == Nation::French,
            attack_column: nation.infantry_attack_column(1812),
            disordered: false,
            shaken: false,
            routed: false,
        }
    }

    /// A cavalry regiment in line; every cavalry unit may form attack column (p15).
    pub fn cavalry(
        name: &str,
        nation: Nation,
        morale: Morale,
        weight: Weight,
        figures: u32,
    ) -> Unit {
        Unit {
            arm: Arm::Cavalry {
                weight,
                lances: false,
                cuirass: false,
            },
            quick_drill: true,
            attack_column: true,
            ..Unit::infantry(name, nation, morale, figures)
        }
    }

    /// A limbered battery.
    pub fn battery(
        name: &str,
        nation: Nation,
        calibre: Calibre,
        transport: Transport,
        guns: u32,
        gunners: u32,
    ) -> Unit {
        Unit {
            arm: Arm::Artillery { calibre, transport },
            guns,
            formation: Formation::Limbered,
            quick_drill: false,
            attack_column: false,
            ..Unit::infantry(name, nation, Morale::Average, gunners)
        }
    }

    /// Which formations this unit may take (*Movement: Formations*, p15).
    pub fn may_form(&self, formation: Formation) -> bool {
        may_form(self.arm, self.attack_column, formation)
    }

    /// Formed: neither routed nor in skirmish order (*Movement: Terrain Effects*, p16).
    pub fn formed(&self) -> bool {
        !self.routed && self.formation != Formation::Skirmish
    }

    /// Musketry range in inches, or `None` for a unit that cannot conduct musketry
    /// (p18: only infantry).
    pub fn musketry_range(&self) -> Option<u32> {
        let range = if self.rifles {
            &RIFLE_RANGE
        } else {
            &MUSKET_RANGE
        };
        self.arm.is_infantry().then_some(range.count())
    }
}

/// Whether a unit of `arm` may take `formation`; `attack_column` when its nation and drill
/// allow the attack column.
pub fn may_form(arm: Arm, attack_column: bool, formation: Formation) -> bool {
    match (arm, formation) {
        (Arm::Infantry, Formation::Square) => true,
        (Arm::Infantry | Arm::Cavalry { .. }, f) => match f {
            Formation::Line | Formation::CompanyColumn | Formation::Skirmish => true,
            Formation::AttackColumn => attack_column,
            Formation::Square | Formation::Limbered | Formation::Unlimbered => false,
        },
        (Arm::Artillery { .. }, f) => matches!(f, Formation::Limbered | Formation::Unlimbered),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formations_follow_the_arm() {
        let british = Unit::infantry("52nd", Nation::British, Morale::Good, 12);
        assert!(british.may_form(Formation::Square));
        assert!(!british.may_form(Formation::AttackColumn));
        let french = Unit::infantry("1/21e", Nation::French, Morale::Average, 12);
        assert!(french.may_form(Formation::AttackColumn));
        let hussars = Unit::cavalry(
            "7th Hussars",
            Nation::British,
            Morale::Good,
            Weight::Light,
            8,
        );
        assert!(hussars.may_form(Formation::AttackColumn));
        assert!(!hussars.may_form(Formation::Square));
        let guns = Unit::battery(
            "Bull's",
            Nation::British,
            Calibre::Six,
            Transport::Horse,
            3,
            6,
        );
        assert!(guns.may_form(Formation::Unlimbered));
        assert!(!guns.may_form(Formation::Line));
    }

    #[test]
    fn austrians_take_the_attack_column_from_1809() {
        assert!(!Nation::Austrian.infantry_attack_column(1805));
        assert!(Nation::Austrian.infantry_attack_column(1809));
    }

    #[test]
    fn rifles_reach_twice_as_far_and_only_infantry_fires_muskets() {
        let mut rifles = Unit::infantry("95th", Nation::British, Morale::Excellent, 8);
        assert_eq!(rifles.musketry_range(), Some(4));
        rifles.rifles = true;
        assert_eq!(rifles.musketry_range(), Some(8));
        let dragoons = Unit::cavalry(
            "Scots Greys",
            Nation::British,
            Morale::Good,
            Weight::Heavy,
            8,
        );
        assert_eq!(dragoons.musketry_range(), None);
    }
}
