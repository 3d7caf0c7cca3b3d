//! The facts of the table a guided form offers for each of *Sound the Charge*'s words that
//! roll or move, in either edition: the words its parse reads (`roll_command`,
//! `combat_order`, `move_order`), each with the form's key and a label.

use crate::engine::state::GameState;
use crate::engine::words::FormFact;
use crate::rules::Ruleset;
use crate::rules::optional_rule::OptionalRule;
use crate::rules::sound_the_charge_1_25::shooting;
use crate::rules::unit::Unit;

/// The facts the form of `verb` offers for `unit`; `None` for a word with no form.
pub fn form_facts(state: &GameState, unit: &Unit, verb: &str) -> Option<Vec<FormFact>> {
    let ruleset = state.ruleset();
    Some(match verb {
        "shoot" => shoot_facts(state, unit),
        "test" => test_facts(ruleset),
        "rally" => rally_facts(ruleset),
        "combat" => combat_facts(ruleset),
        "move" => move_facts(ruleset),
        _ => return None,
    })
}

fn shoot_facts(state: &GameState, unit: &Unit) -> Vec<FormFact> {
    let mut toggles = vec![
        FormFact::off('m', "moved", "moved"),
        FormFact::off('s', "soft", "soft cover"),
        FormFact::off('h', "hard", "hard cover"),
        FormFact::off('x', "screened", "through skirmishers"),
        FormFact::off('d', "dense", "dense target"),
    ];
    if unit.sound_the_charge.regimental_gun.is_some() {
        toggles.push(FormFact::off('g', "gun", "regimental gun fires"));
    }
    if state.rule_in_play(OptionalRule::RegimentalGuns) {
        toggles.push(FormFact::off('a', "at-gun", "a die at its gun"));
    }
    // 1:25 guns have two shots and `shoot` refuses a range band without one: the form
    // starts on canister, the one the guns fire wherever it reaches.
    if state.ruleset().is_one_twenty_five()
        && shooting::shots(unit, unit.one_twenty_five.kit).len() > 1
    {
        // `c` is the form's close range.
        toggles.push(FormFact {
            on: true,
            ..FormFact::off('n', "canister", "canister")
        });
        toggles.push(FormFact::off('b', "ballshot", "ballshot"));
    }
    toggles
}

/// The ground words are each ruleset's own: `combat` refuses the other's.
fn combat_facts(ruleset: Ruleset) -> Vec<FormFact> {
    let mut toggles = vec![
        FormFact::off('s', "soft", "soft cover"),
        FormFact::off('h', "hard", "hard cover"),
        FormFact::off('l', "slope", "uphill"),
    ];
    if ruleset.is_one_twenty_five() {
        toggles.push(FormFact::off('o', "obstacle", "obstacle"));
        toggles.push(FormFact::off('w', "works", "buildings or works"));
    } else {
        toggles.push(FormFact::off('r', "rough", "rough ground"));
    }
    toggles.push(FormFact::off('k', "flank", "flank or rear"));
    toggles.push(FormFact::off('n', "continuing", "fight goes on"));
    toggles
}

fn move_facts(ruleset: Ruleset) -> Vec<FormFact> {
    let mut toggles = vec![
        FormFact::off('c', "charge", "charge"),
        FormFact::off('o', "oblique", "oblique"),
        FormFact::off('w', "wheel", "wheel"),
        FormFact::off('r', "road", "road"),
        FormFact::off('g', "rough", "rough"),
        FormFact::off('t', "through", "through friends"),
    ];
    // Pinning is the original's; reforming by a move is 1:25's.
    if ruleset.is_one_twenty_five() {
        toggles.push(FormFact::off('e', "reform", "reform from disorder"));
    } else {
        toggles.push(FormFact::off('n', "near", "enemy near"));
    }
    toggles
}

/// The facts each ruleset's test reads: the original's three, 1:25's one.
fn test_facts(ruleset: Ruleset) -> Vec<FormFact> {
    if ruleset.is_one_twenty_five() {
        return vec![FormFact::off(
            'c',
            "changed",
            "changed formation, shot from 8\"",
        )];
    }
    vec![
        FormFact::off('a', "advanced", "advanced at full speed"),
        FormFact::off('s', "stationary", "stood still"),
        FormFact::off('c', "cover", "in cover"),
    ]
}

fn rally_facts(ruleset: Ruleset) -> Vec<FormFact> {
    let mut toggles = vec![FormFact::off(
        't',
        "threat",
        "enemy able to charge in sight",
    )];
    if !ruleset.is_one_twenty_five() {
        toggles.push(FormFact::off('c', "cover", "in cover"));
    }
    toggles
}
