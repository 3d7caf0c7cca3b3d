use super::*;
use proptest::prelude::*;
use {LeaderRating as L, StaffRating as S, TacticalRating as T};

fn corps(rating: LeaderRating) -> Commander {
    Commander::senior(Echelon::Corps, rating, TacticalRating::Average)
}

fn division(rating: TacticalRating) -> Commander {
    Commander::subordinate(Echelon::InfantryDivision, rating)
}

#[test]
fn initiative_adds_leader_staff_surprise_and_momentum() {
    // p10: excellent +2, professional +1, surprise +2, momentum +1 on a 4 = 10;
    // poor -2, incompetent -2 on a 9 = 5.
    let bold = InitiativeFacts {
        senior: LeaderRating::Excellent,
        staff: StaffRating::Professional,
        surprise: true,
        momentum: true,
    };
    let dull = InitiativeFacts {
        senior: LeaderRating::Poor,
        staff: StaffRating::Incompetent,
        surprise: false,
        momentum: false,
    };
    let result = initiative(&bold, 4, &dull, 9);
    assert_eq!(result.a.total, 10);
    assert_eq!(result.a.modifiers.len(), 4);
    assert_eq!(result.b.total, 5);
    assert_eq!(result.winner, Some(Player::A));
}

#[test]
fn a_tied_initiative_is_rerolled_without_modifiers() {
    let good = InitiativeFacts {
        senior: LeaderRating::Good,
        staff: StaffRating::Competent,
        surprise: false,
        momentum: false,
    };
    let fair = InitiativeFacts {
        senior: LeaderRating::Fair,
        ..good
    };
    // 5 + 1 = 6 against 7 - 1 = 6.
    assert_eq!(initiative(&good, 5, &fair, 7).winner, None);
    assert_eq!(initiative_reroll(2, 8), Some(Player::B));
    assert_eq!(initiative_reroll(3, 3), None);
    assert!(momentum_next_turn(Player::B, Player::B));
    assert!(!momentum_next_turn(Player::B, Player::A));
}

#[test]
fn activation_must_beat_the_staff_number() {
    // p13: competent staff 10; a good issuer +1 who is attached -1, an average
    // receiver 0: the d20 must beat 10, so 11 activates and 10 does not.
    let facts = ActivationFacts {
        staff: StaffRating::Competent,
        issuer: corps(LeaderRating::Good),
        issuer_attached: true,
        receiver: division(TacticalRating::Average),
        receiver_attached: false,
    };
    assert_eq!(activation_score(&facts).needed(), 11);
    assert!(activate(&facts, 11).activated);
    assert!(!activate(&facts, 10).activated);
}

#[test]
fn a_superb_staff_and_good_leaders_activate_on_a_four() {
    // Superb 6; excellent +2 and good +1: 4 + 3 = 7 beats 6, 3 + 3 = 6 does not.
    let facts = ActivationFacts {
        staff: StaffRating::Superb,
        issuer: corps(LeaderRating::Excellent),
        issuer_attached: false,
        receiver: division(TacticalRating::Good),
        receiver_attached: false,
    };
    assert!(activate(&facts, 4).activated);
    assert!(!activate(&facts, 3).activated);
}

#[test]
fn a_poor_division_commander_reads_minus_two_on_activation() {
    // Ruling 4: incompetent 14, poor corps -2, poor division -2, both attached -2:
    // the d20 must show 21, which it cannot.
    let facts = ActivationFacts {
        staff: StaffRating::Incompetent,
        issuer: corps(LeaderRating::Poor),
        issuer_attached: true,
        receiver: division(TacticalRating::Poor),
        receiver_attached: true,
    };
    assert_eq!(activation_score(&facts).needed(), 21);
    assert!(!activate(&facts, 20).activated);
}

#[test]
fn command_points_follow_rating_and_the_turns_event() {
    let excellent = corps(LeaderRating::Excellent);
    assert_eq!(
        command_points(&excellent, StaffRating::Competent, None).total,
        4
    );
    // Army and corps commanders are untouched by the divisional events.
    let confused = command_points(
        &excellent,
        StaffRating::Competent,
        Some(RandomEvent::CommandConfusion),
    );
    assert_eq!(confused.total, 4);
    let poor = division(TacticalRating::Poor);
    let confused = command_points(
        &poor,
        StaffRating::Competent,
        Some(RandomEvent::CommandConfusion),
    );
    assert_eq!(confused.total, 0, "1 - 2 stops at 0");
    let average = division(TacticalRating::Average);
    let bonus = command_points(
        &average,
        StaffRating::Superb,
        Some(RandomEvent::CommandBonus),
    );
    assert_eq!(bonus.total, 5);
    let no_bonus = command_points(
        &average,
        StaffRating::Inefficient,
        Some(RandomEvent::CommandBonus),
    );
    assert_eq!(no_bonus.total, 2);
}

