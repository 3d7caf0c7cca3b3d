//! Issue 43: a number a house rule changed that a command's result uses with no reason
//! saying so (a reach, a base value, a band, a dice count, a threshold) is named in the
//! referee's note that ends the command's events, `by house rule: name value (the book's
//! value); …`, names in alphabetical order.
//!
//! One test per ruleset. Each plays the same command by the book and under the house
//! value, so it fails if the house value were ignored, and finds the note's exact line
//! among the command's output; the book's game has no such line. Every number is worked
//! out from the rules texts in `../shared/rules/`.

mod common;

use adjutant::engine::house_rule::HouseValue;
use adjutant::game::{Event, Game, LogEntry, Morale, UnitStatus, Viewer};
use adjutant::persist;
use adjutant::scenario;
use common::{advance, foot, ok, refused, rolls, scenario_text, start};

/// The lines an accepted command printed.
fn lines(game: &mut Game, line: &str) -> Vec<String> {
    match game.perform(line) {
        Ok(outcome) => outcome.lines,
        Err(refusal) => panic!("`{line}` was refused: {refusal}"),
    }
}

/// `wanted` is one of `lines`, exactly, once leading spaces are set aside.
fn has_line(lines: &[String], wanted: &str) {
    assert!(
        lines.iter().any(|line| line.trim_start() == wanted),
        "wanted the line {wanted:?} in {lines:#?}"
    );
}

/// Some line of `lines` contains `wanted`.
fn has(lines: &[String], wanted: &str) {
    assert!(
        lines.iter().any(|line| line.contains(wanted)),
        "wanted {wanted:?} in {lines:#?}"
    );
}

/// No line of `lines` is a note of house values: the book's game has none to tell.
fn no_house_note(lines: &[String]) {
    assert!(
        !lines.iter().any(|line| line.contains("by house rule:")),
        "a game by the book noted house values: {lines:#?}"
    );
}

/// The game of the scenario `text` with `house` (a `[house_rules]` table, or nothing)
/// after it, its dice seeded by `seed`.
fn scenario_game(text: &str, house: &str, seed: u64) -> Game {
    let mut text = text.to_owned();
    text.push_str(house);
    start(&text, seed)
}

fn built_in(id: &str) -> &'static str {
    scenario::built_in(id).unwrap_or_else(|| panic!("no built-in scenario {id}"))
}

/// The house values the last command's events noted, if any.
fn noted(game: &Game) -> Option<Vec<HouseValue>> {
    let entry: &LogEntry = game.log().last().expect("a logged command");
    entry.events.iter().find_map(|event| match event {
        Event::HouseValuesUsed { numbers } => Some(numbers.clone()),
        _ => None,
    })
}

fn house_value(name: &str, value: i32, book: i32) -> HouseValue {
    HouseValue {
        name: name.to_owned(),
        value,
        book,
    }
}

// --- Sound the Charge -------------------------------------------------------------------

/// Two lines of grade C foot a side, France (`a`, first) against Britain, in the movement
/// phase of turn 1.
fn stc_at_movement() -> Game {
    let mut game = start(
        &scenario_text(
            ["france", "britain"],
            &[],
            &[
                foot("a-1", "C", 12, "line"),
                foot("a-2", "C", 12, "line"),
                foot("b-1", "C", 12, "line"),
                foot("b-2", "C", 12, "line"),
            ],
        ),
        7,
    );
    advance(&mut game, 1);
    game
}

