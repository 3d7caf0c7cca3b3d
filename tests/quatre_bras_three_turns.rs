//! Three full turns of the built-in convention scenario `quatre-bras` (14 units a side,
//! *Army Morale* on, no national modifiers) played through the CLI with the players' own
//! dice, as a referee would: `new`, `do`, `show --json`.
//!
//! Every expected number is worked out from the rules text
//! (`../shared/rules/sound-the-charge.txt`, section names in *italics*) and, where the
//! text is unclear, from `docs/rulings.md` (cited as "ruling N").
//!
//! The little battle:
//! - Turn 1, French: fr-3 is left out of command; fr-61 charges the Nassauers (na-2-1);
//!   Foy's guns, fr-92 and Piré's horse guns fire; br-28 fails its test; fr-61 wins the
//!   combat.
//! - Turn 2, Allies: br-28 rallies, na-2-1 does not; the 79th charges fr-61 (a drawn
//!   round, the fight goes on); Rogers' guns, the 95th, the 44th and the Dutch militia
//!   fire; fr-92 fails its test; na-2-1, disordered but standing all turn, reforms.
//! - Turn 3, French: fr-92 rallies; the cuirassiers charge the militia (nl-5m) and ride
//!   it down; the guns fire on a column and a battery; the 95th fails its test and the
//!   shaken Nassauers fail theirs again; fr-61 loses the continuing fight with the 79th.
//! - Turn 4 begins: the Allies' rally phase.

mod common;

use common::cli::{
    act as run, json_unit as unit, new_save, refused_by_cli as refused, show_json as state,
};
use serde_json::Value;
use std::path::Path;

const GOOD: &str = "good";
const SHAKEN: &str = "shaken";

fn general<'a>(s: &'a Value, id: &str) -> &'a Value {
    s["generals"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id)
        .unwrap_or_else(|| panic!("no general {id}"))
}

