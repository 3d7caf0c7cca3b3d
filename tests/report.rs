//! `adjutant report`: a short battle of the built-in `quatre-bras` played through the CLI
//! with the players' own dice, then its after-action report read against `show --json`
//! and against the numbers worked out by hand below.
//!
//! The battle (the same as `scripts/report-screenshot` plays):
//! - Turn 1, French: fr-61 charges the Nassauers; Foy's guns, fr-92 and Piré's horse guns
//!   hit br-28, nl-27j and bw-avg for 2 each (the Duke of Brunswick, riding with bw-avg,
//!   rolls a 1: killed); all three fail their tests (shaken, 1 rout hit); fr-61 wins its
//!   combat 3 hits to 1 and na-2-1 retreats shaken with 2 rout hits.
//! - Turn 2, Allies: br-28 fails to rally; the 95th, the 44th and Rogers' guns put 3 hits
//!   each into the 1/2e Léger: 3 of 12 left, a quarter, so it is shattered.
//! - Turn 3, French: br-79 (4 hits), br-42 and br-44 (3 each) fail their tests: 7 of the 14
//!   allied units are shaken, and the Anglo-Allied army breaks as the turn ends
//!   (*Army Morale*: half or more shaken or eliminated).

mod common;

use common::BLOCKED_RETREAT;
use common::cli::{act, adjutant, json_unit, new_save, show_json};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The battle, one command a line; `#` starts a comment.
const BATTLE: &str = include_str!("data/report-battle.commands");

fn battle_lines() -> impl Iterator<Item = &'static str> {
    BATTLE
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
}

/// The folder (kept alive by its guard) and the save of the battle above.
fn played() -> (tempfile::TempDir, PathBuf) {
    let folder = tempfile::tempdir().unwrap();
    let save = new_save(folder.path(), "quatre-bras.toml", "quatre-bras", 1815);
    for line in battle_lines() {
        act(&save, line);
    }
    (folder, save)
}

/// `adjutant report <save> [args]`: must succeed; its standard output.
fn report(save: &Path, args: &[&str]) -> String {
    let output = adjutant()
        .arg("report")
        .arg(save)
        .args(args)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "report failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// `adjutant report <args>`: must fail (exit 1); its standard error.
fn report_refused(args: &[&Path]) -> String {
    let output = adjutant().arg("report").args(args).output().unwrap();
    assert_eq!(output.status.code(), Some(1), "the report was not refused");
    assert!(output.stdout.is_empty());
    String::from_utf8(output.stderr).unwrap()
}

fn units_of<'a>(state: &'a Value, side: &str) -> Vec<&'a Value> {
    state["units"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|u| u["side"] == side)
        .collect()
}

fn number(value: &Value) -> u32 {
    u32::try_from(value.as_u64().unwrap()).unwrap()
}

/// Figures lost by a side's units of `arm`, from `show --json`: the hits, and every
/// figure of a unit no longer in play.
fn lost_in_json(state: &Value, side: &str, arm: &str) -> (u32, u32) {
    let units: Vec<&Value> = units_of(state, side)
        .into_iter()
        .filter(|u| u["arm"] == arm)
        .collect();
    let start = units.iter().map(|u| number(&u["start"])).sum();
    let in_play: u32 = units
        .iter()
        .filter(|u| u["status"] == "in-play")
        .map(|u| number(&u["figures"]))
        .sum();
    (start, start - in_play)
}

/// The Markdown between `## heading` and the next `## `.
fn section<'a>(markdown: &'a str, heading: &str) -> &'a str {
    let start = markdown
        .find(&format!("\n## {heading}"))
        .unwrap_or_else(|| panic!("no section {heading}"));
    let rest = &markdown[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |i| i + 3);
    &rest[..end]
}

#[test]
fn the_markdown_report_tells_the_battle_as_the_save_has_it() {
    let (_folder, save) = played();
    let before = std::fs::read(&save).unwrap();
    let markdown = report(&save, &[]);
    assert_eq!(
        std::fs::read(&save).unwrap(),
        before,
        "the report changed the save"
    );
    let state = show_json(&save);
    outcome_and_orders_of_battle(&markdown, &state);
    losses_and_series(&markdown, &state);
    narrative(&markdown);
}

