//! The performance fixture shared by the benches and `examples/perf_fixture.rs`: Waterloo
//! (193 French and 260 Allied units) with a log of as many commands as asked, the mix a long
//! game makes — hits and their corrections, formation changes, disorder and nerve, notes,
//! shots with typed dice, and the phases going by.

use adjutant::game::Game;
use adjutant::scenario;
use std::fmt::Write as _;

/// A new game of the built-in Waterloo at seed 1.
pub fn waterloo() -> Game {
    let text = scenario::built_in("waterloo").expect("waterloo is built in");
    let (scenario, spec) = scenario::parse("waterloo", text).expect("waterloo parses");
    Game::new(scenario, spec, 1)
}

/// Waterloo after exactly `commands` accepted commands. Deterministic: the same count gives
/// the same log. Candidates the rules refuse (a gun cannot be disordered, a shot out of its
/// phase) are passed over, so every entry in the log is one the app accepted.
pub fn waterloo_after(commands: usize) -> Game {
    let mut game = waterloo();
    let ids: Vec<String> = game.state().units().iter().map(|u| u.id.clone()).collect();
    let french: Vec<&String> = ids.iter().filter(|id| id.starts_with('f')).collect();
    let allied: Vec<&String> = ids.iter().filter(|id| !id.starts_with('f')).collect();
    let mut step = 0usize;
    while game.log().len() < commands {
        let unit = &ids[step % ids.len()];
        let candidate = match step % 16 {
            0 | 8 => format!("hit {unit} 1"),
            1 | 9 => format!("unhit {unit} 1"),
            2 => format!("form {unit} column"),
            3 => format!("form {unit} line"),
            4 => format!("disorder {unit} on"),
            5 => format!("disorder {unit} off"),
            6 => format!("shaken {unit} on"),
            7 => format!("shaken {unit} off"),
            10 => format!("note {unit} seen from the ridge at {step}"),
            11 => format!("note {unit}"),
            12 | 13 => format!(
                "shoot {} {} close dice=3,5,6",
                french[step % french.len()],
                allied[step % allied.len()]
            ),
            14 => format!(
                "shoot {} {} far dice=4,6",
                allied[step % allied.len()],
                french[step % french.len()]
            ),
            _ => "next".to_owned(),
        };
        // A refusal changes nothing; the next candidate is tried.
        let _ = game.perform(&candidate);
        step += 1;
        assert!(
            step < commands * 40 + 1000,
            "the fixture stalled at {} commands",
            game.log().len()
        );
    }
    game
}

/// A scenario of `units` units, half French and half British, each a battalion as the
/// tutorial writes one, and two generals: the text a referee might write for a big battle.
/// Over [`scenario::MAX_UNITS`] it is refused, after it is read.
// Used by the load bench, not by the screen bench nor the fixture example.
#[allow(dead_code)]
pub fn scenario_text(units: usize) -> String {
    let mut text = String::from(
        "[scenario]\ntitle = \"A big battle\"\nruleset = \"sound-the-charge\"\n\
         first = \"france\"\nturns = 8\n\n\
         [[side]]\nid = \"france\"\nname = \"French\"\nnation = \"france\"\n\n\
         [[side]]\nid = \"britain\"\nname = \"British\"\nnation = \"britain\"\n",
    );
    for n in 0..units {
        let side = if n % 2 == 0 { "france" } else { "britain" };
        let _ = write!(
            text,
            "\n[[unit]]\nid = \"u{n}\"\nside = \"{side}\"\nname = \"Battalion {n}\"\n\
             arm = \"infantry\"\ntype = \"line\"\ngrade = \"C\"\nfigures = 12\n\
             formation = \"column\"\n"
        );
    }
    text.push_str(
        "\n[[general]]\nid = \"g1\"\nname = \"General One\"\nside = \"france\"\n\n\
         [[general]]\nid = \"g2\"\nname = \"General Two\"\nside = \"britain\"\n",
    );
    text
}
