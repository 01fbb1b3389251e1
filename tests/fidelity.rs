//! Cards read as they print their rules, on real cards of the embedded
//! database (shared/rules/staw.md, "Rulings settled after review (round
//! 3)"): a ship's class is its printed class; starting Shield and Hull
//! Values include what cards add; a discount counted per unused slot of
//! the printed upgrade bar; every choice of which card goes face down.

use crate::engine::{card, mods};
use crate::golden::db;
use crate::staw_rules::{check, codes};

// ---- a ship's class is its printed class ----------------------------------

/// One ship with a captain (as written in a fleet file) and these
/// upgrades: the codes reported and the fleet total.
fn total_of(ship: &str, captain: &str, upgrades: &str) -> (Vec<String>, Option<i32>) {
    let c = check(&format!(
        "[[ship]]\nship = {{ id = \"{ship}\" }}\ncaptain = {captain}\nupgrades = [{upgrades}]\n"
    ));
    let codes = codes(&c).into_iter().map(str::to_string).collect();
    (codes, c.finish().total)
}

#[test]
fn galaxy_class_mu_ships_are_galaxy_class_ships() {
    // Fire All Weapons (W070, Mirror Universe weapon, 7): "This Upgrade
    // costs +5 SP for any ship other than a Galaxy, Intrepid or Sovereign
    // Class ship". The Mirror Universe/Borg Starship (S105, 28), Assimilation
    // Target Prime (S106, 30) and the U.S.S. Enterprise-D (S108, 28) print
    // "Galaxy Class (MU)": Galaxy Class ships with the Mirror Universe dial.
    // The Borg printing of Assimilation Target Prime (S318, 30) prints
    // "Galaxy Class". No faction penalty on any of them (Mirror Universe
    // ships; S318: "You do not pay a faction penalty for cards equipped to
    // this ship").
    for (ship, captain, cost) in [
        ("S105", "\"Mirror Universe\"", 28),
        ("S106", "\"Mirror Universe\"", 30),
        ("S108", "\"Mirror Universe\"", 28),
        ("S318", "{ id = \"Cap107\" }", 30),
    ] {
        let (codes, total) = total_of(ship, captain, "\"W070\"");
        assert!(codes.is_empty(), "{ship}: {codes:?}");
        assert_eq!(total, Some(cost + 7), "{ship}");
    }
    // The I.S.S. Defiant (S084, 24, Defiant Class) pays the +5.
    let (codes, total) = total_of("S084", "\"Mirror Universe\"", "\"W070\"");
    assert!(codes.is_empty(), "{codes:?}");
    assert_eq!(total, Some(24 + 7 + 5));
    // The class keeps its own dial: the Mirror Universe entry goes to speed
    // 6, the Galaxy Class dial to 5.
    let mu = db().class("galaxy__class_mu").unwrap();
    assert_eq!(
        (mu.dial_of.as_deref(), mu.max_speed),
        (Some("5000"), Some(6))
    );
    assert_eq!(db().class("5000").unwrap().max_speed, Some(5));
}

// ---- starting values include what cards add -------------------------------

/// A fleet of the U.S.S. Enterprise-D (S207, 28: shields 4, hull 5) with
/// Jean-Luc Picard (Cap906, 6) and the U.S.S. Defiant (S180, 24: shields 4,
/// hull 3) with Benjamin Sisko (Cap639, 4), the resource and each ship's
/// extra lines: (fleet total, resource cost, resource modifier source).
fn with_resource(resource: &str, first: &str, second: &str) -> (Option<i32>, i32, String) {
    let c = check(&format!(
        "resource = \"{resource}\"\n[[ship]]\nship = {{ id = \"S207\" }}\ncaptain = {{ id = \"Cap906\" }}\n{first}\n[[ship]]\nship = \"U.S.S. Defiant\"\ncaptain = {{ id = \"Cap639\" }}\n{second}\n"
    ));
    assert!(codes(&c).is_empty(), "{:?}", codes(&c));
    let r = c.finish();
    let res = r.resource.as_ref().unwrap();
    (r.total, res.cost, res.modifiers[0].source.clone())
}

