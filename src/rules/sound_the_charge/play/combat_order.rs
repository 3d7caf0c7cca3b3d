//! The words of `combat`: who fights whom, what the table shows, and the players' dice.
//!
//! `combat <a>[,<a2>…] [vs <d>[,<d2>…]] [flank=<u>,…] [trapped=<u>,…] [stationary=<u>,…]
//! [soft|hard] [slope] [rough] [works] [obstacle] [continuing] [dice=a,b/c,d…] [gen=d,…]
//! [follow=d,…] [shaken=d,…]`
//!
//! The words of both *Sound the Charge* rulesets parse here; the combat's check refuses
//! the ones the save's ruleset has no rule for (`rough` and `follow=` are the original's,
//! `works`, `obstacle` and `shaken=` 1:25's).

use super::SoundTheChargeRefusal;
use super::refusal::CombatRefusal;
use super::roll_command::{TypedDice, joined_lists};
use crate::engine::words::{faces_word, parse_faces, parse_figures, unknown_flag};
use crate::rules::sound_the_charge::combat::Ground;
use crate::rules::sound_the_charge::shooting::Cover;
use std::fmt;

/// A unit named in a combat, with the figures (guns) that reach the enemy when the
/// referee counts them: `fr-4l1:8`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CombatUnit {
    pub id: String,
    pub eligible: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CombatOrder {
    pub attackers: Vec<CombatUnit>,
    pub defenders: Vec<CombatUnit>,
    /// Units under flank/rear attack.
    pub flanked: Vec<String>,
    /// Units attacked from two opposite sides: they cannot retreat.
    pub trapped: Vec<String>,
    /// Cavalry the referee judges stationary (optional rule).
    pub stationary: Vec<String>,
    /// Units that charged into the rear of a one-rank friend in the fight and strike with
    /// their front rank (*Reinforcing a Combat*).
    pub rear: Vec<String>,
    pub ground: Ground,
    /// *Sound the Charge 1:25*: the defenders hold buildings or fieldworks (*Skirmishers*).
    pub works: bool,
    /// *Sound the Charge 1:25*: the attackers cross an obstacle (a wall, hedge, stream).
    pub obstacle: bool,
    /// The combat began before this round, though the app did not see it begin.
    pub continuing: bool,
    /// The players' dice: a group per unit that rolls, in the order named.
    pub dice: Option<Vec<Vec<u8>>>,
    /// A die for each general at risk, in the order of the units named.
    pub general_dice: TypedDice,
    /// A die for each British or Portuguese cavalry unit that must test to follow up.
    pub follow_dice: TypedDice,
    /// *Sound the Charge 1:25*: a die for each loser that was already shaken, in the order
    /// the units were named (1-3 shatters it).
    pub shaken_dice: TypedDice,
}

pub const COMBAT_FLAGS: &str = "flank=<units>, trapped=<units>, stationary=<units>, rear=<units>, \
     soft, hard, \
     slope, rough, works, obstacle, continuing, dice=<a,b/c,d…>, gen=<dice>, follow=<dice>, \
     shaken=<dice>";

