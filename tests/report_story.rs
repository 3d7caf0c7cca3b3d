//! The report tells the battle as the club will read it: the briefing and how it is won,
//! who played which side in its colour, the winner (as the referee settled it, or by an
//! army broken), the referee's notes where they were written, each side's losses by what
//! took them, and photos of the table.

mod common;

use adjutant::game::Game;
use adjutant::report::{Report, html, markdown};
use adjutant::scenario;
use common::cli::{act, adjutant, new_save, show_json};
use std::path::Path;

/// Quatre-Bras with a briefing, victory conditions, players and colours.
fn told_quatre_bras() -> String {
    scenario::built_in("quatre-bras")
        .unwrap()
        .replacen(
            "turns = 12",
            "turns = 12\nbriefing = \"Ney must take the crossroads before Wellington comes up.\"\n\
             victory = \"The French hold the crossroads at the end of turn 12.\"",
            1,
        )
        .replacen(
            "name = \"French\"",
            "name = \"French\"\nplayers = [\"Anna\", \"Ben\"]\ncolour = \"#1F3A93\"",
            1,
        )
}

fn game_of(text: &str) -> Game {
    let (parsed, spec) = scenario::parse("quatre-bras.toml", text).unwrap();
    Game::new(parsed, spec, 1815)
}

#[test]
fn the_report_gives_the_briefing_the_players_their_colours_and_the_settled_winner() {
    let mut game = game_of(&told_quatre_bras());
    for line in [
        "hit fr-61 2",
        "note fr-61 lost its eagle bearer",
        "victory france held the crossroads at dusk",
    ] {
        game.perform(line).unwrap();
    }
    let report = Report::of(&game);
    assert_eq!(
        report.winner.as_deref(),
        Some("A French victory: held the crossroads at dusk, as the referee settled it.")
    );
    assert_eq!(
        report.briefing.as_deref(),
        Some("Ney must take the crossroads before Wellington comes up.")
    );
    assert_eq!(report.sides[0].players, ["Anna", "Ben"]);
    assert_eq!(report.sides[0].colour.as_deref(), Some("#1f3a93"));
    assert_eq!(report.sides[1].colour, None);

    let page = html::render(&report);
    assert!(page.contains("<h2>Briefing</h2>"), "{page}");
    assert!(page.contains("To win: The French hold the crossroads at the end of turn 12."));
    assert!(page.contains("<p class=\"played\">Played by Anna, Ben.</p>"));
    assert!(page.contains("<h2 style=\"border-bottom-color: #1f3a93\">French order of battle"));
    // The French line in both charts is drawn in the French colour.
    assert_eq!(
        page.matches("stroke=\"#1f3a93\"").count(),
        4,
        "two lines, two keys"
    );
    let text = markdown::render(&report);
    assert!(text.contains("The referee's note on 1/61e Ligne: \"lost its eagle bearer\""));
    assert!(text.contains(
        "The referee settled the battle: A FRENCH VICTORY: held the crossroads at dusk."
    ));
    assert!(
        text.contains("2 figures lost: 2 entered by the referee."),
        "{text}"
    );

    // Undone, the battle is unsettled again; a draw is one.
    game.perform("undo").unwrap();
    assert_eq!(Report::of(&game).winner, None);
    game.perform("victory draw the light failed").unwrap();
    assert_eq!(
        Report::of(&game).winner.as_deref(),
        Some("A draw: the light failed, as the referee settled it.")
    );
}

#[test]
fn a_victory_for_no_side_is_refused_with_the_nearest() {
    let mut game = game_of(&told_quatre_bras());
    let refusal = game.perform("victory frnace").unwrap_err().to_string();
    assert!(
        refusal.contains("no side 'frnace': did you mean 'france'?"),
        "{refusal}"
    );
    assert!(game.log().is_empty());
    let refusal = game.perform("victory").unwrap_err().to_string();
    assert!(refusal.contains("usage: victory <side|draw>"), "{refusal}");
}