fn outcome_and_orders_of_battle(markdown: &str, state: &Value) {
    // The outcome: the allied army broke with turn 3's end, and the game stopped there.
    assert_eq!(state["turn"], 3);
    assert_eq!(state["sides"][1]["broken"], true);
    assert!(markdown.starts_with("# Quatre-Bras, 16 June 1815 — after-action report\n"));
    assert!(markdown.contains(
        "**The Anglo-Allied army broke at the end of turn 3: 7 of its 14 units shaken or \
         gone. The battle is over.**"
    ));
    assert!(markdown.contains("Turn 3 of 12 · 33 commands in the log · dice seed 1815"));

    // Every unit's row: its start and final figures as `show --json` has them.
    for unit in state["units"].as_array().unwrap() {
        let row = format!(
            "| {} ({}) | ",
            unit["name"].as_str().unwrap(),
            unit["id"].as_str().unwrap()
        );
        let line = markdown
            .lines()
            .find(|l| l.starts_with(&row))
            .unwrap_or_else(|| panic!("no row for {}", unit["id"]));
        let figures = format!(" | {} | {} | ", unit["start"], unit["figures"]);
        assert!(line.contains(&figures), "{line} lacks{figures}");
    }
    // And the ones worked out by hand: 12 - 2 hits - 1 rout hit; 12 - 3 - 2 rout hits
    // (the lost combat) and still disordered; shattered at 3 of 12.
    for row in [
        "| 1/28th Foot (br-28) | line inf | 12 | 9 | shaken |",
        "| 1/2nd Nassau (na-2-1) | line inf | 12 | 7 | shaken, disordered |",
        "| 1/79th Highlanders (br-79) | line inf | 12 | 7 | shaken |",
        "| 1/2e Léger (fr-2lg) | light inf | 12 | 3 | shattered |",
        "| 1/61e Ligne (fr-61) | line inf | 12 | 11 | disordered |",
        "| 8e Cuirassiers (fr-8cu) | heavy cav | 12 | 12 | fresh |",
    ] {
        assert!(markdown.contains(row), "no row {row}");
    }
    assert_eq!(json_unit(state, "fr-2lg")["status"], "shattered");
    assert!(markdown.contains(
        "Generals: Wellington (unhurt); Picton (unhurt); Duke of Brunswick (killed on turn 1)."
    ));
    assert!(section(markdown, "Anglo-Allied order of battle").contains("(army broken)"));
    assert!(!section(markdown, "French order of battle").contains("(army broken)"));
}

fn losses_and_series(markdown: &str, state: &Value) {
    // Losses by arm, against the JSON. French infantry: the 2e Léger's 12 and fr-61's 1.
    // Allied infantry: 3 + 5 + 3 + 5 + 4 + 4 + 3 (nl-27j, na-2-1, br-28, br-79, br-42,
    // br-44, bw-avg).
    let losses = section(markdown, "Losses by arm");
    for (side, name) in [("france", "French"), ("allies", "Anglo-Allied")] {
        for arm in ["infantry", "cavalry", "artillery"] {
            let (start, lost) = lost_in_json(state, side, arm);
            let row = format!("| {name} | {arm} | {start} | {lost} |");
            assert!(losses.contains(&row), "no {row} in\n{losses}");
        }
    }
    assert!(losses.contains("| French | infantry | 108 | 13 | 12% |"));
    assert!(losses.contains("| Anglo-Allied | infantry | 120 | 27 | 23% |"));
    assert!(losses.contains("| **Anglo-Allied** | **all arms** | **158** | **27** | **17%** |"));

    // The series: start, the end of turns 1 and 2, and the end (turn 3, the army broken).
    // French: fr-61's 1 hit in turn 1; the Léger's 12 in turn 2. Allies: 14 figures in
    // turn 1 (2+1 three times, 3+2 for na-2-1), 13 in turn 3 (4+1, 3+1, 3+1).
    let strength = section(markdown, "Strength turn by turn");
    for row in [
        "|  | start | T1 | T2 | end |",
        "| French figures | 158 | 157 | 145 | 145 |",
        "| French shaken or lost | 0/14 | 0/14 | 1/14 | 1/14 |",
        "| Anglo-Allied figures | 158 | 144 | 144 | 131 |",
        "| Anglo-Allied shaken or lost | 0/14 | 4/14 | 4/14 | 7/14 |",
    ] {
        assert!(strength.contains(row), "no {row} in\n{strength}");
    }
    // The last point is the JSON's figures still in play.
    for (side, name) in [("france", "French"), ("allies", "Anglo-Allied")] {
        let in_play: u32 = units_of(state, side)
            .iter()
            .filter(|u| u["status"] == "in-play")
            .map(|u| number(&u["figures"]))
            .sum();
        assert!(strength.contains(&format!("| {name} figures |")));
        assert!(
            strength
                .lines()
                .find(|l| l.starts_with(&format!("| {name} figures |")))
                .unwrap()
                .ends_with(&format!(" {in_play} |"))
        );
    }
}

