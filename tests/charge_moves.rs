//! Three turns of *Charge Moves* (Gunson, 1964) on the built-in `maida` scenario, played
//! through the CLI with the players' dice as a referee would: `new`, `do`, `show --json`.
//!
//! Every expected number is worked out from the text
//! (`../shared/rules/charge-moves-gunson-1964.txt`) and, where it is silent, from
//! `docs/rulings.md` (rulings 69–77, cited by number).
//!
//! - Turn 1, French: the 1er Léger charges the 78th (4-6 at full strength: a 5); the 42e
//!   balks (a 3, one short); the chasseurs swerve from a double line (a 3 against 4); the
//!   Poles fall back (a 2, two short). The melee: 41 dice against 30, 7 sixes against 4;
//!   the 78th lost the larger share and retreats on a 3.
//! - Turn 2, British: the 78th makes its retreat; the light dragoons charge the Poles'
//!   treble line (5-6: a 5) and the 81st the 42e's column (a 4). The dragoons lose the
//!   larger share, rout on a 1, and the light battalion joins them on a 2; the 42e,
//!   caught in flank, throws no dice, loses 4 and goes back a double move on a 2.
//! - Turn 3, French: the retreats are made; the 1er Léger charges the 78th's flank (no
//!   throw); the chasseurs charge the 81st, whose morale throw finds it cornered: it
//!   surrenders.

mod common;

use common::cli::{act, json_unit as unit, new_save, refused_by_cli as refused, show_json};
use serde_json::Value;
use std::path::Path;
use tempfile::TempDir;

fn figures(state: &Value, id: &str) -> u64 {
    unit(state, id)["figures"].as_u64().unwrap()
}

fn moves_back(state: &Value, id: &str) -> u64 {
    unit(state, id)["moves_back"].as_u64().unwrap_or(0)
}

fn morale(state: &Value, id: &str) -> String {
    unit(state, id)["morale"].as_str().unwrap().to_owned()
}

fn next(save: &Path, expect: &str) {
    let out = act(save, "next");
    assert!(out.contains(expect), "{out}");
}

#[test]
fn three_turns_of_maida_with_the_players_dice() {
    let folder = TempDir::new().unwrap();
    let save = new_save(folder.path(), "maida.toml", "maida", 1806);
    french_turn_one(&save);
    british_turn_two(&save);
    french_turn_three(&save);
}

fn french_turn_one(save: &Path) {
    let state = show_json(save);
    assert_eq!(state["phase"], "movement");
    // Sound the Charge's words are not this ruleset's.
    let why = refused(save, "shoot fr-42 br-78 close");
    assert!(why.contains("not a Charge Moves"), "{why}");
    let why = refused(save, "form fr-42 skirmish");
    assert!(why.contains("no skirmish formation"), "{why}");
    let why = refused(save, "melee fr-1leger br-78");
    assert!(why.contains("melee phase"), "{why}");

    // Infantry at full strength needs 4-6 and charges 18" with impetus.
    let out = act(save, "charge fr-1leger br-78 roll=5");
    assert!(out.contains("4+ on the chart"), "{out}");
    assert!(out.contains("CHARGES 18\""), "{out}");
    // One short: the infantry refuses; nothing owed.
    let out = act(save, "charge fr-42 br-81 roll=3");
    assert!(out.contains("refuses to charge this move"), "{out}");
    // Cavalry against a double line needs 4-6; one short, it splits and swerves.
    let out = act(save, "charge fr-9chass br-light roll=3");
    assert!(
        out.contains("4+ on the chart (cavalry against a double line)"),
        "{out}"
    );
    assert!(out.contains("splits and swerves"), "{out}");
    // Two short: it goes back a move.
    let out = act(save, "charge fr-polish br-81 roll=2");
    assert!(out.contains("retreats a move"), "{out}");
    let state = show_json(save);
    assert_eq!(moves_back(&state, "fr-polish"), 1);
    assert_eq!(moves_back(&state, "fr-42"), 0);
    // A unit charges once a turn.
    let why = refused(save, "charge fr-1leger br-81 roll=6");
    assert!(why.contains("already moved"), "{why}");

    next(save, "melee phase");
    // The melee: the 1er Léger's column (36 men) hits a double line, 1 die per 7 men of
    // impetus (ruling 70): 36 + 5 = 41 dice; the 78th throws 30.
    let why = refused(save, "melee fr-1leger br-78 sixes=42/4");
    assert!(why.contains("throws 41 dice"), "{why}");
    let out = act(save, "melee fr-1leger br-78 sixes=7/4");
    assert!(out.contains("41 dice: 36 men"), "{out}");
    assert!(out.contains("30 dice: 30 men"), "{out}");
    assert!(out.contains("7 of br-78 killed"), "{out}");
    let state = show_json(save);
    assert_eq!(figures(&state, "br-78"), 23);
    assert_eq!(figures(&state, "fr-1leger"), 32);
    // 7 of 30 against 4 of 36: the 78th throws, the Léger does not.
    assert_eq!(unit(&state, "br-78")["owes_test"], true);
    assert!(unit(&state, "fr-1leger").get("owes_test").is_none());
    let why = refused(save, "morale fr-1leger roll=6");
    assert!(why.contains("owes no morale throw"), "{why}");
    let why = refused(save, "melee fr-1leger br-78 sixes=1/1");
    assert!(why.contains("fought a melee this turn"), "{why}");
    // 3-4: retreats a move.
    let out = act(save, "morale br-78 roll=3");
    assert!(out.contains("5+ on the chart (after melee"), "{out}");
    assert!(out.contains("retreats a move"), "{out}");
    let state = show_json(save);
    assert_eq!(moves_back(&state, "br-78"), 1);
    assert!(unit(&state, "br-78").get("owes_test").is_none());
}

