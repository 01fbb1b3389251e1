//! fleetcheck: builds, prices and checks fleets for Star Trek: Attack Wing,
//! and checks the other rule sets of its source documents (X-Wing damage
//! decks, Twilight Imperium command tokens, Battlestar Galactica damage,
//! Star Trek CCG First Contact decks).
//!
//! The binary (`src/main.rs`) only parses arguments and maps results to exit
//! codes; everything else lives here, in layers (bottom to top; each layer
//! imports only from the layers below it, `tests/architecture.rs` holds
//! that, and `ARCHITECTURE.md` is the map):
//!
//! `input` → `data` → `staw` → `games` → `report` → `edit` → `cli`.

pub mod input;

pub mod data;

pub mod staw;

pub mod games;

pub mod report;

pub mod edit;

pub mod cli;
