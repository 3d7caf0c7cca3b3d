//! Command: ratings, the initiative, order activation, command points, command range,
//! commander casualties and the six orders (*Initiative Phase* p9-10, *Commanders*
//! p11-12, *Orders* p12, *Order Activation* and *Command Points* p13-14).

// Why this file is long: *Command* in full (p9-14): ratings, the initiative, activation,
// command points, range, casualties and the six orders.

use super::Player;
use super::dice::{Die, check_face};
use super::random_events::{COMMAND_BONUS, COMMAND_CONFUSION, RandomEvent};
use crate::core::chart::{Number, Written};
use crate::core::score::{Modifier, Score};
use serde::{Deserialize, Serialize};

// *Commanders: Ratings* (p11), read on the *Initiative Die Roll Modifiers* (p10) and the
// *Order Activation Table* (p13) alike, and *Command Points* (p13). The quick reference
// prints them from here.

/// An excellent leader, on the initiative and activation dice.
pub const EXCELLENT_LEADER: Number = Number {
    name: "leaders.excellent",
    book: 2,
};
/// A good leader, on the initiative and activation dice.
pub const GOOD_LEADER: Number = Number {
    name: "leaders.good",
    book: 1,
};
/// An average leader, on the initiative and activation dice.
pub const AVERAGE_LEADER: Number = Number {
    name: "leaders.average",
    book: 0,
};
/// A fair leader, on the initiative and activation dice.
pub const FAIR_LEADER: Number = Number {
    name: "leaders.fair",
    book: -1,
};
/// A poor leader, on the initiative and activation dice.
pub const POOR_LEADER: Number = Number {
    name: "leaders.poor",
    book: -2,
};
/// Command points of an excellent army or corps commander.
pub const EXCELLENT_COMMAND_POINTS: Number = Number {
    name: "leaders.excellent.command-points",
    book: 4,
};
/// Command points of a good army or corps commander.
pub const GOOD_COMMAND_POINTS: Number = Number {
    name: "leaders.good.command-points",
    book: 3,
};
/// Command points of an average army or corps commander.
pub const AVERAGE_COMMAND_POINTS: Number = Number {
    name: "leaders.average.command-points",
    book: 2,
};
/// Command points of a fair army or corps commander.
pub const FAIR_COMMAND_POINTS: Number = Number {
    name: "leaders.fair.command-points",
    book: 1,
};
/// Command points of a poor army or corps commander.
pub const POOR_COMMAND_POINTS: Number = Number {
    name: "leaders.poor.command-points",
    book: 0,
};
/// Command points of a good division or cavalry brigade commander (ruling 4).
pub const GOOD_DIVISION_POINTS: Number = Number {
    name: "leaders.good.division-command-points",
    book: 3,
};
/// Command points of a average division or cavalry brigade commander (ruling 4).
pub const AVERAGE_DIVISION_POINTS: Number = Number {
    name: "leaders.average.division-command-points",
    book: 2,
};
/// Command points of a poor division or cavalry brigade commander (ruling 4).
pub const POOR_DIVISION_POINTS: Number = Number {
    name: "leaders.poor.division-command-points",
    book: 1,
};

/// Leadership rating of army and corps commanders (*Commanders: Ratings*, p11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LeaderRating {
    Excellent,
    Good,
    Average,
    Fair,
    Poor,
}

impl LeaderRating {
    pub const ALL: [LeaderRating; 5] = [
        LeaderRating::Excellent,
        LeaderRating::Good,
        LeaderRating::Average,
        LeaderRating::Fair,
        LeaderRating::Poor,
    ];

    /// On the initiative die (p10) and, for issuer and receiver, the activation die
    /// (p13); the two tables give the same numbers.
    pub fn modifier(self) -> i32 {
        self.modifier_row().value()
    }

