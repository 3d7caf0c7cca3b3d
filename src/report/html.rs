//! The report as one self-contained HTML page: inline style and SVG, no script, no link
//! and no web font, so it can be mailed, posted or printed as it is and looks the same
//! offline. Every text from the save is escaped.

use super::chart::{Line, LineChart};
pub use super::escape::escape;
use super::{Report, Series, SideReport, TurnStory};
use crate::game::FiguresAxis;
use std::fmt::Write;

const STYLE: &str = r#"
:root { --ink: #1d1b18; --muted: #5d5a52; --rule: #d9d4c7; --paper: #fbf9f4; --accent: #7a1f1f; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--paper); color: var(--ink);
  font: 16px/1.5 Georgia, "Times New Roman", serif; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.6rem; line-height: 1.2; margin: .4rem 0 .6rem; }
h2 { font-size: 1.25rem; border-bottom: 2px solid var(--rule); padding-bottom: .2rem;
  margin: 2rem 0 .6rem; }
h3 { font-size: 1.05rem; margin: 1.2rem 0 .3rem; }
.kicker { color: var(--muted); font-size: .85rem; text-transform: uppercase;
  letter-spacing: .06em; margin: 0; }
.outcome { font-size: 1.1rem; font-weight: bold; margin: .8rem 0; padding: .5rem .8rem;
  border-left: 4px solid var(--accent); background: #f1ece0; }
.played, .note { color: var(--muted); font-size: .9rem; }
.broken { color: var(--accent); font-size: .9rem; font-weight: bold; }
.table-wrap { overflow-x: auto; margin: .4rem 0 1rem; }
table { border-collapse: collapse; width: 100%; font: .92rem/1.35 system-ui, -apple-system,
  "Segoe UI", Roboto, sans-serif; }
th, td { padding: .3rem .5rem; border-bottom: 1px solid var(--rule); text-align: left;
  vertical-align: top; }
th { background: #efeadf; font-weight: 600; white-space: nowrap; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.unit-id { display: block; color: var(--muted); font-size: .78rem; }
tr.gone td { color: var(--muted); }
tr.gone .fate { color: var(--accent); font-weight: 600; }
tr.troubled .fate { color: #8a5300; font-weight: 600; }
tr.total td { font-weight: 600; border-top: 1px solid var(--muted); }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(17rem, 1fr)); gap: 1rem; }
figure { margin: 0; }
svg.chart { display: block; width: 100%; height: auto; background: #fff;
  border: 1px solid var(--rule); }
svg.chart text { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  font-size: 13px; fill: var(--ink); }
svg.chart .chart-title { font-size: 15px; font-weight: bold; }
svg.chart .legend { font-size: 14px; }
svg.chart .axis { stroke: #555; stroke-width: 1; }
svg.chart .grid { stroke: #e6e1d6; stroke-width: 1; }
svg.chart .guide { stroke: var(--accent); stroke-width: 1.5; stroke-dasharray: 5 4; }
svg.chart .guide-label { fill: var(--accent); font-size: 12px; }
.phase { font-weight: bold; margin: .4rem 0 0; }
ul { margin: .1rem 0 .6rem; padding-left: 1.3rem; }
li { margin: .1rem 0; }
li.grave { font-weight: bold; color: var(--accent); }
.photos { display: flex; flex-wrap: wrap; gap: .6rem; margin: 1rem 0; }
figure.photo { margin: 0; flex: 1 1 16rem; max-width: 100%; }
figure.photo img { width: 100%; height: auto; display: block; }
figure.photo figcaption { color: var(--muted); font-size: .85rem; }
.sides { display: grid; grid-template-columns: repeat(auto-fit, minmax(22rem, 1fr));
  column-gap: 1.5rem; }
footer { color: var(--muted); font-size: .8rem; margin-top: 2.5rem; padding-top: .5rem;
  border-top: 1px solid var(--rule); }
@media (max-width: 30rem) {
  main { padding: .7rem; }
  h1 { font-size: 1.35rem; }
  th, td { padding: .25rem .35rem; }
}
@media print {
  body { background: #fff; font-size: 11pt; }
  main { max-width: none; padding: 0; }
  .table-wrap { overflow: visible; }
  .outcome { background: none; }
  h2, h3, .phase { break-after: avoid; }
  tr, figure, li { break-inside: avoid; }
}
"#;

/// The whole page.
pub fn render(report: &Report) -> String {
    let title = escape(&report.title);
    let mut page = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title} — after-action report</title>\n<style>{STYLE}</style>\n</head>\n\
         <body>\n<main>\n<p class=\"kicker\">After-action report</p>\n<h1>{title}</h1>\n\
         <p class=\"outcome\">{}</p>\n<p class=\"played\">{}</p>\n",
        escape(&report.outcome),
        escape(&report.played)
    );
    if let Some(winner) = &report.winner {
        let _ = writeln!(page, "<p class=\"outcome\">{}</p>", escape(winner));
    }
    if let Some(clock) = &report.clock {
        let _ = writeln!(page, "<p class=\"played\">{}.</p>", escape(clock));
    }
    for luck in &report.luck {
        let _ = writeln!(page, "<p class=\"played\">{}.</p>", escape(luck));
    }
    if !report.house_rules.is_empty() {
        let _ = writeln!(
            page,
            "<p class=\"played\">House rules: {}.</p>",
            escape(&report.house_rules.join("; "))
        );
    }
    if let Some(briefing) = &report.briefing {
        let _ = writeln!(page, "<h2>Briefing</h2>\n<p>{}</p>", escape(briefing));
    }
    if let Some(victory) = &report.victory_conditions {
        let _ = writeln!(page, "<p class=\"note\">To win: {}</p>", escape(victory));
    }
    if !report.photos.is_empty() {
        page.push_str("<div class=\"photos\">\n");
        for photo in &report.photos {
            page.push_str(&photo.figure());
            page.push('\n');
        }
        page.push_str("</div>\n");
    }
    strength(&mut page, &report.series);
    // Side by side where the screen is wide enough: the armies face each other.
    page.push_str("<div class=\"sides\">\n");
    for side in &report.sides {
        order_of_battle(&mut page, side);
    }
    page.push_str("</div>\n");
    losses(&mut page, &report.sides);
    narrative(&mut page, &report.turns);
    page.push_str(
        "<footer>Written by Adjutant from the save's log: every figure here comes from the \
         commands the referee entered.</footer>\n</main>\n</body>\n</html>\n",
    );
    page
}

/// Figures in play and the share of units shaken or lost, drawn and tabled.
fn strength(page: &mut String, series: &Series) {
    page.push_str("<h2>Strength turn by turn</h2>\n<div class=\"charts\">\n");
    for chart in charts(series) {
        let _ = writeln!(page, "<figure>{}</figure>", chart.svg());
    }
    page.push_str(
        "</div>\n<p class=\"note\">Each point is the armies at the end of a turn; the last is \
         where the battle stands now, or ended.</p>\n\
         <div class=\"table-wrap\"><table>\n<thead><tr><th></th>",
    );
    for label in &series.labels {
        let _ = write!(page, "<th class=\"num\">{}</th>", escape(label));
    }
    page.push_str("</tr></thead>\n<tbody>\n");
    for (label, cells) in series.rows() {
        let _ = write!(page, "<tr><td>{}</td>", escape(&label));
        for cell in cells {
            let _ = write!(page, "<td class=\"num\">{cell}</td>");
        }
        page.push_str("</tr>\n");
    }
    page.push_str("</tbody></table></div>\n");
}

/// The two charts of the series: figures in play, and units shaken or lost as a share of
/// the army with each army's breaking point.
fn charts(series: &Series) -> [LineChart<'_>; 2] {
    // The same axis as the screen's `S` chart.
    let figures_axis =
        FiguresAxis::fitting(series.sides.iter().flat_map(|s| s.figures.iter().copied()));
    let percent = |count: u32, units: u32| {
        if units == 0 {
            0.0
        } else {
            f64::from(count) * 100.0 / f64::from(units)
        }
    };
    let mut guides: Vec<(f64, String)> = Vec::new();
    for side in &series.sides {
        let Some(breaks_at) = side.breaks_at else {
            continue;
        };
        let level = percent(breaks_at, side.units);
        if !guides.iter().any(|(at, _)| (at - level).abs() < 0.5) {
            guides.push((level, format!("breaks at {breaks_at} of {}", side.units)));
        }
    }
    [
        LineChart {
            title: "Figures in play",
            x_labels: &series.labels,
            y_min: f64::from(figures_axis.low),
            y_max: f64::from(figures_axis.high),
            y_unit: "",
            lines: series
                .sides
                .iter()
                .map(|s| Line {
                    label: &s.name,
                    values: s.figures.iter().map(|&f| f64::from(f)).collect(),
                    colour: s.colour.as_deref(),
                })
                .collect(),
            guides: Vec::new(),
        },
        LineChart {
            title: "Units shaken or lost",
            x_labels: &series.labels,
            y_min: 0.0,
            y_max: 100.0,
            y_unit: "%",
            lines: series
                .sides
                .iter()
                .map(|s| Line {
                    label: &s.name,
                    colour: s.colour.as_deref(),
                    values: s
                        .shaken_or_lost
                        .iter()
                        .map(|&n| percent(n, s.units))
                        .collect(),
                })
                .collect(),
            guides,
        },
    ]
}

fn order_of_battle(page: &mut String, side: &SideReport) {
    let broken = if side.broken {
        " <span class=\"broken\">army broken</span>"
    } else {
        ""
    };
    // The colour was checked as `#rrggbb` when the scenario was read.
    let colour = side.colour.as_deref().map_or_else(String::new, |colour| {
        format!(" style=\"border-bottom-color: {colour}\"")
    });
    let _ = writeln!(
        page,
        "<section>\n<h2{colour}>{} order of battle{broken}</h2>",
        escape(&side.name)
    );
    if !side.players.is_empty() {
        let _ = writeln!(
            page,
            "<p class=\"played\">Played by {}.</p>",
            escape(&side.players.join(", "))
        );
    }
    if let Some(losses) = &side.losses_by_cause {
        let _ = writeln!(page, "<p class=\"played\">{}</p>", escape(losses));
    }
    let _ = writeln!(
        page,
        "<div class=\"table-wrap\"><table>\n<thead><tr>\
         <th>Unit</th><th class=\"num\">Start</th><th class=\"num\">End</th>\
         <th>Status</th></tr></thead>\n<tbody>"
    );
    for unit in &side.units {
        let class = if unit.fate.gone() {
            " class=\"gone\""
        } else if matches!(unit.fate, super::Fate::Troubled(_) | super::Fate::Away) {
            " class=\"troubled\""
        } else {
            ""
        };
        let _ = writeln!(
            page,
            // The arm goes under the name, not in a column of its own: on a phone the
            // table then fits without scrolling.
            "<tr{class}><td>{}<span class=\"unit-id\">{} · {}</span></td>\
             <td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"fate\">{}</td></tr>",
            escape(&unit.name),
            escape(&unit.id),
            escape(&unit.arm),
            unit.figures_at_start,
            unit.figures_at_end,
            with_passages(&unit.fate.describe())
        );
    }
    page.push_str("</tbody></table></div>\n");
    if !side.generals.is_empty() {
        let generals: Vec<String> = side
            .generals
            .iter()
            .map(|g| format!("{} ({})", escape(&g.name), escape(&g.fate)))
            .collect();
        let _ = writeln!(
            page,
            "<p><strong>Generals:</strong> {}.</p>",
            generals.join("; ")
        );
    }
    page.push_str("</section>\n");
}

fn losses(page: &mut String, sides: &[SideReport]) {
    page.push_str(
        "<h2>Losses by arm</h2>\n<p class=\"note\">Figures lost: every figure hit, and the \
         rest of each unit shattered or eliminated.</p>\n<div class=\"table-wrap\"><table>\n\
         <thead><tr><th>Side</th><th>Arm</th><th class=\"num\">At start</th>\
         <th class=\"num\">Lost</th><th class=\"num\">Share</th></tr></thead>\n<tbody>\n",
    );
    for side in sides {
        let name = escape(&side.name);
        let row = |page: &mut String, class: &str, arm: &str, start: u32, lost: u32| {
            let _ = writeln!(
                page,
                "<tr{class}><td>{name}</td><td>{arm}</td><td class=\"num\">{start}</td>\
                 <td class=\"num\">{lost}</td><td class=\"num\">{}</td></tr>",
                share(lost, start)
            );
        };
        for arm in &side.losses {
            row(page, "", arm.arm, arm.figures_at_start, arm.lost);
        }
        let start = side.losses.iter().map(|a| a.figures_at_start).sum();
        let lost = side.losses.iter().map(|a| a.lost).sum();
        row(page, " class=\"total\"", "all arms", start, lost);
    }
    page.push_str("</tbody></table></div>\n");
}

/// "23%": the share of `whole` that `part` is, to the nearest percent.
pub(super) fn share(part: u32, whole: u32) -> String {
    if whole == 0 {
        return "–".to_owned();
    }
    let percent = (u64::from(part) * 100 + u64::from(whole) / 2) / u64::from(whole);
    format!("{percent}%")
}

/// `text` [escaped](escape), the rules' passages in `<em>`.
pub(super) fn with_passages(text: &str) -> String {
    crate::core::passage::rendered(text, escape, |name| format!("<em>{name}</em>"))
}

fn narrative(page: &mut String, turns: &[TurnStory]) {
    page.push_str("<h2>Turn by turn</h2>\n");
    if turns.is_empty() {
        page.push_str("<p>No command has been given yet.</p>\n");
    }
    for turn in turns {
        let _ = writeln!(
            page,
            "<section><h3>Turn {} — {}</h3>",
            turn.turn,
            escape(&turn.side)
        );
        if turn.phases.is_empty() {
            page.push_str("<p class=\"note\">Nothing of note.</p>\n");
        }
        for phase in &turn.phases {
            let _ = writeln!(
                page,
                "<p class=\"phase\">{}</p>\n<ul>",
                capitalised(phase.phase.word())
            );
            for told in &phase.lines {
                let class = if told.grave { " class=\"grave\"" } else { "" };
                let _ = writeln!(page, "<li{class}>{}</li>", with_passages(&told.text));
            }
            page.push_str("</ul>\n");
        }
        page.push_str("</section>\n");
    }
}

pub(super) fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::scenario;

    /// A scenario whose every name tries to break out of the page.
    const NASTY: &str = r#"
[scenario]
title = "<script>alert(1)</script> & \"Hougoumont\" 'farm'"
ruleset = "sound-the-charge"
first = "a"
optional_rules = ["army-morale"]

[[side]]
id = "a"
name = "<b>Blue</b>"

[[side]]
id = "b"
name = "Red & Co"

[[unit]]
id = "a-1"
side = "a"
name = "<img src=x onerror=alert(1)>"
arm = "infantry"
type = "line"
grade = "C"
figures = 12

[[unit]]
id = "b-1"
side = "b"
name = "\"Quoted\" Foot"
arm = "infantry"
type = "line"
grade = "C"
figures = 12

[[general]]
id = "g"
name = "Sir <Evil>"
side = "b"
"#;

    fn nasty_page() -> String {
        let (scenario, spec) = scenario::parse("nasty.toml", NASTY).unwrap();
        let mut game = Game::new(scenario, spec, 3);
        for line in ["next", "hit a-1 9", "shaken b-1"] {
            game.perform(line).unwrap();
        }
        render(&Report::of(&game))
    }

    #[test]
    fn every_text_from_the_save_is_escaped() {
        let page = nasty_page();
        for raw in ["<script", "<img", "<b>", "<Evil>", "\"Quoted\"", "Red & Co"] {
            assert!(!page.contains(raw), "{raw} came through unescaped");
        }
        assert!(page.contains(
            "<h1>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Hougoumont&quot; \
             &#39;farm&#39;</h1>"
        ));
        assert!(page.contains("&lt;img src=x onerror=alert(1)&gt; was SHATTERED."));
        assert!(page.contains("Sir &lt;Evil&gt; (unhurt)"));
        assert!(page.contains("&lt;b&gt;Blue&lt;/b&gt; order of battle"));
        // In the chart too: legends and the SVG's own title.
        assert!(page.contains("<text class=\"legend\" x=\"71.0\" y=\"35\">&lt;b&gt;Blue"));
    }

    #[test]
    fn the_page_stands_alone() {
        let page = nasty_page();
        for outside in [
            "<script", "<link", "@import", "url(", "http://", "https://", "src=\"", "href=",
        ] {
            assert!(!page.contains(outside), "the page holds {outside}");
        }
        assert!(page.contains("<meta name=\"viewport\""));
        assert_eq!(page.matches("<svg").count(), 2);
        assert!(page.contains("<div class=\"table-wrap\"><table>"));
    }

    #[test]
    fn losses_are_totalled_with_their_share() {
        let page = nasty_page();
        // Blue's one battalion shattered: all 12 figures lost.
        assert!(page.contains(
            "<tr class=\"total\"><td>&lt;b&gt;Blue&lt;/b&gt;</td><td>all arms</td>\
             <td class=\"num\">12</td><td class=\"num\">12</td><td class=\"num\">100%</td></tr>"
        ));
        assert_eq!(share(1, 3), "33%");
        assert_eq!(share(2, 3), "67%");
        assert_eq!(share(0, 0), "–");
    }
}
