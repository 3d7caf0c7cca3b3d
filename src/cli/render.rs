//! Plain-text pictures of a game for the terminal: the roster and the log.

use crate::core::moment::Moment;
use crate::core::passage::plain;
use crate::game::{
    Checklist, CommandState, Game, GameState, GeneralStatus, Morale, Unit, UnitStatus, clock_line,
    luck, luck_line,
};
use std::fmt::Write;

/// "Quatre Bras — turn 3 of 12 · French active · movement phase"
pub fn headline(game: &Game) -> String {
    let state = game.state();
    let scenario = game.scenario();
    let side = state
        .side(state.active())
        .map_or(state.active(), |s| s.name.as_str());
    let of = scenario
        .turn_limit
        .map_or_else(String::new, |limit| format!(" of {limit}"));
    if let Some(broken) = state.battle_over() {
        return format!(
            "{} — turn {} · BATTLE OVER: the {} army broke",
            scenario.title,
            state.turn(),
            broken.name
        );
    }
    format!(
        "{} — turn {}{of} · {side} active · {} phase",
        scenario.title,
        state.turn(),
        state.phase()
    )
}

/// The roster, side by side in scenario order, with everything a paper roster holds, and
/// the slot's clock read at `now`.
pub fn roster(game: &Game, now: Moment) -> String {
    let state = game.state();
    let mut out = String::new();
    let _ = writeln!(out, "{}", headline(game));
    if let Some(clock) = clock_line(state, now) {
        let _ = writeln!(out, "{clock}");
    }
    for line in luck(game).iter().filter_map(luck_line) {
        let _ = writeln!(out, "Luck: {line}");
    }
    // Ids are the words the referee types: never cut, and the columns stay aligned.
    let id_width = state
        .units()
        .iter()
        .map(|u| u.id.chars().count())
        .max()
        .unwrap_or(0)
        .max(8);
    for side in state.sides() {
        let units: Vec<&Unit> = state
            .units()
            .iter()
            .filter(|u| u.side == side.id)
            .map(|u| &**u)
            .collect();
        let on_table = units.iter().filter(|u| u.on_table).count();
        let broken = match (side.broken, state.retreating_off(&side.id)) {
            (true, true) => " · ARMY BROKEN, retreating off the table",
            (true, false) => " · ARMY BROKEN",
            _ => "",
        };
        let _ = writeln!(
            out,
            "\n{} ({}) · {on_table} of {} units on the table{broken}",
            side.name,
            side.id,
            units.len()
        );
        let has_grades = state.ruleset().has_grades();
        // Old Trousers II's ratings run to three letters; grades keep their two columns.
        let gr_width = units
            .iter()
            .map(|u| u.rating_label(has_grades).chars().count())
            .max()
            .unwrap_or(0)
            .max(2);
        let _ = writeln!(
            out,
            "  {:<id_width$} {:<22} {:<15} {:<gr_width$} {:>5} {:>3} {:>3}  STATE",
            "ID", "NAME", "TYPE", "GR", "FIGS", "LOS", "RTE"
        );
        for unit in units {
            let _ = writeln!(
                out,
                "  {:<id_width$} {:<22} {:<15} {:<gr_width$} {:>5} {:>3} {:>3}  {}",
                unit.id,
                clip(&unit.name, 22),
                unit.arm.label(),
                unit.rating_label(has_grades),
                format!("{}/{}", unit.figures(), unit.figures_at_start),
                unit.loss_hits,
                unit.rout_hits,
                unit_state(state, unit)
            );
            if !unit.note.is_empty() {
                let _ = writeln!(out, "  {:<id_width$} note: {}", "", unit.note);
            }
        }
        let generals: Vec<String> = state
            .generals()
            .iter()
            .filter(|g| g.side == side.id)
            .map(|g| {
                let with = g
                    .attached
                    .as_deref()
                    .map_or_else(String::new, |u| format!(" with {u}"));
                let status = match g.status {
                    GeneralStatus::InPlay => String::new(),
                    other => format!(" ({})", other.word()),
                };
                let order = g
                    .order_words(state.turn())
                    .map_or_else(String::new, |o| format!(": {o}"));
                format!("{} [{}]{with}{status}{order}", g.name, g.id)
            })
            .collect();
        if !generals.is_empty() {
            let _ = writeln!(out, "  Generals: {}", generals.join("; "));
        }
    }
    out.push_str(&checklist(state));
    out
}

/// The phase's checklist: `!` owed before `next`, `·` to watch.
fn checklist(state: &GameState) -> String {
    let checklist = Checklist::of(state);
    let mut out = format!("\nChecklist, {} phase:\n", state.phase());
    if checklist.open.is_empty() {
        out.push_str("  nothing owed\n");
    }
    for item in &checklist.open {
        let _ = writeln!(out, "  ! {}", plain(&item.describe()));
    }
    for item in &checklist.watch {
        let _ = writeln!(out, "  · {}", plain(&item.describe()));
    }
    out
}

/// "column, shaken, disordered, out of command, 4 guns, with Ney"
fn unit_state(state: &GameState, unit: &Unit) -> String {
    let mut words: Vec<String> = Vec::new();
    match (unit.status, unit.on_table) {
        (UnitStatus::InPlay, false) => {
            words.push("OFF THE TABLE after its enemy (`return` on 5-6)".into());
        }
        (UnitStatus::InPlay, true) => {}
        (UnitStatus::Shattered, true) => words.push("SHATTERED (leaves at end of phase)".into()),
        (status, _) => words.push(format!("{} (off table)", status.word().to_uppercase())),
    }
    words.push(unit.formation_words());
    if unit.screen_models() > 0 {
        words.push(format!(
            "skirmish screen of {} out ({} in the unit)",
            unit.screen_models(),
            unit.parent_models()
        ));
    }
    match unit.morale {
        Morale::Good => {}
        Morale::Shaken => words.push("shaken".into()),
        Morale::Routed => words.push("ROUTED".into()),
    }
    words.extend(unit.owed_words());
    if unit.disordered {
        words.push("disordered".into());
    }
    if state.command_of(unit) == CommandState::Out {
        words.push("out of command".into());
    }
    if unit.owes_test {
        words.push(format!("OWES A {}", state.ruleset().owed_test().word()).to_uppercase());
    }
    if unit.in_contact() {
        words.push(format!(
            "IN CONTACT with {}",
            unit.in_contact_with.join(", ")
        ));
    }
    if let Some(guns) = unit.guns_now() {
        words.push(crate::core::plural::counted(guns, "gun"));
    }
    words.extend(unit.equipment_words());
    for general in state.generals_attached_to(&unit.id) {
        words.push(format!("with {}", general.name));
    }
    words.join(", ")
}

fn clip(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        text.to_owned()
    } else {
        let mut clipped: String = text.chars().take(width - 1).collect();
        clipped.push('…');
        clipped
    }
}

/// Every applied command with its turn and phase, and what it did.
pub fn log(game: &Game) -> String {
    let mut out = String::new();
    let entries = game.narrated_log();
    if entries.len() == 0 {
        out.push_str("The log is empty: no command has been applied yet.\n");
    }
    for (number, (entry, lines)) in entries.enumerate() {
        let by = entry
            .by
            .as_ref()
            .map_or_else(String::new, |by| format!(" (typed by {})", plain(by)));
        let _ = writeln!(
            out,
            "{:>4}. turn {} {} {}: {}{by}",
            number + 1,
            entry.turn,
            entry.active,
            entry.phase,
            entry.command
        );
        for line in lines {
            let _ = writeln!(out, "        {}", plain(line));
        }
    }
    out
}
