// Why this file is long: the quick reference's search and drawing, held to each ruleset's
// text chart by chart.

use super::*;
use crate::core::chart::{Line, probe};
use crate::game::{Arm, Calibre, CavalryType, Formation, Grade, InfantryType, Unit};
use crate::rules::army_morale::ArmyStanding;
use crate::rules::combat_role::Role;
use crate::rules::sound_the_charge::movement::{self, Inches};
use crate::rules::sound_the_charge::shooting::{self, Range, Weapon};
use crate::rules::sound_the_charge::{self as stc, Nation, boats, combat, morale};
use std::collections::HashSet;

fn row(id: &str, label: &str) -> Vec<&'static str> {
    probe::row(CHARTS, id, label)
}

fn says(id: &str, text: &str) -> bool {
    probe::says(CHARTS, id, text)
}

fn whole(inches: Inches) -> String {
    (inches.quarters() / 4).to_string()
}

fn signed(n: i32) -> String {
    format!("{n:+}")
}

use crate::rules::sound_the_charge::movement::tests::unit;

const FOOT: Arm = Arm::Infantry(InfantryType::Line);

fn guns(calibre: Calibre, horse: bool) -> Arm {
    Arm::Artillery {
        calibre,
        guns: 4,
        horse,
    }
}

/// Every ruleset's charts, so the layout rules below hold for all of them.
fn every_chart() -> impl Iterator<Item = &'static Chart> {
    Ruleset::ALL.into_iter().flat_map(charts)
}

/// A sentence prints one number per place it leaves for one, and a name means one
/// number within its ruleset: the names are how house rules reach them.
#[test]
fn every_number_a_chart_prints_has_its_place_and_one_name() {
    for ruleset in Ruleset::ALL {
        let mut named = std::collections::HashMap::new();
        for chart in charts(ruleset) {
            for line in chart.lines {
                if let Line::Sentence(words, numbers) = *line {
                    let places = words.matches("{}").count()
                        + words.matches("{=}").count()
                        + words.matches("{+}").count();
                    assert_eq!(places, numbers.len(), "{}: {words:?}", chart.id);
                }
                for (number, _) in line.numbers() {
                    let value = *named.entry(number.name).or_insert(number.book);
                    assert_eq!(
                        value,
                        number.book,
                        "{}: {} names two numbers in {}",
                        chart.id,
                        number.name,
                        ruleset.id()
                    );
                    assert!(
                        !number.name.is_empty()
                            && number.name.chars().all(|c| c.is_ascii_lowercase()
                                || c.is_ascii_digit()
                                || matches!(c, '-' | '.')),
                        "{}: {:?} is not a name a file can give",
                        chart.id,
                        number.name
                    );
                }
            }
        }
    }
}

#[test]
fn ids_are_unique_and_every_chart_has_lines() {
    let mut seen = HashSet::new();
    for chart in every_chart() {
        assert!(seen.insert(chart.id), "{} twice", chart.id);
        assert!(!chart.lines.is_empty(), "{} is empty", chart.id);
        assert!(!chart.title.is_empty(), "{} has no title", chart.id);
    }
}

#[test]
fn every_line_fits_a_phone() {
    for chart in every_chart() {
        for text in std::iter::once(std::borrow::Cow::Borrowed(chart.title)).chain(chart.text()) {
            // ASCII, so the characters counted are the columns drawn.
            assert!(text.is_ascii(), "{}: {text:?} is not ASCII", chart.id);
            assert!(
                text.len() <= WIDTH,
                "{}: {text:?} is {} wide",
                chart.id,
                text.len()
            );
            assert_eq!(text.trim_end(), &*text, "{}: trailing spaces", chart.id);
        }
    }
}

#[test]
fn every_topic_has_a_chart() {
    for topic in [
        Topic::Sequence,
        Topic::Movement,
        Topic::Shooting,
        Topic::Morale,
        Topic::Rally,
        Topic::Combat,
        Topic::Generals,
        Topic::ArmyMorale,
        Topic::Optional,
        Topic::National,
    ] {
        assert!(CHARTS.iter().any(|c| c.topic == topic), "{}", topic.word());
    }
}

#[test]
fn an_empty_query_gives_every_chart_in_order() {
    let all = search("");
    assert_eq!(all.len(), CHARTS.len());
    assert!(all.iter().zip(CHARTS).all(|(a, b)| a.id == b.id));
    assert_eq!(search("   ").len(), CHARTS.len());
}

#[test]
fn rally_puts_the_rally_chart_first() {
    let found = search("rally");
    assert_eq!(found[0].id, "rally");
    // The nations' rally lines are found too, after the charts named for it.
    assert!(found.iter().any(|c| c.id == "nat-russia"));
    let first_line_only = found.iter().position(|c| c.id == "nat-russia");
    let line_rule = found.iter().position(|c| c.id == "opt-line-rally");
    assert!(line_rule < first_line_only);
    assert_eq!(search("RALLY")[0].id, "rally");
}