fn british_turn_two(save: &Path) {
    next(save, "Turn 2, British: movement phase");
    let state = show_json(save);
    let open = state["checklist"]["open"].to_string();
    assert!(open.contains("br-78"), "{open}");
    let why = refused(save, "charge br-78 fr-1leger roll=6");
    assert!(why.contains("owes a retreat first"), "{why}");
    act(save, "retreat br-78");
    assert_eq!(moves_back(&show_json(save), "br-78"), 0);
    let why = refused(save, "retreat br-78");
    assert!(why.contains("owes no retreat"), "{why}");
    // Cavalry against a treble line: 5-6.
    let out = act(save, "charge br-20ld fr-polish roll=5");
    assert!(
        out.contains("5+ on the chart (cavalry against a treble line)"),
        "{out}"
    );
    assert!(out.contains("CHARGES 24\""), "{out}");
    act(save, "charge br-81 fr-42 roll=4");

    next(save, "melee phase");
    // Light cavalry: 12 men + 1 die per 3 = 16 dice; the Poles 30.
    let out = act(save, "melee br-20ld fr-polish sixes=3/2");
    assert!(out.contains("16 dice: 12 men"), "{out}");
    let state = show_json(save);
    assert_eq!(figures(&state, "fr-polish"), 27);
    assert_eq!(figures(&state, "br-20ld"), 10);
    // 2 of 12 is the larger share against 3 of 30: the dragoons throw, and rout on a 1.
    let out = act(save, "morale br-20ld roll=1");
    assert!(out.contains("ROUTS"), "{out}");
    // Every unit within 12" throws: 1-3 joins the rout.
    let out = act(save, "morale br-light rout roll=2");
    assert!(out.contains("JOINS THE ROUT"), "{out}");
    let out = act(save, "morale br-78 rout roll=4");
    assert!(out.contains("holds"), "{out}");
    let state = show_json(save);
    assert_eq!(morale(&state, "br-20ld"), "routed");
    assert_eq!(morale(&state, "br-light"), "routed");
    assert_eq!(morale(&state, "br-78"), "good");
    let why = refused(save, "morale br-light rout roll=2");
    assert!(why.contains("routed"), "{why}");
    // Caught in flank, the 42e throws no dice; the 81st's double line on a column: 1
    // extra die per man, 24 + 24 = 48.
    let why = refused(save, "melee br-81 fr-42 flank sixes=4/1");
    assert!(why.contains("throws 0 dice"), "{why}");
    let out = act(save, "melee br-81 fr-42 flank sixes=4/0");
    assert!(out.contains("48 dice: 24 men"), "{out}");
    assert!(out.contains("no melee value"), "{out}");
    assert_eq!(figures(&show_json(save), "fr-42"), 32);
    // 2: a double move back.
    act(save, "morale fr-42 roll=2");
    assert_eq!(moves_back(&show_json(save), "fr-42"), 2);
}

