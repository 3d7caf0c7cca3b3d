//! Close combat, driven through the command language and checked against *Sound the
//! Charge* (`/work/shared/rules/sound-the-charge.txt`): *Close Combat* (Procedure,
//! *Eligible Figures*, *Dice in Combat*, *Combat Results*, *Defensive Fire*, *Flank/rear
//! Attacks*, *Artillery in Combat*, *Skirmishers in Combat*, *Cavalry Bouncing off
//! Squares*), the charts *Scores to Hit in Combat*, *Combat Results to Loser* and *Combat
//! Points and Modifiers to Combat Points*, *Steadiness and Disorder*, *Generals*, and the
//! optional rules *Wider Cavalry Basing*, *Blown Cavalry*, *Stationary Cavalry* and
//! *National Modifiers*, read with the rulings in `docs/rulings.md` (24-39).
//!
//! Every expected number is worked out in the comment beside it. "Needs n" is the score
//! to hit: 3 at advantage, 4 even, 5 at a disadvantage of 1-2 points, 6 at 3 or more.

use adjutant::game::{
    CombatRound, Event, Fighter, Formation, Game, GeneralStatus, Morale, RollKind, Strike, Unit,
    UnitStatus,
};

mod common;

use common::{advance, battery, battle, cavalry, foot, last_round, light, ok, plain, refused};

// --- Building battles ---------------------------------------------------------------------

/// Heavy cavalry.
fn heavy(id: &str, grade: &str, figures: u32) -> String {
    cavalry(id, "heavy", grade, figures, "line")
}

/// Medium cavalry.
fn horse(id: &str, grade: &str, figures: u32) -> String {
    cavalry(id, "medium", grade, figures, "line")
}

/// Light cavalry.
fn hussars(id: &str, grade: &str, figures: u32) -> String {
    cavalry(id, "light", grade, figures, "line")
}

/// The unit, marked elite.
fn elite(text: String) -> String {
    text + "elite = true\n"
}

/// Side `a`'s combat phase of turn 1: rally, movement, shooting, combat.
fn combat_phase(mut game: Game) -> Game {
    advance(&mut game, 3);
    game
}

/// The same phase of the next turn: combat, reform, then the other side's rally,
/// movement, shooting and combat.
fn next_combat_phase(game: &mut Game) {
    advance(game, 5);
}

/// Every event of the last log entry.
fn events(game: &Game) -> Vec<Event> {
    game.log().last().unwrap().events.clone()
}

/// Performs `line` and returns the round it fought.
fn fight(game: &mut Game, line: &str) -> CombatRound {
    ok(game, line);
    last_round(game)
}

/// Fights `line` and takes it back with `undo`, so the state and the dice stream are as
/// before: a unit fights one round a turn, and this reads each round's points on its own.
fn probe(game: &mut Game, line: &str) -> CombatRound {
    let round = fight(game, line);
    ok(game, "undo");
    round
}

fn fighter<'a>(round: &'a CombatRound, id: &str) -> &'a Fighter {
    round
        .fighters
        .iter()
        .find(|f| f.unit == id)
        .unwrap_or_else(|| panic!("{id} did not fight: {round:?}"))
}

/// `by`'s strike at `at`.
fn strike<'a>(round: &'a CombatRound, by: &str, at: &str) -> &'a Strike {
    fighter(round, by)
        .strikes
        .iter()
        .find(|s| s.at == at)
        .unwrap_or_else(|| panic!("{by} did not strike at {at}: {round:?}"))
}

fn values(strike: &Strike) -> Vec<i32> {
    strike.modifiers.iter().map(|m| m.value).collect()
}

/// `by`'s points against `at`, and the values of its modifiers in the order shown.
fn points(round: &CombatRound, by: &str, at: &str) -> (i32, Vec<i32>) {
    let s = strike(round, by, at);
    (s.points, values(s))
}

/// The value of `by`'s modifier against `at` whose reason contains `words`.
fn modifier(round: &CombatRound, by: &str, at: &str, words: &str) -> Option<i32> {
    strike(round, by, at)
        .modifiers
        .iter()
        .find(|m| m.reason.contains(words))
        .map(|m| m.value)
}

/// `by`'s defensive fire against `at`: its value and reason, if the chart shows a line.
fn defensive_fire(round: &CombatRound, by: &str, at: &str) -> Option<(i32, String)> {
    strike(round, by, at)
        .modifiers
        .iter()
        .find(|m| m.reason.contains("defensive fire"))
        .map(|m| (m.value, m.reason.clone()))
}

fn get<'a>(game: &'a Game, id: &str) -> &'a Unit {
    game.state().unit(id).unwrap()
}

/// Loss hits, rout hits and figures left.
fn damage(game: &Game, id: &str) -> (u32, u32, u32) {
    let u = get(game, id);
    (u.loss_hits, u.rout_hits, u.figures())
}

fn contacts(game: &Game, id: &str) -> Vec<String> {
    get(game, id).in_contact_with.clone()
}

// --- 1. Base points -----------------------------------------------------------------------

#[test]
fn base_points_are_4_3_2_for_heavy_medium_light_cavalry_and_2_for_foot_and_guns() {
    // *Combat Points*: heavy cavalry 4, medium 3, light cavalry 2, infantry and artillery
    // 2. Every unit is grade C, in command and steady, and no attacker has a modifier, so
    // its points are its base. The limbered battery makes no defensive fire (+0 line).
    let mut game = combat_phase(plain(&[
        heavy("a-hc", "C", 12),
        horse("a-mc", "C", 12),
        hussars("a-lc", "C", 12),
        foot("a-inf", "C", 12, "line"),
        foot("b-col", "C", 12, "column"),
        battery("b-gun", "field", "C", 8, 4, "limbered"),
    ]));
    let round = probe(&mut game, "combat a-hc,a-mc,a-lc,a-inf vs b-col");
    for (id, base, reason) in [
        ("a-hc", 4, "heavy cavalry"),
        ("a-mc", 3, "medium cavalry"),
        ("a-lc", 2, "light cavalry"),
        ("a-inf", 2, "infantry"),
    ] {
        let s = strike(&round, id, "b-col");
        assert_eq!((s.base, s.base_reason.as_str()), (base, reason), "{id}");
        assert_eq!((s.points, values(s)), (base, vec![]), "{id}");
    }
    let col = strike(&round, "b-col", "a-inf");
    assert_eq!((col.base, col.base_reason.as_str()), (2, "infantry"));

    let round = probe(&mut game, "combat a-inf vs b-gun");
    let guns = strike(&round, "b-gun", "a-inf");
    assert_eq!((guns.base, guns.base_reason.as_str()), (2, "artillery"));
    assert_eq!((guns.points, values(guns)), (2, vec![0]));
}

// --- 2. Modifiers to combat points --------------------------------------------------------

#[test]
fn artillery_defensive_fire_is_5_4_3_1_by_grade_and_1_more_heavy_1_less_light() {
    // *Combat Points*: atty. defensive fire A/B/C/D +5/+4/+3/+1; heavy guns +1, light -1.
    // Each battery is charged by infantry of its own grade (no grade bonus either way):
    // A 2 + 5 = 7, B 2 + 4 = 6, C 2 + 3 = 5, D 2 + 1 = 3; heavy C 2 + 3 + 1 = 6; light C
    // 2 + 3 - 1 = 4.
    let mut game = combat_phase(plain(&[
        foot("a-ia", "A", 12, "line"),
        foot("a-ib", "B", 12, "line"),
        foot("a-ic", "C", 12, "line"),
        foot("a-id", "D", 12, "line"),
        battery("b-ga", "field", "A", 8, 4, "unlimbered"),
        battery("b-gb", "field", "B", 8, 4, "unlimbered"),
        battery("b-gc", "field", "C", 8, 4, "unlimbered"),
        battery("b-gd", "field", "D", 8, 4, "unlimbered"),
        battery("b-gh", "heavy", "C", 8, 4, "unlimbered"),
        battery("b-gl", "light", "C", 8, 4, "unlimbered"),
    ]));
    for (inf, guns, expected) in [
        ("a-ia", "b-ga", (7, vec![5])),
        ("a-ib", "b-gb", (6, vec![4])),
        ("a-ic", "b-gc", (5, vec![3])),
        ("a-id", "b-gd", (3, vec![1])),
        ("a-ic", "b-gh", (6, vec![3, 1])),
        ("a-ic", "b-gl", (4, vec![3, -1])),
    ] {
        let round = probe(&mut game, &format!("combat {inf} vs {guns}"));
        assert_eq!(points(&round, guns, inf), expected, "{guns}");
    }
}

#[test]
fn infantry_defensive_fire_is_1_and_2_for_steady_british_with_national_modifiers() {
    // *Combat Points*: infantry defensive fire +1 (steady British +2); *National
    // Modifiers*, Britain: "two defensive fire points instead of one". Grade C against
    // grade C: the British line has 2 + 1 = 3 without the national rules, 2 + 2 = 4 with
    // them; a Russian line keeps 2 + 1 = 3.
    let units = [
        foot("a-inf", "C", 12, "line"),
        foot("b-line", "C", 12, "line"),
    ];
    let line = |nations: [&str; 2], rules: &[&str]| {
        let mut game = combat_phase(battle(nations, rules, &units));
        let round = probe(&mut game, "combat a-inf vs b-line");
        (
            points(&round, "b-line", "a-inf"),
            defensive_fire(&round, "b-line", "a-inf").unwrap().1,
        )
    };
    let (plain_british, why) = line(["france", "britain"], &[]);
    assert_eq!(plain_british, (3, vec![1]));
    assert_eq!(why, "infantry defensive fire");
    let (national_british, why) = line(["france", "britain"], &["national-modifiers"]);
    assert_eq!(national_british, (4, vec![2]));
    assert!(why.contains("British"), "{why}");
    let (russian, _) = line(["france", "russia"], &["national-modifiers"]);
    assert_eq!(russian, (3, vec![1]));
}

#[test]
fn a_units_own_nation_overrides_its_sides_so_allied_contingents_fight_as_themselves() {
    // *National Modifiers*: the British +2 defensive fire belongs to British troops, not
    // to the Prussians or Netherlanders of an allied army whose side is "britain". Grade C
    // against grade C: a Prussian line makes 2 + 1 = 3, an "other" contingent 2 + 1 = 3,
    // the British line beside them 2 + 2 = 4.
    let with_nation =
        |id: &str, nation: &str| foot(id, "C", 12, "line") + &format!("nation = \"{nation}\"\n");
    let units = [
        foot("a-inf", "C", 12, "line"),
        with_nation("b-prussian", "prussia-post-1810"),
        with_nation("b-dutch", "other"),
        foot("b-british", "C", 12, "line"),
    ];
    for (defender, expected) in [
        ("b-prussian", (3, vec![1])),
        ("b-dutch", (3, vec![1])),
        ("b-british", (4, vec![2])),
    ] {
        let mut game = combat_phase(battle(
            ["france", "britain"],
            &["national-modifiers"],
            &units,
        ));
        let round = probe(&mut game, &format!("combat a-inf vs {defender}"));
        assert_eq!(points(&round, defender, "a-inf"), expected, "{defender}");
    }
}

