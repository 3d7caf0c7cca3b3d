//! What a *Charge Moves* unit may be asked to throw, as it stands.

use super::throws::may_throw_for_charge;
use crate::core::score::needed_phrase;
use crate::engine::state::GameState;
use crate::engine::unit_need::UnitNeed;
use crate::rules::charge_moves::{
    self as rules, CAVALRY_CHARGE_INCHES, INFANTRY_CHARGE_INCHES, MoraleResult,
};
use crate::rules::unit::{Arm, Formation, Unit};

/// What a *Charge Moves* unit may be asked to throw, as it stands: its charge throw (by its
/// strength, or the target's formation for cavalry), its melee dice, and the morale throw.
/// `refusal_now` is the refusal a line of the command language gets as the game stands.
pub fn needs(
    state: &GameState,
    unit: &Unit,
    refusal_now: &dyn Fn(&str) -> Option<String>,
) -> Vec<UnitNeed> {
    let mut needs: Vec<UnitNeed> = charge_need(state, unit).into_iter().collect();
    needs.push(UnitNeed::chart(
        format!(
            "Melee: {}, one a man, each 6 kills a man",
            crate::core::plural::counted(unit.figures(), "die")
        ),
        vec!["+ impetus dice when its charge at that enemy came off".to_owned()],
    ));
    let chart = morale_chart();
    if unit.owes_test {
        let headline = format!("Morale throw, owed now: {chart}");
        needs.push(UnitNeed::of_command(
            ("morale", "Morale throw"),
            refusal_now(&format!("morale {}", unit.id)),
            Ok::<_, std::convert::Infallible>((headline, Vec::new())),
        ));
    } else {
        needs.push(UnitNeed::chart(
            format!("Morale throw, after the heavier share of a melee's losses or a cavalry charge: {chart}"),
            Vec::new(),
        ));
    }
    needs
}

/// The charge throw: by the unit's strength for infantry, by the target's formation for
/// cavalry; guns do not charge.
fn charge_need(state: &GameState, unit: &Unit) -> Option<UnitNeed> {
    let (headline, inches) = if let Arm::Cavalry(_) = unit.arm {
        let by_target: Vec<String> = [
            Formation::Line,
            Formation::DoubleLine,
            Formation::TrebleLine,
            Formation::Square,
        ]
        .into_iter()
        .map(|target| {
            let score = rules::cavalry_charge_score(target);
            let against = score.chart_reason.trim_start_matches("cavalry ");
            format!("{} {against}", needed_phrase(score.needed()))
        })
        .collect();
        (
            format!("Charge throw, by its target: {}", by_target.join(", ")),
            CAVALRY_CHARGE_INCHES.count(),
        )
    } else if unit.arm.is_artillery() {
        return None;
    } else {
        let score = rules::infantry_charge_score(unit.figures_at_start, unit.figures());
        (
            format!(
                "Charge throw: {} ({})",
                needed_phrase(score.needed()),
                score.chart_reason
            ),
            INFANTRY_CHARGE_INCHES.count(),
        )
    };
    Some(UnitNeed {
        command: Some("charge"),
        headline,
        not_now: may_throw_for_charge(state, &unit.id)
            .err()
            .map(|r| r.to_string()),
        reasons: vec![format!(
            "made: charges {inches}\" with impetus; one short: no charge this move; \
             two or more short: back a move"
        )],
    })
}

/// "5-6 stands firm, 3-4 retreats a move, …", read from the chart face by face.
fn morale_chart() -> String {
    let mut bands: Vec<(u8, u8, MoraleResult)> = Vec::new();
    for face in (1..=6).rev() {
        let result = MoraleResult::of(face);
        match bands.last_mut() {
            Some((low, _, last)) if *last == result => *low = face,
            _ => bands.push((face, face, result)),
        }
    }
    bands
        .into_iter()
        .map(|(low, high, result)| {
            if low == high {
                format!("{low} {}", result.describe())
            } else {
                format!("{low}-{high} {}", result.describe())
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}