const SHIPS: i32 = 28 + 6 + 24 + 4;

#[test]
fn emergency_force_field_counts_the_starting_shield_values() {
    // Emergency Force Field (R020): "the total combined starting Shield
    // Values of all ships in your fleet divided by 2 (round up)". Printed:
    // 4 + 4 = 8, 4 SP.
    let eff = "Emergency Force Field";
    let (total, cost, _) = with_resource(eff, "", "");
    assert_eq!((total, cost), (Some(SHIPS + 4), 4));
    // Systems Upgrade (T057, 2): "Your starting Shield Value is at +1": 9,
    // 5 SP.
    let (total, cost, source) = with_resource(eff, "upgrades = [\"T057\"]", "");
    assert_eq!((total, cost), (Some(SHIPS + 2 + 5), 5));
    assert_eq!(
        source,
        "half the fleet's total starting shields of 9 (8 printed, +1 by Systems Upgrade (T057) on ship 1), rounded up"
    );
    // Temporal Shielding (T296, 5): "Increase this ship's Shield Value by
    // 1": 9, 5 SP; with both, 10, 5 SP.
    let (total, cost, _) = with_resource(eff, "", "upgrades = [\"T296\"]");
    assert_eq!((total, cost), (Some(SHIPS + 5 + 5), 5));
    let (total, cost, source) =
        with_resource(eff, "upgrades = [\"T057\"]", "upgrades = [\"T296\"]");
    assert_eq!((total, cost), (Some(SHIPS + 2 + 5 + 5), 5));
    assert!(source.contains("of 10 (8 printed, +1 by Systems Upgrade (T057) on ship 1, +1 by Temporal Shielding (T296) on ship 2)"), "{source}");
}

#[test]
fn improved_hull_counts_the_starting_hull_values() {
    // Improved Hull (R029): "the total combined starting Hull values of all
    // of your ships in your fleet divided by 2 rounding up". Printed: 5 + 3
    // = 8, 4 SP.
    let ih = "Improved Hull";
    let (total, cost, _) = with_resource(ih, "", "");
    assert_eq!((total, cost), (Some(SHIPS + 4), 4));
    // Reinforced Hull (T286, Klingon, 2 + 1): "Add +2 to this ship's Hull
    // Value": 10, 5 SP (in the [tech] slot of Systems Upgrade T057, 2: the
    // Enterprise-D prints none; its shield counts for no hull).
    let (total, cost, _) = with_resource(ih, "upgrades = [\"T057\", \"T286\"]", "");
    assert_eq!((total, cost), (Some(SHIPS + 2 + 3 + 5), 5));
    // Dominion War Retrofit (Con004, 3) adds hull on a Miranda, Excelsior or
    // Galaxy Class ship only ("Increase this ship's Hull Value by 1"): the
    // Enterprise-D (Galaxy Class) has 6, the Defiant keeps 3.
    let (total, cost, _) = with_resource(ih, "construction = \"Con004\"", "");
    assert_eq!((total, cost), (Some(SHIPS + 3 + 5), 5));
    let (total, cost, _) = with_resource(ih, "", "construction = \"Con004\"");
    assert_eq!((total, cost), (Some(SHIPS + 3 + 4), 4));
}

