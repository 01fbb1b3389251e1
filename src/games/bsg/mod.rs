//! Placeholder while the bsg rule set is written: every file is refused.
use crate::diag::{Diagnostic, Source};
use crate::games::{finish, Game};
use crate::report::Checked;

/// The bsg rule set (not implemented yet).
pub const GAME: Game = Game {
    id: "bsg",
    title: "bsg",
    codes: &[],
    check,
};

/// Refuses the file: the rule set is not written yet.
pub fn check(source: Source) -> Checked {
    let d = Diagnostic::error("unknown-game", "the bsg rule set is not implemented yet");
    finish("bsg", source, None, vec![d], None, None)
}
