//! Guided forms for the commands that roll: pick the target from a list, toggle what the
//! table shows with single keys, then Enter to roll or type the players' faces. A form
//! only ever builds a line of the command language, shown as it grows, and hands it to
//! [`App::act`](super::app::App::act): the same line, checks and save as `:` or the CLI.

// Why this file is long: the guided forms of every command that rolls (shoot, test, rally,
// combat, move), each a short builder of one line of the command language.

use crate::game::{
    Asked, Command, FormFact, Formation, Game, GameState, Refusal, Unit, asked, bound_to_fight,
    form_facts,
};
use crate::rules::Ruleset;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormKind {
    Shoot,
    Test,
    Rally,
    Combat,
    Move,
}

impl FormKind {
    pub fn verb(self) -> &'static str {
        match self {
            FormKind::Shoot => "shoot",
            FormKind::Test => "test",
            FormKind::Rally => "rally",
            FormKind::Combat => "combat",
            FormKind::Move => "move",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            FormKind::Shoot => "Shoot",
            FormKind::Test => "Morale test",
            FormKind::Rally => "Rally",
            FormKind::Combat => "Combat",
            FormKind::Move => "Move",
        }
    }
}

/// Where the keys go: the target list, or the table facts and the dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Pick,
    Facts,
}

/// The units a form may aim at, filtered as the referee types.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Picker {
    /// (id, name), in roster order.
    pub candidates: Vec<(String, String)>,
    pub filter: String,
    /// Index into [`Picker::shown`].
    pub highlighted: usize,
    /// Ids chosen: one for a shot or a charge, any number for a combat.
    pub chosen: Vec<String>,
    pub multiple: bool,
    /// The referee ticked with Space: Enter takes those ticks and nothing else. Otherwise
    /// the ticks are the form's own guess (or an earlier Enter), which Enter and the first
    /// Space replace.
    pub by_hand: bool,
}

impl Picker {
    /// The candidates the filter lets through: every word of it in the id or the name,
    /// capitals and accents ignored as the jump window ignores them (`leger` finds
    /// "Léger"). The list stays in roster order, where the form's guesses sit.
    pub fn shown(&self) -> Vec<&(String, String)> {
        let filter = super::jump::folded(&self.filter);
        self.candidates
            .iter()
            .filter(|(id, name)| {
                let hay = super::jump::folded(&format!("{id} {name}"));
                filter.split_whitespace().all(|word| hay.contains(word))
            })
            .collect()
    }

    fn highlighted_id(&self) -> Option<String> {
        self.shown().get(self.highlighted).map(|(id, _)| id.clone())
    }

    /// What Enter picks: the ticks made by hand, exactly, while any is left; else the
    /// highlighted row (with the form's own ticks, when it is one of them). `None` when
    /// no row is shown.
    pub fn on_enter(&self) -> Option<Vec<String>> {
        let id = self.highlighted_id()?;
        if !self.multiple {
            return Some(vec![id]);
        }
        Some(
            if (self.by_hand && !self.chosen.is_empty()) || self.chosen.contains(&id) {
                self.chosen.clone()
            } else {
                vec![id]
            },
        )
    }

    /// Puts the highlight on `id`'s row, with no filter, so the list opens where the
    /// choice is.
    fn highlight(&mut self, id: &str) {
        self.filter.clear();
        self.highlighted = self
            .candidates
            .iter()
            .position(|(candidate, _)| candidate == id)
            .unwrap_or(0);
    }

    fn step(&mut self, delta: isize) {
        self.highlight_row(self.highlighted.saturating_add_signed(delta));
    }

    /// Puts the highlight on the `row`th target shown (the last, past the end), as the
    /// arrows move it.
    pub fn highlight_row(&mut self, row: usize) {
        let last = self.shown().len().saturating_sub(1);
        self.highlighted = row.min(last);
    }

    /// Space: the box under the highlight, ticked or unticked, and no other.
    fn toggle_highlighted(&mut self) {
        let Some(id) = self.highlighted_id() else {
            return;
        };
        // Space flips the box under the highlight and no other: the first one starts
        // from the boxes as drawn, so a guess that is not drawn ticked cannot come back.
        if !self.by_hand {
            self.chosen = self.on_enter().unwrap_or_default();
            self.by_hand = true;
        }
        if let Some(at) = self.chosen.iter().position(|c| *c == id) {
            self.chosen.remove(at);
        } else {
            self.chosen.push(id.clone());
        }
        // With no tick left Enter would take this row anyway: keep it ticked, so the box
        // never shows [x] for a row that Space has just unticked.
        if self.chosen.is_empty() {
            self.chosen.push(id);
        }
    }
}