    /// The row of [`LeaderRating::modifier`].
    pub fn modifier_row(self) -> &'static Number {
        match self {
            LeaderRating::Excellent => &EXCELLENT_LEADER,
            LeaderRating::Good => &GOOD_LEADER,
            LeaderRating::Average => &AVERAGE_LEADER,
            LeaderRating::Fair => &FAIR_LEADER,
            LeaderRating::Poor => &POOR_LEADER,
        }
    }

    /// Command points an army or corps commander receives each order segment (p13).
    pub fn command_points(self) -> u32 {
        match self {
            LeaderRating::Excellent => EXCELLENT_COMMAND_POINTS.count(),
            LeaderRating::Good => GOOD_COMMAND_POINTS.count(),
            LeaderRating::Average => AVERAGE_COMMAND_POINTS.count(),
            LeaderRating::Fair => FAIR_COMMAND_POINTS.count(),
            LeaderRating::Poor => POOR_COMMAND_POINTS.count(),
        }
    }

    /// A replacement is one category worse (*Commanders: Attachment & Casualties*, p12).
    #[must_use]
    pub fn worse(self) -> LeaderRating {
        match self {
            LeaderRating::Excellent => LeaderRating::Good,
            LeaderRating::Good => LeaderRating::Average,
            LeaderRating::Average => LeaderRating::Fair,
            LeaderRating::Fair | LeaderRating::Poor => LeaderRating::Poor,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            LeaderRating::Excellent => "excellent",
            LeaderRating::Good => "good",
            LeaderRating::Average => "average",
            LeaderRating::Fair => "fair",
            LeaderRating::Poor => "poor",
        }
    }
}

/// Tactical rating (p11): every commander's, and the only rating a division or cavalry
/// brigade commander has, so it also sets his command points and activation modifier
/// (ruling 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TacticalRating {
    Good,
    Average,
    Poor,
}

impl TacticalRating {
    pub const ALL: [TacticalRating; 3] = [
        TacticalRating::Good,
        TacticalRating::Average,
        TacticalRating::Poor,
    ];

    /// Command points a division or cavalry brigade commander receives (p13).
    pub fn command_points(self) -> u32 {
        match self {
            TacticalRating::Good => GOOD_DIVISION_POINTS.count(),
            TacticalRating::Average => AVERAGE_DIVISION_POINTS.count(),
            TacticalRating::Poor => POOR_DIVISION_POINTS.count(),
        }
    }

    /// Read on the leadership table under the same word (ruling 4).
    pub fn as_leader(self) -> LeaderRating {
        match self {
            TacticalRating::Good => LeaderRating::Good,
            TacticalRating::Average => LeaderRating::Average,
            TacticalRating::Poor => LeaderRating::Poor,
        }
    }

    #[must_use]
    pub fn worse(self) -> TacticalRating {
        match self {
            TacticalRating::Good => TacticalRating::Average,
            TacticalRating::Average | TacticalRating::Poor => TacticalRating::Poor,
        }
    }

    pub fn word(self) -> &'static str {
        self.as_leader().word()
    }
}

// A staff's *Initiative Die Roll Modifiers* (p10) and the number its activation d20
// must beat (*Order Activation Table*, p13). The quick reference prints them from here.

/// A superb staff, on the initiative die.
pub const SUPERB_STAFF: Number = Number {
    name: "staff.superb",
    book: 2,
};
/// A professional staff, on the initiative die.
pub const PROFESSIONAL_STAFF: Number = Number {
    name: "staff.professional",
    book: 1,
};
/// A competent staff, on the initiative die.
pub const COMPETENT_STAFF: Number = Number {
    name: "staff.competent",
    book: 0,
};
/// An inefficient staff, on the initiative die.
pub const INEFFICIENT_STAFF: Number = Number {
    name: "staff.inefficient",
    book: -1,
};
/// An incompetent staff, on the initiative die.
pub const INCOMPETENT_STAFF: Number = Number {
    name: "staff.incompetent",
    book: -2,
};
/// The activation d20 of a superb staff beats this.
pub const SUPERB_ACTIVATION: Number = Number {
    name: "staff.superb.activation",
    book: 6,
};
/// The activation d20 of a professional staff beats this.
pub const PROFESSIONAL_ACTIVATION: Number = Number {
    name: "staff.professional.activation",
    book: 8,
};
/// The activation d20 of a competent staff beats this.
pub const COMPETENT_ACTIVATION: Number = Number {
    name: "staff.competent.activation",
    book: 10,
};
/// The activation d20 of an inefficient staff beats this.
pub const INEFFICIENT_ACTIVATION: Number = Number {
    name: "staff.inefficient.activation",
    book: 12,
};
/// The activation d20 of an incompetent staff beats this.
pub const INCOMPETENT_ACTIVATION: Number = Number {
    name: "staff.incompetent.activation",
    book: 14,
};

