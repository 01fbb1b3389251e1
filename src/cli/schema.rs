//! `fleetcheck schema`: the JSON Schema of every `--output json` document
//! (generated from the wire types of `report::model`; the committed copy
//! is `src/report/report.schema.json`).

use super::check::print;

pub fn run() -> anyhow::Result<i32> {
    print(|w| w.write_all(crate::report::json::generate_schema().as_bytes()))?;
    Ok(0)
}
