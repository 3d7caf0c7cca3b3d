use super::*;

fn shipped(name: &str) -> &'static str {
    BUILT_IN.iter().find(|(n, _)| *n == name).unwrap().1
}

fn parts(theme: &Theme) -> Vec<(&'static str, Style)> {
    let mut all = Vec::new();
    let Ok(_) = theme.try_map(|part, style| {
        all.push((part, style));
        Ok::<_, Infallible>(style)
    });
    all
}

fn dark() -> Theme {
    Theme::built_in().unwrap()
}

/// A user theme folder holding the given files.
fn folder_with(files: &[(&str, &str)]) -> tempfile::TempDir {
    let folder = tempfile::tempdir().unwrap();
    for (name, text) in files {
        std::fs::write(folder.path().join(name), text).unwrap();
    }
    folder
}

#[test]
fn every_shipped_theme_reads_and_keeps_the_selection_in_reverse() {
    for (name, text) in BUILT_IN {
        let theme = Theme::parse(name, text).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            theme.selected.add_modifier.contains(Modifier::REVERSED),
            "{name}: the selection must show without colour"
        );
        let plain = theme.without_colours();
        assert!(plain.selected.add_modifier.contains(Modifier::REVERSED));
    }
    assert_eq!(BUILT_IN[0].0, DEFAULT_THEME, "the default comes first");
    assert_eq!(dark().title.bg, Some(Color::Yellow));
}

/// A theme file added to `themes/` but not to `BUILT_IN` would never be compiled in.
#[test]
fn every_file_in_the_themes_folder_is_built_in() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("themes");
    let files = user_theme_names(&folder);
    let mut listed = built_in_names();
    listed.sort_unstable();
    assert_eq!(files, listed);
    for (name, text) in BUILT_IN {
        let on_disk = std::fs::read_to_string(folder.join(format!("{name}.toml"))).unwrap();
        assert_eq!(&on_disk, text);
    }
}

#[test]
fn the_light_theme_reads_on_white() {
    let theme = Theme::shipped("light").unwrap();
    assert_eq!(
        theme.text,
        Style::default(),
        "the terminal's own text colour"
    );
    let pale = [
        Color::Yellow,
        Color::LightYellow,
        Color::White,
        Color::Gray,
        Color::LightCyan,
        Color::LightGreen,
    ];
    for (part, style) in parts(&theme) {
        if style.bg.is_none() {
            assert!(
                !style.fg.is_some_and(|fg| pale.contains(&fg)),
                "{part}: pale text on white"
            );
        }
    }
}

#[test]
fn the_high_contrast_theme_has_only_the_16_named_colours() {
    let theme = Theme::shipped("high-contrast").unwrap();
    let fg_alone = [Color::Red, Color::Magenta];
    for (part, style) in parts(&theme) {
        for colour in [style.fg, style.bg].into_iter().flatten() {
            assert!(
                !matches!(colour, Color::Indexed(_) | Color::Rgb(..)),
                "{part}: {colour:?} is not one of the 16"
            );
        }
        if style.bg.is_none() {
            assert!(
                style.fg.is_none_or(|fg| fg_alone.contains(&fg)),
                "{part}: {:?} on the terminal's background may not read",
                style.fg
            );
        }
    }
}

#[test]
fn without_colours_keeps_bold_and_reverse() {
    let theme = dark().without_colours();
    assert_eq!(theme.title.bg, None);
    assert_eq!(theme.title.fg, None);
    assert!(theme.title.add_modifier.contains(Modifier::BOLD));
    assert!(theme.selected.add_modifier.contains(Modifier::REVERSED));
    assert!(
        theme.tab_active.add_modifier.contains(Modifier::REVERSED),
        "a background becomes reverse video"
    );
    assert!(!theme.shaken.add_modifier.contains(Modifier::REVERSED));
}

#[test]
fn a_shipped_theme_missing_a_part_or_with_a_bad_colour_is_named() {
    let dark = shipped("dark");
    let missing = dark.replace("hint = { fg = \"gray\" }", "");
    assert_eq!(
        Theme::parse("t.toml", &missing).unwrap_err().message,
        "[style] has no `hint`"
    );
    let bad = dark.replace("\"green\"", "\"greenish\"");
    let error = Theme::parse("t.toml", &bad).unwrap_err();
    assert_eq!(error.message, "[style] bar_full: unknown colour `greenish`");
    assert!(
        bad.lines()
            .nth(error.line - 1)
            .unwrap()
            .starts_with("bar_full")
    );
    let extra = format!("{dark}\nsparkle = {{}}\n");
    let error = Theme::parse("t.toml", &extra).unwrap_err();
    assert!(
        error
            .message
            .starts_with("[style] has an unknown part `sparkle` (the parts: text, dim,"),
        "{error}"
    );
    let based = format!("base = \"light\"\n{dark}");
    assert!(Theme::parse("t.toml", &based).is_err());
}

#[test]
fn a_users_theme_merges_by_field_over_dark() {
    let theme =
        Theme::parse_over("mine.toml", "[style]\nshaken = { fg = \"red\" }\n", None).unwrap();
    let dark = dark();
    assert_eq!(theme.shaken.fg, Some(Color::Red));
    assert_eq!(
        theme.shaken.add_modifier, dark.shaken.add_modifier,
        "the fields it leaves out are dark's"
    );
    assert_eq!(
        Theme {
            shaken: dark.shaken,
            ..theme
        },
        dark,
        "the parts it leaves out are dark's"
    );
}

