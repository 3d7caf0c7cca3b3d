//! What an *Old Trousers II* scenario says beyond the shared roster: each army's staff,
//! each commander's echelon and ratings, each unit's troop rating, drill and calibre.
//! Other rulesets refuse these keys, and *Old Trousers II* refuses to go without them.

use crate::rules::Ruleset;
use crate::rules::old_trousers::command::{Commander, Order, StaffRating};
use crate::rules::old_trousers::general_state::GeneralState;
use crate::rules::old_trousers::orders::CommandOrders;
use crate::rules::old_trousers::scenario_problem::{
    TrousersKey, TrousersScenarioProblem as Problem,
};
use crate::rules::old_trousers::unit::{self as ot, Calibre, TraitWord, Transport, Weight};
use crate::rules::old_trousers::unit_state::{Traits, UnitState};
use crate::rules::sides::{General, Side};
use crate::rules::sound_the_charge::Nation;
use crate::rules::unit::{Arm, CavalryType, Unit};
use crate::scenario::problem::SpecError;
use crate::scenario::spec::{GeneralSpec, SideSpec, UnitSpec};

/// `key`, which only *Old Trousers II* reads, refused by `ruleset`.
fn only_here(ruleset: Ruleset, key: TrousersKey) -> Problem {
    Problem::NotThisRuleset { key, ruleset }
}

/// The army's staff rating: required by *Old Trousers II* (initiative and activation read
/// it), refused elsewhere.
pub(crate) fn staff(spec: &SideSpec, ruleset: Ruleset) -> Result<Option<StaffRating>, SpecError> {
    match (&spec.staff, takes_these_keys(ruleset)) {
        (Some(staff), true) => Ok(Some(*staff.get_ref())),
        (None, true) => Err((
            spec.id.span(),
            Problem::SideNeedsStaff {
                side: spec.id.get_ref().clone(),
            }
            .into(),
        )),
        (Some(staff), false) => Err((staff.span(), only_here(ruleset, TrousersKey::Staff).into())),
        (None, false) => Ok(None),
    }
}

/// A commander's state as the scenario starts it: his echelon and ratings, and the order
/// his command starts under.
pub(crate) fn general_state(
    spec: &GeneralSpec,
    id: &str,
    ruleset: Ruleset,
) -> Result<GeneralState, SpecError> {
    let commander = commander(spec, id, ruleset)?;
    let order = starting_order(spec, id, ruleset, commander.as_ref())?;
    Ok(GeneralState {
        commander,
        orders: CommandOrders::starting(order),
        replaced_on: None,
    })
}

/// A commander's echelon and ratings: army and corps commanders have a leadership rating
/// as well as a tactical one (*Command Ratings*, p8).
fn commander(
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
            Some(span) => Err((
                span,
                only_here(ruleset, TrousersKey::CommanderRating).into(),
            )),
            None => Ok(None),
        };
    }
    let general = || id.to_owned();
    let needs = |problem: Problem| -> SpecError { (spec.name.span(), problem.into()) };
    let echelon = *spec
        .echelon
        .as_ref()
        .ok_or_else(|| needs(Problem::GeneralNeedsEchelon { general: general() }))?
        .get_ref();
    let tactical = *spec
        .tactical
        .as_ref()
        .ok_or_else(|| needs(Problem::GeneralNeedsTactical { general: general() }))?
        .get_ref();
    match (&spec.leadership, echelon.senior()) {
        (Some(leadership), true) => Ok(Some(Commander::senior(
            echelon,
            *leadership.get_ref(),
            tactical,
        ))),
        (None, true) => Err(needs(Problem::GeneralNeedsLeadership {
            general: general(),
        })),
        (Some(leadership), false) => Err((
            leadership.span(),
            Problem::LeadershipOfJunior {
                general: general(),
                echelon,
            }
            .into(),
        )),
        (None, false) => Ok(Some(Commander::subordinate(echelon, tactical))),
    }
}

