use super::*;
use crate::rules::old_trousers::unit::Transport;
use proptest::prelude::*;

fn redcoats() -> Unit {
    Unit::infantry("1/95th", Nation::British, Morale::Average, 12)
}

#[test]
fn the_table_prints_as_the_rulebook_does() {
    let printed: Vec<Vec<String>> = FIRE_TABLE
        .iter()
        .map(|r| (0..5).map(|h| r.cell(h)).collect())
        .collect();
    assert_eq!(printed[0], ["1-8", "9-10", ">10", "--", "--"]);
    assert_eq!(printed[1], ["1-5", "6-9", "10", ">10", "--"]);
    assert_eq!(printed[3], ["1-4", "5-6", "7-9", "10", ">10"]);
    assert_eq!(printed[5], ["1-2", "3-5", "6-7", "8-9", "10"]);
    assert_eq!(printed[6], ["1", "2-4", "5-6", "7-9", "10"]);
    assert_eq!(printed[7], ["<1", "1-3", "4-6", "7-8", "9-10"]);
    assert_eq!(printed[8], ["<0", "0-2", "3-5", "6-7", "8-10"]);
    assert_eq!(printed[9], ["<0", "0", "1-4", "5-7", "8-10"]);
}

#[test]
fn british_line_volley_on_a_column_in_light_cover() {
    // p18-19: 8 British figures × 3 = 24 points, row 21-25. Column +1, light cover
    // -1, firefight +2; a 7 becomes 9: two hits.
    let points = fire_points(
        &[Volley {
            figures: 8,
            marksman: Marksman::British,
            enfilade: false,
        }],
        &[],
    );
    assert_eq!(points.total(), 24);
    let mut target = Unit::infantry("1/21e", Nation::French, Morale::Average, 12);
    target.formation = Formation::AttackColumn;
    let mut facts = FireFacts::between(&redcoats(), &target);
    facts.cover = Some(Cover::Light);
    facts.firefight = true;
    let r = resolve_fire(points, &facts, &target, 7).expect("points");
    assert_eq!(r.row.label(), "21-25");
    assert_eq!(r.modified, 9);
    assert_eq!(r.hits, 2);
    assert_eq!(r.casualty, Casualty::Figures);
}

#[test]
fn guns_on_a_square_and_the_bounce_through_behind_it() {
    // p20: two 12 pdr at effective range, 2 each, +1 each on the flank: 6 points,
    // row 6-10. Square +2 (artillery), second round +1: an 8 becomes 11, over 10:
    // three hits, and the square is disordered.
    let points = fire_points(
        &[],
        &[Salvo {
            guns: 2,
            calibre: Calibre::Twelve,
            band: Band::Effective,
            flank: true,
        }],
    );
    assert_eq!(points.total(), 6);
    let guns = Unit::battery(
        "12s",
        Nation::French,
        Calibre::Twelve,
        Transport::Foot,
        2,
        6,
    );
    let mut square = redcoats();
    square.formation = Formation::Square;
    let mut facts = FireFacts::between(&guns, &square);
    facts.second_round = true;
    let r = resolve_fire(points, &facts, &square, 8).expect("points");
    assert_eq!((r.modified, r.hits), (11, 3));
    assert!(r.disorders_square);
    // p21: half of 6 = 3 points, row 1-5, the same 11: two hits on the unit behind.
    let behind = Unit::infantry("2/95th", Nation::British, Morale::Average, 12);
    let b = bounce_through(&r, &BounceFacts::default(), &behind).expect("bounces");
    assert_eq!(
        (b.table_points, b.row.label(), b.hits),
        (3, "1-5".to_owned(), 2)
    );
    assert!(!b.disorders_square);
    let mud = BounceFacts {
        muddy: true,
        ..BounceFacts::default()
    };
    assert!(bounce_through(&r, &mud, &behind).is_err());
}

#[test]
fn one_gun_point_does_not_bounce() {
    let points = fire_points(
        &[],
        &[Salvo {
            guns: 1,
            calibre: Calibre::Twelve,
            band: Band::Long,
            flank: false,
        }],
    );
    let target = redcoats();
    let guns = Unit::battery("12", Nation::French, Calibre::Twelve, Transport::Foot, 1, 3);
    let r =
        resolve_fire(points, &FireFacts::between(&guns, &target), &target, 10).expect("one point");
    assert_eq!(r.hits, 1);
    assert!(bounce_through(&r, &BounceFacts::default(), &target).is_err());
}