/// The narrative, turn by turn and phase by phase.
fn narrative(markdown: &str) {
    let turn = |n: u32| {
        let story = section(markdown, "Turn by turn");
        let start = story.find(&format!("### Turn {n} ")).unwrap();
        let rest = &story[start..];
        let end = rest[4..].find("### ").map_or(rest.len(), |i| i + 4);
        rest[..end].to_owned()
    };
    let turn_1 = turn(1);
    assert!(turn_1.starts_with("### Turn 1 — French"));
    assert!(turn_1.contains("**Movement**\n\n- 1/61e Ligne charged 1/2nd Nassau."));
    assert!(turn_1.contains("- Foy's Foot Battery fired on 1/28th Foot: 2 hits."));
    assert!(turn_1.contains("- **Duke of Brunswick was KILLED.**"));
    assert!(turn_1.contains(
        "**Combat**\n\n- Close combat: 1/61e Ligne won (gave 3 hits, took 1); 1/2nd Nassau \
         lost (gave 1 hit, took 3)."
    ));
    let turn_2 = turn(2);
    assert!(turn_2.starts_with("### Turn 2 — Anglo-Allied"));
    assert!(turn_2.contains(
        "- Rogers' Foot Bty RA fired on 1/2e Léger: 3 hits.\n- **1/2e Léger was SHATTERED.**"
    ));
    assert!(!turn(1).contains("SHATTERED") && !turn(3).contains("SHATTERED"));
    assert!(turn(3).contains(
        "**Reform**\n\n- **THE ANGLO-ALLIED ARMY BROKE: 7 of its 14 units shaken or gone.**"
    ));
}

#[test]
fn the_html_report_is_one_page_that_fetches_nothing() {
    let (folder, save) = played();
    let page_path = folder.path().join("report.html");
    let before = std::fs::read(&save).unwrap();
    // The referee may be playing on: the report never waits for, nor takes, the lock.
    let lock = adjutant::persist::SaveLock::acquire(&save).unwrap();
    let said = report(&save, &["-o", page_path.to_str().unwrap()]);
    drop(lock);
    assert_eq!(said, format!("The report is in {}\n", page_path.display()));
    assert_eq!(std::fs::read(&save).unwrap(), before);
    let page = std::fs::read_to_string(&page_path).unwrap();

    for outside in [
        "<script",
        "<link",
        "@import",
        "url(",
        "http://",
        "https://",
        "src=",
        "href=",
        "<iframe",
        "<img",
        "@font-face",
    ] {
        assert!(!page.contains(outside), "the page holds {outside}");
    }
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.contains("<meta name=\"viewport\" content=\"width=device-width"));
    assert_eq!(page.matches("<svg").count(), 2);
    // Two sides in two charts, a point per label (start, T1, T2, end).
    assert_eq!(page.matches("<polyline").count(), 4);
    assert_eq!(page.matches("<circle").count(), 4 * 4);
    // Series, two orders of battle and the losses, each in its scrolling wrapper.
    assert_eq!(page.matches("<div class=\"table-wrap\"><table>").count(), 4);
    // Text from the save is escaped: Piré's battery and Rogers' guns keep their quotes.
    assert!(page.contains("Piré&#39;s Horse Battery"));
    assert!(!page.contains("Piré's"));
    assert!(page.contains(
        "<tr class=\"troubled\"><td>1/28th Foot<span class=\"unit-id\">br-28 · line inf</span>\
         </td><td class=\"num\">12</td><td class=\"num\">9</td><td class=\"fate\">shaken</td></tr>"
    ));
    assert!(page.contains(
        "<p class=\"outcome\">The Anglo-Allied army broke at the end of turn 3: 7 of its 14 \
         units shaken or gone. The battle is over.</p>"
    ));
    assert!(page.contains("<li class=\"grave\">1/2e Léger was SHATTERED.</li>"));
}