#[test]
fn heavy_guns_finds_the_shooting_ranges() {
    let found = search("heavy guns");
    assert!(found.iter().any(|c| c.id == "shooting-ranges"));
    assert!(found.iter().any(|c| c.id == "movement-rates"));
}

#[test]
fn every_word_must_match() {
    assert!(search("zeppelin").is_empty());
    assert!(search("rally zeppelin").is_empty());
    let found = search("spanish cav");
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].id, "nat-spain");
}

#[test]
fn turn_sequence_lists_the_five_phases_in_order() {
    // *Turn Sequence* (sound-the-charge.txt l.65-73; playsheet l.387-395): rally,
    // movement, shooting, combat, reform.
    for (n, word) in ["Rally", "Movement", "Shooting", "Combat", "Reform"]
        .into_iter()
        .enumerate()
    {
        assert_eq!(row("turn-sequence", &format!("{} ", n + 1))[0], word);
    }
    for (n, phase) in stc::SEQUENCE.iter().enumerate() {
        let label = format!("{} ", n + 1);
        let rest = row("turn-sequence", &label);
        assert!(
            rest[0].eq_ignore_ascii_case(phase.word()),
            "phase {n}: {rest:?}"
        );
    }
}

#[test]
fn movement_table_rates_are_the_codes() {
    // *Movement Table*: infantry 4/6/+2 ... heavy guns 2/4, from `movement::rate`.
    let cases: [(&str, Arm, Formation, Formation); 7] = [
        ("Infantry", FOOT, Formation::Line, Formation::Column),
        (
            "Heavy/med. cavalry",
            Arm::Cavalry(CavalryType::Heavy),
            Formation::Line,
            Formation::Column,
        ),
        (
            "Light cavalry",
            Arm::Cavalry(CavalryType::Light),
            Formation::Line,
            Formation::Column,
        ),
        (
            "Horse guns, lt/fd",
            guns(Calibre::Field, true),
            Formation::Unlimbered,
            Formation::Limbered,
        ),
        (
            "Light guns",
            guns(Calibre::Light, false),
            Formation::Unlimbered,
            Formation::Limbered,
        ),
        (
            "Field guns",
            guns(Calibre::Field, false),
            Formation::Unlimbered,
            Formation::Limbered,
        ),
        (
            "Heavy guns",
            guns(Calibre::Heavy, false),
            Formation::Unlimbered,
            Formation::Limbered,
        ),
    ];
    for (label, arm, line, column) in cases {
        let charge =
            movement::charge_bonus(arm).map_or("--".to_owned(), |b| format!("+{}", whole(b)));
        let expected = vec![
            whole(movement::rate(arm, line, None).0),
            whole(movement::rate(arm, column, None).0),
            charge,
        ];
        assert_eq!(row("movement-rates", label), expected, "{label}");
    }
    // Medium cavalry shares the heavy row.
    assert_eq!(
        movement::rate(Arm::Cavalry(CavalryType::Medium), Formation::Line, None),
        movement::rate(Arm::Cavalry(CavalryType::Heavy), Formation::Line, None)
    );
    assert!(says("charging", "infantry +2   cavalry +4   guns --"));
}

#[test]
fn shooting_ranges_are_the_weapons() {
    // *Shooting Table*: heavy guns reach 24", musketry 2"/4"; 3-6 close, 5-6 far.
    for weapon in [
        Weapon::Musketry,
        Weapon::LightGuns,
        Weapon::FieldGuns,
        Weapon::HeavyGuns,
    ] {
        let (close, far) = weapon.ranges();
        let word = weapon.word();
        let label = format!("{}{}", word[..1].to_uppercase(), &word[1..]);
        assert_eq!(
            row("shooting-ranges", &label),
            vec![close.to_string(), far.to_string()],
            "{word}"
        );
    }
    assert_eq!(Weapon::HeavyGuns.ranges().1, 24);
    let scores = format!(
        "To hit: close {}-6, far {}-6.",
        Range::Close.score_to_hit(),
        Range::Far.score_to_hit()
    );
    assert!(says("shooting-ranges", &scores));
}

#[test]
fn shooting_dice_examples_are_the_codes() {
    // *Shooting*, General Rules: a die per 4 front-rank figures, a last 3 counts.
    let text = format!(
        "(12: {}, 7: {}, 2: {})",
        shooting::infantry_dice(12),
        shooting::infantry_dice(7),
        shooting::infantry_dice(2)
    );
    assert!(says("shooting-dice", &text), "{text}");
    assert_eq!(shooting::artillery_dice(4, 7), 3, "a gun needs two gunners");
}

#[test]
fn bounce_through_distances_are_the_codes() {
    // *Artillery Bounce-Through*: light 4", field 4", heavy 6".
    for (label, calibre) in [
        ("Light guns", Calibre::Light),
        ("Field guns", Calibre::Field),
        ("Heavy guns", Calibre::Heavy),
    ] {
        let inches = format!("{}\"", shooting::bounce_through_inches(calibre));
        assert_eq!(row("opt-bounce-through", label), vec![inches]);
    }
}

