//! The words of the d10 sheet's own commands: `initiative`, `ap`, `fire`, `melee`, their
//! orders and the text each is logged as.

use super::D10Command;
use super::refusal::D10Refusal;
use crate::core::chart::Written;
use crate::core::dice::parse_face_of;
use crate::engine::refusal::EngineRefusal;
use crate::engine::words::{faces_word, unknown_flag};
use crate::rules::d10_sheet::{self as rules, DIE, MOST_AP_DICE};
use std::fmt;

/// `initiative <a> <b> [a=<n>] [b=<n>] [roll=<a>,<b>]`: two commanders (or sides).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InitiativeOrder {
    pub first: String,
    pub second: String,
    /// The referee's modifier to each (the sheet's Grand-Tac points lost their numbers).
    pub modifiers: (i32, i32),
    pub roll: Option<(u8, u8)>,
}

/// `ap <unit|general> [roll=<d10>[,<d10>…]]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApOrder {
    pub who: String,
    /// Every die typed: the first, and one after each 10.
    pub roll: Option<Vec<u8>>,
}

/// `fire <unit> <target> [row=<1-9>] [mod=<n>] [roll=<d10>]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FireOrder {
    pub unit: String,
    pub target: String,
    /// The fire table's row; `None`: the Infantry column's for the firer's stands.
    pub row: Option<u8>,
    /// The referee's modifiers, summed (the sheet's fire modifiers are not legible).
    pub modifier: i32,
    pub roll: Option<u8>,
}

/// `melee <attacker> <defender> [a=<facts>] [d=<facts>] [roll=<a>,<d>]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MeleeOrder {
    pub attacker: String,
    pub defender: String,
    pub attacker_facts: Vec<CombatFact>,
    pub defender_facts: Vec<CombatFact>,
    pub roll: Option<(u8, u8)>,
}

/// A modifier from the sheet's column beside the charge results that the referee names
/// for one side of a melee; shaken and disordered come from the roster.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CombatFact {
    /// Closing casualties, in tens of percent.
    Closing(u8),
    /// Mass: the ratio of the two sides' strengths.
    Mass(MassRatio),
    Downhill,
    CavalryAtLine,
    CavalryAtGeneral,
    CavalryAtColumn,
    CavalryAtClosedColumn,
    HeavyAtLight,
    Flank,
    Rear,
    /// Secure flanks: one or two.
    SecureFlanks(u8),
    GeneralOrder,
    LightCover,
    MediumCover,
    /// Infantry ridden down by cavalry.
    RiddenDown,
}

/// The mass a side claims in a melee: the ratio of its strength to the enemy's (lines
/// 51-55).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MassRatio {
    OneAndAHalf,
    Double,
    Triple,
    Fourfold,
}

impl MassRatio {
    pub const ALL: [MassRatio; 4] = [
        MassRatio::OneAndAHalf,
        MassRatio::Double,
        MassRatio::Triple,
        MassRatio::Fourfold,
    ];

    /// The ratio in tenths, to weigh the two units' figures by.
    pub fn tenths(self) -> u32 {
        match self {
            MassRatio::OneAndAHalf => 15,
            MassRatio::Double => 20,
            MassRatio::Triple => 30,
            MassRatio::Fourfold => 40,
        }
    }

    /// As typed after `mass=`.
    pub fn word(self) -> &'static str {
        match self {
            MassRatio::OneAndAHalf => "1.5",
            MassRatio::Double => "2",
            MassRatio::Triple => "3",
            MassRatio::Fourfold => "4",
        }
    }
}

/// Cavalry against a square, whether typed so or claimed as another cavalry target
/// against a unit the roster has in square.
pub(super) const LOST_AGAINST_A_SQUARE: &str = "cavalry against a square (the scan shows \"5\")";

