//! Two turns of the *d10 quick-reference sheet* (`d10-sheet`) on the built-in `ebelsberg`
//! scenario, played through the library with the players' dice as a referee would.
//!
//! Every expected number is worked out by hand from the scan
//! (`../shared/rules/d10-quick-reference-ocr.txt`, its lines cited): the melee (lines
//! 113-122), the initiative (lines 236-249), action points (lines 187-190), the fire table
//! (lines 136-147) and its floor (line 155). A figure is a casting and a step, three
//! castings to an infantry stand (line 152), and the fire table's Infantry column gives a
//! row for every two stands (lines 139-144: 2 stands row 1, 6 row 3, 8 row 4, 10 row 5,
//! 12 row 6).
//!
//! - Turn 1, French: Coehorn wins an initiative the bare dice do not end; the 26e Léger
//!   rolls 10 then 9 for its action points; the 26e (row 5 from its 10 stands), the Corses
//!   (row 3) and the Pô (row 4, named) fire; the 26e beats IR 4 in melee on its flank, and
//!   the hussars beat IR 49's line and lose more than it does.
//! - Turn 2, Austrian: IR 4, left with 20 figures, reads row 3 from its 6 whole stands;
//!   it names row 4;
//!   the battery names its row; IR 4, disordered since its melee, attacks the 26e in light
//!   cover and loses; the melee is undone and fought again; the Wiener Freiwillige and the
//!   Pô tie; Hiller and Coehorn's bare dice make 17 and the turn ends. The save loads, and replays, to the same state.

mod common;

use adjutant::game::{Game, Morale, Roll, RollKind, replay};
use adjutant::persist;
use adjutant::rules::phase::Phase;
use adjutant::scenario;
use common::{ok, refused, rolls};

const EBELSBERG: &str = include_str!("../scenarios/ebelsberg.toml");

/// The scenario text with the optional rule that offers the fire table's rebuilt rows.
fn with_rebuilt_rows() -> String {
    let text = EBELSBERG.replace(
        "first = \"france\"\n",
        "first = \"france\"\noptional_rules = [\"rebuilt-fire-rows\"]\n",
    );
    assert_ne!(text, EBELSBERG, "the optional rule must be added");
    text
}

