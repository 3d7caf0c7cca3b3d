//! The words of the commands that roll dice: `shoot`, `test` and `rally`. The referee
//! states only what the table shows; the app knows the rest.

use super::SoundTheChargeRefusal;
use super::refusal::FireRefusal;
use crate::engine::words::{faces_word, parse_faces, parse_figures, roll_word, unknown_flag};
use crate::rules::sound_the_charge::morale::NerveFacts;
use crate::rules::sound_the_charge::shooting::{Cover, Range, ShotFacts};
use std::fmt;

/// The range as the referee calls it: the band, or the distance measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RangeCall {
    Band(Range),
    /// Tape measures read in halves and quarters: tenths of an inch keep 2.5" exact.
    Measured(Distance),
}

/// A distance in tenths of an inch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Distance {
    pub tenths: u32,
}

impl fmt::Display for Distance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.tenths % 10 {
            0 => write!(f, "{}", self.tenths / 10),
            tenth => write!(f, "{}.{tenth}", self.tenths / 10),
        }
    }
}

/// The players' dice, or none to let the app roll.
pub type TypedDice = Option<Vec<u8>>;

// The optional rules' and 1:25's words, each its own yes or no as typed.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShotOrder {
    pub firer: String,
    pub target: String,
    pub range: RangeCall,
    pub facts: ShotFacts,
    pub dice: TypedDice,
    /// A die for each general riding with the target, rolled if it takes 2+ hits.
    pub general_dice: TypedDice,
    /// The battery's shot carries on to another unit on its line (optional *Artillery
    /// Bounce-Through*).
    pub bounce: bool,
    /// The firer's regimental gun fires, not its muskets (optional *Regimental Guns*).
    pub gun: bool,
    /// One of the firer's dice goes at the target's regimental gun.
    pub at_gun: bool,
    /// *Sound the Charge 1:25*: the guns' choice of canister or ballshot, where both reach.
    pub gun_shot: Option<GunShot>,
    /// *Sound the Charge 1:25*: the players' second dice, one per 6, when 7+ is needed.
    pub then: TypedDice,
    /// *Sound the Charge 1:25*: the firer's skirmish screen fires, not the unit itself.
    pub from_screen: bool,
    /// *Sound the Charge 1:25*: the fire goes at the target's skirmish screen.
    pub at_screen: bool,
}

