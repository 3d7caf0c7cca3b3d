//! Fire combat of *Old Trousers II* (*Fire Combat*, p18-21): every unit firing on one
//! target adds its points to one d10 on the *Fire Combat Table*; the hits, a battery's
//! lost guns, the shot bouncing through to the units behind, and the d10 for a commander
//! riding with a unit that lost men (p11).

// Why this file is long: the fire phase as the table plays it: the fire line's words, who
// may fire, simultaneous stationary fire, bounce-through and commanders at risk.

use super::TrousersCommand;
use super::TrousersRefusal;
use super::refusal::TrousersFireRefusal;
use crate::core::dice::parse_face_of;
use crate::core::plural::agreeing;
use crate::engine::event::Event;
use crate::engine::guards::in_play;
use crate::engine::roll::{Roll, RollKind};
use crate::engine::state::GameState;
use crate::engine::thrower::Thrower;
use crate::rules::old_trousers::command::commander_casualty;
use crate::rules::old_trousers::event::TrousersEvent;
use crate::rules::old_trousers::fire::{
    Band, BounceFacts, Casualty, Cover, FireFacts, FireResult, Marksman, Salvo, Volley,
    bounce_through, fire_points, gun_points, resolve_fire,
};
use crate::rules::old_trousers::movement::Distance;
use crate::rules::old_trousers::random_events::RandomEvent;
use crate::rules::old_trousers::unit::{self as ot, Arm};
use crate::rules::phase::Phase;
use crate::rules::sides::GeneralStatus;
use crate::rules::unit::{HitKind, Unit};
use std::fmt::{self, Write as _};

/// This module's words with their usage and meaning.
pub(super) const HELP: [super::Help; 1] = [(
    "fire",
    "fire <unit>[:n][:flank][@range][,<unit>...] <target> <range> [facts] \
     [bounce=<unit>[,<unit>] muddy|rough|uphill|wall] [d10=n] [commander=n[,n]]",
    "one d10 for all the fire on a target: range in inches or canister/effective/long; \
     :n figures or guns firing, :flank enfilade; facts moved, point-blank, defence, \
     screened, firefight, second-round, deep, town, cover=light|medium|heavy, \
     opportunity (movement phase); commander= the d10 of each general with a unit hit",
)];

/// How far the firer is from the target: measured, or an artillery band as called.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Range {
    Inches(Distance),
    Band(Band),
}

impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Range::Band(band) => f.write_str(band.word()),
            Range::Inches(distance) => write!(f, "{}\"", distance.typed()),
        }
    }
}

/// One unit firing, with what only the table shows about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Firer {
    pub unit: String,
    /// Figures (a battery: guns) that can bear, when not all of them (p18: the front
    /// rank only; a split fire; ruling 34).
    pub bearing: Option<u32>,
    /// Enfilade for musketry, flank fire for guns (p19-20).
    pub flank: bool,
    /// Its own range, when the firers stand at different distances.
    pub range: Option<Range>,
}

impl fmt::Display for Firer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.unit)?;
        if let Some(n) = self.bearing {
            write!(f, ":{n}")?;
        }
        if self.flank {
            f.write_str(":flank")?;
        }
        if let Some(range) = self.range {
            write!(f, "@{range}")?;
        }
        Ok(())
    }
}

/// The referee's facts about the shot, in the table's order (p19-20), and opportunity
/// fire (p21).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Fact {
    Moved,
    PointBlank,
    Defence,
    Screened,
    Firefight,
    SecondRound,
    Deep,
    Town,
    Opportunity,
}

const FACT_WORDS: [(&str, Fact); 9] = [
    ("moved", Fact::Moved),
    ("point-blank", Fact::PointBlank),
    ("defence", Fact::Defence),
    ("screened", Fact::Screened),
    ("firefight", Fact::Firefight),
    ("second-round", Fact::SecondRound),
    ("deep", Fact::Deep),
    ("town", Fact::Town),
    ("opportunity", Fact::Opportunity),
];

