//! The fleet file as a tree of values that each carry their byte span.
//!
//! Why not `toml::from_str` into structs with `toml::Spanned` fields: serde
//! stops at the first unexpected key or shape, and `fleetcheck` promises to
//! report every problem of a file at once, each located. `toml` is built on
//! `toml_edit`, whose `ImDocument` keeps the span of every key and value, so
//! the file is parsed once with it (the same parser and error messages as
//! `toml`) and turned into this small owned tree; `read.rs` then walks the
//! tree by hand, which also lets a card reference be "a string or an inline
//! table" without serde's span-losing `untagged`.

use crate::input::diag::{Diagnostic, InputCode};
use std::ops::Range;
use toml_edit::{ImDocument, Item, Table, Value};

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
    let doc = ImDocument::parse(text).map_err(|e| {
        let message = e.message().trim();
        SyntaxError {
            // The parser says nothing for some stray characters (a bare
            // carriage return): still tell the user what it is about.
            message: if message.is_empty() {
                "unexpected character here".to_string()
            } else {
                message.to_string()
            },
            span: e.span(),
        }
    })?;
    Ok(item_node(doc.as_item(), 0..text.len()))
}

/// Converts an item; `fallback` is used where the parser keeps no span
/// (implicit tables such as `a` in `a.b = 1`).
fn item_node(item: &Item, fallback: Range<usize>) -> Node {
    let span = item.span().unwrap_or(fallback.clone());
    let value = match item {
        Item::None => NodeValue::Table(Vec::new()),
        Item::Value(v) => return value_node(v, fallback),
        Item::Table(t) => return table_node(t, span),
        Item::ArrayOfTables(a) => NodeValue::Array(
            a.iter()
                .map(|t| table_node(t, t.span().unwrap_or(span.clone())))
                .collect(),
        ),
    };
    Node { value, span }
}

fn table_node(t: &Table, span: Range<usize>) -> Node {
    let entries = t
        .iter()
        .map(|(k, v)| {
            let key_span = t.key(k).and_then(|k| k.span()).unwrap_or(span.clone());
            Entry {
                key: k.to_string(),
                node: item_node(v, key_span.clone()),
                key_span,
            }
        })
        .collect();
    Node {
        value: NodeValue::Table(entries),
        span,
    }
}

fn value_node(v: &Value, fallback: Range<usize>) -> Node {
    let span = v.span().unwrap_or(fallback);
    let value = match v {
        Value::String(s) => NodeValue::String(s.value().clone()),
        Value::Integer(i) => NodeValue::Integer(*i.value()),
        Value::Float(f) => NodeValue::Float(*f.value()),
        Value::Boolean(b) => NodeValue::Boolean(*b.value()),
        Value::Datetime(d) => NodeValue::Datetime(d.value().to_string()),
        Value::Array(a) => {
            NodeValue::Array(a.iter().map(|e| value_node(e, span.clone())).collect())
        }
        Value::InlineTable(t) => NodeValue::Table(
            t.iter()
                .map(|(k, v)| {
                    let key_span = t.key(k).and_then(|k| k.span()).unwrap_or(span.clone());
                    Entry {
                        key: k.to_string(),
                        node: value_node(v, key_span.clone()),
                        key_span,
                    }
                })
                .collect(),
        ),
    };
    Node { value, span }
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
    use super::*;

    #[test]
    fn a_syntax_error_always_has_a_message() {
        let text = format!(
            "{}11111111111111sp_cap = {}{}",
            "\r".repeat(25),
            "1".repeat(80),
            "\r".repeat(9)
        );
        let e = parse(&text).unwrap_err();
        assert_eq!(e.message, "unexpected character here");
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

    #[test]
    fn syntax_error_has_message_and_span() {
        let text = "a = [\"x]\n";
        let e = parse(text).unwrap_err();
        assert_eq!(e.message, "invalid basic string");
        assert!(e.span.is_some());
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
