//! `adjutant print`: the pack a referee hands the table, printed by headless chromium as
//! its print styles say, on A4 and on Letter, its pages counted; and what each side's
//! sheet holds by the fog of war.

mod common;

use common::browser::{chromium, pdf_pages, print_to_pdf};
use common::cli::{act, adjutant, new_save};
use std::path::{Path, PathBuf};

/// `adjutant print <target> <args…> -o <folder>/<name>`: must succeed; the pack's path.
fn print(folder: &Path, name: &str, target: &str, args: &[&str]) -> PathBuf {
    let pack = folder.join(name);
    adjutant()
        .arg("print")
        .arg(target)
        .args(args)
        .arg("-o")
        .arg(&pack)
        .assert()
        .success();
    pack
}

/// Quatre-Bras has 14 units a side: a roster sheet a side, the quick reference, and each
/// side's cards at nine a page, 9 + 5, so two pages a side: 2 + 1 + 4 = 7 pages, on A4
/// and on Letter alike.
#[test]
fn the_pack_prints_a_page_a_sheet_and_nine_cards_a_page() {
    let Some(browser) = chromium() else {
        return;
    };
    let folder = tempfile::tempdir().unwrap();
    for paper in ["a4", "letter"] {
        let pack = print(
            folder.path(),
            &format!("{paper}.html"),
            "quatre-bras",
            &["--paper", paper],
        );
        let pdf = print_to_pdf(&browser, &pack);
        assert_eq!(pdf_pages(&pdf), 7, "{paper}");
    }
    // One side's pack: its roster sheet, the reference, its two pages of cards.
    let french = print(
        folder.path(),
        "french.html",
        "quatre-bras",
        &["--side", "france"],
    );
    assert_eq!(pdf_pages(&print_to_pdf(&browser, &french)), 4);
}

/// Every ruleset's charts fit the one page of the quick reference, on either paper.
#[test]
fn every_rulesets_quick_reference_is_one_page() {
    let Some(browser) = chromium() else {
        return;
    };
    let folder = tempfile::tempdir().unwrap();
    for scenario in ["quatre-bras", "maida", "barrosa", "vimeiro", "ebelsberg"] {
        for paper in ["a4", "letter"] {
            let pack = print(
                folder.path(),
                &format!("{scenario}-{paper}.html"),
                scenario,
                &["--only", "reference", "--paper", paper],
            );
            let pages = pdf_pages(&print_to_pdf(&browser, &pack));
            assert_eq!(pages, 1, "{scenario} on {paper}");
        }
    }
}

/// A side's sheet shows its own units whole and the enemy's as the table shows them:
/// *Sound the Charge*'s fog hides an enemy's grade and its hits by kind. Its cards are
/// its own units, a box per figure, the figures lost filled in.
#[test]
fn a_sides_sheet_shows_the_enemy_as_the_side_sees_it() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_save(folder.path(), "g.toml", "quatre-bras", 3);
    for line in [
        "hit fr-61 3",
        "shaken fr-61",
        "hit nl-27j 2",
        "house set shooting-test.shaken -1",
    ] {
        act(&save, line);
    }
    let pack = print(
        folder.path(),
        "french.html",
        &save.display().to_string(),
        &["--side", "france"],
    );
    let html = std::fs::read_to_string(pack).unwrap();
    assert!(
        html.contains(
            "<td>fr-61</td><td>1/61e Ligne</td><td>line inf</td><td>C</td>\
             <td class=\"n\">9/12</td><td class=\"n\">3/0</td><td>shaken, line</td>"
        ),
        "{html}"
    );
    assert!(
        html.contains(
            "<td>nl-27j</td><td>27th Jager Bn</td><td>light inf</td><td>—</td>\
             <td class=\"n\">10/12</td><td class=\"n\">—</td>"
        ),
        "{html}"
    );
    assert!(html.contains("The Anglo-Allied, as the French see them"));
    assert!(
        !html.contains("Unit cards · Anglo-Allied"),
        "only the French cards"
    );
    // The quick reference reads the house's numbers, and names the rules in force.
    assert!(
        html.contains(
            "House rules (marked *): from turn 1, shooting-test.shaken -1 (the book&#39;s -2)"
        ),
        "{html}"
    );
    assert!(html.contains("* shooting-test.shaken: book -2"), "{html}");
    // fr-61's card: 3 of its 12 boxes filled.
    let card = html
        .split("<div class=\"card\">")
        .skip(1)
        .find(|card| card.contains("<span class=\"id\">fr-61</span>"))
        .unwrap();
    assert_eq!(card.matches("<i class=\"lost\"></i>").count(), 3);
    assert_eq!(card.matches("<i></i>").count(), 9);
}

/// The pack refuses what it cannot make, and writes nothing.
#[test]
fn a_pack_that_cannot_be_made_is_refused_and_nothing_is_written() {
    let folder = tempfile::tempdir().unwrap();
    let save = new_save(folder.path(), "g.toml", "quatre-bras", 3);
    let save_arg = save.display().to_string();
    for (target, args, out, said) in [
        (
            "quatre-bras",
            vec!["--side", "prussia"],
            "p.html",
            "no side 'prussia'",
        ),
        ("quatre-bras", vec![], "p.pdf", "does not end .html"),
        (save_arg.as_str(), vec![], "g.toml", "does not end .html"),
        ("borodino", vec![], "p.html", "no built-in scenario"),
    ] {
        let output = adjutant()
            .arg("print")
            .arg(target)
            .args(&args)
            .arg("-o")
            .arg(folder.path().join(out))
            .output()
            .unwrap();
        assert!(!output.status.success(), "{target} {args:?} -o {out}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(said), "{stderr}");
        if out != "g.toml" {
            assert!(!folder.path().join(out).exists(), "{out} was written");
        }
    }
}
