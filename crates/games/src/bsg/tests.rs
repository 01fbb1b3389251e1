//! Tests of `games::bsg`.

use super::*;
use fleetcheck_input::diag::Severity;

fn run(text: &str) -> Checked {
    crate::testing::run(check, "b.toml", text)
}

fn msgs(c: &Checked) -> Vec<(&str, Severity, &str)> {
    c.diagnostics
        .iter()
        .map(|d| (d.code.as_str(), d.severity, d.message.as_str()))
        .collect()
}

#[test]
fn a_critical_hit_counts_as_two() {
    let c = run("game = \"bsg\"\n[[basestar]]\nname = \"A\"\ndamage = [\"Critical Hit\", \"Structural Damage\"]\n[[basestar]]\nname = \"B\"\ndamage = [\"critical hit\"]\n");
    let m = msgs(&c);
    assert_eq!(m[0].0, "duplicate-damage");
    assert_eq!(
        m[0].2,
        "Critical Hit is listed on A and on B; the game has one Critical Hit token"
    );
    assert_eq!(
        m[1],
        (
            "basestar-destroyed",
            Severity::Note,
            "A is destroyed (Critical Hit 2 + Structural Damage 1 = 3 damage; 3 destroys a basestar): it leaves the board and its damage tokens are shuffled back"
        )
    );
    assert_eq!(m.len(), 2);
}

#[test]
fn viper_boxes_add_up_to_eight() {
    let c = run("game = \"bsg\"\n[vipers]\nreserve = 4\nspace = 2\ndamaged = 1\ndestroyed = 2\n");
    assert_eq!(
        msgs(&c)[0],
        (
            "viper-count",
            Severity::Error,
            "9 Vipers are listed (reserve 4, space 2, damaged 1, destroyed 2); the game has 8"
        )
    );
    let c = run("game = \"bsg\"\n[vipers]\nspace = 2\ndamaged = 1\n");
    assert_eq!(c.exit_code(), 0);
    assert_eq!(c.details.clone().unwrap()["vipers"]["can_launch"], 5);
}