/// The order a division or cavalry brigade starts under (ruling 38); army and corps
/// commanders send orders and hold none.
fn starting_order(
    spec: &GeneralSpec,
    id: &str,
    ruleset: Ruleset,
    commander: Option<&Commander>,
) -> Result<Option<Order>, SpecError> {
    let Some(order) = &spec.order else {
        return Ok(None);
    };
    if !takes_these_keys(ruleset) {
        return Err((order.span(), only_here(ruleset, TrousersKey::Order).into()));
    }
    match commander {
        Some(commander) if commander.echelon.senior() => Err((
            order.span(),
            Problem::OrderOfSenior {
                general: id.to_owned(),
                echelon: commander.echelon,
            }
            .into(),
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
/// The unit's state as the scenario starts it: its troop rating, drill, arms and calibre.
pub(crate) fn unit_state(
    spec: &UnitSpec,
    id: &str,
    arm: Arm,
    ruleset: Ruleset,
    side: &Side,
) -> Result<UnitState, SpecError> {
    Ok(UnitState {
        traits: traits(spec, id, arm, ruleset, side)?,
        ..UnitState::default()
    })
}

fn traits(
    spec: &UnitSpec,
    id: &str,
    arm: Arm,
    ruleset: Ruleset,
    side: &Side,
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
                    TrousersKey::UnitRating {
                        unit: id.to_owned(),
                    },
                )
                .into(),
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
                Problem::UnitNeedsMorale {
                    unit: id.to_owned(),
                }
                .into(),
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
            Problem::PoundsOfNoBattery {
                unit: id.to_owned(),
            }
            .into(),
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
            Problem::TraitMisfit {
                unit: id.to_owned(),
                arm,
                word: *word,
            }
            .into(),
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
                    Problem::BatteryNeedsPounds {
                        unit: id.to_owned(),
                    }
                    .into(),
                ));
            };
            let Some(calibre) = calibre(*pounds.get_ref()) else {
                return Err((
                    pounds.span(),
                    Problem::NotACalibre {
                        unit: id.to_owned(),
                        pounds: *pounds.get_ref(),
                    }
                    .into(),
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
            return Err((
                named.span(),
                only_here(ruleset, TrousersKey::UnitCommander).into(),
            ));
        }
        let Some(general) = generals.iter().find(|g| &g.id == named.get_ref()) else {
            return Err((
                named.span(),
                Problem::CommanderNotAGeneral {
                    unit: unit.id.clone(),
                    commander: named.get_ref().clone(),
                }
                .into(),
            ));
        };
        let commands_units = general
            .trousers
            .commander
            .is_some_and(|c| !c.echelon.senior());
        if general.side != unit.side || !commands_units {
            return Err((
                named.span(),
                Problem::CommanderNotOfUnits {
                    unit: unit.id.clone(),
                    side: unit.side.clone(),
                    general: general.id.clone(),
                }
                .into(),
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
                .and_then(|g| g.trousers.orders.current)
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
            assert!(refusal.to_string().contains(why), "{to}: {refusal}");
        }
        let barrosa = include_str!("../../../scenarios/barrosa.toml").replacen(
            "[[unit]]\n",
            "[[unit]]\ncommander = \"graham\"\n",
            1,
        );
        let refusal = parse("barrosa.toml", &barrosa).expect_err("no commanders in 1:25");
        assert!(
            refusal.to_string().contains("belongs to Old Trousers II"),
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
                .to_string()
                .contains("only division and cavalry brigade"),
            "{refusal}"
        );
        let barrosa = first_general_with(
            include_str!("../../../scenarios/barrosa.toml"),
            "order = \"attack\"",
        );
        let refusal = parse("barrosa.toml", &barrosa).expect_err("no orders in 1:25");
        assert!(
            refusal.to_string().contains("belongs to Old Trousers II"),
            "{refusal}"
        );
    }
}
