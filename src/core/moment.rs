//! Time as the log records it: a moment in UTC to the second, and a length of time in the
//! words a referee types (`4h`, `90m`, `1h30`). Nothing here reads the system clock: a
//! front end turns its `SystemTime` into a [`Moment`] and hands it in, as dice are.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;
use std::time::{SystemTime, UNIX_EPOCH};

/// A moment to the second, in UTC. Written `2026-11-27T14:05:09Z`, which a referee reads
/// in a save and TOML, JSON and browsers take alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Moment(i64);

/// The first and last years a moment may be written in: a save from before computers or
/// after ten thousand years is an edited one.
const YEARS: std::ops::RangeInclusive<i64> = 1970..=9999;

impl Moment {
    /// The moment `seconds` after 1970-01-01T00:00:00Z.
    pub fn from_unix(seconds: i64) -> Moment {
        Moment(seconds)
    }

    pub fn unix(self) -> i64 {
        self.0
    }

    /// `time` to the second; a time before 1970 (a broken system clock) counts as 1970.
    pub fn from_system(time: SystemTime) -> Moment {
        let seconds = time
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_secs());
        Moment(i64::try_from(seconds).unwrap_or(i64::MAX))
    }

    /// Seconds from `earlier` to this moment; none when `earlier` is later.
    pub fn seconds_since(self, earlier: Moment) -> i64 {
        self.0.saturating_sub(earlier.0).max(0)
    }

    /// The day, `2026-11-27`.
    pub fn date(self) -> String {
        let (year, month, day) = civil_from_days(self.0.div_euclid(DAY));
        format!("{year:04}-{month:02}-{day:02}")
    }
}

const DAY: i64 = 86_400;

impl fmt::Display for Moment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seconds = self.0.rem_euclid(DAY);
        write!(
            f,
            "{}T{:02}:{:02}:{:02}Z",
            self.date(),
            seconds / 3600,
            seconds / 60 % 60,
            seconds % 60
        )
    }
}

/// Why a time was not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a time in UTC written like 2026-11-27T14:05:09Z")]
pub struct NotAMoment(String);

impl FromStr for Moment {
    type Err = NotAMoment;

    fn from_str(text: &str) -> Result<Moment, NotAMoment> {
        let wrong = || NotAMoment(text.chars().take(40).collect());
        let bytes = text.as_bytes();
        let shape_ok = bytes.len() == 20
            && bytes.iter().enumerate().all(|(i, b)| match i {
                4 | 7 => *b == b'-',
                10 => *b == b'T',
                13 | 16 => *b == b':',
                19 => *b == b'Z',
                _ => b.is_ascii_digit(),
            });
        if !shape_ok {
            return Err(wrong());
        }
        let number = |range: std::ops::Range<usize>| -> i64 { text[range].parse().unwrap_or(-1) };
        let (year, month, day) = (number(0..4), number(5..7), number(8..10));
        let (hour, minute, second) = (number(11..13), number(14..16), number(17..19));
        let days_in_month = match month {
            2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            1..=12 => 31,
            _ => 0,
        };
        if !YEARS.contains(&year)
            || !(1..=days_in_month).contains(&day)
            || hour > 23
            || minute > 59
            || second > 59
        {
            return Err(wrong());
        }
        let days = days_from_civil(year, month, day);
        Ok(Moment(days * DAY + hour * 3600 + minute * 60 + second))
    }
}

