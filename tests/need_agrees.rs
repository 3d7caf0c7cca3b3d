//! `need` agrees with the command it predicts, in every ruleset: over battles played at
//! random from the built-in scenarios, each line of a unit's needs that answers for a
//! command says "Not now" with exactly that command's refusal, and gives the score the
//! command would throw for when it is accepted.

mod common;

use adjutant::core::score::needed_phrase;
use adjutant::game::{Command, Game, GameState, Unit, UnitNeed, asked, needs_of};
use adjutant::rules::Ruleset;
use adjutant::scenario;
use common::cases::cases;
use proptest::prelude::*;

/// One battle of each ruleset, with the command words its play is drawn from. `{u}` and
/// `{v}` are units, `{d}` a die, `{n}` a count of hits.
const BATTLES: [(&str, &[&str]); 5] = [
    (
        "quatre-bras",
        &[
            "next",
            "next",
            "shaken {u}",
            "hit {p} {n}",
            "rally {u}",
            "test {p}",
            "shoot {u} {v} close",
            "move {u} charge={v}",
            "combat {u} vs {v}",
            "disengage {u}",
            "undo",
        ],
    ),
    (
        "barrosa",
        &[
            "next",
            "next",
            "shaken {u}",
            "hit {p} {n}",
            "rally {u} roll={d}",
            "test {p} roll={d}",
            "move {u} screen=4",
            "shoot {u} {v} close from-screen",
            "shoot {u} {v} close",
            "move {u} charge={v}",
            "combat {u} vs {v}",
            "undo",
        ],
    ),
    (
        "maida",
        &[
            "next",
            "charge {u} {v} roll={d}",
            "charge {u} {v} roll={d}",
            "melee {u} {v}",
            "morale {u} roll={d}",
            "morale {p} roll={d}",
            "retreat {u}",
            "hit {u} {n}",
            "undo",
        ],
    ),
    (
        "vimeiro",
        &[
            "initiative britain=1 france=9",
            "next",
            "next",
            "hit {p} {n}",
            "disorder {u}",
            "cmd {u} out",
            "move {u}",
            "charge {u} {v}",
            "charge {p} {u}",
            "rout {u}",
            "rout {p}",
            "unrout {u}",
            "undo",
        ],
    ),
    (
        "ebelsberg",
        &[
            "next",
            "next",
            "hit {p} {n}",
            "shaken {u}",
            "disorder {p}",
            "fire {u} {v} roll={d}",
            "melee {u} {v} roll={d},{d}",
            "ap {u}",
            "initiative france austria",
            "undo",
        ],
    ),
];

fn battle(name: &str) -> Game {
    let (parsed, spec) = scenario::parse(name, scenario::built_in(name).unwrap()).unwrap();
    Game::new(parsed, spec, 1815)
}

/// The `pick`th command of `words`, with units, a die and hits filled in from `picks`:
/// `{u}` one of the active side's units, `{v}` and `{p}` one of the other side's.
fn command_line(state: &GameState, words: &[&str], picks: (usize, usize, usize, u8)) -> String {
    let (word, u, v, d) = picks;
    let side = |active: bool| -> Vec<&str> {
        state
            .units()
            .iter()
            .filter(|unit| (unit.side == state.active()) == active && unit.on_table)
            .map(|unit| unit.id.as_str())
            .collect()
    };
    let pick = |ids: Vec<&str>, i: usize| {
        ids.get(i % ids.len().max(1))
            .map_or(String::new(), |id| (*id).to_owned())
    };
    words[word % words.len()]
        .replace("{u}", &pick(side(true), u))
        .replace("{v}", &pick(side(false), v))
        .replace("{p}", &pick(side(false), u))
        .replace("{d}", &(d % 6 + 1).to_string())
        .replace("{n}", &(d % 3 + 1).to_string())
}

/// The refusal `line` gets now, as the command itself gives it.
fn refusal(state: &GameState, line: &str) -> Option<String> {
    Command::parse_for(line, state.ruleset())
        .and_then(|command| asked(state, &command).map(|_| ()))
        .err()
        .map(|refusal| refusal.to_string())
}

/// The score each die needs, read from the command's own throw.
fn needed_by(state: &GameState, line: &str) -> i32 {
    let command = Command::parse_for(line, state.ruleset()).unwrap();
    let asked = asked(state, &command).unwrap();
    asked.throws[0].needed
}

