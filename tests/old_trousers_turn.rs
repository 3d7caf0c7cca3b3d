//! *Old Trousers II* on Vimeiro through the CLI with typed dice: the game turn's shape, the
//! initiative and its modifiers, moves, charges, failed charges and routs. Every figure is
//! worked from `../shared/rules/old-trousers-ii-excerpt.txt` (pages are the rulebook's).
//!
//! Vimeiro's ratings: the British have Wellesley (army, leadership excellent) and a
//! competent staff; the French have Junot (army, leadership average) and a professional
//! staff. Random events are in play.

mod common;

use common::cli::{act, json_unit, new_save, refused_by_cli, show_json};
use std::path::Path;

fn step(save: &Path, times: usize) {
    for _ in 0..times {
        act(save, "next");
    }
}

fn where_now(save: &Path) -> (u64, String, String) {
    let state = show_json(save);
    (
        state["turn"].as_u64().unwrap_or_default(),
        state["active"].as_str().unwrap_or_default().to_owned(),
        state["phase"].as_str().unwrap_or_default().to_owned(),
    )
}

#[test]
fn the_initiative_decides_who_moves_first_and_momentum_follows_him() {
    let dir = tempfile::tempdir().expect("temp dir");
    let save = new_save(dir.path(), "v.toml", "vimeiro", 1);
    // *Sequence of Play* (p9): nothing moves before the initiative is settled.
    assert!(refused_by_cli(&save, "next").contains("roll the initiative first"));

    // *Initiative Die Roll Modifiers* (p10): British 3 + 2 (excellent leader) + 0
    // (competent staff) = 5; French 6 + 0 (average leader) + 1 (professional staff) = 7.
    let told = act(&save, "initiative britain=3 france=6");
    assert!(told.contains("+2 excellent senior leader"), "{told}");
    assert!(told.contains("d10 3, total 5"), "{told}");
    assert!(told.contains("+1 professional staff"), "{told}");
    assert!(told.contains("d10 6, total 7"), "{told}");
    assert!(told.contains("French win the initiative"), "{told}");
    assert!(refused_by_cli(&save, "initiative britain=9 france=1").contains("settled"));

    // The winner may let the other side go first (p9); the British then do.
    act(&save, "initiative first=britain");
    act(&save, "next");
    assert_eq!(
        where_now(&save),
        (1, "britain".into(), "random-events".into())
    );
    act(&save, "next");
    assert_eq!(where_now(&save), (1, "britain".into(), "orders".into()));
    // Orders, rally, movement, stationary fire, charge test, moving fire, melee,
    // breakthrough: eight steps for each player (p9).
    step(&save, 7);
    assert_eq!(
        where_now(&save),
        (1, "britain".into(), "breakthrough".into())
    );
    act(&save, "next");
    assert_eq!(where_now(&save), (1, "france".into(), "orders".into()));
    step(&save, 8);
    assert_eq!(where_now(&save), (2, "france".into(), "initiative".into()));

    // Turn 2: momentum goes to whoever moved first, chosen or not (p10): the British.
    // British 5 + 2 + 0 + 1 (momentum) = 8; French 5 + 0 + 1 + 2 (surprise) = 8: a tie.
    let told = act(&save, "initiative britain=5 france=5 surprise=france");
    assert!(told.contains("+1 momentum"), "{told}");
    assert!(told.contains("+2 surprise"), "{told}");
    assert!(told.contains("tied"), "{told}");
    let checklist = show_json(&save)["checklist"]["open"].to_string();
    assert!(checklist.contains("initiative_to_roll"), "{checklist}");
    // A tie is rolled again with no modifiers at all (p9): 4 against 2, British.
    let told = act(&save, "initiative britain=4 france=2");
    assert!(told.contains("d10 4, total 4"), "{told}");
    assert!(told.contains("d10 2, total 2"), "{told}");
    assert!(!told.contains("momentum"), "{told}");
    act(&save, "next");
    assert_eq!(
        where_now(&save),
        (2, "britain".into(), "random-events".into())
    );
}

