//! *Sound the Charge 1:25* (Wes Rogers): the two-page ruleset's numbers and procedures.
//! Section names in comments refer to `../shared/rules/sound-the-charge-1-25.txt`; where
//! the text is unclear, the ruling is in `docs/rulings-stc-1-25.md` (R1, R2, …).
//!
//! Pure like the original's module (`super::sound_the_charge`), and built on its fact and
//! result types where the concept is the same, so the game layer calls either ruleset
//! with the same inputs. Dice come in as faces.
//!
//! A figure is a *model*: 25 infantry, 12 cavalry, 4 artillerists or 2 cannon. A unit's
//! `figures` are its models; for a battery they are its crew models, and the gun models
//! are `Arm::Artillery { guns, .. }`, which no rule here counts (R2).

pub mod charts;
pub mod combat;
pub mod concern;
pub mod event;
mod forbidden;
pub mod kit;
pub mod morale;
pub mod movement;
pub mod play;
pub mod profile;
pub mod scenario;
pub mod scenario_problem;
pub mod screen;
pub mod shooting;
pub mod unit_state;

use crate::core::chart::Number;
use crate::core::score::Score;
use crate::rules::optional_rule::OptionalRule;
use crate::rules::phase::Phase;
use crate::rules::unit::{Arm, CavalryType, Formation, InfantryType, Unit};

pub use forbidden::Forbidden;
pub use kit::Kit;

/// The turn as Adjutant plays it, in the original's phase words: the active side rallies,
/// moves and fires (the passive side's retreats and removals close the shooting phase),
/// then both fight one round of combat (R41).
pub const SEQUENCE: [Phase; 4] = [
    Phase::Rally,
    Phase::Movement,
    Phase::Shooting,
    Phase::Combat,
];

/// The command words this ruleset adds to the shared bookkeeping: the original's, less
/// what it has no rule for (command radius, guns coming back, boats, reform phase), plus
/// *Caught with pants down* and *Limited Control* (`control`, the roll to move).
pub const COMMANDS: [&str; 14] = [
    "rout",
    "unrout",
    "shaken",
    "disorder",
    "move",
    "evade",
    "retreat",
    "shoot",
    "test",
    "rally",
    "combat",
    "disengage",
    "caught",
    "control",
];

/// *Introduction*: column, line, square, limbered and manhandled (unlimbered guns,
/// R42), and skirmish order (*Skirmishers*).
pub const FORMATIONS: [Formation; 6] = Formation::ALL;

/// The one optional rule the text marks as such.
pub const OPTIONAL_RULES: [OptionalRule; 1] = [OptionalRule::LimitedControl];

/// Who acts in a step of the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Active,
    Passive,
    Both,
}

/// One step of a turn, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SequenceStep {
    /// The text's phase: 1 (rally, move, fire) or 2 (combat).
    pub phase: u8,
    pub side: Side,
    pub what: &'static str,
}

/// *Turn Sequence and Movement*: sides alternate as active and passive each turn. In
/// phase 2 both sides fight at once; the passive side settles its retreats and removals
/// before the active side (R36).
pub const TURN_SEQUENCE: [SequenceStep; 8] = [
    SequenceStep {
        phase: 1,
        side: Side::Active,
        what: "rally shaken units",
    },
    SequenceStep {
        phase: 1,
        side: Side::Active,
        what: "move, attacks included",
    },
    SequenceStep {
        phase: 1,
        side: Side::Active,
        what: "fire",
    },
    SequenceStep {
        phase: 1,
        side: Side::Passive,
        what: "retreat units that failed a fire test",
    },
    SequenceStep {
        phase: 1,
        side: Side::Passive,
        what: "remove shattered units",
    },
    SequenceStep {
        phase: 2,
        side: Side::Both,
        what: "fight one round of combat, hits simultaneous",
    },
    SequenceStep {
        phase: 2,
        side: Side::Passive,
        what: "retreat combat losers, remove shattered units",
    },
    SequenceStep {
        phase: 2,
        side: Side::Active,
        what: "retreat combat losers, remove shattered units",
    },
];

