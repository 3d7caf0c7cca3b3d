//! A word given twice on a command line is refused, in every ruleset, before anything is
//! thrown: a second `dice=` silently replaced the first, so the table's dice were not the
//! ones the log kept (`shoot fr-61 nl-27j close dice=6,6,6 dice=1,1,1` threw 1 1 1).

mod common;

use adjutant::game::Game;
use adjutant::rules::phase::Phase;
use adjutant::scenario;
use common::{ok, refused};

fn built_in(name: &str) -> Game {
    let text = scenario::built_in(name).expect("a built-in scenario");
    let (parsed, spec) = scenario::parse(name, text).expect("parses");
    Game::new(parsed, spec, 7)
}

/// Each line repeats one key, and the refusal names it.
fn refused_as_given_twice(scenario: &str, lines: &[(&str, &str)]) {
    let mut game = built_in(scenario);
    for (line, key) in lines {
        let why = refused(&mut game, line);
        assert!(
            why.contains(&format!("{key}= is given twice")),
            "{scenario}: `{line}`: {why}"
        );
    }
}

/// The report: in the shooting phase, where the line is otherwise good, the second
/// `dice=` was thrown and the first dropped.
#[test]
fn a_second_dice_in_the_shooting_phase_is_refused_and_the_first_is_kept() {
    let mut game = built_in("quatre-bras");
    while game.state().phase() != Phase::Shooting {
        ok(&mut game, "next");
    }
    let why = refused(&mut game, "shoot fr-61 nl-27j close dice=6,6,6 dice=1,1,1");
    assert!(why.contains("dice= is given twice"), "{why}");
    ok(&mut game, "shoot fr-61 nl-27j close dice=6,6,6");
    let logged = &game.log().last().expect("logged").command;
    assert!(logged.contains("6,6,6"), "{logged}");
}

#[test]
fn sound_the_charge_refuses_a_second_dice_or_flag() {
    refused_as_given_twice(
        "quatre-bras",
        &[
            ("shoot fr-61 nl-27j close dice=6,6,6 dice=1,1,1", "dice"),
            // `roll=` and `dice=` are one word.
            ("shoot fr-61 nl-27j close roll=6,6,6 dice=1,1,1", "roll"),
            ("SHOOT fr-61 nl-27j close DICE=6,6,6 dice=1,1,1", "dice"),
            ("combat fr-61 nl-27j gen=6 gen=1", "gen"),
            ("combat fr-61 nl-27j flank=fr-61 flank=nl-27j", "flank"),
            ("move fr-61 charge=nl-27j charge=nl-27j", "charge"),
        ],
    );
}

#[test]
fn sound_the_charge_1_25_refuses_a_second_dice() {
    refused_as_given_twice("barrosa", &[("shoot br-a fr-b dice=6,6 dice=1,1", "dice")]);
}

#[test]
fn charge_moves_refuses_a_second_count() {
    refused_as_given_twice(
        "maida",
        &[
            ("melee fr-1leger br-78 sixes=6/3 sixes=1/1", "sixes"),
            ("melee fr-1leger br-78 men=6/3 men=1/1", "men"),
        ],
    );
}

#[test]
fn old_trousers_refuses_a_second_die_but_gathers_crossings() {
    refused_as_given_twice(
        "vimeiro",
        &[
            ("fire fr-gren br-a d10=9 d10=1", "d10"),
            ("move fr-gren to=line to=column", "to"),
            ("charge fr-gren br-a dice=6 dice=1", "dice"),
        ],
    );
    // `cross=` adds to the obstacles already named: given twice it is the same as a list.
    let mut game = built_in("vimeiro");
    let why = refused(&mut game, "move fr-gren to=line cross=wall cross=hedge");
    assert!(!why.contains("given twice"), "{why}");
}

#[test]
fn the_d10_sheet_refuses_a_second_roll() {
    refused_as_given_twice(
        "ebelsberg",
        &[
            ("ap fr-po roll=3 roll=4", "roll"),
            ("melee fr-po au-ir4 roll=5,5 dice=9,1", "roll"),
        ],
    );
}

#[test]
fn a_note_may_say_anything_twice() {
    let mut game = built_in("quatre-bras");
    ok(
        &mut game,
        "note fr-61 dice=6 dice=6 was the joke of the day",
    );
}
