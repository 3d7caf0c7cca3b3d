//! Drawing the screen from the [`App`]: pure, so tests render it on a `TestBackend`.

mod chrome;
mod form;
mod overlays;
mod panes;
mod roster;
mod strength;

pub use overlays::{needs_heading, window_last_start, window_page};
pub use panes::{checklist_page, dice_last_start, dice_page, log_scroll_within};
pub use roster::heading_row as roster_heading_row;

use super::app::{App, Overlay, Pane};
pub(crate) use chrome::said;
pub use form::{facts_rows, target_at};
pub(crate) use overlays::hung;
pub use overlays::jump_match_at;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::widgets::{Block, BorderType, Borders};

/// Below this the screen shows only a "too small" message.
pub const MIN_WIDTH: u16 = 40;
pub const MIN_HEIGHT: u16 = 12;

/// How the panes share the screen at a given size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arrangement {
    /// Roster left; checklist, dice and log stacked on the right.
    Four,
    /// Roster on top; one of checklist, dice and log below, by tab.
    Two,
    /// One pane at a time, by tab (a phone).
    One,
    TooSmall,
}

impl Arrangement {
    pub fn for_size(width: u16, height: u16) -> Arrangement {
        if width < MIN_WIDTH || height < MIN_HEIGHT {
            Arrangement::TooSmall
        } else if width >= 100 && height >= 24 {
            Arrangement::Four
        } else if width >= 70 && height >= 20 {
            Arrangement::Two
        } else {
            Arrangement::One
        }
    }
}

/// Where each part of the screen is at one size: drawing lays the screen out by it and
/// the mouse finds what was clicked by it, so the two cannot disagree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    pub arrangement: Arrangement,
    pub title: Rect,
    /// Under the title and over the status line: the panes, and the windows over them.
    pub body: Rect,
    pub status: Rect,
    /// Each pane shown: its area, borders included, and its borders.
    pub panes: Vec<(Pane, Rect, Borders)>,
    /// The row of tabs, if the arrangement has one: its area, the panes it offers and
    /// the one shown.
    pub tabs: Option<(Rect, &'static [Pane], Pane)>,
}

impl Placed {
    /// The pane shown at column `x`, row `y`, with the area inside its borders.
    pub fn pane_at(&self, x: u16, y: u16) -> Option<(Pane, Rect)> {
        self.panes
            .iter()
            .find(|(_, area, _)| area.contains(ratatui::layout::Position { x, y }))
            .and_then(|&(pane, _, _)| Some((pane, self.inner(pane)?)))
    }

    /// The area inside `pane`'s borders, if it is shown.
    pub fn inner(&self, pane: Pane) -> Option<Rect> {
        self.panes
            .iter()
            .find(|&&(shown, _, _)| shown == pane)
            .map(|&(_, area, borders)| Block::new().borders(borders).inner(area))
    }

    /// The tab at column `x`, row `y`, if the arrangement has tabs.
    pub fn tab_at(&self, app: &App, x: u16, y: u16) -> Option<Pane> {
        let (area, panes, current) = self.tabs?;
        (y == area.y && x < area.right())
            .then(|| chrome::tab_at(app, panes, current, area.x, x))
            .flatten()
    }

    /// The unit on row `y` of the roster, if the roster is shown there.
    pub fn unit_at(&self, app: &App, x: u16, y: u16) -> Option<String> {
        match self.pane_at(x, y)? {
            (Pane::Roster, inner) => roster::unit_at(app, inner, y),
            _ => None,
        }
    }

    /// The checklist item (an index as the selection counts) on row `y` of the
    /// checklist, if it is shown there.
    pub fn checklist_item_at(&self, app: &App, x: u16, y: u16) -> Option<usize> {
        match self.pane_at(x, y)? {
            (Pane::Checklist, inner) => panes::checklist_item_at(app, inner, y),
            _ => None,
        }
    }
}

/// The roster's first row shown at the terminal's size: where the referee's scrolling left
/// it, moved just enough to show the selection. Kept at each key, so the next key scrolls
/// from what the screen shows; the roster's own if it is not shown.
pub fn roster_offset(app: &App) -> usize {
    place(app.screen_area, app)
        .inner(Pane::Roster)
        .map_or(app.roster_offset, |inner| roster::offset(app, inner))
}