#[test]
fn a_markdown_file_holds_what_standard_output_shows() {
    let (folder, save) = played();
    let path = folder.path().join("After Action.MD");
    report(&save, &["--output", path.to_str().unwrap()]);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), report(&save, &[]));
}

#[test]
fn a_report_is_refused_an_unknown_format_and_the_save_itself() {
    let (folder, save) = played();
    let before = std::fs::read(&save).unwrap();
    let listing = || {
        let mut names: Vec<String> = std::fs::read_dir(folder.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    let files = listing();
    for name in ["report.pdf", "report", "report.html.txt"] {
        let why = report_refused(&[&save, Path::new("-o"), &folder.path().join(name)]);
        assert!(
            why.contains("cannot tell the report's format") && why.contains(".html"),
            "{why}"
        );
        assert_eq!(listing(), files, "{name}: something was written");
    }

    // A save named like a report is still not written over.
    let md_save = folder.path().join("battle.md");
    std::fs::copy(&save, &md_save).unwrap();
    let why = report_refused(&[&md_save, Path::new("-o"), &md_save]);
    assert!(why.contains("is the save itself"), "{why}");
    // Nor through another spelling of its path.
    let dotted = folder.path().join(".").join("battle.md");
    let why = report_refused(&[&md_save, Path::new("-o"), &dotted]);
    assert!(why.contains("is the save itself"), "{why}");
    assert_eq!(std::fs::read(&md_save).unwrap(), before);
    assert_eq!(std::fs::read(&save).unwrap(), before);
}

#[test]
fn a_missing_or_broken_save_is_reported_and_nothing_is_written() {
    let folder = tempfile::tempdir().unwrap();
    let missing = folder.path().join("nowhere.toml");
    let out = folder.path().join("report.html");
    let why = report_refused(&[&missing, Path::new("-o"), &out]);
    assert!(
        why.starts_with(&format!(
            "adjutant: {}: there is no such file; check its name and folder",
            missing.display()
        )),
        "{why}"
    );
    let broken = folder.path().join("broken.toml");
    std::fs::write(&broken, "[save]\nformat = 1\nseed = \"x\"\n").unwrap();
    let why = report_refused(&[&broken, Path::new("-o"), &out]);
    assert!(why.contains("broken.toml"), "{why}");
    assert!(!out.exists());
}

/// The referee pressed `h` twice on the 6th Dutch Hussars, then `H` to take one back:
/// the report tells one loss hit, once, and nothing of the hit taken back. A hit taken
/// back that no typed hit stands for is told as the correction it is.
#[test]
fn hits_taken_back_are_netted_from_the_hits_told() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_save(folder.path(), "quatre-bras.toml", "quatre-bras", 1815);
    for line in ["hit nl-6h", "hit nl-6h", "unhit nl-6h"] {
        act(&save, line);
    }
    let markdown = report(&save, &[]);
    let story = section(&markdown, "Turn by turn");
    assert_eq!(
        story.matches("6th Dutch Hussars took 1 loss hit.").count(),
        1,
        "{story}"
    );
    assert!(!story.contains("taken back"), "{story}");

    // Two more, both taken back, then one more taken back than was typed since: the
    // first hit above goes too, and the narrative keeps nothing of the hussars.
    for line in ["hit nl-6h 2", "unhit nl-6h 3"] {
        act(&save, line);
    }
    let story_after = report(&save, &[]);
    assert!(
        !section(&story_after, "Turn by turn").contains("6th Dutch Hussars"),
        "{story_after}"
    );
}

/// A hit taken back that no typed hit stands for (the battery's 2 hits on the 28th, turn
/// 1) is told where it was taken back, as a correction.
#[test]
fn a_hit_taken_back_from_a_throw_is_told_as_a_correction() {
    let (_folder, save) = played();
    act(&save, "unhit br-28");
    let markdown = report(&save, &[]);
    let story = section(&markdown, "Turn by turn");
    assert!(story.contains("- Foy's Foot Battery fired on 1/28th Foot: 2 hits."));
    assert!(
        story.contains("- 1/28th Foot: 1 loss hit taken back."),
        "{story}"
    );
}

/// A unit that cannot make its retreat is eliminated "(*Retreat Moves*: …)": the passage is
/// emphasis on purpose, so the Markdown keeps its asterisks unescaped and the page sets it
/// in `<em>`. (A name's asterisks stay as written: the next test.)
#[test]
fn a_passage_in_the_story_is_emphasised_in_both_reports() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_save(folder.path(), "quatre-bras.toml", "quatre-bras", 1815);
    // nl-27j takes 3 hits, fails its test (1 against 5+) and owes 2": it cannot go.
    for line in BLOCKED_RETREAT {
        act(&save, line);
    }
    let markdown = report(&save, &[]);
    assert!(
        markdown.contains(
            "- **27th Jager Bn was ELIMINATED: its 2\" retreat was blocked (*Retreat Moves*: \
             an enemy in its path"
        ),
        "{markdown}"
    );
    assert!(!markdown.contains("\\*"), "{markdown}");
    let page_path = folder.path().join("report.html");
    report(&save, &["-o", page_path.to_str().unwrap()]);
    let page = std::fs::read_to_string(&page_path).unwrap();
    assert!(
        page.contains("retreat was blocked (<em>Retreat Moves</em>: an enemy"),
        "{page}"
    );
}

