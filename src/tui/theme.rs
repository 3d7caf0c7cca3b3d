//! The screen's styles: a shipped theme, or the referee's own merged over one, with
//! colour stripped on request.

use crate::read::line_of;
use ratatui::style::{Color, Modifier, Style};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::convert::Infallible;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use toml::Spanned;

/// The shipped themes, compiled in so the binary needs no files beside it. A test checks
/// that every file in `themes/` is listed here.
pub const BUILT_IN: &[(&str, &str)] = &[
    ("dark", include_str!("../../themes/dark.toml")),
    ("light", include_str!("../../themes/light.toml")),
    (
        "high-contrast",
        include_str!("../../themes/high-contrast.toml"),
    ),
];

/// The theme the screen opens in when the referee names none.
pub const DEFAULT_THEME: &str = "dark";

/// Declares the parts of the screen once: the struct, the names the theme files use and
/// the walk over every part all come from this list, so a new part is one line here (and
/// one in each shipped theme, which the tests insist on).
macro_rules! theme_parts {
    ($($part:ident),+ $(,)?) => {
        /// The style of each part of the screen.
        #[derive(Debug, Clone, PartialEq, Eq, Default)]
        pub struct Theme {
            $(pub $part: Style,)+
        }

        impl Theme {
            /// Every part, as the theme files name it.
            pub const PARTS: &[&str] = &[$(stringify!($part)),+];

            /// A theme made part by part from this one's styles.
            fn try_map<E>(
                &self,
                mut style_of: impl FnMut(&'static str, Style) -> Result<Style, E>,
            ) -> Result<Theme, E> {
                Ok(Theme {
                    $($part: style_of(stringify!($part), self.$part)?,)+
                })
            }
        }
    };
}

theme_parts!(
    text,
    dim,
    title,
    border,
    border_focus,
    tab,
    tab_active,
    header,
    side,
    selected,
    shaken,
    disordered,
    shattered,
    bar_full,
    bar_lost,
    phase_done,
    phase_now,
    ok,
    warn,
    error,
    key,
    hint,
);

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ThemeFile {
    base: Option<Spanned<String>>,
    #[serde(default)]
    style: BTreeMap<String, Spanned<StyleSpec>>,
}

/// One part as a file gives it. Each field left out keeps the base theme's, which is why
/// `modifiers` is an `Option`: `[]` must be able to clear a base's modifiers.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StyleSpec {
    fg: Option<String>,
    bg: Option<String>,
    modifiers: Option<Vec<String>>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ThemeError {
    /// The file, or the name the referee gave when there is no file.
    pub file: String,
    /// 1-based; 0 when the problem is the file as a whole.
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for ThemeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0 {
            write!(f, "theme {}: {}", self.file, self.message)
        } else {
            write!(f, "theme {}:{}: {}", self.file, self.line, self.message)
        }
    }
}

impl ThemeError {
    /// The one place a problem becomes its sentence.
    fn whole(file: &str, problem: &ThemeProblem) -> ThemeError {
        ThemeError {
            file: file.to_owned(),
            line: 0,
            message: problem.to_string(),
        }
    }

    fn at(file: &str, text: &str, span: &Range<usize>, problem: &ThemeProblem) -> Self {
        ThemeError {
            line: line_of(text, span.start),
            ..ThemeError::whole(file, problem)
        }
    }
}

/// Why a theme was refused: each check's problem, its data kept, its sentence made here
/// (`ThemeError` adds the file and the line).
#[derive(Debug, thiserror::Error)]
enum ThemeProblem {
    /// The file is not TOML, or not a theme's fields; toml's own words.
    #[error("{message}")]
    Toml { message: String },
    #[error("{}", crate::read::why_unreadable(.0))]
    Unreadable(std::io::Error),
    #[error("a shipped theme gives every part and has no `base`")]
    BaseInShipped,
    #[error("[style] has no `{part}`")]
    MissingPart { part: &'static str },
    #[error("[style] has an unknown part `{part}` (the parts: {})", Theme::PARTS.join(", "))]
    UnknownPart { part: String },
    #[error("[style] {part}: {problem}")]
    BadStyle { part: String, problem: StyleError },
    #[error("base = \"{base}\" is not a shipped theme ({})", built_in_names().join(", "))]
    BaseNotShipped { base: String },
    #[error("not a shipped theme ({})", built_in_names().join(", "))]
    NotShipped,
    /// No theme, shipped or the referee's, by the name chosen; `yours` are the referee's
    /// own in `folder` that are not shipped names.
    #[error("{}", unknown_theme(.folder.as_deref(), .yours))]
    UnknownTheme {
        folder: Option<PathBuf>,
        yours: Vec<String>,
    },
}

impl Theme {
    /// Reads a shipped theme; every part must be given, so a typo cannot leave a part
    /// unstyled.
    pub fn parse(file: &str, text: &str) -> Result<Theme, ThemeError> {
        let parsed = read(file, text)?;
        if let Some(base) = &parsed.base {
            return Err(ThemeError::at(
                file,
                text,
                &base.span(),
                &ThemeProblem::BaseInShipped,
            ));
        }
        Theme::default().try_map(|part, _| match parsed.patches.get(part) {
            Some(patch) => Ok(patch.over(Style::default())),
            None => Err(ThemeError::whole(file, &ThemeProblem::MissingPart { part })),
        })
    }