/// *Sound the Charge*, *Movement Table* and *Charge Bonus Movement*: infantry in line
/// moves 4" and a charge adds +2, so a line charges up to 6". The club's line moves 5"
/// and charges +3: up to 8". Neither reason marks it ("5\" infantry in line", "+3\"
/// charge bonus"), so the note names both. Then the *Shooting Table*: musketry reaches
/// 2" close and 4" far, so a shot at a measured 5" is refused; with the club's far reach
/// of 6" it is a far shot, 5-6 to hit, and three 6s are three hits.
///
/// The note is the referee's: a side's view of the log leaves it out. The save keeps it:
/// rendered and loaded back, the state and the last entry's events are the same.
#[test]
fn sound_the_charge_movement_and_musketry_reach_play_the_house_values() {
    // By the book.
    let mut book = stc_at_movement();
    let out = lines(&mut book, "move a-1 charge=b-1");
    assert_eq!(out[0], "a-1 (a-1) charges b-1 (b-1): up to 6\"");
    no_house_note(&out);
    assert_eq!(noted(&book), None);
    ok(&mut book, "next");
    let why = refused(&mut book, "shoot a-2 b-2 5 dice=6,6,6");
    assert!(
        why.contains("5\" is out of range: musketry reach 4\""),
        "{why}"
    );

    // The club's.
    let mut game = stc_at_movement();
    ok(&mut game, "house set movement.infantry-line 5");
    ok(&mut game, "house set movement.infantry-charge 3");
    let out = lines(&mut game, "move a-1 charge=b-1");
    assert_eq!(out[0], "a-1 (a-1) charges b-1 (b-1): up to 8\"");
    has(&out, "5\" infantry in line");
    has(&out, "+3\" charge bonus");
    has_line(
        &out,
        "by house rule: movement.infantry-charge +3 (the book's +2); \
         movement.infantry-line 5 (the book's 4)",
    );
    assert_eq!(
        noted(&game),
        Some(vec![
            house_value("movement.infantry-charge", 3, 2),
            house_value("movement.infantry-line", 5, 4),
        ])
    );

    // A side does not see the note; the referee does.
    let note = "by house rule: movement.infantry-charge +3 (the book's +2); \
                movement.infantry-line 5 (the book's 4)";
    let side = Viewer::Side("a").log(&game);
    let moved = side.last().expect("the side sees the move");
    assert!(
        moved.said.iter().any(|l| l.contains("up to 8\"")),
        "{:?}",
        moved.said
    );
    // The hidden note hides nothing else: the side still reads the command's words.
    assert!(
        moved
            .command
            .as_deref()
            .is_some_and(|c| c.starts_with("move ")),
        "{moved:?}"
    );
    assert!(
        side.iter()
            .all(|entry| !entry.said.iter().any(|l| l.contains("by house rule:"))),
        "a side saw the note: {side:#?}"
    );
    let referee = Viewer::Referee.log(&game);
    assert!(
        referee
            .last()
            .expect("the referee sees the move")
            .said
            .iter()
            .any(|l| l.trim_start() == note),
        "{referee:#?}"
    );

    // The save keeps it.
    let text = persist::render(&game).expect("renders");
    let loaded = persist::load_text("game.toml", &text).expect("loads back");
    assert_eq!(loaded.game.state(), game.state());
    assert_eq!(
        loaded.game.log().last().expect("logged").events,
        game.log().last().expect("logged").events
    );

    // The club's musketry reach.
    ok(&mut game, "next");
    ok(&mut game, "house set shooting-ranges.musketry-far 6");
    let out = lines(&mut game, "shoot a-2 b-2 5 dice=6,6,6");
    has(&out, "5+ on the chart (far range)");
    has(&out, "→ 3 hits on b-2");
    has_line(
        &out,
        "by house rule: shooting-ranges.musketry-far 6 (the book's 4)",
    );
    assert_eq!(game.state().unit("b-2").unwrap().figures(), 9);
}

// --- Sound the Charge 1:25 --------------------------------------------------------------

const DRILL: &str = include_str!("data/stc-1-25-combat.toml");

/// The combat drill (*Sound the Charge 1:25*) with `house` after it, in the combat phase
/// of turn 1 (rally → movement → shooting → combat).
fn drill_at_combat(house: &str) -> Game {
    let mut game = scenario_game(DRILL, house, 1125);
    advance(&mut game, 3);
    game
}