/// The screen's parts at the size of `area`, from the app's state alone.
pub fn place(area: Rect, app: &App) -> Placed {
    let arrangement = Arrangement::for_size(area.width, area.height);
    let [title, body, status] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(0),
        Constraint::Length(chrome::status_height(app, area.width)),
    ])
    .areas(area);
    let mut placed = Placed {
        arrangement,
        title,
        body,
        status,
        panes: Vec::new(),
        tabs: None,
    };
    match arrangement {
        Arrangement::Four => {
            let [left, right] =
                Layout::horizontal([Constraint::Percentage(68), Constraint::Percentage(32)])
                    .areas(body);
            let [checklist, dice, log] = Layout::vertical([
                Constraint::Percentage(35),
                Constraint::Percentage(25),
                Constraint::Percentage(40),
            ])
            .areas(right);
            placed.panes = vec![
                (Pane::Roster, left, Borders::ALL),
                (Pane::Checklist, checklist, Borders::ALL),
                (Pane::Dice, dice, Borders::ALL),
                (Pane::Log, log, Borders::ALL),
            ];
        }
        Arrangement::Two => {
            let lower_height = (body.height / 3).max(7);
            let [upper, lower] =
                Layout::vertical([Constraint::Min(0), Constraint::Length(lower_height)])
                    .areas(body);
            placed.panes = vec![
                (Pane::Roster, upper, Borders::ALL),
                (app.lower_pane, lower, Borders::ALL),
            ];
            // The lower pane's tabs sit in its top border.
            let tabs = Rect {
                x: lower.x + 1,
                width: lower.width.saturating_sub(2),
                height: 1,
                ..lower
            };
            placed.tabs = Some((tabs, &Pane::ALL[1..], app.lower_pane));
        }
        Arrangement::One => {
            // No borders: on a phone every column counts.
            let [tabs, only] =
                Layout::vertical([Constraint::Length(1), Constraint::Min(0)]).areas(body);
            placed.panes = vec![(app.focus, only, Borders::NONE)];
            placed.tabs = Some((tabs, &Pane::ALL, app.focus));
        }
        Arrangement::TooSmall => {}
    }
    placed
}

/// Draws the screen; it changes nothing, so what a key does never waits on a frame.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    let placed = place(area, app);
    if placed.arrangement == Arrangement::TooSmall {
        chrome::too_small(frame, area, &app.theme);
        return;
    }
    let (body, status) = (placed.body, placed.status);
    chrome::title(frame, placed.title, app);
    for &(which, area, borders) in &placed.panes {
        pane(frame, area, app, which, borders);
    }
    if let Some((area, panes, current)) = placed.tabs {
        chrome::tabs(frame, area, app, panes, current);
    }
    chrome::status(frame, status, app);
    match app.overlay {
        Overlay::None => {}
        Overlay::Help => overlays::help(frame, body, app),
        Overlay::Detail => overlays::detail(frame, body, app),
        Overlay::ConfirmNext => overlays::confirm_next(frame, body, app),
        Overlay::ConfirmRemove => overlays::confirm_remove(frame, body, app),
        Overlay::Command => chrome::command_line(frame, status, app),
        Overlay::Form => form::draw(frame, body, app),
        Overlay::Strength => strength::draw(frame, body, app),
        Overlay::Message => {
            if app.message_over == Overlay::Detail {
                overlays::detail(frame, body, app);
            }
            overlays::message(frame, body, app);
        }
        Overlay::Jump => overlays::jump(frame, body, app),
        Overlay::Reference => {
            let heading = overlays::needs_heading(app);
            crate::tui::reference_view::draw(frame, body, &app.theme, &app.reference, &heading);
        }
    }
}

fn pane(frame: &mut Frame, area: Rect, app: &App, which: Pane, borders: Borders) {
    let focused = app.focus == which;
    let theme = &app.theme;
    let mut block = Block::new()
        .borders(borders)
        .border_type(BorderType::Plain)
        .border_style(if focused {
            theme.border_focus
        } else {
            theme.border
        });
    if borders.contains(Borders::TOP) {
        let style = if focused {
            theme.border_focus
        } else {
            theme.header
        };
        block = block.title(ratatui::text::Span::styled(
            format!(" {} ", which.title()),
            style,
        ));
    }
    let inner = block.inner(area);
    frame.render_widget(block, area);
    match which {
        Pane::Roster => roster::draw(frame, inner, app),
        Pane::Checklist => panes::checklist(frame, inner, app),
        Pane::Dice => panes::dice(frame, inner, app),
        Pane::Log => panes::log(frame, inner, app),
    }
}

