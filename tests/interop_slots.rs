//! Cards whose slot Utopia holds otherwise than the card data once said
//! (issue 13): Systems Upgrade (T057) fills a [tech], [weapon] or [crew]
//! slot of the Upgrade Bar only, never a captain's [talent] slot nor the
//! [tech] slot it adds itself; a card that takes no slot stands in a
//! printed slot it gives back beneath it, as Utopia's card rules hold it.
//! A crew card whose [talent] icon is the slot it adds (Elim Garak) holds
//! one talent there. Fleets of `tests/fixtures/interop/slots`.

use crate::interop::{root, spacedock_round_trip, total_of, utopia_round_trip};
use crate::support::run;
use std::path::PathBuf;

fn slots(stem: &str) -> PathBuf {
    root()
        .join("tests/fixtures/interop/slots")
        .join(format!("{stem}.toml"))
}

/// A card's id and the slot type the report gives it.
type CardSlot = (String, Option<String>);

/// Each card's (id, slot) in the `check -o json` report, the codes and
/// the total.
fn report(stem: &str) -> (Vec<CardSlot>, Vec<String>, i64) {
    let dir = tempfile::tempdir().unwrap();
    let path = slots(stem).display().to_string();
    let r = run(dir.path(), &["check", &path, "-o", "json"]);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let f = &v["fleets"][0];
    let cards = f["ships"][0]["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["id"].as_str().unwrap().to_string(),
                c["slot"].as_str().map(str::to_string),
            )
        })
        .collect();
    let codes = f["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap().to_string())
        .collect();
    (cards, codes, f["total"].as_i64().unwrap())
}

fn slot(id: &str, slot: Option<&str>) -> CardSlot {
    (id.to_string(), slot.map(str::to_string))
}

/// The fleet `stem` is legal at `total` with each card in the slot given
/// (the first ship's cards), exports to the Utopia link whose JSON is
/// `json`, and that link imports back to the same cards at `total`.
fn exports_exactly(stem: &str, want: &[CardSlot], total: i64, json: &str) {
    let (cards, codes, t) = report(stem);
    assert_eq!(cards, want, "{stem}");
    assert_eq!((codes.len(), t), (0, total), "{stem}: {codes:?}");
    let link = utopia_round_trip(&slots(stem));
    assert_eq!(crate::interop::link_json(&link), json, "{stem}");
    let (fleet, problems) = fleetcheck_edit::interop::utopia::import(
        crate::interop::db(),
        &fleetcheck_edit::interop::utopia::parse_input(&link).unwrap(),
    );
    assert!(problems.is_empty(), "{problems:?}");
    let back = total_of(&fleet.to_toml(crate::interop::db(), &[])).0;
    assert_eq!(i64::from(back), total, "{stem}");
}

/// With a free [crew] slot, Systems Upgrade takes it and holds Positron
/// Beam in the [tech] slot it adds: the exact Utopia link, which imports
/// back at the same total.
#[test]
fn systems_upgrade_fills_a_crew_slot_and_holds_its_own_tech_slot() {
    exports_exactly(
        "systems-upgrade",
        &[
            slot("Cap636", None),
            slot("T057", Some("crew")),
            slot("W118", Some("weapon")),
            slot("C209", Some("crew")),
            slot("T232", Some("tech")),
        ],
        34,
        r#"{"ships":[{"id":"ship:S202","captain":{"id":"captain:Cap636","upgradeSlots":[{}]},"upgrades":[{"id":"weapon:W118"},{"id":"question:T057","upgradeSlots":[{"id":"tech:T232"}]},{"id":"crew:C209"}]}]}"#,
    );
}

