//! `adjutant scenario new`: a scenario to fill in, valid as written, for each ruleset,
//! its comments listing the words that ruleset takes (unit types, grades, formations,
//! optional rules and its own keys).
//!
//! The words come from the types the scenario is read into ([`accepted_words`]), so a
//! template can never offer a word the reader refuses, nor miss one it takes.

use crate::rules::Ruleset;
use crate::rules::old_trousers::command::{
    Echelon, LeaderRating, Order, StaffRating, TacticalRating,
};
use crate::rules::old_trousers::unit::{Morale as TroopRating, TraitWord};
use crate::rules::optional_rule::OptionalRule;
use crate::rules::sound_the_charge::Nation;
use crate::rules::sound_the_charge_1_25::kit::KitWord;
use crate::rules::unit::{Arm, Calibre, CavalryType, Formation, Grade, InfantryType};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Every word a scenario may give for a `T`, in the order of its type. Read from the
/// message serde gives for an unknown word, which lists them: the one list the reader
/// itself keeps.
pub fn accepted_words<T: DeserializeOwned>() -> Vec<String> {
    let Err(error) = read_word::<T>("") else {
        return Vec::new();
    };
    let message = error.to_string();
    let Some((_, listed)) = message.split_once("expected one of ") else {
        // One word only: "expected `word`".
        return message
            .split('`')
            .nth(3)
            .map(|word| vec![word.to_owned()])
            .unwrap_or_default();
    };
    listed
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// `word` read as a `T`, as a scenario's value of that word would be.
pub fn read_word<T: DeserializeOwned>(word: &str) -> Result<T, serde::de::value::Error> {
    use serde::de::IntoDeserializer;
    T::deserialize(IntoDeserializer::<serde::de::value::Error>::into_deserializer(word))
}

/// `value` as a scenario writes it.
pub fn word_of<T: Serialize>(value: &T) -> String {
    match toml::Value::try_from(value) {
        Ok(toml::Value::String(word)) => word,
        Ok(other) => other.to_string(),
        Err(_) => String::new(),
    }
}

/// The words of `T`, as a comment lists them: `a, b or c`.
fn listed<T: DeserializeOwned>() -> String {
    or_list(&accepted_words::<T>())
}

fn or_list(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [only] => only.clone(),
        [most @ .., last] => format!("{} or {last}", most.join(", ")),
    }
}

/// The formations of `ruleset` that `arm` may take, as a comment lists them.
fn formations_of(ruleset: Ruleset, arm: Arm) -> String {
    let words: Vec<String> = ruleset
        .formations()
        .iter()
        // *Old Trousers II*'s attack column is infantry's where its drill allows it.
        .filter(|&&f| {
            arm.allows(f) || (f == Formation::AttackColumn && matches!(arm, Arm::Infantry(_)))
        })
        .map(word_of)
        .collect();
    or_list(&words)
}

/// A commented scenario of `ruleset` to fill in.
pub fn template(ruleset: Ruleset) -> String {
    let mut text = String::new();
    let t = &mut text;
    head(t, ruleset);
    side(t, ruleset, "red", "Red", true);
    side(t, ruleset, "blue", "Blue", false);
    units(t, ruleset);
    generals(t, ruleset);
    campaign(t);
    text
}

/// Appends a line to the template, a comment wrapped at [`WIDTH`].
macro_rules! line {
    ($t:expr) => { $t.push('\n') };
    ($t:expr, $($arg:tt)*) => { push_line($t, &format!($($arg)*)) };
}

/// The widest line the template writes: it is read in a text editor beside the table.
const WIDTH: usize = 88;

/// Each line of `text` appended as [`push_line`] does.
fn block(t: &mut String, text: &str) {
    for line in text.lines() {
        push_line(t, line);
    }
}

fn push_line(t: &mut String, line: &str) {
    let Some(words) = line
        .strip_prefix("# ")
        .filter(|_| line.chars().count() > WIDTH)
    else {
        t.push_str(line);
        t.push('\n');
        return;
    };
    let mut width = 0;
    for word in words.split(' ') {
        if width > 0 && width + 1 + word.chars().count() > WIDTH {
            t.push('\n');
            width = 0;
        }
        if width == 0 {
            t.push('#');
            width = 1;
        }
        t.push(' ');
        t.push_str(word);
        width += 1 + word.chars().count();
    }
    t.push('\n');
}

