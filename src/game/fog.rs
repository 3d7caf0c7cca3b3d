//! Fog of war: what one side's player may see of the battle. The rule, in
//! `docs/security.md` ("A side's view"): of the other side a player sees what stands on
//! the table — its units, their figures, formation and markers — and what its throws
//! came to; of his own side all the referee knows but the referee's notes. The referee
//! sees everything.
//!
//! Every screen a player looks at draws from here ([`Viewer::unit`], [`Viewer::log`],
//! [`Viewer::checklist`], [`Viewer::throw`], [`Viewer::strength`],
//! [`Viewer::sees_needs`]), never from the state's hidden fields, so the rule is written
//! once. What each ruleset keeps from the other side is its profile's `secrets`, read by
//! [`FogRule::of`];
//! `docs/fog-of-war.md` lists it. What is shown is listed, not what is hidden: a new event
//! is placed by the compiler's exhaustive match, a new unit field is hidden until added to
//! [`SeenUnit`].

use super::history::{Game, LogEntry, apply_entry_each};
use super::strength::SideStrength;
use crate::engine::checklist::{Checklist, ChecklistItem};
use crate::engine::combat_round::CombatRound;
use crate::engine::event::{Event, Motion};
use crate::engine::roll::{Roll, RollKind};
use crate::engine::state::GameState;
use crate::rules::Ruleset;
use crate::rules::phase::Phase;
pub use crate::rules::secret::Secret;
use crate::rules::told::Told;
use crate::rules::unit::{Arm, CommandState, Formation, Morale, Unit, UnitStatus};
use std::borrow::Cow;
use std::sync::Arc;

/// Who looks at the battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer<'a> {
    /// The referee (and a watcher of the whole battle): everything.
    Referee,
    /// The player of the side with this id.
    Side(&'a str),
    /// A guest at the table (`serve`'s `guest`): both sides as a player sees the enemy.
    Guest,
}

/// Who looks at a screen, as the screen keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Looker {
    Referee,
    Side(String),
    Guest,
}

impl Looker {
    pub fn viewer(&self) -> Viewer<'_> {
        match self {
            Looker::Referee => Viewer::Referee,
            Looker::Side(side) => Viewer::Side(side),
            Looker::Guest => Viewer::Guest,
        }
    }
}

/// What a ruleset keeps from the other side's player: everything else of the enemy that
/// the screen knows is what stands on the table. The referee's notes and the items he let
/// stand are his alone in every ruleset, from every player, so they are not here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FogRule {
    pub secrets: &'static [Secret],
}

impl FogRule {
    /// What `ruleset` hides: its profile's list (`docs/fog-of-war.md`, with the passages
    /// and rulings behind each row).
    pub fn of(ruleset: Ruleset) -> FogRule {
        FogRule {
            secrets: ruleset.profile().secrets,
        }
    }

    pub fn hides(self, secret: Secret) -> bool {
        self.secrets.contains(&secret)
    }
}

