//! The README shows the screen at 80x24 as text; this draws that position and holds the
//! README to what the screen really shows, so the picture a newcomer reads first is true.

mod common;

use common::screen::{drawn, quatre_bras};

/// The README's picture: the 4-space-indented lines after "At 80x24 it looks like this:".
fn readme_picture() -> Vec<String> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("the README");
    readme
        .split_once("At 80x24 it looks like this:\n\n")
        .expect("the README introduces its screen with 'At 80x24 it looks like this:'")
        .1
        .lines()
        .take_while(|line| line.starts_with("    "))
        .map(|line| line[4..].trim_end().to_owned())
        .collect()
}

#[test]
fn the_readmes_screen_is_what_the_screen_draws() {
    // Quatre-Bras, the French movement phase of turn 1, after a few hard knocks.
    let mut opened = quatre_bras(&[
        "next",
        "hit fr-61 2",
        "shaken fr-61",
        "disorder fr-108",
        "form fr-108 column",
        "cmd fr-3 out",
        "remove fr-2lg",
    ]);
    opened.app.select_unit("fr-108");
    let terminal = drawn(&mut opened.app, 80, 24);
    let buffer = terminal.backend().buffer();
    let drawn: Vec<String> = (0..buffer.area.height)
        .map(|y| {
            let row: String = (0..buffer.area.width)
                .map(|x| buffer[(x, y)].symbol())
                .collect();
            row.trim_end().to_owned()
        })
        .collect();
    assert_eq!(
        readme_picture(),
        drawn,
        "README.md's screen at 80x24 is out of date; this is the screen:\n{}",
        drawn.join("\n")
    );
}
