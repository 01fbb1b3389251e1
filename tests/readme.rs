//! The README is part of the contract: it must name every diagnostic code
//! the engine and the other games can report, and its two commands must
//! point at files that exist.

const README: &str = include_str!("../README.md");

fn documented(code: &str) -> bool {
    README.contains(&format!("`{code}`"))
}

#[test]
fn readme_lists_every_diagnostic_code() {
    let mut missing = Vec::new();
    for (_, codes) in fleetcheck::report::codes::registries() {
        for c in codes {
            if !documented(c.code) {
                missing.push(c.code);
            }
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

/// The README's code tables are the registries' (`report::codes`), between
/// `<!-- codes:ID:start -->` and `<!-- codes:ID:end -->`.
/// `UPDATE_README=1 cargo test --test integration readme::` rewrites them.
#[test]
fn readme_code_tables_are_generated_from_the_registries() {
    use fleetcheck::report::codes;
    let fresh = codes::fill_readme(README).unwrap_or_else(|e| panic!("{e}"));
    if fresh == README {
        return;
    }
    if std::env::var_os("UPDATE_README").is_some() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
        let now = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, codes::fill_readme(&now).unwrap()).unwrap();
        return;
    }
    let mut tables = String::new();
    for (id, table) in codes::markdown_tables() {
        let (start, end) = codes::markers(id);
        tables.push_str(&format!("{start}{table}{end}\n\n"));
    }
    panic!(
        "README.md's code tables differ from the registries; \
         run `UPDATE_README=1 cargo test --test integration readme::` or paste:\n\n{tables}"
    );
}
