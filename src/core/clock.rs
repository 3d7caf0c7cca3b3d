//! The clock of a convention slot: how long the game has run (pauses left out), how long
//! is left, each side's share and the pace in turns.
//!
//! It moves only by the moments the log records (each entry's time, given in before its
//! events) and by the clock's own commands, so a replay, an undo or a save resumed the
//! next day rebuilds it exactly; the time *now* comes in only to read it.

use super::moment::Moment;

/// The clock as the log has left it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SlotClock {
    /// The slot's length; a `clock left` moves it so that what is left is what was said.
    slot: Option<i64>,
    /// The first moment the log recorded, and the turn it was in.
    started: Option<(Moment, u32)>,
    /// The latest moment the log recorded: the clock never runs back before it.
    last: Option<Moment>,
    /// Seconds run before `running_since`, or all of them while paused.
    banked: i64,
    /// When the clock last started running; none while paused or before it starts.
    running_since: Option<Moment>,
    paused: bool,
    /// What is left when the checklist warns.
    warn: Option<i64>,
    /// The seconds run when each turn after the clock's first began, with the turn.
    turn_starts: Vec<(u32, i64)>,
    /// The seconds each side has been the active side while the clock ran, by the order
    /// of the game's sides.
    sides: Vec<i64>,
    /// A chess clock's allowance for each side, whose own time runs while it is active.
    side_allowance: Option<i64>,
}

/// What the clock says at a moment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClockReading {
    /// When the game's first command was given.
    pub started: Option<Moment>,
    /// Seconds run, pauses left out.
    pub played: i64,
    /// Seconds left of the slot, below none once it is over; none without a slot.
    pub left: Option<i64>,
    pub paused: bool,
    /// The mean seconds a turn has taken, once a turn has ended under the clock.
    pub per_turn: Option<i64>,
    /// The last turn the game will begin before the slot ends, at that pace.
    pub reaches: Option<u32>,
    /// Whether what is left is at or under the referee's warning.
    pub warning: bool,
    pub warn: Option<i64>,
    /// Seconds each side has been the active side, in the order of the game's sides.
    pub sides: Vec<i64>,
    /// Under a chess clock, each side's seconds left of its allowance (below none once
    /// spent), in the same order.
    pub sides_left: Option<Vec<i64>>,
}

impl SlotClock {
    /// A clock not yet started, for a slot of `slot` seconds (none: no slot, the clock
    /// only counts), shared by `sides` sides.
    pub fn new(slot: Option<i64>, sides: usize) -> SlotClock {
        SlotClock {
            slot,
            sides: vec![0; sides],
            ..SlotClock::default()
        }
    }

    /// The log reached `at`, in `turn`, with the side at `active` (its index) the one
    /// whose time was running: the first moment starts the clock.
    pub fn pass_to(&mut self, at: Moment, turn: u32, active: usize) {
        // A laptop's clock set back must not give time back or charge it twice.
        let at = self.last.map_or(at, |last| at.max(last));
        match (self.started, self.last) {
            (None, _) => {
                self.started = Some((at, turn));
                if !self.paused {
                    self.running_since = Some(at);
                }
            }
            (Some(_), Some(last)) if self.running_since.is_some() => {
                if let Some(side) = self.sides.get_mut(active) {
                    *side += at.seconds_since(last);
                }
            }
            _ => {}
        }
        self.last = Some(at);
    }

    /// Seconds run by `at`, which is no earlier than the last moment recorded.
    fn played_at(&self, at: Moment) -> i64 {
        self.banked
            + self
                .running_since
                .map_or(0, |since| at.seconds_since(since))
    }

    /// Seconds run by the last moment the log recorded.
    fn played_by_last(&self) -> i64 {
        self.last.map_or(self.banked, |last| self.played_at(last))
    }

    pub fn paused(&self) -> bool {
        self.paused
    }

    pub fn slot(&self) -> Option<i64> {
        self.slot
    }

    pub fn warn(&self) -> Option<i64> {
        self.warn
    }

    /// Stopped at the last moment recorded (the pause's own).
    pub fn pause(&mut self) {
        self.banked = self.played_by_last();
        self.running_since = None;
        self.paused = true;
    }

    /// Running again from the last moment recorded; a clock not yet started starts with
    /// the next moment.
    pub fn resume(&mut self) {
        self.paused = false;
        self.running_since = self.last;
    }

    /// The slot moved so that `left` seconds are left at the last moment recorded.
    pub fn set_left(&mut self, left: i64) {
        self.slot = Some(self.played_by_last().saturating_add(left));
    }