impl Viewer<'_> {
    /// Whether `subject` (a unit's, a general's or a side's id, or as a throw names its
    /// thrower, a general's or a side's name) is the viewer's own: all of it is shown.
    /// Nothing of a subject the state does not know is.
    pub fn owns(self, state: &GameState, subject: &str) -> bool {
        match self {
            Viewer::Referee => true,
            Viewer::Side(side) => owner(state, subject) == Some(side),
            Viewer::Guest => false,
        }
    }

    /// Whether the viewer sees `secret` of `subject` (as [`Viewer::owns`] takes it): its
    /// own side's always, another's where the ruleset does not keep it.
    pub fn sees(self, state: &GameState, subject: &str, secret: Secret) -> bool {
        self.owns(state, subject) || !FogRule::of(state.ruleset()).hides(secret)
    }

    /// `strength` (a side's) as the viewer may read it: without the distance to the army's
    /// break where the ruleset keeps it.
    pub fn strength(self, state: &GameState, strength: SideStrength) -> SideStrength {
        if self.sees(state, &strength.side, Secret::ArmyMorale) {
            strength
        } else {
            SideStrength {
                breaks_at: None,
                ..strength
            }
        }
    }

    /// Whether the viewer may be told what `unit` needs on its throws (the quick
    /// reference's needs): what a throw needs is its reasons.
    pub fn sees_needs(self, state: &GameState, unit: &str) -> bool {
        self.sees(state, unit, Secret::ThrowReasons)
    }

    /// `unit` as the viewer sees it.
    pub fn unit<'u>(self, state: &'u GameState, unit: &'u Unit) -> SeenUnit<'u> {
        let whole = match self {
            Viewer::Referee => Some(Cow::Borrowed(unit)),
            // A note is free text, so it can say anything of either side: the referee's.
            Viewer::Side(side) if side == unit.side => Some(Cow::Owned(Unit {
                note: String::new(),
                ..unit.clone()
            })),
            Viewer::Side(_) | Viewer::Guest => None,
        };
        let sees = |secret| whole.is_some() || self.sees(state, &unit.id, secret);
        SeenUnit {
            id: &unit.id,
            name: &unit.name,
            side: &unit.side,
            arm: unit.arm,
            figures: unit.figures(),
            figures_at_start: unit.figures_at_start,
            morale: unit.morale,
            disordered: unit.disordered,
            rating: sees(Secret::Grade).then(|| unit.rating_label(state.ruleset().has_grades())),
            hits_by_kind: sees(Secret::HitsByKind).then_some((unit.loss_hits, unit.rout_hits)),
            command: sees(Secret::Command).then(|| state.command_of(unit)),
            formation: unit.formation,
            screen: unit.screen_models(),
            status: unit.status,
            on_table: unit.on_table,
            in_contact_with: &unit.in_contact_with,
            guns: unit.guns_left(),
            unit,
            generals: state
                .generals_attached_to(&unit.id)
                .map(|g| g.name.as_str())
                .collect(),
            whole,
        }
    }

    /// The checklist's items about the viewer's own units, generals and side, and those
    /// about both sides; the other side's are its referee's business.
    pub fn checklist(self, state: &GameState, checklist: Checklist) -> Checklist {
        if self == Viewer::Referee {
            return checklist;
        }
        let shown = |item: &ChecklistItem| {
            item.subject == "both" || self.sees(state, &item.subject, Secret::Checklist)
        };
        Checklist {
            open: checklist.open.into_iter().filter(shown).collect(),
            watch: checklist.watch.into_iter().filter(shown).collect(),
        }
    }

    /// The log as the viewer reads it, oldest first: [`SeenLog`] told from the start.
    pub fn log(self, game: &Game) -> Vec<SeenEntry> {
        SeenLog::of(self, game).entries
    }

    /// Whether the viewer sees all `entry` did, and so may read its command's words.
    pub fn sees_whole(self, state: &GameState, entry: &LogEntry) -> bool {
        entry
            .events
            .iter()
            .all(|event| !hides_words(event, &self.sight(state, event)))
    }

    /// A throw, a combat round, a move or the house values they used, as the dice pane
    /// shows it to the viewer; `None` for any other event, and for one the viewer may not
    /// see at all.
    pub fn throw<'e>(self, state: &GameState, event: &'e Event) -> Option<SeenThrow<'e>> {
        let sight = self.sight(state, event);
        if sight == Sight::Hidden {
            return None;
        }
        let whole = sight == Sight::Whole;
        match event {
            Event::Rolled(_) | Event::Fought(_) | Event::Moved { .. } if whole => {
                Some(SeenThrow::Whole(event))
            }
            Event::Rolled(roll) => Some(SeenThrow::Roll(ToldRoll::of(roll))),
            Event::Fought(round) => Some(SeenThrow::Round(ToldRound::of(round))),
            Event::Moved { unit, .. } => Some(SeenThrow::Move(moved_unseen(unit, event, None))),
            Event::HouseValuesUsed { .. } => Some(SeenThrow::Whole(event)),
            _ => None,
        }
    }

    /// How much of `event` the viewer sees; `state` is the state just after it.
    // One arm per kind of event, so that a new one must be placed before it compiles.
    #[allow(clippy::too_many_lines)]
    fn sight(self, state: &GameState, event: &Event) -> Sight {
        if self == Viewer::Referee {
            return Sight::Whole;
        }
        let rule = FogRule::of(state.ruleset());
        let sees = |subject: &str, secret| self.sees(state, subject, secret);
        let name = |id: &str| state.named(id);
        match event {
            // Free text, and the checklist items the referee let stand: his alone. Which
            // house values a result used may tell what the side may not see (a shaken
            // enemy's modifier), so that note is his too.
            Event::Note { .. } | Event::LeftOpen { .. } | Event::HouseValuesUsed { .. } => {
                Sight::Hidden
            }
            // Its points add up both sides' grades and reasons: each side sees the dice
            // and results.
            Event::Fought(round)
                if rule.hides(Secret::Grade) || rule.hides(Secret::ThrowReasons) =>
            {
                Sight::Told(round.summary())
            }
            Event::Hits { unit, count, .. } if !sees(unit, Secret::HitsByKind) => {
                let left = state.unit(unit).map_or(0, Unit::figures);
                Sight::Told(format!(
                    "{} takes {}: {left} figures left",
                    name(unit),
                    hits(*count)
                ))
            }
            Event::HitsTakenBack { unit, count, .. } if !sees(unit, Secret::HitsByKind) => {
                let left = state.unit(unit).map_or(0, Unit::figures);
                Sight::Told(format!(
                    "{} has {} taken back: {left} figures",
                    name(unit),
                    hits(*count)
                ))
            }
            Event::Command { unit, .. } if !sees(unit, Secret::Command) => Sight::Hidden,
            Event::TestOwed { unit, .. } | Event::TestLapsed { unit }
                if !sees(unit, Secret::OwedTests) =>
            {
                Sight::Hidden
            }
            // The roll for an activation tells the order and whether it holds (ruling 50).
            Event::Rolled(roll)
                if roll.kind == RollKind::Activation && !sees(&roll.by, Secret::Orders) =>
            {
                Sight::Hidden
            }
            Event::Rolled(roll) if !sees(&roll.by, Secret::ThrowReasons) => {
                Sight::Told(ToldRoll::of(roll).line())
            }
            Event::Moved { unit, .. } if !sees(unit, Secret::ThrowReasons) => {
                Sight::Told(moved_unseen(unit, event, Some(&name)))
            }
            // The viewer's own, or what stands on the table for all to see.
            Event::Hits { .. }
            | Event::HitsTakenBack { .. }
            | Event::Command { .. }
            | Event::TestOwed { .. }
            | Event::TestLapsed { .. }
            | Event::Rolled(_)
            | Event::Moved { .. }
            | Event::Fought(_)
            | Event::Shattered { .. }
            | Event::Morale { .. }
            | Event::Disorder { .. }
            | Event::Formation { .. }
            | Event::Attached { .. }
            | Event::Detached { .. }
            | Event::Removed { .. }
            | Event::LeftTable { .. }
            | Event::Contact { .. }
            | Event::Eliminated { .. }
            | Event::GeneralLost { .. }
            | Event::ArmyBroken { .. }
            | Event::MustRetreat { .. }
            | Event::ChargeFellShort { .. }
            // The numbers, the time and the result the table plays by: everyone's.
            | Event::HouseRule { .. }
            | Event::Clock { .. }
            | Event::Victory { .. }
            | Event::PhaseBegan { .. } => Sight::Whole,
            Event::Own(own) => match own.secret() {
                Some((subject, secret)) if !sees(subject, secret) => {
                    own.unseen(state).map_or(Sight::Hidden, Sight::Told)
                }
                Some(_) | None => Sight::Whole,
            },
        }
    }
}

