// Why this file is long: every chart line of the whole playsheet held to its text, written
// out as literals.

use super::CHARTS;
use crate::core::chart::probe;
use crate::core::score::Score;
use crate::game::{Arm, Calibre, CavalryType, Formation, Grade, Morale, Unit};
use crate::rules::combat_role::Role;
use crate::rules::optional_rule::OptionalRule;
use crate::rules::sound_the_charge::combat::Combatant;
use crate::rules::sound_the_charge::movement::{Inches, MoveFacts, Terrain};
use crate::rules::sound_the_charge::shooting::{Cover, Range, ShotFacts};
use crate::rules::sound_the_charge_1_25::combat::{self, Fighter, Ground, Outcome};
use crate::rules::sound_the_charge_1_25::morale::{self, FireTestFacts};
use crate::rules::sound_the_charge_1_25::movement::{self, Maneuver};
use crate::rules::sound_the_charge_1_25::shooting::{self, Shot, ToHit};
use crate::rules::sound_the_charge_1_25::tests::{FOOT, HC, LC, LIGHT_FOOT, guns, unit};
use crate::rules::sound_the_charge_1_25::{self as stc, Kit, PantsDownFacts};

const GRADES: [Grade; 4] = [Grade::A, Grade::B, Grade::C, Grade::D];
const MC: Arm = Arm::Cavalry(CavalryType::Medium);
const RIFLES: Kit = Kit {
    rifles: true,
    two_rank: false,
    no_bayonets: false,
    lancers: false,
};
const TWO_RANK: Kit = Kit {
    rifles: false,
    two_rank: true,
    no_bayonets: false,
    lancers: false,
};

fn lines(id: &str) -> &'static [&'static str] {
    probe::lines(CHARTS, id)
}

fn says(id: &str, text: &str) -> bool {
    probe::says(CHARTS, id, text)
}

fn row(id: &str, label: &str) -> Vec<&'static str> {
    probe::row(CHARTS, id, label)
}

/// The rest of the line after `label`, as one phrase.
fn rest(id: &str, label: &str) -> String {
    row(id, label).join(" ")
}

fn whole(inches: Inches) -> String {
    assert_eq!(inches.quarters() % 4, 0, "{inches} is not whole");
    (inches.quarters() / 4).to_string()
}

fn signed(n: i32) -> String {
    format!("{n:+}")
}

fn signs(ns: impl IntoIterator<Item = i32>) -> String {
    ns.into_iter().map(signed).collect::<Vec<_>>().join("/")
}

/// A score on the die as a band of faces: 3 is "3-6", 6 is "6".
fn band(score: i32) -> String {
    if score >= 6 {
        score.to_string()
    } else {
        format!("{score}-6")
    }
}

/// What the modifiers did to a score: +1 made it easier by one.
fn net(score: &Score) -> i32 {
    score.chart - score.needed()
}

fn shaken(mut u: Unit) -> Unit {
    u.morale = Morale::Shaken;
    u
}

fn disordered(mut u: Unit) -> Unit {
    u.disordered = true;
    u
}

fn battery(calibre: Calibre, horse: bool, formation: Formation) -> Unit {
    unit(guns(calibre, horse), Grade::C, formation, 8)
}

fn inches(u: &Unit, facts: &MoveFacts) -> Inches {
    movement::plan(u, facts)
        .unwrap_or_else(|e| panic!("{e}"))
        .inches
}

fn half(i: Inches) -> Inches {
    Inches(i.quarters() / 2)
}

fn quarter_of(i: Inches) -> Inches {
    Inches(i.quarters() / 4)
}

fn fighter(u: &Unit, role: Role) -> Fighter<'_> {
    Fighter {
        combatant: Combatant::plain(u, role),
        kit: Kit::default(),
    }
}

fn cp(me: &Fighter, enemy: &Fighter) -> i32 {
    combat::points(me, enemy, Ground::default()).total()
}

#[test]
fn movement_table_rows_are_the_rules_rates() {
    // *Turn Sequence and Movement*, the movement table: column/limbered, then
    // line/manhandled, foot guns by calibre, horse guns 6 manhandled (R40).
    let cases: [(&str, &[Arm], Formation, Formation); 8] = [
        (
            "Infantry",
            &[FOOT, LIGHT_FOOT],
            Formation::Column,
            Formation::Line,
        ),
        ("Heavy cavalry", &[HC], Formation::Column, Formation::Line),
        ("Medium cavalry", &[MC], Formation::Column, Formation::Line),
        ("Light cavalry", &[LC], Formation::Column, Formation::Line),
        (
            "Foot guns, light",
            &[guns(Calibre::Light, false)],
            Formation::Limbered,
            Formation::Unlimbered,
        ),
        (
            "Foot guns, field",
            &[guns(Calibre::Field, false)],
            Formation::Limbered,
            Formation::Unlimbered,
        ),
        (
            "Foot guns, heavy",
            &[guns(Calibre::Heavy, false)],
            Formation::Limbered,
            Formation::Unlimbered,
        ),
        (
            "Horse guns, any",
            &[
                guns(Calibre::Light, true),
                guns(Calibre::Field, true),
                guns(Calibre::Heavy, true),
            ],
            Formation::Limbered,
            Formation::Unlimbered,
        ),
    ];
    for (label, arms, column, line) in cases {
        for &arm in arms {
            let expected = vec![
                whole(movement::rate(arm, column).0),
                whole(movement::rate(arm, line).0),
            ];
            assert_eq!(row("stc125-movement-rates", label), expected, "{label}");
        }
    }
}

#[test]
fn movement_notes_are_the_rules_figures() {
    // Charge speed 1.5x; road 1.5x for column or limbered, never with a charge (R19);
    // squares 3", grade D squares still; skirmishers 6"; generals 32"; 2" approach.
    let col = unit(FOOT, Grade::C, Formation::Column, 24);
    let rate = movement::rate(FOOT, Formation::Column).0;
    let charge = MoveFacts {
        charge: true,
        ..MoveFacts::default()
    };
    let road = MoveFacts {
        road: true,
        ..MoveFacts::default()
    };
    let one_and_a_half = Inches(rate.quarters() * 3 / 2);
    assert_eq!(inches(&col, &charge), one_and_a_half);
    assert_eq!(inches(&col, &road), one_and_a_half);
    assert!(says("stc125-movement-rates", "Charge: 1.5x the rate"));
    assert!(says(
        "stc125-movement-rates",
        "Road, column or limbered guns: 1.5x"
    ));
    let limbered = battery(Calibre::Field, false, Formation::Limbered);
    assert!(movement::plan(&limbered, &road).is_ok());
    let line = unit(FOOT, Grade::C, Formation::Line, 24);
    assert!(movement::plan(&line, &road).is_err());
    let both = MoveFacts {
        road: true,
        charge: true,
        ..MoveFacts::default()
    };
    assert!(movement::plan(&col, &both).is_err());
    assert!(says("stc125-movement-rates", "(not with a charge)"));
    assert!(movement::plan(&shaken(col.clone()), &charge).is_err());
    assert!(says("stc125-movement-rates", "Not shaken units."));

    let square = unit(FOOT, Grade::C, Formation::Square, 24);
    let square_d = unit(FOOT, Grade::D, Formation::Square, 24);
    let still = MoveFacts::default();
    assert_eq!(inches(&square, &still), movement::square_move());
    assert!(movement::plan(&square_d, &still).is_err());
    let text = format!(
        "Square {}\"; a grade D square: no move.",
        whole(movement::square_move())
    );
    assert!(says("stc125-movement-rates", &text), "{text}");
    let skirm = unit(LIGHT_FOOT, Grade::C, Formation::Skirmish, 8);
    assert_eq!(inches(&skirm, &still), movement::skirmish_move());
    let text = format!(
        "Skirmishers {}\". Generals {}\".",
        whole(movement::skirmish_move()),
        whole(movement::GENERAL_MOVE)
    );
    assert!(says("stc125-movement-rates", &text), "{text}");
    let mut engaged = col.clone();
    engaged.in_contact_with.push("x".to_owned());
    assert!(movement::plan(&engaged, &still).is_err());
    let text = format!("  within {}\" of an enemy.", stc::APPROACH_LIMIT);
    assert!(says("stc125-movement-rates", &text));
}

/// A maneuver's cost in the chart's words.
fn cost_words(quarters: u32) -> &'static str {
    match quarters {
        1 => "a quarter move",
        2 => "half a move",
        4 => "a full move",
        other => panic!("no words for {other} quarters"),
    }
}

#[test]
fn maneuver_costs_are_the_rules() {
    // *Change formation and/or facing*: A-B half, C-D full, D disordered, unsteady
    // doubles and a two-turn change disorders (R18); limbering half (R17); reform a
    // full move; a screen a quarter (*Skirmish Screens*).
    let change = |grade| {
        movement::maneuver_cost(
            &unit(FOOT, grade, Formation::Line, 24),
            Maneuver::FormationOrFacing,
        )
    };
    for (label, grade) in [
        ("grade A-B", Grade::A),
        ("grade A-B", Grade::B),
        ("grade C", Grade::C),
        ("grade D", Grade::D),
    ] {
        let cost = change(grade);
        let mut words = cost_words(cost.quarters).to_owned();
        if cost.disordered {
            words.push_str(", disordered");
        }
        assert_eq!(rest("stc125-maneuvers", label), words, "{label}");
    }
    let unsteady = |grade| {
        movement::maneuver_cost(
            &shaken(unit(FOOT, grade, Formation::Line, 24)),
            Maneuver::FormationOrFacing,
        )
    };
    assert_eq!(unsteady(Grade::B).quarters, 2 * change(Grade::B).quarters);
    let slow = unsteady(Grade::C);
    assert_eq!(slow.quarters, 2 * change(Grade::C).quarters);
    assert_eq!(slow.turns(), 2);
    assert!(slow.disordered);
    assert!(says(
        "stc125-maneuvers",
        "unsteady at start: double the cost;"
    ));
    assert!(says(
        "stc125-maneuvers",
        "form at once, disordered till done."
    ));

    let guns_out = battery(Calibre::Field, false, Formation::Unlimbered);
    let limber = movement::maneuver_cost(&guns_out, Maneuver::LimberOrUnlimber);
    assert_eq!(
        rest("stc125-maneuvers", "Limber/unlimber"),
        cost_words(limber.quarters)
    );
    assert!(!limber.disordered);
    let shaken_limber = movement::maneuver_cost(&shaken(guns_out), Maneuver::LimberOrUnlimber);
    assert_eq!(shaken_limber.quarters, 2 * limber.quarters);
    assert!(!shaken_limber.disordered);
    assert!(says(
        "stc125-maneuvers",
        "(doubled if shaken; never disorders)"
    ));

    let loose = disordered(unit(FOOT, Grade::C, Formation::Line, 24));
    let reform = movement::maneuver_cost(&loose, Maneuver::Reform);
    assert_eq!(
        rest("stc125-maneuvers", "Reform disorder"),
        cost_words(reform.quarters)
    );
    let screen = movement::maneuver_cost(&loose, Maneuver::Screen);
    assert_eq!(
        rest("stc125-maneuvers", "Screen out or in"),
        cost_words(screen.quarters)
    );
}

