//! The legality engine: the cost model, then one file per rule.

use crate::db::Database;
use crate::diag::Source;
use crate::report::Checked;

/// How to check a fleet: overrides from the command line.
#[derive(Debug, Clone, Default)]
pub struct CheckOptions {
    /// `--format`: use this format instead of the fleet's own.
    pub format: Option<String>,
    /// `--as-of` (YYYY-MM-DD): overrides the fleet's `as_of`.
    pub as_of: Option<String>,
    /// Today's date (YYYY-MM-DD), the default evaluation date. Passed in so
    /// that tests are reproducible.
    pub today: String,
}

/// Checks one STAW fleet file: parses it, resolves every card, prices
/// every card and checks every rule. Never panics; every problem is a
/// diagnostic of the returned `Checked`.
pub fn check_source(db: &Database, source: Source, opts: &CheckOptions) -> Checked {
    let _ = (db, opts);
    Checked {
        report: crate::report::model::FleetReport {
            file: source.path.clone(),
            game: "staw".into(),
            ..Default::default()
        },
        diagnostics: vec![crate::diag::Diagnostic::error(
            "parse",
            "the STAW engine is not implemented yet",
        )],
        source: Some(source),
        text: None,
    }
}
