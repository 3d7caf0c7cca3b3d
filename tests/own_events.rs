//! A ruleset's own events (`rules/<ruleset>/event.rs`, registered in
//! `engine/own_event.rs`): a save written before they left the engine's vocabulary, by the
//! version before, loads, holds what they did, and is written again byte for byte; a bad
//! one is refused in serde's own words at its line.

use adjutant::game::{Event, SeenLog, Viewer};
use adjutant::persist;
use adjutant::report::{Report, markdown};
use adjutant::rules::old_trousers::command::Order;
use adjutant::rules::sides::GeneralStatus;
use adjutant::rules::sound_the_charge::unit_state::RegimentalGun;
use adjutant::rules::sound_the_charge_1_25::event::OneTwentyFiveEvent;
use adjutant::rules::unit::Morale;
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> (PathBuf, String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    (path, text)
}

/// A save written before *Charge Moves*' events moved into its folder (by the version
/// before, from the three throws of turn 1 above: the 42e one short at the 81st, the Poles
/// two short, the chasseurs swerving from the light battalion) loads, holds what they did,
/// and is written again byte for byte: the events' names and fields in the save are as
/// they were.
#[test]
fn a_save_with_charge_throws_from_before_their_events_moved_loads_and_is_written_the_same() {
    let (path, text) = fixture("maida-charge-throws.toml");
    assert!(
        text.contains("event = \"fall_back\"") && text.contains("event = \"charge_throw_short\"")
    );
    let loaded = persist::load(&path).unwrap();
    let state = loaded.game.state();
    let poles = &state.unit("fr-polish").unwrap().charge_moves;
    assert_eq!(poles.moves_back, 1, "two short: back a move");
    let short: Vec<(&str, &str, bool)> = ["fr-42", "fr-polish", "fr-9chass"]
        .iter()
        .flat_map(|id| {
            let unit = state.unit(id).unwrap();
            unit.charge_moves
                .short_charges
                .iter()
                .map(move |s| (unit.id.as_str(), s.target.as_str(), s.fell_back))
        })
        .collect();
    assert_eq!(
        short,
        [
            ("fr-42", "br-81", false),
            ("fr-polish", "br-81", true),
            ("fr-9chass", "br-light", false)
        ]
    );
    assert_eq!(persist::render(&loaded.game).unwrap(), text);
}

/// A hand-edited event is refused at its table (a wrong name at the name itself) with
/// serde's own words, a ruleset's as the engine's: the log reads a ruleset's events by
/// name, so no fallback swallows them.
#[test]
fn a_bad_event_in_a_save_is_refused_in_its_own_words_whoever_owns_it() {
    let (_, text) = fixture("maida-charge-throws.toml");
    let own = text.replacen("moves = 1", "moves = \"one\"", 1);
    let why = persist::load_text("m.toml", &own).unwrap_err().to_string();
    assert!(
        why.contains("m.toml:148:1: invalid type: string \"one\", expected u32"),
        "{why}"
    );
    let engine = text.replacen("result = \"", "bogus = 1\nresult = \"", 1);
    let why = persist::load_text("m.toml", &engine)
        .unwrap_err()
        .to_string();
    assert!(why.contains("m.toml:106:1: unknown field `bogus`"), "{why}");
    let unknown = text.replacen("event = \"fall_back\"", "event = \"fell_back\"", 1);
    let why = persist::load_text("m.toml", &unknown)
        .unwrap_err()
        .to_string();
    assert!(
        why.contains("m.toml:149:9: unknown variant `fell_back`"),
        "{why}"
    );
    // The names offered are every event's, the engine's and each ruleset's.
    for name in [
        "phase_began",
        "guns",
        "screen",
        "fall_back",
        "charge_throw_short",
        "initiative",
        "guns_lost",
    ] {
        assert!(why.contains(&format!("`{name}`")), "{name}: {why}");
    }
}