/// A form being filled in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Form {
    pub kind: FormKind,
    /// The unit that shoots, tests, rallies, attacks or moves.
    pub unit: String,
    pub stage: Stage,
    pub picker: Option<Picker>,
    /// Shooting: close (false) or far (true).
    pub far: bool,
    /// Moving: the formation it ends in, when it changes.
    pub formation: Option<Formation>,
    pub formations: Vec<Formation>,
    pub toggles: Vec<FormFact>,
    /// The players' faces as typed, in throw order.
    pub faces: Vec<u8>,
    /// What the command asks of the dice as the form stands, or why it would be refused.
    pub asked: Result<Asked, Refusal>,
    /// Rows of the facts scrolled out of sight at the top, for a window too short to
    /// show the whole preview (a phone). Kept within the text by the keys.
    pub scroll: usize,
}

/// Why a unit has no form to open.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormError {
    /// The ruleset takes this command in other words (or not at all): typed, not a form.
    #[error(
        "{} has no {} form: press : and type its command (? lists its words)",
        .ruleset.title(),
        .kind.title().to_lowercase()
    )]
    NoForm { ruleset: Ruleset, kind: FormKind },
    #[error("{unit} has no enemy in play to aim at")]
    NoEnemy { unit: String },
    /// The game would refuse every line the form could make: its refusal, as the game
    /// words it.
    #[error("{why}")]
    Refused { why: String },
}

/// What a key did to the form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FormKey {
    Stay,
    /// The referee said something the form cannot take; nothing changed.
    Refused(String),
    Close,
    /// Carry out this line.
    Submit(String),
    /// Open the `:` line with this text, for what the form has no key for.
    Edit(String),
}

impl Form {
    /// A form for `unit`, or why it has none. It starts from what the game knows: the
    /// enemy a combat must fight, the unit last shot at, a battery's shot.
    pub fn open(kind: FormKind, game: &Game, unit: &Unit) -> Result<Form, FormError> {
        let state = game.state();
        // The facts are the ruleset's play's: a ruleset with none for the word (one whose
        // commands take other words) has no form, and its players type the line.
        let ruleset = state.ruleset();
        let Some(toggles) = form_facts(state, unit, kind.verb()) else {
            return Err(FormError::NoForm { ruleset, kind });
        };
        let enemies = || enemies_of(state, unit);
        let picker = match kind {
            FormKind::Shoot => {
                let mut picker = single(enemies());
                if let Some(target) = game.last_target(&unit.id) {
                    picker.highlight(target);
                }
                Some(picker)
            }
            FormKind::Test | FormKind::Rally => None,
            FormKind::Combat => {
                let mut picker = single(enemies());
                picker.multiple = true;
                picker.chosen = enemies_it_fights(state, unit, &picker.candidates);
                Some(picker)
            }
            FormKind::Move => Some(single(enemies())),
        };
        let formations = state
            .ruleset()
            .formations()
            .iter()
            .copied()
            .filter(|&f| unit.arm.allows(f) && f != unit.formation)
            .collect();
        // A combat already joined needs no picking; every other picker starts open.
        let first_stage = match (&picker, kind) {
            (Some(p), FormKind::Combat) if !p.chosen.is_empty() => Stage::Facts,
            (Some(_), FormKind::Shoot | FormKind::Combat) => Stage::Pick,
            _ => Stage::Facts,
        };
        if let Some(p) = &picker
            && p.candidates.is_empty()
            && kind != FormKind::Move
        {
            return Err(FormError::NoEnemy {
                unit: unit.id.clone(),
            });
        }
        let mut form = Form {
            kind,
            unit: unit.id.clone(),
            stage: first_stage,
            picker,
            far: false,
            formation: None,
            formations,
            toggles,
            faces: Vec::new(),
            asked: Ok(Asked::default()),
            scroll: 0,
        };
        if let Some(why) = crate::game::refusal_whatever_picked(state, form.opening_lines()) {
            return Err(FormError::Refused { why });
        }
        form.reassess(state);
        Ok(form)
    }

