//! A ruleset's chart numbers, written once: the rules add them to a roll, and the quick
//! reference prints them from the same place, so the two can never disagree. A chart is
//! data too ([`Chart`]): each ruleset keeps its charts in its own folder.

use crate::core::house::{any_in_force, house_value, note_read, note_told};
use std::borrow::Cow;

/// The widest a chart line may be.
pub const WIDTH: usize = 46;

/// What part of the game a chart serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Topic {
    Sequence,
    Movement,
    Shooting,
    Morale,
    Rally,
    Combat,
    Generals,
    ArmyMorale,
    Optional,
    National,
}

impl Topic {
    pub fn word(self) -> &'static str {
        match self {
            Topic::Sequence => "sequence",
            Topic::Movement => "movement",
            Topic::Shooting => "shooting",
            Topic::Morale => "morale",
            Topic::Rally => "rally",
            Topic::Combat => "combat",
            Topic::Generals => "generals",
            Topic::ArmyMorale => "army morale",
            Topic::Optional => "optional",
            Topic::National => "national",
        }
    }
}

/// One chart: a title and a few lines of aligned text.
#[derive(Debug, Clone, Copy)]
pub struct Chart {
    /// Unique and stable, for linking a chart from elsewhere on the screen.
    pub id: &'static str,
    pub title: &'static str,
    pub topic: Topic,
    /// Words a referee might type that the title does not hold.
    pub keywords: &'static [&'static str],
    pub lines: &'static [Line],
}

impl Chart {
    /// The chart's lines as printed, each number read from where the rules keep it. Under
    /// house rules a number the house changed is marked `*`, and a line after the chart
    /// gives the book's value for each (`* shooting-test.shaken: book -2`).
    pub fn text(&self) -> impl Iterator<Item = Cow<'static, str>> + '_ {
        self.lines
            .iter()
            .map(Line::text)
            .chain(self.house_notes().into_iter().map(Cow::Owned))
    }

    /// A line for each number of the chart a house rule in force changed, with the book's
    /// value, in the order printed.
    fn house_notes(&self) -> Vec<String> {
        let mut notes: Vec<String> = Vec::new();
        // The book's charts, drawn every frame the window is open, need no look.
        if !any_in_force() {
            return notes;
        }
        for (number, written) in self.lines.iter().flat_map(Line::numbers) {
            let Some(book) = number.book_changed() else {
                continue;
            };
            let note = format!("{HOUSE_MARK} {}: book {}", number.name, written.show(book));
            if !notes.contains(&note) {
                notes.push(note);
            }
        }
        notes
    }
}

/// What marks a number a house rule changed, where a chart prints it.
const HOUSE_MARK: char = '*';

/// `value` as printed (or a row ending in it), marked when the house rules in force
/// changed `number`.
fn marked_value(number: &Number, value: String) -> String {
    if number.book_changed().is_some() {
        format!("{value}{HOUSE_MARK}")
    } else {
        value
    }
}

/// One number of a ruleset's charts: a modifier on a die, a score to reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Number {
    /// Unique within its ruleset and stable (`shooting-test.shaken`): how the number is
    /// named outside the code, and how house rules change it.
    pub name: &'static str,
    /// The book's value.
    pub book: i32,
}

impl Number {
    /// The value the rules apply: the house rules' in force, else the book's
    /// ([`crate::core::house`]).
    pub fn value(&self) -> i32 {
        match house_value(self.name) {
            Some(value) if value != self.book => {
                note_read(self.name, self.book);
                value
            }
            _ => self.book,
        }
    }

    /// The value as a count or a distance: inches, dice, men. A chart never gives a
    /// negative one; were one given, it counts as none.
    pub fn count(&self) -> u32 {
        self.value().try_into().unwrap_or(0)
    }

    /// The book's value, when the house rules in force give another.
    pub fn book_changed(&self) -> Option<i32> {
        let value = self.value();
        (value != self.book).then_some(self.book)
    }

    /// `reason` as a roll's reasons say it, marked when a house rule changed the number
    /// (`shaken (house rule; the book says -2)`), the book's value `written` as the charts
    /// write it.
    pub fn marked(&self, reason: impl Into<String>, written: Written) -> String {
        let reason = reason.into();
        match self.book_changed() {
            Some(book) => {
                note_told(self.name);
                format!(
                    "{reason} (house rule; the book says {})",
                    written.show(book)
                )
            }
            None => reason,
        }
    }
}

/// Dice for `figures` at a die per `per` figures, a remainder of `last` or more counting
/// as one die more (foot at a die per 4, a last 3 counting: 7 figures throw 2). A `per`
/// of none throws none.
pub fn dice_per(figures: u32, per: &Number, last: &Number) -> u32 {
    let (per, last) = (per.count(), last.count());
    if per == 0 {
        return 0;
    }
    let remainder = figures % per;
    figures / per + u32::from(remainder > 0 && remainder >= last)
}