/// A 1:25 save from before (Barrosa, by the version before): on turn 1 the shaken 2/67th
/// changes to line, at double cost, and stands disordered until the end of turn 3 (R18);
/// the Guards send out a screen of 8; the 95th's fire at the 1/24e comes from beyond 8";
/// the maneuver ends with turn 3, the 2/67th in order as it began (R62).
#[test]
fn a_1_25_save_with_its_own_events_from_before_they_moved_loads_and_is_written_the_same() {
    let (path, text) = fixture("barrosa-1-25-events.toml");
    for name in ["fired_from", "maneuvering", "maneuver_done", "screen"] {
        assert!(text.contains(&format!("event = \"{name}\"")), "{name}");
    }
    let loaded = persist::load(&path).unwrap();
    let state = loaded.game.state();
    let guards = &state.unit("br-guards").unwrap().one_twenty_five;
    assert_eq!(guards.screen, Some(8));
    let line = state.unit("br-67").unwrap();
    assert_eq!(line.one_twenty_five.maneuvering, None, "done with turn 3");
    assert!(!line.disordered, "it began in order, so it ends in order");
    // Settled by the test it called for, the range is the log's to keep.
    let fired_from = Event::Own(
        OneTwentyFiveEvent::FiredFrom {
            unit: "fr-24".to_owned(),
            within_8: false,
        }
        .into(),
    );
    assert!(
        loaded
            .game
            .log()
            .iter()
            .any(|entry| entry.events.contains(&fired_from))
    );
    assert_eq!(
        state.unit("fr-24").unwrap().one_twenty_five.test_within_8,
        None
    );
    assert_eq!(persist::render(&loaded.game).unwrap(), text);
}

/// A *Sound the Charge* save from before its own events moved (Britain against Austria
/// with boats, regimental guns and national modifiers; by the version before, commands in
/// `tests/data/stc-own-events.commands`): the 6-pounders evade and their gunners leave the
/// guns, then man them again; b-2's regimental gun is disabled by a-rg's dice and b-1's
/// abandoned as it retreats off; the Austrian light cavalry follows b-1 off the table and
/// rolls a 5 to come back; a-boat embarks, sails and lands; b-col forms battalion-masse and
/// leaves it. Each is in the log, did what it does, and the save is written byte for byte.
#[test]
fn a_sound_the_charge_save_with_its_own_events_from_before_they_moved_loads_and_is_written_the_same()
 {
    let (path, text) = fixture("stc-own-events.toml");
    for (written, times) in [
        ("event = \"guns\"", 2),
        ("event = \"regimental_gun\"", 2),
        ("event = \"boat\"", 4),
        ("event = \"away\"", 2),
        ("event = \"masse\"", 2),
    ] {
        assert_eq!(text.matches(written).count(), times, "{written}");
    }
    let loaded = persist::load(&path).unwrap();
    let state = loaded.game.state();
    let unit = |id: &str| state.unit(id).unwrap();
    assert!(
        !unit("b-art").sound_the_charge.guns_abandoned,
        "manned again"
    );
    assert_eq!(
        unit("b-2").sound_the_charge.regimental_gun,
        Some(RegimentalGun::Disabled)
    );
    assert_eq!(
        unit("b-1").sound_the_charge.regimental_gun,
        Some(RegimentalGun::Abandoned)
    );
    assert_eq!(unit("a-boat").sound_the_charge.boat, None, "ashore");
    assert!(
        !unit("b-col").sound_the_charge.masse,
        "left masse on turn 4"
    );
    let cavalry = unit("a-cav");
    assert!(cavalry.on_table && cavalry.morale == Morale::Good && !cavalry.disordered);
    let story = markdown::render(&Report::of(&loaded.game));
    assert!(
        story.contains("rode off the table after its enemy."),
        "{story}"
    );
    // A round's fighters now keep whether the round beat them, which a save from before
    // gains on writing, read from its words: the winner's and the loser's line. Nothing
    // else is written differently.
    let won = "result = \"WON: stays in place, disordered\"\n";
    let lost = "result = 'LOST: retreats 4\", shaken, 4 rout hits, disordered (infantry beaten \
                fighting cavalry: rout hits doubled)'\n";
    assert!(text.contains(won) && text.contains(lost));
    let gained = text
        .replace(won, &format!("{won}beaten = false\n"))
        .replace(lost, &format!("{lost}beaten = true\n"));
    assert_eq!(persist::render(&loaded.game).unwrap(), gained);
}

