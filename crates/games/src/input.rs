//! Reading the other games' files: the helpers every game's reader shares.
//!
//! The text is parsed once into the spanned tree of `fleetcheck_input::tree`
//! (the same parser, error messages and spans as the STAW fleet file: see
//! that module for why a tree and not serde structs). Each game then walks
//! the tree with [`Fields`], which reports every unknown key (`unknown-key`)
//! and every value of the wrong shape (`shape`) with its location and keeps
//! going, so that all of a file's input errors are listed at once.

use fleetcheck_input::diag::{Diagnostic, InputCode, Source};
use fleetcheck_input::tree::Spanned;
use fleetcheck_input::tree::{self, Entry, Node, NodeValue};
use std::ops::Range;

/// Parses the whole file; a syntax error becomes a `parse` diagnostic.
pub(crate) fn parse(source: &Source, diags: &mut Vec<Diagnostic>) -> Option<Node> {
    tree::parse_reported(&source.text, diags)
}

/// The first character of a table (its `[[ship]]` header, or the `{` of an
/// inline table), for messages about the whole table.
pub(crate) fn header(node: &Node) -> Range<usize> {
    header_of(&node.span)
}

/// The first character of a span.
pub(crate) fn header_of(span: &Range<usize>) -> Range<usize> {
    span.start..span.start + 1
}

/// Reads a game file's top-level table: the game's own `keys` plus the
/// common `game`, `name` and `notes` (each checked to be a string). Returns
/// the table's fields and the file's `name`.
pub(crate) fn top_level<'a>(
    root: &'a Node,
    keys: &[&str],
    place: &str,
    diags: &mut Vec<Diagnostic>,
) -> Option<(Fields<'a>, Option<String>)> {
    let known: Vec<&str> = super::COMMON_KEYS.iter().chain(keys).copied().collect();
    let top = Fields::new(root, "the file", place, &known, diags)?;
    top.string("game", diags);
    top.string("notes", diags);
    let name = top.string("name", diags).map(|s| s.value);
    Some((top, name))
}

/// The entries of one table, checked against the keys it may have.
pub(crate) struct Fields<'a> {
    entries: &'a [Entry],
    /// The span of the table.
    pub span: Range<usize>,
    place: String,
}

impl<'a> Fields<'a> {
    /// Reads `node` as a table in `place` ("in a [[ship]]"); reports a value
    /// that is not a table (`shape`, naming `what` it should be) and every key
    /// not in `known` (`unknown-key`, with "did you mean").
    pub(crate) fn new(
        node: &'a Node,
        what: &str,
        place: &str,
        known: &[&str],
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Fields<'a>> {
        let NodeValue::Table(entries) = &node.value else {
            diags.push(
                Diagnostic::new(
                    InputCode::Shape,
                    format!("{what} must be a table, found {}", node.value.describe()),
                )
                .with_span(Some(node.span.clone())),
            );
            return None;
        };
        for e in entries {
            if !known.contains(&e.key.as_str()) {
                diags.push(unknown_key(e, known, place));
            }
        }
        Some(Fields {
            entries,
            span: node.span.clone(),
            place: place.to_string(),
        })
    }

