//! The after-action report a referee posts to the club: outcome, orders of battle with
//! each unit's fate, losses by arm, the battle turn by turn and a chart of the armies'
//! strength. Pure: built from a [`Game`] alone, rendered to text by [`html`] and
//! [`markdown`]; the caller reads the save and writes the file.

// Why this file is long: the report's facts, built once for both its renderings (text and
// HTML): outcome, orders of battle, losses, the battle turn by turn and the strength
// series.

mod causes;
mod chart;
mod escape;
pub mod html;
pub mod markdown;
pub mod pack;
pub mod photo;

use crate::core::moment::length;
use crate::core::passage::as_written;
use crate::engine::event::settled_words;
use crate::engine::house_rule::at_house_value;
use crate::game::{
    CombatRound, Event, Game, GameState, GeneralStatus, HitKind, LogEntry, Morale, Motion, Roll,
    RollKind, Standing, Unit, UnitStatus, luck, luck_line, side_times,
};
use crate::rules::phase::Phase;
use crate::scenario::house_rules::named_in;
use std::collections::HashMap;
use std::sync::Arc;

/// Everything the report says, worked out once; both renderings read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub title: String,
    /// Which army broke and when, or where the game stands.
    pub outcome: String,
    /// Who won: as the referee settled it (`victory`), else the side whose enemy's army
    /// broke; none while neither is so.
    pub winner: Option<String>,
    /// The scenario's briefing and how it is won, as written.
    pub briefing: Option<String>,
    pub victory_conditions: Option<String>,
    /// "Turn 3 of 12 · 41 commands in the log".
    pub played: String,
    /// The house rules the game began with, each "shooting-test.shaken -1 (the book's
    /// -2)", in the order the charts print them, then each changed mid-game ("from turn 3,
    /// …"); none when the game played the book.
    pub house_rules: Vec<String>,
    /// "Played on 2026-11-27 for 3h12m (pauses left out) of a 4h00m slot: French 1h40m,
    /// Anglo-Allied 1h32m"; none when no command was timed.
    pub clock: Option<String>,
    /// Each side's dice against what they could be expected to score: "The French shot
    /// 14% above expectation (…)"; none for a side that threw nothing to weigh.
    pub luck: Vec<String>,
    /// Photos of the table the referee named (`report --photo`), for the HTML page.
    pub photos: Vec<photo::Photo>,
    pub sides: Vec<SideReport>,
    pub turns: Vec<TurnStory>,
    pub series: Series,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideReport {
    pub name: String,
    /// Who played it, from the scenario.
    pub players: Vec<String>,
    /// Its colour from the scenario, `#rrggbb`.
    pub colour: Option<String>,
    /// "23 figures lost: 14 to shooting, 9 in close combat."; none when it lost none.
    pub losses_by_cause: Option<String>,
    pub broken: bool,
    pub units: Vec<UnitLine>,
    pub generals: Vec<GeneralLine>,
    pub losses: Vec<ArmLosses>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitLine {
    pub id: String,
    pub name: String,
    /// "line inf", "heavy cav", "horse field art".
    pub arm: String,
    pub figures_at_start: u32,
    /// Figures still on its stand, even if the unit has left the fight.
    pub figures_at_end: u32,
    pub fate: Fate,
}

/// How a unit ended the battle (so far).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fate {
    /// No hits, good morale, steady.
    Fresh,
    /// Hit, but in good morale and steady.
    Steady,
    /// In play, shaken or disordered or both: the words.
    Troubled(String),
    /// Off the table after the enemy it followed.
    Away,
    Shattered,
    Eliminated(String),
    Removed,
}

impl Fate {
    pub fn describe(&self) -> String {
        match self {
            Fate::Fresh => "fresh".to_owned(),
            Fate::Steady => "steady".to_owned(),
            Fate::Troubled(words) => words.clone(),
            Fate::Away => "off the table after its enemy".to_owned(),
            Fate::Shattered => "shattered".to_owned(),
            Fate::Eliminated(cause) => format!("eliminated: {cause}"),
            Fate::Removed => "removed from play".to_owned(),
        }
    }

