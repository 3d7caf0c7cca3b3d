//! *Old Trousers II*: random events, orders, their activation and command points on the
//! built-in `vimeiro` scenario, played through the CLI with the players' dice.
//!
//! Every expected number is worked out from the text
//! (`../shared/rules/old-trousers-ii-excerpt.txt`: *Random Event Phase* p10, *Orders*
//! p12, *Order Activation* and *Command Points* p13) and, where it is unclear, from
//! `docs/rulings-old-trousers.md` (rulings cited).
//!
//! Vimeiro: the British have a competent staff, Wellesley (army, excellent) and Fane
//! (infantry division, average, starts under Defend); the French a professional staff,
//! Junot (army, average), Delaborde (infantry division, good, attached to the 86e, starts
//! under Attack) and Margaron (cavalry brigade, average).
//!
//! - Turn 1: the British check draws nothing (5); the French draw Command confusion
//!   (2, then 4). Wellesley sends Fane Attack; Junot sends Delaborde Withdraw.
//! - Turn 2: the British draw Command bonus (1, then 9). Fane's Attack fails its d20 (8)
//!   and stays pending; Delaborde's Withdraw succeeds (9).
//! - Turn 3: Fane's Attack succeeds (9).

mod common;

use common::cli::{act, new_save, refused_by_cli as refused, show_json};
use serde_json::Value;
use std::path::Path;
use tempfile::TempDir;

/// `next` until the given turn, side and phase.
fn to(save: &Path, turn: u64, active: &str, phase: &str) {
    for _ in 0..40 {
        let state = show_json(save);
        if state["turn"] == turn && state["active"] == active && state["phase"] == phase {
            return;
        }
        act(save, "next");
    }
    panic!("never reached turn {turn}, {active}, {phase} phase");
}

fn general<'a>(state: &'a Value, id: &str) -> &'a Value {
    state["generals"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id)
        .unwrap_or_else(|| panic!("no general {id}"))
}

fn order(state: &Value, id: &str) -> String {
    general(state, id)["order"]
        .as_str()
        .unwrap_or("")
        .to_owned()
}

/// The checklist's item of `concern` about `subject`, in `list` ("open" or "watch").
fn item(state: &Value, list: &str, subject: &str, concern: &str) -> Option<String> {
    state["checklist"][list]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["subject"] == subject && i["concern"] == concern)
        .map(|i| i["text"].as_str().unwrap().to_owned())
}

fn points(state: &Value, general: &str) -> String {
    item(state, "watch", general, "command_points")
        .unwrap_or_else(|| panic!("no command points shown for {general}"))
}

/// Each turn the British win the initiative (7 + 2 excellent Wellesley + 0 competent staff
/// against 4 + 0 average Junot + 1 professional staff, p10) and move first.
fn initiative(save: &Path, turn: u64) {
    // The French end each turn, so the initiative finds them active.
    to(save, turn, "france", "initiative");
    act(save, "initiative britain=7 france=4");
    to(save, turn, "britain", "random-events");
}

#[test]
fn events_orders_and_activation_at_vimeiro_with_the_players_dice() {
    let folder = TempDir::new().unwrap();
    let save = new_save(folder.path(), "vimeiro.toml", "vimeiro", 3);
    // The scenario's starting orders (ruling 38).
    let state = show_json(&save);
    assert_eq!(order(&state, "fane"), "defend");
    assert_eq!(order(&state, "delaborde"), "attack");
    turn_one_events(&save);
    turn_one_orders(&save);
    turn_two(&save);
    turn_three(&save);
}

fn turn_one_events(save: &Path) {
    initiative(save, 1);
    // *Random Event Phase* (p10): each player checks; both are owed.
    let state = show_json(save);
    assert!(item(&state, "open", "britain", "random_event_to_roll").is_some());
    assert!(item(&state, "open", "france", "random_event_to_roll").is_some());
    // The table's die is read only on a check of 1 or 2 (p10).
    assert!(refused(save, "event britain d10=1").contains("d10=1,<d>"));
    assert!(refused(save, "event britain d10=5,3").contains("d10=5"));
    assert!(refused(save, "event prussia d10=5").contains("no side 'prussia'"));
    assert!(refused(save, "order fane attack").contains("orders phase"));
    // 5 is above 2: no event (p10).
    let out = act(save, "event britain d10=5");
    assert!(out.contains("no random event"), "{out}");
    assert!(refused(save, "event britain d10=2,7").contains("already"));
    // 2 draws an event; the table's 4 is Command confusion (p10).
    let out = act(save, "event france d10=2,4");
    assert!(out.contains("Command confusion"), "{out}");
    let state = show_json(save);
    assert_eq!(state["checklist"]["open"].as_array().unwrap().len(), 0);
}

