//! Scenario-building helpers shared by the rules tests: scenario text for units and
//! battles, and driving a game through the command language.
// Each test crate uses only some of these helpers.
#![allow(dead_code)]

pub mod browser;
pub mod cases;
pub mod cli;
pub mod screen;
pub mod serve;
pub mod tmux;

use adjutant::game::{CombatRound, Event, Game, Roll};
use adjutant::scenario;

/// Quatre-Bras, French shooting of turn 1: nl-27j takes three hits, fails its test and
/// cannot make the 2" retreat it owes (*Retreat Moves*).
pub const BLOCKED_RETREAT: [&str; 5] = [
    "next",
    "next",
    "shoot fr-2lg nl-27j close dice=6,6,6",
    "test nl-27j roll=1",
    "retreat nl-27j blocked",
];

// --- Building battles ---------------------------------------------------------------------

/// Units whose id starts `a-` are side `a`'s (active first), the rest side `b`'s.
pub fn side_of(id: &str) -> &'static str {
    if id.starts_with("a-") { "a" } else { "b" }
}

pub fn unit(id: &str, arm: &str, kind: &str, grade: &str, figures: u32, formation: &str) -> String {
    format!(
        "[[unit]]\nid = \"{id}\"\nside = \"{}\"\nname = \"{id}\"\narm = \"{arm}\"\n\
         type = \"{kind}\"\ngrade = \"{grade}\"\nfigures = {figures}\nformation = \"{formation}\"\n",
        side_of(id)
    )
}

/// Line infantry.
pub fn foot(id: &str, grade: &str, figures: u32, formation: &str) -> String {
    unit(id, "infantry", "line", grade, figures, formation)
}

/// Light infantry (the only foot that may skirmish).
pub fn light(id: &str, grade: &str, figures: u32, formation: &str) -> String {
    unit(id, "infantry", "light", grade, figures, formation)
}

/// Cavalry of the `kind` given: light, medium or heavy.
pub fn cavalry(id: &str, kind: &str, grade: &str, figures: u32, formation: &str) -> String {
    unit(id, "cavalry", kind, grade, figures, formation)
}

/// A battery: `gunners` are its figures.
pub fn battery(
    id: &str,
    calibre: &str,
    grade: &str,
    gunners: u32,
    guns: u32,
    formation: &str,
) -> String {
    unit(id, "artillery", calibre, grade, gunners, formation) + &format!("guns = {guns}\n")
}

/// The scenario text up to its generals: sides `a` (first) and `b` of the two nations,
/// the optional rules listed and the units given.
pub fn scenario_text(nations: [&str; 2], rules: &[&str], units: &[String]) -> String {
    let rules: Vec<String> = rules.iter().map(|r| format!("\"{r}\"")).collect();
    let mut text = format!(
        "[scenario]\ntitle = \"Test\"\nruleset = \"sound-the-charge\"\nfirst = \"a\"\n\
         optional_rules = [{}]\n\n\
         [[side]]\nid = \"a\"\nname = \"Blue\"\nnation = \"{}\"\n\n\
         [[side]]\nid = \"b\"\nname = \"Red\"\nnation = \"{}\"\n\n",
        rules.join(", "),
        nations[0],
        nations[1]
    );
    for u in units {
        text.push_str(u);
        text.push('\n');
    }
    text
}

