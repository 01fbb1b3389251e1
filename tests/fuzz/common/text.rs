//! What the fuzz target `text` shares with the first-tier test that
//! replays its corpus (`tests/hardening.rs`): an input as a pasted list,
//! imported as `fleetcheck import text` imports it
//! (`edit::interop::text_in::import`), and the assertion. Included by path
//! (`#[path = ...] mod text;`) from both places, so that the test asserts
//! exactly what the fuzz target does.
//!
//! The assertion is `import_output`'s, for the text import: the fleet file
//! the import writes (when it writes one: a list with no ship, resource or
//! sideboard card writes none) must parse as TOML with only top-level keys
//! that are fleet-file keys the fleet itself has (no pasted text became a
//! key), and checked as `fleetcheck check` checks it, it must have no input
//! error, unless the import reported an error (a line not read or not
//! resolved, a name left for `fix`: exit 2).

use fleetcheck::cli::check::check_bytes;
use fleetcheck_data::Database;
use fleetcheck_edit::interop::text_in::{self, Imported, Level};
use fleetcheck_staw::CheckOptions;
use std::sync::OnceLock;

fn db() -> &'static Database {
    static DB: OnceLock<Database> = OnceLock::new();
    DB.get_or_init(|| Database::embedded().expect("the embedded database loads"))
}

/// The options of `import text` and of `check` (`cli::check::check_options`
/// without `--format` or `--as-of`), on a fixed day.
fn options() -> CheckOptions {
    CheckOptions {
        today: "2026-01-01".to_string(),
        ..Default::default()
    }
}

/// The pasted list imported, as `import text` imports it.
pub fn import(text: &str) -> Imported {
    text_in::import(db(), text, "fuzz.txt", &options())
}

/// Imports the input (text only: `import text` refuses a file that is
/// not UTF-8) and panics with what is wrong, if anything (see [`fault`]).
pub fn assert_output(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Some(fault) = fault(&import(text)) {
        panic!("{fault}");
    }
}

/// What is wrong with the file an import writes, if anything: see the
/// module's comment.
pub fn fault(imported: &Imported) -> Option<String> {
    let f = &imported.file;
    if f.ships.is_empty() && f.resource.is_none() && f.sideboard.is_empty() {
        // Nothing is written.
        return None;
    }
    let toml = &imported.toml;
    let table: toml::Table = match toml.parse() {
        Ok(t) => t,
        Err(e) => return Some(format!("the imported file does not parse: {e}\n{toml}")),
    };
    for key in table.keys() {
        let expected = match key.as_str() {
            "name" => f.name.is_some(),
            "format" => f.format.is_some(),
            "as_of" => f.as_of.is_some(),
            "sp_cap" => f.sp_cap.is_some(),
            "resource" => f.resource.is_some(),
            "additional_points" => f.additional_points.is_some(),
            "notes" => f.notes.is_some(),
            "ship" => !f.ships.is_empty(),
            "sideboard" => !f.sideboard.is_empty(),
            _ => false,
        };
        if !expected {
            return Some(format!("key `{key}` in the imported file\n{toml}"));
        }
    }
    let reported = imported.unread.iter().any(|u| u.level != Level::Warning);
    let checked = check_bytes(db(), "imported.toml", toml.as_bytes().to_vec(), &options());
    (checked.exit_code() == 2 && !reported).then(|| {
        format!(
            "an import without an error wrote a file with an input error: {:?}\n{toml}",
            checked.diagnostics
        )
    })
}
