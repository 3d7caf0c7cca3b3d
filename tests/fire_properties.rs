//! Invariants of shooting, the morale test and rally over random play: figures never go
//! below zero, rout hits are never regained, a unit never rolls more dice than its
//! figures allow nor scores more hits than dice, the same seed rolls the same dice, and
//! undo puts the app's dice back.
//!
//! The dice a unit may roll are stated here from the text, not asked of the app: see
//! [`INFANTRY_DICE`] and [`ARTILLERY_DICE`].

use adjutant::game::{Arm, Event, Game, GameState, RollKind};
use adjutant::scenario;
use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestRunner};
use std::cell::Cell;

mod common;

use common::cases::cases;

fn demo_game(seed: u64) -> Game {
    let text = scenario::built_in(scenario::DEMO).unwrap();
    let (scenario, spec) = scenario::parse("demo", text).unwrap();
    Game::new(scenario, spec, seed)
}

fn die() -> impl Strategy<Value = u8> {
    1u8..=6
}

fn faces(n: std::ops::Range<usize>) -> impl Strategy<Value = String> {
    prop::collection::vec(die(), n).prop_map(|faces| {
        let words: Vec<String> = faces.iter().map(u8::to_string).collect();
        words.join(",")
    })
}

/// Fire-phase play over the demo's ids: shots (the app's dice or typed ones, right
/// count or not), tests, rallies, and the bookkeeping that changes what they need.
fn fire_line() -> impl Strategy<Value = String> {
    let units: Vec<String> = demo_game(0)
        .state()
        .units()
        .iter()
        .map(|u| u.id.clone())
        .collect();
    let unit = prop::sample::select(units);
    let range = prop::sample::select(vec!["close", "far", "3", "7", "30"]);
    let flags = prop::sample::subsequence(
        vec!["moved", "soft", "hard", "screened", "dense", "front=7"],
        0..3,
    )
    .prop_map(|f| f.join(" "));
    let typed = prop_oneof![
        Just(String::new()),
        faces(1..6).prop_map(|f| format!("dice={f}"))
    ];
    prop_oneof![
        4 => (unit.clone(), unit.clone(), range, flags, typed)
            .prop_map(|(a, b, r, f, d)| format!("shoot {a} {b} {r} {f} {d}")),
        2 => (unit.clone(), prop::option::of(die()))
            .prop_map(|(u, r)| format!("test {u} {}", r.map(|r| format!("roll={r}")).unwrap_or_default())),
        1 => (unit.clone(), prop::bool::ANY, prop::option::of(die())).prop_map(|(u, t, r)| {
            let threat = if t { "threat" } else { "" };
            let roll = r.map(|r| format!("roll={r}")).unwrap_or_default();
            format!("rally {u} {threat} {roll}")
        }),
        1 => unit.clone().prop_map(|u| format!("shaken {u}")),
        1 => unit.clone().prop_map(|u| format!("form {u} square")),
        1 => (unit, 1u32..6).prop_map(|(u, n)| format!("hit {u} {n}")),
        3 => Just("next".to_owned()),
    ]
}

/// Foot: `(front-rank figures, dice)`, worked from *Shooting*, General Rules (Sound the
/// Charge): a die for every four figures in the front rank, and a last three counts as
/// four. Every count a demo battalion (12 figures) can show.
const INFANTRY_DICE: [(u32, u32); 13] = [
    (0, 0),  // nothing to roll
    (1, 0),  // a remainder of one is not rounded up
    (2, 0),  // nor one of two
    (3, 1),  // "a final remainder of three" rounds up to a die
    (4, 1),  // one four
    (5, 1),  // a four; the one left over is dropped
    (6, 1),  // a four; the two left over are dropped
    (7, 2),  // a four, and the final three round up
    (8, 2),  // two fours
    (9, 2),  // two fours; one over
    (10, 2), // two fours; two over
    (11, 3), // two fours, and the final three round up
    (12, 3), // three fours
];

