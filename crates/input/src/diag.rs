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

impl Severity {
    /// `error`, `warning` or `note`: the word for it in reports.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

/// One registered diagnostic code as the docs list it: the row of a code
/// table in the README.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodeInfo {
    /// The stable kebab-case id (`sp-cap`).
    pub code: &'static str,
    pub severity: Severity,
    /// One line for the docs.
    pub meaning: &'static str,
    /// The exit code a diagnostic of this code gives: 2 for an input
    /// error, 1 for a rule error, 0 for a warning or a note.
    pub exit_code: i32,
}

/// Which errors a registry holds: input errors ("the input could not be
/// read", exit code 2) or rule errors ("it breaks a rule", exit code 1).
/// Warnings and notes give 0 either way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    Input,
    Rule,
}

impl Class {
    /// The exit code of a code of this class with this severity.
    pub const fn exit_code(self, severity: Severity) -> i32 {
        match (self, severity) {
            (Class::Input, Severity::Error) => 2,
            (Class::Rule, Severity::Error) => 1,
            _ => 0,
        }
    }
}

/// A registry of diagnostic codes: an enum declared with [`codes!`]
/// (`InputCode` here, `staw::Code`, one `Code` per game). Every
/// diagnostic is made from one ([`Diagnostic::new`]), so its severity and
/// exit code are properties of its code.
pub trait DiagnosticCode: Copy + 'static {
    /// Every code of the registry, in the order the docs list them.
    const ALL: &'static [Self];
    fn info(self) -> CodeInfo;
}

