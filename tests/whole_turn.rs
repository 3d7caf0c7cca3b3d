//! *Sound the Charge*, the whole turn: the reform phase, army morale and what `next` leaves
//! open. Units whose id starts `a-` are side `a`, active in turn 1; each turn has five
//! phases (rally, movement, shooting, combat, reform).

mod common;

use adjutant::game::{Checklist, Concern, Game};
use common::{advance, battle, foot, ok, refused};

const TO_REFORM: usize = 4;

fn army(rules: &[&str], units_a: usize, units_b: usize) -> Game {
    let mut units = Vec::new();
    for i in 1..=units_a {
        units.push(foot(&format!("a-{i}"), "C", 12, "line"));
    }
    for i in 1..=units_b {
        units.push(foot(&format!("b-{i}"), "C", 12, "line"));
    }
    battle(["france", "britain"], rules, &units)
}

fn army_items(game: &Game) -> Vec<(String, u32, u32, bool)> {
    Checklist::of(game.state())
        .watch
        .iter()
        .filter_map(|item| match item.concern {
            Concern::ArmyMorale { standing, breaks } => Some((
                item.subject.clone(),
                standing.shaken_or_gone,
                standing.units,
                breaks,
            )),
            _ => None,
        })
        .collect()
}

fn broken(game: &Game) -> Vec<&str> {
    game.state()
        .sides()
        .iter()
        .filter(|s| s.broken)
        .map(|s| s.id.as_str())
        .collect()
}

#[test]
fn an_army_with_half_its_units_shaken_or_gone_breaks_at_the_end_of_the_turn() {
    // *Army Morale*: "half or more of its units eliminated ... or in shaken status". Side a
    // has four units (three and the reserve): one shaken and one removed is 2 of 4.
    let mut game = army(&["army-morale"], 3, 1);
    ok(&mut game, "shaken a-1");
    ok(&mut game, "remove a-2");
    advance(&mut game, TO_REFORM);
    assert_eq!(
        army_items(&game),
        [("a".to_owned(), 2, 4, true), ("b".to_owned(), 0, 2, false)]
    );
    let outcome = game.perform("next").unwrap();
    assert!(
        outcome
            .lines
            .iter()
            .any(|l| l.contains("THE BLUE ARMY BREAKS") && l.contains("2 of its 4 units")),
        "{:?}",
        outcome.lines
    );
    assert_eq!(broken(&game), ["a"]);
    assert_eq!(game.state().turn(), 1, "no turn follows a broken army");
    let why = refused(&mut game, "next");
    assert!(why.contains("the battle is over"), "{why}");
    ok(&mut game, "undo");
    assert!(broken(&game).is_empty(), "undo takes the break back");
}

#[test]
fn one_unit_short_of_half_the_army_holds_and_the_next_turn_begins() {
    // 1 of 4 shaken is less than half: the army holds.
    let mut game = army(&["army-morale"], 3, 1);
    ok(&mut game, "shaken a-1");
    advance(&mut game, TO_REFORM + 1);
    assert!(broken(&game).is_empty());
    assert_eq!((game.state().turn(), game.state().active()), (2, "b"));
}

#[test]
fn without_the_optional_rule_no_army_breaks() {
    // *Army Morale* is an optional rule: off, every unit shaken breaks nothing.
    let mut game = army(&[], 1, 1);
    ok(&mut game, "shaken a-1");
    ok(&mut game, "shaken a-reserve");
    advance(&mut game, TO_REFORM);
    assert!(army_items(&game).is_empty());
    advance(&mut game, 1);
    assert!(broken(&game).is_empty());
    assert_eq!(game.state().turn(), 2);
}

#[test]
fn when_both_armies_would_break_only_the_passive_side_does() {
    // *Army Morale*: "the passive side's morale breaks but the active side's morale
    // holds". a (active, 4 units) has 2 shaken, b (passive, 2 units) has 1.
    let mut game = army(&["army-morale"], 3, 1);
    ok(&mut game, "shaken a-1");
    ok(&mut game, "shaken a-2");
    ok(&mut game, "shaken b-1");
    advance(&mut game, TO_REFORM);
    assert_eq!(
        army_items(&game),
        [("a".to_owned(), 2, 4, false), ("b".to_owned(), 1, 2, true)]
    );
    advance(&mut game, 1);
    assert_eq!(broken(&game), ["b"]);
}

