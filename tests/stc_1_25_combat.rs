//! Close combat under *Sound the Charge 1:25*, played through the CLI with the players'
//! dice as a referee would: `new`, `next` to the combat phase (rally → movement →
//! shooting → combat), `do … combat`, `show --json`.
//!
//! Every expected number is worked out from the text
//! (`../shared/rules/sound-the-charge-1-25.txt`: *Combat*, the playsheet's combat point
//! modifiers and scores to hit, *Attacking Artillery*, *Danger to Generals*, *Retreat
//! Moves*) and, where it is unclear, from `docs/rulings-stc-1-25.md` (R-numbers). The
//! dice counted: a die per 4 infantry or crew models, a last 3 counting; a die per 3
//! cavalry, a last 2 counting; a line strikes with all its models, a column with its
//! front rank, 8 infantry wide (R14).
//!
//! Most fights are on `tests/data/stc-1-25-combat.toml`: pairs of grade C units unless
//! named otherwise, Blue active in turn 1.

mod common;

use common::cli::{act, json_unit as unit, new_save, refused_by_cli as refused, show_json};
use serde_json::Value;
use std::path::{Path, PathBuf};
use tempfile::TempDir;

const DRILL: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/stc-1-25-combat.toml"
);

/// A new save of `scenario`, moved on to the first combat phase.
fn at_combat(folder: &TempDir, scenario: &str) -> PathBuf {
    let save = new_save(folder.path(), "battle.toml", scenario, 1125);
    for phase in ["movement", "shooting", "combat"] {
        let out = act(&save, "next");
        assert!(out.contains(&format!("{phase} phase")), "{out}");
    }
    save
}

fn number(state: &Value, id: &str, field: &str) -> u64 {
    unit(state, id)[field]
        .as_u64()
        .unwrap_or_else(|| panic!("{id} has no {field}"))
}

fn text<'a>(state: &'a Value, id: &str, field: &str) -> &'a str {
    unit(state, id)[field].as_str().unwrap_or("")
}

fn disordered(state: &Value, id: &str) -> bool {
    unit(state, id)["disordered"] == true
}

fn has(out: &str, wanted: &str) {
    assert!(out.contains(wanted), "wanted {wanted:?} in:\n{out}");
}

#[test]
fn the_guards_beat_a_french_column_at_barrosa() {
    let folder = TempDir::new().unwrap();
    let save = at_combat(&folder, "barrosa");
    // The Guards (line infantry, grade A, 24 models, Graham with them): 3 base, +2 for two
    // grades above the 96e's C (R31), +1 general with unit = 6. The 96e in column: 3, and
    // no defensive fire, not being in line = 3. Ahead by 3: the Guards hit on 3-6, the
    // French, 3 behind, on a 6 only.
    // Dice: the Guards' line of 24, 6 dice; the column's front rank of 8 of its 28, 2.
    let out = act(&save, "combat br-guards vs fr-96 dice=1,2,3,4,5,6/1,2");
    has(&out, "br-guards (attacker) against fr-96: 6 points");
    has(&out, "+2 grade A against C");
    has(&out, "+1 general with unit");
    has(&out, "fr-96 (defender) against br-guards: 3 points");
    has(&out, "+0 no defensive fire: not in line");
    has(&out, "24 models: a die per 4, a last 3 counts");
    has(&out, "8 models: a die per 4, a last 3 counts");
    has(&out, "6 dice at fr-96 needing 3+ (advantage, 6 CP to 3)");
    has(
        &out,
        "2 dice at br-guards needing 6+ (disadvantage by 3, 3 CP to 6)",
    );
    // 3, 4, 5 and 6 hit: 4 hits to none. The loser retreats 6-24" (the player's choice)
    // with 4 rout hits and is shaken; its hits disorder it (R33); the Guards, unhit, stay
    // in order.
    has(&out, "WON: stays in place\n");
    has(
        &out,
        "LOST: retreats 6-24\", shaken, 4 rout hits, disordered",
    );
    has(
        &out,
        "must retreat 6-24\" (the player's choice), facing the enemy or about face",
    );
    let state = show_json(&save);
    // 28 - 4 loss hits - 4 rout hits = 20.
    assert_eq!(number(&state, "fr-96", "figures"), 20);
    assert_eq!(number(&state, "fr-96", "loss_hits"), 4);
    assert_eq!(number(&state, "fr-96", "rout_hits"), 4);
    assert_eq!(text(&state, "fr-96", "morale"), "shaken");
    assert!(disordered(&state, "fr-96"));
    assert!(!disordered(&state, "br-guards"));
    assert_eq!(number(&state, "br-guards", "figures"), 24);
    let watch = state["checklist"]["watch"].to_string();
    has(&watch, "fr-96 retreats 6-24\\\" (the player's choice)");
}

