//! Fuzz target: arbitrary bytes as what a user hands to `fleetcheck import`:
//! a Utopia link, base64 text or fleet JSON, and a Space Dock squad file.
//! Every fleet imported is written as a fleet file and that file checked,
//! as the import command does. Any panic is a crash.
#![no_main]

use fleetcheck::cli::check::check_bytes;
use fleetcheck::data::Database;
use fleetcheck::edit::interop::{spacedock, utopia, FleetModel};
use fleetcheck::staw::CheckOptions;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn db() -> &'static Database {
    static DB: OnceLock<Database> = OnceLock::new();
    DB.get_or_init(|| Database::embedded().expect("the embedded database loads"))
}

fn map() -> &'static spacedock::Mapping {
    static MAP: OnceLock<spacedock::Mapping> = OnceLock::new();
    MAP.get_or_init(spacedock::Mapping::embedded)
}

/// Writes the imported fleet as a fleet file and checks it.
fn check(fleet: &FleetModel) {
    let opts = CheckOptions {
        format: None,
        as_of: None,
        today: "2026-01-01".to_string(),
        sp_cap: None,
    };
    let toml = fleet.to_toml(db(), &["fuzz".to_string()]);
    let _ = check_bytes(db(), "imported.toml", toml.into_bytes(), &opts);
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(v) = utopia::parse_input(text) {
        let (fleet, _problems) = utopia::import(db(), &v);
        check(&fleet);
    }
    if let Ok(squads) = spacedock::import_text(db(), map(), text) {
        for (fleet, _problems) in squads {
            check(&fleet);
        }
    }
});