    /// Reads the referee's own theme: the parts it names, and within them the fields it
    /// gives, laid over the shipped theme its `base = "…"` key names, else over `base`,
    /// else over `dark`.
    pub fn parse_over(file: &str, text: &str, base: Option<&str>) -> Result<Theme, ThemeError> {
        let parsed = read(file, text)?;
        let base = match &parsed.base {
            Some(named) => Theme::shipped(named.get_ref()).map_err(|_| {
                let base = named.get_ref().clone();
                ThemeError::at(
                    file,
                    text,
                    &named.span(),
                    &ThemeProblem::BaseNotShipped { base },
                )
            })?,
            None => Theme::shipped(base.unwrap_or(DEFAULT_THEME))?,
        };
        let Ok(theme) = base.try_map(|part, style| {
            Ok::<_, Infallible>(parsed.patches.get(part).map_or(style, |p| p.over(style)))
        });
        Ok(theme)
    }

    /// The default theme, `dark`.
    pub fn built_in() -> Result<Theme, ThemeError> {
        Theme::shipped(DEFAULT_THEME)
    }

    /// A shipped theme by name.
    pub fn shipped(name: &str) -> Result<Theme, ThemeError> {
        let (name, text) = BUILT_IN
            .iter()
            .find(|(built_in, _)| *built_in == name)
            .ok_or_else(|| ThemeError::whole(name, &ThemeProblem::NotShipped))?;
        Theme::parse(&format!("{name}.toml"), text)
    }

    /// The theme the referee chose with `--theme`: a path when it has a `/` or ends in
    /// `.toml`, else a theme of theirs in `user_folder`, else a shipped one.
    pub fn find(choice: &str, user_folder: Option<&Path>) -> Result<Theme, ThemeError> {
        let read_file = |path: &Path, base: Option<&str>| {
            let file = path.display().to_string();
            let text = crate::read::read_bounded(path, crate::read::THEME_LIMIT)
                .map_err(|e| ThemeError::whole(&file, &ThemeProblem::Unreadable(e)))?;
            Theme::parse_over(&file, &text, base)
        };
        if choice.contains('/')
            || choice.contains(std::path::MAIN_SEPARATOR)
            || Path::new(choice)
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("toml"))
        {
            return read_file(Path::new(choice), None);
        }
        let shipped = BUILT_IN.iter().any(|(name, _)| *name == choice);
        if let Some(path) = user_folder
            .map(|folder| folder.join(format!("{choice}.toml")))
            .filter(|path| path.is_file())
        {
            // The referee's file of a shipped theme's name adjusts that theme.
            return read_file(&path, shipped.then_some(choice));
        }
        if shipped {
            return Theme::shipped(choice);
        }
        let yours = user_folder.map_or_else(Vec::new, |folder| {
            let shipped = built_in_names();
            user_theme_names(folder)
                .into_iter()
                .filter(|name| !shipped.contains(&name.as_str()))
                .collect()
        });
        let folder = user_folder.map(Path::to_path_buf);
        Err(ThemeError::whole(
            choice,
            &ThemeProblem::UnknownTheme { folder, yours },
        ))
    }

    /// The same theme with every colour removed and the modifiers kept (`NO_COLOR`).
    /// Done here rather than left to crossterm, whose own `NO_COLOR` handling emits a
    /// bare reset that also cancels reverse video, and the selection would vanish.
    #[must_use]
    pub fn without_colours(self) -> Theme {
        let Ok(theme) = self.try_map(|_, style| {
            // A background marked a highlight; without colour, reverse video marks it.
            let style = if style.bg.is_some() {
                style.add_modifier(Modifier::REVERSED)
            } else {
                style
            };
            Ok::<_, Infallible>(Style {
                fg: None,
                bg: None,
                underline_color: None,
                ..style
            })
        });
        theme
    }
}

fn built_in_names() -> Vec<&'static str> {
    BUILT_IN.iter().map(|(name, _)| *name).collect()
}