/// An *Old Trousers II* save from before its own events moved (Vimeiro, by the version
/// before, commands in `tests/data/vimeiro-own-events.commands`): turn 1's initiative tied,
/// then won by the British, who let the French move first; a random event drawn by the
/// British (command bonus); Margaron's point spent on the 26th Chasseurs and his order
/// sent, activated on turn 2 with a 20; Foy's guns take one of Robe's; Fane's attack order
/// and his point on the 97th; Robe's fire disables Delaborde, replaced on turn 2 one step
/// worse; turn 2 won by the British. Each is in the log, did what it does, is told to the
/// other side as the fog of war says, and the save is written byte for byte.
#[test]
fn an_old_trousers_save_with_its_own_events_from_before_they_moved_loads_and_is_written_the_same() {
    let (path, text) = fixture("vimeiro-own-events.toml");
    for (name, times) in [
        ("initiative", 3),
        ("first_mover", 1),
        ("random_event_checked", 4),
        ("order_sent", 2),
        ("unit_ordered", 2),
        ("order_activation", 2),
        ("commander_replaced", 1),
        ("fired", 2),
        ("guns_lost", 1),
    ] {
        let written = format!("event = \"{name}\"");
        assert_eq!(text.matches(&written).count(), times, "{name}");
    }
    let loaded = persist::load(&path).unwrap();
    let game = &loaded.game;
    let state = game.state();
    assert_eq!(state.turn(), 2);
    assert_eq!(
        state.turn_state().trousers.first.as_deref(),
        Some("britain")
    );
    assert_eq!(
        state.turn_state().trousers.events.len(),
        2,
        "each side checked once on turn 2"
    );
    assert_eq!(state.unit("br-robe").unwrap().trousers.guns_lost, 1);
    for id in ["fr-26ch", "br-97"] {
        let ordered = state.unit(id).unwrap().trousers.command_chain.ordered_on;
        assert_eq!(ordered, Some(1), "{id}");
    }
    let orders = |id: &str| &state.general(id).unwrap().trousers.orders;
    assert_eq!(orders("margaron").current, Some(Order::Engage));
    assert!(orders("margaron").pending.is_none(), "activated with a 20");
    assert_eq!(
        orders("fane").pending.as_ref().map(|p| p.order),
        Some(Order::Attack),
        "an 8 leaves it pending"
    );
    let delaborde = state.general("delaborde").unwrap();
    assert_eq!(delaborde.status, GeneralStatus::InPlay);
    assert_eq!(delaborde.trousers.replaced_on, Some(2));
    // The referee reads the replacement's ratings; the British are told only that he
    // took command, and see none of the French orders.
    let said = |viewer| -> Vec<String> {
        SeenLog::of(viewer, game)
            .entries
            .into_iter()
            .flat_map(|entry| entry.said)
            .collect()
    };
    let referee = said(Viewer::Referee);
    assert!(
        referee
            .iter()
            .any(|line| line.contains("Delaborde's replacement takes command (tactical")),
        "{referee:#?}"
    );
    let british = said(Viewer::Side("britain"));
    assert!(
        british.contains(&"Delaborde's replacement takes command".to_owned()),
        "{british:#?}"
    );
    for hidden in [
        "Junot sends Margaron",
        "Margaron spends a command point",
        "Margaron's new order",
    ] {
        assert!(
            !british.iter().any(|line| line.contains(hidden)),
            "{hidden}: {british:#?}"
        );
        assert!(referee.iter().any(|line| line.contains(hidden)), "{hidden}");
    }
    assert!(
        british
            .iter()
            .any(|line| line.contains("Wellesley sends Fane"))
    );
    assert_eq!(persist::render(game).unwrap(), text);
}