#[test]
fn initiative_refusals_change_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let save = new_save(dir.path(), "v.toml", "vimeiro", 1);
    assert!(refused_by_cli(&save, "initiative britain=3").contains("type both players' d10s"));
    assert!(refused_by_cli(&save, "initiative britain=11 france=2").contains("d10 shows 1 to 10"));
    assert!(refused_by_cli(&save, "initiative prussia=3 france=2").contains("no side 'prussia'"));
    assert!(refused_by_cli(&save, "initiative first=britain").contains("nobody has won"));
    assert!(refused_by_cli(&save, "initiative first").contains("usage: initiative"));
    let why = refused_by_cli(&save, "shoot br-95 fr-4leg");
    assert!(
        why.contains("`shoot` is not an Old Trousers II command"),
        "{why}"
    );
    assert_eq!(where_now(&save), (1, "france".into(), "initiative".into()));
}

/// Turn 1 with the French moving first, at their movement subsegment.
fn french_movement(dir: &Path) -> std::path::PathBuf {
    let save = new_save(dir, "v.toml", "vimeiro", 1);
    act(&save, "initiative britain=1 france=9");
    // Random events, orders, rally, then movement.
    step(&save, 4);
    assert_eq!(where_now(&save), (1, "france".into(), "movement".into()));
    save
}

#[test]
fn a_move_costs_what_its_formation_change_and_ground_cost() {
    let dir = tempfile::tempdir().expect("temp dir");
    let save = french_movement(dir.path());
    // *Movement: Formation Changes* (p15): the allowance is the slowest formation's,
    // attack column 6" and line 4" (*Movement Table*, p16), so 4"; French infantry pays
    // a quarter of it to change: 4 - 1 = 3".
    let told = act(&save, "move fr-86 to=line");
    assert!(told.contains("moves: up to 3\""), "{told}");
    assert_eq!(json_unit(&show_json(&save), "fr-86")["formation"], "line");
    assert!(refused_by_cli(&save, "move fr-86").contains("has moved this turn already"));
    // A battery unlimbering costs half its move (p15), then drags by prolonge at 2"
    // (ruling 21): 2 - 1 = 1".
    let told = act(&save, "move fr-foy to=unlimbered prolong");
    assert!(told.contains("up to 1\""), "{told}");
    // Formed units may not enter heavy woods (*Movement: Terrain Effects*, p16).
    assert!(refused_by_cli(&save, "move fr-32 area=heavy-woods").contains("heavy woods"));
    // Line 4" less a quarter to form it (1") less a stone wall (3", p16): nothing left.
    let why = refused_by_cli(&save, "move fr-gren to=line cross=wall");
    assert!(why.contains("cannot make them all this turn"), "{why}");
    // Poor ground halves a formed unit's pace: an attack column's 6" covers 3".
    assert!(act(&save, "move fr-32 area=poor").contains("up to 3\""));
    // Only the phasing player moves.
    assert!(refused_by_cli(&save, "move br-50").contains("only the active side"));
}