#[test]
fn a_loser_that_cannot_retreat_its_6_to_24_inches_clear_of_a_new_enemy_is_eliminated() {
    // *Retreat Moves*: the loser moves 6-24" away; a unit that cannot retreat without
    // contacting a new enemy unit is eliminated. The table judges the path; the referee
    // says so with `retreat <unit> blocked`.
    let folder = TempDir::new().unwrap();
    let save = at_combat(&folder, "barrosa");
    act(&save, "combat br-guards vs fr-96 dice=1,2,3,4,5,6/1,2");
    let out = act(&save, "retreat fr-96 blocked");
    has(
        &out,
        "fr-96 (1/96e Ligne) is ELIMINATED: it could not retreat 6-24\" without contacting a \
         new enemy unit",
    );
    assert_eq!(text(&show_json(&save), "fr-96", "status"), "eliminated");
}

#[test]
fn a_shaken_loser_shatters_on_a_three_and_survives_a_four_with_eight_rout_hits() {
    let folder = TempDir::new().unwrap();
    let save = at_combat(&folder, DRILL);
    act(&save, "shaken r-shaken1");
    act(&save, "shaken r-shaken2");
    // Blue Line (3 CP) against a shaken column (3, no defensive fire, -2 shaken = 1):
    // Blue 2 ahead hits on 3-6, the column 2 behind on 5-6. 6 dice against 2.
    let out = act(
        &save,
        "combat b-foot vs r-shaken1 dice=3,3,1,1,1,1/1,1 shaken=3",
    );
    has(&out, "r-shaken1 (defender) against b-foot: 1 point\n");
    has(&out, "-2 shaken");
    has(&out, "needing 3+ (advantage, 3 CP to 1)");
    has(&out, "needing 5+ (disadvantage, 1 CP to 3)");
    // Two hits to none: it lost while shaken, and its die is a 3: shattered, gone (R9).
    has(&out, "LOST while shaken: a 3 on its die (1-3), SHATTERED");
    has(&out, "r-shaken1 lost the round while shaken");
    has(
        &out,
        "is ELIMINATED: lost the round while shaken and shattered on a 3",
    );
    // Blue Column (column front rank 8: 2 dice), the same 3 CP to 1. Two sixes; the
    // shaken loser's die is a 4: it retreats, with 8 rout hits instead of 4.
    let out = act(&save, "combat b-col vs r-shaken2 dice=6,6/1,1 shaken=4");
    has(
        &out,
        "LOST: retreats 6-24\", stays shaken, 8 rout hits, disordered \
         (already shaken: a 4 (1-3 shatters), 8 rout hits)",
    );
    has(&out, "→ holds together: retreats with 8 rout hits");
    let state = show_json(&save);
    assert_eq!(text(&state, "r-shaken1", "status"), "eliminated");
    assert_eq!(unit(&state, "r-shaken1")["on_table"], false);
    // 16 - 2 loss hits - 8 rout hits = 6, above the quarter (4) that shatters (R26).
    assert_eq!(number(&state, "r-shaken2", "figures"), 6);
    assert_eq!(number(&state, "r-shaken2", "rout_hits"), 8);
    assert_eq!(text(&state, "r-shaken2", "status"), "in-play");
    // The winners took no hits: not disordered (R33).
    assert!(!disordered(&state, "b-foot") && !disordered(&state, "b-col"));
}