/// Guns: `(gun models, gunner figures, dice)`, worked from the same passage: "one die per
/// unlimbered gun model ... A gun model needs two gunners to shoot"; a battery's figures
/// are its gunners (ruling 4). So a die per gun while gunners last two to a gun, and a
/// lone gunner left over works no gun. Every count the demo's batteries (four guns and
/// eight gunners, three and six) can reach.
const ARTILLERY_DICE: [(u32, u32, u32); 16] = [
    (4, 8, 4), // every gun has its two
    (4, 7, 3), // three guns manned; the seventh gunner cannot work the fourth alone
    (4, 6, 3),
    (4, 5, 2),
    (4, 4, 2),
    (4, 3, 1),
    (4, 2, 1),
    (4, 1, 0), // one gunner works no gun
    (4, 0, 0),
    (3, 6, 3), // every gun has its two
    (3, 5, 2),
    (3, 4, 2),
    (3, 3, 1),
    (3, 2, 1),
    (3, 1, 0),
    (3, 0, 0),
];

/// [`INFANTRY_DICE`] for this many front-rank figures, if a case covers it.
fn infantry_dice_from_the_text(front: u32) -> Option<u32> {
    INFANTRY_DICE
        .iter()
        .find(|&&(figures, _)| figures == front)
        .map(|&(_, dice)| dice)
}

/// The dice the text gives a unit with every figure (or every manned gun) firing, or
/// `None` if no case above covers it (a generator or scenario change: add the case).
fn dice_from_the_text(arm: Arm, figures: u32) -> Option<u32> {
    match arm {
        Arm::Artillery { guns, .. } => ARTILLERY_DICE
            .iter()
            .find(|&&(g, gunners, _)| g == guns && gunners == figures)
            .map(|&(_, _, dice)| dice),
        Arm::Infantry(_) => infantry_dice_from_the_text(figures),
        // "Cavalry may not shoot."
        Arm::Cavalry(_) => Some(0),
    }
}

/// Most dice `id` may roll now, with any front rank it could show.
fn most_dice(state: &GameState, id: &str) -> Result<u32, TestCaseError> {
    let unit = state.unit(id).unwrap();
    dice_from_the_text(unit.arm, unit.figures()).ok_or_else(|| {
        TestCaseError::fail(format!(
            "no case in the dice tables for {id}: {:?} with {} figures",
            unit.arm,
            unit.figures()
        ))
    })
}

proptest! {
    #![proptest_config(cases(96))]

    #[test]
    fn fire_keeps_the_roster_sound(lines in prop::collection::vec(fire_line(), 1..60)) {
        let mut game = demo_game(1815);
        for line in &lines {
            let before = game.state().clone();
            let Ok(_) = game.perform(line) else {
                prop_assert_eq!(&before, game.state(), "refused `{}` changed the game", line);
                continue;
            };
            let after = game.state();
            for (was, now) in before.units().iter().zip(after.units()) {
                prop_assert!(
                    now.loss_hits + now.rout_hits <= now.figures_at_start,
                    "{} below zero figures after `{}`", now.id, line
                );
                prop_assert!(now.rout_hits >= was.rout_hits, "{} regained rout hits after `{}`", now.id, line);
            }
            for event in &game.log().last().unwrap().events {
                if let Event::Rolled(roll) = event
                    && roll.kind == RollKind::Shooting
                {
                    let dice = u32::try_from(roll.dice.len()).unwrap();
                    prop_assert!(dice >= 1);
                    let most = most_dice(&before, &roll.by)?;
                    prop_assert!(dice <= most, "`{}` rolled {} dice, the text allows {}", line, dice, most);
                    // No `split=` is generated, so a battery fires every manned gun, and a
                    // `front=7` foot unit throws the dice of seven figures.
                    if matches!(before.unit(&roll.by).unwrap().arm, Arm::Artillery { .. }) {
                        prop_assert_eq!(dice, most, "`{}`: not every manned gun fired", line);
                    } else if line.contains("front=7") {
                        prop_assert_eq!(Some(dice), infantry_dice_from_the_text(7), "`{}`", line);
                    }
                    // No more figures lost to the shot than dice thrown.
                    let target = roll.target.as_deref().unwrap();
                    let lost = |s: &GameState| s.unit(target).unwrap().loss_hits;
                    prop_assert!(lost(after) - lost(&before) <= dice, "`{}` took more hits than dice", line);
                    prop_assert!(roll.dice.iter().all(|f| (1..=6).contains(f)));
                }
            }
        }
    }

    #[test]
    fn the_same_seed_rolls_the_same_dice(lines in prop::collection::vec(fire_line(), 1..40), seed in any::<u64>()) {
        let mut a = demo_game(seed);
        let mut b = demo_game(seed);
        for line in &lines {
            let _ = a.perform(line);
            let _ = b.perform(line);
        }
        prop_assert_eq!(a.log(), b.log());
        prop_assert_eq!(a.state(), b.state());
    }
}

