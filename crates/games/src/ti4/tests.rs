//! Tests of `games::ti4`.

use super::*;
use fleetcheck_input::diag::Severity;

fn run(text: &str) -> Checked {
    crate::testing::run(check, "t.toml", text)
}

use crate::testing::msgs;

#[test]
fn a_setup_sheet_is_legal() {
    let c = run("game = \"ti4\"\nsetup = true\n[[player]]\nname = \"A\"\ntactic = 3\nfleet = 3\nstrategy = 2\nreinforcements = 8\n");
    assert_eq!(msgs(&c), vec![]);
    assert_eq!(c.details.clone().unwrap()["players"][0]["total"], 16);
}

#[test]
fn supply_setup_stacking_and_fleet_pool_are_checked() {
    let c = run("game = \"ti4\"\nsetup = true\n[[player]]\nname = \"A\"\ntactic = 2\nfleet = 2\nstrategy = 2\nreinforcements = 8\ntokens = [\"Quann\", \"quann\"]\n[[player.system]]\nname = \"Quann\"\nships = { dreadnought = 2, cruiser = 1, fighter = 6 }\ncarried = { infantry = 4, fighter = 2 }\nplanets = { Quann = { infantry = 2, pds = 1 } }\n");
    assert_eq!(
        msgs(&c),
        vec![
            ("setup-tokens", "at setup A has tactic 2, fleet 2, strategy 2; every player starts with 3 tactic, 3 fleet and 2 strategy tokens"),
            ("setup-tokens", "at setup no command token is on the board; A has 2 (Quann, quann)"),
            ("token-system", "A has 2 command tokens in Quann (tile 25); a player never places a token into a system that already holds one of theirs"),
            ("fleet-pool", "A has 3 non-fighter ships in Quann (tile 25), more than the 2 tokens in their fleet pool: 2 Dreadnought, 1 Cruiser"),
        ]
    );
}

#[test]
fn units_in_the_wrong_place_are_input_errors() {
    let c = run("game = \"ti4\"\n[[player]]\nname = \"A\"\ntactic = 3\nfleet = 3\nstrategy = 2\n[[player.system]]\nname = \"Quann\"\nships = { infantry = 2, dreadnougt = 1 }\ncarried = { carrier = 1 }\n");
    assert_eq!(
        msgs(&c),
        vec![
            (
                "wrong-card-type",
                "Infantry is a ground force and cannot be in a space area"
            ),
            ("unknown-card", "unknown unit `dreadnougt`"),
            (
                "wrong-card-type",
                "Carrier cannot be carried: only fighters and ground forces travel in capacity"
            ),
        ]
    );
    assert_eq!(c.exit_code(), 2);
}

const SHEET: &str =
    "game = \"ti4\"\n[[player]]\nname = \"A\"\ntactic = 3\nfleet = 3\nstrategy = 2\n";

#[test]
fn a_system_by_name_and_by_tile_number_is_one_system() {
    let c = run(&format!(
        "{SHEET}tokens = [\"Mecatol Rex\", 18, \"Hercant\", \"26\", \"Arretze\", \"lodor\", \"hercant\"]\n"
    ));
    assert_eq!(
        msgs(&c),
        vec![
            ("token-system", "A has 2 command tokens in Mecatol Rex (tile 18), named `Mecatol Rex` and `18`; a player never places a token into a system that already holds one of theirs"),
            ("token-system", "A has 3 command tokens in Arretze / Hercant / Kamdorn (tile 16), named `Hercant` and `Arretze`; a player never places a token into a system that already holds one of theirs"),
            ("token-system", "A has 2 command tokens in Lodor (tile 26), named `26` and `lodor`; a player never places a token into a system that already holds one of theirs"),
        ]
    );
    assert!(c.diagnostics.iter().all(|d| d.severity == Severity::Error));
    let d = c.details.clone().unwrap();
    assert_eq!(
        d["players"][0]["board_tiles"],
        json!([18, 18, 16, 26, 16, 26, 16])
    );
    // A number as an integer or as a string is the same spelling.
    let c = run(&format!("{SHEET}tokens = [18, \"18\"]\n"));
    assert_eq!(
        msgs(&c),
        vec![("token-system", "A has 2 command tokens in Mecatol Rex (tile 18); a player never places a token into a system that already holds one of theirs")]
    );
    // Tokens of two players may share a system.
    let c = run(&format!("{SHEET}tokens = [18]\n[[player]]\nname = \"B\"\ntactic = 3\nfleet = 3\nstrategy = 2\ntokens = [\"Mecatol Rex\"]\n"));
    assert_eq!(msgs(&c), vec![]);
}

#[test]
fn a_system_listed_twice_by_name_and_number_is_an_input_error() {
    let c = run(&format!(
        "{SHEET}[[player.system]]\nname = \"Lodor\"\nships = {{ cruiser = 1 }}\n[[player.system]]\nname = 26\nships = {{ carrier = 1 }}\n"
    ));
    assert_eq!(
        msgs(&c),
        vec![(
            "shape",
            "the system Lodor (tile 26) is listed twice for this player (as `Lodor` and `26`)"
        )]
    );
    assert_eq!(c.exit_code(), 2);
}

#[test]
fn unknown_systems_and_planets_are_input_errors_with_did_you_mean() {
    let c = run(&format!(
        "{SHEET}tokens = [\"Mecatol Rx\", 52, \"Asteroid Field\", \"Ixth\", true]\n[[player.system]]\nname = \"Quann\"\nplanets = {{ Lodor = {{ infantry = 1 }}, Quan = {{ pds = 1 }} }}\n[[player.system]]\nname = \"Arretze/Hercant/Kamdorn\"\nplanets = {{ Hercant = {{ infantry = 1 }} }}\n"
    ));
    assert_eq!(
        msgs(&c),
        vec![
            ("unknown-card", "unknown system `Mecatol Rx`"),
            (
                "unknown-card",
                "there is no system tile 52 in the base game (tiles 1-51)"
            ),
            (
                "ambiguous-card",
                "`Asteroid Field` names 2 systems (tiles 44, 45)"
            ),
            ("unknown-card", "unknown system `Ixth`"),
            (
                "shape",
                "each entry of `tokens` must be a system's name or tile number, found a boolean"
            ),
            ("unknown-card", "`Lodor` is not a planet of Quann (tile 25)"),
            ("unknown-card", "`Quan` is not a planet of Quann (tile 25)"),
        ]
    );
    let help: Vec<&str> = c
        .diagnostics
        .iter()
        .map(|d| d.help.first().map_or("", String::as_str))
        .collect();
    assert_eq!(help[0], "did you mean `Mecatol Rex` (tile 18)?");
    assert_eq!(help[1], "tiles from 52 on belong to the expansions (Prophecy of Kings and later), whose systems fleetcheck does not know");
    assert_eq!(help[2], "name the system by its tile number");
    assert_eq!(help[3], "name a system by a planet in it (such as Mecatol Rex) or by the number printed on its tile (1-51, the base game)");
    assert_eq!(help[5], "its planets: Quann");
    assert_eq!(help[6], "did you mean `Quann`?");
    assert_eq!(c.exit_code(), 2);
    for d in &c.diagnostics {
        assert!(d.span.is_some());
    }
}
