//! The words of *Charge Moves*' own commands: `charge`, `melee`, `morale`, `retreat`,
//! their orders and the text each is logged as.

use super::ChargeMovesCommand;
use super::refusal::ChargeMovesRefusal;
use crate::engine::refusal::EngineRefusal;
use crate::engine::words::{RetreatEnd, roll_word};
use std::fmt;

/// `charge <unit> <target> [flank] [roll=d]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChargeThrowOrder {
    pub unit: String,
    pub target: String,
    /// At the target's flank or rear: the charge needs no throw.
    pub flank: bool,
    pub roll: Option<u8>,
}

/// `melee <attacker> <defender> [men=a/d] [flank] [sheltered] [sixes=a/d]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MeleeOrder {
    pub attacker: String,
    pub defender: String,
    /// Men of each who reached the melee, when not the whole unit.
    pub men: Option<(u32, u32)>,
    /// The defender was caught in flank or rear: it throws no dice.
    pub flank: bool,
    /// The defender is behind walls, in woods or on a hill: no cavalry impetus.
    pub sheltered: bool,
    /// The sixes each side threw at the table, instead of the app's dice.
    pub sixes: Option<(u32, u32)>,
}

/// Why a unit throws for morale.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoraleCause {
    /// It took the heavier share of losses in a melee.
    Melee,
    /// It was charged by cavalry.
    Cavalry,
    /// A unit within 12" routed.
    Rout,
    /// It lost a melee in a building.
    Building,
}

/// `morale <unit> [cavalry|rout|building] [cornered] [roll=d]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoraleOrder {
    pub unit: String,
    pub cause: MoraleCause,
    /// It cannot retreat clear of the enemy: a retreat becomes surrender.
    pub cornered: bool,
    pub roll: Option<u8>,
}

impl fmt::Display for ChargeThrowOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "charge {} {}", self.unit, self.target)?;
        if self.flank {
            f.write_str(" flank")?;
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
        if let Some((a, d)) = self.men {
            write!(f, " men={a}/{d}")?;
        }
        if self.flank {
            f.write_str(" flank")?;
        }
        if self.sheltered {
            f.write_str(" sheltered")?;
        }
        if let Some((a, d)) = self.sixes {
            write!(f, " sixes={a}/{d}")?;
        }
        Ok(())
    }
}

impl fmt::Display for MoraleOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "morale {}", self.unit)?;
        match self.cause {
            MoraleCause::Melee => {}
            MoraleCause::Cavalry => f.write_str(" cavalry")?,
            MoraleCause::Rout => f.write_str(" rout")?,
            MoraleCause::Building => f.write_str(" building")?,
        }
        if self.cornered {
            f.write_str(" cornered")?;
        }
        if let Some(roll) = self.roll {
            write!(f, " roll={roll}")?;
        }
        Ok(())
    }
}

/// `charge`, `melee`, `morale` or `retreat` (`verb`) with its arguments; a line that does
/// not fit is refused with `usage`. `None` for any other word, which every ruleset reads
/// alike.
pub fn parse(
    verb: &str,
    args: &[&str],
    usage: &str,
) -> Result<Option<ChargeMovesCommand>, ChargeMovesRefusal> {
    let wrong = || ChargeMovesRefusal::Engine(EngineRefusal::usage(usage));
    let command = match verb {
        "charge" => {
            let [unit, target, rest @ ..] = args else {
                return Err(wrong());
            };
            let mut order = ChargeThrowOrder {
                unit: (*unit).to_owned(),
                target: (*target).to_owned(),
                flank: false,
                roll: None,
            };
            for word in rest {
                let lower = word.to_ascii_lowercase();
                match lower.as_str() {
                    "flank" | "rear" => order.flank = true,
                    _ => order.roll = Some(roll_word(&lower, word, "flank, roll=<die>")?),
                }
            }
            ChargeMovesCommand::Charge(order)
        }
        "melee" => {
            let [attacker, defender, rest @ ..] = args else {
                return Err(wrong());
            };
            let mut order = MeleeOrder {
                attacker: (*attacker).to_owned(),
                defender: (*defender).to_owned(),
                men: None,
                flank: false,
                sheltered: false,
                sixes: None,
            };
            for word in rest {
                let lower = word.to_ascii_lowercase();
                match lower.split_once('=') {
                    None if lower == "flank" || lower == "rear" => order.flank = true,
                    None if lower == "sheltered" => order.sheltered = true,
                    Some(("men", pair)) => order.men = Some(pair_of(pair, "men")?),
                    Some(("sixes", pair)) => order.sixes = Some(pair_of(pair, "sixes")?),
                    _ => {
                        return Err(ChargeMovesRefusal::UnknownMeleeWord {
                            word: word.to_string(),
                        });
                    }
                }
            }
            ChargeMovesCommand::Melee(order)
        }
        "morale" => {
            let [unit, rest @ ..] = args else {
                return Err(wrong());
            };
            let mut order = MoraleOrder {
                unit: (*unit).to_owned(),
                cause: MoraleCause::Melee,
                cornered: false,
                roll: None,
            };
            for word in rest {
                let lower = word.to_ascii_lowercase();
                match lower.as_str() {
                    "cavalry" => order.cause = MoraleCause::Cavalry,
                    "rout" => order.cause = MoraleCause::Rout,
                    "building" | "house" => order.cause = MoraleCause::Building,
                    "cornered" => order.cornered = true,
                    _ => {
                        order.roll = Some(roll_word(
                            &lower,
                            word,
                            "cavalry, rout, building, cornered, roll=<die>",
                        )?);
                    }
                }
            }
            ChargeMovesCommand::Morale(order)
        }
        "retreat" => {
            let (unit, end) = RetreatEnd::parse(args).ok_or_else(wrong)?;
            ChargeMovesCommand::Retreat {
                unit: unit.to_owned(),
                end,
            }
        }
        _ => return Ok(None),
    };
    Ok(Some(command))
}

/// `12/9`: the attacker's number, then the defender's.
fn pair_of(text: &str, what: &str) -> Result<(u32, u32), ChargeMovesRefusal> {
    let bad = || ChargeMovesRefusal::NotAPair {
        what: what.to_owned(),
    };
    let (a, d) = text.split_once('/').ok_or_else(bad)?;
    Ok((
        a.trim().parse().map_err(|_| bad())?,
        d.trim().parse().map_err(|_| bad())?,
    ))
}
