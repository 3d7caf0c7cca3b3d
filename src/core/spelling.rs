//! The known word nearest a mistyped one, for "did you mean": unit and general ids,
//! command words, key names.

/// ": did you mean 'fr1'?" when one id is near what was typed: one edit away when the
/// longer of the two has up to four letters, two when it is longer (an edit being a
/// letter added, dropped, changed, or two side by side swapped). So `hti` finds `hit`
/// and `br9` finds `br-92`, but `rm` is not taken for `form`. Of ids equally near, the
/// one that starts most like what was typed (hyphens aside) is meant.
pub fn suggestion<'a>(ids: impl Iterator<Item = &'a str>, typed: &str) -> String {
    did_you_mean(nearest(ids, typed))
}

/// ": did you mean 'fr1'?" for the nearest id, or nothing.
pub fn did_you_mean(nearest: Option<&str>) -> String {
    nearest.map_or_else(String::new, |id| format!(": did you mean '{id}'?"))
}

/// The id nearest what was typed, as [`suggestion`] weighs it, if one is near enough.
pub fn nearest<'a>(ids: impl Iterator<Item = &'a str>, typed: &str) -> Option<&'a str> {
    // A word farther from every id than the most edits allowed (two) is never weighed
    // letter by letter: a pasted megabyte is refused as quickly as a slip.
    let typed_length = typed.chars().count();
    let ids: Vec<&'a str> = ids.collect();
    let longest_id = ids.iter().map(|id| id.chars().count()).max().unwrap_or(0);
    if typed_length > longest_id + MOST_EDITS_NEAR {
        return None;
    }
    let typed: Vec<char> = typed.to_ascii_lowercase().chars().collect();
    let unhyphened = |word: &[char]| {
        word.iter()
            .filter(|&&c| c != '-')
            .copied()
            .collect::<Vec<_>>()
    };
    let typed_start = unhyphened(&typed);
    ids.into_iter()
        .filter_map(|id| {
            let lower: Vec<char> = id.to_ascii_lowercase().chars().collect();
            let longer = typed_length.max(lower.len());
            let near = if longer <= 4 { 1 } else { MOST_EDITS_NEAR };
            let distance = edit_distance_within(&lower, &typed, near)?;
            let alike = unhyphened(&lower)
                .iter()
                .zip(&typed_start)
                .take_while(|(a, b)| a == b)
                .count();
            Some((distance, std::cmp::Reverse(alike), id))
        })
        .min_by_key(|&(distance, alike, _)| (distance, alike))
        .map(|(_, _, id)| id)
}

/// The most edits by which a word is near an id: two, for ids of five letters or more.
const MOST_EDITS_NEAR: usize = 2;

/// Edits from `a` to `b`, a swap of two neighbours counting as one (optimal string
/// alignment), if there are no more than `most`. Words whose lengths differ by more are
/// that many edits apart at least, and are not weighed; otherwise three rows of the
/// table are kept (a swap looks two rows back), not the whole of it.
fn edit_distance_within(a: &[char], b: &[char], most: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > most {
        return None;
    }
    let mut two_back = vec![0; b.len() + 1];
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        current[0] = i;
        for j in 1..=b.len() {
            let changed = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (previous[j] + 1)
                .min(current[j - 1] + 1)
                .min(previous[j - 1] + changed);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(two_back[j - 2] + 1);
            }
            current[j] = best;
        }
        std::mem::swap(&mut two_back, &mut previous);
        std::mem::swap(&mut previous, &mut current);
    }
    let distance = previous[b.len()];
    (distance <= most).then_some(distance)
}