/// *Sound the Charge 1:25*, *Combat*: base combat points 3 for light cavalry and
/// infantry, 0 for crews and skirmishers; the playsheet's artillery defensive fire +2, +4
/// and +6 by calibre; at an advantage 3-6 hits, at a disadvantage 5-6; and *Attacking
/// Artillery*. Blue Line (24 models)
/// attacks Red Battery's unlimbered field guns (8 crew). By the book 3 CP against 0 + 4
/// = 4: the line hits on 5-6, the guns on 3-6; with dice 5,1,1,1,1,1 against 3,1 it is
/// one hit each, so the guns hold and the line, not having won, is driven back with 4
/// rout hits (24 - 1 - 4 = 19 models).
///
/// With the club's infantry at 5 CP it is 5 against 4: the line hits on 3-6 and the guns
/// on 5-6. The same dice give the line one hit and the guns none: the guns are carried,
/// and the line keeps its 24. The club's field guns at +2 defensive fire, with the book's
/// infantry, give 3 against 2 and the same result. Both numbers are marked where the
/// points are worded, so no note follows: the note is for numbers no reason words.
#[test]
fn sound_the_charge_1_25_base_points_and_defensive_fire_are_marked_where_worded() {
    const FIGHT: &str = "combat b-foot vs r-battery dice=5,1,1,1,1,1/3,1";

    // By the book.
    let mut book = drill_at_combat("");
    let out = lines(&mut book, FIGHT);
    has(
        &out,
        "6 dice at r-battery needing 5+ (disadvantage, 3 CP to 4)",
    );
    has(&out, "2 dice at b-foot needing 3+ (advantage, 4 CP to 3)");
    has(&out, "GUNS HOLD: the crews take no hits");
    no_house_note(&out);
    assert_eq!(
        book.state().unit("r-battery").unwrap().status,
        UnitStatus::InPlay
    );
    assert_eq!(book.state().unit("b-foot").unwrap().figures(), 19);

    // The club's base combat points for infantry.
    let mut game = drill_at_combat("\n[house_rules]\n\"combat.infantry\" = 5\n");
    let out = lines(&mut game, FIGHT);
    has(&out, "b-foot (attacker) against r-battery: 5 points");
    has(
        &out,
        "6 dice at r-battery needing 3+ (advantage, 5 CP to 4)",
    );
    has(
        &out,
        "2 dice at b-foot needing 5+ (disadvantage, 4 CP to 5)",
    );
    has(&out, "CARRIED: the gun crews are eliminated");
    has(&out, "5 infantry (house rule; the book says 3)");
    no_house_note(&out);
    assert_eq!(
        game.state().unit("r-battery").unwrap().status,
        UnitStatus::Eliminated
    );
    assert_eq!(game.state().unit("b-foot").unwrap().figures(), 24);

    // The club's defensive fire for field guns.
    let mut game = drill_at_combat("\n[house_rules]\n\"combat.field-guns-defensive-fire\" = 2\n");
    let out = lines(&mut game, FIGHT);
    has(
        &out,
        "+2 artillery defensive fire (house rule; the book says +4)",
    );
    has(
        &out,
        "6 dice at r-battery needing 3+ (advantage, 3 CP to 2)",
    );
    has(&out, "CARRIED: the gun crews are eliminated");
    no_house_note(&out);
    assert_eq!(
        game.state().unit("r-battery").unwrap().status,
        UnitStatus::Eliminated
    );
}

// --- Charge Moves -----------------------------------------------------------------------

/// Maida (*Charge Moves*) at seed 1806, French movement of turn 1, with `house` set.
fn maida(house: &[&str]) -> Game {
    let mut game = scenario_game(built_in("maida"), "", 1806);
    for line in house {
        ok(&mut game, &format!("house set {line}"));
    }
    game
}

/// *Charge Moves*, infantry charging: a unit at full strength charges 18" with impetus on
/// a 4, 5 or 6. By the book the 42e (at full strength)
/// throwing a 3 is one short and refuses to charge. The club's full-strength unit charges
/// on 3-6 and 12": the 3 charges 12" with impetus. The chart's "3+" and the "12\"" are
/// not marked, so the note names both numbers.
///
/// Then *Morale after melee*: a 1 routs, and every unit within 12" throws to see whether
/// it joins the rout. The 78th, beaten by the 1er Léger, throws a 1: by the book units within
/// 12" throw to join it; with the club's 18", units within 18".
#[test]
fn charge_moves_charge_threshold_reach_and_rout_reach_play_the_house_values() {
    // The charge, by the book.
    let mut book = maida(&[]);
    let out = lines(&mut book, "charge fr-42 br-81 roll=3");
    has(
        &out,
        "4+ on the chart (infantry at two thirds of its strength or more)",
    );
    has(&out, "refuses to charge this move");
    no_house_note(&out);
    assert!(!book.state().unit("fr-42").unwrap().charged_this_turn);

    // The club's.
    let mut game = maida(&[
        "charge.infantry-two-thirds-or-more 3",
        "charge.infantry-inches 12",
    ]);
    let out = lines(&mut game, "charge fr-42 br-81 roll=3");
    has(
        &out,
        "3+ on the chart (infantry at two thirds of its strength or more)",
    );
    has(&out, "→ CHARGES 12\" with impetus");
    has(&out, "up to 12\" into melee, with impetus");
    has_line(
        &out,
        "by house rule: charge.infantry-inches 12 (the book's 18); \
         charge.infantry-two-thirds-or-more 3 (the book's 4)",
    );
    assert!(game.state().unit("fr-42").unwrap().charged_this_turn);

    // The rout reach: the 1er Léger's charge and melee (36 men and 5 impetus dice against
    // the 78th's 30; 7 of the 78th fall, 4 of the Léger), then the 78th throws a 1.
    let rout = |house: &[&str]| {
        let mut game = maida(house);
        ok(&mut game, "charge fr-1leger br-78 roll=5");
        ok(&mut game, "next");
        ok(&mut game, "melee fr-1leger br-78 sixes=7/4");
        let out = lines(&mut game, "morale br-78 roll=1");
        assert_eq!(game.state().unit("br-78").unwrap().morale, Morale::Routed);
        out
    };
    let out = rout(&[]);
    has(&out, "→ ROUTS: units within 12\" throw to join it");
    no_house_note(&out);
    let out = rout(&["morale.rout-spreads-inches 18"]);
    has(&out, "→ ROUTS: units within 18\" throw to join it");
    has_line(
        &out,
        "by house rule: morale.rout-spreads-inches 18 (the book's 12)",
    );
}

