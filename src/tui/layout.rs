//! Where each part of the screen goes at a size: the panes, the tabs, the title and status
//! lines. Drawing lays the screen out by it, and the keys and the mouse ask it what is shown
//! where, so the three cannot disagree. It knows nothing of what the parts hold.

use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::widgets::{Block, Borders};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pane {
    Roster,
    Checklist,
    Dice,
    Log,
}

impl Pane {
    pub const ALL: [Pane; 4] = [Pane::Roster, Pane::Checklist, Pane::Dice, Pane::Log];

    pub fn title(self) -> &'static str {
        match self {
            Pane::Roster => "Roster",
            Pane::Checklist => "Checklist",
            Pane::Dice => "Dice",
            Pane::Log => "Log",
        }
    }

    fn index(self) -> usize {
        Pane::ALL.iter().position(|&p| p == self).unwrap_or(0)
    }

    #[must_use]
    pub fn cycled(self, forward: bool) -> Pane {
        let n = Pane::ALL.len();
        let step = if forward { 1 } else { n - 1 };
        Pane::ALL[(self.index() + step) % n]
    }
}

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
}

/// What the screen's parts depend on besides its size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    /// The status line's rows: more than one when a message needs them.
    pub status_height: u16,
    /// The pane with the keys, the one shown on a phone.
    pub focus: Pane,
    /// Which of checklist, dice and log the two-pane arrangement shows under the roster.
    pub lower_pane: Pane,
}

/// The screen's parts at the size of `area`.
pub fn place(area: Rect, shape: Shape) -> Placed {
    let arrangement = Arrangement::for_size(area.width, area.height);
    let [title, body, status] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(0),
        Constraint::Length(shape.status_height),
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
                (shape.lower_pane, lower, Borders::ALL),
            ];
            // The lower pane's tabs sit in its top border.
            let tabs = Rect {
                x: lower.x + 1,
                width: lower.width.saturating_sub(2),
                height: 1,
                ..lower
            };
            placed.tabs = Some((tabs, &Pane::ALL[1..], shape.lower_pane));
        }
        Arrangement::One => {
            // No borders: on a phone every column counts.
            let [tabs, only] =
                Layout::vertical([Constraint::Length(1), Constraint::Min(0)]).areas(body);
            placed.panes = vec![(shape.focus, only, Borders::NONE)];
            placed.tabs = Some((tabs, &Pane::ALL, shape.focus));
        }
        Arrangement::TooSmall => {}
    }
    placed
}