/// Facts whose values the scan lost, by the words they may be typed as: refused with the
/// sheet's garble.
const LOST_FACTS: [(&[&str], &str); 5] = [
    (
        &["rout", "broken"],
        "a routed or broken unit (the scan shows \"NA\" and \"9\")",
    ),
    (&["cav-square"], LOST_AGAINST_A_SQUARE),
    (&["cover=heavy"], "heavy cover (the scan shows \"55\")"),
    (&["leader"], "a leader attached (the scan shows \"+IL\")"),
    (
        &["standing-cav", "cav-standing"],
        "standing cavalry (the scan lost its sign and value)",
    ),
];

impl CombatFact {
    fn parse(word: &str) -> Result<CombatFact, D10Refusal> {
        if let Some((_, what)) = LOST_FACTS.iter().find(|(words, _)| words.contains(&word)) {
            return Err(D10Refusal::LostModifier {
                what: (*what).to_owned(),
            });
        }
        let unknown = || D10Refusal::UnknownFact {
            word: word.to_owned(),
        };
        let fact = match word.split_once('=') {
            None => match word {
                "downhill" => CombatFact::Downhill,
                "cav-line" => CombatFact::CavalryAtLine,
                "cav-general" => CombatFact::CavalryAtGeneral,
                "cav-column" => CombatFact::CavalryAtColumn,
                "cav-closed-column" => CombatFact::CavalryAtClosedColumn,
                "heavy-light" => CombatFact::HeavyAtLight,
                "flank" => CombatFact::Flank,
                "rear" => CombatFact::Rear,
                "general-order" => CombatFact::GeneralOrder,
                "ridden-down" => CombatFact::RiddenDown,
                _ => return Err(unknown()),
            },
            Some(("closing", tens)) => match tens.parse::<u8>() {
                Ok(tens @ 1..=10) => CombatFact::Closing(tens),
                _ => return Err(unknown()),
            },
            Some(("mass", ratio)) => {
                let typed = MassRatio::ALL.into_iter().find(|r| r.word() == ratio);
                CombatFact::Mass(typed.ok_or_else(unknown)?)
            }
            Some(("secure", count)) => match count {
                "1" => CombatFact::SecureFlanks(1),
                "2" => CombatFact::SecureFlanks(2),
                _ => return Err(unknown()),
            },
            Some(("cover", "light")) => CombatFact::LightCover,
            Some(("cover", "medium")) => CombatFact::MediumCover,
            Some(_) => return Err(unknown()),
        };
        Ok(fact)
    }

    /// The modifier and its reason.
    pub fn modifier(self) -> (i32, String) {
        let (number, words) = match self {
            CombatFact::Closing(tens) => {
                let per = &rules::CLOSING_PER_TEN_PERCENT;
                let value = per.value() * i32::from(tens);
                return (
                    value,
                    per.marked(format!("closing casualties, {tens}0%"), Written::Signed),
                );
            }
            CombatFact::Mass(MassRatio::OneAndAHalf) => (rules::MASS_ONE_AND_A_HALF, "mass 1.5x"),
            CombatFact::Mass(MassRatio::Double) => (rules::MASS_DOUBLE, "mass 2x"),
            CombatFact::Mass(MassRatio::Triple) => (rules::MASS_TRIPLE, "mass 3x"),
            CombatFact::Mass(MassRatio::Fourfold) => (rules::MASS_FOURFOLD, "mass 4x"),
            CombatFact::Downhill => (rules::DOWNHILL, "charging downhill"),
            CombatFact::CavalryAtLine => (rules::CAVALRY_AT_LINE, "cavalry v infantry line"),
            CombatFact::CavalryAtGeneral => (rules::CAVALRY_AT_GENERAL, "cavalry v general order"),
            CombatFact::CavalryAtColumn => (rules::CAVALRY_AT_COLUMN, "cavalry v column"),
            CombatFact::CavalryAtClosedColumn => {
                (rules::CAVALRY_AT_CLOSED_COLUMN, "cavalry v closed column")
            }
            CombatFact::HeavyAtLight => (rules::HEAVY_AT_LIGHT, "heavy v light cavalry"),
            CombatFact::Flank => (rules::FLANK, "charging a flank"),
            CombatFact::Rear => (rules::REAR, "charging the rear"),
            CombatFact::SecureFlanks(count) => {
                let each = &rules::SECURE_FLANK;
                let value = each.value() * i32::from(count);
                return (
                    value,
                    each.marked(format!("secure flanks, {count}"), Written::Signed),
                );
            }
            CombatFact::GeneralOrder => (rules::GENERAL_ORDER, "in general (open) order"),
            CombatFact::LightCover => (rules::LIGHT_COVER, "in light cover"),
            CombatFact::MediumCover => (rules::MEDIUM_COVER, "in medium cover"),
            CombatFact::RiddenDown => (rules::RIDDEN_DOWN, "ridden down by cavalry"),
        };
        (number.value(), number.marked(words, Written::Signed))
    }

