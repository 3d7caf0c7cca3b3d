//! What a unit may be asked to throw under the d10 sheet, as it stands.

use super::throws::roster_modifiers;
use crate::engine::state::GameState;
use crate::engine::unit_need::UnitNeed;
use crate::rules::d10_sheet::{self as rules, FireRow};
use crate::rules::optional_rule::OptionalRule;
use crate::rules::unit::Unit;

/// Its fire (the row's steps by the modified roll), its melee die with the roster's
/// modifiers, and the action-point chart.
pub fn needs(state: &GameState, unit: &Unit) -> Vec<UnitNeed> {
    let mut needs = vec![fire_need(state, unit)];
    let from_roster = roster_modifiers(unit);
    let on_roster: i32 = from_roster.iter().map(|m| m.value).sum();
    let mut reasons: Vec<String> = from_roster.iter().map(ToString::to_string).collect();
    reasons.push("+ the charge and melee modifiers the table names (`/` modifiers)".to_owned());
    if unit.fought_this_turn {
        reasons.push("it has fought its melee round this turn".to_owned());
    }
    // A chart, not a command's line: a melee's refusal turns on the enemy named.
    needs.push(UnitNeed::chart(
        format!("Melee: d10 {on_roster:+} against the enemy's total; the higher wins"),
        reasons,
    ));
    let [low, middle, high] = rules::ap_bands();
    needs.push(UnitNeed::chart(
        format!(
            "Action points: {}-{} one, {}-{} two (a 9 spends one more), {} three and again",
            low.lowest, low.highest, middle.lowest, middle.highest, high.lowest
        ),
        Vec::new(),
    ));
    needs
}

/// Its fire: the steps its row takes by the modified roll, where its row is known (the
/// Infantry column, ruling D11); else the rows it may name.
fn fire_need(state: &GameState, unit: &Unit) -> UnitNeed {
    let row = rules::infantry_row(unit.figures()).filter(|_| unit.arm.is_infantry());
    let cells = row.and_then(|row| match rules::FIRE_ROWS[usize::from(row) - 1] {
        FireRow::Read(cells) => Some(cells),
        FireRow::Rebuilt(cells) => state
            .rule_in_play(OptionalRule::RebuiltFireRows)
            .then_some(cells),
    });
    let stands = rules::stands(unit.figures());
    match (row, cells) {
        (Some(row), Some(cells)) => {
            let steps: Vec<String> = cells
                .iter()
                .enumerate()
                .map(|(index, steps)| format!("{} {steps}", rules::column_label(index)))
                .collect();
            UnitNeed::chart(
                format!("Fire: d10 + modifiers on row {row} (its {stands} stands)"),
                vec![
                    format!("steps by the modified roll: {}", steps.join(", ")),
                    "below 0: no effect; the referee's mod= for range and cover".to_owned(),
                ],
            )
        }
        (Some(row), None) => UnitNeed::chart(
            format!(
                "Fire: its {stands} stands read row {row}, garbled on the sheet: give row= \
                 (or play with rebuilt-fire-rows)"
            ),
            Vec::new(),
        ),
        (None, _) => {
            let rows: Vec<String> = (1..=rules::FIRE_ROWS.len())
                .filter(|&row| match rules::FIRE_ROWS[row - 1] {
                    FireRow::Read(_) => true,
                    FireRow::Rebuilt(_) => state.rule_in_play(OptionalRule::RebuiltFireRows),
                })
                .map(|row| row.to_string())
                .collect();
            UnitNeed::chart(
                format!(
                    "Fire: d10 + modifiers on the row of its strength (row= {})",
                    rows.join(", ")
                ),
                vec!["`/ fire` shows the table; below 0: no effect".to_owned()],
            )
        }
    }
}
