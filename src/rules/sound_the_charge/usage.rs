//! The usage rows of *Sound the Charge*'s own words (word, usage, what it does), in the
//! order its help lists them; the 1:25 edition's rows are its own (`USAGE` there).

use crate::rules::profile::UsageRow;

/// The rows of *Sound the Charge*'s own words, in its help's order.
pub const USAGE: [UsageRow; 14] = [
    (
        "move",
        "move <unit> [charge|charge=<target>] [form=<formation>] [face] [oblique] \
         [wheel|backwheel] [road] [rough] [through] [near] [screen] [upstream] [masse|unmasse] \
         [terrain=<kind>] [intermixed=<unit>] [roll=d]",
        "movement phase: how far the unit may go and why; logs its formation change",
    ),
    (
        "evade",
        "evade <unit> [dice=a,b]",
        "passive skirmishers or gunners evade a charge, up to 8\" (1:25: 2D6\" or 3D6\", \
         rolled unless dice= is given)",
    ),
    (
        "retreat",
        "retreat <unit> [blocked|off]",
        "blocked: the retreat it owes cannot be made, it is destroyed; off: it leaves the table \
         (and cavalry following it); alone: a voluntary \
         retreat (optional rule)",
    ),
    (
        "return",
        "return <unit> [roll=d] [form=<formation>]",
        "rally phase: cavalry that followed its enemy off the table comes back on 5-6, in \
         any formation",
    ),
    (
        "reman",
        "reman <unit>",
        "gunners who evaded go back to their guns (their move)",
    ),
    (
        "embark",
        "embark <unit>",
        "optional Boats: the unit boards (its whole turn, artillery two); in boats it is \
         disordered, may not shoot and takes no morale test",
    ),
    (
        "disembark",
        "disembark <unit>",
        "optional Boats: the unit lands (its whole turn, artillery two); it may attack as it \
         lands, with one die",
    ),
    (
        "contacted",
        "contacted <general> <enemy unit> [roll=d]",
        "an enemy reached a lone general: a 1 and he is captured, else he rides 9\" clear",
    ),
    (
        "shoot",
        "shoot <firer> <target> close|far|<inches> [moved] [soft|hard] [screened] [dense] \
         [front=n] [split=n] [dice=a,b,…] [gen=d]",
        "fire: the app counts the dice and the score to hit, rolls unless dice= is given",
    ),
    (
        "test",
        "test <unit> [advanced|stationary] [cover] [roll=d]",
        "the morale test a unit hit by shooting owes",
    ),
    (
        "rally",
        "rally <unit> [threat] [cover] [roll=d]",
        "a shaken unit tries to rally; threat: visible enemy able to charge it",
    ),
    (
        "combat",
        "combat <a>[,<a2>…] [vs <d>[,<d2>…]] [flank=<units>] [trapped=<units>] \
         [stationary=<units>] [rear=<units>] [soft|hard] [slope] [rough] \
         [continuing] [dice=a,b/c,d…] [gen=d] [follow=d]",
        "one round of close combat: points, dice, hits, the loser's retreat and rout hits; \
         without vs, the chargers fight the units they charged",
    ),
    DISENGAGE,
    (
        "reform",
        "reform [unit]",
        "reform phase: disordered units that stood all turn are steady again (all, or one)",
    ),
];

/// `disengage`, which both editions read alike.
pub const DISENGAGE: UsageRow = (
    "disengage",
    "disengage <unit>",
    "the unit is no longer in contact with the enemy",
);