/// Undo puts the app's dice back: `Ok(false)` if the play left no fresh battery on the
/// active side to fire, so that nothing was tested.
fn undo_case(lines: &[String], roll: u8) -> Result<bool, TestCaseError> {
    let mut game = demo_game(7);
    for line in lines {
        let _ = game.perform(line);
    }
    // Bring a fresh battery into the shooting phase and let the app roll for it.
    while game.state().phase() != adjutant::rules::phase::Phase::Shooting {
        game.perform("next").unwrap();
    }
    let firer = game
        .state()
        .units()
        .iter()
        .find(|u| {
            u.on_table
                && u.side == game.state().active()
                && matches!(u.arm, Arm::Artillery { .. })
                && u.figures() >= 2
                && !u.is_shaken()
                && u.sound_the_charge.dice_fired == 0
                && u.formation != adjutant::game::Formation::Limbered
        })
        .map(|u| u.id.clone());
    let target = game
        .state()
        .units()
        .iter()
        .find(|u| {
            u.on_table
                && u.side != game.state().active()
                && u.status == adjutant::game::UnitStatus::InPlay
        })
        .map(|u| u.id.clone());
    let (Some(firer), Some(target)) = (firer, target) else {
        return Ok(false);
    };
    let dice_before = game.state().dice();
    let shot = format!("shoot {firer} {target} close");
    game.perform(&shot).unwrap();
    let first = game.log().last().unwrap().events.clone();
    prop_assert_ne!(
        game.state().dice(),
        dice_before,
        "the app's roll moved the dice on"
    );
    game.perform("undo").unwrap();
    prop_assert_eq!(game.state().dice(), dice_before);
    game.perform(&shot).unwrap();
    prop_assert_eq!(
        &game.log().last().unwrap().events,
        &first,
        "the same faces again"
    );
    // The players' dice leave the app's where they were.
    game.perform("undo").unwrap();
    let n = most_dice(game.state(), &firer)?;
    let typed = vec![roll.to_string(); usize::try_from(n).unwrap()].join(",");
    let generals = game.state().generals_attached_to(&target).count();
    let risk = if generals == 0 {
        String::new()
    } else {
        format!("gen={}", vec!["2"; generals].join(","))
    };
    let typed_shot = format!("shoot {firer} {target} close dice={typed} {risk}");
    if let Err(refused) = game.perform(&typed_shot) {
        return Err(TestCaseError::fail(format!(
            "`{typed_shot}`, the text's {n} dice, was refused: {refused}"
        )));
    }
    prop_assert_eq!(game.state().dice(), dice_before);
    Ok(true)
}

/// A case with no battery to fire tests nothing; if the generator drifted so that most
/// cases came to that, the property would pass without testing. At most one in twenty may
/// (about one in five hundred does).
#[test]
fn undo_puts_the_dice_back() {
    let mut config = cases(96);
    config.source_file = Some(file!());
    config.test_name = Some(concat!(module_path!(), "::undo_puts_the_dice_back"));
    let mut runner = TestRunner::new(config);
    let (ran, idle) = (Cell::new(0u32), Cell::new(0u32));
    let strategy = (prop::collection::vec(fire_line(), 0..30), die());
    let result = runner.run(&strategy, |(lines, roll)| {
        ran.set(ran.get() + 1);
        if !undo_case(&lines, roll)? {
            idle.set(idle.get() + 1);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}\n{runner}");
    }
    let (ran, idle) = (ran.get(), idle.get());
    assert!(
        idle * 20 <= ran,
        "{idle} of {ran} cases had no battery to fire and tested nothing"
    );
}
