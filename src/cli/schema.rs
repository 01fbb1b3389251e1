//! `fleetcheck schema`: the JSON Schema of every `--output json` document
//! (generated from the wire types of `report::model`; the committed copy
//! is `crates/report/src/report.schema.json`).

use super::check::print;

pub fn run() -> anyhow::Result<i32> {
    print(|w| w.write_all(fleetcheck_report::json::generate_schema().as_bytes()))?;
    Ok(0)
}