/// Whether `headline` ("Rally: 2+, or 5+ …") gives `needed` as its first score.
fn gives_first(headline: &str, needed: i32) -> bool {
    let after = headline.split_once(": ").map_or(headline, |(_, rest)| rest);
    let phrase = needed_phrase(needed);
    after.starts_with(&format!("{phrase},")) || after == phrase
}

fn enemies<'a>(state: &'a GameState, unit: &'a Unit) -> impl Iterator<Item = &'a Unit> + 'a {
    state
        .units()
        .iter()
        .map(AsRef::as_ref)
        .filter(move |u| u.side != unit.side && u.on_table)
}

/// A charge at `target`, with the die given where the ruleset throws one for it.
fn charge_line(state: &GameState, id: &str, target: &str) -> String {
    match state.ruleset() {
        Ruleset::ChargeMoves => format!("charge {id} {target} roll=6"),
        _ => format!("charge {id} {target}"),
    }
}

/// Every need of `unit` that answers for a command agrees with that command.
fn agrees(state: &GameState, unit: &Unit, need: &UnitNeed) -> Result<(), TestCaseError> {
    let Some(word) = need.command else {
        prop_assert!(
            need.not_now.is_none(),
            "a chart line with a refusal: {need:?}"
        );
        return Ok(());
    };
    let id = &unit.id;
    if word == "charge" {
        // The charge throw names a target; its refusals before the target are the need's.
        if let Some(why) = &need.not_now {
            for enemy in enemies(state, unit) {
                let line = charge_line(state, id, &enemy.id);
                let refused = refusal(state, &line);
                prop_assert_eq!(refused.as_ref(), Some(why), "{}", line);
            }
        } else if state.ruleset() == Ruleset::ChargeMoves {
            // Charge Moves refuses nothing after the target but its side and play; Old
            // Trousers II reads the target's arm, arc and terrain too.
            let accepted = enemies(state, unit)
                .any(|enemy| refusal(state, &charge_line(state, id, &enemy.id)).is_none());
            let any_target = enemies(state, unit).any(|enemy| {
                !unit
                    .charge_moves
                    .short_charges
                    .iter()
                    .any(|s| s.target == enemy.id)
            });
            prop_assert!(accepted || !any_target, "{id} may charge, but no charge is");
        }
        return Ok(());
    }
    let line = format!("{word} {id}");
    prop_assert_eq!(&need.not_now, &refusal(state, &line), "{}", line);
    if need.not_now.is_none() && matches!(word, "rally" | "test") {
        let needed = needed_by(state, &line);
        prop_assert!(
            gives_first(&need.headline, needed),
            "{line}: {needed} in {need:?}"
        );
    }
    Ok(())
}

/// The needs a unit must have: a rally when shaken, the test it owes, a charge throw for
/// *Charge Moves* foot and horse, an *Old Trousers II* rout move.
fn expected_words(state: &GameState, unit: &Unit) -> Vec<&'static str> {
    let mut words = Vec::new();
    match state.ruleset() {
        Ruleset::SoundTheCharge | Ruleset::SoundTheCharge125 => {
            if unit.is_shaken() {
                words.push("rally");
            }
            if unit.owes_test {
                words.push("test");
            }
        }
        Ruleset::ChargeMoves => {
            if !unit.arm.is_artillery() {
                words.push("charge");
            }
            if unit.owes_test {
                words.push("morale");
            }
        }
        Ruleset::OldTrousers => {
            if unit.morale == adjutant::game::Morale::Routed {
                words.push("rout");
            }
        }
        // Its needs are charts: a melee's refusal turns on the enemy named.
        Ruleset::D10Sheet => {}
    }
    words
}

proptest! {
    #![proptest_config(cases(64))]

    #[test]
    fn every_need_says_not_now_exactly_when_its_command_is_refused(
        which in 0usize..BATTLES.len(),
        picks in prop::collection::vec((0usize..64, 0usize..64, 0usize..64, 0u8..6), 0..60),
    ) {
        let (name, words) = BATTLES[which];
        let mut game = battle(name);
        for pick in picks {
            let line = command_line(game.state(), words, pick);
            let _ = game.perform(&line);
        }
        let state = game.state();
        for unit in state.units().iter().filter(|u| u.on_table) {
            let needs = needs_of(state, unit);
            let answered: Vec<&str> = needs.iter().filter_map(|n| n.command).collect();
            for word in expected_words(state, unit) {
                prop_assert!(answered.contains(&word), "{name} {}: no `{word}` need", unit.id);
            }
            for need in &needs {
                agrees(state, unit, need)?;
            }
        }
    }
}
