//! Fuzz target: arbitrary bytes as a fleet file, through everything a
//! `fleetcheck check FILE` does after reading it (the UTF-8 and size
//! checks of the reader, the `game` dispatch, the STAW reader, resolver and
//! rules, the other games' checkers) and through every renderer (the table
//! with its rustc-style excerpts, JSON, GitHub annotations). Any panic is a
//! crash.
//!
//! `FUZZ_SKIP_TABLE=1` leaves the table renderer out, to fuzz everything
//! else while a bug of the table renderer is open.
#![no_main]

use fleetcheck::cli::check::check_bytes;
use fleetcheck_data::Database;
use fleetcheck_report::{github, json, table, RenderOptions};
use fleetcheck_staw::CheckOptions;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn db() -> &'static Database {
    static DB: OnceLock<Database> = OnceLock::new();
    DB.get_or_init(|| Database::embedded().expect("the embedded database loads"))
}

fuzz_target!(|data: &[u8]| {
    let opts = CheckOptions {
        today: "2026-01-01".to_string(),
        ..Default::default()
    };
    let checked = check_bytes(db(), "fuzz.toml", data.to_vec(), &opts);
    let mut out = Vec::new();
    if std::env::var_os("FUZZ_SKIP_TABLE").is_none() {
        let ropts = RenderOptions {
            color: true,
            width: Some(80),
        };
        table::render(&mut out, &checked, &ropts).unwrap();
        table::render(&mut out, &checked, &RenderOptions::default()).unwrap();
    }
    json::render_all(&mut out, "check", std::slice::from_ref(&checked)).unwrap();
    github::render(&mut out, &checked).unwrap();
});