/// A nation's military staff (p10, p13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StaffRating {
    Superb,
    Professional,
    Competent,
    Inefficient,
    Incompetent,
}

impl StaffRating {
    pub const ALL: [StaffRating; 5] = [
        StaffRating::Superb,
        StaffRating::Professional,
        StaffRating::Competent,
        StaffRating::Inefficient,
        StaffRating::Incompetent,
    ];

    /// On the initiative die (*Initiative Die Roll Modifiers*, p10).
    pub fn initiative_modifier(self) -> i32 {
        self.initiative_row().value()
    }

    /// The row of [`StaffRating::initiative_modifier`].
    fn initiative_row(self) -> &'static Number {
        match self {
            StaffRating::Superb => &SUPERB_STAFF,
            StaffRating::Professional => &PROFESSIONAL_STAFF,
            StaffRating::Competent => &COMPETENT_STAFF,
            StaffRating::Inefficient => &INEFFICIENT_STAFF,
            StaffRating::Incompetent => &INCOMPETENT_STAFF,
        }
    }

    /// The number the modified d20 must beat to activate an order (*Order Activation
    /// Table*, p13).
    pub fn activation_number(self) -> i32 {
        self.activation_row().value()
    }

    /// The row of [`StaffRating::activation_number`].
    fn activation_row(self) -> &'static Number {
        match self {
            StaffRating::Superb => &SUPERB_ACTIVATION,
            StaffRating::Professional => &PROFESSIONAL_ACTIVATION,
            StaffRating::Competent => &COMPETENT_ACTIVATION,
            StaffRating::Inefficient => &INEFFICIENT_ACTIVATION,
            StaffRating::Incompetent => &INCOMPETENT_ACTIVATION,
        }
    }

    /// Whether the *Command Bonus* random event helps this staff (p10).
    pub fn takes_command_bonus(self) -> bool {
        matches!(
            self,
            StaffRating::Superb | StaffRating::Professional | StaffRating::Competent
        )
    }

    pub fn word(self) -> &'static str {
        match self {
            StaffRating::Superb => "superb",
            StaffRating::Professional => "professional",
            StaffRating::Competent => "competent",
            StaffRating::Inefficient => "inefficient",
            StaffRating::Incompetent => "incompetent",
        }
    }
}

// *Commanders: Command Range* (p11), in inches. The quick reference prints them from
// here.

/// Army and corps commanders.
pub const ARMY_OR_CORPS_RANGE: Number = Number {
    name: "leaders.range.army-or-corps",
    book: 15,
};
/// Infantry and cavalry division commanders.
pub const DIVISION_RANGE: Number = Number {
    name: "leaders.range.division",
    book: 10,
};
/// Cavalry brigade commanders.
pub const CAVALRY_BRIGADE_RANGE: Number = Number {
    name: "leaders.range.cavalry-brigade",
    book: 5,
};

/// The commanders represented on the table (*Commanders*, p11). Infantry brigade
/// commanders are not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Echelon {
    Army,
    Corps,
    CavalryDivision,
    InfantryDivision,
    CavalryBrigade,
}

impl Echelon {
    pub const ALL: [Echelon; 5] = [
        Echelon::Army,
        Echelon::Corps,
        Echelon::CavalryDivision,
        Echelon::InfantryDivision,
        Echelon::CavalryBrigade,
    ];

    /// Command range in inches (*Commanders: Command Range*, p11).
    pub fn command_range(self) -> u32 {
        let range = match self {
            Echelon::CavalryBrigade => &CAVALRY_BRIGADE_RANGE,
            Echelon::InfantryDivision | Echelon::CavalryDivision => &DIVISION_RANGE,
            Echelon::Corps | Echelon::Army => &ARMY_OR_CORPS_RANGE,
        };
        range.count()
    }

    /// Army and corps commanders send orders and have a leadership rating; the others
    /// receive orders and command points.
    pub fn senior(self) -> bool {
        matches!(self, Echelon::Army | Echelon::Corps)
    }

