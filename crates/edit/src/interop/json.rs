//! The JSON both builders' formats share: a string written as JSON, and a
//! JSON value quoted (shortened) in a message.

use serde_json::Value;

/// A JSON string literal.
pub(super) fn string(s: &str) -> String {
    serde_json::to_string(s).expect("a string serialises")
}

/// A JSON value in a message, shortened to 80 characters.
pub(super) fn excerpt(v: &Value) -> String {
    let s = v.to_string();
    match s.char_indices().nth(80) {
        Some((i, _)) => format!("{}...", &s[..i]),
        None => s,
    }
}