// --- Old Trousers II --------------------------------------------------------------------

/// Vimeiro (*Old Trousers II*) at seed 1, the French winning the initiative, at their
/// movement subsegment of turn 1, with `house` set.
fn vimeiro(house: &[&str]) -> Game {
    let mut game = scenario_game(built_in("vimeiro"), "", 1);
    for line in house {
        ok(&mut game, &format!("house set {line}"));
    }
    ok(&mut game, "initiative britain=1 france=9");
    advance(&mut game, 4);
    assert_eq!(game.state().active(), "france");
    game
}

/// *Old Trousers II*, *Movement: Charges* (p17): cavalry's charge bonus is 2d6. The 26e Chasseurs (light cavalry, company column, 18") charge the 20th Light
/// Dragoons: by the book 18" + 2d6 (3 + 4) = 25", and three dice are refused. The club's
/// cavalry adds 3d6: two dice are refused, and 3 + 4 + 5 makes 18 + 12 = 30". The reason
/// "3d6 added to the move" does not mark the count, so the note names
/// `charge.cavalry-dice`, signed as the chart prints it.
#[test]
fn old_trousers_cavalry_charge_bonus_dice_play_the_house_value() {
    // By the book.
    let mut book = vimeiro(&[]);
    let why = refused(&mut book, "charge fr-26ch br-20ld dice=3,4,5");
    assert!(why.contains("rolls 2 dice, but 3 were typed"), "{why}");
    let out = lines(&mut book, "charge fr-26ch br-20ld dice=3,4");
    has(&out, "2d6 added to the move");
    has(&out, "charges br-20ld (20th Light Dragoons): up to 25\"");
    no_house_note(&out);

    // The club's.
    let mut game = vimeiro(&["charge.cavalry-dice 3"]);
    let why = refused(&mut game, "charge fr-26ch br-20ld dice=3,4");
    assert!(why.contains("rolls 3 dice, but 2 were typed"), "{why}");
    let out = lines(&mut game, "charge fr-26ch br-20ld dice=3,4,5");
    has(&out, "3d6 added to the move");
    has(&out, "→ +12\" charge bonus");
    has(&out, "charges br-20ld (20th Light Dragoons): up to 30\"");
    has_line(
        &out,
        "by house rule: charge.cavalry-dice +3 (the book's +2)",
    );
    assert_eq!(rolls(&game)[0].dice, vec![3, 4, 5]);
}

// --- The d10 sheet ----------------------------------------------------------------------

/// *d10 quick-reference sheet*, action points (line 190): 1 AP on 1-7, 2 on 8-9, 3 on 10.
/// Coehorn rolls a 7: 1 AP by the book. The club's bands are 1-6 for 1 AP and 7-9 for 3
/// AP: the 7 is 3 AP. The result's "(3 for the 7)" does not mark the band, so the note
/// names both numbers.
#[test]
fn d10_sheet_action_point_bands_play_the_house_values() {
    let ebelsberg = built_in("ebelsberg");
    // By the book.
    let mut book = scenario_game(ebelsberg, "", 1809);
    let out = lines(&mut book, "ap coehorn roll=7");
    has(&out, "(1-7 1 AP, 8-9 2, 10 3 and roll again");
    has(&out, "→ 1 AP (1 for the 7)");
    no_house_note(&out);
    assert_eq!(rolls(&book)[0].successes, 1);

    // The club's.
    let mut game = scenario_game(
        ebelsberg,
        "\n[house_rules]\n\"ap.one-up-to\" = 6\n\"ap.middle\" = 3\n",
        1809,
    );
    let out = lines(&mut game, "ap coehorn roll=7");
    has(&out, "(1-6 1 AP, 7-9 3, 10 3 and roll again");
    has(&out, "→ 3 AP (3 for the 7)");
    has_line(
        &out,
        "by house rule: ap.middle 3 (the book's 2); ap.one-up-to 6 (the book's 7)",
    );
    assert_eq!(rolls(&game)[0].successes, 3);
}