    /// The facts of which one side claims one at most: where a charge struck, its cover,
    /// what its cavalry charged.
    fn group(self) -> Option<&'static str> {
        match self {
            CombatFact::Flank | CombatFact::Rear => Some("where it struck"),
            CombatFact::LightCover | CombatFact::MediumCover => Some("cover"),
            CombatFact::CavalryAtLine
            | CombatFact::CavalryAtGeneral
            | CombatFact::CavalryAtColumn
            | CombatFact::CavalryAtClosedColumn => Some("cavalry's target"),
            _ => None,
        }
    }

    /// Whether only the side that charged may claim it (the sheet's "charging").
    pub fn charger_only(self) -> bool {
        matches!(
            self,
            CombatFact::Flank
                | CombatFact::Rear
                | CombatFact::Downhill
                | CombatFact::CavalryAtLine
                | CombatFact::CavalryAtGeneral
                | CombatFact::CavalryAtColumn
                | CombatFact::CavalryAtClosedColumn
                | CombatFact::HeavyAtLight
        )
    }

    /// Whether only cavalry may claim it.
    pub fn cavalry_only(self) -> bool {
        matches!(
            self,
            CombatFact::CavalryAtLine
                | CombatFact::CavalryAtGeneral
                | CombatFact::CavalryAtColumn
                | CombatFact::CavalryAtClosedColumn
                | CombatFact::HeavyAtLight
        )
    }
}

impl fmt::Display for CombatFact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CombatFact::Closing(tens) => write!(f, "closing={tens}"),
            CombatFact::Mass(ratio) => write!(f, "mass={}", ratio.word()),
            CombatFact::Downhill => f.write_str("downhill"),
            CombatFact::CavalryAtLine => f.write_str("cav-line"),
            CombatFact::CavalryAtGeneral => f.write_str("cav-general"),
            CombatFact::CavalryAtColumn => f.write_str("cav-column"),
            CombatFact::CavalryAtClosedColumn => f.write_str("cav-closed-column"),
            CombatFact::HeavyAtLight => f.write_str("heavy-light"),
            CombatFact::Flank => f.write_str("flank"),
            CombatFact::Rear => f.write_str("rear"),
            CombatFact::SecureFlanks(count) => write!(f, "secure={count}"),
            CombatFact::GeneralOrder => f.write_str("general-order"),
            CombatFact::LightCover => f.write_str("cover=light"),
            CombatFact::MediumCover => f.write_str("cover=medium"),
            CombatFact::RiddenDown => f.write_str("ridden-down"),
        }
    }
}

fn facts_word(facts: &[CombatFact]) -> String {
    let words: Vec<String> = facts.iter().map(ToString::to_string).collect();
    words.join(",")
}

