//! Whether a battery may be disordered is its ruleset's to say. *Sound the Charge* says
//! never (*Combat Points*, "atty. is never disordered"; ruling 22), and so does its 1:25
//! edition (*Attacking Artillery*: "Artillery never counts as disordered"), so `disorder`
//! is refused for guns there. The d10 sheet's melee leaves every unit in it disordered
//! (lines 113-123; ruling D8), guns too, and *Old Trousers II*'s *Disorder* (p18) spares
//! no arm: there the referee records a battery's disorder and lifts it as any unit's.

mod common;

use adjutant::game::Game;
use adjutant::scenario;
use common::{battery, ok, plain, refused};

fn built_in(name: &str, text: &str) -> Game {
    let (parsed, spec) = scenario::parse(name, text).unwrap_or_else(|e| panic!("{e}"));
    Game::new(parsed, spec, 1)
}

fn disordered(game: &Game, id: &str) -> bool {
    game.state().unit(id).unwrap().disordered
}

/// Records a battery's disorder and lifts it, as the roster shows.
fn disorder_and_steady(game: &mut Game, battery: &str) {
    ok(game, &format!("disorder {battery}"));
    assert!(disordered(game, battery));
    ok(game, &format!("disorder {battery} off"));
    assert!(!disordered(game, battery));
}

#[test]
fn the_d10_sheet_records_a_batterys_disorder() {
    let mut game = built_in(
        "ebelsberg.toml",
        include_str!("../scenarios/ebelsberg.toml"),
    );
    disorder_and_steady(&mut game, "au-bat");
}

#[test]
fn old_trousers_ii_records_a_batterys_disorder() {
    let mut game = built_in("vimeiro.toml", include_str!("../scenarios/vimeiro.toml"));
    disorder_and_steady(&mut game, "br-robe");
}

#[test]
fn sound_the_charge_never_disorders_guns() {
    let mut game = plain(&[battery("a-guns", "field", "B", 6, 2, "unlimbered")]);
    let why = refused(&mut game, "disorder a-guns");
    assert_eq!(why, "a-guns is artillery: guns are never disordered");
    assert!(!disordered(&game, "a-guns"));
}

#[test]
fn sound_the_charge_1_25_never_disorders_guns() {
    let mut game = built_in("barrosa.toml", include_str!("../scenarios/barrosa.toml"));
    let guns = game
        .state()
        .units()
        .iter()
        .find(|unit| unit.arm.is_artillery())
        .map(|unit| unit.id.clone())
        .expect("Barrosa has a battery");
    let why = refused(&mut game, &format!("disorder {guns}"));
    assert_eq!(
        why,
        format!("{guns} is artillery: guns are never disordered")
    );
    assert!(!disordered(&game, &guns));
}
