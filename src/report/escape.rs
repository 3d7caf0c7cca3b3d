//! Text made safe for the report's HTML and the SVG of its charts.

/// `text` safe inside an element or a quoted attribute.
pub fn escape(text: &str) -> String {
    let text = crate::core::shown::shown(text);
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            c => escaped.push(c),
        }
    }
    escaped
}