/// Quatre-Bras with 27th Jager Bn named `*Old Guard*` and 1/2e Léger `Pas*cal`, saved as
/// `name` in `folder`.
fn starred_names_save(folder: &Path, name: &str) -> PathBuf {
    let text = adjutant::scenario::built_in("quatre-bras")
        .unwrap()
        .replace("\"27th Jager Bn\"", "\"*Old Guard*\"")
        .replace("\"1/2e Léger\"", "\"Pas*cal\"");
    let scenario = folder.join("starred.toml");
    std::fs::write(&scenario, text).unwrap();
    let save = folder.join(name);
    adjutant()
        .args(["new", scenario.to_str().unwrap(), "--seed", "1815", "-o"])
        .arg(&save)
        .assert()
        .success();
    save
}

/// Asterisks in a unit's name are the name's, not a rules passage: `*Old Guard*` is not
/// set in italics, and the lone asterisk of `Pas*cal` does not pair with the one that opens
/// the real passage after it (*Retreat Moves*) and italicise the words between. Both
/// reports show the names as written and only the passage as emphasis.
#[test]
fn asterisks_in_a_name_are_not_a_passage_in_either_report() {
    let folder = tempfile::tempdir().unwrap();
    let save = starred_names_save(folder.path(), "g.toml");
    for line in BLOCKED_RETREAT {
        act(&save, line);
    }
    let markdown = report(&save, &[]);
    let story = section(&markdown, "Turn by turn");
    assert!(
        story.contains("Pas\\*cal fired on \\*Old Guard\\*"),
        "{story}"
    );
    assert!(
        story.contains(
            "- **\\*Old Guard\\* was ELIMINATED: its 2\" retreat was blocked (*Retreat Moves*: \
             an enemy in its path"
        ),
        "{story}"
    );
    let page_path = folder.path().join("report.html");
    report(&save, &["-o", page_path.to_str().unwrap()]);
    let page = std::fs::read_to_string(&page_path).unwrap();
    assert!(page.contains("Pas*cal fired on *Old Guard*"), "{page}");
    assert!(
        page.contains("*Old Guard* was ELIMINATED: its 2&quot; retreat was blocked (<em>Retreat Moves</em>: an enemy"),
        "{page}"
    );
    // The passage alone is emphasis: in the story and in the unit's fate in the table.
    assert!(
        page.split("<em>")
            .skip(1)
            .all(|after| after.starts_with("Retreat Moves</em>")),
        "{page}"
    );
}