#[test]
fn the_shaken_losers_die_is_refused_when_missing_surplus_or_not_owed() {
    let folder = TempDir::new().unwrap();
    let save = at_combat(&folder, DRILL);
    act(&save, "shaken r-shaken1");
    let round = "combat b-foot vs r-shaken1 dice=3,3,1,1,1,1/1,1";
    let why = refused(&save, round);
    has(
        &why,
        "r-shaken1 lost the round while already shaken: add shaken=<die>",
    );
    let why = refused(&save, &format!("{round} shaken=3,4"));
    has(&why, "shaken= has 2 dice; 1 shaken loser rolls: r-shaken1");
    let why = refused(&save, &format!("{round} shaken=0"));
    has(&why, "'0' is not a die");
    // r-shaken2 is not shaken: its loss owes no die.
    let why = refused(&save, "combat b-col vs r-shaken2 dice=6,6/1,1 shaken=4");
    has(
        &why,
        "shaken= given but no unit lost the round while already shaken",
    );
    // Refusals changed nothing: the round can still be fought.
    act(&save, &format!("{round} shaken=5"));
    assert_eq!(number(&show_json(&save), "r-shaken1", "rout_hits"), 8);
}

#[test]
fn cavalry_beating_infantry_adds_pursuit_hits() {
    let folder = TempDir::new().unwrap();
    let save = at_combat(&folder, DRILL);
    // Blue Dragoons (heavy cavalry, 12 models in line): 5 base, +2 steady cavalry against
    // infantry not in square = 7. Red Line, steady, in line, first round: 3 and +1
    // infantry defensive fire = 4. The dragoons 3 ahead hit on 3-6, the line on a 6.
    // Dice: 12 cavalry models, 4; 24 infantry in line, 6.
    let out = act(&save, "combat b-hc vs r-line dice=3,4,5,6/6,1,1,1,1,1");
    has(&out, "+2 steady cav");
    has(&out, "+1 infantry defensive fire");
    has(&out, "4 dice at r-line needing 3+ (advantage, 7 CP to 4)");
    has(
        &out,
        "6 dice at b-hc needing 6+ (disadvantage by 3, 4 CP to 7)",
    );
    // 4 hits to 1. The dragoons have 11 models after the round: 3 pursuit hits, one per
    // full 3 (R10), on top of the 4 rout hits.
    has(
        &out,
        "LOST: retreats 6-24\", shaken, 4 rout hits, 3 pursuit hits, disordered \
         (infantry beaten by 11 cavalry models: 3 pursuit hits)",
    );
    // The winner was hit once: disordered (R33).
    has(&out, "WON: stays in place, disordered");
    let state = show_json(&save);
    // 24 - 4 hits - 4 rout - 3 pursuit = 13; pursuit hits are loss hits (R50).
    assert_eq!(number(&state, "r-line", "figures"), 13);
    assert_eq!(number(&state, "r-line", "loss_hits"), 7);
    assert_eq!(number(&state, "r-line", "rout_hits"), 4);
    assert_eq!(number(&state, "b-hc", "figures"), 11);
    assert!(disordered(&state, "b-hc"));
}

#[test]
fn lancers_gain_a_point_in_the_first_round_only() {
    let folder = TempDir::new().unwrap();
    let save = at_combat(&folder, DRILL);
    // Blue Lancers (light cavalry, lances) charge Red Chasseurs: 3 base, +1 steady
    // lancers in the first round = 4 against 3. Ahead: 3-6; the chasseurs behind: 5-6.
    let out = act(&save, "combat b-lancers vs r-lc dice=3,3,1,1/5,1,1,1");
    has(&out, "b-lancers (attacker) against r-lc: 4 points");
    has(&out, "+1 steady lancers, first round");
    has(&out, "4 dice at r-lc needing 3+ (advantage, 4 CP to 3)");
    has(
        &out,
        "4 dice at b-lancers needing 5+ (disadvantage, 3 CP to 4)",
    );
    // Cavalry beaten by cavalry takes no pursuit hits: 4 rout hits only.
    has(
        &out,
        "LOST: retreats 6-24\", shaken, 4 rout hits, disordered\n",
    );
    // The second lancers in a combat already going on: 3 against 3, even, 4-6 each.
    let out = act(
        &save,
        "combat b-lancers2 vs r-lc2 continuing dice=4,1,1,1/4,1,1,1",
    );
    assert!(!out.contains("lancers, first round"), "{out}");
    has(&out, "b-lancers2 (attacker) against r-lc2: 3 points");
    has(&out, "needing 4+ (even, 3 CP each)");
    // One hit each: neither lost; the combat goes on, each disordered by its hit (R33).
    has(&out, "holds: the combat goes on next turn, disordered");
    let state = show_json(&save);
    // 12 - 2 hits - 4 rout hits = 6.
    assert_eq!(number(&state, "r-lc", "figures"), 6);
    // One hit each: 11 models, disordered, both.
    for id in ["b-lancers2", "r-lc2"] {
        assert_eq!(number(&state, id, "figures"), 11);
        assert!(disordered(&state, id), "{id}");
    }
}

