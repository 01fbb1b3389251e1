//! fleetcheck: builds, prices and checks fleets for Star Trek: Attack Wing,
//! and checks the other rule sets of its source documents (X-Wing damage
//! decks, Twilight Imperium command tokens, Battlestar Galactica damage,
//! Star Trek CCG First Contact decks).
//!
//! The binary (`src/main.rs`) only parses arguments and maps results to exit
//! codes; everything else lives here.

pub mod builder;
pub mod cli;
pub mod db;
pub mod diag;
pub mod fleet;
pub mod fsutil;
pub mod games;
pub mod import;
pub mod interop;
pub mod report;
pub mod rules;
pub mod sheet;