#[test]
fn morale_charts_score_the_grades_as_the_code() {
    // *Rally from Shaken Status Test* and *Morale Test if Hit by Shooting*: C needs 2-6.
    let grades = format!(
        "A {}-6   B {}-6   C {}-6   D {}-6",
        morale::grade_score(Grade::A),
        morale::grade_score(Grade::B),
        morale::grade_score(Grade::C),
        morale::grade_score(Grade::D)
    );
    assert!(says("rally", &grades));
    assert!(says("shooting-test", &grades));
    assert_eq!(morale::grade_score(Grade::C), 2);
}

#[test]
fn rally_modifiers_are_the_codes() {
    // *Rally from Shaken Status Test*: threat -3; general attached +1.
    let mut shaken = unit(FOOT, Grade::C, Formation::Line);
    shaken.morale = crate::game::Morale::Shaken;
    let facts = morale::NerveFacts::default();
    let threat = morale::rally(&shaken, false, true, facts, None, false);
    let threat_mod = threat.chart - threat.needed();
    assert_eq!(
        row("rally", "Visible enemy able to charge it"),
        vec![signed(threat_mod)]
    );
    let general = morale::rally(&shaken, true, false, facts, None, false);
    assert_eq!(
        row("rally", "General attached"),
        vec![signed(general.chart - general.needed())]
    );
    let line = morale::rally(&shaken, false, false, facts, None, true);
    assert_eq!(
        row("rally", "Optional: infantry in line"),
        vec![signed(line.chart - line.needed())]
    );
}

/// Issue 38: the shaken row was held to the text but not to the rule, so a rule
/// changed to -1 left the `/` window saying -2 with every test green. The row is now
/// printed from `morale::SHAKEN`, and the test must subtract that same number.
#[test]
fn shooting_test_shaken_is_the_code() {
    // *Morale Test if Hit by Shooting*: shaken -2.
    let facts = morale::NerveFacts::default();
    let steady = unit(FOOT, Grade::C, Formation::Line);
    let mut shaken = steady.clone();
    shaken.morale = crate::game::Morale::Shaken;
    let worse = morale::shooting_test(&shaken, 0, false, facts, None).needed()
        - morale::shooting_test(&steady, 0, false, facts, None).needed();
    assert_eq!(row("shooting-test", "Shaken"), vec![signed(-worse)]);
    assert_eq!(-worse, morale::SHAKEN.value());
}

#[test]
fn shooting_test_square_and_failures_are_the_codes() {
    // *Morale Test if Hit by Shooting*: in square +2; fail 2" and 1 rout hit, or 4"
    // and 2 when already shaken.
    let facts = morale::NerveFacts::default();
    let square = unit(FOOT, Grade::C, Formation::Square);
    let in_square = morale::shooting_test(&square, 0, false, facts, None);
    assert_eq!(
        row("shooting-test", "In square"),
        vec![signed(in_square.chart - in_square.needed())]
    );
    let mut line = unit(FOOT, Grade::C, Formation::Line);
    let fresh = morale::shooting_test_failure(&line, false);
    let text = format!("back {}\", shaken,", fresh.retreat_inches);
    assert!(says("shooting-test", &text));
    assert!(says(
        "shooting-test",
        &format!("  {} rout hit.", fresh.rout_hits)
    ));
    line.morale = crate::game::Morale::Shaken;
    let again = morale::shooting_test_failure(&line, false);
    let text = format!(
        "back {}\", {} rout hits.",
        again.retreat_inches, again.rout_hits
    );
    assert!(says("shooting-test", &text), "{text}");
}

#[test]
fn combat_score_to_hit_follows_the_points_gap() {
    // *Scores to Hit in Combat*: behind by 2 points needs 5-6; ahead 3-6.
    let cases = [
        ("Ahead (advantage)", 5, 4),
        ("Even", 4, 4),
        ("Behind by 1-2", 2, 4),
        ("Behind by 3 or more", 1, 4),
    ];
    for (label, own, enemy) in cases {
        let (needed, _) = combat::score_to_hit(own, enemy);
        let shown = if needed == 6 {
            "6".to_owned()
        } else {
            format!("{needed}-6")
        };
        assert_eq!(row("combat-to-hit", label), vec![shown], "{label}");
    }
    assert_eq!(combat::score_to_hit(3, 4).0, 5);
    assert_eq!(combat::score_to_hit(1, 5).0, 6);
}