    /// The entry of `key`, if present.
    pub(crate) fn entry(&self, key: &str) -> Option<&'a Entry> {
        self.entries.iter().find(|e| e.key == key)
    }

    /// Every entry, in file order.
    pub(crate) fn entries(&self) -> &'a [Entry] {
        self.entries
    }

    /// Reports a missing required key at the table's first character, with
    /// an example line as help.
    pub(crate) fn require(&self, key: &str, example: &str, diags: &mut Vec<Diagnostic>) -> bool {
        if self.entry(key).is_some() {
            return true;
        }
        diags.push(
            Diagnostic::new(
                InputCode::Shape,
                format!("missing key `{key}` {}", self.place),
            )
            .with_span(Some(self.span.start..self.span.start + 1))
            .with_help(format!("add a line such as: {example}")),
        );
        false
    }

    /// A string value.
    pub(crate) fn string(&self, key: &str, diags: &mut Vec<Diagnostic>) -> Option<Spanned<String>> {
        let e = self.entry(key)?;
        match &e.node.value {
            NodeValue::String(s) => Some(Spanned {
                value: s.clone(),
                span: e.node.span.clone(),
            }),
            other => {
                diags.push(shape(key, "a string", other, &e.node.span));
                None
            }
        }
    }

    /// An integer of at least `min`.
    pub(crate) fn integer(
        &self,
        key: &str,
        min: i64,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Spanned<i64>> {
        let e = self.entry(key)?;
        integer_node(key, &e.node, min, diags)
    }

    /// A boolean.
    pub(crate) fn boolean(&self, key: &str, diags: &mut Vec<Diagnostic>) -> Option<Spanned<bool>> {
        let e = self.entry(key)?;
        match &e.node.value {
            NodeValue::Boolean(b) => Some(Spanned {
                value: *b,
                span: e.node.span.clone(),
            }),
            other => {
                diags.push(shape(key, "true or false", other, &e.node.span));
                None
            }
        }
    }

    /// An array of strings (or a single string, read as a one-element list,
    /// since that is what a user who writes `icons = "borg-only"` means).
    pub(crate) fn strings(
        &self,
        key: &str,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Vec<Spanned<String>>> {
        let e = self.entry(key)?;
        match &e.node.value {
            NodeValue::String(s) => Some(vec![Spanned {
                value: s.clone(),
                span: e.node.span.clone(),
            }]),
            NodeValue::Array(items) => {
                let mut out = Vec::new();
                for item in items {
                    match &item.value {
                        NodeValue::String(s) => out.push(Spanned {
                            value: s.clone(),
                            span: item.span.clone(),
                        }),
                        other => diags.push(shape(
                            &format!("each entry of `{key}`"),
                            "a string",
                            other,
                            &item.span,
                        )),
                    }
                }
                Some(out)
            }
            other => {
                diags.push(shape(key, "an array of strings", other, &e.node.span));
                None
            }
        }
    }

    /// The tables of an array of tables (`[[key]]`). A single `[key]` table
    /// is reported with a hint to double the brackets.
    pub(crate) fn tables(&self, key: &str, diags: &mut Vec<Diagnostic>) -> Vec<&'a Node> {
        let Some(e) = self.entry(key) else {
            return Vec::new();
        };
        match &e.node.value {
            NodeValue::Array(items) => {
                let mut out = Vec::new();
                for item in items {
                    if matches!(item.value, NodeValue::Table(_)) {
                        out.push(item);
                    } else {
                        diags.push(shape(
                            &format!("each `{key}`"),
                            &format!("a [[{key}]] table"),
                            &item.value,
                            &item.span,
                        ));
                    }
                }
                out
            }
            NodeValue::Table(_) => {
                diags.push(
                    Diagnostic::new(
                        InputCode::Shape,
                        format!(
                            "`{key}` must be an array of tables: write each one as `[[{key}]]`"
                        ),
                    )
                    .with_span(Some(e.key_span.clone()))
                    .with_help(format!("use two brackets: [[{key}]]")),
                );
                Vec::new()
            }
            other => {
                diags.push(shape(
                    key,
                    &format!("an array of [[{key}]] tables"),
                    other,
                    &e.node.span,
                ));
                Vec::new()
            }
        }
    }
}

/// The largest count any file may give: no game has a million pieces, and
/// the bound keeps every sum of counts far from overflowing.
pub(crate) const MAX_COUNT: i64 = 1_000_000;

/// Reads an integer of at least `min` (and at most [`MAX_COUNT`]) from a
/// node; `key` names it in messages.
pub(crate) fn integer_node(
    key: &str,
    node: &Node,
    min: i64,
    diags: &mut Vec<Diagnostic>,
) -> Option<Spanned<i64>> {
    match &node.value {
        NodeValue::Integer(i) if *i > MAX_COUNT => {
            diags.push(
                Diagnostic::new(
                    InputCode::Shape,
                    format!("`{key}` is {i}, more than any game has (at most {MAX_COUNT})"),
                )
                .with_span(Some(node.span.clone())),
            );
            None
        }
        NodeValue::Integer(i) if *i >= min => Some(Spanned {
            value: *i,
            span: node.span.clone(),
        }),
        NodeValue::Integer(i) => {
            diags.push(
                Diagnostic::new(
                    InputCode::Shape,
                    format!("`{key}` must be at least {min}, found {i}"),
                )
                .with_span(Some(node.span.clone())),
            );
            None
        }
        other => {
            let expected = if min >= 0 {
                "a whole number"
            } else {
                "an integer"
            };
            diags.push(shape(key, expected, other, &node.span));
            None
        }
    }
}

