//! Checking a command against the state and working out its events. Pure: the state is
//! only read here; [`GameState::apply`] makes the change.

use super::army_morale;
use super::clock_set::clock_set;
use super::command::{Command, Refusal};
use super::house_set::house_set;
use super::refusal::{EngineRefusal, TableRefusal, WordsRefusal};
use super::registry;
use crate::core::house::untold_reads;
use crate::core::spelling::suggestion;
use crate::engine::checklist::{Checklist, ChecklistItem};
use crate::engine::command_chain::commander_gone;
use crate::engine::event::Event;
use crate::engine::find::{find_general, find_unit};
use crate::engine::guards::{detach_all, general_in_play, hits, on_table};
use crate::engine::house_rule::HouseValue;
use crate::engine::state::GameState;
use crate::rules::sides::General;
use crate::rules::unit::{Formation, HitKind, Morale, UnitStatus};
use crate::scenario::MAX_TURNS;

/// The events `command` causes, or why it cannot be done. `undo` and `redo` act on the
/// log, not the state, and are refused here.
pub fn check(state: &GameState, command: &Command) -> Result<Vec<Event>, Refusal> {
    state.with_house_rules(|| with_house_values_told(state, || check_in_force(state, command)))
}

/// The events `work` makes, followed by the note of each number a house rule changed that
/// they used with no reason saying so (see [`untold_reads`]). `state`'s house rules must
/// be in force.
fn with_house_values_told<E>(
    state: &GameState,
    work: impl FnOnce() -> Result<Vec<Event>, E>,
) -> Result<Vec<Event>, E> {
    let (events, untold) = untold_reads(work);
    let mut events = events?;
    let numbers: Vec<HouseValue> = untold
        .into_iter()
        .filter_map(|(name, book)| {
            let value = state.house_rules().get(name)?;
            Some(HouseValue {
                name: name.to_owned(),
                value,
                book,
            })
        })
        .collect();
    if !events.is_empty() && !numbers.is_empty() {
        events.push(Event::HouseValuesUsed { numbers });
    }
    Ok(events)
}

/// [`check`] with the game's house rules in force.
fn check_in_force(state: &GameState, command: &Command) -> Result<Vec<Event>, Refusal> {
    let ruleset = state.ruleset();
    if !ruleset.offers(command.word()) {
        return Err(EngineRefusal::not_offered(command.word(), ruleset).into());
    }
    match command {
        Command::Own(own) => match registry::check_own(state, own) {
            Some(checked) => checked,
            // Another ruleset's reading of a word this one offers (a line parsed with no
            // game, `Command::parse`): the line means what this ruleset reads in it.
            None => match Command::parse_for(&own.to_string(), ruleset)? {
                Command::Own(again) => registry::check_own(state, &again).unwrap_or_else(|| {
                    Err(WordsRefusal::OwnWord {
                        verb: again.word().to_owned(),
                    }
                    .into())
                }),
                shared => check(state, &shared),
            },
        },
        Command::Hits { unit, kind, count } => Ok(hits(state, unit, *kind, *count)?),
        Command::TakeBack { unit, kind, count } => take_back(state, unit, *kind, *count),
        Command::Shaken { unit, on } => shaken(state, unit, *on),
        Command::Disorder { unit, on } => disorder(state, unit, *on),
        Command::Form { unit, formation } => form(state, unit, *formation),
        Command::Cmd { unit, command } => command_radius(state, unit, *command),
        Command::Attach { general, unit } => attach(state, general, unit),
        Command::Detach { general } => {
            let general = find_general(state, general)?;
            if general.attached.is_none() {
                return Err(TableRefusal::NotAttached {
                    general: general.name.clone(),
                }
                .into());
            }
            Ok(vec![Event::Detached {
                general: general.id.clone(),
            }])
        }
        Command::Remove { unit } => {
            let unit = on_table(state, unit)?;
            let mut events = vec![Event::Removed {
                unit: unit.id.clone(),
            }];
            events.extend(detach_all(state, &unit.id));
            Ok(events)
        }
        Command::Note { unit, text } => {
            let unit = find_unit(state, unit)?;
            if &unit.note == text {
                let unit = unit.id.clone();
                return Err(if text.is_empty() {
                    TableRefusal::NoNote { unit }
                } else {
                    TableRefusal::SameNote { unit }
                }
                .into());
            }
            Ok(vec![Event::Note {
                unit: unit.id.clone(),
                text: text.clone(),
            }])
        }
        Command::House { name, setting } => house_set(state, name, *setting),
        Command::Clock(change) => clock_set(state, *change),
        Command::Victory { side, why } => {
            let side = match side {
                Some(typed) => Some(
                    state
                        .sides()
                        .iter()
                        .find(|s| s.id.eq_ignore_ascii_case(typed))
                        .map(|s| s.id.clone())
                        .ok_or_else(|| TableRefusal::NoSide {
                            side: typed.clone(),
                            hint: suggestion(state.sides().iter().map(|s| s.id.as_str()), typed),
                        })?,
                ),
                None => None,
            };
            Ok(vec![Event::Victory {
                side,
                why: why.clone(),
            }])
        }
        Command::Next => end_phase(state).and_then(within_the_longest_battle),
        Command::Undo | Command::Redo => Err(TableRefusal::LogCommand {
            word: command.to_string(),
        }
        .into()),
    }
}

