//! Editing and interop: the layer that writes fleet files. `builder`
//! creates and edits them in place (`new`, `add`, `remove`, `options`);
//! `interop` reads and writes the other builders' formats (Utopia, Space
//! Dock, text). Both check through `staw::analyse`, the one pipeline.

pub mod builder;
pub mod interop;

use crate::data::Database;
use crate::games::Which;
use crate::input::diag::{Diagnostic, Source};
use crate::report::Checked;
use crate::staw::analysis::Analysis;
use crate::staw::CheckOptions;

/// The one pipeline (`staw::analyse`) as the editing commands use it: `f`
/// on the priced fleet of a STAW file; otherwise the check that shows why
/// it could not be priced (an input error), or an input error saying that
/// only STAW fleets are edited, imported and exported.
pub fn with_analysis<R>(
    db: &Database,
    source: &Source,
    opts: &CheckOptions,
    f: impl FnOnce(&Analysis) -> R,
) -> Result<R, Box<Checked>> {
    let not_staw = |d: Diagnostic| {
        let path = source.path.clone();
        Box::new(Checked::input_error(
            &path,
            crate::staw::GAME,
            Some(source.clone()),
            d,
        ))
    };
    match crate::games::which(source) {
        Ok(Which::Staw) => {}
        Ok(Which::Other(g)) => {
            return Err(not_staw(Diagnostic::error(
                "unknown-game",
                format!(
                    "{} is a {} file (game = \"{}\"): only Star Trek: Attack Wing fleets are built, imported and exported",
                    source.path, g.title, g.id
                ),
            )));
        }
        Err(d) => return Err(not_staw(*d)),
    }
    let (checked, r) = crate::report::staw::check_and(db, source.clone(), opts, f);
    r.ok_or_else(|| Box::new(checked))
}