    pub fn word(self) -> &'static str {
        match self {
            Echelon::Army => "army",
            Echelon::Corps => "corps",
            Echelon::CavalryDivision => "cavalry division",
            Echelon::InfantryDivision => "infantry division",
            Echelon::CavalryBrigade => "cavalry brigade",
        }
    }
}

/// A commander overlooking most of the field sees this much further (p11).
pub const ELEVATED_RANGE_BONUS: Number = Number {
    name: "leaders.range.elevated",
    book: 5,
};
/// How far a commander may move each turn (*Movement: Commanders*, p15).
pub const COMMANDER_MOVE: u32 = 20;
/// An unattached commander keeps this far from enemy units (p15, p17).
pub const COMMANDER_STANDOFF: u32 = 3;
/// How close an unattached commander must be to attach, at any time (p11).
pub const ATTACH_REACH: u32 = 6;
/// A replacement commander arrives this close to a unit of his command (p12).
pub const REPLACEMENT_PLACEMENT: u32 = 2;

/// A commander's ratings. Only army and corps commanders have a leadership rating.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Commander {
    pub echelon: Echelon,
    leadership: Option<LeaderRating>,
    pub tactical: TacticalRating,
}

impl Commander {
    /// An army or corps commander.
    pub fn senior(
        echelon: Echelon,
        leadership: LeaderRating,
        tactical: TacticalRating,
    ) -> Commander {
        assert!(
            echelon.senior(),
            "only army and corps commanders have a leadership rating"
        );
        Commander {
            echelon,
            leadership: Some(leadership),
            tactical,
        }
    }

    /// A division or cavalry brigade commander.
    pub fn subordinate(echelon: Echelon, tactical: TacticalRating) -> Commander {
        assert!(
            !echelon.senior(),
            "army and corps commanders need a leadership rating"
        );
        Commander {
            echelon,
            leadership: None,
            tactical,
        }
    }

    /// The rating read for initiative and activation (ruling 4).
    pub fn leader_rating(&self) -> LeaderRating {
        self.leadership.unwrap_or(self.tactical.as_leader())
    }

    pub fn command_range(&self, elevated: bool) -> u32 {
        self.echelon.command_range()
            + if elevated {
                ELEVATED_RANGE_BONUS.count()
            } else {
                0
            }
    }

    /// The replacement for a disabled commander (p12): worse in every rating.
    #[must_use]
    pub fn replacement(&self) -> Commander {
        Commander {
            echelon: self.echelon,
            leadership: self.leadership.map(LeaderRating::worse),
            tactical: self.tactical.worse(),
        }
    }
}

/// What a player states for his initiative roll (p9-10).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InitiativeFacts {
    /// The senior ranking leader's leadership rating (an off-table corps commander's in
    /// a small scenario, p8).
    pub senior: LeaderRating,
    pub staff: StaffRating,
    /// The scenario grants surprise for this turn.
    pub surprise: bool,
    /// This player moved first last turn.
    pub momentum: bool,
}

/// *Initiative Die Roll Modifiers* (p10): surprise, as the scenario grants it.
pub const SURPRISE: Number = Number {
    name: "initiative.surprise",
    book: 2,
};
/// *Initiative Die Roll Modifiers* (p10): momentum, for moving first last turn.
pub const MOMENTUM: Number = Number {
    name: "initiative.momentum",
    book: 1,
};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InitiativeRoll {
    pub face: u8,
    pub modifiers: Vec<Modifier>,
    pub total: i32,
}

/// Both players' initiative rolls and who won; `None` is a tie, rerolled without
/// modifiers ([`initiative_reroll`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Initiative {
    pub a: InitiativeRoll,
    pub b: InitiativeRoll,
    pub winner: Option<Player>,
}