#[test]
fn each_grade_above_the_enemy_is_1_point_and_the_lower_grade_gets_nothing() {
    // *Combat Points*: each morale grade above the enemy +1. Grade A against grade D is
    // three grades: 2 + 3 = 5; the grade D column has 2 and no grade line. Grade C
    // against a grade A column: the column 2 + 2 = 4, the attacker 2. Columns make no
    // defensive fire (the +0 line).
    let mut game = combat_phase(plain(&[
        foot("a-a", "A", 12, "line"),
        foot("a-b", "B", 12, "line"),
        foot("a-c", "C", 12, "line"),
        foot("b-d", "D", 12, "column"),
        foot("b-a", "A", 12, "column"),
        foot("b-c", "C", 12, "column"),
    ]));
    let round = probe(&mut game, "combat a-a vs b-d");
    assert_eq!(points(&round, "a-a", "b-d"), (5, vec![3]));
    assert_eq!(points(&round, "b-d", "a-a"), (2, vec![0]));
    let round = probe(&mut game, "combat a-b vs b-c");
    assert_eq!(points(&round, "a-b", "b-c"), (3, vec![1]));
    assert_eq!(points(&round, "b-c", "a-b"), (2, vec![0]));
    let round = probe(&mut game, "combat a-c vs b-a");
    assert_eq!(points(&round, "a-c", "b-a"), (2, vec![]));
    assert_eq!(points(&round, "b-a", "a-c"), (4, vec![0, 2]));
}

#[test]
fn an_elite_unit_gets_1_point() {
    // Playsheet *Combat Points*: the unit is elite +1 (ruling 24). Grade C elite
    // attackers against a grade C column: 2 + 1 = 3; an elite column 2 + 0 + 1 = 3.
    let mut game = combat_phase(plain(&[
        elite(foot("a-el", "C", 12, "line")),
        foot("a-inf", "C", 12, "line"),
        foot("b-col", "C", 12, "column"),
        elite(foot("b-el", "C", 12, "column")),
    ]));
    let round = probe(&mut game, "combat a-el vs b-col");
    assert_eq!(points(&round, "a-el", "b-col"), (3, vec![1]));
    assert_eq!(modifier(&round, "a-el", "b-col", "elite"), Some(1));
    let round = probe(&mut game, "combat a-inf vs b-el");
    assert_eq!(points(&round, "b-el", "a-inf"), (3, vec![0, 1]));
}

#[test]
fn under_flank_or_rear_attack_is_2_points_less_on_either_side() {
    // *Combat Points*: under flank/rear attack -2; no defensive fire then either. A
    // flanked grade C line: 2 + 0 - 2 = 0, and the attacker's 2 is at advantage (needs 3)
    // while the line is 2 behind (needs 5). A flanked attacker: 2 - 2 = 0 against the
    // line's 2 + 1 = 3, three behind: needs 6.
    let mut game = combat_phase(plain(&[
        foot("a-inf", "C", 12, "line"),
        foot("b-line", "C", 12, "line"),
    ]));
    let round = probe(&mut game, "combat a-inf vs b-line flank=b-line");
    assert_eq!(points(&round, "b-line", "a-inf"), (0, vec![0, -2]));
    assert_eq!(
        defensive_fire(&round, "b-line", "a-inf"),
        Some((0, "no defensive fire: under flank/rear attack".to_owned()))
    );
    assert_eq!(strike(&round, "a-inf", "b-line").needed, 3);
    assert_eq!(strike(&round, "b-line", "a-inf").needed, 5);
    let round = probe(&mut game, "combat a-inf vs b-line flank=a-inf");
    assert_eq!(points(&round, "a-inf", "b-line"), (0, vec![-2]));
    assert_eq!(points(&round, "b-line", "a-inf"), (3, vec![1]));
    assert_eq!(strike(&round, "a-inf", "b-line").needed, 6);
}

#[test]
fn disordered_is_1_point_less_and_shaken_2_less() {
    // *Combat Points*: disordered -1, shaken -2. A grade C column: 2 + 0 (column) - 1 = 1
    // disordered; 2 + 0 - 2 = 0 shaken. A disordered attacker: 2 - 1 = 1.
    let mut game = combat_phase(plain(&[
        foot("a-inf", "C", 12, "line"),
        foot("b-col", "C", 12, "column"),
    ]));
    ok(&mut game, "disorder b-col");
    let round = probe(&mut game, "combat a-inf vs b-col");
    assert_eq!(points(&round, "b-col", "a-inf"), (1, vec![0, -1]));
    assert_eq!(modifier(&round, "b-col", "a-inf", "disordered"), Some(-1));
    ok(&mut game, "disorder b-col off");
    ok(&mut game, "shaken b-col");
    let round = probe(&mut game, "combat a-inf vs b-col");
    assert_eq!(points(&round, "b-col", "a-inf"), (0, vec![0, -2]));
    assert_eq!(modifier(&round, "b-col", "a-inf", "shaken"), Some(-2));
    ok(&mut game, "disorder a-inf");
    let round = probe(&mut game, "combat a-inf vs b-col");
    assert_eq!(points(&round, "a-inf", "b-col"), (1, vec![-1]));
}

#[test]
fn guns_are_never_disordered_in_combat() {
    // Playsheet note: "atty. is never disordered" (ruling 22); *Steadiness and Disorder*
    // 3 disorders a unit hit in combat, but not guns. A single gun fights like any unit
    // (ruling 32): 2 + 3 (grade C defensive fire) = 5, one die (two gunners), needing 3;
    // the grade C line's 2 is three behind: needs 6. dice=6,1,1/6: one hit each, a tie:
    // the line is disordered, the gun is not, and keeps its place in contact.
    let mut game = combat_phase(plain(&[
        foot("a-inf", "C", 12, "line"),
        battery("b-gun", "field", "C", 2, 1, "unlimbered"),
    ]));
    let refusal = refused(&mut game, "disorder b-gun");
    assert!(refusal.contains("never disordered"), "{refusal}");
    let round = fight(&mut game, "combat a-inf vs b-gun dice=6,1,1/6");
    assert_eq!(points(&round, "b-gun", "a-inf"), (5, vec![3]));
    assert_eq!(strike(&round, "b-gun", "a-inf").needed, 3);
    assert_eq!(strike(&round, "a-inf", "b-gun").needed, 6);
    assert_eq!(damage(&game, "b-gun"), (1, 0, 1));
    assert!(!get(&game, "b-gun").disordered);
    assert!(get(&game, "a-inf").disordered);
    assert_eq!(contacts(&game, "b-gun"), vec!["a-inf"]);
}

#[test]
fn slope_and_cover_count_against_the_attackers_only() {
    // *Combat Points*: attacking up a steep slope -1; attacking soft / hard cover -1 / -2.
    // The grade C attacker: slope 2 - 1 = 1, soft 1, hard 0, slope and hard -1; the
    // column it attacks keeps its 2 (with its +0 no-defensive-fire line) every time.
    let mut game = combat_phase(plain(&[
        foot("a-inf", "C", 12, "line"),
        foot("b-col", "C", 12, "column"),
    ]));
    for (words, expected) in [
        ("slope", (1, vec![-1])),
        ("soft", (1, vec![-1])),
        ("hard", (0, vec![-2])),
        ("slope hard", (-1, vec![-1, -2])),
    ] {
        let round = probe(&mut game, &format!("combat a-inf vs b-col {words}"));
        assert_eq!(points(&round, "a-inf", "b-col"), expected, "{words}");
        assert_eq!(points(&round, "b-col", "a-inf"), (2, vec![0]), "{words}");
    }
    let round = probe(&mut game, "combat a-inf vs b-col slope");
    assert_eq!(modifier(&round, "a-inf", "b-col", "slope"), Some(-1));
    let round = probe(&mut game, "combat a-inf vs b-col hard");
    assert_eq!(modifier(&round, "a-inf", "b-col", "hard cover"), Some(-2));
}

#[test]
fn cavalry_against_a_square_is_4_points_less() {
    // *Combat Points*: cavalry vs. a square -4. Medium cavalry 3 - 4 = -1 against the
    // square's 2 (+0: no defensive fire in square): three behind, needs 6; the square at
    // advantage needs 3. Infantry against the same square keeps its 2.
    let mut game = combat_phase(plain(&[
        horse("a-mc", "C", 12),
        foot("a-inf", "C", 12, "line"),
        foot("b-sq", "C", 12, "square"),
    ]));
    let round = probe(&mut game, "combat a-mc vs b-sq");
    assert_eq!(points(&round, "a-mc", "b-sq"), (-1, vec![-4]));
    assert_eq!(modifier(&round, "a-mc", "b-sq", "square"), Some(-4));
    assert_eq!(points(&round, "b-sq", "a-mc"), (2, vec![0]));
    assert_eq!(strike(&round, "a-mc", "b-sq").needed, 6);
    assert_eq!(strike(&round, "b-sq", "a-mc").needed, 3);
    let round = probe(&mut game, "combat a-inf vs b-sq");
    assert_eq!(points(&round, "a-inf", "b-sq"), (2, vec![]));
}

#[test]
fn a_general_attached_is_1_point_more_and_out_of_command_1_less() {
    // *Combat Points*: general attached / no general within CR +1 / -1. The grade C line:
    // with Ney 2 + 1 = 3; out of command 2 - 1 = 1; out of command with Ney attached,
    // only the +1 (an attached general commands it, ruling 10). The column with
    // Wellington: 2 + 0 + 1 = 3.
    let mut game = combat_phase(plain(&[
        foot("a-inf", "C", 12, "line"),
        foot("b-col", "C", 12, "column"),
    ]));
    ok(&mut game, "cmd a-inf out");
    let round = probe(&mut game, "combat a-inf vs b-col");
    assert_eq!(points(&round, "a-inf", "b-col"), (1, vec![-1]));
    assert_eq!(modifier(&round, "a-inf", "b-col", "no general"), Some(-1));
    ok(&mut game, "attach ney a-inf");
    let round = probe(&mut game, "combat a-inf vs b-col");
    assert_eq!(points(&round, "a-inf", "b-col"), (3, vec![1]));
    assert_eq!(
        modifier(&round, "a-inf", "b-col", "general attached"),
        Some(1)
    );
    ok(&mut game, "attach wellington b-col");
    let round = probe(&mut game, "combat a-inf vs b-col");
    assert_eq!(points(&round, "b-col", "a-inf"), (3, vec![0, 1]));
}

/// Three rounds of heavy cavalry against heavy cavalry over three turns (side a's, b's,
/// a's), each a 0-0 tie that keeps contact.
fn three_cavalry_rounds(rules: &[&str]) -> (Game, Vec<CombatRound>) {
    let mut game = combat_phase(battle(
        ["france", "britain"],
        rules,
        &[heavy("a-hc", "C", 12), heavy("b-hc", "C", 12)],
    ));
    let mut rounds = Vec::new();
    for round in 0..3 {
        if round > 0 {
            next_combat_phase(&mut game);
        }
        rounds.push(fight(&mut game, "combat a-hc vs b-hc dice=1,1,1,1/1,1,1,1"));
        assert_eq!(contacts(&game, "a-hc"), vec!["b-hc"], "round {round}");
    }
    (game, rounds)
}

#[test]
fn blown_cavalry_is_1_point_less_from_its_third_round_with_the_rule() {
    // Optional *Blown Cavalry*: "after completing its second round of combat" a regiment
    // is blown, -1 (ruling 37). Heavy cavalry against heavy cavalry, 4 points each, ties
    // 0-0 three turns running: the first two rounds are at 4, the third at 4 - 1 = 3.
    // Without the rule the third round is at 4 too.
    let (game, rounds) = three_cavalry_rounds(&["blown-cavalry"]);
    assert_eq!(game.state().turn(), 3);
    assert_eq!(points(&rounds[0], "a-hc", "b-hc"), (4, vec![]));
    assert_eq!(points(&rounds[1], "a-hc", "b-hc"), (4, vec![]));
    assert_eq!(points(&rounds[2], "a-hc", "b-hc"), (3, vec![-1]));
    assert_eq!(points(&rounds[2], "b-hc", "a-hc"), (3, vec![-1]));
    assert_eq!(modifier(&rounds[2], "a-hc", "b-hc", "blown"), Some(-1));
    assert_eq!(get(&game, "a-hc").sound_the_charge.combat_rounds, 3);

    let (_, rounds) = three_cavalry_rounds(&[]);
    assert_eq!(points(&rounds[2], "a-hc", "b-hc"), (4, vec![]));
}