    pub fn set_warn(&mut self, warn: Option<i64>) {
        self.warn = warn;
    }

    pub fn side_allowance(&self) -> Option<i64> {
        self.side_allowance
    }

    /// A chess clock: each side may be the active side for `allowance` seconds in all.
    pub fn set_side_allowance(&mut self, allowance: Option<i64>) {
        self.side_allowance = allowance;
    }

    /// The game moved into `turn` at the last moment recorded.
    pub fn turn_began(&mut self, turn: u32) {
        if self.started.is_some() {
            self.turn_starts.push((turn, self.played_by_last()));
        }
    }

    /// What the clock said at the last moment the log recorded: the game's last command.
    pub fn as_logged(&self, turn: u32, active: usize) -> ClockReading {
        self.reading(self.last.unwrap_or(Moment::from_unix(0)), turn, active)
    }

    /// What the clock says at `now`, with the side at `active` holding the time since the
    /// last entry. A `now` before the last entry (a clock set back) reads as that entry.
    pub fn reading(&self, now: Moment, turn: u32, active: usize) -> ClockReading {
        let now = self.last.map_or(now, |last| now.max(last));
        let played = if self.started.is_some() {
            self.played_at(now)
        } else {
            self.banked
        };
        let left = self.slot.map(|slot| slot - played);
        let mut sides = self.sides.clone();
        if let (Some(last), Some(side)) = (self.last, sides.get_mut(active))
            && self.running_since.is_some()
        {
            *side += now.seconds_since(last);
        }
        let per_turn = self.per_turn();
        let sides_left = self
            .side_allowance
            .map(|allowance| sides.iter().map(|used| allowance - used).collect());
        ClockReading {
            started: self.started.map(|(at, _)| at),
            played,
            left,
            paused: self.paused,
            per_turn,
            reaches: self.reaches(turn, per_turn),
            warning: matches!((left, self.warn), (Some(left), Some(warn)) if left <= warn),
            warn: self.warn,
            sides,
            sides_left,
        }
    }

    /// The mean length of the turns ended under the clock: the turn it started in counts
    /// from its first command.
    fn per_turn(&self) -> Option<i64> {
        let (_, first_turn) = self.started?;
        let &(turn, played) = self.turn_starts.last()?;
        let turns = i64::from(turn.checked_sub(first_turn)?);
        (turns > 0 && played > 0).then(|| played / turns)
    }