/// The referee's own themes: the `.toml` files in the folder, by name, sorted.
fn user_theme_names(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .filter_map(|path| Some(path.file_stem()?.to_string_lossy().into_owned()))
        .collect();
    names.sort();
    names
}

/// "no theme of that name. Themes: dark, …": the shipped names, then `yours` (the
/// referee's own in `user_folder`, less any shipped name), or where theirs would go.
fn unknown_theme(user_folder: Option<&Path>, yours: &[String]) -> String {
    let mut names: Vec<String> = built_in_names().into_iter().map(str::to_owned).collect();
    let themes = match user_folder {
        None => names.join(", "),
        Some(folder) => {
            if yours.is_empty() {
                format!(
                    "{}; your own go in {}",
                    names.join(", "),
                    folder.join("<name>.toml").display()
                )
            } else {
                names.extend(yours.iter().cloned());
                format!("{} (yours are in {})", names.join(", "), folder.display())
            }
        }
    };
    format!("no theme of that name. Themes: {themes}. A path to a .toml file also works.")
}

/// What a theme file says, checked part by part but not yet laid over anything.
struct Parsed {
    base: Option<Spanned<String>>,
    patches: BTreeMap<String, Patch>,
}

fn read(file: &str, text: &str) -> Result<Parsed, ThemeError> {
    let parsed: ThemeFile = toml::from_str(text).map_err(|e| {
        let problem = ThemeProblem::Toml {
            message: e.message().trim().to_owned(),
        };
        match e.span() {
            Some(span) => ThemeError::at(file, text, &span, &problem),
            None => ThemeError::whole(file, &problem),
        }
    })?;
    let mut patches = BTreeMap::new();
    for (part, spec) in parsed.style {
        let at = |problem: ThemeProblem| ThemeError::at(file, text, &spec.span(), &problem);
        if !Theme::PARTS.contains(&part.as_str()) {
            return Err(at(ThemeProblem::UnknownPart { part }));
        }
        let patch = match spec.get_ref().to_patch() {
            Ok(patch) => patch,
            Err(problem) => return Err(at(ThemeProblem::BadStyle { part, problem })),
        };
        patches.insert(part, patch);
    }
    Ok(Parsed {
        base: parsed.base,
        patches,
    })
}

/// The fields one part sets; `None` keeps the style beneath.
#[derive(Debug, Clone, Copy)]
struct Patch {
    fg: Option<Color>,
    bg: Option<Color>,
    modifiers: Option<Modifier>,
}

impl Patch {
    fn over(self, style: Style) -> Style {
        // "reset" asks for the terminal's own colour: no colour at all, so that
        // `without_colours` does not take a reset background for a highlight.
        let colour = |given: Option<Color>, beneath: Option<Color>| match given {
            Some(Color::Reset) => None,
            Some(colour) => Some(colour),
            None => beneath,
        };
        let (add_modifier, sub_modifier) = match self.modifiers {
            Some(modifiers) => (modifiers, Modifier::empty()),
            None => (style.add_modifier, style.sub_modifier),
        };
        Style {
            fg: colour(self.fg, style.fg),
            bg: colour(self.bg, style.bg),
            add_modifier,
            sub_modifier,
            ..style
        }
    }
}

/// Whether the environment asks for no colour: `NO_COLOR` set and not empty (no-color.org).
pub fn no_color_requested() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty())
}

/// Why a part's style in a theme file cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum StyleError {
    #[error("unknown colour `{name}`")]
    UnknownColour { name: String },
    #[error(
        "unknown modifier `{word}` (bold, dim, italic, underlined, \
         reversed)"
    )]
    UnknownModifier { word: String },
}

impl StyleSpec {
    fn to_patch(&self) -> Result<Patch, StyleError> {
        let colour = |name: &Option<String>| -> Result<Option<Color>, StyleError> {
            name.as_deref()
                .map(|name| {
                    Color::from_str(name).map_err(|_| StyleError::UnknownColour {
                        name: name.to_owned(),
                    })
                })
                .transpose()
        };
        let modifiers = match &self.modifiers {
            None => None,
            Some(words) => Some(words.iter().try_fold(Modifier::empty(), |all, word| {
                Ok::<_, StyleError>(
                    all | match word.as_str() {
                        "bold" => Modifier::BOLD,
                        "dim" => Modifier::DIM,
                        "italic" => Modifier::ITALIC,
                        "underlined" => Modifier::UNDERLINED,
                        "reversed" => Modifier::REVERSED,
                        other => {
                            return Err(StyleError::UnknownModifier {
                                word: other.to_owned(),
                            });
                        }
                    },
                )
            })?),
        };
        Ok(Patch {
            fg: colour(&self.fg)?,
            bg: colour(&self.bg)?,
            modifiers,
        })
    }
}

#[cfg(test)]
mod tests;