#[test]
fn combat_results_are_the_loss_chart() {
    // *Combat Results to Loser*: 4" and 2 rout hits; shaken or flanked 6" and 4.
    let mut foot = unit(FOOT, Grade::C, Formation::Line);
    let fresh = combat::loss(&foot, false, false, false);
    assert_eq!(
        row("combat-results", "In good morale"),
        vec![
            format!("{}\"", fresh.retreat_inches),
            fresh.rout_hits.to_string()
        ]
    );
    let flanked = combat::loss(&foot, true, false, false);
    foot.morale = crate::game::Morale::Shaken;
    let shaken = combat::loss(&foot, false, false, false);
    assert_eq!(
        (flanked.retreat_inches, flanked.rout_hits),
        (shaken.retreat_inches, shaken.rout_hits)
    );
    assert_eq!(
        row("combat-results", "Shaken or flanked"),
        vec![
            format!("{}\"", shaken.retreat_inches),
            shaken.rout_hits.to_string()
        ]
    );
    let fresh_foot = unit(FOOT, Grade::C, Formation::Line);
    assert_eq!(
        combat::loss(&fresh_foot, false, true, false).rout_hits,
        fresh.rout_hits * 2,
        "x2 against cavalry"
    );
    assert!(says("combat-results", "rout hits x2"));
}

fn fighter(unit: &Unit, role: Role) -> combat::Combatant<'_> {
    combat::Combatant::plain(unit, role)
}

#[test]
fn combat_points_are_the_codes() {
    // *Combat Points and Modifiers*: heavy cavalry 4, medium 3, light 2, foot 2; grade
    // A guns' defensive fire +5, and heavy guns +1 more; cavalry against a square -4.
    let ground = combat::Ground::default();
    let foot = unit(FOOT, Grade::C, Formation::Column);
    let enemy = fighter(&foot, Role::Attacker);
    for (label, arm) in [
        ("Heavy cavalry", Arm::Cavalry(CavalryType::Heavy)),
        ("Medium cavalry", Arm::Cavalry(CavalryType::Medium)),
        ("Light cavalry", Arm::Cavalry(CavalryType::Light)),
        ("Infantry, artillery", FOOT),
    ] {
        let horse = unit(arm, Grade::C, Formation::Line);
        let points = combat::points(&fighter(&horse, Role::Attacker), &enemy, ground);
        assert_eq!(
            row("combat-points", label),
            vec![points.total().to_string()]
        );
    }
    let battery = |grade, calibre| {
        let guns = unit(guns(calibre, false), grade, Formation::Unlimbered);
        let me = fighter(&guns, Role::Defender);
        // Against grade A, so no grade bonus counts.
        let grenadiers = unit(FOOT, Grade::A, Formation::Column);
        combat::points(&me, &fighter(&grenadiers, Role::Attacker), ground).total()
    };
    let fire: Vec<String> = [Grade::A, Grade::B, Grade::C, Grade::D]
        .into_iter()
        .zip(["A", "B", "C", "D"])
        .map(|(grade, letter)| format!("{letter}{:+}", battery(grade, Calibre::Field) - 2))
        .collect();
    assert_eq!(row("combat-points", "Gun defensive fire"), fire);
    assert_eq!(
        battery(Grade::C, Calibre::Heavy) - battery(Grade::C, Calibre::Field),
        1
    );
    assert_eq!(
        battery(Grade::C, Calibre::Light) - battery(Grade::C, Calibre::Field),
        -1
    );
    let square = unit(FOOT, Grade::C, Formation::Square);
    let horse = unit(Arm::Cavalry(CavalryType::Light), Grade::C, Formation::Line);
    let against_square = combat::points(
        &fighter(&horse, Role::Attacker),
        &fighter(&square, Role::Defender),
        ground,
    );
    assert_eq!(
        row("combat-points", "Cavalry vs square (or masse)"),
        vec![(against_square.total() - 2).to_string()]
    );
}

#[test]
fn combat_dice_and_figures_are_the_codes() {
    // *Eligible Figures* and *Dice in Combat* (ruling 27): a column of foot fights with
    // 8, of horse with 6; cavalry rolls a die per 3, a last 2 counting.
    let column = unit(FOOT, Grade::C, Formation::Column);
    assert!(says(
        "combat-dice",
        &format!(
            "infantry column    {} figures",
            combat::eligible_figures(&column)
        )
    ));
    let horse = unit(
        Arm::Cavalry(CavalryType::Light),
        Grade::C,
        Formation::Column,
    );
    assert!(says(
        "combat-dice",
        &format!(
            "cavalry column     {} figures",
            combat::eligible_figures(&horse)
        )
    ));
    assert_eq!(combat::cavalry_dice(8), 3, "a last 2 counts");
    assert_eq!(combat::cavalry_dice(7), 2);
    let square = unit(FOOT, Grade::C, Formation::Square);
    assert_eq!(combat::eligible_figures(&square), 9, "all but a quarter");
}

#[test]
fn shattered_examples_are_the_codes() {
    // *Shattered Units* (ruling 1): 12 figures at 3, 10 at 2, 8 gunners at 2.
    let text = format!(
        "12 at {}, 10 at {}, 8 at {}.",
        stc::shattered_at(12),
        stc::shattered_at(10),
        stc::shattered_at(8)
    );
    assert!(says("shattered", &text), "{text}");
}

#[test]
fn generals_figures_are_the_codes() {
    // *Generals*: a 1 kills him, so he survives on 2.
    assert_eq!(stc::general_survives_on(), 2, "a 1 kills him");
}

