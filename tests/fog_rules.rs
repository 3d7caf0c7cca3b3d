//! Each ruleset's fog of war (`game::FogRule::of`, docs/fog-of-war.md) on a played
//! position of its scenario: what the other side's player may not see is nowhere on his
//! screen, and what stands on the table is there. Each secret is also looked for on the
//! referee's screen, so a test that found nothing because nothing was drawn would fail.

mod common;

use adjutant::game::{FogRule, Secret, SeenLog, Viewer};
use adjutant::rules::Ruleset;
use adjutant::tui::app::Pane;
use common::screen::{cell, everything, pane, symbols, watched};

/// Every screen `side` (or the referee, `None`) can bring up on `scenario` after
/// `commands`, with each of `units` selected in turn.
fn seen_by(scenario: &str, commands: &[&str], side: Option<&str>, units: &[&str]) -> String {
    let mut opened = watched(scenario, 1, commands, side);
    units
        .iter()
        .map(|unit| everything(&mut opened.app, unit))
        .collect()
}

/// `side`'s roster at 140x50, every unit listed.
fn roster(scenario: &str, commands: &[&str], side: &str) -> String {
    let mut opened = watched(scenario, 1, commands, Some(side));
    symbols(&mut opened.app, 140, 50)
}

/// The roster heading of the side named `name`.
fn heading<'a>(roster: &'a str, name: &str) -> &'a str {
    roster
        .lines()
        .find(|line| line.contains(&format!("{name}: ")))
        .unwrap_or_else(|| panic!("no heading for {name}:\n{roster}"))
}

/// Each of `secrets` is on the referee's screens and on none of `side`'s.
fn hidden_from(scenario: &str, commands: &[&str], side: &str, units: &[&str], secrets: &[&str]) {
    let player = seen_by(scenario, commands, Some(side), units);
    let referee = seen_by(scenario, commands, None, units);
    for secret in secrets {
        assert!(referee.contains(secret), "the referee misses {secret:?}");
        assert!(
            !player.contains(secret),
            "{side} sees {secret:?}:\n{player}"
        );
    }
}

// --- Sound the Charge: Quatre-Bras ------------------------------------------------------

/// The French shooting phase of turn 1, with three allied units shaken: the allies are
/// four units from their army's break (*Army Morale*, half of 14).
const QUATRE_BRAS: &[&str] = &[
    "next",
    "shaken nl-27j",
    "shaken br-28",
    "shaken br-92",
    "rout br-28 2",
    "cmd na-2-1 out",
    "next",
];

/// *Army Morale* ("half or more of its units eliminated … or in shaken status", the
/// optional rules): the allies break at 7 of 14 units, and France is not told how near
/// they are — neither the threshold nor a warning — while its own threshold shows.
#[test]
fn sound_the_charge_keeps_the_enemys_distance_to_army_morale() {
    assert!(FogRule::of(Ruleset::SoundTheCharge).hides(Secret::ArmyMorale));
    let french = roster("quatre-bras", QUATRE_BRAS, "france");
    let allied = heading(&french, "Anglo-Allied");
    assert!(
        allied.contains("shaken/lost 3 of 14"),
        "the shaken markers are on the table: {allied}"
    );
    assert!(!allied.contains("breaks at"), "{allied}");
    assert!(
        heading(&french, "French").contains("shaken/lost 0 of 14 (breaks at 7)"),
        "France's own threshold:\n{french}"
    );
    let their_own = roster("quatre-bras", QUATRE_BRAS, "allies");
    assert!(
        heading(&their_own, "Anglo-Allied").contains("shaken/lost 3 of 14 (breaks at 7)"),
        "{their_own}"
    );
}

#[test]
fn sound_the_charge_keeps_grades_the_split_and_command_and_shows_the_markers() {
    let french = roster("quatre-bras", QUATRE_BRAS, "france");
    assert_eq!(cell(&french, "GR", "br-28"), "?");
    assert_eq!(cell(&french, "L/R", "br-28"), "?");
    assert_eq!(cell(&french, "CMD", "na-2-1"), "?");
    assert_eq!(cell(&french, "FIGS", "br-28"), "10/12");
    assert_eq!(cell(&french, "S D G", "br-28"), "S · ·");
    let allied = roster("quatre-bras", QUATRE_BRAS, "allies");
    assert_eq!(cell(&allied, "GR", "br-28"), "B");
    assert_eq!(cell(&allied, "L/R", "br-28"), "0/2");
    assert_eq!(cell(&allied, "CMD", "na-2-1"), "OUT");
}