pub fn parse_combat(args: &[&str], usage: &str) -> Result<CombatOrder, SoundTheChargeRefusal> {
    let words = joined_lists(args);
    let usage_refusal = || SoundTheChargeRefusal::usage(usage);
    // Without `vs`, the chargers fight the units they charged this turn.
    let (attackers, defenders, flags) =
        if let Some(vs) = words.iter().position(|w| w.eq_ignore_ascii_case("vs")) {
            let (attackers, rest) = words.split_at(vs);
            let [attackers] = attackers else {
                return Err(usage_refusal());
            };
            let [_, defenders, flags @ ..] = rest else {
                return Err(usage_refusal());
            };
            (attackers, parse_units(defenders)?, flags)
        } else {
            let [attackers, flags @ ..] = words.as_slice() else {
                return Err(usage_refusal());
            };
            // A second bare word is a forgotten `vs`, not a flag.
            if flags.iter().any(|f| !f.contains('=') && !is_ground_word(f)) {
                return Err(usage_refusal());
            }
            (attackers, Vec::new(), flags)
        };
    let mut order = CombatOrder {
        attackers: parse_units(attackers)?,
        defenders,
        flanked: Vec::new(),
        trapped: Vec::new(),
        stationary: Vec::new(),
        rear: Vec::new(),
        ground: Ground::default(),
        works: false,
        obstacle: false,
        continuing: false,
        dice: None,
        general_dice: None,
        follow_dice: None,
        shaken_dice: None,
    };
    for flag in flags {
        let lower = flag.to_ascii_lowercase();
        match lower.split_once('=') {
            Some(("dice", groups)) => {
                order.dice = Some(
                    groups
                        .split('/')
                        .map(|group| {
                            if group.is_empty() {
                                Ok(Vec::new())
                            } else {
                                parse_faces(group)
                            }
                        })
                        .collect::<Result<_, _>>()?,
                );
            }
            Some(("gen", faces)) => order.general_dice = Some(parse_faces(faces)?),
            Some(("follow", faces)) => order.follow_dice = Some(parse_faces(faces)?),
            Some(("shaken", faces)) => order.shaken_dice = Some(parse_faces(faces)?),
            Some(("flank", units)) => order.flanked = parse_ids(flag, units)?,
            Some(("trapped", units)) => order.trapped = parse_ids(flag, units)?,
            Some(("stationary", units)) => order.stationary = parse_ids(flag, units)?,
            Some(("rear", units)) => order.rear = parse_ids(flag, units)?,
            Some(_) => return Err(unknown_flag(flag, COMBAT_FLAGS).into()),
            None => match lower.as_str() {
                "soft" => order.ground.cover = Cover::Soft,
                "hard" => order.ground.cover = Cover::Hard,
                "slope" => order.ground.slope = true,
                "rough" => order.ground.rough = true,
                "works" => order.works = true,
                "obstacle" => order.obstacle = true,
                "continuing" => order.continuing = true,
                _ => return Err(unknown_flag(flag, COMBAT_FLAGS).into()),
            },
        }
    }
    Ok(order)
}

fn is_ground_word(word: &str) -> bool {
    [
        "soft",
        "hard",
        "slope",
        "rough",
        "works",
        "obstacle",
        "continuing",
    ]
    .iter()
    .any(|w| w.eq_ignore_ascii_case(word))
}

/// `a,b:8,c`: ids, each with an optional count of the figures that reach the enemy.
fn parse_units(list: &str) -> Result<Vec<CombatUnit>, SoundTheChargeRefusal> {
    list.split(',')
        .map(|word| {
            let (id, eligible) = match word.split_once(':') {
                Some((id, n)) => (id, Some(parse_figures(&format!("{id}:"), n)?)),
                None => (word, None),
            };
            if id.is_empty() {
                return Err(CombatRefusal::EmptyUnitName {
                    list: list.to_string(),
                }
                .into());
            }
            Ok(CombatUnit {
                id: id.to_owned(),
                eligible,
            })
        })
        .collect()
}

fn parse_ids(flag: &str, list: &str) -> Result<Vec<String>, SoundTheChargeRefusal> {
    let ids: Vec<String> = list.split(',').map(str::to_owned).collect();
    if ids.iter().any(String::is_empty) {
        return Err(CombatRefusal::NoUnitNames {
            flag: flag.to_string(),
        }
        .into());
    }
    Ok(ids)
}

fn units_word(units: &[CombatUnit]) -> String {
    let words: Vec<String> = units
        .iter()
        .map(|u| match u.eligible {
            Some(n) => format!("{}:{n}", u.id),
            None => u.id.clone(),
        })
        .collect();
    words.join(",")
}

