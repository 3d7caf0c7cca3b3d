//! `unhit` / `unrout`: correcting a hit typed against the wrong unit (the TUI's `H`).

use adjutant::game::Game;
use adjutant::scenario;

fn tutorial() -> Game {
    let (scenario, spec) =
        scenario::parse("tutorial", scenario::built_in("tutorial").unwrap()).unwrap();
    Game::new(scenario, spec, 7)
}

fn figures(game: &Game, id: &str) -> u32 {
    game.state().unit(id).unwrap().figures()
}

#[test]
fn a_loss_hit_taken_back_returns_its_figure() {
    let mut game = tutorial();
    let start = figures(&game, "fr-4l1");
    game.perform("hit fr-4l1 3").unwrap();
    let outcome = game.perform("unhit fr-4l1").unwrap();
    assert_eq!(figures(&game, "fr-4l1"), start - 2);
    assert_eq!(game.state().unit("fr-4l1").unwrap().loss_hits, 2);
    assert!(
        outcome.lines[0].contains("1 loss hit taken back"),
        "{:?}",
        outcome.lines
    );
    assert_eq!(game.log().last().unwrap().command, "unhit fr-4l1 1");
}

#[test]
fn rout_hits_are_taken_back_separately_from_loss_hits() {
    let mut game = tutorial();
    game.perform("hit fr-4l1 1").unwrap();
    let refusal = game.perform("unrout fr-4l1").unwrap_err();
    assert_eq!(refusal.to_string(), "fr-4l1 has no rout hits to take back");
    game.perform("rout fr-4l1 2").unwrap();
    game.perform("unrout fr-4l1 2").unwrap();
    let unit = game.state().unit("fr-4l1").unwrap();
    assert_eq!((unit.loss_hits, unit.rout_hits), (1, 0));
}

#[test]
fn more_than_the_unit_has_is_refused_and_changes_nothing() {
    let mut game = tutorial();
    game.perform("hit fr-4l1 2").unwrap();
    let before = game.state().clone();
    let refusal = game.perform("unhit fr-4l1 3").unwrap_err();
    assert_eq!(refusal.to_string(), "fr-4l1 has only 2 loss hits");
    assert_eq!(game.state(), &before);
}

#[test]
fn a_shattered_unit_is_pointed_to_undo() {
    let mut game = tutorial();
    let start = figures(&game, "fr-4l1");
    // Down to a quarter of its figures: shattered (*Shattered Units*).
    game.perform(&format!("hit fr-4l1 {}", start - start / 4))
        .unwrap();
    let refusal = game.perform("unhit fr-4l1").unwrap_err();
    assert!(refusal.to_string().contains("`undo`"), "{refusal}");
}