// --- Sound the Charge 1:25: Barrosa -------------------------------------------------------

/// The French shooting phase of turn 2: fr-24 took 3 rout hits and is shaken, fr-96 is
/// disordered and noted; the French battery's canister made br-67 test, and it failed.
const BARROSA: &[&str] = &[
    "next",
    "rout fr-24 3",
    "shaken fr-24",
    "disorder fr-96 on",
    "note fr-96 wavering",
    "next",
    "next",
    "next",
    "next",
    "next",
    "shoot fr-battery br-67 6 dice=6,6,6,1,1,1",
    "test br-67 roll=1",
];

#[test]
fn sound_the_charge_1_25_keeps_grades_the_split_and_the_working_of_throws() {
    hidden_from(
        "barrosa",
        BARROSA,
        "britain",
        &["fr-24", "fr-96", "fr-battery"],
        &[
            "3 rout hits",    // fr-24's split, from `rout fr-24 3`
            "0/3",            // the same in the roster's L/R
            "wavering",       // the referee's note
            "field canister", // the French shot's chart
            "fr-24 shaken",   // France's checklist
        ],
    );
    hidden_from(
        "barrosa",
        BARROSA,
        "france",
        &["br-67"],
        &[
            "grade C",          // br-67's grade, in its fire test's working
            "-1 per 2",         // the test's modifier for the hits it took
            "fire came from 8", // what the test owed was owed for
        ],
    );
    let british = roster("barrosa", BARROSA, "britain");
    assert_eq!(cell(&british, "GR", "fr-24"), "?");
    assert_eq!(cell(&british, "L/R", "fr-24"), "?");
    assert_eq!(cell(&british, "FIGS", "fr-24"), "25/28");
    assert_eq!(cell(&british, "S D G", "fr-24"), "S · G");
    assert_eq!(cell(&british, "S D G", "fr-96"), "· D ·");
    // No *Army Morale* in 1:25: no threshold for either side.
    assert!(!british.contains('⚑') && !british.contains("breaks at"));
    // Results once rolled are the table's: France reads its battery's hits and
    // br-67's failed test.
    let mut french = watched("barrosa", 1, BARROSA, Some("france"));
    let dice = pane(&mut french.app, Pane::Log);
    assert!(dice.contains("3 hits on br-67"), "{dice}");
    assert!(dice.contains("FAILED"), "{dice}");
}

// --- Charge Moves: Maida --------------------------------------------------------------------

/// The French movement phase of turn 1: fr-42's charge throw fell two short (it goes
/// back a move), fr-1leger's charged; br-81 lost 3 men and is noted.
const MAIDA: &[&str] = &[
    "charge fr-42 br-78 roll=1",
    "charge fr-1leger br-light roll=5",
    "hit br-81 3",
    "note br-81 green",
];

/// *Charge Moves*: "two short: back a move" is the charge throw's result, thrown at the
/// table, so the British see fr-42 owe its move back (the roster's `B`, its details);
/// what the throw needed and France's checklist they do not.
#[test]
fn charge_moves_shows_the_moves_back_a_short_charge_owes_and_keeps_the_working() {
    assert!(!FogRule::of(Ruleset::ChargeMoves).hides(Secret::Grade));
    let british = roster("maida", MAIDA, "britain");
    assert_eq!(cell(&british, "S D G", "fr-42"), "· B ·", "{british}");
    assert_eq!(cell(&british, "S D G", "fr-1leger"), "· · ·");
    // No grades in *Charge Moves*: nothing to hide.
    assert_eq!(cell(&british, "GR", "fr-42"), "-");
    let mut opened = watched("maida", 1, MAIDA, Some("britain"));
    opened.app.select_unit("fr-42");
    opened.app.overlay = adjutant::tui::app::Overlay::Detail;
    let detail = symbols(&mut opened.app, 100, 60);
    assert!(detail.contains("owes 1 move back"), "{detail}");
    hidden_from(
        "maida",
        MAIDA,
        "britain",
        &["fr-42", "fr-1leger"],
        &[
            "need 4+",                // what the charge throws needed
            "goes back a move first", // France's checklist
        ],
    );
    hidden_from("maida", MAIDA, "france", &["br-81"], &["green"]);
}

