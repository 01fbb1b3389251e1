//! Placeholder while the ti4 rule set is written: every file is refused.
use crate::diag::{Diagnostic, Source};
use crate::games::{finish, Game};
use crate::report::Checked;

/// The ti4 rule set (not implemented yet).
pub const GAME: Game = Game {
    id: "ti4",
    title: "ti4",
    codes: &[],
    check,
};

/// Refuses the file: the rule set is not written yet.
pub fn check(source: Source) -> Checked {
    let d = Diagnostic::error("unknown-game", "the ti4 rule set is not implemented yet");
    finish("ti4", source, None, vec![d], None, None)
}
