//! The checklist pane: what the referee should settle before `next`, open items first,
//! then those to watch; the selected item's unit is the one the unit keys act on.

use crate::game::{ChecklistItem, ClockWords, Viewer};
use crate::tui::app::App;
use crate::tui::keymap::Action;
use crate::tui::layout::Pane;
use crate::tui::text::wrap;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{List, ListItem, ListState, Paragraph, Wrap};

pub fn draw(frame: &mut Frame, area: Rect, app: &App) {
    let theme = &app.theme;
    let state = app.game().state();
    let side = state
        .side(state.active())
        .map_or(state.active(), |s| s.name.as_str());
    let now = state.phase();
    let mut phases = Vec::new();
    let mut passed = true;
    for &phase in state.ruleset().sequence() {
        if phase == now {
            passed = false;
            phases.push(Span::styled(
                format!("[{}]", phase.word().to_uppercase()),
                theme.phase_now,
            ));
        } else if passed {
            phases.push(Span::styled(format!("✓{}", phase.word()), theme.phase_done));
        } else {
            phases.push(Span::styled(phase.word().to_owned(), theme.text));
        }
        phases.push(Span::raw(" "));
    }
    let mut turn = vec![Span::styled(
        format!("Turn {} · {side}", state.turn()),
        theme.header,
    )];
    // The referee's warning: the slot is nearly over, the last turns must be planned.
    if let Some(clock) = ClockWords::of(state, (app.now)()).filter(|clock| clock.warning) {
        turn.push(Span::styled(format!(" · {}!", clock.short), theme.warn));
    }
    let heading = vec![Line::from(turn), Line::from(phases)];
    let [top, rest] = checklist_areas(area);
    frame.render_widget(Paragraph::new(heading).wrap(Wrap { trim: true }), top);

    let checklist = app.checklist();
    if checklist.open.is_empty() && checklist.watch.is_empty() {
        frame.render_widget(
            Paragraph::new(vec![Line::from(Span::styled(
                match (app.viewer(), app.keymap.keys(Action::NextPhase).first()) {
                    // The other side's items are not shown: the phase may not be over.
                    (Viewer::Side(id), _) => format!(
                        "Nothing open for the {}.",
                        state.side(id).map_or(id, |s| s.name.as_str())
                    ),
                    (Viewer::Guest, _) => "Nothing open for the table.".to_owned(),
                    _ if app.read_only() => {
                        "Nothing open: the referee may end the phase.".to_owned()
                    }
                    (Viewer::Referee, Some(key)) => format!("Nothing open: {key} ends the phase."),
                    (Viewer::Referee, None) => "Nothing open: next ends the phase.".to_owned(),
                },
                theme.ok,
            ))])
            .wrap(Wrap { trim: true }),
            rest,
        );
        return;
    }
    let text_width = item_width(rest);
    let item = |mark: &'static str, mark_style, text: String, style| {
        let lines: Vec<Line> = wrap(&text, text_width)
            .into_iter()
            .enumerate()
            .map(|(i, piece)| {
                let lead = if i == 0 {
                    Span::styled(mark, mark_style)
                } else {
                    Span::raw("  ")
                };
                Line::from(vec![lead, Span::styled(piece, style)])
            })
            .collect();
        ListItem::new(lines)
    };
    let selected = (app.focus == Pane::Checklist).then_some(app.checklist_selected);
    // Every item takes a line or more, and the list never scrolls past its selection, so
    // items beyond the selection plus a screenful can never show: a long battle's hundred
    // open items cost a frame no more than ten.
    let could_show = selected.unwrap_or(0) + usize::from(rest.height) + 1;
    let items: Vec<ListItem> = checklist
        .open
        .iter()
        .map(|i| (i, "! ", theme.warn, theme.text))
        .chain(
            checklist
                .watch
                .iter()
                .map(|i| (i, "· ", theme.hint, theme.hint)),
        )
        .take(could_show)
        .map(|(i, mark, mark_style, style)| item(mark, mark_style, item_words(app, i), style))
        .collect();
    let heights: Vec<usize> = items.iter().map(ListItem::height).collect();
    let first = first_item_shown(&heights, selected, usize::from(rest.height));
    let mut list = List::new(items);
    let mut list_state = ListState::default().with_offset(first);
    if selected.is_some() {
        list = list.highlight_style(theme.selected).highlight_symbol("▶ ");
        list_state.select(selected);
    }
    frame.render_stateful_widget(list, rest, &mut list_state);
}