fn disorder(state: &GameState, unit: &str, on: bool) -> Result<Vec<Event>, Refusal> {
    let unit = on_table(state, unit)?;
    if on && unit.arm.is_artillery() && !state.ruleset().guns_disordered() {
        return Err(TableRefusal::GunsNeverDisordered {
            unit: unit.id.clone(),
        }
        .into());
    }
    if unit.disordered == on {
        let already = if on { "disordered" } else { "not disordered" };
        return Err(TableRefusal::Already {
            unit: unit.id.clone(),
            already,
        }
        .into());
    }
    Ok(vec![Event::Disorder {
        unit: unit.id.clone(),
        disordered: on,
    }])
}

fn shaken(state: &GameState, unit: &str, on: bool) -> Result<Vec<Event>, Refusal> {
    let unit = on_table(state, unit)?;
    let morale = if on { Morale::Shaken } else { Morale::Good };
    if unit.morale == morale {
        let already = if on { "shaken" } else { "in good morale" };
        return Err(TableRefusal::Already {
            unit: unit.id.clone(),
            already,
        }
        .into());
    }
    Ok(vec![Event::Morale {
        unit: unit.id.clone(),
        morale,
    }])
}

fn take_back(
    state: &GameState,
    unit: &str,
    kind: HitKind,
    count: u32,
) -> Result<Vec<Event>, Refusal> {
    let unit = on_table(state, unit)?;
    // Un-shattering would have to undo the general's detachment too; `undo` does that
    // exactly, so a shattered unit is pointed there.
    if unit.status != UnitStatus::InPlay {
        return Err(TableRefusal::ShatteredTakeBack {
            unit: unit.id.clone(),
        }
        .into());
    }
    let (have, word) = match kind {
        HitKind::Loss => (unit.loss_hits, "loss"),
        HitKind::Rout => (unit.rout_hits, "rout"),
    };
    if have == 0 {
        return Err(TableRefusal::NoHitsToTakeBack {
            unit: unit.id.clone(),
            kind: word,
        }
        .into());
    }
    if count > have {
        return Err(TableRefusal::TooFewHits {
            unit: unit.id.clone(),
            only: kind.count_phrase(have),
        }
        .into());
    }
    Ok(vec![Event::HitsTakenBack {
        unit: unit.id.clone(),
        kind,
        count,
    }])
}

fn attach(state: &GameState, general: &str, unit: &str) -> Result<Vec<Event>, Refusal> {
    let general = in_play_general(state, general)?;
    let unit = on_table(state, unit)?;
    if unit.side != general.side {
        return Err(TableRefusal::OtherSide {
            general: general.name.clone(),
            general_side: general.side.clone(),
            unit: unit.id.clone(),
            unit_side: unit.side.clone(),
        }
        .into());
    }
    if general.attached.as_deref() == Some(unit.id.as_str()) {
        return Err(TableRefusal::AlreadyRides {
            general: general.name.clone(),
            unit: unit.id.clone(),
        }
        .into());
    }
    Ok(vec![Event::Attached {
        general: general.id.clone(),
        unit: unit.id.clone(),
    }])
}

fn form(state: &GameState, unit: &str, formation: Formation) -> Result<Vec<Event>, Refusal> {
    let unit = on_table(state, unit)?;
    let ruleset = state.ruleset();
    if !ruleset.formations().contains(&formation) {
        return Err(TableRefusal::NoSuchFormation {
            ruleset: ruleset.title(),
            formation,
            known: ruleset.formations().iter().map(|f| f.word()).collect(),
        }
        .into());
    }
    if !unit.may_form(formation) {
        return Err(TableRefusal::CannotForm {
            unit: unit.id.clone(),
            arm: unit.arm.label(),
            formation,
        }
        .into());
    }
    if unit.formation == formation {
        return Err(TableRefusal::AlreadyInFormation {
            unit: unit.id.clone(),
            formation,
        }
        .into());
    }
    if unit.in_contact() {
        return Err(TableRefusal::FormInContact {
            unit: unit.id.clone(),
        }
        .into());
    }
    Ok(vec![Event::Formation {
        unit: unit.id.clone(),
        formation,
    }])
}

