//! docs/diagnostics.md is every registry of diagnostic codes: its tables
//! are generated from them (`report::codes`), between `<!-- codes:ID:start
//! -->` and `<!-- codes:ID:end -->`, and every code stands there with its
//! severity. docs/games.md names every code of each game.

use super::{page, root};

const DIAGNOSTICS: &str = "docs/diagnostics.md";

/// Every diagnostic code of every registry (input errors, STAW, events,
/// the other games), with its severity.
fn every_code() -> Vec<(&'static str, String)> {
    fleetcheck_report::codes::registries()
        .into_iter()
        .flat_map(|(_, codes)| codes.iter())
        .map(|c| (c.code, c.severity.as_str().to_string()))
        .collect()
}

/// `UPDATE_DOCS=1 cargo test --test integration readme::` rewrites them.
#[test]
fn diagnostics_tables_are_generated_from_the_registries() {
    use fleetcheck_report::codes;
    let text = page(DIAGNOSTICS);
    let fresh = codes::fill_docs(&text).unwrap_or_else(|e| panic!("{DIAGNOSTICS}: {e}"));
    if fresh == text {
        return;
    }
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(root().join(DIAGNOSTICS), fresh).unwrap();
        return;
    }
    panic!(
        "the code tables of {DIAGNOSTICS} differ from the registries; \
         run `UPDATE_DOCS=1 cargo test --test integration readme::`"
    );
}

#[test]
fn diagnostics_lists_every_code_with_its_severity() {
    let text = page(DIAGNOSTICS);
    let mut missing = Vec::new();
    for (code, severity) in every_code() {
        // Input errors are all errors: their table has no severity column.
        let listed = text.contains(&format!("| `{code}` | {severity} |"))
            || (severity == "error" && text.contains(&format!("| `{code}` | ")));
        if !listed {
            missing.push(format!("{code} ({severity})"));
        }
    }
    assert!(
        missing.is_empty(),
        "codes missing from {DIAGNOSTICS}: {missing:?}"
    );
    // The other games' codes with the severity the game gives them.
    for g in fleetcheck_games::REGISTRY {
        for c in g.codes {
            let severity = c.severity.as_str();
            assert!(
                text.contains(&format!("| `{}` | {severity} |", c.code)),
                "{DIAGNOSTICS}: {} is not listed as {severity}",
                c.code
            );
        }
    }
}

#[test]
fn games_names_every_code_of_each_game() {
    let text = page("docs/games.md");
    let missing: Vec<&str> = fleetcheck_games::REGISTRY
        .iter()
        .flat_map(|g| g.codes.iter().map(|c| c.code))
        .filter(|code| !text.contains(&format!("`{code}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "codes missing from docs/games.md: {missing:?}"
    );
}