#[test]
fn guns_without_defensive_fire_are_overrun_and_with_it_hold_without_losses() {
    let folder = TempDir::new().unwrap();
    let save = at_combat(&folder, DRILL);
    // Limbered guns make no defensive fire (R13): eliminated without a fight, no dice.
    let out = act(&save, "combat b-col2 vs r-limbered");
    has(
        &out,
        "OVERRUN: guns without defensive fire are taken without a fight, ELIMINATED",
    );
    has(&out, "b-col2 (hits given 0, taken 0) WON: stays in place");
    // Unlimbered field guns: 0 crew, +4 artillery defensive fire = 4, against Blue Line's
    // 3. The line, behind, hits on 5-6 with 6 dice; 8 crew roll 2 dice at 3-6.
    let out = act(&save, "combat b-foot vs r-battery dice=5,1,1,1,1,1/3,1");
    has(&out, "+4 artillery defensive fire");
    has(
        &out,
        "6 dice at r-battery needing 5+ (disadvantage, 3 CP to 4)",
    );
    has(&out, "2 dice at b-foot needing 3+ (advantage, 4 CP to 3)");
    // One hit each: the guns did not lose, so they hold and take no losses, and the
    // attacker, not having won, is driven back (R11).
    has(&out, "GUNS HOLD: the crews take no hits");
    has(
        &out,
        "LOST: retreats 6-24\", shaken, 4 rout hits, disordered \
         (did not beat the guns: driven back)",
    );
    let state = show_json(&save);
    assert_eq!(text(&state, "r-limbered", "status"), "eliminated");
    assert_eq!(number(&state, "r-battery", "figures"), 8);
    // 24 - 1 hit - 4 rout hits.
    assert_eq!(number(&state, "b-foot", "figures"), 19);
}

#[test]
fn a_general_with_four_combat_hits_on_his_unit_is_killed_on_a_one() {
    let folder = TempDir::new().unwrap();
    let save = at_combat(&folder, DRILL);
    // Blue Guard (grade A, line): 3 +2 grades = 5. Red Grenadiers in column with the Red
    // General: 3 +1 general = 4. The Guard ahead hits on 3-6, the grenadiers on 5-6.
    // Three hits are not enough to put the general at risk (*Danger to Generals*: 4).
    let why = refused(&save, "combat b-guard vs r-big dice=3,3,3,1,1,1/6,1 gen=1");
    has(&why, "gen= given but no general is at risk");
    // Four hits: he must roll, and the players typed the round's dice, so his too.
    let round = "combat b-guard vs r-big dice=3,3,3,3,1,1/1,1";
    let why = refused(&save, round);
    has(&why, "Red General (with r-big) at risk: add gen=<die>");
    let out = act(&save, &format!("{round} gen=1"));
    has(&out, "b-guard (attacker) against r-big: 5 points");
    has(&out, "r-big (defender) against b-guard: 4 points");
    has(&out, "+1 general with unit");
    has(&out, "4 hits on his unit: a 1 kills");
    has(&out, "Red General is KILLED");
    let state = show_json(&save);
    assert_eq!(state["generals"][0]["status"], "killed");
    // 24 - 4 hits - 4 rout hits.
    assert_eq!(number(&state, "r-big", "figures"), 16);
}