/// The markdown report of `scenario` (seed 3) after `commands`, through the library.
fn reported(scenario: &str, commands: &[&str], last: &str) -> String {
    use adjutant::game::Game;
    use adjutant::scenario as scenarios;
    let (parsed, spec) =
        scenarios::parse(scenario, scenarios::built_in(scenario).unwrap()).unwrap();
    let mut game = Game::new(parsed, spec, 3);
    for command in commands.iter().chain([&last]) {
        game.perform(command).unwrap();
    }
    adjutant::report::markdown::render(&adjutant::report::Report::of(&game))
}

/// The d10 sheet's fire table and melee are told as *Sound the Charge*'s shots are: the
/// 26e's fire (row 5 from 10 stands, a 7: 6 steps, lines 136-143) and its melee on IR 4's
/// flank (6 + 6 = 12 against 5: IR 4 loses 7, the 26e 1, lines 113-118). A melee of equal
/// totals, where nobody lost a step, is not told.
#[test]
fn the_report_tells_the_d10_sheet_s_fire_and_melee() {
    let setup = [
        "next",
        "fire fr-26l au-ir4 roll=7",
        "next",
        "melee fr-26l au-ir4 a=flank roll=6,5",
    ];
    let report = reported("ebelsberg", &setup, "melee fr-po au-ir49 roll=5,5");
    assert!(
        report.contains("- 26e Léger fired on IR 4 Hoch- und Deutschmeister: 6 figures."),
        "{report}"
    );
    assert!(report.contains(
        "- 26e Léger fought IR 4 Hoch- und Deutschmeister in melee: IR 4 Hoch- und \
         Deutschmeister lost 7 figures."
    ));
    assert!(report.contains(
        "- IR 4 Hoch- und Deutschmeister fought 26e Léger in melee: 26e Léger lost 1 figure."
    ));
    assert!(!report.contains("Tirailleurs du Pô fought"), "{report}");
}

/// *Old Trousers II*'s combined fire is one roll by all its firers, named each.
#[test]
fn the_report_names_each_unit_of_a_combined_fire() {
    let commands = common::vimeiro_commands_until("fire fr-foy");
    let report = reported(
        "vimeiro",
        &commands,
        "fire fr-foy,fr-4leg@4 br-robe 8 d10=10",
    );
    let line = report
        .lines()
        .find(|line| line.contains("fired on"))
        .unwrap_or_else(|| panic!("no fire told:\n{report}"));
    assert!(!line.contains(" + ") && !line.contains("fr-foy"), "{line}");
    assert!(line.contains(" and "), "{line}");
}

/// A failed morale test and a rally won are told; a test passed and a rally failed are
/// not (quatre-bras: the 28th and the 27th Jagers fail on a 1, the Avantgarde passes on a
/// 6; in the next turn the 28th rallies on a 6, the Jagers fail on a 1).
#[test]
fn the_report_tells_a_failed_test_and_a_rally_won_only() {
    let setup = [
        "next",
        "move fr-61 charge=na-2-1",
        "next",
        "shoot fr-ft br-28 7 dice=6,5,3,1",
        "test br-28 roll=1",
        "shoot fr-92 nl-27j 2 dice=4,6,2",
        "test nl-27j roll=1",
        "shoot fr-hb bw-avg 5 dice=5,6,2 gen=6",
        "test bw-avg roll=6",
        "next",
        "next",
        "next",
        "rally br-28 roll=6",
    ];
    let report = reported("quatre-bras", &setup, "rally nl-27j roll=1");
    for told in [
        "- 1/28th Foot failed its morale test.",
        "- 27th Jager Bn failed its morale test.",
        "- 1/28th Foot rallied.",
    ] {
        assert!(report.contains(told), "{told}\n{report}");
    }
    for untold in ["Brunswick Avantgarde failed", "27th Jager Bn rallied"] {
        assert!(!report.contains(untold), "{untold}\n{report}");
    }
}
