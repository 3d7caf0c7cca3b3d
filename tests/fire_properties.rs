//! Invariants of shooting, the morale test and rally over random play: figures never go
//! below zero, rout hits are never regained, a unit never rolls more dice than its
//! figures allow nor scores more hits than dice, the same seed rolls the same dice, and
//! undo puts the app's dice back.

use adjutant::game::{Arm, Event, Game, GameState, RollKind};
use adjutant::rules::sound_the_charge::shooting::{artillery_dice, infantry_dice};
use adjutant::scenario;
use proptest::prelude::*;

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

/// Most dice `unit` may roll now, with any front rank it could show.
fn most_dice(state: &GameState, id: &str) -> u32 {
    let unit = state.unit(id).unwrap();
    match unit.arm {
        Arm::Artillery { guns, .. } => artillery_dice(guns, unit.figures()),
        _ => infantry_dice(unit.figures()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

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
                    prop_assert!(dice <= most_dice(&before, &roll.by), "`{}` rolled {} dice", line, dice);
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

    #[test]
    fn undo_puts_the_dice_back(lines in prop::collection::vec(fire_line(), 0..30), roll in die()) {
        let mut game = demo_game(7);
        for line in &lines {
            let _ = game.perform(line);
        }
        // Bring a fresh battery into the shooting phase and let the app roll for it.
        while game.state().phase() != adjutant::rules::sound_the_charge::Phase::Shooting {
            game.perform("next").unwrap();
        }
        let firer = game.state().units().iter().find(|u| {
            u.on_table && u.side == game.state().active()
                && matches!(u.arm, Arm::Artillery { .. }) && u.figures() >= 2 && !u.is_shaken()
                && u.dice_fired == 0
                && u.formation != adjutant::game::Formation::Limbered
        }).map(|u| u.id.clone());
        let target = game.state().units().iter().find(|u| {
            u.on_table && u.side != game.state().active()
                && u.status == adjutant::game::UnitStatus::InPlay
        }).map(|u| u.id.clone());
        let (Some(firer), Some(target)) = (firer, target) else { return Ok(()) };
        let dice_before = game.state().dice();
        let shot = format!("shoot {firer} {target} close");
        game.perform(&shot).unwrap();
        let first = game.log().last().unwrap().events.clone();
        prop_assert_ne!(game.state().dice(), dice_before, "the app's roll moved the dice on");
        game.perform("undo").unwrap();
        prop_assert_eq!(game.state().dice(), dice_before);
        game.perform(&shot).unwrap();
        prop_assert_eq!(&game.log().last().unwrap().events, &first, "the same faces again");
        // The players' dice leave the app's where they were.
        game.perform("undo").unwrap();
        let n = most_dice(game.state(), &firer);
        let typed = vec![roll.to_string(); usize::try_from(n).unwrap()].join(",");
        let generals = game.state().generals_attached_to(&target).count();
        let risk = if generals == 0 { String::new() } else { format!("gen={}", vec!["2"; generals].join(",")) };
        game.perform(&format!("shoot {firer} {target} close dice={typed} {risk}")).unwrap();
        prop_assert_eq!(game.state().dice(), dice_before);
    }
}
