//! Diagnostics: the one finding type every rule, reader and game emits.
//!
//! A rule pushes `Diagnostic`s into a `Vec` and keeps going; it never
//! returns an error for an illegal fleet. Renderers (table, JSON, GitHub
//! annotations) all work from these values. Spans are byte ranges into the
//! checked file; `Source::line_col` turns them into 1-based line and column.

use serde::{Serialize, Serializer};
use std::fmt;
use std::hash::{Hash, Hasher};
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
    /// The registry that declares it (`input`, `staw`, `event`, a game's
    /// id).
    pub registry: &'static str,
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
pub trait DiagnosticCode: Copy + Into<Code> + 'static {
    /// Every code of the registry, in the order the docs list them.
    const ALL: &'static [Self];
    fn info(self) -> CodeInfo;
}

/// The code a [`Diagnostic`] carries: one entry of one registry (its id,
/// severity, meaning and registry), in the manner of cargo-deny's
/// `DiagnosticCode`. Every registry's enum converts into it and compares
/// with it (`d.code == InputCode::AmbiguousCard`, or
/// [`Diagnostic::is`]); codes are never compared as strings. Its string
/// form ([`Code::as_str`], `Display`, `Serialize`, `Debug` as a quoted
/// string) is the registry's id, the one the reports print.
#[derive(Clone, Copy)]
pub struct Code(&'static CodeInfo);

impl Code {
    /// The code of an entry of a registry's table (the `codes!` macro
    /// makes every code this way).
    pub const fn of(info: &'static CodeInfo) -> Code {
        Code(info)
    }

    /// The registry's entry: id, registry, severity, meaning, exit code.
    pub const fn info(self) -> &'static CodeInfo {
        self.0
    }

    /// The kebab-case id (`sp-cap`): the string reports print.
    pub const fn as_str(self) -> &'static str {
        self.0.code
    }

    /// The registry that declares it (`input`, `staw`, a game's id).
    pub const fn registry(self) -> &'static str {
        self.0.registry
    }

    pub const fn severity(self) -> Severity {
        self.0.severity
    }

    /// 2 for an input error, 1 for a rule error, 0 for a warning or a
    /// note.
    pub const fn exit_code(self) -> i32 {
        self.0.exit_code
    }
}

impl PartialEq for Code {
    fn eq(&self, other: &Code) -> bool {
        // One registry entry is one code; two entries of the same id and
        // registry (a code declared twice) are equal too.
        std::ptr::eq(self.0, other.0)
            || (self.as_str() == other.as_str() && self.registry() == other.registry())
    }
}

impl Eq for Code {}

impl Hash for Code {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
        self.registry().hash(state);
    }
}

/// Codes sort by their id (then registry): the order of a report's
/// per-code counts.
impl Ord for Code {
    fn cmp(&self, other: &Code) -> std::cmp::Ordering {
        (self.as_str(), self.registry()).cmp(&(other.as_str(), other.registry()))
    }
}

