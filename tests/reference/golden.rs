//! The golden corpus of `../shared/golden/staw`: every case of its
//! `expected.toml` is checked with the real card database (exit code,
//! legality, fleet total, ship totals in file order, sideboard total, and
//! every listed diagnostic code). All failing cases are reported together,
//! one line each naming the case.

use crate::golden::{assert_every_case, check_file, failure};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// One case of `expected.toml`.
#[derive(Debug, Deserialize)]
struct Case {
    file: String,
    exit: Option<i32>,
    legal: Option<bool>,
    total: Option<i32>,
    ship_totals: Option<Vec<i32>>,
    sideboard_total: Option<i32>,
    #[serde(default)]
    codes: Vec<String>,
}

/// The golden folder of `../shared`.
fn golden_dir() -> PathBuf {
    super::shared("golden/staw")
}

/// What is wrong with one case, if anything.
fn judge(id: &str, case: &Case) -> Option<String> {
    let checked = check_file(&golden_dir().join(&case.file));
    let r = checked.finish();
    let mut wrong = Vec::new();
    if let Some(exit) = case.exit {
        if checked.exit_code() != exit {
            wrong.push(format!("exit {} (expected {exit})", checked.exit_code()));
        }
    }
    if let Some(legal) = case.legal {
        if r.legal != legal {
            wrong.push(format!("legal {} (expected {legal})", r.legal));
        }
    }
    if let Some(total) = case.total {
        if r.total != Some(total) {
            wrong.push(format!("total {:?} (expected {total})", r.total));
        }
    }
    if let Some(ships) = &case.ship_totals {
        let got: Vec<i32> = r.ships.iter().map(|s| s.total).collect();
        if &got != ships {
            wrong.push(format!("ship totals {got:?} (expected {ships:?})"));
        }
    }
    if let Some(sb) = case.sideboard_total {
        let got = r.sideboard.as_ref().map(|s| s.total);
        if got != Some(sb) {
            wrong.push(format!("sideboard total {got:?} (expected {sb})"));
        }
    }
    let got: Vec<&str> = r.diagnostics.iter().map(|d| d.code.as_str()).collect();
    for code in &case.codes {
        if !got.contains(&code.as_str()) {
            wrong.push(format!("code {code} not reported"));
        }
    }
    failure(id, &wrong, &r)
}

#[test]
fn every_golden_case_matches() {
    let text = super::read_shared("golden/staw/expected.toml");
    let cases: BTreeMap<String, Case> = toml::from_str(&text).expect("expected.toml parses");
    assert!(cases.len() >= 50, "only {} golden cases found", cases.len());
    assert_every_case(&cases, judge);
}
