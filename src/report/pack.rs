//! The print pack: what a referee hands the table on paper. A roster sheet per side, as
//! that side may see the battle (the fog of war's rule, as over `serve`); a one-page
//! quick reference of the ruleset's charts with the house rules in force; and a card per
//! unit with a box per figure to tick. One self-contained HTML page with print styles for
//! A4 or Letter: each sheet starts a page, and the cards go nine to a page.

use super::html::{escape, with_passages};
use crate::core::passage::plain;
use crate::game::{CommandState, Game, Morale, SeenUnit, Viewer};
use crate::reference;
use std::fmt::Write;

/// The paper the pack is printed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Paper {
    #[default]
    A4,
    Letter,
}

impl Paper {
    fn css(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "letter",
        }
    }
}

/// The parts of a pack, each starting a page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, clap::ValueEnum)]
pub enum Sheet {
    /// A roster sheet per side, as that side sees the battle.
    Roster,
    /// The ruleset's charts on one page.
    Reference,
    /// A card per unit, nine to a page.
    Cards,
}

/// Unit cards on a page: three rows of three, each card a fixed height that fits both
/// papers, so the count of pages is known before printing.
pub const CARDS_PER_PAGE: usize = 9;

const STYLE: &str = r#"
* { box-sizing: border-box; }
body { margin: 0; color: #000; background: #fff; font: 9pt/1.3 Georgia, "Times New Roman", serif; }
section { break-after: page; }
section:last-of-type { break-after: auto; }
h1 { font-size: 13pt; margin: 0 0 2mm; }
h2 { font-size: 10.5pt; margin: 3mm 0 1.5mm; }
.kicker { font-size: 7.5pt; text-transform: uppercase; letter-spacing: .06em; margin: 0; }
.note { font-size: 7.5pt; margin: 1mm 0; }
table { border-collapse: collapse; width: 100%; font: 7.5pt/1.25 system-ui, sans-serif; }
th, td { border: .4pt solid #777; padding: .6mm 1.2mm; text-align: left; vertical-align: top; }
th { background: #eee; }
td.n { text-align: right; white-space: nowrap; }
.refs { columns: 4; column-gap: 3mm; font: 5pt/1.12 "DejaVu Sans Mono", "Liberation Mono", monospace; }
.chart { margin: 0 0 1.2mm; }
.chart h3 { font-size: 1.1em; margin: 0 0 .3mm; break-after: avoid; }
.chart p { margin: 0; white-space: pre-wrap; }
.cards { display: grid; grid-template-columns: repeat(3, 1fr); gap: 3mm; }
.card { border: .8pt solid #000; padding: 2.5mm; height: 76mm; overflow: hidden;
  break-inside: avoid; font: 8pt/1.3 system-ui, sans-serif; display: flex; flex-direction: column; }
.card h3 { font: bold 9.5pt/1.2 Georgia, serif; margin: 0 0 1mm; }
.card .id { font-family: monospace; }
.card p { margin: .8mm 0; }
.boxes i { display: inline-block; width: 3.2mm; height: 3.2mm; border: .5pt solid #000;
  margin: 0 .6mm .6mm 0; }
.boxes i.lost { background: #000; }
.notes { flex: 1; margin-top: 1mm;
  background: repeating-linear-gradient(#fff 0 4.6mm, #999 4.6mm 4.8mm); }
@media screen { body { max-width: 60rem; margin: 0 auto; padding: 1rem; }
  section { border-bottom: 2px dashed #aaa; padding-bottom: 1rem; margin-bottom: 1rem; } }
"#;

/// The pack's `sheets` (none: all of them) for `side` (none: every side), on `paper`.
pub fn pack(game: &Game, side: Option<&str>, sheets: &[Sheet], paper: Paper) -> String {
    let wanted = |sheet| sheets.is_empty() || sheets.contains(&sheet);
    let state = game.state();
    let title = escape(&game.scenario().title);
    let mut page = format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title} — print pack</title>\n<style>@page {{ size: {}; margin: 8mm; }}\
         {STYLE}</style>\n</head>\n<body>\n",
        paper.css()
    );
    let sides: Vec<&str> = state
        .sides()
        .iter()
        .map(|s| s.id.as_str())
        .filter(|id| side.is_none_or(|side| side == *id))
        .collect();
    if wanted(Sheet::Roster) {
        for &side in &sides {
            roster_sheet(&mut page, game, side);
        }
    }
    if wanted(Sheet::Reference) {
        quick_reference(&mut page, game);
    }
    if wanted(Sheet::Cards) {
        for &side in &sides {
            unit_cards(&mut page, game, side);
        }
    }
    page.push_str("</body>\n</html>\n");
    page
}

/// The side's roster, and the enemy's as the side sees it.
fn roster_sheet(page: &mut String, game: &Game, side: &str) {
    let state = game.state();
    let viewer = Viewer::Side(side);
    let name = |id: &str| state.side(id).map_or(id, |s| s.name.as_str()).to_owned();
    let _ = write!(
        page,
        "<section class=\"roster\">\n<p class=\"kicker\">Roster sheet · {} · turn {}, {} phase\
         </p>\n<h1>{}</h1>\n",
        escape(&name(side)),
        state.turn(),
        state.phase(),
        escape(&game.scenario().title)
    );
    let at_table = &game.scenario().at_table;
    if let Some(briefing) = &at_table.briefing {
        let _ = writeln!(page, "<p class=\"note\">{}</p>", escape(briefing));
    }
    if let Some(victory) = &at_table.victory {
        let _ = writeln!(
            page,
            "<p class=\"note\"><b>To win:</b> {}</p>",
            escape(victory)
        );
    }
    for shown in state.sides() {
        let own = shown.id == side;
        let heading = if own {
            format!("The {}", name(&shown.id))
        } else {
            format!("The {}, as the {} see them", name(&shown.id), name(side))
        };
        let _ = write!(
            page,
            "<h2>{}</h2>\n<table>\n<tr><th>id</th><th>unit</th><th>type</th><th>grade</th>\
             <th>figures</th><th>hits (loss/rout)</th><th>state</th></tr>\n",
            escape(&heading)
        );
        for unit in state.units().iter().filter(|u| u.side == shown.id) {
            let seen = viewer.unit(state, unit);
            let hits = seen
                .hits_by_kind
                .map_or_else(|| "—".to_owned(), |(loss, rout)| format!("{loss}/{rout}"));
            let _ = writeln!(
                page,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"n\">{}/{}</td>\
                 <td class=\"n\">{hits}</td><td>{}</td></tr>",
                escape(seen.id),
                escape(seen.name),
                escape(&seen.arm.label()),
                escape(seen.rating.as_deref().unwrap_or("—")),
                seen.figures,
                seen.figures_at_start,
                escape(&state_words(&seen))
            );
        }
        page.push_str("</table>\n");
        let generals: Vec<String> = state
            .generals()
            .iter()
            .filter(|g| g.side == shown.id)
            .map(|g| {
                let with = g
                    .attached
                    .as_deref()
                    .map_or_else(String::new, |unit| format!(" (with {unit})"));
                format!("{}{with}", g.name)
            })
            .collect();
        if !generals.is_empty() {
            let _ = writeln!(
                page,
                "<p class=\"note\">Generals: {}.</p>",
                escape(&generals.join("; "))
            );
        }
    }
    page.push_str("</section>\n");
}

/// What the table shows of a unit, in words: "shaken, disordered, column, with Ney".
fn state_words(seen: &SeenUnit<'_>) -> String {
    let mut words = Vec::new();
    if !seen.fighting() {
        words.push(if seen.on_table {
            seen.status.word().to_owned()
        } else {
            "off the table".to_owned()
        });
    }
    match seen.morale {
        Morale::Good => {}
        Morale::Shaken => words.push("shaken".to_owned()),
        Morale::Routed => words.push("routed".to_owned()),
    }
    if seen.disordered {
        words.push("disordered".to_owned());
    }
    words.push(seen.formation.to_string());
    if seen.command == Some(CommandState::Out) {
        words.push("out of command".to_owned());
    }
    words.extend(seen.marks());
    words.extend(seen.generals.iter().map(|g| format!("with {g}")));
    words.join(", ")
}

/// Every chart of the ruleset on one page, each number at the house's value where a house
/// rule changed it, and the house rules in force named.
fn quick_reference(page: &mut String, game: &Game) {
    let state = game.state();
    let _ = write!(
        page,
        "<section class=\"reference\">\n<p class=\"kicker\">Quick reference · {}</p>\n",
        escape(state.ruleset().title())
    );
    let house_rules = super::house_rules(game);
    if !house_rules.is_empty() {
        let _ = writeln!(
            page,
            "<p class=\"note\">House rules (marked *): {}.</p>",
            escape(&house_rules.join("; "))
        );
    }
    page.push_str("<div class=\"refs\">\n");
    state.with_house_rules(|| {
        for chart in reference::charts(state.ruleset()) {
            let lines: Vec<String> = chart.text().map(|line| with_passages(&line)).collect();
            let _ = writeln!(
                page,
                "<div class=\"chart\"><h3>{}</h3><p>{}</p></div>",
                escape(&plain(chart.title)),
                lines.join("\n")
            );
        }
    });
    page.push_str("</div>\n</section>\n");
}

/// A card for each of the side's units, nine to a page.
fn unit_cards(page: &mut String, game: &Game, side: &str) {
    let state = game.state();
    let units: Vec<_> = state.units().iter().filter(|u| u.side == side).collect();
    let side_name = state.side(side).map_or(side, |s| s.name.as_str());
    for (sheet, chunk) in units.chunks(CARDS_PER_PAGE).enumerate() {
        let _ = write!(
            page,
            "<section class=\"unit-cards\">\n<p class=\"kicker\">Unit cards · {} · {}</p>\n\
             <div class=\"cards\">\n",
            escape(side_name),
            sheet + 1
        );
        for unit in chunk {
            let seen = Viewer::Side(side).unit(state, unit);
            let lost = unit.figures_at_start.saturating_sub(unit.figures());
            let boxes: String = (0..unit.figures_at_start)
                .map(|i| {
                    if i < lost {
                        "<i class=\"lost\"></i>"
                    } else {
                        "<i></i>"
                    }
                })
                .collect();
            let _ = writeln!(
                page,
                "<div class=\"card\"><h3>{}</h3><p><span class=\"id\">{}</span> · {} · grade \
                 {}</p><p>{}</p><p class=\"boxes\" title=\"figures\">{boxes}</p>\
                 <p>Loss hits ____ Rout hits ____</p><p>Shaken ☐ Disordered ☐</p>\
                 <div class=\"notes\"></div></div>",
                escape(seen.name),
                escape(seen.id),
                escape(&seen.arm.label()),
                escape(seen.rating.as_deref().unwrap_or("—")),
                escape(&state_words(&seen)),
            );
        }
        page.push_str("</div>\n</section>\n");
    }
}