#[test]
fn main_power_grid_counts_the_printed_hull_values() {
    // Main Power Grid (R024): "This resource costs 3 SP plus 2 SP for each
    // Hull Value greater than 3", no "starting": 3 + 2 for each ship whose
    // printed hull is above 3 (shared/rules/staw.md, Resources). The
    // Enterprise-D (S207, 28, hull 5) with Picard (Cap906, 6) and the
    // U.S.S. Reliant (S202, 20, Miranda Class, hull 3) with Sisko (Cap639,
    // 4) and Dominion War Retrofit (Con004, 3: "Increase this ship's Hull
    // Value by 1" on a Miranda): the Reliant starts at 4, prints 3. Main
    // Power Grid: 1 ship, 5 SP; Improved Hull counts the starting 9, 5 SP.
    let fleet = |res: &str| {
        let c = check(&format!("resource = \"{res}\"\n[[ship]]\nship = {{ id = \"S207\" }}\ncaptain = {{ id = \"Cap906\" }}\n[[ship]]\nship = {{ id = \"S202\" }}\ncaptain = {{ id = \"Cap639\" }}\nconstruction = \"Con004\"\n"));
        assert!(codes(&c).is_empty(), "{:?}", codes(&c));
        let r = c.finish();
        let res = r.resource.as_ref().unwrap();
        (r.total, res.cost, res.modifiers[0].source.clone())
    };
    let ships = 28 + 6 + 20 + 4 + 3;
    assert_eq!(
        fleet("Main Power Grid"),
        (
            Some(ships + 5),
            5,
            "3 + 2 for each ship with a hull above 3 (1 ship)".to_string()
        )
    );
    assert_eq!(
        fleet("Improved Hull"),
        (
            Some(ships + 5),
            5,
            "half the fleet's total starting hull of 9 (8 printed, +1 by Dominion War Retrofit (Con004) on ship 2), rounded up".to_string()
        )
    );
}

#[test]
fn resources_priced_from_the_fleet_say_so_on_their_card_page() {
    let rules = |id: &str| fleetcheck_report::card::rules_text(db(), db().by_id(id).unwrap());
    assert_eq!(
        rules("R020"),
        ["Costs half the fleet's total starting Shields, rounded up, instead of its printed cost"]
    );
    assert_eq!(
        rules("R029"),
        ["Costs half the fleet's total starting Hull, rounded up, instead of its printed cost"]
    );
    assert_eq!(
        rules("R024"),
        ["Costs 3 SP plus 2 SP for each ship with a printed Hull above 3 instead of its printed cost"]
    );
}

// ---- a discount per unused slot of the printed upgrade bar ----------------

/// One ship with the Borg captain Drone (Cap107, 0) and these upgrades:
/// the codes, the fleet total and B'Elanna's discount on the card in her
/// slot (its modifiers).
fn belanna(
    ship: &str,
    upgrades: &str,
    borg: &str,
) -> (Vec<String>, Option<i32>, Vec<(String, i32)>) {
    let c = check(&format!(
        "[[ship]]\nship = {{ id = \"{ship}\" }}\ncaptain = {{ id = \"Cap107\" }}\nupgrades = [{upgrades}]\n"
    ));
    let codes = codes(&c).into_iter().map(str::to_string).collect();
    let r = c.finish();
    let m = mods(card(&r, 0, borg))
        .into_iter()
        .map(|(k, a)| (k.to_string(), a))
        .collect();
    (codes, r.total, m)
}

fn discount(n: i32) -> Vec<(String, i32)> {
    vec![("discount".to_string(), -n)]
}

#[test]
fn belanna_torres_discounts_her_borg_slot_per_unused_printed_slot() {
    // B'Elanna Torres (C357, Federation and Borg crew, 3): "Add 1 [borg] to
    // this ship's Upgrade Bar. The [borg] Upgrade equipped to this ship
    // using that [borg] Upgrade Slot cost -1SP for each unused Upgrade Slot
    // on that ship's printed Upgrade Bar." The Mirror Universe/Borg
    // Starship (S105, 28) prints [borg], [tech], [weapon], [crew]; Borg
    // Shield Matrix (B005, 8) goes into her slot, not the printed [borg]
    // slot. With Data Node (T083, tech, 3) the printed [borg] and [weapon]
    // slots are unused: 8 - 2.
    let (codes, total, m) = belanna("S105", "\"C357\", \"B005\", \"T083\"", "B005");
    assert!(codes.is_empty(), "{codes:?}");
    assert_eq!(m, discount(2));
    assert_eq!(total, Some(28 + 3 + (8 - 2) + 3));
    // Nothing but her: [borg], [tech] and [weapon] unused, 8 - 3.
    let (_, total, m) = belanna("S105", "\"C357\", \"B005\"", "B005");
    assert_eq!(m, discount(3));
    assert_eq!(total, Some(28 + 3 + (8 - 3)));
    // Every printed slot filled (Borg Alcove B013, 4, in the printed [borg];
    // Proton beam W062, 4, in the [weapon]): no discount.
    let (codes, total, m) = belanna(
        "S105",
        "\"C357\", \"B005\", \"T083\", \"B013\", \"W062\"",
        "B005",
    );
    assert!(codes.is_empty(), "{codes:?}");
    assert_eq!(m, []);
    assert_eq!(total, Some(28 + 3 + 8 + 3 + 4 + 4));
}