    /// The lines a shot or a rally could carry out as the form opens: at each target,
    /// close and far. If the game refuses them all (cavalry, the wrong phase, a steady
    /// unit) the form has nothing to offer. A combat or a move is never refused here: a
    /// fact the referee has yet to tick (`continuing`, `flank=`, `works`, `form=`) may
    /// lift its refusal, and the form says why as it stands.
    fn opening_lines(&self) -> impl Iterator<Item = String> + '_ {
        let targets: &[(String, String)] = match (&self.picker, self.kind) {
            (Some(picker), FormKind::Shoot) => &picker.candidates,
            _ => &[],
        };
        let mut aimed = self.clone();
        let at_each = targets.iter().flat_map(move |(id, _)| {
            if let Some(p) = aimed.picker.as_mut() {
                p.chosen = vec![id.clone()];
            }
            aimed.far = false;
            let close = aimed.line();
            aimed.far = true;
            [close, aimed.line()]
        });
        let as_it_stands = match self.kind {
            FormKind::Rally => Some(self.line()),
            _ => None,
        };
        // A shot is tried at its targets only: its refusal is then about a real one.
        at_each.chain(as_it_stands)
    }

    /// The line as it stands, with the faces typed so far.
    pub fn line(&self) -> String {
        let mut words = vec![self.kind.verb().to_owned(), self.unit.clone()];
        let chosen = self
            .picker
            .as_ref()
            .map(|p| p.chosen.clone())
            .unwrap_or_default();
        match self.kind {
            FormKind::Shoot => {
                words.push(chosen.first().cloned().unwrap_or_else(|| "?".to_owned()));
                words.push(if self.far { "far" } else { "close" }.to_owned());
            }
            FormKind::Combat if !chosen.is_empty() => {
                words.push("vs".to_owned());
                words.push(chosen.join(","));
            }
            FormKind::Move => {
                if let Some(target) = chosen.first() {
                    words.push(format!("charge={target}"));
                }
                if let Some(formation) = self.formation {
                    words.push(format!("form={}", formation.word()));
                }
            }
            _ => {}
        }
        for t in self.toggles.iter().filter(|t| t.on) {
            match (self.kind, t.word) {
                // A flank attack names the defenders it falls on.
                (FormKind::Combat, "flank") if !chosen.is_empty() => {
                    words.push(format!("flank={}", chosen.join(",")));
                }
                (FormKind::Combat, "flank") => {}
                // A charge with a target says so already.
                (FormKind::Move, "charge") if !chosen.is_empty() => {}
                _ => words.push(t.word.to_owned()),
            }
        }
        if let Some(dice) = self.dice_word() {
            words.push(dice);
        }
        words.join(" ")
    }

    /// `dice=…` or `roll=…` for the faces typed, grouped as the command takes them.
    fn dice_word(&self) -> Option<String> {
        if self.faces.is_empty() {
            return None;
        }
        let faces = |range: &[u8]| {
            range
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        Some(match self.kind {
            FormKind::Test | FormKind::Rally | FormKind::Move => {
                format!("roll={}", faces(&self.faces))
            }
            FormKind::Shoot => format!("dice={}", faces(&self.faces)),
            FormKind::Combat => {
                let mut groups = Vec::new();
                let mut at = 0;
                for count in self.groups() {
                    let end = (at + count).min(self.faces.len());
                    groups.push(faces(&self.faces[at..end]));
                    at = end;
                }
                format!("dice={}", groups.join("/"))
            }
        })
    }

    /// The dice each roller throws: a combat's strikes grouped by unit, as `dice=` takes
    /// them; for everything else, the first throw (later ones hang on its result).
    pub fn groups(&self) -> Vec<usize> {
        let Ok(asked) = &self.asked else {
            return Vec::new();
        };
        match self.kind {
            FormKind::Combat => {
                let mut groups: Vec<(String, usize)> = Vec::new();
                for throw in &asked.throws {
                    match groups.iter_mut().find(|(by, _)| *by == throw.by) {
                        Some((_, n)) => *n += throw.dice,
                        None => groups.push((throw.by.clone(), throw.dice)),
                    }
                }
                groups.into_iter().map(|(_, n)| n).collect()
            }
            _ => asked
                .throws
                .first()
                .map(|t| vec![t.dice])
                .unwrap_or_default(),
        }
    }

    pub fn dice_wanted(&self) -> usize {
        self.groups().iter().sum()
    }

    /// Works out again what the command would ask, after any change.
    pub fn reassess(&mut self, state: &GameState) {
        let bare = Form {
            faces: Vec::new(),
            ..self.clone()
        };
        self.asked = Command::parse_for(&bare.line(), state.ruleset())
            .and_then(|command| asked(state, &command));
        // Faces typed for a throw that changed size no longer mean anything.
        if self.faces.len() > self.dice_wanted() {
            self.faces.clear();
        }
    }

    /// One key. `state` is read to work out the dice again; nothing is changed here.
    pub fn key(&mut self, key: KeyEvent, state: &GameState) -> FormKey {
        let outcome = match (self.stage, key.code) {
            // Esc closes the window, always: the README's promise for every window.
            (_, KeyCode::Esc) => FormKey::Close,
            (Stage::Pick, _) => self.pick_key(key),
            (Stage::Facts, KeyCode::Enter) => self.submit(),
            (Stage::Facts, KeyCode::Char(':')) => FormKey::Edit(self.line()),
            (Stage::Facts, KeyCode::BackTab) => {
                if let Some(picker) = &mut self.picker {
                    if let Some(first) = picker.chosen.first().cloned() {
                        picker.highlight(&first);
                    }
                    self.stage = Stage::Pick;
                }
                FormKey::Stay
            }
            (Stage::Facts, KeyCode::Backspace) => {
                self.faces.pop();
                FormKey::Stay
            }
            (Stage::Facts, KeyCode::Char(_)) if chord(key) => FormKey::Stay,
            (Stage::Facts, KeyCode::Char(c)) => self.fact_key(c),
            _ => FormKey::Stay,
        };
        if matches!(outcome, FormKey::Stay) {
            self.reassess(state);
        }
        outcome
    }

    /// Shift-Tab in the list: back to the facts with the choice as it was. A move's list
    /// opened by its charge toggle had its target cleared, so it goes back uncharged.
    fn back_to_facts(&mut self) {
        self.charge_as_chosen();
        self.stage = Stage::Facts;
    }

    /// A move charges exactly when a target is chosen, so its toggle never says other
    /// than the line.
    fn charge_as_chosen(&mut self) {
        if self.kind != FormKind::Move {
            return;
        }
        let charging = self.picker.as_ref().is_some_and(|p| !p.chosen.is_empty());
        for t in self.toggles.iter_mut().filter(|t| t.word == "charge") {
            t.on = charging;
        }
    }

    /// Shift-Tab leaves the list for the facts only where they stand without a pick: a
    /// move (it need not charge), or a form whose choice is already made.
    pub fn may_leave_list(&self) -> bool {
        self.kind == FormKind::Move || self.picker.as_ref().is_some_and(|p| !p.chosen.is_empty())
    }

    fn pick_key(&mut self, key: KeyEvent) -> FormKey {
        let may_leave = self.may_leave_list();
        let Some(picker) = &mut self.picker else {
            return FormKey::Stay;
        };
        match key.code {
            KeyCode::Char('u') if key.modifiers.contains(KeyModifiers::CONTROL) => {
                picker.filter.clear();
                picker.highlighted = 0;
            }
            KeyCode::BackTab if may_leave => self.back_to_facts(),
            KeyCode::Up => picker.step(-1),
            KeyCode::Down => picker.step(1),
            KeyCode::PageUp => picker.step(-10),
            KeyCode::PageDown => picker.step(10),
            KeyCode::Backspace => {
                picker.filter.pop();
                picker.highlighted = 0;
            }
            KeyCode::Char(' ') if picker.multiple => picker.toggle_highlighted(),
            KeyCode::Char(c) if !c.is_control() && !chord(key) => {
                picker.filter.push(c);
                picker.highlighted = 0;
            }
            KeyCode::Enter | KeyCode::Tab => {
                let Some(chosen) = picker.on_enter() else {
                    return FormKey::Refused(
                        "no unit matches: Backspace or Ctrl-u the filter".into(),
                    );
                };
                picker.chosen = chosen;
                picker.by_hand = false;
                self.back_to_facts();
            }
            _ => {}
        }
        FormKey::Stay
    }

    fn fact_key(&mut self, c: char) -> FormKey {
        if let Some(face) = c.to_digit(10) {
            return self.type_face(face);
        }
        match (self.kind, c) {
            (FormKind::Shoot, 'c') => self.far = false,
            (FormKind::Shoot, 'f') => self.far = true,
            (FormKind::Move, 'f') => self.cycle_formation(),
            _ => return self.flip(c),
        }
        FormKey::Stay
    }

    fn type_face(&mut self, face: u32) -> FormKey {
        let Ok(face) = u8::try_from(face) else {
            return FormKey::Stay;
        };
        if !(1..=6).contains(&face) {
            return FormKey::Refused(format!("{face}: a die shows 1 to 6"));
        }
        let wanted = self.dice_wanted();
        if self.faces.len() >= wanted {
            return FormKey::Refused(match wanted {
                0 => "this needs no dice".to_owned(),
                n => format!("all {n} faces are typed: Backspace to change one"),
            });
        }
        self.faces.push(face);
        FormKey::Stay
    }

    fn flip(&mut self, c: char) -> FormKey {
        let Some(at) = self.toggles.iter().position(|t| t.key == c) else {
            return FormKey::Refused(format!("{c}: no such key here; : edits the line"));
        };
        let on = !self.toggles[at].on;
        self.toggles[at].on = on;
        // Soft and hard cover exclude each other, as do a battery's two shots.
        let other = match self.toggles[at].word {
            "soft" => Some("hard"),
            "hard" => Some("soft"),
            "canister" => Some("ballshot"),
            "ballshot" => Some("canister"),
            _ => None,
        };
        if let Some(other) = other
            && on
        {
            for t in self.toggles.iter_mut().filter(|t| t.word == other) {
                t.on = false;
            }
        }
        if self.kind == FormKind::Move && self.toggles[at].word == "charge" {
            self.charge_picker(on);
        }
        FormKey::Stay
    }

    fn charge_picker(&mut self, on: bool) {
        if let Some(picker) = &mut self.picker {
            picker.chosen.clear();
            if on {
                self.stage = Stage::Pick;
            }
        }
    }

    fn cycle_formation(&mut self) {
        let at = self
            .formation
            .and_then(|f| self.formations.iter().position(|&g| g == f));
        self.formation = match at {
            None => self.formations.first().copied(),
            Some(i) => self.formations.get(i + 1).copied(),
        };
    }

    fn submit(&self) -> FormKey {
        if self.kind == FormKind::Shoot && self.picker.as_ref().is_none_or(|p| p.chosen.is_empty())
        {
            return FormKey::Refused("pick a target first (Shift-Tab)".into());
        }
        let wanted = self.dice_wanted();
        let typed = self.faces.len();
        if typed > 0 && typed < wanted {
            return FormKey::Refused(format!(
                "{typed} of {wanted} faces typed: type the rest, or Backspace them all for \
                 the app's dice"
            ));
        }
        FormKey::Submit(self.line())
    }
}

