//! The screen's styles, read from a theme file, with colour stripped on request.

use ratatui::style::{Color, Modifier, Style};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::str::FromStr;

/// The default theme, compiled in so the binary needs no files beside it.
pub const DEFAULT: &str = include_str!("../../themes/default.toml");

/// The style of each part of the screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Theme {
    pub text: Style,
    pub dim: Style,
    pub title: Style,
    pub border: Style,
    pub border_focus: Style,
    pub tab: Style,
    pub tab_active: Style,
    pub header: Style,
    pub side: Style,
    pub selected: Style,
    pub shaken: Style,
    pub disordered: Style,
    pub shattered: Style,
    pub bar_full: Style,
    pub bar_lost: Style,
    pub phase_done: Style,
    pub phase_now: Style,
    pub ok: Style,
    pub warn: Style,
    pub error: Style,
    pub key: Style,
    pub hint: Style,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ThemeFile {
    style: BTreeMap<String, StyleSpec>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct StyleSpec {
    fg: Option<String>,
    bg: Option<String>,
    #[serde(default)]
    modifiers: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("theme {file}: {message}")]
pub struct ThemeError {
    pub file: String,
    pub message: String,
}

impl Theme {
    /// Reads a theme; every part must be given, so a typo cannot leave a part unstyled.
    pub fn parse(file: &str, text: &str) -> Result<Theme, ThemeError> {
        let error = |message: String| ThemeError {
            file: file.to_owned(),
            message,
        };
        let parsed: ThemeFile = toml::from_str(text).map_err(|e| error(e.to_string()))?;
        let mut styles = BTreeMap::new();
        for (part, spec) in parsed.style {
            let style = spec
                .to_style()
                .map_err(|e| error(format!("[style] {part}: {e}")))?;
            styles.insert(part, style);
        }
        let mut take = |part: &str| {
            styles
                .remove(part)
                .ok_or_else(|| error(format!("[style] has no `{part}`")))
        };
        let theme = Theme {
            text: take("text")?,
            dim: take("dim")?,
            title: take("title")?,
            border: take("border")?,
            border_focus: take("border_focus")?,
            tab: take("tab")?,
            tab_active: take("tab_active")?,
            header: take("header")?,
            side: take("side")?,
            selected: take("selected")?,
            shaken: take("shaken")?,
            disordered: take("disordered")?,
            shattered: take("shattered")?,
            bar_full: take("bar_full")?,
            bar_lost: take("bar_lost")?,
            phase_done: take("phase_done")?,
            phase_now: take("phase_now")?,
            ok: take("ok")?,
            warn: take("warn")?,
            error: take("error")?,
            key: take("key")?,
            hint: take("hint")?,
        };
        if let Some(unknown) = styles.keys().next() {
            return Err(error(format!("[style] has an unknown part `{unknown}`")));
        }
        Ok(theme)
    }

    /// The compiled-in default theme.
    pub fn built_in() -> Result<Theme, ThemeError> {
        Theme::parse("default.toml", DEFAULT)
    }

    /// The same theme with every colour removed and the modifiers kept (`NO_COLOR`).
    /// Done here rather than left to crossterm, whose own `NO_COLOR` handling emits a
    /// bare reset that also cancels reverse video, and the selection would vanish.
    #[must_use]
    pub fn without_colours(self) -> Theme {
        // A background marked a highlight; without colour, reverse video marks it.
        let strip = |style: Style| {
            let style = if style.bg.is_some() {
                style.add_modifier(Modifier::REVERSED)
            } else {
                style
            };
            Style {
                fg: None,
                bg: None,
                underline_color: None,
                ..style
            }
        };
        Theme {
            text: strip(self.text),
            dim: strip(self.dim),
            title: strip(self.title),
            border: strip(self.border),
            border_focus: strip(self.border_focus),
            tab: strip(self.tab),
            tab_active: strip(self.tab_active),
            header: strip(self.header),
            side: strip(self.side),
            selected: strip(self.selected),
            shaken: strip(self.shaken),
            disordered: strip(self.disordered),
            shattered: strip(self.shattered),
            bar_full: strip(self.bar_full),
            bar_lost: strip(self.bar_lost),
            phase_done: strip(self.phase_done),
            phase_now: strip(self.phase_now),
            ok: strip(self.ok),
            warn: strip(self.warn),
            error: strip(self.error),
            key: strip(self.key),
            hint: strip(self.hint),
        }
    }
}

/// Whether the environment asks for no colour: `NO_COLOR` set and not empty (no-color.org).
pub fn no_color_requested() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty())
}

impl StyleSpec {
    fn to_style(&self) -> Result<Style, String> {
        let colour = |name: &Option<String>| -> Result<Option<Color>, String> {
            name.as_deref()
                .map(|name| Color::from_str(name).map_err(|_| format!("unknown colour `{name}`")))
                .transpose()
        };
        let mut style = Style {
            fg: colour(&self.fg)?,
            bg: colour(&self.bg)?,
            ..Style::default()
        };
        for word in &self.modifiers {
            style = style.add_modifier(match word.as_str() {
                "bold" => Modifier::BOLD,
                "dim" => Modifier::DIM,
                "italic" => Modifier::ITALIC,
                "underlined" => Modifier::UNDERLINED,
                "reversed" => Modifier::REVERSED,
                other => {
                    return Err(format!(
                        "unknown modifier `{other}` (bold, dim, italic, underlined, reversed)"
                    ));
                }
            });
        }
        Ok(style)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_theme_reads() {
        let theme = Theme::built_in().unwrap();
        assert_eq!(theme.selected.add_modifier, Modifier::REVERSED);
        assert_eq!(theme.title.bg, Some(Color::Yellow));
    }

    #[test]
    fn without_colours_keeps_bold_and_reverse() {
        let theme = Theme::built_in().unwrap().without_colours();
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
    fn a_missing_part_or_bad_colour_is_named() {
        let missing = DEFAULT.replace("hint = { fg = \"gray\" }", "");
        assert_eq!(
            Theme::parse("t.toml", &missing).unwrap_err().message,
            "[style] has no `hint`"
        );
        let bad = DEFAULT.replace("\"green\"", "\"greenish\"");
        assert_eq!(
            Theme::parse("t.toml", &bad).unwrap_err().message,
            "[style] bar_full: unknown colour `greenish`"
        );
        let extra = format!("{DEFAULT}\nsparkle = {{}}\n");
        assert_eq!(
            Theme::parse("t.toml", &extra).unwrap_err().message,
            "[style] has an unknown part `sparkle`"
        );
    }
}