// --- Old Trousers II: Vimeiro ---------------------------------------------------------------

/// The British movement phase of turn 1: the initiative thrown, random events, Fane
/// ordered to attack, br-97 out of command, fr-32 hit, shaken and noted.
const VIMEIRO: &[&str] = &[
    "initiative britain=7 france=3",
    "next",
    "event britain d10=5",
    "event france d10=1,4",
    "next",
    "order fane attack",
    "cmd br-97 out",
    "hit fr-32 2",
    "shaken fr-32",
    "note fr-32 brittle",
    "next",
    "next",
];

/// *Orders: Out of Command* (p12): a unit out of command is marked with a black pipe
/// cleaner, so France sees br-97 OUT; the troop ratings, the leaders' ratings in the
/// initiative throw, the order Wellesley sent and the British checklist it does not.
#[test]
fn old_trousers_shows_the_command_marker_and_keeps_ratings_and_orders() {
    assert!(!FogRule::of(Ruleset::OldTrousers).hides(Secret::Command));
    let french = roster("vimeiro", VIMEIRO, "france");
    assert_eq!(cell(&french, "CMD", "br-97"), "OUT", "{french}");
    assert_eq!(cell(&french, "CMD", "br-50"), "in");
    assert_eq!(cell(&french, "GR", "br-50"), "?");
    assert_eq!(cell(&french, "GR", "fr-32"), "AVG");
    assert_eq!(cell(&french, "S D G", "fr-32"), "S · ·");
    let mut opened = watched("vimeiro", 1, VIMEIRO, Some("france"));
    let log = pane(&mut opened.app, Pane::Log);
    assert!(log.contains("br-97 (97th Foot) is out of command"), "{log}");
    hidden_from(
        "vimeiro",
        VIMEIRO,
        "france",
        &["br-97", "br-50"],
        &[
            "d10[7] +2",             // Wellesley's rating, added to Britain's initiative throw
            "sends Fane",            // the order
            "rated good",            // br-50's troop rating, in its details
            "br-97 out of command:", // Britain's checklist
        ],
    );
    hidden_from("vimeiro", VIMEIRO, "britain", &["fr-32"], &["brittle"]);
}

// --- The d10 sheet: Ebelsberg ---------------------------------------------------------

/// The French melee phase of turn 1: the 26e has fired on IR 4 (row 5 from its 10 stands,
/// a 7: 6 steps) and meets it in melee on its flank (6 + 6 = 12 against 5: IR 4 loses 7,
/// the 26e 1); fr-po is shaken.
const EBELSBERG: &[&str] = &[
    "next",
    "fire fr-26l au-ir4 roll=7",
    "shaken fr-po",
    "next",
    "melee fr-26l au-ir4 a=flank roll=6,5",
];

/// The d10 sheet keeps only the checklist from the other side: its modifiers come from
/// the roster and the table's words, so the working of a throw is shown to both, and the
/// roster's marks (both melee units disordered, line 122) are public.
#[test]
fn the_d10_sheet_shows_the_working_of_throws_and_keeps_the_checklist() {
    let fog = FogRule::of(Ruleset::D10Sheet);
    assert!(!fog.hides(Secret::ThrowReasons) && fog.hides(Secret::Checklist));
    let austrians = roster("ebelsberg", EBELSBERG, "austria");
    assert_eq!(cell(&austrians, "S D G", "fr-26l"), "· D ·", "{austrians}");
    assert_eq!(cell(&austrians, "S D G", "fr-po"), "S · ·");
    // 30 figures - 6 fired - 7 in melee.
    assert_eq!(cell(&austrians, "FIGS", "au-ir4"), "17/30");
    let mut opened = watched("ebelsberg", 1, EBELSBERG, Some("austria"));
    let dice = pane(&mut opened.app, Pane::Dice);
    assert!(dice.contains("+6 charging a flank"), "{dice}");
    let log = pane(&mut opened.app, Pane::Log);
    assert!(
        log.contains("fires at au-ir4: players' dice d10[7] +0 = 7"),
        "{log}"
    );
}

