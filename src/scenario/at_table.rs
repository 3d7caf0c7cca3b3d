//! What a scenario says for the people at the table rather than the rules: the players'
//! briefing, how the battle is won, who plays each side and in what colour. The report
//! and the print pack read it; the battle never does.

use super::problem::ScenarioProblem as Problem;
use super::spec::ScenarioSpec;
use std::ops::Range;

/// The most players a side lists, and the characters of a name or a colour's text.
pub const MAX_PLAYERS: usize = 12;
const MAX_PLAYER_CHARS: usize = 60;
/// A page of conditions, as a briefing is.
const MAX_VICTORY_CHARS: usize = 2_000;

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AtTable {
    /// What the players are told before the first turn.
    pub briefing: Option<String>,
    /// How the battle is won, in the scenario's words; the referee settles it with
    /// `victory` where the table must judge.
    pub victory: Option<String>,
    /// In the order of the scenario's sides.
    pub sides: Vec<SideAtTable>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SideAtTable {
    pub players: Vec<String>,
    /// `#rrggbb`, the side's colour in the report's charts and headings.
    pub colour: Option<String>,
}

impl ScenarioSpec {
    /// The table's part of the scenario, checked; the span of what is wrong.
    pub(super) fn at_table(&self) -> Result<AtTable, (Option<Range<usize>>, Problem)> {
        let over = |text: &str, most: usize| Some(text.chars().count()).filter(|&n| n > most);
        let briefing = self.scenario.briefing.clone();
        if let Some(chars) = briefing
            .as_deref()
            .and_then(|b| over(b, super::MAX_DESCRIPTION_CHARS))
        {
            let most = super::MAX_DESCRIPTION_CHARS;
            return Err((
                None,
                Problem::TextTooLong {
                    what: "briefing",
                    chars,
                    most,
                },
            ));
        }
        let victory = self.scenario.victory.clone();
        if let Some(chars) = victory.as_deref().and_then(|v| over(v, MAX_VICTORY_CHARS)) {
            let most = MAX_VICTORY_CHARS;
            return Err((
                None,
                Problem::TextTooLong {
                    what: "victory",
                    chars,
                    most,
                },
            ));
        }
        let mut sides = Vec::with_capacity(self.side.len());
        for side in &self.side {
            let id = side.id.get_ref();
            if side.players.len() > MAX_PLAYERS {
                let problem = Problem::TooManyPlayers {
                    side: id.clone(),
                    most: MAX_PLAYERS,
                };
                return Err((Some(side.id.span()), problem));
            }
            if let Some(name) = side
                .players
                .iter()
                .find(|p| over(p, MAX_PLAYER_CHARS).is_some())
            {
                let problem = Problem::TextTooLong {
                    what: "a player's name",
                    chars: name.chars().count(),
                    most: MAX_PLAYER_CHARS,
                };
                return Err((Some(side.id.span()), problem));
            }
            let colour = match &side.colour {
                Some(colour) if is_colour(colour.get_ref()) => {
                    Some(colour.get_ref().to_ascii_lowercase())
                }
                Some(colour) => {
                    let problem = Problem::NotAColour {
                        colour: colour.get_ref().chars().take(40).collect(),
                    };
                    return Err((Some(colour.span()), problem));
                }
                None => None,
            };
            sides.push(SideAtTable {
                players: side.players.clone(),
                colour,
            });
        }
        Ok(AtTable {
            briefing,
            victory,
            sides,
        })
    }
}

/// `#rrggbb`: the one form a colour takes, safe inside the report's style and SVG.
fn is_colour(text: &str) -> bool {
    text.len() == 7 && text.starts_with('#') && text[1..].bytes().all(|b| b.is_ascii_hexdigit())
}