/// What stops a bounce-through (p21).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ground {
    Muddy,
    Rough,
    Uphill,
    Wall,
}

const GROUND_WORDS: [(&str, Ground); 4] = [
    ("muddy", Ground::Muddy),
    ("rough", Ground::Rough),
    ("uphill", Ground::Uphill),
    ("wall", Ground::Wall),
];

const COVER_WORDS: [(&str, Cover); 3] = [
    ("light", Cover::Light),
    ("medium", Cover::Medium),
    ("heavy", Cover::Heavy),
];

/// `fire <firers> <target> <range> [facts] [bounce=…] [d10=n] [commander=n,…]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FireOrder {
    pub firers: Vec<Firer>,
    pub target: String,
    /// The range of every firer without its own.
    pub range: Option<Range>,
    pub facts: Vec<Fact>,
    pub cover: Option<Cover>,
    /// The units behind the target on the line of fire.
    pub bounce: Vec<String>,
    pub ground: Vec<Ground>,
    pub d10: Option<u8>,
    /// The d10 of each commander riding with a unit that lost men, target's first.
    pub commander: Option<Vec<u8>>,
}

fn word_of<T: PartialEq + Copy>(table: &[(&'static str, T)], value: T) -> &'static str {
    table
        .iter()
        .find(|(_, v)| *v == value)
        .map_or("", |(w, _)| w)
}

fn join(list: &[impl fmt::Display]) -> String {
    list.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

impl fmt::Display for FireOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "fire {} {}", join(&self.firers), self.target)?;
        if let Some(range) = self.range {
            write!(f, " {range}")?;
        }
        for fact in &self.facts {
            write!(f, " {}", word_of(&FACT_WORDS, *fact))?;
        }
        if let Some(cover) = self.cover {
            write!(f, " cover={}", word_of(&COVER_WORDS, cover))?;
        }
        if !self.bounce.is_empty() {
            write!(f, " bounce={}", self.bounce.join(","))?;
        }
        for ground in &self.ground {
            write!(f, " {}", word_of(&GROUND_WORDS, *ground))?;
        }
        if let Some(face) = self.d10 {
            write!(f, " d10={face}")?;
        }
        if let Some(faces) = &self.commander {
            write!(f, " commander={}", join(faces))?;
        }
        Ok(())
    }
}

/// Parses this module's words; `None` for another's.
pub(super) fn parse(verb: &str, args: &[&str]) -> Option<Result<TrousersCommand, TrousersRefusal>> {
    match verb {
        "fire" => Some(parse_fire(args).map(TrousersCommand::Fire)),
        _ => None,
    }
}

fn usage() -> TrousersRefusal {
    TrousersRefusal::usage(super::usage("fire"))
}

fn parse_fire(args: &[&str]) -> Result<FireOrder, TrousersRefusal> {
    let [firers, target, rest @ ..] = args else {
        return Err(usage());
    };
    let mut order = FireOrder {
        firers: firers
            .split(',')
            .map(parse_firer)
            .collect::<Result<_, _>>()?,
        target: (*target).to_owned(),
        range: None,
        facts: Vec::new(),
        cover: None,
        bounce: Vec::new(),
        ground: Vec::new(),
        d10: None,
        commander: None,
    };
    for word in rest {
        parse_word(&mut order, word)?;
    }
    order.facts.sort_unstable();
    order.facts.dedup();
    order.ground.sort_unstable();
    order.ground.dedup();
    Ok(order)
}

fn parse_word(order: &mut FireOrder, word: &str) -> Result<(), TrousersRefusal> {
    let lower = word.to_ascii_lowercase();
    if let Some((key, value)) = lower.split_once('=') {
        return parse_keyed(order, key, value);
    }
    if let Some((_, fact)) = FACT_WORDS.iter().find(|(w, _)| *w == lower) {
        order.facts.push(*fact);
    } else if let Some((_, ground)) = GROUND_WORDS.iter().find(|(w, _)| *w == lower) {
        order.ground.push(*ground);
    } else if lower == "cover" {
        once(&mut order.cover, Cover::Light, "cover")?;
    } else if let (Some(range), None) = (parse_range(&lower), order.range) {
        order.range = Some(range);
    } else {
        return Err(TrousersFireRefusal::NotAWord {
            word: word.to_owned(),
            facts: FACT_WORDS
                .iter()
                .map(|(w, _)| *w)
                .chain(GROUND_WORDS.iter().map(|(w, _)| *w))
                .collect(),
        }
        .into());
    }
    Ok(())
}

fn once<T>(slot: &mut Option<T>, value: T, key: &'static str) -> Result<(), TrousersRefusal> {
    if slot.is_some() {
        return Err(TrousersFireRefusal::GivenOnce { key }.into());
    }
    *slot = Some(value);
    Ok(())
}

fn parse_keyed(order: &mut FireOrder, key: &str, value: &str) -> Result<(), TrousersRefusal> {
    match key {
        "d10" => once(
            &mut order.d10,
            parse_face_of(value, 10).map_err(TrousersRefusal::from)?,
            "d10=",
        ),
        "commander" => {
            let faces = value
                .split(',')
                .map(|w| parse_face_of(w, 10).map_err(TrousersRefusal::from))
                .collect::<Result<Vec<_>, _>>()?;
            once(&mut order.commander, faces, "commander=")
        }
        "cover" => {
            let Some((_, cover)) = COVER_WORDS.iter().find(|(w, _)| *w == value) else {
                return Err(TrousersFireRefusal::NotACover {
                    word: value.to_owned(),
                }
                .into());
            };
            once(&mut order.cover, *cover, "cover")
        }
        "bounce" if order.bounce.is_empty() && !value.is_empty() => {
            order.bounce = value.split(',').map(str::to_owned).collect();
            Ok(())
        }
        "bounce" => Err(TrousersFireRefusal::BounceGivenOnce.into()),
        _ => Err(usage()),
    }
}

/// `id[:n][:flank][@range]`.
fn parse_firer(word: &str) -> Result<Firer, TrousersRefusal> {
    let (head, range) = match word.split_once('@') {
        Some((head, range)) => {
            let parsed = parse_range(&range.to_ascii_lowercase()).ok_or_else(|| {
                TrousersFireRefusal::NotARange {
                    word: range.to_owned(),
                }
            })?;
            (head, Some(parsed))
        }
        None => (word, None),
    };
    let mut parts = head.split(':');
    let unit = parts.next().unwrap_or_default();
    if unit.is_empty() {
        return Err(TrousersFireRefusal::NoFirer.into());
    }
    let mut firer = Firer {
        unit: unit.to_owned(),
        bearing: None,
        flank: false,
        range,
    };
    for part in parts {
        match (part.to_ascii_lowercase().as_str(), part.parse::<u32>()) {
            ("flank", _) => firer.flank = true,
            (_, Ok(n)) if n > 0 && firer.bearing.is_none() => firer.bearing = Some(n),
            _ => {
                return Err(TrousersFireRefusal::NotAFirerWord {
                    word: part.to_owned(),
                    unit: unit.to_owned(),
                }
                .into());
            }
        }
    }
    Ok(firer)
}

/// Inches as measured (whole, or to the quarter inch), or an artillery band's name.
fn parse_range(word: &str) -> Option<Range> {
    if let Some(band) = Band::ALL.into_iter().find(|b| b.word() == word) {
        return Some(Range::Band(band));
    }
    Distance::parse(word).map(Range::Inches)
}

/// When the fire happens, which says who may fire (p9, p18, p21; ruling 31).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Segment {
    Stationary,
    Moving,
    Opportunity,
}

