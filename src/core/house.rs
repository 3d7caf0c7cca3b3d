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
use std::collections::BTreeMap;
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
    fn a_panic_inside_puts_the_rules_back() {
        let caught = std::panic::catch_unwind(|| {
            in_force(&shaken_at(-1), || panic!("a rule that panics"));
        });
        assert!(caught.is_err());
        assert_eq!(house_value("shooting-test.shaken"), None);
    }
}