#[test]
fn oblique_wheel_and_passing_friends_are_the_rules_speeds() {
    // *Sidestep, backstep, oblique*: half, quarter unsteady; *Wheeling*: half only
    // when unsteady; a backward wheel as a backstep (R20); *Pass through a friend*: half.
    let col = unit(FOOT, Grade::C, Formation::Column, 24);
    let loose = disordered(col.clone());
    let rate = movement::rate(FOOT, Formation::Column).0;
    let facts = |f: fn(&mut MoveFacts)| {
        let mut m = MoveFacts::default();
        f(&mut m);
        m
    };
    let oblique = facts(|m| m.oblique = true);
    let backwheel = facts(|m| m.backwheel = true);
    let wheel = facts(|m| m.wheel = true);
    let through = facts(|m| m.through = true);
    assert_eq!(inches(&col, &oblique), half(rate));
    assert_eq!(inches(&loose, &oblique), quarter_of(rate));
    assert!(says(
        "stc125-maneuvers",
        "Sidestep, backstep, oblique: half"
    ));
    assert!(says("stc125-maneuvers", "  speed; a quarter if unsteady."));
    assert_eq!(inches(&col, &backwheel), half(rate));
    assert_eq!(inches(&loose, &backwheel), quarter_of(rate));
    assert!(says("stc125-maneuvers", "Backward: as a backstep."));
    assert_eq!(inches(&col, &wheel), rate);
    assert_eq!(inches(&loose, &wheel), half(rate));
    assert!(says(
        "stc125-maneuvers",
        "Wheel about a corner: full speed; half"
    ));
    assert_eq!(inches(&col, &through), half(rate));
    assert!(says("stc125-maneuvers", "Through a friend: half speed"));
    // Unsteady takes in a unit out of close order.
    let skirm = unit(LIGHT_FOOT, Grade::A, Formation::Skirmish, 8);
    assert!(!stc::steady(&skirm));
    assert!(says(
        "stc125-maneuvers",
        "Unsteady: shaken, disordered or not in"
    ));
}

#[test]
fn firing_dice_examples_are_the_rules_counts() {
    // *Firing*: a die per 4, a last 3 counting; crew a die per 2 (R1); *2-Rank Line*:
    // a die per 3, a last 2 counting.
    let text = format!(
        "(12: {}, 11: {}, 10: {})",
        shooting::infantry_dice(12),
        shooting::infantry_dice(11),
        shooting::infantry_dice(10)
    );
    assert!(says("stc125-firing", &text), "{text}");
    let text = format!(
        "(9: {}, 8: {}, 7: {})",
        shooting::two_rank_dice(9),
        shooting::two_rank_dice(8),
        shooting::two_rank_dice(7)
    );
    assert!(says("stc125-firing", &text), "{text}");
    let text = format!(
        "(8: {}, 7: {})",
        shooting::crew_dice(8),
        shooting::crew_dice(7)
    );
    assert!(says("stc125-firing", &text), "{text}");
    // The kit picks the count: two-rank infantry fires 12 models as 4 dice.
    let line = unit(FOOT, Grade::C, Formation::Line, 12);
    assert_eq!(
        shooting::most_dice(&line, TWO_RANK),
        shooting::two_rank_dice(12)
    );
    assert_eq!(
        shooting::most_dice(&line, Kit::default()),
        shooting::infantry_dice(12)
    );
}

#[test]
fn firing_models_and_refusals_are_the_rules() {
    // *Firing* one rank, columns at most the widest column (R14), a square one face
    // (R15); who may not fire (R25).
    let column = unit(FOOT, Grade::C, Formation::Column, 24);
    assert_eq!(
        shooting::usual_firing_models(&column),
        shooting::WIDEST_INFANTRY_COLUMN_MODELS.count()
    );
    let text = format!(
        "column its front rank ({} at most)",
        shooting::WIDEST_INFANTRY_COLUMN_MODELS.count()
    );
    assert!(says("stc125-firing", &text));
    let square = unit(FOOT, Grade::C, Formation::Square, 24);
    let text = format!(
        "square one face (24 models: {})",
        shooting::usual_firing_models(&square)
    );
    assert!(says("stc125-firing", &text), "{text}");
    let skirm = unit(LIGHT_FOOT, Grade::C, Formation::Skirmish, 8);
    assert_eq!(shooting::usual_firing_models(&skirm), 8);

    let target = unit(FOOT, Grade::C, Formation::Line, 24);
    let fires = |firer: &Unit, shot| {
        shooting::plan(
            firer,
            &target,
            shot,
            Range::Close,
            &ShotFacts::default(),
            Kit::default(),
        )
        .is_ok()
    };
    let line = unit(FOOT, Grade::C, Formation::Line, 24);
    assert!(fires(&line, Shot::Muskets));
    assert!(!fires(
        &unit(HC, Grade::C, Formation::Line, 12),
        Shot::Muskets
    ));
    assert!(!fires(&shaken(line.clone()), Shot::Muskets));
    let limbered = battery(Calibre::Field, false, Formation::Limbered);
    assert!(!fires(&limbered, Shot::Canister(Calibre::Field)));
    let mut engaged = line.clone();
    engaged.in_contact_with.push("x".to_owned());
    assert!(!fires(&engaged, Shot::Muskets));
    assert!(says(
        "stc125-firing",
        "No fire: cavalry, shaken units, limbered"
    ));
    assert!(says(
        "stc125-firing",
        "  guns, units in combat; none into one."
    ));
    let text = format!(
        "{}+ hits from one fire: fire test.",
        morale::FIRE_TEST_AT_HITS
    );
    assert!(says("stc125-firing", &text));
}

#[test]
fn fire_table_rows_are_the_rules_ranges_and_scores() {
    // Playsheet fire table: muskets 4" 3-6 / 8" 5-6 ... ballshot 30" 5-6 / 60" 6.
    let rows = [
        ("Muskets", Shot::Muskets),
        ("Rifles", Shot::Rifles),
        ("Canister, lt", Shot::Canister(Calibre::Light)),
        ("Canister, fd", Shot::Canister(Calibre::Field)),
        ("Canister, hv", Shot::Canister(Calibre::Heavy)),
        ("Ballshot, lt", Shot::Ballshot(Calibre::Light)),
        ("Ballshot, fd", Shot::Ballshot(Calibre::Field)),
        ("Ballshot, hv", Shot::Ballshot(Calibre::Heavy)),
    ];
    for (label, shot) in rows {
        let (close, far) = shot.ranges();
        let score = |range| shot.chart_score(range).map(band);
        let mut expected = vec![
            format!("{close}\""),
            score(Range::Close).expect("every row has a close band"),
        ];
        match (far, score(Range::Far)) {
            (Some(far), Some(s)) => expected.extend([format!("{far}\""), s]),
            (None, None) => expected.push("--".to_owned()),
            other => panic!("{label}: a far range without a score, or back: {other:?}"),
        }
        let shown: Vec<String> = row("stc125-fire-table", label)
            .into_iter()
            .map(str::to_owned)
            .collect();
        assert_eq!(shown, expected, "{label}");
    }
}

#[test]
fn fire_table_notes_are_the_rules() {
    // A band includes its limit; guns fire canister where it reaches; *Woods*: 2/4/6
    // (rifles as muskets, R32).
    assert_eq!(Shot::Muskets.range_at(40), Some(Range::Close));
    assert_eq!(Shot::Muskets.range_at(41), Some(Range::Far));
    assert!(says(
        "stc125-fire-table",
        "A band reaches its figure: 4\" is close."
    ));
    let guns_out = battery(Calibre::Light, false, Formation::Unlimbered);
    let canister = Shot::Canister(Calibre::Light);
    let reach = canister.ranges().0 * 10;
    assert_eq!(
        shooting::best_shot_at(&guns_out, Kit::default(), reach).map(|b| b.0),
        Some(canister)
    );
    assert_eq!(
        shooting::best_shot_at(&guns_out, Kit::default(), reach + 1).map(|b| b.0),
        Some(Shot::Ballshot(Calibre::Light))
    );
    let horse = unit(HC, Grade::C, Formation::Line, 12);
    assert!(shooting::shots(&horse, Kit::default()).is_empty());
    assert!(says(
        "stc125-fire-table",
        "  ballshot. Cavalry does not fire."
    ));
    assert_eq!(Shot::Rifles.woods_inches(), Shot::Muskets.woods_inches());
    let text = format!(
        "Woods between: each 1\" counts {}\" for",
        Shot::Muskets.woods_inches()
    );
    assert!(says("stc125-fire-table", &text), "{text}");
    let text = format!(
        "  muskets and rifles, {}\" for canister,",
        canister.woods_inches()
    );
    assert!(says("stc125-fire-table", &text), "{text}");
    let text = format!(
        "  {}\" for ballshot.",
        Shot::Ballshot(Calibre::Heavy).woods_inches()
    );
    assert!(says("stc125-fire-table", &text), "{text}");
}

/// The net modifier on a close-range shot.
fn shot_modifier(firer: &Unit, target: &Unit, shot: Shot, facts: ShotFacts, kit: Kit) -> i32 {
    let fire = shooting::plan(firer, target, shot, Range::Close, &facts, kit)
        .unwrap_or_else(|e| panic!("{e}"));
    net(&fire.score)
}

