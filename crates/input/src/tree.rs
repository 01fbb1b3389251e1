//! The fleet file as a tree of values that each carry their byte span.
//!
//! Why not `toml::from_str` into structs with `toml::Spanned` fields: serde
//! stops at the first unexpected key or shape, and `fleetcheck` promises to
//! report every problem of a file at once, each located. `toml` is built on
//! `toml_parser`, and `toml::de::DeTable` keeps the span of every key and
//! value, so the file is parsed once with it (the same parser and error
//! messages as `toml` and `toml_edit`, which edits fleet files) and turned
//! into this small owned tree; `read.rs` then walks the
//! tree by hand, which also lets a card reference be "a string or an inline
//! table" without serde's span-losing `untagged`.

use crate::diag::{Diagnostic, InputCode, Source};
use std::ops::Range;
use toml::de::{DeTable, DeValue};

/// A value of the file with its span.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub value: NodeValue,
    /// Byte range of the value in the file (for a `[table]`: from its
    /// header to its last line).
    pub span: Range<usize>,
}

/// The kinds of TOML value.
#[derive(Debug, Clone, PartialEq)]
pub enum NodeValue {
    String(String),
    Integer(i64),
    Float(f64),
    Boolean(bool),
    /// A TOML date or date-time literal, as written.
    Datetime(String),
    Array(Vec<Node>),
    /// A table (standard, inline or dotted) with its entries in file order.
    Table(Vec<Entry>),
}

/// One `key = value` of a table.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub key: String,
    /// Byte range of the key.
    pub key_span: Range<usize>,
    pub node: Node,
}

impl NodeValue {
    /// How the value is called in messages ("a string", "an array", ...).
    pub fn describe(&self) -> &'static str {
        match self {
            NodeValue::String(_) => "a string",
            NodeValue::Integer(_) => "an integer",
            NodeValue::Float(_) => "a float",
            NodeValue::Boolean(_) => "a boolean",
            NodeValue::Datetime(_) => "a date",
            NodeValue::Array(_) => "an array",
            NodeValue::Table(_) => "a table",
        }
    }
}

/// A TOML syntax error: the parser's one-line message and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    pub message: String,
    pub span: Option<Range<usize>>,
}

/// A file parsed once into its tree: what the dispatcher reads the file's
/// `game` from and what the rule set it picks then reads, so that no one
/// parses the file again.
#[derive(Debug, Clone)]
pub struct Parsed {
    pub source: Source,
    /// The root table; `None` when the file is not valid TOML.
    pub root: Option<Node>,
    /// The `parse` diagnostic that says why there is no `root` (empty when
    /// there is one).
    pub diagnostics: Vec<Diagnostic>,
    /// The texts an editor holds of other files, read in their place.
    pub open: Open,
}

impl Parsed {
    /// Parses `source` ([`parse_reported`]).
    pub fn of(source: Source) -> Parsed {
        let mut diagnostics = Vec::new();
        let root = parse_reported(&source.text, &mut diagnostics);
        Parsed {
            source,
            root,
            diagnostics,
            open: Open::default(),
        }
    }

    /// The same file, the files another one names read from `open` where
    /// it holds them.
    pub fn with_open(self, open: Open) -> Parsed {
        Parsed { open, ..self }
    }
}

/// The texts an editor holds of files (its open documents), by path: read
/// in place of the files on disk where a file names another (an X-Wing
/// file's deck file), so that what is checked is what the user sees. Empty
/// outside an editor.
#[derive(Debug, Clone, Default)]
pub struct Open(std::sync::Arc<std::collections::HashMap<std::path::PathBuf, String>>);

impl Open {
    /// `files`: (path, text) pairs.
    pub fn new(files: impl IntoIterator<Item = (String, String)>) -> Open {
        Open(std::sync::Arc::new(
            files
                .into_iter()
                .map(|(path, text)| (lexical(std::path::Path::new(&path)), text))
                .collect(),
        ))
    }

    /// The text held of `path` (compared with `.` and `..` resolved in
    /// the path's words, as the editor names the file).
    pub fn text(&self, path: &std::path::Path) -> Option<&str> {
        if self.0.is_empty() {
            return None;
        }
        self.0.get(&lexical(path)).map(String::as_str)
    }
}