#[test]
fn belanna_torres_leaves_a_printed_slot_free_when_that_is_cheaper() {
    // Assimilation Target Prime (S318, 30: [borg], [tech], [weapon], [crew],
    // [crew]; "You do not pay a faction penalty for cards equipped to this
    // ship"), William T. Riker (C440, 4: "Add 1 [crew] to this ship's
    // Upgrade Bar"), B'Elanna Torres and Borg Shield Matrix (B005, 8).
    // B'Elanna goes into Riker's [crew] slot, so that a printed [crew] slot
    // stays free: four unused printed slots, 8 - 4 (not 8 - 3 with both
    // crew in the printed slots).
    for upgrades in [
        "\"C357\", { id = \"C440\" }, \"B005\"",
        "{ id = \"C440\" }, \"C357\", \"B005\"",
    ] {
        let (codes, total, m) = belanna("S318", upgrades, "B005");
        assert!(codes.is_empty(), "{codes:?}");
        assert_eq!(m, discount(4), "{upgrades}");
        assert_eq!(total, Some(30 + 3 + 4 + (8 - 4)), "{upgrades}");
    }
}

// ---- every choice of which card goes face down ----------------------------

#[test]
fn balance_of_terror_holds_the_card_that_keeps_the_fleet_legal() {
    // A Federation Starship (S090, Sovereign Class, 25: [tech], [weapon],
    // [crew], [crew]) with the generic Federation captain (Cap101, 0),
    // Balance of Terror (C035, 3: "This card adds an extra [crew] slot ...
    // The chosen Upgrade will be placed face down below your ship card for
    // a cost of exactly 3 SP", its own card carrying the 3 SP), Dmitri
    // Valtane (C171, 3), William Telfer (C416, 1) and William T. Riker
    // (C440, 4: "Add 1 [crew] to this ship's Upgrade Bar"). Held face down,
    // Riker would save the most, but his text would be out of play and his
    // slot gone: four crew for three slots. Valtane goes face down, Riker
    // stays face up and his slot takes the third crew: 25 + 3 + 0 + 1 + 4.
    for upgrades in [
        "\"C035\", \"Dmitri Valtane\", \"William Telfer\", { id = \"C440\" }",
        "{ id = \"C440\" }, \"William Telfer\", \"Dmitri Valtane\", \"C035\"",
    ] {
        let c = check(&format!(
            "[[ship]]\nship = \"S090\"\ncaptain = \"Federation\"\nupgrades = [{upgrades}]\n"
        ));
        assert_eq!(codes(&c), ["held"], "{upgrades}");
        assert_eq!(
            crate::staw_rules::messages(&c, "held"),
            ["Dmitri Valtane (C171) is held face down beneath Balance of Terror (C035) on ship 1 (Federation Starship): no slot of the upgrade bar, 0 SP as an upgrade of the ship"]
        );
        let r = c.finish();
        assert_eq!(r.total, Some(33), "{upgrades}");
        assert_eq!(mods(card(&r, 0, "C171")), [("set-cost", -3)]);
        assert_eq!(mods(card(&r, 0, "C440")), []);
        for id in ["C035", "C171", "C416", "C440"] {
            assert_eq!(card(&r, 0, id).slot.as_deref(), Some("crew"), "{id}");
        }
    }
}