fn head(t: &mut String, ruleset: Ruleset) {
    block(
        t,
        &format!(
            r#"# A new battle for {title}, written by `adjutant scenario new`.
# It is valid as it stands. Change what you need; `adjutant check FILE` then lists
# every line still wrong, and `adjutant new FILE` starts a game of it.
# A line starting with # is a comment: take the # off a key to use it.

[scenario]
title = "A new battle"
ruleset = "{id}"
# The side that moves first, by its id below.
first = "red"
# The last turn.
turns = 8
# The convention slot, which the clock counts down: "4h", "3h30m".
# slot = "4h"
# What the players are told, and how the battle is won (the referee settles it
# with the `victory` command).
# briefing = "The French must take the mill before dusk."
# victory = "The French win if they hold the mill at the end of turn 8.""#,
            title = ruleset.title(),
            id = ruleset.id()
        ),
    );
    let rules: Vec<String> = ruleset.optional_rules().iter().map(word_of).collect();
    // The one a key of the units below needs, so that every example key holds together.
    let example = ruleset
        .optional_rules()
        .iter()
        .find(|&&rule| rule == OptionalRule::RegimentalGuns)
        .map(word_of)
        .or_else(|| rules.first().cloned());
    match example {
        None => line!(t, "# {} has no optional rules.", ruleset.title()),
        Some(example) => {
            line!(
                t,
                "# Optional rules, any of: {}.",
                or_list(&rules).replace(" or ", " and ")
            );
            line!(t, "# optional_rules = [\"{example}\"]");
        }
    }
    line!(t);
}

fn side(t: &mut String, ruleset: Ruleset, id: &str, name: &str, first: bool) {
    line!(t, "[[side]]");
    if first {
        line!(
            t,
            "# Ids are words of letters, digits, '-', '_' and '.': commands name sides,"
        );
        line!(t, "# units and generals by them.");
    }
    line!(t, "id = \"{id}\"");
    line!(t, "name = \"{name}\"");
    if first {
        line!(
            t,
            "# Its nation, for the national modifiers: {}.",
            listed::<Nation>()
        );
    }
    line!(
        t,
        "# nation = \"{}\"",
        if first { "france" } else { "britain" }
    );
    if first {
        line!(t, "# Who plays it, and its colour in the report (#rrggbb).");
    }
    line!(
        t,
        "# players = [\"{}\"]",
        if first { "Anne" } else { "Bert" }
    );
    line!(
        t,
        "# colour = \"{}\"",
        if first { "#b22222" } else { "#1f4e9c" }
    );
    if ruleset.profile().reads_command_ratings {
        if first {
            line!(t, "# The army's staff rating: {}.", listed::<StaffRating>());
        }
        line!(t, "staff = \"{}\"", word_of(&StaffRating::ALL[2]));
    }
    line!(t);
}

/// One unit's keys, as the template writes it.
struct UnitLine<'a> {
    id: &'a str,
    side: &'a str,
    name: &'a str,
    arm: Arm,
    figures: u32,
    formation: Formation,
    /// Whether to explain each key: the first unit of its arm.
    explain: bool,
}

