//! The fleet file (`shared/spec/fleet-file.md`): reading it with spans on
//! every user value, and resolving its card references against the database.
//!
//! (The spanned TOML tree they read is `input::tree`.)
//! - `read`: the keys of the format into `RawFleet` (shape and key errors);
//! - `resolve`: card references into cards (`Fleet`), with `position`
//!   (where a reference stands, what fits there), `candidates` (the
//!   candidates of an ambiguous or unknown reference, as help lines) and
//!   `written` (a card's compact form `Name (Set)`, choices read back).

mod candidates;
mod position;
pub mod read;
pub mod resolve;
mod resolved;
mod written;

pub(crate) use candidates::dedupe;

pub use read::{CardRef, Query, RawFleet, RawShip, Spanned};
pub use resolve::{Fleet, Placed, Position, ShipEntry, Sideboard, SideboardCard};