#[test]
fn shooting_modifier_rows_and_rifle_marks_are_the_rules() {
    // Playsheet shooting modifiers; the rows marked ^r do not count for rifles (R16).
    let c_line = || unit(FOOT, Grade::C, Formation::Line, 24);
    let line_target = c_line();
    let grade = |g, kit, shot| {
        shot_modifier(
            &unit(FOOT, g, Formation::Line, 24),
            &line_target,
            shot,
            ShotFacts::default(),
            kit,
        )
    };
    assert_eq!(
        row("stc125-fire-modifiers", "Firer grade A/B/C/D"),
        vec![
            "(r)".to_owned(),
            signs(GRADES.map(|g| grade(g, Kit::default(), Shot::Muskets)))
        ]
    );
    assert_eq!(
        row("stc125-fire-modifiers", "Rifles, grade A/B/C/D"),
        vec![signs(GRADES.map(|g| grade(g, RIFLES, Shot::Rifles)))]
    );

    // Each row: the facts that call it up, from a grade C line firing at close range.
    let skirm = unit(LIGHT_FOOT, Grade::C, Formation::Skirmish, 8);
    let guns_target = battery(Calibre::Heavy, false, Formation::Unlimbered);
    let moved = ShotFacts {
        moved: true,
        ..ShotFacts::default()
    };
    let soft = ShotFacts {
        cover: Cover::Soft,
        ..ShotFacts::default()
    };
    let hard = ShotFacts {
        cover: Cover::Hard,
        ..ShotFacts::default()
    };
    let screened = ShotFacts {
        screened: true,
        ..ShotFacts::default()
    };
    let plain = ShotFacts::default();
    let loose = disordered(c_line());
    let rows: [(&str, &Unit, &Unit, ShotFacts); 7] = [
        ("Firer moved or in square", &c_line(), &line_target, moved),
        ("Firer disordered", &loose, &line_target, plain),
        ("Target artillery", &c_line(), &guns_target, plain),
        ("Target skirmishers", &c_line(), &skirm, plain),
        ("Target in soft cover", &c_line(), &line_target, soft),
        ("Target in hard cover", &c_line(), &line_target, hard),
        (
            "Through skirmishers or guns",
            &c_line(),
            &line_target,
            screened,
        ),
    ];
    for (label, firer, target, facts) in rows {
        let muskets = shot_modifier(firer, target, Shot::Muskets, facts, Kit::default());
        let rifles = shot_modifier(firer, target, Shot::Rifles, facts, RIFLES);
        assert_ne!(muskets, 0, "{label}: the facts call up no modifier");
        let shown = row("stc125-fire-modifiers", label);
        assert_eq!(
            shown.last().copied(),
            Some(signed(muskets).as_str()),
            "{label}"
        );
        assert_eq!(shown.contains(&"(r)"), rifles == 0, "{label}: the (r) mark");
        if rifles != 0 {
            assert_eq!(rifles, muskets, "{label}: rifles take the row whole");
        }
    }
}

#[test]
fn square_firers_and_dense_targets_are_the_rules() {
    // Playsheet shooting modifiers: one row, one -1 for a square that moved (R6).
    let line_target = unit(FOOT, Grade::C, Formation::Line, 24);
    let in_square = unit(FOOT, Grade::C, Formation::Square, 24);
    let moved = ShotFacts {
        moved: true,
        ..ShotFacts::default()
    };
    let plain = ShotFacts::default();
    let square_moved = shot_modifier(
        &in_square,
        &line_target,
        Shot::Muskets,
        moved,
        Kit::default(),
    );
    let square_still = shot_modifier(
        &in_square,
        &line_target,
        Shot::Muskets,
        plain,
        Kit::default(),
    );
    assert_eq!(square_moved, square_still);
    assert_eq!(
        row("stc125-fire-modifiers", "Firer moved or in square"),
        vec![signed(square_still)]
    );
    assert!(says(
        "stc125-fire-modifiers",
        &format!("(moved and in square: {square_moved})")
    ));

    // Ballshot alone gains on a dense target (R3).
    let gunners = battery(Calibre::Field, false, Formation::Unlimbered);
    let ball = Shot::Ballshot(Calibre::Field);
    let dense = shot_modifier(&gunners, &in_square, ball, plain, Kit::default())
        - shot_modifier(&gunners, &line_target, ball, plain, Kit::default());
    assert_eq!(
        row("stc125-fire-modifiers", "Ballshot at a dense target"),
        vec![signed(dense)]
    );
    let canister = Shot::Canister(Calibre::Field);
    assert_eq!(
        shot_modifier(&gunners, &in_square, canister, plain, Kit::default()),
        shot_modifier(&gunners, &line_target, canister, plain, Kit::default())
    );
}

#[test]
fn scores_over_six_read_as_the_rules_to_hit() {
    // Playsheet: 7+ is a 6 then 4-6; 8 and 9 by R4; 10+ impossible; 1 or less all hit.
    let over: Vec<String> = (7..=9)
        .map(|n| match ToHit::from_needed(n) {
            ToHit::SixThen(k) => format!("{n}: {}", band(i32::from(k))),
            other => panic!("{n}: {other:?}"),
        })
        .collect();
    assert_eq!(ToHit::from_needed(10), ToHit::Impossible);
    let text = format!("  {}   10+: no hit", over.join("   "));
    assert!(says("stc125-fire-modifiers", &text), "{text}");
    assert_eq!(ToHit::from_needed(1), ToHit::Every);
    assert_eq!(ToHit::from_needed(2), ToHit::Single(2));
    assert!(says(
        "stc125-fire-modifiers",
        "Score 1 or less: every die hits."
    ));
}

#[test]
fn fire_test_chart_is_the_rules_test() {
    // Playsheet *Fire Test (2+ hits)*: A/B/C/D 0/1/2/4; -1 per full 2 hits (R8); -2
    // changed and shot close; -2 shaken; +1 general; fail 2 rout hits, 4 shaken.
    let text = format!(
        "  A {}   B {}   C {}   D {}",
        morale::fire_test_grade_score(Grade::A),
        morale::fire_test_grade_score(Grade::B),
        morale::fire_test_grade_score(Grade::C),
        morale::fire_test_grade_score(Grade::D)
    );
    assert!(says("stc125-fire-test", &text), "{text}");
    assert!(!morale::owes_fire_test(morale::FIRE_TEST_AT_HITS - 1));
    assert!(morale::owes_fire_test(morale::FIRE_TEST_AT_HITS));
    assert!(CHARTS.iter().any(|c| {
        c.id == "stc125-fire-test"
            && c.title
                .contains(&format!("{}+ hits", morale::FIRE_TEST_AT_HITS))
    }));

    let c = unit(FOOT, Grade::C, Formation::Line, 24);
    let plain = FireTestFacts::default();
    let tested = |u: &Unit, hits, general, facts| morale::fire_test(u, hits, general, facts);
    let by_hits = |hits| net(&tested(&c, hits, false, plain));
    assert_eq!(
        row("stc125-fire-test", "Each full 2 hits of that fire"),
        vec![signed(by_hits(2))]
    );
    assert_eq!(by_hits(2), by_hits(3));
    assert_eq!(by_hits(4), by_hits(5));
    let text = format!(
        "(2-3 hits: {}, 4-5 hits: {})",
        signed(by_hits(2)),
        signed(by_hits(4))
    );
    assert!(says("stc125-fire-test", &text), "{text}");
    let changed_close = FireTestFacts {
        changed_formation_last_turn: true,
        shot_from_8_or_less: true,
    };
    let changed_far = FireTestFacts {
        shot_from_8_or_less: false,
        ..changed_close
    };
    assert_eq!(
        row("stc125-fire-test", "Changed form or facing last turn,"),
        vec![signed(net(&tested(&c, 0, false, changed_close)))]
    );
    assert_eq!(net(&tested(&c, 0, false, changed_far)), 0);
    assert_eq!(
        row("stc125-fire-test", "Shaken"),
        vec![signed(net(&tested(&shaken(c.clone()), 0, false, plain)))]
    );
    assert_eq!(
        row("stc125-fire-test", "General with unit"),
        vec![signed(net(&tested(&c, 0, true, plain)))]
    );
    // Over 6 fails on any face (R5); 1 or less passes on any.
    let worst = tested(
        &shaken(unit(FOOT, Grade::D, Formation::Line, 24)),
        2,
        false,
        plain,
    );
    assert!(worst.needed() > 6 && !worst.succeeds(6));
    let best = tested(&unit(FOOT, Grade::A, Formation::Line, 24), 2, false, plain);
    assert!(best.needed() <= 1 && best.succeeds(1));
    assert!(says(
        "stc125-fire-test",
        "Over 6: fails. 1 or less: passes."
    ));

    let fresh = morale::fire_test_failure(&c);
    let again = morale::fire_test_failure(&shaken(c.clone()));
    let text = format!(
        "Fail: retreat {}-{}\", shaken, {} rout",
        fresh.min_inches, fresh.max_inches, fresh.rout_hits
    );
    assert!(says("stc125-fire-test", &text), "{text}");
    let text = format!("  hits; {} if it was shaken already.", again.rout_hits);
    assert!(says("stc125-fire-test", &text), "{text}");
}

#[test]
fn rally_chart_is_the_rules_rally() {
    // Playsheet *Rally from Shaken*: A/B/C/D 1/2/3/5; threat -2; general +1.
    let text = format!(
        "  A {}   B {}   C {}   D {}",
        morale::rally_grade_score(Grade::A),
        morale::rally_grade_score(Grade::B),
        morale::rally_grade_score(Grade::C),
        morale::rally_grade_score(Grade::D)
    );
    assert!(says("stc125-rally", &text), "{text}");
    let c = shaken(unit(FOOT, Grade::C, Formation::Line, 24));
    assert_eq!(
        row("stc125-rally", "Visible enemy able to charge it"),
        vec![signed(net(&morale::rally(&c, false, true)))]
    );
    assert_eq!(
        row("stc125-rally", "General with unit"),
        vec![signed(net(&morale::rally(&c, true, false)))]
    );
    let d = shaken(unit(FOOT, Grade::D, Formation::Line, 24));
    assert!(!morale::rally(&d, false, true).succeeds(6));
    let a = shaken(unit(FOOT, Grade::A, Formation::Line, 24));
    assert!(morale::rally(&a, false, false).succeeds(1));
    let mut engaged = c.clone();
    engaged.in_contact_with.push("x".to_owned());
    assert!(morale::may_rally(&engaged).is_ok());
    assert!(morale::may_rally(&c).is_ok());
    assert!(says("stc125-rally", "  shaken unit, in combat or not."));
    // Reforming is never doubled for the unsteady (R18): a full move.
    let loose = shaken(disordered(unit(FOOT, Grade::C, Formation::Line, 24)));
    let reform = movement::maneuver_cost(&loose, Maneuver::Reform);
    let text = format!("Reform (pass or fail): {}.", cost_words(reform.quarters));
    assert!(says("stc125-rally", &text), "{text}");
}