impl Serialize for Moment {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Moment {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Moment, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Days since 1970-01-01 of a date in the proleptic Gregorian calendar (H. Hinnant's
/// `days_from_civil`, public domain).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month_from_march = (month + 9) % 12;
    let day_of_year = (153 * month_from_march + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// The date of a count of days since 1970-01-01: [`days_from_civil`] undone.
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let days = days + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// The longest length of time a referee may give: a weekend's campaign game, with room.
pub const MAX_HOURS: i64 = 99;

/// Why a length of time was not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LengthProblem {
    #[error("\"{0}\" is not a length of time: write it like 4h, 90m or 1h30m")]
    Unreadable(String),
    #[error("{0} is longer than {MAX_HOURS} hours")]
    TooLong(String),
}

/// A length of time as a referee writes it, in seconds: `4h`, `90m`, `1h30m`, `1h30`
/// (minutes after the hours), `2h 15m`; a bare number is minutes.
pub fn parse_length(text: &str) -> Result<i64, LengthProblem> {
    let unreadable = || LengthProblem::Unreadable(text.chars().take(40).collect());
    let compact: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let (hours, minutes) = match compact.split_once('h') {
        Some((hours, rest)) => (hours, rest.strip_suffix('m').unwrap_or(rest)),
        None => ("", compact.strip_suffix('m').unwrap_or(&compact)),
    };
    let whole = |digits: &str| -> Option<i64> {
        if digits.is_empty() {
            return Some(0);
        }
        (digits.len() <= 6 && digits.bytes().all(|b| b.is_ascii_digit()))
            .then(|| digits.parse().ok())
            .flatten()
    };
    let no_digits = hours.is_empty() && minutes.is_empty();
    if compact.is_empty() || no_digits || compact.starts_with('h') || compact.ends_with("hm") {
        return Err(unreadable());
    }
    let (Some(hours), Some(minutes)) = (whole(hours), whole(minutes)) else {
        return Err(unreadable());
    };
    let seconds = hours * 3600 + minutes * 60;
    if seconds > MAX_HOURS * 3600 {
        return Err(LengthProblem::TooLong(text.trim().to_owned()));
    }
    Ok(seconds)
}

/// A length of time to the minute, counted down: `3h05m`, `45m`, `0m`. A part minute
/// counts as none, so that what is played and what is left add up to the slot when one
/// is rounded with [`length_up`].
pub fn length(seconds: i64) -> String {
    let minutes = seconds.max(0) / 60;
    if minutes < 60 {
        format!("{minutes}m")
    } else {
        format!("{}h{:02}m", minutes / 60, minutes % 60)
    }
}

/// [`length`] with a part minute counted whole: what is left of a slot, which says `1m`
/// until the last second is gone.
pub fn length_up(seconds: i64) -> String {
    length(seconds.max(0).saturating_add(59))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_moment_is_written_in_utc_to_the_second() {
        // 1,795,752,012 s after the epoch: 20,784 days (2026-11-27) and 14,412 s (04:00:12).
        let moment = Moment::from_unix(20_784 * 86_400 + 4 * 3600 + 12);
        assert_eq!(moment.to_string(), "2026-11-27T04:00:12Z");
        assert_eq!(moment.date(), "2026-11-27");
        assert_eq!("2026-11-27T04:00:12Z".parse(), Ok(moment));
        assert_eq!(Moment::from_unix(0).to_string(), "1970-01-01T00:00:00Z");
        assert_eq!(
            "2024-02-29T23:59:59Z".parse::<Moment>().map(Moment::date),
            Ok("2024-02-29".to_owned())
        );
    }

    #[test]
    fn a_malformed_moment_is_refused() {
        for text in [
            "",
            "2026-11-27",
            "2026-11-27 04:00:12Z",
            "2026-11-27T04:00:12",
            "2026-11-27T04:00:12+01:00",
            "2025-02-29T00:00:00Z",
            "2026-13-01T00:00:00Z",
            "2026-11-27T24:00:00Z",
            "1969-12-31T23:59:59Z",
            "2026-11-2xT04:00:12Z",
            "２026-11-27T04:00:12Z",
        ] {
            assert!(text.parse::<Moment>().is_err(), "{text:?} was read");
        }
    }

    #[test]
    fn lengths_are_read_as_a_referee_writes_them() {
        for (text, minutes) in [
            ("4h", 240),
            ("90m", 90),
            ("90", 90),
            ("1h30m", 90),
            ("1h30", 90),
            ("2h 15m", 135),
            ("0m", 0),
            ("99h", 99 * 60),
        ] {
            assert_eq!(parse_length(text), Ok(minutes * 60), "{text}");
        }
        for text in [
            "", "h", "m", "hm", "4x", "-1h", "1.5h", "h30", "4hm", "1m30h",
        ] {
            assert!(
                matches!(parse_length(text), Err(LengthProblem::Unreadable(_))),
                "{text:?}"
            );
        }
        assert_eq!(
            parse_length("100h"),
            Err(LengthProblem::TooLong("100h".to_owned()))
        );
    }

    #[test]
    fn lengths_are_written_to_the_minute() {
        assert_eq!(length(0), "0m");
        assert_eq!(length(59), "0m");
        assert_eq!(length(45 * 60 + 59), "45m");
        assert_eq!(length(3 * 3600 + 5 * 60), "3h05m");
        assert_eq!(length(-600), "0m");
        assert_eq!(length_up(1), "1m");
        assert_eq!(length_up(60), "1m");
        assert_eq!(length_up(61), "2m");
    }

    proptest! {
        #[test]
        fn a_moment_reads_back_as_written(seconds in 0_i64..253_402_300_800) {
            let moment = Moment::from_unix(seconds);
            prop_assert_eq!(moment.to_string().parse::<Moment>(), Ok(moment));
        }

        #[test]
        fn played_and_left_add_up_to_the_slot(slot in 1_i64..6000, played in 0_i64..360_000) {
            let played = played % (slot * 60);
            let minutes = |text: String| -> i64 {
                let (hours, minutes) = text.trim_end_matches('m').split_once('h').unwrap_or(("0", &text[..text.len() - 1]));
                hours.parse::<i64>().unwrap() * 60 + minutes.trim_end_matches('m').parse::<i64>().unwrap()
            };
            prop_assert_eq!(minutes(length(played)) + minutes(length_up(slot * 60 - played)), slot);
        }
    }
}