/// The game of the scenario `text` with the dice seeded by `seed`.
pub fn start(text: &str, seed: u64) -> Game {
    let (sc, spec) = scenario::parse("test.toml", text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    Game::new(sc, spec, seed)
}

/// Sides `a` (first) and `b` of the two nations, the optional rules listed, the units
/// given plus a reserve on each side, and an unattached general on each side (`ney` for
/// `a`, `wellington` for `b`). Seed 7.
pub fn battle(nations: [&str; 2], rules: &[&str], units: &[String]) -> Game {
    battle_seeded(nations, rules, units, 7)
}

/// [`battle`] with the dice seeded by `seed`.
pub fn battle_seeded(nations: [&str; 2], rules: &[&str], units: &[String], seed: u64) -> Game {
    let mut text = scenario_text(nations, rules, units);
    text.push_str(&foot("a-reserve", "C", 12, "line"));
    text.push('\n');
    text.push_str(&foot("b-reserve", "C", 12, "line"));
    text.push_str(
        "\n[[general]]\nid = \"ney\"\nname = \"Ney\"\nside = \"a\"\n\n\
         [[general]]\nid = \"wellington\"\nname = \"Wellington\"\nside = \"b\"\n",
    );
    start(&text, seed)
}

/// France (side `a`) against Britain, no optional rules.
pub fn plain(units: &[String]) -> Game {
    battle(["france", "britain"], &[], units)
}

// --- Playing ------------------------------------------------------------------------------

pub fn advance(game: &mut Game, phases: usize) {
    for _ in 0..phases {
        game.perform("next").unwrap();
    }
}

pub fn ok(game: &mut Game, line: &str) {
    if let Err(refusal) = game.perform(line) {
        panic!("`{line}` was refused: {refusal}");
    }
}

/// The refusal of `line`, after checking that it changed nothing.
pub fn refused(game: &mut Game, line: &str) -> String {
    let before = game.state().clone();
    let logged = game.log().len();
    let refusal = match game.perform(line) {
        Err(refusal) => refusal.to_string(),
        Ok(outcome) => panic!("`{line}` was accepted: {:?}", outcome.lines),
    };
    assert_eq!(game.state(), &before, "`{line}` changed the state");
    assert_eq!(game.log().len(), logged, "`{line}` was logged");
    refusal
}

/// The round of close combat the last command fought.
pub fn last_round(game: &Game) -> CombatRound {
    let entry = game.log().last().expect("a logged command");
    entry
        .events
        .iter()
        .find_map(|e| match e {
            Event::Fought(round) => Some(round.clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("the last command fought no round: {:?}", entry.events))
}

/// The allowance and the reasons the last command's move logged.
pub fn last_move(game: &Game) -> (String, Vec<String>) {
    let entry = game.log().last().expect("a logged command");
    entry
        .events
        .iter()
        .find_map(|e| match e {
            Event::Moved { allowance, why, .. } => Some((allowance.clone(), why.clone())),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no move in {:?}", entry.events))
}

/// Two lines of grade C foot, 12 figures each: `a-1` of France, which moves first,
/// against `b-1` of Britain (*Sound the Charge*), with `more` after the units (a
/// `[house_rules]` table, say).
pub fn two_lines_of_foot(more: &str) -> Game {
    let mut text = scenario_text(
        ["france", "britain"],
        &[],
        &[foot("a-1", "C", 12, "line"), foot("b-1", "C", 12, "line")],
    );
    text.push_str(more);
    start(&text, 7)
}

/// The score the first throw of `line` needs now, and its reasons, as `need` and the
/// forms give them (nothing is thrown).
pub fn needed(game: &Game, line: &str) -> (i32, Vec<String>) {
    let command = adjutant::game::Command::parse(line).expect("parses");
    let asked =
        adjutant::game::asked(game.state(), &command).unwrap_or_else(|r| panic!("`{line}`: {r}"));
    let throw = &asked.throws[0];
    (throw.needed, throw.reasons.clone())
}

/// The modifiers of the last command's first roll, as the log keeps them.
pub fn first_roll_modifiers(game: &Game) -> Vec<String> {
    rolls(game)[0]
        .modifiers
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// The rolls the last command logged.
pub fn rolls(game: &Game) -> Vec<Roll> {
    game.log()
        .last()
        .unwrap()
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Rolled(roll) => Some(roll.clone()),
            _ => None,
        })
        .collect()
}

/// The commands of `tests/data/vimeiro-own-events.commands` (an *Old Trousers II* game,
/// one `adjutant` call a line), the seed's line left out, up to the first that starts
/// with `until` (all of them for an empty `until`).
pub fn vimeiro_commands_until(until: &str) -> Vec<&'static str> {
    include_str!("../data/vimeiro-own-events.commands")
        .lines()
        .filter_map(|line| line.split_once(".toml ").map(|(_, command)| command))
        .filter(|command| !command.starts_with("--seed"))
        .take_while(|command| until.is_empty() || !command.starts_with(until))
        .collect()
}