/// *Introduction*: units are in play until down to 25% of their starting strength. At or
/// below a quarter, rounded down, is shattered (R26): 12 → 3, 10 → 2, 8 crew → 2.
pub fn is_shattered(models_at_start: u32, models: u32) -> bool {
    models <= shattered_at(models_at_start)
}

/// The most models a unit can keep and be shattered.
pub fn shattered_at(models_at_start: u32) -> u32 {
    models_at_start / 4
}

/// *Danger to Generals*: a general with a unit that takes this many hits from one fire
/// or one round of combat rolls; a 1 kills him (R21).
pub const GENERAL_AT_RISK_HITS: Number = Number {
    name: "generals.at-risk-from-hits",
    book: 4,
};
pub const GENERAL_SURVIVES_ON: i32 = 2;

/// Whether a general riding with a unit that took `hits` (from the dice of one fire or
/// one round; rout and pursuit hits do not count) must roll for his life.
pub fn general_at_risk(hits: u32) -> bool {
    hits >= GENERAL_AT_RISK_HITS.count()
}

/// *Limited Control* (optional): the reach of a general at the start of a turn, inches.
pub const LIMITED_CONTROL_RADIUS: u32 = 16;

/// *Limited Control* (optional): a unit with no general within 16" at the start of its
/// turn moves only on a 4-6; a failed roll bars the move, nothing else (R39). `None`
/// when a general is near enough.
pub fn limited_control(general_within_radius: bool) -> Option<Score> {
    (!general_within_radius).then(|| {
        Score::new(
            4,
            "no general within 16\" at turn start (*Limited Control*)",
        )
    })
}

/// *Approaching the Enemy*: only an attack or a retreat may come closer than this, inches.
pub const APPROACH_LIMIT: u32 = 2;

/// Steady: in close order, not disordered, not shaken (*Change formation and/or facing*,
/// the paragraph after). Artillery never counts as disordered (*Attacking Artillery*), so
/// it is steady unless shaken; skirmishers never are (R34).
pub fn steady(unit: &Unit) -> bool {
    let disordered = unit.disordered && !unit.arm.is_artillery();
    unit.formation != Formation::Skirmish && !disordered && !unit.is_shaken()
}

/// Disordered as the tables count it: skirmishers and artillery never are.
pub fn counts_disordered(unit: &Unit) -> bool {
    unit.disordered && !unit.arm.is_artillery() && unit.formation != Formation::Skirmish
}

/// *Caught with pants down*: what a unit changed in its own turn and how it was attacked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PantsDownFacts {
    /// It changed formation or facing (unlimbering included) on its last turn.
    pub changed_last_turn: bool,
    /// The attacker began its move 8" or less away (R22).
    pub attacked_from_8_or_less: bool,
    /// The change came in the first half of that turn's move.
    pub in_first_half: bool,
}

/// *Caught with pants down*: the score a unit needs to keep its nerve; it is shaken on
/// 1-3. Grade A-B troops and artillery that changed in the first half of their turn are
/// exempt. `None` when no roll is owed.
pub fn caught_with_pants_down(unit: &Unit, facts: PantsDownFacts) -> Option<Score> {
    if !facts.changed_last_turn || !facts.attacked_from_8_or_less {
        return None;
    }
    let quick = matches!(
        unit.grade,
        crate::rules::unit::Grade::A | crate::rules::unit::Grade::B
    ) || unit.arm.is_artillery();
    if quick && facts.in_first_half {
        return None;
    }
    Some(Score::new(
        4,
        "attacked from 8\" or less the turn after changing formation/facing: shaken on 1-3",
    ))
}