/// How much of an event a viewer sees.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Sight {
    /// As the referee was told it.
    Whole,
    /// This line only.
    Told(String),
    Hidden,
}

/// The side `subject` belongs to: a unit's or a general's, or the side itself. A throw
/// names the general or the side that throws by name ("Margaron", "British": `Roll::by`),
/// so a subject that is no id is looked for among their names; a throw for several units
/// names them all ("fr-foy + fr-4leg"), theirs if they are one side's.
fn owner<'s>(state: &'s GameState, subject: &str) -> Option<&'s str> {
    if let Some((first, rest)) = subject.split_once(" + ") {
        let side = owner(state, first)?;
        return (owner(state, rest)? == side).then_some(side);
    }
    if let Some(unit) = state.unit(subject) {
        Some(&unit.side)
    } else if let Some(general) = state.general(subject) {
        Some(&general.side)
    } else if let Some(side) = state.side(subject) {
        Some(&side.id)
    } else if let Some(general) = state.generals().iter().find(|g| g.name == subject) {
        Some(&general.side)
    } else {
        state
            .sides()
            .iter()
            .find(|side| side.name == subject)
            .map(|side| side.id.as_str())
    }
}

/// "2 hits", "1 hit": hits of either kind.
fn hits(count: u32) -> String {
    crate::core::plural::counted(count, "hit")
}

