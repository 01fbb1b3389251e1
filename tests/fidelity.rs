//! Cards read as they print their rules, on real cards of the embedded
//! database (shared/rules/staw.md, "Rulings settled after review (round
//! 3)"): a ship's class is its printed class; starting Shield and Hull
//! Values include what cards add; a discount counted per unused slot of
//! the printed upgrade bar; every choice of which card goes face down.

use crate::engine::{card, mods};
use crate::golden::db;
use crate::rules13::{check, codes};

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
