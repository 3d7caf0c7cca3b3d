use super::{FireOrder, TrousersCommand, fire, parse};
use crate::game::{Event, Formation, Game, GameState, HitKind};
use crate::rules::old_trousers::event::TrousersEvent;
use crate::scenario;

fn order(line: &str) -> Result<FireOrder, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    match parse(words[0], &words[1..]) {
        Some(Ok(TrousersCommand::Fire(order))) => Ok(order),
        Some(Ok(other)) => Err(format!("not a fire order: {other}")),
        Some(Err(refusal)) => Err(refusal.to_string()),
        None => Err("not parsed".to_owned()),
    }
}

/// Vimeiro, the British first, in their stationary fire phase.
fn stationary_fire() -> Game {
    let text = scenario::built_in("vimeiro").expect("built in");
    let (scenario, spec) = scenario::parse("vimeiro", text).expect("parses");
    let mut game = Game::new(scenario, spec, 3);
    for line in [
        "initiative britain=7 france=4",
        "next",
        "next",
        "next",
        "next",
        "next",
    ] {
        game.perform(line).expect("accepted");
    }
    game
}

fn refused(state: &GameState, line: &str) -> String {
    let order = order(line).expect("parses");
    match fire(state, &order) {
        Ok(events) => panic!("`{line}` was accepted: {events:?}"),
        Err(refusal) => refusal.to_string(),
    }
}

#[test]
fn the_canonical_line_parses_back_to_the_same_order() {
    for (typed, canonical) in [
        (
            "fire br-95 fr-4leg 6 d10=10",
            "fire br-95 fr-4leg 6\" d10=10",
        ),
        (
            "fire br-robe@12,br-50:8:flank fr-86 3.5in TOWN moved cover d10=7 commander=1",
            "fire br-robe@12\",br-50:8:flank fr-86 3.5\" moved town cover=light d10=7 \
                 commander=1",
        ),
        (
            "fire br-robe fr-86 effective wall bounce=fr-32,fr-gren second-round",
            "fire br-robe fr-86 effective second-round bounce=fr-32,fr-gren wall",
        ),
    ] {
        let parsed = order(typed).expect("parses");
        assert_eq!(parsed.to_string(), canonical);
        assert_eq!(order(canonical), Ok(parsed));
    }
}

#[test]
fn malformed_lines_say_what_to_type() {
    assert!(order("fire br-50").unwrap_err().starts_with("usage: fire"));
    assert!(
        order("fire br-50 fr-86 4 d10=11")
            .unwrap_err()
            .contains("a d10 shows 1 to 10")
    );
    assert!(
        order("fire br-50:x fr-86 4")
            .unwrap_err()
            .contains(":flank")
    );
    assert!(
        order("fire br-50 fr-86 4 sunny")
            .unwrap_err()
            .contains("point-blank")
    );
    assert!(
        order("fire br-50 fr-86 4 cover=thick")
            .unwrap_err()
            .contains("light, medium")
    );
    assert!(
        order("fire br-50 fr-86 4 d10=3 d10=4")
            .unwrap_err()
            .contains("once")
    );
}

#[test]
fn who_may_fire_and_at_what() {
    let game = stationary_fire();
    let state = game.state();
    assert!(refused(state, "fire br-99 fr-86 4").contains("br-99"));
    assert!(refused(state, "fire br-50 br-97 4").contains("same side"));
    assert!(refused(state, "fire br-50,fr-32 fr-86 4").contains("same side"));
    // Muskets reach 4" (p18), rifles 8".
    assert!(refused(state, "fire br-50 fr-86 4.25").contains("musketry range of 4\""));
    assert!(refused(state, "fire br-95 fr-4leg 8.5").contains("musketry range of 8\""));
    assert!(refused(state, "fire br-50 fr-86 canister").contains("in inches"));
    // Guns: long range ends at 35" (p20); 6 pdrs score nothing at long range.
    assert!(refused(state, "fire br-robe fr-86 36").contains("beyond long range"));
    assert!(refused(state, "fire br-robe fr-86 long").contains("no fire points"));
    assert!(refused(state, "fire br-20ld fr-86 2").contains("no musketry"));
    assert!(refused(state, "fire br-50:16 fr-86 3").contains("15 figures, not 16"));
    assert!(refused(state, "fire br-50 fr-86").contains("give the range"));
    assert!(refused(state, "fire br-50 fr-86 3 opportunity").contains("movement phase"));
    assert!(refused(state, "fire br-50 fr-86 3 bounce=fr-32").contains("only guns"));
    assert!(refused(state, "fire br-robe fr-86 12 muddy").contains("bounce="));
}

