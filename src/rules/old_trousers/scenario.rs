//! What an *Old Trousers II* scenario says beyond the shared roster: each army's staff,
//! each commander's echelon and ratings, each unit's troop rating, drill and calibre.
//! Other rulesets refuse these keys, and *Old Trousers II* refuses to go without them.

use crate::rules::Ruleset;
use crate::rules::old_trousers::command::{Commander, Order, StaffRating};
use crate::rules::old_trousers::unit::{self as ot, Calibre, TraitWord, Transport, Weight};
use crate::rules::old_trousers::unit_state::Traits;
use crate::rules::sides::General;
use crate::rules::sound_the_charge::Nation;
use crate::rules::unit::{Arm, CavalryType, Unit};
use crate::scenario::spec::{GeneralSpec, SideSpec, SpecError, UnitSpec};

fn only_here(ruleset: Ruleset, what: &str) -> String {
    format!(
        "{what} belongs to Old Trousers II; {} has none",
        ruleset.title()
    )
}

/// The army's staff rating: required by *Old Trousers II* (initiative and activation read
/// it), refused elsewhere.
pub(crate) fn staff(spec: &SideSpec, ruleset: Ruleset) -> Result<Option<StaffRating>, SpecError> {
    match (&spec.staff, takes_these_keys(ruleset)) {
        (Some(staff), true) => Ok(Some(*staff.get_ref())),
        (None, true) => Err((
            spec.id.span(),
            format!(
                "side '{}' needs `staff = \"superb|professional|competent|inefficient|incompetent\"`",
                spec.id.get_ref()
            ),
        )),
        (Some(staff), false) => Err((staff.span(), only_here(ruleset, "a staff rating"))),
        (None, false) => Ok(None),
    }
}

/// A commander's echelon and ratings: army and corps commanders have a leadership rating
/// as well as a tactical one (*Command Ratings*, p8).
pub(crate) fn commander(
    spec: &GeneralSpec,
    id: &str,
    ruleset: Ruleset,
) -> Result<Option<Commander>, SpecError> {
    if !takes_these_keys(ruleset) {
        let given = [
            spec.echelon.as_ref().map(toml::Spanned::span),
            spec.leadership.as_ref().map(toml::Spanned::span),
            spec.tactical.as_ref().map(toml::Spanned::span),
        ];
        return match given.into_iter().flatten().next() {
            Some(span) => Err((span, only_here(ruleset, "a commander's echelon or rating"))),
            None => Ok(None),
        };
    }
    let needs = |what: &str| {
        (
            spec.name.span(),
            format!("general '{id}' needs `{what}` (Old Trousers II)"),
        )
    };
    let echelon = *spec
        .echelon
        .as_ref()
        .ok_or_else(|| {
            needs("echelon = \"army|corps|infantry-division|cavalry-division|cavalry-brigade\"")
        })?
        .get_ref();
    let tactical = *spec
        .tactical
        .as_ref()
        .ok_or_else(|| needs("tactical = \"good|average|poor\""))?
        .get_ref();
    match (&spec.leadership, echelon.senior()) {
        (Some(leadership), true) => Ok(Some(Commander::senior(
            echelon,
            *leadership.get_ref(),
            tactical,
        ))),
        (None, true) => Err(needs(
            "leadership = \"excellent|good|average|fair|poor\"` as an army or corps commander",
        )),
        (Some(leadership), false) => Err((
            leadership.span(),
            format!(
                "general '{id}': only army and corps commanders have a leadership rating; a {} commander has a tactical one",
                echelon.word()
            ),
        )),
        (None, false) => Ok(Some(Commander::subordinate(echelon, tactical))),
    }
}

/// The order a division or cavalry brigade starts under (ruling 38); army and corps
/// commanders send orders and hold none.
pub(crate) fn starting_order(
    spec: &GeneralSpec,
    id: &str,
    ruleset: Ruleset,
    commander: Option<&Commander>,
) -> Result<Option<Order>, SpecError> {
    let Some(order) = &spec.order else {
        return Ok(None);
    };
    if !takes_these_keys(ruleset) {
        return Err((order.span(), only_here(ruleset, "a command's order")));
    }
    match commander {
        Some(commander) if commander.echelon.senior() => Err((
            order.span(),
            format!(
                "general '{id}' commands an {}: only division and cavalry brigade commands hold orders",
                commander.echelon.word()
            ),
        )),
        _ => Ok(Some(*order.get_ref())),
    }
}

/// *Old Trousers II* names fewer nations than *Sound the Charge*; the rest fight without
/// national modifiers (ruling 25).
fn nation(nation: Option<Nation>) -> ot::Nation {
    match nation {
        Some(Nation::France) => ot::Nation::French,
        Some(Nation::FrenchAllies) => ot::Nation::FrenchAlly,
        Some(Nation::Britain) => ot::Nation::British,
        Some(Nation::Austria) => ot::Nation::Austrian,
        Some(Nation::Russia) => ot::Nation::Russian,
        _ => ot::Nation::Other,
    }
}