/// What a 1:25 battery loads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GunShot {
    Canister,
    Ballshot,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestOrder {
    pub unit: String,
    pub facts: NerveFacts,
    /// *Sound the Charge 1:25*: it changed formation or facing last turn and this fire
    /// came from 8" or less.
    pub changed: bool,
    pub roll: Option<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RallyOrder {
    pub unit: String,
    pub threat: bool,
    pub facts: NerveFacts,
    pub roll: Option<u8>,
}

pub const SHOOT_FLAGS: &str = "moved, soft, hard, screened, dense, bounce, gun, at-gun, \
     canister, ballshot, from-screen, at-screen, front=<figures>, \
     split=<figures or guns>, dice=<a,b,…>, then=<a,b,…>, gen=<die>";
pub const TEST_FLAGS: &str = "advanced, stationary, cover, changed, roll=<die>";
pub const RALLY_FLAGS: &str = "threat, cover, roll=<die>";

pub fn parse_shoot(args: &[&str], usage: &str) -> Result<ShotOrder, SoundTheChargeRefusal> {
    let [firer, target, range, flags @ ..] = args else {
        return Err(SoundTheChargeRefusal::usage(usage));
    };
    let mut order = ShotOrder {
        firer: (*firer).to_owned(),
        target: (*target).to_owned(),
        range: parse_range(range)?,
        facts: ShotFacts::default(),
        dice: None,
        general_dice: None,
        bounce: false,
        gun: false,
        at_gun: false,
        gun_shot: None,
        then: None,
        from_screen: false,
        at_screen: false,
    };
    for flag in &joined_lists(flags) {
        let flag = flag.as_str();
        let lower = flag.to_ascii_lowercase();
        match lower.split_once('=') {
            Some(("dice", faces)) => order.dice = Some(parse_faces(faces)?),
            Some(("gen", faces)) => order.general_dice = Some(parse_faces(faces)?),
            Some(("then", faces)) => order.then = Some(parse_faces(faces)?),
            Some(("front", n)) => order.facts.front_rank = Some(parse_figures("front=", n)?),
            Some(("split", n)) => order.facts.split = Some(parse_figures("split=", n)?),
            Some(_) => return Err(unknown_flag(flag, SHOOT_FLAGS).into()),
            None => match lower.as_str() {
                "moved" => order.facts.moved = true,
                "soft" => order.facts.cover = Cover::Soft,
                "hard" => order.facts.cover = Cover::Hard,
                "screened" => order.facts.screened = true,
                "dense" => order.facts.dense = true,
                "bounce" => order.bounce = true,
                "gun" => order.gun = true,
                "at-gun" => order.at_gun = true,
                "canister" => order.gun_shot = Some(GunShot::Canister),
                "ballshot" => order.gun_shot = Some(GunShot::Ballshot),
                "from-screen" => order.from_screen = true,
                "at-screen" => order.at_screen = true,
                _ => return Err(unknown_flag(flag, SHOOT_FLAGS).into()),
            },
        }
    }
    Ok(order)
}

pub fn parse_test(args: &[&str], usage: &str) -> Result<TestOrder, SoundTheChargeRefusal> {
    let [unit, flags @ ..] = args else {
        return Err(SoundTheChargeRefusal::usage(usage));
    };
    let mut order = TestOrder {
        unit: (*unit).to_owned(),
        facts: NerveFacts::default(),
        changed: false,
        roll: None,
    };
    for flag in &joined_lists(flags) {
        let flag = flag.as_str();
        match flag.to_ascii_lowercase().as_str() {
            "changed" => order.changed = true,
            "advanced" => order.facts.advanced = true,
            "stationary" => order.facts.stationary = true,
            "cover" => order.facts.in_cover = true,
            other => order.roll = Some(roll_word(other, flag, TEST_FLAGS)?),
        }
    }
    if order.facts.advanced && order.facts.stationary {
        return Err(FireRefusal::AdvancedAndStationary.into());
    }
    Ok(order)
}

pub fn parse_rally(args: &[&str], usage: &str) -> Result<RallyOrder, SoundTheChargeRefusal> {
    let [unit, flags @ ..] = args else {
        return Err(SoundTheChargeRefusal::usage(usage));
    };
    let mut order = RallyOrder {
        unit: (*unit).to_owned(),
        threat: false,
        facts: NerveFacts::default(),
        roll: None,
    };
    for flag in &joined_lists(flags) {
        let flag = flag.as_str();
        match flag.to_ascii_lowercase().as_str() {
            "threat" => order.threat = true,
            "cover" => order.facts.in_cover = true,
            other => order.roll = Some(roll_word(other, flag, RALLY_FLAGS)?),
        }
    }
    Ok(order)
}

/// Words with a list split by spaces put back together: `dice=5, 3` and `dice= 5,3`
/// are `dice=5,3`, `a, b` is `a,b` and `3,4 / 5` is `3,4/5`, as a referee reading dice off the table types them.
pub(crate) fn joined_lists(words: &[&str]) -> Vec<String> {
    let mut joined: Vec<String> = Vec::new();
    for word in words {
        match joined.last_mut() {
            // A dice list may end in an empty group (`dice=3,4/`): only dice carry it on.
            Some(last)
                if last.ends_with([',', '='])
                    || word.starts_with([',', '/'])
                    || (last.ends_with('/') && word.starts_with(|c: char| c.is_ascii_digit())) =>
            {
                last.push_str(word);
            }
            _ => joined.push((*word).to_owned()),
        }
    }
    joined
}

fn parse_range(word: &str) -> Result<RangeCall, SoundTheChargeRefusal> {
    let lower = word.to_ascii_lowercase();
    match lower.as_str() {
        "close" => return Ok(RangeCall::Band(Range::Close)),
        "far" => return Ok(RangeCall::Band(Range::Far)),
        _ => {}
    }
    let digits = lower.trim_end_matches('"').trim_end_matches("in");
    let (whole, tenth) = digits.split_once('.').unwrap_or((digits, "0"));
    // One decimal place: a tape is read to the half or quarter inch, not finer.
    let tenth = match tenth.as_bytes() {
        [digit @ b'0'..=b'9'] => Some(u32::from(digit - b'0')),
        _ => None,
    };
    let tenths = whole
        .parse::<u32>()
        .ok()
        .zip(tenth)
        .and_then(|(whole, tenth)| whole.checked_mul(10)?.checked_add(tenth));
    match tenths {
        Some(tenths) => Ok(RangeCall::Measured(Distance { tenths })),
        None => Err(FireRefusal::NotARange {
            word: word.to_owned(),
        }
        .into()),
    }
}

impl fmt::Display for ShotOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "shoot {} {} ", self.firer, self.target)?;
        match self.range {
            RangeCall::Band(range) => f.write_str(range.word())?,
            RangeCall::Measured(distance) => write!(f, "{distance}")?,
        }
        let flags = [
            (self.facts.moved, "moved"),
            (self.facts.cover == Cover::Soft, "soft"),
            (self.facts.cover == Cover::Hard, "hard"),
            (self.facts.screened, "screened"),
            (self.facts.dense, "dense"),
            (self.bounce, "bounce"),
            (self.gun, "gun"),
            (self.at_gun, "at-gun"),
            (self.gun_shot == Some(GunShot::Canister), "canister"),
            (self.gun_shot == Some(GunShot::Ballshot), "ballshot"),
            (self.from_screen, "from-screen"),
            (self.at_screen, "at-screen"),
        ];
        for (_, word) in flags.iter().filter(|(on, _)| *on) {
            write!(f, " {word}")?;
        }
        if let Some(front) = self.facts.front_rank {
            write!(f, " front={front}")?;
        }
        if let Some(split) = self.facts.split {
            write!(f, " split={split}")?;
        }
        if let Some(dice) = &self.dice {
            write!(f, " dice={}", faces_word(dice))?;
        }
        if let Some(dice) = &self.then {
            write!(f, " then={}", faces_word(dice))?;
        }
        if let Some(dice) = &self.general_dice {
            write!(f, " gen={}", faces_word(dice))?;
        }
        Ok(())
    }
}