/// Ctrl or Alt with a key: the screen's or the terminal's, never a letter of the form.
fn chord(key: KeyEvent) -> bool {
    key.modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
}

fn single(candidates: Vec<(String, String)>) -> Picker {
    Picker {
        candidates,
        ..Picker::default()
    }
}

/// The enemies a combat of `unit`'s must name, as the game knows them: the unit it
/// charged this turn, which `combat` insists it fights, then every other in contact with
/// it, which `combat` insists are named too.
fn enemies_it_fights(
    state: &GameState,
    unit: &Unit,
    candidates: &[(String, String)],
) -> Vec<String> {
    let mut enemies: Vec<String> = Vec::new();
    let charged = bound_to_fight(state, unit).map(str::to_owned);
    for id in charged.iter().chain(&unit.in_contact_with) {
        if candidates.iter().any(|(c, _)| c == id) && !enemies.contains(id) {
            enemies.push(id.clone());
        }
    }
    enemies
}

/// The enemy units still fighting, in roster order.
fn enemies_of(state: &GameState, unit: &Unit) -> Vec<(String, String)> {
    state
        .units()
        .iter()
        .filter(|u| u.side != unit.side && u.fighting())
        .map(|u| (u.id.clone(), u.name.clone()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_games::{barrosa, quatre_bras};

    /// The keys a form reads before its facts: the dice's faces, and shoot's close and far
    /// and move's formation.
    fn keys_the_form_takes(kind: FormKind) -> Vec<char> {
        let mut keys: Vec<char> = ('0'..='9').collect();
        match kind {
            FormKind::Shoot => keys.extend(['c', 'f']),
            FormKind::Move => keys.push('f'),
            FormKind::Test | FormKind::Rally | FormKind::Combat => {}
        }
        keys
    }

    /// The facts come from each ruleset's play, the keys the form reads from here: a fact
    /// on a key the form takes, or two on one key, could never be turned on.
    #[test]
    fn every_fact_a_play_offers_has_a_key_of_its_own() {
        let kinds = [
            FormKind::Shoot,
            FormKind::Test,
            FormKind::Rally,
            FormKind::Combat,
            FormKind::Move,
        ];
        for game in [quatre_bras(), barrosa()] {
            let state = game.state();
            for unit in state.units() {
                for kind in kinds {
                    let facts = form_facts(state, unit, kind.verb()).expect("a form");
                    let mut keys = keys_the_form_takes(kind);
                    for fact in &facts {
                        assert!(
                            !keys.contains(&fact.key),
                            "{} {}: {} on a taken key",
                            kind.verb(),
                            unit.id,
                            fact.word
                        );
                        keys.push(fact.key);
                    }
                }
            }
        }
    }
}
