//! The jump window (`'`): a few letters of a unit's id or name, typed without capitals or
//! accents (`leger` finds "1/2e Léger"), and Enter selects it in the roster. On a battle
//! of 450 units the arrows would take a hundred presses.

use crate::game::Unit;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What a key did in the window.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JumpKey {
    Stay,
    Close,
    /// Select this unit in the roster.
    Select(String),
}

/// A roster unit as the window matches it: its id and name folded once, when the window
/// opens, so a key on Waterloo folds only what was typed.
#[derive(Debug)]
pub struct Candidate {
    pub id: String,
    pub name: String,
    folded_id: String,
    folded_name: String,
}

#[derive(Debug, Default)]
pub struct Jump {
    /// What the referee typed, as typed.
    pub query: String,
    folded_query: String,
    /// In roster order.
    candidates: Vec<Candidate>,
    /// Each match's rank and index into `candidates`, the best first.
    matches: Vec<(Rank, usize)>,
    /// Which of the matches Enter takes.
    pub chosen: usize,
}

/// How well a unit matches, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Rank {
    IdBegins,
    NameWordBegins,
    Inside,
}

impl Jump {
    /// The window over `units`, in roster order; with nothing typed every unit matches.
    pub fn open<'a>(units: impl IntoIterator<Item = &'a Unit>) -> Jump {
        let candidates = units
            .into_iter()
            .map(|unit| Candidate {
                id: unit.id.clone(),
                name: unit.name.clone(),
                folded_id: folded(&unit.id),
                folded_name: folded(&unit.name),
            })
            .collect();
        let mut jump = Jump {
            candidates,
            ..Jump::default()
        };
        jump.rematch();
        jump
    }

    /// The matches, the best first.
    pub fn matches(&self) -> impl ExactSizeIterator<Item = &Candidate> {
        self.matches.iter().map(|&(_, at)| &self.candidates[at])
    }

    /// A key in the window; a page key moves `page` rows.
    pub fn key(&mut self, key: KeyEvent, page: usize) -> JumpKey {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let last = self.matches.len().saturating_sub(1);
        match key.code {
            KeyCode::Esc => return JumpKey::Close,
            KeyCode::Enter => {
                return self
                    .matches()
                    .nth(self.chosen)
                    .map_or(JumpKey::Close, |c| JumpKey::Select(c.id.clone()));
            }
            KeyCode::Up => self.chosen = self.chosen.saturating_sub(1),
            KeyCode::Down => self.chosen = (self.chosen + 1).min(last),
            KeyCode::PageUp => self.chosen = self.chosen.saturating_sub(page),
            KeyCode::PageDown => self.chosen = self.chosen.saturating_add(page).min(last),
            KeyCode::Home => self.chosen = 0,
            KeyCode::End => self.chosen = last,
            KeyCode::Backspace => {
                self.query.pop();
                self.rematch();
            }
            KeyCode::Char('u') if ctrl => {
                self.query.clear();
                self.rematch();
            }
            // Other chords mean something to the terminal or the screen, not the letters.
            KeyCode::Char(c)
                if !ctrl && !key.modifiers.contains(KeyModifiers::ALT) && !c.is_control() =>
            {
                self.query.push(c);
                self.rematch();
            }
            _ => {}
        }
        JumpKey::Stay
    }

    /// Ranks every candidate against the query. The buffers are kept between keys, so
    /// typing allocates nothing once they have grown.
    fn rematch(&mut self) {
        self.folded_query.clear();
        fold_into(self.query.trim(), &mut self.folded_query);
        let query = self.folded_query.as_str();
        self.matches.clear();
        self.matches.extend(
            self.candidates
                .iter()
                .enumerate()
                .filter_map(|(at, c)| rank(c, query).map(|rank| (rank, at))),
        );
        // Among equals, roster order; unstable sorts allocate nothing.
        self.matches.sort_unstable();
        self.chosen = 0;
    }
}

fn rank(candidate: &Candidate, query: &str) -> Option<Rank> {
    let name = candidate.folded_name.as_str();
    if candidate.folded_id.starts_with(query) {
        Some(Rank::IdBegins)
    } else if name.char_indices().any(|(at, _)| {
        let word_start = name[..at]
            .chars()
            .next_back()
            .is_none_or(|before| !before.is_alphanumeric());
        word_start && name[at..].starts_with(query)
    }) {
        Some(Rank::NameWordBegins)
    } else if candidate.folded_id.contains(query) || name.contains(query) {
        Some(Rank::Inside)
    } else {
        None
    }
}

/// `text` as the window matches it, for a form's list to match alike.
pub(super) fn folded(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    fold_into(text, &mut out);
    out
}

/// Lower case without accents, for the Latin letters the scenarios' names use (French,
/// German, Spanish, Portuguese, Dutch). A table of twenty-odd letters does this without a
/// Unicode normalization crate in the tree; a joined letter is typed as its two.
fn fold_into(text: &str, out: &mut String) {
    for c in text.chars().flat_map(char::to_lowercase) {
        let two = match c {
            'œ' => "oe",
            'æ' => "ae",
            'ß' => "ss",
            _ => "",
        };
        if !two.is_empty() {
            out.push_str(two);
            continue;
        }
        out.push(match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' => 'a',
            'ç' => 'c',
            'è' | 'é' | 'ê' | 'ë' | 'ē' => 'e',
            'ì' | 'í' | 'î' | 'ï' | 'ī' => 'i',
            'ñ' => 'n',
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' => 'o',
            'ù' | 'ú' | 'û' | 'ü' | 'ū' => 'u',
            'ý' | 'ÿ' => 'y',
            other => other,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::{Candidate, Jump, folded};
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    fn candidate(id: &str, name: &str) -> Candidate {
        Candidate {
            id: id.to_owned(),
            name: name.to_owned(),
            folded_id: folded(id),
            folded_name: folded(name),
        }
    }

    /// An id that begins with the letters, then a name with a word that does, then any
    /// that holds them, each in roster order; a unit that holds them nowhere is left out.
    #[test]
    fn ranks_id_then_name_word_then_anywhere() {
        let mut jump = Jump {
            candidates: vec![
                candidate("x-1", "Collège des Gardes"),
                candidate("f13l-1", "1/13e Léger"),
                candidate("nl-5", "5th Militia"),
                candidate("leg-1", "King's German Legion"),
                candidate("f2l-1", "1/2e Léger"),
            ],
            ..Jump::default()
        };
        for c in "LÉG".chars() {
            jump.key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::SHIFT), 1);
        }
        let ids: Vec<&str> = jump.matches().map(|c| c.id.as_str()).collect();
        assert_eq!(ids, ["leg-1", "f13l-1", "f2l-1", "x-1"]);
    }

    #[test]
    fn capitals_and_accents_fold_away() {
        assert_eq!(folded("1/2e Léger"), "1/2e leger");
        assert_eq!(folded("ÉCLAIREURS Müffling à"), "eclaireurs muffling a");
    }

    /// A joined letter folds to the two a referee types: "Cœur", "Æbelø", "Großgörschen".
    #[test]
    fn joined_letters_fold_to_two() {
        assert_eq!(folded("Cœur ŒIL"), "coeur oeil");
        assert_eq!(folded("Æbelø"), "aebelo");
        assert_eq!(folded("Großgörschen"), "grossgorschen");
    }
}