    /// The last turn that begins before the slot ends, each turn taking `per_turn` from
    /// the start of the current one (`turn`).
    fn reaches(&self, turn: u32, per_turn: Option<i64>) -> Option<u32> {
        let (slot, per_turn) = (self.slot?, per_turn?);
        let began = self
            .turn_starts
            .last()
            .filter(|(t, _)| *t == turn)
            .map_or(0, |(_, played)| *played);
        let room = slot - began;
        if room <= 0 {
            return Some(turn);
        }
        // Turn `turn + j` begins at `began + j * per_turn`, which must be before the end.
        let more = (room - 1) / per_turn;
        Some(turn.saturating_add(u32::try_from(more).unwrap_or(u32::MAX)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const MIN: i64 = 60;

    fn at(minutes: i64) -> Moment {
        Moment::from_unix(1_800_000_000 + minutes * MIN)
    }

    #[test]
    fn the_clock_starts_with_the_first_moment_and_counts_the_slot_down() {
        let mut clock = SlotClock::new(Some(240 * MIN), 2);
        assert_eq!(clock.reading(at(0), 1, 0).played, 0, "not started");
        assert_eq!(clock.reading(at(500), 1, 0).left, Some(240 * MIN));
        clock.pass_to(at(10), 1, 0);
        let reading = clock.reading(at(40), 1, 0);
        assert_eq!(reading.started, Some(at(10)));
        assert_eq!(reading.played, 30 * MIN);
        assert_eq!(reading.left, Some(210 * MIN));
        assert_eq!(reading.sides, vec![30 * MIN, 0]);
        // Past the slot, what is left is below nothing.
        assert_eq!(clock.reading(at(260), 1, 0).left, Some(-10 * MIN));
    }

    #[test]
    fn a_pause_stops_the_clock_and_the_sides() {
        let mut clock = SlotClock::new(Some(240 * MIN), 2);
        clock.pass_to(at(0), 1, 0);
        clock.pass_to(at(20), 1, 0);
        clock.pause();
        // Lunch: an hour with the clock stopped.
        assert_eq!(clock.reading(at(80), 1, 1).played, 20 * MIN);
        clock.pass_to(at(80), 1, 1);
        clock.resume();
        clock.pass_to(at(95), 1, 1);
        let reading = clock.reading(at(100), 1, 1);
        assert_eq!(reading.played, 40 * MIN, "20 before lunch, 20 after");
        assert_eq!(reading.sides, vec![20 * MIN, 20 * MIN]);
        assert_eq!(reading.left, Some(200 * MIN));
    }

    #[test]
    fn a_clock_set_back_gives_no_time_back() {
        let mut clock = SlotClock::new(None, 1);
        clock.pass_to(at(30), 1, 0);
        clock.pass_to(at(10), 1, 0);
        assert_eq!(clock.reading(at(5), 1, 0).played, 0);
        assert_eq!(clock.reading(at(45), 1, 0).played, 15 * MIN);
    }

    #[test]
    fn left_and_warn_are_the_referees_to_set() {
        let mut clock = SlotClock::new(None, 2);
        clock.pass_to(at(0), 1, 0);
        clock.pass_to(at(50), 1, 0);
        clock.set_left(60 * MIN);
        clock.set_warn(Some(30 * MIN));
        let reading = clock.reading(at(70), 1, 0);
        assert_eq!((reading.left, reading.warning), (Some(40 * MIN), false));
        let reading = clock.reading(at(80), 1, 0);
        assert_eq!((reading.left, reading.warning), (Some(30 * MIN), true));
    }

    #[test]
    fn the_pace_tells_the_turn_the_slot_reaches() {
        // A 4-hour slot; turns 1 and 2 took 50 minutes each; turn 3 began at 1h40m.
        let mut clock = SlotClock::new(Some(240 * MIN), 2);
        clock.pass_to(at(0), 1, 0);
        clock.pass_to(at(50), 1, 0);
        clock.turn_began(2);
        clock.pass_to(at(100), 2, 0);
        clock.turn_began(3);
        let reading = clock.reading(at(110), 3, 0);
        assert_eq!(reading.per_turn, Some(50 * MIN));
        // 140 minutes from turn 3's start: turns 4 (at 150), 5 (200) begin; 6 (250) not.
        assert_eq!(reading.reaches, Some(5));
    }

    #[test]
    fn a_chess_clock_runs_the_active_sides_allowance_down() {
        let mut clock = SlotClock::new(None, 2);
        clock.set_side_allowance(Some(60 * MIN));
        clock.pass_to(at(0), 1, 0);
        clock.pass_to(at(40), 1, 0);
        // The second side has been active since 40.
        let reading = clock.reading(at(55), 1, 1);
        assert_eq!(reading.sides_left, Some(vec![20 * MIN, 45 * MIN]));
        assert_eq!(
            clock.reading(at(130), 1, 1).sides_left.unwrap()[1],
            -30 * MIN
        );
    }

    #[test]
    fn no_pace_before_a_turn_has_ended() {
        let mut clock = SlotClock::new(Some(240 * MIN), 2);
        clock.pass_to(at(0), 1, 0);
        let reading = clock.reading(at(30), 1, 0);
        assert_eq!((reading.per_turn, reading.reaches), (None, None));
    }

    proptest! {
        /// Whatever the entries and pauses, what is played is the time between the first
        /// moment and now less the pauses, and the sides share exactly that.
        #[test]
        fn played_is_the_running_time_and_the_sides_share_it(
            steps in proptest::collection::vec((0_i64..120, any::<bool>(), 0_usize..2), 1..40),
            tail in 0_i64..120,
        ) {
            let mut clock = SlotClock::new(Some(600 * MIN), 2);
            let (mut now, mut running, mut played, mut active) = (0, true, 0, 0);
            clock.pass_to(at(0), 1, 0);
            for (gap, toggle, side) in steps {
                now += gap;
                if running {
                    played += gap * MIN;
                }
                clock.pass_to(at(now), 1, active);
                if toggle {
                    if running { clock.pause() } else { clock.resume() }
                    running = !running;
                }
                active = side;
            }
            if running {
                played += tail * MIN;
            }
            let reading = clock.reading(at(now + tail), 1, active);
            prop_assert_eq!(reading.played, played);
            prop_assert_eq!(reading.sides.iter().sum::<i64>(), played);
            prop_assert_eq!(reading.left, Some(600 * MIN - played));
        }
    }
}
