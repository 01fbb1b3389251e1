//! Fuzz target: arbitrary bytes as the event file of `fleetcheck event`,
//! read by the reader and the event reader the command uses, run over the
//! example lists of `fleets/events/` and drawn in every output of
//! `event -o` and as the `--sheets` HTML; a refused file drawn as its
//! refusal. A panic is a crash, and so is JSON output that does not parse.
//! `common/event.rs` holds it all. Dictionary `event.dict`.
#![no_main]

#[path = "../common/event.rs"]
mod event;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| event::run(data));