#[test]
fn a_charge_adds_its_bonus_and_a_failed_one_falls_back() {
    let dir = tempfile::tempdir().expect("temp dir");
    let save = french_movement(dir.path());
    // Light cavalry in company column moves 18" (p16), and a charge adds 2d6 for
    // cavalry (ruling 19): 18 + 3 + 4 = 25".
    let told = act(&save, "charge fr-26ch br-95 dice=3,4");
    assert!(told.contains("+7\" charge bonus"), "{told}");
    assert!(
        told.contains("charges br-95 (2/95th Rifles): up to 25\""),
        "{told}"
    );
    // Infantry adds one die: the attack column's 6" + 5 = 11".
    assert!(act(&save, "charge fr-gren br-50 dice=5").contains("up to 11\""));
    assert!(refused_by_cli(&save, "charge fr-32 br-50 dice=5,5").contains("rolls 1 die"));
    assert!(refused_by_cli(&save, "charge fr-foy br-50").contains("guns do not charge"));
    assert!(refused_by_cli(&save, "charge fr-32 fr-86 dice=2").contains("own side"));
    // Who may charge (p17, p21; ruling 42): never infantry at cavalry, never infantry
    // skirmishers, never cavalry into woods.
    let why = refused_by_cli(&save, "charge fr-32 br-20ld dice=2");
    assert!(why.contains("infantry never charges cavalry"), "{why}");
    let why = refused_by_cli(&save, "charge fr-4leg br-95 dice=2");
    assert!(why.contains("infantry skirmishers never charge"), "{why}");
    // Stationary fire, then the charge test (its table is not in the excerpt).
    step(&save, 2);
    let watch = show_json(&save)["checklist"]["watch"].to_string();
    assert!(watch.contains("excerpt_stops"), "{watch}");
    // Cavalry that fails its test is disordered and falls back 2d6" (p22): 2 + 6 = 8".
    let told = act(&save, "fallback fr-26ch dice=2,6");
    assert!(told.contains("falls back 8\""), "{told}");
    assert_eq!(json_unit(&show_json(&save), "fr-26ch")["disordered"], true);
    // Infantry halts, disordered, and rolls nothing.
    assert!(refused_by_cli(&save, "fallback fr-gren dice=2,6").contains("rolls nothing"));
    act(&save, "fallback fr-gren");
    assert_eq!(json_unit(&show_json(&save), "fr-gren")["disordered"], true);
    assert!(refused_by_cli(&save, "fallback fr-32").contains("did not charge"));
}

#[test]
fn a_routed_unit_runs_and_a_rally_is_recorded_by_hand() {
    let dir = tempfile::tempdir().expect("temp dir");
    let save = french_movement(dir.path());
    // *Movement: Routs* (p17): infantry routs 2d6", the first 6" straight back.
    let told = act(&save, "rout fr-gren dice=2,5");
    assert!(
        told.contains("routs 7\": the first 6\" straight back"),
        "{told}"
    );
    assert_eq!(json_unit(&show_json(&save), "fr-gren")["morale"], "routed");
    assert!(refused_by_cli(&save, "move fr-gren").contains("is routed"));
    // Cavalry routs on 3d6.
    assert!(refused_by_cli(&save, "rout fr-26ch dice=1,2").contains("rolls 3 dice"));
    // Later rout moves belong to its own rally subsegment.
    assert!(refused_by_cli(&save, "rout fr-gren dice=1,1").contains("rally phase"));
    // *Command Points*, p13: no rally without an order bought for a point; Delaborde's
    // command is under Attack, not Rally (ruling 49).
    let why = refused_by_cli(&save, "unrout fr-gren");
    assert!(why.contains("no order to rally"), "{why}");
    assert!(why.contains("`cp delaborde fr-gren`, p13"), "{why}");
    act(&save, "cp delaborde fr-gren");
    // Rallied at the table: back to shaken (ruling 40).
    act(&save, "unrout fr-gren");
    assert_eq!(json_unit(&show_json(&save), "fr-gren")["morale"], "shaken");
    assert!(refused_by_cli(&save, "unrout fr-gren").contains("not routed"));
}

#[test]
fn squares_and_disordered_units_move_as_the_text_says() {
    let dir = tempfile::tempdir().expect("temp dir");
    let save = french_movement(dir.path());
    // A disordered unit may not change formation (*Disorder*, p18).
    act(&save, "disorder fr-32");
    let why = refused_by_cli(&save, "move fr-32 to=line");
    assert!(
        why.contains("disordered: it may not change formation"),
        "{why}"
    );
    // Any square that moves is disordered (p16): squares move 2".
    act(&save, "form fr-gren square");
    let told = act(&save, "move fr-gren");
    assert!(told.contains("up to 2\""), "{told}");
    assert_eq!(json_unit(&show_json(&save), "fr-gren")["disordered"], true);
}

