//! Fuzz target: arbitrary bytes as the client's side of a `fleetcheck lsp`
//! session, served in memory by the server's own stream loop
//! (`fleetcheck_lsp::serve_stream`, what `serve_stdio` runs on standard
//! input and output): the framing, the session's states, every request and
//! notification with fuzzed parameters and documents. A panic is a crash,
//! also one the server caught and answered as an error, and so is any
//! output that is not well-formed frames. See `common/lsp.rs` for the two
//! forms of an input. Dictionary `lsp.dict`.
#![no_main]

#[path = "../common/lsp.rs"]
mod lsp;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| lsp::session(data));