fn command_radius(
    state: &GameState,
    unit: &str,
    command: super::CommandState,
) -> Result<Vec<Event>, Refusal> {
    let unit = on_table(state, unit)?;
    if let Some(general) = commander_gone(state, unit)
        && command == super::CommandState::In
    {
        return Err(TableRefusal::CommanderGone {
            unit: unit.id.clone(),
            general: general.name.clone(),
            status: general.status.word(),
        }
        .into());
    }
    if unit.command == command {
        return Err(TableRefusal::AlreadyCommand {
            unit: unit.id.clone(),
            inside: command == super::CommandState::In,
        }
        .into());
    }
    Ok(vec![Event::Command {
        unit: unit.id.clone(),
        command,
    }])
}

/// `events` unless they begin a turn past [`MAX_TURNS`].
fn within_the_longest_battle(events: Vec<Event>) -> Result<Vec<Event>, Refusal> {
    let past = events
        .iter()
        .any(|e| matches!(e, Event::PhaseBegan { turn, .. } if *turn > MAX_TURNS));
    if past {
        return Err(TableRefusal::LastTurn.into());
    }
    Ok(events)
}

/// Ending a phase: what was left open is logged (never refused), shattered units leave
/// the table (*Shattered Units*), then the next phase begins; after reform the other
/// side's turn begins (*Turn Sequence*) unless an army breaks (*Army Morale*): then the
/// battle is over and there is no next phase.
fn end_phase(state: &GameState) -> Result<Vec<Event>, Refusal> {
    if let Some(side) = state.battle_over() {
        return Err(TableRefusal::BattleOver {
            army: side.name.clone(),
            turn: state.turn(),
        }
        .into());
    }
    let own = registry::phase_end(state)?;
    let mut events = Vec::new();
    let open: Vec<String> = Checklist::of(state)
        .open
        .iter()
        .map(ChecklistItem::describe)
        .collect();
    if !open.is_empty() {
        events.push(Event::LeftOpen { items: open });
    }
    events.extend(own);
    for unit in state.units() {
        if unit.status == UnitStatus::Shattered && unit.on_table {
            events.push(Event::LeftTable {
                unit: unit.id.clone(),
            });
            events.extend(detach_all(state, &unit.id));
        }
    }
    let (turn, active, phase) = state.phase_after();
    if turn == state.turn() {
        events.push(Event::PhaseBegan {
            turn,
            active,
            phase,
        });
        return Ok(events);
    }
    events.extend(registry::own_turn_ends(state));
    for unit in state.units().iter().filter(|u| u.owes_test) {
        events.push(Event::TestLapsed {
            unit: unit.id.clone(),
        });
    }
    let broken = army_morale::breaking_armies(state);
    let newly_broken: Vec<String> = broken
        .iter()
        .filter_map(|e| match e {
            Event::ArmyBroken { side, .. } => Some(side.clone()),
            _ => None,
        })
        .collect();
    let battle_goes_on = state.campaign() || newly_broken.is_empty();
    events.extend(broken);
    if battle_goes_on {
        events.extend(army_morale::retreat_as_turn_ends(
            state,
            &newly_broken,
            &active,
        )?);
        events.push(Event::PhaseBegan {
            turn,
            active,
            phase,
        });
    }
    Ok(events)
}

fn in_play_general<'a>(state: &'a GameState, id: &str) -> Result<&'a General, Refusal> {
    let general = find_general(state, id)?;
    general_in_play(general)?;
    Ok(general)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_games::built_in;

    /// `Command::parse` reads a line with no game, as the first ruleset would; checked in a
    /// game whose ruleset reads the word its own way, the line means what that ruleset
    /// reads in it, as if parsed for the game.
    #[test]
    fn a_line_parsed_with_no_game_is_checked_as_the_games_ruleset_reads_it() {
        for (scenario, line) in [
            ("maida", "retreat fr-1leger off"),
            ("vimeiro", "move br-50"),
            ("quatre-bras", "retreat fr-2lg off"),
        ] {
            let game = built_in(scenario, 3);
            let state = game.state();
            let for_the_game = Command::parse_for(line, state.ruleset()).expect("parses");
            let with_no_game = Command::parse(line).expect("parses");
            assert_eq!(
                check(state, &with_no_game),
                check(state, &for_the_game),
                "{scenario}: {line}"
            );
        }
        // *Charge Moves*' `retreat … off` takes the unit off; *Sound the Charge*'s would
        // refuse it, as it owes no retreat.
        let game = built_in("maida", 3);
        let line = Command::parse("retreat fr-1leger off").expect("parses");
        assert!(check(game.state(), &line).is_ok());
    }
}