#[test]
fn random_events_that_bind_the_table_are_applied() {
    let dir = tempfile::tempdir().expect("temp dir");
    let save = new_save(dir.path(), "v.toml", "vimeiro", 1);
    act(&save, "initiative britain=1 france=9");
    act(&save, "next");
    // *Random Event Table* (p10): 1 draws an event, 5 is Difficult terrain: nothing of
    // the French in woods or poor ground moves this turn.
    let told = act(&save, "event france d10=1,5");
    assert!(told.contains("Difficult terrain"), "{told}");
    step(&save, 3);
    assert_eq!(where_now(&save), (1, "france".into(), "movement".into()));
    let why = refused_by_cli(&save, "move fr-32 area=poor");
    assert!(why.contains("Difficult terrain"), "{why}");
    act(&save, "move fr-32");
    // A routed unit in its side's rally phase owes its rout move (p9).
    act(&save, "rout fr-86 dice=3,3");
    step(&save, 6);
    assert_eq!(where_now(&save), (1, "britain".into(), "orders".into()));
    step(&save, 8);
    act(&save, "initiative britain=1 france=9");
    act(&save, "next");
    step(&save, 2);
    assert_eq!(where_now(&save), (2, "france".into(), "rally".into()));
    let open = show_json(&save)["checklist"]["open"].to_string();
    assert!(open.contains("must_rout"), "{open}");
    // Back to the next turn's events: 10 is Rout halted, routed units recover to shaken.
    step(&save, 15);
    act(&save, "initiative britain=1 france=9");
    act(&save, "next");
    assert_eq!(
        where_now(&save),
        (3, "france".into(), "random-events".into())
    );
    act(&save, "event france d10=2,10");
    assert_eq!(json_unit(&show_json(&save), "fr-86")["morale"], "shaken");
}

#[test]
fn one_order_a_segment_may_go_to_several_commands() {
    let dir = tempfile::tempdir().expect("temp dir");
    let save = new_save(dir.path(), "v.toml", "vimeiro", 1);
    act(&save, "initiative britain=1 france=9");
    step(&save, 2);
    assert_eq!(where_now(&save), (1, "france".into(), "orders".into()));
    // *Orders* (p12): an army or corps commander issues one order a segment, but that
    // single order may be sent to more than one command.
    act(&save, "order delaborde engage");
    act(&save, "order margaron engage");
    let why = refused_by_cli(&save, "order margaron attack");
    assert!(
        why.contains("one order of this order segment (engage"),
        "{why}"
    );
}

#[test]
fn a_disabled_commander_is_replaced_the_turn_after_one_step_worse() {
    let dir = tempfile::tempdir().expect("temp dir");
    let save = french_movement(dir.path());
    act(&save, "next");
    // Robe's two 6 pdrs at 12": 2 points (row 1-5), +2 on a column, 10 + 2 = 12: 2
    // figures (p19-20). Delaborde rides with the 86e: 2 casualties, lost on a 1 or 2
    // (p11; ruling 8).
    let told = act(&save, "fire br-robe fr-86 12 d10=10 commander=1");
    assert!(told.contains("2 figures"), "{told}");
    let why = refused_by_cli(&save, "replace delaborde");
    assert!(why.contains("orders phase"), "{why}");
    let watch = show_json(&save)["checklist"]["watch"].to_string();
    assert!(watch.contains("awaits_replacement"), "{watch}");
    // On to turn 2's French order segment.
    step(&save, 13);
    act(&save, "initiative britain=1 france=9");
    step(&save, 2);
    assert_eq!(where_now(&save), (2, "france".into(), "orders".into()));
    let open = show_json(&save)["checklist"]["open"].to_string();
    assert!(open.contains("awaits_replacement"), "{open}");
    // *Commanders: Attachment & Casualties* (p12): one category worse in every rating:
    // Delaborde's good tactical rating becomes average.
    let told = act(&save, "replace delaborde");
    assert!(
        told.contains("replacement takes command (tactical average)"),
        "{told}"
    );
    assert!(refused_by_cli(&save, "replace delaborde").contains("nobody to replace"));
    // He issues no orders on his first turn (p12), so the checklist offers him no
    // command points to spend, as `cp` would refuse them; it says why instead.
    let why = refused_by_cli(&save, "cp delaborde fr-32");
    assert!(why.contains("no orders on his first turn"), "{why}");
    let watch = show_json(&save)["checklist"]["watch"].to_string();
    assert!(!watch.contains("delaborde has"), "{watch}");
    assert!(
        watch.contains("delaborde took command this turn: no orders and no command points until next turn (p12)"),
        "{watch}"
    );
}

