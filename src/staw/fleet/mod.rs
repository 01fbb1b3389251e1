//! The fleet file (`shared/spec/fleet-file.md`): reading it with spans on
//! every user value, and resolving its card references against the database.
//!
//! (The spanned TOML tree they read is `input::tree`.)
//! - `read`: the keys of the format into `RawFleet` (shape and key errors);
//! - `resolve`: card references into cards (`Fleet`).

pub mod read;
pub mod resolve;

pub use read::{CardRef, Query, RawFleet, RawShip, Spanned};
pub use resolve::{Fleet, Placed, Position, ShipEntry, Sideboard, SideboardCard};