impl fmt::Display for CombatOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "combat {}", units_word(&self.attackers))?;
        if !self.defenders.is_empty() {
            write!(f, " vs {}", units_word(&self.defenders))?;
        }
        for (key, ids) in [
            ("flank", &self.flanked),
            ("trapped", &self.trapped),
            ("stationary", &self.stationary),
            ("rear", &self.rear),
        ] {
            if !ids.is_empty() {
                write!(f, " {key}={}", ids.join(","))?;
            }
        }
        let flags = [
            (self.ground.cover == Cover::Soft, "soft"),
            (self.ground.cover == Cover::Hard, "hard"),
            (self.ground.slope, "slope"),
            (self.ground.rough, "rough"),
            (self.works, "works"),
            (self.obstacle, "obstacle"),
            (self.continuing, "continuing"),
        ];
        for (_, word) in flags.iter().filter(|(on, _)| *on) {
            write!(f, " {word}")?;
        }
        if let Some(groups) = &self.dice {
            let groups: Vec<String> = groups.iter().map(|g| faces_word(g)).collect();
            write!(f, " dice={}", groups.join("/"))?;
        }
        if let Some(dice) = &self.general_dice {
            write!(f, " gen={}", faces_word(dice))?;
        }
        if let Some(dice) = &self.follow_dice {
            write!(f, " follow={}", faces_word(dice))?;
        }
        if let Some(dice) = &self.shaken_dice {
            write!(f, " shaken={}", faces_word(dice))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::refusal::EngineRefusal;

    fn parse(line: &str) -> Result<CombatOrder, SoundTheChargeRefusal> {
        let words: Vec<&str> = line.split_whitespace().collect();
        parse_combat(&words, "combat …")
    }

    #[test]
    fn units_flags_and_dice_groups_are_read() {
        let order = parse("fr-1, fr-2:8 vs br-31 flank=br-31 hard slope dice=3,4 / 5,6/1 gen=2")
            .expect("parses");
        assert_eq!(order.attackers.len(), 2);
        assert_eq!(order.attackers[1].eligible, Some(8));
        assert_eq!(order.defenders[0].id, "br-31");
        assert_eq!(order.flanked, vec!["br-31"]);
        assert_eq!(order.ground.cover, Cover::Hard);
        assert!(order.ground.slope);
        assert_eq!(order.dice, Some(vec![vec![3, 4], vec![5, 6], vec![1]]));
        assert_eq!(order.general_dice, Some(vec![2]));
        assert_eq!(
            order.to_string(),
            "combat fr-1,fr-2:8 vs br-31 flank=br-31 hard slope dice=3,4/5,6/1 gen=2"
        );
    }

    #[test]
    fn a_combat_without_vs_or_sides_is_refused_with_the_usage() {
        for line in [
            "fr-1 br-31",
            "fr-1 vs",
            "vs br-31",
            "fr-1 fr-2 vs br-31",
            "",
        ] {
            let refusal = parse(line).expect_err(line);
            assert!(
                matches!(
                    refusal,
                    SoundTheChargeRefusal::Engine(EngineRefusal::Usage { .. })
                ),
                "{line}: {refusal}"
            );
        }
        assert!(parse("fr-1 vs br-31 sideways").is_err());
        assert!(parse("fr-1:0 vs br-31").is_err());
        assert!(parse("fr-1,,fr-2 vs br-31").is_err());
        assert!(parse("fr-1 vs br-31 dice=3,7").is_err());
    }

    #[test]
    fn without_vs_the_chargers_are_named_alone() {
        let order = parse("fr-1,fr-2 slope dice=3,4/5").expect("parses");
        assert_eq!(order.attackers.len(), 2);
        assert!(order.defenders.is_empty());
        assert!(order.ground.slope);
        assert_eq!(order.to_string(), "combat fr-1,fr-2 slope dice=3,4/5");
    }
}