impl fmt::Display for InitiativeOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "initiative {} {}", self.first, self.second)?;
        if self.modifiers.0 != 0 {
            write!(f, " a={:+}", self.modifiers.0)?;
        }
        if self.modifiers.1 != 0 {
            write!(f, " b={:+}", self.modifiers.1)?;
        }
        if let Some((a, b)) = self.roll {
            write!(f, " roll={a},{b}")?;
        }
        Ok(())
    }
}

impl fmt::Display for ApOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ap {}", self.who)?;
        if let Some(faces) = &self.roll {
            write!(f, " roll={}", faces_word(faces))?;
        }
        Ok(())
    }
}

impl fmt::Display for FireOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "fire {} {}", self.unit, self.target)?;
        if let Some(row) = self.row {
            write!(f, " row={row}")?;
        }
        if self.modifier != 0 {
            write!(f, " mod={:+}", self.modifier)?;
        }
        if let Some(roll) = self.roll {
            write!(f, " roll={roll}")?;
        }
        Ok(())
    }
}

impl fmt::Display for MeleeOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "melee {} {}", self.attacker, self.defender)?;
        if !self.attacker_facts.is_empty() {
            write!(f, " a={}", facts_word(&self.attacker_facts))?;
        }
        if !self.defender_facts.is_empty() {
            write!(f, " d={}", facts_word(&self.defender_facts))?;
        }
        if let Some((a, d)) = self.roll {
            write!(f, " roll={a},{d}")?;
        }
        Ok(())
    }
}

/// `initiative`, `ap`, `fire` or `melee` (`verb`) with its arguments; a line that does not
/// fit is refused with `usage`. `None` for any other word, which every ruleset reads alike.
pub fn parse(verb: &str, args: &[&str], usage: &str) -> Result<Option<D10Command>, D10Refusal> {
    let wrong = || D10Refusal::Engine(EngineRefusal::usage(usage));
    let command = match verb {
        "initiative" => {
            let [first, second, rest @ ..] = args else {
                return Err(wrong());
            };
            let mut order = InitiativeOrder {
                first: (*first).to_owned(),
                second: (*second).to_owned(),
                modifiers: (0, 0),
                roll: None,
            };
            for word in rest {
                let lower = word.to_ascii_lowercase();
                match lower.split_once('=') {
                    Some(("a", n)) => order.modifiers.0 = modifier_word(n)?,
                    Some(("b", n)) => order.modifiers.1 = modifier_word(n)?,
                    Some(("roll" | "dice", faces)) => order.roll = Some(two_faces(faces)?),
                    _ => return Err(unknown_flag(word, "a=<±n>, b=<±n>, roll=<a>,<b>").into()),
                }
            }
            D10Command::Initiative(order)
        }
        "ap" => {
            let [who, rest @ ..] = args else {
                return Err(wrong());
            };
            let mut order = ApOrder {
                who: (*who).to_owned(),
                roll: None,
            };
            for word in rest {
                let lower = word.to_ascii_lowercase();
                match lower.split_once('=') {
                    Some(("roll" | "dice", faces)) => order.roll = Some(ap_faces(faces)?),
                    _ => return Err(unknown_flag(word, "roll=<d10>[,<d10>…]").into()),
                }
            }
            D10Command::ActionPoints(order)
        }
        "fire" => {
            let [unit, target, rest @ ..] = args else {
                return Err(wrong());
            };
            let mut row = None;
            let mut modifier = 0;
            let mut roll = None;
            for word in rest {
                let lower = word.to_ascii_lowercase();
                match lower.split_once('=') {
                    Some(("row", n)) => row = Some(row_word(n)?),
                    Some(("mod", n)) => modifier = modifier_word(n)?,
                    Some(("roll" | "dice", face)) => roll = Some(d10(face)?),
                    _ => return Err(unknown_flag(word, "row=<1-9>, mod=<±n>, roll=<d10>").into()),
                }
            }
            D10Command::Fire(FireOrder {
                unit: (*unit).to_owned(),
                target: (*target).to_owned(),
                row,
                modifier,
                roll,
            })
        }
        "melee" => {
            let [attacker, defender, rest @ ..] = args else {
                return Err(wrong());
            };
            let mut order = MeleeOrder {
                attacker: (*attacker).to_owned(),
                defender: (*defender).to_owned(),
                attacker_facts: Vec::new(),
                defender_facts: Vec::new(),
                roll: None,
            };
            for word in rest {
                let lower = word.to_ascii_lowercase();
                match lower.split_once('=') {
                    Some(("a", facts)) => order.attacker_facts = facts_of(facts)?,
                    Some(("d", facts)) => order.defender_facts = facts_of(facts)?,
                    Some(("roll" | "dice", faces)) => order.roll = Some(two_faces(faces)?),
                    _ => {
                        return Err(unknown_flag(word, "a=<facts>, d=<facts>, roll=<a>,<d>").into());
                    }
                }
            }
            D10Command::Melee(order)
        }
        _ => return Ok(None),
    };
    Ok(Some(command))
}