#[test]
fn army_morale_threshold_is_the_codes() {
    // *Army Morale*: half or more, 14 units break at 7.
    let standing = |units| ArmyStanding {
        units,
        shaken_or_gone: 0,
    };
    let text = format!(
        "14 units break at {}, 3 at {}.",
        standing(14).breaks_at(),
        standing(3).breaks_at()
    );
    assert!(says("army-morale", &text), "{text}");
}

#[test]
fn optional_rule_figures_are_the_codes() {
    // *Wider Cavalry Basing*: one rout hit fewer, never under one.
    assert_eq!(stc::wider_basing_rout_hits(2), 1);
    assert_eq!(stc::wider_basing_rout_hits(1), 1);
    // *Blown Cavalry*: after the second round.
    assert_eq!(stc::BLOWN_AFTER_ROUNDS, 2);
    assert!(says("opt-blown", "its 2nd"));
    // *Boats*: 4" rowing, 2" upstream, one die landing, artillery two turns.
    let text = format!(
        "Row {}\" across or downstream, {}\" up.",
        boats::ROWING,
        boats::UPSTREAM
    );
    assert!(says("opt-boats", &text));
    assert!(says(
        "opt-boats",
        &format!("Landing attack: {} die", boats::LANDING_DICE)
    ));
    assert!(says(
        "opt-boats",
        &format!("rows back {}\"", boats::RETREAT_INCHES)
    ));
    let text = format!(
        "Embark or land: {} turn, guns {} turns.",
        boats::turns_to_board(FOOT),
        boats::turns_to_board(guns(Calibre::Light, false))
    );
    assert!(says("opt-boats", &text));
    // *Regimental Guns*: light-gun ranges.
    let (close, far) = Weapon::LightGuns.ranges();
    assert!(says("opt-regimental-guns", &format!("{close}\"/{far}\"")));
    // The retreat chart's limits.
    assert!(says(
        "retreats",
        &format!("up to {}", movement::evade_max())
    ));
    assert!(says(
        "retreats",
        &format!("at most {}.", movement::retreat_max())
    ));
}

#[test]
fn national_movement_figures_are_the_codes() {
    // *National Modifiers*: Austrian horse guns limbered 10"; Russian foot guns 2"
    // slower (field guns limbered 6" become 4").
    let horse = guns(Calibre::Field, true);
    let austrian = movement::rate(horse, Formation::Limbered, Some(Nation::Austria)).0;
    assert!(says(
        "nat-austria",
        &format!("Horse guns limbered: {austrian}, not")
    ));
    let field = guns(Calibre::Field, false);
    let usual = movement::rate(field, Formation::Limbered, None).0;
    let russian = movement::rate(field, Formation::Limbered, Some(Nation::Russia)).0;
    let slower = Inches(usual.quarters() - russian.quarters());
    assert!(says("nat-russia", &format!("move {slower} slower")));
    // Spain: cavalry needs 3-6 to charge.
    let cavalry = unit(Arm::Cavalry(CavalryType::Light), Grade::C, Formation::Line);
    let needed = movement::charge_roll_needed(&cavalry, Some(Nation::Spain));
    assert_eq!(needed, Some(3));
    assert!(says("nat-spain", "Cavalry rolls 3-6 to charge"));
}