#[test]
fn stationary_cavalry_is_1_point_less_with_the_rule_and_names_only_cavalry() {
    // Optional *Stationary Cavalry*: -1, named by the referee (ruling 37). Heavy cavalry
    // 4 - 1 = 3; its enemy keeps 4. Refused without the rule, and for infantry.
    let units = [
        heavy("a-hc", "C", 12),
        foot("a-inf", "C", 12, "line"),
        heavy("b-hc", "C", 12),
    ];
    let mut game = combat_phase(battle(
        ["france", "britain"],
        &["stationary-cavalry"],
        &units,
    ));
    let round = probe(&mut game, "combat a-hc vs b-hc stationary=a-hc");
    assert_eq!(points(&round, "a-hc", "b-hc"), (3, vec![-1]));
    assert_eq!(modifier(&round, "a-hc", "b-hc", "stationary"), Some(-1));
    assert_eq!(points(&round, "b-hc", "a-hc"), (4, vec![]));
    let round = probe(&mut game, "combat a-hc vs b-hc stationary=a-hc,b-hc");
    assert_eq!(points(&round, "b-hc", "a-hc"), (3, vec![-1]));
    let refusal = refused(&mut game, "combat a-inf vs b-hc stationary=a-inf");
    assert!(refusal.contains("not cavalry"), "{refusal}");

    let mut game = combat_phase(plain(&units));
    let refusal = refused(&mut game, "combat a-hc vs b-hc stationary=a-hc");
    assert!(refusal.contains("Stationary Cavalry"), "{refusal}");
}

// --- 3. No defensive fire -----------------------------------------------------------------

#[test]
fn no_defensive_fire_when_unsteady_in_square_or_column_flanked_continuing_or_limbered() {
    // *Defensive Fire*: "Unsteady units, units in square, units in column, units in a
    // continuing combat, or those under flank/rear attack get no defensive fire"; limbered
    // guns none (ruling 28). Each shows a +0 line saying why, and its points lack the +1
    // (+3 for grade C guns).
    let mut game = combat_phase(plain(&[
        foot("a-inf", "C", 12, "line"),
        foot("b-line", "C", 12, "line"),
        foot("b-sq", "C", 12, "square"),
        foot("b-col", "C", 12, "column"),
        battery("b-limb", "field", "C", 8, 4, "limbered"),
    ]));
    let fire = |game: &mut Game, line: &str, defender: &str| {
        let round = probe(game, line);
        (
            strike(&round, defender, "a-inf").points,
            defensive_fire(&round, defender, "a-inf").unwrap(),
        )
    };
    let denied = |why: &str| (0, format!("no defensive fire: {why}"));
    // Steady line: 2 + 1 = 3.
    assert_eq!(
        fire(&mut game, "combat a-inf vs b-line", "b-line"),
        (3, (1, "infantry defensive fire".to_owned()))
    );
    // In square, in column, limbered: 2.
    assert_eq!(
        fire(&mut game, "combat a-inf vs b-sq", "b-sq"),
        (2, denied("in square"))
    );
    assert_eq!(
        fire(&mut game, "combat a-inf vs b-col", "b-col"),
        (2, denied("in column"))
    );
    assert_eq!(
        fire(&mut game, "combat a-inf vs b-limb", "b-limb"),
        (2, denied("limbered"))
    );
    // Continuing (the referee says so): 2. Flanked: 2 - 2 = 0.
    assert_eq!(
        fire(&mut game, "combat a-inf vs b-line continuing", "b-line"),
        (2, denied("continuing combat"))
    );
    assert_eq!(
        fire(&mut game, "combat a-inf vs b-line flank=b-line", "b-line"),
        (0, denied("under flank/rear attack"))
    );
    // Disordered: 2 - 1 = 1. Shaken: 2 - 2 = 0.
    ok(&mut game, "disorder b-line");
    assert_eq!(
        fire(&mut game, "combat a-inf vs b-line", "b-line"),
        (1, denied("disordered"))
    );
    ok(&mut game, "disorder b-line off");
    ok(&mut game, "shaken b-line");
    assert_eq!(
        fire(&mut game, "combat a-inf vs b-line", "b-line"),
        (0, denied("shaken"))
    );
}

#[test]
fn attackers_never_make_defensive_fire() {
    // *Defensive Fire*: "a steady passive infantry unit": the charging line, steady and
    // British with the national rules on, has no defensive fire line at all: 2 points.
    let mut game = combat_phase(battle(
        ["britain", "france"],
        &["national-modifiers"],
        &[
            foot("a-line", "C", 12, "line"),
            foot("b-line", "C", 12, "line"),
        ],
    ));
    let round = probe(&mut game, "combat a-line vs b-line");
    assert_eq!(points(&round, "a-line", "b-line"), (2, vec![]));
    assert_eq!(defensive_fire(&round, "a-line", "b-line"), None);
    // The French defenders: 2 + 1 = 3.
    assert_eq!(points(&round, "b-line", "a-line"), (3, vec![1]));
}

// --- 4. Scores to hit ---------------------------------------------------------------------

#[test]
fn scores_to_hit_follow_the_points_gap() {
    // *Scores to Hit in Combat*: advantage 3-6, even 4-6, 1-2 behind 5-6, 3 or more
    // behind 6.
    let mut game = combat_phase(plain(&[
        foot("a-inf", "C", 12, "line"),
        heavy("a-hc", "C", 12),
        foot("b-col", "C", 12, "column"),
        foot("b-line", "C", 12, "line"),
    ]));
    let needs = |round: &CombatRound, by: &str, at: &str| strike(round, by, at).needed;
    // Infantry 2 against a column's 2: even, both need 4.
    let round = probe(&mut game, "combat a-inf vs b-col");
    assert_eq!(
        (
            needs(&round, "a-inf", "b-col"),
            needs(&round, "b-col", "a-inf")
        ),
        (4, 4)
    );
    // 2 against a line's 2 + 1 = 3: one behind needs 5; the line needs 3.
    let round = probe(&mut game, "combat a-inf vs b-line");
    assert_eq!(
        (
            needs(&round, "a-inf", "b-line"),
            needs(&round, "b-line", "a-inf")
        ),
        (5, 3)
    );
    // Soft cover: 1 against 3, two behind: 5.
    let round = probe(&mut game, "combat a-inf vs b-line soft");
    assert_eq!(needs(&round, "a-inf", "b-line"), 5);
    // Hard cover: 0 against 3, three behind: 6.
    let round = probe(&mut game, "combat a-inf vs b-line hard");
    assert_eq!(needs(&round, "a-inf", "b-line"), 6);
    assert!(
        strike(&round, "a-inf", "b-line")
            .needed_reason
            .contains("disadvantage of 3")
    );
    // Heavy cavalry 4 against the column disordered by its contact, 2 - 1 = 1: the
    // cavalry at advantage needs 3, the column three behind needs 6.
    let round = probe(&mut game, "combat a-hc vs b-col");
    assert_eq!(
        (
            needs(&round, "a-hc", "b-col"),
            needs(&round, "b-col", "a-hc")
        ),
        (3, 6)
    );
}

// --- 5. Dice ------------------------------------------------------------------------------

#[test]
fn infantry_rolls_a_die_per_four_eligible_figures_a_last_three_counting() {
    // *Dice in Combat* and *Eligible Figures* (ruling 27): a line fights with every
    // figure: 12 → 3 dice, 11 = 8 + 3 → 3, 10 = 8 + 2 → 2. A column is four wide, so 8 of
    // its 12 fight: 2 dice. A square strikes with three faces, 12 - 3 = 9: 2 dice.
    let mut game = combat_phase(plain(&[
        foot("a-f12", "C", 12, "line"),
        foot("a-f11", "C", 11, "line"),
        foot("a-f10", "C", 10, "line"),
        foot("b-line", "C", 12, "line"),
        foot("b-col", "C", 12, "column"),
        foot("b-sq", "C", 12, "square"),
    ]));
    let round = probe(&mut game, "combat a-f12,a-f11,a-f10 vs b-line");
    for (id, dice) in [("a-f12", 3), ("a-f11", 3), ("a-f10", 2)] {
        let s = strike(&round, id, "b-line");
        assert_eq!(s.dice.len(), dice, "{id}");
        assert!(s.dice.iter().all(|d| (1..=6).contains(d)));
    }
    assert!(round.stream.is_some(), "the app rolled");
    // The line's own 3 dice, one at each attacker.
    for id in ["a-f12", "a-f11", "a-f10"] {
        assert_eq!(strike(&round, "b-line", id).dice.len(), 1);
    }
    let round = probe(&mut game, "combat a-f12 vs b-col");
    assert_eq!(strike(&round, "b-col", "a-f12").dice.len(), 2);
    assert!(
        fighter(&round, "b-col")
            .dice_reason
            .starts_with("8 figures")
    );
    let round = probe(&mut game, "combat a-f12 vs b-sq");
    assert_eq!(strike(&round, "b-sq", "a-f12").dice.len(), 2);
    assert!(fighter(&round, "b-sq").dice_reason.starts_with("9 figures"));
    // The players' dice must match: the square's 2.
    refused(&mut game, "combat a-f12 vs b-sq dice=1,1,1/1,1,1");
    ok(&mut game, "combat a-f12 vs b-sq dice=1,1,1/1,1");
}

#[test]
fn cavalry_rolls_a_die_per_three_or_per_two_with_wider_basing() {
    // *Dice in Combat*: a die per three cavalry, a last two counting: 12 → 4, 8 = 6 + 2 →
    // 3, 7 = 6 + 1 → 2. *Wider Cavalry Basing*: a die per two, no remainder: 8 → 4,
    // 7 → 3; infantry still 12 → 3.
    let units = [
        horse("a-c12", "C", 12),
        horse("a-c8", "C", 8),
        horse("a-c7", "C", 7),
        foot("a-inf", "C", 12, "line"),
        horse("b-tgt", "C", 12),
    ];
    let mut game = combat_phase(plain(&units));
    let round = probe(&mut game, "combat a-c12,a-c8,a-c7,a-inf vs b-tgt");
    for (id, dice) in [("a-c12", 4), ("a-c8", 3), ("a-c7", 2), ("a-inf", 3)] {
        assert_eq!(strike(&round, id, "b-tgt").dice.len(), dice, "{id}");
    }
    let mut game = combat_phase(battle(
        ["france", "britain"],
        &["wider-cavalry-basing"],
        &units,
    ));
    let round = probe(&mut game, "combat a-c12,a-c8,a-c7,a-inf vs b-tgt");
    for (id, dice) in [("a-c12", 6), ("a-c8", 4), ("a-c7", 3), ("a-inf", 3)] {
        assert_eq!(strike(&round, id, "b-tgt").dice.len(), dice, "{id}");
    }
    assert!(
        fighter(&round, "a-c7")
            .dice_reason
            .contains("wider cavalry basing")
    );
}

