//! "What do I need?": the dice and score a command would ask for, worked out without
//! carrying it out, and a unit's needs on the charts (*Sound the Charge*: *Shooting
//! Table*, *Morale Test if Hit by Shooting*, *Rally from Shaken Status Test*, *Combat*).

use adjutant::game::{Command, Game, asked, unit_needs};

mod common;

use common::{advance, foot, last_round, ok, plain, rolls};

fn asked_for(game: &Game, line: &str) -> adjutant::game::Asked {
    let command = Command::parse(line).expect("parses");
    asked(game.state(), &command).unwrap_or_else(|r| panic!("`{line}` refused: {r}"))
}

#[test]
fn a_shot_asks_for_the_dice_and_score_the_roll_then_uses_and_changes_nothing() {
    // *Shooting*: 12 figures in line, a front rank of 12, roll a die per four: 3 dice.
    // *Shooting Table*: close range hits on 3-6; a dense target is +1 to artillery only,
    // so the muskets need 3+ at the column.
    let mut game = plain(&[foot("a-1", "C", 12, "line"), foot("b-1", "C", 12, "column")]);
    advance(&mut game, 2);
    let before = game.state().clone();
    let asked = asked_for(&game, "shoot a-1 b-1 close");
    assert_eq!(game.state(), &before, "asking changes nothing");
    assert!(game.log().len() == 2, "asking logs nothing");
    assert_eq!(asked.dice_counts(), vec![3]);
    let throw = &asked.throws[0];
    assert_eq!(throw.needed, 3, "{:?}", throw.reasons);
    assert_eq!(throw.headline(), "a-1: 3 dice at b-1, 3+");

    ok(&mut game, "shoot a-1 b-1 close");
    let roll = &rolls(&game)[0];
    assert_eq!((roll.dice.len(), roll.needed), (3, throw.needed));
}

#[test]
fn asking_refuses_as_the_command_would() {
    let mut game = plain(&[foot("a-1", "C", 12, "line"), foot("b-1", "C", 12, "line")]);
    advance(&mut game, 1);
    let command = Command::parse("shoot a-1 b-1 close").expect("parses");
    let refusal = asked(game.state(), &command).expect_err("not the shooting phase");
    let performed = game.perform("shoot a-1 b-1 close").expect_err("refused");
    assert_eq!(refusal, performed);
}

#[test]
fn a_combat_asks_for_each_strikers_dice() {
    // *Combat*: 12 infantry figures fight with a die per two figures in contact; both
    // sides strike, so there are two throws, each as many dice as the round then rolls.
    let mut game = plain(&[foot("a-1", "C", 12, "column"), foot("b-1", "C", 12, "line")]);
    advance(&mut game, 3);
    let asked = asked_for(&game, "combat a-1 vs b-1");
    assert_eq!(asked.throws.len(), 2);
    ok(&mut game, "combat a-1 vs b-1");
    let round = last_round(&game);
    let logged: Vec<usize> = round
        .fighters
        .iter()
        .flat_map(|f| f.strikes.iter().map(|s| s.dice.len()))
        .collect();
    assert_eq!(asked.dice_counts(), logged);
    let needed: Vec<i32> = round
        .fighters
        .iter()
        .flat_map(|f| f.strikes.iter().map(|s| s.needed))
        .collect();
    let asked_needed: Vec<i32> = asked.throws.iter().map(|t| t.needed).collect();
    assert_eq!(asked_needed, needed);
}

#[test]
fn a_move_asks_nothing_of_the_dice_but_gives_the_allowance() {
    // *Movement Table*: infantry in column moves 6".
    let mut game = plain(&[foot("a-1", "C", 12, "column"), foot("b-1", "C", 12, "line")]);
    advance(&mut game, 1);
    let asked = asked_for(&game, "move a-1");
    assert!(asked.throws.is_empty());
    assert!(asked.moves[0].contains("up to 6\""), "{:?}", asked.moves);
}

#[test]
fn a_shaken_grade_c_unit_needs_2_to_rally_5_under_threat_and_5_on_a_test() {
    // *Rally from Shaken Status Test*: grade C rallies on 2-6; a visible enemy able to
    // charge it is -3, so 5+. *Morale Test if Hit by Shooting*: grade C 2-6, one hit -1,
    // shaken -2: 5+.
    let mut game = plain(&[foot("a-1", "C", 12, "line"), foot("b-1", "C", 12, "line")]);
    ok(&mut game, "shaken a-1");
    let unit = game.state().unit("a-1").expect("a-1");
    let lines = unit_needs(game.state(), unit);
    assert_eq!(
        lines[0],
        "Rally: 2+, or 5+ with an enemy able to charge it in sight"
    );
    let test = lines
        .iter()
        .find(|l| l.starts_with("Morale test"))
        .expect("a test line");
    assert_eq!(test, "Morale test, if hit by shooting (1 hit): 5+");
    let fire = lines.iter().find(|l| l.starts_with("Fire")).expect("fire");
    assert_eq!(fire, "Fire (musketry): none while shaken");
    ok(&mut game, "shaken a-1 off");
    let unit = game.state().unit("a-1").expect("a-1");
    let lines = unit_needs(game.state(), unit);
    let fire = lines.iter().find(|l| l.starts_with("Fire")).expect("fire");
    // Muskets reach 2" close (3+) and 4" far (5+), *Shooting Table*; 12 figures in line
    // roll 3 dice.
    assert_eq!(
        fire,
        "Fire (musketry): 3 dice at most; 2\" close 3+, 4\" far 5+, before modifiers"
    );
}

#[test]
fn a_shaken_unit_in_contact_is_told_it_may_not_rally_not_given_a_score() {
    // Ruling 19 and 36: a unit in contact with the enemy may not rally. Its need said
    // "Rally: 2+" while `rally` was refused; the need now gives the rally's own refusal.
    let mut game = plain(&[
        foot("a-inf", "C", 12, "line"),
        foot("b-col", "C", 12, "column"),
    ]);
    ok(&mut game, "shaken b-col");
    advance(&mut game, 3);
    ok(&mut game, "combat a-inf vs b-col dice=1,1,1/1,1");
    advance(&mut game, 2);
    let refusal = common::refused(&mut game, "rally b-col roll=6");
    assert!(refusal.contains("in contact"), "{refusal}");
    let unit = game.state().unit("b-col").expect("b-col");
    let lines = unit_needs(game.state(), unit);
    assert_eq!(lines[0], "Rally: no throw", "{lines:#?}");
    assert_eq!(lines[1], format!("  Not now: {refusal}"), "{lines:#?}");
    assert!(!lines.iter().any(|l| l.contains("2+, or 5+")), "{lines:#?}");
}

#[test]
fn a_supposed_test_counts_its_hits_in_words_that_agree() {
    // Two hits this turn (3 dice at 3+: 6, 6 hit, 1 misses), the owed test passed: a
    // further fire's test counts those two, "(2 hits)", never "(2 hit)".
    let mut game = plain(&[foot("a-1", "C", 12, "line"), foot("b-1", "C", 12, "line")]);
    advance(&mut game, 2);
    ok(&mut game, "shoot a-1 b-1 close dice=6,6,1");
    ok(&mut game, "test b-1 dice=6");
    let unit = game.state().unit("b-1").expect("b-1");
    let lines = unit_needs(game.state(), unit);
    let test = lines
        .iter()
        .find(|l| l.starts_with("Morale test"))
        .expect("a test line");
    assert!(
        test.starts_with("Morale test, if hit by shooting (2 hits): "),
        "{test}"
    );
}
