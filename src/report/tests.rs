use super::*;
use crate::test_games::{perform, quatre_bras};

#[test]
fn a_game_not_begun_stands_at_its_first_phase_at_full_strength() {
    let report = Report::of(&quatre_bras());
    assert_eq!(report.title, "Quatre-Bras, 16 June 1815");
    assert_eq!(
        report.outcome,
        "No army broke; the game stands at turn 1 of 12, French rally phase."
    );
    assert!(report.turns.is_empty());
    assert_eq!(report.series.labels, ["start", "now"]);
    assert_eq!(report.series.sides[0].figures, [158, 158]);
    let french = &report.sides[0];
    assert_eq!(french.units.len(), 14);
    assert!(french.units.iter().all(|u| u.fate == Fate::Fresh));
    assert_eq!(
        french.losses,
        [
            ArmLosses {
                arm: "infantry",
                figures_at_start: 108,
                lost: 0
            },
            ArmLosses {
                arm: "cavalry",
                figures_at_start: 36,
                lost: 0
            },
            ArmLosses {
                arm: "artillery",
                figures_at_start: 14,
                lost: 0
            },
        ]
    );
}

#[test]
fn losses_count_the_hits_and_the_units_gone_whole() {
    let mut game = quatre_bras();
    // fr-61: 2 loss hits and shaken; fr-2lg: 9 hits, shattered with its last 3; the
    // horse battery removed with its 6 gunners.
    perform(
        &mut game,
        &[
            "next",
            "hit fr-61 2",
            "shaken fr-61",
            "hit fr-2lg 9",
            "remove fr-hb",
        ],
    );
    let report = Report::of(&game);
    let french = &report.sides[0];
    let line = |id: &str| french.units.iter().find(|u| u.id == id).unwrap();
    assert_eq!(
        (line("fr-61").figures_at_end, line("fr-61").fate.describe()),
        (10, "shaken".to_owned())
    );
    assert_eq!(
        (line("fr-2lg").figures_at_end, &line("fr-2lg").fate),
        (3, &Fate::Shattered)
    );
    assert_eq!(line("fr-hb").fate, Fate::Removed);
    assert_eq!(french.losses[0].lost, 2 + 12);
    assert_eq!(french.losses[2].lost, 6);
    let story = &report.turns[0];
    assert_eq!((story.turn, story.side.as_str()), (1, "French"));
    assert_eq!(story.phases[0].phase, Phase::Movement);
    let told: Vec<(&str, bool)> = story.phases[0]
        .lines
        .iter()
        .map(|t| (t.text.as_str(), t.grave))
        .collect();
    assert_eq!(
        told,
        [
            ("1/61e Ligne took 2 loss hits.", false),
            ("1/2e Léger took 9 loss hits.", false),
            ("1/2e Léger was SHATTERED.", true),
            ("Piré's Horse Battery was removed from play.", true),
        ]
    );
}
