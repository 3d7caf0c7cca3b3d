//! How many cases a property test runs.

use proptest::test_runner::Config as ProptestConfig;

/// `PROPTEST_CASES` if set (proptest's default config reads it), else `quick`.
///
/// `ProptestConfig::with_cases(n)` would ignore the variable, so a long run
/// (`PROPTEST_CASES=20000 cargo test --release --test …`) could not turn the count up.
/// Everything else is proptest's default; a file that needs another setting (a shorter
/// shrink, say) overrides it on the config this returns.
pub fn cases(quick: u32) -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = quick;
    }
    config
}