#[test]
fn fire_modifier_and_test_rows_are_the_codes_numbers() {
    // Playsheet shooting modifiers: firer disordered -1, target in hard cover -2;
    // *Fire Test (2+ hits)*: shaken -2, general +1; *Rally from Shaken*: visible enemy
    // able to charge -2. Each row, the score the rules work out and the Number agree.
    let c = || unit(FOOT, Grade::C, Formation::Line, 24);
    let hard = ShotFacts {
        cover: Cover::Hard,
        ..ShotFacts::default()
    };
    let fired =
        |firer: &Unit, facts| shot_modifier(firer, &c(), Shot::Muskets, facts, Kit::default());
    let disorder = fired(&disordered(c()), ShotFacts::default());
    assert_eq!(
        row("stc125-fire-modifiers", "Firer disordered"),
        vec![signed(disorder)]
    );
    assert_eq!(disorder, shooting::DISORDERED.value());
    let cover = fired(&c(), hard);
    assert_eq!(
        row("stc125-fire-modifiers", "Target in hard cover"),
        vec![signed(cover)]
    );
    assert_eq!(cover, shooting::HARD_COVER.value());

    let plain = FireTestFacts::default();
    let shaken_test = net(&morale::fire_test(&shaken(c()), 0, false, plain));
    assert_eq!(row("stc125-fire-test", "Shaken"), vec![signed(shaken_test)]);
    assert_eq!(shaken_test, morale::SHAKEN.value());
    let general = net(&morale::fire_test(&c(), 0, true, plain));
    assert_eq!(
        row("stc125-fire-test", "General with unit"),
        vec![signed(general)]
    );
    assert_eq!(general, morale::GENERAL_WITH_UNIT.value());
    let threat = net(&morale::rally(&shaken(c()), false, true));
    assert_eq!(
        row("stc125-rally", "Visible enemy able to charge it"),
        vec![signed(threat)]
    );
    assert_eq!(threat, morale::ENEMY_ABLE_TO_CHARGE.value());
}

#[test]
fn status_chart_is_the_rules_steady_and_shattered() {
    // R34 steady; R33 disorder; R26 shattered at a quarter, rounded down.
    let guns_out = disordered(battery(Calibre::Heavy, false, Formation::Unlimbered));
    assert!(stc::steady(&guns_out));
    assert!(!stc::steady(&shaken(guns_out.clone())));
    assert!(!stc::counts_disordered(&guns_out));
    let skirm = disordered(unit(LIGHT_FOOT, Grade::C, Formation::Skirmish, 8));
    assert!(!stc::steady(&skirm));
    assert!(!stc::counts_disordered(&skirm));
    assert!(says(
        "stc125-status",
        "  shaken. Skirmishers: never steady."
    ));
    let grade_d = movement::maneuver_cost(
        &unit(FOOT, Grade::D, Formation::Line, 24),
        Maneuver::FormationOrFacing,
    );
    assert!(grade_d.disordered);
    for start in [24, 10, 8] {
        let at = stc::shattered_at(start);
        assert!(stc::is_shattered(start, at));
        assert!(!stc::is_shattered(start, at + 1));
    }
    let text = format!(
        "  starting models (24: {}, 10: {}, 8: {});",
        stc::shattered_at(24),
        stc::shattered_at(10),
        stc::shattered_at(8)
    );
    assert!(says("stc125-status", &text), "{text}");
}

#[test]
fn pants_down_chart_is_the_rules() {
    // *Caught with pants down* (R22): shaken on 1-3; A-B and guns exempt only if the
    // change was early.
    let facts = PantsDownFacts {
        changed_last_turn: true,
        attacked_from_8_or_less: true,
        in_first_half: true,
    };
    let late = PantsDownFacts {
        in_first_half: false,
        ..facts
    };
    let c = unit(FOOT, Grade::C, Formation::Line, 24);
    let score = stc::caught_with_pants_down(&c, facts).expect("grade C rolls");
    let text = format!("  shaken on 1-{}.", score.needed() - 1);
    assert!(says("stc125-pants-down", &text), "{text}");
    for g in [Grade::A, Grade::B] {
        let quick = unit(FOOT, g, Formation::Line, 24);
        assert_eq!(stc::caught_with_pants_down(&quick, facts), None);
        assert!(stc::caught_with_pants_down(&quick, late).is_some());
    }
    let d_guns = unit(
        guns(Calibre::Field, false),
        Grade::D,
        Formation::Unlimbered,
        8,
    );
    assert_eq!(stc::caught_with_pants_down(&d_guns, facts), None);
    assert!(stc::caught_with_pants_down(&d_guns, late).is_some());
    let far = PantsDownFacts {
        attacked_from_8_or_less: false,
        ..facts
    };
    assert_eq!(stc::caught_with_pants_down(&c, far), None);
    assert!(says(
        "stc125-pants-down",
        "Exempt: grade A-B troops and artillery"
    ));
}

#[test]
fn combat_point_rows_are_the_rules_points() {
    // Playsheet combat points: the base rows from `base_points`.
    let base = |arm, formation, kit: Kit| {
        let u = unit(arm, Grade::C, formation, 12);
        combat::base_points(&u, kit, formation == Formation::Skirmish)
            .0
            .value()
    };
    let plain = Kit::default();
    let no_bayonets = Kit {
        no_bayonets: true,
        ..plain
    };
    let bases = [
        ("Heavy cavalry", base(HC, Formation::Line, plain)),
        ("Medium cavalry", base(MC, Formation::Line, plain)),
        ("Light cavalry", base(LC, Formation::Line, plain)),
        (
            "Infantry without bayonets",
            base(FOOT, Formation::Line, no_bayonets),
        ),
        ("Infantry", base(FOOT, Formation::Line, plain)),
    ];
    for (label, points) in bases {
        assert_eq!(
            row("stc125-combat-points", label),
            vec![points.to_string()],
            "{label}"
        );
    }
    let crew = base(guns(Calibre::Field, false), Formation::Unlimbered, plain);
    let skirm = base(LIGHT_FOOT, Formation::Skirmish, plain);
    assert_eq!(crew, skirm);
    assert_eq!(
        row("stc125-combat-points", "Gun crew, skirmishers"),
        vec![crew.to_string()]
    );
}

#[test]
fn defensive_fire_rows_are_the_rules() {
    // *Combat*: infantry +1; guns +2/+4/+6; the attacked side, first round only (R13).
    let line = unit(FOOT, Grade::C, Formation::Line, 24);
    let fire = |u: &Unit| {
        combat::defensive_fire(&fighter(u, Role::Defender), Ground::default())
            .map_or_else(|e| panic!("{e}"), |f| f.0.value())
    };
    assert_eq!(
        row("stc125-combat-points", "Defensive fire, infantry"),
        vec![signed(fire(&line))]
    );
    let by_calibre = [Calibre::Light, Calibre::Field, Calibre::Heavy]
        .map(|c| fire(&battery(c, false, Formation::Unlimbered)));
    assert_eq!(
        row("stc125-combat-points", "Defensive fire, guns lt/fd/hv"),
        vec![signs(by_calibre)]
    );
    let none = |f: &Fighter| combat::defensive_fire(f, Ground::default()).is_err();
    assert!(none(&fighter(&line, Role::Attacker)));
    let mut later = fighter(&line, Role::Defender);
    later.combatant.continuing = true;
    assert!(none(&later));
    assert!(none(&fighter(&shaken(line.clone()), Role::Defender)));
    let mut flanked = fighter(&line, Role::Defender);
    flanked.combatant.flanked = true;
    assert!(none(&flanked));
    let mut rifles = fighter(&line, Role::Defender);
    rifles.kit = RIFLES;
    assert!(none(&rifles));
    let column = unit(FOOT, Grade::C, Formation::Column, 24);
    assert!(none(&fighter(&column, Role::Defender)));
    assert!(none(&fighter(&disordered(line.clone()), Role::Defender)));
    let limbered = battery(Calibre::Field, false, Formation::Limbered);
    assert!(none(&fighter(&limbered, Role::Defender)));
    assert!(says(
        "stc125-combat-points",
        "  first round; not if shaken or under"
    ));
    assert!(says(
        "stc125-combat-points",
        "  infantry steady, in line, not rifles."
    ));
}

#[test]
fn grade_and_cavalry_point_rows_are_the_rules() {
    // Playsheet combat point modifiers, each the difference it makes to `points`.
    let col = |g| unit(FOOT, g, Formation::Column, 24);
    let (c_att, c_def) = (col(Grade::C), col(Grade::C));
    let attacker = fighter(&c_att, Role::Attacker);
    let defender = fighter(&c_def, Role::Defender);
    let even = cp(&attacker, &defender);

    // Grade (R31): B against D is +2, and D against B loses nothing.
    let (b, d) = (col(Grade::B), col(Grade::D));
    let b_on_d = cp(&fighter(&b, Role::Attacker), &fighter(&d, Role::Defender)) - even;
    let d_on_b = cp(&fighter(&d, Role::Attacker), &fighter(&b, Role::Defender)) - even;
    assert_eq!(d_on_b, 0);
    assert_eq!(
        row("stc125-combat-points", "Each grade above the enemy"),
        vec![signed(b_on_d / 2)]
    );
    assert!(says(
        "stc125-combat-points",
        &format!("Only the better grade gains (B vs D {}).", signed(b_on_d))
    ));

    // Cavalry against foot not in square (R38), lancers in the first round.
    let hc = unit(HC, Grade::C, Formation::Line, 12);
    let hc_base = combat::base_points(&hc, Kit::default(), false).0.value();
    let riders = fighter(&hc, Role::Attacker);
    let hc_def = unit(HC, Grade::C, Formation::Line, 12);
    let horse_def = fighter(&hc_def, Role::Defender);
    assert_eq!(
        row(
            "stc125-combat-points",
            "Steady cavalry vs foot not in square"
        ),
        vec![signed(cp(&riders, &defender) - hc_base)]
    );
    let mut lancers = riders;
    lancers.kit.lancers = true;
    let lance = cp(&lancers, &horse_def) - cp(&riders, &horse_def);
    assert_eq!(
        row("stc125-combat-points", "Steady lancers, first round"),
        vec![signed(lance)]
    );
    lancers.combatant.continuing = true;
    assert_eq!(cp(&lancers, &horse_def), cp(&riders, &horse_def));
}