/// Cavalry skirmishers' carbines reach as far as muskets (ruling 30).
const CARBINE_RANGE: u32 = 4;

/// One unit's share of the fire.
struct Shooter<'a> {
    unit: &'a Unit,
    rules: ot::Unit,
    volley: Option<Volley>,
    salvo: Option<Salvo>,
}

impl Shooter<'_> {
    fn points(&self) -> u32 {
        fire_points(self.volley.as_slice(), self.salvo.as_slice()).total()
    }
}

/// What the fire did to one unit it struck.
struct Struck {
    unit: String,
    events: Vec<Event>,
    lost: u32,
    eliminated: bool,
    words: String,
}

pub(super) fn fire(state: &GameState, order: &FireOrder) -> Result<Vec<Event>, TrousersRefusal> {
    let segment = segment(state, order)?;
    let target = in_play(state, &order.target)?;
    let target_rules = rated(target)?;
    let shooters = shooters(state, order, segment, target)?;
    let volleys: Vec<Volley> = shooters.iter().filter_map(|s| s.volley).collect();
    let salvos: Vec<Salvo> = shooters.iter().filter_map(|s| s.salvo).collect();
    let points = fire_points(&volleys, &salvos);
    let facts = facts(state, order, segment, lead(&shooters), &target_rules)?;
    let mut thrower = Thrower {
        stream: state.dice(),
    };
    let typed = order.d10.map(|face| vec![face]);
    let (thrown, stream) = thrower.throw_sided(typed.as_deref(), 1, 10, "the fire")?;
    let face = thrown.first().copied().unwrap_or(1);
    let result = resolve_fire(points, &facts, &target_rules, face)
        .ok_or(TrousersFireRefusal::NoFirePoints)?;
    let label = shooters
        .iter()
        .map(|s| s.unit.id.as_str())
        .collect::<Vec<_>>()
        .join(" + ");
    let mut struck = vec![casualties(target, &result)];
    let (bounce_events, bounced, blocked) = bounces(state, order, segment, &result, &label)?;
    struck.extend(bounced);
    let mut roll = Roll::added(
        RollKind::Fire,
        &label,
        10,
        face,
        result.modifiers.clone(),
        reading(&result, false),
    );
    roll.stream = stream;
    roll.target = Some(target.id.clone());
    let mut outcome = struck[0].words.clone();
    if let Some(why) = blocked {
        let _ = write!(outcome, "; no bounce-through: {why}");
    }
    roll.conclude(outcome);
    let mut events = vec![
        Event::Own(
            TrousersEvent::Fired {
                units: shooters.iter().map(|s| s.unit.id.clone()).collect(),
            }
            .into(),
        ),
        Event::Rolled(roll),
    ];
    events.append(&mut struck[0].events);
    events.extend(bounce_events);
    events.extend(commanders(state, order, &struck, &mut thrower)?);
    Ok(events)
}

