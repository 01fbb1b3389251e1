//! Placeholder while the stccg rule set is written: every file is refused.
use crate::diag::{Diagnostic, Source};
use crate::games::{finish, Game};
use crate::report::Checked;

/// The stccg rule set (not implemented yet).
pub const GAME: Game = Game {
    id: "stccg",
    title: "stccg",
    codes: &[],
    check,
};

/// Refuses the file: the rule set is not written yet.
pub fn check(source: Source) -> Checked {
    let d = Diagnostic::error("unknown-game", "the stccg rule set is not implemented yet");
    finish("stccg", source, None, vec![d], None, None)
}
