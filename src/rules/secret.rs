//! What a ruleset may keep from the other side's player: each ruleset lists its own in its
//! `PROFILE`, and the fog of war (`game/fog.rs`) hides them.

/// One thing a ruleset keeps from the other side's player (and from a guest).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Secret {
    /// A unit's grade and elite mark; *Old Trousers II*: its troop rating and traits.
    Grade,
    /// A unit's hits split into loss and rout hits (its figures lost are public).
    HitsByKind,
    /// Whether a unit is in or out of its generals' command.
    Command,
    /// How near the army is to breaking (*Army Morale*): its threshold, and the warning
    /// one unit short of it.
    ArmyMorale,
    /// What a throw needed and why (chart, modifiers, a move's allowance): they tell the
    /// thrower's grade, ratings and state. The faces and the result are public.
    ThrowReasons,
    /// *Old Trousers II*: the commanders' leadership and tactical ratings.
    LeaderRatings,
    /// *Old Trousers II*: the orders sent, their activation, command points spent.
    Orders,
    /// The tests a unit owes, what fired on it, a test let lapse.
    OwedTests,
    /// The side's checklist: what its referee should settle.
    Checklist,
}