/// The checklist's heading (the turn and the phases) and the list of items under it, in
/// the pane's `area` inside its borders.
fn checklist_areas(area: Rect) -> [Rect; 2] {
    let heading_height = if area.width >= 48 { 2 } else { 3 };
    Layout::vertical([Constraint::Length(heading_height), Constraint::Min(0)]).areas(area)
}

/// Columns for an item's text in `list`: its mark, then the text wrapped under itself;
/// the selection marker takes two columns more.
fn item_width(list: Rect) -> usize {
    usize::from(list.width).saturating_sub(4).max(1)
}

/// The first of items `heights` rows tall shown in a list `height` rows tall: the top,
/// or as little below it as shows the whole of the selected item (as a ratatui list
/// scrolls from the top).
fn first_item_shown(heights: &[usize], selected: Option<usize>, height: usize) -> usize {
    let Some(selected) = selected.map(|s| s.min(heights.len().saturating_sub(1))) else {
        return 0;
    };
    let mut first = 0;
    let mut used: usize = heights.iter().take(selected + 1).sum();
    while used > height && first < selected {
        used -= heights[first];
        first += 1;
    }
    first
}

/// The checklist item (open ones first, then those to watch) drawn on row `y` of the
/// pane's `area` inside its borders, scrolled as drawing scrolls it.
pub fn item_at(app: &App, area: Rect, y: u16) -> Option<usize> {
    let [_, list] = checklist_areas(area);
    let row = usize::from(y.checked_sub(list.y)?);
    if row >= usize::from(list.height) {
        return None;
    }
    let heights = item_heights(app, list);
    let selected = (app.focus == Pane::Checklist).then_some(app.checklist_selected);
    let mut top = 0;
    for (index, height) in heights.iter().enumerate().skip(first_item_shown(
        &heights,
        selected,
        usize::from(list.height),
    )) {
        top += height;
        if row < top {
            return Some(index);
        }
    }
    None
}

/// Items a page key moves the checklist's selection in the pane's `area`: as many as
/// fill its list less one row, counted on from the selection, so none is passed unseen.
pub fn page(app: &App, area: Rect, forward: bool) -> usize {
    let [_, list] = checklist_areas(area);
    let heights = item_heights(app, list);
    let at = app.checklist_selected.min(heights.len());
    let onward: Vec<usize> = if forward {
        heights.iter().skip(at + 1).copied().collect()
    } else {
        heights[..at].iter().rev().copied().collect()
    };
    let room = usize::from(list.height).saturating_sub(1);
    let fitting = onward
        .iter()
        .scan(0, |used, height| {
            *used += height;
            Some(*used)
        })
        .take_while(|&used| used <= room)
        .count();
    fitting.max(1)
}

/// Rows each checklist item (open ones first, then those to watch) takes in `list`.
fn item_heights(app: &App, list: Rect) -> Vec<usize> {
    let checklist = app.checklist();
    checklist
        .open
        .iter()
        .chain(&checklist.watch)
        .map(|item| wrap(&item_words(app, item), item_width(list)).len())
        .collect()
}

/// A checklist item as the screen words it: a read-only screen offers none of the
/// referee's commands.
fn item_words(app: &App, item: &ChecklistItem) -> String {
    if app.read_only() {
        item.told()
    } else {
        item.describe()
    }
}