#[test]
fn guns_roll_a_die_per_gun_with_two_gunners_and_the_referee_may_give_the_count() {
    // Ruling 27: a die per gun with two gunners: 4 guns, 8 gunners → 4; 4 guns, 5 gunners
    // → 2. `unit:n` gives the eligible figures (guns): a line's 7 → 4 + 3 → 2 dice; the
    // battery's 2 guns → 2 dice. More than the unit has is refused.
    let mut game = combat_phase(plain(&[
        foot("a-inf", "C", 12, "line"),
        foot("a-inf2", "C", 12, "line"),
        battery("b-g8", "field", "C", 8, 4, "unlimbered"),
        battery("b-g5", "field", "C", 5, 4, "unlimbered"),
    ]));
    let round = probe(&mut game, "combat a-inf vs b-g8");
    assert_eq!(strike(&round, "b-g8", "a-inf").dice.len(), 4);
    let round = probe(&mut game, "combat a-inf vs b-g5");
    assert_eq!(strike(&round, "b-g5", "a-inf").dice.len(), 2);
    let round = probe(&mut game, "combat a-inf:7 vs b-g8:2");
    assert_eq!(strike(&round, "a-inf", "b-g8").dice.len(), 2);
    assert_eq!(strike(&round, "b-g8", "a-inf").dice.len(), 2);
    assert!(
        fighter(&round, "a-inf")
            .dice_reason
            .contains("as counted on the table")
    );
    refused(&mut game, "combat a-inf:13 vs b-g8");
    refused(&mut game, "combat a-inf vs b-g8:5");
    refused(&mut game, "combat a-inf:0 vs b-g8");
}

#[test]
fn dice_against_two_enemies_are_split_evenly_the_first_named_taking_the_odd_one() {
    // *Eligible Figures*: a unit fighting several enemies divides its dice as evenly as
    // possible; the odd die goes to the enemy named first (ruling 26). A 20-figure line
    // rolls 5 dice: 3 at the first line, 2 at the second. Both lines have 2 + 1 = 3
    // against its 2: it needs 5. dice=1,2,3,4,5: [1,2,3] at b-one (no hit), [4,5] at
    // b-two (one hit).
    let mut game = combat_phase(plain(&[
        foot("a-big", "C", 20, "line"),
        foot("b-one", "C", 12, "line"),
        foot("b-two", "C", 12, "line"),
    ]));
    let round = probe(&mut game, "combat a-big vs b-one,b-two");
    assert_eq!(strike(&round, "a-big", "b-one").dice.len(), 3);
    assert_eq!(strike(&round, "a-big", "b-two").dice.len(), 2);
    let round = probe(&mut game, "combat a-big vs b-two,b-one");
    assert_eq!(strike(&round, "a-big", "b-two").dice.len(), 3);
    assert_eq!(strike(&round, "a-big", "b-one").dice.len(), 2);
    let round = probe(
        &mut game,
        "combat a-big vs b-one,b-two dice=1,2,3,4,5/1,1,1/1,1,1",
    );
    let (one, two) = (
        strike(&round, "a-big", "b-one"),
        strike(&round, "a-big", "b-two"),
    );
    assert_eq!(
        (one.dice.clone(), one.needed, one.hits),
        (vec![1, 2, 3], 5, 0)
    );
    assert_eq!((two.dice.clone(), two.needed, two.hits), (vec![4, 5], 5, 1));
}

// --- 6. The text's example (*Artillery in Combat*) ----------------------------------------

fn grenadiers_and_guns(elite_grenadiers: bool) -> Game {
    let grenadiers = foot("a-gren", "B", 12, "line");
    let grenadiers = if elite_grenadiers {
        elite(grenadiers)
    } else {
        grenadiers
    };
    combat_phase(plain(&[
        grenadiers,
        battery("b-guns", "field", "C", 8, 4, "unlimbered"),
    ]))
}

#[test]
fn the_texts_example_grenadiers_tying_with_the_guns_are_repulsed() {
    // *Artillery in Combat*, example: 12 grade B grenadiers (elite, ruling 24) against 4
    // grade C field guns with 8 gunners: 2 + 1 (grade) + 1 (elite) = 4 against 2 + 3
    // (defensive fire) = 5. The grenadiers roll 3 dice needing 5, the guns 4 needing 3.
    // dice=5,6,2/3,4,1,2: two hits each. "Since the grenadiers failed to outright win,
    // they suffer two hits plus two rout hits and must retreat shaken, while the gun
    // crews remain undamaged": 12 - 4 = 8 figures.
    let mut game = grenadiers_and_guns(true);
    let round = fight(&mut game, "combat a-gren vs b-guns dice=5,6,2/3,4,1,2");
    let gren = strike(&round, "a-gren", "b-guns");
    assert_eq!((gren.points, gren.enemy_points, gren.needed), (4, 5, 5));
    assert_eq!((gren.dice.clone(), gren.hits), (vec![5, 6, 2], 2));
    let guns = strike(&round, "b-guns", "a-gren");
    assert_eq!((guns.points, guns.enemy_points, guns.needed), (5, 4, 3));
    assert_eq!((guns.dice.clone(), guns.hits), (vec![3, 4, 1, 2], 2));
    assert!(
        fighter(&round, "a-gren")
            .result
            .contains("did not carry the guns")
    );
    assert!(fighter(&round, "b-guns").result.contains("GUNS HOLD"));

    assert_eq!(damage(&game, "a-gren"), (2, 2, 8));
    assert_eq!(get(&game, "a-gren").morale, Morale::Shaken);
    assert_eq!(damage(&game, "b-guns"), (0, 0, 8));
    assert_eq!(get(&game, "b-guns").status, UnitStatus::InPlay);
    assert!(!get(&game, "b-guns").disordered);
    assert!(contacts(&game, "a-gren").is_empty());
    assert!(contacts(&game, "b-guns").is_empty());

    // Ruling 25: counted without the elite +1 the grenadiers have 3 against 5, still a
    // disadvantage of 1-2 needing 5; the same dice, the same result.
    let mut game = grenadiers_and_guns(false);
    let round = fight(&mut game, "combat a-gren vs b-guns dice=5,6,2/3,4,1,2");
    let gren = strike(&round, "a-gren", "b-guns");
    assert_eq!((gren.points, gren.needed, gren.hits), (3, 5, 2));
    assert_eq!(damage(&game, "a-gren"), (2, 2, 8));
    assert_eq!(damage(&game, "b-guns"), (0, 0, 8));
}

#[test]
fn the_texts_example_grenadiers_winning_carry_the_battery() {
    // "If the grenadiers had won the combat, they would have still suffered [the] hits,
    // but wiped out the entire battery." dice=5,6,6/3,1,1,1: the grenadiers score 3, the
    // guns 1: the grenadiers win, take 1 loss hit (11 figures), stay in good morale,
    // disordered (*Pursuit*); the battery is eliminated.
    let mut game = grenadiers_and_guns(true);
    let round = fight(&mut game, "combat a-gren vs b-guns dice=5,6,6/3,1,1,1");
    assert_eq!(
        (
            fighter(&round, "a-gren").inflicted,
            fighter(&round, "a-gren").suffered
        ),
        (3, 1)
    );
    assert_eq!(damage(&game, "a-gren"), (1, 0, 11));
    assert_eq!(get(&game, "a-gren").morale, Morale::Good);
    assert!(get(&game, "a-gren").disordered);
    let guns = get(&game, "b-guns");
    assert_eq!(
        (guns.status, guns.on_table),
        (UnitStatus::Eliminated, false)
    );
    assert!(
        events(&game)
            .iter()
            .any(|e| matches!(e, Event::Eliminated { unit, .. } if unit == "b-guns"))
    );
}

#[test]
fn a_battery_taken_in_flank_fights_like_any_unit() {
    // Ruling 32: guns under flank attack are not all-or-nothing. The battery: 2 + 0 (no
    // defensive fire under flank attack) - 2 = 0; the grade C line 2, at advantage, needs
    // 3; the battery needs 5. dice=6,6,1/1,1,1,1: the battery loses 2-0 while flanked:
    // 2 loss hits and 4 rout hits, 8 - 6 = 2 gunners; it is not eliminated outright.
    let mut game = combat_phase(plain(&[
        foot("a-inf", "C", 12, "line"),
        battery("b-gun", "field", "C", 8, 4, "unlimbered"),
    ]));
    let round = fight(
        &mut game,
        "combat a-inf vs b-gun flank=b-gun dice=6,6,1/1,1,1,1",
    );
    assert_eq!(points(&round, "b-gun", "a-inf"), (0, vec![0, -2]));
    assert_eq!(damage(&game, "b-gun"), (2, 4, 2));
    assert_ne!(get(&game, "b-gun").status, UnitStatus::Eliminated);
}

// --- 7. Results ---------------------------------------------------------------------------

#[test]
fn a_loser_retreats_4_with_2_rout_hits_shaken_and_the_winner_stays_disordered() {
    // *Combat Results*: a unit that suffers more hits than it inflicts has lost: 4", 2
    // rout hits, shaken. *Pursuit*: winners remain in position, disordered. Grade C line
    // (3 dice) against a grade C column (2 dice), 2 points each: both need 4.
    // dice=6,6,6/1,1: the column takes 3 loss hits and 2 rout hits, 12 - 5 = 7 figures.
    let mut game = combat_phase(plain(&[
        foot("a-inf", "C", 12, "line"),
        foot("b-col", "C", 12, "column"),
    ]));
    let round = fight(&mut game, "combat a-inf vs b-col dice=6,6,6/1,1");
    let result = &fighter(&round, "b-col").result;
    assert!(result.contains("retreats 4\""), "{result}");
    assert!(result.contains("2 rout hits"), "{result}");
    assert_eq!(damage(&game, "b-col"), (3, 2, 7));
    assert_eq!(get(&game, "b-col").morale, Morale::Shaken);
    assert!(get(&game, "b-col").disordered, "it was hit");
    assert!(fighter(&round, "a-inf").result.starts_with("WON"));
    assert_eq!(damage(&game, "a-inf"), (0, 0, 12));
    assert_eq!(get(&game, "a-inf").morale, Morale::Good);
    assert!(get(&game, "a-inf").disordered, "winners stay disordered");
    assert!(contacts(&game, "a-inf").is_empty(), "the loser retreated");
}

#[test]
fn a_shaken_or_flanked_loser_retreats_6_with_4_rout_hits() {
    // *Combat Results to Loser*: already shaken, or under flank/rear attack: 6", 4 rout
    // hits. The column at 2 - 2 = 0 either way (shaken, or flanked); the line's 2 at
    // advantage needs 3; dice=6,6,6/1,1: 3 loss + 4 rout hits, 12 - 7 = 5 figures.
    for (setup, flag) in [("shaken b-col", ""), ("", " flank=b-col")] {
        let mut game = combat_phase(plain(&[
            foot("a-inf", "C", 12, "line"),
            foot("b-col", "C", 12, "column"),
        ]));
        if !setup.is_empty() {
            ok(&mut game, setup);
        }
        let round = fight(
            &mut game,
            &format!("combat a-inf vs b-col{flag} dice=6,6,6/1,1"),
        );
        assert_eq!(strike(&round, "b-col", "a-inf").points, 0);
        let result = &fighter(&round, "b-col").result;
        assert!(result.contains("retreats 6\""), "{result}");
        assert_eq!(damage(&game, "b-col"), (3, 4, 5), "{setup}{flag}");
        assert_eq!(get(&game, "b-col").morale, Morale::Shaken);
    }
}