/// "`key` must be EXPECTED, found a string".
pub(crate) fn shape(
    key: &str,
    expected: &str,
    found: &NodeValue,
    span: &Range<usize>,
) -> Diagnostic {
    let key = if key.starts_with("each ") {
        key.to_string()
    } else {
        format!("`{key}`")
    };
    Diagnostic::new(
        InputCode::Shape,
        format!("{key} must be {expected}, found {}", found.describe()),
    )
    .with_span(Some(span.clone()))
}

pub(crate) use fleetcheck_input::suggest::unknown_key;

/// A name made comparable (the one folding of `input::suggest`).
pub(crate) use fleetcheck_input::suggest::fold as loose;

/// The candidate closest to `query`, if it is close enough to be a typo.
pub(crate) use fleetcheck_input::suggest::closest as suggest;

/// An "unknown value" error for a closed list (card types, affiliations,
/// units...): names the value, says what it is, suggests the closest known
/// one or lists them all.
pub(crate) fn unknown_value<'a>(
    code: InputCode,
    what: &str,
    value: &str,
    span: &Range<usize>,
    known: impl Iterator<Item = &'a str> + Clone,
) -> Diagnostic {
    let d =
        Diagnostic::new(code, format!("unknown {what} `{value}`")).with_span(Some(span.clone()));
    match suggest(value, known.clone()) {
        Some(k) => d.with_help(format!("did you mean `{k}`?")),
        None => d.with_help(format!("known: {}", known.collect::<Vec<_>>().join(", "))),
    }
}

/// Plural helper for messages: `1 card`, `2 cards`.
pub(crate) fn count(n: i64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn src(text: &str) -> Source {
        Source {
            path: "t.toml".into(),
            text: text.into(),
        }
    }

    #[test]
    fn loose_ignores_case_and_punctuation() {
        assert_eq!(loose("  Direct   HIT! "), "direct hit");
        assert_eq!(loose("fuel_leak"), "fuel leak");
        assert_eq!(loose("Admiral\u{2019}s Quarters"), "admirals quarters");
    }

    #[test]
    fn fields_report_unknown_keys_and_shapes() {
        let s = src("nam = 1\ncount = \"x\"\nflag = 2\n[[t]]\n");
        let mut d = Vec::new();
        let root = parse(&s, &mut d).unwrap();
        let f = Fields::new(
            &root,
            "the file",
            "at the top",
            &["name", "count", "flag", "t"],
            &mut d,
        )
        .unwrap();
        assert_eq!(f.integer("count", 0, &mut d), None);
        assert_eq!(f.boolean("flag", &mut d), None);
        assert_eq!(f.tables("t", &mut d).len(), 1);
        let codes: Vec<_> = d
            .iter()
            .map(|d| (d.code.as_str(), d.message.as_str()))
            .collect();
        assert_eq!(
            codes,
            vec![
                ("unknown-key", "unknown key `nam` at the top"),
                ("shape", "`count` must be a whole number, found a string"),
                ("shape", "`flag` must be true or false, found an integer"),
            ]
        );
        assert_eq!(d[0].help, vec!["did you mean `name`?"]);
        assert_eq!(s.line_col(d[1].span.clone().unwrap().start), (2, 9));
    }

    #[test]
    fn syntax_errors_are_parse_diagnostics() {
        let mut d = Vec::new();
        assert!(parse(&src("a = [\n"), &mut d).is_none());
        assert_eq!(d[0].code, InputCode::Parse);
        assert!(d[0].span.is_some());
    }

    #[test]
    fn absurd_counts_are_refused() {
        let s = src("n = 9223372036854775807\n");
        let mut d = Vec::new();
        let root = parse(&s, &mut d).unwrap();
        let f = Fields::new(&root, "the file", "at the top", &["n"], &mut d).unwrap();
        assert_eq!(f.integer("n", 0, &mut d), None);
        assert_eq!(
            d[0].message,
            "`n` is 9223372036854775807, more than any game has (at most 1000000)"
        );
    }

    #[test]
    fn negative_numbers_are_refused_where_a_count_is_expected() {
        let s = src("n = -1\n");
        let mut d = Vec::new();
        let root = parse(&s, &mut d).unwrap();
        let f = Fields::new(&root, "the file", "at the top", &["n"], &mut d).unwrap();
        assert_eq!(f.integer("n", 0, &mut d), None);
        assert_eq!(d[0].message, "`n` must be at least 0, found -1");
    }
}
