//! Diagnostics: the one finding type every rule, reader and game emits.
//!
//! A rule pushes `Diagnostic`s into a `Vec` and keeps going; it never
//! returns an error for an illegal fleet. Renderers (table, JSON, GitHub
//! annotations) all work from these values. Spans are byte ranges into the
//! checked file; `Source::line_col` turns them into 1-based line and column.

use serde::Serialize;
use std::ops::Range;
use std::sync::Arc;

/// How bad a finding is. Only errors make a fleet illegal; warnings never
/// change the exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    Note,
}

/// The diagnostic codes that mean "the input could not be read as a fleet"
/// (exit code 2) rather than "the fleet breaks a rule" (exit code 1).
pub const INPUT_ERROR_CODES: &[&str] = &[
    "parse",
    "io",
    "shape",
    "unknown-key",
    "unknown-card",
    "ambiguous-card",
    "wrong-card-type",
    "unknown-format",
    "unknown-game",
    "too-large",
    "encoding",
    "empty",
    "not-a-fleet",
];

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// Stable kebab-case code (`sp-cap`, `unique`, `unknown-card`, ...).
    pub code: String,
    pub severity: Severity,
    /// One line naming the cards involved and the rule.
    pub message: String,
    /// Byte range in the checked file of the entry that caused it.
    #[serde(skip)]
    pub span: Option<Range<usize>>,
    /// Extra lines: "did you mean", the inline table that picks a card, ...
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub help: Vec<String>,
    /// The file `span` points into when it is not the checked file: a file
    /// the checked one names and that is read with it (an X-Wing deck
    /// file). Renderers locate and excerpt the diagnostic there.
    #[serde(skip)]
    pub file: Option<Arc<Source>>,
}

impl Diagnostic {
    pub fn error(code: &str, message: impl Into<String>) -> Self {
        Diagnostic {
            code: code.to_string(),
            severity: Severity::Error,
            message: message.into(),
            span: None,
            help: Vec::new(),
            file: None,
        }
    }

    pub fn warning(code: &str, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, message)
        }
    }

    pub fn with_span(mut self, span: Option<Range<usize>>) -> Self {
        self.span = span;
        self
    }

    /// Locates the diagnostic in `file`, another file than the checked one
    /// (its span is then a byte range of that file).
    pub fn in_file(mut self, file: Arc<Source>) -> Self {
        self.file = Some(file);
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help.push(help.into());
        self
    }

    /// An input error (exit 2) rather than a rule violation (exit 1).
    pub fn is_input_error(&self) -> bool {
        self.severity == Severity::Error && INPUT_ERROR_CODES.contains(&self.code.as_str())
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// A checked file's text, for turning spans into lines and columns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    pub path: String,
    pub text: String,
}

impl Source {
    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = &self.text[..floor_char_boundary(&self.text, offset)];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        (line, column)
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The exit code for a set of checked files: 2 if any input error, else 1
/// if any error, else 0.
pub fn exit_code<'a>(diags: impl IntoIterator<Item = &'a Diagnostic>) -> i32 {
    let mut code = 0;
    for d in diags {
        if d.is_input_error() {
            return 2;
        }
        if d.is_error() {
            code = 1;
        }
    }
    code
}

/// A user's value as quoted in a message: at most 60 characters, the rest
/// counted, so that a runaway value does not flood the output.
pub fn shorten(s: &str) -> String {
    const MAX: usize = 60;
    let n = s.chars().count();
    if n <= MAX {
        return s.to_string();
    }
    let head: String = s.chars().take(MAX).collect();
    format!("{head}… ({n} characters)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_lines_and_chars() {
        let s = Source {
            path: "f.toml".into(),
            text: "a = 1\nb = \"é\"x\n".into(),
        };
        assert_eq!(s.line_col(0), (1, 1));
        assert_eq!(s.line_col(6), (2, 1));
        // 'x' comes after a two-byte character
        assert_eq!(s.line_col(14), (2, 8));
    }

    #[test]
    fn exit_code_prefers_input_errors() {
        let rule = Diagnostic::error("unique", "x");
        let input = Diagnostic::error("unknown-card", "y");
        let warn = Diagnostic::warning("unusual", "z");
        assert_eq!(exit_code([&warn]), 0);
        assert_eq!(exit_code([&rule, &warn]), 1);
        assert_eq!(exit_code([&rule, &input]), 2);
    }
}