#[test]
fn flank_ground_and_disorder_point_rows_are_the_rules() {
    // Playsheet combat point modifiers, each the difference it makes to `points`.
    let col = |g| unit(FOOT, g, Formation::Column, 24);
    let (c_att, c_def) = (col(Grade::C), col(Grade::C));
    let attacker = fighter(&c_att, Role::Attacker);
    let defender = fighter(&c_def, Role::Defender);
    let even = cp(&attacker, &defender);
    let hc = unit(HC, Grade::C, Formation::Line, 12);
    let riders = fighter(&hc, Role::Attacker);
    let hc_def = unit(HC, Grade::C, Formation::Line, 12);
    let horse_def = fighter(&hc_def, Role::Defender);

    // Flanked or shaken: one row, one -2 (R6).
    let mut flanked = defender;
    flanked.combatant.flanked = true;
    let shaken_unit = shaken(col(Grade::C));
    let shaken_def = fighter(&shaken_unit, Role::Defender);
    let mut both = shaken_def;
    both.combatant.flanked = true;
    let flank = cp(&flanked, &attacker) - cp(&defender, &attacker);
    assert_eq!(cp(&shaken_def, &attacker) - cp(&defender, &attacker), flank);
    assert_eq!(cp(&both, &attacker) - cp(&defender, &attacker), flank);
    assert_eq!(
        row("stc125-combat-points", "Flank/rear attack, or shaken"),
        vec![signed(flank)]
    );

    // Cover and obstacles cost the attackers (R30), the obstacle in round 1 only.
    let on = |ground: Ground, me: &Fighter| combat::points(me, &defender, ground).total();
    let cover = |c| {
        on(
            Ground {
                cover: c,
                ..Ground::default()
            },
            &attacker,
        ) - even
    };
    assert_eq!(
        row("stc125-combat-points", "Attacking soft/hard cover"),
        vec![signs([cover(Cover::Soft), cover(Cover::Hard)])]
    );
    let obstacle = Ground {
        obstacle: true,
        ..Ground::default()
    };
    assert_eq!(
        row("stc125-combat-points", "Attacking an obstacle, 1st round"),
        vec![signed(on(obstacle, &attacker) - even)]
    );
    let mut continuing = attacker;
    continuing.combatant.continuing = true;
    assert_eq!(
        on(obstacle, &continuing),
        on(Ground::default(), &continuing)
    );
    let held_ground = combat::points(&defender, &attacker, obstacle).total();
    assert_eq!(held_ground, cp(&defender, &attacker));

    // Disordered infantry -1, cavalry -2.
    let loose_foot = disordered(col(Grade::C));
    let foot = cp(&fighter(&loose_foot, Role::Attacker), &defender) - even;
    let loose_hc = disordered(unit(HC, Grade::C, Formation::Line, 12));
    let horse = cp(&fighter(&loose_hc, Role::Attacker), &horse_def) - cp(&riders, &horse_def);
    assert_eq!(
        row("stc125-combat-points", "Disordered infantry/cavalry"),
        vec![signs([foot, horse])]
    );
}

#[test]
fn flank_or_shaken_and_base_rows_are_the_codes_numbers() {
    // Playsheet combat points: "Flank/rear attack, or shaken -2", one row the code
    // reaches from either condition; infantry 3; gun crew, skirmishers 0.
    let c = unit(FOOT, Grade::C, Formation::Column, 24);
    let enemy = fighter(&c, Role::Attacker);
    let steady = cp(&fighter(&c, Role::Defender), &enemy);
    let mut flanked = fighter(&c, Role::Defender);
    flanked.combatant.flanked = true;
    let shaken_unit = shaken(c.clone());
    for (why, worse) in [
        ("flanked", cp(&flanked, &enemy) - steady),
        (
            "shaken",
            cp(&fighter(&shaken_unit, Role::Defender), &enemy) - steady,
        ),
    ] {
        assert_eq!(
            row("stc125-combat-points", "Flank/rear attack, or shaken"),
            vec![signed(worse)],
            "{why}"
        );
        assert_eq!(worse, combat::FLANKED_OR_SHAKEN.value(), "{why}");
    }
    let foot = combat::base_points(&c, Kit::default(), false).0.value();
    assert_eq!(
        row("stc125-combat-points", "Infantry  "),
        vec![foot.to_string()]
    );
    assert_eq!(foot, combat::INFANTRY_POINTS.value());
    let crew = battery(Calibre::Field, false, Formation::Unlimbered);
    let skirm = unit(LIGHT_FOOT, Grade::C, Formation::Skirmish, 8);
    for (base, _) in [
        combat::base_points(&crew, Kit::default(), false),
        combat::base_points(&skirm, Kit::default(), true),
    ] {
        let base = base.value();
        assert_eq!(
            row("stc125-combat-points", "Gun crew, skirmishers"),
            vec![base.to_string()]
        );
        assert_eq!(base, combat::CREW_OR_SKIRMISHERS_POINTS.value());
    }
}

#[test]
fn square_general_and_two_rank_point_rows_are_the_rules() {
    // Playsheet combat point modifiers, each the difference it makes to `points`.
    let col = |g| unit(FOOT, g, Formation::Column, 24);
    let (c_att, c_def) = (col(Grade::C), col(Grade::C));
    let attacker = fighter(&c_att, Role::Attacker);
    let defender = fighter(&c_def, Role::Defender);
    let even = cp(&attacker, &defender);
    let hc = unit(HC, Grade::C, Formation::Line, 12);
    let hc_base = combat::base_points(&hc, Kit::default(), false).0.value();
    let riders = fighter(&hc, Role::Attacker);
    let hc_def = unit(HC, Grade::C, Formation::Line, 12);

    // Squares (R38): cavalry -4 against a steady one; infantry +1 against any.
    let square = unit(FOOT, Grade::C, Formation::Square, 24);
    let sq = fighter(&square, Role::Defender);
    assert_eq!(
        row("stc125-combat-points", "Cavalry vs a steady square"),
        vec![signed(cp(&riders, &sq) - hc_base)]
    );
    let broken = disordered(square.clone());
    assert_eq!(cp(&riders, &fighter(&broken, Role::Defender)), hc_base);
    let inf_on_square = cp(&attacker, &sq) - even;
    assert_eq!(
        cp(&attacker, &fighter(&broken, Role::Defender)) - even,
        inf_on_square
    );
    assert_eq!(
        row("stc125-combat-points", "Infantry vs any square"),
        vec![signed(inf_on_square)]
    );

    // General with unit +1.
    let mut led = attacker;
    led.combatant.general_attached = true;
    assert_eq!(
        row("stc125-combat-points", "General with unit"),
        vec![signed(cp(&led, &defender) - even)]
    );

    // *2-Rank Line*: -1 against steady cavalry or steady 3-rank infantry.
    let mut thin = attacker;
    thin.kit = TWO_RANK;
    let two_rank = cp(&thin, &defender) - even;
    assert_eq!(
        row("stc125-combat-points", "steady 3-rank foot"),
        vec![signed(two_rank)]
    );
    let hc_steady = fighter(&hc_def, Role::Defender);
    assert_eq!(cp(&thin, &hc_steady) - cp(&attacker, &hc_steady), two_rank);
    let mut thin_def = defender;
    thin_def.kit = TWO_RANK;
    assert_eq!(cp(&thin, &thin_def), cp(&attacker, &thin_def));
}

#[test]
fn skirmishers_in_works_fight_as_the_chart_says() {
    // R28: skirmishers holding works count as close-order infantry.
    let skirm = unit(LIGHT_FOOT, Grade::C, Formation::Skirmish, 8);
    let col = unit(FOOT, Grade::C, Formation::Column, 24);
    let attacker = fighter(&col, Role::Attacker);
    let holding = fighter(&skirm, Role::Defender);
    let works = Ground {
        works: true,
        ..Ground::default()
    };
    let infantry = combat::base_points(&col, Kit::default(), false).0.value();
    assert_eq!(combat::points(&holding, &attacker, works).base, infantry);
    assert!(says(
        "stc125-combat-points",
        "Skirmishers holding works: as infantry."
    ));
}