/// Another side's move: what kind, not how far it could go (an allowance halved tells
/// of its command).
fn moved_unseen(unit: &str, event: &Event, name: Option<&dyn Fn(&str) -> String>) -> String {
    let name = |id: &str| name.map_or_else(|| id.to_owned(), |name| name(id));
    let motion = event.motion().unwrap_or(Motion::Move).named(name);
    format!("{} {}", name(unit), motion.verb())
}

/// A unit as a viewer sees it: what stands on the table, and the rest only when it is
/// the viewer's own (or the viewer is the referee).
// Markers and states, each its own yes or no, as on the unit itself.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeenUnit<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub side: &'a str,
    pub arm: Arm,
    pub figures: u32,
    pub figures_at_start: u32,
    /// The shaken (or routed) marker.
    pub morale: Morale,
    pub disordered: bool,
    /// Its grade (or troop rating) as the roster writes it, where the viewer may see it.
    pub rating: Option<String>,
    /// Its loss and rout hits, where the viewer may see them apart.
    pub hits_by_kind: Option<(u32, u32)>,
    /// In or out of command, where the viewer may see it.
    pub command: Option<CommandState>,
    pub formation: Formation,
    /// *Sound the Charge 1:25*: the models out in its skirmish screen (0: none).
    pub screen: u32,
    pub status: UnitStatus,
    pub on_table: bool,
    pub in_contact_with: &'a [String],
    /// Guns still in action.
    pub guns: Option<u32>,
    /// The generals riding with it, by name.
    pub generals: Vec<&'a str>,
    /// All of the unit, for its own side (without the referee's note) and the referee:
    /// its kit and traits, what it owes and has done this turn, its needs.
    pub whole: Option<Cow<'a, Unit>>,
    /// The unit itself, for the words any player may read of it: the roster's short
    /// formation and disorder letter, and its marks ([`SeenUnit::marks`]), which are
    /// worked out only when the details window asks, not for every row of every frame.
    unit: &'a Unit,
}

impl SeenUnit<'_> {
    /// Its formation in the roster's few columns ("masse", "col", "2line").
    pub fn formation_short(&self) -> &'static str {
        self.unit.formation_short()
    }

    /// The roster's letter in its disorder slot (`D`, or `B` for moves back owed), all
    /// of it on the table for any player to see.
    pub fn disorder_letter(&self) -> Option<char> {
        self.unit.disorder_letter()
    }

    /// The markers it carries on the table in its ruleset's words ("in battalion-masse",
    /// "owes 2 moves back"), for any player to see.
    pub fn marks(&self) -> Vec<String> {
        self.unit.table_marks()
    }

    /// In play and on the table.
    pub fn fighting(&self) -> bool {
        self.on_table && self.status == UnitStatus::InPlay
    }
}

/// A log entry as a viewer reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeenEntry {
    pub turn: u32,
    /// The side whose turn it was.
    pub active: String,
    pub phase: Phase,
    /// The command's words, when the viewer sees all it did.
    pub command: Option<String>,
    /// What it did, a line each.
    pub said: Vec<String>,
}

/// The log as one viewer reads it, oldest first. An entry the viewer sees whole keeps its
/// command's words and the referee's lines; one it sees in part loses its words (they may
/// say what was hidden: `rout` for `hit`) and keeps the lines it may see; one it sees
/// nothing of (a note) is left out. Each line is told as the referee was told it then,
/// from the state just after its event; that state is kept, so a game that grows is told
/// its new entries alone ([`SeenLog::grow`]) instead of the whole game again.
#[derive(Debug, Clone)]
pub struct SeenLog {
    /// The state just after the last entry told.
    state: GameState,
    /// How many of the game's entries have been told (some as nothing).
    told: usize,
    pub entries: Vec<SeenEntry>,
}

impl SeenLog {
    /// `game`'s log told to `viewer` from the start.
    pub fn of(viewer: Viewer, game: &Game) -> SeenLog {
        let mut seen = SeenLog {
            state: GameState::new(game.scenario(), game.seed()),
            told: 0,
            entries: Vec::with_capacity(game.log().len()),
        };
        seen.grow(viewer, game.log());
        seen
    }