#[test]
fn modifiers_replace_and_reset_drops_a_colour() {
    let text = "[style]\ntitle = { bg = \"reset\", modifiers = [] }\n";
    let theme = Theme::parse_over("mine.toml", text, None).unwrap();
    assert_eq!(theme.title, Style::default().fg(Color::Black));
    assert!(
        !theme
            .without_colours()
            .title
            .add_modifier
            .contains(Modifier::REVERSED)
    );
}

#[test]
fn base_chooses_the_theme_beneath() {
    let text = "base = \"light\"\n[style]\nkey = { fg = \"blue\" }\n";
    let theme = Theme::parse_over("mine.toml", text, None).unwrap();
    let light = Theme::shipped("light").unwrap();
    assert_eq!(theme.key.fg, Some(Color::Blue));
    assert_eq!(theme.title, light.title);
    let error = Theme::parse_over("mine.toml", "\nbase = \"sepia\"\n", None).unwrap_err();
    assert_eq!(error.line, 2);
    assert_eq!(
        error.message,
        "base = \"sepia\" is not a shipped theme (dark, light, high-contrast)"
    );
}

#[test]
fn a_users_file_of_a_shipped_name_adjusts_that_theme() {
    let folder = folder_with(&[("light.toml", "[style]\nwarn = { fg = \"red\" }\n")]);
    let theme = Theme::find("light", Some(folder.path())).unwrap();
    let light = Theme::shipped("light").unwrap();
    assert_eq!(theme.warn.fg, Some(Color::Red));
    assert_eq!(theme.title, light.title);
    assert_eq!(Theme::find("dark", Some(folder.path())).unwrap(), dark());
}

#[test]
fn a_new_name_in_the_users_folder_is_found() {
    let folder = folder_with(&[("sepia.toml", "base = \"light\"\n")]);
    assert_eq!(
        Theme::find("sepia", Some(folder.path())).unwrap(),
        Theme::shipped("light").unwrap()
    );
}

#[test]
fn an_unknown_name_lists_the_themes() {
    let empty = folder_with(&[]);
    let error = Theme::find("nonsense", Some(empty.path())).unwrap_err();
    assert_eq!(error.file, "nonsense");
    assert!(
        error.to_string().starts_with(
            "theme nonsense: no theme of that name. Themes: dark, light, high-contrast; \
                 your own go in "
        ),
        "{error}"
    );
    let folder = folder_with(&[("sepia.toml", ""), ("light.toml", "")]);
    let error = Theme::find("nonsense", Some(folder.path())).unwrap_err();
    assert!(
        error
            .message
            .contains("Themes: dark, light, high-contrast, sepia (yours are in"),
        "{error}"
    );
    assert!(Theme::find("nonsense", None).is_err());
}

#[test]
fn a_path_is_read_as_a_file() {
    let folder = folder_with(&[("warm", "[style]\nside = { fg = \"red\" }\n")]);
    let path = folder.path().join("warm");
    let theme = Theme::find(&path.to_string_lossy(), None).unwrap();
    assert_eq!(theme.side.fg, Some(Color::Red));
    let error = Theme::find("missing.toml", None).unwrap_err();
    assert_eq!(error.file, "missing.toml");
    assert_eq!(
        error.message,
        "there is no such file; check its name and folder"
    );
}

#[test]
fn a_users_mistakes_name_the_file_the_part_and_the_line() {
    let folder = folder_with(&[(
        "mine.toml",
        "[style]\ntitle = {}\nsparkle = { fg = \"red\" }\n",
    )]);
    let error = Theme::find("mine", Some(folder.path())).unwrap_err();
    assert!(error.file.ends_with("mine.toml"));
    assert_eq!(error.line, 3);
    assert!(error.message.contains("unknown part `sparkle`"), "{error}");
    assert!(
        error
            .to_string()
            .contains("mine.toml:3: [style] has an unknown part"),
        "{error}"
    );

    let text = "[style]\n\nshaken = { fg = \"redd\" }\n";
    let error = Theme::parse_over("mine.toml", text, None).unwrap_err();
    assert_eq!(
        (error.line, error.message.as_str()),
        (3, "[style] shaken: unknown colour `redd`")
    );
    let text = "[style]\nshaken = { fg = \"red\", modifiers = [\"blink\"] }\n";
    let error = Theme::parse_over("mine.toml", text, None).unwrap_err();
    assert_eq!(error.line, 2);
    assert!(
        error.message.contains("unknown modifier `blink`"),
        "{error}"
    );
    let error =
        Theme::parse_over("mine.toml", "[style]\nshaken = { fgg = 1 }\n", None).unwrap_err();
    assert_eq!(error.line, 2);
}

#[test]
fn the_problems_no_referees_file_can_reach_say_what_the_checks_said() {
    let based = format!("base = \"light\"\n{}", shipped("dark"));
    let error = Theme::parse("t.toml", &based).unwrap_err();
    assert_eq!(
        error.to_string(),
        "theme t.toml:1: a shipped theme gives every part and has no `base`"
    );
    assert_eq!(
        Theme::shipped("sepia").unwrap_err().to_string(),
        "theme sepia: not a shipped theme (dark, light, high-contrast)"
    );
    assert_eq!(
        Theme::find("nonsense", None).unwrap_err().to_string(),
        "theme nonsense: no theme of that name. Themes: dark, light, high-contrast. \
         A path to a .toml file also works."
    );
}
