//! Micro-benchmarks (divan) of the hot paths, to catch regressions:
//! opening the compiled database, card lookup, cost computation (reader,
//! resolver and pricing), the table report alone, and a full check with its
//! table rendering.
//!
//!     cargo bench --bench engine
//!
//! Whole-process figures (start-up, a directory of 10,000 fleets) come from
//! `bench/run.py`.

use fleetcheck::cli::check::check_bytes;
use fleetcheck_data::model::CardType;
use fleetcheck_data::Database;
use fleetcheck_input::diag::Source;
use fleetcheck_report::{table, RenderOptions};
use fleetcheck_staw::CheckOptions;
use std::sync::OnceLock;

fn main() {
    divan::main();
}

fn db() -> &'static Database {
    static DB: OnceLock<Database> = OnceLock::new();
    DB.get_or_init(|| Database::embedded().unwrap())
}

/// The example fleet of the spec: two ships, a resource and a sideboard.
const FLEET: &str = include_str!("../fleets/dominion-keldons.toml");

fn opts() -> CheckOptions {
    CheckOptions {
        format: None,
        as_of: None,
        today: "2025-06-01".to_string(),
        sp_cap: None,
        skip_fingerprint: false,
        skip_collection_report: false,
        costs: Vec::new(),
        collection: None,
    }
}

/// Opening the compiled database (every start): its meta part is decoded,
/// its cards and index are read in place on demand.
#[divan::bench(sample_count = 50)]
fn load_database() -> Database {
    Database::embedded().unwrap()
}

#[divan::bench]
fn lookup_by_id() -> bool {
    let db = db();
    ["T240", "s171", "Cap721", "W119"]
        .iter()
        .all(|id| divan::black_box(db.by_id(divan::black_box(id))).is_some())
}

#[divan::bench]
fn lookup_by_name() -> usize {
    let db = db();
    ["Cloaking Device", "gul dukat", "U.S.S. Defiant"]
        .iter()
        .map(|n| db.by_name(divan::black_box(n)).len())
        .sum()
}

/// The "did you mean" search over every name (an unknown card).
#[divan::bench]
fn suggest_unknown_name() -> usize {
    db().suggest(divan::black_box("U.S.S. Enterprize"), &[CardType::Ship], 5)
        .len()
}

/// Reader, resolver and pricing of one fleet: its total.
#[divan::bench]
fn cost_of_a_fleet() -> i32 {
    let source = Source {
        path: "fleet.toml".into(),
        text: FLEET.into(),
    };
    fleetcheck_edit::interop::priced::with_analysis(db(), &source, &Default::default(), |a| a.total)
        .unwrap()
}

/// The human report of a checked fleet (tables, excerpts, verdict) alone.
#[divan::bench]
fn table_of_a_checked_fleet(bencher: divan::Bencher) {
    let checked = check_bytes(db(), "fleet.toml", FLEET.as_bytes().to_vec(), &opts());
    bencher.bench(|| {
        let mut out = Vec::new();
        table::render(
            &mut out,
            divan::black_box(&checked),
            &RenderOptions::default(),
        )
        .unwrap();
        out.len()
    });
}

/// Everything `fleetcheck check FILE` does after reading the file.
#[divan::bench]
fn full_check_and_table() -> usize {
    let checked = check_bytes(db(), "fleet.toml", FLEET.as_bytes().to_vec(), &opts());
    let mut out = Vec::new();
    table::render(&mut out, &checked, &RenderOptions::default()).unwrap();
    out.len()
}