#[test]
fn combat_scores_and_dice_are_the_rules() {
    // Playsheet *Combat: Scores to hit per die*, *Combat* dice and R14/R15 fronts.
    let rows: [(&str, &[(i32, i32)]); 4] = [
        ("More (advantage)", &[(4, 3), (9, 1)]),
        ("Same (even)", &[(4, 4), (0, 0)]),
        ("Fewer by 1-2 (disadvantage)", &[(3, 4), (2, 4)]),
        ("Fewer by 3 or more", &[(1, 4), (0, 9)]),
    ];
    for (label, cases) in rows {
        for &(own, enemy) in cases {
            let score = combat::score_to_hit(own, enemy).0;
            assert_eq!(
                row("stc125-combat-dice", label),
                vec![band(score)],
                "{label}: {own} to {enemy}"
            );
        }
    }
    let dice_for = |u: &Unit, n| {
        let mut f = fighter(u, Role::Attacker);
        f.combatant.eligible = Some(n);
        combat::dice(&f).map_or_else(|e| panic!("{e}"), |d| d.0)
    };
    let foot = unit(FOOT, Grade::C, Formation::Line, 24);
    let crew = unit(
        guns(Calibre::Field, false),
        Grade::C,
        Formation::Unlimbered,
        12,
    );
    assert_eq!(dice_for(&crew, 11), dice_for(&foot, 11));
    let text = format!("(24: {}, 11: {})", dice_for(&foot, 24), dice_for(&foot, 11));
    assert!(says("stc125-combat-dice", &text), "{text}");
    let horse = unit(HC, Grade::C, Formation::Line, 12);
    let text = format!(
        "(12: {}, 8: {}, 7: {})",
        dice_for(&horse, 12),
        dice_for(&horse, 8),
        dice_for(&horse, 7)
    );
    assert!(says("stc125-combat-dice", &text), "{text}");
    let foot_col = unit(FOOT, Grade::C, Formation::Column, 24);
    let horse_col = unit(HC, Grade::C, Formation::Column, 24);
    let text = format!(
        "Column front: {} infantry, {} cavalry.",
        combat::eligible_models(&foot_col),
        combat::eligible_models(&horse_col)
    );
    assert!(says("stc125-combat-dice", &text), "{text}");
    let square = unit(FOOT, Grade::C, Formation::Square, 24);
    let text = format!("(24 models: {} fight)", combat::eligible_models(&square));
    assert!(says("stc125-combat-dice", &text), "{text}");
    let split = combat::split_dice(5, 2);
    let text = format!("(5 on 2: {} and {})", split[0], split[1]);
    assert!(says("stc125-combat-dice", &text), "{text}");
}

#[test]
fn combat_losses_are_the_rules_loss() {
    // *Combat*: a loser retreats with 4 rout hits; a shaken loser is shattered on
    // 1-3, else 8 (R9); infantry beaten by cavalry a pursuit hit per full 3 (R10).
    let line = unit(FOOT, Grade::C, Formation::Line, 24);
    let fresh = combat::loss(&line, 0);
    assert_eq!(fresh.shattered_on, None);
    let text = format!(
        "Loser: retreats {}-{}\", shaken, {} rout",
        fresh.retreat.min_inches, fresh.retreat.max_inches, fresh.retreat.rout_hits
    );
    assert!(says("stc125-combat-results", &text), "{text}");
    let again = combat::loss(&shaken(line.clone()), 0);
    let on = again.shattered_on.expect("a shaken loser rolls");
    let text = format!("Shaken loser: rolls a die; 1-{on}");
    assert!(says("stc125-combat-results", &text), "{text}");
    let text = format!(
        "shattered, else retreats, {} rout hits.",
        again.retreat.rout_hits
    );
    assert!(says("stc125-combat-results", &text), "{text}");
    assert_eq!(combat::pursuit_hits(12), 4);
    let text = format!(
        "per full 3 cavalry models left (11:\n  {}),",
        combat::loss(&line, 11).pursuit_hits
    );
    let joined = lines("stc125-combat-results").join("\n");
    assert!(joined.contains(&text), "{text}");
    let horse = unit(LC, Grade::C, Formation::Line, 12);
    assert_eq!(combat::loss(&horse, 12).pursuit_hits, 0);
}

#[test]
fn combat_outcomes_are_the_rules_settlement() {
    // Ties hold; hits disorder (R33); a trapped loser is eliminated; guns without
    // defensive fire are overrun (R12), with it they fall or hold (R11).
    let a = unit(FOOT, Grade::C, Formation::Column, 24);
    let b = unit(FOOT, Grade::C, Formation::Column, 24);
    let fs = [fighter(&a, Role::Attacker), fighter(&b, Role::Defender)];
    let p = combat::plan(&fs, Ground::default()).expect("fights");
    let tie = combat::settle(&fs, &p, &[1, 1]);
    assert_eq!(tie[0].outcome, Outcome::Held);
    assert!(tie[0].disordered && tie[1].disordered);
    let won = combat::settle(&fs, &p, &[2, 0]);
    assert_eq!(won[0].outcome, Outcome::Won);
    assert!(!won[0].disordered);
    assert!(says(
        "stc125-combat-results",
        "Any combat hit disorders the unit hit."
    ));
    let mut trapped = fighter(&b, Role::Defender);
    trapped.combatant.trapped = true;
    let fs = [fighter(&a, Role::Attacker), trapped];
    let p = combat::plan(&fs, Ground::default()).expect("fights");
    let v = combat::settle(&fs, &p, &[2, 1]);
    assert_eq!(v[1].outcome, Outcome::Trapped);
    assert!(v[1].outcome.eliminated());
    assert!(says("stc125-combat-results", "  enemies): eliminated."));

    let limbered = battery(Calibre::Field, false, Formation::Limbered);
    let fs = [
        fighter(&a, Role::Attacker),
        fighter(&limbered, Role::Defender),
    ];
    let p = combat::plan(&fs, Ground::default()).expect("fights");
    assert!(p.overrun[1] && p.strikes.is_empty());
    assert_eq!(
        combat::settle(&fs, &p, &[])[1].outcome,
        Outcome::GunsOverrun
    );
    assert!(says(
        "stc125-combat-results",
        "    overrun at once, no dice rolled;"
    ));
    let unlimbered = battery(Calibre::Field, false, Formation::Unlimbered);
    let fs = [
        fighter(&a, Role::Attacker),
        fighter(&unlimbered, Role::Defender),
    ];
    let p = combat::plan(&fs, Ground::default()).expect("fights");
    assert!(!p.overrun[1]);
    let carried = combat::settle(&fs, &p, &[3, 1]);
    assert_eq!(carried[1].outcome, Outcome::GunsCarried);
    assert!(carried[1].outcome.eliminated());
    let held = combat::settle(&fs, &p, &[1, 1]);
    assert_eq!(held[1].outcome, Outcome::GunsHeld);
    assert_eq!(held[1].loss_hits, 0);
    assert!(matches!(held[0].outcome, Outcome::Lost(_)));
    assert!(says(
        "stc125-combat-results",
        "    that did not win is driven back."
    ));
    // Gunners' evade (R23).
    let horse_limbered = battery(Calibre::Light, true, Formation::Limbered);
    let text = format!(
        "Gunners may evade: {}D6\"; limbered horse",
        movement::evade_dice(&unlimbered).expect("gunners evade")
    );
    assert!(says("stc125-combat-results", &text), "{text}");
    let text = format!(
        "  guns {}D6\".",
        movement::evade_dice(&horse_limbered).expect("gunners evade")
    );
    assert!(says("stc125-combat-results", &text), "{text}");
}

#[test]
fn retreat_chart_is_the_rules_retreat() {
    // *Retreat Moves* (R37): 6-24"; squares as column; guns limbered; voluntary 2
    // rout hits, none for light infantry or light cavalry (R35); not in combat.
    let square = unit(FOOT, Grade::C, Formation::Square, 24);
    let r = stc::retreat(&square, 0, "test");
    let text = format!(
        "{}\" to {}\" away from the enemy",
        r.min_inches, r.max_inches
    );
    assert!(says("stc125-retreats", &text), "{text}");
    assert_eq!(r.formation_after, Some(Formation::Column));
    let guns_out = battery(Calibre::Field, true, Formation::Unlimbered);
    assert_eq!(
        stc::retreat(&guns_out, 0, "test").formation_after,
        Some(Formation::Limbered)
    );
    assert!(says("stc125-retreats", "Squares retreat as a column; guns"));
    let hits = |u: Unit| stc::voluntary_retreat(&u).map(|r| r.rout_hits);
    let line_hits = hits(unit(FOOT, Grade::C, Formation::Line, 24));
    assert_eq!(hits(unit(HC, Grade::C, Formation::Line, 12)), line_hits);
    let text = format!(
        "  combat): {} rout hits, shaken. Light",
        line_hits.expect("out of combat")
    );
    assert!(says("stc125-retreats", &text), "{text}");
    assert_eq!(
        hits(unit(LIGHT_FOOT, Grade::C, Formation::Column, 24)),
        Ok(0)
    );
    assert_eq!(hits(unit(LC, Grade::C, Formation::Line, 12)), Ok(0));
    assert!(says(
        "stc125-retreats",
        "  infantry and light cavalry: no rout"
    ));
    let mut engaged = unit(FOOT, Grade::C, Formation::Line, 24);
    engaged.in_contact_with.push("x".to_owned());
    assert!(stc::voluntary_retreat(&engaged).is_err());
}

#[test]
fn generals_chart_is_the_rules() {
    // *Danger to Generals* (R21): 4+ hits, killed on a 1; generals move 32"; +1 with
    // the unit in fire test, rally and combat.
    let text = format!("Move {}\";", whole(movement::GENERAL_MOVE));
    assert!(says("stc125-generals", &text), "{text}");
    let at = stc::GENERAL_AT_RISK_HITS.count();
    assert!(!stc::general_at_risk(at - 1) && stc::general_at_risk(at));
    let text = format!("Unit takes {at}+ hits from one fire or");
    assert!(says("stc125-generals", &text), "{text}");
    let text = format!(
        "  a {}. Rout and pursuit hits do not",
        stc::GENERAL_SURVIVES_ON - 1
    );
    assert!(says("stc125-generals", &text), "{text}");
    let c = unit(FOOT, Grade::C, Formation::Line, 24);
    let facts = FireTestFacts::default();
    let fire_bonus = net(&morale::fire_test(&c, 0, true, facts));
    let rally = net(&morale::rally(&shaken(c.clone()), true, false));
    let other = unit(FOOT, Grade::C, Formation::Line, 24);
    let mut led = fighter(&c, Role::Attacker);
    let plain = cp(&led, &fighter(&other, Role::Defender));
    led.combatant.general_attached = true;
    let combat = cp(&led, &fighter(&other, Role::Defender)) - plain;
    let text = format!("With a unit: {} to its fire test and", signed(fire_bonus));
    assert!(says("stc125-generals", &text), "{text}");
    let text = format!("  rally, {} CP in combat.", signed(combat));
    assert_eq!(rally, fire_bonus);
    assert!(says("stc125-generals", &text), "{text}");
}

