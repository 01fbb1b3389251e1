//! What the import fuzz targets (`import`, `import_output`) share with the
//! first-tier test that replays their corpus (`tests/reliability.rs`): the
//! database, the Space Dock mapping, the check options, every fleet an
//! input imports, and the assertion of `import_output`. Included by path
//! (`#[path = ...] mod imported;`) from both places, so that the test
//! asserts exactly what the fuzz target does.

use fleetcheck::cli::check::check_bytes;
use fleetcheck_data::Database;
use fleetcheck_edit::interop::{spacedock, utopia, FleetModel, Problem};
use fleetcheck_report::Checked;
use fleetcheck_staw::CheckOptions;
use std::sync::OnceLock;

pub fn db() -> &'static Database {
    static DB: OnceLock<Database> = OnceLock::new();
    DB.get_or_init(|| Database::embedded().expect("the embedded database loads"))
}

pub fn map() -> &'static spacedock::Mapping {
    static MAP: OnceLock<spacedock::Mapping> = OnceLock::new();
    MAP.get_or_init(spacedock::Mapping::embedded)
}

/// Which importer read a fleet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Importer {
    Utopia,
    SpaceDock,
}

/// Every fleet `text` imports, as a Utopia fleet and as a Space Dock squad
/// file, with the importer and the problems it reported.
pub fn imports(text: &str) -> Vec<(Importer, FleetModel, Vec<Problem>)> {
    let mut out = Vec::new();
    if let Ok(v) = utopia::parse_input(text) {
        let (fleet, problems) = utopia::import(db(), &v);
        out.push((Importer::Utopia, fleet, problems));
    }
    if let Ok(squads) = spacedock::import_text(db(), map(), text) {
        out.extend(squads.into_iter().map(|(f, p)| (Importer::SpaceDock, f, p)));
    }
    out
}

/// A fleet file's text, checked as `fleetcheck check` does.
pub fn check(toml: &str) -> Checked {
    let opts = CheckOptions {
        today: "2026-01-01".to_string(),
        ..Default::default()
    };
    check_bytes(db(), "imported.toml", toml.as_bytes().to_vec(), &opts)
}

/// The assertion of `import_output` (see [`fault`]): panics with what is
/// wrong.
pub fn assert_output(fleet: &FleetModel, problems: &[Problem]) {
    if let Some(fault) = fault(fleet, problems) {
        panic!("{fault}");
    }
}

/// What is wrong with an imported fleet, if anything: written as
/// `fleetcheck import` writes it (the header lists every problem as a
/// comment), it must parse as TOML with only top-level keys that are
/// fleet-file keys the fleet itself has (no imported text became a key: a
/// line break in a title or id stays inside its comment), and checked it
/// must have no input error, unless the import reported an error (a card
/// it could not carry over).
pub fn fault(fleet: &FleetModel, problems: &[Problem]) -> Option<String> {
    let mut header = vec!["Imported by the fuzzer.".to_string()];
    header.extend(
        problems
            .iter()
            .map(|p| format!("NOT IMPORTED: {}", p.message)),
    );
    let toml = fleet.to_toml(db(), &header);
    let table: toml::Table = match toml.parse() {
        Ok(t) => t,
        Err(e) => return Some(format!("the imported file does not parse: {e}\n{toml}")),
    };
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
        if !expected {
            return Some(format!("key `{key}` in the imported file\n{toml}"));
        }
    }
    let checked = check(&toml);
    (checked.exit_code() == 2 && !problems.iter().any(|p| p.error)).then(|| {
        format!(
            "an import without an error wrote a file with an input error: {:?}\n{toml}",
            checked.diagnostics
        )
    })
}
