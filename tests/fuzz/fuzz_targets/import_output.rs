//! Fuzz target: what the importers write. Arbitrary text as a Utopia fleet
//! and as a Space Dock squad file; every fleet imported is written as
//! `fleetcheck import` writes it (the header lists every problem as a
//! comment) and then:
//!
//! - it parses as TOML, and its top-level keys are fleet-file keys that the
//!   fleet itself has (no imported text became a key: a line break in a
//!   title or id stays inside its comment);
//! - checked, it has no input error, unless the import reported an error
//!   (a card it could not carry over).
#![no_main]

use fleetcheck::cli::check::check_bytes;
use fleetcheck::data::Database;
use fleetcheck::edit::interop::{spacedock, utopia, FleetModel, Problem};
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

fn check(fleet: &FleetModel, problems: &[Problem]) {
    let mut header = vec!["Imported by the fuzzer.".to_string()];
    header.extend(problems.iter().map(|p| format!("NOT IMPORTED: {}", p.message)));
    let toml = fleet.to_toml(db(), &header);
    let table: toml::Table = toml
        .parse()
        .unwrap_or_else(|e| panic!("the imported file does not parse: {e}\n{toml}"));
    for key in table.keys() {
        let expected = match key.as_str() {
            "name" => fleet.name.is_some(),
            "notes" => fleet.notes.is_some(),
            "format" => fleet.format.is_some(),
            "resource" => fleet.resource.is_some(),
            "additional_points" => fleet.additional_points.is_some(),
            "ship" => !fleet.ships.is_empty(),
            "sideboard" => !fleet.sideboard.is_empty(),
            _ => false,
        };
        assert!(expected, "key `{key}` in the imported file\n{toml}");
    }
    let opts = CheckOptions {
        format: None,
        as_of: None,
        today: "2026-01-01".to_string(),
    };
    let checked = check_bytes(db(), "imported.toml", toml.clone().into_bytes(), &opts);
    if checked.exit_code() == 2 {
        assert!(
            problems.iter().any(|p| p.error),
            "an import without an error wrote a file with an input error: {:?}\n{toml}",
            checked.diagnostics
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(v) = utopia::parse_input(text) {
        let (fleet, problems) = utopia::import(db(), &v);
        check(&fleet, &problems);
    }
    if let Ok(squads) = spacedock::import_text(db(), map(), text) {
        for (fleet, problems) in squads {
            check(&fleet, &problems);
        }
    }
});