#[test]
fn infantry_losing_a_fight_with_cavalry_takes_double_rout_hits() {
    // *Combat Results*: infantry that loses fighting cavalry "(regardless of whether the
    // cavalry even hit the infantry)" suffers double rout hits. Medium cavalry 3 (4 dice)
    // against a grade C column disordered by the contact, 2 - 1 = 1: the cavalry needs 3,
    // the column 5. dice=6,6,1,1/1,1: 2 loss hits and 2 × 2 = 4 rout hits, 6 figures.
    let units = [
        horse("a-mc", "C", 12),
        foot("a-inf", "C", 12, "line"),
        foot("b-col", "C", 12, "column"),
    ];
    let mut game = combat_phase(plain(&units));
    fight(&mut game, "combat a-mc vs b-col dice=6,6,1,1/1,1");
    assert_eq!(damage(&game, "b-col"), (2, 4, 6));
    ok(&mut game, "undo");

    // Already shaken: 2 - 1 - 2 = -1 against 3; 4 × 2 = 8 rout hits. dice=6,1,1,1/1,1:
    // 1 loss + 8 rout = 9 hits, 3 figures left, a quarter of 12: shattered.
    ok(&mut game, "shaken b-col");
    let round = fight(&mut game, "combat a-mc vs b-col dice=6,1,1,1/1,1");
    assert_eq!(points(&round, "b-col", "a-mc"), (-1, vec![0, -1, -2]));
    assert!(fighter(&round, "b-col").result.contains("8 rout hits"));
    assert_eq!(damage(&game, "b-col"), (1, 8, 3));
    assert_eq!(get(&game, "b-col").status, UnitStatus::Shattered);
    ok(&mut game, "undo");
    ok(&mut game, "shaken b-col off");

    // Infantry and cavalry together against the column: only the infantry hits it, yet
    // the rout hits are doubled. The column (1 after the contact) needs 5 against either;
    // the line (2) and the cavalry (3) need 3. The column's 2 dice: one at each.
    // dice=6,1,1/1,1,1,1/1,1: 1 loss hit and 4 rout hits, 7 figures.
    let round = fight(
        &mut game,
        "combat a-inf,a-mc vs b-col dice=6,1,1/1,1,1,1/1,1",
    );
    assert_eq!(strike(&round, "a-mc", "b-col").hits, 0);
    assert_eq!(damage(&game, "b-col"), (1, 4, 7));
}

#[test]
fn with_wider_basing_a_cavalry_loser_takes_one_rout_hit_fewer() {
    // *Wider Cavalry Basing*: "Cavalry units suffer 1 less rout hit than listed, but with
    // a minimum of 1" (ruling 39). Eight medium cavalry against eight: 4 dice each
    // (a die per two), 3 points each, both need 4. dice=1,1,1,1/6,6,1,1: the attackers
    // lose with 2 loss hits and 2 - 1 = 1 rout hit, 8 - 3 = 5 figures.
    let units = [
        horse("a-mc", "C", 8),
        horse("b-mc", "C", 8),
        foot("a-inf", "C", 12, "line"),
        foot("b-col", "C", 12, "column"),
    ];
    let mut game = combat_phase(battle(
        ["france", "britain"],
        &["wider-cavalry-basing"],
        &units,
    ));
    let round = fight(&mut game, "combat a-mc vs b-mc dice=1,1,1,1/6,6,1,1");
    assert!(fighter(&round, "a-mc").result.contains("1 rout hit"));
    assert_eq!(damage(&game, "a-mc"), (2, 1, 5));
    assert_eq!(get(&game, "a-mc").morale, Morale::Shaken);
    ok(&mut game, "undo");

    // A shaken loser: 4 - 1 = 3. The defenders at 3 - 2 = 1 are two behind (need 5),
    // the attackers at advantage need 3. dice=6,1,1,1/1,1,1,1: 1 loss + 3 rout, 4 left.
    ok(&mut game, "shaken b-mc");
    fight(&mut game, "combat a-mc vs b-mc dice=6,1,1,1/1,1,1,1");
    assert_eq!(damage(&game, "b-mc"), (1, 3, 4));

    // Infantry is not cavalry: a column beaten by infantry still takes 2.
    fight(&mut game, "combat a-inf vs b-col dice=6,1,1/1,1");
    assert_eq!(damage(&game, "b-col"), (1, 2, 9));
}

#[test]
fn a_tie_holds_disorders_the_units_hit_and_keeps_contact() {
    // Ruling 29: neither more hits taken nor given: the unit holds, disordered if it was
    // hit (*Steadiness and Disorder* 3), and contact is kept. The grade C line (2) needs 5
    // against the defending line (2 + 1 = 3), which needs 3. dice=5,1,1/3,1,1: one hit
    // each, 11 figures, both disordered, good morale, in contact.
    let mut game = combat_phase(plain(&[
        foot("a-inf", "C", 12, "line"),
        foot("b-line", "C", 12, "line"),
    ]));
    let round = fight(&mut game, "combat a-inf vs b-line dice=5,1,1/3,1,1");
    for id in ["a-inf", "b-line"] {
        assert!(fighter(&round, id).result.starts_with("holds"), "{id}");
        assert_eq!(damage(&game, id), (1, 0, 11), "{id}");
        assert_eq!(get(&game, id).morale, Morale::Good, "{id}");
        assert!(get(&game, id).disordered, "{id}");
        assert!(get(&game, id).fought_this_turn, "{id}");
    }
    assert_eq!(contacts(&game, "a-inf"), vec!["b-line"]);
    assert_eq!(contacts(&game, "b-line"), vec!["a-inf"]);
    ok(&mut game, "undo");
    // A 0-0 tie: both hold, neither disordered.
    fight(&mut game, "combat a-inf vs b-line dice=1,1,1/1,1,1");
    assert!(!get(&game, "a-inf").disordered);
    assert!(!get(&game, "b-line").disordered);
    assert_eq!(contacts(&game, "b-line"), vec!["a-inf"]);
}

#[test]
fn the_next_turns_round_is_a_continuing_combat_without_defensive_fire() {
    // *Close Combat*, Procedure: one round a turn until one side is forced out; a
    // continuing combat gives no defensive fire; either side may be named first (ruling
    // 36). A 0-0 tie in side a's turn 1; in side b's turn 2 the defending line has 2
    // points and a +0 "continuing combat" line.
    let mut game = combat_phase(plain(&[
        foot("a-inf", "C", 12, "line"),
        foot("b-line", "C", 12, "line"),
    ]));
    let round = fight(&mut game, "combat a-inf vs b-line dice=1,1,1/1,1,1");
    assert_eq!(defensive_fire(&round, "b-line", "a-inf").unwrap().0, 1);
    next_combat_phase(&mut game);
    assert_eq!((game.state().turn(), game.state().active()), (2, "b"));
    assert!(!get(&game, "a-inf").fought_this_turn);
    let round = probe(&mut game, "combat a-inf vs b-line");
    assert_eq!(points(&round, "b-line", "a-inf"), (2, vec![0]));
    assert_eq!(
        defensive_fire(&round, "b-line", "a-inf").unwrap().1,
        "no defensive fire: continuing combat"
    );
    // Named the other way round: the line is the attacker now, and the French line
    // defending has no defensive fire either.
    let round = probe(&mut game, "combat b-line vs a-inf");
    assert_eq!(points(&round, "a-inf", "b-line"), (2, vec![0]));
    assert_eq!(points(&round, "b-line", "a-inf"), (2, vec![]));
}

#[test]
fn russian_infantry_loses_only_when_two_hits_behind_with_national_modifiers() {
    // *National Modifiers*, Russia: "does not lose a round of combat unless it suffers at
    // least two more hits than it inflicted". Grade C line against a Russian grade C
    // column: 2 each, both need 4. dice=6,6,1/6,1: the Russians take 2 and give 1: they
    // hold (disordered, in contact); the attackers, 2 given to 1 taken, won.
    let units = [
        foot("a-inf", "C", 12, "line"),
        foot("b-col", "C", 12, "column"),
    ];
    let mut game = combat_phase(battle(
        ["france", "russia"],
        &["national-modifiers"],
        &units,
    ));
    let round = fight(&mut game, "combat a-inf vs b-col dice=6,6,1/6,1");
    assert!(fighter(&round, "b-col").result.starts_with("holds"));
    assert_eq!(damage(&game, "b-col"), (2, 0, 10));
    assert_eq!(get(&game, "b-col").morale, Morale::Good);
    assert!(get(&game, "b-col").disordered);
    assert_eq!(contacts(&game, "b-col"), vec!["a-inf"]);
    ok(&mut game, "undo");
    // Three to one: two more, they lose: 3 loss + 2 rout, 7 figures.
    fight(&mut game, "combat a-inf vs b-col dice=6,6,6/6,1");
    assert_eq!(damage(&game, "b-col"), (3, 2, 7));
    assert_eq!(get(&game, "b-col").morale, Morale::Shaken);

    // Without the national rules two to one is a loss: 2 loss + 2 rout, 8 figures.
    let mut game = combat_phase(battle(["france", "russia"], &[], &units));
    fight(&mut game, "combat a-inf vs b-col dice=6,6,1/6,1");
    assert_eq!(damage(&game, "b-col"), (2, 2, 8));
}

#[test]
fn a_beaten_square_retreats_and_ends_in_column() {
    // Ruling 33 (*Retreat Moves*): a square that loses retreats and ends in column. The
    // square strikes with 9 of 12 figures: 2 dice; 2 points each, both need 4.
    // dice=6,6,6/1,1: 3 loss + 2 rout hits, 7 figures, shaken, in column.
    let mut game = combat_phase(plain(&[
        foot("a-inf", "C", 12, "line"),
        foot("b-sq", "C", 12, "square"),
    ]));
    let round = fight(&mut game, "combat a-inf vs b-sq dice=6,6,6/1,1");
    assert!(fighter(&round, "b-sq").result.contains("ends in column"));
    assert_eq!(get(&game, "b-sq").formation, Formation::Column);
    assert_eq!(damage(&game, "b-sq"), (3, 2, 7));
    assert_eq!(get(&game, "b-sq").morale, Morale::Shaken);
}

#[test]
fn cavalry_bounces_off_a_square_that_does_not_lose() {
    // *Cavalry Bouncing off Squares*: neither loses, the cavalry still retreats 4",
    // disordered but not shaken (ruling 33: out of contact). Medium cavalry at
    // 3 - 4 = -1 needs 6, the square (2) needs 3. dice=1,1,1,1/1,1: no hits either way.
    let mut game = combat_phase(plain(&[
        horse("a-mc", "C", 12),
        foot("b-sq", "C", 12, "square"),
    ]));
    let round = fight(&mut game, "combat a-mc vs b-sq dice=1,1,1,1/1,1");
    let result = &fighter(&round, "a-mc").result;
    assert!(
        result.contains("bounces") && result.contains("4\""),
        "{result}"
    );
    assert!(fighter(&round, "a-mc").beaten);
    assert!(!fighter(&round, "b-sq").beaten);
    let cav = get(&game, "a-mc");
    assert_eq!((cav.morale, cav.disordered), (Morale::Good, true));
    assert_eq!(damage(&game, "a-mc"), (0, 0, 12));
    assert!(contacts(&game, "a-mc").is_empty());
    assert!(contacts(&game, "b-sq").is_empty());
    let square = get(&game, "b-sq");
    assert_eq!(
        (square.formation, square.morale, square.disordered),
        (Formation::Square, Morale::Good, false)
    );
}