/// The report's own battle (tests/data/report-battle.commands): the allied army breaks at
/// the end of turn 3, so the French win without the referee's word, and each side's
/// figures lost add up, cause by cause, to what `show --json` says it lost.
#[test]
fn an_army_broken_gives_the_winner_and_losses_add_up_by_cause() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_save(folder.path(), "qb.toml", "quatre-bras", 1815);
    for line in include_str!("data/report-battle.commands")
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
    {
        act(&save, line);
    }
    let report = adjutant().arg("report").arg(&save).output().unwrap();
    let report = String::from_utf8(report.stdout).unwrap();
    assert!(
        report.contains("**A French victory: the Anglo-Allied army broke.**"),
        "{report}"
    );
    let state = show_json(&save);
    for (side, name) in [("france", "French"), ("allies", "Anglo-Allied")] {
        let lost: u64 = state["units"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|u| u["side"] == side)
            .map(|u| u["start"].as_u64().unwrap() - u["figures"].as_u64().unwrap())
            .sum();
        let section = report
            .split(&format!("## {name} order of battle"))
            .nth(1)
            .unwrap();
        let line = section
            .lines()
            .find(|l| l.contains("figures lost:"))
            .unwrap_or_else(|| panic!("{name}: no losses line\n{section}"));
        let total: u64 = line.split_whitespace().next().unwrap().parse().unwrap();
        assert_eq!(total, lost, "{name}: {line}");
        let by_cause: u64 = line
            .split(": ")
            .nth(1)
            .unwrap()
            .split(", ")
            .map(|part| {
                part.split_whitespace()
                    .next()
                    .unwrap()
                    .parse::<u64>()
                    .unwrap()
            })
            .sum();
        assert_eq!(by_cause, lost, "{name}: {line}");
    }
    assert!(report.contains("to shooting"), "{report}");
}

#[test]
fn a_scenario_colour_or_players_out_of_bounds_is_refused_at_its_line() {
    let text = told_quatre_bras().replace("#1F3A93", "navy\\\"><script>");
    let error = scenario::parse("qb.toml", &text).unwrap_err().to_string();
    let line = text.lines().position(|l| l.starts_with("colour")).unwrap() + 1;
    assert!(error.contains(&format!(":{line}:")), "{error}");
    assert!(
        error.contains("is not a colour written like #1f3a93"),
        "{error}"
    );
    let many: Vec<String> = (0..13).map(|i| format!("\"p{i}\"")).collect();
    let text = told_quatre_bras().replace("\"Anna\", \"Ben\"", &many.join(", "));
    let error = scenario::parse("qb.toml", &text).unwrap_err().to_string();
    assert!(error.contains("lists more than 12 players"), "{error}");
}

/// A 1x1 PNG.
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89\0\0\0\rIDATx\x9cc\xf8\x0f\0\0\x01\x01\x01\0\x18\xdd\x8d\xb0\0\0\0\0IEND\xaeB`\x82";

#[test]
fn photos_named_on_the_command_line_are_embedded_and_anything_else_refused() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_save(folder.path(), "qb.toml", "quatre-bras", 1815);
    let photo = folder.path().join("turn-3_charge.png");
    std::fs::write(&photo, PNG).unwrap();
    let page = folder.path().join("r.html");
    adjutant()
        .arg("report")
        .arg(&save)
        .arg("-o")
        .arg(&page)
        .arg("--photo")
        .arg(&photo)
        .assert()
        .success();
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains("<img src=\"data:image/png;base64,iVBORw0KGgo"),
        "{html}"
    );
    assert!(html.contains("<figcaption>turn 3 charge</figcaption>"));

    let refused = |args: &[&Path], said: &str| {
        let out = folder.path().join("x.html");
        let output = adjutant()
            .arg("report")
            .arg(&save)
            .args(args)
            .output()
            .unwrap();
        assert!(!output.status.success());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(said), "{stderr}");
        assert!(!out.exists());
    };
    let x_html = folder.path().join("x.html");
    let x_md = folder.path().join("x.md");
    refused(
        &[Path::new("-o"), &x_html, Path::new("--photo"), &save],
        "is not a JPEG, PNG, GIF or WebP image",
    );
    refused(
        &[Path::new("-o"), &x_md, Path::new("--photo"), &photo],
        "--photo embeds photos in a web page",
    );
}

/// A save that holds what only this build reads (a scenario's briefing, players or
/// colour, a settled victory) is of the newest format, so an older Adjutant refuses it as
/// newer instead of failing on a field it does not know. Found in re-reading the change:
/// a new game of such a scenario was written as format 1.
#[test]
fn a_save_with_the_tables_fields_is_of_the_newest_format() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("g.toml");
    let game = game_of(&told_quatre_bras());
    adjutant::persist::save(&game, &path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("format = 3"), "{text}");
    let mut plain = game_of(scenario::built_in("quatre-bras").unwrap());
    plain.perform("victory draw").unwrap();
    adjutant::persist::save(&plain, &path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("format = 3"), "{text}");
}