    /// How many of the game's entries have been told.
    pub fn told(&self) -> usize {
        self.told
    }

    /// Tells `more`, the entries that follow those told so far in the same game.
    pub fn grow(&mut self, viewer: Viewer, more: &[Arc<LogEntry>]) {
        for entry in more {
            let mut said = Vec::new();
            let mut whole = true;
            // Never an error: the game was built by applying this very log.
            let Ok(()) = apply_entry_each(&mut self.state, entry, |state, event| {
                let sight = viewer.sight(state, event);
                whole &= !hides_words(event, &sight);
                match sight {
                    Sight::Whole => said.push(event.describe(state)),
                    Sight::Told(line) => said.push(line),
                    Sight::Hidden => {}
                }
            }) else {
                return;
            };
            self.told += 1;
            if said.is_empty() && !whole {
                continue;
            }
            self.entries.push(SeenEntry {
                turn: entry.turn,
                active: entry.active.clone(),
                phase: entry.phase,
                command: whole.then(|| entry.command.clone()),
                said,
            });
        }
    }
}

/// What the dice pane shows of a throw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeenThrow<'e> {
    /// All of it: the faces, the score needed and every reason.
    Whole(&'e Event),
    /// Another side's throw.
    Roll(ToldRoll<'e>),
    /// A round of close combat, whose points weigh both sides' grades.
    Round(ToldRound<'e>),
    /// Another side's move: the unit and its kind of move.
    Move(String),
}

/// A throw as the table saw it: who threw, the faces, what came of it. Not the score it
/// needed nor why, which tell of the thrower's grade and state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToldRoll<'e> {
    pub title: String,
    /// "app's dice" or "players' dice".
    pub thrower: &'static str,
    /// "d10 7", "6 6 3".
    pub faces: String,
    pub result: &'e str,
}

impl<'e> ToldRoll<'e> {
    fn of(roll: &'e Roll) -> ToldRoll<'e> {
        let die = roll.die_name().map(|d| format!("{d} ")).unwrap_or_default();
        let mut faces = format!("{die}{}", roll.faces());
        if let Some(then) = roll.then.as_ref().filter(|t| !t.dice.is_empty()) {
            faces.push_str(" then ");
            faces.push_str(&faces_of(&then.dice));
        }
        ToldRoll {
            title: roll.title(),
            thrower: roll.thrower(),
            faces,
            result: &roll.result,
        }
    }

    /// One line for the log.
    fn line(&self) -> String {
        format!(
            "{}: {} [{}] → {}",
            self.title, self.thrower, self.faces, self.result
        )
    }
}

fn faces_of(dice: &[u8]) -> String {
    dice.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

/// A round of close combat as the table saw it: each unit's result, each strike's dice
/// and hits; not the points, which add up the grades of both sides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToldRound<'e> {
    pub title: String,
    pub thrower: &'static str,
    /// Each unit and what the round did to it.
    pub results: Vec<(&'e str, &'e str)>,
    pub strikes: Vec<ToldStrike<'e>>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToldStrike<'e> {
    pub unit: &'e str,
    pub at: &'e str,
    pub faces: String,
    pub hits: u32,
}

impl<'e> ToldRound<'e> {
    fn of(round: &'e CombatRound) -> ToldRound<'e> {
        ToldRound {
            title: round.title(),
            thrower: round.thrower(),
            results: round
                .fighters
                .iter()
                .map(|f| (f.unit.as_str(), f.result.as_str()))
                .collect(),
            strikes: round
                .fighters
                .iter()
                .flat_map(|f| {
                    f.strikes.iter().map(|s| ToldStrike {
                        unit: &f.unit,
                        at: &s.at,
                        faces: faces_of(&s.dice),
                        hits: s.hits,
                    })
                })
                .collect(),
        }
    }
}

/// Whether a viewer who sees `event` so keeps from the command's words: any event not seen
/// whole does, but the referee's note of the house values a result used, which says nothing
/// the words do not.
fn hides_words(event: &Event, sight: &Sight) -> bool {
    *sight != Sight::Whole && !matches!(event, Event::HouseValuesUsed { .. })
}
#[cfg(test)]
mod tests;