/// Declares a registry of diagnostic codes: an enum whose variants each
/// have a kebab-case id, a severity (`Error`, `Warning`, `Note`) and a
/// one-line meaning; the class (`Input` or `Rule`) says what its errors
/// do to the exit code.
///
/// ```ignore
/// codes! {
///     /// The codes of a rule set.
///     pub enum Code: Rule {
///         SpCap = ("sp-cap", Error, "the fleet total over the cap"),
///     }
/// }
/// ```
#[macro_export]
macro_rules! codes {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident: $class:ident {
            $(
                $(#[$vmeta:meta])*
                $variant:ident = ($id:literal, $severity:ident, $meaning:literal),
            )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis enum $name {
            $( $(#[$vmeta])* $variant, )*
        }

        // A registry need not use every accessor itself.
        #[allow(dead_code)]
        impl $name {
            /// Every code, in the order the docs list them.
            $vis const ALL: &'static [$name] = &[$($name::$variant),*];
            /// Every code's id, severity and meaning, in the same order.
            $vis const TABLE: &'static [$crate::diag::CodeInfo] =
                &[$($name::$variant.info()),*];

            $vis const fn info(self) -> $crate::diag::CodeInfo {
                match self {
                    $(
                        $name::$variant => $crate::diag::CodeInfo {
                            code: $id,
                            severity: $crate::diag::Severity::$severity,
                            meaning: $meaning,
                            exit_code: $crate::diag::Class::$class
                                .exit_code($crate::diag::Severity::$severity),
                        },
                    )*
                }
            }

            /// The kebab-case id (`sp-cap`).
            $vis const fn as_str(self) -> &'static str {
                self.info().code
            }

            $vis const fn severity(self) -> $crate::diag::Severity {
                self.info().severity
            }

            /// 2 for an input error, 1 for a rule error, 0 for a warning
            /// or a note.
            $vis const fn exit_code(self) -> i32 {
                self.info().exit_code
            }

            /// One line for the docs.
            $vis const fn meaning(self) -> &'static str {
                self.info().meaning
            }

            /// The code with this id.
            $vis fn parse(id: &str) -> Option<$name> {
                Self::ALL.iter().copied().find(|c| c.as_str() == id)
            }

            /// A diagnostic of this code; its severity is the code's.
            $vis fn diag(self, message: impl Into<String>) -> $crate::diag::Diagnostic {
                $crate::diag::Diagnostic::new(self, message)
            }
        }

        impl $crate::diag::DiagnosticCode for $name {
            const ALL: &'static [$name] = $name::ALL;
            fn info(self) -> $crate::diag::CodeInfo {
                $name::info(self)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}
pub use crate::codes;

codes! {
    /// The shared input-error codes: the input could not be read as a
    /// fleet, a deck or a game state (exit code 2). Every game's reader
    /// reports these; the games' own codes are rule findings.
    pub enum InputCode: Input {
        Parse = ("parse", Error, "TOML syntax error"),
        Shape = ("shape", Error, "a value of the wrong type or shape (a number where a card goes, a list where one card goes)"),
        UnknownKey = ("unknown-key", Error, "a key the format does not have (with \"did you mean\")"),
        Empty = ("empty", Error, "an empty file, or one with nothing to check"),
        Encoding = ("encoding", Error, "bytes that are not UTF-8"),
        TooLarge = ("too-large", Error, "a file over 1 MiB"),
        Io = ("io", Error, "a missing or unreadable file, a directory where a file is needed, a directory without fleet files"),
        UnknownCard = ("unknown-card", Error, "no card matches the reference (with the closest names)"),
        AmbiguousCard = ("ambiguous-card", Error, "several cards match (each listed with id, type, faction, set, cost and the inline table that picks it)"),
        WrongCardType = ("wrong-card-type", Error, "the card exists but does not fit where it stands (a crew card under `captain`)"),
        UnknownFormat = ("unknown-format", Error, "`format` names no entry of `formats.toml`"),
        UnknownGame = ("unknown-game", Error, "`game` names no rule set of this build"),
        OutsideFolder = ("outside-folder", Warning, "a symbolic link in a walked folder (`check DIR`, `event`'s lists) that leads out of it: named, not read"),
        NotAFleet = ("not-a-fleet", Error, "`fleetcheck event`: a file in the lists folder that is not a STAW fleet (another game's file, a `notes.txt`)"),
    }
}

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// Stable kebab-case code (`sp-cap`, `unique`, `unknown-card`, ...):
    /// always one of a registry's (`codes!`).
    pub code: &'static str,
    pub severity: Severity,
    /// One line naming the cards involved and the rule.
    pub message: String,
    /// Byte range in the checked file of the entry that caused it.
    #[serde(skip)]
    pub span: Option<Range<usize>>,
    /// Extra lines: "did you mean", the inline table that picks a card, ...
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub help: Vec<String>,
    /// The replacements of the text at `span` that would resolve it, in
    /// the order the help lines list them (see [`Fix`]); `fix` asks from
    /// these, never from the help's words. (A boxed slice, not a `Vec`:
    /// a diagnostic stays small enough to be the error of a `Result`, and
    /// one without fixes allocates nothing for them.)
    #[serde(skip)]
    pub fixes: Box<[Fix]>,
    /// The file `span` points into when it is not the checked file: a file
    /// the checked one names and that is read with it (an X-Wing deck
    /// file). Renderers locate and excerpt the diagnostic there.
    #[serde(skip)]
    pub file: Option<Arc<Source>>,
}

impl Diagnostic {
    /// A finding of a registered code; its severity is the code's.
    pub fn new(code: impl DiagnosticCode, message: impl Into<String>) -> Self {
        let info = code.info();
        Diagnostic {
            code: info.code,
            severity: info.severity,
            message: message.into(),
            span: None,
            help: Vec::new(),
            fixes: Box::default(),
            file: None,
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

    /// Adds a suggested replacement of the text at the span.
    pub fn with_fix(mut self, fix: Fix) -> Self {
        let mut fixes = std::mem::take(&mut self.fixes).into_vec();
        fixes.push(fix);
        self.fixes = fixes.into_boxed_slice();
        self
    }

    /// An input error (exit 2) rather than a rule violation (exit 1): its
    /// code is one of [`InputCode`].
    pub fn is_input_error(&self) -> bool {
        self.severity == Severity::Error && InputCode::parse(self.code).is_some()
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// A suggested replacement of a diagnostic's span, in the manner of
/// rustc's and ruff's suggestions: what to write instead, the choice in
/// words, and whether the result would still break a rule where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    /// The choice in words, as a list of choices shows it ("W122: Photon
    /// Torpedoes, a weapon upgrade, ..." or a card name).
    pub label: String,
    /// The replacement text for the span: `{ id = "W122" }` or `"Data"`.
    pub write: String,
    /// The card id, when the replacement picks one card.
    pub id: Option<String>,
    /// False when the replacement resolves the reference to something
    /// that breaks a rule there.
    pub legal: bool,
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

/// The line starts of a text, found once: line and column of many offsets
/// in O(log n) each (`Source::line_col` scans from the start, fine for
/// one offset, quadratic for a diagnostic per line of a large file).
#[derive(Debug, Clone)]
pub struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    pub fn of(text: &'a str) -> Lines<'a> {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Lines { text, starts }
    }

    /// As [`Source::line_col`].
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(self.text, offset.min(self.text.len()));
        let line = self.starts.partition_point(|&s| s <= offset);
        let start = self.starts[line - 1];
        (line, self.text[start..offset].chars().count() + 1)
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
        let lines = Lines::of(&s.text);
        for at in 0..=s.text.len() + 2 {
            assert_eq!(lines.line_col(at), s.line_col(at), "{at}");
        }
    }

    #[test]
    fn exit_code_prefers_input_errors() {
        let input = InputCode::UnknownCard.diag("y");
        let rule = Diagnostic {
            code: "unique",
            ..input.clone()
        };
        let warn = Diagnostic {
            severity: Severity::Warning,
            ..rule.clone()
        };
        assert_eq!(exit_code([&warn]), 0);
        assert_eq!(exit_code([&rule, &warn]), 1);
        assert_eq!(exit_code([&rule, &input]), 2);
    }

    codes! {
        /// A registry for the test.
        enum TestCode: Rule {
            Broken = ("broken", Error, "it breaks a rule"),
            Odd = ("odd", Warning, "it is odd"),
            Told = ("told", Note, "for the record"),
        }
    }

    #[test]
    fn a_diagnostic_takes_its_severity_and_exit_code_from_its_code() {
        let d = TestCode::Odd.diag("m");
        assert_eq!((d.code, d.severity), ("odd", Severity::Warning));
        assert_eq!(
            Diagnostic::new(TestCode::Told, "m").severity,
            Severity::Note
        );
        assert_eq!(TestCode::ALL.len(), TestCode::TABLE.len());
        let exits: Vec<i32> = TestCode::ALL.iter().map(|c| c.exit_code()).collect();
        assert_eq!(exits, [1, 0, 0]);
        assert_eq!(exit_code([&TestCode::Broken.diag("m")]), 1);
        assert_eq!(TestCode::parse("told"), Some(TestCode::Told));
        assert_eq!(TestCode::Broken.to_string(), "broken");
        // Every input code is an input error (exit 2) but the warning of
        // a walk, `outside-folder` (the link is named, not read).
        for c in InputCode::ALL
            .iter()
            .filter(|c| **c != InputCode::OutsideFolder)
        {
            assert_eq!(c.exit_code(), 2, "{c}");
            assert!(c.diag("m").is_input_error(), "{c}");
        }
        let outside = InputCode::OutsideFolder.diag("m");
        assert_eq!(outside.severity, Severity::Warning);
        assert_eq!(InputCode::OutsideFolder.exit_code(), 0);
        assert!(!outside.is_input_error());
        assert!(!TestCode::Broken.diag("m").is_input_error());
    }
}