#[test]
fn a_command_without_its_commander_is_out_of_command_until_the_replacement() {
    let dir = tempfile::tempdir().expect("temp dir");
    let save = french_movement(dir.path());
    let command = |save: &Path, id: &str| json_unit(&show_json(save), id)["command"].clone();
    act(&save, "next");
    // Delaborde, with the 86e, is lost on the d10 of 1 (p11; ruling 8).
    act(&save, "fire br-robe fr-86 12 d10=10 commander=1");
    // *Commanders: Attachment & Casualties* (p12): a division without a functioning
    // commander is out of command, all its units; Margaron's brigade is not touched.
    assert_eq!(command(&save, "fr-32"), "out");
    assert_eq!(command(&save, "fr-26ch"), "in");
    let why = refused_by_cli(&save, "cmd fr-32 in");
    assert!(why.contains("until his replacement comes (p12)"), "{why}");
    act(&save, "undo");
    assert_eq!(command(&save, "fr-32"), "in");
    act(&save, "fire br-robe fr-86 12 d10=10 commander=1");
    step(&save, 13);
    act(&save, "initiative britain=1 france=9");
    step(&save, 2);
    assert_eq!(where_now(&save), (2, "france".into(), "orders".into()));
    act(&save, "replace delaborde");
    assert_eq!(command(&save, "fr-32"), "in");
    // The replacement issues no orders on his first turn (p12), a unit's order included.
    let why = refused_by_cli(&save, "cp delaborde fr-32");
    assert!(why.contains("no orders on his first turn"), "{why}");
}

