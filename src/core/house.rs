//! House rules: a club's own values for a ruleset's chart numbers, in force while a game's
//! rules read them.
//!
//! The rules read a number as `SHAKEN.value()` in a few hundred places, many in pure
//! functions far from the game's state. Rather than thread the house rules through every
//! one of them and their tests, the game puts its house rules in force around each call
//! into its ruleset ([`in_force`]), and [`crate::core::chart::Number::value`] reads them.
//! They are a value of the game's state, set by the scenario and the log like everything
//! else, so a replay reads the same numbers and the rules stay deterministic; outside any
//! game (the charts on their own, a rules test) the book's values are read.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// The values a game's house rules give some of its ruleset's numbers, by the numbers'
/// names (`shooting-test.shaken`). A number not named keeps the book's value.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HouseRules {
    values: BTreeMap<&'static str, i32>,
}

impl HouseRules {
    /// No house rules: the book as written.
    pub fn none() -> HouseRules {
        HouseRules::default()
    }

    /// The house's value for the number named `name`.
    pub fn set(&mut self, name: &'static str, value: i32) {
        self.values.insert(name, value);
    }

    /// The number named `name` reads the book's value again.
    pub fn unset(&mut self, name: &str) {
        self.values.remove(name);
    }

    /// The house's value for the number named `name`, if it gives one.
    pub fn get(&self, name: &str) -> Option<i32> {
        self.values.get(name).copied()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Each number the house gives a value, by name, in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, i32)> + '_ {
        self.values.iter().map(|(name, value)| (*name, *value))
    }
}

thread_local! {
    /// The house rules the rules read now, while a game calls into its ruleset.
    static IN_FORCE: RefCell<Option<Arc<HouseRules>>> = const { RefCell::new(None) };
}

/// Runs `read` with `rules` in force: every number it reads has the house's value where
/// the house gives one. The rules in force before are back when `read` returns or panics,
/// so calls nest (a game's check asking its ruleset's need).
pub fn in_force<T>(rules: &Arc<HouseRules>, read: impl FnOnce() -> T) -> T {
    let now = (!rules.is_empty()).then(|| Arc::clone(rules));
    let _restore = Restore(IN_FORCE.replace(now));
    read()
}

/// Puts back the house rules that were in force, on the way out of [`in_force`].
struct Restore(Option<Arc<HouseRules>>);

impl Drop for Restore {
    fn drop(&mut self) {
        IN_FORCE.set(self.0.take());
    }
}

thread_local! {
    /// The numbers a house rule changed that the work being watched read, and those whose
    /// change a reason told ([`untold_reads`]).
    static WATCHED: RefCell<Option<Watched>> = const { RefCell::new(None) };
}

#[derive(Default)]
struct Watched {
    /// Each number read, by name, with the book's value.
    read: BTreeMap<&'static str, i32>,
    told: BTreeSet<&'static str>,
}

