//! Fuzz target: arbitrary bytes as the pasted list of `fleetcheck import
//! text` (a forum post, Utopia's text export); the fleet file the import
//! writes must parse with only the fleet's own keys and check without an
//! input error, unless the import reported an error (`text::fault`, which
//! `tests/hardening.rs` also runs over the committed corpus). A panic is a
//! crash. Dictionary `text.dict`.
#![no_main]

// `import` and `fault` are the replay test's.
#[allow(dead_code)]
#[path = "../common/text.rs"]
mod text;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| text::assert_output(data));