#[test]
fn command_ranges_and_the_elevated_commander() {
    let brigade = Commander::subordinate(Echelon::CavalryBrigade, TacticalRating::Good);
    assert_eq!(brigade.command_range(false), 5);
    assert_eq!(division(TacticalRating::Good).command_range(true), 15);
    assert_eq!(corps(LeaderRating::Fair).command_range(true), 20);
}

#[test]
fn a_replacement_is_a_step_worse_everywhere() {
    let c = Commander::senior(Echelon::Army, LeaderRating::Good, TacticalRating::Good);
    let r = c.replacement();
    assert_eq!(r.leader_rating(), LeaderRating::Average);
    assert_eq!(r.tactical, TacticalRating::Average);
    assert_eq!(
        division(TacticalRating::Poor).replacement().tactical,
        TacticalRating::Poor
    );
}

#[test]
fn three_casualties_disable_the_commander_on_three_or_less() {
    assert!(commander_casualty(3, 3).disabled);
    assert!(!commander_casualty(3, 4).disabled);
    assert!(commander_casualty(10, 10).disabled);
}

#[test]
fn the_attack_order_example_falls_one_short() {
    // p12 example: 12 units under Attack, 6 within 8": a quarter (3) must fight;
    // two charged: one short, so one unit is disordered and shaken.
    let c = compliance(Order::Attack, 12, 6, 2, 2);
    assert_eq!(c.duty, Duty::Fight { at_least: 3 });
    assert_eq!(c.short, 1);
    // p13 example: ten battalions and two batteries under Attack owe three a turn.
    assert_eq!(duty(Order::Attack, 12, 12), Duty::Fight { at_least: 3 });
    // Before half are close, two thirds advance.
    assert_eq!(duty(Order::Attack, 12, 5), Duty::Advance { at_least: 8 });
}

#[test]
fn small_commands_owe_two_fighters_and_fractions_round_up() {
    assert_eq!(duty(Order::Attack, 4, 2), Duty::Fight { at_least: 2 });
    assert_eq!(duty(Order::Withdraw, 10, 0), Duty::Advance { at_least: 7 });
    assert_eq!(duty(Order::Engage, 7, 1), Duty::Advance { at_least: 4 });
    assert_eq!(duty(Order::Engage, 7, 2), Duty::Fire { at_least: 1 });
    assert_eq!(duty(Order::Defend, 7, 7), Duty::Position);
    // Engage allows one charge: a second is a breach.
    assert_eq!(compliance(Order::Engage, 8, 4, 1, 2).short, 1);
}

// *Order Activation*, p13 (Old Trousers II): a d20, plus the ratings of the leader who
// issues the order and the one who receives it, must beat the staff's number. The
// numbers below are copied from the *Order Activation Table* on that page, not taken
// from the code under test.

/// *Order Activation Table*, Staff Rating column.
const TEXT_STAFF_NUMBERS: [(StaffRating, i32); 5] = [
    (StaffRating::Superb, 6),
    (StaffRating::Professional, 8),
    (StaffRating::Competent, 10),
    (StaffRating::Inefficient, 12),
    (StaffRating::Incompetent, 14),
];

/// *Order Activation Table*, Leader Rating Modifiers column.
const TEXT_LEADER_MODIFIERS: [(LeaderRating, i32); 5] = [
    (LeaderRating::Excellent, 2),
    (LeaderRating::Good, 1),
    (LeaderRating::Average, 0),
    (LeaderRating::Fair, -1),
    (LeaderRating::Poor, -2),
];

/// A division commander has only a tactical rating (*Commanders: Ratings*, p11), read
/// as the same word in the Leader Rating column (ruling 4): good +1, average +0,
/// poor -2.
const TEXT_DIVISION_MODIFIERS: [(TacticalRating, i32); 3] = [
    (TacticalRating::Good, 1),
    (TacticalRating::Average, 0),
    (TacticalRating::Poor, -2),
];

/// *Order Activation Table*: an attached leader is -1, counted once for the issuer and
/// once more for the receiver when each is attached.
const TEXT_ATTACHED: i32 = -1;