/// The calibre bands of the artillery fire table (*Fire Combat: Artillery*, p20).
fn calibre(pounds: u32) -> Option<Calibre> {
    match pounds {
        1..=5 => Some(Calibre::Under6),
        6 => Some(Calibre::Six),
        8 | 9 => Some(Calibre::EightOrNine),
        12 => Some(Calibre::Twelve),
        13..=48 => Some(Calibre::Over12),
        _ => None,
    }
}

/// A unit's troop rating, nation, drill and (for a battery) calibre.
pub(crate) fn traits(
    spec: &UnitSpec,
    id: &str,
    arm: Arm,
    ruleset: Ruleset,
    side: &crate::rules::sides::Side,
) -> Result<Option<Traits>, SpecError> {
    if !takes_these_keys(ruleset) {
        let given = [
            spec.morale.as_ref().map(toml::Spanned::span),
            spec.traits.as_ref().map(toml::Spanned::span),
            spec.pounds.as_ref().map(toml::Spanned::span),
        ];
        return match given.into_iter().flatten().next() {
            Some(span) => Err((
                span,
                only_here(
                    ruleset,
                    &format!("unit '{id}': a troop rating, traits or pounds"),
                ),
            )),
            None => Ok(None),
        };
    }
    let morale = *spec
        .morale
        .as_ref()
        .ok_or_else(|| {
            (
                spec.id.span(),
                format!(
                    "unit '{id}' needs `morale = \"old-guard|superior|excellent|good|average|fair|poor\"` (Old Trousers II)"
                ),
            )
        })?
        .get_ref();
    let words = spec
        .traits
        .as_ref()
        .map_or(&[][..], |t| t.get_ref().as_slice());
    let has = |w: TraitWord| words.contains(&w);
    check_trait_words(spec, id, arm, words)?;
    let ot_arm = trousers_arm(spec, id, arm, &has)?;
    if let (Some(pounds), false) = (&spec.pounds, arm.is_artillery()) {
        return Err((
            pounds.span(),
            format!("unit '{id}': only a battery has pounds"),
        ));
    }
    let nation = nation(spec.nation.or(side.nation));
    let by_nation = ot::Unit::infantry(id, nation, morale, 1);
    let light = matches!(arm, Arm::Infantry(crate::rules::unit::InfantryType::Light));
    Ok(Some(Traits {
        nation,
        morale,
        arm: ot_arm,
        untrained: has(TraitWord::Untrained),
        impetuous: has(TraitWord::Impetuous),
        rifles: has(TraitWord::Rifles),
        // Light infantry skirmishes by its nature (ruling 26).
        skirmish_ability: has(TraitWord::Skirmishers) || light,
        quick_drill: has(TraitWord::QuickDrill) || arm.is_cavalry() || by_nation.quick_drill,
        attack_column: !arm.is_artillery()
            && (has(TraitWord::AttackColumn) || arm.is_cavalry() || by_nation.attack_column),
    }))
}

/// Each trait fits the unit's arm.
fn check_trait_words(
    spec: &UnitSpec,
    id: &str,
    arm: Arm,
    words: &[TraitWord],
) -> Result<(), SpecError> {
    let misfit = words.iter().find(|word| match word {
        TraitWord::Rifles | TraitWord::Skirmishers => !arm.is_infantry(),
        TraitWord::Lances | TraitWord::Cuirass => !arm.is_cavalry(),
        TraitWord::Untrained
        | TraitWord::Impetuous
        | TraitWord::QuickDrill
        | TraitWord::AttackColumn => arm.is_artillery(),
    });
    match misfit {
        None => Ok(()),
        Some(word) => Err((
            spec.traits
                .as_ref()
                .map_or(spec.id.span(), toml::Spanned::span),
            format!(
                "unit '{id}': a {} cannot have the trait '{}'",
                arm.arm_word(),
                word.word()
            ),
        )),
    }
}

/// The arm as the rules read it: cavalry's weight and kit, a battery's calibre and team.
fn trousers_arm(
    spec: &UnitSpec,
    id: &str,
    arm: Arm,
    has: &dyn Fn(TraitWord) -> bool,
) -> Result<ot::Arm, SpecError> {
    Ok(match arm {
        Arm::Infantry(_) => ot::Arm::Infantry,
        Arm::Cavalry(kind) => ot::Arm::Cavalry {
            weight: match kind {
                CavalryType::Light => Weight::Light,
                CavalryType::Medium => Weight::Medium,
                CavalryType::Heavy => Weight::Heavy,
            },
            lances: has(TraitWord::Lances),
            cuirass: has(TraitWord::Cuirass),
        },
        Arm::Artillery { horse, .. } => {
            let Some(pounds) = &spec.pounds else {
                return Err((
                    spec.id.span(),
                    format!("battery '{id}' needs `pounds = <calibre>` (Old Trousers II)"),
                ));
            };
            let Some(calibre) = calibre(*pounds.get_ref()) else {
                return Err((
                    pounds.span(),
                    format!(
                        "battery '{id}': {} pounds is not a calibre the fire table knows \
                         (under 6, 6, 8 or 9, 12, over 12)",
                        pounds.get_ref()
                    ),
                ));
            };
            ot::Arm::Artillery {
                calibre,
                transport: if horse {
                    Transport::Horse
                } else {
                    Transport::Foot
                },
            }
        }
    })
}