fn turn_one_orders(save: &Path) {
    to(save, 1, "britain", "orders");
    let state = show_json(save);
    // The French event stays in view all turn (ruling 39).
    let drawn = item(&state, "watch", "france", "random_event").unwrap();
    assert!(drawn.contains("Command confusion"), "{drawn}");
    // *Command Points* (p13): excellent army commander 4, average division commander 2.
    assert!(points(&state, "wellesley").starts_with("wellesley has 4 command points"));
    assert!(points(&state, "fane").starts_with("fane has 2 command points"));
    // Orders go from army and corps commanders to divisions and brigades (ruling 36).
    assert!(refused(save, "order wellesley attack").contains("orders go to division"));
    assert!(refused(save, "order fane attack from=fane").contains("only they send"));
    assert!(refused(save, "order fane attack from=junot").contains("enemy"));
    assert!(refused(save, "order delaborde attack").contains("phasing player"));
    assert!(refused(save, "order fane charge").contains("attack, engage"));
    assert!(refused(save, "order nobody attack").contains("no general 'nobody'"));
    assert!(refused(save, "activate fane").contains("no pending order"));
    let out = act(save, "order fane attack");
    assert!(
        out.contains("Wellesley sends Fane a new order, attack"),
        "{out}"
    );
    // One new order per army or corps commander per segment (p9, p13).
    assert!(refused(save, "order fane engage").contains("one order"));
    // It arrives next turn (p13; ruling 35).
    assert!(refused(save, "activate fane d20=20").contains("next order segment"));
    let state = show_json(save);
    assert_eq!(order(&state, "fane"), "defend, attack on its way");
    assert!(item(&state, "watch", "fane", "order_on_its_way").is_some());

    to(save, 1, "france", "orders");
    let state = show_json(save);
    // Command confusion: -2 for each divisional commander (p10, ruling 7): Delaborde, a
    // good division commander, 3 - 2 = 1; Margaron, average brigade, 2 - 2 = 0; Junot, the
    // army commander, keeps his average 2.
    assert!(points(&state, "delaborde").starts_with("delaborde has 1 command point "));
    assert!(points(&state, "margaron").starts_with("margaron has 0 command points"));
    assert!(points(&state, "junot").starts_with("junot has 2 command points"));
    // Each point buys one unit an order (p13): Delaborde's one goes to the 32e, and then
    // he has none; Margaron has none to spend.
    act(save, "cp delaborde fr-32");
    assert!(points(&show_json(save), "delaborde").ends_with(", 1 spent (`cp`)"));
    assert!(refused(save, "cp delaborde fr-86").contains("spent his 1 command point this turn"));
    assert!(refused(save, "cp margaron fr-26ch").contains("has no command points"));
    act(save, "order delaborde withdraw from=junot");
}

fn turn_two(save: &Path) {
    initiative(save, 2);
    // 1 draws an event; the table's 9 is Command bonus (p10).
    let out = act(save, "event britain d10=1,9");
    assert!(out.contains("Command bonus"), "{out}");
    act(save, "event france d10=6");
    to(save, 2, "britain", "orders");
    let state = show_json(save);
    // Last turn's confusion is over; the bonus gives a competent staff's division
    // commanders 3 more (p10): Fane 2 + 3 = 5; Wellesley, the army commander, 4.
    assert!(item(&state, "watch", "france", "random_event").is_none());
    assert!(points(&state, "fane").starts_with("fane has 5 command points"));
    assert!(points(&state, "wellesley").starts_with("wellesley has 4 command points"));
    assert!(item(&state, "open", "fane", "order_to_activate").is_some());
    // *Order Activation* (p13): the d20 plus both leaders' ratings must beat the staff:
    // competent 10, so 11 on the chart; Wellesley excellent +2, Fane average +0, neither
    // attached: 9 needed. The 8 fails; the order stays pending under the old one.
    let out = act(save, "activate fane d20=8");
    assert!(out.contains("needs 9+"), "{out}");
    assert!(out.contains("not activated"), "{out}");
    assert!(refused(save, "activate fane d20=9").contains("stays pending"));
    let state = show_json(save);
    assert_eq!(order(&state, "fane"), "defend, pending attack");
    assert!(item(&state, "open", "fane", "order_to_activate").is_none());

    to(save, 2, "france", "orders");
    // Professional staff 8, so 9 on the chart; Junot average +0, Delaborde good +1
    // (ruling 4), Delaborde attached to the 86e -1 (ruling 6): 9 needed. The 9 beats 8.
    let out = act(save, "activate delaborde d20=9");
    assert!(out.contains("needs 9+"), "{out}");
    assert!(
        out.contains("activated: Delaborde's command now operates under withdraw"),
        "{out}"
    );
    assert_eq!(order(&show_json(save), "delaborde"), "withdraw");
}

fn turn_three(save: &Path) {
    initiative(save, 3);
    act(save, "event britain d10=10");
    act(save, "event france d10=10");
    to(save, 3, "britain", "orders");
    // Rolled again in the next segment (p13): 9 reaches the 9 needed.
    let out = act(save, "activate fane d20=9");
    assert!(out.contains("activated"), "{out}");
    assert_eq!(order(&show_json(save), "fane"), "attack");
}
