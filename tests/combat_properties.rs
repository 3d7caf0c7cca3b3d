//! Invariants of close combat over random play on random small battles: the loser takes
//! what *Combat Results to Loser* gives, a strike never scores more hits than dice, no
//! unit goes below zero figures, the log replays to the live state, undo and redo are
//! exact, the same seed rolls the same dice, and contact is always symmetric.
//!
//! Each battle has on each side two line battalions, light infantry, light, medium and
//! heavy cavalry, a battery and a single gun, their grades, sizes and formations drawn at
//! random; the referee shakes, disorders, forms, hits, attaches and commands units at
//! random between combats, and the combats name random units with random flags and the
//! app's dice or the players' (the right count or not).

use adjutant::game::{Arm, CombatRound, Event, Game, GameState, replay};
use adjutant::rules::combat_role::Role;
use adjutant::rules::phase::Phase;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::fmt::Write;

mod common;

use common::cases::cases;
use common::{advance, battery, cavalry, foot, light, scenario_text, start};

// --- Building battles (on the scenario-text helpers of tests/common) ----------------------

/// Sides `a` (first, French) and `b` (British) with the units given and two unattached
/// generals each: `ney` and `soult` for `a`, `wellington` and `hill` for `b`. Blown
/// cavalry is in play; wider cavalry basing and national modifiers are not, so the
/// loser's chart is the plain one.
fn battle(units: &[String], seed: u64) -> Game {
    let mut text = scenario_text(["france", "britain"], &["blown-cavalry"], units);
    for (id, side) in [
        ("ney", "a"),
        ("soult", "a"),
        ("wellington", "b"),
        ("hill", "b"),
    ] {
        writeln!(
            text,
            "[[general]]\nid = \"{id}\"\nname = \"{id}\"\nside = \"{side}\"\n"
        )
        .unwrap();
    }
    start(&text, seed)
}

// --- The random battle --------------------------------------------------------------------

