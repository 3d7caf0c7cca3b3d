//! The whole turn's new states survive a save and a load: regimental guns, boats, a
//! battalion-masse, cavalry that rode off the table after its enemy (with generals riding
//! with both), and a campaign army's retreat. Each game is saved, loaded, and compared
//! with the state it was saved in.

mod common;

use adjutant::game::{Away, Boat, Game, RegimentalGun, RollKind};
use adjutant::persist;
use common::{advance, battle, cavalry, foot, ok, rolls};

/// Saves `game`, loads it back, and checks the state is the same.
fn reloads(game: &Game) -> Game {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("game.toml");
    persist::save(game, &path).unwrap();
    let loaded = persist::load(&path).unwrap_or_else(|e| panic!("the save does not load: {e}"));
    assert!(loaded.notices.is_empty(), "{:?}", loaded.notices);
    assert_eq!(loaded.game.state(), game.state());
    loaded.game
}

#[test]
fn guns_boats_and_masse_reload() {
    let gun = |id: &str| foot(id, "C", 12, "line") + "regimental_gun = true\n";
    let mut game = battle(
        ["austria", "britain"],
        &["regimental-guns", "boats", "national-modifiers"],
        &[
            gun("a-1"),
            foot("a-2", "C", 12, "column"),
            foot("a-3", "C", 12, "line"),
            gun("b-1"),
        ],
    );
    advance(&mut game, 1);
    ok(&mut game, "move a-2 masse");
    ok(&mut game, "embark a-3");
    advance(&mut game, 1);
    ok(&mut game, "shoot a-1 b-1 4 gun dice=1");
    ok(&mut game, "shoot a-1 b-1 2 at-gun dice=1,1,6");
    let game = reloads(&game);
    let state = game.state();
    assert!(state.unit("a-2").unwrap().sound_the_charge.masse);
    assert_eq!(
        state.unit("a-3").unwrap().sound_the_charge.boat,
        Some(Boat::Embarking { turns_left: 1 })
    );
    assert_eq!(
        state.unit("a-1").unwrap().sound_the_charge.regimental_gun,
        Some(RegimentalGun::Fired)
    );
    assert_eq!(
        state.unit("b-1").unwrap().sound_the_charge.regimental_gun,
        Some(RegimentalGun::Disabled)
    );
}

#[test]
fn cavalry_off_the_table_after_its_enemy_reloads_with_the_generals_left_behind() {
    // ney rides with the British cavalry, wellington with the French line it beats.
    let mut game = battle(
        ["britain", "france"],
        &["national-modifiers"],
        &[
            cavalry("a-cav", "heavy", "C", 8, "line"),
            foot("b-1", "C", 12, "line"),
        ],
    );
    ok(&mut game, "attach ney a-cav");
    ok(&mut game, "attach wellington b-1");
    advance(&mut game, 1);
    ok(&mut game, "move a-cav charge=b-1");
    advance(&mut game, 2);
    ok(&mut game, "combat a-cav dice=6,6,6/1,1,1 gen=6 follow=1");
    ok(&mut game, "retreat b-1 off");
    let game = reloads(&game);
    let state = game.state();
    assert_eq!(
        state.unit("a-cav").unwrap().sound_the_charge.away,
        Some(Away::Off { tried: false })
    );
    // Both generals stay on the table, riding alone.
    assert!(state.generals().iter().all(|g| g.attached.is_none()));
}

#[test]
fn the_app_rolls_the_die_at_the_gun_before_the_generals_dice() {
    // The shot's dice, the die at the gun, then the general's die: the stream moves on in
    // that order, so no later roll repeats a face already used.
    let gun = |id: &str| foot(id, "C", 12, "line") + "regimental_gun = true\n";
    let mut general_rolled = 0;
    for seed in 0..40 {
        let mut game = common::battle_seeded(
            ["austria", "britain"],
            &["regimental-guns"],
            &[foot("a-1", "A", 12, "line"), gun("b-1")],
            seed,
        );
        ok(&mut game, "attach wellington b-1");
        advance(&mut game, 2);
        ok(&mut game, "shoot a-1 b-1 close at-gun");
        let all = rolls(&game);
        let streams: Vec<(RollKind, u64)> = all
            .iter()
            .filter_map(|r| r.stream.map(|s| (r.kind, s)))
            .collect();
        let positions: Vec<u64> = streams.iter().map(|(_, s)| *s).collect();
        assert!(
            positions.windows(2).all(|w| w[0] <= w[1]),
            "seed {seed}: the stream went back: {streams:?}"
        );
        general_rolled += usize::from(all.iter().any(|r| r.kind == RollKind::GeneralRisk));
        let last = positions.last().copied().unwrap();
        assert_eq!(game.state().dice().position(), last, "seed {seed}");
    }
    assert!(general_rolled > 0, "no seed put the general at risk");
}
