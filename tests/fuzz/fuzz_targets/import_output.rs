//! Fuzz target: what the importers write. Arbitrary text as a Utopia fleet
//! and as a Space Dock squad file; every fleet imported is written as
//! `fleetcheck import` writes it and must parse with only the fleet's own
//! keys and check without an input error, unless the import reported an
//! error (`imported::assert_output`, which `tests/reliability.rs` also runs
//! over the committed corpus).
#![no_main]

// `assert_output` is the first-tier test's.
#[allow(dead_code)]
#[path = "../common/imported.rs"]
mod imported;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for (_, fleet, problems) in imported::imports(text) {
        imported::assert_output(&fleet, &problems);
    }
});
