//! The engine every ruleset is played on: the state of the battle, the events that change
//! it and the one place that applies them, the rolls with their reasons, and the checks
//! every ruleset's commands share (a unit found by its id, on the table, in play, of the
//! active side, in its phase; hits; dice thrown or typed).
//!
//! It knows no ruleset's commands: each ruleset's throws are worked out over it in its
//! play (`rules/<ruleset>/play/`, whose `PLAY` answers what [`play::Play`] asks), and the
//! game above parses a line and sends it to the ruleset that owns the word, holding the
//! play's own command and refusals behind [`own_command::OwnCommand`] and
//! [`play_refusal::OwnRefusal`].

pub mod answer;
pub mod apply;
mod apply_error;
pub mod checklist;
pub mod clock;
pub mod combat_round;
pub mod command_chain;
pub mod event;
pub mod find;
pub mod guards;
pub mod house_rule;
pub mod logged;
pub mod own_command;
pub mod own_concern;
pub mod own_event;
pub mod play;
pub mod play_refusal;
pub mod refusal;
pub mod roll;
pub mod state;
mod suppose;
pub mod thrower;
pub mod unit_need;
pub mod words;