#[derive(Debug, Clone, Copy)]
enum Kind {
    Line,
    Light,
    Cavalry(&'static str),
    Battery,
    Gun,
}

/// Each side's units, `a-` or `b-` before the name. The first six may charge.
const SLOTS: [(&str, Kind); 8] = [
    ("l1", Kind::Line),
    ("l2", Kind::Line),
    ("lt", Kind::Light),
    ("hc", Kind::Cavalry("heavy")),
    ("mc", Kind::Cavalry("medium")),
    ("lc", Kind::Cavalry("light")),
    ("bt", Kind::Battery),
    ("gn", Kind::Gun),
];

const GRADES: [&str; 4] = ["A", "B", "C", "D"];

/// One unit as drawn: grade, size, formation (each an index into its kind's choices),
/// elite.
#[derive(Debug, Clone, Copy)]
struct Drawn {
    grade: usize,
    size: u32,
    formation: usize,
    elite: bool,
}

fn drawn() -> impl Strategy<Value = Drawn> {
    (0..4usize, 0..=8u32, 0..3usize, prop::bool::weighted(0.2)).prop_map(
        |(grade, size, formation, elite)| Drawn {
            grade,
            size,
            formation,
            elite,
        },
    )
}

/// The scenario text of one unit.
fn unit_text(id: &str, kind: Kind, d: Drawn) -> String {
    let grade = GRADES[d.grade];
    let text = match kind {
        Kind::Line => foot(
            id,
            grade,
            8 + 2 * d.size,
            ["line", "column", "square"][d.formation],
        ),
        Kind::Light => light(
            id,
            grade,
            6 + d.size,
            ["skirmish", "line", "column"][d.formation],
        ),
        Kind::Cavalry(kind) => cavalry(
            id,
            kind,
            grade,
            4 + d.size,
            ["line", "column", "line"][d.formation],
        ),
        Kind::Battery => {
            let guns = 2 + d.size % 3;
            battery(
                id,
                "field",
                grade,
                2 * guns + d.size / 4,
                guns,
                ["unlimbered", "unlimbered", "limbered"][d.formation],
            )
        }
        Kind::Gun => battery(
            id,
            ["light", "field", "heavy"][d.formation],
            grade,
            2 + d.size % 2,
            1,
            "unlimbered",
        ),
    };
    if d.elite {
        text + "elite = true\n"
    } else {
        text
    }
}

/// The referee's bookkeeping between combats, over the sixteen units (side `a`'s first).
#[derive(Debug, Clone, Copy)]
struct Setup {
    what: usize,
    unit: usize,
    n: u32,
}

fn setup() -> impl Strategy<Value = Setup> {
    (0..10usize, 0..16usize, 1..9u32).prop_map(|(what, unit, n)| Setup { what, unit, n })
}

fn unit_id(index: usize) -> String {
    let side = if index < 8 { "a" } else { "b" };
    format!("{side}-{}", SLOTS[index % 8].0)
}

fn setup_line(s: Setup) -> String {
    let u = unit_id(s.unit);
    let general = match (s.unit < 8, s.n % 2) {
        (true, 0) => "ney",
        (true, _) => "soult",
        (false, 0) => "wellington",
        (false, _) => "hill",
    };
    let formation = ["square", "column", "line", "skirmish", "limbered"][s.n as usize % 5];
    match s.what {
        0 | 1 => format!("shaken {u}"),
        2 => format!("shaken {u} off"),
        3 => format!("disorder {u}"),
        4 => format!("form {u} {formation}"),
        5 => format!("hit {u} {}", s.n),
        6 => format!("attach {general} {u}"),
        7 => format!("cmd {u} out"),
        8 => format!("cmd {u} in"),
        _ => format!("disengage {u}"),
    }
}

/// Whose dice a combat uses.
#[derive(Debug, Clone)]
enum Dice {
    /// The app's stream.
    App,
    /// The players', a group per unit that rolls (or per unit named, the non-rollers'
    /// empty), the count the app asks for.
    Right { every_unit: bool },
    /// The players', groups as drawn: usually the wrong count.
    Wrong(Vec<Vec<u8>>),
}

/// A combat as drawn; [`fight_words`] names the units from the side whose turn it is.
// The referee's words, each said or not: as in the command itself.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone)]
struct Fight {
    /// Name a combat already under way (every unit of one contact group), if there is one.
    resume: bool,
    /// The passive side's units before `vs` (refused unless continuing).
    reversed: bool,
    attackers: Vec<usize>,
    defenders: Vec<usize>,
    /// Indices into the units named.
    flank: Vec<usize>,
    trapped: Vec<usize>,
    eligible: Option<(usize, u32)>,
    cover: usize,
    slope: bool,
    rough: bool,
    continuing: bool,
    dice: Dice,
    /// Faces the players' dice are taken from, in turn.
    faces: Vec<u8>,
    /// `gen=` as drawn; without it, the players' dice add the right count when refused
    /// for want of it.
    general_dice: Option<Vec<u8>>,
}

fn die() -> impl Strategy<Value = u8> {
    1u8..=6
}

fn chooser() -> impl Strategy<Value = usize> {
    prop_oneof![9 => 0..6usize, 1 => 6..8usize]
}

fn fight() -> impl Strategy<Value = Fight> {
    let dice = prop_oneof![
        4 => Just(Dice::App),
        3 => any::<bool>().prop_map(|every_unit| Dice::Right { every_unit }),
        1 => prop::collection::vec(prop::collection::vec(die(), 0..5), 1..4).prop_map(Dice::Wrong),
    ];
    (
        (
            prop::bool::weighted(0.3),
            prop::bool::weighted(0.1),
            prop::collection::vec(chooser(), 1..=2),
            prop::collection::vec(0..8usize, 1..=2),
            prop::collection::vec(0..4usize, 0..=1),
            prop::collection::vec(0..4usize, 0..=1),
            prop::option::weighted(0.1, (0..4usize, 1..16u32)),
        ),
        (
            prop_oneof![6 => Just(0usize), 1 => Just(1usize), 1 => Just(2usize)],
            prop::bool::weighted(0.15),
            prop::bool::weighted(0.15),
            prop::bool::weighted(0.15),
            dice,
            prop::collection::vec(die(), 1..40),
            prop::option::weighted(0.1, prop::collection::vec(die(), 1..3)),
        ),
    )
        .prop_map(
            |(
                (resume, reversed, attackers, defenders, flank, trapped, eligible),
                (cover, slope, rough, continuing, dice, faces, general_dice),
            )| Fight {
                resume,
                reversed,
                attackers,
                defenders,
                flank,
                trapped,
                eligible,
                cover,
                slope,
                rough,
                continuing,
                dice,
                faces,
                general_dice,
            },
        )
}

/// One side's turn: bookkeeping in its rally phase, combats in its combat phase, more
/// bookkeeping, then on to the other side's turn.
#[derive(Debug, Clone)]
struct Turn {
    before: Vec<Setup>,
    fights: Vec<Fight>,
    after: Vec<Setup>,
}

#[derive(Debug, Clone)]
struct Battle {
    units: Vec<Drawn>,
    turns: Vec<Turn>,
}

fn battles() -> impl Strategy<Value = Battle> {
    let turn = (
        prop::collection::vec(setup(), 0..8),
        prop::collection::vec(fight(), 1..5),
        prop::collection::vec(setup(), 0..2),
    )
        .prop_map(|(before, fights, after)| Turn {
            before,
            fights,
            after,
        });
    (
        prop::collection::vec(drawn(), 16),
        prop::collection::vec(turn, 1..6),
    )
        .prop_map(|(units, turns)| Battle { units, turns })
}

impl Battle {
    fn unit_texts(&self) -> Vec<String> {
        self.units
            .iter()
            .enumerate()
            .map(|(i, &d)| unit_text(&unit_id(i), SLOTS[i % 8].1, d))
            .collect()
    }

