//! The one integration test binary. One module per area.
//!
//! Plain `cargo test` is the first tier: everything the clone itself holds.
//! `cargo test --features reference` adds the second tier, `reference`: the
//! checks against the real reference data in `../shared`, and the long runs
//! of the invariants on random legal fleets (`invariants`: a sample in the
//! first tier, 10,000 fleets in the second).
// A test binary has no API: its helpers are `pub` for the other modules.
#![allow(unreachable_pub)]

mod architecture;
mod builder;
mod card_filters;
mod cli;
mod collection;
mod engine;
mod event;
mod fidelity;
mod fleet_captain;
mod games;
mod golden;
mod handwritten;
mod hardening;
mod held;
mod import;
mod import_fixture;
mod interop;
mod interop_slots;
mod interop_spacedock;
mod interop_text;
mod invariants;
mod lsp;
mod options;
mod props;
mod raw_import;
mod readers;
mod readme;
#[cfg(feature = "reference")]
mod reference;
mod refusals;
mod reliability;
mod report;
mod resolution_policy;
mod sheet;
mod sideboard;
mod staw_rules;
mod support;
mod terminal;
mod usability;