/// `text` as spans in `style`, a passage the rules name between asterisks (`*Movement
/// Table*`) in italics without them ([`crate::core::passage`]).
fn emphasised(text: &str, style: ratatui::style::Style) -> Vec<ratatui::text::Span<'static>> {
    crate::core::passage::pieces(text)
        .into_iter()
        .filter(|(run, _)| !run.is_empty())
        .map(|(run, passage)| italic_if(run.into_owned(), style, passage))
        .collect()
}

/// `text` cut into rows by `rows` as [`emphasised`] shows it: the asterisks gone before
/// the text is measured, and a passage in italics on whichever rows it falls. Characters
/// `rows` adds of its own (a "… w: whole") are plain.
fn emphasised_rows(
    text: &str,
    style: ratatui::style::Style,
    rows: impl FnOnce(&str) -> Vec<String>,
) -> Vec<Vec<ratatui::text::Span<'static>>> {
    let runs = crate::core::passage::pieces(text);
    let marked: Vec<(char, bool)> = runs
        .iter()
        .flat_map(|(run, passage)| run.chars().map(move |c| (c, *passage)))
        .collect();
    let plain: String = marked.iter().map(|(c, _)| c).collect();
    let mut at = 0;
    rows(&plain)
        .into_iter()
        .map(|row| {
            // A row starts where the last ended, past the spaces it broke at.
            while marked.get(at).is_some_and(|(c, _)| *c == ' ') && !row.starts_with(' ') {
                at += 1;
            }
            let mut spans: Vec<ratatui::text::Span<'static>> = Vec::new();
            let mut run = String::new();
            let mut run_passage = false;
            let mut following = true;
            for c in row.chars() {
                following = following && marked.get(at).is_some_and(|(m, _)| *m == c);
                let passage = following && marked[at].1;
                if following {
                    at += 1;
                }
                if passage != run_passage && !run.is_empty() {
                    spans.push(italic_if(std::mem::take(&mut run), style, run_passage));
                }
                run_passage = passage;
                run.push(c);
            }
            spans.push(italic_if(run, style, run_passage));
            spans
        })
        .collect()
}

fn italic_if(
    text: String,
    style: ratatui::style::Style,
    italic: bool,
) -> ratatui::text::Span<'static> {
    if italic {
        ratatui::text::Span::styled(text, style.add_modifier(ratatui::style::Modifier::ITALIC))
    } else {
        ratatui::text::Span::styled(text, style)
    }
}

#[cfg(test)]
mod tests {
    use super::{emphasised, emphasised_rows};
    use ratatui::style::{Modifier, Style};
    use ratatui::text::Span;

    fn words<'a>(spans: &'a [Span<'_>]) -> Vec<(&'a str, bool)> {
        spans
            .iter()
            .map(|s| {
                (
                    s.content.as_ref(),
                    s.style.add_modifier.contains(Modifier::ITALIC),
                )
            })
            .collect()
    }

    #[test]
    fn a_wrapped_passage_is_measured_without_its_asterisks_and_italic_on_each_row() {
        let rows = emphasised_rows(
            "half speed (*Steep Slopes and Rough Ground*)",
            Style::default(),
            |plain| super::panes::wrap(plain, 18),
        );
        let rows: Vec<Vec<(&str, bool)>> = rows.iter().map(|row| words(row)).collect();
        assert_eq!(
            rows,
            [
                vec![("half speed (", false), ("Steep", true)],
                vec![("Slopes and Rough", true)],
                vec![("Ground", true), (")", false)],
            ]
        );
        // What the rows add of their own is plain.
        let cut = emphasised_rows("(*Roads*)", Style::default(), |plain| {
            vec![format!("{plain} …")]
        });
        assert_eq!(
            words(&cut[0]),
            [("(", false), ("Roads", true), (") …", false)]
        );
    }

    #[test]
    fn a_passage_between_asterisks_is_italic_without_them() {
        let spans = emphasised("4\" infantry in line (*Movement Table*)", Style::default());
        let words: Vec<(&str, bool)> = spans
            .iter()
            .map(|s| {
                (
                    s.content.as_ref(),
                    s.style.add_modifier.contains(Modifier::ITALIC),
                )
            })
            .collect();
        assert_eq!(
            words,
            [
                ("4\" infantry in line (", false),
                ("Movement Table", true),
                (")", false)
            ]
        );
        // A lone asterisk (a product, a footnote) is left as written.
        let lone = emphasised("2 * 3 figures", Style::default());
        assert_eq!(lone.len(), 1);
        assert_eq!(lone[0].content, "2 * 3 figures");
    }
}