fn segment(state: &GameState, order: &FireOrder) -> Result<Segment, TrousersRefusal> {
    let opportunity = order.facts.contains(&Fact::Opportunity);
    match (state.phase(), opportunity) {
        (Phase::StationaryFire, false) => Ok(Segment::Stationary),
        (Phase::MovingFire, false) => Ok(Segment::Moving),
        (Phase::Movement, true) => Ok(Segment::Opportunity),
        (Phase::Movement, false) => Err(TrousersFireRefusal::NotOpportunity.into()),
        (now, true) => Err(TrousersFireRefusal::OpportunityPhase { now }.into()),
        (now, false) => Err(TrousersFireRefusal::FirePhase { now }.into()),
    }
}

fn rated(unit: &Unit) -> Result<ot::Unit, TrousersRefusal> {
    unit.as_trousers().ok_or_else(|| {
        TrousersFireRefusal::NoRatings {
            unit: unit.id.clone(),
        }
        .into()
    })
}

fn shooters<'a>(
    state: &'a GameState,
    order: &FireOrder,
    segment: Segment,
    target: &Unit,
) -> Result<Vec<Shooter<'a>>, TrousersRefusal> {
    let mut shooters: Vec<Shooter> = Vec::with_capacity(order.firers.len());
    for firer in &order.firers {
        let shooter = shooter(state, firer, order.range, segment, target)?;
        if shooters.iter().any(|s| s.unit.id == shooter.unit.id) {
            return Err(TrousersFireRefusal::NamedTwice {
                unit: shooter.unit.id.clone(),
            }
            .into());
        }
        if let Some(first) = shooters.first()
            && first.unit.side != shooter.unit.side
        {
            return Err(TrousersFireRefusal::TwoSides {
                first: first.unit.id.clone(),
                other: shooter.unit.id.clone(),
            }
            .into());
        }
        shooters.push(shooter);
    }
    Ok(shooters)
}