    /// Out of the fight for good.
    pub fn gone(&self) -> bool {
        matches!(self, Fate::Shattered | Fate::Eliminated(_) | Fate::Removed)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneralLine {
    pub name: String,
    /// "unhurt", "killed on turn 1".
    pub fate: String,
}

/// Figures of one arm of one side: lost counts every figure hit and the figures of units
/// shattered or eliminated, as the strength chart does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArmLosses {
    pub arm: &'static str,
    pub figures_at_start: u32,
    pub lost: u32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnStory {
    pub turn: u32,
    /// The active side's name.
    pub side: String,
    /// Only the phases in which something of note happened.
    pub phases: Vec<PhaseStory>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhaseStory {
    pub phase: Phase,
    pub lines: Vec<Told>,
}

/// One notable event, in a sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Told {
    /// The sentence, a rules passage in it between asterisks (`*Retreat Moves*`) as the
    /// rules name one, for each rendering to emphasise its own way.
    pub text: String,
    /// A unit or a general lost, or an army broken: the renderings set it in bold.
    pub grave: bool,
}

/// The armies at the start, at the end of each turn, and at the end (or now).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Series {
    /// "start", "T1", "T2", …, "now" (or "end" once an army has broken).
    pub labels: Vec<String>,
    pub sides: Vec<SideSeries>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideSeries {
    pub name: String,
    pub figures_at_start: u32,
    pub units: u32,
    /// Shaken or lost units at which the army breaks; `None` without *Army Morale*.
    pub breaks_at: Option<u32>,
    pub figures: Vec<u32>,
    pub shaken_or_lost: Vec<u32>,
    /// Its colour from the scenario, `#rrggbb`.
    pub colour: Option<String>,
}

impl Series {
    /// The series as the table under the chart gives it: per side a row of figures and
    /// a row of units shaken or lost, each a label and one cell per [`Series::labels`].
    pub fn rows(&self) -> Vec<(String, Vec<String>)> {
        self.sides
            .iter()
            .flat_map(|side| {
                [
                    (
                        format!("{} figures", side.name),
                        side.figures.iter().map(ToString::to_string).collect(),
                    ),
                    (
                        format!("{} shaken or lost", side.name),
                        side.shaken_or_lost
                            .iter()
                            .map(|count| format!("{count}/{}", side.units))
                            .collect(),
                    ),
                ]
            })
            .collect()
    }
}

impl Report {
    pub fn of(game: &Game) -> Report {
        let state = game.state();
        let fates = fates_from_log(game.log());
        let mut causes = causes::losses_by_cause(game);
        let sides = state
            .sides()
            .iter()
            .map(|side| {
                let mut report = side_report(game, &side.id, &fates);
                report.losses_by_cause = causes
                    .remove(&side.id)
                    .and_then(|causes| causes::losses_line(&causes));
                report
            })
            .collect();
        Report {
            title: game.scenario().title.clone(),
            outcome: outcome(game),
            winner: winner(game),
            briefing: game.scenario().at_table.briefing.clone(),
            victory_conditions: game.scenario().at_table.victory.clone(),
            played: played(game),
            house_rules: house_rules(game),
            clock: clock(game),
            luck: luck(game).iter().filter_map(luck_line).collect(),
            photos: Vec::new(),
            sides,
            turns: narrative(game),
            series: series(game),
        }
    }
}

/// When the game was played and for how long, by its clock as the last command left it.
fn clock(game: &Game) -> Option<String> {
    let state = game.state();
    let reading = state.clock_as_logged();
    let started = reading.started?;
    let slot = state
        .clock()
        .slot()
        .map_or_else(String::new, |slot| format!(" of a {} slot", length(slot)));
    Some(format!(
        "Played on {} for {} (pauses left out){slot}: {}",
        started.date(),
        length(reading.played),
        side_times(state, &reading)
    ))
}

/// The house rules the game began with, each with its value and the book's, then each
/// change made mid-game (`house set`) with the turn it was made in: a roll's numbers are
/// those in force when it was thrown.
fn house_rules(game: &Game) -> Vec<String> {
    let ruleset = game.state().ruleset();
    let numbers = ruleset.numbers();
    let shown = |name: &str, value: Option<i32>| {
        let (number, written) = named_in(&numbers, name, ruleset).ok()?;
        let book = written.show(number.book);
        Some(match value {
            Some(value) => at_house_value(name, value, number.book, written),
            None => format!("{name} the book's {book} again"),
        })
    };
    let began = numbers.iter().filter_map(|(number, _)| {
        let value = game.scenario().house_rules.get(number.name)?;
        (value != number.book).then(|| shown(number.name, Some(value)))?
    });
    let changed = game.log().iter().flat_map(|entry| {
        entry.events.iter().filter_map(|event| match event {
            Event::HouseRule { name, value, .. } => {
                shown(name, *value).map(|line| format!("from turn {}, {line}", entry.turn))
            }
            _ => None,
        })
    });
    began.chain(changed).collect()
}

/// How units left the battle and when generals fell, as the log records it.
#[derive(Default)]
struct LoggedFates {
    eliminated: HashMap<String, Fate>,
    generals_lost: HashMap<String, u32>,
}

fn fates_from_log(log: &[Arc<LogEntry>]) -> LoggedFates {
    let mut fates = LoggedFates::default();
    for entry in log {
        for event in &entry.events {
            match event {
                Event::Eliminated { unit, cause } => {
                    fates
                        .eliminated
                        .insert(unit.clone(), Fate::Eliminated(cause.clone()));
                }
                Event::Removed { unit } => {
                    fates.eliminated.insert(unit.clone(), Fate::Removed);
                }
                Event::GeneralLost { general, .. } => {
                    fates.generals_lost.insert(general.clone(), entry.turn);
                }
                _ => {}
            }
        }
    }
    fates
}

fn side_report(game: &Game, side: &str, fates: &LoggedFates) -> SideReport {
    let state = game.state();
    let units: Vec<&Unit> = state
        .units()
        .iter()
        .filter(|u| u.side == side)
        .map(|u| &**u)
        .collect();
    let generals = state
        .generals()
        .iter()
        .filter(|g| g.side == side)
        .map(|g| {
            let turn = fates
                .generals_lost
                .get(&g.id)
                .map_or_else(String::new, |turn| format!(" on turn {turn}"));
            GeneralLine {
                name: g.name.clone(),
                fate: match g.status {
                    GeneralStatus::InPlay => "unhurt".to_owned(),
                    lost => format!("{}{turn}", lost.word()),
                },
            }
        })
        .collect();
    let at_table = state
        .sides()
        .iter()
        .position(|s| s.id == side)
        .and_then(|index| game.scenario().at_table.sides.get(index))
        .cloned()
        .unwrap_or_default();
    SideReport {
        name: state.side(side).map_or(side, |s| &s.name).to_owned(),
        players: at_table.players,
        colour: at_table.colour,
        losses_by_cause: None,
        broken: state.side(side).is_some_and(|s| s.broken),
        units: units.iter().map(|u| unit_line(u, fates)).collect(),
        generals,
        losses: losses_by_arm(&units),
    }
}

fn unit_line(unit: &Unit, fates: &LoggedFates) -> UnitLine {
    let fate = match unit.status {
        UnitStatus::Shattered => Fate::Shattered,
        // Eliminated without a logged cause cannot happen; removed is the plain reading.
        UnitStatus::Eliminated => fates
            .eliminated
            .get(&unit.id)
            .cloned()
            .unwrap_or(Fate::Removed),
        UnitStatus::InPlay if !unit.on_table => Fate::Away,
        UnitStatus::InPlay => {
            let troubles: Vec<&str> = [
                unit.is_shaken().then_some("shaken"),
                (unit.morale == Morale::Routed).then_some("routed"),
                unit.disordered.then_some("disordered"),
            ]
            .into_iter()
            .flatten()
            .collect();
            if !troubles.is_empty() {
                Fate::Troubled(troubles.join(", "))
            } else if unit.figures() < unit.figures_at_start {
                Fate::Steady
            } else {
                Fate::Fresh
            }
        }
    };
    UnitLine {
        id: unit.id.clone(),
        name: unit.name.clone(),
        arm: unit.arm.label(),
        figures_at_start: unit.figures_at_start,
        figures_at_end: unit.figures(),
        fate,
    }
}

fn losses_by_arm(units: &[&Unit]) -> Vec<ArmLosses> {
    ["infantry", "cavalry", "artillery"]
        .into_iter()
        .filter_map(|arm| {
            let units: Vec<&&Unit> = units.iter().filter(|u| u.arm.arm_word() == arm).collect();
            if units.is_empty() {
                return None;
            }
            let figures_at_start = units.iter().map(|u| u.figures_at_start).sum();
            // A unit out of the fight has lost every figure it began with.
            let in_play: u32 = units
                .iter()
                .filter(|u| u.status == UnitStatus::InPlay)
                .map(|u| u.figures())
                .sum();
            Some(ArmLosses {
                arm,
                figures_at_start,
                lost: figures_at_start - in_play,
            })
        })
        .collect()
}

fn side_name<'a>(state: &'a GameState, side: &'a str) -> &'a str {
    state.side(side).map_or(side, |s| s.name.as_str())
}

fn outcome(game: &Game) -> String {
    let state = game.state();
    let breaks: Vec<String> = game
        .log()
        .iter()
        .flat_map(|entry| entry.events.iter().map(move |e| (entry.turn, e)))
        .filter_map(|(turn, event)| match event {
            Event::ArmyBroken {
                side,
                shaken_or_gone,
                units,
            } => Some(format!(
                "The {} army broke at the end of turn {turn}: {shaken_or_gone} of its {units} \
                 units shaken or gone.",
                side_name(state, side)
            )),
            _ => None,
        })
        .collect();
    if breaks.is_empty() {
        let stands = match state.turn_limit() {
            Some(limit) if state.turn() > limit => {
                format!("the game ended with turn {limit}, the scenario's last")
            }
            limit => format!(
                "the game stands at turn {}{}, {} {} phase",
                state.turn(),
                limit.map_or_else(String::new, |l| format!(" of {l}")),
                side_name(state, state.active()),
                state.phase()
            ),
        };
        return format!("No army broke; {stands}.");
    }
    let over = if state.battle_over().is_some() {
        " The battle is over."
    } else {
        ""
    };
    format!("{}{over}", breaks.join(" "))
}

/// "A French victory: held the crossroads.": the referee's last `victory`, else the one
/// side left whose enemy's army broke.
fn winner(game: &Game) -> Option<String> {
    let state = game.state();
    let settled = game.log().iter().rev().find_map(|entry| {
        entry.events.iter().rev().find_map(|event| match event {
            Event::Victory { side, why } => Some((side.clone(), why.clone())),
            _ => None,
        })
    });
    let won = |side: Option<&str>, why: &str| {
        let (won, why) = settled_words(state, side, why);
        format!("{}{why}", html::capitalised(&won))
    };
    if let Some((side, why)) = settled {
        return Some(format!(
            "{}, as the referee settled it.",
            won(side.as_deref(), &why)
        ));
    }
    let [first, second] = state.sides() else {
        return None;
    };
    let broken = |side: &crate::game::Side| side.broken;
    match (broken(first), broken(second)) {
        (true, false) => Some(format!(
            "{}: the {} army broke.",
            won(Some(&second.id), ""),
            first.name
        )),
        (false, true) => Some(format!(
            "{}: the {} army broke.",
            won(Some(&first.id), ""),
            second.name
        )),
        _ => None,
    }
}

/// The colour the scenario gives the side `id`, `#rrggbb`.
fn side_colour(game: &Game, id: &str) -> Option<String> {
    let index = game.state().sides().iter().position(|s| s.id == id)?;
    game.scenario().at_table.sides.get(index)?.colour.clone()
}

fn played(game: &Game) -> String {
    let state = game.state();
    let of = state
        .turn_limit()
        .map_or_else(String::new, |limit| format!(" of {limit}"));
    let commands = game.log().len();
    format!(
        "Turn {}{of} · {} in the log · dice seed {}",
        state.turn(),
        crate::core::plural::counted(commands, "command"),
        game.seed()
    )
}

/// Where an event stands in the log: the entry's index, then the event's within it.
type EventAt = (usize, usize);

/// The hits left to tell of each hit the referee typed (`hit`, `rout`) and each hit taken
/// back (`unhit`, `unrout`): a take-back is a correction, so it cancels the latest typed
/// hits of its kind on its unit (`hit`, `hit`, `unhit` tells one hit, once); what it takes
/// back beyond them (hits a throw dealt, whose line tells the throw as it was) is left to
/// tell as the correction it is.
fn hits_to_tell(log: &[Arc<LogEntry>]) -> HashMap<EventAt, u32> {
    let mut to_tell = HashMap::new();
    let mut typed: HashMap<(&str, HitKind), Vec<EventAt>> = HashMap::new();
    for (index, entry) in log.iter().enumerate() {
        let typed_hits = matches!(
            entry.command.split_whitespace().next(),
            Some("hit" | "rout")
        );
        for (event_index, event) in entry.events.iter().enumerate() {
            let at = (index, event_index);
            match event {
                Event::Hits { unit, kind, count } if typed_hits => {
                    to_tell.insert(at, *count);
                    typed.entry((unit.as_str(), *kind)).or_default().push(at);
                }
                Event::HitsTakenBack { unit, kind, count } => {
                    let mut left = *count;
                    let earlier = typed.entry((unit.as_str(), *kind)).or_default();
                    while left > 0
                        && let Some(&latest) = earlier.last()
                    {
                        let told = to_tell.entry(latest).or_insert(0);
                        let cancelled = left.min(*told);
                        *told -= cancelled;
                        left -= cancelled;
                        if *told == 0 {
                            earlier.pop();
                        }
                    }
                    to_tell.insert(at, left);
                }
                _ => {}
            }
        }
    }
    to_tell
}

/// Each turn's notable events, phase by phase, in the log's order.
fn narrative(game: &Game) -> Vec<TurnStory> {
    let state = game.state();
    let hits = hits_to_tell(game.log());
    let mut turns: Vec<TurnStory> = Vec::new();
    for (index, entry) in game.log().iter().enumerate() {
        if turns.last().is_none_or(|t| t.turn != entry.turn) {
            turns.push(TurnStory {
                turn: entry.turn,
                side: side_name(state, &entry.active).to_owned(),
                phases: Vec::new(),
            });
        }
        let lines = notable(state, entry, |event_index| {
            hits.get(&(index, event_index)).copied().unwrap_or(0)
        });
        let Some(turn) = turns.last_mut() else {
            continue;
        };
        if lines.is_empty() {
            continue;
        }
        match turn.phases.last_mut() {
            Some(phase) if phase.phase == entry.phase => phase.lines.extend(lines),
            _ => turn.phases.push(PhaseStory {
                phase: entry.phase,
                lines,
            }),
        }
    }
    turns
}

/// The events of one log entry worth telling the club, in plain words; `hits_told` gives,
/// by an event's index, the hits left to tell of a hit typed or taken back
/// ([`hits_to_tell`]). Names come from the state now: a unit's name never changes.
fn notable(state: &GameState, entry: &LogEntry, hits_told: impl Fn(usize) -> u32) -> Vec<Told> {
    let unit = |id: &str| as_written(state.unit(id).map_or(id, |u| u.name.as_str())).into_owned();
    let general = |id: &str| crate::rules::told::Told::general_named(state, id);
    let hits_on = |target: &str| -> u32 {
        entry
            .events
            .iter()
            .filter_map(|e| match e {
                Event::Hits {
                    unit,
                    kind: HitKind::Loss,
                    count,
                } if unit == target => Some(*count),
                _ => None,
            })
            .sum()
    };
    let mut lines = Vec::new();
    for (event_index, event) in entry.events.iter().enumerate() {
        let hits_left = hits_told(event_index);
        let line = match event {
            Event::Moved { unit: id, .. } => match event.motion() {
                Some(Motion::Charge(Some(target))) => {
                    Some(format!("{} charged {}.", unit(id), unit(&target)))
                }
                Some(Motion::Charge(None)) => Some(format!("{} charged.", unit(id))),
                Some(Motion::Countercharge { charger, .. }) => {
                    Some(format!("{} countercharged {}.", unit(id), unit(&charger)))
                }
                Some(Motion::Evade) => Some(format!("{} evaded.", unit(id))),
                _ => None,
            },
            Event::ChargeFellShort { unit: id } => {
                Some(format!("{}'s charge fell short.", unit(id)))
            }
            Event::Fought(round) => Some(combat_line(round, unit)),
            Event::Rolled(roll) => roll_line(roll, unit, hits_on),
            // Hits the referee typed himself: the dice were thrown on the table.
            Event::Hits { unit: id, kind, .. } if hits_left > 0 => Some(format!(
                "{} took {}.",
                unit(id),
                kind.count_phrase(hits_left)
            )),
            Event::HitsTakenBack { unit: id, kind, .. } if hits_left > 0 => Some(format!(
                "{}: {} taken back.",
                unit(id),
                kind.count_phrase(hits_left)
            )),
            Event::Shattered { unit: id } => Some(format!("{} was SHATTERED.", unit(id))),
            Event::Eliminated { unit: id, cause } => {
                Some(format!("{} was ELIMINATED: {cause}.", unit(id)))
            }
            Event::Removed { unit: id } => Some(format!("{} was removed from play.", unit(id))),
            Event::Note { .. } | Event::Victory { .. } => referees_line(state, event, unit),
            Event::GeneralLost {
                general: id,
                status,
            } => Some(format!(
                "{} was {}.",
                general(id),
                status.word().to_uppercase()
            )),
            Event::Own(own) => own.reported(&unit),
            Event::ArmyBroken {
                side,
                shaken_or_gone,
                units,
            } => Some(format!(
                "THE {} ARMY BROKE: {shaken_or_gone} of its {units} units shaken or gone.",
                as_written(side_name(state, side)).to_uppercase()
            )),
            _ => None,
        };
        let grave = matches!(
            event,
            Event::Shattered { .. }
                | Event::Eliminated { .. }
                | Event::Removed { .. }
                | Event::GeneralLost { .. }
                | Event::ArmyBroken { .. }
                | Event::Victory { .. }
        );
        lines.extend(line.map(|text| Told { text, grave }));
    }
    lines
}

/// The referee's own word in the story: a note on a unit where it was written, and the
/// battle settled.
fn referees_line(
    state: &GameState,
    event: &Event,
    unit: impl Fn(&str) -> String,
) -> Option<String> {
    match event {
        Event::Note { unit: id, text } if !text.is_empty() => Some(format!(
            "The referee's note on {}: \"{}\"",
            unit(id),
            as_written(text)
        )),
        Event::Victory { side, why } => {
            let (won, why) = settled_words(state, side.as_deref(), why);
            Some(format!(
                "The referee settled the battle: {}{why}.",
                won.to_uppercase()
            ))
        }
        _ => None,
    }
}

/// "Close combat: A won (gave 3 hits, took 1); B lost (gave 1 hit, took 3)."
fn combat_line(round: &CombatRound, unit: impl Fn(&str) -> String) -> String {
    let fighters: Vec<String> = round
        .fighters
        .iter()
        .map(|f| {
            // The verdict is the result's first words: "WON", "LOST", "holds"…
            let verdict = f.result.split(':').next().unwrap_or("").to_lowercase();
            format!(
                "{} {verdict} (gave {}, took {})",
                unit(&f.unit),
                crate::core::plural::counted(f.inflicted, "hit"),
                f.suffered
            )
        })
        .collect();
    format!("Close combat: {}.", fighters.join("; "))
}

/// Shots that hit, failed morale tests and rallies; other throws are the table's detail.
fn roll_line(
    roll: &Roll,
    unit: impl Fn(&str) -> String,
    hits_on: impl Fn(&str) -> u32,
) -> Option<String> {
    match (roll.kind, &roll.target) {
        (RollKind::Shooting | RollKind::BounceThrough | RollKind::RegimentalGun, Some(target))
            if hits_on(target) > 0 =>
        {
            Some(format!(
                "{} fired on {}: {}.",
                unit(&roll.by),
                unit(target),
                crate::core::plural::counted(hits_on(target), "hit")
            ))
        }
        // *Old Trousers II*'s and the d10 sheet's fire tables: one roll for the fire, by
        // every unit that joined it (*Old Trousers II* writes them `a + b`).
        (RollKind::Fire, Some(target)) if hits_on(target) > 0 => Some(format!(
            "{} fired on {}: {}.",
            roll.by
                .split(" + ")
                .map(&unit)
                .collect::<Vec<_>>()
                .join(" and "),
            unit(target),
            crate::core::plural::counted(hits_on(target), "figure")
        )),
        // A melee is a roll a side: each says what its enemy lost.
        (RollKind::Melee, Some(target)) if hits_on(target) > 0 => Some(format!(
            "{} fought {} in melee: {} lost {}.",
            unit(&roll.by),
            unit(target),
            unit(target),
            crate::core::plural::counted(hits_on(target), "figure")
        )),
        (RollKind::MoraleTest, _) if !roll.passed() => {
            Some(format!("{} failed its morale test.", unit(&roll.by)))
        }
        (RollKind::Rally, _) if roll.passed() => Some(format!("{} rallied.", unit(&roll.by))),
        _ => None,
    }
}

fn series(game: &Game) -> Series {
    let state = game.state();
    let strengths = state.side_strengths();
    let by_side = game.standing_by_turn();
    let points = by_side.first().map_or(0, |(_, s)| s.len());
    let mut labels = vec!["start".to_owned()];
    // The last point is now: the end once the battle is over.
    let turns_ended = points.saturating_sub(2);
    labels.extend((1..=turns_ended).map(|turn| format!("T{turn}")));
    if points > 1 {
        let now = if state.battle_over().is_some() {
            "end"
        } else {
            "now"
        };
        labels.push(now.to_owned());
    }
    let sides = by_side
        .into_iter()
        .map(|(side, standings)| {
            let strength = strengths.iter().find(|s| s.side == side);
            let first = standings.first().copied().unwrap_or(Standing {
                figures: 0,
                shaken_or_lost: 0,
                units: 0,
            });
            SideSeries {
                name: side_name(state, &side).to_owned(),
                figures_at_start: first.figures,
                units: first.units,
                breaks_at: strength.and_then(|s| s.breaks_at),
                figures: standings.iter().map(|s| s.figures).collect(),
                shaken_or_lost: standings.iter().map(|s| s.shaken_or_lost).collect(),
                colour: side_colour(game, &side),
            }
        })
        .collect();
    Series { labels, sides }
}

#[cfg(test)]
mod tests;
