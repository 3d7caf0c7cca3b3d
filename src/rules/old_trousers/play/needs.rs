//! What an *Old Trousers II* unit brings to the dice as it stands, for `need` and the
//! roster: its fire points and its own modifiers, its charge or rout move, and the risk
//! to a commander riding with it.

use super::{TrousersRefusal, may_charge_now};
use crate::core::plural::counted;
use crate::core::score::Modifier;
use crate::engine::answer::{Answer, Asked, Question};
use crate::engine::find::find_unit;
use crate::engine::state::GameState;
use crate::engine::unit_need::UnitNeed;
use crate::rules::old_trousers::charge::{ChargeFacts, charge_melee_bonus, may_charge};
use crate::rules::old_trousers::fire::{
    Band, FireFacts, FireKind, Marksman, Salvo, Volley, fire_points,
};
use crate::rules::old_trousers::movement::{charge_dice, rate, rout_dice};
use crate::rules::old_trousers::unit as ot_unit;
use crate::rules::unit::Unit;

/// *Old Trousers II*: what the unit brings to the dice as it stands: its fire points and
/// its own fire modifiers (the target's come with the shot), its charge or rout move, and
/// the risk to a commander riding with it. The tests the excerpt lacks are said to be
/// missing rather than answered from another ruleset.
pub fn needs(
    state: &GameState,
    unit: &Unit,
    refusal_now: &dyn Fn(&str) -> Option<String>,
) -> Vec<UnitNeed> {
    // The scenario loader gives every unit of an *Old Trousers II* battle its traits.
    let Some(trousers) = unit.as_trousers() else {
        return Vec::new();
    };
    let trousers = &trousers;
    let chart = |line: String| UnitNeed::chart(line, Vec::new());
    let mut needs: Vec<UnitNeed> = fire(unit, trousers).into_iter().map(chart).collect();
    needs.extend(movement(state, unit, trousers, refusal_now));
    let generals: Vec<&str> = state
        .generals_attached_to(&unit.id)
        .map(|g| g.name.as_str())
        .collect();
    if !generals.is_empty() {
        // Ruling 8: lost on a d10 at or below the hits of that fire.
        needs.push(chart(format!(
            "{}: lost if a d10 <= a fire's hits",
            generals.join(", ")
        )));
    }
    needs.push(chart("Tests, melee, rally: not in the excerpt".to_owned()));
    needs
}

/// Its fire points per range and the modifiers it carries itself.
fn fire(unit: &Unit, trousers: &ot_unit::Unit) -> Vec<String> {
    let mut lines = Vec::new();
    if let ot_unit::Arm::Artillery { calibre, .. } = trousers.arm {
        let bands: Vec<String> = Band::ALL
            .iter()
            .map(|&band| {
                let points = fire_points(
                    &[],
                    &[Salvo {
                        guns: trousers.guns,
                        calibre,
                        band,
                        flank: false,
                    }],
                );
                format!("{} to {}\"", points.total(), band.reach())
            })
            .collect();
        lines.push(format!(
            "Fire ({}, {}), points by range:",
            crate::core::plural::counted(trousers.guns, "gun"),
            calibre.word()
        ));
        lines.push(format!("  {}", bands.join(", ")));
    } else if let Some(marksman) = Marksman::of(trousers) {
        let volley = |enfilade| {
            fire_points(
                &[Volley {
                    figures: trousers.figures,
                    marksman,
                    enfilade,
                }],
                &[],
            )
            .total()
        };
        let range = trousers
            .musketry_range()
            .map_or_else(String::new, |r| format!(" to {r}\""));
        let who = marksman.word();
        let (plain, enfilade) = (volley(false), volley(true));
        lines.push(format!("Fire ({who}): {}{range}", counted(plain, "point")));
        if enfilade > plain {
            lines.push(format!("  {enfilade} with enfilade"));
        }
    } else {
        return lines;
    }
    let mut facts = FireFacts::between(trousers, trousers);
    facts.firer_moved = unit.moved_this_turn;
    let kind = if trousers.arm.is_artillery() {
        FireKind::Artillery
    } else {
        FireKind::Musketry
    };
    lines.extend(
        facts
            .modifiers()
            .into_iter()
            .filter(|m| !m.on_target())
            .filter_map(|m| {
                m.number(kind)
                    .map(|n| format!("  {}", Modifier::from_number(n, m.word())))
            }),
    );
    lines
}

/// A charge's reach, or a routed unit's run, each with its command's refusal as the game
/// stands: `rout`'s whole check, and a charge's checks made before its target is read.
fn movement(
    state: &GameState,
    unit: &Unit,
    trousers: &ot_unit::Unit,
    refusal_now: &dyn Fn(&str) -> Option<String>,
) -> Option<UnitNeed> {
    if trousers.routed {
        let dice = rout_dice(trousers.arm);
        let headline = format!("Rout move: {dice}d6\" toward its baseline");
        let not_now = refusal_now(&format!("rout {}", unit.id));
        return Some(UnitNeed::of_command(
            ("rout", "Rout move"),
            not_now,
            Ok::<_, TrousersRefusal>((headline, Vec::new())),
        ));
    }
    let dice = charge_dice(trousers.arm)?;
    let able = ChargeFacts {
        ordered: true,
        target_in_forward_arc: true,
        ..ChargeFacts::default()
    };
    if let Err(why) = may_charge(trousers, &able) {
        return Some(UnitNeed::chart(format!("No charge: {why}"), Vec::new()));
    }
    let rate = rate(trousers, trousers.formation)?;
    let bonus = charge_melee_bonus(trousers.arm).unwrap_or(0);
    Some(UnitNeed {
        command: Some("charge"),
        headline: format!("Charge: {rate} + {dice}d6\", {bonus:+} in melee"),
        not_now: may_charge_now(state, unit)
            .err()
            .map(|refusal| refusal.to_string()),
        reasons: Vec::new(),
    })
}

/// `need`'s answers: a rally by the ruleset's own rules, and no other question, as the
/// excerpt stops before its tests. `refusal_now` is the game's refusal of a command
/// line as it stands.
pub fn answer(
    state: &GameState,
    unit: &str,
    question: Question,
    refusal_now: &dyn Fn(&str) -> Option<String>,
) -> Result<Answer, TrousersRefusal> {
    if question != Question::Rally {
        return Err(TrousersRefusal::NoQuestion {
            question: question.word(),
            unit: unit.to_owned(),
        });
    }
    // The rally test is on pages the excerpt lacks, so there is no throw to show; whether
    // a rally may be recorded now is `unrout`'s own check, refusal and all (ruling 40).
    let found = find_unit(state, unit)?;
    let line = format!("unrout {}", found.id);
    Ok(Answer {
        not_now: refusal_now(&line),
        supposing: Vec::new(),
        asked: Asked::default(),
        lacking: Some(format!(
            "the rally test is not in the excerpt: record a rally won at the table with `{line}`"
        )),
        line,
    })
}