#[test]
fn skirmishers_in_the_open_are_overrun_without_rolling() {
    // *Skirmishers in Combat*: in the open, charged by close-order troops, they are
    // overrun and eliminated without rolling (ruling 34); the attackers, with no enemy
    // left to strike, roll nothing either, so the players type no dice, and the
    // attackers hold their ground (no combat goes on).
    let mut game = combat_phase(plain(&[
        foot("a-inf", "C", 12, "line"),
        light("a-sk", "C", 12, "skirmish"),
        light("b-sk", "C", 12, "skirmish"),
    ]));
    refused(&mut game, "combat a-inf vs b-sk dice=1,1,1/1,1,1");
    refused(&mut game, "combat a-inf vs b-sk dice=1,1,1");
    let before = game.state().dice();
    let round = fight(&mut game, "combat a-inf vs b-sk");
    assert_eq!(game.state().dice(), before, "no dice thrown");
    let inf = fighter(&round, "a-inf");
    assert!(inf.strikes.is_empty());
    assert!(inf.result.starts_with("holds its ground"), "{}", inf.result);
    assert!(contacts(&game, "a-inf").is_empty());
    let sk = fighter(&round, "b-sk");
    assert!(sk.strikes.is_empty());
    assert!(sk.result.contains("OVERRUN"), "{}", sk.result);
    let unit = get(&game, "b-sk");
    assert_eq!(
        (unit.status, unit.on_table),
        (UnitStatus::Eliminated, false)
    );
    assert!(events(&game).iter().any(|e| matches!(
        e,
        Event::Eliminated { unit, cause } if unit == "b-sk" && cause.contains("overrun")
    )));
    assert_eq!(damage(&game, "a-inf"), (0, 0, 12));
    ok(&mut game, "undo");
    // Skirmishers charged by skirmishers fight: 2 points each (no defensive fire while
    // skirmishing), 3 dice each.
    let round = probe(&mut game, "combat a-sk vs b-sk");
    assert_eq!(points(&round, "b-sk", "a-sk"), (2, vec![0]));
    assert_eq!(strike(&round, "b-sk", "a-sk").dice.len(), 3);
}

#[test]
fn skirmishers_in_rough_ground_fight_as_disordered_line_infantry() {
    // *Skirmishers in Combat*: in disordering terrain they "are simply treated as
    // disordered line infantry" (ruling 34): 2 - 1 = 1, every figure (12 → 3 dice), no
    // defensive fire. The grade C line at 2 has advantage: needs 3; the skirmishers 5.
    let mut game = combat_phase(plain(&[
        foot("a-inf", "C", 12, "line"),
        light("b-sk", "C", 12, "skirmish"),
    ]));
    let round = fight(&mut game, "combat a-inf vs b-sk rough dice=1,1,1/1,1,1");
    let sk = strike(&round, "b-sk", "a-inf");
    assert!(
        sk.base_reason.contains("line infantry"),
        "{}",
        sk.base_reason
    );
    assert_eq!((sk.points, values(sk)), (1, vec![0, -1]));
    assert_eq!((sk.dice.len(), sk.needed), (3, 5));
    assert_eq!(strike(&round, "a-inf", "b-sk").needed, 3);
    assert_eq!(get(&game, "b-sk").status, UnitStatus::InPlay);
    assert_eq!(contacts(&game, "b-sk"), vec!["a-inf"]);
}

#[test]
fn a_trapped_loser_is_eliminated() {
    // *Retreat Moves* 5: a unit attacked from two opposite sides that loses cannot
    // retreat and is eliminated (ruling 35). 2 points each, both need 4; dice=6,6,6/1,1.
    let mut game = combat_phase(plain(&[
        foot("a-inf", "C", 12, "line"),
        foot("b-col", "C", 12, "column"),
    ]));
    let round = fight(
        &mut game,
        "combat a-inf vs b-col trapped=b-col dice=6,6,6/1,1",
    );
    assert!(fighter(&round, "b-col").result.contains("ELIMINATED"));
    assert!(fighter(&round, "b-col").beaten && !fighter(&round, "a-inf").beaten);
    let col = get(&game, "b-col");
    assert_eq!((col.status, col.on_table), (UnitStatus::Eliminated, false));
    assert!(events(&game).iter().any(|e| matches!(
        e,
        Event::Eliminated { unit, cause } if unit == "b-col" && cause.contains("two opposite sides")
    )));
    ok(&mut game, "undo");
    // A tie (one hit each) does not lose: the trapped column stays.
    fight(
        &mut game,
        "combat a-inf vs b-col trapped=b-col dice=6,1,1/6,1",
    );
    assert_eq!(get(&game, "b-col").status, UnitStatus::InPlay);
    assert_eq!(contacts(&game, "b-col"), vec!["a-inf"]);
    let refusal = refused(&mut game, "combat a-reserve vs b-reserve trapped=b-col");
    assert!(refusal.contains("not in this combat"), "{refusal}");
}

#[test]
fn steady_cavalry_contact_disorders_infantry_before_the_points() {
    // *Steadiness and Disorder* 2 (ruling 30): infantry not in square contacted by steady
    // enemy cavalry becomes disordered at once: the grade C line has 2 - 1 = 1 and no
    // defensive fire. dice all 1s: no hits, yet it stays disordered.
    let mut game = combat_phase(plain(&[
        horse("a-mc", "C", 12),
        foot("a-inf", "C", 12, "line"),
        foot("b-line", "C", 12, "line"),
        horse("b-mc", "C", 12),
    ]));
    let round = fight(&mut game, "combat a-mc vs b-line dice=1,1,1,1/1,1,1");
    assert_eq!(points(&round, "b-line", "a-mc"), (1, vec![0, -1]));
    assert_eq!(
        defensive_fire(&round, "b-line", "a-mc").unwrap().1,
        "no defensive fire: disordered"
    );
    let evts = events(&game);
    let disorder = evts
        .iter()
        .position(|e| matches!(e, Event::Disorder { unit, disordered: true } if unit == "b-line"));
    let fought = evts.iter().position(|e| matches!(e, Event::Fought(_)));
    assert!(disorder.unwrap() < fought.unwrap(), "{evts:?}");
    assert!(get(&game, "b-line").disordered);
    assert!(!get(&game, "a-mc").disordered);
    ok(&mut game, "undo");

    // Whichever side charged: infantry charging cavalry is disordered too: 2 - 1 = 1.
    let round = probe(&mut game, "combat a-inf vs b-mc");
    assert_eq!(points(&round, "a-inf", "b-mc"), (1, vec![-1]));

    // Unsteady (disordered) cavalry does not disorder: the line keeps 2 + 1 = 3.
    ok(&mut game, "disorder a-mc");
    let round = probe(&mut game, "combat a-mc vs b-line");
    assert_eq!(points(&round, "b-line", "a-mc"), (3, vec![1]));
}

#[test]
fn cavalry_contact_does_not_disorder_a_square_or_a_steady_prussian_line() {
    // *Steadiness and Disorder* 2: "not in square". *National Modifiers*, Prussia
    // pre-1810: steady troops in line do not become disordered if contacted by enemy
    // cavalry (ruling 30). The square: 2 + 0 = 2. The Prussian line, national rules on:
    // 2 + 1 = 3; a Prussian column is disordered: 2 + 0 - 1 = 1; without the national
    // rules the Prussian line is disordered: 2 + 0 - 1 = 1.
    let units = [
        horse("a-mc", "C", 12),
        foot("b-sq", "C", 12, "square"),
        foot("b-line", "C", 12, "line"),
        foot("b-col", "C", 12, "column"),
    ];
    let mut game = combat_phase(plain(&units));
    let round = probe(&mut game, "combat a-mc vs b-sq");
    assert_eq!(points(&round, "b-sq", "a-mc"), (2, vec![0]));

    let mut game = combat_phase(battle(
        ["france", "prussia-pre-1810"],
        &["national-modifiers"],
        &units,
    ));
    let round = probe(&mut game, "combat a-mc vs b-line");
    assert_eq!(points(&round, "b-line", "a-mc"), (3, vec![1]));
    let round = probe(&mut game, "combat a-mc vs b-col");
    assert_eq!(points(&round, "b-col", "a-mc"), (1, vec![0, -1]));

    let mut game = combat_phase(battle(["france", "prussia-pre-1810"], &[], &units));
    let round = probe(&mut game, "combat a-mc vs b-line");
    assert_eq!(points(&round, "b-line", "a-mc"), (1, vec![0, -1]));
}

#[test]
fn the_second_round_against_cavalry_does_not_disorder_again() {
    // Ruling 30: only the first round's contact disorders. After a 0-0 tie with the
    // cavalry (the line disordered by contact) its disorder is taken off by hand, only to
    // show the next turn's round does not put it back (a unit in combat cannot really
    // reform): the round is continuing, 2 points, no -1.
    let mut game = combat_phase(plain(&[
        horse("a-mc", "C", 12),
        foot("b-line", "C", 12, "line"),
    ]));
    fight(&mut game, "combat a-mc vs b-line dice=1,1,1,1/1,1,1");
    // *Steadiness and Disorder* 2: infantry not in square contacted by steady cavalry.
    assert!(get(&game, "b-line").disordered);
    assert_eq!(contacts(&game, "b-line"), vec!["a-mc"]);
    next_combat_phase(&mut game);
    ok(&mut game, "disorder b-line off");
    let round = probe(&mut game, "combat a-mc vs b-line");
    assert_eq!(points(&round, "b-line", "a-mc"), (2, vec![0]));
}

#[test]
fn a_combat_typed_continuing_brings_no_contact_disorder() {
    // Ruling 30: contact disorder comes "at the first round of a combat (not a continuing
    // one)"; `continuing` says the combat began before this round, though the app did not
    // see it begin. The grade C line fighting on against medium cavalry: 2 + 0 (no
    // defensive fire: continuing) = 2, not disordered.
    let mut game = combat_phase(plain(&[
        horse("a-mc", "C", 12),
        foot("b-line", "C", 12, "line"),
    ]));
    let round = probe(&mut game, "combat a-mc vs b-line continuing");
    assert_eq!(points(&round, "b-line", "a-mc"), (2, vec![0]));
    assert_eq!(
        defensive_fire(&round, "b-line", "a-mc").unwrap().1,
        "no defensive fire: continuing combat"
    );
}

// --- 8. Shattered -------------------------------------------------------------------------

#[test]
fn a_unit_brought_to_a_quarter_by_combat_is_shattered() {
    // *Shattered Units*: a unit reduced to a quarter of its starting figures is shattered
    // (12 → 3). A 20-figure line (5 dice, 2 points, needs 3) beats a shaken column
    // (2 + 0 - 2 = 0): 4 loss + 4 rout hits leave 4 figures, in play;
    // 5 loss + 4 rout hits leave 3, shattered, and it leaves the table when the phase ends.
    let mut game = combat_phase(plain(&[
        foot("a-big", "C", 20, "line"),
        foot("b-col", "C", 12, "column"),
    ]));
    ok(&mut game, "shaken b-col");
    fight(&mut game, "combat a-big vs b-col dice=6,6,6,6,1/1,1");
    assert_eq!(damage(&game, "b-col"), (4, 4, 4));
    assert_eq!(get(&game, "b-col").status, UnitStatus::InPlay);
    ok(&mut game, "undo");
    fight(&mut game, "combat a-big vs b-col dice=6,6,6,6,6/1,1");
    assert_eq!(damage(&game, "b-col"), (5, 4, 3));
    assert_eq!(get(&game, "b-col").status, UnitStatus::Shattered);
    assert!(
        events(&game)
            .iter()
            .any(|e| matches!(e, Event::Shattered { unit } if unit == "b-col"))
    );
    ok(&mut game, "next");
    assert!(!get(&game, "b-col").on_table);
}

// --- 9. Generals --------------------------------------------------------------------------

