//! One unit's round of close combat as the consequences read it, whichever *Sound the
//! Charge* settled it.
//!
//! Each ruleset's pure module keeps verdicts that say only what its own text says (the
//! original's bounce off a square and overrun skirmishers; 1:25's range of retreat,
//! pursuit hits and the shaken loser's die), so neither carries variants the other's text
//! never produces. The close-combat engine maps both, once each, into this vocabulary of
//! consequences — hits, shaken, rout hits, retreat, elimination — and runs one flow over it.

use super::boats;
use crate::rules::sound_the_charge::combat as original;
use crate::rules::sound_the_charge_1_25::combat as stc_1_25;
use crate::rules::unit::{Formation, HitKind, Unit};

/// How far a loser must go back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Distance {
    /// *Sound the Charge*: at least this many inches.
    AtLeast(u32),
    /// *Sound the Charge 1:25*: anywhere in this range, the player's choice.
    Between(u32, u32),
}

impl Distance {
    /// The least the unit owes: what the state keeps as its `retreat_owed`.
    pub(crate) fn least(self) -> u32 {
        match self {
            Distance::AtLeast(inches) | Distance::Between(inches, _) => inches,
        }
    }

    fn words(self) -> String {
        match self {
            Distance::AtLeast(inches) => format!("{inches}\""),
            Distance::Between(least, most) => format!("{least}-{most}\""),
        }
    }
}

/// What losing cost a unit that goes on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Loss {
    pub retreat: Distance,
    pub rout_hits: u32,
    /// *Sound the Charge 1:25*: infantry beaten by cavalry (R10), taken as loss hits (R50).
    pub pursuit_hits: u32,
    pub reasons: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Outcome {
    Won,
    Held,
    /// Guns whose attackers did not carry them: the crews take no hits.
    GunsHeld,
    Lost(Loss),
    /// *Sound the Charge*: cavalry that did not beat a square.
    Bounced,
    /// Destroyed by the round: trapped, carried or overrun.
    Eliminated {
        words: &'static str,
        cause: &'static str,
    },
    /// *Sound the Charge 1:25*: lost while already shaken and shattered on this face. It
    /// is removed at once: "shattered" in the state means down to a quarter, which a unit
    /// broken by the die need not be.
    Shattered {
        face: u8,
    },
}

impl Outcome {
    /// Whether the unit leaves the combat (retreats or is destroyed).
    pub(crate) fn leaves_combat(&self) -> bool {
        !matches!(self, Outcome::Won | Outcome::Held | Outcome::GunsHeld)
    }

    /// Destroyed on the spot, leaving any general with it alone among the enemy.
    pub(crate) fn eliminated(&self) -> bool {
        matches!(self, Outcome::Eliminated { .. } | Outcome::Shattered { .. })
    }
}

/// One unit's round: the hits both ways and what came of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Settled {
    pub suffered: u32,
    pub inflicted: u32,
    pub loss_hits: u32,
    pub outcome: Outcome,
    pub disordered: bool,
}

impl From<original::Verdict> for Settled {
    fn from(v: original::Verdict) -> Settled {
        let outcome = match v.outcome {
            original::Outcome::Won => Outcome::Won,
            original::Outcome::Held => Outcome::Held,
            original::Outcome::GunsHeld => Outcome::GunsHeld,
            original::Outcome::Bounced => Outcome::Bounced,
            original::Outcome::Lost(loss) => Outcome::Lost(Loss {
                retreat: Distance::AtLeast(loss.retreat_inches),
                rout_hits: loss.rout_hits,
                pursuit_hits: 0,
                reasons: loss.reasons,
            }),
            original::Outcome::Trapped => Outcome::Eliminated {
                words: "LOST and attacked from two sides: cannot retreat, ELIMINATED",
                cause: "lost while attacked from two opposite sides",
            },
            original::Outcome::GunsCarried => Outcome::Eliminated {
                words: GUNS_CARRIED,
                cause: "the guns were carried",
            },
            original::Outcome::Overrun => Outcome::Eliminated {
                words: "OVERRUN: skirmishers in the open cannot face close-order troops, \
                        ELIMINATED",
                cause: "skirmishers overrun in the open",
            },
        };
        Settled {
            suffered: v.suffered,
            inflicted: v.inflicted,
            loss_hits: v.loss_hits,
            outcome,
            disordered: v.disordered,
        }
    }
}

const GUNS_CARRIED: &str = "CARRIED: the gun crews are eliminated";