/// The figures of the movement charts as `sound-the-charge.txt` prints them.
const MOVEMENT_TEXT: &[probe::Text] = &[
    // *Movement Table*, l.132-140 (playsheet l.416-425).
    ("movement-rates", "Infantry", "4 6 +2"),
    ("movement-rates", "Heavy/med. cavalry", "6 8 +4"),
    ("movement-rates", "Light cavalry", "8 10 +4"),
    ("movement-rates", "Horse guns, lt/fd", "4 14 --"),
    ("movement-rates", "Light guns", "4 6 --"),
    ("movement-rates", "Field guns", "3 6 --"),
    ("movement-rates", "Heavy guns", "2 4 --"),
    ("charging", "infantry", "+2 cavalry +4 guns --"),
    // Under the table, l.141; playsheet l.427: half speed; generals move 18".
    ("movement-rates", "Out of command at phase start:", "half."),
    ("movement-rates", "Generals move", "18\"."),
    // *Units out of Command* l.106, *Interpenetration* l.108, *Zones of Control*
    // l.124, *Oblique, Sidestep, and Backstep* l.126, *Wheeling* l.128, *Roads* l.318.
    ("movement-halvings", "Out of command", "x1/2"),
    ("movement-halvings", "Oblique, sidestep, backstep", "x1/2"),
    ("movement-halvings", "Wheel, grade D or unsteady", "x1/2"),
    ("movement-halvings", "Wheel backwards", "x1/4"),
    ("movement-halvings", "Through friendly close order", "x1/2"),
    (
        "movement-halvings",
        "Column/limbered on road all turn",
        "x2",
    ),
    ("movement-halvings", "Not within", "1\" of an enemy unless"),
    // *Change Formation/Facing* l.165 (playsheet l.470); *Artillery Movement* l.110.
    ("maneuvers", "Steady A or B", "half the move"),
    ("maneuvers", "Steady C", "the whole move"),
    ("maneuvers", "Grade D", "whole move, disordered"),
    ("maneuvers", "Limber/unlimber:", "half a move, any grade,"),
    // *Terrain Suggestions*, l.308-326: light and heavy woods, steep slopes,
    // obstacles, towns (24 figures, 12 fire a side, 36 attack, 12 at a manor),
    // fieldworks (a full move to cross).
    ("terrain", "Light woods", "full 1/2, D 1/4, D"),
    ("terrain", "Heavy woods", "1/2 1/4, D no entry"),
    ("terrain", "Steep/rough", "full 1/2, D 1/2, D"),
    ("terrain", "Obstacle", "free x2 dist x2 dist"),
    ("terrain", "Town, enter", "free free, D no entry"),
    ("terrain", "Town, leave", "1/2 1/2 --"),
    ("terrain", "Fieldworks", "whole whole, D no entry"),
    ("terrain", "Obstacle:", "x2 distance or 1\" a rank;"),
    ("terrain", "Sight inside:", "light woods 6\", heavy 4\"."),
    ("terrain", "Town block:", "24 figures, fire 12 a side,"),
    ("terrain", "up to", "36 attackers a side (manor 12)."),
    // *Retreat Moves*, l.143-153 (an 18" cone at 45 degrees, a 4" gap, 1" after
    // the first 2"); failed test 2"/4" (l.211), lost combat 4"/6" (l.243), bounce
    // 4" (l.267); *Evading*, l.227: 8" at most, 1" clear.
    ("retreats", "Cone", "18\" long, 45 deg either side of a"),
    ("retreats", "At least:", "failed test 2\"/4\", combat"),
    ("retreats", "loss", "4\"/6\", bounce 4\"; at most 18\"."),
    ("retreats", "pass a gap", "under 4\" between enemies;"),
    ("retreats", "come within", "1\" of a free enemy after"),
    ("retreats", "its first", "2\";"),
    ("retreats", "Evade (skirmishers, gunners):", "up to 8\","),
    ("retreats", "only to", "1\" clear; gunners leave guns."),
];

#[test]
fn movement_charts_are_the_texts_figures() {
    probe::holds(CHARTS, MOVEMENT_TEXT);
}

/// The figures of the shooting and morale charts as `sound-the-charge.txt` prints them.
const SHOOTING_AND_MORALE_TEXT: &[probe::Text] = &[
    // *Shooting*, General Rules, l.175: a die per four front-rank figures, a last
    // three rounding up (so 12: 3, 7: 2, 2: none), a gun with two gunners, 45
    // degrees; front rank by formation, ruling 8; *Overhead Fire...*, l.181: a
    // hanging flank of 7 foot, 5 cavalry or 2 guns.
    ("shooting-dice", "Foot:", "1 die per 4 front-rank figures,"),
    ("shooting-dice", "a last 3 adds one", "(12: 3, 7: 2, 2: 0)"),
    ("shooting-dice", "Guns:", "1 die per unlimbered gun that"),
    ("shooting-dice", "has", "2 gunners."),
    ("shooting-dice", "4; square one face", "(1/4, round up)."),
    ("shooting-dice", "Foot may move half speed and fire,", "-1."),
    ("shooting-dice", "Arc", "45 deg either side of each figure."),
    ("shooting-dice", "7 foot,", "5 horse or 2 guns."),
    // *Shooting Table*, l.187-192 (playsheet l.451-457).
    ("shooting-ranges", "Musketry", "2 4"),
    ("shooting-ranges", "Light guns", "4 12"),
    ("shooting-ranges", "Field guns", "6 20"),
    ("shooting-ranges", "Heavy guns", "8 24"),
    ("shooting-ranges", "To hit:", "close 3-6, far 5-6."),
    // *Modifiers to Hit*, l.193-200; the nations, l.369 and l.379 (ruling 11).
    ("shooting-modifiers", "Firer grade A or B", "+1"),
    ("shooting-modifiers", "Firer grade D", "-1"),
    ("shooting-modifiers", "Guns at a dense target", "+1"),
    ("shooting-modifiers", "Firer moved this turn", "-1"),
    (
        "shooting-modifiers",
        "Firer disordered and/or in square",
        "-1",
    ),
    ("shooting-modifiers", "Target in soft cover, behind a", "-1"),
    (
        "shooting-modifiers",
        "Target in hard cover or skirmishing",
        "-2",
    ),
    ("shooting-modifiers", "National: steady British foot", "+1;"),
    ("shooting-modifiers", "all Russian fire", "-1."),
    // *Morale Test if Hit by Shooting*, l.204-211 (playsheet l.473-482).
    ("shooting-test", "A", "0-6 B 1-6 C 2-6 D 3-6"),
    ("shooting-test", "In square", "+2"),
    ("shooting-test", "Each shooting hit this turn", "-1"),
    ("shooting-test", "Shaken", "-2"),
    ("shooting-test", "General attached", "+1"),
    ("shooting-test", "No general in CR, none attached", "-1"),
    ("shooting-test", "Fail in good morale:", "back 2\", shaken,"),
    ("shooting-test", "1", "rout hit."),
    (
        "shooting-test",
        "Fail when shaken:",
        "back 4\", 2 rout hits.",
    ),
    // *Rally from Shaken Status Test*, l.83-86; playsheet l.410 (ruling 55).
    ("rally", "A", "0-6 B 1-6 C 2-6 D 3-6"),
    ("rally", "Visible enemy able to charge it", "-3"),
    ("rally", "General attached", "+1"),
    ("rally", "No general in CR, none attached", "-1"),
    ("rally", "Optional: infantry in line", "-1"),
];