/// (figures, loss hits, rout hits, morale, disordered) of a unit, as the roster has them.
type Figures = (u64, u64, u64, &'static str, bool);

#[track_caller]
fn assert_unit(s: &Value, id: &str, want: Figures) {
    let u = unit(s, id);
    let got = (
        u["figures"].as_u64().unwrap(),
        u["loss_hits"].as_u64().unwrap(),
        u["rout_hits"].as_u64().unwrap(),
        u["morale"].as_str().unwrap(),
        u["disordered"].as_bool().unwrap(),
    );
    assert_eq!(got, want, "{id}: (figures, loss, rout, morale, disordered)");
    assert_eq!(u["status"], "in-play", "{id}");
}

/// The enemies a unit is in contact with (none when the key is absent).
fn contact(s: &Value, id: &str) -> Vec<String> {
    unit(s, id)["in_contact_with"]
        .as_array()
        .map(|a| a.iter().map(|v| v.as_str().unwrap().to_owned()).collect())
        .unwrap_or_default()
}

/// Whether the unit owes a shooting morale test (the key is absent when it does not).
fn owes_test(s: &Value, id: &str) -> bool {
    unit(s, id)["owes_test"].as_bool().unwrap_or(false)
}

/// The checklist's `open` or `watch` list as sorted (subject, concern) pairs.
fn checklist(s: &Value, list: &str) -> Vec<(String, String)> {
    let mut items: Vec<(String, String)> = s["checklist"][list]
        .as_array()
        .unwrap()
        .iter()
        // The command reminder comes every turn; tests/checklist.rs checks it.
        .filter(|i| i["concern"] != "command_check")
        .map(|i| {
            (
                i["subject"].as_str().unwrap().to_owned(),
                i["concern"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    items.sort();
    items
}

fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut items: Vec<(String, String)> = items
        .iter()
        .map(|(s, c)| ((*s).to_owned(), (*c).to_owned()))
        .collect();
    items.sort();
    items
}

#[track_caller]
fn assert_checklist(s: &Value, open: &[(&str, &str)], watch: &[(&str, &str)]) {
    assert_eq!(checklist(s, "open"), pairs(open), "open items");
    assert_eq!(checklist(s, "watch"), pairs(watch), "watched items");
}

/// The army-morale watch items' texts, French first.
fn army_morale(s: &Value) -> Vec<String> {
    let mut texts: Vec<String> = s["checklist"]["watch"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["concern"] == "army_morale")
        .map(|i| i["text"].as_str().unwrap().to_owned())
        .collect();
    texts.sort_by_key(|t| !t.starts_with("france"));
    texts
}

#[track_caller]
fn assert_phase(s: &Value, turn: u64, active: &str, phase: &str) {
    assert_eq!(
        (
            s["turn"].as_u64().unwrap(),
            s["active"].as_str().unwrap(),
            s["phase"].as_str().unwrap()
        ),
        (turn, active, phase)
    );
}

/// `next`, checking the headline of the phase it begins.
fn next(save: &Path, headline: &str) {
    let out = run(save, "next");
    assert!(out.contains(headline), "`next` gave:\n{out}");
}

/// At the end of a turn (its reform phase): the army-morale watch for both sides.
/// *Army Morale*: an army breaks with "half or more of its units eliminated ... or in
/// shaken status": 7 of 14 (ruling 40).
#[track_caller]
fn assert_army_morale(s: &Value, french: u32, allies: u32) {
    assert_eq!(
        army_morale(s),
        [
            format!("france army morale: {french} of 14 units shaken or gone, breaks at 7"),
            format!("allies army morale: {allies} of 14 units shaken or gone, breaks at 7"),
        ]
    );
}

#[track_caller]
fn assert_no_army_broken(s: &Value) {
    for side in s["sides"].as_array().unwrap() {
        assert_eq!(side["broken"], false, "{} broke", side["id"]);
    }
}

#[test]
fn three_turns_at_quatre_bras_with_the_players_dice() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_save(folder.path(), "quatre-bras.toml", "quatre-bras", 1815);

    let s = state(&save);
    assert_phase(&s, 1, "france", "rally");
    assert_eq!(s["units"].as_array().unwrap().len(), 28, "14 units a side");
    assert_no_army_broken(&s);
    // Nobody is shaken yet: nothing to rally, nothing to watch.
    assert_checklist(&s, &[], &[]);

    turn_1_begins(&save);
    turn_1_movement(&save);
    turn_1_shooting(&save);
    turn_1_combat(&save);
    turn_1_reform(&save);
    turn_2_rally(&save);
    turn_2_movement(&save);
    turn_2_shooting(&save);
    turn_2_combat(&save);
    turn_2_reform(&save);
    turn_3_rally(&save);
    turn_3_movement(&save);
    turn_3_shooting(&save);
    turn_3_combat(&save);
    turn_3_reform(&save);
    turn_4_begins(&save);
}

fn turn_1_begins(save: &Path) {
    // ================================ TURN 1: French ================================
    next(save, "Turn 1, French: movement phase");
}

fn turn_1_movement(save: &Path) {
    // --- Movement -------------------------------------------------------------------
    // The referee measures: the 3e Ligne is more than 8" from any French general.
    run(save, "cmd fr-3 out");
    assert_checklist(&state(save), &[], &[("fr-3", "out_of_command")]);
    // *Movement Table*: infantry in line 4"; *Units out of Command*: half speed -> 2".
    assert!(run(save, "move fr-3").contains("moves: up to 2\""));
    // Infantry in line 4". fr-92 will fire after moving, so on the table it goes no
    // more than half of it (*Shooting*: "Infantry may move half speed and fire").
    assert!(run(save, "move fr-92").contains("moves: up to 4\""));
    // The charge: 4" line + 2" infantry charge bonus (*Charge Bonus Movement*) = 6".
    assert!(
        run(save, "move fr-61 charge=na-2-1").contains("charges na-2-1 (1/2nd Nassau): up to 6\"")
    );
    next(save, "Turn 1, French: shooting phase");
}

fn turn_1_shooting(save: &Path) {
    // --- Shooting -------------------------------------------------------------------
    assert_checklist(&state(save), &[], &[]);

    // Foy's field guns at br-28, 7" away. *Shooting Table*: field guns close 6 / far 20,
    // so 7" is far: 5-6 (the table gives the score column once, for musketry and guns
    // alike: close 3-6 / far 5-6). *General Rules*: a die per unlimbered gun
    // model, two gunners each: 4 guns, 8 gunners -> 4 dice. Grade C: no modifier; line
    // infantry in the open: no modifier. Dice 6,5,3,1 -> 2 hits.
    let out = run(save, "shoot fr-ft br-28 7 dice=6,5,3,1");
    assert!(
        out.contains("4 dice") && out.contains("5+ on the chart (far range)"),
        "{out}"
    );
    assert!(out.contains("→ 2 hits on br-28"), "{out}");
    // *Assessing Damage*: each hit removes a figure: 12 - 2 = 10.
    assert_unit(&state(save), "br-28", (10, 2, 0, GOOD, false));

    // fr-92 fires musketry at nl-27j at 2": close, 3-6. 12 figures in line, all in the
    // front rank: a die per four -> 3 dice. It moved this turn: -1 -> 4-6.
    // Dice 4,6,2 -> 2 hits.
    let out = run(save, "shoot fr-92 nl-27j 2 dice=4,6,2");
    assert!(out.contains("3 dice") && out.contains("needs 4+"), "{out}");
    assert!(out.contains("→ 2 hits on nl-27j"), "{out}");
    assert_unit(&state(save), "nl-27j", (10, 2, 0, GOOD, false));

    // Piré's horse guns (light calibre: close 4 / far 12) at the Brunswick Avantgarde 5"
    // away: far, 5-6. 3 guns, 6 gunners -> 3 dice. Dice 5,6,2 -> 2 hits: the Duke of
    // Brunswick rides with the unit, and *Generals* says a unit with a general that
    // suffers two or more hits rolls for him (a 1 kills him). Without his die the shot is
    // refused (ruling 18).
    let why = refused(save, "shoot fr-hb bw-avg 5 dice=5,6,2");
    assert!(why.contains("gen="), "{why}");
    let out = run(save, "shoot fr-hb bw-avg 5 dice=5,6,2 gen=4");
    assert!(
        out.contains("3 dice") && out.contains("5+ on the chart (far range)"),
        "{out}"
    );
    assert!(out.contains("→ 2 hits on bw-avg"), "{out}");
    // His die is a 4, not a 1: unhurt, still with the unit.
    assert!(out.contains("unhurt"), "{out}");
    let s = state(save);
    assert_unit(&s, "bw-avg", (10, 2, 0, GOOD, false));
    let brunswick = general(&s, "brunswick");
    assert_eq!(
        (&brunswick["status"], &brunswick["attached"]),
        (&"in-play".into(), &"bw-avg".into())
    );

    // *Shooting Morale Test*: a unit hit by shooting must test.
    for id in ["br-28", "nl-27j", "bw-avg"] {
        assert!(owes_test(&s, id), "{id} owes a test");
    }
    assert_checklist(
        &s,
        &[
            ("br-28", "owes_test"),
            ("nl-27j", "owes_test"),
            ("bw-avg", "owes_test"),
        ],
        &[],
    );

    // br-28, grade B: passes on 1-6; 2 hits this turn -1 each -> needs 3+. Rolls 2: fails.
    // "retreat two inches shaken, and suffers one rout hit": 10 - 1 = 9.
    let out = run(save, "test br-28 roll=2");
    assert!(out.contains("needs 3+") && out.contains("FAILED"), "{out}");
    assert_unit(&state(save), "br-28", (9, 2, 1, SHAKEN, false));
    // nl-27j, grade C: 2-6, -2 for 2 hits -> needs 4+. Rolls 5: passes, no change.
    let out = run(save, "test nl-27j roll=5");
    assert!(out.contains("needs 4+") && out.contains("passed"), "{out}");
    assert_unit(&state(save), "nl-27j", (10, 2, 0, GOOD, false));
    // bw-avg, grade C: 2-6, -2 for 2 hits, +1 general attached -> needs 3+. Rolls 3: passes.
    let out = run(save, "test bw-avg roll=3");
    assert!(out.contains("needs 3+") && out.contains("passed"), "{out}");
    let s = state(save);
    assert_unit(&s, "bw-avg", (10, 2, 0, GOOD, false));
    for id in ["br-28", "nl-27j", "bw-avg"] {
        assert!(!owes_test(&s, id), "{id} has tested");
    }
    // *Retreat Moves*: the referee makes br-28's retreat on the table; it is watched, and
    // so is its shaken state, which tells in the combats ahead.
    assert_checklist(&s, &[], &[("br-28", "must_retreat"), ("br-28", "shaken")]);
    next(save, "Turn 1, French: combat phase");
}

fn turn_1_combat(save: &Path) {
    // --- Combat ---------------------------------------------------------------------
    // The charge declared in the movement phase owes its round (*Close Combat*,
    // Procedure); contact itself begins with that round (ruling 36).
    assert_checklist(
        &state(save),
        &[("fr-61", "charged")],
        &[("br-28", "shaken")],
    );
    // fr-61 (C line) against na-2-1 (C line, steady, passive, in line).
    // *Combat Points*: infantry 2 each; same grade: no bonus. na-2-1 makes infantry
    // defensive fire +1 (*Defensive Fire*: a steady passive infantry unit) -> 2 vs 3.
    // *Scores to Hit in Combat*: fr-61 at a disadvantage of 1 needs 5-6; na-2-1 at
    // advantage 3-6. *Dice in Combat*: 12 figures in line -> 3 dice each.
    // fr-61 rolls 6,5,5 -> 3 hits; na-2-1 rolls 3,1,2 -> 1 hit.
    let out = run(save, "combat fr-61 vs na-2-1 dice=6,5,5/3,1,2");
    assert!(
        out.contains("fr-61 (attacker) against na-2-1: 2 points"),
        "{out}"
    );
    assert!(
        out.contains("na-2-1 (defender) against fr-61: 3 points"),
        "{out}"
    );
    assert!(
        out.contains("→ 3 hits") && out.contains("→ 1 hit\n"),
        "{out}"
    );
    assert!(
        out.contains("na-2-1 (hits given 1, taken 3) LOST: retreats 4\", shaken, 2 rout hits"),
        "{out}"
    );
    assert!(out.contains("fr-61 (hits given 3, taken 1) WON"), "{out}");
    let s = state(save);
    // *Combat Results*: na-2-1 took more hits than it gave: lost. Not shaken before, not
    // flanked: retreats 4", 2 rout hits, shaken; hit this round -> disordered
    // (*Steadiness and Disorder* 3). 12 - 3 loss - 2 rout = 7.
    assert_unit(&s, "na-2-1", (7, 3, 2, SHAKEN, true));
    // fr-61 won: stays, disordered (*Pursuit*); 1 loss hit -> 11.
    assert_unit(&s, "fr-61", (11, 1, 0, GOOD, true));
    // The loser retreated: the fight is over.
    assert!(contact(&s, "fr-61").is_empty() && contact(&s, "na-2-1").is_empty());
    assert_checklist(
        &s,
        &[],
        &[
            ("br-28", "shaken"),
            ("fr-61", "disordered"),
            ("na-2-1", "disordered"),
            ("na-2-1", "must_retreat"),
            ("na-2-1", "shaken"),
        ],
    );
    next(save, "Turn 1, French: reform phase");
}

fn turn_1_reform(save: &Path) {
    // --- Reform ---------------------------------------------------------------------
    let s = state(save);
    // fr-61 fought this turn: it may not reform (*Turn Sequence*), so nothing is owed.
    assert_checklist(
        &s,
        &[],
        &[
            ("allies", "army_morale"),
            ("br-28", "shaken"),
            ("fr-61", "disordered"),
            ("france", "army_morale"),
            ("na-2-1", "disordered"),
            ("na-2-1", "shaken"),
        ],
    );
    // French: none shaken or gone. Allies: br-28 and na-2-1 shaken -> 2 of 14.
    assert_army_morale(&s, 0, 2);
    next(save, "Turn 2, Anglo-Allied: rally phase");
    let s = state(save);
    assert_phase(&s, 2, "allies", "rally");
    assert_no_army_broken(&s);
}

fn turn_2_rally(save: &Path) {
    // ================================ TURN 2: Allies ================================
    // --- Rally ----------------------------------------------------------------------
    // Both shaken Allied units may test; na-2-1 is still disordered (watched).
    let s = state(save);
    assert_checklist(
        &s,
        &[("br-28", "may_rally"), ("na-2-1", "may_rally")],
        &[("fr-61", "disordered"), ("na-2-1", "disordered")],
    );
    // *Rally from Shaken Status Test*: grade B 1-6; French infantry 4" off could charge
    // it: -3 -> needs 4+. Rolls 4: rallied. Figures unchanged (rout hits stay).
    let out = run(save, "rally br-28 threat roll=4");
    assert!(out.contains("needs 4+") && out.contains("RALLIED"), "{out}");
    assert_unit(&state(save), "br-28", (9, 2, 1, GOOD, false));
    // na-2-1, grade C: 2-6, -3 under threat -> needs 5+. Rolls 3: stays shaken.
    let out = run(save, "rally na-2-1 threat roll=3");
    assert!(out.contains("needs 5+") && out.contains("failed"), "{out}");
    assert_unit(&state(save), "na-2-1", (7, 3, 2, SHAKEN, true));
    assert_checklist(
        &state(save),
        &[],
        &[
            ("fr-61", "disordered"),
            ("na-2-1", "disordered"),
            ("na-2-1", "shaken"),
        ],
    );
    next(save, "Turn 2, Anglo-Allied: movement phase");
}

fn turn_2_movement(save: &Path) {
    // --- Movement -------------------------------------------------------------------
    // *Charging* 5: shaken units may not charge (refused; na-2-1 still stands still).
    let why = refused(save, "move na-2-1 charge=fr-61");
    assert!(why.contains("shaken units may not charge"), "{why}");
    // The 79th charges the disordered fr-61: 4" + 2" = 6".
    assert!(run(save, "move br-79 charge=fr-61").contains("up to 6\""));
    // The 42nd forms column: column rate 6"; *Change Formation/Facing*: half a turn for
    // steady grade B -> 3".
    let out = run(save, "move br-42 form=column");
    assert!(
        out.contains("up to 3\"") && out.contains("now in column"),
        "{out}"
    );
    next(save, "Turn 2, Anglo-Allied: shooting phase");
}

fn turn_2_shooting(save: &Path) {
    // --- Shooting -------------------------------------------------------------------
    // Rogers' field guns at fr-92, 5": close (6"), 3-6. 3 guns, 6 gunners -> 3 dice.
    // Dice 3,2,6 -> 2 hits. 12 - 2 = 10.
    let out = run(save, "shoot br-rog fr-92 5 dice=3,2,6");
    assert!(
        out.contains("3 dice") && out.contains("3+ on the chart (close range)"),
        "{out}"
    );
    assert!(out.contains("→ 2 hits on fr-92"), "{out}");
    assert_unit(&state(save), "fr-92", (10, 2, 0, GOOD, false));
    // The 95th (grade B, 12 in line -> 3 dice) at fr-4lg, 3": musketry far (2/4), 5-6,
    // +1 grade A-B -> 4-6. Dice 4,4,1 -> 2 hits. (National modifiers are off: no
    // British +1.)
    let out = run(save, "shoot br-95r fr-4lg 3 dice=4,4,1");
    assert!(
        out.contains("needs 4+") && out.contains("→ 2 hits on fr-4lg"),
        "{out}"
    );
    assert_unit(&state(save), "fr-4lg", (10, 2, 0, GOOD, false));
    // The 44th (grade C, 3 dice) at fr-3, 2": close, 3-6. Dice 3,5,1 -> 2 hits.
    let out = run(save, "shoot br-44 fr-3 2 dice=3,5,1");
    assert!(
        out.contains("3+ on the chart (close range)") && out.contains("→ 2 hits on fr-3"),
        "{out}"
    );
    assert_unit(&state(save), "fr-3", (10, 2, 0, GOOD, false));
    // The Dutch militia (grade D, 3 dice) at fr-108, 3": far 5-6, grade D -1 -> 6 only.
    // Dice 6,5,6 -> 2 hits.
    let out = run(save, "shoot nl-5m fr-108 3 dice=6,5,6");
    assert!(
        out.contains("needs 6+") && out.contains("→ 2 hits on fr-108"),
        "{out}"
    );
    assert_unit(&state(save), "fr-108", (10, 2, 0, GOOD, false));
    // *Shooting*: "Shaken units may not shoot" (refused).
    let why = refused(save, "shoot na-2-1 fr-61 2 dice=6,6");
    assert!(why.contains("shaken units may not shoot"), "{why}");

    assert_checklist(
        &state(save),
        &[
            ("fr-92", "owes_test"),
            ("fr-4lg", "owes_test"),
            ("fr-3", "owes_test"),
            ("fr-108", "owes_test"),
        ],
        &[
            ("fr-61", "disordered"),
            ("na-2-1", "disordered"),
            ("na-2-1", "shaken"),
        ],
    );
    // fr-92, C: 2-6, -2 -> needs 4+. Rolls 1: fails: 2" back, shaken, 1 rout hit -> 9.
    let out = run(save, "test fr-92 roll=1");
    assert!(out.contains("needs 4+") && out.contains("FAILED"), "{out}");
    assert_unit(&state(save), "fr-92", (9, 2, 1, SHAKEN, false));
    // fr-4lg, C: needs 4+. Rolls 6: passes.
    let out = run(save, "test fr-4lg roll=6");
    assert!(out.contains("needs 4+") && out.contains("passed"), "{out}");
    assert_unit(&state(save), "fr-4lg", (10, 2, 0, GOOD, false));
    // fr-3, C: 2-6, -2 for 2 hits, -1 no general in CR (still out of command) -> 5+.
    // Rolls 5: passes.
    let out = run(save, "test fr-3 roll=5");
    assert!(out.contains("needs 5+") && out.contains("passed"), "{out}");
    assert_unit(&state(save), "fr-3", (10, 2, 0, GOOD, false));
    // fr-108, C: needs 4+. Rolls 4: passes.
    let out = run(save, "test fr-108 roll=4");
    assert!(out.contains("needs 4+") && out.contains("passed"), "{out}");
    assert_unit(&state(save), "fr-108", (10, 2, 0, GOOD, false));
    next(save, "Turn 2, Anglo-Allied: combat phase");
}

fn turn_2_combat(save: &Path) {
    // --- Combat ---------------------------------------------------------------------
    // The 79th's charge owes its round.
    assert_checklist(
        &state(save),
        &[("br-79", "charged")],
        &[
            ("fr-61", "disordered"),
            ("fr-92", "shaken"),
            ("na-2-1", "disordered"),
            ("na-2-1", "shaken"),
        ],
    );
    // br-79 (B line, 12) against fr-61 (C line, 11, disordered).
    // br-79: infantry 2, +1 one grade above -> 3. fr-61: infantry 2, disordered -1 -> 1,
    // and no defensive fire (unsteady). br-79 at advantage: 3-6, 3 dice; fr-61 at a
    // disadvantage of 2: 5-6; 11 figures: two fours and a last three -> 3 dice.
    // br-79 rolls 3,2,1 -> 1 hit; fr-61 rolls 5,1,2 -> 1 hit.
    let out = run(save, "combat br-79 vs fr-61 dice=3,2,1/5,1,2");
    assert!(
        out.contains("br-79 (attacker) against fr-61: 3 points"),
        "{out}"
    );
    assert!(
        out.contains("fr-61 (defender) against br-79: 1 point\n"),
        "{out}"
    );
    assert!(out.contains("3 dice at fr-61 needing 3+"), "{out}");
    assert!(out.contains("3 dice at br-79 needing 5+"), "{out}");
    assert!(out.contains("br-79 (hits given 1, taken 1) holds"), "{out}");
    assert!(out.contains("fr-61 (hits given 1, taken 1) holds"), "{out}");
    let s = state(save);
    // *Combat Results*: 1 hit each: neither lost. Both hold, hit -> disordered
    // (*Steadiness and Disorder* 3), and stay in contact (ruling 29).
    assert_unit(&s, "br-79", (11, 1, 0, GOOD, true));
    assert_unit(&s, "fr-61", (10, 2, 0, GOOD, true));
    assert_eq!(contact(&s, "br-79"), ["fr-61"]);
    assert_eq!(contact(&s, "fr-61"), ["br-79"]);
    next(save, "Turn 2, Anglo-Allied: reform phase");
}

fn turn_2_reform(save: &Path) {
    // --- Reform ---------------------------------------------------------------------
    let s = state(save);
    // na-2-1 did not move, shoot or fight this turn (the refused charge and shot did
    // nothing): it may reform. br-79 fought.
    assert_checklist(
        &s,
        &[("na-2-1", "may_reform")],
        &[
            ("allies", "army_morale"),
            ("br-79", "disordered"),
            ("fr-61", "disordered"),
            ("fr-92", "shaken"),
            ("france", "army_morale"),
            ("na-2-1", "shaken"),
        ],
    );
    // French: fr-92 shaken -> 1. Allies: br-28 rallied, na-2-1 still shaken -> 1.
    assert_army_morale(&s, 1, 1);
    assert!(run(save, "reform na-2-1").contains("no longer disordered"));
    assert_unit(&state(save), "na-2-1", (7, 3, 2, SHAKEN, false));
    next(save, "Turn 3, French: rally phase");
    let s = state(save);
    assert_phase(&s, 3, "france", "rally");
    assert_no_army_broken(&s);
}

fn turn_3_rally(save: &Path) {
    // ================================ TURN 3: French ================================
    // --- Rally ----------------------------------------------------------------------
    let s = state(save);
    assert_checklist(
        &s,
        &[("fr-92", "may_rally")],
        &[
            ("br-79", "disordered"),
            ("fr-61", "disordered"),
            ("na-2-1", "shaken"),
        ],
    );
    // fr-92, C: 2-6, no threat, in command -> needs 2+. Rolls 2: rallied.
    let out = run(save, "rally fr-92 roll=2");
    assert!(
        out.contains("2+ on the chart") && out.contains("RALLIED"),
        "{out}"
    );
    assert_unit(&state(save), "fr-92", (9, 2, 1, GOOD, false));
    next(save, "Turn 3, French: movement phase");
}

fn turn_3_movement(save: &Path) {
    // --- Movement -------------------------------------------------------------------
    assert_checklist(
        &state(save),
        &[],
        &[
            ("br-79", "disordered"),
            ("fr-3", "out_of_command"),
            ("fr-61", "disordered"),
            ("na-2-1", "shaken"),
        ],
    );
    // *Movement*: units in a continuing close combat may not move.
    let why = refused(save, "move fr-61");
    assert!(why.contains("may not move"), "{why}");
    // Kellermann's cuirassiers charge the militia: heavy cavalry in line 6" + 4" = 10".
    assert!(run(save, "move fr-8cu charge=nl-5m").contains("up to 10\""));
    // The charge move ends in contact (*Charging*: "move the unit to contact the target
    // unit"), and *Steadiness and Disorder* 2: infantry not in square contacted by
    // steady enemy cavalry is disordered. Nothing else changes.
    assert_unit(&state(save), "nl-5m", (12, 0, 0, GOOD, true));
    next(save, "Turn 3, French: shooting phase");
}

fn turn_3_shooting(save: &Path) {
    // --- Shooting -------------------------------------------------------------------
    // Foy's guns at the 42nd in column, 8": far 5-6. *Dense Targets*: a column of 12
    // four wide is three ranks deep, dense: artillery +1 -> 4-6. 4 dice 4,1,2,6 -> 2.
    let out = run(save, "shoot fr-ft br-42 8 dice=4,1,2,6");
    assert!(
        out.contains("needs 4+") && out.contains("→ 2 hits on br-42"),
        "{out}"
    );
    assert_unit(&state(save), "br-42", (10, 2, 0, GOOD, false));
    assert_eq!(unit(&state(save), "br-42")["formation"], "column");
    // Piré's light guns at Stevenart's battery, 10": far 5-6; artillery in the open -1
    // -> 6 only. 3 dice 6,6,5 -> 2 hits: 2 gunners lost, 8 - 2 = 6.
    let out = run(save, "shoot fr-hb nl-stv 10 dice=6,6,5");
    assert!(
        out.contains("needs 6+") && out.contains("→ 2 hits on nl-stv"),
        "{out}"
    );
    assert_unit(&state(save), "nl-stv", (6, 2, 0, GOOD, false));
    // fr-4lg, 10 figures in line: two dice (a last 2 does not count), at the 95th 4"
    // away: far 5-6. Dice 5,3 -> 1 hit.
    let out = run(save, "shoot fr-4lg br-95r 4 dice=5,3");
    assert!(
        out.contains("2 dice") && out.contains("→ 1 hit on br-95r"),
        "{out}"
    );
    assert_unit(&state(save), "br-95r", (11, 1, 0, GOOD, false));
    // fr-100 at the shaken Nassauers, 2": close 3-6, 3 dice 3,1,2 -> 1 hit: 7 - 1 = 6.
    let out = run(save, "shoot fr-100 na-2-1 2 dice=3,1,2");
    assert!(
        out.contains("3+ on the chart (close range)") && out.contains("→ 1 hit on na-2-1"),
        "{out}"
    );
    assert_unit(&state(save), "na-2-1", (6, 4, 2, SHAKEN, false));
    assert_checklist(
        &state(save),
        &[
            ("br-42", "owes_test"),
            ("nl-stv", "owes_test"),
            ("br-95r", "owes_test"),
            ("na-2-1", "owes_test"),
        ],
        &[
            ("br-79", "disordered"),
            ("fr-61", "disordered"),
            ("na-2-1", "shaken"),
            ("nl-5m", "disordered"),
        ],
    );
    // br-42, B: 1-6, -2 -> needs 3+. Rolls 3: passes.
    let out = run(save, "test br-42 roll=3");
    assert!(out.contains("needs 3+") && out.contains("passed"), "{out}");
    assert_unit(&state(save), "br-42", (10, 2, 0, GOOD, false));
    // nl-stv, C: 2-6, -2 -> needs 4+. Rolls 4: passes.
    let out = run(save, "test nl-stv roll=4");
    assert!(out.contains("needs 4+") && out.contains("passed"), "{out}");
    assert_unit(&state(save), "nl-stv", (6, 2, 0, GOOD, false));
    // br-95r, B: 1-6, -1 for one hit -> needs 2+. Rolls 1: fails: 2", shaken, 1 rout -> 10.
    let out = run(save, "test br-95r roll=1");
    assert!(out.contains("needs 2+") && out.contains("FAILED"), "{out}");
    assert_unit(&state(save), "br-95r", (10, 1, 1, SHAKEN, false));
    // na-2-1, C: 2-6, -1 for one hit, -2 shaken -> needs 5+. Rolls 2: fails, already
    // shaken: "retreats four inches, remains shaken, and suffers two rout hits" -> 4.
    let out = run(save, "test na-2-1 roll=2");
    assert!(out.contains("needs 5+") && out.contains("FAILED"), "{out}");
    let s = state(save);
    assert_unit(&s, "na-2-1", (4, 4, 4, SHAKEN, false));
    // *Shattered Units*: shattered at a quarter of 12 = 3 figures (ruling 1): at 4 it is
    // one hit from it. Both failures owe their retreat moves (*Retreat Moves*).
    assert_checklist(
        &s,
        &[],
        &[
            ("br-79", "disordered"),
            ("br-95r", "must_retreat"),
            ("br-95r", "shaken"),
            ("fr-61", "disordered"),
            ("na-2-1", "must_retreat"),
            ("na-2-1", "one_hit_from_shattering"),
            ("na-2-1", "shaken"),
            ("nl-5m", "disordered"),
        ],
    );
    next(save, "Turn 3, French: combat phase");
}

fn turn_3_combat(save: &Path) {
    // --- Combat ---------------------------------------------------------------------
    // The fight of turn 2 goes on (*Close Combat*, Procedure: a round per turn until one
    // side is forced out): both are owed a round. The cuirassiers' charge owes its own.
    assert_checklist(
        &state(save),
        &[
            ("fr-61", "in_contact"),
            ("br-79", "in_contact"),
            ("fr-8cu", "charged"),
        ],
        &[
            ("br-79", "disordered"),
            ("br-95r", "shaken"),
            ("fr-61", "disordered"),
            ("na-2-1", "one_hit_from_shattering"),
            ("na-2-1", "shaken"),
            ("nl-5m", "disordered"),
        ],
    );

    // fr-8cu (heavy cavalry B, Kellermann attached) against nl-5m (D line, 12).
    // nl-5m is disordered by the cavalry's contact (above): no defensive fire
    // (*Defensive Fire*: unsteady units get none) and -1.
    // fr-8cu: heavy cavalry 4, +2 two grades above D, +1 general attached -> 7.
    // nl-5m: infantry 2, -1 disordered -> 1. fr-8cu at advantage 3-6; nl-5m at a
    // disadvantage of 6: 6 only. Dice: 12 cavalry, a die per three -> 4; 12 infantry -> 3.
    // fr-8cu rolls 3,5,6,2 -> 3 hits; nl-5m rolls 6,4,1 -> 1 hit.
    let out = run(save, "combat fr-8cu vs nl-5m dice=3,5,6,2/6,4,1");
    assert!(
        out.contains("fr-8cu (attacker) against nl-5m: 7 points"),
        "{out}"
    );
    assert!(
        out.contains("nl-5m (defender) against fr-8cu: 1 point\n"),
        "{out}"
    );
    assert!(out.contains("4 dice at nl-5m needing 3+"), "{out}");
    assert!(out.contains("3 dice at fr-8cu needing 6+"), "{out}");
    assert!(
        out.contains("nl-5m (hits given 1, taken 3) LOST: retreats 4\", shaken, 4 rout hits"),
        "{out}"
    );
    let s = state(save);
    // nl-5m lost (1 given, 3 taken): 4" back, shaken; infantry losing to cavalry suffers
    // double rout hits: 2 x 2 = 4. 12 - 3 - 4 = 5; disordered.
    assert_unit(&s, "nl-5m", (5, 3, 4, SHAKEN, true));
    // fr-8cu won: stays, disordered; 1 loss hit -> 11. One hit only: Kellermann does
    // not roll (*Generals*: two or more hits) and rides on with the regiment.
    assert_unit(&s, "fr-8cu", (11, 1, 0, GOOD, true));
    let kellermann = general(&s, "kellermann");
    assert_eq!(
        (&kellermann["status"], &kellermann["attached"]),
        (&"in-play".into(), &"fr-8cu".into())
    );

    // The continuing fight: fr-61 (C, 10, disordered) against br-79 (B, 11, disordered).
    // fr-61: 2, -1 disordered -> 1. br-79: 2, +1 grade, -1 disordered -> 2; no
    // defensive fire (continuing combat, and unsteady). br-79 at advantage 3-6, 11
    // figures -> 3 dice; fr-61 at a disadvantage of 1, 5-6, 10 figures -> 2 dice (a last
    // 2 does not count). fr-61 rolls 6,3 -> 1 hit; br-79 rolls 4,5,2 -> 2 hits.
    let out = run(save, "combat fr-61 vs br-79 dice=6,3/4,5,2");
    assert!(out.contains("against br-79: 1 point\n"), "{out}");
    assert!(out.contains("against fr-61: 2 points"), "{out}");
    assert!(out.contains("2 dice at br-79 needing 5+"), "{out}");
    assert!(out.contains("3 dice at fr-61 needing 3+"), "{out}");
    assert!(
        out.contains("fr-61 (hits given 1, taken 2) LOST: retreats 4\", shaken, 2 rout hits"),
        "{out}"
    );
    let s = state(save);
    // fr-61 lost (1 given, 2 taken), not shaken before: 4", 2 rout hits, shaken.
    // 10 - 2 - 2 = 6, still disordered; out of contact.
    assert_unit(&s, "fr-61", (6, 4, 2, SHAKEN, true));
    // br-79 won: stays, disordered; 11 - 1 = 10.
    assert_unit(&s, "br-79", (10, 2, 0, GOOD, true));
    assert!(contact(&s, "fr-61").is_empty() && contact(&s, "br-79").is_empty());
    assert!(contact(&s, "fr-8cu").is_empty() && contact(&s, "nl-5m").is_empty());
    next(save, "Turn 3, French: reform phase");
}

fn turn_3_reform(save: &Path) {
    // --- Reform ---------------------------------------------------------------------
    let s = state(save);
    // Both disordered French units fought this turn: nothing may reform.
    assert_checklist(
        &s,
        &[],
        &[
            ("allies", "army_morale"),
            ("br-79", "disordered"),
            ("br-95r", "shaken"),
            ("fr-61", "disordered"),
            ("fr-61", "shaken"),
            ("fr-8cu", "disordered"),
            ("france", "army_morale"),
            ("na-2-1", "one_hit_from_shattering"),
            ("na-2-1", "shaken"),
            ("nl-5m", "disordered"),
            ("nl-5m", "shaken"),
        ],
    );
    // French: fr-61 shaken (fr-92 rallied) -> 1. Allies: na-2-1, br-95r, nl-5m -> 3.
    assert_army_morale(&s, 1, 3);
    next(save, "Turn 4, Anglo-Allied: rally phase");
}

fn turn_4_begins(save: &Path) {
    // ================================ TURN 4 begins ================================
    let s = state(save);
    assert_phase(&s, 4, "allies", "rally");
    assert_no_army_broken(&s);
    // The Allies' three shaken units, none in contact, may try to rally.
    assert_eq!(
        checklist(&s, "open"),
        pairs(&[
            ("na-2-1", "may_rally"),
            ("br-95r", "may_rally"),
            ("nl-5m", "may_rally"),
        ])
    );

    // The whole roster: (figures, loss, rout, morale, disordered), formation, command.
    let roster: [(&str, Figures, &str, &str); 28] = [
        // French
        ("fr-2lg", (12, 0, 0, GOOD, false), "line", "in"),
        ("fr-61", (6, 4, 2, SHAKEN, true), "line", "in"),
        ("fr-108", (10, 2, 0, GOOD, false), "line", "in"),
        ("fr-4lg", (10, 2, 0, GOOD, false), "line", "in"),
        ("fr-92", (9, 2, 1, GOOD, false), "line", "in"),
        ("fr-93", (12, 0, 0, GOOD, false), "line", "in"),
        ("fr-100", (12, 0, 0, GOOD, false), "line", "in"),
        ("fr-1lg", (12, 0, 0, GOOD, false), "line", "in"),
        ("fr-3", (10, 2, 0, GOOD, false), "line", "out"),
        ("fr-6la", (12, 0, 0, GOOD, false), "line", "in"),
        ("fr-1ch", (12, 0, 0, GOOD, false), "line", "in"),
        ("fr-8cu", (11, 1, 0, GOOD, true), "line", "in"),
        ("fr-ft", (8, 0, 0, GOOD, false), "unlimbered", "in"),
        ("fr-hb", (6, 0, 0, GOOD, false), "unlimbered", "in"),
        // Allies
        ("nl-27j", (10, 2, 0, GOOD, false), "line", "in"),
        ("nl-5m", (5, 3, 4, SHAKEN, true), "line", "in"),
        ("na-2-1", (4, 4, 4, SHAKEN, false), "line", "in"),
        ("nl-stv", (6, 2, 0, GOOD, false), "unlimbered", "in"),
        ("br-95r", (10, 1, 1, SHAKEN, false), "line", "in"),
        ("br-28", (9, 2, 1, GOOD, false), "line", "in"),
        ("br-79", (10, 2, 0, GOOD, true), "line", "in"),
        ("br-42", (10, 2, 0, GOOD, false), "column", "in"),
        ("br-92", (12, 0, 0, GOOD, false), "line", "in"),
        ("br-44", (12, 0, 0, GOOD, false), "line", "in"),
        ("br-rog", (6, 0, 0, GOOD, false), "unlimbered", "in"),
        ("bw-avg", (10, 2, 0, GOOD, false), "line", "in"),
        ("bw-hus", (12, 0, 0, GOOD, false), "line", "in"),
        ("nl-6h", (12, 0, 0, GOOD, false), "line", "in"),
    ];
    assert_eq!(s["units"].as_array().unwrap().len(), roster.len());
    for (id, figures, formation, command) in roster {
        assert_unit(&s, id, figures);
        let u = unit(&s, id);
        assert_eq!(u["formation"], formation, "{id}");
        assert_eq!(u["command"], command, "{id}");
        assert_eq!(u["on_table"], true, "{id}");
        // Every figure is accounted for: start = figures + loss + rout.
        assert_eq!(
            u["start"].as_u64().unwrap(),
            figures.0 + figures.1 + figures.2,
            "{id}"
        );
    }
    // Untouched units (no hit of any kind) still have their starting figures.
    for u in s["units"].as_array().unwrap() {
        if u["loss_hits"] == 0 && u["rout_hits"] == 0 {
            assert_eq!(u["figures"], u["start"], "{}", u["id"]);
        }
    }
    // Every general survived: Kellermann with the cuirassiers, Brunswick with his
    // Avantgarde, the others free.
    for g in s["generals"].as_array().unwrap() {
        assert_eq!(g["status"], "in-play", "{}", g["id"]);
    }
}