/// A d10's face typed by the players: 1 to 10.
fn d10(word: &str) -> Result<u8, D10Refusal> {
    parse_face_of(word, DIE).map_err(|e| D10Refusal::Engine(EngineRefusal::from(e)))
}

/// `7,4`: the first roller's die, then the second's.
fn two_faces(list: &str) -> Result<(u8, u8), D10Refusal> {
    let faces: Vec<&str> = list.split(',').collect();
    let [a, b] = faces.as_slice() else {
        return Err(D10Refusal::TwoDice { typed: faces.len() });
    };
    Ok((d10(a)?, d10(b)?))
}

/// `10,3`: an action-point roll's dice, at most [`MOST_AP_DICE`].
fn ap_faces(list: &str) -> Result<Vec<u8>, D10Refusal> {
    let faces: Vec<&str> = list.split(',').collect();
    if faces.len() > MOST_AP_DICE {
        return Err(D10Refusal::TooManyApDice { typed: faces.len() });
    }
    faces.into_iter().map(d10).collect()
}

/// `+2`, `-3`, `2`: a modifier the referee gives, within what a d10 can overcome.
fn modifier_word(word: &str) -> Result<i32, D10Refusal> {
    let number = word.strip_prefix('+').unwrap_or(word);
    let signed_twice = number.len() < word.len() && number.starts_with(['+', '-']);
    match number.parse::<i32>() {
        Ok(n) if (-20..=20).contains(&n) && !number.starts_with('+') && !signed_twice => Ok(n),
        _ => Err(D10Refusal::NotAModifier {
            word: word.to_owned(),
        }),
    }
}

/// `row=5`: a row of the fire table.
fn row_word(word: &str) -> Result<u8, D10Refusal> {
    match word.parse::<u8>() {
        Ok(row @ 1..=9) if usize::from(row) <= rules::FIRE_ROWS.len() => Ok(row),
        _ => Err(D10Refusal::NotARow {
            word: word.to_owned(),
        }),
    }
}

/// `flank,mass=2`: one side's facts, each kind once (one mass, one closing count), and
/// one of each group that cannot all be true (a flank or the rear, one cover, one target
/// for a cavalry charge).
fn facts_of(list: &str) -> Result<Vec<CombatFact>, D10Refusal> {
    let mut facts: Vec<CombatFact> = Vec::new();
    for word in list.split(',') {
        if word.is_empty() {
            return Err(D10Refusal::EmptyFact);
        }
        let fact = CombatFact::parse(word)?;
        let clashes = |other: &CombatFact| {
            std::mem::discriminant(other) == std::mem::discriminant(&fact)
                || (other.group().is_some() && other.group() == fact.group())
        };
        if let Some(other) = facts.iter().find(|other| clashes(other)) {
            return Err(D10Refusal::FactsClash {
                first: other.to_string(),
                second: fact.to_string(),
            });
        }
        facts.push(fact);
    }
    Ok(facts)
}
