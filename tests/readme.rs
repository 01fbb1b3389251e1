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
    let staw = fleetcheck::staw::RULES.iter().flat_map(|r| r.codes.iter());
    let input = fleetcheck::input::diag::INPUT_ERROR_CODES.iter();
    let games = fleetcheck::games::REGISTRY
        .iter()
        .flat_map(|g| g.codes.iter().map(|c| &c.code));
    for code in staw.chain(input).chain(games) {
        if !documented(code) {
            missing.push(*code);
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
