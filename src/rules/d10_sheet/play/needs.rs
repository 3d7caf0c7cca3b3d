//! What a unit may be asked to throw under the d10 sheet, as it stands.

use crate::engine::state::GameState;
use crate::engine::unit_need::UnitNeed;
use crate::rules::d10_sheet::{self as rules, FireRow};
use crate::rules::optional_rule::OptionalRule;
use crate::rules::unit::{Morale, Unit};

/// Its fire (the row's steps by the modified roll), its melee die with the roster's
/// modifiers, and the action-point chart.
pub fn needs(state: &GameState, unit: &Unit) -> Vec<UnitNeed> {
    let rebuilt = state.rule_in_play(OptionalRule::RebuiltFireRows);
    let rows: Vec<String> = (1..=rules::FIRE_ROWS.len())
        .filter_map(|row| {
            let cells = match rules::FIRE_ROWS[row - 1] {
                FireRow::Read(cells) => cells,
                FireRow::Rebuilt(cells) if rebuilt => cells,
                FireRow::Rebuilt(_) => return None,
            };
            // The least modified roll that takes a step, and what a 15+ takes.
            let first = rules::FIRE_COLUMNS
                .iter()
                .zip(cells)
                .filter(|&(_, steps)| steps > 0)
                .map(|(&lowest, _)| lowest)
                .min()?;
            Some(format!(
                "row {row}: {first}+ for a step, 15+ for {}",
                cells[0]
            ))
        })
        .collect();
    let headline = match rules::infantry_row(unit.figures()).filter(|_| unit.arm.is_infantry()) {
        Some(row) => format!(
            "Fire: d10 + modifiers on row {row} (its {} stands); below 0 no effect",
            unit.figures() / rules::CASTINGS_PER_STAND.count().max(1)
        ),
        None => "Fire: d10 + modifiers on the row of its strength; below 0 no effect".to_owned(),
    };
    let mut needs = vec![UnitNeed::chart(headline, rows)];
    let mut modifiers = Vec::new();
    if unit.morale == Morale::Shaken {
        modifiers.push(format!("{:+} shaken", rules::SHAKEN.value));
    }
    if unit.disordered {
        modifiers.push(format!("{:+} disordered", rules::DISORDERED.value));
    }
    let on_roster: i32 = [
        (unit.morale == Morale::Shaken, rules::SHAKEN.value),
        (unit.disordered, rules::DISORDERED.value),
    ]
    .iter()
    .filter(|(applies, _)| *applies)
    .map(|(_, value)| value)
    .sum();
    let mut reasons = modifiers;
    reasons.push("+ the charge and melee modifiers the table names (`/` modifiers)".to_owned());
    if unit.fought_this_turn {
        reasons.push("it has fought its melee round this turn".to_owned());
    }
    // A chart, not a command's line: a melee's refusal turns on the enemy named.
    needs.push(UnitNeed::chart(
        format!("Melee: d10 {on_roster:+} against the enemy's total; the higher wins"),
        reasons,
    ));
    needs.push(UnitNeed::chart(
        format!(
            "Action points: 1-{} one, {}-{} two (a 9 spends one more), {} three and again",
            rules::ONE_AP_UP_TO.value,
            rules::ONE_AP_UP_TO.value + 1,
            rules::TWO_AP_UP_TO.value,
            rules::TWO_AP_UP_TO.value + 1
        ),
        Vec::new(),
    ));
    needs
}