/// Each unit's `commander`, a division or cavalry brigade commander of its own side, put
/// on the unit once the generals are read. Only
/// *Old Trousers II* reads it: a command whose commander is out of play is out of command
/// (p12).
pub(crate) fn unit_commanders(
    specs: &[UnitSpec],
    units: &mut [Unit],
    generals: &[General],
    ruleset: Ruleset,
) -> Result<(), SpecError> {
    for (spec, unit) in specs.iter().zip(units.iter_mut()) {
        let Some(named) = &spec.commander else {
            continue;
        };
        if !takes_these_keys(ruleset) {
            return Err((named.span(), only_here(ruleset, "a unit's commander")));
        }
        let Some(general) = generals.iter().find(|g| &g.id == named.get_ref()) else {
            return Err((
                named.span(),
                format!(
                    "unit '{}' names commander '{}', which is not a general",
                    unit.id,
                    named.get_ref()
                ),
            ));
        };
        let commands_units = general.commander.is_some_and(|c| !c.echelon.senior());
        if general.side != unit.side || !commands_units {
            return Err((
                named.span(),
                format!(
                    "unit '{}' needs a division or cavalry brigade commander of side '{}'; '{}' \
                     is not one",
                    unit.id, unit.side, general.id
                ),
            ));
        }
        unit.trousers.command_chain.commander = Some(general.id.clone());
    }
    Ok(())
}

/// Whether a scenario of `ruleset` may give the keys read here: commanders' echelons and
/// ratings, orders, troop ratings and traits, a battery's pounds, a unit's commander.
fn takes_these_keys(ruleset: Ruleset) -> bool {
    ruleset.profile().reads_command_ratings
}

#[cfg(test)]
mod tests {
    use crate::rules::old_trousers::command::Order;
    use crate::scenario::parse;

    /// The scenario's text with `key` added to its first `[[general]]`.
    fn first_general_with(text: &str, key: &str) -> String {
        text.replacen("[[general]]\n", &format!("[[general]]\n{key}\n"), 1)
    }

    #[test]
    fn a_division_starts_under_the_scenarios_order() {
        let (scenario, _) = parse(
            "vimeiro.toml",
            include_str!("../../../scenarios/vimeiro.toml"),
        )
        .expect("vimeiro loads");
        let order = |id: &str| {
            scenario
                .generals
                .iter()
                .find(|g| g.id == id)
                .and_then(|g| g.orders.current)
        };
        assert_eq!(order("fane"), Some(Order::Defend));
        assert_eq!(order("delaborde"), Some(Order::Attack));
        assert_eq!(order("wellesley"), None);
    }

    #[test]
    fn a_units_commander_is_a_division_or_brigade_commander_of_its_side() {
        let vimeiro = include_str!("../../../scenarios/vimeiro.toml");
        let (scenario, _) = parse("vimeiro.toml", vimeiro).expect("vimeiro loads");
        let fr_32 = scenario.units.iter().find(|u| u.id == "fr-32");
        assert_eq!(
            fr_32.and_then(|u| u.trousers.command_chain.commander.as_deref()),
            Some("delaborde")
        );
        for (to, why) in [
            (
                "commander = \"junot\"",
                "needs a division or cavalry brigade commander",
            ),
            (
                "commander = \"fane\"",
                "needs a division or cavalry brigade commander",
            ),
            ("commander = \"ney\"", "which is not a general"),
        ] {
            let text = vimeiro.replacen("commander = \"delaborde\"", to, 1);
            let refusal = parse("vimeiro.toml", &text).expect_err(to);
            assert!(refusal.message.contains(why), "{to}: {refusal}");
        }
        let barrosa = include_str!("../../../scenarios/barrosa.toml").replacen(
            "[[unit]]\n",
            "[[unit]]\ncommander = \"graham\"\n",
            1,
        );
        let refusal = parse("barrosa.toml", &barrosa).expect_err("no commanders in 1:25");
        assert!(
            refusal.message.contains("belongs to Old Trousers II"),
            "{refusal}"
        );
    }

    #[test]
    fn an_order_is_refused_on_an_army_commander_and_outside_old_trousers() {
        let vimeiro = first_general_with(
            include_str!("../../../scenarios/vimeiro.toml"),
            "order = \"attack\"",
        );
        let refusal = parse("vimeiro.toml", &vimeiro).expect_err("Wellesley holds no order");
        assert!(
            refusal
                .message
                .contains("only division and cavalry brigade"),
            "{refusal}"
        );
        let barrosa = first_general_with(
            include_str!("../../../scenarios/barrosa.toml"),
            "order = \"attack\"",
        );
        let refusal = parse("barrosa.toml", &barrosa).expect_err("no orders in 1:25");
        assert!(
            refusal.message.contains("belongs to Old Trousers II"),
            "{refusal}"
        );
    }
}