fn french_turn_three(save: &Path) {
    next(save, "Turn 3, French: movement phase");
    act(save, "retreat fr-42");
    act(save, "retreat fr-polish");
    // At the flank or rear no throw is needed.
    let why = refused(save, "charge fr-1leger br-78 flank roll=4");
    assert!(why.contains("needs no throw"), "{why}");
    let out = act(save, "charge fr-1leger br-78 flank");
    assert!(out.contains("without a throw"), "{out}");
    // Charged by cavalry, the 81st throws; a retreat with no way clear is surrender.
    act(save, "charge fr-9chass br-81 roll=4");
    let out = act(save, "morale br-81 cavalry cornered roll=3");
    assert!(out.contains("SURRENDERS"), "{out}");
    let state = show_json(save);
    assert_eq!(unit(&state, "br-81")["status"], "eliminated");

    next(save, "melee phase");
    // The 1er Léger (32 men) in column on the 78th's double line: 32 + 4 = 36 dice.
    let out = act(save, "melee fr-1leger br-78 sixes=6/3");
    assert!(out.contains("36 dice: 32 men"), "{out}");
    let state = show_json(save);
    assert_eq!(figures(&state, "br-78"), 17);
    assert_eq!(figures(&state, "fr-1leger"), 29);
    let out = act(save, "morale br-78 roll=6");
    assert!(out.contains("stands firm"), "{out}");
}

#[test]
fn a_charge_moves_scenario_refuses_what_the_ruleset_lacks() {
    let folder = TempDir::new().unwrap();
    let base = include_str!("../scenarios/maida.toml");
    let cases = [
        (
            base.replace("formation = \"treble-line\"", "formation = \"skirmish\""),
            "has no skirmish formation",
        ),
        (
            base.replace("figures = 30\nformation = \"treble-line\"", "figures = 30\ngrade = \"B\"\nformation = \"treble-line\""),
            "has no morale grades",
        ),
        (
            base.replace("first = \"france\"", "first = \"france\"\noptional_rules = [\"army-morale\"]"),
            "is not one of Charge Moves",
        ),
        (
            base.replace("arm = \"cavalry\"\ntype = \"light\"\nfigures = 12\nformation = \"line\"\n\n# Stuart", "arm = \"artillery\"\ntype = \"field\"\nguns = 2\nfigures = 8\n\n# Stuart"),
            "has no rules for artillery",
        ),
    ];
    for (text, expect) in cases {
        assert_ne!(text, base, "the case must change the scenario");
        let path = folder.path().join("bad.toml");
        std::fs::write(&path, text).unwrap();
        let output = common::cli::adjutant()
            .args(["new"])
            .arg(&path)
            .args(["-o"])
            .arg(folder.path().join("out.toml"))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{err}");
        assert!(err.contains(expect), "{expect}: {err}");
        assert!(err.contains("bad.toml:"), "names the file and line: {err}");
    }
}

/// Maida at seed 1806 on the Game itself, for the refusals (which change nothing).
fn maida() -> adjutant::game::Game {
    let (parsed, spec) =
        adjutant::scenario::parse("maida", adjutant::scenario::built_in("maida").unwrap()).unwrap();
    adjutant::game::Game::new(parsed, spec, 1806)
}

#[test]
fn a_charge_throw_that_fell_short_brings_no_melee() {
    let mut game = maida();
    // *Infantry Charging*: at full strength 4-6 charges; a 3 is one short: the 42e
    // "refuses to charge on that move".
    common::ok(&mut game, "charge fr-42 br-81 roll=3");
    let why = common::refused(&mut game, "charge fr-42 br-light roll=6");
    assert!(
        why.contains("fr-42 refused to charge br-81 this move"),
        "{why}"
    );
    // *Cavalry*: against a double line 4-6; a 3 splits and swerves. It throws again only
    // at another enemy in its path (ruling 77).
    common::ok(&mut game, "charge fr-9chass br-light roll=3");
    let why = common::refused(&mut game, "charge fr-9chass br-light roll=6");
    assert!(why.contains("split and swerved from br-light"), "{why}");
    assert!(why.contains("only at another enemy in its path"), "{why}");
    common::ok(&mut game, "charge fr-9chass br-78 roll=4");
    // Two short (a 2 against 4-6): the Poles fall back a move.
    common::ok(&mut game, "charge fr-polish br-81 roll=2");
    common::ok(&mut game, "next");

    for (line, words) in [
        ("melee fr-42 br-81", "fr-42 refused to charge br-81"),
        ("melee br-81 fr-42", "fr-42 refused to charge br-81"),
        (
            "melee fr-9chass br-light",
            "fr-9chass split and swerved from br-light",
        ),
        ("melee fr-polish br-81", "fr-polish fell back from br-81"),
    ] {
        let why = common::refused(&mut game, line);
        assert!(why.contains(words), "{line}: {why}");
        assert!(why.contains("no melee between them"), "{line}: {why}");
    }
    // The cavalry's second throw came off: that melee is fought.
    common::ok(&mut game, "melee fr-9chass br-78 sixes=2/1");
}