fn ebelsberg(text: &str) -> Game {
    let (parsed, spec) =
        scenario::parse("ebelsberg.toml", text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    Game::new(parsed, spec, 1809)
}

fn figures(game: &Game, id: &str) -> u32 {
    game.state().unit(id).unwrap().figures()
}

fn disordered(game: &Game, id: &str) -> bool {
    game.state().unit(id).unwrap().disordered
}

/// The rolls of `line`, which must be accepted.
fn rolled(game: &mut Game, line: &str) -> Vec<Roll> {
    ok(game, line);
    rolls(game)
}

/// The one roll of `line` (a fire, an action-point roll).
fn one_roll(game: &mut Game, line: &str) -> Roll {
    let rolls = rolled(game, line);
    assert_eq!(rolls.len(), 1, "{line}: {rolls:?}");
    rolls.into_iter().next().unwrap()
}

/// The two rolls of a melee or an initiative, first roller first.
fn two_rolls(game: &mut Game, line: &str) -> (Roll, Roll) {
    let rolls = rolled(game, line);
    assert_eq!(rolls.len(), 2, "{line}: {rolls:?}");
    let mut rolls = rolls.into_iter();
    (rolls.next().unwrap(), rolls.next().unwrap())
}

fn modifier_values(roll: &Roll) -> Vec<i32> {
    roll.modifiers.iter().map(|m| m.value).collect()
}

fn next(game: &mut Game, turn: u32, phase: Phase) {
    ok(game, "next");
    assert_eq!(
        (game.state().turn(), game.state().phase()),
        (turn, phase),
        "after `next`"
    );
}

#[test]
fn two_turns_of_ebelsberg_with_the_players_dice() {
    let mut game = ebelsberg(EBELSBERG);
    assert_eq!(game.state().ruleset().profile().id, "d10-sheet");
    french_turn_one(&mut game);
    austrian_turn_two(&mut game);
    the_save_loads_and_replays_to_the_same_state(&game);
}

fn french_turn_one(game: &mut Game) {
    assert_eq!(game.state().turn(), 1);
    assert_eq!(game.state().active(), "france");
    assert_eq!(game.state().phase(), Phase::Movement);

    // Lines 236-237: the high modified die wins: Coehorn 8 + 1 = 9 against Hiller's 8.
    // Lines 246-249: the turn ends on 17 "without modifiers": the bare dice are 8 + 8 =
    // 16 (the totals, 9 + 8, would be 17), so it goes on.
    let (coehorn, hiller) = two_rolls(game, "initiative coehorn hiller a=+1 roll=8,8");
    assert_eq!((coehorn.total, hiller.total), (Some(9), Some(8)));
    assert_eq!(coehorn.result, "wins the initiative");
    assert_eq!(hiller.result, "loses the initiative");

    // Line 188: a natural 10 rolls again, so roll= owes a second die after it.
    let why = refused(game, "ap fr-26l roll=10");
    assert!(why.contains("must give 2 dice"), "{why}");
    // ... and no second die after a 9.
    let why = refused(game, "ap fr-26l roll=9,3");
    assert!(why.contains("must give 1 die"), "{why}");
    // Line 190: 10 = 3 AP, 8-9 = 2 AP: 3 + 2 = 5. Line 187: the natural 9 spends one
    // more: 5 - 1 = 4 left.
    let ap = one_roll(game, "ap fr-26l roll=10,9");
    assert_eq!(ap.kind, RollKind::ActionPoints);
    assert_eq!(ap.dice, vec![10, 9]);
    assert_eq!(ap.successes, 4);
    assert_eq!(
        ap.result,
        "5 AP (3 for the 10, 2 for the 9); the natural 9 spends 1: 4 left"
    );
    // Line 190: 1-7 = 1 AP; a general rolls too.
    let ap = one_roll(game, "ap coehorn roll=7");
    assert_eq!(ap.successes, 1);
    assert_eq!(ap.result, "1 AP (1 for the 7)");

    let why = refused(game, "fire fr-26l au-ir4 roll=7");
    assert!(why.contains("shooting"), "{why}");
    next(game, 1, Phase::Shooting);
    french_fire(game);
    next(game, 1, Phase::Melee);
    french_melee(game);
}

fn french_fire(game: &mut Game) {
    // The 26e Léger: 30 castings = 10 stands (line 152) = row 5 (line 143's Infantry
    // column: 10). A 7 reads the 9-7 column (line 136), whose cell on row 5 is
    // 8 7 7 6 [6]: 6 steps. IR 4: 30 - 6 = 24.
    let fire = one_roll(game, "fire fr-26l au-ir4 roll=7");
    assert_eq!(fire.kind, RollKind::Fire);
    assert_eq!(fire.total, Some(7));
    assert_eq!(
        fire.chart_reason,
        "row 5 of the fire table, the Infantry column's for 10 stands"
    );
    assert_eq!(fire.result, "6 steps lost by au-ir4");
    assert_eq!(figures(game, "au-ir4"), 24);

    // The Corses: 18 castings = 6 stands = row 3 (line 141: Infantry 6). A 10 reads the
    // 12-10 column: 6 5 5 [4]: 4 steps. The Wiener Freiwillige: 18 - 4 = 14.
    let fire = one_roll(game, "fire fr-corses au-wien roll=10");
    assert_eq!(fire.result, "4 steps lost by au-wien");
    assert_eq!(figures(game, "au-wien"), 14);

    // The Pô on a row the referee names: row 4 (line 142), 5 - 2 = 3 reads the "3"
    // column: 7 6 6 5 5 4 [4]: 4 steps. IR 49: 24 - 4 = 20.
    let fire = one_roll(game, "fire fr-po au-ir49 row=4 mod=-2 roll=5");
    assert_eq!(fire.chart_reason, "row 4 of the fire table");
    assert_eq!(fire.total, Some(3));
    assert_eq!(fire.result, "4 steps lost by au-ir49");
    assert_eq!(figures(game, "au-ir49"), 20);
    // Line 155 (ruling D9): modified below 0, no effect: 3 - 9 = -6.
    let fire = one_roll(game, "fire fr-corses au-ir49 row=9 mod=-9 roll=3");
    assert_eq!(fire.total, Some(-6));
    assert_eq!(fire.result, "no effect");
    assert_eq!(figures(game, "au-ir49"), 20);

    // Rows 2 and 6 (lines 140, 144) are garbled: offered only under the optional rule.
    for row in [2, 6] {
        let why = refused(game, &format!("fire fr-po au-ir49 row={row} roll=5"));
        assert!(
            why.contains(&format!("row {row} of the fire table is garbled")),
            "{why}"
        );
        assert!(why.contains("rebuilt-fire-rows"), "{why}");
    }
    // The Infantry column gives cavalry no row; the hussars must name one.
    let why = refused(game, "fire fr-hus au-bat roll=5");
    assert!(why.contains("fr-hus is not infantry"), "{why}");
    // Only the side whose turn it is fires.
    let why = refused(game, "fire au-ir4 fr-26l row=4 roll=5");
    assert!(
        why.contains("au-ir4 is austria's; only the active side (france) fires"),
        "{why}"
    );
}

fn french_melee(game: &mut Game) {
    // The modifiers the scan lost (line 60: "Cav vs. Square 5") are refused, not guessed.
    let why = refused(game, "melee fr-hus au-bat a=cav-square roll=5,5");
    assert!(why.contains("cannot be read"), "{why}");
    // "Cav vs. Inf Line +6" (line 57) is a cavalry charger's.
    let why = refused(game, "melee fr-po au-ir49 a=cav-line roll=5,5");
    assert!(why.contains("fr-po is not cavalry"), "{why}");

    // Lines 113-118: the 26e 3 + 6 (charging a flank, line 65) = 9 against IR 4's 5 + 0
    // = 5. The 26e wins; IR 4, the loser, loses the totals' difference, 9 - 5 = 4 steps
    // (24 - 4 = 20); the 26e, the winner, loses the bare dice's, |3 - 5| = 2 (30 - 2 = 28).
    let (attacker, defender) = two_rolls(game, "melee fr-26l au-ir4 a=flank roll=3,5");
    assert_eq!(attacker.kind, RollKind::Melee);
    assert_eq!((attacker.total, defender.total), (Some(9), Some(5)));
    assert!(
        attacker
            .result
            .starts_with("wins by 4: loses 2 steps (the bare dice differ by 2)"),
        "{}",
        attacker.result
    );
    assert!(
        defender.result.starts_with("loses by 4: loses 4 steps"),
        "{}",
        defender.result
    );
    assert_eq!(figures(game, "au-ir4"), 20);
    assert_eq!(figures(game, "fr-26l"), 28);
    // Line 122: all participants of a melee are at least disordered.
    assert!(disordered(game, "fr-26l"));
    assert!(disordered(game, "au-ir4"));

    // One melee round a unit a turn: neither the 26e nor IR 4 fights another.
    let why = refused(game, "melee fr-26l au-wien roll=5,5");
    assert!(
        why.contains("fr-26l has fought a melee round this turn"),
        "{why}"
    );
    let why = refused(game, "melee fr-po au-ir4 roll=5,5");
    assert!(
        why.contains("au-ir4 has fought a melee round this turn"),
        "{why}"
    );

    // The hussars 4 + 6 (cavalry against a line, line 57) = 10; IR 49 9 + 0 = 9. The
    // hussars win by 1: IR 49 loses 1 (20 - 1 = 19); the hussars, winning, lose the bare
    // dice's |4 - 9| = 5 (12 - 5 = 7).
    let (hussars, ir49) = two_rolls(game, "melee fr-hus au-ir49 a=cav-line roll=4,9");
    assert_eq!(modifier_values(&hussars), vec![6]);
    assert_eq!(modifier_values(&ir49), Vec::<i32>::new());
    assert_eq!((hussars.total, ir49.total), (Some(10), Some(9)));
    assert_eq!(figures(game, "au-ir49"), 19);
    assert_eq!(figures(game, "fr-hus"), 7);
    assert!(disordered(game, "fr-hus"));
    assert!(disordered(game, "au-ir49"));
}

fn austrian_turn_two(game: &mut Game) {
    next(game, 2, Phase::Movement);
    assert_eq!(game.state().active(), "austria");
    // Line 190: an 8 gives 2 AP; only a natural 9 spends one more (line 187).
    let ap = one_roll(game, "ap hiller roll=8");
    assert_eq!(ap.successes, 2);
    assert_eq!(ap.result, "2 AP (2 for the 8)");
    next(game, 2, Phase::Shooting);

    // IR 4's 20 castings are 6 whole stands and 2 castings (line 152): row 3 by ruling
    // D11 (a part stand adds no row), which `need` names as `fire` would read it.
    let state = game.state();
    let needs = adjutant::game::unit_needs(state, state.unit("au-ir4").unwrap());
    assert!(needs[0].contains("on row 3 (its 6 stands)"), "{needs:?}");
    // A unit of one stand reads the Half row, lost (line 138): it is refused a row.
    let wien = figures(game, "au-wien");
    ok(game, &format!("hit au-wien {}", wien - 3));
    let why = refused(game, "fire au-wien fr-26l roll=5");
    assert!(why.contains("no row for au-wien's 3 figures"), "{why}");
    ok(game, "undo");
    // Named: row 4 (line 142) at 1 reads the "1" column, 7 6 6 5 5 4 4 3 [3]: 3 steps.
    // The 26e: 28 - 3 = 25.
    let fire = one_roll(game, "fire au-ir4 fr-26l row=4 roll=1");
    assert_eq!(fire.result, "3 steps lost by fr-26l");
    assert_eq!(figures(game, "fr-26l"), 25);
    // The battery on row 3 (line 141): 8 + 2 = 10 reads the 12-10 column, 6 5 5 [4]:
    // 4 steps. The hussars: 7 - 4 = 3.
    let fire = one_roll(game, "fire au-bat fr-hus row=3 mod=+2 roll=8");
    assert_eq!(fire.total, Some(10));
    assert_eq!(fire.result, "4 steps lost by fr-hus");
    assert_eq!(figures(game, "fr-hus"), 3);
    next(game, 2, Phase::Melee);

    // The melee marks of turn 1 are gone with it; the disorder stays (line 122). IR 4
    // attacks the 26e, both disordered (line 46, -4 each), the 26e in light cover (line
    // 96, +1): IR 4 3 - 4 = -1, the 26e 6 - 4 + 1 = 3. The 26e, defending, wins by 4:
    // IR 4 loses 4 (20 - 4 = 16), the 26e |3 - 6| = 3 (25 - 3 = 22).
    let line = "melee au-ir4 fr-26l d=cover=light roll=3,6";
    let (ir4, leger) = two_rolls(game, line);
    assert_eq!(modifier_values(&ir4), vec![-4]);
    assert_eq!(modifier_values(&leger), vec![-4, 1]);
    assert_eq!((ir4.total, leger.total), (Some(-1), Some(3)));
    assert!(
        ir4.result.starts_with("loses by 4: loses 4 steps"),
        "{}",
        ir4.result
    );
    assert!(
        leger
            .result
            .starts_with("wins by 4: loses 3 steps (the bare dice differ by 3)"),
        "{}",
        leger.result
    );
    assert_eq!(figures(game, "au-ir4"), 16);
    assert_eq!(figures(game, "fr-26l"), 22);

    // `undo` gives the figures back, and the round may be fought again.
    ok(game, "undo");
    assert_eq!(figures(game, "au-ir4"), 20);
    assert_eq!(figures(game, "fr-26l"), 25);
    assert!(!game.state().unit("au-ir4").unwrap().fought_this_turn);
    ok(game, line);
    assert_eq!(figures(game, "au-ir4"), 16);
    assert_eq!(figures(game, "fr-26l"), 22);

    // Equal totals, 5 and 5: neither wins the high roll (lines 113-114), no steps are
    // lost, and both are still disordered (line 122).
    let (wien, po) = two_rolls(game, "melee au-wien fr-po roll=5,5");
    assert!(
        wien.result.starts_with("equal totals: no steps lost"),
        "{}",
        wien.result
    );
    assert!(
        po.result.starts_with("equal totals: no steps lost"),
        "{}",
        po.result
    );
    assert_eq!((figures(game, "au-wien"), figures(game, "fr-po")), (14, 18));
    assert!(disordered(game, "au-wien"));
    assert!(disordered(game, "fr-po"));

    // Lines 246-249: Hiller 10 and Coehorn 7, bare, make 17: the turn ends at once.
    // Lines 236-237: Hiller's 10 is the higher and wins.
    let (hiller, coehorn) = two_rolls(game, "initiative hiller coehorn roll=10,7");
    let ends = "; the bare dice total 17+: THE TURN ENDS (`next` to its end)";
    assert_eq!(hiller.result, format!("wins the initiative{ends}"));
    assert_eq!(coehorn.result, format!("loses the initiative{ends}"));
}

fn the_save_loads_and_replays_to_the_same_state(game: &Game) {
    let text = persist::render(game).unwrap();
    let loaded = persist::load_text("ebelsberg.toml", &text).unwrap();
    assert!(loaded.notices.is_empty(), "{:?}", loaded.notices);
    assert_eq!(loaded.game.state(), game.state());
    assert_eq!(loaded.game.log(), game.log());
    assert_eq!(persist::render(&loaded.game).unwrap(), text);
    assert_eq!(figures(&loaded.game, "au-ir4"), 16);
    let replayed = replay(game.scenario(), game.seed(), game.log()).unwrap();
    assert_eq!(&replayed, game.state());
}

#[test]
fn the_rebuilt_fire_rows_are_read_only_under_their_optional_rule() {
    let mut game = ebelsberg(&with_rebuilt_rows());
    next(&mut game, 1, Phase::Shooting);
    // Row 2 as rebuilt from its neighbours' pattern (line 140 is garbled; rows 1 and 3,
    // lines 139 and 141): 5 4 4 3 3 2 2 1 1 0. A 5 reads the 6-4 column: 2 steps.
    // IR 49: 24 - 2 = 22.
    let fire = one_roll(&mut game, "fire fr-po au-ir49 row=2 roll=5");
    assert_eq!(fire.result, "2 steps lost by au-ir49");
    assert_eq!(
        fire.chart_reason,
        "row 2 of the fire table, rebuilt by pattern"
    );
    assert_eq!(figures(&game, "au-ir49"), 22);
    // Row 6 (line 144) rebuilt: 9 8 8 7 7 6 6 5 5 4; 15+ takes 9. IR 4: 30 - 9 = 21.
    let fire = one_roll(&mut game, "fire fr-26l au-ir4 row=6 mod=+5 roll=10");
    assert_eq!(fire.result, "9 steps lost by au-ir4");
    assert_eq!(figures(&game, "au-ir4"), 21);
    // A legible row is the same with the rule as without: row 5 at 7 is 6 steps
    // (line 143). The Wiener Freiwillige: 18 - 6 = 12.
    let fire = one_roll(&mut game, "fire fr-corses au-wien row=5 roll=7");
    assert_eq!(fire.result, "6 steps lost by au-wien");
    assert_eq!(figures(&game, "au-wien"), 12);
}

/// Shaken -2 and disordered -4 (lines 45-46, 75-77) are read from the roster: the referee
/// marks a unit so, as the sheet's lost morale check is settled at the table.
#[test]
fn shaken_and_disordered_on_the_roster_take_two_and_four_from_a_melee_die() {
    let mut game = ebelsberg(EBELSBERG);
    next(&mut game, 1, Phase::Shooting);
    next(&mut game, 1, Phase::Melee);
    ok(&mut game, "shaken au-ir49");
    ok(&mut game, "disorder au-ir49");
    assert_eq!(game.state().unit("au-ir49").unwrap().morale, Morale::Shaken);
    // The hussars 4 + 6 (cavalry against a line, line 57) = 10; IR 49 9 - 2 - 4 = 3.
    // Lines 113-118: the hussars win by 7: IR 49 loses 7 (24 - 7 = 17); the hussars
    // |4 - 9| = 5 (12 - 5 = 7).
    let (hussars, ir49) = two_rolls(&mut game, "melee fr-hus au-ir49 a=cav-line roll=4,9");
    assert_eq!(modifier_values(&ir49), vec![-2, -4]);
    assert_eq!((hussars.total, ir49.total), (Some(10), Some(3)));
    assert_eq!(figures(&game, "au-ir49"), 17);
    assert_eq!(figures(&game, "fr-hus"), 7);
    // The melee left the hussars disordered (line 122); the referee steadies them.
    ok(&mut game, "disorder fr-hus off");
    assert!(!disordered(&game, "fr-hus"));
}

/// `need` reads a unit's fire row from its stands as `fire` does: 12 castings are 4
/// stands (line 152), row 2 (the Infantry column, lines 139-141: 2 stands row 1, 6 row 3),
/// a row garbled on the scan (line 140) that `fire` refuses without `rebuilt-fire-rows`.
#[test]
fn need_reads_no_steps_from_a_row_fire_refuses() {
    let mut game = ebelsberg(EBELSBERG);
    ok(&mut game, "hit fr-po 6");
    next(&mut game, 1, Phase::Shooting);
    assert_eq!(figures(&game, "fr-po"), 12);
    let why = refused(&mut game, "fire fr-po au-wien roll=5");
    assert!(why.contains("row 2 of the fire table is garbled"), "{why}");
    let state = game.state();
    let needs = adjutant::game::unit_needs(state, state.unit("fr-po").unwrap());
    assert!(needs[0].starts_with("Fire: "), "{needs:?}");
    // It names the row only as garbled, and gives no steps to read from it.
    assert!(needs[0].contains("row 2, garbled"), "{}", needs[0]);
    assert!(
        !needs.join("\n").contains("steps by the modified roll"),
        "{needs:?}"
    );
}

/// A row rebuilt by pattern is said so whether the referee named it or the Infantry
/// column gave it: 12 castings, 4 stands, row 2 (lines 139-141, 152), garbled (line 140).
#[test]
fn a_rebuilt_row_from_the_infantry_column_is_said_to_be_rebuilt() {
    let mut game = ebelsberg(&with_rebuilt_rows());
    ok(&mut game, "hit fr-po 6");
    next(&mut game, 1, Phase::Shooting);
    // Row 2 rebuilt, 5 4 4 3 3 2 2 1 1 0: a 5 reads the 6-4 column, 2 steps (18 - 2 = 16).
    let fire = one_roll(&mut game, "fire fr-po au-wien roll=5");
    assert_eq!(fire.result, "2 steps lost by au-wien");
    assert_eq!(figures(&game, "au-wien"), 16);
    assert!(
        fire.chart_reason.contains("rebuilt"),
        "{}",
        fire.chart_reason
    );
}

/// Each modifier of the column beside the charge results (lines 33, 57-62, 129-130) only
/// where the sheet gives it: cavalry against infantry's line or column, heavy cavalry
/// against light, infantry ridden down by cavalry; a routed or broken unit's value (lines
/// 49, 81: "NA", a garbled "9") is lost. Each refusal changes nothing.
#[test]
fn a_melee_modifier_is_refused_where_the_sheet_does_not_give_it() {
    let mut game = ebelsberg(EBELSBERG);
    next(&mut game, 1, Phase::Shooting);
    next(&mut game, 1, Phase::Melee);
    let before = game.state().clone();
    let cases = [
        // The hussars against the battery: cavalry against line needs infantry.
        (
            "melee fr-hus au-bat a=cav-line",
            "'cav-line' needs infantry to face: au-bat is not",
        ),
        // Light hussars are not heavy cavalry.
        (
            "melee fr-hus au-ir4 a=heavy-light",
            "'heavy-light' is heavy cavalry against light",
        ),
        // Infantry against infantry: nobody rides it down.
        (
            "melee fr-po au-ir4 d=ridden-down",
            "'ridden-down' needs cavalry to face: fr-po is not",
        ),
        ("melee fr-po au-ir4 a=rout", "a routed or broken unit"),
        // One of a group: a flank or the rear, one cover, one target for cavalry.
        (
            "melee fr-po au-ir4 a=flank,rear",
            "'rear' cannot be claimed beside 'flank'",
        ),
        (
            "melee fr-po au-ir4 d=cover=light,cover=medium",
            "'cover=medium' cannot be claimed",
        ),
        (
            "melee fr-hus au-ir4 a=cav-line,cav-column",
            "'cav-column' cannot be claimed",
        ),
        (
            "melee fr-po au-ir4 a=mass=2,mass=3",
            "'mass=3' cannot be claimed",
        ),
        // "Charging": the attacker's alone.
        ("melee fr-po au-ir4 d=flank", "'flank' is the charger's"),
        (
            "melee fr-po au-ir4 d=downhill",
            "'downhill' is the charger's",
        ),
        // A word given twice would drop the dice or facts given first.
        ("melee fr-po au-ir4 a=flank a=rear", "a= is given twice"),
        (
            "melee fr-po au-ir4 roll=5,5 dice=9,1",
            "roll= is given twice",
        ),
        ("melee fr-po au-ir4 a=", "an empty modifier"),
        ("melee fr-po au-ir4 a=flank,,mass=2", "an empty modifier"),
        ("initiative coehorn hiller a=++2", "'++2' is not a modifier"),
        ("ap fr-po roll=3 roll=4", "roll= is given twice"),
        ("initiative coehorn hiller a=+-5", "'+-5' is not a modifier"),
        // Each cavalry target by the formation the roster gives it (lines 57-62): the
        // Wiener Freiwillige stand in column, IR 49 in line; and the charger's alone.
        (
            "melee fr-hus au-wien a=cav-line",
            "needs infantry in line to face: au-wien",
        ),
        (
            "melee fr-hus au-ir49 a=cav-column",
            "needs infantry in column to face: au-ir49",
        ),
        (
            "melee fr-po au-ir4 d=cav-line",
            "'cav-line' is the charger's",
        ),
        // Mass by the two units' figures (lines 51-55): 12 hussars are not 1.5x 30.
        (
            "melee fr-hus au-ir4 a=mass=1.5",
            "12 against au-ir4's 30 do not make it",
        ),
    ];
    for (line, why) in cases {
        let refusal = refused(&mut game, line);
        assert!(refusal.contains(why), "{line}: {refusal}");
    }
    assert_eq!(game.state(), &before);
    // Against a square the sheet's value is lost (line 60, "5"), whatever it is called.
    ok(&mut game, "form au-wien square");
    let why = refused(&mut game, "melee fr-hus au-wien a=cav-column");
    assert!(why.contains("cavalry against a square"), "{why}");
    ok(&mut game, "undo");
    // Infantry facing cavalry is ridden down: 9 + 6 (cavalry against line) against
    // 9 - 8 = 1; IR 4 loses 14 (the totals), the hussars 0 (the bare dice).
    let (hussars, ir4) = two_rolls(
        &mut game,
        "melee fr-hus au-ir4 a=cav-line d=ridden-down roll=9,9",
    );
    assert_eq!((hussars.total, ir4.total), (Some(15), Some(1)));
    assert_eq!(figures(&game, "au-ir4"), 16);
    assert_eq!(figures(&game, "fr-hus"), 12);
}