#[test]
fn shooting_and_morale_charts_are_the_texts_figures() {
    probe::holds(CHARTS, SHOOTING_AND_MORALE_TEXT);
}

/// The figures of the combat and generals charts as `sound-the-charge.txt` prints them.
const COMBAT_TEXT: &[probe::Text] = &[
    // *Combat Points and Modifiers to Combat Points*, l.284-301; "elite" is only on
    // the playsheet, l.439; steady British defensive fire l.291.
    ("combat-points", "Heavy cavalry", "4"),
    ("combat-points", "Medium cavalry", "3"),
    ("combat-points", "Light cavalry", "2"),
    ("combat-points", "Infantry, artillery", "2"),
    ("combat-points", "Gun defensive fire", "A+5 B+4 C+3 D+1"),
    ("combat-points", "heavy guns", "+1, light guns -1"),
    ("combat-points", "Infantry defensive fire", "+1"),
    ("combat-points", "steady British (national)", "+2"),
    ("combat-points", "Each grade above the enemy", "+1"),
    ("combat-points", "Elite", "+1"),
    ("combat-points", "Under flank/rear attack", "-2"),
    ("combat-points", "Disordered (never guns)", "-1"),
    ("combat-points", "Shaken", "-2"),
    ("combat-points", "Attacking up a steep slope", "-1"),
    ("combat-points", "Attacking soft / hard cover", "-1/-2"),
    ("combat-points", "Cavalry vs square (or masse)", "-4"),
    ("combat-points", "General attached", "+1"),
    ("combat-points", "No general in CR, none attached", "-1"),
    ("combat-points", "Blown cavalry (optional)", "-1"),
    ("combat-points", "Stationary cavalry (optional)", "-1"),
    // *Scores to Hit in Combat*, l.275-279 (playsheet l.397-402).
    ("combat-to-hit", "Ahead (advantage)", "3-6"),
    ("combat-to-hit", "Even", "4-6"),
    ("combat-to-hit", "Behind by 1-2", "5-6"),
    ("combat-to-hit", "Behind by 3 or more", "6"),
    // *Eligible Figures in Combat*, l.239 (two ranks of a column four foot or three
    // horse wide, *Formations* l.40: ruling 27); *Dice in Combat*, l.241; *Wider
    // Cavalry Basing*, l.334; *Boats*, l.361.
    ("combat-dice", "infantry column", "8 figures"),
    ("combat-dice", "cavalry column", "6 figures"),
    ("combat-dice", "square", "3 faces (all but"),
    ("combat-dice", "Foot:", "1 die per 4, a last 3 counts"),
    ("combat-dice", "Cavalry:", "1 die per 3, a last 2 counts"),
    ("combat-dice", "Guns:", "1 die per gun with 2 gunners"),
    ("combat-dice", "Wider basing (opt):", "cavalry 1 per 2."),
    ("combat-dice", "Landing from boats (opt):", "1 die."),
    // *Combat Results*, l.243-245 (and l.282); Russia, l.379.
    ("combat-results", "In good morale", "4\" 2"),
    ("combat-results", "Shaken or flanked", "6\" 4"),
    (
        "combat-results",
        "Foot that fought cavalry:",
        "rout hits x2.",
    ),
    ("combat-results", "when", "2 or more hits behind."),
    // Artillery in combat, l.261; *Cavalry Bouncing off Squares*, l.267; *Mutually
    // Protected Flanks*, l.269.
    ("combat-special", "Battery of", "2+ guns attacked in front:"),
    ("combat-special", "cavalry back", "4\", disordered, not"),
    ("combat-special", "square. Corners within", "1\", 90 deg+:"),
    // *Shattered Units*, l.79: a quarter (ruling 1).
    ("shattered", "fewer:", "12 at 3, 10 at 2, 8 at 2."),
    // *Generals*, l.57-59: CR 8", killed on a 1 after 2+ hits, captured on a 1, else
    // up to 9" away; playsheet l.427: moves 18".
    ("generals", "Command radius (CR)", "8\"; moves 18\"."),
    ("generals", "His unit takes", "2+ hits in one shot or"),
    ("generals", "round: roll, on a", "1 he is killed."),
    ("generals", "destroyed: roll, on a", "1 captured,"),
    ("generals", "else he rides up to", "9\" clear."),
    // *Army Morale*, l.347: half or more (rounded up, ruling 40).
    ("army-morale", "up:", "14 units break at 7, 3 at 2."),
];