#[test]
fn the_passive_army_is_judged_at_the_end_of_the_other_sides_turn_too() {
    // *Army Morale*: "ends any turn (active or passive)". In turn 2 side b is active; side
    // a, passive, ends it with 2 of 4 shaken and breaks.
    let mut game = army(&["army-morale"], 3, 1);
    advance(&mut game, 5);
    ok(&mut game, "shaken a-1");
    ok(&mut game, "shaken a-3");
    advance(&mut game, TO_REFORM + 1);
    assert_eq!(broken(&game), ["a"]);
    assert_eq!(game.state().turn(), 2);
}

#[test]
fn a_shattered_unit_counts_as_eliminated_for_army_morale() {
    // *Army Morale*: "eliminated (shattered or forced off-table)". A 12-figure unit down
    // to 3 is shattered (*Shattered Units*) and leaves: with one more shaken, 2 of 4.
    let mut game = army(&["army-morale"], 3, 1);
    ok(&mut game, "hit a-1 9");
    ok(&mut game, "shaken a-2");
    advance(&mut game, TO_REFORM + 1);
    assert_eq!(broken(&game), ["a"]);
}

#[test]
fn a_disordered_unit_that_stood_all_turn_reforms_and_one_that_shot_cannot() {
    // *Turn Sequence*: "A unit must stand for one active turn to reform from disorder ...
    // it may not move, shoot, or be in combat on a turn during which it wishes to reform."
    let mut game = army(&[], 2, 1);
    ok(&mut game, "disorder a-1");
    ok(&mut game, "disorder a-2");
    let why = refused(&mut game, "reform a-1");
    assert!(why.contains("reform phase"), "{why}");
    advance(&mut game, 2);
    ok(&mut game, "shoot a-2 b-1 far dice=1,1,1");
    advance(&mut game, 2);
    let checklist = Checklist::of(game.state());
    assert!(
        checklist
            .open
            .iter()
            .any(|i| i.subject == "a-1" && i.concern == Concern::MayReform)
    );
    assert!(
        checklist
            .watch
            .iter()
            .any(|i| i.subject == "a-2" && i.concern == Concern::Disordered)
    );
    let why = refused(&mut game, "reform a-2");
    assert!(why.contains("shot this turn"), "{why}");
    ok(&mut game, "reform");
    assert!(!game.state().unit("a-1").unwrap().disordered);
    assert!(game.state().unit("a-2").unwrap().disordered);
    let why = refused(&mut game, "reform");
    assert!(
        why.contains("no unit of the active side may reform"),
        "{why}"
    );
}

#[test]
fn only_the_active_side_reforms() {
    let mut game = army(&[], 1, 1);
    ok(&mut game, "disorder b-1");
    advance(&mut game, TO_REFORM);
    let why = refused(&mut game, "reform b-1");
    assert!(why.contains("not of the active side"), "{why}");
}

#[test]
fn next_with_open_items_goes_on_and_logs_what_was_left() {
    // The checklist never blocks the referee; what was left open is in the log.
    let mut game = army(&[], 1, 1);
    ok(&mut game, "disorder a-1");
    advance(&mut game, TO_REFORM);
    let outcome = game.perform("next").unwrap();
    assert!(
        outcome
            .lines
            .iter()
            .any(|l| l.starts_with("Left open: a-1") && l.contains("may reform")),
        "{:?}",
        outcome.lines
    );
    assert_eq!(game.state().turn(), 2);
    assert!(
        game.state().unit("a-1").unwrap().disordered,
        "nothing was done for it"
    );
}

/// Side a (a-1..a-3) against side b (b-1), army morale on, in a campaign battle.
fn campaign() -> Game {
    let units: Vec<String> = ["a-1", "a-2", "a-3", "b-1"]
        .iter()
        .map(|id| foot(id, "C", 12, "line"))
        .collect();
    let text = common::scenario_text(["france", "britain"], &["army-morale"], &units)
        .replace("optional_rules =", "campaign = true\noptional_rules =");
    common::start(&text, 7)
}