/// Worked activations: staff; the issuing corps commander's rating and whether he is
    /// attached; the receiving division commander's rating and whether he is attached; the
    /// lowest d20 face that activates (`None`: no face does). Each comment works "the
    /// modified result must be greater than the Staff Rating" out by hand from the tables
    /// above: d20 + modifiers > staff, so the lowest face is staff + 1 - modifiers.
    #[rustfmt::skip]
    const WORKED: [(S, L, bool, T, bool, Option<u8>); 13] = [
        // Superb 6; excellent +2, good +1 = +3: d20 + 3 > 6 from a 4.
        (S::Superb, L::Excellent, false, T::Good, false, Some(4)),
        // Superb 6; poor -2, poor -2, both attached -1 -1 = -6: d20 - 6 > 6 from a 13.
        (S::Superb, L::Poor, true, T::Poor, true, Some(13)),
        // Professional 8; good +1 attached -1, average +0 = 0: d20 > 8 from a 9.
        (S::Professional, L::Good, true, T::Average, false, Some(9)),
        // Professional 8; fair -1, good +1 attached -1 = -1: d20 - 1 > 8 from a 10.
        (S::Professional, L::Fair, false, T::Good, true, Some(10)),
        // Competent 10; average +0, average +0 = 0: d20 > 10 from an 11.
        (S::Competent, L::Average, false, T::Average, false, Some(11)),
        // Competent 10; excellent +2, poor -2 = 0: from an 11.
        (S::Competent, L::Excellent, false, T::Poor, false, Some(11)),
        // Competent 10; good +1, good +1, both attached -2 = 0: from an 11.
        (S::Competent, L::Good, true, T::Good, true, Some(11)),
        // Inefficient 12; fair -1, poor -2 = -3: d20 - 3 > 12 from a 16.
        (S::Inefficient, L::Fair, false, T::Poor, false, Some(16)),
        // Inefficient 12; excellent +2, average +0 attached -1 = +1: d20 + 1 > 12 from a 12.
        (S::Inefficient, L::Excellent, false, T::Average, true, Some(12)),
        // Incompetent 14; excellent +2, good +1, both attached -2 = +1: from a 14.
        (S::Incompetent, L::Excellent, true, T::Good, true, Some(14)),
        // Incompetent 14; average +0, average +0 = 0: from a 15.
        (S::Incompetent, L::Average, false, T::Average, false, Some(15)),
        // Incompetent 14; poor -2 attached -1, poor -2 = -5: d20 - 5 > 14 only on a 20.
        (S::Incompetent, L::Poor, true, T::Poor, false, Some(20)),
        // Incompetent 14; poor -2, poor -2, both attached -2 = -6, the worst there is: a
        // 20 makes 14, not greater than 14, so no face activates.
        (S::Incompetent, L::Poor, true, T::Poor, true, None),
    ];

#[test]
fn activation_matches_the_worked_cases_from_the_text() {
    for (i, &(staff, issuer, ia, receiver, ra, lowest)) in WORKED.iter().enumerate() {
        let facts = ActivationFacts {
            staff,
            issuer: corps(issuer),
            issuer_attached: ia,
            receiver: division(receiver),
            receiver_attached: ra,
        };
        for face in 1..=20 {
            let expected = lowest.is_some_and(|lowest| face >= lowest);
            assert_eq!(
                activate(&facts, face).activated,
                expected,
                "case {i} on a d20 of {face}"
            );
        }
        let needed = lowest.map_or(21, i32::from);
        assert_eq!(activation_score(&facts).needed(), needed, "case {i}");
    }
}

proptest! {
    #[test]
    fn activation_is_the_d20_plus_ratings_beating_the_staff(
        (staff, number) in prop::sample::select(TEXT_STAFF_NUMBERS.to_vec()),
        (issuer, issuer_modifier) in prop::sample::select(TEXT_LEADER_MODIFIERS.to_vec()),
        (receiver, receiver_modifier) in prop::sample::select(TEXT_DIVISION_MODIFIERS.to_vec()),
        ia in any::<bool>(), ra in any::<bool>(), face in 1u8..=20,
    ) {
        let facts = ActivationFacts {
            staff,
            issuer: corps(issuer),
            issuer_attached: ia,
            receiver: division(receiver),
            receiver_attached: ra,
        };
        // The oracle is the text's tables above, not the code's ratings.
        let total = i32::from(face)
            + issuer_modifier
            + receiver_modifier
            + TEXT_ATTACHED * (i32::from(ia) + i32::from(ra));
        prop_assert_eq!(activate(&facts, face).activated, total > number);
        // A higher die never does worse.
        if face < 20 && activate(&facts, face).activated {
            prop_assert!(activate(&facts, face + 1).activated);
        }
    }

    #[test]
    fn the_better_modified_initiative_wins_whichever_side_it_sits(
        a in 1u8..=10, b in 1u8..=10, sa in 0usize..5, sb in 0usize..5,
    ) {
        let fa = InitiativeFacts { senior: LeaderRating::ALL[sa], staff: StaffRating::ALL[sb], surprise: false, momentum: false };
        let fb = InitiativeFacts { senior: LeaderRating::ALL[sb], staff: StaffRating::ALL[sa], surprise: true, momentum: false };
        let ab = initiative(&fa, a, &fb, b).winner;
        let ba = initiative(&fb, b, &fa, a).winner;
        prop_assert_eq!(ab.map(Player::other), ba);
    }

    #[test]
    fn a_command_short_of_nothing_did_at_least_its_duty(units in 1u32..30, close in 0u32..30, done in 0u32..30) {
        let close = close.min(units);
        let done = done.min(units);
        let c = compliance(Order::Attack, units, close, done, 0);
        let needed = match c.duty { Duty::Fight { at_least } | Duty::Advance { at_least } => at_least, _ => 0 };
        prop_assert!(needed <= units);
        prop_assert_eq!(c.short == 0, done >= needed);
    }
}