fn units(t: &mut String, ruleset: Ruleset) {
    line!(
        t,
        "# One [[unit]] a unit. Its `arm` and `type`: infantry line or light; cavalry"
    );
    line!(
        t,
        "# light, medium or heavy{}.",
        if ruleset.has_artillery() {
            "; artillery light, field or heavy, with `guns`, the models it has"
        } else {
            " (this ruleset has no rules for guns)"
        }
    );
    let foot = Arm::Infantry(InfantryType::Line);
    let light = Arm::Infantry(InfantryType::Light);
    let horse = Arm::Cavalry(CavalryType::Light);
    let guns = Arm::Artillery {
        calibre: Calibre::Field,
        guns: 4,
        horse: false,
    };
    let mut lines = vec![
        UnitLine {
            id: "red-1",
            side: "red",
            name: "1st Battalion",
            arm: foot,
            figures: 24,
            formation: Formation::Column,
            explain: true,
        },
        UnitLine {
            id: "red-2",
            side: "red",
            name: "2nd Battalion",
            arm: foot,
            figures: 24,
            formation: Formation::Column,
            explain: false,
        },
    ];
    if ruleset.has_artillery() {
        lines.push(UnitLine {
            id: "red-guns",
            side: "red",
            name: "Foot Battery",
            arm: guns,
            figures: 8,
            formation: Formation::Limbered,
            explain: true,
        });
    }
    lines.extend([
        UnitLine {
            id: "blue-1",
            side: "blue",
            name: "Light Battalion",
            arm: light,
            figures: 24,
            formation: Formation::Line,
            explain: false,
        },
        UnitLine {
            id: "blue-hus",
            side: "blue",
            name: "Hussars",
            arm: horse,
            figures: 12,
            formation: Formation::Line,
            explain: true,
        },
    ]);
    for unit in &lines {
        unit_entry(t, ruleset, unit);
    }
}

fn unit_entry(t: &mut String, ruleset: Ruleset, unit: &UnitLine<'_>) {
    let explain = unit.explain;
    line!(t, "[[unit]]");
    line!(t, "id = \"{}\"", unit.id);
    line!(t, "side = \"{}\"", unit.side);
    line!(t, "name = \"{}\"", unit.name);
    let (arm, kind) = match unit.arm {
        Arm::Infantry(InfantryType::Line) => ("infantry", "line"),
        Arm::Infantry(InfantryType::Light) => ("infantry", "light"),
        Arm::Cavalry(_) => ("cavalry", "light"),
        Arm::Artillery { .. } => ("artillery", "field"),
    };
    line!(t, "arm = \"{arm}\"");
    line!(t, "type = \"{kind}\"");
    if ruleset.has_grades() {
        if explain && matches!(unit.arm, Arm::Infantry(_)) {
            line!(t, "# Its grade: {}, A the best.", listed::<Grade>());
        }
        line!(t, "grade = \"{}\"", word_of(&Grade::C));
    }
    if ruleset.profile().reads_command_ratings {
        if explain && matches!(unit.arm, Arm::Infantry(_)) {
            line!(t, "# Its troop rating: {}.", listed::<TroopRating>());
        }
        line!(t, "morale = \"{}\"", word_of(&TroopRating::Average));
    }
    if explain && matches!(unit.arm, Arm::Infantry(_)) {
        line!(t, "# Figures at the start.");
    }
    line!(t, "figures = {}", unit.figures);
    if let Arm::Artillery { guns, .. } = unit.arm {
        line!(t, "guns = {guns}");
        if ruleset.profile().reads_command_ratings {
            line!(t, "# Its guns' calibre in pounds.");
            line!(t, "pounds = 6");
        }
        if explain {
            line!(t, "# Horse artillery: horse = true.");
            line!(t, "# horse = true");
        }
    }
    if explain {
        let of = match unit.arm {
            Arm::Infantry(_) => "infantry (light infantry may also skirmish)",
            Arm::Cavalry(_) => "cavalry",
            Arm::Artillery { .. } => "artillery",
        };
        let arm = match unit.arm {
            Arm::Infantry(_) => Arm::Infantry(InfantryType::Light),
            other => other,
        };
        line!(
            t,
            "# The formation it starts in, for {of}: {}.",
            formations_of(ruleset, arm)
        );
    }
    line!(t, "formation = \"{}\"", word_of(&unit.formation));
    if explain && matches!(unit.arm, Arm::Infantry(_)) {
        optional_unit_keys(t, ruleset);
    }
    line!(t);
}

