//! *Army Morale* (optional rule): when an army's will to fight breaks. It is one of the
//! shared optional rules (`OptionalRule::ArmyMorale`): a ruleset offers it by listing it,
//! as *Sound the Charge* does, and the game judges it at each turn's end.

/// How an army stands at the end of a turn: its units at the start of the battle, and how
/// many of them are eliminated (shattered, destroyed, off the table) or shaken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArmyStanding {
    pub units: u32,
    pub shaken_or_gone: u32,
}

impl ArmyStanding {
    /// "Half or more of its units": the count at which the army breaks.
    pub fn breaks_at(self) -> u32 {
        self.units.div_ceil(2)
    }

    pub fn would_break(self) -> bool {
        self.units > 0 && self.shaken_or_gone >= self.breaks_at()
    }
}

/// Which armies break at the end of a turn, given which would: when both would, only the
/// passive side breaks and the active side holds. Returns (active breaks, passive breaks).
pub fn armies_breaking(active: ArmyStanding, passive: ArmyStanding) -> (bool, bool) {
    let passive_breaks = passive.would_break();
    (active.would_break() && !passive_breaks, passive_breaks)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn army(units: u32, shaken_or_gone: u32) -> ArmyStanding {
        ArmyStanding {
            units,
            shaken_or_gone,
        }
    }

    #[test]
    fn fourteen_units_break_at_seven_shaken_or_gone() {
        // *Army Morale*: "half or more of its units". 14 units: 7 breaks, 6 holds.
        assert_eq!(army(14, 0).breaks_at(), 7);
        assert!(army(14, 7).would_break());
        assert!(!army(14, 6).would_break());
    }

    #[test]
    fn an_odd_army_breaks_at_the_half_rounded_up() {
        // 3 units: half is 1.5, so "half or more" is 2; 1 of 3 is less than half.
        assert_eq!(army(3, 0).breaks_at(), 2);
        assert!(!army(3, 1).would_break());
        assert!(army(3, 2).would_break());
    }

    #[test]
    fn an_empty_army_never_breaks() {
        assert!(!army(0, 0).would_break());
    }

    #[test]
    fn when_both_would_break_only_the_passive_side_does() {
        // *Army Morale*: "the passive side's morale breaks but the active side's holds".
        assert_eq!(armies_breaking(army(4, 2), army(4, 3)), (false, true));
        assert_eq!(armies_breaking(army(4, 2), army(4, 1)), (true, false));
        assert_eq!(armies_breaking(army(4, 1), army(4, 1)), (false, false));
    }
}