/// The firer the firer's modifiers are read from: the one giving the most points, the
/// first named on a tie (ruling 28).
fn lead<'a, 'b>(shooters: &'b [Shooter<'a>]) -> &'b Shooter<'a> {
    let mut lead = &shooters[0];
    for shooter in &shooters[1..] {
        if shooter.points() > lead.points() {
            lead = shooter;
        }
    }
    lead
}

fn shooter<'a>(
    state: &'a GameState,
    firer: &Firer,
    common_range: Option<Range>,
    segment: Segment,
    target: &Unit,
) -> Result<Shooter<'a>, TrousersRefusal> {
    let unit = in_play(state, &firer.unit)?;
    let rules = rated(unit)?;
    let id = &unit.id;
    if unit.side == target.side {
        return Err(TrousersFireRefusal::SameSide {
            unit: id.clone(),
            target: target.id.clone(),
        }
        .into());
    }
    if rules.routed {
        return Err(TrousersFireRefusal::Routed { unit: id.clone() }.into());
    }
    if unit.trousers.fire.fired_this_turn {
        return Err(TrousersFireRefusal::FiredThisTurn { unit: id.clone() }.into());
    }
    may_fire_now(state, unit, segment)?;
    let range = firer
        .range
        .or(common_range)
        .ok_or_else(|| TrousersFireRefusal::NoRange { unit: id.clone() })?;
    // Stationary fire is simultaneous (p18): what the unit lost in it still fires (ruling 29).
    let simultaneous = segment == Segment::Stationary;
    let mut shooter = Shooter {
        unit,
        rules,
        volley: None,
        salvo: None,
    };
    if let Arm::Artillery { calibre, .. } = shooter.rules.arm {
        if shooter.rules.formation == ot::Formation::Limbered {
            return Err(TrousersFireRefusal::Limbered { unit: id.clone() }.into());
        }
        let band = band(range, &target.id, id)?;
        if gun_points(calibre, band) == 0 {
            return Err(TrousersFireRefusal::NoGunPoints {
                calibre: calibre.word(),
                band: band.word(),
            }
            .into());
        }
        let guns = shooter.rules.guns
            + if simultaneous {
                unit.trousers.fire.guns_lost_this_phase
            } else {
                0
            };
        shooter.salvo = Some(Salvo {
            guns: bearing(firer, guns, "guns")?,
            calibre,
            band,
            flank: firer.flank,
        });
    } else {
        let marksman = Marksman::of(&shooter.rules)
            .ok_or_else(|| TrousersFireRefusal::NoMusketry { unit: id.clone() })?;
        in_musketry_range(&shooter.rules, range, &target.id, id)?;
        let figures = shooter.rules.figures
            + if simultaneous {
                unit.trousers.fire.figures_lost_this_phase
            } else {
                0
            };
        shooter.volley = Some(Volley {
            figures: bearing(firer, figures, "figures")?,
            marksman,
            enfilade: firer.flank,
        });
    }
    Ok(shooter)
}