#[test]
fn skirmisher_chart_is_the_rules() {
    // *Skirmishers* and *Skirmish Screens*: 6" within 6"; evade 2D6 (R23); screens of
    // 8 within 2", a quarter move; no attack on steady close order, guns allowed (R27).
    let text = format!(
        "Move {}\" free-form, within {}\" of the",
        whole(movement::skirmish_move()),
        movement::SKIRMISHER_TETHER
    );
    assert!(says("stc125-skirmishers", &text), "{text}");
    let skirm = unit(LIGHT_FOOT, Grade::C, Formation::Skirmish, 8);
    let text = format!(
        "Attacked: may evade {}D6\"; caught, they",
        movement::evade_dice(&skirm).expect("skirmishers evade")
    );
    assert!(says("stc125-skirmishers", &text), "{text}");
    let text = format!(
        "Screen: up to {} models of a screening",
        movement::SCREEN_MAX_MODELS
    );
    assert!(says("stc125-skirmishers", &text), "{text}");
    let cost = movement::maneuver_cost(&skirm, Maneuver::Screen);
    let text = format!(
        "  unit, within {}\" of it; {}",
        movement::SCREEN_DISTANCE,
        cost_words(cost.quarters)
    );
    assert!(says("stc125-skirmishers", &text), "{text}");
    let forming = movement::maneuver_cost(&skirm, Maneuver::FormationOrFacing);
    assert!(forming.disordered);
    let line = unit(FOOT, Grade::C, Formation::Line, 24);
    let attack = |target: &Unit| {
        combat::plan(
            &[
                fighter(&skirm, Role::Attacker),
                fighter(target, Role::Defender),
            ],
            Ground::default(),
        )
        .is_ok()
    };
    assert!(!attack(&line));
    assert!(attack(&shaken(line.clone())));
    assert!(attack(&battery(
        Calibre::Field,
        false,
        Formation::Unlimbered
    )));
    assert!(says("stc125-skirmishers", "  frontally (guns they may)."));
    let defend = combat::plan(
        &[
            fighter(&line, Role::Attacker),
            fighter(&skirm, Role::Defender),
        ],
        Ground::default(),
    );
    assert!(defend.is_err());
    assert!(says(
        "stc125-skirmishers",
        "  go on. Close-order attacks: must"
    ));
}

#[test]
fn terrain_chart_is_the_rules_moves() {
    // *Woods*, *Roads* (R29), *Hill Contours*, *Obstacles*, *Town Blocks*,
    // *Fieldworks*.
    let col = unit(FOOT, Grade::C, Formation::Column, 24);
    let rate = movement::rate(FOOT, Formation::Column).0;
    let on = |terrain| MoveFacts {
        terrain: Some(terrain),
        ..MoveFacts::default()
    };
    let woods = movement::plan(&col, &on(Terrain::LightWoods)).expect("moves");
    assert_eq!(woods.inches, half(rate));
    assert!(!woods.disordered.is_empty());
    let skirm = unit(LIGHT_FOOT, Grade::C, Formation::Skirmish, 8);
    let loose = movement::plan(&skirm, &on(Terrain::LightWoods)).expect("moves");
    assert_eq!(loose.inches, movement::skirmish_move());
    assert!(loose.disordered.is_empty());
    let horse = unit(HC, Grade::C, Formation::Column, 12);
    assert!(movement::plan(&horse, &on(Terrain::LightWoods)).is_err());
    let road = MoveFacts {
        road: true,
        ..on(Terrain::LightWoods)
    };
    let ride = movement::plan(&horse, &road).expect("on a road");
    assert!(ride.disordered.is_empty());
    let hc_rate = movement::rate(HC, Formation::Column).0;
    assert_eq!(ride.inches, Inches(hc_rate.quarters() * 3 / 2));
    assert!(says(
        "stc125-terrain",
        "Woods: half speed and disordered (not"
    ));
    assert!(says("stc125-terrain", "Road through woods: no halving or"));
    let text = format!(
        "  1\" of woods counts {}\" to muskets and",
        Shot::Muskets.woods_inches()
    );
    assert!(says("stc125-terrain", &text), "{text}");

    let slope = MoveFacts {
        rough: true,
        ..MoveFacts::default()
    };
    assert_eq!(inches(&col, &slope), half(rate));
    assert_eq!(inches(&skirm, &slope), movement::skirmish_move());
    let hc_line = unit(HC, Grade::C, Formation::Line, 12);
    assert!(
        !movement::plan(&hc_line, &slope)
            .expect("moves")
            .disordered
            .is_empty()
    );
    assert!(says(
        "stc125-terrain",
        "Steep slope: half speed (skirmishers"
    ));

    assert_eq!(
        inches(&col, &on(Terrain::Obstacle)),
        Inches(rate.quarters() - movement::OBSTACLE_CROSSING.quarters())
    );
    let text = format!(
        "Obstacle: usually {}\" to cross;",
        whole(movement::OBSTACLE_CROSSING)
    );
    assert!(says("stc125-terrain", &text), "{text}");
    assert_eq!(
        inches(&col, &on(Terrain::Fieldworks)),
        Inches(rate.quarters() - movement::FIELDWORKS_CROSSING.quarters())
    );
    assert!(movement::plan(&horse, &on(Terrain::Fieldworks)).is_err());
    let text = format!(
        "Fieldworks: {}\" to cross, infantry only;",
        whole(movement::FIELDWORKS_CROSSING)
    );
    assert!(says("stc125-terrain", &text), "{text}");

    let enter = movement::plan(&col, &on(Terrain::TownIn)).expect("moves");
    assert_eq!(enter.inches, rate);
    assert!(!enter.disordered.is_empty());
    assert_eq!(inches(&col, &on(Terrain::TownOut)), half(rate));
    let charge_town = MoveFacts {
        charge: true,
        ..on(Terrain::TownIn)
    };
    assert!(movement::plan(&horse, &charge_town).is_err());
    assert!(says(
        "stc125-terrain",
        "Town block: free to enter, half a move"
    ));
    assert!(says("stc125-terrain", "No cavalry attack."));
}

#[test]
fn limited_control_chart_is_the_rules() {
    // *Limited Control* (optional, R39): no general within 16" moves on 4-6.
    assert!(stc::OPTIONAL_RULES.contains(&OptionalRule::LimitedControl));
    assert_eq!(stc::limited_control(true), None);
    let score = stc::limited_control(false).expect("a roll is owed");
    let text = format!(
        "A unit with no general within {}\" at",
        stc::LIMITED_CONTROL_RADIUS
    );
    assert!(says("stc125-limited-control", &text), "{text}");
    let text = format!("  roll of {}.", band(score.needed()));
    assert!(says("stc125-limited-control", &text), "{text}");
}

/// The figures of the movement and morale charts as `sound-the-charge-1-25.txt`
/// prints them; Rn is ruling n of `docs/rulings-stc-1-25.md`.
const MOVEMENT_AND_MORALE_TEXT: &[probe::Text] = &[
    // The movement table, l.12-16 (HC/MC/LC 16/16/20 and 12/12/16; foot guns
    // 9 and 6/4/3; horse guns 20 and 6, R40); charge speed 1.5X, squares 3" (grade
    // D cannot move) and generals 32", l.12; skirmishers 6", l.53; *Roads* 1.5X,
    // l.73; *Approaching the Enemy* 2", l.49.
    ("stc125-movement-rates", "Infantry", "10 6"),
    ("stc125-movement-rates", "Heavy cavalry", "16 12"),
    ("stc125-movement-rates", "Medium cavalry", "16 12"),
    ("stc125-movement-rates", "Light cavalry", "20 16"),
    ("stc125-movement-rates", "Foot guns, light", "9 6"),
    ("stc125-movement-rates", "Foot guns, field", "9 4"),
    ("stc125-movement-rates", "Foot guns, heavy", "9 3"),
    ("stc125-movement-rates", "Horse guns, any", "20 6"),
    (
        "stc125-movement-rates",
        "Charge:",
        "1.5x the rate; a wheel of 45",
    ),
    (
        "stc125-movement-rates",
        "Road, column or limbered guns:",
        "1.5x",
    ),
    (
        "stc125-movement-rates",
        "Square",
        "3\"; a grade D square: no move.",
    ),
    (
        "stc125-movement-rates",
        "Skirmishers",
        "6\". Generals 32\".",
    ),
    ("stc125-movement-rates", "within", "2\" of an enemy."),
    // *Change formation and/or facing*, l.61; limbering, passing through and
    // sidesteps, l.63; *Rallying and Reforming*, l.65; *Wheeling*, l.67; *Skirmish
    // Screens*, l.55.
    ("stc125-maneuvers", "grade A-B", "half a move"),
    ("stc125-maneuvers", "grade C", "a full move"),
    ("stc125-maneuvers", "grade D", "a full move, disordered"),
    ("stc125-maneuvers", "unsteady at start:", "double the cost;"),
    ("stc125-maneuvers", "Limber/unlimber", "half a move"),
    ("stc125-maneuvers", "Reform disorder", "a full move"),
    ("stc125-maneuvers", "Screen out or in", "a quarter move"),
    ("stc125-maneuvers", "Sidestep, backstep, oblique:", "half"),
    ("stc125-maneuvers", "speed;", "a quarter if unsteady."),
    (
        "stc125-maneuvers",
        "Wheel about a corner:",
        "full speed; half",
    ),
    (
        "stc125-maneuvers",
        "Through a friend:",
        "half speed (or both",
    ),
    // *Retreat Moves*, l.18: 6-24" within 22.5 degrees; voluntary, 2 rout hits.
    (
        "stc125-retreats",
        "6\" to",
        "24\" away from the enemy, owner's",
    ),
    (
        "stc125-retreats",
        "choice, within",
        "22.5 deg either side of",
    ),
    ("stc125-retreats", "combat):", "2 rout hits, shaken. Light"),
    // Rally from Shaken, l.38-41; reforming a full move, l.65.
    ("stc125-rally", "A", "1 B 2 C 3 D 5"),
    ("stc125-rally", "Visible enemy able to charge it", "-2"),
    ("stc125-rally", "General with unit", "+1"),
    ("stc125-rally", "Reform (pass or fail):", "a full move."),
    // Fire Test (2+ hits), l.38-43; its failure, l.20.
    (
        "stc125-fire-test",
        "Owed by a unit taking",
        "2+ hits from one",
    ),
    ("stc125-fire-test", "A", "0 B 1 C 2 D 4"),
    ("stc125-fire-test", "Each full 2 hits of that fire", "-1"),
    ("stc125-fire-test", "(2-3 hits:", "-1, 4-5 hits: -2)"),
    (
        "stc125-fire-test",
        "Changed form or facing last turn,",
        "-2",
    ),
    ("stc125-fire-test", "and shot from", "8\" or less"),
    ("stc125-fire-test", "Shaken", "-2"),
    ("stc125-fire-test", "General with unit", "+1"),
    (
        "stc125-fire-test",
        "Fail:",
        "retreat 6-24\", shaken, 2 rout",
    ),
    ("stc125-fire-test", "hits;", "4 if it was shaken already."),
    // *Introduction*, l.5: shattered at 25% (R26).
    ("stc125-status", "starting models", "(24: 6, 10: 2, 8: 2);"),
    // *Caught with pants down*, l.47; the fire test's -2, l.41.
    (
        "stc125-pants-down",
        "that began",
        "8\" or less away: one die,",
    ),
    ("stc125-pants-down", "shaken on", "1-3."),
    ("stc125-pants-down", "takes", "-2 on its fire test."),
    // *Danger to Generals*, l.59; generals move 32", l.12; with a unit +1, l.36-43.
    (
        "stc125-generals",
        "Move",
        "32\"; attach or detach as they go.",
    ),
    ("stc125-generals", "With a unit:", "+1 to its fire test and"),
    ("stc125-generals", "rally,", "+1 CP in combat."),
    ("stc125-generals", "Unit takes", "4+ hits from one fire or"),
    ("stc125-generals", "a", "1. Rout and pursuit hits do not"),
    // *Skirmishers*, l.53; *Skirmish Screens*, l.55.
    (
        "stc125-skirmishers",
        "Move",
        "6\" free-form, within 6\" of the",
    ),
    (
        "stc125-skirmishers",
        "Attacked: may evade",
        "2D6\"; caught, they",
    ),
    (
        "stc125-skirmishers",
        "Screen: up to",
        "8 models of a screening",
    ),
    (
        "stc125-skirmishers",
        "unit, within",
        "2\" of it; a quarter move",
    ),
    // *Woods* l.69 (rifles as muskets, R32), *Obstacles* l.75, *Fieldworks* l.79.
    ("stc125-terrain", "combat. Seen at", "6\" unless firing."),
    (
        "stc125-terrain",
        "1\" of woods counts",
        "2\" to muskets and",
    ),
    ("stc125-terrain", "rifles,", "4\" canister, 6\" ballshot."),
    ("stc125-terrain", "Obstacle: usually", "1\" to cross; often"),
    (
        "stc125-terrain",
        "Fieldworks:",
        "2\" to cross, infantry only;",
    ),
    // *Limited Control* (optional), l.81.
    (
        "stc125-limited-control",
        "A unit with no general within",
        "16\" at",
    ),
    ("stc125-limited-control", "roll of", "4-6."),
];

