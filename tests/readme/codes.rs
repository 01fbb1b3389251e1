//! docs/diagnostics.md is every registry of diagnostic codes: its tables
//! are generated from them (`fleetcheck_dev::codes`), between `<!-- codes:ID:start
//! -->` and `<!-- codes:ID:end -->`, and every code stands there with its
//! severity. docs/games.md names every code of each game.

use super::page;

const DIAGNOSTICS: &str = "docs/diagnostics.md";

/// Every diagnostic code of every registry (input errors, STAW, events,
/// the other games), with its severity.
fn every_code() -> Vec<(&'static str, String)> {
    fleetcheck_dev::codes::registries()
        .into_iter()
        .flat_map(|(_, codes)| codes.iter())
        .map(|c| (c.code, c.severity.as_str().to_string()))
        .collect()
}

/// `cargo run -p fleetcheck-dev -- docs-codes` rewrites them.
#[test]
fn diagnostics_tables_are_generated_from_the_registries() {
    use fleetcheck_dev::codes;
    let text = page(DIAGNOSTICS);
    let fresh = codes::fill_docs(&text).unwrap_or_else(|e| panic!("{DIAGNOSTICS}: {e}"));
    if fresh == text {
        return;
    }
    panic!(
        "the code tables of {DIAGNOSTICS} differ from the registries; \
         run `cargo run -p fleetcheck-dev -- docs-codes`"
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

/// `fleetcheck-dev docs-codes` rewrites a page's stale tables and keeps the
/// text around them; a page without a table's markers is refused, untouched.
#[test]
fn docs_codes_rewrites_the_tables_and_refuses_a_page_without_markers() {
    use fleetcheck_dev::codes;
    let dir = tempfile::tempdir().unwrap();
    let fresh = page(DIAGNOSTICS);
    let (start, end) = codes::markers("input");
    let s = fresh.find(&start).unwrap() + start.len();
    let e = s + fresh[s..].find(&end).unwrap();
    let stale = format!("{}| `old` | gone |\n{}", &fresh[..s], &fresh[e..]);
    let path = dir.path().join("diagnostics.md");
    std::fs::write(&path, &stale).unwrap();
    let out = crate::support::Dev::new()
        .arg("docs-codes")
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), fresh);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("{}: code tables rewritten\n", path.display())
    );

    let bare = "# Diagnostics\n\nno tables here\n";
    std::fs::write(&path, bare).unwrap();
    let out = crate::support::Dev::new()
        .arg("docs-codes")
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("<!-- codes:input:start -->"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), bare);
}