/// `path` with its `.` components dropped and each `..` taking back the
/// name before it (no file system access: the files may exist only in the
/// editor).
pub fn lexical(path: &std::path::Path) -> std::path::PathBuf {
    use std::path::Component;
    let mut out = std::path::PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir
                if matches!(out.components().next_back(), Some(Component::Normal(_))) =>
            {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// A file's text, parsed: what the pipelines take (a caller without the
/// tree gives the text).
impl From<Source> for Parsed {
    fn from(source: Source) -> Parsed {
        Parsed::of(source)
    }
}

/// Parses a whole file into its root table; a syntax error becomes a
/// located `parse` diagnostic (the one wording of it for every game).
pub fn parse_reported(text: &str, diags: &mut Vec<Diagnostic>) -> Option<Node> {
    match parse(text) {
        Ok(root) => Some(root),
        Err(e) => {
            diags.push(
                Diagnostic::new(
                    InputCode::Parse,
                    format!("TOML syntax error: {}", e.message),
                )
                .with_span(e.span),
            );
            None
        }
    }
}

/// Parses a whole file into its root table.
pub fn parse(text: &str) -> Result<Node, SyntaxError> {
    let (root, errors) = DeTable::parse_recoverable(text);
    // The parser goes on after an error and reports in no order of place:
    // the first in the file is the one to fix, and of those at one place
    // the last reported is the innermost (an unclosed string, rather than
    // the array it leaves unclosed).
    if let Some(e) = errors
        .iter()
        .rev()
        .min_by_key(|e| e.span().map_or(usize::MAX, |s| s.start))
    {
        // A few of the parser's errors have no place (a key nested past its
        // recursion limit): the first line that brings it on is the place.
        let span = e.span().or_else(|| spanless_error_line(text, e.message()));
        return Err(
            match (
                e.message().trim(),
                span.as_ref().and_then(|s| text.get(s.clone())),
            ) {
                // The parser's "duplicate key" does not say which.
                ("duplicate key", Some(key)) if !key.is_empty() => {
                    syntax_error(&format!("duplicate key `{key}`"), span)
                }
                (message, _) => syntax_error(message, span),
            },
        );
    }
    // The root spans the whole file (no value reaches past its end).
    table_node(root.into_inner(), 0..text.len())
}

/// One entry of a file's root table, parsed with the same parser as
/// [`parse`] but only that entry's value turned into a [`Node`]: a value
/// elsewhere in the file that the tree would refuse (an integer that
/// overflows) is left for the file's reader to report. `Ok(None)` when the
/// key is absent; a syntax error is the parser's, unreworded.
pub fn parse_root_entry(text: &str, key: &str) -> Result<Option<Entry>, SyntaxError> {
    let root = DeTable::parse(text).map_err(|e| syntax_error(e.message(), e.span()))?;
    for (k, v) in root.into_inner() {
        if k.get_ref().as_ref() == key {
            let key_span = k.span();
            return Ok(Some(Entry {
                key: key.to_string(),
                key_span,
                node: value_node(v)?,
            }));
        }
    }
    Ok(None)
}

/// The line at which the parser first reports `message` without a place:
/// the shortest run of whole lines from the file's start that still gives
/// that error (a binary search over line ends; only on this error's path).
/// The span covers the line's text, from its first non-blank character.
fn spanless_error_line(text: &str, message: &str) -> Option<Range<usize>> {
    let ends: Vec<usize> = text
        .match_indices('\n')
        .map(|(i, _)| i + 1)
        .chain((!text.ends_with('\n')).then_some(text.len()))
        .collect();
    let gives_it = |end: usize| {
        DeTable::parse_recoverable(&text[..end])
            .1
            .iter()
            .any(|e| e.span().is_none() && e.message() == message)
    };
    // The first prefix that gives it (the whole file does).
    let line = ends.partition_point(|&end| !gives_it(end));
    let end = *ends.get(line)?;
    let start = if line == 0 { 0 } else { ends[line - 1] };
    let body = text[start..end].trim_end_matches(['\n', '\r']);
    let blank = body.len() - body.trim_start().len();
    Some(start + blank..start + body.len())
}

fn syntax_error(message: &str, span: Option<Range<usize>>) -> SyntaxError {
    let message = message.trim();
    SyntaxError {
        // The parser says nothing for some stray characters (a bare
        // carriage return): still tell the user what it is about.
        message: if message.is_empty() {
            "unexpected character here".to_string()
        } else {
            message.to_string()
        },
        span,
    }
}

/// A table's entries in file order (the parser's map is sorted by key).
fn table_node(t: DeTable<'_>, span: Range<usize>) -> Result<Node, SyntaxError> {
    let mut entries = Vec::with_capacity(t.len());
    for (k, v) in t {
        let key_span = k.span();
        entries.push(Entry {
            key: k.into_inner().into_owned(),
            node: value_node(v)?,
            key_span,
        });
    }
    entries.sort_by_key(|e| e.key_span.start);
    // The parser spans a `[table]` by its header only: the span runs on to
    // the table's last value, as the tree promises.
    let end = entries.iter().map(|e| e.node.span.end).max();
    Ok(Node {
        span: span.start..end.map_or(span.end, |e| e.max(span.end)),
        value: NodeValue::Table(entries),
    })
}

fn value_node(v: toml::Spanned<DeValue<'_>>) -> Result<Node, SyntaxError> {
    let span = v.span();
    let value = match v.into_inner() {
        DeValue::String(s) => NodeValue::String(s.into_owned()),
        DeValue::Integer(i) => NodeValue::Integer(
            i64::from_str_radix(i.as_str(), i.radix())
                .map_err(|_| syntax_error("integer number overflowed", Some(span.clone())))?,
        ),
        DeValue::Float(f) => {
            let x: f64 = f.as_str().parse().unwrap_or(f64::INFINITY);
            if x.is_infinite() && !f.as_str().contains("inf") {
                return Err(syntax_error("float number overflowed", Some(span)));
            }
            NodeValue::Float(x)
        }
        DeValue::Boolean(b) => NodeValue::Boolean(b),
        DeValue::Datetime(d) => NodeValue::Datetime(d.to_string()),
        DeValue::Array(a) => {
            let items = a
                .into_iter()
                .map(value_node)
                .collect::<Result<Vec<_>, _>>()?;
            // An array of `[[tables]]` is spanned by its first header:
            // it runs on to the end of its last table.
            let end = items.last().map_or(span.end, |n| n.span.end.max(span.end));
            return Ok(Node {
                span: span.start..end,
                value: NodeValue::Array(items),
            });
        }
        DeValue::Table(t) => return table_node(t, span),
    };
    Ok(Node { value, span })
}

/// `text` made safe to write after a `#` in a TOML file: a comment ends at
/// the end of its line, so a line break (or any other control character,
/// which TOML forbids in comments) in imported or user text would let that
/// text become keys of the file. Those characters are written as escapes
/// (`\n`, `\r`, `\u{1b}`); a tab stays. The one way text reaches a comment.
pub fn comment_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\t' => out.push(c),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            // U+2028/2029 are not TOML line ends, but editors show them as
            // such: escaped too, so a comment looks like one line.
            c if c.is_control() || c == '\u{2028}' || c == '\u{2029}' => {
                out.push_str(&format!("\\u{{{:x}}}", c as u32))
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn open_files_are_found_by_the_words_of_their_path() {
        let open = super::Open::new([("/a/b/decks/huge.toml".to_string(), "x".to_string())]);
        let at = |p: &str| open.text(std::path::Path::new(p));
        assert_eq!(at("/a/b/./decks/huge.toml"), Some("x"));
        assert_eq!(at("/a/b/c/../decks/huge.toml"), Some("x"));
        assert_eq!(at("/a/b/decks/other.toml"), None);
        assert_eq!(
            super::lexical(std::path::Path::new("../x/./y/../z")),
            std::path::PathBuf::from("../x/z")
        );
    }

    use super::*;

    /// Only the asked entry is converted: an overflowing integer elsewhere
    /// is left to the file's reader, one in the entry is an error.
    #[test]
    fn root_entry_converts_only_its_value() {
        let text = "game = \"xwing\"\ncount = 99999999999999999999\n";
        let e = parse_root_entry(text, "game").unwrap().unwrap();
        assert_eq!(e.node.value, NodeValue::String("xwing".into()));
        assert_eq!((e.key_span, e.node.span), (0..4, 7..14));
        assert_eq!(parse_root_entry(text, "name"), Ok(None));
        let err = parse_root_entry(text, "count").unwrap_err();
        assert_eq!(err.message, "integer number overflowed");
        assert_eq!(err.span, Some(23..43));
        assert!(parse_root_entry("game = \n", "game").is_err());
    }

    #[test]
    fn a_syntax_error_always_has_a_message() {
        let text = format!(
            "{}11111111111111sp_cap = {}{}",
            "\r".repeat(25),
            "1".repeat(80),
            "\r".repeat(9)
        );
        let e = parse(&text).unwrap_err();
        assert_eq!(
            e.message,
            "carriage return must be followed by newline, expected newline"
        );
        // Were the parser to say nothing, the fallback says something.
        assert_eq!(syntax_error(" ", None).message, "unexpected character here");
    }

    fn text_of<'a>(text: &'a str, n: &Node) -> &'a str {
        &text[n.span.clone()]
    }

    #[test]
    fn spans_of_keys_values_and_array_tables() {
        let text = "name = \"x\"\nas_of = 2016-06-30\n[[ship]]\nship = { id = \"S207\" }\nupgrades = [\"A\", 3]\n";
        let root = parse(text).unwrap();
        let NodeValue::Table(entries) = &root.value else {
            panic!("root is a table")
        };
        assert_eq!(entries[0].key, "name");
        assert_eq!(&text[entries[0].key_span.clone()], "name");
        assert_eq!(text_of(text, &entries[0].node), "\"x\"");
        assert_eq!(
            entries[1].node.value,
            NodeValue::Datetime("2016-06-30".into())
        );
        let NodeValue::Array(ships) = &entries[2].node.value else {
            panic!("ship is an array of tables")
        };
        let NodeValue::Table(ship) = &ships[0].value else {
            panic!("a ship is a table")
        };
        assert_eq!(text_of(text, &ship[0].node), "{ id = \"S207\" }");
        let NodeValue::Array(ups) = &ship[1].node.value else {
            panic!("upgrades is an array")
        };
        assert_eq!(text_of(text, &ups[1]), "3");
        assert_eq!(ups[1].value, NodeValue::Integer(3));
    }

    /// The parser's recursion limit on a dotted key has no place of its
    /// own: it is put on the key's line.
    #[test]
    fn a_key_past_the_recursion_limit_is_on_its_line() {
        let deep = vec!["a"; 20_000].join(".");
        let text = format!("name = \"x\"\n\n  {deep} = 1\nb = 2\n");
        let e = parse(&text).unwrap_err();
        assert_eq!(e.message, "recursion limit");
        let start = "name = \"x\"\n\n  ".len();
        assert_eq!(e.span, Some(start..start + deep.len() + 4));
        // The last line, with no line end after it.
        let text = format!("name = \"x\"\n{deep} = 1");
        assert_eq!(parse(&text).unwrap_err().span, Some(11..text.len()));
    }

    #[test]
    fn syntax_error_has_message_and_span() {
        let text = "a = [\"x]\n";
        let e = parse(text).unwrap_err();
        assert_eq!(e.message, "invalid basic string, expected `\"`");
        assert_eq!(e.span, Some(8..8));
    }

    #[test]
    fn entries_keep_file_order_and_a_table_spans_its_values() {
        let text = "zeta = 1\nalpha = 2\n[[ship]]\nship = \"A\"\nbooster = true\n\n[[ship]]\nship = \"B\"\n[sideboard]\ncrew = \"C\"\n";
        let root = parse(text).unwrap();
        let NodeValue::Table(entries) = &root.value else {
            panic!("root is a table")
        };
        assert_eq!(root.span, 0..text.len());
        let keys: Vec<&str> = entries.iter().map(|e| e.key.as_str()).collect();
        assert_eq!(keys, ["zeta", "alpha", "ship", "sideboard"]);
        let NodeValue::Array(ships) = &entries[2].node.value else {
            panic!("ship is an array of tables")
        };
        assert_eq!(
            text_of(text, &ships[0]),
            "[[ship]]\nship = \"A\"\nbooster = true"
        );
        assert_eq!(
            text_of(text, &entries[2].node),
            "[[ship]]\nship = \"A\"\nbooster = true\n\n[[ship]]\nship = \"B\""
        );
        assert_eq!(text_of(text, &entries[3].node), "[sideboard]\ncrew = \"C\"");
    }

    #[test]
    fn numbers_out_of_range_are_syntax_errors() {
        let e = parse("sp_cap = 99999999999999999999\n").unwrap_err();
        assert_eq!(e.message, "integer number overflowed");
        assert_eq!(e.span, Some(9..29));
        let e = parse("x = 1e999\n").unwrap_err();
        assert_eq!(e.message, "float number overflowed");
        let NodeValue::Table(t) = parse("x = +inf\n").unwrap().value else {
            panic!()
        };
        assert_eq!(t[0].node.value, NodeValue::Float(f64::INFINITY));
    }

    #[test]
    fn a_duplicate_key_is_named() {
        let e = parse("name = \"a\"\nname = \"b\"\n").unwrap_err();
        assert_eq!(e.message, "duplicate key `name`");
        assert_eq!(e.span, Some(11..15));
    }

    #[test]
    fn dotted_keys_become_tables() {
        let text = "a.b = 1\n";
        let root = parse(text).unwrap();
        let NodeValue::Table(entries) = &root.value else {
            panic!()
        };
        assert_eq!(entries[0].key, "a");
        assert!(matches!(entries[0].node.value, NodeValue::Table(_)));
    }

    #[test]
    fn comment_text_keeps_one_line() {
        let text = "a\nsp_cap = 100000\r\n\u{1b}[31m\tb\u{2028}";
        let c = super::comment_text(text);
        assert_eq!(c, "a\\nsp_cap = 100000\\r\\n\\u{1b}[31m\tb\\u{2028}");
        let doc = format!("# {c}\nname = \"x\"\n");
        let node = parse(&doc).unwrap();
        let NodeValue::Table(entries) = node.value else {
            panic!()
        };
        assert_eq!(entries.len(), 1);
    }
}

/// A value with the byte span it was read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Range<usize>,
}
