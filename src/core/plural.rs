//! A count and its noun, agreeing: "1 hit", "2 hits", "0 hits", "1 die", "3 dice".
//!
//! Every message that counts something says it through here, so none reads "1 points" or
//! "hit(s)".

use std::fmt::Display;

/// `count` and `noun` (given in the singular), the noun plural unless the count is one:
/// "1 hit", "2 hits", "0 hits".
pub fn counted<N>(count: N, noun: &str) -> String
where
    N: Copy + Display + TryInto<i64>,
{
    format!("{count} {}", agreeing(count, noun))
}

/// `noun` (given in the singular) as `count` of it takes it: "hit" for one, "hits" for any
/// other number; "die" and "dice"; "six" and "sixes".
pub fn agreeing<N>(count: N, noun: &str) -> String
where
    N: TryInto<i64>,
{
    if count.try_into().ok() == Some(1) {
        return noun.to_owned();
    }
    // The rulesets' few irregular nouns.
    match noun {
        "die" => "dice".to_owned(),
        _ if ["s", "x", "ch", "sh"].iter().any(|end| noun.ends_with(end)) => format!("{noun}es"),
        _ => format!("{noun}s"),
    }
}

/// `count` in words where a sentence writes it so ("two gunners"), one to twelve; in
/// figures beyond.
pub fn in_words(count: u32) -> String {
    const WORDS: [&str; 13] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    usize::try_from(count)
        .ok()
        .and_then(|n| WORDS.get(n))
        .map_or_else(|| count.to_string(), |word| (*word).to_owned())
}

/// `count` in words and `noun` agreeing with it: "two gunners", "one gunner".
pub fn counted_in_words(count: u32, noun: &str) -> String {
    format!("{} {}", in_words(count), agreeing(count, noun))
}

/// The indefinite article for `word`, by its first letter: "an army", "a corps",
/// "an Old Trousers II". Enough for the game's own words, which have no silent h.
pub fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    }
}

#[cfg(test)]
mod tests {
    use super::{agreeing, counted, counted_in_words, in_words};

    #[test]
    fn small_counts_are_words_and_larger_ones_figures() {
        assert_eq!(counted_in_words(2, "gunner"), "two gunners");
        assert_eq!(counted_in_words(1, "gunner"), "one gunner");
        assert_eq!(counted_in_words(0, "gunner"), "no gunners");
        assert_eq!(in_words(12), "twelve");
        assert_eq!(in_words(13), "13");
    }

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1_u32, "hit"), "1 hit");
        assert_eq!(counted(2_u32, "hit"), "2 hits");
        assert_eq!(counted(0_u32, "hit"), "0 hits");
        assert_eq!(counted(1_usize, "point"), "1 point");
        assert_eq!(counted(12_i32, "point"), "12 points");
    }

    #[test]
    fn irregular_nouns_take_their_own_plural() {
        assert_eq!(counted(1_u8, "die"), "1 die");
        assert_eq!(counted(3_u8, "die"), "3 dice");
        assert_eq!(counted(2_u32, "six"), "2 sixes");
        assert_eq!(agreeing(1_u32, "six"), "six");
        assert_eq!(agreeing(4_usize, "figure"), "figures");
    }
}