/// With the Upgrade Bar full, Systems Upgrade once took Sulu's [talent]
/// slot (a link Utopia loads without it) or its own [tech] slot: now the
/// card added last has no slot, the fleet is illegal and the export names
/// that card.
#[test]
fn systems_upgrade_never_takes_a_talent_slot_nor_its_own() {
    let (cards, codes, total) = report("systems-upgrade-no-slot");
    assert_eq!(
        cards,
        [
            slot("Cap636", None),
            slot("T057", Some("crew")),
            slot("W118", Some("weapon")),
            slot("C209", Some("crew")),
            slot("C212", None),
            slot("T232", Some("tech")),
        ]
    );
    assert_eq!((codes, total), (vec!["slot".to_string()], 37));
    let dir = tempfile::tempdir().unwrap();
    let path = slots("systems-upgrade-no-slot").display().to_string();
    let r = run(dir.path(), &["export", &path, "--to", "utopia"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        format!(
            "error: ship 1 (U.S.S. Reliant): Worf (C212) is in no upgrade slot, and a Utopia fleet holds every upgrade in a slot\n\
             error: {path} cannot be exported to Utopia as it is (1 card not carried over); nothing was written\n"
        )
    );
    assert_eq!(r.stdout, "");
}

/// Cards that need no slot (Coffee, Black; Maintenance Crew, which adds a
/// [crew] slot): each stands in a printed [tech], [weapon] or [crew] slot
/// and holds, in its first slot, the card that slot held (Utopia's card
/// rules: one slot of the type it stands in); the exact link, which
/// imports back to the same cards at the same total.
#[test]
fn cards_that_take_no_slot_stand_in_a_slot_they_give_back() {
    exports_exactly(
        "no-slot",
        &[
            slot("Cap636", None),
            slot("Q029", Some("none")),
            slot("W118", Some("weapon")),
            slot("C209", Some("crew")),
            slot("C212", Some("crew")),
        ],
        58,
        r#"{"ships":[{"id":"ship:S202","captain":{"id":"captain:Cap636","upgradeSlots":[{}]},"upgrades":[{"id":"question:Q029","upgradeSlots":[{"id":"weapon:W118"}]},{"id":"crew:C209"},{"id":"crew:C212"}]},{"id":"ship:S285","captain":{"id":"captain:Cap106"},"upgrades":[{"id":"question:Q005","upgradeSlots":[{},{}]},{},{"id":"crew:C187"},{}]}]}"#,
    );
    // The text list names them; Space Dock's 2018 data has no Coffee,
    // Black (a card of 2024): named, nothing written.
    let dir = tempfile::tempdir().unwrap();
    let path = slots("no-slot").display().to_string();
    let r = run(dir.path(), &["export", &path, "--to", "text"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("- Coffee, Black [1]\n"), "{}", r.stdout);
    assert!(
        r.stdout.contains("- Maintenance Crew [6]\n"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("Fleet Total: 58 SP"), "{}", r.stdout);
    spacedock_round_trip(&slots("no-slot"), &["Coffee, Black"]);
}

/// More cards that take no slot than a ship has [tech], [weapon] and
/// [crew] slots: the export is refused, naming the card and why.
#[test]
fn a_card_that_takes_no_slot_without_a_slot_to_stand_in_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("f.toml"),
        "[[ship]]\nship = { id = \"S202\" }\ncaptain = { id = \"Cap636\" }\n\
         upgrades = [{ id = \"Q029\" }, { id = \"Q034\" }, { id = \"Q009\" }, { id = \"Q011\" }]\n",
    )
    .unwrap();
    let r = run(dir.path(), &["export", "f.toml", "--to", "utopia"]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert_eq!(
        r.stderr,
        "error: ship 1 (U.S.S. Reliant): Captured (Q011) needs no upgrade slot, but Utopia holds such a card in a [tech], [weapon] or [crew] slot of the ship (giving that slot back beneath it), and another such card already stands in each\n\
         error: f.toml cannot be exported to Utopia as it is (1 card not carried over); nothing was written\n"
    );
    assert_eq!(r.stdout, "");
}

/// Elim Garak's [talent] icon is the slot his card adds (one slot, not
/// two): Concentrated Firepower stands in it, and the link imports back
/// to the same cards at the same total (22 + 2 + 2 + 4 + 5 + 5 + 1).
#[test]
fn a_talent_icon_that_is_an_added_slot_is_laid_out_once() {
    exports_exactly(
        "talent-icon-slot",
        &[
            slot("Cap327", None),
            slot("C297", Some("crew")),
            slot("C109", Some("crew")),
            slot("E037", Some("talent")),
            slot("W113", Some("weapon")),
            slot("T223", Some("tech")),
        ],
        41,
        r#"{"ships":[{"id":"ship:S127","captain":{"id":"captain:Cap327"},"upgrades":[{"id":"tech:T223"},{"id":"weapon:W113"},{"id":"crew:C297"},{"id":"crew:C109","upgradeSlots":[{"id":"talent:E037"}]}]}]}"#,
    );
}

/// Wesley Crusher stands in the [crew] slot Comm Station adds and holds
/// three [tech] cards beneath him (three `held` notes): each stays beneath
/// him in the link, Comm Station in a printed [tech] slot, and the link
/// imports back to every card at the same total (16 + 2 + 5 + 5 + 5 + 2 +
/// 4 + 3 + 1).
#[test]
fn cards_held_beneath_a_card_in_an_added_slot_stay_beneath_it() {
    let stem = "held-beneath-an-added-slot";
    let (_, codes, total) = report(stem);
    assert_eq!((codes, total), (vec!["held".to_string(); 3], 43));
    let link = utopia_round_trip(&slots(stem));
    assert_eq!(
        crate::interop::link_json(&link),
        r#"{"ships":[{"id":"ship:S117","captain":{"id":"captain:Cap320"},"upgrades":[{"id":"tech:T104"},{"id":"tech:T152","upgradeSlots":[{"id":"crew:C217","upgradeSlots":[{"id":"tech:T151"},{"id":"tech:T027"},{"id":"tech:T091"}]}]},{"id":"question:Q001"}]}]}"#
    );
    let (fleet, problems) = fleetcheck_edit::interop::utopia::import(
        crate::interop::db(),
        &fleetcheck_edit::interop::utopia::parse_input(&link).unwrap(),
    );
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(total_of(&fleet.to_toml(crate::interop::db(), &[])).0, 43);
}

/// Ezri Dax and Chakotay each add a [crew] slot: in the link they stand in
/// the printed [crew] slots with Kyle and the Operations Officer beneath
/// them (Seven of Nine beneath Genesis Effect, a `held` note), and the
/// link imports back to every card at the same total (24 + 2 + 3 + 3 + 2
/// + 2 + 2 + 2 + 3 + 4).
#[test]
fn two_cards_that_add_each_a_slot_never_stand_in_each_others() {
    let stem = "two-crew-add-each-a-slot";
    let (_, codes, total) = report(stem);
    assert_eq!((codes, total), (vec!["held".to_string()], 47));
    let link = utopia_round_trip(&slots(stem));
    assert_eq!(
        crate::interop::link_json(&link),
        r#"{"ships":[{"id":"ship:S149","captain":{"id":"captain:Cap310","upgradeSlots":[{"id":"talent:E119"}]},"upgrades":[{"id":"tech:T150","upgradeSlots":[{"id":"crew:C029"}]},{"id":"weapon:W020"},{"id":"crew:C372","upgradeSlots":[{"id":"crew:C204"}]},{"id":"crew:C405","upgradeSlots":[{"id":"crew:C359"}]}]}]}"#
    );
    let (fleet, problems) = fleetcheck_edit::interop::utopia::import(
        crate::interop::db(),
        &fleetcheck_edit::interop::utopia::parse_input(&link).unwrap(),
    );
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(total_of(&fleet.to_toml(crate::interop::db(), &[])).0, 47);
}