/// A guest sees both sides as each sees the other: no side's secrets.
#[test]
fn a_guest_sees_no_sides_secrets() {
    let mut opened = watched("vimeiro", 1, VIMEIRO, None);
    opened.app.watch(adjutant::game::Looker::Guest);
    let guest = symbols(&mut opened.app, 140, 50);
    assert_eq!(cell(&guest, "GR", "fr-32"), "?");
    assert_eq!(cell(&guest, "GR", "br-50"), "?");
    assert_eq!(cell(&guest, "CMD", "br-97"), "OUT");
}

/// *Old Trousers II* (ruling 50): a commander's activations are his side's alone, the
/// roll for one as much as its outcome; and a side sees its own generals' and its own
/// throws whole, as the referee does, though they name the general or the side by name
/// (the log's Vimeiro, by the version before: Margaron's engage order activated with a
/// 20, Fane's attack order left pending with an 8).
#[test]
fn old_trousers_keeps_an_activation_roll_from_the_enemy_and_shows_a_side_its_own_throws() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/vimeiro-own-events.toml");
    let loaded = adjutant::persist::load(&path).unwrap();
    let said = |viewer| -> Vec<String> {
        SeenLog::of(viewer, &loaded.game)
            .entries
            .into_iter()
            .flat_map(|entry| entry.said)
            .collect()
    };
    let referee = said(Viewer::Referee);
    let french = said(Viewer::Side("france"));
    let british = said(Viewer::Side("britain"));
    let rolled = |lines: &[String], start: &str| -> Vec<String> {
        lines
            .iter()
            .filter(|line| line.starts_with(start))
            .cloned()
            .collect()
    };
    for (side, own, enemy) in [("Margaron", &french, &british), ("Fane", &british, &french)] {
        let activation = format!("{side} rolls to activate");
        let whole = rolled(&referee, &activation);
        assert_eq!(whole.len(), 1, "{referee:#?}");
        assert_eq!(rolled(own, &activation), whole, "{side}'s own side");
        assert_eq!(
            rolled(enemy, &activation),
            Vec::<String>::new(),
            "{side}'s enemy"
        );
    }
    for (name, own) in [("French", &french), ("British", &british)] {
        let initiative = format!("Initiative roll: {name}");
        let whole = rolled(&referee, &initiative);
        assert_eq!(whole.len(), 3, "{referee:#?}");
        assert_eq!(rolled(own, &initiative), whole, "{name}' own throws");
    }
    // Nor on any of his screens, the dice pane's last throw included.
    let commands = common::vimeiro_commands_until("");
    assert_eq!(commands.last(), Some(&"activate margaron d20=20"));
    hidden_from(
        "vimeiro",
        &commands,
        "britain",
        &["br-97"],
        &["Margaron rolls to activate", "operates under engage"],
    );
}

/// *Old Trousers II*'s combined fire is one throw for all its firers ("fr-foy + fr-4leg
/// fires at br-robe", p19): the side that fired sees it whole, with its modifiers, as the
/// referee does; the enemy sees its dice and result.
#[test]
fn old_trousers_shows_a_side_its_own_combined_fire_whole() {
    use adjutant::game::Game;
    use adjutant::scenario;
    let commands = common::vimeiro_commands_until("fire fr-foy");
    let (parsed, spec) =
        scenario::parse("vimeiro", scenario::built_in("vimeiro").unwrap()).unwrap();
    let mut game = Game::new(parsed, spec, 3);
    for command in commands {
        game.perform(command).unwrap();
    }
    game.perform("fire fr-foy,fr-4leg@4 br-robe 8 d10=10")
        .unwrap();
    let fire = |viewer| -> Vec<String> {
        SeenLog::of(viewer, &game)
            .entries
            .into_iter()
            .flat_map(|entry| entry.said)
            .filter(|line| line.starts_with("fr-foy + fr-4leg fires"))
            .collect()
    };
    let referee = fire(Viewer::Referee);
    assert_eq!(referee.len(), 1);
    // The modifiers (-2 unlimbered target, -2 skirmishers) are the throw's working.
    assert!(referee[0].contains("d10[10] -4 = 6"), "{referee:?}");
    assert_eq!(fire(Viewer::Side("france")), referee);
    let british = fire(Viewer::Side("britain"));
    assert_eq!(british.len(), 1);
    assert!(!british[0].contains(" -4 = "), "{british:?}");
}
