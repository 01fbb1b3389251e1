//! The Reinforcements Sideboard end to end with real cards: prices with
//! additional costs but no faction penalty, the 20 SP cap, uniqueness with
//! the fleet, and the swap plan of `fleetcheck sideboard` (table and JSON).

use fleetcheck_data::Database;
use fleetcheck_input::diag::Source;
use fleetcheck_report::{self as report, Checked, RenderOptions};
use fleetcheck_staw::CheckOptions;
use std::sync::OnceLock;

fn db() -> &'static Database {
    static DB: OnceLock<Database> = OnceLock::new();
    DB.get_or_init(|| Database::embedded().expect("embedded database"))
}

fn opts() -> CheckOptions {
    CheckOptions {
        today: "2026-11-29".into(),
        ..CheckOptions::default()
    }
}

fn plan(path: &str, text: &str) -> Checked {
    fleetcheck::cli::sideboard::plan(
        db(),
        Source {
            path: path.into(),
            text: text.into(),
        },
        &opts(),
    )
}

fn fixture(name: &str) -> (String, String) {
    let path = format!("tests/fixtures/sideboard/{name}");
    let text = std::fs::read_to_string(&path).unwrap();
    (path, text)
}

fn codes(c: &Checked) -> Vec<String> {
    c.diagnostics.iter().map(|d| d.code.to_string()).collect()
}

fn sideboard_costs(c: &Checked) -> Vec<(String, i32)> {
    c.report
        .sideboard
        .as_ref()
        .unwrap()
        .cards
        .iter()
        .map(|s| (s.card.id.clone(), s.card.cost))
        .collect()
}

const FLEET_HEAD: &str = r#"
resource = "Reinforcements Sideboard"

[[ship]]
ship = "U.S.S. Defiant"
captain = { id = "Cap639" }
"#;

#[test]
fn over_twenty_only_because_of_a_ship_specific_penalty() {
    let (path, text) = fixture("three-ships.toml");
    let c = plan(&path, &text);
    // 4 + 5 + 3 + (4 + 5) + 2 = 23: without the Defiant cloak's +5 it would be 18.
    assert_eq!(
        sideboard_costs(&c),
        [
            ("Cap645".to_string(), 4),
            ("E098".to_string(), 5),
            ("C195".to_string(), 3),
            ("T240".to_string(), 9),
            ("W104".to_string(), 2),
        ]
    );
    let sb = c.report.sideboard.as_ref().unwrap();
    assert_eq!((sb.total, sb.cap), (23, 20));
    let cloak = &sb.cards[3].card;
    assert_eq!(cloak.base, 4);
    assert_eq!(
        cloak
            .modifiers
            .iter()
            .map(|m| (m.kind.as_str(), m.amount))
            .collect::<Vec<_>>(),
        [("ship-penalty", 5)]
    );
    assert_eq!(codes(&c), ["sideboard-cap"]);
    // The sideboard's cards are not in the fleet total; the resource's 10 SP is.
    assert_eq!(c.report.total, Some(32 + 40 + 34 + 10));
    assert_eq!(c.exit_code(), 1);
}

#[test]
fn faction_conditioned_penalty_applies_on_the_sideboard() {
    // Prototype Cloaking Device (T121, Romulan, 4 SP) costs +5 on any
    // non-Romulan ship: the sideboard is no Romulan ship, so 9, with no
    // faction penalty on top.
    let text = format!("{FLEET_HEAD}\n[sideboard]\ntech = {{ id = \"T121\" }}\n");
    let c = plan("t121.toml", &text);
    assert_eq!(sideboard_costs(&c), [("T121".to_string(), 9)]);
    assert_eq!(codes(&c), Vec::<String>::new());
    assert_eq!(c.report.total, Some(24 + 4 + 10));
}

#[test]
fn a_unique_card_on_a_ship_and_on_the_sideboard_clash() {
    // Jadzia Dax (C182, unique) on the Defiant and again on the sideboard.
    let text = format!(
        "{FLEET_HEAD}upgrades = [{{ id = \"C182\" }}]\n\n[sideboard]\ncrew = {{ id = \"C182\" }}\n"
    );
    let c = plan("unique.toml", &text);
    assert_eq!(codes(&c), ["unique"]);
    let d = &c.diagnostics[0];
    assert!(d.message.contains("Jadzia Dax"), "{}", d.message);
    // Located at the second copy, on the sideboard's line.
    let (line, _) = c
        .source
        .as_ref()
        .unwrap()
        .line_col(d.span.clone().unwrap().start);
    assert_eq!(line, 10);
}

#[test]
fn swap_plan_of_a_three_ship_fleet() {
    let (path, text) = fixture("three-ships.toml");
    let c = plan(&path, &text);
    let mut out = Vec::new();
    report::sideboard::render(&mut out, &c, &RenderOptions::default()).unwrap();
    insta::assert_snapshot!(
        "sideboard_three_ships_table",
        String::from_utf8(out).unwrap()
    );
    let plan = c.report.swap_plan.as_ref().unwrap();
    // 5 sideboard cards x 3 ships.
    assert_eq!(plan.len(), 15);
    let cloak_on = |ship: usize| {
        plan.iter()
            .find(|s| s.card.id == "T240" && s.ship_index == ship)
            .unwrap()
    };
    // On the Defiant: a free tech slot, no token (Federation, no extra cost there).
    assert!(cloak_on(1).equip && cloak_on(1).auxiliary_power.is_none());
    // On the Negh'var: exchange with its tech, and a token (other faction, +5 there).
    assert_eq!(cloak_on(2).exchange, ["Advanced Weapon System (T250)"]);
    assert_eq!(
        cloak_on(2).auxiliary_power.as_deref(),
        Some(
            "Cloaking Device is Federation but the ship is Klingon; it would cost 5 SP more on \
             this ship"
        )
    );
    insta::assert_json_snapshot!("sideboard_three_ships_json", c.finish());
}

#[test]
fn swap_plan_notes_name_the_card_and_the_rule() {
    // Dual Phaser Banks (W017): Federation, +3 SP unless on a Constitution
    // Class ship; Auxiliary Power Core (T166): only for a hull of 4 or
    // more; Thalaron Weapon (W054): only for a Reman Warbird. On the U.S.S.
    // Defiant (Defiant Class, hull 3). (The engine tests have a note with a
    // faction and a cost clause.)
    let note = |section: &str, id: &str| {
        let text = format!("{FLEET_HEAD}\n[sideboard]\n{section} = {{ id = \"{id}\" }}\n");
        let c = plan("notes.toml", &text);
        let row = c.report.swap_plan.as_ref().unwrap()[0].clone();
        (row.not_allowed, row.auxiliary_power)
    };
    assert_eq!(
        note("weapon", "W017"),
        (
            None,
            Some("Dual Phaser Banks would cost 3 SP more on this ship".into())
        )
    );
    assert_eq!(
        note("tech", "T166"),
        (
            Some(
                "Auxiliary Power Core may only go to a ship with a hull of 4 or more; the ship has \
                 hull 3"
                    .into()
            ),
            None
        )
    );
    assert_eq!(
        note("weapon", "W054"),
        (
            Some(
                "Thalaron Weapon may only go to a Reman Warbird; the ship is a Defiant Class ship"
                    .into()
            ),
            None
        )
    );
}