#[test]
fn skirmishers_in_works_fight_as_close_order_and_a_trapped_loser_is_eliminated() {
    let folder = TempDir::new().unwrap();
    let save = at_combat(&folder, DRILL);
    // Skirmishers in the open evade a close-order attack (*Skirmishers*).
    let why = refused(&save, "combat b-col vs r-skirm dice=1,1/3,1");
    has(&why, "skirmishers evade close-order attacks");
    // In fieldworks they are close order (R28): 3 CP. The works are soft cover in
    // combat (*Fieldworks*): the column 3 -1 = 2, behind, hits on 5-6 with its 2 dice;
    // the 8 voltigeurs, ahead, on 3-6 with 2. A column trapped between enemies cannot
    // retreat: losing, it is eliminated.
    let out = act(
        &save,
        "combat b-col vs r-skirm works soft trapped=b-col dice=1,1/3,1",
    );
    has(&out, "r-skirm (defender) against b-col: 3 points");
    has(&out, "-1 against soft cover");
    has(
        &out,
        "2 dice at r-skirm needing 5+ (disadvantage, 2 CP to 3)",
    );
    has(&out, "2 dice at b-col needing 3+ (advantage, 3 CP to 2)");
    has(&out, "LOST and cannot retreat: ELIMINATED");
    let state = show_json(&save);
    assert_eq!(text(&state, "b-col", "status"), "eliminated");
    // Skirmishers are never disordered by a winning round (R33): they took no hit anyway.
    assert!(!disordered(&state, "r-skirm"));
}

#[test]
fn each_ruleset_refuses_the_other_rulesets_combat_words() {
    let folder = TempDir::new().unwrap();
    let save = at_combat(&folder, DRILL);
    let round = "combat b-foot vs r-line dice=3,3,3,1,1,1/1,1,1,1,1,1";
    for (word, reason) in [
        ("rough", "woods give no cover in combat"),
        ("stationary=b-foot", "stationary cavalry"),
        ("follow=3", "cavalry following up"),
    ] {
        let why = refused(&save, &format!("{round} {word}"));
        has(&why, "has no meaning in Sound the Charge 1:25");
        has(&why, reason);
    }
    // Only cavalry reinforces a combat from behind a friend in 1:25.
    let why = refused(
        &save,
        "combat b-hc,b-col:8 vs r-line rear=b-col dice=3,3,3,3/1,1/1,1,1,1,1,1",
    );
    has(&why, "b-col is not cavalry");
    // The original has no works, obstacle or shaken loser's die.
    let stc = TempDir::new().unwrap();
    let mill = new_save(stc.path(), "mill.toml", "tutorial", 7);
    while show_json(&mill)["phase"] != "combat" {
        act(&mill, "next");
    }
    for (word, reason) in [
        ("works", "buildings and fieldworks"),
        ("obstacle", "an obstacle in combat"),
        ("shaken=3", "a shaken loser's die"),
    ] {
        let why = refused(&mill, &format!("combat a vs b {word}"));
        has(&why, "has no meaning in Sound the Charge:");
        has(&why, reason);
    }
}

/// The app throws the shaken loser's die itself when the players leave the dice to it,
/// from the same stream as the round's, so `undo` and the same command throw it again.
#[test]
fn the_app_throws_the_shaken_losers_die_from_its_stream() {
    let folder = TempDir::new().unwrap();
    let save: &Path = &at_combat(&folder, DRILL);
    act(save, "shaken r-shaken1");
    // Seed 1125 gives the Guard (5 CP to the shaken column's 1, 3-6 to hit) 2 1 3 5 1 6,
    // three hits, and the column (a 6 needed) 5 4: it lost, and its die is a 4.
    let out = act(save, "combat b-guard vs r-shaken1");
    has(&out, "Close combat: b-guard vs r-shaken1 (rolled)");
    has(&out, "2 1 [3] [5] 1 [6] → 3 hits");
    has(&out, "rolled: 4");
    has(&out, "→ holds together: retreats with 8 rout hits");
    // 16 - 3 hits - 8 rout hits.
    assert_eq!(number(&show_json(save), "r-shaken1", "figures"), 5);
    act(save, "undo");
    assert_eq!(act(save, "combat b-guard vs r-shaken1"), out);
}