/// How [`dice_per`] counts, as a roll's reasons say it: "a die per 4, a last 3 counts".
/// A count a house rule changed says so, as a modifier does.
pub fn dice_per_words(per: &Number, last: &Number) -> String {
    let per = per.marked(format!("a die per {}", per.value()), Written::AsIs);
    let last = last.marked(format!("a last {} counts", last.value()), Written::AsIs);
    format!("{per}, {last}")
}

/// The column a modifier's value ends at, so the signs line up down a chart.
pub const MODIFIER_END: usize = 39;

/// One line of a chart as the quick reference prints it.
#[derive(Debug, Clone, Copy)]
pub enum Line {
    /// Words as written.
    Text(&'static str),
    /// A modifier's row: its words, then its value, signed, ending at [`MODIFIER_END`]
    /// (`Shaken                               -2`).
    Modifier(&'static str, &'static Number),
    /// A value's row, unsigned, ending at [`MODIFIER_END`] (`Heavy cavalry     4`).
    Value(&'static str, &'static Number),
    /// Two modifiers sharing a row, their values joined by a slash
    /// (`Attacking soft / hard cover       -1/-2`).
    Modifiers(&'static str, &'static Number, &'static Number),
    /// Words with numbers in them: each `{}` is the next number, signed
    /// (`National: steady British foot {};` with +1). Some charts write a number
    /// otherwise: `{=}` as it is (a score to pass, `A {=}`), `{+}` signed even when
    /// nothing (`+0` in a list of grades).
    Sentence(&'static str, &'static [&'static Number]),
    /// A line the rules draw from a table of theirs, where a printed cell is worked out
    /// from the numbers rather than being one (a range's ends: `1-8   9-10  >10`).
    Drawn(fn() -> String),
    /// A drawn line that is the only one to print some numbers: it names them, so a house
    /// rule can (a threshold in a band's bounds: `4-6  stands firm`).
    DrawnFrom(fn() -> String, &'static [&'static Number]),
}

impl Line {
    /// The line as printed.
    pub fn text(&self) -> Cow<'static, str> {
        match *self {
            Line::Text(text) => Cow::Borrowed(text),
            // The mark goes past the value's column, so the values still line up.
            Line::Modifier(words, number) => {
                Cow::Owned(marked_value(number, row(words, &signed(number.value()))))
            }
            Line::Value(words, number) => Cow::Owned(marked_value(
                number,
                row(words, &number.value().to_string()),
            )),
            Line::Modifiers(words, first, second) => Cow::Owned(row(
                words,
                &format!(
                    "{}/{}",
                    marked_value(first, signed(first.value())),
                    marked_value(second, signed(second.value()))
                ),
            )),
            Line::Sentence(words, numbers) => Cow::Owned(sentence(words, numbers)),
            Line::Drawn(draw) | Line::DrawnFrom(draw, _) => Cow::Owned(draw()),
        }
    }
}

/// How the charts write a number: a modifier signed (`-2`, `+1`), a value (a score to
/// reach, a count, a distance) as it is. A house rule's value is refused when the kind
/// cannot hold it (a negative distance).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    Signed,
    AsIs,
}

impl Written {
    /// `value` as the charts write a number of this kind.
    pub fn show(self, value: i32) -> String {
        match self {
            Written::Signed => signed(value),
            Written::AsIs => value.to_string(),
        }
    }
}

impl Line {
    /// The numbers the line prints, in order, each as it writes it. A drawn line's are
    /// worked into its cells: only those it names are listed, as values.
    pub fn numbers(&self) -> Vec<(&'static Number, Written)> {
        match *self {
            Line::Text(_) | Line::Drawn(_) => Vec::new(),
            Line::DrawnFrom(_, numbers) => numbers
                .iter()
                .map(|number| (*number, Written::AsIs))
                .collect(),
            Line::Modifier(_, number) => vec![(number, Written::Signed)],
            Line::Value(_, number) => vec![(number, Written::AsIs)],
            Line::Modifiers(_, first, second) => {
                vec![(first, Written::Signed), (second, Written::Signed)]
            }
            Line::Sentence(words, numbers) => placeholders(words)
                .zip(numbers.iter().copied())
                .map(|(written, number)| (number, written))
                .collect(),
        }
    }
}

/// How each placeholder of a [`Line::Sentence`]'s words writes its number, in order.
fn placeholders(words: &str) -> impl Iterator<Item = Written> + '_ {
    words.match_indices('{').filter_map(|(at, _)| {
        let after = &words[at..];
        if after.starts_with("{}") || after.starts_with("{+}") {
            Some(Written::Signed)
        } else if after.starts_with("{=}") {
            Some(Written::AsIs)
        } else {
            None
        }
    })
}

