//! The other rule sets of the source documents, one folder each: `xwing`,
//! `ti4`, `bsg`, `stccg`. Selected by the top-level `game = "..."` key.

use crate::diag::Source;
use crate::report::Checked;

/// The games this build knows besides `staw`.
pub const GAMES: &[&str] = &[];

/// Checks a file of another game. `None` when `game` is not one of `GAMES`.
pub fn check(game: &str, source: Source) -> Option<Checked> {
    let _ = (game, source);
    None
}