pub fn initiative_roll(facts: &InitiativeFacts, d10: u8) -> InitiativeRoll {
    check_face(Die::D10, d10);
    let mut modifiers = vec![
        Modifier::from_number(
            facts.senior.modifier_row(),
            format!("{} senior leader", facts.senior.word()),
        ),
        Modifier::from_number(
            facts.staff.initiative_row(),
            format!("{} staff", facts.staff.word()),
        ),
    ];
    if facts.surprise {
        modifiers.push(Modifier::from_number(&SURPRISE, "surprise"));
    }
    if facts.momentum {
        modifiers.push(Modifier::from_number(
            &MOMENTUM,
            "momentum: moved first last turn",
        ));
    }
    let total = i32::from(d10) + modifiers.iter().map(|m| m.value).sum::<i32>();
    InitiativeRoll {
        face: d10,
        modifiers,
        total,
    }
}

/// *Initiative Phase* (p9): the higher modified d10 wins and chooses who moves first.
pub fn initiative(a: &InitiativeFacts, a_d10: u8, b: &InitiativeFacts, b_d10: u8) -> Initiative {
    let a = initiative_roll(a, a_d10);
    let b = initiative_roll(b, b_d10);
    let winner = match a.total.cmp(&b.total) {
        std::cmp::Ordering::Greater => Some(Player::A),
        std::cmp::Ordering::Less => Some(Player::B),
        std::cmp::Ordering::Equal => None,
    };
    Initiative { a, b, winner }
}

/// A tied initiative is rerolled bare until one die is higher (p9).
pub fn initiative_reroll(a_d10: u8, b_d10: u8) -> Option<Player> {
    check_face(Die::D10, a_d10);
    check_face(Die::D10, b_d10);
    match a_d10.cmp(&b_d10) {
        std::cmp::Ordering::Greater => Some(Player::A),
        std::cmp::Ordering::Less => Some(Player::B),
        std::cmp::Ordering::Equal => None,
    }
}

/// Momentum next turn goes to whoever moved first this turn, chosen or not (p10).
pub fn momentum_next_turn(moved_first: Player, player: Player) -> bool {
    moved_first == player
}

/// What the referee states for an order's activation roll (p13).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActivationFacts {
    /// The receiving command's nation's staff.
    pub staff: StaffRating,
    pub issuer: Commander,
    /// The issuing commander is attached to a combat unit.
    pub issuer_attached: bool,
    pub receiver: Commander,
    pub receiver_attached: bool,
}

/// *Order Activation Table* (p13): per attached commander, issuer and receiver apart.
pub const LEADER_ATTACHED: Number = Number {
    name: "activation.leader-attached",
    book: -1,
};

/// The d20 score to activate: it must beat the staff number, so the chart score is one
/// above it (p13; ruling 6 on the attached modifiers).
pub fn activation_score(facts: &ActivationFacts) -> Score {
    let row = facts.staff.activation_row();
    let number = row.value();
    let mut score = Score::new(
        number.saturating_add(1),
        row.marked(
            format!("beat {number}, {} staff", facts.staff.word()),
            Written::AsIs,
        ),
    );
    let issuer = facts.issuer.leader_rating();
    score.add_number(
        issuer.modifier_row(),
        format!("issued by {} {} leader", article(issuer), issuer.word()),
    );
    let receiver = facts.receiver.leader_rating();
    score.add_number(
        receiver.modifier_row(),
        format!(
            "received by {} {} leader",
            article(receiver),
            receiver.word()
        ),
    );
    if facts.issuer_attached {
        score.add_number(&LEADER_ATTACHED, "issuer attached to a unit");
    }
    if facts.receiver_attached {
        score.add_number(&LEADER_ATTACHED, "receiver attached to a unit");
    }
    score
}

