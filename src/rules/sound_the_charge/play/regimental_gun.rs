//! Optional *Regimental Guns*: a light gun with two gunners attached to an infantry
//! battalion. It fires with the battalion as a light gun of its own, the enemy may turn
//! one die of a shot on it (a single hit disables it), it plays no part in close combat,
//! and it is abandoned when the battalion loses a combat and retreats.

use super::SoundTheChargeRefusal;
use super::refusal::FireRefusal;
use super::roll_command::ShotOrder;
use crate::core::score::Score;
use crate::engine::event::Event;
use crate::engine::roll::{Roll, RollKind};
use crate::engine::state::GameState;
use crate::rules::optional_rule::OptionalRule;
use crate::rules::sound_the_charge::event::SoundTheChargeEvent;
use crate::rules::sound_the_charge::unit_state::RegimentalGun;
use crate::rules::unit::{Arm, Calibre, Formation, Unit};

/// Two gunners serve the one light gun.
pub const GUNNERS: u32 = 2;

fn in_play(state: &GameState) -> Result<(), SoundTheChargeRefusal> {
    if state.rule_in_play(OptionalRule::RegimentalGuns) {
        Ok(())
    } else {
        Err(FireRefusal::RegimentalGunsNotInPlay.into())
    }
}

/// The battalion's gun as a firer of its own: a one-gun light battery of the battalion's
/// grade and morale. Refused when the gun is lost, has fired this turn, or moved with its
/// battalion (artillery may not move and shoot; ruling 57).
pub(crate) fn as_firer(
    state: &GameState,
    battalion: &Unit,
    order: &ShotOrder,
) -> Result<Unit, SoundTheChargeRefusal> {
    in_play(state)?;
    let id = &battalion.id;
    match battalion.sound_the_charge.regimental_gun {
        None => return Err(FireRefusal::NoRegimentalGun { unit: id.clone() }.into()),
        Some(RegimentalGun::Fired) => {
            return Err(FireRefusal::GunFired { unit: id.clone() }.into());
        }
        Some(lost @ (RegimentalGun::Disabled | RegimentalGun::Abandoned)) => {
            return Err(FireRefusal::GunLost {
                unit: id.clone(),
                lost: lost.word(),
            }
            .into());
        }
        Some(RegimentalGun::Ready) => {}
    }
    if order.bounce
        || order.at_gun
        || order.facts.split.is_some()
        || order.facts.front_rank.is_some()
    {
        return Err(FireRefusal::GunFiresAlone.into());
    }
    if battalion.moved_this_turn || order.facts.moved {
        return Err(FireRefusal::GunMoved { unit: id.clone() }.into());
    }
    let mut gun = battalion.clone();
    gun.arm = Arm::Artillery {
        calibre: Calibre::Light,
        guns: 1,
        horse: false,
    };
    gun.figures_at_start = GUNNERS;
    gun.loss_hits = 0;
    gun.rout_hits = 0;
    gun.formation = Formation::Unlimbered;
    gun.disordered = false;
    Ok(gun)
}

/// Whether the firer may turn a die on the target's gun.
pub(crate) fn may_shoot_at(
    state: &GameState,
    target: &Unit,
    order: &ShotOrder,
) -> Result<(), SoundTheChargeRefusal> {
    in_play(state)?;
    if order.bounce {
        return Err(FireRefusal::AtGunBounce.into());
    }
    match target.sound_the_charge.regimental_gun {
        Some(gun) if gun.works() => Ok(()),
        Some(lost) => Err(FireRefusal::GunAlreadyLost {
            unit: target.id.clone(),
            lost: lost.word(),
        }
        .into()),
        None => Err(FireRefusal::NoRegimentalGun {
            unit: target.id.clone(),
        }
        .into()),
    }
}

/// Takes the shot's last die off `thrown` and rolls it at the target's gun with the
/// shot's score: its roll, and the gun disabled on a hit. The hit on the gun calls for no
/// morale test.
pub(crate) fn die_at_gun(
    thrown: &mut Vec<u8>,
    firer: &Unit,
    target: &Unit,
    score: &Score,
    stream: Option<u64>,
) -> (Roll, Vec<Event>) {
    let die: Vec<u8> = thrown.pop().into_iter().collect();
    let mut roll = Roll::new(RollKind::AtRegimentalGun, &firer.id, score, die);
    roll.target = Some(target.id.clone());
    "the shot's last die, turned on the gun".clone_into(&mut roll.dice_reason);
    roll.stream = stream;
    let disabled = roll.successes > 0;
    roll.conclude(if disabled {
        "the gun is disabled (no morale test for it)"
    } else {
        "the gun is untouched"
    });
    let events = if disabled {
        vec![Event::Own(
            SoundTheChargeEvent::RegimentalGun {
                unit: target.id.clone(),
                gun: RegimentalGun::Disabled,
            }
            .into(),
        )]
    } else {
        Vec::new()
    };
    (roll, events)
}

/// *Regimental Guns*: a battalion that loses a round of combat and retreats leaves its
/// working gun behind.
pub(crate) fn abandoned_in_retreat(unit: &Unit) -> Option<Event> {
    unit.sound_the_charge
        .regimental_gun
        .is_some_and(RegimentalGun::works)
        .then(|| {
            Event::Own(
                SoundTheChargeEvent::RegimentalGun {
                    unit: unit.id.clone(),
                    gun: RegimentalGun::Abandoned,
                }
                .into(),
            )
        })
}