#[test]
fn out_of_command_a_unit_only_faces_forms_fires_or_rests_unless_a_command_point_orders_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let save = french_movement(dir.path());
    // The table measures the command range (p11); the referee records what it found.
    act(&save, "cmd fr-32 out");
    assert_eq!(json_unit(&show_json(&save), "fr-32")["command"], "out");
    let shown = common::cli::adjutant()
        .arg("show")
        .arg(&save)
        .output()
        .unwrap();
    let shown = String::from_utf8(shown.stdout).unwrap();
    assert!(shown.contains("out of command"), "{shown}");
    // *Orders: Out of Command* (p12): face, change formation, fire, opportunity charge,
    // remove disorder; nothing else.
    let why = refused_by_cli(&save, "move fr-32");
    assert!(why.contains("fr-32 is out of command (p12)"), "{why}");
    assert!(why.contains("`cp <general> fr-32`, p13"), "{why}");
    assert!(refused_by_cli(&save, "charge fr-32 br-50 dice=3").contains("out of command"));
    assert!(refused_by_cli(&save, "move fr-32 to=line oblique").contains("out of command"));
    // The nonphasing player's units do not move at all (*Movement: Sequence*, p14), in
    // command or out: that, not the command, is what refuses them.
    act(&save, "cmd br-50 out");
    let why = refused_by_cli(&save, "move br-50");
    assert!(why.contains("only the active side"), "{why}");
    assert!(!why.contains("out of command"), "{why}");
    let told = act(&save, "move fr-32 to=line");
    assert!(told.contains("where it stands (p12)"), "{told}");
    assert!(told.contains("up to 0\""), "{told}");
    act(&save, "undo");
    // *Command Points* (p13): an order for 1 CP and it may do anything allowed. Delaborde
    // is good: 3 points a turn.
    assert!(refused_by_cli(&save, "cp junot fr-32").contains("army"));
    assert!(refused_by_cli(&save, "cp margaron fr-32").contains("not of Margaron's command"));
    assert!(refused_by_cli(&save, "cp delaborde br-50").contains("enemy's"));
    let watch = show_json(&save)["checklist"]["watch"].to_string();
    assert!(watch.contains("out_of_command_confined"), "{watch}");
    let told = act(&save, "cp delaborde fr-32");
    assert!(told.contains("spends a command point"), "{told}");
    let watch = show_json(&save)["checklist"]["watch"].to_string();
    assert!(!watch.contains("out_of_command_confined"), "{watch}");
    assert!(refused_by_cli(&save, "cp delaborde fr-32").contains("has its order"));
    let told = act(&save, "move fr-32");
    assert!(told.contains("up to 6\""), "{told}");
    act(&save, "cp delaborde fr-86");
    act(&save, "cp delaborde fr-gren");
    let why = refused_by_cli(&save, "cp delaborde fr-4leg");
    assert!(why.contains("spent his 3 command points"), "{why}");
    act(&save, "undo");
    act(&save, "cp delaborde fr-4leg");
    // Back in range, the mark goes.
    act(&save, "cmd fr-32 in");
    assert_eq!(json_unit(&show_json(&save), "fr-32")["command"], "in");
}

#[test]
fn uncontrolled_rout_forbids_the_players_rallies_for_the_game_turn() {
    let dir = tempfile::tempdir().expect("temp dir");
    let save = new_save(dir.path(), "v.toml", "vimeiro", 1);
    act(&save, "initiative britain=1 france=9");
    act(&save, "next");
    // *Random Event Table* (p10): a 1 draws an event, and a 1 on the second d10 is
    // Uncontrolled rout: this turn the French may not try to rally a routed unit.
    let told = act(&save, "event france d10=1,1");
    assert!(told.contains("Uncontrolled rout"), "{told}");
    act(&save, "event britain d10=5");
    step(&save, 2);
    assert_eq!(where_now(&save), (1, "france".into(), "rally".into()));
    act(&save, "rout fr-gren dice=2,5");
    let why = refused_by_cli(&save, "unrout fr-gren");
    assert!(why.contains("Uncontrolled rout"), "{why}");
    assert!(why.contains("p10"), "{why}");
    // `need` answers the rally with the same reason, and changes nothing.
    let before = std::fs::read(&save).unwrap();
    let output = common::cli::adjutant()
        .args(["need", "fr-gren", "rally", "--save"])
        .arg(&save)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let answer = String::from_utf8(output.stdout).unwrap();
    assert!(answer.contains("Not now:"), "{answer}");
    assert!(answer.contains("Uncontrolled rout"), "{answer}");
    assert_eq!(
        std::fs::read(&save).unwrap(),
        before,
        "need changed the save"
    );
    // The event binds only the player who drew it (ruling 39): in the British rally
    // phase a British rally ordered for a point (p13) stands.
    act(&save, "rout br-97 dice=1,1");
    step(&save, 8);
    assert_eq!(where_now(&save), (1, "britain".into(), "rally".into()));
    act(&save, "cp fane br-97");
    act(&save, "unrout br-97");
    assert_eq!(json_unit(&show_json(&save), "br-97")["morale"], "shaken");
    // It lasts the game turn (ruling 39): in turn 2, with no event, the rally is recorded.
    step(&save, 7);
    act(&save, "initiative britain=1 france=9");
    act(&save, "next");
    act(&save, "event france d10=5");
    step(&save, 2);
    assert_eq!(where_now(&save), (2, "france".into(), "rally".into()));
    act(&save, "cp delaborde fr-gren");
    act(&save, "unrout fr-gren");
    assert_eq!(json_unit(&show_json(&save), "fr-gren")["morale"], "shaken");
}

