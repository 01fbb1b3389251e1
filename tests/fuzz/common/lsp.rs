//! What the fuzz target `lsp` shares with the first-tier test that replays
//! its corpus (`tests/hardening.rs`): an input as the client's byte
//! stream, the session served on it, and the assertion. Included by path
//! (`#[path = ...] mod lsp;`) from both places, so that the test asserts
//! exactly what the fuzz target does.
//!
//! An input that begins with `Content-Length` is the stream itself, byte
//! for byte (the framing is fuzzed); any other input is one message body
//! a line, each framed here with its right length (the messages are
//! fuzzed: a session of initialize, didOpen with a fuzzed text,
//! didChange, hover and completion at fuzzed positions...).

use fleetcheck_data::Database;
use fleetcheck_staw::CheckOptions;
use std::sync::OnceLock;

fn db() -> &'static Database {
    static DB: OnceLock<Database> = OnceLock::new();
    DB.get_or_init(|| Database::embedded().expect("the embedded database loads"))
}

/// The client's byte stream an input stands for.
pub fn stream(data: &[u8]) -> Vec<u8> {
    if data.starts_with(b"Content-Length") {
        return data.to_vec();
    }
    let mut out = Vec::new();
    for body in data.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        out.extend_from_slice(format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes());
        out.extend_from_slice(body);
    }
    out
}

/// Serves one session on the input; panics (a crash of the fuzz target,
/// a failure of the replay) if the server caught a panic, or wrote
/// anything but well-formed frames of JSON-RPC messages.
pub fn session(data: &[u8]) {
    let opts = CheckOptions {
        today: "2026-01-01".to_string(),
        ..Default::default()
    };
    let mut written = Vec::new();
    let session = fleetcheck_lsp::serve_stream(db(), opts, &stream(data)[..], &mut written)
        .expect("writing to memory never fails");
    assert!(
        session.caught_panics.is_empty(),
        "a request panicked: {:?}",
        session.caught_panics
    );
    assert!((0..=1).contains(&session.exit_code));
    let mut rest = &written[..];
    while !rest.is_empty() {
        let head_end = rest
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("a frame's headers end with a blank line");
        let head = std::str::from_utf8(&rest[..head_end]).expect("headers are text");
        let len: usize = head
            .strip_prefix("Content-Length: ")
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("a frame of one Content-Length header: {head:?}"));
        let body = &rest[head_end + 4..head_end + 4 + len];
        let msg: serde_json::Value = serde_json::from_slice(body).expect("a body is JSON");
        assert_eq!(msg["jsonrpc"], "2.0", "{msg}");
        assert!(
            msg.get("method").is_some()
                || msg.get("result").is_some() != msg.get("error").is_some(),
            "a notification, or a response with a result or an error: {msg}"
        );
        rest = &rest[head_end + 4 + len..];
    }
}
