//! `adjutant serve` with the real OpenSSH client: the referee's screen in one tmux
//! session, each player's `ssh` in another on the same private tmux server, keys typed
//! as people type them and every screen read back with `capture-pane`.
//!
//! Needs `tmux` and `ssh`: without them the tests fail when `CI` is set and are skipped
//! otherwise.

mod common;

use common::serve::{Table, free_port, make_key, ssh};
use common::tmux::{Tmux, act_succeeds, adjutant, new_game, run, tmux_available};
use tempfile::TempDir;

#[test]
fn a_side_sees_its_roster_then_the_referees_hit_and_never_the_enemys_note_or_grade() {
    let Some(table) = Table::open() else {
        return;
    };
    let france = table.join("france", "france", 50, 20);
    assert!(france.contains("fr-2lg"), "{france}");
    let guest = table.join("guest", "guest", 80, 24);
    assert!(guest.contains("fr-2lg"), "{guest}");

    table.tmux.run_line("hit fr-2lg 2");
    table.tmux.wait_for("10 figures left");
    // The French player reads the command (it is his unit), the guest only its effect.
    table.tmux.wait_for_in("france", "hit fr-2lg 2");
    let france = table.tmux.wait_for_in("france", "10/12");
    assert!(france.contains("fr-2lg"), "{france}");
    let guest = table.tmux.wait_for_in("guest", "10/12");
    assert!(
        !guest.contains("hit fr-2lg"),
        "the guest reads the kind of hit:\n{guest}"
    );

    table.referee_types("note br-28 low on powder", "note \"low on powder\"");
    // br-28 in the French player's roster: its grade hidden, and its details too.
    table.tmux.send_to("france", "'");
    table.type_line("france", "br-28");
    // The jump window lists its matches with the same mark: the roster's row is read
    // once the window has closed.
    let mut roster = String::new();
    table
        .tmux
        .wait_until("br-28 selected, the jump window closed", || {
            roster = table.tmux.capture_of("france");
            roster.contains("▶ br-28") && !roster.contains("Jump to a unit")
        });
    let row = roster.lines().find(|l| l.contains("▶ br-28")).unwrap();
    assert!(row.contains(" ? "), "the enemy's grade shows: {row}");
    table.tmux.send_to("france", "Enter");
    let details = table
        .tmux
        .wait_for_in("france", "1/28th Foot · Anglo-Allied");
    assert!(
        !details.contains("powder"),
        "the enemy's note shows:\n{details}"
    );
    // The guest sees neither side's notes; the referee sees it.
    assert!(!table.tmux.capture_of("guest").contains("powder"));
}

#[test]
fn a_sides_keys_leave_the_save_as_it_was() {
    let Some(table) = Table::open() else {
        return;
    };
    table.join("france", "france", 80, 24);
    let before = std::fs::read(&table.save).unwrap();
    for key in ["h", ":", "u", "x", "n", "Enter", "r", "Escape", "C-u"] {
        table.tmux.send_to("france", key);
    }
    table.type_line("france", ":hit fr-2lg 2");
    table.tmux.wait_for_in("france", "read-only");
    // A command of the referee's after them: the save changes by it alone.
    table.referee_types("note fr-61 last", "note \"last\"");
    let after = std::fs::read_to_string(&table.save).unwrap();
    assert!(after.contains("note fr-61 last"));
    assert!(!after.contains("hit fr-2lg"), "a side's keys hit a unit");
    assert_ne!(before, after.as_bytes());
    let log = run(adjutant(table.folder.path()).arg("log").arg(&table.save));
    let log = String::from_utf8_lossy(&log.stdout);
    let commands: Vec<&str> = log.lines().filter(|l| !l.starts_with("      ")).collect();
    assert_eq!(
        commands,
        ["   1. turn 1 france rally: note fr-61 last"],
        "{log}"
    );
}

#[test]
fn a_wrong_passphrase_and_an_unknown_login_are_refused() {
    let Some(table) = Table::open() else {
        return;
    };
    table.knock("wrong", "france", 80, 24);
    // Two mistyped passphrases leave the third try ssh offers, on the same connection.
    for tries in 1..=2 {
        table.type_line("wrong", "not-the-passphrase");
        table
            .tmux
            .wait_until(&format!("the password asked {} times", tries + 1), || {
                table.tmux.capture_of("wrong").matches("password:").count() == tries + 1
            });
    }
    table.answer("wrong");
    table.tmux.wait_for_in("wrong", "WATCHING");
    // The players' passphrase does not make a co-referee.
    table.knock("posing", "referee", 80, 10);
    table.answer("posing");
    table.tmux.wait_for_in("posing", "Permission denied");
    table.knock("stranger", "prussia", 80, 10);
    table.answer("stranger");
    table.tmux.wait_for_in("stranger", "Permission denied");
    // A command instead of the screen is refused too.
    let refused = table.without_a_screen("exec", "", "guest", "ls /");
    assert!(refused.contains("exec request failed"), "{refused}");
}

