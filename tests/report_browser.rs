//! The HTML report in a real browser: headless chromium parses the page (`--dump-dom`) and
//! the document it builds must hold both charts with their lines and every table, with
//! the save's text as text, not markup.
//!
//! Needs chromium (`$CHROMIUM`, else `chromium` or `chromium-browser` on the PATH):
//! without it the test fails when `CI` is set and is skipped otherwise.

use adjutant::game::Game;
use adjutant::report::{Report, html};
use adjutant::scenario;
use common::browser::{chromium, dump_dom};

mod common;

/// Two turns of quatre-bras under a title that tries to be markup.
fn played() -> Game {
    let text = scenario::built_in("quatre-bras")
        .unwrap()
        .replace("Quatre-Bras, 16 June 1815", "<img src=x> & \\\"Co\\\"");
    let (scenario, spec) = scenario::parse("quatre-bras.toml", &text).unwrap();
    let mut game = Game::new(scenario, spec, 1815);
    let mut perform = |line: &str| {
        game.perform(line)
            .unwrap_or_else(|refusal| panic!("`{line}`: {refusal}"));
    };
    for line in ["next", "hit fr-61 3", "shaken fr-61", "hit fr-2lg 9"] {
        perform(line);
    }
    for _ in 0..4 {
        perform("next");
    }
    perform("hit nl-27j 4");
    game
}

#[test]
fn chromium_builds_the_charts_and_tables_of_the_report() {
    let Some(browser) = chromium() else {
        return;
    };
    let game = played();
    let report = Report::of(&game);
    // Start, the end of turn 1, now.
    assert_eq!(report.series.labels, ["start", "T1", "now"]);
    let folder = tempfile::tempdir().unwrap();
    let page = folder.path().join("report.html");
    std::fs::write(&page, html::render(&report)).unwrap();

    let dom = dump_dom(&browser, &page);
    let svgs: Vec<&str> = dom
        .split("<svg")
        .skip(1)
        .map(|rest| &rest[..rest.find("</svg>").expect("an svg closed")])
        .collect();
    assert_eq!(svgs.len(), 2, "two charts");
    for svg in &svgs {
        let polylines: Vec<&str> = svg.split("<polyline").skip(1).collect();
        assert_eq!(polylines.len(), 2, "a line per side");
        for polyline in polylines {
            let points = polyline.split("points=\"").nth(1).unwrap();
            let points = &points[..points.find('"').unwrap()];
            assert_eq!(points.split(' ').count(), 3, "a point per turn: {points}");
        }
    }
    // Figures in play: the French lost 3 and then the Léger's 12 in turn 1.
    assert!(dom.contains("<title>French</title>"));
    assert_eq!(
        report.series.sides[0].figures,
        [158, 158 - 3 - 12, 158 - 3 - 12]
    );
    // Series, two orders of battle, losses: each a table in its scrolling wrapper.
    assert_eq!(dom.matches("<table>").count(), 4);
    assert_eq!(dom.matches("<div class=\"table-wrap\"><table>").count(), 4);
    assert!(dom.contains("<td>1/2e Léger<span class=\"unit-id\">fr-2lg · light inf</span>"));
    // The title stayed text: no image element was made of it.
    assert!(
        dom.contains("<h1>&lt;img src=x&gt; &amp; \"Co\"</h1>"),
        "{dom}"
    );
    assert!(!dom.contains("<img") && !dom.contains("<script"));
}
