//! The README and `docs/` are part of the contract: the README and
//! `docs/cli.md` must name every diagnostic code the engine and the other
//! games can report, `docs/fleet-file.md` every key of a STAW fleet file,
//! the README's commands must point at files that exist, and none of them
//! may send a user to `../shared`, which a user does not have.

const README: &str = include_str!("../README.md");
const CLI: &str = include_str!("../docs/cli.md");
const FLEET_FILE: &str = include_str!("../docs/fleet-file.md");

fn documented(code: &str) -> bool {
    README.contains(&format!("`{code}`"))
}

/// Every diagnostic code of every registry (input errors, STAW, the other
/// games), with its severity.
fn every_code() -> Vec<(&'static str, String)> {
    fleetcheck_report::codes::registries()
        .into_iter()
        .flat_map(|(_, codes)| codes.iter())
        .map(|c| (c.code, format!("{:?}", c.severity).to_lowercase()))
        .collect()
}

#[test]
fn docs_cli_lists_every_diagnostic_code_with_its_severity() {
    let missing: Vec<&str> = every_code()
        .into_iter()
        .map(|(code, _)| code)
        .filter(|code| !CLI.contains(&format!("| `{code}` |")))
        .collect();
    assert!(
        missing.is_empty(),
        "codes missing from docs/cli.md: {missing:?}"
    );
    // The other games' codes with the severity the game gives them.
    for g in fleetcheck_games::REGISTRY {
        for c in g.codes {
            let severity = format!("{:?}", c.severity).to_lowercase();
            assert!(
                CLI.contains(&format!("| `{}` | {severity} |", c.code)),
                "docs/cli.md: {} is not listed as {severity}",
                c.code
            );
        }
    }
}

#[test]
fn docs_fleet_file_names_every_key() {
    use fleetcheck_staw::fleet::read::{REF_KEYS, SHIP_KEYS, SIDEBOARD_SECTIONS, TOP_KEYS};
    let mut missing = Vec::new();
    for key in TOP_KEYS
        .iter()
        .chain(SHIP_KEYS)
        .chain(REF_KEYS)
        .chain(SIDEBOARD_SECTIONS)
    {
        if !FLEET_FILE.contains(&format!("`{key}`")) && !FLEET_FILE.contains(&format!("`[{key}]`"))
        {
            missing.push(*key);
        }
    }
    assert!(
        missing.is_empty(),
        "keys missing from docs/fleet-file.md: {missing:?}"
    );
}

#[test]
fn no_user_is_sent_to_shared() {
    for (name, text) in [
        ("README.md", README),
        ("docs/cli.md", CLI),
        ("docs/fleet-file.md", FLEET_FILE),
    ] {
        for (n, line) in text.lines().enumerate() {
            // Only the reference tier of the tests reads ../shared.
            if line.contains("shared/") {
                panic!("{name}:{}: a path into shared/: {line}", n + 1);
            }
        }
    }
}

#[test]
fn readme_lists_every_diagnostic_code() {
    let mut missing = Vec::new();
    for (code, _) in every_code() {
        if !documented(code) {
            missing.push(code);
        }
    }
    assert!(
        missing.is_empty(),
        "codes missing from README.md: {missing:?}"
    );
}

#[test]
fn readme_main_command_names_an_example_fleet_that_exists() {
    let line = README
        .lines()
        .find(|l| l.starts_with("cargo run --release -- "))
        .expect("the README's main command");
    let path = line
        .trim_start_matches("cargo run --release -- ")
        .split_whitespace()
        .next()
        .unwrap();
    assert!(path.starts_with("fleets/"), "{path}");
    assert!(
        std::path::Path::new(path).is_file(),
        "{path} does not exist"
    );
}

/// The code tables of the README and of docs/cli.md are the registries'
/// (`report::codes`), between
/// `<!-- codes:ID:start -->` and `<!-- codes:ID:end -->`.
/// `UPDATE_README=1 cargo test --test integration readme::` rewrites them.
#[test]
fn code_tables_are_generated_from_the_registries() {
    use fleetcheck_report::codes;
    let mut stale = Vec::new();
    for (name, text) in [("README.md", README), ("docs/cli.md", CLI)] {
        let fresh = codes::fill_readme(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        if fresh == text {
            continue;
        }
        if std::env::var_os("UPDATE_README").is_some() {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
            let now = std::fs::read_to_string(&path).unwrap();
            std::fs::write(&path, codes::fill_readme(&now).unwrap()).unwrap();
            continue;
        }
        stale.push(name);
    }
    assert!(
        stale.is_empty(),
        "the code tables of {stale:?} differ from the registries; \
         run `UPDATE_README=1 cargo test --test integration readme::`"
    );
}