#[test]
fn quitting_the_referees_screen_closes_the_table_and_tells_each_client() {
    let Some(table) = Table::open() else {
        return;
    };
    table.join("allies", "allies", 50, 20);
    table.join("leaving", "guest", 50, 20);
    // A client's q ends its own session only.
    table.tmux.send_to("leaving", "q");
    table.tmux.wait_for_in("leaving", "exit=0");
    table.tmux.send("q");
    let referee = table.tmux.wait_for("exit=0");
    assert!(referee.contains("The table is closed"), "{referee}");
    let allies = table.tmux.wait_for_in("allies", "exit=0");
    assert!(
        allies.contains("the referee has closed the table"),
        "{allies}"
    );
    // The save's lock is given back: a command from the command line goes through.
    act_succeeds(&table.save, "note fr-61 after");
}

#[test]
fn a_client_without_a_terminal_is_told_to_ask_for_one_and_a_capitalised_login_gets_in() {
    let Some(table) = Table::open() else {
        return;
    };
    let told = table.without_a_screen("plain", "-T", "guest", "");
    assert!(told.contains("needs a terminal"), "{told}");
    // A phone's keyboard capitalises the login's first letter.
    let france = table.join("capital", "France", 50, 20);
    assert!(france.contains("WATCHING (france)"), "{france}");
}

#[test]
fn a_co_referees_commands_are_carried_out_in_turn_saved_with_who_typed_them_and_undone_by_either() {
    let Some(table) = Table::open() else {
        return;
    };
    let passphrase = table.co_referees_passphrase();
    let france = table.join("france", "france", 80, 24);
    assert!(france.contains("12/12"), "{france}");
    table.knock("co", "referee", 100, 30);
    table.type_line("co", &passphrase);
    table.tmux.wait_for_in("co", "CO-REFEREE");
    // The referee's screen counts who came in.
    table.tmux.wait_for("2 on SSH");

    table.type_line("co", ":hit fr-61 2");
    table
        .tmux
        .wait_for_in("co", "takes 2 loss hits: 10 figures left");
    // The referee reads who did it; the player sees it as any change.
    table
        .tmux
        .wait_for("referee@127.0.0.1: fr-61 (1/61e Ligne) takes 2 loss hits");
    table.tmux.wait_for_in("france", "hit fr-61 2");
    let saved = std::fs::read_to_string(&table.save).unwrap();
    assert!(saved.contains("by = \"referee@127.0.0.1\""), "{saved}");

    // In turn: the referee's own command next, then undo from the co-referee's screen
    // takes back the referee's, and undo from the referee's the co-referee's.
    table.referee_types("note fr-61 holds the wood", "note \"holds the wood\"");
    table.tmux.wait_for_in("co", "holds the wood");
    table.type_line("co", ":undo");
    table.tmux.wait_for_in("co", "undone: note fr-61");
    table.referee_types("undo", "undone: hit fr-61 2");
    table.tmux.wait_for_in("co", "undone");
    let log = run(adjutant(table.folder.path()).arg("log").arg(&table.save));
    let log = String::from_utf8_lossy(&log.stdout);
    assert!(log.contains("The log is empty"), "{log}");

    table.type_line("co", ":redo");
    table.tmux.wait_for_in("co", "redone: hit fr-61 2");
    let log = run(adjutant(table.folder.path()).arg("log").arg(&table.save));
    let log = String::from_utf8_lossy(&log.stdout);
    assert!(
        log.contains("hit fr-61 2 (typed by referee@127.0.0.1)"),
        "{log}"
    );
    // A slip on the co-referee's screen is told there and changes nothing.
    let before = std::fs::read(&table.save).unwrap();
    table.type_line("co", ":hit nobody 1");
    table.tmux.wait_for_in("co", "refused:");
    assert_eq!(before, std::fs::read(&table.save).unwrap());
}

