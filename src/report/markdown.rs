//! The report as Markdown, for a forum post or a club wiki: the same content as the HTML,
//! with the chart's series as a small table.

use super::html::{capitalised, share};
use super::{Report, Series, SideReport, TurnStory};
use std::fmt::Write;

/// `text` as plain words in Markdown: characters that would start markup or end a table
/// cell are backslashed, so a unit called `*Old Guard*` stays as written.
pub fn escape(text: &str) -> String {
    let text = crate::core::shown::shown(text);
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '#' | '&' => {
                escaped.push('\\');
                escaped.push(c);
            }
            '\n' | '\r' => escaped.push(' '),
            c => escaped.push(c),
        }
    }
    escaped
}

/// `text` [escaped](escape), but for the rules' passages, which are emphasis on purpose:
/// `*Retreat Moves*` stays as it is.
fn with_passages(text: &str) -> String {
    crate::core::passage::rendered(text, escape, |name| format!("*{name}*"))
}

pub fn render(report: &Report) -> String {
    let mut text = format!(
        "# {} — after-action report\n\n**{}**\n\n{}\n",
        escape(&report.title),
        escape(&report.outcome),
        escape(&report.played)
    );
    if let Some(winner) = &report.winner {
        let _ = writeln!(text, "\n**{}**", escape(winner));
    }
    if let Some(clock) = &report.clock {
        let _ = writeln!(text, "\n{}.", escape(clock));
    }
    if !report.luck.is_empty() {
        let _ = writeln!(text, "\n{}.", escape(&report.luck.join(". ")));
    }
    if !report.house_rules.is_empty() {
        let _ = writeln!(
            text,
            "\nHouse rules: {}.",
            escape(&report.house_rules.join("; "))
        );
    }
    if let Some(briefing) = &report.briefing {
        let _ = writeln!(text, "\n## Briefing\n\n{}", escape(briefing));
    }
    if let Some(victory) = &report.victory_conditions {
        let _ = writeln!(text, "\nTo win: {}", escape(victory));
    }
    strength(&mut text, &report.series);
    for side in &report.sides {
        order_of_battle(&mut text, side);
    }
    losses(&mut text, &report.sides);
    narrative(&mut text, &report.turns);
    text
}

fn strength(text: &mut String, series: &Series) {
    text.push_str("\n## Strength turn by turn\n\n|  |");
    for label in &series.labels {
        let _ = write!(text, " {} |", escape(label));
    }
    text.push_str("\n| --- |");
    for _ in &series.labels {
        text.push_str(" ---: |");
    }
    text.push('\n');
    for (label, cells) in series.rows() {
        let _ = write!(text, "| {} |", escape(&label));
        for cell in cells {
            let _ = write!(text, " {cell} |");
        }
        text.push('\n');
    }
    let breaking: Vec<String> = series
        .sides
        .iter()
        .filter_map(|s| {
            s.breaks_at
                .map(|at| format!("{} at {at} of {}", escape(&s.name), s.units))
        })
        .collect();
    if !breaking.is_empty() {
        let _ = writeln!(
            text,
            "\nArmies break with units shaken or lost: {}.",
            breaking.join("; ")
        );
    }
}

fn order_of_battle(text: &mut String, side: &SideReport) {
    let broken = if side.broken { " (army broken)" } else { "" };
    let _ = writeln!(text, "\n## {} order of battle{broken}", escape(&side.name));
    if !side.players.is_empty() {
        let _ = writeln!(text, "\nPlayed by {}.", escape(&side.players.join(", ")));
    }
    if let Some(losses) = &side.losses_by_cause {
        let _ = writeln!(text, "\n{}", escape(losses));
    }
    let _ = write!(
        text,
        "\n| Unit | Arm | Start | End | Status |\n| --- | --- | ---: | ---: | --- |\n"
    );
    for unit in &side.units {
        let _ = writeln!(
            text,
            "| {} ({}) | {} | {} | {} | {} |",
            escape(&unit.name),
            escape(&unit.id),
            escape(&unit.arm),
            unit.figures_at_start,
            unit.figures_at_end,
            with_passages(&unit.fate.describe())
        );
    }
    if !side.generals.is_empty() {
        let generals: Vec<String> = side
            .generals
            .iter()
            .map(|g| format!("{} ({})", escape(&g.name), escape(&g.fate)))
            .collect();
        let _ = writeln!(text, "\nGenerals: {}.", generals.join("; "));
    }
}

fn losses(text: &mut String, sides: &[SideReport]) {
    text.push_str(
        "\n## Losses by arm\n\nFigures lost: every figure hit, and the rest of each unit \
         shattered or eliminated.\n\n| Side | Arm | At start | Lost | Share |\n\
         | --- | --- | ---: | ---: | ---: |\n",
    );
    for side in sides {
        let name = escape(&side.name);
        for arm in &side.losses {
            let _ = writeln!(
                text,
                "| {name} | {} | {} | {} | {} |",
                arm.arm,
                arm.figures_at_start,
                arm.lost,
                share(arm.lost, arm.figures_at_start)
            );
        }
        let start = side.losses.iter().map(|a| a.figures_at_start).sum();
        let lost = side.losses.iter().map(|a| a.lost).sum();
        let _ = writeln!(
            text,
            "| **{name}** | **all arms** | **{start}** | **{lost}** | **{}** |",
            share(lost, start)
        );
    }
}

fn narrative(text: &mut String, turns: &[TurnStory]) {
    text.push_str("\n## Turn by turn\n");
    if turns.is_empty() {
        text.push_str("\nNo command has been given yet.\n");
    }
    for turn in turns {
        let _ = writeln!(text, "\n### Turn {} — {}", turn.turn, escape(&turn.side));
        if turn.phases.is_empty() {
            text.push_str("\nNothing of note.\n");
        }
        for phase in &turn.phases {
            let _ = writeln!(text, "\n**{}**\n", capitalised(phase.phase.word()));
            for told in &phase.lines {
                if told.grave {
                    let _ = writeln!(text, "- **{}**", with_passages(&told.text));
                } else {
                    let _ = writeln!(text, "- {}", with_passages(&told.text));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_in_names_is_kept_as_words() {
        assert_eq!(escape("*Old Guard* | <b>"), "\\*Old Guard\\* \\| \\<b\\>");
        assert_eq!(escape("1/2e Léger"), "1/2e Léger");
        assert_eq!(escape("two\nlines"), "two lines");
    }
}