fn may_fire_now(state: &GameState, unit: &Unit, segment: Segment) -> Result<(), TrousersRefusal> {
    let phasing = unit.side == state.active();
    let id = &unit.id;
    // Only the phasing player's units carry the mark: the marks are cleared when the
    // side changes, and the nonphasing side moves only to charge (p14), never
    // operationally (ruling 44).
    if unit.trousers.movement.operational {
        return Err(TrousersFireRefusal::MovedOperationally { unit: id.clone() }.into());
    }
    match segment {
        Segment::Stationary if phasing && moved(unit) => {
            Err(TrousersFireRefusal::MovedBeforeStationaryFire { unit: id.clone() }.into())
        }
        Segment::Moving if !phasing => {
            Err(TrousersFireRefusal::NonphasingInMovingFire { unit: id.clone() }.into())
        }
        Segment::Opportunity if phasing => {
            Err(TrousersFireRefusal::PhasingInOpportunityFire { unit: id.clone() }.into())
        }
        _ => Ok(()),
    }
}

/// Moved this turn; a change of formation counts as moving (p18).
fn moved(unit: &Unit) -> bool {
    unit.moved_this_turn || unit.trousers.fire.formed_this_turn
}

fn band(range: Range, target: &str, id: &str) -> Result<Band, TrousersRefusal> {
    match range {
        Range::Band(band) => Ok(band),
        Range::Inches(distance) => Band::at(distance).ok_or_else(|| {
            TrousersFireRefusal::BeyondLongRange {
                target: target.to_owned(),
                distance,
                unit: id.to_owned(),
            }
            .into()
        }),
    }
}

fn in_musketry_range(
    rules: &ot::Unit,
    range: Range,
    target: &str,
    id: &str,
) -> Result<(), TrousersRefusal> {
    let reach = rules.musketry_range().unwrap_or(CARBINE_RANGE);
    match range {
        Range::Band(band) => Err(TrousersFireRefusal::ArtilleryRange {
            band: band.word(),
            unit: id.to_owned(),
            reach,
        }
        .into()),
        Range::Inches(distance) if distance > Distance::inches(reach) => {
            Err(TrousersFireRefusal::BeyondMusketryRange {
                target: target.to_owned(),
                distance,
                unit: id.to_owned(),
                reach,
            }
            .into())
        }
        Range::Inches(_) => Ok(()),
    }
}

/// The figures or guns that bear: all the unit has, or fewer as the referee says.
fn bearing(firer: &Firer, has: u32, what: &'static str) -> Result<u32, TrousersRefusal> {
    match firer.bearing {
        None if has == 0 => Err(TrousersFireRefusal::NoneLeft {
            unit: firer.unit.clone(),
            what,
        }
        .into()),
        None => Ok(has),
        Some(n) if n <= has => Ok(n),
        Some(n) => Err(TrousersFireRefusal::TooManyBear {
            unit: firer.unit.clone(),
            has,
            what,
            bearing: n,
        }
        .into()),
    }
}

fn facts(
    state: &GameState,
    order: &FireOrder,
    segment: Segment,
    lead: &Shooter,
    target: &ot::Unit,
) -> Result<FireFacts, TrousersRefusal> {
    let has = |fact| order.facts.contains(&fact);
    let phasing = lead.unit.side == state.active();
    if has(Fact::Moved) && !phasing {
        return Err(TrousersFireRefusal::NonphasingMoved.into());
    }
    if has(Fact::Firefight) && segment != Segment::Stationary {
        return Err(TrousersFireRefusal::FirefightNotStationary.into());
    }
    let mut facts = FireFacts::between(&lead.rules, target);
    facts.firer_moved = phasing && (moved(lead.unit) || has(Fact::Moved));
    facts.point_blank = has(Fact::PointBlank);
    facts.defence_of_battery = has(Fact::Defence);
    facts.screened = has(Fact::Screened);
    facts.firefight = has(Fact::Firefight);
    facts.second_round = has(Fact::SecondRound);
    facts.target_deep = has(Fact::Deep);
    facts.in_town = has(Fact::Town);
    facts.cover = order.cover;
    facts.rain = state
        .turn_state()
        .trousers
        .events
        .iter()
        .any(|(_, event)| *event == Some(RandomEvent::RainOrSnow));
    Ok(facts)
}