impl fmt::Display for TestOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "test {}", self.unit)?;
        if self.facts.advanced {
            f.write_str(" advanced")?;
        }
        if self.facts.stationary {
            f.write_str(" stationary")?;
        }
        if self.facts.in_cover {
            f.write_str(" cover")?;
        }
        if self.changed {
            f.write_str(" changed")?;
        }
        if let Some(roll) = self.roll {
            write!(f, " roll={roll}")?;
        }
        Ok(())
    }
}

impl fmt::Display for RallyOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rally {}", self.unit)?;
        if self.threat {
            f.write_str(" threat")?;
        }
        if self.facts.in_cover {
            f.write_str(" cover")?;
        }
        if let Some(roll) = self.roll {
            write!(f, " roll={roll}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_lists_with_spaces_are_put_back_together() {
        assert_eq!(
            joined_lists(&["close", "dice=5,", "3", ",1", "gen=", "2"]),
            ["close", "dice=5,3,1", "gen=2"]
        );
    }

    #[test]
    fn ranges_are_bands_or_inches_to_a_tenth() {
        let tenths = |word| match parse_range(word) {
            Ok(RangeCall::Measured(d)) => Some(d.tenths),
            _ => None,
        };
        assert_eq!(tenths("2.5"), Some(25));
        assert_eq!(tenths("4\""), Some(40));
        assert_eq!(tenths("12in"), Some(120));
        assert_eq!(tenths("2.25"), None, "a tenth of an inch is fine enough");
        assert_eq!(tenths("2."), None);
        assert_eq!(tenths("-1"), None);
        assert_eq!(parse_range("FAR"), Ok(RangeCall::Band(Range::Far)));
        assert_eq!(Distance { tenths: 25 }.to_string(), "2.5");
        assert_eq!(Distance { tenths: 40 }.to_string(), "4");
    }
}