#[test]
fn musketry_on_a_battery_kills_gunners_and_guns_destroy_guns() {
    let mut battery = Unit::battery("b", Nation::French, Calibre::Six, Transport::Foot, 3, 6);
    battery.formation = Formation::Unlimbered;
    let volley = fire_points(
        &[Volley {
            figures: 6,
            marksman: Marksman::OtherInfantry,
            enfilade: true,
        }],
        &[],
    );
    assert_eq!(volley.total(), 18);
    let facts = FireFacts::between(
        &Unit::infantry("r", Nation::Russian, Morale::Good, 12),
        &battery,
    );
    // Row 16-20; unlimbered artillery -2, Russian musketry -1: a 10 becomes 7, in the
    // 7-9 column: 2 hits.
    let r = resolve_fire(volley, &facts, &battery, 10).expect("points");
    assert_eq!((r.modified, r.hits, r.casualty), (7, 2, Casualty::Gunners));
    let salvo = fire_points(
        &[],
        &[Salvo {
            guns: 2,
            calibre: Calibre::Six,
            band: Band::Canister,
            flank: false,
        }],
    );
    let r = resolve_fire(salvo, &facts, &battery, 10).expect("points");
    // Russian -1 is musketry only: 10 - 2 = 8 on row 6-10: one hit, a gun.
    assert_eq!((r.modified, r.hits, r.casualty), (8, 1, Casualty::Guns));
}

#[test]
fn skirmish_targets_and_screens() {
    let mut voltigeurs = Unit::infantry("volt", Nation::French, Morale::Excellent, 4);
    voltigeurs.formation = Formation::Skirmish;
    let mut jaegers = Unit::infantry("jaeger", Nation::Other, Morale::Good, 4);
    jaegers.formation = Formation::Skirmish;
    let mut line = redcoats();
    line.skirmish_ability = true;
    let on_french = FireFacts::between(&jaegers, &voltigeurs).modifiers();
    assert!(on_french.contains(&FireModifier::FrenchOrBritishSkirmishers));
    assert!(on_french.contains(&FireModifier::SkirmishingFirer));
    let on_jaegers = FireFacts::between(&voltigeurs, &jaegers).modifiers();
    assert!(on_jaegers.contains(&FireModifier::Skirmishers));
    assert!(on_jaegers.contains(&FireModifier::EliteFirer));
    let on_line = FireFacts::between(&voltigeurs, &line).modifiers();
    assert!(on_line.contains(&FireModifier::OrganicSkirmishers));
    // Organic skirmishers do not help against formed musketry.
    assert!(
        !FireFacts::between(&redcoats(), &line)
            .modifiers()
            .contains(&FireModifier::OrganicSkirmishers)
    );
    assert_eq!(
        Marksman::of(&voltigeurs),
        Some(Marksman::InfantrySkirmisher)
    );
}

#[test]
fn the_gun_table_and_its_ranges() {
    assert_eq!(gun_points(Calibre::Over12, Band::Effective), 3);
    assert_eq!(gun_points(Calibre::EightOrNine, Band::Canister), 4);
    assert_eq!(gun_points(Calibre::Six, Band::Long), 0);
    assert_eq!(gun_points(Calibre::Under6, Band::Canister), 3);
    assert_eq!(Band::at(Distance::inches(8)), Some(Band::Canister));
    assert_eq!(Band::at(Distance::quarters(33)), Some(Band::Effective));
    assert_eq!(Band::at(Distance::inches(35)), Some(Band::Long));
    assert_eq!(Band::at(Distance::quarters(141)), None);
}

#[test]
fn fire_beyond_fifty_points_reads_the_last_row() {
    assert_eq!(fire_row(0), None);
    assert_eq!(
        fire_row(50).map(|(r, past)| (r.points, past)),
        Some(((46, 50), false))
    );
    assert_eq!(
        fire_row(64).map(|(r, past)| (r.points, past)),
        Some(((46, 50), true))
    );
    assert_eq!(fire_row(5).map(|(r, _)| r.points), Some((1, 5)));
}

proptest! {
    #[test]
    fn more_fire_or_a_better_roll_never_scores_fewer_hits(points in 1u32..60, modified in -8i32..18) {
        let (row, _) = fire_row(points).expect("points");
        let (next, _) = fire_row(points + 1).expect("points");
        prop_assert!(next.hits(modified) >= row.hits(modified));
        prop_assert!(row.hits(modified + 1) >= row.hits(modified));
        prop_assert!(row.hits(modified) <= 4);
    }

    #[test]
    fn every_printed_roll_falls_in_exactly_one_cell(row in 0usize..10, modified in 1i32..=10) {
        let r = &FIRE_TABLE[row];
        let hits = r.hits(modified) as usize;
        let cell = r.cell(hits);
        let covers = |c: &str, m: i32| -> bool {
            if let Some(n) = c.strip_prefix('>') { return m > n.parse::<i32>().unwrap(); }
            if let Some(n) = c.strip_prefix('<') { return m < n.parse::<i32>().unwrap(); }
            match c.split_once('-') {
                Some((a, b)) => (a.parse::<i32>().unwrap()..=b.parse::<i32>().unwrap()).contains(&m),
                None => c.parse::<i32>().is_ok_and(|n| n == m),
            }
        };
        prop_assert!(covers(&cell, modified), "{} not in {}", modified, cell);
        for other in (0..5).filter(|&h| h != hits) {
            let c = r.cell(other);
            prop_assert!(c == "--" || !covers(&c, modified));
        }
    }
}