/// "45 fire points (15 British infantry × 3), row 41-45, musketry"; a bounce-through
/// reads its own half only.
fn reading(result: &FireResult, bounce: bool) -> String {
    let lines: Vec<String> = if bounce {
        vec![format!(
            "half the guns' {}, same die and modifiers: ruling 17",
            result.points.artillery
        )]
    } else {
        result
            .points
            .lines
            .iter()
            .map(|(_, line)| line.clone())
            .collect()
    };
    let past = if result.past_the_table {
        " (past the table: its last row, ruling 14)"
    } else {
        ""
    };
    format!(
        "{} fire {} ({}), row {}{past}, {}",
        result.table_points,
        agreeing(result.table_points, "point"),
        lines.join(" + "),
        result.row.label(),
        result.kind.word()
    )
}

/// The hits taken off `unit`: figures, gunners or guns, never more than it has. A unit
/// with nothing left, or a battery without guns, is gone (ruling 32).
fn casualties(unit: &Unit, result: &FireResult) -> Struck {
    let (left, noun) = match result.casualty {
        Casualty::Guns => (unit.guns_left().unwrap_or(0), "gun"),
        Casualty::Gunners => (unit.figures(), "gunner"),
        Casualty::Figures => (unit.figures(), "figure"),
    };
    let lost = result.hits.min(left);
    let eliminated = lost > 0 && lost == left;
    let mut events = Vec::new();
    if lost > 0 {
        events.push(match result.casualty {
            Casualty::Guns => Event::Own(
                TrousersEvent::GunsLost {
                    unit: unit.id.clone(),
                    count: lost,
                }
                .into(),
            ),
            Casualty::Gunners | Casualty::Figures => Event::Hits {
                unit: unit.id.clone(),
                kind: HitKind::Loss,
                count: lost,
            },
        });
    }
    let mut words = match lost {
        0 => "no hits".to_owned(),
        n => crate::core::plural::counted(n, noun),
    };
    if lost < result.hits {
        let _ = write!(words, " ({} hits: all it had)", result.hits);
    }
    if eliminated {
        let cause = match result.casualty {
            Casualty::Guns => "its last gun silenced",
            Casualty::Gunners => "its last gunners shot down",
            Casualty::Figures => "its last figures shot down",
        };
        let _ = write!(words, ", {cause}: out of action");
        events.push(Event::Eliminated {
            unit: unit.id.clone(),
            cause: cause.to_owned(),
        });
    } else if result.disorders_square && !unit.disordered {
        words.push_str(", the square is disordered");
        events.push(Event::Disorder {
            unit: unit.id.clone(),
            disordered: true,
        });
    }
    Struck {
        unit: unit.id.clone(),
        events,
        lost,
        eliminated,
        words,
    }
}

/// The bounce-through's rolls and casualties, the units it struck, or why it did not
/// carry.
type Bounced = (Vec<Event>, Vec<Struck>, Option<String>);

