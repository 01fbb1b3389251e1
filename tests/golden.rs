//! The project's golden fleets, `tests/fixtures/golden`: every case of its
//! `expected.toml` is checked with the embedded card database: exit code,
//! legality, fleet total, ship totals in file order, sideboard total, and
//! the exact set of diagnostic codes reported. All failing cases are
//! reported together, one line each naming the case. (The golden corpus of
//! `../shared` is checked by the reference tier, `tests/reference/golden.rs`.)

use fleetcheck::cli::check::check_source;
use fleetcheck_data::Database;
use fleetcheck_input::diag::Source;
use fleetcheck_report::model::FleetReport;
use fleetcheck_report::Checked;
use fleetcheck_staw::CheckOptions;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// "Today" for the golden cases: the cases without `as_of` are judged on
/// the current card pool, so any date after the last release works; it is
/// fixed so that the test never depends on the clock.
pub const TODAY: &str = "2025-06-01";

/// One case of `expected.toml`; the fleet file is `<case id>.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    exit: i32,
    legal: Option<bool>,
    total: Option<i32>,
    ships: Option<Vec<i32>>,
    sideboard: Option<i32>,
    codes: Vec<String>,
    #[allow(dead_code)]
    note: Option<String>,
}

/// The project's golden folder.
pub fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/golden")
}

/// The real card database (`data/staw`), loaded once.
pub fn db() -> &'static Database {
    static DB: OnceLock<Database> = OnceLock::new();
    DB.get_or_init(|| Database::embedded().expect("the embedded database loads"))
}

/// Checks a fleet file with the fixed `TODAY`.
pub fn check_file(path: &Path) -> Checked {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    check_source(
        db(),
        Source { path: name, text },
        &CheckOptions {
            today: TODAY.into(),
            ..CheckOptions::default()
        },
    )
}

/// What is wrong with one case, if anything.
fn judge(id: &str, case: &Case) -> Option<String> {
    let checked = check_file(&golden_dir().join(format!("{id}.toml")));
    let r = checked.finish();
    let mut wrong = Vec::new();
    if checked.exit_code() != case.exit {
        wrong.push(format!(
            "exit {} (expected {})",
            checked.exit_code(),
            case.exit
        ));
    }
    if let Some(legal) = case.legal {
        if r.legal != legal {
            wrong.push(format!("legal {} (expected {legal})", r.legal));
        }
    }
    if r.total != case.total {
        wrong.push(format!("total {:?} (expected {:?})", r.total, case.total));
    }
    if let Some(ships) = &case.ships {
        let got: Vec<i32> = r.ships.iter().map(|s| s.total).collect();
        if &got != ships {
            wrong.push(format!("ship totals {got:?} (expected {ships:?})"));
        }
    }
    let got = r.sideboard.as_ref().map(|s| s.total);
    if got != case.sideboard {
        wrong.push(format!(
            "sideboard total {got:?} (expected {:?})",
            case.sideboard
        ));
    }
    let got: BTreeSet<&str> = r.diagnostics.iter().map(|d| d.code.as_str()).collect();
    let want: BTreeSet<&str> = case.codes.iter().map(String::as_str).collect();
    if got != want {
        wrong.push(format!("codes {got:?} (expected {want:?})"));
    }
    failure(id, &wrong, &r)
}

/// What went wrong with one case, with the fleet's diagnostics; `None`
/// when nothing did.
pub(crate) fn failure(id: &str, wrong: &[String], r: &FleetReport) -> Option<String> {
    if wrong.is_empty() {
        return None;
    }
    let diags: Vec<String> = r
        .diagnostics
        .iter()
        .map(|d| format!("{} {}: {}", d.severity, d.code, d.message))
        .collect();
    Some(format!(
        "{id}: {}\n      diagnostics: {diags:#?}",
        wrong.join("; ")
    ))
}

#[test]
fn every_golden_case_matches() {
    let text = std::fs::read_to_string(golden_dir().join("expected.toml"))
        .expect("tests/fixtures/golden/expected.toml is readable");
    let cases: BTreeMap<String, Case> = toml::from_str(&text).expect("expected.toml parses");
    assert_eq!(cases.len(), 56, "golden cases in expected.toml");
    assert_every_case(&cases, judge);
}

/// Judges every case; fails listing each case that does not match.
pub(crate) fn assert_every_case<C>(
    cases: &BTreeMap<String, C>,
    judge: impl Fn(&str, &C) -> Option<String>,
) {
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|(id, case)| judge(id, case))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} golden cases fail:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// Every fleet file of the folder has its case, and every case its file.
#[test]
fn every_golden_fleet_has_a_case() {
    let text = std::fs::read_to_string(golden_dir().join("expected.toml")).unwrap();
    let cases: BTreeMap<String, toml::Value> = toml::from_str(&text).unwrap();
    let mut files: Vec<String> = std::fs::read_dir(golden_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n != "expected.toml")
        .collect();
    files.sort();
    let mut want: Vec<String> = cases.keys().map(|id| format!("{id}.toml")).collect();
    want.sort();
    assert_eq!(files, want);
}