/// *Retreat moves* chart, the first row, and the 6-24" of the *Fire test* and *Combat
/// results* charts: a retreat ends at least this far from the enemy, the player's choice
/// (*Retreat Moves*).
pub const RETREAT_MIN: Number = Number {
    name: "retreats.least",
    book: 6,
};
/// *Retreat moves* chart, the first row: at most this far.
pub const RETREAT_MAX: Number = Number {
    name: "retreats.most",
    book: 24,
};
/// *Retreat moves* chart, "Voluntary retreat" rows: the rout hits, none for light troops.
pub const VOLUNTARY_ROUT_HITS: Number = Number {
    name: "retreats.voluntary-rout-hits",
    book: 2,
};

/// A retreat owed: the unit moves 6-24" away and is shaken afterwards, whatever caused it
/// (R37).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Retreat {
    pub rout_hits: u32,
    pub min_inches: u32,
    pub max_inches: u32,
    /// Squares retreat as a column; guns limber for free (*Retreat Moves*).
    pub formation_after: Option<Formation>,
    pub reasons: Vec<String>,
}

/// A retreat with these rout hits, in the formation *Retreat Moves* puts the unit in.
pub fn retreat(unit: &Unit, rout_hits: u32, reason: impl Into<String>) -> Retreat {
    let formation_after = match (unit.arm, unit.formation) {
        (_, Formation::Square) => Some(Formation::Column),
        (Arm::Artillery { .. }, Formation::Unlimbered) => Some(Formation::Limbered),
        _ => None,
    };
    Retreat {
        rout_hits,
        min_inches: RETREAT_MIN.count(),
        max_inches: RETREAT_MAX.count(),
        formation_after,
        reasons: vec![reason.into()],
    }
}

/// *Retreat Moves*: an active unit not in combat may retreat of its own will: 2 rout
/// hits, none for light infantry (in any formation, R35) and light cavalry; it is
/// shaken either way.
pub fn voluntary_retreat(unit: &Unit) -> Result<Retreat, Forbidden> {
    if unit.in_contact() {
        return Err(Forbidden::RetreatInCombat {
            unit: unit.id.clone(),
        });
    }
    let light = matches!(
        unit.arm,
        Arm::Infantry(InfantryType::Light) | Arm::Cavalry(CavalryType::Light)
    );
    Ok(if light {
        retreat(unit, 0, "voluntary retreat: light troops take no rout hits")
    } else {
        retreat(unit, VOLUNTARY_ROUT_HITS.count(), "voluntary retreat")
    })
}