/// A 1:25 verdict, with the die a loser already shaken rolled (R9).
pub(crate) fn from_1_25(v: stc_1_25::Verdict, shaken_die: Option<u8>) -> Settled {
    let mut disordered = v.disordered;
    let outcome = match v.outcome {
        stc_1_25::Outcome::Won => Outcome::Won,
        stc_1_25::Outcome::Held => Outcome::Held,
        stc_1_25::Outcome::GunsHeld => Outcome::GunsHeld,
        stc_1_25::Outcome::Lost(loss) => match shaken_die {
            Some(face) if loss.shattered_by(face) => {
                // It is gone: no disorder to mark.
                disordered = false;
                Outcome::Shattered { face }
            }
            _ => Outcome::Lost(lost_1_25(&loss, shaken_die)),
        },
        stc_1_25::Outcome::Trapped => Outcome::Eliminated {
            words: "LOST and cannot retreat: ELIMINATED",
            cause: "lost and could not retreat",
        },
        stc_1_25::Outcome::GunsCarried => Outcome::Eliminated {
            words: GUNS_CARRIED,
            cause: "the guns were carried",
        },
        stc_1_25::Outcome::GunsOverrun => Outcome::Eliminated {
            words: "OVERRUN: guns without defensive fire are taken without a fight, \
                    ELIMINATED",
            cause: "guns without defensive fire overrun",
        },
    };
    Settled {
        suffered: v.suffered,
        inflicted: v.inflicted,
        loss_hits: v.loss_hits,
        outcome,
        disordered,
    }
}

fn lost_1_25(loss: &stc_1_25::Loss, shaken_die: Option<u8>) -> Loss {
    // Every 1:25 loss begins "lost the round…": the words already say LOST, and the
    // shaken loser's reason is told by its die below.
    let mut reasons: Vec<String> = loss
        .retreat
        .reasons
        .iter()
        .filter(|r| !r.starts_with("lost the round"))
        .cloned()
        .collect();
    if let (Some(face), Some(on)) = (shaken_die, loss.shattered_on) {
        reasons.push(format!(
            "already shaken: a {face} (1-{on} shatters), {} rout hits",
            loss.retreat.rout_hits
        ));
    }
    Loss {
        retreat: Distance::Between(loss.retreat.min_inches, loss.retreat.max_inches),
        rout_hits: loss.retreat.rout_hits,
        pursuit_hits: loss.pursuit_hits,
        reasons,
    }
}

/// What the round did to a unit, as the referee reads it out. `unit` is as it was before
/// the round.
pub(crate) fn result_words(
    outcome: &Outcome,
    disordered: bool,
    unit: &Unit,
    enemy_stays: bool,
) -> String {
    let disorder = if disordered { ", disordered" } else { "" };
    match outcome {
        Outcome::Won if unit.arm.is_artillery() => {
            "WON: stays in place (guns are never disordered)".to_owned()
        }
        Outcome::Won => format!("WON: stays in place{disorder}"),
        Outcome::Held if enemy_stays => {
            format!("holds: the combat goes on next turn{disorder}")
        }
        Outcome::Held => format!("holds its ground{disorder}"),
        Outcome::Lost(loss) => lost_words(loss, unit, disorder),
        Outcome::Eliminated { words, .. } => (*words).to_owned(),
        Outcome::Shattered { face } => {
            format!("LOST while shaken: a {face} on its die (1-3), SHATTERED")
        }
        Outcome::Bounced => format!(
            "bounces off the square: retreats {}\", disordered, not shaken",
            original::BOUNCE_RETREAT.count()
        ),
        Outcome::GunsHeld => "GUNS HOLD: the crews take no hits".to_owned(),
    }
}

fn lost_words(loss: &Loss, unit: &Unit, disorder: &str) -> String {
    let shaken = if unit.is_shaken() {
        "stays shaken"
    } else {
        "shaken"
    };
    let square = if unit.formation == Formation::Square {
        ", ends in column"
    } else {
        ""
    };
    let why = if loss.reasons.is_empty() {
        String::new()
    } else {
        format!(" ({})", loss.reasons.join("; "))
    };
    let retreat = match boats::beaten_landing(unit) {
        Some((inches, _)) => format!("rows back {inches}\" in its boats"),
        None => format!("retreats {}", loss.retreat.words()),
    };
    let pursuit = if loss.pursuit_hits > 0 {
        format!(
            ", {}",
            crate::core::plural::counted(loss.pursuit_hits, "pursuit hit")
        )
    } else {
        String::new()
    };
    format!(
        "LOST: {retreat}, {shaken}, {}{pursuit}{square}{disorder}{why}",
        HitKind::Rout.count_phrase(loss.rout_hits)
    )
}
