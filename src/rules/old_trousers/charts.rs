//! The charts of *Old Trousers II* in our own words, as data. Tests hold their figures to
//! the excerpt's text (written out as literals) and to `rules::old_trousers`.

// Why this file is long: one chart per section of the excerpt, as data, in the quick
// reference's order.

use crate::core::chart::Line::{Drawn, Sentence, Text};
use crate::core::chart::{Chart, Topic};
use crate::rules::old_trousers::{charge, command, fire, movement, random_events, unit};
use std::fmt::Write;

pub const CHARTS: &[Chart] = &[
    Chart {
        id: "ot-turn-sequence",
        title: "Turn sequence (Old Trousers II)",
        topic: Topic::Sequence,
        keywords: &["phase", "turn", "initiative", "order", "first"],
        lines: &[
            Text("Once a game turn:"),
            Text("1 Initiative     both roll d10 + mods;"),
            Text("                 the higher picks who"),
            Text("                 moves first"),
            Text("2 Random events  optional: d10 each,"),
            Text("                 1-2 rolls the table"),
            Text("Then each player in turn:"),
            Text("3 Orders  4 Rally  5 Movement"),
            Text("6 Stationary fire (both sides)"),
            Text("7 Charge test  8 Moving fire"),
            Text("9 Melee  10 Breakthrough"),
        ],
    },
    Chart {
        id: "ot-initiative",
        title: "Initiative roll (d10 each player)",
        topic: Topic::Sequence,
        keywords: &[
            "initiative",
            "first",
            "surprise",
            "momentum",
            "staff",
            "leader",
            "senior",
        ],
        lines: &[
            Text("Each player: d10 + his senior leader's"),
            Text("rating + his staff's rating + situation."),
            Text("The higher total picks who moves first;"),
            Text("a tie is rolled again with no modifiers."),
            Text("Senior leader      Staff"),
            Sentence(
                "  excellent  {+}    superb        {+}",
                &[&command::EXCELLENT_LEADER, &command::SUPERB_STAFF],
            ),
            Sentence(
                "  good       {+}    professional  {+}",
                &[&command::GOOD_LEADER, &command::PROFESSIONAL_STAFF],
            ),
            Sentence(
                "  average    {+}    competent     {+}",
                &[&command::AVERAGE_LEADER, &command::COMPETENT_STAFF],
            ),
            Sentence(
                "  fair       {+}    inefficient   {+}",
                &[&command::FAIR_LEADER, &command::INEFFICIENT_STAFF],
            ),
            Sentence(
                "  poor       {+}    incompetent   {+}",
                &[&command::POOR_LEADER, &command::INCOMPETENT_STAFF],
            ),
            Text("Situation"),
            Sentence(
                "  surprise (the scenario's)       {+}",
                &[&command::SURPRISE],
            ),
            Sentence(
                "  momentum (moved first last turn) {+}",
                &[&command::MOMENTUM],
            ),
            Text("Type both: initiative britain=7 france=4"),
        ],
    },
    Chart {
        id: "ot-random-events",
        title: "Random events (optional rule)",
        topic: Topic::Optional,
        keywords: &["random", "event", "events", "d10", "rain", "ford", "piles"],
        lines: &[
            Sentence(
                "Each player rolls d10: on 1-{=} he rolls",
                &[&random_events::EVENT_ON_OR_BELOW],
            ),
            Text("again on this table; it lasts the turn."),
            Text(" 1 Uncontrolled rout  his routed units"),
            Text("                      may not try to rally"),
            Text(" 2 Wrong turn         next reinforcement"),
            Sentence(
                "                      comes {=} turns late",
                &[&random_events::WRONG_TURN_DELAY],
            ),
            Text(" 3 Traffic jam        every reinforcement"),
            Sentence(
                "                      comes {=} turn late",
                &[&random_events::TRAFFIC_JAM_DELAY],
            ),
            Sentence(
                " 4 Command confusion  {+} command points",
                &[&random_events::COMMAND_CONFUSION],
            ),
            Text("                      to each division"),
            Text(" 5 Difficult terrain  no move or formation"),
            Text("                      change in woods or"),
            Text("                      poor ground"),
            Text(" 6 Inflamed piles     senior commander"),
            Text("                      may not move himself"),
            Sentence(
                " 7 Rain/snow          {+} on all fire,",
                &[&random_events::RAIN_OR_SNOW],
            ),
            Text("                      both players"),
            Text(" 8 Hidden ford        he may put a ford on"),
            Text("                      a stream or small river"),
            Sentence(
                " 9 Command bonus      {+} command points to",
                &[&random_events::COMMAND_BONUS],
            ),
            Text("                      each division (staff"),
            Text("                      competent or better)"),
            Text("10 Rout halted        routed units become"),
            Text("                      shaken; may fire, not"),
            Text("                      move, this turn"),
            Text("Adjutant: `event`."),
        ],
    },
    Chart {
        id: "ot-leaders",
        title: "Leader ratings",
        topic: Topic::Generals,
        keywords: &[
            "leader",
            "commander",
            "rating",
            "command points",
            "range",
            "tactical",
        ],
        lines: &[
            Text("Modifier to initiative and activation,"),
            Text("and command points each order segment:"),
            Text("             mod  army/corps  division"),
            Sentence(
                "  excellent   {+}      {=}          -",
                &[
                    &command::EXCELLENT_LEADER,
                    &command::EXCELLENT_COMMAND_POINTS,
                ],
            ),
            Sentence(
                "  good        {+}      {=}          {=}",
                &[
                    &command::GOOD_LEADER,
                    &command::GOOD_COMMAND_POINTS,
                    &command::GOOD_DIVISION_POINTS,
                ],
            ),
            Sentence(
                "  average     {+}      {=}          {=}",
                &[
                    &command::AVERAGE_LEADER,
                    &command::AVERAGE_COMMAND_POINTS,
                    &command::AVERAGE_DIVISION_POINTS,
                ],
            ),
            Sentence(
                "  fair        {+}      {=}          -",
                &[&command::FAIR_LEADER, &command::FAIR_COMMAND_POINTS],
            ),
            Sentence(
                "  poor        {+}      {=}          {=}",
                &[
                    &command::POOR_LEADER,
                    &command::POOR_COMMAND_POINTS,
                    &command::POOR_DIVISION_POINTS,
                ],
            ),
            Text("Division and cavalry brigade leaders"),
            Text("have only a tactical rating (good,"),
            Text("average, poor), read as the above."),
            Sentence(
                "Command range in inches ({+} elevated):",
                &[&command::ELEVATED_RANGE_BONUS],
            ),
            Sentence(
                "  army {=}  corps {=}  divisions {=}",
                &[
                    &command::ARMY_OR_CORPS_RANGE,
                    &command::ARMY_OR_CORPS_RANGE,
                    &command::DIVISION_RANGE,
                ],
            ),
            Sentence("  cavalry brigade {=}", &[&command::CAVALRY_BRIGADE_RANGE]),
            Text("A replacement is one step worse in"),
            Text("each rating."),
        ],
    },
    Chart {
        id: "ot-staff",
        title: "Staff ratings",
        topic: Topic::Generals,
        keywords: &["staff", "activation", "initiative", "army"],
        lines: &[
            Text("Each army's staff:"),
            Text("                initiative  activation:"),
            Text("                   mod      beat on d20"),
            Sentence(
                "  superb           {+}            {=}",
                &[&command::SUPERB_STAFF, &command::SUPERB_ACTIVATION],
            ),
            Sentence(
                "  professional     {+}            {=}",
                &[
                    &command::PROFESSIONAL_STAFF,
                    &command::PROFESSIONAL_ACTIVATION,
                ],
            ),
            Sentence(
                "  competent        {+}           {=}",
                &[&command::COMPETENT_STAFF, &command::COMPETENT_ACTIVATION],
            ),
            Sentence(
                "  inefficient      {+}           {=}",
                &[
                    &command::INEFFICIENT_STAFF,
                    &command::INEFFICIENT_ACTIVATION,
                ],
            ),
            Sentence(
                "  incompetent      {+}           {=}",
                &[
                    &command::INCOMPETENT_STAFF,
                    &command::INCOMPETENT_ACTIVATION,
                ],
            ),
            Text("Command bonus event: only with a"),
            Text("competent or better staff."),
        ],
    },
    Chart {
        id: "ot-activation",
        title: "Order activation (d20)",
        topic: Topic::Generals,
        keywords: &["order", "activate", "activation", "d20", "new order"],
        lines: &[
            Text("A new order waits until a d20 beats the"),
            Text("staff number (staff ratings chart):"),
            Sentence(
                "  issuer's leader rating      {+} to {+}",
                &[&command::POOR_LEADER, &command::EXCELLENT_LEADER],
            ),
            Sentence(
                "  receiver's leader rating    {+} to {+}",
                &[&command::POOR_LEADER, &command::EXCELLENT_LEADER],
            ),
            Sentence(
                "  issuer attached to a unit      {+}",
                &[&command::LEADER_ATTACHED],
            ),
            Sentence(
                "  receiver attached to a unit    {+}",
                &[&command::LEADER_ATTACHED],
            ),
            Text("Not beaten: the order stays pending and"),
            Text("the command keeps its old order."),
            Text("Adjutant: `order`, then `activate`."),
        ],
    },
    Chart {
        id: "ot-command-points",
        title: "Command points",
        topic: Topic::Generals,
        keywords: &["command", "points", "out of command", "rally order"],
        lines: &[
            Text("Each order segment, by leader rating"),
            Text("(leader ratings chart); spend or lose."),
            Text("Random events, divisions only:"),
            Sentence(
                "  command confusion  {+} (never below 0)",
                &[&random_events::COMMAND_CONFUSION],
            ),
            Sentence("  command bonus      {+}", &[&random_events::COMMAND_BONUS]),
            Text("One point buys, for one unit:"),
            Text("  - an order out of command range"),
            Text("  - a rally order (no rally without it)"),
            Text("  - leave to depart from its order"),
            Text("Out of command and not bought, a unit"),
            Text("may only change facing or formation,"),
            Text("fire, make an opportunity charge or"),
            Text("remove disorder."),
            Text("Adjutant: `cmd <unit> out`, and"),
            Text("`cp <general> <unit>` for a point."),
        ],
    },
    Chart {
        id: "ot-orders",
        title: "Orders",
        topic: Topic::Generals,
        keywords: &[
            "order", "attack", "engage", "maneuver", "defend", "withdraw", "rally",
        ],
        lines: &[
            Text("          fire  charge  duty"),
            Text("attack    yes   yes     2/3 advance; near"),
            Text("                        it, 1/4 press on"),
            Text("engage    yes   1/turn  1/2 advance; near"),
            Text("                        it, 1 fires a turn"),
            Text("maneuver  no    no      2/3 advance; then"),
            Text("                        becomes defend"),
            Text("defend    yes   no      hold by a marker"),
            Sentence(
                "                        {=}\" from commander",
                &[&command::DEFEND_MARKER_REACH],
            ),
            Text("withdraw  yes   barred  2/3 to own baseline"),
            Text("rally     no    no      close on commander;"),
            Text("                        all may rally"),
            Sentence(
                "near: within {=}\" of the marker or enemy;",
                &[&command::ORDER_CLOSE],
            ),
            Text("barred: only at enemies in its way."),
            Text("Opportunity charges: under any order."),
        ],
    },
    Chart {
        id: "ot-movement",
        title: "Movement rates (inches a turn)",
        topic: Topic::Movement,
        keywords: &["move", "rate", "formation", "column", "line", "limbered"],
        lines: &[
            Text("            line col atk skm sq lmb pro"),
            Sentence(
                "Infantry      {=}   {=}   {=}  {=}  {=}  -   -",
                &[
                    &movement::INFANTRY_LINE,
                    &movement::INFANTRY_COMPANY_COLUMN,
                    &movement::INFANTRY_ATTACK_COLUMN,
                    &movement::INFANTRY_SKIRMISH,
                    &movement::INFANTRY_SQUARE,
                ],
            ),
            Sentence(
                "Light cav     {=}  {=}  {=}  {=}  -  -   -",
                &[
                    &movement::LIGHT_CAVALRY_LINE,
                    &movement::LIGHT_CAVALRY_COMPANY_COLUMN,
                    &movement::LIGHT_CAVALRY_ATTACK_COLUMN,
                    &movement::CAVALRY_SKIRMISH,
                ],
            ),
            Sentence(
                "Other cav     {=}  {=}  {=}  {=}  -  -   -",
                &[
                    &movement::OTHER_CAVALRY_LINE,
                    &movement::OTHER_CAVALRY_COMPANY_COLUMN,
                    &movement::OTHER_CAVALRY_ATTACK_COLUMN,
                    &movement::CAVALRY_SKIRMISH,
                ],
            ),
            Sentence(
                "Foot art      -   -   -   -  -  {=}   {=}",
                &[&movement::FOOT_ARTILLERY_LIMBERED, &movement::PROLONGE],
            ),
            Sentence(
                "12 pdr+ art   -   -   -   -  -  {=}   {=}",
                &[
                    &movement::HEAVY_ARTILLERY_LIMBERED,
                    &movement::HEAVY_ARTILLERY_PROLONGE,
                ],
            ),
            Sentence(
                "Horse art     -   -   -   -  - {=}   {=}",
                &[&movement::HORSE_ARTILLERY_LIMBERED, &movement::PROLONGE],
            ),
            Text("col: company column; atk: attack column;"),
            Text("pro: unlimbered, by prolonge."),
            Text("Operational: double, starting and ending"),
            Sentence(
                "over {=}\" from the enemy. No closer than",
                &[&movement::OPERATIONAL_CLEARANCE],
            ),
            Sentence(
                "{=}\" to an enemy except by charging.",
                &[&movement::APPROACH_LIMIT],
            ),
        ],
    },
    Chart {
        id: "ot-formation-change",
        title: "Formation changes and turning",
        topic: Topic::Movement,
        keywords: &["formation", "change", "about face", "oblique", "limber"],
        lines: &[
            Text("Share of the move (of the slower"),
            Text("formation's rate) a change costs:"),
            Sentence(
                "  cavalry                     1/{=}",
                &[&movement::CAVALRY_CHANGE],
            ),
            Sentence(
                "  quick-drilling infantry     1/{=}",
                &[&movement::QUICK_DRILL_CHANGE],
            ),
            Sentence(
                "  other infantry              1/{=}",
                &[&movement::INFANTRY_CHANGE],
            ),
            Sentence(
                "  limber or unlimber guns     1/{=}",
                &[&movement::LIMBER_CHANGE],
            ),
            Sentence(
                "About face                    1/{=}",
                &[&movement::ABOUT_FACE],
            ),
            Sentence(
                "Oblique or backward: each inch costs {=}.",
                &[&movement::OBLIQUE_FACTOR],
            ),
            Text("Untrained infantry in line moving over"),
            Sentence(
                "{=}\" falls into disorder.",
                &[&movement::UNTRAINED_LINE_LIMIT],
            ),
            Text("Adjutant: `move` and `form`."),
        ],
    },
    Chart {
        id: "ot-terrain",
        title: "Terrain costs (inches)",
        topic: Topic::Movement,
        keywords: &[
            "terrain", "obstacle", "wall", "hedge", "stream", "woods", "contour",
        ],
        lines: &[
            Text("To cross:           foot  horse  guns"),
            Sentence(
                "  up a contour        {=}     {=}     {=}",
                &[
                    &movement::CONTOUR_FOOT,
                    &movement::CONTOUR_HORSE_AND_GUNS,
                    &movement::CONTOUR_HORSE_AND_GUNS,
                ],
            ),
            Sentence(
                "  stream or ditch     {=}     {=}     {=}",
                &[
                    &movement::STREAM_FOOT,
                    &movement::STREAM_HORSE_AND_GUNS,
                    &movement::STREAM_HORSE_AND_GUNS,
                ],
            ),
            Text("  river               no    no    no"),
            Sentence(
                "  bridge              {=}     {=}     {=}",
                &[&movement::BRIDGE, &movement::BRIDGE, &movement::BRIDGE],
            ),
            Sentence(
                "  stone wall/redoubt  {=}     {=}     no",
                &[&movement::WALL_FOOT, &movement::WALL_HORSE],
            ),
            Sentence(
                "  wooden fence        {=}     {=}     {=}",
                &[
                    &movement::WOODEN_FENCE,
                    &movement::WOODEN_FENCE,
                    &movement::WOODEN_FENCE,
                ],
            ),
            Sentence(
                "  hedge               {=}     {=}     {=}",
                &[&movement::HEDGE, &movement::HEDGE, &movement::HEDGE],
            ),
            Text("Fences and hedges cost only formed units."),
            Text("Formed units in poor ground, light or"),
            Text("medium woods: half speed. Heavy woods:"),
            Text("no formed unit enters."),
        ],
    },
    Chart {
        id: "ot-charge",
        title: "Charges",
        topic: Topic::Combat,
        keywords: &["charge", "bonus", "countercharge", "flee", "stand", "d6"],
        lines: &[
            Text("Charge move: the rate plus a bonus:"),
            Sentence(
                "  infantry  {}d6\"    cavalry  {}d6\"",
                &[
                    &movement::INFANTRY_CHARGE_DICE,
                    &movement::CAVALRY_CHARGE_DICE,
                ],
            ),
            Text("Melee bonus for charging:"),
            Sentence(
                "  infantry  {}        cavalry  {}",
                &[
                    &charge::INFANTRY_CHARGE_BONUS,
                    &charge::CAVALRY_CHARGE_BONUS,
                ],
            ),
            Text("  lost if it crossed an obstacle in its"),
            Sentence("  last {=}\"", &[&charge::OBSTACLE_WINDOW]),
            Text("Never charge: artillery, routed or"),
            Text("disordered units, infantry skirmishers;"),
            Text("infantry never charges cavalry."),
            Sentence(
                "Defender: stand (fires at {=}\"), counter-",
                &[&charge::STAND_OFF],
            ),
            Text("charge, or flee (routs, one rout move)."),
            Text("Failed charge test: disordered; cavalry"),
            Sentence(
                "falls back {=}d6\". A limbered battery",
                &[&charge::FALL_BACK_DICE],
            ),
            Sentence("that flees runs {=}d6\".", &[&charge::FALL_BACK_DICE]),
            Text("Adjutant: `charge`, `fallback`."),
        ],
    },
    Chart {
        id: "ot-fire-table",
        title: "Fire table (d10 + modifiers: hits)",
        topic: Topic::Shooting,
        keywords: &["fire", "musketry", "artillery", "hits", "d10", "table"],
        lines: &[
            Text("points  0     1     2     3     4 hits"),
            Drawn(fire_table_row::<0>),
            Drawn(fire_table_row::<1>),
            Drawn(fire_table_row::<2>),
            Drawn(fire_table_row::<3>),
            Drawn(fire_table_row::<4>),
            Drawn(fire_table_row::<5>),
            Drawn(fire_table_row::<6>),
            Drawn(fire_table_row::<7>),
            Drawn(fire_table_row::<8>),
            Drawn(fire_table_row::<9>),
            Text("Over 50 points: the 46-50 row. Each hit"),
            Text("is a figure; on a battery, musketry hits"),
            Text("gunners and artillery hits guns."),
            Text("Adjutant: `fire`."),
        ],
    },
    Chart {
        id: "ot-fire-points",
        title: "Fire points: musketry (per figure)",
        topic: Topic::Shooting,
        keywords: &[
            "fire", "points", "musketry", "marksman", "enfilade", "range",
        ],
        lines: &[
            Text("                        plain  enfilade"),
            Sentence(
                "  British infantry        {=}       {=}",
                &[&fire::BRITISH_POINTS, &fire::BRITISH_ENFILADE_POINTS],
            ),
            Sentence(
                "  other infantry          {=}       {=}",
                &[&fire::INFANTRY_POINTS, &fire::INFANTRY_ENFILADE_POINTS],
            ),
            Sentence(
                "  infantry skirmishers    {=}       {=}",
                &[
                    &fire::INFANTRY_SKIRMISHER_POINTS,
                    &fire::INFANTRY_SKIRMISHER_POINTS,
                ],
            ),
            Sentence(
                "  cavalry skirmishers     {=}       {=}",
                &[
                    &fire::CAVALRY_SKIRMISHER_POINTS,
                    &fire::CAVALRY_SKIRMISHER_POINTS,
                ],
            ),
            Sentence(
                "Range: muskets {=}\", rifles {=}\".",
                &[&unit::MUSKET_RANGE, &unit::RIFLE_RANGE],
            ),
            Text("Add all the points on one target; read"),
            Text("the fire table once."),
        ],
    },
    Chart {
        id: "ot-artillery-points",
        title: "Fire points: artillery (per gun)",
        topic: Topic::Shooting,
        keywords: &[
            "artillery",
            "guns",
            "calibre",
            "canister",
            "range",
            "points",
        ],
        lines: &[
            Text("           canister  effective  long"),
            Sentence(
                "           to {=}\"     to {=}\"     to {=}\"",
                &[
                    &fire::CANISTER_RANGE,
                    &fire::EFFECTIVE_RANGE,
                    &fire::LONG_RANGE,
                ],
            ),
            Sentence(
                "  >12 pdr     {=}         {=}         {=}",
                &[
                    &fire::OVER_12_CANISTER,
                    &fire::OVER_12_EFFECTIVE,
                    &fire::OVER_12_LONG,
                ],
            ),
            Sentence(
                "  12 pdr      {=}         {=}         {=}",
                &[
                    &fire::TWELVE_CANISTER,
                    &fire::TWELVE_EFFECTIVE,
                    &fire::TWELVE_LONG,
                ],
            ),
            Sentence(
                "  8-9 pdr     {=}         {=}         {=}",
                &[
                    &fire::EIGHT_OR_NINE_CANISTER,
                    &fire::EIGHT_OR_NINE_EFFECTIVE,
                    &fire::EIGHT_OR_NINE_LONG,
                ],
            ),
            Sentence(
                "  6 pdr       {=}         {=}         {=}",
                &[&fire::SIX_CANISTER, &fire::SIX_EFFECTIVE, &fire::SIX_LONG],
            ),
            Sentence(
                "  <6 pdr      {=}         {=}         {=}",
                &[
                    &fire::UNDER_6_CANISTER,
                    &fire::UNDER_6_EFFECTIVE,
                    &fire::UNDER_6_LONG,
                ],
            ),
            Sentence(
                "Firing on a target's flank: {} a gun.",
                &[&fire::FLANK_FIRE_PER_GUN],
            ),
            Text("Points per model gun (ruling 18)."),
        ],
    },
    Chart {
        id: "ot-fire-modifiers-target",
        title: "Fire modifiers: the target",
        topic: Topic::Shooting,
        keywords: &["fire", "modifier", "cover", "column", "square", "skirmish"],
        lines: &[
            Text("                             mus   art"),
            Sentence(
                "in light cover                {}     {}",
                &[&fire::LIGHT_COVER_MUSKETRY, &fire::LIGHT_COVER_ARTILLERY],
            ),
            Sentence(
                "in medium cover               {}    {}",
                &[&fire::MEDIUM_COVER_MUSKETRY, &fire::MEDIUM_COVER_ARTILLERY],
            ),
            Sentence(
                "in heavy cover                {}    {}",
                &[&fire::HEAVY_COVER_MUSKETRY, &fire::HEAVY_COVER_ARTILLERY],
            ),
            Sentence(
                "unlimbered artillery          {}    {}",
                &[&fire::UNLIMBERED_ARTILLERY, &fire::UNLIMBERED_ARTILLERY],
            ),
            Sentence(
                "in column or square           {}    {}",
                &[
                    &fire::COLUMN_OR_SQUARE_MUSKETRY,
                    &fire::COLUMN_OR_SQUARE_ARTILLERY,
                ],
            ),
            Sentence(
                "own skirmishers answer fire   {}    {}",
                &[&fire::ORGANIC_SKIRMISHERS, &fire::ORGANIC_SKIRMISHERS],
            ),
            Sentence(
                "in skirmish order             {}    {}",
                &[&fire::TARGET_SKIRMISHING, &fire::TARGET_SKIRMISHING],
            ),
            Sentence(
                "French/British skirmishing    {}    {}",
                &[
                    &fire::FRENCH_OR_BRITISH_SKIRMISHING,
                    &fire::FRENCH_OR_BRITISH_SKIRMISHING,
                ],
            ),
            Sentence(
                "in a town                     {}    {}",
                &[&fire::TOWN, &fire::TOWN],
            ),
            Text("Cover counts when half the unit is in it."),
        ],
    },
    Chart {
        id: "ot-fire-modifiers-firer",
        title: "Fire modifiers: the firer",
        topic: Topic::Shooting,
        keywords: &["fire", "modifier", "shaken", "moved", "point blank", "rain"],
        lines: &[
            Text("                             mus   art"),
            Sentence(
                "Old Guard/superior/excellent  {}    {}",
                &[&fire::ELITE_FIRER, &fire::ELITE_FIRER],
            ),
            Sentence(
                "fair or poor                  {}    {}",
                &[&fire::POOR_FIRER, &fire::POOR_FIRER],
            ),
            Sentence(
                "in skirmish order             {}    {}",
                &[&fire::SKIRMISHING_FIRER, &fire::SKIRMISHING_FIRER],
            ),
            Sentence(
                "Russian or Turkish            {}     -",
                &[&fire::RUSSIAN_OR_TURKISH],
            ),
            Sentence(
                "shaken                        {}    {}",
                &[&fire::SHAKEN_FIRER, &fire::SHAKEN_FIRER],
            ),
            Sentence(
                "moved                         {}    {}",
                &[&fire::MOVING_FIRER, &fire::MOVING_FIRER],
            ),
            Sentence(
                "disordered                    {}    {}",
                &[&fire::DISORDERED_FIRER, &fire::DISORDERED_FIRER],
            ),
            Sentence(
                "point blank at a charger      {}     -",
                &[&fire::POINT_BLANK],
            ),
            Sentence(
                "guns screened by skirmishers   -    {}",
                &[&fire::ARTILLERY_SCREENED],
            ),
            Sentence(
                "guns in their own defence      -    {}",
                &[&fire::DEFENCE_OF_THE_BATTERY],
            ),
            Sentence(
                "firefight (in range all turn) {}     -",
                &[&fire::FIREFIGHT],
            ),
            Sentence(
                "guns again on the same target  -    {}",
                &[&fire::SECOND_ROUND],
            ),
            Sentence(
                "rain or snow (random event)   {}    {}",
                &[&random_events::RAIN_OR_SNOW, &random_events::RAIN_OR_SNOW],
            ),
        ],
    },
    Chart {
        id: "ot-bounce-through",
        title: "Artillery bounce-through",
        topic: Topic::Shooting,
        keywords: &["bounce", "through", "artillery", "behind", "ball"],
        lines: &[
            Sentence(
                "A unit up to {=}\" behind the target's rear",
                &[&fire::BOUNCE_DEPTH],
            ),
            Sentence(
                "and within {=}\" of the line of fire is hit",
                &[&fire::BOUNCE_WIDTH],
            ),
            Text("too: same d10 and modifiers, half the"),
            Text("guns' points (rounded down)."),
            Text("None when the ground is muddy, the ball"),
            Text("would go into poor ground or woods, or"),
            Text("uphill, over a creek, wall or the like,"),
            Text("or from opportunity fire."),
            Text("Adjutant: `fire`."),
        ],
    },
    Chart {
        id: "ot-commander-casualty",
        title: "Commander casualties (d10)",
        topic: Topic::Generals,
        keywords: &["commander", "general", "casualty", "killed", "replacement"],
        lines: &[
            Text("When the unit a commander is attached"),
            Text("to takes hits, roll d10: he is lost on"),
            Text("a roll at or below the hits (3 hits:"),
            Text("1-3; 10 or more: always) (ruling 8)."),
            Text("His replacement comes within 2\" of a"),
            Text("unit of his command, one step worse in"),
            Text("each rating."),
        ],
    },
    Chart {
        id: "ot-rout-move",
        title: "Rout move",
        topic: Topic::Morale,
        keywords: &["rout", "routed", "flee", "baseline", "d6"],
        lines: &[
            Text("Each turn a routed unit that does not"),
            Text("rally runs toward its own baseline:"),
            Sentence(
                "  infantry, artillery  {=}d6\"",
                &[&movement::FOOT_ROUT_DICE],
            ),
            Sentence(
                "  cavalry              {=}d6\"",
                &[&movement::CAVALRY_ROUT_DICE],
            ),
            Sentence(
                "First rout turn: the first {=}\" straight",
                &[&movement::ROUT_FIRST_STRAIGHT],
            ),
            Text("away from the enemy, through friends."),
            Sentence(
                "It keeps {=}\" from enemies and needs a {=}\"",
                &[&movement::ROUT_ENEMY_DISTANCE, &movement::ROUT_GAP],
            ),
            Text("gap, or passes through friends."),
            Text("Adjutant: `rout`, `unrout`."),
        ],
    },
    Chart {
        id: "ot-missing",
        title: "What the excerpt lacks",
        topic: Topic::Rally,
        keywords: &[
            "missing",
            "reaction",
            "charge test",
            "melee",
            "morale",
            "rally",
            "breakthrough",
            "gaps",
        ],
        lines: &[
            Text("The excerpt stops at page 22. These are"),
            Text("called for but not given:"),
            Text("  reaction test, charge test, melee,"),
            Text("  breakthrough, blown cavalry, morale"),
            Text("  tests and states, rallying, towns,"),
            Text("  cover classes, army lists, victory."),
            Text("Settle them at the table by the full"),
            Text("rulebook or agreement, then record the"),
            Text("result with:"),
            Text("  hit <unit> [n]     shaken <unit>"),
            Text("  disorder <unit>    rout <unit>"),
            Text("  unrout <unit>      form <unit> <form>"),
        ],
    },
];

/// Row `ROW` of the *Fire Combat Table* as the chart prints it: the points, then the
/// rolls that score 0 to 4 hits, in columns.
fn fire_table_row<const ROW: usize>() -> String {
    let row = &fire::FIRE_TABLE[ROW];
    let mut line = format!("{:<8}", row.label());
    for hits in 0..5 {
        let _ = write!(line, "{:<6}", row.cell(hits));
    }
    line.trim_end().to_owned()
}

#[cfg(test)]
mod tests;