/// "an excellent leader", "a good one".
fn article(rating: LeaderRating) -> &'static str {
    if rating.word().starts_with(['a', 'e']) {
        "an"
    } else {
        "a"
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Activation {
    pub score: Score,
    pub face: u8,
    pub activated: bool,
}

/// Roll for a pending order in the order segment (p13). An order not activated stays
/// pending; the command keeps its old order meanwhile.
pub fn activate(facts: &ActivationFacts, d20: u8) -> Activation {
    check_face(Die::D20, d20);
    let score = activation_score(facts);
    Activation {
        activated: score.succeeds(d20),
        score,
        face: d20,
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandPoints {
    pub base: u32,
    pub base_reason: String,
    pub adjustments: Vec<Modifier>,
    /// Never below zero (ruling 7).
    pub total: u32,
}

/// Command points a commander receives this order segment (p13), with this turn's
/// random event (p10; ruling 7). They cannot be saved: spend them or lose them.
pub fn command_points(
    commander: &Commander,
    staff: StaffRating,
    event: Option<RandomEvent>,
) -> CommandPoints {
    let (base, base_reason) = match commander.leadership {
        Some(rating) => (
            rating.command_points(),
            format!("{} {} commander", rating.word(), commander.echelon.word()),
        ),
        None => (
            commander.tactical.command_points(),
            format!(
                "{} {} commander",
                commander.tactical.word(),
                commander.echelon.word()
            ),
        ),
    };
    let mut adjustments = Vec::new();
    if !commander.echelon.senior() {
        match event {
            Some(RandomEvent::CommandConfusion) => {
                adjustments.push(Modifier::from_number(
                    &COMMAND_CONFUSION,
                    "command confusion",
                ));
            }
            Some(RandomEvent::CommandBonus) if staff.takes_command_bonus() => {
                adjustments.push(Modifier::from_number(
                    &COMMAND_BONUS,
                    format!("command bonus, {} staff", staff.word()),
                ));
            }
            _ => {}
        }
    }
    let sum = i64::from(base) + adjustments.iter().map(|m| i64::from(m.value)).sum::<i64>();
    CommandPoints {
        base,
        base_reason,
        adjustments,
        total: u32::try_from(sum.max(0)).unwrap_or(0),
    }
}

/// One command point buys one of these for one unit (p13).
pub const COMMAND_POINT_USES: [&str; 3] = [
    "an order to a unit out of command range, which may then act normally",
    "a rally order, without which a routed unit may not try to rally",
    "leave for a unit to depart from its command's order",
];

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommanderCheck {
    /// The d10 the commander must reach to stay in action.
    pub score: Score,
    pub face: u8,
    pub disabled: bool,
}

/// *Commanders: Attachment & Casualties* (p11): each casualty to the unit he rides with
/// is a one-in-ten chance of losing him, low rolls being bad (ruling 8).
pub fn commander_casualty(casualties: u32, d10: u8) -> CommanderCheck {
    check_face(Die::D10, d10);
    let chart = i32::try_from(casualties).unwrap_or(i32::MAX - 1) + 1;
    let score = Score::new(chart, format!("{casualties} casualties: 10% each"));
    CommanderCheck {
        disabled: !score.succeeds(d10),
        score,
        face: d10,
    }
}

/// What a unit out of command may still do without an order bought with a command
/// point (*Orders: Out of Command*, p12, over the shorter list on p9: ruling 24).
pub const OUT_OF_COMMAND_MAY: [&str; 5] = [
    "change facing",
    "change formation",
    "fire",
    "make an opportunity charge",
    "remove disorder",
];

/// [`OUT_OF_COMMAND_MAY`] as a sentence's list: "a, b, … or e", for every message that
/// names it, so the list is written once.
pub fn out_of_command_may() -> String {
    let (last, rest) = OUT_OF_COMMAND_MAY
        .split_last()
        .expect("the list is not empty");
    format!("{} or {last}", rest.join(", "))
}

/// The orders a division or cavalry brigade may be under (*Orders*, p12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Order {
    Attack,
    Engage,
    Maneuver,
    Defend,
    Withdraw,
    Rally,
}

/// *Orders* chart, "near" row: within this many inches of the marker or the enemy,
/// advancing gives way to fighting (Attack, Engage), a Maneuver halts, and a Defend keeps
/// its units near (p12).
pub const ORDER_CLOSE: Number = Number {
    name: "orders.near",
    book: 8,
};
/// *Orders* chart, "defend" row: a Defend marker goes this many inches from the
/// commander at most (p12).
pub const DEFEND_MARKER_REACH: Number = Number {
    name: "orders.defend-marker",
    book: 6,
};
/// A Rally order needs the commander this far from the nearest enemy (p12).
pub const RALLY_ORDER_CLEARANCE: u32 = 12;

impl Order {
    pub const ALL: [Order; 6] = [
        Order::Attack,
        Order::Engage,
        Order::Maneuver,
        Order::Defend,
        Order::Withdraw,
        Order::Rally,
    ];

    pub fn word(self) -> &'static str {
        match self {
            Order::Attack => "attack",
            Order::Engage => "engage",
            Order::Maneuver => "maneuver",
            Order::Defend => "defend",
            Order::Withdraw => "withdraw",
            Order::Rally => "rally",
        }
    }

    /// Whether units under this order may start a charge (ruling 11). Opportunity
    /// charges are always allowed; Engage allows one charge a turn; Withdraw only
    /// against enemies barring the way.
    pub fn may_charge(self) -> bool {
        matches!(self, Order::Attack | Order::Engage | Order::Withdraw)
    }

    pub fn may_fire(self) -> bool {
        !matches!(self, Order::Maneuver | Order::Rally)
    }

    /// The order's duty in our words (p12).
    pub fn summary(self) -> &'static str {
        match self {
            Order::Attack => {
                "two thirds advance on the marker at line speed; once half are within 8\" of it or the enemy, a quarter (two at least) must charge, fire muskets or advance a full move each turn"
            }
            Order::Engage => {
                "half advance on the marker at line speed; once a quarter are within 8\", at least one unit must fire each turn; no more than one charge a turn"
            }
            Order::Maneuver => {
                "two thirds advance on the marker at line speed, no fire, no charge; halts and becomes Defend at the marker or within 8\" of formed enemy"
            }
            Order::Defend => {
                "stay put around a fixed marker within 6\" of the commander; units over 8\" from it may only move closer; fire allowed, no charge"
            }
            Order::Withdraw => {
                "two thirds head for their own baseline at line speed; may charge enemies barring the way; Defend on reaching it"
            }
            Order::Rally => {
                "commander stays put at least 12\" from the enemy; units may only close on him; no fire or charge; every unit may try to rally"
            }
        }
    }
}