/// The optional keys of a unit, explained once under the first.
fn optional_unit_keys(t: &mut String, ruleset: Ruleset) {
    if ruleset.has_grades() {
        line!(t, "# elite = true");
    }
    line!(t, "# A contingent of another nation than its side's:");
    line!(t, "# nation = \"britain\"");
    if ruleset.has_kit() {
        line!(
            t,
            "# What it carries and how it is drilled: {}.",
            listed::<KitWord>().replace(" or ", " and ")
        );
        line!(t, "# kit = [\"rifles\"]");
    }
    if ruleset
        .optional_rules()
        .contains(&OptionalRule::RegimentalGuns)
    {
        line!(
            t,
            "# A light gun of its own, with regimental-guns among the optional rules:"
        );
        line!(t, "# regimental_gun = true");
    }
    if ruleset.profile().reads_command_ratings {
        line!(
            t,
            "# Drill and arms beyond its nation's: {}.",
            listed::<TraitWord>().replace(" or ", " and ")
        );
        line!(t, "# traits = [\"skirmishers\"]");
        line!(
            t,
            "# Its division or cavalry brigade commander, by the general's id:"
        );
        line!(t, "# commander = \"red-division\"");
    }
}

fn generals(t: &mut String, ruleset: Ruleset) {
    line!(
        t,
        "# One [[general]] a general. His id is his name in lower case with dashes"
    );
    line!(t, "# unless `id` gives one.");
    for (index, (name, side, with)) in [
        ("General Rouge", "red", "red-1"),
        ("General Bleu", "blue", "blue-1"),
    ]
    .into_iter()
    .enumerate()
    {
        line!(t, "[[general]]");
        line!(t, "name = \"{name}\"");
        line!(t, "side = \"{side}\"");
        if index == 0 {
            line!(t, "# The unit he rides with, by its id.");
        }
        line!(t, "attached = \"{with}\"");
        if ruleset.profile().reads_command_ratings {
            if index == 0 {
                line!(t, "# What he commands: {}.", listed::<Echelon>());
                line!(
                    t,
                    "# An army or corps commander's leadership: {}.",
                    listed::<LeaderRating>()
                );
                line!(
                    t,
                    "# Every commander's tactical rating: {}.",
                    listed::<TacticalRating>()
                );
            }
            line!(t, "echelon = \"{}\"", word_of(&Echelon::ALL[0]));
            line!(t, "leadership = \"{}\"", word_of(&LeaderRating::ALL[2]));
            line!(t, "tactical = \"{}\"", word_of(&TacticalRating::ALL[1]));
        }
        line!(t);
    }
    if ruleset.profile().reads_command_ratings {
        line!(
            t,
            "# A division's commander, whom its units name as their `commander`."
        );
        line!(t, "[[general]]");
        line!(t, "name = \"Red Division\"");
        line!(t, "side = \"red\"");
        line!(t, "echelon = \"{}\"", word_of(&Echelon::InfantryDivision));
        line!(t, "tactical = \"{}\"", word_of(&TacticalRating::ALL[1]));
        line!(t, "# Its order at the start: {}.", listed::<Order>());
        line!(t, "# order = \"{}\"", word_of(&Order::ALL[0]));
        line!(t);
    }
}

fn campaign(t: &mut String) {
    block(
        t,
        "# A campaign's next battle: what comes back from the last one when the game
# starts with `adjutant new FILE --carry-over LAST_SAVE`. Without the table, lost
# figures stay lost and broken units stay out.
# [carry_over]
# Of each unit's lost figures, the share back, in percent (stragglers):
# returned = 25
# Whether a unit shattered or eliminated comes back with its survivors:
# broken_units_return = true",
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_are_the_readers_own() {
        assert_eq!(accepted_words::<Grade>(), ["A", "B", "C", "D"]);
        let formations = accepted_words::<Formation>();
        assert!(
            formations.contains(&"attack-column".to_owned()),
            "{formations:?}"
        );
        for word in accepted_words::<Nation>() {
            let read: Nation = toml::Value::String(word.clone()).try_into().unwrap();
            assert_eq!(word_of(&read), word);
        }
    }
}

#[cfg(test)]
mod valid {
    use super::*;

    #[test]
    fn every_rulesets_template_reads_as_written() {
        for ruleset in Ruleset::ALL {
            let text = template(ruleset);
            if let Err(errors) = crate::scenario::parse("new.toml", &text) {
                panic!("{}:\n{errors}\n{text}", ruleset.id());
            }
        }
    }
}