#[test]
fn combat_and_generals_charts_are_the_texts_figures() {
    probe::holds(CHARTS, COMBAT_TEXT);
}

/// The figures of the optional and national charts as `sound-the-charge.txt` prints
/// them.
const OPTIONAL_AND_NATIONAL_TEXT: &[probe::Text] = &[
    // *Wider Cavalry Basing*, l.332-334.
    (
        "opt-wider-basing",
        "Cavalry",
        "3/4\" a figure; 50 troopers a",
    ),
    ("opt-wider-basing", "figure; units usually", "8 figures."),
    ("opt-wider-basing", "Combat dice:", "1 per 2 cavalry, no"),
    (
        "opt-wider-basing",
        "Rout hits:",
        "1 fewer than listed, never",
    ),
    ("opt-wider-basing", "under", "1 (combat and shooting test)."),
    // *Blown Cavalry*, l.336, and *Stationary Cavalry*, l.338, at -1 (l.300-301).
    ("opt-blown", "Blown once it has fought its", "2nd"),
    ("opt-blown", "Combat points", "-1"),
    ("opt-stationary", "Cavalry that neither advanced", "2\" on"),
    ("opt-stationary", "Combat points", "-1"),
    // *Voluntary Retreat*, l.340-345.
    (
        "opt-voluntary-retreat",
        "Up to",
        "18\" away from the nearest enemy.",
    ),
    (
        "opt-voluntary-retreat",
        "Ends farther from every enemy, and",
        "4\"",
    ),
    (
        "opt-voluntary-retreat",
        "Good morale:",
        "1 rout hit, now shaken.",
    ),
    ("opt-voluntary-retreat", "Already shaken:", "2 rout hits."),
    // *Artillery Bounce-Through*, l.351-355.
    ("opt-bounce-through", "Light guns", "4\""),
    ("opt-bounce-through", "Field guns", "4\""),
    ("opt-bounce-through", "Heavy guns", "6\""),
    // *Regimental Guns*, l.359, at the light guns' ranges (l.190).
    (
        "opt-regimental-guns",
        "1 light gun,",
        "2 gunners, with a foot",
    ),
    (
        "opt-regimental-guns",
        "1 die, light-gun ranges",
        "4\"/12\".",
    ),
    // *Boats*, l.361: "one move" back is the 4" a boat rows.
    ("opt-boats", "A boat:", "12 foot, 6 horse or 2 guns."),
    ("opt-boats", "Embark or land:", "1 turn, guns 2 turns."),
    ("opt-boats", "Row", "4\" across or downstream, 2\" up."),
    ("opt-boats", "Landing attack:", "1 die; the bank counts"),
    ("opt-boats", "Landing beaten: rows back", "4\", afloat."),
    // *Pinning*, l.363; line infantry rally, playsheet l.410.
    ("opt-pinning", "Any maneuver but a wheel within", "4\" of"),
    ("opt-line-rally", "Infantry in line, rally test", "-1"),
    // *National Modifiers*, l.367-381.
    ("nat-austria", "Horse guns limbered:", "10\", not 14\"."),
    ("nat-austria", "Rally: infantry line in the open", "-1"),
    ("nat-britain", "Steady foot: defensive fire", "+2, not +1."),
    ("nat-britain", "Steady foot shooting", "+1"),
    ("nat-britain", "1-4", "follows, fights again next turn."),
    ("nat-britain", "goes too; back on", "5-6, rolled each"),
    ("nat-france", "Rally: infantry line in the open", "-1"),
    ("nat-france", "Shooting test: foot column that", "+1"),
    ("nat-prussia-pre-1810", "Rally: infantry in column", "-1"),
    ("nat-prussia-post-1810", "horse guns at the usual", "14\"."),
    (
        "nat-prussia-post-1810",
        "Rally: infantry line in the open",
        "-1",
    ),
    ("nat-russia", "All fire, muskets and guns, to hit", "-1"),
    ("nat-russia", "Foot guns move", "2\" slower."),
    ("nat-russia", "Shooting test: foot column that", "+1"),
    ("nat-russia", "Rally: infantry in line", "-1"),
    ("nat-russia", "Foot loses a combat only when", "2 or"),
    ("nat-spain", "Cavalry rolls", "3-6 to charge; else no"),
    ("nat-spain", "Shooting test: foot line in the open", "-1"),
    ("nat-spain", "Shooting test: foot column that", "+1"),
];

#[test]
fn optional_and_national_charts_are_the_texts_figures() {
    probe::holds(CHARTS, OPTIONAL_AND_NATIONAL_TEXT);
}