#[test]
fn cavalry_that_swerved_twice_charges_neither_unit_it_swerved_from() {
    // *Cavalry*: one less than needed, it splits and swerves, then throws at another enemy
    // in its path (ruling 77). Against a double line it needs 4-6: a 3 swerves, twice.
    let mut game = maida();
    common::ok(&mut game, "charge fr-9chass br-light roll=3");
    common::ok(&mut game, "charge fr-9chass br-78 roll=3");
    for (line, from) in [
        ("charge fr-9chass br-light roll=6", "br-light"),
        ("charge fr-9chass br-78 roll=6", "br-78"),
    ] {
        let why = common::refused(&mut game, line);
        assert!(
            why.contains(&format!("swerved from {from}")),
            "{line}: {why}"
        );
    }
    common::ok(&mut game, "next");
    for (line, from) in [
        ("melee fr-9chass br-light", "br-light"),
        ("melee br-78 fr-9chass", "br-78"),
    ] {
        let why = common::refused(&mut game, line);
        assert!(
            why.contains(&format!("swerved from {from}")),
            "{line}: {why}"
        );
    }
}

#[test]
fn nobody_throws_for_morale_after_a_melee_where_no_man_fell() {
    let mut game = maida();
    common::ok(&mut game, "charge fr-1leger br-78 roll=5");
    common::ok(&mut game, "next");
    // *After melee*: the side with the highest percent of casualties throws; 0 of 36
    // against 0 of 30 has no highest (ruling 74).
    common::ok(&mut game, "melee fr-1leger br-78 sixes=0/0");
    for id in ["fr-1leger", "br-78"] {
        let unit = game.state().unit(id).unwrap();
        assert!(!unit.owes_test, "{id} owes a morale throw");
        assert_eq!(unit.figures(), unit.figures_at_start, "{id}");
    }
    let why = common::refused(&mut game, "morale br-78 roll=6");
    assert!(why.contains("owes no morale throw"), "{why}");
}

#[test]
fn a_unit_cut_down_to_its_last_man_is_not_called_shattered() {
    // *Infantry Charging*: each 6 kills a man, and the article has no shattered state: a
    // unit fights to its last man (ruling 75 for the sixes typed at the table).
    let mut game = maida();
    common::ok(&mut game, "charge fr-1leger br-78 roll=5");
    common::ok(&mut game, "next");
    // 30 sixes of the Léger's 41 dice kill all 30 of the 78th; at 29 it was still in play.
    let lines = game
        .perform("melee fr-1leger br-78 sixes=30/0")
        .unwrap()
        .lines;
    let text = lines.join("\n");
    assert!(
        text.contains("is ELIMINATED: its last figure is gone"),
        "{text}"
    );
    assert!(!text.contains("SHATTERED"), "{text}");
}

#[test]
fn a_units_needs_come_from_charge_moves_not_from_sound_the_charge() {
    // `need` answered a Charge Moves unit with Sound the Charge's shooting morale test and
    // musketry, neither of which the article has. *Infantry Charging*: a full-strength
    // unit charges on 4-6; *Charge move throws*: cavalry 2-6 against a single line.
    let mut game = maida();
    let state = game.state();
    let lines = adjutant::game::unit_needs(state, state.unit("fr-1leger").unwrap());
    assert_eq!(
        lines[0],
        "Charge throw: 4+ (infantry at two thirds of its strength or more)"
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "Melee: 36 dice, one a man, each 6 kills a man")
    );
    assert!(
        !lines
            .iter()
            .any(|l| l.contains("Morale test") || l.contains("Fire"))
    );
    let horse = adjutant::game::unit_needs(state, state.unit("fr-9chass").unwrap());
    assert!(horse[0].starts_with("Charge throw, by its target: 2+ against a single line"));
    // After a throw one short, the need says why no second throw may be made.
    common::ok(&mut game, "charge fr-1leger br-78 roll=3");
    let state = game.state();
    let lines = adjutant::game::unit_needs(state, state.unit("fr-1leger").unwrap());
    assert_eq!(
        lines[1],
        "  Not now: fr-1leger refused to charge br-78 this move and made no charge: one \
         charge throw a move"
    );
}