/// The per-turn duty an order imposes on a command, given its size and how many of its
/// units are within 8" of the marker or an enemy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Duty {
    /// At least this many units must move toward the marker (or baseline) at their
    /// line speed.
    Advance { at_least: u32 },
    /// At least this many must charge, fire muskets or advance a full move (Attack).
    Fight { at_least: u32 },
    /// At least this many must fire (Engage), and no more than one may charge.
    Fire { at_least: u32 },
    /// Nothing counted: the order constrains where units go (Defend, Rally).
    Position,
}

/// At least `num/den` of `of`, a part counting as a whole unit (ruling 10).
fn at_least(of: u32, num: u32, den: u32) -> u32 {
    (of * num).div_ceil(den)
}

/// The duty of `order` this turn for a command of `units`, `close` of them within 8" of
/// the marker or an enemy (p12; ruling 10 on fractions).
pub fn duty(order: Order, units: u32, close: u32) -> Duty {
    match order {
        Order::Attack if close * 2 >= units => Duty::Fight {
            at_least: at_least(units, 1, 4).max(2).min(units),
        },
        Order::Attack | Order::Maneuver | Order::Withdraw => Duty::Advance {
            at_least: at_least(units, 2, 3),
        },
        Order::Engage if close * 4 >= units => Duty::Fire {
            at_least: 1.min(units),
        },
        Order::Engage => Duty::Advance {
            at_least: at_least(units, 1, 2),
        },
        Order::Defend | Order::Rally => Duty::Position,
    }
}

/// How a command did against its duty this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Compliance {
    pub duty: Duty,
    /// Units that did what the duty counts.
    pub done: u32,
    /// Units short of the duty, plus charges beyond Engage's one. Each costs a command
    /// point or one unit of the command becomes disordered and shaken (p12-13).
    pub short: u32,
}

/// `done` counts the units that did what the duty asks; `charges` the units that began a
/// charge (only Engage limits them).
pub fn compliance(order: Order, units: u32, close: u32, done: u32, charges: u32) -> Compliance {
    let duty = duty(order, units, close);
    let required = match duty {
        Duty::Advance { at_least } | Duty::Fight { at_least } | Duty::Fire { at_least } => at_least,
        Duty::Position => 0,
    };
    let over = if order == Order::Engage {
        charges.saturating_sub(1)
    } else {
        0
    };
    Compliance {
        duty,
        done,
        short: required.saturating_sub(done) + over,
    }
}

#[cfg(test)]
mod tests;