#[test]
fn in_a_campaign_a_broken_army_retreats_off_the_table_instead_of_ending_the_battle() {
    // *Army Morale*: 2 of side a's 3 units shaken or gone breaks it. In a campaign its
    // units then retreat off the table: disordered, a rout hit each of their turns, no
    // rallying; the battle goes on.
    let mut game = campaign();
    ok(&mut game, "shaken a-1");
    ok(&mut game, "remove a-2");
    advance(&mut game, TO_REFORM + 1);
    assert_eq!(broken(&game), ["a"]);
    assert_eq!(game.state().turn(), 2, "the battle goes on");
    let a1 = game.state().unit("a-1").unwrap();
    let a3 = game.state().unit("a-3").unwrap();
    assert!(a1.disordered && a3.disordered);
    assert_eq!(
        (a1.figures(), a3.figures()),
        (12, 12),
        "side b's turn: no rout hit yet"
    );
    let watch = Checklist::of(game.state()).watch;
    assert!(
        watch
            .iter()
            .any(|i| i.subject == "a" && i.concern == Concern::ArmyRetreating),
        "{watch:?}"
    );
    // Side a's turn 3 begins with a rout hit on each of its units; none may rally, and
    // the checklist does not offer it.
    advance(&mut game, 5);
    assert_eq!(game.state().turn(), 3);
    assert_eq!(game.state().unit("a-1").unwrap().figures(), 11);
    assert_eq!(game.state().unit("a-3").unwrap().figures(), 11);
    let open = Checklist::of(game.state()).open;
    assert!(
        !open.iter().any(|i| i.concern == Concern::MayRally),
        "{open:?}"
    );
    let why = refused(&mut game, "rally a-1 roll=6");
    assert!(why.contains("retreating off the table"), "{why}");
    // Side b is judged alone at each turn's end, and holds: 0 of 1.
    advance(&mut game, 5);
    assert_eq!(broken(&game), ["a"]);
}

#[test]
fn a_campaign_battle_needs_army_morale() {
    let text = common::scenario_text(
        ["france", "britain"],
        &[],
        &[foot("a-1", "C", 12, "line"), foot("b-1", "C", 12, "line")],
    )
    .replace("optional_rules =", "campaign = true\noptional_rules =");
    let Err(why) = adjutant::scenario::parse("test.toml", &text) else {
        panic!("a campaign without army morale loaded")
    };
    assert!(why.to_string().contains("army-morale"), "{why}");
}

#[test]
fn in_a_campaign_the_army_still_standing_is_judged_alone_and_the_checklist_agrees() {
    // Side a broke in turn 1. In turn 2 side b (b-1 and, here, b-2) has one unit shaken:
    // 1 of 2 is half, so b breaks at the end of its own turn, although a, the passive
    // side, would break too: a is not judged again. The checklist says so before `next`.
    let units: Vec<String> = ["a-1", "a-2", "a-3", "b-1", "b-2"]
        .iter()
        .map(|id| foot(id, "C", 12, "line"))
        .collect();
    let text = common::scenario_text(["france", "britain"], &["army-morale"], &units)
        .replace("optional_rules =", "campaign = true\noptional_rules =");
    let mut game = common::start(&text, 7);
    ok(&mut game, "shaken a-1");
    ok(&mut game, "remove a-2");
    advance(&mut game, TO_REFORM + 1);
    assert_eq!(broken(&game), ["a"]);
    // Retreating, side a may neither charge nor reform.
    ok(&mut game, "shaken b-1");
    advance(&mut game, TO_REFORM);
    assert_eq!(army_items(&game), [("b".to_owned(), 1, 2, true)]);
    ok(&mut game, "next");
    assert_eq!(broken(&game), ["a", "b"]);
    // Both armies broken: the battle is over even in a campaign.
    let why = refused(&mut game, "next");
    assert!(why.contains("the battle is over"), "{why}");
}

#[test]
fn a_retreating_army_may_not_charge_or_reform() {
    let mut game = campaign();
    ok(&mut game, "shaken a-1");
    ok(&mut game, "remove a-2");
    advance(&mut game, TO_REFORM + 1 + 5 + 1);
    assert_eq!(game.state().turn(), 3);
    let why = refused(&mut game, "move a-3 charge");
    assert!(why.contains("may not charge"), "{why}");
    advance(&mut game, 3);
    let why = refused(&mut game, "reform");
    assert!(why.contains("stays disordered"), "{why}");
}