#[test]
fn under_keys_a_listed_key_logs_in_as_its_role_whatever_the_name_and_nothing_else_does() {
    let mut keys = Vec::new();
    let Some(table) = Table::open_with_keys(|folder| {
        let (anne, anne_public) = make_key(folder, "anne", "ed25519");
        let (rita, rita_public) = make_key(folder, "rita", "ecdsa");
        // An old laptop's key: RSA, of ssh-keygen's size.
        let (gus, gus_public) = make_key(folder, "gus", "rsa");
        keys = vec![anne, rita, gus, make_key(folder, "stray", "ed25519").0];
        format!(
            "# tonight's club\nfrance {anne_public}\n\nREFEREE {rita_public}\nguest {gus_public}\n"
        )
    }) else {
        return;
    };
    let [anne, rita, gus, stray] = &keys[..] else {
        unreachable!()
    };
    // The login name is the enemy's: the key says France, and France it is.
    table.knock_with_key("anne", "allies", anne);
    let france = table.tmux.wait_for_in("anne", "WATCHING (france)");
    assert!(france.contains("fr-2lg"), "{france}");
    // The referee's key, under the guest's name, sees what only the referee sees: the
    // note on an Allied unit, which neither a side nor a guest reads.
    // The login name says guest; the key says referee, and a co-referee it is.
    table.knock_with_key("rita", "guest", rita);
    table.tmux.wait_for_in("rita", "CO-REFEREE");
    table.referee_types("note br-28 low on powder", "note \"low on powder\"");
    table.tmux.wait_for_in("rita", "low on powder");
    // France is told of a change, and not what it was.
    let france = table.tmux.wait_for_in("anne", "updated T1 rally");
    assert!(!france.contains("powder"), "{france}");

    table.knock_with_key("gus", "gus", gus);
    table.tmux.wait_for_in("gus", "WATCHING (guest)");

    table.knock_with_key("stray", "france", stray);
    let refused = table.tmux.wait_for_in("stray", "exit=");
    assert!(
        refused.contains("Permission denied (publickey)"),
        "{refused}"
    );
    // No passphrase is asked for, so none can be guessed or read out to the room.
    table
        .tmux
        .beside("passphrase", &ssh(table.port, "-tt", "france", ""), 80, 10);
    let refused = table.tmux.wait_for_in("passphrase", "exit=");
    assert!(
        refused.contains("Permission denied (publickey)"),
        "{refused}"
    );
    assert!(!refused.contains("password:"), "{refused}");

    // The referee's help repeats the banner: the keys each role has, a side with none too.
    table.tmux.send("?");
    let help = table.tmux.wait_for("Players over SSH");
    assert!(help.contains("ssh -p "), "{help}");
    assert!(help.contains("france   1 key"), "{help}");
    assert!(
        help.contains("allies   no key: nobody can join as it"),
        "{help}"
    );
    assert!(help.contains("Server key: SHA256:"), "{help}");
}

#[test]
fn a_bad_keys_file_is_refused_at_its_line_and_column_and_the_save_is_untouched() {
    if !tmux_available() {
        return;
    }
    let folder = TempDir::new().unwrap();
    let save = new_game(folder.path());
    let keys = folder.path().join("club-keys.txt");
    std::fs::write(
        &keys,
        "# the club\nfrance ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFYCY48pN431\n\
         prussia ssh-ed25519 AAAA\n",
    )
    .unwrap();
    let before = std::fs::read(&save).unwrap();
    let port = free_port().to_string();
    let keys_word = keys.display().to_string();
    let tmux = Tmux::start_after(
        &format!(
            "ADJUTANT_DATA_DIR={} ",
            folder.path().join("data").display()
        ),
        &save,
        &["serve"],
        &["--bind", "127.0.0.1", "--port", &port, "--keys", &keys_word],
        250,
        20,
    );
    let told = tmux.wait_for("exit=");
    assert!(told.contains("exit=1"), "{told}");
    assert!(
        told.contains(&format!(
            "{keys_word}:2:8: the text after `ssh-ed25519` is not a ssh-ed25519 key"
        )),
        "{told}"
    );
    assert!(
        told.contains(&format!(
            "{keys_word}:3:1: `prussia` is not a role of this game: expected a side's id \
             (france, allies), guest or referee"
        )),
        "{told}"
    );
    assert_eq!(std::fs::read(&save).unwrap(), before);
    // Nothing was made for a server that never started: no host key.
    assert!(!folder.path().join("data").exists());
    // And the save's lock was given back.
    act_succeeds(&save, "note fr-61 after");
}