/// Vimeiro with the 32e Ligne untrained (militia, *Troop Ratings* p8).
fn untrained_french_movement(dir: &Path) -> std::path::PathBuf {
    let vimeiro = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/vimeiro.toml"),
    )
    .unwrap();
    let from = "name = \"32e Ligne\"\n";
    assert!(vimeiro.contains(from));
    let scenario = dir.join("militia.toml");
    std::fs::write(
        &scenario,
        vimeiro.replacen(from, &format!("{from}traits = [\"untrained\"]\n"), 1),
    )
    .unwrap();
    let save = new_save(dir, "v.toml", scenario.to_str().unwrap(), 1);
    act(&save, "initiative britain=1 france=9");
    step(&save, 4);
    assert_eq!(where_now(&save), (1, "france".into(), "movement".into()));
    save
}

#[test]
fn an_untrained_line_that_goes_over_two_inches_is_disordered() {
    let dir = tempfile::tempdir().expect("temp dir");
    let save = untrained_french_movement(dir.path());
    let disordered = |save: &Path| json_unit(&show_json(save), "fr-32")["disordered"].clone();
    // *Movement Table* note (p16), *Disorder* (p18): untrained infantry moving over 2" in
    // line is disordered. Attack column to line: 4" less a quarter of it, 3" (p15-16), so
    // it may go past 2" and the referee says how far it went (ruling 47).
    let why = refused_by_cli(&save, "move fr-32 to=line");
    assert!(why.contains("untrained infantry moving in line"), "{why}");
    assert!(why.contains("went=<inches>; it may go 3\""), "{why}");
    let why = refused_by_cli(&save, "move fr-32 to=line went=3.25");
    assert!(why.contains("may go 3\" at most"), "{why}");
    // 2" is not over 2": it stays in order.
    let told = act(&save, "move fr-32 to=line went=2");
    assert!(told.contains("went 2\""), "{told}");
    assert_eq!(disordered(&save), false);
    act(&save, "undo");
    // 2½" is: the move leaves it disordered and says why; undo takes it back.
    let told = act(&save, "move fr-32 to=line went=2.5");
    assert!(
        told.contains("disordered: untrained infantry moved over 2\" in line (p16, p18)"),
        "{told}"
    );
    assert_eq!(disordered(&save), true);
    act(&save, "undo");
    assert_eq!(disordered(&save), false);
    // In its attack column the distance does not matter: no word needed, no disorder.
    act(&save, "move fr-32");
    assert_eq!(disordered(&save), false);
}

/// *Sequence of Play* (p9) without the optional *Random Events* (p10): the initiative
/// leads straight to the first mover's orders, and his breakthrough to the other's.
#[test]
fn without_random_events_the_initiative_leads_straight_to_orders() {
    let dir = tempfile::tempdir().expect("temp dir");
    let vimeiro = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/vimeiro.toml"),
    )
    .unwrap();
    let from = "optional_rules = [\"random-events\"]\n";
    assert!(vimeiro.contains(from));
    let scenario = dir.path().join("no-events.toml");
    std::fs::write(
        &scenario,
        vimeiro.replacen(from, "optional_rules = []\n", 1),
    )
    .unwrap();
    let save = new_save(dir.path(), "v.toml", scenario.to_str().unwrap(), 1);
    // British 9 + 2 (excellent leader) + 0 = 11; French 1 + 0 + 1 (professional) = 2.
    act(&save, "initiative britain=9 france=1");
    act(&save, "next");
    assert_eq!(where_now(&save), (1, "britain".into(), "orders".into()));
    step(&save, 8);
    assert_eq!(where_now(&save), (1, "france".into(), "orders".into()));
    step(&save, 8);
    assert_eq!(where_now(&save), (2, "france".into(), "initiative".into()));
}
