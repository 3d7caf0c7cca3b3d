//! Each side's figures lost (a loss or a rout hit each), by what took them: the shot, the combat, the test, or the
//! referee's own hand. The cause is the command that dealt the hits; hits taken back are
//! taken from the latest the unit took, as the referee means an undo of a slip.

use crate::game::{Event, Game};
use std::collections::HashMap;

/// What a command's hits are put down to, by its word.
fn cause(word: &str) -> &'static str {
    match word {
        "shoot" | "fire" => "to shooting",
        "combat" | "melee" | "charge" => "in close combat",
        "test" | "rally" | "morale" | "retreat" => "in morale tests and retreats",
        "hit" | "rout" => "entered by the referee",
        _ => "in other events",
    }
}

/// The causes in the order the report gives them.
const ORDER: [&str; 5] = [
    "to shooting",
    "in close combat",
    "in morale tests and retreats",
    "entered by the referee",
    "in other events",
];

/// For each side (by id), its figures lost to each cause, the causes that took none left
/// out: ("to shooting", 14).
pub fn losses_by_cause(game: &Game) -> HashMap<String, Vec<(&'static str, u32)>> {
    let state = game.state();
    // Per unit, the hits it took, latest last, with their cause.
    let mut taken: HashMap<&str, Vec<(&'static str, u32)>> = HashMap::new();
    for entry in game.log() {
        let word = entry.command.split_whitespace().next().unwrap_or_default();
        for event in &entry.events {
            match event {
                Event::Hits { unit, count, .. } => {
                    taken.entry(unit).or_default().push((cause(word), *count));
                }
                Event::HitsTakenBack { unit, count, .. } => {
                    let mut left = *count;
                    let hits = taken.entry(unit).or_default();
                    while left > 0
                        && let Some(latest) = hits.last_mut()
                    {
                        let back = left.min(latest.1);
                        latest.1 -= back;
                        left -= back;
                        if latest.1 == 0 {
                            hits.pop();
                        }
                    }
                }
                _ => {}
            }
        }
    }
    let mut by_side: HashMap<String, HashMap<&'static str, u32>> = HashMap::new();
    for (unit, hits) in taken {
        let Some(side) = state.unit(unit).map(|u| u.side.clone()) else {
            continue;
        };
        let causes = by_side.entry(side).or_default();
        for (cause, count) in hits {
            *causes.entry(cause).or_default() += count;
        }
    }
    by_side
        .into_iter()
        .map(|(side, causes)| {
            let ordered = ORDER
                .iter()
                .filter_map(|cause| Some((*cause, *causes.get(cause)?)))
                .filter(|(_, count)| *count > 0)
                .collect();
            (side, ordered)
        })
        .collect()
}

/// "20 figures lost: 14 to shooting, 6 in close combat." for one side's causes; none when
/// it lost none.
pub fn losses_line(causes: &[(&'static str, u32)]) -> Option<String> {
    let total: u32 = causes.iter().map(|(_, count)| count).sum();
    (total > 0).then(|| {
        let parts: Vec<String> = causes
            .iter()
            .map(|(cause, count)| format!("{count} {cause}"))
            .collect();
        format!("{total} figures lost: {}.", parts.join(", "))
    })
}