/// The general risk rolls of the last command.
fn risk_rolls(game: &Game) -> Vec<(String, Vec<u8>)> {
    events(game)
        .into_iter()
        .filter_map(|e| match e {
            Event::Rolled(roll) if roll.kind == RollKind::GeneralRisk => Some((roll.by, roll.dice)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_general_with_a_unit_taking_two_hits_is_killed_on_a_1() {
    // *Generals*: attached to a unit that suffers two or more close combat hits, roll a
    // die: on a 1 he is killed (ruling 31). Ney's line, 2 + 1 = 3, against the steady line,
    // 2 + 1 = 3: even, both need 4. dice=1,1,1/6,6,1: Ney's line takes 2 hits.
    let mut game = combat_phase(plain(&[
        foot("a-inf", "C", 12, "line"),
        foot("b-line", "C", 12, "line"),
    ]));
    ok(&mut game, "attach ney a-inf");
    let refusal = refused(&mut game, "combat a-inf vs b-line dice=1,1,1/6,6,1");
    assert!(refusal.contains("gen="), "{refusal}");
    fight(&mut game, "combat a-inf vs b-line dice=1,1,1/6,6,1 gen=1");
    assert_eq!(risk_rolls(&game), vec![("Ney".to_owned(), vec![1])]);
    assert!(events(&game).contains(&Event::GeneralLost {
        general: "ney".to_owned(),
        status: GeneralStatus::Killed
    }));
    let ney = game.state().general("ney").unwrap();
    assert_eq!(
        (ney.status, ney.attached.as_deref()),
        (GeneralStatus::Killed, None)
    );
    ok(&mut game, "undo");

    fight(&mut game, "combat a-inf vs b-line dice=1,1,1/6,6,1 gen=2");
    let ney = game.state().general("ney").unwrap();
    assert_eq!(
        (ney.status, ney.attached.as_deref()),
        (GeneralStatus::InPlay, Some("a-inf"))
    );
    ok(&mut game, "undo");

    // One hit: no roll, and a gen= die is refused.
    let refusal = refused(&mut game, "combat a-inf vs b-line dice=1,1,1/6,1,1 gen=1");
    assert!(refusal.contains("no general is at risk"), "{refusal}");
    fight(&mut game, "combat a-inf vs b-line dice=1,1,1/6,1,1");
    assert!(risk_rolls(&game).is_empty());
}

#[test]
fn generals_roll_in_the_order_their_units_were_named() {
    // Ruling 31: with the players' dice, `gen=` in the order the units were named. Ney's
    // line (3) against Wellington's column (2 + 0 + 1 = 3): both need 4. dice=6,6,1/6,6:
    // two hits each, a tie. gen=1,2: Ney killed, Wellington unhurt.
    let mut game = combat_phase(plain(&[
        foot("a-inf", "C", 12, "line"),
        foot("b-col", "C", 12, "column"),
    ]));
    ok(&mut game, "attach ney a-inf");
    ok(&mut game, "attach wellington b-col");
    fight(&mut game, "combat a-inf vs b-col dice=6,6,1/6,6 gen=1,2");
    assert_eq!(
        risk_rolls(&game),
        vec![
            ("Ney".to_owned(), vec![1]),
            ("Wellington".to_owned(), vec![2])
        ]
    );
    assert_eq!(
        game.state().general("ney").unwrap().status,
        GeneralStatus::Killed
    );
    assert_eq!(
        game.state().general("wellington").unwrap().status,
        GeneralStatus::InPlay
    );
    ok(&mut game, "undo");
    let refusal = refused(&mut game, "combat a-inf vs b-col dice=6,6,1/6,6 gen=1");
    assert!(refusal.contains('2'), "{refusal}");
}

#[test]
fn a_general_whose_unit_is_destroyed_is_captured_on_a_1_or_rides_clear() {
    // *Generals*: a lone general contacted by the enemy: on a 1 captured, otherwise he
    // moves away (ruling 31: one roll, and he is no longer attached). Wellington's column
    // (2 + 0 + 1 = 3, needs 3) trapped, against the grade C line (2, needs 5).
    // dice=6,6,6/1,1: the column loses 3-0 and is eliminated.
    let mut game = combat_phase(plain(&[
        foot("a-inf", "C", 12, "line"),
        foot("b-col", "C", 12, "column"),
    ]));
    ok(&mut game, "attach wellington b-col");
    let line = "combat a-inf vs b-col trapped=b-col dice=6,6,6/1,1";
    refused(&mut game, line);
    fight(&mut game, &format!("{line} gen=1"));
    assert_eq!(get(&game, "b-col").status, UnitStatus::Eliminated);
    assert_eq!(
        risk_rolls(&game).len(),
        1,
        "one roll, though the unit took 3 hits"
    );
    let wellington = game.state().general("wellington").unwrap();
    assert_eq!(
        (wellington.status, wellington.attached.as_deref()),
        (GeneralStatus::Captured, None)
    );
    ok(&mut game, "undo");
    fight(&mut game, &format!("{line} gen=4"));
    let wellington = game.state().general("wellington").unwrap();
    assert_eq!(
        (wellington.status, wellington.attached.as_deref()),
        (GeneralStatus::InPlay, None)
    );
    assert!(events(&game).contains(&Event::Detached {
        general: "wellington".to_owned()
    }));
}

// --- 10. Refusals -------------------------------------------------------------------------

fn four_units() -> Game {
    plain(&[
        foot("a-inf", "C", 12, "line"),
        foot("a-inf2", "C", 12, "line"),
        foot("b-col", "C", 12, "column"),
        foot("b-line", "C", 12, "line"),
    ])
}

#[test]
fn combat_is_refused_outside_its_phase_and_with_the_wrong_units() {
    let mut game = four_units();
    // Rally phase of turn 1.
    let refusal = refused(&mut game, "combat a-inf vs b-col");
    assert!(refusal.contains("combat phase"), "{refusal}");
    advance(&mut game, 3);
    refused(&mut game, "combat a-ghost vs b-col");
    refused(&mut game, "combat a-inf vs b-ghost");
    let refusal = refused(&mut game, "combat a-inf,a-inf vs b-col");
    assert!(refusal.contains("named twice"), "{refusal}");
    refused(&mut game, "combat a-inf vs b-col,b-col");
    let refusal = refused(&mut game, "combat a-inf,b-line vs b-col");
    assert!(refusal.contains("one army"), "{refusal}");
    let refusal = refused(&mut game, "combat a-inf vs a-inf2");
    assert!(refusal.contains("both sides"), "{refusal}");
    // The passive side does not charge (ruling 36).
    let refusal = refused(&mut game, "combat b-line vs a-inf");
    assert!(refusal.contains("active side"), "{refusal}");
    // Shaken units may not charge.
    ok(&mut game, "shaken a-inf2");
    let refusal = refused(&mut game, "combat a-inf2 vs b-col");
    assert!(refusal.contains("shaken"), "{refusal}");
}

#[test]
fn combat_dice_must_be_one_group_of_the_right_size_per_unit_that_rolls() {
    // The line rolls 3 dice, the column 2.
    let mut game = combat_phase(four_units());
    for line in [
        "combat a-inf vs b-col dice=6,6/1,1",
        "combat a-inf vs b-col dice=6,6,6,6/1,1",
        "combat a-inf vs b-col dice=6,6,6/1",
        "combat a-inf vs b-col dice=6,6,6",
        "combat a-inf vs b-col dice=6,6,6/1,1/1",
        "combat a-inf vs b-col dice=6,6,7/1,1",
        "combat a-inf vs b-col dice=6,6,0/1,1",
    ] {
        refused(&mut game, line);
    }
    let refusal = refused(&mut game, "combat a-inf vs b-col dice=6,6,6");
    assert!(refusal.contains("a-inf 3 dice / b-col 2 dice"), "{refusal}");
    ok(&mut game, "combat a-inf vs b-col dice=6,6,6/1,1");
}

#[test]
fn combat_is_refused_for_what_the_text_forbids() {
    let mut game = combat_phase(plain(&[
        foot("a-inf", "C", 12, "line"),
        light("a-sk", "C", 12, "skirmish"),
        battery("a-gun", "field", "C", 8, 4, "unlimbered"),
        foot("b-col", "C", 12, "column"),
        foot("b-line", "C", 12, "line"),
        foot("b-sq", "C", 12, "square"),
        battery("b-gun", "field", "C", 8, 4, "unlimbered"),
    ]));
    // *Artillery in Combat*: gunners do not charge.
    let refusal = refused(&mut game, "combat a-gun vs b-col");
    assert!(refusal.contains("artillery"), "{refusal}");
    // *Skirmishers in Combat*: they charge only guns and other skirmishers.
    let refusal = refused(&mut game, "combat a-sk vs b-col");
    assert!(refusal.contains("skirmishing"), "{refusal}");
    probe(&mut game, "combat a-sk vs b-gun");
    // *Flank/rear Attacks*: squares have no flanks.
    let refusal = refused(&mut game, "combat a-inf vs b-sq flank=b-sq");
    assert!(refusal.contains("squares have no flanks"), "{refusal}");
    let refusal = refused(&mut game, "combat a-inf vs b-col flank=b-line");
    assert!(refusal.contains("not in this combat"), "{refusal}");
    refused(&mut game, "combat a-inf vs b-col flank=b-ghost");
}

#[test]
fn a_unit_fights_one_round_a_turn_and_every_contact_must_be_named() {
    // *Close Combat*, Procedure: one round per turn (ruling 36). The column loses (it
    // leaves the combat) and neither it nor the line that beat it fights again this turn.
    // *Combat Points*: the line 2, the column 2 (no defensive fire in column): even, both
    // need 4-6 (*Scores to Hit*). dice=4,4,4/3,3: 3 hits to 0. *Combat Results*: the
    // column "suffers more hits than it inflicts": it retreats 4", 2 rout hits, shaken:
    // 12 - 3 - 2 = 7 figures, out of contact; the line is untouched.
    let mut game = combat_phase(four_units());
    let round = fight(&mut game, "combat a-inf vs b-col dice=4,4,4/3,3");
    assert_eq!(strike(&round, "a-inf", "b-col").hits, 3);
    assert_eq!(strike(&round, "b-col", "a-inf").hits, 0);
    let result = &fighter(&round, "b-col").result;
    assert!(result.contains("retreats 4\""), "{result}");
    assert_eq!(damage(&game, "b-col"), (3, 2, 7));
    assert_eq!(get(&game, "b-col").morale, Morale::Shaken);
    assert_eq!(damage(&game, "a-inf"), (0, 0, 12));
    assert!(contacts(&game, "b-col").is_empty());
    assert!(contacts(&game, "a-inf").is_empty());
    let refusal = refused(&mut game, "combat a-inf vs b-line");
    assert!(refusal.contains("one round a turn"), "{refusal}");
    refused(&mut game, "combat a-inf2 vs b-col");
    // The other pair ties 0-0 and stays in contact: the attacking line's 2 is one behind
    // the defending line's 2 + 1 (defensive fire) = 3, so it needs 5-6 and its 4s miss;
    // the defenders at advantage need 3-6 and their 2s miss. Neither suffers more hits
    // than it inflicts, and with no hits neither is disordered (*Steadiness and
    // Disorder* 3).
    let round = fight(&mut game, "combat a-inf2 vs b-line dice=4,4,4/2,2,2");
    assert_eq!(strike(&round, "a-inf2", "b-line").needed, 5);
    assert_eq!(strike(&round, "b-line", "a-inf2").needed, 3);
    for id in ["a-inf2", "b-line"] {
        assert!(fighter(&round, id).result.starts_with("holds"), "{id}");
        assert_eq!(damage(&game, id), (0, 0, 12), "{id}");
        assert!(!get(&game, id).disordered, "{id}");
    }
    assert_eq!(contacts(&game, "a-inf2"), vec!["b-line"]);
    assert_eq!(contacts(&game, "b-line"), vec!["a-inf2"]);
    next_combat_phase(&mut game);
    // Side b's turn: a unit in contact with an enemy not named is refused (ruling 26).
    let refusal = refused(&mut game, "combat b-line vs a-inf");
    assert!(refusal.contains("in contact with a-inf2"), "{refusal}");
    let refusal = refused(&mut game, "combat b-reserve vs a-inf2");
    assert!(refusal.contains("in contact with b-line"), "{refusal}");
    // A fresh unit of the passive side may not join: a-inf would be charging.
    let refusal = refused(&mut game, "combat a-inf2,a-inf vs b-line");
    assert!(refusal.contains("active side"), "{refusal}");
    // A shaken unit fights on in a continuing combat, named either side of `vs`.
    // *Combat Points*: shaken -2, and no defensive fire for an unsteady unit or in a
    // continuing combat: the shaken line 2 - 2 = 0 rolls its 3 dice needing 5-6 (2
    // behind); the other line 2 needs 3-6 (at advantage).
    ok(&mut game, "shaken a-inf2");
    // Named after `vs` it shows a +0 line for the defensive fire it does not make.
    for (line, shown) in [
        ("combat a-inf2 vs b-line", vec![-2]),
        ("combat b-line vs a-inf2", vec![0, -2]),
    ] {
        let round = probe(&mut game, line);
        let shaken = strike(&round, "a-inf2", "b-line");
        assert_eq!(
            (shaken.points, shaken.dice.len(), shaken.needed),
            (0, 3, 5),
            "{line}"
        );
        assert_eq!(values(shaken), shown, "{line}");
        let other = strike(&round, "b-line", "a-inf2");
        assert_eq!((other.points, other.needed), (2, 3), "{line}");
    }
}

// --- 11. Rally and disengage --------------------------------------------------------------

#[test]
fn a_unit_in_contact_may_not_rally_until_it_disengages() {
    // Ruling 19 and 36: a unit in contact with the enemy may not rally; `disengage` ends
    // contact. A shaken column (0 points) ties 0-0 with the line in side a's turn 1; side
    // b's rally phase follows side a's combat and reform phases.
    let mut game = combat_phase(four_units());
    ok(&mut game, "shaken b-col");
    fight(&mut game, "combat a-inf vs b-col dice=1,1,1/1,1");
    assert_eq!(contacts(&game, "b-col"), vec!["a-inf"]);
    advance(&mut game, 2);
    assert_eq!((game.state().turn(), game.state().active()), (2, "b"));
    let refusal = refused(&mut game, "rally b-col roll=6");
    assert!(refusal.contains("in contact"), "{refusal}");
    ok(&mut game, "disengage b-col");
    assert!(contacts(&game, "b-col").is_empty());
    assert!(contacts(&game, "a-inf").is_empty());
    refused(&mut game, "disengage b-col");
    ok(&mut game, "rally b-col roll=6");
    assert_eq!(get(&game, "b-col").morale, Morale::Good);
}

// --- 12. Undo -----------------------------------------------------------------------------

#[test]
fn undo_of_a_combat_restores_every_unit_and_general_in_it() {
    // Two rounds taken back: a tie with hits, contact and a general killed; then a trapped
    // column eliminated with its general captured.
    let mut game = combat_phase(plain(&[
        foot("a-inf", "C", 12, "line"),
        horse("a-mc", "C", 12),
        foot("b-col", "C", 12, "column"),
        foot("b-line", "C", 12, "line"),
    ]));
    ok(&mut game, "attach ney a-inf");
    ok(&mut game, "attach wellington b-col");
    let ids = ["a-inf", "a-mc", "b-col", "b-line"];
    let snapshot =
        |game: &Game| -> Vec<Unit> { ids.iter().map(|id| get(game, id).clone()).collect() };
    let before_units = snapshot(&game);
    let before = game.state().clone();
    let logged = game.log().len();

    for line in [
        "combat a-inf vs b-col dice=6,6,1/6,6 gen=1,2",
        "combat a-inf,a-mc vs b-col,b-line trapped=b-col dice=6,6,6/6,6,6,6/1,1/1,1,1 gen=1",
    ] {
        fight(&mut game, line);
        assert_ne!(snapshot(&game), before_units, "{line} changed nothing");
        ok(&mut game, "undo");
        let after = snapshot(&game);
        for (was, is) in before_units.iter().zip(&after) {
            assert_eq!(was, is, "{line}: {} not restored", was.id);
        }
        assert_eq!(game.state(), &before, "{line}");
        assert_eq!(game.log().len(), logged, "{line}");
    }
}

// --- Joining a fight, turning in contact, shattered enemies (ruling 36) -----------------

/// *Charging*: a unit of the active side that joins a fight charges into it, so it is
/// named before `vs` and makes no defensive fire; named after `vs` it is refused.
#[test]
fn the_active_sides_unit_joining_a_fight_is_named_before_vs() {
    let mut game = combat_phase(plain(&[
        foot("a-line", "C", 12, "line"),
        foot("b-line", "C", 12, "line"),
        foot("b-fresh", "C", 12, "line"),
    ]));
    // A tie: 1 hit each, both hold and stay in contact. *Combat Points*: the attacker 2,
    // the steady defending line 2 + 1 (defensive fire) = 3. *Scores to Hit*: one behind
    // needs 5-6 (the 5 hits, the 4 misses); at advantage 3-6 (the 3 hits, the 2 misses).
    // Neither suffers more hits than it inflicts (*Combat Results*): both hold, each
    // disordered by its hit (*Steadiness and Disorder* 3), 12 - 1 = 11 figures.
    let round = fight(&mut game, "combat a-line vs b-line dice=5,4,1/3,2,1");
    assert_eq!(strike(&round, "a-line", "b-line").hits, 1);
    assert_eq!(strike(&round, "b-line", "a-line").hits, 1);
    for id in ["a-line", "b-line"] {
        assert!(fighter(&round, id).result.starts_with("holds"), "{id}");
        assert_eq!(damage(&game, id), (1, 0, 11), "{id}");
        assert_eq!(get(&game, id).morale, Morale::Good, "{id}");
        assert!(get(&game, id).disordered, "{id}");
    }
    assert_eq!(contacts(&game, "a-line"), vec!["b-line"]);
    next_combat_phase(&mut game);
    // Turn 2: side b is active; its fresh b-fresh charges in.
    let refusal = refused(
        &mut game,
        "combat a-line vs b-line,b-fresh dice=1,1,1/1,1,1/1,1,1",
    );
    assert!(
        refusal.contains("b-fresh is not yet in contact"),
        "{refusal}"
    );
    let round = fight(
        &mut game,
        "combat b-line,b-fresh vs a-line dice=1,1,1/1,1,1/1,1,1",
    );
    // a-line took a hit last round, so it is disordered: 2 - 1 = 1, no defensive fire.
    assert_eq!(points(&round, "a-line", "b-fresh"), (1, vec![0, -1]));
    // b-fresh charged: no defensive fire line at all, 2 points.
    assert_eq!(points(&round, "b-fresh", "a-line"), (2, vec![]));
}

/// *Close Combat*: no change of frontage or facing once in contact.
#[test]
fn a_unit_in_contact_may_not_change_formation() {
    let mut game = combat_phase(plain(&[
        foot("a-line", "C", 12, "line"),
        foot("b-line", "C", 12, "line"),
    ]));
    // A 1-1 tie (*Scores to Hit*: the attacker's 2 is one behind the line's 2 + 1 = 3
    // and needs 5-6; the line, ahead, needs 3-6): a 5 hits and a 4 misses, a 3 hits and
    // a 2 misses. Both hold and stay in contact.
    let round = fight(&mut game, "combat a-line vs b-line dice=5,4,1/3,2,1");
    let attack = strike(&round, "a-line", "b-line");
    assert_eq!((attack.needed, attack.hits), (5, 1));
    let defence = strike(&round, "b-line", "a-line");
    assert_eq!((defence.needed, defence.hits), (3, 1));
    assert_eq!(contacts(&game, "b-line"), vec!["a-line"]);
    let refusal = refused(&mut game, "form b-line square");
    assert!(refusal.contains("in close combat"), "{refusal}");
    assert_eq!(get(&game, "b-line").formation, Formation::Line);
    ok(&mut game, "disengage b-line");
    ok(&mut game, "form b-line square");
    assert_eq!(get(&game, "b-line").formation, Formation::Square);
}

/// *Skirmishers in Combat*: in rough ground skirmishers fight as disordered line infantry
/// (2 - 1 = 1 point) on whichever side of `vs` a continuing combat names them.
#[test]
fn skirmishers_in_rough_ground_fight_as_disordered_line_when_named_first() {
    let mut game = combat_phase(plain(&[
        foot("a-line", "C", 12, "line"),
        light("b-skirm", "C", 12, "skirmish"),
    ]));
    ok(&mut game, "combat a-line vs b-skirm rough dice=6,1,1/6,1,1");
    next_combat_phase(&mut game);
    let round = fight(&mut game, "combat b-skirm vs a-line rough dice=1,1,1/1,1,1");
    let (total, values) = points(&round, "b-skirm", "a-line");
    assert_eq!(total, 1, "{values:?}");
    assert!(values.contains(&-1), "{values:?}");
}

/// Ruling 36: a shattered enemy stays on the table to the phase's end but fights no more,
/// so its former foes fight on without naming it.
#[test]
fn a_shattered_enemy_need_not_be_named() {
    let mut game = combat_phase(plain(&[
        foot("a-line", "C", 12, "line"),
        foot("b-line", "C", 12, "line"),
        foot("b-other", "C", 12, "line"),
    ]));
    // a-line's 3 dice split 2 and 1 (*Eligible Figures*: "as evenly as possible", the odd
    // die at the first named, ruling 26): one hit on each; each of them hits it once. Its
    // 2 is one behind either line's 2 + 1 = 3: it needs 5-6 (5 hits, 4 misses); they,
    // at advantage, need 3-6 (3 hits, 2 misses). *Combat Results*: a-line suffers 2 and
    // inflicts 2, each of them 1 and 1: all hold. a-line 12 - 2 = 10, the others 11.
    let round = fight(
        &mut game,
        "combat a-line vs b-line,b-other dice=5,4,5/3,2,1/3,2,1",
    );
    assert_eq!(strike(&round, "a-line", "b-line").dice, vec![5, 4]);
    assert_eq!(strike(&round, "a-line", "b-other").dice, vec![5]);
    for id in ["a-line", "b-line", "b-other"] {
        assert!(fighter(&round, id).result.starts_with("holds"), "{id}");
    }
    assert_eq!(damage(&game, "a-line"), (2, 0, 10));
    assert_eq!(damage(&game, "b-line"), (1, 0, 11));
    assert_eq!(damage(&game, "b-other"), (1, 0, 11));
    assert_eq!(contacts(&game, "a-line"), vec!["b-line", "b-other"]);
    next_combat_phase(&mut game);
    // Side b's combat phase, turn 2: b-other is shattered (*Shattered Units*: one quarter
    // of its original strength, 11 - 8 = 3 of 12).
    ok(&mut game, "hit b-other 8");
    assert_eq!(damage(&game, "b-other"), (9, 0, 3));
    assert_eq!(get(&game, "b-other").status, UnitStatus::Shattered);
    // *Dice in Combat*: a die per four, a final remainder of three rounding up: b-line
    // 11 = 8 + 3 figures, 3 dice; a-line 10 = 8 + 2, 2 dice, all at b-line.
    let round = fight(&mut game, "combat b-line vs a-line dice=1,1,1/1,1");
    assert_eq!(strike(&round, "b-line", "a-line").dice.len(), 3);
    assert_eq!(strike(&round, "a-line", "b-line").dice.len(), 2);
    assert!(round.fighters.iter().all(|f| f.unit != "b-other"));
    assert_eq!(fighter(&round, "a-line").strikes.len(), 1);
}
