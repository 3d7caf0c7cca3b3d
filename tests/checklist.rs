//! The phase checklist: what the state says the referee should look at before `next`.

use adjutant::game::{Checklist, Concern, Game, OwnConcern, SoundTheChargeConcern};
use adjutant::scenario;

fn tutorial(commands: &[&str]) -> Game {
    let (scenario, spec) =
        scenario::parse("tutorial", scenario::built_in("tutorial").unwrap()).unwrap();
    let mut game = Game::new(scenario, spec, 1);
    for command in commands {
        game.perform(command).unwrap();
    }
    game
}

fn concerns(list: &[adjutant::game::ChecklistItem]) -> Vec<(&str, Concern)> {
    list.iter()
        .map(|i| (i.subject.as_str(), i.concern))
        .collect()
}

#[test]
fn a_fresh_battle_has_nothing_open_and_only_the_command_reminder_to_watch() {
    let checklist = Checklist::of(tutorial(&[]).state());
    assert!(checklist.open.is_empty());
    assert_eq!(concerns(&checklist.watch), [("france", COMMAND_ALL_IN)]);
}

/// The tutorial's French, all three in command: the reminder at the start of their turn.
const COMMAND_ALL_IN: Concern = Concern::Own(OwnConcern::SoundTheCharge(
    SoundTheChargeConcern::CommandCheck { out: 0, units: 3 },
));

#[test]
fn command_is_asked_again_when_it_tells_on_the_dice() {
    // *Units out of Command*: half speed, -1 on morale tests and rallies. The active side's
    // reminder comes at the start of its turn; the passive side's as it is shot at.
    let game = tutorial(&["cmd fr-4l1 out", "cmd br-31 out"]);
    let watch = Checklist::of(game.state()).watch;
    let reminder = watch.last().expect("the reminder");
    assert_eq!(
        reminder.concern,
        Concern::Own(SoundTheChargeConcern::CommandCheck { out: 1, units: 3 }.into())
    );
    assert_eq!(
        reminder.describe(),
        "france command: 1 of 3 units out of a general's radius (`cmd` again)"
    );
    // A player's screen cannot check anything: it reads the count alone.
    assert_eq!(
        reminder.told(),
        "france command: 1 of 3 units out of a general's radius"
    );
    let game = tutorial(&["cmd br-31 out", "next", "next"]);
    let watch = Checklist::of(game.state()).watch;
    let britain = watch
        .iter()
        .find(|i| {
            matches!(
                i.concern,
                Concern::Own(OwnConcern::SoundTheCharge(
                    SoundTheChargeConcern::CommandCheck { .. }
                ))
            )
        })
        .expect("the passive side's reminder");
    assert_eq!(britain.subject, "britain");
    assert!(matches!(
        britain.concern,
        Concern::Own(OwnConcern::SoundTheCharge(
            SoundTheChargeConcern::CommandCheck { out: 1, .. }
        ))
    ));
    let game = tutorial(&["next"]);
    assert!(
        !Checklist::of(game.state()).watch.iter().any(|i| matches!(
            i.concern,
            Concern::Own(OwnConcern::SoundTheCharge(
                SoundTheChargeConcern::CommandCheck { .. }
            ))
        )),
        "the movement phase watches each unit out of command instead"
    );
}

#[test]
fn in_the_rally_phase_the_active_sides_shaken_units_may_rally_and_disorder_is_watched() {
    // *Turn Sequence*: the active side tests to rally its shaken units first. France is
    // active: the British shaken and disordered units do not rally or reform this turn,
    // but they fight and test the worse for it (*Combat Points*), so they are watched.
    let game = tutorial(&[
        "shaken fr-4l1",
        "disorder fr-4l2",
        "shaken br-31",
        "disorder br-31",
    ]);
    let checklist = Checklist::of(game.state());
    assert_eq!(concerns(&checklist.open), [("fr-4l1", Concern::MayRally)]);
    assert_eq!(
        concerns(&checklist.watch),
        [
            ("br-31", Concern::Shaken),
            ("br-31", Concern::Disordered),
            ("fr-4l2", Concern::Disordered),
            ("france", COMMAND_ALL_IN),
        ]
    );
}

#[test]
fn a_shaken_unit_that_tried_to_rally_is_no_longer_open() {
    // One rally test a turn (ruling 23): after a failed roll the unit is only watched.
    let game = tutorial(&["shaken fr-4l1", "rally fr-4l1 roll=1"]);
    let checklist = Checklist::of(game.state());
    assert!(checklist.open.is_empty(), "{:?}", checklist.open);
    assert_eq!(
        concerns(&checklist.watch),
        [("fr-4l1", Concern::Shaken), ("france", COMMAND_ALL_IN)]
    );
}

