//! Interop with the other fleet builders and with people: Utopia links
//! (`utopia`), Space Dock squad files (`spacedock`; its id mapping is
//! derived by the maintainer's tool, `fleetcheck-dev`), and the plain text list players
//! post (`text`). Every format goes through `model` (a fleet
//! as card ids) or `priced` (the fleet priced by the engine in Utopia's
//! slot layout). Nothing that cannot be carried over is dropped silently:
//! it is a `Problem`, reported with its title and id.

mod json;
pub mod model;
pub mod priced;
pub mod spacedock;
pub mod text;
pub mod text_in;
pub mod utopia;

pub use model::{CardText, FleetFile, FleetModel, Problem, ShipFile, ShipModel, Slot};