/// *Artillery Bounce Through* (p21): the same die and modifiers, half the guns' points,
/// on each unit named behind the target; or why it does not carry.
fn bounces(
    state: &GameState,
    order: &FireOrder,
    segment: Segment,
    first: &FireResult,
    label: &str,
) -> Result<Bounced, TrousersRefusal> {
    if order.bounce.is_empty() {
        if !order.ground.is_empty() {
            return Err(TrousersFireRefusal::GroundWithoutBounce.into());
        }
        return Ok((Vec::new(), Vec::new(), None));
    }
    if first.points.artillery == 0 {
        return Err(TrousersFireRefusal::BounceWithoutGuns.into());
    }
    let ground = |g| order.ground.contains(&g);
    let facts = BounceFacts {
        muddy: ground(Ground::Muddy),
        rough_or_woods: ground(Ground::Rough),
        uphill: ground(Ground::Uphill),
        linear_obstacle: ground(Ground::Wall),
        opportunity_fire: segment == Segment::Opportunity,
    };
    let mut events = Vec::new();
    let mut struck = Vec::new();
    for (i, id) in order.bounce.iter().enumerate() {
        let behind = in_play(state, id)?;
        let named = |other: &str| other.eq_ignore_ascii_case(&behind.id);
        if named(&order.target)
            || order.firers.iter().any(|f| named(&f.unit))
            || order.bounce[..i].iter().any(|b| named(b))
        {
            return Err(TrousersFireRefusal::BouncesIntoFire {
                unit: behind.id.clone(),
            }
            .into());
        }
        let result = match bounce_through(first, &facts, &rated(behind)?) {
            Ok(result) => result,
            Err(why) => return Ok((Vec::new(), Vec::new(), Some(why.to_owned()))),
        };
        let mut hit = casualties(behind, &result);
        let mut roll = Roll::added(
            RollKind::BounceThrough,
            label,
            10,
            result.face,
            result.modifiers.clone(),
            reading(&result, true),
        );
        roll.target = Some(behind.id.clone());
        roll.conclude(hit.words.clone());
        events.push(Event::Rolled(roll));
        events.append(&mut hit.events);
        struck.push(hit);
    }
    Ok((events, struck, None))
}

/// *Commanders: Attachment & Casualties* (p11): a d10 for each commander riding with a
/// unit that lost men; at most its losses and he is disabled (ruling 8), leaving the game
/// as a killed general does (ruling 33).
fn commanders(
    state: &GameState,
    order: &FireOrder,
    struck: &[Struck],
    thrower: &mut Thrower,
) -> Result<Vec<Event>, TrousersRefusal> {
    let at_risk: Vec<_> = struck
        .iter()
        .filter(|s| s.lost > 0)
        .flat_map(|s| {
            state
                .generals_attached_to(&s.unit)
                .filter(|g| g.status == GeneralStatus::InPlay)
                .map(move |g| (g, s))
        })
        .collect();
    let typed = order.commander.as_deref();
    if at_risk.is_empty() {
        return match typed {
            Some(_) => Err(TrousersFireRefusal::NoCommanderAtRisk.into()),
            None => Ok(Vec::new()),
        };
    }
    if order.d10.is_some() && typed.is_none() {
        return Err(TrousersFireRefusal::CommandersAtRisk {
            at_risk: at_risk
                .iter()
                .map(|(g, s)| (g.name.clone(), s.unit.clone()))
                .collect(),
        }
        .into());
    }
    let count = u32::try_from(at_risk.len()).unwrap_or(u32::MAX);
    let (faces, _) = thrower.throw_sided(typed, count, 10, "the commanders' check")?;
    let mut events = Vec::new();
    for ((general, hit), face) in at_risk.into_iter().zip(faces) {
        let check = commander_casualty(hit.lost, face);
        let mut roll = Roll::new(
            RollKind::GeneralRisk,
            &general.name,
            &check.score,
            vec![face],
        );
        roll.sides = Some(10);
        roll.target = Some(hit.unit.clone());
        roll.stream = typed.is_none().then(|| thrower.stream.position());
        roll.conclude(if check.disabled {
            "DISABLED: removed from the game"
        } else {
            "unhurt"
        });
        events.push(Event::Rolled(roll));
        if check.disabled {
            events.push(Event::GeneralLost {
                general: general.id.clone(),
                status: GeneralStatus::Killed,
            });
        } else if hit.eliminated {
            events.push(Event::Detached {
                general: general.id.clone(),
            });
        }
    }
    Ok(events)
}

#[cfg(test)]
mod tests;