    fn game(&self, seed: u64) -> Game {
        battle(&self.unit_texts(), seed)
    }

    /// One line per unit, for a failure's report.
    fn roster(&self) -> String {
        self.unit_texts()
            .iter()
            .map(|t| {
                let fields: Vec<&str> = t
                    .lines()
                    .filter(|l| {
                        !l.starts_with('[') && !l.starts_with("side") && !l.starts_with("name")
                    })
                    .collect();
                fields.join(", ")
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// The units of `start`'s fight: everyone reachable through contact.
fn contact_group(state: &GameState, start: &str) -> Vec<String> {
    let mut group = vec![start.to_owned()];
    let mut i = 0;
    while i < group.len() {
        if let Some(u) = state.unit(&group[i]) {
            for other in &u.in_contact_with {
                if !group.contains(other) {
                    group.push(other.clone());
                }
            }
        }
        i += 1;
    }
    group
}

/// The command's words without `dice=` and `gen=`, and the units in the order named.
fn fight_words(state: &GameState, f: &Fight) -> (String, Vec<String>) {
    let active = state.active().to_owned();
    let passive = if active == "a" { "b" } else { "a" };
    let (attacking, defending) = if f.reversed {
        (passive, active.as_str())
    } else {
        (active.as_str(), passive)
    };
    let in_contact: Vec<&str> = state
        .units()
        .iter()
        .filter(|u| u.in_contact())
        .map(|u| u.id.as_str())
        .collect();
    let (attackers, defenders) = if f.resume && !in_contact.is_empty() {
        let first = in_contact[f.attackers[0] % in_contact.len()];
        let group = contact_group(state, first);
        let side = |id: &str| state.unit(id).map_or("", |u| u.side.as_str()).to_owned();
        let (mine, theirs): (Vec<String>, Vec<String>) =
            group.into_iter().partition(|id| side(id) == side(first));
        if f.reversed {
            (theirs, mine)
        } else {
            (mine, theirs)
        }
    } else {
        let pick = |side: &str, indices: &[usize]| {
            let mut ids: Vec<String> = Vec::new();
            for &i in indices {
                let id = format!("{side}-{}", SLOTS[i].0);
                if !ids.contains(&id) {
                    ids.push(id);
                }
            }
            ids
        };
        (pick(attacking, &f.attackers), pick(defending, &f.defenders))
    };
    let named: Vec<String> = attackers.iter().chain(&defenders).cloned().collect();
    let with_count = |ids: &[String]| {
        ids.iter()
            .map(|id| match f.eligible {
                Some((k, n)) if named[k % named.len()] == *id => format!("{id}:{n}"),
                _ => id.clone(),
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    let mut line = format!(
        "combat {} vs {}",
        with_count(&attackers),
        with_count(&defenders)
    );
    for (key, indices) in [("flank", &f.flank), ("trapped", &f.trapped)] {
        if !indices.is_empty() {
            let ids: Vec<&str> = indices
                .iter()
                .map(|&k| named[k % named.len()].as_str())
                .collect();
            write!(line, " {key}={}", ids.join(",")).unwrap();
        }
    }
    for (on, word) in [
        (f.cover == 1, "soft"),
        (f.cover == 2, "hard"),
        (f.slope, "slope"),
        (f.rough, "rough"),
        (f.continuing, "continuing"),
    ] {
        if on {
            line.push(' ');
            line.push_str(word);
        }
    }
    (line, named)
}

fn faces_word(faces: &[u8]) -> String {
    faces
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The round a command fought, if it fought one.
fn fought(game: &Game) -> Option<&CombatRound> {
    game.log().last()?.events.iter().find_map(|e| match e {
        Event::Fought(round) => Some(round),
        _ => None,
    })
}

/// A check run after every command the app accepted: the state before, the game after
/// (which it may undo and redo, so long as it leaves it as it found it) and the line.
type Check<'a> = dyn FnMut(&GameState, &mut Game, &str) -> Result<(), TestCaseError> + 'a;

struct Play<'b> {
    battle: &'b Battle,
    game: Game,
    /// Every command accepted so far: with the roster, the case to reproduce.
    accepted: Vec<String>,
}

impl Play<'_> {
    /// Gives `line`; a refusal must change nothing and never be the app's own internal
    /// error. `Ok(Err(why))` when refused.
    fn perform(
        &mut self,
        line: &str,
        check: &mut Check,
    ) -> Result<Result<(), String>, TestCaseError> {
        let before = self.game.state().clone();
        if let Err(refusal) = self.game.perform(line) {
            if &before != self.game.state() {
                return Err(self.fail(&format!("refused `{line}` changed the game")));
            }
            // Events the app made itself that do not apply: a bug, whatever the words.
            if refusal.is_internal() {
                return Err(self.fail(&format!("`{line}`: {refusal}")));
            }
            return Ok(Err(refusal.to_string()));
        }
        self.accepted.push(line.to_owned());
        check(&before, &mut self.game, line).map_err(|why| self.fail(&why.to_string()))?;
        Ok(Ok(()))
    }

    fn fail(&self, why: &str) -> TestCaseError {
        TestCaseError::fail(format!(
            "{why}\n--- units:\n{}\n--- commands accepted:\n{}",
            self.battle.roster(),
            self.accepted.join("\n")
        ))
    }

    fn next(&mut self, check: &mut Check) -> Result<(), TestCaseError> {
        match self.perform("next", check)? {
            Ok(()) => Ok(()),
            Err(why) => Err(self.fail(&format!("`next` refused: {why}"))),
        }
    }

    fn fight(&mut self, f: &Fight, check: &mut Check) -> Result<(), TestCaseError> {
        let (words, named) = fight_words(self.game.state(), f);
        let mut faces = f.faces.iter().copied().cycle();
        let dice = match &f.dice {
            Dice::App => String::new(),
            Dice::Wrong(groups) => {
                let groups: Vec<String> = groups.iter().map(|g| faces_word(g)).collect();
                format!(" dice={}", groups.join("/"))
            }
            Dice::Right { every_unit } => {
                // The count the app rolls, from its own roll of the same combat.
                let mut probe = self.game.clone();
                let counts: Vec<usize> = match (probe.perform(&words), fought(&probe)) {
                    (Ok(_), Some(round)) => round
                        .fighters
                        .iter()
                        .map(|f| f.strikes.iter().map(|s| s.dice.len()).sum())
                        .collect(),
                    _ => vec![1; named.len()],
                };
                let groups: Vec<String> = counts
                    .iter()
                    .filter(|&&n| *every_unit || n > 0)
                    .map(|&n| faces_word(&faces.by_ref().take(n).collect::<Vec<_>>()))
                    .collect();
                format!(" dice={}", groups.join("/"))
            }
        };
        let general = f
            .general_dice
            .as_ref()
            .map(|g| format!(" gen={}", faces_word(g)))
            .unwrap_or_default();
        let line = format!("{words}{dice}{general}");
        if let Err(why) = self.perform(&line, check)?
            && f.general_dice.is_none()
            && why.contains("add gen=")
        {
            let at_risk = why.matches(" (with ").count();
            let general: Vec<u8> = faces.take(at_risk).collect();
            let line = format!("{line} gen={}", faces_word(&general));
            self.perform(&line, check)?.ok();
        }
        Ok(())
    }
}

/// Plays `battle` from `seed`, running `check` after every command accepted.
fn play(battle: &Battle, seed: u64, check: &mut Check) -> Result<Game, TestCaseError> {
    let mut p = Play {
        battle,
        game: battle.game(seed),
        accepted: Vec::new(),
    };
    for turn in &battle.turns {
        for &s in &turn.before {
            p.perform(&setup_line(s), check)?.ok();
        }
        while p.game.state().phase() != Phase::Combat {
            p.next(check)?;
        }
        for f in &turn.fights {
            p.fight(f, check)?;
        }
        for &s in &turn.after {
            p.perform(&setup_line(s), check)?.ok();
        }
        // Combat, reform: the other side's rally phase.
        p.next(check)?;
        p.next(check)?;
    }
    Ok(p.game)
}

/// The ids a `key=` list names in `line`.
fn listed<'l>(line: &'l str, key: &str) -> Vec<&'l str> {
    line.split_whitespace()
        .filter_map(|w| w.strip_prefix(key))
        .flat_map(|list| list.split(','))
        .collect()
}

fn is_cavalry(arm: Arm) -> bool {
    matches!(arm, Arm::Cavalry(_))
}

// --- 1. The loser's chart ------------------------------------------------------------------

/// *Combat Results to Loser* (ruling 39): a loser ends shaken with 2 rout hits, 4 if it
/// was shaken before the round or under flank/rear attack, doubled for infantry that
/// fought cavalry; the loss hits it suffered land first and rout hits beyond its last
/// figure are not recorded. *Artillery in Combat* (ruling 32): a battery of two or more
/// guns defending frontally is carried or holds, never "lost".
fn loser_takes_the_chart(
    before: &GameState,
    after: &GameState,
    line: &str,
    round: &CombatRound,
) -> Result<(), TestCaseError> {
    let flanked = listed(line, "flank=");
    for f in &round.fighters {
        let was = before.unit(&f.unit).unwrap();
        let now = after.unit(&f.unit).unwrap();
        let frontal_battery = matches!(was.arm, Arm::Artillery { guns, .. } if guns >= 2)
            && f.role == Role::Defender
            && !flanked.contains(&f.unit.as_str());
        if frontal_battery {
            prop_assert!(
                f.result.starts_with("GUNS HOLD") || f.result.starts_with("CARRIED"),
                "`{}`: frontal battery {} has result {:?}",
                line,
                f.unit,
                f.result
            );
        }
        // The dice pane marks a result by `beaten`: it must tell what the words tell, and
        // a beaten unit has left the combat.
        let told_beaten = ["LOST", "ELIMINATED", "CARRIED", "bounces"]
            .iter()
            .any(|word| f.result.contains(word));
        prop_assert_eq!(f.beaten, told_beaten, "`{}`: {:?}", line, f);
        prop_assert!(
            !f.beaten || now.in_contact_with.is_empty(),
            "`{}`: beaten {} is still in contact",
            line,
            f.unit
        );
        if !f.result.starts_with("LOST:") {
            continue;
        }
        prop_assert!(
            now.is_shaken(),
            "`{}`: loser {} is not shaken",
            line,
            f.unit
        );
        let fought_cavalry = round
            .fighters
            .iter()
            .any(|e| e.role != f.role && is_cavalry(before.unit(&e.unit).unwrap().arm));
        let mut chart = if was.is_shaken() || flanked.contains(&f.unit.as_str()) {
            4
        } else {
            2
        };
        if matches!(was.arm, Arm::Infantry(_)) && fought_cavalry {
            chart *= 2;
        }
        prop_assert!(
            f.result.contains(&format!(" {chart} rout hit")),
            "`{}`: {} should take {} rout hits: {:?}",
            line,
            f.unit,
            chart,
            f.result
        );
        let loss = f.suffered.min(was.figures());
        prop_assert_eq!(
            now.loss_hits - was.loss_hits,
            loss,
            "`{}`: {}'s loss hits ({} suffered, {} figures)",
            line,
            &f.unit,
            f.suffered,
            was.figures()
        );
        let rout = chart.min(was.figures() - loss);
        prop_assert_eq!(
            now.rout_hits - was.rout_hits,
            rout,
            "`{}`: {}'s rout hits (chart {}, {} figures left after the loss)",
            line,
            &f.unit,
            chart,
            was.figures() - loss
        );
    }
    Ok(())
}

// --- 2. Hits and dice ------------------------------------------------------------------------

/// *Scores to Hit in Combat*: a die hits at or above the score needed (3 to 6), so a
/// strike scores no more hits than dice; *Combat Results*: a unit suffers what its
/// enemies' strikes scored at it and inflicts what its own scored (ruling 29).
fn hits_follow_the_dice(line: &str, round: &CombatRound) -> Result<(), TestCaseError> {
    for f in &round.fighters {
        for s in &f.strikes {
            prop_assert!(
                (3..=6).contains(&s.needed),
                "`{}`: needs {}",
                line,
                s.needed
            );
            prop_assert!(
                s.dice.iter().all(|d| (1..=6).contains(d)),
                "`{}`: faces {:?}",
                line,
                s.dice
            );
            let scored = s.dice.iter().filter(|&&d| i32::from(d) >= s.needed).count();
            prop_assert!(
                s.hits as usize <= s.dice.len(),
                "`{}`: more hits than dice",
                line
            );
            prop_assert_eq!(
                s.hits as usize,
                scored,
                "`{}`: {} at {}",
                line,
                &f.unit,
                &s.at
            );
            prop_assert!(
                round
                    .fighters
                    .iter()
                    .any(|e| e.unit == s.at && e.role != f.role),
                "`{}`: {} strikes {}, not an enemy in the round",
                line,
                &f.unit,
                &s.at
            );
        }
        let inflicted: u32 = f.strikes.iter().map(|s| s.hits).sum();
        let suffered: u32 = round
            .fighters
            .iter()
            .flat_map(|e| &e.strikes)
            .filter(|s| s.at == f.unit)
            .map(|s| s.hits)
            .sum();
        prop_assert_eq!(f.inflicted, inflicted, "`{}`: {} inflicted", line, &f.unit);
        prop_assert_eq!(f.suffered, suffered, "`{}`: {} suffered", line, &f.unit);
    }
    Ok(())
}

// --- 3. Figures and the log -----------------------------------------------------------------

/// *Assessing Damage to Units*: every hit removes a figure, and there are no more to
/// remove than the unit had; the state is the log replayed.
fn figures_stay_and_the_log_replays(game: &Game, line: &str) -> Result<(), TestCaseError> {
    for u in game.state().units() {
        prop_assert!(
            u.loss_hits + u.rout_hits <= u.figures_at_start,
            "`{}`: {} has {} loss and {} rout hits from {} figures",
            line,
            &u.id,
            u.loss_hits,
            u.rout_hits,
            u.figures_at_start
        );
    }
    match replay(game.scenario(), game.seed(), game.log()) {
        Ok(state) => prop_assert_eq!(&state, game.state(), "`{}`: the replay differs", line),
        Err(e) => prop_assert!(false, "`{}`: the log does not replay: {}", line, e),
    }
    Ok(())
}

// --- 5. Contact -----------------------------------------------------------------------------

/// *Close Combat*, Procedure (ruling 36): contact is between enemies on the table, and
/// each is in contact with the other.
fn contact_is_symmetric(state: &GameState, line: &str) -> Result<(), TestCaseError> {
    for u in state.units() {
        for other in &u.in_contact_with {
            let v = state.unit(other);
            prop_assert!(
                v.is_some(),
                "`{}`: {} in contact with unknown {}",
                line,
                &u.id,
                other
            );
            let v = v.unwrap();
            prop_assert!(
                v.in_contact_with.contains(&u.id),
                "`{}`: {} is in contact with {} but not the other way",
                line,
                &u.id,
                &v.id
            );
            prop_assert!(
                u.on_table && v.on_table,
                "`{}`: {} and {} in contact off the table",
                line,
                &u.id,
                &v.id
            );
            prop_assert_ne!(
                &u.side,
                &v.side,
                "`{}`: {} and {} are friends",
                line,
                &u.id,
                &v.id
            );
        }
        let mut ids = u.in_contact_with.clone();
        ids.sort();
        ids.dedup();
        prop_assert_eq!(
            ids.len(),
            u.in_contact_with.len(),
            "`{}`: {} names a contact twice",
            line,
            &u.id
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(cases(64))]

    #[test]
    fn the_loser_takes_what_the_chart_gives(battle in battles()) {
        play(&battle, 7, &mut |before, game, line| {
            if let Some(round) = fought(game) {
                loser_takes_the_chart(before, game.state(), line, round)?;
            }
            Ok(())
        })?;
    }

    #[test]
    fn hits_never_exceed_the_dice(battle in battles()) {
        play(&battle, 11, &mut |_, game, line| {
            if let Some(round) = fought(game) {
                hits_follow_the_dice(line, round)?;
            }
            Ok(())
        })?;
    }

    #[test]
    fn figures_never_go_negative_and_the_log_replays(battle in battles(), seed in any::<u64>()) {
        play(&battle, seed, &mut |before, game, line| {
            for was in before.units() {
                let now = game.state().unit(&was.id).unwrap();
                // Only `unrout` takes rout hits back, and the referee never types it here.
                prop_assert!(now.rout_hits >= was.rout_hits, "`{}`: {} regained rout hits", line, &was.id);
            }
            figures_stay_and_the_log_replays(game, line)
        })?;
    }

    #[test]
    fn undo_of_a_combat_is_exact_and_redo_repeats_it(battle in battles()) {
        play(&battle, 3, &mut |before, game, line| {
            let Some(round) = fought(game).cloned() else { return Ok(()) };
            let after = game.state().clone();
            let entry = game.log().last().unwrap().clone();
            let undone = game.perform("undo");
            prop_assert!(undone.is_ok(), "`{}`: undo refused: {:?}", line, undone.err());
            for f in &round.fighters {
                prop_assert_eq!(game.state().unit(&f.unit), before.unit(&f.unit), "`{}`: undo left {} changed", line, &f.unit);
            }
            prop_assert_eq!(game.state().generals(), before.generals(), "`{}`: undo left the generals changed", line);
            prop_assert_eq!(game.state(), before, "`{}`: undo left the state changed", line);
            let redone = game.perform("redo");
            prop_assert!(redone.is_ok(), "`{}`: redo refused: {:?}", line, redone.err());
            prop_assert_eq!(game.state(), &after, "`{}`: redo differs", line);
            prop_assert_eq!(game.log().last().unwrap(), &entry, "`{}`: redo logged another entry", line);
            Ok(())
        })?;
    }

    #[test]
    fn the_same_seed_and_commands_roll_the_same_dice(battle in battles(), seed in any::<u64>()) {
        let a = play(&battle, seed, &mut |_, _, _| Ok(()))?;
        let b = play(&battle, seed, &mut |_, _, _| Ok(()))?;
        prop_assert_eq!(a.log(), b.log());
        prop_assert_eq!(a.state(), b.state());
    }

    #[test]
    fn contact_stays_symmetric(battle in battles()) {
        play(&battle, 5, &mut |_, game, line| contact_is_symmetric(game.state(), line))?;
    }
}

/// The generator reaches what the properties are about: every result and every line of
/// the loser's chart, rout hits cut short by the last figure, the players' dice accepted
/// and combats already under way.
#[test]
fn the_random_battles_reach_every_result() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    const MARKS: [&str; 12] = [
        "WON",
        "LOST:",
        "LOST and attacked from two sides",
        "GUNS HOLD",
        "CARRIED",
        "OVERRUN",
        "holds",
        "bounces",
        "already shaken",
        "under flank/rear attack",
        "rout hits doubled",
        "did not carry the guns",
    ];
    let mut runner = TestRunner::deterministic();
    let mut seen = std::collections::BTreeSet::<&str>::new();
    let (mut typed, mut continuing, mut cut_short) = (0, 0, 0);
    for _ in 0..64 {
        let battle = battles().new_tree(&mut runner).unwrap().current();
        play(&battle, 1, &mut |before, game, line| {
            let Some(round) = fought(game) else {
                return Ok(());
            };
            typed += usize::from(line.contains("dice="));
            continuing += usize::from(
                round
                    .fighters
                    .iter()
                    .any(|f| before.unit(&f.unit).unwrap().in_contact()),
            );
            for f in &round.fighters {
                seen.extend(MARKS.into_iter().filter(|m| f.result.contains(m)));
                let chart = f
                    .result
                    .split(" rout hit")
                    .next()
                    .and_then(|s| s.rsplit(' ').next())
                    .and_then(|n| n.parse::<u32>().ok());
                let rose = game.state().unit(&f.unit).unwrap().rout_hits
                    - before.unit(&f.unit).unwrap().rout_hits;
                cut_short += usize::from(chart.is_some_and(|chart| rose < chart));
            }
            Ok(())
        })
        .unwrap();
    }
    for mark in MARKS {
        assert!(seen.contains(mark), "never saw {mark:?}: {seen:?}");
    }
    assert!(typed > 10, "the players' dice accepted only {typed} times");
    assert!(continuing > 10, "only {continuing} continuing combats");
    assert!(cut_short > 0, "no loser ran out of figures");
}

// --- Found while writing these properties ---------------------------------------------------
//
// Outside the five properties above; each fails today and is kept as the smallest case.

/// Sides `a` and `b` in side `a`'s combat phase of turn 1.
fn combat_phase(units: &[String]) -> Game {
    let mut game = battle(units, 7);
    advance(&mut game, 3);
    game
}

/// Ruling 30 (*Steadiness and Disorder* 2; *Charging* 6): cavalry contact disorders
/// infantry "at the first round of a combat (not a continuing one)". The referee's
/// `continuing` says the combat began before the app saw it, so the disorder happened
/// then and is not dealt again, though the app tracked no contact.
#[test]
fn a_continuing_combat_does_not_disorder_infantry_again() {
    let mut game = combat_phase(&[
        cavalry("a-hc", "heavy", "C", 12, "line"),
        foot("b-l1", "C", 12, "line"),
    ]);
    game.perform("combat a-hc vs b-l1 continuing dice=1,1,1,1/1,1,1")
        .unwrap();
    let events = &game.log().last().unwrap().events;
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::Disorder { unit, .. } if unit == "b-l1")),
        "b-l1 disordered by contact in a continuing combat: {events:?}"
    );
}

/// Ruling 34: skirmishers overrun in the open are eliminated "without rolling", and the
/// round records every die thrown (`CombatRound`). An attacker whose only enemy is
/// overrun strikes no one, so no die is thrown for it: the stream stays put and the
/// players type none.
#[test]
fn no_dice_are_thrown_at_overrun_skirmishers() {
    let mut game = combat_phase(&[
        foot("a-l1", "C", 12, "line"),
        light("b-lt", "C", 8, "skirmish"),
    ]);
    let dice = game.state().dice();
    game.perform("combat a-l1 vs b-lt").unwrap();
    let round = fought(&game).unwrap();
    assert!(round.fighters.iter().all(|f| f.strikes.is_empty()));
    assert_eq!(
        game.state().dice(),
        dice,
        "the app threw dice that struck no one"
    );
}

/// `dice=` takes a group per unit named, a non-roller's empty (ruling 27's
/// `dice=a,b/c,d`). When the last unit named rolls nothing its group is empty and the
/// list ends in `/`; a flag after it is still a flag, exactly as when it comes first.
#[test]
fn a_flag_after_a_trailing_empty_dice_group_is_a_flag() {
    let units = [
        cavalry("a-hc", "heavy", "C", 12, "line"),
        foot("b-l1", "C", 12, "line"),
        foot("b-l2", "C", 12, "line"),
    ];
    // b-l2 with 2 figures reaching the enemy rolls no die (a die per 4, a last 3).
    let mut first = combat_phase(&units);
    first
        .perform("combat a-hc vs b-l1,b-l2:2 slope dice=4,4,4,4/3,3,3/")
        .unwrap();
    let mut after = combat_phase(&units);
    let refused = after.perform("combat a-hc vs b-l1,b-l2:2 dice=4,4,4,4/3,3,3/ slope");
    assert!(refused.is_ok(), "{:?}", refused.err());
    assert_eq!(first.state(), after.state());
}
