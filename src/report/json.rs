//! The JSON report (`--output json`): one pretty-printed document per run,
//! `{"fleetcheck": <version>, "fleets": [...]}`, and its JSON Schema.
//!
//! The schema is generated from the wire types of [`super::model`] and
//! committed as `src/report/report.schema.json`; a test keeps the two equal
//! (`UPDATE_SCHEMA=1 cargo test` rewrites the file after a deliberate change
//! of the wire types).

use super::model::Report;
use super::Checked;
use std::io::{self, Write};

/// The committed JSON Schema of the report.
pub const SCHEMA: &str = include_str!("report.schema.json");

/// The report of these checked files.
pub fn report(files: &[Checked]) -> Report {
    Report {
        fleetcheck: env!("CARGO_PKG_VERSION").to_string(),
        fleets: files.iter().map(Checked::finish).collect(),
    }
}

/// Writes the report of these files as one JSON document.
pub fn render_all(w: &mut dyn Write, files: &[Checked]) -> io::Result<()> {
    write_value(w, &report(files))
}

/// Writes any serialisable value pretty-printed, with a final newline.
pub fn write_value<T: serde::Serialize + ?Sized>(w: &mut dyn Write, value: &T) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *w, value)?;
    writeln!(w)
}

/// The JSON Schema of [`Report`], generated from the wire types, as the
/// text committed in `report.schema.json`.
pub fn generate_schema() -> String {
    let schema = schemars::schema_for!(Report);
    let mut text = serde_json::to_string_pretty(&schema).expect("a schema always serialises");
    text.push('\n');
    text
}