#[test]
fn the_phasing_units_that_moved_wait_for_the_moving_fire() {
    let game = stationary_fire();
    let mut state = game.state().clone();
    state
        .apply(&Event::Moved {
            unit: "br-50".to_owned(),
            allowance: "6\"".to_owned(),
            charging: false,
            target: None,
            evade: false,
            retreat: false,
            why: Vec::new(),
            trousers: None,
        })
        .expect("applies");
    assert!(refused(&state, "fire br-50 fr-86 3 d10=5").contains("moving fire"));
    // The nonphasing player's units fire in the same phase, never as moving.
    assert!(
        fire(
            &state,
            &order("fire fr-4leg br-95 4 d10=5").expect("parses")
        )
        .is_ok()
    );
    assert!(refused(&state, "fire fr-4leg br-95 4 moved d10=5").contains("phasing"));
}

fn accepted(state: &GameState, line: &str) -> Vec<Event> {
    fire(state, &order(line).expect("parses")).expect("accepted")
}

fn fire_reading(events: &[Event]) -> String {
    events
        .iter()
        .find_map(|e| match e {
            Event::Rolled(roll) => Some(roll.chart_reason.clone()),
            _ => None,
        })
        .unwrap_or_default()
}

#[test]
fn stationary_fire_is_simultaneous() {
    // Ruling 29: the voltigeurs lost a figure to the rifles in this phase, and still
    // fire with all 6 (6 × 2 = 12 points).
    let mut game = stationary_fire();
    game.perform("fire br-95 fr-4leg 6 d10=10")
        .expect("accepted");
    let events = accepted(game.state(), "fire fr-4leg br-95 4 d10=9");
    assert!(fire_reading(&events).starts_with("12 fire points (6 infantry"));
    // In the moving fire, what is lost is lost.
    game.perform("next").expect("accepted");
    game.perform("next").expect("accepted");
    let mut state = game.state().clone();
    state
        .apply(&Event::Hits {
            unit: "br-50".to_owned(),
            kind: HitKind::Loss,
            count: 1,
        })
        .expect("applies");
    let events = accepted(&state, "fire br-50 fr-86 3 d10=9 commander=5");
    assert!(fire_reading(&events).starts_with("42 fire points (14 British"));
}

#[test]
fn a_battery_without_guns_is_out_of_action() {
    let game = stationary_fire();
    let mut state = game.state().clone();
    for event in [
        Event::Own(
            TrousersEvent::GunsLost {
                unit: "br-robe".to_owned(),
                count: 1,
            }
            .into(),
        ),
        Event::Formation {
            unit: "fr-foy".to_owned(),
            formation: Formation::Unlimbered,
        },
    ] {
        state.apply(&event).expect("applies");
    }
    // 2 8 pdrs at canister × 4 = 8 points, row 6-10; unlimbered artillery -2: 10 - 2
    // = 8, one hit, Robe's last gun (ruling 32).
    let events = accepted(&state, "fire fr-foy br-robe 8 d10=10");
    assert!(
        events.contains(&Event::Own(
            TrousersEvent::GunsLost {
                unit: "br-robe".to_owned(),
                count: 1,
            }
            .into()
        ))
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Eliminated { unit, .. } if unit == "br-robe"))
    );
}

#[test]
fn a_unit_fires_once_a_turn_and_dice_are_counted() {
    let mut game = stationary_fire();
    game.perform("fire br-95 fr-4leg 6 d10=10")
        .expect("accepted");
    assert!(refused(game.state(), "fire br-95 fr-86 6 d10=4").contains("once a turn"));
    // 2 points at effective range, +2 on a column: 7 + 2 = 9 scores 1 (p19).
    assert!(refused(game.state(), "fire br-robe fr-86 12 d10=7").contains("add commander="));
    assert!(
        refused(game.state(), "fire br-robe fr-86 12 d10=7 commander=3,4")
            .contains("rolls 1 die, but 2 were typed")
    );
    assert!(
        refused(game.state(), "fire br-robe fr-86 12 d10=1 commander=3")
            .contains("leave out commander=")
    );
    // Foy's battery is limbered.
    let mut game = stationary_fire();
    assert!(refused(game.state(), "fire fr-foy br-50 12").contains("limbered"));
    game.perform("next").expect("accepted");
    game.perform("next").expect("accepted");
    assert!(refused(game.state(), "fire fr-86 br-50 3").contains("phasing player fires"));
}
