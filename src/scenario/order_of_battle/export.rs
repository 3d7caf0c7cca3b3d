//! A scenario's units and generals written as the spreadsheet's columns, and the
//! scenario file an import writes.

use super::{Column, UNIT_NEEDS};
use crate::scenario::csv_cells;
use crate::scenario::spec::{GeneralSpec, ScenarioSpec, UnitSpec};
use crate::scenario::template::word_of;
use serde::Serialize;
use toml::Spanned;

/// The units and generals of `spec` as CSV: a header of the columns any of them fills
/// (and always those a unit needs), then a row each, units first.
pub fn export(spec: &ScenarioSpec) -> String {
    let rows: Vec<Vec<String>> = spec
        .unit
        .iter()
        .map(|unit| Column::ALL.iter().map(|&c| unit_cell(unit, c)).collect())
        .chain(spec.general.iter().map(|general| {
            Column::ALL
                .iter()
                .map(|&c| general_cell(general, c))
                .collect()
        }))
        .collect();
    let used: Vec<usize> = (0..Column::ALL.len())
        .filter(|&i| {
            let column = Column::ALL[i];
            column == Column::Side
                || UNIT_NEEDS.contains(&column)
                || rows.iter().any(|row| !row[i].is_empty())
        })
        .collect();
    let pick = |row: &[String]| -> Vec<String> { used.iter().map(|&i| row[i].clone()).collect() };
    let header: Vec<String> = Column::ALL.iter().map(|c| c.name().to_owned()).collect();
    let mut text = csv_cells::line(&pick(&header));
    text.push('\n');
    for row in &rows {
        text.push_str(&csv_cells::line(&pick(row)));
        text.push('\n');
    }
    text
}

fn some<T: Serialize>(value: Option<&T>) -> String {
    value.map(word_of).unwrap_or_default()
}

fn yes_no(value: Option<bool>) -> String {
    match value {
        Some(true) => "yes".to_owned(),
        Some(false) => "no".to_owned(),
        None => String::new(),
    }
}

fn listed<T: Serialize>(values: Option<&Vec<T>>) -> String {
    values.map_or_else(String::new, |values| {
        values.iter().map(word_of).collect::<Vec<_>>().join(" ")
    })
}

fn unit_cell(unit: &UnitSpec, column: Column) -> String {
    match column {
        Column::Side => unit.side.get_ref().clone(),
        Column::Id => unit.id.get_ref().clone(),
        Column::Name => unit.name.clone(),
        Column::Arm => word_of(&unit.arm),
        Column::Type => word_of(unit.troop_type.get_ref()),
        Column::Grade => some(unit.grade.as_ref().map(Spanned::get_ref)),
        Column::Morale => some(unit.morale.as_ref().map(Spanned::get_ref)),
        Column::Figures => unit.figures.get_ref().to_string(),
        Column::Formation => some(unit.formation.as_ref().map(Spanned::get_ref)),
        Column::Guns => some(unit.guns.as_ref().map(Spanned::get_ref)),
        Column::Horse => yes_no(unit.horse.as_ref().map(|h| *h.get_ref())),
        Column::Pounds => some(unit.pounds.as_ref().map(Spanned::get_ref)),
        Column::Elite => yes_no(unit.elite),
        Column::Nation => some(unit.nation.as_ref()),
        Column::RegimentalGun => yes_no(unit.regimental_gun.as_ref().map(|g| *g.get_ref())),
        Column::Kit => listed(unit.kit.as_ref().map(Spanned::get_ref)),
        Column::Traits => listed(unit.traits.as_ref().map(Spanned::get_ref)),
        Column::Commander => some(unit.commander.as_ref().map(Spanned::get_ref)),
        Column::Attached
        | Column::Echelon
        | Column::Leadership
        | Column::Tactical
        | Column::Order => String::new(),
    }
}

fn general_cell(general: &GeneralSpec, column: Column) -> String {
    match column {
        Column::Side => general.side.get_ref().clone(),
        Column::Id => some(general.id.as_ref().map(Spanned::get_ref)),
        Column::Name => general.name.get_ref().clone(),
        Column::Arm => "general".to_owned(),
        Column::Attached => some(general.attached.as_ref().map(Spanned::get_ref)),
        Column::Echelon => some(general.echelon.as_ref().map(Spanned::get_ref)),
        Column::Leadership => some(general.leadership.as_ref().map(Spanned::get_ref)),
        Column::Tactical => some(general.tactical.as_ref().map(Spanned::get_ref)),
        Column::Order => some(general.order.as_ref().map(Spanned::get_ref)),
        _ => String::new(),
    }
}

/// The scenario file an import writes: `spec`, and a word on where it came from.
pub fn scenario_text(spec: &ScenarioSpec, from: &[&str]) -> String {
    let body = toml::to_string(spec).unwrap_or_default();
    let staff = if spec.side.iter().any(|s| s.staff.is_some()) {
        "\n# Each side's staff is rated competent: the spreadsheet does not say; change it."
    } else {
        ""
    };
    format!(
        "# Made by `adjutant scenario import` from {}. The units and generals are the\n\
         # spreadsheet's; give the battle its title, the sides their names, and the turns\n\
         # (`adjutant scenario new` writes a scenario with every key explained).{staff}\n\n\
         {body}",
        from.join(" and ")
    )
}