#[test]
fn movement_and_morale_charts_are_the_texts_figures() {
    probe::holds(CHARTS, MOVEMENT_AND_MORALE_TEXT);
}

/// The figures of the firing and combat charts as `sound-the-charge-1-25.txt` prints
/// them; Rn is ruling n of `docs/rulings-stc-1-25.md`.
const FIRE_AND_COMBAT_TEXT: &[probe::Text] = &[
    // *Firing*, l.20: a die per 4 infantry or 2 crew, a last 3 rounding up, 22.5
    // degrees, half a move and fire, 2+ hits a fire test; *2-Rank Line*, l.83: a
    // die per 3, rounding up 2; column 1-8 wide, l.5; a square's face, R15.
    ("stc125-firing", "Infantry:", "a die per 4 models; a last 3"),
    ("stc125-firing", "adds one", "(12: 3, 11: 3, 10: 2)"),
    (
        "stc125-firing",
        "2-rank line:",
        "a die per 3; a last 2 adds",
    ),
    ("stc125-firing", "one", "(9: 3, 8: 3, 7: 2)"),
    ("stc125-firing", "Guns:", "a die per 2 crew models; an odd"),
    ("stc125-firing", "one adds nothing", "(8: 4, 7: 3)"),
    ("stc125-firing", "column its front rank", "(8 at most);"),
    ("stc125-firing", "square one face", "(24 models: 6);"),
    ("stc125-firing", "Move up to half and fire:", "-1."),
    ("stc125-firing", "Arc:", "22.5 deg to either side."),
    ("stc125-firing", "Through enemy skirmishers or guns:", "-1,"),
    ("stc125-firing", "2+ hits from one fire:", "fire test."),
    // The fire table, l.24-28.
    ("stc125-fire-table", "Muskets", "4\" 3-6 8\" 5-6"),
    ("stc125-fire-table", "Rifles", "8\" 5-6 16\" 6"),
    ("stc125-fire-table", "Canister, lt", "12\" 3-6 --"),
    ("stc125-fire-table", "Canister, fd", "16\" 3-6 --"),
    ("stc125-fire-table", "Canister, hv", "20\" 3-6 --"),
    ("stc125-fire-table", "Ballshot, lt", "16\" 5-6 36\" 6"),
    ("stc125-fire-table", "Ballshot, fd", "24\" 5-6 48\" 6"),
    ("stc125-fire-table", "Ballshot, hv", "30\" 5-6 60\" 6"),
    (
        "stc125-fire-table",
        "Woods between:",
        "each 1\" counts 2\" for",
    ),
    ("stc125-fire-table", "Ballshot may fire over a", "1-contour"),
    // Shooting modifiers, l.25-34; past 7+, R4.
    (
        "stc125-fire-modifiers",
        "Firer grade A/B/C/D (r)",
        "+2/+1/+0/-1",
    ),
    (
        "stc125-fire-modifiers",
        "Rifles, grade A/B/C/D",
        "+1/+1/+0/+0",
    ),
    ("stc125-fire-modifiers", "Firer moved or in square", "-1"),
    ("stc125-fire-modifiers", "Firer disordered", "-1"),
    ("stc125-fire-modifiers", "Ballshot at a dense target", "+1"),
    ("stc125-fire-modifiers", "Target artillery (r)", "-1"),
    ("stc125-fire-modifiers", "Target skirmishers (r)", "-2"),
    ("stc125-fire-modifiers", "Target in soft cover (r)", "-1"),
    ("stc125-fire-modifiers", "Target in hard cover", "-2"),
    (
        "stc125-fire-modifiers",
        "Through skirmishers or guns (r)",
        "-1",
    ),
    ("stc125-fire-modifiers", "7:", "4-6 8: 5-6 9: 6 10+: no hit"),
    // Base CP, l.22; Combat Point Modifiers, l.25-37.
    ("stc125-combat-points", "Heavy cavalry", "5"),
    ("stc125-combat-points", "Medium cavalry", "4"),
    ("stc125-combat-points", "Light cavalry", "3"),
    ("stc125-combat-points", "Infantry", "3"),
    ("stc125-combat-points", "Infantry without bayonets", "1"),
    ("stc125-combat-points", "Gun crew, skirmishers", "0"),
    ("stc125-combat-points", "Defensive fire, infantry", "+1"),
    (
        "stc125-combat-points",
        "Defensive fire, guns lt/fd/hv",
        "+2/+4/+6",
    ),
    ("stc125-combat-points", "Each grade above the enemy", "+1"),
    (
        "stc125-combat-points",
        "Steady cavalry vs foot not in square",
        "+2",
    ),
    ("stc125-combat-points", "Steady lancers, first round", "+1"),
    ("stc125-combat-points", "Flank/rear attack, or shaken", "-2"),
    ("stc125-combat-points", "Attacking soft/hard cover", "-1/-2"),
    (
        "stc125-combat-points",
        "Attacking an obstacle, 1st round",
        "-1",
    ),
    (
        "stc125-combat-points",
        "Disordered infantry/cavalry",
        "-1/-2",
    ),
    ("stc125-combat-points", "Cavalry vs a steady square", "-4"),
    ("stc125-combat-points", "Infantry vs any square", "+1"),
    ("stc125-combat-points", "General with unit", "+1"),
    ("stc125-combat-points", "steady 3-rank foot", "-1"),
    // Combat: Scores to hit per die, l.38-42; dice, l.22; the column's front (1-8
    // infantry or 1-6 cavalry wide, l.5; cavalry two ranks, l.22); a square's three
    // faces, l.12 (R15).
    ("stc125-combat-dice", "More (advantage)", "3-6"),
    ("stc125-combat-dice", "Same (even)", "4-6"),
    ("stc125-combat-dice", "Fewer by 1-2 (disadvantage)", "5-6"),
    ("stc125-combat-dice", "Fewer by 3 or more", "6"),
    (
        "stc125-combat-dice",
        "infantry, crew:",
        "a die per 4, a last 3",
    ),
    ("stc125-combat-dice", "adds one", "(24: 6, 11: 3)"),
    (
        "stc125-combat-dice",
        "cavalry:",
        "a die per 3, a last 2 adds",
    ),
    ("stc125-combat-dice", "one", "(12: 4, 8: 3, 7: 2)"),
    (
        "stc125-combat-dice",
        "Column front:",
        "8 infantry, 12 cavalry.",
    ),
    ("stc125-combat-dice", "next to it", "(24 models: 18 fight)."),
    // *Combat*, l.22: 4 rout hits, shattered on 1-3 or 8, a pursuit hit per 3
    // cavalry; *Attacking Artillery*, l.57: evading 2D6", limbered horse guns 3D6".
    (
        "stc125-combat-results",
        "Loser:",
        "retreats 6-24\", shaken, 4 rout",
    ),
    ("stc125-combat-results", "Shaken loser: rolls a die;", "1-3"),
    (
        "stc125-combat-results",
        "shattered, else retreats,",
        "8 rout hits.",
    ),
    (
        "stc125-combat-results",
        "Foot beaten by cavalry:",
        "1 pursuit hit",
    ),
    (
        "stc125-combat-results",
        "per full",
        "3 cavalry models left (11:",
    ),
    (
        "stc125-combat-results",
        "Gunners may evade:",
        "2D6\"; limbered horse",
    ),
    ("stc125-combat-results", "guns", "3D6\"."),
];

#[test]
fn fire_and_combat_charts_are_the_texts_figures() {
    probe::holds(CHARTS, FIRE_AND_COMBAT_TEXT);
}
