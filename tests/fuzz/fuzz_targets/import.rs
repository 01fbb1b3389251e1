//! Fuzz target: arbitrary bytes as what a user hands to `fleetcheck import`:
//! a Utopia link, base64 text or fleet JSON, and a Space Dock squad file.
//! Every fleet imported is written as a fleet file and that file checked,
//! as the import command does. Any panic is a crash.
#![no_main]

// Only the database and the importers are used here.
#[allow(dead_code)]
#[path = "../common/imported.rs"]
mod imported;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for (_, fleet, _) in imported::imports(text) {
        let toml = fleet.to_toml(imported::db(), &["fuzz".to_string()]);
        let _ = imported::check(&toml);
    }
});