/// Every number `charts` print, once each in the order first printed, with how the charts
/// write it (signed if any line signs it): the numbers a house rule may name.
pub fn numbers_printed(charts: &[Chart]) -> Vec<(&'static Number, Written)> {
    let mut printed: Vec<(&'static Number, Written)> = Vec::new();
    for (number, written) in charts
        .iter()
        .flat_map(|chart| chart.lines.iter().flat_map(Line::numbers))
    {
        match printed
            .iter_mut()
            .find(|(seen, _)| seen.name == number.name)
        {
            Some((_, seen)) if written == Written::Signed => *seen = Written::Signed,
            Some(_) => {}
            None => printed.push((number, written)),
        }
    }
    printed
}

/// `words` with each placeholder replaced by the next of `numbers`, in its form.
fn sentence(words: &str, numbers: &[&Number]) -> String {
    let mut told = String::with_capacity(words.len());
    let mut numbers = numbers.iter();
    let mut rest = words;
    while let Some(open) = rest.find('{') {
        told.push_str(&rest[..open]);
        let after = &rest[open..];
        let (form, len): (fn(i32) -> String, usize) = if after.starts_with("{}") {
            (signed, 2)
        } else if after.starts_with("{=}") {
            (|value: i32| value.to_string(), 3)
        } else if after.starts_with("{+}") {
            (|value: i32| format!("{value:+}"), 3)
        } else {
            told.push('{');
            rest = &after[1..];
            continue;
        };
        if let Some(number) = numbers.next() {
            told.push_str(&marked_value(number, form(number.value())));
        }
        rest = &after[len..];
    }
    told.push_str(rest);
    told
}

/// `+1`, `-2`, `0`: as the charts write a modifier.
pub fn signed(value: i32) -> String {
    if value == 0 {
        "0".to_owned()
    } else {
        format!("{value:+}")
    }
}

/// `words`, then `value` ending at [`MODIFIER_END`], at least one space between.
fn row(words: &str, value: &str) -> String {
    let used = words.chars().count() + value.chars().count();
    let gap = MODIFIER_END.saturating_sub(used).max(1);
    format!("{words}{}{value}", " ".repeat(gap))
}

/// Reading a ruleset's charts in tests, to hold their figures to the rules text and code.
#[cfg(test)]
pub(crate) mod probe {
    use super::Chart;

    /// A chart line as the rules text fixes it: the chart's id, the words the line begins
    /// with, and the rest of its words. The first line of the chart that begins with
    /// those words is the one read; spaces between words do not count. The rest holds
    /// the figures, written out from the text.
    pub(crate) type Text = (&'static str, &'static str, &'static str);

    /// Checks every row of `table` against `charts`, and names every row that differs
    /// (or whose line is missing) at once.
    pub(crate) fn holds(charts: &'static [Chart], table: &[Text]) {
        let mut wrong = Vec::new();
        for &(id, label, rest) in table {
            let label: Vec<&str> = label.split_whitespace().collect();
            let label_text = label.join(" ");
            let line = lines(charts, id)
                .iter()
                .map(|l| l.split_whitespace().collect::<Vec<_>>())
                .find(|words| words.starts_with(&label));
            let Some(line) = line else {
                wrong.push(format!("{id}: no line starts {label_text:?}"));
                continue;
            };
            let shown = line[label.len()..].join(" ");
            let text = rest.split_whitespace().collect::<Vec<_>>().join(" ");
            if shown != text {
                wrong.push(format!(
                    "{id}: {label_text:?} reads {shown:?}, the text gives {text:?}"
                ));
            }
        }
        assert!(
            wrong.is_empty(),
            "charts that differ from the rules text:\n{}",
            wrong.join("\n")
        );
    }

    /// Chart `id`'s lines as printed. Leaked, as tests read them for their whole run: a few
    /// kilobytes.
    pub(crate) fn lines(charts: &'static [Chart], id: &str) -> &'static [&'static str] {
        let chart = charts
            .iter()
            .find(|c| c.id == id)
            .unwrap_or_else(|| panic!("no chart {id}"));
        let printed: Vec<&'static str> = chart
            .text()
            .map(|line| &*Box::leak(line.into_owned().into_boxed_str()))
            .collect();
        Box::leak(printed.into_boxed_slice())
    }

    /// Whether chart `id` has a line holding `text`.
    pub(crate) fn says(charts: &'static [Chart], id: &str, text: &str) -> bool {
        lines(charts, id).iter().any(|l| l.contains(text))
    }

    /// The line of chart `id` that begins with `label`, less the label, split at spaces.
    pub(crate) fn row(charts: &'static [Chart], id: &str, label: &str) -> Vec<&'static str> {
        let line = lines(charts, id)
            .iter()
            .find(|l| l.trim_start().starts_with(label))
            .unwrap_or_else(|| panic!("chart {id} has no line starting {label:?}"));
        line.trim_start()[label.len()..]
            .split_whitespace()
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHAKEN: Number = Number {
        name: "test.shaken",
        book: -2,
    };
    const SOFT: Number = Number {
        name: "test.soft",
        book: -1,
    };
    const FOUR: Number = Number {
        name: "test.four",
        book: 4,
    };
    const GENERAL: Number = Number {
        name: "test.general",
        book: 1,
    };

    const fn number(value: i32) -> Number {
        Number {
            name: "test.count",
            book: value,
        }
    }

    #[test]
    fn a_die_per_so_many_figures_and_a_last_few_counting() {
        // *Sound the Charge*, *Shooting*: a die per four foot, a last three rounding up.
        let (four, three) = (number(4), number(3));
        let foot: Vec<u32> = [12, 7, 6, 3, 2, 0]
            .iter()
            .map(|&n| dice_per(n, &four, &three))
            .collect();
        assert_eq!(foot, [3, 2, 1, 1, 0, 0]);
        // *Dice in Combat*: a die per three horse, a last two counting.
        assert_eq!(dice_per(8, &number(3), &number(2)), 3);
        assert_eq!(dice_per(7, &number(3), &number(2)), 2);
        // A die per none throws none, and a negative number counts as none.
        assert_eq!(dice_per(12, &number(0), &three), 0);
        assert_eq!(dice_per(12, &number(-4), &three), 0);
        // A remainder that can never be reached never counts.
        assert_eq!(dice_per(7, &four, &number(9)), 1);
    }

    proptest::proptest! {
        /// The book's counts, written as they were before they were numbers, for any
        /// figures a unit could have and more.
        #[test]
        fn the_books_counts_are_kept(figures in 0_u32..100_000) {
            proptest::prop_assert_eq!(
                dice_per(figures, &number(4), &number(3)),
                figures / 4 + u32::from(figures % 4 == 3)
            );
            proptest::prop_assert_eq!(
                dice_per(figures, &number(3), &number(2)),
                figures / 3 + u32::from(figures % 3 == 2)
            );
        }
    }

    #[test]
    fn a_modifier_ends_at_the_column_with_its_sign() {
        assert_eq!(
            Line::Modifier("Shaken", &SHAKEN).text(),
            "Shaken                               -2"
        );
        assert_eq!(
            Line::Modifier("General attached", &GENERAL).text(),
            "General attached                     +1"
        );
        assert_eq!(
            Line::Modifiers("Attacking soft / hard cover", &SOFT, &SHAKEN).text(),
            "Attacking soft / hard cover       -1/-2"
        );
        assert_eq!(Line::Text("Pass: no change.").text(), "Pass: no change.");
        assert_eq!(
            Line::Value("Heavy cavalry", &FOUR).text(),
            "Heavy cavalry                         4"
        );
        assert_eq!(
            Line::Sentence("Steady foot: {}, not {}.", &[&SHAKEN, &GENERAL]).text(),
            "Steady foot: -2, not +1."
        );
    }

    #[test]
    fn a_sentence_writes_each_number_in_its_form() {
        const NONE: Number = Number {
            name: "test.none",
            book: 0,
        };
        assert_eq!(
            Line::Sentence("  A {=}   B {=}", &[&NONE, &FOUR]).text(),
            "  A 0   B 4"
        );
        assert_eq!(
            Line::Sentence("grade A/C/D {+}/{+}/{+}", &[&GENERAL, &NONE, &SOFT]).text(),
            "grade A/C/D +1/+0/-1"
        );
        assert_eq!(
            Line::Sentence("{} then {=}, {+} {braces}", &[&NONE, &SHAKEN, &FOUR]).text(),
            "0 then -2, +4 {braces}"
        );
    }

    #[test]
    fn a_long_row_keeps_a_space_before_its_value() {
        let words = "Shooting test: foot line in the open";
        assert_eq!(
            Line::Modifier(words, &SOFT).text(),
            "Shooting test: foot line in the open -1"
        );
        let longer = "Shooting test: foot line in the open field";
        assert_eq!(Line::Modifier(longer, &SOFT).text(), format!("{longer} -1"));
    }

    #[test]
    fn a_count_is_never_below_none() {
        assert_eq!(FOUR.count(), 4);
        assert_eq!(SHAKEN.count(), 0);
    }

    #[test]
    fn the_sign_is_written_as_the_charts_write_it() {
        assert_eq!(signed(2), "+2");
        assert_eq!(signed(-3), "-3");
        assert_eq!(signed(0), "0");
    }
}