#[test]
fn in_the_movement_phase_units_out_of_command_are_watched_for_half_speed() {
    // *Units out of Command*: half speed that phase.
    let game = tutorial(&["cmd fr-4l1 out", "cmd br-31 out", "next"]);
    let checklist = Checklist::of(game.state());
    assert!(checklist.open.is_empty());
    assert_eq!(
        concerns(&checklist.watch),
        [("fr-4l1", Concern::OutOfCommand)]
    );
    assert!(checklist.watch[0].describe().contains("half speed"));
}

#[test]
fn a_shattered_unit_is_watched_until_it_leaves_and_so_is_one_hit_short() {
    let game = tutorial(&[]);
    // *Shattered Units*: a quarter of the starting figures or fewer.
    let down_to_a_quarter = |id: &str| {
        let start = game.state().unit(id).unwrap().figures_at_start;
        start - start / 4
    };
    let game = tutorial(&[
        &format!("hit br-31 {}", down_to_a_quarter("br-31")),
        &format!("hit fr-4l1 {}", down_to_a_quarter("fr-4l1") - 1),
    ]);
    let checklist = Checklist::of(game.state());
    assert!(
        checklist.open.is_empty(),
        "`next` removes it: nothing to settle"
    );
    assert_eq!(
        concerns(&checklist.watch),
        [
            ("fr-4l1", Concern::OneHitFromShattering),
            ("br-31", Concern::Leaving),
            ("france", COMMAND_ALL_IN),
        ]
    );
    let mut game = game;
    game.perform("next").unwrap();
    let watch = Checklist::of(game.state()).watch;
    assert!(
        !watch.iter().any(|i| i.concern == Concern::Leaving),
        "it has left"
    );
}

#[test]
fn a_unit_hit_by_shooting_owes_a_test_until_it_takes_it() {
    // *Morale Test if Hit by Shooting*: the passive unit hit tests; the checklist shows it.
    let mut game = tutorial(&["next", "next", "shoot fr-4l1 br-31 close dice=6"]);
    let open = Checklist::of(game.state()).open;
    assert_eq!(concerns(&open), [("br-31", Concern::OwesTest)]);
    assert!(open[0].describe().contains("owes a morale test"));
    game.perform("test br-31 roll=6").unwrap();
    assert!(Checklist::of(game.state()).open.is_empty());
}

#[test]
fn a_test_left_untaken_lapses_with_the_turn_and_says_so() {
    // Rulings 13: the test belongs to the turn the unit was hit in.
    let mut game = tutorial(&["next", "next", "shoot fr-4l1 br-31 close dice=6", "next"]);
    game.perform("next").unwrap();
    let outcome = game.perform("next").unwrap();
    assert!(
        outcome
            .lines
            .iter()
            .any(|l| l.contains("br-31") && l.contains("lapses")),
        "{:?}",
        outcome.lines
    );
    let unit = game.state().unit("br-31").unwrap();
    assert!(!unit.owes_test);
    assert_eq!(unit.shooting_hits_this_turn, 0);
}

#[test]
fn a_unit_shattered_by_shooting_owes_no_test() {
    // *Shattered Units*: it leaves at the end of the phase; there is nothing to test.
    let mut game = tutorial(&[
        "next",
        "next",
        "shoot fr-4l1 br-31 close dice=6",
        "hit br-31 7",
    ]);
    assert!(
        game.state().unit("br-31").unwrap().owes_test,
        "still one hit to go"
    );
    game.perform("hit br-31").unwrap();
    assert!(!game.state().unit("br-31").unwrap().owes_test);
    assert!(!owes_a_test_on_the_checklist(&game));
}

#[test]
fn taking_back_the_shooting_hit_takes_back_the_test() {
    // `unhit` corrects a slip: with no shooting hit left, no test is owed.
    let mut game = tutorial(&["next", "next", "shoot fr-4l1 br-31 close dice=6"]);
    game.perform("unhit br-31").unwrap();
    let unit = game.state().unit("br-31").unwrap();
    assert_eq!((unit.shooting_hits_this_turn, unit.owes_test), (0, false));
}

#[test]
fn a_unit_removed_while_it_owes_a_test_owes_it_no_longer() {
    // *Morale Test if Hit by Shooting*: only a unit still on the table tests. A unit the
    // referee takes off while its test is owed must not leave the test open on the
    // checklist, in `show` or for `t`.
    let mut game = tutorial(&["next", "next", "shoot fr-4l1 br-31 close dice=6"]);
    assert!(game.state().unit("br-31").unwrap().owes_test);
    game.perform("remove br-31").unwrap();
    assert!(!game.state().unit("br-31").unwrap().owes_test);
    assert!(!owes_a_test_on_the_checklist(&game));
    game.perform("undo").unwrap();
    assert!(
        game.state().unit("br-31").unwrap().owes_test,
        "undo gives the test back"
    );
}

/// Whether the checklist holds an owed morale test open.
fn owes_a_test_on_the_checklist(game: &Game) -> bool {
    Checklist::of(game.state())
        .open
        .iter()
        .any(|i| i.concern == Concern::OwesTest)
}