/// Runs `work`, and gives with its result each number a house rule changed that it read
/// but whose change no reason it wrote told ([`crate::core::chart::Number::marked`]): a
/// threshold compared, a count or a reach, whose value a result shows without its name.
/// Each is its name and the book's value. Watches nest: an inner watch's reads are the
/// outer's, which alone reports them.
pub fn untold_reads<T>(work: impl FnOnce() -> T) -> (T, Vec<(&'static str, i32)>) {
    if WATCHED.with_borrow(Option::is_some) {
        return (work(), Vec::new());
    }
    let _restore = StopWatching(WATCHED.replace(Some(Watched::default())));
    let result = work();
    let watched = WATCHED.take().unwrap_or_default();
    let untold = watched
        .read
        .into_iter()
        .filter(|(name, _)| !watched.told.contains(name))
        .collect();
    (result, untold)
}

/// Runs `work` outside any watch of [`untold_reads`]: what it reads is no part of the
/// watched result (a reminder worked out on the way).
pub fn unwatched<T>(work: impl FnOnce() -> T) -> T {
    let _restore = StopWatching(WATCHED.take());
    work()
}

/// Puts back what was watched before, on the way out of [`untold_reads`] or [`unwatched`].
struct StopWatching(Option<Watched>);

impl Drop for StopWatching {
    fn drop(&mut self) {
        WATCHED.set(self.0.take());
    }
}

/// The number named `name`, whose book value `book` a house rule changed, was read.
pub(crate) fn note_read(name: &'static str, book: i32) {
    WATCHED.with_borrow_mut(|watched| {
        if let Some(watched) = watched {
            watched.read.insert(name, book);
        }
    });
}

/// A reason told that the number named `name` is the house's.
pub(crate) fn note_told(name: &'static str) {
    WATCHED.with_borrow_mut(|watched| {
        if let Some(watched) = watched {
            watched.told.insert(name);
        }
    });
}

/// Whether any house rules are in force now: a game played by the book has none.
pub(crate) fn any_in_force() -> bool {
    IN_FORCE.with_borrow(Option::is_some)
}

/// The value the house rules in force give the number named `name`, if any.
pub(crate) fn house_value(name: &str) -> Option<i32> {
    IN_FORCE.with_borrow(|rules| rules.as_ref().and_then(|rules| rules.get(name)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shaken_at(value: i32) -> Arc<HouseRules> {
        let mut rules = HouseRules::none();
        rules.set("shooting-test.shaken", value);
        Arc::new(rules)
    }

    #[test]
    fn a_house_value_is_read_only_while_in_force() {
        assert_eq!(house_value("shooting-test.shaken"), None);
        let seen = in_force(&shaken_at(-1), || house_value("shooting-test.shaken"));
        assert_eq!(seen, Some(-1));
        assert_eq!(house_value("shooting-test.shaken"), None, "put back after");
    }

    #[test]
    fn calls_nest_and_each_puts_back_the_one_before() {
        let inner = in_force(&shaken_at(-1), || {
            let inner = in_force(&shaken_at(0), || house_value("shooting-test.shaken"));
            (inner, house_value("shooting-test.shaken"))
        });
        assert_eq!(inner, (Some(0), Some(-1)));
        let none = in_force(&shaken_at(-1), || {
            in_force(&Arc::new(HouseRules::none()), || {
                house_value("shooting-test.shaken")
            })
        });
        assert_eq!(none, None, "a game without house rules reads the book");
    }

    #[test]
    fn a_watch_gives_the_changed_numbers_read_and_not_told() {
        use crate::core::chart::{Number, Written};
        const SHAKEN: Number = Number {
            name: "shooting-test.shaken",
            book: -2,
        };
        const EACH_HIT: Number = Number {
            name: "shooting-test.each-hit",
            book: -1,
        };
        let mut rules = HouseRules::none();
        rules.set(SHAKEN.name, -1);
        rules.set(EACH_HIT.name, 0);
        let rules = Arc::new(rules);
        let ((), untold) = in_force(&rules, || {
            untold_reads(|| {
                let _ = SHAKEN.value() + EACH_HIT.value();
                let _ = EACH_HIT.marked("each hit", Written::Signed);
            })
        });
        assert_eq!(untold, [("shooting-test.shaken", -2)]);
        let ((), nested) = in_force(&rules, || {
            untold_reads(|| {
                let (_, inner) = untold_reads(|| SHAKEN.value());
                assert!(inner.is_empty(), "the outer watch reports");
            })
        });
        assert_eq!(nested, [("shooting-test.shaken", -2)]);
        let ((), reminded) = in_force(&rules, || {
            untold_reads(|| {
                unwatched(|| SHAKEN.value());
                EACH_HIT.value();
            })
        });
        assert_eq!(
            reminded,
            [("shooting-test.each-hit", -1)],
            "unwatched reads left out"
        );
        let (_, book) = untold_reads(|| SHAKEN.value());
        assert!(book.is_empty(), "the book's values are no house rule");
    }

    #[test]
    fn a_panic_inside_puts_the_rules_back() {
        let caught = std::panic::catch_unwind(|| {
            in_force(&shaken_at(-1), || panic!("a rule that panics"));
        });
        assert!(caught.is_err());
        assert_eq!(house_value("shooting-test.shaken"), None);
    }
}