impl PartialOrd for Code {
    fn partial_cmp(&self, other: &Code) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// As its id in quotes, as the `&str` it replaces printed.
impl fmt::Debug for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl Serialize for Code {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// Declares a registry of diagnostic codes: an enum whose variants each
/// have a kebab-case id, a severity (`Error`, `Warning`, `Note`) and a
/// one-line meaning; the class (`Input` or `Rule`) says what its errors
/// do to the exit code, the string after `in` names the registry.
///
/// ```ignore
/// codes! {
///     /// The codes of a rule set.
///     pub enum Code: Rule in "staw" {
///         SpCap = ("sp-cap", Error, "the fleet total over the cap"),
///     }
/// }
/// ```
#[macro_export]
macro_rules! codes {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident: $class:ident in $registry:literal {
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
            /// The registry's id (`input`, `staw`, a game's id).
            $vis const REGISTRY: &'static str = $registry;
            /// Every code's id, severity and meaning, in the same order.
            $vis const TABLE: &'static [$crate::diag::CodeInfo] =
                &[$($name::$variant.info()),*];

            $vis const fn info(self) -> $crate::diag::CodeInfo {
                match self {
                    $(
                        $name::$variant => $crate::diag::CodeInfo {
                            code: $id,
                            registry: $registry,
                            severity: $crate::diag::Severity::$severity,
                            meaning: $meaning,
                            exit_code: $crate::diag::Class::$class
                                .exit_code($crate::diag::Severity::$severity),
                        },
                    )*
                }
            }

            /// The code a diagnostic carries: this entry of the table.
            $vis const fn code(self) -> $crate::diag::Code {
                $crate::diag::Code::of(&Self::TABLE[self as usize])
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

            /// Which code of this registry `code` is, if it is one of
            /// them (to `match` a diagnostic's code).
            $vis fn of(code: $crate::diag::Code) -> Option<$name> {
                Self::ALL.iter().copied().find(|c| *c == code)
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

        impl From<$name> for $crate::diag::Code {
            fn from(code: $name) -> $crate::diag::Code {
                code.code()
            }
        }

        impl PartialEq<$name> for $crate::diag::Code {
            fn eq(&self, other: &$name) -> bool {
                *self == other.code()
            }
        }

        impl PartialEq<$crate::diag::Code> for $name {
            fn eq(&self, other: &$crate::diag::Code) -> bool {
                self.code() == *other
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
    pub enum InputCode: Input in "input" {
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
        StatedCost = ("stated-cost", Error, "a card reference's `cost` that none of its candidates has where it stands (the costs there are named)"),
        UnknownFormat = ("unknown-format", Error, "`format` names no entry of `formats.toml`"),
        UnknownGame = ("unknown-game", Error, "`game` names no rule set of this build"),
        NotAFleet = ("not-a-fleet", Error, "`fleetcheck event`: a `*.toml` file in the lists folder that is another game's file, not a STAW fleet (other files are skipped)"),
        UnknownFaction = ("unknown-faction", Error, "an event file's faction id that names no faction (with \"did you mean\")"),
        UnknownSet = ("unknown-set", Error, "an event or collection file's expansion that names no set, or several (with \"did you mean\")"),
    }
}

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// Stable kebab-case code (`sp-cap`, `unique`, `unknown-card`, ...):
    /// always one of a registry's (`codes!`).
    pub code: Code,
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
    pub fn new(code: impl Into<Code>, message: impl Into<String>) -> Self {
        let code = code.into();
        Diagnostic {
            code,
            severity: code.severity(),
            message: message.into(),
            span: None,
            help: Vec::new(),
            fixes: Box::default(),
            file: None,
        }
    }

    /// Whether its code is `code` (`d.is(InputCode::AmbiguousCard)`).
    pub fn is(&self, code: impl Into<Code>) -> bool {
        self.code == code.into()
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
        self.severity == Severity::Error && self.code.registry() == InputCode::REGISTRY
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
            code: TestCode::Broken.code(),
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
        enum TestCode: Rule in "test" {
            Broken = ("broken", Error, "it breaks a rule"),
            Odd = ("odd", Warning, "it is odd"),
            Told = ("told", Note, "for the record"),
        }
    }

    #[test]
    fn a_diagnostic_takes_its_severity_and_exit_code_from_its_code() {
        let d = TestCode::Odd.diag("m");
        assert_eq!(
            (d.code, d.severity),
            (TestCode::Odd.code(), Severity::Warning)
        );
        assert!(d.is(TestCode::Odd));
        assert_eq!(d.code, TestCode::Odd);
        assert_eq!(TestCode::Odd, d.code);
        assert!(!d.is(TestCode::Told));
        assert_eq!(TestCode::of(d.code), Some(TestCode::Odd));
        assert_eq!(InputCode::of(d.code), None);
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
        // Every input code is an input error (exit 2).
        for c in InputCode::ALL {
            assert_eq!(c.exit_code(), 2, "{c}");
            assert!(c.diag("m").is_input_error(), "{c}");
        }
        assert!(!TestCode::Broken.diag("m").is_input_error());
    }

    codes! {
        /// A second registry that reuses an id of the first.
        enum OtherCode: Rule in "other" {
            Broken = ("broken", Warning, "the same id elsewhere"),
        }
    }

    #[test]
    fn a_code_is_its_registry_entry_and_prints_as_its_id() {
        for &c in InputCode::ALL {
            let d = c.diag("m");
            assert!(d.is(c) && d.code == c, "{c}");
            assert_eq!(d.code.info(), &c.info(), "{c}");
            assert_eq!(d.code.as_str(), c.as_str());
            assert_eq!(d.code.to_string(), c.as_str());
            assert_eq!(format!("{:?}", d.code), format!("{:?}", c.as_str()));
            assert_eq!(
                serde_json::to_string(&d.code).unwrap(),
                format!("\"{}\"", c.as_str())
            );
            assert_eq!(d.code.registry(), InputCode::REGISTRY);
        }
        // One id in two registries is two codes.
        assert_eq!(TestCode::Broken.as_str(), OtherCode::Broken.as_str());
        assert_ne!(TestCode::Broken.code(), OtherCode::Broken.code());
        assert!(!TestCode::Broken.diag("m").is(OtherCode::Broken));
        assert_eq!(OtherCode::Broken.code().severity(), Severity::Warning);
    }
}