/// The usage rows of *Sound the Charge 1:25*'s own words, in its help's order: its own
/// readings of the original's words, and its own `control` and `caught`.
pub const USAGE: [(&str, &str, &str); 10] = [
    (
        "move",
        "move <unit> [charge|charge=<target>] [form=<formation>] [face] [oblique] \
         [wheel|backwheel] [road] [rough] [through] [terrain=<kind>] \
         [intermixed=<unit>] [reform] [screen=<models>|unscreen]",
        "movement phase: the 1:25 movement table, charge 1.5x, maneuvers in parts of a \
         move; rough: a steep slope (half speed; cavalry disordered); intermixed: \
         passed through a friend at full speed, both disordered; reform: a disordered \
         unit spends its move reforming; screen=n: up to 8 of an infantry unit's \
         models go out as its skirmish screen, unscreen calls it in (a quarter move \
         each; a move into skirmish order must say unscreen)",
    ),
    (
        "evade",
        "evade <unit> [dice=a,b]",
        "passive skirmishers or gunners evade an attack: 2D6\", limbered horse guns \
         3D6\"; rolled unless dice= is given",
    ),
    (
        "control",
        "control <unit> [roll=d]",
        "1:25 optional Limited Control: a unit with no general within 16\" at the turn's \
         start moves only on 4-6",
    ),
    (
        "retreat",
        "retreat <unit> [blocked|off]",
        "alone: a voluntary retreat of 6-24\", shaken, 2 rout hits (none for light \
         infantry and light cavalry); blocked: the retreat it owes cannot be made, it is \
         destroyed; off: it leaves the table",
    ),
    (
        "shoot",
        "shoot <firer> <target> close|far|<inches> [canister|ballshot] [moved] \
         [soft|hard] [screened] [dense] [from-screen] [at-screen] [front=n] [split=n] \
         [dice=a,b,…] [then=a,b,…] [gen=d]",
        "fire: a die per 4 infantry or 2 crew; a 7+ is a 6, then a second die per 6 \
         (then=); 2+ hits from one fire owe a fire test; from-screen: the firer's \
         skirmish screen fires; at-screen: at the target's screen (hits on the unit, \
         no test); fire at a screened unit goes through its screen, -1",
    ),
    (
        "test",
        "test <unit> [changed] [roll=d]",
        "the fire test after 2+ hits from one fire; changed: changed formation or \
         facing last turn, fired on from 8\" or less",
    ),
    (
        "rally",
        "rally <unit> [threat] [roll=d]",
        "rally phase: a shaken unit tries to rally; threat: visible enemy able to \
         charge it",
    ),
    (
        "combat",
        "combat <a>[,<a2>…] [vs <d>[,<d2>…]] [flank=<units>] [trapped=<units>] \
         [rear=<units>] [soft|hard] [slope|obstacle] [works] [continuing] \
         [dice=a,b/c,d…] [gen=d] [shaken=d]",
        "one round: losers retreat 6-24\" with 4 rout hits; a shaken loser is gone on \
         1-3 (shaken= its die), else 8 rout hits",
    ),
    crate::rules::sound_the_charge::usage::DISENGAGE,
    (
        "caught",
        "caught <unit> [facing] [early] [roll=d]",
        "1:25: attacked from 8\" or less the turn after changing formation or facing: \
         shaken on 1-3; facing: it changed facing (the app sees formation changes); early: \
         the change came in the first half of its move",
    ),
];

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rules::unit::{Calibre, Grade, Morale};

    /// The original's test unit, given the models wanted.
    pub(crate) fn unit(arm: Arm, grade: Grade, formation: Formation, models: u32) -> Unit {
        let mut unit = crate::rules::sound_the_charge::movement::tests::unit(arm, grade, formation);
        unit.figures_at_start = models;
        unit
    }

    pub(crate) const FOOT: Arm = Arm::Infantry(InfantryType::Line);
    pub(crate) const LIGHT_FOOT: Arm = Arm::Infantry(InfantryType::Light);
    pub(crate) const HC: Arm = Arm::Cavalry(CavalryType::Heavy);
    pub(crate) const LC: Arm = Arm::Cavalry(CavalryType::Light);

    pub(crate) fn guns(calibre: Calibre, horse: bool) -> Arm {
        Arm::Artillery {
            calibre,
            guns: 2,
            horse,
        }
    }

    #[test]
    fn turn_runs_rally_move_fire_then_combat_passive_side_settling_first() {
        let whats: Vec<&str> = TURN_SEQUENCE.iter().map(|s| s.what).collect();
        assert_eq!(
            whats[..3],
            ["rally shaken units", "move, attacks included", "fire"]
        );
        assert!(TURN_SEQUENCE[..5].iter().all(|s| s.phase == 1));
        assert!(TURN_SEQUENCE[5..].iter().all(|s| s.phase == 2));
        assert_eq!(TURN_SEQUENCE[5].side, Side::Both);
        assert_eq!(TURN_SEQUENCE[6].side, Side::Passive);
        assert_eq!(TURN_SEQUENCE[7].side, Side::Active);
    }

    #[test]
    fn shattered_at_a_quarter_of_starting_models() {
        assert!(!is_shattered(24, 7));
        assert!(is_shattered(24, 6));
        assert!(!is_shattered(10, 3));
        assert!(is_shattered(10, 2));
        // A two-gun battery's eight crew models.
        assert!(is_shattered(8, 2));
    }

    #[test]
    fn general_rolls_only_from_four_hits_and_dies_on_a_one() {
        assert!(!general_at_risk(3));
        assert!(general_at_risk(4));
        assert_eq!(GENERAL_SURVIVES_ON, 2);
    }

    #[test]
    fn limited_control_needs_four_to_six_without_a_general_in_sixteen_inches() {
        assert_eq!(limited_control(true), None);
        let score = limited_control(false).expect("a roll is owed");
        assert_eq!(score.needed(), 4);
        assert!(!score.succeeds(3));
    }

    #[test]
    fn caught_with_pants_down_shakes_on_one_to_three_unless_quick_troops_changed_early() {
        let facts = PantsDownFacts {
            changed_last_turn: true,
            attacked_from_8_or_less: true,
            in_first_half: true,
        };
        let c = unit(FOOT, Grade::C, Formation::Line, 24);
        let score = caught_with_pants_down(&c, facts).expect("grade C rolls");
        assert!(!score.succeeds(3));
        assert!(score.succeeds(4));
        let a = unit(FOOT, Grade::A, Formation::Line, 24);
        assert_eq!(caught_with_pants_down(&a, facts), None);
        let late = PantsDownFacts {
            in_first_half: false,
            ..facts
        };
        assert!(caught_with_pants_down(&a, late).is_some());
        let battery = unit(
            guns(Calibre::Field, false),
            Grade::D,
            Formation::Unlimbered,
            8,
        );
        assert_eq!(caught_with_pants_down(&battery, facts), None);
        let far = PantsDownFacts {
            attacked_from_8_or_less: false,
            ..facts
        };
        assert_eq!(caught_with_pants_down(&c, far), None);
    }

    #[test]
    fn voluntary_retreat_costs_two_rout_hits_but_none_for_light_troops() {
        let line = unit(FOOT, Grade::C, Formation::Line, 24);
        assert_eq!(voluntary_retreat(&line).map(|r| r.rout_hits), Ok(2));
        let light = unit(LIGHT_FOOT, Grade::C, Formation::Line, 24);
        assert_eq!(voluntary_retreat(&light).map(|r| r.rout_hits), Ok(0));
        let lc = unit(LC, Grade::C, Formation::Line, 12);
        assert_eq!(voluntary_retreat(&lc).map(|r| r.rout_hits), Ok(0));
        let hc = unit(HC, Grade::C, Formation::Line, 12);
        assert_eq!(voluntary_retreat(&hc).map(|r| r.rout_hits), Ok(2));
        let mut engaged = line.clone();
        engaged.in_contact_with.push("v".to_owned());
        assert!(voluntary_retreat(&engaged).is_err());
    }

    #[test]
    fn retreats_go_six_to_twenty_four_inches_squares_as_column_guns_limbered() {
        let square = unit(FOOT, Grade::C, Formation::Square, 24);
        let r = retreat(&square, 2, "test");
        assert_eq!((r.min_inches, r.max_inches), (6, 24));
        assert_eq!(r.formation_after, Some(Formation::Column));
        let battery = unit(
            guns(Calibre::Light, true),
            Grade::C,
            Formation::Unlimbered,
            8,
        );
        assert_eq!(
            retreat(&battery, 2, "test").formation_after,
            Some(Formation::Limbered)
        );
    }

    #[test]
    fn steady_means_close_order_in_good_order_and_guns_are_never_disordered() {
        let mut u = unit(FOOT, Grade::C, Formation::Line, 24);
        assert!(steady(&u));
        u.disordered = true;
        assert!(!steady(&u));
        u.disordered = false;
        u.morale = Morale::Shaken;
        assert!(!steady(&u));
        let skirmishers = unit(LIGHT_FOOT, Grade::C, Formation::Skirmish, 8);
        assert!(!steady(&skirmishers));
        let mut battery = unit(
            guns(Calibre::Heavy, false),
            Grade::C,
            Formation::Unlimbered,
            8,
        );
        battery.disordered = true;
        assert!(steady(&battery));
    }
}
